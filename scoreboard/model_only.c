/* The model-only runner (include/gtref/model_only.h): the host program on the reference model, engines run
 * to quiescence before every host operation, the RCS0 watchdog on the host program's time. Used by
 * `gtref check` and the unit tests. */
#include "gtref/model_only.h"
#include "gtref/cmds.h"
#include "gtref/engines.h"
#include "gtref/host_isr.h"
#include "gtref/regs.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void on_write(void *u, int e, uint64_t addr, uint64_t data, uint8_t be)
{
    gtref_model_run *r = u;
    if (e >= 0 && e < GTREF_MAX_ENGINES && gtref_write_log_add(&r->obs.writes[e], addr, be, data) && !r->error[0])
        snprintf(r->error, sizeof r->error, "out of memory (write log)");
}

/* PR_CTR_CTL/THRSH commits (an engine's or the host's) reach the watchdog as they happen (others are ignored). */
static void on_commit(void *u, int e, uint32_t off, uint32_t val)
{
    (void)e;
    gtref_model_run *r = u;
    gtm_watchdog_commit(r->model, off, val);
}

static void on_irq(void *u, int e, uint16_t bits)
{
    gtref_model_run *r = u;
    if (e >= 0 && e < GTREF_MAX_ENGINES) r->pending_irq[e] |= bits;
}

static uint32_t read_register(void *user, uint32_t off) { return gtm_mmio_read(user, off, NULL); }

/* n cycles of the host program's time (the watchdog's clock); with until_irq, stop after the cycle that leaves the
 * interrupt line high. */
static void advance(gtref_model_run *r, uint64_t n, bool until_irq)
{
    for (uint64_t i = 0; i < n; i++) {
        bool clocks = gtm_reg_peek(r->model, gtref_engines[0].base + GTREF_PR_CTR_CTL) & GTREF_WDOG_COUNT_CLOCKS;
        if (gtm_tick(r->model) && r->cov)
            gtref_cov_event(r->cov, 0, clocks ? GTREF_COV_WDOG_CLOCKS : GTREF_COV_WDOG_PERIODS);
        r->cycles++;
        if (until_irq && gtm_irq_line(r->model)) return;
    }
}

static int run_engines(const gtref_stim *s, gtref_model_run *r);

/* Host op i, GTREF_HOST_ISR: one round of the service routine on the model if its line is high (ISR-1), each
 * access one cycle and each delay its cycles, the engines run to quiescence before every access. */
static int run_isr(const gtref_stim *s, gtref_model_run *r, size_t i)
{
    if (!gtm_irq_line(r->model)) { advance(r, 1, false); return 0; }
    gtref_isr isr;
    gtref_isr_action a;
    uint32_t rdata = 0;
    gtref_isr_begin(&isr, s->ops[i].cycles, s->ops[i].val, s->seed ^ (0x697372ull << 32) ^ i);
    for (;;) {
        gtref_isr_step(&isr, rdata, &a);
        if (a.kind == GTREF_ISR_DONE) return 0;
        if (a.kind == GTREF_ISR_FAIL) {
            snprintf(r->error, sizeof r->error, "host op %zu: %s", i, a.why);
            return -1;
        }
        if (a.kind == GTREF_ISR_WAIT) { advance(r, a.cycles, false); continue; }
        if (run_engines(s, r)) return -1;
        if (a.kind == GTREF_ISR_WRITE) gtm_mmio_write(r->model, a.off, a.val);
        else rdata = gtm_mmio_read(r->model, a.off, NULL);
        advance(r, 1, false);
    }
}

/* Every engine, one command at a time in turn, until none can go on. */
static int run_engines(const gtref_stim *s, gtref_model_run *r)
{
    int engines = gtm_engines(r->model);
    bool progress = true;
    gtm_retire cmd;
    while (progress) {
        progress = false;
        for (int e = 0; e < engines; e++) {
            int st = gtm_step(r->model, e, &cmd);
            if (st == GTM_UNIMPLEMENTED) {
                r->unimplemented = true;
                snprintf(r->error, sizeof r->error, "unimplemented: %s on %s at 0x%" PRIx64 " (docs/commands.md)",
                         cmd.note, gtref_engines[e].name, cmd.addr);
                return -1;
            }
            bool sigwait = cmd.len == 4 && !cmd.nooped && gtref_cmd_find(cmd.dw[0]) == &gtref_cmds[GTREF_CMD_MI_SEMAPHORE_WAIT] &&
                           !GTREF_GET(cmd.dw, MI_SEMAPHORE_WAIT_POLL);
            if (st == GTM_STALLED && sigwait) r->sigwait_stalled[e] = true;
            if (st != GTM_RETIRED && st != GTM_ERROR) continue;
            if (st == GTM_RETIRED && sigwait && r->cov)
                gtref_cov_event(r->cov, e, r->sigwait_stalled[e] ? GTREF_COV_SIGWAIT_WOKEN : GTREF_COV_SIGWAIT_MET);
            if (st == GTM_RETIRED && sigwait) r->sigwait_stalled[e] = false;
            if (r->cov) gtref_cov_sample(r->cov, e, &cmd);
            progress = true;
            r->commands++;
            if (st == GTM_ERROR) r->obs.errors[e]++;
            if (r->pending_irq[e]) gtm_irq_event(r->model, e, r->pending_irq[e]);
            r->pending_irq[e] = 0;
        }
        if (r->error[0]) return -1;
        if (r->commands > s->max_cycles) {
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
    r->model = gtm_create(s->engines);
    r->read_value = calloc(s->nops ? s->nops : 1, sizeof *r->read_value);
    r->read_done = calloc(s->nops ? s->nops : 1, sizeof *r->read_done);
    if (!r->model || !r->read_value || !r->read_done) {
        snprintf(r->error, sizeof r->error, "out of memory");
        return -1;
    }
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
    for (size_t i = 0; i < s->nops; i++) {
        if (run_engines(s, r)) return -1;
        const gtref_host_op *op = &s->ops[i];
        if ((op->op == GTREF_HOST_WRITE || op->op == GTREF_HOST_READ) && !gtref_reg_lookup(op->off, s->engines, NULL)) {
            char name[64];   /* docs/commands.md §1: reported, never a silent 0 */
            const gtref_spec_reg *sr = gtref_spec_reg_find(op->off, s->engines, name, sizeof name);
            r->unimplemented = true;
            if (sr) snprintf(r->error, sizeof r->error, "unimplemented: host op %zu accesses %s (%s), which the kit does not implement", i, name, sr->source);
            else snprintf(r->error, sizeof r->error, "unimplemented: host op %zu accesses offset 0x%08x, which no volume names and the kit lacks", i, op->off);
            return -1;
        }
        /* wait, wait_idle, wait_irq: the engines already ran as far as they can; only time passes */
        if (op->op == GTREF_HOST_WRITE) {
            gtm_mmio_write(r->model, op->off, op->val);
        } else if (op->op == GTREF_HOST_READ) {
            r->read_value[i] = gtm_mmio_read(r->model, op->off, NULL);
            r->read_done[i] = true;
        }
        if (op->op == GTREF_HOST_ISR) {
            if (run_isr(s, r, i)) return -1;
            continue;
        }
        if (op->op == GTREF_HOST_WAIT) advance(r, op->cycles, false);
        else if (op->op == GTREF_HOST_WAIT_IRQ && !gtm_irq_line(r->model)) advance(r, op->cycles ? op->cycles : 1, true);
        else advance(r, 1, false);
    }
    if (run_engines(s, r)) return -1;
    for (int e = 0; e < s->engines && e < GTREF_MAX_ENGINES; e++) r->obs.halted[e] = gtm_engine_halted(r->model, e);
    r->obs.irq = gtm_irq_line(r->model);
    return 0;
}

void gtref_model_run_free(gtref_model_run *r)
{
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) gtref_write_log_free(&r->obs.writes[e]);
    if (r->model) gtm_destroy(r->model);
    free(r->read_value);
    free(r->read_done);
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
