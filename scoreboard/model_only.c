/* The model-only runner (include/gtref/model_only.h): the host program (the host runtime's immediate port,
 * host/host.c) on the reference model, engines run to quiescence before every host operation, the RCS0 watchdog
 * on the host program's time; what the run ended with, for the expectations (scoreboard/expect.c), and the
 * commands it executed, for coverage (scoreboard/coverage.c). Used by `gtref check`, `gtref coverage` and the unit
 * tests. It stays in scoreboard/, above host/, because it observes for the expectations and samples coverage. */
#include "gtref/model_only.h"
#include "gtref/cmds.h"
#include "gtref/engines.h"
#include "gtref/host.h"
#include "gtref/regs.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The write log holds the engine's writes by the graphics address it issued (as the expectations name them); the
 * model has already written its own memory at the physical address (nothing to apply here). A write that faulted in
 * hang mode (pa = UINT64_MAX) never reaches memory (docs/gam.md GAM-15: the GAM drops it): not logged. */
static void on_write(void *u, int e, bool ggtt, uint64_t addr, uint64_t pa, uint64_t data, uint8_t be)
{
    (void)ggtt;
    gtref_model_run *r = u;
    if (e >= 0 && e < GTREF_MAX_ENGINES) r->spin_armed[e] = false;   /* a write: not a spinner's fixed point */
    if (pa == UINT64_MAX) return;
    if (e >= 0 && e < GTREF_MAX_ENGINES && gtref_write_log_add(&r->obs.writes[e], addr, be, data) && !r->error[0])
        snprintf(r->error, sizeof r->error, "out of memory (write log)");
}

/* PR_CTR_CTL/THRSH commits and RCS0's IMR (the gate of the watchdog's event), an engine's or the host's, reach the
 * watchdog as they happen (others are ignored). */
static void on_commit(void *u, int e, uint32_t off, uint32_t val)
{
    gtref_model_run *r = u;
    gtm_watchdog_commit(r->model, off, val);
    /* docs/execlists.md EL-31: the CSB registers a switch commits are stored at their commits (the DUT's, in a
     * co-simulation; here the model's own): kept here, stored after the step if it was a switch (apply_csb). */
    if (e < 0 || e >= GTREF_MAX_ENGINES) return;
    uint32_t rel = off - gtref_engines[e].base;
    if (rel >= GTREF_CS_GPR0 && rel <= GTREF_CS_GPR31) r->gpr_commits |= 1u << ((rel - GTREF_CS_GPR0) / 4u);
    if ((rel == GTREF_CONTEXT_STATUS_PTR || (rel >= GTREF_CSB_ENTRY_LO0 && rel <= GTREF_CSB_ENTRY_HI5) ||
         (rel >= GTREF_CSB_ENTRY_LO6 && rel <= GTREF_CSB_ENTRY_HI11)) && r->ncsb < GTREF_MODEL_RUN_CSB) {
        r->csb[r->ncsb][0] = off;
        r->csb[r->ncsb++][1] = val;
    }
}

/* A switch's CSB commits, stored as the scoreboard stores the DUT's (EL-31, gtm_reg_poke): CONTEXT_STATUS_PTR in
 * bits 3:0 only (bits 11:8 are the host's, EL-22). */
static void apply_csb(gtref_model_run *r, int e)
{
    for (unsigned i = 0; i < r->ncsb; i++) {
        uint32_t off = r->csb[i][0], val = r->csb[i][1];
        if (off - gtref_engines[e].base == GTREF_CONTEXT_STATUS_PTR)
            val = (gtm_reg_peek(r->model, off) & ~0xFu) | (val & 0xFu);
        gtm_reg_poke(r->model, off, val);
    }
}

static void on_irq(void *u, int e, uint16_t bits)
{
    gtref_model_run *r = u;
    if (e >= 0 && e < GTREF_MAX_ENGINES) r->pending_irq[e] |= bits;
}

/* End-of-test register expectations look, they do not read: no side effect (docs/interrupts.md §5). */
static uint32_t read_register(void *user, uint32_t off) { return gtm_reg_peek(user, off); }

/* n cycles of the host program's time (the watchdog's clock); with until_irq, stop after the cycle that leaves the
 * interrupt line high. */
static void advance(gtref_model_run *r, uint64_t n, bool until_irq)
{
    /* the model's PR_CTR_CTL names the kind of event for coverage; no tick changes it */
    bool clocks = gtm_reg_peek(r->model, gtref_engines[0].base + GTREF_PR_CTR_CTL) & GTREF_WDOG_COUNT_CLOCKS;
    uint64_t fired;
    r->cycles += gtm_ticks(r->model, n, until_irq, &fired);
    for (uint64_t i = 0; i < fired && r->cov; i++)
        gtref_cov_event(r->cov, 0, clocks ? GTREF_COV_WDOG_CLOCKS : GTREF_COV_WDOG_PERIODS);
}

/* The immediate port of the host runtime (include/gtref/host.h): one host MMIO access that transfers in the current
 * cycle, then the cycle ends. The access is applied to the model before the cycle's end (gtm_tick: the watchdog, a
 * due selector presentation), as IRQ-1 orders them; the engines' events of the cycle came before it (they ran
 * before the operation: infinitely fast). A read applies its side effect (docs/interrupts.md IRQ-11) and returns
 * the value. */
static uint32_t host_read(void *u, uint32_t off)
{
    gtref_model_run *r = u;
    uint32_t v = gtm_mmio_read(r->model, off, NULL);
    advance(r, 1, false);
    return v;
}

/* Coverage of a Load (EL-11, EL-12): an engine's EXECLIST_CONTROL write, seen before the model applies it. */
static void cov_control_write(gtref_model_run *r, uint32_t off, uint32_t val)
{
    for (int e = 0; e < gtm_engines(r->model); e++) {
        uint32_t base = gtref_engines[e].base;
        if (off != base + GTREF_EXECLIST_CONTROL) continue;
        gtref_cov_el_control_write(r->cov, e, gtm_el_mode(r->model, e), val, gtm_reg_peek(r->model, base + GTREF_EXECLIST_SQ_LO0),
                                   gtm_reg_peek(r->model, base + GTREF_EXECLIST_STATUS_LO));
    }
}

static void host_write(void *u, uint32_t off, uint32_t val)
{
    gtref_model_run *r = u;
    if (r->cov) {
        cov_control_write(r, off, val);
        gtref_cov_host_write(r->cov, off);
    }
    gtm_mmio_write(r->model, off, val);
    advance(r, 1, false);
}

static void host_mem_write(void *u, uint64_t addr, uint64_t data, uint8_t be)
{
    gtref_model_run *r = u;
    gtref_mem_write_be64(gtm_mem(r->model), addr, data, be);
}

static uint64_t host_mem_read(void *u, uint64_t addr)
{
    gtref_model_run *r = u;
    return gtref_mem_read64(gtm_mem(r->model), addr);
}

static void host_wait(void *u, uint64_t n, bool until_irq) { advance(u, n, until_irq); }

static uint64_t pdp0(const gtref_model_run *r, int e)
{
    uint32_t base = gtref_engines[e].base;
    return (uint64_t)gtm_reg_peek(r->model, base + GTREF_PDP0_UDW) << 32 | gtm_reg_peek(r->model, base + GTREF_PDP0_LDW);
}

/* Coverage of a switch just made (docs/execlists.md §7): its CSB steps from its commits (EL-22 step 4: LO i, HI i,
 * then CONTEXT_STATUS_PTR with i in bits 3:0), and the engine as the switch left it. */
static void cov_switch(gtref_model_run *r, int e, uint64_t pdp0_before)
{
    uint32_t base = gtref_engines[e].base, lo = 0, hi = 0;
    gtref_cov_el_switch s = { .pdp0_before = pdp0_before };
    for (unsigned i = 0; i < r->ncsb; i++) {
        uint32_t rel = r->csb[i][0] - base, val = r->csb[i][1];
        if (rel == GTREF_CONTEXT_STATUS_PTR) {
            if (s.nsteps < 2) {
                s.step[s.nsteps].index = val & GTREF_CSB_WRITE_PTR_MASK;
                s.step[s.nsteps].lo = lo;
                s.step[s.nsteps++].hi = hi;
            }
        } else if (rel & 4u) {   /* CSB_ENTRY_HIi: both banks start 8-aligned (+0x370, +0x3C0) */
            hi = val;
        } else {
            lo = val;
        }
    }
    s.pdp0_after = pdp0(r, e);
    s.ctx_ctl_after = gtm_reg_peek(r->model, base + GTREF_RING_CONTEXT_CONTROL);
    s.in_batch_after = gtm_engine_in_batch(r->model, e);
    s.id_after = gtm_reg_peek(r->model, base + GTREF_EXECLIST_STATUS_HI);
    gtref_cov_el_switch_made(r->cov, e, &s);
}
static bool host_irq(void *u) { return gtm_irq_line(((gtref_model_run *)u)->model); }

/* EL-16: the wait a stall shows is an arbitration point only when it is a poll-mode MI_SEMAPHORE_WAIT on memory; not a
 * signal-mode or a register-poll wait, nor a command not wholly before the tail. */
static bool memory_poll_wait(const gtm_retire *r)
{
    const gtref_cmd_def *d = r->len ? gtref_cmd_find(r->dw[0]) : NULL;
    return d && d->id == GTREF_CMD_MI_SEMAPHORE_WAIT && !r->nooped && !r->priv_violation &&
           GTREF_GET(r->dw, MI_SEMAPHORE_WAIT_POLL) && !GTREF_GET(r->dw, MI_SEMAPHORE_WAIT_REG_POLL);
}

/* Every engine, one command at a time in turn, until none can go on. An engine found idle or halted is not stepped
 * again in this call: only its own commands and the host change its ring registers and halt (another engine's
 * command writes its own registers, memory and the global registers), so until the next host operation its step
 * would return the same, with no effect. Engines that stalled are stepped again: another engine's write may wake them. */
static int run_engines(void *u)
{
    gtref_model_run *r = u;
    const gtref_stim *s = r->host.stim;
    int engines = gtm_engines(r->model);
    unsigned live = (1u << engines) - 1u;   /* engines not yet found idle or halted */
    bool progress = true;
    gtm_retire cmd;
    memset(r->spin_armed, 0, sizeof r->spin_armed);
    while (progress) {
        progress = false;
        for (int e = 0; e < engines; e++) {
            if (!(live >> e & 1u)) continue;
            r->ncsb = 0;
            r->gpr_commits = 0;
            uint64_t pdp0_before = r->cov && gtm_el_mode(r->model, e) ? pdp0(r, e) : 0;   /* coverage of a switch */
            int st = gtm_step(r->model, e, &cmd);
            bool park = false;
            /* Execlists (docs/execlists.md §6, §7), straight after the step: the model's own retire stands for the
             * DUT's, so every decision is applied at once (every retire: gtm_el_retire; in ring-buffer mode its one
             * effect is an MI_ARB_ON_OFF's arb bit, EXECLIST_STATUS_LO bit 16, §9), a switch ends
             * at once (gtm_el_switch_end: its last CSB step's pointer commit is the model's, just made), and a
             * poll-mode wait whose condition is false in the model's memory is an arbitration point (EL-16). The
             * TLB invalidations of EL-26 have no TLB to go to here (docs/gam.md GAM-20): they are only cleared. */
            int dec = st == GTM_RETIRED ? gtm_el_retire(r->model, e, &cmd) : GTM_EL_NONE;
            if (dec != GTM_EL_NONE && r->cov)
                gtref_cov_el_decision(r->cov, e, dec, (cmd.el_point & GTM_EL_DRY) ? GTREF_COV_EL_BY_DRY
                                                      : (cmd.el_point & GTM_EL_ARB) ? GTREF_COV_EL_BY_ARB_CHECK : GTREF_COV_EL_BY_OTHER);
            if (st == GTM_RETIRED && dec == GTM_EL_NONE && gtm_el_mode(r->model, e) && cmd.el_point == GTM_EL_ARB) {
                /* A spinner (EL-32): the same MI_ARB_CHECK retired twice, no decision, no write of the engine in
                 * between: the engine loops until the host acts (a Load, a flag write). It is parked until the next
                 * host operation (docs/stimulus-format.md §2.2), like an engine that stalled. */
                if (r->spin_armed[e] && r->spin_addr[e] == cmd.addr) park = true;
                r->spin_armed[e] = true;
                r->spin_addr[e] = cmd.addr;
            }
            if (st == GTM_SWITCH) {
                apply_csb(r, e);
                if (r->cov) cov_switch(r, e, pdp0_before);
                if (!cmd.el_broken) {   /* EL-27: a broken image's switch never ends */
                    int d = gtm_el_switch_end(r->model, e);
                    if (d != GTM_EL_NONE && r->cov)   /* EL-19: the restored context is dry, or a delayed start */
                        gtref_cov_el_decision(r->cov, e, d, d == GTM_EL_START ? GTREF_COV_EL_BY_OTHER : GTREF_COV_EL_BY_DRY);
                }
                gtm_el_tlb_edge(r->model, e);
                if (r->pending_irq[e]) gtm_irq_event(r->model, e, r->pending_irq[e]);
                r->pending_irq[e] = 0;
                r->switches++;
                progress = true;
                continue;
            }
            if (st == GTM_STALLED && memory_poll_wait(&cmd) && gtm_el_mode(r->model, e)) {
                int d = gtm_el_arb_point(r->model, e);
                if (d != GTM_EL_NONE) {
                    if (r->cov) gtref_cov_el_decision(r->cov, e, d, GTREF_COV_EL_BY_POLL);
                    progress = true;   /* the wait is dropped, never retires; the switch is the engine's next step */
                    continue;
                }
            }
            gtm_el_tlb_edge(r->model, e);
            if (st == GTM_EL_WAIT) continue;   /* not a stall by itself: nothing to apply here, no progress */
            if (st == GTM_IDLE || st == GTM_HALTED) {
                live &= ~(1u << e);
                continue;
            }
            if (st == GTM_UNIMPLEMENTED) {
                r->unimplemented = true;
                snprintf(r->error, sizeof r->error, "unimplemented: %s on %s at 0x%" PRIx64 " (docs/commands.md)",
                         cmd.note, gtref_engines[e].name, cmd.addr);
                return -1;
            }
            bool sigwait = gtm_is_signal_wait(&cmd);
            if (st == GTM_STALLED && sigwait) r->sigwait_stalled[e] = true;
            if (st != GTM_RETIRED && st != GTM_ERROR) continue;
            if (st == GTM_RETIRED && sigwait && r->cov)
                gtref_cov_event(r->cov, e, r->sigwait_stalled[e] ? GTREF_COV_SIGWAIT_WOKEN : GTREF_COV_SIGWAIT_MET);
            if (st == GTM_RETIRED && sigwait) r->sigwait_stalled[e] = false;
            if (r->cov) {
                uint32_t np[GTREF_FORCE_TO_NONPRIV_COUNT];   /* the non-privileged write bins need the entries */
                for (int k = 0; k < GTREF_FORCE_TO_NONPRIV_COUNT; k++)
                    np[k] = gtm_reg_peek(r->model, gtref_engines[e].base + GTREF_FORCE_TO_NONPRIV0 + 4u * (uint32_t)k);
                gtref_cov_nonpriv_entries(r->cov, e, np);
                gtref_cov_engine_emr(r->cov, e, gtm_reg_peek(r->model, gtref_engines[e].base + GTREF_EMR));
                gtref_cov_engine_addr(r->cov, e, gtm_reg_peek(r->model, gtref_engines[e].base + GTREF_RING_START),
                                      gtm_reg_peek(r->model, gtref_engines[e].base + GTREF_RING_CTL),
                                      gtm_reg_peek(r->model, gtref_engines[e].base + GTREF_HWS_PGA));
                gtref_cov_engine_mode(r->cov, e, gtm_el_mode(r->model, e));
                gtref_cov_sample(r->cov, e, &cmd);
                for (int d = 0; d < 32; d++)   /* the GPR dwords the command committed (a switch's restore is not one) */
                    if (r->gpr_commits >> d & 1u) gtref_cov_event(r->cov, e, (enum gtref_cov_event)(GTREF_COV_GPR_DW0 + d));
            }
            progress = true;
            r->commands++;
            if (st == GTM_ERROR) r->obs.errors[e]++;
            if (r->pending_irq[e]) gtm_irq_event(r->model, e, r->pending_irq[e]);
            r->pending_irq[e] = 0;
            if (park) live &= ~(1u << e);
        }
        if (r->error[0]) return -1;
        if (r->commands + r->switches > s->max_cycles) {
            snprintf(r->error, sizeof r->error, "more than %" PRIu64 " commands (max_cycles) without the engines settling",
                     s->max_cycles);
            return -1;
        }
    }
    return 0;
}

int gtref_model_only_run(const gtref_stim *s, gtref_model_run *r)
{
    return gtref_model_only_run_cov(s, r, NULL);
}

int gtref_model_only_run_cov(const gtref_stim *s, gtref_model_run *r, gtref_cov *cov)
{
    memset(r, 0, sizeof *r);
    r->cov = cov;
    if (cov) gtref_cov_test_begin(cov);
    r->model = gtm_create(s->engines);
    if (!r->model || gtref_host_init(&r->host, s, 0)) {
        snprintf(r->error, sizeof r->error, "out of memory");
        return -1;
    }
    r->read_value = r->host.read_value;
    r->read_done = r->host.read_done;
    gtm_sink sink = { r, on_write, on_commit, on_irq };
    gtm_set_sink(r->model, &sink);
    for (size_t i = 0; i < s->nsegs; i++) gtref_mem_write(gtm_mem(r->model), s->segs[i].addr, s->segs[i].bytes, s->segs[i].len);
    r->obs.engines = s->engines;
    r->obs.read_value = r->read_value;
    r->obs.read_done = r->read_done;
    r->obs.nops = s->nops;
    r->obs.reg_read = read_register;
    r->obs.user = r->model;
    r->obs.mem = gtm_mem(r->model);
    r->obs.tlb_observed = false;   /* no TLB in the command model (docs/gam.md GAM-20): `tlb` expectations are not evaluated */
    gtref_host_port port = { r, run_engines, host_read, host_write, host_mem_write, host_mem_read, host_wait, host_irq };
    int rc = gtref_host_run(&r->host, &port, r->error, sizeof r->error);
    if (rc == GTREF_HOST_RUN_UNIMPLEMENTED) r->unimplemented = true;
    if (rc) return -1;
    for (int e = 0; e < s->engines && e < GTREF_MAX_ENGINES; e++) r->obs.halted[e] = gtm_engine_halted(r->model, e);
    r->obs.irq = gtm_irq_line(r->model);
    return 0;
}

void gtref_model_run_free(gtref_model_run *r)
{
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) gtref_write_log_free(&r->obs.writes[e]);
    if (r->model) gtm_destroy(r->model);
    gtref_host_free(&r->host);
    memset(r, 0, sizeof *r);
}

long gtref_model_only_check(const gtref_stim *s, gtref_expect_failure *f, size_t max, char *err, size_t errsz)
{
    gtref_model_run r;
    long rc;
    if (gtref_model_only_run(s, &r)) {
        if (err && errsz) snprintf(err, errsz, "%s", r.error);
        rc = -1;
    } else {
        rc = (long)gtref_expect_eval_all(s, &r.obs, f, max);
    }
    gtref_model_run_free(&r);
    return rc;
}
