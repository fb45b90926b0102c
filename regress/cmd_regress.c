/* gtref regress: stimulus for every directed test and random seed, the simulator once per test in parallel,
 * a result record per test as soon as it ends, then summary.md, junit.xml and the buckets on stdout.
 *
 * OUT/stim/<test>.stim, OUT/results/<test>.result, OUT/logs/<test>.log, OUT/summary.md, OUT/junit.xml */
#define _XOPEN_SOURCE 700 /* gmtime_r */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gtref/regress_report.h"
#include "gtref/file_io.h"
#include "gtref/history.h"
#include "gtref/waiver.h"
#include "gtref_cli.h"
#include "sim_runner.h"

#define MAX_SEEDS 50000u /* about 8 KiB of memory per test */
#define MAX_JOBS 256u

typedef struct regress_options {
    const char *sim, *rtl, *directed, *out, *waivers, *today, *launcher, *slurm_opts, *history;
    const char *sim_arg;  /* --sim-arg +PLUSARG: one more plusarg for every simulator run (tests of the harness) */
    const char *coverage_waivers; /* --coverage-waivers FILE (default: the kit's waivers/rtl-coverage.txt) */
    bool rtl_coverage, coverage_goal; /* --coverage, --coverage-goal */
    uint64_t seeds, seed0, jobs, timeout_s, max_cycles, max_memory_mb, max_log_mb;
    uint64_t tests_per_process;
    bool expect_fail, require_coverage, resume, rerun_failed;
    char sim_build[128];  /* the simulator's build id (+describe): a resumed record must come from it */
    gen_opts gen;
} regress_options;

typedef struct regress_progress {
    size_t total, done, passed, failed, waived;
    const gtref_waivers *waivers; /* a failure an unexpired waiver matches shows as waived */
    const char *today;
    size_t last_done;
    double start_s, last_s;
    bool tty;
} regress_progress;

static void on_test_event(void *ctx, const gtref_result *finished)
{
    regress_progress *p = ctx;
    if (finished) {
        p->done++;
        bool waived = false;
        for (size_t i = 0; finished->status != GTREF_PASS && finished->status != GTREF_UNIMPLEMENTED && i < p->waivers->n; i++)
            if (gtref_waiver_matches(&p->waivers->w[i], finished) && !gtref_waiver_expired(&p->waivers->w[i], p->today))
                waived = true;
        if (finished->status == GTREF_PASS) p->passed++;
        else if (waived) p->waived++;
        else p->failed++;
    }
    double now = monotonic_seconds();
    if (!gtref_progress_due(p->tty, p->done, p->total, p->last_done, now, p->last_s)) return;
    char line[256];
    gtref_progress_format(line, sizeof line, p->done, p->total, p->passed, p->failed, p->waived, now - p->start_s);
    if (p->tty) fprintf(stderr, "\r%s\033[K", line);
    else fprintf(stderr, "%s\n", line);
    fflush(stderr);
    p->last_done = p->done;
    p->last_s = now;
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void free_strings(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++) free(v[i]);
    free(v);
}

/* The .gts files of dir, sorted by name. 0, or an exit code after a message. */
static int list_gts_files(const char *dir, char ***names, size_t *n)
{
    *names = NULL;
    *n = 0;
    DIR *d = opendir(dir);
    if (!d) return cli_error("regress", "--directed %s: %s", dir, strerror(errno));
    size_t cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.' || !has_suffix(e->d_name, ".gts")) continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 64;
            char **grown = realloc(*names, cap * sizeof *grown);
            if (!grown) goto nomem;
            *names = grown;
        }
        if (!((*names)[*n] = strdup(e->d_name))) goto nomem;
        (*n)++;
    }
    closedir(d);
    if (*n) qsort(*names, *n, sizeof **names, compare_strings);
    return 0;
nomem:
    closedir(d);
    free_strings(*names, *n);
    *names = NULL;
    *n = 0;
    return cli_error("regress", "out of memory");
}

/* -1 to go on, otherwise the exit code (after --help or a usage error). */
static int parse_options(int argc, char **argv, regress_options *o)
{
    *o = (regress_options){.seeds = 200, .seed0 = 1, .jobs = default_jobs(), .timeout_s = DEFAULT_TIMEOUT_S,
                          .max_memory_mb = DEFAULT_MAX_MEMORY_MB, .max_log_mb = DEFAULT_MAX_LOG_MB,
                          .tests_per_process = DEFAULT_TESTS_PER_PROCESS};
    const cli_opt own[] = {
        {"--max-memory", CLI_U64, &o->max_memory_mb, 1, MAX_MEMORY_MB_LIMIT},
        {"--max-log", CLI_U64, &o->max_log_mb, 1, MAX_LOG_MB_LIMIT},
        {"--sim-arg", CLI_STRING, &o->sim_arg, 0, 0},
        {"--tests-per-process", CLI_U64, &o->tests_per_process, 1, MAX_TESTS_PER_PROCESS},
        {"--history", CLI_STRING, &o->history, 0, 0},
        {"--launcher", CLI_STRING, &o->launcher, 0, 0},
        {"--slurm-opts", CLI_STRING, &o->slurm_opts, 0, 0},
        {"--max-cycles", CLI_U64, &o->max_cycles, 1, UINT64_MAX},
        {"--resume", CLI_FLAG, &o->resume, 0, 0},
        {"--rerun-failed", CLI_FLAG, &o->rerun_failed, 0, 0},
        {"--waivers", CLI_STRING, &o->waivers, 0, 0},
        {"--today", CLI_STRING, &o->today, 0, 0},
        {"--sim", CLI_STRING, &o->sim, 0, 0},
        {"--rtl", CLI_STRING, &o->rtl, 0, 0},
        {"--directed", CLI_STRING, &o->directed, 0, 0},
        {"--out", CLI_STRING, &o->out, 0, 0},
        {"--seeds", CLI_U64, &o->seeds, 0, MAX_SEEDS},
        {"--seed0", CLI_U64, &o->seed0, 0, UINT64_MAX - MAX_SEEDS},
        {"--jobs", CLI_U64, &o->jobs, 1, MAX_JOBS},
        {"--timeout", CLI_U64, &o->timeout_s, 1, 7 * 24 * 3600},
        {"--expect-fail", CLI_FLAG, &o->expect_fail, 0, 0},
        {"--require-coverage", CLI_FLAG, &o->require_coverage, 0, 0},
        {"--coverage", CLI_FLAG, &o->rtl_coverage, 0, 0},
        {"--coverage-goal", CLI_FLAG, &o->coverage_goal, 0, 0},
        {"--coverage-waivers", CLI_STRING, &o->coverage_waivers, 0, 0},
    };
    GEN_OPTS_TABLE(opts, own, &o->gen);
    const char *positional[1];
    size_t npositional;
    enum cli_parse_result pr = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0], positional, 0, &npositional);
    if (pr == CLI_HELP) {
        gtref_print_usage("regress");
        return 0;
    }
    if (pr == CLI_BAD) return EXIT_USAGE;
    if (!o->rtl) return cli_usage_error("regress", "--rtl NAME is required");
    if (o->gen.min_cmds > o->gen.max_cmds)
        return cli_usage_error("regress", "--min-cmds %" PRIu64 " is more than --max-cmds %" PRIu64, o->gen.min_cmds,
                               o->gen.max_cmds);
    if (!valid_rtl_name(o->rtl))
        return cli_usage_error("regress", "--rtl '%s': a configuration name (letters, digits, - and _, at most %zu)",
                               o->rtl, RTL_NAME_MAX);
    if (o->sim_arg && o->sim_arg[0] != '+')
        return cli_usage_error("regress", "--sim-arg '%s': a simulator plusarg, starting with +", o->sim_arg);
    if (o->launcher && strcmp(o->launcher, "local") != 0 && strcmp(o->launcher, "slurm") != 0)
        return cli_usage_error("regress", "--launcher '%s': local (the default) or slurm", o->launcher);
    if (o->resume && o->rerun_failed)
        return cli_usage_error("regress", "--resume and --rerun-failed: one or the other (--rerun-failed also runs the "
                               "tests without a record)");
    if (o->today && !gtref_valid_date(o->today))
        return cli_usage_error("regress", "--today '%s': a date written YYYY-MM-DD", o->today);
    if ((o->coverage_goal || o->coverage_waivers) && !o->rtl_coverage)
        return cli_usage_error("regress", "%s without --coverage: the RTL coverage goal and its waivers belong to a "
                               "--coverage run", o->coverage_goal ? "--coverage-goal" : "--coverage-waivers");
    if (o->rtl_coverage && (o->resume || o->rerun_failed))
        return cli_usage_error("regress", "--coverage with %s: the tests whose records are kept would not run, and "
                               "their RTL coverage would be missing; run them all", o->resume ? "--resume" : "--rerun-failed");
    return -1; /* go on */
}

static bool same_bytes(const char *a, const char *b)
{
    uint8_t *x = NULL, *y = NULL;
    size_t nx, ny;
    char err[256];
    bool same = gtref_file_read_all(a, SIZE_MAX / 2, &x, &nx, err, sizeof err) == 0 &&
                gtref_file_read_all(b, SIZE_MAX / 2, &y, &ny, err, sizeof err) == 0 && nx == ny &&
                memcmp(x, y, nx) == 0;
    free(x);
    free(y);
    return same;
}

/* --resume: keep test t's existing record when it is complete, from this simulator build, and its stimulus
 * is byte for byte what this run makes (a changed option or generator gives other bytes, and the test runs
 * again). --rerun-failed: keep it when it passed and its stimulus is the same, whichever build ran it (a fixed
 * RTL is another build), so that only the failed tests (and those without a record) run.
 * 1 kept (its record in *r), 0 run it, -1 error in err. */
static int resume_test(const regress_options *o, const char *gts, bool directed, uint64_t seed,
                       const gtref_gen_config *config, const sim_test *t, gtref_result *r, char *err, size_t errsz)
{
    gtref_result old;
    char rerr[512];
    if (access(t->result, F_OK) != 0 || access(t->stim, R_OK) != 0) return 0;
    if (gtref_result_read_file(&old, t->result, rerr, sizeof rerr)) return 0; /* half-written or stale format */
    if (strncmp(old.test, t->name, sizeof old.test) != 0 || strncmp(old.rtl, o->rtl, sizeof old.rtl) != 0)
        return 0;
    if (o->rerun_failed ? old.status != GTREF_PASS : strncmp(old.build, o->sim_build, sizeof old.build) != 0) return 0;
    char fresh[GTREF_PATH_MAX];
    int n = snprintf(fresh, sizeof fresh, "%s.resume", t->stim);
    if (n < 0 || (size_t)n >= sizeof fresh) return snprintf(err, errsz, "%s: path too long", t->stim), -1;
    uint64_t s2 = seed;
    int rc = directed ? stim_file_from_gts(gts, fresh, &s2, rerr, sizeof rerr)
                      : stim_file_from_seed(seed, config, fresh, rerr, sizeof rerr);
    bool keep = rc == 0 && same_bytes(fresh, t->stim);
    unlink(fresh);
    if (keep) *r = old;
    return keep ? 1 : 0;
}

/* Fill tests[] and make their stimuli; a stimulus that cannot be made gives an ERROR result at once.
 * 0, or an exit code after a message. */
static int prepare_tests(const gtref_cli *cli, const regress_options *o, const char *out, const sim_setup *setup,
                         char **gts_files, size_t ndirected, sim_test *tests, gtref_result *results, size_t *resumed)
{
    *resumed = 0;
    size_t n = ndirected + (size_t)o->seeds;
    gtref_gen_config config;
    gen_opts_config(&o->gen, &config);
    for (size_t i = 0; i < n && !gtref_interrupted; i++) { /* Ctrl-C: the run stops before any test runs */
        sim_test *t = &tests[i];
        char name[256], gts[GTREF_PATH_MAX], stim[GTREF_PATH_MAX], result[GTREF_PATH_MAX], log[GTREF_PATH_MAX];
        uint64_t seed = 0;
        if (i < ndirected) {
            test_name_of(gts_files[i], name, sizeof name);
            if (!path_format(gts, sizeof gts, "regress", "%s/%s", o->directed, gts_files[i])) return EXIT_USAGE;
            uint64_t clash;
            if (strncmp(name, "rand-", 5) == 0 && sscanf(name + 5, "%" SCNu64, &clash) == 1 && clash >= o->seed0 &&
                clash - o->seed0 < o->seeds)
                return cli_error("regress", "%s: a directed test may not be named like random seed %" PRIu64, gts,
                                 clash);
        } else {
            seed = o->seed0 + (i - ndirected);
            snprintf(name, sizeof name, "rand-%" PRIu64, seed);
        }
        if (strlen(name) >= sizeof t->name)
            return cli_error("regress", "%s: test name longer than %zu characters", name, sizeof t->name - 1);
        if (!path_format(stim, sizeof stim, "regress", "%s/stim/%s.stim", out, name) ||
            !path_format(result, sizeof result, "regress", "%s/results/%s.result", out, name) ||
            !path_format(log, sizeof log, "regress", "%s/logs/%s.log", out, name) ||
            !sim_test_init(t, name, seed, stim, result, log) ||
            !replay_command(cli, result, setup->sim, setup->rtl, setup->engines, setup->timeout_s, t->replay, sizeof t->replay) ||
            !replay_command_limits(setup->max_memory_mb, setup->max_log_mb, t->replay, sizeof t->replay))
            return cli_error("regress", "%s: paths too long for a result record (at most %zu characters)", name,
                             SIM_PATH_MAX - 1);

        char err[1024];
        if (o->resume || o->rerun_failed) {
            int kept = resume_test(o, gts, i < ndirected, seed, &config, t, &results[i], err, sizeof err);
            if (kept < 0) return cli_error("regress", "%s: %s", o->resume ? "--resume" : "--rerun-failed", err);
            if (kept) {
                t->skip = t->kept = true;
                (*resumed)++;
                continue;
            }
        }
        int rc = i < ndirected ? stim_file_from_gts(gts, stim, &t->seed, err, sizeof err)
                               : stim_file_from_seed(seed, &config, stim, err, sizeof err);
        if (rc) {
            /* the record names the .gts, so that a replay assembles it again */
            if (i < ndirected && !copy_string(t->stim, sizeof t->stim, gts))
                return cli_error("regress", "%s: path too long for a result record", gts);
            t->skip = true;
            sim_error_result(setup, t, err, &results[i]);
            char werr[512];
            if (gtref_result_write_file(&results[i], t->result, werr, sizeof werr))
                fprintf(stderr, "gtref: warning: %s\n", werr);
        }
    }
    return 0;
}

static int write_report(const char *path, const gtref_regress_info *info, const gtref_result *results, size_t n,
                        int (*writer)(FILE *, const gtref_regress_info *, const gtref_result *, size_t))
{
    FILE *f = fopen(path, "w");
    if (!f) return cli_error("regress", "%s: %s", path, strerror(errno));
    int rc = writer(f, info, results, n);
    if (fclose(f) || rc) return cli_error("regress", "%s: write error", path);
    return 0;
}

static void print_expect_fail_verdict(const gtref_tally *t, const gtref_bucket *buckets, size_t nbuckets)
{
    if (gtref_expect_fail_met(t)) {
        printf("expect-fail: caught: %zu test%s failed with a mismatch, in %zu bucket%s (above)\n", t->mismatches,
               t->mismatches == 1 ? "" : "s", nbuckets, nbuckets == 1 ? "" : "s");
        (void)buckets;
        return;
    }
    if (t->mismatches == 0) printf("expect-fail: NOT caught: no test failed with a mismatch\n");
    size_t broken = t->by_status[GTREF_ERROR] + t->by_status[GTREF_CRASH] + t->by_status[GTREF_TIMEOUT];
    if (broken)
        printf("expect-fail: %zu test%s ended in ERROR, CRASH or TIMEOUT (%zu, %zu, %zu): a bug must be caught by "
               "mismatches alone\n",
               broken, broken == 1 ? "" : "s", t->by_status[GTREF_ERROR], t->by_status[GTREF_CRASH],
               t->by_status[GTREF_TIMEOUT]);
}


/* The functional coverage of the run's stimuli: the table into OUT/coverage.md (stdout gets a summary); the first
 * few holes' names into names. */
static int regress_coverage(const char *out, const gtref_result *results, size_t n, size_t *holes, size_t *bins,
                            char *names, size_t namesz)
{
    const char **paths = calloc(n ? n : 1, sizeof *paths);
    if (!paths) return cli_error("regress", "out of memory");
    for (size_t i = 0; i < n; i++) paths[i] = results[i].stim;
    char path[GTREF_PATH_MAX];
    if (!path_format(path, sizeof path, "regress", "%s/coverage.md", out)) { free(paths); return EXIT_USAGE; }
    FILE *f = fopen(path, "w+");
    if (!f) { free(paths); return cli_error("regress", "cannot write %s: %s", path, strerror(errno)); }
    fputs("# gtref functional coverage\n\n", f);
    int rc = gtref_coverage_report(paths, n, f, holes, bins);
    if (!rc) {   /* the timing corners the co-simulations met, from their records (the model alone cannot meet them) */
        uint64_t sum[GTREF_CORNERS] = { 0 };
        size_t tests[GTREF_CORNERS] = { 0 }, corner_holes = 0;
        for (size_t i = 0; i < n; i++)
            for (int k = 0; k < GTREF_CORNERS; k++) {
                sum[k] += results[i].corners[k];
                tests[k] += results[i].corners[k] != 0;
            }
        fprintf(f, "\nCo-simulation corners (met in the DUT's cycles; from the tests' records): timing windows of the scoreboard "
                   "and the interrupt logic, and the GAM's bins (docs/gam.md §4)\n\n"
                   "| %-80s | %10s | %8s |\n|%s|-----------:|---------:|\n", "corner", "times", "tests",
                "----------------------------------------------------------------------------------");
        for (int k = 0; k < GTREF_CORNERS; k++) {
            if (sum[k]) fprintf(f, "| %-80s | %10llu | %8zu |\n", gtref_corner_names[k], (unsigned long long)sum[k], tests[k]);
            else fprintf(f, "| %-80s | %10s | %8s |\n", gtref_corner_names[k], "HOLE", "0");
            corner_holes += !sum[k];
        }
        *holes += corner_holes;
        if (bins) *bins += GTREF_CORNERS;
        fprintf(f, "\nTotal: %zu of %zu bins hit, %zu hole%s (commands and events on the model, corners in co-simulation)\n",
                (bins ? *bins : 0) - *holes, bins ? *bins : 0, *holes, *holes == 1 ? "" : "s");
    }
    if (!rc && *holes) {
        fflush(f);
        gtref_coverage_hole_names(f, names, namesz);
    }
    if (fclose(f) && !rc) rc = cli_error("regress", "cannot write %s: %s", path, strerror(errno));
    free(paths);
    return rc;
}

/* Mark every failure an unexpired waiver accepts (docs/waivers.md) and rewrite its record, so that
 * gtref show and later reports see it waived. */
static void apply_waivers(gtref_waivers *ws, const char *today, const sim_test *tests, gtref_result *results, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        long k = gtref_waivers_apply(ws, &results[i], today);
        if (k < 0) continue;
        const gtref_waiver *w = &ws->w[k];
        results[i].waived = 1;
        int len = snprintf(results[i].waiver, sizeof results[i].waiver, "%s (%s, %s, until %s; %s:%d): %s", w->name,
                           w->ticket, w->owner, w->expires, w->file, w->line, w->reason);
        if (len >= (int)sizeof results[i].waiver) results[i].waiver[sizeof results[i].waiver - 2] = '~'; /* cut short */
        char err[512];
        if (!tests[i].skip && gtref_result_write_file(&results[i], tests[i].result, err, sizeof err))
            fprintf(stderr, "gtref regress: cannot mark %s waived: %s\n", tests[i].result, err);
    }
}

static gtref_waivers *night_waivers; /* non-NULL: this run is a group of a gtref night (gtref_regress_set_night) */

/* Waivers that need a person: expired ones (they no longer match, and say what they would have matched) and
 * unexpired ones that matched nothing in a run that covered their scope (gtref_waiver_in_scope: a waiver for one
 * bug build is not stale on a clean run). In a night the latter are judged over all its groups, by gtref night. */
static void report_waivers(const gtref_waivers *ws, const char *today)
{
    for (size_t i = 0; i < ws->n; i++) {
        const gtref_waiver *w = &ws->w[i];
        if (gtref_waiver_expired(w, today))
            printf("waiver %s (%s:%d, %s, owner %s) expired on %s: it no longer matches%s; renew it or remove it\n",
                   w->name, w->file, w->line, w->ticket, w->owner, w->expires,
                   w->matched_expired ? " and its failures count as failures again" : "");
        else if (night_waivers) {
            for (size_t k = 0; k < night_waivers->n; k++)
                if (strcmp(night_waivers->w[k].name, w->name) == 0) {
                    night_waivers->w[k].matched += w->matched;
                    night_waivers->w[k].scoped_runs += w->scoped_runs;
                }
        } else if (gtref_waiver_stale(w, today))
            printf("waiver %s (%s:%d, %s, owner %s) matched nothing in this run, which covered its scope (after a "
                   "full run: the failure it waives is gone, remove it)\n",
                   w->name, w->file, w->line, w->ticket, w->owner);
    }
}

/* ---- what the run did, for its interrupt message and for gtref night ---- */

static gtref_regress_outcome last_outcome;

void gtref_regress_last_outcome(gtref_regress_outcome *o)
{
    *o = last_outcome;
}

void gtref_regress_set_night(gtref_waivers *ws)
{
    night_waivers = ws;
}

/* The counts of this run: the tests that ended (progress: a test that was running when the run was interrupted
 * has no record of this run) and, apart, the records --resume kept. */
static void record_outcome(const sim_test *tests, const gtref_result *results, size_t n, int sig,
                           const regress_progress *p)
{
    gtref_regress_outcome *o = &last_outcome;
    *o = (gtref_regress_outcome){.total = n, .done = p->done, .passed = p->passed, .failed = p->failed,
                                 .waived = p->waived, .sig = sig};
    if (!sig) { /* every record is final (waivers applied): count them */
        gtref_tally t;
        gtref_tally_results(results, n, &t);
        o->done = n, o->passed = t.passed, o->failed = t.failed, o->waived = t.waived;
    }
    for (size_t i = 0; i < n; i++) {
        if (!tests[i].kept) continue;
        o->kept++;
        if (results[i].status == GTREF_PASS) o->kept_passed++;
        else if (results[i].waived) o->kept_waived++;
        else o->kept_failed++;
    }
}

/* "57 of 200 tests: 55 passed, 2 failed (this run)" and the records --resume kept, apart. */
static void format_counts(char *buf, size_t bufsz, const gtref_regress_outcome *o, const char *what)
{
    size_t passed = o->passed - o->kept_passed, failed = o->failed - o->kept_failed, waived = o->waived - o->kept_waived;
    int k = snprintf(buf, bufsz, "%zu of %zu tests: %zu passed, %zu failed", o->done, o->total, passed, failed);
    if (k > 0 && (size_t)k < bufsz && waived) k += snprintf(buf + k, bufsz - (size_t)k, ", %zu waived", waived);
    if (k > 0 && (size_t)k < bufsz) k += snprintf(buf + k, bufsz - (size_t)k, " (%s)", what);
    if (k > 0 && (size_t)k < bufsz && o->kept)
        snprintf(buf + k, bufsz - (size_t)k, ", and %zu kept from an earlier run by --resume (%zu passed, %zu failed%s)",
                 o->kept, o->kept_passed, o->kept_failed + o->kept_waived, o->kept_waived ? ", some waived" : "");
}

/* Ctrl-C (or SIGTERM, SIGHUP) ended the run: its own counts and how to resume it; 128 + the signal. */
static int report_interrupt(const gtref_cli *cli, int argc, char **argv, int sig)
{
    char counts[512];
    format_counts(counts, sizeof counts, &last_outcome, night_waivers ? "this group, this night" : "this run");
    if (night_waivers) { /* gtref night says how to resume the whole night */
        printf("gtref regress: interrupted (%s) after %s\n", strsignal(sig), counts);
    } else {
        char cmd[8192];
        const cli_rerun_default resume[] = {{"--resume", NULL, false}};
        printf("gtref regress: interrupted (%s) after %s; no summary written\n", strsignal(sig), counts);
        if (resume_command(cli, argc, argv, resume, 1, cmd, sizeof cmd))
            printf("resume with: %s\n", cmd);
        else
            printf("resume with: the same command and --resume\n");
    }
    fflush(stdout);
    return 128 + sig;
}

/* Which waivers this run's scope covers (its RTL build and engines): only those can be said to have matched
 * nothing. */
static void count_waiver_scope(gtref_waivers *ws, const char *rtl, unsigned engines)
{
    for (size_t i = 0; i < ws->n; i++)
        if (gtref_waiver_in_scope(&ws->w[i], rtl, engines)) ws->w[i].scoped_runs++;
}

/* ---- gtref regress: options, plan, run, reports ---- */

/* One gtref regress run, from its options to its reports. */
typedef struct regress_run {
    regress_options o;
    gtref_waivers waivers;
    char today[11];
    char out[GTREF_PATH_MAX], history_path[GTREF_PATH_MAX];
    gtref_history history;
    char default_sim[GTREF_PATH_MAX], sim_abs[GTREF_PATH_MAX], directed[GTREF_PATH_MAX];
    unsigned sim_engines;     /* of the simulator build */
    char **gts_files;         /* the directed tests */
    size_t ndirected, n;      /* n: directed and random tests */
    sim_test *tests;
    gtref_result *results;
    const char *sim_extra[2];
    sim_setup setup;
    double start_s;
    time_t start_time;
    /* --coverage: the kit's script, the waiver file, the counts' folder, the figures for the reports */
    char cov_script[GTREF_PATH_MAX], cov_waivers[GTREF_PATH_MAX], cov_dat[GTREF_PATH_MAX];
    char rtl_cov[512], rtl_cov_section[GTREF_PATH_MAX];
    bool rtl_cov_measured, rtl_goal_failed;
} regress_run;

/* Options: the command line, the waivers, today, the output folder and the history. -1 to go on, otherwise the exit
 * code (after --help, or a message). */
static int regress_open(regress_run *r, int argc, char **argv)
{
    regress_options *o = &r->o;
    int rc = parse_options(argc, argv, o);
    if (rc >= 0) return rc;
    if (o->today) snprintf(r->today, sizeof r->today, "%s", o->today);
    else gtref_today(r->today);
    if (o->waivers) {
        char err[1024];
        if (gtref_waivers_load(&r->waivers, o->waivers, err, sizeof err)) {
            gtref_waivers_free(&r->waivers);
            return cli_usage_error("regress", "%s", err);
        }
    }
    if (!(o->out ? path_format(r->out, sizeof r->out, "regress", "%s", o->out)
                 : path_format(r->out, sizeof r->out, "regress", "build/regress/%s", o->rtl)))
        return EXIT_USAGE;
    gtref_strip_trailing_slashes(r->out);
    char parent[GTREF_PATH_MAX], err[1024];
    gtref_dir_of(r->out, parent, sizeof parent);
    if (!(o->history ? path_format(r->history_path, sizeof r->history_path, "regress", "%s", o->history)
                     : path_format(r->history_path, sizeof r->history_path, "regress", "%s/history.tsv", parent)))
        return EXIT_USAGE;
    if (gtref_history_load(&r->history, r->history_path, err, sizeof err))
        return cli_usage_error("regress", "%s (fix or move the history file, or name another with --history)", err);
    return -1; /* go on */
}

/* Options: the simulator, as an absolute path, of the RTL build and engine count asked for. 0, or an exit code
 * after a message. */
static int regress_check_sim(regress_run *r)
{
    regress_options *o = &r->o;
    if (!o->sim) {
        if (!default_sim_path(o->rtl, (unsigned)o->gen.engines, r->default_sim, sizeof r->default_sim))
            return cli_error("regress", "cannot locate the default simulator; pass --sim");
        if (o->rtl_coverage) { /* .../eN/Vtb_top -> .../eN/coverage/Vtb_top */
            size_t len = strlen(r->default_sim);
            if (len + sizeof "coverage/" > sizeof r->default_sim) return cli_error("regress", "path too long");
            memmove(r->default_sim + len - strlen("Vtb_top") + strlen("coverage/"),
                    r->default_sim + len - strlen("Vtb_top"), strlen("Vtb_top") + 1);
            memcpy(r->default_sim + len - strlen("Vtb_top"), "coverage/", strlen("coverage/"));
        }
        o->sim = r->default_sim;
    }
    if (!is_executable_file(o->sim)) {
        if (o->rtl_coverage)
            return cli_error("regress", "coverage simulator %s is not an executable file (build it: make "
                             "build/sim/%s/e%" PRIu64 "/coverage/Vtb_top, or pass --sim)", o->sim, o->rtl, o->gen.engines);
        return cli_error("regress", "simulator %s is not an executable file (build it with make, or pass --sim)",
                         o->sim);
    }
    /* printed and recorded (replay commands) as an absolute path, without ".." */
    gtref_abs_path(o->sim, r->sim_abs, sizeof r->sim_abs);
    o->sim = r->sim_abs;
    if (o->rtl_coverage) {
        /* the coverage simulator writes its counts at every exit, the one sim_describe causes too: into the run's
         * folder of counts (emptied before the tests, regress_coverage_setup), not coverage.dat in the cwd */
        char out_abs[GTREF_PATH_MAX];
        if (!gtref_abs_path(r->out, out_abs, sizeof out_abs) ||
            !path_format(r->cov_dat, sizeof r->cov_dat, "regress", "%s/rtl-coverage/dat", out_abs))
            return EXIT_USAGE;
        if (make_dirs(r->cov_dat) || setenv("GTREF_RTL_COVERAGE_DIR", r->cov_dat, 1) != 0)
            return cli_error("regress", "cannot create %s: %s", r->cov_dat, strerror(errno));
    }
    char sim_rtl[128], err[1024];
    if (sim_describe(o->sim, sim_rtl, sizeof sim_rtl, &r->sim_engines, o->sim_build, sizeof o->sim_build, err,
                     sizeof err))
        return cli_error("regress", "%s", err);
    if (strcmp(sim_rtl, o->rtl) != 0)
        return cli_error("regress", "simulator %s is the '%s' build, not '%s' as --rtl says", o->sim, sim_rtl, o->rtl);
    if (r->sim_engines < o->gen.engines)
        return cli_error("regress", "simulator %s has %u engines; --engines %" PRIu64 " needs a build with that many "
                         "(make sim RTL=%s ENGINES=%" PRIu64 ")", o->sim, r->sim_engines, o->gen.engines, o->rtl,
                         o->gen.engines);
    return 0;
}

/* Plan: the tests (directed .gts files, then seeds), the output folders and the tests' and results' arrays. 0, or
 * an exit code after a message. */
static int regress_plan(regress_run *r)
{
    regress_options *o = &r->o;
    int rc;
    if (o->directed) {
        if (!path_format(r->directed, sizeof r->directed, "regress", "%s", o->directed)) return EXIT_USAGE;
        gtref_strip_trailing_slashes(r->directed);
        o->directed = r->directed;
    }
    if (o->directed && (rc = list_gts_files(o->directed, &r->gts_files, &r->ndirected))) return rc;
    r->n = r->ndirected + (size_t)o->seeds;
    if (r->n == 0) return cli_usage_error("regress", "nothing to run: no --directed tests and --seeds 0");
    static const char *const subdirs[] = {"", "/stim", "/results", "/logs"};
    for (size_t i = 0; i < sizeof subdirs / sizeof subdirs[0]; i++) {
        char dir[GTREF_PATH_MAX];
        if (!path_format(dir, sizeof dir, "regress", "%s%s", r->out, subdirs[i]) || make_dirs(dir))
            return cli_error("regress", "cannot create %s%s: %s", r->out, subdirs[i], strerror(errno));
    }
    r->tests = calloc(r->n, sizeof *r->tests);
    r->results = calloc(r->n, sizeof *r->results);
    if (!r->tests || !r->results) return cli_error("regress", "out of memory for %zu tests", r->n);
    r->sim_extra[0] = o->sim_arg;
    r->setup = (sim_setup){.sim = o->sim, .rtl = o->rtl, .engines = (unsigned)o->gen.engines,
                           .timeout_s = (unsigned)o->timeout_s, .max_cycles = o->max_cycles,
                           .max_memory_mb = (unsigned)o->max_memory_mb, .max_log_mb = (unsigned)o->max_log_mb,
                           .tests_per_process = (unsigned)o->tests_per_process,
                           .extra = o->sim_arg ? r->sim_extra : NULL};
    return 0;
}

/* --coverage, before any test: the script and the waiver file found, the waivers checked (a bad file stops the run,
 * exit 2, as a bad failure-waiver file does), OUT/rtl-coverage/dat/ empty and named to every simulator process
 * (GTREF_RTL_COVERAGE_DIR, dpi/vl_coverage.cpp). 0, or an exit code after a message. */
static int regress_coverage_setup(regress_run *r)
{
    regress_options *o = &r->o;
    char root[GTREF_PATH_MAX], out_abs[GTREF_PATH_MAX];
    if (!gtref_kit_root(root, sizeof root) ||
        !path_format(r->cov_script, sizeof r->cov_script, "regress", "%s/tools/rtl-coverage.sh", root))
        return cli_error("regress", "--coverage: cannot locate the kit's folder from this gtref");
    if (access(r->cov_script, R_OK) != 0)
        return cli_error("regress", "--coverage: expected the coverage script %s beside the build this gtref comes "
                         "from, but: %s", r->cov_script, strerror(errno));
    if (o->coverage_waivers) snprintf(r->cov_waivers, sizeof r->cov_waivers, "%s", o->coverage_waivers);
    else if (!path_format(r->cov_waivers, sizeof r->cov_waivers, "regress", "%s/waivers/rtl-coverage.txt", root))
        return EXIT_USAGE;
    if (!o->coverage_waivers && access(r->cov_waivers, R_OK) != 0) r->cov_waivers[0] = '\0'; /* none: nothing waived */
    if (r->cov_waivers[0] && !night_waivers) { /* a night's group merges only: the night checks and applies them */
        const char *today = r->today;
        const char *check[] = {"bash", r->cov_script, "check-waivers", r->cov_waivers, "--today", today, NULL};
        int rc = gtref_run_script(check);
        if (rc != 0)
            return cli_error("regress", "--coverage: the coverage waivers %s are not valid (above; exit status %d); "
                             "nothing was run", r->cov_waivers, rc);
    }
    if (!gtref_abs_path(r->out, out_abs, sizeof out_abs) ||
        !path_format(r->cov_dat, sizeof r->cov_dat, "regress", "%s/rtl-coverage/dat", out_abs) ||
        !path_format(r->rtl_cov_section, sizeof r->rtl_cov_section, "regress", "%s/rtl-coverage/section.md", out_abs))
        return EXIT_USAGE;
    if (make_dirs(r->cov_dat)) return cli_error("regress", "cannot create %s: %s", r->cov_dat, strerror(errno));
    DIR *d = opendir(r->cov_dat); /* the counts of an earlier run into OUT are not this run's */
    if (!d) return cli_error("regress", "cannot read %s: %s", r->cov_dat, strerror(errno));
    for (struct dirent *e; (e = readdir(d));) {
        if (strncmp(e->d_name, "cov-", 4) != 0 || !has_suffix(e->d_name, ".dat")) continue;
        char old[GTREF_PATH_MAX];
        if (path_format(old, sizeof old, "regress", "%s/%s", r->cov_dat, e->d_name)) unlink(old);
    }
    closedir(d);
    if (setenv("GTREF_RTL_COVERAGE_DIR", r->cov_dat, 1) != 0)
        return cli_error("regress", "cannot set GTREF_RTL_COVERAGE_DIR: %s", strerror(errno));
    return 0;
}

/* --coverage, after the run: the counts merged and reported (tools/rtl-coverage.sh report, which prints the
 * table, the goal and the waived points), the figures read for the reports. 0, or EXIT_USAGE after a message. */
static int regress_coverage_report(regress_run *r)
{
    const regress_options *o = &r->o;
    char secs[32], figures[GTREF_PATH_MAX];
    if (night_waivers) { /* a group of a night: its counts merged only; the night reports them over its groups */
        const char *merge[] = {"bash", r->cov_script, "merge", r->out, NULL};
        int rc = gtref_run_script(merge);
        if (rc != 0)
            return cli_error("regress", "--coverage: the RTL coverage counts could not be merged (above; %s exit "
                             "status %d)", r->cov_script, rc);
        snprintf(r->rtl_cov, sizeof r->rtl_cov, "counts merged in rtl-coverage/merged.dat of this group's folder "
                 "(figures: the night's, merged over its groups)");
        r->rtl_cov_measured = true;
        return 0;
    }
    snprintf(secs, sizeof secs, "%.0f", monotonic_seconds() - r->start_s);
    const char *words[16];
    size_t n = 0;
    words[n++] = "bash";
    words[n++] = r->cov_script;
    words[n++] = "report";
    words[n++] = r->out;
    if (r->cov_waivers[0]) {
        words[n++] = "--waivers";
        words[n++] = r->cov_waivers;
    }
    words[n++] = "--today";
    words[n++] = r->today;
    words[n++] = "--secs";
    words[n++] = secs;
    words[n++] = "--no-summary";
    if (o->coverage_goal) words[n++] = "--goal";
    words[n] = NULL;
    int rc = gtref_run_script(words);
    if (rc != 0 && rc != 3)
        return cli_error("regress", "--coverage: the RTL coverage could not be merged and reported (above; %s exit "
                         "status %d)", r->cov_script, rc);
    unsigned long lh, lt, lw, bh, bt, bw, th, tt, tw, holes;
    double gl, gt;
    unsigned goal_l, goal_t;
    char verdict[8];
    FILE *f = path_format(figures, sizeof figures, "regress", "%s/rtl-coverage/figures", r->out) ? fopen(figures, "r")
                                                                                                   : NULL;
    int got = f ? fscanf(f, "%lu %lu %lu %lu %lu %lu %lu %lu %lu %lf %lf %u %u %7s %lu", &lh, &lt, &lw, &bh, &bt, &bw,
                         &th, &tt, &tw, &gl, &gt, &goal_l, &goal_t, verdict, &holes)
                : 0;
    if (f) fclose(f);
    if (got != 15)
        return cli_error("regress", "--coverage: expected 15 figures in %s (written by %s report), found %d", figures,
                         r->cov_script, got < 0 ? 0 : got);
    snprintf(r->rtl_cov, sizeof r->rtl_cov,
             "lines %.1f%% (%lu/%lu, %lu waived), toggle bits %.1f%% (%lu/%lu, %lu waived), branches %lu/%lu "
             "(%lu waived), %lu never-hit lines and branches not waived; goal lines >= %u%%, toggle >= %u%%: %s%s",
             gl, lh, lt - lw, lw, gt, th, tt - tw, tw, bh, bt - bw, bw, holes, goal_l, goal_t, verdict,
             strcmp(verdict, "PASS") == 0 ? "" : o->coverage_goal ? " (--coverage-goal: fails the run)"
                                                                  : " (reported; --coverage-goal fails the run on it)");
    r->rtl_cov_measured = true;
    r->rtl_goal_failed = o->coverage_goal && strcmp(verdict, "PASS") != 0;
    return 0;
}

/* Plan: every test's stimulus made (or its record kept by --resume / --rerun-failed); the progress counts start from
 * the kept ones. 0, or an exit code after a message. */
static int regress_prepare(regress_run *r, const gtref_cli *cli, regress_progress *progress)
{
    const regress_options *o = &r->o;
    r->start_s = monotonic_seconds();
    r->start_time = time(NULL);
    fprintf(stderr, "gtref regress: %zu tests (%zu directed, %" PRIu64 " random on %" PRIu64 " engines), rtl %s, %" PRIu64
                    " jobs, timeout %" PRIu64 " s, into %s\n",
            r->n, r->ndirected, o->seeds, o->gen.engines, o->rtl, o->jobs, o->timeout_s, r->out);
    size_t resumed = 0;
    int rc = prepare_tests(cli, o, r->out, &r->setup, r->gts_files, r->ndirected, r->tests, r->results, &resumed);
    free_strings(r->gts_files, r->ndirected);
    r->gts_files = NULL;
    if (rc) return rc;
    *progress = (regress_progress){.total = r->n, .start_s = r->start_s, .last_s = r->start_s,
                                   .tty = isatty(STDERR_FILENO), .waivers = &r->waivers, .today = r->today};
    for (size_t i = 0; i < r->n; i++) {
        if (!r->tests[i].skip) continue;
        progress->done++;
        if (r->results[i].status == GTREF_PASS) progress->passed++;
        else if (r->results[i].waived) progress->waived++;
        else progress->failed++;
    }
    if (o->resume)
        fprintf(stderr, "gtref regress: --resume: %zu of %zu tests already have a record from build %s; running the "
                        "other %zu\n", resumed, r->n, o->sim_build, r->n - progress->done);
    if (o->rerun_failed)
        fprintf(stderr, "gtref regress: --rerun-failed: %zu of %zu tests passed before (same stimulus) and keep their "
                        "record; running the other %zu\n", resumed, r->n, r->n - progress->done);
    return 0;
}

/* Run: the tests not kept, on this machine or through Slurm; then the waivers on the results. The signal that
 * interrupted the run (0: it ran to the end), or -1 when the Slurm folder's path does not fit. */
static int regress_execute(regress_run *r, regress_progress *progress)
{
    const regress_options *o = &r->o;
    int sig = gtref_interrupted;
    if (sig) {
        /* interrupted while the stimuli were made: nothing runs */
    } else if (o->launcher && strcmp(o->launcher, "slurm") == 0) {
        char slurm_dir[GTREF_PATH_MAX];
        if (!path_format(slurm_dir, sizeof slurm_dir, "regress", "%s/slurm", r->out)) return -1;
        sig = sim_run_tests_slurm(&r->setup, r->tests, r->results, r->n, (unsigned)o->jobs, slurm_dir, o->slurm_opts,
                                  on_test_event, progress);
    } else {
        sig = sim_run_tests(&r->setup, r->tests, r->results, r->n, (unsigned)o->jobs, on_test_event, progress);
    }
    if (progress->tty) fputc('\n', stderr);
    if (!sig) {
        apply_waivers(&r->waivers, r->today, r->tests, r->results, r->n);
        count_waiver_scope(&r->waivers, o->rtl, (unsigned)o->gen.engines);
    }
    record_outcome(r->tests, r->results, r->n, sig, progress);
    /* every test ran: Ctrl-C during the reports ends the process at once, as usual (in a night, the night stops
     * after this group's reports) */
    if (!sig && !night_waivers) gtref_release_interrupts();
    return sig;
}

/* What the reports of a run say besides its results. */
typedef struct regress_end {
    char started[32], verilator[96];
    gtref_tally tally;
    gtref_bucket *buckets;
    size_t nbuckets;
    size_t holes, cov_bins;
    char hole_names[512], cov_path[GTREF_PATH_MAX];
    bool cov_measured;
    gtref_verdict verdict;
    bool have_rerun;
    size_t not_passed;
    char summary_path[GTREF_PATH_MAX], junit_path[GTREF_PATH_MAX];
} regress_end;

static char regress_rerun[16384], regress_rerun_failed[16384 + 32];

/* Report: tallies, buckets, coverage, verdict and the rerun commands. 0, an exit code of the coverage step, or -1
 * when out of memory. */
static int regress_conclude(regress_run *r, const gtref_cli *cli, int argc, char **argv, regress_end *e)
{
    const regress_options *o = &r->o;
    struct tm tm;
    gmtime_r(&r->start_time, &tm);
    strftime(e->started, sizeof e->started, "%Y-%m-%dT%H:%M:%SZ", &tm);
    sim_verilator_version(o->sim, e->verilator, sizeof e->verilator);
    gtref_tally_results(r->results, r->n, &e->tally);
    if (gtref_bucket_results(r->results, r->n, &e->buckets, &e->nbuckets)) return -1;
    /* coverage first, so that every report knows the verdict */
    int rc = 0;
    if (!o->expect_fail) {
        rc = regress_coverage(r->out, r->results, r->n, &e->holes, &e->cov_bins, e->hole_names, sizeof e->hole_names);
        if (!gtref_abs_path(r->out, e->cov_path, sizeof e->cov_path - 16))
            snprintf(e->cov_path, sizeof e->cov_path, "%s", r->out);
        strcat(e->cov_path, "/coverage.md");
    }
    e->cov_measured = !o->expect_fail && rc == 0;
    if (rc == 0 && o->rtl_coverage) rc = regress_coverage_report(r);
    gtref_regress_verdict(&e->tally, o->expect_fail, o->require_coverage, e->cov_measured, e->holes, &e->verdict);
    if (r->rtl_goal_failed) {
        const char *why = "RTL coverage under the goal (--coverage-goal)";
        if (e->verdict.exit_code == 0) snprintf(e->verdict.text, sizeof e->verdict.text, "FAIL: %s", why);
        else {
            size_t len = strlen(e->verdict.text);
            snprintf(e->verdict.text + len, sizeof e->verdict.text - len, "; %s", why);
        }
        e->verdict.exit_code = 1;
    }
    static const char *const path_opts[] = {"--sim", "--directed", "--out", "--waivers", "--history", NULL};
    static const char *const drop[] = {"--resume", "--rerun-failed", NULL};
    const cli_rerun_default defaults[] = {{"--out", r->out, true}};
    e->have_rerun = rerun_command(cli, argc, argv, path_opts, drop, defaults, 1, regress_rerun, sizeof regress_rerun);
    e->not_passed = e->tally.failed + e->tally.waived;
    if (o->rtl_coverage) e->not_passed = 0; /* --rerun-failed does not go with --coverage: the rerun is the whole run */
    if (e->have_rerun) snprintf(regress_rerun_failed, sizeof regress_rerun_failed, "%s --rerun-failed", regress_rerun);
    return rc;
}

/* The bytes of src added at the end of dst, after an empty line. 0, or -1 (errno set). */
static int append_file(const char *dst, const char *src)
{
    FILE *in = fopen(src, "rb");
    if (!in) return -1;
    FILE *out = fopen(dst, "ab");
    if (!out) {
        int e = errno;
        fclose(in);
        errno = e;
        return -1;
    }
    char buf[8192];
    size_t n;
    int rc = fputc('\n', out) == EOF ? -1 : 0;
    while (rc == 0 && (n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, out) != n) rc = -1;
    if (ferror(in)) rc = -1;
    fclose(in);
    if (fclose(out) != 0) rc = -1;
    return rc;
}

/* Report: summary.md, junit.xml, the history and report.html, the waivers. rc: what the coverage step returned;
 * returns it, or EXIT_USAGE when a report could not be written. */
static int regress_write_reports(regress_run *r, regress_end *e, int rc)
{
    const regress_options *o = &r->o;
    gtref_regress_info info = {.rtl = o->rtl, .sim = o->sim, .out_dir = r->out, .ndirected = r->ndirected,
                               .seed0 = o->seed0, .nseeds = o->seeds, .jobs = (unsigned)o->jobs,
                               .timeout_s = (unsigned)o->timeout_s, .wall_s = monotonic_seconds() - r->start_s,
                               .started = e->started, .build = o->sim_build,
                               .verilator = e->verilator[0] ? e->verilator : NULL, .engines = r->sim_engines,
                               .rerun = e->have_rerun ? regress_rerun : NULL,
                               .rerun_failed = e->have_rerun && e->not_passed ? regress_rerun_failed : NULL,
                               .verdict = &e->verdict, .cov_measured = e->cov_measured, .cov_bins = e->cov_bins,
                               .cov_holes = e->holes, .cov_hole_names = e->hole_names,
                               .cov_path = e->cov_measured ? e->cov_path : NULL,
                               .rtl_cov = r->rtl_cov_measured ? r->rtl_cov : NULL,
                               .rtl_cov_path = r->rtl_cov_measured ? r->rtl_cov_section : NULL};
    if (rc == 0 &&
        (!path_format(e->summary_path, sizeof e->summary_path, "regress", "%s/summary.md", r->out) ||
         !path_format(e->junit_path, sizeof e->junit_path, "regress", "%s/junit.xml", r->out) ||
         write_report(e->summary_path, &info, r->results, r->n, gtref_write_summary_md) ||
         write_report(e->junit_path, &info, r->results, r->n, gtref_write_junit_xml)))
        rc = EXIT_USAGE;
    if (rc == 0 && r->rtl_cov_measured && append_file(e->summary_path, r->rtl_cov_section))
        rc = cli_error("regress", "cannot add %s to %s: %s", r->rtl_cov_section, e->summary_path, strerror(errno));
    if (rc == 0 && gtref_history_across_runs(r->out, r->history_path, &r->history, &info, r->results, r->n, e->holes,
                                             e->cov_bins))
        rc = EXIT_USAGE;
    gtref_history_free(&r->history);
    report_waivers(&r->waivers, r->today);
    gtref_waivers_free(&r->waivers);
    return rc;
}

/* Report: the end of the output: coverage in one or two lines, where the reports are, how to rerun, then the
 * failure buckets with their replay commands, the verdict and the counts. */
static void regress_print_end(const regress_run *r, const gtref_cli *cli, const regress_end *e, int rc)
{
    const regress_options *o = &r->o;
    const gtref_tally *t = &e->tally;
    if (e->cov_measured) {
        printf("coverage: %zu of %zu bins hit, %zu hole%s%s; full table: %s\n", e->cov_bins - e->holes, e->cov_bins,
               e->holes, e->holes == 1 ? "" : "s",
               !e->holes ? "" : o->require_coverage ? " (--require-coverage: they fail the run)"
                                                    : " (reported; they fail a run only with --require-coverage)",
               e->cov_path);
        if (e->holes) printf("  holes: %s%s\n", e->hole_names, e->holes > 5 ? "; ..." : "");
    }
    if (r->rtl_cov_measured) printf("rtl coverage: %s; section: %s\n", r->rtl_cov, r->rtl_cov_section);
    if (rc == 0) printf("summary: %s, junit: %s\n", e->summary_path, e->junit_path);
    if (!cli->compact && e->have_rerun) {
        printf("rerun all: %s\n", regress_rerun);
        if (e->not_passed) printf("rerun failed: %s\n", regress_rerun_failed);
    }
    if (!cli->compact) gtref_print_buckets(stdout, e->buckets, e->nbuckets, r->results);
    else if (e->nbuckets)
        printf("%zu failure bucket%s: listed at the end of the night\n", e->nbuckets, e->nbuckets == 1 ? "" : "s");
    if (o->expect_fail) print_expect_fail_verdict(t, e->buckets, e->nbuckets);
    if (rc) printf("verdict: ERROR: the run's reports could not be made (above); exit status %d\n", rc);
    else printf("verdict: %s\n", e->verdict.text);
    if (o->expect_fail) {
        /* The run checks one thing, that the known bug is caught: its closing line counts that check,
         * not the tests (whose failures are the expected outcome). */
        printf("%s: %zu of %zu tests found the bug (failing is what --expect-fail asks of them), %zu did not\n", o->rtl,
               t->failed, t->passed + t->failed, t->passed);
        printf("bug-check: %d passed, %d failed\n", gtref_expect_fail_met(t) ? 1 : 0, gtref_expect_fail_met(t) ? 0 : 1);
    } else {
        if (t->waived) printf("%zu passed, %zu failed, %zu waived\n", t->passed, t->failed, t->waived);
        else printf("%zu passed, %zu failed\n", t->passed, t->failed);
    }
    fflush(stdout);
}

/* Report: for gtref night (cli->sink), what the run did, with the records of the tests that did not pass (handed
 * over: r->results is then NULL). */
static void regress_fill_sink(regress_run *r, regress_sink *k, const regress_end *e, int rc)
{
    k->ran = rc == 0;
    k->verdict = e->verdict;
    snprintf(k->build, sizeof k->build, "%s", r->o.sim_build);
    snprintf(k->verilator, sizeof k->verilator, "%s", e->verilator);
    k->cov_measured = e->cov_measured;
    k->cov_bins = e->cov_bins;
    k->cov_holes = e->holes;
    size_t m = 0; /* only the tests that did not pass (their buckets are all the night prints), in test order */
    for (size_t i = 0; i < r->n; i++)
        if (r->results[i].status != GTREF_PASS) r->results[m++] = r->results[i];
    gtref_result *kept = m ? realloc(r->results, m * sizeof *r->results) : NULL;
    k->results = kept ? kept : m ? r->results : NULL; /* handed over */
    k->n = m;
    if (k->results) r->results = NULL;
}

static void regress_run_free(regress_run *r)
{
    if (r->gts_files) free_strings(r->gts_files, r->ndirected);
    free(r->tests);
    free(r->results);
    gtref_waivers_free(&r->waivers);
    gtref_history_free(&r->history);
}

int gtref_cmd_regress(const gtref_cli *cli, int argc, char **argv)
{
    gtref_catch_interrupts();
    last_outcome = (gtref_regress_outcome){0};
    regress_run r = {0};
    regress_progress progress;
    int rc = regress_open(&r, argc, argv);
    if (rc >= 0) return regress_run_free(&r), rc;
    rc = regress_check_sim(&r);
    if (!rc) rc = regress_plan(&r);
    if (!rc && r.o.rtl_coverage) rc = regress_coverage_setup(&r);
    if (!rc) rc = regress_prepare(&r, cli, &progress);
    if (rc) return regress_run_free(&r), rc;
    int sig = regress_execute(&r, &progress);
    free(r.tests);
    r.tests = NULL;
    if (sig < 0) return regress_run_free(&r), EXIT_USAGE;
    if (sig) return regress_run_free(&r), report_interrupt(cli, argc, argv, sig);

    regress_end e = {0};
    rc = regress_conclude(&r, cli, argc, argv, &e);
    if (rc < 0) return regress_run_free(&r), cli_error("regress", "out of memory");
    rc = regress_write_reports(&r, &e, rc);
    regress_print_end(&r, cli, &e, rc);
    if (cli->sink) regress_fill_sink(&r, cli->sink, &e, rc);
    free(e.buckets);
    regress_run_free(&r);
    return rc ? rc : e.verdict.exit_code;
}

int gtref_regress_check_options(int argc, char **argv)
{
    regress_options o;
    int rc = parse_options(argc, argv, &o);
    return rc >= 0 ? (rc ? rc : EXIT_USAGE) : 0; /* 0 from parse_options means it printed help */
}
