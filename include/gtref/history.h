/* Regression history across nights (docs/regress.md "History"): one text file beside the runs, one `run`
 * line per regression and one `bucket` line per failure bucket of it, appended atomically at the end of each
 * run. Read back to say, per bucket, when it first appeared and whether it is new, still failing or fixed
 * since the previous run of the same series, and to draw the pass-rate chart. */
#ifndef GTREF_HISTORY_H
#define GTREF_HISTORY_H
#include <stddef.h>
#include <stdint.h>

#include "gtref/result.h"

typedef struct gtref_hist_bucket {
    char signature[20];
    char text[128];
    char waiver[64];          /* a waived bucket: the name of the waiver that accepted its failures */
    uint64_t count;
    char first_test[64];
    uint64_t first_seed;
    char shortest_test[64];   /* the failing test with the fewest cycles */
    uint64_t shortest_seed, shortest_cycles;
} gtref_hist_bucket;

typedef struct gtref_hist_run {
    uint64_t id;              /* 1, 2, ... in the file, per series */
    char series[64];          /* the output folder's name: runs of one series are compared */
    char when[24];            /* YYYY-MM-DDTHH:MM:SSZ */
    char rtl[64], build[64];
    uint64_t total, passed, failed, waived, unimplemented;
    uint64_t cov_hit, cov_bins;
    gtref_hist_bucket *buckets;   /* the buckets of its unwaived failures */
    size_t nbuckets;
    gtref_hist_bucket *waived_buckets; /* the buckets of its waived failures (only signature, count, text, waiver) */
    size_t nwaived_buckets;
} gtref_hist_run;

typedef struct gtref_history {
    gtref_hist_run *runs;
    size_t n, cap;
} gtref_history;

/* Parse the text of a history file. 0, or -1 with "file:line: what" in err. A missing file is an empty
 * history (gtref_history_load). */
int gtref_history_parse(gtref_history *h, const char *file, const char *text, char *err, size_t errsz);
int gtref_history_load(gtref_history *h, const char *path, char *err, size_t errsz);
void gtref_history_free(gtref_history *h);
/* Append run to the file at path (whole file rewritten atomically). */
int gtref_history_append(const char *path, const gtref_hist_run *run, char *err, size_t errsz);

/* A run's history entry from its results (buckets of the unwaived failures, and apart those of the waived ones).
 * buckets and waived malloc'd: free them (gtref_hist_run_free). */
int gtref_hist_run_from_results(gtref_hist_run *run, const char *series, const char *rtl, const gtref_result *results,
                                size_t n, uint64_t cov_hit, uint64_t cov_bins);

/* The last run of series in h (NULL if none) and the id of the first run of that series where signature
 * failed (0 if never). */
const gtref_hist_run *gtref_history_last(const gtref_history *h, const char *series);
void gtref_hist_run_free(gtref_hist_run *run);
uint64_t gtref_history_first_seen(const gtref_history *h, const char *series, const char *signature, char when[24]);

/* A bucket of the previous run, seen from this one (now): STILL when tests still fail with it unwaived, WAIVED when
 * its failures are now all waived (not fixed: they still fail), FIXED only when no test fails with it any more. */
enum gtref_bucket_trend { GTREF_TREND_NEW, GTREF_TREND_STILL, GTREF_TREND_FIXED, GTREF_TREND_WAIVED };
const char *gtref_trend_name(enum gtref_bucket_trend t);
enum gtref_bucket_trend gtref_bucket_trend_in(const gtref_hist_run *now, const char *signature);
/* The waived bucket of run with this signature (NULL if none). */
const gtref_hist_bucket *gtref_hist_run_waived(const gtref_hist_run *run, const char *signature);
/* Since when a bucket has been waived: the first of the runs of series, counted back from its last run in h, in
 * which it was waived without a break. Its id and time (when), or 0 when the last run did not have it waived. */
uint64_t gtref_history_waived_since(const gtref_history *h, const char *series, const char *signature, char when[24]);

/* The end of a gtref regress run across runs: the buckets of this run (results) against the previous run of its
 * series (the output folder out's name, with @RTL unless that is the name) on stdout and at the end of
 * out/summary.md, this run appended to the history file at history_path and to h (which then owns its buckets), then
 * out/report.html. 0, or -1 after "gtref regress: what" on stderr. */
struct gtref_regress_info;
int gtref_history_across_runs(const char *out, const char *history_path, gtref_history *h,
                              const struct gtref_regress_info *info, const gtref_result *results, size_t n,
                              size_t cov_holes, size_t cov_bins);
#endif
