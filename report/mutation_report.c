/* The mutation report (see mutation_report.h). */
#include "gtref/mutation_report.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static bool is_failure(const gtref_result *r)
{
    return r->status == GTREF_FAIL || r->status == GTREF_ERROR || r->status == GTREF_CRASH ||
           r->status == GTREF_TIMEOUT;
}

/* "rand-17" with seed 17: a random seed of the regression (directed tests have other names). */
static bool is_random_seed(const gtref_result *r)
{
    char want[40];
    snprintf(want, sizeof want, "rand-%" PRIu64, r->seed);
    return strcmp(r->test, want) == 0;
}

static void check_name(const gtref_result *r, char *dst, size_t dstsz)
{
    const char *field = strrchr(r->mm.bucket, '/');
    if (field && field[1])
        snprintf(dst, dstsz, "%s/%s", r->mm.kind, field + 1);
    else
        snprintf(dst, dstsz, "%s", r->mm.kind[0] ? r->mm.kind : "(no kind)");
}

void gtref_mutation_row_build(gtref_mutation_row *row, const char *name, const gtref_result *results, size_t n)
{
    memset(row, 0, sizeof *row);
    snprintf(row->name, sizeof row->name, "%s", n && results[0].rtl[0] ? results[0].rtl : name);
    row->tests = n;
    gtref_mutation_check *all = n ? calloc(n, sizeof *all) : NULL;
    const char **sigs = n ? calloc(n, sizeof *sigs) : NULL;
    gtref_mutation_bucket *bk = n ? calloc(n, sizeof *bk) : NULL;   /* per signature: its text and tests */
    size_t nall = 0;
    for (size_t i = 0; i < n; i++) {
        const gtref_result *r = &results[i];
        if (!is_failure(r)) continue;
        row->failed++;
        if (r->status != GTREF_FAIL) row->errors++;
        if (r->status == GTREF_FAIL && r->has_mismatch) {
            row->mismatches++;
            char c[sizeof all->name];
            check_name(r, c, sizeof c);
            size_t k = 0;
            while (k < nall && strcmp(all[k].name, c) != 0) k++;
            if (all && k == nall) snprintf(all[nall++].name, sizeof all->name, "%s", c);
            if (all) all[k].tests++;
            size_t j = 0;
            while (sigs && j < row->buckets && strcmp(sigs[j], r->mm.signature) != 0) j++;
            if (sigs && bk && j == row->buckets) {
                snprintf(bk[j].text, sizeof bk[j].text, "%s", r->mm.bucket[0] ? r->mm.bucket : r->mm.signature);
                sigs[row->buckets++] = r->mm.signature;
            }
            if (bk) bk[j].tests++;
            if (is_random_seed(r)) {
                if (!row->seeds || r->seed < row->first_catch) row->first_catch = r->seed;
                row->seeds++;
            }
        }
        /* the first failing test: the lowest seed, else the first directed test by name */
        bool seed = is_random_seed(r);
        bool better = !row->first[0] || (seed && !row->first_is_seed) ||
                      (seed && row->first_is_seed && r->seed < row->first_seed) ||
                      (!seed && !row->first_is_seed && strcmp(r->test, row->first) < 0);
        if (better) {
            snprintf(row->first, sizeof row->first, "%s", r->test);
            row->first_is_seed = seed;
            row->first_seed = r->seed;
        }
    }
    row->caught = row->mismatches > 0;
    row->nchecks = nall;
    /* most failing tests first, ties by name: the same records always give the same table */
    for (size_t a = 0; a < nall; a++)
        for (size_t b = a + 1; b < nall; b++)
            if (all[b].tests > all[a].tests || (all[b].tests == all[a].tests && strcmp(all[b].name, all[a].name) < 0)) {
                gtref_mutation_check t = all[a];
                all[a] = all[b];
                all[b] = t;
            }
    for (size_t k = 0; k < nall && k < GTREF_MUTATION_CHECKS; k++) row->checks[k] = all[k];
    for (size_t a = 0; a < row->buckets; a++)   /* the same order for the buckets */
        for (size_t b = a + 1; b < row->buckets; b++)
            if (bk[b].tests > bk[a].tests || (bk[b].tests == bk[a].tests && strcmp(bk[b].text, bk[a].text) < 0)) {
                gtref_mutation_bucket t = bk[a];
                bk[a] = bk[b];
                bk[b] = t;
            }
    for (size_t k = 0; k < row->buckets && k < GTREF_MUTATION_BUCKETS; k++) row->bucket[k] = bk[k];
    free(all);
    free(sigs);
    free(bk);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The median first catching seed of the bugs (a bug no seed catches counts as past every seed: UINT64_MAX);
 * false when there are no bugs. */
static bool median_first(const gtref_mutation_row *bugs, size_t nbugs, uint64_t *median)
{
    if (!nbugs) return false;
    uint64_t *v = malloc(nbugs * sizeof *v);
    if (!v) return false;
    for (size_t i = 0; i < nbugs; i++) v[i] = bugs[i].seeds ? bugs[i].first_catch : UINT64_MAX;
    qsort(v, nbugs, sizeof *v, cmp_u64);
    *median = v[(nbugs - 1) / 2];   /* the lower median: half the bugs are caught by this seed or earlier */
    free(v);
    return true;
}

static void write_checks(FILE *f, const gtref_mutation_row *row)
{
    if (!row->nchecks) {
        fputs("-", f);
        return;
    }
    for (size_t k = 0; k < row->nchecks && k < GTREF_MUTATION_CHECKS; k++)
        fprintf(f, "%s`%s` (%zu)", k ? ", " : "", row->checks[k].name, row->checks[k].tests);
    if (row->nchecks > GTREF_MUTATION_CHECKS) fprintf(f, ", %zu more", row->nchecks - GTREF_MUTATION_CHECKS);
}

static void write_first(FILE *f, const gtref_mutation_row *row)
{
    if (!row->first[0]) fputs("-", f);
    else if (row->first_is_seed) fprintf(f, "seed %" PRIu64, row->first_seed);
    else fprintf(f, "%s", row->first);
}

void gtref_mutation_report_write(FILE *f, const gtref_mutation_row *bugs, size_t nbugs, const gtref_mutation_row *clean)
{
    fputs("| bug | caught | by check (failing tests) | failed | first failing | catching seeds | buckets |\n", f);
    fputs("|---|---|---|---|---|---|---|\n", f);
    size_t caught = 0;
    for (size_t i = 0; i < nbugs; i++) {
        const gtref_mutation_row *b = &bugs[i];
        caught += b->caught;
        fprintf(f, "| %s | %s | ", b->name,
                b->tests == 0 ? "no records" : b->caught ? "yes" : "**no**");
        write_checks(f, b);
        fprintf(f, " | %zu of %zu", b->failed, b->tests);
        if (b->errors) fprintf(f, " (%zu ERROR/CRASH/TIMEOUT)", b->errors);
        fputs(" | ", f);
        write_first(f, b);
        fprintf(f, " | %s%zu%s | %s%zu%s |\n", b->seeds < GTREF_MUTATION_MIN_SEEDS ? "**" : "", b->seeds,
                b->seeds < GTREF_MUTATION_MIN_SEEDS ? "**" : "", b->buckets > GTREF_MUTATION_MAX_BUCKETS ? "**" : "",
                b->buckets, b->buckets > GTREF_MUTATION_MAX_BUCKETS ? "**" : "");
    }
    fprintf(f, "\nscore: %zu of %zu catalogued bugs caught\n", caught, nbugs);
    size_t few = 0, spread = 0;
    for (size_t i = 0; i < nbugs; i++) {
        few += bugs[i].seeds < GTREF_MUTATION_MIN_SEEDS;
        spread += bugs[i].buckets > GTREF_MUTATION_MAX_BUCKETS;
    }
    fprintf(f, "random seeds: %zu of %zu bugs caught by fewer than %d seeds", few, nbugs, GTREF_MUTATION_MIN_SEEDS);
    for (size_t i = 0, k = 0; i < nbugs; i++)
        if (bugs[i].seeds < GTREF_MUTATION_MIN_SEEDS) fprintf(f, "%s%s (%zu)", k++ ? ", " : ": ", bugs[i].name, bugs[i].seeds);
    fputs("\n", f);
    uint64_t med;
    if (median_first(bugs, nbugs, &med)) {
        if (med == UINT64_MAX) fprintf(f, "median first catching seed: none (at most %d wanted)\n", GTREF_MUTATION_MEDIAN_FIRST);
        else fprintf(f, "median first catching seed: %" PRIu64 " (at most %d wanted)\n", med, GTREF_MUTATION_MEDIAN_FIRST);
    }
    fprintf(f, "buckets: %zu of %zu bugs spread over more than %d (one root cause in at most %d wanted)", spread, nbugs,
            GTREF_MUTATION_MAX_BUCKETS, GTREF_MUTATION_MAX_BUCKETS);
    for (size_t i = 0, k = 0; i < nbugs; i++)
        if (bugs[i].buckets > GTREF_MUTATION_MAX_BUCKETS) fprintf(f, "%s%s (%zu)", k++ ? ", " : ": ", bugs[i].name, bugs[i].buckets);
    fputs("\n", f);
    for (size_t i = 0; i < nbugs; i++) {   /* each spreading bug with its buckets, largest first */
        const gtref_mutation_row *b = &bugs[i];
        if (b->buckets <= GTREF_MUTATION_MAX_BUCKETS) continue;
        fprintf(f, "  %s spreads over %zu buckets:", b->name, b->buckets);
        for (size_t k = 0; k < b->buckets && k < GTREF_MUTATION_BUCKETS; k++)
            fprintf(f, "%s `%s` (%zu)", k ? "," : "", b->bucket[k].text, b->bucket[k].tests);
        if (b->buckets > GTREF_MUTATION_BUCKETS) fprintf(f, ", %zu more", b->buckets - GTREF_MUTATION_BUCKETS);
        fputs("\n", f);
    }
    if (clean) {
        if (clean->tests == 0)
            fprintf(f, "clean RTL: no records (its false failures are unknown)\n");
        else {
            fprintf(f, "clean RTL: %zu false failures in %zu tests", clean->failed, clean->tests);
            if (clean->failed) {
                fputs(" (first: ", f);
                write_first(f, clean);
                fputs(", by ", f);
                write_checks(f, clean);
                fputs(")", f);
            }
            fputs("\n", f);
        }
    }
    /* the verdict: what decides the exit status of gtref mutation-report */
    size_t missed = 0;
    for (size_t i = 0; i < nbugs; i++) missed += !bugs[i].caught;
    bool late = median_first(bugs, nbugs, &med) && med > GTREF_MUTATION_MEDIAN_FIRST;
    bool dirty = clean && !(clean->tests > 0 && clean->failed == 0);
    if (!missed && !few && !spread && !late && !dirty) {
        fputs("verdict: PASS\n", f);
        return;
    }
    fputs("verdict: FAIL:", f);
    const char *sep = " ";
    if (missed) fprintf(f, "%s%zu bug%s not caught", sep, missed, missed == 1 ? "" : "s"), sep = "; ";
    if (few) fprintf(f, "%s%zu bug%s caught by fewer than %d random seeds", sep, few, few == 1 ? "" : "s", GTREF_MUTATION_MIN_SEEDS), sep = "; ";
    if (late) fprintf(f, "%smedian first catching seed past %d", sep, GTREF_MUTATION_MEDIAN_FIRST), sep = "; ";
    if (spread) {
        fprintf(f, "%s%zu bug%s over more than %d buckets (", sep, spread, spread == 1 ? "" : "s", GTREF_MUTATION_MAX_BUCKETS);
        for (size_t i = 0, k = 0; i < nbugs; i++)
            if (bugs[i].buckets > GTREF_MUTATION_MAX_BUCKETS) fprintf(f, "%s%s: %zu", k++ ? ", " : "", bugs[i].name, bugs[i].buckets);
        fputs(")", f), sep = "; ";
    }
    if (dirty) fprintf(f, "%sthe clean RTL %s", sep, clean->tests ? "failed" : "has no records");
    fputs("\n", f);
}

bool gtref_mutation_all_good(const gtref_mutation_row *bugs, size_t nbugs, const gtref_mutation_row *clean)
{
    for (size_t i = 0; i < nbugs; i++)
        if (!bugs[i].caught || bugs[i].seeds < GTREF_MUTATION_MIN_SEEDS || bugs[i].buckets > GTREF_MUTATION_MAX_BUCKETS)
            return false;
    uint64_t med;
    if (median_first(bugs, nbugs, &med) && med > GTREF_MUTATION_MEDIAN_FIRST) return false;
    return !clean || (clean->tests > 0 && clean->failed == 0);
}
