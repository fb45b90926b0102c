/* Execlists, logical contexts and preemption in the model (docs/execlists.md): the submission state of EL-9, the Load
 * (EL-10 to EL-12), EXECLIST_STATUS (EL-13), the decisions of EL-14 to EL-19, the context image's restore (EL-2 to
 * EL-4, EL-6 to EL-8) and save (EL-5), the lite restore (EL-17), the CSB step (EL-20 to EL-24), broken images and image
 * faults (EL-27), in the order of EL-28.
 *
 * The model runs ahead of the DUT (cycle contract §7) but never past a decision (docs/execlists.md §7): the state that
 * EXECLIST_STATUS shows and the decisions read (slots, cur, elem, arb, the switch flag) change only in the calls the
 * caller makes in the DUT's cycles (gtm_mmio_write of a Load, gtm_el_retire, gtm_el_arb_point, gtm_el_switch_end); a
 * decided switch is made by the next gtm_step, which reports its writes, commits and events on the sink as a
 * command's. */
#include "cs_internal.h"

#include <stdio.h>
#include <string.h>

/* ---------------- the kit's image layout (docs/execlists.md §3.2, §3.3) ---------------- */

enum { IMG_RING = 0, IMG_ENGINE = 1, IMG_EXT = 2 };   /* ring context, engine context, RCS0's predicate extension */

typedef struct img_reg {
    uint16_t dw;     /* the value slot's DW in the register state page */
    uint16_t rel;    /* the register's engine-relative offset */
    uint8_t part;    /* IMG_* */
    bool rcs_only;   /* only RCS0's image carries it (CCID, PR_CTR_CTL/THRSH: W1; the extension) */
} img_reg;

/* In ascending DW order: the save's order (EL-5). */
static const img_reg img_regs[] = {
    {0x03, 0x244, IMG_RING, false}, {0x05, 0x034, IMG_RING, false}, {0x07, 0x030, IMG_RING, false},
    {0x09, 0x038, IMG_RING, false}, {0x0B, 0x03C, IMG_RING, false}, {0x0D, 0x168, IMG_RING, false},
    {0x0F, 0x140, IMG_RING, false}, {0x11, 0x110, IMG_RING, false}, {0x13, 0x11C, IMG_RING, false},
    {0x15, 0x114, IMG_RING, false}, {0x17, 0x118, IMG_RING, false}, {0x19, 0x1C0, IMG_RING, false},
    {0x1B, 0x1C4, IMG_RING, false}, {0x1D, 0x1C8, IMG_RING, false}, {0x1F, 0x180, IMG_RING, true},
    {0x23, 0x3A8, IMG_RING, false}, {0x25, 0x28C, IMG_RING, false}, {0x27, 0x288, IMG_RING, false},
    {0x29, 0x284, IMG_RING, false}, {0x2B, 0x280, IMG_RING, false}, {0x2D, 0x27C, IMG_RING, false},
    {0x2F, 0x278, IMG_RING, false}, {0x31, 0x274, IMG_RING, false}, {0x33, 0x270, IMG_RING, false},
    {0x57, 0x0C0, IMG_ENGINE, false}, {0x59, 0x178, IMG_ENGINE, true}, {0x5B, 0x17C, IMG_ENGINE, true},
    {0x65, 0x158, IMG_ENGINE, false}, {0x67, 0x41C, IMG_ENGINE, false},
#define GPR(n) {0x69 + 2 * (n), 0x600 + 4 * (n), IMG_ENGINE, false}
    GPR(0), GPR(1), GPR(2), GPR(3), GPR(4), GPR(5), GPR(6), GPR(7), GPR(8), GPR(9), GPR(10), GPR(11), GPR(12),
    GPR(13), GPR(14), GPR(15), GPR(16), GPR(17), GPR(18), GPR(19), GPR(20), GPR(21), GPR(22), GPR(23), GPR(24),
    GPR(25), GPR(26), GPR(27), GPR(28), GPR(29), GPR(30), GPR(31),
#undef GPR
    {0xA9, 0x068, IMG_ENGINE, false},
    {0xB3, 0x400, IMG_EXT, true}, {0xB5, 0x404, IMG_EXT, true}, {0xB7, 0x408, IMG_EXT, true},
    {0xB9, 0x40C, IMG_EXT, true}, {0xBB, 0x410, IMG_EXT, true}, {0xBD, 0x414, IMG_EXT, true},
    {0xBF, 0x418, IMG_EXT, true},
};
#define N_IMG_REGS (sizeof img_regs / sizeof img_regs[0])

static bool img_present(const img_reg *x, int e) { return !x->rcs_only || e == 0; }

/* The image register of engine e at engine-relative offset rel (§3.3), or NULL: any other target is skipped (EL-2). */
static const img_reg *img_find(int e, uint32_t rel)
{
    for (size_t k = 0; k < N_IMG_REGS; k++)
        if (img_regs[k].rel == rel && img_present(&img_regs[k], e)) return &img_regs[k];
    return NULL;
}

#define REG_STATE 0x1000u          /* the register state page follows the PPHWSP (§3) */
#define DESC_LRCA(d) ((uint64_t)((uint32_t)(d) & 0xFFFFF000u))
#define DESC_ID(d) ((uint32_t)((d) >> 32))
#define CSB_LITE_RESTORE_ENTRY 0x00008002u

/* ---------------- init, registers ---------------- */

static int eidx(const gtm *m, uint32_t rel) { return m->eng_idx[rel >> 2] != NO_REG ? m->eng_idx[rel >> 2] : -1; }

bool cs_el_init(gtm *m)
{
    static const uint32_t csb_off[12] = { 0x370, 0x378, 0x380, 0x388, 0x390, 0x398, 0x3C0, 0x3C8, 0x3D0, 0x3D8, 0x3E0, 0x3E8 };
    int v[] = { eidx(m, GTREF_RING_CONTEXT_CONTROL), eidx(m, GTREF_INSTPM), eidx(m, GTREF_EXECLIST_STATUS_LO),
                eidx(m, GTREF_EXECLIST_STATUS_HI), eidx(m, GTREF_EXECLIST_CONTROL), eidx(m, GTREF_CONTEXT_STATUS_PTR),
                eidx(m, GTREF_EXECLIST_SQ_LO0), eidx(m, GTREF_EXECLIST_SQ_HI0), eidx(m, GTREF_EXECLIST_SQ_LO1),
                eidx(m, GTREF_EXECLIST_SQ_HI1) };
    uint8_t *d[] = { &m->r_ring_ctx_ctl, &m->r_instpm, &m->r_els_lo, &m->r_els_hi, &m->r_el_ctrl, &m->r_csp,
                     &m->r_sq[0], &m->r_sq[1], &m->r_sq[2], &m->r_sq[3] };
    for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) {
        if (v[k] < 0) return false;
        *d[k] = (uint8_t)v[k];
    }
    for (int i = 0; i < 12; i++) {
        int lo = eidx(m, csb_off[i]), hi = eidx(m, csb_off[i] + 4u);
        if (lo < 0 || hi < 0) return false;
        m->r_csb_lo[i] = (uint8_t)lo;
        m->r_csb_hi[i] = (uint8_t)hi;
    }
    for (size_t k = 0; k < N_IMG_REGS; k++)
        if (eidx(m, img_regs[k].rel) < 0) return false;
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
        memset(&m->el[e], 0, sizeof m->el[e]);
        m->el[e].arb = true;   /* reset 1 (EL-9) */
        m->el[e].wp = (uint8_t)(m->val[e][m->r_csp] & GTREF_CSB_WRITE_PTR_MASK);
    }
    return true;
}

bool gtm_el_mode(const gtm *m, int e) { return cs_el_mode(m, e); }

/* EL-13, read as the state stands (the caller applies every change in the DUT's cycle). */
uint32_t cs_el_status(const gtm *m, int e, unsigned ri)
{
    const cs_el *x = &m->el[e];
    bool cv = x->valid[x->cur];
    if (ri == m->r_els_hi) return cv ? DESC_ID(x->desc[x->cur][x->elem]) : 0u;
    uint32_t v = x->cur;
    v |= (uint32_t)(cv ? x->cur ^ 1u : x->cur) << 1;
    if (x->valid[0] && x->valid[1]) v |= 1u << 2;
    if (x->valid[1]) v |= 1u << 3;
    if (x->valid[0]) v |= 1u << 4;
    if (cv) v |= (uint32_t)(x->elem + 1u) << 14;
    if (x->arb) v |= 1u << 16;
    if (x->valid[1] && x->cur == 1) v |= 1u << 17;
    if (x->valid[0] && x->cur == 0) v |= 1u << 18;
    return v;
}

void cs_el_csp_written(gtm *m, int e, uint32_t v)
{
    m->el[e].wp = (uint8_t)(v & GTREF_CSB_WRITE_PTR_MASK);   /* a legal stimulus does it only while idle (§8) */
}

bool cs_el_idle(const gtm *m, int e)
{
    const cs_el *x = &m->el[e];
    return !x->valid[0] && !x->valid[1] && !x->switching && !x->active && x->sw == GTM_EL_NONE && !x->await &&
           !x->wait_end && !x->note[0];
}

bool gtm_el_tlb_edge(gtm *m, int e)
{
    bool t = m->el[e].tlb;
    m->el[e].tlb = false;
    return t;
}

/* ---------------- decisions (DUT time) ---------------- */

static uint64_t running(const cs_el *x) { return x->desc[x->cur][x->elem]; }

static int queue(cs_el *x, int kind, uint64_t old, uint64_t nw, bool full_restore)
{
    x->sw = (uint8_t)kind;
    x->sw_old = old;
    x->sw_new = nw;
    x->switching = true;
    if (full_restore) {   /* EL-26, EL-7 (arb), at the decision edge */
        x->tlb = true;
        x->arb = true;
    }
    return kind;
}

/* EL-14: slot cur starts from idle. */
static int start(cs_el *x)
{
    x->elem = 0;
    return queue(x, GTM_EL_START, 0, x->desc[x->cur][0], true);
}

/* EL-15: the running context ran dry. */
static int decide_dry(cs_el *x)
{
    uint64_t old = running(x);
    if (x->elem == 0 && (x->desc[x->cur][1] & 1u)) {
        x->elem = 1;
        return queue(x, GTM_EL_ELEMENT_SWITCH, old, x->desc[x->cur][1], true);
    }
    x->valid[x->cur] = false;
    if (x->valid[x->cur ^ 1]) {
        x->cur ^= 1;
        x->elem = 0;
        return queue(x, GTM_EL_END_PENDING, old, x->desc[x->cur][0], true);
    }
    return queue(x, GTM_EL_END, old, 0, false);
}

/* EL-16, EL-17: an arbitration point. */
static int decide_arb(cs_el *x)
{
    if (!x->arb || !x->valid[x->cur ^ 1]) return GTM_EL_NONE;
    uint64_t old = running(x), p = x->desc[x->cur ^ 1][0];
    bool same = DESC_LRCA(p) == DESC_LRCA(old) && DESC_ID(p) == DESC_ID(old);   /* §2.2 */
    x->valid[x->cur] = false;
    x->cur ^= 1;
    x->elem = 0;
    if (same && !(p & 6u)) return queue(x, GTM_EL_LITE_RESTORE, old, p, false);   /* no Force (PD) Restore */
    return queue(x, GTM_EL_PREEMPT, old, p, true);
}

int gtm_el_retire(gtm *m, int e, const gtm_retire *r)
{
    cs_el *x = &m->el[e];
    if (r->status != GTM_RETIRED || r->len == 0) return GTM_EL_NONE;
    /* MI_ARB_ON_OFF: arb from its Arbitration Enable bit at its retire, in both modes (EL-13, §9) */
    if ((r->dw[0] & 0xFF800000u) == (0x08u << 23) && !r->nooped && !r->priv_violation) x->arb = (r->dw[0] & 1u) != 0;
    if (!r->el_point || !cs_el_mode(m, e)) return GTM_EL_NONE;
    x->await = false;
    if (r->el_point & GTM_EL_DRY) return decide_dry(x);   /* running dry wins over the arbitration point (EL-15) */
    return decide_arb(x);
}

int gtm_el_arb_point(gtm *m, int e)
{
    cs_el *x = &m->el[e];
    if (!cs_el_mode(m, e) || !x->active || x->switching || x->sw != GTM_EL_NONE) return GTM_EL_NONE;
    return decide_arb(x);
}

int gtm_el_switch_end(gtm *m, int e)
{
    cs_el *x = &m->el[e];
    if (!x->wait_end) return GTM_EL_NONE;
    x->wait_end = false;
    x->switching = false;
    if (x->end_dry) return decide_dry(x);                 /* EL-19: the restored context is dry */
    if (!x->active && x->valid[x->cur]) return start(x);  /* a Load that came during the switch to idle */
    return GTM_EL_NONE;
}

/* EL-11, EL-12: a host write of EXECLIST_CONTROL. */
void cs_el_control_write(gtm *m, int e, uint32_t val)
{
    cs_el *x = &m->el[e];
    if (!(val & GTREF_EL_CTRL_LOAD) || !cs_el_mode(m, e)) return;
    uint64_t d0 = (uint64_t)m->val[e][m->r_sq[1]] << 32 | m->val[e][m->r_sq[0]];
    uint64_t d1 = (uint64_t)m->val[e][m->r_sq[3]] << 32 | m->val[e][m->r_sq[2]];
    if (!(d0 & 1u)) return;   /* EL-12: ignored entirely */
    /* §2.2: unimplemented descriptor fields end the test at the Load, before anything else happens */
    for (int k = 0; k < 2; k++) {
        uint64_t d = k ? d1 : d0;
        if (!(d & 1u)) continue;
        const char *what = ((d >> 3) & 3u) == 1u ? "addressing mode 1 (legacy 32-bit)"
                         : (d & 0x20u) ? "L3/LLC coherent"
                         : (d & 0xC0u) ? "fault handling"
                         : !(d & 0x100u) ? "privilege 0"
                         : (d & 0xE00u) ? "reserved bits 11:9" : NULL;
        if (what) {
            snprintf(x->note, sizeof x->note, "execlist descriptor element %d %.40s", k, what);
            return;
        }
    }
    if (!x->valid[x->cur]) {
        x->valid[x->cur] = true;
        x->desc[x->cur][0] = d0;
        x->desc[x->cur][1] = d1;
        x->elem = 0;
        if (!x->switching) start(x);   /* else at the end of the switch to idle (EL-19) */
    } else {
        int p = x->cur ^ 1;   /* fills the pending slot, replacing a pending submission (E2) */
        x->valid[p] = true;
        x->desc[p][0] = d0;
        x->desc[p][1] = d1;
    }
}

/* ---------------- the switch (model time, the next gtm_step) ---------------- */

/* An image access faulted in hang mode (EL-27): the fault record was made; ESR/EIR bit 4, halt. */
static void image_fault(gtm *m, int e, gtm_retire *r)
{
    const cs_fault *f = &m->eng[e].fault;
    r->fault = true;
    r->fault_type = f->type;
    r->fault_client = f->client;
    r->fault_ggtt = f->ggtt;
    r->fault_va = f->va;
    r->el_broken = true;
    cs_error_chain(m, e, GTREF_ERR_PAGE_TABLE, false, 0);
}

static bool write_dword(gtm *m, int e, uint64_t a, uint32_t v)
{
    uint64_t q = a & ~7ull;
    return (a & 4) ? cs_engine_write(m, e, true, q, (uint64_t)v << 32, 0xF0) : cs_engine_write(m, e, true, q, v, 0x0F);
}

/* EL-5, EL-6: the save of the context whose LRCA is lrca, at the class's positions. */
static bool save(gtm *m, int e, uint64_t lrca, gtm_retire *r)
{
    const cs_engine *g = &m->eng[e];
    bool inhibit = (m->val[e][m->r_ring_ctx_ctl] & GTREF_CTX_CTRL_SAVE_INHIBIT) != 0;   /* E21 */
    for (size_t k = 0; k < N_IMG_REGS; k++) {
        const img_reg *x = &img_regs[k];
        if (!img_present(x, e) || x->rel == GTREF_RING_TAIL) continue;   /* RING_TAIL is software's (E16) */
        if (x->part != IMG_RING && inhibit) continue;
        unsigned ri = m->eng_idx[x->rel >> 2];
        uint32_t v = m->val[e][ri];
        if (ri == m->r_ring_ctx_ctl || ri == m->r_instpm) v = 0xFFFF0000u | (v & 0xFFFFu);   /* masked (E16) */
        /* EL-6: the batch state */
        if (g->level == CS_BB1) {
            if (ri == m->r_bb_addr) v = (uint32_t)g->bb_addr[CS_BB1];
            else if (ri == m->r_bb_udw) v = (uint32_t)(g->bb_addr[CS_BB1] >> 32) & 0xFFFFu;
            else if (ri == m->r_bb_state) v |= 1u;
        } else if (g->level == CS_BB2) {
            if (ri == m->r_bb_addr) v = (uint32_t)g->bb_addr[CS_BB1];   /* the first-level return address */
            else if (ri == m->r_bb_udw) v = (uint32_t)(g->bb_addr[CS_BB1] >> 32) & 0xFFFFu;
            else if (ri == m->r_bb_state) v |= 1u;
            else if (ri == m->r_sbb_addr) v = (uint32_t)g->bb_addr[CS_BB2];
            else if (ri == m->r_sbb_udw) v = (uint32_t)(g->bb_addr[CS_BB2] >> 32) & 0xFFFFu;
            else if (ri == m->r_sbb_state) v |= 1u;
        }
        if (!write_dword(m, e, lrca + REG_STATE + 4u * x->dw, v)) {
            image_fault(m, e, r);
            return false;
        }
    }
    return true;
}

/* EL-4: load one image register from a restore pair. */
static void load(gtm *m, int e, unsigned ri, uint32_t v)
{
    const gtref_reg_def *d = &gtref_regs[ri];
    uint32_t old = m->val[e][ri], nv;
    if (d->access == GTREF_ACC_MASKED) {
        nv = gtref_reg_apply_write_engine(d, e, old, v);
    } else {
        uint32_t s = d->cmp_mask;
        if (ri == m->r_bb_state || ri == m->r_sbb_state) s &= ~1u;   /* the kit bit (EL-6): taken, not stored */
        nv = (v & s) | (old & ~s);
    }
    gtm_commit(m, e, e, ri, nv);
}

/* EL-2 to EL-4, EL-6 to EL-8, EL-27: the full restore of the context at lrca. Returns false when it ended the engine. */
static bool restore(gtm *m, int e, uint64_t lrca, gtm_retire *r)
{
    cs_engine *g = &m->eng[e];
    uint64_t pa;
    cs_fault *f = &m->eng[e].fault;
    /* one translation for the page (every line of it is in the same page; the first read faults if any does) */
    if (!cs_xlate_access(m, e, GTREF_CLIENT_DR, true, lrca + REG_STATE, &pa, f)) {
        image_fault(m, e, r);
        return false;
    }
    uint32_t base = gtref_engines[e].base;
    unsigned k = 0;
    bool bb_lvl = false, sbb_lvl = false;
    for (;;) {
        if (k >= 0x400u) {   /* the page ended without MI_BATCH_BUFFER_END: broken (IPEHR := 0) */
            r->el_broken = true;
            cs_error_chain(m, e, GTREF_ERR_INSTRUCTION, true, 0);
            return false;
        }
        /* E21: RESTORE_INHIBIT as loaded so far ends the restore at the first command boundary at or after DW 0x50 */
        if (k >= 0x50u && (m->val[e][m->r_ring_ctx_ctl] & GTREF_CTX_CTRL_RESTORE_INHIBIT)) break;
        uint32_t dw = gtref_mem_read32(m->mem, pa + 4u * k);
        if (dw == 0) { k++; continue; }
        if (dw == 0x05000000u || dw == 0x05000001u) break;
        bool lri = (dw >> 23) == 0x22u && !(dw & ~(0xFF800000u | (1u << 19) | (1u << 12) | 0xFFu)) && (dw & 1u);
        unsigned n = (dw & 0xFFu) / 2u + 1u;
        if (!lri || k + 2u * n > 0x3FFu) {   /* not NOOP, LRI or BBE, or an LRI running past the page: broken */
            r->el_broken = true;
            cs_error_chain(m, e, GTREF_ERR_INSTRUCTION, true, dw);
            return false;
        }
        bool rel = (dw >> 19) & 1u;
        for (unsigned p = 0; p < n; p++) {
            uint32_t off = gtref_mem_read32(m->mem, pa + 4u * (k + 1u + 2u * p));
            uint32_t val = gtref_mem_read32(m->mem, pa + 4u * (k + 2u + 2u * p));
            uint32_t abs = rel ? base + (off & 0xFFCu) : off & 0x7FFFFCu;   /* C38 */
            if (abs < base || abs - base >= ENG_SPAN) continue;
            const img_reg *x = img_find(e, abs - base);
            if (!x) continue;   /* not an image register of this engine: skipped */
            unsigned ri = m->eng_idx[x->rel >> 2];
            if (ri == m->r_bb_state) bb_lvl = val & 1u;
            if (ri == m->r_sbb_state) sbb_lvl = val & 1u;
            load(m, e, ri, val);
        }
        k += 1u + 2u * n;
    }
    /* EL-6: the level and the heads; EL-7: MI_SET_PREDICATE's mode */
    g->level = sbb_lvl ? CS_BB2 : bb_lvl ? CS_BB1 : CS_RING;
    g->bb_addr[CS_BB1] = (uint64_t)(m->val[e][m->r_bb_udw] & 0xFFFFu) << 32 | m->val[e][m->r_bb_addr];
    g->bb_addr[CS_BB2] = (uint64_t)(m->val[e][m->r_sbb_udw] & 0xFFFFu) << 32 | m->val[e][m->r_sbb_addr];
    g->bb_ppgtt[CS_BB1] = (m->val[e][m->r_bb_state] & GTREF_BB_STATE_PPGTT) != 0;
    g->bb_ppgtt[CS_BB2] = (m->val[e][m->r_sbb_state] & GTREF_BB_STATE_PPGTT) != 0;
    g->set_pred = 0;
    return true;
}

/* EL-17: the lite restore's one read and its RING_TAIL commit. */
static bool lite_restore(gtm *m, int e, uint64_t lrca, gtm_retire *r)
{
    uint64_t pa;
    if (!cs_xlate_access(m, e, GTREF_CLIENT_DR, true, lrca + REG_STATE, &pa, &m->eng[e].fault)) {
        image_fault(m, e, r);
        return false;
    }
    uint32_t t = gtref_mem_read32(m->mem, pa + 4u * 0x07u);
    const gtref_reg_def *d = &gtref_regs[m->r_tail];
    gtm_commit(m, e, e, m->r_tail, gtref_reg_apply_write_engine(d, e, m->val[e][m->r_tail], t));
    return true;
}

/* EL-20 to EL-24: one CSB step. The CSB registers are reported, not stored (EL-31: the caller stores them at the
 * DUT's matched commits). */
static bool csb_step(gtm *m, int e, uint32_t low, uint32_t high, gtm_retire *r)
{
    cs_el *x = &m->el[e];
    uint8_t i = x->wp < 11 ? (uint8_t)(x->wp + 1) : 0;   /* EL-21 */
    x->wp = i;
    uint64_t hwsp = m->val[e][m->r_hws] & 0xFFFFF000u;
    bool ok = cs_engine_write(m, e, true, hwsp + 0x40u + 8u * i, (uint64_t)high << 32 | low, 0xFF) &&
              cs_engine_write(m, e, true, hwsp + 0xB8u, (uint64_t)i << 32, 0xF0);
    if (ok && (GTREF_IRQ_CONTEXT_SWITCH & ~m->val[e][m->r_imr] & ~m->val[e][m->r_hwstam] & 0xFFFFu))
        ok = write_dword(m, e, hwsp + GTREF_HWSP_ISR_OFFSET, GTREF_IRQ_CONTEXT_SWITCH);   /* IRQ-4 */
    if (!ok) {
        image_fault(m, e, r);
        return false;
    }
    if (m->sink.reg_commit) {
        uint32_t base = gtref_engines[e].base;
        m->sink.reg_commit(m->sink.user, e, base + gtref_regs[m->r_csb_lo[i]].offset, low);
        m->sink.reg_commit(m->sink.user, e, base + gtref_regs[m->r_csb_hi[i]].offset, high);
        m->sink.reg_commit(m->sink.user, e, base + GTREF_CONTEXT_STATUS_PTR,
                           (m->val[e][m->r_csp] & ~(uint32_t)GTREF_CSB_WRITE_PTR_MASK) | i);
    }
    if (m->sink.irq_event) m->sink.irq_event(m->sink.user, e, GTREF_IRQ_CONTEXT_SWITCH);
    r->el_csb_steps++;
    return true;
}

static bool ring_dry(const gtm *m, int e)
{
    return m->eng[e].level == CS_RING &&
           (!(m->val[e][m->r_ctl] & GTREF_CTL_ENABLE) ||
            (m->val[e][m->r_head] & GTREF_HEAD_OFFSET_MASK) == (m->val[e][m->r_tail] & GTREF_TAIL_OFFSET_MASK));
}

/* The switch decided last, made now (EL-14 to EL-18, in EL-28's order). */
static int make_switch(gtm *m, int e, gtm_retire *r)
{
    cs_el *x = &m->el[e];
    int kind = x->sw;
    x->sw = GTM_EL_NONE;
    r->status = GTM_SWITCH;
    uint64_t old = x->sw_old, nw = x->sw_new;
    bool ok = true, to_idle = kind == GTM_EL_END;
    if (kind == GTM_EL_LITE_RESTORE) {
        ok = lite_restore(m, e, DESC_LRCA(old), r) && csb_step(m, e, CSB_LITE_RESTORE_ENTRY, DESC_ID(old), r);
    } else {
        if (kind != GTM_EL_START) ok = save(m, e, DESC_LRCA(old), r);
        if (ok && !to_idle) ok = restore(m, e, DESC_LRCA(nw), r);
        if (ok) switch (kind) {
        case GTM_EL_START: ok = csb_step(m, e, GTREF_CSB_IDLE_TO_ACTIVE, 0, r); break;
        case GTM_EL_ELEMENT_SWITCH: ok = csb_step(m, e, GTREF_CSB_COMPLETE | GTREF_CSB_ELEMENT_SWITCH, DESC_ID(old), r); break;
        case GTM_EL_END: ok = csb_step(m, e, GTREF_CSB_COMPLETE | GTREF_CSB_ACTIVE_TO_IDLE, DESC_ID(old), r); break;
        case GTM_EL_END_PENDING:
            ok = csb_step(m, e, GTREF_CSB_COMPLETE | GTREF_CSB_ACTIVE_TO_IDLE, DESC_ID(old), r) &&
                 csb_step(m, e, GTREF_CSB_IDLE_TO_ACTIVE, 0, r);
            break;
        case GTM_EL_PREEMPT: ok = csb_step(m, e, GTREF_CSB_PREEMPTED, DESC_ID(old), r); break;
        default: break;
        }
    }
    if (!ok) {   /* EL-27: the switch never ends; the engine is halted */
        x->active = false;
        return GTM_SWITCH;
    }
    x->active = !to_idle;
    x->end_dry = x->active && ring_dry(m, e);
    x->wait_end = true;
    return GTM_SWITCH;
}

int cs_el_step(gtm *m, int e, gtm_retire *r, bool make)
{
    cs_el *x = &m->el[e];
    r->addr = 0;
    r->len = 0;
    r->note[0] = 0;
    r->nooped = r->tlb_invalidate = r->fault = r->fault_ggtt = r->priv_violation = false;
    r->fault_type = r->fault_client = 0;
    r->fault_va = 0;
    r->el_point = r->el_csb_steps = 0;
    r->el_broken = false;
    r->in_batch = m->eng[e].level != CS_RING;
    r->level = m->eng[e].level;
    if (m->eng[e].halted) return GTM_HALTED;
    if (x->note[0]) {   /* a Load with an unimplemented descriptor field (section 2.2) */
        snprintf(r->note, sizeof r->note, "%s", x->note);
        return GTM_UNIMPLEMENTED;
    }
    if (x->sw != GTM_EL_NONE) return make ? make_switch(m, e, r) : GTM_SWITCH;
    if (x->await || (x->wait_end && x->end_dry)) return GTM_EL_WAIT;
    if (!x->active) return x->wait_end ? GTM_EL_WAIT : GTM_IDLE;
    return -1;
}

void cs_el_retired(gtm *m, int e, gtm_retire *r, bool arb_check)
{
    uint8_t p = (uint8_t)((ring_dry(m, e) ? GTM_EL_DRY : 0) | (arb_check ? GTM_EL_ARB : 0));
    r->el_point = p;
    if (p) m->el[e].await = true;
}

/* ---------------- EL-32: decisions on the DUT's data ---------------- */

void gtm_el_use_dut_data(gtm *m, bool on) { m->el_dut_data = on; }

void gtm_el_cond_data(gtm *m, int e, uint64_t data)
{
    m->el[e].cond_valid = true;
    m->el[e].cond_data = data;
}

bool cs_el_cond_data(gtm *m, int e, uint64_t *data)
{
    cs_el *x = &m->el[e];
    if (!x->cond_valid) return false;
    x->cond_valid = false;
    *data = x->cond_data;
    return true;
}
