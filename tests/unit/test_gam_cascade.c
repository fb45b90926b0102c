/* The GAC/GAB cascade of the GAM model (refmodel/gam.c) against docs/gam.md GAM-26 to GAM-29 (with GAM-9, GAM-10,
 * GAM-16, GAM-23 and §4), docs/spec-decisions.md G21-G24 and BYT-REG (volume 003: GAC_ARB_CTL_REG L2631-2692,
 * ARB_{RO,R,WR}_GAC_GAM0..3 L2734-3026; digest §2.10, §4.3, §4.4). Every expected value is worked out by hand from
 * those rules and written as a literal, with the rule it comes from; the model is never asked to compute an
 * expectation. Where the model and a vector here disagree, the spec text decides.
 *
 * The testbench (copied from test_gam_model.c, not shared): cycles are numbered from 1; tick() runs the next
 * cycle with the requests the test set (an engine's request stays valid until granted, GAM-1; a test that "keeps
 * requesting" sets the request again before every cycle), and a fake memory (a map address -> qword) answers
 * every read that transferred at the end of cycle t in cycle t + lat (lat 1), in transfer order. mem_req_ready is
 * always 1. E[n] is the model's edge of cycle n; b is the last cycle before a scenario's first request (usually
 * the cycle of the last host write: a host write acts from the next cycle, GAM-16).
 *
 * The schedule every scenario relies on (GAM-10): each engine first holds GGTT page 5 in its TLB (warm(): a
 * complete walk at the reset registers), and every scenario request is to page 5, so its LOOKUP (the cycle after
 * its grant) hits and, P taking every cycle (mem_req_ready 1), T empties in that cycle: stage T accepts, and an
 * arbitration is made, in every cycle. A grant in cycle n therefore shows in E[n], and the cascade's state after
 * the edge of n in E[n].casc.
 *
 * Engines (G21): RCS0 = the GAM side, BCS0 = GAB, VCS0 and VECS0 = GAC. Classes (G22): IF = RO, DR = R, WR = WR.
 * casc (GAM-29): [2:0] s_RO, [5:3] s_R, [8:6] s_WR; [9] [10] [11] owners of RO, R, WR (1 = GAB); [17:12] RO count,
 * [23:18] R count, [29:24] WR count. So: R count 1 = 0x00040000, 2 = 0x00080000; WR count 1 = 0x01000000,
 * 2 = 0x02000000; R owner GAB = 0x400, RO owner GAB = 0x200, WR owner GAB = 0x800; s_R = k is k << 3.
 *
 * GAC_ARB_CTL_REG (BYT-REG L2631-2692, reset 0x00400002, L2635): [31] WR limit enable (L2642), [29:24] WR limit
 * (L2648-2650); [23] RO enable (L2651), [22] RO fixed priority 1 GAB (L2654-2664), [20:16] RO limit (L2667-2669);
 * [15] R enable (L2670), [14] R fixed priority 0 GAC (L2673), [12:8] R limit (L2678-2680). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "gtref/gam_model.h"
#include "gam_bench.h"

#define RO_C 0 /* class indices of the coverage (gam_model.h: class = client) */
#define R_C 1
#define WR_C 2

/* One GAC->GAM machine entry (GAM-28, BYT-REG L2745-2755): priority bit 12, goto for request vector r at
 * [3r+2:3r]; register k holds entry 2k in bits 12:0 and entry 2k+1 15 bits up (bits 27:15, G22). */
#define ENT(prio, g11, g10, g01, g00) ((uint32_t)(prio) << 12 | (uint32_t)(g11) << 9 | (uint32_t)(g10) << 6 \
                                       | (uint32_t)(g01) << 3 | (uint32_t)(g00))
#define PAIR(even, odd) ((uint32_t)(even) | (uint32_t)(odd) << 15)

static const char *const ENG[4] = { "RCS0", "BCS0", "VCS0", "VECS0" };

static unsigned base;            /* b of the scenario, for messages */

static void setup(void)
{
    g = gam_create(4);
    cr_assert_not_null(g);
    gb_reset();
    base = 0;
}
static void teardown(void) { gam_destroy(g); }
TestSuite(gam_casc, .init = setup, .fini = teardown);

/* ---- requests (the testbench is gam_bench.h) ---- */

static void read_req(int e, uint8_t client, uint64_t va)
{
    in.req[e] = (gam_req){ .valid = true, .client = client, .ggtt = true, .va = va };
}

static void write_req(int e, uint64_t va, uint64_t wdata)
{
    in.req[e] = (gam_req){ .valid = true, .client = WR, .ggtt = true, .va = va, .write = true, .wdata = wdata,
                           .be = 0xFF };
}

/* A request of engine e of client c to page 5 (a TLB hit after warm()). */
static void req(int e, uint8_t c)
{
    if (c == WR) write_req(e, 0x5008, 0x1000u + (unsigned)e);
    else read_req(e, c, 0x5000);
}

/* One host write, then its cycle. */
static void program(uint32_t off, uint32_t data)
{
    host(off, data);
    tick();
}

/* Run until no request is pending and the GAM is idle. */
static void settle(void)
{
    do tick(); while (anything_busy() || in.req[0].valid || in.req[1].valid || in.req[2].valid || in.req[3].valid);
}

/* Put GGTT page 5 (-> 0x4000_5000) in engine e's TLB by a complete walk at the reset registers. */
static void warm(int e)
{
    ggtt_map(0x5000, 0x40005000);
    read_req(e, DR, 0x5000);
    bool filled = false;
    do {
        tick();
        filled |= E[cyc].fill_valid;
    } while (anything_busy() || in.req[e].valid);
    cr_assert(filled, "warm-up of %s: no fill", ENG[e]);
}

static void warm_all(void)
{
    for (int e = 0; e < 4; e++) warm(e);
}

/* ---- expectations with the cycle, the expected value and the rule in every message ---- */

static void casc_str(char *buf, size_t n, uint32_t c)
{
    snprintf(buf, n, "%#010x = s RO/R/WR %u/%u/%u, owners RO/R/WR %s/%s/%s, counts RO/R/WR %u/%u/%u", c, c & 7u,
             (c >> 3) & 7u, (c >> 6) & 7u, (c >> 9) & 1u ? "GAB" : "GAC", (c >> 10) & 1u ? "GAB" : "GAC",
             (c >> 11) & 1u ? "GAB" : "GAC", (c >> 12) & 0x3Fu, (c >> 18) & 0x3Fu, (c >> 24) & 0x3Fu);
}

/* The grant of cycle c: engine e, or none (e < 0). */
static void expect_grant(unsigned c, int e, const char *rule)
{
    const gam_edge *x = &E[c];
    if (e < 0)
        cr_expect(!x->gnt_valid, "cycle %u (b+%u): grant to %s, expected none (%s)", c, c - base,
                  ENG[x->gnt_engine & 3], rule);
    else
        cr_expect(x->gnt_valid && x->gnt_engine == e, "cycle %u (b+%u): %s%s, expected a grant to %s (%s)", c,
                  c - base, x->gnt_valid ? "grant to " : "no grant", x->gnt_valid ? ENG[x->gnt_engine & 3] : "",
                  ENG[e], rule);
}

/* The cascade's state after the edge of cycle c (GAM-29). */
static void expect_casc(unsigned c, uint32_t want, const char *rule)
{
    if (E[c].casc == want) {
        cr_expect(true);
        return;
    }
    char got[160], exp[160];
    casc_str(got, sizeof got, E[c].casc);
    casc_str(exp, sizeof exp, want);
    cr_expect(false, "cycle %u (b+%u): casc %s, expected %s (%s)", c, c - base, got, exp, rule);
}

/* The vector the NP machine arbitrated in cycle c (arb_v: after the limits and the cascade's gates), which makes
 * an arbitration. */
static void expect_v(unsigned c, uint8_t v, const char *rule)
{
    cr_expect(E[c].arb_valid, "cycle %u (b+%u): no arbitration, expected one (GAM-10 step 3)", c, c - base);
    cr_expect_eq(E[c].arb_v, v, "cycle %u (b+%u): arb_v %#x, expected %#x (%s)", c, c - base, E[c].arb_v, v, rule);
}

/* The same and the admitted vector a of cycle c (casc_a: the engines taking part after GAM-23, before the gates). */
static void expect_vec(unsigned c, uint8_t a, uint8_t v, const char *rule)
{
    cr_expect_eq(E[c].casc_a, a, "cycle %u (b+%u): casc_a %#x, expected %#x (GAM-26: a = the admitted vector, GAM-23)",
                 c, c - base, E[c].casc_a, a);
    expect_v(c, v, rule);
}

/* A grant sequence with the cascade state after each edge, from cycle b+1. */
static void expect_seq(unsigned b, unsigned n, const int *gnt, const uint32_t *casc, const char *rule)
{
    for (unsigned i = 0; i < n; i++) {
        expect_grant(b + 1 + i, gnt[i], rule);
        if (casc) expect_casc(b + 1 + i, casc[i], rule);
    }
}

/* Engines in mask request class c before every cycle, n cycles from b+1 (each presents a new request in the cycle
 * after its grant: "keeps requesting"). */
static void keep_requesting(uint8_t mask, uint8_t c, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        for (int e = 0; e < 4; e++)
            if (mask >> e & 1) req(e, c);
        tick();
    }
}

/* ---- registers (GAM-16, table rows) ---- */

/* Reset values: GAC_ARB_CTL_REG 0x00400002 (BYT-REG L2635), ARB_{RO,R,WR}_GAC_GAM0..3 0 (R L2738, L2763, L2788,
 * L2813; RO L2838, L2863, L2888, L2913; WR L2937, L2961, L2985, L3009), ARB_GAC_GAM_REQCNTS0/1 0 (L2700,
 * L2719); all owned by the GAM (docs/gam.md §2). After a cycle with no request the cascade's state is its
 * reset: states 0, owners GAC, counts 0 (GAM-27, GAM-28, G23). */
Test(gam_casc, reset_values)
{
    cr_expect_eq(gam_reg_read(g, GTREF_GAC_ARB_CTL_REG), 0x00400002u, "BYT-REG L2635");
    for (uint32_t k = 0; k < 4; k++) {
        cr_expect_eq(gam_reg_read(g, GTREF_ARB_RO_GAC_GAM0 + 4 * k), 0u, "ARB_RO_GAC_GAM%u (BYT-REG L2838-2913)", k);
        cr_expect_eq(gam_reg_read(g, GTREF_ARB_R_GAC_GAM0 + 4 * k), 0u, "ARB_R_GAC_GAM%u (BYT-REG L2738-2813)", k);
        cr_expect_eq(gam_reg_read(g, GTREF_ARB_WR_GAC_GAM0 + 4 * k), 0u, "ARB_WR_GAC_GAM%u (BYT-REG L2937-3009)", k);
        cr_expect(gam_owns(GTREF_ARB_RO_GAC_GAM0 + 4 * k) && gam_owns(GTREF_ARB_R_GAC_GAM0 + 4 * k)
                  && gam_owns(GTREF_ARB_WR_GAC_GAM0 + 4 * k));
    }
    cr_expect(gam_owns(GTREF_GAC_ARB_CTL_REG) && gam_owns(0x043A8u) && gam_owns(0x043ACu), "docs/gam.md §2");
    cr_expect_eq(gam_reg_read(g, 0x043A8u), 0u, "ARB_GAC_GAM_REQCNTS0 (BYT-REG L2700)");
    cr_expect_eq(gam_reg_read(g, 0x043ACu), 0u, "ARB_GAC_GAM_REQCNTS1 (BYT-REG L2719)");
    tick();
    expect_casc(1, 0, "GAM-27/GAM-28 resets: states 0, owners GAC, counts 0");
}

/* GAM-16 and the table's RW bits: all ones written read back without the reserved bits. GAC_ARB_CTL_REG
 * 0xFFDFDF3F (bit 21 reserved L2665, bit 13 L2676, bits 7:6 L2681; bits 30 and 5:0 are storage, G24);
 * ARB_*_GAC_GAM 0x0FFF9FFF (bits 31:28 reserved L2744, 14:13 L2750). The value changes at the write's edge. */
Test(gam_casc, host_writes_apply_rw_masks)
{
    static const uint32_t off[] = { GTREF_ARB_RO_GAC_GAM0, GTREF_ARB_RO_GAC_GAM0 + 12, GTREF_ARB_R_GAC_GAM0 + 4,
                                    GTREF_ARB_WR_GAC_GAM0 + 8 };
    host(GTREF_GAC_ARB_CTL_REG, 0xFFFFFFFFu);
    tick();
    cr_expect_eq(gam_reg_read(g, GTREF_GAC_ARB_CTL_REG), 0xFFDFDF3Fu, "reads %#x",
                 gam_reg_read(g, GTREF_GAC_ARB_CTL_REG));
    for (size_t i = 0; i < sizeof off / sizeof off[0]; i++) {
        host(off[i], 0xFFFFFFFFu);
        tick();
        cr_expect_eq(gam_reg_read(g, off[i]), 0x0FFF9FFFu, "%#x reads %#x, expected 0x0fff9fff", off[i],
                     gam_reg_read(g, off[i]));
    }
}

/* ---- a. the reset arbiter: fixed priority per class (GAM-28 last paragraph) ---- */

/* Data reads (class R). RCS0, BCS0 and VCS0 request in b+1 (once; valid until granted):
 *   b+1 a = 0x7. GAC<->GAB (GAM-27): conflict, R enable [15] = 0 -> the fixed side [14] = 0: GAC (BCS0 leaves);
 *       GAC->GAM (GAM-28): r = 11, entry 0 priority 0 -> GAM: VCS0 leaves. v = 0x1: RCS0.
 *   b+2 a = 0x6: GAC again (fixed), r = 10 -> cascade: v = 0x4: VCS0 (the NP order alone would give BCS0).
 *   b+3 a = 0x2: GAB only: v = 0x2: BCS0.
 * The cascade's state stays at reset (gotos 0, counts cleared with the enable 0): casc 0. */
Test(gam_casc, reset_data_reads_rcs0_then_gac_then_gab)
{
    warm_all();
    base = cyc;
    unsigned b = cyc;
    req(RCS0, DR); req(BCS0, DR); req(VCS0, DR);
    run_to(b + 3);
    static const int gnt[] = { RCS0, VCS0, BCS0 };
    expect_seq(b, 3, gnt, (const uint32_t[]){ 0, 0, 0 }, "GAM-27 R fixed GAC (GAC_ARB_CTL_REG[14] = 0, L2673), "
               "GAM-28 reset: GAM first");
    expect_vec(b + 1, 0x7, 0x1, "GAM-26: BCS0 gated by GAC<->GAB, VCS0 by GAC->GAM");
    expect_vec(b + 2, 0x6, 0x4, "GAM-26: BCS0 gated by GAC<->GAB (fixed GAC)");
    expect_vec(b + 3, 0x2, 0x2, "GAM-26: GAB alone");
}

/* Instruction fetches (class RO): the RO fixed priority [22] resets to 1 (GAB, L2654-2664), so BCS0 before VCS0:
 *   b+1 a = 0x7: GAB wins GAC<->GAB (VCS0 leaves), GAM beats the cascade (BCS0 leaves): v = 0x1, RCS0.
 *   b+2 a = 0x6: GAB: v = 0x2, BCS0.   b+3 a = 0x4: v = 0x4, VCS0. */
Test(gam_casc, reset_instruction_fetches_rcs0_then_gab_then_gac)
{
    warm_all();
    base = cyc;
    unsigned b = cyc;
    req(RCS0, IF); req(BCS0, IF); req(VCS0, IF);
    run_to(b + 3);
    static const int gnt[] = { RCS0, BCS0, VCS0 };
    expect_seq(b, 3, gnt, (const uint32_t[]){ 0, 0, 0 }, "GAM-27 RO fixed GAB (GAC_ARB_CTL_REG[22] = 1, L2664), "
               "GAM-28 reset: GAM first");
    expect_vec(b + 1, 0x7, 0x1, "GAM-26: VCS0 gated by GAC<->GAB, BCS0 by GAC->GAM");
    expect_vec(b + 2, 0x6, 0x2, "GAM-26: VCS0 gated by GAC<->GAB (fixed GAB)");
    expect_vec(b + 3, 0x4, 0x4, "GAM-26: GAC alone");
}

/* Writes (class WR): no fixed-priority bit, GAC wins a write conflict with the limit disabled (G23):
 *   b+1 v = 0x1 RCS0;  b+2 a = 0x6, v = 0x4 VCS0;  b+3 v = 0x2 BCS0. */
Test(gam_casc, reset_writes_rcs0_then_gac_then_gab)
{
    warm_all();
    base = cyc;
    unsigned b = cyc;
    req(RCS0, WR); req(BCS0, WR); req(VCS0, WR);
    run_to(b + 3);
    static const int gnt[] = { RCS0, VCS0, BCS0 };
    expect_seq(b, 3, gnt, (const uint32_t[]){ 0, 0, 0 }, "G23: a write conflict with the limit disabled goes to GAC; "
               "GAM-28 reset: GAM first");
    expect_vec(b + 1, 0x7, 0x1, "GAM-26");
    expect_vec(b + 2, 0x6, 0x4, "GAM-26: BCS0 gated (WR: GAC, G23)");
    expect_vec(b + 3, 0x2, 0x2, "GAM-26");
}

/* VECS0 is GAC too (G21), and GAC's two engines are both in v, ordered by the NP machine (GAM-26). BCS0, VCS0 and
 * VECS0 read data (R: fixed GAC): b+1 a = 0xE, v = 0xC: VCS0 (NP: VCS0 > VECS0); b+2 a = 0xA, v = 0x8: VECS0;
 * b+3 BCS0. Then BCS0 and VECS0 fetch (RO: fixed GAB): BCS0 first, VECS0 gated out (v = 0x2); then BCS0 and
 * VECS0 write (WR: GAC): VECS0 first (v = 0x8). */
Test(gam_casc, reset_vecs0_is_gac)
{
    warm_all();
    base = cyc;
    unsigned b = cyc;
    req(BCS0, DR); req(VCS0, DR); req(VECS0, DR);
    run_to(b + 3);
    static const int gnt[] = { VCS0, VECS0, BCS0 };
    expect_seq(b, 3, gnt, (const uint32_t[]){ 0, 0, 0 }, "G21 VCS0/VECS0 = GAC, GAM-27 R fixed GAC, GAM-9 NP order");
    expect_vec(b + 1, 0xE, 0xC, "GAM-26: both GAC engines stay, BCS0 leaves");
    expect_vec(b + 2, 0xA, 0x8, "GAM-26: BCS0 leaves");
    settle();
    base = b = cyc;
    req(BCS0, IF); req(VECS0, IF);
    tick();
    expect_grant(b + 1, BCS0, "GAM-27 RO fixed GAB (L2664)");
    expect_vec(b + 1, 0xA, 0x2, "GAM-26: VECS0 gated by GAC<->GAB");
    settle();
    base = b = cyc;
    req(BCS0, WR); req(VECS0, WR);
    tick();
    expect_grant(b + 1, VECS0, "G23: WR conflict with the limit disabled -> GAC");
    expect_vec(b + 1, 0xA, 0x8, "GAM-26: BCS0 gated by GAC<->GAB");
}

/* Different classes do not gate each other (GAM-26: the gates of class c only remove class-c engines): RCS0 IF,
 * BCS0 DR, VCS0 WR, VECS0 WR. RO: r = 01 (GAM), R: GAB alone, r = 10 (cascade), WR: GAC alone (VCS0 and VECS0),
 * r = 10 (cascade): every engine stays, the NP order RCS0 > BCS0 > VCS0 > VECS0 (GAM-9):
 *   b+1 a = v = 0xF RCS0; b+2 0xE BCS0; b+3 0xC VCS0; b+4 0x8 VECS0. */
Test(gam_casc, reset_different_classes_follow_the_np_order)
{
    warm_all();
    base = cyc;
    unsigned b = cyc;
    req(RCS0, IF); req(BCS0, DR); req(VCS0, WR); req(VECS0, WR);
    run_to(b + 4);
    static const int gnt[] = { RCS0, BCS0, VCS0, VECS0 };
    expect_seq(b, 4, gnt, (const uint32_t[]){ 0, 0, 0, 0 }, "GAM-26 per class, GAM-9 NP order");
    expect_v(b + 1, 0xF, "GAM-26: no class has two sides");
    expect_v(b + 2, 0xE, "GAM-26");
    expect_v(b + 3, 0xC, "GAM-26");
    expect_v(b + 4, 0x8, "GAM-26");
}

/* casc_a is a, the admitted vector (GAM-26: after the limits of GAM-23, before the gates); arb_v is v. The
 * different-classes run above: a = v = 0xF, 0xE, 0xC, 0x8. Then MEDIA_MAX_REQ_COUNT = 0x01202020 (RCS0's GFX field
 * [31:24] = 1, BYT-REG L4516-4553, G19) and lat 3: RCS0 and VCS0 read from b+1:
 *   b+1 a = 0x5: R: GAC alone, r = 11, priority 0 -> GAM: v = 0x1, RCS0 (outstanding 1 until its response, b+6).
 *   b+2 RCS0 reads again: held by its limit (the count at the start of the cycle, 1): a = 0x4, v = 0x4: VCS0. */
Test(gam_casc, casc_a_is_the_admitted_vector)
{
    warm_all();
    base = cyc;
    unsigned b = cyc;
    req(RCS0, IF); req(BCS0, DR); req(VCS0, WR); req(VECS0, WR);
    run_to(b + 4);
    expect_vec(b + 1, 0xF, 0xF, "GAM-26");
    expect_vec(b + 2, 0xE, 0xE, "GAM-26");
    expect_vec(b + 3, 0xC, 0xC, "GAM-26");
    expect_vec(b + 4, 0x8, 0x8, "GAM-26");
    settle();
    program(GTREF_MEDIA_MAX_REQ_COUNT, 0x01202020u);
    base = b = cyc;
    lat = 3;
    req(RCS0, DR); req(VCS0, DR);
    tick();
    req(RCS0, DR);
    tick();
    expect_grant(b + 1, RCS0, "GAM-28 reset: GAM first");
    expect_vec(b + 1, 0x5, 0x1, "GAM-28: the cascade (VCS0) leaves");
    expect_grant(b + 2, VCS0, "GAM-23: RCS0 held by its limit");
    cr_expect_eq(E[b + 2].limited, 1u << RCS0, "cycle b+2: limited %#x, expected 0x1 (GAM-23)", E[b + 2].limited);
    expect_vec(b + 2, 0x4, 0x4, "GAM-26: a without the held RCS0");
}

/* ---- b. GAC<->GAB counters, RO and R (GAM-27) ---- */

/* R limit enabled, limit 2: GAC_ARB_CTL_REG = 0x00400002 | [15] | 2 << 8 = 0x00408202 (written in b; acts from
 * b+1, GAM-16). BCS0 and VCS0 keep requesting data reads from b+1: a conflict in every cycle. Owner GAC, count 0:
 *   b+1 owner GAC -> VCS0 served: count 1                         casc 0x00040000
 *   b+2 VCS0: count 2 = limit -> owner GAB, count 0               casc 0x00000400
 *   b+3 BCS0: count 1                                             casc 0x00040400
 *   b+4 BCS0: count 2 -> owner GAC, count 0                       casc 0
 *   b+5..b+8 the same again. arb_v: 0x4 while GAC owns, 0x2 while GAB owns; casc_a 0x6. */
Test(gam_casc, r_limit_two_alternates_two_and_two)
{
    warm_all();
    program(GTREF_GAC_ARB_CTL_REG, 0x00408202u);
    base = cyc;
    unsigned b = cyc;
    keep_requesting(1u << BCS0 | 1u << VCS0, DR, 8);
    static const int gnt[] = { VCS0, VCS0, BCS0, BCS0, VCS0, VCS0, BCS0, BCS0 };
    static const uint32_t casc[] = { 0x00040000u, 0x00000400u, 0x00040400u, 0, 0x00040000u, 0x00000400u,
                                     0x00040400u, 0 };
    expect_seq(b, 8, gnt, casc, "GAM-27 R limit 2 (L2670-2680): count on the owner's grant, switch at the limit");
    for (unsigned i = 0; i < 8; i++)
        expect_vec(b + 1 + i, 0x6, (i & 2) ? 0x2 : 0x4, "GAM-26: the owner's side stays (GAM-27 decision)");
}

/* A limit of 0 counts as 1 (G23): R enabled, limit 0: GAC_ARB_CTL_REG = 0x00408002. BCS0 and VCS0 keep reading:
 * each grant reaches the limit and switches: VCS0 (-> GAB, casc 0x400), BCS0 (-> GAC, 0), VCS0, BCS0. */
Test(gam_casc, r_limit_zero_acts_as_one)
{
    warm_all();
    program(GTREF_GAC_ARB_CTL_REG, 0x00408002u);
    base = cyc;
    unsigned b = cyc;
    keep_requesting(1u << BCS0 | 1u << VCS0, DR, 4);
    static const int gnt[] = { VCS0, BCS0, VCS0, BCS0 };
    static const uint32_t casc[] = { 0x400u, 0, 0x400u, 0 };
    expect_seq(b, 4, gnt, casc, "G23: a limit of 0 counts as 1");
}

/* RO enabled, limit 1: GAC_ARB_CTL_REG = 0x00400002 | [23] | 1 << 16 = 0x00C10002. The owner resets to GAC (G23),
 * so with the limit enabled the first RO conflict goes to GAC although the fixed bit [22] says GAB (the fixed side
 * decides only with the enable 0, L2661). BCS0 and VCS0 keep fetching: VCS0 (-> GAB, casc 0x200), BCS0 (-> GAC,
 * 0), VCS0, BCS0. */
Test(gam_casc, ro_limit_one_starts_with_the_owner_gac)
{
    warm_all();
    program(GTREF_GAC_ARB_CTL_REG, 0x00C10002u);
    base = cyc;
    unsigned b = cyc;
    keep_requesting(1u << BCS0 | 1u << VCS0, IF, 4);
    static const int gnt[] = { VCS0, BCS0, VCS0, BCS0 };
    static const uint32_t casc[] = { 0x200u, 0, 0x200u, 0 };
    expect_seq(b, 4, gnt, casc, "GAM-27 RO limit 1 (L2651, L2667-2669), owner reset GAC (G23)");
    expect_vec(b + 1, 0x6, 0x4, "GAM-26: the owner GAC stays");
    expect_vec(b + 2, 0x6, 0x2, "GAM-26: the owner GAB stays");
}

/* GAM-16: a host write acts from the next cycle. BCS0 and VCS0 read in b+1 while the host sets the R fixed side
 * to GAB (GAC_ARB_CTL_REG = 0x00404002, [14] = 1) in b+1: b+1 still uses [14] = 0: VCS0. VCS0 requests again in
 * b+2: [14] = 1 now: BCS0, then VCS0 in b+3. casc 0 throughout (enable 0: counts cleared). */
Test(gam_casc, fixed_side_written_acts_from_the_next_cycle)
{
    warm_all();
    base = cyc;
    unsigned b = cyc;
    req(BCS0, DR); req(VCS0, DR);
    host(GTREF_GAC_ARB_CTL_REG, 0x00404002u);
    tick();
    req(VCS0, DR);
    run_to(b + 3);
    static const int gnt[] = { VCS0, BCS0, VCS0 };
    expect_seq(b, 3, gnt, (const uint32_t[]){ 0, 0, 0 }, "GAM-16 (the write's cycle uses the old value), GAM-27 "
               "fixed side [14] (L2673)");
}

/* ---- c. WR: GAC gets `limit` writes, then GAB exactly one (GAM-27, G23, L2642-2644) ---- */

/* WR enabled, limit 3: GAC_ARB_CTL_REG = 0x00400002 | [31] | 3 << 24 = 0x83400002. BCS0 and VCS0 keep writing:
 *   b+1 VCS0 count 1 (0x01000000); b+2 VCS0 count 2 (0x02000000); b+3 VCS0 count 3 = limit -> owner GAB, count 0
 *   (0x800); b+4 BCS0: owner GAB -> owner GAC, count 0 (0: "Allow only One GAB request and reset the counter");
 *   b+5..b+8 the same again. */
static unsigned drive_wr_limit_three(void)
{
    warm_all();
    program(GTREF_GAC_ARB_CTL_REG, 0x83400002u);
    base = cyc;
    unsigned b = cyc;
    keep_requesting(1u << BCS0 | 1u << VCS0, WR, 8);
    return b;
}

Test(gam_casc, wr_limit_three_then_one_gab_write)
{
    unsigned b = drive_wr_limit_three();
    static const int gnt[] = { VCS0, VCS0, VCS0, BCS0, VCS0, VCS0, VCS0, BCS0 };
    static const uint32_t casc[] = { 0x01000000u, 0x02000000u, 0x00000800u, 0, 0x01000000u, 0x02000000u,
                                     0x00000800u, 0 };
    expect_seq(b, 8, gnt, casc, "GAM-27 WR limit 3 (L2642-2650): 3 GAC writes, then exactly one GAB write (G23)");
    for (unsigned i = 0; i < 8; i++)
        expect_vec(b + 1 + i, 0x6, (i % 4 == 3) ? 0x2 : 0x4, "GAM-26: the WR owner's side stays");
}

/* ---- d. the count cleared when the conflict ends, held when the conflict is not served (GAM-27, G23) ---- */

/* R limit 3 (GAC_ARB_CTL_REG = 0x00408302). BCS0 and VCS0 read from b+1; VCS0 does not request in b+3:
 *   b+1 conflict: VCS0, count 1 (0x00040000);   b+2 VCS0, count 2 (0x00080000)
 *   b+3 BCS0 alone: no conflict -> count 0, owner stays GAC (0) ("Counter only counts while we service a particular
 *       client and another client is present, else counter will reset", L2644)
 *   b+4 VCS0 requests again: conflict, owner GAC: VCS0, count 1 (0x00040000) (not 3: had the count been kept it
 *       would reach the limit here and switch)
 *   b+5 VCS0 count 2 (0x00080000); b+6 VCS0 count 3 -> GAB (0x400); b+7 BCS0 count 1 (0x00040400). */
Test(gam_casc, r_count_cleared_when_the_conflict_ends)
{
    warm_all();
    program(GTREF_GAC_ARB_CTL_REG, 0x00408302u);
    base = cyc;
    unsigned b = cyc;
    keep_requesting(1u << BCS0 | 1u << VCS0, DR, 2);
    tick();                                                   /* b+3: BCS0 pending, VCS0 silent */
    keep_requesting(1u << BCS0 | 1u << VCS0, DR, 4);          /* b+4..b+7 */
    static const int gnt[] = { VCS0, VCS0, BCS0, VCS0, VCS0, VCS0, BCS0 };
    static const uint32_t casc[] = { 0x00040000u, 0x00080000u, 0, 0x00040000u, 0x00080000u, 0x00000400u,
                                     0x00040400u };
    expect_seq(b, 7, gnt, casc, "GAM-27: no conflict clears the count (L2644, G23)");
    expect_vec(b + 3, 0x2, 0x2, "GAM-26: GAB alone");
}

/* R limit 3 (0x00408302). The count holds through conflicts that are not served (GAM-27: the grant went to RCS0):
 *   b+1 BCS0 and VCS0: VCS0, count 1 (0x00040000)
 *   b+2 RCS0 reads too (a = 0x7): GAC<->GAB -> GAC, GAC->GAM r = 11, priority 0 -> GAM: v = 0x1, RCS0 granted: a
 *       conflict with the enable 1 not served -> owner and count hold (0x00040000)
 *   b+3 RCS0 writes (class WR, a = 0x7): R: GAC, r = 10 -> VCS0 stays; WR: r = 01 -> RCS0 stays: v = 0x5, NP: RCS0
 *       (another class): hold (0x00040000)
 *   b+4 VCS0 count 2 (0x00080000); b+5 VCS0 count 3 -> GAB (0x400); b+6 BCS0 count 1 (0x00040400). */
Test(gam_casc, r_count_held_when_the_conflict_is_not_served)
{
    warm_all();
    program(GTREF_GAC_ARB_CTL_REG, 0x00408302u);
    base = cyc;
    unsigned b = cyc;
    keep_requesting(1u << BCS0 | 1u << VCS0, DR, 1);          /* b+1 */
    req(RCS0, DR);
    keep_requesting(1u << BCS0 | 1u << VCS0, DR, 1);          /* b+2 */
    req(RCS0, WR);
    keep_requesting(1u << BCS0 | 1u << VCS0, DR, 4);          /* b+3..b+6 */
    static const int gnt[] = { VCS0, RCS0, RCS0, VCS0, VCS0, BCS0 };
    static const uint32_t casc[] = { 0x00040000u, 0x00040000u, 0x00040000u, 0x00080000u, 0x00000400u,
                                     0x00040400u };
    expect_seq(b, 6, gnt, casc, "GAM-27: a conflict not served holds owner and count (G23)");
    expect_vec(b + 2, 0x7, 0x1, "GAM-28: r_R = 11, entry 0 priority 0: the GAM side wins, the cascade leaves");
    expect_vec(b + 3, 0x7, 0x5, "GAM-26: RCS0's WR and the R cascade do not gate each other");
}

/* ---- e. a programmed GAC->GAM machine (GAM-28, G22, BYT-REG L2734-2830) ---- */

/* ARB_R_GAC_GAM0..3, entries (priority, goto for r = 11, 10, 01, 00); the fields a scenario uses are marked *,
 * the others differ so that a wrong entry or vector index shows:
 *   e0 (0,  1*, 6,  5,  0*)   e1 (1*, 3*, 2,  4,  0*)   e2 (0,  7,  1,  4*, 3)   e3 (1*, 6*, 0, 2, 5)
 *   e4 (0,  3,  5*, 1,  2)    e5 (1,  4,  7,  6,  1*)   e6 (0*, 7*, 3,  2,  4)   e7 (1*, 2*, 5, 3, 6)
 * ARB_R_GAC_GAM0 = e0 | e1 << 15 = 0x03a8 | 0x16a0 << 15 = 0x0b5003a8
 * ARB_R_GAC_GAM1 = e2 | e3 << 15 = 0x0e63 | 0x1c15 << 15 = 0x0e0a8e63
 * ARB_R_GAC_GAM2 = e4 | e5 << 15 = 0x074a | 0x19f1 << 15 = 0x0cf8874a
 * ARB_R_GAC_GAM3 = e6 | e7 << 15 = 0x0ed4 | 0x155e << 15 = 0x0aaf0ed4
 * Written GAM1, GAM2, GAM3, then GAM0 (the last in b): until b's edge entry 0 is the reset's, whose goto for
 * r = 00 is 0, so the machine stays in 0 through the setup (GAM-28: it moves in every arbitration, also r = 00).
 * RCS0 is the GAM side (bit 0 of r), VCS0 the cascade (bit 1; GAC alone, GAM-27). From b+1:
 *   b+1..b+5 RCS0 and VCS0 keep reading (r = 11; the priority bit decides):
 *     b+1 s 0, prio 0 -> GAM: RCS0, s -> 1      b+2 s 1 (odd entry, bits 27:15), prio 1 -> cascade: VCS0, s -> 3
 *     b+3 s 3, prio 1: VCS0, s -> 6             b+4 s 6, prio 0: RCS0, s -> 7
 *     b+5 s 7, prio 1: VCS0, s -> 2
 *   b+6 RCS0 only (its request of b+5 still pending; r = 01): RCS0, s 2 -> 4
 *   b+7 VCS0 only (r = 10): VCS0, s 4 -> 5
 *   b+8, b+9, b+10 no request, an arbitration each (r = 00): s 5 -> 1, 1 -> 0, 0 -> 0.
 * casc = s_R << 3 (RO and WR stay in 0 with their reset registers, no conflict: owners GAC, counts 0). */
static unsigned drive_r_machine(void)
{
    warm_all();
    program(GTREF_ARB_R_GAC_GAM0 + 4, 0x0e0a8e63u);
    program(GTREF_ARB_R_GAC_GAM0 + 8, 0x0cf8874au);
    program(GTREF_ARB_R_GAC_GAM0 + 12, 0x0aaf0ed4u);
    program(GTREF_ARB_R_GAC_GAM0, 0x0b5003a8u);
    base = cyc;
    unsigned b = cyc;
    keep_requesting(1u << RCS0 | 1u << VCS0, DR, 5);          /* b+1..b+5 */
    tick();                                                   /* b+6: RCS0's pending request */
    req(VCS0, DR);
    tick();                                                   /* b+7 */
    run_to(b + 10);
    return b;
}

Test(gam_casc, r_machine_programmed_states_and_priorities)
{
    /* the hand encodings above, checked against the field layout (L2745-2755) */
    cr_assert_eq(PAIR(ENT(0, 1, 6, 5, 0), ENT(1, 3, 2, 4, 0)), 0x0b5003a8u);
    cr_assert_eq(PAIR(ENT(0, 7, 1, 4, 3), ENT(1, 6, 0, 2, 5)), 0x0e0a8e63u);
    cr_assert_eq(PAIR(ENT(0, 3, 5, 1, 2), ENT(1, 4, 7, 6, 1)), 0x0cf8874au);
    cr_assert_eq(PAIR(ENT(0, 7, 3, 2, 4), ENT(1, 2, 5, 3, 6)), 0x0aaf0ed4u);
    unsigned b = drive_r_machine();
    for (unsigned c = b - 3; c <= b; c++) expect_casc(c, 0, "GAM-28: setup cycles, r = 00 with entry 0's reset goto");
    static const int gnt[] = { RCS0, VCS0, VCS0, RCS0, VCS0, RCS0, VCS0, -1, -1, -1 };
    static const uint32_t casc[] = { 1u << 3, 3u << 3, 6u << 3, 7u << 3, 2u << 3, 4u << 3, 5u << 3, 1u << 3, 0, 0 };
    expect_seq(b, 10, gnt, casc, "GAM-28 (L2734-2830, G22): priority bit for r = 11, goto of entry s_R for r_R");
    static const uint8_t v[] = { 0x1, 0x4, 0x4, 0x1, 0x4, 0x1, 0x4, 0, 0, 0 };
    static const uint8_t a[] = { 0x5, 0x5, 0x5, 0x5, 0x5, 0x1, 0x4, 0, 0, 0 };
    for (unsigned i = 0; i < 10; i++)
        expect_vec(b + 1 + i, a[i], v[i], "GAM-28: the class machine's loser leaves v");
}

/* The three classes have their own machines (GAM-28): ARB_WR_GAC_GAM0 = 0x1000 (entry 0 priority 1, gotos 0), the
 * R and RO machines at reset. RCS0 and VCS0 write: the cascade first (b+1 VCS0, v = 0x4), then RCS0; RCS0 and VCS0
 * read: RCS0 first (R entry 0 priority 0); RCS0 and BCS0 fetch: RCS0 first. Every state stays 0: casc 0. */
Test(gam_casc, priority_bit_per_class)
{
    warm_all();
    program(GTREF_ARB_WR_GAC_GAM0, 0x00001000u);
    base = cyc;
    unsigned b = cyc;
    req(RCS0, WR); req(VCS0, WR);
    run_to(b + 2);
    static const int gnt[] = { VCS0, RCS0 };
    expect_seq(b, 2, gnt, (const uint32_t[]){ 0, 0 }, "GAM-28: WR entry 0 priority 1 -> the cascade (G22)");
    expect_vec(b + 1, 0x5, 0x4, "GAM-28: the GAM side leaves for class WR");
    settle();
    base = b = cyc;
    req(RCS0, DR); req(VCS0, DR);
    tick();
    expect_grant(b + 1, RCS0, "GAM-28: R entry 0 at reset, priority 0 -> GAM");
    expect_vec(b + 1, 0x5, 0x1, "GAM-28");
    settle();
    base = b = cyc;
    req(RCS0, IF); req(BCS0, IF);
    tick();
    expect_grant(b + 1, RCS0, "GAM-28: RO entry 0 at reset, priority 0 -> GAM");
    expect_vec(b + 1, 0x3, 0x1, "GAM-28");
}

/* ---- f. nothing moves in a cycle without an arbitration (GAM-27 update, GAM-28 move, GAM-10 step 3) ---- */

/* GAC_ARB_CTL_REG = 0x00408302 (R limit 3). ARB_R_GAC_GAM0 = e0 (0, 0, 1, 0, 0) | e1 (0, 1, 2, 1, 1) << 15
 * = 0x40 | 0x289 << 15 = 0x01448040; ARB_R_GAC_GAM1 = e2 (0, 2, 3, 2, 2) | e3 (0, 3, 3, 3, 3) << 15
 * = 0x04d2 | 0x06db << 15 = 0x036d84d2; ARB_RO_GAC_GAM0 = e0 (0, 0, 0, 1, 0) | e1 (0, 1, 1, 1, 2) << 15
 * = 0x8 | 0x24a << 15 = 0x01250008. Every entry 0 goes to 0 for r = 00: the setup leaves all states 0.
 * RCS0 holds page 5 only; its fetch of va 0x1000 (GGTT -> 0x7700_0000) misses (GAM-10 GGTT miss timeline).
 *   b+1 BCS0 and VCS0 read: R conflict, owner GAC: VCS0, count 1; r_R = 10: s_R 0 -> 1    casc 0x00040008
 *   b+2 RCS0 fetches (a = 0x7): RO r = 01 -> s_RO 0 -> 1; R: GAC, r_R = 10 -> s_R 1 -> 2; v = 0x5, NP: RCS0
 *       (not the R owner's: count holds 1)                                                casc 0x00040011
 *   b+3 RCS0's LOOKUP misses; b+4 P <- the walk read; b+5 it transfers; b+6 response, fill, READY: T cannot
 *       accept in b+3..b+6: no arbitration, no grant (BCS0 and VCS0 still requesting), nothing moves: 0x00040011
 *   b+7 READY loads P, T accepts: BCS0 and VCS0: VCS0, count 2; r_R = 10: s_R 2 -> 3; r_RO = 00: s_RO 1 -> 2
 *                                                                                          casc 0x0008001a */
static unsigned drive_no_move(void)
{
    warm_all();
    ggtt_map(0x1000, 0x77000000);
    program(GTREF_GAC_ARB_CTL_REG, 0x00408302u);
    program(GTREF_ARB_R_GAC_GAM0 + 4, 0x036d84d2u);
    program(GTREF_ARB_R_GAC_GAM0, 0x01448040u);
    program(GTREF_ARB_RO_GAC_GAM0, 0x01250008u);
    base = cyc;
    unsigned b = cyc;
    req(BCS0, DR); req(VCS0, DR);
    tick();                                                   /* b+1 */
    req(VCS0, DR);
    read_req(RCS0, IF, 0x1000);
    run_to(b + 7);
    return b;
}

Test(gam_casc, no_move_while_t_cannot_accept)
{
    cr_assert_eq(PAIR(ENT(0, 0, 1, 0, 0), ENT(0, 1, 2, 1, 1)), 0x01448040u);
    cr_assert_eq(PAIR(ENT(0, 2, 3, 2, 2), ENT(0, 3, 3, 3, 3)), 0x036d84d2u);
    cr_assert_eq(PAIR(ENT(0, 0, 0, 1, 0), ENT(0, 1, 1, 1, 2)), 0x01250008u);
    unsigned b = drive_no_move();
    expect_grant(b + 1, VCS0, "GAM-27 owner GAC");
    expect_casc(b + 1, 0x00040008u, "GAM-27 count 1, GAM-28 R e0 r = 10 -> 1");
    expect_grant(b + 2, RCS0, "GAM-26 (different classes), GAM-9 NP order");
    expect_vec(b + 2, 0x7, 0x5, "GAM-26: BCS0 gated by GAC<->GAB");
    expect_casc(b + 2, 0x00040011u, "GAM-27 hold (not served), GAM-28 RO e0 r = 01 -> 1, R e1 r = 10 -> 2");
    cr_expect(E[b + 3].lookup_valid && !E[b + 3].lookup_hit, "b+3: RCS0's LOOKUP must miss (test setup)");
    cr_expect(E[b + 6].fill_valid, "b+6: the walk's fill (test setup, GAM-10 GGTT miss timeline)");
    for (unsigned c = b + 3; c <= b + 6; c++) {
        cr_expect_not(E[c].arb_valid, "cycle %u (b+%u): an arbitration, expected none (T busy, GAM-10)", c, c - b);
        expect_grant(c, -1, "GAM-9: T cannot accept");
        expect_casc(c, 0x00040011u, "GAM-27/GAM-28: no arbitration, nothing moves");
    }
    expect_grant(b + 7, VCS0, "GAM-27 owner GAC");
    expect_vec(b + 7, 0x6, 0x4, "GAM-26");
    expect_casc(b + 7, 0x0008001au, "GAM-27 count 2, GAM-28 R e2 r = 10 -> 3, RO e1 r = 00 -> 2");
}

/* ---- g. coverage (docs/gam.md §4), by hand, as differences over a scenario ---- */

static gam_coverage cv0, cv1;

/* wr_limit_three over b+1..b+8 (8 arbitrations): every class machine in state 0 in each (casc_state[c][0] + 8,
 * casc_transition[c][0][0] + 8, nothing else); WR owner switches to GAB at b+3 and b+7, to GAC at b+4 and b+8
 * (casc_switch[WR] = {2, 2}); no conflict decided by a fixed side (WR limit enabled; RO, R: no conflict). */
Test(gam_casc, coverage_wr_switches)
{
    warm_all();
    program(GTREF_GAC_ARB_CTL_REG, 0x83400002u);
    gam_get_coverage(g, &cv0);
    base = cyc;
    keep_requesting(1u << BCS0 | 1u << VCS0, WR, 8);
    gam_get_coverage(g, &cv1);
    for (int c = 0; c < 3; c++) {
        for (int s = 0; s < 8; s++) {
            cr_expect_eq(cv1.casc_state[c][s] - cv0.casc_state[c][s], s == 0 ? 8u : 0u,
                         "casc_state[%d][%d] + %llu, expected + %u", c, s,
                         (unsigned long long)(cv1.casc_state[c][s] - cv0.casc_state[c][s]), s == 0 ? 8u : 0u);
            for (int t = 0; t < 8; t++)
                cr_expect_eq(cv1.casc_transition[c][s][t] - cv0.casc_transition[c][s][t], s == 0 && t == 0 ? 8u : 0u,
                             "casc_transition[%d][%d][%d]", c, s, t);
        }
        for (int k = 0; k < 2; k++) {
            cr_expect_eq(cv1.casc_fixed[c][k] - cv0.casc_fixed[c][k], 0u, "casc_fixed[%d][%d]: no fixed decision", c,
                         k);
            cr_expect_eq(cv1.casc_switch[c][k] - cv0.casc_switch[c][k], c == WR_C ? 2u : 0u,
                         "casc_switch[%d][%d] + %llu, expected + %u (GAM-27: WR switches at b+3, b+7 to GAB, b+4, b+8 "
                         "to GAC)", c, k, (unsigned long long)(cv1.casc_switch[c][k] - cv0.casc_switch[c][k]),
                         c == WR_C ? 2u : 0u);
        }
    }
}

/* r_machine over b+1..b+10 (10 arbitrations): R states 0 1 3 6 7 2 4 5 1 0 (casc_state[R]: 0 and 1 twice, 2 3 4 5
 * 6 7 once), moves 0->1 1->3 3->6 6->7 7->2 2->4 4->5 5->1 1->0 0->0 once each; RO and WR: state 0 and 0->0 ten
 * times. No conflict: no fixed decision, no switch. */
Test(gam_casc, coverage_class_machine_states_and_moves)
{
    warm_all();
    program(GTREF_ARB_R_GAC_GAM0 + 4, 0x0e0a8e63u);
    program(GTREF_ARB_R_GAC_GAM0 + 8, 0x0cf8874au);
    program(GTREF_ARB_R_GAC_GAM0 + 12, 0x0aaf0ed4u);
    program(GTREF_ARB_R_GAC_GAM0, 0x0b5003a8u);
    gam_get_coverage(g, &cv0);
    base = cyc;
    unsigned b = cyc;
    keep_requesting(1u << RCS0 | 1u << VCS0, DR, 5);
    tick();
    req(VCS0, DR);
    tick();
    run_to(b + 10);
    gam_get_coverage(g, &cv1);
    static const unsigned st[8] = { 2, 2, 1, 1, 1, 1, 1, 1 };
    static const int moves[10][2] = { { 0, 1 }, { 1, 3 }, { 3, 6 }, { 6, 7 }, { 7, 2 }, { 2, 4 }, { 4, 5 }, { 5, 1 },
                                      { 1, 0 }, { 0, 0 } };
    unsigned tr[8][8] = { { 0 } };
    for (int i = 0; i < 10; i++) tr[moves[i][0]][moves[i][1]]++;
    for (int s = 0; s < 8; s++) {
        cr_expect_eq(cv1.casc_state[R_C][s] - cv0.casc_state[R_C][s], st[s], "casc_state[R][%d] + %llu, expected + %u",
                     s, (unsigned long long)(cv1.casc_state[R_C][s] - cv0.casc_state[R_C][s]), st[s]);
        for (int t = 0; t < 8; t++)
            cr_expect_eq(cv1.casc_transition[R_C][s][t] - cv0.casc_transition[R_C][s][t], tr[s][t],
                         "casc_transition[R][%d][%d] + %llu, expected + %u", s, t,
                         (unsigned long long)(cv1.casc_transition[R_C][s][t] - cv0.casc_transition[R_C][s][t]),
                         tr[s][t]);
    }
    cr_expect_eq(cv1.casc_state[RO_C][0] - cv0.casc_state[RO_C][0], 10u);
    cr_expect_eq(cv1.casc_state[WR_C][0] - cv0.casc_state[WR_C][0], 10u);
    cr_expect_eq(cv1.casc_transition[RO_C][0][0] - cv0.casc_transition[RO_C][0][0], 10u);
    cr_expect_eq(cv1.casc_transition[WR_C][0][0] - cv0.casc_transition[WR_C][0][0], 10u);
    for (int c = 0; c < 3; c++)
        for (int k = 0; k < 2; k++) {
            cr_expect_eq(cv1.casc_fixed[c][k] - cv0.casc_fixed[c][k], 0u, "casc_fixed[%d][%d]", c, k);
            cr_expect_eq(cv1.casc_switch[c][k] - cv0.casc_switch[c][k], 0u, "casc_switch[%d][%d]", c, k);
        }
}

/* Conflicts decided by the fixed side (limits disabled, §4): BCS0 and VCS0 fetch (RO fixed GAB: casc_fixed[RO][1]),
 * read (R fixed GAC: casc_fixed[R][0]) and write (WR: GAC, casc_fixed[WR][0]), one conflict each (the second cycle
 * of each pair has one side only); then GAC_ARB_CTL_REG = 0x00404002 (R fixed GAB, [14]) and a read conflict:
 * casc_fixed[R][1]. casc_fixed[RO][0] and [WR][1] stay (WR never has a GAB entry, gam_model.h). No switch. */
Test(gam_casc, coverage_fixed_decisions)
{
    warm_all();
    gam_get_coverage(g, &cv0);
    base = cyc;
    static const uint8_t cls[3] = { IF, DR, WR };
    for (int i = 0; i < 3; i++) {
        req(BCS0, cls[i]); req(VCS0, cls[i]);
        settle();
    }
    program(GTREF_GAC_ARB_CTL_REG, 0x00404002u);
    req(BCS0, DR); req(VCS0, DR);
    settle();
    gam_get_coverage(g, &cv1);
    static const unsigned want[3][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 } };
    for (int c = 0; c < 3; c++)
        for (int k = 0; k < 2; k++) {
            cr_expect_eq(cv1.casc_fixed[c][k] - cv0.casc_fixed[c][k], want[c][k],
                         "casc_fixed[%d][%d] + %llu, expected + %u (GAM-27 decision with the enable 0, §4)", c, k,
                         (unsigned long long)(cv1.casc_fixed[c][k] - cv0.casc_fixed[c][k]), want[c][k]);
            cr_expect_eq(cv1.casc_switch[c][k] - cv0.casc_switch[c][k], 0u, "casc_switch[%d][%d]", c, k);
        }
}
