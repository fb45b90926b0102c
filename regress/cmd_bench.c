/* gtref bench: throughput figures of stimulus generation and of the simulator, no thresholds. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../scoreboard/regress_report.h"
#include "gtref_cli.h"
#include "sim_runner.h"

#define MIN_GEN_SECONDS 1.0 /* repeat generation passes until the figure means something */
#define MAX_GEN_PASSES 100000u

/* Generate and encode seeds seed0..seed0+nseeds-1 over and over; 0 or an exit code. */
static int bench_generation(uint64_t seed0, uint64_t nseeds, const gtref_gen_config *cfg)
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
    printf("stimulus generation: %" PRIu64 " seeds x %u passes in %.2f s: %.1f stimuli/s, %.2f MB/s "
           "(%.0f bytes per stimulus)\n",
           nseeds, passes, elapsed, (double)stimuli / elapsed, (double)bytes / elapsed / 1e6,
           (double)bytes / (double)stimuli);
    return 0;
}

int gtref_cmd_bench(const gtref_cli *cli, int argc, char **argv)
{
    const char *sim = NULL, *rtl = "clean", *out_opt = "build/bench";
    uint64_t nseeds = 20, seed0 = 1, timeout_s = DEFAULT_TIMEOUT_S, per_process = DEFAULT_TESTS_PER_PROCESS;
    gen_opts go;
    cli_opt opts[7 + GEN_OPTS_COUNT] = {
        {"--tests-per-process", CLI_U64, &per_process, 1, MAX_TESTS_PER_PROCESS},
        {"--sim", CLI_STRING, &sim, 0, 0},
        {"--rtl", CLI_STRING, &rtl, 0, 0},
        {"--seeds", CLI_U64, &nseeds, 1, 10000},
        {"--seed0", CLI_U64, &seed0, 0, UINT64_MAX - 10000},
        {"--out", CLI_STRING, &out_opt, 0, 0},
        {"--timeout", CLI_U64, &timeout_s, 1, 7 * 24 * 3600},
    };
    gen_opts_init(&go, opts + 7);
    const char *none[1];
    size_t npositional;
    enum cli_parse_result pr = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0], none, 0, &npositional);
    if (pr == CLI_HELP) return gtref_print_usage("bench"), 0;
    if (pr == CLI_BAD) return EXIT_USAGE;
    if (!valid_rtl_name(rtl))
        return cli_usage_error("bench", "--rtl '%s': a configuration name (letters, digits, - and _, at most %zu)", rtl,
                               RTL_NAME_MAX);

    char sim_buf[GTREF_PATH_MAX], out[GTREF_PATH_MAX];
    if (!sim) {
        if (!default_sim_path(rtl, (unsigned)go.engines, sim_buf, sizeof sim_buf))
            return cli_error("bench", "cannot locate the default simulator; pass --sim");
        sim = sim_buf;
    }
    if (!is_executable_file(sim))
        return cli_error("bench", "simulator %s is not an executable file (build it with make, or pass --sim)", sim);
    snprintf(out, sizeof out, "%s", out_opt);
    strip_trailing_slashes(out);
    static const char *const subdirs[] = {"/stim", "/results", "/logs"};
    for (size_t i = 0; i < 3; i++) {
        char dir[GTREF_PATH_MAX];
        if (!path_format(dir, sizeof dir, "bench", "%s%s", out, subdirs[i])) return EXIT_USAGE;
        if (make_dirs(dir)) return cli_error("bench", "cannot create %s: %s", dir, strerror(errno));
    }

    printf("gtref bench: rtl %s, simulator %s, %" PRIu64 " seeds from %" PRIu64 "\n", rtl, sim, nseeds, seed0);
    fflush(stdout);
    gtref_gen_config config;
    gen_opts_config(&go, &config);
    if (config.min_cmds > config.max_cmds) return cli_usage_error("bench", "--min-cmds is more than --max-cmds");
    int rc = bench_generation(seed0, nseeds, &config);
    if (rc) return rc;

    size_t n = (size_t)nseeds;
    sim_test *tests = calloc(n, sizeof *tests);
    gtref_result *results = calloc(n, sizeof *results);
    if (!tests || !results) {
        free(tests);
        free(results);
        return cli_error("bench", "out of memory");
    }
    const sim_setup setup = {.sim = sim, .rtl = rtl, .engines = (unsigned)go.engines, .timeout_s = (unsigned)timeout_s,
                             .tests_per_process = (unsigned)per_process};
    for (size_t i = 0; i < n && !rc; i++) {
        uint64_t seed = seed0 + i;
        char name[64], stim[GTREF_PATH_MAX], result[GTREF_PATH_MAX], log[GTREF_PATH_MAX], err[1024];
        snprintf(name, sizeof name, "rand-%" PRIu64, seed);
        if (!path_format(stim, sizeof stim, "bench", "%s/stim/%s.stim", out, name) ||
            !path_format(result, sizeof result, "bench", "%s/results/%s.result", out, name) ||
            !path_format(log, sizeof log, "bench", "%s/logs/%s.log", out, name) ||
            !sim_test_init(&tests[i], name, seed, stim, result, log) ||
            !replay_command(cli, result, sim, rtl, setup.engines, setup.timeout_s, tests[i].replay, sizeof tests[i].replay))
            rc = cli_error("bench", "%s: paths too long for a result record", name);
        else if (stim_file_from_seed(seed, &config, stim, err, sizeof err))
            rc = cli_error("bench", "%s", err);
    }
    if (!rc) {
        double start = monotonic_seconds();
        int sig = sim_run_tests(&setup, tests, results, n, 1, NULL, NULL);
        double elapsed = monotonic_seconds() - start;
        if (sig) {
            fprintf(stderr, "gtref bench: interrupted (%s)\n", strsignal(sig));
            rc = 128 + sig;
        } else {
            gtref_tally t;
            gtref_tally_results(results, n, &t);
            if (elapsed <= 0) elapsed = 1e-9;
            printf("simulation, sequential, one process per test: %zu tests in %.2f s: %.2f tests/s, "
                   "%.0f simulated cycles/s, %.0f retired commands/s\n",
                   t.total, elapsed, (double)t.total / elapsed, (double)t.cycles / elapsed,
                   (double)t.retired / elapsed);
            printf("  %" PRIu64 " cycles and %" PRIu64 " commands retired in all; %zu passed, %zu failed; "
                   "results in %s/results\n",
                   t.cycles, t.retired, t.passed, t.failed, out);
        }
    }
    free(tests);
    free(results);
    return rc;
}
