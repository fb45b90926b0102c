/* Reports of `gtref regress`, as pure functions of the result records: tallies, failure buckets,
 * the progress line, summary.md, junit.xml and the escaping they need. No processes, no file names:
 * everything is written to the FILE* handed in, so that it can be unit tested.
 *
 * Private to gtref (regress/) and its unit tests; candidates for include/gtref/regress_report.h. */
#ifndef GTREF_REGRESS_REPORT_H
#define GTREF_REGRESS_REPORT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gtref/result.h"

#define GTREF_NSTATUS 6 /* PASS .. UNIMPLEMENTED */

typedef struct gtref_tally {
    size_t total;
    size_t passed;                    /* PASS */
    size_t failed;                    /* FAIL, ERROR, CRASH and TIMEOUT */
    size_t waived;                    /* failures a waiver accepted: in neither passed nor failed */
    size_t by_status[GTREF_NSTATUS];  /* indexed by enum gtref_status, waived results left out */
    size_t mismatches;                /* FAIL results that carry a mismatch record */
    uint64_t cycles, retired;         /* summed over all tests */
    double test_wall_s;               /* summed per-test wall times */
} gtref_tally;

void gtref_tally_results(const gtref_result *results, size_t n, gtref_tally *t);
/* --expect-fail: a test FAILED with a mismatch and no test had ERROR, CRASH or TIMEOUT. */
bool gtref_expect_fail_met(const gtref_tally *t);

/* A failure bucket: failing tests with the same signature. A FAIL with a mismatch is keyed by the
 * mismatch's signature and bucket text; ERROR, CRASH and TIMEOUT (no mismatch) by their status alone
 * ("error", "crash", "timeout"), signed the same way. */
typedef struct gtref_bucket {
    char signature[20];
    char text[128];
    uint8_t status;  /* enum gtref_status of its tests */
    uint8_t waived;  /* its tests were waived (a waived failure never shares a bucket with an unwaived one) */
    size_t count;
    size_t first;    /* index, in test order, of its first test */
    size_t shortest; /* index of its test that ran the fewest cycles (the first of those) */
} gtref_bucket;

/* The bucket of one result (count 0, first 0); false for a pass. */
bool gtref_result_bucket(const gtref_result *r, gtref_bucket *b);
/* Group the failing results: *buckets is malloc'd (free() it), sorted by count, largest first, then by
 * first test. Returns 0, or -1 when out of memory. */
int gtref_bucket_results(const gtref_result *results, size_t n, gtref_bucket **buckets, size_t *nbuckets);

/* One line saying what went wrong ("mem-write on RCS0 at cycle 120: expected ..., actual ..."), or
 * the status and error text for a result without a mismatch; "passed" for a pass. */
void gtref_result_headline(const gtref_result *r, char *buf, size_t bufsz);

/* What the reports say about the run besides the results. */
typedef struct gtref_regress_info {
    const char *rtl;
    const char *sim;         /* as given */
    const char *out_dir;     /* as given; logs are <out_dir>/logs/<test>.log */
    size_t ndirected;
    uint64_t seed0, nseeds;
    unsigned jobs;
    unsigned timeout_s;
    double wall_s;           /* whole run */
} gtref_regress_info;

/* Markdown summary: run facts, totals, buckets (count, first failing test, bucket text, replay command),
 * table of the failing tests. */
int gtref_write_summary_md(FILE *f, const gtref_regress_info *info, const gtref_result *results, size_t n);
/* JUnit XML: one testcase per test; <failure> for FAIL, <error> for ERROR/CRASH/TIMEOUT, with the
 * headline as message; <system-out> holds the replay command. */
int gtref_write_junit_xml(FILE *f, const gtref_regress_info *info, const gtref_result *results, size_t n);
/* The buckets as printed on stdout at the end of a regression, each with its replay command. */
void gtref_print_buckets(FILE *f, const gtref_bucket *buckets, size_t nbuckets, const gtref_result *results);

/* The self-contained HTML report (no script, no external file): totals, coverage, the pass-rate chart of
 * the series' runs in h (may be NULL), buckets with new / still failing since, fixed since the previous run, and
 * waived failures. h holds the runs up to this one (the chart), prev the run before this one of the series (for
 * new / still failing / fixed; NULL when none). */
struct gtref_history;
struct gtref_hist_run;
int gtref_write_html(FILE *f, const gtref_regress_info *info, const gtref_result *results, size_t n,
                     const struct gtref_history *h, const char *series, const struct gtref_hist_run *prev,
                     uint64_t cov_hit, uint64_t cov_bins);
/* HTML text: & < > " ' as entities, tab/newline as a space, other control characters and malformed UTF-8 as
 * U+FFFD. */
void gtref_fputs_html(FILE *f, const char *s);

/* Escaping. XML: & < > " ' as entities, tab/newline/CR as character references, other control
 * characters as U+FFFD. Markdown: characters with a meaning in inline Markdown backslash-escaped, | too
 * (tables), newlines as spaces; md_code wraps s in a code span with a fence that s cannot close. */
void gtref_fputs_xml(FILE *f, const char *s);
void gtref_fputs_md(FILE *f, const char *s);
void gtref_fputs_md_code(FILE *f, const char *s);
/* One shell word: s itself when made only of safe characters, otherwise single-quoted.
 * Returns the length of the quoted word; like snprintf, dst holds as much as fits. */
size_t gtref_shell_quote(char *dst, size_t dstsz, const char *s);

/* Progress: "[ 24/240  10%] 23 passed, 1 failed | 4.1 tests/s | eta 53s" (", N waived" after failed when N > 0). */
void gtref_progress_format(char *buf, size_t bufsz, size_t done, size_t total, size_t passed, size_t failed, size_t waived,
                           double elapsed_s);
/* Whether to print a new progress line. On a terminal: whenever a test ended or a second passed. Otherwise:
 * when the run crossed the next 10% of the tests, when it ended, or after 10 s without a line. */
bool gtref_progress_due(bool tty, size_t done, size_t total, size_t last_done, double now_s, double last_s);
#endif
