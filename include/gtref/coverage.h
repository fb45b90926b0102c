/* Functional coverage of the command streamer: which commands, in which variants, on which engines, at
 * which batch level, and which error cases a set of tests made the engines execute.
 *
 * Bins (all built from the command table, for the commands with modelled = 1 and the engines that accept
 * them; docs/commands.md §1):
 *   command × variant × engine   a variant is a named value of one of the command's variant fields (MI_MATH:
 *                                each ALU opcode; MI_ATOMIC: each opcode; MI_SEMAPHORE_WAIT: each compare
 *                                operation; ...), or "-" for a command without variants
 *   command × engine × level     level: ring, first-level batch, second-level batch
 *   error case × engine × level  unknown opcode, unknown command type, bad length, wrong engine
 *   event × engine               what happens between commands: a watchdog event in either count mode (RCS0),
 *                                a signal-mode wait met when reached or only after waiting for a signal, a
 *                                conditional end that ended one or both batch levels; and what non-privileged
 *                                register writes meet: each FORCE_TO_NONPRIV entry allowing one, the access
 *                                kinds and ranges of covering entries, a deny, an LRI that is a NOOP as a whole;
 *                                each CS_GPR dword committed by a command (the caller's gtref_cov_event); where
 *                                the engine's memory is: a ring at or above 256 MB, a ring of 2 MB, HWS_PGA at or
 *                                above 2 GB, batch commands from 2 GB to 4 GB or at addresses with bit 47 set
 *                                (gtref_cov_engine_addr; docs/stimulus-format.md §3 high_place_pct)
 *   host write × register × engine  each engine register with writable bits that only the host_reg_pct host writes
 *                                (docs/stimulus-format.md §3) reach from the host: CS_GPR*, MI_PREDICATE_*, BB_OFFSET,
 *                                PP_DCLV_UDW, PDP1..3, the context and CSB storage, EXECLIST_SQ_* (the caller's
 *                                gtref_cov_host_write)
 *   execlist CSB event × engine  each CSB entry the kit writes (docs/execlists.md EL-20's five), per engine
 *   execlist scenario            docs/execlists.md §7 "Coverage": arbitration points taken, run dry with a pending
 *                                submission, preempt to idle, CSB wrap, resuming a preempted context, a PDP0
 *                                change, Loads ignored or replacing a pending one, both modes in one test
 * A bin with no hit is a hole. The model executes the stimulus (gtref_model_only_run_cov), so coverage is a
 * property of the stimulus: what the generator and the directed tests reach. */
#ifndef GTREF_COVERAGE_H
#define GTREF_COVERAGE_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "gtref/model.h"

typedef struct gtref_cov gtref_cov;

/* Coverage of a GT with `engines` engines (1..4). NULL when out of memory. */
gtref_cov *gtref_cov_create(int engines);
void gtref_cov_destroy(gtref_cov *c);
enum gtref_cov_event {
    GTREF_COV_WDOG_CLOCKS,     /* the RCS0 watchdog reached its threshold counting clocks */
    GTREF_COV_WDOG_PERIODS,    /* ... counting 64-clock periods */
    GTREF_COV_SIGWAIT_MET,     /* a signal-mode MI_SEMAPHORE_WAIT whose condition held when it was reached */
    GTREF_COV_SIGWAIT_WOKEN,   /* one that had to wait (the model stalled on it) before it was met */
    /* found by gtref_cov_sample itself from the commands it is given (and gtref_cov_nonpriv_entries): */
    GTREF_COV_CBBE_END_FIRST,  /* MI_CONDITIONAL_BATCH_BUFFER_END ended a first-level batch (C26) */
    GTREF_COV_CBBE_END_BOTH,   /* ... ended a second-level batch and its first level (C26) */
    GTREF_COV_NP_ENTRY0,       /* FORCE_TO_NONPRIV entry k (0..11) allowed a write of a non-privileged batch (C37) */
    GTREF_COV_NP_ENTRY11 = GTREF_COV_NP_ENTRY0 + 11,
    GTREF_COV_NP_RW,           /* a non-privileged write target covered by an entry with access RW, RD, WR */
    GTREF_COV_NP_RD,
    GTREF_COV_NP_WR,
    GTREF_COV_NP_RANGE1,       /* ... by an entry of range 1, 4, 16, 64 dwords */
    GTREF_COV_NP_RANGE4,
    GTREF_COV_NP_RANGE16,
    GTREF_COV_NP_RANGE64,
    GTREF_COV_NP_DENY,         /* ... by a deny entry (the write is blocked) */
    GTREF_COV_NP_LRI_NOOP,     /* a non-privileged LRI with allowed and forbidden pairs: a NOOP as a whole (C13) */
    /* privilege violations (C41) of a non-privileged batch, by command kind: a GGTT-selecting access (G1) ... */
    GTREF_COV_PV_SDI, GTREF_COV_PV_SRM, GTREF_COV_PV_LRM, GTREF_COV_PV_COPY, GTREF_COV_PV_ATOMIC,
    GTREF_COV_PV_SEM_WAIT,     /* memory poll or signal mode */
    GTREF_COV_PV_CBBE,         /* Compare Semaphore 1 */
    GTREF_COV_PV_FLUSH_DW,     /* post-sync WRITE_IMM, not store_index (BCS0, VCS0, VECS0) */
    GTREF_COV_PV_PIPE_CONTROL, /* post-sync WRITE_IMM, not store_index (RCS0) */
    /* ... or a register write target not allowed (C13) */
    GTREF_COV_PV_LRI, GTREF_COV_PV_LRR, GTREF_COV_PV_LRM_REG,
    GTREF_COV_PV_EIR,          /* a violation while EMR[2] = 0: CP_PRIV reaches EIR (gtref_cov_engine_emr) */
    /* effective Address Space Indicator (C10, C16), when the start jumped: */
    GTREF_COV_ASI_CHAIN_INHERIT,   /* a chain (either level) with ASI 0 from a PPGTT batch: PPGTT */
    GTREF_COV_ASI_SECOND_INHERIT,  /* a second level with ASI 0 called from a PPGTT first level: PPGTT */
    GTREF_COV_ASI_SECOND_PPGTT,    /* a second level with ASI 1 called from a GGTT first level: PPGTT */
    /* replicated registers (issue 20 §2): CS_GPR dword d (0..31: R(d/2), low for even d, high for odd) committed by a
     * command (not by a context restore): each such commit is compared with the DUT's (reg-commit) */
    GTREF_COV_GPR_DW0,
    GTREF_COV_GPR_DW31 = GTREF_COV_GPR_DW0 + 31,
    /* where the engine's memory is (issue 20 §1, high_place_pct; gtref_cov_engine_addr): a command retired ... */
    GTREF_COV_ADDR_RING_HIGH,  /* ... at ring level, RING_START at or above 256 MB (bit 28: RING_START's bits 31:29 are
                                * zero, ring-start-4k) */
    GTREF_COV_ADDR_RING_MAX,   /* ... at ring level, from a ring of the largest size: RING_CTL[20:12] = 511, 2 MB */
    GTREF_COV_ADDR_HWSP_HIGH,  /* ... while HWS_PGA is at or above 2 GB (bit 31) */
    GTREF_COV_ADDR_BATCH_HIGH, /* ... from a batch at a graphics address from 2 GB to 4 GB */
    GTREF_COV_ADDR_VA_BIT47,   /* ... from a batch at a graphics address with bit 47 set (a PPGTT address, G5) */
    GTREF_COV_EVENTS
};

/* Execlists (docs/execlists.md §7, "Coverage"). The CSB event bins are per engine (EL-20's five entries); the
 * scenario bins count on any engine. */
enum gtref_cov_csb_event {
    GTREF_COV_CSB_IDLE_TO_ACTIVE,   /* 0x00000001: a submission starts from idle (EL-14, EL-15) */
    GTREF_COV_CSB_ELEMENT_SWITCH,   /* 0x00000014: COMPLETE | ELEMENT_SWITCH (EL-15) */
    GTREF_COV_CSB_ACTIVE_TO_IDLE,   /* 0x00000018: COMPLETE | ACTIVE_TO_IDLE (EL-15) */
    GTREF_COV_CSB_PREEMPTED,        /* 0x00000002: PREEMPTED (EL-16) */
    GTREF_COV_CSB_LITE_RESTORE,     /* 0x00008002: PREEMPTED | LITE_RESTORE (EL-17) */
    GTREF_COV_CSB_EVENTS
};
enum gtref_cov_el_bin {
    GTREF_COV_EL_ARB_CHECK_TAKEN,   /* an MI_ARB_CHECK retire decided a preemption or lite restore (EL-16) */
    GTREF_COV_EL_POLL_TAKEN,        /* a poll-mode wait's response decided a preemption or lite restore (EL-16) */
    GTREF_COV_EL_DRY_PENDING,       /* a context ran dry with a pending submission: two CSB steps (EL-15, E7) */
    GTREF_COV_EL_PREEMPT_TO_IDLE,   /* a preemption into a context with RESTORE_INHIBIT (EL-18, EL-8) */
    GTREF_COV_EL_CSB_WRAP,          /* a CSB entry at index 0 after one at index 11 (EL-21) */
    GTREF_COV_EL_RESUME_BATCH,      /* a full restore of a context preempted inside a batch: it resumes there (EL-6) */
    GTREF_COV_EL_RESUME_RING,       /* ... of a context preempted at ring level (EL-16, EL-6 level 0) */
    GTREF_COV_EL_PDP0_CHANGE,       /* a full restore that changed PDP0: the engine's PPGTT (EL-26) */
    GTREF_COV_EL_LOAD_IGNORED,      /* a Load whose element 0 has Valid = 0 (EL-12) */
    GTREF_COV_EL_LOAD_REPLACES,     /* a Load that replaced a pending submission (EL-11 step 3) */
    GTREF_COV_EL_BOTH_MODES,        /* one test retired commands on an engine in each mode (EL-1) */
    GTREF_COV_EL_BINS
};
/* What triggered an execlist decision (gtref_cov_el_decision). */
enum gtref_cov_el_trigger {
    GTREF_COV_EL_BY_ARB_CHECK,   /* the retire of an MI_ARB_CHECK (gtm_retire.el_point GTM_EL_ARB alone) */
    GTREF_COV_EL_BY_POLL,        /* a poll-mode wait's response (gtm_el_arb_point) */
    GTREF_COV_EL_BY_DRY,         /* a retire that left the context dry, or the end of a switch into a dry one */
    GTREF_COV_EL_BY_OTHER        /* anything else (a delayed start at a switch's end) */
};
/* One switch the model made (gtm_step returned GTM_SWITCH), as its commits and the engine after it show it. */
typedef struct gtref_cov_el_switch {
    unsigned nsteps;                                   /* its CSB steps (0: a broken image ended it, EL-27) */
    struct { unsigned index; uint32_t lo, hi; } step[2];   /* index: CONTEXT_STATUS_PTR bits 3:0 as committed */
    uint64_t pdp0_before, pdp0_after;                  /* PDP0 (UDW:LDW) before and after the switch */
    uint32_t ctx_ctl_after;                            /* RING_CONTEXT_CONTROL after it (the restore's) */
    bool in_batch_after;                               /* the restored context resumes inside a batch (EL-6) */
    uint32_t id_after;                                 /* EXECLIST_STATUS_HI after it: the restored context's ID */
} gtref_cov_el_switch;

/* A new test begins: the execlist bins that need a whole test (both modes, a CSB wrap, a resumed context) start
 * afresh. */
void gtref_cov_test_begin(gtref_cov *c);
/* Whether engine e is in execlist mode now (the caller says it before each sample; the both-modes bin needs it). */
void gtref_cov_engine_mode(gtref_cov *c, int e, bool execlist);
/* A host write of engine e's EXECLIST_CONTROL, before it is applied: the engine's mode, the value written, and
 * EXECLIST_SQ_LO0 and EXECLIST_STATUS_LO as they stand (EL-11, EL-12, EL-13). */
void gtref_cov_el_control_write(gtref_cov *c, int e, bool execlist, uint32_t val, uint32_t sq_lo0, uint32_t status_lo);
/* An execlist decision of engine e (enum gtm_el_decision, not GTM_EL_NONE) and what triggered it. */
void gtref_cov_el_decision(gtref_cov *c, int e, int decision, enum gtref_cov_el_trigger by);
/* A switch engine e made. */
void gtref_cov_el_switch_made(gtref_cov *c, int e, const gtref_cov_el_switch *s);
/* Hits of an execlist bin: a CSB event on engine e, or a scenario bin. */
uint64_t gtref_cov_csb_hits(const gtref_cov *c, enum gtref_cov_csb_event k, int e);
uint64_t gtref_cov_el_hits(const gtref_cov *c, enum gtref_cov_el_bin k);

/* One command the model executed on engine e (GTM_RETIRED or GTM_ERROR). */
void gtref_cov_sample(gtref_cov *c, int e, const gtm_retire *r);
/* The FORCE_TO_NONPRIV entries of engine e as they are now (the caller reads them before each sample; the
 * non-privileged write bins need them). */
void gtref_cov_nonpriv_entries(gtref_cov *c, int e, const uint32_t entries[12]);
/* Engine e's EMR as it is now (the caller reads it before each sample; the CP_PRIV-with-EIR bin needs it). */
void gtref_cov_engine_emr(gtref_cov *c, int e, uint32_t emr);
/* A host MMIO write of absolute offset off, before it is applied (the host-write bins). */
void gtref_cov_host_write(gtref_cov *c, uint32_t off);
/* Hits of the host-write bin of the engine register named name (e.g. "CS_GPR3") on engine e; 0 for no such bin. */
uint64_t gtref_cov_host_write_hits(const gtref_cov *c, const char *name, int e);
/* Engine e's RING_START, RING_CTL and HWS_PGA as they are now (the caller reads them before each sample; the address
 * bins need them). */
void gtref_cov_engine_addr(gtref_cov *c, int e, uint32_t ring_start, uint32_t ring_ctl, uint32_t hws_pga);
/* One event of engine e. */
void gtref_cov_event(gtref_cov *c, int e, enum gtref_cov_event k);
/* Add b's hits to a (same engine count). */
void gtref_cov_merge(gtref_cov *a, const gtref_cov *b);
size_t gtref_cov_bins(const gtref_cov *c);
size_t gtref_cov_holes(const gtref_cov *c);
/* The table (Markdown-compatible text): one row per command × variant, one column per engine, then the
 * level and error tables, then the list of holes. */
void gtref_cov_print(const gtref_cov *c, FILE *f);
#endif
