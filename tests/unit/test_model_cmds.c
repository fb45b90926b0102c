/* The model's commands, one behaviour of docs/commands.md at a time. Every expected value is worked out by
 * hand from docs/commands.md and its sources (KBL-CMD digest App. A [EXT], docs/cycle-contract.md,
 * docs/spec-decisions.md) and written as a literal; commands are built with gtref_cmd_parse (text form). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "gtref/cmds.h"
#include "gtref/gam.h"
#include "gtref/model.h"
#include "gtref/regs.h"

#include "test_support.h"

#define RCS 0x2000u
#define BCS 0x22000u
#define RING 0x100000u
#define HWS 0x7000u
#define GPR(n) (RCS + 0x600u + 4u * (n))

typedef struct events {
    int nw, nc, nirq;
    int weng[64]; uint64_t waddr[64], wdata[64]; uint8_t wbe[64];
    uint32_t coff[512], cval[512]; int csrc[512];
    uint16_t irq;
} events;

static void on_w(void *u, int e, bool ggtt, uint64_t a, uint64_t pa, uint64_t d, uint8_t be)
{
    (void)ggtt, (void)pa;
    events *ev = u;
    if (ev->nw >= 64) return;
    ev->weng[ev->nw] = e; ev->waddr[ev->nw] = a; ev->wdata[ev->nw] = d; ev->wbe[ev->nw++] = be;
}
static void on_c(void *u, int src, uint32_t off, uint32_t v)
{
    events *ev = u;
    if (ev->nc >= 512) return;
    ev->csrc[ev->nc] = src; ev->coff[ev->nc] = off; ev->cval[ev->nc++] = v;
}
static void on_i(void *u, int e, uint16_t b) { (void)e; events *ev = u; ev->irq |= b; ev->nirq++; }

static gtm *m;
static events ev;
static uint32_t ring_tail[4];

static void setup(void)
{
    m = gtm_create(2);
    test_identity_ggtt(gtm_mem(m), 0, TEST_IDENTITY_PAGES);   /* every access is translated (docs/gam.md GAM-20) */
    memset(&ev, 0, sizeof ev);
    memset(ring_tail, 0, sizeof ring_tail);
    gtm_sink s = { &ev, on_w, on_c, on_i };
    gtm_set_sink(m, &s);
}
static void teardown(void) { gtm_destroy(m); }
TestSuite(cmds, .init = setup, .fini = teardown);

static uint32_t base_of(int e) { return e == 0 ? RCS : BCS; }
static uint64_t ring_of(int e) { return RING + 0x10000u * (unsigned)e; }

/* Assemble one command of text into dw; returns its length. */
static unsigned as(const char *text, uint32_t *dw)
{
    char err[160] = "";
    int n = gtref_cmd_parse(text, 2, dw, 300, err, sizeof err);
    cr_assert(n > 0, "cannot assemble \"%s\": %s", text, err);
    return (unsigned)n;
}

/* Append commands to engine e's ring (1 page, starting at offset 0) and move TAIL past them. */
static void ring(int e, const char *const *lines, unsigned n)
{
    uint32_t dw[300];
    for (unsigned i = 0; i < n; i++) {
        unsigned len = as(lines[i], dw);
        for (unsigned k = 0; k < len; k++) gtref_mem_write32(gtm_mem(m), ring_of(e) + ring_tail[e] + 4 * k, dw[k]);
        ring_tail[e] += 4 * len;
    }
    if (ring_tail[e] & 4) {   /* TAIL is qword granular: pad with MI_NOOP */
        gtref_mem_write32(gtm_mem(m), ring_of(e) + ring_tail[e], 0);
        ring_tail[e] += 4;
    }
    gtm_mmio_write(m, base_of(e) + GTREF_RING_START, (uint32_t)ring_of(e));
    gtm_mmio_write(m, base_of(e) + GTREF_RING_TAIL, ring_tail[e]);
    gtm_mmio_write(m, base_of(e) + GTREF_RING_CTL, 1);
}
#define RING0(...) do { const char *const l_[] = { __VA_ARGS__ }; ring(0, l_, sizeof l_ / sizeof l_[0]); } while (0)
#define RING1(...) do { const char *const l_[] = { __VA_ARGS__ }; ring(1, l_, sizeof l_ / sizeof l_[0]); } while (0)

/* Place commands at a batch address. */
static void batch(uint64_t addr, const char *const *lines, unsigned n)
{
    uint32_t dw[300];
    for (unsigned i = 0; i < n; i++) {
        unsigned len = as(lines[i], dw);
        for (unsigned k = 0; k < len; k++) gtref_mem_write32(gtm_mem(m), addr + 4 * k, dw[k]);
        addr += 4 * len;
    }
}
#define BATCH(a, ...) do { const char *const l_[] = { __VA_ARGS__ }; batch(a, l_, sizeof l_ / sizeof l_[0]); } while (0)

static void clear_events(void) { memset(&ev, 0, sizeof ev); }
static int step(int e) { return gtm_step(m, e, NULL); }
static void step_ok(int e, int n)
{
    for (int i = 0; i < n; i++) {
        gtm_retire r;
        int st = gtm_step(m, e, &r);
        cr_assert_eq(st, GTM_RETIRED, "step %d: status %d (%s)", i, st, r.note);
    }
}
static uint32_t peek(uint32_t off) { return gtm_reg_peek(m, off); }
static uint32_t rd(uint64_t a) { return gtref_mem_read32(gtm_mem(m), a); }
static void wr(uint64_t a, uint32_t v) { gtref_mem_write32(gtm_mem(m), a, v); }

/* The commits of the last command, excluding RING_HEAD, must be exactly these (off, val) pairs. */
static void expect_commits(const uint32_t *off, const uint32_t *val, int n)
{
    int k = 0;
    for (int i = 0; i < ev.nc; i++) {
        if (ev.coff[i] == RCS + GTREF_RING_HEAD || ev.coff[i] == BCS + GTREF_RING_HEAD) continue;
        cr_assert(k < n, "unexpected commit 0x%x=0x%08x", ev.coff[i], ev.cval[i]);
        cr_assert_eq(ev.coff[i], off[k], "commit %d: offset 0x%x, expected 0x%x", k, ev.coff[i], off[k]);
        cr_assert_eq(ev.cval[i], val[k], "commit %d (0x%x): 0x%08x, expected 0x%08x", k, off[k], ev.cval[i], val[k]);
        k++;
    }
    cr_assert_eq(k, n, "%d commits, expected %d", k, n);
}

/* ======================= MI_MATH (docs/commands.md §4, A.4, C21) ======================= */

/* Load R0..R3 (64-bit) by host writes, then run one MI_MATH from the ring. */
static void math_run(const uint64_t r[4], const char *math)
{
    for (int i = 0; i < 4; i++) {
        gtm_mmio_write(m, GPR(2 * i), (uint32_t)r[i]);
        gtm_mmio_write(m, GPR(2 * i + 1), (uint32_t)(r[i] >> 32));
    }
    RING0(math);
    clear_events();
    step_ok(0, 1);
}
static uint64_t R(int n) { return (uint64_t)peek(GPR(2 * n + 1)) << 32 | peek(GPR(2 * n)); }

Test(cmds, alu_add_carry_out_of_bit_63_and_zero_flag)
{
    /* 0xFFFFFFFFFFFFFFFF + 1 = 2^64 -> ACCU 0 (mod 2^64), CF = carry out of bit 63 = 1, ZF = 1;
     * STORE of a set flag gives 64 ones (§4 STORE). */
    uint64_t r[4] = { 0xFFFFFFFFFFFFFFFFull, 1, 0, 0 };
    math_run(r, "MI_MATH LOAD(SRCA,R0) LOAD(SRCB,R1) ADD STORE(R2,ACCU) STORE(R3,CF) STORE(R4,ZF)");
    cr_assert_eq(R(2), 0);
    cr_assert_eq(R(3), 0xFFFFFFFFFFFFFFFFull);
    cr_assert_eq(R(4), 0xFFFFFFFFFFFFFFFFull);
    /* R2 stays 0: no commit; R3 then R4, low before high (§4 "commits CS_GPR(2n) then CS_GPR(2n+1)") */
    uint32_t off[] = { GPR(6), GPR(7), GPR(8), GPR(9) };
    uint32_t val[] = { 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu };
    expect_commits(off, val, 4);
}

Test(cmds, alu_add_carries_across_the_dword_halves_and_commits_only_changed_halves)
{
    /* 0x00000000FFFFFFFF + 1 = 0x0000000100000000: CF 0, ZF 0; R2 low stays 0 (no commit), high becomes 1 */
    uint64_t r[4] = { 0xFFFFFFFFull, 1, 0, 0 };
    math_run(r, "MI_MATH LOAD(SRCA,R0) LOAD(SRCB,R1) ADD STORE(R2,ACCU) STORE(R3,CF) STORE(R4,ZF)");
    cr_assert_eq(R(2), 0x100000000ull);
    uint32_t off[] = { GPR(5) };
    uint32_t val[] = { 1 };
    expect_commits(off, val, 1);
}

Test(cmds, alu_sub_borrow_and_mi_ult)
{
    /* 1 - 2 = 0xFFFFFFFFFFFFFFFF (mod 2^64); CF = borrow (1 < 2 unsigned) = 1; ZF 0 (§4 SUB; Mesa mi_ult) */
    uint64_t r[4] = { 1, 2, 0, 0 };
    math_run(r, "MI_MATH LOAD(SRCA,R0) LOAD(SRCB,R1) SUB STORE(R2,ACCU) STORE(R3,CF) STORE(R4,ZF)");
    cr_assert_eq(R(2), 0xFFFFFFFFFFFFFFFFull);
    cr_assert_eq(R(3), 0xFFFFFFFFFFFFFFFFull);
    cr_assert_eq(R(4), 0);
}

Test(cmds, alu_sub_equal_sets_zf_clears_cf)
{
    /* 0x0000000700000007 - same = 0: ZF 1, CF 0 (SRCA < SRCB is false) */
    uint64_t r[4] = { 0x700000007ull, 0x700000007ull, 0, 0 };
    math_run(r, "MI_MATH LOAD(SRCA,R0) LOAD(SRCB,R1) SUB STORE(R2,ACCU) STORE(R3,CF) STORE(R4,ZF)");
    cr_assert_eq(R(2), 0);
    cr_assert_eq(R(3), 0);
    cr_assert_eq(R(4), 0xFFFFFFFFFFFFFFFFull);
}

Test(cmds, alu_and_or_xor_and_cf_cleared_by_logic_ops)
{
    /* R0 = 0x0000000C0000000A, R1 = 0x0000000600000006:
     * AND = 0x0000000400000002, OR = 0x0000000E0000000E, XOR = 0x0000000A0000000C.
     * LOAD0/LOAD1 then SUB: 0 - 1 borrows -> CF 1 (R5 all ones); a later AND clears CF (R6 = 0 after being
     * set by the first STORE(R6,CF)). XOR of R0 with itself = 0 -> ZF 1 (R7 all ones). */
    uint64_t r[4] = { 0xC0000000Aull, 0x600000006ull, 0, 0 };
    math_run(r, "MI_MATH LOAD0(SRCA) LOAD1(SRCB) SUB STORE(R5,CF) STORE(R6,CF) LOAD(SRCA,R0) LOAD(SRCB,R1) AND "
                "STORE(R2,ACCU) STORE(R6,CF) OR STORE(R3,ACCU) XOR STORE(R4,ACCU) LOAD(SRCB,R0) XOR STORE(R7,ZF)");
    cr_assert_eq(R(2), 0x400000002ull);
    cr_assert_eq(R(3), 0xE0000000Eull);
    cr_assert_eq(R(4), 0xA0000000Cull);
    cr_assert_eq(R(5), 0xFFFFFFFFFFFFFFFFull);
    cr_assert_eq(R(6), 0);
    cr_assert_eq(R(7), 0xFFFFFFFFFFFFFFFFull);
}

Test(cmds, alu_load1_is_all_ones_and_load0_is_zero)
{
    /* C21: LOAD1(d): d := 0xFFFFFFFFFFFFFFFF, LOAD0: d := 0 -> ~0 + 0 = ~0 (both halves change: two commits) */
    uint64_t r[4] = { 0, 0, 0, 0 };
    math_run(r, "MI_MATH LOAD1(SRCA) LOAD0(SRCB) ADD STORE(R8,ACCU)");
    cr_assert_eq(R(8), 0xFFFFFFFFFFFFFFFFull);
    uint32_t off[] = { GPR(16), GPR(17) };
    uint32_t val[] = { 0xFFFFFFFF, 0xFFFFFFFF };
    expect_commits(off, val, 2);
}

Test(cmds, alu_load1_adds_as_minus_one_with_carry)
{
    /* C21 (Mesa add_imm: x + ~0 = x - 1): R0 = 5; 5 + 0xFFFFFFFFFFFFFFFF = 4 with a carry out of bit 63, so
     * STORE(R2,CF) gives 64 ones; LOAD1 into SRCB with SUB: 5 - ~0 = 6 with a borrow */
    uint64_t r[4] = { 5, 0, 0, 0 };
    math_run(r, "MI_MATH LOAD(SRCA,R0) LOAD1(SRCB) ADD STORE(R1,ACCU) STORE(R2,CF) SUB STORE(R3,ACCU)");
    cr_assert_eq(R(1), 4);
    cr_assert_eq(R(2), 0xFFFFFFFFFFFFFFFFull);
    cr_assert_eq(R(3), 6);
}

Test(cmds, alu_loadinv_storeinv_and_store_of_srca_srcb)
{
    /* LOADINV(SRCA,R0) with R0 = 0xF: SRCA = 0xFFFFFFFFFFFFFFF0; + 0 -> ACCU the same, ZF 0.
     * STOREINV(R2,ACCU) = 0xF; STOREINV(R3,ZF) = ~0 = all ones; STORE(R1,SRCA) = SRCA; STORE(R4,SRCB) = 0. */
    uint64_t r[4] = { 0xF, 0x55, 0, 0 };
    math_run(r, "MI_MATH LOADINV(SRCA,R0) LOAD0(SRCB) ADD STOREINV(R2,ACCU) STOREINV(R3,ZF) STORE(R1,SRCA) "
                "STORE(R4,SRCB)");
    cr_assert_eq(R(2), 0xF);
    cr_assert_eq(R(3), 0xFFFFFFFFFFFFFFFFull);
    cr_assert_eq(R(1), 0xFFFFFFFFFFFFFFF0ull);
    cr_assert_eq(R(4), 0);
}

Test(cmds, alu_load_of_flags_and_accu)
{
    /* After 1 - 2: CF set. LOAD(SRCA,CF) = 64 ones; LOAD(SRCB,ACCU) = 0xFFFFFFFFFFFFFFFF; AND = all ones.
     * LOAD(SRCA,ZF) = 0 (ZF clear after the AND of non-zero values). */
    uint64_t r[4] = { 1, 2, 0, 0 };
    math_run(r, "MI_MATH LOAD(SRCA,R0) LOAD(SRCB,R1) SUB LOAD(SRCA,CF) LOAD(SRCB,ACCU) AND STORE(R2,ACCU) "
                "LOAD(SRCA,ZF) STORE(R3,SRCA)");
    cr_assert_eq(R(2), 0xFFFFFFFFFFFFFFFFull);
    cr_assert_eq(R(3), 0);
}

Test(cmds, alu_state_resets_at_every_mi_math)
{
    /* §4: SRCA, SRCB, ACCU, ZF, CF reset to 0 at the start of every MI_MATH: the second MI_MATH stores 0s
     * over R2/R3, which held 5 (commits of the new 0 low halves). */
    gtm_mmio_write(m, GPR(4), 5);
    gtm_mmio_write(m, GPR(6), 5);
    RING0("MI_MATH LOAD0(SRCA) LOAD1(SRCB) SUB", "MI_MATH STORE(R2,CF) STORE(R3,ACCU)");
    step_ok(0, 1);
    clear_events();
    step_ok(0, 1);
    uint32_t off[] = { GPR(4), GPR(6) };
    uint32_t val[] = { 0, 0 };
    expect_commits(off, val, 2);
}

Test(cmds, alu_bad_operands_are_unimplemented_without_partial_effects)
{
    static const char *const bad[] = {
        "MI_MATH LOAD(R2,R0)",                   /* LOAD into R2 */
        "MI_MATH STORE(R1,ACCU) STORE(SRCA,ACCU)", /* STORE into SRCA, after a valid store: nothing happens */
        "MI_MATH LOAD(SRCA,SRCB)",               /* SRCB is no LOAD source */
    };
    uint32_t dw[4];
    for (unsigned i = 0; i < 3; i++) {
        teardown();
        setup();
        gtm_mmio_write(m, GPR(0), 1);
        RING0(bad[i]);
        clear_events();
        gtm_retire r;
        cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED, "%s", bad[i]);
        cr_assert(strstr(r.note, "MI_MATH") != NULL, "note names the command: %s", r.note);
        cr_assert_eq(ev.nc, 0);
        cr_assert_eq(peek(RCS + GTREF_ESR), 0, "unimplemented is not an error");
    }
    /* a source above 0x33 and an opcode the encoding does not name (by hand: op << 20 | a << 10 | b) */
    uint32_t raw[2][2] = { { 0x0D000000u, 0x08008034u }, { 0x0D000000u, 0x10500000u } };
    for (unsigned i = 0; i < 2; i++) {
        teardown();
        setup();
        memcpy(dw, raw[i], sizeof raw[i]);
        wr(RING, dw[0]); wr(RING + 4, dw[1]);
        gtm_mmio_write(m, RCS + GTREF_RING_START, RING);
        gtm_mmio_write(m, RCS + GTREF_RING_TAIL, 8);
        gtm_mmio_write(m, RCS + GTREF_RING_CTL, 1);
        cr_assert_eq(step(0), GTM_UNIMPLEMENTED);
    }
}

/* ======================= MI_PREDICATE (§4, A.2, C22) ======================= */

typedef struct pred_case {
    const char *cmd;
    uint64_t src0, src1, data;
    uint32_t old, expect;
} pred_case;

Test(cmds, mi_predicate_every_compare_load_and_combine)
{
    static const pred_case cases[] = {
        /* compare values with LOAD + SET: result = value */
        { "MI_PREDICATE compare=TRUE combine=SET load=LOAD", 0, 0, 0, 0, 1 },
        { "MI_PREDICATE compare=FALSE combine=SET load=LOAD", 0, 0, 0, 1, 0 },
        { "MI_PREDICATE compare=SRCS_EQUAL combine=SET load=LOAD", 0x100000005ull, 0x100000005ull, 0, 0, 1 },
        /* 64-bit compare: equal low halves, different high halves -> not equal */
        { "MI_PREDICATE compare=SRCS_EQUAL combine=SET load=LOAD", 0x100000005ull, 0x200000005ull, 0, 1, 0 },
        /* 0x100000005 - 3 = 0x100000002 == DATA -> 1 */
        { "MI_PREDICATE compare=DELTAS_EQUAL combine=SET load=LOAD", 0x100000005ull, 3, 0x100000002ull, 0, 1 },
        { "MI_PREDICATE compare=DELTAS_EQUAL combine=SET load=LOAD", 0x100000005ull, 3, 2, 1, 0 },
        /* 3 - 5 = 0xFFFFFFFFFFFFFFFE (mod 2^64) */
        { "MI_PREDICATE compare=DELTAS_EQUAL combine=SET load=LOAD", 3, 5, 0xFFFFFFFFFFFFFFFEull, 0, 1 },
        /* LOADINV: !value */
        { "MI_PREDICATE compare=TRUE combine=SET load=LOADINV", 0, 0, 0, 1, 0 },
        { "MI_PREDICATE compare=SRCS_EQUAL combine=SET load=LOADINV", 1, 2, 0, 0, 1 },
        /* KEEP: the result stays, the combine is skipped (SET of FALSE would give 0) */
        { "MI_PREDICATE compare=FALSE combine=SET load=KEEP", 0, 0, 0, 1, 1 },
        { "MI_PREDICATE compare=TRUE combine=XOR load=KEEP", 0, 0, 0, 0, 0 },
        /* combine with P (old bit) and L (loaded bit) */
        { "MI_PREDICATE compare=FALSE combine=AND load=LOAD", 0, 0, 0, 1, 0 },   /* 1 & 0 */
        { "MI_PREDICATE compare=TRUE combine=AND load=LOAD", 0, 0, 0, 1, 1 },    /* 1 & 1 */
        { "MI_PREDICATE compare=TRUE combine=AND load=LOAD", 0, 0, 0, 0, 0 },    /* 0 & 1 */
        { "MI_PREDICATE compare=TRUE combine=OR load=LOAD", 0, 0, 0, 0, 1 },     /* 0 | 1 */
        { "MI_PREDICATE compare=FALSE combine=OR load=LOAD", 0, 0, 0, 0, 0 },    /* 0 | 0 */
        { "MI_PREDICATE compare=FALSE combine=OR load=LOAD", 0, 0, 0, 1, 1 },    /* 1 | 0 */
        { "MI_PREDICATE compare=TRUE combine=XOR load=LOAD", 0, 0, 0, 1, 0 },    /* 1 ^ 1 */
        { "MI_PREDICATE compare=TRUE combine=XOR load=LOAD", 0, 0, 0, 0, 1 },    /* 0 ^ 1 */
        { "MI_PREDICATE compare=FALSE combine=XOR load=LOAD", 0, 0, 0, 1, 1 },   /* 1 ^ 0 */
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const pred_case *c = &cases[i];
        teardown();
        setup();
        gtm_mmio_write(m, RCS + GTREF_MI_PREDICATE_SRC0, (uint32_t)c->src0);
        gtm_mmio_write(m, RCS + GTREF_MI_PREDICATE_SRC0 + 4, (uint32_t)(c->src0 >> 32));
        gtm_mmio_write(m, RCS + GTREF_MI_PREDICATE_SRC1, (uint32_t)c->src1);
        gtm_mmio_write(m, RCS + GTREF_MI_PREDICATE_SRC1 + 4, (uint32_t)(c->src1 >> 32));
        gtm_mmio_write(m, RCS + GTREF_MI_PREDICATE_DATA, (uint32_t)c->data);
        gtm_mmio_write(m, RCS + GTREF_MI_PREDICATE_DATA + 4, (uint32_t)(c->data >> 32));
        gtm_mmio_write(m, RCS + GTREF_MI_PREDICATE_RESULT, c->old);
        RING0(c->cmd);
        clear_events();
        step_ok(0, 1);
        cr_assert_eq(peek(RCS + GTREF_MI_PREDICATE_RESULT), c->expect, "case %u: %s", i, c->cmd);
        /* commit only when it changes */
        int want = c->old != c->expect;
        cr_assert_eq(ev.nc, want + 1, "case %u: %d commits", i, ev.nc);
        if (want) cr_assert_eq(ev.coff[0], RCS + GTREF_MI_PREDICATE_RESULT);
    }
}

Test(cmds, mi_predicate_reserved_load_is_unimplemented)
{
    /* Load Operation 1 is reserved (A.2 names 0, 2, 3): DW0 = 0x06000000 | 1 << 6 */
    wr(RING, 0x06000040u); wr(RING + 4, 0);
    gtm_mmio_write(m, RCS + GTREF_RING_START, RING);
    gtm_mmio_write(m, RCS + GTREF_RING_TAIL, 8);
    gtm_mmio_write(m, RCS + GTREF_RING_CTL, 1);
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
    cr_assert_str_eq(r.note, "MI_PREDICATE load=1");
}

/* ======================= MI_SET_PREDICATE (§4, C23) ======================= */

typedef struct setpred_case { const char *mode; uint32_t result, result2; int writes; } setpred_case;

Test(cmds, mi_set_predicate_every_mode)
{
    static const setpred_case cases[] = {
        { "NOOP_NEVER", 0, 0, 1 }, { "NOOP_NEVER", 1, 1, 1 },
        { "NOOP_ON_RESULT2_CLEAR", 1, 0, 0 }, { "NOOP_ON_RESULT2_CLEAR", 0, 1, 1 },
        { "NOOP_ON_RESULT2_SET", 0, 1, 0 }, { "NOOP_ON_RESULT2_SET", 1, 0, 1 },
        { "NOOP_ON_RESULT_CLEAR", 0, 1, 0 }, { "NOOP_ON_RESULT_CLEAR", 1, 0, 1 },
        { "NOOP_ON_RESULT_SET", 1, 0, 0 }, { "NOOP_ON_RESULT_SET", 0, 1, 1 },
        { "NOOP_ALWAYS", 1, 1, 0 }, { "NOOP_ALWAYS", 0, 0, 0 },
    };
    char text[96];
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        teardown();
        setup();
        gtm_mmio_write(m, RCS + GTREF_MI_PREDICATE_RESULT, cases[i].result);
        gtm_mmio_write(m, RCS + GTREF_MI_PREDICATE_RESULT_2, cases[i].result2);
        snprintf(text, sizeof text, "MI_SET_PREDICATE enable=%s", cases[i].mode);
        RING0(text, "MI_STORE_DATA_IMM addr=0x400000 data=0x1234", "MI_SET_PREDICATE enable=NOOP_NEVER",
              "MI_STORE_DATA_IMM addr=0x400008 data=0x5678");
        clear_events();
        step_ok(0, 4);
        /* the NOOPed SDI still moves RING_HEAD (a NOOP of its length: 4 + 1 .. 4 + 4 dwords = 0x14) */
        cr_assert_eq(ev.nc, 4, "case %u: four RING_HEAD commits", i);
        cr_assert_eq(ev.cval[1], 0x14u);
        cr_assert_eq(ev.nw, cases[i].writes + 1, "case %u (%s, R=%u R2=%u)", i, cases[i].mode, cases[i].result,
                     cases[i].result2);
        cr_assert_eq(rd(0x400000), cases[i].writes ? 0x1234u : 0u);
        cr_assert_eq(rd(0x400008), 0x5678u, "NOOP_NEVER ends the predication");
    }
}

Test(cmds, mi_set_predicate_does_not_noop_batch_start_and_end)
{
    gtm_mmio_write(m, RCS + GTREF_MI_PREDICATE_RESULT, 0);
    BATCH(0x200000, "MI_STORE_DATA_IMM addr=0x400000 data=0x1", "MI_SET_PREDICATE enable=NOOP_NEVER",
          "MI_BATCH_BUFFER_END");
    RING0("MI_SET_PREDICATE enable=NOOP_ON_RESULT_CLEAR", "MI_BATCH_BUFFER_START addr=0x200000",
          "MI_STORE_DATA_IMM addr=0x400008 data=0x2");
    step_ok(0, 2);
    cr_assert(gtm_engine_in_batch(m, 0), "MI_BATCH_BUFFER_START is exempt");
    step_ok(0, 3);
    cr_assert(!gtm_engine_in_batch(m, 0));
    cr_assert_eq(rd(0x400000), 0, "the batch's SDI was a NOOP (RESULT clear)");
    step_ok(0, 1);
    cr_assert_eq(rd(0x400008), 2);
}

Test(cmds, mi_set_predicate_slice_modes_are_unimplemented)
{
    RING0("MI_SET_PREDICATE enable=EXECUTE_ONE_SLICE");
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
    cr_assert(strstr(r.note, "MI_SET_PREDICATE") != NULL);
}

/* ======================= MI_ATOMIC (§5, A.3, C28) ======================= */

typedef struct atomic_case {
    const char *op; int qword; uint64_t old, op1, op2, expect;
} atomic_case;

static void atomic_check(const atomic_case *c, int ret, uint64_t addr)
{
    char text[200];
    teardown();
    setup();
    wr(addr, (uint32_t)c->old);
    if (c->qword) wr(addr + 4, (uint32_t)(c->old >> 32));
    gtm_mmio_write(m, GPR(8), 0x99u);   /* R4 low and high before the return data (C28) */
    gtm_mmio_write(m, GPR(9), 0x55u);
    snprintf(text, sizeof text, "MI_ATOMIC op=%s%s inline size=%s addr=0x%llx op1_0=0x%x op2_0=0x%x op1_1=0x%x op2_1=0x%x",
             c->op, ret ? " return_data" : "", c->qword ? "QWORD" : "DWORD", (unsigned long long)addr,
             (uint32_t)c->op1, (uint32_t)c->op2, (uint32_t)(c->op1 >> 32), (uint32_t)(c->op2 >> 32));
    RING0(text);
    clear_events();
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED, "%s: %s", text, r.note);
    cr_assert_eq(ev.nw, 1, "%s: one write", c->op);
    if (c->qword) {
        cr_assert_eq(ev.waddr[0], addr);
        cr_assert_eq(ev.wbe[0], 0xFF);
        cr_assert_eq(ev.wdata[0], c->expect, "%s: 0x%llx", c->op, (unsigned long long)ev.wdata[0]);
    } else {
        cr_assert_eq(ev.waddr[0], addr & ~7ull);
        cr_assert_eq(ev.wbe[0], (addr & 4) ? 0xF0 : 0x0F);
        cr_assert_eq((uint32_t)(ev.wdata[0] >> ((addr & 4) ? 32 : 0)), (uint32_t)c->expect, "%s", c->op);
    }
    cr_assert_eq(rd(addr), (uint32_t)c->expect);
    if (ret) {   /* C28: the OLD value into R4 (CS_GPR8; CS_GPR9 for a qword only: a dword leaves it) */
        cr_assert_eq(peek(GPR(8)), (uint32_t)c->old, "%s: GPR8", c->op);
        cr_assert_eq(peek(GPR(9)), c->qword ? (uint32_t)(c->old >> 32) : 0x55u, "%s: GPR9", c->op);
        cr_assert_eq(peek(GPR(0)), 0u, "%s: R0 untouched", c->op);
    } else {
        cr_assert_eq(peek(GPR(8)), 0x99u);
        cr_assert_eq(ev.nc, 1, "%s: only RING_HEAD", c->op);
    }
}

Test(cmds, mi_atomic_every_dword_op_with_and_without_return_data)
{
    /* old = 10 (0xA); op1 = 6 unless noted. Values by hand from docs/commands.md §5's list. */
    static const atomic_case cases[] = {
        { "AND", 0, 0xA, 6, 0, 0x2 }, { "OR", 0, 0xA, 6, 0, 0xE }, { "XOR", 0, 0xA, 6, 0, 0xC },
        { "MOVE", 0, 0xA, 6, 0, 0x6 }, { "INC", 0, 0xA, 0, 0, 0xB }, { "DEC", 0, 0xA, 0, 0, 0x9 },
        { "DEC", 0, 0x0, 0, 0, 0xFFFFFFFF }, { "ADD", 0, 0xA, 6, 0, 0x10 }, { "ADD", 0, 0xFFFFFFFF, 2, 0, 0x1 },
        { "SUB", 0, 0xA, 6, 0, 0x4 }, { "RSUB", 0, 0xA, 6, 0, 0xFFFFFFFC },
        /* signed: 10 > -1 */
        { "IMAX", 0, 0xA, 0xFFFFFFFF, 0, 0xA }, { "IMIN", 0, 0xA, 0xFFFFFFFF, 0, 0xFFFFFFFF },
        /* unsigned: 0xFFFFFFFF > 10 */
        { "UMAX", 0, 0xA, 0xFFFFFFFF, 0, 0xFFFFFFFF }, { "UMIN", 0, 0xA, 0xFFFFFFFF, 0, 0xA },
        { "CMP_WR", 0, 0xA, 0xA, 0x77, 0x77 }, { "CMP_WR", 0, 0xA, 0xB, 0x77, 0xA },
        { "PREDEC", 0, 0xA, 0, 0, 0x9 },
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        atomic_check(&cases[i], 0, 0x500000);
        atomic_check(&cases[i], 1, 0x500004);
    }
}

Test(cmds, mi_atomic_every_qword_op_with_and_without_return_data)
{
    /* old = 0x0000000100000000 */
    static const atomic_case cases[] = {
        { "AND8B", 1, 0x100000000ull, 0x1FFFFFFFFull, 0, 0x100000000ull },
        { "OR8B", 1, 0x100000000ull, 0xF, 0, 0x10000000Full },
        { "XOR8B", 1, 0x100000000ull, 0x100000001ull, 0, 0x1 },
        { "MOVE8B", 1, 0x100000000ull, 0x123456789ABCDEF0ull, 0, 0x123456789ABCDEF0ull },
        { "INC8B", 1, 0x100000000ull, 0, 0, 0x100000001ull },
        { "DEC8B", 1, 0x100000000ull, 0, 0, 0xFFFFFFFFull },
        { "ADD8B", 1, 0x100000000ull, 0xFFFFFFFFull, 0, 0x1FFFFFFFFull },
        { "SUB8B", 1, 0x100000000ull, 1, 0, 0xFFFFFFFFull },
        { "RSUB8B", 1, 0x100000000ull, 0x200000000ull, 0, 0x100000000ull },
        { "IMAX8B", 1, 0x100000000ull, 0xFFFFFFFFFFFFFFFFull, 0, 0x100000000ull },
        { "IMIN8B", 1, 0x100000000ull, 0xFFFFFFFFFFFFFFFFull, 0, 0xFFFFFFFFFFFFFFFFull },
        { "UMAX8B", 1, 0x100000000ull, 0xFFFFFFFFFFFFFFFFull, 0, 0xFFFFFFFFFFFFFFFFull },
        { "UMIN8B", 1, 0x100000000ull, 0xFFFFFFFFFFFFFFFFull, 0, 0x100000000ull },
        { "CMP_WR8B", 1, 0x100000000ull, 0x100000000ull, 0x5, 0x5 },
        { "CMP_WR8B", 1, 0x100000000ull, 0x000000000ull, 0x5, 0x100000000ull },
        { "PREDEC8B", 1, 0x100000000ull, 0, 0, 0xFFFFFFFFull },
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        atomic_check(&cases[i], 0, 0x500008);
        atomic_check(&cases[i], 1, 0x500008);
    }
}

Test(cmds, mi_atomic_return_data_commits_only_changed_halves)
{
    /* C28: qword INC8B of 0x0000000100000000 with return: R4 low GPR8 := 0 (was 0: no commit), GPR9 := 1 (commit) */
    wr(0x500008, 0); wr(0x50000C, 1);
    RING0("MI_ATOMIC op=INC8B return_data size=QWORD addr=0x500008");
    clear_events();
    step_ok(0, 1);
    uint32_t off[] = { GPR(9) };
    uint32_t val[] = { 1 };
    expect_commits(off, val, 1);
    cr_assert_eq(rd(0x500008), 1);
}

Test(cmds, mi_atomic_unimplemented_uses)
{
    static const char *const bad[] = {
        "MI_ATOMIC op=ADD size=OCTWORD inline addr=0x500000",
        "MI_ATOMIC op=CMP_WR16B size=OCTWORD inline addr=0x500000",
        "MI_ATOMIC op=ADD8B size=DWORD inline addr=0x500000",
        "MI_ATOMIC op=ADD size=QWORD inline addr=0x500000",
        "MI_ATOMIC op=INC8B size=QWORD addr=0x500004",        /* qword not 8-aligned */
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        teardown();
        setup();
        RING0(bad[i]);
        clear_events();
        gtm_retire r;
        cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED, "%s", bad[i]);
        cr_assert(strncmp(r.note, "MI_ATOMIC", 9) == 0, "%s", r.note);
        cr_assert_eq(ev.nw + ev.nc, 0);
    }
}

/* C28: without Inline Data, operand 1 is R0 = {CS_GPR1, CS_GPR0} and operand 2 is R2 = {CS_GPR5, CS_GPR4} (their low
 * dwords for a DWORD op); R1 (GPR2/3) is not an operand. */
Test(cmds, mi_atomic_gpr_operands_are_r0_and_r2)
{
    gtm_mmio_write(m, GPR(0), 7);            /* R0 low: op1 */
    gtm_mmio_write(m, GPR(1), 0x100);        /* R0 high */
    gtm_mmio_write(m, GPR(2), 0xEEE);        /* R1: not an operand */
    gtm_mmio_write(m, GPR(4), 0x33);         /* R2 low: op2 */
    gtm_mmio_write(m, GPR(5), 0x200);        /* R2 high */
    wr(0x500000, 5);
    wr(0x500010, 7); wr(0x500014, 0x100);   /* qword 0x0000010000000007 = R0 */
    RING0("MI_ATOMIC op=ADD return_data addr=0x500000",              /* 5 + 7 = 12; R4 low := 5 */
          "MI_ATOMIC op=CMP_WR8B size=QWORD addr=0x500010");          /* old == R0: writes R2 */
    clear_events();
    step_ok(0, 1);
    cr_assert_eq(ev.nw, 1);
    cr_assert_eq(ev.wbe[0], 0x0F);
    cr_assert_eq(ev.wdata[0], 12u);
    uint32_t off[] = { GPR(8) };
    uint32_t val[] = { 5 };
    expect_commits(off, val, 1);
    clear_events();
    step_ok(0, 1);
    cr_assert_eq(ev.nw, 1);
    cr_assert_eq(ev.waddr[0], 0x500010u);
    cr_assert_eq(ev.wbe[0], 0xFF);
    cr_assert_eq(ev.wdata[0], 0x0000020000000033ull);
}

/* C28: the 5-dword (DWORD) and 7-dword (QWORD) inline forms: op1 Dword 0 at DW3, op2 Dword 0 at DW4, op1 Dword 1 at
 * DW5, op2 Dword 1 at DW6. */
Test(cmds, mi_atomic_short_inline_forms)
{
    uint32_t dw[16];
    cr_assert_eq(as("MI_ATOMIC op=CMP_WR inline addr=0x500000 op1_0=0x5 op2_0=0x9 len=5", dw), 5u);
    cr_assert_eq(as("MI_ATOMIC op=CMP_WR8B inline size=QWORD addr=0x500008 op1_0=0x1 op2_0=0x3 op1_1=0x2 op2_1=0x4 len=7",
                    dw), 7u);
    cr_assert_eq(dw[3], 1u); cr_assert_eq(dw[4], 3u); cr_assert_eq(dw[5], 2u); cr_assert_eq(dw[6], 4u);
    wr(0x500000, 5);
    wr(0x500008, 1); wr(0x50000C, 2);   /* old qword 0x0000000200000001 = op1 */
    RING0("MI_ATOMIC op=CMP_WR inline addr=0x500000 op1_0=0x5 op2_0=0x9 len=5",
          "MI_ATOMIC op=CMP_WR8B inline size=QWORD return_data addr=0x500008 op1_0=0x1 op2_0=0x3 op1_1=0x2 op2_1=0x4 len=7",
          "MI_ATOMIC op=ADD inline addr=0x500000 op1_0=0x10 len=5");
    clear_events();
    step_ok(0, 1);
    cr_assert_eq(ev.nw, 1);
    cr_assert_eq(ev.wdata[0], 9u, "5 == op1 5: op2 9 is written");
    clear_events();
    step_ok(0, 1);
    cr_assert_eq(ev.nw, 1);
    cr_assert_eq(ev.wdata[0], 0x0000000400000003ull);
    uint32_t off[] = { GPR(8), GPR(9) };
    uint32_t val[] = { 1, 2 };
    expect_commits(off, val, 2);
    clear_events();
    step_ok(0, 1);
    cr_assert_eq(rd(0x500000), 0x19u);
}

/* ======================= MI_SEMAPHORE_WAIT poll mode (§5, C27) ======================= */

typedef struct sem_case { const char *op; uint32_t met, not_met; } sem_case;

Test(cmds, mi_semaphore_wait_every_compare_met_and_not_met)
{
    /* SAD (memory) = 5; SDD chosen so that "5 OP SDD" holds (met) or not */
    static const sem_case cases[] = {
        { "SAD_GT_SDD", 4, 5 }, { "SAD_GTE_SDD", 5, 6 }, { "SAD_LT_SDD", 6, 5 },
        { "SAD_LTE_SDD", 5, 4 }, { "SAD_EQ_SDD", 5, 4 }, { "SAD_NEQ_SDD", 4, 5 },
    };
    char a[128], b[128];
    for (unsigned i = 0; i < 6; i++) {
        teardown();
        setup();
        wr(0x600000, 5);
        snprintf(a, sizeof a, "MI_SEMAPHORE_WAIT compare=%s poll data=0x%x addr=0x600000", cases[i].op, cases[i].met);
        snprintf(b, sizeof b, "MI_SEMAPHORE_WAIT compare=%s poll data=0x%x addr=0x600000", cases[i].op, cases[i].not_met);
        RING0(a, b);
        clear_events();
        step_ok(0, 1);
        cr_assert_eq(ev.nc, 1);
        cr_assert_eq(ev.cval[0], 0x10u);
        cr_assert_eq(step(0), GTM_STALLED, "%s with SDD %u must wait", cases[i].op, cases[i].not_met);
        cr_assert_eq(step(0), GTM_STALLED);
        cr_assert_eq(ev.nc, 1, "no RING_HEAD commit while waiting");
        /* make the second condition hold: */
        switch (i) {
        case 0: wr(0x600000, 6); break;   /* 6 > 5 */
        case 1: wr(0x600000, 6); break;   /* 6 >= 6 */
        case 2: wr(0x600000, 4); break;   /* 4 < 5 */
        case 3: wr(0x600000, 4); break;   /* 4 <= 4 */
        case 4: wr(0x600000, 4); break;   /* 4 == 4 */
        default: wr(0x600000, 6); break;  /* 6 != 5 */
        }
        step_ok(0, 1);
        cr_assert_eq(ev.cval[1], 0x20u);
    }
}

Test(cmds, mi_semaphore_wait_in_a_batch_stalls_on_the_same_command)
{
    BATCH(0x200000, "MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD poll data=0x1 addr=0x600000", "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START addr=0x200000");
    step_ok(0, 1);
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_STALLED);
    wr(0x600000, 1);
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    cr_assert_eq(r.addr, 0x200000u);
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    cr_assert_eq(r.addr, 0x200010u);
}

/* §5, C32: a signal-mode wait completes in the model when its condition holds in the model's memory, exactly as
 * in poll mode; while it does not, GTM_STALLED with the whole wait in gtm_retire (the scoreboard reads its
 * semaphore address from there). */
Test(cmds, mi_semaphore_wait_signal_mode_completes_on_its_condition)
{
    wr(0x600000, 7);
    RING0("MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD data=0x7 addr=0x600000",     /* met at once */
          "MI_SEMAPHORE_WAIT compare=SAD_GT_SDD data=0x7 addr=0x600040");     /* 0 > 7 does not hold */
    clear_events();
    step_ok(0, 1);
    uint32_t none[1];
    expect_commits(none, none, 0);   /* RING_HEAD only */
    cr_assert_eq(ev.nc, 1);
    cr_assert_eq(ev.cval[0], 0x10u);
    cr_assert_eq(ev.nw, 0);
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_STALLED);
    cr_assert_eq(r.len, 4, "a stalled wait is reported whole");
    cr_assert_eq(r.addr, RING + 0x10u);
    cr_assert_eq(GTREF_GET(r.dw, MI_SEMAPHORE_WAIT_ADDR), 0x600040u);
    cr_assert_eq(GTREF_GET(r.dw, MI_SEMAPHORE_WAIT_POLL), 0);
    cr_assert_eq(ev.nc, 1, "nothing committed while waiting");
    wr(0x600040, 8);
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    cr_assert_eq(ev.cval[1], 0x20u);
}

Test(cmds, mi_semaphore_wait_compare_6_7_are_unimplemented_in_every_mode)
{
    gtm_retire r;
    for (uint32_t op = 6; op <= 7; op++)
        for (uint32_t mode = 0; mode <= 2; mode++) {   /* signal, poll, register poll (C27, C32, C33) */
            teardown();
            setup();
            RING0("MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD data=0x0 addr=0x600000");
            /* Compare Operation [14:12], Wait Mode [15], Register Poll Mode [16] */
            wr(RING, (rd(RING) & ~0xF000u) | op << 12 | (mode == 1 ? 1u << 15 : 0) | (mode == 2 ? 1u << 16 : 0));
            cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
            cr_assert_str_eq(r.note, "MI_SEMAPHORE_WAIT compare>5");
            cr_assert_eq(peek(RCS + GTREF_RING_HEAD), 0);
        }
}

/* C33: register poll compares the issuing engine's register at the absolute offset DW2[22:2] with SDD until the
 * condition holds; no memory operand; Wait Mode and Memory Type ignored; never a signal-mode wait. */
Test(cmds, mi_semaphore_wait_register_poll)
{
    wr(0x2600, 5);   /* memory at the same address: not read */
    RING0("MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD reg_poll data=0x5 addr=0x2600",        /* RCS0.CS_GPR0 == 5 */
          "MI_SEMAPHORE_WAIT compare=SAD_GT_SDD poll reg_poll ggtt data=0x2 addr=0x2604");  /* CS_GPR1 > 2 */
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_STALLED, "GPR0 is 0");
    cr_assert(!gtm_is_signal_wait(&r), "register poll is not signal mode");
    cr_assert_eq(ev.nw, 0);
    gtm_mmio_write(m, GPR(0), 5);
    clear_events();
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    cr_assert_eq(ev.nc, 1, "RING_HEAD only");
    cr_assert_eq(ev.nw, 0);
    cr_assert_eq(gtm_step(m, 0, &r), GTM_STALLED);
    gtm_mmio_write(m, GPR(1), 3);
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    /* its own CS_GPR0 at 0x22600 is compared as it is; another engine's register (RCS0.CS_GPR0 from BCS0) is
     * unimplemented (C14: the hardware reads it, the kit has no path), nothing changes, RING_HEAD stays */
    gtm_mmio_write(m, BCS + 0x600, 9);
    RING1("MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD reg_poll data=0x9 addr=0x22600",
          "MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD reg_poll data=0x8 addr=0x22600");
    step_ok(1, 1);
    cr_assert_eq(gtm_step(m, 1, &r), GTM_STALLED);
    teardown();
    setup();
    RING1("MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD reg_poll data=0x0 addr=0x2600");
    clear_events();
    cr_assert_eq(gtm_step(m, 1, &r), GTM_UNIMPLEMENTED);
    cr_assert_str_eq(r.note, "MI_SEMAPHORE_WAIT read 0x02600 outside the engine (C14)");
    cr_assert_eq(ev.nc, 0);
    cr_assert_eq(peek(BCS + GTREF_RING_HEAD), 0);
}

Test(cmds, mi_semaphore_signal_has_no_effect_but_ring_head)
{
    static const char *const targets[] = { "RCS", "VCS0", "BCS", "VECS", "VCS1" };
    char text[5][96];
    for (int i = 0; i < 5; i++)
        snprintf(text[i], sizeof text[i], "MI_SEMAPHORE_SIGNAL target=%s%s context=0x%x", targets[i],
                 i % 2 ? " post_sync" : "", 0x10u * (unsigned)i);
    RING0(text[0], text[1], text[2], text[3], text[4]);
    clear_events();
    step_ok(0, 5);
    cr_assert_eq(ev.nw, 0);
    cr_assert_eq(ev.nirq, 0);
    cr_assert_eq(ev.nc, 5);
    for (int i = 0; i < 5; i++) {
        cr_assert_eq(ev.coff[i], RCS + GTREF_RING_HEAD);
        cr_assert_eq(ev.cval[i], 8u * (unsigned)(i + 1));
    }
    BATCH(0x200000, "MI_SEMAPHORE_SIGNAL target=BCS", "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START addr=0x200000");
    step_ok(0, 1);
    clear_events();
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    cr_assert_eq(r.addr, 0x200000u);
    cr_assert_eq(ev.nc + ev.nw + ev.nirq, 0, "in a batch: nothing at all");
    /* on BCS0 too (every engine accepts it) */
    RING1("MI_SEMAPHORE_SIGNAL target=RCS");
    step_ok(1, 1);
    cr_assert_eq(peek(BCS + GTREF_ESR), 0);
}

Test(cmds, mi_semaphore_signal_reserved_target_is_unimplemented)
{
    /* C32: Target Engine Select DW0[18:15]; 5 and 15 name no engine */
    for (uint32_t t = 5; t <= 15; t += 10) {
        teardown();
        setup();
        RING0("MI_SEMAPHORE_SIGNAL target=RCS");
        wr(RING, rd(RING) | t << 15);
        gtm_retire r;
        cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
        cr_assert_str_eq(r.note, t == 5 ? "MI_SEMAPHORE_SIGNAL target=5" : "MI_SEMAPHORE_SIGNAL target=15");
        cr_assert_eq(peek(RCS + GTREF_RING_HEAD), 0);
        cr_assert_eq(peek(RCS + GTREF_ESR), 0, "unimplemented, not illegal");
    }
}

Test(cmds, mi_semaphore_signal_to_engines_the_kit_lacks_has_no_effect)
{
    /* C32: 4 (VCS1), 6..11 (VCS2..VCS7), 12..14 (VECS1..VECS3): engines the kit lacks, no effect but RING_HEAD */
    static const uint32_t t[] = { 4, 6, 7, 8, 9, 10, 11, 12, 13, 14 };
    for (unsigned i = 0; i < 10; i++) {
        RING0("MI_SEMAPHORE_SIGNAL target=RCS");
        wr(RING + ring_tail[0] - 8, rd(RING + ring_tail[0] - 8) | t[i] << 15);
    }
    clear_events();
    step_ok(0, 10);
    cr_assert_eq(ev.nw + ev.nirq, 0);
    cr_assert_eq(ev.nc, 10, "RING_HEAD only");
    cr_assert_eq(peek(RCS + GTREF_ESR), 0);
}

Test(cmds, nooped_semaphore_commands_say_so)
{
    RING0("MI_SET_PREDICATE enable=NOOP_ALWAYS",
          "MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD data=0x1 addr=0x600000",   /* would wait: SAD is 0 */
          "MI_SEMAPHORE_SIGNAL target=BCS",
          "MI_SET_PREDICATE enable=NOOP_NEVER",
          "MI_SEMAPHORE_SIGNAL target=BCS");
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    cr_assert(!r.nooped, "MI_SET_PREDICATE itself is never NOOPed");
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    cr_assert(r.nooped);
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    cr_assert(r.nooped);
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED);
    cr_assert(!r.nooped);
}

/* gtm_peek: the next command, decoded, with nothing executed. */
Test(cmds, peek_decodes_the_next_command_without_executing_it)
{
    gtm_retire r;
    cr_assert_eq(gtm_peek(m, 0, &r), GTM_IDLE);
    RING0("MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD data=0x1 addr=0x600000", "MI_STORE_DATA_IMM addr=0x400000 data=0x5");
    clear_events();
    for (int i = 0; i < 2; i++) {
        cr_assert_eq(gtm_peek(m, 0, &r), GTM_RETIRED, "a whole command is there");
        cr_assert_eq(r.addr, RING);
        cr_assert_eq(r.len, 4);
        cr_assert_eq(GTREF_GET(r.dw, MI_SEMAPHORE_WAIT_ADDR), 0x600000u);
    }
    cr_assert_eq(step(0), GTM_STALLED, "peeking did not execute it");
    wr(0x600000, 1);
    step_ok(0, 1);
    cr_assert_eq(gtm_peek(m, 0, &r), GTM_RETIRED);
    cr_assert_eq(r.addr, RING + 0x10u);
    cr_assert_eq(ev.nc, 1, "only the wait's RING_HEAD");
    cr_assert_eq(ev.nw, 0);
    cr_assert_eq(rd(0x400000), 0);
    step_ok(0, 1);
    cr_assert_eq(rd(0x400000), 5);
    /* not wholly before TAIL: STALLED with DW0 only */
    wr(RING + 0x20u, 0x10000002u);   /* MI_STORE_DATA_IMM DW0, 4 dwords */
    gtm_mmio_write(m, RCS + GTREF_RING_TAIL, 0x28u);
    cr_assert_eq(gtm_peek(m, 0, &r), GTM_STALLED);
    cr_assert_eq(r.len, 1);
    /* illegal: reported, not raised */
    teardown();
    setup();
    RING0("MI_NOOP");
    wr(RING, 0x0F800000u);   /* MI opcode 0x1F: no such command */
    cr_assert_eq(gtm_peek(m, 0, &r), GTM_ERROR);
    cr_assert_eq(peek(RCS + GTREF_ESR), 0);
    cr_assert(!gtm_engine_halted(m, 0));
    cr_assert_eq(step(0), GTM_ERROR);
    cr_assert_eq(gtm_peek(m, 0, &r), GTM_HALTED);
}

/* ======================= batch buffers (§3, C15-C17, C26) ======================= */

static uint64_t last_addr;
static int step_at(int e)
{
    gtm_retire r;
    int st = gtm_step(m, e, &r);
    last_addr = r.addr;
    return st;
}

Test(cmds, second_level_call_and_return)
{
    BATCH(0x200000, "MI_BATCH_BUFFER_START second addr=0x300000", "MI_STORE_DATA_IMM addr=0x400000 data=0x2",
          "MI_BATCH_BUFFER_END");
    BATCH(0x300000, "MI_STORE_DATA_IMM addr=0x400008 data=0x1", "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START addr=0x200000", "MI_NOOP");
    cr_assert_eq(step_at(0), GTM_RETIRED);
    clear_events();
    cr_assert_eq(step_at(0), GTM_RETIRED);   /* the call */
    cr_assert_eq(last_addr, 0x200000u);
    /* §3: SBB_ADDR = addr[31:0]; SBB_ADDR_UDW (0) and SBB_STATE (0, GGTT first level) unchanged */
    uint32_t off[] = { RCS + GTREF_SBB_ADDR };
    uint32_t val[] = { 0x300000u };
    expect_commits(off, val, 1);
    cr_assert_eq(step_at(0), GTM_RETIRED);
    cr_assert_eq(last_addr, 0x300000u);
    cr_assert_eq(step_at(0), GTM_RETIRED);   /* second-level BBE: return */
    cr_assert_eq(last_addr, 0x300010u);
    cr_assert(gtm_engine_in_batch(m, 0));
    cr_assert_eq(step_at(0), GTM_RETIRED);   /* the dword after the call (3 dwords) */
    cr_assert_eq(last_addr, 0x20000Cu);
    cr_assert_eq(rd(0x400000), 2);
    cr_assert_eq(step_at(0), GTM_RETIRED);   /* first-level BBE: back to the ring */
    cr_assert(!gtm_engine_in_batch(m, 0));
    cr_assert_eq(step_at(0), GTM_RETIRED);
    cr_assert_eq(last_addr, RING + 12u);
    cr_assert_eq(step(0), GTM_IDLE);
}

Test(cmds, chaining_at_the_second_level_and_return_to_the_first)
{
    /* from a second level, BBS chains at second level whatever `second` says (both forms tried) */
    BATCH(0x200000, "MI_BATCH_BUFFER_START second addr=0x300000", "MI_BATCH_BUFFER_END");
    BATCH(0x300000, "MI_BATCH_BUFFER_START addr=0x310000");
    BATCH(0x310000, "MI_BATCH_BUFFER_START second addr=0x320000");
    BATCH(0x320000, "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START addr=0x200000");
    step_ok(0, 2);
    clear_events();
    cr_assert_eq(step_at(0), GTM_RETIRED);
    uint32_t off[] = { RCS + GTREF_SBB_ADDR };
    uint32_t val1[] = { 0x310000u };
    expect_commits(off, val1, 1);
    clear_events();
    cr_assert_eq(step_at(0), GTM_RETIRED);
    uint32_t val2[] = { 0x320000u };
    expect_commits(off, val2, 1);
    cr_assert_eq(step_at(0), GTM_RETIRED);   /* BBE at 0x320000: back to the first level */
    cr_assert_eq(last_addr, 0x320000u);
    cr_assert_eq(step_at(0), GTM_RETIRED);
    cr_assert_eq(last_addr, 0x20000Cu);
    cr_assert(!gtm_engine_in_batch(m, 0));
}

Test(cmds, first_level_start_and_chain_commit_bb_registers_with_udw_and_ppgtt)
{
    /* addr 0x0000000100200000: BB_ADDR = 0x00200000, BB_ADDR_UDW = addr[47:32] = 1, BB_STATE = 0x20 (ppgtt),
     * in that order, then RING_HEAD (the last commit of a ring command, C15). Above 4 GB the batch is fetched
     * through the PPGTT (docs/gam.md GAM-2, GAM-4): RING_MODE[9] on, PML4 at 0x800000 mapping the page to itself. */
    uint64_t next = 0x801000;
    test_ppgtt_map(gtm_mem(m), 0x800000, &next, 0x100200000ull, 0x100200000ull);
    gtm_mmio_write(m, RCS + GTREF_PDP0_LDW, 0x800000);
    gtm_mmio_write(m, RCS + GTREF_PP_DCLV, 1);                                     /* PML4 entries 0..15 */
    gtm_mmio_write(m, RCS + GTREF_RING_MODE, GTREF_MODE_PPGTT_ENABLE << 16 | GTREF_MODE_PPGTT_ENABLE);
    BATCH(0x100200000ull, "MI_BATCH_BUFFER_START addr=0x200100");
    BATCH(0x200100, "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START ppgtt addr=0x100200000");
    clear_events();
    step_ok(0, 1);
    cr_assert_eq(ev.nc, 4);
    cr_assert_eq(ev.coff[0], RCS + GTREF_BB_ADDR);     cr_assert_eq(ev.cval[0], 0x00200000u);
    cr_assert_eq(ev.coff[1], RCS + GTREF_BB_ADDR_UDW); cr_assert_eq(ev.cval[1], 1u);
    cr_assert_eq(ev.coff[2], RCS + GTREF_BB_STATE);    cr_assert_eq(ev.cval[2], 0x20u);
    cr_assert_eq(ev.coff[3], RCS + GTREF_RING_HEAD);   cr_assert_eq(ev.cval[3], 0xCu);
    clear_events();
    /* first-level chain with ppgtt = 0 from a PPGTT batch: effective bit 0 | 1 = 1 (C10), so BB_STATE stays 0x20 (no
     * commit) and the batch at 0x200100 is fetched through the PPGTT: map it to physical 0x500100 */
    test_ppgtt_map(gtm_mem(m), 0x800000, &next, 0x200000ull, 0x500000ull);
    BATCH(0x500100, "MI_BATCH_BUFFER_END");
    wr(0x200100, 0xFFFFFFFFu);   /* the GGTT view of the page: an illegal DW0 if it were fetched from there */
    step_ok(0, 1);   /* BB_ADDR 0x200100, UDW 0 */
    uint32_t off[] = { RCS + GTREF_BB_ADDR, RCS + GTREF_BB_ADDR_UDW };
    uint32_t val[] = { 0x200100u, 0 };
    expect_commits(off, val, 2);
    cr_assert_eq(peek(RCS + GTREF_BB_STATE), 0x20u);
    step_ok(0, 1);   /* MI_BATCH_BUFFER_END read at physical 0x500100 */
    cr_assert(!gtm_engine_in_batch(m, 0));
}

Test(cmds, second_level_sbb_state_is_its_own_bit_or_the_first_levels)
{
    /* C10, C16: SBB_STATE bit 5 = the second level's effective bit = its own ASI OR the calling first level's.
     * RING_MODE[9] = 0 here: every fetch is GGTT (GAM-2) whatever the effective bit, so only the bits are seen. */
    BATCH(0x200000, "MI_BATCH_BUFFER_START second addr=0x300000");
    BATCH(0x300000, "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START ppgtt addr=0x200000");
    step_ok(0, 1);
    clear_events();
    step_ok(0, 1);
    /* PPGTT first level, call with ppgtt = 0: 0 | 1 = 1 */
    uint32_t off[] = { RCS + GTREF_SBB_ADDR, RCS + GTREF_SBB_STATE };
    uint32_t val[] = { 0x300000u, 0x20u };
    expect_commits(off, val, 2);
    /* GGTT first level, call with ppgtt = 1: 1 | 0 = 1; then a second-level chain with ppgtt = 0 from that PPGTT second
     * level: 0 | 1 = 1 (no SBB_STATE commit); a GGTT first level, call with ppgtt = 0: 0 (committed from 0x20) */
    teardown();
    setup();
    BATCH(0x200000, "MI_BATCH_BUFFER_START second ppgtt addr=0x300000", "MI_BATCH_BUFFER_START second addr=0x400000",
          "MI_BATCH_BUFFER_END");
    BATCH(0x300000, "MI_BATCH_BUFFER_START addr=0x310000");
    BATCH(0x310000, "MI_BATCH_BUFFER_END");
    BATCH(0x400000, "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START addr=0x200000");
    step_ok(0, 1);
    cr_assert_eq(peek(RCS + GTREF_BB_STATE), 0);
    clear_events();
    step_ok(0, 1);
    uint32_t val2[] = { 0x300000u, 0x20u };
    expect_commits(off, val2, 2);
    clear_events();
    step_ok(0, 1);   /* the second-level chain */
    uint32_t off3[] = { RCS + GTREF_SBB_ADDR };
    uint32_t val3[] = { 0x310000u };
    expect_commits(off3, val3, 1);
    step_ok(0, 1);   /* MI_BATCH_BUFFER_END: back to the first level */
    clear_events();
    step_ok(0, 1);   /* the GGTT first level calls with ppgtt = 0 */
    uint32_t val4[] = { 0x400000u, 0 };
    expect_commits(off, val4, 2);
    cr_assert_eq(peek(RCS + GTREF_BB_STATE), 0, "the first level stays GGTT");
}

/* C10, C13: a chain or a second level of a PPGTT batch is non-privileged whatever its own bit; of a GGTT batch it follows
 * its own bit. Probe: an LRI of RCS0.HWS_PGA (privileged, no FORCE_TO_NONPRIV entry) commits only from a privileged
 * batch; from a non-privileged one it is a privilege violation (C41: ESR = 4). */
static void priv_probe(const char *start1, const char *start2, bool expect_priv, uint32_t bb_state, uint32_t sbb_state)
{
    teardown();
    setup();
    BATCH(0x200000, start2);
    BATCH(0x300000, "MI_LOAD_REGISTER_IMM RCS0.HWS_PGA=0x00009000", "MI_BATCH_BUFFER_END");
    RING0(start1);
    step_ok(0, 3);   /* the start, the chain or call, the LRI */
    cr_assert_eq(gtm_engine_in_batch(m, 0), true);
    cr_assert_eq(peek(RCS + GTREF_HWS_PGA), expect_priv ? 0x9000u : 0u, "%s / %s", start1, start2);
    cr_assert_eq(peek(RCS + GTREF_ESR), expect_priv ? 0u : 4u, "%s / %s", start1, start2);
    cr_assert_eq(peek(RCS + GTREF_BB_STATE), bb_state, "%s / %s", start1, start2);
    cr_assert_eq(peek(RCS + GTREF_SBB_STATE), sbb_state, "%s / %s", start1, start2);
}

Test(cmds, effective_ppgtt_bit_decides_the_privilege_of_chains_and_second_levels)
{
    const char *ring_g = "MI_BATCH_BUFFER_START addr=0x200000", *ring_p = "MI_BATCH_BUFFER_START ppgtt addr=0x200000";
    /* first-level chains */
    priv_probe(ring_g, "MI_BATCH_BUFFER_START addr=0x300000", true, 0, 0);             /* 0 | 0 */
    priv_probe(ring_g, "MI_BATCH_BUFFER_START ppgtt addr=0x300000", false, 0x20, 0);   /* 1 | 0 */
    priv_probe(ring_p, "MI_BATCH_BUFFER_START addr=0x300000", false, 0x20, 0);         /* 0 | 1: was privileged before */
    priv_probe(ring_p, "MI_BATCH_BUFFER_START ppgtt addr=0x300000", false, 0x20, 0);   /* 1 | 1 */
    /* second-level calls: BB_STATE keeps the first level's bit, SBB_STATE gets the second level's */
    priv_probe(ring_g, "MI_BATCH_BUFFER_START second addr=0x300000", true, 0, 0);
    priv_probe(ring_g, "MI_BATCH_BUFFER_START second ppgtt addr=0x300000", false, 0, 0x20);   /* was privileged before */
    priv_probe(ring_p, "MI_BATCH_BUFFER_START second addr=0x300000", false, 0x20, 0x20);
}

Test(cmds, predicated_batch_buffer_start_in_ring_and_batch)
{
    /* C17: MI_PREDICATE_RESULT_1 (+0x41C) bit 0 = 0: nothing but RING_HEAD in the ring; in a batch the next
     * command follows. MI_PREDICATE_RESULT (+0x418) plays no part. */
    BATCH(0x200000, "MI_BATCH_BUFFER_START predicate addr=0x300000", "MI_BATCH_BUFFER_END");
    BATCH(0x300000, "MI_BATCH_BUFFER_END");
    gtm_mmio_write(m, RCS + GTREF_MI_PREDICATE_RESULT, 1);
    RING0("MI_BATCH_BUFFER_START predicate addr=0x200000", "MI_NOOP");
    clear_events();
    step_ok(0, 1);
    cr_assert(!gtm_engine_in_batch(m, 0), "RESULT_1 is 0: not started, whatever MI_PREDICATE_RESULT says");
    cr_assert_eq(ev.nc, 1);
    cr_assert_eq(ev.coff[0], RCS + GTREF_RING_HEAD);
    teardown();
    setup();
    BATCH(0x200000, "MI_BATCH_BUFFER_START predicate addr=0x300000", "MI_BATCH_BUFFER_END");
    BATCH(0x300000, "MI_BATCH_BUFFER_END");
    gtm_mmio_write(m, RCS + GTREF_MI_PREDICATE_RESULT_1, 1);
    RING0("MI_BATCH_BUFFER_START predicate addr=0x200000");
    step_ok(0, 1);
    cr_assert(gtm_engine_in_batch(m, 0), "RESULT_1 1: the batch starts");
    gtm_mmio_write(m, RCS + GTREF_MI_PREDICATE_RESULT_1, 0);
    clear_events();
    cr_assert_eq(step_at(0), GTM_RETIRED);   /* predicated off inside the batch */
    cr_assert_eq(ev.nc, 0);
    cr_assert_eq(step_at(0), GTM_RETIRED);
    cr_assert_eq(last_addr, 0x20000Cu, "continues with the next command");
}

Test(cmds, predicated_batch_buffer_start_off_rcs0_is_unimplemented)
{
    /* C17: Predication Enable names the render streamer only; rs_enable is checked first */
    gtm_mmio_write(m, BCS + GTREF_MI_PREDICATE_RESULT_1, 1);
    RING1("MI_BATCH_BUFFER_START predicate addr=0x200000");
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 1, &r), GTM_UNIMPLEMENTED);
    cr_assert(strstr(r.note, "MI_BATCH_BUFFER_START predicate") == r.note, "%s", r.note);
    cr_assert(!gtm_engine_in_batch(m, 1));
    teardown();
    setup();
    RING1("MI_BATCH_BUFFER_START rs_enable predicate addr=0x200000");
    cr_assert_eq(gtm_step(m, 1, &r), GTM_UNIMPLEMENTED);
    cr_assert_str_eq(r.note, "MI_BATCH_BUFFER_START rs_enable");
}

Test(cmds, batch_buffer_end_in_the_ring_is_a_noop)
{
    RING0("MI_BATCH_BUFFER_END", "MI_NOOP");
    clear_events();
    step_ok(0, 1);
    cr_assert_eq(ev.nc, 1);
    cr_assert_eq(ev.cval[0], 4u);
    cr_assert(!gtm_engine_in_batch(m, 0));
}

Test(cmds, batch_buffer_start_bit_16_and_rs_enable_are_unimplemented)
{
    /* C17, C39: Gen11 has no Add Offset Enable: DW0[16] is reserved */
    RING0("MI_BATCH_BUFFER_START addr=0x200000");
    wr(RING, rd(RING) | 1u << 16);
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
    cr_assert_str_eq(r.note, "MI_BATCH_BUFFER_START DW0[16] reserved");
    cr_assert(!gtm_engine_in_batch(m, 0));
    teardown();
    setup();
    RING0("MI_BATCH_BUFFER_START rs_enable addr=0x200000");
    cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
    cr_assert_str_eq(r.note, "MI_BATCH_BUFFER_START rs_enable");
}

Test(cmds, conditional_batch_buffer_end)
{
    /* memory 3: data 3 -> 3 is not greater than 3 -> ends; data 2 -> 3 > 2 -> continues (C26). From the second
     * level it ends both levels: the ring goes on after the first level's start */
    wr(0x600000, 3);
    BATCH(0x200000, "MI_CONDITIONAL_BATCH_BUFFER_END semaphore data=0x2 addr=0x600000",
          "MI_BATCH_BUFFER_START second addr=0x300000", "MI_STORE_DATA_IMM addr=0x400000 data=0x1");
    BATCH(0x300000, "MI_CONDITIONAL_BATCH_BUFFER_END semaphore data=0x3 addr=0x600000",
          "MI_STORE_DATA_IMM addr=0x400008 data=0x1");
    RING0("MI_CONDITIONAL_BATCH_BUFFER_END semaphore data=0x0 addr=0x600000", "MI_BATCH_BUFFER_START addr=0x200000",
          "MI_NOOP");
    step_ok(0, 1);   /* in the ring: a NOOP */
    cr_assert(!gtm_engine_in_batch(m, 0));
    step_ok(0, 1);
    step_ok(0, 1);   /* data 2: continue */
    cr_assert_eq(step_at(0), GTM_RETIRED);
    cr_assert_eq(last_addr, 0x200010u);
    clear_events();
    cr_assert_eq(step_at(0), GTM_RETIRED);   /* second level: 3 <= 3 -> ends both levels */
    cr_assert_eq(last_addr, 0x300000u);
    cr_assert_eq(ev.nc + ev.nw, 0, "no commit");
    cr_assert(!gtm_engine_in_batch(m, 0), "back to the ring, not to the first level");
    cr_assert_eq(step_at(0), GTM_RETIRED);
    cr_assert_eq(last_addr, RING + 0x1Cu, "the ring command after the first level's start");
    cr_assert_eq(rd(0x400000), 0);
    cr_assert_eq(rd(0x400008), 0);
}

Test(cmds, conditional_batch_buffer_end_first_level_ends_the_batch)
{
    wr(0x600000, 3);
    BATCH(0x200000, "MI_CONDITIONAL_BATCH_BUFFER_END semaphore data=0x3 addr=0x600000",
          "MI_STORE_DATA_IMM addr=0x400000 data=0x1");
    RING0("MI_BATCH_BUFFER_START addr=0x200000", "MI_NOOP");
    step_ok(0, 2);
    cr_assert(!gtm_engine_in_batch(m, 0));
    cr_assert_eq(step_at(0), GTM_RETIRED);
    cr_assert_eq(last_addr, RING + 0xCu);
}

Test(cmds, conditional_batch_buffer_end_without_semaphore_is_a_noop)
{
    /* C26: Compare Semaphore = 0: "the parser will continue to the next command", no read (an address that would
     * fault in hang mode shows that nothing is read) */
    wr(0x600000, 0);
    BATCH(0x200000, "MI_CONDITIONAL_BATCH_BUFFER_END data=0x5 addr=0x600000",
          "MI_CONDITIONAL_BATCH_BUFFER_END data=0x5 addr=0x7FFFFFFF000", "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START addr=0x200000");
    step_ok(0, 1);
    clear_events();
    cr_assert_eq(step_at(0), GTM_RETIRED);
    cr_assert(gtm_engine_in_batch(m, 0), "0 <= 5 would end it with the semaphore bit: without it, it goes on");
    cr_assert_eq(step_at(0), GTM_RETIRED);
    cr_assert_eq(ev.nc + ev.nw, 0);
    cr_assert_eq(peek(RCS + GTREF_ESR), 0, "no read: no fault");
    cr_assert_eq(step_at(0), GTM_RETIRED);
    cr_assert_eq(last_addr, 0x200020u);
    cr_assert(!gtm_engine_in_batch(m, 0));
}

Test(cmds, conditional_batch_buffer_end_mask_mode)
{
    /* C26: Compare Mask Mode: the qword at Compare Address, mask (low dword) AND data (high dword), compared with
     * Compare Data. 0x0F AND 0x35 = 0x05: > 4 continues; not > 5 ends */
    wr(0x600000, 0x0F); wr(0x600004, 0x35);
    BATCH(0x200000, "MI_CONDITIONAL_BATCH_BUFFER_END mask_mode semaphore data=0x4 addr=0x600000",
          "MI_CONDITIONAL_BATCH_BUFFER_END mask_mode semaphore data=0x5 addr=0x600000",
          "MI_STORE_DATA_IMM addr=0x400000 data=0x1");
    RING0("MI_BATCH_BUFFER_START addr=0x200000", "MI_NOOP");
    step_ok(0, 1);
    cr_assert_eq(step_at(0), GTM_RETIRED);
    cr_assert(gtm_engine_in_batch(m, 0), "5 > 4: continues");
    cr_assert_eq(step_at(0), GTM_RETIRED);
    cr_assert(!gtm_engine_in_batch(m, 0), "5 is not > 5: ends");
    cr_assert_eq(rd(0x400000), 0);
}

/* ======================= privilege (§2, C13, C37) ======================= */

Test(cmds, ppgtt_batch_lri_with_a_privileged_target_is_a_noop_as_a_whole)
{
    /* C13: FORCE_TO_NONPRIV0 names RCS0.BB_OFFSET (absolute 0x2158, range 0, access RW): an LRI of NONPRIV and
     * whitelisted targets commits every pair; one with a privileged target (RING_TAIL) commits none */
    gtm_mmio_write(m, RCS + GTREF_FORCE_TO_NONPRIV0, RCS + GTREF_BB_OFFSET);
    BATCH(0x200000, "MI_LOAD_REGISTER_IMM RCS0.CS_GPR0=0x00000005 RCS0.BB_OFFSET=0x00000077 RCS0.MI_PREDICATE_SRC0=0x00000003",
          "MI_LOAD_REGISTER_IMM RCS0.CS_GPR0=0x00000006 RCS0.RING_TAIL=0x00000040 RCS0.BB_OFFSET=0x00000078",
          "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START ppgtt addr=0x200000");
    uint32_t tail = peek(RCS + GTREF_RING_TAIL);
    step_ok(0, 1);
    clear_events();
    step_ok(0, 1);
    uint32_t off[] = { GPR(0), RCS + GTREF_BB_OFFSET, RCS + GTREF_MI_PREDICATE_SRC0 };
    uint32_t val[] = { 5, 0x77, 3 };
    expect_commits(off, val, 3);
    clear_events();
    step_ok(0, 1);
    /* a privilege violation (C13, C41): no pair commits; ESR := 4; EMR resets to 0xFF on RCS0 (R3): bit 2 masked, no
     * EIR commit, no CS_MASTER_ERROR */
    uint32_t off2[] = { RCS + GTREF_ESR };
    uint32_t val2[] = { 4 };
    expect_commits(off2, val2, 1);
    cr_assert_eq(ev.nirq, 0);
    cr_assert_eq(peek(GPR(0)), 5u, "no pair of the NOOPed LRI commits");
    cr_assert_eq(peek(RCS + GTREF_BB_OFFSET), 0x77u);
    cr_assert_eq(peek(RCS + GTREF_RING_TAIL), tail, "RING_TAIL not written");
    cr_assert_eq(peek(RCS + GTREF_EIR), 0);
    cr_assert(!gtm_engine_halted(m, 0), "no halt (C41)");
}

/* C37: run one LRI of `pair` from a PPGTT batch with FORCE_TO_NONPRIV0/1 = e0/e1; returns whether it committed. When
 * it did not, it was a privilege violation (C13, C41): its one commit is ESR := 4. */
static bool nonpriv_lri(uint32_t e0, uint32_t e1, const char *pair)
{
    char text[160];
    teardown();
    setup();
    gtm_mmio_write(m, RCS + GTREF_FORCE_TO_NONPRIV0, e0);
    gtm_mmio_write(m, RCS + GTREF_FORCE_TO_NONPRIV0 + 4, e1);
    snprintf(text, sizeof text, "MI_LOAD_REGISTER_IMM %s", pair);
    BATCH(0x200000, text, "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START ppgtt addr=0x200000");
    step_ok(0, 1);
    clear_events();
    step_ok(0, 1);
    if (peek(RCS + GTREF_ESR) == 0) return true;
    cr_assert_eq(ev.nc, 1, "a violation commits ESR alone");
    cr_assert_eq(ev.coff[0], RCS + GTREF_ESR);
    cr_assert_eq(ev.cval[0], 4u);
    return false;
}

Test(cmds, force_to_nonpriv_range_access_and_deny)
{
    const uint32_t hws = RCS + GTREF_HWS_PGA;   /* 0x2080: privileged */
    const char *w_hws = "RCS0.HWS_PGA=0x00009000";
    /* range [1:0]: 0 covers the one dword, 1 the aligned block of 4 dwords (0x2080..0x208F), 2 of 16, 3 of 64 */
    cr_assert(nonpriv_lri(hws, 0, w_hws));
    cr_assert(!nonpriv_lri(hws + 4, 0, w_hws), "range 0 at 0x2084 does not cover 0x2080");
    cr_assert(nonpriv_lri((hws + 0xC) | 1u, 0, w_hws), "range 1 at 0x208C: block 0x2080..0x208F");
    cr_assert(!nonpriv_lri((hws + 0x10) | 1u, 0, w_hws), "range 1 at 0x2090: block 0x2090..0x209F");
    cr_assert(nonpriv_lri((hws + 0x3C) | 2u, 0, w_hws), "range 2 at 0x20BC: block 0x2080..0x20BF");
    cr_assert(nonpriv_lri((RCS + 0x0FC) | 3u, 0, w_hws), "range 3 at 0x20FC: block 0x2000..0x20FF");
    cr_assert(!nonpriv_lri((RCS + 0x100) | 3u, 0, w_hws), "range 3 at 0x2100: block 0x2100..0x21FF");
    /* access [29:28]: RW (0) and WR (2) allow, RD (1) and invalid (3) do not */
    cr_assert(nonpriv_lri(hws | 2u << 28, 0, w_hws), "WR");
    cr_assert(!nonpriv_lri(hws | 1u << 28, 0, w_hws), "RD");
    cr_assert(!nonpriv_lri(hws | 3u << 28, 0, w_hws), "invalid");
    /* deny [30] wins over an allowing entry and over the NONPRIV flag */
    cr_assert(!nonpriv_lri(hws, hws | 1u << 30, w_hws), "allow + deny");
    cr_assert(!nonpriv_lri(hws | 1u << 30, hws, w_hws), "deny + allow");
    cr_assert(!nonpriv_lri((GPR(0) + 0x3C) | 2u | 1u << 30, 0, "RCS0.CS_GPR0=0x00000001"), "deny of CS_GPR0..15");
    cr_assert(nonpriv_lri((GPR(0) + 0x3C) | 2u | 1u << 30, 0, "RCS0.CS_GPR16=0x00000001"), "CS_GPR16 outside the block");
    /* one entry allowing only half of an LRI's pairs: the whole LRI is a NOOP */
    cr_assert(!nonpriv_lri(hws, 0, "RCS0.HWS_PGA=0x00009000 RCS0.BB_OFFSET=0x00000001"));
    cr_assert_eq(peek(hws), 0, "not even the allowed pair");
}

/* An address no GGTT entry maps (test_identity_ggtt maps 0 .. 16 MB only): an access there would fault in hang mode
 * (GAM-4, GAM-15: GTM_ERROR and a fault record), so a command that retires without one made no access. */
#define FAR 0x7F000000u

Test(cmds, ppgtt_batch_lrr_lrm_not_allowed_are_violations_and_reads_are_free)
{
    /* C13, C41: LRR/LRM to a privileged target commit nothing but ESR := 4 (the first time; each only if it changes),
     * and the LRM reads nothing (its address has no GGTT entry: no fault). Reads are never restricted. RING_MODE[9] = 0:
     * the PPGTT batch and its operands go through the GGTT (GAM-2). */
    gtm_mmio_write(m, RCS + GTREF_HWS_PGA, 0x3000);
    gtm_mmio_write(m, GPR(4), 0x7000);
    BATCH(0x200000, "MI_LOAD_REGISTER_REG src=RCS0.HWS_PGA dst=RCS0.CS_GPR2",
          "MI_LOAD_REGISTER_REG src=RCS0.CS_GPR4 dst=RCS0.HWS_PGA",
          "MI_LOAD_REGISTER_MEM reg=RCS0.HWS_PGA addr=0x7F000000",
          "MI_STORE_REGISTER_MEM reg=RCS0.HWS_PGA addr=0x400000", "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START ppgtt addr=0x200000");
    step_ok(0, 1);
    clear_events();
    step_ok(0, 4);
    uint32_t off[] = { GPR(2), RCS + GTREF_ESR };
    uint32_t val[] = { 0x3000, 4 };
    expect_commits(off, val, 2);
    cr_assert_eq(peek(RCS + GTREF_HWS_PGA), 0x3000u);
    cr_assert_eq(rd(0x400000), 0x3000u);
    cr_assert_eq(peek(GTREF_GFX_ARB_ERROR_RPT), 0, "the LRM made no read");
}

Test(cmds, ggtt_batch_and_ring_write_privileged_registers)
{
    BATCH(0x200000, "MI_LOAD_REGISTER_IMM RCS0.HWS_PGA=0x00009000", "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START addr=0x200000");
    step_ok(0, 2);
    cr_assert_eq(peek(RCS + GTREF_HWS_PGA), 0x9000u);
}

Test(cmds, second_level_of_a_ppgtt_batch_is_non_privileged_for_lri_lrr_lrm)
{
    wr(0x600000, 0x5000);
    gtm_mmio_write(m, GPR(0), 0x6000);
    BATCH(0x200000, "MI_BATCH_BUFFER_START second addr=0x300000");
    BATCH(0x300000, "MI_LOAD_REGISTER_IMM RCS0.HWS_PGA=0x00009000",
          "MI_LOAD_REGISTER_REG src=RCS0.CS_GPR0 dst=RCS0.HWS_PGA",
          "MI_LOAD_REGISTER_MEM reg=RCS0.HWS_PGA addr=0x600000",
          "MI_LOAD_REGISTER_REG src=RCS0.CS_GPR0 dst=RCS0.CS_GPR2",
          "MI_LOAD_REGISTER_MEM reg=RCS0.CS_GPR3 addr=0x600000");
    RING0("MI_BATCH_BUFFER_START ppgtt addr=0x200000");
    step_ok(0, 2);
    clear_events();
    step_ok(0, 5);
    /* three violations (C41): ESR := 4 once (then unchanged: no commit) */
    uint32_t off[] = { RCS + GTREF_ESR, GPR(2), GPR(3) };
    uint32_t val[] = { 4, 0x6000, 0x5000 };
    expect_commits(off, val, 3);
    cr_assert_eq(peek(RCS + GTREF_HWS_PGA), 0);
}

/* ======================= privilege violations (G1, C13, C41) ======================= */

/* Run `text` as the only command (then MI_BATCH_BUFFER_END) of a PPGTT first-level batch at 0x200000 on engine e, with
 * EMR := emr. RING_MODE[9] is 0: the batch and every operand go through the identity GGTT (GAM-2), but the batch is
 * non-privileged (C10, C13). Steps the start, clears the events, steps the command: its status, with *r. */
static int nonpriv_run(int e, const char *text, uint32_t emr, gtm_retire *r)
{
    gtm_mmio_write(m, base_of(e) + GTREF_EMR, emr);
    BATCH(0x200000, text, "MI_BATCH_BUFFER_END");
    if (e == 0) RING0("MI_BATCH_BUFFER_START ppgtt addr=0x200000");
    else RING1("MI_BATCH_BUFFER_START ppgtt addr=0x200000");
    step_ok(e, 1);
    clear_events();
    return gtm_step(m, e, r);
}

/* A violation with EMR = 0 (C41): RETIRED as a NOOP (no write, no read: FAR has no GGTT entry, so no fault either), the
 * commits ESR := 4 then EIR := 4, CS_MASTER_ERROR (bit 3) because EIR was 0, no IPEHR, no TLB invalidation, no halt;
 * the next command (MI_BATCH_BUFFER_END) runs. */
static void expect_violation(int e, const char *text)
{
    teardown();
    setup();
    gtm_retire r;
    int st = nonpriv_run(e, text, 0, &r);
    cr_assert_eq(st, GTM_RETIRED, "%s: status %d (%s)", text, st, r.note);
    cr_assert(r.priv_violation, "%s", text);
    cr_assert(!r.tlb_invalidate, "%s", text);
    cr_assert(!gtm_is_signal_wait(&r), "%s", text);
    cr_assert_eq(ev.nw, 0, "%s: no memory write", text);
    uint32_t off[] = { base_of(e) + GTREF_ESR, base_of(e) + GTREF_EIR };
    uint32_t val[] = { 4, 4 };
    expect_commits(off, val, 2);
    cr_assert_eq(ev.irq, GTREF_IRQ_CS_MASTER_ERROR, "%s", text);
    cr_assert_eq(ev.nirq, 1);
    cr_assert_eq(peek(base_of(e) + GTREF_IPEHR), 0, "%s: no IPEHR commit", text);
    cr_assert_eq(peek(GTREF_GFX_ARB_ERROR_RPT), 0, "%s: no access, no fault", text);
    cr_assert(!gtm_engine_halted(m, e));
    cr_assert(gtm_engine_in_batch(m, e), "%s: a CBBE that violates ends nothing", text);
    step_ok(e, 1);
    cr_assert(!gtm_engine_in_batch(m, e), "%s: the next command ran", text);
}

/* The same command without a violation: retires with no ESR commit. */
static void expect_no_violation(int e, const char *text)
{
    teardown();
    setup();
    gtm_mmio_write(m, base_of(e) + GTREF_HWS_PGA, HWS);
    gtm_retire r;
    int st = nonpriv_run(e, text, 0, &r);
    cr_assert_eq(st, GTM_RETIRED, "%s: status %d (%s)", text, st, r.note);
    cr_assert(!r.priv_violation, "%s", text);
    cr_assert_eq(peek(base_of(e) + GTREF_ESR), 0, "%s", text);
}

Test(cmds, ggtt_access_from_a_non_privileged_batch_is_a_privilege_violation)
{
    /* G1: every command that selects the GGTT for a memory access */
    expect_violation(0, "MI_STORE_DATA_IMM ggtt addr=0x7F000000 data=0x1");
    expect_violation(0, "MI_STORE_REGISTER_MEM ggtt reg=RCS0.CS_GPR0 addr=0x7F000000");
    expect_violation(0, "MI_LOAD_REGISTER_MEM ggtt reg=RCS0.CS_GPR0 addr=0x7F000000");   /* CS_GPR0 allowed: G1 alone */
    expect_violation(0, "MI_COPY_MEM_MEM ggtt_src dst=0x400000 src=0x7F000000");
    expect_violation(0, "MI_COPY_MEM_MEM ggtt_dst dst=0x7F000000 src=0x400000");
    expect_violation(0, "MI_ATOMIC op=INC ggtt addr=0x7F000000");
    expect_violation(0, "MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD poll ggtt data=0x1 addr=0x7F000000");   /* memory poll */
    expect_violation(0, "MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD ggtt data=0x1 addr=0x7F000000");        /* signal mode */
    expect_violation(0, "MI_CONDITIONAL_BATCH_BUFFER_END semaphore ggtt data=0x5 addr=0x7F000000");
    expect_violation(0, "PIPE_CONTROL post_sync=WRITE_IMM ggtt notify tlb_invalidate addr=0x7F000000 data=0x1");
    expect_violation(1, "MI_FLUSH_DW post_sync=WRITE_IMM ggtt notify tlb_invalidate addr=0x7F000000 data=0x1");
    /* C13: a register write not allowed */
    expect_violation(0, "MI_LOAD_REGISTER_IMM RCS0.CS_GPR0=0x00000001 RCS0.HWS_PGA=0x00009000");
    expect_violation(0, "MI_LOAD_REGISTER_REG src=RCS0.CS_GPR0 dst=RCS0.HWS_PGA");
    expect_violation(0, "MI_LOAD_REGISTER_MEM reg=RCS0.HWS_PGA addr=0x7F000000");   /* no read (C13) */
}

Test(cmds, ggtt_forms_that_are_not_violations)
{
    /* G1: register poll ignores ggtt; Compare Semaphore 0 is a NOOP; a flush without a post-sync write, or with Store
     * Data Index (the status page), and the status-page commands are not violations */
    gtm_mmio_write(m, GPR(0), 0);
    expect_no_violation(0, "MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD reg_poll ggtt data=0x0 addr=0x2600");
    expect_no_violation(0, "MI_CONDITIONAL_BATCH_BUFFER_END ggtt data=0x5 addr=0x7F000000");
    expect_no_violation(1, "MI_FLUSH_DW ggtt notify addr=0x7F000000");
    expect_no_violation(1, "MI_FLUSH_DW post_sync=WRITE_IMM store_index ggtt addr=0x10 data=0x1");
    expect_no_violation(0, "PIPE_CONTROL post_sync=WRITE_IMM store_index ggtt addr=0x10 data=0x1");
    expect_no_violation(0, "MI_STORE_DATA_INDEX offset=0x10 data=0x1");
    expect_no_violation(0, "MI_REPORT_HEAD");
    /* the same operands without ggtt (PPGTT selected, GGTT in effect while RING_MODE[9] = 0: GAM-2) */
    expect_no_violation(0, "MI_STORE_DATA_IMM addr=0x400000 data=0x1");
    cr_assert_eq(rd(0x400000), 1u);
    expect_no_violation(0, "MI_ATOMIC op=INC addr=0x400000");
    cr_assert_eq(rd(0x400000), 1u);
    /* a privileged (GGTT) batch may select the GGTT */
    teardown();
    setup();
    BATCH(0x200000, "MI_STORE_DATA_IMM ggtt addr=0x400000 data=0x2", "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START addr=0x200000");
    step_ok(0, 2);
    cr_assert_eq(rd(0x400000), 2u);
    cr_assert_eq(peek(RCS + GTREF_ESR), 0);
}

Test(cmds, privilege_violation_commits_esr_and_eir_only_when_they_change)
{
    /* C41: ESR := ESR | 4, then EIR := EIR | 4 if EMR[2] = 0, each only if it changes; CS_MASTER_ERROR iff EIR goes from
     * 0; the HWSTAM status write (IRQ-4) of that event when IMR and HWSTAM let bit 3 through. EMR resets to 0xFF on RCS0
     * (R3): bit 2 masked. */
    const char *v = "MI_STORE_DATA_IMM ggtt addr=0x7F000000 data=0x1";
    BATCH(0x200000, v, v, v, v, v, "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START ppgtt addr=0x200000");
    step_ok(0, 1);
    uint32_t esr[] = { RCS + GTREF_ESR }, eir[] = { RCS + GTREF_EIR }, four[] = { 4 };
    clear_events();
    step_ok(0, 1);                          /* 1: ESR 0 -> 4; EIR masked */
    expect_commits(esr, four, 1);
    cr_assert_eq(ev.nirq, 0);
    clear_events();
    step_ok(0, 1);                          /* 2: nothing changes: no commit */
    expect_commits(esr, four, 0);
    cr_assert_eq(ev.nirq, 0);
    gtm_mmio_write(m, RCS + GTREF_EMR, 0xFBu);   /* unmask bit 2 only: EIR is not set from the standing ESR (I19) */
    cr_assert_eq(peek(RCS + GTREF_EIR), 0);
    clear_events();
    step_ok(0, 1);                          /* 3: EIR 0 -> 4 alone; CS_MASTER_ERROR */
    expect_commits(eir, four, 1);
    cr_assert_eq(ev.irq, GTREF_IRQ_CS_MASTER_ERROR);
    cr_assert_eq(ev.nw, 0, "IMR masks everything after reset: no status write");
    clear_events();
    step_ok(0, 1);                          /* 4: EIR already 4: nothing, no event */
    expect_commits(eir, four, 0);
    cr_assert_eq(ev.nirq, 0);
    gtm_mmio_write(m, RCS + GTREF_EIR, 4);  /* W1C (R4): EIR 0 */
    gtm_mmio_write(m, RCS + GTREF_HWS_PGA, HWS);
    gtm_mmio_write(m, RCS + GTREF_IMR, ~GTREF_IRQ_CS_MASTER_ERROR);
    gtm_mmio_write(m, RCS + GTREF_HWSTAM, ~GTREF_IRQ_CS_MASTER_ERROR);
    cr_assert_eq(peek(RCS + GTREF_EIR), 0);
    clear_events();
    step_ok(0, 1);                          /* 5: EIR 0 -> 4 again, the event and its status write (dword 0x8 at HWS) */
    expect_commits(eir, four, 1);
    cr_assert_eq(ev.irq, GTREF_IRQ_CS_MASTER_ERROR);
    cr_assert_eq(ev.nw, 1);
    cr_assert_eq(ev.waddr[0], HWS);
    cr_assert_eq(ev.wdata[0], 8u);
    cr_assert_eq(ev.wbe[0], 0x0F);
    step_ok(0, 1);
    cr_assert(!gtm_engine_in_batch(m, 0));
}

Test(cmds, illegal_command_after_a_violation_raises_no_master_error)
{
    /* IRQ-5: CS_MASTER_ERROR "if and only if the command set EIR (EIR was 0: the rising edge ... the OR of the EIR
     * bits)". A violation left EIR = 4 (EMR = 0): the illegal command commits IPEHR, ESR 5, EIR 5 and halts, with no
     * event */
    gtm_retire r;
    cr_assert_eq(nonpriv_run(0, "MI_STORE_DATA_IMM ggtt addr=0x7F000000 data=0x1", 0, &r), GTM_RETIRED);
    cr_assert_eq(ev.irq, GTREF_IRQ_CS_MASTER_ERROR);
    wr(0x200010, 0xFFFFFFFFu);   /* over the MI_BATCH_BUFFER_END: an illegal DW0 (C2) */
    clear_events();
    cr_assert_eq(gtm_step(m, 0, &r), GTM_ERROR);
    uint32_t off[] = { RCS + GTREF_IPEHR, RCS + GTREF_ESR, RCS + GTREF_EIR };
    uint32_t val[] = { 0xFFFFFFFFu, 5, 5 };
    expect_commits(off, val, 3);
    cr_assert_eq(ev.nirq, 0, "EIR was 4, not 0");
    cr_assert(gtm_engine_halted(m, 0));
}

/* ======================= C6, C14: outside the issuing engine ======================= */

Test(cmds, lri_with_one_pair_outside_the_engine_is_unimplemented_without_a_partial_commit)
{
    /* C6: every pair is checked before any commit: another engine's register, a global register, an offset no table
     * names. The test ends naming the command and the offset; nothing commits, RING_HEAD stays (GTM_UNIMPLEMENTED) */
    static const char *const lri[] = {
        "MI_LOAD_REGISTER_IMM RCS0.CS_GPR0=0x00000001 BCS0.CS_GPR0=0x00000002 RCS0.CS_GPR1=0x00000003",
        "MI_LOAD_REGISTER_IMM RCS0.CS_GPR0=0x00000001 0x190010=0x80000000",
        "MI_LOAD_REGISTER_IMM RCS0.CS_GPR0=0x00000001 0x4600=0x00000001",
    };
    static const char *const note[] = {
        "MI_LOAD_REGISTER_IMM write 0x22600 outside the engine (C6)",
        "MI_LOAD_REGISTER_IMM write 0x190010 outside the engine (C6)",
        "MI_LOAD_REGISTER_IMM write 0x04600 outside the engine (C6)",
    };
    for (int i = 0; i < 3; i++) {
        teardown();
        setup();
        RING0(lri[i]);
        clear_events();
        gtm_retire r;
        cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED, "%s", lri[i]);
        cr_assert_str_eq(r.note, note[i]);
        cr_assert_eq(ev.nc, 0, "%s: no pair commits", lri[i]);
        cr_assert_eq(peek(GPR(0)), 0);
        cr_assert_eq(peek(RCS + GTREF_RING_HEAD), 0);
    }
    /* a read-only register of the engine is still dropped (C6): ESR has no writable bit */
    teardown();
    setup();
    RING0("MI_LOAD_REGISTER_IMM RCS0.ESR=0x0000FFFF RCS0.CS_GPR0=0x00000001");
    clear_events();
    step_ok(0, 1);
    uint32_t off[] = { GPR(0) };
    uint32_t val[] = { 1 };
    expect_commits(off, val, 1);
    cr_assert_eq(peek(RCS + GTREF_ESR), 0);
}

Test(cmds, lrr_lrm_srm_and_register_poll_outside_the_engine_are_unimplemented)
{
    /* C14 reads (LRR source, SRM, register-poll wait), C6 writes (LRR/LRM destination); nothing happens: no commit, no
     * write, the LRM reads nothing (FAR has no GGTT entry: a read would fault) */
    static const char *const cmd[] = {
        "MI_LOAD_REGISTER_REG src=BCS0.CS_GPR0 dst=RCS0.CS_GPR1",
        "MI_LOAD_REGISTER_REG src=RCS0.CS_GPR0 dst=BCS0.CS_GPR1",
        "MI_LOAD_REGISTER_MEM reg=BCS0.CS_GPR1 addr=0x7F000000",
        "MI_STORE_REGISTER_MEM reg=0x190010 addr=0x400000",
        "MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD reg_poll data=0x0 addr=0x22600",
    };
    static const char *const note[] = {
        "MI_LOAD_REGISTER_REG read 0x22600 outside the engine (C14)",
        "MI_LOAD_REGISTER_REG write 0x22604 outside the engine (C6)",
        "MI_LOAD_REGISTER_MEM write 0x22604 outside the engine (C6)",
        "MI_STORE_REGISTER_MEM read 0x190010 outside the engine (C14)",
        "MI_SEMAPHORE_WAIT read 0x22600 outside the engine (C14)",
    };
    for (int i = 0; i < 5; i++) {
        teardown();
        setup();
        RING0(cmd[i]);
        clear_events();
        gtm_retire r;
        cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED, "%s", cmd[i]);
        cr_assert_str_eq(r.note, note[i]);
        cr_assert_eq(ev.nc + ev.nw + ev.nirq, 0, "%s: nothing happens", cmd[i]);
        cr_assert_eq(peek(GTREF_GFX_ARB_ERROR_RPT), 0, "%s: no read", cmd[i]);
        cr_assert_eq(peek(RCS + GTREF_RING_HEAD), 0);
    }
    /* an SRM predicated off makes no read: nothing to model, it retires (C14 applies to a read that happens) */
    teardown();
    setup();
    RING0("MI_STORE_REGISTER_MEM predicate reg=0x190010 addr=0x400000");
    clear_events();
    step_ok(0, 1);
    cr_assert_eq(ev.nw, 0);
}

Test(cmds, privilege_rule_comes_before_the_engine_rule)
{
    /* C6, C13: from a non-privileged batch, a target not allowed is a violation (C41) even when another pair or the
     * source is outside the engine; an allowed target outside the engine (a FORCE_TO_NONPRIV entry of RCS0 naming
     * BCS0.CS_GPR0, C37) is unimplemented */
    gtm_retire r;
    cr_assert_eq(nonpriv_run(0, "MI_LOAD_REGISTER_IMM BCS0.CS_GPR0=0x00000001 RCS0.HWS_PGA=0x00009000", 0xFF, &r),
                 GTM_RETIRED);
    cr_assert(r.priv_violation);
    cr_assert_eq(peek(RCS + GTREF_ESR), 4u);
    teardown();
    setup();
    cr_assert_eq(nonpriv_run(0, "MI_LOAD_REGISTER_REG src=BCS0.CS_GPR0 dst=RCS0.HWS_PGA", 0xFF, &r), GTM_RETIRED);
    cr_assert(r.priv_violation);
    teardown();
    setup();
    gtm_mmio_write(m, RCS + GTREF_FORCE_TO_NONPRIV0, BCS + 0x600);
    cr_assert_eq(nonpriv_run(0, "MI_LOAD_REGISTER_IMM RCS0.CS_GPR0=0x00000001 BCS0.CS_GPR0=0x00000001", 0xFF, &r),
                 GTM_UNIMPLEMENTED);
    cr_assert_str_eq(r.note, "MI_LOAD_REGISTER_IMM write 0x22600 outside the engine (C6)");
    cr_assert_eq(ev.nc, 0);
    cr_assert_eq(peek(RCS + GTREF_ESR), 0);
}

/* ======================= register and memory commands (§4, §5) ======================= */

Test(cmds, mi_noop_nopid_arb_and_wait_for_event)
{
    RING0("MI_NOOP write_nopid nopid=0x1234", "MI_NOOP nopid=0x55", "MI_ARB_CHECK", "MI_ARB_ON_OFF enable",
          "MI_WAIT_FOR_EVENT");
    clear_events();
    step_ok(0, 1);
    uint32_t off[] = { RCS + GTREF_NOPID };
    uint32_t val[] = { 0x1234 };
    expect_commits(off, val, 1);
    cr_assert_eq(ev.coff[1], RCS + GTREF_RING_HEAD, "NOPID before RING_HEAD");
    clear_events();
    step_ok(0, 4);   /* nopid without write_nopid, ARB_CHECK, ARB_ON_OFF, WAIT_FOR_EVENT: RING_HEAD only */
    cr_assert_eq(ev.nc, 4);
    cr_assert_eq(ev.nw, 0);
    cr_assert_eq(ev.nirq, 0);
    cr_assert_eq(peek(RCS + GTREF_NOPID), 0x1234u);
}

Test(cmds, mi_wait_for_event_with_a_wait_enable_is_unimplemented)
{
    RING0("MI_WAIT_FOR_EVENT wait=0x1");
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
    cr_assert_str_eq(r.note, "MI_WAIT_FOR_EVENT wait");
}

Test(cmds, lrr_and_lrm_and_copy_mem_mem)
{
    wr(0x600000, 0xCAFE);
    gtm_mmio_write(m, GPR(0), 0x55);
    RING0("MI_LOAD_REGISTER_REG src=RCS0.CS_GPR0 dst=RCS0.CS_GPR5",
          "MI_LOAD_REGISTER_MEM reg=RCS0.CS_GPR3 addr=0x600000",
          "MI_COPY_MEM_MEM dst=0x600104 src=0x600000");
    clear_events();
    step_ok(0, 2);
    uint32_t off[] = { GPR(5), GPR(3) };
    uint32_t val[] = { 0x55, 0xCAFE };
    expect_commits(off, val, 2);
    clear_events();
    step_ok(0, 1);
    cr_assert_eq(ev.nw, 1);
    cr_assert_eq(ev.waddr[0], 0x600100u);
    cr_assert_eq(ev.wbe[0], 0xF0);
    cr_assert_eq(ev.wdata[0], 0xCAFEull << 32);
}

Test(cmds, srm_with_and_without_predicate)
{
    gtm_mmio_write(m, GPR(0), 0xABCD);
    RING0("MI_STORE_REGISTER_MEM reg=RCS0.CS_GPR0 addr=0x400004",
          "MI_STORE_REGISTER_MEM predicate reg=RCS0.CS_GPR0 addr=0x400008",
          "MI_STORE_REGISTER_MEM predicate reg=RCS0.CS_GPR0 addr=0x400010",
          "MI_STORE_REGISTER_MEM reg=BCS0.CS_GPR0 addr=0x400018");   /* another engine's register: unimplemented (C14) */
    gtm_mmio_write(m, BCS + 0x600, 0x77);
    wr(0x400018, 0xFFFFFFFF);
    clear_events();
    step_ok(0, 1);
    cr_assert_eq(ev.nw, 1);
    cr_assert_eq(ev.waddr[0], 0x400000u);
    cr_assert_eq(ev.wbe[0], 0xF0);
    cr_assert_eq(ev.wdata[0], 0xABCDull << 32);
    step_ok(0, 1);   /* predicate, RESULT 0: nothing */
    cr_assert_eq(ev.nw, 1);
    gtm_mmio_write(m, RCS + GTREF_MI_PREDICATE_RESULT, 1);
    step_ok(0, 1);
    cr_assert_eq(ev.nw, 2);
    cr_assert_eq(ev.waddr[1], 0x400010u);
    cr_assert_eq(ev.wbe[1], 0x0F);
    cr_assert_eq(ev.wdata[1], 0xABCDu);
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
    cr_assert_str_eq(r.note, "MI_STORE_REGISTER_MEM read 0x22600 outside the engine (C14)");
    cr_assert_eq(ev.nw, 2, "no write");
    cr_assert_eq(rd(0x400018), 0xFFFFFFFFu);
}

Test(cmds, store_data_index_dword_qword_and_pphwsp)
{
    gtm_mmio_write(m, RCS + GTREF_HWS_PGA, HWS);
    RING0("MI_STORE_DATA_INDEX offset=0x10 data=0x11111111", "MI_STORE_DATA_INDEX offset=0x24 data=0x3333333322222222 len=4",
          "MI_STORE_DATA_INDEX pphwsp offset=0x10 data=0x1");
    clear_events();
    step_ok(0, 2);
    /* HWS_PGA | 0x10 = 0x7010: dword, lower lane; 0x7024: qword at a 4-aligned address -> two writes (C4) */
    cr_assert_eq(ev.nw, 3);
    cr_assert_eq(ev.waddr[0], 0x7010u); cr_assert_eq(ev.wbe[0], 0x0F); cr_assert_eq(ev.wdata[0], 0x11111111u);
    cr_assert_eq(ev.waddr[1], 0x7020u); cr_assert_eq(ev.wbe[1], 0xF0); cr_assert_eq(ev.wdata[1], 0x22222222ull << 32);
    cr_assert_eq(ev.waddr[2], 0x7028u); cr_assert_eq(ev.wbe[2], 0x0F); cr_assert_eq(ev.wdata[2], 0x33333333u);
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
    cr_assert_str_eq(r.note, "MI_STORE_DATA_INDEX pphwsp");
}

Test(cmds, report_head_from_ring_and_batch)
{
    gtm_mmio_write(m, RCS + GTREF_HWS_PGA, HWS);
    BATCH(0x200000, "MI_REPORT_HEAD", "MI_BATCH_BUFFER_END");
    RING0("MI_NOOP", "MI_REPORT_HEAD", "MI_BATCH_BUFFER_START addr=0x200000");
    step_ok(0, 1);
    clear_events();
    step_ok(0, 1);
    /* RING_HEAD before this command retires = 4, written to HWS_PGA + 0x10; then RING_HEAD := 8 */
    cr_assert_eq(ev.nw, 1);
    cr_assert_eq(ev.waddr[0], 0x7010u);
    cr_assert_eq(ev.wbe[0], 0x0F);
    cr_assert_eq(ev.wdata[0], 4u);
    cr_assert_eq(ev.nc, 1);
    cr_assert_eq(ev.cval[0], 8u);
    step_ok(0, 1);
    clear_events();
    step_ok(0, 1);   /* from the batch: RING_HEAD points after the BBS (8 + 12 = 0x14) */
    cr_assert_eq(ev.wdata[0], 0x14u);
    cr_assert_eq(ev.nc, 0);
}

Test(cmds, flush_dw_post_sync_store_index_and_notify_on_bcs)
{
    gtm_mmio_write(m, BCS + GTREF_HWS_PGA, HWS);
    RING1("MI_FLUSH_DW post_sync=WRITE_IMM addr=0x400008 data=0xAABBCCDD",
          "MI_FLUSH_DW post_sync=WRITE_IMM addr=0x400010 data=0x1122334455667788 len=5",
          "MI_FLUSH_DW notify post_sync=WRITE_IMM store_index addr=0x123458 data=0x5 len=5",
          "MI_FLUSH_DW notify");
    clear_events();
    step_ok(1, 1);   /* length 4: DW3 as a dword at 0x400008 */
    cr_assert_eq(ev.nw, 1);
    cr_assert_eq(ev.weng[0], 1);
    cr_assert_eq(ev.waddr[0], 0x400008u); cr_assert_eq(ev.wbe[0], 0x0F); cr_assert_eq(ev.wdata[0], 0xAABBCCDDu);
    step_ok(1, 1);   /* length 5: {DW4, DW3} as a qword */
    cr_assert_eq(ev.waddr[1], 0x400010u); cr_assert_eq(ev.wbe[1], 0xFF); cr_assert_eq(ev.wdata[1], 0x1122334455667788ull);
    cr_assert_eq(ev.nirq, 0);
    step_ok(1, 1);   /* store_index: HWS_PGA[31:12] << 12 | addr[11:3] << 3 = 0x7458; notify */
    cr_assert_eq(ev.waddr[2], 0x7458u); cr_assert_eq(ev.wbe[2], 0xFF); cr_assert_eq(ev.wdata[2], 5u);
    cr_assert_eq(ev.irq, GTREF_IRQ_PIPECTL_NOTIFY);
    cr_assert_eq(GTREF_IRQ_PIPECTL_NOTIFY, 0x10, "engine interrupt bit 4 (i915 GT_RENDER_PIPECTL_NOTIFY_INTERRUPT)");
    step_ok(1, 1);   /* NONE: no write, notify */
    cr_assert_eq(ev.nw, 3);
    cr_assert_eq(ev.nirq, 2);
}

Test(cmds, flush_dw_timestamp_is_unimplemented)
{
    RING1("MI_FLUSH_DW post_sync=TIMESTAMP addr=0x400008");
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 1, &r), GTM_UNIMPLEMENTED);
    cr_assert_str_eq(r.note, "MI_FLUSH_DW post_sync=TIMESTAMP");
}

Test(cmds, pipe_control_post_sync_store_index_and_notify)
{
    gtm_mmio_write(m, RCS + GTREF_HWS_PGA, HWS);
    RING0("PIPE_CONTROL post_sync=WRITE_IMM addr=0x400010 data=0x2222222211111111",
          "PIPE_CONTROL post_sync=WRITE_IMM addr=0x400014 data=0x4444444433333333",
          "PIPE_CONTROL notify cs_stall post_sync=WRITE_IMM store_index addr=0x123454 data=0x6666666655555555",
          "PIPE_CONTROL notify flush=0xff");
    clear_events();
    step_ok(0, 1);
    cr_assert_eq(ev.nw, 1);
    cr_assert_eq(ev.waddr[0], 0x400010u); cr_assert_eq(ev.wbe[0], 0xFF); cr_assert_eq(ev.wdata[0], 0x2222222211111111ull);
    step_ok(0, 1);   /* 4- but not 8-aligned: two writes */
    cr_assert_eq(ev.nw, 3);
    cr_assert_eq(ev.waddr[1], 0x400010u); cr_assert_eq(ev.wbe[1], 0xF0); cr_assert_eq(ev.wdata[1], 0x33333333ull << 32);
    cr_assert_eq(ev.waddr[2], 0x400018u); cr_assert_eq(ev.wbe[2], 0x0F); cr_assert_eq(ev.wdata[2], 0x44444444u);
    cr_assert_eq(ev.nirq, 0);
    step_ok(0, 1);   /* HWS_PGA + addr[11:2] << 2 = 0x7454: two writes; notify */
    cr_assert_eq(ev.nw, 5);
    cr_assert_eq(ev.waddr[3], 0x7450u); cr_assert_eq(ev.wbe[3], 0xF0); cr_assert_eq(ev.wdata[3], 0x55555555ull << 32);
    cr_assert_eq(ev.waddr[4], 0x7458u); cr_assert_eq(ev.wbe[4], 0x0F); cr_assert_eq(ev.wdata[4], 0x66666666u);
    cr_assert_eq(ev.irq, 0x10);
    step_ok(0, 1);
    cr_assert_eq(ev.nw, 5);
    cr_assert_eq(ev.nirq, 2);
}

Test(cmds, pipe_control_unimplemented_post_syncs_raise_no_error)
{
    static const char *const cmds[][2] = {
        { "PIPE_CONTROL post_sync=TIMESTAMP addr=0x400010", "PIPE_CONTROL post_sync=TIMESTAMP" },
        { "PIPE_CONTROL post_sync=PS_DEPTH_COUNT addr=0x400010", "PIPE_CONTROL post_sync=PS_DEPTH_COUNT" },
        { "PIPE_CONTROL lri_post_sync addr=0x400010", "PIPE_CONTROL lri_post_sync" },
    };
    for (unsigned i = 0; i < 3; i++) {
        teardown();
        setup();
        RING0(cmds[i][0]);
        clear_events();
        gtm_retire r;
        cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
        cr_assert_str_eq(r.note, cmds[i][1]);
        cr_assert_eq(ev.nc + ev.nw + ev.nirq, 0, "no ESR, no write, no RING_HEAD");
        cr_assert_eq(peek(RCS + GTREF_ESR), 0);
        cr_assert(!gtm_engine_halted(m, 0));
    }
}

/* ======================= engine legality (§1, C12) and unmodelled commands ======================= */

Test(cmds, pipe_control_on_bcs_and_flush_dw_on_rcs_are_illegal)
{
    RING1("PIPE_CONTROL post_sync=WRITE_IMM addr=0x400010 data=0x1");
    cr_assert_eq(step(1), GTM_ERROR);
    cr_assert_eq(peek(BCS + GTREF_ESR), GTREF_ERR_INSTRUCTION);
    cr_assert(gtm_engine_halted(m, 1));
    RING0("MI_FLUSH_DW post_sync=WRITE_IMM addr=0x400008 data=0x1");
    cr_assert_eq(step(0), GTM_ERROR);
    cr_assert_eq(peek(RCS + GTREF_ESR), GTREF_ERR_INSTRUCTION);
}

Test(cmds, an_unmodelled_command_is_unimplemented_with_its_name)
{
    RING0("MI_FORCE_WAKEUP render");   /* C30: power management, not modelled */
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
    cr_assert_str_eq(r.note, "MI_FORCE_WAKEUP");
    cr_assert_eq(gtm_peek(m, 0, &r), GTM_UNIMPLEMENTED);
    cr_assert_str_eq(r.note, "MI_FORCE_WAKEUP");
    cr_assert_eq(peek(RCS + GTREF_ESR), 0);
}

/* ======================= issue 16: Gen11 rows (C35, C36, C38, C39) ======================= */

/* C35: 5 dwords without Store Qword: DW3 to addr, DW4 to addr + 4, each one write exactly as a dword store there */
Test(cmds, sdi_five_dwords_without_qword_stores_two_dwords)
{
    RING0("MI_STORE_DATA_IMM addr=0x400000 data=0x1111111122222222 len=5",
          "MI_STORE_DATA_IMM addr=0x400014 data=0x3333333344444444 len=5");
    clear_events();
    step_ok(0, 1);
    cr_assert_eq(ev.nw, 2);
    cr_assert_eq(ev.waddr[0], 0x400000u); cr_assert_eq(ev.wbe[0], 0x0F); cr_assert_eq(ev.wdata[0], 0x22222222u);
    cr_assert_eq(ev.waddr[1], 0x400000u); cr_assert_eq(ev.wbe[1], 0xF0); cr_assert_eq(ev.wdata[1], 0x11111111ull << 32);
    clear_events();
    step_ok(0, 1);   /* at 0x400014: the first in the high half of 0x400010, the second in the low half of 0x400018 */
    cr_assert_eq(ev.nw, 2);
    cr_assert_eq(ev.waddr[0], 0x400010u); cr_assert_eq(ev.wbe[0], 0xF0); cr_assert_eq(ev.wdata[0], 0x44444444ull << 32);
    cr_assert_eq(ev.waddr[1], 0x400018u); cr_assert_eq(ev.wbe[1], 0x0F); cr_assert_eq(ev.wdata[1], 0x33333333u);
    cr_assert_eq(rd(0x400014), 0x44444444u);
    cr_assert_eq(rd(0x400018), 0x33333333u);
}

Test(cmds, sdi_longer_than_five_dwords_is_unimplemented)
{
    /* C35: legal (up to 1025 dwords), not modelled */
    static const char *const bad[] = { "MI_STORE_DATA_IMM addr=0x400000 data=0x1 len=6",
                                       "MI_STORE_DATA_IMM qword addr=0x400000 data=0x1 len=7" };
    for (int i = 0; i < 2; i++) {
        teardown();
        setup();
        RING0(bad[i]);
        clear_events();
        gtm_retire r;
        cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED, "%s", bad[i]);
        cr_assert(strncmp(r.note, "MI_STORE_DATA_IMM", 17) == 0, "%s", r.note);
        cr_assert_eq(ev.nw + ev.nc, 0);
        cr_assert_eq(peek(RCS + GTREF_ESR), 0);
    }
}

/* C36: an MI_LOAD_REGISTER_IMM of 257 dwords (128 pairs), pair i writes i to CS_GPR(i mod 32) */
Test(cmds, lri_of_257_dwords)
{
    wr(RING, 0x11000000u | 0xFFu);   /* DWord Length 255: 257 dwords */
    for (unsigned i = 0; i < 128; i++) {
        wr(RING + 4 + 8 * i, 0x2600u + 4u * (i % 32));
        wr(RING + 8 + 8 * i, i);
    }
    wr(RING + 4 * 257, 0);           /* MI_NOOP: TAIL qword granular */
    gtm_mmio_write(m, RCS + GTREF_RING_START, RING);
    gtm_mmio_write(m, RCS + GTREF_RING_TAIL, 4 * 258);
    gtm_mmio_write(m, RCS + GTREF_RING_CTL, 1);
    clear_events();
    step_ok(0, 1);
    cr_assert_eq(ev.nc, 129, "128 pair commits and RING_HEAD");
    for (unsigned k = 0; k < 32; k++) cr_assert_eq(peek(GPR(k)), 96u + k);
    cr_assert_eq(peek(RCS + GTREF_RING_HEAD), 4u * 257);
}

/* C38: with Add CS MMIO Start Offset the offset is the engine's MMIO base + the field (plain add) */
Test(cmds, cs_mmio_offsets_are_engine_relative)
{
    wr(0x600000, 0xBEEF);
    gtm_mmio_write(m, BCS + 0x600, 0x11);        /* BCS0.CS_GPR0 */
    RING1("MI_LOAD_REGISTER_IMM cs_mmio CS_GPR1=0x00000022",                    /* 0x22000 + 0x604 */
          "MI_LOAD_REGISTER_REG cs_mmio_src src=CS_GPR0 dst=BCS0.CS_GPR2",      /* 0x22600 -> 0x22608 */
          "MI_LOAD_REGISTER_REG cs_mmio_dst src=BCS0.CS_GPR1 dst=0x60c",        /* 0x22604 -> 0x2260C */
          "MI_LOAD_REGISTER_MEM cs_mmio reg=CS_GPR4 addr=0x600000",
          "MI_STORE_REGISTER_MEM cs_mmio reg=CS_GPR0 addr=0x400000");
    clear_events();
    step_ok(1, 4);
    uint32_t off[] = { BCS + 0x604, BCS + 0x608, BCS + 0x60C, BCS + 0x610 };
    uint32_t val[] = { 0x22, 0x11, 0x22, 0xBEEF };
    expect_commits(off, val, 4);
    step_ok(1, 1);
    cr_assert_eq(rd(0x400000), 0x11u);
    /* on RCS0, offset 0x2600 with the bit is 0x4600 (0x2000 + 0x2600): no register of RCS0, unimplemented (C6, C38) */
    RING0("MI_LOAD_REGISTER_IMM cs_mmio CS_GPR3=0x00000007", "MI_LOAD_REGISTER_IMM cs_mmio 0x2600=0x00000007");
    clear_events();
    step_ok(0, 1);
    uint32_t off2[] = { GPR(3) };
    uint32_t val2[] = { 7 };
    expect_commits(off2, val2, 1);
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
    cr_assert_str_eq(r.note, "MI_LOAD_REGISTER_IMM write 0x04600 outside the engine (C6)");
    cr_assert_eq(peek(GPR(0)), 0);
}

/* C13, C38: the privilege rule applies to the absolute offset */
Test(cmds, cs_mmio_privilege_uses_the_absolute_offset)
{
    gtm_mmio_write(m, RCS + GTREF_FORCE_TO_NONPRIV0, RCS + GTREF_HWS_PGA);
    BATCH(0x200000, "MI_LOAD_REGISTER_IMM cs_mmio HWS_PGA=0x00009000", "MI_LOAD_REGISTER_IMM cs_mmio NOPID=0x00000001",
          "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START ppgtt addr=0x200000");
    step_ok(0, 3);
    cr_assert_eq(peek(RCS + GTREF_HWS_PGA), 0x9000u, "0x2000 + 0x80 is whitelisted");
    cr_assert_eq(peek(RCS + GTREF_NOPID), 0);
    cr_assert_eq(peek(RCS + GTREF_ESR), 4u, "0x2000 + 0x94 is not: a privilege violation (C41)");
}

/* ---- C39: the DW0 walk ---- */

/* One legal command of each modelled command (the table's modelled flag), with every field 0. */
static unsigned base_command(const gtref_cmd_def *c, uint32_t *dw)
{
    unsigned len = c->min_len;
    if (c->len_rule == GTREF_LEN_SDI) len = 4;
    memset(dw, 0, sizeof(uint32_t) * 16);
    dw[0] = gtref_cmd_header(c, len);
    return len;
}

/* Run dw (len dwords) first in engine e's empty ring; returns the status, with r. */
static int run_raw(int e, const uint32_t *dw, unsigned len, gtm_retire *r)
{
    uint64_t base = ring_of(e);
    for (unsigned k = 0; k < len; k++) wr(base + 4 * k, dw[k]);
    unsigned tail = (4 * len + 7) & ~7u;
    if (len & 1) wr(base + 4 * len, 0);
    gtm_mmio_write(m, base_of(e) + GTREF_RING_START, (uint32_t)base);
    gtm_mmio_write(m, base_of(e) + GTREF_RING_TAIL, tail);
    gtm_mmio_write(m, base_of(e) + GTREF_RING_CTL, 1);
    clear_events();
    return gtm_step(m, e, r);
}

/* By hand from the table's fields and genxml gen11.xml (C39): the reserved DW0 bits of a few commands */
Test(cmds, reserved_dw0_bits_by_hand)
{
    static const struct { const char *name; uint32_t rsv; } cases[] = {
        { "MI_SEMAPHORE_WAIT", 0x003E0F00u },       /* [11:8], [21:17] */
        { "MI_LOAD_REGISTER_IMM", 0x0077F000u },    /* [18:12], [22:20] */
        { "MI_STORE_DATA_IMM", 0x001FFC00u },       /* [20:10] */
        { "MI_BATCH_BUFFER_START", 0x003F7A00u },   /* 9, [14:11], [21:16] */
        { "MI_ATOMIC", 0x00000000u },
        { "MI_NOOP", 0x00000000u },
        { "MI_ARB_ON_OFF", 0x007FFFFCu },           /* [22:2] */
        { "MI_BATCH_BUFFER_END", 0x007FFFFEu },     /* [22:1] */
        { "MI_SEMAPHORE_SIGNAL", 0x00587F00u },     /* [14:8], [20:19], 22 */
        { "PIPE_CONTROL", 0x0000FD00u },            /* [15:10], 8 */
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const gtref_cmd_def *c = gtref_cmd_by_name(cases[i].name);
        cr_assert_eq(~gtref_cmd_dw0_defined(c), cases[i].rsv, "%s: reserved 0x%08x", cases[i].name, ~gtref_cmd_dw0_defined(c));
    }
}

/* Every modelled command, every DW0 bit that neither the header, the DWord Length nor a field covers: set alone, the
 * command is UNIMPLEMENTED naming the bit, with no effect */
Test(cmds, every_reserved_dw0_bit_of_every_modelled_command_is_unimplemented)
{
    unsigned checked = 0;
    for (int i = 0; i < GTREF_CMD_COUNT; i++) {
        const gtref_cmd_def *c = &gtref_cmds[i];
        if (!c->modelled) continue;
        int e = gtref_cmd_on_engine(c, 0) ? 0 : 1;
        /* covered bits, worked out here from the table: header, DWord Length, fields below bit 32 */
        uint32_t cov = c->match_mask | (c->len_bits ? (1u << c->len_bits) - 1u : 0u);
        for (int f = 0; f < GTREF_F_COUNT; f++)
            if (gtref_fields[f].cmd == c->id && !gtref_fields[f].in_group && gtref_fields[f].lo < 32)
                for (unsigned b = gtref_fields[f].lo; b <= gtref_fields[f].hi && b < 32; b++) cov |= 1u << b;
        for (unsigned b = 0; b < 32; b++) {
            if (cov & 1u << b) continue;
            teardown();
            setup();
            uint32_t dw[16];
            unsigned len = base_command(c, dw);
            dw[0] |= 1u << b;
            gtm_retire r;
            cr_assert_eq(run_raw(e, dw, len, &r), GTM_UNIMPLEMENTED, "%s with DW0[%u]", c->name, b);
            char note[96];
            snprintf(note, sizeof note, "%s DW0[%u] reserved", c->name, b);
            cr_assert_str_eq(r.note, note);
            cr_assert_eq(ev.nc + ev.nw + ev.nirq, 0, "%s DW0[%u]: no effect", c->name, b);
            cr_assert_eq(peek(base_of(e) + GTREF_ESR), 0, "unimplemented, not illegal");
            checked++;
        }
    }
    cr_assert_gt(checked, 200u);
}

/* C23 with C39: a command MI_SET_PREDICATE NOOPs is not checked for unimplemented uses, reserved bits included */
Test(cmds, a_nooped_command_with_a_reserved_bit_is_a_noop)
{
    RING0("MI_SET_PREDICATE enable=NOOP_ALWAYS", "MI_STORE_DATA_IMM addr=0x400000 data=0x1");
    wr(RING + 4, rd(RING + 4) | 1u << 15);
    step_ok(0, 1);
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_RETIRED, "%s", r.note);
    cr_assert(r.nooped);
    cr_assert_eq(rd(0x400000), 0);
}

/* Every DW0 field of every modelled command is classified (C39): acted on (A), no visible effect (N) or
 * unimplemented when set (U); docs/commands.md §3-§5 */
static const struct { uint16_t id; char cls; } field_class[] = {
    { GTREF_F_MI_NOOP_NOPID, 'A' }, { GTREF_F_MI_NOOP_NOPID_WRITE, 'A' }, { GTREF_F_MI_SET_PREDICATE_ENABLE, 'A' },
    { GTREF_F_MI_WAIT_FOR_EVENT_WAIT_ENABLES, 'U' }, { GTREF_F_MI_ARB_ON_OFF_ENABLE, 'N' },
    { GTREF_F_MI_ARB_ON_OFF_LITE_RESTORE, 'N' }, { GTREF_F_MI_BATCH_BUFFER_END_END_CONTEXT, 'U' },
    { GTREF_F_MI_PREDICATE_COMPARE, 'A' }, { GTREF_F_MI_PREDICATE_COMBINE, 'A' }, { GTREF_F_MI_PREDICATE_LOAD, 'A' },
    { GTREF_F_MI_SEMAPHORE_SIGNAL_TARGET, 'A' }, { GTREF_F_MI_SEMAPHORE_SIGNAL_POST_SYNC, 'N' },
    { GTREF_F_MI_SEMAPHORE_WAIT_COMPARE, 'A' }, { GTREF_F_MI_SEMAPHORE_WAIT_POLL, 'A' },
    { GTREF_F_MI_SEMAPHORE_WAIT_REG_POLL, 'A' }, { GTREF_F_MI_SEMAPHORE_WAIT_GGTT, 'A' },
    { GTREF_F_MI_STORE_DATA_IMM_GGTT, 'A' }, { GTREF_F_MI_STORE_DATA_IMM_QWORD, 'A' },
    { GTREF_F_MI_STORE_DATA_INDEX_PPHWSP, 'U' }, { GTREF_F_MI_LOAD_REGISTER_IMM_BWD, 'A' },
    { GTREF_F_MI_LOAD_REGISTER_IMM_CS_MMIO, 'A' }, { GTREF_F_MI_STORE_REGISTER_MEM_CS_MMIO, 'A' },
    { GTREF_F_MI_STORE_REGISTER_MEM_PREDICATE, 'A' }, { GTREF_F_MI_STORE_REGISTER_MEM_GGTT, 'A' },
    { GTREF_F_MI_FLUSH_DW_VIDEO_INVALIDATE, 'N' }, { GTREF_F_MI_FLUSH_DW_NOTIFY, 'A' },
    { GTREF_F_MI_FLUSH_DW_FLUSH_LLC, 'N' }, { GTREF_F_MI_FLUSH_DW_POST_SYNC, 'A' },
    { GTREF_F_MI_FLUSH_DW_TLB_INVALIDATE, 'A' }, { GTREF_F_MI_FLUSH_DW_STORE_INDEX, 'A' },
    { GTREF_F_MI_LOAD_REGISTER_MEM_CS_MMIO, 'A' }, { GTREF_F_MI_LOAD_REGISTER_MEM_LOOP_VAR, 'U' },
    { GTREF_F_MI_LOAD_REGISTER_MEM_ASYNC, 'N' }, { GTREF_F_MI_LOAD_REGISTER_MEM_GGTT, 'A' },
    { GTREF_F_MI_LOAD_REGISTER_REG_CS_MMIO_SRC, 'A' }, { GTREF_F_MI_LOAD_REGISTER_REG_CS_MMIO_DST, 'A' },
    { GTREF_F_MI_COPY_MEM_MEM_GGTT_DST, 'A' }, { GTREF_F_MI_COPY_MEM_MEM_GGTT_SRC, 'A' },
    { GTREF_F_MI_ATOMIC_OP, 'A' }, { GTREF_F_MI_ATOMIC_RETURN_DATA, 'A' }, { GTREF_F_MI_ATOMIC_CS_STALL, 'N' },
    { GTREF_F_MI_ATOMIC_INLINE, 'A' }, { GTREF_F_MI_ATOMIC_SIZE, 'A' }, { GTREF_F_MI_ATOMIC_POST_SYNC, 'N' },
    { GTREF_F_MI_ATOMIC_GGTT, 'A' }, { GTREF_F_MI_BATCH_BUFFER_START_PPGTT, 'A' },
    { GTREF_F_MI_BATCH_BUFFER_START_RS_ENABLE, 'U' }, { GTREF_F_MI_BATCH_BUFFER_START_PREDICATE, 'A' },
    { GTREF_F_MI_BATCH_BUFFER_START_SECOND, 'A' }, { GTREF_F_MI_CONDITIONAL_BATCH_BUFFER_END_MASK_MODE, 'A' },
    { GTREF_F_MI_CONDITIONAL_BATCH_BUFFER_END_SEMAPHORE, 'A' }, { GTREF_F_MI_CONDITIONAL_BATCH_BUFFER_END_GGTT, 'A' },
    { GTREF_F_PIPE_CONTROL_HDC_FLUSH, 'N' },
};

Test(cmds, every_dw0_field_of_a_modelled_command_is_classified)
{
    for (int f = 0; f < GTREF_F_COUNT; f++) {
        const gtref_field_def *d = &gtref_fields[f];
        if (!gtref_cmds[d->cmd].modelled || d->in_group || d->lo >= 32) continue;
        bool found = false;
        for (unsigned i = 0; i < sizeof field_class / sizeof field_class[0]; i++) found |= field_class[i].id == f;
        cr_assert(found, "%s %s is not classified (C39)", gtref_cmds[d->cmd].name, d->key);
    }
}

/* Run text alone on engine e in a fresh model; the events and the status. */
static int run_text(int e, const char *text, events *out)
{
    uint32_t dw[32];
    teardown();
    setup();
    wr(0x600000, 3);
    unsigned len = as(text, dw);
    gtm_retire r;
    int st = run_raw(e, dw, len, &r);
    *out = ev;
    return st;
}

static bool same_events(const events *a, const events *b)
{
    if (a->nw != b->nw || a->nc != b->nc || a->irq != b->irq || a->nirq != b->nirq) return false;
    for (int i = 0; i < a->nw; i++)
        if (a->waddr[i] != b->waddr[i] || a->wdata[i] != b->wdata[i] || a->wbe[i] != b->wbe[i]) return false;
    for (int i = 0; i < a->nc; i++)
        if (a->coff[i] != b->coff[i] || a->cval[i] != b->cval[i]) return false;
    return true;
}

/* The no-effect fields (N): the command with the field set does exactly what it does without it */
Test(cmds, no_effect_dw0_fields_change_nothing)
{
    static const struct { int e; const char *without, *with; } cases[] = {
        { 0, "MI_ARB_ON_OFF", "MI_ARB_ON_OFF enable" },
        { 0, "MI_ARB_ON_OFF enable", "MI_ARB_ON_OFF enable lite_restore" },
        { 0, "MI_SEMAPHORE_SIGNAL target=BCS", "MI_SEMAPHORE_SIGNAL target=BCS post_sync" },
        { 1, "MI_FLUSH_DW post_sync=WRITE_IMM addr=0x400000 data=0x5", "MI_FLUSH_DW video_invalidate post_sync=WRITE_IMM addr=0x400000 data=0x5" },
        { 1, "MI_FLUSH_DW post_sync=WRITE_IMM addr=0x400000 data=0x5", "MI_FLUSH_DW flush_llc post_sync=WRITE_IMM addr=0x400000 data=0x5" },
        { 0, "MI_LOAD_REGISTER_MEM reg=RCS0.CS_GPR0 addr=0x600000", "MI_LOAD_REGISTER_MEM async reg=RCS0.CS_GPR0 addr=0x600000" },
        { 0, "MI_ATOMIC op=INC return_data addr=0x600000", "MI_ATOMIC op=INC return_data cs_stall addr=0x600000" },
        { 0, "MI_ATOMIC op=INC return_data addr=0x600000", "MI_ATOMIC op=INC return_data post_sync addr=0x600000" },
        { 0, "PIPE_CONTROL post_sync=WRITE_IMM addr=0x400000 data=0x5", "PIPE_CONTROL hdc_flush post_sync=WRITE_IMM addr=0x400000 data=0x5" },
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        events a, b;
        cr_assert_eq(run_text(cases[i].e, cases[i].without, &a), GTM_RETIRED, "%s", cases[i].without);
        cr_assert_eq(run_text(cases[i].e, cases[i].with, &b), GTM_RETIRED, "%s", cases[i].with);
        cr_assert(a.nc + a.nw > 0, "%s does something", cases[i].without);
        cr_assert(same_events(&a, &b), "%s", cases[i].with);
    }
}

/* The unimplemented-when-set fields (U), each set alone on an otherwise modelled command */
Test(cmds, unimplemented_when_set_dw0_fields)
{
    static const struct { int e; const char *text, *note; } cases[] = {
        { 0, "MI_WAIT_FOR_EVENT wait=0x200000", "MI_WAIT_FOR_EVENT wait" },
        { 0, "MI_BATCH_BUFFER_END end_context", "MI_BATCH_BUFFER_END end_context" },
        { 1, "MI_BATCH_BUFFER_END end_context", "MI_BATCH_BUFFER_END end_context" },
        { 0, "MI_STORE_DATA_INDEX pphwsp offset=0x10 data=0x1", "MI_STORE_DATA_INDEX pphwsp" },
        { 0, "MI_LOAD_REGISTER_MEM loop_var reg=RCS0.CS_GPR0 addr=0x600000", "MI_LOAD_REGISTER_MEM loop_var" },
        { 0, "MI_BATCH_BUFFER_START rs_enable addr=0x200000", "MI_BATCH_BUFFER_START rs_enable" },
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t dw[32];
        teardown();
        setup();
        unsigned len = as(cases[i].text, dw);
        gtm_retire r;
        cr_assert_eq(run_raw(cases[i].e, dw, len, &r), GTM_UNIMPLEMENTED, "%s", cases[i].text);
        cr_assert_str_eq(r.note, cases[i].note);
        cr_assert_eq(ev.nc + ev.nw + ev.nirq, 0, "%s", cases[i].text);
    }
}

/* ---- text form (C35, C28, C38): asm -> disasm -> asm ---- */

Test(cmds, text_form_round_trips_gen11_forms)
{
    static const struct { const char *in, *out; } cases[] = {
        { "MI_STORE_DATA_IMM len=5 addr=0x400000 data=0x1111111122222222",
          "MI_STORE_DATA_IMM addr=0x400000 data=0x1111111122222222 len=5" },
        { "MI_ATOMIC inline size=QWORD len=7 op=ADD8B addr=0x1000 op1_0=0x1 op1_1=0x2",
          "MI_ATOMIC op=ADD8B inline size=QWORD addr=0x1000 op1_0=0x00000001 op1_1=0x00000002 len=7" },
        { "MI_ATOMIC inline len=5 op=CMP_WR addr=0x1000 op1_0=0x1 op2_0=0x2",
          "MI_ATOMIC op=CMP_WR inline addr=0x1000 op1_0=0x00000001 op2_0=0x00000002 len=5" },
        { "MI_LOAD_REGISTER_IMM cs_mmio CS_GPR0=0x1 0x2600=0x2",
          "MI_LOAD_REGISTER_IMM cs_mmio CS_GPR0=0x00000001 0x2600=0x00000002" },
        { "MI_STORE_REGISTER_MEM cs_mmio reg=0x600 addr=0x1000", "MI_STORE_REGISTER_MEM cs_mmio reg=CS_GPR0 addr=0x1000" },
        { "MI_LOAD_REGISTER_MEM reg=CS_GPR1 cs_mmio addr=0x1000", "MI_LOAD_REGISTER_MEM cs_mmio reg=CS_GPR1 addr=0x1000" },
        { "MI_LOAD_REGISTER_REG cs_mmio_dst src=RCS0.CS_GPR1 dst=CS_GPR0",
          "MI_LOAD_REGISTER_REG cs_mmio_dst src=RCS0.CS_GPR1 dst=CS_GPR0" },
        { "MI_LOAD_REGISTER_REG cs_mmio_src src=0x1234 dst=RCS0.CS_GPR0",
          "MI_LOAD_REGISTER_REG cs_mmio_src src=0x1234 dst=RCS0.CS_GPR0" },
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t a[32], b[32];
        char text[512];
        unsigned n = as(cases[i].in, a);
        gtref_cmd_format(a, n, 2, text, sizeof text);
        cr_assert_str_eq(text, cases[i].out);
        cr_assert_eq(as(text, b), n);
        cr_assert(memcmp(a, b, 4 * n) == 0, "%s", text);
    }
    uint32_t dw[8];
    cr_assert_eq(as("MI_STORE_REGISTER_MEM cs_mmio reg=CS_GPR0 addr=0x1000", dw), 4u);
    cr_assert_eq(dw[1], 0x600u, "a bare name is the engine-relative offset");
    char err[128];
    cr_assert_lt(gtref_cmd_parse("MI_STORE_REGISTER_MEM cs_mmio reg=RCS0.CS_GPR0 addr=0x1000", 2, dw, 8, err, sizeof err), 0,
                 "an absolute ENGINE.NAME is refused with cs_mmio");
    cr_assert_lt(gtref_cmd_parse("MI_STORE_REGISTER_MEM reg=CS_GPR0 addr=0x1000", 2, dw, 8, err, sizeof err), 0,
                 "a bare engine name is refused without cs_mmio");
}
