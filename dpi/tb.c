/* The C side of the testbench, called from dpi/tb_top.sv: a binding of its DPI calls. Each cycle it forwards the
 * DUT's ports and probes to the DUT's memory port and the host program (the host runtime, host/: include/gtref/host.h)
 * and to the scoreboard (scoreboard/: include/gtref/scoreboard.h), and the scoreboard's verdict to the result record;
 * it logs what the DUT did for the stimulus's expectations. Also: +stims= batches of tests, +cmdtrace=. */
#include "gtref_tb.h"

#include "gtref/engines.h"
#include "gtref/expect.h"
#include "gtref/file_io.h"
#include "gtref/gam.h"
#include "gtref/host.h"
#include "gtref/mem.h"
#include "gtref/model.h"
#include "gtref/result.h"
#include "gtref/scoreboard.h"
#include "gtref/stim.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct gtref_tb {
    gtref_stim stim;
    gtm *model;
    gtref_mem *mem;          /* the DUT's memory */
    gtref_sb *sb;
    gtref_mem_port port;     /* the DUT's memory port, on mem */
    gtref_host host;         /* the host program */
    FILE *cmdtrace;          /* +cmdtrace=FILE: every retired command, decoded (gtref replay --waves) */
    int engines;
    uint64_t cycle, last_progress;
    gtref_sb_engine_probe probe[GTREF_MAX_ENGINES];
    gtref_sb_gam_probe gam;  /* the GAM's probes of this cycle */
    gtref_tlb_obs *lookups;  /* every TLB lookup in order, for `tlb` expectations (docs/gam.md GAM-7) */
    size_t nlookups, cap_lookups;
    long lookup_pending;     /* the lookup whose walk is under way (its fill or fault completes it), or -1 */
    /* what the DUT did, for the stimulus's expectations (evaluated at the end of the test) */
    gtref_observed obs;
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
    if (tb->host.el) {   /* the execlist driver: the CSB entries it serviced (DRV-4, EL-20), per execlist engine */
        bool any = false;
        for (int e = 0; e < tb->engines && e < GTREF_MAX_ENGINES; e++) {
            const gtref_el_engine *g = &tb->host.el->eng[e];
            if (!g->init) continue;
            if (!any) printf("  execlist: CSB entries serviced (idle to active, preempted, lite restore, element switch, "
                             "active to idle; wraps):");
            any = true;
            printf(" %s %u %u %u %u %u; %u", gtref_engines[e].name, g->seen[0], g->seen[1], g->seen[2], g->seen[3],
                   g->seen[4], g->seen[5]);
        }
        if (any) printf("\n");
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
    gtref_host_free(&tb->host);
    gtref_stim_free(&tb->stim);
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
    gtref_mem_port_init(&tb->port, tb->mem, &tb->stim.lat, tb->stim.seed);
    if (gtref_host_init(&tb->host, &tb->stim, num_engines)) return open_error(tb, "out of memory");
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

static bool all_quiescent(void *user)
{
    const gtref_tb *tb = user;
    for (int e = 0; e < tb->engines; e++)
        if (!tb->probe[e].idle && !tb->probe[e].halted) return false;
    return true;
}

/* The scoreboard's end-of-work check (the model has nothing left either); always met in rtl-only mode. */
static bool model_quiescent(void *user)
{
    gtref_tb *tb = user;
    return tb->rtl_only || gtref_sb_check_quiescent(tb->sb, tb->cycle, tb->probe);
}

/* The stimulus's spec-derived expectations against what the DUT did; the first failure is the mismatch. */
static void check_expectations(gtref_tb *tb, bool irq)
{
    if (!tb->stim.nexpects || gtref_sb_failed(tb->sb) || tb->rtl_only) return;
    gtref_observed *o = &tb->obs;
    o->engines = tb->engines;
    o->mem = tb->mem;
    o->reg_read = gtref_host_final_register;   /* the end-of-test read-back */
    o->user = &tb->host;
    o->read_value = tb->host.read_value;
    o->read_done = tb->host.read_done;
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
    gtref_host_end(&tb->host);
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

/* What the host runtime asks of the testbench (include/gtref/host.h). */
static void host_mem_write(void *user, uint64_t addr, uint64_t data, uint8_t be)
{
    gtref_tb *tb = user;   /* a page-table change (docs/gam.md §5): both memories, in this cycle */
    gtref_mem_write_be64(tb->mem, addr, data, be);
    gtref_mem_write_be64(gtm_mem(tb->model), addr, data, be);
}

static void host_isr_fail(void *user, const char *why)
{
    gtref_tb *tb = user;
    gtref_sb_report(tb->sb, "isr", "data-valid", -1, tb->cycle, "INTR_IDENTITY_REG Data-Valid (bit 31) set", "still 0", why);
}

static uint64_t host_mem_read(void *user, uint64_t addr)
{
    gtref_tb *tb = user;   /* the execlist driver reads the status page and images (host/execlist.c) */
    return gtref_mem_read64(tb->mem, addr);
}

static void host_el_fail(void *user, const char *why)
{
    gtref_tb *tb = user;
    gtref_sb_report(tb->sb, "host", "execlist-driver", -1, tb->cycle, "CSB entries the driver expects (docs/execlists.md DRV-4)",
                    "another", why);
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
    if (mmio_rsp_valid) gtref_host_read_data(&tb->host, mmio_rsp_rdata);

    /* memory port: accept with the stimulus's probability, answer reads in order after a random latency */
    bool ready = gtref_mem_port_ready(&tb->port);
    *o_mem_req_ready = ready;
    c.mem_req_ready = ready;
    if (!tb->rtl_only) gtref_sb_check_ring_reads(tb->sb, tb->cycle, tb->probe);
    if (mem_req_valid && ready) {
        tb->last_progress = tb->cycle;
        bool ok = gtref_sb_check_mem_request(tb->sb, tb->cycle, mem_req_write, mem_req_addr, mem_req_src,
                                             gtref_mem_port_reads(&tb->port), GTREF_MEM_PORT_READS);
        if (mem_req_write) gtref_mem_port_write(&tb->port, mem_req_addr, mem_req_wdata, mem_req_be);
        else if (ok) gtref_mem_port_read(&tb->port, tb->cycle, mem_req_addr);
    }
    *o_mem_rsp_valid = 0;
    memset(o_mem_rsp_data, 0, 64);
    uint8_t line[64];
    if (gtref_mem_port_response(&tb->port, tb->cycle, line)) {
        for (int i = 0; i < 16; i++)
            o_mem_rsp_data[i] = (uint32_t)line[4 * i] | (uint32_t)line[4 * i + 1] << 8 |
                                (uint32_t)line[4 * i + 2] << 16 | (uint32_t)line[4 * i + 3] << 24;
        *o_mem_rsp_valid = 1;
        c.mem_rsp_valid = true;
        memcpy(c.mem_rsp_data, line, sizeof line);
    }

    /* the host's MMIO request of this cycle */
    gtref_host_access a;
    gtref_host_drive(&tb->host, mmio_req_ready, &a);
    *o_mmio_req_valid = a.valid; *o_mmio_req_write = a.write; *o_mmio_req_addr = a.off; *o_mmio_req_wdata = a.val;
    c.mmio_xfer = a.valid; c.mmio_write = a.write; c.mmio_addr = a.off; c.mmio_wdata = a.val;
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
    gtref_sb_track_ring_heads(tb->sb, &c);
    /* after the scoreboard has seen the cycle: the host program's waits and end-of-test phases */
    const gtref_host_env env = { tb, all_quiescent, model_quiescent, host_mem_write, host_isr_fail, host_mem_read, host_el_fail };
    if (!gtref_sb_failed(tb->sb) && gtref_host_advance(&tb->host, tb->cycle, irq, &env)) {
        check_expectations(tb, irq);
        finish(tb);
    }

    if (!gtref_sb_failed(tb->sb) && !gtref_host_done(&tb->host)) {
        if (!all_quiescent(tb) && tb->cycle - tb->last_progress > tb->stim.hang_cycles)
            gtref_sb_report_hang(tb->sb, tb->cycle, tb->cycle - tb->last_progress, tb->probe);
        else if (tb->cycle > tb->stim.max_cycles) {
            char exp[64];
            snprintf(exp, sizeof exp, "end of test within %" PRIu64 " cycles", tb->stim.max_cycles);
            gtref_sb_report(tb->sb, "timeout", "max-cycles", -1, tb->cycle, exp, "still running", "max_cycles exceeded");
        }
    }
    if (gtref_sb_failed(tb->sb) && !gtref_host_done(&tb->host)) finish(tb);
    if (gtref_host_done(&tb->host)) {
        write_result(tb);
        return 1;
    }
    return 0;
}

int gtref_tb_close(void *vtb)
{
    gtref_tb *tb = vtb;
    if (!tb) return 2;
    if (!gtref_host_done(&tb->host)) {
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
    gtref_host_free(&tb->host);
    gtref_stim_free(&tb->stim);
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
