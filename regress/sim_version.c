/* The Verilator version a simulator was built with: the Verilator runtime linked into every simulator answers
 * `SIM +verilator+version` with "Version: Verilator 5.006 2023-01-22" (and then aborts, by design). */
#include <stdio.h>
#include <string.h>

#include "sim_runner.h"

int sim_verilator_version(const char *sim, char *version, size_t versionsz)
{
    if (versionsz) version[0] = '\0';
    char out[512], err[256];
    if (sim_query(sim, "+verilator+version", out, sizeof out, err, sizeof err)) return -1;
    const char *v = strstr(out, "Verilator ");
    if (!v) return -1;
    size_t n = strcspn(v, "\r\n");
    snprintf(version, versionsz, "%.*s", (int)n, v);
    return 0;
}
