/* The constrained-random generator (docs/stimulus-format.md §3), units.c: the Gen11 variant units (gen11_unit_pct
 * and the knobs after it), drawn from the variants' stream. What the generator's files share: gen_internal.h. */
#include "gen_internal.h"

/* ---- Gen11 variants (gen11_unit_pct and the knobs after it): units drawn from the variants' stream ---- */


/* Where a new batch of view v goes: its start (QWord aligned, now and then not line aligned) ... */
static uint64_t batch_addr(gen *g, int v)
{
    uint64_t a = g->p->next_batch[v];
    if (!pct(g, 70)) a += 8u * range(g, 1, 7);
    return a;
}

/* ... and its bytes written there (the two lines after them mapped: prefetch). */
static void batch_put(gen *g, int v, uint64_t addr, const dw_vec *d)
{
    engine_plan *p = g->p;
    uint64_t end = addr + 4u * d->n;
    p->next_batch[v] = (end + 63) & ~63ull;
    if (g->oom) return;
    gen_vwrite(g, gen_spi_of(p, v), addr, d->v, (uint32_t)(4u * d->n), GTREF_SEG_BATCH);
    gen_map_range(g, gen_spi_of(p, v), end, PREFETCH_BYTES);
}

static uint32_t rlo(const gen *g, unsigned r) { return g->p->gpr0 + 8u * r; }   /* Rn's low dword, Rn + 4 its high */

/* A 64-bit register for a unit: any but the register-poll one. */
static unsigned unit_reg(gen *g) { return gen_rreg(g, (unsigned)range(g, 0, 15)); }

/* math_load1_pct (C21: LOAD1 loads 64 ones): Mesa's idioms, x + ~0 (decrement), x & ~0, x - ~0 (increment), x ^ ~0,
 * with LOAD1 on either side; the result stored to memory (both dwords) so that it is observed. */
static void unit_load1(gen *g, ectx *x)
{
    static const unsigned ops[] = { GTREF_ALU_ADD, GTREF_ALU_AND, GTREF_ALU_SUB, GTREF_ALU_XOR, GTREF_ALU_OR };
    unsigned a = unit_reg(g), d = unit_reg(g), op = ops[range(g, 0, 4)];
    bool swap = pct(g, 30);
    uint32_t prog[6];
    unsigned n = 0;
    prog[n++] = gen_alu(pct(g, 80) ? GTREF_ALU_LOAD : GTREF_ALU_LOADINV, swap ? GTREF_ALU_SRCB : GTREF_ALU_SRCA, a);
    prog[n++] = gen_alu(GTREF_ALU_LOAD1, swap ? GTREF_ALU_SRCA : GTREF_ALU_SRCB, 0);
    prog[n++] = gen_alu(op, 0, 0);
    prog[n++] = gen_alu(pct(g, 85) ? GTREF_ALU_STORE : GTREF_ALU_STOREINV, d, GTREF_ALU_ACCU);
    if (pct(g, 40)) prog[n++] = gen_alu(GTREF_ALU_STORE, unit_reg(g), pct(g, 50) ? GTREF_ALU_CF : GTREF_ALU_ZF);
    push(g, x->d, gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_MATH], 1u + n));
    for (unsigned i = 0; i < n; i++) push(g, x->d, prog[i]);
    gen_emit_srm_to(g, x, false, rlo(g, d), gen_operand_np(g, x->nonpriv, OP_D));
    gen_emit_srm_to(g, x, false, rlo(g, d) + 4u, gen_operand_np(g, x->nonpriv, OP_D));
}


/* pred_jump_pct, RCS0 (C17): a loop in a batch of its own, as Mesa's mi_goto_if builds one: the caller loads a counter
 * Rc = 1..5; the batch decrements it (ADD with LOAD1), stores it to memory, computes Rt = (Rc != 0) and Ru = its
 * opposite, loads MI_PREDICATE_RESULT_1 from Rt (and half of the time MI_PREDICATE_RESULT from Ru), and jumps to its
 * own start by a predicated MI_BATCH_BUFFER_START (a chain at its level); then MI_BATCH_BUFFER_END. Privileged
 * callers only (a FORCE_TO_NONPRIV deny could drop the LRR and make the loop endless). */
static bool unit_pred_loop(gen *g, ectx *x)
{
    engine_plan *p = g->p;
    uint32_t base = gtref_engines[p->e].base;
    int level = x->level + 1;
    bool ppgtt = level == 2 && pct(g, pp2(g, 30));
    /* with ppgtt it is non-privileged (C10): only while FORCE_TO_NONPRIV lets it write the predicate registers */
    if (ppgtt && !(gen_np_allowed(p, base + GTREF_MI_PREDICATE_RESULT_1) && gen_np_allowed(p, base + GTREF_MI_PREDICATE_RESULT))) ppgtt = false;
    int v = gen_view_of(p, !ppgtt);
    if (!gen_batch_room(g, p, v, 1)) return false;
    unsigned rc = unit_reg(g), rt, ru;
    do rt = unit_reg(g); while (rt == rc);
    do ru = unit_reg(g); while (ru == rc || ru == rt);
    uint64_t a = batch_addr(g, v);
    dw_vec d = { 0 };
    ectx y = { &d, level, ppgtt, false, false, false, false, false, false };
    uint32_t prog[9] = { gen_alu(GTREF_ALU_LOAD, GTREF_ALU_SRCA, rc), gen_alu(GTREF_ALU_LOAD1, GTREF_ALU_SRCB, 0),
                         gen_alu(GTREF_ALU_ADD, 0, 0), gen_alu(GTREF_ALU_STORE, rc, GTREF_ALU_ACCU),
                         gen_alu(GTREF_ALU_LOAD, GTREF_ALU_SRCA, rc), gen_alu(GTREF_ALU_LOAD0, GTREF_ALU_SRCB, 0),
                         gen_alu(GTREF_ALU_ADD, 0, 0), gen_alu(GTREF_ALU_STOREINV, rt, GTREF_ALU_ZF),
                         gen_alu(GTREF_ALU_STORE, ru, GTREF_ALU_ZF) };
    push(g, &d, gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_MATH], 10));
    for (unsigned i = 0; i < 9; i++) push(g, &d, prog[i]);
    gen_emit_srm_to(g, &y, false, rlo(g, rc), gen_operand_np(g, y.nonpriv, OP_D));
    gen_emit_lrr_regs(g, &y, rlo(g, rt), base + GTREF_MI_PREDICATE_RESULT_1);
    if (pct(g, 50)) gen_emit_lrr_regs(g, &y, rlo(g, ru), base + GTREF_MI_PREDICATE_RESULT);
    gen_emit_bbs(g, &y, a, ppgtt, level == 2 && pct(g, 50), true);
    push(g, &d, gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_BATCH_BUFFER_END], 1));
    batch_put(g, v, a, &d);
    free(d.v);
    uint32_t regs[2] = { rlo(g, rc), rlo(g, rc) + 4u }, vals[2] = { (uint32_t)range(g, 1, 5), 0 };
    gen_emit_lri_regs(g, x, 2, regs, vals, 0);
    gen_emit_bbs(g, x, a, ppgtt, level == 2, false);
    return true;
}

/* pred_jump_pct, RCS0 (C17): MI_PREDICATE_RESULT_1 computed (an LRI; an LRR from a GPR an LRI loaded; MI_MATH's
 * Rt = (Ra != 0) then an LRR), half of the time MI_PREDICATE_RESULT set to the opposite, then a predicated batch
 * call; or a predicated loop. */
static bool unit_pred(gen *g, ectx *x)
{
    uint32_t base = gtref_engines[g->p->e].base;
    if (!x->nonpriv && pct(g, 40) && unit_pred_loop(g, x)) return true;
    unsigned how = (unsigned)range(g, 0, 2);
    uint32_t cond = (uint32_t)range(g, 0, 1), val = (rnd32(g) & ~1u) | cond;
    bool opp = pct(g, 50);
    if (how == 0) {
        uint32_t regs[2] = { base + GTREF_MI_PREDICATE_RESULT_1, base + GTREF_MI_PREDICATE_RESULT }, vals[2] = { val, val ^ 1u };
        gen_emit_lri_regs(g, x, opp ? 2u : 1u, regs, vals, 0);
    } else if (how == 1) {
        unsigned r = unit_reg(g);
        uint32_t regs[2] = { rlo(g, r), base + GTREF_MI_PREDICATE_RESULT }, vals[2] = { val, val ^ 1u };
        gen_emit_lri_regs(g, x, opp ? 2u : 1u, regs, vals, 0);
        gen_emit_lrr_regs(g, x, rlo(g, r), base + GTREF_MI_PREDICATE_RESULT_1);
    } else {
        unsigned a = unit_reg(g), t = unit_reg(g), u;
        do u = unit_reg(g); while (u == t);
        uint32_t prog[5] = { gen_alu(GTREF_ALU_LOAD, GTREF_ALU_SRCA, a), gen_alu(pct(g, 50) ? GTREF_ALU_LOAD0 : GTREF_ALU_LOAD1,
                                                                          GTREF_ALU_SRCB, 0),
                             gen_alu(pct(g, 50) ? GTREF_ALU_ADD : GTREF_ALU_AND, 0, 0), gen_alu(GTREF_ALU_STOREINV, t, GTREF_ALU_ZF),
                             gen_alu(GTREF_ALU_STORE, u, GTREF_ALU_ZF) };
        push(g, x->d, gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_MATH], 6));
        for (unsigned i = 0; i < 5; i++) push(g, x->d, prog[i]);
        gen_emit_lrr_regs(g, x, rlo(g, t), base + GTREF_MI_PREDICATE_RESULT_1);
        if (opp) gen_emit_lrr_regs(g, x, rlo(g, u), base + GTREF_MI_PREDICATE_RESULT);
    }
    if (!gen_emit_batch_call(g, x, 0, true)) gen_emit_srm_p(g, x, true);
    return true;
}

/* atomic_forms_pct (C28): every modelled opcode in the inline 5-dword (DWORD) / 7-dword (QWORD) and 11-dword forms,
 * and without inline data with the operands in R0 and R2 (loaded by one LRI first); return data (R4) stored to
 * memory by SRM of CS_GPR8 (and CS_GPR9 for a qword) so that it is observed. */
static void unit_atomic(gen *g, ectx *x)
{
    unsigned base = (unsigned)range(g, 0x01, 0x0F);
    bool q = pct(g, 50);
    bool needs = !(base == 0x05 || base == 0x06 || base == 0x0F);
    unsigned form = (unsigned)range(g, 0, needs ? 2 : 3);   /* 0 short inline, 1 11-dword inline, 2 GPRs, 3 none */
    opnd o = gen_operand_np(g, x->nonpriv, q ? OP_Q8 : OP_D);
    uint64_t op1 = data64(g), op2 = data64(g);
    if (base == 0x0E && pct(g, 50)) {   /* CMP_WR: compare with the initial value (a hit unless overwritten) */
        int v = gen_view_of(g->p, o.ggtt);
        uint64_t off = o.a - g->p->areas[v][0].va;
        const uint32_t *hot = g->p->hot_init[v];
        if (off + 8 <= STORE_HOT) op1 = hot[off / 4] | (q ? (uint64_t)hot[off / 4 + 1] << 32 : 0);
    }
    if (form == 2) {
        uint32_t regs[4] = { rlo(g, 0), rlo(g, 0) + 4u, rlo(g, 2), rlo(g, 2) + 4u };
        uint32_t vals[4] = { (uint32_t)op1, (uint32_t)(op1 >> 32), (uint32_t)op2, (uint32_t)(op2 >> 32) };
        gen_emit_lri_regs(g, x, 4, regs, vals, 0);
    }
    bool ret = pct(g, 60);
    unsigned len = form == 0 ? (q ? 7u : 5u) : form == 1 ? 11u : 3u;
    gen_emit_atomic_cmd(g, x, o, base, q, len, ret, q || len == 11, op1, op2);   /* 11-dword DWORD: dwords 5, 6 random */
    if (ret) {
        gen_emit_srm_to(g, x, false, g->p->gpr0 + 0x20u, gen_operand_np(g, x->nonpriv, OP_D));
        if (q) gen_emit_srm_to(g, x, false, g->p->gpr0 + 0x24u, gen_operand_np(g, x->nonpriv, OP_D));
    }
}

/* cbbe_pct (C26): one MI_CONDITIONAL_BATCH_BUFFER_END: Compare Semaphore 0 (a NOOP, no read), or a dword compare, or
 * mask mode (the qword's low dword AND its high dword); compare data 0xFFFFFFFF (always ends), 0 (ends only on 0) or
 * random. */
static void unit_cbbe_cmd(gen *g, ectx *x)
{
    unsigned k = (unsigned)range(g, 0, 2);
    opnd o = gen_operand_np(g, x->nonpriv, OP_Q8);
    unsigned dk = (unsigned)range(g, 0, 2);
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END, 4);
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, SEMAPHORE), k != 0);
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, MASK_MODE), k == 2 || (k == 0 && pct(g, 50)));
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, GGTT), o.ggtt);
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, DATA), dk == 0 ? 0xFFFFFFFFu : dk == 1 ? 0u : rnd32(g));
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, ADDR), o.a);
    cmd_end(g, x, &b);
    if (k && x->level) x->certain = false;
    if (k && x->level == 2) x->may_end = true;
}

static void unit_observe(gen *g, ectx *x) { gen_emit_sdi_to(g, x, gen_operand_np(g, x->nonpriv, OP_D), false, data64(g)); }

/* A batch at `level` built for the CBBE unit: a store, (first level, half of the time) a call of such a second-level
 * batch and a store after it, the MI_CONDITIONAL_BATCH_BUFFER_END, a store, MI_BATCH_BUFFER_END: whatever an end
 * skips is a write that would be seen. */
static uint64_t cbbe_batch(gen *g, int level, bool nonpriv, int v)
{
    engine_plan *p = g->p;
    dw_vec d = { 0 };
    ectx y = { &d, level, nonpriv, false, false, false, false, false, false };
    p->open_batches++;
    unit_observe(g, &y);
    if (level == 1 && pct(g, 60)) {
        bool pp = pct(g, pp2(g, 30));
        int v2 = gen_view_of(p, !(pp || nonpriv));   /* C10: its bit OR the first level's */
        if (gen_batch_room(g, p, v2, 1)) {
            uint64_t a2 = cbbe_batch(g, 2, pp || nonpriv, v2);
            gen_emit_bbs(g, &y, a2, pp, true, false);
            unit_observe(g, &y);
        }
    }
    unit_cbbe_cmd(g, &y);
    unit_observe(g, &y);
    push(g, &d, gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_BATCH_BUFFER_END], 1));
    p->open_batches--;
    uint64_t a = batch_addr(g, v);
    batch_put(g, v, a, &d);
    free(d.v);
    return a;
}

static bool unit_cbbe(gen *g, ectx *x)
{
    engine_plan *p = g->p;
    if (x->level == 2) { unit_cbbe_cmd(g, x); return true; }
    int level = x->level + 1;
    bool ppgtt = level == 1 ? pct(g, g->cfg->nonpriv_pct) : pct(g, pp2(g, 30));
    bool np = ppgtt || x->nonpriv;   /* C10 */
    int v = gen_view_of(p, !np);
    if (!gen_batch_room(g, p, v, level == 1 ? 2u : 1u)) return false;
    uint64_t a = cbbe_batch(g, level, np, v);
    gen_emit_bbs(g, x, a, ppgtt, level == 2, false);
    if (level == 2) {
        x->certain = false;            /* the second level may end this one too (C26) */
        unit_observe(g, x);            /* ... and skip this write */
    }
    return true;
}

/* FORCE_TO_NONPRIV (C37): whether entry value en covers absolute offset off (the naturally aligned block of 1, 4, 16
 * or 64 dwords holding its address). */
static bool np_covers(uint32_t en, uint32_t off)
{
    uint32_t bsz = 4u << (2u * (en & GTREF_NONPRIV_RANGE_MASK));
    return ((en & GTREF_NONPRIV_OFFSET_MASK) & ~(bsz - 1u)) == (off & ~(bsz - 1u));
}

static bool reg_nonpriv_flag(int e, uint32_t off)
{
    int re = -1;
    const gtref_reg_def *d = gtref_reg_lookup(off, GTREF_MAX_ENGINES, &re);
    return d && (re == e || !(d->flags & GTREF_REGF_ENGINE)) && (d->flags & GTREF_REGF_NONPRIV);
}

/* C13 and C37: may a non-privileged batch of engine p write absolute offset off? */
bool gen_np_allowed(const engine_plan *p, uint32_t off)
{
    bool allow = false;
    for (size_t k = 0; k < p->nnpent; k++) {
        uint32_t en = p->npent[k];
        if (!np_covers(en, off)) continue;
        if (en & GTREF_NONPRIV_DENY) return false;
        unsigned acc = (en & GTREF_NONPRIV_ACCESS_MASK) >> GTREF_NONPRIV_ACCESS_SHIFT;
        allow |= acc == 0 || acc == 2;
    }
    return allow || reg_nonpriv_flag(p->e, off);
}

/* A hang-mode fault at a GGTT spot of a PPGTT engine needs a privileged path: from a non-privileged batch its GGTT bit
 * would be a violation (G1, C41) and a batch start there would be fetched through the PPGTT (C10). */
bool gen_bad_needs_priv(const engine_plan *p)
{
    return p->bad_kind >= BADK_FAULT_DATA && p->ppgtt && p->nfspots && p->fspots[0].ggtt;
}

/* nonpriv_entries_pct: all 12 entries, each an allow (RW, WR or RD) over one of the engine's other registers, or a
 * deny over a GPR / MI_PREDICATE register (NONPRIV flag) or over one of those registers; a range of 1, 4, 16 or 64
 * dwords (a deny over GPRs 1 or 4) with the address anywhere inside the block. Then the pools: forced (allowed
 * registers, the targets lri_target whitelists) and np_out (registers a non-privileged batch may not write). */
void gen_np_entries(gen *g, engine_plan *p)
{
    uint32_t base = gtref_engines[p->e].base;
    p->nnpent = GTREF_FORCE_TO_NONPRIV_COUNT;
    for (size_t k = 0; k < p->nnpent; k++) {
        unsigned kind = (unsigned)range(g, 0, 9);
        uint32_t r, rng = (uint32_t)range(g, 0, 3), acc, deny = 0;
        if (kind < 6 || !p->nown_other) {
            r = p->nown_other ? p->own_other[range(g, 0, p->nown_other - 1)] : gen_gpr(g);
            acc = pct(g, 40) ? 0u : pct(g, 60) ? 2u : 1u;
        } else {
            deny = GTREF_NONPRIV_DENY;
            acc = (uint32_t)range(g, 0, 2);
            if (kind < 8) {
                r = pct(g, 70) ? gen_gpr(g) : base + (pct(g, 50) ? GTREF_MI_PREDICATE_SRC0 : GTREF_MI_PREDICATE_DATA);
                rng = (uint32_t)range(g, 0, 1);
            } else {
                r = p->own_other[range(g, 0, p->nown_other - 1)];
            }
        }
        uint32_t bsz = 4u << (2u * rng);
        uint32_t a = (r & ~(bsz - 1u)) + 4u * (uint32_t)range(g, 0, bsz / 4u - 1u);
        p->npent[k] = (a & GTREF_NONPRIV_OFFSET_MASK) | rng | acc << GTREF_NONPRIV_ACCESS_SHIFT | deny;
    }
    p->nforced = p->nnp_out = 0;
    for (size_t i = 0; i < p->nown_other; i++) {
        if (gen_np_allowed(p, p->own_other[i])) p->forced[p->nforced++] = p->own_other[i];
        else p->np_out[p->nnp_out++] = p->own_other[i];
    }
    for (uint32_t i = 0; i < 32 && p->nnp_out < MAX_LRI_POOL; i++)
        if (!gen_np_allowed(p, p->gpr0 + 4u * i) && (p->rp_r < 0 || i / 2u != (uint32_t)p->rp_r))
            p->np_out[p->nnp_out++] = p->gpr0 + 4u * i;
}

/* nonpriv_entries_pct, in a non-privileged batch: an LRI of 2..6 pairs, allowed ones (GPRs, whitelisted registers)
 * and half of the time one forbidden pair (the whole LRI is a NOOP, C13), then an SRM of a GPR it writes; or an LRR
 * or LRM to an allowed or a forbidden target. */
static void unit_nonpriv(gen *g, ectx *x)
{
    engine_plan *p = g->p;
    if (pct(g, 30)) {
        uint32_t t = p->nnp_out && pct(g, 50) ? p->np_out[range(g, 0, p->nnp_out - 1)]
                   : p->nforced && pct(g, 60) ? p->forced[range(g, 0, p->nforced - 1)] : gen_gpr(g);
        if (pct(g, 50)) {
            gen_emit_lrr_regs(g, x, gen_gpr(g), t);
        } else {
            gen_emit_lrm_plain(g, x, gen_operand_np(g, x->nonpriv, OP_D), t);
        }
        return;
    }
    unsigned n = (unsigned)range(g, 2, 6);
    long bad = p->nnp_out && pct(g, 50) ? (long)range(g, 0, n - 1) : -1;
    uint32_t regs[6], vals[6], seen_gpr = 0;
    for (unsigned i = 0; i < n; i++) {
        if ((long)i == bad) regs[i] = p->np_out[range(g, 0, p->nnp_out - 1)];
        else if (p->nforced && pct(g, 40)) regs[i] = p->forced[range(g, 0, p->nforced - 1)];
        else { regs[i] = gen_gpr(g); seen_gpr = regs[i]; }
        vals[i] = data32(g);
    }
    gen_emit_lri_regs(g, x, n, regs, vals, 0);
    if (seen_gpr && pct(g, 60)) gen_emit_srm_to(g, x, false, seen_gpr, gen_operand_np(g, x->nonpriv, OP_D));
}

/* sdi2_pct (C35): MI_STORE_DATA_IMM of 5 dwords without Store Qword (two dwords, iris), 8- or 4-aligned. */
static void unit_sdi2(gen *g, ectx *x)
{
    opnd o;
    o.ggtt = pct(g, 50);
    if (o.ggtt && x->nonpriv && !gen_np_keep_ggtt(g)) o.ggtt = false;   /* G1, C41 */
    int v = gen_view_of(g->p, o.ggtt);
    o.a = pct(g, 50) ? gen_data_addr(g, v, 8, 8, false) : gen_data_addr(g, v, 8, 4, true);
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_STORE_DATA_IMM, 5);
    set(&b, FLD(MI_STORE_DATA_IMM, GGTT), o.ggtt);
    set(&b, FLD(MI_STORE_DATA_IMM, ADDR), o.a);
    set(&b, FLD(MI_STORE_DATA_IMM, DATA), data64(g));
    cmd_end(g, x, &b);
}

/* reg_poll_pct (C33): register poll mode. The engine's one wait on its reserved R[rp_r] (in the ring, after its first
 * chunk), false for the value the host wrote at setup, true for the one the host writes right after submitting the
 * chunk. (Round 1 also waited on another engine's CS_GPR, read as 0: C14 now makes that unimplemented.) */
static bool unit_regpoll(gen *g, ectx *x)
{
    engine_plan *p = g->p;
    uint32_t off, sdd;
    unsigned op;
    if (p->rp_r >= 0 && p->rp_chunk < 0 && x->level == 0 && g->cur_chunk && p->first_chunk_done && pct(g, 70)) {
        uint32_t I = p->rp_init, V = p->rp_val;
        op = (unsigned)range(g, 0, 3);   /* GT/LT by the order, GTE/LTE by the order, EQ, NEQ */
        if (op == 0) { op = V > I ? 0u : 2u; sdd = V > I ? (uint32_t)range(g, I, V - 1u) : (uint32_t)range(g, V + 1u, I); }
        else if (op == 1) { op = V > I ? 1u : 3u; sdd = V > I ? (uint32_t)range(g, I + 1u, V) : (uint32_t)range(g, V, I - 1u); }
        else if (op == 2) { op = 4; sdd = V; }
        else { op = 5; sdd = I; }
        off = p->rp_off;
        g->cur_chunk->regpoll = true;
        p->rp_chunk = 1;
    } else {
        return false;
    }
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_SEMAPHORE_WAIT, 4);
    set(&b, FLD(MI_SEMAPHORE_WAIT, COMPARE), op);
    set(&b, FLD(MI_SEMAPHORE_WAIT, POLL), pct(g, 50));
    set(&b, FLD(MI_SEMAPHORE_WAIT, REG_POLL), 1);
    set(&b, FLD(MI_SEMAPHORE_WAIT, GGTT), pct(g, 50));
    set(&b, FLD(MI_SEMAPHORE_WAIT, DATA), sdd);
    set(&b, FLD(MI_SEMAPHORE_WAIT, ADDR), off);
    cmd_end(g, x, &b);
    return true;
}

/* long_lri_pct (C36): one MI_LOAD_REGISTER_IMM of 10..128 pairs of GPRs per batch (a quarter of them 128: 257 dwords). */
static void unit_long_lri(gen *g, ectx *x)
{
    uint32_t regs[128], vals[128];
    unsigned n = pct(g, 25) ? 128u : (unsigned)range(g, 10, 127);
    for (unsigned i = 0; i < n; i++) {
        regs[i] = gen_gpr(g);
        vals[i] = data32(g);
    }
    gen_emit_lri_regs(g, x, n, regs, vals, 0);
    x->long_done = true;
}

enum xunit { XU_LOAD1, XU_PRED, XU_ATOMIC, XU_CBBE, XU_NONPRIV, XU_SDI2, XU_REGPOLL, XU_LONG_LRI, XU_COUNT };

/* One unit among those the seed enables and the stream x allows; false when there is none (or no room). Called with
 * the variants' stream in g->rng. */
bool gen_emit_xunit(gen *g, ectx *x)
{
    engine_plan *p = g->p;
    bool ok[XU_COUNT] = {
        [XU_LOAD1] = g->x_load1,
        [XU_PRED] = g->x_pred && p->e == 0 && x->level < 2,
        [XU_ATOMIC] = g->x_atomic,
        [XU_CBBE] = g->x_cbbe && !(x->keep_certain && x->level),
        [XU_NONPRIV] = x->nonpriv && (g->x_np >> p->e & 1u),
        [XU_SDI2] = g->x_sdi2,
        [XU_REGPOLL] = g->x_regpoll,
        [XU_LONG_LRI] = g->x_longlri && x->level && !x->long_done,
    };
    unsigned w[XU_COUNT];
    for (int i = 0; i < XU_COUNT; i++) w[i] = ok[i];
    switch (pick_weighted(g, w, XU_COUNT)) {
    case XU_LOAD1: unit_load1(g, x); return true;
    case XU_PRED: return unit_pred(g, x);
    case XU_ATOMIC: unit_atomic(g, x); return true;
    case XU_CBBE: return unit_cbbe(g, x);
    case XU_NONPRIV: unit_nonpriv(g, x); return true;
    case XU_SDI2: unit_sdi2(g, x); return true;
    case XU_REGPOLL: return unit_regpoll(g, x);
    case XU_LONG_LRI: unit_long_lri(g, x); return true;
    default: return false;
    }
}

