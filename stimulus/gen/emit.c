/* The constrained-random generator (docs/stimulus-format.md §3), emit.c: the command emitters: one per command
 * family, and gen_emit_cmd, the weighted draw between them. What the generator's files share: gen_internal.h. */
#include "gen_internal.h"

/* ---- addresses and registers ---- */

/* A 64-bit register index as drawn, but never the engine's register-poll register (reg_poll_pct): its neighbour. */
unsigned gen_rreg(const gen *g, unsigned r) { return g->p && g->p->rp_r >= 0 && r == (unsigned)g->p->rp_r ? r ^ 1u : r; }

uint32_t gen_gpr(gen *g)
{
    uint32_t i = (uint32_t)range(g, 0, 31);
    return g->p->gpr0 + 4u * (2u * gen_rreg(g, i / 2u) + (i & 1u));
}

/* The register an LRI/LRR/LRM writes: mostly one of the engine's CS_GPRs; lri_other_pct of the time the
 * engine's other writable registers (never RING_*, HWS_PGA or FORCE_TO_NONPRIV), or one of its read-only registers
 * (dropped, C6). Never an offset outside the issuing engine's registers (C6: unimplemented). In a non-privileged
 * batch a third of the targets are the whitelisted ones (C13), the rest as above: a target not allowed makes the
 * command a privilege violation (C41). */
static uint32_t lri_target(gen *g, const ectx *x)
{
    engine_plan *p = g->p;
    if (x->nonpriv && p->nforced && pct(g, 30)) return p->forced[range(g, 0, p->nforced - 1)];
    if (pct(g, x->nonpriv ? 40 : g->cfg->lri_other_pct)) {
        if (p->nignored && pct(g, g->cfg->lri_ignored_pct)) return p->ignored[range(g, 0, p->nignored - 1)];
        if (p->nown_other) return p->own_other[range(g, 0, p->nown_other - 1)];
    }
    return gen_gpr(g);
}

/* An LRR/SRM source: a register of the issuing engine (C14: any other offset is unimplemented). */
static uint32_t read_source(gen *g)
{
    engine_plan *p = g->p;
    if (pct(g, 50) || !p->nreadable) return gen_gpr(g);
    if (p->nignored && pct(g, 10)) return p->ignored[range(g, 0, p->nignored - 1)];   /* a read-only one */
    return p->readable[range(g, 0, p->nreadable - 1)];
}

/* ---- one emitter per command family ---- */

/* The draws of one gen_emit_noop, without the command: where a command takes a no-op's place and the stream must draw
 * as it would have (alias_signal_pct). */
static void noop_draws(gen *g, const ectx *x)
{
    if (x->level == 0 && !x->in_block && pct(g, 10)) return;
    if (pct(g, 30)) (void)rnd32(g);
}

void gen_emit_noop(gen *g, ectx *x)
{
    cmdbuf b;
    /* MI_BATCH_BUFFER_END in the ring executes as MI_NOOP (spec decision C8): a corner worth visiting */
    if (x->level == 0 && !x->in_block && pct(g, 10)) {
        cmd_begin(&b, GTREF_CMD_MI_BATCH_BUFFER_END, 1);
    } else {
        cmd_begin(&b, GTREF_CMD_MI_NOOP, 1);
        if (pct(g, 30)) {
            set(&b, FLD(MI_NOOP, NOPID_WRITE), 1);
            set(&b, FLD(MI_NOOP, NOPID), rnd32(g) & 0x3FFFFFu);
        }
    }
    cmd_end(g, x, &b);
}

void gen_emit_arb(gen *g, ectx *x)
{
    cmdbuf b;
    bool wfe = gtref_cmd_on_engine(&gtref_cmds[GTREF_CMD_MI_WAIT_FOR_EVENT], g->p->e);
    unsigned k = (unsigned)range(g, 0, wfe ? 2 : 1);
    if (k == 0) cmd_begin(&b, GTREF_CMD_MI_ARB_CHECK, 1);
    else if (k == 1) {
        cmd_begin(&b, GTREF_CMD_MI_ARB_ON_OFF, 1);
        set(&b, FLD(MI_ARB_ON_OFF, ENABLE), pct(g, 50));
    } else cmd_begin(&b, GTREF_CMD_MI_WAIT_FOR_EVENT, 1);   /* no wait enable (commands.md §4) */
    cmd_end(g, x, &b);
}

/* cs_mmio_pct (C38): an offset of the engine's own register window can be written engine-relative with the Add CS
 * MMIO Start Offset bit, as Mesa's Gen11 MI builder writes the 0x2xxx registers. */
static bool rel_ok(const gen *g, uint32_t off)
{
    uint32_t b = gtref_engines[g->p->e].base;
    return off >= b && off - b < 0x1000u;
}
static uint32_t rel(const gen *g, uint32_t off) { return off - gtref_engines[g->p->e].base; }
/* Whether a command of a cs_mmio seed uses the relative form (40%), drawn from the variants' stream. */
static bool use_rel(gen *g) { return g->x_cs_mmio && x_pct(g, 40); }

void gen_emit_lri_regs(gen *g, ectx *x, unsigned nregs, const uint32_t *regs, const uint32_t *vals, uint32_t bwd)
{
    const gtref_cmd_def *c = &gtref_cmds[GTREF_CMD_MI_LOAD_REGISTER_IMM];
    bool r = g->x_cs_mmio;
    for (unsigned i = 0; i < nregs && r; i++) r = rel_ok(g, regs[i]);
    r = r && use_rel(g);
    uint32_t dw0 = gtref_cmd_header(c, 1u + 2u * nregs) | bwd << GTREF_LRI_BWD_SHIFT;
    if (r) gtref_field_set(&dw0, &gtref_fields[FLD(MI_LOAD_REGISTER_IMM, CS_MMIO)], 1);
    push(g, x->d, dw0);
    for (unsigned i = 0; i < nregs; i++) {
        push(g, x->d, r ? rel(g, regs[i]) : regs[i]);
        push(g, x->d, vals[i]);
    }
}

void gen_emit_lri(gen *g, ectx *x)
{
    unsigned nregs = (unsigned)range(g, 1, 6);
    uint32_t regs[6], vals[6];
    for (unsigned i = 0; i < nregs; i++) {
        regs[i] = lri_target(g, x);
        vals[i] = data32(g);
    }
    gen_emit_lri_regs(g, x, nregs, regs, vals, pct(g, 20) ? (uint32_t)range(g, 1, 15) : 0u);
}

void gen_emit_sdi_to(gen *g, ectx *x, opnd o, bool qword, uint64_t v)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_STORE_DATA_IMM, qword ? 5 : 4);
    set(&b, FLD(MI_STORE_DATA_IMM, QWORD), qword);
    set(&b, FLD(MI_STORE_DATA_IMM, GGTT), o.ggtt);
    set(&b, FLD(MI_STORE_DATA_IMM, ADDR), o.a);
    set(&b, FLD(MI_STORE_DATA_IMM, DATA), qword ? v : (uint32_t)v);
    cmd_end(g, x, &b);
}

void gen_emit_sdi(gen *g, ectx *x)
{
    bool qword = pct(g, 40);
    gen_emit_sdi_to(g, x, gen_operand_np(g, x->nonpriv, qword ? OP_Q : OP_D), qword, data64(g));
}

void gen_emit_user_irq(gen *g, ectx *x)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_USER_INTERRUPT, 1);
    cmd_end(g, x, &b);
    if (x->certain) x->irq = true;
}

/* MI_MATH (commands.md §4, C21): a random program over R0..R15 using every opcode; half of the programs are
 * built around a computation (load two GPRs, ADD/SUB/AND/OR/XOR, store ACCU and a flag: Mesa's mi_ult). */
uint32_t gen_alu(unsigned op, unsigned a, unsigned b) { return (uint32_t)op << 20 | (uint32_t)a << 10 | b; }

void gen_emit_math(gen *g, ectx *x)
{
    static const unsigned ops[] = { GTREF_ALU_NOOP, GTREF_ALU_LOAD, GTREF_ALU_LOADINV, GTREF_ALU_LOAD0, GTREF_ALU_LOAD1,
                                    GTREF_ALU_ADD, GTREF_ALU_SUB, GTREF_ALU_AND, GTREF_ALU_OR, GTREF_ALU_XOR,
                                    GTREF_ALU_STORE, GTREF_ALU_STOREINV };
    static const unsigned arith[] = { GTREF_ALU_ADD, GTREF_ALU_SUB, GTREF_ALU_AND, GTREF_ALU_OR, GTREF_ALU_XOR };
    static const unsigned store_src[] = { GTREF_ALU_ACCU, GTREF_ALU_SRCA, GTREF_ALU_SRCB, GTREF_ALU_ZF, GTREF_ALU_CF };
    uint32_t prog[MAX_ALU];
    unsigned n = 0;
    if (pct(g, 50)) {
        prog[n++] = gen_alu(pct(g, 80) ? GTREF_ALU_LOAD : GTREF_ALU_LOADINV, GTREF_ALU_SRCA, gen_rreg(g, (unsigned)range(g, 0, 15)));
        prog[n++] = gen_alu(pct(g, 80) ? GTREF_ALU_LOAD : GTREF_ALU_LOADINV, GTREF_ALU_SRCB, gen_rreg(g, (unsigned)range(g, 0, 15)));
        prog[n++] = gen_alu(arith[range(g, 0, 4)], 0, 0);
        prog[n++] = gen_alu(GTREF_ALU_STORE, gen_rreg(g, (unsigned)range(g, 0, 15)), GTREF_ALU_ACCU);
        prog[n++] = gen_alu(pct(g, 75) ? GTREF_ALU_STORE : GTREF_ALU_STOREINV, gen_rreg(g, (unsigned)range(g, 0, 15)),
                        pct(g, 60) ? GTREF_ALU_CF : GTREF_ALU_ZF);
    }
    unsigned more = (unsigned)range(g, n ? 0 : 1, MAX_ALU - n);
    for (unsigned i = 0; i < more; i++) {
        unsigned op = ops[range(g, 0, sizeof ops / sizeof ops[0] - 1)];
        unsigned d = pct(g, 50) ? GTREF_ALU_SRCA : GTREF_ALU_SRCB;
        unsigned s = pct(g, 70) ? gen_rreg(g, (unsigned)range(g, 0, 15)) : store_src[range(g, 0, 4)];
        if (s == GTREF_ALU_SRCA || s == GTREF_ALU_SRCB) s = GTREF_ALU_ACCU;
        switch (op) {
        case GTREF_ALU_LOAD: case GTREF_ALU_LOADINV: prog[n++] = gen_alu(op, d, s); break;
        case GTREF_ALU_LOAD0: case GTREF_ALU_LOAD1: prog[n++] = gen_alu(op, d, 0); break;
        case GTREF_ALU_STORE: case GTREF_ALU_STOREINV:
            prog[n++] = gen_alu(op, gen_rreg(g, (unsigned)range(g, 0, 15)), store_src[range(g, 0, 4)]);
            break;
        default: prog[n++] = gen_alu(op, 0, 0); break;
        }
    }
    push(g, x->d, gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_MATH], 1u + n));
    for (unsigned i = 0; i < n; i++) push(g, x->d, prog[i]);
}

/* MI_ATOMIC (commands.md §5, C28) on the engine's own store area: every modelled opcode, dword or qword,
 * with or without return data; inline data always where the opcode needs operands, sometimes for the others. */
/* One MI_ATOMIC of len dwords (3 without Inline Data; 5, 7 or 11 with it, C28): Operand1/2 Data Dword 0 from the low
 * halves, Dword 1 from the high halves when hi (a qword, or the ignored dwords 5 and 6 of an 11-dword DWORD op). */
void gen_emit_atomic_cmd(gen *g, ectx *x, opnd o, unsigned base, bool q, unsigned len, bool ret, bool hi,
                            uint64_t op1, uint64_t op2)
{
    bool inl = len > 3;
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_ATOMIC, len);
    set(&b, FLD(MI_ATOMIC, OP), base | (q ? 0x20u : 0u));
    set(&b, FLD(MI_ATOMIC, SIZE), q);
    set(&b, FLD(MI_ATOMIC, INLINE), inl);
    set(&b, FLD(MI_ATOMIC, RETURN_DATA), ret);
    set(&b, FLD(MI_ATOMIC, CS_STALL), pct(g, 20));
    set(&b, FLD(MI_ATOMIC, GGTT), o.ggtt);
    set(&b, FLD(MI_ATOMIC, ADDR), o.a);
    if (inl) {
        set(&b, FLD(MI_ATOMIC, OPERAND1_0), (uint32_t)op1);
        set(&b, FLD(MI_ATOMIC, OPERAND2_0), (uint32_t)op2);
        if (hi) {
            set(&b, FLD(MI_ATOMIC, OPERAND1_1), (uint32_t)(op1 >> 32));
            set(&b, FLD(MI_ATOMIC, OPERAND2_1), (uint32_t)(op2 >> 32));
        }
    }
    cmd_end(g, x, &b);
}

static void emit_atomic_at(gen *g, ectx *x, opnd o, unsigned base, bool q, bool inl, uint64_t op1, uint64_t op2)
{
    bool ret = pct(g, 50);
    gen_emit_atomic_cmd(g, x, o, base, q, inl ? 11u : 3u, ret, q, op1, op2);
}

void gen_emit_atomic(gen *g, ectx *x)
{
    unsigned base = (unsigned)range(g, 0x01, 0x0F);
    bool q = pct(g, 50);
    bool needs = !(base == 0x05 || base == 0x06 || base == 0x0F);   /* INC, DEC, PREDEC take no operand */
    bool inl = needs || pct(g, 30);
    opnd o = gen_operand_np(g, x->nonpriv, q ? OP_Q8 : OP_D);
    uint64_t op1 = data64(g), op2 = data64(g);
    if (base == 0x0E && pct(g, 50)) {   /* CMP_WR: sometimes compare with what is there (a hit) */
        int v = gen_view_of(g->p, o.ggtt);
        uint64_t off = o.a - g->p->areas[v][0].va;
        const uint32_t *hot = g->p->hot_init[v];
        if (off + 8 <= STORE_HOT) op1 = hot[off / 4] | (q ? (uint64_t)hot[off / 4 + 1] << 32 : 0);
    }
    emit_atomic_at(g, x, o, base, q, inl, op1, op2);
}

/* MI_LOAD_REGISTER_REG src -> dst; in cs_mmio seeds now and then with the source, the destination or both relative. */
void gen_emit_lrr_regs(gen *g, ectx *x, uint32_t src, uint32_t dst)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_LOAD_REGISTER_REG, 3);
    unsigned k = use_rel(g) ? (unsigned)x_range(g, 1, 3) : 0u;   /* bit 0: source, bit 1: destination */
    bool rs = (k & 1u) && rel_ok(g, src), rd = (k & 2u) && rel_ok(g, dst);
    set(&b, FLD(MI_LOAD_REGISTER_REG, CS_MMIO_SRC), rs);
    set(&b, FLD(MI_LOAD_REGISTER_REG, CS_MMIO_DST), rd);
    set(&b, FLD(MI_LOAD_REGISTER_REG, SRC), rs ? rel(g, src) : src);
    set(&b, FLD(MI_LOAD_REGISTER_REG, DST), rd ? rel(g, dst) : dst);
    cmd_end(g, x, &b);
}

void gen_emit_lrr(gen *g, ectx *x)
{
    uint32_t src = read_source(g);
    gen_emit_lrr_regs(g, x, src, lri_target(g, x));
}

/* MI_LOAD_REGISTER_MEM of the dword at o into absolute offset reg (no other field set). */
void gen_emit_lrm_plain(gen *g, ectx *x, opnd o, uint32_t reg)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_LOAD_REGISTER_MEM, 4);
    set(&b, FLD(MI_LOAD_REGISTER_MEM, GGTT), o.ggtt);
    set(&b, FLD(MI_LOAD_REGISTER_MEM, REG), reg);
    set(&b, FLD(MI_LOAD_REGISTER_MEM, ADDR), o.a);
    cmd_end(g, x, &b);
}

void gen_emit_lrm(gen *g, ectx *x)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_LOAD_REGISTER_MEM, 4);
    set(&b, FLD(MI_LOAD_REGISTER_MEM, ASYNC), pct(g, 20));
    opnd o = gen_operand_np(g, x->nonpriv, OP_D);
    uint32_t reg = lri_target(g, x);
    bool r = rel_ok(g, reg) && use_rel(g);
    set(&b, FLD(MI_LOAD_REGISTER_MEM, CS_MMIO), r);
    set(&b, FLD(MI_LOAD_REGISTER_MEM, GGTT), o.ggtt);
    set(&b, FLD(MI_LOAD_REGISTER_MEM, REG), r ? rel(g, reg) : reg);
    set(&b, FLD(MI_LOAD_REGISTER_MEM, ADDR), o.a);
    cmd_end(g, x, &b);
}

void gen_emit_srm_to(gen *g, ectx *x, bool predicate, uint32_t reg, opnd o)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_STORE_REGISTER_MEM, 4);
    set(&b, FLD(MI_STORE_REGISTER_MEM, PREDICATE), predicate);
    bool r = rel_ok(g, reg) && use_rel(g);
    set(&b, FLD(MI_STORE_REGISTER_MEM, CS_MMIO), r);
    set(&b, FLD(MI_STORE_REGISTER_MEM, GGTT), o.ggtt);
    set(&b, FLD(MI_STORE_REGISTER_MEM, REG), r ? rel(g, reg) : reg);
    set(&b, FLD(MI_STORE_REGISTER_MEM, ADDR), o.a);
    cmd_end(g, x, &b);
}

void gen_emit_srm_p(gen *g, ectx *x, bool predicate)
{
    opnd o = gen_operand_np(g, x->nonpriv, OP_D);
    gen_emit_srm_to(g, x, predicate, read_source(g), o);
}

void gen_emit_srm(gen *g, ectx *x) { gen_emit_srm_p(g, x, !x->in_block && pct(g, 25)); }

void gen_emit_copy(gen *g, ectx *x)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_COPY_MEM_MEM, 5);
    opnd dst = gen_operand_np(g, x->nonpriv, OP_D), src = gen_operand_np(g, x->nonpriv, OP_D);
    set(&b, FLD(MI_COPY_MEM_MEM, GGTT_DST), dst.ggtt);
    set(&b, FLD(MI_COPY_MEM_MEM, GGTT_SRC), src.ggtt);
    set(&b, FLD(MI_COPY_MEM_MEM, DST), dst.a);
    set(&b, FLD(MI_COPY_MEM_MEM, SRC), src.a);
    cmd_end(g, x, &b);
}

/* MI_CONDITIONAL_BATCH_BUFFER_END (C26): Compare Semaphore, no mask mode; in a batch the rest of it may be
 * skipped, so nothing after it is certain any more. */
void gen_emit_cond_end(gen *g, ectx *x)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END, 4);
    opnd o = gen_operand_np(g, x->nonpriv, OP_Q8);
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, SEMAPHORE), 1);
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, GGTT), o.ggtt);
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, DATA), pct(g, 50) ? rnd32(g) : data32(g));
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, ADDR), o.a);
    cmd_end(g, x, &b);
    if (x->level) x->certain = false;
    if (x->level == 2) x->may_end = true;   /* ends both levels (C26) */
}

/* Into the engine's hardware status page (HWS_PGA, programmed by the host): MI_STORE_DATA_INDEX dword or qword,
 * MI_REPORT_HEAD. */
void gen_emit_hws(gen *g, ectx *x)
{
    cmdbuf b;
    if (pct(g, 25)) {
        cmd_begin(&b, GTREF_CMD_MI_REPORT_HEAD, 1);
    } else {
        bool q = pct(g, 50);
        cmd_begin(&b, GTREF_CMD_MI_STORE_DATA_INDEX, q ? 4 : 3);
        set(&b, FLD(MI_STORE_DATA_INDEX, OFFSET), gen_el_hws_slot(g, 4u * (uint32_t)range(g, 0, q ? 0x3FE : 0x3FF)));
        set(&b, FLD(MI_STORE_DATA_INDEX, DATA), q ? data64(g) : data32(g));
    }
    cmd_end(g, x, &b);
}

/* The flush command of an engine: PIPE_CONTROL on RCS0, MI_FLUSH_DW on the others (commands.md §4, C24, C25), with
 * the fields of their post-sync write and where a store-index write may go in the status page (slot_unit * [0,
 * slot_max]: a qword below the page's end). */
typedef struct flush_cmd {
    int id, post_sync, store_index, notify, tlb, ggtt, addr, data;
    uint32_t slot_unit, slot_max;
    int operand;   /* an address write's operand: OP_Q (PIPE_CONTROL), OP_Q8 (MI_FLUSH_DW) */
} flush_cmd;

static const flush_cmd pipe_control = {
    GTREF_CMD_PIPE_CONTROL, FLD(PIPE_CONTROL, POST_SYNC), FLD(PIPE_CONTROL, STORE_INDEX), FLD(PIPE_CONTROL, NOTIFY),
    FLD(PIPE_CONTROL, TLB_INVALIDATE), FLD(PIPE_CONTROL, GGTT), FLD(PIPE_CONTROL, ADDR), FLD(PIPE_CONTROL, DATA),
    4u, 0x3FDu, OP_Q,
};
static const flush_cmd mi_flush_dw = {
    GTREF_CMD_MI_FLUSH_DW, FLD(MI_FLUSH_DW, POST_SYNC), FLD(MI_FLUSH_DW, STORE_INDEX), FLD(MI_FLUSH_DW, NOTIFY),
    FLD(MI_FLUSH_DW, TLB_INVALIDATE), FLD(MI_FLUSH_DW, GGTT), FLD(MI_FLUSH_DW, ADDR), FLD(MI_FLUSH_DW, DATA),
    8u, 0x1FEu, OP_Q8,
};

static const flush_cmd *flush_of(const gen *g) { return g->p->e == 0 ? &pipe_control : &mi_flush_dw; }

/* A store-index write's offset in the status page. */
static uint32_t flush_slot(gen *g, const flush_cmd *f) { return gen_el_hws_slot(g, f->slot_unit * (uint32_t)range(g, 0, f->slot_max)); }

/* The post-sync write and notify of gen_emit_flush, after the command's own flush bits: GGTT drawn, then the address
 * (a status-page slot with store index, else an operand), then the data (a qword, or a dword). Notify is dropped
 * where the command is a NOOP: a non-privileged batch's post-sync write to a GGTT address (C41). */
static void flush_post_sync(gen *g, ectx *x, cmdbuf *b, const flush_cmd *f, bool write, bool index, bool notify,
                            bool qword)
{
    opnd o = { pct(g, 50), 0 };
    o = index ? (opnd){ o.ggtt, flush_slot(g, f) } : gen_operand_np(g, x->nonpriv && write, f->operand);
    set(b, f->post_sync, write);
    set(b, f->store_index, index);
    set(b, f->notify, notify && !(x->nonpriv && write && !index && o.ggtt));
    set(b, f->ggtt, o.ggtt);
    set(b, f->addr, o.a);
    set(b, f->data, qword ? data64(g) : data32(g));
}

/* Post-sync writes and notify (commands.md §4, C24, C25). */
void gen_emit_flush(gen *g, ectx *x)
{
    cmdbuf b;
    bool write = pct(g, 70), index = pct(g, 25), notify = pct(g, 30), q = true;
    const flush_cmd *f = flush_of(g);
    if (f == &pipe_control) {
        cmd_begin(&b, f->id, 6);
        set(&b, FLD(PIPE_CONTROL, CACHE_BITS), pct(g, 50) ? rnd32(g) & 0xFFu : 0);
        set(&b, FLD(PIPE_CONTROL, CACHE_BITS_HI), pct(g, 30) ? rnd32(g) & 0x1Fu : 0);
        set(&b, FLD(PIPE_CONTROL, CS_STALL), pct(g, 50));
        set(&b, f->tlb, pct(g, 20));
        set(&b, FLD(PIPE_CONTROL, FLUSH_LLC), pct(g, 20));
    } else {
        q = pct(g, 50);
        cmd_begin(&b, f->id, q ? 5 : 4);
        set(&b, FLD(MI_FLUSH_DW, VIDEO_INVALIDATE), pct(g, 20));
        set(&b, FLD(MI_FLUSH_DW, FLUSH_LLC), pct(g, 20));
        set(&b, f->tlb, pct(g, 20));
    }
    flush_post_sync(g, x, &b, f, write, index, notify, q);
    cmd_end(g, x, &b);
}

/* The flush that starts the submission after a remap (plan_remaps): TLB invalidate (tlb, INV_FLUSH; without it when
 * the host invalidates), and a post-sync into the status page or none, never into the remapped pages (GAM-12: the
 * invalidation comes at the retire, after the write). */
void gen_emit_inval_flush(gen *g, ectx *x, bool tlb)
{
    cmdbuf b;
    bool index = pct(g, 50);
    const flush_cmd *f = flush_of(g);
    cmd_begin(&b, f->id, f == &pipe_control ? 6 : 4);
    if (f == &pipe_control) set(&b, FLD(PIPE_CONTROL, CS_STALL), pct(g, 50));
    set(&b, f->post_sync, index);
    set(&b, f->store_index, index);
    set(&b, f->tlb, tlb);
    set(&b, f->ggtt, 1);
    set(&b, f->addr, index ? flush_slot(g, f) : 0u);
    set(&b, f->data, f == &pipe_control ? data64(g) : data32(g));
    cmd_end(g, x, &b);
}

/* MI_SEMAPHORE_WAIT on a semaphore written by an engine of lower rank, or by this engine in its first chunk once
 * that is behind; the compare data is chosen so that the semaphore's final value satisfies the compare, and it
 * stays satisfied (every write of a semaphore writes the same value). Poll mode, or signal mode (sem_signal_pct):
 * the writer follows its last semaphore write with an MI_SEMAPHORE_SIGNAL to every engine of the test, so the
 * condition is made true only by a write followed by a signal to the waiter (cycle contract §8). */
static void emit_mi_signal(gen *g, ectx *x, unsigned t);

void gen_emit_sem_wait(gen *g, ectx *x)
{
    engine_plan *p = g->p;
    size_t cand[SEM_SLOTS], n = 0;
    for (size_t i = 0; i < g->nsems; i++) {
        const engine_plan *w = NULL;
        for (size_t j = 0; j < g->np; j++) if (g->plans[j].e == g->sems[i].writer) w = &g->plans[j];
        if (!w) continue;
        if (w == p ? p->first_chunk_done : w->rank < p->rank) cand[n++] = i;
    }
    if (!n) { gen_emit_noop(g, x); return; }
    const sem_slot *sl = &g->sems[cand[range(g, 0, n - 1)]];
    uint32_t I = sl->init, V = sl->value, sdd;
    unsigned op = (unsigned)range(g, 0, 5);   /* GT GTE LT LTE EQ NEQ */
    bool up = V > I;
    switch (op) {
    case 0: sdd = up ? (uint32_t)range(g, I, V - 1u) : (uint32_t)range(g, 0, V ? V - 1u : 0); if (!up && !V) op = 1; break;
    case 1: sdd = up ? (uint32_t)range(g, pct(g, 40) ? V : I + 1u, V) : (uint32_t)range(g, 0, V); break;
    case 2: sdd = up ? (V == 0xFFFFFFFFu ? (op = 3, V) : (uint32_t)range(g, V + 1u, 0xFFFFFFFFu))
                     : (uint32_t)range(g, V + 1u, I); break;
    case 3: sdd = up ? (uint32_t)range(g, V, 0xFFFFFFFFu) : (pct(g, 50) ? V : (uint32_t)range(g, V, I - 1u)); break;
    case 4: sdd = V; break;
    default: sdd = I; break;
    }
    cmdbuf b;
    bool ggtt = pct(g, 50);
    if (ggtt && x->nonpriv && !gen_np_keep_ggtt(g)) ggtt = false;   /* G1: else a privilege violation (C41), no wait */
    bool poll = !pct(g, g->cfg->sem_signal_pct);
    /* sig_target_pct: right before its own signal-mode wait, a signal to target 8 + the engine's own code (VCS4..VCS7,
     * no effect, C32). A design that decodes Target Engine Select from the Gen9 bits [17:15] sets the engine's own
     * pending-signal flag instead, and the wait re-reads its semaphore without a signal (cycle contract §3). */
    if (!poll && !ggtt && g->x_sig && x_pct(g, 50)) emit_mi_signal(g, x, 8u + gtref_engines[p->e].sem_target);
    /* sem_burst_pct: half the poll-mode waits become signal-mode ones, and a signal to itself right before a
     * signal-mode wait sets its own flag, so an unmet first read is re-read at once (C32) */
    if (g->s_burst) {
        sbegin(g);
        if (poll && pct(g, 50)) poll = false;   /* more signal-mode waits where the bursts are */
        if (!poll && pct(g, 35)) emit_mi_signal(g, x, gtref_engines[p->e].sem_target);
        send(g);
    }
    cmd_begin(&b, GTREF_CMD_MI_SEMAPHORE_WAIT, 4);
    set(&b, FLD(MI_SEMAPHORE_WAIT, COMPARE), op);
    set(&b, FLD(MI_SEMAPHORE_WAIT, POLL), poll);
    set(&b, FLD(MI_SEMAPHORE_WAIT, GGTT), ggtt);
    set(&b, FLD(MI_SEMAPHORE_WAIT, DATA), sdd);
    set(&b, FLD(MI_SEMAPHORE_WAIT, ADDR), gen_sem_addr(g, p, gen_view_of(p, ggtt), sl));
    cmd_end(g, x, &b);
}

/* The write of one of the engine's semaphores (not MI_SEMAPHORE_SIGNAL, which follows the last one): its value, by MI_STORE_DATA_IMM or MI_ATOMIC (MOVE, or CMP_WR
 * from the initial value: the same value whenever it executes). */
void gen_emit_sem_write(gen *g, ectx *x, const sem_slot *sl)
{
    unsigned k = (unsigned)range(g, 0, 2);
    bool ggtt = pct(g, 50) && !x->nonpriv;   /* never a violation: waits count on this write (G1, C41) */
    opnd o = { ggtt, gen_sem_addr(g, g->p, gen_view_of(g->p, ggtt), sl) };
    if (k == 0) gen_emit_sdi_to(g, x, o, false, sl->value);
    else if (k == 1) emit_atomic_at(g, x, o, 0x04, false, true, sl->value, 0);
    else emit_atomic_at(g, x, o, 0x0E, false, true, sl->init, sl->value);
}


/* MI_SEMAPHORE_SIGNAL with Target Engine Select t (0 RCS, 1 VCS0, 2 BCS, 3 VECS, 4 VCS1: commands.md §5, C32).
 * A signal to an engine that waits for nothing, or to one the test lacks, is legal and has no effect but a
 * possible extra read of a signal-mode wait that is not met yet. */
static void emit_mi_signal(gen *g, ectx *x, unsigned t)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_SEMAPHORE_SIGNAL, 2);
    set(&b, FLD(MI_SEMAPHORE_SIGNAL, TARGET), t);
    set(&b, FLD(MI_SEMAPHORE_SIGNAL, POST_SYNC), pct(g, 30));
    set(&b, FLD(MI_SEMAPHORE_SIGNAL, CONTEXT), pct(g, 70) ? 0 : rnd32(g));
    cmd_end(g, x, &b);
}

/* After an engine's last semaphore write: a signal to every engine of the test (itself included), in random
 * order, so that any signal-mode wait on its semaphores is woken after the write (cycle contract §8). */
void gen_emit_signal_all(gen *g, ectx *x)
{
    size_t order[GTREF_MAX_ENGINES];
    for (size_t i = 0; i < g->np; i++) order[i] = i;
    for (size_t i = g->np; i > 1; i--) {
        size_t j = (size_t)range(g, 0, i - 1), t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
    for (size_t i = 0; i < g->np; i++) emit_mi_signal(g, x, gtref_engines[g->plans[order[i]].e].sem_target);
}

/* sem_burst_pct (cycle contract §3, C32a), in p % of the places: before a semaphore write 3..8 MI_SEMAPHORE_SIGNALs; and
 * after the signals to all, and before other ring commands (short_one), 1..2 of them after 0..6 MI_NOOPs each (a last signal, which a take or a retire may meet with no other signal behind it); each after 0..1 MI_NOOP,
 * to one engine of the test drawn at random (70 %: one that may wait on this engine's semaphores, of a higher rank, if
 * any) or each to its own, all from the bursts' own stream. Around a semaphore write, while the waiters' condition is
 * still unmet (before it) or just met (after the signals to all), they land on waits whose read is outstanding, in
 * the cycle a wait takes its flag or retires, and several in one wait. Nothing waits on them: a signal only sets a
 * flag, and a signal-mode wait's condition is made true by the write that precedes the real signals.
 * quiet (1 + a plan index; before the write of a semaphore that engine's ring starts waiting on, quiet_waiter): the
 * burst is a quiet one, all to that engine: 10..40 MI_NOOPs first (the waiter's first read is answered unmet), then
 * 2..4 rounds, each 2..4 signals, each after 0..1 MI_NOOP, a last one after 0..10 MI_NOOPs, and 30..44 MI_NOOPs with
 * no signal. An early signal of a round has the wait take its flag (the grant of a re-read) one read later, and the
 * round's last signal, at a varied distance, sometimes lands in the cycle of that take; it is then the last one for
 * more than GTREF_SEM_TAKE_CYCLES while the wait stays unmet, so a design that drops it leaves the re-read it owes
 * undone (C32a) and nothing hides the loss. With alias_signal_pct a gap holds a signal to target 8 + the waiter's
 * code (no effect, C32) in the place of two of its MI_NOOPs. At most QUIET_BURST_DW dwords. */
void gen_emit_signal_burst(gen *g, ectx *x, bool short_one, unsigned p, size_t quiet)
{
    if (!g->s_burst || !g->nsems) return;   /* no semaphores: no waits for the bursts to meet */
    sbegin(g);
    if (quiet) {
        unsigned t = gtref_engines[g->plans[quiet - 1].e].sem_target;
        unsigned lead = (unsigned)range(g, 10, 40), rounds = (unsigned)range(g, 2, 4);
        for (unsigned j = 0; j < lead; j++) gen_emit_noop(g, x);
        for (unsigned r = 0; r < rounds; r++) {
            unsigned n = (unsigned)range(g, 2, 4);
            for (unsigned i = 0; i < n; i++) {
                unsigned k = (unsigned)range(g, 0, i + 1 < n ? 1 : 10);
                for (unsigned j = 0; j < k; j++) gen_emit_noop(g, x);
                emit_mi_signal(g, x, t);
            }
            unsigned tail = (unsigned)range(g, 30, 44);
            /* alias_signal_pct (its own stream): in the gap, a signal to Target Engine Select 8 + the waiter's code
             * (VCS4..VCS7, not in the kit: no effect, C32); a design that decodes the Gen9 bits [17:15] sets the
             * waiter's flag instead, and its wait, unmet, re-reads without a signal (cycle contract §3) */
            unsigned at = g->alias_sig && a_pct(g, 75) ? (unsigned)a_range(g, 4, tail - 6) : ~0u;
            for (unsigned j = 0; j < tail; j++) {
                if (j == at) {
                    /* in the place of two MI_NOOPs (the burst's length and its stream's draws stay as they are; the
                     * signal's own fields from alias_signal_pct's stream) */
                    noop_draws(g, x);
                    noop_draws(g, x);
                    gtref_rng t0 = g->rng;
                    g->rng = g->arng;
                    emit_mi_signal(g, x, 8u + t);
                    g->arng = g->rng;
                    g->rng = t0;
                    j++;
                    continue;
                }
                gen_emit_noop(g, x);
            }
        }
    } else if (pct(g, p)) {
        unsigned n = short_one ? (unsigned)range(g, 1, 2) : (unsigned)range(g, 3, 8);
        unsigned gap = short_one ? 6 : 1;
        bool one = pct(g, 70);   /* the whole burst to one engine */
        /* the one engine: one that may wait on this engine's semaphores (a higher rank) when there is one */
        size_t up[GTREF_MAX_ENGINES], nup = 0;
        for (size_t i = 0; i < g->np; i++) if (g->plans[i].rank > g->p->rank) up[nup++] = i;
        unsigned t = gtref_engines[g->plans[nup ? up[range(g, 0, nup - 1)] : range(g, 0, g->np - 1)].e].sem_target;
        for (unsigned i = 0; i < n; i++) {
            unsigned k = (unsigned)range(g, 0, gap);
            for (unsigned j = 0; j < k; j++) gen_emit_noop(g, x);
            emit_mi_signal(g, x, one ? t : gtref_engines[g->plans[range(g, 0, g->np - 1)].e].sem_target);
        }
    }
    send(g);
}

/* sem_burst_pct: the first command of a quiet waiter's ring (sem_slot.quiet_waiter), a signal-mode MI_SEMAPHORE_WAIT
 * on semaphore sl of a lower-rank engine, compare EQ its value V or NEQ its initial value I (V != I): unmet until the
 * write, met by it, and the writer's signals to all follow the write (cycle contract §8). */
void gen_emit_quiet_wait(gen *g, ectx *x, const sem_slot *sl)
{
    sbegin(g);
    bool eq = pct(g, 50), ggtt = pct(g, 50);
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_SEMAPHORE_WAIT, 4);
    set(&b, FLD(MI_SEMAPHORE_WAIT, COMPARE), eq ? 4 : 5);
    set(&b, FLD(MI_SEMAPHORE_WAIT, POLL), 0);
    set(&b, FLD(MI_SEMAPHORE_WAIT, GGTT), ggtt);
    set(&b, FLD(MI_SEMAPHORE_WAIT, DATA), eq ? sl->value : sl->init);
    set(&b, FLD(MI_SEMAPHORE_WAIT, ADDR), gen_sem_addr(g, g->p, gen_view_of(g->p, ggtt), sl));
    cmd_end(g, x, &b);
    send(g);
}

/* Watchdog values (commands.md §7, W2-W3): PR_CTR_CTL runs (bits 30:0 = 0) counting clocks or 64-clock
 * periods, or stops (1, or any other value); thresholds small enough to be reached within a test. */
uint32_t gen_wdog_ctl(gen *g)
{
    static const uint32_t v[] = { GTREF_WDOG_COUNT_CLOCKS, 0, GTREF_WDOG_COUNT_CLOCKS, 1,
                                  GTREF_WDOG_COUNT_CLOCKS | 1u };
    return pct(g, 10) ? rnd32(g) : v[range(g, 0, sizeof v / sizeof v[0] - 1)];
}
uint32_t gen_wdog_thrsh(gen *g) { return pct(g, 10) ? (uint32_t)range(g, 1, 8) : (uint32_t)range(g, 20, 900); }

/* RCS0 programs its own watchdog: MI_LOAD_REGISTER_IMM of PR_CTR_THRSH, PR_CTR_CTL or both (privileged: from a
 * non-privileged batch the writes are dropped, C13). */
void gen_emit_watchdog(gen *g, ectx *x)
{
    uint32_t base = gtref_engines[g->p->e].base, regs[2], vals[2];
    unsigned n = 0, k = (unsigned)range(g, 0, 2);
    if (k != 1) { regs[n] = base + GTREF_PR_CTR_THRSH; vals[n++] = gen_wdog_thrsh(g); }
    if (k != 0) { regs[n] = base + GTREF_PR_CTR_CTL; vals[n++] = gen_wdog_ctl(g); }
    gen_emit_lri_regs(g, x, n, regs, vals, 0);
}

void gen_emit_bbs(gen *g, ectx *x, uint64_t addr, bool ppgtt, bool second, bool predicate)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_BATCH_BUFFER_START, 3);
    set(&b, FLD(MI_BATCH_BUFFER_START, PPGTT), ppgtt);
    set(&b, FLD(MI_BATCH_BUFFER_START, SECOND), second);
    set(&b, FLD(MI_BATCH_BUFFER_START, PREDICATE), predicate);
    set(&b, FLD(MI_BATCH_BUFFER_START, ADDR), addr);
    cmd_end(g, x, &b);
}


/* MI_PREDICATE (C22) over sources loaded by LRI (equal half of the time), then a predicated batch call or a
 * predicated MI_STORE_REGISTER_MEM. */
void gen_emit_predicate(gen *g, ectx *x)
{
    engine_plan *p = g->p;
    uint32_t base = gtref_engines[p->e].base;
    if (pct(g, 70)) {
        uint32_t regs[4] = { base + GTREF_MI_PREDICATE_SRC0, base + GTREF_MI_PREDICATE_SRC1, base + GTREF_MI_PREDICATE_DATA, base + GTREF_MI_PREDICATE_SRC0 + 4u };
        uint32_t v0 = data32(g), vals[4] = { v0, pct(g, 50) ? v0 : data32(g), pct(g, 50) ? 0 : data32(g), 0 };
        gen_emit_lri_regs(g, x, (unsigned)range(g, 2, 4), regs, vals, 0);
    }
    static const unsigned loads[3] = { 0, 2, 3 };   /* KEEP, LOAD, LOADINV (1 is reserved) */
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_PREDICATE, 1);
    set(&b, FLD(MI_PREDICATE, COMPARE), range(g, 0, 3));
    set(&b, FLD(MI_PREDICATE, COMBINE), range(g, 0, 3));
    set(&b, FLD(MI_PREDICATE, LOAD), loads[range(g, 0, 2)]);
    cmd_end(g, x, &b);
    if (x->in_block) return;
    /* a predicated MI_BATCH_BUFFER_START on RCS0 only: elsewhere a set Predication Enable is unimplemented (C17) */
    if (x->level < 2 && pct(g, 60) && p->e == 0 && gen_emit_batch_call(g, x, 0, true)) return;
    gen_emit_srm_p(g, x, true);
}

/* MI_SET_PREDICATE block (C23): a mode, one or two simple commands, then NOOP_NEVER again, so that the mode
 * never outlives the block (no batch start/end, semaphore write or wait inside). */
void gen_emit_set_predicate(gen *g, ectx *x)
{
    static const unsigned modes[] = { 0, 1, 2, 3, 4, 15 };
    cmdbuf b;
    if (pct(g, 40)) {   /* give RESULT / RESULT_2 a value first */
        uint32_t base = gtref_engines[g->p->e].base;
        uint32_t regs[2] = { base + (pct(g, 50) ? GTREF_MI_PREDICATE_RESULT : GTREF_MI_PREDICATE_RESULT_2), base + GTREF_MI_PREDICATE_RESULT_2 };
        uint32_t vals[2] = { (uint32_t)range(g, 0, 1), (uint32_t)range(g, 0, 1) };
        gen_emit_lri_regs(g, x, (unsigned)range(g, 1, 2), regs, vals, 0);
    }
    cmd_begin(&b, GTREF_CMD_MI_SET_PREDICATE, 1);
    set(&b, FLD(MI_SET_PREDICATE, ENABLE), modes[range(g, 0, 5)]);
    cmd_end(g, x, &b);
    bool was = x->in_block, cert = x->certain;
    x->in_block = true;
    x->certain = false;
    unsigned n = (unsigned)range(g, 1, 2);
    for (unsigned i = 0; i < n; i++) gen_emit_cmd(g, x, 0);
    x->in_block = was;
    x->certain = cert;
    cmd_begin(&b, GTREF_CMD_MI_SET_PREDICATE, 1);
    cmd_end(g, x, &b);
}


/* The command that faults in hang mode (docs/gam.md GAM-15), at the engine's fault spot: the engine halts there.
 * An instruction-fetch fault is a batch start whose first line is in the spot (a first-level call from the ring;
 * a second-level call or a chain from a first level; a chain at second level): the lines the parser may prefetch
 * are in that page too. A data fault is a store, SRM, LRM, MI_COPY_MEM_MEM (either side), MI_ATOMIC, a post-sync
 * write or (in a batch) MI_CONDITIONAL_BATCH_BUFFER_END with its operand there. */
static void emit_fault_cmd(gen *g, ectx *x)
{
    engine_plan *p = g->p;
    const fspot *f = &p->fspots[0];
    fspot fnp;
    if (x->nonpriv && f->ggtt && !p->ppgtt) {   /* G1: the GGTT bit would be a violation; without RING_MODE[9] bit 0 is GGTT */
        fnp = *f;
        fnp.ggtt = false;
        f = &fnp;
    }
    cmdbuf b;
    if (p->bad_kind == BADK_FAULT_IF) {
        bool ppgtt = p->ppgtt ? !f->ggtt : pct(g, 50);
        uint64_t a = f->va + 8u * range(g, 0, 31);
        bool second = x->level == 1 && pct(g, 60);
        gen_emit_bbs(g, x, a, ppgtt, second, false);
        return;
    }
    unsigned kind = (unsigned)range(g, 0, x->level ? 6 : 5);
    uint32_t lrm_t = 0;
    if (kind == 2) {   /* LRM: in a non-privileged batch a target C13 allows, else it reads nothing (C41) */
        lrm_t = lri_target(g, x);
        for (int k = 0; k < 8 && x->nonpriv && !gen_np_allowed(p, lrm_t); k++) lrm_t = gen_gpr(g);
        if (x->nonpriv && !gen_np_allowed(p, lrm_t)) kind = 0;
    }
    switch (kind) {
    case 0: {
        bool q = pct(g, 40);
        gen_emit_sdi_to(g, x, gen_fault_operand(g, f, q ? OP_Q : OP_D), q, data64(g));
        break;
    }
    case 1: {
        opnd o = gen_fault_operand(g, f, OP_D);
        cmd_begin(&b, GTREF_CMD_MI_STORE_REGISTER_MEM, 4);
        set(&b, FLD(MI_STORE_REGISTER_MEM, GGTT), o.ggtt);
        set(&b, FLD(MI_STORE_REGISTER_MEM, REG), read_source(g));
        set(&b, FLD(MI_STORE_REGISTER_MEM, ADDR), o.a);
        cmd_end(g, x, &b);
        break;
    }
    case 2:
        gen_emit_lrm_plain(g, x, gen_fault_operand(g, f, OP_D), lrm_t);
        break;
    case 3: {
        bool src_faults = pct(g, 50);
        opnd dst = src_faults ? gen_operand_np(g, x->nonpriv, OP_D) : gen_fault_operand(g, f, OP_D);
        opnd src = src_faults ? gen_fault_operand(g, f, OP_D) : gen_operand_np(g, x->nonpriv, OP_D);
        cmd_begin(&b, GTREF_CMD_MI_COPY_MEM_MEM, 5);
        set(&b, FLD(MI_COPY_MEM_MEM, GGTT_DST), dst.ggtt);
        set(&b, FLD(MI_COPY_MEM_MEM, GGTT_SRC), src.ggtt);
        set(&b, FLD(MI_COPY_MEM_MEM, DST), dst.a);
        set(&b, FLD(MI_COPY_MEM_MEM, SRC), src.a);
        cmd_end(g, x, &b);
        break;
    }
    case 4: {
        bool q = pct(g, 50);
        emit_atomic_at(g, x, gen_fault_operand(g, f, q ? OP_Q8 : OP_D), (unsigned)range(g, 0x04, 0x07), q, true, data64(g), 0);
        break;
    }
    case 5: {
        opnd o = gen_fault_operand(g, f, OP_Q8);
        if (p->e == 0) {
            cmd_begin(&b, GTREF_CMD_PIPE_CONTROL, 6);
            set(&b, FLD(PIPE_CONTROL, POST_SYNC), 1);
            set(&b, FLD(PIPE_CONTROL, GGTT), o.ggtt);
            set(&b, FLD(PIPE_CONTROL, ADDR), o.a);
            set(&b, FLD(PIPE_CONTROL, DATA), data64(g));
        } else {
            bool q = pct(g, 50);
            cmd_begin(&b, GTREF_CMD_MI_FLUSH_DW, q ? 5 : 4);
            set(&b, FLD(MI_FLUSH_DW, POST_SYNC), 1);
            set(&b, FLD(MI_FLUSH_DW, GGTT), o.ggtt);
            set(&b, FLD(MI_FLUSH_DW, ADDR), o.a);
            set(&b, FLD(MI_FLUSH_DW, DATA), q ? data64(g) : data32(g));
        }
        cmd_end(g, x, &b);
        break;
    }
    default: {
        opnd o = gen_fault_operand(g, f, OP_Q8);
        cmd_begin(&b, GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END, 4);
        set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, SEMAPHORE), 1);
        set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, GGTT), o.ggtt);
        set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, DATA), data32(g));
        set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, ADDR), o.a);
        cmd_end(g, x, &b);
        break;
    }
    }
}

/* An illegal command: its DW0 (a kind drawn with the w_bad_* weights) and 0..3 random dwords the engine
 * never reads (it halts at DW0). Falls back to another kind when the table leaves none of the drawn one.
 * For an engine whose stopping command is a page fault, that command instead. */
void gen_emit_malformed(gen *g, ectx *x)
{
    if (g->p->bad_kind >= BADK_FAULT_DATA) {
        emit_fault_cmd(g, x);
        return;
    }
    uint32_t dw0 = 0;
    int kind = g->p->bad_kind;
    int rc = kind == GTREF_BAD_ENGINE ? gtref_gen_wrong_engine(g->p->e, rng_source, &g->rng, &dw0)
                                      : gtref_gen_malformed((enum gtref_bad_kind)kind, rng_source, &g->rng, &dw0);
    if (rc) gtref_gen_malformed(GTREF_BAD_TYPE, rng_source, &g->rng, &dw0);   /* always possible */
    push(g, x->d, dw0);
    unsigned junk = (unsigned)range(g, 0, 3);
    for (unsigned i = 0; i < junk; i++) push(g, x->d, data32(g));
}

/* The families that are not a single emitter call in the draw: a batch call (a NOOP when no batch fits) and a
 * semaphore signal to a drawn target. */
void gen_emit_batch(gen *g, ectx *x)
{
    if (!gen_emit_batch_call(g, x, 0, false)) gen_emit_noop(g, x);
}

void gen_emit_sem_signal(gen *g, ectx *x)
{
    unsigned t = (unsigned)range(g, 0, 4);
    if (g->x_sig && x_pct(g, 50)) {   /* sig_target_pct: 4 or 6..14, no effect (C32); never 5 or 15 */
        unsigned k = (unsigned)x_range(g, 0, 9);
        t = k == 0 ? 4u : 5u + k;
    }
    emit_mi_signal(g, x, t);
}

/* The weight and the emitter of each family, from its GTREF_GEN_FAMILIES row. */
#define GEN_FAMILY_WEIGHT(name, option, weight, cli, cmds) [F_##name] = c->w_##name,
#define GEN_FAMILY_EMITTER(name, option, weight, cli, cmds) [F_##name] = gen_emit_##name,
static void (*const emitters[F_COUNT])(gen *g, ectx *x) = {GTREF_GEN_FAMILIES(GEN_FAMILY_EMITTER)};

/* One command (or a short family sequence) drawn by weight, for the stream x. */
void gen_emit_cmd(gen *g, ectx *x, int bad_depth)
{
    const gtref_gen_config *c = g->cfg;
    unsigned w[F_COUNT] = {GTREF_GEN_FAMILIES(GEN_FAMILY_WEIGHT)};
    w[F_batch] = x->level < 2 ? c->w_batch : 0;
    w[F_cond_end] = x->keep_certain && x->level ? 0 : c->w_cond_end;
    w[F_watchdog] = g->p->e == 0 ? c->w_watchdog * (g->race ? 8u : 1u) : 0;
    if (g->contend && g->p->e != 0) {
        /* GAB (BCS0) and GAC (VCS0, VECS0) contending for one class over runs of grants (GAM-27): data reads (LRM,
         * MI_COPY_MEM_MEM's source, MI_ATOMIC) and writes (SDI, SRM, the copy's destination) most of the time */
        w[F_lrm] *= 8;
        w[F_copy] *= 8;
        w[F_srm] *= 4;
        w[F_sdi] *= 2;
        w[F_atomic] *= 2;
    }
    if (x->in_block) {   /* simple commands only */
        w[F_batch] = w[F_user_irq] = w[F_predicate] = w[F_set_predicate] = w[F_cond_end] = w[F_sem_wait] = 0;
        /* execlist mode: no MI_ARB_CHECK while a mode other than NOOP_NEVER is set (docs/execlists.md §8) */
        if (g->p->el) w[F_arb] = 0;
    }
    (void)bad_depth;
    /* a Gen11 variant unit (gen11_unit_pct, in the seeds where a unit knob fired), from the variants' stream */
    if (g->x_units && !x->in_block && x_pct(g, c->gen11_unit_pct)) {
        xbegin(g);
        bool done = gen_emit_xunit(g, x);
        xend(g);
        if (done) return;
    }
    int f = pick_weighted(g, w, F_COUNT);
    if (f >= 0) emitters[f](g, x);
    else gen_emit_noop(g, x);
}

