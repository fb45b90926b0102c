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
 *                                kinds and ranges of covering entries, a deny, an LRI that is a NOOP as a whole
 * A bin with no hit is a hole. The model executes the stimulus (gtref_model_only_run_cov), so coverage is a
 * property of the stimulus: what the generator and the directed tests reach. */
#ifndef GTREF_COVERAGE_H
#define GTREF_COVERAGE_H
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
    GTREF_COV_EVENTS
};

/* One command the model executed on engine e (GTM_RETIRED or GTM_ERROR). */
void gtref_cov_sample(gtref_cov *c, int e, const gtm_retire *r);
/* The FORCE_TO_NONPRIV entries of engine e as they are now (the caller reads them before each sample; the
 * non-privileged write bins need them). */
void gtref_cov_nonpriv_entries(gtref_cov *c, int e, const uint32_t entries[12]);
/* Engine e's EMR as it is now (the caller reads it before each sample; the CP_PRIV-with-EIR bin needs it). */
void gtref_cov_engine_emr(gtref_cov *c, int e, uint32_t emr);
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
