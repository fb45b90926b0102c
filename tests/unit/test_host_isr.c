/* The host's interrupt service routine (include/gtref/host.h) against a scripted register file: the accesses
 * it makes, in order, are the procedure of docs/interrupts.md §3 (ISR-2..ISR-10), whatever the read data. */
#include <criterion/criterion.h>
#include <string.h>

#include "gtref/host.h"
#include "gtref/regs.h"
#include "gtref/stim.h"

typedef struct step { int kind; uint32_t off, val; uint32_t rdata; } step;

/* Run the routine with no delay; each READ gets the next rdata of the script; check every access. */
static void expect_script(uint32_t flags, const step *want, size_t n)
{
    gtref_isr s;
    gtref_isr_action a;
    gtref_isr_begin(&s, 0, flags, 1);
    uint32_t rdata = 0;
    for (size_t i = 0; i < n; i++) {
        gtref_isr_step(&s, rdata, &a);
        cr_assert_eq(a.kind, want[i].kind, "step %zu: kind %d, want %d", i, a.kind, want[i].kind);
        if (a.kind == GTREF_ISR_WRITE || a.kind == GTREF_ISR_READ) {
            cr_assert_eq(a.off, want[i].off, "step %zu: offset 0x%x, want 0x%x", i, a.off, want[i].off);
            if (a.kind == GTREF_ISR_WRITE) cr_assert_eq(a.val, want[i].val, "step %zu: value 0x%x, want 0x%x", i, a.val, want[i].val);
        }
        rdata = want[i].rdata;
    }
}

enum { W = GTREF_ISR_WRITE, R = GTREF_ISR_READ, D = GTREF_ISR_DONE };

/* RCS0 (DW0 bit 0) and BCS0 (DW0 bit 15) pending; Data-Valid on the second identity read of RCS0 (ISR-6 spins),
 * the DW cleared once with the value read (ISR-9, i915's way). */
Test(host_isr, two_engines_in_dw0_served_lowest_bit_first_dw_cleared_once)
{
    const step want[] = {
        { W, GTREF_GFX_MSTR_IRQ, 0, 0 },                                   /* ISR-2 */
        { R, GTREF_GFX_MSTR_IRQ, 0, 0x00000001u },                         /* ISR-3: DW0 pending */
        { R, GTREF_GT_INTR_DW0, 0, 0x00008001u },                          /* ISR-4 */
        { W, GTREF_IIR_REG_SELECTOR0, 0x1u, 0 },                               /* ISR-5: bit 0 first */
        { R, GTREF_INTR_IDENTITY_REG0, 0, 0 },                                 /* ISR-6: not valid yet */
        { R, GTREF_INTR_IDENTITY_REG0, 0, 0x80000001u },                       /* valid: RCS0 USER */
        { W, GTREF_INTR_IDENTITY_REG0, GTREF_INTR_DATA_VALID, 0 },             /* ISR-8 */
        { W, GTREF_IIR_REG_SELECTOR0, 0x8000u, 0 },                            /* ISR-5: bit 15 */
        { R, GTREF_INTR_IDENTITY_REG0, 0, 0x80030001u },                       /* BCS0 USER */
        { W, GTREF_INTR_IDENTITY_REG0, GTREF_INTR_DATA_VALID, 0 },
        { W, GTREF_GT_INTR_DW0, 0x00008001u, 0 },                          /* ISR-9, once */
        { W, GTREF_GFX_MSTR_IRQ, GTREF_MSTR_IRQ_ENABLE, 0 },               /* ISR-10 */
        { D, 0, 0, 0 },
    };
    expect_script(0, want, sizeof want / sizeof want[0]);
}

/* Both DWs pending, each engine's DW bit cleared after it (ISR-9, the other way L171 allows). */
Test(host_isr, both_dws_with_clear_each)
{
    const step want[] = {
        { W, GTREF_GFX_MSTR_IRQ, 0, 0 },
        { R, GTREF_GFX_MSTR_IRQ, 0, 0x00000003u },
        { R, GTREF_GT_INTR_DW0, 0, 0x00000001u },
        { W, GTREF_IIR_REG_SELECTOR0, 0x1u, 0 },
        { R, GTREF_INTR_IDENTITY_REG0, 0, 0x80000040u },                       /* RCS0 WATCHDOG */
        { W, GTREF_INTR_IDENTITY_REG0, GTREF_INTR_DATA_VALID, 0 },
        { W, GTREF_GT_INTR_DW0, 0x1u, 0 },
        { R, GTREF_GT_INTR_DW1, 0, 0x80000001u },                          /* VCS0 (bit 0) and VECS0 (bit 31) */
        { W, GTREF_IIR_REG_SELECTOR1, 0x1u, 0 },
        { R, GTREF_INTR_IDENTITY_REG1, 0, 0x80010001u },
        { W, GTREF_INTR_IDENTITY_REG1, GTREF_INTR_DATA_VALID, 0 },
        { W, GTREF_GT_INTR_DW1, 0x1u, 0 },
        { W, GTREF_IIR_REG_SELECTOR1, 0x80000000u, 0 },
        { R, GTREF_INTR_IDENTITY_REG1, 0, 0x80020010u },
        { W, GTREF_INTR_IDENTITY_REG1, GTREF_INTR_DATA_VALID, 0 },
        { W, GTREF_GT_INTR_DW1, 0x80000000u, 0 },
        { W, GTREF_GFX_MSTR_IRQ, GTREF_MSTR_IRQ_ENABLE, 0 },
        { D, 0, 0, 0 },
    };
    expect_script(GTREF_ISR_CLEAR_EACH, want, sizeof want / sizeof want[0]);
}

Test(host_isr, data_valid_that_never_comes_fails_with_a_message)
{
    gtref_isr s;
    gtref_isr_action a;
    gtref_isr_begin(&s, 0, 0, 1);
    uint32_t script[] = { 0, 1, 1 };   /* master: DW0; DW0: bit 0 */
    size_t k = 0;
    int reads = 0;
    uint32_t rdata = 0;
    for (int i = 0; i < 200; i++) {
        gtref_isr_step(&s, rdata, &a);
        if (a.kind == GTREF_ISR_FAIL || a.kind == GTREF_ISR_DONE) break;
        rdata = 0;
        if (a.kind == GTREF_ISR_READ) {
            if (a.off == GTREF_INTR_IDENTITY_REG0) reads++;
            else rdata = script[++k < 3 ? k : 2];
        }
    }
    cr_assert_eq(a.kind, GTREF_ISR_FAIL);
    cr_assert_eq(reads, (int)GTREF_ISR_VALID_READS);
    cr_assert(strstr(a.why, "Data-Valid") && strstr(a.why, "selector 0x00000001"), "%s", a.why);
}

/* Delays: a WAIT of 1..max before some accesses, never more than max, the same accesses in the same order, and
 * the same delays for the same seed. */
Test(host_isr, delays_are_bounded_and_seeded)
{
    for (uint64_t seed = 0; seed < 20; seed++) {
        gtref_isr s, t;
        gtref_isr_action a, b;
        gtref_isr_begin(&s, 7, 0, seed);
        gtref_isr_begin(&t, 7, 0, seed);
        uint32_t rdata = 0;
        int accesses = 0, waits = 0;
        for (int i = 0; i < 200; i++) {
            gtref_isr_step(&s, rdata, &a);
            gtref_isr_step(&t, rdata, &b);
            cr_assert_eq(a.kind, b.kind);
            cr_assert_eq(a.cycles, b.cycles);
            if (a.kind == GTREF_ISR_DONE) break;
            cr_assert_neq(a.kind, GTREF_ISR_FAIL, "%s", a.why);
            if (a.kind == GTREF_ISR_WAIT) { cr_assert(a.cycles >= 1 && a.cycles <= 7); waits++; continue; }
            accesses++;
            rdata = a.off == GTREF_GFX_MSTR_IRQ ? 1 : a.off == GTREF_GT_INTR_DW0 ? 1 : GTREF_INTR_DATA_VALID | 1;
        }
        cr_assert_eq(a.kind, GTREF_ISR_DONE);
        cr_assert_eq(accesses, 8, "seed %d: %d accesses", (int)seed, accesses);
        cr_assert_leq(waits, accesses);
    }
}

Test(host_isr, the_op_is_validated_and_round_trips_as_text)
{
    static const char good[] = "test t\nseed 1\nengines 1\nhost {\n  isr 10\n  isr 0 clear-each\n}\n";
    gtref_stim s;
    gtref_stim_init(&s);
    char err[256];
    cr_assert_eq(gtref_gts_assemble(&s, good, "t.gts", err, sizeof err), 0, "%s", err);
    cr_assert_eq(s.nops, 2);
    cr_assert(s.ops[0].op == GTREF_HOST_ISR && s.ops[0].cycles == 10 && s.ops[0].val == 0);
    cr_assert(s.ops[1].op == GTREF_HOST_ISR && s.ops[1].cycles == 0 && s.ops[1].val == GTREF_ISR_CLEAR_EACH);
    uint8_t *buf = NULL;
    size_t len = 0;
    cr_assert_eq(gtref_stim_encode(&s, &buf, &len), 0);
    gtref_stim t;
    gtref_stim_init(&t);
    cr_assert_eq(gtref_stim_decode(&t, buf, len, err, sizeof err), 0, "%s", err);
    cr_assert_eq(t.ops[1].val, GTREF_ISR_CLEAR_EACH);
    gtref_stim_free(&t);
    free(buf);
    s.ops[0].val = 2;   /* an undefined flag: refused with the op named */
    cr_assert_eq(gtref_stim_encode(&s, &buf, &len), 0);
    gtref_stim_init(&t);
    cr_assert_neq(gtref_stim_decode(&t, buf, len, err, sizeof err), 0);
    cr_assert(strstr(err, "host[0]: isr flags"), "%s", err);
    gtref_stim_free(&t);
    free(buf);
    gtref_stim_free(&s);
    static const char bad[] = "test t\nseed 1\nengines 1\nhost {\n  isr 5000\n}\n";
    gtref_stim_init(&s);
    cr_assert_neq(gtref_gts_assemble(&s, bad, "t.gts", err, sizeof err), 0);
    cr_assert(strstr(err, "t.gts:5"), "names the line: %s", err);
    gtref_stim_free(&s);
}
