/* The register and command tables and the text form of commands. */
#include <criterion/criterion.h>
#include <string.h>

#include "gtref/cmds.h"
#include "gtref/engines.h"
#include "gtref/regs.h"

Test(tables, well_known_offsets_match_the_table)
{
    cr_assert_eq(gtref_reg_by_name("RING_TAIL")->offset, GTREF_RING_TAIL);
    cr_assert_eq(gtref_reg_by_name("RING_HEAD")->offset, GTREF_RING_HEAD);
    cr_assert_eq(gtref_reg_by_name("RING_START")->offset, GTREF_RING_START);
    cr_assert_eq(gtref_reg_by_name("RING_CTL")->offset, GTREF_RING_CTL);
    cr_assert_eq(gtref_reg_by_name("EIR")->offset, GTREF_EIR);
    cr_assert_eq(gtref_reg_by_name("GT_INTR_DW0")->offset, GTREF_GT_INTR_DW0);
    cr_assert_eq(gtref_reg_by_name("IMR")->offset, GTREF_IMR);
    cr_assert_eq(gtref_reg_by_name("HWSTAM")->offset, GTREF_HWSTAM);
    cr_assert_eq(gtref_reg_by_name("IPEHR")->offset, GTREF_IPEHR);
    cr_assert_eq(gtref_reg_by_name("INTR_IDENTITY_REG0")->offset, GTREF_INTR_IDENTITY_REG0);
    cr_assert_eq(gtref_reg_by_name("INTR_IDENTITY_REG1")->offset, GTREF_INTR_IDENTITY_REG1);
    cr_assert_eq(gtref_reg_by_name("IIR_REG_SELECTOR0")->offset, GTREF_IIR_REG_SELECTOR0);
    cr_assert_eq(gtref_reg_by_name("IIR_REG_SELECTOR1")->offset, GTREF_IIR_REG_SELECTOR1);
}

/* docs/interrupts.md §1, §2: the interrupt registers' rows carry the access rules the contract states, and every
 * register whose MMIO access does more than the table's rules is flagged SIDE (and only those). */
Test(tables, interrupt_register_rows_follow_the_contract)
{
    const gtref_reg_def *id0 = gtref_reg_by_name("INTR_IDENTITY_REG0");
    cr_assert_eq(id0->reset, 0);
    cr_assert_eq(id0->rw_mask, 0, "identity bits 30:0 are read-only");
    cr_assert_eq(id0->w1c_mask, GTREF_INTR_DATA_VALID, "only Data-Valid (bit 31) takes a write");
    const gtref_reg_def *sel1 = gtref_reg_by_name("IIR_REG_SELECTOR1");
    cr_assert_eq(sel1->reset, 0);
    cr_assert_eq(sel1->rw_mask, 0xFFFFFFFFu);
    static const char *const imr_like[] = { "IMR", "HWSTAM" };
    for (size_t i = 0; i < 2; i++) {
        const gtref_reg_def *d = gtref_reg_by_name(imr_like[i]);
        cr_assert(d->flags & GTREF_REGF_ENGINE);
        for (int e = 0; e < GTREF_MAX_ENGINES; e++)
            cr_assert_eq(gtref_reg_reset(d, e), 0xFFFFFFFFu, "%s resets to all masked (BYT-REG)", d->name);
    }
    const gtref_reg_def *ipehr = gtref_reg_by_name("IPEHR");
    cr_assert_eq(ipehr->rw_mask | ipehr->w1c_mask, 0, "IPEHR is read-only: only an illegal command sets it");
    static const char *const side[] = { "GT_INTR_DW0", "GT_INTR_DW1", "RCS0_INTR_MASK", "BCS_INTR_MASK",
                                        "VCS0_VCS1_INTR_MASK", "VECS0_VECS1_INTR_MASK", "INTR_IDENTITY_REG0",
                                        "INTR_IDENTITY_REG1", "IIR_REG_SELECTOR0", "IIR_REG_SELECTOR1" };
    /* the global SIDE registers are the interrupt block's; the engine ones are the execlist triggers
     * (docs/execlists.md §2.1: a Load, the CSB pointers) */
    static const char *const eng_side[] = { "EXECLIST_CONTROL", "CONTEXT_STATUS_PTR" };
    size_t nside = 0, neng_side = 0;
    for (size_t i = 0; i < gtref_nregs; i++)
        if (gtref_regs[i].flags & GTREF_REGF_SIDE) {
            if (gtref_regs[i].flags & GTREF_REGF_ENGINE) neng_side++;
            else nside++;
        }
    cr_assert_eq(nside, sizeof side / sizeof side[0]);
    cr_assert_eq(neng_side, sizeof eng_side / sizeof eng_side[0]);
    for (size_t i = 0; i < sizeof eng_side / sizeof eng_side[0]; i++)
        cr_assert(gtref_reg_by_name(eng_side[i])->flags & GTREF_REGF_SIDE, "%s", eng_side[i]);
    for (size_t i = 0; i < sizeof side / sizeof side[0]; i++)
        cr_assert(gtref_reg_by_name(side[i])->flags & GTREF_REGF_SIDE, "%s", side[i]);
    /* every engine's mask field lives in a SIDE register (an unmask raises held events, IRQ-9) */
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
        const gtref_reg_def *mk = gtref_reg_lookup(gtref_engines[e].intr_mask_reg, GTREF_MAX_ENGINES, NULL);
        cr_assert(mk && (mk->flags & GTREF_REGF_SIDE), "%s", gtref_engines[e].name);
    }
}

Test(tables, no_two_registers_share_an_offset_in_a_four_engine_gt)
{
    for (size_t i = 0; i < gtref_nregs; i++)
        for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
            uint32_t off = gtref_reg_abs(&gtref_regs[i], e);
            int found_e;
            const gtref_reg_def *d = gtref_reg_lookup(off, GTREF_MAX_ENGINES, &found_e);
            if (!gtref_reg_present(&gtref_regs[i], e)) {   /* an RCS0-only register names nothing elsewhere (W1) */
                cr_assert_null(d, "0x%x (%s off RCS0) maps to %s", off, gtref_regs[i].name, d ? d->name : "");
                continue;
            }
            cr_assert_eq(d, &gtref_regs[i], "0x%x maps to %s, not %s", off, d ? d->name : "nothing", gtref_regs[i].name);
            if (!(gtref_regs[i].flags & GTREF_REGF_ENGINE)) break;
            cr_assert_eq(found_e, e);
        }
}

Test(tables, every_register_has_a_source_and_sane_masks)
{
    for (size_t i = 0; i < gtref_nregs; i++) {
        const gtref_reg_def *d = &gtref_regs[i];
        cr_assert(d->source && d->source[0], "%s has no source", d->name);
        cr_assert_eq(d->rw_mask & d->w1c_mask, 0, "%s: a bit cannot be both RW and W1C", d->name);
        cr_assert_eq(d->offset & 3u, 0, "%s is not dword aligned", d->name);
    }
}

Test(tables, engine_registers_are_only_visible_for_present_engines)
{
    int e;
    cr_assert_not_null(gtref_reg_lookup(0x22030u, 2, &e));
    cr_assert_eq(e, 1);
    cr_assert_null(gtref_reg_lookup(0x22030u, 1, &e));
}

Test(tables, register_names_parse_and_print)
{
    uint32_t off;
    cr_assert_eq(gtref_reg_parse("RCS0.RING_TAIL", &off), 0);
    cr_assert_eq(off, 0x2030u);
    cr_assert_eq(gtref_reg_parse("VECS0.CS_GPR3", &off), 0);
    cr_assert_eq(off, 0x1C8000u + 0x60Cu);
    cr_assert_eq(gtref_reg_parse("GT_INTR_DW0", &off), 0);
    cr_assert_eq(off, 0x190018u);
    cr_assert_eq(gtref_reg_parse("0x1234", &off), 0);
    cr_assert_eq(off, 0x1234u);
    cr_assert_neq(gtref_reg_parse("RCS0.NOPE", &off), 0);
    cr_assert_neq(gtref_reg_parse("XCS9.RING_TAIL", &off), 0);
    cr_assert_neq(gtref_reg_parse("RING_TAIL", &off), 0, "an engine register needs its engine");
    char buf[48];
    cr_assert_str_eq(gtref_reg_name(0x2034u, 1, buf, sizeof buf), "RCS0.RING_HEAD");
    cr_assert_str_eq(gtref_reg_name(0x2ABC0u, 1, buf, sizeof buf), "0x0002abc0");
}

Test(tables, command_decode_and_length)
{
    const gtref_cmd_def *c = gtref_cmd_find(0x11000005u);
    cr_assert_not_null(c);
    cr_assert_str_eq(c->name, "MI_LOAD_REGISTER_IMM");
    cr_assert_eq(gtref_cmd_length(c, 0x11000005u), 7);
    cr_assert_eq(gtref_cmd_length(gtref_cmd_find(0), 0), 1);
    cr_assert_eq(gtref_cmd_length(gtref_cmd_find(0x18800001u), 0x18800001u), 3);
    cr_assert_null(gtref_cmd_find(0x0F800000u), "MI opcode 0x1F is not defined");
    cr_assert_null(gtref_cmd_find(0x40000000u), "command type 2 (blitter) is not defined for the kit");
    const gtref_cmd_def *pc = gtref_cmd_find(0x7A000004u);
    cr_assert_not_null(pc, "PIPE_CONTROL: type 3, subtype 3, opcode 2, sub-opcode 0 (KBL-CMD digest A.2)");
    cr_assert_str_eq(pc->name, "PIPE_CONTROL");
    cr_assert_eq(gtref_cmd_length(pc, 0x7A000004u), 6);
    cr_assert(gtref_cmd_on_engine(pc, 0) && !gtref_cmd_on_engine(pc, 1), "PIPE_CONTROL is render only");
    const gtref_cmd_def *fl = gtref_cmd_find(0x13000002u);
    cr_assert_str_eq(fl->name, "MI_FLUSH_DW");
    cr_assert(!gtref_cmd_on_engine(fl, 0) && gtref_cmd_on_engine(fl, 1), "MI_FLUSH_DW is not a render command");
}

Test(tables, legality_rules)
{
    char why[128];
    uint32_t sdi_bad[] = { 0x10200004u, 0, 0, 0, 0, 0 };         /* length 6 with Store Qword: not 3 + 2n (C35) */
    cr_assert(!gtref_cmd_legal(gtref_cmd_find(sdi_bad[0]), sdi_bad[0], why, sizeof why));
    cr_assert(strstr(why, "Store Qword"), "%s", why);
    const gtref_cmd_def *sdi = gtref_cmd_find(0x10000000u);
    cr_assert(gtref_cmd_legal(sdi, 0x10000003u, NULL, 0), "C35: 5 dwords without Store Qword");
    cr_assert(gtref_cmd_legal(sdi, 0x10000004u, NULL, 0), "C35: 6 dwords without Store Qword (legal, unimplemented)");
    cr_assert(gtref_cmd_legal(sdi, 0x100003FFu, NULL, 0), "C35: 1025 dwords (10-bit DWord Length)");
    cr_assert(gtref_cmd_legal(sdi, 0x10200005u, NULL, 0), "C35: 7 dwords with Store Qword (two qwords)");
    cr_assert(!gtref_cmd_legal(sdi, 0x10000001u, NULL, 0), "3 dwords: below 4");
    const gtref_cmd_def *lri = gtref_cmd_find(0x11000000u);
    cr_assert(gtref_cmd_legal(lri, 0x110000FFu, NULL, 0), "C36: 257 dwords (128 pairs)");
    /* C28: MI_ATOMIC: Inline Data [18], Data Size [20:19]: 3 without inline data; 5 or 11 (DWORD), 7 or 11 (QWORD),
     * 11 (OCTWORD) with it */
    const gtref_cmd_def *at = gtref_cmd_find(0x17800000u);
    cr_assert(gtref_cmd_legal(at, 0x17800001u, NULL, 0));
    cr_assert(!gtref_cmd_legal(at, 0x17800003u, NULL, 0), "5 dwords without inline data");
    cr_assert(gtref_cmd_legal(at, 0x17840003u, NULL, 0), "DWORD inline 5");
    cr_assert(!gtref_cmd_legal(at, 0x17840005u, NULL, 0), "DWORD inline 7");
    cr_assert(gtref_cmd_legal(at, 0x17840009u, NULL, 0), "DWORD inline 11");
    cr_assert(gtref_cmd_legal(at, 0x178C0005u, NULL, 0), "QWORD inline 7");
    cr_assert(!gtref_cmd_legal(at, 0x178C0003u, NULL, 0), "QWORD inline 5");
    cr_assert(gtref_cmd_legal(at, 0x178C0009u, NULL, 0), "QWORD inline 11");
    cr_assert(gtref_cmd_legal(at, 0x17940009u, NULL, 0), "OCTWORD inline 11");
    cr_assert(!gtref_cmd_legal(at, 0x17940001u, NULL, 0), "OCTWORD inline 3");
    cr_assert(!gtref_cmd_legal(at, 0x17840001u, NULL, 0), "inline 3");
    uint32_t lri_even[] = { 0x11000002u, 0, 0, 0 };
    cr_assert(!gtref_cmd_legal(gtref_cmd_find(lri_even[0]), lri_even[0], why, sizeof why));
    cr_assert(strstr(why, "1 + 2n"), "%s", why);
    uint32_t ok[] = { 0x10200003u, 0, 0, 0, 0 };
    cr_assert(gtref_cmd_legal(gtref_cmd_find(ok[0]), ok[0], NULL, 0));
}

static void round_trip(const char *text, const uint32_t *expect, int n)
{
    uint32_t dw[300];
    char err[128], back[512];
    int got = gtref_cmd_parse(text, 1, dw, 300, err, sizeof err);
    cr_assert_eq(got, n, "'%s': %s", text, got < 0 ? err : "wrong length");
    for (int i = 0; i < n; i++) cr_assert_eq(dw[i], expect[i], "'%s' dword %d: 0x%08x", text, i, dw[i]);
    gtref_cmd_format(dw, (unsigned)n, 1, back, sizeof back);
    cr_assert_str_eq(back, text);
}

Test(tables, command_text_round_trips)
{
    round_trip("MI_NOOP", (uint32_t[]){ 0 }, 1);
    round_trip("MI_USER_INTERRUPT", (uint32_t[]){ 0x01000000u }, 1);
    round_trip("MI_BATCH_BUFFER_END", (uint32_t[]){ 0x05000000u }, 1);
    round_trip("MI_STORE_DATA_IMM addr=0x400004 data=0xdeadbeef", (uint32_t[]){ 0x10000002u, 0x400004u, 0, 0xdeadbeefu }, 4);
    round_trip("MI_STORE_DATA_IMM ggtt qword addr=0x400008 data=0x2222222211111111",
               (uint32_t[]){ 0x10600003u, 0x400008u, 0, 0x11111111u, 0x22222222u }, 5);
    round_trip("MI_LOAD_REGISTER_IMM bwd=0x3 RCS0.CS_GPR0=0x00000001 RCS0.RING_MODE=0x00010001",
               (uint32_t[]){ 0x11000303u, 0x2600u, 1, 0x229Cu, 0x00010001u }, 5);
    round_trip("MI_BATCH_BUFFER_START ppgtt addr=0x200000", (uint32_t[]){ 0x18800101u, 0x200000u, 0 }, 3);
    round_trip("DW 0x0f800000", (uint32_t[]){ 0x0F800000u }, 1);
    /* MI_MATH: KBL-CMD digest A.4: DWord Length = ALU dwords - 1 (i915 MI_MATH(x)); opcode [31:20], operands [19:10], [9:0] */
    round_trip("MI_MATH LOAD(SRCA,R0) LOAD(SRCB,R1) ADD STORE(R2,ACCU)",
               (uint32_t[]){ 0x0D000003u, 0x08000000u | (0x20u << 10), 0x08000001u | (0x21u << 10), 0x10000000u,
                             0x18000000u | (2u << 10) | 0x31u }, 5);
    round_trip("MI_LOAD_REGISTER_REG src=RCS0.CS_GPR0 dst=RCS0.MI_PREDICATE_SRC0",
               (uint32_t[]){ 0x15000001u, 0x2600u, 0x2400u }, 3);
    round_trip("MI_STORE_DATA_INDEX offset=0x40 data=0x00000000aabbccdd len=4",
               (uint32_t[]){ 0x10800002u, 0x40u, 0xaabbccddu, 0 }, 4);
    round_trip("PIPE_CONTROL notify post_sync=WRITE_IMM cs_stall addr=0x400000 data=0x0000000100000002",
               (uint32_t[]){ 0x7A000004u, (1u << 8) | (1u << 14) | (1u << 20), 0x400000u, 0, 2, 1 }, 6);
    round_trip("MI_ATOMIC op=ADD inline size=QWORD addr=0x400000 op1_0=0x00000005",
               (uint32_t[]){ 0x17800009u | (0x07u << 8) | (1u << 19) | (1u << 18), 0x400000u, 0, 5, 0, 0, 0, 0, 0, 0, 0 }, 11);
}

Test(tables, unknown_bits_fall_back_to_raw_dwords)
{
    char buf[128];
    uint32_t sdi[] = { 0x10000002u, 0x00400002u, 0, 5 };   /* DW1 bit 1 is in no field of MI_STORE_DATA_IMM */
    gtref_cmd_format(sdi, 4, 1, buf, sizeof buf);
    cr_assert_str_eq(buf, "DW 0x10000002 0x00400002 0x00000000 0x00000005");
    uint32_t noop_id[] = { 0x00400005u };   /* MI_NOOP with an identification number: fields of the table */
    gtref_cmd_format(noop_id, 1, 1, buf, sizeof buf);
    cr_assert_str_eq(buf, "MI_NOOP nopid=0x5 write_nopid");
}

Test(tables, parse_errors_say_what_is_wrong)
{
    uint32_t dw[8];
    char err[128];
    cr_assert_eq(gtref_cmd_parse("MI_FOO", 1, dw, 8, err, sizeof err), -1);
    cr_assert(strstr(err, "MI_FOO"), "%s", err);
    cr_assert_eq(gtref_cmd_parse("MI_STORE_DATA_IMM addr=0x3", 1, dw, 8, err, sizeof err), -1);
    cr_assert_eq(gtref_cmd_parse("MI_STORE_DATA_IMM addr=0x3 data=1", 1, dw, 8, err, sizeof err), -1);
    cr_assert(strstr(err, "aligned"), "%s", err);
    cr_assert_eq(gtref_cmd_parse("MI_LOAD_REGISTER_IMM RCS0.BOGUS=1", 1, dw, 8, err, sizeof err), -1);
    cr_assert(strstr(err, "BOGUS"), "%s", err);
}

/* The reset-value audit: every register of the kit that BYT-REG's address map gives a legible default for,
 * on every engine BYT-REG has (RCS 0x2000, BCS 0x22000, VCS 0x12000 blocks), resets to that default.
 * A kit register may differ only with a reason recorded here and in docs/spec-decisions.md. */
Test(tables, reset_values_match_the_volumes)
{
    static const struct { int engine; uint32_t byt_base; } blocks[] = { { 0, 0x2000u }, { 1, 0x22000u }, { 2, 0x12000u } };
    int checked = 0;
    for (size_t i = 0; i < gtref_nregs; i++) {
        const gtref_reg_def *d = &gtref_regs[i];
        if (!(d->flags & GTREF_REGF_ENGINE)) continue;
        for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++) {
            if (!gtref_reg_present(d, blocks[b].engine)) continue;   /* RCS0-only (W1) */
            uint32_t off = blocks[b].byt_base + d->offset;
            for (size_t k = 0; k < gtref_nspec_regs; k++) {
                const gtref_spec_reg *s = &gtref_spec_regs[k];
                if (s->offset != off || !s->has_default) continue;   /* defaults come from BYT-REG's map */
                cr_assert_eq(gtref_reg_reset(d, blocks[b].engine), s->default_value,
                             "%s of %s resets to 0x%08x; %s (%s) prints 0x%08x", d->name,
                             gtref_engines[blocks[b].engine].name, gtref_reg_reset(d, blocks[b].engine), s->name,
                             s->source, s->default_value);
                checked++;
            }
        }
    }
    cr_assert_geq(checked, 20, "the audit compared only %d registers", checked);
    cr_log_info("reset audit: %d register instances compared with BYT-REG", checked);
}

/* gtref_reg_lookup answers from a hash built once: for every offset a register of the table has on any engine, its
 * neighbours, and offsets no register has, under every engine count, the answer is the table scanned in order (the
 * first register, lowest engine first, among the engines present). */
static const gtref_reg_def *scan_lookup(uint32_t off, int engines, int *engine)
{
    for (size_t i = 0; i < gtref_nregs; i++) {
        const gtref_reg_def *d = &gtref_regs[i];
        for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
            if (!(d->flags & GTREF_REGF_ENGINE)) {
                if (d->offset != off) break;
                *engine = -1;
                return d;
            }
            if (e < engines && gtref_reg_present(d, e) && gtref_engines[e].base + d->offset == off) {
                *engine = e;
                return d;
            }
        }
    }
    return NULL;
}

Test(tables, register_lookup_agrees_with_a_scan_of_the_table)
{
    size_t checked = 0, found = 0;
    for (size_t i = 0; i < gtref_nregs; i++) {
        for (int e = -1; e < GTREF_MAX_ENGINES; e++) {
            uint32_t base = e < 0 ? gtref_regs[i].offset : gtref_engines[e].base + gtref_regs[i].offset;
            for (uint32_t off = base - 4; off != base + 8; off += 4) {
                for (int n = -1; n <= GTREF_MAX_ENGINES + 1; n++) {
                    int want_e = -7, got_e = -7;
                    const gtref_reg_def *want = scan_lookup(off, n, &want_e);
                    const gtref_reg_def *got = gtref_reg_lookup(off, n, &got_e);
                    cr_assert_eq(got, want, "offset 0x%x, %d engines: %s, expected %s", off, n,
                                 got ? got->name : "none", want ? want->name : "none");
                    if (want) cr_assert_eq(got_e, want_e, "offset 0x%x (%s), %d engines: engine %d, expected %d", off,
                                           want->name, n, got_e, want_e);
                    else cr_assert_eq(got_e, -7, "offset 0x%x: no register, but the engine was written", off);
                    checked++;
                    found += want != NULL;
                }
            }
        }
    }
    cr_assert_gt(found, gtref_nregs, "the offsets tried must include the table's own (%zu of %zu)", found, checked);
    int e;
    cr_assert_null(gtref_reg_lookup(0xFFFFFFFCu, GTREF_MAX_ENGINES, &e));
    cr_assert_null(gtref_reg_lookup(0, GTREF_MAX_ENGINES, &e));
}
