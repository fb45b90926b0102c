/* The scoreboard: compares, cycle by cycle, what the DUT did with what the model predicts
 * (docs/cycle-contract.md §7). The first mismatch is recorded and the test stops. */
#ifndef GTREF_SCOREBOARD_H
#define GTREF_SCOREBOARD_H
#include <stdbool.h>
#include <stdint.h>
#include "gtref/arb_bound.h"
#include "gtref/engines.h"
#include "gtref/gam_model.h"
#include "gtref/model.h"
#include "gtref/result.h"

typedef struct gtref_sb gtref_sb;

/* docs/spec-decisions.md C32a, cycle contract §3: a signal-mode MI_SEMAPHORE_WAIT whose read answered unmet while its
 * engine's pending-signal flag is set owes a re-read; more than this many cycles in which its engine neither presents
 * a request to the GAM nor has a read outstanding, and the re-read is missing. */
#define GTREF_SEM_TAKE_CYCLES 64u

/* What the DUT did in one cycle (all sampled in that cycle; transfers complete at its closing edge). */
typedef struct gtref_sb_engine_probe {
    bool retire; uint32_t retire_dw0; uint64_t retire_addr; bool retire_err;
    bool commit; uint32_t commit_off, commit_data;
    bool idle, halted;
    gam_req req;            /* the engine's request to the GAM this cycle (docs/gam.md GAM-17) */
} gtref_sb_engine_probe;

/* The GAM's probes in a cycle: what happened at the previous closing edge (docs/gam.md GAM-17). */
typedef struct gtref_sb_gam_probe {
    bool gnt_valid; uint8_t gnt_engine, arb_state;
    bool lookup_valid; uint8_t lookup_engine; bool lookup_hit; uint8_t lookup_index;
    bool fill_valid; uint8_t fill_engine, fill_index;
    bool fault_valid; uint8_t fault_engine, fault_type;
    uint8_t wr_ack, rsp;    /* bit e: engine e */
    uint32_t casc;          /* probe_gam_casc (GAM-29) */
} gtref_sb_gam_probe;

typedef struct gtref_sb_cycle {
    uint64_t cycle;
    bool irq;
    bool mmio_rsp_valid; uint32_t mmio_rsp_data;           /* read data returned this cycle */
    bool mmio_xfer; bool mmio_write; uint32_t mmio_addr, mmio_wdata;  /* host request transferring */
    bool mmio_commit; uint32_t mmio_commit_off, mmio_commit_data;
    gtref_sb_engine_probe eng[GTREF_MAX_ENGINES];
    /* the GAM (docs/gam.md GAM-18): the port request shown this cycle, the port's inputs of this cycle, the probes */
    gam_port port;                               /* mem_req_* as the DUT shows them */
    bool mem_req_ready, mem_rsp_valid; uint8_t mem_rsp_data[64];
    gtref_sb_gam_probe gam;
} gtref_sb_cycle;

gtref_sb *gtref_sb_create(gtm *model);
void gtref_sb_destroy(gtref_sb *sb);
/* Write every retired command, decoded, with its engine and cycle, to file (a FILE *; NULL stops). */
void gtref_sb_set_cmdtrace(gtref_sb *sb, void *file);
/* Process one cycle, every cycle of the test (the end-of-test read-back included): it also ends the cycle of
 * the model's RCS0 watchdog (gtm_tick), fed with the DUT's PR_CTR_CTL/PR_CTR_THRSH commits of the cycle.
 * Returns false at the first mismatch (then gtref_sb_mismatch() describes it). */
bool gtref_sb_cycle_check(gtref_sb *sb, const gtref_sb_cycle *c);
/* All engines quiescent in the DUT (idle or halted): check the model agrees and nothing is left over. */
bool gtref_sb_check_quiescent(gtref_sb *sb, uint64_t cycle, const gtref_sb_engine_probe *dut);
/* Contract §3, the memory port's protocol: a request the port accepted (src: mem_req_src) is an 8-byte-aligned
 * write, or a 64-byte-aligned read while fewer than room reads are outstanding. False when it is not (reported as
 * mem-protocol/-/unaligned-write or read-request); a write is made all the same, a read is not. */
bool gtref_sb_check_mem_request(gtref_sb *sb, uint64_t cycle, bool write, uint64_t addr, int src, size_t outstanding,
                                size_t room);
/* Contract §3, no ring read wholly past TAIL: the engines' fetch reads of this cycle (dut: every engine's probes)
 * against the DUT's own RING_HEAD and the model's ring registers, as of the start of the cycle; a violation is a
 * mem-protocol/-/ring-read-past-tail failure. Called before the cycle's other checks. */
void gtref_sb_check_ring_reads(gtref_sb *sb, uint64_t cycle, const gtref_sb_engine_probe *dut);
/* The DUT's RING_HEAD for that rule: its engine commits and host writes of cycle c, applied at the cycle's end. */
void gtref_sb_track_ring_heads(gtref_sb *sb, const gtref_sb_cycle *c);
/* Record a hang: the DUT made no progress for `cycles` cycles while not quiescent. */
void gtref_sb_report_hang(gtref_sb *sb, uint64_t cycle, uint64_t cycles, const gtref_sb_engine_probe *dut);
/* Record a failure found by the testbench itself (a port protocol violation, max_cycles exceeded).
 * Its bucket is kind/-/field: the command in flight is not part of it. */
void gtref_sb_report(gtref_sb *sb, const char *kind, const char *field, int engine, uint64_t cycle, const char *expected,
                     const char *actual, const char *detail);
const gtref_mismatch *gtref_sb_mismatch(const gtref_sb *sb);
/* The timing corners this co-simulation met so far (gtref_corner_names: the scoreboard's own and the model's
 * interrupt windows, gtm_irq_windows), into out[GTREF_CORNERS]. */
void gtref_sb_corners_reached(const gtref_sb *sb, uint64_t out[GTREF_CORNERS]);
bool gtref_sb_failed(const gtref_sb *sb);
/* What the GAM model predicted for the closing edge of the last cycle checked (the grant, its request, lookups,
 * faults): the testbench logs the engines' writes as they issue them from it (the `writes` expectations). */
const gam_edge *gtref_sb_gam_edge(const gtref_sb *sb);
/* GAM-24: each engine's longest run of arbitrations without a grant, and its bound (GTREF_ARB_UNBOUNDED or the
 * most the MIDARB programming allows, as last computed). */
void gtref_sb_arb_waits(const gtref_sb *sb, uint32_t longest[GTREF_MAX_ENGINES], int bound[GTREF_MAX_ENGINES]);
/* The GAM model's coverage so far (docs/gam.md §4). */
void gtref_sb_gam_coverage(const gtref_sb *sb, gam_coverage *out);
/* The stop was not a mismatch: the model met a command it does not model (status UNIMPLEMENTED). */
bool gtref_sb_unimplemented(const gtref_sb *sb);
uint64_t gtref_sb_retired(const gtref_sb *sb);
#endif
