/* Reports of `gtref regress` (see regress_report.h): pure functions of the result records. */
#include "gtref/regress_report.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TESTS_LISTED_PER_BUCKET 10

/* Fixed-size record fields may lack their terminator: always print them with a bound. */
#define FIELD_LEN(field) ((int)strnlen((field), sizeof(field)))

void gtref_tally_results(const gtref_result *results, size_t n, gtref_tally *t)
{
    memset(t, 0, sizeof *t);
    for (size_t i = 0; i < n; i++) {
        const gtref_result *r = &results[i];
        t->total++;
        if (r->status != GTREF_PASS && r->waived) { /* counted apart: neither a pass nor a failure */
            t->waived++;
        } else {
            if (r->status < GTREF_NSTATUS) t->by_status[r->status]++;
            if (r->status == GTREF_PASS) t->passed++;
            else t->failed++;
            if (r->status == GTREF_FAIL && r->has_mismatch) t->mismatches++;
        }
        t->cycles += r->cycles;
        t->retired += r->retired;
        t->test_wall_s += r->wall_s;
    }
}

bool gtref_expect_fail_met(const gtref_tally *t)
{
    return t->mismatches > 0 && t->by_status[GTREF_ERROR] == 0 && t->by_status[GTREF_CRASH] == 0 &&
           t->by_status[GTREF_TIMEOUT] == 0 && t->total == t->passed + t->waived + t->by_status[GTREF_FAIL];
}

/* ---- the verdict ---- */

void gtref_regress_verdict(const gtref_tally *t, bool expect_fail, bool require_coverage, bool coverage_measured,
                           size_t holes, gtref_verdict *v)
{
    memset(v, 0, sizeof *v);
    if (expect_fail) {
        size_t broken = t->by_status[GTREF_ERROR] + t->by_status[GTREF_CRASH] + t->by_status[GTREF_TIMEOUT];
        if (gtref_expect_fail_met(t))
            snprintf(v->text, sizeof v->text, "PASS: the bug was caught (%zu test%s failed with a mismatch; --expect-fail)",
                     t->mismatches, t->mismatches == 1 ? "" : "s");
        else if (broken)
            snprintf(v->text, sizeof v->text, "FAIL: %zu test%s ended in ERROR, CRASH or TIMEOUT (--expect-fail: a bug "
                     "must be caught by mismatches alone)", broken, broken == 1 ? "" : "s");
        else
            snprintf(v->text, sizeof v->text, "FAIL: the bug was not caught: no test failed with a mismatch (--expect-fail)");
        v->exit_code = gtref_expect_fail_met(t) ? 0 : 1;
        return;
    }
    bool cov_fail = coverage_measured && require_coverage && holes > 0;
    v->coverage_failed = cov_fail;
    v->exit_code = t->failed || cov_fail ? 1 : 0;
    size_t n = 0;
#define ADD(...) do { int k_ = snprintf(v->text + n, sizeof v->text - n, __VA_ARGS__); \
                      if (k_ > 0) n = n + (size_t)k_ < sizeof v->text ? n + (size_t)k_ : sizeof v->text - 1; } while (0)
    ADD("%s", v->exit_code ? "FAIL: " : "PASS");
    if (t->failed) ADD("%zu test%s failed", t->failed, t->failed == 1 ? "" : "s");
    if (cov_fail) ADD("%s%zu coverage hole%s (--require-coverage)", t->failed ? "; " : "", holes, holes == 1 ? "" : "s");
    if (!v->exit_code && coverage_measured && holes)
        ADD(" (%zu coverage hole%s, reported, not required: --require-coverage fails on them)", holes,
            holes == 1 ? "" : "s");
#undef ADD
}

const char *gtref_verdict_word(const gtref_verdict *v)
{
    return v->exit_code == 0 ? "PASS" : "FAIL";
}

/* ---- buckets ---- */

static void lowercase_status(char *dst, size_t dstsz, int status)
{
    const char *s = gtref_status_name(status);
    size_t i = 0;
    for (; s[i] && i + 1 < dstsz; i++) dst[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);
    if (dstsz) dst[i] = '\0';
}

bool gtref_result_bucket(const gtref_result *r, gtref_bucket *b)
{
    memset(b, 0, sizeof *b);
    if (r->status == GTREF_PASS) return false;
    b->status = r->status;
    b->waived = r->waived ? 1 : 0;
    gtref_mismatch key;
    memset(&key, 0, sizeof key);
    if ((r->status == GTREF_FAIL || r->status == GTREF_UNIMPLEMENTED) && r->has_mismatch) {
        const gtref_mismatch *m = &r->mm;
        if (FIELD_LEN(m->bucket))
            snprintf(key.bucket, sizeof key.bucket, "%.*s", FIELD_LEN(m->bucket), m->bucket);
        else /* a simulator that left the bucket text out: the coarsest key that still says something */
            snprintf(key.bucket, sizeof key.bucket, "%.*s/%.*s", FIELD_LEN(m->kind), m->kind, FIELD_LEN(m->engine),
                     m->engine);
        if (FIELD_LEN(m->signature)) snprintf(key.signature, sizeof key.signature, "%.*s", FIELD_LEN(m->signature), m->signature);
        else gtref_mismatch_sign(&key);
    } else {
        lowercase_status(key.bucket, sizeof key.bucket, r->status);
        gtref_mismatch_sign(&key);
    }
    snprintf(b->signature, sizeof b->signature, "%s", key.signature);
    snprintf(b->text, sizeof b->text, "%s", key.bucket);
    return true;
}

static int by_count_then_first(const void *a, const void *b)
{
    const gtref_bucket *x = a, *y = b;
    if (x->count != y->count) return x->count > y->count ? -1 : 1;
    return x->first < y->first ? -1 : x->first > y->first;
}

static bool same_bucket(const gtref_bucket *a, const gtref_bucket *b)
{
    return a->status == b->status && a->waived == b->waived && strcmp(a->signature, b->signature) == 0;
}

int gtref_bucket_results(const gtref_result *results, size_t n, gtref_bucket **buckets, size_t *nbuckets)
{
    gtref_bucket *bs = malloc(sizeof *bs * (n ? n : 1));
    if (!bs) return -1;
    size_t nb = 0;
    for (size_t i = 0; i < n; i++) {
        gtref_bucket key;
        if (!gtref_result_bucket(&results[i], &key)) continue;
        size_t j = 0;
        while (j < nb && !same_bucket(&bs[j], &key)) j++;
        if (j == nb) {
            key.first = key.shortest = i;
            bs[nb++] = key;
        }
        bs[j].count++;
        if (results[i].cycles < results[bs[j].shortest].cycles) bs[j].shortest = i;
    }
    qsort(bs, nb, sizeof *bs, by_count_then_first);
    *buckets = bs;
    *nbuckets = nb;
    return 0;
}

void gtref_result_headline(const gtref_result *r, char *buf, size_t bufsz)
{
    if ((r->status == GTREF_FAIL || r->status == GTREF_UNIMPLEMENTED) && r->has_mismatch) {
        const gtref_mismatch *m = &r->mm;
        snprintf(buf, bufsz, "%.*s on %.*s at cycle %" PRIu64 ": expected %.*s, actual %.*s", FIELD_LEN(m->kind),
                 m->kind, FIELD_LEN(m->engine), m->engine, m->cycle, FIELD_LEN(m->expected), m->expected,
                 FIELD_LEN(m->actual), m->actual);
    } else if (r->status == GTREF_PASS) {
        snprintf(buf, bufsz, "passed");
    } else if (FIELD_LEN(r->error)) {
        snprintf(buf, bufsz, "%s: %.*s", gtref_status_name(r->status), FIELD_LEN(r->error), r->error);
    } else {
        snprintf(buf, bufsz, "%s", gtref_status_name(r->status));
    }
}

/* ---- escaping ---- */

void gtref_fputs_xml(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        case '\t': fputs("&#9;", f); break;
        case '\n': fputs("&#10;", f); break;
        case '\r': fputs("&#13;", f); break;
        default:
            if (c < 0x20 || c == 0x7f) fputs("&#xFFFD;", f); /* not allowed in XML 1.0, even as a reference */
            else fputc(c, f);
        }
    }
}

void gtref_fputs_md(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '\n' || *s == '\r') {
            fputc(' ', f);
            continue;
        }
        if (strchr("\\`*_[]<>|#", *s)) fputc('\\', f);
        fputc(*s, f);
    }
}

void gtref_fputs_md_code(FILE *f, const char *s)
{
    /* A code span ends at a run of backticks as long as its fence: make the fence one longer than the
     * longest run inside. In a table cell | must still be escaped, even inside a code span (GFM). */
    size_t longest = 0, run = 0;
    for (const char *p = s; *p; p++) {
        run = *p == '`' ? run + 1 : 0;
        if (run > longest) longest = run;
    }
    bool pad = longest > 0 || s[0] == ' ';
    for (size_t i = 0; i <= longest; i++) fputc('`', f);
    if (pad) fputc(' ', f);
    for (const char *p = s; *p; p++) {
        if (*p == '|') fputs("\\|", f);
        else fputc(*p == '\n' || *p == '\r' ? ' ' : *p, f);
    }
    if (pad) fputc(' ', f);
    for (size_t i = 0; i <= longest; i++) fputc('`', f);
}

static bool shell_safe(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("_./:=,@%+-", c);
}

size_t gtref_shell_quote(char *dst, size_t dstsz, const char *s)
{
    bool safe = *s != '\0';
    for (const char *p = s; *p; p++) safe = safe && shell_safe(*p);
    size_t n = 0;
#define EMIT(c) do { if (n + 1 < dstsz) dst[n] = (c); n++; } while (0)
    if (safe) {
        for (const char *p = s; *p; p++) EMIT(*p);
    } else {
        EMIT('\'');
        for (const char *p = s; *p; p++) {
            if (*p == '\'') { EMIT('\''); EMIT('\\'); EMIT('\''); EMIT('\''); }
            else EMIT(*p);
        }
        EMIT('\'');
    }
#undef EMIT
    if (dstsz) dst[n < dstsz ? n : dstsz - 1] = '\0';
    return n;
}

/* ---- progress ---- */

static void format_duration(char *buf, size_t bufsz, double s)
{
    if (s < 0) s = 0;
    unsigned long t = (unsigned long)(s + 0.5);
    if (t < 60) snprintf(buf, bufsz, "%lus", t);
    else if (t < 3600) snprintf(buf, bufsz, "%lum%02lus", t / 60, t % 60);
    else snprintf(buf, bufsz, "%luh%02lum", t / 3600, t / 60 % 60);
}

void gtref_progress_format(char *buf, size_t bufsz, size_t done, size_t total, size_t passed, size_t failed,
                           size_t waived, double elapsed_s)
{
    char eta[32] = "?";
    double rate = elapsed_s > 0 ? (double)done / elapsed_s : 0.0;
    if (done >= total) format_duration(eta, sizeof eta, 0);
    else if (done > 0 && rate > 0) format_duration(eta, sizeof eta, (double)(total - done) / rate);
    int width = snprintf(NULL, 0, "%zu", total);
    unsigned pct = total ? (unsigned)(done * 100 / total) : 100;
    char w[40] = "";
    if (waived) snprintf(w, sizeof w, ", %zu waived", waived);
    snprintf(buf, bufsz, "[%*zu/%zu %3u%%] %zu passed, %zu failed%s | %.1f tests/s | eta %s", width, done, total, pct,
             passed, failed, w, rate, eta);
}

bool gtref_progress_due(bool tty, size_t done, size_t total, size_t last_done, double now_s, double last_s)
{
    if (tty) return done != last_done || now_s - last_s >= 1.0;
    if (done == total) return last_done != total;
    if (total && done * 10 / total > last_done * 10 / total) return true;
    return now_s - last_s >= 10.0;
}

/* ---- summary.md ---- */

static void md_test_list(FILE *f, const gtref_bucket *b, const gtref_result *results, size_t n)
{
    size_t listed = 0;
    for (size_t i = b->first; i < n && listed < MAX_TESTS_LISTED_PER_BUCKET; i++) {
        gtref_bucket key;
        if (!gtref_result_bucket(&results[i], &key) || !same_bucket(&key, b)) continue;
        fputs(listed ? ", " : "", f);
        gtref_fputs_md(f, results[i].test);
        listed++;
    }
    if (b->count > listed) fprintf(f, " and %zu more", b->count - listed);
}

int gtref_write_summary_md(FILE *f, const gtref_regress_info *info, const gtref_result *results, size_t n)
{
    gtref_tally t;
    gtref_tally_results(results, n, &t);
    gtref_bucket *buckets = NULL;
    size_t nbuckets = 0;
    if (gtref_bucket_results(results, n, &buckets, &nbuckets)) return -1;
    char line[1024];

    fputs("# gtref regression: ", f);
    gtref_fputs_md(f, info->rtl);
    fputs("\n\n", f);
    if (info->verdict) {
        fputs("**Verdict: ", f);
        gtref_fputs_md(f, info->verdict->text);
        fprintf(f, "** (exit status %d)\n\n", info->verdict->exit_code);
    }
    fputs("| | |\n|---|---|\n", f);
    gtref_fact facts[GTREF_MAX_FACTS];
    gtref_write_facts(f, GTREF_FACT_MD, facts, gtref_run_facts(info, &t, 0, 0, facts));
    fputc('\n', f);
    fprintf(f, "**%zu passed, %zu failed, %zu waived** (FAIL %zu, ERROR %zu, CRASH %zu, TIMEOUT %zu, UNIMPLEMENTED %zu)\n\n",
            t.passed, t.failed, t.waived, t.by_status[GTREF_FAIL], t.by_status[GTREF_ERROR], t.by_status[GTREF_CRASH],
            t.by_status[GTREF_TIMEOUT], t.by_status[GTREF_UNIMPLEMENTED]);

    size_t nwaived_buckets = 0;
    for (size_t i = 0; i < nbuckets; i++) nwaived_buckets += buckets[i].waived;
    if (nbuckets > nwaived_buckets) {
        fprintf(f, "## Failure buckets (%zu)\n", nbuckets - nwaived_buckets);
        for (size_t i = 0, k = 0; i < nbuckets; i++) {
            const gtref_bucket *b = &buckets[i];
            if (b->waived) continue;
            k++;
            const gtref_result *first = &results[b->first];
            fprintf(f, "\n### %zu. `%s`: %zu test%s, %s\n\n", k, b->signature, b->count, b->count == 1 ? "" : "s",
                    gtref_status_name(b->status));
            fputs("- bucket: ", f);
            gtref_fputs_md_code(f, b->text);
            fputs("\n- first failing test: ", f);
            gtref_fputs_md(f, first->test);
            fprintf(f, " (seed %" PRIu64 "): ", first->seed);
            gtref_result_headline(first, line, sizeof line);
            gtref_fputs_md(f, line);
            fputs("\n- replay: ", f);
            gtref_fputs_md_code(f, first->replay);
            fputs("\n- tests: ", f);
            md_test_list(f, b, results, n);
            fputc('\n', f);
        }
        fputs("\n## Failing tests\n\n| test | status | seed | signature | what | log |\n|---|---|---|---|---|---|\n", f);
        for (size_t i = 0; i < n; i++) {
            const gtref_result *r = &results[i];
            gtref_bucket key;
            if (!gtref_result_bucket(r, &key) || key.waived) continue;
            fputs("| ", f);
            gtref_fputs_md(f, r->test);
            fprintf(f, " | %s | %" PRIu64 " | `%s` | ", gtref_status_name(r->status), r->seed, key.signature);
            gtref_result_headline(r, line, sizeof line);
            gtref_fputs_md(f, line);
            snprintf(line, sizeof line, "%s/logs/%.*s.log", info->out_dir, FIELD_LEN(r->test), r->test);
            fputs(" | ", f);
            gtref_fputs_md_code(f, line);
            fputs(" |\n", f);
        }
    } else if (info->verdict && info->verdict->exit_code) {
        fputs("No test failed, but the verdict is ", f);
        gtref_fputs_md(f, info->verdict->text);
        fputs("\n", f);
    } else {
        fputs("No test failed.\n", f);
    }
    if (nwaived_buckets) {
        fprintf(f, "\n## Waived failures (%zu test%s, %zu bucket%s)\n\nCounted apart: not passes, not failures.\n\n"
                   "| bucket | tests | first | waiver |\n|---|---|---|---|\n",
                t.waived, t.waived == 1 ? "" : "s", nwaived_buckets, nwaived_buckets == 1 ? "" : "s");
        for (size_t i = 0; i < nbuckets; i++) {
            const gtref_bucket *b = &buckets[i];
            if (!b->waived) continue;
            const gtref_result *first = &results[b->first];
            fputs("| ", f);
            gtref_fputs_md_code(f, b->text);
            fprintf(f, " | %zu | ", b->count);
            gtref_fputs_md(f, first->test);
            fputs(" | ", f);
            gtref_fputs_md(f, first->waiver);
            fputs(" |\n", f);
        }
    }
    free(buckets);
    return ferror(f) ? -1 : 0;
}

/* ---- junit.xml ---- */

int gtref_write_junit_xml(FILE *f, const gtref_regress_info *info, const gtref_result *results, size_t n)
{
    gtref_tally t;
    gtref_tally_results(results, n, &t);
    size_t skipped = t.by_status[GTREF_UNIMPLEMENTED] + t.waived; /* not DUT failures to act on: JUnit's skipped */
    size_t errors = t.failed - t.by_status[GTREF_FAIL] - t.by_status[GTREF_UNIMPLEMENTED];
    char line[1024];

    /* the coverage of the run is a testcase of its own suite, failing when --require-coverage fails the run, so that
     * a run that exits non-zero for coverage alone shows red in Jenkins */
    bool cov_case = info->cov_measured;
    bool cov_failed = cov_case && info->verdict && info->verdict->coverage_failed;
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
    fprintf(f, "<testsuites name=\"gtref\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" time=\"%.3f\">\n",
            t.total + cov_case, t.by_status[GTREF_FAIL] + cov_failed, errors, info->wall_s);
    fputs("  <testsuite name=\"gtref.", f);
    gtref_fputs_xml(f, info->rtl);
    fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"%.3f\">\n", t.total,
            t.by_status[GTREF_FAIL], errors, skipped, info->wall_s);
    fputs("    <properties>\n", f);
#define PROP(name, value) do { fputs("      <property name=\"" name "\" value=\"", f); gtref_fputs_xml(f, (value)); \
                               fputs("\"/>\n", f); } while (0)
    if (info->verdict) {
        PROP("verdict", info->verdict->text);
        snprintf(line, sizeof line, "%d", info->verdict->exit_code);
        PROP("exit_status", line);
    }
    if (info->started) PROP("started", info->started);
    PROP("rtl", info->rtl);
    if (info->engines) {
        snprintf(line, sizeof line, "%u", info->engines);
        PROP("engines", line);
    }
    snprintf(line, sizeof line, "%" PRIu64, info->seed0);
    PROP("seed0", line);
    snprintf(line, sizeof line, "%" PRIu64, info->nseeds);
    PROP("seeds", line);
    snprintf(line, sizeof line, "%zu", info->ndirected);
    PROP("directed_tests", line);
    if (info->build) PROP("kit_version", info->build);
    if (info->verilator) PROP("verilator", info->verilator);
    PROP("simulator", info->sim);
    if (cov_case) {
        snprintf(line, sizeof line, "%zu of %zu bins hit, %zu holes", info->cov_bins - info->cov_holes, info->cov_bins,
                 info->cov_holes);
        PROP("coverage", line);
    }
    if (info->rerun) PROP("rerun", info->rerun);
    if (info->rerun_failed) PROP("rerun_failed", info->rerun_failed);
#undef PROP
    fputs("    </properties>\n", f);
    for (size_t i = 0; i < n; i++) {
        const gtref_result *r = &results[i];
        fputs("    <testcase classname=\"gtref.", f);
        gtref_fputs_xml(f, info->rtl);
        fputs("\" name=\"", f);
        gtref_fputs_xml(f, r->test);
        fprintf(f, "\" time=\"%.3f\">\n", r->wall_s);
        if (r->status != GTREF_PASS && r->waived) {
            fputs("      <skipped message=\"waived by ", f);
            gtref_fputs_xml(f, r->waiver);
            fputs(": ", f);
            gtref_result_headline(r, line, sizeof line);
            gtref_fputs_xml(f, line);
            fputs("\"/>\n", f);
        } else if (r->status != GTREF_PASS) {
            const char *element = r->status == GTREF_FAIL ? "failure" : r->status == GTREF_UNIMPLEMENTED ? "skipped" : "error";
            if (r->status == GTREF_UNIMPLEMENTED) fprintf(f, "      <%s message=\"", element);
            else fprintf(f, "      <%s type=\"%s\" message=\"", element, gtref_status_name(r->status));
            gtref_result_headline(r, line, sizeof line);
            gtref_fputs_xml(f, line);
            fputs("\">", f);
            if (r->has_mismatch) {
                snprintf(line, sizeof line, "%.*s\ncommand: %.*s at 0x%" PRIx64 "\nsignature: %.*s %.*s",
                         FIELD_LEN(r->mm.detail), r->mm.detail, FIELD_LEN(r->mm.command), r->mm.command,
                         r->mm.cmd_addr, FIELD_LEN(r->mm.signature), r->mm.signature, FIELD_LEN(r->mm.bucket),
                         r->mm.bucket);
                gtref_fputs_xml(f, line);
            } else {
                gtref_fputs_xml(f, r->error);
            }
            fprintf(f, "</%s>\n", element);
        }
        fputs("      <system-out>", f);
        gtref_fputs_xml(f, r->replay);
        fputs("</system-out>\n    </testcase>\n", f);
    }
    fputs("  </testsuite>\n", f);
    if (cov_case) {
        fputs("  <testsuite name=\"gtref.", f);
        gtref_fputs_xml(f, info->rtl);
        fprintf(f, ".coverage\" tests=\"1\" failures=\"%d\" errors=\"0\" skipped=\"0\" time=\"0.000\">\n"
                   "    <testcase classname=\"gtref.", cov_failed);
        gtref_fputs_xml(f, info->rtl);
        fputs(".coverage\" name=\"coverage\" time=\"0.000\">\n", f);
        snprintf(line, sizeof line, "%zu of %zu bins hit, %zu hole%s%s%s%s", info->cov_bins - info->cov_holes,
                 info->cov_bins, info->cov_holes, info->cov_holes == 1 ? "" : "s",
                 info->cov_holes && info->cov_hole_names ? ": " : "",
                 info->cov_holes && info->cov_hole_names ? info->cov_hole_names : "",
                 info->cov_path ? "; full table: " : "");
        if (cov_failed) {
            fputs("      <failure type=\"COVERAGE\" message=\"", f);
            gtref_fputs_xml(f, info->verdict->text);
            fputs("\">", f);
            gtref_fputs_xml(f, line);
            if (info->cov_path) gtref_fputs_xml(f, info->cov_path);
            fputs("</failure>\n", f);
        }
        fputs("      <system-out>", f);
        gtref_fputs_xml(f, line);
        if (info->cov_path) gtref_fputs_xml(f, info->cov_path);
        fputs("</system-out>\n    </testcase>\n  </testsuite>\n", f);
    }
    fputs("</testsuites>\n", f);
    return ferror(f) ? -1 : 0;
}

/* ---- stdout ---- */

void gtref_print_buckets(FILE *f, const gtref_bucket *buckets, size_t nbuckets, const gtref_result *results)
{
    char line[1024];
    size_t nwaived = 0;
    for (size_t i = 0; i < nbuckets; i++) nwaived += buckets[i].waived;
    /* the waived buckets first: the failures, each with its replay command, are the last thing a run prints */
    if (nwaived) fprintf(f, "%zu waived bucket%s (counted apart, not as passes):\n", nwaived, nwaived == 1 ? "" : "s");
    for (size_t i = 0; i < nbuckets; i++) {
        const gtref_bucket *b = &buckets[i];
        if (!b->waived) continue;
        const gtref_result *first = &results[b->first];
        fprintf(f, "  %s  %zu test%s  %s\n      waived by %.*s\n", b->signature, b->count, b->count == 1 ? "" : "s",
                b->text, FIELD_LEN(first->waiver), first->waiver);
    }
    if (nbuckets > nwaived)
        fprintf(f, "%zu failure bucket%s:\n", nbuckets - nwaived, nbuckets - nwaived == 1 ? "" : "s");
    for (size_t i = 0, k = 0; i < nbuckets; i++) {
        const gtref_bucket *b = &buckets[i];
        if (b->waived) continue;
        k++;
        const gtref_result *first = &results[b->first];
        gtref_result_headline(first, line, sizeof line);
        fprintf(f, "  [%zu] %s  %zu test%s  %s  %s\n", k, b->signature, b->count, b->count == 1 ? "" : "s",
                gtref_status_name(b->status), b->text);
        fprintf(f, "      first: %.*s (seed %" PRIu64 "): %s\n", FIELD_LEN(first->test), first->test, first->seed, line);
        fprintf(f, "      replay: %.*s\n", FIELD_LEN(first->replay), first->replay);
    }
}

void gtref_coverage_hole_names(FILE *f, char *names, size_t namesz)
{
    enum { SHOWN = 5 };
    char line[1024];
    size_t len = 0, listed = 0;
    bool in_list = false, in_corners = false;
    names[0] = '\0';
    rewind(f);
    while (fgets(line, sizeof line, f) && listed < SHOWN) {
        line[strcspn(line, "\n")] = '\0';
        const char *name = NULL;
        char cell[256], times[32];
        if (strcmp(line, "Holes:") == 0) { in_list = true; continue; }
        if (strncmp(line, "Co-simulation corners", 21) == 0) { in_corners = true; continue; }
        if (in_list && strncmp(line, "  ", 2) == 0) name = line + 2;
        else in_list = false;
        /* a corner row whose times cell is HOLE (right-aligned: "|       HOLE |") */
        if (!name && in_corners && sscanf(line, "| %255[^|]| %31[^| ] |", cell, times) == 2 && strcmp(times, "HOLE") == 0) {
            size_t k = strlen(cell);
            while (k && cell[k - 1] == ' ') cell[--k] = '\0';
            name = cell;
        }
        if (!name) continue;
        int w = snprintf(names + len, namesz - len, "%s%s", listed ? "; " : "", name);
        if (w < 0 || (size_t)w >= namesz - len) break;
        len += (size_t)w;
        listed++;
    }
}
