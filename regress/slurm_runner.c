/* The tests of a regression as one Slurm job array (see sim_runner.h, docs/regress.md "Slurm").
 *
 * slurm_dir/tests.tsv   one line per test to run: name, stimulus, record, log (tab-separated, absolute paths)
 * slurm_dir/job.sh      the array task: runs line SLURM_ARRAY_TASK_ID + 1 under `timeout`, as the local runner
 *                       does, and leaves "exit-status wall-seconds" in slurm_dir/status/<name>
 * slurm_dir/sbatch.out  what sbatch printed
 *
 * gtref submits with `sbatch --wait` and, while it waits, turns each status file that appears into the test's
 * completed record (the simulator's own record, or CRASH / TIMEOUT as locally). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "sim_runner.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gtref/regress_report.h"
#include "gtref/file_io.h"
#include "gtref_cli.h"

#define TIMEOUT_EXIT 124 /* timeout(1): the command ran out of time */

static bool write_text(const char *path, const char *text, mode_t mode)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
    if (fd < 0) return false;
    size_t len = strlen(text), done = 0;
    while (done < len) {
        ssize_t w = write(fd, text + done, len - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break;
        done += (size_t)w;
    }
    return close(fd) == 0 && done == len;
}

/* One shell word, single-quoted. */
static void quoted(char *dst, size_t dstsz, const char *s)
{
    gtref_shell_quote(dst, dstsz, s);
}

static void fail_all(const sim_setup *setup, const sim_test *tests, gtref_result *results, const size_t *index,
                     size_t m, const char *why, sim_event_fn on_event, void *ctx)
{
    for (size_t k = 0; k < m; k++) {
        sim_error_result(setup, &tests[index[k]], why, &results[index[k]]);
        sim_finish(&tests[index[k]], &results[index[k]], on_event, ctx);
    }
}

/* Collect test index[k] when its status file is there; true when it was collected. */
static bool collect(const sim_setup *setup, const char *status_dir, const sim_test *t, gtref_result *r,
                    sim_event_fn on_event, void *ctx)
{
    char path[GTREF_PATH_MAX + 80];
    snprintf(path, sizeof path, "%s/%s", status_dir, t->name);
    FILE *f = fopen(path, "r");
    if (!f) return false;
    int code = -1;
    double wall = 0;
    int got = fscanf(f, "%d %lf", &code, &wall);
    fclose(f);
    if (got < 1) return false; /* being written: take it next time */
    bool timed_out = code == TIMEOUT_EXIT;
    /* the shell reports a signal as 128 + N */
    int wait_status = code > 128 && code < 160 ? (code - 128) : (code & 0xff) << 8;
    sim_complete_result(setup, t, wait_status, timed_out, wall, 0, r);   /* peak memory unknown */
    sim_finish(t, r, on_event, ctx);
    return true;
}

int sim_run_tests_slurm(const sim_setup *setup, const sim_test *tests, gtref_result *results, size_t n, unsigned jobs,
                        const char *slurm_dir, const char *extra, sim_event_fn on_event, void *ctx)
{
    char dir[PATH_MAX], status_dir[PATH_MAX + 16], list[PATH_MAX + 16], script[PATH_MAX + 16], out[PATH_MAX + 16];
    if (make_dirs(slurm_dir) || !realpath(slurm_dir, dir)) {
        fprintf(stderr, "gtref: cannot create %s: %s\n", slurm_dir, strerror(errno));
        return SIGABRT;
    }
    snprintf(status_dir, sizeof status_dir, "%s/status", dir);
    snprintf(list, sizeof list, "%s/tests.tsv", dir);
    snprintf(script, sizeof script, "%s/job.sh", dir);
    snprintf(out, sizeof out, "%s/sbatch.out", dir);
    if (make_dirs(status_dir)) {
        fprintf(stderr, "gtref: cannot create %s: %s\n", status_dir, strerror(errno));
        return SIGABRT;
    }

    size_t *index = calloc(n ? n : 1, sizeof *index);
    bool *done = calloc(n ? n : 1, sizeof *done);
    FILE *lf = fopen(list, "w");
    if (!index || !done || !lf) {
        if (lf) fclose(lf);
        free(index);
        free(done);
        fprintf(stderr, "gtref: cannot write %s\n", list);
        return SIGABRT;
    }
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (tests[i].skip) continue;
        char stim[PATH_MAX], res[PATH_MAX], log[PATH_MAX], st[PATH_MAX + 80];
        /* absolute paths: the task starts in whatever directory Slurm gives it */
        if (!realpath(tests[i].stim, stim)) snprintf(stim, sizeof stim, "%s", tests[i].stim);
        gtref_abs_path(tests[i].result, res, sizeof res);   /* not there yet: its folder is */
        gtref_abs_path(tests[i].log, log, sizeof log);
        snprintf(st, sizeof st, "%s/%s", status_dir, tests[i].name);
        unlink(st);
        unlink(tests[i].result); /* never mistake an old record for this run's */
        fprintf(lf, "%s\t%s\t%s\t%s\n", tests[i].name, stim, res, log);
        index[m++] = i;
    }
    if (fclose(lf)) {
        free(index);
        free(done);
        fprintf(stderr, "gtref: cannot write %s\n", list);
        return SIGABRT;
    }
    if (m == 0) {
        free(index);
        free(done);
        return 0;
    }

    char sim[PATH_MAX], qsim[2 * PATH_MAX], qrtl[256], qlist[2 * PATH_MAX], qstatus[2 * PATH_MAX];
    if (!realpath(setup->sim, sim)) snprintf(sim, sizeof sim, "%s", setup->sim);
    quoted(qsim, sizeof qsim, sim);
    quoted(qrtl, sizeof qrtl, setup->rtl);
    quoted(qlist, sizeof qlist, list);
    quoted(qstatus, sizeof qstatus, status_dir);
    char cycles[48] = "";
    if (setup->max_cycles) snprintf(cycles, sizeof cycles, " +max_cycles=%" PRIu64, setup->max_cycles);
    char text[8 * PATH_MAX];
    int tlen = snprintf(text, sizeof text,
             "#!/bin/sh\n"
             "# gtref regress: one Slurm array task = one test, line SLURM_ARRAY_TASK_ID + 1 of tests.tsv\n"
             "line=$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" %s)\n"
             "name=$(printf '%%s' \"$line\" | cut -f1)\n"
             "stim=$(printf '%%s' \"$line\" | cut -f2)\n"
             "result=$(printf '%%s' \"$line\" | cut -f3)\n"
             "log=$(printf '%%s' \"$line\" | cut -f4)\n"
             "start=$(date +%%s.%%N)\n"
             "{ echo \"# gtref (slurm ${SLURM_ARRAY_JOB_ID:-?}_${SLURM_ARRAY_TASK_ID}): %s +stim=$stim "
             "+result=$result +rtl=%s%s\"\n"
             "  timeout --kill-after=5 %u %s \"+stim=$stim\" \"+result=$result\" +rtl=%s%s; } > \"$log\" 2>&1 "
             "< /dev/null\n"
             "code=$?\n"
             "end=$(date +%%s.%%N)\n"
             "wall=$(awk -v a=\"$start\" -v b=\"$end\" 'BEGIN { printf \"%%.3f\", b - a }')\n"
             "printf '%%s %%s\\n' \"$code\" \"$wall\" > %s/\"$name\".tmp && mv %s/\"$name\".tmp %s/\"$name\"\n",
             qlist, qsim, qrtl, cycles, setup->timeout_s, qsim, qrtl, cycles, qstatus, qstatus, qstatus);
    if (tlen < 0 || tlen >= (int)sizeof text || !write_text(script, text, 0755)) {
        free(index);
        free(done);
        fprintf(stderr, "gtref: cannot write %s\n", script);
        return SIGABRT;
    }

    /* sbatch --wait --array=0-(m-1)%jobs [extra...] job.sh, output to sbatch.out */
    char array[64], name[96], slurm_out[PATH_MAX + 32];
    snprintf(array, sizeof array, "--array=0-%zu%%%u", m - 1, jobs ? jobs : 1);
    snprintf(name, sizeof name, "--job-name=gtref-%s", setup->rtl);
    snprintf(slurm_out, sizeof slurm_out, "--output=%s/slurm-%%A_%%a.out", dir);
    char *extra_copy = strdup(extra ? extra : "");
    char *argv[64];
    int na = 0;
    argv[na++] = "sbatch";
    argv[na++] = "--wait";
    argv[na++] = array;
    argv[na++] = name;
    argv[na++] = slurm_out;
    for (char *save = NULL, *w = strtok_r(extra_copy, " \t", &save); w && na < 60; w = strtok_r(NULL, " \t", &save))
        argv[na++] = w;
    argv[na++] = script;
    argv[na] = NULL;
    fprintf(stderr, "gtref regress: submitting %zu tests as a Slurm job array (%s, at most %u at once); sbatch output: %s\n",
            m, array, jobs, out);

    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    sigprocmask(SIG_BLOCK, &block, &old);
    pid_t child = fork();
    if (child == 0) {
        sigprocmask(SIG_SETMASK, &old, NULL);
        int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) dup2(fd, STDOUT_FILENO), dup2(fd, STDERR_FILENO);
        execvp("sbatch", argv);
        dprintf(STDERR_FILENO, "gtref: cannot run sbatch: %s (is Slurm installed and on PATH?)\n", strerror(errno));
        _exit(127);
    }
    free(extra_copy);
    int interrupted = 0, status = 0;
    size_t collected = 0;
    bool sbatch_done = child < 0;
    while (!interrupted && collected < m) {
        for (size_t k = 0; k < m; k++)
            if (!done[k] && collect(setup, status_dir, &tests[index[k]], &results[index[k]], on_event, ctx))
                done[k] = true, collected++;
        if (collected == m) break;
        if (sbatch_done) break;
        if (waitpid(child, &status, WNOHANG) == child) {
            sbatch_done = true;
            continue; /* one more pass for the last status files */
        }
        if (on_event) on_event(ctx, NULL);
        struct timespec ts = {0, 200 * 1000 * 1000};
        int sig = sigtimedwait(&block, NULL, &ts);
        if (sig > 0) interrupted = sig;
    }
    if (!sbatch_done && child > 0) {
        if (interrupted) kill(child, SIGTERM); /* sbatch --wait cancels nothing: say so */
        waitpid(child, &status, 0);
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (interrupted) {
        fprintf(stderr, "gtref regress: interrupted; the Slurm job may still run: scancel --name=gtref-%s\n", setup->rtl);
        free(index);
        free(done);
        return interrupted;
    }
    if (collected < m) {
        char why[PATH_MAX + 200];
        snprintf(why, sizeof why, "the Slurm job array ended without running this test (sbatch exit %d); see %s",
                 child < 0 ? -1 : WIFEXITED(status) ? WEXITSTATUS(status) : -1, out);
        size_t left = 0;
        for (size_t k = 0; k < m; k++)
            if (!done[k]) index[left++] = index[k];
        fail_all(setup, tests, results, index, left, why, on_event, ctx);
    }
    free(index);
    free(done);
    return 0;
}
