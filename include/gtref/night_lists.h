/* Test lists: named sets of what a night runs (tests/lists.txt; format in docs/test-lists.md).
 *
 *   list nightly
 *     rtl clean
 *     directed tests/directed
 *     random seeds=2000 engines=4
 *     random seeds=300 engines=2 malformed-pct=30
 *
 * A list is a set of groups (a `directed DIR` or a `random seeds=N` line, each with regress options) run on
 * each of its RTL builds. `include NAME` takes another list's groups (and its RTL builds when the list names
 * none). A group becomes one `gtref regress` run. */
#ifndef GTREF_NIGHT_LISTS_H
#define GTREF_NIGHT_LISTS_H
#include <stddef.h>
#include <stdint.h>

#define GTREF_LIST_MAX_OPTS 24
#define GTREF_LIST_MAX_RTLS 16

typedef struct gtref_list_group {
    char kind[12];               /* "directed" or "random" */
    char directed[256];          /* directed: the folder of .gts files */
    uint64_t seeds;              /* random: how many seeds */
    int has_seed0;
    uint64_t seed0;              /* random: first seed when given; otherwise derived from the master seed */
    unsigned engines;            /* simulator engine count (default 4) */
    /* further regress options, as "--name" and "value" ("" for a flag) */
    char opt[GTREF_LIST_MAX_OPTS][32];
    char val[GTREF_LIST_MAX_OPTS][32];
    size_t nopts;
    char file[256];
    int line;
} gtref_list_group;

typedef struct gtref_test_list {
    char name[64];
    char rtl[GTREF_LIST_MAX_RTLS][64];
    size_t nrtl;
    gtref_list_group *groups;
    size_t ngroups, cap;
    char includes[8][64];       /* resolved by gtref_lists_parse */
    size_t nincludes;
    int line;
} gtref_test_list;

typedef struct gtref_test_lists {
    gtref_test_list *lists;
    size_t n, cap;
} gtref_test_lists;

/* Parse a test-list file's text (file names it in messages). 0, or -1 with "file:line: what" in err.
 * Checks every key and option against known_opts (NULL-terminated list of regress option names without the
 * leading dashes) so that a typo is caught before a night starts. */
int gtref_lists_parse(gtref_test_lists *ls, const char *file, const char *text, const char *const *known_opts,
                      char *err, size_t errsz);
int gtref_lists_load(gtref_test_lists *ls, const char *path, const char *const *known_opts, char *err, size_t errsz);
const gtref_test_list *gtref_lists_find(const gtref_test_lists *ls, const char *name);
void gtref_lists_free(gtref_test_lists *ls);

/* The first seed of random group `index` of a night with master seed `master` (1 .. 2^40): deterministic,
 * and different groups get far-apart seeds. */
uint64_t gtref_list_seed0(uint64_t master, size_t index);
#endif
