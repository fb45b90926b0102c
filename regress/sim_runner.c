/* Child processes of the simulator (see sim_runner.h).
 *
 * Signals: SIGCHLD, SIGINT, SIGTERM and SIGHUP are blocked while tests run and taken synchronously with
 * sigtimedwait(), so there is no handler state to share (SIGCHLD gets an empty handler only so that it is
 * not discarded). Children get the original mask back before exec. */
#define _DEFAULT_SOURCE /* wait4: the peak memory of one child */
#include "sim_runner.h"
#include "gtref/file_io.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_TICK_S 1.0
#define BATCHES_PER_JOB 4 /* a run is cut into at least this many batches per job (tests per process permitting) */

typedef struct running_test {
    size_t index;      /* into tests[] */
    pid_t pid;         /* also the process group */
    double start_s;
    bool timed_out;
} running_test;

bool sim_test_init(sim_test *t, const char *name, uint64_t seed, const char *stim, const char *result,
                   const char *log)
{
    memset(t, 0, sizeof *t);
    t->seed = seed;
    return (size_t)snprintf(t->name, sizeof t->name, "%s", name) < sizeof t->name &&
           (size_t)snprintf(t->stim, sizeof t->stim, "%s", stim) < sizeof t->stim &&
           (size_t)snprintf(t->result, sizeof t->result, "%s", result) < sizeof t->result &&
           (size_t)snprintf(t->log, sizeof t->log, "%s", log) < sizeof t->log;
}

/* ---- completing a record ---- */

/* The record's error text; what does not fit is cut (the log path comes last for that reason). */
static void set_error(gtref_result *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->error, sizeof r->error, fmt, ap);
    va_end(ap);
}

static void fill_common(const sim_setup *setup, const sim_test *t, gtref_result *r)
{
    snprintf(r->test, sizeof r->test, "%s", t->name);
    gtref_abs_path(t->stim, r->stim, sizeof r->stim); /* absolute: the record replays from any directory */
    snprintf(r->rtl, sizeof r->rtl, "%s", setup->rtl);
    r->engines = setup->engines;
    snprintf(r->replay, sizeof r->replay, "%s", t->replay);
    r->seed = t->seed;
}

void sim_error_result(const sim_setup *setup, const sim_test *t, const char *error, gtref_result *r)
{
    memset(r, 0, sizeof *r);
    r->status = GTREF_ERROR;
    set_error(r, "%s", error);
    fill_common(setup, t, r);
}

static unsigned max_memory_mb(const sim_setup *setup)
{
    return setup->max_memory_mb ? setup->max_memory_mb : DEFAULT_MAX_MEMORY_MB;
}

static unsigned max_log_mb(const sim_setup *setup)
{
    return setup->max_log_mb ? setup->max_log_mb : DEFAULT_MAX_LOG_MB;
}

static off_t log_cap_bytes(const sim_setup *setup)
{
    return (off_t)max_log_mb(setup) << 20;
}

/* Whether the test's log reached its cap. */
static bool log_full(const sim_setup *setup, const sim_test *t)
{
    struct stat st;
    return stat(t->log, &st) == 0 && st.st_size >= log_cap_bytes(setup);
}

/* A log that reached its cap: its head (the cap) and a last line that says why it ends there. */
static void cut_log(const sim_setup *setup, const sim_test *t)
{
    if (truncate(t->log, log_cap_bytes(setup)) != 0) return;
    FILE *f = fopen(t->log, "a");
    if (!f) return;
    fprintf(f, "\n# gtref: the log reached the %u MiB cap (--max-log): the test was killed, the first %u MiB are kept\n",
            max_log_mb(setup), max_log_mb(setup));
    fclose(f);
}

/* How the child ended, for an error text: "killed by signal 11 (Segmentation fault)", "exited with status 1". */
static void describe_end(int wait_status, char *dst, size_t dstsz)
{
    if (WIFSIGNALED(wait_status))
        snprintf(dst, dstsz, "killed by signal %d (%s)", WTERMSIG(wait_status), strsignal(WTERMSIG(wait_status)));
    else
        snprintf(dst, dstsz, "exited with status %d", WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1);
}

/* What the end of the child means: the record it wrote, or a CRASH or TIMEOUT made up here. */
void sim_complete_result(const sim_setup *setup, const sim_test *t, int wait_status, bool timed_out, double wall_s,
                         uint64_t peak_rss_kib, gtref_result *r)
{
    char why[400], end[96];
    memset(r, 0, sizeof *r);
    describe_end(wait_status, end, sizeof end);
    if (timed_out) {
        r->status = GTREF_TIMEOUT;
        set_error(r, "killed after the %u s wall-clock limit; log: %s", setup->timeout_s, t->log);
    } else if (log_full(setup, t)) { /* a record it may have written is not trusted: its output was cut */
        cut_log(setup, t);
        r->status = GTREF_CRASH;
        set_error(r, "log limit: the log reached the %u MiB cap (--max-log) and the simulator was stopped (%s); its "
                     "first %u MiB are kept; log: %s",
                  max_log_mb(setup), end, max_log_mb(setup), t->log);
    } else if (gtref_result_read_file(r, t->result, why, sizeof why) == 0) {
        /* the record is the verdict, whatever the exit status */
    } else {
        bool no_record = access(t->result, F_OK) != 0;
        memset(r, 0, sizeof *r);
        r->status = GTREF_CRASH;
        if (!no_record)
            set_error(r, "unreadable result record (%s); log: %s", why, t->log);
        else if (peak_rss_kib && peak_rss_kib >= (uint64_t)max_memory_mb(setup) << 9) /* half the limit, in KiB */
            set_error(r, "memory limit: the simulator used %" PRIu64 " MiB of its %u MiB limit (--max-memory) and ended "
                         "without a result: %s; log: %s",
                      peak_rss_kib >> 10, max_memory_mb(setup), end, t->log);
        else if (WIFSIGNALED(wait_status))
            set_error(r, "killed by signal %d (%s) without a result; log: %s",
                     WTERMSIG(wait_status), strsignal(WTERMSIG(wait_status)), t->log);
        else
            set_error(r, "exited with status %d without a result; log: %s",
                     WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1, t->log);
    }
    fill_common(setup, t, r);
    r->wall_s = wall_s;
}

/* ---- launching ---- */

static int open_log(const sim_test *t, const char *const argv[])
{
    int fd = open(t->log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return -1;
    dprintf(fd, "# gtref:");
    for (size_t i = 0; argv[i]; i++) dprintf(fd, " %s", argv[i]);
    dprintf(fd, "\n");
    return fd;
}

/* The simulator's command line: one test (t), or the list of a batch (list). The strings live in buf. */
typedef struct sim_argv {
    char stim[GTREF_PATH_MAX + 8], result[GTREF_PATH_MAX + 8], rtl[128], cycles[40];
    const char *argv[16];
} sim_argv;

static void make_argv(const sim_setup *setup, const sim_test *t, const char *list, sim_argv *a)
{
    size_t na = 0;
    a->argv[na++] = setup->sim;
    if (list) {
        snprintf(a->stim, sizeof a->stim, "+stims=%s", list);
        a->argv[na++] = a->stim;
    } else {
        snprintf(a->stim, sizeof a->stim, "+stim=%s", t->stim);
        snprintf(a->result, sizeof a->result, "+result=%s", t->result);
        a->argv[na++] = a->stim;
        a->argv[na++] = a->result;
    }
    snprintf(a->rtl, sizeof a->rtl, "+rtl=%s", setup->rtl);
    a->argv[na++] = a->rtl;
    snprintf(a->cycles, sizeof a->cycles, "+max_cycles=%" PRIu64, setup->max_cycles);
    if (setup->max_cycles) a->argv[na++] = a->cycles;
    for (size_t k = 0; setup->extra && setup->extra[k] && na < 15; k++) a->argv[na++] = setup->extra[k];
    a->argv[na] = NULL;
}

/* Fork and exec argv with stdout and stderr to log_fd (closed here) and stdin from /dev/null, as the leader of
 * its own process group. 0, or -1 with err filled. */
static int spawn(const sim_setup *setup, const char *const argv[], int log_fd, const sigset_t *child_mask, pid_t *pid,
                 char *err, size_t errsz)
{
    const struct rlimit mem_limit = {(rlim_t)max_memory_mb(setup) << 20, (rlim_t)max_memory_mb(setup) << 20},
                        log_limit = {(rlim_t)log_cap_bytes(setup), (rlim_t)log_cap_bytes(setup)};
    int null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null_fd < 0) {
        snprintf(err, errsz, "/dev/null: %s", strerror(errno));
        close(log_fd);
        return -1;
    }
    pid_t child = fork();
    if (child == 0) { /* only async-signal-safe calls from here on */
        setpgid(0, 0);
        dup2(null_fd, STDIN_FILENO);
        dup2(log_fd, STDOUT_FILENO);
        dup2(log_fd, STDERR_FILENO);
        sigprocmask(SIG_SETMASK, child_mask, NULL);
        /* a runaway simulator fails to allocate past the memory limit; a write past the log cap raises SIGXFSZ */
        setrlimit(RLIMIT_AS, &mem_limit);
        if (!setup->log_cap_by_poll) setrlimit(RLIMIT_FSIZE, &log_limit);
        execv(setup->sim, (char *const *)argv);
        static const char msg[] = "gtref: cannot execute the simulator\n";
        ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);
        (void)ignored;
        _exit(127);
    }
    int fork_errno = errno;
    close(log_fd);
    close(null_fd);
    if (child < 0) {
        snprintf(err, errsz, "fork: %s", strerror(fork_errno));
        return -1;
    }
    setpgid(child, child); /* also here: no window in which a kill of the group could miss it */
    *pid = child;
    return 0;
}

static int remove_old_record(const sim_test *t, char *err, size_t errsz)
{
    if (unlink(t->result) && errno != ENOENT) { /* never mistake an old record for this run's */
        snprintf(err, errsz, "cannot remove the old %s: %s", t->result, strerror(errno));
        return -1;
    }
    return 0;
}

/* Start one test; 0, or -1 with err filled (the test could not start). */
static int launch(const sim_setup *setup, const sim_test *t, const sigset_t *child_mask, pid_t *pid, char *err,
                  size_t errsz)
{
    sim_argv a;
    make_argv(setup, t, NULL, &a);
    if (remove_old_record(t, err, errsz)) return -1;
    int log_fd = open_log(t, a.argv);
    if (log_fd < 0) {
        snprintf(err, errsz, "cannot create the log %s: %s", t->log, strerror(errno));
        return -1;
    }
    return spawn(setup, a.argv, log_fd, child_mask, pid, err, errsz);
}

/* Whether a test can go into a +stims= list (tab-separated, one line per test). */
static bool listable(const sim_test *t)
{
    return !strpbrk(t->stim, "\t\n") && !strpbrk(t->result, "\t\n") && !strpbrk(t->log, "\t\n");
}

/* Start the tests idx[0..count-1] (count >= 2) in one process: SIM +stims=LIST, LIST beside the first test's log.
 * Each test's log starts with the command that runs it alone (as a one-test process's does), then a line naming
 * the process it ran in; the simulator appends the test's output. 0, or -1 with err (no test started). */
static int launch_batch(const sim_setup *setup, const sim_test *tests, const size_t *idx, size_t count, char *list,
                        size_t listsz, const sigset_t *child_mask, pid_t *pid, char *err, size_t errsz)
{
    const sim_test *first = &tests[idx[0]];
    if ((size_t)snprintf(list, listsz, "%s.stims", first->log) >= listsz) {
        snprintf(err, errsz, "%s.stims: path too long", first->log);
        return -1;
    }
    FILE *f = fopen(list, "w");
    if (!f) {
        snprintf(err, errsz, "cannot write the test list %s: %s", list, strerror(errno));
        return -1;
    }
    for (size_t k = 0; k < count; k++)
        fprintf(f, "%s\t%s\t%s\n", tests[idx[k]].stim, tests[idx[k]].result, tests[idx[k]].log);
    if (fclose(f)) {
        snprintf(err, errsz, "cannot write the test list %s: %s", list, strerror(errno));
        unlink(list);
        return -1;
    }
    sim_argv batch_argv;
    make_argv(setup, NULL, list, &batch_argv);
    int first_fd = -1;
    for (size_t k = 0; k < count; k++) {
        const sim_test *t = &tests[idx[k]];
        sim_argv a;
        make_argv(setup, t, NULL, &a);
        int fd = remove_old_record(t, err, errsz) ? -1 : open_log(t, a.argv);
        if (fd < 0 && !err[0]) snprintf(err, errsz, "cannot create the log %s: %s", t->log, strerror(errno));
        if (fd < 0) {
            if (first_fd >= 0) close(first_fd);
            unlink(list);
            return -1;
        }
        dprintf(fd, "# gtref: test %zu of %zu run one after another in one process, each after a reset:", k + 1, count);
        for (size_t i = 0; batch_argv.argv[i]; i++) dprintf(fd, " %s", batch_argv.argv[i]);
        dprintf(fd, "\n");
        if (k == 0) first_fd = fd; /* the process's own output before and between tests */
        else close(fd);
    }
    if (spawn(setup, batch_argv.argv, first_fd, child_mask, pid, err, errsz)) {
        unlink(list);
        return -1;
    }
    return 0;
}

static void kill_group(pid_t pid)
{
    if (kill(-pid, SIGKILL) && errno == ESRCH) kill(pid, SIGKILL);
}

/* ---- the run ---- */

void sim_finish(const sim_test *t, gtref_result *r, sim_event_fn on_event, void *ctx)
{
    char err[512];
    if (gtref_result_write_file(r, t->result, err, sizeof err))
        fprintf(stderr, "gtref: warning: cannot write the result of %s: %s\n", t->name, err);
    if (on_event) on_event(ctx, r);
}

static struct timespec timespec_of(double s)
{
    if (s < 0) s = 0;
    struct timespec ts = {.tv_sec = (time_t)s, .tv_nsec = (long)((s - (double)(time_t)s) * 1e9)};
    return ts;
}

static void empty_handler(int sig)
{
    (void)sig;
}

/* A simulator process: one test, or a batch (tests idx[0..count-1] run in that order, each writing its record as
 * it ends). */
typedef struct running_proc {
    size_t *idx;        /* its tests (a slice of the run's batch buffer) */
    size_t count, next; /* next: the first test whose record has not been taken yet */
    pid_t pid;          /* also the process group */
    double start_s;     /* when the process started */
    double test_start_s; /* when test idx[next] started: the previous test's record, or the process start */
    bool timed_out;
    char list[SIM_PATH_MAX + 16]; /* its +stims= list (batches) */
} running_proc;

static double timespec_s(struct timespec ts)
{
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A batch: take the records its tests have written so far, in order, each completed and rewritten at once (its
 * wall time: from the previous record, or the process start, to its own). notify: tell on_event. */
static void take_records(const sim_setup *setup, const sim_test *tests, gtref_result *results, running_proc *p,
                         bool notify, sim_event_fn on_event, void *ctx)
{
    while (p->count > 1 && p->next < p->count) {
        size_t i = p->idx[p->next];
        struct stat st;
        if (stat(tests[i].result, &st) != 0) break;
        struct timespec real_now;
        clock_gettime(CLOCK_REALTIME, &real_now);
        double now = monotonic_seconds();
        double at = now - (timespec_s(real_now) - timespec_s(st.st_mtim)); /* the record's time, on our clock */
        if (at < p->test_start_s) at = p->test_start_s;
        if (at > now) at = now;
        sim_complete_result(setup, &tests[i], 0, false, at - p->test_start_s, 0, &results[i]);
        sim_finish(&tests[i], &results[i], notify ? on_event : NULL, ctx);
        p->test_start_s = at;
        p->next++;
    }
}

int sim_run_tests(const sim_setup *setup, const sim_test *tests, gtref_result *results, size_t n, unsigned jobs,
                  sim_event_fn on_event, void *ctx)
{
    if (jobs == 0) jobs = 1;
    size_t per = setup->tests_per_process ? setup->tests_per_process : 1;
    /* at least BATCHES_PER_JOB batches for each job, so that the last batches do not leave a job idle while another
     * runs several tests (40 tests in batches of 8 on 2 jobs would be 3 batches against 2) */
    size_t fair = n / ((size_t)jobs * BATCHES_PER_JOB);
    if (per > fair) per = fair > 0 ? fair : 1;
    running_proc *slots = calloc(jobs, sizeof *slots);
    size_t *batch_buf = calloc(jobs * per, sizeof *batch_buf);
    size_t *retry = calloc(n ? n : 1, sizeof *retry); /* tests of a batch that died, to run again one per process */
    if (!slots || !batch_buf || !retry) {
        free(slots);
        free(batch_buf);
        free(retry);
        fprintf(stderr, "gtref: out of memory\n");
        return SIGABRT;
    }
    sigset_t wait_set, old_mask;
    sigemptyset(&wait_set);
    sigaddset(&wait_set, SIGCHLD);
    sigaddset(&wait_set, SIGINT);
    sigaddset(&wait_set, SIGTERM);
    sigaddset(&wait_set, SIGHUP);
    struct sigaction on_child = {.sa_handler = empty_handler, .sa_flags = SA_NOCLDSTOP}, old_child;
    sigemptyset(&on_child.sa_mask);
    sigprocmask(SIG_BLOCK, &wait_set, &old_mask);
    sigaction(SIGCHLD, &on_child, &old_child);

    size_t next = 0, nrunning = 0, nretry = 0, retry_next = 0;
    int interrupted = 0;
    while (!interrupted) {
        /* fill the free slots: tests to run again alone first, then the next batch of the list */
        while (nrunning < jobs && (retry_next < nretry || next < n)) {
            running_proc *slot = &slots[nrunning];
            size_t *idx = batch_buf + (size_t)(slot - slots) * per;
            /* a slot's slice of batch_buf must not be one a running process still uses: slots are compacted
             * below, so give each slot the slice of its position and copy on compaction */
            size_t count = 0;
            if (retry_next < nretry) idx[count++] = retry[retry_next++];
            else
                while (next < n && count < per) {
                    if (tests[next].skip) {
                        next++;
                        continue;
                    }
                    if (count > 0 && !listable(&tests[next])) break;
                    idx[count++] = next++;
                    if (!listable(&tests[idx[0]])) break;
                }
            if (count == 0) continue;
            char err[GTREF_PATH_MAX + 64] = "";
            int rc = count == 1 ? launch(setup, &tests[idx[0]], &old_mask, &slot->pid, err, sizeof err)
                                : launch_batch(setup, tests, idx, count, slot->list, sizeof slot->list, &old_mask,
                                               &slot->pid, err, sizeof err);
            if (rc) {
                for (size_t k = 0; k < count; k++) {
                    sim_error_result(setup, &tests[idx[k]], err, &results[idx[k]]);
                    sim_finish(&tests[idx[k]], &results[idx[k]], on_event, ctx);
                }
                continue;
            }
            slot->idx = idx;
            slot->count = count;
            slot->next = 0;
            slot->start_s = slot->test_start_s = monotonic_seconds();
            slot->timed_out = false;
            if (count == 1) slot->list[0] = '\0';
            nrunning++;
        }
        if (nrunning == 0) break;

        /* sleep until a child ends, a signal comes, the next deadline or the next tick */
        double now = monotonic_seconds(), wait_s = MAX_TICK_S;
        for (size_t s = 0; s < nrunning; s++) {
            double left = slots[s].test_start_s + setup->timeout_s - now;
            if (!slots[s].timed_out && left < wait_s) wait_s = left;
        }
        struct timespec ts = timespec_of(wait_s);
        int sig = sigtimedwait(&wait_set, NULL, &ts);
        if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) interrupted = sig;

        /* take the records written so far, reap, and kill what ran out of time (the test in flight) */
        for (size_t s = 0; s < nrunning;) {
            running_proc *slot = &slots[s];
            take_records(setup, tests, results, slot, !interrupted, on_event, ctx);
            now = monotonic_seconds();
            int status = 0;
            struct rusage ru;
            memset(&ru, 0, sizeof ru);
            pid_t w = wait4(slot->pid, &status, WNOHANG, &ru);
            if (w == slot->pid) {
                take_records(setup, tests, results, slot, !interrupted, on_event, ctx);
                if (slot->count > 1) unlink(slot->list);
                if (!interrupted && slot->count == 1) {
                    size_t i = slot->idx[0];
                    sim_complete_result(setup, &tests[i], status, slot->timed_out, now - slot->start_s,
                                             ru.ru_maxrss > 0 ? (uint64_t)ru.ru_maxrss : 0, &results[i]);
                    sim_finish(&tests[i], &results[i], on_event, ctx);
                } else if (!interrupted && slot->next < slot->count) {
                    /* the batch died with tests left: the one in flight ran out of time (TIMEOUT), or the process
                     * crashed: then the tests without a record run again one per process, so that the crash is
                     * recorded on the test that really crashed and the others get their real results */
                    size_t k = slot->next;
                    if (slot->timed_out) {
                        size_t i = slot->idx[k++];
                        sim_complete_result(setup, &tests[i], status, true, now - slot->test_start_s, 0, &results[i]);
                        sim_finish(&tests[i], &results[i], on_event, ctx);
                    }
                    for (; k < slot->count; k++) retry[nretry++] = slot->idx[k];
                }
                /* compact: the last slot moves here, with its tests copied into this slot's slice */
                running_proc *last = &slots[--nrunning];
                if (last != slot) {
                    size_t *mine = batch_buf + s * per;
                    memmove(mine, last->idx, last->count * sizeof *mine);
                    *slot = *last;
                    slot->idx = mine;
                }
                continue;
            }
            if (!slot->timed_out && now - slot->test_start_s >= setup->timeout_s) {
                kill_group(slot->pid);
                slot->timed_out = true;
            } else if (!slot->timed_out && slot->next < slot->count && log_full(setup, &tests[slot->idx[slot->next]])) {
                kill_group(slot->pid); /* a log past its cap (a simulator that ignores SIGXFSZ, or log_cap_by_poll) */
            }
            s++;
        }
        if (on_event && !interrupted) on_event(ctx, NULL);
    }

    if (interrupted) {
        for (size_t s = 0; s < nrunning; s++) kill_group(slots[s].pid);
        for (size_t s = 0; s < nrunning; s++) {
            waitpid(slots[s].pid, NULL, 0);
            /* the tests of a batch that ended before the interrupt keep their (completed) records */
            take_records(setup, tests, results, &slots[s], false, NULL, NULL);
            if (slots[s].count > 1) unlink(slots[s].list);
        }
    }
    free(slots);
    free(batch_buf);
    free(retry);
    sigaction(SIGCHLD, &old_child, NULL);
    /* take what is still pending before the unblock: SIGCHLD must not be delivered with its default
     * action, and an interrupt that came in at the very end still counts */
    struct timespec zero = {0, 0};
    for (int sig; (sig = sigtimedwait(&wait_set, NULL, &zero)) > 0;)
        if (sig != SIGCHLD && !interrupted) interrupted = sig;
    sigprocmask(SIG_SETMASK, &old_mask, NULL);
    return interrupted;
}

/* SIM PLUSARG with no input and no stderr; its stdout into out (NUL-terminated, cut to outsz - 1). -1 when it could
 * not be started. No core file: the Verilator runtime aborts after some of its own plusargs. */
int sim_query(const char *sim, const char *plusarg, char *out, size_t outsz, char *err, size_t errsz)
{
    if (outsz) out[0] = '\0';
    int fds[2];
    if (pipe(fds)) return snprintf(err, errsz, "pipe: %s", strerror(errno)), -1;
    pid_t child = fork();
    if (child < 0) {
        close(fds[0]);
        close(fds[1]);
        return snprintf(err, errsz, "fork: %s", strerror(errno)), -1;
    }
    if (child == 0) {
        struct rlimit no_core = {0, 0};
        setrlimit(RLIMIT_CORE, &no_core);
        int null_fd = open("/dev/null", O_RDWR);
        if (null_fd >= 0) dup2(null_fd, STDIN_FILENO), dup2(null_fd, STDERR_FILENO);
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        execl(sim, sim, plusarg, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    size_t len = 0;
    for (ssize_t k; len + 1 < outsz && (k = read(fds[0], out + len, outsz - 1 - len)) != 0;) {
        if (k < 0) {
            if (errno == EINTR) continue;
            break;
        }
        len += (size_t)k;
    }
    if (outsz) out[len] = '\0';
    close(fds[0]);
    int status;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    return 0;
}

int sim_describe(const char *sim, char *rtl, size_t rtlsz, unsigned *engines, char *build, size_t buildsz, char *err,
                 size_t errsz)
{
    char out[1024];
    if (sim_query(sim, "+describe", out, sizeof out, err, errsz)) return -1;
    const char *line = strstr(out, "gtref-sim ");
    char r[128], b[128];
    if (!line || sscanf(line, "gtref-sim rtl=%127s engines=%u build=%127s", r, engines, b) != 3)
        return snprintf(err, errsz, "%s does not say which build it is (+describe): not a gtref simulator, or one built "
                                    "before simulators described themselves; rebuild it with make",
                        sim),
               -1;
    snprintf(rtl, rtlsz, "%s", r);
    snprintf(build, buildsz, "%s", b);
    return 0;
}
