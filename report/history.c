/* Regression history across nights (see include/gtref/history.h): the history file, and what gtref regress says
 * and writes across runs at its end (bucket trends, report.html).
 *
 * Format (tab-separated, one record per line, `#` lines are comments):
 *   run     ID SERIES WHEN RTL BUILD TOTAL PASSED FAILED WAIVED UNIMPLEMENTED COV_HIT COV_BINS
 *   bucket  ID SIGNATURE COUNT FIRST_TEST FIRST_SEED SHORTEST_TEST SHORTEST_SEED SHORTEST_CYCLES TEXT
 *   waived  ID SIGNATURE COUNT WAIVER TEXT
 * A bucket line (an unwaived failure's bucket) or waived line (the bucket of failures a waiver accepted) belongs to
 * the run line before it (same ID). Files written before waived lines existed read as runs without waived buckets. */
#define _XOPEN_SOURCE 700 /* gmtime_r, strnlen */
#include "gtref/history.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gtref/file_io.h"
#include "gtref/textfile.h"
#include "gtref/regress_report.h"

#define MAX_HISTORY_FILE (64u << 20)
#define FLEN(f) ((int)strnlen((f), sizeof(f)))

const char *gtref_trend_name(enum gtref_bucket_trend t)
{
    return t == GTREF_TREND_NEW ? "new" : t == GTREF_TREND_STILL ? "still failing" : t == GTREF_TREND_WAIVED ? "waived" : "fixed";
}

const gtref_hist_bucket *gtref_hist_run_waived(const gtref_hist_run *run, const char *signature)
{
    for (size_t k = 0; run && k < run->nwaived_buckets; k++)
        if (strcmp(run->waived_buckets[k].signature, signature) == 0) return &run->waived_buckets[k];
    return NULL;
}

enum gtref_bucket_trend gtref_bucket_trend_in(const gtref_hist_run *now, const char *signature)
{
    for (size_t k = 0; now && k < now->nbuckets; k++)
        if (strcmp(now->buckets[k].signature, signature) == 0) return GTREF_TREND_STILL;
    return gtref_hist_run_waived(now, signature) ? GTREF_TREND_WAIVED : GTREF_TREND_FIXED;
}

uint64_t gtref_history_waived_since(const gtref_history *h, const char *series, const char *signature, char when[24])
{
    uint64_t since = 0;
    for (size_t i = h->n; i-- > 0;) {
        if (strcmp(h->runs[i].series, series) != 0) continue;
        if (!gtref_hist_run_waived(&h->runs[i], signature)) break;
        since = h->runs[i].id;
        if (when) snprintf(when, 24, "%s", h->runs[i].when);
    }
    return since;
}

void gtref_hist_run_free(gtref_hist_run *run)
{
    free(run->buckets);
    free(run->waived_buckets);
    run->buckets = run->waived_buckets = NULL;
    run->nbuckets = run->nwaived_buckets = 0;
}

typedef struct hparser {
    const char *file;
    int line;
    char *err;
    size_t errsz;
} hparser;

static int herr(hparser *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gtref_vline_error(p->err, p->errsz, p->file, p->line, fmt, ap);
    va_end(ap);
    return -1;
}

static int field_u64(hparser *p, const char *name, const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (!*s || *end || errno || *s == '-') return herr(p, "%s '%s': not a whole number", name, s);
    *v = x;
    return 0;
}

static int field_str(hparser *p, const char *name, const char *s, char *dst, size_t dstsz)
{
    if (strlen(s) >= dstsz) return herr(p, "%s: longer than %zu characters", name, dstsz - 1);
    snprintf(dst, dstsz, "%s", s);
    return 0;
}

void gtref_history_free(gtref_history *h)
{
    for (size_t i = 0; i < h->n; i++) gtref_hist_run_free(&h->runs[i]);
    free(h->runs);
    memset(h, 0, sizeof *h);
}

int gtref_history_parse(gtref_history *h, const char *file, const char *text, char *err, size_t errsz)
{
    hparser p = {.file = file, .err = err, .errsz = errsz};
    char line[2048];
    for (const char *s = text; *s;) {
        p.line++;
        const char *eol = strchr(s, '\n');
        size_t len = eol ? (size_t)(eol - s) : strlen(s);
        if (len >= sizeof line) return herr(&p, "line longer than %zu characters", sizeof line - 1);
        memcpy(line, s, len);
        line[len] = '\0';
        s = eol ? eol + 1 : s + len;
        if (len == 0 || line[0] == '#') continue;
        char *f[16];
        size_t nf = 0;
        for (char *c = line;; c++) {
            if (nf == 16) return herr(&p, "too many fields");
            f[nf++] = c;
            c = strchr(c, '\t');
            if (!c) break;
            *c = '\0';
        }
        if (strcmp(f[0], "run") == 0) {
            if (nf != 13) return herr(&p, "a run line has 13 tab-separated fields, this one %zu", nf);
            if (h->n == h->cap) {
                size_t cap = h->cap ? 2 * h->cap : 16;
                gtref_hist_run *nr = realloc(h->runs, cap * sizeof *nr);
                if (!nr) return herr(&p, "out of memory");
                h->runs = nr;
                h->cap = cap;
            }
            gtref_hist_run *r = &h->runs[h->n];
            memset(r, 0, sizeof *r);
            if (field_u64(&p, "run id", f[1], &r->id) || field_str(&p, "series", f[2], r->series, sizeof r->series) ||
                field_str(&p, "time", f[3], r->when, sizeof r->when) || field_str(&p, "rtl", f[4], r->rtl, sizeof r->rtl) ||
                field_str(&p, "build", f[5], r->build, sizeof r->build) || field_u64(&p, "total", f[6], &r->total) ||
                field_u64(&p, "passed", f[7], &r->passed) || field_u64(&p, "failed", f[8], &r->failed) ||
                field_u64(&p, "waived", f[9], &r->waived) ||
                field_u64(&p, "unimplemented", f[10], &r->unimplemented) ||
                field_u64(&p, "coverage hit", f[11], &r->cov_hit) || field_u64(&p, "coverage bins", f[12], &r->cov_bins))
                return -1;
            if (r->id == 0) return herr(&p, "run id 0: runs are numbered from 1");
            if (r->passed + r->failed + r->waived > r->total) return herr(&p, "passed + failed + waived exceed total");
            h->n++;
        } else if (strcmp(f[0], "bucket") == 0) {
            if (nf != 10) return herr(&p, "a bucket line has 10 tab-separated fields, this one %zu", nf);
            if (h->n == 0) return herr(&p, "a bucket line before any run line");
            gtref_hist_run *r = &h->runs[h->n - 1];
            uint64_t id;
            if (field_u64(&p, "run id", f[1], &id)) return -1;
            if (id != r->id) return herr(&p, "bucket of run %" PRIu64 " after run %" PRIu64, id, r->id);
            gtref_hist_bucket *nb = realloc(r->buckets, (r->nbuckets + 1) * sizeof *nb);
            if (!nb) return herr(&p, "out of memory");
            r->buckets = nb;
            gtref_hist_bucket *b = &r->buckets[r->nbuckets];
            memset(b, 0, sizeof *b);
            if (field_str(&p, "signature", f[2], b->signature, sizeof b->signature) ||
                field_u64(&p, "count", f[3], &b->count) ||
                field_str(&p, "first test", f[4], b->first_test, sizeof b->first_test) ||
                field_u64(&p, "first seed", f[5], &b->first_seed) ||
                field_str(&p, "shortest test", f[6], b->shortest_test, sizeof b->shortest_test) ||
                field_u64(&p, "shortest seed", f[7], &b->shortest_seed) ||
                field_u64(&p, "shortest cycles", f[8], &b->shortest_cycles) ||
                field_str(&p, "bucket text", f[9], b->text, sizeof b->text))
                return -1;
            r->nbuckets++;
        } else if (strcmp(f[0], "waived") == 0) {
            if (nf != 6) return herr(&p, "a waived line has 6 tab-separated fields, this one %zu", nf);
            if (h->n == 0) return herr(&p, "a waived line before any run line");
            gtref_hist_run *r = &h->runs[h->n - 1];
            uint64_t id;
            if (field_u64(&p, "run id", f[1], &id)) return -1;
            if (id != r->id) return herr(&p, "waived bucket of run %" PRIu64 " after run %" PRIu64, id, r->id);
            gtref_hist_bucket *nb = realloc(r->waived_buckets, (r->nwaived_buckets + 1) * sizeof *nb);
            if (!nb) return herr(&p, "out of memory");
            r->waived_buckets = nb;
            gtref_hist_bucket *b = &r->waived_buckets[r->nwaived_buckets];
            memset(b, 0, sizeof *b);
            if (field_str(&p, "signature", f[2], b->signature, sizeof b->signature) ||
                field_u64(&p, "count", f[3], &b->count) || field_str(&p, "waiver", f[4], b->waiver, sizeof b->waiver) ||
                field_str(&p, "bucket text", f[5], b->text, sizeof b->text))
                return -1;
            r->nwaived_buckets++;
        } else {
            return herr(&p, "unknown line '%s' (a history file has run, bucket and waived lines)", f[0]);
        }
    }
    return 0;
}

int gtref_history_load(gtref_history *h, const char *path, char *err, size_t errsz)
{
    FILE *probe = fopen(path, "r");
    if (!probe) return errno == ENOENT ? 0 : (snprintf(err, errsz, "%s: %s", path, strerror(errno)), -1);
    fclose(probe);
    char *text;
    if (gtref_text_load(path, MAX_HISTORY_FILE, &text, err, errsz)) return -1;
    int rc = gtref_history_parse(h, path, text, err, errsz);
    free(text);
    return rc;
}

/* A field as written: tabs, newlines and other control characters become spaces. */
static void put_field(FILE *f, const char *s, size_t cap)
{
    for (size_t i = 0; i < cap && s[i]; i++) fputc((unsigned char)s[i] < 0x20 ? ' ' : s[i], f);
}

int gtref_history_append(const char *path, const gtref_hist_run *run, char *err, size_t errsz)
{
    uint8_t *old = NULL;
    size_t oldlen = 0;
    FILE *probe = fopen(path, "r");
    if (probe) {
        fclose(probe);
        if (gtref_file_read_all(path, MAX_HISTORY_FILE, &old, &oldlen, err, errsz)) return -1;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return free(old), snprintf(err, errsz, "%s: out of memory", path), -1;
    if (oldlen) fwrite(old, 1, oldlen, f);
    else fputs("# gtref regression history (docs/regress.md): run lines, each followed by its failure buckets\n", f);
    fprintf(f, "run\t%" PRIu64 "\t", run->id);
    put_field(f, run->series, sizeof run->series);
    fputc('\t', f);
    put_field(f, run->when, sizeof run->when);
    fputc('\t', f);
    put_field(f, run->rtl, sizeof run->rtl);
    fputc('\t', f);
    put_field(f, run->build[0] ? run->build : "-", sizeof run->build);
    fprintf(f, "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\n", run->total,
            run->passed, run->failed, run->waived, run->unimplemented, run->cov_hit, run->cov_bins);
    for (size_t i = 0; i < run->nbuckets; i++) {
        const gtref_hist_bucket *b = &run->buckets[i];
        fprintf(f, "bucket\t%" PRIu64 "\t%s\t%" PRIu64 "\t", run->id, b->signature, b->count);
        put_field(f, b->first_test, sizeof b->first_test);
        fprintf(f, "\t%" PRIu64 "\t", b->first_seed);
        put_field(f, b->shortest_test, sizeof b->shortest_test);
        fprintf(f, "\t%" PRIu64 "\t%" PRIu64 "\t", b->shortest_seed, b->shortest_cycles);
        put_field(f, b->text, sizeof b->text);
        fputc('\n', f);
    }
    for (size_t i = 0; i < run->nwaived_buckets; i++) {
        const gtref_hist_bucket *b = &run->waived_buckets[i];
        fprintf(f, "waived\t%" PRIu64 "\t%s\t%" PRIu64 "\t", run->id, b->signature, b->count);
        put_field(f, b->waiver[0] ? b->waiver : "-", sizeof b->waiver);
        fputc('\t', f);
        put_field(f, b->text, sizeof b->text);
        fputc('\n', f);
    }
    fclose(f);
    free(old);
    int rc = gtref_file_write_atomic(path, text, len, err, errsz);
    free(text);
    return rc;
}

int gtref_hist_run_from_results(gtref_hist_run *run, const char *series, const char *rtl, const gtref_result *results,
                                size_t n, uint64_t cov_hit, uint64_t cov_bins)
{
    memset(run, 0, sizeof *run);
    snprintf(run->series, sizeof run->series, "%s", series);
    snprintf(run->rtl, sizeof run->rtl, "%s", rtl);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(run->when, sizeof run->when, "%Y-%m-%dT%H:%M:%SZ", &tm);
    gtref_tally t;
    gtref_tally_results(results, n, &t);
    run->total = t.total;
    run->passed = t.passed;
    run->failed = t.failed;
    run->waived = t.waived;
    run->unimplemented = t.by_status[GTREF_UNIMPLEMENTED];
    run->cov_hit = cov_hit;
    run->cov_bins = cov_bins;
    for (size_t i = 0; i < n; i++)
        if (FLEN(results[i].build)) {
            snprintf(run->build, sizeof run->build, "%.*s", FLEN(results[i].build), results[i].build);
            break;
        }
    gtref_bucket *bs = NULL;
    size_t nb = 0;
    if (gtref_bucket_results(results, n, &bs, &nb)) return -1;
    run->buckets = calloc(nb ? nb : 1, sizeof *run->buckets);
    run->waived_buckets = calloc(nb ? nb : 1, sizeof *run->waived_buckets);
    if (!run->buckets || !run->waived_buckets) return free(bs), gtref_hist_run_free(run), -1;
    for (size_t k = 0; k < nb; k++) {
        if (bs[k].waived) { /* the waiver's name: the record's waiver text up to the first blank */
            gtref_hist_bucket *wb = &run->waived_buckets[run->nwaived_buckets++];
            snprintf(wb->signature, sizeof wb->signature, "%s", bs[k].signature);
            snprintf(wb->text, sizeof wb->text, "%s", bs[k].text);
            wb->count = bs[k].count;
            const gtref_result *first = &results[bs[k].first];
            int len = 0;
            while (len < FLEN(first->waiver) && first->waiver[len] != ' ' && first->waiver[len] != '\t') len++;
            snprintf(wb->waiver, sizeof wb->waiver, "%.*s", len, first->waiver);
            continue;
        }
        gtref_hist_bucket *hb = &run->buckets[run->nbuckets++];
        snprintf(hb->signature, sizeof hb->signature, "%s", bs[k].signature);
        snprintf(hb->text, sizeof hb->text, "%s", bs[k].text);
        hb->count = bs[k].count;
        const gtref_result *first = &results[bs[k].first];
        snprintf(hb->first_test, sizeof hb->first_test, "%.*s", FLEN(first->test), first->test);
        hb->first_seed = first->seed;
        const gtref_result *shortest = &results[bs[k].shortest];
        snprintf(hb->shortest_test, sizeof hb->shortest_test, "%.*s", FLEN(shortest->test), shortest->test);
        hb->shortest_seed = shortest->seed;
        hb->shortest_cycles = shortest->cycles;
    }
    free(bs);
    return 0;
}

const gtref_hist_run *gtref_history_last(const gtref_history *h, const char *series)
{
    for (size_t i = h->n; i-- > 0;)
        if (strcmp(h->runs[i].series, series) == 0) return &h->runs[i];
    return NULL;
}

uint64_t gtref_history_first_seen(const gtref_history *h, const char *series, const char *signature, char when[24])
{
    for (size_t i = 0; i < h->n; i++) {
        if (strcmp(h->runs[i].series, series) != 0) continue;
        for (size_t k = 0; k < h->runs[i].nbuckets; k++)
            if (strcmp(h->runs[i].buckets[k].signature, signature) == 0) {
                if (when) snprintf(when, 24, "%s", h->runs[i].when);
                return h->runs[i].id;
            }
    }
    return 0;
}

/* ---- across runs: what gtref regress says and writes at the end of a run (docs/regress.md "History") ---- */

/* An error of this part: "gtref regress: what" on stderr, as the command's own errors. */
static void across_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("gtref regress: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* out/name opened with mode, or NULL (after a message when the path does not fit). */
static FILE *across_open(char *path, size_t pathsz, const char *out, const char *name, const char *mode)
{
    int len = snprintf(path, pathsz, "%s/%s", out, name);
    if (len < 0 || (size_t)len >= pathsz) {
        across_error("path too long: %.80s...", path);
        return NULL;
    }
    return fopen(path, mode);
}

/* The buckets of this run (unwaived, then waived) against prev, on stdout and in md (may be NULL). */
static void across_buckets(FILE *md, const gtref_history *h, const char *series, const gtref_hist_run *run,
                           const gtref_hist_run *prev)
{
    for (size_t k = 0; k < run->nbuckets; k++) {
        const gtref_hist_bucket *b = &run->buckets[k];
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
    for (size_t k = 0; k < run->nwaived_buckets; k++) {
        const gtref_hist_bucket *wb = &run->waived_buckets[k];
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
}

/* The previous run's buckets no test fails with any more: fixed (a bucket now waived is listed above). */
static void across_fixed(FILE *md, const gtref_hist_run *run, const gtref_hist_run *prev)
{
    for (size_t j = 0; j < prev->nbuckets; j++) {
        const gtref_hist_bucket *pb = &prev->buckets[j];
        if (gtref_bucket_trend_in(run, pb->signature) != GTREF_TREND_FIXED) continue;
        printf("  %-13s %s  (%" PRIu64 " tests in run %" PRIu64 ")  %s\n", "fixed", pb->signature, pb->count, prev->id,
               pb->text);
        if (md) {
            fputs("| ", md);
            gtref_fputs_md_code(md, pb->text);
            fprintf(md, " | `%s` | 0 (%" PRIu64 " before) | fixed | | |\n", pb->signature, pb->count);
        }
    }
}

/* The trends against prev (NULL: the first run of the series) on stdout and at the end of out/summary.md. */
static void across_trends(const char *out, const char *history_path, const gtref_history *h, const char *series,
                          const gtref_hist_run *run, const gtref_hist_run *prev)
{
    char path[4096];
    FILE *md = across_open(path, sizeof path, out, "summary.md", "a");
    if (md) fprintf(md, "\n## Across runs (history %s, series %s, run %" PRIu64 ")\n\n", history_path, series, run->id);
    if (!prev) {
        printf("history: first run of series %s in %s\n", series, history_path);
        if (md) fputs("First run of this series.\n", md);
    } else {
        printf("history: against run %" PRIu64 " of %s (%" PRIu64 " passed, %" PRIu64 " failed):\n", prev->id, prev->when,
               prev->passed, prev->failed);
        if (md) fprintf(md, "Against run %" PRIu64 " of %s: %" PRIu64 " passed, %" PRIu64 " failed.\n\n"
                            "| bucket | signature | tests | trend | first seen | shortest failing test |\n|---|---|---|---|---|---|\n",
                        prev->id, prev->when, prev->passed, prev->failed);
        across_buckets(md, h, series, run, prev);
        across_fixed(md, run, prev);
    }
    if (md) fclose(md);
}

int gtref_history_across_runs(const char *out, const char *history_path, gtref_history *h,
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
        return across_error("out of memory"), -1;
    uint64_t max_id = 0;
    for (size_t i = 0; i < h->n; i++) if (h->runs[i].id > max_id) max_id = h->runs[i].id;
    run.id = max_id + 1;
    const gtref_hist_run *prev = gtref_history_last(h, series);
    across_trends(out, history_path, h, series, &run, prev);

    int rc = 0;
    char err[1024];
    if (gtref_history_append(history_path, &run, err, sizeof err)) across_error("%s", err), rc = -1;
    /* the report's chart includes this run: add it to h (which then owns its buckets) */
    gtref_hist_run prev_copy, *prev_p = NULL;
    if (prev) prev_copy = *prev, prev_p = &prev_copy;
    if (h->n == h->cap) {
        size_t cap = h->cap ? 2 * h->cap : 16;
        gtref_hist_run *nr = realloc(h->runs, cap * sizeof *nr);
        if (!nr) return gtref_hist_run_free(&run), across_error("out of memory"), -1;
        h->runs = nr;
        h->cap = cap;
    }
    h->runs[h->n++] = run;
    char path[4096];
    FILE *html = across_open(path, sizeof path, out, "report.html", "w");
    if (!html || gtref_write_html(html, info, results, n, h, series, prev_p, hit, cov_bins) || fclose(html))
        across_error("cannot write %s", path), rc = -1;
    else
        printf("report: %s\n", path);
    return rc;
}
