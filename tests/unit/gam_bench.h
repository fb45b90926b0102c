/* The GAM model's unit testbench (docs/gam.md GAM-10, GAM-18), shared by the GAM unit tests: each test file that
 * includes it gets its own instance (static state). Cycles are numbered from 1; tick() runs the next cycle with
 * the requests the test set (a granted request is withdrawn, GAM-1), mem_req_ready = 0 in the cycles marked in
 * stall[], and a fake memory (a map address -> qword) that answers every read that transferred at the end of cycle
 * t in cycle t + lat, in transfer order, one response per cycle (cycle contract §3). E[n] is the model's edge of
 * cycle n; xf[] keeps every transfer on the port. The including file creates g in its suite's setup and calls
 * gb_reset(). */
#ifndef GTREF_TEST_GAM_BENCH_H
#define GTREF_TEST_GAM_BENCH_H
#include <criterion/criterion.h>
#include <stdbool.h>
#include <string.h>

#include "gtref/gam_model.h"

#define MAXC 1200
#define RCS0 0
#define BCS0 1
#define VCS0 2
#define VECS0 3
#define IF GTREF_CLIENT_IF
#define DR GTREF_CLIENT_DR
#define WR GTREF_CLIENT_WR

static gam_model *g;
static gam_inputs in;            /* the next cycle's inputs */
static gam_edge E[MAXC + 1];     /* E[n]: the closing edge of cycle n */
static unsigned cyc;             /* the last cycle that ended */
static bool stall[MAXC + 1];
static unsigned lat;

static struct { uint64_t addr, val; } mem[256];
static int nmem;
static struct { uint64_t line; unsigned due; } pend[64];
static int npend;
typedef struct xfer { unsigned cyc; gam_port p; } xfer;
static xfer xf[512];             /* every transfer on the port */
static int nxf;

/* The testbench's state at the start of a test (g is the including file's). */
static inline void gb_reset(void)
{
    memset(&in, 0, sizeof in);
    memset(E, 0, sizeof E);
    memset(stall, 0, sizeof stall);
    cyc = 0;
    lat = 1;
    nmem = npend = nxf = 0;
}

static inline void mem_put(uint64_t addr, uint64_t val)
{
    for (int i = 0; i < nmem; i++)
        if (mem[i].addr == addr) { mem[i].val = val; return; }
    cr_assert(nmem < 256);
    mem[nmem].addr = addr;
    mem[nmem++].val = val;
}

static inline uint64_t mem_get(uint64_t addr)
{
    for (int i = 0; i < nmem; i++)
        if (mem[i].addr == addr) return mem[i].val;
    return 0;   /* unmapped memory reads as zeros: a not-present entry */
}

static inline void tick(void)
{
    cr_assert(cyc < MAXC, "test ran out of cycles");
    cyc++;
    gam_port p;
    gam_port_now(g, &p);
    in.mem_req_ready = !stall[cyc];
    in.mem_rsp_valid = npend > 0 && pend[0].due <= cyc;
    if (in.mem_rsp_valid) {
        for (int q = 0; q < 8; q++) {
            uint64_t v = mem_get(pend[0].line + 8u * (unsigned)q);
            for (int b = 0; b < 8; b++) in.mem_rsp_data[8 * q + b] = (uint8_t)(v >> (8 * b));
        }
        memmove(pend, pend + 1, (size_t)--npend * sizeof pend[0]);
    }
    gam_tick(g, &in, &E[cyc]);
    if (p.valid && in.mem_req_ready) {
        cr_assert(nxf < 512);
        xf[nxf++] = (xfer){ cyc, p };
        if (!p.write) {
            cr_assert(npend < 64);
            pend[npend].line = p.addr & ~0x3Full;
            pend[npend++].due = cyc + lat;
        }
    }
    if (E[cyc].gnt_valid) in.req[E[cyc].gnt_engine].valid = false;
    in.host_write = false;
    in.invalidate = 0;
}

static inline void run_to(unsigned last) { while (cyc < last) tick(); }

/* A host write transferring in the next cycle. */
static inline void host(uint32_t off, uint32_t data)
{
    in.host_write = true;
    in.host_off = off;
    in.host_data = data;
}

/* Testbench page tables: the GGTT entry of va (GAM-4: at GSM_BASE + (va >> 12) * 8). */
static inline void ggtt_map(uint64_t va, uint64_t pa) { mem_put(GTREF_GSM_BASE + (va >> 12) * 8, pa | 1); }

static inline bool anything_busy(void)
{
    gam_port p;
    gam_port_now(g, &p);
    for (int e = 0; e < 4; e++)
        if (gam_engine_busy(g, e)) return true;
    return p.valid || npend;
}
#endif
