/* Spec-derived expectations of a stimulus (gtref_stim.expects), evaluated against an abstract observed
 * state: what the model alone (gtref check, scoreboard/model_only.c) or the DUT (dpi/tb.c) ended with.
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
} gtref_expect_failure;

/* Evaluate expectation i of s: true when it holds, else *f (if not NULL) says what failed. */
bool gtref_expect_eval(const gtref_stim *s, size_t i, const gtref_observed *o, gtref_expect_failure *f);
/* Evaluate all: the number that failed; the first max failures go to f[]. */
size_t gtref_expect_eval_all(const gtref_stim *s, const gtref_observed *o, gtref_expect_failure *f, size_t max);
/* "FILE:LINE: expect[i] WHAT: expected ..., actual ... (from "SOURCE")" on several indented lines. */
void gtref_expect_failure_print(const gtref_expect_failure *f, const char *file, FILE *out);
#endif
