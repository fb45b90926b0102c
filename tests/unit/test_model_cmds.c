/* The model's commands, one behaviour of docs/commands.md at a time. Every expected value is worked out by
 * hand from docs/commands.md and its sources (KBL-CMD digest App. A [EXT], docs/cycle-contract.md,
 * docs/spec-decisions.md) and written as a literal; commands are built with gtref_cmd_parse (text form). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "gtref/cmds.h"
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

Test(cmds, alu_load1_is_one_and_load0_is_zero)
{
    /* LOAD1(d): d := 1 (§4), LOAD0: d := 0 -> 1 + 0 = 1 */
    uint64_t r[4] = { 0, 0, 0, 0 };
    math_run(r, "MI_MATH LOAD1(SRCA) LOAD0(SRCB) ADD STORE(R8,ACCU)");
    cr_assert_eq(R(8), 1);
    uint32_t off[] = { GPR(16) };
    uint32_t val[] = { 1 };
    expect_commits(off, val, 1);
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
        gtm_mmio_write(m, RCS + GTREF_PRED_SRC0, (uint32_t)c->src0);
        gtm_mmio_write(m, RCS + GTREF_PRED_SRC0 + 4, (uint32_t)(c->src0 >> 32));
        gtm_mmio_write(m, RCS + GTREF_PRED_SRC1, (uint32_t)c->src1);
        gtm_mmio_write(m, RCS + GTREF_PRED_SRC1 + 4, (uint32_t)(c->src1 >> 32));
        gtm_mmio_write(m, RCS + GTREF_PRED_DATA, (uint32_t)c->data);
        gtm_mmio_write(m, RCS + GTREF_PRED_DATA + 4, (uint32_t)(c->data >> 32));
        gtm_mmio_write(m, RCS + GTREF_PRED_RESULT, c->old);
        RING0(c->cmd);
        clear_events();
        step_ok(0, 1);
        cr_assert_eq(peek(RCS + GTREF_PRED_RESULT), c->expect, "case %u: %s", i, c->cmd);
        /* commit only when it changes */
        int want = c->old != c->expect;
        cr_assert_eq(ev.nc, want + 1, "case %u: %d commits", i, ev.nc);
        if (want) cr_assert_eq(ev.coff[0], RCS + GTREF_PRED_RESULT);
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
        gtm_mmio_write(m, RCS + GTREF_PRED_RESULT, cases[i].result);
        gtm_mmio_write(m, RCS + GTREF_PRED_RESULT_2, cases[i].result2);
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
    gtm_mmio_write(m, RCS + GTREF_PRED_RESULT, 0);
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
    gtm_mmio_write(m, GPR(0), 0x99u);   /* R0 low before the return data */
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
    if (ret) {   /* the OLD value into R0 (CS_GPR0, and CS_GPR1 for a qword) */
        cr_assert_eq(peek(GPR(0)), (uint32_t)c->old, "%s: GPR0", c->op);
        cr_assert_eq(peek(GPR(1)), c->qword ? (uint32_t)(c->old >> 32) : 0u, "%s: GPR1", c->op);
    } else {
        cr_assert_eq(peek(GPR(0)), 0x99u);
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
    /* qword INC8B of 0x0000000100000000 with return: GPR0 := 0 (was 0: no commit), GPR1 := 1 (commit) */
    wr(0x500008, 0); wr(0x50000C, 1);
    RING0("MI_ATOMIC op=INC8B return_data size=QWORD addr=0x500008");
    clear_events();
    step_ok(0, 1);
    uint32_t off[] = { GPR(1) };
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
        "MI_ATOMIC op=ADD size=DWORD addr=0x500000",         /* ADD needs inline data */
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

Test(cmds, mi_semaphore_wait_register_poll_and_compare_6_7_are_unimplemented)
{
    RING0("MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD reg_poll data=0x1 addr=0x600000");   /* C33, signal mode too */
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
    cr_assert_str_eq(r.note, "MI_SEMAPHORE_WAIT reg_poll");
    teardown();
    setup();
    RING0("MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD poll reg_poll data=0x1 addr=0x600000");
    cr_assert_eq(step(0), GTM_UNIMPLEMENTED);
    for (uint32_t op = 6; op <= 7; op++)
        for (uint32_t poll = 0; poll <= 1; poll++) {
            teardown();
            setup();
            RING0("MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD data=0x0 addr=0x600000");
            wr(RING, (rd(RING) & ~0xF000u) | op << 12 | poll << 15);   /* Compare Operation [14:12], Wait Mode [15] */
            cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
            cr_assert_str_eq(r.note, "MI_SEMAPHORE_WAIT compare>5");
            cr_assert_eq(peek(RCS + GTREF_RING_HEAD), 0);
        }
}

/* §5, C32: MI_SEMAPHORE_SIGNAL to every Target Engine Select value 0..4 (VCS1 and engines the build lacks
 * included), with Post-Sync and a Target Context ID: no write, no interrupt, no commit but RING_HEAD in the ring
 * and none at all in a batch. */
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
    for (uint32_t t = 5; t <= 7; t++) {
        teardown();
        setup();
        RING0("MI_SEMAPHORE_SIGNAL target=RCS");
        wr(RING, rd(RING) | t << 15);   /* Target Engine Select [17:15] */
        gtm_retire r;
        cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
        cr_assert_str_eq(r.note, "MI_SEMAPHORE_SIGNAL target>4");
        cr_assert_eq(peek(RCS + GTREF_RING_HEAD), 0);
        cr_assert_eq(peek(RCS + GTREF_ESR), 0, "unimplemented, not illegal");
    }
}

/* C23: a wait or a signal that MI_SET_PREDICATE turns into a NOOP retires at once and says so (gtm_retire.nooped):
 * the scoreboard does not take a NOOPed wait or signal for a real one. */
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
    step_ok(0, 1);   /* first-level chain, GGTT: BB_ADDR 0x200100, UDW 0, STATE 0 */
    uint32_t off[] = { RCS + GTREF_BB_ADDR, RCS + GTREF_BB_ADDR_UDW, RCS + GTREF_BB_STATE };
    uint32_t val[] = { 0x200100u, 0, 0 };
    expect_commits(off, val, 3);
    step_ok(0, 1);
    cr_assert(!gtm_engine_in_batch(m, 0));
}

Test(cmds, second_level_inherits_the_first_levels_privilege_in_sbb_state)
{
    BATCH(0x200000, "MI_BATCH_BUFFER_START second addr=0x300000");
    BATCH(0x300000, "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START ppgtt addr=0x200000");
    step_ok(0, 1);
    clear_events();
    step_ok(0, 1);
    /* SBB_STATE bit 5 copied from the (PPGTT) first level although this BBS has ppgtt = 0 (C16) */
    uint32_t off[] = { RCS + GTREF_SBB_ADDR, RCS + GTREF_SBB_STATE };
    uint32_t val[] = { 0x300000u, 0x20u };
    expect_commits(off, val, 2);
}

Test(cmds, predicated_batch_buffer_start_in_ring_and_batch)
{
    /* RESULT bit 0 = 0: nothing but RING_HEAD in the ring; in a batch the next command follows (C17) */
    BATCH(0x200000, "MI_BATCH_BUFFER_START predicate addr=0x300000", "MI_BATCH_BUFFER_END");
    BATCH(0x300000, "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START predicate addr=0x200000", "MI_NOOP");
    clear_events();
    step_ok(0, 1);
    cr_assert(!gtm_engine_in_batch(m, 0));
    cr_assert_eq(ev.nc, 1);
    cr_assert_eq(ev.coff[0], RCS + GTREF_RING_HEAD);
    teardown();
    setup();
    BATCH(0x200000, "MI_BATCH_BUFFER_START predicate addr=0x300000", "MI_BATCH_BUFFER_END");
    BATCH(0x300000, "MI_BATCH_BUFFER_END");
    gtm_mmio_write(m, RCS + GTREF_PRED_RESULT, 1);
    RING0("MI_BATCH_BUFFER_START predicate addr=0x200000");
    step_ok(0, 1);
    cr_assert(gtm_engine_in_batch(m, 0), "RESULT 1: the batch starts");
    gtm_mmio_write(m, RCS + GTREF_PRED_RESULT, 0);
    clear_events();
    cr_assert_eq(step_at(0), GTM_RETIRED);   /* predicated off inside the batch */
    cr_assert_eq(ev.nc, 0);
    cr_assert_eq(step_at(0), GTM_RETIRED);
    cr_assert_eq(last_addr, 0x20000Cu, "continues with the next command");
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

Test(cmds, batch_buffer_start_add_offset_and_rs_enable_are_unimplemented)
{
    RING0("MI_BATCH_BUFFER_START add_offset addr=0x200000");
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
    cr_assert_str_eq(r.note, "MI_BATCH_BUFFER_START add_offset");
    cr_assert(!gtm_engine_in_batch(m, 0));
}

Test(cmds, conditional_batch_buffer_end)
{
    /* memory 3: data 3 -> 3 is not greater than 3 -> ends; data 2 -> 3 > 2 -> continues (C26) */
    wr(0x600000, 3);
    BATCH(0x200000, "MI_CONDITIONAL_BATCH_BUFFER_END semaphore data=0x2 addr=0x600000",
          "MI_BATCH_BUFFER_START second addr=0x300000", "MI_CONDITIONAL_BATCH_BUFFER_END semaphore data=0x3 addr=0x600000",
          "MI_STORE_DATA_IMM addr=0x400000 data=0x1");
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
    cr_assert_eq(step_at(0), GTM_RETIRED);   /* second level: 3 <= 3 -> back to the first level */
    cr_assert_eq(last_addr, 0x300000u);
    cr_assert_eq(step_at(0), GTM_RETIRED);
    cr_assert_eq(last_addr, 0x20001Cu, "the return address, not the second level's SDI");
    cr_assert(!gtm_engine_in_batch(m, 0), "first level: 3 <= 3 -> back to the ring");
    cr_assert_eq(step_at(0), GTM_RETIRED);
    cr_assert_eq(last_addr, RING + 0x1Cu);
    cr_assert_eq(rd(0x400000), 0);
    cr_assert_eq(rd(0x400008), 0);
}

Test(cmds, conditional_batch_buffer_end_without_semaphore_is_unimplemented)
{
    RING0("MI_CONDITIONAL_BATCH_BUFFER_END data=0x0 addr=0x600000");
    gtm_retire r;
    cr_assert_eq(gtm_step(m, 0, &r), GTM_UNIMPLEMENTED);
    cr_assert(strstr(r.note, "MI_CONDITIONAL_BATCH_BUFFER_END") != NULL);
}

/* ======================= privilege (§2, C13) ======================= */

Test(cmds, ppgtt_batch_drops_privileged_lri_targets_keeps_nonpriv_and_whitelisted)
{
    /* FORCE_TO_NONPRIV0 names RCS0.BB_OFFSET (absolute 0x2158, bits [25:2]) */
    gtm_mmio_write(m, RCS + GTREF_FORCE_TO_NONPRIV, RCS + GTREF_BB_OFFSET);
    BATCH(0x200000, "MI_LOAD_REGISTER_IMM RCS0.RING_TAIL=0x00000040 RCS0.CS_GPR0=0x00000005 "
                    "RCS0.BB_OFFSET=0x00000077 RCS0.HWS_PGA=0x00009000 RCS0.MI_PREDICATE_SRC0=0x00000003",
          "MI_BATCH_BUFFER_END");
    RING0("MI_BATCH_BUFFER_START ppgtt addr=0x200000");
    uint32_t tail = peek(RCS + GTREF_RING_TAIL);
    step_ok(0, 1);
    clear_events();
    step_ok(0, 1);
    uint32_t off[] = { GPR(0), RCS + GTREF_BB_OFFSET, RCS + GTREF_PRED_SRC0 };
    uint32_t val[] = { 5, 0x77, 3 };
    expect_commits(off, val, 3);
    cr_assert_eq(peek(RCS + GTREF_RING_TAIL), tail, "RING_TAIL dropped");
    cr_assert_eq(peek(RCS + GTREF_HWS_PGA), 0, "HWS_PGA dropped");
    cr_assert_eq(peek(RCS + GTREF_ESR), 0, "no error");
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
    uint32_t off[] = { GPR(2), GPR(3) };
    uint32_t val[] = { 0x6000, 0x5000 };
    expect_commits(off, val, 2);
    cr_assert_eq(peek(RCS + GTREF_HWS_PGA), 0);
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
          "MI_LOAD_REGISTER_REG src=0x00123450 dst=RCS0.CS_GPR6",   /* unknown source reads 0 (C14) */
          "MI_LOAD_REGISTER_MEM reg=RCS0.CS_GPR3 addr=0x600000",
          "MI_COPY_MEM_MEM dst=0x600104 src=0x600000");
    gtm_mmio_write(m, GPR(6), 9);
    clear_events();
    step_ok(0, 3);
    uint32_t off[] = { GPR(5), GPR(6), GPR(3) };
    uint32_t val[] = { 0x55, 0, 0xCAFE };
    expect_commits(off, val, 3);
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
          "MI_STORE_REGISTER_MEM reg=BCS0.CS_GPR0 addr=0x400018");   /* another engine's register reads 0 */
    gtm_mmio_write(m, BCS + 0x600, 0x77);
    gtm_mmio_write(m, 0x400018, 0);
    wr(0x400018, 0xFFFFFFFF);
    clear_events();
    step_ok(0, 1);
    cr_assert_eq(ev.nw, 1);
    cr_assert_eq(ev.waddr[0], 0x400000u);
    cr_assert_eq(ev.wbe[0], 0xF0);
    cr_assert_eq(ev.wdata[0], 0xABCDull << 32);
    step_ok(0, 1);   /* predicate, RESULT 0: nothing */
    cr_assert_eq(ev.nw, 1);
    gtm_mmio_write(m, RCS + GTREF_PRED_RESULT, 1);
    step_ok(0, 1);
    cr_assert_eq(ev.nw, 2);
    cr_assert_eq(ev.waddr[1], 0x400010u);
    cr_assert_eq(ev.wbe[1], 0x0F);
    cr_assert_eq(ev.wdata[1], 0xABCDu);
    step_ok(0, 1);
    cr_assert_eq(ev.nw, 3);
    cr_assert_eq(ev.wdata[2], 0u);
    cr_assert_eq(rd(0x400018), 0u);
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
