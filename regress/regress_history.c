/* gtref regress across runs: the history file, bucket trends and report.html (docs/regress.md "History"). */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../scoreboard/regress_report.h"
#include "gtref/history.h"
#include "gtref_cli.h"

/* Across runs (docs/regress.md "History"): the buckets against the previous run of this series, on stdout and
 * at the end of summary.md; report.html; then this run appended to the history file. 0 or an exit code. */
int regress_history(const char *out, const char *history_path, gtref_history *h,
                           const gtref_regress_info *info, const gtref_result *results, size_t n, size_t cov_holes,
                           size_t cov_bins)
{
    /* a series: the runs of one output folder on one RTL build */
    const char *base = strrchr(out, '/');
    base = base ? base + 1 : out;
    char series[64];
    if (strcmp(base, info->rtl) == 0) snprintf(series, sizeof series, "%.63s", base);
    else if (snprintf(series, sizeof series, "%s@%s", base, info->rtl) >= (int)sizeof series) series[63] = 0;
    gtref_hist_run run;
    uint64_t hit = cov_bins >= cov_holes ? cov_bins - cov_holes : 0;
    if (gtref_hist_run_from_results(&run, series, info->rtl, results, n, hit, cov_bins))
        return cli_error("regress", "out of memory");
    uint64_t max_id = 0;
    for (size_t i = 0; i < h->n; i++) if (h->runs[i].id > max_id) max_id = h->runs[i].id;
    run.id = max_id + 1;
    const gtref_hist_run *prev = gtref_history_last(h, series);

    char path[GTREF_PATH_MAX];
    FILE *md = path_format(path, sizeof path, "regress", "%s/summary.md", out) ? fopen(path, "a") : NULL;
    if (md) fprintf(md, "\n## Across runs (history %s, series %s, run %" PRIu64 ")\n\n", history_path, series, run.id);
    if (!prev) {
        printf("history: first run of series %s in %s\n", series, history_path);
        if (md) fputs("First run of this series.\n", md);
    } else {
        printf("history: against run %" PRIu64 " of %s (%" PRIu64 " passed, %" PRIu64 " failed):\n", prev->id, prev->when,
               prev->passed, prev->failed);
        if (md) fprintf(md, "Against run %" PRIu64 " of %s: %" PRIu64 " passed, %" PRIu64 " failed.\n\n"
                            "| bucket | signature | tests | trend | first seen | shortest failing test |\n|---|---|---|---|---|---|\n",
                        prev->id, prev->when, prev->passed, prev->failed);
    }
    for (size_t k = 0; prev && k < run.nbuckets; k++) {
        const gtref_hist_bucket *b = &run.buckets[k];
        bool still = false;
        for (size_t j = 0; j < prev->nbuckets; j++) still |= !strcmp(prev->buckets[j].signature, b->signature);
        const gtref_hist_bucket *was_waived = gtref_hist_run_waived(prev, b->signature);
        still |= was_waived != NULL; /* it failed then too, waived */
        char when[24] = "";
        uint64_t first = gtref_history_first_seen(h, series, b->signature, when);
        printf("  %-13s %s  %" PRIu64 " tests  %s", still ? "still failing" : "new", b->signature, b->count, b->text);
        if (was_waived) printf("  (waived by %s in run %" PRIu64 ", no longer)", was_waived->waiver, prev->id);
        if (first) printf("  (first seen in run %" PRIu64 ", %s)", first, when);
        printf("  shortest: %s (%" PRIu64 " cycles)\n", b->shortest_test, b->shortest_cycles);
        if (md) {
            fputs("| ", md);
            gtref_fputs_md_code(md, b->text);
            fprintf(md, " | `%s` | %" PRIu64 " | %s | %s | ", b->signature, b->count, still ? "still failing" : "**new**",
                    first ? when : "this run");
            gtref_fputs_md(md, b->shortest_test);
            fprintf(md, " (seed %" PRIu64 ", %" PRIu64 " cycles) |\n", b->shortest_seed, b->shortest_cycles);
        }
    }
    /* the failures waivers accepted: they still fail, so they are not fixed; by which waiver, since which run */
    for (size_t k = 0; prev && k < run.nwaived_buckets; k++) {
        const gtref_hist_bucket *wb = &run.waived_buckets[k];
        char when[24] = "";
        uint64_t since = gtref_history_waived_since(h, series, wb->signature, when);
        bool failed_before = gtref_bucket_trend_in(prev, wb->signature) == GTREF_TREND_STILL;
        printf("  %-13s %s  %" PRIu64 " tests  %s  (waived by %s since ", "waived", wb->signature, wb->count, wb->text,
               wb->waiver);
        if (since) printf("run %" PRIu64 ", %s)\n", since, when);
        else printf("this run%s)\n", failed_before ? "; it failed unwaived in the previous run: not fixed" : "");
        if (md) {
            fputs("| ", md);
            gtref_fputs_md_code(md, wb->text);
            fprintf(md, " | `%s` | %" PRIu64 " waived | waived by `%s`, not fixed | ", wb->signature, wb->count, wb->waiver);
            if (since) fprintf(md, "waived since %s (run %" PRIu64 ") | |\n", when, since);
            else fputs("waived since this run | |\n", md);
        }
    }
    /* the previous run's buckets no test fails with any more: fixed (a bucket now waived is listed above) */
    for (size_t j = 0; prev && j < prev->nbuckets; j++) {
        const gtref_hist_bucket *pb = &prev->buckets[j];
        if (gtref_bucket_trend_in(&run, pb->signature) != GTREF_TREND_FIXED) continue;
        printf("  %-13s %s  (%" PRIu64 " tests in run %" PRIu64 ")  %s\n", "fixed", pb->signature, pb->count, prev->id,
               pb->text);
        if (md) {
            fputs("| ", md);
            gtref_fputs_md_code(md, pb->text);
            fprintf(md, " | `%s` | 0 (%" PRIu64 " before) | fixed | | |\n", pb->signature, pb->count);
        }
    }
    if (md) fclose(md);

    int rc = 0;
    char err[1024];
    if (gtref_history_append(history_path, &run, err, sizeof err)) rc = cli_error("regress", "%s", err);
    /* the report's chart includes this run: add it to h (which then owns its buckets) */
    gtref_hist_run prev_copy, *prev_p = NULL;
    if (prev) prev_copy = *prev, prev_p = &prev_copy;
    if (h->n == h->cap) {
        size_t cap = h->cap ? 2 * h->cap : 16;
        gtref_hist_run *nr = realloc(h->runs, cap * sizeof *nr);
        if (!nr) return gtref_hist_run_free(&run), cli_error("regress", "out of memory");
        h->runs = nr;
        h->cap = cap;
    }
    h->runs[h->n++] = run;
    FILE *html = path_format(path, sizeof path, "regress", "%s/report.html", out) ? fopen(path, "w") : NULL;
    if (!html || gtref_write_html(html, info, results, n, h, series, prev_p, hit, cov_bins) || fclose(html))
        rc = cli_error("regress", "cannot write %s", path);
    else
        printf("report: %s\n", path);
    return rc;
}
