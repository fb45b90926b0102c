/* The mutation report of `make bugs` (gtref mutation-report): per catalogued RTL bug, whether the regression
 * caught it, by which checks, how many tests failed and the first failing seed or directed test; then the score
 * and the clean RTL's false failures on the same tests. Pure functions of the result records, written to the
 * FILE* handed in, so that they can be unit tested (report/mutation_report.c). */
#ifndef GTREF_MUTATION_REPORT_H
#define GTREF_MUTATION_REPORT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gtref/result.h"

#define GTREF_MUTATION_CHECKS 3 /* the checks shown per bug, most failing tests first */
#define GTREF_MUTATION_MIN_SEEDS 5       /* every bug caught by at least this many random seeds */
#define GTREF_MUTATION_MEDIAN_FIRST 20   /* the median bug's first catching seed at most this */
#define GTREF_MUTATION_MAX_BUCKETS 3     /* one root cause in at most this many buckets */
#define GTREF_MUTATION_BUCKETS 8         /* the bucket texts kept per bug, most failing tests first */

/* A check that fired: the mismatch's kind and the last part of its bucket text (the field), e.g. "gam/grant",
 * "mem-write/byte-enable", "hang/no-progress"; just the kind when the bucket text is empty. */
typedef struct gtref_mutation_check {
    char name[96];
    size_t tests; /* failing tests whose first mismatch was this check */
} gtref_mutation_check;

/* A failure bucket of a bug's regression: its bucket text (kind/command/field) and the FAILs with a mismatch in it. */
typedef struct gtref_mutation_bucket {
    char text[96];
    size_t tests;
} gtref_mutation_bucket;

typedef struct gtref_mutation_row {
    char name[64];      /* the records' RTL build ("bug-SDI_QWORD_BE", "clean"), or the name given when none */
    size_t tests;       /* records */
    size_t failed;      /* FAIL, ERROR, CRASH, TIMEOUT (waived or not) */
    size_t mismatches;  /* of them, FAIL with a mismatch */
    size_t errors;      /* of them, ERROR, CRASH, TIMEOUT */
    bool caught;        /* at least one FAIL with a mismatch */
    gtref_mutation_check checks[GTREF_MUTATION_CHECKS];
    size_t nchecks;     /* distinct checks, all of them (only the first GTREF_MUTATION_CHECKS are kept) */
    char first[64];     /* the first failing test: the lowest failing seed, else the first failing directed test by
                         * name ("" when none failed) */
    bool first_is_seed;
    uint64_t first_seed;
    size_t seeds;       /* random seeds ("rand-<seed>") that FAILED with a mismatch: the seeds that catch the bug */
    uint64_t first_catch; /* the lowest of them (0 when none) */
    size_t buckets;     /* distinct failure signatures of the FAILs with a mismatch */
    gtref_mutation_bucket bucket[GTREF_MUTATION_BUCKETS]; /* the largest of them (ties by text) */
} gtref_mutation_row;

/* One row from the records of one regression; name is used when there are no records. */
void gtref_mutation_row_build(gtref_mutation_row *row, const char *name, const gtref_result *results, size_t n);

/* The report: a Markdown table (bug, caught, checks, failed of tests, first failing, catching seeds, buckets), then
 * "score: C of N catalogued bugs caught", the random-seed lines (bugs under GTREF_MUTATION_MIN_SEEDS seeds, the
 * median first catching seed, bugs over GTREF_MUTATION_MAX_BUCKETS buckets) and, with clean (may be NULL), the clean
 * RTL's false failures; for each bug over GTREF_MUTATION_MAX_BUCKETS buckets a line naming it and its buckets; last
 * the verdict line ("verdict: PASS" or "verdict: FAIL: " and every reason). */
void gtref_mutation_report_write(FILE *f, const gtref_mutation_row *bugs, size_t nbugs, const gtref_mutation_row *clean);

/* Every bug caught by at least GTREF_MUTATION_MIN_SEEDS random seeds and in at most GTREF_MUTATION_MAX_BUCKETS
 * buckets, the median bug's first catching seed at most GTREF_MUTATION_MEDIAN_FIRST, and (with clean) no false
 * failure. */
bool gtref_mutation_all_good(const gtref_mutation_row *bugs, size_t nbugs, const gtref_mutation_row *clean);
#endif
