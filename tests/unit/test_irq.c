/* The model's interrupt logic against docs/interrupts.md, rule by rule (IRQ-n in each test's name or comment).
 * Every expected value is written from the contract, not from the model. A "cycle" here is: at most one host
 * access (gtm_mmio_read/gtm_mmio_write), then engine events (gtm_irq_event), then gtm_tick, the order of IRQ-1
 * in which the scoreboard calls the model. */
#include <criterion/criterion.h>
#include <string.h>

#include "gtref/cmds.h"
#include "gtref/model.h"
#include "gtref/regs.h"

#include "test_support.h"

#define RCS 0x2000u
#define BCS 0x22000u
#define VCS 0x1C0000u
#define VECS 0x1C8000u
#define RING 0x100000u
#define HWSP 0x480000u
enum { E_RCS, E_BCS, E_VCS, E_VECS };
static const uint32_t base[4] = { RCS, BCS, VCS, VECS };
#define USER GTREF_IRQ_USER
#define DW0 GTREF_GT_INTR_DW0
#define DW1 GTREF_GT_INTR_DW1
#define SEL0 GTREF_IIR_REG_SELECTOR0
#define SEL1 GTREF_IIR_REG_SELECTOR1
#define ID0 GTREF_INTR_IDENTITY_REG0
#define ID1 GTREF_INTR_IDENTITY_REG1
#define MSTR GTREF_GFX_MSTR_IRQ

/* Everything the model reports through its sink, in order. */
typedef struct rec { char kind; int e; uint64_t a; uint64_t v; uint8_t be; } rec;
static rec log_[64];
static int nlog;
static bool host_commit;
static uint32_t host_val;

static void on_w(void *u, int e, bool ggtt, uint64_t a, uint64_t pa, uint64_t d, uint8_t be)
{
    (void)ggtt, (void)pa;
    (void)u;
    if (nlog < 64) log_[nlog++] = (rec){ 'W', e, a, d, be };
}
static void on_c(void *u, int src, uint32_t off, uint32_t v)
{
    (void)u;
    if (src == GTM_HOST) { host_commit = true; host_val = v; return; }
    if (nlog < 64) log_[nlog++] = (rec){ 'C', src, off, v, 0 };
}
static void on_i(void *u, int e, uint16_t b)
{
    (void)u;
    if (nlog < 64) log_[nlog++] = (rec){ 'I', e, 0, b, 0 };
}

static gtm *m;
static void make(int engines)
{
    if (m) gtm_destroy(m);
    m = gtm_create(engines);
    cr_assert(m);
    test_identity_ggtt(gtm_mem(m), 0, TEST_IDENTITY_PAGES);   /* every access is translated (docs/gam.md GAM-20) */
    nlog = 0;
    host_commit = false;
    gtm_sink s = { NULL, on_w, on_c, on_i };
    gtm_set_sink(m, &s);
}
static void setup(void) { m = NULL; make(4); }
static void teardown(void) { gtm_destroy(m); m = NULL; }
TestSuite(irq, .init = setup, .fini = teardown);

/* One cycle's host write; returns the value its commit reports (IRQ-20). The cycle does not end. */
static uint32_t hw(uint32_t off, uint32_t val)
{
    host_commit = false;
    gtm_mmio_write(m, off, val);
    cr_assert(host_commit, "a write to 0x%x commits", off);
    return host_val;
}
static uint32_t rd(uint32_t off) { return gtm_mmio_read(m, off, NULL); }
static void tick(void) { gtm_tick(m); }
static gtm_irq_state state(void) { gtm_irq_state s; gtm_irq_get_state(m, &s); return s; }

/* Engine e's enable register, its half, its mask register (docs/interrupts.md §1; I2). */
static uint32_t en_reg(int e) { return e == E_RCS || e == E_BCS ? GTREF_RENDER_COPY_INTR_ENABLE : GTREF_VCS_VECS_INTR_ENABLE; }
static unsigned en_shift(int e) { return e == E_RCS || e == E_VCS ? 16 : 0; }
static const uint32_t mask_reg[4] = { GTREF_RCS0_INTR_MASK, GTREF_BCS_INTR_MASK, GTREF_VCS0_VCS1_INTR_MASK,
                                      GTREF_VECS0_VECS1_INTR_MASK };

/* Setup cycles (each one access and a tick): IMR bits cleared, enabled, and masked or unmasked. */
static void set_imr(int e, uint16_t bits) { hw(base[e] + GTREF_IMR, ~(uint32_t)bits); tick(); }
static void enable(int e, uint16_t bits)
{
    hw(en_reg(e), gtm_reg_peek(m, en_reg(e)) | (uint32_t)bits << en_shift(e));
    tick();
}
static void set_mask(int e, uint16_t field) { hw(mask_reg[e], (uint32_t)field << 16 | 0xFFFFu); tick(); }
static void open_engine(int e, uint16_t bits) { set_imr(e, bits); enable(e, bits); set_mask(e, (uint16_t)~bits); }
/* A cycle with only engine events. */
static void event_cycle(int e, uint16_t bits) { gtm_irq_event(m, e, bits); tick(); }

/* ---------------- IRQ-21, §1: reset ---------------- */

Test(irq, irq21_reset_values)
{
    for (int e = 0; e < 4; e++) {
        cr_assert_eq(gtm_reg_peek(m, base[e] + GTREF_IMR), 0xFFFFFFFFu);
        cr_assert_eq(gtm_reg_peek(m, base[e] + GTREF_HWSTAM), 0xFFFFFFFFu);
        cr_assert_eq(gtm_reg_peek(m, base[e] + GTREF_IPEHR), 0);
        cr_assert_eq(gtm_reg_peek(m, mask_reg[e]), 0xFFFFFFFFu);
    }
    cr_assert_eq(gtm_reg_peek(m, ID0) | gtm_reg_peek(m, ID1) | gtm_reg_peek(m, SEL0) | gtm_reg_peek(m, SEL1), 0);
    cr_assert_eq(gtm_reg_peek(m, DW0) | gtm_reg_peek(m, DW1) | gtm_reg_peek(m, MSTR), 0);
    gtm_irq_state s = state();
    for (int e = 0; e < 4; e++) cr_assert_eq(s.inst_cr[e], 0);
    cr_assert(!s.sv[0] && !s.sv[1] && !s.pend[0] && !s.pend[1] && !s.dw_cr[0] && !s.dw_cr[1]);
    cr_assert(!gtm_irq_line(m));
}

/* ---------------- IRQ-2, IRQ-3: engine events and IMR ---------------- */

/* IRQ-3: IMR resets to all masked: an event is dropped, recorded nowhere; clearing IMR later brings nothing back. */
Test(irq, irq3_imr_masked_event_is_dropped_not_held)
{
    enable(E_RCS, USER);
    set_mask(E_RCS, 0xFFFF);   /* masked in the aggregator: it would be held there if it got through IMR */
    event_cycle(E_RCS, USER);
    cr_assert_eq(state().inst_cr[E_RCS], 0, "dropped at IMR, not latched");
    set_imr(E_RCS, USER);
    set_mask(E_RCS, 0);
    cr_assert_eq(gtm_reg_peek(m, DW0), 0, "nothing held to show on the unmask");
}

/* IRQ-3: IMR as at the end of the cycle: a host write clearing IMR in the event's cycle lets the event through;
 * only the bits clear in IMR[15:0] pass. */
Test(irq, irq3_imr_of_the_events_own_cycle_and_per_bit)
{
    enable(E_RCS, 0xFFFF);
    set_mask(E_RCS, 0xFFFF);
    hw(RCS + GTREF_IMR, ~(uint32_t)USER);   /* the cycle's access */
    gtm_irq_event(m, E_RCS, USER | GTREF_IRQ_PIPECTL_NOTIFY);
    tick();
    cr_assert_eq(state().inst_cr[E_RCS], USER, "s = d & ~IMR: only USER");
}

/* IRQ-2: a retire's event and the watchdog's event of one cycle form one event (OR); IRQ-3 gates the watchdog's
 * with RCS0's IMR as committed (gtm_watchdog_commit). Presented together: 0x80000041. */
Test(irq, irq2_retire_and_watchdog_in_one_cycle_or)
{
    hw(RCS + GTREF_IMR, ~0x41u);
    gtm_watchdog_commit(m, RCS + GTREF_IMR, ~0x41u);
    tick();
    enable(E_RCS, 0x41);
    set_mask(E_RCS, (uint16_t)~0x41);
    gtm_watchdog_commit(m, RCS + GTREF_PR_CTR_THRSH, 1);
    tick();
    gtm_watchdog_commit(m, RCS + GTREF_PR_CTR_CTL, GTREF_WDOG_COUNT_CLOCKS);
    tick();
    gtm_irq_event(m, E_RCS, USER);   /* the first tick: counter 1 == THRSH: the watchdog fires in this cycle too */
    cr_assert(gtm_tick(m));
    cr_assert_eq(state().inst_cr[E_RCS], 0x41);
    cr_assert_eq(gtm_reg_peek(m, DW0), 1u);
    gtm_watchdog_commit(m, RCS + GTREF_PR_CTR_CTL, 1);   /* stop it */
    hw(SEL0, 1);
    tick();   /* the tick of this cycle fires once more (the stop takes effect from the next) */
    tick();
    cr_assert_eq(gtm_reg_peek(m, ID0), 0x80000041u);
}

/* IRQ-3, §5: the watchdog's event passes RCS0's IMR as the DUT committed it, not the model's register file (which
 * may hold a run-ahead LRI's value). */
Test(irq, irq3_watchdog_uses_the_committed_imr)
{
    hw(RCS + GTREF_IMR, ~(uint32_t)GTREF_IRQ_WATCHDOG);   /* the model's register only: no gtm_watchdog_commit */
    tick();
    enable(E_RCS, GTREF_IRQ_WATCHDOG);
    set_mask(E_RCS, 0);
    gtm_watchdog_commit(m, RCS + GTREF_PR_CTR_THRSH, 1);
    gtm_watchdog_commit(m, RCS + GTREF_PR_CTR_CTL, GTREF_WDOG_COUNT_CLOCKS);
    tick();
    cr_assert(gtm_tick(m));
    cr_assert_eq(state().inst_cr[E_RCS], 0, "the committed IMR is all masked: dropped");
    gtm_watchdog_commit(m, RCS + GTREF_IMR, ~(uint32_t)GTREF_IRQ_WATCHDOG);   /* committed in this cycle */
    cr_assert(gtm_tick(m));
    cr_assert_eq(state().inst_cr[E_RCS], GTREF_IRQ_WATCHDOG, "IMR as at the end of the cycle: passes");
    cr_assert_eq(gtm_reg_peek(m, DW0), 1u);
}

/* ---------------- IRQ-4, IRQ-5: HWSTAM status write, IPEHR ---------------- */

static void ring_cmds(const char *const *lines, unsigned n)
{
    uint32_t dw[64], off = 0;
    char err[128];
    for (unsigned i = 0; i < n; i++) {
        int len = gtref_cmd_parse(lines[i], 4, dw, 64, err, sizeof err);
        cr_assert(len > 0, "%s", err);
        for (int k = 0; k < len; k++, off += 4) gtref_mem_write32(gtm_mem(m), RING + off, dw[k]);
    }
    if (off & 4) { gtref_mem_write32(gtm_mem(m), RING + off, 0); off += 4; }
    gtm_mmio_write(m, RCS + GTREF_HWS_PGA, HWSP);
    gtm_mmio_write(m, RCS + GTREF_RING_START, RING);
    gtm_mmio_write(m, RCS + GTREF_RING_TAIL, off);
    gtm_mmio_write(m, RCS + GTREF_RING_CTL, 1);
    nlog = 0;
}

/* IRQ-4: d & ~IMR & ~HWSTAM != 0: one dword write of d to HWS_PGA & 0xFFFFF000, be 0x0F, low lane, after the
 * command's other writes; memory holds it. */
Test(irq, irq4_hwstam_status_write_is_the_commands_last_write)
{
    gtref_mem_write32(gtm_mem(m), HWSP, 0xAAAAAAAAu);
    gtm_mmio_write(m, RCS + GTREF_IMR, ~(uint32_t)GTREF_IRQ_PIPECTL_NOTIFY);
    gtm_mmio_write(m, RCS + GTREF_HWSTAM, 0);   /* any value: the formula (IRQ-4) */
    ring_cmds((const char *const[]){ "PIPE_CONTROL notify post_sync=WRITE_IMM addr=0x400010 data=0x2222222211111111" }, 1);
    cr_assert_eq(gtm_step(m, E_RCS, NULL), GTM_RETIRED);
    cr_assert_eq(nlog, 4, "post-sync write, status write, event, RING_HEAD");
    cr_assert_eq(log_[0].kind, 'W');
    cr_assert_eq(log_[0].a, 0x400010u);
    cr_assert_eq(log_[1].kind, 'W');
    cr_assert_eq(log_[1].a, HWSP);
    cr_assert_eq(log_[1].be, 0x0F);
    cr_assert_eq(log_[1].v, (uint64_t)GTREF_IRQ_PIPECTL_NOTIFY, "d, zero-extended, in the low lane");
    cr_assert_eq(gtref_mem_read32(gtm_mem(m), HWSP), GTREF_IRQ_PIPECTL_NOTIFY);
    cr_assert_eq(log_[2].kind, 'I');
    cr_assert_eq(log_[3].kind, 'C');
}

/* IRQ-4: no write when the bit is set in HWSTAM, or in IMR; d is before IMR (other bits of d are written too). */
Test(irq, irq4_no_status_write_when_hwstam_or_imr_masks_it)
{
    gtm_mmio_write(m, RCS + GTREF_IMR, 0);
    gtm_mmio_write(m, RCS + GTREF_HWSTAM, USER);
    ring_cmds((const char *const[]){ "MI_USER_INTERRUPT", "MI_USER_INTERRUPT" }, 2);
    cr_assert_eq(gtm_step(m, E_RCS, NULL), GTM_RETIRED);
    cr_assert_eq(log_[0].kind, 'I', "HWSTAM[0] set: no write");
    gtm_mmio_write(m, RCS + GTREF_HWSTAM, 0);
    gtm_mmio_write(m, RCS + GTREF_IMR, 0xFFFFFFFFu);
    nlog = 0;
    cr_assert_eq(gtm_step(m, E_RCS, NULL), GTM_RETIRED);
    cr_assert_eq(log_[0].kind, 'I', "IMR[0] set: no write");
}

/* IRQ-5, IRQ-4: an illegal command with EMR[0] = 0: the status write of CS_MASTER_ERROR (IMR[3], HWSTAM[3] clear)
 * before the first commit; IPEHR := DW0, then ESR, then EIR; the event 0x8. */
Test(irq, irq5_ipehr_esr_eir_order_and_master_error)
{
    gtm_mmio_write(m, RCS + GTREF_EMR, 0xFEu);
    gtm_mmio_write(m, RCS + GTREF_IMR, ~(uint32_t)GTREF_IRQ_CS_MASTER_ERROR);
    gtm_mmio_write(m, RCS + GTREF_HWSTAM, ~(uint32_t)GTREF_IRQ_CS_MASTER_ERROR);
    gtref_mem_write32(gtm_mem(m), RING, 0x0F800000u);   /* MI opcode 0x1F: no such command */
    gtm_mmio_write(m, RCS + GTREF_HWS_PGA, HWSP);
    gtm_mmio_write(m, RCS + GTREF_RING_START, RING);
    gtm_mmio_write(m, RCS + GTREF_RING_TAIL, 8);
    gtm_mmio_write(m, RCS + GTREF_RING_CTL, 1);
    nlog = 0;
    cr_assert_eq(gtm_step(m, E_RCS, NULL), GTM_ERROR);
    int w = -1, c[3] = { -1, -1, -1 }, nc = 0, irq = -1;
    for (int i = 0; i < nlog; i++) {
        if (log_[i].kind == 'W') w = i;
        if (log_[i].kind == 'C' && nc < 3) c[nc++] = i;
        if (log_[i].kind == 'I') { irq = i; cr_assert_eq(log_[i].v, GTREF_IRQ_CS_MASTER_ERROR); }
    }
    cr_assert_eq(nc, 3);
    cr_assert(w >= 0 && w < c[0], "the status write before the first commit");
    cr_assert_eq(log_[w].a, HWSP);
    cr_assert_eq(log_[w].v, GTREF_IRQ_CS_MASTER_ERROR);
    cr_assert(irq >= 0);
    cr_assert_eq(log_[c[0]].a, RCS + GTREF_IPEHR);
    cr_assert_eq(log_[c[0]].v, 0x0F800000u);
    cr_assert_eq(log_[c[1]].a, RCS + GTREF_ESR);
    cr_assert_eq(log_[c[1]].v, 1u);
    cr_assert_eq(log_[c[2]].a, RCS + GTREF_EIR);
    cr_assert_eq(log_[c[2]].v, 1u);
    cr_assert_eq(gtm_reg_peek(m, RCS + GTREF_IPEHR), 0x0F800000u);
}

/* IRQ-5: with EMR[0] = 1 (RCS reset 0xFF): IPEHR, ESR; no EIR, no event, no status write. */
Test(irq, irq5_emr_masked_no_eir_no_event)
{
    gtm_mmio_write(m, RCS + GTREF_IMR, 0);
    gtm_mmio_write(m, RCS + GTREF_HWSTAM, 0);
    gtref_mem_write32(gtm_mem(m), RING, 0x0F800000u);
    gtm_mmio_write(m, RCS + GTREF_RING_START, RING);
    gtm_mmio_write(m, RCS + GTREF_RING_TAIL, 8);
    gtm_mmio_write(m, RCS + GTREF_RING_CTL, 1);
    nlog = 0;
    cr_assert_eq(gtm_step(m, E_RCS, NULL), GTM_ERROR);
    cr_assert_eq(nlog, 2);
    cr_assert_eq(log_[0].kind, 'C');
    cr_assert_eq(log_[0].a, RCS + GTREF_IPEHR);
    cr_assert_eq(log_[1].a, RCS + GTREF_ESR);
}

/* ---------------- IRQ-6 .. IRQ-10: aggregation ---------------- */

/* IRQ-6: each engine's event lands on its own DW bit: RCS0 DW0[0], BCS0 DW0[15], VCS0 DW1[0], VECS0 DW1[31]. */
Test(irq, irq6_routing)
{
    for (int e = 0; e < 4; e++) open_engine(e, USER);
    event_cycle(E_RCS, USER);
    cr_assert_eq(gtm_reg_peek(m, DW0), 0x1u);
    event_cycle(E_BCS, USER);
    cr_assert_eq(gtm_reg_peek(m, DW0), 0x8001u);
    event_cycle(E_VCS, USER);
    cr_assert_eq(gtm_reg_peek(m, DW1), 0x1u);
    event_cycle(E_VECS, USER);
    cr_assert_eq(gtm_reg_peek(m, DW1), 0x80000001u);
}

/* IRQ-7: a bit not enabled is dropped, never seen again, even after enabling and unmasking. */
Test(irq, irq7_disabled_event_is_dropped)
{
    set_imr(E_RCS, USER);
    set_mask(E_RCS, 0);
    event_cycle(E_RCS, USER);
    cr_assert_eq(state().inst_cr[E_RCS], 0);
    enable(E_RCS, USER);
    set_mask(E_RCS, 0xFFFF);
    set_mask(E_RCS, 0);
    cr_assert_eq(gtm_reg_peek(m, DW0), 0);
}

/* IRQ-7: EN after this cycle's host write: enabling in the event's own cycle lets it in. */
Test(irq, irq7_enable_of_the_same_cycle_applies)
{
    set_imr(E_RCS, USER);
    set_mask(E_RCS, 0);
    hw(GTREF_RENDER_COPY_INTR_ENABLE, 0x00010000u);
    event_cycle(E_RCS, USER);
    cr_assert_eq(gtm_reg_peek(m, DW0), 1u);
}

/* IRQ-8, IRQ-9: masked: held in INST_CR with no DW bit; a mask set never removes it; the unmasking host write makes
 * the second-level event (DW bit, then the line with the master on). */
Test(irq, irq8_irq9_held_then_unmasked)
{
    set_imr(E_RCS, USER);
    enable(E_RCS, USER);
    hw(MSTR, GTREF_MSTR_IRQ_ENABLE);
    tick();
    event_cycle(E_RCS, USER);
    cr_assert_eq(state().inst_cr[E_RCS], USER);
    cr_assert_eq(gtm_reg_peek(m, DW0), 0);
    cr_assert(!gtm_irq_line(m));
    set_mask(E_RCS, 0xFFFF);   /* a mask write that unmasks nothing: nothing */
    cr_assert_eq(gtm_reg_peek(m, DW0), 0);
    hw(GTREF_RCS0_INTR_MASK, 0xFFFEFFFFu);   /* the unmask */
    cr_assert_eq(gtm_reg_peek(m, DW0), 1u, "held events show when unmasked");
    tick();
    cr_assert(gtm_irq_line(m));
    cr_assert_eq(state().inst_cr[E_RCS], USER, "only a presentation removes it");
}

/* IRQ-9: nothing else makes a second-level event: an enable change, re-writing the mask of a bit already pending,
 * a DW clear. */
Test(irq, irq9_no_event_without_a_new_unmasked_bit)
{
    open_engine(E_RCS, USER);
    event_cycle(E_RCS, USER);
    hw(DW0, 1);   /* cleared without service (IRQ-19): INST_CR keeps USER */
    tick();
    set_mask(E_RCS, (uint16_t)~USER);   /* already pending, not held: no event */
    enable(E_RCS, 0xFFFF);
    cr_assert_eq(gtm_reg_peek(m, DW0), 0);
    cr_assert_eq(state().inst_cr[E_RCS], USER);
    event_cycle(E_RCS, USER);   /* a new enabled, unmasked bit sets it again (IRQ-19) */
    cr_assert_eq(gtm_reg_peek(m, DW0), 1u);
}

/* IRQ-10: two engines in one cycle both land; events of one engine collapse into its bit. */
Test(irq, irq10_two_engines_in_one_cycle)
{
    open_engine(E_RCS, USER);
    open_engine(E_BCS, USER);
    gtm_irq_event(m, E_RCS, USER);
    gtm_irq_event(m, E_BCS, USER);
    tick();
    cr_assert_eq(gtm_reg_peek(m, DW0), 0x8001u);
    rd(DW0);   /* opens the window */
    tick();
    gtm_irq_event(m, E_RCS, USER);
    gtm_irq_event(m, E_BCS, USER);
    tick();
    cr_assert_eq(state().dw_cr[0], 0x8001u, "both in the secondary storage");
    cr_assert_eq(gtm_reg_peek(m, DW0), 0x8001u);
}

/* ---------------- IRQ-11, IRQ-12: snapshot and clear ---------------- */

/* IRQ-11: a read returns DW_IIR_q; non-zero opens the window (already for the read's own cycle); a read of 0 opens
 * nothing; gtm_reg_peek never opens it. */
Test(irq, irq11_read_snapshot_and_window)
{
    open_engine(E_RCS, USER);
    open_engine(E_BCS, USER);
    cr_assert_eq(rd(DW0), 0);
    tick();
    cr_assert(!state().sv[0], "a read of 0 opens nothing");
    event_cycle(E_RCS, USER);
    cr_assert_eq(gtm_reg_peek(m, DW0), 1u);
    cr_assert(!state().sv[0], "a peek is not a read");
    cr_assert_eq(rd(DW0), 1u);
    gtm_irq_event(m, E_BCS, USER);   /* the read's own cycle: already to DW_CR */
    tick();
    cr_assert(state().sv[0]);
    cr_assert_eq(state().dw_cr[0], 0x8000u);
    cr_assert_eq(rd(DW0), 1u, "unchanged while under service");
    tick();
}

/* IRQ-1 (a) before (c): a read in the cycle of an event returns the value before it. */
Test(irq, irq1_read_returns_the_value_before_the_cycles_event)
{
    open_engine(E_RCS, USER);
    cr_assert_eq(rd(DW0), 0);
    gtm_irq_event(m, E_RCS, USER);
    tick();
    cr_assert_eq(gtm_reg_peek(m, DW0), 1u);
    cr_assert(!state().sv[0], "the read returned 0: no window");
}

/* IRQ-12: a partial clear keeps the window; the emptying write moves DW_CR in, closes the window, and its commit
 * reports DW_IIR_h (the moved bits). */
Test(irq, irq12_partial_and_full_clear)
{
    open_engine(E_RCS, USER);
    open_engine(E_BCS, USER);
    gtm_irq_event(m, E_RCS, USER);
    gtm_irq_event(m, E_BCS, USER);
    tick();
    cr_assert_eq(rd(DW0), 0x8001u);
    tick();
    /* a clear and an event of the same engine in one cycle, inside the window: the event goes to DW_CR */
    cr_assert_eq(hw(DW0, 0x1), 0x8000u, "partial clear: commit without the event");
    gtm_irq_event(m, E_RCS, USER);
    tick();
    cr_assert(state().sv[0]);
    cr_assert_eq(gtm_reg_peek(m, DW0), 0x8000u);
    cr_assert_eq(state().dw_cr[0], 0x1u);
    cr_assert_eq(hw(DW0, 0x8000), 0x1u, "the emptying write brings DW_CR in");
    tick();
    cr_assert(!state().sv[0]);
    cr_assert_eq(state().dw_cr[0], 0);
    cr_assert_eq(gtm_reg_peek(m, DW0), 0x1u);
}

/* IRQ-12, I6: a host clear in the cycle of an event, outside the window: the event wins; the commit shows the
 * value without it. */
Test(irq, irq12_host_clear_in_the_cycle_of_an_event)
{
    open_engine(E_RCS, USER);
    event_cycle(E_RCS, USER);
    cr_assert_eq(hw(DW0, 1), 0, "the commit: the write alone");
    gtm_irq_event(m, E_RCS, USER);
    tick();
    cr_assert_eq(gtm_reg_peek(m, DW0), 1u, "the event wins");
}

/* IRQ-12: an emptying write in the cycle of an event closes the window first (SV_h = 0): the event sets DW_IIR. */
Test(irq, irq12_emptying_write_and_event_same_cycle)
{
    open_engine(E_RCS, USER);
    open_engine(E_BCS, USER);
    event_cycle(E_RCS, USER);
    cr_assert_eq(rd(DW0), 1u);
    tick();
    cr_assert_eq(hw(DW0, 1), 0);
    gtm_irq_event(m, E_BCS, USER);
    tick();
    cr_assert_eq(gtm_reg_peek(m, DW0), 0x8000u);
    cr_assert(!state().sv[0]);
}

/* §2.4 second timeline, cycle by cycle: the second DW-level event. */
Test(irq, timeline_event_inside_the_service_window)
{
    open_engine(E_RCS, USER);
    open_engine(E_BCS, USER);
    event_cycle(E_RCS, USER);                                  /* c0 */
    cr_assert_eq(gtm_reg_peek(m, DW0), 0x00000001u);
    cr_assert_eq(rd(DW0), 0x00000001u);                         /* c1 */
    tick();
    cr_assert(state().sv[0]);
    event_cycle(E_BCS, USER);                                   /* c2 */
    cr_assert_eq(state().dw_cr[0], 0x00008000u);
    cr_assert_eq(gtm_reg_peek(m, DW0), 0x00000001u);
    cr_assert_eq(hw(DW0, 0x1), 0x00008000u);                    /* c3 */
    tick();
    cr_assert_eq(gtm_reg_peek(m, DW0), 0x00008000u);
    cr_assert_eq(state().dw_cr[0], 0);
    cr_assert(!state().sv[0]);
    cr_assert(!gtm_irq_line(m));
    hw(MSTR, 0x80000000u);                                      /* c4 */
    tick();
    cr_assert(gtm_irq_line(m), "irq high from c5");
}

/* ---------------- IRQ-13, IRQ-14: master and line ---------------- */

Test(irq, irq13_master_register)
{
    open_engine(E_RCS, USER);
    open_engine(E_BCS, USER);
    open_engine(E_VCS, USER);
    cr_assert_eq(hw(MSTR, 0xFFFFFFFFu), 0x80000000u, "bit 31 only in the commit");
    tick();
    event_cycle(E_RCS, USER);
    cr_assert_eq(rd(MSTR), 0x80000001u);
    tick();
    cr_assert_eq(rd(DW0), 1u);
    tick();
    event_cycle(E_BCS, USER);   /* to DW_CR: does not show */
    event_cycle(E_VCS, USER);
    cr_assert_eq(rd(MSTR), 0x80000003u);
    tick();
    cr_assert_eq(hw(MSTR, 0x7FFFFFFFu), 0, "bits 30:0 ignore writes");
    tick();
    cr_assert_eq(rd(MSTR), 0x00000003u);
    tick();
}

/* IRQ-14: a level; re-enabling the master with a DW bit set raises it again, nothing new needed. */
Test(irq, irq14_level_and_master_reenable)
{
    open_engine(E_RCS, USER);
    hw(MSTR, GTREF_MSTR_IRQ_ENABLE);
    tick();
    event_cycle(E_RCS, USER);
    cr_assert(gtm_irq_line(m));
    hw(MSTR, 0);
    tick();
    cr_assert(!gtm_irq_line(m));
    hw(MSTR, GTREF_MSTR_IRQ_ENABLE);
    tick();
    cr_assert(gtm_irq_line(m));
    hw(DW0, 1);
    tick();
    cr_assert(!gtm_irq_line(m));
}

/* ---------------- IRQ-15 .. IRQ-18: selector and Shared IIR ---------------- */

/* §2.4 first timeline, cycle by cycle. */
Test(irq, timeline_selector_latency)
{
    open_engine(E_RCS, USER);
    event_cycle(E_RCS, USER);
    cr_assert_eq(hw(SEL0, 0x1), 0x1u, "n: accepted");                        /* n */
    tick();
    cr_assert(state().pend[0]);
    cr_assert_eq(rd(ID0), 0x00000000u, "n+1: not yet");                      /* n+1 */
    tick();
    cr_assert_eq(gtm_reg_peek(m, ID0), 0x80000001u);
    cr_assert_eq(state().inst_cr[E_RCS], 0);
    cr_assert(!state().pend[0]);
    cr_assert_eq(rd(ID0), 0x80000001u);                                      /* n+2 */
    tick();
    cr_assert_eq(hw(ID0, 0x80000000u), 0, "the commit reports 0");          /* n+3 */
    tick();
    cr_assert_eq(gtm_reg_peek(m, ID0), 0);
    cr_assert_eq(gtm_reg_peek(m, SEL0), 0);
    cr_assert_eq(gtm_reg_peek(m, DW0), 1u, "a presentation changes no DW bit");
}

/* IRQ-16: identity fields of each engine: instance << 20 | class << 16 | data, on its DW. */
Test(irq, irq16_identity_of_each_engine)
{
    static const uint32_t sel[4] = { 1u << 0, 1u << 15, 1u << 0, 1u << 31 };
    static const uint32_t id[4] = { 0x80000001u, 0x80030001u, 0x80010001u, 0x80020001u };
    for (int e = 0; e < 4; e++) {
        open_engine(e, USER);
        event_cycle(e, USER);
        uint32_t s = e == E_VCS || e == E_VECS ? SEL1 : SEL0, i = e == E_VCS || e == E_VECS ? ID1 : ID0;
        hw(s, sel[e]);
        tick();
        tick();
        cr_assert_eq(gtm_reg_peek(m, i), id[e], "engine %d", e);
        hw(i, 0x80000000u);
        tick();
    }
}

/* IRQ-16: P is INST_CR & ~MASK as cycle n left them: a mask write in n+1 does not change P (its unmask makes a
 * second-level event, and the held bit stays in INST_CR); a bit arriving in n+1 stays in INST_CR. */
Test(irq, irq16_presentation_uses_the_start_of_cycle_values)
{
    set_imr(E_RCS, USER | GTREF_IRQ_PIPECTL_NOTIFY);
    enable(E_RCS, USER | GTREF_IRQ_PIPECTL_NOTIFY);
    set_mask(E_RCS, (uint16_t)~GTREF_IRQ_PIPECTL_NOTIFY);   /* USER masked */
    event_cycle(E_RCS, USER | GTREF_IRQ_PIPECTL_NOTIFY);
    hw(SEL0, 1);                                              /* n */
    tick();
    hw(GTREF_RCS0_INTR_MASK, 0x0000FFFFu);                   /* n+1: unmask USER */
    gtm_irq_event(m, E_RCS, GTREF_IRQ_PIPECTL_NOTIFY);       /* and a new NOTIFY */
    tick();
    cr_assert_eq(gtm_reg_peek(m, ID0), 0x80000010u, "P = NOTIFY only");
    cr_assert_eq(state().inst_cr[E_RCS], USER | GTREF_IRQ_PIPECTL_NOTIFY, "held USER and the new NOTIFY stay");
}

/* IRQ-15: a write while a presentation is due, or while Data-Valid is set, is ignored (commit: the old value). */
Test(irq, irq15_selector_write_ignored_while_busy)
{
    open_engine(E_RCS, USER);
    event_cycle(E_RCS, USER);
    cr_assert_eq(hw(SEL0, 0x1), 0x1u);
    tick();
    cr_assert_eq(hw(SEL0, 0x8000), 0x1u, "due: ignored");
    tick();
    cr_assert_eq(gtm_reg_peek(m, ID0), 0x80000001u);
    cr_assert_eq(hw(SEL0, 0x8000), 0x1u, "Data-Valid set: ignored");
    tick();
    tick();
    cr_assert_eq(gtm_reg_peek(m, ID0), 0x80000001u);
    cr_assert_eq(rd(SEL0), 0x1u, "IRQ-18: the accepted value");
}

/* IRQ-15, IRQ-19: selector 0 is stored and presents nothing; Data-Valid never comes. */
Test(irq, irq19_selector_zero)
{
    cr_assert_eq(hw(SEL0, 0), 0);
    tick();
    cr_assert(!state().pend[0]);
    for (int i = 0; i < 4; i++) tick();
    cr_assert_eq(gtm_reg_peek(m, ID0), 0);
}

/* IRQ-19: not one-hot: the lowest set bit is served, the others only stored (IRQ-18 reads them back). */
Test(irq, irq19_selector_not_one_hot)
{
    open_engine(E_RCS, USER);
    open_engine(E_BCS, USER);
    event_cycle(E_RCS, USER);
    event_cycle(E_BCS, USER);
    hw(SEL0, 0x8001);
    tick();
    tick();
    cr_assert_eq(gtm_reg_peek(m, ID0), 0x80000001u);
    cr_assert_eq(state().inst_cr[E_BCS], USER);
    cr_assert_eq(rd(SEL0), 0x8001u);
}

/* IRQ-19: naming an engine with nothing pending: presented with P = 0 (0x80030000 for BCS0); held bits stay. */
Test(irq, irq19_selector_names_no_pending_engine)
{
    set_imr(E_BCS, USER);
    enable(E_BCS, USER);
    event_cycle(E_BCS, USER);   /* held (masked) */
    hw(SEL0, 0x8000);
    tick();
    tick();
    cr_assert_eq(gtm_reg_peek(m, ID0), 0x80030000u);
    cr_assert_eq(state().inst_cr[E_BCS], USER);
}

/* IRQ-19: naming no engine of the build: IDENTITY = 0x80000000 (DW0 bit 5; BCS0 in a 1-engine build). */
Test(irq, irq19_selector_names_no_engine)
{
    hw(SEL0, 1u << 5);
    tick();
    tick();
    cr_assert_eq(gtm_reg_peek(m, ID0), 0x80000000u);
    make(1);
    hw(SEL0, 0x8000);
    tick();
    tick();
    cr_assert_eq(gtm_reg_peek(m, ID0), 0x80000000u);
}

/* IRQ-17, IRQ-19: an identity clear in the presentation cycle cancels it: INST_CR keeps its bits, identity and
 * selector 0, commit 0; Data-Valid never comes. */
Test(irq, irq17_identity_clear_cancels_a_due_presentation)
{
    open_engine(E_RCS, USER);
    event_cycle(E_RCS, USER);
    hw(SEL0, 1);
    tick();
    cr_assert_eq(hw(ID0, 0x80000000u), 0);
    tick();
    cr_assert_eq(gtm_reg_peek(m, ID0), 0);
    cr_assert_eq(gtm_reg_peek(m, SEL0), 0);
    cr_assert(!state().pend[0]);
    cr_assert_eq(state().inst_cr[E_RCS], USER);
    tick();
    cr_assert_eq(gtm_reg_peek(m, ID0), 0);
}

/* IRQ-17: a write with bit 31 clear does nothing (commit: the old value); bits 30:0 read-only. */
Test(irq, irq17_write_without_bit31_does_nothing)
{
    open_engine(E_RCS, USER);
    event_cycle(E_RCS, USER);
    hw(SEL0, 1);
    tick();
    tick();
    cr_assert_eq(hw(ID0, 0x7FFFFFFFu), 0x80000001u);
    tick();
    cr_assert_eq(gtm_reg_peek(m, ID0), 0x80000001u);
    cr_assert_eq(gtm_reg_peek(m, SEL0), 1u);
}

/* IRQ-19, I17: a DW cleared without service: the pending bits stay in INST_CR with no DW bit; a selection presents
 * them. */
Test(irq, irq19_dw_cleared_without_service)
{
    open_engine(E_RCS, USER);
    event_cycle(E_RCS, USER);
    hw(DW0, 1);
    tick();
    cr_assert_eq(gtm_reg_peek(m, DW0), 0);
    cr_assert_eq(state().inst_cr[E_RCS], USER);
    hw(SEL0, 1);
    tick();
    tick();
    cr_assert_eq(gtm_reg_peek(m, ID0), 0x80000001u);
}

/* §3 window "between ISR-5 and ISR-8": an event after the presentation stays in INST_CR, not in the identity,
 * and makes its own second-level event. */
Test(irq, event_after_presentation_stays_in_inst_cr)
{
    open_engine(E_RCS, USER);
    event_cycle(E_RCS, USER);
    cr_assert_eq(rd(DW0), 1u);
    tick();
    hw(SEL0, 1);
    tick();
    tick();
    event_cycle(E_RCS, USER);
    cr_assert_eq(gtm_reg_peek(m, ID0), 0x80000001u);
    cr_assert_eq(state().inst_cr[E_RCS], USER);
    cr_assert_eq(state().dw_cr[0], 1u, "in the window: DW_CR");
    hw(ID0, 0x80000000u);
    tick();
    cr_assert_eq(hw(DW0, 1), 1u, "the emptying write brings it back");
    tick();
}

/* IRQ-20: enables, masks, IMR, HWSTAM commit by the table. */
Test(irq, irq20_table_registers_commit_by_the_table)
{
    cr_assert_eq(hw(GTREF_RENDER_COPY_INTR_ENABLE, 0x12345678u), 0x12345678u);
    cr_assert_eq(hw(GTREF_BCS_INTR_MASK, 0x0u), 0);
    cr_assert_eq(hw(RCS + GTREF_IMR, 0xABCD0000u), 0xABCD0000u);
    cr_assert_eq(hw(RCS + GTREF_HWSTAM, 0x1u), 0x1u);
    host_commit = false;
    gtm_mmio_write(m, RCS + GTREF_IPEHR, 5);
    cr_assert(!host_commit, "IPEHR is read-only: no commit");
}

/* ---------------- §5: host writes racing engine events (the GTM_IRQW_RACE_* corners) ---------------- */

static uint64_t window(int k)
{
    uint64_t w[GTM_IRQ_WINDOWS];
    gtm_irq_windows(m, w);
    return w[k];
}

/* A race corner counts a host write of the register and an event reaching its stage in ONE cycle (IRQ-1: the write,
 * then the events); the same write and event a cycle apart count nothing. Per register: the engine's enable (a
 * message, IRQ-7), its mask (a message with enabled bits, IRQ-9), its IMR (an event, IRQ-3), its DW's selector (a
 * message with enabled bits, IRQ-15), GFX_MSTR_IRQ (a second-level event, IRQ-14), GT_INTR_DW1 (a DW1 second-level
 * event, IRQ-12). A write of another engine's register does not count. */
Test(irq, race_corners_count_a_write_and_an_event_of_one_cycle)
{
    open_engine(E_RCS, USER);
    open_engine(E_VCS, USER);
    hw(MSTR, GTREF_MSTR_IRQ_ENABLE);
    tick();
    uint32_t en0 = gtm_reg_peek(m, en_reg(E_RCS)), mk0 = gtm_reg_peek(m, mask_reg[E_RCS]);
    /* a cycle apart: nothing */
    hw(en_reg(E_RCS), en0);
    tick();
    event_cycle(E_RCS, USER);
    for (int k = GTM_IRQW_RACE_ENABLE; k <= GTM_IRQW_RACE_DW1; k++) cr_assert_eq(window(k), 0, "window %d", k);
    /* the enable register and an RCS0 message in one cycle (the write keeps the bit enabled: IRQ-7 latches it) */
    hw(en_reg(E_RCS), en0);
    event_cycle(E_RCS, USER);
    cr_assert_eq(window(GTM_IRQW_RACE_ENABLE), 1);
    cr_assert_eq(state().inst_cr[E_RCS], USER, "latched with EN after the write");
    /* the mask register and an enabled RCS0 message */
    hw(mask_reg[E_RCS], mk0);
    event_cycle(E_RCS, USER);
    cr_assert_eq(window(GTM_IRQW_RACE_MASK), 1);
    /* RCS0's IMR and an RCS0 event; BCS0's IMR and an RCS0 event does not count */
    hw(RCS + GTREF_IMR, ~(uint32_t)USER);
    event_cycle(E_RCS, USER);
    hw(BCS + GTREF_IMR, ~(uint32_t)USER);
    event_cycle(E_RCS, USER);
    cr_assert_eq(window(GTM_IRQW_RACE_IMR), 1);
    /* the selector of DW0 and an RCS0 message; the selector of DW1 and an RCS0 message does not count */
    hw(SEL0, 1);
    event_cycle(E_RCS, USER);
    tick();
    hw(ID0, GTREF_INTR_DATA_VALID);
    tick();
    hw(SEL1, 1);
    event_cycle(E_RCS, USER);
    cr_assert_eq(window(GTM_IRQW_RACE_SELECTOR), 1);
    /* GFX_MSTR_IRQ and a second-level event (RCS0's DW bit cleared first, so that the event is one) */
    hw(DW0, 0xFFFFFFFFu);
    tick();
    hw(MSTR, GTREF_MSTR_IRQ_ENABLE);
    event_cycle(E_RCS, USER);
    cr_assert_eq(window(GTM_IRQW_RACE_MASTER), 1);
    /* GT_INTR_DW1 and a VCS0 (DW1) second-level event; GT_INTR_DW1 and an RCS0 event does not count */
    hw(DW1, 0);
    event_cycle(E_VCS, USER);
    hw(DW1, 0);
    event_cycle(E_RCS, USER);
    cr_assert_eq(window(GTM_IRQW_RACE_DW1), 1);
}

/* ---------------- §5: the selector's presentations against the masks (GTM_IRQW_PRES_*, GTM_IRQW_SEL_REFUSED) ---------------- */

/* Each presentation outcome of IRQ-15 to IRQ-17 counts its own corner, and only it. RCS0 (DW0 bit 0, identity 0x8000_0000 |
 * data) and VCS0 (DW1 bit 0); PIPECTL_NOTIFY is bit 4 (0x0010, IRQ-2). */
Test(irq, presentation_corners_count_each_outcome)
{
    const uint16_t NOTIFY = GTREF_IRQ_PIPECTL_NOTIFY;
    const uint32_t DV = GTREF_INTR_DATA_VALID;
    static const int pres[6] = { GTM_IRQW_PRES_HELD, GTM_IRQW_PRES_EMPTY, GTM_IRQW_PRES_DW1, GTM_IRQW_PRES_NO_ENGINE,
                                 GTM_IRQW_PRES_CANCELLED, GTM_IRQW_SEL_REFUSED };
    uint64_t want[6] = { 0 };
#define PRES_COUNTS(why)                                                                                             \
    for (int k = 0; k < 6; k++) cr_assert_eq(window(pres[k]), want[k], "%s: corner %d", why, pres[k])
    open_engine(E_RCS, USER | NOTIFY);
    event_cycle(E_RCS, USER | NOTIFY);
    PRES_COUNTS("setup and events");
    /* everything pending presented (P = INST_CR): no corner but the selection's own */
    hw(SEL0, 1);
    tick();
    tick();
    cr_assert_eq(rd(ID0), DV | USER | NOTIFY);
    tick();
    PRES_COUNTS("P = INST_CR");
    hw(ID0, DV);
    tick();
    /* NOTIFY masked, then both arrive: the presentation takes USER, NOTIFY stays held (IRQ-8, IRQ-16) */
    set_mask(E_RCS, (uint16_t)~USER);
    event_cycle(E_RCS, USER | NOTIFY);
    hw(SEL0, 1);
    tick();
    tick();
    want[0]++;
    PRES_COUNTS("MASK holds NOTIFY back");
    cr_assert_eq(gtm_reg_peek(m, ID0), DV | USER);
    cr_assert_eq(state().inst_cr[E_RCS], NOTIFY);
    /* a selector write while Data-Valid is set: refused, the commit reports the old value (IRQ-15, IRQ-20) */
    cr_assert_eq(hw(SEL0, 2), 1);
    tick();
    want[5]++;
    PRES_COUNTS("refused: Data-Valid");
    hw(ID0, DV);
    tick();
    /* only a held bit: P = 0, the identity has Data-Valid and RCS0's class and instance (0), INST_CR keeps NOTIFY */
    hw(SEL0, 1);
    tick();
    tick();
    want[1]++;
    PRES_COUNTS("P = 0");
    cr_assert_eq(gtm_reg_peek(m, ID0), DV);
    cr_assert_eq(state().inst_cr[E_RCS], NOTIFY);
    hw(ID0, DV);
    tick();
    /* a selector bit with no engine (DW0 bit 3): IDENTITY = 0x80000000 */
    hw(SEL0, 1u << 3);
    tick();
    tick();
    want[3]++;
    PRES_COUNTS("no engine");
    cr_assert_eq(gtm_reg_peek(m, ID0), DV);
    hw(ID0, DV);
    tick();
    /* an identity clear in the presentation's cycle cancels it (IRQ-17): no presentation corner, the identity 0 */
    hw(SEL0, 1);
    tick();
    hw(ID0, DV);
    tick();
    want[4]++;
    PRES_COUNTS("cancelled");
    cr_assert_eq(gtm_reg_peek(m, ID0), 0);
    tick();
    cr_assert_eq(gtm_reg_peek(m, ID0), 0, "cancelled: Data-Valid never comes");
    /* a selector write while a presentation is due: refused; the due one happens (P = 0 again) */
    hw(SEL0, 1);
    tick();
    cr_assert_eq(hw(SEL0, 2), 1);
    tick();
    want[5]++;
    want[1]++;
    PRES_COUNTS("refused: presentation due");
    hw(ID0, DV);
    tick();
    /* a presentation on DW1 (VCS0, nothing pending: P = 0 too) */
    hw(SEL1, 1);
    tick();
    tick();
    want[2]++;
    want[1]++;
    PRES_COUNTS("DW1");
    cr_assert_eq(gtm_reg_peek(m, ID1), 0x80010000u, "VCS0: class 1, instance 0 (IRQ-16)");
#undef PRES_COUNTS
}
