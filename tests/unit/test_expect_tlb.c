/* The `tlb` expectation (docs/stimulus-format.md §1.4, §2): its .gts syntax, msgpack form and decoder checks, the
 * checker of co-simulation's lookups (gtref_expect_check_tlb) and the model-only runner, which cannot evaluate it. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtref/expect.h"
#include "gtref/gam.h"
#include "gtref/model_only.h"
#include "gtref/stim.h"
#include "test_support.h"

#define SRC " from \"docs/gam.md GAM-8: test source\""

/* Two engines, RCS0 storing once: enough for expectations naming RCS0 and BCS0. */
static const char *const base_text =
    "test tlbx\n"
    "engines 2\n"
    "ggtt 0x100000 0x100000 pages 2\n"   /* the ring and what the prefetch may read past it (docs/gam.md GAM-4) */
    "ggtt 0x400000 0x400000\n"
    "ring 0x100000 size 0x1000 {\n"
    "  MI_STORE_DATA_IMM addr=0x400004 data=0x11111111\n"
    "  MI_NOOP\n"
    "}\n"
    "host {\n"
    "  write RCS0.RING_CTL 0x0\n"
    "  write RCS0.RING_START 0x100000\n"
    "  write RCS0.RING_CTL 0x1\n"
    "  write RCS0.RING_TAIL 0x20\n"
    "  wait_idle\n"
    "}\n";   /* 15 lines: `expect {` is line 16, the first expectation line 17 */

static void assemble_ok(gtref_stim *s, const char *lines) { test_assemble_expect_ok(s, base_text, lines); }
static void assemble_fails(const char *lines, const char *fragment) { test_assemble_expect_fails(base_text, lines, fragment); }

static const char *const tlb_lines =
    "  tlb RCS0 { miss 0x400000 fill=8 ; hit 0x400000 index=8; fault 0x500000 }" SRC "\n"
    "  tlb BCS0 {\n"
    "    miss 0x7f0000000000 fill=31\n"
    "    hit 0x7f0000000000 index=31 miss 0x1000 fill=0;\n"
    "    fault 0xfffffffff000\n"
    "  }" SRC "\n"
    "  tlb RCS0 { }" SRC "\n"
    "  irq == 0" SRC "\n";

/* ---- syntax ---- */

Test(expect_tlb, both_list_forms_parse)
{
    gtref_stim s;
    assemble_ok(&s, tlb_lines);
    cr_assert_eq(s.nexpects, 4);
    const gtref_expect *x = s.expects;
    cr_assert_eq(x[0].kind, GTREF_EXPECT_TLB);
    cr_assert_eq(x[0].engine, 0);
    cr_assert_eq(x[0].line, 17);
    cr_assert_eq(x[0].ntlb, 3);
    cr_assert_eq(x[0].tlb[0].what, GTREF_TLB_MISS);
    cr_assert_eq(x[0].tlb[0].va, 0x400000);
    cr_assert_eq(x[0].tlb[0].index, 8);
    cr_assert_eq(x[0].tlb[1].what, GTREF_TLB_HIT);
    cr_assert_eq(x[0].tlb[1].index, 8);
    cr_assert_eq(x[0].tlb[2].what, GTREF_TLB_FAULT);
    cr_assert_eq(x[0].tlb[2].va, 0x500000);
    cr_assert_eq(x[0].tlb[2].index, 0);
    cr_assert_eq(x[1].engine, 1);
    cr_assert_eq(x[1].line, 18, "a multi-line list is named by its opening line");
    cr_assert_eq(x[1].ntlb, 4);
    cr_assert_eq(x[1].tlb[1].index, 31);
    cr_assert_eq(x[1].tlb[2].va, 0x1000);
    cr_assert_eq(x[1].tlb[2].index, 0);
    cr_assert_eq(x[1].tlb[3].va, 0xfffffffff000ull);
    cr_assert_eq(x[2].ntlb, 0, "an empty list: the engine's data clients make no lookup");
    cr_assert_null(x[2].tlb);
    cr_assert_str_eq(gtref_expect_kind_name(GTREF_EXPECT_TLB), "tlb");
    gtref_stim_free(&s);
}

Test(expect_tlb, malformed_lists_give_file_and_line)
{
    assemble_fails("  tlb RCS0 { hit 0x400000 }" SRC "\n", "t.gts:17: incomplete TLB entry");
    assemble_fails("  tlb RCS0 { hit 0x400010 index=1 }" SRC "\n", "t.gts:17: TLB page 0x400010 is not 4 KB aligned");
    assemble_fails("  tlb RCS0 { hit 0x400000 fill=1 }" SRC "\n", "expected index=N after a hit's page");
    assemble_fails("  tlb RCS0 { miss 0x400000 index=1 }" SRC "\n", "expected fill=N after a miss's page");
    assemble_fails("  tlb RCS0 { miss 0x400000 fill=32 }" SRC "\n", "TLB entry: '32' is not a number in 0..31");
    assemble_fails("  tlb RCS0 { fault 0x1000000000000 }" SRC "\n", "TLB page");
    assemble_fails("  tlb RCS0 { lookup 0x400000 }" SRC "\n", "expected hit, miss or fault, got 'lookup'");
    assemble_fails("  tlb RCS0 { hit; 0x400000 index=1 }" SRC "\n", "';' in the middle of a TLB entry");
    assemble_fails("  tlb VCS0 { }" SRC "\n", "engine VCS0 is not used by this test");
    assemble_fails("  tlb RCS0 hit 0x400000 index=1" SRC "\n", "expected 'tlb ENGINE {");
    assemble_fails("  tlb RCS0 { fault 0x400000 }\n", "t.gts:17: 'tlb' expectation without its spec source");
    assemble_fails("  tlb RCS0 {\n  fault 0x400000" SRC "\n  }" SRC "\n", "t.gts:18: the source of a TLB lookup list");
    gtref_stim s;
    char err[512];
    cr_assert_neq(test_assemble_text(&s, "test x\nexpect {\n  tlb RCS0 {\n  hit 0x1000 index=1\n", err, sizeof err), 0);
    cr_assert(strstr(err, "t.gts:3: TLB lookup list not closed"), "%s", err);
    gtref_stim_free(&s);
}

/* ---- msgpack and text round trips ---- */

Test(expect_tlb, msgpack_and_text_round_trips_are_byte_identical)
{
    gtref_stim s, d, t;
    assemble_ok(&s, tlb_lines);
    uint8_t *a, *b, *c;
    size_t alen, blen, clen;
    test_encode_ok(&s, &a, &alen);
    gtref_stim_init(&d);
    char err[512];
    cr_assert_eq(gtref_stim_decode(&d, a, alen, err, sizeof err), 0, "%s", err);
    cr_assert_eq(d.nexpects, 4);
    cr_assert_eq(d.expects[1].ntlb, 4);
    cr_assert_eq(d.expects[1].tlb[3].va, 0xfffffffff000ull);
    cr_assert_eq(d.expects[1].tlb[3].what, GTREF_TLB_FAULT);
    cr_assert_eq(d.expects[0].tlb[0].index, 8);
    cr_assert_eq(d.expects[2].ntlb, 0);
    test_encode_ok(&d, &b, &blen);
    cr_assert(alen == blen && memcmp(a, b, alen) == 0, "decode/encode changed the bytes");
    char *text = test_disassemble(&d);
    cr_assert(strstr(text, "  tlb RCS0 {\n    miss 0x400000 fill=8\n    hit 0x400000 index=8\n    fault 0x500000\n  } from \""),
              "%s", text);
    cr_assert(strstr(text, "  tlb RCS0 {\n  } from \""), "%s", text);
    cr_assert_eq(test_assemble_text(&t, text, err, sizeof err), 0, "%s\n%s", err, text);
    test_encode_ok(&t, &c, &clen);
    cr_assert(alen == clen && memcmp(a, c, alen) == 0, "asm(disasm(s)) is not s:\n%s", text);
    free(text);
    free(a);
    free(b);
    free(c);
    gtref_stim_free(&s);
    gtref_stim_free(&d);
    gtref_stim_free(&t);
}

/* ---- the decoder's checks ---- */

static void decode_fails_after(void (*mutate)(gtref_stim *), const char *fragment)
{
    gtref_stim s;
    assemble_ok(&s, "  tlb RCS0 { miss 0x400000 fill=8 ; hit 0x400000 index=8 ; fault 0x500000 }" SRC "\n");
    test_decode_fails_after(&s, mutate, fragment);
    gtref_stim_free(&s);
}
static void outcome_3(gtref_stim *s) { s->expects[0].tlb[1].what = 3; }
static void page_unaligned(gtref_stim *s) { s->expects[0].tlb[0].va = 0x400800; }
static void page_past_48_bits(gtref_stim *s) { s->expects[0].tlb[0].va = 1ull << 48; }
static void entry_32(gtref_stim *s) { s->expects[0].tlb[1].index = 32; }
static void fault_with_entry(gtref_stim *s) { s->expects[0].tlb[2].index = 5; }
static void engine_absent(gtref_stim *s) { s->expects[0].engine = 2; }

Test(expect_tlb, decode_rejects_malformed_entries)
{
    decode_fails_after(outcome_3, "expect[0].tlb[1]: outcome 3 (0 hit, 1 miss, 2 fault)");
    decode_fails_after(page_unaligned, "expect[0].tlb[0]: address 0x400800 is not a 4 KB page below 2^48");
    decode_fails_after(page_past_48_bits, "expect[0].tlb[0]: address 0x1000000000000 is not a 4 KB page");
    decode_fails_after(entry_32, "expect[0].tlb[1]: entry 32 is not in 0..31");
    decode_fails_after(fault_with_entry, "expect[0].tlb[2]: a fault with entry 5");
    decode_fails_after(engine_absent, "expect[0]: engine 2, the stimulus has 2");
}

/* The encoded entry [1, 0x400000, 8] of `miss 0x400000 fill=8`: patched in place to craft wrong shapes. */
static size_t find_entry(const uint8_t *buf, size_t len)
{
    static const uint8_t entry[] = { 0x93, 0x01, 0xce, 0x00, 0x40, 0x00, 0x00, 0x08 };
    for (size_t i = 0; i + sizeof entry <= len; i++)
        if (memcmp(buf + i, entry, sizeof entry) == 0) return i;
    cr_assert_fail("the encoded TLB entry was not found");
    return 0;
}

static void decode_patched(const uint8_t *buf, size_t len, const char *fragment)
{
    gtref_stim d;
    gtref_stim_init(&d);
    char err[512];
    cr_assert_neq(gtref_stim_decode(&d, buf, len, err, sizeof err), 0, "decoded");
    cr_assert(strstr(err, fragment), "'%s' lacks '%s'", err, fragment);
    gtref_stim_free(&d);
}

Test(expect_tlb, decode_rejects_wrong_shapes_and_truncation)
{
    gtref_stim s;
    assemble_ok(&s, "  tlb RCS0 { miss 0x400000 fill=8 }" SRC "\n");
    uint8_t *buf;
    size_t len;
    test_encode_ok(&s, &buf, &len);
    size_t at = find_entry(buf, len);
    buf[at] = 0x92;   /* [outcome, va]: two elements */
    decode_patched(buf, len, "expect[0].tlb[0]: 2 elements, expected 3 [outcome, va, index]");
    buf[at] = 0x93;
    buf[at + 1] = 0xa1;   /* the outcome as a string */
    decode_patched(buf, len, "expect[0].tlb[0].outcome: expected an unsigned integer");
    buf[at + 1] = 0x01;
    buf[at - 1] = 0x95;   /* the list claims 5 entries, 1 follows */
    decode_patched(buf, len, "expect[0].tlb");
    buf[at - 1] = 0x91;
    gtref_stim d;
    gtref_stim_init(&d);
    char err[512];
    cr_assert_eq(gtref_stim_decode(&d, buf, len, err, sizeof err), 0, "the patches were undone: %s", err);
    for (size_t cut = at - 4; cut < len; cut++)
        cr_assert_neq(gtref_stim_decode(&d, buf, cut, err, sizeof err), 0, "decoded %zu of %zu bytes", cut, len);
    free(buf);
    gtref_stim_free(&d);
    gtref_stim_free(&s);
}

Test(expect_tlb, a_lookup_list_only_on_a_tlb_expectation)
{
    gtref_stim s;
    assemble_ok(&s, "  irq == 0" SRC "\n");
    gtref_expect_tlb t = { GTREF_TLB_HIT, 0x1000, 1 };
    gtref_expect x = s.expects[0];
    x.tlb = &t;
    x.ntlb = 1;
    char err[256];
    cr_assert_neq(gtref_expect_validate(&x, &s, "expect[0]", err, sizeof err), 0);
    cr_assert(strstr(err, "expect[0]: a TLB lookup list on a 'irq' expectation"), "%s", err);
    gtref_stim u;
    assemble_ok(&u, "  tlb RCS0 { hit 0x1000 index=1 }" SRC "\n");
    cr_assert_eq(gtref_expect_validate(&u.expects[0], &u, "expect[0]", err, sizeof err), 0, "%s", err);
    u.expects[0].value = 1;   /* not part of the kind's msgpack form: the writer refuses it */
    cr_assert_neq(gtref_stim_write_file(&u, "/nonexistent/t.stim", err, sizeof err), 0);
    cr_assert(strstr(err, "a field the 'tlb' kind does not use is not 0"), "%s", err);
    gtref_stim_free(&u);
    gtref_stim_free(&s);
}

/* ---- the checker ---- */

#define DR GTREF_CLIENT_DR
#define WR GTREF_CLIENT_WR
#define IF GTREF_CLIENT_IF

static gtref_expect tlb_expect(uint8_t engine, gtref_expect_tlb *t, size_t n)
{
    gtref_expect x;
    memset(&x, 0, sizeof x);
    x.kind = GTREF_EXPECT_TLB;
    x.engine = engine;
    x.tlb = t;
    x.ntlb = n;
    snprintf(x.source, sizeof x.source, "docs/gam.md GAM-8");
    return x;
}

/* RCS0's data lookups, with IF lookups and other engines' between them. */
static const gtref_tlb_obs seen[] = {
    { 0, IF, true, false, false, 0x100000, 0 },          /* RCS0 ring fetch: miss, fill 0 (LRA0) */
    { 0, WR, true, false, false, 0x400008, 8 },          /* RCS0 store: miss, fill 8 */
    { 1, WR, true, false, false, 0x410000, 8 },          /* BCS0: its own TLB */
    { 0, IF, true, true, false, 0x100040, 0 },
    { 0, DR, true, true, false, 0x400ff0, 8 },           /* same page: hit entry 8 */
    { 1, DR, false, false, true, 0x7000000000, 0 },      /* BCS0 fault */
    { 0, WR, false, false, false, 0xffff000012345678ull, 9 },   /* bits 63:48 are not part of the page */
    { 0, DR, false, false, true, 0x500abc, 0 },          /* fault */
};
#define NSEEN (sizeof seen / sizeof seen[0])

Test(expect_tlb, the_checker_matches_the_data_lookups_and_ignores_if_and_other_engines)
{
    gtref_expect_tlb t[] = { { GTREF_TLB_MISS, 0x400000, 8 }, { GTREF_TLB_HIT, 0x400000, 8 },
                             { GTREF_TLB_MISS, 0x12345000, 9 }, { GTREF_TLB_FAULT, 0x500000, 0 } };
    gtref_expect x = tlb_expect(0, t, 4);
    char why[512];
    cr_assert_eq(gtref_expect_check_tlb(&x, seen, NSEEN, why, sizeof why), 0, "%s", why);
    cr_assert_str_eq(why, "");
    gtref_expect_tlb b[] = { { GTREF_TLB_MISS, 0x410000, 8 }, { GTREF_TLB_FAULT, 0x7000000000, 0 } };
    gtref_expect y = tlb_expect(1, b, 2);
    cr_assert_eq(gtref_expect_check_tlb(&y, seen, NSEEN, why, sizeof why), 0, "%s", why);
    gtref_expect none = tlb_expect(2, NULL, 0);
    cr_assert_eq(gtref_expect_check_tlb(&none, seen, NSEEN, why, sizeof why), 0, "VCS0 made no lookup: %s", why);
    cr_assert_eq(gtref_expect_check_tlb(&none, NULL, 0, why, sizeof why), 0, "%s", why);
    /* only IF lookups: an empty data list holds */
    cr_assert_eq(gtref_expect_check_tlb(&none, (gtref_tlb_obs[]){ { 2, IF, true, false, false, 0x1000, 0 } }, 1, why,
                                        sizeof why), 0, "%s", why);
}

static void differs(gtref_expect_tlb *t, size_t n, const char *fragment)
{
    gtref_expect x = tlb_expect(0, t, n);
    char why[512];
    cr_assert_eq(gtref_expect_check_tlb(&x, seen, NSEEN, why, sizeof why), 1, "matched");
    cr_assert(strstr(why, fragment), "'%s' lacks '%s'", why, fragment);
}

Test(expect_tlb, the_checker_names_the_first_difference)
{
    gtref_expect_tlb t[] = { { GTREF_TLB_MISS, 0x400000, 8 }, { GTREF_TLB_HIT, 0x400000, 8 },
                             { GTREF_TLB_MISS, 0x12345000, 9 }, { GTREF_TLB_FAULT, 0x500000, 0 } };
    t[1].index = 9;   /* wrong entry hit */
    differs(t, 4, "tlb RCS0: expected lookup 2 of 4: hit 0x400000 index=9, observed lookup 2: hit 0x400000 index=8 (GGTT DR)");
    t[1].index = 8;
    t[0].what = GTREF_TLB_HIT;   /* a hit expected, a miss seen */
    differs(t, 4, "expected lookup 1 of 4: hit 0x400000 index=8, observed lookup 1: miss 0x400000 fill=8 (GGTT WR)");
    t[0].what = GTREF_TLB_MISS;
    t[2].va = 0x12346000;   /* wrong page */
    differs(t, 4, "lookup 3 of 4: miss 0x12346000 fill=9, observed lookup 3: miss 0x12345000 fill=9 (PPGTT WR)");
    t[2].va = 0x12345000;
    t[3].what = GTREF_TLB_MISS;   /* a fault seen */
    differs(t, 4, "lookup 4 of 4: miss 0x500000 fill=0, observed lookup 4: fault 0x500000 (PPGTT DR)");
    t[3].what = GTREF_TLB_FAULT;
    differs(t, 3, "expected 3 lookups, observed 4 lookups; lookup 4: fault 0x500000");
    gtref_expect_tlb more[] = { t[0], t[1], t[2], t[3], { GTREF_TLB_HIT, 0x400000, 8 } };
    differs(more, 5, "expected 5 lookups; lookup 5: hit 0x400000 index=8, observed 4 lookups");
}

/* ---- evaluation: co-simulation observes lookups, the model alone does not ---- */

Test(expect_tlb, eval_checks_observed_lookups_and_skips_without_them)
{
    gtref_stim s;
    assemble_ok(&s, "  tlb RCS0 { miss 0x400000 fill=8 ; hit 0x400000 index=8 ; miss 0x12345000 fill=9 ; fault 0x500000 }" SRC "\n"
                    "  irq == 0" SRC "\n");
    gtref_observed o;
    memset(&o, 0, sizeof o);
    o.engines = 2;
    gtref_expect_failure f[4];
    cr_assert(gtref_expect_eval(&s, 0, &o, &f[0]), "not observed: holds");
    cr_assert(f[0].not_evaluated);
    cr_assert(strstr(f[0].actual, "not evaluated on the model alone"), "%s", f[0].actual);
    cr_assert_eq(gtref_expect_not_evaluated(&s, &o), 1);
    cr_assert_eq(gtref_expect_eval_all(&s, &o, f, 4), 0);
    o.tlb_observed = true;
    o.tlb = seen;
    o.ntlb = NSEEN;
    cr_assert_eq(gtref_expect_not_evaluated(&s, &o), 0);
    cr_assert(gtref_expect_eval(&s, 0, &o, &f[0]), "%s / %s", f[0].expected, f[0].actual);
    cr_assert(!f[0].not_evaluated);
    o.ntlb = 5;   /* the lookups stop after the hit on entry 8 */
    cr_assert_eq(gtref_expect_eval_all(&s, &o, f, 4), 1);
    cr_assert_eq(f[0].kind, GTREF_EXPECT_TLB);
    cr_assert_eq(f[0].engine, 0);
    cr_assert_str_eq(f[0].what, "tlb RCS0");
    cr_assert_str_eq(f[0].expected, "4 lookups; lookup 3: miss 0x12345000 fill=9");
    cr_assert_str_eq(f[0].actual, "2 lookups");
    gtref_stim_free(&s);
}

Test(expect_tlb, the_model_alone_skips_tlb_expectations)
{
    gtref_stim s;
    /* deliberately wrong lookups: the model cannot see them, so they neither pass nor fail it */
    assemble_ok(&s, "  tlb RCS0 { hit 0x123000 index=31 }" SRC "\n  mem32 0x400004 == 0x11111111" SRC "\n");
    char err[256];
    gtref_expect_failure f[4];
    cr_assert_eq(gtref_model_only_check(&s, f, 4, err, sizeof err), 0, "%s %s", f[0].what, f[0].actual);
    cr_assert(gtref_expect_kind_cosim_only(GTREF_EXPECT_TLB));
    cr_assert(!gtref_expect_kind_cosim_only(GTREF_EXPECT_WRITES));
    gtref_stim_free(&s);
}
