/* Spec-derived expectations: the .gts syntax, the msgpack form, the evaluator and the model-only check. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtref/expect.h"
#include "gtref/model_only.h"
#include "gtref/regs.h"
#include "gtref/stim.h"
#include "test_support.h"

#define SRC " from \"BYT-REG L6495-6499: test source\""

/* A small legal test: one store and two NOOPs, submitted once. */
static const char *const base_text =
    "test exp\n"
    "ring 0x100000 size 0x1000 {\n"
    "  MI_STORE_DATA_IMM addr=0x400004 data=0x11111111\n"
    "  MI_NOOP\n"
    "  MI_NOOP\n"
    "  MI_NOOP\n"
    "}\n"
    "host {\n"
    "  write RCS0.RING_CTL 0x0\n"
    "  write RCS0.RING_START 0x100000\n"
    "  write RCS0.RING_CTL 0x1\n"
    "  write RCS0.RING_TAIL 0x20\n"
    "  wait_idle\n"
    "  read RCS0.RING_HEAD expect 0x20 mask 0x1ffffc" SRC "\n"
    "}\n";

static void assemble_ok(gtref_stim *s, const char *lines) { test_assemble_expect_ok(s, base_text, lines); }
static void assemble_fails(const char *lines, const char *fragment) { test_assemble_expect_fails(base_text, lines, fragment); }

/* ---- parsing ---- */

Test(expect, every_kind_parses)
{
    gtref_stim s;
    assemble_ok(&s, "  reg RCS0.CS_GPR0 == 0x1234" SRC "\n"
                    "  reg RCS0.RING_HEAD == 0x20 mask 0x1ffffc" SRC "\n"
                    "  mem32 0x400004 == 0x11111111" SRC "\n"
                    "  mem64 0x400000 == 0x1111111100000000" SRC "\n"
                    "  halted RCS0" SRC "\n"
                    "  not_halted RCS0" SRC "\n"
                    "  no_write 0x400008..0x400fff" SRC "\n"
                    "  writes RCS0 { 0x400000 be=0xf0 data=0x1111111100000000 } " SRC "\n"
                    "  writes RCS0 {\n    0x400000 be=0xf0 data=0x1111111100000000;\n  }" SRC "\n"
                    "  errors RCS0 == 0" SRC "\n"
                    "  irq == 0" SRC "\n");
    cr_assert_eq(s.nexpects, 12);
    const gtref_expect *x = s.expects;
    cr_assert_eq(x[0].kind, GTREF_EXPECT_READ);
    cr_assert_eq(x[0].op, 5);
    cr_assert_eq(x[0].value, 0x20);
    cr_assert_eq(x[0].mask, 0x1ffffc);
    cr_assert_eq(x[0].line, 14);
    cr_assert_str_eq(x[0].source, "BYT-REG L6495-6499: test source");
    cr_assert_eq(x[1].kind, GTREF_EXPECT_REG);
    cr_assert_eq(x[1].off, 0x2600);
    cr_assert_eq(x[1].mask, 0xffffffffu);
    cr_assert_eq(x[2].mask, 0x1ffffc);
    cr_assert_eq(x[3].kind, GTREF_EXPECT_MEM32);
    cr_assert_eq(x[4].kind, GTREF_EXPECT_MEM64);
    cr_assert_eq(x[4].value, 0x1111111100000000ull);
    cr_assert_eq(x[5].kind, GTREF_EXPECT_HALTED);
    cr_assert_eq(x[6].kind, GTREF_EXPECT_NOT_HALTED);
    cr_assert_eq(x[7].kind, GTREF_EXPECT_NO_WRITE);
    cr_assert_eq(x[7].addr, 0x400008);
    cr_assert_eq(x[7].last, 0x400fff);
    cr_assert_eq(x[8].kind, GTREF_EXPECT_WRITES);
    cr_assert_eq(x[8].nwrites, 1);
    cr_assert_eq(x[8].writes[0].be, 0xf0);
    cr_assert_eq(x[9].nwrites, 1);
    cr_assert_eq(x[10].kind, GTREF_EXPECT_ERRORS);
    cr_assert_eq(x[11].kind, GTREF_EXPECT_IRQ);
    gtref_stim_free(&s);
}

Test(expect, a_hash_inside_the_source_is_not_a_comment)
{
    gtref_stim s;
    assemble_ok(&s, "  irq == 0 from \"LKF-IRQ L123 #1\"   # a comment\n");
    cr_assert_str_eq(s.expects[1].source, "LKF-IRQ L123 #1");
    gtref_stim_free(&s);
}

Test(expect, an_expectation_without_its_source_is_rejected)
{
    assemble_fails("  reg RCS0.CS_GPR0 == 0x1\n", "t.gts:17: 'reg' expectation without its spec source");
    assemble_fails("  irq == 1\n", "without its spec source");
    assemble_fails("  halted RCS0\n", "without its spec source");
    assemble_fails("  irq == 1 from \"\"\n", "empty source");
    assemble_fails("  writes RCS0 {\n  0x400000 be=0x0f data=0x1\n  }\n", "t.gts:19:");
    gtref_stim s;
    char err[512];
    cr_assert_neq(test_assemble_text(&s, "test x\nhost {\n  read GT_INTR_DW0 expect 0x1\n}\n", err, sizeof err), 0);
    cr_assert(strstr(err, "t.gts:3: 'read' expectation without its spec source"), "%s", err);
    gtref_stim_free(&s);
}

Test(expect, malformed_lines_give_file_and_line)
{
    assemble_fails("  reg RCS0.CS_GPR0 = 0x1" SRC "\n", "t.gts:17: expected 'reg REGISTER == VALUE");
    assemble_fails("  reg RCS0.CS_GPR0 == 0x3 mask 0x1" SRC "\n", "t.gts:17: value 0x3 has bits outside mask");
    assemble_fails("  mem32 0x400002 == 0x1" SRC "\n", "t.gts:17: address 0x400002 is not dword aligned");
    assemble_fails("  mem32 0x400000 == 0x100000000" SRC "\n", "t.gts:17: expected value");
    assemble_fails("  halted XCS9" SRC "\n", "t.gts:17: unknown engine 'XCS9'");
    assemble_fails("  halted BCS0" SRC "\n", "not used by this test");
    assemble_fails("  no_write 0x400010..0x400000" SRC "\n", "first above last");
    assemble_fails("  writes RCS0 { 0x400004 be=0xf data=0x1 }" SRC "\n", "not 8-byte aligned");
    assemble_fails("  writes RCS0 { 0x400000 data=0x1 }" SRC "\n", "expected be=");
    assemble_fails("  writes RCS0 { 0x400000 be=0x0f }" SRC "\n", "incomplete write entry");
    assemble_fails("  writes RCS0 {\n  0x400000 be=0x0f data=0x1" SRC "\n  }" SRC "\n", "t.gts:18: the source of a write list");
    assemble_fails("  errors RCS0 1" SRC "\n", "expected 'errors ENGINE == COUNT'");
    assemble_fails("  irq == 2" SRC "\n", "irq line");
    assemble_fails("  colour == 1" SRC "\n", "t.gts:17: unknown expectation 'colour'");
    assemble_fails("  irq == 0 from \"no end\n", "unterminated source");
    assemble_fails("  irq == 0 \"x\"\n", "expected 'from \"SOURCE\"'");
    gtref_stim s;
    char err[512];
    cr_assert_neq(test_assemble_text(&s, "test x\nexpect {\n  writes RCS0 {\n  0x400000 be=0x0f data=0x1\n", err, sizeof err), 0);
    cr_assert(strstr(err, "t.gts:3: write list not closed"), "%s", err);
    gtref_stim_free(&s);
}

/* ---- msgpack and text round trips ---- */

static const char *const every_kind =
    "  reg RCS0.CS_GPR0 == 0x1234" SRC "\n"
    "  mem32 0x400004 == 0x11111111" SRC "\n"
    "  mem64 0x400000 == 0x1111111100000000" SRC "\n"
    "  halted RCS0" SRC "\n"
    "  not_halted RCS0" SRC "\n"
    "  no_write 0x400010..0x400fff" SRC "\n"
    "  writes RCS0 { 0x400000 be=0xf0 data=0x1111111100000000 ; 0x400008 be=0xff data=0x5 }" SRC "\n"
    "  writes RCS0 { }" SRC "\n"
    "  errors RCS0 == 0" SRC "\n"
    "  irq == 1" SRC "\n";

Test(expect, msgpack_and_text_round_trips_are_byte_identical)
{
    gtref_stim s, d, t;
    assemble_ok(&s, every_kind);
    uint8_t *a, *b, *c;
    size_t alen, blen, clen;
    test_encode_ok(&s, &a, &alen);
    gtref_stim_init(&d);
    char err[512];
    cr_assert_eq(gtref_stim_decode(&d, a, alen, err, sizeof err), 0, "%s", err);
    cr_assert_eq(d.nexpects, s.nexpects);
    cr_assert_eq(d.expects[7].nwrites, 2);
    cr_assert_eq(d.expects[7].writes[1].data, 5);
    cr_assert_str_eq(d.expects[3].source, s.expects[3].source);
    test_encode_ok(&d, &b, &blen);
    cr_assert(alen == blen && memcmp(a, b, alen) == 0, "decode/encode changed the bytes");
    char *text = test_disassemble(&d);
    cr_assert(strstr(text, "read RCS0.RING_HEAD expect 0x00000020 mask 0x001ffffc from \""), "%s", text);
    cr_assert(strstr(text, "expect {\n"), "%s", text);
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

Test(expect, every_directed_test_round_trips)
{
    static const char *const names[] = { "noop_only", "sdi_qword", "masked_write", "illegal_opcode_emr", "ring_wrap" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[512], err[512];
        snprintf(path, sizeof path, "%s/%s.gts", test_directed_dir(), names[i]);
        gtref_stim s, t;
        gtref_stim_init(&s);
        gtref_stim_init(&t);
        cr_assert_eq(gtref_gts_assemble_file(&s, path, err, sizeof err), 0, "%s", err);
        cr_assert_gt(s.nexpects, 3, "%s has expectations", names[i]);
        char *text = NULL;
        size_t tlen = 0;
        FILE *f = open_memstream(&text, &tlen);
        gtref_gts_disassemble(&s, f);
        fclose(f);
        cr_assert_eq(gtref_gts_assemble(&t, text, "disasm", err, sizeof err), 0, "%s", err);
        uint8_t *a, *b;
        size_t alen, blen;
        test_encode_ok(&s, &a, &alen);
        test_encode_ok(&t, &b, &blen);
        cr_assert(alen == blen && memcmp(a, b, alen) == 0, "%s does not round-trip", names[i]);
        free(a);
        free(b);
        free(text);
        gtref_stim_free(&s);
        gtref_stim_free(&t);
    }
}

/* Decoding checks expectations as strictly as everything else. */
static void decode_fails_after(void (*mutate)(gtref_stim *), const char *fragment)
{
    gtref_stim s;
    assemble_ok(&s, "  irq == 1" SRC "\n  reg RCS0.CS_GPR0 == 0x1" SRC "\n");
    test_decode_fails_after(&s, mutate, fragment);
    gtref_stim_free(&s);
}
static void no_source(gtref_stim *s) { s->expects[1].source[0] = '\0'; }
static void quote_in_source(gtref_stim *s) { s->expects[1].source[0] = '"'; }
static void read_of_a_write(gtref_stim *s) { s->expects[0].op = 0; }
static void irq_of_two(gtref_stim *s) { s->expects[1].value = 2; }
static void reads_not_first(gtref_stim *s)
{
    gtref_expect t = s->expects[0];
    s->expects[0] = s->expects[1];
    s->expects[1] = t;
}
static void value_outside_mask(gtref_stim *s) { s->expects[2].mask = 0x2; }

Test(expect, decode_rejects_bad_expectations)
{
    decode_fails_after(no_source, "expect[1].source: 0 characters");
    decode_fails_after(quote_in_source, "expect[1]: source character 0");
    decode_fails_after(read_of_a_write, "expect[0]: host[0] is not a read");
    decode_fails_after(irq_of_two, "expect[1]: the interrupt line is 0 or 1");
    decode_fails_after(reads_not_first, "read expectations come first");
    decode_fails_after(value_outside_mask, "expect[2]: value 0x1 has bits outside mask");
}

Test(expect, decode_rejects_truncated_expectations)
{
    gtref_stim s, d;
    assemble_ok(&s, every_kind);
    uint8_t *buf;
    size_t len;
    test_encode_ok(&s, &buf, &len);
    char err[512];
    gtref_stim_init(&d);
    for (size_t cut = len - 60; cut < len; cut++)
        cr_assert_neq(gtref_stim_decode(&d, buf, cut, err, sizeof err), 0, "decoded %zu of %zu bytes", cut, len);
    free(buf);
    gtref_stim_free(&s);
    gtref_stim_free(&d);
}

/* ---- the evaluator ---- */

static uint32_t fake_reg(void *user, uint32_t off) { return off == 0x2600 ? *(uint32_t *)user : 0; }

Test(expect, each_kind_passes_on_the_right_state_and_fails_on_a_wrong_one)
{
    gtref_stim s;
    assemble_ok(&s, every_kind);
    gtref_mem *mem = gtref_mem_create();
    gtref_mem_write32(mem, 0x400004, 0x11111111);
    uint32_t gpr0 = 0x1234, read_value[6] = { 0, 0, 0, 0, 0, 0x20 };
    bool read_done[6] = { false, false, false, false, false, true };
    gtref_observed o;
    memset(&o, 0, sizeof o);
    o.engines = 1;
    o.mem = mem;
    o.reg_read = fake_reg;
    o.user = &gpr0;
    o.read_value = read_value;
    o.read_done = read_done;
    o.nops = 6;
    o.halted[0] = true;   /* halted and not_halted: exactly one of them holds */
    o.irq = true;
    gtref_write_log_add(&o.writes[0], 0x400000, 0xf0, 0x11111111deadbeefull);   /* disabled lane not compared */
    gtref_write_log_add(&o.writes[0], 0x400008, 0xff, 0x5);
    gtref_expect_failure f[16];
    cr_assert_eq(gtref_expect_eval_all(&s, &o, f, 16), 2);
    cr_assert_eq(f[0].index, 5, "not_halted fails when halted");
    cr_assert_eq(f[1].index, 8, "the empty write list fails");
    cr_assert_str_eq(f[1].expected, "0 writes");
    o.halted[0] = false;
    cr_assert(!gtref_expect_eval(&s, 4, &o, NULL), "halted fails when not halted");
    cr_assert(gtref_expect_eval(&s, 5, &o, NULL));

    /* now break each one in turn */
    read_value[5] = 0x24;
    cr_assert(!gtref_expect_eval(&s, 0, &o, &f[0]));
    cr_assert_str_eq(f[0].actual, "0x00000024");
    cr_assert(strstr(f[0].what, "read #5 RCS0.RING_HEAD"), "%s", f[0].what);
    read_value[5] = 0x00200020;   /* a wrap count outside the mask does not matter */
    cr_assert(gtref_expect_eval(&s, 0, &o, NULL));
    read_done[5] = false;
    cr_assert(!gtref_expect_eval(&s, 0, &o, &f[0]));
    cr_assert_str_eq(f[0].actual, "the read never returned");
    gpr0 = 0x1235;
    cr_assert(!gtref_expect_eval(&s, 1, &o, &f[0]));
    cr_assert_str_eq(f[0].expected, "0x00001234");
    cr_assert_str_eq(f[0].actual, "0x00001235");
    cr_assert_str_eq(f[0].source, "BYT-REG L6495-6499: test source");
    gtref_mem_write32(mem, 0x400004, 0x11111112);
    cr_assert(!gtref_expect_eval(&s, 2, &o, NULL), "mem32");
    cr_assert(!gtref_expect_eval(&s, 3, &o, NULL), "mem64");
    gtref_write_log_add(&o.writes[0], 0x400ff8, 0x80, 0);
    cr_assert(!gtref_expect_eval(&s, 6, &o, &f[0]), "no_write");
    cr_assert(strstr(f[0].actual, "write 3: 0x400ff8 be=0x80"), "%s", f[0].actual);
    cr_assert(!gtref_expect_eval(&s, 7, &o, &f[0]), "writes: one write too many");
    cr_assert(strstr(f[0].actual, "3 writes"), "%s", f[0].actual);
    o.writes[0].n = 2;
    o.writes[0].w[1].be = 0x0f;
    cr_assert(!gtref_expect_eval(&s, 7, &o, &f[0]), "writes: wrong byte enables");
    cr_assert(strstr(f[0].expected, "write 2 of 2"), "%s", f[0].expected);
    o.errors[0] = 1;
    cr_assert(!gtref_expect_eval(&s, 9, &o, NULL), "errors");
    o.irq = false;
    cr_assert(!gtref_expect_eval(&s, 10, &o, &f[0]), "irq");
    cr_assert_str_eq(f[0].actual, "line 0");
    gtref_write_log_free(&o.writes[0]);
    gtref_mem_destroy(mem);
    gtref_stim_free(&s);
}

/* ---- model-only runs (gtref check) ---- */

Test(expect, the_model_meets_the_expectations_of_a_right_test)
{
    gtref_stim s;
    assemble_ok(&s, "  writes RCS0 { 0x400000 be=0xf0 data=0x1111111100000000 }" SRC "\n"
                    "  mem32 0x400004 == 0x11111111" SRC "\n"
                    "  not_halted RCS0" SRC "\n  errors RCS0 == 0" SRC "\n  irq == 0" SRC "\n");
    char err[256];
    gtref_expect_failure f[4];
    test_stim_identity_ggtt(&s);   /* every access is translated (docs/gam.md GAM-20) */
    cr_assert_eq(gtref_model_only_check(&s, f, 4, err, sizeof err), 0, "%s %s", f[0].what, f[0].actual);
    gtref_stim_free(&s);
}

Test(expect, gtref_check_catches_a_deliberately_wrong_expectation)
{
    gtref_stim s;
    /* the store goes to the high lane (address bit 2 set): be 0x0f is wrong */
    assemble_ok(&s, "  writes RCS0 { 0x400000 be=0x0f data=0x11111111 }" SRC "\n  irq == 0" SRC "\n");
    char err[256];
    gtref_expect_failure f[4];
    test_stim_identity_ggtt(&s);
    cr_assert_eq(gtref_model_only_check(&s, f, 4, err, sizeof err), 1);
    cr_assert_eq(f[0].index, 1);
    cr_assert_eq(f[0].line, 17);
    cr_assert(strstr(f[0].actual, "be=0xf0"), "%s", f[0].actual);
    gtref_stim_free(&s);
}

Test(expect, the_model_only_timing_runs_engines_before_each_host_op)
{
    /* the tail lands inside the 4-dword store: the engine stalls at 0x0 and the head reads 0 */
    static const char *const text =
        "test stall\n"
        "ring 0x100000 size 0x1000 {\n  MI_STORE_DATA_IMM addr=0x400000 data=0x1\n  MI_NOOP\n  MI_NOOP\n}\n"
        "host {\n  write RCS0.RING_START 0x100000\n  write RCS0.RING_CTL 0x1\n  write RCS0.RING_TAIL 0x8\n"
        "  read RCS0.RING_HEAD expect 0x0" SRC "\n  write RCS0.RING_TAIL 0x18\n"
        "  read RCS0.RING_HEAD expect 0x18" SRC "\n}\n";
    gtref_stim s;
    char err[256];
    cr_assert_eq(test_assemble_text(&s, text, err, sizeof err), 0, "%s", err);
    gtref_expect_failure f[4];
    test_stim_identity_ggtt(&s);
    cr_assert_eq(gtref_model_only_check(&s, f, 4, err, sizeof err), 0, "%s: %s", f[0].what, f[0].actual);
    gtref_stim_free(&s);
}

Test(expect, every_directed_test_meets_its_expectations_on_the_model)
{
    static const char *const names[] = { "noop_only", "lri_multi", "sdi_dword", "sdi_qword", "batch_basic",
                                         "batch_chain", "ring_wrap", "user_irq", "irq_masked", "illegal_opcode",
                                         "illegal_opcode_emr", "illegal_length", "masked_write", "tail_chunks" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[512], err[512];
        snprintf(path, sizeof path, "%s/%s.gts", test_directed_dir(), names[i]);
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_gts_assemble_file(&s, path, err, sizeof err), 0, "%s", err);
        gtref_expect_failure f[4];
        long n = gtref_model_only_check(&s, f, 4, err, sizeof err);
        cr_assert_eq(n, 0, "%s: %ld failed, first %s: expected %s, actual %s", names[i], n, f[0].what, f[0].expected,
                     f[0].actual);
        gtref_stim_free(&s);
    }
}
