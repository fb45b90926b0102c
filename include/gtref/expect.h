/* Spec-derived expectations of a stimulus (gtref_stim.expects), evaluated against an abstract observed
 * state: what the model alone (gtref check, scoreboard/model_only.c) or the DUT (dpi/tb.c) ended with, the host
 * program (host/host.c) having run on each.
 * One evaluator for both, so a test states once what the spec expects and both sides are held to it. */
#ifndef GTREF_EXPECT_H
#define GTREF_EXPECT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "gtref/engines.h"
#include "gtref/mem.h"
#include "gtref/stim.h"

/* An engine's memory writes, in the order they were made (8-byte-aligned address, byte enables, data). */
typedef struct gtref_write_log {
    gtref_expect_write *w;
    size_t n, cap;
} gtref_write_log;
int gtref_write_log_add(gtref_write_log *log, uint64_t addr, uint8_t be, uint64_t data);
void gtref_write_log_free(gtref_write_log *log);

/* One TLB lookup seen in co-simulation (the GAM's lookup, fill and fault probes, docs/gam.md GAM-17), in the order
 * the lookups were made, every engine and client: `hit` with `index` the entry hit; a miss (`hit` and `fault`
 * false) with `index` the entry its completed walk filled; `fault` when the lookup faulted (GAM-13; index unused). */
typedef struct gtref_tlb_obs {
    uint8_t engine, client;   /* kit engine index; enum gtref_gam_client (0 IF, 1 DR, 2 WR) */
    bool ggtt, hit, fault;
    uint64_t va;              /* the looked-up graphics address (any offset in the page) */
    uint8_t index;
} gtref_tlb_obs;

/* A `tlb` expectation (GTREF_EXPECT_TLB) against the lookups obs[0..n): those of x->engine's data clients (DR, WR)
 * must be exactly x->tlb[], in order; instruction-fetch lookups and other engines' are left out (prefetch timing
 * decides them). 0 on a match; otherwise 1 and why names the first difference: its position, expected, observed. */
int gtref_expect_check_tlb(const gtref_expect *x, const gtref_tlb_obs *obs, size_t n, char *why, size_t whysz);

/* Whether an expectation kind needs co-simulation: `tlb` (the command model has no TLB, docs/gam.md GAM-20), which
 * a model-only run (gtref check) skips and reports as not evaluated. */
bool gtref_expect_kind_cosim_only(uint8_t kind);

/* What a run ended with. */
typedef struct gtref_observed {
    int engines;
    const gtref_mem *mem;                          /* memory at the end of the test */
    uint32_t (*reg_read)(void *user, uint32_t off); /* register value at the end of the test (MMIO read) */
    void *user;
    const uint32_t *read_value;                    /* per host op: the data a read returned ... */
    const bool *read_done;                         /* ... and whether it returned at all */
    size_t nops;
    bool halted[GTREF_MAX_ENGINES];
    uint32_t errors[GTREF_MAX_ENGINES];            /* commands retired as illegal */
    gtref_write_log writes[GTREF_MAX_ENGINES];
    bool irq;                                      /* interrupt line at the end of the test */
    /* TLB lookups, co-simulation only: the testbench sets tlb_observed and hands every lookup in order. With
     * tlb_observed false (a model-only run) `tlb` expectations are not evaluated: they hold, marked skipped. */
    bool tlb_observed;
    const gtref_tlb_obs *tlb;
    size_t ntlb;
} gtref_observed;

typedef struct gtref_expect_failure {
    size_t index;            /* in gtref_stim.expects */
    uint32_t line;           /* .gts line, 0 when unknown */
    uint8_t kind;
    int engine;              /* the engine it is about, -1 for none */
    char what[96];           /* "reg RCS0.CS_GPR0", "read #12 GT_INTR_DW0", "writes RCS0" */
    char expected[192];
    char actual[192];
    char source[GTREF_EXPECT_SOURCE_MAX + 1];
    bool not_evaluated;      /* it holds only because the run could not observe it (a `tlb` on the model alone) */
} gtref_expect_failure;

/* Evaluate expectation i of s: true when it holds, else *f (if not NULL) says what failed. */
bool gtref_expect_eval(const gtref_stim *s, size_t i, const gtref_observed *o, gtref_expect_failure *f);
/* Evaluate all: the number that failed; the first max failures go to f[]. Expectations the run cannot observe
 * (gtref_expect_kind_cosim_only without tlb_observed) do not fail: count them with gtref_expect_not_evaluated. */
size_t gtref_expect_eval_all(const gtref_stim *s, const gtref_observed *o, gtref_expect_failure *f, size_t max);
/* How many expectations of s the run o could not evaluate (they need co-simulation). */
size_t gtref_expect_not_evaluated(const gtref_stim *s, const gtref_observed *o);
/* "FILE:LINE: expect[i] WHAT: expected ..., actual ... (from "SOURCE")" on several indented lines. */
void gtref_expect_failure_print(const gtref_expect_failure *f, const char *file, FILE *out);
#endif
