/* A stand-in for the simulator, for the failure-isolation test (make isolation-test, docs/regress.md §2.1).
 *
 * It honours the simulator contract (SIM +stim=PATH +result=PATH +rtl=NAME, +describe) by handing every run to
 * the real simulator named by the environment variable GTREF_REAL_SIM (execv: same arguments, same process,
 * so gtref sees the real simulator's exit, record and log), except for the tests whose stimulus is named
 * isolate_<how>.stim, which misbehave the way a broken simulator build can:
 *     isolate_segv             dies of SIGSEGV (a store through a null pointer)
 *     isolate_abort            dies of SIGABRT (abort(), as an assertion of the generated code)
 *     isolate_memory           allocates and touches memory without bound; when an allocation fails it ends
 *                              as Verilator's C++ runtime does on std::bad_alloc (message, abort())
 *     isolate_log_flood        writes to its log without end (the file-size limit stops it with SIGXFSZ)
 *     isolate_log_flood_nosig  the same, ignoring SIGXFSZ: its writes fail and it goes on until gtref kills it
 * None of them writes a result record. Given a list of tests (+stims=), it misbehaves as its first isolate_* test,
 * before any test of the list has run. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The test name of a stimulus path: its base name without the extension. */
static void base_name(const char *path, size_t len, char *name, size_t namesz)
{
    const char *end = path + len, *base = path;
    for (const char *c = path; c < end; c++)
        if (*c == '/') base = c + 1;
    snprintf(name, namesz, "%.*s", (int)(end - base), base);
    char *dot = strrchr(name, '.');
    if (dot) *dot = '\0';
}

/* The test this run misbehaves on: the one of +stim=, or with +stims=LIST (several tests in one process, lines
 * "stim<TAB>result<TAB>log") the first isolate_* test of the list, where a broken build would die with the tests
 * after it unrun (gtref then runs each test without a record alone). */
static const char *stim_name(int argc, char **argv, char *name, size_t namesz)
{
    name[0] = '\0';
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], "+stim=", 6) == 0) {
            base_name(argv[i] + 6, strlen(argv[i] + 6), name, namesz);
        } else if (strncmp(argv[i], "+stims=", 7) == 0) {
            FILE *f = fopen(argv[i] + 7, "r");
            char line[4096];
            while (f && fgets(line, sizeof line, f)) {
                base_name(line, strcspn(line, "\t\n"), name, namesz);
                if (strncmp(name, "isolate_", 8) == 0) break;
                name[0] = '\0';
            }
            if (f) fclose(f);
        }
    return name;
}

static void flood(void)
{
    static char line[65536];
    for (size_t i = 0; i < sizeof line; i++) line[i] = (char)('a' + i % 26);
    line[sizeof line - 1] = '\n';
    for (;;) {
        ssize_t k = write(STDOUT_FILENO, line, sizeof line);
        (void)k; /* a write past the file-size limit fails with EFBIG when SIGXFSZ is ignored: go on regardless */
    }
}

int main(int argc, char **argv)
{
    char name[256];
    stim_name(argc, argv, name, sizeof name);
    if (strcmp(name, "isolate_segv") == 0) {
        fprintf(stderr, "stand-in simulator: %s: storing through a null pointer\n", name);
        volatile int *p = (volatile int *)(uintptr_t)strtoul("0", NULL, 0);
        *p = 1;
        return 0;
    }
    if (strcmp(name, "isolate_abort") == 0) {
        fprintf(stderr, "stand-in simulator: %s: abort()\n", name);
        abort();
    }
    if (strcmp(name, "isolate_memory") == 0) {
        fprintf(stderr, "stand-in simulator: %s: allocating without bound\n", name);
        for (size_t total = 0;; total += 16u << 20) {
            char *block = malloc(16u << 20);
            if (!block) {
                fprintf(stderr, "terminate called after throwing an instance of 'std::bad_alloc' (after %zu MiB)\n",
                        total >> 20);
                abort();
            }
            memset(block, 1, 16u << 20);
        }
    }
    if (strcmp(name, "isolate_log_flood") == 0) flood();
    if (strcmp(name, "isolate_log_flood_nosig") == 0) {
        signal(SIGXFSZ, SIG_IGN);
        flood();
    }
    const char *real = getenv("GTREF_REAL_SIM");
    if (!real || !real[0]) {
        fprintf(stderr, "stand-in simulator: expected the real simulator in GTREF_REAL_SIM, which is not set "
                        "(test %s; see tests/isolation/check.sh)\n", name[0] ? name : "(none: +describe?)");
        return 2;
    }
    argv[0] = (char *)real;
    execv(real, argv);
    fprintf(stderr, "stand-in simulator: cannot execute GTREF_REAL_SIM=%s: %s\n", real, strerror(errno));
    return 2;
}
