/* gtref night: run a named test list (tests/lists.txt, docs/test-lists.md), one `gtref regress` per group
 * and RTL build, with every random group's seeds derived from one master seed; then OUT/night.md and the
 * night's totals. */
#define _XOPEN_SOURCE 700 /* gmtime_r */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gtref/regress_report.h"
#include "gtref/night_lists.h"
#include "gtref/waiver.h"
#include "gtref_cli.h"

#define MAX_ARGS (40 + 2 * GTREF_LIST_MAX_OPTS)

/* The regress options a list's group may set (besides seeds, seed0 and engines). */
static const char **known_options(void)
{
    static const char *names[GEN_OPTS_COUNT + 8];
    if (names[0]) return names;
    gen_opts o;
    cli_opt table[GEN_OPTS_COUNT];
    gen_opts_init(&o, table);
    size_t n = 0;
    for (size_t i = 0; i < GEN_OPTS_COUNT; i++)
        if (strcmp(table[i].name, "--engines") != 0) names[n++] = table[i].name + 2;
    names[n++] = "timeout";
    names[n++] = "max-cycles";
    names[n++] = "require-coverage";
    names[n++] = "tests-per-process";
    names[n] = NULL;
    return names;
}

/* The tests of a group: its seeds, or the .gts files of its directed folder. */
static size_t group_tests(const gtref_list_group *grp)
{
    if (strcmp(grp->kind, "directed") != 0) return (size_t)grp->seeds;
    size_t n = 0;
    DIR *d = opendir(grp->directed);
    for (struct dirent *e; d && (e = readdir(d));) n += e->d_name[0] != '.' && has_suffix(e->d_name, ".gts");
    if (d) closedir(d);
    return n;
}

/* A group's counts are those of its gtref regress call (gtref_regress_last_outcome): this night's tests only,
 * never records an earlier night left in its folder; the records --resume kept are among them, and said apart. */
typedef struct night_row {
    char rtl[64], group[96], what[320], out[GTREF_PATH_MAX];
    int rc;
    bool ran;        /* the group was started (an interrupted night starts no group after the interrupted one) */
    gtref_tally t;
    regress_sink run; /* what the group's regress handed back: its records (for the buckets) and verdict */
    gtref_regress_outcome outcome;
} night_row;

/* The failure buckets of every group, each with its replay command: the end of a night's output. */
static void print_night_buckets(FILE *f, const night_row *rows, size_t nrows)
{
    size_t groups = 0;
    for (size_t i = 0; i < nrows; i++) {
        const night_row *row = &rows[i];
        gtref_bucket *bs = NULL;
        size_t nb = 0;
        if (!row->run.results || gtref_bucket_results(row->run.results, row->run.n, &bs, &nb)) continue;
        if (nb) {
            if (!groups++) fputs("\nfailure buckets of the night, each with the command that replays its first test:\n", f);
            fprintf(f, "== %s %s (%s):\n", row->rtl, row->group, row->what);
            gtref_print_buckets(f, bs, nb, row->run.results);
        }
        free(bs);
    }
}

/* ---- gtref night: options, plan, run, report ---- */

typedef struct night_opts {
    const char *lists_path, *out_opt, *waivers, *today, *launcher, *slurm_opts;
    const char *master_text; /* --master-seed as given (NULL: the date) */
    uint64_t master, jobs, per_process;
    bool have_master, resume, print_sims, check_only, rerun_failed;
    const char *name[1];     /* the list */
    size_t nname;
} night_opts;

/* One gtref night, from its options to its report. */
typedef struct night_run {
    night_opts o;
    gtref_test_lists ls;
    const gtref_test_list *list;
    char out[GTREF_PATH_MAX], base[GTREF_PATH_MAX]; /* base: OUT/<list> */
    gtref_waivers night_ws;
    night_row *rows;         /* one per RTL build and group */
    size_t nrows;
    char started[32];
    int worst, interrupted;
} night_run;

/* Options: the command line. -1 to go on, otherwise the exit code (after --help or a usage error). */
static int night_parse(int argc, char **argv, night_opts *o)
{
    *o = (night_opts){.lists_path = "tests/lists.txt", .jobs = default_jobs()};
    const cli_opt opts[] = {
        {"--lists", CLI_STRING, &o->lists_path, 0, 0},       {"--master-seed", CLI_STRING, &o->master_text, 0, 0},
        {"--out", CLI_STRING, &o->out_opt, 0, 0},            {"--jobs", CLI_U64, &o->jobs, 1, 256},
        {"--resume", CLI_FLAG, &o->resume, 0, 0},            {"--waivers", CLI_STRING, &o->waivers, 0, 0},
        {"--rerun-failed", CLI_FLAG, &o->rerun_failed, 0, 0},
        {"--today", CLI_STRING, &o->today, 0, 0},            {"--print-sims", CLI_FLAG, &o->print_sims, 0, 0},
        {"--launcher", CLI_STRING, &o->launcher, 0, 0},      {"--slurm-opts", CLI_STRING, &o->slurm_opts, 0, 0},
        {"--check", CLI_FLAG, &o->check_only, 0, 0},
        {"--tests-per-process", CLI_U64, &o->per_process, 1, MAX_TESTS_PER_PROCESS},
    };
    enum cli_parse_result pr = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0], o->name, 1, &o->nname);
    if (pr == CLI_HELP) return gtref_print_usage("night"), 0;
    if (pr == CLI_BAD) return EXIT_USAGE;
    if (o->resume && o->rerun_failed) return cli_usage_error("night", "--resume and --rerun-failed: one or the other");
    if (o->master_text) {
        if (!cli_parse_u64(o->master_text, &o->master))
            return cli_usage_error("night", "--master-seed '%s': a number", o->master_text);
        o->have_master = true;
    }
    return -1; /* go on */
}

/* Options: the list file and the list named; --print-sims; the master seed. -1 to go on, otherwise the exit code. */
static int night_open_list(night_run *nr)
{
    night_opts *o = &nr->o;
    char err[2048];
    if (gtref_lists_load(&nr->ls, o->lists_path, known_options(), err, sizeof err))
        return cli_usage_error("night", "%s", err);
    if (o->nname != 1) fprintf(stderr, "gtref night: which list? %s defines:", o->lists_path);
    else if (!(nr->list = gtref_lists_find(&nr->ls, o->name[0])))
        fprintf(stderr, "gtref night: %s defines no list '%s'; it defines:", o->lists_path, o->name[0]);
    if (!nr->list) {
        for (size_t i = 0; i < nr->ls.n; i++) fprintf(stderr, " %s", nr->ls.lists[i].name);
        fputc('\n', stderr);
        return EXIT_USAGE;
    }
    const gtref_test_list *list = nr->list;
    if (o->print_sims) { /* the simulators the list needs, as make targets relative to the project */
        for (size_t r = 0; r < list->nrtl; r++)
            for (unsigned e = 1; e <= 4; e++)
                for (size_t g = 0; g < list->ngroups; g++)
                    if (list->groups[g].engines == e) {
                        printf("build/sim/%s/e%u/Vtb_top\n", list->rtl[r], e);
                        break;
                    }
        return 0;
    }
    if (!o->have_master) { /* a night's default master seed is its date: printed, so the night replays */
        char d[11];
        if (o->today) snprintf(d, sizeof d, "%s", o->today);
        else gtref_today(d);
        o->master = strtoull(d, NULL, 10) * 10000 + strtoull(d + 5, NULL, 10) * 100 + strtoull(d + 8, NULL, 10);
    }
    return -1; /* go on */
}

/* Plan: the output folder, the night's waivers, the rows of its groups. -1 to go on, or an exit code after a
 * message. */
static int night_plan(night_run *nr)
{
    const night_opts *o = &nr->o;
    const gtref_test_list *list = nr->list;
    snprintf(nr->out, sizeof nr->out, "%s", o->out_opt ? o->out_opt : "build/night");
    gtref_strip_trailing_slashes(nr->out);
    if (!path_format(nr->base, sizeof nr->base, "night", "%s/%s", nr->out, list->name) || make_dirs(nr->base))
        return cli_error("night", "cannot create %s/%s: %s", nr->out, list->name, strerror(errno));
    if (o->waivers && !o->print_sims) { /* the night judges "matched nothing" over all its groups (docs/waivers.md) */
        char werr[1024];
        if (gtref_waivers_load(&nr->night_ws, o->waivers, werr, sizeof werr))
            return cli_usage_error("night", "%s", werr);
    }
    gtref_catch_interrupts();
    nr->nrows = list->nrtl * list->ngroups;
    nr->rows = calloc(nr->nrows ? nr->nrows : 1, sizeof *nr->rows);
    if (!nr->rows) return cli_error("night", "out of memory");
    fprintf(stderr, "gtref night: list %s (%s), master seed %" PRIu64 ": %zu group%s on %zu RTL build%s, into %s\n",
            list->name, o->lists_path, o->master, list->ngroups, list->ngroups == 1 ? "" : "s", list->nrtl,
            list->nrtl == 1 ? "" : "s", nr->base);
    time_t start_time = time(NULL);
    struct tm tm;
    gmtime_r(&start_time, &tm);
    strftime(nr->started, sizeof nr->started, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return -1; /* go on */
}

/* The arguments of group g's gtref regress (num: room for its numbers); fills the row's names. The argument
 * count, or -1 when the group's output path does not fit. */
static int night_group_args(const night_run *nr, size_t g, night_row *row, const char *rtl, char num[7][24],
                            char *args[MAX_ARGS])
{
    const night_opts *o = &nr->o;
    const gtref_list_group *grp = &nr->list->groups[g];
    snprintf(row->rtl, sizeof row->rtl, "%s", rtl);
    uint64_t seed0 = grp->has_seed0 ? grp->seed0 : gtref_list_seed0(o->master, g);
    snprintf(row->group, sizeof row->group, "%02zu-%s-e%u", g + 1, grp->kind, grp->engines);
    if (strcmp(grp->kind, "directed") == 0)
        snprintf(row->what, sizeof row->what, "%s on %u engines", grp->directed, grp->engines);
    else
        snprintf(row->what, sizeof row->what, "%" PRIu64 " seeds from %" PRIu64 " on %u engines", grp->seeds,
                 seed0, grp->engines);
    if (!path_format(row->out, sizeof row->out, "night", "%s/%s/%s", nr->base, row->rtl, row->group)) return -1;
    int na = 0;
    args[na++] = "regress";
    args[na++] = "--rtl";
    args[na++] = row->rtl;
    args[na++] = "--out";
    args[na++] = row->out;
    snprintf(num[0], 24, "%u", grp->engines);
    args[na++] = "--engines";
    args[na++] = num[0];
    snprintf(num[1], 24, "%" PRIu64, o->jobs);
    args[na++] = "--jobs";
    args[na++] = num[1];
    if (strcmp(grp->kind, "directed") == 0) {
        args[na++] = "--directed";
        args[na++] = (char *)grp->directed;
        args[na++] = "--seeds";
        args[na++] = "0";
    } else {
        snprintf(num[2], 24, "%" PRIu64, grp->seeds);
        snprintf(num[3], 24, "%" PRIu64, seed0);
        args[na++] = "--seeds";
        args[na++] = num[2];
        args[na++] = "--seed0";
        args[na++] = num[3];
    }
    for (size_t k = 0; k < grp->nopts; k++) {
        args[na++] = (char *)grp->opt[k];
        if (grp->val[k][0]) args[na++] = (char *)grp->val[k];
    }
    if (o->resume) args[na++] = "--resume";
    if (o->rerun_failed) args[na++] = "--rerun-failed";
    if (o->waivers) args[na++] = "--waivers", args[na++] = (char *)o->waivers;
    if (o->today) args[na++] = "--today", args[na++] = (char *)o->today;
    if (o->launcher) args[na++] = "--launcher", args[na++] = (char *)o->launcher;
    if (o->slurm_opts) args[na++] = "--slurm-opts", args[na++] = (char *)o->slurm_opts;
    if (o->per_process) {
        snprintf(num[6], 24, "%" PRIu64, o->per_process);
        args[na++] = "--tests-per-process";
        args[na++] = num[6];
    }
    args[na] = NULL;
    return na;
}

/* Run: one group, through gtref regress in this process; its outcome into its row. */
static void night_run_group(night_run *nr, gtref_cli *group_cli, const gtref_list_group *grp, night_row *row, int na,
                            char **args)
{
    row->outcome.total = group_tests(grp);
    if (nr->interrupted) return; /* not started: the night stops at the group it was interrupted in */
    printf("\n== night %s: %s group %s (%s, %s:%d)\n", nr->list->name, row->rtl, row->group, row->what, grp->file,
           grp->line);
    fflush(stdout);
    group_cli->sink = &row->run;
    gtref_regress_set_night(&nr->night_ws);
    row->rc = gtref_cmd_regress(group_cli, na, args);
    gtref_regress_set_night(NULL);
    fflush(stdout);
    row->ran = true;
    gtref_regress_last_outcome(&row->outcome);
    if (row->outcome.total == 0) row->outcome.total = group_tests(grp); /* stopped before it counted */
    row->t.total = row->outcome.done;
    row->t.passed = row->outcome.passed;
    row->t.failed = row->outcome.failed;
    row->t.waived = row->outcome.waived;
    if (row->rc > 128 && row->rc < 128 + 65) nr->interrupted = row->rc - 128;
    else if (gtref_interrupted) nr->interrupted = gtref_interrupted;
    else if (row->rc > nr->worst) nr->worst = row->rc;
}

/* Run: pass 0 checks every group's options before anything runs (--check stops there); pass 1 runs them. -1 to go
 * on to the report, otherwise the exit code. */
static int night_run_groups(night_run *nr, const gtref_cli *cli)
{
    const gtref_test_list *list = nr->list;
    /* each group prints a few lines (no bucket list): the night's buckets come at its end */
    gtref_cli group_cli = *cli;
    group_cli.compact = true;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1 && nr->o.check_only) {
            printf("list %s (%s): %zu group%s on %zu RTL build%s, every option valid\n", list->name, nr->o.lists_path,
                   list->ngroups, list->ngroups == 1 ? "" : "s", list->nrtl, list->nrtl == 1 ? "" : "s");
            return 0;
        }
        for (size_t r = 0, k = 0; r < list->nrtl; r++)
            for (size_t g = 0; g < list->ngroups; g++, k++) {
                const gtref_list_group *grp = &list->groups[g];
                night_row *row = &nr->rows[k];
                char num[7][24];
                char *args[MAX_ARGS];
                int na = night_group_args(nr, g, row, list->rtl[r], num, args);
                if (na < 0) {
                    row->rc = EXIT_USAGE;
                    continue;
                }
                if (pass == 1) {
                    night_run_group(nr, &group_cli, grp, row, na, args);
                } else if (gtref_regress_check_options(na, args)) {
                    fprintf(stderr, "gtref night: %s:%d: the options of this group are not valid (above)\n", grp->file,
                            grp->line);
                    return EXIT_USAGE;
                }
            }
    }
    return -1; /* go on */
}

/* What the night's report says besides its rows. */
typedef struct night_end {
    gtref_tally all;
    size_t failed_groups;
    const char *build, *verilator;
    char verdict[1024];
    bool have_rerun, any_not_passed;
    char md[GTREF_PATH_MAX];
} night_end;

static char night_rerun[16384], night_rerun_failed[16384 + 32];

/* The exit status of the night. */
static int night_exit_code(const night_run *nr)
{
    if (nr->interrupted) return 128 + nr->interrupted;
    return nr->worst == EXIT_USAGE ? EXIT_USAGE : nr->worst ? EXIT_TESTS_FAILED : 0;
}

/* Report: the totals, the verdict and the rerun commands. */
static void night_conclude(const night_run *nr, const gtref_cli *cli, int argc, char **argv, night_end *e)
{
    for (size_t i = 0; i < nr->nrows; i++) {
        const night_row *row = &nr->rows[i];
        e->all.total += row->t.total;
        e->all.passed += row->t.passed;
        e->all.failed += row->t.failed;
        e->all.waived += row->t.waived;
        e->failed_groups += row->rc != 0;
        if (!e->build && row->run.build[0]) e->build = row->run.build;
        if (!e->verilator && row->run.verilator[0]) e->verilator = row->run.verilator;
    }
    char *verdict = e->verdict;
    size_t vsz = sizeof e->verdict;
    size_t vlen = (size_t)snprintf(verdict, vsz, "%s", nr->worst ? "FAIL: " : "PASS");
    if (nr->worst) {
        vlen += (size_t)snprintf(verdict + vlen, vsz - vlen, "%zu of %zu group%s failed", e->failed_groups, nr->nrows,
                                 nr->nrows == 1 ? "" : "s");
        for (size_t i = 0, k = 0; i < nr->nrows && vlen < vsz; i++) {
            const night_row *row = &nr->rows[i];
            if (!row->rc) continue;
            vlen += (size_t)snprintf(verdict + vlen, vsz - vlen, "%s%s %s: %s", k++ ? "; " : " (", row->rtl, row->group,
                                     row->run.ran ? row->run.verdict.text : "could not run: see above");
        }
        if (vlen < vsz) snprintf(verdict + vlen, vsz - vlen, ")");
    }
    if (nr->interrupted) /* the night did not finish: no PASS or FAIL of the whole list */
        snprintf(verdict, vsz, "INTERRUPTED (%s): the night stopped before its end; resume it with --resume",
                 strsignal(nr->interrupted));
    char master_arg[24];
    snprintf(master_arg, sizeof master_arg, "%" PRIu64, nr->o.master);
    static const char *const path_opts[] = {"--lists", "--out", "--waivers", NULL};
    static const char *const drop[] = {"--resume", "--rerun-failed", NULL};
    const cli_rerun_default defaults[] = {{"--master-seed", master_arg, false}, {"--lists", nr->o.lists_path, true},
                                          {"--out", nr->out, true}};
    e->have_rerun = rerun_command(cli, argc, argv, path_opts, drop, defaults, 3, night_rerun, sizeof night_rerun);
    if (e->have_rerun) snprintf(night_rerun_failed, sizeof night_rerun_failed, "%s --rerun-failed", night_rerun);
    e->any_not_passed = e->all.failed || e->all.waived;
}

/* Report: the rows of OUT/<list>/night.md. */
static void night_md_rows(FILE *f, const night_run *nr)
{
    fputs("\n| RTL | group | what | passed | failed | waived | exit | verdict | summary |\n"
          "|---|---|---|---|---|---|---|---|---|\n", f);
    for (size_t i = 0; i < nr->nrows; i++) {
        const night_row *row = &nr->rows[i];
        fprintf(f, "| %s | %s | ", row->rtl, row->group);
        gtref_fputs_md(f, row->what);
        if (!row->ran)
            fprintf(f, " | | | | | not run (interrupted) | |\n");
        else if (row->outcome.sig)
            fprintf(f, " | %zu | %zu | %zu | %d | interrupted after %zu of %zu tests | |\n", row->t.passed,
                    row->t.failed, row->t.waived, row->rc, row->outcome.done, row->outcome.total);
        else {
            fprintf(f, " | %zu | %zu | %zu | %d | ", row->t.passed, row->t.failed, row->t.waived, row->rc);
            gtref_fputs_md(f, row->run.ran ? row->run.verdict.text : "could not run");
            fprintf(f, " | `%s/summary.md` |\n", row->out);
        }
    }
}

/* Report: OUT/<list>/night.md. */
static void night_write_md(const night_run *nr, night_end *e)
{
    const gtref_test_list *list = nr->list;
    FILE *f = path_format(e->md, sizeof e->md, "night", "%s/night.md", nr->base) ? fopen(e->md, "w") : NULL;
    if (!f) {
        fprintf(stderr, "gtref night: cannot write %s: %s\n", e->md, strerror(errno));
        return;
    }
    fputs("# gtref night: ", f);
    gtref_fputs_md(f, list->name);
    fputs("\n\n**Verdict: ", f);
    gtref_fputs_md(f, e->verdict);
    fprintf(f, "** (exit status %d)\n\n", night_exit_code(nr));
    fprintf(f, "- started: %s (UTC)\n- list file: `%s`\n- master seed: %" PRIu64 "\n", nr->started, nr->o.lists_path,
            nr->o.master);
    if (e->build) fprintf(f, "- kit version: `%s` (the simulators' build id: git describe of the kit)\n", e->build);
    if (e->verilator) fprintf(f, "- Verilator: %s\n", e->verilator);
    fprintf(f, "- RTL builds: ");
    for (size_t r = 0; r < list->nrtl; r++) fprintf(f, "%s%s", r ? ", " : "", list->rtl[r]);
    fputc('\n', f);
    if (e->have_rerun) {
        fputs("- rerun this night: ", f);
        gtref_fputs_md_code(f, night_rerun);
        if (e->any_not_passed) {
            fputs("\n- rerun its failed tests: ", f);
            gtref_fputs_md_code(f, night_rerun_failed);
        }
        fputc('\n', f);
    }
    night_md_rows(f, nr);
    fprintf(f, "\n**%zu passed, %zu failed, %zu waived**\n", e->all.passed, e->all.failed, e->all.waived);
    if (nr->interrupted)
        fprintf(f, "\n**Interrupted (%s)**: the counts are this night's tests so far; the night ends with "
                   "`--resume` (`make night ... RESUME=1`), the command printed on stdout.\n", strsignal(nr->interrupted));
    if (fclose(f)) fprintf(stderr, "gtref night: cannot write %s\n", e->md);
}

/* Report: one line per group on stdout. */
static void night_print_groups(const night_run *nr)
{
    for (size_t i = 0; i < nr->nrows; i++) {
        const night_row *row = &nr->rows[i];
        if (!row->ran) {
            printf("  %-8s %-14s not run (the night was interrupted before it)\n", row->rtl, row->group);
            continue;
        }
        char note[160] = "";
        if (row->outcome.sig)
            snprintf(note, sizeof note, "  (interrupted after %zu of %zu tests)", row->outcome.done, row->outcome.total);
        else if (row->rc == EXIT_USAGE || !row->run.ran)
            snprintf(note, sizeof note, "  (could not run: see above)");
        else
            snprintf(note, sizeof note, "  %s", row->rc ? "FAIL" : "PASS");
        if (row->outcome.kept)
            snprintf(note + strlen(note), sizeof note - strlen(note), "  (%zu of them kept from an earlier run by --resume)",
                     row->outcome.kept);
        printf("  %-8s %-14s %zu passed, %zu failed, %zu waived%s\n", row->rtl, row->group, row->t.passed, row->t.failed,
               row->t.waived, note);
    }
}

/* Report: an interrupted night: this night's own counts (never records an earlier night left) and the resume
 * command. */
static void night_print_interrupted(const night_run *nr, const gtref_cli *cli, int argc, char **argv)
{
    const night_opts *o = &nr->o;
    size_t rp = 0, rf = 0, rw = 0, kp = 0, kf = 0, kw = 0, kept = 0, done = 0, total = 0;
    for (size_t i = 0; i < nr->nrows; i++) {
        const gtref_regress_outcome *oc = &nr->rows[i].outcome;
        kept += oc->kept, done += oc->done, total += oc->total;
        rp += oc->passed - oc->kept_passed, rf += oc->failed - oc->kept_failed, rw += oc->waived - oc->kept_waived;
        kp += oc->kept_passed, kf += oc->kept_failed, kw += oc->kept_waived;
    }
    printf("night %s interrupted (%s) after %zu of %zu tests: %zu passed, %zu failed", nr->list->name,
           strsignal(nr->interrupted), done, total, rp, rf);
    if (rw) printf(", %zu waived", rw);
    printf(" (this night)");
    if (kept) {
        printf(", and %zu kept from an earlier run by --resume (%zu passed, %zu failed", kept, kp, kf);
        if (kw) printf(", %zu waived", kw);
        printf(")");
    }
    printf("\n");
    char cmd[8192], seed_text[24];
    snprintf(seed_text, sizeof seed_text, "%" PRIu64, o->master);
    /* started by make night (its options only): resume the same way, and give the gtref form too */
    bool default_lists = strcmp(o->lists_path, "tests/lists.txt") == 0;
    bool mk = getenv("MAKELEVEL") && default_lists && !o->out_opt && !o->today && !o->launcher && !o->slurm_opts &&
              !o->per_process;
    char cwd[GTREF_PATH_MAX];
    if (mk && getcwd(cwd, sizeof cwd))
        printf("resume with: make -C %s night LIST=%s MASTER_SEED=%s RESUME=1\n", cwd, nr->list->name, seed_text);
    /* the master seed when not given: the date may change */
    const cli_rerun_default resume[] = {{"--master-seed", seed_text, false}, {"--resume", NULL, false}};
    if (resume_command(cli, argc, argv, resume, 2, cmd, sizeof cmd))
        printf("%s %s\n", mk ? "         or:" : "resume with:", cmd);
}

/* Report: a night that ran to its end: stale waivers, the rerun commands, the buckets of every group with their
 * replay commands, the verdict and the totals. */
static void night_print_finished(const night_run *nr, const gtref_cli *cli, const night_end *e)
{
    /* waivers that matched nothing in every group that covered their scope (none covered: not judged) */
    char today_text[11];
    if (nr->o.today) snprintf(today_text, sizeof today_text, "%s", nr->o.today);
    else gtref_today(today_text);
    for (size_t i = 0; i < nr->night_ws.n; i++) {
        const gtref_waiver *w = &nr->night_ws.w[i];
        if (gtref_waiver_stale(w, today_text))
            printf("waiver %s (%s:%d, %s, owner %s) matched nothing in the %zu group%s of this night that covered "
                   "its scope: the failure it waives is gone, remove it\n",
                   w->name, w->file, w->line, w->ticket, w->owner, w->scoped_runs, w->scoped_runs == 1 ? "" : "s");
    }
    if (e->have_rerun) {
        printf("rerun the night: %s\n", night_rerun);
        if (e->any_not_passed) printf("rerun its failed tests: %s\n", night_rerun_failed);
    } else {
        char self[GTREF_PATH_MAX];
        printf("rerun the night: %s night %s --master-seed %" PRIu64 "\n", gtref_self(cli, self, sizeof self),
               nr->list->name, nr->o.master);
    }
    print_night_buckets(stdout, nr->rows, nr->nrows);
    printf("verdict: %s\n", e->verdict);
    if (e->all.waived) printf("%zu passed, %zu failed, %zu waived\n", e->all.passed, e->all.failed, e->all.waived);
    else printf("%zu passed, %zu failed\n", e->all.passed, e->all.failed);
}

static void night_run_free(night_run *nr)
{
    for (size_t i = 0; nr->rows && i < nr->nrows; i++) free(nr->rows[i].run.results);
    free(nr->rows);
    gtref_lists_free(&nr->ls);
    gtref_waivers_free(&nr->night_ws);
}

int gtref_cmd_night(const gtref_cli *cli, int argc, char **argv)
{
    night_run nr = {0};
    int rc = night_parse(argc, argv, &nr.o);
    if (rc < 0) rc = night_open_list(&nr);
    if (rc < 0) rc = night_plan(&nr);
    if (rc < 0) rc = night_run_groups(&nr, cli);
    if (rc >= 0) return night_run_free(&nr), rc;

    /* the night's verdict, its rerun commands, OUT/<list>/night.md, then on stdout the groups, the buckets of every
     * group with their replay commands, the verdict and the totals */
    night_end e = {0};
    night_conclude(&nr, cli, argc, argv, &e);
    night_write_md(&nr, &e);
    printf("\nnight %s, master seed %" PRIu64 ", started %s: %s\n", nr.list->name, nr.o.master, nr.started, e.md);
    night_print_groups(&nr);
    if (nr.interrupted) night_print_interrupted(&nr, cli, argc, argv);
    else night_print_finished(&nr, cli, &e);
    rc = night_exit_code(&nr);
    night_run_free(&nr);
    return rc;
}
