/* Reports of `gtref regress`, as pure functions of the result records: tallies, failure buckets,
 * the progress line, summary.md, junit.xml and the escaping they need. No processes, no file names:
 * everything is written to the FILE* handed in, so that it can be unit tested (report/regress_report.c,
 * report/report_html.c). */
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

/* The verdict of a run: whatever decides its exit status, stated in every report (stdout, summary.md, junit.xml,
 * report.html). Failed tests fail a run; coverage holes fail it only with --require-coverage (otherwise they are
 * reported and the run may still PASS); with --expect-fail the run checks one thing, that the bug was caught. */
typedef struct gtref_verdict {
    int exit_code;          /* 0 PASS, 1 FAIL */
    bool coverage_failed;   /* --require-coverage and a hole */
    char text[256];         /* "PASS", "PASS (21 coverage holes, not required)", "FAIL: 21 coverage holes
                               (--require-coverage)", "FAIL: 3 tests failed", ... */
} gtref_verdict;
/* coverage_measured false: no coverage was computed (--expect-fail), holes and bins are ignored. */
void gtref_regress_verdict(const gtref_tally *t, bool expect_fail, bool require_coverage, bool coverage_measured,
                           size_t holes, gtref_verdict *v);

/* "PASS" or "FAIL". */
const char *gtref_verdict_word(const gtref_verdict *v);

/* The first five holes of a coverage table (OUT/coverage.md as gtref regress writes it: the model's "Holes:" list,
 * then the co-simulation corners' rows whose times cell is HOLE), "; "-separated, into names (cut at namesz). */
void gtref_coverage_hole_names(FILE *f, char *names, size_t namesz);

/* What the reports say about the run besides the results. Every pointer may be NULL (that line is left out). */
typedef struct gtref_regress_info {
    const char *rtl;
    const char *sim;         /* as given */
    const char *out_dir;     /* as given; logs are <out_dir>/logs/<test>.log */
    size_t ndirected;
    uint64_t seed0, nseeds;
    unsigned jobs;
    unsigned timeout_s;
    double wall_s;           /* whole run */
    /* when and what (docs/regress.md §3) */
    const char *started;     /* start of the run, UTC, ISO 8601: 2026-11-28T01:36:00Z */
    const char *build;       /* the simulator's build id: git describe of the kit it was built from */
    const char *verilator;   /* the Verilator version the simulator was built with */
    unsigned engines;        /* the engine count of the simulator build (0: not said) */
    const char *rerun;       /* the command that reruns the whole run (absolute paths) */
    const char *rerun_failed;/* the command that reruns only the tests that failed */
    const gtref_verdict *verdict;
    /* functional coverage (not measured with --expect-fail) */
    bool cov_measured;
    size_t cov_bins, cov_holes;
    const char *cov_hole_names; /* the first few holes, "a; b; c" */
    const char *cov_path;       /* the full table, OUT/coverage.md */
    /* RTL code coverage (gtref regress --coverage): the figures and the goal on one line, and the section's file */
    const char *rtl_cov;        /* "lines 98.3% (...), toggle 91.0% (...): goal PASS"; NULL: not measured */
    const char *rtl_cov_path;   /* OUT/rtl-coverage/section.md */
} gtref_regress_info;

/* The facts of a run, the first table of summary.md and of report.html, built once (report/run_facts.c) and
 * rendered by each: a label and a value in parts. A fact marked GTREF_FACT_MD is shown in summary.md, one marked
 * GTREF_FACT_HTML in report.html; a fact the two word differently is two facts, one for each. A part is the kit's
 * own wording or numbers (GTREF_PART_OWN: written as it is, without a character either format would escape), a
 * text of the run (GTREF_PART_TEXT: escaped) or a text of the run shown as code (GTREF_PART_CODE: a command, a path,
 * a build id). */
enum { GTREF_FACT_MD = 1, GTREF_FACT_HTML = 2, GTREF_FACT_BOTH = 3 };
typedef enum gtref_part_kind { GTREF_PART_END, GTREF_PART_OWN, GTREF_PART_TEXT, GTREF_PART_CODE } gtref_part_kind;
#define GTREF_FACT_PARTS 6
#define GTREF_MAX_FACTS 24
typedef struct gtref_fact {
    const char *label;       /* the kit's own wording, as a part GTREF_PART_OWN */
    unsigned reports;        /* GTREF_FACT_MD, GTREF_FACT_HTML or both */
    struct { gtref_part_kind kind; const char *s; } parts[GTREF_FACT_PARTS];   /* up to the first GTREF_PART_END */
    char own[160];           /* the formatted parts of its own (numbers), one after the other */
    size_t own_used;
} gtref_fact;
/* Fills facts with the facts of info, of the tally t of its results and, for report.html, of the coverage it is
 * handed (html_cov_hit of html_cov_bins bins; no coverage row when html_cov_bins is 0); returns their number. */
size_t gtref_run_facts(const gtref_regress_info *info, const gtref_tally *t, uint64_t html_cov_hit,
                       uint64_t html_cov_bins, gtref_fact facts[GTREF_MAX_FACTS]);
/* The facts marked report (GTREF_FACT_MD: a Markdown table's rows; GTREF_FACT_HTML: an HTML table's rows). */
void gtref_write_facts(FILE *f, unsigned report, const gtref_fact *facts, size_t n);

/* Markdown summary: run facts, totals, buckets (count, first failing test, bucket text, replay command),
 * table of the failing tests. */
int gtref_write_summary_md(FILE *f, const gtref_regress_info *info, const gtref_result *results, size_t n);
/* JUnit XML: one testcase per test; <failure> for FAIL, <error> for ERROR/CRASH/TIMEOUT, with the
 * headline as message; <system-out> holds the replay command. */
int gtref_write_junit_xml(FILE *f, const gtref_regress_info *info, const gtref_result *results, size_t n);
/* The buckets as printed on stdout at the end of a regression: the waived ones (with their waiver), then the
 * failure buckets, each with its first failing test and replay command, so that these are the last lines. */
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
