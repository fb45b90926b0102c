/* The model's execlists (docs/execlists.md), driven alone through its API: vectors V1, V2, V3, V4, V6, V7, V9a, V9b
 * and V11 of docs/execlists-vectors.md. Every expected value is the vector's (or the rule's it cites), written here as
 * a literal; the layouts (S.3's image, Save's addresses, the 69 restore commits) are typed from the vectors' text.
 * The test stands in for the DUT and the scoreboard (docs/execlists.md §7): it applies each decision at the model's
 * own retire (gtm_el_retire, gtm_el_arb_point), ends each switch at once (gtm_el_switch_end), stores the CSB
 * registers at their commits (EL-31, gtm_reg_poke) and applies each event (gtm_irq_event), one cycle per step. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "gtref/cmds.h"
#include "gtref/gam.h"
#include "gtref/model.h"
#include "gtref/regs.h"

#include "test_support.h"

#define RCS 0x2000u
#define HWSP 0x10000u
#define A_LRCA 0x100000u
#define B_LRCA 0x110000u
#define P_LRCA 0x120000u
#define E_LRCA 0x130000u
#define A_ID 0x20u
#define B_ID 0x40u
#define P_ID 0x60u
#define E_ID 0x80u
#define RS(lrca) ((lrca) + 0x1000u)   /* the register state page R (S.3) */
#define FLAG 0x300000u
#define SPIN 0x400000u

enum { K_W, K_C, K_E, K_R };   /* write, commit, event, retire */
typedef struct rec { int kind; uint64_t a, d; uint8_t be; } rec;
#define MAXREC 4096

static gtm *m;
static rec recs[MAXREC];
static int nrec;

static void push(int kind, uint64_t a, uint64_t d, uint8_t be)
{
    cr_assert_lt(nrec, MAXREC);
    recs[nrec++] = (rec){ kind, a, d, be };
}
static void on_w(void *u, int e, bool ggtt, uint64_t a, uint64_t pa, uint64_t d, uint8_t be)
{
    (void)u, (void)e, (void)ggtt, (void)pa;
    push(K_W, a, d, be);
}
/* Engine commits only (the host's own are not the vectors'); the CSB registers are stored at their commits, as the
 * scoreboard does at the DUT's (EL-31): CONTEXT_STATUS_PTR in bits 3:0 only. */
static void on_c(void *u, int src, uint32_t off, uint32_t v)
{
    (void)u;
    if (src < 0) return;
    push(K_C, off, v, 0);
    uint32_t rel = off - RCS;
    if (rel == 0x3A0u) gtm_reg_poke(m, off, (gtm_reg_peek(m, off) & ~0xFu) | (v & 0xFu));
    else if ((rel >= 0x370u && rel < 0x3A0u) || (rel >= 0x3C0u && rel < 0x3F0u)) gtm_reg_poke(m, off, v);
}
static void on_i(void *u, int e, uint16_t b) { (void)u, (void)e; push(K_E, 0, b, 0); }

static void setup(void)
{
    m = gtm_create(1);
    cr_assert_not_null(m);
    test_identity_ggtt(gtm_mem(m), 0, TEST_IDENTITY_PAGES);
    nrec = 0;
    gtm_sink s = { NULL, on_w, on_c, on_i };
    gtm_set_sink(m, &s);
}
static void teardown(void) { gtm_destroy(m); }
TestSuite(execlists, .init = setup, .fini = teardown);

static void w32(uint64_t a, uint32_t v) { gtref_mem_write32(gtm_mem(m), a, v); }
static uint32_t r32(uint64_t a) { return gtref_mem_read32(gtm_mem(m), a); }

static unsigned put(uint64_t a, const char *text)
{
    uint32_t dw[16];
    char err[128];
    int n = gtref_cmd_parse(text, 1, dw, 16, err, sizeof err);
    cr_assert(n > 0, "cannot assemble \"%s\": %s", text, err);
    for (int i = 0; i < n; i++) w32(a + 4u * (unsigned)i, dw[i]);
    return 4u * (unsigned)n;
}

/* S.2: engine initialisation (DRV-1), host writes in the vector's order. */
static void init_rcs(bool unmask_rcs_field)
{
    gtm_mmio_write(m, 0x2080, HWSP);
    gtm_mmio_write(m, 0x23A0, 0xFFFF0B0Bu);
    gtm_mmio_write(m, 0x20A8, 0xFFFFFEFFu);
    gtm_mmio_write(m, 0x190030, 0x01000000u);
    if (unmask_rcs_field) gtm_mmio_write(m, 0x190090, 0xFEFFFFFFu);
    gtm_mmio_write(m, 0x190010, 0x80000000u);
    gtm_mmio_write(m, 0x229C, 0x00080008u);
}

/* S.3: the kit image of an RCS0 context at lrca. */
static void image_at(uint32_t base, bool render, uint32_t lrca, uint32_t ctx_ctl, uint32_t head, uint32_t tail,
                     uint32_t ring, uint32_t gpr0);
static void image(uint32_t lrca, uint32_t ctx_ctl, uint32_t head, uint32_t tail, uint32_t ring, uint32_t gpr0)
{
    image_at(RCS, true, lrca, ctx_ctl, head, tail, ring, gpr0);
}

/* S.3 for an engine at base: the render layout, or (BCS0) the non-render one: LRI 14 pairs without CCID, DW 0x41 the
 * BCS tile register, DW 0xB0 MI_BATCH_BUFFER_END. */
static void image_at(uint32_t base, bool render, uint32_t lrca, uint32_t ctx_ctl, uint32_t head, uint32_t tail,
                     uint32_t ring, uint32_t gpr0)
{
    uint64_t r = RS(lrca);
    const uint32_t b = base - RCS;   /* the offsets below are RCS0's, as S.3 writes them */
    for (unsigned k = 0; k < 0x400; k++) w32(r + 4u * k, 0);
    unsigned k = 1;
    w32(r + 4u * k++, render ? 0x1108101Du : 0x1108101Bu);
    const uint32_t ring_ctx[15][2] = { {0x2244, ctx_ctl}, {0x2034, head}, {0x2030, tail}, {0x2038, ring}, {0x203C, 1},
        {0x2168, 0}, {0x2140, 0}, {0x2110, 0}, {0x211C, 0}, {0x2114, 0}, {0x2118, 0}, {0x21C0, 0}, {0x21C4, 0},
        {0x21C8, 0}, {0x2180, 0} };
    for (int i = 0; i < (render ? 15 : 14); i++) { w32(r + 4u * k++, b + ring_ctx[i][0]); w32(r + 4u * k++, ring_ctx[i][1]); }
    k = 0x21;
    w32(r + 4u * k++, 0x11081011u);
    const uint32_t pdp[9] = { 0x23A8, 0x228C, 0x2288, 0x2284, 0x2280, 0x227C, 0x2278, 0x2274, 0x2270 };
    for (int i = 0; i < 9; i++) { w32(r + 4u * k++, b + pdp[i]); w32(r + 4u * k++, 0); }
    if (render) { w32(r + 4u * 0x34, 0x11081001u); w32(r + 4u * 0x35, 0x21B0); w32(r + 4u * 0x36, 0); }
    w32(r + 4u * 0x41, 0x11080001u); w32(r + 4u * 0x42, render ? 0x20C8 : b + 0x2200); w32(r + 4u * 0x43, 0);
    k = 0x51;
    w32(r + 4u * k++, 0x11081057u);
    const uint32_t eng[11][2] = { {0x2028, 0}, {0x209C, 0}, {0x20C0, 0xFFFF0000u}, {0x2178, 1}, {0x217C, 0x00150000u},
        {0x2358, 0}, {0x2170, 0}, {0x2150, 0}, {0x2154, 0}, {0x2158, 0}, {0x241C, 0} };
    for (int i = 0; i < 11; i++) { w32(r + 4u * k++, b + eng[i][0]); w32(r + 4u * k++, eng[i][1]); }
    for (unsigned n = 0; n < 32; n++) { w32(r + 4u * k++, b + 0x2600 + 4u * n); w32(r + 4u * k++, n ? 0 : gpr0); }
    w32(r + 4u * k++, b + 0x2068); w32(r + 4u * k++, 0);
    cr_assert_eq(k, 0xAA);
    if (!render) {
        w32(r + 4u * 0xB0, 0x05000001u);
        return;
    }
    w32(r + 4u * 0xB1, 0x1108100Du);
    for (unsigned n = 0; n < 7; n++) { w32(r + 4u * (0xB2 + 2 * n), 0x2400 + 4u * n); w32(r + 4u * (0xB3 + 2 * n), 0); }
    w32(r + 4u * 0xC0, 0x05000001u);
}

/* S.5: Load [X, Y]. */
static void load(uint32_t lo0, uint32_t hi0, uint32_t lo1, uint32_t hi1)
{
    gtm_mmio_write(m, 0x2518, lo1);
    gtm_mmio_write(m, 0x251C, hi1);
    gtm_mmio_write(m, 0x2510, lo0);
    gtm_mmio_write(m, 0x2514, hi0);
    gtm_mmio_write(m, 0x2550, 1);
}

/* Step RCS0 up to max times, taking each decision at the model's own retire (the DUT's, in a co-simulation). */
static int run(int max)
{
    gtm_retire r;
    for (int n = 0; n < max; n++) {
        int first = nrec;
        int st = gtm_step(m, 0, &r);
        for (int i = first; i < nrec; i++)
            if (recs[i].kind == K_E) gtm_irq_event(m, 0, (uint16_t)recs[i].d);
        if (st == GTM_RETIRED) {
            push(K_R, r.addr, 0, 0);
            gtm_el_retire(m, 0, &r);
        } else if (st == GTM_SWITCH) {
            gtm_el_switch_end(m, 0);
        } else if (st == GTM_STALLED) {
            if (gtm_el_arb_point(m, 0) == GTM_EL_NONE) return st;
        } else {
            gtm_tick(m);
            return st;
        }
        gtm_tick(m);
    }
    return -1;
}

/* The records of one kind, in order. */
static int only(int kind, rec *out, int max)
{
    int n = 0;
    for (int i = 0; i < nrec; i++)
        if (recs[i].kind == kind) {
            cr_assert_lt(n, max);
            out[n++] = recs[i];
        }
    return n;
}

static void expect_w(const rec *w, uint64_t a, uint8_t be, uint64_t d, const char *what)
{
    cr_expect(w->kind == K_W && w->a == a && w->be == be && w->d == d,
              "%s: expected write 0x%llx be %02x 0x%016llx, got 0x%llx be %02x 0x%016llx", what, (unsigned long long)a,
              be, (unsigned long long)d, (unsigned long long)w->a, w->be, (unsigned long long)w->d);
}

/* S.3: Save(X)'s addresses (R + these), in order; 23 with SAVE_INHIBIT. */
static unsigned save_offsets(uint32_t *o)
{
    static const uint32_t first[] = { 0x08, 0x10, 0x20, 0x28, 0x30, 0x38, 0x40, 0x48, 0x50, 0x58, 0x60, 0x68, 0x70, 0x78,
        0x88, 0x90, 0x98, 0xA0, 0xA8, 0xB0, 0xB8, 0xC0, 0xC8, 0x158, 0x160, 0x168, 0x190, 0x198 };
    unsigned n = 0;
    for (unsigned i = 0; i < sizeof first / sizeof first[0]; i++) o[n++] = first[i];
    for (unsigned i = 0; i < 32; i++) o[n++] = 0x1A0 + 8 * i;
    o[n++] = 0x2A0;
    for (uint32_t a = 0x2C8; a <= 0x2F8; a += 8) o[n++] = a;
    return n;
}

/* Save(X) at w[0..]: 68 (or 23) dword writes, be F0, each value the vector gives (vals: R offset -> value), else 0. */
static void expect_save(const rec *w, uint32_t lrca, unsigned count, const uint32_t (*vals)[2], unsigned nvals, const char *what)
{
    uint32_t o[80];
    cr_assert_eq(save_offsets(o), 68);
    for (unsigned i = 0; i < count; i++) {
        uint32_t v = 0;
        for (unsigned k = 0; k < nvals; k++)
            if (vals[k][0] == o[i]) v = vals[k][1];
        char buf[96];
        snprintf(buf, sizeof buf, "%s write %u (R+0x%x)", what, i, o[i]);
        expect_w(&w[i], RS(lrca) + o[i], 0xF0, (uint64_t)v << 32, buf);
    }
}

/* S.3: a CSB step with index i at w[0], w[1]. */
static void expect_csb_writes(const rec *w, unsigned i, uint32_t low, uint32_t high)
{
    expect_w(&w[0], HWSP + 0x40u + 8u * i, 0xFF, (uint64_t)high << 32 | low, "CSB entry");
    expect_w(&w[1], HWSP + 0xB8u, 0xF0, (uint64_t)i << 32, "CSB pointer");
}

/* The 69 restore commits of S.3 (offsets). */
static unsigned restore_offsets(uint32_t *o)
{
    static const uint32_t ring[] = { 0x2244, 0x2034, 0x2030, 0x2038, 0x203C, 0x2168, 0x2140, 0x2110, 0x211C, 0x2114, 0x2118,
        0x21C0, 0x21C4, 0x21C8, 0x2180, 0x23A8, 0x228C, 0x2288, 0x2284, 0x2280, 0x227C, 0x2278, 0x2274, 0x2270,
        0x20C0, 0x2178, 0x217C, 0x2158, 0x241C };
    unsigned n = 0;
    for (unsigned i = 0; i < sizeof ring / sizeof ring[0]; i++) o[n++] = ring[i];
    for (unsigned i = 0; i < 32; i++) o[n++] = 0x2600 + 4 * i;
    o[n++] = 0x2068;
    for (unsigned i = 0; i < 7; i++) o[n++] = 0x2400 + 4 * i;
    return n;
}

static void expect_c(const rec *c, uint32_t off, uint32_t v, const char *what)
{
    cr_expect(c->kind == K_C && c->a == off && (uint32_t)c->d == v, "%s: expected commit 0x%x := 0x%x, got 0x%llx := 0x%llx",
              what, off, v, (unsigned long long)c->a, (unsigned long long)c->d);
}

/* The restore commits at c[0..]: offsets of S.3, values: the image's (ctx_ctl_loaded is RING_CONTEXT_CONTROL's). */
static void expect_restore(const rec *c, unsigned count, uint32_t ctx_ctl_loaded, uint32_t tail, uint32_t ring, uint32_t gpr0)
{
    uint32_t o[80];
    cr_assert_eq(restore_offsets(o), 69);
    for (unsigned i = 0; i < count; i++) {
        uint32_t v = o[i] == 0x2244 ? ctx_ctl_loaded : o[i] == 0x2030 ? tail : o[i] == 0x2038 ? ring : o[i] == 0x203C ? 1
                   : o[i] == 0x2178 ? 1 : o[i] == 0x217C ? 0x00150000u : o[i] == 0x2600 ? gpr0 : 0;
        char buf[64];
        snprintf(buf, sizeof buf, "restore commit %u", i);
        expect_c(&c[i], o[i], v, buf);
    }
}

static void expect_csb_commits(const rec *c, unsigned i, uint32_t low, uint32_t high)
{
    uint32_t lo = i < 6 ? 0x2370 + 8 * i : 0x23C0 + 8 * (i - 6);
    expect_c(&c[0], lo, low, "CSB_ENTRY_LO");
    expect_c(&c[1], lo + 4, high, "CSB_ENTRY_HI");
    expect_c(&c[2], 0x23A0, 0x00000B00u | i, "CONTEXT_STATUS_PTR");
}

static uint32_t rd(uint32_t off) { return gtm_mmio_read(m, off, NULL); }

/* The ring of a context running one SDI (V1, V2) at ring. */
static void sdi_ring(uint32_t ring, uint32_t addr, uint32_t data)
{
    char t[96];
    snprintf(t, sizeof t, "MI_STORE_DATA_IMM ggtt addr=0x%x data=0x%x", addr, data);
    cr_assert_eq(put(ring, t), 0x10);
}

/* S.4: the spinner batch and a spinning context's ring at ring (image tail 0x10). */
static void spinner(uint32_t ring)
{
    unsigned o = put(SPIN, "MI_ARB_CHECK");
    o += put(SPIN + o, "MI_CONDITIONAL_BATCH_BUFFER_END ggtt semaphore data=0 addr=0x00300000");
    cr_assert_eq(o, 0x14);
    put(SPIN + o, "MI_BATCH_BUFFER_START addr=0x00400000");
    cr_assert_eq(put(ring, "MI_BATCH_BUFFER_START addr=0x00400000"), 0xC);
    put(ring + 0xC, "MI_NOOP");
    w32(FLAG, 1);
}

static int count(int kind)
{
    int n = 0;
    for (int i = 0; i < nrec; i++) n += recs[i].kind == kind;
    return n;
}

/* ---------------- EL-1, EL-13 ---------------- */

Test(execlists, ring_buffer_mode_status_and_an_ignored_load)
{
    /* EL-13: idle after reset 0x00010000 (E3); EL-1: in ring-buffer mode a Load does nothing */
    cr_expect_eq(rd(0x2234), 0x00010000u);
    cr_expect_eq(rd(0x2238), 0);
    gtm_mmio_write(m, 0x2080, HWSP);
    image(A_LRCA, 0x00090008u, 0, 0x10, 0x200000, 0xA0A0A0A0u);
    load(A_LRCA | 0x119, A_ID, 0, 0);
    cr_expect_eq(rd(0x2234), 0x00010000u);
    cr_expect_eq(rd(0x2550), 0, "EXECLIST_CONTROL reads 0 (section 2.1)");
    cr_expect_eq(run(10), GTM_IDLE);
    cr_expect_eq(nrec, 0, "no write or commit");
}

Test(execlists, arb_on_off_sets_status_bit_16_at_its_retire_in_ring_buffer_mode)
{
    /* EL-13, section 9: MI_ARB_ON_OFF sets arb from its Arbitration Enable bit at its retire, in both modes */
    unsigned o = put(0x200000, "MI_ARB_ON_OFF");
    o += put(0x200000 + o, "MI_NOOP");
    gtm_mmio_write(m, 0x2038, 0x200000);
    gtm_mmio_write(m, 0x203C, 1);
    gtm_mmio_write(m, 0x2030, o);
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    cr_expect_eq(rd(0x2234), 0x00010000u, "before the DUT's retire is applied");
    gtm_el_retire(m, 0, &r);
    cr_expect_eq(rd(0x2234), 0x00000000u, "arb 0 after the retire of MI_ARB_ON_OFF enable=0");
}

/* ---------------- V1 ---------------- */

Test(execlists, v1_one_context_runs_to_completion)
{
    init_rcs(true);
    image(A_LRCA, 0x00090008u, 0, 0x10, 0x200000, 0xA0A0A0A0u);
    sdi_ring(0x200000, 0x300100, 0x11111111u);
    w32(RS(A_LRCA) + 0x1C, 0x10);
    nrec = 0;
    load(A_LRCA | 0x119, A_ID, 0, 0);
    cr_expect(gtm_el_tlb_edge(m, 0), "EL-26: the Load's start invalidates the TLB");
    cr_expect_eq(run(100), GTM_IDLE);

    /* #1 commits */
    rec c[256];
    int nc = only(K_C, c, 256);
    cr_assert_eq(nc, 69 + 3 + 1 + 3);
    expect_restore(c, 69, 0x00000008u, 0x10, 0x00200000u, 0xA0A0A0A0u);
    expect_csb_commits(&c[69], 0, 1, 0);
    expect_c(&c[72], 0x2034, 0x10, "the SDI's RING_HEAD");
    expect_csb_commits(&c[73], 1, 0x18, 0x20);
    /* #2, #3 writes */
    rec w[256];
    int nw = only(K_W, w, 256);
    cr_assert_eq(nw, 2 + 1 + 68 + 2);
    expect_csb_writes(w, 0, 1, 0);
    expect_w(&w[2], 0x300100, 0x0F, 0x11111111u, "SDI");
    const uint32_t vals[][2] = { {0x08, 0xFFFF0008u}, {0x10, 0x10}, {0x20, 0x00200000u}, {0x28, 1}, {0x158, 0xFFFF0000u},
                                 {0x160, 1}, {0x168, 0x00150000u}, {0x1A0, 0xA0A0A0A0u} };
    expect_save(&w[3], A_LRCA, 68, vals, sizeof vals / sizeof vals[0], "Save(A)");
    expect_csb_writes(&w[71], 1, 0x18, 0x20);
    /* #4 */
    cr_expect_eq(r32(RS(A_LRCA) + 0x1C), 0x10);
    /* #5, #6 */
    cr_expect_eq(rd(0x2234), 0x00010000u);
    cr_expect_eq(rd(0x2238), 0);
    cr_expect_eq(rd(0x23A0), 0x00000B01u);
    /* no retire for the switches: one retire (the SDI); an event per CSB step, at its pointer commit (EL-24) */
    cr_expect_eq(count(K_R), 1);
    cr_expect_eq(count(K_E), 2);
    for (int i = 0; i < nrec; i++)
        if (recs[i].kind == K_E) {
            cr_expect_eq(recs[i].d, 0x100);
            cr_expect(recs[i - 1].kind == K_C && recs[i - 1].a == 0x23A0, "the event follows the pointer commit");
        }
    /* #7 */
    cr_expect(gtm_irq_line(m));
    gtm_mmio_write(m, 0x190070, 1);   /* IIR_REG_SELECTOR0: RCS0's bit */
    gtm_tick(m);
    gtm_tick(m);
    cr_expect_eq(rd(0x190060), 0x80000100u, "INTR_IDENTITY_REG0 (EL-24)");
}

/* ---------------- V2 ---------------- */

Test(execlists, v2_two_element_submission)
{
    init_rcs(true);
    image(A_LRCA, 0x00090008u, 0, 0x10, 0x200000, 0xA0A0A0A0u);
    image(B_LRCA, 0x00090008u, 0, 0x10, 0x210000, 0xB0B0B0B0u);
    sdi_ring(0x200000, 0x300100, 0x11111111u);
    sdi_ring(0x210000, 0x300108, 0x22222222u);
    nrec = 0;
    load(A_LRCA | 0x119, A_ID, B_LRCA | 0x119, B_ID);
    cr_expect_eq(rd(0x2234), 0x00054012u, "slot 0 running element 0 (EL-13)");
    cr_expect_eq(run(200), GTM_IDLE);
    /* #1 */
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10040), 0x0000000000000001ull);
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10048), 0x0000002000000014ull);
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10050), 0x0000004000000018ull);
    cr_expect_eq(r32(0x100BC), 2);
    /* #2 */
    rec w[256];
    int nw = only(K_W, w, 256);
    cr_assert_eq(nw, 2 + 1 + 68 + 2 + 1 + 68 + 2);
    expect_csb_writes(w, 0, 1, 0);
    expect_w(&w[2], 0x300100, 0x0F, 0x11111111u, "SDI A");
    cr_expect_eq(w[3].a, RS(A_LRCA) + 0x08);
    expect_csb_writes(&w[71], 1, 0x14, A_ID);
    expect_w(&w[73], 0x300108, 0x0F, 0x22222222u, "SDI B");
    cr_expect_eq(w[74].a, RS(B_LRCA) + 0x08);
    expect_csb_writes(&w[142], 2, 0x18, B_ID);
    /* #3: B's restore between A's save and entry 1's commits */
    rec c[512];
    int nc = only(K_C, c, 512);
    cr_assert_eq(nc, 69 + 3 + 1 + 69 + 3 + 1 + 3);
    expect_restore(&c[73], 69, 0x00000008u, 0x10, 0x00210000u, 0xB0B0B0B0u);
    expect_csb_commits(&c[142], 1, 0x14, A_ID);
    /* #4 */
    cr_expect_eq(rd(0x2380), 0x18);
    cr_expect_eq(rd(0x2384), 0x40);
    /* #5 */
    cr_expect_eq(r32(0x300100), 0x11111111u);
    cr_expect_eq(r32(0x300108), 0x22222222u);
    cr_expect_eq(r32(0x101014), 0x10);
    cr_expect_eq(r32(0x111014), 0x10);
    /* #6, #7 */
    cr_expect_eq(rd(0x2234), 0x00010000u);
    cr_expect_eq(rd(0x2600), 0xB0B0B0B0u);
}

/* ---------------- V3 ---------------- */

Test(execlists, v3_lite_restore)
{
    init_rcs(true);
    image(A_LRCA, 0x00090008u, 0, 0x10, 0x200000, 0xA0A0A0A0u);
    spinner(0x200000);
    put(0x200010, "MI_STORE_DATA_IMM ggtt addr=0x00300110 data=0x33333333");
    load(A_LRCA | 0x119, A_ID, 0, 0);
    cr_expect_eq(run(80), -1, "A spins");
    cr_expect(gtm_el_tlb_edge(m, 0), "A's start invalidated the TLB (EL-26)");
    gtref_mem_write_be64(gtm_mem(m), 0x00101018, 0x0000002000000000ull, 0xF0);   /* A's RING_TAIL slot := 0x20 */
    int mark = nrec;
    load(A_LRCA | 0x119, A_ID, 0, 0);
    cr_expect_eq(rd(0x2234), 0x0005401Eu, "slot 1 pending (EL-13)");
    cr_expect_eq(run(40), -1);
    /* #2: the lite restore: no write, one RING_TAIL commit, then entry 1's commits */
    int i = mark;
    while (i < nrec && !(recs[i].kind == K_C && recs[i].a == 0x2030)) i++;
    cr_assert_lt(i, nrec, "a RING_TAIL commit");
    cr_expect_eq(recs[i].d, 0x20);
    cr_expect(!gtm_el_tlb_edge(m, 0), "a lite restore invalidates nothing (EL-26)");
    expect_w(&recs[i + 1], HWSP + 0x48, 0xFF, 0x0000002000008002ull, "entry 1");
    expect_w(&recs[i + 2], HWSP + 0xB8, 0xF0, 1ull << 32, "pointer 1");
    expect_csb_commits(&recs[i + 3], 1, 0x8002, A_ID);
    cr_expect(recs[i - 1].kind == K_R, "the lite restore follows a retire (the MI_ARB_CHECK)");
    w32(FLAG, 0);
    cr_expect_eq(run(200), GTM_IDLE);
    /* #1 */
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10040), 0x0000000000000001ull);
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10048), 0x0000002000008002ull);
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10050), 0x0000002000000018ull);
    cr_expect_eq(r32(0x100BC), 2);
    /* #3 */
    rec w[256];
    int nw = only(K_W, w, 256);
    cr_assert_eq(nw, 2 + 2 + 1 + 68 + 2);
    expect_csb_writes(w, 0, 1, 0);
    expect_csb_writes(&w[2], 1, 0x8002, A_ID);
    expect_w(&w[4], 0x300110, 0x0F, 0x33333333u, "SDI");
    /* #4 */
    cr_expect_eq(w[5 + 1].a, RS(A_LRCA) + 0x10);
    cr_expect_eq(w[5 + 1].d, 0x20ull << 32, "RING_HEAD");
    cr_expect_eq(w[5 + 5].a, RS(A_LRCA) + 0x38);
    cr_expect_eq(w[5 + 5].d, 0x00400000ull << 32, "BB_ADDR");
    cr_expect_eq(w[5 + 6].d, 0, "BB_STATE");
    expect_csb_writes(&w[73], 2, 0x18, A_ID);
    /* #5, #6 */
    cr_expect_eq(r32(0x300110), 0x33333333u);
    cr_expect_eq(r32(0x0010101C), 0x20);
    cr_expect_eq(rd(0x2234), 0x00010003u);
}

/* ---------------- V4 ---------------- */

Test(execlists, v4_preemption_at_arb_check)
{
    init_rcs(true);
    image(A_LRCA, 0x00090008u, 0, 0x10, 0x200000, 0xA0A0A0A0u);
    image(B_LRCA, 0x00090008u, 0, 0x10, 0x210000, 0xB0B0B0B0u);
    spinner(0x200000);
    sdi_ring(0x210000, 0x300108, 0x22222222u);
    load(A_LRCA | 0x119, A_ID, 0, 0);
    cr_expect_eq(run(80), -1, "A spins");
    /* #1 */
    cr_expect_eq(rd(0x2234), 0x00054012u);
    cr_expect_eq(rd(0x2238), 0x20);
    (void)gtm_el_tlb_edge(m, 0);
    load(B_LRCA | 0x119, B_ID, 0, 0);
    cr_expect(!gtm_el_tlb_edge(m, 0), "a Load that fills the pending slot invalidates nothing");
    cr_expect_eq(run(300), GTM_IDLE);
    /* #2 */
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10040), 0x0000000000000001ull);
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10048), 0x0000002000000002ull);
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10050), 0x0000004000000018ull);
    cr_expect_eq(r32(0x100BC), 2);
    /* #3 */
    rec w[256];
    int nw = only(K_W, w, 256);
    cr_assert_eq(nw, 2 + 68 + 2 + 1 + 68 + 2);
    expect_csb_writes(w, 0, 1, 0);
    /* #4: A's batch state (level 1, after the MI_ARB_CHECK that retired) */
    const uint32_t vals[][2] = { {0x08, 0xFFFF0008u}, {0x10, 0x0C}, {0x20, 0x00200000u}, {0x28, 1}, {0x38, 0x00400004u},
                                 {0x40, 1}, {0x158, 0xFFFF0000u}, {0x160, 1}, {0x168, 0x00150000u}, {0x1A0, 0xA0A0A0A0u} };
    expect_save(&w[2], A_LRCA, 68, vals, sizeof vals / sizeof vals[0], "Save(A)");
    expect_csb_writes(&w[70], 1, 0x02, A_ID);
    expect_w(&w[72], 0x300108, 0x0F, 0x22222222u, "SDI B");
    expect_csb_writes(&w[141], 2, 0x18, B_ID);
    /* the preempting MI_ARB_CHECK retired, then the save (EL-28) */
    int i = 0;
    while (recs[i].kind != K_W || recs[i].a != RS(A_LRCA) + 0x08) i++;
    cr_expect_eq(recs[i - 1].kind, K_R);
    cr_expect_eq(recs[i - 1].a, SPIN, "the MI_ARB_CHECK at the batch start");
    /* #5 */
    cr_expect_eq(rd(0x2234), 0x00010003u);
    cr_expect_eq(rd(0x23A0), 0x00000B02u);
}

/* ---------------- V6 ---------------- */

Test(execlists, v6_preempt_to_idle)
{
    init_rcs(true);
    image(A_LRCA, 0x00090008u, 0, 0x10, 0x200000, 0xA0A0A0A0u);
    image(P_LRCA, 0x000D000Du, 0, 0, 0x220000, 0);
    spinner(0x200000);
    load(A_LRCA | 0x119, A_ID, 0, 0);
    cr_expect_eq(run(80), -1, "A spins");
    int mark = nrec;
    load(P_LRCA | 0x119, P_ID, 0, 0);
    cr_expect_eq(run(300), GTM_IDLE);
    /* #1 */
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10040), 0x0000000000000001ull);
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10048), 0x0000002000000002ull);
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10050), 0x0000006000000018ull);
    cr_expect_eq(r32(0x100BC), 2);
    /* #2: P's restore: 24 commits (the ring context) between the save and entry 1's commits */
    rec c[256];
    int nc = 0;
    for (int i = mark; i < nrec; i++)
        if (recs[i].kind == K_C) c[nc++] = recs[i];
    cr_assert_eq(nc, 24 + 3 + 3);
    expect_c(&c[0], 0x2244, 0x0000000D, "RING_CONTEXT_CONTROL");
    cr_expect_eq(c[23].a, 0x2270);
    expect_csb_commits(&c[24], 1, 0x02, A_ID);
    expect_csb_commits(&c[27], 2, 0x18, P_ID);
    /* #3 */
    rec w[256];
    int nw = only(K_W, w, 256);
    cr_assert_eq(nw, 2 + 68 + 2 + 23 + 2);
    expect_csb_writes(&w[70], 1, 0x02, A_ID);
    const uint32_t pvals[][2] = { {0x08, 0xFFFF000Du}, {0x20, 0x00220000u}, {0x28, 1} };
    expect_save(&w[72], P_LRCA, 23, pvals, sizeof pvals / sizeof pvals[0], "Save(P)");
    expect_csb_writes(&w[95], 2, 0x18, P_ID);
    /* #4, #5, #6 */
    cr_expect_eq(rd(0x2600), 0xA0A0A0A0u);
    cr_expect_eq(r32(RS(A_LRCA) + 0x3C), 0x00400004u, "BB_ADDR slot (the write at R+0x38, upper lane)");
    cr_expect_eq(r32(RS(A_LRCA) + 0x44), 1, "BB_STATE slot (the write at R+0x40, upper lane)");
    cr_expect_eq(rd(0x2234), 0x00010003u);
    cr_expect_eq(rd(0x2238), 0);
}

/* ---------------- V7 ---------------- */

Test(execlists, v7_csb_wrap_after_twelve_events)
{
    init_rcs(true);
    image(E_LRCA, 0x00090008u, 0, 0, 0x230000, 0);
    int first_round = 0;
    for (int k = 0; k < 7; k++) {
        int mark = nrec;
        load(E_LRCA | 0x119, E_ID, 0, 0);
        cr_expect_eq(run(50), GTM_IDLE);
        if (k == 0) first_round = nrec - mark;
        /* #7: entry, pointer, Save(E), entry, pointer; the pointers carry 0..11, 0, 1 */
        rec w[80];
        int nw = 0;
        for (int i = mark; i < nrec; i++)
            if (recs[i].kind == K_W) w[nw++] = recs[i];
        cr_assert_eq(nw, 2 + 68 + 2);
        expect_csb_writes(w, (2u * k) % 12u, 1, 0);
        cr_expect_eq(w[3].a, RS(E_LRCA) + 0x10);
        cr_expect_eq(w[3].d, 0);
        expect_csb_writes(&w[70], (2u * k + 1) % 12u, 0x18, E_ID);
    }
    cr_expect_gt(first_round, 0);
    cr_expect_eq(rd(0x23A0), 0x00000B01u);
    cr_expect_eq(rd(0x2370), 1);
    cr_expect_eq(rd(0x2374), 0);
    cr_expect_eq(rd(0x2378), 0x18);
    cr_expect_eq(rd(0x237C), 0x80);
    cr_expect_eq(rd(0x23C0), 1);
    cr_expect_eq(rd(0x23C4), 0);
    cr_expect_eq(rd(0x23E8), 0x18);
    cr_expect_eq(rd(0x23EC), 0x80);
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10040), 0x0000000000000001ull);
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10048), 0x0000008000000018ull);
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10098), 0x0000008000000018ull);
    cr_expect_eq(r32(0x100BC), 1);
    cr_expect_eq(rd(0x2234), 0x00010000u);
}

/* ---------------- V9 ---------------- */

Test(execlists, v9a_invalid_descriptor_is_ignored)
{
    init_rcs(true);
    image(A_LRCA, 0x00090008u, 0, 0x10, 0x200000, 0xA0A0A0A0u);
    nrec = 0;
    load(0x00100118u, 0x20, 0, 0);
    cr_expect(!gtm_el_tlb_edge(m, 0));
    cr_expect_eq(run(200), GTM_IDLE);
    cr_expect_eq(nrec, 0, "no write, commit or event (EL-12)");
    cr_expect_eq(rd(0x2234), 0x00010000u);
    cr_expect_eq(rd(0x2238), 0);
    cr_expect_eq(rd(0x23A0), 0x00000B0Bu);
    cr_expect(!gtm_engine_halted(m, 0));
    cr_expect(!gtm_irq_line(m));
}

Test(execlists, v9b_unmapped_lrca_faults_at_the_restore)
{
    init_rcs(true);
    gtm_mmio_write(m, 0x20B4, 0x000000EFu);
    /* 0x00500000..0x00501FFF not mapped: clear their GGTT entries (GAM-4: 8 bytes per page at GSM_BASE) */
    for (uint64_t pn = 0x500; pn < 0x502; pn++) gtref_mem_write_be64(gtm_mem(m), GTREF_GSM_BASE + 8 * pn, 0, 0xFF);
    nrec = 0;
    load(0x00500119u, 0x20, 0, 0);
    cr_expect_eq(run(50), GTM_HALTED);
    cr_expect_eq(gtm_reg_peek(m, 0x4094), 0x00501809u, "GFX_ENG_FR");
    cr_expect_eq(gtm_reg_peek(m, 0x40A0), 1, "GFX_ARB_ERROR_RPT");
    cr_expect_eq(rd(0x20B8), 0x10);
    cr_expect_eq(rd(0x20B0), 0x10);
    cr_expect(gtm_engine_halted(m, 0));
    cr_expect_eq(count(K_W), 0, "no write at all");
    cr_expect_eq(rd(0x2234), 0x00054012u);
    cr_expect_eq(rd(0x2238), 0x20);
}

/* ---------------- V11 ---------------- */

Test(execlists, v11_broken_image)
{
    init_rcs(true);
    gtm_mmio_write(m, 0x20B4, 0x000000FEu);
    image(A_LRCA, 0x00090008u, 0, 0x10, 0x200000, 0xA0A0A0A0u);
    w32(RS(A_LRCA) + 0x80, 0xDEADBEEFu);
    nrec = 0;
    load(A_LRCA | 0x119, A_ID, 0, 0);
    cr_expect_eq(run(50), GTM_HALTED);
    rec c[64];
    int nc = only(K_C, c, 64);
    cr_assert_eq(nc, 15 + 3);
    expect_restore(c, 15, 0x00000008u, 0x10, 0x00200000u, 0xA0A0A0A0u);
    expect_c(&c[15], 0x2068, 0xDEADBEEFu, "IPEHR");
    expect_c(&c[16], 0x20B8, 1, "ESR");
    expect_c(&c[17], 0x20B0, 1, "EIR");
    cr_expect(gtm_engine_halted(m, 0));
    cr_expect_eq(count(K_W), 0, "no CSB step");
    cr_expect_eq(count(K_R), 0, "no command retired");
    cr_expect_eq(rd(0x2234), 0x00054012u);
    cr_expect_eq(rd(0x2238), 0x20);
}

/* ---------------- V5 ---------------- */

Test(execlists, v5_resuming_a_preempted_context_inside_its_batch)
{
    init_rcs(true);
    image(A_LRCA, 0x00090008u, 0, 0x10, 0x200000, 0xA0A0A0A0u);
    image(B_LRCA, 0x00090008u, 0, 0x10, 0x210000, 0xB0B0B0B0u);
    spinner(0x200000);
    sdi_ring(0x210000, 0x300108, 0x22222222u);
    load(A_LRCA | 0x119, A_ID, 0, 0);
    cr_expect_eq(run(80), -1, "A spins");
    load(B_LRCA | 0x119, B_ID, 0, 0);
    cr_expect_eq(run(300), GTM_IDLE);   /* V4 */
    w32(FLAG, 0);
    int mark = nrec;
    load(A_LRCA | 0x119, A_ID, 0, 0);
    /* EL-13: slot 1 (cur 1) running element 0: bits 0, 3, 14, 16, 17 (bit 1 = cur ^ 1 = 0) */
    cr_expect_eq(rd(0x2234), 0x00034009u);
    cr_expect_eq(run(300), GTM_IDLE);
    /* #1: restore commits of A (part), in the restore's stream order */
    int ih = -1, ib = -1, is = -1, first_retire = -1, second_retire = -1;
    for (int i = mark; i < nrec; i++) {
        if (recs[i].kind == K_C && recs[i].a == 0x2034 && ih < 0) ih = i;
        if (recs[i].kind == K_C && recs[i].a == 0x2140 && ib < 0) ib = i;
        if (recs[i].kind == K_C && recs[i].a == 0x2110 && is < 0) is = i;
        if (recs[i].kind == K_R && first_retire < 0) first_retire = i;
        else if (recs[i].kind == K_R && second_retire < 0) second_retire = i;
    }
    cr_assert(ih > 0 && ib > 0 && is > 0 && first_retire > 0 && second_retire > 0);
    cr_expect_eq(recs[ib].d, 0x00400004u, "BB_ADDR := the saved head");
    cr_expect_eq(recs[is].d, 0, "BB_STATE := 0 (bit 0 taken as the level)");
    cr_expect_eq(recs[ih].d, 0x0C, "RING_HEAD");
    /* #2: A's retires after the restore */
    cr_expect_eq(recs[first_retire].a, 0x00400004u, "MI_CONDITIONAL_BATCH_BUFFER_END at the saved head (level 1)");
    cr_expect_eq(recs[second_retire].a, 0x0020000Cu, "then the ring's MI_NOOP");
    cr_expect(recs[second_retire - 1].kind == K_C && recs[second_retire - 1].a == 0x2034 && recs[second_retire - 1].d == 0x10);
    /* #3 */
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10058), 0x0000000000000001ull);
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10060), 0x0000002000000018ull);
    cr_expect_eq(r32(0x100BC), 4);
    /* #4 */
    cr_expect_eq(r32(RS(A_LRCA) + 0x14), 0x10, "RING_HEAD slot");
    cr_expect_eq(r32(RS(A_LRCA) + 0x3C), 0x00400004u, "BB_ADDR slot");
    cr_expect_eq(r32(RS(A_LRCA) + 0x44), 0, "BB_STATE slot");
    /* #5, #6 */
    cr_expect_eq(rd(0x2234), 0x00010003u);
    cr_expect_eq(rd(0x23A0), 0x00000B04u);
}

/* ---------------- V12 ---------------- */

Test(execlists, v12_pending_submission_held_by_disabled_arbitration)
{
    init_rcs(true);
    image(A_LRCA, 0x00090008u, 0, 0x10, 0x200000, 0xA0A0A0A0u);
    image(B_LRCA, 0x00090008u, 0, 0x10, 0x210000, 0xB0B0B0B0u);
    spinner(0x200000);   /* S.4's batch; A's ring is written over below */
    unsigned o = put(0x200000, "MI_ARB_ON_OFF");
    o += put(0x200000 + o, "MI_BATCH_BUFFER_START addr=0x00400000");
    cr_assert_eq(o, 0x10);
    sdi_ring(0x210000, 0x300108, 0x22222222u);
    load(A_LRCA | 0x119, A_ID, 0, 0);
    cr_expect_eq(run(80), -1, "A spins");
    load(B_LRCA | 0x119, B_ID, 0, 0);
    cr_expect_eq(run(80), -1, "A still spins: arb 0");
    /* #1 */
    cr_expect_eq(rd(0x2234), 0x0004401Eu);
    cr_expect_eq(rd(0x2238), 0x20);
    w32(FLAG, 0);
    cr_expect_eq(run(300), GTM_IDLE);
    /* #2 */
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10040), 0x0000000000000001ull);
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10048), 0x0000002000000018ull);
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10050), 0x0000000000000001ull);
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10058), 0x0000004000000018ull);
    cr_expect_eq(r32(0x100BC), 3);
    /* #3 */
    rec w[256];
    int nw = only(K_W, w, 256);
    cr_assert_eq(nw, 2 + 68 + 2 + 2 + 1 + 68 + 2);
    expect_csb_writes(w, 0, 1, 0);
    cr_expect_eq(w[2].a, RS(A_LRCA) + 0x08);
    expect_csb_writes(&w[70], 1, 0x18, A_ID);
    expect_csb_writes(&w[72], 2, 0x01, 0);
    expect_w(&w[74], 0x300108, 0x0F, 0x22222222u, "SDI B");
    expect_csb_writes(&w[143], 3, 0x18, B_ID);
    /* #4 */
    cr_expect_eq(r32(RS(A_LRCA) + 0x14), 0x10, "RING_HEAD slot");
    cr_expect_eq(r32(RS(A_LRCA) + 0x44), 0, "BB_STATE slot");
    /* #5, #6 */
    cr_expect_eq(rd(0x2234), 0x00010003u);
}

/* ---------------- EL-16: a poll-mode wait as the arbitration point ---------------- */

/* A waits on Y == 1 (never true); Load [B] while it polls: the poll response with the condition false, arb 1 and B
 * pending preempts A without a retire of the wait; A's RING_HEAD slot points at the wait's DW0 (0, EL-16); the CSB entry
 * is PREEMPTED with A's ID (EL-16, E8). */
Test(execlists, a_poll_mode_wait_is_preempted_without_retiring)
{
    init_rcs(true);
    image(A_LRCA, 0x00090008u, 0, 0x10, 0x200000, 0xA0A0A0A0u);
    image(B_LRCA, 0x00090008u, 0, 0x10, 0x210000, 0xB0B0B0B0u);
    cr_assert_eq(put(0x200000, "MI_SEMAPHORE_WAIT ggtt poll compare=SAD_EQ_SDD data=1 addr=0x00300204"), 0x10);
    sdi_ring(0x210000, 0x300108, 0x22222222u);
    load(A_LRCA | 0x119, A_ID, 0, 0);
    cr_expect_eq(run(10), GTM_STALLED, "nothing pending: A keeps polling");
    cr_expect_eq(gtm_el_arb_point(m, 0), GTM_EL_NONE);
    load(B_LRCA | 0x119, B_ID, 0, 0);
    cr_expect_eq(run(300), GTM_IDLE);
    cr_expect_eq(count(K_R), 1, "only B's SDI retires");
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10048), 0x0000002000000002ull);
    cr_expect_eq(r32(RS(A_LRCA) + 0x14), 0, "A's RING_HEAD slot: the wait's DW0");
    cr_expect_eq(rd(0x2234), 0x00010003u);
}

/* ---------------- EL-32: a spinner's flag decided on the DUT's data ---------------- */

/* With the DUT's data on, A's Compare Semaphore MI_CONDITIONAL_BATCH_BUFFER_END (S.4, at SPIN + 4) waits for the data
 * of the DUT's read; the model's memory keeps F = 1 throughout, so only the given data can end the batch: 1, 1, then 0
 * (C26: ends when F <= 0), after which A runs its ring's MI_NOOP dry and completes (EL-15: 0x18 with A's ID). */
Test(execlists, el32_conditional_batch_end_decides_on_the_data_of_the_dut_read)
{
    init_rcs(true);
    image(A_LRCA, 0x00090008u, 0, 0x10, 0x200000, 0xA0A0A0A0u);
    spinner(0x200000);
    gtm_el_use_dut_data(m, true);
    load(A_LRCA | 0x119, A_ID, 0, 0);
    const uint64_t answers[] = { 1, 1, 0 };
    unsigned waits = 0;
    gtm_retire r;
    int st = -1;
    for (int n = 0; n < 200; n++) {
        st = gtm_step(m, 0, &r);
        if (st == GTM_RETIRED) {
            push(K_R, r.addr, 0, 0);
            gtm_el_retire(m, 0, &r);
        } else if (st == GTM_SWITCH) {
            gtm_el_switch_end(m, 0);
        } else if (st == GTM_EL_WAIT) {
            cr_assert_eq(r.addr, SPIN + 4, "the wait is the MI_CONDITIONAL_BATCH_BUFFER_END");
            cr_assert_lt(waits, 3);
            gtm_el_cond_data(m, 0, answers[waits++]);
        } else {
            break;
        }
    }
    cr_expect_eq(st, GTM_IDLE);
    cr_expect_eq(waits, 3);
    cr_expect_eq(r32(FLAG), 1, "the model's memory never had 0");
    cr_expect_eq(gtref_mem_read64(gtm_mem(m), 0x10048), 0x0000002000000018ull);
    cr_expect_eq(rd(0x2234), 0x00010000u);
}

/* ---------------- BCS0: the non-render layout (S.3, V10 #5) ---------------- */

/* Context C on BCS0 (S.1: LRCA 0x00140000, ID 0x600000A0, ring 0x00240000, status page 0x00011000) runs one SDI: its
 * restore makes 59 commits (S.3: no CCID, no PR_CTR_CTL/THRSH, no extension), its save 58 writes (S.3: Save(X) without
 * DW 0x1F, 0x59, 0x5B and the extension), the CSB steps go to BCS0's status page and registers (EL-22, EL-23). */
Test(execlists, bcs0_context_restores_59_registers_and_saves_58)
{
    gtm_destroy(m);
    m = gtm_create(2);
    cr_assert_not_null(m);
    test_identity_ggtt(gtm_mem(m), 0, TEST_IDENTITY_PAGES);
    gtm_sink sk = { NULL, on_w, on_c, on_i };
    gtm_set_sink(m, &sk);
    const uint32_t B = 0x22000u, C_LRCA = 0x140000u, C_ID = 0x600000A0u;
    gtm_mmio_write(m, B + 0x080, 0x11000);
    gtm_mmio_write(m, B + 0x3A0, 0xFFFF0B0Bu);
    gtm_mmio_write(m, B + 0x29C, 0x00080008u);
    image_at(B, false, C_LRCA, 0x00090008u, 0, 0x10, 0x240000, 0xC0C0C0C0u);
    sdi_ring(0x240000, 0x300200, 0x1);
    nrec = 0;
    gtm_mmio_write(m, B + 0x518, 0);
    gtm_mmio_write(m, B + 0x51C, 0);
    gtm_mmio_write(m, B + 0x510, C_LRCA | 0x119);
    gtm_mmio_write(m, B + 0x514, C_ID);
    gtm_mmio_write(m, B + 0x550, 1);
    gtm_retire r;
    int st, n = 0;
    while ((st = gtm_step(m, 1, &r)) != GTM_IDLE && n++ < 50) {
        if (st == GTM_RETIRED) gtm_el_retire(m, 1, &r);
        else if (st == GTM_SWITCH) gtm_el_switch_end(m, 1);
        else cr_assert_fail("status %d", st);
    }
    rec c[256], w[128];
    int nc = only(K_C, c, 256), nw = only(K_W, w, 128);
    cr_assert_eq(nc, 59 + 3 + 1 + 3);
    expect_c(&c[0], B + 0x244, 0x8, "RING_CONTEXT_CONTROL");
    expect_c(&c[13], B + 0x1C8, 0, "INDIRECT_CTX_OFFSET, the 14th pair (no CCID)");
    expect_c(&c[14], B + 0x3A8, 0, "CTX_TIMESTAMP");
    expect_c(&c[22], B + 0x270, 0, "PDP0_LDW");
    expect_c(&c[23], B + 0x0C0, 0, "INSTPM (PR_CTR_CTL/THRSH skipped)");
    expect_c(&c[24], B + 0x158, 0, "BB_OFFSET");
    expect_c(&c[26], B + 0x600, 0xC0C0C0C0u, "CS_GPR0");
    expect_c(&c[58], B + 0x068, 0, "IPEHR, the last");
    expect_c(&c[59], B + 0x370, 1, "CSB_ENTRY_LO0");
    expect_c(&c[66 - 1], B + 0x3A0, 0x00000B01u, "CONTEXT_STATUS_PTR");
    cr_assert_eq(nw, 2 + 1 + 58 + 2);
    expect_w(&w[0], 0x11040, 0xFF, 1, "entry 0");
    expect_w(&w[1], 0x110B8, 0xF0, 0, "pointer 0");
    expect_w(&w[2], 0x300200, 0x0F, 1, "SDI");
    uint32_t o[80];
    save_offsets(o);
    unsigned j = 0;
    for (unsigned i = 0; i < 68; i++) {
        if (o[i] == 0x78 || o[i] == 0x160 || o[i] == 0x168 || o[i] >= 0x2C8) continue;
        cr_expect_eq(w[3 + j].a, RS(C_LRCA) + o[i], "save write %u", j);
        j++;
    }
    cr_expect_eq(j, 58);
    cr_expect_eq(w[3 + 1].d, 0x10ull << 32, "RING_HEAD slot: the ring ran dry at its tail 0x10");
    expect_w(&w[61], 0x11048, 0xFF, 0x600000A000000018ull, "entry 1");
    expect_w(&w[62], 0x110B8, 0xF0, 1ull << 32, "pointer 1");
    cr_expect_eq(gtm_mmio_read(m, B + 0x234, NULL), 0x00010000u);
}

/* ---------------- section 2.2: an unimplemented descriptor field ---------------- */

Test(execlists, a_descriptor_with_privilege_0_is_unimplemented_at_the_load)
{
    init_rcs(true);
    image(A_LRCA, 0x00090008u, 0, 0x10, 0x200000, 0xA0A0A0A0u);
    nrec = 0;
    load(A_LRCA | 0x019, A_ID, 0, 0);   /* Valid, addressing mode 3, Privilege 0 */
    gtm_retire r;
    cr_expect_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
    cr_expect(strstr(r.note, "privilege") != NULL, "%s", r.note);
    cr_expect_eq(nrec, 0, "nothing happened (section 2.2: decided before anything else)");
}

/* EL-1: in execlist mode the engine executes only a restored context, whatever its ring registers hold; gtm_peek
 * shows the decided switch as GTM_SWITCH without making it (nothing written or committed). */
Test(execlists, execlist_mode_ignores_the_ring_registers_until_a_context_is_restored)
{
    cr_assert_eq(put(0x250000, "MI_STORE_DATA_IMM ggtt addr=0x00300100 data=0x5"), 0x10);
    gtm_mmio_write(m, 0x2038, 0x250000);
    gtm_mmio_write(m, 0x203C, 1);
    init_rcs(true);
    gtm_mmio_write(m, 0x2030, 0x10);   /* E22: stored, starts nothing */
    image(A_LRCA, 0x00090008u, 0, 0x10, 0x200000, 0xA0A0A0A0u);
    sdi_ring(0x200000, 0x300108, 0x6);
    gtm_retire r;
    nrec = 0;
    cr_expect_eq(gtm_peek(m, 0, &r), GTM_IDLE);
    cr_expect_eq(gtm_step(m, 0, &r), GTM_IDLE);
    cr_expect(gtm_engine_idle(m, 0));
    load(A_LRCA | 0x119, A_ID, 0, 0);
    cr_expect(!gtm_engine_idle(m, 0));
    cr_expect_eq(gtm_peek(m, 0, &r), GTM_SWITCH);
    cr_expect_eq(nrec, 0);
    cr_expect_eq(run(50), GTM_IDLE);
    cr_expect_eq(r32(0x300100), 0, "the ring registers' SDI never ran");
    cr_expect_eq(r32(0x300108), 6, "the context's SDI ran");
    cr_expect(gtm_engine_idle(m, 0));
}
