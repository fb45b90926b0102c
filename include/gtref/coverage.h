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
 *                                a signal-mode wait met when reached or only after waiting for a signal
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
    GTREF_COV_EVENTS
};

/* One command the model executed on engine e (GTM_RETIRED or GTM_ERROR). */
void gtref_cov_sample(gtref_cov *c, int e, const gtm_retire *r);
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
