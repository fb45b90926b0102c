/* The command model's architectural translation (docs/gam.md GAM-2 to GAM-6, GAM-13 to GAM-15, GAM-20). Every
 * expected value is worked out by hand from the contract and written as a literal: page-table entry addresses,
 * physical addresses, fault-register values. No page table is built by a helper here: each entry is written where
 * GAM-4 / GAM-5 say the walk reads it.
 *
 * Constants used by hand: GSM_BASE = 0x7F_0000_0000 (G2); the GGTT entry of graphics page p is at
 * GSM_BASE + p * 8 (GAM-4); an entry is bit 0 present, bits 38:12 the address (GAM-3); the fault register is
 * va[31:12] << 12 | ggtt << 11 | (4e + client) << 3 | type << 1 | 1 (GAM-14), clients IF 0, DR 1, WR 2 (GAM-1),
 * types page 0, invalid PD 1, unloaded PD 2 (GAM-13); GFX_ARB_ERROR_RPT bits 0, 2, 8 (BYT-REG L4280-4301). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "gtref/cmds.h"
#include "gtref/gam.h"
#include "gtref/model.h"
#include "gtref/regs.h"

#define RCS 0x2000u
#define BCS 0x22000u
#define GPR0 (RCS + 0x600u)
#define NOPA UINT64_MAX

/* GGTT entry addresses, by hand: GSM_BASE + (va >> 12) * 8 */
#define GGTT_E(page) (0x7F00000000ull + (uint64_t)(page) * 8u)

typedef struct wr { int e; bool ggtt; uint64_t va, pa, data; uint8_t be; } wr;
typedef struct events {
    int nw, nc;
    wr w[32];
    uint32_t coff[64], cval[64];
    uint16_t irq;
    int nirq;
} events;

static void on_w(void *u, int e, bool ggtt, uint64_t va, uint64_t pa, uint64_t d, uint8_t be)
{
    events *ev = u;
    if (ev->nw < 32) ev->w[ev->nw++] = (wr){ e, ggtt, va, pa, d, be };
}
static void on_c(void *u, int src, uint32_t off, uint32_t v)
{
    events *ev = u;
    (void)src;
    if (ev->nc < 64) { ev->coff[ev->nc] = off; ev->cval[ev->nc++] = v; }
}
static void on_i(void *u, int e, uint16_t b) { (void)e; events *ev = u; ev->irq |= b; ev->nirq++; }

static gtm *m;
static events ev;

static void w64(uint64_t pa, uint64_t v)
{
    gtref_mem_write32(gtm_mem(m), pa, (uint32_t)v);
    gtref_mem_write32(gtm_mem(m), pa + 4, (uint32_t)(v >> 32));
}
static uint32_t rd(uint64_t pa) { return gtref_mem_read32(gtm_mem(m), pa); }
static uint32_t peek(uint32_t off) { return gtm_reg_peek(m, off); }
static void clear_events(void) { memset(&ev, 0, sizeof ev); }

static unsigned as(const char *text, uint32_t *dw)
{
    char err[160] = "";
    int n = gtref_cmd_parse(text, 2, dw, 64, err, sizeof err);
    cr_assert(n > 0, "cannot assemble \"%s\": %s", text, err);
    return (unsigned)n;
}

/* Place commands at physical address pa; returns the bytes placed. */
static uint32_t place(uint64_t pa, const char *const *lines, unsigned n)
{
    uint32_t dw[64], off = 0;
    for (unsigned i = 0; i < n; i++) {
        unsigned len = as(lines[i], dw);
        for (unsigned k = 0; k < len; k++, off += 4) gtref_mem_write32(gtm_mem(m), pa + off, dw[k]);
    }
    return off;
}
#define PLACE(pa, ...) do { const char *const l_[] = { __VA_ARGS__ }; place(pa, l_, sizeof l_ / sizeof l_[0]); } while (0)

/* Engine e's ring at graphics 0x100000 (RCS0) / 0x110000 (BCS0), one page, whose GGTT entry maps it to physical
 * 0x900000 / 0x910000 (a non-identity mapping: the ring fetch is translated, GAM-2). */
static void ring(int e, const char *const *lines, unsigned n)
{
    uint32_t base = e ? BCS : RCS;
    uint64_t va = e ? 0x110000u : 0x100000u, pa = e ? 0x910000u : 0x900000u;
    w64(GGTT_E(va >> 12), pa | 1u);   /* 0x7F00000800 / 0x7F00000880 */
    uint32_t tail = place(pa, lines, n);
    if (tail & 4) { gtref_mem_write32(gtm_mem(m), pa + tail, 0); tail += 4; }
    gtm_mmio_write(m, base + GTREF_RING_START, (uint32_t)va);
    gtm_mmio_write(m, base + GTREF_RING_TAIL, tail);
    gtm_mmio_write(m, base + GTREF_RING_CTL, 1);
}
#define RING0(...) do { const char *const l_[] = { __VA_ARGS__ }; ring(0, l_, sizeof l_ / sizeof l_[0]); } while (0)
#define RING1(...) do { const char *const l_[] = { __VA_ARGS__ }; ring(1, l_, sizeof l_ / sizeof l_[0]); } while (0)

static gtm_retire r;
static int step(int e) { return gtm_step(m, e, &r); }
static void step_ok(int e)
{
    int st = step(e);
    cr_assert_eq(st, GTM_RETIRED, "status %d (%s)", st, r.note);
}

static void expect_write(int i, int e, bool ggtt, uint64_t va, uint64_t pa, uint64_t data, uint8_t be)
{
    cr_assert(i < ev.nw, "write %d of %d", i, ev.nw);
    const wr *w = &ev.w[i];
    cr_assert_eq(w->e, e);
    cr_assert_eq(w->ggtt, ggtt, "write %d: ggtt %d", i, w->ggtt);
    cr_assert_eq(w->va, va, "write %d: va 0x%llx", i, (unsigned long long)w->va);
    cr_assert_eq(w->pa, pa, "write %d: pa 0x%llx, expected 0x%llx", i, (unsigned long long)w->pa, (unsigned long long)pa);
    cr_assert_eq(w->data, data, "write %d: data 0x%llx", i, (unsigned long long)w->data);
    cr_assert_eq(w->be, be, "write %d: be 0x%x", i, w->be);
}

/* The commits of the last command must be exactly these. */
static void expect_commits(const uint32_t *off, const uint32_t *val, int n)
{
    cr_assert_eq(ev.nc, n, "%d commits, expected %d", ev.nc, n);
    for (int i = 0; i < n; i++) {
        cr_assert_eq(ev.coff[i], off[i], "commit %d: offset 0x%x, expected 0x%x", i, ev.coff[i], off[i]);
        cr_assert_eq(ev.cval[i], val[i], "commit %d: 0x%08x, expected 0x%08x", i, ev.cval[i], val[i]);
    }
}

static void setup(void)
{
    m = gtm_create(2);
    clear_events();
    gtm_sink s = { &ev, on_w, on_c, on_i };
    gtm_set_sink(m, &s);
    /* graphics page 0x400 (the stores' page) -> physical 0x5A3000 (GAM-4: entry at 0x7F00002000) */
    w64(0x7F00002000ull, 0x5A3001u);
}
static void teardown(void) { gtm_destroy(m); }
TestSuite(xlate, .init = setup, .fini = teardown);

/* ---- PPGTT tables for the tests below (GAM-5), written by hand ----
 * va = 0x0000_1081_746F_7108: PML4 index va[47:39] = 0x21, PDP va[38:30] = 0x05, PD va[29:21] = 0x1A3,
 * PT va[20:12] = 0xF7, offset 0x108:  0x21<<39 = 0x108000000000, 5<<30 = 0x140000000, 0x1A3<<21 = 0x34600000,
 * 0xF7<<12 = 0xF7000; sum + 0x108 = 0x1081746F7108.
 * PML4 at 0xA00000 (PDP0_LDW): PML4E[0x21] at 0xA00000 + 0x108 = 0xA00108 -> PDP table 0xA01000 (the entry also
 * has bit 63 and bit 1 set: ignored, GAM-3 / G4); PDPE[5] at 0xA01028 -> 0xA02000; PDE[0x1A3] at 0xA02000 + 0xD18
 * = 0xA02D18 -> 0xA03000; PTE[0xF7] at 0xA03000 + 0x7B8 = 0xA037B8 -> page 0x12_3456_7000. So pa = 0x1234567108.
 * A second page va 0x1081746F8000 (PT index 0xF8): PTE at 0xA037C0 -> page 0x3_0000_0000.
 * PP_DCLV: PML4 index 0x21 is in group 0x21 >> 4 = 2: bit 2 (GAM-6). */
#define PVA   0x1081746F7108ull
#define PPA   0x1234567108ull
#define PVA2  0x1081746F8000ull
#define PPA2  0x300000000ull

static void ppgtt_tables(void)
{
    w64(0xA00108u, 0x8000000000A01003ull);
    w64(0xA01028u, 0xA02001u);
    w64(0xA02D18u, 0xA03001u);
    w64(0xA037B8u, 0x1234567001ull);
    w64(0xA037C0u, 0x300000001ull);
}

static void ppgtt_on(uint32_t dclv)
{
    ppgtt_tables();
    gtm_mmio_write(m, RCS + GTREF_PDP0_LDW, 0xA00000u);
    gtm_mmio_write(m, RCS + GTREF_PDP0_UDW, 0);
    gtm_mmio_write(m, RCS + GTREF_PP_DCLV, dclv);
    gtm_mmio_write(m, RCS + GTREF_RING_MODE, 0x02000200u);   /* masked write: RING_MODE[9] := 1 (GAM-2) */
}

/* ======================= GGTT (GAM-2, GAM-4) ======================= */

Test(xlate, ggtt_store_and_ring_fetch_are_translated)
{
    /* the ring at graphics 0x100000 is fetched from physical 0x900000; the store to graphics 0x400010 (no ggtt bit,
     * RING_MODE[9] = 0: GGTT) goes to 0x5A3000 + 0x10 */
    RING0("MI_STORE_DATA_IMM addr=0x400010 data=0xcafef00d");
    step_ok(0);
    cr_assert_eq(r.addr, 0x100000u, "the retire names the graphics address");
    cr_assert_eq(ev.nw, 1);
    expect_write(0, 0, true, 0x400010u, 0x5A3010u, 0xcafef00du, 0x0F);
    cr_assert_eq(rd(0x5A3010u), 0xcafef00du);
    cr_assert_eq(rd(0x400010u), 0, "the graphics address is not a physical one");
    cr_assert_eq(peek(0x040A0u), 0, "no fault");
}

Test(xlate, ggtt_batch_fetch)
{
    /* graphics 0x200000 -> physical 0x6B2000 (entry at 0x7F00000000 + 0x200 * 8 = 0x7F00001000) */
    w64(0x7F00001000ull, 0x6B2001u);
    PLACE(0x6B2000u, "MI_STORE_DATA_IMM addr=0x400000 data=0x11", "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START addr=0x200000");
    step_ok(0);
    clear_events();
    step_ok(0);
    cr_assert_eq(r.addr, 0x200000u);
    cr_assert(r.in_batch);
    expect_write(0, 0, true, 0x400000u, 0x5A3000u, 0x11u, 0x0F);
    step_ok(0);   /* MI_BATCH_BUFFER_END, fetched from 0x6B2010 */
    cr_assert(!gtm_engine_in_batch(m, 0));
}

Test(xlate, ggtt_address_at_4_gb_faults_without_a_walk)
{
    /* GAM-4: va >= 4 GB faults (page fault) whatever the entry (the entry of page 0x100000 would be at
     * 0x7F00800000: even a present one there is not read) */
    w64(0x7F00800000ull, 0x5A3001u);
    RING0("MI_STORE_DATA_IMM ggtt addr=0x100000040 data=0x1");
    cr_assert_eq(step(0), GTM_ERROR);
    cr_assert(r.fault);
    cr_assert_eq(r.fault_type, GTREF_FAULT_PAGE);
    cr_assert_eq(r.fault_client, GTREF_CLIENT_WR);
    cr_assert(r.fault_ggtt);
    cr_assert_eq(r.fault_va, 0x100000040ull);
    /* va[31:12] = 0 | GGTT 0x800 | (0*4 + 2) << 3 = 0x10 | type 0 | valid */
    cr_assert_eq(peek(0x04094u), 0x811u);
    expect_write(0, 0, true, 0x100000040ull, NOPA, 0x1u, 0x0F);
    cr_assert_eq(rd(0x5A3040u), 0);
}

/* ======================= PPGTT (GAM-5, GAM-6) ======================= */

Test(xlate, ppgtt_store_walks_four_levels)
{
    ppgtt_on(0x4u);
    RING0("MI_STORE_DATA_IMM addr=0x1081746f7108 data=0x600df00d");
    step_ok(0);
    expect_write(0, 0, false, PVA, PPA, 0x600df00du, 0x0F);
    cr_assert_eq(rd(PPA), 0x600df00du);
}

Test(xlate, ppgtt_data_read_ignores_address_bits_63_48)
{
    /* MI_LOAD_REGISTER_MEM's address has bits 63:2 (cmd_table); GAM-5: va[63:48] are ignored */
    ppgtt_on(0x4u);
    gtref_mem_write32(gtm_mem(m), PPA, 0x5eed1234u);
    RING0("MI_LOAD_REGISTER_MEM reg=RCS0.CS_GPR0 addr=0xffff1081746f7108");
    step_ok(0);
    cr_assert_eq(peek(GPR0), 0x5eed1234u);
    cr_assert_eq(peek(0x040A0u), 0);
}

Test(xlate, ppgtt_batch_fetch_by_the_effective_bit)
{
    /* C10, C16, GAM-2: a PPGTT first level (its own bit) is fetched from 0x3_0000_0000; its second-level call without
     * the ppgtt bit is PPGTT too (effective 0 | 1 = 1, SBB_STATE 0x20): fetched through the PPGTT at PVA's page
     * (physical 0x12_3456_7000). Their stores select the PPGTT: va 0x1081746F8800 / 8808 -> 0x3_0000_0800 / 0808. */
    ppgtt_on(0x4u);
    PLACE(PPA2, "MI_STORE_DATA_IMM addr=0x1081746f8800 data=0x77", "MI_BATCH_BUFFER_START second addr=0x1081746f7000",
          "MI_BATCH_BUFFER_END");
    PLACE(0x1234567000ull, "MI_STORE_DATA_IMM addr=0x1081746f8808 data=0x88", "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START ppgtt addr=0x1081746f8000");
    step_ok(0);
    clear_events();
    step_ok(0);
    cr_assert_eq(r.addr, PVA2);
    cr_assert_eq(r.dw[3], 0x77u, "the batch's own dwords, from 0x300000000");
    expect_write(0, 0, false, 0x1081746F8800ull, 0x300000800ull, 0x77u, 0x0F);
    step_ok(0);   /* the call */
    cr_assert_eq(peek(RCS + GTREF_SBB_STATE), 0x20u);
    clear_events();
    step_ok(0);
    cr_assert_eq(r.addr, 0x1081746F7000ull);
    cr_assert_eq(r.level, 2);
    cr_assert_eq(r.dw[3], 0x88u, "from physical 0x1234567000");
    expect_write(0, 0, false, 0x1081746F8808ull, 0x300000808ull, 0x88u, 0x0F);
}

Test(xlate, second_level_with_its_own_ppgtt_bit_from_a_ggtt_first_level)
{
    /* C16 (re-decided): a GGTT first level (graphics 0x200000 -> 0x6B2000) calls a second level with ppgtt = 1: fetched
     * through the PPGTT (0x3_0000_0000) and non-privileged: its GGTT store is a violation (G1, C41: ESR 4, no write);
     * back in the privileged first level the same store writes 0x5A3008 */
    ppgtt_on(0x4u);
    w64(0x7F00001000ull, 0x6B2001u);
    PLACE(0x6B2000u, "MI_BATCH_BUFFER_START second ppgtt addr=0x1081746f8000",
          "MI_STORE_DATA_IMM ggtt addr=0x400008 data=0x6", "MI_BATCH_BUFFER_END");
    PLACE(PPA2, "MI_STORE_DATA_IMM ggtt addr=0x400000 data=0x5", "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START addr=0x200000");
    step_ok(0);
    step_ok(0);
    cr_assert_eq(peek(RCS + GTREF_BB_STATE), 0);
    cr_assert_eq(peek(RCS + GTREF_SBB_STATE), 0x20u);
    clear_events();
    step_ok(0);
    cr_assert_eq(r.addr, PVA2);
    cr_assert(r.priv_violation);
    cr_assert_eq(ev.nw, 0);
    uint32_t off[] = { RCS + GTREF_ESR }, val[] = { 4 };
    expect_commits(off, val, 1);
    step_ok(0);   /* MI_BATCH_BUFFER_END of the second level */
    clear_events();
    step_ok(0);
    cr_assert_eq(r.addr, 0x20000Cu, "the dword after the 3-dword call (C16)");
    expect_write(0, 0, true, 0x400008u, 0x5A3008u, 0x6u, 0x0F);
}

Test(xlate, ring_mode_9_clear_forces_the_ggtt)
{
    /* BYT-REG L3716-3721 (GAM-2): with RING_MODE[9] = 0 a PPGTT batch and a PPGTT operand use the GGTT */
    ppgtt_tables();
    gtm_mmio_write(m, RCS + GTREF_PDP0_LDW, 0xA00000u);
    gtm_mmio_write(m, RCS + GTREF_PP_DCLV, 0x4u);
    w64(0x7F00001000ull, 0x6B2001u);
    PLACE(0x6B2000u, "MI_STORE_DATA_IMM addr=0x400010 data=0x99", "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START ppgtt addr=0x200000");
    step_ok(0);
    clear_events();
    step_ok(0);
    expect_write(0, 0, true, 0x400010u, 0x5A3010u, 0x99u, 0x0F);
}

Test(xlate, copy_mem_mem_with_different_spaces)
{
    ppgtt_on(0x4u);
    gtref_mem_write32(gtm_mem(m), 0x5A3010u, 0xabcd0123u);   /* GGTT 0x400010 */
    gtref_mem_write32(gtm_mem(m), PPA + 4, 0x13572468u);     /* PPGTT PVA + 4 */
    RING0("MI_COPY_MEM_MEM ggtt_src dst=0x1081746f7108 src=0x400010",   /* GGTT -> PPGTT */
          "MI_COPY_MEM_MEM ggtt_dst dst=0x400014 src=0x1081746f710c");  /* PPGTT -> GGTT */
    step_ok(0);
    expect_write(0, 0, false, PVA, PPA, 0xabcd0123u, 0x0F);
    clear_events();
    step_ok(0);
    expect_write(0, 0, true, 0x400010u, 0x5A3010u, 0x13572468ull << 32, 0xF0);
}

/* ======================= faults in hang mode (GAM-13, GAM-14, GAM-15) ======================= */

/* The fault record and the ending of a command with a fault in hang mode. */
static void expect_fault(uint8_t type, uint8_t client, bool ggtt, uint64_t fva, uint32_t fr, uint32_t arb)
{
    cr_assert_eq(r.status, GTM_ERROR);
    cr_assert(r.fault);
    cr_assert_eq(r.fault_type, type, "type %u", r.fault_type);
    cr_assert_eq(r.fault_client, client, "client %u", r.fault_client);
    cr_assert_eq(r.fault_ggtt, ggtt);
    cr_assert_eq(r.fault_va, fva, "fault va 0x%llx", (unsigned long long)r.fault_va);
    cr_assert_eq(peek(0x04094u), fr, "GFX_ENG_FR 0x%08x, expected 0x%08x", peek(0x04094u), fr);
    cr_assert_eq(peek(0x040A0u), arb, "GFX_ARB_ERROR_RPT 0x%x", peek(0x040A0u));
    cr_assert(gtm_engine_halted(m, 0));
    cr_assert_eq(peek(RCS + GTREF_ESR), 0x10u, "ESR bit 4 (page table error, BYT-REG L2422)");
    cr_assert_eq(peek(RCS + GTREF_IPEHR), 0, "no IPEHR commit");
    cr_assert_eq(peek(RCS + GTREF_RING_HEAD), 0, "RING_HEAD not advanced");
    cr_assert_eq(step(0), GTM_HALTED);
}

Test(xlate, write_fault_keeps_earlier_writes_status_write_esr_eir_event)
{
    /* A qword store at 0x400FFC: two writes (C4). The first, qword 0x400FF8 be F0, goes to 0x5A3FF8; the second,
     * 0x401000 be 0F, is in page 0x401 whose entry (0x7F00002008) is not present: a page fault (GAM-13). The first
     * stays; the second is reported, not performed. EMR[4] = 0, IMR and HWSTAM open bit 3: the status write of
     * CS_MASTER_ERROR (IRQ-4) to HWS_PGA 0x7000 (graphics page 7 -> physical 0x77000, entry 0x7F00000038), then
     * ESR |= 0x10, EIR |= 0x10, the event (GAM-15). */
    w64(0x7F00000038ull, 0x77001u);
    gtm_mmio_write(m, RCS + GTREF_HWS_PGA, 0x7000u);
    gtm_mmio_write(m, RCS + GTREF_EMR, 0xEFu);
    gtm_mmio_write(m, RCS + GTREF_IMR, ~(uint32_t)GTREF_IRQ_CS_MASTER_ERROR);
    gtm_mmio_write(m, RCS + GTREF_HWSTAM, ~(uint32_t)GTREF_IRQ_CS_MASTER_ERROR);
    RING0("MI_STORE_DATA_IMM qword addr=0x400ffc data=0x2222222211111111");
    clear_events();
    cr_assert_eq(step(0), GTM_ERROR);
    cr_assert_eq(ev.nw, 3);
    expect_write(0, 0, true, 0x400FF8u, 0x5A3FF8u, 0x1111111100000000ull, 0xF0);
    expect_write(1, 0, true, 0x401000u, NOPA, 0x22222222u, 0x0F);
    expect_write(2, 0, true, 0x7000u, 0x77000u, 0x8u, 0x0F);
    cr_assert_eq(rd(0x5A3FFCu), 0x11111111u, "the write before the fault stays");
    cr_assert_eq(rd(0x77000u), 0x8u);
    uint32_t off[] = { RCS + GTREF_ESR, RCS + GTREF_EIR }, val[] = { 0x10u, 0x10u };
    expect_commits(off, val, 2);
    cr_assert_eq(ev.irq, GTREF_IRQ_CS_MASTER_ERROR);
    cr_assert_eq(r.len, 5, "a data fault reports the whole command");
    cr_assert_eq(r.addr, 0x100000u);
    /* 0x401000 | GGTT 0x800 | WR (2) << 3 | type 0 | valid = 0x401811; ARB bit 0 */
    expect_fault(GTREF_FAULT_PAGE, GTREF_CLIENT_WR, true, 0x401000u, 0x401811u, 0x1u);
}

Test(xlate, emr_bit_4_masks_eir_the_event_and_the_status_write)
{
    /* EMR at reset (RCS 0xFF: bit 4 set, R3): ESR only, no EIR, no event, no status write even with IMR/HWSTAM open */
    w64(0x7F00000038ull, 0x77001u);
    gtm_mmio_write(m, RCS + GTREF_HWS_PGA, 0x7000u);
    gtm_mmio_write(m, RCS + GTREF_IMR, ~(uint32_t)GTREF_IRQ_CS_MASTER_ERROR);
    gtm_mmio_write(m, RCS + GTREF_HWSTAM, ~(uint32_t)GTREF_IRQ_CS_MASTER_ERROR);
    RING0("MI_STORE_DATA_IMM addr=0x401008 data=0x5");
    clear_events();
    cr_assert_eq(step(0), GTM_ERROR);
    cr_assert_eq(ev.nw, 1);
    expect_write(0, 0, true, 0x401008u, NOPA, 0x5u, 0x0F);
    uint32_t off[] = { RCS + GTREF_ESR }, val[] = { 0x10u };
    expect_commits(off, val, 1);
    cr_assert_eq(ev.nirq, 0);
    cr_assert_eq(peek(RCS + GTREF_EIR), 0);
    expect_fault(GTREF_FAULT_PAGE, GTREF_CLIENT_WR, true, 0x401008u, 0x401811u, 0x1u);
}

Test(xlate, ppgtt_unloaded_pd_on_a_data_read)
{
    /* PP_DCLV bit 2 clear (only bit 0 set): PML4 index 0x21 is disabled: unloaded PD (type 2), no walk (GAM-6).
     * MI_LOAD_REGISTER_MEM is a DR access of its 64-byte line 0x1081746F7100; FR = va[31:12] 0x746F7000 |
     * PPGTT 0 | DR 1 << 3 | 2 << 1 | 1 = 0x746F700D; ARB bit 8. No commit but ESR. */
    ppgtt_on(0x1u);
    RING0("MI_LOAD_REGISTER_MEM reg=RCS0.CS_GPR0 addr=0x1081746f7108");
    clear_events();
    cr_assert_eq(step(0), GTM_ERROR);
    cr_assert_eq(ev.nw, 0);
    uint32_t off[] = { RCS + GTREF_ESR }, val[] = { 0x10u };
    expect_commits(off, val, 1);
    expect_fault(GTREF_FAULT_UNLOADED_PD, GTREF_CLIENT_DR, false, 0x1081746F7100ull, 0x746F700Du, 0x100u);
}

/* A directory entry not present (PML4E, PDPE or PDE): invalid PD (type 1); the store's FR = 0x746F7000 | WR 2 << 3
 * | 1 << 1 | 1 = 0x746F7013, ARB bit 2. */
static void invalid_pd_at(uint64_t entry)
{
    ppgtt_on(0x4u);
    w64(entry, 0xFFFFFFFFFFFFFFFEull);   /* every bit but present */
    RING0("MI_STORE_DATA_IMM addr=0x1081746f7108 data=0x1");
    cr_assert_eq(step(0), GTM_ERROR);
    expect_write(0, 0, false, PVA, NOPA, 0x1u, 0x0F);
    expect_fault(GTREF_FAULT_INVALID_PD, GTREF_CLIENT_WR, false, PVA, 0x746F7013u, 0x4u);
}
Test(xlate, ppgtt_pml4e_not_present_is_an_invalid_pd) { invalid_pd_at(0xA00108u); }
Test(xlate, ppgtt_pdpe_not_present_is_an_invalid_pd) { invalid_pd_at(0xA01028u); }
Test(xlate, ppgtt_pde_not_present_is_an_invalid_pd) { invalid_pd_at(0xA02D18u); }

Test(xlate, ppgtt_pte_not_present_is_a_page_fault)
{
    /* type 0: FR 0x746F7000 | WR 2 << 3 | 1 = 0x746F7011, ARB bit 0 */
    ppgtt_on(0x4u);
    w64(0xA037B8u, 0x1234567000ull);
    RING0("MI_STORE_DATA_IMM addr=0x1081746f7108 data=0x1");
    cr_assert_eq(step(0), GTM_ERROR);
    expect_fault(GTREF_FAULT_PAGE, GTREF_CLIENT_WR, false, PVA, 0x746F7011u, 0x1u);
}

/* G4: a present PDPE or PDE with bit 7 (PS: a 1 GB / 2 MB page) makes the access unimplemented: the step changes
 * nothing (no write reported, no commit, no fault record, RING_HEAD stays). The not-present entries of invalid_pd_at have
 * bit 7 set too: a fault first. */
static void expect_ps_unimplemented(const char *note)
{
    cr_assert_eq(r.status, GTM_UNIMPLEMENTED);
    cr_assert_str_eq(r.note, note);
    cr_assert_eq(ev.nw + ev.nc + ev.nirq, 0);
    cr_assert_eq(peek(GTREF_GFX_ENG_FR), 0);
    cr_assert_eq(peek(0x040A0u), 0);
    cr_assert(!gtm_engine_halted(m, 0));
}

Test(xlate, pde_with_ps_bit_makes_a_data_write_unimplemented)
{
    ppgtt_on(0x4u);
    w64(0xA02D18u, 0xA03081u);   /* PDE[0x1A3]: present, bit 7 */
    RING0("MI_STORE_DATA_IMM addr=0x1081746f7108 data=0x1");
    clear_events();
    step(0);
    expect_ps_unimplemented("MI_STORE_DATA_IMM: PPGTT PDE bit 7 (PS) set, va 0x1081746f7108 (G4)");
    cr_assert_eq(peek(RCS + GTREF_RING_HEAD), 0);
}

Test(xlate, pdpe_with_ps_bit_makes_a_data_read_unimplemented)
{
    /* the read's request is its 64-byte line 0x1081746F7100 (GAM-1) */
    ppgtt_on(0x4u);
    w64(0xA01028u, 0xA02081u);   /* PDPE[5]: present, bit 7 */
    RING0("MI_LOAD_REGISTER_MEM reg=RCS0.CS_GPR0 addr=0x1081746f7108");
    clear_events();
    step(0);
    expect_ps_unimplemented("MI_LOAD_REGISTER_MEM: PPGTT PDPE bit 7 (PS) set, va 0x1081746f7100 (G4)");
    cr_assert_eq(peek(GPR0), 0);
}

Test(xlate, pde_with_ps_bit_makes_a_batch_fetch_unimplemented)
{
    ppgtt_on(0x4u);
    PLACE(PPA2, "MI_BATCH_BUFFER_END");
    w64(0xA02D18u, 0xA03081u);
    RING0("MI_BATCH_BUFFER_START ppgtt addr=0x1081746f8000");
    step_ok(0);
    clear_events();
    cr_assert_eq(gtm_peek(m, 0, &r), GTM_UNIMPLEMENTED);
    step(0);
    expect_ps_unimplemented("instruction fetch: PPGTT PDE bit 7 (PS) set, va 0x1081746f8000 (G4)");
    cr_assert(gtm_engine_in_batch(m, 0));
}

Test(xlate, bit_7_of_a_pml4e_or_a_pte_is_ignored)
{
    /* G4: "other bits ignored" at the PML4E and PTE levels */
    ppgtt_on(0x4u);
    w64(0xA00108u, 0x8000000000A01083ull);
    w64(0xA037B8u, 0x1234567081ull);
    RING0("MI_STORE_DATA_IMM addr=0x1081746f7108 data=0x600df00d");
    step_ok(0);
    expect_write(0, 0, false, PVA, PPA, 0x600df00du, 0x0F);
}

Test(xlate, a_fault_of_bcs0_goes_to_blt_eng_fr)
{
    /* G10: BCS0's fault register is BLT_ENG_FR (0x04294); SRCID = 4 * 1 + WR 2 = 6: 0x401000 | 0x800 | 6 << 3 | 1
     * = 0x401831. BCS EMR resets to 0xFFFF (R3): no EIR. */
    RING1("MI_STORE_DATA_IMM addr=0x401000 data=0x1");
    cr_assert_eq(step(1), GTM_ERROR);
    cr_assert(r.fault);
    cr_assert_eq(peek(0x04294u), 0x401831u);
    cr_assert_eq(peek(0x04094u), 0, "GFX_ENG_FR untouched");
    cr_assert_eq(peek(BCS + GTREF_ESR), 0x10u);
    cr_assert(gtm_engine_halted(m, 1));
    cr_assert(!gtm_engine_halted(m, 0));
}

/* ======================= instruction fetch faults (GAM-15) ======================= */

Test(xlate, fetch_fault_of_dw0_retires_dw0_zero)
{
    /* the batch at graphics 0x203000: page 0x203's entry (0x7F00001018) not present. The command at the parser's
     * position ends with dw0 = 0, addr = 0x203000; FR = 0x203000 | GGTT 0x800 | IF 0 | type 0 | 1 = 0x203801 */
    RING0("MI_BATCH_BUFFER_START addr=0x203000");
    step_ok(0);
    cr_assert_eq(gtm_peek(m, 0, &r), GTM_ERROR, "gtm_peek reports the fault");
    cr_assert(r.fault);
    cr_assert_eq(r.fault_client, GTREF_CLIENT_IF);
    cr_assert_eq(peek(0x04094u), 0, "gtm_peek records nothing");
    clear_events();
    cr_assert_eq(step(0), GTM_ERROR);
    cr_assert_eq(r.addr, 0x203000u);
    cr_assert_eq(r.dw[0], 0);
    cr_assert_eq(r.len, 1);
    cr_assert_eq(ev.nw, 0);
    uint32_t off[] = { RCS + GTREF_ESR }, val[] = { 0x10u };
    expect_commits(off, val, 1);
    cr_assert_eq(r.status, GTM_ERROR);
    cr_assert_eq(r.fault_type, GTREF_FAULT_PAGE);
    cr_assert(r.fault_ggtt);
    cr_assert_eq(r.fault_va, 0x203000u);
    cr_assert_eq(peek(0x04094u), 0x203801u);
    cr_assert_eq(peek(0x040A0u), 0x1u);
    cr_assert(gtm_engine_halted(m, 0));
    cr_assert_eq(peek(RCS + GTREF_IPEHR), 0);
}

Test(xlate, fetch_fault_past_dw0_retires_the_dw0)
{
    /* The batch at graphics 0x204FF8 (page 0x204 -> physical 0x6C4000, entry 0x7F00001020): MI_NOOP at 0x204FF8,
     * then MI_STORE_DATA_IMM (4 dwords) at 0x204FFC: its DW0 translated, DW1..DW3 are in page 0x205 (entry
     * 0x7F00001028 not present). dw0 = 0x10000002 (MI_STORE_DATA_IMM, length 4), addr 0x204FFC, the faulting line
     * 0x205000: FR = 0x205000 | 0x800 | 1 = 0x205801 */
    w64(0x7F00001020ull, 0x6C4001u);
    gtref_mem_write32(gtm_mem(m), 0x6C4FF8u, 0);            /* MI_NOOP */
    gtref_mem_write32(gtm_mem(m), 0x6C4FFCu, 0x10000002u);  /* MI_STORE_DATA_IMM DW0 */
    RING0("MI_BATCH_BUFFER_START addr=0x204ff8");
    step_ok(0);
    step_ok(0);
    cr_assert_eq(r.addr, 0x204FF8u);
    clear_events();
    cr_assert_eq(step(0), GTM_ERROR);
    cr_assert_eq(r.addr, 0x204FFCu);
    cr_assert_eq(r.dw[0], 0x10000002u);
    cr_assert(r.fault);
    cr_assert_eq(r.fault_client, GTREF_CLIENT_IF);
    cr_assert_eq(r.fault_va, 0x205000u);
    cr_assert_eq(ev.nw, 0, "the store never executed");
    cr_assert_eq(peek(0x04094u), 0x205801u);
    cr_assert_eq(peek(RCS + GTREF_ESR), 0x10u);
}

/* ======================= the fault register lock, continue mode ======================= */

Test(xlate, continue_mode_goes_to_bit_39_and_the_command_continues)
{
    /* GAB_CTL_REG[8] = 1 (0x1BF: reset 0xBF, G11): the store to 0x401008 (page not present) writes physical
     * (0x401008 & 0x7F_FFFF_FFFF) | 1 << 39 = 0x8000401008; the LRM from 0x402010 reads 0x8000402010. The
     * commands retire normally (RING_HEAD), ESR stays 0; the fault is recorded (GAM-14). */
    gtm_mmio_write(m, 0x24000u, 0x1BFu);
    gtref_mem_write32(gtm_mem(m), 0x8000402010ull, 0x4242u);
    RING0("MI_STORE_DATA_IMM addr=0x401008 data=0x5", "MI_LOAD_REGISTER_MEM reg=RCS0.CS_GPR0 addr=0x402010");
    clear_events();
    step_ok(0);
    cr_assert(!r.fault);
    expect_write(0, 0, true, 0x401008u, 0x8000401008ull, 0x5u, 0x0F);
    cr_assert_eq(rd(0x8000401008ull), 0x5u);
    uint32_t off[] = { RCS + GTREF_RING_HEAD }, val[] = { 0x10u };
    expect_commits(off, val, 1);
    step_ok(0);
    cr_assert_eq(peek(GPR0), 0x4242u);
    cr_assert_eq(peek(RCS + GTREF_ESR), 0);
    cr_assert(!gtm_engine_halted(m, 0));
    cr_assert_eq(peek(0x04094u), 0x401811u, "the first fault is kept (the read's would be 0x402809)");
}

Test(xlate, fault_register_keeps_the_first_fault_until_software_clears_valid)
{
    /* Continue mode, three faults of RCS0: a GGTT page fault (WR), a PPGTT unloaded PD (DR), then, after the host
     * clears the valid bit, a PPGTT page fault (WR). FR: 0x401811, kept; then 0x746F7011. ARB accumulates bits 0
     * and 8 (BYT-REG L4280-4301: every fault). */
    gtm_mmio_write(m, 0x24000u, 0x1BFu);
    ppgtt_on(0x1u);
    RING0("MI_STORE_DATA_IMM ggtt addr=0x401000 data=0x1", "MI_LOAD_REGISTER_MEM reg=RCS0.CS_GPR0 addr=0x1081746f7108",
          "MI_STORE_DATA_IMM addr=0x1081746f7108 data=0x2");
    step_ok(0);
    cr_assert_eq(peek(0x04094u), 0x401811u);
    step_ok(0);
    cr_assert_eq(peek(0x04094u), 0x401811u, "locked");
    cr_assert_eq(peek(0x040A0u), 0x101u);
    gtm_mmio_write(m, 0x04094u, 0);
    gtm_mmio_write(m, RCS + GTREF_PP_DCLV, 0x4u);
    w64(0xA037B8u, 0);   /* the PTE not present */
    clear_events();
    step_ok(0);
    /* the continue address: PVA & 0x7F_FFFF_FFFF = 0x01746F7108 | bit 39 = 0x81746F7108 */
    expect_write(0, 0, false, PVA, 0x81746F7108ull, 0x2u, 0x0F);
    cr_assert_eq(peek(0x04094u), 0x746F7011u);
    cr_assert_eq(peek(0x040A0u), 0x101u);
}

/* ======================= TLB invalidation flag (GAM-12) ======================= */

Test(xlate, tlb_invalidate_of_executed_flushes_only)
{
    RING1("MI_FLUSH_DW tlb_invalidate", "MI_FLUSH_DW", "MI_SET_PREDICATE enable=NOOP_ALWAYS", "MI_FLUSH_DW tlb_invalidate");
    cr_assert_eq(gtm_peek(m, 1, &r), GTM_RETIRED);
    cr_assert(r.tlb_invalidate, "gtm_peek says it too");
    step_ok(1);
    cr_assert(r.tlb_invalidate);
    step_ok(1);
    cr_assert(!r.tlb_invalidate);
    step_ok(1);
    step_ok(1);
    cr_assert(r.nooped);
    cr_assert(!r.tlb_invalidate, "a NOOPed flush invalidates nothing");
    RING0("PIPE_CONTROL tlb_invalidate cs_stall", "PIPE_CONTROL cs_stall");
    step_ok(0);
    cr_assert(r.tlb_invalidate);
    step_ok(0);
    cr_assert(!r.tlb_invalidate);
}
