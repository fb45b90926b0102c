/* Result record of one test (msgpack, format "gtref-result", versioned): written by the simulator
 * when the test ends, completed by `gtref regress` (wall time, crash/timeout, replay command). */
#ifndef GTREF_RESULT_H
#define GTREF_RESULT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GTREF_RESULT_FORMAT  "gtref-result"
#define GTREF_RESULT_VERSION 4u
#define GTREF_HISTORY 16
/* Timing corners a co-simulation reached (counted by the scoreboard and the model in the DUT's cycles; a
 * model-only run cannot meet them): the co-simulation part of the coverage (docs/regress.md). */
#define GTREF_GAM_CORNERS 417  /* the GAM's bins (docs/gam.md §4), after the scoreboard's five and the interrupt logic's 20:
                                  47, then the cascade's 227 (per class 8 states and 64 moves, 5 fixed-side, 6 switches),
                                  then 143 of replicated resources and meeting spaces (4 x 32 TLB entries hit, 4 x 3
                                  (engine, client) grants, 2 meets, 1 page through both spaces) */
#define GTREF_CORNERS (25 + GTREF_GAM_CORNERS)
extern const char *const gtref_corner_names[GTREF_CORNERS];

enum gtref_status {
    GTREF_PASS = 0,
    GTREF_FAIL = 1,     /* the scoreboard found a mismatch (or a hang) */
    GTREF_ERROR = 2,    /* the test could not run: bad stimulus, missing file */
    GTREF_CRASH = 3,    /* the simulator died without writing a result */
    GTREF_TIMEOUT = 4,  /* the simulator exceeded its wall-clock limit */
    GTREF_UNIMPLEMENTED = 5, /* the stimulus reached a command (or use of one) the spec defines and the kit does
                              * not model (docs/commands.md): not a DUT failure, and not a pass */
};

typedef struct gtref_mismatch {
    char kind[32];        /* mem-write, reg-commit, mmio-read, irq-line, retire, hang, end-of-test, ... */
    char engine[8];       /* RCS0 ..., or "host" */
    uint64_t cycle;
    char command[128];    /* decoded command in flight, if any */
    uint64_t cmd_addr;    /* its graphics address */
    char expected[192];
    char actual[192];
    char detail[256];
    char signature[20];   /* stable hex hash of the bucket text */
    char bucket[128];     /* the readable text the signature hashes: kind/command/field (no engine) */
    char history[GTREF_HISTORY][128]; /* last retired commands of that engine, oldest first */
    int nhistory;
} gtref_mismatch;

typedef struct gtref_result {
    uint8_t status;       /* enum gtref_status */
    char test[64];
    char stim[512];       /* path of the stimulus file */
    uint64_t seed;
    char rtl[64];         /* RTL configuration: "clean" or "bug-<NAME>" */
    uint64_t engines;     /* engine count the simulator was built with (with rtl: which build) */
    char build[64];       /* build identifier of the simulator: git describe of the kit and RTL at build time */
    uint64_t cycles;
    uint64_t retired;     /* commands retired, all engines */
    uint64_t corners[GTREF_CORNERS]; /* how often each timing corner was met (gtref_corner_names) */
    double wall_s;
    char error[256];      /* for GTREF_ERROR / CRASH / TIMEOUT */
    char replay[1024];    /* the one command that reproduces this result */
    uint8_t has_mismatch;
    uint8_t waived;       /* set by regress when a waiver matched */
    char waiver[320];     /* with waived: "name (ticket, owner, until YYYY-MM-DD; file:line): reason" */
    gtref_mismatch mm;
} gtref_result;

const char *gtref_status_name(int status);
int gtref_result_encode(const gtref_result *r, uint8_t **buf, size_t *len);
int gtref_result_decode(gtref_result *r, const uint8_t *buf, size_t len, char *err, size_t errsz);
int gtref_result_write_file(const gtref_result *r, const char *path, char *err, size_t errsz);
int gtref_result_read_file(gtref_result *r, const char *path, char *err, size_t errsz);
/* FNV-1a 64-bit of the bucket text, printed as 16 hex digits into r->mm.signature. */
void gtref_mismatch_sign(gtref_mismatch *m);
/* Multi-line human-readable report of a result (what, where, expected/actual, history, replay). */
void gtref_result_print(const gtref_result *r, void *file /* FILE* */);
/* An ERROR record gtref made for a test that never started (its stimulus could not be made, its simulator could
 * not be started): no build, no cycle. Its report says the test did not run and why, with no replay line. */
bool gtref_result_never_ran(const gtref_result *r);
#endif
