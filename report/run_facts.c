/* The facts of a run (see regress_report.h): the first table of summary.md and of report.html, built once. */
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "gtref/regress_report.h"

static void part(gtref_fact *f, gtref_part_kind kind, const char *s)
{
    size_t i = 0;
    while (i < GTREF_FACT_PARTS - 1 && f->parts[i].kind != GTREF_PART_END) i++;
    f->parts[i].kind = kind;
    f->parts[i].s = s;
}

/* A part of the kit's own, formatted after the fact's formatted parts so far. */
static void vownf(gtref_fact *f, const char *fmt, va_list ap)
{
    size_t used = f->own_used;
    if (used >= sizeof f->own) return;
    int len = vsnprintf(f->own + used, sizeof f->own - used, fmt, ap);
    if (len < 0) return;
    part(f, GTREF_PART_OWN, f->own + used);
    f->own_used = used + (size_t)len + 1;   /* past its terminator */
}

__attribute__((format(printf, 2, 3))) static void ownf(gtref_fact *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vownf(f, fmt, ap);
    va_end(ap);
}

/* The next fact, with its first part (s NULL: none yet). */
static gtref_fact *fact(gtref_fact *fs, size_t *n, const char *label, unsigned reports, gtref_part_kind kind,
                        const char *s)
{
    gtref_fact *f = &fs[(*n)++];
    memset(f, 0, sizeof *f);
    f->label = label;
    f->reports = reports;
    if (s) part(f, kind, s);
    return f;
}

/* The next fact, its first part of the kit's own, formatted. */
__attribute__((format(printf, 5, 6))) static gtref_fact *factf(gtref_fact *fs, size_t *n, const char *label,
                                                               unsigned reports, const char *fmt, ...)
{
    gtref_fact *f = fact(fs, n, label, reports, GTREF_PART_END, NULL);
    va_list ap;
    va_start(ap, fmt);
    vownf(f, fmt, ap);
    va_end(ap);
    return f;
}

size_t gtref_run_facts(const gtref_regress_info *info, const gtref_tally *t, uint64_t html_cov_hit,
                       uint64_t html_cov_bins, gtref_fact fs[GTREF_MAX_FACTS])
{
    enum { MD = GTREF_FACT_MD, HTML = GTREF_FACT_HTML, BOTH = GTREF_FACT_BOTH };
    size_t n = 0;
    gtref_fact *f;
    if (info->started) part(fact(fs, &n, "started", BOTH, GTREF_PART_TEXT, info->started), GTREF_PART_OWN, " (UTC)");
    f = fact(fs, &n, "RTL build", BOTH, GTREF_PART_TEXT, info->rtl);
    if (info->engines) ownf(f, ", %u engine%s", info->engines, info->engines == 1 ? "" : "s");
    if (info->build) {
        part(fact(fs, &n, "kit version", MD, GTREF_PART_CODE, info->build), GTREF_PART_OWN,
             " (the simulator's build id: git describe of the kit it was built from)");
        part(fact(fs, &n, "kit version", HTML, GTREF_PART_CODE, info->build), GTREF_PART_OWN,
             " (the simulator's build id: git describe of the kit)");
    }
    if (info->verilator) fact(fs, &n, "Verilator", BOTH, GTREF_PART_TEXT, info->verilator);
    fact(fs, &n, "simulator", MD, GTREF_PART_CODE, info->sim);
    fact(fs, &n, "simulator", HTML, GTREF_PART_TEXT, info->sim);

    uint64_t last_seed = info->seed0 + info->nseeds - 1;
    f = factf(fs, &n, "tests", MD, "%zu: %zu directed, %" PRIu64 " random", t->total, info->ndirected, info->nseeds);
    if (info->nseeds) ownf(f, " (seeds %" PRIu64 "..%" PRIu64 ")", info->seed0, last_seed);
    f = factf(fs, &n, "tests", HTML, "%zu: %zu directed, %" PRIu64 " random", t->total, info->ndirected, info->nseeds);
    if (info->nseeds)
        ownf(f, " (first seed %" PRIu64 ", %" PRIu64 " seeds: %" PRIu64 "..%" PRIu64 ")", info->seed0, info->nseeds,
             info->seed0, last_seed);
    factf(fs, &n, "seeds", MD, "first seed %" PRIu64 ", %" PRIu64 " seed%s", info->seed0, info->nseeds,
          info->nseeds == 1 ? "" : "s");
    factf(fs, &n, "jobs, timeout", MD, "%u, %u s", info->jobs, info->timeout_s);
    factf(fs, &n, "wall time", MD, "%.1f s (%.1f s of simulation)", info->wall_s, t->test_wall_s);
    factf(fs, &n, "wall time", HTML, "%.1f s (%u jobs)", info->wall_s, info->jobs);
    factf(fs, &n, "simulated", BOTH, "%" PRIu64 " cycles, %" PRIu64 " commands retired", t->cycles, t->retired);

    /* coverage: summary.md's from info, report.html's from the bins it is handed */
    for (unsigned report = MD; report <= HTML; report++) {
        bool md = report == MD;
        if (md ? !info->cov_measured : !html_cov_bins) continue;
        if (md)
            f = factf(fs, &n, "coverage", MD, "%zu of %zu bins hit, %zu hole%s", info->cov_bins - info->cov_holes,
                      info->cov_bins, info->cov_holes, info->cov_holes == 1 ? "" : "s");
        else
            f = factf(fs, &n, "functional coverage", HTML,
                      "%" PRIu64 " of %" PRIu64 " bins (%.1f%%), %" PRIu64 " holes", html_cov_hit, html_cov_bins,
                      100.0 * (double)html_cov_hit / (double)html_cov_bins, html_cov_bins - html_cov_hit);
        bool holes = md ? info->cov_holes != 0 : html_cov_bins > html_cov_hit;
        if (holes && info->cov_hole_names && *info->cov_hole_names) {
            part(f, GTREF_PART_OWN, ": ");
            part(f, GTREF_PART_TEXT, info->cov_hole_names);
        }
        if (info->cov_path) {
            part(f, GTREF_PART_OWN, " (full table: ");
            part(f, GTREF_PART_CODE, info->cov_path);
            part(f, GTREF_PART_OWN, ")");
        }
    }
    if (info->rtl_cov) {
        f = fact(fs, &n, "RTL code coverage", BOTH, GTREF_PART_TEXT, info->rtl_cov);
        if (info->rtl_cov_path) {
            part(f, GTREF_PART_OWN, " (table, waived points and never-hit lines: ");
            part(f, GTREF_PART_CODE, info->rtl_cov_path);
            part(f, GTREF_PART_OWN, ")");
        }
    }
    if (info->rerun) fact(fs, &n, "rerun the whole run", BOTH, GTREF_PART_CODE, info->rerun);
    if (info->rerun_failed) fact(fs, &n, "rerun the failed tests", BOTH, GTREF_PART_CODE, info->rerun_failed);
    return n;
}

void gtref_write_facts(FILE *f, unsigned report, const gtref_fact *facts, size_t n)
{
    bool md = report == GTREF_FACT_MD;
    for (size_t i = 0; i < n; i++) {
        if (!(facts[i].reports & report)) continue;
        fprintf(f, md ? "| %s | " : "<tr><th>%s</th><td>", facts[i].label);
        for (size_t k = 0; k < GTREF_FACT_PARTS && facts[i].parts[k].kind != GTREF_PART_END; k++) {
            const char *v = facts[i].parts[k].s;
            switch (facts[i].parts[k].kind) {
            case GTREF_PART_TEXT:
                if (md) gtref_fputs_md(f, v);
                else gtref_fputs_html(f, v);
                break;
            case GTREF_PART_CODE:
                if (md) gtref_fputs_md_code(f, v);
                else {
                    fputs("<code>", f);
                    gtref_fputs_html(f, v);
                    fputs("</code>", f);
                }
                break;
            default: fputs(v, f);
            }
        }
        fputs(md ? " |\n" : "</td></tr>\n", f);
    }
}
