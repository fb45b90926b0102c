/* gtref minimize: shrink a failing test's stimulus while its failure keeps the same signature, and write it as a
 * .gts directed test (docs/regress.md "Minimize").
 *
 * The units delta debugging removes: every command in a ring or batch segment except the batch starts and ends
 * that hold the layout together (removed = its dwords become MI_NOOP, so no address moves and the .gts prints the
 * run as zero bytes), and every host operation (removed = dropped). A candidate is kept when the simulator,
 * on the same RTL build, ends with the same status and signature. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gtref/cmds.h"
#include "gtref/stim.h"
#include "gtref_cli.h"
#include "sim_runner.h"

typedef struct unit {
    bool is_op;
    size_t seg, off, len; /* command: segment, byte offset, bytes */
    size_t op;            /* host operation index */
} unit;

static uint32_t rd32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

/* Append a unit; false when out of memory. */
static bool push_unit(unit **u, size_t *n, size_t *cap, unit x)
{
    if (*n == *cap) {
        unit *nu = realloc(*u, (*cap ? *cap * 2 : 64) * sizeof **u);
        if (!nu) return false;
        *u = nu;
        *cap = *cap ? *cap * 2 : 64;
    }
    (*u)[(*n)++] = x;
    return true;
}

/* The removable units of s (host operations only when keep_ops is false). */
static size_t collect_units(const gtref_stim *s, bool ops_too, bool ends_too, unit **out)
{
    size_t cap = 0, n = 0;
    unit *u = NULL;
    for (size_t g = 0; g < s->nsegs; g++) {
        const gtref_segment *seg = &s->segs[g];
        if (seg->kind != GTREF_SEG_RING && seg->kind != GTREF_SEG_BATCH) continue;
        for (size_t off = 0; off + 4 <= seg->len;) {
            uint32_t dw0 = rd32(seg->bytes + off);
            const gtref_cmd_def *c = dw0 ? gtref_cmd_find(dw0) : NULL;
            size_t len = 4;
            if (c && gtref_cmd_legal(c, dw0, NULL, 0)) len = 4u * gtref_cmd_length(c, dw0);
            if (off + len > seg->len) len = seg->len - off;
            /* a batch end holds the layout together (without it a batch runs on into whatever follows); a batch
             * start may go: the batch is then not called */
            bool structural = !ends_too && c && c->id == GTREF_CMD_MI_BATCH_BUFFER_END;
            if (dw0 != 0 && !structural && !push_unit(&u, &n, &cap, (unit){.seg = g, .off = off, .len = len}))
                return free(u), 0;
            off += len;
        }
    }
    for (size_t i = 0; ops_too && i < s->nops; i++)
        if (!push_unit(&u, &n, &cap, (unit){.is_op = true, .op = i})) return free(u), 0;
    *out = u;
    return n;
}

/* s with only the units of keep[] (indices into all[]) present. */
static int build_candidate(const gtref_stim *s, const unit *all, size_t nall, const bool *present, bool drop_expects,
                           gtref_stim *c)
{
    gtref_stim_init(c);
    snprintf(c->name, sizeof c->name, "%s", s->name);
    c->seed = s->seed;
    snprintf(c->profile, sizeof c->profile, "%s", s->profile);
    c->engines = s->engines;
    c->lat = s->lat;
    c->hang_cycles = s->hang_cycles;
    c->max_cycles = s->max_cycles;
    for (size_t g = 0; g < s->nsegs; g++)
        if (gtref_stim_add_segment(c, s->segs[g].addr, s->segs[g].kind, s->segs[g].bytes, s->segs[g].len)) return -1;
    bool *op_removed = calloc(s->nops ? s->nops : 1, sizeof *op_removed);
    if (!op_removed) return -1;
    for (size_t k = 0; k < nall; k++) {
        if (present[k]) continue;
        if (all[k].is_op) op_removed[all[k].op] = true;
        else memset(c->segs[all[k].seg].bytes + all[k].off, 0, all[k].len); /* MI_NOOPs */
    }
    for (size_t i = 0; i < s->nops; i++) {
        if (op_removed[i]) continue;
        if (gtref_stim_add_op(c, s->ops[i].op, s->ops[i].off, s->ops[i].val, s->ops[i].cycles))
            return free(op_removed), -1;
        c->ops[c->nops - 1] = s->ops[i];   /* whole: a memory write's and an execlist op's 64-bit fields too */
    }
    free(op_removed);
    if (!drop_expects)
        for (size_t i = 0; i < s->nexpects; i++)
            if (gtref_stim_add_expect(c, &s->expects[i])) return -1;
    return 0;
}

typedef struct mini {
    const gtref_stim *s;
    const unit *all;
    size_t nall;
    bool drop_expects;
    const gtref_result *want;
    sim_setup setup;
    const char *dir;
    unsigned jobs;
    uint64_t runs;
} mini;

static bool same_failure(const gtref_result *a, const gtref_result *b)
{
    return a->status == b->status && a->has_mismatch == b->has_mismatch &&
           (!a->has_mismatch || strcmp(a->mm.signature, b->mm.signature) == 0);
}

/* Run the candidates (present sets) in parallel; the index of the first that reproduces, or -1. */
static long try_candidates(mini *m, bool **sets, size_t ncand)
{
    sim_test *tests = calloc(ncand, sizeof *tests);
    gtref_result *res = calloc(ncand, sizeof *res);
    if (!tests || !res) return free(tests), free(res), -1;
    for (size_t i = 0; i < ncand; i++) {
        char name[64], stim[GTREF_PATH_MAX], result[GTREF_PATH_MAX], log[GTREF_PATH_MAX], err[512];
        snprintf(name, sizeof name, "cand-%zu", i);
        tests[i].skip = false;
        if (!path_format(stim, sizeof stim, "minimize", "%s/%s.stim", m->dir, name) ||
            !path_format(result, sizeof result, "minimize", "%s/%s.result", m->dir, name) ||
            !path_format(log, sizeof log, "minimize", "%s/%s.log", m->dir, name))
            tests[i].skip = true;
        else
            sim_test_init(&tests[i], name, m->s->seed, stim, result, log);
        gtref_stim c;
        if (build_candidate(m->s, m->all, m->nall, sets[i], m->drop_expects, &c) ||
            gtref_stim_write_file(&c, stim, err, sizeof err))
            tests[i].skip = true;
        gtref_stim_free(&c);
    }
    int sig = sim_run_tests(&m->setup, tests, res, ncand, m->jobs, NULL, NULL);
    m->runs += ncand;
    long hit = -1;
    for (size_t i = 0; !sig && i < ncand && hit < 0; i++)
        if (!tests[i].skip && same_failure(&res[i], m->want)) hit = (long)i;
    free(tests);
    free(res);
    return sig ? -2 : hit;
}

static size_t count(const bool *present, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) k += present[i];
    return k;
}

/* The size of a stimulus as a reader sees it: commands that are not MI_NOOP, and host operations. */
static size_t stim_size(const gtref_stim *s)
{
    unit *u = NULL;
    size_t n = collect_units(s, true, true, &u);
    free(u);
    return n;
}

int gtref_cmd_minimize(const gtref_cli *cli, int argc, char **argv)
{
    const char *sim_opt = NULL, *out_opt = NULL;
    uint64_t jobs = default_jobs(), max_seconds = 300, timeout_s = 60;
    const cli_opt opts[] = {
        {"--sim", CLI_STRING, &sim_opt, 0, 0},      {"-o", CLI_STRING, &out_opt, 0, 0},
        {"--jobs", CLI_U64, &jobs, 1, 64},          {"--max-seconds", CLI_U64, &max_seconds, 1, 86400},
        {"--timeout", CLI_U64, &timeout_s, 1, 3600},
    };
    const char *file[1];
    size_t nfile;
    enum cli_parse_result pr = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0], file, 1, &nfile);
    if (pr == CLI_HELP) return gtref_print_usage("minimize"), 0;
    if (pr == CLI_BAD) return EXIT_USAGE;
    if (nfile != 1) return cli_usage_error("minimize", "which result? give a .result file of a failing test");

    gtref_result want;
    char err[1024];
    if (gtref_result_read_file(&want, file[0], err, sizeof err)) return cli_error("minimize", "%s", err);
    if (want.status == GTREF_PASS) return cli_error("minimize", "%s passed: nothing to minimize", file[0]);
    gtref_stim s;
    gtref_stim_init(&s);
    int rc = has_suffix(want.stim, ".gts") ? gtref_gts_assemble_file(&s, want.stim, err, sizeof err)
                                           : gtref_stim_read_file(&s, want.stim, err, sizeof err);
    if (rc) return cli_error("minimize", "stimulus of %s: %s", file[0], err);

    char sim_buf[GTREF_PATH_MAX];
    const char *sim = sim_opt;
    if (!sim) {
        if (!default_sim_path(want.rtl, (unsigned)(want.engines ? want.engines : 4), sim_buf, sizeof sim_buf))
            return gtref_stim_free(&s), cli_error("minimize", "cannot locate the default simulator; pass --sim");
        sim = sim_buf;
    }
    if (!is_executable_file(sim))
        return gtref_stim_free(&s), cli_error("minimize", "simulator %s is not an executable file (build it with make)", sim);

    char dir[GTREF_PATH_MAX], parent[GTREF_PATH_MAX], out[GTREF_PATH_MAX];
    gtref_dir_of(file[0], parent, sizeof parent);
    if (!path_format(dir, sizeof dir, "minimize", "%s/minimize-%s", parent, want.test) || make_dirs(dir))
        return gtref_stim_free(&s), cli_error("minimize", "cannot create %s: %s", dir, strerror(errno));
    if (out_opt) snprintf(out, sizeof out, "%s", out_opt);
    else if (!path_format(out, sizeof out, "minimize", "%s/%s-min.gts", parent, want.test))
        return gtref_stim_free(&s), EXIT_USAGE;

    /* a failed expectation needs the host operations its reads are numbered by, and the expectations */
    bool expect_kind = want.has_mismatch && strcmp(want.mm.kind, "expect") == 0;
    unit *all = NULL;
    size_t nall = collect_units(&s, !expect_kind, false, &all);
    bool *present = malloc((nall ? nall : 1) * sizeof *present);
    if (!present) return free(all), gtref_stim_free(&s), cli_error("minimize", "out of memory");
    for (size_t i = 0; i < nall; i++) present[i] = true;
    mini m = {.s = &s, .all = all, .nall = nall, .drop_expects = !expect_kind, .want = &want,
              .setup = {.sim = sim, .rtl = want.rtl, .engines = (unsigned)want.engines, .timeout_s = (unsigned)timeout_s},
              .dir = dir, .jobs = (unsigned)jobs};
    double start = monotonic_seconds();
    fprintf(stderr, "gtref minimize: %s (%s %s), %zu units (%zu commands, %zu host operations)\n", want.test,
            gtref_status_name(want.status), want.mm.signature, nall, nall - (expect_kind ? 0 : s.nops),
            expect_kind ? 0 : s.nops);

    /* the whole stimulus must reproduce first */
    bool *sets[64];
    sets[0] = present;
    long first = try_candidates(&m, sets, 1);
    if (first != 0) {
        free(present), free(all), gtref_stim_free(&s);
        return cli_error("minimize", "%s does not reproduce its failure on %s; nothing to minimize", file[0], sim);
    }

    /* ddmin, removing one chunk at a time (the complements), the chunks of a round run in parallel */
    size_t gran = 2;
    bool timed_out = false;
    while (count(present, nall) >= 2) {
        if (monotonic_seconds() - start > (double)max_seconds) { timed_out = true; break; }
        size_t k = count(present, nall);
        if (gran > k) gran = k;
        size_t *idx = malloc(k * sizeof *idx);
        for (size_t i = 0, j = 0; i < nall; i++) if (present[i]) idx[j++] = i;
        long hit = -1;
        size_t base = 0;
        for (size_t c0 = 0; c0 < gran && hit < 0; c0 += 64) {
            size_t nc = gran - c0 < 64 ? gran - c0 : 64;
            for (size_t c = 0; c < nc; c++) {
                sets[c] = malloc(nall * sizeof **sets);
                memcpy(sets[c], present, nall * sizeof *present);
                size_t lo = (c0 + c) * k / gran, hi = (c0 + c + 1) * k / gran;
                for (size_t j = lo; j < hi; j++) sets[c][idx[j]] = false;
            }
            hit = try_candidates(&m, sets, nc);
            if (hit >= 0) memcpy(present, sets[hit], nall * sizeof *present);
            for (size_t c = 0; c < nc; c++) free(sets[c]);
            base = c0;
            if (hit == -2) { free(idx); free(present); free(all); gtref_stim_free(&s); return 130; }
        }
        (void)base;
        free(idx);
        fprintf(stderr, "gtref minimize: %zu units left, granularity %zu, %" PRIu64 " runs, %.0f s\n",
                count(present, nall), gran, m.runs, monotonic_seconds() - start);
        if (hit >= 0) gran = gran > 2 ? gran - 1 : 2;
        else if (gran < k) gran = gran * 2 < k ? gran * 2 : k;
        else break;
    }

    /* write the .gts and check it reproduces as is */
    gtref_stim best;
    if (build_candidate(&s, all, nall, present, m.drop_expects, &best)) {
        free(present), free(all), gtref_stim_free(&s);
        return cli_error("minimize", "out of memory");
    }
    size_t before = stim_size(&s), after = stim_size(&best);
    FILE *f = fopen(out, "w");
    if (!f) return cli_error("minimize", "cannot write %s: %s", out, strerror(errno));
    fprintf(f, "# Minimized by gtref minimize from %s\n# (%s %s: %s), %zu commands and host operations before, %zu after (%" PRIu64 " runs%s).\n",
            file[0], gtref_status_name(want.status), want.mm.signature, want.mm.bucket, before, after, m.runs,
            timed_out ? ", stopped by --max-seconds" : "");
    fputs("# Removed commands are MI_NOOPs (zero bytes), so no address moved. Before adding this test to\n"
          "# tests/directed/, write its spec-derived expectations (docs/stimulus-format.md section 4) by hand.\n", f);
    gtref_gts_disassemble(&best, f);
    if (fclose(f)) return cli_error("minimize", "cannot write %s", out);
    gtref_stim_free(&best);

    gtref_stim check;
    gtref_stim_init(&check);
    char cstim[GTREF_PATH_MAX], cres[GTREF_PATH_MAX], clog[GTREF_PATH_MAX];
    bool ok = path_format(cstim, sizeof cstim, "minimize", "%s/check.stim", dir) &&
              path_format(cres, sizeof cres, "minimize", "%s/check.result", dir) &&
              path_format(clog, sizeof clog, "minimize", "%s/check.log", dir) &&
              gtref_gts_assemble_file(&check, out, err, sizeof err) == 0 &&
              gtref_stim_write_file(&check, cstim, err, sizeof err) == 0;
    gtref_stim_free(&check);
    gtref_result cr;
    sim_test ct;
    sim_test_init(&ct, "check", s.seed, cstim, cres, clog);
    if (ok && sim_run_tests(&m.setup, &ct, &cr, 1, 1, NULL, NULL) == 0) ok = same_failure(&cr, &want);
    else ok = false;
    printf("minimized %s: %zu commands and host operations -> %zu (%.1fx smaller) in %" PRIu64 " runs, %.0f s\n", want.test, before, after,
           after ? (double)before / (double)after : 0.0, m.runs, monotonic_seconds() - start);
    printf("test:     %s\n", out);
    printf("%s: %s %s (%s)\n", ok ? "reproduces" : "DOES NOT reproduce", gtref_status_name(cr.status),
           cr.has_mismatch ? cr.mm.signature : "", cr.has_mismatch ? cr.mm.bucket : "");
    printf("run it:   %s run %s --rtl %s --engines %" PRIu64 "\n", cli->argv0, out, want.rtl, want.engines ? want.engines : 4);
    free(present);
    free(all);
    gtref_stim_free(&s);
    return ok ? 0 : EXIT_TESTS_FAILED;
}
