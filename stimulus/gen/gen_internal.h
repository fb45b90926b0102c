#ifndef GTREF_STIMULUS_GEN_INTERNAL_H
#define GTREF_STIMULUS_GEN_INTERNAL_H

/* Private to stimulus/gen/: what the generator's files share. The files:
 *   gen.c      the top-level driver (gtref_stim_generate): plans the engines, builds their data, rings, program
 *   space.c    address spaces: page maps, physical pages, the image, GGTT/PPGTT tables, fault addresses, operands
 *   layout.c   batches, ring chunks, the ring cycle and its boundaries
 *   emit.c     the command emitters and the weighted draw between the command families (gen_emit_cmd)
 *   units.c    the Gen11 variant units, drawn from the variants' stream
 *   host.c     the host program: setup, submissions, remaps, interrupt service, bursts
 *   execlist.c engines in execlist mode: their contexts, the driver's submissions, the scenarios (execlist_pct)
 *   config.c   the defaults of gtref_gen_config;  malformed.c  illegal commands from the command table
 * Functions shared between the files carry the prefix gen_; the draw helpers are static inline here. */

/* The constrained-random generator: one interesting test per seed, driving 1..4 engines at once.
 * Same seed and config, same bytes: the only random source is gtref_rng, and every choice is drawn with a
 * weight or percentage of gtref_gen_config (docs/stimulus-format.md §3).
 *
 * Memory contents are static for the whole test (the host program only does MMIO), so a ring that is
 * reused after the head wraps executes the same bytes again. The generator therefore builds each engine's
 * ring as one cycle of command chunks, placed circularly from a start offset; the host program submits the
 * chunk boundaries one after another through RING_TAIL, going round the cycle as many times as it likes:
 *
 *   laps mode   (most 1-page rings): the cycle fills the ring exactly (as many commands as fit, at most
 *               max_cmds, then NOOP filler chunks) and is submitted once or twice plus a partial lap, so the
 *               ring traffic exceeds the ring size and the head wraps once or several times;
 *   single mode (the other 1-page rings and every ring of 2..max_ring_pages pages): min_cmds..max_cmds
 *               commands, shorter than the ring, submitted once; a start offset near the end of the ring
 *               still makes the head wrap (once).
 *
 * A command straddles the end of the ring when the start offset puts it there (RING_HEAD and RING_TAIL
 * start at that offset, written while the ring is disabled). Tail values are chunk boundaries, QWORD aligned
 * (chunks are padded with MI_NOOP); some submissions first write a TAIL at a random QWORD inside what they
 * submit, often in the middle of a command (the engine must wait), then the boundary. Before a submission
 * that could leave more than ring size - 8 bytes unexecuted, the program waits for idle.
 *
 * Engines: the host program interleaves the engines' submissions in random order, sometimes back to back so
 * that the engines run concurrently. Each engine has its own ring, batch areas, data pages and status page,
 * disjoint in physical memory too, so that each engine's memory writes come in a deterministic order. Data one
 * engine writes and another reads lives only in the semaphore page.
 *
 * Commands: one emitter per family (gen_emit_cmd draws the family with the w_* weights; every command is built
 * through the command table: gtref_cmd_header + gtref_field_set, only uses docs/commands.md models):
 * NOOP (+NOPID), LRI, SDI, USER_INTERRUPT, batch calls (ring -> first level, first -> second level; chaining at
 * both levels, chain_pct; nonpriv_pct of first-level batches ppgtt, i.e. non-privileged, and every batch they start
 * (C10: effective ASI = own OR parent's), with LRI/LRR/LRM targets that are privilege violations (C41) or whitelisted
 * by FORCE_TO_NONPRIV or NONPRIV; their memory operands select the PPGTT but for priv_violation_pct's), MI_MATH, MI_ATOMIC, MI_PREDICATE +
 * predicated BBS/SRM, MI_SET_PREDICATE blocks (the mode is back to NOOP_NEVER at the end of each block), LRR,
 * LRM, SRM, MI_COPY_MEM_MEM, MI_CONDITIONAL_BATCH_BUFFER_END, MI_STORE_DATA_INDEX/MI_REPORT_HEAD, PIPE_CONTROL
 * (RCS0) / MI_FLUSH_DW (others) with post-syncs and notify, MI_SEMAPHORE_WAIT (poll and signal mode),
 * MI_SEMAPHORE_SIGNAL, ARB_CHECK/ARB_ON_OFF/WAIT_FOR_EVENT, and on RCS0 LRIs of the watchdog registers. An
 * emitter tracks whether what follows surely executes (ectx.certain): a user interrupt counts for wait_irq, and
 * the path to an illegal command has no conditional end or predicated jump.
 *
 * Semaphores: each engine writes 0..max_sem_slots dwords of the semaphore area, always with the same value, in
 * the first chunk of its ring; the host submits every engine's first chunk before anything else (no wait_idle
 * before). An engine waits only for semaphores of engines of a lower (random) rank, or its own once its first
 * chunk is behind, with compare data that the final value satisfies for good: no wait is left unsatisfied.
 * After its last semaphore write an engine signals every engine of the test, which wakes signal-mode waits.
 *
 * Watchdog (watchdog_pct of the seeds with RCS0): the host starts it at setup with its interrupt enabled and
 * acknowledges RCS0's GT_INTR bit now and then; in racing seeds (host_race_pct) it also writes PR_CTR_* right
 * after submitting to RCS0, whose own LRIs write them, so that both sometimes land in one cycle.
 *
 * Interrupt bursts (irq_burst_pct of the seeds with 2 or more engines that never stop; drawn from a stream of their
 * own, only where the knob fires): those engines' rings in single mode with 2..6 burst segments after the cycle; at
 * the end, every engine idle, the host opens their interrupts (enable and mask fields), then each round is a service routine (the DW bits clear), the engines'
 * RING_TAILs back to back (the lowest engine's run of MI_USER_INTERRUPT, the others' single one after some NOOPs) and
 * a wait for idle, so that two engines' second-level events land in one cycle (docs/interrupts.md IRQ-10).
 *
 * Illegal commands (malformed_pct of the seeds, gtref_gen_malformed / gtref_gen_wrong_engine): one in the second
 * half of the ring stream of some engines, in the ring, a first-level or a second-level batch. The engine halts
 * there; the rest of its stream never executes. Once a wait_idle has made sure it has halted (a halted engine
 * counts as done for wait_idle), the host program submits to it only while the tail stays within ring size - 8
 * bytes of the illegal command, so that it never laps the stuck head.
 *
 * Address translation (docs/gam.md; docs/stimulus-format.md §3 "Address spaces"). Every engine access is
 * translated, so every page a seed uses has a present entry: the GGTT's (at GTREF_GSM_BASE) for rings, the status
 * pages, the semaphores, GGTT batches and GGTT data; a PPGTT root's four-level tables (ppgtt_pct) for PPGTT batches
 * and data. Memory is built through per-space page maps into a physical image (pages get their physical page on
 * first use: identity in the GGTT unless ggtt_remap_pct, random free pages otherwise), and the tables come from
 * the maps at the end. Each operand draws its Use Global GTT bit first and then an address of the engine's data in
 * the space that bit selects on that engine (an engine without RING_MODE[9] uses the GGTT for both, G1); batch
 * starts likewise. What the generator guarantees besides the rules above (docs/gam.md §5):
 *   - the two lines after every ring and batch end are mapped (prefetch), and so is every status page;
 *   - RING_MODE[9], PDP0 and PP_DCLV are written by the host at setup only, never by MI_LOAD_REGISTER_*; the GAM's
 *     global registers (CVS_TLB_LRA_*, MIDARB_*, GAB_CTL_REG, MEDIA_MAX_REQ_COUNT, GAC_ARB_CTL_REG, ARB_*_GAC_GAM*)
 *     likewise; MEDIA_MAX_REQ_COUNT (req_limit_pct) gets small limits (0..3, 0 counting as 1) for every engine's
 *     field, so that they bind while the engines contend (GAM-23); the cascade's registers too (GAC_ARB_CTL_REG, gac_gab_pct, with small limits so
 *     that the GAC/GAB owner switches within a test; ARB_*_GAC_GAM0..3, gac_gam_pct), drawn from a random stream of
 *     their own; in contending seeds (casc_contend_pct) BCS0, VCS0 and VECS0 run data-heavy streams mostly back to
 *     back, so that GAB and GAC request the R and WR classes together over runs of grants (GAM-27);
 *   - INSTPM is never a target of MI_LOAD_REGISTER_* (any engine's); the host writes its storage bits at setup
 *     (instpm_setup_pct), and bits 9 and 5 with their enables (0x02200220, a TLB invalidation, GAM-22) only after a
 *     wait_idle, before the next submission: every engine is idle;
 *   - a remap of a data page (remap_pct) is a mem_write after a wait_idle, right before the submission that starts
 *     with the engine's remap chunk; what invalidates the engine's entries (plan_remaps): the TLB-invalidating
 *     flush that chunk holds, or the host, before the submission: a GFX_FLSH_CNTL write (flsh_cntl_pct, GAM-21),
 *     which invalidates GGTT entries only (a PPGTT page among the remapped ones still needs INSTPM or the flush),
 *     or an INSTPM write (instpm_pct); GFX_FLSH_CNTL is also written now and then while engines run
 *     (flsh_cntl_live_pct: an invalidation is always legal); a remap while engines run (live_remap_pct) only points
 *     a ring or batch page to an equal copy (commands are never written); aliases are batch pages reached from a
 *     second address and an engine's PPGTT hot page on its GGTT hot page;
 *   - page faults (fault_pct): in hang mode, the stopping command of an engine (placed like an illegal command:
 *     nothing after it runs, nothing waits for it), a data operand or a batch start whose page faults (all the
 *     lines the parser may prefetch in that page); in continue mode, data operands only, never a semaphore wait or
 *     an instruction fetch, at pages whose bit-39 target (GAM-15) belongs to one engine.
 *
 * Layout (docs/stimulus-format.md §3), engine e = 0..3 (RCS0, BCS0, VCS0, VECS0), graphics addresses in the GGTT:
 *   ring        0x00100000 + e * 0x10000   1..max_ring_pages (<= 16) pages, and the page after it (prefetch)
 *   batches     0x00200000 + e * 0x80000   up to 0x00280000 + e * 0x80000 (GGTT batches and aliases)
 *   stores      0x00400000 + e * 0x10000   64 KiB each, the first 256 bytes a hot area pre-filled with data
 *   status page 0x00480000 + e * 0x1000    HWS_PGA (programmed by the host at setup)
 *   semaphores  0x00490000 + 8 * k         shared, k < 16, initial values in a data segment
 *   far data    0x10000000 + e * 0x1000000 8..40 scattered pages (tlb_pressure_pct)
 *   holes       0xC0000000 + e * 0x1000000 never mapped: GGTT not-present fault addresses (and at 4 GB and above)
 * In high_place_pct seeds (a stream of their own) each of these but the holes goes to random GGTT pages instead
 * (gen_high_ggtt), rings may be up to 512 pages, physical pages go up to 2^39 and PPGTT addresses start there.
 * PPGTT addresses (bits 63:48 zero) are at or above 0x40_0000_0000: each PPGTT engine's data areas, batch area and
 * the semaphore page of its root. Physical pages handed out are below 0x40_0000_0000 (0x2000_0000..0x8000_0000 or
 * above 4 GB), so no operand's graphics address equals the physical address of commands. */
#include "gtref/cmds.h"
#include "gtref/engines.h"
#include "gtref/gam.h"
#include "gtref/regs.h"
#include "gtref/rng.h"
#include "gtref/stim.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define RING_BASE      0x00100000u
#define RING_STRIDE    0x00010000u    /* room for 16 pages per engine */
#define BATCH_BASE     0x00200000u
#define BATCH_STRIDE   0x00080000u
#define STORE_BASE     0x00400000u
#define STORE_STRIDE   0x00010000u
#define STORE_HOT      0x100u
#define MAX_RING_PAGES (RING_STRIDE / 4096u)
#define HWS_BASE       0x00480000u    /* hardware status pages, one per engine (HWS_PGA) */
#define HWS_STRIDE     0x00001000u
#define SEM_BASE       0x00490000u    /* the shared semaphore area: slot k at SEM_BASE + 8k */
#define SEM_SLOTS      16u
#define MAX_CHUNK_CMDS 8u
#define MAX_UNIT_DW    40u            /* the longest unit one draw emits (an MI_SET_PREDICATE block) */
#define QUIET_BURST_DW 320u           /* a quiet signal burst at most: 40 + 4 x (3 x 3 + 12 + 44) dwords (sem_burst_pct) */
#define MAX_ALU        12u            /* ALU instructions of one MI_MATH */
#define GTREF_MAX_CMD_BUF 16u         /* dwords of a command built field by field (MI_ATOMIC: 11) */
#define FILLER_DW      64u            /* NOOP filler comes in chunks of at most this many dwords */
#define IRQ_WAIT_CYCLES 5000u
#define GTREF_GEN_MAX_CYCLES_FACTOR 16u  /* long tests: max_cycles = 400000 + this times min_cycles, and at least this
                                            times the estimate (a runaway guard: measured tests ran 1.3 to 9.2 times
                                            min_cycles, and up to 6.4 times the estimate) */
#define MAX_LRI_POOL   64u
#define MAX_BURSTS     6u             /* rounds of an interrupt burst (irq_burst_pct) */
#define ERR_CP_PRIV    0x4u           /* EMR/EIR/ESR bit 2: privilege violation (C41) */
/* ---- growable arrays ---- */

typedef struct dw_vec { uint32_t *v; size_t n, cap; } dw_vec;

typedef struct cmd_pos { uint32_t start, len; } cmd_pos;   /* dword offset in its chunk, length in dwords */

typedef struct chunk {
    dw_vec dw;
    cmd_pos *cmds; size_t ncmds;
    bool raises_irq;       /* an MI_USER_INTERRUPT that surely executes, in the chunk or a batch it calls */
    bool bad;              /* holds an illegal command, or calls the batch that holds one */
    bool remap;            /* the TLB-invalidating flush the host's remap comes before (plan_remaps) */
    bool regpoll;          /* holds the engine's register-poll wait (reg_poll_pct): the host releases it after */
} chunk;

typedef struct batch_ref {
    uint64_t addr; bool raises_irq;
    bool may_end;          /* a second-level batch that may end both levels (an MI_CONDITIONAL_BATCH_BUFFER_END, C26) */
    int view;              /* the address space it is fetched through (VIEW_GGTT, VIEW_PPGTT) */
    bool nonpriv;          /* built as a PPGTT (non-privileged) batch: its effective bit (C10) must be this */
    uint32_t len;          /* bytes */
} batch_ref;

/* A point in the stream of submitted ring bytes where a chunk ends: a possible tail. */
typedef struct boundary {
    uint64_t pos;
    bool raises_irq;
    bool halts;            /* the chunk ending here holds (or calls) the illegal command: the engine halts */
    uint64_t chunk_pos;    /* stream position where that chunk starts */
} boundary;

/* A semaphore: one dword of the shared semaphore area, written (always with the same value) by one engine
 * in the first chunk of its ring, polled by engines of a higher rank (and by its own later commands). */
typedef struct sem_slot {
    uint64_t addr;             /* its GGTT address */
    uint32_t init, value;
    int writer;
    size_t quiet_waiter;       /* sem_burst_pct: 1 + the plan index of the engine whose first command is a signal-mode
                                * wait on it, met only by its write, and to which a quiet burst goes before it; 0 none */
} sem_slot;

/* ---- address spaces (docs/gam.md) ----
 * The generator keeps one page map per space: the GGTT (sp[SP_GGTT]) and each PPGTT root (sp[1..4]). A page gets
 * its physical page when it is first used (gen_map_page): identity in the GGTT, unless the seed remaps (then a random
 * free physical page), a random free physical page in a PPGTT. Rings, batches and data are written through these
 * maps into a physical image (pages with their written span), which becomes the stimulus's segments at the end;
 * the tables (GGTT entries at GTREF_GSM_BASE, four-level PPGTT tables) are built from the maps once every page is
 * known (gen_finalize_tables, gen_write_tables). An engine's accesses select a view: VIEW_GGTT, or VIEW_PPGTT (its root,
 * only when the engine has RING_MODE[9]; otherwise a PPGTT-selecting access uses the GGTT, G1). */
#define SP_GGTT        0
#define MAX_SPACES     (1 + GTREF_MAX_ENGINES)
#define VIEW_GGTT      0
#define VIEW_PPGTT     1
#define FAR_BASE       0x10000000u   /* GGTT: an engine's far data pages (TLB pressure), 16 MB each */
#define FAR_STRIDE     0x01000000u
#define HOLE_BASE      0xC0000000u   /* GGTT: never mapped, 16 MB per engine: addresses that fault */
#define HOLE_STRIDE    0x01000000u
/* PPGTT addresses are at or above PP_VA_MIN, physical pages below it: no graphics address of a command's
 * operand ever equals the physical address of commands (the linter's no-store-into-commands compares them) */
#define PP_VA_MIN      0x0000004000000000ull
#define PP_VA_END      0x0001000000000000ull
#define PA_LOW_MIN     0x20000000ull   /* physical pages handed out: above the identity-mapped GGTT layout ... */
#define PA_LOW_END     0x80000000ull
#define PA_HIGH_MIN    0x100000000ull  /* ... and above 4 GB, below PP_VA_MIN (and GTREF_GSM_BASE) */
#define PA_HIGH_END    PP_VA_MIN
/* high_place_pct seeds: GGTT placements at random pages above the low layout (HIGH_GGTT_MIN) and below 4 GB, never in
 * the holes; rings below 512 MB (RING_START bits 31:29 zero, the linter's ring-start-4k); physical pages handed out
 * at or above 4 GB and below 2^39 (GTREF_PTE_ADDR_MASK), never in the GGTT's table (HIGH_GSM_END), and PPGTT
 * addresses at or above 2^39, so no operand's graphics address equals the physical address of commands */
#define HIGH_GGTT_MIN  0x01000000ull
#define HIGH_RING_END  0x20000000ull
#define HIGH_PA_END    0x0000008000000000ull
#define HIGH_GSM_END   (GTREF_GSM_BASE + (GTREF_GGTT_RANGE >> 12) * 8u)
#define HIGH_PP_VA_MIN HIGH_PA_END
#define HIGH_RING_PAGES 512u           /* the largest ring: RING_CTL[20:12] = 511 (docs/cycle-contract.md) */
#define HIGH_RANGES    48u
#define PREFETCH_BYTES 128u            /* the parser may fetch two lines past the command it parses (gam.md §5) */
#define PAGE           4096u
#define MAX_AREAS      48
#define MAX_FSPOTS     8
#define MAX_REMAPS     3

typedef struct vpage { uint64_t vpn, pfn; } vpage;       /* pfn: the page the tables map it to at the start */
typedef struct vrange { uint64_t lo, hi; } vrange;
typedef struct tpage { uint64_t key, pa; } tpage;        /* key: level << 56 | the address bits above the table */

typedef struct space {
    vpage *pg; size_t n, cap;          /* mapped pages, sorted by vpn */
    vrange *res; size_t nres;          /* PPGTT: ranges kept for one use (batch areas, fault addresses) */
    tpage *tp; size_t ntp;             /* PPGTT: directory and table pages (gen_finalize_tables) */
    uint64_t pml4;                     /* PPGTT: the PML4 table's physical address */
    uint64_t sem_va;                   /* PPGTT: where the semaphore page is mapped (0: not mapped) */
    int users;                         /* PPGTT: engines with this root */
} space;

/* A physical page of the image: its bytes and the span [lo, hi) written. */
typedef struct ppage { uint64_t pfn; uint8_t kind; uint16_t lo, hi; uint8_t *b; } ppage;

/* A contiguous run of an engine's data pages in one view. */
typedef struct area { uint64_t va; uint32_t len; } area;

/* Page-fault kinds (GAM-13), each provoked by an address of its own (a fault spot). */
enum fault_kind { FT_GGTT_RANGE, FT_GGTT_NP, FT_DCLV, FT_PML4E, FT_PDPE, FT_PDE, FT_PTE, FT_KINDS };
typedef struct fspot { uint64_t va; bool ggtt; int kind; int spi; } fspot;   /* va: a page */

/* A data page the host remaps between two submissions (mem_write of its entry), to a fresh page. */
typedef struct remap { int spi; uint64_t va, pa; } remap;

/* What invalidates the engine's TLB entries of its remapped pages (plan_remaps), one or two of: */
#define INV_FLUSH     1u   /* the TLB-invalidating flush the remap's submission starts with (GAM-12) */
#define INV_FLSH_CNTL 2u   /* a host write of GFX_FLSH_CNTL after the mem_writes: GGTT entries only (GAM-21) */
#define INV_INSTPM    4u   /* a host write of the engine's INSTPM = 0x02200220 while it is idle (GAM-22) */
#define INSTPM_INVAL  (GTREF_INSTPM_TLB_INVALIDATE | GTREF_INSTPM_SYNC_FLUSH)   /* bits 9 and 5 ... */
#define INSTPM_INVAL_WRITE (INSTPM_INVAL << 16 | INSTPM_INVAL)                     /* ... with their enables */
#define INSTPM_STORED 0x01CDu      /* plain masked storage bits 0, 2, 3, 6, 7, 8 */

/* Internal kinds of the engine's stopping command besides enum gtref_bad_kind: a page fault in hang mode. */
#define BADK_FAULT_DATA 100
#define BADK_FAULT_IF   101

/* Execlists (execlist_pct; docs/stimulus-format.md §3 "Execlists"): an execlist engine's contexts. Context k of
 * engine e has its LRCA (two GGTT pages) at EL_BASE + e * EL_STRIDE + k * 0x2000, and, when it is not the main
 * context (whose ring is the engine's ring of the layout above), its own pages at EL_BASE + e * EL_STRIDE + EL_AUX +
 * k * 0x4000: a ring page, a batch page, a data page (flags, semaphores, stores). Every page of the area is mapped
 * GGTT identity: the driver reads the images and the status page, and the host writes a spinner's flag, at the
 * addresses it gave them. */
#define EL_BASE        0x00600000u
#define EL_STRIDE      0x00080000u
#define EL_AUX         0x00020000u
#define MAX_EL_CTX     16u
#define EL_WAIT_CYCLES 100000u         /* el_wait's bound: a few times the longest a context runs before a switch */
/* The kinds of context; a context's ID is GEN_EL_ID(kind, engine, index) (tests/unit/test_stim.c reads the kind). */
enum el_ctx_kind { ELK_MAIN, ELK_FILL, ELK_EMPTY, ELK_SPIN, ELK_IDLE, ELK_PING, ELK_BROKEN, ELK_UNMAPPED, ELK_POLL, ELK_ARBOFF };
#define GEN_EL_ID(kind, e, k) (0x10000000u * ((uint32_t)(kind) + 1u) | (uint32_t)(e) << 8 | (uint32_t)(k))
typedef struct el_ctx {
    int kind;
    uint32_t lrca, id, ring, tail;
    uint64_t flag;             /* ELK_SPIN, ELK_POLL, ELK_ARBOFF: the flag its loop or wait reads (1; the host writes 0 once) */
    bool built;                /* its el_context is in the host program */
    uint32_t tail2;            /* ELK_SPIN, ELK_POLL: the tail past a store its ring holds after `tail` (a lite restore's) */
} el_ctx;

/* Everything about one engine's part of the test. */
typedef struct engine_plan {
    int e;
    uint32_t ring_addr, pages, size;   /* ring size in bytes */
    bool laps_mode;
    chunk *chunks; size_t nchunks;
    uint32_t *chunk_start;     /* dword offset of each chunk in the cycle; [nchunks] = cycle length */
    uint32_t start;            /* ring offset (bytes, QWORD aligned) where the cycle starts */
    /* illegal command */
    long bad_at;               /* ring command index that is (or calls a batch with) the illegal command; -1 none */
    int bad_level;             /* 0 ring, 1 first-level batch, 2 second-level batch */
    int bad_kind;              /* enum gtref_bad_kind */
    bool bad_placed, past_bad;
    unsigned ring_cmds;        /* ring commands made so far */
    bool first_chunk_done;     /* the semaphores it writes are written: its own later waits are satisfied */
    size_t quiet_slot;         /* sem_burst_pct: 1 + the semaphore its ring starts waiting on (quiet_waiter), 0 none */
    unsigned open_batches;     /* batches being built (placed once complete) */
    uint32_t hot_init[2][STORE_HOT / 4];   /* initial data of the first 256 bytes of each view's first area */
    /* batches and stores */
    uint64_t next_batch[2], batch_limit[2];    /* by view */
    batch_ref *batches[3]; size_t nbatches[3];   /* by level (1, 2), for reuse */
    uint64_t store_base, hws;
    uint64_t far_base;         /* its far data region (FAR_STRIDE bytes) */
    /* address spaces */
    bool ppgtt;                /* RING_MODE[9] set at setup: PPGTT-selecting accesses use its root */
    int root;                  /* its root: index in gen.sp */
    bool pp_hot_alias;         /* its PPGTT hot page is its GGTT hot page */
    area areas[2][MAX_AREAS]; size_t nareas[2];   /* its data, by view; [v][0] starts with the hot 256 bytes */
    fspot fspots[MAX_FSPOTS]; size_t nfspots;     /* fault addresses (fault seeds) */
    bool cont_faults;          /* continue mode: some data operands fault (fault_cmd_pct) */
    uint32_t dclv_forbid;      /* PP_DCLV groups it keeps disabled (unloaded-PD fault addresses) */
    bool emr_pf;               /* the host clears EMR bit 4 at setup */
    bool emr_priv;             /* priv_violation_pct: the host clears EMR bit 2 (CP_PRIV, C41) at setup */
    remap remaps[MAX_REMAPS]; size_t nremaps;    /* pages remapped before chunk remap_chunk (first lap) */
    long remap_chunk;          /* -1: none */
    bool remap_done;
    unsigned inval;            /* INV_*: what invalidates the remapped pages' entries */
    bool instpm_setup;         /* the host writes its INSTPM (storage bits) at setup (instpm_setup_pct) */
    /* register pools */
    uint32_t gpr0;
    uint32_t own_other[MAX_LRI_POOL]; size_t nown_other;   /* the engine's EMR, EIR, RING_MODE, MI_PREDICATE_* ... */
    uint32_t ignored[MAX_LRI_POOL]; size_t nignored;       /* offsets LRI of this engine does not change */
    uint32_t readable[MAX_LRI_POOL]; size_t nreadable;     /* LRR/SRM sources besides the GPRs */
    uint32_t forced[MAX_LRI_POOL]; size_t nforced;   /* own_other registers FORCE_TO_NONPRIV allows (C13, C37) */
    uint32_t npent[GTREF_FORCE_TO_NONPRIV_COUNT]; size_t nnpent;   /* the entries the host writes at setup */
    uint32_t np_out[MAX_LRI_POOL]; size_t nnp_out;  /* nonpriv_entries_pct: targets a non-privileged batch may not write */
    /* reg_poll_pct: the register-poll wait on R[rp_r] (both dwords reserved: no other command of the engine reads or
     * writes them), placed in ring chunk rp_chunk; the host writes rp_init at setup and rp_val after submitting it */
    int rp_r;                  /* -1: none */
    long rp_chunk;
    bool rp_released;
    uint32_t rp_off, rp_init, rp_val;
    /* semaphores: rank orders the engines (waits only on lower ranks: no cycle) */
    int rank;
    /* interrupts */
    bool irq_open, irq_masked, emr_unmasked, notify_irq;
    uint32_t imr, hwstam;      /* IMR and HWSTAM as the host program set them (irq_race_pct races IMR only with HWSTAM[15:0] all 1) */
    /* interrupt bursts (irq_burst_pct): after the cycle, in the ring, one segment per round; bend[r] is the dword
     * offset (from the end of the cycle) where round r's segment ends */
    dw_vec bdw;
    uint32_t bend[MAX_BURSTS];
    /* submissions */
    boundary *bounds; size_t nb, k;
    uint64_t pos, idle_pos, halt_pos;
    bool halt_submitted;       /* the illegal command is before the tail: the engine will halt there ... */
    bool halted;               /* ... and a wait_idle since then has made sure it has (head stuck there) */
    /* execlists (execlist_pct): the engine runs its ring as the main context's, submitted by the execlist driver */
    bool el;
    uint64_t pdp;              /* PPGTT: the PDP0 the host writes at setup, which the main context's image carries */
    el_ctx ctx[MAX_EL_CTX]; size_t nctx;   /* ctx[0]: the main context */
    int el_empty, el_idle;     /* the engine's empty and preempt contexts (index, -1 until made) */
    bool el_started;           /* the main context has been submitted */
    int el_bad;                /* 0, or the malformed kind its last submission is (ELK_BROKEN: broken image; -1 unmapped LRCA) */
} engine_plan;

typedef struct gen {
    gtref_rng rng;
    const gtref_gen_config *cfg;
    gtref_stim *s;
    bool oom;                  /* an allocation failed: the whole generation fails */
    engine_plan *p;            /* the engine being built */
    engine_plan *plans; size_t np;
    sem_slot sems[SEM_SLOTS]; size_t nsems;
    bool wdog;                 /* the host starts RCS0's watchdog at setup (watchdog_pct) */
    bool race;                 /* ... and writes PR_CTR_* while RCS0's LRIs do (host_race_pct) */
    /* address spaces */
    space sp[MAX_SPACES]; int nsp;
    uint64_t *used; size_t nused, cused;   /* physical pages taken, sorted */
    ppage *img; size_t nimg, cimg;         /* the physical image, sorted by pfn */
    bool remap;                /* GGTT pages are remapped (ggtt_remap_pct), each with remap_page_pct */
    unsigned remap_page_pct;
    bool alias, junk;          /* alias_pct, pte_junk_pct */
    bool faults, cont;         /* a fault seed; continue mode */
    bool fclear;               /* the host clears fault registers now and then */
    bool live_remap;           /* live_remap_pct */
    bool flsh_live;            /* the host writes GFX_FLSH_CNTL now and then while engines run (flsh_cntl_live_pct) */
    bool flsh_written;         /* GFX_FLSH_CNTL was written: read back at the end, now and then */
    bool req_limit;            /* MEDIA_MAX_REQ_COUNT programmed at setup (req_limit_pct) */
    /* the cascade's choices come from a stream of their own, so that a seed's other choices do not move with them */
    gtref_rng crng;
    bool contend;              /* BCS0, VCS0, VECS0 data-heavy and mostly back to back (casc_contend_pct) */
    bool gac_gab, gac_gam;     /* GAC_ARB_CTL_REG, ARB_*_GAC_GAM* programmed at setup (gac_gab_pct, gac_gam_pct) */
    uint64_t *cont_pages; int *cont_owner; size_t ncont;   /* continue-mode targets (bit 39 pages) and their engine */
    /* host writes racing engine events on the interrupt registers (irq_race_pct): a stream of their own */
    gtref_rng irng;
    bool irace;                /* irq_race_pct fired for this seed */
    /* interrupt bursts (irq_burst_pct), drawn from a stream of their own, only in the seeds where the knob fires */
    gtref_rng brng;
    unsigned burst;            /* the engines of the bursts (a mask of engine indices; 0: no bursts) */
    unsigned nbursts;          /* rounds */
    uint32_t brun[MAX_BURSTS]; /* the lowest burst engine's run of MI_USER_INTERRUPT in each round */
    /* Gen11 variants (gen11_unit_pct, cs_mmio_pct ... long_lri_pct): drawn from a stream of their own (xrng), only in
     * the seeds where a knob fires. While a unit is built, g->rng IS that stream (xbegin/xend swap them), so every
     * helper draws from it and the seed's main stream stays what it is with the knobs at 0. */
    gtref_rng xrng;
    int xdepth;
    bool x_cs_mmio, x_load1, x_pred, x_atomic, x_cbbe, x_sig, x_sdi2, x_regpoll, x_longlri;
    unsigned x_np;             /* engines (mask of engine indices) with all 12 FORCE_TO_NONPRIV entries programmed */
    bool x_units;              /* a unit knob fired: gen11_unit_pct of the draws are units */
    /* priv_violation_pct (G1, C41): drawn from a stream of its own (vrng), in the seeds where the knob fires, some
     * memory operands of non-privileged batches select the GGTT on purpose (a privilege violation: a NOOP) */
    gtref_rng vrng;
    bool x_viol;
    uint32_t batch_max;        /* BATCH_MAX, or twice it in long_lri_pct seeds (one long LRI per batch) */
    /* execlists (execlist_pct): drawn from a stream of their own (erng), only in the seeds where the knob fires;
     * between ebegin and eend it is g->rng, as the variants' stream is between xbegin and xend */
    gtref_rng erng;
    int edepth;
    /* space_meet_pct (docs/gam.md §4): drawn from a stream of its own (mrng), only in the seeds where it fires;
     * between mbegin and mend it is g->rng */
    gtref_rng mrng;
    int mdepth;
    bool meet;
    /* signal bursts (sem_burst_pct): drawn from a stream of their own (srng), only in the seeds where the knob fires;
     * between sbegin and send it is g->rng */
    gtref_rng srng;
    int sdepth;
    bool s_burst;
    /* host_reg_pct (docs/stimulus-format.md §3): host writes of the registers nothing else writes from the host, drawn
     * from a stream of their own (hrng), only in the seeds where the knob fires */
    gtref_rng hrng;
    bool host_regs;
    /* irq_dense_pct: the dense races of the interrupt bursts' rounds, drawn from a stream of their own (drng), only in
     * the seeds where the knob fires */
    gtref_rng drng;
    bool idense;
    /* alias_signal_pct: signals to Target Engine Select 8..11 in the quiet bursts' gaps, drawn from a stream of their
     * own (arng), only in the seeds where the knob fires */
    gtref_rng arng;
    bool alias_sig;
    /* high_place_pct: drawn from a stream of its own (hprng), only in the seeds where it fires. Its placements are
     * GGTT ranges kept in hres; pp_min is the lowest PPGTT address of gen_pp_pick (PP_VA_MIN, or HIGH_PP_VA_MIN when
     * it fires: physical pages then go up to 2^39, below every PPGTT address); sem_base is the semaphore page
     * (SEM_BASE); el_area and el_aux are each engine's execlist context images and its contexts' own pages
     * (EL_BASE + e * EL_STRIDE and EL_AUX past it when the knob misses) */
    gtref_rng hprng;
    bool high;
    vrange hres[HIGH_RANGES]; size_t nhres;
    uint64_t pp_min, sem_base;
    uint32_t el_area[GTREF_MAX_ENGINES], el_aux[GTREF_MAX_ENGINES];
    unsigned el;               /* engines (mask of engine indices) in execlist mode */
    chunk *cur_chunk;          /* the ring chunk being made (make_chunk), NULL otherwise */
} gen;

static inline void push(gen *g, dw_vec *d, uint32_t v)
{
    if (d->n == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 64;
        uint32_t *nv = realloc(d->v, cap * sizeof *nv);
        if (!nv) { g->oom = true; return; }
        d->v = nv;
        d->cap = cap;
    }
    d->v[d->n++] = v;
}

static inline uint32_t rnd32(gen *g) { return (uint32_t)gtref_rng_next(&g->rng); }
static inline uint64_t range(gen *g, uint64_t lo, uint64_t hi) { return gtref_rng_range(&g->rng, lo, hi); }
static inline bool pct(gen *g, unsigned p) { return gtref_rng_pct(&g->rng, p); }
static inline uint64_t rng_source(void *ctx) { return gtref_rng_next(ctx); }
/* The cascade's stream (gen.crng). */
static inline uint32_t c_rnd32(gen *g) { return (uint32_t)gtref_rng_next(&g->crng); }
static inline uint64_t c_range(gen *g, uint64_t lo, uint64_t hi) { return gtref_rng_range(&g->crng, lo, hi); }
static inline bool c_pct(gen *g, unsigned p) { return gtref_rng_pct(&g->crng, p); }
/* The interrupt races' stream (gen.irng). */
static inline uint32_t i_rnd32(gen *g) { return (uint32_t)gtref_rng_next(&g->irng); }
static inline uint64_t i_range(gen *g, uint64_t lo, uint64_t hi) { return gtref_rng_range(&g->irng, lo, hi); }
static inline bool i_pct(gen *g, unsigned p) { return gtref_rng_pct(&g->irng, p); }
/* The interrupt bursts' stream (gen.brng). */
static inline uint64_t b_range(gen *g, uint64_t lo, uint64_t hi) { return gtref_rng_range(&g->brng, lo, hi); }
static inline bool b_pct(gen *g, unsigned p) { return gtref_rng_pct(&g->brng, p); }

/* The Gen11 variants' stream (gen.xrng): between xbegin and xend it is g->rng, so every helper draws from it. */
static inline void xswap(gen *g) { gtref_rng t = g->rng; g->rng = g->xrng; g->xrng = t; }
static inline void xbegin(gen *g) { if (g->xdepth++ == 0) xswap(g); }
static inline void xend(gen *g) { if (--g->xdepth == 0) xswap(g); }
static inline bool x_pct(gen *g, unsigned p) { xbegin(g); bool r = pct(g, p); xend(g); return r; }
static inline bool v_pct(gen *g, unsigned p) { return gtref_rng_pct(&g->vrng, p); }
/* The execlists' stream (gen.erng): between ebegin and eend it is g->rng. */
static inline void eswap(gen *g) { gtref_rng t = g->rng; g->rng = g->erng; g->erng = t; }
static inline void ebegin(gen *g) { if (g->edepth++ == 0) eswap(g); }
static inline void eend(gen *g) { if (--g->edepth == 0) eswap(g); }
static inline bool e_pct(gen *g, unsigned p) { ebegin(g); bool r = pct(g, p); eend(g); return r; }
/* The meeting spaces' stream (gen.mrng): between mbegin and mend it is g->rng. */
static inline void mswap(gen *g) { gtref_rng t = g->rng; g->rng = g->mrng; g->mrng = t; }
static inline void mbegin(gen *g) { if (g->mdepth++ == 0) mswap(g); }
static inline void mend(gen *g) { if (--g->mdepth == 0) mswap(g); }
static inline bool m_pct(gen *g, unsigned p) { mbegin(g); bool r = pct(g, p); mend(g); return r; }
/* The host register writes' stream (gen.hrng). */
static inline uint32_t h_rnd32(gen *g) { return (uint32_t)gtref_rng_next(&g->hrng); }
static inline uint64_t h_range(gen *g, uint64_t lo, uint64_t hi) { return gtref_rng_range(&g->hrng, lo, hi); }
static inline bool h_pct(gen *g, unsigned p) { return gtref_rng_pct(&g->hrng, p); }
/* The dense interrupt races' stream (gen.drng). */
static inline uint64_t d_range(gen *g, uint64_t lo, uint64_t hi) { return gtref_rng_range(&g->drng, lo, hi); }
static inline bool d_pct(gen *g, unsigned p) { return gtref_rng_pct(&g->drng, p); }
/* The aliased signals' stream (gen.arng). */
static inline uint64_t a_range(gen *g, uint64_t lo, uint64_t hi) { return gtref_rng_range(&g->arng, lo, hi); }
static inline bool a_pct(gen *g, unsigned p) { return gtref_rng_pct(&g->arng, p); }
/* The high placements' stream (gen.hprng). */
static inline uint64_t hp_range(gen *g, uint64_t lo, uint64_t hi) { return gtref_rng_range(&g->hprng, lo, hi); }
static inline bool hp_pct(gen *g, unsigned p) { return gtref_rng_pct(&g->hprng, p); }
/* The signal bursts' stream (gen.srng): between sbegin and send it is g->rng. */
static inline void sswap(gen *g) { gtref_rng t = g->rng; g->rng = g->srng; g->srng = t; }
static inline void sbegin(gen *g) { if (g->sdepth++ == 0) sswap(g); }
static inline void send(gen *g) { if (--g->sdepth == 0) sswap(g); }
/* The share p of second-level starts (calls, chains) with ppgtt: since C10 those are non-privileged, so none when
 * nonpriv_pct is 0 (no non-privileged batch at all). */
static inline unsigned pp2(const gen *g, unsigned p) { return g->cfg->nonpriv_pct ? p : 0u; }
static inline uint64_t x_range(gen *g, uint64_t lo, uint64_t hi) { xbegin(g); uint64_t r = range(g, lo, hi); xend(g); return r; }

/* Index drawn by weight; -1 when every weight is 0. */
static inline int pick_weighted(gen *g, const unsigned *w, int n)
{
    uint64_t total = 0;
    for (int i = 0; i < n; i++) total += w[i];
    if (!total) return -1;
    uint64_t x = range(g, 0, total - 1);
    for (int i = 0; i < n; i++) {
        if (x < w[i]) return i;
        x -= w[i];
    }
    return -1;
}

/* Data values: mostly random, sometimes the corner values. */
static inline uint32_t data32(gen *g)
{
    static const uint32_t corners[] = { 0, 0xFFFFFFFFu, 0x80000000u, 1, 0x0000FFFFu, 0xFFFF0000u, 0x7FFFFFFFu };
    if (pct(g, 15)) return corners[range(g, 0, sizeof corners / sizeof corners[0] - 1)];
    return rnd32(g);
}

static inline uint64_t data64(gen *g) { return (uint64_t)data32(g) << 32 | data32(g); }

typedef struct opnd { bool ggtt; uint64_t a; } opnd;
enum { OP_D, OP_Q8, OP_Q };   /* a dword (4-aligned); 8-aligned; a qword, 25% of them 4-aligned (two writes) */
/* ---- where commands go ---- */

/* The stream being built: the ring or a batch, with what is known about it. */
typedef struct ectx {
    dw_vec *d;
    int level;             /* 0 ring, 1 first-level batch, 2 second-level batch */
    bool nonpriv;          /* a non-privileged batch (commands.md §2) */
    bool certain;          /* every command emitted from now on surely executes (no batch end may skip it) */
    bool keep_certain;     /* the path to the illegal command: nothing that may skip the rest */
    bool in_block;         /* inside an MI_SET_PREDICATE block: simple commands only */
    bool irq;              /* a surely executed MI_USER_INTERRUPT was emitted */
    bool may_end;          /* second level: an MI_CONDITIONAL_BATCH_BUFFER_END that may end both levels (C26) */
    bool long_done;        /* a long MI_LOAD_REGISTER_IMM (long_lri_pct) is in this batch already */
} ectx;

/* A command built field by field in a zeroed buffer from its table entry, then appended. */
typedef struct cmdbuf { const gtref_cmd_def *c; uint32_t dw[GTREF_MAX_CMD_BUF]; unsigned len; } cmdbuf;

static inline void cmd_begin(cmdbuf *b, int id, unsigned len)
{
    memset(b, 0, sizeof *b);
    b->c = &gtref_cmds[id];
    b->len = len;
    b->dw[0] = gtref_cmd_header(b->c, len);
}

static inline void set(cmdbuf *b, int field, uint64_t v) { gtref_field_set(b->dw, &gtref_fields[field], v); }

static inline void cmd_end(gen *g, ectx *x, const cmdbuf *b)
{
    for (unsigned i = 0; i < b->len; i++) push(g, x->d, b->dw[i]);
}

#define FLD(c, f) GTREF_F_##c##_##f

/* The most a batch's own dwords take (8 units, the end, misalignment, line padding). Batches are placed when
 * they are complete, after what they call: room is checked for every batch still open too. Each engine has a
 * batch area per view: in the GGTT (fixed, see the layout) and, with a PPGTT, one at a random PPGTT address. */
#define BATCH_MAX 0x800u


/* malformed.c */

/* space.c */
uint64_t gen_alloc_pa(gen *g);
uint64_t gen_high_ggtt(gen *g, uint64_t hi, uint64_t len);
vpage *gen_vfind(space *s, uint64_t vpn);
uint64_t gen_map_page(gen *g, int spi, uint64_t va);
void gen_map_range(gen *g, int spi, uint64_t va, uint64_t len);
void gen_map_alias(gen *g, int spi, uint64_t va, uint64_t pa);
ppage *gen_img_find(gen *g, uint64_t pfn);
ppage *gen_img_page(gen *g, uint64_t pfn, uint8_t kind);
void gen_pwrite(gen *g, uint64_t pa, const void *src, uint32_t len, uint8_t kind);
void gen_vwrite(gen *g, int spi, uint64_t va, const void *src, uint32_t len, uint8_t kind);
void gen_emit_image(gen *g);
void gen_mem_write(gen *g, uint64_t addr, uint64_t v);
void gen_finalize_tables(gen *g);
uint64_t gen_entry(gen *g, uint64_t pa);
uint64_t gen_pte_addr(gen *g, int spi, uint64_t va);
void gen_write_tables(gen *g, const engine_plan *plans, size_t np);
void gen_pp_reserve(gen *g, space *s, uint64_t lo, uint64_t hi);
uint64_t gen_pp_pick(gen *g, space *s, const engine_plan *p, uint64_t len);
void gen_pp_meet(gen *g, engine_plan *p);
void gen_add_fspot(gen *g, engine_plan *p);
int gen_view_of(const engine_plan *p, bool ggtt);
int gen_spi_of(const engine_plan *p, int view);
uint64_t gen_data_addr(gen *g, int v, unsigned size, unsigned align, bool odd4);
opnd gen_fault_operand(gen *g, const fspot *f, int how);
bool gen_np_keep_ggtt(gen *g);
opnd gen_operand_np(gen *g, bool nonpriv, int how);
uint64_t gen_sem_addr(const gen *g, const engine_plan *p, int v, const sem_slot *sl);

/* emit.c */
unsigned gen_rreg(const gen *g, unsigned r);
uint32_t gen_gpr(gen *g);
void gen_emit_lri_regs(gen *g, ectx *x, unsigned nregs, const uint32_t *regs, const uint32_t *vals, uint32_t bwd);
void gen_emit_sdi_to(gen *g, ectx *x, opnd o, bool qword, uint64_t v);
uint32_t gen_alu(unsigned op, unsigned a, unsigned b);
void gen_emit_atomic_cmd(gen *g, ectx *x, opnd o, unsigned base, bool q, unsigned len, bool ret, bool hi,
                         uint64_t op1, uint64_t op2);
void gen_emit_lrr_regs(gen *g, ectx *x, uint32_t src, uint32_t dst);
void gen_emit_lrm_plain(gen *g, ectx *x, opnd o, uint32_t reg);
void gen_emit_srm_to(gen *g, ectx *x, bool predicate, uint32_t reg, opnd o);
void gen_emit_srm_p(gen *g, ectx *x, bool predicate);
void gen_emit_inval_flush(gen *g, ectx *x, bool tlb);
void gen_emit_sem_write(gen *g, ectx *x, const sem_slot *sl);
void gen_emit_signal_burst(gen *g, ectx *x, bool short_one, unsigned p, size_t quiet);
void gen_emit_quiet_wait(gen *g, ectx *x, const sem_slot *sl);
void gen_emit_signal_all(gen *g, ectx *x);
uint32_t gen_wdog_ctl(gen *g);
uint32_t gen_wdog_thrsh(gen *g);
void gen_emit_bbs(gen *g, ectx *x, uint64_t addr, bool ppgtt, bool second, bool predicate);
void gen_emit_malformed(gen *g, ectx *x);
void gen_emit_cmd(gen *g, ectx *x, int bad_depth);

/* units.c */
bool gen_np_allowed(const engine_plan *p, uint32_t off);
bool gen_bad_needs_priv(const engine_plan *p);
void gen_np_entries(gen *g, engine_plan *p);
bool gen_emit_xunit(gen *g, ectx *x);

/* layout.c */
bool gen_batch_room(const gen *g, const engine_plan *p, int v, unsigned n);
bool gen_emit_batch_call(gen *g, ectx *x, int bad_depth, bool predicate);
void gen_free_plan(engine_plan *p);
void gen_build_cycle(gen *g, engine_plan *p);
uint32_t gen_choose_start(gen *g, const engine_plan *p);
void gen_place_cycle(const engine_plan *p, uint8_t *ring);
void gen_make_bursts(gen *g, engine_plan *p);
void gen_plan_boundaries(gen *g, engine_plan *p);
void gen_lri_pools(engine_plan *p, int engines, bool race);

/* host.c */
void gen_program_host(gen *g, engine_plan *plans, size_t np);
void gen_op(gen *g, uint8_t code, uint32_t off, uint32_t val, uint32_t cycles);
void gen_wide_op(gen *g, uint8_t code, uint64_t addr, uint64_t data, uint32_t val);
void gen_wait_idle(gen *g, engine_plan *plans, size_t np);

/* execlist.c (execlist_pct) */
uint64_t gen_map_identity(gen *g, uint64_t va);
unsigned gen_el_choose(gen *g, unsigned candidates);
void gen_el_plan(gen *g, engine_plan *p);
void gen_el_setup(gen *g, engine_plan *plans, size_t np);
void gen_el_submit(gen *g, engine_plan *plans, size_t np, engine_plan *p, uint32_t tail);
void gen_el_end(gen *g, engine_plan *plans, size_t np);
void gen_el_final_reads(gen *g, const engine_plan *p);
uint32_t gen_el_hws_slot(const gen *g, uint32_t off);

/* The command families (GTREF_GEN_FAMILIES, include/gtref/stim.h): one emitter each, gen_emit_<name>, drawn by
 * gen_emit_cmd with the weights w_<name>; F_<name> their index in the draw. */
#define GEN_EMITTER_DECL(name, option, weight, cli, cmds) void gen_emit_##name(gen *g, ectx *x);
GTREF_GEN_FAMILIES(GEN_EMITTER_DECL)
#define GEN_FAMILY_ENUM(name, option, weight, cli, cmds) F_##name,
enum family { GTREF_GEN_FAMILIES(GEN_FAMILY_ENUM) F_COUNT };

#endif
