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

#include "../scoreboard/regress_report.h"
#include "gtref/test_list.h"
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

int gtref_cmd_night(const gtref_cli *cli, int argc, char **argv)
{
    const char *lists_path = "tests/lists.txt", *out_opt = NULL, *waivers = NULL, *today = NULL;
    const char *launcher = NULL, *slurm_opts = NULL;
    uint64_t master = 0, jobs = default_jobs(), per_process = 0;
    bool have_master = false, resume = false, print_sims = false, check_only = false, rerun_failed = false;
    const char *master_text = NULL;
    const cli_opt opts[] = {
        {"--lists", CLI_STRING, &lists_path, 0, 0},       {"--master-seed", CLI_STRING, &master_text, 0, 0},
        {"--out", CLI_STRING, &out_opt, 0, 0},            {"--jobs", CLI_U64, &jobs, 1, 256},
        {"--resume", CLI_FLAG, &resume, 0, 0},            {"--waivers", CLI_STRING, &waivers, 0, 0},
        {"--rerun-failed", CLI_FLAG, &rerun_failed, 0, 0},
        {"--today", CLI_STRING, &today, 0, 0},            {"--print-sims", CLI_FLAG, &print_sims, 0, 0},
        {"--launcher", CLI_STRING, &launcher, 0, 0},      {"--slurm-opts", CLI_STRING, &slurm_opts, 0, 0},
        {"--check", CLI_FLAG, &check_only, 0, 0},
        {"--tests-per-process", CLI_U64, &per_process, 1, MAX_TESTS_PER_PROCESS},
    };
    const char *name[1];
    size_t nname;
    enum cli_parse_result pr = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0], name, 1, &nname);
    if (pr == CLI_HELP) return gtref_print_usage("night"), 0;
    if (pr == CLI_BAD) return EXIT_USAGE;
    if (resume && rerun_failed) return cli_usage_error("night", "--resume and --rerun-failed: one or the other");
    if (master_text) {
        if (!cli_parse_u64(master_text, &master)) return cli_usage_error("night", "--master-seed '%s': a number", master_text);
        have_master = true;
    }

    gtref_test_lists ls = {0};
    char err[2048];
    if (gtref_lists_load(&ls, lists_path, known_options(), err, sizeof err)) {
        gtref_lists_free(&ls);
        return cli_usage_error("night", "%s", err);
    }
    if (nname != 1) {
        fprintf(stderr, "gtref night: which list? %s defines:", lists_path);
        for (size_t i = 0; i < ls.n; i++) fprintf(stderr, " %s", ls.lists[i].name);
        fputc('\n', stderr);
        gtref_lists_free(&ls);
        return EXIT_USAGE;
    }
    const gtref_test_list *list = gtref_lists_find(&ls, name[0]);
    if (!list) {
        fprintf(stderr, "gtref night: %s defines no list '%s'; it defines:", lists_path, name[0]);
        for (size_t i = 0; i < ls.n; i++) fprintf(stderr, " %s", ls.lists[i].name);
        fputc('\n', stderr);
        gtref_lists_free(&ls);
        return EXIT_USAGE;
    }

    if (print_sims) { /* the simulators the list needs, as make targets relative to the project */
        for (size_t r = 0; r < list->nrtl; r++)
            for (unsigned e = 1; e <= 4; e++)
                for (size_t g = 0; g < list->ngroups; g++)
                    if (list->groups[g].engines == e) {
                        printf("build/sim/%s/e%u/Vtb_top\n", list->rtl[r], e);
                        break;
                    }
        gtref_lists_free(&ls);
        return 0;
    }
    if (!have_master) { /* a night's default master seed is its date: printed, so the night replays */
        char d[11];
        if (today) snprintf(d, sizeof d, "%s", today);
        else gtref_today(d);
        master = strtoull(d, NULL, 10) * 10000 + strtoull(d + 5, NULL, 10) * 100 + strtoull(d + 8, NULL, 10);
    }

    char out[GTREF_PATH_MAX];
    snprintf(out, sizeof out, "%s", out_opt ? out_opt : "build/night");
    strip_trailing_slashes(out);
    char base[GTREF_PATH_MAX];
    if (!path_format(base, sizeof base, "night", "%s/%s", out, list->name) || make_dirs(base)) {
        gtref_lists_free(&ls);
        return cli_error("night", "cannot create %s/%s: %s", out, list->name, strerror(errno));
    }
    gtref_waivers night_ws = {0};
    if (waivers && !print_sims) { /* the night judges "matched nothing" over all its groups (docs/waivers.md) */
        char werr[1024];
        if (gtref_waivers_load(&night_ws, waivers, werr, sizeof werr)) {
            gtref_waivers_free(&night_ws);
            gtref_lists_free(&ls);
            return cli_usage_error("night", "%s", werr);
        }
    }
    gtref_catch_interrupts();
    size_t nrows = list->nrtl * list->ngroups;
    night_row *rows = calloc(nrows ? nrows : 1, sizeof *rows);
    if (!rows) return gtref_lists_free(&ls), cli_error("night", "out of memory");
    fprintf(stderr, "gtref night: list %s (%s), master seed %" PRIu64 ": %zu group%s on %zu RTL build%s, into %s\n",
            list->name, lists_path, master, list->ngroups, list->ngroups == 1 ? "" : "s", list->nrtl,
            list->nrtl == 1 ? "" : "s", base);

    time_t start_time = time(NULL);
    char started[32];
    {
        struct tm tm;
        gmtime_r(&start_time, &tm);
        strftime(started, sizeof started, "%Y-%m-%dT%H:%M:%SZ", &tm);
    }
    /* each group prints a few lines (no bucket list): the night's buckets come at its end */
    gtref_cli group_cli = *cli;
    group_cli.compact = true;
    int worst = 0, interrupted = 0;
    /* pass 0 checks every group's options before anything runs; pass 1 runs them */
    for (int pass = 0; pass < 2; pass++) {
    if (pass == 1 && check_only) {
        printf("list %s (%s): %zu group%s on %zu RTL build%s, every option valid\n", list->name, lists_path,
               list->ngroups, list->ngroups == 1 ? "" : "s", list->nrtl, list->nrtl == 1 ? "" : "s");
        free(rows);
        gtref_lists_free(&ls);
        return 0;
    }
    size_t k = 0;
    for (size_t r = 0; r < list->nrtl; r++) {
        for (size_t g = 0; g < list->ngroups; g++, k++) {
            const gtref_list_group *grp = &list->groups[g];
            night_row *row = &rows[k];
            snprintf(row->rtl, sizeof row->rtl, "%s", list->rtl[r]);
            uint64_t seed0 = grp->has_seed0 ? grp->seed0 : gtref_list_seed0(master, g);
            snprintf(row->group, sizeof row->group, "%02zu-%s-e%u", g + 1, grp->kind, grp->engines);
            if (strcmp(grp->kind, "directed") == 0)
                snprintf(row->what, sizeof row->what, "%s on %u engines", grp->directed, grp->engines);
            else
                snprintf(row->what, sizeof row->what, "%" PRIu64 " seeds from %" PRIu64 " on %u engines", grp->seeds,
                         seed0, grp->engines);
            if (!path_format(row->out, sizeof row->out, "night", "%s/%s/%s", base, row->rtl, row->group)) {
                row->rc = EXIT_USAGE;
                continue;
            }
            char num[7][24];
            char *args[MAX_ARGS];
            int na = 0;
            args[na++] = "regress";
            args[na++] = "--rtl";
            args[na++] = row->rtl;
            args[na++] = "--out";
            args[na++] = row->out;
            snprintf(num[0], sizeof num[0], "%u", grp->engines);
            args[na++] = "--engines";
            args[na++] = num[0];
            snprintf(num[1], sizeof num[1], "%" PRIu64, jobs);
            args[na++] = "--jobs";
            args[na++] = num[1];
            if (strcmp(grp->kind, "directed") == 0) {
                args[na++] = "--directed";
                args[na++] = (char *)grp->directed;
                args[na++] = "--seeds";
                args[na++] = "0";
            } else {
                snprintf(num[2], sizeof num[2], "%" PRIu64, grp->seeds);
                snprintf(num[3], sizeof num[3], "%" PRIu64, seed0);
                args[na++] = "--seeds";
                args[na++] = num[2];
                args[na++] = "--seed0";
                args[na++] = num[3];
            }
            for (size_t o = 0; o < grp->nopts; o++) {
                args[na++] = (char *)grp->opt[o];
                if (grp->val[o][0]) args[na++] = (char *)grp->val[o];
            }
            if (resume) args[na++] = "--resume";
            if (rerun_failed) args[na++] = "--rerun-failed";
            if (waivers) args[na++] = "--waivers", args[na++] = (char *)waivers;
            if (today) args[na++] = "--today", args[na++] = (char *)today;
            if (launcher) args[na++] = "--launcher", args[na++] = (char *)launcher;
            if (slurm_opts) args[na++] = "--slurm-opts", args[na++] = (char *)slurm_opts;
            if (per_process) {
                snprintf(num[6], sizeof num[6], "%" PRIu64, per_process);
                args[na++] = "--tests-per-process";
                args[na++] = num[6];
            }
            args[na] = NULL;
            if (pass == 0) {
                if (gtref_regress_check_options(na, args)) {
                    fprintf(stderr, "gtref night: %s:%d: the options of this group are not valid (above)\n", grp->file,
                            grp->line);
                    free(rows);
                    gtref_lists_free(&ls);
                    return EXIT_USAGE;
                }
                continue;
            }
            row->outcome.total = group_tests(grp);
            if (interrupted) continue; /* not started: the night stops at the group it was interrupted in */
            printf("\n== night %s: %s group %s (%s, %s:%d)\n", list->name, row->rtl, row->group, row->what, grp->file,
                   grp->line);
            fflush(stdout);
            group_cli.sink = &row->run;
            gtref_regress_set_night(&night_ws);
            row->rc = gtref_cmd_regress(&group_cli, na, args);
            gtref_regress_set_night(NULL);
            fflush(stdout);
            row->ran = true;
            gtref_regress_last_outcome(&row->outcome);
            if (row->outcome.total == 0) row->outcome.total = group_tests(grp); /* stopped before it counted */
            row->t.total = row->outcome.done;
            row->t.passed = row->outcome.passed;
            row->t.failed = row->outcome.failed;
            row->t.waived = row->outcome.waived;
            if (row->rc > 128 && row->rc < 128 + 65) interrupted = row->rc - 128;
            else if (gtref_interrupted) interrupted = gtref_interrupted;
            else if (row->rc > worst) worst = row->rc;
        }
    }
    }

    /* the night's verdict, its rerun commands, OUT/<list>/night.md, then on stdout the groups, the buckets of every
     * group with their replay commands, the verdict and the totals */
    gtref_tally all = {0};
    size_t failed_groups = 0;
    const char *build = NULL, *verilator = NULL;
    for (size_t i = 0; i < nrows; i++) {
        const night_row *row = &rows[i];
        all.total += row->t.total;
        all.passed += row->t.passed;
        all.failed += row->t.failed;
        all.waived += row->t.waived;
        failed_groups += row->rc != 0;
        if (!build && row->run.build[0]) build = row->run.build;
        if (!verilator && row->run.verilator[0]) verilator = row->run.verilator;
    }
    char verdict[1024];
    size_t vlen = (size_t)snprintf(verdict, sizeof verdict, "%s", worst ? "FAIL: " : "PASS");
    if (worst) {
        vlen += (size_t)snprintf(verdict + vlen, sizeof verdict - vlen, "%zu of %zu group%s failed", failed_groups, nrows,
                                 nrows == 1 ? "" : "s");
        for (size_t i = 0, k = 0; i < nrows && vlen < sizeof verdict; i++) {
            if (!rows[i].rc) continue;
            vlen += (size_t)snprintf(verdict + vlen, sizeof verdict - vlen, "%s%s %s: %s", k++ ? "; " : " (", rows[i].rtl,
                                     rows[i].group,
                                     rows[i].run.ran ? rows[i].run.verdict.text : "could not run: see above");
        }
        if (vlen < sizeof verdict) snprintf(verdict + vlen, sizeof verdict - vlen, ")");
    }
    if (interrupted) /* the night did not finish: no PASS or FAIL of the whole list */
        snprintf(verdict, sizeof verdict, "INTERRUPTED (%s): the night stopped before its end; resume it with --resume",
                 strsignal(interrupted));
    static char rerun[16384], rerun_failed_cmd[16384 + 32];
    char master_arg[24];
    snprintf(master_arg, sizeof master_arg, "%" PRIu64, master);
    static const char *const path_opts[] = {"--lists", "--out", "--waivers", NULL};
    static const char *const drop[] = {"--resume", "--rerun-failed", NULL};
    const cli_rerun_default defaults[] = {{"--master-seed", master_arg, false}, {"--lists", lists_path, true},
                                          {"--out", out, true}};
    bool have_rerun = rerun_command(cli, argc, argv, path_opts, drop, defaults, 3, rerun, sizeof rerun);
    if (have_rerun) snprintf(rerun_failed_cmd, sizeof rerun_failed_cmd, "%s --rerun-failed", rerun);
    bool any_not_passed = all.failed || all.waived;

    char md[GTREF_PATH_MAX];
    FILE *f = path_format(md, sizeof md, "night", "%s/night.md", base) ? fopen(md, "w") : NULL;
    if (f) {
        fputs("# gtref night: ", f);
        gtref_fputs_md(f, list->name);
        fputs("\n\n**Verdict: ", f);
        gtref_fputs_md(f, verdict);
        fprintf(f, "** (exit status %d)\n\n", interrupted ? 128 + interrupted
                                             : worst == EXIT_USAGE ? EXIT_USAGE : worst ? EXIT_TESTS_FAILED : 0);
        fprintf(f, "- started: %s (UTC)\n- list file: `%s`\n- master seed: %" PRIu64 "\n", started, lists_path, master);
        if (build) fprintf(f, "- kit version: `%s` (the simulators' build id: git describe of the kit)\n", build);
        if (verilator) fprintf(f, "- Verilator: %s\n", verilator);
        fprintf(f, "- RTL builds: ");
        for (size_t r = 0; r < list->nrtl; r++) fprintf(f, "%s%s", r ? ", " : "", list->rtl[r]);
        fputc('\n', f);
        if (have_rerun) {
            fputs("- rerun this night: ", f);
            gtref_fputs_md_code(f, rerun);
            if (any_not_passed) {
                fputs("\n- rerun its failed tests: ", f);
                gtref_fputs_md_code(f, rerun_failed_cmd);
            }
            fputc('\n', f);
        }
        fputs("\n| RTL | group | what | passed | failed | waived | exit | verdict | summary |\n"
              "|---|---|---|---|---|---|---|---|---|\n", f);
        for (size_t i = 0; i < nrows; i++) {
            const night_row *row = &rows[i];
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
        fprintf(f, "\n**%zu passed, %zu failed, %zu waived**\n", all.passed, all.failed, all.waived);
        if (interrupted)
            fprintf(f, "\n**Interrupted (%s)**: the counts are this night's tests so far; the night ends with "
                       "`--resume` (`make night ... RESUME=1`), the command printed on stdout.\n", strsignal(interrupted));
        if (fclose(f)) fprintf(stderr, "gtref night: cannot write %s\n", md);
    } else {
        fprintf(stderr, "gtref night: cannot write %s: %s\n", md, strerror(errno));
    }
    bool default_lists = strcmp(lists_path, "tests/lists.txt") == 0;
    char self[GTREF_PATH_MAX];
    printf("\nnight %s, master seed %" PRIu64 ", started %s: %s\n", list->name, master, started, md);
    size_t kept = 0, done = 0, total = 0;
    for (size_t i = 0; i < nrows; i++) {
        const night_row *row = &rows[i];
        kept += row->outcome.kept;
        done += row->outcome.done;
        total += row->outcome.total;
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
    if (interrupted) {
        /* this night's own counts (never records an earlier night left), the resume command, 128 + the signal */
        size_t rp = 0, rf = 0, rw = 0, kp = 0, kf = 0, kw = 0;
        for (size_t i = 0; i < nrows; i++) {
            const gtref_regress_outcome *o = &rows[i].outcome;
            rp += o->passed - o->kept_passed, rf += o->failed - o->kept_failed, rw += o->waived - o->kept_waived;
            kp += o->kept_passed, kf += o->kept_failed, kw += o->kept_waived;
        }
        printf("night %s interrupted (%s) after %zu of %zu tests: %zu passed, %zu failed", list->name,
               strsignal(interrupted), done, total, rp, rf);
        if (rw) printf(", %zu waived", rw);
        printf(" (this night)");
        if (kept) {
            printf(", and %zu kept from an earlier run by --resume (%zu passed, %zu failed", kept, kp, kf);
            if (kw) printf(", %zu waived", kw);
            printf(")");
        }
        printf("\n");
        char cmd[8192], seed_text[24];
        snprintf(seed_text, sizeof seed_text, "%" PRIu64, master);
        /* started by make night (its options only): resume the same way, and give the gtref form too */
        bool mk = getenv("MAKELEVEL") && default_lists && !out_opt && !today && !launcher && !slurm_opts && !per_process;
        char cwd[GTREF_PATH_MAX];
        if (mk && getcwd(cwd, sizeof cwd))
            printf("resume with: make -C %s night LIST=%s MASTER_SEED=%s RESUME=1\n", cwd, list->name, seed_text);
        const char *const extra_seed[] = {"--resume", NULL};
        char **args2 = calloc((size_t)argc + 3, sizeof *args2);
        int n2 = 0;
        if (args2) {
            for (int i = 0; i < argc; i++) args2[n2++] = argv[i];
            if (!master_text) args2[n2++] = "--master-seed", args2[n2++] = seed_text; /* the date may change */
        }
        if (args2 && resume_command(cli, n2, args2, extra_seed, cmd, sizeof cmd))
            printf("%s %s\n", mk ? "         or:" : "resume with:", cmd);
        free(args2);
    } else {
        /* waivers that matched nothing in every group that covered their scope (none covered: not judged) */
        char today_text[11];
        if (today) snprintf(today_text, sizeof today_text, "%s", today);
        else gtref_today(today_text);
        for (size_t i = 0; i < night_ws.n; i++) {
            const gtref_waiver *w = &night_ws.w[i];
            if (gtref_waiver_stale(w, today_text))
                printf("waiver %s (%s:%d, %s, owner %s) matched nothing in the %zu group%s of this night that covered "
                       "its scope: the failure it waives is gone, remove it\n",
                       w->name, w->file, w->line, w->ticket, w->owner, w->scoped_runs, w->scoped_runs == 1 ? "" : "s");
        }
        if (have_rerun) {
            printf("rerun the night: %s\n", rerun);
            if (any_not_passed) printf("rerun its failed tests: %s\n", rerun_failed_cmd);
        } else {
            printf("rerun the night: %s night %s --master-seed %" PRIu64 "\n", gtref_self(cli, self, sizeof self),
                   list->name, master);
        }
        print_night_buckets(stdout, rows, nrows);
        printf("verdict: %s\n", verdict);
        if (all.waived) printf("%zu passed, %zu failed, %zu waived\n", all.passed, all.failed, all.waived);
        else printf("%zu passed, %zu failed\n", all.passed, all.failed);
    }
    for (size_t i = 0; i < nrows; i++) free(rows[i].run.results);
    free(rows);
    gtref_lists_free(&ls);
    gtref_waivers_free(&night_ws);
    if (interrupted) return 128 + interrupted;
    return worst == EXIT_USAGE ? EXIT_USAGE : worst ? EXIT_TESTS_FAILED : 0;
}
