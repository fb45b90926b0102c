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
    cr_assert(strstr(text, "| bug-A | yes | `mem-write/byte-enable` (2) | 2 of 3 | seed 2 |\n"), "%s", text);
    cr_assert(strstr(text, "| bug-B | **no** | - | 0 of 2 | - |\n"), "%s", text);
    cr_assert(strstr(text, "| bug-C | no records | - | 0 of 0 | - |\n"), "a folder without records names itself: %s", text);
    cr_assert(strstr(text, "score: 1 of 3 catalogued bugs caught\n"), "%s", text);
    cr_assert(strstr(text, "clean RTL: 1 false failures in 3 tests (first: seed 2, by `retire/dw0` (1))\n"), "%s", text);
    cr_assert_not(gtref_mutation_all_good(rows, 1, &clean), "a false failure on the clean RTL is not good");
    cr_assert_not(gtref_mutation_all_good(rows, 2, NULL), "an uncaught bug is not good");
    cr_assert(gtref_mutation_all_good(rows, 1, NULL));
    free(text);
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
