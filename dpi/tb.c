/* The C side of the testbench: stimulus, host program, the DUT's memory (random latency and
 * back-pressure), and the per-cycle hand-off to the scoreboard. Called from dpi/tb_top.sv. */
#include "gtref_tb.h"

#include "gtref/engines.h"
#include "gtref/expect.h"
#include "gtref/file_io.h"
#include "gtref/gam.h"
#include "gtref/host_isr.h"
#include "gtref/mem.h"
#include "gtref/model.h"
#include "gtref/regs.h"
#include "gtref/result.h"
#include "gtref/rng.h"
#include "gtref/scoreboard.h"
#include "gtref/stim.h"
#include "gtref/host_isr.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define READ_QUEUE 64
#define READ_FINAL ((size_t)1 << 40)   /* read_op of the end-of-test read-back */
#define READ_ISR ((size_t)1 << 41)     /* read_op of a read of the interrupt service routine */

typedef struct read_req { uint64_t due, addr; } read_req;

enum tb_phase { PH_PROGRAM, PH_DRAIN_IDLE, PH_DRAIN_READ, PH_DONE };

typedef struct gtref_tb {
    gtref_stim stim;
    gtm *model;
    gtref_mem *mem;          /* the DUT's memory */
    gtref_sb *sb;
    gtref_rng rng;
    FILE *cmdtrace;          /* +cmdtrace=FILE: every retired command, decoded (gtref replay --waves) */
    int engines;
    uint64_t cycle, last_progress;
    gtref_sb_engine_probe probe[GTREF_MAX_ENGINES];
    gtref_sb_gam_probe gam;  /* the GAM's probes of this cycle */
    gtref_tlb_obs *lookups;  /* every TLB lookup in order, for `tlb` expectations (docs/gam.md GAM-7) */
    size_t nlookups, cap_lookups;
    long lookup_pending;     /* the lookup whose walk is under way (its fill or fault completes it), or -1 */
    uint32_t dut_head[GTREF_MAX_ENGINES];   /* RING_HEAD as the DUT has it (its commits and host writes) */
    /* host program */
    size_t op;
    bool op_started;
    uint64_t op_start;
    bool read_outstanding;
    enum tb_phase phase;
    uint32_t *final_regs; size_t nfinal, final_next;
    uint32_t *final_vals;    /* the DUT's data for final_regs (the end-of-test read-back) */
    /* a GTREF_HOST_ISR op in progress: the routine's next action, and the data of its last read */
    gtref_isr isr;
    gtref_isr_action isr_act;
    bool isr_active, isr_issued, isr_data_ready;
    uint32_t isr_rdata;
    uint64_t isr_wait_until;
    /* what the DUT did, for the stimulus's expectations (evaluated at the end of the test) */
    size_t read_op;          /* host op of the read outstanding, or READ_FINAL + index of a final read */
    uint32_t *read_value; bool *read_done;   /* per host op */
    gtref_observed obs;
    /* memory reads in flight, in order */
    read_req rq[READ_QUEUE]; size_t rq_head, rq_count;
    gtref_result res;
    char result_path[512];
    bool result_written;
    /* GTREF_RTL_ONLY=1 in the environment (gtref bench only): the same stimulus, host program and memory, without
     * the reference model's per-cycle run and the scoreboard's checks; the record is an ERROR that says so. */
    bool rtl_only;
    uint64_t rtl_only_retired;
    int selftest;            /* +gtref_selftest_crash=, +gtref_selftest_hang= named this test: 1 crash, 2 hang */
} gtref_tb;

#define RTL_ONLY_ERROR "rtl-only run (GTREF_RTL_ONLY=1): the reference model and the scoreboard were skipped, " \
                       "nothing was checked (a speed measurement for gtref bench, not a test)"

static void write_result(gtref_tb *tb)
{
    if (tb->result_written) return;
    tb->result_written = true;
    if (tb->sb) gtref_sb_corners_reached(tb->sb, tb->res.corners);
    gtref_result_print(&tb->res, stdout);
    if (tb->sb) {   /* GAM-24: each engine's longest run of arbitrations without a grant, against its bound */
        uint32_t longest[GTREF_MAX_ENGINES];
        int bound[GTREF_MAX_ENGINES];
        gtref_sb_arb_waits(tb->sb, longest, bound);
        printf("  arbiter:  longest waits (arbitrations without a grant, docs/gam.md GAM-24):");
        for (int e = 0; e < tb->engines; e++) {
            if (bound[e] == GTREF_ARB_UNBOUNDED) printf(" %s %u (no bound)", gtref_engines[e].name, longest[e]);
            else printf(" %s %u (bound %d)", gtref_engines[e].name, longest[e], bound[e]);
        }
        printf("\n");
    }
    fflush(stdout);
    if (tb->result_path[0]) {
        char err[256];
        if (gtref_result_write_file(&tb->res, tb->result_path, err, sizeof err))
            fprintf(stderr, "gtref: cannot write result %s: %s\n", tb->result_path, err);
    }
}

static void *open_error(gtref_tb *tb, const char *msg)
{
    tb->res.status = GTREF_ERROR;
    snprintf(tb->res.error, sizeof tb->res.error, "%s", msg);
    fprintf(stderr, "gtref: %s\n", msg);
    write_result(tb);
    gtref_stim_free(&tb->stim);
    free(tb->final_regs);
    free(tb->final_vals);
    free(tb->read_value);
    free(tb->read_done);
    free(tb);
    return NULL;
}

/* Test-only (make determinism-test): +gtref_selftest_crash=NAME / +gtref_selftest_hang=NAME make the test named
 * NAME abort, or stop making progress, in its 50th cycle, so that the harness's handling of a simulator that
 * crashes or hangs in the middle of a list of tests can be checked on any build. Nothing else reaches it. */
static char selftest_crash[64], selftest_hang[64];

void gtref_tb_selftest(const char *crash_test, const char *hang_test)
{
    snprintf(selftest_crash, sizeof selftest_crash, "%s", crash_test ? crash_test : "");
    snprintf(selftest_hang, sizeof selftest_hang, "%s", hang_test ? hang_test : "");
}

static void selftest_fail(const gtref_tb *tb)
{
    fprintf(stderr, "gtref: +gtref_selftest_%s=%s: %s in cycle %" PRIu64 " (deliberately, to test the harness)\n",
            tb->selftest == 1 ? "crash" : "hang", tb->stim.name, tb->selftest == 1 ? "aborting" : "hanging", tb->cycle);
    fflush(stdout);
    fflush(stderr);
    if (tb->selftest == 1) abort();
    for (;;) pause();
}

void *gtref_tb_open(const char *stim_path, const char *result_path, const char *rtl_built, const char *rtl_asked,
                    const char *build_id, int num_engines)
{
    gtref_tb *tb = calloc(1, sizeof *tb);
    if (!tb) return NULL;
    snprintf(tb->result_path, sizeof tb->result_path, "%s", result_path ? result_path : "");
    /* The record keeps the stimulus as an absolute path, so that it replays from any directory. */
    gtref_abs_path(stim_path, tb->res.stim, sizeof tb->res.stim);
    snprintf(tb->res.rtl, sizeof tb->res.rtl, "%s", rtl_built);
    snprintf(tb->res.build, sizeof tb->res.build, "%s", build_id);
    tb->res.engines = (uint64_t)num_engines;
    char err[512], msg[768];
    if (rtl_asked && rtl_asked[0] && strcmp(rtl_asked, rtl_built) != 0) {
        snprintf(msg, sizeof msg, "this simulator is the '%s' build (%d engines, %s), not '%s' as +rtl= says",
                 rtl_built, num_engines, build_id, rtl_asked);
        return open_error(tb, msg);
    }
    if (gtref_stim_read_file(&tb->stim, stim_path, err, sizeof err)) {
        snprintf(msg, sizeof msg, "%s", err);   /* the reader's message names the file */
        return open_error(tb, msg);
    }
    snprintf(tb->res.test, sizeof tb->res.test, "%s", tb->stim.name);
    tb->selftest = selftest_crash[0] && strcmp(selftest_crash, tb->stim.name) == 0 ? 1
                 : selftest_hang[0] && strcmp(selftest_hang, tb->stim.name) == 0  ? 2 : 0;
    tb->res.seed = tb->stim.seed;
    if (tb->stim.engines > num_engines) {
        snprintf(msg, sizeof msg, "%s: the stimulus uses %u engines but the RTL was built with %d",
                 stim_path, tb->stim.engines, num_engines);
        return open_error(tb, msg);
    }
    tb->engines = num_engines;
    const char *rtl_only = getenv("GTREF_RTL_ONLY");
    tb->rtl_only = rtl_only && strcmp(rtl_only, "1") == 0;
    tb->model = gtm_create(num_engines);
    tb->mem = gtref_mem_create();
    if (!tb->model || !tb->mem) return open_error(tb, "out of memory");
    for (size_t i = 0; i < tb->stim.nsegs; i++) {
        const gtref_segment *s = &tb->stim.segs[i];
        gtref_mem_write(gtm_mem(tb->model), s->addr, s->bytes, s->len);
        gtref_mem_write(tb->mem, s->addr, s->bytes, s->len);
    }
    tb->sb = gtref_sb_create(tb->model);
    tb->lookup_pending = -1;
    if (!tb->sb) return open_error(tb, "out of memory");
    gtref_rng_seed(&tb->rng, tb->stim.seed ^ 0x6774726566ull /* "gtref": latency stream != generator stream */);
    /* registers read back through the MMIO port at the end of the test */
    tb->final_regs = calloc(gtref_nregs * GTREF_MAX_ENGINES, sizeof *tb->final_regs);
    tb->final_vals = calloc(gtref_nregs * GTREF_MAX_ENGINES, sizeof *tb->final_vals);
    tb->read_value = calloc(tb->stim.nops + 1, sizeof *tb->read_value);
    tb->read_done = calloc(tb->stim.nops + 1, sizeof *tb->read_done);
    if (!tb->final_regs || !tb->final_vals || !tb->read_value || !tb->read_done) return open_error(tb, "out of memory");
    for (size_t i = 0; i < gtref_nregs; i++) {
        const gtref_reg_def *d = &gtref_regs[i];
        if (d->flags & GTREF_REGF_ENGINE) {
            for (int e = 0; e < num_engines; e++)
                if (gtref_reg_present(d, e)) tb->final_regs[tb->nfinal++] = gtref_reg_abs(d, e);
        } else
            tb->final_regs[tb->nfinal++] = d->offset;
    }
    return tb;
}

void gtref_tb_engine_probe(void *vtb, int e, svBit retire, unsigned int retire_dw0, unsigned long long retire_addr,
                           svBit retire_err, svBit commit_valid, unsigned int commit_off, unsigned int commit_data,
                           svBit idle, svBit halted, svBit req_valid, int req_client, svBit req_ggtt,
                           unsigned long long req_va, svBit req_write, unsigned long long req_wdata,
                           unsigned char req_be)
{
    gtref_tb *tb = vtb;
    if (e < 0 || e >= GTREF_MAX_ENGINES) return;
    tb->probe[e] = (gtref_sb_engine_probe){ retire, retire_dw0, retire_addr, retire_err, commit_valid,
                                            commit_off, commit_data, idle, halted,
                                            { req_valid, (uint8_t)req_client, req_ggtt, req_va, req_write, req_wdata, req_be } };
}

void gtref_tb_gam_probe(void *vtb, svBit gnt_valid, int gnt_engine, int arb_state, svBit lookup_valid, int lookup_engine,
                        svBit lookup_hit, int lookup_index, svBit fill_valid, int fill_engine, int fill_index,
                        svBit fault_valid, int fault_engine, int fault_type, int wr_ack, int rsp,
                        unsigned casc)
{
    gtref_tb *tb = vtb;
    tb->gam = (gtref_sb_gam_probe){ gnt_valid, (uint8_t)gnt_engine, (uint8_t)arb_state, lookup_valid,
                                    (uint8_t)lookup_engine, lookup_hit, (uint8_t)lookup_index, fill_valid,
                                    (uint8_t)fill_engine, (uint8_t)fill_index, fault_valid, (uint8_t)fault_engine,
                                    (uint8_t)fault_type, (uint8_t)wr_ack, (uint8_t)rsp, casc };
}

/* Keep the TLB lookups the GAM made at this edge (the GAM model's prediction, which the scoreboard checks against
 * the DUT's probes in the next cycle): a hit with its entry; a miss completed by its walk's fill (the entry) or its
 * fault. One request is in translation at a time (GAM-10), so at most one miss is pending. */
static void log_lookups(gtref_tb *tb, const gam_edge *x)
{
    if (x->lookup_valid && tb->stim.nexpects) {
        if (tb->nlookups == tb->cap_lookups) {
            size_t cap = tb->cap_lookups ? 2 * tb->cap_lookups : 256;
            gtref_tlb_obs *p = realloc(tb->lookups, cap * sizeof *p);
            if (!p) { gtref_sb_report(tb->sb, "aborted", "out-of-memory", -1, tb->cycle, "a lookup log", "out of memory", "testbench"); return; }
            tb->lookups = p;
            tb->cap_lookups = cap;
        }
        tb->lookups[tb->nlookups] = (gtref_tlb_obs){ x->lookup_engine, x->lookup_client, x->lookup_ggtt, x->lookup_hit, false,
                                                     x->lookup_va, x->lookup_hit ? x->lookup_index : 0 };
        tb->lookup_pending = x->lookup_hit ? -1 : (long)tb->nlookups;
        tb->nlookups++;
    }
    if (tb->lookup_pending >= 0 && x->fill_valid) tb->lookups[tb->lookup_pending].index = x->fill_index, tb->lookup_pending = -1;
    if (tb->lookup_pending >= 0 && x->fault_valid) tb->lookups[tb->lookup_pending].fault = true, tb->lookup_pending = -1;
}

static bool all_quiescent(const gtref_tb *tb)
{
    for (int e = 0; e < tb->engines; e++)
        if (!tb->probe[e].idle && !tb->probe[e].halted) return false;
    return true;
}

/* The scoreboard's end-of-work check (the model has nothing left either); always met in rtl-only mode. */
static bool model_quiescent(gtref_tb *tb)
{
    return tb->rtl_only || gtref_sb_check_quiescent(tb->sb, tb->cycle, tb->probe);
}

/* The end-of-test value of a register, as the DUT returned it in the read-back (unknown offsets read 0). */
static uint32_t final_register(void *user, uint32_t off)
{
    const gtref_tb *tb = user;
    for (size_t i = 0; i < tb->nfinal; i++)
        if (tb->final_regs[i] == off) return tb->final_vals[i];
    return 0;
}

/* The stimulus's spec-derived expectations against what the DUT did; the first failure is the mismatch. */
static void check_expectations(gtref_tb *tb, bool irq)
{
    if (!tb->stim.nexpects || gtref_sb_failed(tb->sb) || tb->rtl_only) return;
    gtref_observed *o = &tb->obs;
    o->engines = tb->engines;
    o->mem = tb->mem;
    o->reg_read = final_register;
    o->user = tb;
    o->read_value = tb->read_value;
    o->read_done = tb->read_done;
    o->nops = tb->stim.nops;
    for (int e = 0; e < tb->engines; e++) o->halted[e] = tb->probe[e].halted;
    o->irq = irq;
    o->tlb_observed = true;
    o->tlb = tb->lookups;
    o->ntlb = tb->nlookups;
    gtref_expect_failure f;
    size_t nfail = gtref_expect_eval_all(&tb->stim, o, &f, 1);
    if (!nfail) return;
    char detail[256];
    int n = snprintf(detail, sizeof detail, "expect[%zu] %s%s: from \"%s\"", f.index, f.what,
                     nfail > 1 ? " (first of several)" : "", f.source);
    if (n >= (int)sizeof detail) memcpy(detail + sizeof detail - 5, "...\"", 5);
    gtref_sb_report(tb->sb, "expect", gtref_expect_kind_name(f.kind), f.engine, tb->cycle, f.expected, f.actual, detail);
}

static void finish(gtref_tb *tb)
{
    tb->phase = PH_DONE;
    tb->res.cycles = tb->cycle;
    tb->res.retired = gtref_sb_retired(tb->sb);
    if (tb->rtl_only) {   /* never a PASS: nothing was compared */
        tb->res.retired = tb->rtl_only_retired;
        tb->res.status = GTREF_ERROR;
        snprintf(tb->res.error, sizeof tb->res.error, "%s", RTL_ONLY_ERROR);
        return;
    }
    const gtref_mismatch *mm = gtref_sb_mismatch(tb->sb);
    tb->res.status = !mm ? GTREF_PASS : gtref_sb_unimplemented(tb->sb) ? GTREF_UNIMPLEMENTED : GTREF_FAIL;
    if (mm) {
        tb->res.has_mismatch = 1;
        tb->res.mm = *mm;
    }
}

/* Drive the host program's MMIO request for this cycle, if one is due and the port is ready. */
static void host_drive(gtref_tb *tb, gtref_sb_cycle *c, bool mmio_ready,
                       svBit *valid, svBit *write, unsigned *addr, unsigned *wdata)
{
    *valid = 0; *write = 0; *addr = 0; *wdata = 0;
    if (tb->read_outstanding || !mmio_ready) return;
    uint32_t off, val = 0;
    bool is_write;
    if (tb->phase == PH_PROGRAM && tb->op < tb->stim.nops &&
        (tb->stim.ops[tb->op].op == GTREF_HOST_WRITE || tb->stim.ops[tb->op].op == GTREF_HOST_READ)) {
        if (tb->stim.ops[tb->op].op == GTREF_HOST_READ) tb->read_op = tb->op;
        const gtref_host_op *op = &tb->stim.ops[tb->op++];
        is_write = op->op == GTREF_HOST_WRITE;
        off = op->off;
        val = op->val;
    } else if (tb->phase == PH_PROGRAM && tb->isr_active && !tb->isr_issued &&
               (tb->isr_act.kind == GTREF_ISR_WRITE || tb->isr_act.kind == GTREF_ISR_READ)) {
        is_write = tb->isr_act.kind == GTREF_ISR_WRITE;   /* the service routine's access */
        off = tb->isr_act.off;
        val = tb->isr_act.val;
        tb->isr_issued = true;
        if (!is_write) tb->read_op = READ_ISR;
    } else if (tb->phase == PH_DRAIN_READ && tb->final_next < tb->nfinal) {
        is_write = false;
        tb->read_op = READ_FINAL + tb->final_next;
        off = tb->final_regs[tb->final_next++];
    } else {
        return;
    }
    *valid = 1; *write = is_write; *addr = off; *wdata = val;
    c->mmio_xfer = true; c->mmio_write = is_write; c->mmio_addr = off; c->mmio_wdata = val;
    tb->read_outstanding = !is_write;
}

/* A GTREF_HOST_ISR op, after the scoreboard has seen the cycle: start the routine when the line is high (ISR-1),
 * take its next action once the last one is done (a wait over, a write transferred, a read's data back). True
 * when the op is over. */
static bool isr_advance(gtref_tb *tb, bool irq)
{
    const gtref_host_op *op = &tb->stim.ops[tb->op];
    uint32_t rdata = 0;
    if (!tb->isr_active) {
        if (!irq) return true;   /* nothing to serve */
        gtref_isr_begin_op(&tb->isr, op, tb->stim.seed, tb->op);
        tb->isr_active = true;
    } else {
        switch (tb->isr_act.kind) {
        case GTREF_ISR_WAIT: if (tb->cycle < tb->isr_wait_until) return false; break;
        case GTREF_ISR_WRITE: if (!tb->isr_issued) return false; break;
        case GTREF_ISR_READ:
            if (!tb->isr_data_ready) return false;
            rdata = tb->isr_rdata;
            break;
        default: break;
        }
    }
    gtref_isr_step(&tb->isr, rdata, &tb->isr_act);
    tb->isr_issued = tb->isr_data_ready = false;
    switch (tb->isr_act.kind) {
    case GTREF_ISR_WAIT:
        tb->isr_wait_until = tb->cycle + tb->isr_act.cycles;
        return false;
    case GTREF_ISR_WRITE:
    case GTREF_ISR_READ:
        return false;
    case GTREF_ISR_FAIL:
        gtref_sb_report(tb->sb, "isr", "data-valid", -1, tb->cycle, "INTR_IDENTITY_REG Data-Valid (bit 31) set",
                        "still 0", tb->isr_act.why);
        /* fall through */
    default:
        tb->isr_active = false;
        return true;
    }
}

/* After the scoreboard has seen the cycle: advance waits, and the end-of-test phases. */
static void host_advance(gtref_tb *tb, bool irq)
{
    if (tb->read_outstanding || gtref_sb_failed(tb->sb)) return;
    switch (tb->phase) {
    case PH_PROGRAM:
        if (tb->op >= tb->stim.nops) { tb->phase = PH_DRAIN_IDLE; tb->op_start = tb->cycle; return; }
        break;
    case PH_DRAIN_IDLE:
        /* from the next cycle on: a write in this cycle reaches the DUT only at its closing edge */
        if (tb->cycle > tb->op_start && all_quiescent(tb) && model_quiescent(tb))
            tb->phase = PH_DRAIN_READ;
        return;
    case PH_DRAIN_READ:
        if (tb->final_next >= tb->nfinal && model_quiescent(tb)) {
            check_expectations(tb, irq);
            finish(tb);
        }
        return;
    case PH_DONE:
        return;
    }
    const gtref_host_op *op = &tb->stim.ops[tb->op];
    if (!tb->op_started) { tb->op_started = true; tb->op_start = tb->cycle; }
    bool next = false;
    switch (op->op) {
    case GTREF_HOST_WAIT:
        next = tb->cycle - tb->op_start >= op->cycles;
        break;
    case GTREF_HOST_WAIT_IDLE:
        next = tb->cycle > tb->op_start && all_quiescent(tb) && model_quiescent(tb);
        break;
    case GTREF_HOST_WAIT_IRQ:
        next = irq || tb->cycle - tb->op_start >= op->cycles;  /* a timeout is not an error */
        break;
    case GTREF_HOST_WRITE:
    case GTREF_HOST_READ:
        tb->op_started = false;  /* host_drive issues it when the port is ready */
        return;
    case GTREF_HOST_ISR:
        next = isr_advance(tb, irq);
        break;
    case GTREF_HOST_MEM_WRITE:   /* a page-table change (docs/gam.md §5): both memories, in this cycle */
        gtref_mem_write_be64(tb->mem, op->addr, op->data, (uint8_t)op->val);
        gtref_mem_write_be64(gtm_mem(tb->model), op->addr, op->data, (uint8_t)op->val);
        next = true;
        break;
    default:
        next = true;
        break;
    }
    if (next) { tb->op++; tb->op_started = false; }
}

/* Contract §3: in ring mode the DUT never requests a line wholly past TAIL. A line inside engine e's ring
 * must overlap the bytes from the DUT's HEAD to TAIL, TAIL's own byte included (the line holding TAIL may
 * be read). Evaluated with the state at the start of the cycle, which is what the DUT's request came from. */
static bool ring_read_past_tail(const gtref_tb *tb, int e, uint64_t addr, char *why, size_t whysz)
{
    uint32_t base = gtref_engines[e].base;
    uint32_t ctl = gtm_reg_peek(tb->model, base + GTREF_RING_CTL);
    uint64_t start = gtm_reg_peek(tb->model, base + GTREF_RING_START) & 0xFFFFF000u;
    uint32_t size = (((ctl >> GTREF_CTL_LEN_SHIFT) & GTREF_CTL_LEN_MAX) + 1u) * 4096u;
    if (!(ctl & GTREF_CTL_ENABLE) || addr < start || addr >= start + size) return false;
    uint32_t off = (uint32_t)(addr - start);
    uint32_t head = (tb->dut_head[e] & GTREF_HEAD_OFFSET_MASK) % size;
    uint32_t tail = (gtm_reg_peek(tb->model, base + GTREF_RING_TAIL) & GTREF_TAIL_OFFSET_MASK) % size;
    uint32_t window = (tail + size - head) % size + 1;            /* bytes head..tail inclusive */
    bool starts_inside = (off + size - head) % size < window;
    bool holds_head = (head + size - off) % size < 64;
    if (starts_inside || holds_head) return false;
    snprintf(why, whysz, "%s ring read of line 0x%x with HEAD 0x%x, TAIL 0x%x (ring of 0x%x bytes at 0x%llx)",
             gtref_engines[e].name, off, head, tail, size, (unsigned long long)start);
    return true;
}

/* Keep the DUT's view of RING_HEAD: its engine commits and host writes, applied at the end of the cycle. */
static void track_dut_heads(gtref_tb *tb, const gtref_sb_cycle *c)
{
    for (int e = 0; e < tb->engines; e++) {
        uint32_t head_off = gtref_engines[e].base + GTREF_RING_HEAD;
        if (c->eng[e].commit && c->eng[e].commit_off == head_off) tb->dut_head[e] = c->eng[e].commit_data;
        if (c->mmio_xfer && c->mmio_write && c->mmio_addr == head_off)
            tb->dut_head[e] = gtref_reg_apply_write(gtref_reg_by_name("RING_HEAD"), tb->dut_head[e], c->mmio_wdata);
    }
}

int gtref_tb_cycle(void *vtb, svBit mmio_req_ready, svBit mmio_rsp_valid, unsigned int mmio_rsp_rdata,
                   svBit mmio_commit_valid, unsigned int mmio_commit_off, unsigned int mmio_commit_data,
                   svBit mem_req_valid, svBit mem_req_write, unsigned long long mem_req_addr,
                   unsigned long long mem_req_wdata, unsigned char mem_req_be, int mem_req_src, svBit irq,
                   svBit *o_mmio_req_valid, svBit *o_mmio_req_write, unsigned int *o_mmio_req_addr,
                   unsigned int *o_mmio_req_wdata, svBit *o_mem_req_ready, svBit *o_mem_rsp_valid,
                   svBitVecVal *o_mem_rsp_data)
{
    gtref_tb *tb = vtb;
    gtref_sb_cycle c;
    memset(&c, 0, sizeof c);
    if (tb->selftest && tb->cycle == 50) selftest_fail(tb);
    c.cycle = ++tb->cycle;
    c.irq = irq;
    c.mmio_rsp_valid = mmio_rsp_valid;
    c.mmio_rsp_data = mmio_rsp_rdata;
    c.mmio_commit = mmio_commit_valid;
    c.mmio_commit_off = mmio_commit_off;
    c.mmio_commit_data = mmio_commit_data;
    memcpy(c.eng, tb->probe, sizeof c.eng);
    c.gam = tb->gam;
    c.port = (gam_port){ mem_req_valid, mem_req_write, mem_req_addr, mem_req_wdata, mem_req_be, (uint8_t)mem_req_src };
    if (mmio_rsp_valid && tb->read_outstanding) {
        tb->read_outstanding = false;
        if (tb->read_op == READ_ISR) {
            tb->isr_rdata = mmio_rsp_rdata;
            tb->isr_data_ready = true;
        } else if (tb->read_op >= READ_FINAL) {
            if (tb->read_op - READ_FINAL < tb->nfinal) tb->final_vals[tb->read_op - READ_FINAL] = mmio_rsp_rdata;
        } else if (tb->read_op < tb->stim.nops) {
            tb->read_value[tb->read_op] = mmio_rsp_rdata;
            tb->read_done[tb->read_op] = true;
        }
    }

    /* memory port: accept with the stimulus's probability, answer reads in order after a random latency */
    bool ready = gtref_rng_pct(&tb->rng, tb->stim.lat.req_ready_pct);
    *o_mem_req_ready = ready;
    c.mem_req_ready = ready;
    /* Contract §3: in ring mode an engine never requests a line wholly past TAIL; its fetch requests, as it presents
     * them to the GAM, in graphics addresses (docs/gam.md GAM-1) */
    for (int e = 0; e < tb->engines && !tb->rtl_only; e++) {
        const gam_req *r = &tb->probe[e].req;
        char why[160];
        if (!r->valid || r->write || r->client != GTREF_CLIENT_IF) continue;
        if (ring_read_past_tail(tb, e, r->va, why, sizeof why)) {
            char act[96];
            snprintf(act, sizeof act, "read of 0x%" PRIx64, r->va);
            gtref_sb_report(tb->sb, "mem-protocol", "ring-read-past-tail", e, tb->cycle, "no ring read wholly past TAIL", act, why);
        }
    }
    if (mem_req_valid && ready) {
        tb->last_progress = tb->cycle;
        if (mem_req_write) {
            if (mem_req_addr & 7u) {
                char act[96];
                snprintf(act, sizeof act, "write to 0x%llx", mem_req_addr);
                gtref_sb_report(tb->sb, "mem-protocol", "unaligned-write", mem_req_src, tb->cycle, "8-byte-aligned write", act, "memory port protocol violation");
            }
            gtref_mem_write_be64(tb->mem, mem_req_addr, mem_req_wdata, mem_req_be);
        } else if ((mem_req_addr & 63u) || tb->rq_count == READ_QUEUE) {
            char act[96];
            snprintf(act, sizeof act, "read of 0x%llx with %zu reads outstanding", mem_req_addr, tb->rq_count);
            gtref_sb_report(tb->sb, "mem-protocol", "read-request", mem_req_src, tb->cycle, "64-byte-aligned read, at most 64 outstanding", act, "memory port protocol violation");
        } else {
            uint64_t lat = gtref_rng_range(&tb->rng, tb->stim.lat.rd_lat_min, tb->stim.lat.rd_lat_max);
            tb->rq[(tb->rq_head + tb->rq_count++) % READ_QUEUE] = (read_req){ tb->cycle + (lat ? lat : 1), mem_req_addr };
        }
    }
    *o_mem_rsp_valid = 0;
    memset(o_mem_rsp_data, 0, 64);
    if (tb->rq_count && tb->rq[tb->rq_head].due <= tb->cycle) {
        uint8_t line[64];
        gtref_mem_read(tb->mem, tb->rq[tb->rq_head].addr, line, sizeof line);
        for (int i = 0; i < 16; i++)
            o_mem_rsp_data[i] = (uint32_t)line[4 * i] | (uint32_t)line[4 * i + 1] << 8 |
                                (uint32_t)line[4 * i + 2] << 16 | (uint32_t)line[4 * i + 3] << 24;
        *o_mem_rsp_valid = 1;
        c.mem_rsp_valid = true;
        memcpy(c.mem_rsp_data, line, sizeof line);
        tb->rq_head = (tb->rq_head + 1) % READ_QUEUE;
        tb->rq_count--;
    }

    host_drive(tb, &c, mmio_req_ready, o_mmio_req_valid, o_mmio_req_write, o_mmio_req_addr, o_mmio_req_wdata);
    if (c.mmio_xfer) tb->last_progress = tb->cycle;
    for (int e = 0; e < tb->engines; e++)
        if (c.eng[e].retire) {
            tb->last_progress = tb->cycle;
            tb->rtl_only_retired++;
            if (c.eng[e].retire_err) tb->obs.errors[e]++;
        }

    if (!tb->rtl_only && gtref_sb_cycle_check(tb->sb, &c)) {
        /* the engines' writes as they issue them (graphics addresses: the `writes` expectations), when the GAM grants
         * them (docs/gam.md GAM-18) */
        const gam_edge *x = gtref_sb_gam_edge(tb->sb);
        log_lookups(tb, x);
        /* a write dropped by a fault in hang mode never reaches memory (GAM-15): not among the engine's writes. It is
         * the engine's last granted one: an engine has one request in the GAM at a time and makes no other after it. */
        if (x->fault_valid && x->fault_hang && x->fault_client == GTREF_CLIENT_WR && tb->obs.writes[x->fault_engine].n)
            tb->obs.writes[x->fault_engine].n--;
        if (x->gnt_valid && x->gnt_req.write &&
            gtref_write_log_add(&tb->obs.writes[x->gnt_engine], x->gnt_req.va, x->gnt_req.be, x->gnt_req.wdata))
            gtref_sb_report(tb->sb, "aborted", "out-of-memory", -1, tb->cycle, "a write log", "out of memory", "testbench");
    }
    track_dut_heads(tb, &c);
    host_advance(tb, irq);

    if (!gtref_sb_failed(tb->sb) && tb->phase != PH_DONE) {
        if (!all_quiescent(tb) && tb->cycle - tb->last_progress > tb->stim.hang_cycles)
            gtref_sb_report_hang(tb->sb, tb->cycle, tb->cycle - tb->last_progress, tb->probe);
        else if (tb->cycle > tb->stim.max_cycles) {
            char exp[64];
            snprintf(exp, sizeof exp, "end of test within %" PRIu64 " cycles", tb->stim.max_cycles);
            gtref_sb_report(tb->sb, "timeout", "max-cycles", -1, tb->cycle, exp, "still running", "max_cycles exceeded");
        }
    }
    if (gtref_sb_failed(tb->sb) && tb->phase != PH_DONE) finish(tb);
    if (tb->phase == PH_DONE) {
        write_result(tb);
        return 1;
    }
    return 0;
}

int gtref_tb_close(void *vtb)
{
    gtref_tb *tb = vtb;
    if (!tb) return 2;
    if (tb->phase != PH_DONE) {
        gtref_sb_report(tb->sb, "aborted", "early-finish", -1, tb->cycle, "test completes", "simulation ended early", "the simulator stopped before the test ended");
        finish(tb);
    }
    write_result(tb);
    /* 0 pass, 1 mismatch, 2 could not run (or an rtl-only run: nothing checked), 3 unimplemented (a command the kit
     * does not model) */
    int rc = tb->res.status == GTREF_PASS ? 0 : tb->res.status == GTREF_UNIMPLEMENTED ? 3
           : tb->res.status == GTREF_ERROR ? 2 : 1;
    if (tb->cmdtrace) fclose(tb->cmdtrace);
    gtref_sb_destroy(tb->sb);
    gtm_destroy(tb->model);
    gtref_mem_destroy(tb->mem);
    gtref_stim_free(&tb->stim);
    free(tb->final_regs);
    free(tb->final_vals);
    free(tb->read_value);
    free(tb->read_done);
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) gtref_write_log_free(&tb->obs.writes[e]);
    free(tb->lookups);
    free(tb);
    return rc;
}

void gtref_tb_exit(int status)
{
    if (status == 0) return;
    fflush(stdout);
    fflush(stderr);
    exit(status);
}

void gtref_tb_cap_cycles(void *handle, unsigned long long max_cycles)
{
    gtref_tb *tb = handle;
    if (tb && max_cycles && max_cycles < tb->stim.max_cycles) tb->stim.max_cycles = max_cycles;
}

int gtref_tb_cmdtrace(void *handle, const char *path)
{
    gtref_tb *tb = handle;
    if (!tb || !path || !path[0]) return -1;
    tb->cmdtrace = fopen(path, "w");
    if (!tb->cmdtrace) {
        fprintf(stderr, "gtref: cannot write the command trace %s\n", path);
        return -1;
    }
    fprintf(tb->cmdtrace, "# every command the engines retired, in order: engine, cycle, ring or batch address, command\n");
    gtref_sb_set_cmdtrace(tb->sb, tb->cmdtrace);
    return 0;
}

/* ---- +stims=LIST: several tests in one process ---- */

typedef struct gtref_tb_batch {
    FILE *list;
    char path[512];
    unsigned line;
    unsigned long long max_cycles;
} gtref_tb_batch;

void *gtref_tb_batch_open(const char *list_path, unsigned long long max_cycles)
{
    gtref_tb_batch *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    snprintf(b->path, sizeof b->path, "%s", list_path);
    b->max_cycles = max_cycles;
    b->list = fopen(list_path, "r");
    if (!b->list) {
        fprintf(stderr, "gtref: cannot read the test list %s (+stims=): %s\n", list_path, strerror(errno));
        free(b);
        return NULL;
    }
    return b;
}

/* Send this process's output (C stdio and Verilator's $display alike) to the test's log from now on. */
static void redirect_output(const char *log)
{
    fflush(stdout);
    fflush(stderr);
    int fd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        fprintf(stderr, "gtref: cannot open the log %s: %s; this test's output follows here\n", log, strerror(errno));
        return;
    }
    dup2(fd, STDOUT_FILENO);
    dup2(fd, STDERR_FILENO);
    close(fd);
}

void *gtref_tb_batch_next(void *vb, const char *rtl_built, const char *rtl_asked, const char *build_id, int num_engines)
{
    gtref_tb_batch *b = vb;
    char line[3 * 512 + 8];
    while (b && b->list && fgets(line, sizeof line, b->list)) {
        b->line++;
        size_t len = strlen(line);
        if (len && line[len - 1] == '\n') line[--len] = '\0';
        else if (!feof(b->list)) {
            fprintf(stderr, "gtref: %s:%u: line longer than %zu characters; the tests from here on are not run\n",
                    b->path, b->line, sizeof line - 2);
            break;
        }
        char *stim = line, *result = strchr(stim, '\t'), *log = result ? strchr(result + 1, '\t') : NULL;
        if (!result || !log || strchr(log + 1, '\t') || result == stim || log == result + 1 || !log[1]) {
            fprintf(stderr, "gtref: %s:%u: expected 'stim<TAB>result<TAB>log', got '%s'; the tests from here on "
                            "are not run\n", b->path, b->line, line);
            break;
        }
        *result++ = '\0';
        *log++ = '\0';
        redirect_output(log);
        void *tb = gtref_tb_open(stim, result, rtl_built, rtl_asked, build_id, num_engines);
        if (tb) {
            if (b->max_cycles) gtref_tb_cap_cycles(tb, b->max_cycles);
            return tb;
        }
        /* could not start: gtref_tb_open wrote its ERROR record; on to the next */
    }
    if (b && b->list) {
        fclose(b->list);
        b->list = NULL;
    }
    return NULL;
}
