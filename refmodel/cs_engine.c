/* The command streamer of one engine: fetch from the ring or a batch level, legality, MI_SET_PREDICATE's
 * NOOPing, dispatch through a handler table indexed by gtref_cmd_id, and the commands that only move
 * control or registers (NOOP, USER_INTERRUPT, ARB_*, WAIT_FOR_EVENT, BATCH_BUFFER_START/END, LRI, LRR).
 * docs/commands.md §2-§4, docs/cycle-contract.md §2 and §4. All state is on the gtm handle. */
#include "cs_internal.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>

/* ---------------- ring arithmetic ---------------- */

static uint32_t ring_size(const gtm *m, int e)
{
    return (((m->val[e][m->r_ctl] >> GTREF_CTL_LEN_SHIFT) & GTREF_CTL_LEN_MAX) + 1u) * 4096u;
}

/* x mod sz without a division when x is already below sz (the usual case: offsets are kept inside the ring) */
static inline uint32_t ring_mod(uint32_t x, uint32_t sz) { return x < sz ? x : x % sz; }

static uint32_t head_offset(const gtm *m, int e)
{
    return ring_mod(m->val[e][m->r_head] & GTREF_HEAD_OFFSET_MASK, ring_size(m, e));
}

static uint32_t tail_offset(const gtm *m, int e)
{
    return ring_mod(m->val[e][m->r_tail] & GTREF_TAIL_OFFSET_MASK, ring_size(m, e));
}

static uint64_t ring_addr(const gtm *m, int e, uint32_t off)
{
    return (uint64_t)(m->val[e][m->r_start] & 0xFFFFF000u) + ring_mod(off, ring_size(m, e));
}

bool gtm_engine_idle(const gtm *m, int e)
{
    const cs_engine *g = &m->eng[e];
    if (g->halted) return false;
    if (cs_el_mode(m, e)) return cs_el_idle(m, e);   /* docs/execlists.md EL-1, EL-30 */
    if (g->level != CS_RING) return false;
    return !(m->val[e][m->r_ctl] & GTREF_CTL_ENABLE) || head_offset(m, e) == tail_offset(m, e);
}

bool gtm_engine_halted(const gtm *m, int e) { return m->eng[e].halted; }
bool gtm_engine_in_batch(const gtm *m, int e) { return m->eng[e].level != CS_RING; }

/* ---------------- register helpers (docs/commands.md §2) ---------------- */

uint32_t cs_reg_read(const cs_cmd *cmd, uint32_t off)
{
    unsigned ri = gtm_eng_reg(cmd->m, cmd->e, off);
    return ri == NO_REG ? 0u : gtm_rv(cmd->m, cmd->e, ri);
}

int cs_unimpl_reg(cs_cmd *cmd, bool write, uint32_t off)
{
    /* C6 (writes), C14 (reads): the hardware reaches any MMIO offset; the kit has no path from an engine to the others */
    snprintf(cmd->g->note, sizeof cmd->g->note, "%s %s 0x%05x outside the engine (%s)", cmd->c->name,
             write ? "write" : "read", off, write ? "C6" : "C14");
    return cs_unimpl(cmd, cmd->g->note);
}

/* C37: whether FORCE_TO_NONPRIV entry value v covers absolute offset off: both agree above the entry's block (the
 * naturally aligned block of 1, 4, 16 or 64 dwords holding the entry's address [25:2]). */
static inline bool nonpriv_covers(uint32_t v, uint32_t off)
{
    uint32_t block = 4u << (2u * (v & GTREF_NONPRIV_RANGE_MASK));   /* 4, 16, 64, 256 bytes */
    return ((off ^ (v & GTREF_NONPRIV_OFFSET_MASK)) & ~(block - 1u)) == 0;
}

bool cs_write_allowed(const cs_cmd *cmd, uint32_t off)
{
    if (!cmd->nonpriv) return true;
    const gtm *m = cmd->m;
    int e = cmd->e;
    unsigned ri = gtm_eng_reg(m, e, off);
    bool allow = ri != NO_REG && (gtref_regs[ri].flags & GTREF_REGF_NONPRIV);
    for (unsigned k = 0; k < GTREF_FORCE_TO_NONPRIV_COUNT; k++) {
        uint32_t v = m->val[e][m->r_nonpriv[k]];
        if (!nonpriv_covers(v, off)) continue;
        if (v & GTREF_NONPRIV_DENY) return false;                          /* a deny wins over everything (C37) */
        uint32_t access = (v & GTREF_NONPRIV_ACCESS_MASK) >> GTREF_NONPRIV_ACCESS_SHIFT;
        if (access == 0 || access == 2) allow = true;                      /* RW or WR */
    }
    return allow;
}

void cs_reg_write(cs_cmd *cmd, uint32_t off, uint32_t val, uint32_t keep)
{
    gtm *m = cmd->m;
    int e = cmd->e;
    unsigned ri = gtm_eng_reg(m, e, off);
    if (ri == NO_REG) return;                              /* the caller made it unimplemented (C6) */
    const gtref_reg_def *d = &gtref_regs[ri];
    if (!(gtref_reg_rw(d, e) || d->w1c_mask)) return;     /* no writable bit (C6) */
    uint32_t old = m->val[e][ri];
    uint32_t v = gtref_reg_apply_write_engine(d, e, old, val);
    gtm_commit(m, e, e, ri, (v & ~keep) | (old & keep));
}

void cs_commit_if_changed(cs_cmd *cmd, unsigned ri, uint32_t v)
{
    if (cmd->m->val[cmd->e][ri] != v) gtm_commit(cmd->m, cmd->e, cmd->e, ri, v);
}

uint64_t cs_gpr_read64(const cs_cmd *cmd, unsigned n)
{
    const gtm *m = cmd->m;
    return (uint64_t)m->val[cmd->e][m->r_gpr[2 * n + 1]] << 32 | m->val[cmd->e][m->r_gpr[2 * n]];
}

void cs_gpr_write64(cs_cmd *cmd, unsigned n, uint64_t v)
{
    cs_commit_if_changed(cmd, cmd->m->r_gpr[2 * n], (uint32_t)v);
    cs_commit_if_changed(cmd, cmd->m->r_gpr[2 * n + 1], (uint32_t)(v >> 32));
}

/* ---------------- simple commands (docs/commands.md §4) ---------------- */

static int cs_noop(cs_cmd *cmd)
{
    if (GTREF_GET(cmd->dw, MI_NOOP_NOPID_WRITE))
        gtm_commit(cmd->m, cmd->e, cmd->e, cmd->m->r_nopid, (uint32_t)GTREF_GET(cmd->dw, MI_NOOP_NOPID));
    return GTM_RETIRED;
}

static int cs_user_interrupt(cs_cmd *cmd)
{
    gtm_irq(cmd->m, cmd->e, GTREF_IRQ_USER);
    return GTM_RETIRED;
}

static int cs_retire_only(cs_cmd *cmd) { (void)cmd; return GTM_RETIRED; }   /* ARB_CHECK, ARB_ON_OFF (C18) */

static int cs_wait_for_event(cs_cmd *cmd)
{
    if (GTREF_GET(cmd->dw, MI_WAIT_FOR_EVENT_WAIT_ENABLES)) return cs_unimpl(cmd, "MI_WAIT_FOR_EVENT wait");
    return GTM_RETIRED;
}

static int cs_lri(cs_cmd *cmd)
{
    uint32_t bwd = (uint32_t)GTREF_GET(cmd->dw, MI_LOAD_REGISTER_IMM_BWD), keep = 0;
    for (int b = 0; b < 4; b++)
        if (bwd & (1u << b)) keep |= 0xFFu << (8 * b);
    bool rel = GTREF_GET(cmd->dw, MI_LOAD_REGISTER_IMM_CS_MMIO) != 0;
    unsigned n = gtref_group_count(cmd->c, cmd->len);
    const gtref_field_def *freg = GTREF_FIELD(MI_LOAD_REGISTER_IMM_REG), *fval = GTREF_FIELD(MI_LOAD_REGISTER_IMM_VALUE);
    /* C13, C41: from a non-privileged batch, one pair not allowed makes the whole command a privilege violation (a NOOP);
     * the privilege rule comes before C6's */
    if (cmd->nonpriv)
        for (unsigned k = 0; k < n; k++)
            if (!cs_write_allowed(cmd, cs_mmio_abs(cmd, rel, (uint32_t)gtref_group_get_inline(cmd->dw, cmd->c, k, freg))))
                return cs_priv_violation(cmd);
    /* C6: every pair is checked before any commits: one target outside the engine makes the command unimplemented */
    for (unsigned k = 0; k < n; k++) {
        uint32_t off = cs_mmio_abs(cmd, rel, (uint32_t)gtref_group_get_inline(cmd->dw, cmd->c, k, freg));
        if (!cs_own_reg(cmd, off)) return cs_unimpl_reg(cmd, true, off);
    }
    for (unsigned k = 0; k < n; k++)
        cs_reg_write(cmd, cs_mmio_abs(cmd, rel, (uint32_t)gtref_group_get_inline(cmd->dw, cmd->c, k, freg)),
                     (uint32_t)gtref_group_get_inline(cmd->dw, cmd->c, k, fval), keep);
    return GTM_RETIRED;
}

static int cs_lrr(cs_cmd *cmd)
{
    const uint32_t *dw = cmd->dw;
    uint32_t src = cs_mmio_abs(cmd, GTREF_GET(dw, MI_LOAD_REGISTER_REG_CS_MMIO_SRC) != 0,
                               (uint32_t)GTREF_GET(dw, MI_LOAD_REGISTER_REG_SRC));
    uint32_t dst = cs_mmio_abs(cmd, GTREF_GET(dw, MI_LOAD_REGISTER_REG_CS_MMIO_DST) != 0,
                               (uint32_t)GTREF_GET(dw, MI_LOAD_REGISTER_REG_DST));
    if (!cs_write_allowed(cmd, dst)) return cs_priv_violation(cmd);   /* C13, C41: first */
    if (!cs_own_reg(cmd, src)) return cs_unimpl_reg(cmd, false, src);  /* C14 */
    if (!cs_own_reg(cmd, dst)) return cs_unimpl_reg(cmd, true, dst);   /* C6 */
    cs_reg_write(cmd, dst, cs_reg_read(cmd, src), 0);
    return GTM_RETIRED;
}

/* ---------------- batch buffers (docs/commands.md §3) ---------------- */

static void commit_batch_regs(cs_cmd *cmd, unsigned r_addr, unsigned r_udw, unsigned r_state, uint64_t a, bool ppgtt)
{
    cs_commit_if_changed(cmd, r_addr, (uint32_t)a);
    cs_commit_if_changed(cmd, r_udw, (uint32_t)(a >> 32) & 0xFFFFu);
    cs_commit_if_changed(cmd, r_state, ppgtt ? GTREF_BB_STATE_PPGTT : 0u);
}

static int cs_bbs(cs_cmd *cmd)
{
    const uint32_t *dw = cmd->dw;
    gtm *m = cmd->m;
    cs_engine *g = cmd->g;
    if (GTREF_GET(dw, MI_BATCH_BUFFER_START_RS_ENABLE)) return cs_unimpl(cmd, "MI_BATCH_BUFFER_START rs_enable");
    if (GTREF_GET(dw, MI_BATCH_BUFFER_START_PREDICATE)) {   /* C17: MI_PREDICATE_RESULT_1 bit 0, render only */
        if (cmd->e != 0) return cs_unimpl(cmd, "MI_BATCH_BUFFER_START predicate (not RCS0)");
        if (!(gtm_rv(m, cmd->e, m->r_pred_result1) & 1u)) return GTM_RETIRED;
    }
    uint64_t a = GTREF_GET(dw, MI_BATCH_BUFFER_START_ADDR);
    /* C10: the effective PPGTT bit is the start's own Address Space Indicator OR the effective bit of the batch holding
     * the start (from the ring: its own bit alone); it gives the new level's fetch space (GAM-2), its privilege (C13)
     * and bit 5 of BB_STATE / SBB_STATE */
    bool ppgtt = GTREF_GET(dw, MI_BATCH_BUFFER_START_PPGTT) != 0 || (cmd->level != CS_RING && g->bb_ppgtt[cmd->level]);
    if (cmd->level == CS_RING || (cmd->level == CS_BB1 && !GTREF_GET(dw, MI_BATCH_BUFFER_START_SECOND))) {
        /* a first-level start from the ring, or a first-level chain (C9, C15) */
        g->level = CS_BB1;
        g->bb_addr[CS_BB1] = a;
        g->bb_ppgtt[CS_BB1] = ppgtt;
        commit_batch_regs(cmd, m->r_bb_addr, m->r_bb_udw, m->r_bb_state, a, ppgtt);
    } else {
        /* a second-level call from the first level (the return address is bb_addr[1], already past this
         * command; the parent is the calling first level), or a second-level chain (the parent is the current
         * second level) (C16) */
        g->level = CS_BB2;
        g->bb_addr[CS_BB2] = a;
        g->bb_ppgtt[CS_BB2] = ppgtt;
        commit_batch_regs(cmd, m->r_sbb_addr, m->r_sbb_udw, m->r_sbb_state, a, ppgtt);
    }
    return GTM_RETIRED;
}

void cs_batch_end(cs_cmd *cmd)
{
    if (cmd->level == CS_BB2) cmd->g->level = CS_BB1;       /* return to the first level */
    else if (cmd->level == CS_BB1) cmd->g->level = CS_RING; /* return to the ring */
}

static int cs_bbe(cs_cmd *cmd)
{
    if (GTREF_GET(cmd->dw, MI_BATCH_BUFFER_END_END_CONTEXT)) return cs_unimpl(cmd, "MI_BATCH_BUFFER_END end_context");  /* C39 */
    cs_batch_end(cmd);   /* in the ring: a NOOP (C8) */
    return GTM_RETIRED;
}

/* ---------------- dispatch ---------------- */

/* The commands the model executes (docs/commands.md); any other defined command is UNIMPLEMENTED. `no_data_access`:
 * the handler makes no memory access, so it never leaves through cs_abort_on_fault and runs without run_handler's
 * setjmp (it only reads and commits registers and changes the engine's state). */
typedef struct cs_command_impl {
    cs_handler run;
    bool no_data_access;
} cs_command_impl;

static const cs_command_impl handlers[GTREF_CMD_COUNT] = {
    [GTREF_CMD_MI_NOOP] = {cs_noop, true},
    [GTREF_CMD_MI_SET_PREDICATE] = {cs_set_predicate, false},
    [GTREF_CMD_MI_USER_INTERRUPT] = {cs_user_interrupt, false},
    [GTREF_CMD_MI_WAIT_FOR_EVENT] = {cs_wait_for_event, true},
    [GTREF_CMD_MI_ARB_CHECK] = {cs_retire_only, true},
    [GTREF_CMD_MI_REPORT_HEAD] = {cs_report_head, false},
    [GTREF_CMD_MI_ARB_ON_OFF] = {cs_retire_only, true},
    [GTREF_CMD_MI_BATCH_BUFFER_END] = {cs_bbe, true},
    [GTREF_CMD_MI_PREDICATE] = {cs_predicate, false},
    [GTREF_CMD_MI_MATH] = {cs_math, false},
    [GTREF_CMD_MI_SEMAPHORE_SIGNAL] = {cs_semaphore_signal, false},
    [GTREF_CMD_MI_SEMAPHORE_WAIT] = {cs_semaphore_wait, false},
    [GTREF_CMD_MI_STORE_DATA_IMM] = {cs_sdi, false},
    [GTREF_CMD_MI_STORE_DATA_INDEX] = {cs_sdx, false},
    [GTREF_CMD_MI_LOAD_REGISTER_IMM] = {cs_lri, true},
    [GTREF_CMD_MI_STORE_REGISTER_MEM] = {cs_srm, false},
    [GTREF_CMD_MI_FLUSH_DW] = {cs_flush_dw, false},
    [GTREF_CMD_MI_LOAD_REGISTER_MEM] = {cs_lrm, false},
    [GTREF_CMD_MI_LOAD_REGISTER_REG] = {cs_lrr, true},
    [GTREF_CMD_MI_COPY_MEM_MEM] = {cs_copy_mem_mem, false},
    [GTREF_CMD_MI_ATOMIC] = {cs_atomic, false},
    [GTREF_CMD_MI_BATCH_BUFFER_START] = {cs_bbs, true},
    [GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END] = {cs_cond_bb_end, false},
    [GTREF_CMD_PIPE_CONTROL] = {cs_pipe_control, false},
};

bool gtm_cmd_has_handler(int id) { return id >= 0 && id < GTREF_CMD_COUNT && handlers[id].run != NULL; }

/* Commands MI_SET_PREDICATE never turns into NOOPs (docs/commands.md §4, C23). */
static bool set_predicate_exempt(unsigned id)
{
    return id == GTREF_CMD_MI_SET_PREDICATE || id == GTREF_CMD_MI_BATCH_BUFFER_START ||
           id == GTREF_CMD_MI_BATCH_BUFFER_END || id == GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END;
}

/* The error chain (docs/interrupts.md IRQ-5): the status write of the CS_MASTER_ERROR event, if IMR and HWSTAM let it
 * (IRQ-4), before the first commit; then IPEHR := DW0 (an illegal command only), ESR |= bit, EIR |= bit when EMR's bit is
 * 0, one commit each in that order; the event is raised only when the command set EIR (EIR's bit rose); the engine
 * halts. An illegal command (C2, C3) sets bit 0; a page fault in hang mode (docs/gam.md GAM-15) bit 4 without IPEHR. */
void cs_error_chain(gtm *m, int e, uint32_t bit, bool ipehr, uint32_t dw0)
{
    bool set_eir = !(m->val[e][m->r_emr] & bit);
    /* "if and only if the command set EIR (EIR was 0: the rising edge of the ISR Master Error level, which is the OR
     * of the EIR bits)": a standing bit 2 of a privilege violation (C41) leaves no edge */
    bool rose = set_eir && m->val[e][m->r_eir] == 0;
    if (rose) gtm_irq(m, e, GTREF_IRQ_CS_MASTER_ERROR);
    if (ipehr) gtm_commit(m, e, e, m->r_ipehr, dw0);
    gtm_commit(m, e, e, m->r_esr, m->val[e][m->r_esr] | bit);
    if (set_eir) gtm_commit(m, e, e, m->r_eir, m->val[e][m->r_eir] | bit);
    m->eng[e].halted = true;
}

/* C41: a privilege violation: the error chain's order with bit 2, no IPEHR, each commit only if it changes, no halt;
 * CS_MASTER_ERROR iff it sets EIR from 0. */
int cs_priv_violation(cs_cmd *cmd)
{
    gtm *m = cmd->m;
    int e = cmd->e;
    uint32_t eir = m->val[e][m->r_eir];
    bool set_eir = !(m->val[e][m->r_emr] & CS_ERR_PRIV);
    if (set_eir && eir == 0) gtm_irq(m, e, GTREF_IRQ_CS_MASTER_ERROR);   /* the status write (IRQ-4) before the commits */
    cs_commit_if_changed(cmd, m->r_esr, m->val[e][m->r_esr] | CS_ERR_PRIV);
    if (set_eir) cs_commit_if_changed(cmd, m->r_eir, eir | CS_ERR_PRIV);
    cmd->violation = true;
    return GTM_RETIRED;
}

static void raise_error(gtm *m, int e, uint32_t dw0) { cs_error_chain(m, e, GTREF_ERR_INSTRUCTION, true, dw0); }

/* A command ended by a fault in hang mode (GAM-15): "as an illegal command ends", with ESR/EIR bit 4 (page table
 * error, BYT-REG L2422) instead of bit 0 and no IPEHR commit. */
static void raise_fault(gtm *m, int e) { cs_error_chain(m, e, GTREF_ERR_PAGE_TABLE, false, 0); }

static void set_fault(gtm_retire *r, const cs_fault *f)
{
    r->fault = true;
    r->fault_type = f->type;
    r->fault_client = f->client;
    r->fault_ggtt = f->ggtt;
    r->fault_va = f->va;
}

static void set_note(gtm_retire *r, const char *note)
{
    size_t n = strlen(note);
    if (n >= sizeof r->note) n = sizeof r->note - 1;
    memcpy(r->note, note, n);
    r->note[n] = 0;
}

/* Read n dwords of engine e's command stream from physical addr (contiguous memory). */
static void read_dwords(gtm *m, int e, uint64_t addr, uint32_t *dw, unsigned n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t pn = addr >> 12;
    if ((addr & 0xFFFu) + 4u * n <= 0x1000u) {   /* within one page: the cached page when it is the same */
        if (m->fetch_pn[e] != pn + 1) {
            const uint8_t *p = gtref_mem_page(m->mem, addr);
            if (p) { m->fetch_pn[e] = pn + 1; m->fetch_page[e] = p; }
        }
        if (m->fetch_pn[e] == pn + 1) { memcpy(dw, m->fetch_page[e] + (addr & 0xFFFu), 4u * n); return; }
    }
    gtref_mem_read(m->mem, addr, dw, 4u * n);
#else
    for (unsigned i = 0; i < n; i++) dw[i] = gtref_mem_read32(m->mem, addr + 4u * i);
#endif
}

/* Internal status of fetch: an instruction fetch faulted in hang mode (r->fault says how). */
#define CS_FETCH_FAULT (-2)

/* The page of the last translation of one fetch(): the command's later dwords in the same page reuse it (nothing can
 * change memory or a register between the two halves of a fetch). */
typedef struct fetch_xlate { bool valid; uint64_t vpage, ppage; } fetch_xlate;

/* What a walk of engine e in space ggtt read besides the page and the space: the window (gtm.fwin) is valid while it is
 * unchanged, as cs_xlate_walk's cache entries are. */
static uint64_t fetch_stamp(const gtm *m, bool ggtt)
{
    return ggtt ? gtref_mem_watched_writes(m->mem) : gtref_mem_write_count(m->mem);
}

/* Whether engine e's fetch window holds graphics address va's page of space ggtt as it is now: then the window's page
 * gives the same bytes a walk and a read would. Never on a big-endian host (the page holds little-endian dwords). */
static inline bool fetch_win_holds(const gtm *m, int e, bool ggtt, uint64_t va)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const cs_fetch_win *w = &m->fwin[e];
    if (!w->valid || w->vpage != va >> GTREF_PAGE_SHIFT || w->ggtt != ggtt || w->writes != fetch_stamp(m, ggtt))
        return false;
    return ggtt || (w->pdp_l == m->val[e][m->r_pdp0_ldw] && w->pdp_u == m->val[e][m->r_pdp0_udw] &&
                    w->dclv == m->val[e][m->r_dclv]);
#else
    (void)m; (void)e; (void)ggtt; (void)va;
    return false;
#endif
}

/* n dwords at graphics address va, all in one page, read through engine e's fetch window: the same bytes a walk and a
 * read would give. False (nothing read) when the window does not hold va's page as it is now. */
static bool fetch_fast(const gtm *m, int e, bool ggtt, uint64_t va, uint32_t *dw, unsigned n)
{
    if (!fetch_win_holds(m, e, ggtt, va)) return false;
    memcpy(dw, m->fwin[e].page + (va & (GTREF_PAGE_SIZE - 1u)), 4u * n);
    return true;
}

/* Fetch dwords [from, to) of the command at r->addr into r->dw, translating each page the command's dwords lie in
 * (client IF, space ggtt: GAM-2). A fault in continue mode reads the bit-39 address (GAM-15; a legal stimulus never
 * has one, docs/gam.md §5); a fault in hang mode stops the fetch at that dword's page: returns false with *f. Faults
 * are recorded (GAM-14) only when record is set (gtm_step; gtm_peek changes nothing). A translated page that exists
 * becomes the engine's fetch window. */
static bool fetch_dwords(gtm *m, int e, bool ggtt, uint32_t head_off, gtm_retire *r, unsigned from, unsigned to,
                         bool record, cs_fault *f, fetch_xlate *x)
{
    for (unsigned i = from; i < to;) {
        uint64_t va = r->level == CS_RING ? ring_addr(m, e, head_off + 4u * i) : r->addr + 4ull * i;
        /* the dwords left in va's page; a ring is whole pages at a page-aligned start, so its end is a page end */
        unsigned n = (unsigned)((GTREF_PAGE_SIZE - (va & (GTREF_PAGE_SIZE - 1u))) / 4u);
        if (n > to - i) n = to - i;
        uint64_t pa;
        uint8_t type;
        if (x->valid && x->vpage == va >> GTREF_PAGE_SHIFT) {
            pa = x->ppage | (va & (GTREF_PAGE_SIZE - 1u));
        } else if (cs_xlate_walk(m, e, ggtt, va, &pa, &type)) {
            *x = (fetch_xlate){ true, va >> GTREF_PAGE_SHIFT, pa & ~(uint64_t)(GTREF_PAGE_SIZE - 1u) };
            const uint8_t *page = gtref_mem_page(m->mem, pa);
            if (page)
                m->fwin[e] = (cs_fetch_win){ true, ggtt, va >> GTREF_PAGE_SHIFT, fetch_stamp(m, ggtt),
                    ggtt ? 0 : m->val[e][m->r_pdp0_ldw], ggtt ? 0 : m->val[e][m->r_pdp0_udw], ggtt ? 0 : m->val[e][m->r_dclv],
                    page };
        } else {
            *f = (cs_fault){ true, type, GTREF_CLIENT_IF, ggtt, va & ~63ull };   /* the line's address (GAM-1) */
            if (cs_xlate_unimpl(type)) return false;                               /* G4: not a fault */
            if (record) cs_xlate_record(m, e, f);
            if (!(m->val[0][m->r_gab_ctl] & GTREF_GAB_CTL_CONTINUE)) return false;
            pa = (va & GTREF_FAULT_CONTINUE_MASK) | GTREF_FAULT_CONTINUE_BIT;
        }
        read_dwords(m, e, pa, r->dw + i, n);
        i += n;
    }
    return true;
}

/* An instruction fetch walked into a large page (G4): the test ends unimplemented; nothing was recorded. */
static int fetch_unimpl(gtm_retire *r, const cs_fault *f)
{
    r->len = 1;
    cs_xlate_unimpl_note(r->note, sizeof r->note, "instruction fetch", f);
    return GTM_UNIMPLEMENTED;
}

/* Whether the command is an MI_FLUSH_DW or PIPE_CONTROL with TLB Invalidate (docs/gam.md GAM-12, G15). */
static bool invalidates_tlb(const gtref_cmd_def *c, const uint32_t *dw)
{
    return (c->id == GTREF_CMD_MI_FLUSH_DW && GTREF_GET(dw, MI_FLUSH_DW_TLB_INVALIDATE)) ||
           (c->id == GTREF_CMD_PIPE_CONTROL && GTREF_GET(dw, PIPE_CONTROL_TLB_INVALIDATE));
}

/* Fetch and decode engine e's next command into r (addr, dw, len, level) without executing it or changing
 * anything architectural but, with record, the fault record of an instruction fetch (GAM-14). Returns -1 when a
 * whole, legal command the model executes is there (*pc its definition, *head_off its ring offset),
 * CS_FETCH_FAULT when a page of it faulted in hang mode (r->fault..., r->dw[0] its DW0 when DW0's page translated,
 * else 0, r->len 1), else the status gtm_step returns: GTM_IDLE, GTM_HALTED, GTM_STALLED (not wholly before TAIL),
 * GTM_ERROR (illegal: the caller raises it) or GTM_UNIMPLEMENTED. */
static inline __attribute__((always_inline)) int fetch(gtm *m, int e, gtm_retire *r, const gtref_cmd_def **pc,
                                                     uint32_t *head_off, bool record)
{
    cs_engine *g = &m->eng[e];
    r->addr = 0;
    r->len = 0;
    r->note[0] = 0;
    r->nooped = false;
    r->tlb_invalidate = false;
    r->fault = false;
    r->fault_type = r->fault_client = 0;
    r->fault_ggtt = false;
    r->fault_va = 0;
    r->priv_violation = false;
    r->el_point = r->el_csb_steps = 0;
    r->el_broken = false;
    r->in_batch = g->level != CS_RING;
    r->level = g->level;   /* enum cs_level matches gtm_retire.level: 0 ring, 1 first, 2 second level */
    if (g->halted) return GTM_HALTED;

    uint8_t level = g->level;
    *head_off = 0;
    uint32_t avail = 0;   /* in the ring: dwords between head and tail (nothing in a fetch changes a register) */
    if (level == CS_RING) {
        /* gtm_engine_idle, head_offset, ring_addr and ring_avail with the ring's size and offsets computed once */
        uint32_t sz = ring_size(m, e), h = head_offset(m, e), t = tail_offset(m, e);
        if (!(m->val[e][m->r_ctl] & GTREF_CTL_ENABLE) || h == t) return GTM_IDLE;
        *head_off = h;
        r->addr = (uint64_t)(m->val[e][m->r_start] & 0xFFFFF000u) + h;   /* h < sz: ring_addr(m, e, h) */
        avail = ring_mod(t + sz - h, sz) / 4u;
    } else {
        r->addr = g->bb_addr[level];
    }
    /* GAM-2: the ring in the GGTT, a batch in the space its start selected (the PPGTT only with RING_MODE[9]) */
    bool ggtt = level == CS_RING || cs_xlate_ggtt(m, e, !g->bb_ppgtt[level]);
    uint32_t *dw = r->dw;
    cs_fault f;
    fetch_xlate x = { false, 0, 0 };
    r->len = 1;
    /* through the fetch window when it holds DW0's page, else translated (GAM-15: DW0's page faulted: dw0 = 0) */
    const uint8_t *wp = NULL;   /* DW0 in the window's page: nothing changes memory or a register before the rest is read */
    if (fetch_win_holds(m, e, ggtt, r->addr)) {
        wp = m->fwin[e].page + (r->addr & (GTREF_PAGE_SIZE - 1u));
        memcpy(dw, wp, 4u);
    } else if (!fetch_dwords(m, e, ggtt, *head_off, r, 0, 1, record, &f, &x)) {
        dw[0] = 0;
        if (cs_xlate_unimpl(f.type)) return fetch_unimpl(r, &f);
        set_fault(r, &f);
        return CS_FETCH_FAULT;
    }
    unsigned slot = (dw[0] ^ dw[0] >> 8 ^ dw[0] >> 16 ^ dw[0] >> 23) & (DCACHE_SIZE - 1u);
    if (!m->dcache[slot].valid || m->dcache[slot].dw0 != dw[0]) {
        const gtref_cmd_def *cd = gtref_cmd_find(dw[0]);
        m->dcache[slot].dw0 = dw[0];
        m->dcache[slot].c = cd;
        m->dcache[slot].legal = cd && gtref_cmd_legal(cd, dw[0], NULL, 0);
        m->dcache[slot].len = cd ? (uint16_t)gtref_cmd_length(cd, dw[0]) : 0;
        uint32_t rsv = cd ? dw[0] & ~gtref_cmd_dw0_defined(cd) : 0;
        m->dcache[slot].rsv = rsv ? (uint8_t)(__builtin_ctz(rsv) + 1) : 0;
        m->dcache[slot].valid = true;
    }
    const gtref_cmd_def *c = m->dcache[slot].c;
    if (!m->dcache[slot].legal || !gtref_cmd_on_engine(c, e)) return GTM_ERROR;
    /* docs/commands.md §1: unimplemented is not illegal. The model executes every command it has a handler
     * for; the table's modelled flag (both sides landed: coverage bins, the generator) may come later. */
    if (!handlers[c->id].run) {
        set_note(r, c->name);
        return GTM_UNIMPLEMENTED;
    }
    /* C39: a set DW0 bit that no field covers makes a modelled command unimplemented; a command MI_SET_PREDICATE
     * NOOPs is not checked for unimplemented uses (C23) */
    if (m->dcache[slot].rsv && !(g->set_pred && !set_predicate_exempt(c->id) && cs_set_predicate_noops(m, e))) {
        snprintf(r->note, sizeof r->note, "%s DW0[%u] reserved", c->name, m->dcache[slot].rsv - 1u);
        return GTM_UNIMPLEMENTED;
    }
    unsigned len = m->dcache[slot].len;
    if (len > GTM_MAX_CMD_DW) {
        set_note(r, c->name);
        return GTM_UNIMPLEMENTED;
    }
    if (level == CS_RING && avail < len) return GTM_STALLED;
    /* the rest: through the window when the whole command is in DW0's page (then, in the ring, it does not wrap: a ring
     * ends at a page end), else translated (GAM-15: a page of it faulted: the command ends with its DW0 delivered) */
    bool one_page = (r->addr & (GTREF_PAGE_SIZE - 1u)) + 4u * len <= GTREF_PAGE_SIZE;
    if (one_page && wp) {
        memcpy(dw + 1, wp + 4u, 4u * (len - 1u));
    } else if (!(one_page && fetch_fast(m, e, ggtt, r->addr + 4u, dw + 1, len - 1u)) &&
               !fetch_dwords(m, e, ggtt, *head_off, r, 1, len, record, &f, &x)) {
        if (cs_xlate_unimpl(f.type)) return fetch_unimpl(r, &f);
        set_fault(r, &f);
        return CS_FETCH_FAULT;
    }
    r->len = len;
    r->nooped = g->set_pred && !set_predicate_exempt(c->id) && cs_set_predicate_noops(m, e);
    r->tlb_invalidate = !r->nooped && invalidates_tlb(c, dw);
    *pc = c;
    return -1;
}

int gtm_peek(gtm *m, int e, gtm_retire *out)
{
    const gtref_cmd_def *c = NULL;
    uint32_t head_off;
    if (cs_el_mode(m, e)) {   /* docs/execlists.md: a switch to make (GTM_SWITCH), or nothing to run */
        int est = cs_el_step(m, e, out, false);
        if (est >= 0) return out->status = est;
    }
    int st = fetch(m, e, out, &c, &head_off, false);
    return out->status = st == CS_FETCH_FAULT ? GTM_ERROR : st < 0 ? GTM_RETIRED : st;
}

/* Internal status of run_handler: a data access faulted in hang mode (m->eng[e].fault). */
#define CS_FAULTED (-3)

/* Run the command's handler; a data access that faults in hang mode leaves it through cs_abort_on_fault (GAM-15:
 * no further request for the command), which returns here as CS_FAULTED. */
static int run_handler(cs_cmd *cmd)
{
    if (handlers[cmd->c->id].no_data_access) return handlers[cmd->c->id].run(cmd);
    jmp_buf jb;
    if (setjmp(jb)) {
        cmd->g->abort = NULL;
        return CS_FAULTED;
    }
    cmd->g->abort = &jb;
    int st = handlers[cmd->c->id].run(cmd);
    cmd->g->abort = NULL;
    return st;
}

int gtm_step(gtm *m, int e, gtm_retire *out)
{
    gtm_retire local;
    gtm_retire *r = out ? out : &local;
    cs_engine *g = &m->eng[e];
    const gtref_cmd_def *c = NULL;
    uint32_t head_off;
    bool el = cs_el_mode(m, e);
    if (el) {   /* docs/execlists.md: a switch to make, or nothing to run */
        int est = cs_el_step(m, e, r, true);
        if (est >= 0) return r->status = est;
    }
    int fst = fetch(m, e, r, &c, &head_off, true);
    if (fst == GTM_ERROR) raise_error(m, e, r->dw[0]);
    if (fst == CS_FETCH_FAULT) {   /* an instruction fetch fault in hang mode (GAM-15) */
        raise_fault(m, e);
        return r->status = GTM_ERROR;
    }
    if (fst >= 0) return r->status = fst;

    uint8_t level = g->level;
    unsigned len = r->len;
    cs_cmd cmd = { m, e, g, c, r->dw, len, level, level != CS_RING && g->bb_ppgtt[level], NULL, false };
    uint64_t saved = g->bb_addr[level];
    if (level != CS_RING) g->bb_addr[level] += 4ull * len;
    int st = r->nooped ? GTM_RETIRED : run_handler(&cmd);   /* a NOOP of its length (C23) */
    if (st == CS_FAULTED && cs_xlate_unimpl(g->fault.type)) {   /* a data access met a large page (G4) */
        cs_xlate_unimpl_note(g->note, sizeof g->note, c->name, &g->fault);
        cmd.note = g->note;
        st = GTM_UNIMPLEMENTED;
    }
    if (st == CS_FAULTED) {   /* a data read or write faulted in hang mode: the writes before it stay (GAM-15) */
        g->bb_addr[level] = saved;
        r->tlb_invalidate = false;
        set_fault(r, &g->fault);
        raise_fault(m, e);
        return r->status = GTM_ERROR;
    }
    if (st != GTM_RETIRED) {   /* nothing happened: the command is retried (STALLED) or ends the test */
        g->bb_addr[level] = saved;
        r->tlb_invalidate = false;
        if (st == GTM_UNIMPLEMENTED) set_note(r, cmd.note ? cmd.note : c->name);
        return r->status = st;
    }
    if (cmd.violation) {   /* a privilege violation is a NOOP (C41): no TLB invalidation either */
        r->priv_violation = true;
        r->tlb_invalidate = false;
    }
    if (level == CS_RING) {   /* RING_HEAD: the last commit of a ring command (cycle contract §2) */
        uint32_t sz = ring_size(m, e), head = m->val[e][m->r_head];
        uint32_t off = head_off + 4u * len, wrap = head >> GTREF_HEAD_WRAP_SHIFT;
        if (off >= sz) { off -= sz; wrap = (wrap + 1u) & GTREF_HEAD_WRAP_MAX; }
        gtm_commit(m, e, e, m->r_head, (wrap << GTREF_HEAD_WRAP_SHIFT) | off | (head & 1u));
    }
    r->status = GTM_RETIRED;
    if (el) cs_el_retired(m, e, r, c->id == GTREF_CMD_MI_ARB_CHECK && !r->nooped && !cmd.violation);
    return GTM_RETIRED;
}
