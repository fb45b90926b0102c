/* History across runs (docs/regress.md "History") and the HTML report. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gtref/regress_report.h"
#include "gtref/history.h"

static gtref_result failing(const char *test, uint64_t seed, uint64_t cycles, const char *bucket)
{
    gtref_result r;
    memset(&r, 0, sizeof r);
    r.status = GTREF_FAIL;
    snprintf(r.test, sizeof r.test, "%s", test);
    snprintf(r.rtl, sizeof r.rtl, "clean");
    snprintf(r.build, sizeof r.build, "v1-3-gabc");
    r.seed = seed;
    r.cycles = cycles;
    r.has_mismatch = 1;
    snprintf(r.mm.kind, sizeof r.mm.kind, "retire");
    snprintf(r.mm.bucket, sizeof r.mm.bucket, "%s", bucket);
    gtref_mismatch_sign(&r.mm);
    return r;
}

Test(history, run_entry_has_totals_and_first_and_shortest_failing_seed)
{
    gtref_result rs[4] = {failing("rand-3", 3, 900, "retire/any-command/dw0"), failing("rand-5", 5, 120, "retire/any-command/dw0"),
                          failing("rand-8", 8, 50, "mem-write/MI_ATOMIC/data")};
    memset(&rs[3], 0, sizeof rs[3]);
    gtref_hist_run run;
    cr_assert_eq(gtref_hist_run_from_results(&run, "clean", "clean", rs, 4, 700, 708), 0);
    cr_assert_eq(run.total, 4);
    cr_assert_eq(run.passed, 1);
    cr_assert_eq(run.failed, 3);
    cr_assert_str_eq(run.build, "v1-3-gabc");
    cr_assert_eq(run.nbuckets, 2);
    cr_assert_str_eq(run.buckets[0].text, "retire/any-command/dw0");
    cr_assert_eq(run.buckets[0].count, 2);
    cr_assert_str_eq(run.buckets[0].first_test, "rand-3");
    cr_assert_str_eq(run.buckets[0].shortest_test, "rand-5", "fewest cycles");
    cr_assert_eq(run.buckets[0].shortest_cycles, 120);
    gtref_hist_run_free(&run);
}

Test(history, append_then_load_round_trips_and_says_new_still_fixed)
{
    char path[] = "/tmp/gtref-history-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    unlink(path); /* a missing file is an empty history */
    char err[512];
    gtref_history h = {0};
    cr_assert_eq(gtref_history_load(&h, path, err, sizeof err), 0, "%s", err);
    cr_assert_eq(h.n, 0);

    gtref_result night1[2] = {failing("rand-1", 1, 10, "a/b/c"), failing("rand-2", 2, 10, "d/e/f")};
    gtref_result night2[1] = {failing("rand-4", 4, 10, "d/e/f")};
    gtref_hist_run run;
    cr_assert_eq(gtref_hist_run_from_results(&run, "s", "clean", night1, 2, 1, 2), 0);
    run.id = 1;
    snprintf(run.when, sizeof run.when, "2026-11-20T01:00:00Z");
    cr_assert_eq(gtref_history_append(path, &run, err, sizeof err), 0, "%s", err);
    gtref_hist_run_free(&run);
    cr_assert_eq(gtref_hist_run_from_results(&run, "s", "clean", night2, 1, 2, 2), 0);
    run.id = 2;
    snprintf(run.when, sizeof run.when, "2026-11-21T01:00:00Z");
    cr_assert_eq(gtref_history_append(path, &run, err, sizeof err), 0, "%s", err);
    gtref_hist_run_free(&run);

    cr_assert_eq(gtref_history_load(&h, path, err, sizeof err), 0, "%s", err);
    cr_assert_eq(h.n, 2);
    cr_assert_eq(h.runs[0].nbuckets, 2);
    cr_assert_eq(h.runs[1].cov_hit, 2);
    const gtref_hist_run *last = gtref_history_last(&h, "s");
    cr_assert_eq(last->id, 2);
    cr_assert_null(gtref_history_last(&h, "other"));
    char when[24];
    cr_assert_eq(gtref_history_first_seen(&h, "s", night2[0].mm.signature, when), 1);
    cr_assert_str_eq(when, "2026-11-20T01:00:00Z");
    cr_assert_eq(gtref_history_first_seen(&h, "s", "0000000000000000", when), 0);

    /* the HTML of a third night against this history: a/b/c fixed since run 2? no: fixed since run 1 is not
     * shown (only against the previous run), d/e/f still failing, g/h/i new */
    gtref_result night3[2] = {failing("rand-9", 9, 10, "d/e/f"), failing("rand-7", 7, 10, "g/h/i")};
    gtref_regress_info info = {.rtl = "clean", .sim = "sim<x>", .out_dir = "out", .nseeds = 2};
    char *html = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&html, &len);
    cr_assert_eq(gtref_write_html(f, &info, night3, 2, &h, "s", gtref_history_last(&h, "s"), 700, 708), 0);
    fclose(f);
    cr_assert(strstr(html, "<polyline"), "the chart: %s", html);
    cr_assert(strstr(html, "still failing, since 2026-11-20T01:00:00Z (run 1)"), "%s", html);
    cr_assert(strstr(html, "<td class=\"new\">new</td>"), "%s", html);
    cr_assert(strstr(html, "700 of 708 bins"), "%s", html);
    cr_assert(strstr(html, "sim&lt;x&gt;"), "escaped: %s", html);
    cr_assert_null(strstr(html, "<script"), "no script");
    for (const char *p = strstr(html, "http"); p; p = strstr(p + 1, "http"))
        cr_assert_eq(strncmp(p, "http://www.w3.org/2000/svg\"", 27), 0, "a link out of the page: %.60s", p);
    cr_assert_null(strstr(html, "src="), "no external file");
    free(html);
    gtref_history_free(&h);
    unlink(path);
}

static void assert_rejected(const char *text, const char *want)
{
    gtref_history h = {0};
    char err[512] = "";
    cr_assert_eq(gtref_history_parse(&h, "h.tsv", text, err, sizeof err), -1, "accepted:\n%s", text);
    cr_assert(strstr(err, want), "message '%s' lacks '%s'", err, want);
    gtref_history_free(&h);
}

Test(history, a_damaged_file_is_reported_with_line)
{
    assert_rejected("run\t1\ts\n", "h.tsv:1: a run line has 13 tab-separated fields, this one 3");
    assert_rejected("bucket\t1\tx\t1\tt\t1\tt\t1\t1\ttext\n", "h.tsv:1: a bucket line before any run line");
    assert_rejected("run\t1\ts\tw\tclean\tb\t10\tx\t0\t0\t0\t0\t0\n", "h.tsv:1: passed 'x': not a whole number");
    assert_rejected("run\t1\ts\tw\tclean\tb\t1\t5\t0\t0\t0\t0\t0\n", "h.tsv:1: passed + failed + waived exceed total");
    assert_rejected("# c\nrun\t1\ts\tw\tclean\tb\t1\t1\t0\t0\t0\t0\t0\nbucket\t2\tx\t1\tt\t1\tt\t1\t1\ttext\n",
                    "h.tsv:3: bucket of run 2 after run 1");
    assert_rejected("walk\n", "h.tsv:1: unknown line 'walk'");
}

Test(history, html_escaping_of_hostile_strings)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    gtref_fputs_html(f, "<script>alert('x')</script> & \"q\"\t\x01 \xc3\xa9 \xff \xe2\x82");
    fclose(f);
    cr_assert_str_eq(out, "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot; &#xFFFD; \xc3\xa9 &#xFFFD; &#xFFFD;&#xFFFD;");
    free(out);
}

static gtref_result waived(gtref_result r, const char *waiver)
{
    r.waived = 1;
    snprintf(r.waiver, sizeof r.waiver, "%s (T-1, jane, until 2999-01-01; w.waive:1): known", waiver);
    return r;
}

/* A bucket whose failures a waiver now accepts is "waived" (by which waiver, since which run), never "fixed": only
 * a bucket no test fails with any more is fixed (docs/regress.md "History"). */
Test(history, a_waived_bucket_is_waived_not_fixed)
{
    char path[] = "/tmp/gtref-history-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    unlink(path);
    char err[512];
    /* night 1: a/b/c and d/e/f fail; night 2: a/b/c waived, d/e/f passes; night 3: a/b/c still waived */
    gtref_result n1[2] = {failing("rand-1", 1, 10, "a/b/c"), failing("rand-2", 2, 10, "d/e/f")};
    gtref_result n2[2] = {waived(failing("rand-1", 1, 10, "a/b/c"), "abc-known"), failing("rand-2", 2, 10, "d/e/f")};
    memset(&n2[1], 0, sizeof n2[1]); /* passes */
    gtref_hist_run run;
    const char *when[3] = {"2026-11-20T01:00:00Z", "2026-11-21T01:00:00Z", "2026-11-22T01:00:00Z"};
    for (int night = 0; night < 3; night++) {
        cr_assert_eq(gtref_hist_run_from_results(&run, "s", "clean", night ? n2 : n1, 2, 1, 2), 0);
        run.id = (uint64_t)night + 1;
        snprintf(run.when, sizeof run.when, "%s", when[night]);
        if (night) {
            cr_assert_eq(run.nbuckets, 0, "a waived bucket is not among the failing ones");
            cr_assert_eq(run.nwaived_buckets, 1);
            cr_assert_str_eq(run.waived_buckets[0].waiver, "abc-known");
            cr_assert_eq(run.waived_buckets[0].count, 1);
        }
        cr_assert_eq(gtref_history_append(path, &run, err, sizeof err), 0, "%s", err);
        gtref_hist_run_free(&run);
    }
    gtref_history h = {0};
    cr_assert_eq(gtref_history_load(&h, path, err, sizeof err), 0, "%s", err);
    cr_assert_eq(h.n, 3);
    /* run 2 against run 1: a/b/c waived, d/e/f fixed */
    const gtref_hist_run *r1 = &h.runs[0], *r2 = &h.runs[1], *r3 = &h.runs[2];
    cr_assert_eq(gtref_bucket_trend_in(r2, r1->buckets[0].signature), GTREF_TREND_WAIVED);
    cr_assert_eq(gtref_bucket_trend_in(r2, r1->buckets[1].signature), GTREF_TREND_FIXED);
    cr_assert_eq(gtref_bucket_trend_in(r1, r1->buckets[0].signature), GTREF_TREND_STILL);
    cr_assert_str_eq(gtref_trend_name(GTREF_TREND_WAIVED), "waived");
    /* waived since run 2, without a break up to run 3; a bucket not waived in the last run: 0 */
    char since_when[24] = "";
    cr_assert_eq(gtref_history_waived_since(&h, "s", r1->buckets[0].signature, since_when), 2);
    cr_assert_str_eq(since_when, "2026-11-21T01:00:00Z");
    cr_assert_eq(gtref_history_waived_since(&h, "s", r1->buckets[1].signature, NULL), 0);
    cr_assert_str_eq(gtref_hist_run_waived(r3, r1->buckets[0].signature)->waiver, "abc-known");

    /* the HTML of night 2 against night 1: a/b/c under the waived failures with its waiver and "this run", not under
     * "Fixed"; d/e/f fixed */
    gtref_history h2 = {.runs = h.runs, .n = 2, .cap = 2};
    gtref_regress_info info = {.rtl = "clean", .sim = "sim", .out_dir = "out", .nseeds = 2};
    char *html = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&html, &len);
    cr_assert_eq(gtref_write_html(f, &info, n2, 2, &h2, "s", r1, 1, 2), 0);
    fclose(f);
    const char *fixed = strstr(html, "<h2>Fixed since the previous run</h2>"), *waived_h = strstr(html, "<h2>Waived failures</h2>");
    cr_assert(fixed && waived_h, "%s", html);
    cr_assert(strstr(fixed, "d/e/f") && strstr(fixed, "d/e/f") < waived_h, "d/e/f is fixed: %s", html);
    cr_assert_null(strstr(fixed, "a/b/c") && strstr(fixed, "a/b/c") < waived_h ? "x" : NULL, "a/b/c is listed as fixed: %s", html);
    cr_assert(strstr(waived_h, "a/b/c") && strstr(waived_h, "this run (it failed unwaived in the previous run: not fixed)"),
              "%s", html);
    free(html);
    /* night 3's report: waived since run 2 */
    html = NULL;
    f = open_memstream(&html, &len);
    cr_assert_eq(gtref_write_html(f, &info, n2, 2, &h, "s", r2, 1, 2), 0);
    fclose(f);
    cr_assert(strstr(html, "<td>2026-11-21T01:00:00Z (run 2)</td>"), "%s", html);
    cr_assert_null(strstr(html, "Fixed since"), "%s", html);
    free(html);
    gtref_history_free(&h);
    unlink(path);
}

Test(history, a_damaged_waived_line_is_reported_with_line)
{
    assert_rejected("waived\t1\tx\t1\tw\ttext\n", "h.tsv:1: a waived line before any run line");
    assert_rejected("run\t1\ts\tw\tclean\tb\t1\t1\t0\t0\t0\t0\t0\nwaived\t1\tx\t1\n",
                    "h.tsv:2: a waived line has 6 tab-separated fields, this one 4");
    assert_rejected("run\t1\ts\tw\tclean\tb\t1\t1\t0\t0\t0\t0\t0\nwaived\t2\tx\t1\tw\tt\n",
                    "h.tsv:2: waived bucket of run 2 after run 1");
}
