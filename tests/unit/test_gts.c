/* The .gts text form: assembler, disassembler, and the round trip between them. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtref/cmds.h"
#include "gtref/regs.h"
#include "gtref/rng.h"
#include "gtref/stim.h"

#include "test_support.h"

static int compare_paths(const void *a, const void *b) { return strcmp(a, b); }

/* The .gts files of tests/directed, sorted by name; returns how many. */
static size_t directed_files(char out[][512], size_t max)
{
    const char *dir = test_directed_dir();
    DIR *d = opendir(dir);
    cr_assert(d);
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".gts") != 0 || e->d_name[0] == '.') continue;
        cr_assert(n < max);
        snprintf(out[n++], 512, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    qsort(out, n, 512, compare_paths);
    return n;
}

/* disassemble s, assemble the text, and expect the same encoding */
static void expect_lossless(const gtref_stim *s, const char *what)
{
    uint8_t *b1, *b2;
    size_t n1, n2;
    test_encode_ok(s, &b1, &n1);
    char *text = test_disassemble(s);
    gtref_stim back;
    gtref_stim_init(&back);
    char err[512];
    cr_assert_eq(gtref_gts_assemble(&back, text, what, err, sizeof err), 0, "%s: the disassembly does not assemble: %s",
                 what, err);
    test_encode_ok(&back, &b2, &n2);
    cr_assert(n1 == n2 && memcmp(b1, b2, n1) == 0, "%s: disassemble + assemble changes the bytes", what);
    free(b1);
    free(b2);
    free(text);
    gtref_stim_free(&back);
}

static void assemble_ok(gtref_stim *s, const char *text)
{
    char err[512];
    gtref_stim_init(s);
    cr_assert_eq(gtref_gts_assemble(s, text, "t.gts", err, sizeof err), 0, "%s", err);
}

static void expect_asm_error(const char *text, const char *expected)
{
    gtref_stim s;
    gtref_stim_init(&s);
    char err[512] = "";
    cr_assert_neq(gtref_gts_assemble(&s, text, "t.gts", err, sizeof err), 0, "accepted, expected '%s'", expected);
    cr_assert(strstr(err, expected), "error '%s' does not contain '%s'", err, expected);
    cr_assert_eq(s.nsegs, 0);
    cr_assert_eq(s.nops, 0);
    gtref_stim_free(&s);
}

static uint32_t seg_dword(const gtref_segment *g, uint32_t off)
{
    return (uint32_t)g->bytes[off] | (uint32_t)g->bytes[off + 1] << 8 | (uint32_t)g->bytes[off + 2] << 16 |
           (uint32_t)g->bytes[off + 3] << 24;
}

/* ---- round trips ---- */

Test(gts, every_directed_test_assembles_and_round_trips)
{
    static char files[256][512];
    size_t n = directed_files(files, 256);
    cr_assert(n >= 10, "only %zu directed tests", n);
    for (size_t i = 0; i < n; i++) {
        gtref_stim s;
        gtref_stim_init(&s);
        char err[512];
        cr_assert_eq(gtref_gts_assemble_file(&s, files[i], err, sizeof err), 0, "%s", err);
        /* the test name is the file name */
        const char *base = strrchr(files[i], '/') + 1;
        cr_assert(strncmp(s.name, base, strlen(base) - 4) == 0 && strlen(s.name) == strlen(base) - 4,
                  "%s declares test '%s'", files[i], s.name);
        cr_assert(s.nsegs > 0 && s.nops > 0, "%s: empty test", files[i]);
        expect_lossless(&s, files[i]);
        gtref_stim_free(&s);
    }
}

Test(gts, every_directed_test_says_what_it_checks)
{
    static char files[256][512];
    size_t n = directed_files(files, 256);
    for (size_t i = 0; i < n; i++) {
        FILE *f = fopen(files[i], "r");
        cr_assert(f);
        char line[256];
        unsigned comment_lines = 0;
        while (fgets(line, sizeof line, f) && line[0] == '#') comment_lines++;
        fclose(f);
        cr_assert(comment_lines >= 2, "%s has no header comment saying what it checks", files[i]);
    }
}

Test(gts, generated_stimuli_round_trip_through_text)
{
    gtref_gen_config c;
    gtref_gen_config_default(&c);
    for (uint64_t seed = 0; seed < 200; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        char what[32];
        snprintf(what, sizeof what, "rand-%" PRIu64, seed);
        expect_lossless(&s, what);
        gtref_stim_free(&s);
    }
}

/* Every corner turned up: illegal commands (raw DW lines) in every seed, rings of 2..4 pages, TAIL inside
 * commands, LRI to registers other than CS_GPRs and to ignored offsets. */
Test(gts, generated_corner_stimuli_round_trip_through_text)
{
    gtref_gen_config c;
    gtref_gen_config_default(&c);
    c.malformed_pct = 100;
    c.malformed_engine_pct = 100;
    c.multi_page_pct = 100;
    c.split_tail_pct = 100;
    c.lri_other_pct = 100;
    for (uint64_t seed = 0; seed < 100; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        char what[32];
        snprintf(what, sizeof what, "corner rand-%" PRIu64, seed);
        expect_lossless(&s, what);
        gtref_stim_free(&s);
    }
}

/* Random bytes in every kind of segment, odd addresses of RING_HEAD, registers of absent engines: the
 * disassembler must still be lossless (raw DW lines where a command does not round-trip). */
Test(gts, arbitrary_stimuli_round_trip_through_text)
{
    gtref_rng rng;
    gtref_rng_seed(&rng, 31337);
    for (int iter = 0; iter < 300; iter++) {
        gtref_stim s;
        gtref_stim_init(&s);
        snprintf(s.name, sizeof s.name, "arb-%d", iter);
        s.seed = gtref_rng_next(&rng);
        s.engines = (uint8_t)gtref_rng_range(&rng, 1, 4);
        s.lat.rd_lat_min = (uint16_t)gtref_rng_range(&rng, 1, 100);
        s.lat.rd_lat_max = (uint16_t)gtref_rng_range(&rng, s.lat.rd_lat_min, 65535);
        s.lat.req_ready_pct = (uint8_t)gtref_rng_range(&rng, 1, 100);
        s.hang_cycles = (uint32_t)gtref_rng_range(&rng, 1, UINT32_MAX);
        s.max_cycles = gtref_rng_range(&rng, 1, UINT64_MAX);
        uint64_t addr = 0x1000 * gtref_rng_range(&rng, 0, 16);
        unsigned nsegs = (unsigned)gtref_rng_range(&rng, 0, 4);
        for (unsigned k = 0; k < nsegs; k++) {
            uint32_t len = 4u * (uint32_t)gtref_rng_range(&rng, 1, 600);
            uint32_t *dw = malloc(len);
            unsigned style = (unsigned)gtref_rng_range(&rng, 0, 3);
            for (uint32_t i = 0; i < len / 4; i++) {
                uint32_t v = (uint32_t)gtref_rng_next(&rng);
                if (style == 1) v &= 0xFF80FFFFu;                       /* mostly MI-looking */
                if (style == 2 && gtref_rng_pct(&rng, 60)) v = 0;       /* zero runs */
                if (style == 3 && gtref_rng_pct(&rng, 50))              /* real opcodes, random lengths */
                    v = GTREF_MI_DW0(gtref_cmds[gtref_rng_range(&rng, 0, GTREF_CMD_COUNT - 1)].opcode) |
                        (uint32_t)gtref_rng_range(&rng, 0, 12) | (gtref_rng_pct(&rng, 20) ? GTREF_SDI_STORE_QWORD : 0);
                dw[i] = v;
            }
            cr_assert_eq(gtref_stim_add_segment(&s, addr, (uint8_t)gtref_rng_range(&rng, 0, 2), dw, len), 0);
            free(dw);
            addr += len + 4u * gtref_rng_range(&rng, 0, 64);
        }
        unsigned nops = (unsigned)gtref_rng_range(&rng, 0, 40);
        for (unsigned k = 0; k < nops; k++) {
            uint8_t op = (uint8_t)gtref_rng_range(&rng, 1, 5);
            uint32_t off = 4u * (uint32_t)gtref_rng_range(&rng, 0, 0x80000);
            if (gtref_rng_pct(&rng, 50)) off = 0x2000u + 4u * (uint32_t)gtref_rng_range(&rng, 0, 0x30);
            if (gtref_rng_pct(&rng, 20)) off = 0x22000u + 0x34u;   /* BCS0.RING_HEAD, absent with 1 engine */
            uint32_t val = (uint32_t)gtref_rng_next(&rng), cycles = (uint32_t)gtref_rng_next(&rng);
            if (op == GTREF_HOST_WRITE) cr_assert_eq(gtref_stim_add_op(&s, op, off, val, 0), 0);
            else if (op == GTREF_HOST_READ) cr_assert_eq(gtref_stim_add_op(&s, op, off, 0, 0), 0);
            else if (op == GTREF_HOST_WAIT_IDLE) cr_assert_eq(gtref_stim_add_op(&s, op, 0, 0, 0), 0);
            else cr_assert_eq(gtref_stim_add_op(&s, op, 0, 0, cycles), 0);
        }
        /* point RCS0 at the first ring segment, with a head in the middle of it */
        for (size_t k = 0; k < s.nsegs; k++)
            if (s.segs[k].kind == GTREF_SEG_RING && s.segs[k].addr % 4096 == 0) {
                cr_assert_eq(gtref_stim_add_op(&s, GTREF_HOST_WRITE, 0x2038, (uint32_t)s.segs[k].addr, 0), 0);
                cr_assert_eq(gtref_stim_add_op(&s, GTREF_HOST_WRITE, 0x2034, 4u * (uint32_t)gtref_rng_range(&rng, 0, s.segs[k].len / 4 - 1), 0), 0);
                break;
            }
        char what[32];
        snprintf(what, sizeof what, "arbitrary-%d", iter);
        expect_lossless(&s, what);
        gtref_stim_free(&s);
    }
}

/* ---- what the text means ---- */

Test(gts, header_directives_set_the_stimulus_fields)
{
    gtref_stim s;
    assemble_ok(&s, "# a comment\n"
                    "test hello.world-1   # trailing comment\n"
                    "seed 0xfedcba9876543210\n"
                    "profile gen11\n"
                    "engines 2\n"
                    "latency rd=3..17 ready=45\n"
                    "hang_cycles 1234\n"
                    "max_cycles 99999999999\n"
                    "data 0x1000 { \n DW 1 2 3\n }\n");
    cr_assert_str_eq(s.name, "hello.world-1");
    cr_assert_eq(s.seed, 0xfedcba9876543210ull);
    cr_assert_eq(s.engines, 2);
    cr_assert_eq(s.lat.rd_lat_min, 3);
    cr_assert_eq(s.lat.rd_lat_max, 17);
    cr_assert_eq(s.lat.req_ready_pct, 45);
    cr_assert_eq(s.hang_cycles, 1234);
    cr_assert_eq(s.max_cycles, 99999999999ull);
    cr_assert_eq(s.nsegs, 1);
    cr_assert_eq(s.segs[0].kind, GTREF_SEG_DATA);
    cr_assert_eq(s.segs[0].len, 12, "a segment without size is as long as its contents");
    cr_assert_eq(seg_dword(&s.segs[0], 8), 3);
    gtref_stim_free(&s);

    assemble_ok(&s, "test defaults\nlatency ready=50\n");
    cr_assert_eq(s.lat.rd_lat_min, 1, "unspecified fields keep gtref_stim_init's defaults");
    cr_assert_eq(s.lat.rd_lat_max, 8);
    cr_assert_eq(s.lat.req_ready_pct, 50);
    cr_assert_eq(s.hang_cycles, 2000);
    cr_assert_eq(s.seed, 0);
    gtref_stim_free(&s);
}

Test(gts, ring_placement_is_circular_and_batches_grow)
{
    gtref_stim s;
    assemble_ok(&s, "test place\n"
                    "ring 0x100000 size 0x1000 {\n"
                    "  @0xff8\n"
                    "  MI_STORE_DATA_IMM qword addr=0x400000 data=0x1122334455667788\n"
                    "  MI_NOOP\n"
                    "  MI_USER_INTERRUPT\n"
                    "  @ 0x800\n"
                    "  DW 0xdeadbeef 0x12345678\n"
                    "}\n"
                    "batch 0x200000 {\n"
                    "  @0x10\n"
                    "  MI_BATCH_BUFFER_END\n"
                    "}\n"
                    "host {\n"
                    "  write RCS0.RING_TAIL 0x18\n"
                    "  read GT_INTR_DW0\n"
                    "  wait 10\n"
                    "  wait_idle\n"
                    "  wait_irq 0x20\n"
                    "  write 0x2034 7\n"
                    "}\n");
    const gtref_segment *r = &s.segs[0];
    cr_assert_eq(r->kind, GTREF_SEG_RING);
    cr_assert_eq(r->len, 0x1000);
    cr_assert_eq(seg_dword(r, 0xff8), 0x10200003u, "SDI qword DW0");
    cr_assert_eq(seg_dword(r, 0xffc), 0x400000u);
    cr_assert_eq(seg_dword(r, 0x0), 0, "address high, wrapped to offset 0");
    cr_assert_eq(seg_dword(r, 0x4), 0x55667788u);
    cr_assert_eq(seg_dword(r, 0x8), 0x11223344u);
    cr_assert_eq(seg_dword(r, 0xc), 0, "MI_NOOP");
    cr_assert_eq(seg_dword(r, 0x10), GTREF_MI_DW0(0x02), "MI_USER_INTERRUPT");
    cr_assert_eq(seg_dword(r, 0x800), 0xdeadbeefu);
    cr_assert_eq(seg_dword(r, 0x804), 0x12345678u);
    cr_assert_eq(seg_dword(r, 0x808), 0);
    const gtref_segment *b = &s.segs[1];
    cr_assert_eq(b->kind, GTREF_SEG_BATCH);
    cr_assert_eq(b->len, 0x14);
    cr_assert_eq(seg_dword(b, 0x10), GTREF_MI_DW0(0x0A));
    cr_assert_eq(seg_dword(b, 0x0), 0);
    cr_assert_eq(s.nops, 6);
    cr_assert(s.ops[0].op == GTREF_HOST_WRITE && s.ops[0].off == 0x2030 && s.ops[0].val == 0x18 && s.ops[0].cycles == 0);
    cr_assert(s.ops[1].op == GTREF_HOST_READ && s.ops[1].off == GTREF_GT_INTR_DW0);
    cr_assert(s.ops[2].op == GTREF_HOST_WAIT && s.ops[2].cycles == 10);
    cr_assert(s.ops[3].op == GTREF_HOST_WAIT_IDLE);
    cr_assert(s.ops[4].op == GTREF_HOST_WAIT_IRQ && s.ops[4].cycles == 0x20);
    cr_assert(s.ops[5].op == GTREF_HOST_WRITE && s.ops[5].off == 0x2034 && s.ops[5].val == 7);
    gtref_stim_free(&s);
}

Test(gts, disassembly_walks_the_ring_from_the_programmed_head)
{
    gtref_stim s;
    assemble_ok(&s, "test walk\n"
                    "ring 0x100000 size 0x1000 {\n"
                    "  @0xff8\n"
                    "  MI_LOAD_REGISTER_IMM RCS0.CS_GPR1=0x2 RCS0.CS_GPR2=0x3\n"
                    "  MI_USER_INTERRUPT\n"
                    "}\n"
                    "data 0x400000 size 0x100 {\n"
                    "  @0x80\n"
                    "  DW 0x5\n"
                    "}\n"
                    "host {\n"
                    "  write RCS0.RING_START 0x100000\n"
                    "  write RCS0.RING_HEAD 0xff8\n"
                    "}\n");
    char *text = test_disassemble(&s);
    cr_assert(strstr(text, "test walk\n"), "%s", text);
    cr_assert(strstr(text, "ring 0x100000 size 0x1000 {\n  @0xff8\n"), "the walk starts at the head:\n%s", text);
    cr_assert(strstr(text, "MI_LOAD_REGISTER_IMM RCS0.CS_GPR1=0x00000002 RCS0.CS_GPR2=0x00000003"), "%s", text);
    cr_assert(strstr(text, "# 0x0ff8, wraps to 0x0000"), "a straddling command is one line:\n%s", text);
    cr_assert(strstr(text, "MI_USER_INTERRUPT") && strstr(text, "# 0x000c"), "%s", text);
    cr_assert(strstr(text, "data 0x400000 size 0x100 {\n"), "%s", text);
    cr_assert(strstr(text, "  @0x80\n  DW 0x00000005"), "%s", text);
    cr_assert(strstr(text, "write RCS0.RING_HEAD 0x00000ff8"), "%s", text);
    free(text);
    gtref_stim_free(&s);
}

Test(gts, disassembly_prints_what_does_not_parse_as_raw_dwords)
{
    gtref_stim s;
    assemble_ok(&s, "test raw\n"
                    "batch 0x200000 {\n"
                    "  DW 0x1f800000\n"                      /* unknown opcode */
                    "  DW 0x00400000\n"                      /* MI_NOOP with bit 22: the nopid fields */
                    "  DW 0x10200004 0x400000 0 1 2 3\n"     /* SDI length 6 with Store Qword: illegal (C35) */
                    "  MI_LOAD_REGISTER_IMM 0x00022600=0x1\n" /* BCS0.CS_GPR0 with one engine: a number */
                    "  MI_STORE_DATA_IMM addr=0x400000 data=0x9\n"
                    "  DW 0x10000002 0x400000\n"             /* an SDI cut off by the end of the segment */
                    "}\n");
    char *text = test_disassemble(&s);
    cr_assert(strstr(text, "  DW 0x1f800000"), "%s", text);
    cr_assert(strstr(text, "  MI_NOOP write_nopid"), "%s", text);
    cr_assert(strstr(text, "  DW 0x10200004 "), "%s", text);
    cr_assert(strstr(text, "MI_LOAD_REGISTER_IMM 0x00022600=0x00000001"), "%s", text);
    cr_assert(strstr(text, "MI_STORE_DATA_IMM addr=0x400000 data=0x00000009"), "%s", text);
    cr_assert(strstr(text, "  DW 0x10000002 "), "%s", text);
    free(text);
    expect_lossless(&s, "raw");
    gtref_stim_free(&s);
}

/* ---- errors ---- */

Test(gts, assembler_errors_name_the_file_and_line)
{
    expect_asm_error("test t\nring 0x100000 size 0x1000 {\n  MI_FOO\n}\n", "t.gts:3: unknown command 'MI_FOO'");
    expect_asm_error("test t\nring 0x100000 size 0x1000 {\n  MI_STORE_DATA_IMM addr=0x400001 data=1\n}\n",
                     "t.gts:3: MI_STORE_DATA_IMM: addr=0x400001 must be 4-byte aligned");
    expect_asm_error("seed 1\n", "t.gts: missing 'test NAME' line");
    expect_asm_error("test t\n\nring 0x100000 size 0x1000 {\n  MI_NOOP\n", "t.gts:3: ring block not closed");
    expect_asm_error("test t\nhost {\n  wait 1\n", "t.gts:2: host block not closed");
    expect_asm_error("test t\nring 0x100000 {\n}\n", "t.gts:2: a ring needs its size");
    expect_asm_error("test t\nring 0x100000 size 0x1000 {\n  @0x1002\n}\n", "t.gts:3: @0x1002: offsets are dword aligned");
    expect_asm_error("test t\nring 0x100000 size 0x1000 {\n  @0x1000\n}\n", "t.gts:3: @0x1000 is past the end of the ring");
    expect_asm_error("test t\nring 0x100000 size 0x1000 {\n  @0xffc\n  MI_LOAD_REGISTER_IMM RCS0.CS_GPR0=1\n"
                     "  @0x4\n  MI_NOOP\n}\n",
                     "t.gts:6: offset 0x4 of the ring already holds a dword from line 4");
    expect_asm_error("test t\nbatch 0x200000 size 0x8 {\n  MI_STORE_DATA_IMM addr=0x400000 data=1\n}\n",
                     "t.gts:3: offset 0x8 is past the end of the batch (size 0x8)");
    expect_asm_error("test t\nbatch 0x200000 {\n}\n", "t.gts:3: empty batch");
    expect_asm_error("test t\nring 0x100000 size 0x1000 {\n}\nbatch 0x100ffc {\n  MI_NOOP\n}\n",
                     "t.gts:4: batch 0x100ffc..0x100fff overlaps the ring 0x100000..0x100fff of line 2");
    expect_asm_error("test t\ndata 0x1002 {\n", "t.gts:2: data address 0x1002 is not dword aligned");
    expect_asm_error("test t\nring 0x100000 size 0x1001 {\n", "t.gts:2: size 0x1001: must be a non-zero multiple of 4");
    expect_asm_error("test t\nring 0x100000 size 0x2000000 {\n", "t.gts:2: size: '0x2000000' is not a number in 0..16777216");
    expect_asm_error("test t\nring 0x100000 size 0x1000\n", "t.gts:2: expected 'ring ADDR [size BYTES] {'");
    expect_asm_error("test a\ntest b\n", "t.gts:2: 'test' given twice");
    expect_asm_error("test a b\n", "t.gts:1: 'test' takes one value");
    expect_asm_error("test a/b\n", "t.gts:1: test name 'a/b'");
    expect_asm_error("test t\nseed 12abc\n", "t.gts:2: seed: '12abc' is not a number");
    expect_asm_error("test t\nseed -1\n", "t.gts:2: seed: '-1' is not a number");
    expect_asm_error("test t\nseed 0x\n", "t.gts:2: seed: '0x' is not a number");
    expect_asm_error("test t\nseed 18446744073709551616\n", "t.gts:2: seed: '18446744073709551616' is not a number");
    expect_asm_error("test t\nengines 5\n", "t.gts:2: engines: '5' is not a number in 0..4");
    expect_asm_error("test t\nengines 0\n", "t.gts:2: engines: at least 1");
    expect_asm_error("test t\nlatency rd=9..3\n", "t.gts:2: latency rd=9..3: minimum above maximum");
    expect_asm_error("test t\nlatency rd=0..3\n", "t.gts:2: latency rd: the minimum must be at least 1");
    expect_asm_error("test t\nlatency ready=0\n", "t.gts:2: latency ready=0");
    expect_asm_error("test t\nlatency ready=101\n", "t.gts:2: latency ready: '101' is not a number in 0..100");
    expect_asm_error("test t\nlatency fast\n", "t.gts:2: latency: unexpected 'fast'");
    expect_asm_error("test t\nhang_cycles 0\n", "t.gts:2: hang_cycles: at least 1");
    expect_asm_error("test t\nfrobnicate 1\n", "t.gts:2: unknown directive 'frobnicate'");
    expect_asm_error("test t\n}\n", "t.gts:2: '}' without an open block");
    expect_asm_error("test t\nhost {\n  jump 0x10\n}\n", "t.gts:3: unknown host operation 'jump'");
    expect_asm_error("test t\nhost {\n  write RCS0.FOO 1\n}\n", "t.gts:3: unknown register 'RCS0.FOO'");
    expect_asm_error("test t\nhost {\n  write 0x2031 1\n}\n", "t.gts:3: register offset 0x2031 is not dword aligned");
    expect_asm_error("test t\nhost {\n  write RCS0.RING_TAIL\n}\n", "t.gts:3: expected 'write REGISTER VALUE'");
    expect_asm_error("test t\nhost {\n  write RCS0.RING_TAIL 0x100000000\n}\n", "t.gts:3: write value");
    expect_asm_error("test t\nhost {\n  read\n}\n", "t.gts:3: expected 'read REGISTER'");
    expect_asm_error("test t\nhost {\n  wait\n}\n", "t.gts:3: expected 'wait CYCLES'");
    expect_asm_error("test t\nhost {\n  wait_irq x\n}\n", "t.gts:3: cycles: 'x' is not a number");
    expect_asm_error("test t\nhost {\n  wait_idle 5\n}\n", "t.gts:3: wait_idle takes no argument");
    expect_asm_error("test t\nbatch 0x200000 {\n  MI_LOAD_REGISTER_IMM RCS0.NOPE=1\n}\n",
                     "t.gts:3: MI_LOAD_REGISTER_IMM: unknown register 'RCS0.NOPE'");
}

Test(gts, assemble_file_reports_missing_files)
{
    gtref_stim s;
    gtref_stim_init(&s);
    char err[512];
    cr_assert_neq(gtref_gts_assemble_file(&s, "/nonexistent/dir/x.gts", err, sizeof err), 0);
    cr_assert(strstr(err, "/nonexistent/dir/x.gts") && strstr(err, "No such file"), "%s", err);
    cr_assert_neq(gtref_gts_assemble(&s, NULL, "x.gts", err, sizeof err), 0);
    gtref_stim_free(&s);
}

/* `ggtt VA PA [pages N] [invalid]` writes GGTT entries (docs/gam.md GAM-3, GAM-4): entry of page p at
 * GSM_BASE + p * 8, value = physical page | present; one data segment per run of consecutive pages. */
Test(gts, ggtt_lines_write_entries_in_graphics_stolen_memory)
{
    gtref_stim s;
    gtref_stim_init(&s);
    assemble_ok(&s, "test g\nggtt 0x2000 0x9000 pages 2\nggtt 0x1000 0x7000\nggtt 0x6000 0x4000 invalid\n"
                    "host {\n  wait 1\n}\n");
    cr_assert_eq(s.nsegs, 2, "pages 1..3 make one run, page 6 another: %zu segments", s.nsegs);
    const gtref_segment *a = &s.segs[0], *b = &s.segs[1];
    cr_assert_eq(a->addr, 0x7F00000000ull + 1 * 8, "the entry of page 1 is at GSM_BASE + 8");
    cr_assert_eq(a->len, 24u);
    cr_assert_eq(seg_dword(a, 0), 0x7001u, "page 1 -> 0x7000, present (bit 0)");
    cr_assert_eq(seg_dword(a, 4), 0x0u, "bits 63:32 of the entry are 0");
    cr_assert_eq(seg_dword(a, 8), 0x9001u, "page 2 -> 0x9000, present");
    cr_assert_eq(seg_dword(a, 16), 0xA001u, "page 3 -> 0xA000 (pages 2: consecutive physical pages)");
    cr_assert_eq(b->addr, 0x7F00000000ull + 6 * 8);
    cr_assert_eq(seg_dword(b, 0), 0x4000u, "invalid: the address without the present bit");
    expect_lossless(&s, "ggtt lines");
    gtref_stim_free(&s);
}

Test(gts, ggtt_lines_reject_overlaps_and_out_of_range)
{
    expect_asm_error("test g\nggtt 0x1000 0x1000 pages 2\nggtt 0x2000 0x5000\n", ":3: ggtt page 0x2000 is already mapped on line 2");
    expect_asm_error("test g\nggtt 0xfffff000 0x0 pages 2\n", "goes past the 4 GB GGTT");
    expect_asm_error("test g\nggtt 0x1001 0x0\n", "4 KB aligned");
    expect_asm_error("test g\nggtt 0x1000 0x8000000000\n", "goes past bit 38");
    expect_asm_error("test g\nggtt 0x0 0x0\ndata 0x7F00000000 {\n  DW 1\n}\n", "overlaps");
}
