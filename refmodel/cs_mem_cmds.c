/* Commands that write memory (SDI, SDX, SRM, REPORT_HEAD, FLUSH_DW, PIPE_CONTROL) or read it (LRM,
 * COPY_MEM_MEM, ATOMIC, SEMAPHORE_WAIT, CONDITIONAL_BATCH_BUFFER_END), and MI_SEMAPHORE_SIGNAL, listed in
 * docs/commands.md §5 with the wait it wakes: docs/commands.md §4-§5.
 * Every write is 8-byte aligned with byte enables (docs/cycle-contract.md §3), in the order given there;
 * register commits follow the writes. Every access is translated (cs_xlate.c): a command operand in the space its
 * ggtt field selects, the status page (HWS_PGA) in the GGTT (docs/gam.md GAM-2, G1). */
#include "cs_internal.h"

#include <setjmp.h>

bool cs_engine_write(gtm *m, int e, bool ggtt, uint64_t va, uint64_t data, uint8_t be)
{
    uint64_t pa;
    bool ok = cs_xlate_access(m, e, GTREF_CLIENT_WR, ggtt, va, &pa, &m->eng[e].fault);
    if (!ok && cs_xlate_unimpl(m->eng[e].fault.type)) return false;   /* G4: the test ends here, no write */
    /* the engine issues the write either way (the scoreboard compares it at the GAM's grant); a write that faults
     * in hang mode is dropped by the GAM (GAM-15): reported with pa = UINT64_MAX, not performed */
    if (m->sink.mem_write) m->sink.mem_write(m->sink.user, e, ggtt, va, ok ? pa : UINT64_MAX, data, be);
    if (ok) gtref_mem_write_be64(m->mem, pa, data, be);
    return ok;
}

void cs_abort_on_fault(gtm *m, int e)
{
    /* GAM-15: "makes no further request for the command in flight". The handlers make their memory accesses before
     * any register commit or engine-state change (docs/commands.md §4: writes first, then commits), so leaving the
     * handler here abandons the command with nothing of it but the writes already made; gtm_step ends it. */
    if (m->eng[e].abort) longjmp(*m->eng[e].abort, 1);
}

void cs_mem_write(cs_cmd *cmd, bool ggtt, uint64_t addr, uint64_t data, uint8_t be)
{
    if (!cs_engine_write(cmd->m, cmd->e, ggtt, addr, data, be)) cs_abort_on_fault(cmd->m, cmd->e);
}

void cs_store_dword(cs_cmd *cmd, bool ggtt, uint64_t a, uint32_t v)
{
    uint64_t q = a & ~7ull;
    if (a & 4) cs_mem_write(cmd, ggtt, q, (uint64_t)v << 32, 0xF0);
    else cs_mem_write(cmd, ggtt, q, v, 0x0F);
}

void cs_store_qword(cs_cmd *cmd, bool ggtt, uint64_t a, uint32_t lo, uint32_t hi)
{
    uint64_t q = a & ~7ull;
    if (!(a & 4)) {
        cs_mem_write(cmd, ggtt, q, (uint64_t)hi << 32 | lo, 0xFF);
    } else {   /* C4: two writes, F0h then 0Fh (the second may be in the next page: translated on its own) */
        cs_mem_write(cmd, ggtt, q, (uint64_t)lo << 32, 0xF0);
        cs_mem_write(cmd, ggtt, q + 8, hi, 0x0F);
    }
}

/* A data read (client DR) of the command in flight: the physical address of va, or the command is abandoned. */
static uint64_t read_pa(cs_cmd *cmd, bool ggtt, uint64_t va)
{
    uint64_t pa = 0;
    if (!cs_xlate_access(cmd->m, cmd->e, GTREF_CLIENT_DR, ggtt, va, &pa, &cmd->g->fault)) cs_abort_on_fault(cmd->m, cmd->e);
    return pa;
}

uint32_t cs_mem_read32(cs_cmd *cmd, bool ggtt, uint64_t addr)
{
    return gtref_mem_read32(cmd->m->mem, read_pa(cmd, ggtt, addr));
}

uint64_t cs_mem_read64(cs_cmd *cmd, bool ggtt, uint64_t addr)
{
    uint64_t pa = read_pa(cmd, ggtt, addr);   /* 8-byte aligned: one line, one translation */
    return gtref_mem_read64(cmd->m->mem, pa);
}

uint64_t cs_hws_base(const cs_cmd *cmd)
{
    return gtm_rv(cmd->m, cmd->e, cmd->m->r_hws) & 0xFFFFF000u;
}

/* G1, C41: in a non-privileged batch, a command that selects the GGTT (its ggtt field, whatever RING_MODE[9] says) for
 * a memory access is a privilege violation. */
static inline bool ggtt_violation(const cs_cmd *cmd, uint64_t sel_ggtt) { return cmd->nonpriv && sel_ggtt != 0; }

/* ---------------- writes only (§4) ---------------- */

int cs_sdi(cs_cmd *cmd)   /* C4, C5, C35 */
{
    if (cmd->len > 5) return cs_unimpl(cmd, "MI_STORE_DATA_IMM len>5");
    if (ggtt_violation(cmd, GTREF_GET(cmd->dw, MI_STORE_DATA_IMM_GGTT))) return cs_priv_violation(cmd);
    uint64_t a = GTREF_GET(cmd->dw, MI_STORE_DATA_IMM_ADDR);
    bool ggtt = cs_op_ggtt(cmd, GTREF_GET(cmd->dw, MI_STORE_DATA_IMM_GGTT));
    if (cmd->len == 4) {
        cs_store_dword(cmd, ggtt, a, cmd->dw[3]);
    } else if (GTREF_GET(cmd->dw, MI_STORE_DATA_IMM_QWORD)) {
        cs_store_qword(cmd, ggtt, a, cmd->dw[3], cmd->dw[4]);
    } else {   /* two dwords, each exactly as a dword store at its address, in order (C35) */
        cs_store_dword(cmd, ggtt, a, cmd->dw[3]);
        cs_store_dword(cmd, ggtt, a + 4u, cmd->dw[4]);
    }
    return GTM_RETIRED;
}

int cs_sdx(cs_cmd *cmd)   /* C19 */
{
    if (GTREF_GET(cmd->dw, MI_STORE_DATA_INDEX_PPHWSP)) return cs_unimpl(cmd, "MI_STORE_DATA_INDEX pphwsp");
    uint64_t a = cs_hws_base(cmd) | GTREF_GET(cmd->dw, MI_STORE_DATA_INDEX_OFFSET);
    if (cmd->len == 3) cs_store_dword(cmd, true, a, cmd->dw[2]);   /* the status page: GGTT (G1) */
    else cs_store_qword(cmd, true, a, cmd->dw[2], cmd->dw[3]);
    return GTM_RETIRED;
}

int cs_srm(cs_cmd *cmd)
{
    /* the violation (G1) is decided by the command's encoding, before its predicate */
    if (ggtt_violation(cmd, GTREF_GET(cmd->dw, MI_STORE_REGISTER_MEM_GGTT))) return cs_priv_violation(cmd);
    if (GTREF_GET(cmd->dw, MI_STORE_REGISTER_MEM_PREDICATE) && !cs_pred_result(cmd)) return GTM_RETIRED;
    uint32_t off = cs_mmio_abs(cmd, GTREF_GET(cmd->dw, MI_STORE_REGISTER_MEM_CS_MMIO) != 0,
                               (uint32_t)GTREF_GET(cmd->dw, MI_STORE_REGISTER_MEM_REG));   /* C38 */
    if (!cs_own_reg(cmd, off)) return cs_unimpl_reg(cmd, false, off);                      /* C14 */
    uint32_t v = cs_reg_read(cmd, off);
    cs_store_dword(cmd, cs_op_ggtt(cmd, GTREF_GET(cmd->dw, MI_STORE_REGISTER_MEM_GGTT)),
                   GTREF_GET(cmd->dw, MI_STORE_REGISTER_MEM_ADDR), v);
    return GTM_RETIRED;
}

int cs_report_head(cs_cmd *cmd)   /* C20: status-page dword 4; RING_HEAD is committed after, by the engine */
{
    cs_store_dword(cmd, true, cs_hws_base(cmd) + 0x10u, gtm_rv(cmd->m, cmd->e, cmd->m->r_head));   /* GGTT (G1) */
    return GTM_RETIRED;
}

int cs_flush_dw(cs_cmd *cmd)   /* C24 */
{
    const uint32_t *dw = cmd->dw;
    uint64_t ps = GTREF_GET(dw, MI_FLUSH_DW_POST_SYNC);
    if (ps == 2) return cs_unimpl(cmd, "MI_FLUSH_DW post_sync=2");
    if (ps == 3) return cs_unimpl(cmd, "MI_FLUSH_DW post_sync=TIMESTAMP");
    if (ps == 1 && !GTREF_GET(dw, MI_FLUSH_DW_STORE_INDEX) && ggtt_violation(cmd, GTREF_GET(dw, MI_FLUSH_DW_GGTT)))
        return cs_priv_violation(cmd);   /* G1: a post-sync write to the GGTT (store_index: the status page, no violation) */
    if (ps == 1) {
        uint64_t a = GTREF_GET(dw, MI_FLUSH_DW_ADDR);
        bool index = GTREF_GET(dw, MI_FLUSH_DW_STORE_INDEX) != 0;
        bool ggtt = index || cs_op_ggtt(cmd, GTREF_GET(dw, MI_FLUSH_DW_GGTT));   /* store_index: the status page */
        if (index) a = cs_hws_base(cmd) | (a & 0xFF8u);
        if (cmd->len == 4) cs_store_dword(cmd, ggtt, a, dw[3]);
        else cs_store_qword(cmd, ggtt, a, dw[3], dw[4]);
    }
    if (GTREF_GET(dw, MI_FLUSH_DW_NOTIFY)) gtm_irq(cmd->m, cmd->e, GTREF_IRQ_PIPECTL_NOTIFY);
    return GTM_RETIRED;
}

int cs_pipe_control(cs_cmd *cmd)   /* C25 */
{
    const uint32_t *dw = cmd->dw;
    uint64_t ps = GTREF_GET(dw, PIPE_CONTROL_POST_SYNC);
    if (ps == 2) return cs_unimpl(cmd, "PIPE_CONTROL post_sync=PS_DEPTH_COUNT");
    if (ps == 3) return cs_unimpl(cmd, "PIPE_CONTROL post_sync=TIMESTAMP");
    if (GTREF_GET(dw, PIPE_CONTROL_LRI_POST_SYNC)) return cs_unimpl(cmd, "PIPE_CONTROL lri_post_sync");
    if (ps == 1 && !GTREF_GET(dw, PIPE_CONTROL_STORE_INDEX) && ggtt_violation(cmd, GTREF_GET(dw, PIPE_CONTROL_GGTT)))
        return cs_priv_violation(cmd);   /* G1: a post-sync write to the GGTT (store_index: the status page, no violation) */
    if (ps == 1) {
        uint64_t a = GTREF_GET(dw, PIPE_CONTROL_ADDR);
        bool index = GTREF_GET(dw, PIPE_CONTROL_STORE_INDEX) != 0;
        bool ggtt = index || cs_op_ggtt(cmd, GTREF_GET(dw, PIPE_CONTROL_GGTT));   /* store_index: the status page */
        if (index) a = cs_hws_base(cmd) + (a & 0xFFCu);
        uint64_t data = GTREF_GET(dw, PIPE_CONTROL_DATA);
        cs_store_qword(cmd, ggtt, a, (uint32_t)data, (uint32_t)(data >> 32));
    }
    if (GTREF_GET(dw, PIPE_CONTROL_NOTIFY)) gtm_irq(cmd->m, cmd->e, GTREF_IRQ_PIPECTL_NOTIFY);
    return GTM_RETIRED;
}

/* ---------------- reads (§5) ---------------- */

int cs_lrm(cs_cmd *cmd)
{
    if (GTREF_GET(cmd->dw, MI_LOAD_REGISTER_MEM_LOOP_VAR)) return cs_unimpl(cmd, "MI_LOAD_REGISTER_MEM loop_var");   /* C39 */
    uint32_t off = cs_mmio_abs(cmd, GTREF_GET(cmd->dw, MI_LOAD_REGISTER_MEM_CS_MMIO) != 0,
                               (uint32_t)GTREF_GET(cmd->dw, MI_LOAD_REGISTER_MEM_REG));   /* C38 */
    /* G1, C13, C41: a GGTT operand or a target not allowed from a non-privileged batch: a NOOP without the read */
    if (ggtt_violation(cmd, GTREF_GET(cmd->dw, MI_LOAD_REGISTER_MEM_GGTT)) || !cs_write_allowed(cmd, off))
        return cs_priv_violation(cmd);
    if (!cs_own_reg(cmd, off)) return cs_unimpl_reg(cmd, true, off);   /* C6: before the read */
    uint32_t v = cs_mem_read32(cmd, cs_op_ggtt(cmd, GTREF_GET(cmd->dw, MI_LOAD_REGISTER_MEM_GGTT)),
                               GTREF_GET(cmd->dw, MI_LOAD_REGISTER_MEM_ADDR));
    cs_reg_write(cmd, off, v, 0);
    return GTM_RETIRED;
}

int cs_copy_mem_mem(cs_cmd *cmd)
{
    if (ggtt_violation(cmd, GTREF_GET(cmd->dw, MI_COPY_MEM_MEM_GGTT_SRC) | GTREF_GET(cmd->dw, MI_COPY_MEM_MEM_GGTT_DST)))
        return cs_priv_violation(cmd);   /* G1: either operand in the GGTT */
    /* the source and the destination each in the space of its own bit (GAM-2) */
    uint32_t v = cs_mem_read32(cmd, cs_op_ggtt(cmd, GTREF_GET(cmd->dw, MI_COPY_MEM_MEM_GGTT_SRC)),
                               GTREF_GET(cmd->dw, MI_COPY_MEM_MEM_SRC));
    cs_store_dword(cmd, cs_op_ggtt(cmd, GTREF_GET(cmd->dw, MI_COPY_MEM_MEM_GGTT_DST)), GTREF_GET(cmd->dw, MI_COPY_MEM_MEM_DST), v);
    return GTM_RETIRED;
}

int cs_cond_bb_end(cs_cmd *cmd)   /* C26 */
{
    const uint32_t *dw = cmd->dw;
    /* in the ring, or with Compare Semaphore = 0: a NOOP without a read */
    if (cmd->level == CS_RING || !GTREF_GET(dw, MI_CONDITIONAL_BATCH_BUFFER_END_SEMAPHORE)) return GTM_RETIRED;
    if (ggtt_violation(cmd, GTREF_GET(dw, MI_CONDITIONAL_BATCH_BUFFER_END_GGTT))) return cs_priv_violation(cmd);   /* G1 */
    bool ggtt = cs_op_ggtt(cmd, GTREF_GET(dw, MI_CONDITIONAL_BATCH_BUFFER_END_GGTT));
    uint64_t a = GTREF_GET(dw, MI_CONDITIONAL_BATCH_BUFFER_END_ADDR);
    /* docs/execlists.md EL-32: in execlist mode the decision may be on the data of the DUT's read (the caller's) */
    uint64_t dut = 0;
    bool use_dut = cmd->m->el_dut_data && cs_el_mode(cmd->m, cmd->e);
    if (use_dut && !cs_el_cond_data(cmd->m, cmd->e, &dut)) return GTM_EL_WAIT;   /* nothing changed */
    uint32_t v;
    if (GTREF_GET(dw, MI_CONDITIONAL_BATCH_BUFFER_END_MASK_MODE)) {   /* one qword read: mask (low) AND data (high) */
        uint64_t q = cs_mem_read64(cmd, ggtt, a);
        if (use_dut) q = dut;
        v = (uint32_t)q & (uint32_t)(q >> 32);
    } else {
        v = cs_mem_read32(cmd, ggtt, a);
        if (use_dut) v = (uint32_t)dut;
    }
    if (v <= (uint32_t)GTREF_GET(dw, MI_CONDITIONAL_BATCH_BUFFER_END_DATA))
        cmd->g->level = CS_RING;   /* ends the batch; from a second level both levels: back to the ring */
    return GTM_RETIRED;
}

/* C27, C32. Poll mode and signal mode alike: the model runs commands when the scoreboard needs them, so it
 * completes the wait when the condition holds in its memory (a legal stimulus makes a signal-mode condition true
 * only by a write that the writer follows with MI_SEMAPHORE_SIGNAL: contract §8); until then GTM_STALLED. How
 * often a signal-mode wait reads SAD is the scoreboard's check (the re-read rule, contract §3). */
int cs_semaphore_wait(cs_cmd *cmd)
{
    const uint32_t *dw = cmd->dw;
    uint64_t op = GTREF_GET(dw, MI_SEMAPHORE_WAIT_COMPARE);
    if (op > 5) return cs_unimpl(cmd, "MI_SEMAPHORE_WAIT compare>5");
    uint32_t sad;
    if (GTREF_GET(dw, MI_SEMAPHORE_WAIT_REG_POLL)) {   /* C33: the register at absolute DW2[22:2], read as C14; ggtt ignored */
        uint32_t off = dw[2] & GTREF_LRI_OFFSET_MASK;
        if (!cs_own_reg(cmd, off)) return cs_unimpl_reg(cmd, false, off);
        sad = cs_reg_read(cmd, off);
    } else {
        /* G1: memory poll or signal mode with ggtt from a non-privileged batch */
        if (ggtt_violation(cmd, GTREF_GET(dw, MI_SEMAPHORE_WAIT_GGTT))) return cs_priv_violation(cmd);
        sad = cs_mem_read32(cmd, cs_op_ggtt(cmd, GTREF_GET(dw, MI_SEMAPHORE_WAIT_GGTT)), GTREF_GET(dw, MI_SEMAPHORE_WAIT_ADDR));
    }
    uint32_t sdd = (uint32_t)GTREF_GET(dw, MI_SEMAPHORE_WAIT_DATA);
    bool ok;
    switch (op) {
    case 0: ok = sad > sdd; break;
    case 1: ok = sad >= sdd; break;
    case 2: ok = sad < sdd; break;
    case 3: ok = sad <= sdd; break;
    case 4: ok = sad == sdd; break;
    default: ok = sad != sdd; break;
    }
    return ok ? GTM_RETIRED : GTM_STALLED;
}

/* C32: sets the target engine's pending-signal flag at its retire. The model does not track the flag (it
 * completes waits on their condition), so the signal has no effect here: no write, no commit but a ring
 * command's RING_HEAD; Target Context ID and Post-Sync Operation have no visible effect. Target Engine Select
 * DW0[18:15]: 0..4 and 6..14 name engines (those the kit lacks: no effect); 5 and 15 name none: unimplemented. */
int cs_semaphore_signal(cs_cmd *cmd)
{
    uint64_t t = GTREF_GET(cmd->dw, MI_SEMAPHORE_SIGNAL_TARGET);
    if (t == 5 || t == 15) return cs_unimpl(cmd, t == 5 ? "MI_SEMAPHORE_SIGNAL target=5" : "MI_SEMAPHORE_SIGNAL target=15");
    return GTM_RETIRED;
}

/* MI_ATOMIC (A.3, C28). */
enum { AT_SIZE_DWORD = 0, AT_SIZE_QWORD = 1 };

int cs_atomic(cs_cmd *cmd)
{
    const uint32_t *dw = cmd->dw;
    unsigned op = (unsigned)GTREF_GET(dw, MI_ATOMIC_OP);
    unsigned size = (unsigned)GTREF_GET(dw, MI_ATOMIC_SIZE);
    bool inl = GTREF_GET(dw, MI_ATOMIC_INLINE) != 0;
    if (size > AT_SIZE_QWORD) return cs_unimpl(cmd, size == 2 ? "MI_ATOMIC size=OCTWORD" : "MI_ATOMIC size=3");
    bool q = size == AT_SIZE_QWORD;
    unsigned base = op & 0x1Fu;
    if (op == 0x4E) return cs_unimpl(cmd, "MI_ATOMIC op=CMP_WR16B");
    if ((op & ~0x2Fu) || base < 0x01 || base > 0x0F || (op & 0x10u)) return cs_unimpl(cmd, "MI_ATOMIC op (undefined)");
    bool op8b = (op & 0x20u) != 0;
    if (op8b != q) return cs_unimpl(cmd, op8b ? "MI_ATOMIC 8B op with size=DWORD" : "MI_ATOMIC dword op with size=QWORD");
    uint64_t a = GTREF_GET(dw, MI_ATOMIC_ADDR);
    if (q && (a & 4)) return cs_unimpl(cmd, "MI_ATOMIC qword addr not 8-aligned");

    uint64_t mask = q ? ~0ull : 0xFFFFFFFFull;
    uint64_t op1, op2;
    if (inl) {   /* DW3 op1 lo, DW4 op2 lo, DW5 op1 hi, DW6 op2 hi, whatever the length (C28) */
        op1 = GTREF_GET(dw, MI_ATOMIC_OPERAND1_0) | (q ? GTREF_GET(dw, MI_ATOMIC_OPERAND1_1) << 32 : 0);
        op2 = GTREF_GET(dw, MI_ATOMIC_OPERAND2_0) | (q ? GTREF_GET(dw, MI_ATOMIC_OPERAND2_1) << 32 : 0);
    } else {     /* op1 = R0 = {CS_GPR1, CS_GPR0}, op2 = R2 = {CS_GPR5, CS_GPR4} (C28) */
        op1 = cs_gpr_read64(cmd, 0);
        op2 = cs_gpr_read64(cmd, 2);
    }
    op1 &= mask;
    op2 &= mask;
    if (ggtt_violation(cmd, GTREF_GET(dw, MI_ATOMIC_GGTT))) return cs_priv_violation(cmd);   /* G1 */
    bool ggtt = cs_op_ggtt(cmd, GTREF_GET(dw, MI_ATOMIC_GGTT));
    uint64_t old = q ? cs_mem_read64(cmd, ggtt, a) : cs_mem_read32(cmd, ggtt, a);
    /* signed view of a dword or qword */
    int64_t so = q ? (int64_t)old : (int64_t)(int32_t)(uint32_t)old;
    int64_t s1 = q ? (int64_t)op1 : (int64_t)(int32_t)(uint32_t)op1;
    uint64_t nv;
    switch (base) {
    case 0x01: nv = old & op1; break;                      /* AND */
    case 0x02: nv = old | op1; break;                      /* OR */
    case 0x03: nv = old ^ op1; break;                      /* XOR */
    case 0x04: nv = op1; break;                            /* MOVE */
    case 0x05: nv = old + 1; break;                        /* INC */
    case 0x06: nv = old - 1; break;                        /* DEC */
    case 0x07: nv = old + op1; break;                      /* ADD */
    case 0x08: nv = old - op1; break;                      /* SUB */
    case 0x09: nv = op1 - old; break;                      /* RSUB */
    case 0x0A: nv = so > s1 ? old : op1; break;            /* IMAX */
    case 0x0B: nv = so < s1 ? old : op1; break;            /* IMIN */
    case 0x0C: nv = old > op1 ? old : op1; break;          /* UMAX */
    case 0x0D: nv = old < op1 ? old : op1; break;          /* UMIN */
    case 0x0E: nv = old == op1 ? op2 : old; break;         /* CMP_WR */
    default: nv = old - 1; break;                          /* PREDEC */
    }
    nv &= mask;
    if (q) cs_mem_write(cmd, ggtt, a, nv, 0xFF);
    else cs_store_dword(cmd, ggtt, a, (uint32_t)nv);
    if (GTREF_GET(dw, MI_ATOMIC_RETURN_DATA)) {
        /* the old value into R4: QWORD CS_GPR8 then CS_GPR9, DWORD only CS_GPR8, each only if it changes (C28) */
        if (q) cs_gpr_write64(cmd, 4, old);
        else cs_commit_if_changed(cmd, cmd->m->r_gpr[8], (uint32_t)old);
    }
    return GTM_RETIRED;
}

bool gtm_is_signal_wait(const gtm_retire *r)
{
    const gtref_cmd_def *c = r->len == 4 ? gtref_cmd_find(r->dw[0]) : NULL;
    /* a register-poll wait (C33) always polls: never signal mode, whatever Wait Mode says */
    return c && c->id == GTREF_CMD_MI_SEMAPHORE_WAIT && !r->nooped && !r->priv_violation && !GTREF_GET(r->dw, MI_SEMAPHORE_WAIT_POLL) &&
           !GTREF_GET(r->dw, MI_SEMAPHORE_WAIT_REG_POLL);
}
