/* The constrained-random generator (docs/stimulus-format.md §3), host.c: the host program: setup (interrupts, GAM,
 * arbiter), submissions, remaps, interrupt service, bursts. What the generator's files share: gen_internal.h. */
#include "gen_internal.h"

/* ---- host program ---- */

static void op(gen *g, uint8_t code, uint32_t off, uint32_t val, uint32_t cycles)
{
    if (!g->oom && gtref_stim_add_op(g->s, code, off, val, cycles)) g->oom = true;
}

void gen_op(gen *g, uint8_t code, uint32_t off, uint32_t val, uint32_t cycles) { op(g, code, off, val, cycles); }

void gen_wide_op(gen *g, uint8_t code, uint64_t addr, uint64_t data, uint32_t val)
{
    if (!g->oom && gtref_stim_add_wide_op(g->s, code, addr, data, val)) g->oom = true;
}

static uint32_t intr_dw_reg(const gtref_engine_def *ed) { return ed->intr_dw ? GTREF_GT_INTR_DW1 : GTREF_GT_INTR_DW0; }

/* An LRA range [min, max] of CVS_TLB_LRA_0/1 (docs/gam.md GAM-8): half of them at most 4 entries wide. */
static uint32_t lra_range(gen *g)
{
    uint32_t lo = (uint32_t)range(g, 0, 31), top = pct(g, 50) && lo + 3u < 31u ? lo + 3u : 31u;
    return lo | (uint32_t)range(g, lo, top) << 8;
}

/* The engine's PP_DCLV: the groups of the PML4 entries its root has (GAM-6), and sometimes more, never a group
 * it keeps disabled for an unloaded-PD fault. */
static uint32_t dclv_value(gen *g, const engine_plan *p)
{
    space *s = &g->sp[p->root];
    uint32_t v = 0;
    for (size_t k = 0; k < s->ntp; k++)
        if (s->tp[k].key >> 56 == 1) v |= 1u << ((s->tp[k].key & 511u) >> GTREF_DCLV_GROUP_SHIFT);
    if (pct(g, 40)) v |= rnd32(g);
    return v & ~p->dclv_forbid;
}

/* A fair round robin on the MIDARB NP machine (GAM-9): state s ranks engine s first, then s+1, ... (codes 00000,
 * 01101, 10010, 11000 by G13), and after a grant to w the next state is w + 1 (no request: stay). Its starvation
 * bound is finite (3 with four engines), so the scoreboard's GAM-24 check has something to hold the arbiter to. */
static void program_round_robin(gen *g)
{
    static const uint8_t order[4][4] = { { 0, 1, 2, 3 }, { 1, 2, 3, 0 }, { 2, 3, 0, 1 }, { 3, 0, 1, 2 } };
    op(g, GTREF_HOST_WRITE, GTREF_MIDARB_PRIO_NP, 0x00u | 0x0Du << 5 | 0x12u << 10 | 0x18u << 15, 0);
    for (unsigned st = 0; st < 4; st++) {
        uint32_t gotos = 0;
        for (unsigned v = 0; v < 16; v++) {
            unsigned next = st;
            for (unsigned i = 0; i < 4; i++)
                if (v & (1u << order[st][i])) { next = (order[st][i] + 1u) % 4u; break; }
            gotos |= (uint32_t)next << (2 * v);
        }
        op(g, GTREF_HOST_WRITE, GTREF_MIDARB_GOTOFIELD_NP0 + 4u * st, gotos, 0);
    }
}

/* A GAC/GAB limit field of `bits` bits (GAM-27): mostly 0..3 (0 counts as 1), so that the owner switches within a
 * test; now and then any value. */
static uint32_t gac_limit(gen *g, unsigned bits)
{
    return c_pct(g, 85) ? (uint32_t)c_range(g, 0, 3) : c_rnd32(g) & ((1u << bits) - 1u);
}

/* The cascade at setup (GAM-27, GAM-28; docs/gam.md §5: never while an engine is busy), from the cascade's own
 * stream: GAC_ARB_CTL_REG (gac_gab_pct) with each class's enable and RO/R fixed side at random, small limits and
 * random storage bits (VLF final writes [30], the TLB064 partition [5:0], G24), now and then random bits that are
 * not stored; ARB_RO/R/WR_GAC_GAM0..3 (gac_gam_pct): any value is legal (3-bit gotos, priority bits). */
static void program_cascade(gen *g)
{
    g->gac_gab = c_pct(g, g->cfg->gac_gab_pct);
    if (g->gac_gab) {
        static const int order[3] = { GTREF_CLIENT_WR, GTREF_CLIENT_IF, GTREF_CLIENT_DR };   /* WR, RO, R */
        uint32_t v = 0;
        for (int i = 0; i < 3; i++) {   /* each class's enable, fixed side (GAB) and limit (gtref_gac_ctl_class_of) */
            gtref_gac_ctl_class f = gtref_gac_ctl_class_of(order[i]);
            if (c_pct(g, 50)) v |= 1u << f.enable;
            if (f.fixed != GTREF_GAC_CTL_NO_FIXED && c_pct(g, 50)) v |= 1u << f.fixed;
            v |= gac_limit(g, f.limit_bits) << f.limit_shift;
        }
        v |= c_pct(g, 50) ? c_rnd32(g) & 0x4000003Fu : 0x00000002u;   /* storage, or its reset value */
        if (c_pct(g, 20)) v |= c_rnd32(g) & 0x002020C0u;      /* bits that are not stored */
        op(g, GTREF_HOST_WRITE, GTREF_GAC_ARB_CTL_REG, v, 0);
    }
    g->gac_gam = c_pct(g, g->cfg->gac_gam_pct);
    if (g->gac_gam) {
        static const uint32_t base[3] = { GTREF_ARB_RO_GAC_GAM0, GTREF_ARB_R_GAC_GAM0, GTREF_ARB_WR_GAC_GAM0 };
        for (int c = 0; c < 3; c++)
            for (uint32_t k = 0; k < 4; k++) op(g, GTREF_HOST_WRITE, base[c] + 4u * k, c_rnd32(g), 0);
    }
}

/* The GAM's global registers at setup, before any ring is enabled (docs/gam.md §5: never while an engine is
 * busy): TLB LRA ranges and client assignment (lra_pct), the arbiter's priority codes (c[2:0] 0..5, any c[4:3])
 * and goto fields (midarb_pct), the accepted-request limits (req_limit_pct: RCS0 [31:24], BCS0/VCS0 [23:16], VECS0
 * [13:8] 0..3 each, 0 counting as 1, so that they bind while the engines contend; CASC [5:0] random, GAM-23),
 * continue-after-fault (continue-mode fault seeds). */
static void program_gam(gen *g)
{
    if (pct(g, g->cfg->req_limit_pct)) {
        uint32_t v = (uint32_t)range(g, 0, 3) << 24 | (uint32_t)range(g, 0, 3) << 16 | (uint32_t)range(g, 0, 3) << 8 |
                     (rnd32(g) & 0x3Fu);
        if (pct(g, 20)) v |= rnd32(g) & 0x0000C0C0u;   /* bits that are not stored */
        op(g, GTREF_HOST_WRITE, GTREF_MEDIA_MAX_REQ_COUNT, v, 0);
        g->req_limit = true;
    }
    if (pct(g, g->cfg->lra_pct)) {
        uint32_t lra0 = lra_range(g), lra1 = lra_range(g);
        op(g, GTREF_HOST_WRITE, GTREF_CVS_TLB_LRA_0, lra0 | lra1 << 16, 0);
        op(g, GTREF_HOST_WRITE, GTREF_CVS_TLB_LRA_1, lra_range(g), 0);
        /* IF [5:4], DR [3:2], WR [1:0]: LRA 0..2, now and then 3 (= LRA0, G8) */
        uint32_t a = 0;
        for (int c = 0; c < 3; c++) a = a << 2 | (uint32_t)(pct(g, 10) ? 3 : range(g, 0, 2));
        op(g, GTREF_HOST_WRITE, GTREF_CVS_TLB_LRA_2, a, 0);
    }
    if (pct(g, g->cfg->midarb_pct)) {
        if (pct(g, 30)) {
            program_round_robin(g);
        } else {
            uint32_t prio = 0;
            for (int st = 0; st < 4; st++) {
                uint32_t order = (uint32_t)range(g, 0, 5), vecs = (uint32_t)range(g, 0, 3);
                prio |= (order | vecs << 3) << (5 * st);
            }
            op(g, GTREF_HOST_WRITE, GTREF_MIDARB_PRIO_NP, prio, 0);
            for (uint32_t st = 0; st < 4; st++) op(g, GTREF_HOST_WRITE, GTREF_MIDARB_GOTOFIELD_NP0 + 4u * st, rnd32(g), 0);
        }
    }
    if (g->cont) op(g, GTREF_HOST_WRITE, GTREF_GAB_CTL_REG, 0xBFu | GTREF_GAB_CTL_CONTINUE, 0);
    program_cascade(g);
}

/* INSTPM at setup (GAM-22): masked writes of other bits than 5 and 9 (storage bits 0, 2, 3, 6, 7, 8; bit 11 and
 * reserved bits, which read 0), never a sync flush or TLB invalidation. */
static uint32_t instpm_setup_value(gen *g)
{
    static const uint32_t fixed[] = { 0x00010001u, 0x00010000u, 0x01CD01CDu, 0x01CD0000u, 0x08000800u };
    if (pct(g, 50)) return fixed[range(g, 0, sizeof fixed / sizeof fixed[0] - 1u)];
    uint32_t m = rnd32(g) & 0xFFFFu & ~INSTPM_INVAL, v = rnd32(g) & 0xFFFFu & ~INSTPM_INVAL;
    return m << 16 | v;
}

/* The interrupt enable and mask registers of the test's engines, each written once with the fields of every engine
 * (shared registers, spec decisions I1-I2): an engine's events open (enabled and unmasked), masked (enabled, masked)
 * or disabled (unmasked, not enabled) as its plan says. */
static size_t irq_enable_values(const gen *g, const engine_plan *plans, size_t np, uint32_t *regs, uint32_t *vals)
{
    size_t nregs = 0;
    for (size_t i = 0; i < np; i++) {
        const engine_plan *p = &plans[i];
        const gtref_engine_def *ed = &gtref_engines[p->e];
        uint32_t bits = GTREF_IRQ_USER | GTREF_IRQ_CS_MASTER_ERROR | (p->notify_irq ? GTREF_IRQ_PIPECTL_NOTIFY : 0u);
        if (p->e == 0 && g->wdog) bits |= GTREF_IRQ_WATCHDOG;
        if (p->el) bits |= GTREF_IRQ_CONTEXT_SWITCH;   /* EL-24 */
        uint32_t en = p->irq_open || p->irq_masked ? bits << ed->intr_enable_shift : 0;
        uint32_t unmask = p->irq_open || !p->irq_masked ? bits << ed->intr_mask_shift : 0;
        for (int pass = 0; pass < 2; pass++) {
            uint32_t reg = pass ? ed->intr_mask_reg : ed->intr_enable_reg;
            size_t j = 0;
            while (j < nregs && regs[j] != reg) j++;
            if (j == nregs) {
                regs[nregs] = reg;
                vals[nregs++] = pass ? 0xFFFFFFFFu : 0u;
            }
            if (pass) vals[j] &= ~unmask;
            else vals[j] |= en;
        }
    }
    return nregs;
}

static void write_irq_enables(gen *g, const engine_plan *plans, size_t np)
{
    uint32_t regs[2 * GTREF_MAX_ENGINES], vals[2 * GTREF_MAX_ENGINES];
    size_t nregs = irq_enable_values(g, plans, np, regs, vals);
    for (size_t j = 0; j < nregs; j++) op(g, GTREF_HOST_WRITE, regs[j], vals[j], 0);
}

/* A selector value of random bits whose lowest set bit, the one a presentation serves (IRQ-16, IRQ-19), is bit
 * r % 32, each of the 32 alike (random bits alone would have it in bits 0..4 nearly always): mostly a bit that names
 * no engine of the build (IDENTITY 0x80000000), and the bits above it stored only. */
static uint32_t sel_any(uint32_t r)
{
    return (r | 1u) << (r & 31u);
}

/* irq_race_pct (docs/stimulus-format.md §3), from its own stream: after engine p's submission, a burst of 8..32 host
 * writes of one interrupt register of p over a window of cycles (one write a cycle at most), so that some land in
 * the cycle of an event of p reaching that register's stage (interrupts.md IRQ-1: the host write first, then the
 * event). The values are legal and end where the register was: the enable and mask registers, IMR (only with
 * HWSTAM[15:0] all 1, §4) and GFX_MSTR_IRQ mostly as the host program set them, now and then with p's bits
 * disabled, masked (held, shown by the last write, IRQ-9) or off; IIR_REG_SELECTOR selections of p's bit (or any
 * bits, IRQ-19), often read back through INTR_IDENTITY_REG, each cancelled or served by an identity clear, the last
 * clear ending the burst, half of the bursts with one of p's event bits held back by its mask meanwhile; GT_INTR_DW
 * W1C writes of p's bit or of nothing. */
static void irq_race(gen *g, const engine_plan *plans, size_t np, const engine_plan *p, uint32_t max_wait)
{
    const gtref_engine_def *ed = &gtref_engines[p->e];
    uint32_t regs[2 * GTREF_MAX_ENGINES], vals[2 * GTREF_MAX_ENGINES];
    size_t nregs = irq_enable_values(g, plans, np, regs, vals);
    enum { R_EN, R_MASK, R_IMR, R_SEL, R_MSTR, R_DW };
    int kind = (int)i_range(g, R_EN, R_DW + 1);   /* IMR twice as often: only a changing value shows a race there */
    if (kind > R_DW) kind = R_IMR;
    if (kind == R_IMR && (p->hwstam & 0xFFFFu) != 0xFFFFu) kind = R_EN;
    uint32_t w = (uint32_t)i_range(g, 0, max_wait);
    if (w) op(g, GTREF_HOST_WAIT, 0, 0, w);
    unsigned n = (unsigned)i_range(g, 8, 48);
    uint32_t reg = 0, keep = 0, field = 0xFFFFu;
    switch (kind) {
    case R_EN:
    case R_MASK:
        reg = kind == R_EN ? ed->intr_enable_reg : ed->intr_mask_reg;
        field <<= kind == R_EN ? ed->intr_enable_shift : ed->intr_mask_shift;
        keep = kind == R_EN ? 0u : 0xFFFFFFFFu;
        for (size_t j = 0; j < nregs; j++)
            if (regs[j] == reg) keep = vals[j];
        break;
    case R_IMR:
        reg = ed->base + GTREF_IMR;
        keep = p->imr;
        field = GTREF_IRQ_USER | GTREF_IRQ_PIPECTL_NOTIFY;
        break;
    case R_MSTR:
        reg = GTREF_GFX_MSTR_IRQ;
        keep = GTREF_MSTR_IRQ_ENABLE;
        field = GTREF_MSTR_IRQ_ENABLE;
        break;
    default:
        break;
    }
    uint32_t dw = intr_dw_reg(ed), bit = 1u << ed->intr_bit;
    uint32_t sel = ed->intr_dw ? GTREF_IIR_REG_SELECTOR1 : GTREF_IIR_REG_SELECTOR0;
    uint32_t ident = ed->intr_dw ? GTREF_INTR_IDENTITY_REG1 : GTREF_INTR_IDENTITY_REG0;
    uint32_t hold_keep = 0;
    bool hold = kind == R_SEL && i_pct(g, 50);
    if (hold) {
        /* the selections against the mask (IRQ-16: P = INST_CR & ~MASK): p's mask field holds back one of its event
         * bits (USER, or PIPECTL_NOTIFY when p raises it) for the burst, so that a presentation leaves the held bit
         * in INST_CR and takes the others; the mask register ends as the host program set it (the held bits show
         * then, IRQ-9) */
        uint32_t held = p->notify_irq && i_pct(g, 50) ? GTREF_IRQ_PIPECTL_NOTIFY : GTREF_IRQ_USER;
        hold_keep = 0xFFFFFFFFu;
        for (size_t j = 0; j < nregs; j++)
            if (regs[j] == ed->intr_mask_reg) hold_keep = vals[j];
        op(g, GTREF_HOST_WRITE, ed->intr_mask_reg, hold_keep | held << ed->intr_mask_shift, 0);
    }
    for (unsigned k = 0; k < n; k++) {
        bool last = k + 1 == n;
        switch (kind) {
        case R_SEL:
            op(g, GTREF_HOST_WRITE, sel, i_pct(g, 80) ? bit : sel_any(i_rnd32(g)), 0);
            if (i_pct(g, 60)) {   /* the presentation (IRQ-16), read back: Data-Valid from the second cycle on */
                op(g, GTREF_HOST_WAIT, 0, 0, (uint32_t)i_range(g, 1, 3));
                op(g, GTREF_HOST_READ, ident, 0, 0);
            }
            if (last || i_pct(g, 60)) op(g, GTREF_HOST_WRITE, ident, GTREF_INTR_DATA_VALID, 0);
            break;
        case R_DW:
            op(g, GTREF_HOST_WRITE, dw, i_pct(g, 60) ? bit : 0u, 0);
            break;
        default: {
            /* the enable: p's bits off now and then (dropped); the mask: p's bits masked now and then (held); IMR:
             * masked in every other write (dropped), so that each write changes the gate; the master: off now and
             * then */
            uint32_t v = keep;
            if (kind == R_IMR ? !last && (k & 1) : !last && i_pct(g, 25)) v = kind == R_EN ? keep & ~field : keep | field;
            op(g, GTREF_HOST_WRITE, reg, v, 0);
            break;
        }
        }
    }
    if (hold) op(g, GTREF_HOST_WRITE, ed->intr_mask_reg, hold_keep, 0);
}

/* irq_dense_pct (docs/stimulus-format.md §3), from its own stream: host writes of one interrupt register of engine q
 * over a window of `cycles` cycles, so that the cycle of q's event is a write cycle (IRQ-1: the write first, then the
 * event), drawn 1 : 2 : 2: q's mask register (the value the host program set, every cycle; IRQ-9), its IMR (only with HWSTAM[15:0]
 * all 1, docs/interrupts.md §4; USER and PIPECTL_NOTIFY masked in every other write, every cycle; IRQ-3), or its
 * DW's IIR_REG_SELECTOR (q's bit, a second write in the next cycle that PEND refuses, every other time an identity
 * read, an identity clear: an accepted write every 3 or 5 cycles; IRQ-15 to IRQ-17). clear_every (mask, IMR): every
 * that many cycles a W1C write of q's DW bit instead, so that q's next event sets it afresh (0: none). The registers
 * end as the host program set them. */
enum { D_MASK, D_IMR, D_SEL };
static int dense_kind(gen *g, const engine_plan *q)
{
    static const int kinds[5] = { D_MASK, D_IMR, D_IMR, D_SEL, D_SEL };   /* IMR only with HWSTAM[15:0] all 1 (§4) */
    int kind = kinds[d_range(g, 0, 4)];
    return kind == D_IMR && (q->hwstam & 0xFFFFu) != 0xFFFFu ? D_MASK : kind;
}

static void dense_writes(gen *g, const engine_plan *plans, size_t np, const engine_plan *q, int kind, uint32_t cycles,
                         unsigned clear_every)
{
    const gtref_engine_def *ed = &gtref_engines[q->e];
    uint32_t regs[2 * GTREF_MAX_ENGINES], vals[2 * GTREF_MAX_ENGINES];
    size_t nregs = irq_enable_values(g, plans, np, regs, vals);
    uint32_t mask_keep = 0xFFFFFFFFu;
    for (size_t j = 0; j < nregs; j++)
        if (regs[j] == ed->intr_mask_reg) mask_keep = vals[j];
    uint32_t dw = intr_dw_reg(ed), bit = 1u << ed->intr_bit;
    uint32_t sel = ed->intr_dw ? GTREF_IIR_REG_SELECTOR1 : GTREF_IIR_REG_SELECTOR0;
    uint32_t ident = ed->intr_dw ? GTREF_INTR_IDENTITY_REG1 : GTREF_INTR_IDENTITY_REG0;
    uint32_t imr_field = GTREF_IRQ_USER | GTREF_IRQ_PIPECTL_NOTIFY;
    for (uint32_t c = 0, k = 0; c < cycles && !g->oom; k++) {
        if (kind == D_SEL) {
            /* every other presentation read: one that took less than it should leaves the bit in INST_CR, and the
             * next presentation, read, takes it */
            op(g, GTREF_HOST_WRITE, sel, bit, 0);   /* accepted: presented in the next cycle (IRQ-16) */
            op(g, GTREF_HOST_WRITE, sel, bit, 0);   /* refused: PEND is set (IRQ-15) */
            if (k & 1) op(g, GTREF_HOST_READ, ident, 0, 0);   /* Data-Valid by now: the presentation */
            op(g, GTREF_HOST_WRITE, ident, GTREF_INTR_DATA_VALID, 0);
            c += k & 1 ? 5 : 3;
        } else if (clear_every && k % clear_every == clear_every - 1) {
            op(g, GTREF_HOST_WRITE, dw, bit, 0);
            c++;
        } else {
            uint32_t v = kind == D_MASK ? mask_keep : k & 1 ? q->imr | imr_field : q->imr;
            op(g, GTREF_HOST_WRITE, kind == D_MASK ? ed->intr_mask_reg : ed->base + GTREF_IMR, v, 0);
            c++;
        }
    }
    if (kind == D_IMR) op(g, GTREF_HOST_WRITE, ed->base + GTREF_IMR, q->imr, 0);
}

/* irq_dense_pct in a round of the interrupt bursts, right after its RING_TAIL writes: the window spans the whole
 * round (40 cycles and 4 a MI_USER_INTERRUPT of the run). 70 % of the time q is a burst engine other than the run's,
 * whose single MI_USER_INTERRUPT of the round, after the service routine emptied its DW bit, is then the only event
 * that sets that bit (a bit lost or kept against the rules stays so until the next round's service routine reads
 * GT_INTR_DW); else the run's engine, its DW bit cleared every third cycle (mask, IMR); the selector always on
 * another engine (the run's events keep bits pending, and a presentation takes them all). */
static void irq_dense_round(gen *g, const engine_plan *plans, size_t np, const size_t *order, size_t n, uint32_t run)
{
    size_t qi = n > 1 && d_pct(g, 70) ? order[d_range(g, 1, n - 1)] : order[0];
    const engine_plan *q = &plans[qi];
    int kind = dense_kind(g, q);
    if (kind == D_SEL && qi == order[0] && n > 1) qi = order[d_range(g, 1, n - 1)];   /* the run's bits are pending */
    q = &plans[qi];   /* only the selector moves to another engine: dense_kind's IMR rule was judged on this one */
    dense_writes(g, plans, np, q, kind, 40u + 4u * run, qi == order[0] ? 3u : 0u);
}

/* irq_dense_pct after a submission whose commands raise an interrupt, of a ring-buffer engine p whose events are open:
 * a W1C write of p's DW bit (its next event sets it afresh), 64..256 cycles of writes, then the service routine
 * (docs/interrupts.md §3), which reads GT_INTR_DW and the identity of what it selects: a bit lost or kept against the
 * rules in the window shows there, or on the line. */
static void irq_dense_submit(gen *g, const engine_plan *plans, size_t np, const engine_plan *p)
{
    const gtref_engine_def *ed = &gtref_engines[p->e];
    int kind = dense_kind(g, p);
    if (kind != D_SEL) op(g, GTREF_HOST_WRITE, intr_dw_reg(ed), 1u << ed->intr_bit, 0);
    dense_writes(g, plans, np, p, kind, (uint32_t)d_range(g, 64, 256), 0);
    op(g, GTREF_HOST_ISR, 0, d_pct(g, 40) ? GTREF_ISR_CLEAR_EACH : 0, (uint32_t)(d_pct(g, 30) ? 0 : d_range(g, 1, 40)));
}

/* host_reg_pct (docs/stimulus-format.md §3), from its own stream: the engine registers with writable bits that no
 * other part of the host program writes. restore: the engine's own commands read the register (MI_MATH, MI_PREDICATE,
 * MI_SET_PREDICATE, LRR/SRM sources, register polls), so a setup write of it ends with its reset value and the stream
 * runs as it would without the knob; the others are storage (docs/execlists.md §2.1, docs/gam.md G6, spec decisions
 * E11, E23) and keep the host's value on a ring-buffer engine (read back at the end of the test). Left out: the
 * registers the host program writes already (RING_*, EMR, IMR, HWSTAM, INSTPM, PP_DCLV, PDP0_*, RING_MODE, HWS_PGA,
 * PR_CTR_*, FORCE_TO_NONPRIV*), and CONTEXT_STATUS_PTR (its write pointer numbers the CSB steps: docs/execlists.md §8). */
static const struct host_reg { uint32_t off; bool restore; } host_reg_list[] = {
    { GTREF_PP_DCLV_UDW, false }, { GTREF_BB_OFFSET, false },
    { GTREF_MI_PREDICATE_RESULT_2, true }, { GTREF_MI_PREDICATE_SRC0, true }, { GTREF_MI_PREDICATE_SRC0_UDW, true },
    { GTREF_MI_PREDICATE_SRC1, true }, { GTREF_MI_PREDICATE_SRC1_UDW, true }, { GTREF_MI_PREDICATE_DATA, true },
    { GTREF_MI_PREDICATE_DATA_UDW, true }, { GTREF_MI_PREDICATE_RESULT, true }, { GTREF_MI_PREDICATE_RESULT_1, true },
    { GTREF_RING_CONTEXT_CONTROL, false }, { GTREF_CCID, false }, { GTREF_BB_PER_CTX_PTR, false },
    { GTREF_INDIRECT_CTX, false }, { GTREF_INDIRECT_CTX_OFFSET, false }, { GTREF_CTX_TIMESTAMP, false },
    { GTREF_PDP1_LDW, false }, { GTREF_PDP1_UDW, false }, { GTREF_PDP2_LDW, false }, { GTREF_PDP2_UDW, false },
    { GTREF_PDP3_LDW, false }, { GTREF_PDP3_UDW, false }, { GTREF_CSB_INTERRUPT_MASK, false },
};
#define HOST_GPRS 32u        /* CS_GPR0..31: restore */
#define HOST_SQ_DWORDS 16u   /* EXECLIST_SQ_LO/HI0..7: storage (elements 0, 1 until a Load takes them: EL-10) */

/* A value for a host write: any 32 bits, now and then all ones or all zeros (every writable bit in one direction). */
static uint32_t host_reg_value(gen *g)
{
    unsigned k = (unsigned)h_range(g, 0, 9);
    return k == 0 ? 0xFFFFFFFFu : k == 1 ? 0u : h_rnd32(g);
}

/* One register of engine e at setup: one or two writes of random values, a read back (which compares the stored
 * value, not only the commit report), and, for a register the stream reads or on an execlist engine (whose context
 * restore owns the context registers: docs/execlists.md §3), a last write of its reset value (a masked register with
 * all its enable bits). */
static void host_reg_setup_one(gen *g, int e, uint32_t rel, bool restore)
{
    uint32_t off = gtref_engines[e].base + rel;
    int eng;
    const gtref_reg_def *d = gtref_reg_lookup(off, GTREF_MAX_ENGINES, &eng);
    if (!d || !gtref_reg_present(d, e)) return;
    unsigned n = (unsigned)h_range(g, 1, 2);
    for (unsigned k = 0; k < n; k++) op(g, GTREF_HOST_WRITE, off, host_reg_value(g), 0);
    if (h_pct(g, restore ? 80 : 40)) op(g, GTREF_HOST_READ, off, 0, 0);
    if (restore) {
        uint32_t v = gtref_reg_reset(d, e);
        if (d->access == GTREF_ACC_MASKED) v |= gtref_reg_rw(d, e) << 16;
        op(g, GTREF_HOST_WRITE, off, v, 0);
    }
}

/* host_reg_pct at setup, every ring still disabled and nothing submitted: each of those registers of each engine of
 * the test with a probability of its own (drawn per seed, 20..60%). */
static void host_reg_setup(gen *g, const engine_plan *plans, size_t np)
{
    unsigned share = (unsigned)h_range(g, 20, 60);
    for (size_t i = 0; i < np; i++) {
        const engine_plan *p = &plans[i];
        for (size_t k = 0; k < sizeof host_reg_list / sizeof host_reg_list[0]; k++)
            if (h_pct(g, share)) host_reg_setup_one(g, p->e, host_reg_list[k].off, host_reg_list[k].restore || p->el);
        for (uint32_t k = 0; k < HOST_GPRS; k++)
            if (h_pct(g, share)) host_reg_setup_one(g, p->e, GTREF_CS_GPR0 + 4u * k, true);
        for (uint32_t k = 0; k < HOST_SQ_DWORDS; k++)
            if (h_pct(g, share)) host_reg_setup_one(g, p->e, GTREF_EXECLIST_SQ_LO0 + 4u * k, p->el && k < 4u);
    }
}

/* host_reg_pct while engines run: EXECLIST_SQ elements 2..7 of an engine of the test, which nothing reads (E2: a Load
 * takes elements 0 and 1 only; no command names them, docs/execlists.md §8), 1..4 writes, now and then one read back:
 * legal at any time, in either mode. */
static void host_reg_live(gen *g, const engine_plan *plans, size_t np)
{
    const engine_plan *p = &plans[h_range(g, 0, np - 1)];
    uint32_t base = gtref_engines[p->e].base + GTREF_EXECLIST_SQ_LO2, off = 0;
    for (unsigned n = (unsigned)h_range(g, 1, 4); n; n--) {
        off = base + 4u * (uint32_t)h_range(g, 0, 11);
        op(g, GTREF_HOST_WRITE, off, host_reg_value(g), 0);
    }
    if (h_pct(g, 30)) op(g, GTREF_HOST_READ, off, 0, 0);
}

/* Setup with every ring disabled: the GAM, ring registers, EMR, INSTPM (instpm_setup_pct), the PPGTT (RING_MODE[9],
 * PDP0, PP_DCLV), interrupt enables and masks. The enable registers are shared by two engines each and the mask fields sit where the engine
 * table says (spec decisions I1-I2): each register is written once with the fields of every engine of the test. */
static void program_setup(gen *g, engine_plan *plans, size_t np)
{
    if (g->host_regs) host_reg_setup(g, plans, np);
    program_gam(g);
    for (size_t i = 0; i < np; i++) {
        engine_plan *p = &plans[i];
        uint32_t base = gtref_engines[p->e].base;
        if (!p->el) {   /* an execlist engine's ring registers come from its contexts' images (EL-2) */
            op(g, GTREF_HOST_WRITE, base + GTREF_RING_CTL, 0, 0);
            op(g, GTREF_HOST_WRITE, base + GTREF_RING_START, p->ring_addr, 0);
            op(g, GTREF_HOST_WRITE, base + GTREF_RING_HEAD, p->start, 0);
            op(g, GTREF_HOST_WRITE, base + GTREF_RING_TAIL, p->start, 0);
        }
        uint32_t emr_clear = (p->emr_unmasked ? GTREF_ERR_INSTRUCTION : 0u) | (p->emr_pf ? GTREF_ERR_PAGE_TABLE : 0u) |
                             (p->emr_priv ? ERR_CP_PRIV : 0u);
        if (emr_clear) op(g, GTREF_HOST_WRITE, base + GTREF_EMR, ~emr_clear, 0);
        op(g, GTREF_HOST_WRITE, base + GTREF_HWS_PGA, (uint32_t)p->hws, 0);
        p->instpm_setup = pct(g, g->cfg->instpm_setup_pct);
        if (p->instpm_setup) op(g, GTREF_HOST_WRITE, base + GTREF_INSTPM, instpm_setup_value(g), 0);
        if (p->ppgtt) {
            /* PDP0 holds the PML4's address in bits 38:12; junk seeds set the bits GAM-5 ignores */
            uint64_t pdp = g->sp[p->root].pml4;
            if (g->junk && pct(g, 50)) pdp |= gtref_rng_next(&g->rng) & ~GTREF_PTE_ADDR_MASK;
            p->pdp = pdp;
            op(g, GTREF_HOST_WRITE, base + GTREF_RING_MODE, 0x02000200u, 0);   /* masked: bit 9 only */
            op(g, GTREF_HOST_WRITE, base + GTREF_PDP0_LDW, (uint32_t)pdp, 0);
            op(g, GTREF_HOST_WRITE, base + GTREF_PDP0_UDW, (uint32_t)(pdp >> 32), 0);
            op(g, GTREF_HOST_WRITE, base + GTREF_PP_DCLV, dclv_value(g, p), 0);
        }
        /* IMR (docs/interrupts.md IRQ-3) resets all masked: open the engine's events, now and then leaving one of
         * them other than USER masked there (dropped at the engine); HWSTAM (IRQ-4): now and then USER unmasked,
         * so that each user interrupt writes the status page (one bit at most, BYT-REG L3863; never bit 6) */
        uint32_t ev = GTREF_IRQ_USER | GTREF_IRQ_CS_MASTER_ERROR | (p->notify_irq ? GTREF_IRQ_PIPECTL_NOTIFY : 0u) |
                      (p->e == 0 && g->wdog ? GTREF_IRQ_WATCHDOG : 0u);
        uint32_t imr = ~ev;
        if (pct(g, 15)) {
            uint32_t cand[3] = { GTREF_IRQ_CS_MASTER_ERROR, GTREF_IRQ_PIPECTL_NOTIFY, GTREF_IRQ_WATCHDOG };
            uint32_t b = cand[range(g, 0, 2)];
            if (ev & b) imr |= b;
        }
        uint32_t hwstam = pct(g, 25) ? ~(uint32_t)GTREF_IRQ_USER : 0xFFFFFFFFu;
        if (g->irace && !p->el) {
            /* irq_race_pct (its own stream): HWSTAM against IMR (IRQ-3, IRQ-4), different per engine: one event bit
             * unmasked in HWSTAM (BYT-REG L3863; never bit 6), and now and then one event bit (USER too) masked in
             * IMR, so that a bit unmasked in HWSTAM but masked in IMR makes no status write */
            static const uint32_t cand[3] = { GTREF_IRQ_USER, GTREF_IRQ_CS_MASTER_ERROR, GTREF_IRQ_PIPECTL_NOTIFY };
            if (i_pct(g, 50)) hwstam = i_pct(g, 25) ? 0xFFFFFFFFu : ~cand[i_range(g, 0, 2)];
            if (i_pct(g, 25)) imr |= cand[i_range(g, 0, 2)] & ev;
        }
        p->imr = imr;
        p->hwstam = hwstam;
        op(g, GTREF_HOST_WRITE, base + GTREF_IMR, imr, 0);
        if (hwstam != 0xFFFFFFFFu) op(g, GTREF_HOST_WRITE, base + GTREF_HWSTAM, hwstam, 0);
        for (size_t k = 0; k < p->nnpent; k++)
            op(g, GTREF_HOST_WRITE, base + GTREF_FORCE_TO_NONPRIV0 + 4u * (uint32_t)k, p->npent[k], 0);
        if (p->rp_r >= 0) op(g, GTREF_HOST_WRITE, p->rp_off, p->rp_init, 0);   /* reg_poll_pct: the false value */
    }
    op(g, GTREF_HOST_WRITE, GTREF_GFX_MSTR_IRQ, GTREF_MSTR_IRQ_ENABLE, 0);
    write_irq_enables(g, plans, np);
    if (g->wdog) {   /* the watchdog (commands.md §7): a threshold, then the start, counting clocks or periods */
        op(g, GTREF_HOST_WRITE, gtref_engines[0].base + GTREF_PR_CTR_THRSH, gen_wdog_thrsh(g), 0);
        op(g, GTREF_HOST_WRITE, gtref_engines[0].base + GTREF_PR_CTR_CTL, pct(g, 60) ? GTREF_WDOG_COUNT_CLOCKS : 0u, 0);
    }
    for (size_t i = 0; i < np; i++)
        if (!plans[i].el)
            op(g, GTREF_HOST_WRITE, gtref_engines[plans[i].e].base + GTREF_RING_CTL,
               ((plans[i].pages - 1u) << GTREF_CTL_LEN_SHIFT) | GTREF_CTL_ENABLE, 0);
    if (g->el) gen_el_setup(g, plans, np);
}

/* One round of the host's interrupt service routine (docs/interrupts.md §3), random delays between its steps. */
static void isr(gen *g)
{
    op(g, GTREF_HOST_ISR, 0, pct(g, 40) ? GTREF_ISR_CLEAR_EACH : 0, (uint32_t)(pct(g, 30) ? 0 : range(g, 1, 40)));
}

/* Unmask the interrupt field of an engine whose events were masked at setup (IRQ-9: the events it holds show
 * now); from then on it is an open engine. */
static void unmask_one(gen *g, engine_plan *plans, size_t np)
{
    for (size_t i = 0; i < np; i++) {
        engine_plan *p = &plans[i];
        if (!p->irq_masked) continue;
        const gtref_engine_def *ed = &gtref_engines[p->e];
        uint32_t field = 0xFFFFu << ed->intr_mask_shift, keep = 0xFFFFFFFFu;
        for (size_t j = 0; j < np; j++)   /* the other engines' fields of the same register, as setup left them */
            if (j != i && gtref_engines[plans[j].e].intr_mask_reg == ed->intr_mask_reg && !plans[j].irq_masked)
                keep &= ~(0xFFFFu << gtref_engines[plans[j].e].intr_mask_shift);
        op(g, GTREF_HOST_WRITE, ed->intr_mask_reg, keep & ~field, 0);
        p->irq_masked = false;
        p->irq_open = true;
        return;
    }
}

/* A host write of GFX_FLSH_CNTL (GAM-21): any value invalidates every engine's GGTT entries; bit 0 is stored. */
static void flsh_cntl(gen *g)
{
    op(g, GTREF_HOST_WRITE, GTREF_GFX_FLSH_CNTL, pct(g, 50) ? 1u : rnd32(g), 0);
    g->flsh_written = true;
}

/* A host write of engine p's INSTPM with bits 9 and 5 and their enables (GAM-22): its whole TLB is invalidated.
 * Only while p is idle (docs/gam.md §5); now and then it changes storage bits too. */
static void instpm_inval(gen *g, const engine_plan *p)
{
    uint32_t v = INSTPM_INVAL_WRITE;
    if (pct(g, 20)) {
        uint32_t m = rnd32(g) & INSTPM_STORED;
        v |= m << 16 | (rnd32(g) & m);
    }
    op(g, GTREF_HOST_WRITE, gtref_engines[p->e].base + GTREF_INSTPM, v, 0);
}

/* wait_idle: every engine has executed all it was given, or halted at its illegal command. */
static void wait_idle(gen *g, engine_plan *plans, size_t np)
{
    op(g, GTREF_HOST_WAIT_IDLE, 0, 0, 0);
    for (size_t i = 0; i < np; i++) {
        plans[i].idle_pos = plans[i].pos;
        plans[i].halted |= plans[i].halt_submitted;
    }
}

void gen_wait_idle(gen *g, engine_plan *plans, size_t np) { wait_idle(g, plans, np); }

/* One submission of engine p: 1..4 chunks through RING_TAIL (sometimes a TAIL inside them first). Sets
 * *irq when the submitted chunks raise a user interrupt. False when the engine has nothing more to submit. */
static bool submit(gen *g, engine_plan *plans, size_t np, engine_plan *p, bool *irq)
{
    uint32_t tail = gtref_engines[p->e].base + GTREF_RING_TAIL;
    if (p->nremaps && !p->remap_done && p->k == (size_t)p->remap_chunk) {
        /* the remap (docs/gam.md §5): every engine idle, the entries rewritten, the host's invalidations (GGTT
         * entries by GFX_FLSH_CNTL, the engine's TLB by INSTPM, both while every engine is idle), then the
         * submission that starts with the remap chunk (the engine's TLB-invalidating flush for INV_FLUSH); only
         * this engine ever uses these pages */
        wait_idle(g, plans, np);
        for (size_t i = 0; i < p->nremaps; i++)
            gen_mem_write(g, gen_pte_addr(g, p->remaps[i].spi, p->remaps[i].va), gen_entry(g, p->remaps[i].pa));
        if (p->inval & INV_FLSH_CNTL) flsh_cntl(g);
        if (p->inval & INV_INSTPM) instpm_inval(g, p);
        p->remap_done = true;
    }
    uint64_t limit = p->size - 8u;             /* most unexecuted bytes the ring may hold */
    size_t group = (size_t)range(g, 1, 4);
    if (p->el) {   /* each submission of a context costs a switch or a lite restore: larger groups (their own stream) */
        ebegin(g);
        group = (size_t)range(g, 2, 8);
        eend(g);
    }
    if (group > p->nb - p->k) group = p->nb - p->k;
    if (p->nremaps && !p->remap_done && p->k < (size_t)p->remap_chunk && p->k + group > (size_t)p->remap_chunk)
        group = (size_t)p->remap_chunk - p->k;   /* the remap's submission starts with its flush */
    while (group > 1 && p->bounds[p->k + group - 1].pos - p->pos > limit) group--;
    uint64_t next = p->bounds[p->k + group - 1].pos;
    /* A halted engine's head stays at (or just after the batch call of) its illegal command, at or after
     * halt_pos: never lap it. Until a wait_idle has made sure the engine got there, its head may be anywhere
     * since the last wait_idle, like any engine's. */
    if (p->halt_submitted && next - p->halt_pos > limit) {
        p->k = p->nb;
        return false;
    }
    if (!p->halted && next - p->idle_pos > limit) wait_idle(g, plans, np);
    if (p->el) {
        /* execlist mode: the main context's new tail by the driver (a tail inside a command would leave the context
         * stalled, not dry: nothing would ever take the next submission) */
        gen_el_submit(g, plans, np, p, (uint32_t)((p->start + next) % p->size));
    } else if (next - p->pos >= 16 && pct(g, g->cfg->split_tail_pct)) {
        /* a TAIL at any QWORD strictly inside the submission, often in the middle of a command: the engine
         * executes up to it and waits; then the real boundary, after a while or at once */
        uint64_t mid = p->pos + 8u * range(g, 1, (next - p->pos) / 8u - 1u);
        op(g, GTREF_HOST_WRITE, tail, (uint32_t)((p->start + mid) % p->size), 0);
        if (pct(g, 70)) op(g, GTREF_HOST_WAIT, 0, 0, (uint32_t)range(g, 1, 300));
    }
    if (!p->el) op(g, GTREF_HOST_WRITE, tail, (uint32_t)((p->start + next) % p->size), 0);
    for (size_t j = p->k; j < p->k + group && p->rp_r >= 0 && !p->rp_released; j++)
        if (p->chunks[j % p->nchunks].regpoll) {
            /* reg_poll_pct (C33): the one write that makes the engine's register-poll wait true, now or a little
             * later (the engine waits there meanwhile); nothing else writes that register */
            if (x_pct(g, 60)) op(g, GTREF_HOST_WAIT, 0, 0, (uint32_t)x_range(g, 1, 300));
            op(g, GTREF_HOST_WRITE, p->rp_off, p->rp_val, 0);
            p->rp_released = true;
        }
    *irq = false;
    for (size_t j = p->k; j < p->k + group; j++) {
        *irq |= p->bounds[j].raises_irq;
        if (p->bounds[j].halts) {
            p->halt_submitted = true;
            p->halt_pos = p->bounds[j].chunk_pos;
        }
    }
    p->pos = next;
    p->k += group;
    return true;
}

/* A remap under live TLB entries (docs/gam.md §5): a page of ring or batch commands, in any space, to a copy of
 * it at a fresh physical page, while engines may run. Commands are never written, so every view stays the same. */
static void live_remap(gen *g)
{
    size_t n = 0;
    for (int i = 0; i < g->nsp; i++)
        for (size_t k = 0; k < g->sp[i].n; k++) {
            const ppage *pp = gen_img_find(g, g->sp[i].pg[k].pfn);
            n += pp && pp->kind != GTREF_SEG_DATA;
        }
    if (!n) return;
    size_t pick = (size_t)range(g, 0, n - 1);
    for (int i = 0; i < g->nsp; i++)
        for (size_t k = 0; k < g->sp[i].n; k++) {
            const ppage *pp = gen_img_find(g, g->sp[i].pg[k].pfn);
            if (!pp || pp->kind == GTREF_SEG_DATA || pick-- != 0) continue;
            ppage src = *pp;                    /* gen_img_page may move the array */
            uint64_t pa = gen_alloc_pa(g);
            ppage *dst = gen_img_page(g, pa >> 12, src.kind);
            if (!dst) return;
            memcpy(dst->b, src.b, PAGE);
            dst->lo = src.lo;
            dst->hi = src.hi;
            gen_mem_write(g, gen_pte_addr(g, i, g->sp[i].pg[k].vpn << 12), gen_entry(g, pa));
            return;
        }
}

/* The interrupt bursts (irq_burst_pct), every engine idle: in each round the host services what is pending (the DW
 * bits clear, so that a lost one shows), then submits the round's segments back to back, the run's engine first and
 * the others in random order, and waits for idle; the next round's service routine (or the end's reads) reads
 * GFX_MSTR_IRQ and GT_INTR_DW0/1 (IRQ-10: every engine of a same-cycle event has its bit). */
static void bursts(gen *g, engine_plan *plans, size_t np)
{
    /* the burst engines' events opened (enabled and unmasked: docs/interrupts.md IRQ-7, IRQ-9), the others' fields as
     * they are (setup, unmask_one) */
    for (size_t i = 0; i < np; i++)
        if (g->burst >> plans[i].e & 1) {
            plans[i].irq_open = true;
            plans[i].irq_masked = false;
        }
    write_irq_enables(g, plans, np);
    for (unsigned r = 0; r < g->nbursts && !g->oom; r++) {
        op(g, GTREF_HOST_ISR, 0, b_pct(g, 40) ? GTREF_ISR_CLEAR_EACH : 0, (uint32_t)(b_pct(g, 50) ? 0 : b_range(g, 1, 10)));
        size_t order[GTREF_MAX_ENGINES], n = 0;
        for (size_t i = 0; i < np; i++)
            if (g->burst >> plans[i].e & 1) order[n++] = i;
        for (size_t i = n; i > 2; i--) {   /* order[0], the lowest engine (the run), stays first */
            size_t j = (size_t)b_range(g, 1, i - 1), t = order[i - 1];
            order[i - 1] = order[j];
            order[j] = t;
        }
        for (size_t i = 0; i < n; i++) {
            engine_plan *p = &plans[order[i]];
            uint64_t pos = 4ull * p->chunk_start[p->nchunks] + 4ull * p->bend[r];
            op(g, GTREF_HOST_WRITE, gtref_engines[p->e].base + GTREF_RING_TAIL, (uint32_t)((p->start + pos) % p->size), 0);
        }
        /* irq_dense_pct: writes over the whole round (its own stream) */
        if (g->idense && d_pct(g, 85)) irq_dense_round(g, plans, np, order, n, g->brun[r]);
        /* irq_race_pct: a race burst during the round's run of events (its own stream) */
        if (g->irace && i_pct(g, 80)) irq_race(g, plans, np, &plans[order[i_range(g, 0, n - 1)]], 8);
        op(g, GTREF_HOST_WAIT_IDLE, 0, 0, 0);
    }
}

void gen_program_host(gen *g, engine_plan *plans, size_t np)
{
    g->irace = !g->cfg->min_cycles && i_pct(g, g->cfg->irq_race_pct);   /* not long tests (their many submissions) */
    program_setup(g, plans, np);

    /* every engine's first submission (its first chunk writes its semaphores), in random order and before any
     * wait_idle, so that every semaphore an engine may wait for gets written whatever the host does next */
    size_t order[GTREF_MAX_ENGINES];
    for (size_t i = 0; i < np; i++) order[i] = i;
    for (size_t i = np; i > 1; i--) {
        size_t j = (size_t)range(g, 0, i - 1), t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
    for (size_t i = 0; i < np; i++) {
        bool irq;
        if (plans[order[i]].k < plans[order[i]].nb) submit(g, plans, np, &plans[order[i]], &irq);
    }

    /* the engines' submissions, interleaved in random order */
    for (;;) {
        size_t live = 0, pick;
        for (size_t i = 0; i < np; i++) live += plans[i].k < plans[i].nb;
        if (!live || g->oom) break;
        pick = (size_t)range(g, 0, live - 1);
        engine_plan *p = plans;
        for (size_t i = 0; i < np; i++)
            if (plans[i].k < plans[i].nb && pick-- == 0) p = &plans[i];
        bool irq;
        if (!submit(g, plans, np, p, &irq)) continue;
        if (g->race && p->e == 0 && pct(g, 60)) {
            /* a host write of a watchdog register while RCS0 runs the commands just submitted, whose own LRIs
             * write the same registers: sometimes in the very cycle of an engine commit (contract §8) */
            uint32_t w = (uint32_t)range(g, 0, 40);
            if (w) op(g, GTREF_HOST_WAIT, 0, 0, w);
            bool ctl = pct(g, 50);
            for (unsigned k = (unsigned)range(g, 4, 16); k; k--)   /* a burst: a window of cycles, not one */
                op(g, GTREF_HOST_WRITE, gtref_engines[0].base + (ctl ? GTREF_PR_CTR_CTL : GTREF_PR_CTR_THRSH),
                   ctl ? gen_wdog_ctl(g) : gen_wdog_thrsh(g), 0);
        }
        if (g->irace && i_pct(g, 60)) irq_race(g, plans, np, p, 16);
        if (g->idense && irq && p->irq_open && !p->el && d_pct(g, 50)) irq_dense_submit(g, plans, np, p);
        if (g->host_regs && h_pct(g, 25)) host_reg_live(g, plans, np);
        if (g->wdog && pct(g, 15)) {
            /* serve what is pending, so that each later watchdog event shows on the line again */
            isr(g);
        }
        if (pct(g, 4)) unmask_one(g, plans, np);
        if (g->live_remap && pct(g, 5)) live_remap(g);
        if (g->flsh_live && pct(g, 5)) flsh_cntl(g);   /* any time: it only invalidates (GAM-21) */
        if (g->fclear && pct(g, 5)) {
            /* a fault register cleared: the next fault of its engines is recorded again (GAM-14) */
            op(g, GTREF_HOST_WRITE, gtref_fault_reg(plans[range(g, 0, np - 1)].e), 0, 0);
            if (pct(g, 30)) op(g, GTREF_HOST_WRITE, GTREF_GFX_ARB_ERROR_RPT, 0, 0);
        }
        unsigned b2b = g->contend && g->cfg->back_to_back_pct < 80 ? 80 : g->cfg->back_to_back_pct;
        if (pct(g, b2b)) continue;   /* the next submission at once: engines overlap */
        const gtref_engine_def *ed = &gtref_engines[p->e];
        if (irq && p->irq_open && pct(g, 50)) {
            op(g, GTREF_HOST_WAIT_IRQ, 0, 0, IRQ_WAIT_CYCLES);
            if (pct(g, 15)) {   /* the old way: read the DW and clear the engine's bit, without the selector */
                op(g, GTREF_HOST_READ, intr_dw_reg(ed), 0, 0);
                op(g, GTREF_HOST_WRITE, intr_dw_reg(ed), 1u << ed->intr_bit, 0);
            } else {
                isr(g);
            }
        } else if (pct(g, 25)) {
            op(g, GTREF_HOST_WAIT, 0, 0, (uint32_t)range(g, 1, 400));
        } else if (p->k < p->nb && pct(g, 5)) {
            wait_idle(g, plans, np);
            op(g, GTREF_HOST_READ, ed->base + GTREF_RING_HEAD, 0, 0);
            if (pct(g, g->cfg->instpm_pct)) {
                /* an INSTPM invalidation of an idle engine that will not halt (GAM-22): no remap, just a TLB
                 * emptied under the engine's later accesses */
                size_t cand[GTREF_MAX_ENGINES], nc = 0;
                for (size_t i = 0; i < np; i++)
                    if (!plans[i].halt_submitted) cand[nc++] = i;
                if (nc) instpm_inval(g, &plans[cand[range(g, 0, nc - 1)]]);
            }
        }
    }

    /* the end: idle, then a few registers of every engine */
    op(g, GTREF_HOST_WAIT_IDLE, 0, 0, 0);
    if (g->burst) bursts(g, plans, np);
    if (g->el) gen_el_end(g, plans, np);
    bool dw1 = false;
    for (size_t i = 0; i < np; i++) {
        const engine_plan *p = &plans[i];
        uint32_t base = gtref_engines[p->e].base;
        dw1 |= gtref_engines[p->e].intr_dw != 0;
        op(g, GTREF_HOST_READ, base + GTREF_RING_HEAD, 0, 0);
        op(g, GTREF_HOST_READ, base + GTREF_RING_TAIL, 0, 0);
        if (p->bad_at >= 0) {
            op(g, GTREF_HOST_READ, base + GTREF_ESR, 0, 0);
            op(g, GTREF_HOST_READ, base + GTREF_EIR, 0, 0);
        }
        unsigned nread = (unsigned)range(g, 2, 4);
        for (unsigned j = 0; j < nread; j++) op(g, GTREF_HOST_READ, p->gpr0 + 4u * (uint32_t)range(g, 0, 31), 0, 0);
        if (p->ppgtt && pct(g, 30)) op(g, GTREF_HOST_READ, base + GTREF_RING_MODE, 0, 0);
        if (p->instpm_setup && pct(g, 50)) op(g, GTREF_HOST_READ, base + GTREF_INSTPM, 0, 0);
        if (p->el) gen_el_final_reads(g, p);
    }
    if (g->req_limit && pct(g, 50)) op(g, GTREF_HOST_READ, GTREF_MEDIA_MAX_REQ_COUNT, 0, 0);
    if (g->gac_gab && c_pct(g, 50)) op(g, GTREF_HOST_READ, GTREF_GAC_ARB_CTL_REG, 0, 0);
    if (g->gac_gam && c_pct(g, 50))
        op(g, GTREF_HOST_READ, GTREF_ARB_RO_GAC_GAM0 + 4u * (uint32_t)c_range(g, 0, 11), 0, 0);
    if (g->flsh_written && pct(g, 50)) op(g, GTREF_HOST_READ, GTREF_GFX_FLSH_CNTL, 0, 0);
    if (g->faults) {   /* the fault records: each engine's register once, then the arbiter's error report */
        uint32_t done[GTREF_MAX_ENGINES];
        size_t nd = 0;
        for (size_t i = 0; i < np; i++) {
            uint32_t r = gtref_fault_reg(plans[i].e);
            bool seen = false;
            for (size_t j = 0; j < nd; j++) seen |= done[j] == r;
            if (seen) continue;
            done[nd++] = r;
            op(g, GTREF_HOST_READ, r, 0, 0);
        }
        op(g, GTREF_HOST_READ, GTREF_GFX_ARB_ERROR_RPT, 0, 0);
    }
    op(g, GTREF_HOST_READ, GTREF_GT_INTR_DW0, 0, 0);
    if (dw1) op(g, GTREF_HOST_READ, GTREF_GT_INTR_DW1, 0, 0);
}

