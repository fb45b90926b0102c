/* gtref bench: throughput figures of stimulus generation, of the reference model and of the simulator, each target
 * figure measured side by side in this one run and printed beside its target (docs/performance.md). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gtref/regress_report.h"
#include "gtref/model_only.h"
#include "gtref_cli.h"
#include "sim_runner.h"

#define MIN_GEN_SECONDS 1.0 /* repeat generation passes until the figure means something */
#define MAX_GEN_PASSES 100000u
#define MIN_MODEL_SECONDS 1.0
#define MAX_PAIRS 25


/* Targets of issue 9 (docs/performance.md). */
#define TARGET_COSIM_RATIO 0.90
#define TARGET_OVERHEAD_SHARE 0.10
#define TARGET_MODEL_CMDS_S 20e6
#define TARGET_JOBS_RATIO 1.8

typedef struct bench_row {
    const char *figure;
    char value[64];
    const char *target;
    int met; /* 1 met, 0 not met, -1 not measured */
} bench_row;

/* CPU seconds of the children reaped so far (a child's own reaped children included). */
static double children_cpu_seconds(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_CHILDREN, &ru)) return 0;
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
           (double)ru.ru_stime.tv_usec / 1e6;
}

static double thread_cpu_seconds(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)) return 0;
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, size_t n)
{
    if (!n) return 0;
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The simulator's start-up and exit without a test (+describe: exec, dynamic loading, Verilator's construction of
 * the design, exit), `runs` times: the median CPU seconds of one. -1 when it cannot run. */
static double startup_cpu_seconds(const char *sim, unsigned runs)
{
    double v[32];
    if (runs > 32) runs = 32;
    for (unsigned i = 0; i < runs; i++) {
        double c0 = children_cpu_seconds();
        pid_t pid = fork();
        if (pid < 0) return -1;
        if (pid == 0) {
            int null = open("/dev/null", O_RDWR);
            if (null >= 0) dup2(null, 0), dup2(null, 1), dup2(null, 2);
            execl(sim, sim, "+describe", (char *)NULL);
            _exit(127);
        }
        int st;
        while (waitpid(pid, &st, 0) < 0)
            if (errno != EINTR) return -1;
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) return -1;
        v[i] = children_cpu_seconds() - c0;
    }
    return median(v, runs);
}

/* Generate and encode seeds seed0..seed0+nseeds-1 over and over; 0 or an exit code. *gen_s: seconds per stimulus. */
static int bench_generation(uint64_t seed0, uint64_t nseeds, const gtref_gen_config *cfg, double *gen_s)
{
    gtref_gen_config config = *cfg;
    uint64_t stimuli = 0, bytes = 0;
    unsigned passes = 0;
    double start = monotonic_seconds(), elapsed = 0;
    do {
        for (uint64_t i = 0; i < nseeds; i++) {
            gtref_stim s;
            gtref_stim_init(&s);
            uint8_t *buf = NULL;
            size_t len = 0;
            int rc = gtref_stim_generate(&s, seed0 + i, &config) || gtref_stim_encode(&s, &buf, &len);
            gtref_stim_free(&s);
            free(buf);
            if (rc) return cli_error("bench", "generating or encoding seed %" PRIu64 " failed", seed0 + i);
            stimuli++;
            bytes += len;
        }
        passes++;
        elapsed = monotonic_seconds() - start;
    } while (elapsed < MIN_GEN_SECONDS && passes < MAX_GEN_PASSES);
    if (elapsed <= 0) elapsed = 1e-9;
    *gen_s = elapsed / (double)stimuli;
    printf("stimulus generation: %" PRIu64 " seeds x %u passes in %.2f s: %.1f stimuli/s, %.2f MB/s "
           "(%.0f bytes per stimulus)\n",
           nseeds, passes, elapsed, (double)stimuli / elapsed, (double)bytes / elapsed / 1e6,
           (double)bytes / (double)stimuli);
    return 0;
}

/* The reference model alone on the long stimulus (already decoded: no parsing in the figure), run after run for at
 * least a second of this thread's CPU time: commands executed per CPU second. 0 or an exit code. */
static int bench_model(const gtref_stim *s, double *cmds_per_s)
{
    uint64_t commands = 0;
    unsigned runs = 0;
    double start = thread_cpu_seconds(), elapsed = 0;
    do {
        gtref_model_run r;
        int rc = gtref_model_only_run(s, &r);
        uint64_t n = r.commands;
        char err[sizeof r.error];
        snprintf(err, sizeof err, "%s", r.error);
        gtref_model_run_free(&r);
        if (rc && !n) return cli_error("bench", "the model-only run of the long stimulus failed: %s", err);
        commands += n;
        runs++;
        elapsed = thread_cpu_seconds() - start;
    } while (elapsed < MIN_MODEL_SECONDS);
    if (elapsed <= 0) elapsed = 1e-9;
    *cmds_per_s = (double)commands / elapsed;
    printf("reference model alone, long stimulus: %u runs, %" PRIu64 " commands in %.2f CPU s: %.2f M commands/s\n",
           runs, commands, elapsed, *cmds_per_s / 1e6);
    return 0;
}

/* The long stimulus (seed long_seed, written to stim_path) and, from it decoded, the model figure into *row. */
static int model_figure(const gtref_gen_config *long_cfg, uint64_t long_seed, const char *stim_path, bench_row *row)
{
    char err[1024];
    if (stim_file_from_seed(long_seed, long_cfg, stim_path, err, sizeof err)) return cli_error("bench", "%s", err);
    gtref_stim s;
    gtref_stim_init(&s);
    if (gtref_stim_read_file(&s, stim_path, err, sizeof err)) return cli_error("bench", "%s", err);
    double cmds_s = 0;
    int rc = bench_model(&s, &cmds_s);
    gtref_stim_free(&s);
    if (rc) return rc;
    snprintf(row->value, sizeof row->value, "%.2f M commands/s", cmds_s / 1e6);
    row->met = cmds_s >= TARGET_MODEL_CMDS_S;
    return 0;
}

/* One run of tests[0..n-1] with `jobs` simulators at a time: wall and CPU seconds (the simulators'). 0 or the
 * signal that interrupted it. */
static int timed_run(const sim_setup *setup, const sim_test *tests, gtref_result *results, size_t n, unsigned jobs,
                     double *wall, double *cpu)
{
    double c0 = children_cpu_seconds(), t0 = monotonic_seconds();
    int sig = sim_run_tests(setup, tests, results, n, jobs, NULL, NULL);
    *wall = monotonic_seconds() - t0;
    *cpu = children_cpu_seconds() - c0;
    if (*wall <= 0) *wall = 1e-9;
    if (*cpu <= 0) *cpu = 1e-9;
    return sig;
}

/* Run `gtref regress` (this very program) as a child: the default regression, timed from outside. */
static int run_regression(const char *sim, const char *rtl, unsigned engines, const char *directed, unsigned jobs,
                          unsigned per_process, const char *out, double *wall, double *cpu)
{
    char jobs_s[16], engines_s[16], per_s[16], log[GTREF_PATH_MAX];
    snprintf(jobs_s, sizeof jobs_s, "%u", jobs);
    snprintf(per_s, sizeof per_s, "%u", per_process);
    snprintf(engines_s, sizeof engines_s, "%u", engines);
    if (!path_format(log, sizeof log, "bench", "%s.log", out)) return -1;
    const char *argv[] = {"gtref", "regress", "--sim", sim, "--rtl", rtl, "--directed", directed, "--seeds", "200",
                          "--engines", engines_s, "--jobs", jobs_s, "--tests-per-process", per_s, "--out", out, NULL};
    fflush(stdout);
    double c0 = children_cpu_seconds(), t0 = monotonic_seconds();
    pid_t pid = fork();
    if (pid < 0) return cli_error("bench", "fork: %s", strerror(errno)), -1;
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int null = open("/dev/null", O_RDONLY);
        if (fd >= 0) dup2(fd, 1), dup2(fd, 2);
        if (null >= 0) dup2(null, 0);
        execv("/proc/self/exe", (char *const *)argv);
        fprintf(stderr, "gtref bench: cannot run gtref regress: %s\n", strerror(errno));
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) return -1;
    *wall = monotonic_seconds() - t0;
    *cpu = children_cpu_seconds() - c0;
    if (!WIFEXITED(st) || WEXITSTATUS(st) > 1) {
        fprintf(stderr, "gtref bench: the default regression did not run (status 0x%x); see %s\n", (unsigned)st, log);
        return -1;
    }
    return 0;
}

/* The records of a regression's results folder: tests and cycles in all. */
static void regression_cycles(const char *out, size_t *ntests, uint64_t *cycles)
{
    char dir[GTREF_PATH_MAX];
    *ntests = 0;
    *cycles = 0;
    if (!path_format(dir, sizeof dir, "bench", "%s/results", out)) return;
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *de;
    while ((de = readdir(d))) {
        char path[GTREF_PATH_MAX], err[256];
        if (!has_suffix(de->d_name, ".result") ||
            !path_format(path, sizeof path, "bench", "%s/%s", dir, de->d_name))
            continue;
        gtref_result r;
        if (gtref_result_read_file(&r, path, err, sizeof err)) continue;
        (*ntests)++;
        *cycles += r.cycles;
    }
    closedir(d);
}

/* build/bench/rebuild.txt as make rebuild-check writes it: "reverilated N relink_s S". */
static int read_rebuild_report(const char *path, bench_row *row)
{
    FILE *f = fopen(path, "r");
    if (!f) return cli_error("bench", "--rebuild-report %s: %s", path, strerror(errno));
    unsigned reverilated;
    double s;
    int n = fscanf(f, "reverilated %u relink_s %lf", &reverilated, &s);
    fclose(f);
    if (n != 2)
        return cli_error("bench", "--rebuild-report %s: expected 'reverilated N relink_s S' (as make rebuild-check "
                         "writes it)", path);
    snprintf(row->value, sizeof row->value, "%s, %.1f s", reverilated ? "re-verilated" : "relink only", s);
    row->met = reverilated == 0;
    return 0;
}

/* ---- gtref bench: options, plan, run (each figure), report ---- */

typedef struct bench_opts {
    const char *sim, *rtl, *out_opt, *directed, *rebuild;
    uint64_t nseeds, seed0, timeout_s, long_seed, pairs, regress_jobs, per_process;
    bool model_only;
    gen_opts go;
} bench_opts;

/* One gtref bench, from its options to its table. */
typedef struct bench_run {
    bench_opts o;
    char sim_buf[GTREF_PATH_MAX], out[GTREF_PATH_MAX];
    bench_row rows[5];
    gtref_gen_config config, long_cfg;
    char long_stim[GTREF_PATH_MAX], long_res[GTREF_PATH_MAX], long_log[GTREF_PATH_MAX];
    sim_setup setup;
    double gen_s;        /* one stimulus made */
    double cosim_rate;   /* co-simulation cycles per CPU s of the long run */
} bench_run;

/* Options: the command line. -1 to go on, otherwise the exit code (after --help or a usage error). */
static int bench_parse(int argc, char **argv, bench_opts *o)
{
    *o = (bench_opts){.rtl = "clean", .out_opt = "build/bench", .directed = "tests/directed", .nseeds = 40,
                      .seed0 = 1, .timeout_s = DEFAULT_TIMEOUT_S, .long_seed = 7, .pairs = 5, .regress_jobs = 2,
                      .per_process = DEFAULT_TESTS_PER_PROCESS};
    const cli_opt own[] = {
        {"--tests-per-process", CLI_U64, &o->per_process, 1, MAX_TESTS_PER_PROCESS},
        {"--sim", CLI_STRING, &o->sim, 0, 0},
        {"--rtl", CLI_STRING, &o->rtl, 0, 0},
        {"--seeds", CLI_U64, &o->nseeds, 2, 10000},
        {"--seed0", CLI_U64, &o->seed0, 0, UINT64_MAX - 10000},
        {"--out", CLI_STRING, &o->out_opt, 0, 0},
        {"--timeout", CLI_U64, &o->timeout_s, 1, 7 * 24 * 3600},
        {"--long-seed", CLI_U64, &o->long_seed, 0, UINT64_MAX},
        {"--pairs", CLI_U64, &o->pairs, 1, MAX_PAIRS},
        {"--directed", CLI_STRING, &o->directed, 0, 0},
        {"--regress-jobs", CLI_U64, &o->regress_jobs, 1, 64},
        {"--rebuild-report", CLI_STRING, &o->rebuild, 0, 0},
        {"--model-only", CLI_FLAG, &o->model_only, 0, 0},
    };
    GEN_OPTS_TABLE(opts, own, &o->go);
    setvbuf(stdout, NULL, _IOLBF, 0);   /* each figure as it is measured, also into a log */
    const char *none[1];
    size_t npositional;
    enum cli_parse_result pr = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0], none, 0, &npositional);
    if (pr == CLI_HELP) return gtref_print_usage("bench"), 0;
    if (pr == CLI_BAD) return EXIT_USAGE;
    if (!valid_rtl_name(o->rtl))
        return cli_usage_error("bench", "--rtl '%s': a configuration name (letters, digits, - and _, at most %zu)",
                               o->rtl, RTL_NAME_MAX);
    return -1; /* go on */
}

/* Plan: the simulator, the output folders, the table's rows, the generator's configurations and the long
 * stimulus's paths. -1 to go on, otherwise an exit code after a message. */
static int bench_plan(bench_run *b)
{
    bench_opts *o = &b->o;
    if (!o->sim && !o->model_only) {
        if (!default_sim_path(o->rtl, (unsigned)o->go.engines, b->sim_buf, sizeof b->sim_buf))
            return cli_error("bench", "cannot locate the default simulator; pass --sim");
        o->sim = b->sim_buf;
    }
    if (!o->model_only && !is_executable_file(o->sim))
        return cli_error("bench", "simulator %s is not an executable file (build it with make, or pass --sim)", o->sim);
    snprintf(b->out, sizeof b->out, "%s", o->out_opt);
    gtref_strip_trailing_slashes(b->out);
    static const char *const subdirs[] = {"/stim", "/results", "/logs"};
    for (size_t i = 0; i < 3; i++) {
        char dir[GTREF_PATH_MAX];
        if (!path_format(dir, sizeof dir, "bench", "%s%s", b->out, subdirs[i])) return EXIT_USAGE;
        if (make_dirs(dir)) return cli_error("bench", "cannot create %s: %s", dir, strerror(errno));
    }
    const bench_row rows[5] = {
        {"co-simulation / RTL-only cycles/s (long run, same binary and stimulus)", "", ">= 0.90", -1},
        {"fixed per-test overhead, share of the default regression", "", "<= 10%", -1},
        {"reference model alone, long mixed stream, one core", "", ">= 20 M commands/s", -1},
        {"seeds per minute, 2 jobs / 1 job", "", ">= 1.8", -1},
        {"rebuild after a one-line change in refmodel/", "", "no re-verilation", -1},
    };
    memcpy(b->rows, rows, sizeof rows);
    for (size_t i = 0; i < 5; i++) snprintf(b->rows[i].value, sizeof b->rows[i].value, "not measured");
    if (o->rebuild) {
        int rc = read_rebuild_report(o->rebuild, &b->rows[4]);
        if (rc) return rc;
    }
    gen_opts_config(&o->go, &b->config);
    if (b->config.min_cmds > b->config.max_cmds) return cli_usage_error("bench", "--min-cmds is more than --max-cmds");
    /* the long stimulus: the model figure, then co-simulation against RTL-only */
    b->long_cfg = b->config;
    gtref_gen_config_bench_long(&b->long_cfg);
    if (!path_format(b->long_stim, sizeof b->long_stim, "bench", "%s/stim/long-%" PRIu64 ".stim", b->out, o->long_seed) ||
        !path_format(b->long_res, sizeof b->long_res, "bench", "%s/results/long-%" PRIu64 ".result", b->out,
                     o->long_seed) ||
        !path_format(b->long_log, sizeof b->long_log, "bench", "%s/logs/long-%" PRIu64 ".log", b->out, o->long_seed))
        return EXIT_USAGE;
    b->setup = (sim_setup){.sim = o->sim, .rtl = o->rtl, .engines = (unsigned)o->go.engines,
                           .timeout_s = (unsigned)o->timeout_s, .tests_per_process = (unsigned)o->per_process};
    return -1; /* go on */
}

/* Run: the long stimulus in co-simulation and RTL only, pairs times: row 0. 0, or an exit code after a message. */
static int bench_long_run(bench_run *b)
{
    const bench_opts *o = &b->o;
    sim_test long_test;
    gtref_result long_r;
    if (!sim_test_init(&long_test, "long", o->long_seed, b->long_stim, b->long_res, b->long_log))
        return cli_error("bench", "paths too long for a result record");
    double cosim_cps_cpu[MAX_PAIRS], rtl_cps_cpu[MAX_PAIRS], ratio_cpu[MAX_PAIRS], ratio_wall[MAX_PAIRS];
    uint64_t long_cycles = 0;
    for (unsigned p = 0; p < o->pairs; p++) {
        double w[2], c[2];
        uint64_t cyc[2];
        for (int mode = 0; mode < 2; mode++) {   /* 0 co-simulation, 1 RTL only */
            if (mode) setenv("GTREF_RTL_ONLY", "1", 1);
            int sig = timed_run(&b->setup, &long_test, &long_r, 1, 1, &w[mode], &c[mode]);
            unsetenv("GTREF_RTL_ONLY");
            if (sig) return fprintf(stderr, "gtref bench: interrupted (%s)\n", strsignal(sig)), 128 + sig;
            bool ok = mode ? long_r.status == GTREF_ERROR && long_r.cycles : long_r.status == GTREF_PASS;
            if (!ok)
                return cli_error("bench", "the long run (%s, seed %" PRIu64 ") did not %s: status %s; see %s", 
                                 mode ? "RTL only" : "co-simulation", o->long_seed, mode ? "run" : "pass",
                                 gtref_status_name(long_r.status), b->long_log);
            cyc[mode] = long_r.cycles;
        }
        if (cyc[0] != cyc[1])
            return cli_error("bench", "the RTL-only run took %" PRIu64 " cycles, the co-simulation %" PRIu64
                             ": the two modes must drive the DUT alike", cyc[1], cyc[0]);
        long_cycles = cyc[0];
        cosim_cps_cpu[p] = (double)cyc[0] / c[0];
        rtl_cps_cpu[p] = (double)cyc[1] / c[1];
        ratio_cpu[p] = c[1] / c[0];
        ratio_wall[p] = w[1] / w[0];
    }
    b->cosim_rate = median(cosim_cps_cpu, o->pairs);
    double rtl_rate = median(rtl_cps_cpu, o->pairs);
    double r_cpu = median(ratio_cpu, o->pairs), r_wall = median(ratio_wall, o->pairs);
    printf("long run, %" PRIu64 " cycles, %" PRIu64 " pairs: co-simulation %.0f cycles per CPU s, RTL only %.0f; "
           "ratio %.3f (CPU), %.3f (wall)\n",
           long_cycles, o->pairs, b->cosim_rate, rtl_rate, r_cpu, r_wall);
    snprintf(b->rows[0].value, sizeof b->rows[0].value, "%.3f", r_cpu);
    b->rows[0].met = r_cpu >= TARGET_COSIM_RATIO;
    return 0;
}

/* Plan: the stimuli of the seeds the jobs figure runs. 0, or an exit code after a message. */
static int bench_make_seeds(const bench_run *b, const gtref_cli *cli, sim_test *tests, size_t n)
{
    const bench_opts *o = &b->o;
    int rc = 0;
    char err[1024];
    for (size_t i = 0; i < n && !rc; i++) {
        uint64_t seed = o->seed0 + i;
        char name[64], stim[GTREF_PATH_MAX], result[GTREF_PATH_MAX], log[GTREF_PATH_MAX];
        snprintf(name, sizeof name, "rand-%" PRIu64, seed);
        if (!path_format(stim, sizeof stim, "bench", "%s/stim/%s.stim", b->out, name) ||
            !path_format(result, sizeof result, "bench", "%s/results/%s.result", b->out, name) ||
            !path_format(log, sizeof log, "bench", "%s/logs/%s.log", b->out, name) ||
            !sim_test_init(&tests[i], name, seed, stim, result, log) ||
            !replay_command(cli, result, o->sim, o->rtl, b->setup.engines, b->setup.timeout_s, tests[i].replay,
                            sizeof tests[i].replay))
            rc = cli_error("bench", "%s: paths too long for a result record", name);
        else if (stim_file_from_seed(seed, &b->config, stim, err, sizeof err))
            rc = cli_error("bench", "%s", err);
    }
    return rc;
}

/* Run: the seeds with 1 and 2 jobs, in turn (at most two pairs): row 3. 0, or an exit code after a message. */
static int bench_jobs(bench_run *b, const gtref_cli *cli)
{
    size_t n = (size_t)b->o.nseeds;
    sim_test *tests = calloc(n, sizeof *tests);
    gtref_result *results = calloc(n, sizeof *results);
    if (!tests || !results) {
        free(tests);
        free(results);
        return cli_error("bench", "out of memory");
    }
    int rc = bench_make_seeds(b, cli, tests, n);
    double jobs_ratio[MAX_PAIRS];
    unsigned jpairs = b->o.pairs < 2 ? (unsigned)b->o.pairs : 2;
    for (unsigned p = 0; p < jpairs && !rc; p++) {
        double w1, c1, w2, c2;
        int sig = timed_run(&b->setup, tests, results, n, 1, &w1, &c1);
        gtref_tally t;
        gtref_tally_results(results, n, &t);
        if (!sig && p == 0) {
            printf("simulation, sequential (1 job, --tests-per-process %u): %zu tests in %.2f s: %.2f tests/s, "
                   "%.0f simulated cycles/s, %.0f retired commands/s\n",
                   b->setup.tests_per_process, t.total, w1, (double)t.total / w1, (double)t.cycles / w1,
                   (double)t.retired / w1);
            printf("  %" PRIu64 " cycles and %" PRIu64 " commands retired in all; %zu passed, %zu failed; "
                   "results in %s/results\n",
                   t.cycles, t.retired, t.passed, t.failed, b->out);
        }
        if (!sig) sig = timed_run(&b->setup, tests, results, n, 2, &w2, &c2);
        if (sig) {
            fprintf(stderr, "gtref bench: interrupted (%s)\n", strsignal(sig));
            rc = 128 + sig;
            break;
        }
        jobs_ratio[p] = w1 / w2;
        printf("seeds per minute: 1 job %.0f, 2 jobs %.0f (%zu seeds each): %.2f\n", 60.0 * (double)n / w1,
               60.0 * (double)n / w2, n, jobs_ratio[p]);
    }
    free(tests);
    free(results);
    if (rc) return rc;
    double jr = median(jobs_ratio, jpairs);
    snprintf(b->rows[3].value, sizeof b->rows[3].value, "%.2f", jr);
    b->rows[3].met = jr >= TARGET_JOBS_RATIO;
    return 0;
}

/* Run: the default regression (directed tests + 200 seeds) against the fixed cost of a test: the simulator's
 * start-up and exit without a test, and the making of its stimulus: row 1. 0, or an exit code after a message. */
static int bench_default_regression(bench_run *b)
{
    const bench_opts *o = &b->o;
    if (!(o->directed[0] && access(o->directed, R_OK) == 0)) {
        printf("default regression: not run (no directed tests at %s)\n", o->directed);
        return 0;
    }
    char rout[GTREF_PATH_MAX];
    if (!path_format(rout, sizeof rout, "bench", "%s/regress", b->out)) return EXIT_USAGE;
    double wall, cpu, start_s = startup_cpu_seconds(o->sim, 15);
    if (start_s < 0) return cli_error("bench", "%s +describe did not run", o->sim);
    printf("simulator start-up and exit without a test (+describe): %.1f ms CPU (median of 15); "
           "one stimulus made: %.2f ms\n", 1e3 * start_s, 1e3 * b->gen_s);
    printf("default regression (--directed %s --seeds 200 --jobs %" PRIu64 " --tests-per-process %u) ...\n",
           o->directed, o->regress_jobs, b->setup.tests_per_process);
    fflush(stdout);
    if (run_regression(o->sim, o->rtl, b->setup.engines, o->directed, (unsigned)o->regress_jobs,
                       b->setup.tests_per_process, rout, &wall, &cpu) != 0)
        return 0;
    size_t ntests;
    uint64_t cycles;
    regression_cycles(rout, &ntests, &cycles);
    /* one simulator start-up per process (--tests-per-process tests each), one stimulus per test */
    size_t nproc = (ntests + b->setup.tests_per_process - 1) / b->setup.tests_per_process;
    double fixed = (double)nproc * start_s + (double)ntests * b->gen_s;
    double share = cpu > 0 ? fixed / cpu : 0;
    /* an upper bound: everything that is not simulation at the long run's rate (short tests' own rate too) */
    double sim_cpu = (double)cycles / (b->cosim_rate > 0 ? b->cosim_rate : 1);
    double bound = cpu > sim_cpu ? 1.0 - sim_cpu / cpu : 0;
    printf("  %zu tests, %" PRIu64 " cycles in %.2f s wall, %.2f CPU s (gtref and the simulators): fixed "
           "per-test cost %.2f CPU s = %.1f%%; CPU beyond simulation at the long run's rate (a bound) %.1f%%\n",
           ntests, cycles, wall, cpu, fixed, 100 * share, 100 * bound);
    snprintf(b->rows[1].value, sizeof b->rows[1].value, "%.1f%%", 100 * share);
    b->rows[1].met = share <= TARGET_OVERHEAD_SHARE;
    return 0;
}

/* Report: the figures beside their targets. */
static void bench_print_table(const bench_row rows[5])
{
    printf("\n%-72s %-22s %-20s %s\n", "figure (docs/performance.md)", "measured", "target", "");
    unsigned met = 0, measured = 0;
    for (size_t i = 0; i < 5; i++) {
        printf("%-72s %-22s %-20s %s\n", rows[i].figure, rows[i].value, rows[i].target,
               rows[i].met < 0 ? "-" : rows[i].met ? "met" : "NOT MET");
        measured += rows[i].met >= 0;
        met += rows[i].met == 1;
    }
    printf("%u of %u measured targets met\n", met, measured);
}

int gtref_cmd_bench(const gtref_cli *cli, int argc, char **argv)
{
    static bench_run b;
    b = (bench_run){0};
    int rc = bench_parse(argc, argv, &b.o);
    if (rc < 0) rc = bench_plan(&b);
    if (rc >= 0) return rc;
    const bench_opts *o = &b.o;
    bench_row *model_row = &b.rows[2];
    if (o->model_only) {   /* the model figure alone: no simulator, a few seconds */
        printf("gtref bench --model-only: long stimulus seed %" PRIu64 "\n", o->long_seed);
        if ((rc = model_figure(&b.long_cfg, o->long_seed, b.long_stim, model_row))) return rc;
        printf("%-72s %-22s %-20s %s\n", model_row->figure, model_row->value, model_row->target,
               model_row->met ? "met" : "NOT MET");
        return 0;
    }
    printf("gtref bench: rtl %s, simulator %s, %" PRIu64 " seeds from %" PRIu64 ", long stimulus seed %" PRIu64 "\n",
           o->rtl, o->sim, o->nseeds, o->seed0, o->long_seed);
    fflush(stdout);
    if ((rc = bench_generation(o->seed0, o->nseeds, &b.config, &b.gen_s))) return rc;
    if ((rc = model_figure(&b.long_cfg, o->long_seed, b.long_stim, model_row))) return rc;
    if ((rc = bench_long_run(&b)) || (rc = bench_jobs(&b, cli)) || (rc = bench_default_regression(&b))) return rc;
    bench_print_table(b.rows);
    return 0;
}
