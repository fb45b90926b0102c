/* Register file, ring arithmetic, command execution and interrupts of the reference model. */
#include <criterion/criterion.h>
#include <string.h>

#include "gtref/cmds.h"
#include "gtref/engines.h"
#include "gtref/model.h"
#include "gtref/regs.h"

#include "test_support.h"

#define RCS 0x2000u
#define RING 0x100000u

typedef struct events {
    int nw, nc, nirq;
    uint64_t waddr[8], wdata[8]; uint8_t wbe[8];
    uint32_t coff[300], cval[300]; int csrc[300];
    uint16_t irq;
} events;

static void on_w(void *u, int e, bool ggtt, uint64_t a, uint64_t pa, uint64_t d, uint8_t be)
{
    (void)ggtt, (void)pa;
    (void)e; events *ev = u;
    ev->waddr[ev->nw] = a; ev->wdata[ev->nw] = d; ev->wbe[ev->nw++] = be;
}
static void on_c(void *u, int src, uint32_t off, uint32_t v)
{
    events *ev = u;
    ev->csrc[ev->nc] = src; ev->coff[ev->nc] = off; ev->cval[ev->nc++] = v;
}
static void on_i(void *u, int e, uint16_t b) { (void)e; events *ev = u; ev->irq |= b; ev->nirq++; }

static gtm *m;
static events ev;

static void setup(void)
{
    m = gtm_create(1);
    test_identity_ggtt(gtm_mem(m), 0, TEST_IDENTITY_PAGES);   /* every access is translated (docs/gam.md GAM-20) */
    memset(&ev, 0, sizeof ev);
    gtm_sink s = { &ev, on_w, on_c, on_i };
    gtm_set_sink(m, &s);
}
static void teardown(void) { gtm_destroy(m); }

/* Put dwords in the ring at byte offset off (circular in a 1-page ring). */
static void ring_put(uint32_t off, const uint32_t *dw, unsigned n)
{
    for (unsigned i = 0; i < n; i++) gtref_mem_write32(gtm_mem(m), RING + ((off + 4 * i) % 4096), dw[i]);
}

static void ring_start(uint32_t head, uint32_t tail)
{
    gtm_mmio_write(m, RCS + GTREF_RING_START, RING);
    gtm_mmio_write(m, RCS + GTREF_RING_HEAD, head);
    gtm_mmio_write(m, RCS + GTREF_RING_TAIL, tail);
    gtm_mmio_write(m, RCS + GTREF_RING_CTL, 1);
    memset(&ev, 0, sizeof ev);
}

TestSuite(model, .init = setup, .fini = teardown);

Test(model, reset_values_come_from_the_table)
{
    bool known;
    /* BYT-REG L2426-2445: RCS EMR default 0x000000FF; L720-739 BCS EMR default 0x0000FFFF */
    cr_assert_eq(gtm_mmio_read(m, RCS + GTREF_EMR, &known), 0x000000FFu);
    cr_assert(known);
    cr_assert_eq(gtm_mmio_read(m, GTREF_RCS0_INTR_MASK, NULL), 0xFFFFFFFFu);
    cr_assert_eq(gtm_mmio_read(m, RCS + GTREF_RING_HEAD, NULL), 0);
    gtm_mmio_read(m, 0x12345670u, &known);
    cr_assert(!known, "an unknown offset must be reported as unknown");
}

Test(model, rw_mask_and_commit_of_host_write)
{
    gtm_mmio_write(m, RCS + GTREF_RING_TAIL, 0xFFFFFFFFu);
    cr_assert_eq(gtm_mmio_read(m, RCS + GTREF_RING_TAIL, NULL), 0x001FFFF8u);
    cr_assert_eq(ev.nc, 1);
    cr_assert_eq(ev.csrc[0], GTM_HOST);
    cr_assert_eq(ev.coff[0], RCS + GTREF_RING_TAIL);
    cr_assert_eq(ev.cval[0], 0x001FFFF8u);
}

Test(model, read_only_register_ignores_writes_without_commit)
{
    gtm_mmio_write(m, RCS + GTREF_ESR, 0xFFFFFFFFu);
    cr_assert_eq(gtm_mmio_read(m, RCS + GTREF_ESR, NULL), 0);
    cr_assert_eq(ev.nc, 0);
}

Test(model, masked_write_changes_only_enabled_bits)
{
    uint32_t mode = RCS + 0x29Cu;
    /* BYT-REG L3676-3689: GFX_MODE resets to 0x800 (spec-decisions R8); bits 31:16 enable bits 15:0 */
    cr_assert_eq(gtm_mmio_read(m, mode, NULL), 0x800u);
    gtm_mmio_write(m, mode, 0x00030003u);
    cr_assert_eq(gtm_mmio_read(m, mode, NULL), 0x803u);
    gtm_mmio_write(m, mode, 0x00000000u);  /* no enables: no change */
    cr_assert_eq(gtm_mmio_read(m, mode, NULL), 0x803u);
    gtm_mmio_write(m, mode, 0x00010000u);  /* clear bit 0 only */
    cr_assert_eq(gtm_mmio_read(m, mode, NULL), 0x802u);
    /* BYT-REG L1413-1442: BLT_MODE (BCS0) resets to 0 */
    gtm *m4 = gtm_create(4);
    cr_assert_eq(gtm_mmio_read(m4, 0x22000u + 0x29Cu, NULL), 0u);
    cr_assert_eq(gtm_mmio_read(m4, 0x22000u + GTREF_EMR, NULL), 0xFFFFu, "BYT-REG L720-739: BCS EMR default 0x0000FFFF");
    gtm_destroy(m4);
}

/* docs/gam.md GAM-22, G18: INSTPM (+0C0h, BYT-REG L3939-4026 RCS, L8527-8565 VCS, L844-874 BCS) is masked, resets
 * to 0 on every engine; a host write setting bits 9 (TLB Invalidate) and 5 (Sync Flush Enable) with their enables
 * stores neither (the sync flush completes in the write's cycle; the command model has no TLB, so nothing else
 * changes); bits 0, 2, 3, 6, 7, 8 are plain masked storage; bit 11 (CLFLUSH Toggle) and the rest read 0. */
Test(model, instpm_masked_storage_and_sync_flush_bits_read_zero)
{
    uint32_t instpm = RCS + GTREF_INSTPM;
    bool known = false;
    cr_assert_eq(gtm_mmio_read(m, instpm, &known), 0u);
    cr_assert(known, "INSTPM is a register of the kit");
    gtm_mmio_write(m, instpm, 0x02200220u);   /* bits 9 and 5 with their enables: the TLB invalidation */
    cr_assert_eq(gtm_mmio_read(m, instpm, NULL), 0u);
    cr_assert_eq(ev.nc, 1);
    cr_assert_eq(ev.coff[0], instpm);
    cr_assert_eq(ev.cval[0], 0u);
    gtm_mmio_write(m, instpm, 0x00010001u);   /* bit 0 with its enable */
    cr_assert_eq(gtm_mmio_read(m, instpm, NULL), 0x1u);
    gtm_mmio_write(m, instpm, 0x0000FFFFu);   /* no enables: no change */
    cr_assert_eq(gtm_mmio_read(m, instpm, NULL), 0x1u);
    gtm_mmio_write(m, instpm, 0xFFFFFFFFu);   /* every enable: only the stored bits 0x1CD */
    cr_assert_eq(gtm_mmio_read(m, instpm, NULL), 0x1CDu);
    gtm_mmio_write(m, instpm, 0x02210000u);   /* clear 0 (and 9, 5: not stored) only */
    cr_assert_eq(gtm_mmio_read(m, instpm, NULL), 0x1CCu);
    gtm_mmio_write(m, instpm, 0x0A200A20u);   /* 11, 9, 5 set: none stored, the rest kept */
    cr_assert_eq(gtm_mmio_read(m, instpm, NULL), 0x1CCu);
    gtm *m4 = gtm_create(4);
    for (int e = 0; e < 4; e++) {
        uint32_t off = gtref_engines[e].base + GTREF_INSTPM;
        cr_assert_eq(gtm_mmio_read(m4, off, NULL), 0u, "%s.INSTPM resets to 0", gtref_engines[e].name);
        gtm_mmio_write(m4, off, 0x02200220u);
        cr_assert_eq(gtm_mmio_read(m4, off, NULL), 0u, "%s", gtref_engines[e].name);
        gtm_mmio_write(m4, off, 0x00010001u);
        cr_assert_eq(gtm_mmio_read(m4, off, NULL), 0x1u, "%s", gtref_engines[e].name);
    }
    gtm_destroy(m4);
}

Test(model, w1c_and_rw_bits_of_ring_ctl)
{
    const gtref_reg_def *d = gtref_reg_by_name("RING_CTL");
    cr_assert_not_null(d);
    /* RBWait (bit 11) is W1C: writing 1 clears it, writing 0 keeps it */
    cr_assert_eq(gtref_reg_apply_write(d, 0x800u, 0x0u), 0x800u);
    cr_assert_eq(gtref_reg_apply_write(d, 0x800u, 0x800u), 0x0u);
    /* bit 10 (Semaphore Wait) is read-only */
    cr_assert_eq(gtref_reg_apply_write(d, 0x0u, 0x400u), 0x0u);
    cr_assert_eq(gtref_reg_apply_write(d, 0x0u, 0x1F001u), 0x1F001u);
}

Test(model, empty_or_disabled_ring_is_idle)
{
    cr_assert(gtm_engine_idle(m, 0));
    cr_assert_eq(gtm_step(m, 0, NULL), GTM_IDLE);
    uint32_t noop[2] = { 0, 0 };
    ring_put(0, noop, 2);
    gtm_mmio_write(m, RCS + GTREF_RING_START, RING);
    gtm_mmio_write(m, RCS + GTREF_RING_TAIL, 8);
    cr_assert_eq(gtm_step(m, 0, NULL), GTM_IDLE, "disabled ring must not execute");
    gtm_mmio_write(m, RCS + GTREF_RING_CTL, 1);
    cr_assert_eq(gtm_step(m, 0, NULL), GTM_RETIRED);
    cr_assert_eq(gtm_step(m, 0, NULL), GTM_RETIRED);
    cr_assert_eq(gtm_step(m, 0, NULL), GTM_IDLE, "head == tail: empty");
}

Test(model, sdi_dword_and_qword_writes)
{
    uint32_t cmds[] = {
        0x10000002u, 0x00400004u, 0, 0xdeadbeefu,               /* dword to 0x400004: upper lane */
        0x10200003u, 0x00400010u, 0, 0x11111111u, 0x22222222u,  /* qword aligned */
        0x10200003u, 0x00400024u, 0, 0x33333333u, 0x44444444u,  /* qword, 4-aligned: two writes */
        0, 0 };
    ring_put(0, cmds, 16);
    ring_start(0, 64);
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    cr_assert_eq(r.len, 4);
    cr_assert_eq(ev.nw, 1);
    cr_assert_eq(ev.waddr[0], 0x400000u);
    cr_assert_eq(ev.wbe[0], 0xF0);
    cr_assert_eq(ev.wdata[0] >> 32, 0xdeadbeefu);
    cr_assert_eq(gtref_mem_read32(gtm_mem(m), 0x400004u), 0xdeadbeefu);
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    cr_assert_eq(ev.nw, 2);
    cr_assert_eq(ev.waddr[1], 0x400010u);
    cr_assert_eq(ev.wbe[1], 0xFF);
    cr_assert_eq(ev.wdata[1], 0x2222222211111111ull);
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    cr_assert_eq(ev.nw, 4);
    cr_assert_eq(ev.waddr[2], 0x400020u);
    cr_assert_eq(ev.wbe[2], 0xF0);
    cr_assert_eq(ev.waddr[3], 0x400028u);
    cr_assert_eq(ev.wbe[3], 0x0F);
    cr_assert_eq((uint32_t)ev.wdata[3], 0x44444444u);
    cr_assert_eq(gtref_mem_read32(gtm_mem(m), 0x400028u), 0x44444444u);
}

Test(model, head_commit_on_each_ring_command)
{
    uint32_t cmds[] = { 0, 0x01000000u /* user interrupt */ };
    ring_put(0, cmds, 2);
    ring_start(0, 8);
    gtm_step(m, 0, NULL);
    cr_assert_eq(ev.nc, 1);
    cr_assert_eq(ev.coff[0], RCS + GTREF_RING_HEAD);
    cr_assert_eq(ev.cval[0], 4);
    gtm_step(m, 0, NULL);
    cr_assert_eq(ev.cval[1], 8);
    cr_assert_eq(ev.irq, GTREF_IRQ_USER);
}

Test(model, head_wraps_with_wrap_count_and_command_straddles_end)
{
    /* SDI placed at 0xFF8: its 4 dwords straddle the end of the 4 KiB ring */
    uint32_t sdi[] = { 0x10000002u, 0x00400000u, 0, 0xcafef00du };
    ring_put(0xFF8, sdi, 4);
    uint32_t noop[2] = { 0, 0 };
    ring_put(0x8, noop, 2);
    ring_start(0xFF8, 0x10);
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    cr_assert_eq(r.dw[3], 0xcafef00du, "dwords after the ring's end come from offset 0");
    cr_assert_eq(gtref_mem_read32(gtm_mem(m), 0x400000u), 0xcafef00du);
    cr_assert_eq(ev.cval[0], (1u << 21) | 0x8u, "head offset 8, wrap count 1; got 0x%08x", ev.cval[0]);
}

Test(model, wrap_count_wraps_modulo_2048)
{
    uint32_t noop[2] = { 0, 0 };
    ring_put(0xFFC, noop, 2);
    ring_start((0x7FFu << 21) | 0xFFC, 0x0);
    cr_assert_eq(gtm_step(m, 0, NULL), GTM_RETIRED);
    cr_assert_eq(ev.cval[0], 0x0u);
}

Test(model, command_not_entirely_before_tail_stalls)
{
    uint32_t sdi[] = { 0x10000002u, 0x00400000u, 0, 1 };
    ring_put(0, sdi, 4);
    ring_start(0, 8);
    cr_assert_eq(gtm_step(m, 0, NULL), GTM_STALLED);
    cr_assert_eq(ev.nw, 0);
    gtm_mmio_write(m, RCS + GTREF_RING_TAIL, 16);
    cr_assert_eq(gtm_step(m, 0, NULL), GTM_RETIRED);
}

Test(model, lri_writes_several_registers_with_byte_write_disables)
{
    uint32_t gpr0 = RCS + 0x600, gpr1 = RCS + 0x604;
    uint32_t cmds[] = { 0x11000003u, gpr0, 0x11223344u, gpr1, 0x55667788u,
                        0x11000001u | (0x5u << 8), gpr0, 0xAABBCCDDu, 0, 0 };
    ring_put(0, cmds, 10);
    ring_start(0, 40);
    gtm_step(m, 0, NULL);
    cr_assert_eq(gtm_reg_peek(m, gpr0), 0x11223344u);
    cr_assert_eq(gtm_reg_peek(m, gpr1), 0x55667788u);
    cr_assert_eq(ev.nc, 3, "two registers + head");
    cr_assert_eq(ev.coff[0], gpr0);
    cr_assert_eq(ev.coff[1], gpr1);
    gtm_step(m, 0, NULL);
    /* bytes 0 and 2 disabled: keep 0x44 and 0x22 */
    cr_assert_eq(gtm_reg_peek(m, gpr0), 0xAA22CC44u, "got 0x%08x", gtm_reg_peek(m, gpr0));
}

Test(model, lri_to_a_read_only_register_commits_nothing)
{
    /* C6: a register of the issuing engine with no writable bit (ESR) is dropped */
    uint32_t cmds[] = { 0x11000001u, RCS + GTREF_ESR, 1, 0 };
    ring_put(0, cmds, 4);
    ring_start(0, 16);
    cr_assert_eq(gtm_step(m, 0, NULL), GTM_RETIRED);
    cr_assert_eq(ev.nc, 1, "only the head commit");
    cr_assert_eq(gtm_reg_peek(m, RCS + GTREF_ESR), 0);
}

Test(model, lri_with_an_unknown_offset_is_unimplemented_as_a_whole)
{
    /* C6: an offset no table names ends the test (unimplemented), checked for every pair before any commit: the ESR
     * pair before it is not even dropped-with-a-head-commit, nothing happens */
    uint32_t cmds[] = { 0x11000003u, RCS + GTREF_ESR, 1, 0x00123450u, 7, 0 };
    ring_put(0, cmds, 6);
    ring_start(0, 24);
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
    cr_assert_str_eq(r.note, "MI_LOAD_REGISTER_IMM write 0x123450 outside the engine (C6)");
    cr_assert_eq(ev.nc, 0);
    cr_assert_eq(gtm_reg_peek(m, RCS + GTREF_RING_HEAD), 0);
}

Test(model, illegal_opcode_halts_with_error_registers)
{
    uint32_t bad[2] = { 0x0F800000u /* opcode 0x1F: not implemented */, 0 };
    ring_put(0, bad, 2);
    ring_start(0, 8);
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_ERROR);
    cr_assert_eq(gtm_reg_peek(m, RCS + GTREF_ESR), GTREF_ERR_INSTRUCTION);
    cr_assert_eq(gtm_reg_peek(m, RCS + GTREF_EIR), 0, "EMR masks it from EIR by default");
    cr_assert_eq(gtm_reg_peek(m, RCS + GTREF_RING_HEAD), 0, "head stays on the bad command");
    cr_assert_eq(ev.nirq, 0);
    cr_assert(gtm_engine_halted(m, 0));
    cr_assert_eq(gtm_step(m, 0, NULL), GTM_HALTED);
}

Test(model, illegal_with_unmasked_emr_sets_eir_and_raises_master_error)
{
    uint32_t bad[2] = { 0x10200004u /* SDI with Store Qword and length 6: not 3 + 2n (C35) */, 0 };
    ring_put(0, bad, 2);
    gtm_mmio_write(m, RCS + GTREF_EMR, 0xFFFFFFFEu);
    ring_start(0, 8);
    cr_assert_eq(gtm_step(m, 0, NULL), GTM_ERROR);
    cr_assert_eq(gtm_reg_peek(m, RCS + GTREF_EIR), 1u);
    cr_assert_eq(ev.irq, GTREF_IRQ_CS_MASTER_ERROR);
    /* EIR bit 0 cannot be cleared by software */
    gtm_mmio_write(m, RCS + GTREF_EIR, 1);
    cr_assert_eq(gtm_reg_peek(m, RCS + GTREF_EIR), 1u);
}

Test(model, batch_buffer_start_end_and_chain)
{
    uint32_t ring[] = { 0x18800001u, 0x00200000u, 0, 0 /* noop */ };
    uint32_t b1[] = { 0x10000002u, 0x00400000u, 0, 0x1, 0x18800001u, 0x00201000u, 0 };
    uint32_t b2[] = { 0, 0x05000000u };
    ring_put(0, ring, 4);
    for (int i = 0; i < 7; i++) gtref_mem_write32(gtm_mem(m), 0x200000u + 4u * i, b1[i]);
    for (int i = 0; i < 2; i++) gtref_mem_write32(gtm_mem(m), 0x201000u + 4u * i, b2[i]);
    ring_start(0, 16);
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    /* docs/commands.md §3: BB_ADDR = addr[31:0] (BB_ADDR_UDW and BB_STATE keep 0: no commit), then
     * RING_HEAD as the last commit of the ring command (cycle contract §2, spec-decisions C15) */
    cr_assert_eq(ev.nc, 2);
    cr_assert_eq(ev.coff[0], RCS + GTREF_BB_ADDR);
    cr_assert_eq(ev.cval[0], 0x200000u);
    cr_assert_eq(ev.coff[1], RCS + GTREF_RING_HEAD);
    cr_assert_eq(ev.cval[1], 12u, "head moves past MI_BATCH_BUFFER_START");
    cr_assert(gtm_engine_in_batch(m, 0));
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    cr_assert(r.in_batch);
    cr_assert_eq(r.addr, 0x200000u);
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);   /* chain */
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    cr_assert_eq(r.addr, 0x201000u);
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);   /* end */
    cr_assert(!gtm_engine_in_batch(m, 0));
    cr_assert_eq(ev.nc, 3, "batch commands do not move the ring head; the chain commits BB_ADDR");
    cr_assert_eq(ev.coff[2], RCS + GTREF_BB_ADDR);
    cr_assert_eq(ev.cval[2], 0x201000u);
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);   /* ring noop */
    cr_assert_eq(r.addr, RING + 12u);
    cr_assert_eq(gtm_step(m, 0, NULL), GTM_IDLE);
}

/* IRQ-3, IRQ-7, IRQ-8, IRQ-9, IRQ-13, IRQ-14: dropped at IMR (reset all masked) and when disabled; held while
 * masked and raised by the unmask; the line needs the master enable. */
Test(model, user_interrupt_reaches_the_line_only_when_enabled_unmasked_and_master_on)
{
    gtm_mmio_write(m, GTREF_RENDER_COPY_INTR_ENABLE, 0x00010000u);
    gtm_mmio_write(m, GTREF_RCS0_INTR_MASK, 0xFFFEFFFFu);
    gtm_irq_event(m, 0, GTREF_IRQ_USER);
    cr_assert_eq(gtm_reg_peek(m, GTREF_GT_INTR_DW0), 0, "IMR resets to all masked: dropped");
    gtm_mmio_write(m, RCS + GTREF_IMR, ~(uint32_t)GTREF_IRQ_USER);
    gtm_mmio_write(m, GTREF_RENDER_COPY_INTR_ENABLE, 0);
    gtm_irq_event(m, 0, GTREF_IRQ_USER);
    cr_assert_eq(gtm_reg_peek(m, GTREF_GT_INTR_DW0), 0, "disabled: dropped");
    gtm_mmio_write(m, GTREF_RENDER_COPY_INTR_ENABLE, 0x00010000u);
    gtm_mmio_write(m, GTREF_RCS0_INTR_MASK, 0xFFFFFFFFu);
    gtm_irq_event(m, 0, GTREF_IRQ_USER);
    cr_assert_eq(gtm_reg_peek(m, GTREF_GT_INTR_DW0), 0, "masked: held, no DW bit");
    gtm_mmio_write(m, GTREF_RCS0_INTR_MASK, 0xFFFEFFFFu);
    cr_assert_eq(gtm_reg_peek(m, GTREF_GT_INTR_DW0), 1u, "the unmask raises the held event");
    cr_assert(!gtm_irq_line(m), "master disabled");
    gtm_mmio_write(m, GTREF_GFX_MSTR_IRQ, GTREF_MSTR_IRQ_ENABLE);
    cr_assert(gtm_irq_line(m));
    cr_assert_eq(gtm_mmio_read(m, GTREF_GFX_MSTR_IRQ, NULL), 0x80000001u);
    gtm_mmio_write(m, GTREF_GT_INTR_DW0, 1);
    cr_assert(!gtm_irq_line(m));
    cr_assert_eq(gtm_mmio_read(m, GTREF_GFX_MSTR_IRQ, NULL), 0x80000000u);
}
