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
 * Commands: one emitter per family (emit_cmd draws the family with the w_* weights; every command is built
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
 * PPGTT addresses (bits 63:48 zero) are at or above 0x40_0000_0000: each PPGTT engine's data areas, batch area and
 * the semaphore page of its root. Physical pages handed out are below 0x40_0000_0000 (0x2000_0000..0x8000_0000 or
 * above 4 GB), so no operand's graphics address equals the physical address of commands. */
#include "gtref/cmds.h"
#include "gtref/engines.h"
#include "gtref/gam.h"
#include "gtref/host_isr.h"
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
#define MAX_ALU        12u            /* ALU instructions of one MI_MATH */
#define GTREF_MAX_CMD_BUF 16u         /* dwords of a command built field by field (MI_ATOMIC: 11) */
#define FILLER_DW      64u            /* NOOP filler comes in chunks of at most this many dwords */
#define IRQ_WAIT_CYCLES 5000u
#define GTREF_GEN_MAX_CYCLES_FACTOR 16u  /* long tests: max_cycles = 400000 + this times min_cycles (a runaway guard:
                                            measured tests ran 1.3 to 9.2 times min_cycles) */
#define MAX_LRI_POOL   64u
#define MAX_BURSTS     6u             /* rounds of an interrupt burst (irq_burst_pct) */
#define ERR_CP_PRIV    0x4u           /* EMR/EIR/ESR bit 2: privilege violation (C41) */

void gtref_gen_config_bench_long(gtref_gen_config *c)
{
    c->min_cmds = 20000;
    c->max_cmds = 30000;
    c->max_ring_pages = 16;
    c->multi_page_pct = 100;
}

void gtref_gen_config_default(gtref_gen_config *c)
{
    memset(c, 0, sizeof *c);
    c->engines = 4;
    c->all_engines_pct = 75;
    c->min_cmds = 20;
    c->max_cmds = 200;
    /* the command families (one emitter each, emit_cmd) */
    c->w_noop = 6;
    c->w_lri = 16;
    c->w_sdi = 16;
    c->w_batch = 12;
    c->w_user_irq = 6;
    c->w_math = 8;
    c->w_atomic = 8;
    c->w_predicate = 6;
    c->w_set_predicate = 4;
    c->w_lrr = 4;
    c->w_lrm = 4;
    c->w_srm = 4;
    c->w_copy = 3;
    c->w_cond_end = 3;
    c->w_hws = 4;
    c->w_flush = 6;
    c->w_sem_wait = 4;
    c->w_arb = 3;
    c->w_sem_signal = 2;
    c->w_watchdog = 3;
    c->sem_signal_pct = 50;
    c->early_wait_pct = 50;
    c->watchdog_pct = 50;
    c->host_race_pct = 50;
    c->chain_pct = 20;
    c->nonpriv_pct = 35;
    c->force_nonpriv_pct = 50;
    c->notify_irq_pct = 40;
    c->max_sem_slots = 3;
    c->lri_other_pct = 15;
    c->lri_ignored_pct = 30;
    c->multi_page_pct = 25;
    c->max_ring_pages = 4;
    c->laps_pct = 80;
    c->split_tail_pct = 15;
    c->back_to_back_pct = 40;
    c->irq_closed_pct = 20;
    /* illegal commands: in the second half of an engine's stream, at each level (ring, first, second) alike,
     * often enough that every (kind, engine, level) bin is reached in 200 seeds */
    c->malformed_pct = 60;
    c->malformed_engine_pct = 70;
    c->malformed_batch_pct = 67;
    c->emr_unmask_pct = 50;
    c->w_bad_opcode = 3;
    c->w_bad_type = 3;
    c->w_bad_length = 1;
    c->w_bad_sdi = 1;
    c->w_bad_lri = 1;
    c->w_bad_engine = 3;
    /* address translation */
    c->ggtt_remap_pct = 40;
    c->alias_pct = 30;
    c->pte_junk_pct = 20;
    c->ppgtt_pct = 60;
    c->ppgtt_engine_pct = 80;
    c->shared_pml4_pct = 40;
    c->tlb_pressure_pct = 50;
    c->remap_pct = 25;
    c->live_remap_pct = 30;
    c->lra_pct = 40;
    c->midarb_pct = 60;
    c->fault_pct = 25;
    c->fault_continue_pct = 50;
    c->fault_engine_pct = 80;
    c->fault_if_pct = 30;
    c->fault_cmd_pct = 8;
    c->emr_pf_unmask_pct = 50;
    c->fault_clear_pct = 50;
    /* host invalidations and admission limits (docs/gam.md GAM-21..23) */
    c->flsh_cntl_pct = 40;
    c->flsh_cntl_live_pct = 30;
    c->instpm_pct = 30;
    c->instpm_setup_pct = 30;
    c->req_limit_pct = 40;
    /* the GAC/GAB cascade (docs/gam.md GAM-26 to GAM-28) */
    c->gac_gab_pct = 60;
    c->gac_gam_pct = 60;
    c->casc_contend_pct = 35;
    /* the aggregator's same-cycle events (docs/interrupts.md IRQ-10) */
    c->irq_burst_pct = 25;
    /* Gen11 variants (docs/spec-decisions.md C13, C17, C21, C26, C28, C32, C33, C35-C38): a stream of their own */
    c->gen11_unit_pct = 12;
    c->cs_mmio_pct = 50;
    c->math_load1_pct = 50;
    c->pred_jump_pct = 60;
    c->atomic_forms_pct = 50;
    c->cbbe_pct = 50;
    c->sig_target_pct = 40;
    c->nonpriv_entries_pct = 50;
    c->sdi2_pct = 50;
    c->reg_poll_pct = 40;
    c->long_lri_pct = 30;
    c->priv_violation_pct = 50;
}

/* ---- illegal commands ---- */

/* Everything the kit knows about command legality comes from the command table: gtref_cmds[],
 * gtref_cmd_find, gtref_cmd_length and gtref_cmd_legal. The result is checked against them. */
int gtref_gen_malformed(enum gtref_bad_kind kind, uint64_t (*next)(void *), void *ctx, uint32_t *dw0)
{
    uint32_t v = 0;
    bool found = false;
    switch (kind) {
    case GTREF_BAD_OPCODE: {          /* an MI opcode the table does not have; random low bits */
        unsigned first = (unsigned)(next(ctx) % 64u);
        for (unsigned i = 0; i < 64 && !found; i++) {
            uint32_t op = (first + i) % 64u;
            v = GTREF_MI_DW0(op) | ((uint32_t)next(ctx) & 0x007FFFFFu);
            found = gtref_cmd_find(v) == NULL;
        }
        break;
    }
    case GTREF_BAD_TYPE:              /* command type 1..7 (not MI) that the table does not define; the rest random */
        for (unsigned i = 0; i < 64 && !found; i++) {
            v = (uint32_t)(1u + next(ctx) % 7u) << 29 | ((uint32_t)next(ctx) & 0x1FFFFFFFu);
            found = gtref_cmd_find(v) == NULL;
        }
        break;
    case GTREF_BAD_LENGTH: {          /* a known variable-length command, DWord Length outside its range */
        unsigned first = (unsigned)(next(ctx) % GTREF_CMD_COUNT);
        for (unsigned i = 0; i < GTREF_CMD_COUNT && !found; i++) {
            const gtref_cmd_def *c = &gtref_cmds[(first + i) % GTREF_CMD_COUNT];
            if (c->type != 0 || !c->len_bits) continue;
            uint32_t fmax = (1u << c->len_bits) - 1u;
            unsigned below = c->min_len > c->bias ? c->min_len - c->bias : 0;      /* fields 0..below-1 */
            unsigned above = c->max_len < fmax + c->bias ? fmax + c->bias - c->max_len : 0; /* the top ones */
            if (!below && !above) continue;
            uint32_t k = (uint32_t)(next(ctx) % (below + above));
            if (next(ctx) & 1) k = below && (!above || (next(ctx) & 1)) ? below - 1u : below;  /* just outside */
            uint32_t f = k < below ? k : c->max_len - c->bias + 1u + (k - below);
            v = GTREF_MI_DW0(c->opcode) | f;
            found = gtref_cmd_find(v) == c && !gtref_cmd_legal(c, v, NULL, 0);
        }
        break;
    }
    case GTREF_BAD_SDI: {             /* Store Qword with an even length (3 + 2n only, C35): mostly 4, else 6..1024 */
        const gtref_cmd_def *c = &gtref_cmds[GTREF_CMD_MI_STORE_DATA_IMM];
        unsigned len = next(ctx) & 1 ? 4u : 6u + 2u * (unsigned)(next(ctx) % ((c->max_len - 6u) / 2u + 1u));
        if (len > c->max_len) len = 4;
        v = GTREF_MI_DW0(c->opcode) | GTREF_SDI_STORE_QWORD | (len - c->bias);
        if (next(ctx) & 1) v |= GTREF_SDI_USE_GGTT;
        found = gtref_cmd_find(v) == c && !gtref_cmd_legal(c, v, NULL, 0);
        break;
    }
    case GTREF_BAD_LRI: {             /* an even total length, inside the table's range */
        const gtref_cmd_def *c = &gtref_cmds[GTREF_CMD_MI_LOAD_REGISTER_IMM];
        unsigned lo = c->min_len + (c->min_len % 2), hi = c->max_len - (c->max_len % 2);
        if (hi < lo) break;
        unsigned len = lo + 2u * (unsigned)(next(ctx) % ((hi - lo) / 2u + 1u));
        if (len > 14 && (next(ctx) & 3)) len = lo + 2u * (unsigned)(next(ctx) % 6u);  /* mostly short ones */
        v = GTREF_MI_DW0(c->opcode) | (len - c->bias);
        if (next(ctx) & 1) v |= ((uint32_t)next(ctx) & 0xFu) << GTREF_LRI_BWD_SHIFT;
        found = gtref_cmd_find(v) == c && !gtref_cmd_legal(c, v, NULL, 0);
        break;
    }
    default: break;
    }
    if (!found) return -1;
    *dw0 = v;
    return 0;
}

int gtref_gen_wrong_engine(int engine, uint64_t (*next)(void *), void *ctx, uint32_t *dw0)
{
    int cand[GTREF_CMD_COUNT], n = 0;
    for (int i = 0; i < GTREF_CMD_COUNT; i++)
        if (!gtref_cmd_on_engine(&gtref_cmds[i], engine)) cand[n++] = i;
    if (!n) return -1;
    /* half of the time the commands that matter most: PIPE_CONTROL off RCS0, MI_FLUSH_DW on RCS0 */
    int pref = engine == 0 ? GTREF_CMD_MI_FLUSH_DW : GTREF_CMD_PIPE_CONTROL;
    const gtref_cmd_def *c = &gtref_cmds[(next(ctx) & 1) && !gtref_cmd_on_engine(&gtref_cmds[pref], engine)
                                             ? pref : cand[next(ctx) % (uint64_t)n]];
    unsigned span = c->max_len - c->min_len + 1u;
    unsigned len = c->min_len + (unsigned)(next(ctx) % (span < 4 ? span : 4));
    uint32_t v = gtref_cmd_header(c, len);
    if (gtref_cmd_find(v) != c || !gtref_cmd_legal(c, v, NULL, 0)) v = gtref_cmd_header(c, c->min_len);
    if (gtref_cmd_find(v) != c || !gtref_cmd_legal(c, v, NULL, 0)) return -1;
    *dw0 = v;
    return 0;
}

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
typedef struct sem_slot { uint64_t addr; uint32_t init, value; int writer; } sem_slot;   /* addr: its GGTT address */

/* ---- address spaces (docs/gam.md) ----
 * The generator keeps one page map per space: the GGTT (sp[SP_GGTT]) and each PPGTT root (sp[1..4]). A page gets
 * its physical page when it is first used (map_page): identity in the GGTT, unless the seed remaps (then a random
 * free physical page), a random free physical page in a PPGTT. Rings, batches and data are written through these
 * maps into a physical image (pages with their written span), which becomes the stimulus's segments at the end;
 * the tables (GGTT entries at GTREF_GSM_BASE, four-level PPGTT tables) are built from the maps once every page is
 * known (finalize_tables, write_tables). An engine's accesses select a view: VIEW_GGTT, or VIEW_PPGTT (its root,
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
    tpage *tp; size_t ntp;             /* PPGTT: directory and table pages (finalize_tables) */
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
    unsigned open_batches;     /* batches being built (placed once complete) */
    uint32_t hot_init[2][STORE_HOT / 4];   /* initial data of the first 256 bytes of each view's first area */
    /* batches and stores */
    uint64_t next_batch[2], batch_limit[2];    /* by view */
    batch_ref *batches[3]; size_t nbatches[3];   /* by level (1, 2), for reuse */
    uint64_t store_base, hws;
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
    /* interrupt bursts (irq_burst_pct): after the cycle, in the ring, one segment per round; bend[r] is the dword
     * offset (from the end of the cycle) where round r's segment ends */
    dw_vec bdw;
    uint32_t bend[MAX_BURSTS];
    /* submissions */
    boundary *bounds; size_t nb, k;
    uint64_t pos, idle_pos, halt_pos;
    bool halt_submitted;       /* the illegal command is before the tail: the engine will halt there ... */
    bool halted;               /* ... and a wait_idle since then has made sure it has (head stuck there) */
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
    chunk *cur_chunk;          /* the ring chunk being made (make_chunk), NULL otherwise */
} gen;

static void push(gen *g, dw_vec *d, uint32_t v)
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

static uint32_t rnd32(gen *g) { return (uint32_t)gtref_rng_next(&g->rng); }
static uint64_t range(gen *g, uint64_t lo, uint64_t hi) { return gtref_rng_range(&g->rng, lo, hi); }
static bool pct(gen *g, unsigned p) { return gtref_rng_pct(&g->rng, p); }
static uint64_t rng_source(void *ctx) { return gtref_rng_next(ctx); }
/* The cascade's stream (gen.crng). */
static uint32_t c_rnd32(gen *g) { return (uint32_t)gtref_rng_next(&g->crng); }
static uint64_t c_range(gen *g, uint64_t lo, uint64_t hi) { return gtref_rng_range(&g->crng, lo, hi); }
static bool c_pct(gen *g, unsigned p) { return gtref_rng_pct(&g->crng, p); }
/* The interrupt bursts' stream (gen.brng). */
static uint64_t b_range(gen *g, uint64_t lo, uint64_t hi) { return gtref_rng_range(&g->brng, lo, hi); }
static bool b_pct(gen *g, unsigned p) { return gtref_rng_pct(&g->brng, p); }

/* The Gen11 variants' stream (gen.xrng): between xbegin and xend it is g->rng, so every helper draws from it. */
static void xswap(gen *g) { gtref_rng t = g->rng; g->rng = g->xrng; g->xrng = t; }
static void xbegin(gen *g) { if (g->xdepth++ == 0) xswap(g); }
static void xend(gen *g) { if (--g->xdepth == 0) xswap(g); }
static bool x_pct(gen *g, unsigned p) { xbegin(g); bool r = pct(g, p); xend(g); return r; }
static bool v_pct(gen *g, unsigned p) { return gtref_rng_pct(&g->vrng, p); }
/* The share p of second-level starts (calls, chains) with ppgtt: since C10 those are non-privileged, so none when
 * nonpriv_pct is 0 (no non-privileged batch at all). */
static unsigned pp2(const gen *g, unsigned p) { return g->cfg->nonpriv_pct ? p : 0u; }
static uint64_t x_range(gen *g, uint64_t lo, uint64_t hi) { xbegin(g); uint64_t r = range(g, lo, hi); xend(g); return r; }

/* Index drawn by weight; -1 when every weight is 0. */
static int pick_weighted(gen *g, const unsigned *w, int n)
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
static uint32_t data32(gen *g)
{
    static const uint32_t corners[] = { 0, 0xFFFFFFFFu, 0x80000000u, 1, 0x0000FFFFu, 0xFFFF0000u, 0x7FFFFFFFu };
    if (pct(g, 15)) return corners[range(g, 0, sizeof corners / sizeof corners[0] - 1)];
    return rnd32(g);
}

static uint64_t data64(gen *g) { return (uint64_t)data32(g) << 32 | data32(g); }

/* ---- address spaces: page maps, physical pages, the image, tables ---- */

static size_t lb_u64(const uint64_t *a, size_t n, uint64_t x)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t m = lo + (hi - lo) / 2;
        if (a[m] < x) lo = m + 1;
        else hi = m;
    }
    return lo;
}

/* Room for `need` elements of `elem` bytes in *v (capacity *cap); false (and oom) when none. */
static bool reserve_mem(gen *g, void **v, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return true;
    size_t c = *cap ? *cap : 16;
    while (c < need) c *= 2;
    void *nv = realloc(*v, c * elem);
    if (!nv) { g->oom = true; return false; }
    *v = nv;
    *cap = c;
    return true;
}

static bool pfn_used(const gen *g, uint64_t pfn)
{
    size_t i = lb_u64(g->used, g->nused, pfn);
    return i < g->nused && g->used[i] == pfn;
}

static void pfn_take(gen *g, uint64_t pfn)
{
    size_t i = lb_u64(g->used, g->nused, pfn);
    if (i < g->nused && g->used[i] == pfn) return;
    if (!reserve_mem(g, (void **)&g->used, &g->cused, g->nused + 1, sizeof *g->used)) return;
    memmove(&g->used[i + 1], &g->used[i], (g->nused - i) * sizeof *g->used);
    g->used[i] = pfn;
    g->nused++;
}

/* A free physical page: random, below 2 GB (above the identity-mapped layout) 30% of the time, else above 4 GB. */
static uint64_t alloc_pa(gen *g)
{
    for (;;) {
        bool low = pct(g, 30);
        uint64_t pfn = range(g, (low ? PA_LOW_MIN : PA_HIGH_MIN) >> 12, ((low ? PA_LOW_END : PA_HIGH_END) >> 12) - 1u);
        if (!pfn_used(g, pfn) || g->oom) {
            pfn_take(g, pfn);
            return pfn << 12;
        }
    }
}

static size_t vlb(const space *s, uint64_t vpn)
{
    size_t lo = 0, hi = s->n;
    while (lo < hi) {
        size_t m = lo + (hi - lo) / 2;
        if (s->pg[m].vpn < vpn) lo = m + 1;
        else hi = m;
    }
    return lo;
}

static vpage *vfind(space *s, uint64_t vpn)
{
    size_t i = vlb(s, vpn);
    return i < s->n && s->pg[i].vpn == vpn ? &s->pg[i] : NULL;
}

static void vinsert(gen *g, space *s, uint64_t vpn, uint64_t pfn)
{
    size_t i = vlb(s, vpn);
    if (!reserve_mem(g, (void **)&s->pg, &s->cap, s->n + 1, sizeof *s->pg)) return;
    memmove(&s->pg[i + 1], &s->pg[i], (s->n - i) * sizeof *s->pg);
    s->pg[i] = (vpage){ vpn, pfn };
    s->n++;
}

/* The physical page of va's page in space spi, mapping it first if needed: identity in the GGTT (unless the seed
 * remaps this page), else a fresh random page. */
static uint64_t map_page(gen *g, int spi, uint64_t va)
{
    space *s = &g->sp[spi];
    uint64_t vpn = va >> 12;
    vpage *v = vfind(s, vpn);
    if (v) return v->pfn << 12;
    uint64_t pa;
    if (spi == SP_GGTT && !(g->remap && pct(g, g->remap_page_pct)) && !pfn_used(g, vpn)) {
        pfn_take(g, vpn);
        pa = vpn << 12;
    } else {
        pa = alloc_pa(g);
    }
    vinsert(g, s, vpn, pa >> 12);
    return pa;
}

static void map_range(gen *g, int spi, uint64_t va, uint64_t len)
{
    for (uint64_t a = va & ~0xFFFull; a < va + len && !g->oom; a += PAGE) map_page(g, spi, a);
}

/* va's page mapped to the physical page pa (an alias: pa is mapped elsewhere too). */
static void map_alias(gen *g, int spi, uint64_t va, uint64_t pa)
{
    if (!vfind(&g->sp[spi], va >> 12)) vinsert(g, &g->sp[spi], va >> 12, pa >> 12);
}

static ppage *img_find(gen *g, uint64_t pfn)
{
    size_t lo = 0, hi = g->nimg;
    while (lo < hi) {
        size_t m = lo + (hi - lo) / 2;
        if (g->img[m].pfn < pfn) lo = m + 1;
        else hi = m;
    }
    return lo < g->nimg && g->img[lo].pfn == pfn ? &g->img[lo] : NULL;
}

static ppage *img_page(gen *g, uint64_t pfn, uint8_t kind)
{
    ppage *f = img_find(g, pfn);
    if (f) return f;
    size_t lo = 0, hi = g->nimg;
    while (lo < hi) {
        size_t m = lo + (hi - lo) / 2;
        if (g->img[m].pfn < pfn) lo = m + 1;
        else hi = m;
    }
    uint8_t *b = calloc(PAGE, 1);
    if (!b || !reserve_mem(g, (void **)&g->img, &g->cimg, g->nimg + 1, sizeof *g->img)) {
        free(b);
        g->oom = true;
        return NULL;
    }
    memmove(&g->img[lo + 1], &g->img[lo], (g->nimg - lo) * sizeof *g->img);
    g->img[lo] = (ppage){ pfn, kind, (uint16_t)PAGE, 0, b };
    g->nimg++;
    return &g->img[lo];
}

/* Bytes into the physical image (NULL: zeros, written all the same). */
static void pwrite(gen *g, uint64_t pa, const void *src, uint32_t len, uint8_t kind)
{
    const uint8_t *p = src;
    while (len && !g->oom) {
        uint32_t off = (uint32_t)(pa & 0xFFFu), n = PAGE - off < len ? PAGE - off : len;
        ppage *pg = img_page(g, pa >> 12, kind);
        if (!pg) return;
        if (p) memcpy(pg->b + off, p, n);
        if (off < pg->lo) pg->lo = (uint16_t)off;
        if (off + n > pg->hi) pg->hi = (uint16_t)(off + n);
        pa += n;
        len -= n;
        if (p) p += n;
    }
}

/* Bytes at graphics address va of space spi, through its map (mapping the pages as needed). */
static void vwrite(gen *g, int spi, uint64_t va, const void *src, uint32_t len, uint8_t kind)
{
    const uint8_t *p = src;
    while (len && !g->oom) {
        uint32_t off = (uint32_t)(va & 0xFFFu), n = PAGE - off < len ? PAGE - off : len;
        pwrite(g, map_page(g, spi, va) + off, p, n, kind);
        va += n;
        len -= n;
        if (p) p += n;
    }
}

/* The image as segments: each page's written span, runs of whole pages joined. */
static void emit_image(gen *g)
{
    for (size_t i = 0; i < g->nimg && !g->oom;) {
        const ppage *a = &g->img[i];
        if (a->hi <= a->lo) { i++; continue; }
        size_t j = i;
        while (j + 1 < g->nimg && g->img[j].hi == PAGE && g->img[j + 1].pfn == g->img[j].pfn + 1 && g->img[j + 1].lo == 0 &&
               g->img[j + 1].hi > 0 && g->img[j + 1].kind == a->kind)
            j++;
        uint64_t addr = (a->pfn << 12) + a->lo;
        uint32_t len = (uint32_t)((g->img[j].pfn << 12) + g->img[j].hi - addr);
        uint8_t *buf = malloc(len);
        if (!buf) { g->oom = true; return; }
        uint32_t k = 0;
        for (size_t m = i; m <= j; m++) {
            uint32_t lo = m == i ? a->lo : 0u, hi = g->img[m].hi;
            memcpy(buf + k, g->img[m].b + lo, hi - lo);
            k += hi - lo;
        }
        if (gtref_stim_add_segment(g->s, addr, a->kind, buf, len)) g->oom = true;
        free(buf);
        i = j + 1;
    }
}

static void mem_write(gen *g, uint64_t addr, uint64_t v)
{
    if (!g->oom && gtref_stim_add_mem_write(g->s, addr, v, 0xFF)) g->oom = true;
}

/* ---- tables (docs/gam.md GAM-3..GAM-6) ---- */

#define TKEY(level, prefix) ((uint64_t)(level) << 56 | (prefix))   /* 1 PDP (va >> 39), 2 PD (va >> 30), 3 PT (va >> 21) */

static tpage *tfind(space *s, uint64_t key)
{
    size_t lo = 0, hi = s->ntp;
    while (lo < hi) {
        size_t m = lo + (hi - lo) / 2;
        if (s->tp[m].key < key) lo = m + 1;
        else hi = m;
    }
    return lo < s->ntp && s->tp[lo].key == key ? &s->tp[lo] : NULL;
}

static void tadd(gen *g, space *s, uint64_t key)
{
    if (tfind(s, key)) return;
    size_t lo = 0, hi = s->ntp;
    while (lo < hi) {
        size_t m = lo + (hi - lo) / 2;
        if (s->tp[m].key < key) lo = m + 1;
        else hi = m;
    }
    tpage *nt = realloc(s->tp, (s->ntp + 1) * sizeof *nt);
    if (!nt) { g->oom = true; return; }
    s->tp = nt;
    memmove(&s->tp[lo + 1], &s->tp[lo], (s->ntp - lo) * sizeof *s->tp);
    s->tp[lo] = (tpage){ key, alloc_pa(g) };
    s->ntp++;
}

static uint64_t tpa(space *s, int level, uint64_t prefix)
{
    tpage *t = tfind(s, TKEY(level, prefix));
    return t ? t->pa : 0;
}

/* Every PPGTT root gets its PML4 and the directories and tables its pages need (once every page is mapped). */
static void finalize_tables(gen *g)
{
    for (int i = 1; i < g->nsp && !g->oom; i++) {
        space *s = &g->sp[i];
        s->pml4 = alloc_pa(g);
        for (size_t k = 0; k < s->n && !g->oom; k++) {
            uint64_t va = s->pg[k].vpn << 12;
            tadd(g, s, TKEY(1, va >> 39));
            tadd(g, s, TKEY(2, va >> 30));
            tadd(g, s, TKEY(3, va >> 21));
        }
    }
}

/* A present entry for pa: bit 0 and the address, and in junk seeds random bits where GAM-3 ignores them. */
static uint64_t entry(gen *g, uint64_t pa)
{
    uint64_t v = pa | GTREF_PTE_PRESENT;
    if (g->junk && pct(g, 50)) v |= gtref_rng_next(&g->rng) & ~(GTREF_PTE_ADDR_MASK | GTREF_PTE_PRESENT);
    return v;
}

/* A PDPE or PDE: bit 7 (PS, a 1 GB or 2 MB page) always clear, whatever the junk (G4: a set PS bit is unimplemented). */
#define PS_BIT (1ull << 7)
static uint64_t dir_entry(gen *g, uint64_t pa) { return entry(g, pa) & ~PS_BIT; }

static void put_entry(gen *g, uint64_t at, uint64_t v)
{
    uint8_t b[8];
    for (unsigned i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
    pwrite(g, at, b, 8, GTREF_SEG_DATA);
}

/* Where the last-level entry of va is (GGTT entry, or PPGTT PTE; the tables exist). */
static uint64_t pte_addr(gen *g, int spi, uint64_t va)
{
    if (spi == SP_GGTT) return GTREF_GSM_BASE + (va >> 12) * 8u;
    return tpa(&g->sp[spi], 3, va >> 21) + ((va >> 12) & GTREF_PT_INDEX_MASK) * 8u;
}

/* The entry whose absence makes fault spot f fault (0 when none is read: GGTT range, PP_DCLV). */
static uint64_t absent_entry(gen *g, const fspot *f)
{
    space *s = &g->sp[f->spi];
    uint64_t va = f->va;
    switch (f->kind) {
    case FT_GGTT_NP: return GTREF_GSM_BASE + (va >> 12) * 8u;
    case FT_PML4E: return s->pml4 + ((va >> 39) & 511u) * 8u;
    case FT_PDPE: return tpa(s, 1, va >> 39) + ((va >> 30) & 511u) * 8u;
    case FT_PDE: return tpa(s, 2, va >> 30) + ((va >> 21) & 511u) * 8u;
    case FT_PTE: return tpa(s, 3, va >> 21) + ((va >> 12) & 511u) * 8u;
    default: return 0;
    }
}

/* The tables' initial contents into the image: the GGTT's entries at GTREF_GSM_BASE, each root's PML4, PDPs, PDs
 * and PTs. In junk seeds the entries that make fault spots fault hold random bits with bit 0 clear. */
static void write_tables(gen *g, const engine_plan *plans, size_t np)
{
    space *gg = &g->sp[SP_GGTT];
    for (size_t k = 0; k < gg->n && !g->oom; k++) put_entry(g, GTREF_GSM_BASE + gg->pg[k].vpn * 8u, entry(g, gg->pg[k].pfn << 12));
    for (int i = 1; i < g->nsp && !g->oom; i++) {
        space *s = &g->sp[i];
        for (size_t k = 0; k < s->ntp; k++) {
            int level = (int)(s->tp[k].key >> 56);
            uint64_t prefix = s->tp[k].key & ((1ull << 56) - 1u);
            uint64_t table = level == 1 ? s->pml4 : tpa(s, level - 1, prefix >> 9);
            /* a table of level 2 (a PD) or 3 (a PT) is pointed to by a PDPE or a PDE (G4) */
            uint64_t e = level >= 2 ? dir_entry(g, s->tp[k].pa) : entry(g, s->tp[k].pa);
            put_entry(g, table + (prefix & 511u) * 8u, e);
        }
        for (size_t k = 0; k < s->n; k++)
            put_entry(g, tpa(s, 3, s->pg[k].vpn >> 9) + (s->pg[k].vpn & 511u) * 8u, entry(g, s->pg[k].pfn << 12));
    }
    if (!g->junk) return;
    for (size_t i = 0; i < np; i++)
        for (size_t k = 0; k < plans[i].nfspots; k++) {
            uint64_t at = absent_entry(g, &plans[i].fspots[k]);
            if (at) put_entry(g, at, gtref_rng_next(&g->rng) & ~(GTREF_PTE_PRESENT | PS_BIT));   /* G4, even absent */
        }
}

/* ---- PPGTT addresses ---- */

/* Nothing mapped and nothing kept in [lo, hi) of root s. */
static bool pp_free(space *s, uint64_t lo, uint64_t hi)
{
    size_t i = vlb(s, lo >> 12);
    if (i < s->n && s->pg[i].vpn < (hi + PAGE - 1u) >> 12) return false;
    for (size_t k = 0; k < s->nres; k++)
        if (lo < s->res[k].hi && s->res[k].lo < hi) return false;
    return true;
}

static void pp_reserve(gen *g, space *s, uint64_t lo, uint64_t hi)
{
    vrange *nr = realloc(s->res, (s->nres + 1) * sizeof *nr);
    if (!nr) { g->oom = true; return; }
    s->res = nr;
    s->res[s->nres++] = (vrange){ lo, hi };
}

/* A free page-aligned range of len bytes in root s at or above PP_VA_MIN (bits 63:48 zero): 60% in the same 2 MB,
 * 1 GB or 512 GB as one of p's PPGTT areas (shared tables, sparse directories with holes), else anywhere. */
static uint64_t pp_pick(gen *g, space *s, const engine_plan *p, uint64_t len)
{
    static const unsigned shifts[3] = { 21, 30, 39 };
    for (unsigned tries = 0; tries < 100000 && !g->oom; tries++) {
        uint64_t lo = PP_VA_MIN, hi = PP_VA_END;
        if (p && p->nareas[VIEW_PPGTT] && tries < 64 && pct(g, 60)) {
            uint64_t anchor = p->areas[VIEW_PPGTT][range(g, 0, p->nareas[VIEW_PPGTT] - 1)].va;
            unsigned sh = shifts[range(g, 0, 2)];
            lo = anchor >> sh << sh;
            hi = lo + (1ull << sh);
            if (lo < PP_VA_MIN) lo = PP_VA_MIN;
        }
        if (hi - lo < len + PAGE) continue;
        uint64_t va = lo + PAGE * range(g, 0, (hi - lo - len) / PAGE);
        if (pp_free(s, va, va + len)) return va;
    }
    g->oom = true;   /* never in practice: 2^36 pages */
    return 0;
}

/* ---- fault addresses (docs/gam.md GAM-13) ---- */

/* Continue mode sends a faulting access to va[38:0] | 1 << 39 (GAM-15): each such page belongs to one engine, so
 * that engines never share memory there. False when va's page is another engine's. */
static bool cont_claim(gen *g, int e, uint64_t va)
{
    uint64_t cp = (va & GTREF_FAULT_CONTINUE_MASK) >> 12;
    for (size_t k = 0; k < g->ncont; k++)
        if (g->cont_pages[k] == cp) return g->cont_owner[k] == e;
    uint64_t *np = realloc(g->cont_pages, (g->ncont + 1) * sizeof *np);
    if (np) g->cont_pages = np;
    int *no = realloc(g->cont_owner, (g->ncont + 1) * sizeof *no);
    if (no) g->cont_owner = no;
    if (!np || !no) { g->oom = true; return false; }
    g->cont_pages[g->ncont] = cp;
    g->cont_owner[g->ncont++] = e;
    return true;
}

/* A page whose accesses by engine p fault with `kind`, or false when p cannot have one (no PPGTT, no room):
 *   GGTT range: a GGTT address of 4 GB or more (no walk); GGTT not present: a page of p's hole region, never mapped;
 *   PP_DCLV: a PML4 group no page of p's root uses, kept disabled in p's PP_DCLV; PML4E/PDPE/PDE/PTE not present:
 *   a 512 GB / 1 GB / 2 MB region, or a page, never mapped, next to one of p's PPGTT pages (so the levels above are
 *   present). The region is kept (pp_reserve): nothing is mapped there later. */
static bool make_fspot(gen *g, engine_plan *p, int kind, fspot *f)
{
    uint64_t hole = HOLE_BASE + (uint64_t)p->e * HOLE_STRIDE + PAGE * range(g, 0, HOLE_STRIDE / PAGE - 1u);
    uint64_t va = 0;
    bool ggtt = kind <= FT_GGTT_NP;
    if (!ggtt && (!p->ppgtt || !p->nareas[VIEW_PPGTT])) return false;
    int spi = ggtt ? SP_GGTT : p->root;
    space *s = &g->sp[spi];
    unsigned unit = 0, block = 0;
    switch (kind) {
    case FT_GGTT_RANGE: va = range(g, 0x40, 0xFFFF) << 32 | hole; break;
    case FT_GGTT_NP: va = hole; break;
    case FT_DCLV: unit = 43; block = 48; break;
    case FT_PML4E: unit = 39; block = 43; break;
    case FT_PDPE: unit = 30; block = 39; break;
    case FT_PDE: unit = 21; block = 30; break;
    default: unit = 12; block = 21; break;
    }
    if (unit) {
        uint64_t anchor = p->areas[VIEW_PPGTT][range(g, 0, p->nareas[VIEW_PPGTT] - 1)].va;
        uint64_t lo = block >= 48 ? 0 : anchor >> block << block;
        for (int t = 0; t < 64 && !va; t++) {
            uint64_t u = lo + (range(g, 0, (1ull << (block - unit)) - 1u) << unit), uhi = u + (1ull << unit);
            if (uhi <= PP_VA_MIN || !pp_free(s, u, uhi)) continue;
            uint64_t vlo = u < PP_VA_MIN ? PP_VA_MIN : u;
            va = vlo + PAGE * range(g, 0, (uhi - vlo) / PAGE - 1u);
            pp_reserve(g, s, u, uhi);
            if (kind == FT_DCLV) p->dclv_forbid |= 1u << (u >> 43);
        }
        if (!va) return false;
    }
    if (g->cont && !cont_claim(g, p->e, va)) return false;
    /* the command's bit: GGTT spots need the GGTT bit on a PPGTT engine; elsewhere either bit selects the GGTT (G1) */
    *f = (fspot){ va, ggtt ? (p->ppgtt || pct(g, 50)) : false, kind, spi };
    return true;
}

/* One more fault spot for p: on a PPGTT engine 80% of them in its PPGTT (every level), else in the GGTT. */
static void add_fspot(gen *g, engine_plan *p)
{
    if (p->nfspots >= MAX_FSPOTS) return;
    for (int t = 0; t < 16; t++) {
        bool pp = p->ppgtt && p->nareas[VIEW_PPGTT] && pct(g, 80);
        int kind = pp ? (int)range(g, FT_DCLV, FT_KINDS - 1) : (int)range(g, FT_GGTT_RANGE, FT_GGTT_NP);
        if (make_fspot(g, p, kind, &p->fspots[p->nfspots])) { p->nfspots++; return; }
    }
    for (int t = 0; t < 16; t++)
        if (make_fspot(g, p, FT_GGTT_NP, &p->fspots[p->nfspots])) { p->nfspots++; return; }
}

/* ---- data operands ---- */

static int view_of(const engine_plan *p, bool ggtt) { return !ggtt && p->ppgtt ? VIEW_PPGTT : VIEW_GGTT; }
static int spi_of(const engine_plan *p, int view) { return view == VIEW_PPGTT ? p->root : SP_GGTT; }

/* An address in the engine's data of view v for an access of size bytes aligned to align, or (odd4) a qword at a
 * 4- but not 8-aligned address: 40% in the first 256 bytes of its first area (pre-filled, stores overwrite each
 * other), else anywhere in its areas (by bytes). The access never leaves its area. */
static uint64_t data_addr(gen *g, int v, unsigned size, unsigned align, bool odd4)
{
    const engine_plan *p = g->p;
    const area *a = &p->areas[v][0];
    uint32_t span = STORE_HOT;
    if (!pct(g, 40)) {
        uint64_t total = 0;
        for (size_t k = 0; k < p->nareas[v]; k++) total += p->areas[v][k].len;
        uint64_t x = range(g, 0, total - 1u);
        for (size_t k = 0; k < p->nareas[v]; k++) {
            if (x < p->areas[v][k].len) { a = &p->areas[v][k]; break; }
            x -= p->areas[v][k].len;
        }
        span = a->len;
    }
    if (odd4) return a->va + 4u + 8u * range(g, 0, (span - 12u) / 8u);
    return a->va + align * range(g, 0, (span - size) / align);
}

/* A command's memory operand: its Use Global GTT bit and its address. */
typedef struct opnd { bool ggtt; uint64_t a; } opnd;
enum { OP_D, OP_Q8, OP_Q };   /* a dword (4-aligned); 8-aligned; a qword, 25% of them 4-aligned (two writes) */

/* An operand at fault spot f (a page): somewhere in its first 3.75 KB. */
static opnd fault_operand(gen *g, const fspot *f, int how)
{
    unsigned align = how == OP_D || (how == OP_Q && !pct(g, 75)) ? 4u : 8u;
    return (opnd){ f->ggtt, f->va + align * range(g, 0, 0xF00u / align) };
}

/* The operand of an ordinary access: GGTT or PPGTT-selecting (half each) in the engine's data of the effective
 * space; in continue mode (fault_cmd_pct) now and then at one of its fault spots. */
static opnd operand(gen *g, int how)
{
    const engine_plan *p = g->p;
    if (p->cont_faults && pct(g, g->cfg->fault_cmd_pct)) return fault_operand(g, &p->fspots[range(g, 0, p->nfspots - 1)], how);
    opnd o;
    o.ggtt = pct(g, 50);
    int v = view_of(p, o.ggtt);
    if (how == OP_Q && !pct(g, 75)) o.a = data_addr(g, v, 8, 4, true);
    else o.a = data_addr(g, v, how == OP_D ? 4u : 8u, how == OP_D ? 4u : 8u, false);
    return o;
}

/* Percentage of a violation seed's GGTT-selecting operands in non-privileged batches that stay GGTT (G1, C41). */
#define VIOL_OPND_PCT 25u

/* The GGTT bit of an operand of a non-privileged batch (G1): a GGTT-selecting access there is a privilege violation
 * (C41, a NOOP), so it keeps the bit only as a deliberate violation (priv_violation_pct seeds, from their stream). */
static bool np_keep_ggtt(gen *g) { return g->x_viol && v_pct(g, VIOL_OPND_PCT); }

/* operand() for a command of a batch whose privilege is `nonpriv`: in a non-privileged batch (C10, G1) a GGTT-selecting
 * operand is a privilege violation (C41): kept only on purpose (np_keep_ggtt), else the bit is cleared (an engine
 * without RING_MODE[9] still uses the GGTT, the same address) or the address is drawn again in its PPGTT data. */
static opnd operand_np(gen *g, bool nonpriv, int how)
{
    opnd o = operand(g, how);
    if (!nonpriv || !o.ggtt || np_keep_ggtt(g)) return o;
    o.ggtt = false;
    if (!g->p->ppgtt) return o;
    if (how == OP_Q && !pct(g, 75)) o.a = data_addr(g, VIEW_PPGTT, 8, 4, true);
    else o.a = data_addr(g, VIEW_PPGTT, how == OP_D ? 4u : 8u, how == OP_D ? 4u : 8u, false);
    return o;
}

/* A semaphore's address in view v of engine p: its GGTT address, or where p's root maps the semaphore page. */
static uint64_t sem_addr(const gen *g, const engine_plan *p, int v, const sem_slot *sl)
{
    return v == VIEW_PPGTT ? g->sp[p->root].sem_va + (sl->addr - SEM_BASE) : sl->addr;
}

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

static void cmd_begin(cmdbuf *b, int id, unsigned len)
{
    memset(b, 0, sizeof *b);
    b->c = &gtref_cmds[id];
    b->len = len;
    b->dw[0] = gtref_cmd_header(b->c, len);
}

static void set(cmdbuf *b, int field, uint64_t v) { gtref_field_set(b->dw, &gtref_fields[field], v); }

static void cmd_end(gen *g, ectx *x, const cmdbuf *b)
{
    for (unsigned i = 0; i < b->len; i++) push(g, x->d, b->dw[i]);
}

#define FLD(c, f) GTREF_F_##c##_##f

/* ---- addresses and registers ---- */

/* A 64-bit register index as drawn, but never the engine's register-poll register (reg_poll_pct): its neighbour. */
static unsigned rreg(const gen *g, unsigned r) { return g->p && g->p->rp_r >= 0 && r == (unsigned)g->p->rp_r ? r ^ 1u : r; }

static uint32_t gpr(gen *g)
{
    uint32_t i = (uint32_t)range(g, 0, 31);
    return g->p->gpr0 + 4u * (2u * rreg(g, i / 2u) + (i & 1u));
}

/* The register an LRI/LRR/LRM writes: mostly one of the engine's CS_GPRs; lri_other_pct of the time the
 * engine's other writable registers (never RING_*, HWS_PGA or FORCE_TO_NONPRIV), or one of its read-only registers
 * (dropped, C6). Never an offset outside the issuing engine's registers (C6: unimplemented). In a non-privileged
 * batch a third of the targets are the whitelisted ones (C13), the rest as above: a target not allowed makes the
 * command a privilege violation (C41). */
static uint32_t lri_target(gen *g, const ectx *x)
{
    engine_plan *p = g->p;
    if (x->nonpriv && p->nforced && pct(g, 30)) return p->forced[range(g, 0, p->nforced - 1)];
    if (pct(g, x->nonpriv ? 40 : g->cfg->lri_other_pct)) {
        if (p->nignored && pct(g, g->cfg->lri_ignored_pct)) return p->ignored[range(g, 0, p->nignored - 1)];
        if (p->nown_other) return p->own_other[range(g, 0, p->nown_other - 1)];
    }
    return gpr(g);
}

/* An LRR/SRM source: a register of the issuing engine (C14: any other offset is unimplemented). */
static uint32_t read_source(gen *g)
{
    engine_plan *p = g->p;
    if (pct(g, 50) || !p->nreadable) return gpr(g);
    if (p->nignored && pct(g, 10)) return p->ignored[range(g, 0, p->nignored - 1)];   /* a read-only one */
    return p->readable[range(g, 0, p->nreadable - 1)];
}

/* ---- one emitter per command family ---- */

static void emit_noop(gen *g, ectx *x)
{
    cmdbuf b;
    /* MI_BATCH_BUFFER_END in the ring executes as MI_NOOP (spec decision C8): a corner worth visiting */
    if (x->level == 0 && !x->in_block && pct(g, 10)) {
        cmd_begin(&b, GTREF_CMD_MI_BATCH_BUFFER_END, 1);
    } else {
        cmd_begin(&b, GTREF_CMD_MI_NOOP, 1);
        if (pct(g, 30)) {
            set(&b, FLD(MI_NOOP, NOPID_WRITE), 1);
            set(&b, FLD(MI_NOOP, NOPID), rnd32(g) & 0x3FFFFFu);
        }
    }
    cmd_end(g, x, &b);
}

static void emit_arb(gen *g, ectx *x)
{
    cmdbuf b;
    bool wfe = gtref_cmd_on_engine(&gtref_cmds[GTREF_CMD_MI_WAIT_FOR_EVENT], g->p->e);
    unsigned k = (unsigned)range(g, 0, wfe ? 2 : 1);
    if (k == 0) cmd_begin(&b, GTREF_CMD_MI_ARB_CHECK, 1);
    else if (k == 1) {
        cmd_begin(&b, GTREF_CMD_MI_ARB_ON_OFF, 1);
        set(&b, FLD(MI_ARB_ON_OFF, ENABLE), pct(g, 50));
    } else cmd_begin(&b, GTREF_CMD_MI_WAIT_FOR_EVENT, 1);   /* no wait enable (commands.md §4) */
    cmd_end(g, x, &b);
}

/* cs_mmio_pct (C38): an offset of the engine's own register window can be written engine-relative with the Add CS
 * MMIO Start Offset bit, as Mesa's Gen11 MI builder writes the 0x2xxx registers. */
static bool rel_ok(const gen *g, uint32_t off)
{
    uint32_t b = gtref_engines[g->p->e].base;
    return off >= b && off - b < 0x1000u;
}
static uint32_t rel(const gen *g, uint32_t off) { return off - gtref_engines[g->p->e].base; }
/* Whether a command of a cs_mmio seed uses the relative form (40%), drawn from the variants' stream. */
static bool use_rel(gen *g) { return g->x_cs_mmio && x_pct(g, 40); }

static void emit_lri_regs(gen *g, ectx *x, unsigned nregs, const uint32_t *regs, const uint32_t *vals, uint32_t bwd)
{
    const gtref_cmd_def *c = &gtref_cmds[GTREF_CMD_MI_LOAD_REGISTER_IMM];
    bool r = g->x_cs_mmio;
    for (unsigned i = 0; i < nregs && r; i++) r = rel_ok(g, regs[i]);
    r = r && use_rel(g);
    uint32_t dw0 = gtref_cmd_header(c, 1u + 2u * nregs) | bwd << GTREF_LRI_BWD_SHIFT;
    if (r) gtref_field_set(&dw0, &gtref_fields[FLD(MI_LOAD_REGISTER_IMM, CS_MMIO)], 1);
    push(g, x->d, dw0);
    for (unsigned i = 0; i < nregs; i++) {
        push(g, x->d, r ? rel(g, regs[i]) : regs[i]);
        push(g, x->d, vals[i]);
    }
}

static void emit_lri(gen *g, ectx *x)
{
    unsigned nregs = (unsigned)range(g, 1, 6);
    uint32_t regs[6], vals[6];
    for (unsigned i = 0; i < nregs; i++) {
        regs[i] = lri_target(g, x);
        vals[i] = data32(g);
    }
    emit_lri_regs(g, x, nregs, regs, vals, pct(g, 20) ? (uint32_t)range(g, 1, 15) : 0u);
}

static void emit_sdi_to(gen *g, ectx *x, opnd o, bool qword, uint64_t v)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_STORE_DATA_IMM, qword ? 5 : 4);
    set(&b, FLD(MI_STORE_DATA_IMM, QWORD), qword);
    set(&b, FLD(MI_STORE_DATA_IMM, GGTT), o.ggtt);
    set(&b, FLD(MI_STORE_DATA_IMM, ADDR), o.a);
    set(&b, FLD(MI_STORE_DATA_IMM, DATA), qword ? v : (uint32_t)v);
    cmd_end(g, x, &b);
}

static void emit_sdi(gen *g, ectx *x)
{
    bool qword = pct(g, 40);
    emit_sdi_to(g, x, operand_np(g, x->nonpriv, qword ? OP_Q : OP_D), qword, data64(g));
}

static void emit_user_irq(gen *g, ectx *x)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_USER_INTERRUPT, 1);
    cmd_end(g, x, &b);
    if (x->certain) x->irq = true;
}

/* MI_MATH (commands.md §4, C21): a random program over R0..R15 using every opcode; half of the programs are
 * built around a computation (load two GPRs, ADD/SUB/AND/OR/XOR, store ACCU and a flag: Mesa's mi_ult). */
static uint32_t alu(unsigned op, unsigned a, unsigned b) { return (uint32_t)op << 20 | (uint32_t)a << 10 | b; }

static void emit_math(gen *g, ectx *x)
{
    static const unsigned ops[] = { GTREF_ALU_NOOP, GTREF_ALU_LOAD, GTREF_ALU_LOADINV, GTREF_ALU_LOAD0, GTREF_ALU_LOAD1,
                                    GTREF_ALU_ADD, GTREF_ALU_SUB, GTREF_ALU_AND, GTREF_ALU_OR, GTREF_ALU_XOR,
                                    GTREF_ALU_STORE, GTREF_ALU_STOREINV };
    static const unsigned arith[] = { GTREF_ALU_ADD, GTREF_ALU_SUB, GTREF_ALU_AND, GTREF_ALU_OR, GTREF_ALU_XOR };
    static const unsigned store_src[] = { GTREF_ALU_ACCU, GTREF_ALU_SRCA, GTREF_ALU_SRCB, GTREF_ALU_ZF, GTREF_ALU_CF };
    uint32_t prog[MAX_ALU];
    unsigned n = 0;
    if (pct(g, 50)) {
        prog[n++] = alu(pct(g, 80) ? GTREF_ALU_LOAD : GTREF_ALU_LOADINV, GTREF_ALU_SRCA, rreg(g, (unsigned)range(g, 0, 15)));
        prog[n++] = alu(pct(g, 80) ? GTREF_ALU_LOAD : GTREF_ALU_LOADINV, GTREF_ALU_SRCB, rreg(g, (unsigned)range(g, 0, 15)));
        prog[n++] = alu(arith[range(g, 0, 4)], 0, 0);
        prog[n++] = alu(GTREF_ALU_STORE, rreg(g, (unsigned)range(g, 0, 15)), GTREF_ALU_ACCU);
        prog[n++] = alu(pct(g, 75) ? GTREF_ALU_STORE : GTREF_ALU_STOREINV, rreg(g, (unsigned)range(g, 0, 15)),
                        pct(g, 60) ? GTREF_ALU_CF : GTREF_ALU_ZF);
    }
    unsigned more = (unsigned)range(g, n ? 0 : 1, MAX_ALU - n);
    for (unsigned i = 0; i < more; i++) {
        unsigned op = ops[range(g, 0, sizeof ops / sizeof ops[0] - 1)];
        unsigned d = pct(g, 50) ? GTREF_ALU_SRCA : GTREF_ALU_SRCB;
        unsigned s = pct(g, 70) ? rreg(g, (unsigned)range(g, 0, 15)) : store_src[range(g, 0, 4)];
        if (s == GTREF_ALU_SRCA || s == GTREF_ALU_SRCB) s = GTREF_ALU_ACCU;
        switch (op) {
        case GTREF_ALU_LOAD: case GTREF_ALU_LOADINV: prog[n++] = alu(op, d, s); break;
        case GTREF_ALU_LOAD0: case GTREF_ALU_LOAD1: prog[n++] = alu(op, d, 0); break;
        case GTREF_ALU_STORE: case GTREF_ALU_STOREINV:
            prog[n++] = alu(op, rreg(g, (unsigned)range(g, 0, 15)), store_src[range(g, 0, 4)]);
            break;
        default: prog[n++] = alu(op, 0, 0); break;
        }
    }
    push(g, x->d, gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_MATH], 1u + n));
    for (unsigned i = 0; i < n; i++) push(g, x->d, prog[i]);
}

/* MI_ATOMIC (commands.md §5, C28) on the engine's own store area: every modelled opcode, dword or qword,
 * with or without return data; inline data always where the opcode needs operands, sometimes for the others. */
/* One MI_ATOMIC of len dwords (3 without Inline Data; 5, 7 or 11 with it, C28): Operand1/2 Data Dword 0 from the low
 * halves, Dword 1 from the high halves when hi (a qword, or the ignored dwords 5 and 6 of an 11-dword DWORD op). */
static void emit_atomic_cmd(gen *g, ectx *x, opnd o, unsigned base, bool q, unsigned len, bool ret, bool hi,
                            uint64_t op1, uint64_t op2)
{
    bool inl = len > 3;
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_ATOMIC, len);
    set(&b, FLD(MI_ATOMIC, OP), base | (q ? 0x20u : 0u));
    set(&b, FLD(MI_ATOMIC, SIZE), q);
    set(&b, FLD(MI_ATOMIC, INLINE), inl);
    set(&b, FLD(MI_ATOMIC, RETURN_DATA), ret);
    set(&b, FLD(MI_ATOMIC, CS_STALL), pct(g, 20));
    set(&b, FLD(MI_ATOMIC, GGTT), o.ggtt);
    set(&b, FLD(MI_ATOMIC, ADDR), o.a);
    if (inl) {
        set(&b, FLD(MI_ATOMIC, OPERAND1_0), (uint32_t)op1);
        set(&b, FLD(MI_ATOMIC, OPERAND2_0), (uint32_t)op2);
        if (hi) {
            set(&b, FLD(MI_ATOMIC, OPERAND1_1), (uint32_t)(op1 >> 32));
            set(&b, FLD(MI_ATOMIC, OPERAND2_1), (uint32_t)(op2 >> 32));
        }
    }
    cmd_end(g, x, &b);
}

static void emit_atomic_at(gen *g, ectx *x, opnd o, unsigned base, bool q, bool inl, uint64_t op1, uint64_t op2)
{
    bool ret = pct(g, 50);
    emit_atomic_cmd(g, x, o, base, q, inl ? 11u : 3u, ret, q, op1, op2);
}

static void emit_atomic(gen *g, ectx *x)
{
    unsigned base = (unsigned)range(g, 0x01, 0x0F);
    bool q = pct(g, 50);
    bool needs = !(base == 0x05 || base == 0x06 || base == 0x0F);   /* INC, DEC, PREDEC take no operand */
    bool inl = needs || pct(g, 30);
    opnd o = operand_np(g, x->nonpriv, q ? OP_Q8 : OP_D);
    uint64_t op1 = data64(g), op2 = data64(g);
    if (base == 0x0E && pct(g, 50)) {   /* CMP_WR: sometimes compare with what is there (a hit) */
        int v = view_of(g->p, o.ggtt);
        uint64_t off = o.a - g->p->areas[v][0].va;
        const uint32_t *hot = g->p->hot_init[v];
        if (off + 8 <= STORE_HOT) op1 = hot[off / 4] | (q ? (uint64_t)hot[off / 4 + 1] << 32 : 0);
    }
    emit_atomic_at(g, x, o, base, q, inl, op1, op2);
}

/* MI_LOAD_REGISTER_REG src -> dst; in cs_mmio seeds now and then with the source, the destination or both relative. */
static void emit_lrr_regs(gen *g, ectx *x, uint32_t src, uint32_t dst)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_LOAD_REGISTER_REG, 3);
    unsigned k = use_rel(g) ? (unsigned)x_range(g, 1, 3) : 0u;   /* bit 0: source, bit 1: destination */
    bool rs = (k & 1u) && rel_ok(g, src), rd = (k & 2u) && rel_ok(g, dst);
    set(&b, FLD(MI_LOAD_REGISTER_REG, CS_MMIO_SRC), rs);
    set(&b, FLD(MI_LOAD_REGISTER_REG, CS_MMIO_DST), rd);
    set(&b, FLD(MI_LOAD_REGISTER_REG, SRC), rs ? rel(g, src) : src);
    set(&b, FLD(MI_LOAD_REGISTER_REG, DST), rd ? rel(g, dst) : dst);
    cmd_end(g, x, &b);
}

static void emit_lrr(gen *g, ectx *x)
{
    uint32_t src = read_source(g);
    emit_lrr_regs(g, x, src, lri_target(g, x));
}

/* MI_LOAD_REGISTER_MEM of the dword at o into absolute offset reg (no other field set). */
static void emit_lrm_plain(gen *g, ectx *x, opnd o, uint32_t reg)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_LOAD_REGISTER_MEM, 4);
    set(&b, FLD(MI_LOAD_REGISTER_MEM, GGTT), o.ggtt);
    set(&b, FLD(MI_LOAD_REGISTER_MEM, REG), reg);
    set(&b, FLD(MI_LOAD_REGISTER_MEM, ADDR), o.a);
    cmd_end(g, x, &b);
}

static void emit_lrm(gen *g, ectx *x)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_LOAD_REGISTER_MEM, 4);
    set(&b, FLD(MI_LOAD_REGISTER_MEM, ASYNC), pct(g, 20));
    opnd o = operand_np(g, x->nonpriv, OP_D);
    uint32_t reg = lri_target(g, x);
    bool r = rel_ok(g, reg) && use_rel(g);
    set(&b, FLD(MI_LOAD_REGISTER_MEM, CS_MMIO), r);
    set(&b, FLD(MI_LOAD_REGISTER_MEM, GGTT), o.ggtt);
    set(&b, FLD(MI_LOAD_REGISTER_MEM, REG), r ? rel(g, reg) : reg);
    set(&b, FLD(MI_LOAD_REGISTER_MEM, ADDR), o.a);
    cmd_end(g, x, &b);
}

static void emit_srm_to(gen *g, ectx *x, bool predicate, uint32_t reg, opnd o)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_STORE_REGISTER_MEM, 4);
    set(&b, FLD(MI_STORE_REGISTER_MEM, PREDICATE), predicate);
    bool r = rel_ok(g, reg) && use_rel(g);
    set(&b, FLD(MI_STORE_REGISTER_MEM, CS_MMIO), r);
    set(&b, FLD(MI_STORE_REGISTER_MEM, GGTT), o.ggtt);
    set(&b, FLD(MI_STORE_REGISTER_MEM, REG), r ? rel(g, reg) : reg);
    set(&b, FLD(MI_STORE_REGISTER_MEM, ADDR), o.a);
    cmd_end(g, x, &b);
}

static void emit_srm_p(gen *g, ectx *x, bool predicate)
{
    opnd o = operand_np(g, x->nonpriv, OP_D);
    emit_srm_to(g, x, predicate, read_source(g), o);
}

static void emit_srm(gen *g, ectx *x) { emit_srm_p(g, x, !x->in_block && pct(g, 25)); }

static void emit_copy(gen *g, ectx *x)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_COPY_MEM_MEM, 5);
    opnd dst = operand_np(g, x->nonpriv, OP_D), src = operand_np(g, x->nonpriv, OP_D);
    set(&b, FLD(MI_COPY_MEM_MEM, GGTT_DST), dst.ggtt);
    set(&b, FLD(MI_COPY_MEM_MEM, GGTT_SRC), src.ggtt);
    set(&b, FLD(MI_COPY_MEM_MEM, DST), dst.a);
    set(&b, FLD(MI_COPY_MEM_MEM, SRC), src.a);
    cmd_end(g, x, &b);
}

/* MI_CONDITIONAL_BATCH_BUFFER_END (C26): Compare Semaphore, no mask mode; in a batch the rest of it may be
 * skipped, so nothing after it is certain any more. */
static void emit_cond_end(gen *g, ectx *x)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END, 4);
    opnd o = operand_np(g, x->nonpriv, OP_Q8);
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, SEMAPHORE), 1);
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, GGTT), o.ggtt);
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, DATA), pct(g, 50) ? rnd32(g) : data32(g));
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, ADDR), o.a);
    cmd_end(g, x, &b);
    if (x->level) x->certain = false;
    if (x->level == 2) x->may_end = true;   /* ends both levels (C26) */
}

/* Into the engine's hardware status page (HWS_PGA, programmed by the host): MI_STORE_DATA_INDEX dword or qword,
 * MI_REPORT_HEAD. */
static void emit_hws(gen *g, ectx *x)
{
    cmdbuf b;
    if (pct(g, 25)) {
        cmd_begin(&b, GTREF_CMD_MI_REPORT_HEAD, 1);
    } else {
        bool q = pct(g, 50);
        cmd_begin(&b, GTREF_CMD_MI_STORE_DATA_INDEX, q ? 4 : 3);
        set(&b, FLD(MI_STORE_DATA_INDEX, OFFSET), 4u * range(g, 0, q ? 0x3FE : 0x3FF));
        set(&b, FLD(MI_STORE_DATA_INDEX, DATA), q ? data64(g) : data32(g));
    }
    cmd_end(g, x, &b);
}

/* Post-sync writes and notify: PIPE_CONTROL on RCS0, MI_FLUSH_DW on the others (commands.md §4, C24, C25). */
static void emit_flush(gen *g, ectx *x)
{
    cmdbuf b;
    bool write = pct(g, 70), index = pct(g, 25), notify = pct(g, 30);
    if (g->p->e == 0) {
        cmd_begin(&b, GTREF_CMD_PIPE_CONTROL, 6);
        set(&b, FLD(PIPE_CONTROL, POST_SYNC), write);
        set(&b, FLD(PIPE_CONTROL, STORE_INDEX), index);
        set(&b, FLD(PIPE_CONTROL, NOTIFY), notify);
        set(&b, FLD(PIPE_CONTROL, CACHE_BITS), pct(g, 50) ? rnd32(g) & 0xFFu : 0);
        set(&b, FLD(PIPE_CONTROL, CACHE_BITS_HI), pct(g, 30) ? rnd32(g) & 0x1Fu : 0);
        set(&b, FLD(PIPE_CONTROL, CS_STALL), pct(g, 50));
        set(&b, FLD(PIPE_CONTROL, TLB_INVALIDATE), pct(g, 20));
        set(&b, FLD(PIPE_CONTROL, FLUSH_LLC), pct(g, 20));
        opnd o = { pct(g, 50), 0 };
        o = index ? (opnd){ o.ggtt, 4u * range(g, 0, 0x3FD) } : operand_np(g, x->nonpriv && write, OP_Q);
        if (x->nonpriv && write && !index && o.ggtt) set(&b, FLD(PIPE_CONTROL, NOTIFY), 0);   /* a NOOP (C41) */
        set(&b, FLD(PIPE_CONTROL, GGTT), o.ggtt);
        set(&b, FLD(PIPE_CONTROL, ADDR), o.a);
        set(&b, FLD(PIPE_CONTROL, DATA), data64(g));
    } else {
        bool q = pct(g, 50);
        cmd_begin(&b, GTREF_CMD_MI_FLUSH_DW, q ? 5 : 4);
        set(&b, FLD(MI_FLUSH_DW, POST_SYNC), write);
        set(&b, FLD(MI_FLUSH_DW, STORE_INDEX), index);
        set(&b, FLD(MI_FLUSH_DW, NOTIFY), notify);
        set(&b, FLD(MI_FLUSH_DW, VIDEO_INVALIDATE), pct(g, 20));
        set(&b, FLD(MI_FLUSH_DW, FLUSH_LLC), pct(g, 20));
        set(&b, FLD(MI_FLUSH_DW, TLB_INVALIDATE), pct(g, 20));
        opnd o = { pct(g, 50), 0 };
        o = index ? (opnd){ o.ggtt, 8u * range(g, 0, 0x1FE) } : operand_np(g, x->nonpriv && write, OP_Q8);
        if (x->nonpriv && write && !index && o.ggtt) set(&b, FLD(MI_FLUSH_DW, NOTIFY), 0);   /* a NOOP (C41) */
        set(&b, FLD(MI_FLUSH_DW, GGTT), o.ggtt);
        set(&b, FLD(MI_FLUSH_DW, ADDR), o.a);
        set(&b, FLD(MI_FLUSH_DW, DATA), q ? data64(g) : data32(g));
    }
    cmd_end(g, x, &b);
}

/* The flush that starts the submission after a remap (plan_remaps): TLB invalidate (tlb, INV_FLUSH; without it when
 * the host invalidates), and a post-sync into the status page or none, never into the remapped pages (GAM-12: the
 * invalidation comes at the retire, after the write). */
static void emit_inval_flush(gen *g, ectx *x, bool tlb)
{
    cmdbuf b;
    bool index = pct(g, 50);
    if (g->p->e == 0) {
        cmd_begin(&b, GTREF_CMD_PIPE_CONTROL, 6);
        set(&b, FLD(PIPE_CONTROL, POST_SYNC), index);
        set(&b, FLD(PIPE_CONTROL, STORE_INDEX), index);
        set(&b, FLD(PIPE_CONTROL, CS_STALL), pct(g, 50));
        set(&b, FLD(PIPE_CONTROL, TLB_INVALIDATE), tlb);
        set(&b, FLD(PIPE_CONTROL, GGTT), 1);
        set(&b, FLD(PIPE_CONTROL, ADDR), index ? 4u * range(g, 0, 0x3FD) : 0u);
        set(&b, FLD(PIPE_CONTROL, DATA), data64(g));
    } else {
        cmd_begin(&b, GTREF_CMD_MI_FLUSH_DW, 4);
        set(&b, FLD(MI_FLUSH_DW, POST_SYNC), index);
        set(&b, FLD(MI_FLUSH_DW, STORE_INDEX), index);
        set(&b, FLD(MI_FLUSH_DW, TLB_INVALIDATE), tlb);
        set(&b, FLD(MI_FLUSH_DW, GGTT), 1);
        set(&b, FLD(MI_FLUSH_DW, ADDR), index ? 8u * range(g, 0, 0x1FE) : 0u);
        set(&b, FLD(MI_FLUSH_DW, DATA), data32(g));
    }
    cmd_end(g, x, &b);
}

/* MI_SEMAPHORE_WAIT on a semaphore written by an engine of lower rank, or by this engine in its first chunk once
 * that is behind; the compare data is chosen so that the semaphore's final value satisfies the compare, and it
 * stays satisfied (every write of a semaphore writes the same value). Poll mode, or signal mode (sem_signal_pct):
 * the writer follows its last semaphore write with an MI_SEMAPHORE_SIGNAL to every engine of the test, so the
 * condition is made true only by a write followed by a signal to the waiter (cycle contract §8). */
static void emit_mi_signal(gen *g, ectx *x, unsigned t);

static void emit_sem_wait(gen *g, ectx *x)
{
    engine_plan *p = g->p;
    size_t cand[SEM_SLOTS], n = 0;
    for (size_t i = 0; i < g->nsems; i++) {
        const engine_plan *w = NULL;
        for (size_t j = 0; j < g->np; j++) if (g->plans[j].e == g->sems[i].writer) w = &g->plans[j];
        if (!w) continue;
        if (w == p ? p->first_chunk_done : w->rank < p->rank) cand[n++] = i;
    }
    if (!n) { emit_noop(g, x); return; }
    const sem_slot *sl = &g->sems[cand[range(g, 0, n - 1)]];
    uint32_t I = sl->init, V = sl->value, sdd;
    unsigned op = (unsigned)range(g, 0, 5);   /* GT GTE LT LTE EQ NEQ */
    bool up = V > I;
    switch (op) {
    case 0: sdd = up ? (uint32_t)range(g, I, V - 1u) : (uint32_t)range(g, 0, V ? V - 1u : 0); if (!up && !V) op = 1; break;
    case 1: sdd = up ? (uint32_t)range(g, pct(g, 40) ? V : I + 1u, V) : (uint32_t)range(g, 0, V); break;
    case 2: sdd = up ? (V == 0xFFFFFFFFu ? (op = 3, V) : (uint32_t)range(g, V + 1u, 0xFFFFFFFFu))
                     : (uint32_t)range(g, V + 1u, I); break;
    case 3: sdd = up ? (uint32_t)range(g, V, 0xFFFFFFFFu) : (pct(g, 50) ? V : (uint32_t)range(g, V, I - 1u)); break;
    case 4: sdd = V; break;
    default: sdd = I; break;
    }
    cmdbuf b;
    bool ggtt = pct(g, 50);
    if (ggtt && x->nonpriv && !np_keep_ggtt(g)) ggtt = false;   /* G1: else a privilege violation (C41), no wait */
    bool poll = !pct(g, g->cfg->sem_signal_pct);
    /* sig_target_pct: right before its own signal-mode wait, a signal to target 8 + the engine's own code (VCS4..VCS7,
     * no effect, C32). A design that decodes Target Engine Select from the Gen9 bits [17:15] sets the engine's own
     * pending-signal flag instead, and the wait re-reads its semaphore without a signal (cycle contract §3). */
    if (!poll && !ggtt && g->x_sig && x_pct(g, 50)) emit_mi_signal(g, x, 8u + gtref_engines[p->e].sem_target);
    cmd_begin(&b, GTREF_CMD_MI_SEMAPHORE_WAIT, 4);
    set(&b, FLD(MI_SEMAPHORE_WAIT, COMPARE), op);
    set(&b, FLD(MI_SEMAPHORE_WAIT, POLL), poll);
    set(&b, FLD(MI_SEMAPHORE_WAIT, GGTT), ggtt);
    set(&b, FLD(MI_SEMAPHORE_WAIT, DATA), sdd);
    set(&b, FLD(MI_SEMAPHORE_WAIT, ADDR), sem_addr(g, p, view_of(p, ggtt), sl));
    cmd_end(g, x, &b);
}

/* The write of one of the engine's semaphores (not MI_SEMAPHORE_SIGNAL, which follows the last one): its value, by MI_STORE_DATA_IMM or MI_ATOMIC (MOVE, or CMP_WR
 * from the initial value: the same value whenever it executes). */
static void emit_sem_write(gen *g, ectx *x, const sem_slot *sl)
{
    unsigned k = (unsigned)range(g, 0, 2);
    bool ggtt = pct(g, 50) && !x->nonpriv;   /* never a violation: waits count on this write (G1, C41) */
    opnd o = { ggtt, sem_addr(g, g->p, view_of(g->p, ggtt), sl) };
    if (k == 0) emit_sdi_to(g, x, o, false, sl->value);
    else if (k == 1) emit_atomic_at(g, x, o, 0x04, false, true, sl->value, 0);
    else emit_atomic_at(g, x, o, 0x0E, false, true, sl->init, sl->value);
}


/* MI_SEMAPHORE_SIGNAL with Target Engine Select t (0 RCS, 1 VCS0, 2 BCS, 3 VECS, 4 VCS1: commands.md §5, C32).
 * A signal to an engine that waits for nothing, or to one the test lacks, is legal and has no effect but a
 * possible extra read of a signal-mode wait that is not met yet. */
static void emit_mi_signal(gen *g, ectx *x, unsigned t)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_SEMAPHORE_SIGNAL, 2);
    set(&b, FLD(MI_SEMAPHORE_SIGNAL, TARGET), t);
    set(&b, FLD(MI_SEMAPHORE_SIGNAL, POST_SYNC), pct(g, 30));
    set(&b, FLD(MI_SEMAPHORE_SIGNAL, CONTEXT), pct(g, 70) ? 0 : rnd32(g));
    cmd_end(g, x, &b);
}

/* After an engine's last semaphore write: a signal to every engine of the test (itself included), in random
 * order, so that any signal-mode wait on its semaphores is woken after the write (cycle contract §8). */
static void emit_signal_all(gen *g, ectx *x)
{
    size_t order[GTREF_MAX_ENGINES];
    for (size_t i = 0; i < g->np; i++) order[i] = i;
    for (size_t i = g->np; i > 1; i--) {
        size_t j = (size_t)range(g, 0, i - 1), t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
    for (size_t i = 0; i < g->np; i++) emit_mi_signal(g, x, gtref_engines[g->plans[order[i]].e].sem_target);
}

/* Watchdog values (commands.md §7, W2-W3): PR_CTR_CTL runs (bits 30:0 = 0) counting clocks or 64-clock
 * periods, or stops (1, or any other value); thresholds small enough to be reached within a test. */
static uint32_t wdog_ctl(gen *g)
{
    static const uint32_t v[] = { GTREF_WDOG_COUNT_CLOCKS, 0, GTREF_WDOG_COUNT_CLOCKS, 1,
                                  GTREF_WDOG_COUNT_CLOCKS | 1u };
    return pct(g, 10) ? rnd32(g) : v[range(g, 0, sizeof v / sizeof v[0] - 1)];
}
static uint32_t wdog_thrsh(gen *g) { return pct(g, 10) ? (uint32_t)range(g, 1, 8) : (uint32_t)range(g, 20, 900); }

/* RCS0 programs its own watchdog: MI_LOAD_REGISTER_IMM of PR_CTR_THRSH, PR_CTR_CTL or both (privileged: from a
 * non-privileged batch the writes are dropped, C13). */
static void emit_watchdog(gen *g, ectx *x)
{
    uint32_t base = gtref_engines[g->p->e].base, regs[2], vals[2];
    unsigned n = 0, k = (unsigned)range(g, 0, 2);
    if (k != 1) { regs[n] = base + GTREF_PR_CTR_THRSH; vals[n++] = wdog_thrsh(g); }
    if (k != 0) { regs[n] = base + GTREF_PR_CTR_CTL; vals[n++] = wdog_ctl(g); }
    emit_lri_regs(g, x, n, regs, vals, 0);
}

static void emit_bbs(gen *g, ectx *x, uint64_t addr, bool ppgtt, bool second, bool predicate)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_BATCH_BUFFER_START, 3);
    set(&b, FLD(MI_BATCH_BUFFER_START, PPGTT), ppgtt);
    set(&b, FLD(MI_BATCH_BUFFER_START, SECOND), second);
    set(&b, FLD(MI_BATCH_BUFFER_START, PREDICATE), predicate);
    set(&b, FLD(MI_BATCH_BUFFER_START, ADDR), addr);
    cmd_end(g, x, &b);
}

static void emit_cmd(gen *g, ectx *x, int bad_depth);
static bool emit_batch_call(gen *g, ectx *x, int bad_depth, bool predicate);

/* MI_PREDICATE (C22) over sources loaded by LRI (equal half of the time), then a predicated batch call or a
 * predicated MI_STORE_REGISTER_MEM. */
static void emit_predicate(gen *g, ectx *x)
{
    engine_plan *p = g->p;
    uint32_t base = gtref_engines[p->e].base;
    if (pct(g, 70)) {
        uint32_t regs[4] = { base + GTREF_MI_PREDICATE_SRC0, base + GTREF_MI_PREDICATE_SRC1, base + GTREF_MI_PREDICATE_DATA, base + GTREF_MI_PREDICATE_SRC0 + 4u };
        uint32_t v0 = data32(g), vals[4] = { v0, pct(g, 50) ? v0 : data32(g), pct(g, 50) ? 0 : data32(g), 0 };
        emit_lri_regs(g, x, (unsigned)range(g, 2, 4), regs, vals, 0);
    }
    static const unsigned loads[3] = { 0, 2, 3 };   /* KEEP, LOAD, LOADINV (1 is reserved) */
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_PREDICATE, 1);
    set(&b, FLD(MI_PREDICATE, COMPARE), range(g, 0, 3));
    set(&b, FLD(MI_PREDICATE, COMBINE), range(g, 0, 3));
    set(&b, FLD(MI_PREDICATE, LOAD), loads[range(g, 0, 2)]);
    cmd_end(g, x, &b);
    if (x->in_block) return;
    /* a predicated MI_BATCH_BUFFER_START on RCS0 only: elsewhere a set Predication Enable is unimplemented (C17) */
    if (x->level < 2 && pct(g, 60) && p->e == 0 && emit_batch_call(g, x, 0, true)) return;
    emit_srm_p(g, x, true);
}

/* MI_SET_PREDICATE block (C23): a mode, one or two simple commands, then NOOP_NEVER again, so that the mode
 * never outlives the block (no batch start/end, semaphore write or wait inside). */
static void emit_set_predicate(gen *g, ectx *x)
{
    static const unsigned modes[] = { 0, 1, 2, 3, 4, 15 };
    cmdbuf b;
    if (pct(g, 40)) {   /* give RESULT / RESULT_2 a value first */
        uint32_t base = gtref_engines[g->p->e].base;
        uint32_t regs[2] = { base + (pct(g, 50) ? GTREF_MI_PREDICATE_RESULT : GTREF_MI_PREDICATE_RESULT_2), base + GTREF_MI_PREDICATE_RESULT_2 };
        uint32_t vals[2] = { (uint32_t)range(g, 0, 1), (uint32_t)range(g, 0, 1) };
        emit_lri_regs(g, x, (unsigned)range(g, 1, 2), regs, vals, 0);
    }
    cmd_begin(&b, GTREF_CMD_MI_SET_PREDICATE, 1);
    set(&b, FLD(MI_SET_PREDICATE, ENABLE), modes[range(g, 0, 5)]);
    cmd_end(g, x, &b);
    bool was = x->in_block, cert = x->certain;
    x->in_block = true;
    x->certain = false;
    unsigned n = (unsigned)range(g, 1, 2);
    for (unsigned i = 0; i < n; i++) emit_cmd(g, x, 0);
    x->in_block = was;
    x->certain = cert;
    cmd_begin(&b, GTREF_CMD_MI_SET_PREDICATE, 1);
    cmd_end(g, x, &b);
}

static bool np_allowed(const engine_plan *p, uint32_t off);

/* The command that faults in hang mode (docs/gam.md GAM-15), at the engine's fault spot: the engine halts there.
 * An instruction-fetch fault is a batch start whose first line is in the spot (a first-level call from the ring;
 * a second-level call or a chain from a first level; a chain at second level): the lines the parser may prefetch
 * are in that page too. A data fault is a store, SRM, LRM, MI_COPY_MEM_MEM (either side), MI_ATOMIC, a post-sync
 * write or (in a batch) MI_CONDITIONAL_BATCH_BUFFER_END with its operand there. */
static void emit_fault_cmd(gen *g, ectx *x)
{
    engine_plan *p = g->p;
    const fspot *f = &p->fspots[0];
    fspot fnp;
    if (x->nonpriv && f->ggtt && !p->ppgtt) {   /* G1: the GGTT bit would be a violation; without RING_MODE[9] bit 0 is GGTT */
        fnp = *f;
        fnp.ggtt = false;
        f = &fnp;
    }
    cmdbuf b;
    if (p->bad_kind == BADK_FAULT_IF) {
        bool ppgtt = p->ppgtt ? !f->ggtt : pct(g, 50);
        uint64_t a = f->va + 8u * range(g, 0, 31);
        bool second = x->level == 1 && pct(g, 60);
        emit_bbs(g, x, a, ppgtt, second, false);
        return;
    }
    unsigned kind = (unsigned)range(g, 0, x->level ? 6 : 5);
    uint32_t lrm_t = 0;
    if (kind == 2) {   /* LRM: in a non-privileged batch a target C13 allows, else it reads nothing (C41) */
        lrm_t = lri_target(g, x);
        for (int k = 0; k < 8 && x->nonpriv && !np_allowed(p, lrm_t); k++) lrm_t = gpr(g);
        if (x->nonpriv && !np_allowed(p, lrm_t)) kind = 0;
    }
    switch (kind) {
    case 0: {
        bool q = pct(g, 40);
        emit_sdi_to(g, x, fault_operand(g, f, q ? OP_Q : OP_D), q, data64(g));
        break;
    }
    case 1: {
        opnd o = fault_operand(g, f, OP_D);
        cmd_begin(&b, GTREF_CMD_MI_STORE_REGISTER_MEM, 4);
        set(&b, FLD(MI_STORE_REGISTER_MEM, GGTT), o.ggtt);
        set(&b, FLD(MI_STORE_REGISTER_MEM, REG), read_source(g));
        set(&b, FLD(MI_STORE_REGISTER_MEM, ADDR), o.a);
        cmd_end(g, x, &b);
        break;
    }
    case 2:
        emit_lrm_plain(g, x, fault_operand(g, f, OP_D), lrm_t);
        break;
    case 3: {
        bool src_faults = pct(g, 50);
        opnd dst = src_faults ? operand_np(g, x->nonpriv, OP_D) : fault_operand(g, f, OP_D);
        opnd src = src_faults ? fault_operand(g, f, OP_D) : operand_np(g, x->nonpriv, OP_D);
        cmd_begin(&b, GTREF_CMD_MI_COPY_MEM_MEM, 5);
        set(&b, FLD(MI_COPY_MEM_MEM, GGTT_DST), dst.ggtt);
        set(&b, FLD(MI_COPY_MEM_MEM, GGTT_SRC), src.ggtt);
        set(&b, FLD(MI_COPY_MEM_MEM, DST), dst.a);
        set(&b, FLD(MI_COPY_MEM_MEM, SRC), src.a);
        cmd_end(g, x, &b);
        break;
    }
    case 4: {
        bool q = pct(g, 50);
        emit_atomic_at(g, x, fault_operand(g, f, q ? OP_Q8 : OP_D), (unsigned)range(g, 0x04, 0x07), q, true, data64(g), 0);
        break;
    }
    case 5: {
        opnd o = fault_operand(g, f, OP_Q8);
        if (p->e == 0) {
            cmd_begin(&b, GTREF_CMD_PIPE_CONTROL, 6);
            set(&b, FLD(PIPE_CONTROL, POST_SYNC), 1);
            set(&b, FLD(PIPE_CONTROL, GGTT), o.ggtt);
            set(&b, FLD(PIPE_CONTROL, ADDR), o.a);
            set(&b, FLD(PIPE_CONTROL, DATA), data64(g));
        } else {
            bool q = pct(g, 50);
            cmd_begin(&b, GTREF_CMD_MI_FLUSH_DW, q ? 5 : 4);
            set(&b, FLD(MI_FLUSH_DW, POST_SYNC), 1);
            set(&b, FLD(MI_FLUSH_DW, GGTT), o.ggtt);
            set(&b, FLD(MI_FLUSH_DW, ADDR), o.a);
            set(&b, FLD(MI_FLUSH_DW, DATA), q ? data64(g) : data32(g));
        }
        cmd_end(g, x, &b);
        break;
    }
    default: {
        opnd o = fault_operand(g, f, OP_Q8);
        cmd_begin(&b, GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END, 4);
        set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, SEMAPHORE), 1);
        set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, GGTT), o.ggtt);
        set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, DATA), data32(g));
        set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, ADDR), o.a);
        cmd_end(g, x, &b);
        break;
    }
    }
}

/* An illegal command: its DW0 (a kind drawn with the w_bad_* weights) and 0..3 random dwords the engine
 * never reads (it halts at DW0). Falls back to another kind when the table leaves none of the drawn one.
 * For an engine whose stopping command is a page fault, that command instead. */
static void emit_malformed(gen *g, ectx *x)
{
    if (g->p->bad_kind >= BADK_FAULT_DATA) {
        emit_fault_cmd(g, x);
        return;
    }
    uint32_t dw0 = 0;
    int kind = g->p->bad_kind;
    int rc = kind == GTREF_BAD_ENGINE ? gtref_gen_wrong_engine(g->p->e, rng_source, &g->rng, &dw0)
                                      : gtref_gen_malformed((enum gtref_bad_kind)kind, rng_source, &g->rng, &dw0);
    if (rc) gtref_gen_malformed(GTREF_BAD_TYPE, rng_source, &g->rng, &dw0);   /* always possible */
    push(g, x->d, dw0);
    unsigned junk = (unsigned)range(g, 0, 3);
    for (unsigned i = 0; i < junk; i++) push(g, x->d, data32(g));
}

/* ---- Gen11 variants (gen11_unit_pct and the knobs after it): units drawn from the variants' stream ---- */

static bool batch_room(const gen *g, const engine_plan *p, int v, unsigned n);

/* Where a new batch of view v goes: its start (QWord aligned, now and then not line aligned) ... */
static uint64_t batch_addr(gen *g, int v)
{
    uint64_t a = g->p->next_batch[v];
    if (!pct(g, 70)) a += 8u * range(g, 1, 7);
    return a;
}

/* ... and its bytes written there (the two lines after them mapped: prefetch). */
static void batch_put(gen *g, int v, uint64_t addr, const dw_vec *d)
{
    engine_plan *p = g->p;
    uint64_t end = addr + 4u * d->n;
    p->next_batch[v] = (end + 63) & ~63ull;
    if (g->oom) return;
    vwrite(g, spi_of(p, v), addr, d->v, (uint32_t)(4u * d->n), GTREF_SEG_BATCH);
    map_range(g, spi_of(p, v), end, PREFETCH_BYTES);
}

static uint32_t rlo(const gen *g, unsigned r) { return g->p->gpr0 + 8u * r; }   /* Rn's low dword, Rn + 4 its high */

/* A 64-bit register for a unit: any but the register-poll one. */
static unsigned unit_reg(gen *g) { return rreg(g, (unsigned)range(g, 0, 15)); }

/* math_load1_pct (C21: LOAD1 loads 64 ones): Mesa's idioms, x + ~0 (decrement), x & ~0, x - ~0 (increment), x ^ ~0,
 * with LOAD1 on either side; the result stored to memory (both dwords) so that it is observed. */
static void unit_load1(gen *g, ectx *x)
{
    static const unsigned ops[] = { GTREF_ALU_ADD, GTREF_ALU_AND, GTREF_ALU_SUB, GTREF_ALU_XOR, GTREF_ALU_OR };
    unsigned a = unit_reg(g), d = unit_reg(g), op = ops[range(g, 0, 4)];
    bool swap = pct(g, 30);
    uint32_t prog[6];
    unsigned n = 0;
    prog[n++] = alu(pct(g, 80) ? GTREF_ALU_LOAD : GTREF_ALU_LOADINV, swap ? GTREF_ALU_SRCB : GTREF_ALU_SRCA, a);
    prog[n++] = alu(GTREF_ALU_LOAD1, swap ? GTREF_ALU_SRCA : GTREF_ALU_SRCB, 0);
    prog[n++] = alu(op, 0, 0);
    prog[n++] = alu(pct(g, 85) ? GTREF_ALU_STORE : GTREF_ALU_STOREINV, d, GTREF_ALU_ACCU);
    if (pct(g, 40)) prog[n++] = alu(GTREF_ALU_STORE, unit_reg(g), pct(g, 50) ? GTREF_ALU_CF : GTREF_ALU_ZF);
    push(g, x->d, gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_MATH], 1u + n));
    for (unsigned i = 0; i < n; i++) push(g, x->d, prog[i]);
    emit_srm_to(g, x, false, rlo(g, d), operand_np(g, x->nonpriv, OP_D));
    emit_srm_to(g, x, false, rlo(g, d) + 4u, operand_np(g, x->nonpriv, OP_D));
}

static bool np_allowed(const engine_plan *p, uint32_t off);

/* pred_jump_pct, RCS0 (C17): a loop in a batch of its own, as Mesa's mi_goto_if builds one: the caller loads a counter
 * Rc = 1..5; the batch decrements it (ADD with LOAD1), stores it to memory, computes Rt = (Rc != 0) and Ru = its
 * opposite, loads MI_PREDICATE_RESULT_1 from Rt (and half of the time MI_PREDICATE_RESULT from Ru), and jumps to its
 * own start by a predicated MI_BATCH_BUFFER_START (a chain at its level); then MI_BATCH_BUFFER_END. Privileged
 * callers only (a FORCE_TO_NONPRIV deny could drop the LRR and make the loop endless). */
static bool unit_pred_loop(gen *g, ectx *x)
{
    engine_plan *p = g->p;
    uint32_t base = gtref_engines[p->e].base;
    int level = x->level + 1;
    bool ppgtt = level == 2 && pct(g, pp2(g, 30));
    /* with ppgtt it is non-privileged (C10): only while FORCE_TO_NONPRIV lets it write the predicate registers */
    if (ppgtt && !(np_allowed(p, base + GTREF_MI_PREDICATE_RESULT_1) && np_allowed(p, base + GTREF_MI_PREDICATE_RESULT))) ppgtt = false;
    int v = view_of(p, !ppgtt);
    if (!batch_room(g, p, v, 1)) return false;
    unsigned rc = unit_reg(g), rt, ru;
    do rt = unit_reg(g); while (rt == rc);
    do ru = unit_reg(g); while (ru == rc || ru == rt);
    uint64_t a = batch_addr(g, v);
    dw_vec d = { 0 };
    ectx y = { &d, level, ppgtt, false, false, false, false, false, false };
    uint32_t prog[9] = { alu(GTREF_ALU_LOAD, GTREF_ALU_SRCA, rc), alu(GTREF_ALU_LOAD1, GTREF_ALU_SRCB, 0),
                         alu(GTREF_ALU_ADD, 0, 0), alu(GTREF_ALU_STORE, rc, GTREF_ALU_ACCU),
                         alu(GTREF_ALU_LOAD, GTREF_ALU_SRCA, rc), alu(GTREF_ALU_LOAD0, GTREF_ALU_SRCB, 0),
                         alu(GTREF_ALU_ADD, 0, 0), alu(GTREF_ALU_STOREINV, rt, GTREF_ALU_ZF),
                         alu(GTREF_ALU_STORE, ru, GTREF_ALU_ZF) };
    push(g, &d, gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_MATH], 10));
    for (unsigned i = 0; i < 9; i++) push(g, &d, prog[i]);
    emit_srm_to(g, &y, false, rlo(g, rc), operand_np(g, y.nonpriv, OP_D));
    emit_lrr_regs(g, &y, rlo(g, rt), base + GTREF_MI_PREDICATE_RESULT_1);
    if (pct(g, 50)) emit_lrr_regs(g, &y, rlo(g, ru), base + GTREF_MI_PREDICATE_RESULT);
    emit_bbs(g, &y, a, ppgtt, level == 2 && pct(g, 50), true);
    push(g, &d, gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_BATCH_BUFFER_END], 1));
    batch_put(g, v, a, &d);
    free(d.v);
    uint32_t regs[2] = { rlo(g, rc), rlo(g, rc) + 4u }, vals[2] = { (uint32_t)range(g, 1, 5), 0 };
    emit_lri_regs(g, x, 2, regs, vals, 0);
    emit_bbs(g, x, a, ppgtt, level == 2, false);
    return true;
}

/* pred_jump_pct, RCS0 (C17): MI_PREDICATE_RESULT_1 computed (an LRI; an LRR from a GPR an LRI loaded; MI_MATH's
 * Rt = (Ra != 0) then an LRR), half of the time MI_PREDICATE_RESULT set to the opposite, then a predicated batch
 * call; or a predicated loop. */
static bool unit_pred(gen *g, ectx *x)
{
    uint32_t base = gtref_engines[g->p->e].base;
    if (!x->nonpriv && pct(g, 40) && unit_pred_loop(g, x)) return true;
    unsigned how = (unsigned)range(g, 0, 2);
    uint32_t cond = (uint32_t)range(g, 0, 1), val = (rnd32(g) & ~1u) | cond;
    bool opp = pct(g, 50);
    if (how == 0) {
        uint32_t regs[2] = { base + GTREF_MI_PREDICATE_RESULT_1, base + GTREF_MI_PREDICATE_RESULT }, vals[2] = { val, val ^ 1u };
        emit_lri_regs(g, x, opp ? 2u : 1u, regs, vals, 0);
    } else if (how == 1) {
        unsigned r = unit_reg(g);
        uint32_t regs[2] = { rlo(g, r), base + GTREF_MI_PREDICATE_RESULT }, vals[2] = { val, val ^ 1u };
        emit_lri_regs(g, x, opp ? 2u : 1u, regs, vals, 0);
        emit_lrr_regs(g, x, rlo(g, r), base + GTREF_MI_PREDICATE_RESULT_1);
    } else {
        unsigned a = unit_reg(g), t = unit_reg(g), u;
        do u = unit_reg(g); while (u == t);
        uint32_t prog[5] = { alu(GTREF_ALU_LOAD, GTREF_ALU_SRCA, a), alu(pct(g, 50) ? GTREF_ALU_LOAD0 : GTREF_ALU_LOAD1,
                                                                          GTREF_ALU_SRCB, 0),
                             alu(pct(g, 50) ? GTREF_ALU_ADD : GTREF_ALU_AND, 0, 0), alu(GTREF_ALU_STOREINV, t, GTREF_ALU_ZF),
                             alu(GTREF_ALU_STORE, u, GTREF_ALU_ZF) };
        push(g, x->d, gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_MATH], 6));
        for (unsigned i = 0; i < 5; i++) push(g, x->d, prog[i]);
        emit_lrr_regs(g, x, rlo(g, t), base + GTREF_MI_PREDICATE_RESULT_1);
        if (opp) emit_lrr_regs(g, x, rlo(g, u), base + GTREF_MI_PREDICATE_RESULT);
    }
    if (!emit_batch_call(g, x, 0, true)) emit_srm_p(g, x, true);
    return true;
}

/* atomic_forms_pct (C28): every modelled opcode in the inline 5-dword (DWORD) / 7-dword (QWORD) and 11-dword forms,
 * and without inline data with the operands in R0 and R2 (loaded by one LRI first); return data (R4) stored to
 * memory by SRM of CS_GPR8 (and CS_GPR9 for a qword) so that it is observed. */
static void unit_atomic(gen *g, ectx *x)
{
    unsigned base = (unsigned)range(g, 0x01, 0x0F);
    bool q = pct(g, 50);
    bool needs = !(base == 0x05 || base == 0x06 || base == 0x0F);
    unsigned form = (unsigned)range(g, 0, needs ? 2 : 3);   /* 0 short inline, 1 11-dword inline, 2 GPRs, 3 none */
    opnd o = operand_np(g, x->nonpriv, q ? OP_Q8 : OP_D);
    uint64_t op1 = data64(g), op2 = data64(g);
    if (base == 0x0E && pct(g, 50)) {   /* CMP_WR: compare with the initial value (a hit unless overwritten) */
        int v = view_of(g->p, o.ggtt);
        uint64_t off = o.a - g->p->areas[v][0].va;
        const uint32_t *hot = g->p->hot_init[v];
        if (off + 8 <= STORE_HOT) op1 = hot[off / 4] | (q ? (uint64_t)hot[off / 4 + 1] << 32 : 0);
    }
    if (form == 2) {
        uint32_t regs[4] = { rlo(g, 0), rlo(g, 0) + 4u, rlo(g, 2), rlo(g, 2) + 4u };
        uint32_t vals[4] = { (uint32_t)op1, (uint32_t)(op1 >> 32), (uint32_t)op2, (uint32_t)(op2 >> 32) };
        emit_lri_regs(g, x, 4, regs, vals, 0);
    }
    bool ret = pct(g, 60);
    unsigned len = form == 0 ? (q ? 7u : 5u) : form == 1 ? 11u : 3u;
    emit_atomic_cmd(g, x, o, base, q, len, ret, q || len == 11, op1, op2);   /* 11-dword DWORD: dwords 5, 6 random */
    if (ret) {
        emit_srm_to(g, x, false, g->p->gpr0 + 0x20u, operand_np(g, x->nonpriv, OP_D));
        if (q) emit_srm_to(g, x, false, g->p->gpr0 + 0x24u, operand_np(g, x->nonpriv, OP_D));
    }
}

/* cbbe_pct (C26): one MI_CONDITIONAL_BATCH_BUFFER_END: Compare Semaphore 0 (a NOOP, no read), or a dword compare, or
 * mask mode (the qword's low dword AND its high dword); compare data 0xFFFFFFFF (always ends), 0 (ends only on 0) or
 * random. */
static void unit_cbbe_cmd(gen *g, ectx *x)
{
    unsigned k = (unsigned)range(g, 0, 2);
    opnd o = operand_np(g, x->nonpriv, OP_Q8);
    unsigned dk = (unsigned)range(g, 0, 2);
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END, 4);
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, SEMAPHORE), k != 0);
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, MASK_MODE), k == 2 || (k == 0 && pct(g, 50)));
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, GGTT), o.ggtt);
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, DATA), dk == 0 ? 0xFFFFFFFFu : dk == 1 ? 0u : rnd32(g));
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, ADDR), o.a);
    cmd_end(g, x, &b);
    if (k && x->level) x->certain = false;
    if (k && x->level == 2) x->may_end = true;
}

static void unit_observe(gen *g, ectx *x) { emit_sdi_to(g, x, operand_np(g, x->nonpriv, OP_D), false, data64(g)); }

/* A batch at `level` built for the CBBE unit: a store, (first level, half of the time) a call of such a second-level
 * batch and a store after it, the MI_CONDITIONAL_BATCH_BUFFER_END, a store, MI_BATCH_BUFFER_END: whatever an end
 * skips is a write that would be seen. */
static uint64_t cbbe_batch(gen *g, int level, bool nonpriv, int v)
{
    engine_plan *p = g->p;
    dw_vec d = { 0 };
    ectx y = { &d, level, nonpriv, false, false, false, false, false, false };
    p->open_batches++;
    unit_observe(g, &y);
    if (level == 1 && pct(g, 60)) {
        bool pp = pct(g, pp2(g, 30));
        int v2 = view_of(p, !(pp || nonpriv));   /* C10: its bit OR the first level's */
        if (batch_room(g, p, v2, 1)) {
            uint64_t a2 = cbbe_batch(g, 2, pp || nonpriv, v2);
            emit_bbs(g, &y, a2, pp, true, false);
            unit_observe(g, &y);
        }
    }
    unit_cbbe_cmd(g, &y);
    unit_observe(g, &y);
    push(g, &d, gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_BATCH_BUFFER_END], 1));
    p->open_batches--;
    uint64_t a = batch_addr(g, v);
    batch_put(g, v, a, &d);
    free(d.v);
    return a;
}

static bool unit_cbbe(gen *g, ectx *x)
{
    engine_plan *p = g->p;
    if (x->level == 2) { unit_cbbe_cmd(g, x); return true; }
    int level = x->level + 1;
    bool ppgtt = level == 1 ? pct(g, g->cfg->nonpriv_pct) : pct(g, pp2(g, 30));
    bool np = ppgtt || x->nonpriv;   /* C10 */
    int v = view_of(p, !np);
    if (!batch_room(g, p, v, level == 1 ? 2u : 1u)) return false;
    uint64_t a = cbbe_batch(g, level, np, v);
    emit_bbs(g, x, a, ppgtt, level == 2, false);
    if (level == 2) {
        x->certain = false;            /* the second level may end this one too (C26) */
        unit_observe(g, x);            /* ... and skip this write */
    }
    return true;
}

/* FORCE_TO_NONPRIV (C37): whether entry value en covers absolute offset off (the naturally aligned block of 1, 4, 16
 * or 64 dwords holding its address). */
static bool np_covers(uint32_t en, uint32_t off)
{
    uint32_t bsz = 4u << (2u * (en & GTREF_NONPRIV_RANGE_MASK));
    return ((en & GTREF_NONPRIV_OFFSET_MASK) & ~(bsz - 1u)) == (off & ~(bsz - 1u));
}

static bool reg_nonpriv_flag(int e, uint32_t off)
{
    int re = -1;
    const gtref_reg_def *d = gtref_reg_lookup(off, GTREF_MAX_ENGINES, &re);
    return d && (re == e || !(d->flags & GTREF_REGF_ENGINE)) && (d->flags & GTREF_REGF_NONPRIV);
}

/* C13 and C37: may a non-privileged batch of engine p write absolute offset off? */
static bool np_allowed(const engine_plan *p, uint32_t off)
{
    bool allow = false;
    for (size_t k = 0; k < p->nnpent; k++) {
        uint32_t en = p->npent[k];
        if (!np_covers(en, off)) continue;
        if (en & GTREF_NONPRIV_DENY) return false;
        unsigned acc = (en & GTREF_NONPRIV_ACCESS_MASK) >> GTREF_NONPRIV_ACCESS_SHIFT;
        allow |= acc == 0 || acc == 2;
    }
    return allow || reg_nonpriv_flag(p->e, off);
}

/* A hang-mode fault at a GGTT spot of a PPGTT engine needs a privileged path: from a non-privileged batch its GGTT bit
 * would be a violation (G1, C41) and a batch start there would be fetched through the PPGTT (C10). */
static bool bad_needs_priv(const engine_plan *p)
{
    return p->bad_kind >= BADK_FAULT_DATA && p->ppgtt && p->nfspots && p->fspots[0].ggtt;
}

/* nonpriv_entries_pct: all 12 entries, each an allow (RW, WR or RD) over one of the engine's other registers, or a
 * deny over a GPR / MI_PREDICATE register (NONPRIV flag) or over one of those registers; a range of 1, 4, 16 or 64
 * dwords (a deny over GPRs 1 or 4) with the address anywhere inside the block. Then the pools: forced (allowed
 * registers, the targets lri_target whitelists) and np_out (registers a non-privileged batch may not write). */
static void np_entries(gen *g, engine_plan *p)
{
    uint32_t base = gtref_engines[p->e].base;
    p->nnpent = GTREF_FORCE_TO_NONPRIV_COUNT;
    for (size_t k = 0; k < p->nnpent; k++) {
        unsigned kind = (unsigned)range(g, 0, 9);
        uint32_t r, rng = (uint32_t)range(g, 0, 3), acc, deny = 0;
        if (kind < 6 || !p->nown_other) {
            r = p->nown_other ? p->own_other[range(g, 0, p->nown_other - 1)] : gpr(g);
            acc = pct(g, 40) ? 0u : pct(g, 60) ? 2u : 1u;
        } else {
            deny = GTREF_NONPRIV_DENY;
            acc = (uint32_t)range(g, 0, 2);
            if (kind < 8) {
                r = pct(g, 70) ? gpr(g) : base + (pct(g, 50) ? GTREF_MI_PREDICATE_SRC0 : GTREF_MI_PREDICATE_DATA);
                rng = (uint32_t)range(g, 0, 1);
            } else {
                r = p->own_other[range(g, 0, p->nown_other - 1)];
            }
        }
        uint32_t bsz = 4u << (2u * rng);
        uint32_t a = (r & ~(bsz - 1u)) + 4u * (uint32_t)range(g, 0, bsz / 4u - 1u);
        p->npent[k] = (a & GTREF_NONPRIV_OFFSET_MASK) | rng | acc << GTREF_NONPRIV_ACCESS_SHIFT | deny;
    }
    p->nforced = p->nnp_out = 0;
    for (size_t i = 0; i < p->nown_other; i++) {
        if (np_allowed(p, p->own_other[i])) p->forced[p->nforced++] = p->own_other[i];
        else p->np_out[p->nnp_out++] = p->own_other[i];
    }
    for (uint32_t i = 0; i < 32 && p->nnp_out < MAX_LRI_POOL; i++)
        if (!np_allowed(p, p->gpr0 + 4u * i) && (p->rp_r < 0 || i / 2u != (uint32_t)p->rp_r))
            p->np_out[p->nnp_out++] = p->gpr0 + 4u * i;
}

/* nonpriv_entries_pct, in a non-privileged batch: an LRI of 2..6 pairs, allowed ones (GPRs, whitelisted registers)
 * and half of the time one forbidden pair (the whole LRI is a NOOP, C13), then an SRM of a GPR it writes; or an LRR
 * or LRM to an allowed or a forbidden target. */
static void unit_nonpriv(gen *g, ectx *x)
{
    engine_plan *p = g->p;
    if (pct(g, 30)) {
        uint32_t t = p->nnp_out && pct(g, 50) ? p->np_out[range(g, 0, p->nnp_out - 1)]
                   : p->nforced && pct(g, 60) ? p->forced[range(g, 0, p->nforced - 1)] : gpr(g);
        if (pct(g, 50)) {
            emit_lrr_regs(g, x, gpr(g), t);
        } else {
            emit_lrm_plain(g, x, operand_np(g, x->nonpriv, OP_D), t);
        }
        return;
    }
    unsigned n = (unsigned)range(g, 2, 6);
    long bad = p->nnp_out && pct(g, 50) ? (long)range(g, 0, n - 1) : -1;
    uint32_t regs[6], vals[6], seen_gpr = 0;
    for (unsigned i = 0; i < n; i++) {
        if ((long)i == bad) regs[i] = p->np_out[range(g, 0, p->nnp_out - 1)];
        else if (p->nforced && pct(g, 40)) regs[i] = p->forced[range(g, 0, p->nforced - 1)];
        else { regs[i] = gpr(g); seen_gpr = regs[i]; }
        vals[i] = data32(g);
    }
    emit_lri_regs(g, x, n, regs, vals, 0);
    if (seen_gpr && pct(g, 60)) emit_srm_to(g, x, false, seen_gpr, operand_np(g, x->nonpriv, OP_D));
}

/* sdi2_pct (C35): MI_STORE_DATA_IMM of 5 dwords without Store Qword (two dwords, iris), 8- or 4-aligned. */
static void unit_sdi2(gen *g, ectx *x)
{
    opnd o;
    o.ggtt = pct(g, 50);
    if (o.ggtt && x->nonpriv && !np_keep_ggtt(g)) o.ggtt = false;   /* G1, C41 */
    int v = view_of(g->p, o.ggtt);
    o.a = pct(g, 50) ? data_addr(g, v, 8, 8, false) : data_addr(g, v, 8, 4, true);
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_STORE_DATA_IMM, 5);
    set(&b, FLD(MI_STORE_DATA_IMM, GGTT), o.ggtt);
    set(&b, FLD(MI_STORE_DATA_IMM, ADDR), o.a);
    set(&b, FLD(MI_STORE_DATA_IMM, DATA), data64(g));
    cmd_end(g, x, &b);
}

/* reg_poll_pct (C33): register poll mode. The engine's one wait on its reserved R[rp_r] (in the ring, after its first
 * chunk), false for the value the host wrote at setup, true for the one the host writes right after submitting the
 * chunk. (Round 1 also waited on another engine's CS_GPR, read as 0: C14 now makes that unimplemented.) */
static bool unit_regpoll(gen *g, ectx *x)
{
    engine_plan *p = g->p;
    uint32_t off, sdd;
    unsigned op;
    if (p->rp_r >= 0 && p->rp_chunk < 0 && x->level == 0 && g->cur_chunk && p->first_chunk_done && pct(g, 70)) {
        uint32_t I = p->rp_init, V = p->rp_val;
        op = (unsigned)range(g, 0, 3);   /* GT/LT by the order, GTE/LTE by the order, EQ, NEQ */
        if (op == 0) { op = V > I ? 0u : 2u; sdd = V > I ? (uint32_t)range(g, I, V - 1u) : (uint32_t)range(g, V + 1u, I); }
        else if (op == 1) { op = V > I ? 1u : 3u; sdd = V > I ? (uint32_t)range(g, I + 1u, V) : (uint32_t)range(g, V, I - 1u); }
        else if (op == 2) { op = 4; sdd = V; }
        else { op = 5; sdd = I; }
        off = p->rp_off;
        g->cur_chunk->regpoll = true;
        p->rp_chunk = 1;
    } else {
        return false;
    }
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_SEMAPHORE_WAIT, 4);
    set(&b, FLD(MI_SEMAPHORE_WAIT, COMPARE), op);
    set(&b, FLD(MI_SEMAPHORE_WAIT, POLL), pct(g, 50));
    set(&b, FLD(MI_SEMAPHORE_WAIT, REG_POLL), 1);
    set(&b, FLD(MI_SEMAPHORE_WAIT, GGTT), pct(g, 50));
    set(&b, FLD(MI_SEMAPHORE_WAIT, DATA), sdd);
    set(&b, FLD(MI_SEMAPHORE_WAIT, ADDR), off);
    cmd_end(g, x, &b);
    return true;
}

/* long_lri_pct (C36): one MI_LOAD_REGISTER_IMM of 10..128 pairs of GPRs per batch (a quarter of them 128: 257 dwords). */
static void unit_long_lri(gen *g, ectx *x)
{
    uint32_t regs[128], vals[128];
    unsigned n = pct(g, 25) ? 128u : (unsigned)range(g, 10, 127);
    for (unsigned i = 0; i < n; i++) {
        regs[i] = gpr(g);
        vals[i] = data32(g);
    }
    emit_lri_regs(g, x, n, regs, vals, 0);
    x->long_done = true;
}

enum xunit { XU_LOAD1, XU_PRED, XU_ATOMIC, XU_CBBE, XU_NONPRIV, XU_SDI2, XU_REGPOLL, XU_LONG_LRI, XU_COUNT };

/* One unit among those the seed enables and the stream x allows; false when there is none (or no room). Called with
 * the variants' stream in g->rng. */
static bool emit_xunit(gen *g, ectx *x)
{
    engine_plan *p = g->p;
    bool ok[XU_COUNT] = {
        [XU_LOAD1] = g->x_load1,
        [XU_PRED] = g->x_pred && p->e == 0 && x->level < 2,
        [XU_ATOMIC] = g->x_atomic,
        [XU_CBBE] = g->x_cbbe && !(x->keep_certain && x->level),
        [XU_NONPRIV] = x->nonpriv && (g->x_np >> p->e & 1u),
        [XU_SDI2] = g->x_sdi2,
        [XU_REGPOLL] = g->x_regpoll,
        [XU_LONG_LRI] = g->x_longlri && x->level && !x->long_done,
    };
    unsigned w[XU_COUNT];
    for (int i = 0; i < XU_COUNT; i++) w[i] = ok[i];
    switch (pick_weighted(g, w, XU_COUNT)) {
    case XU_LOAD1: unit_load1(g, x); return true;
    case XU_PRED: return unit_pred(g, x);
    case XU_ATOMIC: unit_atomic(g, x); return true;
    case XU_CBBE: return unit_cbbe(g, x);
    case XU_NONPRIV: unit_nonpriv(g, x); return true;
    case XU_SDI2: unit_sdi2(g, x); return true;
    case XU_REGPOLL: return unit_regpoll(g, x);
    case XU_LONG_LRI: unit_long_lri(g, x); return true;
    default: return false;
    }
}

enum family { F_NOOP, F_LRI, F_SDI, F_BATCH, F_USER_IRQ, F_MATH, F_ATOMIC, F_PREDICATE, F_SET_PREDICATE, F_LRR,
              F_LRM, F_SRM, F_COPY, F_COND_END, F_HWS, F_FLUSH, F_SEM_WAIT, F_ARB, F_SEM_SIGNAL, F_WATCHDOG, F_COUNT };

/* One command (or a short family sequence) drawn by weight, for the stream x. */
static void emit_cmd(gen *g, ectx *x, int bad_depth)
{
    const gtref_gen_config *c = g->cfg;
    unsigned w[F_COUNT] = {
        [F_NOOP] = c->w_noop, [F_LRI] = c->w_lri, [F_SDI] = c->w_sdi, [F_BATCH] = x->level < 2 ? c->w_batch : 0,
        [F_USER_IRQ] = c->w_user_irq, [F_MATH] = c->w_math, [F_ATOMIC] = c->w_atomic,
        [F_PREDICATE] = c->w_predicate, [F_SET_PREDICATE] = c->w_set_predicate, [F_LRR] = c->w_lrr,
        [F_LRM] = c->w_lrm, [F_SRM] = c->w_srm, [F_COPY] = c->w_copy,
        [F_COND_END] = x->keep_certain && x->level ? 0 : c->w_cond_end, [F_HWS] = c->w_hws,
        [F_FLUSH] = c->w_flush, [F_SEM_WAIT] = c->w_sem_wait, [F_ARB] = c->w_arb,
        [F_SEM_SIGNAL] = c->w_sem_signal, [F_WATCHDOG] = g->p->e == 0 ? c->w_watchdog * (g->race ? 8u : 1u) : 0 };
    if (g->contend && g->p->e != 0) {
        /* GAB (BCS0) and GAC (VCS0, VECS0) contending for one class over runs of grants (GAM-27): data reads (LRM,
         * MI_COPY_MEM_MEM's source, MI_ATOMIC) and writes (SDI, SRM, the copy's destination) most of the time */
        w[F_LRM] *= 8;
        w[F_COPY] *= 8;
        w[F_SRM] *= 4;
        w[F_SDI] *= 2;
        w[F_ATOMIC] *= 2;
    }
    if (x->in_block) {   /* simple commands only */
        w[F_BATCH] = w[F_USER_IRQ] = w[F_PREDICATE] = w[F_SET_PREDICATE] = w[F_COND_END] = w[F_SEM_WAIT] = 0;
    }
    (void)bad_depth;
    /* a Gen11 variant unit (gen11_unit_pct, in the seeds where a unit knob fired), from the variants' stream */
    if (g->x_units && !x->in_block && x_pct(g, c->gen11_unit_pct)) {
        xbegin(g);
        bool done = emit_xunit(g, x);
        xend(g);
        if (done) return;
    }
    switch (pick_weighted(g, w, F_COUNT)) {
    case F_LRI: emit_lri(g, x); break;
    case F_SDI: emit_sdi(g, x); break;
    case F_BATCH: if (!emit_batch_call(g, x, 0, false)) emit_noop(g, x); break;
    case F_USER_IRQ: emit_user_irq(g, x); break;
    case F_MATH: emit_math(g, x); break;
    case F_ATOMIC: emit_atomic(g, x); break;
    case F_PREDICATE: emit_predicate(g, x); break;
    case F_SET_PREDICATE: emit_set_predicate(g, x); break;
    case F_LRR: emit_lrr(g, x); break;
    case F_LRM: emit_lrm(g, x); break;
    case F_SRM: emit_srm(g, x); break;
    case F_COPY: emit_copy(g, x); break;
    case F_COND_END: emit_cond_end(g, x); break;
    case F_HWS: emit_hws(g, x); break;
    case F_FLUSH: emit_flush(g, x); break;
    case F_SEM_WAIT: emit_sem_wait(g, x); break;
    case F_ARB: emit_arb(g, x); break;
    case F_SEM_SIGNAL: {
        unsigned t = (unsigned)range(g, 0, 4);
        if (g->x_sig && x_pct(g, 50)) {   /* sig_target_pct: 4 or 6..14, no effect (C32); never 5 or 15 */
            unsigned k = (unsigned)x_range(g, 0, 9);
            t = k == 0 ? 4u : 5u + k;
        }
        emit_mi_signal(g, x, t);
        break;
    }
    case F_WATCHDOG: emit_watchdog(g, x); break;
    default: emit_noop(g, x); break;
    }
}

/* ---- batches ---- */

/* The most a batch's own dwords take (8 units, the end, misalignment, line padding). Batches are placed when
 * they are complete, after what they call: room is checked for every batch still open too. Each engine has a
 * batch area per view: in the GGTT (fixed, see the layout) and, with a PPGTT, one at a random PPGTT address. */
#define BATCH_MAX 0x800u

static bool batch_room(const gen *g, const engine_plan *p, int v, unsigned n)
{
    return p->next_batch[v] + (uint64_t)(p->open_batches + n) * g->batch_max <= p->batch_limit[v];
}

static void add_batch_ref(gen *g, int level, batch_ref r)
{
    engine_plan *p = g->p;
    batch_ref *nb = realloc(p->batches[level], (p->nbatches[level] + 1) * sizeof *nb);
    if (!nb) { g->oom = true; return; }
    p->batches[level] = nb;
    p->batches[level][p->nbatches[level]++] = r;
}

/* A new batch segment at `level` (1 or 2) in view v: 1..8 commands, then MI_BATCH_BUFFER_END, or (chain_pct) a
 * MI_BATCH_BUFFER_START chaining to a further batch at the same level (in the view its own bit selects).
 * bad_depth 1: one of its commands is the stopping one (illegal, or a page fault); 2: one of them calls a
 * second-level batch that holds it (nothing before it may end the batch). Returns its address (*len its bytes);
 * *irq: it surely raises a user interrupt before any stopping command. The two lines after its end are mapped
 * (prefetch, docs/gam.md §5). */
static uint64_t make_batch(gen *g, int level, bool nonpriv, int v, int bad_depth, bool keep, bool *irq, uint32_t *len,
                           bool *may_end)
{
    engine_plan *p = g->p;
    dw_vec d = { 0 };
    ectx x = { &d, level, nonpriv, true, bad_depth > 0 || keep, false, false, false, false };
    p->open_batches++;
    unsigned n = (unsigned)range(g, 1, MAX_CHUNK_CMDS);
    unsigned bad_at = bad_depth ? (unsigned)range(g, 0, n - 1) : n;
    for (unsigned i = 0; i < n && !g->oom; i++) {
        if (i == bad_at) {
            if (bad_depth == 1) emit_malformed(g, &x);
            else emit_batch_call(g, &x, bad_depth - 1, false);
            break;                     /* nothing after the stopping command executes */
        }
        emit_cmd(g, &x, 0);
    }
    /* a chain: its effective bit (C10) is its ppgtt bit OR this batch's, at both levels: it decides the privilege and
     * the space the next batch is fetched through (GAM-2); `second` is ignored at second level */
    bool chain = !bad_depth && pct(g, g->cfg->chain_pct);
    bool cbit = level == 1 ? pct(g, g->cfg->nonpriv_pct) : pct(g, pp2(g, 50));
    bool cnp = cbit || nonpriv;
    int cv = view_of(p, !cnp);
    chain = chain && batch_room(g, p, cv, 1);
    p->open_batches--;
    uint64_t addr = p->next_batch[v];
    if (!pct(g, 70)) addr += 8u * range(g, 1, 7);         /* not line aligned, QWord aligned (KBL-OVW L657) */
    uint64_t end = addr + 4u * (d.n + (chain ? 3 : 1));
    p->next_batch[v] = (end + 63) & ~63ull;
    if (bad_depth) {
        push(g, &d, gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_BATCH_BUFFER_END], 1));
    } else if (chain) {
        bool chained_irq, chained_end;
        uint32_t clen;
        uint64_t next = make_batch(g, level, cnp, cv, 0, keep, &chained_irq, &clen, &chained_end);
        x.may_end |= chained_end;
        x.irq |= x.certain && chained_irq;
        emit_bbs(g, &x, next, cbit, level == 2 ? pct(g, 50) : false, false);
    } else {
        push(g, &d, gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_BATCH_BUFFER_END], 1));
    }
    if (!g->oom) {
        vwrite(g, spi_of(p, v), addr, d.v, (uint32_t)(4u * d.n), GTREF_SEG_BATCH);
        map_range(g, spi_of(p, v), addr + 4u * d.n, PREFETCH_BYTES);
    }
    *len = (uint32_t)(4u * d.n);
    free(d.v);
    *irq = x.irq;
    *may_end = x.may_end;
    return addr;
}

/* Batch b reached through view v at a second address (alias seeds): fresh pages of v's batch area mapped to b's
 * physical pages (its bytes and the two lines after them), so the same bytes run from either address. 0 when
 * there is no room. */
static uint64_t alias_batch(gen *g, engine_plan *p, const batch_ref *b, int v)
{
    uint64_t first = b->addr & ~0xFFFull, last = (b->addr + b->len + PREFETCH_BYTES - 1u) & ~0xFFFull;
    uint64_t pages = (last - first) / PAGE + 1u;
    uint64_t dst = (p->next_batch[v] + PREFETCH_BYTES + PAGE - 1u) & ~0xFFFull;   /* past any prefetch page */
    if (dst + pages * PAGE + (uint64_t)(p->open_batches + 1u) * g->batch_max > p->batch_limit[v]) return 0;
    space *ds = &g->sp[spi_of(p, v)];
    for (uint64_t k = 0; k < pages; k++)
        if (vfind(ds, (dst >> 12) + k)) return 0;
    for (uint64_t k = 0; k < pages; k++)
        map_alias(g, spi_of(p, v), dst + k * PAGE, map_page(g, spi_of(p, b->view), first + k * PAGE));
    p->next_batch[v] = dst + pages * PAGE;
    return dst + (b->addr & 0xFFFu);
}

/* Call a batch from x: from the ring a first-level batch (nonpriv_pct of them started with ppgtt: non-privileged,
 * fetched through the PPGTT when the engine has one), from a first level a second-level one (30% with ppgtt). Its
 * effective bit (C10) is its own OR x's: a second level of a PPGTT first level is PPGTT whatever its own bit (70% of
 * them 0), one of a GGTT first level follows its own bit; the effective bit picks the space and the privilege. A new
 * one, or sometimes one made earlier (never one holding the stopping command) with the same effective bit (from a
 * GGTT batch, its own bit set to match), sometimes through an alias (alias seeds). With bad_depth, a new batch
 * leading to the stopping command. False when there is no room. */
static bool bad_needs_priv(const engine_plan *p);
static bool emit_batch_call(gen *g, ectx *x, int bad_depth, bool predicate)
{
    engine_plan *p = g->p;
    int level = x->level + 1;
    if (level > 2) return false;
    bool ppgtt = level == 1 ? pct(g, g->cfg->nonpriv_pct) : pct(g, pp2(g, 30));   /* its own Address Space Indicator */
    if (bad_depth && bad_needs_priv(p)) ppgtt = false;
    /* C10: PPGTT (fetched through the PPGTT, non-privileged) when its own bit or the calling batch's effective bit is
     * set; from the ring its own bit alone */
    bool nonpriv = ppgtt || x->nonpriv;
    int v = view_of(p, !nonpriv);
    bool room = batch_room(g, p, v, bad_depth ? (unsigned)bad_depth : 1u);
    uint64_t addr;
    bool irq, may_end = false;
    if (bad_depth && !room) return false;
    const batch_ref *b = !bad_depth && p->nbatches[level] && (pct(g, 20) || !room)
                             ? &p->batches[level][range(g, 0, p->nbatches[level] - 1)] : NULL;
    /* one made for the other privilege: from a PPGTT batch never a privileged one; from a GGTT one, with its bit */
    if (b && b->nonpriv != nonpriv) {
        if (x->nonpriv) b = NULL;
        else {
            ppgtt = nonpriv = b->nonpriv;
            v = view_of(p, !nonpriv);
        }
    }
    if (b) {
        /* on the path to the stopping command, never a second-level batch that may end both levels (C26) */
        if (x->keep_certain && b->may_end) return false;
        addr = b->addr;
        irq = b->raises_irq;
        may_end = b->may_end;
        uint64_t al = g->alias && pct(g, 30) && pct(g, 60) ? alias_batch(g, p, b, v) : 0;
        if (al) addr = al;
    } else if (room) {
        uint32_t len;
        addr = make_batch(g, level, nonpriv, v, bad_depth, x->keep_certain && level == 2, &irq, &len, &may_end);
        if (!bad_depth) add_batch_ref(g, level, (batch_ref){ addr, irq, may_end, v, nonpriv, len });
    } else {
        return false;
    }
    emit_bbs(g, x, addr, ppgtt, level == 2, predicate);
    if (!predicate && x->certain) x->irq |= irq;
    if (level == 2 && may_end) x->certain = false;   /* what follows in this first level may be skipped (C26) */
    return true;
}

/* ---- ring chunks ---- */

/* Record the commands appended to chunk c since dword `start` (one cmd_pos each; an illegal command and
 * whatever follows it is one). */
static void chunk_add_cmds(gen *g, chunk *c, uint32_t start)
{
    while (start < c->dw.n && !g->oom) {
        const gtref_cmd_def *d = gtref_cmd_find(c->dw.v[start]);
        uint32_t len = d && gtref_cmd_legal(d, c->dw.v[start], NULL, 0) && gtref_cmd_on_engine(d, g->p->e)
                           ? gtref_cmd_length(d, c->dw.v[start]) : (uint32_t)(c->dw.n - start);
        if (start + len > c->dw.n) len = (uint32_t)(c->dw.n - start);
        cmd_pos *nc = realloc(c->cmds, (c->ncmds + 1) * sizeof *nc);
        if (!nc) { g->oom = true; return; }
        c->cmds = nc;
        c->cmds[c->ncmds++] = (cmd_pos){ start, len };
        start += len;
    }
}

/* The engine's illegal command, as a ring command of chunk c: in the ring itself, or a call of a new batch
 * that holds it (bad_level 1) or calls the second-level batch that does (2). */
static void emit_bad_ring_cmd(gen *g, chunk *c, ectx *x)
{
    engine_plan *p = g->p;
    if (!(p->bad_level && emit_batch_call(g, x, p->bad_level, false))) {
        p->bad_level = 0;
        emit_malformed(g, x);
    }
    c->bad = true;
    p->bad_placed = true;
}

/* A chunk of ring commands (ncmds of them, fewer when the ring has no room left), padded with MI_NOOP to a
 * QWORD multiple. The first chunk also writes the engine's semaphores, at random places. */
static void make_chunk(gen *g, chunk *c, unsigned ncmds, uint32_t room_dw, bool first)
{
    engine_plan *p = g->p;
    ectx x = { &c->dw, 0, false, true, false, false, false, false, false };
    g->cur_chunk = c;
    size_t nsig = 0, sig[SEM_SLOTS];
    if (first)
        for (size_t i = 0; i < g->nsems; i++) if (g->sems[i].writer == p->e) sig[nsig++] = i;
    if (first && g->nsems && pct(g, g->cfg->early_wait_pct)) {
        /* a wait at the very start of the engine's stream, on a lower-rank engine's semaphore: it is often
         * reached before the writer gets there, so a signal-mode one really waits for the writer's signal */
        uint32_t start = (uint32_t)c->dw.n;
        emit_sem_wait(g, &x);
        chunk_add_cmds(g, c, start);
    }
    for (unsigned i = 0; (i < ncmds || nsig) && !g->oom; i++) {
        uint32_t start = (uint32_t)c->dw.n;
        if (nsig && (i >= ncmds || pct(g, 50))) {
            emit_sem_write(g, &x, &g->sems[sig[--nsig]]);
            if (!nsig) emit_signal_all(g, &x);
            chunk_add_cmds(g, c, start);
            continue;
        }
        if (c->dw.n + MAX_UNIT_DW > room_dw) { if (!nsig) break; continue; }
        x.irq = false;
        if (p->bad_at >= 0 && p->ring_cmds == (unsigned long)p->bad_at) emit_bad_ring_cmd(g, c, &x);
        else emit_cmd(g, &x, 0);
        if (!p->past_bad) c->raises_irq |= x.irq;   /* nothing after the illegal command executes */
        if (c->bad) p->past_bad = true;
        p->ring_cmds++;
        chunk_add_cmds(g, c, start);
    }
    if (c->dw.n % 2) {
        uint32_t start = (uint32_t)c->dw.n;
        push(g, &c->dw, 0);
        chunk_add_cmds(g, c, start);
    }
    if (first) p->first_chunk_done = true;
    g->cur_chunk = NULL;
}

static void make_filler(gen *g, chunk *c, uint32_t ndw)
{
    for (uint32_t i = 0; i < ndw; i++) push(g, &c->dw, 0);
    chunk_add_cmds(g, c, 0);
}

static void free_chunks(chunk *chunks, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(chunks[i].dw.v);
        free(chunks[i].cmds);
    }
    free(chunks);
}

/* Insert an empty chunk at position at (0..*n); NULL on allocation failure. */
static chunk *insert_chunk(gen *g, chunk **chunks, size_t *n, size_t at)
{
    chunk *nc = realloc(*chunks, (*n + 1) * sizeof *nc);
    if (!nc) { g->oom = true; return NULL; }
    memmove(&nc[at + 1], &nc[at], (*n - at) * sizeof *nc);
    memset(&nc[at], 0, sizeof nc[at]);
    *chunks = nc;
    (*n)++;
    return &nc[at];
}

static void free_plan(engine_plan *p)
{
    free_chunks(p->chunks, p->nchunks);
    free(p->chunk_start);
    for (int l = 0; l < 3; l++) free(p->batches[l]);
    free(p->bounds);
    free(p->bdw.v);
}

/* ---- the ring: a cycle of chunks ---- */

/* The chunks of the cycle (laps mode: exactly the ring size; single mode: at most ring size - 8 bytes). */
static void build_cycle(gen *g, engine_plan *p)
{
    uint32_t ring_dw = p->size / 4u, capacity_dw = p->laps_mode ? ring_dw : ring_dw - 2u;
    capacity_dw -= (uint32_t)p->bdw.n;       /* the interrupt bursts follow the cycle (single mode only) */
    /* laps mode fills the ring with as many commands as it holds (at most max_cmds), single mode draws */
    unsigned want = p->laps_mode ? g->cfg->max_cmds : (unsigned)range(g, g->cfg->min_cmds, g->cfg->max_cmds);
    if (!want && g->nsems) want = 1;          /* the first chunk writes the engine's semaphores */
    /* the illegal command in the second half, never in the first chunk (which writes the semaphores) */
    if (p->bad_at >= 0) {
        unsigned lo = want / 2 > MAX_CHUNK_CMDS ? want / 2 : MAX_CHUNK_CMDS;
        p->bad_at = lo < want ? (long)range(g, lo, want - 1) : (long)want;
    }
    uint32_t used_dw = 0;
    const uint32_t reserve = 8;               /* for the illegal command when it is drawn past what fits */
    for (unsigned made = 0; made < want && used_dw + MAX_UNIT_DW + 2 + reserve <= capacity_dw && !g->oom;) {
        unsigned k = (unsigned)range(g, 1, MAX_CHUNK_CMDS);
        if (k > want - made) k = want - made;
        chunk *c = insert_chunk(g, &p->chunks, &p->nchunks, p->nchunks);
        if (!c) return;
        unsigned before = p->ring_cmds;
        make_chunk(g, c, k, capacity_dw - used_dw - reserve, p->nchunks == 1);
        used_dw += (uint32_t)c->dw.n;
        made += p->ring_cmds - before ? p->ring_cmds - before : 1;
    }
    /* the illegal command was drawn past what fits: one more small chunk for it, if that fits */
    if (p->bad_at >= 0 && !p->bad_placed && used_dw + reserve <= capacity_dw && !g->oom) {
        chunk *c = insert_chunk(g, &p->chunks, &p->nchunks, p->nchunks);
        if (!c) return;
        p->bad_at = p->ring_cmds;
        make_chunk(g, c, 1, MAX_UNIT_DW + 4, false);
        used_dw += (uint32_t)c->dw.n;
    }
    /* the remap's flush: a chunk of its own, after the first and before the one with the stopping command (with TLB
     * invalidate for INV_FLUSH; a plain flush when the host invalidates: the submission still starts there) */
    if (p->nremaps && !g->oom) {
        size_t limit = p->nchunks;
        for (size_t i = 0; i < p->nchunks; i++)
            if (p->chunks[i].bad) { limit = i; break; }
        if (limit >= 1 && used_dw + 8u <= capacity_dw) {
            chunk *c = insert_chunk(g, &p->chunks, &p->nchunks, (size_t)range(g, 1, limit));
            if (!c) return;
            ectx x = { &c->dw, 0, false, true, false, false, false, false, false };
            emit_inval_flush(g, &x, (p->inval & INV_FLUSH) != 0);
            if (c->dw.n % 2) push(g, &c->dw, 0);
            chunk_add_cmds(g, c, 0);
            c->remap = true;
            used_dw += (uint32_t)c->dw.n;
        } else {
            p->nremaps = 0;
        }
    }
    if (!p->nchunks) {                        /* min_cmds 0: still one chunk, so that there is a test */
        chunk *c = insert_chunk(g, &p->chunks, &p->nchunks, 0);
        if (!c) return;
        make_filler(g, c, 2);
        used_dw += 2;
    }
    while (p->laps_mode && used_dw < ring_dw && !g->oom) {   /* NOOP filler chunks at random places */
        uint32_t n = ring_dw - used_dw < FILLER_DW ? ring_dw - used_dw : 2u * (uint32_t)range(g, 1, FILLER_DW / 2);
        /* never before the first chunk: it writes the semaphores and goes in the first submission */
        chunk *c = insert_chunk(g, &p->chunks, &p->nchunks, (size_t)range(g, 1, p->nchunks));
        if (!c) return;
        make_filler(g, c, n);
        used_dw += n;
    }
    p->chunk_start = malloc((p->nchunks + 1) * sizeof *p->chunk_start);
    if (!p->chunk_start) { g->oom = true; return; }
    p->chunk_start[0] = 0;
    for (size_t i = 0; i < p->nchunks; i++) p->chunk_start[i + 1] = p->chunk_start[i] + (uint32_t)p->chunks[i].dw.n;
}

/* Where the cycle starts in the ring: 0, a chunk boundary at the end of the ring, a command of 3 or more
 * dwords across the end of the ring (40%), or (single mode) any QWORD-aligned offset. */
static uint32_t choose_start(gen *g, const engine_plan *p)
{
    unsigned how = (unsigned)range(g, 0, 9);
    if (how < 4) {
        size_t candidates = 0;
        for (size_t i = 0; i < p->nchunks; i++)
            for (size_t j = 0; j < p->chunks[i].ncmds; j++) candidates += p->chunks[i].cmds[j].len >= 3;
        if (!candidates) return 0;
        size_t pick = (size_t)range(g, 0, candidates - 1);
        for (size_t i = 0; i < p->nchunks; i++)
            for (size_t j = 0; j < p->chunks[i].ncmds; j++) {
                const cmd_pos *c = &p->chunks[i].cmds[j];
                if (c->len < 3 || pick-- != 0) continue;
                uint32_t at = p->chunk_start[i] + c->start;   /* dwords into the cycle */
                /* m dwords before the end of the ring, 0 < m < len, with (at + m) even: a QWORD-aligned start */
                uint32_t m = at % 2 ? 1u : 2u;
                if (c->len > 3 && at % 2 && pct(g, 50)) m = 3;
                return (p->size - 4u * (at + m) % p->size) % p->size;
            }
    }
    if (how < 7 && p->nchunks > 1) return (p->size - 4u * p->chunk_start[range(g, 1, p->nchunks - 1)] % p->size) % p->size;
    if (how < 8 && !p->laps_mode) return 8u * (uint32_t)range(g, 0, p->size / 8u - 1);
    return 0;
}

static void place_cycle(const engine_plan *p, uint8_t *ring)
{
    uint64_t k = 0;
    for (size_t i = 0; i < p->nchunks; i++)
        for (size_t j = 0; j < p->chunks[i].dw.n; j++, k++) {
            uint32_t off = (uint32_t)((p->start + 4u * k) % p->size), v = p->chunks[i].dw.v[j];
            for (unsigned b = 0; b < 4; b++) ring[off + b] = (uint8_t)(v >> (8 * b));
        }
    for (size_t j = 0; j < p->bdw.n; j++, k++) {   /* the interrupt bursts, right after the cycle */
        uint32_t off = (uint32_t)((p->start + 4u * k) % p->size), v = p->bdw.v[j];
        for (unsigned b = 0; b < 4; b++) ring[off + b] = (uint8_t)(v >> (8 * b));
    }
}

/* Engine p's segments of the interrupt bursts (irq_burst_pct): in each round, the lowest engine of the bursts
 * runs brun[r] MI_USER_INTERRUPTs back to back, every other one a single MI_USER_INTERRUPT after 0..3/4 of that
 * many MI_NOOPs, so that its event (IRQ-9) most likely lands in a cycle of one of the run's. Each segment is
 * QWORD-padded with MI_NOOP. Drawn from the bursts' stream. */
static void make_bursts(gen *g, engine_plan *p)
{
    bool run = (unsigned)__builtin_ctz(g->burst) == (unsigned)p->e;
    uint32_t noop = gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_NOOP], 1);
    uint32_t user = gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_USER_INTERRUPT], 1);
    for (unsigned r = 0; r < g->nbursts && !g->oom; r++) {
        if (run) {
            for (uint32_t i = 0; i < g->brun[r]; i++) push(g, &p->bdw, user);
        } else {
            uint32_t lead = (uint32_t)b_range(g, 0, g->brun[r] * 3u / 4u);
            for (uint32_t i = 0; i < lead; i++) push(g, &p->bdw, noop);
            push(g, &p->bdw, user);
        }
        if (p->bdw.n % 2) push(g, &p->bdw, noop);
        p->bend[r] = (uint32_t)p->bdw.n;
    }
}

/* The chunk boundaries in submission order: the cycle once or twice, then part of it (laps mode). Once the
 * chunk with the illegal command has gone by, nothing raises an interrupt any more. */
static void plan_boundaries(gen *g, engine_plan *p)
{
    uint64_t laps = p->laps_mode && pct(g, 30) ? 2 : 1;
    size_t partial = p->laps_mode ? (size_t)range(g, 0, p->nchunks - 1) : 0;
    if (g->cfg->min_cycles && p->bad_at < 0) {
        /* a long test: whole laps until the engine has been given the ring dwords the estimate needs (an engine
         * that halts is not counted on: its submissions stop once it has) */
        uint64_t need_dw = (g->cfg->min_cycles + GTREF_GEN_CYCLES_PER_RING_DW - 1) / GTREF_GEN_CYCLES_PER_RING_DW;
        uint64_t lap_dw = p->chunk_start[p->nchunks];
        uint64_t want = (need_dw + lap_dw - 1) / lap_dw;
        if (want > laps) laps = want;
    }
    p->nb = laps * p->nchunks + partial;
    p->bounds = malloc(p->nb * sizeof *p->bounds);
    if (!p->bounds) { g->oom = true; return; }
    uint64_t cycle_bytes = 4ull * p->chunk_start[p->nchunks];
    bool halted = false;
    for (size_t k = 0; k < p->nb; k++) {
        size_t lap = k / p->nchunks, c = k % p->nchunks;
        const chunk *ch = &p->chunks[c];
        bool halts = !halted && ch->bad;
        p->bounds[k] = (boundary){ lap * cycle_bytes + 4ull * p->chunk_start[c + 1], !halted && ch->raises_irq, halts,
                                   lap * cycle_bytes + 4ull * p->chunk_start[c] };
        halted |= halts;
    }
}

/* The register pools of engine e: LRI targets other than the CS_GPRs (never RING_HEAD/START/CTL/TAIL, contract
 * §8; nor HWS_PGA or FORCE_TO_NONPRIV*, which the host programs; nor PDP0_*, PP_DCLV, RING_MODE or INSTPM,
 * docs/gam.md §5), its read-only registers (an LRI drops them, C6; never another engine's, a global or an unknown
 * offset: C6/C14 unimplemented), and the registers
 * LRR/SRM read (all of its own but RING_TAIL, which the host moves, and RING_CTL; INSTPM included). */
static void lri_pools(engine_plan *p, int engines, bool race)
{
    for (size_t i = 0; i < gtref_nregs; i++) {
        const gtref_reg_def *d = &gtref_regs[i];
        bool ring_reg = d->offset == GTREF_RING_TAIL || d->offset == GTREF_RING_HEAD || d->offset == GTREF_RING_START ||
                        d->offset == GTREF_RING_CTL;
        bool host_reg = d->offset == GTREF_HWS_PGA ||
                        (d->offset >= GTREF_FORCE_TO_NONPRIV0 && d->offset < GTREF_FORCE_TO_NONPRIV0 + 4u * GTREF_FORCE_TO_NONPRIV_COUNT);
        bool writable = gtref_reg_rw(d, p->e) || d->w1c_mask;
        /* the translation registers: never by MI_LOAD_REGISTER_* (docs/gam.md §5); nor the GAM's own registers */
        bool xlate_reg = (d->flags & GTREF_REGF_ENGINE) && (d->offset == GTREF_RING_MODE || d->offset == GTREF_PP_DCLV ||
                                                            d->offset == GTREF_PDP0_LDW || d->offset == GTREF_PDP0_UDW);
        /* INSTPM: bits 5 and 9 only by the host while the engine is idle (GAM-22): no MI_LOAD_REGISTER_* at all,
         * of any engine */
        xlate_reg |= (d->flags & GTREF_REGF_ENGINE) && d->offset == GTREF_INSTPM;
        /* global registers and other engines' (C6, C14: unimplemented from an engine) are never named */
        if ((d->flags & GTREF_REGF_GAM) || !(d->flags & GTREF_REGF_ENGINE)) continue;
        if (!gtref_reg_present(d, p->e)) continue;   /* RCS0-only registers (W1) */
        if (strncmp(d->name, "CS_GPR", 6) == 0) continue;
        /* the watchdog pair: written by its own family (emit_watchdog) with values that keep it useful; not read
         * while the host may write it at any moment (race: the model runs a command ahead, contract §8) */
        bool wdog_reg = d->offset == GTREF_PR_CTR_CTL || d->offset == GTREF_PR_CTR_THRSH;
        if (wdog_reg && race) continue;
        if (d->offset != GTREF_RING_TAIL && d->offset != GTREF_RING_CTL && p->nreadable < MAX_LRI_POOL)
            p->readable[p->nreadable++] = gtref_reg_abs(d, p->e);
        /* IMR and HWSTAM: programmed by the host at setup (interrupts.md §4: HWSTAM has one unmasked bit at most,
         * never RCS0's bit 6; an IMR that masks USER would leave wait_irq waiting in vain) */
        bool irq_reg = d->offset == GTREF_IMR || d->offset == GTREF_HWSTAM;
        if (ring_reg || host_reg || wdog_reg || irq_reg || xlate_reg) continue;
        if (writable && p->nown_other < MAX_LRI_POOL) p->own_other[p->nown_other++] = gtref_reg_abs(d, p->e);
        else if (!writable && p->nignored < MAX_LRI_POOL) p->ignored[p->nignored++] = gtref_reg_abs(d, p->e);   /* read-only */
    }
    (void)engines;
}

/* ---- host program ---- */

static void op(gen *g, uint8_t code, uint32_t off, uint32_t val, uint32_t cycles)
{
    if (!g->oom && gtref_stim_add_op(g->s, code, off, val, cycles)) g->oom = true;
}

static uint32_t intr_dw_reg(const gtref_engine_def *ed) { return ed->intr_dw ? GTREF_GT_INTR_DW1 : GTREF_GT_INTR_DW0; }

/* An LRA range [min, max] of CVS_TLB_LRA_0/1 (docs/gam.md GAM-8): half of them at most 4 entries wide. */
static uint32_t lra_range(gen *g)
{
    uint32_t lo = (uint32_t)range(g, 0, 31), top = pct(g, 50) && lo + 3u < 31u ? lo + 3u : 31u;
    return lo | (uint32_t)range(g, lo, top) << 8;
}

/* The engine's PP_DCLV: the groups of the PML4 entries its root has (GAM-6), and sometimes more, never a group
 * it keeps disabled for an unloaded-PD fault. */
static uint32_t dclv_value(gen *g, const engine_plan *p)
{
    space *s = &g->sp[p->root];
    uint32_t v = 0;
    for (size_t k = 0; k < s->ntp; k++)
        if (s->tp[k].key >> 56 == 1) v |= 1u << ((s->tp[k].key & 511u) >> GTREF_DCLV_GROUP_SHIFT);
    if (pct(g, 40)) v |= rnd32(g);
    return v & ~p->dclv_forbid;
}

/* A fair round robin on the MIDARB NP machine (GAM-9): state s ranks engine s first, then s+1, ... (codes 00000,
 * 01101, 10010, 11000 by G13), and after a grant to w the next state is w + 1 (no request: stay). Its starvation
 * bound is finite (3 with four engines), so the scoreboard's GAM-24 check has something to hold the arbiter to. */
static void program_round_robin(gen *g)
{
    static const uint8_t order[4][4] = { { 0, 1, 2, 3 }, { 1, 2, 3, 0 }, { 2, 3, 0, 1 }, { 3, 0, 1, 2 } };
    op(g, GTREF_HOST_WRITE, GTREF_MIDARB_PRIO_NP, 0x00u | 0x0Du << 5 | 0x12u << 10 | 0x18u << 15, 0);
    for (unsigned st = 0; st < 4; st++) {
        uint32_t gotos = 0;
        for (unsigned v = 0; v < 16; v++) {
            unsigned next = st;
            for (unsigned i = 0; i < 4; i++)
                if (v & (1u << order[st][i])) { next = (order[st][i] + 1u) % 4u; break; }
            gotos |= (uint32_t)next << (2 * v);
        }
        op(g, GTREF_HOST_WRITE, GTREF_MIDARB_GOTOFIELD_NP0 + 4u * st, gotos, 0);
    }
}

/* A GAC/GAB limit field of `bits` bits (GAM-27): mostly 0..3 (0 counts as 1), so that the owner switches within a
 * test; now and then any value. */
static uint32_t gac_limit(gen *g, unsigned bits)
{
    return c_pct(g, 85) ? (uint32_t)c_range(g, 0, 3) : c_rnd32(g) & ((1u << bits) - 1u);
}

/* The cascade at setup (GAM-27, GAM-28; docs/gam.md §5: never while an engine is busy), from the cascade's own
 * stream: GAC_ARB_CTL_REG (gac_gab_pct) with each class's enable and RO/R fixed side at random, small limits and
 * random storage bits (VLF final writes [30], the TLB064 partition [5:0], G24), now and then random bits that are
 * not stored; ARB_RO/R/WR_GAC_GAM0..3 (gac_gam_pct): any value is legal (3-bit gotos, priority bits). */
static void program_cascade(gen *g)
{
    g->gac_gab = c_pct(g, g->cfg->gac_gab_pct);
    if (g->gac_gab) {
        static const int order[3] = { GTREF_CLIENT_WR, GTREF_CLIENT_IF, GTREF_CLIENT_DR };   /* WR, RO, R */
        uint32_t v = 0;
        for (int i = 0; i < 3; i++) {   /* each class's enable, fixed side (GAB) and limit (gtref_gac_ctl_class_of) */
            gtref_gac_ctl_class f = gtref_gac_ctl_class_of(order[i]);
            if (c_pct(g, 50)) v |= 1u << f.enable;
            if (f.fixed != GTREF_GAC_CTL_NO_FIXED && c_pct(g, 50)) v |= 1u << f.fixed;
            v |= gac_limit(g, f.limit_bits) << f.limit_shift;
        }
        v |= c_pct(g, 50) ? c_rnd32(g) & 0x4000003Fu : 0x00000002u;   /* storage, or its reset value */
        if (c_pct(g, 20)) v |= c_rnd32(g) & 0x002020C0u;      /* bits that are not stored */
        op(g, GTREF_HOST_WRITE, GTREF_GAC_ARB_CTL_REG, v, 0);
    }
    g->gac_gam = c_pct(g, g->cfg->gac_gam_pct);
    if (g->gac_gam) {
        static const uint32_t base[3] = { GTREF_ARB_RO_GAC_GAM0, GTREF_ARB_R_GAC_GAM0, GTREF_ARB_WR_GAC_GAM0 };
        for (int c = 0; c < 3; c++)
            for (uint32_t k = 0; k < 4; k++) op(g, GTREF_HOST_WRITE, base[c] + 4u * k, c_rnd32(g), 0);
    }
}

/* The GAM's global registers at setup, before any ring is enabled (docs/gam.md §5: never while an engine is
 * busy): TLB LRA ranges and client assignment (lra_pct), the arbiter's priority codes (c[2:0] 0..5, any c[4:3])
 * and goto fields (midarb_pct), the accepted-request limits (req_limit_pct: RCS0 [31:24], BCS0/VCS0 [23:16], VECS0
 * [13:8] 0..3 each, 0 counting as 1, so that they bind while the engines contend; CASC [5:0] random, GAM-23),
 * continue-after-fault (continue-mode fault seeds). */
static void program_gam(gen *g)
{
    if (pct(g, g->cfg->req_limit_pct)) {
        uint32_t v = (uint32_t)range(g, 0, 3) << 24 | (uint32_t)range(g, 0, 3) << 16 | (uint32_t)range(g, 0, 3) << 8 |
                     (rnd32(g) & 0x3Fu);
        if (pct(g, 20)) v |= rnd32(g) & 0x0000C0C0u;   /* bits that are not stored */
        op(g, GTREF_HOST_WRITE, GTREF_MEDIA_MAX_REQ_COUNT, v, 0);
        g->req_limit = true;
    }
    if (pct(g, g->cfg->lra_pct)) {
        uint32_t lra0 = lra_range(g), lra1 = lra_range(g);
        op(g, GTREF_HOST_WRITE, GTREF_CVS_TLB_LRA_0, lra0 | lra1 << 16, 0);
        op(g, GTREF_HOST_WRITE, GTREF_CVS_TLB_LRA_1, lra_range(g), 0);
        /* IF [5:4], DR [3:2], WR [1:0]: LRA 0..2, now and then 3 (= LRA0, G8) */
        uint32_t a = 0;
        for (int c = 0; c < 3; c++) a = a << 2 | (uint32_t)(pct(g, 10) ? 3 : range(g, 0, 2));
        op(g, GTREF_HOST_WRITE, GTREF_CVS_TLB_LRA_2, a, 0);
    }
    if (pct(g, g->cfg->midarb_pct)) {
        if (pct(g, 30)) {
            program_round_robin(g);
        } else {
            uint32_t prio = 0;
            for (int st = 0; st < 4; st++) {
                uint32_t order = (uint32_t)range(g, 0, 5), vecs = (uint32_t)range(g, 0, 3);
                prio |= (order | vecs << 3) << (5 * st);
            }
            op(g, GTREF_HOST_WRITE, GTREF_MIDARB_PRIO_NP, prio, 0);
            for (uint32_t st = 0; st < 4; st++) op(g, GTREF_HOST_WRITE, GTREF_MIDARB_GOTOFIELD_NP0 + 4u * st, rnd32(g), 0);
        }
    }
    if (g->cont) op(g, GTREF_HOST_WRITE, GTREF_GAB_CTL_REG, 0xBFu | GTREF_GAB_CTL_CONTINUE, 0);
    program_cascade(g);
}

/* INSTPM at setup (GAM-22): masked writes of other bits than 5 and 9 (storage bits 0, 2, 3, 6, 7, 8; bit 11 and
 * reserved bits, which read 0), never a sync flush or TLB invalidation. */
static uint32_t instpm_setup_value(gen *g)
{
    static const uint32_t fixed[] = { 0x00010001u, 0x00010000u, 0x01CD01CDu, 0x01CD0000u, 0x08000800u };
    if (pct(g, 50)) return fixed[range(g, 0, sizeof fixed / sizeof fixed[0] - 1u)];
    uint32_t m = rnd32(g) & 0xFFFFu & ~INSTPM_INVAL, v = rnd32(g) & 0xFFFFu & ~INSTPM_INVAL;
    return m << 16 | v;
}

/* The interrupt enable and mask registers of the test's engines, each written once with the fields of every engine
 * (shared registers, spec decisions I1-I2): an engine's events open (enabled and unmasked), masked (enabled, masked)
 * or disabled (unmasked, not enabled) as its plan says. */
static void write_irq_enables(gen *g, const engine_plan *plans, size_t np)
{
    uint32_t regs[2 * GTREF_MAX_ENGINES], vals[2 * GTREF_MAX_ENGINES];
    size_t nregs = 0;
    for (size_t i = 0; i < np; i++) {
        const engine_plan *p = &plans[i];
        const gtref_engine_def *ed = &gtref_engines[p->e];
        uint32_t bits = GTREF_IRQ_USER | GTREF_IRQ_CS_MASTER_ERROR | (p->notify_irq ? GTREF_IRQ_PIPECTL_NOTIFY : 0u);
        if (p->e == 0 && g->wdog) bits |= GTREF_IRQ_WATCHDOG;
        uint32_t en = p->irq_open || p->irq_masked ? bits << ed->intr_enable_shift : 0;
        uint32_t unmask = p->irq_open || !p->irq_masked ? bits << ed->intr_mask_shift : 0;
        for (int pass = 0; pass < 2; pass++) {
            uint32_t reg = pass ? ed->intr_mask_reg : ed->intr_enable_reg;
            size_t j = 0;
            while (j < nregs && regs[j] != reg) j++;
            if (j == nregs) {
                regs[nregs] = reg;
                vals[nregs++] = pass ? 0xFFFFFFFFu : 0u;
            }
            if (pass) vals[j] &= ~unmask;
            else vals[j] |= en;
        }
    }
    for (size_t j = 0; j < nregs; j++) op(g, GTREF_HOST_WRITE, regs[j], vals[j], 0);
}

/* Setup with every ring disabled: the GAM, ring registers, EMR, INSTPM (instpm_setup_pct), the PPGTT (RING_MODE[9],
 * PDP0, PP_DCLV), interrupt enables and masks. The enable registers are shared by two engines each and the mask fields sit where the engine
 * table says (spec decisions I1-I2): each register is written once with the fields of every engine of the test. */
static void program_setup(gen *g, engine_plan *plans, size_t np)
{
    program_gam(g);
    for (size_t i = 0; i < np; i++) {
        engine_plan *p = &plans[i];
        uint32_t base = gtref_engines[p->e].base;
        op(g, GTREF_HOST_WRITE, base + GTREF_RING_CTL, 0, 0);
        op(g, GTREF_HOST_WRITE, base + GTREF_RING_START, p->ring_addr, 0);
        op(g, GTREF_HOST_WRITE, base + GTREF_RING_HEAD, p->start, 0);
        op(g, GTREF_HOST_WRITE, base + GTREF_RING_TAIL, p->start, 0);
        uint32_t emr_clear = (p->emr_unmasked ? GTREF_ERR_INSTRUCTION : 0u) | (p->emr_pf ? GTREF_ERR_PAGE_TABLE : 0u) |
                             (p->emr_priv ? ERR_CP_PRIV : 0u);
        if (emr_clear) op(g, GTREF_HOST_WRITE, base + GTREF_EMR, ~emr_clear, 0);
        op(g, GTREF_HOST_WRITE, base + GTREF_HWS_PGA, (uint32_t)p->hws, 0);
        p->instpm_setup = pct(g, g->cfg->instpm_setup_pct);
        if (p->instpm_setup) op(g, GTREF_HOST_WRITE, base + GTREF_INSTPM, instpm_setup_value(g), 0);
        if (p->ppgtt) {
            /* PDP0 holds the PML4's address in bits 38:12; junk seeds set the bits GAM-5 ignores */
            uint64_t pdp = g->sp[p->root].pml4;
            if (g->junk && pct(g, 50)) pdp |= gtref_rng_next(&g->rng) & ~GTREF_PTE_ADDR_MASK;
            op(g, GTREF_HOST_WRITE, base + GTREF_RING_MODE, 0x02000200u, 0);   /* masked: bit 9 only */
            op(g, GTREF_HOST_WRITE, base + GTREF_PDP0_LDW, (uint32_t)pdp, 0);
            op(g, GTREF_HOST_WRITE, base + GTREF_PDP0_UDW, (uint32_t)(pdp >> 32), 0);
            op(g, GTREF_HOST_WRITE, base + GTREF_PP_DCLV, dclv_value(g, p), 0);
        }
        /* IMR (docs/interrupts.md IRQ-3) resets all masked: open the engine's events, now and then leaving one of
         * them other than USER masked there (dropped at the engine); HWSTAM (IRQ-4): now and then USER unmasked,
         * so that each user interrupt writes the status page (one bit at most, BYT-REG L3863; never bit 6) */
        uint32_t ev = GTREF_IRQ_USER | GTREF_IRQ_CS_MASTER_ERROR | (p->notify_irq ? GTREF_IRQ_PIPECTL_NOTIFY : 0u) |
                      (p->e == 0 && g->wdog ? GTREF_IRQ_WATCHDOG : 0u);
        uint32_t imr = ~ev;
        if (pct(g, 15)) {
            uint32_t cand[3] = { GTREF_IRQ_CS_MASTER_ERROR, GTREF_IRQ_PIPECTL_NOTIFY, GTREF_IRQ_WATCHDOG };
            uint32_t b = cand[range(g, 0, 2)];
            if (ev & b) imr |= b;
        }
        op(g, GTREF_HOST_WRITE, base + GTREF_IMR, imr, 0);
        if (pct(g, 25)) op(g, GTREF_HOST_WRITE, base + GTREF_HWSTAM, ~(uint32_t)GTREF_IRQ_USER, 0);
        for (size_t k = 0; k < p->nnpent; k++)
            op(g, GTREF_HOST_WRITE, base + GTREF_FORCE_TO_NONPRIV0 + 4u * (uint32_t)k, p->npent[k], 0);
        if (p->rp_r >= 0) op(g, GTREF_HOST_WRITE, p->rp_off, p->rp_init, 0);   /* reg_poll_pct: the false value */
    }
    op(g, GTREF_HOST_WRITE, GTREF_GFX_MSTR_IRQ, GTREF_MSTR_IRQ_ENABLE, 0);
    write_irq_enables(g, plans, np);
    if (g->wdog) {   /* the watchdog (commands.md §7): a threshold, then the start, counting clocks or periods */
        op(g, GTREF_HOST_WRITE, gtref_engines[0].base + GTREF_PR_CTR_THRSH, wdog_thrsh(g), 0);
        op(g, GTREF_HOST_WRITE, gtref_engines[0].base + GTREF_PR_CTR_CTL, pct(g, 60) ? GTREF_WDOG_COUNT_CLOCKS : 0u, 0);
    }
    for (size_t i = 0; i < np; i++)
        op(g, GTREF_HOST_WRITE, gtref_engines[plans[i].e].base + GTREF_RING_CTL,
           ((plans[i].pages - 1u) << GTREF_CTL_LEN_SHIFT) | GTREF_CTL_ENABLE, 0);
}

/* One round of the host's interrupt service routine (docs/interrupts.md §3), random delays between its steps. */
static void isr(gen *g)
{
    op(g, GTREF_HOST_ISR, 0, pct(g, 40) ? GTREF_ISR_CLEAR_EACH : 0, (uint32_t)(pct(g, 30) ? 0 : range(g, 1, 40)));
}

/* Unmask the interrupt field of an engine whose events were masked at setup (IRQ-9: the events it holds show
 * now); from then on it is an open engine. */
static void unmask_one(gen *g, engine_plan *plans, size_t np)
{
    for (size_t i = 0; i < np; i++) {
        engine_plan *p = &plans[i];
        if (!p->irq_masked) continue;
        const gtref_engine_def *ed = &gtref_engines[p->e];
        uint32_t field = 0xFFFFu << ed->intr_mask_shift, keep = 0xFFFFFFFFu;
        for (size_t j = 0; j < np; j++)   /* the other engines' fields of the same register, as setup left them */
            if (j != i && gtref_engines[plans[j].e].intr_mask_reg == ed->intr_mask_reg && !plans[j].irq_masked)
                keep &= ~(0xFFFFu << gtref_engines[plans[j].e].intr_mask_shift);
        op(g, GTREF_HOST_WRITE, ed->intr_mask_reg, keep & ~field, 0);
        p->irq_masked = false;
        p->irq_open = true;
        return;
    }
}

/* A host write of GFX_FLSH_CNTL (GAM-21): any value invalidates every engine's GGTT entries; bit 0 is stored. */
static void flsh_cntl(gen *g)
{
    op(g, GTREF_HOST_WRITE, GTREF_GFX_FLSH_CNTL, pct(g, 50) ? 1u : rnd32(g), 0);
    g->flsh_written = true;
}

/* A host write of engine p's INSTPM with bits 9 and 5 and their enables (GAM-22): its whole TLB is invalidated.
 * Only while p is idle (docs/gam.md §5); now and then it changes storage bits too. */
static void instpm_inval(gen *g, const engine_plan *p)
{
    uint32_t v = INSTPM_INVAL_WRITE;
    if (pct(g, 20)) {
        uint32_t m = rnd32(g) & INSTPM_STORED;
        v |= m << 16 | (rnd32(g) & m);
    }
    op(g, GTREF_HOST_WRITE, gtref_engines[p->e].base + GTREF_INSTPM, v, 0);
}

/* wait_idle: every engine has executed all it was given, or halted at its illegal command. */
static void wait_idle(gen *g, engine_plan *plans, size_t np)
{
    op(g, GTREF_HOST_WAIT_IDLE, 0, 0, 0);
    for (size_t i = 0; i < np; i++) {
        plans[i].idle_pos = plans[i].pos;
        plans[i].halted |= plans[i].halt_submitted;
    }
}

/* One submission of engine p: 1..4 chunks through RING_TAIL (sometimes a TAIL inside them first). Sets
 * *irq when the submitted chunks raise a user interrupt. False when the engine has nothing more to submit. */
static bool submit(gen *g, engine_plan *plans, size_t np, engine_plan *p, bool *irq)
{
    uint32_t tail = gtref_engines[p->e].base + GTREF_RING_TAIL;
    if (p->nremaps && !p->remap_done && p->k == (size_t)p->remap_chunk) {
        /* the remap (docs/gam.md §5): every engine idle, the entries rewritten, the host's invalidations (GGTT
         * entries by GFX_FLSH_CNTL, the engine's TLB by INSTPM, both while every engine is idle), then the
         * submission that starts with the remap chunk (the engine's TLB-invalidating flush for INV_FLUSH); only
         * this engine ever uses these pages */
        wait_idle(g, plans, np);
        for (size_t i = 0; i < p->nremaps; i++)
            mem_write(g, pte_addr(g, p->remaps[i].spi, p->remaps[i].va), entry(g, p->remaps[i].pa));
        if (p->inval & INV_FLSH_CNTL) flsh_cntl(g);
        if (p->inval & INV_INSTPM) instpm_inval(g, p);
        p->remap_done = true;
    }
    uint64_t limit = p->size - 8u;             /* most unexecuted bytes the ring may hold */
    size_t group = (size_t)range(g, 1, 4);
    if (group > p->nb - p->k) group = p->nb - p->k;
    if (p->nremaps && !p->remap_done && p->k < (size_t)p->remap_chunk && p->k + group > (size_t)p->remap_chunk)
        group = (size_t)p->remap_chunk - p->k;   /* the remap's submission starts with its flush */
    while (group > 1 && p->bounds[p->k + group - 1].pos - p->pos > limit) group--;
    uint64_t next = p->bounds[p->k + group - 1].pos;
    /* A halted engine's head stays at (or just after the batch call of) its illegal command, at or after
     * halt_pos: never lap it. Until a wait_idle has made sure the engine got there, its head may be anywhere
     * since the last wait_idle, like any engine's. */
    if (p->halt_submitted && next - p->halt_pos > limit) {
        p->k = p->nb;
        return false;
    }
    if (!p->halted && next - p->idle_pos > limit) wait_idle(g, plans, np);
    if (next - p->pos >= 16 && pct(g, g->cfg->split_tail_pct)) {
        /* a TAIL at any QWORD strictly inside the submission, often in the middle of a command: the engine
         * executes up to it and waits; then the real boundary, after a while or at once */
        uint64_t mid = p->pos + 8u * range(g, 1, (next - p->pos) / 8u - 1u);
        op(g, GTREF_HOST_WRITE, tail, (uint32_t)((p->start + mid) % p->size), 0);
        if (pct(g, 70)) op(g, GTREF_HOST_WAIT, 0, 0, (uint32_t)range(g, 1, 300));
    }
    op(g, GTREF_HOST_WRITE, tail, (uint32_t)((p->start + next) % p->size), 0);
    for (size_t j = p->k; j < p->k + group && p->rp_r >= 0 && !p->rp_released; j++)
        if (p->chunks[j % p->nchunks].regpoll) {
            /* reg_poll_pct (C33): the one write that makes the engine's register-poll wait true, now or a little
             * later (the engine waits there meanwhile); nothing else writes that register */
            if (x_pct(g, 60)) op(g, GTREF_HOST_WAIT, 0, 0, (uint32_t)x_range(g, 1, 300));
            op(g, GTREF_HOST_WRITE, p->rp_off, p->rp_val, 0);
            p->rp_released = true;
        }
    *irq = false;
    for (size_t j = p->k; j < p->k + group; j++) {
        *irq |= p->bounds[j].raises_irq;
        if (p->bounds[j].halts) {
            p->halt_submitted = true;
            p->halt_pos = p->bounds[j].chunk_pos;
        }
    }
    p->pos = next;
    p->k += group;
    return true;
}

/* A remap under live TLB entries (docs/gam.md §5): a page of ring or batch commands, in any space, to a copy of
 * it at a fresh physical page, while engines may run. Commands are never written, so every view stays the same. */
static void live_remap(gen *g)
{
    size_t n = 0;
    for (int i = 0; i < g->nsp; i++)
        for (size_t k = 0; k < g->sp[i].n; k++) {
            const ppage *pp = img_find(g, g->sp[i].pg[k].pfn);
            n += pp && pp->kind != GTREF_SEG_DATA;
        }
    if (!n) return;
    size_t pick = (size_t)range(g, 0, n - 1);
    for (int i = 0; i < g->nsp; i++)
        for (size_t k = 0; k < g->sp[i].n; k++) {
            const ppage *pp = img_find(g, g->sp[i].pg[k].pfn);
            if (!pp || pp->kind == GTREF_SEG_DATA || pick-- != 0) continue;
            ppage src = *pp;                    /* img_page may move the array */
            uint64_t pa = alloc_pa(g);
            ppage *dst = img_page(g, pa >> 12, src.kind);
            if (!dst) return;
            memcpy(dst->b, src.b, PAGE);
            dst->lo = src.lo;
            dst->hi = src.hi;
            mem_write(g, pte_addr(g, i, g->sp[i].pg[k].vpn << 12), entry(g, pa));
            return;
        }
}

/* The interrupt bursts (irq_burst_pct), every engine idle: in each round the host services what is pending (the DW
 * bits clear, so that a lost one shows), then submits the round's segments back to back, the run's engine first and
 * the others in random order, and waits for idle; the next round's service routine (or the end's reads) reads
 * GFX_MSTR_IRQ and GT_INTR_DW0/1 (IRQ-10: every engine of a same-cycle event has its bit). */
static void bursts(gen *g, engine_plan *plans, size_t np)
{
    /* the burst engines' events opened (enabled and unmasked: docs/interrupts.md IRQ-7, IRQ-9), the others' fields as
     * they are (setup, unmask_one) */
    for (size_t i = 0; i < np; i++)
        if (g->burst >> plans[i].e & 1) {
            plans[i].irq_open = true;
            plans[i].irq_masked = false;
        }
    write_irq_enables(g, plans, np);
    for (unsigned r = 0; r < g->nbursts && !g->oom; r++) {
        op(g, GTREF_HOST_ISR, 0, b_pct(g, 40) ? GTREF_ISR_CLEAR_EACH : 0, (uint32_t)(b_pct(g, 50) ? 0 : b_range(g, 1, 10)));
        size_t order[GTREF_MAX_ENGINES], n = 0;
        for (size_t i = 0; i < np; i++)
            if (g->burst >> plans[i].e & 1) order[n++] = i;
        for (size_t i = n; i > 2; i--) {   /* order[0], the lowest engine (the run), stays first */
            size_t j = (size_t)b_range(g, 1, i - 1), t = order[i - 1];
            order[i - 1] = order[j];
            order[j] = t;
        }
        for (size_t i = 0; i < n; i++) {
            engine_plan *p = &plans[order[i]];
            uint64_t pos = 4ull * p->chunk_start[p->nchunks] + 4ull * p->bend[r];
            op(g, GTREF_HOST_WRITE, gtref_engines[p->e].base + GTREF_RING_TAIL, (uint32_t)((p->start + pos) % p->size), 0);
        }
        op(g, GTREF_HOST_WAIT_IDLE, 0, 0, 0);
    }
}

static void program_host(gen *g, engine_plan *plans, size_t np)
{
    program_setup(g, plans, np);

    /* every engine's first submission (its first chunk writes its semaphores), in random order and before any
     * wait_idle, so that every semaphore an engine may wait for gets written whatever the host does next */
    size_t order[GTREF_MAX_ENGINES];
    for (size_t i = 0; i < np; i++) order[i] = i;
    for (size_t i = np; i > 1; i--) {
        size_t j = (size_t)range(g, 0, i - 1), t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
    for (size_t i = 0; i < np; i++) {
        bool irq;
        if (plans[order[i]].k < plans[order[i]].nb) submit(g, plans, np, &plans[order[i]], &irq);
    }

    /* the engines' submissions, interleaved in random order */
    for (;;) {
        size_t live = 0, pick;
        for (size_t i = 0; i < np; i++) live += plans[i].k < plans[i].nb;
        if (!live || g->oom) break;
        pick = (size_t)range(g, 0, live - 1);
        engine_plan *p = plans;
        for (size_t i = 0; i < np; i++)
            if (plans[i].k < plans[i].nb && pick-- == 0) p = &plans[i];
        bool irq;
        if (!submit(g, plans, np, p, &irq)) continue;
        if (g->race && p->e == 0 && pct(g, 60)) {
            /* a host write of a watchdog register while RCS0 runs the commands just submitted, whose own LRIs
             * write the same registers: sometimes in the very cycle of an engine commit (contract §8) */
            uint32_t w = (uint32_t)range(g, 0, 40);
            if (w) op(g, GTREF_HOST_WAIT, 0, 0, w);
            bool ctl = pct(g, 50);
            for (unsigned k = (unsigned)range(g, 4, 16); k; k--)   /* a burst: a window of cycles, not one */
                op(g, GTREF_HOST_WRITE, gtref_engines[0].base + (ctl ? GTREF_PR_CTR_CTL : GTREF_PR_CTR_THRSH),
                   ctl ? wdog_ctl(g) : wdog_thrsh(g), 0);
        }
        if (g->wdog && pct(g, 15)) {
            /* serve what is pending, so that each later watchdog event shows on the line again */
            isr(g);
        }
        if (pct(g, 4)) unmask_one(g, plans, np);
        if (g->live_remap && pct(g, 5)) live_remap(g);
        if (g->flsh_live && pct(g, 5)) flsh_cntl(g);   /* any time: it only invalidates (GAM-21) */
        if (g->fclear && pct(g, 5)) {
            /* a fault register cleared: the next fault of its engines is recorded again (GAM-14) */
            op(g, GTREF_HOST_WRITE, gtref_fault_reg(plans[range(g, 0, np - 1)].e), 0, 0);
            if (pct(g, 30)) op(g, GTREF_HOST_WRITE, GTREF_GFX_ARB_ERROR_RPT, 0, 0);
        }
        unsigned b2b = g->contend && g->cfg->back_to_back_pct < 80 ? 80 : g->cfg->back_to_back_pct;
        if (pct(g, b2b)) continue;   /* the next submission at once: engines overlap */
        const gtref_engine_def *ed = &gtref_engines[p->e];
        if (irq && p->irq_open && pct(g, 50)) {
            op(g, GTREF_HOST_WAIT_IRQ, 0, 0, IRQ_WAIT_CYCLES);
            if (pct(g, 15)) {   /* the old way: read the DW and clear the engine's bit, without the selector */
                op(g, GTREF_HOST_READ, intr_dw_reg(ed), 0, 0);
                op(g, GTREF_HOST_WRITE, intr_dw_reg(ed), 1u << ed->intr_bit, 0);
            } else {
                isr(g);
            }
        } else if (pct(g, 25)) {
            op(g, GTREF_HOST_WAIT, 0, 0, (uint32_t)range(g, 1, 400));
        } else if (p->k < p->nb && pct(g, 5)) {
            wait_idle(g, plans, np);
            op(g, GTREF_HOST_READ, ed->base + GTREF_RING_HEAD, 0, 0);
            if (pct(g, g->cfg->instpm_pct)) {
                /* an INSTPM invalidation of an idle engine that will not halt (GAM-22): no remap, just a TLB
                 * emptied under the engine's later accesses */
                size_t cand[GTREF_MAX_ENGINES], nc = 0;
                for (size_t i = 0; i < np; i++)
                    if (!plans[i].halt_submitted) cand[nc++] = i;
                if (nc) instpm_inval(g, &plans[cand[range(g, 0, nc - 1)]]);
            }
        }
    }

    /* the end: idle, then a few registers of every engine */
    op(g, GTREF_HOST_WAIT_IDLE, 0, 0, 0);
    if (g->burst) bursts(g, plans, np);
    bool dw1 = false;
    for (size_t i = 0; i < np; i++) {
        const engine_plan *p = &plans[i];
        uint32_t base = gtref_engines[p->e].base;
        dw1 |= gtref_engines[p->e].intr_dw != 0;
        op(g, GTREF_HOST_READ, base + GTREF_RING_HEAD, 0, 0);
        op(g, GTREF_HOST_READ, base + GTREF_RING_TAIL, 0, 0);
        if (p->bad_at >= 0) {
            op(g, GTREF_HOST_READ, base + GTREF_ESR, 0, 0);
            op(g, GTREF_HOST_READ, base + GTREF_EIR, 0, 0);
        }
        unsigned nread = (unsigned)range(g, 2, 4);
        for (unsigned j = 0; j < nread; j++) op(g, GTREF_HOST_READ, p->gpr0 + 4u * (uint32_t)range(g, 0, 31), 0, 0);
        if (p->ppgtt && pct(g, 30)) op(g, GTREF_HOST_READ, base + GTREF_RING_MODE, 0, 0);
        if (p->instpm_setup && pct(g, 50)) op(g, GTREF_HOST_READ, base + GTREF_INSTPM, 0, 0);
    }
    if (g->req_limit && pct(g, 50)) op(g, GTREF_HOST_READ, GTREF_MEDIA_MAX_REQ_COUNT, 0, 0);
    if (g->gac_gab && c_pct(g, 50)) op(g, GTREF_HOST_READ, GTREF_GAC_ARB_CTL_REG, 0, 0);
    if (g->gac_gam && c_pct(g, 50))
        op(g, GTREF_HOST_READ, GTREF_ARB_RO_GAC_GAM0 + 4u * (uint32_t)c_range(g, 0, 11), 0, 0);
    if (g->flsh_written && pct(g, 50)) op(g, GTREF_HOST_READ, GTREF_GFX_FLSH_CNTL, 0, 0);
    if (g->faults) {   /* the fault records: each engine's register once, then the arbiter's error report */
        uint32_t done[GTREF_MAX_ENGINES];
        size_t nd = 0;
        for (size_t i = 0; i < np; i++) {
            uint32_t r = gtref_fault_reg(plans[i].e);
            bool seen = false;
            for (size_t j = 0; j < nd; j++) seen |= done[j] == r;
            if (seen) continue;
            done[nd++] = r;
            op(g, GTREF_HOST_READ, r, 0, 0);
        }
        op(g, GTREF_HOST_READ, GTREF_GFX_ARB_ERROR_RPT, 0, 0);
    }
    op(g, GTREF_HOST_READ, GTREF_GT_INTR_DW0, 0, 0);
    if (dw1) op(g, GTREF_HOST_READ, GTREF_GT_INTR_DW1, 0, 0);
}

/* Engine p's data (docs/stimulus-format.md §3 "Address spaces"). GGTT view: its store area (16 pages) and, with
 * TLB pressure, 8..40 far pages; PPGTT view (with a PPGTT): 2..6 areas, 16..40 with TLB pressure, of 1..3 pages
 * at random addresses of its root (near each other or not), the first one on its GGTT hot page in half of the
 * alias seeds; and its PPGTT batch area. The first 256 bytes of each view's first area start with data. */
static void build_data(gen *g, engine_plan *p)
{
    const gtref_gen_config *c = g->cfg;
    bool pressure = pct(g, c->tlb_pressure_pct);
    p->areas[VIEW_GGTT][0] = (area){ p->store_base, STORE_STRIDE };
    p->nareas[VIEW_GGTT] = 1;
    map_range(g, SP_GGTT, p->store_base, STORE_STRIDE);
    unsigned nfar = pressure ? (unsigned)range(g, 8, 40) : 0;
    for (unsigned i = 0; i < nfar && p->nareas[VIEW_GGTT] < MAX_AREAS && !g->oom; i++) {
        uint32_t len = pct(g, 25) ? 2u * PAGE : PAGE;
        uint64_t va = FAR_BASE + (uint64_t)p->e * FAR_STRIDE + PAGE * range(g, 0, FAR_STRIDE / PAGE - 2u);
        bool clash = false;
        for (size_t k = 1; k < p->nareas[VIEW_GGTT]; k++)
            clash |= va < p->areas[VIEW_GGTT][k].va + p->areas[VIEW_GGTT][k].len + PAGE && p->areas[VIEW_GGTT][k].va < va + len + PAGE;
        if (clash) continue;
        p->areas[VIEW_GGTT][p->nareas[VIEW_GGTT]++] = (area){ va, len };
        map_range(g, SP_GGTT, va, len);
    }
    uint8_t hot[STORE_HOT];
    for (int v = 0; v < 2; v++)
        for (unsigned i = 0; i < STORE_HOT / 4; i++) p->hot_init[v][i] = data32(g);
    for (unsigned i = 0; i < STORE_HOT; i++) hot[i] = (uint8_t)(p->hot_init[VIEW_GGTT][i / 4] >> (8 * (i % 4)));
    vwrite(g, SP_GGTT, p->store_base, hot, STORE_HOT, GTREF_SEG_DATA);
    if (!p->ppgtt) return;
    space *s = &g->sp[p->root];
    unsigned n = pressure ? (unsigned)range(g, 16, 40) : (unsigned)range(g, 2, 6);
    p->pp_hot_alias = g->alias && pct(g, 50);
    for (unsigned i = 0; i < n && !g->oom; i++) {
        bool alias = i == 0 && p->pp_hot_alias;
        uint32_t len = alias ? PAGE : PAGE * (pct(g, 25) ? (uint32_t)range(g, 2, 3) : 1u);
        uint64_t va = pp_pick(g, s, p, len);
        if (alias) map_alias(g, p->root, va, map_page(g, SP_GGTT, p->store_base));
        else map_range(g, p->root, va, len);
        p->areas[VIEW_PPGTT][p->nareas[VIEW_PPGTT]++] = (area){ va, len };
    }
    if (p->pp_hot_alias) {
        memcpy(p->hot_init[VIEW_PPGTT], p->hot_init[VIEW_GGTT], sizeof p->hot_init[VIEW_GGTT]);
    } else {
        for (unsigned i = 0; i < STORE_HOT; i++) hot[i] = (uint8_t)(p->hot_init[VIEW_PPGTT][i / 4] >> (8 * (i % 4)));
        vwrite(g, p->root, p->areas[VIEW_PPGTT][0].va, hot, STORE_HOT, GTREF_SEG_DATA);
    }
    uint64_t bva = pp_pick(g, s, p, BATCH_STRIDE + PAGE);   /* kept whole, pages mapped as batches are placed */
    pp_reserve(g, s, bva, bva + BATCH_STRIDE + PAGE);
    p->next_batch[VIEW_PPGTT] = bva;
    p->batch_limit[VIEW_PPGTT] = bva + BATCH_STRIDE;
}

/* 1..3 of p's data pages (not the hot page of either view) that the host remaps to fresh pages (half of them with
 * some data) after a wait_idle, right before the submission that starts with p's remap chunk (build_cycle, submit),
 * and what invalidates p's entries of them (p->inval; docs/gam.md §5: only p ever uses these pages):
 *   flsh_cntl_pct: a host write of GFX_FLSH_CNTL (GAM-21), which invalidates GGTT entries only: 70% of these remaps
 *     take GGTT pages only; a PPGTT page among the others still needs INSTPM (instpm_pct) or the flush;
 *   instpm_pct (of the rest): a host write of p's INSTPM = 0x02200220 while every engine is idle (GAM-22);
 *   otherwise the TLB-invalidating flush the remap chunk holds (GAM-12). */
static void plan_remaps(gen *g, engine_plan *p)
{
    bool flsh = pct(g, g->cfg->flsh_cntl_pct);
    int views = flsh && pct(g, 70) ? 1 : 2;   /* 1: GGTT pages only */
    size_t total = 0;
    for (int v = 0; v < views; v++)
        for (size_t k = 0; k < p->nareas[v]; k++) total += p->areas[v][k].len / PAGE - (k == 0);
    unsigned want = (unsigned)range(g, 1, MAX_REMAPS);
    for (unsigned t = 0; t < want && total && !g->oom; t++) {
        size_t pick = (size_t)range(g, 0, total - 1);
        for (int v = 0; v < views; v++)
            for (size_t k = 0; k < p->nareas[v]; k++) {
                size_t pages = p->areas[v][k].len / PAGE - (k == 0);
                if (pick >= pages) { pick -= pages; continue; }
                uint64_t va = p->areas[v][k].va + PAGE * (pick + (k == 0));
                pick = SIZE_MAX;
                bool dup = false;
                for (size_t r = 0; r < p->nremaps; r++) dup |= p->remaps[r].va == va && p->remaps[r].spi == spi_of(p, v);
                if (dup) continue;
                remap *r = &p->remaps[p->nremaps++];
                *r = (remap){ spi_of(p, v), va, alloc_pa(g) };
                if (pct(g, 50)) {
                    uint8_t b[64];
                    for (unsigned i = 0; i < sizeof b; i++) b[i] = (uint8_t)rnd32(g);
                    pwrite(g, r->pa + 64u * range(g, 0, PAGE / 64u - 1u), b, sizeof b, GTREF_SEG_DATA);
                }
            }
    }
    bool ppgtt_page = false;
    for (size_t r = 0; r < p->nremaps; r++) ppgtt_page |= p->remaps[r].spi != SP_GGTT;
    bool instpm = pct(g, g->cfg->instpm_pct);
    if (flsh) p->inval = INV_FLSH_CNTL | (!ppgtt_page ? 0u : instpm ? INV_INSTPM : INV_FLUSH);
    else p->inval = instpm ? INV_INSTPM : INV_FLUSH;
}

/* The plan of engine e: ring size and mode, interrupts, the stopping command (illegal: bad; page fault in hang
 * mode: fbad), its data, fault spots and remaps, then its chunks and ring bytes. */
static void build_engine(gen *g, engine_plan *p, int e, bool bad, bool fbad, int engines, uint32_t gpr0_rel)
{
    const gtref_gen_config *c = g->cfg;
    p->e = e;
    p->ring_addr = RING_BASE + (uint32_t)e * RING_STRIDE;
    p->next_batch[VIEW_GGTT] = BATCH_BASE + (uint64_t)e * BATCH_STRIDE;
    p->batch_limit[VIEW_GGTT] = p->next_batch[VIEW_GGTT] + BATCH_STRIDE;
    p->store_base = STORE_BASE + (uint64_t)e * STORE_STRIDE;
    p->gpr0 = gtref_engines[e].base + gpr0_rel;
    p->remap_chunk = -1;
    lri_pools(p, engines, g->race);
    p->rp_r = -1;
    p->rp_chunk = -1;
    if (g->x_regpoll) {   /* reg_poll_pct: R6..R15, one of its dwords; a false value at setup, a true one later */
        xbegin(g);
        p->rp_r = (int)range(g, 6, 15);
        p->rp_off = p->gpr0 + 8u * (uint32_t)p->rp_r + (pct(g, 50) ? 4u : 0u);
        p->rp_init = data32(g);
        do p->rp_val = data32(g); while (p->rp_val == p->rp_init);
        xend(g);
    }
    /* multi-page rings are only used in single mode: filling one for laps would take thousands of commands */
    p->pages = c->max_ring_pages > 1 && pct(g, c->multi_page_pct) ? (uint32_t)range(g, 2, c->max_ring_pages) : 1;
    p->size = p->pages * 4096u;
    p->laps_mode = p->pages == 1 && pct(g, c->laps_pct);
    if (c->min_cycles) p->laps_mode = true;        /* a long test: every ring goes round lap after lap */
    bool closed = pct(g, c->irq_closed_pct);
    p->irq_open = !closed;
    p->irq_masked = closed && pct(g, 50);
    p->notify_irq = pct(g, c->notify_irq_pct);
    if (g->burst >> e & 1) {
        /* an engine of the interrupt bursts: its ring in single mode with the bursts' segments after the cycle (its
         * events are opened when the bursts begin) */
        p->laps_mode = false;
        make_bursts(g, p);
    }
    p->bad_at = bad || fbad ? 0 : -1;              /* drawn in build_cycle */
    p->bad_level = (bad || fbad) && pct(g, c->malformed_batch_pct) ? (int)range(g, 1, 2) : 0;
    if (fbad) {
        p->bad_kind = pct(g, c->fault_if_pct) ? BADK_FAULT_IF : BADK_FAULT_DATA;
    } else if (bad) {
        unsigned w[GTREF_BAD_KINDS] = { c->w_bad_opcode, c->w_bad_type, c->w_bad_length, c->w_bad_sdi, c->w_bad_lri,
                                        c->w_bad_engine };
        int k = pick_weighted(g, w, GTREF_BAD_KINDS);
        p->bad_kind = k < 0 ? GTREF_BAD_TYPE : k;
    }
    p->emr_unmasked = bad && pct(g, c->emr_unmask_pct);
    p->emr_pf = fbad && pct(g, c->emr_pf_unmask_pct);
    p->emr_priv = g->x_viol && v_pct(g, 50);   /* CP_PRIV reaches EIR (C41): CS_MASTER_ERROR on the first violation */
    p->hws = HWS_BASE + (uint64_t)e * HWS_STRIDE;
    map_page(g, SP_GGTT, p->hws);                  /* the status page never faults (docs/gam.md §5) */
    if (pct(g, c->force_nonpriv_pct) && p->nown_other) {   /* whitelist some privileged registers (C13) */
        p->nforced = (size_t)range(g, 1, 3);
        for (size_t k = 0; k < p->nforced; k++) p->forced[k] = p->own_other[range(g, 0, p->nown_other - 1)];
    }
    p->nnpent = p->nforced;
    memcpy(p->npent, p->forced, p->nforced * sizeof *p->forced);
    if (g->x_np >> e & 1u) {   /* nonpriv_entries_pct: all 12 entries instead */
        xbegin(g);
        np_entries(g, p);
        xend(g);
    }
    build_data(g, p);
    if (fbad) {
        add_fspot(g, p);
        if (!p->nfspots) { p->bad_at = -1; p->bad_kind = 0; }   /* no fault address: this engine stays legal */
    } else if (g->cont && pct(g, 80)) {
        unsigned n = (unsigned)range(g, 2, 6);
        for (unsigned i = 0; i < n; i++) add_fspot(g, p);
        p->cont_faults = p->nfspots > 0;
    }
    if (pct(g, c->remap_pct)) plan_remaps(g, p);
    if (g->oom) return;

    build_cycle(g, p);
    if (g->oom) return;
    if (p->bad_at >= 0 && !p->bad_placed) p->bad_at = -1;   /* did not fit: this engine stays legal */
    for (size_t i = 0; i < p->nchunks; i++)
        if (p->chunks[i].remap) p->remap_chunk = (long)i;
    if (p->remap_chunk < 0) p->nremaps = 0;
    p->start = choose_start(g, p);
    uint8_t *ring = calloc(p->size, 1);
    if (!ring) { g->oom = true; return; }
    place_cycle(p, ring);
    vwrite(g, SP_GGTT, p->ring_addr, ring, p->size, GTREF_SEG_RING);
    free(ring);
    map_page(g, SP_GGTT, p->ring_addr + p->size);   /* prefetch past the ring's end */
    plan_boundaries(g, p);
}

static int seg_cmp(const void *a, const void *b)
{
    const gtref_segment *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static int generate(gen *g, uint64_t seed, uint32_t gpr0_rel)
{
    const gtref_gen_config *c = g->cfg;
    gtref_stim *s = g->s;
    snprintf(s->name, sizeof s->name, "rand-%" PRIu64, seed);
    s->seed = seed;
    s->lat.rd_lat_min = (uint16_t)range(g, 1, 4);
    s->lat.rd_lat_max = (uint16_t)range(g, s->lat.rd_lat_min, 40);
    s->lat.req_ready_pct = (uint8_t)range(g, 30, 100);
    s->hang_cycles = 3000;
    s->max_cycles = 400000;   /* a few times the longest test: a DUT that polls forever stops here */
    if (c->min_cycles) s->max_cycles += GTREF_GEN_MAX_CYCLES_FACTOR * c->min_cycles;

    /* which engines: all of them, or a random non-empty proper subset */
    unsigned n = c->engines, all = (1u << n) - 1u;
    unsigned mask = n == 1 || pct(g, c->all_engines_pct) ? all : (unsigned)range(g, 1, all - 1);
    /* GAB and GAC contending (casc_contend_pct): BCS0 and the media engines of the GT driven */
    g->contend = n >= 3 && c_pct(g, c->casc_contend_pct);
    if (g->contend) mask |= all & 0xEu;
    /* the engines that may stop at an illegal command or a hang-mode fault: all of them, but in a long test one
     * engine that runs every lap (the runner) */
    unsigned may_stop = mask;
    if (c->min_cycles) {
        unsigned k = (unsigned)range(g, 0, (unsigned)__builtin_popcount(mask) - 1);
        for (unsigned e = 0; e < n; e++)
            if ((mask >> e & 1) && k-- == 0) may_stop &= ~(1u << e);
    }
    /* which of them get an illegal command */
    unsigned bad = 0;
    if (pct(g, c->malformed_pct) && may_stop) {
        for (unsigned e = 0; e < n; e++)
            if ((may_stop >> e & 1) && pct(g, c->malformed_engine_pct)) bad |= 1u << e;
        if (!bad) {
            unsigned k = (unsigned)range(g, 0, (unsigned)__builtin_popcount(may_stop) - 1);
            for (unsigned e = 0; e < n; e++)
                if ((may_stop >> e & 1) && k-- == 0) bad = 1u << e;
        }
    }
    /* address translation: GGTT remaps, aliases, junk bits; page faults (hang mode: engines that stop at a
     * faulting command, fbad; continue mode: faulting operands anywhere) */
    g->nsp = 1;
    g->remap = pct(g, c->ggtt_remap_pct);
    g->remap_page_pct = (unsigned)range(g, 20, 80);
    g->alias = pct(g, c->alias_pct);
    g->junk = pct(g, c->pte_junk_pct);
    g->live_remap = pct(g, c->live_remap_pct);
    g->faults = pct(g, c->fault_pct);
    g->cont = g->faults && pct(g, c->fault_continue_pct);
    g->fclear = g->faults && pct(g, c->fault_clear_pct);
    g->flsh_live = pct(g, c->flsh_cntl_live_pct);
    unsigned fbad = 0;
    if (g->faults && !g->cont && may_stop) {
        for (unsigned e = 0; e < n; e++)
            if ((may_stop >> e & 1) && !(bad >> e & 1) && pct(g, c->fault_engine_pct)) fbad |= 1u << e;
        if (!fbad) {
            unsigned k = (unsigned)range(g, 0, (unsigned)__builtin_popcount(may_stop) - 1);
            for (unsigned e = 0; e < n; e++)
                if ((may_stop >> e & 1) && k-- == 0) fbad = 1u << e;
            bad &= ~fbad;
        }
    }
    /* interrupt bursts (irq_burst_pct): two or more engines that never stop (no illegal command, no hang-mode
     * fault), not in a long test, nor when the weights ask for no MI_USER_INTERRUPT (w_user_irq 0) */
    unsigned steady = mask & ~bad & ~fbad;
    if (!c->min_cycles && c->w_user_irq && __builtin_popcount(steady) >= 2 && b_pct(g, c->irq_burst_pct)) {
        g->burst = steady;
        g->nbursts = (unsigned)b_range(g, 2, MAX_BURSTS);
        for (unsigned r = 0; r < g->nbursts; r++) g->brun[r] = (uint32_t)b_range(g, 8, 40);
    }
    /* Gen11 variants: each knob drawn from the variants' stream (a seed whose knobs all miss is the stimulus it is
     * with them at 0) */
    g->x_cs_mmio = x_pct(g, c->cs_mmio_pct);
    g->x_load1 = x_pct(g, c->math_load1_pct);
    g->x_pred = x_pct(g, c->pred_jump_pct) && (mask & 1u);
    g->x_atomic = x_pct(g, c->atomic_forms_pct);
    g->x_cbbe = x_pct(g, c->cbbe_pct);
    g->x_sig = x_pct(g, c->sig_target_pct);
    g->x_np = x_pct(g, c->nonpriv_entries_pct) ? mask : 0u;
    g->x_sdi2 = x_pct(g, c->sdi2_pct);
    g->x_regpoll = x_pct(g, c->reg_poll_pct);
    g->x_longlri = x_pct(g, c->long_lri_pct);
    g->x_viol = v_pct(g, c->priv_violation_pct);
    g->x_units = c->gen11_unit_pct && (g->x_load1 || g->x_pred || g->x_atomic || g->x_cbbe || g->x_np || g->x_sdi2 ||
                                       g->x_regpoll || g->x_longlri);
    if (g->x_longlri) g->batch_max = 2u * BATCH_MAX;
    engine_plan plans[GTREF_MAX_ENGINES];
    memset(plans, 0, sizeof plans);
    size_t np = 0;
    for (unsigned e = 0; e < n; e++)
        if (mask >> e & 1) plans[np++].e = (int)e;
    g->plans = plans;
    g->np = np;
    /* PPGTT: some engines of a PPGTT seed, each with its own root or one it shares; fault seeds are PPGTT seeds
     * more often (their faults are at every level of the walk) */
    if (pct(g, c->ppgtt_pct) || (g->faults && c->ppgtt_pct && pct(g, 50))) {
        bool any = false;
        for (size_t i = 0; i < np; i++) any |= plans[i].ppgtt = pct(g, c->ppgtt_engine_pct);
        if (!any) plans[range(g, 0, np - 1)].ppgtt = true;
        for (size_t i = 0; i < np; i++) {
            if (!plans[i].ppgtt) continue;
            plans[i].root = g->nsp > 1 && pct(g, c->shared_pml4_pct) ? (int)range(g, 1, (uint64_t)g->nsp - 1) : g->nsp++;
            g->sp[plans[i].root].users++;
        }
    }
    /* semaphores: a random rank per engine (an engine waits only for lower ranks, and for itself once its
     * first chunk has written its own), 0..max_sem_slots written by each engine, each with one value */
    for (size_t i = 0; i < np; i++) plans[i].rank = (int)i;
    for (size_t i = np; i > 1; i--) {
        size_t j = (size_t)range(g, 0, i - 1);
        int t = plans[i - 1].rank;
        plans[i - 1].rank = plans[j].rank;
        plans[j].rank = t;
    }
    uint8_t sem_bytes[8 * SEM_SLOTS];
    memset(sem_bytes, 0, sizeof sem_bytes);
    for (size_t i = 0; i < np; i++) {
        unsigned k = c->max_sem_slots ? (unsigned)range(g, 0, c->max_sem_slots) : 0;
        for (unsigned j = 0; j < k && g->nsems < SEM_SLOTS; j++) {
            sem_slot *sl = &g->sems[g->nsems];
            sl->addr = SEM_BASE + 8u * g->nsems;
            sl->writer = plans[i].e;
            sl->init = data32(g);
            do {
                unsigned how = (unsigned)range(g, 0, 3);
                sl->value = how == 0 ? sl->init + 1u : how == 1 ? sl->init - 1u : data32(g);
            } while (sl->value == sl->init);
            for (unsigned b = 0; b < 4; b++) sem_bytes[8 * g->nsems + b] = (uint8_t)(sl->init >> (8 * b));
            g->nsems++;
        }
    }
    /* the RCS0 watchdog: started by the host at setup, and raced by the host's own writes of its registers */
    g->wdog = (mask & 1u) && pct(g, c->watchdog_pct);
    g->race = g->wdog && pct(g, c->host_race_pct);
    if (g->nsems) {
        /* the semaphore page: in the GGTT, and in every PPGTT root at an address of its own (the same page) */
        vwrite(g, SP_GGTT, SEM_BASE, sem_bytes, (uint32_t)(8 * g->nsems), GTREF_SEG_DATA);
        uint64_t sem_pa = map_page(g, SP_GGTT, SEM_BASE);
        for (int i = 1; i < g->nsp; i++) {
            g->sp[i].sem_va = pp_pick(g, &g->sp[i], NULL, PAGE);
            map_alias(g, i, g->sp[i].sem_va, sem_pa);
        }
        s->hang_cycles = 20000;   /* a wait may last while the writer runs */
    }
    int highest = 0;
    for (size_t i = 0; i < np && !g->oom; i++) {
        g->p = &plans[i];
        build_engine(g, g->p, plans[i].e, bad >> plans[i].e & 1, fbad >> plans[i].e & 1, (int)n, gpr0_rel);
        highest = plans[i].e;
    }
    s->engines = (uint8_t)(highest + 1);
    if (!g->oom) finalize_tables(g);
    if (!g->oom) program_host(g, plans, np);
    if (!g->oom) write_tables(g, plans, np);
    if (!g->oom) emit_image(g);
    for (size_t i = 0; i < np; i++) free_plan(&plans[i]);
    if (!g->oom) qsort(s->segs, s->nsegs, sizeof *s->segs, seg_cmp);   /* segments in address order */
    return g->oom ? -1 : 0;
}

static void free_gen(gen *g)
{
    for (int i = 0; i < MAX_SPACES; i++) {
        free(g->sp[i].pg);
        free(g->sp[i].res);
        free(g->sp[i].tp);
    }
    free(g->used);
    for (size_t i = 0; i < g->nimg; i++) free(g->img[i].b);
    free(g->img);
    free(g->cont_pages);
    free(g->cont_owner);
}

/* s is (re)initialised: what it held is freed. */
int gtref_stim_generate(gtref_stim *s, uint64_t seed, const gtref_gen_config *c)
{
    gtref_stim_free(s);
    if (!c || c->engines < 1 || c->engines > GTREF_MAX_ENGINES || c->max_cmds < c->min_cmds || c->max_cmds == 0)
        return -1;
    if (!c->w_noop && !c->w_lri && !c->w_sdi && !c->w_batch && !c->w_user_irq && !c->w_math && !c->w_atomic &&
        !c->w_predicate && !c->w_set_predicate && !c->w_lrr && !c->w_lrm && !c->w_srm && !c->w_copy && !c->w_cond_end &&
        !c->w_hws && !c->w_flush && !c->w_sem_wait && !c->w_arb && !c->w_sem_signal && !c->w_watchdog)
        return -1;
    if (c->max_sem_slots > 4) return -1;
    if (c->min_cycles > GTREF_GEN_MAX_MIN_CYCLES) return -1;
    if (c->max_ring_pages < 1 || c->max_ring_pages > MAX_RING_PAGES) return -1;
    const unsigned pcts[] = { c->all_engines_pct, c->lri_other_pct, c->lri_ignored_pct, c->multi_page_pct, c->laps_pct,
                              c->split_tail_pct, c->back_to_back_pct, c->irq_closed_pct, c->malformed_pct,
                              c->malformed_engine_pct, c->malformed_batch_pct, c->emr_unmask_pct, c->chain_pct,
                              c->nonpriv_pct, c->force_nonpriv_pct, c->notify_irq_pct, c->sem_signal_pct, c->early_wait_pct,
                              c->watchdog_pct, c->host_race_pct, c->ggtt_remap_pct, c->alias_pct, c->pte_junk_pct,
                              c->ppgtt_pct, c->ppgtt_engine_pct, c->shared_pml4_pct, c->tlb_pressure_pct, c->remap_pct,
                              c->live_remap_pct, c->lra_pct, c->midarb_pct, c->fault_pct, c->fault_continue_pct,
                              c->fault_engine_pct, c->fault_if_pct, c->fault_cmd_pct, c->emr_pf_unmask_pct,
                              c->fault_clear_pct, c->flsh_cntl_pct, c->flsh_cntl_live_pct, c->instpm_pct,
                              c->instpm_setup_pct, c->req_limit_pct, c->gac_gab_pct, c->gac_gam_pct,
                              c->casc_contend_pct, c->irq_burst_pct, c->gen11_unit_pct, c->cs_mmio_pct,
                              c->math_load1_pct, c->pred_jump_pct, c->atomic_forms_pct, c->cbbe_pct, c->sig_target_pct,
                              c->nonpriv_entries_pct, c->sdi2_pct, c->reg_poll_pct, c->long_lri_pct,
                              c->priv_violation_pct };
    for (size_t i = 0; i < sizeof pcts / sizeof pcts[0]; i++)
        if (pcts[i] > 100) return -1;
    const gtref_reg_def *gpr = gtref_reg_by_name("CS_GPR0");
    if (!gpr) return -1;
    gen g;
    memset(&g, 0, sizeof g);
    gtref_rng_seed(&g.rng, seed);
    gtref_rng_seed(&g.crng, seed ^ 0xCA5CAD0CA5CAD0CAull);
    gtref_rng_seed(&g.brng, seed ^ 0x1B0B5171B0B5171Bull);
    gtref_rng_seed(&g.xrng, seed ^ 0x6E11C0DE6E11C0DEull);
    gtref_rng_seed(&g.vrng, seed ^ 0x9B1F0C9B1F0C9B1Full);
    g.batch_max = BATCH_MAX;
    g.cfg = c;
    g.s = s;
    int rc = generate(&g, seed, gpr->offset);
    free_gen(&g);
    if (rc) gtref_stim_free(s);
    return rc;
}

/* ---- the length measure of long tests ---- */

uint64_t gtref_stim_ring_dwords(const gtref_stim *s, uint64_t dw[GTREF_MAX_ENGINES])
{
    uint64_t local[GTREF_MAX_ENGINES], size[GTREF_MAX_ENGINES];
    uint32_t tail[GTREF_MAX_ENGINES];
    bool seen[GTREF_MAX_ENGINES];
    if (!dw) dw = local;
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
        dw[e] = 0;
        size[e] = PAGE;
        tail[e] = 0;
        seen[e] = false;
    }
    for (size_t i = 0; i < s->nops; i++) {
        const gtref_host_op *o = &s->ops[i];
        if (o->op != GTREF_HOST_WRITE) continue;
        for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
            if (o->off == gtref_engines[e].base + GTREF_RING_CTL) {
                size[e] = PAGE * (((o->val >> GTREF_CTL_LEN_SHIFT) & GTREF_CTL_LEN_MAX) + 1u);
            } else if (o->off == gtref_engines[e].base + GTREF_RING_TAIL) {
                /* the first TAIL is where the ring starts (written while it is disabled); each later one hands
                 * the engine the dwords from the previous TAIL to it, round the ring */
                uint32_t t = o->val & GTREF_TAIL_OFFSET_MASK;
                if (seen[e]) dw[e] += ((t + size[e] - tail[e] % size[e]) % size[e]) / 4u;
                tail[e] = t % (uint32_t)size[e];
                seen[e] = true;
            }
        }
    }
    uint64_t most = 0;
    for (int e = 0; e < GTREF_MAX_ENGINES; e++)
        if (dw[e] > most) most = dw[e];
    return most;
}

uint64_t gtref_stim_estimate_cycles(const gtref_stim *s)
{
    return gtref_stim_ring_dwords(s, NULL) * GTREF_GEN_CYCLES_PER_RING_DW;
}
