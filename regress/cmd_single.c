/* One test at a time: gtref run, gtref replay, gtref show. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gtref/regress_report.h"
#include "gtref/engines.h"
#include "gtref/file_io.h"
#include "gtref_cli.h"
#include "sim_runner.h"

#define MAX_TIMEOUT_S (7u * 24 * 3600)

/* The simulator to use: the one given, or the configuration's default; NULL after an error message. */
static const char *resolve_sim(const char *command, const char *given, const char *rtl, unsigned engines, char *buf,
                               size_t bufsz)
{
    const char *sim = given;
    if (!sim) {
        if (!default_sim_path(rtl, engines, buf, bufsz)) {
            cli_error(command, "cannot locate the default simulator; pass --sim");
            return NULL;
        }
        sim = buf;
    }
    if (!is_executable_file(sim)) {
        if (given) cli_error(command, "simulator %s is not an executable file", sim);
        else cli_error(command, "no simulator %s for rtl '%s' with %u engines: build it with 'make sim RTL=%s ENGINES=%u', or pass --sim",
                       sim, rtl, engines, rtl, engines);
        return NULL;
    }
    if (sim != buf) { /* printed and recorded (the replay command) as an absolute path, without ".." */
        gtref_abs_path(sim, buf, bufsz);
        sim = buf;
    }
    return sim;
}

static int make_output_dirs(const char *command, const char *a, const char *b)
{
    const char *dirs[] = {a, b};
    for (size_t i = 0; i < 2; i++) {
        char dir[GTREF_PATH_MAX];
        gtref_dir_of(dirs[i], dir, sizeof dir);
        if (make_dirs(dir)) return cli_error(command, "cannot create %s: %s", dir, strerror(errno));
    }
    return 0;
}

/* Run one prepared test (or record its ERROR when it is skipped) and return its result in *r. */
static int run_one(const char *command, const sim_setup *setup, const sim_test *t, gtref_result *r)
{
    if (t->skip) {
        char err[512];
        if (gtref_result_write_file(r, t->result, err, sizeof err)) fprintf(stderr, "gtref: warning: %s\n", err);
        return 0;
    }
    int sig = sim_run_tests(setup, t, r, 1, 1, NULL, NULL);
    if (sig) {
        fprintf(stderr, "gtref %s: interrupted (%s)\n", command, strsignal(sig));
        return 128 + sig;
    }
    return 0;
}

/* ---- run ---- */

int gtref_cmd_run(const gtref_cli *cli, int argc, char **argv)
{
    const char *sim_opt = NULL, *rtl = "clean", *out_opt = "build/run";
    uint64_t timeout_s = DEFAULT_TIMEOUT_S, engines = GTREF_MAX_ENGINES, max_memory_mb = DEFAULT_MAX_MEMORY_MB,
             max_log_mb = DEFAULT_MAX_LOG_MB;
    const cli_opt opts[] = {
        {"--max-memory", CLI_U64, &max_memory_mb, 1, MAX_MEMORY_MB_LIMIT},
        {"--max-log", CLI_U64, &max_log_mb, 1, MAX_LOG_MB_LIMIT},
        {"--sim", CLI_STRING, &sim_opt, 0, 0},
        {"--rtl", CLI_STRING, &rtl, 0, 0},
        {"--engines", CLI_U64, &engines, 1, GTREF_MAX_ENGINES},
        {"--out", CLI_STRING, &out_opt, 0, 0},
        {"--timeout", CLI_U64, &timeout_s, 1, MAX_TIMEOUT_S},
    };
    const char *file[1];
    size_t nfile;
    enum cli_parse_result pr = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0], file, 1, &nfile);
    if (pr == CLI_HELP) return gtref_print_usage("run"), 0;
    if (pr == CLI_BAD) return EXIT_USAGE;
    if (nfile != 1) return cli_usage_error("run", "which test? give a .gts or .stim file");
    if (!valid_rtl_name(rtl))
        return cli_usage_error("run", "--rtl '%s': a configuration name (letters, digits, - and _, at most %zu)", rtl,
                               RTL_NAME_MAX);
    if (access(file[0], R_OK)) return cli_error("run", "%s: %s", file[0], strerror(errno));

    char sim_buf[GTREF_PATH_MAX], out[GTREF_PATH_MAX], name[64], stim[GTREF_PATH_MAX], result[GTREF_PATH_MAX],
        log[GTREF_PATH_MAX];
    const char *sim = resolve_sim("run", sim_opt, rtl, (unsigned)engines, sim_buf, sizeof sim_buf);
    if (!sim) return EXIT_USAGE;
    snprintf(out, sizeof out, "%s", out_opt);
    gtref_strip_trailing_slashes(out);
    test_name_of(file[0], name, sizeof name);
    bool is_gts = has_suffix(file[0], ".gts");
    if (!(is_gts ? path_format(stim, sizeof stim, "run", "%s/stim/%s.stim", out, name)
                 : path_format(stim, sizeof stim, "run", "%s", file[0])) ||
        !path_format(result, sizeof result, "run", "%s/results/%s.result", out, name) ||
        !path_format(log, sizeof log, "run", "%s/logs/%s.log", out, name))
        return EXIT_USAGE;
    if (make_output_dirs("run", stim, result) || make_output_dirs("run", log, log)) return EXIT_USAGE;

    const sim_setup setup = {.sim = sim, .rtl = rtl, .engines = (unsigned)engines, .timeout_s = (unsigned)timeout_s,
                             .max_memory_mb = (unsigned)max_memory_mb, .max_log_mb = (unsigned)max_log_mb};
    sim_test t;
    if (!sim_test_init(&t, name, 0, stim, result, log) ||
        !replay_command(cli, result, sim, rtl, setup.engines, setup.timeout_s, t.replay, sizeof t.replay) ||
        !replay_command_limits(setup.max_memory_mb, setup.max_log_mb, t.replay, sizeof t.replay))
        return cli_error("run", "paths too long for a result record");

    gtref_result r;
    char err[1024];
    if (is_gts) {
        if (stim_file_from_gts(file[0], stim, &t.seed, err, sizeof err)) {
            if (!copy_string(t.stim, sizeof t.stim, file[0]))
                return cli_error("run", "%s: path too long for a result record", file[0]);
            t.skip = true;
        }
    } else {
        gtref_stim s;
        gtref_stim_init(&s);
        if (gtref_stim_read_file(&s, file[0], err, sizeof err)) t.skip = true;
        else t.seed = s.seed;
        gtref_stim_free(&s);
    }
    if (t.skip) sim_error_result(&setup, &t, err, &r);
    int rc = run_one("run", &setup, &t, &r);
    if (rc) return rc;
    gtref_result_print(&r, stdout);
    if (t.skip) {   /* the file cannot be used: exit 2 like every reader, its ERROR record written all the same */
        fprintf(stderr, "gtref run: %s\n", err);
        return EXIT_USAGE;
    }
    return r.status == GTREF_PASS ? 0 : EXIT_TESTS_FAILED;
}

/* ---- replay ---- */

/* Where a replay of the record at result_path writes: next to a regression's results/ directory,
 * OUT/replay/, otherwise a replay/ directory beside the record. */
static bool replay_dir_of(const char *result_path, char *dir, size_t dirsz)
{
    char parent[GTREF_PATH_MAX];
    gtref_dir_of(result_path, parent, sizeof parent);
    const char *base = strrchr(parent, '/');
    base = base ? base + 1 : parent;
    if (strcmp(base, "results") == 0) {
        char grandparent[GTREF_PATH_MAX];
        gtref_dir_of(parent, grandparent, sizeof grandparent);
        return path_format(dir, dirsz, "replay", "%s/replay", grandparent);
    }
    return path_format(dir, dirsz, "replay", "%s/replay", parent);
}

/* The record's stimulus: its path as recorded (absolute since records version 2), or, when a regression folder
 * was moved or copied, the file of the same name beside the record or in the regression's stim/ folder. */
static bool find_stimulus(gtref_result *r, const char *result_path)
{
    if (access(r->stim, R_OK) == 0) return true;
    int saved = errno;
    const char *slash = strrchr(r->stim, '/');
    const char *base = slash ? slash + 1 : r->stim;
    char dir[GTREF_PATH_MAX], parent[GTREF_PATH_MAX], cand[GTREF_PATH_MAX];
    gtref_dir_of(result_path, dir, sizeof dir);
    gtref_dir_of(dir, parent, sizeof parent);
    const char *const where[] = {dir, parent};
    const char *const sub[] = {"", "/stim"};
    for (size_t i = 0; i < 2; i++) {
        int n = snprintf(cand, sizeof cand, "%s%s/%s", where[i], sub[i], base);
        if (n > 0 && (size_t)n < sizeof cand && (size_t)n < sizeof r->stim && access(cand, R_OK) == 0) {
            memcpy(r->stim, cand, (size_t)n + 1);
            return true;
        }
    }
    errno = saved;
    return false;
}

static bool same_outcome(const gtref_result *a, const gtref_result *b)
{
    if (a->status != b->status) return false;
    gtref_bucket ba, bb;
    if (!gtref_result_bucket(a, &ba) || !gtref_result_bucket(b, &bb)) return true; /* both passed */
    return strcmp(ba.signature, bb.signature) == 0;
}

static void describe_outcome(const gtref_result *r, char *buf, size_t bufsz)
{
    gtref_bucket b;
    if (!gtref_result_bucket(r, &b)) snprintf(buf, bufsz, "PASS");
    else snprintf(buf, bufsz, "%s %s (%s)", gtref_status_name(r->status), b.signature, b.text);
}

/* The tracing build beside a simulator (SIMDIR/trace/Vtb_top), built with make when it is the default one and
 * missing. NULL after a message. */
static const char *trace_sim(const char *sim, bool default_sim, char *buf, size_t bufsz)
{
    char dir[GTREF_PATH_MAX];
    gtref_dir_of(sim, dir, sizeof dir);
    if (!path_format(buf, bufsz, "replay", "%s/trace/Vtb_top", dir)) return NULL;
    if (is_executable_file(buf)) return buf;
    char exe[GTREF_PATH_MAX], root[GTREF_PATH_MAX], bindir[GTREF_PATH_MAX], builddir[GTREF_PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (!default_sim || n <= 0) {
        cli_error("replay", "--waves needs the tracing build %s (make %s)", buf, buf);
        return NULL;
    }
    exe[n] = '\0';
    gtref_dir_of(exe, bindir, sizeof bindir);     /* ROOT/build/bin */
    gtref_dir_of(bindir, builddir, sizeof builddir);
    gtref_dir_of(builddir, root, sizeof root);
    char target[GTREF_PATH_MAX];
    const char *rel = strstr(buf, "/sim/");
    if (!rel || !path_format(target, sizeof target, "replay", "build%s", rel)) return NULL;
    fprintf(stderr, "gtref replay: building the tracing simulator: make -C %s %s\n", root, target);
    pid_t pid = fork();
    if (pid == 0) {
        execlp("make", "make", "--no-print-directory", "-C", root, target, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
        !is_executable_file(buf)) {
        cli_error("replay", "could not build %s (run: make -C %s %s)", buf, root, target);
        return NULL;
    }
    return buf;
}

int gtref_cmd_replay(const gtref_cli *cli, int argc, char **argv)
{
    const char *sim_opt = NULL;
    uint64_t timeout_s = DEFAULT_TIMEOUT_S, window = 200, max_memory_mb = DEFAULT_MAX_MEMORY_MB,
             max_log_mb = DEFAULT_MAX_LOG_MB;
    bool waves = false;
    const cli_opt opts[] = {
        {"--waves", CLI_FLAG, &waves, 0, 0},
        {"--max-memory", CLI_U64, &max_memory_mb, 1, MAX_MEMORY_MB_LIMIT},
        {"--max-log", CLI_U64, &max_log_mb, 1, MAX_LOG_MB_LIMIT},
        {"--window", CLI_U64, &window, 1, 10000000},
        {"--sim", CLI_STRING, &sim_opt, 0, 0},
        {"--timeout", CLI_U64, &timeout_s, 1, MAX_TIMEOUT_S},
    };
    const char *file[1];
    size_t nfile;
    enum cli_parse_result pr = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0], file, 1, &nfile);
    if (pr == CLI_HELP) return gtref_print_usage("replay"), 0;
    if (pr == CLI_BAD) return EXIT_USAGE;
    if (nfile != 1) return cli_usage_error("replay", "which result? give a .result file");

    gtref_result original;
    char err[1024];
    if (gtref_result_read_file(&original, file[0], err, sizeof err)) return cli_error("replay", "%s", err);
    if (!original.rtl[0]) return cli_error("replay", "%s: the record names no RTL configuration", file[0]);
    if (!original.stim[0]) return cli_error("replay", "%s: the record names no stimulus", file[0]);
    if (!find_stimulus(&original, file[0]))
        return cli_error("replay", "stimulus %s of %s: %s (nor beside the record, nor in its regression's stim/)",
                         original.stim, file[0], strerror(errno));

    char sim_buf[GTREF_PATH_MAX], dir[GTREF_PATH_MAX], name[64], stim[GTREF_PATH_MAX], result[GTREF_PATH_MAX],
        log[GTREF_PATH_MAX];
    const char *sim = resolve_sim("replay", sim_opt, original.rtl, (unsigned)original.engines, sim_buf, sizeof sim_buf);
    if (!sim) return EXIT_USAGE;
    if (original.test[0]) snprintf(name, sizeof name, "%s", original.test);
    else test_name_of(file[0], name, sizeof name);
    bool is_gts = has_suffix(original.stim, ".gts");
    if (!replay_dir_of(file[0], dir, sizeof dir) ||
        !(is_gts ? path_format(stim, sizeof stim, "replay", "%s/%s.stim", dir, name)
                 : path_format(stim, sizeof stim, "replay", "%s", original.stim)) ||
        !path_format(result, sizeof result, "replay", "%s/%s.result", dir, name) ||
        !path_format(log, sizeof log, "replay", "%s/%s.log", dir, name))
        return EXIT_USAGE;
    if (make_dirs(dir)) return cli_error("replay", "cannot create %s: %s", dir, strerror(errno));

    /* --waves: the tracing build, an FST of the window before the first mismatch (or the end), every command */
    char tsim[GTREF_PATH_MAX], fst[GTREF_PATH_MAX], ctrace[GTREF_PATH_MAX], a_trace[GTREF_PATH_MAX + 8],
        a_from[40], a_cmd[GTREF_PATH_MAX + 12];
    const char *extra[5] = {NULL};
    uint64_t at = original.has_mismatch ? original.mm.cycle : original.cycles, from = at > window ? at - window : 0;
    if (waves) {
        if (!(sim = trace_sim(sim, sim_opt == NULL, tsim, sizeof tsim))) return EXIT_USAGE;
        if (!path_format(fst, sizeof fst, "replay", "%s/%s.fst", dir, name) ||
            !path_format(ctrace, sizeof ctrace, "replay", "%s/%s.commands.txt", dir, name))
            return EXIT_USAGE;
        snprintf(a_trace, sizeof a_trace, "+trace=%s", fst);
        snprintf(a_from, sizeof a_from, "+trace_from=%" PRIu64, from);
        snprintf(a_cmd, sizeof a_cmd, "+cmdtrace=%s", ctrace);
        extra[0] = a_trace, extra[1] = a_from, extra[2] = a_cmd;
    }
    const sim_setup setup = {.sim = sim, .rtl = original.rtl, .engines = (unsigned)original.engines,
                             .timeout_s = (unsigned)timeout_s, .extra = waves ? extra : NULL,
                             .max_memory_mb = (unsigned)max_memory_mb, .max_log_mb = (unsigned)max_log_mb,
                             .log_cap_by_poll = waves /* the waveform may be larger than the log cap */};
    sim_test t;
    if (!sim_test_init(&t, name, original.seed, stim, result, log) ||
        !replay_command(cli, result, sim, original.rtl, setup.engines, setup.timeout_s, t.replay, sizeof t.replay) ||
        !replay_command_limits(setup.max_memory_mb, setup.max_log_mb, t.replay, sizeof t.replay))
        return cli_error("replay", "paths too long for a result record");
    gtref_result r;
    if (is_gts && stim_file_from_gts(original.stim, stim, &t.seed, err, sizeof err)) {
        copy_string(t.stim, sizeof t.stim, original.stim); /* fits: it came from a record */
        t.skip = true;
        sim_error_result(&setup, &t, err, &r);
    }
    printf("replaying %s on %s with %s (log: %s)\n\n", name, original.rtl, sim, log);
    fflush(stdout);
    int rc = run_one("replay", &setup, &t, &r);
    if (rc) return rc;
    gtref_result_print(&r, stdout);

    char was[256], now[256];
    describe_outcome(&original, was, sizeof was);
    describe_outcome(&r, now, sizeof now);
    if (waves) {
        printf("\nwaves:    %s (from cycle %" PRIu64 " to the end, the first mismatch at %" PRIu64 "; open with gtkwave %s)\n",
               fst, from, at, fst);
        printf("commands: %s (every command each engine retired, decoded)\n", ctrace);
    }
    if (same_outcome(&original, &r)) {
        printf("\nreproduced: %s\n", now);
        return 0;
    }
    printf("\nNOT reproduced: the record says %s; the replay gave %s\n", was, now);
    return EXIT_TESTS_FAILED;
}

/* ---- show ---- */

int gtref_cmd_show(const gtref_cli *cli, int argc, char **argv)
{
    (void)cli;
    const char *files[64];
    size_t nfiles;
    enum cli_parse_result pr = cli_parse(argc, argv, NULL, 0, files, sizeof files / sizeof files[0], &nfiles);
    if (pr == CLI_HELP) return gtref_print_usage("show"), 0;
    if (pr == CLI_BAD) return EXIT_USAGE;
    if (nfiles == 0) return cli_usage_error("show", "which result? give a .result file");
    int rc = 0;
    for (size_t i = 0; i < nfiles; i++) {
        gtref_result r;
        char err[1024];
        if (gtref_result_read_file(&r, files[i], err, sizeof err)) {
            rc = cli_error("show", "%s", err);
            continue;
        }
        if (i) putchar('\n');
        gtref_result_print(&r, stdout);
    }
    return rc;
}
