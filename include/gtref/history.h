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
    gtref_hist_bucket *buckets;
    size_t nbuckets;
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

/* A run's history entry from its results (buckets of the unwaived failures). buckets malloc'd: free them. */
int gtref_hist_run_from_results(gtref_hist_run *run, const char *series, const char *rtl, const gtref_result *results,
                                size_t n, uint64_t cov_hit, uint64_t cov_bins);

/* The last run of series in h (NULL if none) and the id of the first run of that series where signature
 * failed (0 if never). */
const gtref_hist_run *gtref_history_last(const gtref_history *h, const char *series);
uint64_t gtref_history_first_seen(const gtref_history *h, const char *series, const char *signature, char when[24]);

enum gtref_bucket_trend { GTREF_TREND_NEW, GTREF_TREND_STILL, GTREF_TREND_FIXED };
const char *gtref_trend_name(enum gtref_bucket_trend t);
#endif
