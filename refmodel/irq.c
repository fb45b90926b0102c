/* The interrupt logic of docs/interrupts.md (rules IRQ-n, spec decisions I1-I21): the engine's IMR gate and HWSTAM
 * status write, the Gen11 aggregator (enable before latching, per-engine collapsing register with the mask after
 * latching, double-buffered GT_INTR_DW with the read snapshot, master register and level line), the selector and
 * Shared IIR with the one-cycle Data-Valid latency, and the end of a cycle (gtm_tick).
 *
 * Effects are applied in the order the model is called. The scoreboard calls in the order of IRQ-1 (cycle contract
 * §7): the cycle's MMIO access (gtm_mmio_read/gtm_mmio_write), the engines' commits (gtm_reg_poke), the retires'
 * events (gtm_irq_event), then gtm_tick (the watchdog's event and a due presentation). Within a cycle nothing but a
 * presentation removes a bit from INST_CR, so "the value at the start of the cycle" (IRQ-9's INST_CR_q, IRQ-16's
 * INST_CR_q and MASK_q) is either the current value before the cycle's events, or what gtm_tick kept. */
#include "cs_internal.h"

static uint16_t field16(const gtm *m, unsigned ri, unsigned shift) { return (uint16_t)(m->val[0][ri] >> shift); }
static uint16_t en_field(const gtm *m, int e) { return field16(m, m->r_en[e], gtref_engines[e].intr_enable_shift); }
static uint16_t mask_field(const gtm *m, int e) { return field16(m, m->r_mask[e], gtref_engines[e].intr_mask_shift); }

void cs_irq_reset(gtm *m)
{
    cs_irq *q = &m->irq;
    *q = (cs_irq){ 0 };
    q->host_ri = q->host_e = -1;
    for (int e = 0; e < m->engines; e++) q->mask_q[e] = mask_field(m, e);
}

/* IRQ-10: a second-level event of engine e sets its bit in DW_CR while the DW is under service, else in DW_IIR. */
static void second_level(gtm *m, int e)
{
    const gtref_engine_def *ed = &gtref_engines[e];
    uint32_t bit = 1u << ed->intr_bit;
    m->irq.sl_engines |= (uint8_t)(1u << e);
    m->irq.sl_dws |= (uint8_t)(1u << ed->intr_dw);
    if (!(m->val[0][m->r_mstr] & GTREF_MSTR_IRQ_ENABLE)) m->irq.windows[GTM_IRQW_MASTER_OFF]++;
    if (m->irq.host_ri == m->r_mstr) m->irq.windows[GTM_IRQW_RACE_MASTER]++;
    if (ed->intr_dw == 1 && m->irq.host_ri == m->r_dw[1]) m->irq.windows[GTM_IRQW_RACE_DW1]++;
    if (m->irq.sv[ed->intr_dw]) m->irq.windows[GTM_IRQW_IN_SERVICE]++;
    if (m->irq.sv[ed->intr_dw]) m->irq.dw_cr[ed->intr_dw] |= bit;
    else m->val[0][m->r_dw[ed->intr_dw]] |= bit;
}

/* IRQ-6 to IRQ-9: the message s of engine e (after IMR) reaches the aggregator. */
static void message(gtm *m, int e, uint16_t s)
{
    uint16_t a = s & en_field(m, e);   /* IRQ-7: not enabled: dropped */
    if (s & ~a) m->irq.windows[GTM_IRQW_DISABLED]++;
    if (m->irq.host_ri == m->r_en[e]) m->irq.windows[GTM_IRQW_RACE_ENABLE]++;
    if (!a) return;
    int b = gtref_engines[e].intr_dw;
    if (m->irq.host_ri == m->r_mask[e]) m->irq.windows[GTM_IRQW_RACE_MASK]++;
    if (m->irq.host_ri == m->r_sel[b]) m->irq.windows[GTM_IRQW_RACE_SELECTOR]++;
    if (m->irq.pend_q[b] || m->irq.pend_d[b] || (m->val[0][m->r_ident[b]] & GTREF_INTR_DATA_VALID))
        m->irq.windows[GTM_IRQW_WHILE_SELECTED]++;
    m->irq.inst_cr[e] |= a;            /* IRQ-8: latched, held while masked */
    m->irq.latched[e] |= a;
    if (a & ~mask_field(m, e)) second_level(m, e);   /* IRQ-9: an enabled, unmasked bit */
}

void gtm_irq_event(gtm *m, int e, uint16_t bits)
{
    if (e < 0 || e >= m->engines) return;
    uint16_t s = bits & (uint16_t)~m->val[e][m->r_imr];   /* IRQ-3: masked in IMR: dropped, not held */
    if (bits & ~s) m->irq.windows[GTM_IRQW_IMR]++;
    if (bits && m->irq.host_ri == m->r_imr && m->irq.host_e == e) m->irq.windows[GTM_IRQW_RACE_IMR]++;
    if (s) message(m, e, s);
}

bool gtm_irq_line(const gtm *m)
{
    return (m->val[0][m->r_mstr] & GTREF_MSTR_IRQ_ENABLE) && (m->val[0][m->r_dw[0]] || m->val[0][m->r_dw[1]]);
}

void cs_engine_event(gtm *m, int e, uint16_t d)
{
    /* IRQ-4: IMR, HWSTAM and HWS_PGA as the engine holds them when it executes the command */
    if (d & ~m->val[e][m->r_imr] & ~m->val[e][m->r_hwstam] & 0xFFFFu) {
        uint64_t a = (uint64_t)(m->val[e][m->r_hws] & 0xFFFFF000u) + GTREF_HWSP_ISR_OFFSET;
        uint64_t q = a & ~7ull, data = (a & 4) ? (uint64_t)d << 32 : d;
        uint8_t be = (a & 4) ? 0xF0 : 0x0F;
        /* the status page is in the GGTT (docs/gam.md GAM-2, G1); a fault in hang mode abandons the command that
         * raises the event (its event with it), or, for the status write of a command ending with an error, is
         * recorded and dropped (a legal stimulus never lets the HWSP page fault: docs/gam.md §5) */
        if (!cs_engine_write(m, e, true, q, data, be)) cs_abort_on_fault(m, e);
    }
    if (m->sink.irq_event) m->sink.irq_event(m->sink.user, e, d);
}

/* The DW b a GT_INTR_DW / INTR_IDENTITY_REG / IIR_REG_SELECTOR register index belongs to, or -1. */
static int which(const uint8_t r[2], unsigned ri) { return ri == r[0] ? 0 : ri == r[1] ? 1 : -1; }

void cs_irq_side_read(gtm *m, unsigned ri, uint32_t v)
{
    int b = which(m->r_dw, ri);
    if (b >= 0 && v && !m->irq.sv[b]) m->irq.sv[b] = true;   /* IRQ-11: a non-zero read opens the window */
}

void cs_irq_host_wrote(gtm *m, unsigned ri, int e)
{
    m->irq.host_ri = (int)ri;
    m->irq.host_e = e;
}

uint32_t cs_irq_side_write(gtm *m, unsigned ri, uint32_t old, uint32_t w, uint32_t v)
{
    cs_irq *q = &m->irq;
    int b;
    if ((b = which(m->r_dw, ri)) >= 0) {          /* IRQ-12: W1C; the write that leaves it empty closes the window */
        q->dw_written |= (uint8_t)(1u << b);
        if (v == 0) {
            v = q->dw_cr[b];
            q->dw_cr[b] = 0;
            q->sv[b] = false;
        }
        return v;
    }
    if ((b = which(m->r_sel, ri)) >= 0) {         /* IRQ-15: accepted only with no identity and no presentation due */
        if ((m->val[0][m->r_ident[b]] & GTREF_INTR_DATA_VALID) || q->pend_q[b]) {
            q->windows[GTM_IRQW_SEL_REFUSED]++;
            return old;
        }
        if (w) q->pend_d[b] = true;
        return w;
    }
    if ((b = which(m->r_ident, ri)) >= 0) {       /* IRQ-17: bit 31 clears identity, selector and a due presentation */
        if (!(w & GTREF_INTR_DATA_VALID)) return old;
        m->val[0][m->r_sel[b]] = 0;               /* not a commit (IRQ-20) */
        if (q->pend_q[b]) q->windows[GTM_IRQW_PRES_CANCELLED]++;
        q->pend_q[b] = false;
        return 0;
    }
    /* a mask register (IRQ-9): unmasking a held bit makes a second-level event */
    for (int e = 0; e < m->engines; e++) {
        if (m->r_mask[e] != ri) continue;
        unsigned sh = gtref_engines[e].intr_mask_shift;
        uint16_t was = (uint16_t)(old >> sh), now = (uint16_t)(v >> sh);
        if (q->inst_cr[e] & was & ~now) {
            q->windows[GTM_IRQW_UNMASK_HELD]++;
            second_level(m, e);
        }
    }
    return v;
}

/* IRQ-16: the presentation due in this cycle, with INST_CR and MASK as the previous cycle left them. */
static void present(gtm *m, int b)
{
    cs_irq *q = &m->irq;
    uint32_t sel = m->val[0][m->r_sel[b]];   /* unchanged since the accepted write: writes are refused meanwhile */
    uint32_t id = GTREF_INTR_DATA_VALID;
    bool found = false;
    if (b == 1) q->windows[GTM_IRQW_PRES_DW1]++;
    if (sel) {
        unsigned k = (unsigned)__builtin_ctz(sel);   /* the lowest set bit (IRQ-19: not one-hot) */
        for (int e = 0; e < m->engines; e++) {
            const gtref_engine_def *ed = &gtref_engines[e];
            if (ed->intr_dw != b || ed->intr_bit != k) continue;
            uint16_t p = q->inst_q[e] & (uint16_t)~q->mask_q[e];
            found = true;
            if (!p) q->windows[GTM_IRQW_PRES_EMPTY]++;
            else if (p != q->inst_q[e]) q->windows[GTM_IRQW_PRES_HELD]++;
            id |= (uint32_t)ed->instance << GTREF_INTR_INSTANCE_SHIFT | (uint32_t)ed->klass << GTREF_INTR_CLASS_SHIFT | p;
            /* IRQ-8: INST_CR_next = (INST_CR_q & ~P) | a: bits latched in this cycle stay */
            q->inst_cr[e] = (uint16_t)((q->inst_q[e] & ~p) | q->latched[e]);
            break;
        }
    }
    if (!found) q->windows[GTM_IRQW_PRES_NO_ENGINE]++;
    m->val[0][m->r_ident[b]] = id;
}

bool gtm_tick(gtm *m)
{
    cs_irq *q = &m->irq;
    /* (c) the watchdog's event, through RCS0's IMR as the DUT holds it at the end of the cycle (IRQ-3, §5) */
    bool fired = cs_watchdog_tick(m);
    if (fired) {
        uint16_t s = GTREF_IRQ_WATCHDOG & (uint16_t)~m->wd.imr;
        if (!s) q->windows[GTM_IRQW_IMR]++;
        if (s) message(m, 0, s);
    }
    /* (d) a due presentation, unless an identity clear of this cycle cancelled it (pend_q cleared) */
    for (int b = 0; b < 2; b++) {
        if (q->pend_q[b]) present(m, b);
        q->pend_q[b] = q->pend_d[b];
        q->pend_d[b] = false;
    }
    /* the cycle's windows (coverage) */
    if (__builtin_popcount(q->sl_engines) >= 2) q->windows[GTM_IRQW_TWO_ENGINES]++;
    if (q->sl_dws & q->dw_written) q->windows[GTM_IRQW_CLEAR_AND_EVENT]++;
    q->sl_engines = q->sl_dws = q->dw_written = 0;
    q->host_ri = q->host_e = -1;
    /* the closing edge: what the next cycle starts from */
    for (int e = 0; e < m->engines; e++) {
        q->inst_q[e] = q->inst_cr[e];
        q->mask_q[e] = mask_field(m, e);
        q->latched[e] = 0;
    }
    return fired;
}

_Static_assert(sizeof ((gtm_irq_state *)0)->inst_cr / sizeof (uint16_t) == GTREF_MAX_ENGINES, "one INST_CR per engine");

void gtm_irq_get_state(const gtm *m, gtm_irq_state *st)
{
    const cs_irq *q = &m->irq;
    *st = (gtm_irq_state){ 0 };
    for (int e = 0; e < m->engines; e++) st->inst_cr[e] = q->inst_cr[e];
    for (int b = 0; b < 2; b++) {
        st->dw_cr[b] = q->dw_cr[b];
        st->sv[b] = q->sv[b];
        st->pend[b] = q->pend_q[b] || q->pend_d[b];
    }
}

void gtm_irq_windows(const gtm *m, uint64_t out[GTM_IRQ_WINDOWS])
{
    for (int k = 0; k < GTM_IRQ_WINDOWS; k++) out[k] = m->irq.windows[k];
}

/* Whether the next gtm_tick, unless the watchdog fires in it, changes nothing but the watchdog's counter and phase:
 * no commit waiting for the closing edge, no presentation due, nothing latched or raised in the current cycle, and
 * the values kept for the next cycle already equal the current ones. */
static bool tick_is_quiet(const gtm *m)
{
    const cs_irq *q = &m->irq;
    const cs_watchdog *w = &m->wd;
    if (w->ctl_pending || w->thrsh_pending || w->imr_pending) return false;
    if (q->pend_q[0] || q->pend_q[1] || q->pend_d[0] || q->pend_d[1]) return false;
    if (q->sl_engines || q->sl_dws || q->dw_written || q->host_ri >= 0) return false;
    for (int e = 0; e < m->engines; e++)
        if (q->latched[e] || q->inst_q[e] != q->inst_cr[e] || q->mask_q[e] != mask_field(m, e)) return false;
    return true;
}

uint64_t gtm_ticks(gtm *m, uint64_t n, bool until_irq, uint64_t *fired)
{
    uint64_t done = 0;
    *fired = 0;
    while (done < n) {
        /* quiet cycles up to the watchdog's next event: their only effect is on its counter and phase (the irq line
         * cannot change in them; with until_irq and the line already high, the next cycle ends the call) */
        if (tick_is_quiet(m) && !(until_irq && gtm_irq_line(m))) {
            uint64_t s = cs_watchdog_ticks_to_fire(m);
            if (s > n - done) s = n - done;
            cs_watchdog_skip(m, s);
            done += s;
            if (done == n) break;
        }
        if (gtm_tick(m)) (*fired)++;
        done++;
        if (until_irq && gtm_irq_line(m)) break;
    }
    return done;
}
