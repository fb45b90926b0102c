/* Runs the simulator as a child process per test, at most `jobs` at a time:
 *     SIM +stim=STIM +result=RESULT +rtl=RTL      (stdin /dev/null, stdout and stderr to LOG)
 * Each child leads its own process group, so a test that exceeds its wall-clock limit is killed with
 * everything it started (TIMEOUT). When a child ends, its result record is read and completed (test,
 * stimulus, seed, rtl, wall time, replay command) or made up (CRASH: died without a record, or left an
 * unreadable one), and rewritten at RESULT at once. SIGINT, SIGTERM and SIGHUP kill the running tests
 * and stop the run.
 * Limits per test (docs/regress.md §2): the wall-clock limit (TIMEOUT), an address-space limit (RLIMIT_AS: a
 * simulator that dies without a record after using at least half of it is a CRASH named "memory limit"), and a
 * log cap (RLIMIT_FSIZE on the child, and a check of the log's size in the poll loop: a log that reaches it is a
 * CRASH named "log limit"; the head of the log is kept). */
#ifndef GTREF_SIM_RUNNER_H
#define GTREF_SIM_RUNNER_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gtref/result.h"
#include "gtref_cli.h"

typedef struct sim_setup {
    const char *sim;    /* simulator binary */
    const char *rtl;    /* RTL configuration name, passed as +rtl= and stored in the records */
    unsigned engines;   /* engine count of the simulator build (with rtl: which default simulator) */
    unsigned timeout_s; /* wall-clock limit per test */
    uint64_t max_cycles; /* per-test cycle limit passed as +max_cycles= (0: the stimulus's own) */
    const char *const *extra;  /* further plusargs for every run (NULL-terminated), e.g. replay --waves' +trace= */
    unsigned max_memory_mb; /* per-test address-space limit (RLIMIT_AS); 0: DEFAULT_MAX_MEMORY_MB */
    unsigned max_log_mb;    /* per-test log cap: the test is killed when its log reaches it; 0: DEFAULT_MAX_LOG_MB */
    bool log_cap_by_poll;   /* the simulator writes other files that may be larger (a waveform): the log cap is
                             * checked once a second instead of being a file-size limit (RLIMIT_FSIZE) */
    unsigned tests_per_process; /* tests run one after another in one simulator process (+stims=); 0 or 1: one */
} sim_setup;

/* Paths are kept as short as the record's stim field: a regression holds one of these per test. */
#define SIM_PATH_MAX sizeof(((gtref_result *)0)->stim)

typedef struct sim_test {
    char name[64];
    uint64_t seed;
    char stim[SIM_PATH_MAX];   /* the stimulus (or the .gts that could not be assembled) */
    char result[SIM_PATH_MAX];
    char log[SIM_PATH_MAX];
    char replay[1024];  /* the replay command stored in the record */
    bool skip;          /* its result is already final (e.g. the stimulus could not be made): not run */
    bool kept;          /* skipped because --resume kept the record an earlier run left */
} sim_test;

/* Fill a test (replay empty, skip false); false when a name or path does not fit. */
bool sim_test_init(sim_test *t, const char *name, uint64_t seed, const char *stim, const char *result,
                   const char *log);

/* Called after each test ends (finished = its result) and about once a second (finished = NULL). */
typedef void (*sim_event_fn)(void *ctx, const gtref_result *finished);

/* Run the tests that are not skipped; results[i] gets the completed record of tests[i]. Returns 0 when every
 * test ran, or the number of the signal that interrupted the run (the running tests are killed and their
 * results left untouched). */
int sim_run_tests(const sim_setup *setup, const sim_test *tests, gtref_result *results, size_t n, unsigned jobs,
                  sim_event_fn on_event, void *ctx);

/* The record of a test whose simulator ended (wait_status as from waitpid) or ran out of time: the one it wrote,
 * or a CRASH / TIMEOUT made up here; completed with the common fields and wall_s. peak_rss_kib: the child's peak
 * resident memory (KiB, from wait4; 0: unknown): a child without a record that used at least half of its memory
 * limit ran out of memory. */
void sim_complete_result(const sim_setup *setup, const sim_test *t, int wait_status, bool timed_out, double wall_s,
                         uint64_t peak_rss_kib, gtref_result *r);
/* Write a completed record to its file and tell on_event. */
void sim_finish(const sim_test *t, gtref_result *r, sim_event_fn on_event, void *ctx);

/* The same tests as sim_run_tests, submitted as one Slurm job array (sbatch --array, --wait): the stimuli and
 * records are on a file system the cluster shares. Scripts and Slurm's own output go to slurm_dir; extra is
 * added to the sbatch command line (split at blanks; may be NULL). Same return as sim_run_tests; a submission
 * that fails gives every test an ERROR naming the sbatch output. */
int sim_run_tests_slurm(const sim_setup *setup, const sim_test *tests, gtref_result *results, size_t n, unsigned jobs,
                        const char *slurm_dir, const char *extra, sim_event_fn on_event, void *ctx);

/* Which build a simulator is: runs `SIM +describe` and parses "gtref-sim rtl=R engines=N build=B". 0, or -1
 * with err (the simulator does not run, or is not a gtref simulator). */
/* SIM PLUSARG, its stdout into out (NUL-terminated); -1 with err when it could not be started. */
int sim_query(const char *sim, const char *plusarg, char *out, size_t outsz, char *err, size_t errsz);
int sim_describe(const char *sim, char *rtl, size_t rtlsz, unsigned *engines, char *build, size_t buildsz, char *err,
                 size_t errsz);

/* The Verilator version the simulator was built with ("Verilator 5.006 2023-01-22"), from its runtime's
 * +verilator+version. 0, or -1 (version left empty). */
int sim_verilator_version(const char *sim, char *version, size_t versionsz);

/* A result for a test that could not run (status ERROR), with the fields a record always has. */
void sim_error_result(const sim_setup *setup, const sim_test *t, const char *error, gtref_result *r);
#endif
