/* The Verilator version a simulator was built with: the Verilator runtime linked into every simulator answers
 * `SIM +verilator+version` with "Version: Verilator 5.006 2023-01-22" (and then aborts, by design). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sim_runner.h"

int sim_verilator_version(const char *sim, char *version, size_t versionsz)
{
    if (versionsz) version[0] = '\0';
    int fds[2];
    if (pipe(fds)) return -1;
    pid_t child = fork();
    if (child < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (child == 0) {
        struct rlimit no_core = {0, 0};
        setrlimit(RLIMIT_CORE, &no_core); /* the runtime aborts after printing: no core file */
        int null_fd = open("/dev/null", O_RDWR);
        if (null_fd >= 0) dup2(null_fd, STDIN_FILENO), dup2(null_fd, STDERR_FILENO);
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        execl(sim, sim, "+verilator+version", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    char out[512];
    size_t len = 0;
    for (ssize_t k; len + 1 < sizeof out && (k = read(fds[0], out + len, sizeof out - 1 - len)) != 0;) {
        if (k < 0) {
            if (errno == EINTR) continue;
            break;
        }
        len += (size_t)k;
    }
    out[len] = '\0';
    close(fds[0]);
    int status;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    const char *v = strstr(out, "Verilator ");
    if (!v) return -1;
    size_t n = strcspn(v, "\r\n");
    snprintf(version, versionsz, "%.*s", (int)n, v);
    return 0;
}
