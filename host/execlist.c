/* The execlist host driver (include/gtref/host.h; docs/execlists.md §10, DRV-1 to DRV-5): each GTREF_HOST_EL_* op
 * as the short program of host accesses an i915-like driver makes, and the driver's own record of what it
 * submitted, against which it checks every CSB entry it services (DRV-4). */
#include "gtref/el_image.h"
#include "gtref/host.h"
#include "gtref/regs.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool gtref_el_host_op(const gtref_host_op *op) { return op->op >= GTREF_HOST_EL_INIT && op->op <= GTREF_HOST_EL_WAIT; }

static void mmio(gtref_el_driver *d, int e, uint32_t rel, uint32_t val)
{
    d->prog[d->n++] = (gtref_el_access){ GTREF_EL_MMIO_WRITE, 0, gtref_engines[e].base + rel, val, 0, 0 };
}

static void memw(gtref_el_driver *d, uint64_t addr, uint64_t data, uint8_t be)
{
    d->prog[d->n++] = (gtref_el_access){ GTREF_EL_MEM_WRITE, be, 0, 0, addr, data };
}

/* A dword of memory: the qword at a & ~7, its lane. */
static uint32_t rd32(uint64_t (*rd)(void *, uint64_t), void *u, uint64_t a)
{
    uint64_t q = rd(u, a & ~7ull);
    return (uint32_t)(a & 4 ? q >> 32 : q);
}

static int fail(char *why, size_t sz, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *why, size_t sz, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sz, fmt, ap);
    va_end(ap);
    return -1;
}

/* DRV-3: the submit queue, element 1 then element 0, low then high, then the Load; the driver queues the submission
 * until the CSB reports it active. */
static int submit(gtref_el_driver *d, int e, uint64_t d0, uint64_t d1, bool replace, char *why, size_t sz)
{
    gtref_el_engine *g = &d->eng[e];
    if (!g->init) return fail(why, sz, "execlist driver: %s submission before el_init (docs/execlists.md DRV-1)", gtref_engines[e].name);
    if (replace && (!g->nq || !(d0 & 1)))
        return fail(why, sz, "execlist driver: el_submit %s replace: expected a submission the CSB has not reported to "
                    "replace and element 0 valid, found %u unreported and element 0 %s (docs/execlists.md §10, EL-11)",
                    gtref_engines[e].name, g->nq, d0 & 1 ? "valid" : "invalid");
    if (replace) g->nq--;   /* EL-11 step 3, E2: the replaced submission is dropped without a CSB entry */
    if (g->nq >= GTREF_EL_QUEUE)
        return fail(why, sz, "execlist driver: %s has %u submissions the CSB has not reported (service it: el_csb)",
                    gtref_engines[e].name, g->nq);
    mmio(d, e, GTREF_EXECLIST_SQ_LO1, (uint32_t)d1);
    mmio(d, e, GTREF_EXECLIST_SQ_HI1, (uint32_t)(d1 >> 32));
    mmio(d, e, GTREF_EXECLIST_SQ_LO0, (uint32_t)d0);
    mmio(d, e, GTREF_EXECLIST_SQ_HI0, (uint32_t)(d0 >> 32));
    mmio(d, e, GTREF_EXECLIST_CONTROL, 1);
    if (!(d0 & 1)) return 0;   /* element 0 invalid: the Load is ignored (EL-12), nothing will be reported */
    g->queue[g->nq][0] = (uint32_t)(d0 >> 32);
    g->queue[g->nq][1] = (uint32_t)(d1 >> 32);
    g->qn[g->nq++] = d1 & 1 ? 2 : 1;
    return 0;
}

static void make_active(gtref_el_engine *g)
{
    g->active[0] = g->queue[0][0];
    g->active[1] = g->queue[0][1];
    g->nactive = g->qn[0];
    g->elem = 0;
    g->nq--;
    memmove(g->queue[0], g->queue[1], g->nq * sizeof g->queue[0]);
    memmove(g->qn, g->qn + 1, g->nq * sizeof g->qn[0]);
}

/* DRV-4: the entries from head + 1 to the status page's write pointer, each checked against the driver's record;
 * then the read pointer (always for el_csb; for el_wait's polls only when an entry was read). */
static int service_csb(gtref_el_driver *d, int e, uint64_t (*rd)(void *, uint64_t), void *u, char *why, size_t sz,
                       bool poll)
{
    gtref_el_engine *g = &d->eng[e];
    const char *en = gtref_engines[e].name;
    if (!g->init) return fail(why, sz, "execlist driver: %s CSB serviced before el_init (docs/execlists.md DRV-1)", en);
    uint32_t wp = rd32(rd, u, g->hwsp + 0xBCu);   /* EL-23: the write pointer dword at HWSP + 0xBC */
    bool any = g->head != wp;
    if (wp > 11)
        return fail(why, sz, "execlist driver: %s status page write pointer %" PRIu32 " (0..11, docs/execlists.md EL-21, EL-23)", en, wp);
    while (g->head != wp) {
        unsigned i = g->head == 11 ? 0 : g->head + 1;
        uint64_t q = rd(u, g->hwsp + 0x40u + 8u * i);
        uint32_t lo = (uint32_t)q, id = (uint32_t)(q >> 32);
        uint32_t expect;
        const char *what;
        if (lo == 0x00000001u) {                       /* IDLE_TO_ACTIVE: ID 0 (EL-20) */
            expect = 0, what = "0 (idle to active, EL-20)";
            if (!g->nq) return fail(why, sz, "execlist driver: %s CSB entry %u (0x%08" PRIx32 " / 0x%08" PRIx32 "): idle to "
                                    "active with no submission outstanding (docs/execlists.md DRV-4)", en, i, lo, id);
        } else if (lo == 0x00000002u || lo == 0x00008002u || lo == 0x00000014u || lo == 0x00000018u) {
            expect = g->nactive ? g->active[g->elem] : 0;
            what = "the active element's";
            if (!g->nactive) return fail(why, sz, "execlist driver: %s CSB entry %u (0x%08" PRIx32 " / 0x%08" PRIx32 ") with no "
                                         "context active (docs/execlists.md DRV-4)", en, i, lo, id);
        } else {
            return fail(why, sz, "execlist driver: %s CSB entry %u low dword 0x%08" PRIx32 " is none of the kit's events "
                        "(docs/execlists.md EL-20)", en, i, lo);
        }
        if (id != expect)
            return fail(why, sz, "execlist driver: %s CSB entry %u (0x%08" PRIx32 " / 0x%08" PRIx32 "): context ID 0x%08" PRIx32
                        " unexpected, expected 0x%08" PRIx32 " (%s; docs/execlists.md DRV-4)", en, i, lo, id, id, expect, what);
        g->seen[lo == 0x00000001u ? 0 : lo == 0x00000002u ? 1 : lo == 0x00008002u ? 2 : lo == 0x00000014u ? 3 : 4]++;
        if (i == 0 && g->head == 11) g->seen[5]++;
        if (lo == 0x00000001u) make_active(g);
        else if (lo & 0x2u) {                          /* PREEMPTED (lite restore too): the pending one is active */
            if (!g->nq) return fail(why, sz, "execlist driver: %s CSB entry %u (0x%08" PRIx32 " / 0x%08" PRIx32 "): preempted "
                                    "with no submission outstanding (docs/execlists.md DRV-4)", en, i, lo, id);
            make_active(g);
        } else if (lo & 0x4u) {                        /* COMPLETE | ELEMENT_SWITCH */
            if (g->elem + 1 >= g->nactive)
                return fail(why, sz, "execlist driver: %s CSB entry %u: element switch out of the last element "
                            "(docs/execlists.md DRV-4, EL-15)", en, i);
            g->elem++;
        } else {
            g->nactive = 0;                            /* COMPLETE | ACTIVE_TO_IDLE */
        }
        g->head = i;
    }
    if (!poll || any) mmio(d, e, GTREF_CONTEXT_STATUS_PTR, 0x0F000000u | g->head << 8);   /* the read pointer */
    return 0;
}

int gtref_el_begin(gtref_el_driver *d, const gtref_host_op *op, int engines,
                   uint64_t (*rd)(void *user, uint64_t addr), void *u, char *why, size_t sz)
{
    d->n = d->next = 0;
    int e;
    switch (op->op) {
    case GTREF_HOST_EL_INIT: {   /* DRV-1 (digest L33-38; S.2 of docs/execlists-vectors.md: IMR bit 8 unmasked) */
        e = (int)op->off;
        if (e >= engines) return fail(why, sz, "el_init: engine %d of a %d-engine test", e, engines);
        mmio(d, e, GTREF_HWSTAM, 0xFFFFFFFFu);
        mmio(d, e, GTREF_HWS_PGA, op->val);
        mmio(d, e, GTREF_CONTEXT_STATUS_PTR, 0xFFFF0B0Bu);
        mmio(d, e, GTREF_IMR, 0xFFFFFEFFu);
        mmio(d, e, GTREF_RING_MODE, 0x00080008u);
        /* the status page's write-pointer dword := 11, as the register's (docs/execlists.md DRV-1 clarification) */
        memw(d, (op->val + 0xB8u) & ~7ull, (uint64_t)11 << 32, 0xF0);
        gtref_el_engine *g = &d->eng[e];
        memset(g, 0, sizeof *g);
        g->init = true;
        g->hwsp = op->val;
        g->head = 11;
        return 0;
    }
    case GTREF_HOST_EL_CONTEXT: {   /* DRV-2: the whole register-state page, in one cycle */
        e = (int)(op->val & 0xFF);
        if (e >= engines) return fail(why, sz, "el_context: engine %d of a %d-engine test", e, engines);
        uint32_t dw[GTREF_EL_IMAGE_DWORDS];
        gtref_el_image_build(dw, e, op->val >> 8 & GTREF_EL_CTX_RESTORE_INHIBIT ? GTREF_EL_CTX_CTL_RESTORE_INHIBIT : GTREF_EL_CTX_CTL,
                             (uint32_t)op->data, (uint32_t)(op->data >> 32));
        for (unsigned k = 0; k < GTREF_EL_IMAGE_DWORDS; k += 2)
            memw(d, op->addr + GTREF_EL_RS_PAGE + 4u * k, (uint64_t)dw[k + 1] << 32 | dw[k], 0xFF);
        return 0;
    }
    case GTREF_HOST_EL_CTX_REG: {   /* DRV-2: one named value, in its slot of the class's layout */
        const gtref_reg_def *r = gtref_reg_lookup(op->val, engines, &e);
        int k = r && e >= 0 ? gtref_el_image_slot(e, op->val - gtref_engines[e].base) : -1;
        if (k < 0) return fail(why, sz, "el_ctx_reg: offset 0x%08" PRIx32 " is no register an image of its engine restores "
                               "(docs/execlists.md §3.2)", op->val);
        uint64_t a = op->addr + GTREF_EL_RS_PAGE + 4u * (unsigned)k;
        memw(d, a & ~7ull, a & 4 ? op->data << 32 : op->data, a & 4 ? 0xF0 : 0x0F);
        return 0;
    }
    case GTREF_HOST_EL_SUBMIT:   /* DRV-3; with GTREF_EL_SUBMIT_REPLACE the test-only replacing Load (§10) */
        e = (int)(op->val & 0xFF);
        if (e >= engines) return fail(why, sz, "el_submit: engine %d of a %d-engine test", e, engines);
        return submit(d, e, op->addr, op->data, op->val >> 8 & GTREF_EL_SUBMIT_REPLACE, why, sz);
    case GTREF_HOST_EL_RESUBMIT: {   /* DRV-5: the new tail into DW 0x07, then [X, 0], Force Restore when it does not move */
        e = (int)op->val;
        if (e >= engines) return fail(why, sz, "el_resubmit: engine %d of a %d-engine test", e, engines);
        uint64_t lrca = op->addr & 0xFFFFF000u;
        uint64_t slot = lrca + GTREF_EL_RS_PAGE + 4u * 0x07;   /* RING_TAIL's value slot (§3.2) */
        uint32_t old = rd32(rd, u, slot);
        memw(d, slot & ~7ull, (uint64_t)(uint32_t)op->data << 32, 0xF0);
        uint64_t desc = op->addr | ((uint32_t)op->data == old ? GTREF_EL_DESC_FORCE_RESTORE : 0);
        return submit(d, e, desc, 0, false, why, sz);
    }
    case GTREF_HOST_EL_CSB:
        e = (int)op->off;
        if (e >= engines) return fail(why, sz, "el_csb: engine %d of a %d-engine test", e, engines);
        return service_csb(d, e, rd, u, why, sz, false);
    case GTREF_HOST_EL_WAIT:   /* one poll of el_wait: DRV-4, then whether the driver has nothing left to learn */
        e = (int)op->off;
        if (e >= engines) return fail(why, sz, "el_wait: engine %d of a %d-engine test", e, engines);
        if (service_csb(d, e, rd, u, why, sz, true)) return -1;
        /* every submission reported active, and its last element running (or the engine idle): every context the
         * driver submitted is running with its switch-in reported, or switched out (docs/execlists.md §8) */
        d->wait_met = d->eng[e].nq == 0 && (d->eng[e].nactive == 0 || d->eng[e].elem + 1 >= d->eng[e].nactive);
        return 0;
    default:
        return fail(why, sz, "not an execlist driver op: %u", op->op);
    }
}

void gtref_el_wait_timeout(const gtref_el_driver *d, const gtref_host_op *op, size_t op_index, char *why, size_t sz)
{
    int e = op->off < GTREF_MAX_ENGINES ? (int)op->off : 0;
    const gtref_el_engine *g = &d->eng[e];
    snprintf(why, sz, "el_wait (host op %zu): %s: after %" PRIu32 " cycles the CSB has still not reported %u submission(s) "
             "active (the oldest: element 0 context ID 0x%08" PRIx32 ") and element %u of %u of the active one runs; expected "
             "every submission reported (IDLE_TO_ACTIVE, PREEMPTED) and its last element switched in within the bound "
             "(docs/stimulus-format.md §2, docs/execlists.md DRV-4); the driver's last CSB entry read is %u; replay the "
             "test to see the engine's last switch", op_index, gtref_engines[e].name, op->cycles,
             g->nq, g->nq ? g->queue[0][0] : 0u, g->elem + 1, g->nactive, g->head);
}
