/* Reports of gtref regress: tallies, buckets, escaping, progress, summary.md and junit.xml. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtref/regress_report.h"

static gtref_result make_result(const char *test, int status, const char *bucket)
{
    gtref_result r;
    memset(&r, 0, sizeof r);
    r.status = (uint8_t)status;
    snprintf(r.test, sizeof r.test, "%s", test);
    snprintf(r.rtl, sizeof r.rtl, "bug-X");
    snprintf(r.replay, sizeof r.replay, "build/bin/gtref replay out/results/%s.result", test);
    r.cycles = 100;
    r.retired = 10;
    r.wall_s = 0.5;
    if (bucket) {
        r.has_mismatch = 1;
        snprintf(r.mm.kind, sizeof r.mm.kind, "mem-write");
        snprintf(r.mm.engine, sizeof r.mm.engine, "RCS0");
        r.mm.cycle = 42;
        snprintf(r.mm.expected, sizeof r.mm.expected, "0x1");
        snprintf(r.mm.actual, sizeof r.mm.actual, "0x2");
        snprintf(r.mm.bucket, sizeof r.mm.bucket, "%s", bucket);
        gtref_mismatch_sign(&r.mm);
    } else if (status != GTREF_PASS) {
        snprintf(r.error, sizeof r.error, "%s happened", gtref_status_name(status));
    }
    return r;
}

/* A small regression: 3 passes, 3 FAILs in 2 buckets, a crash, an error. */
static size_t sample_results(gtref_result *rs)
{
    size_t n = 0;
    rs[n++] = make_result("dir-a", GTREF_PASS, NULL);
    rs[n++] = make_result("rand-1", GTREF_FAIL, "mem-write/RCS0/SDI/be");
    rs[n++] = make_result("rand-2", GTREF_CRASH, NULL);
    rs[n++] = make_result("rand-3", GTREF_FAIL, "retire/RCS0/MI_NOOP/dw0");
    rs[n++] = make_result("rand-4", GTREF_PASS, NULL);
    rs[n++] = make_result("rand-5", GTREF_FAIL, "retire/RCS0/MI_NOOP/dw0");
    rs[n++] = make_result("rand-6", GTREF_ERROR, NULL);
    rs[n++] = make_result("rand-7", GTREF_PASS, NULL);
    return n;
}

static char *capture(void (*write)(FILE *, const void *), const void *arg)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    cr_assert(f);
    write(f, arg);
    fclose(f);
    return text;
}

/* ---- tally ---- */

Test(report, tally_counts_every_status)
{
    gtref_result rs[16];
    size_t n = sample_results(rs);
    gtref_tally t;
    gtref_tally_results(rs, n, &t);
    cr_assert_eq(t.total, 8);
    cr_assert_eq(t.passed, 3);
    cr_assert_eq(t.failed, 5);
    cr_assert_eq(t.by_status[GTREF_FAIL], 3);
    cr_assert_eq(t.by_status[GTREF_CRASH], 1);
    cr_assert_eq(t.by_status[GTREF_ERROR], 1);
    cr_assert_eq(t.by_status[GTREF_TIMEOUT], 0);
    cr_assert_eq(t.mismatches, 3);
    cr_assert_eq(t.cycles, 800);
    cr_assert_eq(t.retired, 80);
}

Test(report, expect_fail_needs_a_mismatch_and_nothing_broken)
{
    gtref_result rs[4];
    gtref_tally t;
    rs[0] = make_result("a", GTREF_PASS, NULL);
    rs[1] = make_result("b", GTREF_FAIL, "x");
    gtref_tally_results(rs, 2, &t);
    cr_assert(gtref_expect_fail_met(&t));

    gtref_tally_results(rs, 1, &t); /* all passed: the bug was not caught */
    cr_assert_not(gtref_expect_fail_met(&t));

    for (int broken = GTREF_ERROR; broken <= GTREF_TIMEOUT; broken++) {
        rs[2] = make_result("c", broken, NULL);
        gtref_tally_results(rs, 3, &t);
        cr_assert_not(gtref_expect_fail_met(&t), "%s must spoil --expect-fail", gtref_status_name(broken));
    }

    rs[1] = make_result("b", GTREF_FAIL, NULL); /* a FAIL without a mismatch record does not count */
    gtref_tally_results(rs, 2, &t);
    cr_assert_not(gtref_expect_fail_met(&t));
}

/* ---- buckets ---- */

Test(report, buckets_group_by_signature_largest_first)
{
    gtref_result rs[16];
    size_t n = sample_results(rs);
    gtref_bucket *bs = NULL;
    size_t nb = 0;
    cr_assert_eq(gtref_bucket_results(rs, n, &bs, &nb), 0);
    cr_assert_eq(nb, 4);
    /* retire bucket: 2 tests, first rand-3 (index 3) */
    cr_assert_str_eq(bs[0].text, "retire/RCS0/MI_NOOP/dw0");
    cr_assert_eq(bs[0].count, 2);
    cr_assert_eq(bs[0].first, 3);
    cr_assert_str_eq(bs[0].signature, rs[3].mm.signature);
    cr_assert_eq(bs[0].status, GTREF_FAIL);
    /* then the single-test buckets in test order: mem-write (1), crash (2), error (6) */
    cr_assert_str_eq(bs[1].text, "mem-write/RCS0/SDI/be");
    cr_assert_eq(bs[1].first, 1);
    cr_assert_str_eq(bs[2].text, "crash");
    cr_assert_eq(bs[2].status, GTREF_CRASH);
    cr_assert_eq(bs[2].first, 2);
    cr_assert_str_eq(bs[3].text, "error");
    cr_assert_eq(bs[3].first, 6);
    for (size_t i = 0; i < nb; i++) cr_assert_eq(strlen(bs[i].signature), 16);
    free(bs);
}

Test(report, bucket_of_a_pass_is_none_and_a_missing_signature_is_computed)
{
    gtref_bucket b;
    gtref_result r = make_result("p", GTREF_PASS, NULL);
    cr_assert_not(gtref_result_bucket(&r, &b));

    r = make_result("f", GTREF_FAIL, "reg-commit/RCS0/LRI/RING_HEAD");
    char expected[20];
    memcpy(expected, r.mm.signature, sizeof expected);
    r.mm.signature[0] = '\0';
    cr_assert(gtref_result_bucket(&r, &b));
    cr_assert_str_eq(b.signature, expected);

    r.mm.bucket[0] = '\0'; /* no bucket text: kind/engine */
    cr_assert(gtref_result_bucket(&r, &b));
    cr_assert_str_eq(b.text, "mem-write/RCS0");
}

Test(report, no_failures_no_buckets)
{
    gtref_result rs[2] = {make_result("a", GTREF_PASS, NULL), make_result("b", GTREF_PASS, NULL)};
    gtref_bucket *bs = NULL;
    size_t nb = 99;
    cr_assert_eq(gtref_bucket_results(rs, 2, &bs, &nb), 0);
    cr_assert_eq(nb, 0);
    free(bs);
    cr_assert_eq(gtref_bucket_results(rs, 0, &bs, &nb), 0);
    cr_assert_eq(nb, 0);
    free(bs);
}

Test(report, headline)
{
    char line[256];
    gtref_result r = make_result("f", GTREF_FAIL, "b");
    gtref_result_headline(&r, line, sizeof line);
    cr_assert_str_eq(line, "mem-write on RCS0 at cycle 42: expected 0x1, actual 0x2");
    r = make_result("t", GTREF_TIMEOUT, NULL);
    gtref_result_headline(&r, line, sizeof line);
    cr_assert_str_eq(line, "TIMEOUT: TIMEOUT happened");
    r = make_result("p", GTREF_PASS, NULL);
    gtref_result_headline(&r, line, sizeof line);
    cr_assert_str_eq(line, "passed");
}

/* ---- escaping ---- */

static void write_xml(FILE *f, const void *s) { gtref_fputs_xml(f, s); }
static void write_md(FILE *f, const void *s) { gtref_fputs_md(f, s); }
static void write_md_code(FILE *f, const void *s) { gtref_fputs_md_code(f, s); }

Test(report, xml_escapes_markup_quotes_and_control_characters)
{
    char *out = capture(write_xml, "a<b>&\"c\" 'd'");
    cr_assert_str_eq(out, "a&lt;b&gt;&amp;&quot;c&quot; &apos;d&apos;");
    free(out);
    out = capture(write_xml, "tab\tnl\ncr\r bell\a end");
    cr_assert_str_eq(out, "tab&#9;nl&#10;cr&#13; bell&#xFFFD; end");
    free(out);
    out = capture(write_xml, "plain \xc3\xa9 UTF-8");
    cr_assert_str_eq(out, "plain \xc3\xa9 UTF-8");
    free(out);
}

Test(report, markdown_escapes_pipes_and_inline_markup)
{
    char *out = capture(write_md, "a|b *c* _d_ <e> [f]\nnext");
    cr_assert_str_eq(out, "a\\|b \\*c\\* \\_d\\_ \\<e\\> \\[f\\] next");
    free(out);
    out = capture(write_md_code, "build/bin/gtref replay x");
    cr_assert_str_eq(out, "`build/bin/gtref replay x`");
    free(out);
    out = capture(write_md_code, "a`b|c");
    cr_assert_str_eq(out, "`` a`b\\|c ``");
    free(out);
}

Test(report, shell_quote_only_when_needed)
{
    char buf[64];
    cr_assert_eq(gtref_shell_quote(buf, sizeof buf, "build/regress/clean/results/rand-17.result"), 42);
    cr_assert_str_eq(buf, "build/regress/clean/results/rand-17.result");
    gtref_shell_quote(buf, sizeof buf, "my dir/x.result");
    cr_assert_str_eq(buf, "'my dir/x.result'");
    gtref_shell_quote(buf, sizeof buf, "it's");
    cr_assert_str_eq(buf, "'it'\\''s'");
    gtref_shell_quote(buf, sizeof buf, "");
    cr_assert_str_eq(buf, "''");
    gtref_shell_quote(buf, sizeof buf, "$HOME;rm");
    cr_assert_str_eq(buf, "'$HOME;rm'");
    char small[5];
    cr_assert_eq(gtref_shell_quote(small, sizeof small, "a b c"), 7); /* like snprintf */
    cr_assert_str_eq(small, "'a b");
}

/* ---- progress ---- */

Test(report, progress_line)
{
    char line[256];
    gtref_progress_format(line, sizeof line, 24, 240, 23, 1, 0, 6.0);
    cr_assert_str_eq(line, "[ 24/240  10%] 23 passed, 1 failed | 4.0 tests/s | eta 54s");
    gtref_progress_format(line, sizeof line, 0, 240, 0, 0, 0, 0.0);
    cr_assert_str_eq(line, "[  0/240   0%] 0 passed, 0 failed | 0.0 tests/s | eta ?");
    gtref_progress_format(line, sizeof line, 1, 200, 1, 0, 0, 10.0);
    cr_assert_str_eq(line, "[  1/200   0%] 1 passed, 0 failed | 0.1 tests/s | eta 33m10s");
    gtref_progress_format(line, sizeof line, 240, 240, 200, 38, 2, 60.0);
    cr_assert_str_eq(line, "[240/240 100%] 200 passed, 38 failed, 2 waived | 4.0 tests/s | eta 0s");
}

Test(report, progress_every_tenth_or_ten_seconds_when_not_a_terminal)
{
    cr_assert_not(gtref_progress_due(false, 5, 200, 0, 1.0, 0.0));
    cr_assert(gtref_progress_due(false, 20, 200, 19, 1.0, 0.0), "crossed 10%");
    cr_assert_not(gtref_progress_due(false, 21, 200, 20, 2.0, 1.0));
    cr_assert(gtref_progress_due(false, 21, 200, 20, 11.5, 1.0), "10 s without a line");
    cr_assert(gtref_progress_due(false, 200, 200, 199, 2.0, 1.5), "the end");
    cr_assert_not(gtref_progress_due(false, 200, 200, 200, 30.0, 1.5), "the end only once");
    cr_assert(gtref_progress_due(false, 3, 7, 2, 0.1, 0.0), "small runs: every test past a tenth");
    cr_assert(gtref_progress_due(true, 6, 200, 5, 0.1, 0.0), "terminal: every test");
    cr_assert(gtref_progress_due(true, 5, 200, 5, 1.1, 0.0), "terminal: every second");
    cr_assert_not(gtref_progress_due(true, 5, 200, 5, 0.5, 0.0));
}

/* ---- summary.md and junit.xml ---- */

static const gtref_regress_info sample_info = {
    .rtl = "bug-X", .sim = "build/sim/bug-X/Vtb_top", .out_dir = "out", .ndirected = 1,
    .seed0 = 1, .nseeds = 7, .jobs = 2, .timeout_s = 120, .wall_s = 3.25,
};

static void write_summary(FILE *f, const void *arg)
{
    (void)arg;
    gtref_result rs[16];
    size_t n = sample_results(rs);
    cr_assert_eq(gtref_write_summary_md(f, &sample_info, rs, n), 0);
}

static void write_junit(FILE *f, const void *arg)
{
    (void)arg;
    gtref_result rs[16];
    size_t n = sample_results(rs);
    snprintf(rs[1].mm.expected, sizeof rs[1].mm.expected, "<a&b>");
    cr_assert_eq(gtref_write_junit_xml(f, &sample_info, rs, n), 0);
}

static size_t count(const char *text, const char *what)
{
    size_t k = 0;
    for (const char *p = text; (p = strstr(p, what)); p += strlen(what)) k++;
    return k;
}

Test(report, summary_has_totals_buckets_replay_and_failing_tests)
{
    char *md = capture(write_summary, NULL);
    const char *expected[] = {
        "# gtref regression: bug-X",
        "| tests | 8: 1 directed, 7 random (seeds 1..7) |",
        "**3 passed, 5 failed, 0 waived** (FAIL 3, ERROR 1, CRASH 1, TIMEOUT 0, UNIMPLEMENTED 0)",
        "## Failure buckets (4)",
        "2 tests, FAIL",
        "- bucket: `retire/RCS0/MI_NOOP/dw0`",
        "- first failing test: rand-3 (seed 0): mem-write on RCS0 at cycle 42",
        "- replay: `build/bin/gtref replay out/results/rand-3.result`",
        "- tests: rand-3, rand-5\n",
        "| rand-2 | CRASH | 0 |",
        "`out/logs/rand-6.log`",
    };
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++)
        cr_assert(strstr(md, expected[i]), "summary lacks '%s':\n%s", expected[i], md);
    cr_assert_eq(count(md, "\n| rand-"), 5, "one row per failing test:\n%s", md);
    cr_assert_null(strstr(md, "| rand-4 |"), "passing tests are not in the table");
    free(md);
}

Test(report, junit_has_one_testcase_per_test_with_escaped_messages)
{
    char *xml = capture(write_junit, NULL);
    cr_assert(strstr(xml, "<testsuites name=\"gtref\" tests=\"8\" failures=\"3\" errors=\"2\""), "%s", xml);
    cr_assert_eq(count(xml, "<testcase "), 8);
    cr_assert_eq(count(xml, "<failure "), 3);
    cr_assert_eq(count(xml, "<error "), 2);
    cr_assert_eq(count(xml, "<system-out>build/bin/gtref replay out/results/"), 8, "every test has its replay");
    cr_assert(strstr(xml, "<failure type=\"FAIL\" message=\"mem-write on RCS0 at cycle 42: expected &lt;a&amp;b&gt;, "
                          "actual 0x2\">"),
              "%s", xml);
    cr_assert(strstr(xml, "<error type=\"CRASH\" message=\"CRASH: CRASH happened\">"), "%s", xml);
    cr_assert_null(strstr(xml, "<a&b>"), "raw markup must not leak");
    free(xml);
}

/* ---- the verdict, in every report, and when and what ---- */

static gtref_tally tally_of(size_t passed, size_t failed)
{
    gtref_tally t;
    memset(&t, 0, sizeof t);
    t.total = passed + failed;
    t.passed = passed;
    t.failed = failed;
    t.by_status[GTREF_PASS] = passed;
    t.by_status[GTREF_FAIL] = failed;
    t.mismatches = failed;
    return t;
}

Test(verdict, holes_without_require_coverage_pass_and_are_reported)
{
    gtref_tally t = tally_of(96, 0);
    gtref_verdict v;
    gtref_regress_verdict(&t, false, false, true, 21, &v);
    cr_assert_eq(v.exit_code, 0);
    cr_assert_not(v.coverage_failed);
    cr_assert(strncmp(v.text, "PASS", 4) == 0, "%s", v.text);
    cr_assert(strstr(v.text, "21 coverage holes"), "the holes are reported: %s", v.text);
    gtref_regress_verdict(&t, false, false, true, 0, &v);
    cr_assert_str_eq(v.text, "PASS");
}

Test(verdict, holes_with_require_coverage_fail_and_say_so)
{
    gtref_tally t = tally_of(96, 0);
    gtref_verdict v;
    gtref_regress_verdict(&t, false, true, true, 21, &v);
    cr_assert_eq(v.exit_code, 1);
    cr_assert(v.coverage_failed);
    cr_assert_str_eq(v.text, "FAIL: 21 coverage holes (--require-coverage)");
    gtref_regress_verdict(&t, false, true, true, 0, &v);
    cr_assert_eq(v.exit_code, 0, "no hole: the requirement is met");
    gtref_regress_verdict(&t, false, true, false, 21, &v);
    cr_assert_eq(v.exit_code, 0, "coverage not measured: no hole to fail on");
}

Test(verdict, failed_tests_fail_and_both_reasons_are_named)
{
    gtref_tally t = tally_of(90, 6);
    gtref_verdict v;
    gtref_regress_verdict(&t, false, false, true, 21, &v);
    cr_assert_eq(v.exit_code, 1);
    cr_assert_str_eq(v.text, "FAIL: 6 tests failed");
    gtref_regress_verdict(&t, false, true, true, 1, &v);
    cr_assert_str_eq(v.text, "FAIL: 6 tests failed; 1 coverage hole (--require-coverage)");
}

Test(verdict, expect_fail_is_the_bug_check)
{
    gtref_tally t = tally_of(3, 5);
    gtref_verdict v;
    gtref_regress_verdict(&t, true, true, false, 0, &v);
    cr_assert_eq(v.exit_code, 0);
    cr_assert(strncmp(v.text, "PASS: the bug was caught", 24) == 0, "%s", v.text);
    t = tally_of(8, 0);
    gtref_regress_verdict(&t, true, false, false, 0, &v);
    cr_assert_eq(v.exit_code, 1);
    cr_assert(strstr(v.text, "FAIL: the bug was not caught"), "%s", v.text);
}

/* A run's info as gtref regress fills it: when and what, the rerun commands, coverage and the verdict. */
static gtref_verdict the_verdict;
static gtref_regress_info full_info(bool require_coverage, size_t failed)
{
    gtref_tally t = tally_of(8 - failed, failed);
    gtref_regress_verdict(&t, false, require_coverage, true, 21, &the_verdict);
    return (gtref_regress_info){
        .rtl = "bug-X", .sim = "/abs/build/sim/bug-X/e4/Vtb_top", .out_dir = "/abs/out", .ndirected = 1, .seed0 = 1,
        .nseeds = 7, .jobs = 2, .timeout_s = 120, .wall_s = 3.25, .started = "2026-11-28T01:36:00Z", .build = "v1.2-3-gabc",
        .verilator = "Verilator 5.006 2023-01-22", .engines = 4,
        .rerun = "/abs/gtref regress --rtl bug-X --seeds 7 --out /abs/out",
        .rerun_failed = failed ? "/abs/gtref regress --rtl bug-X --seeds 7 --out /abs/out --rerun-failed" : NULL,
        .verdict = &the_verdict, .cov_measured = true, .cov_bins = 1331, .cov_holes = 21,
        .cov_hole_names = "MI_NOOP on RCS0; MI_FLUSH_DW on BCS0", .cov_path = "/abs/out/coverage.md"};
}

static size_t passing_results(gtref_result *rs)
{
    size_t n = 0;
    for (int i = 0; i < 8; i++) {
        char name[32];
        snprintf(name, sizeof name, "rand-%d", i + 1);
        rs[n++] = make_result(name, GTREF_PASS, NULL);
    }
    return n;
}

typedef int (*report_writer)(FILE *, const gtref_regress_info *, const gtref_result *, size_t);
static char *render(report_writer w, const gtref_regress_info *info, bool failing)
{
    gtref_result rs[16];
    size_t n = failing ? sample_results(rs) : passing_results(rs);
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    cr_assert(f);
    cr_assert_eq(w(f, info, rs, n), 0);
    fclose(f);
    return text;
}

static int write_html(FILE *f, const gtref_regress_info *info, const gtref_result *rs, size_t n)
{
    return gtref_write_html(f, info, rs, n, NULL, "s", NULL, info->cov_bins - info->cov_holes, info->cov_bins);
}

static void assert_when_and_what(const char *text, const char *where)
{
    const char *wanted[] = {"2026-11-28T01:36:00Z", "v1.2-3-gabc", "Verilator 5.006 2023-01-22",
                            "/abs/gtref regress --rtl bug-X --seeds 7 --out /abs/out", "bug-X"};
    for (size_t i = 0; i < sizeof wanted / sizeof wanted[0]; i++)
        cr_assert(strstr(text, wanted[i]), "%s lacks '%s':\n%s", where, wanted[i], text);
}

Test(verdict, clean_run_with_holes_passes_in_every_report)
{
    gtref_regress_info info = full_info(false, 0);
    char *md = render(gtref_write_summary_md, &info, false);
    cr_assert(strstr(md, "**Verdict: PASS (21 coverage holes, reported, not required"), "%s", md);
    cr_assert(strstr(md, "| coverage | 1310 of 1331 bins hit, 21 holes: MI\\_NOOP on RCS0; MI\\_FLUSH\\_DW on BCS0 (full "
                         "table: `/abs/out/coverage.md`) |"), "%s", md);
    cr_assert(strstr(md, "| seeds | first seed 1, 7 seeds |"), "%s", md);
    cr_assert(strstr(md, "| RTL build | bug-X, 4 engines |"), "%s", md);
    cr_assert(strstr(md, "No test failed.\n"), "%s", md);
    cr_assert_null(strstr(md, "rerun the failed tests"), "nothing failed: no rerun-failed command");
    assert_when_and_what(md, "summary.md");
    char *xml = render(gtref_write_junit_xml, &info, false);
    cr_assert(strstr(xml, "<property name=\"verdict\" value=\"PASS (21 coverage holes"), "%s", xml);
    cr_assert(strstr(xml, "<property name=\"exit_status\" value=\"0\"/>"), "%s", xml);
    cr_assert(strstr(xml, "<testsuite name=\"gtref.bug-X.coverage\" tests=\"1\" failures=\"0\""), "%s", xml);
    cr_assert_null(strstr(xml, "type=\"COVERAGE\""), "holes that are not required do not fail:\n%s", xml);
    cr_assert(strstr(xml, "<testsuites name=\"gtref\" tests=\"9\" failures=\"0\""), "%s", xml);
    assert_when_and_what(xml, "junit.xml");
    char *html = render(write_html, &info, false);
    cr_assert(strstr(html, "<p class=\"verdict pass\" id=\"verdict\">PASS (21 coverage holes"), "%s", html);
    cr_assert(strstr(html, "<p class=\"pass\">No test failed.</p>"), "%s", html);
    assert_when_and_what(html, "report.html");
    free(md);
    free(xml);
    free(html);
}

Test(verdict, clean_run_failing_on_coverage_says_so_in_every_report)
{
    gtref_regress_info info = full_info(true, 0);
    char *md = render(gtref_write_summary_md, &info, false);
    cr_assert(strstr(md, "**Verdict: FAIL: 21 coverage holes (--require-coverage)** (exit status 1)"), "%s", md);
    cr_assert(strstr(md, "No test failed, but the verdict is FAIL: 21 coverage holes"), "%s", md);
    char *xml = render(gtref_write_junit_xml, &info, false);
    cr_assert(strstr(xml, "<property name=\"verdict\" value=\"FAIL: 21 coverage holes (--require-coverage)\"/>"), "%s", xml);
    cr_assert(strstr(xml, "<property name=\"exit_status\" value=\"1\"/>"), "%s", xml);
    cr_assert(strstr(xml, "<testsuites name=\"gtref\" tests=\"9\" failures=\"1\""), "%s", xml);
    cr_assert(strstr(xml, "<testsuite name=\"gtref.bug-X.coverage\" tests=\"1\" failures=\"1\""), "%s", xml);
    cr_assert(strstr(xml, "<testcase classname=\"gtref.bug-X.coverage\" name=\"coverage\" time=\"0.000\">\n"
                          "      <failure type=\"COVERAGE\" message=\"FAIL: 21 coverage holes (--require-coverage)\">"),
              "a failing coverage testcase in its own suite:\n%s", xml);
    char *html = render(write_html, &info, false);
    cr_assert(strstr(html, "<p class=\"verdict fail\" id=\"verdict\">FAIL: 21 coverage holes (--require-coverage)"), "%s",
              html);
    cr_assert_null(strstr(html, "class=\"pass\">No test failed"), "no green all-clear on a failing run:\n%s", html);
    cr_assert_null(strstr(html, "No failures"), "%s", html);
    free(md);
    free(xml);
    free(html);
}

Test(verdict, failing_tests_are_the_verdict_with_a_rerun_failed_command)
{
    gtref_regress_info info = full_info(false, 5);
    char *md = render(gtref_write_summary_md, &info, true);
    cr_assert(strstr(md, "**Verdict: FAIL: 5 tests failed** (exit status 1)"), "%s", md);
    cr_assert(strstr(md, "| rerun the failed tests | `/abs/gtref regress --rtl bug-X --seeds 7 --out /abs/out "
                         "--rerun-failed` |"), "%s", md);
    char *xml = render(gtref_write_junit_xml, &info, true);
    cr_assert(strstr(xml, "<property name=\"verdict\" value=\"FAIL: 5 tests failed\"/>"), "%s", xml);
    cr_assert(strstr(xml, "<property name=\"rerun_failed\" value=\"/abs/gtref regress"), "%s", xml);
    cr_assert(strstr(xml, "<property name=\"seed0\" value=\"1\"/>") && strstr(xml, "<property name=\"seeds\" value=\"7\"/>"),
              "%s", xml);
    char *html = render(write_html, &info, true);
    cr_assert(strstr(html, "<p class=\"verdict fail\" id=\"verdict\">FAIL: 5 tests failed"), "%s", html);
    cr_assert(strstr(html, "--rerun-failed"), "%s", html);
    free(md);
    free(xml);
    free(html);
}

Test(verdict, buckets_end_with_the_failures_and_their_replay_commands)
{
    gtref_result rs[16];
    size_t n = sample_results(rs);
    rs[6].waived = 1; /* the ERROR: a waived bucket */
    snprintf(rs[6].waiver, sizeof rs[6].waiver, "w1");
    gtref_bucket *bs;
    size_t nb;
    cr_assert_eq(gtref_bucket_results(rs, n, &bs, &nb), 0);
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    gtref_print_buckets(f, bs, nb, rs);
    fclose(f);
    const char *last = strrchr(text, '\n');
    cr_assert(last && last[1] == '\0');
    const char *prev = last;
    while (prev > text && prev[-1] != '\n') prev--;
    cr_assert(strncmp(prev, "      replay: build/bin/gtref replay out/results/", 48) == 0, "last line: %s", prev);
    cr_assert(strstr(text, "waived by w1") < strstr(text, "failure buckets:"), "waived buckets first:\n%s", text);
    free(text);
    free(bs);
}

/* The holes named beside a run's coverage line: the model's "Holes:" list first, then the co-simulation corners whose
 * times cell is HOLE (right-aligned in its column), never a corner that was met or a model table's HOLE cell. */
Test(report, coverage_hole_names_list_model_holes_and_corner_holes)
{
    FILE *f = tmpfile();
    cr_assert(f);
    fputs("# gtref functional coverage\n\n"
          "| command                                      |     RCS0 |     VCS0 |\n"
          "|----------------------------------------------|---------:|---------:|\n"
          "| MI_NOOP                                      |       12 |     HOLE |\n"
          "\nHoles:\n  MI_NOOP on VCS0\n\n"
          "Co-simulation corners (met in the DUT's cycles; from the tests' records): timing windows\n\n"
          "| corner                                       |      times |    tests |\n"
          "|----------------------------------------------|-----------:|---------:|\n"
          "| TLB hit, client IF (GAM-7, GAM-8)            |         40 |        3 |\n"
          "| presentation cancelled by an identity clear in its cycle (IRQ-17) |       HOLE |        0 |\n"
          "\nTotal: 2 of 4 bins hit, 2 holes\n", f);
    fflush(f);
    char names[512];
    gtref_coverage_hole_names(f, names, sizeof names);
    cr_assert_str_eq(names, "MI_NOOP on VCS0; presentation cancelled by an identity clear in its cycle (IRQ-17)");
    fclose(f);

    f = tmpfile();   /* a corner-only hole (a legal variant's timing): the line must not be empty */
    fputs("\nCo-simulation corners (met in the DUT's cycles)\n\n| corner | times | tests |\n|---|---:|---:|\n"
          "| selector write refused |       HOLE |        0 |\n", f);
    fflush(f);
    gtref_coverage_hole_names(f, names, sizeof names);
    cr_assert_str_eq(names, "selector write refused");
    fclose(f);
}
