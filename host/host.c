/* The host program runtime (include/gtref/host.h; docs/stimulus-format.md §2.2): the stimulus's host operations and
 * the service routine's rounds, on the testbench's cycle port (against the DUT, one request a cycle when its MMIO
 * port is ready) and on the model-only runner's immediate port (every access completes at once, one cycle each). */
#include "gtref/host.h"
#include "gtref/regs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define READ_FINAL ((size_t)1 << 40)   /* read_op of the end-of-test read-back */
#define READ_ISR ((size_t)1 << 41)     /* read_op of a read of the interrupt service routine */

int gtref_host_init(gtref_host *h, const gtref_stim *s, int engines)
{
    memset(h, 0, sizeof *h);
    h->stim = s;
    h->read_value = calloc(s->nops + 1, sizeof *h->read_value);
    h->read_done = calloc(s->nops + 1, sizeof *h->read_done);
    h->el = calloc(1, sizeof *h->el);
    if (!h->read_value || !h->read_done || !h->el) return -1;
    if (!engines) return 0;
    /* registers read back through the MMIO port at the end of the test */
    h->final_regs = calloc(gtref_nregs * GTREF_MAX_ENGINES, sizeof *h->final_regs);
    h->final_vals = calloc(gtref_nregs * GTREF_MAX_ENGINES, sizeof *h->final_vals);
    if (!h->final_regs || !h->final_vals) return -1;
    for (size_t i = 0; i < gtref_nregs; i++) {
        const gtref_reg_def *d = &gtref_regs[i];
        if (d->flags & GTREF_REGF_ENGINE) {
            for (int e = 0; e < engines; e++)
                if (gtref_reg_present(d, e)) h->final_regs[h->nfinal++] = gtref_reg_abs(d, e);
        } else
            h->final_regs[h->nfinal++] = d->offset;
    }
    return 0;
}

void gtref_host_free(gtref_host *h)
{
    free(h->read_value);
    free(h->read_done);
    free(h->final_regs);
    free(h->final_vals);
    free(h->el);
    memset(h, 0, sizeof *h);
}

/* ---- the cycle port ---- */

void gtref_host_read_data(gtref_host *h, uint32_t rdata)
{
    if (!h->read_outstanding) return;
    h->read_outstanding = false;
    if (h->read_op == READ_ISR) {
        h->isr_rdata = rdata;
        h->isr_data_ready = true;
    } else if (h->read_op >= READ_FINAL) {
        if (h->read_op - READ_FINAL < h->nfinal) h->final_vals[h->read_op - READ_FINAL] = rdata;
    } else if (h->read_op < h->stim->nops) {
        h->read_value[h->read_op] = rdata;
        h->read_done[h->read_op] = true;
    }
}

void gtref_host_drive(gtref_host *h, bool port_ready, gtref_host_access *a)
{
    memset(a, 0, sizeof *a);
    if (h->read_outstanding || !port_ready) return;
    const gtref_stim *s = h->stim;
    uint32_t off, val = 0;
    bool is_write;
    if (h->phase == GTREF_HOST_PROGRAM && h->op < s->nops &&
        (s->ops[h->op].op == GTREF_HOST_WRITE || s->ops[h->op].op == GTREF_HOST_READ)) {
        if (s->ops[h->op].op == GTREF_HOST_READ) h->read_op = h->op;
        const gtref_host_op *op = &s->ops[h->op++];
        is_write = op->op == GTREF_HOST_WRITE;
        off = op->off;
        val = op->val;
    } else if (h->phase == GTREF_HOST_PROGRAM && h->el_active && h->el->next < h->el->n &&
               h->el->prog[h->el->next].kind == GTREF_EL_MMIO_WRITE) {
        is_write = true;   /* the execlist driver's access (host/execlist.c) */
        off = h->el->prog[h->el->next].off;
        val = h->el->prog[h->el->next++].val;
    } else if (h->phase == GTREF_HOST_PROGRAM && h->isr_active && !h->isr_issued &&
               (h->isr_act.kind == GTREF_ISR_WRITE || h->isr_act.kind == GTREF_ISR_READ)) {
        is_write = h->isr_act.kind == GTREF_ISR_WRITE;   /* the service routine's access */
        off = h->isr_act.off;
        val = h->isr_act.val;
        h->isr_issued = true;
        if (!is_write) h->read_op = READ_ISR;
    } else if (h->phase == GTREF_HOST_DRAIN_READ && h->final_next < h->nfinal) {
        is_write = false;
        h->read_op = READ_FINAL + h->final_next;
        off = h->final_regs[h->final_next++];
    } else {
        return;
    }
    *a = (gtref_host_access){ true, is_write, off, val };
    h->read_outstanding = !is_write;
}

/* A GTREF_HOST_ISR op, after the scoreboard has seen the cycle: start the routine when the line is high (ISR-1),
 * take its next action once the last one is done (a wait over, a write transferred, a read's data back). True
 * when the op is over. */
static bool isr_advance(gtref_host *h, uint64_t cycle, bool irq, const gtref_host_env *env)
{
    const gtref_host_op *op = &h->stim->ops[h->op];
    uint32_t rdata = 0;
    if (!h->isr_active) {
        if (!irq) return true;   /* nothing to serve */
        gtref_isr_begin_op(&h->isr, op, h->stim->seed, h->op);
        h->isr_active = true;
    } else {
        switch (h->isr_act.kind) {
        case GTREF_ISR_WAIT: if (cycle < h->isr_wait_until) return false; break;
        case GTREF_ISR_WRITE: if (!h->isr_issued) return false; break;
        case GTREF_ISR_READ:
            if (!h->isr_data_ready) return false;
            rdata = h->isr_rdata;
            break;
        default: break;
        }
    }
    gtref_isr_step(&h->isr, rdata, &h->isr_act);
    h->isr_issued = h->isr_data_ready = false;
    switch (h->isr_act.kind) {
    case GTREF_ISR_WAIT:
        h->isr_wait_until = cycle + h->isr_act.cycles;
        return false;
    case GTREF_ISR_WRITE:
    case GTREF_ISR_READ:
        return false;
    case GTREF_ISR_FAIL:
        env->isr_fail(env->user, h->isr_act.why);
        /* fall through */
    default:
        h->isr_active = false;
        return true;
    }
}

/* An execlist driver op (host/execlist.c), after the scoreboard has seen the cycle: its program is made when it
 * starts (from memory as it is then); memory writes are made at once, in this cycle, MMIO writes go out one a cycle
 * through gtref_host_drive. True when the op is over (a DRV check that fails ends it: the test fails). */
static bool el_advance(gtref_host *h, const gtref_host_env *env)
{
    gtref_el_driver *d = h->el;
    if (!h->el_active) {
        char why[256];
        if (!env->mem_read || !env->el_fail) {
            if (env->el_fail) env->el_fail(env->user, "execlist driver: the testbench gives the host no memory read");
            return true;
        }
        if (gtref_el_begin(d, &h->stim->ops[h->op], h->stim->engines, env->mem_read, env->user, why, sizeof why)) {
            env->el_fail(env->user, why);
            return true;
        }
        h->el_active = true;
    }
    while (d->next < d->n && d->prog[d->next].kind == GTREF_EL_MEM_WRITE) {
        const gtref_el_access *a = &d->prog[d->next++];
        env->mem_write(env->user, a->addr, a->data, a->be);
    }
    if (d->next < d->n) return false;
    h->el_active = false;
    return true;
}

/* GTREF_HOST_EL_WAIT on the cycle port: a poll of the CSB (DRV-4) in the op's first cycle and in every cycle after
 * the last poll's read-pointer write (if it made one) is done, until the driver has no submission the CSB has not
 * reported active; after `cycles` cycles without that the test fails. True when the op is over. */
static bool el_wait_advance(gtref_host *h, uint64_t cycle, const gtref_host_env *env)
{
    gtref_el_driver *d = h->el;
    const gtref_host_op *op = &h->stim->ops[h->op];
    char why[512];
    if (h->el_active) {
        if (d->next < d->n) return false;   /* the read pointer write goes out through gtref_host_drive */
        h->el_active = false;
    } else {
        if (!env->mem_read || !env->el_fail) {
            if (env->el_fail) env->el_fail(env->user, "execlist driver: the testbench gives the host no memory read");
            return true;
        }
        if (gtref_el_begin(d, op, h->stim->engines, env->mem_read, env->user, why, sizeof why)) {
            env->el_fail(env->user, why);
            return true;
        }
        if (d->next < d->n) { h->el_active = true; return false; }
    }
    if (d->wait_met) return true;
    if (cycle - h->op_start >= op->cycles) {
        gtref_el_wait_timeout(d, op, h->op, why, sizeof why);
        env->el_fail(env->user, why);
        return true;
    }
    return false;
}

bool gtref_host_advance(gtref_host *h, uint64_t cycle, bool irq, const gtref_host_env *env)
{
    if (h->read_outstanding) return false;
    switch (h->phase) {
    case GTREF_HOST_PROGRAM:
        if (h->op >= h->stim->nops) { h->phase = GTREF_HOST_DRAIN_IDLE; h->op_start = cycle; return false; }
        break;
    case GTREF_HOST_DRAIN_IDLE:
        /* from the next cycle on: a write in this cycle reaches the DUT only at its closing edge */
        if (cycle > h->op_start && env->dut_quiescent(env->user) && env->model_quiescent(env->user))
            h->phase = GTREF_HOST_DRAIN_READ;
        return false;
    case GTREF_HOST_DRAIN_READ:
        return h->final_next >= h->nfinal && env->model_quiescent(env->user);
    default:
        return false;
    }
    const gtref_host_op *op = &h->stim->ops[h->op];
    if (!h->op_started) { h->op_started = true; h->op_start = cycle; }
    bool next = false;
    switch (op->op) {
    case GTREF_HOST_WAIT:
        next = cycle - h->op_start >= op->cycles;
        break;
    case GTREF_HOST_WAIT_IDLE:
        next = cycle > h->op_start && env->dut_quiescent(env->user) && env->model_quiescent(env->user);
        break;
    case GTREF_HOST_WAIT_IRQ:
        next = irq || cycle - h->op_start >= op->cycles;  /* a timeout is not an error */
        break;
    case GTREF_HOST_WRITE:
    case GTREF_HOST_READ:
        h->op_started = false;  /* gtref_host_drive issues it when the port is ready */
        return false;
    case GTREF_HOST_ISR:
        next = isr_advance(h, cycle, irq, env);
        break;
    case GTREF_HOST_MEM_WRITE:   /* a page-table change (docs/gam.md §5): in this cycle */
        env->mem_write(env->user, op->addr, op->data, (uint8_t)op->val);
        next = true;
        break;
    case GTREF_HOST_EL_INIT: case GTREF_HOST_EL_CONTEXT: case GTREF_HOST_EL_CTX_REG:
    case GTREF_HOST_EL_SUBMIT: case GTREF_HOST_EL_RESUBMIT: case GTREF_HOST_EL_CSB:
        next = el_advance(h, env);
        break;
    case GTREF_HOST_EL_WAIT:
        next = el_wait_advance(h, cycle, env);
        break;
    default:
        next = true;
        break;
    }
    if (next) { h->op++; h->op_started = false; }
    return false;
}

void gtref_host_end(gtref_host *h) { h->phase = GTREF_HOST_DONE; }
bool gtref_host_done(const gtref_host *h) { return h->phase == GTREF_HOST_DONE; }

uint32_t gtref_host_final_register(void *user, uint32_t off)
{
    const gtref_host *h = user;
    for (size_t i = 0; i < h->nfinal; i++)
        if (h->final_regs[i] == off) return h->final_vals[i];
    return 0;
}

/* ---- the immediate port ---- */

/* One host operation (docs/stimulus-format.md §2.2): one cycle per access, wait N = N cycles, wait_idle one cycle
 * (the engines already ran), wait_irq N: one cycle when the line is already high, else until a cycle leaves it
 * high, at most N. */
static void run_op(gtref_host *h, const gtref_host_port *p, const gtref_host_op *op, size_t i)
{
    switch (op->op) {
    case GTREF_HOST_WRITE:
        p->write(p->user, op->off, op->val);
        break;
    case GTREF_HOST_READ:
        h->read_value[i] = p->read(p->user, op->off);
        h->read_done[i] = true;
        break;
    case GTREF_HOST_WAIT:
        p->wait(p->user, op->cycles, false);
        break;
    case GTREF_HOST_WAIT_IRQ:
        if (!p->irq(p->user)) p->wait(p->user, op->cycles ? op->cycles : 1, true);
        else p->wait(p->user, 1, false);
        break;
    case GTREF_HOST_MEM_WRITE:   /* a page-table change (docs/gam.md §5), in its one cycle */
        p->mem_write(p->user, op->addr, op->data, (uint8_t)op->val);
        p->wait(p->user, 1, false);
        break;
    default:   /* wait_idle: the engines already ran as far as they can; only the operation's cycle passes */
        p->wait(p->user, 1, false);
        break;
    }
}

/* Host op i, GTREF_HOST_ISR: one round of the service routine (docs/interrupts.md §3) if the line is high (ISR-1):
 * each access one cycle, each delay its cycles, the engines settled before every access. An operation made of
 * several accesses is a sequence of them here, deciding each step from the values read. */
static int run_isr(gtref_host *h, const gtref_host_port *p, size_t i, char *err, size_t errsz)
{
    if (!p->irq(p->user)) { p->wait(p->user, 1, false); return 0; }
    gtref_isr_action *a = &h->isr_act;
    uint32_t rdata = 0;
    gtref_isr_begin_op(&h->isr, &h->stim->ops[i], h->stim->seed, i);
    for (;;) {
        gtref_isr_step(&h->isr, rdata, a);
        if (a->kind == GTREF_ISR_DONE) return 0;
        if (a->kind == GTREF_ISR_FAIL) {
            snprintf(err, errsz, "host op %zu: %s", i, a->why);
            return GTREF_HOST_RUN_ERROR;
        }
        if (a->kind == GTREF_ISR_WAIT) { p->wait(p->user, a->cycles, false); continue; }
        if (p->settle(p->user)) return GTREF_HOST_RUN_ERROR;
        if (a->kind == GTREF_ISR_WRITE) p->write(p->user, a->off, a->val);
        else rdata = p->read(p->user, a->off);
    }
}

/* Host op i, an execlist driver op (host/execlist.c): its memory writes at once, its MMIO writes one a cycle, the
 * engines settled before each; an op of memory writes alone takes one cycle. */
static int run_el(gtref_host *h, const gtref_host_port *p, size_t i, char *err, size_t errsz)
{
    gtref_el_driver *d = h->el;
    char why[256];
    if (gtref_el_begin(d, &h->stim->ops[i], h->stim->engines, p->mem_read, p->user, why, sizeof why)) {
        snprintf(err, errsz, "host op %zu: %s", i, why);
        return GTREF_HOST_RUN_ERROR;
    }
    bool mmio = false;
    for (; d->next < d->n; d->next++) {
        const gtref_el_access *a = &d->prog[d->next];
        if (a->kind == GTREF_EL_MEM_WRITE) { p->mem_write(p->user, a->addr, a->data, a->be); continue; }
        if (mmio && p->settle(p->user)) return GTREF_HOST_RUN_ERROR;   /* the first access: settled by the caller */
        p->write(p->user, a->off, a->val);
        mmio = true;
    }
    if (!mmio) p->wait(p->user, 1, false);
    return 0;
}

/* Host op i, GTREF_HOST_EL_WAIT: polls of the CSB (DRV-4), the engines settled before each, one cycle each (a poll
 * that reads an entry also writes the read pointer, its cycle), until every submission has been reported active;
 * after op->cycles cycles without that, the error of the cycle port. */
static int run_el_wait(gtref_host *h, const gtref_host_port *p, size_t i, char *err, size_t errsz)
{
    gtref_el_driver *d = h->el;
    const gtref_host_op *op = &h->stim->ops[i];
    char why[512];
    for (uint64_t t = 0;;) {
        if (t && p->settle(p->user)) return GTREF_HOST_RUN_ERROR;
        if (gtref_el_begin(d, op, h->stim->engines, p->mem_read, p->user, why, sizeof why)) {
            snprintf(err, errsz, "host op %zu: %s", i, why);
            return GTREF_HOST_RUN_ERROR;
        }
        bool mmio = false;
        for (; d->next < d->n; d->next++) {
            if (mmio && p->settle(p->user)) return GTREF_HOST_RUN_ERROR;
            p->write(p->user, d->prog[d->next].off, d->prog[d->next].val);
            mmio = true;
            t++;
        }
        if (!mmio) { p->wait(p->user, 1, false); t++; }
        if (d->wait_met) return 0;
        if (t >= op->cycles) {
            gtref_el_wait_timeout(d, op, i, why, sizeof why);
            snprintf(err, errsz, "%s", why);
            return GTREF_HOST_RUN_ERROR;
        }
    }
}

int gtref_host_run(gtref_host *h, const gtref_host_port *p, char *err, size_t errsz)
{
    const gtref_stim *s = h->stim;
    for (h->op = 0; h->op < s->nops; h->op++) {
        size_t i = h->op;
        if (p->settle(p->user)) return GTREF_HOST_RUN_ERROR;
        const gtref_host_op *op = &s->ops[i];
        if ((op->op == GTREF_HOST_WRITE || op->op == GTREF_HOST_READ) && !gtref_reg_lookup(op->off, s->engines, NULL)) {
            char name[64];   /* docs/commands.md §1: reported, never a silent 0 */
            const gtref_spec_reg *sr = gtref_spec_reg_find(op->off, s->engines, name, sizeof name);
            if (sr) snprintf(err, errsz, "unimplemented: host op %zu accesses %s (%s), which the kit does not implement", i, name, sr->source);
            else snprintf(err, errsz, "unimplemented: host op %zu accesses offset 0x%08x, which no volume names and the kit lacks", i, op->off);
            return GTREF_HOST_RUN_UNIMPLEMENTED;
        }
        if (gtref_el_host_op(op)) {
            int rc = op->op == GTREF_HOST_EL_WAIT ? run_el_wait(h, p, i, err, errsz) : run_el(h, p, i, err, errsz);
            if (rc) return rc;
            continue;
        }
        if (op->op == GTREF_HOST_ISR) {
            int rc = run_isr(h, p, i, err, errsz);
            if (rc) return rc;
            continue;
        }
        run_op(h, p, op, i);
    }
    if (p->settle(p->user)) return GTREF_HOST_RUN_ERROR;
    h->phase = GTREF_HOST_DONE;
    return 0;
}
