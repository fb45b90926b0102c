/* Test lists (docs/test-lists.md): parsing, includes, errors with file and line, master-seed derivation. */
#include <criterion/criterion.h>
#include <string.h>

#include "gtref/night_lists.h"

static const char *const known[] = {"malformed-pct", "w-math", "timeout", "require-coverage", NULL};

static const char *const text =
    "# lists\n"
    "list smoke\n"
    "  directed tests/directed\n"
    "  random seeds=40 engines=2 malformed-pct=30   # corners\n"
    "\n"
    "list nightly\n"
    "  rtl clean bug-X\n"
    "  include smoke\n"
    "  random seeds=2000 seed0=7 w-math=300 require-coverage\n";

Test(test_list, parses_groups_options_rtls_and_includes)
{
    gtref_test_lists ls = {0};
    char err[512] = "";
    cr_assert_eq(gtref_lists_parse(&ls, "l.txt", text, known, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ls.n, 2);
    const gtref_test_list *smoke = gtref_lists_find(&ls, "smoke");
    cr_assert_not_null(smoke);
    cr_assert_eq(smoke->nrtl, 1);
    cr_assert_str_eq(smoke->rtl[0], "clean", "a list that names no RTL runs on clean");
    cr_assert_eq(smoke->ngroups, 2);
    cr_assert_str_eq(smoke->groups[0].kind, "directed");
    cr_assert_str_eq(smoke->groups[0].directed, "tests/directed");
    cr_assert_eq(smoke->groups[0].engines, 4);
    cr_assert_eq(smoke->groups[1].seeds, 40);
    cr_assert_eq(smoke->groups[1].engines, 2);
    cr_assert_eq(smoke->groups[1].nopts, 1);
    cr_assert_str_eq(smoke->groups[1].opt[0], "--malformed-pct");
    cr_assert_str_eq(smoke->groups[1].val[0], "30");
    cr_assert_eq(smoke->groups[1].line, 4);
    const gtref_test_list *nightly = gtref_lists_find(&ls, "nightly");
    cr_assert_eq(nightly->nrtl, 2);
    cr_assert_str_eq(nightly->rtl[1], "bug-X");
    cr_assert_eq(nightly->ngroups, 3, "its own group and smoke's two");
    cr_assert_eq(nightly->groups[0].seed0, 7);
    cr_assert(nightly->groups[0].has_seed0);
    cr_assert_str_eq(nightly->groups[0].opt[1], "--require-coverage");
    cr_assert_str_eq(nightly->groups[0].val[1], "", "a flag has no value");
    cr_assert_null(gtref_lists_find(&ls, "weekly"));
    gtref_lists_free(&ls);
}

static void assert_rejected(const char *bad, const char *want)
{
    gtref_test_lists ls = {0};
    char err[1024] = "";
    cr_assert_eq(gtref_lists_parse(&ls, "l.txt", bad, known, err, sizeof err), -1, "accepted:\n%s", bad);
    cr_assert(strstr(err, want), "message '%s' lacks '%s'", err, want);
    gtref_lists_free(&ls);
}

Test(test_list, mistakes_are_reported_with_file_and_line)
{
    assert_rejected("list a\n  random seeds=5 w-mth=3\n", "l.txt:2: unknown option 'w-mth' (known: seeds, seed0, engines, malformed-pct");
    assert_rejected("list a\n  random engines=2\n", "l.txt:2: random: give seeds=N");
    assert_rejected("list a\n  random seeds=5 engines=5\n", "l.txt:2: engines=5: a whole number from 1 to 4");
    assert_rejected("list a\n  random seeds=-1\n", "l.txt:2: seeds=-1: a whole number");
    assert_rejected("list a\n  directed seeds=5\n", "l.txt:2: directed: give the folder");
    assert_rejected("  random seeds=5\n", "l.txt:1: 'random' before the first 'list NAME' line");
    assert_rejected("list a\n  ranodm seeds=5\n", "l.txt:2: unknown line 'ranodm'");
    assert_rejected("list a\n  random seeds=5\nlist a\n  random seeds=5\n", "l.txt:3: list a is already defined on line 1");
    assert_rejected("list a\n  include b\n", "l.txt:1: list a includes 'b', which no 'list' line defines");
    assert_rejected("list a\n  rtl clean\n", "l.txt:1: list a runs nothing");
    assert_rejected("list a\n  random seeds=5 timeout=\n", "l.txt:2: timeout=: no value");
    assert_rejected("list a\n  random seeds=5\nlist b\n  include a\nlist c\n  include b\n",
                    "l.txt:5: list c includes 'b', which includes others");
}

Test(test_list, master_seed_gives_each_group_its_own_far_apart_seeds)
{
    uint64_t a0 = gtref_list_seed0(42, 0), a1 = gtref_list_seed0(42, 1), b0 = gtref_list_seed0(43, 0);
    cr_assert_eq(a0, gtref_list_seed0(42, 0), "deterministic");
    cr_assert_neq(a0, a1);
    cr_assert_neq(a0, b0);
    for (size_t i = 0; i < 100; i++) {
        uint64_t s = gtref_list_seed0(20261123, i);
        cr_assert(s >= 1 && s <= (1ull << 40), "seed0 %llu in 1..2^40", (unsigned long long)s);
    }
    uint64_t d = a0 > a1 ? a0 - a1 : a1 - a0;
    cr_assert_gt(d, 50000, "groups of up to 50000 seeds do not overlap (here)");
}
