/* The reference model's handle: register file, MMIO (the interrupt registers' side effects are in irq.c).
 * The command streamer is in cs_engine.c (fetch and dispatch) and the cs_*.c command files.
 * Behaviour is specified in docs/cycle-contract.md, docs/commands.md and docs/spec-decisions.md. */
#include "cs_internal.h"

#include <stdlib.h>
#include <string.h>

static int reg_index(const char *name)
{
    const gtref_reg_def *d = gtref_reg_by_name(name);
    return d ? (int)(d - gtref_regs) : -1;
}

/* Index of the engine register at engine-relative offset rel, or -1. */
static int eng_index(const gtm *m, uint32_t rel)
{
    return rel < ENG_SPAN && m->eng_idx[rel >> 2] != NO_REG ? m->eng_idx[rel >> 2] : -1;
}

gtm *gtm_create(int engines)
{
    if (engines < 1 || engines > GTREF_MAX_ENGINES || gtref_nregs > MAX_REGS || gtref_nregs >= NO_REG) return NULL;
    gtm *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->engines = engines;
    m->mem = gtref_mem_create();
    if (!m->mem) { free(m); return NULL; }
    /* the GGTT's entries (docs/gam.md GAM-4): writes there are counted apart, for the translation cache (cs_xlate.c) */
    gtref_mem_watch(m->mem, GTREF_GSM_BASE, GTREF_GSM_BASE + (GTREF_GGTT_RANGE >> GTREF_PAGE_SHIFT) * 8u);
    for (int e = 0; e < GTREF_MAX_ENGINES; e++)
        for (size_t i = 0; i < gtref_nregs; i++) m->val[e][i] = gtref_reg_reset(&gtref_regs[i], e);
    memset(m->eng_idx, NO_REG, sizeof m->eng_idx);
    for (size_t i = 0; i < gtref_nregs; i++) {
        const gtref_reg_def *d = &gtref_regs[i];
        if (!(d->flags & GTREF_REGF_ENGINE)) continue;
        if (d->offset >= ENG_SPAN || (d->offset & 3u)) goto fail;
        m->eng_idx[d->offset >> 2] = (uint8_t)i;
    }
    int idx[] = {
        reg_index("RING_TAIL"), reg_index("RING_HEAD"), reg_index("RING_START"), reg_index("RING_CTL"),
        reg_index("EIR"), reg_index("EMR"), reg_index("ESR"), reg_index("GFX_MSTR_IRQ"),
        reg_index("GT_INTR_DW0"), reg_index("GT_INTR_DW1"),
        eng_index(m, GTREF_HWS_PGA), eng_index(m, GTREF_NOPID), eng_index(m, GTREF_BB_ADDR),
        eng_index(m, GTREF_BB_ADDR_UDW), eng_index(m, GTREF_BB_STATE), eng_index(m, GTREF_SBB_ADDR),
        eng_index(m, GTREF_SBB_ADDR_UDW), eng_index(m, GTREF_SBB_STATE),
        eng_index(m, GTREF_MI_PREDICATE_SRC0), eng_index(m, GTREF_MI_PREDICATE_SRC0 + 4), eng_index(m, GTREF_MI_PREDICATE_SRC1),
        eng_index(m, GTREF_MI_PREDICATE_SRC1 + 4), eng_index(m, GTREF_MI_PREDICATE_DATA), eng_index(m, GTREF_MI_PREDICATE_DATA + 4),
        eng_index(m, GTREF_MI_PREDICATE_RESULT), eng_index(m, GTREF_MI_PREDICATE_RESULT_2), eng_index(m, GTREF_MI_PREDICATE_RESULT_1),
    };
    uint8_t *dst[] = {
        &m->r_tail, &m->r_head, &m->r_start, &m->r_ctl, &m->r_eir, &m->r_emr, &m->r_esr, &m->r_mstr,
        &m->r_dw[0], &m->r_dw[1], &m->r_hws, &m->r_nopid, &m->r_bb_addr, &m->r_bb_udw, &m->r_bb_state,
        &m->r_sbb_addr, &m->r_sbb_udw, &m->r_sbb_state, &m->r_pred_src0[0], &m->r_pred_src0[1],
        &m->r_pred_src1[0], &m->r_pred_src1[1], &m->r_pred_data[0], &m->r_pred_data[1], &m->r_pred_result,
        &m->r_pred_result2, &m->r_pred_result1,
    };
    for (size_t k = 0; k < sizeof idx / sizeof idx[0]; k++) {
        if (idx[k] < 0) goto fail;
        *dst[k] = (uint8_t)idx[k];
    }
    for (unsigned k = 0; k < GTREF_FORCE_TO_NONPRIV_COUNT; k++) {
        int i = eng_index(m, GTREF_FORCE_TO_NONPRIV0 + 4u * k);
        if (i < 0) goto fail;
        m->r_nonpriv[k] = (uint8_t)i;
    }
    for (unsigned k = 0; k < 32; k++) {
        int i = eng_index(m, GTREF_CS_GPR0 + 4u * k);
        if (i < 0) goto fail;
        m->r_gpr[k] = (uint8_t)i;
    }
    if (!gtref_reg_by_name("PR_CTR_CTL") || !gtref_reg_by_name("PR_CTR_THRSH")) goto fail;
    int iidx[] = {
        eng_index(m, GTREF_IMR), eng_index(m, GTREF_HWSTAM), eng_index(m, GTREF_IPEHR),
        reg_index("INTR_IDENTITY_REG0"), reg_index("INTR_IDENTITY_REG1"),
        reg_index("IIR_REG_SELECTOR0"), reg_index("IIR_REG_SELECTOR1"),
    };
    uint8_t *idst[] = { &m->r_imr, &m->r_hwstam, &m->r_ipehr, &m->r_ident[0], &m->r_ident[1], &m->r_sel[0], &m->r_sel[1] };
    for (size_t k = 0; k < sizeof iidx / sizeof iidx[0]; k++) {
        if (iidx[k] < 0) goto fail;
        *idst[k] = (uint8_t)iidx[k];
    }
    int xidx[] = {   /* translation (docs/gam.md §2) */
        eng_index(m, GTREF_PDP0_LDW), eng_index(m, GTREF_PDP0_UDW), eng_index(m, GTREF_PP_DCLV),
        eng_index(m, GTREF_RING_MODE), reg_index("GAB_CTL_REG"), reg_index("GFX_ARB_ERROR_RPT"),
    };
    uint8_t *xdst[] = { &m->r_pdp0_ldw, &m->r_pdp0_udw, &m->r_dclv, &m->r_ring_mode, &m->r_gab_ctl, &m->r_arb_err };
    for (size_t k = 0; k < sizeof xidx / sizeof xidx[0]; k++) {
        if (xidx[k] < 0) goto fail;
        *xdst[k] = (uint8_t)xidx[k];
    }
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) {   /* the engine's fault register (G10) */
        const gtref_reg_def *fr = gtref_reg_lookup(gtref_fault_reg(e), 1, NULL);
        if (!fr) goto fail;
        m->r_fr[e] = (uint8_t)(fr - gtref_regs);
    }
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) {   /* EN[e], MASK[e] (docs/interrupts.md §1, I2) */
        const gtref_reg_def *en = gtref_reg_lookup(gtref_engines[e].intr_enable_reg, 1, NULL);
        const gtref_reg_def *mk = gtref_reg_lookup(gtref_engines[e].intr_mask_reg, 1, NULL);
        if (!en || !mk) goto fail;
        m->r_en[e] = (uint8_t)(en - gtref_regs);
        m->r_mask[e] = (uint8_t)(mk - gtref_regs);
    }
    if (!cs_el_init(m)) goto fail;
    cs_watchdog_reset(m);
    cs_irq_reset(m);
    return m;
fail:
    gtm_destroy(m);
    return NULL;
}

void gtm_destroy(gtm *m)
{
    if (!m) return;
    gtref_mem_destroy(m->mem);
    free(m);
}

int gtm_engines(const gtm *m) { return m->engines; }
gtref_mem *gtm_mem(gtm *m) { return m->mem; }
void gtm_set_sink(gtm *m, const gtm_sink *sink) { m->sink = *sink; }

void gtm_commit(gtm *m, int e, int src, unsigned ri, uint32_t v)
{
    int ee = e < 0 ? 0 : e;
    m->val[ee][ri] = v;
    if (m->sink.reg_commit) {
        const gtref_reg_def *d = &gtref_regs[ri];   /* gtref_reg_abs, inline: one call less per commit */
        m->sink.reg_commit(m->sink.user, src, (d->flags & GTREF_REGF_ENGINE) ? gtref_engines[ee].base + d->offset : d->offset, v);
    }
}

/* ---------------- MMIO ---------------- */

static uint32_t read_value(const gtm *m, const gtref_reg_def *d, int e)
{
    unsigned i = (unsigned)(d - gtref_regs);
    uint32_t v = m->val[e < 0 ? 0 : e][i];
    if (i == m->r_mstr)
        v = (v & GTREF_MSTR_IRQ_ENABLE) | (m->val[0][m->r_dw[1]] ? 2u : 0u) | (m->val[0][m->r_dw[0]] ? 1u : 0u);
    else if (i == m->r_els_lo || i == m->r_els_hi)
        v = cs_el_status(m, e, i);   /* derived, never stored (docs/execlists.md EL-13) */
    return v;
}

/* A read that transfers: the value before the cycle's effects, and the read's own side effect (IRQ-11). */
uint32_t gtm_mmio_read(gtm *m, uint32_t off, bool *known)
{
    int e;
    const gtref_reg_def *d = gtref_reg_lookup(off, m->engines, &e);
    if (known) *known = d != NULL;
    if (!d) return 0;
    uint32_t v = read_value(m, d, e);
    if (d->flags & GTREF_REGF_SIDE) cs_irq_side_read(m, (unsigned)(d - gtref_regs), v);
    return v;
}

uint32_t gtm_reg_peek(const gtm *m, uint32_t off)
{
    int e;
    const gtref_reg_def *d = gtref_reg_lookup(off, m->engines, &e);
    return d ? read_value(m, d, e) : 0;
}

void gtm_reg_poke(gtm *m, uint32_t off, uint32_t val)
{
    int e;
    const gtref_reg_def *d = gtref_reg_lookup(off, m->engines, &e);
    if (d) m->val[e < 0 ? 0 : e][d - gtref_regs] = val;
}

void gtm_mmio_write(gtm *m, uint32_t off, uint32_t val)
{
    int e;
    const gtref_reg_def *d = gtref_reg_lookup(off, m->engines, &e);
    if (d && e >= 0 && (unsigned)(d - gtref_regs) == m->r_el_ctrl) {   /* a trigger, not stored: no commit (EL-11) */
        cs_el_control_write(m, e, val);
        return;
    }
    if (!d || !(gtref_reg_rw(d, e) || d->w1c_mask)) return;
    unsigned i = (unsigned)(d - gtref_regs);
    uint32_t old = m->val[e < 0 ? 0 : e][i], v = gtref_reg_apply_write_engine(d, e, old, val);
    cs_irq_host_wrote(m, i, e);
    /* the interrupt registers' own effects; the commit reports the register as this write alone leaves it (IRQ-20) */
    if (d->flags & GTREF_REGF_SIDE) v = cs_irq_side_write(m, i, old, val, v);
    gtm_commit(m, e, GTM_HOST, i, v);
    /* only a write of the write-pointer field (its mask bits 19:16) moves the pointer the CSB steps number from; the
     * read pointer is the host's (EL-21) and may be written at any time, also between a step's pointer write and its
     * commits, while the register still shows the previous value (docs/execlists.md §8) */
    if (i == m->r_csp && e >= 0 && (val >> 16 & GTREF_CSB_WRITE_PTR_MASK)) cs_el_csp_written(m, e, v);
}
