/* Stimulus: everything one test needs, stored as msgpack (format "gtref-stim", versioned).
 * Produced by the seeded generator (stimulus/gen/) and the .gts assembler (gts_asm.c); printed
 * back by the disassembler (gts_disasm.c); read by the testbench. Same seed, same bytes. */
#ifndef GTREF_STIM_H
#define GTREF_STIM_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gtref/cmds.h"
#include "gtref/engines.h"

#define GTREF_STIM_FORMAT  "gtref-stim"
#define GTREF_STIM_VERSION 3u   /* written; versions 1 (no expectations) and 2 (no mem_write) are still read */

enum gtref_seg_kind {      /* what a memory segment holds; guides the disassembler only */
    GTREF_SEG_DATA  = 0,
    GTREF_SEG_RING  = 1,
    GTREF_SEG_BATCH = 2,
};

typedef struct gtref_segment {
    uint64_t addr;         /* physical byte address (page tables included: docs/gam.md) */
    uint8_t kind;          /* enum gtref_seg_kind */
    uint32_t len;          /* bytes, a multiple of 4 */
    uint8_t *bytes;        /* owned */
} gtref_segment;

enum gtref_host_opcode {
    GTREF_HOST_WRITE = 1,     /* MMIO write: off, val */
    GTREF_HOST_READ = 2,      /* MMIO read: off (DUT data is compared with the model's) */
    GTREF_HOST_WAIT = 3,      /* wait `cycles` clock cycles */
    GTREF_HOST_WAIT_IDLE = 4, /* wait until every engine is idle or halted (hang after hang_cycles) */
    GTREF_HOST_WAIT_IRQ = 5,  /* wait until the interrupt line is high, at most `cycles` cycles */
    GTREF_HOST_ISR = 6,       /* one round of the interrupt service routine if the line is high (docs/interrupts.md
                               * §3; include/gtref/host.h): `cycles` = most cycles of delay before each step,
                               * `val` = flags (enum gtref_isr_flags) */
    GTREF_HOST_MEM_WRITE = 7, /* a qword write to physical memory (a page-table change, docs/gam.md §5): `addr`
                               * (8-byte aligned), `data`, byte enables in `val` [7:0]; takes one cycle, applied to
                               * the testbench's memory and the model's in that cycle (no MMIO traffic) */
    /* The execlist host driver (docs/execlists.md §10; host/execlist.c). Engine e = an index of gtref_engines. */
    GTREF_HOST_EL_INIT = 8,     /* DRV-1: `off` = engine, `val` = the status page (HWS_PGA, 4 KB aligned) */
    GTREF_HOST_EL_CONTEXT = 9,  /* DRV-2: `addr` = LRCA (4 KB aligned, < 2^32), `data` = RING_START | RING_TAIL << 32,
                                 * `val` = engine | flags << 8 (GTREF_EL_CTX_RESTORE_INHIBIT); encoded [9, addr, data, val] */
    GTREF_HOST_EL_CTX_REG = 10, /* DRV-2: one named value of an image: `addr` = LRCA, `data` = value (< 2^32), `val` = the
                                 * register's absolute offset (its engine names the layout); encoded [10, addr, data, val] */
    GTREF_HOST_EL_SUBMIT = 11,  /* DRV-3: `addr` = element 0's descriptor, `data` = element 1's (0: none), `val` = engine |
                                 * flags << 8 (GTREF_EL_SUBMIT_REPLACE); encoded [11, addr, data, val] */
    GTREF_HOST_EL_RESUBMIT = 12,/* DRV-5: `addr` = the running context's descriptor, `data` = its new RING_TAIL, `val` =
                                 * engine; encoded [12, addr, data, val] */
    GTREF_HOST_EL_CSB = 13,     /* DRV-4: service the CSB: `off` = engine */
    GTREF_HOST_EL_WAIT = 14,    /* DRV-4 until every submission is reported: `off` = engine, `cycles` = the bound (>= 1)
                                 * after which the test fails (docs/stimulus-format.md §2) */
};
#define GTREF_HOST_OPCODE_MAX 14u
#define GTREF_EL_CTX_RESTORE_INHIBIT 1u   /* GTREF_HOST_EL_CONTEXT flag: RING_CONTEXT_CONTROL 0x00090009 (DRV-2) */
/* GTREF_HOST_EL_SUBMIT flag (`el_submit ... replace`, a test-only step outside DRV-3; docs/execlists.md §10): the Load
 * replaces the driver's pending submission, which the CSB then never reports (EL-11 step 3, E2) */
#define GTREF_EL_SUBMIT_REPLACE 1u
/* Whether op is encoded [op, addr, data, val] (64-bit address and data) rather than [op, off, val, cycles]. */
static inline int gtref_host_op_wide(uint8_t op)
{
    return op == GTREF_HOST_MEM_WRITE || op == GTREF_HOST_EL_CONTEXT || op == GTREF_HOST_EL_CTX_REG
        || op == GTREF_HOST_EL_SUBMIT || op == GTREF_HOST_EL_RESUBMIT;
}

typedef struct gtref_host_op {
    uint8_t op;            /* enum gtref_host_opcode */
    uint32_t off;          /* MMIO offset (WRITE, READ) */
    uint32_t val;          /* data (WRITE), flags (ISR) */
    uint32_t cycles;       /* WAIT, WAIT_IRQ; ISR: most delay before each step */
    uint64_t addr, data;   /* MEM_WRITE: physical address and qword (encoded [7, addr, data, be]) */
} gtref_host_op;

/* GTREF_HOST_ISR's operands (the routine itself: host/isr.c, include/gtref/host.h) */
enum gtref_isr_flags {
    GTREF_ISR_CLEAR_EACH = 1u << 0, /* ISR-9: clear each engine's DW bit after serving it (else the DW once) */
    GTREF_ISR_FLAGS = GTREF_ISR_CLEAR_EACH,
};
#define GTREF_ISR_MAX_DELAY 1000u        /* the largest max_delay a stimulus may ask for */

typedef struct gtref_latency {
    uint16_t rd_lat_min;     /* read response latency in cycles after acceptance, inclusive range */
    uint16_t rd_lat_max;
    uint8_t req_ready_pct;   /* probability (percent) that the memory port accepts a request in a cycle */
} gtref_latency;

/* Spec-derived expectations (docs/stimulus-format.md §1.4): what the test must observe, each with the spec
 * source it comes from. Evaluated by scoreboard/expect.c against the model alone (gtref check) and against
 * the DUT at the end of a co-simulation. */
enum gtref_expect_kind {
    GTREF_EXPECT_READ = 1,       /* host read number `op` returns value (under mask) */
    GTREF_EXPECT_REG = 2,        /* end of test: register `off` == value (under mask) */
    GTREF_EXPECT_MEM32 = 3,      /* end of test: dword at addr == value */
    GTREF_EXPECT_MEM64 = 4,      /* end of test: little-endian qword at addr == value */
    GTREF_EXPECT_HALTED = 5,     /* end of test: engine halted */
    GTREF_EXPECT_NOT_HALTED = 6, /* end of test: engine not halted */
    GTREF_EXPECT_NO_WRITE = 7,   /* no memory write enables a byte in addr..last */
    GTREF_EXPECT_WRITES = 8,     /* the engine's memory writes are exactly writes[], in order */
    GTREF_EXPECT_ERRORS = 9,     /* commands of the engine that retired as illegal == value */
    GTREF_EXPECT_IRQ = 10,       /* interrupt line at the end of the test == value (0 or 1) */
    GTREF_EXPECT_TLB = 11,       /* the engine's data-client (DR, WR) TLB lookups are exactly tlb[], in order
                                  * (co-simulation only: the command model has no TLB, docs/gam.md GAM-20) */
};
#define GTREF_EXPECT_KIND_MAX 11u
#define GTREF_EXPECT_SOURCE_MAX 255u  /* printable ASCII without '"', 1..255 characters */

typedef struct gtref_expect_write { uint64_t addr; uint8_t be; uint64_t data; } gtref_expect_write;

/* One TLB lookup of a `tlb` expectation (docs/gam.md GAM-7, GAM-8, GAM-13): a hit on entry `index`, a miss whose
 * completed walk filled entry `index`, or a lookup that faulted (index 0). `va` is the looked-up graphics
 * address's page (4 KB aligned, below 2^48). */
enum gtref_tlb_outcome { GTREF_TLB_HIT = 0, GTREF_TLB_MISS = 1, GTREF_TLB_FAULT = 2 };
typedef struct gtref_expect_tlb { uint8_t what; uint64_t va; uint8_t index; } gtref_expect_tlb;

typedef struct gtref_expect {
    uint8_t kind;            /* enum gtref_expect_kind */
    uint8_t engine;          /* HALTED, NOT_HALTED, WRITES, ERRORS, TLB */
    uint32_t op;             /* READ: index of the host op (a read) */
    uint32_t off;            /* REG: absolute MMIO offset */
    uint64_t addr, last;     /* MEM32/MEM64: addr; NO_WRITE: first and last byte */
    uint64_t value, mask;    /* READ/REG: value, mask (value has no bit outside mask); MEM, ERRORS, IRQ: value */
    gtref_expect_write *writes; size_t nwrites;   /* WRITES, owned */
    gtref_expect_tlb *tlb; size_t ntlb;           /* TLB, owned */
    char source[GTREF_EXPECT_SOURCE_MAX + 1];     /* the spec source, e.g. "BYT-REG L6469-6514: ..." */
    uint32_t line;           /* .gts line it came from; 0 when decoded (not part of the msgpack) */
} gtref_expect;

typedef struct gtref_stim {
    uint32_t version;        /* GTREF_STIM_VERSION */
    char name[64];           /* test name: "rand-<seed>" or the directed test's name */
    uint64_t seed;           /* generator seed; also seeds the testbench's latency model */
    char profile[16];        /* "gen11" */
    uint8_t engines;         /* engines the test uses, 1..4 */
    gtref_latency lat;
    uint32_t hang_cycles;    /* cycles without progress that count as a hang */
    uint64_t max_cycles;     /* hard limit on the test's length */
    gtref_segment *segs; size_t nsegs;
    gtref_host_op *ops; size_t nops;
    gtref_expect *expects; size_t nexpects;
} gtref_stim;

/* Defaults for a new stimulus (version, profile, one engine, latency 1..8, 100% ready,
 * hang_cycles 2000, max_cycles 1000000). */
void gtref_stim_init(gtref_stim *s);
void gtref_stim_free(gtref_stim *s);
/* Append helpers (copy the bytes). Return 0, or -1 on allocation failure. */
int gtref_stim_add_segment(gtref_stim *s, uint64_t addr, uint8_t kind, const void *bytes, uint32_t len);
int gtref_stim_add_op(gtref_stim *s, uint8_t op, uint32_t off, uint32_t val, uint32_t cycles);
/* A GTREF_HOST_MEM_WRITE op: qword `data` to physical `addr` under byte enables `be`. */
int gtref_stim_add_mem_write(gtref_stim *s, uint64_t addr, uint64_t data, uint8_t be);
/* A wide op (gtref_host_op_wide): addr, data, val. */
int gtref_stim_add_wide_op(gtref_stim *s, uint8_t op, uint64_t addr, uint64_t data, uint32_t val);
/* Append a copy of x (its writes, TLB lookups and source are copied). */
int gtref_stim_add_expect(gtref_stim *s, const gtref_expect *x);
/* Name of an expectation kind as the .gts text spells it ("read", "reg", "mem32", ...), "?" if unknown. */
const char *gtref_expect_kind_name(uint8_t kind);
/* Whether an expectation obeys the format's rules for a stimulus with nops host ops and `engines`
 * engines (what the decoder checks); err says what is wrong, prefixed with where. */
int gtref_expect_validate(const gtref_expect *x, const gtref_stim *s, const char *where, char *err, size_t errsz);

/* msgpack encoding. Buffers from encode are malloc'd; free() them. Decode validates everything
 * (format name, version, types, ranges, unknown keys) and fills err with what and where. */
int gtref_stim_encode(const gtref_stim *s, uint8_t **buf, size_t *len);
int gtref_stim_decode(gtref_stim *s, const uint8_t *buf, size_t len, char *err, size_t errsz);
int gtref_stim_write_file(const gtref_stim *s, const char *path, char *err, size_t errsz);
int gtref_stim_read_file(gtref_stim *s, const char *path, char *err, size_t errsz);

/* The command families of the generator, one row each, in the order of its weighted draw (gen_emit_cmd,
 * docs/stimulus-format.md §3). A row gives everything that follows from a family:
 *   X(name, option, weight, cli, cmds)
 *   name    the config field w_<name> (its relative weight) and the emitter gen_emit_<name> (stimulus/gen/)
 *   option  the CLI option --w-<option> (gen, regress, bench, night), when cli is not NONE
 *   weight  the default weight (gtref_gen_config_default)
 *   cli     NONE: no option; OPT: an option, not in the usage text; HELP1 / HELP: an option listed on the usage
 *           line of weights (HELP1 the first of that line)
 *   cmds    the commands the family emits, GTREF_GEN_CMD(id) | ...: every modelled command of the command table is
 *           emitted by a family of non-zero weight, and every family emits modelled commands (tests/unit/test_cmd_families.c)
 * Adding a family: a row here and its emitter gen_emit_<name> in stimulus/gen/emit.c. */
#define GTREF_GEN_CMD(id) (1ull << GTREF_CMD_##id)
#define GTREF_GEN_FAMILIES(X) \
    X(noop, "noop", 6, NONE, GTREF_GEN_CMD(MI_NOOP) | GTREF_GEN_CMD(MI_BATCH_BUFFER_END)) \
        /* MI_NOOP (some with NOPID), MI_BATCH_BUFFER_END in the ring */ \
    X(lri, "lri", 16, NONE, GTREF_GEN_CMD(MI_LOAD_REGISTER_IMM)) \
        /* MI_LOAD_REGISTER_IMM */ \
    X(sdi, "sdi", 16, NONE, GTREF_GEN_CMD(MI_STORE_DATA_IMM)) \
        /* MI_STORE_DATA_IMM */ \
    X(batch, "batch", 12, HELP1, GTREF_GEN_CMD(MI_BATCH_BUFFER_START)) \
        /* ring: first-level batch call; first level: second-level call */ \
    X(user_irq, "user-irq", 6, NONE, GTREF_GEN_CMD(MI_USER_INTERRUPT)) \
        /* MI_USER_INTERRUPT */ \
    X(math, "math", 8, HELP, GTREF_GEN_CMD(MI_MATH)) \
        /* MI_MATH: 1..12 random ALU instructions over the GPRs */ \
    X(atomic, "atomic", 8, HELP, GTREF_GEN_CMD(MI_ATOMIC)) \
        /* MI_ATOMIC on the engine's own store area */ \
    X(predicate, "predicate", 6, HELP, GTREF_GEN_CMD(MI_PREDICATE)) \
        /* MI_PREDICATE (sources loaded by LRI), then a predicated BBS or SRM */ \
    X(set_predicate, "set-predicate", 4, HELP, GTREF_GEN_CMD(MI_SET_PREDICATE)) \
        /* MI_SET_PREDICATE block: mode, 1..2 commands, NOOP_NEVER */ \
    X(lrr, "lrr", 4, NONE, GTREF_GEN_CMD(MI_LOAD_REGISTER_REG)) \
        /* MI_LOAD_REGISTER_REG */ \
    X(lrm, "lrm", 4, NONE, GTREF_GEN_CMD(MI_LOAD_REGISTER_MEM)) \
        /* MI_LOAD_REGISTER_MEM */ \
    X(srm, "srm", 4, NONE, GTREF_GEN_CMD(MI_STORE_REGISTER_MEM)) \
        /* MI_STORE_REGISTER_MEM */ \
    X(copy, "copy", 3, NONE, GTREF_GEN_CMD(MI_COPY_MEM_MEM)) \
        /* MI_COPY_MEM_MEM */ \
    X(cond_end, "cond-end", 3, NONE, GTREF_GEN_CMD(MI_CONDITIONAL_BATCH_BUFFER_END)) \
        /* MI_CONDITIONAL_BATCH_BUFFER_END (ends the batch, a NOOP in the ring) */ \
    X(hws, "hws", 4, NONE, GTREF_GEN_CMD(MI_STORE_DATA_INDEX) | GTREF_GEN_CMD(MI_REPORT_HEAD)) \
        /* MI_STORE_DATA_INDEX, MI_REPORT_HEAD into the engine's status page */ \
    X(flush, "flush", 6, HELP, GTREF_GEN_CMD(PIPE_CONTROL) | GTREF_GEN_CMD(MI_FLUSH_DW)) \
        /* PIPE_CONTROL (RCS0) / MI_FLUSH_DW (others) with post-syncs, notify */ \
    X(sem_wait, "sem-wait", 4, HELP, GTREF_GEN_CMD(MI_SEMAPHORE_WAIT)) \
        /* MI_SEMAPHORE_WAIT (poll or signal mode) on a semaphore another engine writes */ \
    X(arb, "arb", 3, NONE, GTREF_GEN_CMD(MI_ARB_CHECK) | GTREF_GEN_CMD(MI_ARB_ON_OFF) | GTREF_GEN_CMD(MI_WAIT_FOR_EVENT)) \
        /* MI_ARB_CHECK, MI_ARB_ON_OFF, MI_WAIT_FOR_EVENT (RCS0/BCS0) */ \
    X(sem_signal, "sem-signal", 2, OPT, GTREF_GEN_CMD(MI_SEMAPHORE_SIGNAL)) \
        /* MI_SEMAPHORE_SIGNAL to any Target Engine Select value (0..4): a spurious signal */ \
    X(watchdog, "watchdog", 3, OPT, GTREF_GEN_CMD(MI_LOAD_REGISTER_IMM)) \
        /* RCS0: MI_LOAD_REGISTER_IMM of PR_CTR_CTL / PR_CTR_THRSH (the watchdog, commands.md §7) */
#define GTREF_GEN_W_FIELD(name, option, weight, cli, cmds) unsigned w_##name;

/* Constrained-random generator (stimulus/gen/, docs/stimulus-format.md §3). Every random choice
 * is drawn with one of these weights or percentages; gtref_gen_config_default gives the defaults. */
typedef struct gtref_gen_config {
    uint8_t engines;           /* engines of the GT (1..4, RCS0 BCS0 VCS0 VECS0): a seed drives 1..engines */
    unsigned all_engines_pct;  /* seeds that drive every engine; the others drive a random proper subset */
    unsigned min_cmds, max_cmds;     /* ring commands per engine */
    /* relative weights of the legal command families: w_<name> of each GTREF_GEN_FAMILIES row */
    GTREF_GEN_FAMILIES(GTREF_GEN_W_FIELD)
    unsigned sem_signal_pct;   /* MI_SEMAPHORE_WAITs in signal mode (woken by the writer's MI_SEMAPHORE_SIGNAL) */
    unsigned early_wait_pct;   /* engines whose stream starts with a wait on another engine's semaphore */
    unsigned watchdog_pct;     /* seeds with RCS0 whose host starts the watchdog at setup (its interrupt enabled) */
    unsigned host_race_pct;    /* of those: the host also writes PR_CTR_* while RCS0's own LRIs write them */
    unsigned chain_pct;        /* batches that end by chaining to a further batch at their level */
    unsigned nonpriv_pct;      /* first-level batches started with ppgtt (non-privileged) */
    unsigned force_nonpriv_pct;/* engines whose FORCE_TO_NONPRIV entries the host programs */
    unsigned notify_irq_pct;   /* engines whose PIPECTL_NOTIFY interrupt is enabled with USER */
    unsigned max_sem_slots;    /* semaphores each engine writes (0..4) in its first chunk */
    unsigned lri_other_pct;    /* LRI register slots that are not a CS_GPR of the engine ... */
    unsigned lri_ignored_pct;  /* ... of which: an offset the engine ignores (other engine, global, unknown);
                                  the rest: the engine's EMR, EIR, BB_OFFSET ... (never its RING_* registers,
                                  RING_MODE, PDP0_*, PP_DCLV, nor any engine's INSTPM: docs/gam.md §5) */
    unsigned multi_page_pct;   /* rings of 2..max_ring_pages pages (the others: 1 page) */
    unsigned max_ring_pages;   /* 1..16 */
    unsigned laps_pct;         /* 1-page rings whose cycle fills the ring and is submitted more than once */
    unsigned split_tail_pct;   /* submissions preceded by a TAIL at a random QWORD inside them */
    unsigned back_to_back_pct; /* submissions followed at once by the next one (no wait of any kind) */
    unsigned irq_closed_pct;   /* engines whose interrupts are left masked (half) or disabled (half) */
    unsigned malformed_pct;    /* seeds with illegal commands */
    unsigned malformed_engine_pct; /* in such a seed, engines that get one (at least one engine does) */
    unsigned malformed_batch_pct;  /* illegal commands placed in a batch rather than in the ring */
    unsigned emr_unmask_pct;   /* engines whose EMR bit 0 the host clears at setup (error -> EIR, interrupt) */
    /* relative weights of the kinds of illegal command (gtref_gen_malformed) */
    unsigned w_bad_opcode, w_bad_type, w_bad_length, w_bad_sdi, w_bad_lri, w_bad_engine;
    /* address translation (docs/gam.md; docs/stimulus-format.md §3 "Address spaces"). Every page a seed uses
     * through the GGTT has a present GGTT entry; the knobs below add the rest. */
    unsigned ggtt_remap_pct;   /* seeds whose GGTT maps pages elsewhere than identity (random physical pages) */
    unsigned alias_pct;        /* seeds with aliases: a batch called through a second virtual page of the same
                                  physical page, an engine's PPGTT hot page on its GGTT hot page */
    unsigned pte_junk_pct;     /* seeds whose table entries and PDP0 carry random ignored bits (GAM-3) */
    unsigned ppgtt_pct;        /* seeds with PPGTT: engines with RING_MODE[9], PDP0, PP_DCLV and 4-level tables */
    unsigned ppgtt_engine_pct; /* in such a seed, engines that get a PPGTT (at least one does) */
    unsigned shared_pml4_pct;  /* PPGTT engines that share another engine's PML4 */
    unsigned tlb_pressure_pct; /* engines whose data spreads over 8..40 more pages per space (TLB evictions) */
    unsigned space_meet_pct;   /* seeds (drawn from a stream of their own) whose PPGTT engines get 2..8 PPGTT data pages
                                  at page numbers of their own GGTT data (below 4 GB), half on the GGTT page's physical
                                  page: GGTT and PPGTT entries of one page number meet in a TLB (docs/gam.md §4) */
    unsigned remap_pct;        /* engines whose data pages the host remaps (mem_write) between submissions, with
                                  every engine idle, invalidated by the TLB-invalidating flush the next submission
                                  starts with, or by the host (flsh_cntl_pct, instpm_pct) */
    unsigned live_remap_pct;   /* seeds whose host remaps ring/batch pages to identical copies while engines run */
    unsigned lra_pct;          /* seeds whose host programs CVS_TLB_LRA_0..2 at setup (random legal ranges) */
    unsigned midarb_pct;       /* seeds whose host programs MIDARB_PRIO_NP, MIDARB_GOTOFIELD_NP0..3 at setup */
    unsigned fault_pct;        /* seeds with page faults */
    unsigned fault_continue_pct;  /* of those: continue mode (GAB_CTL_REG[8] = 1), else hang mode */
    unsigned fault_engine_pct; /* hang mode: engines with one faulting command, last of their stream */
    unsigned fault_if_pct;     /* hang mode: faults on an instruction fetch (a batch start) rather than data */
    unsigned fault_cmd_pct;    /* continue mode: data operands that fault */
    unsigned emr_pf_unmask_pct;   /* hang-mode fault engines whose EMR bit 4 the host clears at setup */
    unsigned fault_clear_pct;  /* fault seeds whose host clears fault registers mid-test */
    /* host invalidations and admission limits (docs/gam.md §3b GAM-21..23) */
    unsigned flsh_cntl_pct;    /* remaps invalidated by a host write of GFX_FLSH_CNTL (GGTT entries only: 70% of them
                                  remap GGTT pages only; a PPGTT page among them adds an INSTPM write or the flush) */
    unsigned flsh_cntl_live_pct;  /* seeds whose host also writes GFX_FLSH_CNTL now and then while engines run */
    unsigned instpm_pct;       /* remaps (not taken by flsh_cntl_pct) invalidated by a host write of the engine's INSTPM
                                  = 0x02200220 (bits 9 and 5) while it is idle instead of the flush; idle INSTPM
                                  invalidations after some wait_idles */
    unsigned instpm_setup_pct; /* engines whose INSTPM the host writes at setup with storage bits (never bits 5, 9) */
    unsigned req_limit_pct;    /* seeds whose host writes MEDIA_MAX_REQ_COUNT at setup: limits 0..3 (0 counts as 1) */
    /* the GAC/GAB cascade (docs/gam.md GAM-26 to GAM-28), drawn from a random stream of its own (a seed's other
     * choices are those it makes with these knobs at 0) */
    unsigned gac_gab_pct;      /* seeds whose host writes GAC_ARB_CTL_REG at setup: random enables and fixed sides,
                                  limits 0..3 (0 counts as 1; now and then any), random storage bits [30], [5:0] */
    unsigned gac_gam_pct;      /* seeds whose host writes ARB_RO/R/WR_GAC_GAM0..3 at setup (random: gotos, priorities) */
    unsigned casc_contend_pct; /* seeds (of 3 or more engines) that drive BCS0, VCS0 and VECS0 with streams heavy in
                                  data reads and writes, submitted mostly back to back, so that GAB and GAC contend
                                  for the R and WR classes over runs of grants (GAM-27's owner switches) */
    /* the aggregator's same-cycle events (docs/interrupts.md IRQ-9, IRQ-10), drawn from a random stream of its own,
     * only in the seeds where it fires (the other seeds are the stimulus they are with it at 0) */
    /* host writes racing engine events on the interrupt registers (docs/interrupts.md §5), drawn from a random stream
     * of their own, only in the seeds where it fires (the other seeds are the stimulus they are with it at 0) */
    unsigned irq_race_pct;     /* seeds (not long tests) in which, after 35 % of the submissions, the host writes one interrupt register
                                  of the submitted engine in a burst of 8..32 writes over a window of cycles (the
                                  enable, mask, IMR, IIR_REG_SELECTOR, GT_INTR_DW or GFX_MSTR_IRQ), and which program
                                  HWSTAM and IMR with random legal values (stimulus-format.md §3) */
    unsigned irq_burst_pct;    /* seeds (of 2 or more engines that never stop; not long tests, nor w_user_irq 0)
                                  that end with 2..6 rounds of interrupt bursts: those engines' rings in single
                                  mode; at the end the host enables and unmasks their interrupts; in each round it
                                  services (the DW bits clear), then submits back to back a run of 8..40
                                  MI_USER_INTERRUPT to the lowest of them and a single MI_USER_INTERRUPT after some
                                  MI_NOOPs to each other, and waits for idle: second-level events of two engines in
                                  one cycle (IRQ-10) */
    /* Gen11 command variants (docs/spec-decisions.md C13, C17, C21, C26, C28, C32, C33, C35-C38), drawn from a random
     * stream of their own, each only in the seeds where its knob fires (a seed whose knobs all miss is the stimulus
     * it is with them at 0). In such a seed gen11_unit_pct of the command draws are one of the enabled units. */
    unsigned gen11_unit_pct;   /* command draws of a seed with a unit knob firing that are one of those units */
    unsigned cs_mmio_pct;      /* seeds whose LRI/LRM/SRM/LRR (40% of them) use engine-relative offsets with the Add
                                  CS MMIO Start Offset bit(s) (C38; LRR: source, destination or both) */
    unsigned math_load1_pct;   /* seeds with MI_MATH programs using LOAD1 as all ones (C21: ADD = decrement, AND, SUB,
                                  XOR), the result stored to memory by MI_STORE_REGISTER_MEM */
    unsigned pred_jump_pct;    /* seeds (with RCS0) whose RCS0 computes MI_PREDICATE_RESULT_1 (LRI, LRR or MI_MATH)
                                  and jumps by a predicated MI_BATCH_BUFFER_START (C17), in predicated loops too;
                                  MI_PREDICATE_RESULT sometimes the opposite value */
    unsigned atomic_forms_pct; /* seeds with MI_ATOMIC in its 5/7/11-dword inline forms and with GPR operands (R0, R2
                                  loaded by LRI), return data (R4) stored by SRM (C28) */
    unsigned cbbe_pct;         /* seeds with MI_CONDITIONAL_BATCH_BUFFER_END without Compare Semaphore, in mask mode,
                                  ending first- and second-level batches with commands after them (C26) */
    unsigned sig_target_pct;   /* seeds whose MI_SEMAPHORE_SIGNALs (half of them) target 4 or 6..14 (no effect, C32) */
    unsigned host_reg_pct;     /* seeds (drawn from a stream of their own) whose host writes a random subset of the
                                  engine registers no other part of the host program writes (storage, CS_GPR,
                                  MI_PREDICATE_*, context and execlist storage) with random values at setup, reads
                                  some back, and writes EXECLIST_SQ elements 2..7 while the engines run */
    unsigned high_place_pct;   /* seeds (drawn from a stream of their own) whose rings, batch areas, status pages, execlist
                                  areas and GGTT data (not the semaphore page) sit at random pages over the whole legal
                                  GGTT range, whose rings are up to the largest RING_CTL length, and whose physical pages
                                  go up to 2^39 */
    unsigned sem_burst_pct;    /* seeds with bursts of MI_SEMAPHORE_SIGNAL around the semaphore writes and the
                                  signal-mode waits (cycle contract §3 re-read rule, C32a); a stream of its own */
    unsigned irq_dense_pct;    /* seeds (drawn from a stream of their own; not long tests) in which the host writes one
                                  engine's mask, IMR or its DW's selector every cycle over the stretch where that
                                  engine's events come: most rounds of irq_burst_pct, and after 50 % of the
                                  submissions that raise an interrupt, then the service routine (docs/interrupts.md
                                  §5: a host write in the very cycle of that engine's event) */
    unsigned alias_signal_pct; /* seeds (drawn from a stream of their own; only those with sem_burst_pct's quiet bursts)
                                  whose quiet bursts send, in the gaps without a signal, MI_SEMAPHORE_SIGNALs to
                                  Target Engine Select 8 + the quiet waiter's code (VCS4..VCS7: no effect, C32) */
    unsigned nonpriv_entries_pct; /* engines (of a seed where it fires) whose host programs all 12 FORCE_TO_NONPRIV
                                  entries (access, range, deny: C37), non-privileged batches writing inside and outside
                                  them, LRIs with one forbidden pair among allowed ones (C13) */
    unsigned sdi2_pct;         /* seeds with 5-dword MI_STORE_DATA_IMM without Store Qword (two dwords, C35) */
    unsigned reg_poll_pct;     /* seeds whose engines wait once in register poll mode on a CS_GPR of their own that
                                  the host releases with one MMIO write (C33) */
    unsigned long_lri_pct;     /* seeds with MI_LOAD_REGISTER_IMM of 21..257 dwords in batches (C36) */
    unsigned priv_violation_pct; /* seeds (drawn from a stream of their own) whose non-privileged batches keep the GGTT
                                  bit of a quarter of their GGTT-selecting operands: privilege violations (G1, C41); in
                                  those seeds half of the engines' hosts clear EMR bit 2 at setup (EIR bit 2, CS_MASTER_ERROR) */
    /* execlists (docs/execlists.md; docs/stimulus-format.md §3 "Execlists"), drawn from a random stream of its own,
     * only in the seeds where execlist_pct fires (every other seed is the stimulus it is with it at 0) */
    unsigned execlist_pct;     /* seeds (not long tests) with engines in execlist mode, the others in ring-buffer mode */
    unsigned el_engine_pct;    /* of such a seed's driven engines that never stop: those in execlist mode (>= 1) */
    unsigned el_scenario_pct;  /* an execlist engine's submissions (after its first) made as a scenario below */
    unsigned w_el_two, w_el_empty, w_el_spin, w_el_idle, w_el_pingpong;   /* scenario weights: [main, filler],
                                  [main, empty], a spinner preempted and resumed, preempt to idle, a ping-pong pair */
    unsigned w_el_poll, w_el_replace;   /* scenario weights: a poll spinner (a poll-mode wait in its ring) preempted at
                                  the wait and resumed in the ring; a Load that replaces a pending one (EL-11, E2) */
    unsigned el_lite_pct;      /* spinners (either kind) resubmitted while they run with a new tail: a lite restore (EL-17) */
    unsigned el_csb_pct;       /* submissions after which the host services the CSB (el_csb) */
    unsigned el_invalid_pct;   /* submissions preceded by a Load with element 0 invalid (ignored, EL-12) */
    unsigned el_malformed_pct; /* execlist seeds in which one execlist engine ends with an unmapped LRCA or a
                                  broken image (EL-27: it halts) */
    /* long tests (docs/stimulus-format.md §3 "Long tests"): 0, or at least this many cycles by the generator's
     * estimate (gtref_stim_estimate_cycles): every ring is filled and submitted lap after lap until one engine that
     * never stops has been given enough ring dwords; that engine gets no illegal command nor hang-mode fault */
    uint64_t min_cycles;
} gtref_gen_config;
void gtref_gen_config_default(gtref_gen_config *c);
/* The long mixed command stream of gtref bench (docs/performance.md): c's weights and corners kept, 20,000-30,000 ring
 * commands per engine on rings of up to 16 pages, every ring multi-page (about 240,000 cycles with seed 7). */
void gtref_gen_config_bench_long(gtref_gen_config *c);
int gtref_stim_generate(gtref_stim *s, uint64_t seed, const gtref_gen_config *c);
/* The generator's length measure (long tests): the ring dwords the host program hands each engine (the advances of
 * its RING_TAIL writes, modulo the ring size its RING_CTL sets; dw[] may be NULL), and the cycle estimate made from
 * them, the largest engine's dwords times GTREF_GEN_CYCLES_PER_RING_DW. The factor is a lower bound measured on the
 * clean RTL (docs/test-lists.md "Long tests"): a test runs at least about that long unless its engines halt. */
#define GTREF_GEN_CYCLES_PER_RING_DW 3u
#define GTREF_GEN_MAX_MIN_CYCLES 100000000ull  /* the most min_cycles may ask for */
uint64_t gtref_stim_ring_dwords(const gtref_stim *s, uint64_t dw[GTREF_MAX_ENGINES]);
uint64_t gtref_stim_estimate_cycles(const gtref_stim *s);

/* The kinds of illegal command the generator makes (docs/cycle-contract.md §4, spec decision C2). */
enum gtref_bad_kind {
    GTREF_BAD_OPCODE,   /* an MI opcode not in gtref_cmds[] */
    GTREF_BAD_TYPE,     /* command type (DW0[31:29]) != 0 */
    GTREF_BAD_LENGTH,   /* a known command with a length outside the table's range */
    GTREF_BAD_SDI,      /* MI_STORE_DATA_IMM with Store Qword and an even length (4, 6, ...: C35) */
    GTREF_BAD_LRI,      /* MI_LOAD_REGISTER_IMM with an even length */
    GTREF_BAD_ENGINE,   /* a legal command the executing engine does not accept (gtref_gen_wrong_engine) */
    GTREF_BAD_KINDS
};
/* One illegal command header of the given kind, drawn with next() (a random 64-bit source): its DW0, which
 * gtref_cmd_find/gtref_cmd_legal reject. Returns 0, or -1 when the command table leaves no such command
 * (e.g. every opcode is implemented). */
int gtref_gen_malformed(enum gtref_bad_kind kind, uint64_t (*next)(void *), void *ctx, uint32_t *dw0);
/* GTREF_BAD_ENGINE: the DW0 (legal length) of a command the table defines but engine e does not accept
 * (PIPE_CONTROL or a render-only command off RCS0, MI_FLUSH_DW on RCS0, ...). 0, or -1 when there is none. */
int gtref_gen_wrong_engine(int engine, uint64_t (*next)(void *), void *ctx, uint32_t *dw0);

/* Text tests (.gts): assemble into a stimulus, disassemble any stimulus back to text.
 * assemble(disassemble(s)) encodes to the same bytes as s. */
int gtref_gts_assemble(gtref_stim *s, const char *text, const char *filename, char *err, size_t errsz);
int gtref_gts_assemble_file(gtref_stim *s, const char *path, char *err, size_t errsz);
int gtref_gts_disassemble(const gtref_stim *s, FILE *out);
#endif
