/* The self-contained HTML report of a regression (see regress_report.h): inline CSS, an inline SVG chart,
 * no script, no external file; every string that comes from a record is escaped. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "gtref/history.h"
#include "gtref/regress_report.h"

#define FLEN(f) ((int)strnlen((f), sizeof(f)))

void gtref_fputs_html(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        case '\n': case '\t': fputc(' ', f); break;
        default:
            if (*p < 0x20 || *p == 0x7f) { fputs("&#xFFFD;", f); break; }
            if (*p < 0x80) { fputc(*p, f); break; }
            /* UTF-8: copy a well-formed sequence, replace anything else */
            {
                int n = (*p & 0xE0) == 0xC0 ? 1 : (*p & 0xF0) == 0xE0 ? 2 : (*p & 0xF8) == 0xF0 ? 3 : -1;
                int ok = n > 0 && !(*p == 0xC0 || *p == 0xC1 || *p > 0xF4);
                for (int k = 1; ok && k <= n; k++) ok = (p[k] & 0xC0) == 0x80;
                if (!ok) { fputs("&#xFFFD;", f); break; }
                fwrite(p, 1, (size_t)n + 1, f);
                p += n;
            }
        }
    }
}

static void td(FILE *f, const char *s)
{
    fputs("<td>", f);
    gtref_fputs_html(f, s);
    fputs("</td>", f);
}

/* Pass rate of the series' runs, oldest first, as an SVG line chart (at most the last 60 runs). */
static void chart(FILE *f, const gtref_history *h, const char *series)
{
    const gtref_hist_run *runs[60];
    size_t n = 0;
    for (size_t i = 0; h && i < h->n; i++)
        if (strcmp(h->runs[i].series, series) == 0) {
            if (n == 60) memmove(runs, runs + 1, sizeof runs[0] * 59), n = 59;
            runs[n++] = &h->runs[i];
        }
    const int W = 760, H = 200, L = 44, R = 44, T = 12, B = 34;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\" "
               "aria-label=\"pass rate over %zu runs\">\n", W, H, n);
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#fafafa\" stroke=\"#ccc\"/>\n", L, T, W - L - R,
            H - T - B);
    for (int pct = 0; pct <= 100; pct += 25) {
        double y = T + (H - T - B) * (1.0 - pct / 100.0);
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\"/>"
                   "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%d%%</text>\n",
                L, W - R, y, y, L - 6, y + 4, pct);
    }
    if (n == 0) {
        fprintf(f, "<text x=\"%d\" y=\"%d\">no history yet</text></svg>\n", L + 10, H / 2);
        return;
    }
    double step = n > 1 ? (double)(W - L - R - 20) / (double)(n - 1) : 0;
    fputs("<polyline fill=\"none\" stroke=\"#1f6feb\" stroke-width=\"2\" points=\"", f);
    for (size_t i = 0; i < n; i++) {
        double rate = runs[i]->total ? (double)runs[i]->passed / (double)runs[i]->total : 0;
        fprintf(f, "%.1f,%.1f ", L + 10 + step * (double)i, T + (H - T - B) * (1.0 - rate));
    }
    fputs("\"/>\n", f);
    for (size_t i = 0; i < n; i++) {
        double rate = runs[i]->total ? (double)runs[i]->passed / (double)runs[i]->total : 0;
        double x = L + 10 + step * (double)i, y = T + (H - T - B) * (1.0 - rate);
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"><title>run %" PRIu64 " ", x, y,
                runs[i]->failed ? "#cf222e" : "#1a7f37", runs[i]->id);
        gtref_fputs_html(f, runs[i]->when);
        fprintf(f, ": %" PRIu64 " of %" PRIu64 " passed</title></circle>\n", runs[i]->passed, runs[i]->total);
        if (n <= 12 || i == 0 || i == n - 1)
            fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%.10s</text>\n", x, H - B + 16,
                    runs[i]->when);
    }
    fputs("</svg>\n", f);
}

int gtref_write_html(FILE *f, const gtref_regress_info *info, const gtref_result *results, size_t n,
                     const gtref_history *h, const char *series, const struct gtref_hist_run *prev, uint64_t cov_hit,
                     uint64_t cov_bins)
{
    gtref_tally t;
    gtref_tally_results(results, n, &t);
    gtref_bucket *bs = NULL;
    size_t nb = 0;
    if (gtref_bucket_results(results, n, &bs, &nb)) return -1;
    char line[1024];

    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>gtref regression: ", f);
    gtref_fputs_html(f, info->rtl);
    fputs("</title>\n<style>\n"
          "body{font-family:sans-serif;margin:2em;color:#1f2328;max-width:80em}\n"
          "table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #d0d7de;padding:.3em .6em;"
          "text-align:left;vertical-align:top}th{background:#f6f8fa}\n"
          ".pass{color:#1a7f37}.fail{color:#cf222e}.waived{color:#9a6700}.new{font-weight:bold;color:#cf222e}"
          ".fixed{color:#1a7f37}\ncode{font-size:.9em;background:#f6f8fa;padding:.1em .3em;word-break:break-all}\n"
          ".totals span{display:inline-block;margin-right:1.5em;font-size:1.3em}\n"
          ".verdict{font-size:1.5em;font-weight:bold;padding:.4em .7em;border:2px solid}"
          ".verdict.pass{background:#dafbe1}.verdict.fail{background:#ffebe9}\n</style></head><body>\n", f);
    fputs("<h1>gtref regression: ", f);
    gtref_fputs_html(f, info->rtl);
    fputs("</h1>\n", f);
    if (info->verdict) {
        fprintf(f, "<p class=\"verdict %s\" id=\"verdict\">", info->verdict->exit_code ? "fail" : "pass");
        gtref_fputs_html(f, info->verdict->text);
        fprintf(f, " <small>(exit status %d)</small></p>\n", info->verdict->exit_code);
    }
    fputs("<p class=\"totals\">", f);
    fprintf(f, "<span class=\"pass\">%zu passed</span><span class=\"fail\">%zu failed</span>"
               "<span class=\"waived\">%zu waived</span><span>%zu unimplemented</span>",
            t.passed, t.failed, t.waived, t.by_status[GTREF_UNIMPLEMENTED]);
    fputs("</p>\n<table>\n", f);
    gtref_fact facts[GTREF_MAX_FACTS];
    gtref_write_facts(f, GTREF_FACT_HTML, facts, gtref_run_facts(info, &t, cov_hit, cov_bins, facts));
    fputs("</table>\n<h2>Pass rate over the runs of this series</h2>\n", f);
    chart(f, h, series);

    fputs("<h2>Failure buckets</h2>\n", f);
    size_t shown = 0;
    for (size_t i = 0; i < nb; i++) shown += !bs[i].waived;
    if (!shown && info->verdict && info->verdict->exit_code) {
        fputs("<p class=\"fail\">No test failed, but the verdict is ", f);
        gtref_fputs_html(f, info->verdict->text);
        fputs("</p>\n", f);
    } else if (!shown) {
        fputs("<p class=\"pass\">No test failed.</p>\n", f);
    }
    else
        fputs("<table><tr><th>#</th><th>signature</th><th>bucket</th><th>tests</th><th>since</th><th>first failing test"
              "</th><th>shortest failing test</th><th>replay</th></tr>\n", f);
    for (size_t i = 0, k = 0; i < nb; i++) {
        const gtref_bucket *b = &bs[i];
        if (b->waived) continue;
        k++;
        const gtref_result *first = &results[b->first], *shortest = &results[b->shortest];
        bool seen_before = false;
        for (size_t j = 0; prev && j < prev->nbuckets; j++) seen_before |= !strcmp(prev->buckets[j].signature, b->signature);
        char when[24] = "";
        uint64_t first_id = h ? gtref_history_first_seen(h, series, b->signature, when) : 0;
        fprintf(f, "<tr><td>%zu</td><td><code>%s</code></td>", k, b->signature);
        td(f, b->text);
        fprintf(f, "<td>%zu %s</td>", b->count, gtref_status_name(b->status));
        if (seen_before) {
            fputs("<td>still failing, since ", f);
            gtref_fputs_html(f, when);
            fprintf(f, " (run %" PRIu64 ")</td>", first_id);
        } else {
            fputs("<td class=\"new\">new</td>", f);
        }
        gtref_result_headline(first, line, sizeof line);
        fputs("<td>", f);
        gtref_fputs_html(f, first->test);
        fprintf(f, " (seed %" PRIu64 "): ", first->seed);
        gtref_fputs_html(f, line);
        fputs("</td><td>", f);
        gtref_fputs_html(f, shortest->test);
        fprintf(f, " (seed %" PRIu64 ", %" PRIu64 " cycles)</td><td><code>", shortest->seed, shortest->cycles);
        gtref_fputs_html(f, first->replay);
        fputs("</code></td></tr>\n", f);
    }
    if (shown) fputs("</table>\n", f);

    /* fixed since the previous run: no test fails with the bucket any more (failures now waived still fail: they
     * are listed under the waived failures, not here) */
    size_t nfixed = 0;
    for (size_t j = 0; prev && j < prev->nbuckets; j++) {
        bool still = false;
        for (size_t i = 0; i < nb; i++) still |= !strcmp(bs[i].signature, prev->buckets[j].signature);
        if (still) continue;
        if (!nfixed++)
            fputs("<h2>Fixed since the previous run</h2>\n<table><tr><th>signature</th><th>bucket</th>"
                  "<th>tests then</th></tr>\n", f);
        fprintf(f, "<tr class=\"fixed\"><td><code>%s</code></td>", prev->buckets[j].signature);
        td(f, prev->buckets[j].text);
        fprintf(f, "<td>%" PRIu64 "</td></tr>\n", prev->buckets[j].count);
    }
    if (nfixed) fputs("</table>\n", f);

    size_t nw = 0;
    for (size_t i = 0; i < nb; i++) nw += bs[i].waived;
    if (nw) {
        fputs("<h2>Waived failures</h2>\n<p>Counted apart: neither passes nor failures. They still fail: a waived bucket "
              "is not fixed.</p>\n<table><tr><th>signature</th><th>bucket</th><th>tests</th><th>waived since</th>"
              "<th>waiver</th></tr>\n", f);
        for (size_t i = 0; i < nb; i++) {
            if (!bs[i].waived) continue;
            fprintf(f, "<tr class=\"waived\"><td><code>%s</code></td>", bs[i].signature);
            td(f, bs[i].text);
            fprintf(f, "<td>%zu</td>", bs[i].count);
            char when[24] = "";
            uint64_t since = h ? gtref_history_waived_since(h, series, bs[i].signature, when) : 0;
            bool failed_before = false;
            for (size_t j = 0; prev && j < prev->nbuckets; j++) failed_before |= !strcmp(prev->buckets[j].signature, bs[i].signature);
            if (!since || !prev || since > prev->id) /* h may or may not hold this run already */
                fprintf(f, "<td>this run%s</td>", failed_before ? " (it failed unwaived in the previous run: not fixed)" : "");
            else {
                fputs("<td>", f);
                gtref_fputs_html(f, when);
                fprintf(f, " (run %" PRIu64 ")</td>", since);
            }
            td(f, results[bs[i].first].waiver);
            fputs("</tr>\n", f);
        }
        fputs("</table>\n", f);
    }
    fputs("<p><small>Written by gtref regress; no script, no external file.</small></p>\n</body></html>\n", f);
    free(bs);
    return ferror(f) ? -1 : 0;
}
