/* The mutation report of make bugs (report/mutation_report.c) on made-up records. */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtref/mutation_report.h"

/* A record of a regression on rtl: a random seed ("rand-<seed>") or a directed test (name given, seed 7). A FAIL
 * with a kind gets a mismatch whose bucket text ends in field. */
static gtref_result rec(const char *rtl, const char *directed, uint64_t seed, int status, const char *kind,
                        const char *bucket)
{
    gtref_result r;
    memset(&r, 0, sizeof r);
    r.status = (uint8_t)status;
    snprintf(r.rtl, sizeof r.rtl, "%s", rtl);
    if (directed) {
        snprintf(r.test, sizeof r.test, "%s", directed);
        r.seed = 7;
    } else {
        snprintf(r.test, sizeof r.test, "rand-%" PRIu64, seed);
        r.seed = seed;
    }
    if (kind) {
        r.has_mismatch = 1;
        snprintf(r.mm.kind, sizeof r.mm.kind, "%s", kind);
        snprintf(r.mm.bucket, sizeof r.mm.bucket, "%s", bucket);
    }
    return r;
}

static char *report(const gtref_mutation_row *bugs, size_t n, const gtref_mutation_row *clean)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert(f);
    gtref_mutation_report_write(f, bugs, n, clean);
    fclose(f);
    return buf;
}

Test(mutation_report, row_counts_checks_and_first_failing_seed)
{
    const char *b = "bug-GAM_STALE_TLB";
    gtref_result rs[] = {
        rec(b, "flush_dw", 0, GTREF_FAIL, "gam", "gam/MI_FLUSH_DW/lookup"),
        rec(b, NULL, 9, GTREF_FAIL, "gam", "gam/MI_STORE_DATA_IMM/request"),
        rec(b, NULL, 3, GTREF_PASS, NULL, NULL),
        rec(b, NULL, 5, GTREF_FAIL, "gam", "gam/MI_LOAD_REGISTER_MEM/request"),
        rec(b, NULL, 12, GTREF_CRASH, NULL, NULL),
        rec(b, NULL, 4, GTREF_UNIMPLEMENTED, NULL, NULL),
        rec(b, "batch_basic", 0, GTREF_PASS, NULL, NULL),
    };
    gtref_mutation_row row;
    gtref_mutation_row_build(&row, "ignored", rs, sizeof rs / sizeof rs[0]);
    cr_assert_str_eq(row.name, b);
    cr_assert_eq(row.tests, 7);
    cr_assert_eq(row.failed, 4, "FAIL and CRASH count as failed, PASS and UNIMPLEMENTED do not: %zu", row.failed);
    cr_assert_eq(row.mismatches, 3);
    cr_assert_eq(row.errors, 1);
    cr_assert(row.caught);
    cr_assert_eq(row.nchecks, 2);
    cr_assert_str_eq(row.checks[0].name, "gam/request", "the check failing most tests first, named kind/field");
    cr_assert_eq(row.checks[0].tests, 2);
    cr_assert_str_eq(row.checks[1].name, "gam/lookup");
    cr_assert_eq(row.checks[1].tests, 1);
    cr_assert(row.first_is_seed, "a failing seed is named before a failing directed test");
    cr_assert_eq(row.first_seed, 5, "the lowest failing seed, not the first record: %" PRIu64, row.first_seed);
    cr_assert_str_eq(row.first, "rand-5");
}

Test(mutation_report, directed_only_failures_and_ties_by_name)
{
    const char *b = "bug-SDI_QWORD_BE";
    gtref_result rs[] = {
        rec(b, "sdi_qword", 0, GTREF_FAIL, "mem-write", "mem-write/qword-write/byte-enable"),
        rec(b, "copy_mem_mem", 0, GTREF_FAIL, "reg-commit", "reg-commit/any-ring-command/RING_HEAD"),
        rec(b, NULL, 1, GTREF_PASS, NULL, NULL),
        rec(b, "noop_only", 0, GTREF_FAIL, "hang", ""),
    };
    gtref_mutation_row row;
    gtref_mutation_row_build(&row, "x", rs, sizeof rs / sizeof rs[0]);
    cr_assert_str_eq(row.first, "copy_mem_mem", "no seed failed: the first failing directed test by name");
    cr_assert_not(row.first_is_seed);
    cr_assert_eq(row.nchecks, 3);
    /* one test each: by name */
    cr_assert_str_eq(row.checks[0].name, "hang", "an empty bucket text gives the kind alone: %s", row.checks[0].name);
    cr_assert_str_eq(row.checks[1].name, "mem-write/byte-enable");
    cr_assert_str_eq(row.checks[2].name, "reg-commit/RING_HEAD");
}

Test(mutation_report, not_caught_without_a_mismatch)
{
    const char *b = "bug-LATE_IRQ";
    gtref_result rs[] = {
        rec(b, NULL, 1, GTREF_TIMEOUT, NULL, NULL),
        rec(b, NULL, 2, GTREF_FAIL, NULL, NULL), /* a FAIL without a mismatch record */
        rec(b, NULL, 3, GTREF_PASS, NULL, NULL),
    };
    gtref_mutation_row row;
    gtref_mutation_row_build(&row, "x", rs, 3);
    cr_assert_not(row.caught, "only a FAIL with a mismatch catches a bug (as --expect-fail)");
    cr_assert_eq(row.failed, 2);
    cr_assert_eq(row.nchecks, 0);
    cr_assert_str_eq(row.first, "rand-1");
}

Test(mutation_report, table_score_and_false_failures)
{
    gtref_result a[] = {
        rec("bug-A", NULL, 4, GTREF_FAIL, "mem-write", "mem-write/qword-write/byte-enable"),
        rec("bug-A", NULL, 2, GTREF_FAIL, "mem-write", "mem-write/low-dword-write/byte-enable"),
        rec("bug-A", NULL, 3, GTREF_PASS, NULL, NULL),
    };
    gtref_result b[] = {rec("bug-B", NULL, 1, GTREF_PASS, NULL, NULL), rec("bug-B", NULL, 2, GTREF_PASS, NULL, NULL)};
    gtref_result c[] = {
        rec("clean", NULL, 1, GTREF_PASS, NULL, NULL),
        rec("clean", NULL, 2, GTREF_FAIL, "retire", "retire/any-command/dw0"),
        rec("clean", NULL, 3, GTREF_PASS, NULL, NULL),
    };
    gtref_mutation_row rows[3], clean;
    gtref_mutation_row_build(&rows[0], "x", a, 3);
    gtref_mutation_row_build(&rows[1], "x", b, 2);
    gtref_mutation_row_build(&rows[2], "bug-C", NULL, 0);
    gtref_mutation_row_build(&clean, "x", c, 3);
    char *text = report(rows, 3, &clean);
    cr_assert(strstr(text, "| bug-A | yes | `mem-write/byte-enable` (2) | 2 of 3 | seed 2 | **2** | 1 |\n"), "%s", text);
    cr_assert(strstr(text, "| bug-B | **no** | - | 0 of 2 | - | **0** | 0 |\n"), "%s", text);
    cr_assert(strstr(text, "| bug-C | no records | - | 0 of 0 | - | **0** | 0 |\n"), "a folder without records names itself: %s", text);
    cr_assert(strstr(text, "score: 1 of 3 catalogued bugs caught\n"), "%s", text);
    cr_assert(strstr(text, "clean RTL: 1 false failures in 3 tests (first: seed 2, by `retire/dw0` (1))\n"), "%s", text);
    cr_assert_not(gtref_mutation_all_good(rows, 1, &clean), "a false failure on the clean RTL is not good");
    cr_assert_not(gtref_mutation_all_good(rows, 2, NULL), "an uncaught bug is not good");
    cr_assert_not(gtref_mutation_all_good(rows, 1, NULL), "a bug caught by 2 random seeds (fewer than 5) is not good");
    free(text);
}

/* The random-seed rules of issue 20 §3: catching seeds and buckets per bug, the median first catching seed. */
static gtref_result sig(gtref_result r, const char *signature)
{
    snprintf(r.mm.signature, sizeof r.mm.signature, "%s", signature);
    return r;
}

Test(mutation_report, catching_seeds_buckets_and_the_median_first_seed)
{
    gtref_result a[8], b[6];
    for (int i = 0; i < 8; i++)   /* bug-A: seeds 3..10 fail, four signatures; one directed failure too */
        a[i] = sig(rec("bug-A", i == 7 ? "sdi_qword" : NULL, (uint64_t)(i + 3), GTREF_FAIL, "gam", "gam/x/request"),
                   i % 4 == 0 ? "s0" : i % 4 == 1 ? "s1" : i % 4 == 2 ? "s2" : "s3");
    for (int i = 0; i < 6; i++)   /* bug-B: seeds 30..35 fail in one bucket, seed 36 (a CRASH) is not a catch */
        b[i] = i == 5 ? rec("bug-B", NULL, 36, GTREF_CRASH, NULL, NULL)
                      : sig(rec("bug-B", NULL, (uint64_t)(30 + i), GTREF_FAIL, "mem-write", "mem-write/x/data"), "t0");
    gtref_mutation_row rows[2];
    gtref_mutation_row_build(&rows[0], "x", a, 8);
    gtref_mutation_row_build(&rows[1], "x", b, 6);
    cr_assert_eq(rows[0].seeds, 7, "the random seeds that failed with a mismatch (not the directed test): %zu", rows[0].seeds);
    cr_assert_eq(rows[0].first_catch, 3);
    cr_assert_eq(rows[0].buckets, 4);
    cr_assert_eq(rows[1].seeds, 5, "a CRASH is not a catch: %zu", rows[1].seeds);
    cr_assert_eq(rows[1].first_catch, 30);
    cr_assert_eq(rows[1].buckets, 1);
    char *text = report(rows, 2, NULL);
    cr_assert(strstr(text, "| seed 3 | 7 | **4** |\n"), "bug-A's seeds and its buckets over 3 marked: %s", text);
    cr_assert(strstr(text, "random seeds: 0 of 2 bugs caught by fewer than 5 seeds\n"), "%s", text);
    cr_assert(strstr(text, "median first catching seed: 3 (at most 20 wanted)\n"), "the lower median of 3 and 30: %s", text);
    cr_assert(strstr(text, "buckets: 1 of 2 bugs spread over more than 3 (one root cause in at most 3 wanted): bug-A (4)\n"),
              "%s", text);
    /* the bug that spreads is named with its buckets, largest first (ties by text) */
    cr_assert(strstr(text, "  bug-A spreads over 4 buckets: `gam/x/request` (2), `gam/x/request` (2), `gam/x/request` (2), "
                           "`gam/x/request` (2)\n"), "%s", text);
    cr_assert(strstr(text, "verdict: FAIL: 1 bug over more than 3 buckets (bug-A: 4)\n"), "%s", text);
    free(text);
    cr_assert_not(gtref_mutation_all_good(rows, 2, NULL), "bug-A spreads over 4 buckets (issue 20 §3: at most 3)");
    rows[0].buckets = 3;
    cr_assert(gtref_mutation_all_good(rows, 2, NULL), "both caught by 5 or more seeds in at most 3 buckets, median first seed 3");
    text = report(rows, 2, NULL);
    cr_assert(strstr(text, "buckets: 0 of 2 bugs spread over more than 3 (one root cause in at most 3 wanted)\n"), "%s", text);
    cr_assert(strstr(text, "verdict: PASS\n"), "%s", text);
    cr_assert_null(strstr(text, "spreads over"), "%s", text);
    free(text);
    rows[0].first_catch = 25;   /* the median bug first caught after seed 20 */
    cr_assert_not(gtref_mutation_all_good(rows, 2, NULL), "a median first catching seed of 25 is not good");
    rows[0].first_catch = 3;
    rows[1].seeds = 4;
    cr_assert_not(gtref_mutation_all_good(rows, 2, NULL), "a bug caught by 4 seeds is not good");
}

Test(mutation_report, clean_without_failures)
{
    gtref_result c[] = {rec("clean", NULL, 1, GTREF_PASS, NULL, NULL), rec("clean", NULL, 2, GTREF_UNIMPLEMENTED, NULL, NULL)};
    gtref_mutation_row clean;
    gtref_mutation_row_build(&clean, "x", c, 2);
    char *text = report(NULL, 0, &clean);
    cr_assert(strstr(text, "clean RTL: 0 false failures in 2 tests\n"), "%s", text);
    cr_assert(gtref_mutation_all_good(NULL, 0, &clean));
    free(text);
}
