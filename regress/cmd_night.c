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
    /* --coverage: every group on the coverage build, its counts merged per RTL build after the night */
    bool coverage, coverage_goal;
    const char *coverage_waivers;
    /* a sample of the list: at most max_seeds seeds per random group, min-cycles at most max_min_cycles */
    uint64_t max_seeds, max_min_cycles;
    const char *max_min_cycles_text;
    const char *name[1];     /* the list */
    size_t nname;
} night_opts;

/* --coverage: the RTL coverage of one RTL build, merged over the night's groups (night_coverage). */
typedef struct night_cov {
    bool measured;
    size_t groups, missing;   /* groups whose counts were merged; groups that ran and left none */
    char figures[512];        /* as gtref regress --coverage says them */
    char verdict[8];          /* PASS or FAIL against the goal */
    char dir[GTREF_PATH_MAX]; /* OUT/<list>/<rtl>/rtl-coverage */
} night_cov;

/* With --max-seeds and no --max-min-cycles: a long test of the sample asks at most this many cycles (docs/test-lists.md
 * "RTL coverage of a night"): the soak group's 1 M cycles take about 5 min a test on the ordinary build, 10 times that
 * on the coverage build. */
#define NIGHT_SAMPLE_MIN_CYCLES 100000
/* --coverage: a group's time limit per test unless the list sets its own timeout= (the coverage build runs about 10
 * times slower than the ordinary one; make coverage's COVERAGE_TIMEOUT). */
#define NIGHT_COVERAGE_TIMEOUT "600"

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
    time_t start_time;
    int worst, interrupted;
    char cov_script[GTREF_PATH_MAX], cov_waivers[GTREF_PATH_MAX];
    night_cov *cov;          /* --coverage: one per RTL build */
    bool cov_goal_failed;    /* --coverage-goal and the clean RTL under the goal */
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
        {"--coverage", CLI_FLAG, &o->coverage, 0, 0},        {"--coverage-goal", CLI_FLAG, &o->coverage_goal, 0, 0},
        {"--coverage-waivers", CLI_STRING, &o->coverage_waivers, 0, 0},
        {"--max-seeds", CLI_U64, &o->max_seeds, 1, 50000},
        {"--max-min-cycles", CLI_STRING, &o->max_min_cycles_text, 0, 0},
    };
    enum cli_parse_result pr = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0], o->name, 1, &o->nname);
    if (pr == CLI_HELP) return gtref_print_usage("night"), 0;
    if (pr == CLI_BAD) return EXIT_USAGE;
    if (o->resume && o->rerun_failed) return cli_usage_error("night", "--resume and --rerun-failed: one or the other");
    if ((o->coverage_goal || o->coverage_waivers) && !o->coverage)
        return cli_usage_error("night", "%s without --coverage: the RTL coverage goal and its waivers belong to a "
                               "--coverage night (gtref night LIST --coverage %s)",
                               o->coverage_goal ? "--coverage-goal" : "--coverage-waivers",
                               o->coverage_goal ? "--coverage-goal" : "--coverage-waivers FILE");
    if (o->coverage && (o->resume || o->rerun_failed))
        return cli_usage_error("night", "--coverage with %s: the tests whose records are kept would not run, and their "
                               "RTL coverage would be missing from the night's; run the night whole",
                               o->resume ? "--resume" : "--rerun-failed");
    o->max_min_cycles = o->max_seeds ? NIGHT_SAMPLE_MIN_CYCLES : UINT64_MAX;
    if (o->max_min_cycles_text && (!cli_parse_u64(o->max_min_cycles_text, &o->max_min_cycles) ||
                                   o->max_min_cycles > 100000000))
        return cli_usage_error("night", "--max-min-cycles '%s': expected a number of cycles in 0..100000000 (the "
                               "most a group's min-cycles= asks in this night)", o->max_min_cycles_text);
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
    if (o->coverage_goal) { /* the goal judges the reference RTL */
        bool clean = false;
        for (size_t r = 0; r < list->nrtl; r++) clean |= strcmp(list->rtl[r], "clean") == 0;
        if (!clean)
            return cli_usage_error("night", "--coverage-goal: list %s (%s) runs no 'rtl clean', the reference RTL "
                                   "whose coverage the goal judges; drop --coverage-goal or add 'rtl clean' to the list",
                                   list->name, o->lists_path);
    }
    if (o->print_sims) { /* the simulators the list needs, as make targets relative to the project */
        for (size_t r = 0; r < list->nrtl; r++)
            for (unsigned e = 1; e <= 4; e++)
                for (size_t g = 0; g < list->ngroups; g++)
                    if (list->groups[g].engines == e) {
                        printf("build/sim/%s/e%u/%sVtb_top\n", list->rtl[r], e, o->coverage ? "coverage/" : "");
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
    if (o->coverage) { /* the coverage script and its waivers, checked once before any group runs */
        char root[GTREF_PATH_MAX];
        if (!gtref_kit_root(root, sizeof root) ||
            !path_format(nr->cov_script, sizeof nr->cov_script, "night", "%s/tools/rtl-coverage.sh", root))
            return cli_error("night", "--coverage: cannot locate the kit's folder from this gtref");
        if (access(nr->cov_script, R_OK) != 0)
            return cli_error("night", "--coverage: expected the coverage script %s beside the build this gtref comes "
                             "from, but: %s", nr->cov_script, strerror(errno));
        if (o->coverage_waivers) snprintf(nr->cov_waivers, sizeof nr->cov_waivers, "%s", o->coverage_waivers);
        else if (!path_format(nr->cov_waivers, sizeof nr->cov_waivers, "night", "%s/waivers/rtl-coverage.txt", root))
            return EXIT_USAGE;
        if (!o->coverage_waivers && access(nr->cov_waivers, R_OK) != 0) nr->cov_waivers[0] = '\0';
        if (nr->cov_waivers[0]) {
            char today[11];
            if (o->today) snprintf(today, sizeof today, "%s", o->today);
            else gtref_today(today);
            const char *check[] = {"bash", nr->cov_script, "check-waivers", nr->cov_waivers, "--today", today, NULL};
            int rc = gtref_run_script(check);
            if (rc != 0)
                return cli_error("night", "--coverage: the coverage waivers %s are not valid (above; exit status %d); "
                                 "nothing was run", nr->cov_waivers, rc);
        }
        nr->cov = calloc(list->nrtl ? list->nrtl : 1, sizeof *nr->cov);
        if (!nr->cov) return cli_error("night", "out of memory");
    }
    gtref_catch_interrupts();
    nr->nrows = list->nrtl * list->ngroups;
    nr->rows = calloc(nr->nrows ? nr->nrows : 1, sizeof *nr->rows);
    if (!nr->rows) return cli_error("night", "out of memory");
    fprintf(stderr, "gtref night: list %s (%s), master seed %" PRIu64 ": %zu group%s on %zu RTL build%s, into %s\n",
            list->name, o->lists_path, o->master, list->ngroups, list->ngroups == 1 ? "" : "s", list->nrtl,
            list->nrtl == 1 ? "" : "s", nr->base);
    time_t start_time = nr->start_time = time(NULL);
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
    /* --max-seeds: the group's first seeds (the same ones the whole night runs first) */
    uint64_t seeds = o->max_seeds && grp->seeds > o->max_seeds ? o->max_seeds : grp->seeds;
    snprintf(row->group, sizeof row->group, "%02zu-%s-e%u", g + 1, grp->kind, grp->engines);
    if (strcmp(grp->kind, "directed") == 0)
        snprintf(row->what, sizeof row->what, "%s on %u engines", grp->directed, grp->engines);
    else if (seeds < grp->seeds)
        snprintf(row->what, sizeof row->what, "%" PRIu64 " of %" PRIu64 " seeds from %" PRIu64 " on %u engines",
                 seeds, grp->seeds, seed0, grp->engines);
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
        snprintf(num[2], 24, "%" PRIu64, seeds);
        snprintf(num[3], 24, "%" PRIu64, seed0);
        args[na++] = "--seeds";
        args[na++] = num[2];
        args[na++] = "--seed0";
        args[na++] = num[3];
    }
    if (o->coverage) { /* before the group's own options: its timeout= wins */
        args[na++] = "--coverage";
        args[na++] = "--timeout";
        args[na++] = NIGHT_COVERAGE_TIMEOUT;
    }
    for (size_t k = 0; k < grp->nopts; k++) {
        args[na++] = (char *)grp->opt[k];
        uint64_t asked;
        if (strcmp(grp->opt[k], "--min-cycles") == 0 && cli_parse_u64(grp->val[k], &asked) && asked > o->max_min_cycles) {
            /* --max-min-cycles (or a --max-seeds sample's default): a shorter long test */
            snprintf(num[4], 24, "%" PRIu64, o->max_min_cycles);
            args[na++] = num[4];
            size_t len = strlen(row->what);
            snprintf(row->what + len, sizeof row->what - len, ", min-cycles %" PRIu64 " of %" PRIu64, o->max_min_cycles,
                     asked);
            continue;
        }
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

/* --coverage, after the groups: for each RTL build, every group's merged counts (OUT/<list>/<rtl>/<group>/
 * rtl-coverage/merged.dat, linked as OUT/<list>/<rtl>/rtl-coverage/dat/cov-<group>.dat) merged and reported by
 * tools/rtl-coverage.sh report (waivers applied, --goal for the clean RTL with --coverage-goal); the figures read
 * back. A script that fails makes the night's exit status 2. */
static void night_coverage(night_run *nr)
{
    const night_opts *o = &nr->o;
    const gtref_test_list *list = nr->list;
    char today[11];
    if (o->today) snprintf(today, sizeof today, "%s", o->today);
    else gtref_today(today);
    for (size_t r = 0; r < list->nrtl; r++) {
        night_cov *c = &nr->cov[r];
        char rtldir[GTREF_PATH_MAX], dat[GTREF_PATH_MAX];
        if (!path_format(rtldir, sizeof rtldir, "night", "%s/%s", nr->base, list->rtl[r]) ||
            !path_format(c->dir, sizeof c->dir, "night", "%s/rtl-coverage", rtldir) ||
            !path_format(dat, sizeof dat, "night", "%s/dat", c->dir) || make_dirs(dat)) {
            fprintf(stderr, "gtref night: --coverage: cannot create %s/%s/rtl-coverage/dat: %s\n", nr->base,
                    list->rtl[r], strerror(errno));
            nr->worst = EXIT_USAGE;
            continue;
        }
        DIR *d = opendir(dat); /* an earlier night's links are not this night's */
        for (struct dirent *e; d && (e = readdir(d));) {
            char old[GTREF_PATH_MAX];
            if (strncmp(e->d_name, "cov-", 4) == 0 && path_format(old, sizeof old, "night", "%s/%s", dat, e->d_name))
                unlink(old);
        }
        if (d) closedir(d);
        unsigned long processes = 0;
        for (size_t g = 0; g < list->ngroups; g++) {
            const night_row *row = &nr->rows[r * list->ngroups + g];
            char merged[GTREF_PATH_MAX], link_path[GTREF_PATH_MAX], target[GTREF_PATH_MAX], np[GTREF_PATH_MAX];
            if (!row->ran) continue;
            /* relative, so that the night's folder may move */
            if (!path_format(merged, sizeof merged, "night", "%s/rtl-coverage/merged.dat", row->out) ||
                !path_format(target, sizeof target, "night", "../../%s/rtl-coverage/merged.dat", row->group) ||
                !path_format(link_path, sizeof link_path, "night", "%s/cov-%s.dat", dat, row->group))
                continue;
            if (access(merged, R_OK) != 0 || symlink(target, link_path) != 0) {
                fprintf(stderr, "gtref night: --coverage: group %s %s left no RTL coverage counts (%s: %s); the "
                        "night's figures for %s lack them\n", row->rtl, row->group, merged, strerror(errno), row->rtl);
                c->missing++;
                continue;
            }
            c->groups++;
            unsigned long p = 0; /* the group's processes, as tools/rtl-coverage.sh merge counted them */
            FILE *pf = path_format(np, sizeof np, "night", "%s/rtl-coverage/processes", row->out) ? fopen(np, "r") : NULL;
            if (pf && fscanf(pf, "%lu", &p) == 1) processes += p;
            if (pf) fclose(pf);
        }
        if (!c->groups) continue;
        bool goal = o->coverage_goal && strcmp(list->rtl[r], "clean") == 0;
        printf("\n== night %s: %s RTL coverage, merged over %zu group%s\n", list->name, list->rtl[r], c->groups,
               c->groups == 1 ? "" : "s");
        const char *words[20];
        char of[128], secs[32];
        snprintf(of, sizeof of, "the counts of the night's %zu group%s (%lu simulator processes)", c->groups,
                 c->groups == 1 ? "" : "s", processes);
        snprintf(secs, sizeof secs, "%.0f", difftime(time(NULL), nr->start_time));
        size_t n = 0;
        words[n++] = "bash";
        words[n++] = nr->cov_script;
        words[n++] = "report";
        words[n++] = rtldir;
        words[n++] = "--of";
        words[n++] = of;
        words[n++] = "--secs";
        words[n++] = secs;
        if (nr->cov_waivers[0]) words[n++] = "--waivers", words[n++] = nr->cov_waivers;
        words[n++] = "--today";
        words[n++] = today;
        words[n++] = "--no-summary";
        if (goal) words[n++] = "--goal";
        words[n] = NULL;
        int rc = gtref_run_script(words);
        unsigned long lh, lt, lw, bh, bt, bw, th, tt, tw, holes;
        double gl, gt;
        unsigned goal_l, goal_t;
        char figures[GTREF_PATH_MAX];
        FILE *f = rc == 0 || rc == 3 ? path_format(figures, sizeof figures, "night", "%s/figures", c->dir)
                                           ? fopen(figures, "r") : NULL
                                     : NULL;
        int got = f ? fscanf(f, "%lu %lu %lu %lu %lu %lu %lu %lu %lu %lf %lf %u %u %7s %lu", &lh, &lt, &lw, &bh, &bt,
                             &bw, &th, &tt, &tw, &gl, &gt, &goal_l, &goal_t, c->verdict, &holes)
                    : 0;
        if (f) fclose(f);
        if (got != 15) {
            fprintf(stderr, "gtref night: --coverage: the RTL coverage of %s could not be merged and reported (above; "
                    "%s exit status %d); to reproduce: bash %s report %s\n", list->rtl[r], nr->cov_script, rc,
                    nr->cov_script, rtldir);
            nr->worst = EXIT_USAGE;
            continue;
        }
        snprintf(c->figures, sizeof c->figures,
                 "lines %.1f%% (%lu/%lu, %lu waived), toggle bits %.1f%% (%lu/%lu, %lu waived), branches %lu/%lu "
                 "(%lu waived); goal lines >= %u%%, toggle >= %u%%: %s",
                 gl, lh, lt - lw, lw, gt, th, tt - tw, tw, bh, bt - bw, bw, goal_l, goal_t, c->verdict);
        c->measured = true;
        if (goal && strcmp(c->verdict, "PASS") != 0) nr->cov_goal_failed = true;
    }
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
    return nr->worst == EXIT_USAGE ? EXIT_USAGE : nr->worst || nr->cov_goal_failed ? EXIT_TESTS_FAILED : 0;
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
    size_t vlen = (size_t)snprintf(verdict, vsz, "%s", nr->worst || nr->cov_goal_failed ? "FAIL: " : "PASS");
    if (nr->worst && e->failed_groups) {
        vlen += (size_t)snprintf(verdict + vlen, vsz - vlen, "%zu of %zu group%s failed", e->failed_groups, nr->nrows,
                                 nr->nrows == 1 ? "" : "s");
        for (size_t i = 0, k = 0; i < nr->nrows && vlen < vsz; i++) {
            const night_row *row = &nr->rows[i];
            if (!row->rc) continue;
            vlen += (size_t)snprintf(verdict + vlen, vsz - vlen, "%s%s %s: %s", k++ ? "; " : " (", row->rtl, row->group,
                                     row->run.ran ? row->run.verdict.text : "could not run: see above");
        }
        if (vlen < vsz) vlen += (size_t)snprintf(verdict + vlen, vsz - vlen, ")");
    } else if (nr->worst && vlen < vsz) {
        vlen += (size_t)snprintf(verdict + vlen, vsz - vlen, "the RTL coverage could not be merged (see above)");
    }
    for (size_t r = 0; nr->cov_goal_failed && r < nr->list->nrtl && vlen < vsz; r++) /* the clean RTL's */
        if (nr->cov[r].measured && strcmp(nr->list->rtl[r], "clean") == 0)
            vlen += (size_t)snprintf(verdict + vlen, vsz - vlen, "%sRTL coverage of clean under the goal "
                                     "(--coverage-goal): %s", nr->worst ? "; " : "", nr->cov[r].figures);
    if (nr->interrupted) /* the night did not finish: no PASS or FAIL of the whole list */
        snprintf(verdict, vsz, "INTERRUPTED (%s): the night stopped before its end; resume it with --resume",
                 strsignal(nr->interrupted));
    char master_arg[24];
    snprintf(master_arg, sizeof master_arg, "%" PRIu64, nr->o.master);
    static const char *const path_opts[] = {"--lists", "--out", "--waivers", "--coverage-waivers", NULL};
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

/* Report: a sampled night (--max-seeds, --max-min-cycles) says so in OUT/<list>/night.md. */
static void night_md_sample(FILE *f, const night_run *nr)
{
    const night_opts *o = &nr->o;
    bool capped_cycles = false;
    for (size_t g = 0; g < nr->list->ngroups; g++)
        for (size_t k = 0; k < nr->list->groups[g].nopts; k++) {
            uint64_t asked;
            capped_cycles |= strcmp(nr->list->groups[g].opt[k], "--min-cycles") == 0 &&
                             cli_parse_u64(nr->list->groups[g].val[k], &asked) && asked > o->max_min_cycles;
        }
    if (!o->max_seeds && !capped_cycles) return;
    fputs("\n**A sample of the list**:", f);
    if (o->max_seeds)
        fprintf(f, " every random group ran at most its first %" PRIu64 " seed%s (`--max-seeds %" PRIu64 "`, the "
                   "seeds the whole night runs first)%s", o->max_seeds, o->max_seeds == 1 ? "" : "s", o->max_seeds,
                capped_cycles ? ";" : "");
    if (capped_cycles)
        fprintf(f, " a group's `min-cycles=` above %" PRIu64 " ran with %" PRIu64 " (`--max-min-cycles`%s)",
                o->max_min_cycles, o->max_min_cycles, o->max_min_cycles_text ? "" : ", the default of a --max-seeds sample");
    fprintf(f, ". Its tests are a subset of the full list's with the same master seed%s.\n",
            o->coverage ? ", so its RTL coverage is a lower bound of the full list's" : "");
}

/* Report: the RTL coverage of each RTL build, merged over the night's groups, in OUT/<list>/night.md: the figures,
 * then the report's own section (its table, goal, waivers), its heading one level down. */
static void night_md_coverage(FILE *f, const night_run *nr)
{
    for (size_t r = 0; nr->cov && r < nr->list->nrtl; r++) {
        const night_cov *c = &nr->cov[r];
        fprintf(f, "\n## RTL code coverage: %s\n\n", nr->list->rtl[r]);
        if (!c->measured) {
            fprintf(f, "Not measured: %s.\n", nr->interrupted ? "the night was interrupted (a --coverage night does "
                                                                 "not resume: rerun it whole)"
                                                               : "no group's counts could be merged (see the output)");
            continue;
        }
        fprintf(f, "Merged over %zu group%s%s: ", c->groups, c->groups == 1 ? "" : "s",
                nr->o.coverage_goal && strcmp(nr->list->rtl[r], "clean") == 0 ? " (judged: --coverage-goal)" : "");
        gtref_fputs_md(f, c->figures);
        fputs(".", f);
        if (c->missing)
            fprintf(f, " **%zu group%s that ran left no counts** (see the output): the figures lack them.", c->missing,
                    c->missing == 1 ? "" : "s");
        fputs("\n", f);
        char section[GTREF_PATH_MAX], line[4096];
        FILE *in = path_format(section, sizeof section, "night", "%s/section.md", c->dir) ? fopen(section, "r") : NULL;
        for (bool first = true; in && fgets(line, sizeof line, in); first = false) {
            if (first && strncmp(line, "## ", 3) == 0) continue; /* our heading stands for it */
            if (line[0] == '#') fputc('#', f);
            fputs(line, f);
        }
        if (in) fclose(in);
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
    night_md_sample(f, nr);
    night_md_coverage(f, nr);
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
    if (o->coverage) { /* kept records would run no simulator: their counts would be missing */
        const cli_rerun_default again[] = {{"--master-seed", seed_text, false}};
        if (resume_command(cli, argc, argv, again, 1, cmd, sizeof cmd))
            printf("a --coverage night does not resume (the tests kept would add no RTL coverage counts); rerun it "
                   "whole: %s\n", cmd);
        return;
    }
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
    for (size_t r = 0; nr->cov && r < nr->list->nrtl; r++)
        if (nr->cov[r].measured)
            printf("rtl coverage %s (%zu group%s merged%s): %s; section: %s/section.md\n", nr->list->rtl[r],
                   nr->cov[r].groups, nr->cov[r].groups == 1 ? "" : "s",
                   nr->o.max_seeds || nr->o.max_min_cycles_text ? ", a sample: a lower bound of the list's" : "",
                   nr->cov[r].figures, nr->cov[r].dir);
    printf("verdict: %s\n", e->verdict);
    if (e->all.waived) printf("%zu passed, %zu failed, %zu waived\n", e->all.passed, e->all.failed, e->all.waived);
    else printf("%zu passed, %zu failed\n", e->all.passed, e->all.failed);
}

static void night_run_free(night_run *nr)
{
    for (size_t i = 0; nr->rows && i < nr->nrows; i++) free(nr->rows[i].run.results);
    free(nr->rows);
    free(nr->cov);
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
    if (nr.o.coverage && !nr.interrupted) night_coverage(&nr);

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
