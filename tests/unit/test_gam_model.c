/* The GAM model (refmodel/gam.c) against docs/gam.md (GAM-n), docs/spec-decisions.md (G-n) and BYT-REG (volume 003
 * digest). Every expected value below is worked out by hand from those rules and written as a literal; the model
 * is never asked to compute an expectation.
 *
 * The testbench: cycles are numbered from 1; tick() runs the next cycle with the requests the test set (an
 * engine's request stays valid until granted, GAM-1), mem_req_ready = 0 in the cycles marked in stall[], and a
 * fake memory (a map address -> qword) that answers every read that transferred at the end of cycle t in cycle
 * t + lat, in transfer order, one response per cycle (cycle contract §3). E[n] is the model's edge of cycle n.
 *
 * The timelines used throughout (reset registers, lat 1, no stall), from GAM-10:
 *   GGTT miss:  c1 grant, c2 LOOKUP miss, c3 P <- walk read, c4 it transfers, c5 response: fill (or fault),
 *               READY, c6 P <- the request, c7 it transfers.
 *   PPGTT miss: c1 grant, c2 LOOKUP, then per level k = 0..3: P <- read in c3+3k, transfer c4+3k, response
 *               c5+3k (PML4E c5, PDPE c8, PDE c11, PTE c14: fill or fault), c15 P <- the request. */
#include <criterion/criterion.h>
#include <string.h>

#include "gtref/gam_model.h"
#include "gam_bench.h"
#include "gtref/regs.h"

#define WALKER GTREF_GAM_SRC_WALKER

static void setup(void)
{
    g = gam_create(4);
    cr_assert_not_null(g);
    gb_reset();
}
static void teardown(void) { gam_destroy(g); }
TestSuite(gam, .init = setup, .fini = teardown);

/* ---- testbench ---- */

static void read_req(int e, uint8_t client, bool ggtt, uint64_t va)
{
    in.req[e] = (gam_req){ .valid = true, .client = client, .ggtt = ggtt, .va = va };
}

static void write_req(int e, bool ggtt, uint64_t va, uint64_t wdata, uint8_t be)
{
    in.req[e] = (gam_req){ .valid = true, .client = WR, .ggtt = ggtt, .va = va, .write = true, .wdata = wdata, .be = be };
}

/* Run until the GAM is idle (no request in T or P, no read outstanding). */
static void settle(void)
{
    do tick(); while (anything_busy());
}

/* Put a GGTT translation va -> pa in engine e's TLB by a complete walk (the walks themselves are checked by
 * ggtt_walk_one_read); returns the index filled. */
static int warm(int e, uint8_t client, uint64_t va, uint64_t pa)
{
    ggtt_map(va, pa);
    read_req(e, client, true, va);
    int idx = -1;
    do {
        tick();
        if (E[cyc].fill_valid) idx = E[cyc].fill_index;
    } while (anything_busy() || in.req[e].valid);
    cr_assert(idx >= 0);
    return idx;
}

/* A complete GGTT miss of engine e at page number vpn (an identity-offset mapping); returns the fill's edge. */
static gam_edge fill_one(int e, uint8_t client, uint64_t vpn)
{
    uint64_t va = vpn << 12;
    ggtt_map(va, 0x40000000ull + va);
    read_req(e, client, true, va);
    gam_edge f = { 0 };
    do {
        tick();
        if (E[cyc].fill_valid) f = E[cyc];
    } while (anything_busy() || in.req[e].valid);
    cr_assert(f.fill_valid, "no fill for vpn %llu", (unsigned long long)vpn);
    return f;
}

static void expect_port(const gam_port *p, bool write, uint64_t addr, uint64_t wdata, uint8_t be, uint8_t src)
{
    cr_expect(p->valid, "P empty, expected addr %#llx", (unsigned long long)addr);
    cr_expect_eq(p->write, write);
    cr_expect_eq(p->addr, addr, "addr %#llx, expected %#llx", (unsigned long long)p->addr, (unsigned long long)addr);
    cr_expect_eq(p->wdata, wdata);
    cr_expect_eq(p->be, be);
    cr_expect_eq(p->src, src, "src %u, expected %u", p->src, src);
}

static void expect_xfer(int i, unsigned c, bool write, uint64_t addr, uint8_t src)
{
    cr_assert(i < nxf, "transfer %d missing (%d transfers)", i, nxf);
    cr_expect_eq(xf[i].cyc, c, "transfer %d in cycle %u, expected %u", i, xf[i].cyc, c);
    cr_expect_eq(xf[i].p.write, write);
    cr_expect_eq(xf[i].p.addr, addr, "transfer %d addr %#llx, expected %#llx", i, (unsigned long long)xf[i].p.addr,
                 (unsigned long long)addr);
    cr_expect_eq(xf[i].p.src, src);
}

/* ---- creation and registers ---- */

Test(gam, create_refuses_engine_counts_outside_1_to_4)
{
    cr_expect_null(gam_create(0));
    cr_expect_null(gam_create(5));
}

/* Reset values from the table rows (BYT-REG L2247-2363 LRA registers, L2603-2627 GAB_CTL 0xBF (G11), fault and
 * error registers 0, MIDARB 0); LRA pointers at the mins 0, 8, 24 (GAM-8); P empty. */
Test(gam, reset_values_and_ownership)
{
    cr_expect_eq(gam_reg_read(g, GTREF_CVS_TLB_LRA_0), 0x1F080700u);
    cr_expect_eq(gam_reg_read(g, GTREF_CVS_TLB_LRA_1), 0x00001F18u);
    cr_expect_eq(gam_reg_read(g, GTREF_CVS_TLB_LRA_2), 0x00000005u);
    cr_expect_eq(gam_reg_read(g, GTREF_GAB_CTL_REG), 0x000000BFu);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ENG_FR), 0u);
    cr_expect_eq(gam_reg_read(g, GTREF_MEDIA_ENG_FR), 0u);
    cr_expect_eq(gam_reg_read(g, GTREF_BLT_ENG_FR), 0u);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ARB_ERROR_RPT), 0u);
    cr_expect_eq(gam_reg_read(g, GTREF_MIDARB_PRIO_NP), 0u);
    cr_expect_eq(gam_reg_read(g, GTREF_MEDIA_MAX_REQ_COUNT), 0x10202020u, "BYT-REG L4516-4553 default");
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_FLSH_CNTL), 0u);
    for (int e = 0; e < 4; e++) {
        cr_expect_eq(gam_outstanding(g, e), 0u);
        cr_expect_eq(gam_lra_ptr(g, e, 0), 0);
        cr_expect_eq(gam_lra_ptr(g, e, 1), 8);
        cr_expect_eq(gam_lra_ptr(g, e, 2), 24);
        cr_expect_not(gam_engine_busy(g, e));
    }
    gam_port p;
    gam_port_now(g, &p);
    cr_expect_not(p.valid);
    /* docs/gam.md §2: the global GAM rows, not the engine's PPGTT registers nor other globals. */
    cr_expect(gam_owns(0x04094u) && gam_owns(0x04194u) && gam_owns(0x04294u) && gam_owns(0x040A0u));
    cr_expect(gam_owns(0x04044u) && gam_owns(0x04048u) && gam_owns(0x0404Cu) && gam_owns(0x043A4u));
    cr_expect(gam_owns(0x043C0u) && gam_owns(0x043CCu) && gam_owns(0x24000u));
    cr_expect(gam_owns(0x04070u) && gam_owns(0x101008u), "phase 2: MEDIA_MAX_REQ_COUNT, GFX_FLSH_CNTL");
    cr_expect_not(gam_owns(0x2000u + GTREF_INSTPM), "INSTPM is an engine register (GAM-22)");
    cr_expect_not(gam_owns(0x2000u + GTREF_PP_DCLV));
    cr_expect_not(gam_owns(0x2000u + GTREF_PDP0_LDW));
    cr_expect_not(gam_owns(0x190010u));
}

/* GAM-16: a host write changes the register at its closing edge with the table's RW bits (CVS_TLB_LRA_0 RW
 * 0x1F1F1F1F, GFX_ARB_ERROR_RPT 0xFFFF, GAB_CTL_REG 0x1FF, MIDARB_PRIO_NP 0xFFFFF, the goto registers all bits);
 * offsets the GAM does not own are ignored. */
Test(gam, host_writes_apply_rw_masks_at_the_edge)
{
    static const struct { uint32_t off, want; } w[] = {
        { GTREF_CVS_TLB_LRA_0, 0x1F1F1F1Fu }, { GTREF_GFX_ARB_ERROR_RPT, 0x0000FFFFu },
        { GTREF_GAB_CTL_REG, 0x000001FFu }, { GTREF_MIDARB_PRIO_NP, 0x000FFFFFu },
        { GTREF_MIDARB_GOTOFIELD_NP0 + 8, 0xFFFFFFFFu }, { GTREF_CVS_TLB_LRA_2, 0x3Fu },
    };
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) {
        host(w[i].off, 0xFFFFFFFFu);
        tick();
        cr_expect_eq(gam_reg_read(g, w[i].off), w[i].want, "%#x reads %#x, expected %#x", w[i].off,
                     gam_reg_read(g, w[i].off), w[i].want);
    }
    host(0x2000u + GTREF_RING_TAIL, 0x100u);
    tick();
    cr_expect_eq(gam_reg_read(g, 0x2000u + GTREF_RING_TAIL), 0u);
}

/* ---- translation ---- */

/* GAM-4, GAM-10: a GGTT miss is one read of the 64-byte line holding GSM_BASE + (va >> 12) * 8; PA = entry[38:12]
 * | va[11:0] (GAM-3: bits 63:39 and 11:1 ignored). va 0x5040: entry at 0x7F_0000_0028, line 0x7F_0000_0000; entry
 * 0xFFF0_0080_1234_5FFF gives page 0x12345000, PA 0x1234_5040. lat 3, mem_req_ready 0 in cycles 4, 5 and 11:
 *   c1 grant RCS0; c2 LOOKUP miss, index 0; c3 P <- walk read (src 4, be 0, wdata 0); c4, c5 P held;
 *   c6 transfer; c9 response: fill index 0 (IF -> LRA0, pointer 0, GAM-8); c10 P <- the read at the PA;
 *   c11 held; c12 transfer; c15 response to RCS0. */
Test(gam, ggtt_walk_one_read)
{
    lat = 3;
    stall[4] = stall[5] = stall[11] = true;
    mem_put(0x7F00000028ull, 0xFFF0008012345FFFull);
    mem_put(0x7F00000020ull, 0x0000000000ABC001ull);   /* va page 4's entry, same line: not used */
    read_req(RCS0, IF, true, 0x5040);
    run_to(16);

    cr_expect(E[1].gnt_valid);
    cr_expect_eq(E[1].gnt_engine, RCS0);
    cr_expect_eq(E[1].gnt_req.va, 0x5040u);
    cr_expect_eq(E[1].arb_state, 0);
    cr_expect(E[2].lookup_valid);
    cr_expect_eq(E[2].lookup_engine, RCS0);
    cr_expect_not(E[2].lookup_hit);
    cr_expect_eq(E[2].lookup_index, 0);
    cr_expect_eq(E[2].lookup_client, IF);
    cr_expect(E[2].lookup_ggtt);
    cr_expect_eq(E[2].lookup_va, 0x5040u);
    cr_expect_not(E[2].port.valid);
    expect_port(&E[3].port, false, 0x7F00000000ull, 0, 0, WALKER);
    expect_port(&E[4].port, false, 0x7F00000000ull, 0, 0, WALKER);
    expect_port(&E[5].port, false, 0x7F00000000ull, 0, 0, WALKER);
    cr_expect_not(E[6].port.valid);
    for (unsigned c = 2; c <= 9; c++) cr_expect_not(E[c].gnt_valid, "cycle %u: T busy, no grant", c);
    cr_expect(E[9].walk_rsp);
    cr_expect_eq(E[9].rsp, 0);
    cr_expect(E[9].fill_valid);
    cr_expect_eq(E[9].fill_engine, RCS0);
    cr_expect_eq(E[9].fill_index, 0);
    cr_expect_not(E[9].fill_evict);
    cr_expect_not(E[9].port.valid, "READY: to P at the earliest in the next cycle");
    expect_port(&E[10].port, false, 0x12345040ull, 0, 0, RCS0);
    expect_port(&E[11].port, false, 0x12345040ull, 0, 0, RCS0);
    cr_expect_not(E[12].port.valid);
    cr_expect_eq(E[15].rsp, 1u << RCS0);
    cr_expect_not(E[15].walk_rsp);
    cr_expect_eq(nxf, 2);
    expect_xfer(0, 6, false, 0x7F00000000ull, WALKER);
    expect_xfer(1, 12, false, 0x12345040ull, RCS0);

    gam_tlb_entry t[GTREF_TLB_ENTRIES];
    gam_tlb_get(g, RCS0, t);
    cr_expect(t[0].valid && t[0].ggtt);
    cr_expect_eq(t[0].vpn, 0x5u);
    cr_expect_eq(t[0].page, 0x12345u);
    for (int i = 1; i < GTREF_TLB_ENTRIES; i++) cr_expect_not(t[i].valid);
    cr_expect_eq(gam_lra_ptr(g, RCS0, 0), 1);
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.tlb[GAM_COV_MISS][IF], 1u);
    cr_expect_eq(cv.walk_reads, 1u);
}

/* GAM-5: four reads in order PML4E, PDPE, PDE, PTE. BCS0, DR, PPGTT, va with bits 63:48 = 0xABCD (ignored) and
 * indices PML4 33, PDP 5, PD 511, PT 258, offset 0xC0. PP_DCLV bit 2 (33 >> 4, GAM-6). PDP0 = 0xFFFFFF01:0x00100FFF
 * & 0x7F_FFFF_F000 = 0x01_0010_0000 (G5). Entries (GAM-3, ignored bits set in the PML4E):
 *   PML4E at 0x01_0010_0000 + 33*8 = 0x01_0010_0108 (line 0x01_0010_0100) = 0xFF80_0000_0020_0003 -> 0x20_0000
 *   PDPE  at 0x20_0000 + 5*8   = 0x20_0028 (line 0x20_0000) = 0x30_0001 -> 0x30_0000
 *   PDE   at 0x30_0000 + 511*8 = 0x30_0FF8 (line 0x30_0FC0) = 0x40_0001 -> 0x40_0000
 *   PTE   at 0x40_0000 + 258*8 = 0x40_0810 (line 0x40_0800) = 0x7_ABCD_E001 -> PA 0x7_ABCD_E0C0
 * Timeline (header): walk reads transfer in c4, c7, c10, c13; fill in c14 at index 8 (DR -> LRA1, G7/G8);
 * c15 P <- the read; c16 transfer; c17 response to BCS0. */
Test(gam, ppgtt_walk_four_reads_in_order)
{
    uint64_t va = 0xABCD000000000000ull | 33ull << 39 | 5ull << 30 | 511ull << 21 | 258ull << 12 | 0xC0;
    gam_engine_reg(g, BCS0, GTREF_PDP0_LDW, 0x00100FFFu);
    gam_engine_reg(g, BCS0, GTREF_PDP0_UDW, 0xFFFFFF01u);
    gam_engine_reg(g, BCS0, GTREF_PP_DCLV, 0x4u);
    mem_put(0x0100100108ull, 0xFF80000000200003ull);
    mem_put(0x0100100100ull, 0x0000000000900001ull);   /* PML4 index 32: same line, not used */
    mem_put(0x200028ull, 0x300001ull);
    mem_put(0x300FF8ull, 0x400001ull);
    mem_put(0x400810ull, 0x7ABCDE001ull);
    read_req(BCS0, DR, false, va);
    run_to(17);

    cr_expect_eq(E[1].gnt_engine, BCS0);
    cr_expect(E[2].lookup_valid && !E[2].lookup_hit);
    expect_port(&E[3].port, false, 0x0100100100ull, 0, 0, WALKER);
    expect_port(&E[6].port, false, 0x200000ull, 0, 0, WALKER);
    expect_port(&E[9].port, false, 0x300FC0ull, 0, 0, WALKER);
    expect_port(&E[12].port, false, 0x400800ull, 0, 0, WALKER);
    cr_expect(E[5].walk_rsp && E[8].walk_rsp && E[11].walk_rsp && E[14].walk_rsp);
    cr_expect(E[14].fill_valid);
    cr_expect_eq(E[14].fill_engine, BCS0);
    cr_expect_eq(E[14].fill_index, 8);
    for (unsigned c = 1; c <= 13; c++) cr_expect_not(E[c].fill_valid || E[c].fault_valid);
    expect_port(&E[15].port, false, 0x7ABCDE0C0ull, 0, 0, BCS0);
    cr_expect_eq(E[17].rsp, 1u << BCS0);
    cr_expect_eq(nxf, 5);
    expect_xfer(0, 4, false, 0x0100100100ull, WALKER);
    expect_xfer(1, 7, false, 0x200000ull, WALKER);
    expect_xfer(2, 10, false, 0x300FC0ull, WALKER);
    expect_xfer(3, 13, false, 0x400800ull, WALKER);
    expect_xfer(4, 16, false, 0x7ABCDE0C0ull, BCS0);

    gam_tlb_entry t[GTREF_TLB_ENTRIES];
    gam_tlb_get(g, BCS0, t);
    cr_expect(t[8].valid);
    cr_expect_not(t[8].ggtt);
    cr_expect_eq(t[8].vpn, 0x10817FF02ull, "vpn = va[47:12] (GAM-7)");
    cr_expect_eq(t[8].page, 0x7ABCDEull);
    cr_expect_eq(gam_lra_ptr(g, BCS0, 1), 9);
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.walk_reads, 4u);
}

/* GAM-16: the walk uses PDP0 as held in the request's LOOKUP cycle (c2): a change given after c1 is used, one
 * given after c2 is not. Root 0x10_0000 then 0x20_0000 (after c1) then 0x30_0000 (after c2); PML4 index 0, so the
 * first read is the line of 0x20_0000. PP_DCLV bit 0 is given after c1 and holds for c2's lookup (GAM-6). */
Test(gam, walk_uses_registers_of_the_lookup_cycle)
{
    gam_engine_reg(g, RCS0, GTREF_PDP0_LDW, 0x100000u);
    read_req(RCS0, DR, false, 0x1000);
    tick();
    gam_engine_reg(g, RCS0, GTREF_PDP0_LDW, 0x200000u);
    gam_engine_reg(g, RCS0, GTREF_PP_DCLV, 0x1u);
    tick();
    gam_engine_reg(g, RCS0, GTREF_PDP0_LDW, 0x300000u);
    gam_engine_reg(g, RCS0, GTREF_PP_DCLV, 0x0u);
    tick();
    cr_expect_not(E[2].fault_valid);
    expect_port(&E[3].port, false, 0x200000ull, 0, 0, WALKER);
}

/* GAM-7, GAM-10: a hit makes no walk read; PA = page | va[11:0]. RCS0 fills page 5 at index 0 and page 6 at
 * index 1 (IF, LRA0); then a write of RCS0 (WR client: any client hits any entry of its engine) to va 0x6108
 * hits index 1: PA 0x4000_6108 (fill_one maps va -> 0x4000_0000 + va). From the settled cycle b: b+1 grant,
 * b+2 LOOKUP hit index 1 with P empty: P <- the write, T empties; b+3 the write transfers: wr_ack. */
Test(gam, hit_after_miss_makes_no_walk)
{
    cr_expect_eq(fill_one(RCS0, IF, 5).fill_index, 0);
    cr_expect_eq(fill_one(RCS0, IF, 6).fill_index, 1);
    unsigned b = cyc;
    int walk_xfers = nxf;
    write_req(RCS0, true, 0x6108, 0x1122334455667788ull, 0xF0);
    run_to(b + 3);
    cr_expect(E[b + 1].gnt_valid);
    cr_expect(E[b + 2].lookup_valid && E[b + 2].lookup_hit);
    cr_expect_eq(E[b + 2].lookup_index, 1);
    cr_expect_eq(E[b + 2].lookup_client, WR);
    expect_port(&E[b + 2].port, true, 0x40006108ull, 0x1122334455667788ull, 0xF0, RCS0);
    cr_expect_eq(E[b + 1].wr_ack, 0, "not acknowledged when granted (GAM-11)");
    cr_expect_eq(E[b + 3].wr_ack, 1u << RCS0);
    cr_expect_eq(nxf, walk_xfers + 1, "one transfer: the write, no walk read");
    expect_xfer(walk_xfers, b + 3, true, 0x40006108ull, RCS0);
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.tlb[GAM_COV_HIT][WR], 1u);
    cr_expect_eq(cv.tlb[GAM_COV_MISS][IF], 2u);
    cr_expect_eq(cv.walk_reads, 2u);
}

/* GAM-10 READY and GAM-11. RCS0 has page 5 -> 0x4000_5000 at index 0; BCS0 nothing. From b:
 *   b+1: RCS0's write (va 0x5008) granted.
 *   b+2: LOOKUP hit, P empty: P <- the write; T empties: RCS0's read (va 0x5080) granted.
 *   b+3, b+4: mem_req_ready 0: P holds the write (take 0): the read's LOOKUP hit goes to READY; T does not empty,
 *        so BCS0 (requesting from b+3) is not granted.
 *   b+5: the write transfers: wr_ack to RCS0 while the grant goes to BCS0; READY loads P with 0x4000_5080.
 *   b+6: the read transfers; b+7 its response to RCS0. */
Test(gam, ready_under_backpressure_and_write_ack_at_transfer)
{
    fill_one(RCS0, IF, 5);
    unsigned b = cyc;
    stall[b + 3] = stall[b + 4] = true;
    write_req(RCS0, true, 0x5008, 0xAAu, 0x01);
    tick();
    read_req(RCS0, DR, true, 0x5080);
    tick();
    read_req(BCS0, DR, true, 0x9000);
    run_to(b + 7);
    cr_expect_eq(E[b + 1].gnt_engine, RCS0);
    cr_expect(E[b + 2].gnt_valid);
    cr_expect_eq(E[b + 2].gnt_engine, RCS0);
    expect_port(&E[b + 2].port, true, 0x40005008ull, 0xAA, 0x01, RCS0);
    cr_expect(E[b + 3].lookup_valid && E[b + 3].lookup_hit);
    cr_expect_not(E[b + 3].gnt_valid);
    cr_expect_not(E[b + 4].gnt_valid);
    cr_expect_not(E[b + 4].lookup_valid, "READY makes no lookup");
    expect_port(&E[b + 3].port, true, 0x40005008ull, 0xAA, 0x01, RCS0);
    expect_port(&E[b + 4].port, true, 0x40005008ull, 0xAA, 0x01, RCS0);
    cr_expect_eq(E[b + 3].wr_ack | E[b + 4].wr_ack, 0);
    cr_expect_eq(E[b + 5].wr_ack, 1u << RCS0);
    cr_expect(E[b + 5].gnt_valid);
    cr_expect_eq(E[b + 5].gnt_engine, BCS0);
    expect_port(&E[b + 5].port, false, 0x40005080ull, 0, 0, RCS0);
    cr_expect_eq(E[b + 7].rsp, 1u << RCS0);
}

/* GAM-10 step 1, GAM-11: responses go to the oldest transferred read. RCS0 has page 5 -> 0x4000_5000; BCS0 misses
 * va 0x7000 (GGTT entry at 0x7F_0000_0038 -> 0x6600_0000). From b:
 *   b+1 both request: RCS0 granted; b+2 RCS0 hits, P <- its read, BCS0 granted;
 *   b+3 RCS0's read transfers (latency 7: due b+10); BCS0 LOOKUP miss;
 *   b+4 P <- walk read; b+5 it transfers (latency 1: due b+6, but behind RCS0's read);
 *   b+10 response -> RCS0 (its line holds zeros: were it given to the walker, BCS0 would fault);
 *   b+11 response -> walker: fill; b+12 P <- BCS0's read 0x6600_0000; b+13 transfer; b+14 response -> BCS0. */
Test(gam, responses_routed_in_transfer_order)
{
    fill_one(RCS0, IF, 5);
    unsigned b = cyc;
    ggtt_map(0x7000, 0x66000000);
    read_req(RCS0, DR, true, 0x5000);
    read_req(BCS0, DR, true, 0x7000);
    lat = 7;
    run_to(b + 3);
    lat = 1;
    run_to(b + 14);
    cr_expect_eq(E[b + 1].gnt_engine, RCS0);
    cr_expect_eq(E[b + 2].gnt_engine, BCS0);
    for (unsigned c = b + 4; c <= b + 9; c++) cr_expect(!E[c].rsp && !E[c].walk_rsp, "no response in cycle %u", c);
    cr_expect_eq(E[b + 10].rsp, 1u << RCS0);
    cr_expect_not(E[b + 10].walk_rsp);
    cr_expect_not(E[b + 10].fault_valid);
    cr_expect(E[b + 11].walk_rsp);
    cr_expect_eq(E[b + 11].rsp, 0);
    cr_expect(E[b + 11].fill_valid);
    cr_expect_eq(E[b + 11].fill_engine, BCS0);
    expect_port(&E[b + 12].port, false, 0x66000000ull, 0, 0, BCS0);
    cr_expect_eq(E[b + 14].rsp, 1u << BCS0);
}

/* ---- LRA fill (GAM-8) ---- */

/* Reset ranges (BYT-REG L2247-2363): IF -> LRA0 [0, 7]: nine fills go to 0..7 then wrap to 0, evicting (the
 * eviction flag and EVICT[IF] count 1); DR and WR -> LRA1 [8, 31]: 8, 9, ... 31 then 8 (24 + 1 fills; the last
 * evicts DR's first). */
Test(gam, lra_fill_order_with_reset_ranges)
{
    static const uint8_t if_want[9] = { 0, 1, 2, 3, 4, 5, 6, 7, 0 };
    for (int i = 0; i < 9; i++) {
        gam_edge f = fill_one(RCS0, IF, 0x100u + (unsigned)i);
        cr_expect_eq(f.fill_index, if_want[i], "IF fill %d at %u, expected %u", i, f.fill_index, if_want[i]);
        cr_expect_eq(f.fill_evict, i == 8);
    }
    static const uint8_t dr_want[25] = { 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26,
                                         27, 28, 29, 30, 31, 8 };
    for (int i = 0; i < 25; i++) {
        gam_edge f = fill_one(RCS0, i == 1 ? WR : DR, 0x200u + (unsigned)i);
        cr_expect_eq(f.fill_index, dr_want[i], "LRA1 fill %d at %u, expected %u", i, f.fill_index, dr_want[i]);
        cr_expect_eq(f.fill_evict, i == 24);
    }
    cr_expect_eq(gam_lra_ptr(g, RCS0, 0), 1);
    cr_expect_eq(gam_lra_ptr(g, RCS0, 1), 9);
    cr_expect_eq(gam_lra_ptr(g, BCS0, 0), 0, "pointers are per engine");
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.tlb[GAM_COV_EVICT][IF], 1u);
    cr_expect_eq(cv.tlb[GAM_COV_EVICT][DR], 1u);
    cr_expect_eq(cv.tlb[GAM_COV_EVICT][WR], 0u);
    cr_expect_eq(cv.tlb[GAM_COV_MISS][DR], 24u);
    cr_expect_eq(cv.tlb[GAM_COV_MISS][WR], 1u);
}

/* GAM-8: a host write to CVS_TLB_LRA_0 or _1 resets every engine's three pointers to the new mins; entries stay.
 * After three IF fills (0, 1, 2), LRA_0 = 0x0C0A0604 (LRA0 [4, 6], LRA1 [10, 12]): pointers 4, 10, 24 for every
 * engine; IF fills 4, 5, 6, 4. Then LRA_1 = 0x00001410 (LRA2 [16, 20]): pointers 4, 10, 16. LRA_2 = 0x25 (CS
 * field 2: IF -> LRA2, G7): the next IF fill goes to 16. LRA_2 = 0x3F (all fields 3 = LRA0, G8): DR fills 4. */
Test(gam, reprogrammed_lra_resets_pointers)
{
    for (unsigned i = 0; i < 3; i++) cr_expect_eq(fill_one(RCS0, IF, 0x10 + i).fill_index, i);
    host(GTREF_CVS_TLB_LRA_0, 0x0C0A0604u);
    tick();
    for (int e = 0; e < 4; e++) {
        cr_expect_eq(gam_lra_ptr(g, e, 0), 4);
        cr_expect_eq(gam_lra_ptr(g, e, 1), 10);
        cr_expect_eq(gam_lra_ptr(g, e, 2), 24);
    }
    static const uint8_t want[4] = { 4, 5, 6, 4 };
    for (unsigned i = 0; i < 4; i++) cr_expect_eq(fill_one(RCS0, IF, 0x20 + i).fill_index, want[i]);
    gam_tlb_entry t[GTREF_TLB_ENTRIES];
    gam_tlb_get(g, RCS0, t);
    cr_expect(t[0].valid && t[1].valid && t[2].valid, "reprogramming clears no entry");
    cr_expect_eq(t[0].vpn, 0x10u);
    host(GTREF_CVS_TLB_LRA_1, 0x00001410u);
    tick();
    cr_expect_eq(gam_lra_ptr(g, RCS0, 0), 4);
    cr_expect_eq(gam_lra_ptr(g, RCS0, 1), 10);
    cr_expect_eq(gam_lra_ptr(g, RCS0, 2), 16);
    host(GTREF_CVS_TLB_LRA_2, 0x25u);
    tick();
    cr_expect_eq(gam_lra_ptr(g, RCS0, 0), 4, "an LRA_2 write resets nothing");
    cr_expect_eq(fill_one(RCS0, IF, 0x30).fill_index, 16);
    host(GTREF_CVS_TLB_LRA_2, 0x3Fu);
    tick();
    cr_expect_eq(fill_one(RCS0, DR, 0x31).fill_index, 4);
}

/* GAM-8: an LRA_0 write at the edge of a fill: the fill takes the old pointer (0), then the pointer is reset to
 * the new min 4 (not advanced to 1). GGTT timeline: the fill is in c5. */
Test(gam, lra_write_at_the_fill_edge_resets_after_the_fill)
{
    ggtt_map(0x3000, 0x88000000);
    read_req(RCS0, IF, true, 0x3000);
    run_to(4);
    host(GTREF_CVS_TLB_LRA_0, 0x1F080704u);   /* LRA0 [4, 7] */
    tick();
    cr_expect(E[5].fill_valid);
    cr_expect_eq(E[5].fill_index, 0);
    cr_expect_eq(gam_lra_ptr(g, RCS0, 0), 4);
}

/* GAM-8: ranges may overlap. LRA_0 = 0x05020300: LRA0 [0, 3], LRA1 [2, 5]. IF fills 0, 1, 2, 3; DR fills 2, 3
 * (evicting IF's entries), 4. The reset overlap LRA1 [8, 31] / LRA2 [24, 31]: with LRA_2 = 0x06 (SO field 2: WR ->
 * LRA2) and the reset LRA_0, 17 DR fills take 8..24 and a WR fill takes 24 (LRA2's pointer), evicting. */
Test(gam, overlapping_lra_ranges)
{
    host(GTREF_CVS_TLB_LRA_0, 0x05020300u);
    tick();
    for (unsigned i = 0; i < 4; i++) cr_expect_eq(fill_one(RCS0, IF, 0x10 + i).fill_index, i);
    gam_edge f = fill_one(RCS0, DR, 0x20);
    cr_expect_eq(f.fill_index, 2);
    cr_expect(f.fill_evict);
    f = fill_one(RCS0, DR, 0x21);
    cr_expect_eq(f.fill_index, 3);
    cr_expect(f.fill_evict);
    f = fill_one(RCS0, DR, 0x22);
    cr_expect_eq(f.fill_index, 4);
    cr_expect_not(f.fill_evict);

    host(GTREF_CVS_TLB_LRA_0, 0x1F080700u);
    tick();
    host(GTREF_CVS_TLB_LRA_2, 0x06u);
    tick();
    for (unsigned i = 0; i < 17; i++) cr_expect_eq(fill_one(BCS0, DR, 0x40 + i).fill_index, 8 + i);
    f = fill_one(BCS0, WR, 0x60);
    cr_expect_eq(f.fill_index, 24);
    cr_expect(f.fill_evict);
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.tlb[GAM_COV_EVICT][DR], 2u);
    cr_expect_eq(cv.tlb[GAM_COV_EVICT][WR], 1u);
}

/* ---- invalidation (GAM-12) ---- */

/* RCS0 and BCS0 each hold page 5 (index 0). Invalidating RCS0 clears its TLB only; RCS0's next access to page 5
 * misses and walks again, filling index 1 (LRA pointers unchanged); BCS0 still hits index 0. From b (lat 1):
 * b+1 invalidate; b+2 RCS0 granted; b+3 LOOKUP miss; b+4 P <- walk read; b+5 transfer; b+6 fill. */
Test(gam, invalidation_then_miss_and_new_walk)
{
    fill_one(RCS0, IF, 5);
    fill_one(BCS0, IF, 5);
    unsigned b = cyc;
    in.invalidate = 1u << RCS0;
    tick();
    gam_tlb_entry t[GTREF_TLB_ENTRIES];
    gam_tlb_get(g, RCS0, t);
    for (int i = 0; i < GTREF_TLB_ENTRIES; i++) cr_expect_not(t[i].valid);
    gam_tlb_get(g, BCS0, t);
    cr_expect(t[0].valid);
    cr_expect_eq(gam_lra_ptr(g, RCS0, 0), 1);
    read_req(RCS0, IF, true, 0x5000);
    run_to(b + 3);
    run_to(b + 6);
    cr_expect(E[b + 3].lookup_valid && !E[b + 3].lookup_hit);
    expect_port(&E[b + 4].port, false, 0x7F00000000ull, 0, 0, WALKER);
    cr_expect(E[b + 6].fill_valid);
    cr_expect_eq(E[b + 6].fill_index, 1);
    settle();
    b = cyc;
    read_req(BCS0, DR, true, 0x5000);
    run_to(b + 2);
    cr_expect(E[b + 2].lookup_hit);
    cr_expect_eq(E[b + 2].lookup_index, 0);
}

/* GAM-12: an entry filled at the invalidation's edge is invalidated too; the request already translated (READY)
 * keeps its PA. GGTT timeline: fill in c5 with the invalidation; c6 P <- 0x5500_0000; c7 RCS0 granted again
 * (same page), c7 the first read transfers; c8 LOOKUP miss; c8 response to RCS0; c9 P <- walk read; c11 fill at
 * index 1. */
Test(gam, fill_and_invalidation_at_one_edge)
{
    ggtt_map(0x2000, 0x55000000);
    read_req(RCS0, DR, true, 0x2000);
    run_to(4);
    in.invalidate = 1u << RCS0;
    tick();
    cr_expect(E[5].fill_valid);
    cr_expect_eq(E[5].fill_index, 8);
    gam_tlb_entry t[GTREF_TLB_ENTRIES];
    gam_tlb_get(g, RCS0, t);
    cr_expect_not(t[8].valid);
    tick();
    expect_port(&E[6].port, false, 0x55000000ull, 0, 0, RCS0);
    read_req(RCS0, DR, true, 0x2040);
    run_to(11);
    cr_expect_eq(E[7].gnt_engine, RCS0);
    cr_expect(E[8].lookup_valid && !E[8].lookup_hit);
    cr_expect_eq(E[8].rsp, 1u << RCS0);
    expect_port(&E[9].port, false, 0x7F00000000ull, 0, 0, WALKER);
    cr_expect(E[11].fill_valid);
    cr_expect_eq(E[11].fill_index, 9);
}

/* ---- faults (GAM-13 to GAM-15) ---- */

/* GGTT va >= 4 GB: page fault at the LOOKUP edge (c2), no walk (GAM-4). RCS0 DR va 0x1_0000_2040: GFX_ENG_FR =
 * va[31:12] 0x2000 | GTTSEL 0x800 | SRCID (4*0 + 1) << 3 = 0x8 | type 0 | valid = 0x2809 (BYT-REG L3522-3565,
 * G9); GFX_ARB_ERROR_RPT bit 0 (L4280-4301). Hang (GAB_CTL_REG reset 0xBF, bit 8 = 0): the request is dropped,
 * T empties, but no grant in c2 although BCS0 requests; BCS0 is granted in c3 (GAM-10 step 3). */
Test(gam, ggtt_out_of_range_faults_without_walk)
{
    read_req(RCS0, DR, true, 0x100002040ull);
    tick();
    read_req(BCS0, IF, true, 0x0);
    run_to(3);
    cr_expect(E[2].lookup_valid && !E[2].lookup_hit);
    cr_expect(E[2].fault_valid);
    cr_expect_eq(E[2].fault_engine, RCS0);
    cr_expect_eq(E[2].fault_type, 0);
    cr_expect_eq(E[2].fault_client, DR);
    cr_expect(E[2].fault_ggtt);
    cr_expect_eq(E[2].fault_va, 0x100002040ull);
    cr_expect(E[2].fault_hang);
    cr_expect_not(E[2].gnt_valid);
    cr_expect_not(E[2].port.valid);
    cr_expect(E[3].gnt_valid);
    cr_expect_eq(E[3].gnt_engine, BCS0);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ENG_FR), 0x2809u);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ARB_ERROR_RPT), 0x1u);
    cr_expect_not(gam_engine_busy(g, RCS0));
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.walk_reads, 0u);
    cr_expect_eq(cv.fault[0][0], 1u);
}

/* D1 of refmodel/gam.c: a GGTT va >= 4 GB does not hit the entry of its va[31:12] (GAM-4 faults it; the command
 * model of GAM-20 faults it). RCS0 holds page 5; va 0x1_0000_5000 misses and faults. */
Test(gam, ggtt_out_of_range_never_hits)
{
    fill_one(RCS0, DR, 5);
    unsigned b = cyc;
    read_req(RCS0, DR, true, 0x100005000ull);
    run_to(b + 2);
    cr_expect(E[b + 2].lookup_valid && !E[b + 2].lookup_hit);
    cr_expect(E[b + 2].fault_valid);
    cr_expect_eq(E[b + 2].fault_type, 0);
}

/* GGTT entry not present: page fault at the walk response (c5). VCS0 IF va 0x0ABC_D040: MEDIA_ENG_FR (G10) =
 * 0x0ABCD000 | 0x800 | SRCID 8 << 3 = 0x40 | type 0 | 1 = 0x0ABCD841; no fill. */
Test(gam, ggtt_pte_not_present_is_a_page_fault)
{
    mem_put(0x7F00055E68ull, 0xFFFFFFFFFFFFFFFEull);   /* entry of page 0xABCD: every bit but present */
    read_req(VCS0, IF, true, 0x0ABCD040ull);
    run_to(6);
    cr_expect_eq(nxf, 1);
    expect_xfer(0, 4, false, 0x7F00055E40ull, WALKER);
    cr_expect(E[5].fault_valid);
    cr_expect_eq(E[5].fault_engine, VCS0);
    cr_expect_eq(E[5].fault_type, 0);
    cr_expect_not(E[5].fill_valid);
    cr_expect_not(E[6].port.valid);
    cr_expect_eq(gam_reg_read(g, GTREF_MEDIA_ENG_FR), 0x0ABCD841u);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ENG_FR), 0u);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ARB_ERROR_RPT), 0x1u);
}

/* PP_DCLV group disabled: unloaded PD (type 2) at the LOOKUP edge, no walk (GAM-6). BCS0 WR va = PML4 index 16
 * (group 1) | 0x3008 with PP_DCLV = 0x1: BLT_ENG_FR = 0x3000 | PPGTT 0 | SRCID (4 + 2) << 3 = 0x30 | 2 << 1 | 1 =
 * 0x3035; GFX_ARB_ERROR_RPT bit 8. */
Test(gam, pp_dclv_group_disabled_is_unloaded_pd)
{
    gam_engine_reg(g, BCS0, GTREF_PP_DCLV, 0x1u);
    write_req(BCS0, false, 16ull << 39 | 0x3008, 1, 0xFF);
    run_to(3);
    cr_expect(E[2].fault_valid);
    cr_expect_eq(E[2].fault_type, 2);
    cr_expect_not(E[2].fault_ggtt);
    cr_expect_eq(nxf, 0);
    cr_expect_eq(gam_reg_read(g, GTREF_BLT_ENG_FR), 0x3035u);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ARB_ERROR_RPT), 0x100u);
    cr_expect_eq(E[3].wr_ack, 0, "a dropped write is never acknowledged (GAM-15)");
}

/* PPGTT walk faults (GAM-13): RCS0 DR va = PML4 33, PDP 5, PD 511, PT 258 (low dword 0x7FF020C0) with root
 * 0x10_0000, tables 0x20_0000, 0x30_0000, 0x40_0000, present up to `levels` entries. The fault is at the response
 * of the first absent level: PML4E c5, PDPE c8, PDE c11 (invalid PD, type 1, ARB bit 2), PTE c14 (page fault,
 * type 0, ARB bit 0). GFX_ENG_FR = 0x7FF02000 | SRCID 1 << 3 | type << 1 | 1. */
static void ppgtt_fault_case(int levels, unsigned fault_cycle, uint8_t type, uint32_t fr, uint32_t arb)
{
    uint64_t va = 33ull << 39 | 5ull << 30 | 511ull << 21 | 258ull << 12 | 0xC0;
    gam_engine_reg(g, RCS0, GTREF_PDP0_LDW, 0x100000u);
    gam_engine_reg(g, RCS0, GTREF_PP_DCLV, 0x4u);
    static const uint64_t at[4] = { 0x100108ull, 0x200028ull, 0x300FF8ull, 0x400810ull };
    static const uint64_t val[4] = { 0x200001ull, 0x300001ull, 0x400001ull, 0x7ABCDE001ull };
    for (int i = 0; i < levels; i++) mem_put(at[i], val[i]);
    mem_put(at[levels], val[levels] & ~1ull);   /* present bit 0: the address alone makes nothing present */
    read_req(RCS0, DR, false, va);
    run_to(fault_cycle + 1);
    for (unsigned c = 1; c < fault_cycle; c++) cr_expect_not(E[c].fault_valid, "no fault in cycle %u", c);
    cr_expect(E[fault_cycle].fault_valid, "fault in cycle %u", fault_cycle);
    cr_expect_eq(E[fault_cycle].fault_type, type);
    cr_expect_not(E[fault_cycle].fill_valid);
    cr_expect_eq(nxf, levels + 1, "one read per level up to the absent entry");
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ENG_FR), fr);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ARB_ERROR_RPT), arb);
    cr_expect_not(E[fault_cycle + 1].port.valid);
}
Test(gam, pml4e_not_present_is_invalid_pd) { ppgtt_fault_case(0, 5, 1, 0x7FF0200Bu, 0x4u); }
Test(gam, pdpe_not_present_is_invalid_pd) { ppgtt_fault_case(1, 8, 1, 0x7FF0200Bu, 0x4u); }
Test(gam, pde_not_present_is_invalid_pd) { ppgtt_fault_case(2, 11, 1, 0x7FF0200Bu, 0x4u); }
Test(gam, pte_not_present_is_a_page_fault) { ppgtt_fault_case(3, 14, 0, 0x7FF02009u, 0x1u); }

/* G4 (issue 16 round 2): the kit has 4 KB pages only. The walk of ppgtt_fault_case with bit 7 (PS) set in the entry of
 * `level`: a present PDPE (its response at c8) or PDE (c11) flags that edge unimpl_ps (engine, level, va) and nothing
 * else; bit 7 of a PML4E (c5) or of a PTE (c14) is ignored (G4: "other bits ignored"), and so is that of a PDE that is
 * not present (GAM-13's invalid-PD fault at c11 comes first: its other bits mean nothing). */
static void ps_case(int level, bool present, unsigned flag_cycle)
{
    uint64_t va = 33ull << 39 | 5ull << 30 | 511ull << 21 | 258ull << 12 | 0xC0;
    gam_engine_reg(g, RCS0, GTREF_PDP0_LDW, 0x100000u);
    gam_engine_reg(g, RCS0, GTREF_PP_DCLV, 0x4u);
    static const uint64_t at[4] = { 0x100108ull, 0x200028ull, 0x300FF8ull, 0x400810ull };
    static const uint64_t val[4] = { 0x200001ull, 0x300001ull, 0x400001ull, 0x7ABCDE001ull };
    for (int i = 0; i < 4; i++) mem_put(at[i], i == level ? (val[i] | 0x80u) & ~(present ? 0ull : 1ull) : val[i]);
    read_req(RCS0, DR, false, va);
    run_to(15);
    for (unsigned c = 1; c <= 15; c++) cr_expect_eq(E[c].unimpl_ps, c == flag_cycle, "cycle %u", c);
    if (flag_cycle) {
        cr_expect_eq(E[flag_cycle].unimpl_engine, RCS0);
        cr_expect_eq(E[flag_cycle].unimpl_level, level);
        cr_expect_eq(E[flag_cycle].unimpl_va, va);
        cr_expect_not(E[flag_cycle].fault_valid);
    }
    if (level == 3) cr_expect(E[14].fill_valid, "a PTE's bit 7 changes nothing: the walk fills at c14");
    if (!present) cr_expect(E[11].fault_valid && E[11].fault_type == 1, "not present: invalid PD (GAM-13)");
}
Test(gam, pdpe_with_ps_bit_is_unimplemented) { ps_case(1, true, 8); }
Test(gam, pde_with_ps_bit_is_unimplemented) { ps_case(2, true, 11); }
Test(gam, pml4e_and_pte_bit_7_are_ignored) { ps_case(0, true, 0); teardown(); setup(); ps_case(3, true, 0); }
Test(gam, not_present_pde_with_ps_bit_is_a_fault) { ps_case(2, false, 0); }

/* GAM-14: the first fault is kept until the host clears the valid bit; GFX_ARB_ERROR_RPT collects every fault's
 * bit. All faults at LOOKUP (GGTT >= 4 GB: type 0; PPGTT with PP_DCLV 0: type 2), each granted the cycle after
 * the previous fault:
 *   c1 RCS0 DR va 0x1_0000_2000 granted, c2 fault: FR 0x2809, ARB 0x1
 *   c3 RCS0 IF PPGTT va 0x7000 granted, c4 fault: FR kept, ARB 0x101
 *   c5 host writes FR = 0 (cleared at c5's edge); c5 RCS0 IF GGTT va 0x1_0000_3000 granted, c6 fault:
 *      FR 0x3000 | 0x800 | SRCID 0 | 0 | 1 = 0x3801
 *   VCS0 and VECS0 share MEDIA_ENG_FR (G10): c7 VCS0 WR va 0x1_0000_4000 (c8 fault: 0x4000 | 0x800 | 10 << 3 | 1 =
 *   0x4851), c9 VECS0 DR va 0x1_0000_5000 (c10 fault: kept). */
Test(gam, fault_register_keeps_the_first_fault)
{
    read_req(RCS0, DR, true, 0x100002000ull);
    run_to(2);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ENG_FR), 0x2809u);
    read_req(RCS0, IF, false, 0x7000);
    run_to(4);
    cr_expect(E[4].fault_valid);
    cr_expect_eq(E[4].fault_type, 2);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ENG_FR), 0x2809u);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ARB_ERROR_RPT), 0x101u);
    host(GTREF_GFX_ENG_FR, 0);
    read_req(RCS0, IF, true, 0x100003000ull);
    run_to(5);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ENG_FR), 0u);
    run_to(6);
    cr_expect(E[6].fault_valid);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ENG_FR), 0x3801u);
    read_req(VCS0, WR, true, 0x100004000ull);
    run_to(8);
    cr_expect_eq(gam_reg_read(g, GTREF_MEDIA_ENG_FR), 0x4851u);
    read_req(VECS0, DR, true, 0x100005000ull);
    run_to(10);
    cr_expect(E[10].fault_valid);
    cr_expect_eq(E[10].fault_engine, VECS0);
    cr_expect_eq(gam_reg_read(g, GTREF_MEDIA_ENG_FR), 0x4851u);
}

/* GAM-14, GAM-16: the lock test sees the host write of the fault cycle. FR holds 0x2809 (fault in c2); the host
 * clears it in c4, the cycle of the next fault (RCS0 IF GGTT va 0x1_0000_3000, granted c3): FR = 0x3801 after c4.
 * Then the host clears FR in c5 (the same access is granted in c5) and writes 0x1 (valid set) in c6, the fault
 * cycle: the lock test sees valid, FR keeps 0x1. */
Test(gam, host_write_in_the_fault_cycle)
{
    read_req(RCS0, DR, true, 0x100002000ull);
    run_to(2);
    read_req(RCS0, IF, true, 0x100003000ull);
    run_to(3);
    host(GTREF_GFX_ENG_FR, 0);
    tick();
    cr_expect(E[4].fault_valid);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ENG_FR), 0x3801u);
    host(GTREF_GFX_ENG_FR, 0);
    read_req(RCS0, IF, true, 0x100003000ull);
    run_to(5);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ENG_FR), 0u);
    host(GTREF_GFX_ENG_FR, 0x1u);
    tick();
    cr_expect(E[6].fault_valid);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ENG_FR), 0x1u);
}

/* G16 (GAM-14, GAM-16): a host write to GFX_ARB_ERROR_RPT in a fault cycle comes first, the fault's bit after it:
 * writing 0x4 in c2 (the cycle of the page fault of a GGTT va >= 4 GB) leaves 0x4 | 0x1; a fault in c4 keeps it. */
Test(gam, arb_error_fault_bit_is_set_after_a_host_write)
{
    read_req(RCS0, DR, true, 0x100002000ull);
    run_to(1);
    host(GTREF_GFX_ARB_ERROR_RPT, 0x4u);
    tick();
    cr_expect(E[2].fault_valid);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ARB_ERROR_RPT), 0x5u);
    read_req(BCS0, DR, true, 0x100002000ull);
    run_to(4);
    cr_expect(E[4].fault_valid);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_ARB_ERROR_RPT), 0x5u);
}

/* GAM-15 continue (GAB_CTL_REG[8] = 1, BYT-REG L2603-2627): the request goes on to (va & 0x7F_FFFF_FFFF) | 1 << 39
 * in phase READY, no fill, the engine is not told. The register as held in the fault cycle decides: the host
 * writes 0x1BF in c5, the cycle of a GGTT PTE fault (RCS0 DR va 0x0ABC_D040): hang. Then (b = the settled cycle):
 *   - the same access: c b+5 fault, continue: READY; b+6 P <- 0x80_0ABC_D040; b+7 transfer; b+8 response;
 *   - GGTT va 0x1_2345_6040 (>= 4 GB: LOOKUP fault) goes to 0x81_2345_6040;
 *   - PPGTT va PML4 16 | 0x3008 with PP_DCLV 0 (unloaded PD) goes to 0x80_0000_3008. */
Test(gam, hang_or_continue_after_fault)
{
    read_req(RCS0, DR, true, 0x0ABCD040ull);
    run_to(4);
    host(GTREF_GAB_CTL_REG, 0x1BFu);
    tick();
    cr_expect(E[5].fault_valid && E[5].fault_hang);
    cr_expect_eq(gam_reg_read(g, GTREF_GAB_CTL_REG), 0x1BFu);
    settle();
    unsigned b = cyc;
    read_req(RCS0, DR, true, 0x0ABCD040ull);
    run_to(b + 8);
    cr_expect(E[b + 5].fault_valid);
    cr_expect_not(E[b + 5].fault_hang);
    cr_expect_not(E[b + 5].fill_valid);
    cr_expect_not(E[b + 5].port.valid);
    expect_port(&E[b + 6].port, false, 0x800ABCD040ull, 0, 0, RCS0);
    cr_expect_eq(E[b + 8].rsp, 1u << RCS0);
    gam_tlb_entry t[GTREF_TLB_ENTRIES];
    gam_tlb_get(g, RCS0, t);
    for (int i = 0; i < GTREF_TLB_ENTRIES; i++) cr_expect_not(t[i].valid);

    b = cyc;
    read_req(RCS0, DR, true, 0x123456040ull);
    run_to(b + 3);
    cr_expect(E[b + 2].fault_valid && !E[b + 2].fault_hang);
    expect_port(&E[b + 3].port, false, 0x8123456040ull, 0, 0, RCS0);
    settle();
    b = cyc;
    write_req(RCS0, false, 16ull << 39 | 0x3008, 0x55, 0x0F);
    run_to(b + 4);
    cr_expect(E[b + 2].fault_valid);
    cr_expect_eq(E[b + 2].fault_type, 2);
    expect_port(&E[b + 3].port, true, 0x8000003008ull, 0x55, 0x0F, RCS0);
    cr_expect_eq(E[b + 4].wr_ack, 1u << RCS0);
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.fault[0][0], 1u);
    cr_expect_eq(cv.fault[0][1], 2u);
    cr_expect_eq(cv.fault[2][1], 1u);
}

/* GAM-15: in continue mode a fault does not empty T, so no grant in the fault cycle. GAB_CTL_REG = 0x1BF in c1;
 * RCS0 (GGTT va 0x1_0000_0000) granted c2, faults c3 (READY), BCS0 requests from c3 and is granted in c4, when
 * READY loads P with 0x1_0000_0000 | 1 << 39 = 0x81_0000_0000. */
Test(gam, continue_fault_keeps_t_busy)
{
    host(GTREF_GAB_CTL_REG, 0x1BFu);
    tick();
    read_req(RCS0, DR, true, 0x100000000ull);
    tick();
    read_req(BCS0, DR, true, 0x100000000ull);
    run_to(4);
    cr_expect_eq(E[2].gnt_engine, RCS0);
    cr_expect(E[3].fault_valid);
    cr_expect_not(E[3].gnt_valid);
    expect_port(&E[4].port, false, 0x8100000000ull, 0, 0, RCS0);
    cr_expect(E[4].gnt_valid);
    cr_expect_eq(E[4].gnt_engine, BCS0);
}

/* ---- arbiter (GAM-9) ---- */

/* A request of engine e to page 5 in a class of its own, so that the cascade's gates (GAM-26 to GAM-28) leave every
 * requesting engine in the NP machine's vector: RCS0 an instruction fetch (RO), BCS0 a data read (R), VCS0 and
 * VECS0 writes (WR: both GAC, which the cascade never separates, G21). */
static void np_req(int e)
{
    if (e == RCS0) read_req(e, IF, true, 0x5000);
    else if (e == BCS0) read_req(e, DR, true, 0x5000);
    else write_req(e, true, 0x5000, 0x1234, 0xFF);
}

/* Reset (all MIDARB registers 0): fixed priority RCS0 > BCS0 > VCS0 > VECS0, state 0. Every engine holds page 5
 * (so each LOOKUP hits and T empties at once: a grant every cycle). All four request in b+1, each in a class of
 * its own (np_req: the cascade gates nothing): grants RCS0, BCS0, VCS0, VECS0 in b+1..b+4. Then VECS0 and VCS0
 * together (both R, both GAC): VCS0 first; BCS0 (RO) and VECS0 (R): BCS0 first. */
Test(gam, fixed_priority_at_reset)
{
    for (int e = 0; e < 4; e++) warm(e, DR, 0x5000, 0x40005000);
    unsigned b = cyc;
    for (int e = 0; e < 4; e++) np_req(e);
    run_to(b + 4);
    for (int e = 0; e < 4; e++) {
        cr_expect(E[b + 1 + (unsigned)e].gnt_valid);
        cr_expect_eq(E[b + 1 + (unsigned)e].gnt_engine, e, "cycle b+%d: engine %u, expected %d", 1 + e,
                     E[b + 1 + (unsigned)e].gnt_engine, e);
        cr_expect_eq(E[b + 1 + (unsigned)e].arb_state, 0);
    }
    settle();
    b = cyc;
    read_req(VECS0, DR, true, 0x5000);
    read_req(VCS0, DR, true, 0x5000);
    tick();
    cr_expect_eq(E[b + 1].gnt_engine, VCS0);
    settle();
    b = cyc;
    read_req(VECS0, DR, true, 0x5000);
    read_req(BCS0, IF, true, 0x5000);
    tick();
    cr_expect_eq(E[b + 1].gnt_engine, BCS0);
}

/* A programmed round robin (BYT-REG L5511-5557, L3279-3416; G12, G13). Priority codes, by hand from G13:
 *   NP0 00000: RCS0 BCS0 VCS0 VECS0      NP1 01101 (VECS0 3rd, 101 BCS0 VCS0 RCS0): BCS0 VCS0 VECS0 RCS0
 *   NP2 10010 (VECS0 2nd, 010 VCS0 RCS0 BCS0): VCS0 VECS0 RCS0 BCS0
 *   NP3 11000 (VECS0 1st, 000): VECS0 RCS0 BCS0 VCS0
 *   MIDARB_PRIO_NP = 0x18 << 15 | 0x12 << 10 | 0x0D << 5 | 0 = 0xC49A0.
 * Goto of state s for vector v: (the engine granted in s for v) + 1 mod 4, and s itself for v = 0; written out
 * per vector 15..0, two fields a hex digit:
 *   NP0: v  1..15 -> 1 2 1 3 1 2 1 0 1 2 1 3 1 2 1          = 0x67646764
 *   NP1: v  0..15 -> 1 1 2 2 3 3 2 2 0 0 2 2 3 3 2 2        = 0xAFA0AFA5
 *   NP2: v  0..15 -> 2 1 2 1 3 3 3 3 0 0 0 0 3 3 3 3        = 0xFF00FF66
 *   NP3: v  0..15 -> 3 1 2 1 3 1 2 1 0 0 0 0 0 0 0 0        = 0x00006767
 * All four requesting every cycle: grants RCS0 BCS0 VCS0 VECS0 RCS0 BCS0 VCS0 VECS0, states after 1 2 3 0 1 2 3 0.
 * RCS0 and VCS0 only (v = 5) from state 0: RCS0 (-> 1), VCS0 (state 1's order, -> 3), RCS0 (state 3: VECS0 absent,
 * RCS0 next, -> 1), VCS0 (-> 3). Every engine requests in a class of its own (np_req; in the second part RCS0
 * fetches and VCS0 reads data), so the cascade at reset gates nothing (GAM-26 to GAM-28). */
Test(gam, programmed_round_robin)
{
    for (int e = 0; e < 4; e++) warm(e, DR, 0x5000, 0x40005000);
    static const uint32_t prog[][2] = {
        { GTREF_MIDARB_PRIO_NP, 0xC49A0u }, { GTREF_MIDARB_GOTOFIELD_NP0, 0x67646764u },
        { GTREF_MIDARB_GOTOFIELD_NP0 + 4, 0xAFA0AFA5u }, { GTREF_MIDARB_GOTOFIELD_NP0 + 8, 0xFF00FF66u },
        { GTREF_MIDARB_GOTOFIELD_NP0 + 12, 0x00006767u },
    };
    for (size_t i = 0; i < 5; i++) {
        host(prog[i][0], prog[i][1]);
        tick();
    }
    cr_expect_eq(E[cyc].arb_state, 0, "v = 0 in state 0 stays 0 (NP0 field 0 = 0)");
    unsigned b = cyc;
    static const uint8_t gnt[8] = { RCS0, BCS0, VCS0, VECS0, RCS0, BCS0, VCS0, VECS0 };
    static const uint8_t state[8] = { 1, 2, 3, 0, 1, 2, 3, 0 };
    for (unsigned i = 0; i < 8; i++) {
        for (int e = 0; e < 4; e++) np_req(e);
        tick();
        cr_expect(E[b + 1 + i].gnt_valid);
        cr_expect_eq(E[b + 1 + i].gnt_engine, gnt[i], "grant %u: engine %u, expected %u", i, E[b + 1 + i].gnt_engine,
                     gnt[i]);
        cr_expect_eq(E[b + 1 + i].arb_state, state[i]);
    }
    memset(in.req, 0, sizeof in.req);
    settle();
    cr_expect_eq(E[cyc].arb_state, 0);
    b = cyc;
    static const uint8_t gnt2[4] = { RCS0, VCS0, RCS0, VCS0 };
    static const uint8_t state2[4] = { 1, 3, 1, 3 };
    for (unsigned i = 0; i < 4; i++) {
        read_req(RCS0, IF, true, 0x5000);
        read_req(VCS0, DR, true, 0x5000);
        tick();
        cr_expect_eq(E[b + 1 + i].gnt_engine, gnt2[i], "grant %u: engine %u, expected %u", i, E[b + 1 + i].gnt_engine,
                     gnt2[i]);
        cr_expect_eq(E[b + 1 + i].arb_state, state2[i]);
    }
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.transition[0][1], 3u);
    cr_expect_eq(cv.transition[1][2], 2u);
    cr_expect_eq(cv.transition[2][3], 2u);
    cr_expect_eq(cv.transition[3][0], 2u);
    cr_expect_eq(cv.transition[1][3], 2u);
    cr_expect_eq(cv.transition[3][1], 1u);
}

/* G14: the goto entry of v = 0 is used. GOTO_NP0 = 0x2 (v = 0 -> state 2) written in c1: c1's arbitration still
 * uses 0 (state 0); c2 (no request) moves to 2; NP2 = 0: c3 back to 0. Coverage: state[0] counts c1, c2, state[2]
 * c3; transitions 0->0 (c1), 0->2 (c2), 2->0 (c3). */
Test(gam, goto_on_vector_zero)
{
    host(GTREF_MIDARB_GOTOFIELD_NP0, 0x2u);
    run_to(3);
    cr_expect_eq(E[1].arb_state, 0);
    cr_expect_eq(E[2].arb_state, 2);
    cr_expect_eq(E[3].arb_state, 0);
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.state[0], 2u);
    cr_expect_eq(cv.state[2], 1u);
    cr_expect_eq(cv.transition[0][0], 1u);
    cr_expect_eq(cv.transition[0][2], 1u);
    cr_expect_eq(cv.transition[2][0], 1u);
}

/* GAM-9: in a cycle in which T cannot accept, nothing is granted and the state holds. GOTO_NP0 = 0x55555555 (every
 * vector -> 1) written in c1, NP1 = 0 (-> 0) in c2: c1 state 0 (old goto), c2 1, c3 0. Then RCS0 misses a GGTT
 * page (GGTT timeline shifted by 3): c4 grant, state 1; c5..c8 T busy: state 1 and no grant although BCS0
 * requests from c5; c9 READY loads P: arbitration in state 1 with v = BCS0: grant BCS0, state 0. */
Test(gam, no_state_move_while_t_busy)
{
    host(GTREF_MIDARB_GOTOFIELD_NP0, 0x55555555u);
    tick();
    host(GTREF_MIDARB_GOTOFIELD_NP0 + 4, 0);
    tick();
    cr_expect_eq(E[1].arb_state, 0);
    cr_expect_eq(E[2].arb_state, 1);
    ggtt_map(0x1000, 0x77000000);
    tick();
    cr_expect_eq(E[3].arb_state, 0);
    read_req(RCS0, IF, true, 0x1000);
    tick();
    cr_expect_eq(E[4].gnt_engine, RCS0);
    cr_expect_eq(E[4].arb_state, 1);
    read_req(BCS0, DR, true, 0x1000);
    run_to(9);
    for (unsigned c = 5; c <= 8; c++) {
        cr_expect_not(E[c].gnt_valid, "cycle %u", c);
        cr_expect_eq(E[c].arb_state, 1, "cycle %u", c);
    }
    cr_expect(E[9].gnt_valid);
    cr_expect_eq(E[9].gnt_engine, BCS0);
    cr_expect_eq(E[9].arb_state, 0);
    expect_port(&E[9].port, false, 0x77000000ull, 0, 0, RCS0);
}

/* GAM-9: an engine absent from the build never requests: a 2-engine GAM ignores VCS0's request. */
Test(gam, absent_engines_never_granted)
{
    gam_destroy(g);
    g = gam_create(2);
    cr_assert_not_null(g);
    read_req(VCS0, DR, true, 0x1000);
    run_to(3);
    for (unsigned c = 1; c <= 3; c++) cr_expect_not(E[c].gnt_valid);
}

/* GAM-1 defines clients 0..2 only; D6 of refmodel/gam.c: a request with client 3 is not a request (VCS0 with
 * client 3 and BCS0 with DR request in c1: BCS0 is granted; VCS0 never, and no contention is counted). */
Test(gam, undefined_client_is_not_a_request)
{
    read_req(VCS0, 3, true, 0x1000);
    read_req(BCS0, DR, true, 0x100000000ull);
    run_to(4);
    cr_expect_eq(E[1].gnt_engine, BCS0);
    for (unsigned c = 2; c <= 4; c++) cr_expect_not(E[c].gnt_valid, "cycle %u", c);
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.contention[1][2], 0u);
}

/* ---- GAM-19 and coverage (§4) ---- */

/* gam_engine_busy: RCS0's read (GGTT miss, lat 3) is in T from c1's edge, its walk read in P/queue, the request
 * back in P at c6's edge (c5 fill), in the queue after c7 (transfer, due c10); not busy after c10's response.
 * A write is busy only until it transfers. BCS0 is never busy. */
Test(gam, engine_busy)
{
    ggtt_map(0x1000, 0x77000000);
    lat = 3;
    read_req(RCS0, IF, true, 0x1000);
    for (unsigned c = 1; c <= 9; c++) {
        tick();
        cr_expect(gam_engine_busy(g, RCS0), "busy after cycle %u", c);
        cr_expect_not(gam_engine_busy(g, BCS0));
    }
    /* walk read: transfer c4, due c7 (fill c7: READY), P <- c8, transfer c9, due c12 */
    cr_expect(E[7].fill_valid);
    run_to(11);
    cr_expect(gam_engine_busy(g, RCS0), "its read is in the response queue");
    tick();
    cr_expect_eq(E[12].rsp, 1u << RCS0);
    cr_expect_not(gam_engine_busy(g, RCS0));
    unsigned b = cyc;
    write_req(RCS0, true, 0x1008, 1, 0xFF);
    run_to(b + 2);   /* b+1 grant, b+2 hit: P <- write */
    cr_expect(gam_engine_busy(g, RCS0));
    tick();          /* b+3 transfer */
    cr_expect_eq(E[b + 3].wr_ack, 1u << RCS0);
    cr_expect_not(gam_engine_busy(g, RCS0));
}

/* §4 coverage, counted by hand (reset registers, lat 1):
 *   c1  RCS0 IF va 0x1000 (GGTT, mapped) and BCS0 DR va 0x1_0000_0000 request: contention [0][1]; grant RCS0
 *       (state 0 -> 0)
 *   c2  RCS0 LOOKUP miss (MISS[IF]); c3 walk read (walk_reads 1); c5 fill (no eviction); c6 READY -> P:
 *       arbitration grants BCS0 (0 -> 0)
 *   c7  BCS0 LOOKUP miss (MISS[DR]), fault type 0, hang (fault[0][0]); no arbitration
 *   c8  arbitration with v = 0 (0 -> 0); RCS0 DR va 0x1040 requests from c9: c9 grant (0 -> 0);
 *   c10 LOOKUP hit (HIT[DR]), P loads: arbitration (0 -> 0).
 * state[0] = 5 (c1, c6, c8, c9, c10), transition[0][0] = 5, contention only [0][1] = 1. */
Test(gam, coverage_counts)
{
    ggtt_map(0x1000, 0x77000000);
    read_req(RCS0, IF, true, 0x1000);
    read_req(BCS0, DR, true, 0x100000000ull);
    run_to(8);
    cr_expect(E[7].fault_valid);
    read_req(RCS0, DR, true, 0x1040);
    run_to(10);
    cr_expect(E[10].lookup_hit);
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.tlb[GAM_COV_MISS][IF], 1u);
    cr_expect_eq(cv.tlb[GAM_COV_MISS][DR], 1u);
    cr_expect_eq(cv.tlb[GAM_COV_MISS][WR], 0u);
    cr_expect_eq(cv.tlb[GAM_COV_HIT][DR], 1u);
    cr_expect_eq(cv.tlb[GAM_COV_HIT][IF], 0u);
    for (int c = 0; c < GTREF_GAM_CLIENTS; c++) cr_expect_eq(cv.tlb[GAM_COV_EVICT][c], 0u);
    cr_expect_eq(cv.fault[0][0], 1u);
    cr_expect_eq(cv.fault[1][0] + cv.fault[2][0] + cv.fault[0][1] + cv.fault[1][1] + cv.fault[2][1], 0u);
    cr_expect_eq(cv.state[0], 5u);
    cr_expect_eq(cv.state[1] + cv.state[2] + cv.state[3], 0u);
    cr_expect_eq(cv.transition[0][0], 5u);
    cr_expect_eq(cv.contention[0][1], 1u);
    cr_expect_eq(cv.contention[0][2] + cv.contention[0][3] + cv.contention[1][2] + cv.contention[1][3]
                 + cv.contention[2][3], 0u);
    cr_expect_eq(cv.walk_reads, 1u);
}

/* ---- phase 2: GFX_FLSH_CNTL (GAM-21), INSTPM through invalidate (GAM-22) ---- */

/* Testbench PPGTT (GAM-5): engine e's root 0x10_0000, PP_DCLV bit 0 (PML4 entries 0..15, GAM-6); PML4E 0 ->
 * 0x20_0000, PDPE 0 -> 0x30_0000, PDE 0 -> 0x40_0000; the PTE of a va below 2 MB at 0x40_0000 + (va >> 12) * 8
 * maps it to 0x6600_0000 + (va & ~0xFFF). */
static void ppgtt_setup(int e)
{
    gam_engine_reg(g, e, GTREF_PDP0_LDW, 0x100000u);
    gam_engine_reg(g, e, GTREF_PP_DCLV, 0x1u);
    mem_put(0x100000ull, 0x200001ull);
    mem_put(0x200000ull, 0x300001ull);
    mem_put(0x300000ull, 0x400001ull);
}
static void ppgtt_map(uint64_t va) { mem_put(0x400000ull + (va >> 12) * 8, 0x66000000ull + (va & ~0xFFFull) + 1); }

/* A complete PPGTT miss of engine e at va (mapped by ppgtt_map); returns the index filled. */
static int pp_fill(int e, uint8_t client, uint64_t va)
{
    ppgtt_setup(e);
    ppgtt_map(va);
    read_req(e, client, false, va);
    int idx = -1;
    do {
        tick();
        if (E[cyc].fill_valid) idx = E[cyc].fill_index;
    } while (anything_busy() || in.req[e].valid);
    cr_assert(idx >= 0);
    return idx;
}

/* GAM-21 (G17): a host write of any value to GFX_FLSH_CNTL invalidates every GGTT entry of every engine's TLB at
 * its edge; PPGTT entries and LRA pointers stay. RCS0: GGTT page 5 (IF -> index 0), PPGTT va 0x7000 (DR -> 8);
 * BCS0: GGTT page 5 (DR -> 8), PPGTT va 0x7000 (IF -> 0). After the write of 0 (bit 0 stays 0): RCS0 0 and BCS0 8
 * invalid, RCS0 8 and BCS0 0 valid. RCS0's GGTT access to page 5 then misses (b2+2), its PPGTT access to 0x7040
 * hits index 8. A second write (0xFFFFFFFF: bit 0 stored, RW 0x1) counts a second invalidation.
 * GAM-22 on the model side: invalidate (bit RCS0) clears every entry of RCS0's TLB, PPGTT too; BCS0's stay. */
Test(gam, flsh_cntl_invalidates_ggtt_entries_of_every_engine)
{
    cr_expect_eq(fill_one(RCS0, IF, 5).fill_index, 0);
    cr_expect_eq(pp_fill(RCS0, DR, 0x7000), 8);
    cr_expect_eq(fill_one(BCS0, DR, 5).fill_index, 8);
    cr_expect_eq(pp_fill(BCS0, IF, 0x7000), 0);
    unsigned b = cyc;
    host(GTREF_GFX_FLSH_CNTL, 0);
    tick();
    cr_expect(E[b + 1].flsh_invalidate);
    cr_expect_not(E[b].flsh_invalidate);
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_FLSH_CNTL), 0u);
    gam_tlb_entry t[GTREF_TLB_ENTRIES];
    gam_tlb_get(g, RCS0, t);
    cr_expect_not(t[0].valid, "RCS0's GGTT entry");
    cr_expect(t[8].valid && !t[8].ggtt, "RCS0's PPGTT entry stays");
    gam_tlb_get(g, BCS0, t);
    cr_expect_not(t[8].valid, "BCS0's GGTT entry");
    cr_expect(t[0].valid && !t[0].ggtt, "BCS0's PPGTT entry stays");
    for (int e = 0; e < 2; e++) {
        cr_expect_eq(gam_lra_ptr(g, e, 0), 1);
        cr_expect_eq(gam_lra_ptr(g, e, 1), 9);
    }

    b = cyc;
    read_req(RCS0, DR, true, 0x5000);
    run_to(b + 2);
    cr_expect(E[b + 2].lookup_valid && !E[b + 2].lookup_hit);
    settle();
    b = cyc;
    read_req(RCS0, DR, false, 0x7040);
    run_to(b + 2);
    cr_expect(E[b + 2].lookup_hit);
    cr_expect_eq(E[b + 2].lookup_index, 8);
    expect_port(&E[b + 2].port, false, 0x66007040ull, 0, 0, RCS0);
    settle();

    host(GTREF_GFX_FLSH_CNTL, 0xFFFFFFFFu);
    tick();
    cr_expect_eq(gam_reg_read(g, GTREF_GFX_FLSH_CNTL), 1u);
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.flsh_invalidations, 2u);

    in.invalidate = 1u << RCS0;
    tick();
    gam_tlb_get(g, RCS0, t);
    for (int i = 0; i < GTREF_TLB_ENTRIES; i++) cr_expect_not(t[i].valid, "RCS0 entry %d", i);
    gam_tlb_get(g, BCS0, t);
    cr_expect(t[0].valid, "BCS0's PPGTT entry");
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.flsh_invalidations, 2u, "invalidate is not a GFX_FLSH_CNTL invalidation");
}

/* GAM-21, order of GAM-12: a GGTT entry filled at the write's edge is invalidated too, the request already
 * translated keeps its PA (GGTT timeline: fill in c5 at index 8, c6 P <- 0x5500_0000); a PPGTT entry filled at the
 * write's edge stays (PPGTT timeline from the settled cycle b: fill at b+14, index 9). A write to another GAM
 * register (GAB_CTL_REG) invalidates nothing. */
Test(gam, flsh_cntl_at_a_fill_edge)
{
    ggtt_map(0x2000, 0x55000000);
    read_req(RCS0, DR, true, 0x2000);
    run_to(4);
    host(GTREF_GFX_FLSH_CNTL, 1);
    tick();
    cr_expect(E[5].fill_valid);
    cr_expect_eq(E[5].fill_index, 8);
    cr_expect(E[5].flsh_invalidate);
    gam_tlb_entry t[GTREF_TLB_ENTRIES];
    gam_tlb_get(g, RCS0, t);
    cr_expect_not(t[8].valid);
    cr_expect_eq(gam_lra_ptr(g, RCS0, 1), 9);
    tick();
    expect_port(&E[6].port, false, 0x55000000ull, 0, 0, RCS0);
    settle();

    unsigned b = cyc;
    ppgtt_setup(RCS0);
    ppgtt_map(0x3000);
    read_req(RCS0, DR, false, 0x3000);
    run_to(b + 13);
    host(GTREF_GFX_FLSH_CNTL, 1);
    tick();
    cr_expect(E[b + 14].fill_valid);
    cr_expect_eq(E[b + 14].fill_index, 9);
    gam_tlb_get(g, RCS0, t);
    cr_expect(t[9].valid && !t[9].ggtt, "a PPGTT entry filled at the write's edge stays");
    settle();

    fill_one(RCS0, DR, 0x10);   /* GGTT, index 10 */
    host(GTREF_GAB_CTL_REG, 0xBFu);
    tick();
    cr_expect_not(E[cyc].flsh_invalidate);
    gam_tlb_get(g, RCS0, t);
    cr_expect(t[10].valid);
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.flsh_invalidations, 2u);
}

/* ---- phase 2: accepted-request limits (GAM-23, G19) ---- */

/* A limit of 1 (MEDIA_MAX_REQ_COUNT = 0x01202020: RCS0's GFX field 1) holds RCS0 back while its read is
 * outstanding. RCS0 and BCS0 hold page 5; lat 3. From b (the write applied):
 *   b+1 RCS0's read granted (count 1); RCS0 presents a second read from b+2, BCS0 a read from b+2.
 *   b+2 RCS0's LOOKUP hit, P <- its read, T empties: arbitration with v = BCS0 only (RCS0 at its limit): BCS0.
 *   b+3 RCS0's read transfers (due b+6); BCS0 hit: P <- its read; arbitration with v = 0.
 *   b+4 BCS0's read transfers (due b+7); b+5 nothing.
 *   b+6 RCS0's response: count 0 at this edge; RCS0 still held (the count as at the start of the cycle, 1).
 *   b+7 BCS0's response; RCS0 granted.
 * RCS0 is held back in b+2..b+6 (limited 5 cycles); contention is counted on participants (D7): never both. */
Test(gam, limit_one_holds_an_engine_until_its_response)
{
    warm(RCS0, DR, 0x5000, 0x40005000);
    warm(BCS0, DR, 0x5000, 0x40005000);
    host(GTREF_MEDIA_MAX_REQ_COUNT, 0x01202020u);
    tick();
    cr_expect_eq(gam_reg_read(g, GTREF_MEDIA_MAX_REQ_COUNT), 0x01202020u);
    unsigned b = cyc;
    lat = 3;
    read_req(RCS0, DR, true, 0x5000);
    tick();
    cr_expect(E[b + 1].gnt_valid && E[b + 1].gnt_engine == RCS0);
    cr_expect_eq(gam_outstanding(g, RCS0), 1u);
    read_req(RCS0, DR, true, 0x5040);
    read_req(BCS0, DR, true, 0x5080);
    run_to(b + 8);
    cr_expect(E[b + 2].arb_valid);
    cr_expect_eq(E[b + 2].arb_v, 1u << BCS0);
    cr_expect_eq(E[b + 2].limited, 1u << RCS0);
    cr_expect(E[b + 2].gnt_valid && E[b + 2].gnt_engine == BCS0);
    expect_port(&E[b + 2].port, false, 0x40005000ull, 0, 0, RCS0);
    for (unsigned c = b + 3; c <= b + 6; c++) {
        cr_expect_not(E[c].gnt_valid, "cycle b+%u", c - b);
        cr_expect_eq(E[c].limited, 1u << RCS0, "cycle b+%u", c - b);
        cr_expect_eq(E[c].arb_v, 0, "cycle b+%u", c - b);
    }
    cr_expect(E[b + 3].arb_valid && E[b + 4].arb_valid);
    cr_expect_eq(E[b + 6].rsp, 1u << RCS0);
    cr_expect_eq(E[b + 7].rsp, 1u << BCS0);
    cr_expect(E[b + 7].gnt_valid && E[b + 7].gnt_engine == RCS0);
    cr_expect_eq(E[b + 7].limited, 0);
    cr_expect_eq(E[b + 7].gnt_req.va, 0x5040u);
    expect_port(&E[b + 8].port, false, 0x40005040ull, 0, 0, RCS0);
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.limited[RCS0], 5u);
    cr_expect_eq(cv.limited[BCS0] + cv.limited[VCS0] + cv.limited[VECS0], 0u);
    cr_expect_eq(cv.contention[0][1], 0u, "RCS0 held back does not contend (D7)");
}

/* GAM-23: a write counts until it transfers (its wr_ack), not until it is granted or loaded into P. Limit 1 for
 * RCS0; mem_req_ready 0 in b+3 and b+4. b+1 RCS0's write granted; b+2 hit, P <- the write; b+3, b+4 P held;
 * b+5 the write transfers: wr_ack, count 0 at this edge (RCS0's read still held in b+5); b+6 the read is granted. */
Test(gam, write_count_released_at_its_ack)
{
    warm(RCS0, DR, 0x5000, 0x40005000);
    host(GTREF_MEDIA_MAX_REQ_COUNT, 0x01202020u);
    tick();
    unsigned b = cyc;
    stall[b + 3] = stall[b + 4] = true;
    write_req(RCS0, true, 0x5008, 0x1234, 0xFF);
    tick();
    read_req(RCS0, DR, true, 0x5000);
    run_to(b + 4);
    cr_expect_eq(gam_outstanding(g, RCS0), 1u);
    run_to(b + 6);
    cr_expect_eq(E[b + 1].gnt_engine, RCS0);
    expect_port(&E[b + 2].port, true, 0x40005008ull, 0x1234, 0xFF, RCS0);
    for (unsigned c = b + 2; c <= b + 5; c++) {
        cr_expect_not(E[c].gnt_valid, "cycle b+%u", c - b);
        cr_expect_eq(E[c].limited, 1u << RCS0, "cycle b+%u", c - b);
    }
    cr_expect_eq(E[b + 4].wr_ack, 0);
    cr_expect_eq(E[b + 5].wr_ack, 1u << RCS0);
    cr_expect(E[b + 6].gnt_valid && E[b + 6].gnt_engine == RCS0);
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.limited[RCS0], 4u);
}

/* GAM-23: a hang-mode fault releases the count at the fault's edge (the request is dropped, GAM-15); a
 * continue-mode fault does not (D9: the request goes on and is released by its response).
 * Hang: limit 1 (written in c1); c2 RCS0 DR GGTT va 0x1_0000_2000 granted; c3 LOOKUP fault, count 0 at this edge,
 * RCS0's next request held in c3 (and no arbitration: a fault does not let T accept); c4 granted.
 * Continue (GAB_CTL_REG = 0x1BF), from the settled cycle b, lat 1: b+1 va 0x1_2345_6040 granted; b+2 LOOKUP
 * fault: READY (count stays 1); b+3 P <- 0x81_2345_6040, T empties; b+4 transfer; b+5 response: count 0; the next
 * request is held in b+2..b+5 and granted in b+6. */
Test(gam, hang_fault_releases_the_count)
{
    host(GTREF_MEDIA_MAX_REQ_COUNT, 0x01202020u);
    tick();
    read_req(RCS0, DR, true, 0x100002000ull);
    tick();
    cr_expect(E[2].gnt_valid && E[2].gnt_engine == RCS0);
    read_req(RCS0, DR, true, 0x5000);
    tick();
    cr_expect(E[3].fault_valid && E[3].fault_hang);
    cr_expect_eq(E[3].limited, 1u << RCS0);
    cr_expect_not(E[3].arb_valid);
    cr_expect_eq(gam_outstanding(g, RCS0), 0u);
    tick();
    cr_expect(E[4].gnt_valid && E[4].gnt_engine == RCS0);
    cr_expect_eq(E[4].limited, 0);
    in.req[RCS0].valid = false;
    settle();

    host(GTREF_GAB_CTL_REG, 0x1BFu);
    tick();
    unsigned b = cyc;
    read_req(RCS0, DR, true, 0x123456040ull);
    tick();
    read_req(RCS0, DR, true, 0x123456080ull);
    run_to(b + 6);
    cr_expect(E[b + 2].fault_valid && !E[b + 2].fault_hang);
    expect_port(&E[b + 3].port, false, 0x8123456040ull, 0, 0, RCS0);
    cr_expect_eq(E[b + 5].rsp, 1u << RCS0);
    for (unsigned c = b + 2; c <= b + 5; c++) {
        cr_expect_not(E[c].gnt_valid, "cycle b+%u", c - b);
        cr_expect_eq(E[c].limited, 1u << RCS0, "cycle b+%u", c - b);
    }
    cr_expect(E[b + 6].gnt_valid && E[b + 6].gnt_engine == RCS0);
}

/* GAM-9 with GAM-23: the arbiter sees the filtered v, for the grant and for the goto index. GOTO_NP0 = 0xE4
 * (v = 0 -> 0, 1 -> 1, 2 -> 2, 3 -> 3, others 0); NP1..NP3 = 0 (every v -> 0). RCS0's limit 1, lat 3, RCS0 and
 * BCS0 hold page 5. From b:
 *   b+1 RCS0 granted, v = 1: state 1. RCS0 presents a second read from b+2.
 *   b+2 RCS0 hit, P <- its read; arbitration in state 1, RCS0 held: v = 0, state 0.
 *   b+3 RCS0's read transfers (due b+6); arbitration in state 0 with v = 0: state 0 (the raw vector 1 would go to 1).
 *   b+4 BCS0 requests too: v = 2 (raw 3 would go to 3): BCS0 granted, state 2.
 *   b+5 BCS0 hit, P <- its read; state 2, v = 0: state 0.   b+6 RCS0's response; state 0, v = 0: 0.
 *   b+7 RCS0 granted, v = 1: state 1. */
Test(gam, arbiter_uses_the_filtered_vector)
{
    warm(RCS0, DR, 0x5000, 0x40005000);
    warm(BCS0, DR, 0x5000, 0x40005000);
    host(GTREF_MEDIA_MAX_REQ_COUNT, 0x01202020u);
    tick();
    host(GTREF_MIDARB_GOTOFIELD_NP0, 0xE4u);
    tick();
    cr_expect_eq(E[cyc].arb_state, 0);
    unsigned b = cyc;
    lat = 3;
    read_req(RCS0, DR, true, 0x5000);
    tick();
    read_req(RCS0, DR, true, 0x5040);
    run_to(b + 3);
    read_req(BCS0, DR, true, 0x5080);
    run_to(b + 7);
    static const uint8_t state[7] = { 1, 0, 0, 2, 0, 0, 1 };
    static const uint8_t v[7] = { 1, 0, 0, 2, 0, 0, 1 };
    for (unsigned i = 0; i < 7; i++) {
        cr_expect(E[b + 1 + i].arb_valid, "cycle b+%u", i + 1);
        cr_expect_eq(E[b + 1 + i].arb_state, state[i], "cycle b+%u: state %u, expected %u", i + 1,
                     E[b + 1 + i].arb_state, state[i]);
        cr_expect_eq(E[b + 1 + i].arb_v, v[i], "cycle b+%u: v %u, expected %u", i + 1, E[b + 1 + i].arb_v, v[i]);
    }
    cr_expect_eq(E[b + 1].gnt_engine, RCS0);
    cr_expect(E[b + 4].gnt_valid && E[b + 4].gnt_engine == BCS0);
    cr_expect_eq(E[b + 4].limited, 1u << RCS0);
    cr_expect(E[b + 7].gnt_valid && E[b + 7].gnt_engine == RCS0);
    for (unsigned c = b + 2; c <= b + 6; c++)
        if (c != b + 4) cr_expect_not(E[c].gnt_valid, "cycle b+%u", c - b);
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.transition[0][3], 0u);
    cr_expect_eq(cv.transition[0][2], 1u);
    cr_expect_eq(cv.transition[0][1], 2u);
    cr_expect_eq(cv.contention[0][1], 0u);
}

/* G19: a field of 0 counts as 1 ("Minimum count value must be 1"), and BCS0 and VCS0 are each held against the
 * shared MFX/BLT field on their own count. MEDIA_MAX_REQ_COUNT = 0: every limit 1. BCS0, VCS0 and VECS0 hold page
 * 5; lat 3; each re-requests as soon as it is granted. From b:
 *   b+1 BCS0 granted (count 1).
 *   b+2 BCS0 hit -> P; arbitration: BCS0 held, v = VCS0 | VECS0: VCS0 (fixed priority).
 *   b+3 BCS0's read transfers (due b+6); VCS0 hit -> P; v = VECS0: VECS0.
 *   b+4 VCS0's read transfers (due b+7); VECS0 hit -> P; v = 0.   b+5 VECS0's read transfers (due b+8); v = 0.
 *   b+6 response BCS0; b+7 response VCS0, BCS0 granted; b+8 response VECS0, BCS0 hit -> P, VCS0 granted;
 *   b+9 VCS0 hit -> P, VECS0 granted.
 * Held: BCS0 b+2..b+6, VCS0 b+3..b+7, VECS0 b+4..b+8: 5 cycles each. Contention (participants, D7): [1][2] and
 * [1][3] never, [2][3] in b+2. */
Test(gam, zero_limit_field_counts_as_one)
{
    for (int e = 0; e < 4; e++) cr_expect_eq(gtref_req_limit(0, e), 1u);
    cr_expect_eq(gtref_req_limit(0x10202020u, RCS0), 16u);
    cr_expect_eq(gtref_req_limit(0x10202020u, BCS0), 32u);
    cr_expect_eq(gtref_req_limit(0x10202020u, VCS0), 32u);
    cr_expect_eq(gtref_req_limit(0x10202020u, VECS0), 32u);
    for (int e = BCS0; e <= VECS0; e++) warm(e, DR, 0x5000, 0x40005000);
    host(GTREF_MEDIA_MAX_REQ_COUNT, 0);
    tick();
    unsigned b = cyc;
    lat = 3;
    read_req(BCS0, DR, true, 0x5000);
    static const int8_t gnt[9] = { BCS0, VCS0, VECS0, -1, -1, -1, BCS0, VCS0, VECS0 };
    for (unsigned i = 0; i < 9; i++) {
        if (i == 1) read_req(VCS0, DR, true, 0x5000), read_req(VECS0, DR, true, 0x5000);
        tick();
        if (E[cyc].gnt_valid && i < 3) read_req(E[cyc].gnt_engine, DR, true, 0x5040);
        if (gnt[i] < 0) cr_expect_not(E[cyc].gnt_valid, "cycle b+%u", i + 1);
        else cr_expect(E[cyc].gnt_valid && E[cyc].gnt_engine == gnt[i], "cycle b+%u: grant %d, expected %d", i + 1,
                       E[cyc].gnt_valid ? E[cyc].gnt_engine : -1, gnt[i]);
    }
    cr_expect_eq(E[b + 2].arb_v, 1u << VCS0 | 1u << VECS0);
    cr_expect_eq(E[b + 6].rsp, 1u << BCS0);
    cr_expect_eq(E[b + 7].rsp, 1u << VCS0);
    cr_expect_eq(E[b + 8].rsp, 1u << VECS0);
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.limited[RCS0], 0u);
    cr_expect_eq(cv.limited[BCS0], 5u);
    cr_expect_eq(cv.limited[VCS0], 5u);
    cr_expect_eq(cv.limited[VECS0], 5u);
    cr_expect_eq(cv.contention[1][2] + cv.contention[1][3], 0u);
    cr_expect_eq(cv.contention[2][3], 1u);
}

/* GAM-23: the reset limits (16, 32, 32) never bind: RCS0 with a read outstanding is granted again at once. */
Test(gam, reset_limits_do_not_bind)
{
    warm(RCS0, DR, 0x5000, 0x40005000);
    unsigned b = cyc;
    lat = 5;
    read_req(RCS0, DR, true, 0x5000);
    tick();
    read_req(RCS0, DR, true, 0x5040);
    run_to(b + 2);
    cr_expect(E[b + 2].gnt_valid && E[b + 2].gnt_engine == RCS0);
    cr_expect_eq(E[b + 2].limited, 0);
    cr_expect_eq(gam_outstanding(g, RCS0), 2u);
    settle();
    cr_expect_eq(gam_outstanding(g, RCS0), 0u);
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.limited[RCS0], 0u);
}

/* docs/gam.md §4, GAM-7: the spaces meet. RCS0 holds the GGTT translation of page 7 (IF -> LRA0, index 0, GAM-8) to
 * 0x6600_7000; a PPGTT access to va 0x7000 (the same page number) does not hit it (GAM-7: equal ggtt) and walks, filling
 * index 8 (DR -> LRA1) with 0x6600_7000 (ppgtt_map), so one physical page is in the TLB through both spaces. A PPGTT
 * hit (0x7040) and a GGTT hit (0x7080) each meet the other space's entry of the same page number and page. Bins: entry
 * 8 and entry 0 of RCS0 hit once each, RCS0's grants: IF once, DR three times. */
Test(gam, spaces_meet_in_one_tlb)
{
    cr_expect_eq(warm(RCS0, IF, 0x7000, 0x66007000ull), 0);
    unsigned b = cyc;
    cr_expect_eq(pp_fill(RCS0, DR, 0x7000), 8);
    cr_expect(E[b + 2].lookup_valid && !E[b + 2].lookup_hit, "the PPGTT lookup misses the GGTT entry of page 7");
    gam_coverage cv;
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.space_meet[0] + cv.space_meet[1] + cv.page_both, 0u);
    b = cyc;
    read_req(RCS0, DR, false, 0x7040);
    run_to(b + 2);
    cr_expect(E[b + 2].lookup_hit);
    cr_expect_eq(E[b + 2].lookup_index, 8);
    settle();
    b = cyc;
    read_req(RCS0, DR, true, 0x7080);
    run_to(b + 2);
    cr_expect(E[b + 2].lookup_hit);
    cr_expect_eq(E[b + 2].lookup_index, 0);
    settle();
    gam_get_coverage(g, &cv);
    cr_expect_eq(cv.space_meet[0], 1u, "a PPGTT hit meets the GGTT entry");
    cr_expect_eq(cv.space_meet[1], 1u, "a GGTT hit meets the PPGTT entry");
    cr_expect_eq(cv.page_both, 2u);
    cr_expect_eq(cv.entry_hit[RCS0][8], 1u);
    cr_expect_eq(cv.entry_hit[RCS0][0], 1u);
    uint64_t others = 0;
    for (int e = 0; e < 4; e++)
        for (int i = 0; i < GTREF_TLB_ENTRIES; i++) others += (e == RCS0 && (i == 0 || i == 8)) ? 0 : cv.entry_hit[e][i];
    cr_expect_eq(others, 0u);
    cr_expect_eq(cv.grant[RCS0][IF], 1u);
    cr_expect_eq(cv.grant[RCS0][DR], 3u);
    cr_expect_eq(cv.grant[RCS0][WR] + cv.grant[BCS0][IF] + cv.grant[BCS0][DR], 0u);
}
