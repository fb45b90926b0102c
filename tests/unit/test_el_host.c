/* The execlist host driver (host/execlist.c; docs/execlists.md §10) and the image layout it writes
 * (common/el_image.c; §3.2): the accesses of each op are the DRV rule's, in its order, with the values of
 * docs/execlists-vectors.md S.2, S.3 and S.5 typed here as literals; DRV-4 checks every CSB entry's context ID and
 * fails with a message naming the entry. Also the .gts form of the ops (assembler, disassembler, msgpack). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtref/el_image.h"
#include "gtref/host.h"
#include "gtref/mem.h"
#include "gtref/model_only.h"
#include "gtref/stim.h"

static gtref_mem *mem;
static gtref_el_driver drv;
static char why[256];

static void setup(void) { mem = gtref_mem_create(); memset(&drv, 0, sizeof drv); why[0] = 0; }
static void teardown(void) { gtref_mem_destroy(mem); }
TestSuite(el_host, .init = setup, .fini = teardown);

static uint64_t rd(void *u, uint64_t a) { return gtref_mem_read64(u, a); }

static int run(uint8_t op, uint32_t off, uint32_t val, uint64_t addr, uint64_t data)
{
    gtref_host_op o = { op, off, val, 0, addr, data };
    return gtref_el_begin(&drv, &o, 1, rd, mem, why, sizeof why);
}

static void expect_mmio(size_t i, uint32_t off, uint32_t val)
{
    cr_assert_lt(i, drv.n);
    cr_expect(drv.prog[i].kind == GTREF_EL_MMIO_WRITE && drv.prog[i].off == off && drv.prog[i].val == val,
              "access %zu: want MMIO write 0x%x := 0x%08x, got kind %d 0x%x := 0x%08x", i, off, val, drv.prog[i].kind,
              drv.prog[i].off, drv.prog[i].val);
}

/* Apply the op's memory writes to mem (as both runtimes do). */
static void apply_mem(void)
{
    for (size_t i = 0; i < drv.n; i++)
        if (drv.prog[i].kind == GTREF_EL_MEM_WRITE) gtref_mem_write_be64(mem, drv.prog[i].addr, drv.prog[i].data, drv.prog[i].be);
}

Test(el_host, init_is_drv1)
{
    cr_assert_eq(run(GTREF_HOST_EL_INIT, 0, 0x10000, 0, 0), 0, "%s", why);
    expect_mmio(0, 0x2098, 0xFFFFFFFFu);   /* HWSTAM */
    expect_mmio(1, 0x2080, 0x10000);       /* HWS_PGA */
    expect_mmio(2, 0x23A0, 0xFFFF0B0Bu);   /* CONTEXT_STATUS_PTR */
    expect_mmio(3, 0x20A8, 0xFFFFFEFFu);   /* IMR bit 8 cleared (S.2) */
    expect_mmio(4, 0x229C, 0x00080008u);   /* RING_MODE */
    cr_assert_eq(drv.n, 6);
    apply_mem();
    cr_expect_eq(gtref_mem_read32(mem, 0x100BC), 11, "the status page's write pointer dword (DRV-1 clarification)");
}

Test(el_host, submit_is_drv3_order)
{
    cr_assert_eq(run(GTREF_HOST_EL_INIT, 0, 0x10000, 0, 0), 0);
    cr_assert_eq(run(GTREF_HOST_EL_SUBMIT, 0, 0, 0x0000002000100119ull, 0x0000004000110119ull), 0, "%s", why);
    cr_assert_eq(drv.n, 5);
    expect_mmio(0, 0x2518, 0x00110119u);
    expect_mmio(1, 0x251C, 0x40);
    expect_mmio(2, 0x2510, 0x00100119u);
    expect_mmio(3, 0x2514, 0x20);
    expect_mmio(4, 0x2550, 1);
}

Test(el_host, submit_before_init_fails)
{
    cr_expect_eq(run(GTREF_HOST_EL_SUBMIT, 0, 0, 0x0000002000100119ull, 0), -1);
    cr_expect(strstr(why, "before el_init") != NULL, "%s", why);
}

/* The CSB of V2 in the status page: entries 0..2 and the write pointer 2. */
static void csb(const uint64_t *e, unsigned n)
{
    for (unsigned i = 0; i < n; i++) gtref_mem_write_be64(mem, 0x10040 + 8u * i, e[i], 0xFF);
    gtref_mem_write_be64(mem, 0x100B8, (uint64_t)(n - 1) << 32, 0xF0);
}

Test(el_host, csb_service_follows_the_submission)
{
    cr_assert_eq(run(GTREF_HOST_EL_INIT, 0, 0x10000, 0, 0), 0);
    apply_mem();
    cr_assert_eq(run(GTREF_HOST_EL_CSB, 0, 0, 0, 0), 0, "nothing written yet: %s", why);
    expect_mmio(0, 0x23A0, 0x0F000B00u);
    cr_assert_eq(run(GTREF_HOST_EL_SUBMIT, 0, 0, 0x0000002000100119ull, 0x0000004000110119ull), 0);
    const uint64_t e[3] = { 0x0000000000000001ull, 0x0000002000000014ull, 0x0000004000000018ull };
    csb(e, 3);
    cr_assert_eq(run(GTREF_HOST_EL_CSB, 0, 0, 0, 0), 0, "%s", why);
    cr_assert_eq(drv.n, 1);
    expect_mmio(0, 0x23A0, 0x0F000200u);   /* DRV-4: 0x0F00_0000 | head << 8 */
    cr_expect_eq(drv.eng[0].nactive, 0);
    cr_expect_eq(drv.eng[0].nq, 0);
}

Test(el_host, csb_unexpected_context_id_fails)
{
    cr_assert_eq(run(GTREF_HOST_EL_INIT, 0, 0x10000, 0, 0), 0);
    apply_mem();
    cr_assert_eq(run(GTREF_HOST_EL_SUBMIT, 0, 0, 0x0000002000100119ull, 0), 0);
    const uint64_t e[2] = { 0x0000000000000001ull, 0x0000009900000018ull };   /* COMPLETE of 0x99, not A (0x20) */
    csb(e, 2);
    cr_assert_eq(run(GTREF_HOST_EL_CSB, 0, 0, 0, 0), -1);
    cr_expect(strstr(why, "RCS0 CSB entry 1") && strstr(why, "context ID 0x00000099 unexpected, expected 0x00000020"),
              "message: %s", why);
}

Test(el_host, csb_idle_to_active_without_submission_fails)
{
    cr_assert_eq(run(GTREF_HOST_EL_INIT, 0, 0x10000, 0, 0), 0);
    apply_mem();
    const uint64_t e[1] = { 0x0000000000000001ull };
    csb(e, 1);
    cr_assert_eq(run(GTREF_HOST_EL_CSB, 0, 0, 0, 0), -1);
    cr_expect(strstr(why, "no submission outstanding") != NULL, "%s", why);
}

Test(el_host, csb_preemption_and_lite_restore_ids)
{
    cr_assert_eq(run(GTREF_HOST_EL_INIT, 0, 0x10000, 0, 0), 0);
    apply_mem();
    cr_assert_eq(run(GTREF_HOST_EL_SUBMIT, 0, 0, 0x0000002000100119ull, 0), 0);
    cr_assert_eq(run(GTREF_HOST_EL_SUBMIT, 0, 0, 0x0000004000110119ull, 0), 0);
    /* V4: A starts, A preempted (ID of A), B completes */
    const uint64_t e[3] = { 0x0000000000000001ull, 0x0000002000000002ull, 0x0000004000000018ull };
    csb(e, 3);
    cr_assert_eq(run(GTREF_HOST_EL_CSB, 0, 0, 0, 0), 0, "%s", why);
    /* a PREEMPTED entry naming B while A is active is refused */
    teardown();
    setup();
    cr_assert_eq(run(GTREF_HOST_EL_INIT, 0, 0x10000, 0, 0), 0);
    apply_mem();
    cr_assert_eq(run(GTREF_HOST_EL_SUBMIT, 0, 0, 0x0000002000100119ull, 0), 0);
    cr_assert_eq(run(GTREF_HOST_EL_SUBMIT, 0, 0, 0x0000004000110119ull, 0), 0);
    const uint64_t f[2] = { 0x0000000000000001ull, 0x0000004000008002ull };
    csb(f, 2);
    cr_expect_eq(run(GTREF_HOST_EL_CSB, 0, 0, 0, 0), -1);
    cr_expect(strstr(why, "context ID 0x00000040 unexpected, expected 0x00000020") != NULL, "%s", why);
}

/* The test-only replacing Load (docs/execlists.md §10; EL-11 step 3, E2): DRV-3's accesses, and the driver drops the
 * submission it replaces, so the CSB of the run (A, then C taken when A runs dry; no entry for B) checks out, and an
 * entry naming B fails; with no unreported submission there is nothing to replace. */
Test(el_host, replace_drops_the_pending_submission)
{
    const uint32_t replace = GTREF_EL_SUBMIT_REPLACE << 8;
    cr_assert_eq(run(GTREF_HOST_EL_INIT, 0, 0x10000, 0, 0), 0);
    apply_mem();
    cr_assert_eq(run(GTREF_HOST_EL_SUBMIT, 0, replace, 0x0000002000100119ull, 0), -1);
    cr_expect(strstr(why, "found 0 unreported") != NULL, "%s", why);
    cr_assert_eq(run(GTREF_HOST_EL_SUBMIT, 0, 0, 0x0000002000100119ull, 0), 0, "%s", why);   /* A */
    const uint64_t a[1] = { 0x0000000000000001ull };
    csb(a, 1);
    cr_assert_eq(run(GTREF_HOST_EL_CSB, 0, 0, 0, 0), 0, "%s", why);
    cr_assert_eq(run(GTREF_HOST_EL_SUBMIT, 0, 0, 0x0000004000110119ull, 0), 0, "%s", why);   /* B */
    cr_assert_eq(run(GTREF_HOST_EL_SUBMIT, 0, replace, 0x0000006000120119ull, 0), 0, "%s", why);   /* C replaces B */
    expect_mmio(0, 0x2518, 0);
    expect_mmio(1, 0x251C, 0);
    expect_mmio(2, 0x2510, 0x00120119u);
    expect_mmio(3, 0x2514, 0x00000060u);
    expect_mmio(4, 0x2550, 1);
    cr_assert_eq(drv.n, 5);
    const uint64_t e[4] = { 0x0000000000000001ull, 0x0000002000000018ull, 0x0000000000000001ull, 0x0000006000000018ull };
    csb(e, 4);
    cr_assert_eq(run(GTREF_HOST_EL_CSB, 0, 0, 0, 0), 0, "%s", why);
    cr_expect_eq(drv.eng[0].nq, 0);
    /* the same run with B reported instead of C: B was dropped, C is expected */
    teardown();
    setup();
    cr_assert_eq(run(GTREF_HOST_EL_INIT, 0, 0x10000, 0, 0), 0);
    apply_mem();
    cr_assert_eq(run(GTREF_HOST_EL_SUBMIT, 0, 0, 0x0000002000100119ull, 0), 0);
    cr_assert_eq(run(GTREF_HOST_EL_SUBMIT, 0, 0, 0x0000004000110119ull, 0), 0);
    cr_assert_eq(run(GTREF_HOST_EL_SUBMIT, 0, replace, 0x0000006000120119ull, 0), 0);
    const uint64_t f[4] = { 0x0000000000000001ull, 0x0000002000000018ull, 0x0000000000000001ull, 0x0000004000000018ull };
    csb(f, 4);
    cr_expect_eq(run(GTREF_HOST_EL_CSB, 0, 0, 0, 0), -1);
    cr_expect(strstr(why, "context ID 0x00000040 unexpected, expected 0x00000060") != NULL, "%s", why);
}

Test(el_host, resubmit_is_drv5)
{
    cr_assert_eq(run(GTREF_HOST_EL_INIT, 0, 0x10000, 0, 0), 0);
    gtref_mem_write32(mem, 0x10101C, 0x10);   /* A's RING_TAIL slot (DW 0x07) */
    cr_assert_eq(run(GTREF_HOST_EL_RESUBMIT, 0, 0, 0x0000002000100119ull, 0x20), 0, "%s", why);
    cr_assert_eq(drv.n, 6);
    cr_expect(drv.prog[0].kind == GTREF_EL_MEM_WRITE && drv.prog[0].addr == 0x101018 && drv.prog[0].be == 0xF0 &&
              drv.prog[0].data == 0x0000002000000000ull, "V3: mem_write 0x00101018 0x0000002000000000 be=0xf0");
    expect_mmio(3, 0x2510, 0x00100119u);   /* the tail advances: no Force Restore */
    cr_assert_eq(run(GTREF_HOST_EL_RESUBMIT, 0, 0, 0x0000002000100119ull, 0x10), 0, "%s", why);
    expect_mmio(3, 0x2510, 0x0010011Du);   /* the same tail: Force Restore (bit 2; digest L200-202) */
}

Test(el_host, image_layouts_are_s3)
{
    uint32_t dw[GTREF_EL_IMAGE_DWORDS];
    gtref_el_image_build(dw, 0, 0x00090008u, 0x200000, 0x10);
    const uint32_t want[][2] = { {0x00, 0}, {0x01, 0x1108101Du}, {0x02, 0x2244}, {0x03, 0x00090008u}, {0x04, 0x2034},
        {0x06, 0x2030}, {0x07, 0x10}, {0x08, 0x2038}, {0x09, 0x200000}, {0x0A, 0x203C}, {0x0B, 1}, {0x1E, 0x2180},
        {0x21, 0x11081011u}, {0x22, 0x23A8}, {0x32, 0x2270}, {0x34, 0x11081001u}, {0x35, 0x21B0}, {0x41, 0x11080001u},
        {0x42, 0x20C8}, {0x51, 0x11081057u}, {0x52, 0x2028}, {0x56, 0x20C0}, {0x57, 0xFFFF0000u}, {0x58, 0x2178},
        {0x59, 1}, {0x5A, 0x217C}, {0x5B, 0x00150000u}, {0x68, 0x2600}, {0xA6, 0x267C}, {0xA8, 0x2068},
        {0xB1, 0x1108100Du}, {0xB2, 0x2400}, {0xBE, 0x2418}, {0xC0, 0x05000001u}, {0xC1, 0} };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_expect_eq(dw[want[i][0]], want[i][1], "RCS0 DW 0x%x: 0x%08x, want 0x%08x", want[i][0], dw[want[i][0]], want[i][1]);
    gtref_el_image_build(dw, 1, 0x00090009u, 0x240000, 0);   /* BCS0 (engine 1): the non-render layout */
    const uint32_t bw[][2] = { {0x01, 0x1108101Bu}, {0x02, 0x22244}, {0x03, 0x00090009u}, {0x1C, 0x221C8}, {0x1E, 0},
        {0x22, 0x223A8}, {0x34, 0}, {0x41, 0x11080001u}, {0x42, 0x22200}, {0x52, 0x22028}, {0xA8, 0x22068},
        {0xB0, 0x05000001u}, {0xB1, 0}, {0xC0, 0} };
    for (size_t i = 0; i < sizeof bw / sizeof bw[0]; i++)
        cr_expect_eq(dw[bw[i][0]], bw[i][1], "BCS0 DW 0x%x: 0x%08x, want 0x%08x", bw[i][0], dw[bw[i][0]], bw[i][1]);
    /* value slots (§3.2) */
    cr_expect_eq(gtref_el_image_slot(0, 0x030), 0x07);
    cr_expect_eq(gtref_el_image_slot(0, 0x600), 0x69);
    cr_expect_eq(gtref_el_image_slot(0, 0x068), 0xA9);
    cr_expect_eq(gtref_el_image_slot(0, 0x418), 0xBF);
    cr_expect_eq(gtref_el_image_slot(0, 0x1B0), -1, "POSH_LRCA is skipped by the restore");
    cr_expect_eq(gtref_el_image_slot(1, 0x180), -1, "no CCID on BCS0");
    cr_expect_eq(gtref_el_image_slot(1, 0x178), -1, "PR_CTR_CTL is RCS0's");
    cr_expect_eq(gtref_el_image_slot(1, 0x400), -1, "no predicate extension on BCS0");
}

static const char *GTS =
    "test el_ops\nengines 2\nhost {\n"
    "  el_init BCS0 hwsp=0x11000\n"
    "  el_context BCS0 lrca=0x140000 ring=0x240000 tail=0x40 restore-inhibit\n"
    "  el_ctx_reg lrca=0x140000 BCS0.CS_GPR3 0x1234\n"
    "  el_submit BCS0 0x600000a000140119 0x600000c000150119\n"
    "  el_resubmit BCS0 0x600000a000140119 tail=0x48\n"
    "  el_csb BCS0\n"
    "  el_submit BCS0 0x600000e000160119 replace\n"
    "}\n";

Test(el_host, gts_ops_round_trip)
{
    gtref_stim s, t;
    char err[256];
    gtref_stim_init(&s);
    gtref_stim_init(&t);
    cr_assert_eq(gtref_gts_assemble(&s, GTS, "t.gts", err, sizeof err), 0, "%s", err);
    cr_assert_eq(s.nops, 7);
    cr_expect(s.ops[0].op == GTREF_HOST_EL_INIT && s.ops[0].off == 1 && s.ops[0].val == 0x11000);
    cr_expect(s.ops[1].op == GTREF_HOST_EL_CONTEXT && s.ops[1].addr == 0x140000 && s.ops[1].data == (0x40ull << 32 | 0x240000) &&
              s.ops[1].val == (1u | GTREF_EL_CTX_RESTORE_INHIBIT << 8));
    cr_expect(s.ops[2].op == GTREF_HOST_EL_CTX_REG && s.ops[2].val == 0x2260C && s.ops[2].data == 0x1234);
    cr_expect(s.ops[3].op == GTREF_HOST_EL_SUBMIT && s.ops[3].addr == 0x600000a000140119ull && s.ops[3].data == 0x600000c000150119ull);
    cr_expect(s.ops[4].op == GTREF_HOST_EL_RESUBMIT && s.ops[4].data == 0x48);
    cr_expect(s.ops[5].op == GTREF_HOST_EL_CSB && s.ops[5].off == 1);
    cr_expect(s.ops[6].op == GTREF_HOST_EL_SUBMIT && s.ops[6].addr == 0x600000e000160119ull && s.ops[6].data == 0 &&
              s.ops[6].val == (1u | GTREF_EL_SUBMIT_REPLACE << 8));
    uint8_t *buf;
    size_t len;
    cr_assert_eq(gtref_stim_encode(&s, &buf, &len), 0);
    cr_assert_eq(gtref_stim_decode(&t, buf, len, err, sizeof err), 0, "%s", err);
    free(buf);
    cr_assert_eq(t.nops, s.nops);
    for (size_t i = 0; i < s.nops; i++)
        cr_expect(memcmp(&s.ops[i], &t.ops[i], sizeof s.ops[i]) == 0, "op %zu differs after msgpack", i);
    char *text = NULL;
    size_t tlen = 0;
    FILE *f = open_memstream(&text, &tlen);
    cr_assert_eq(gtref_gts_disassemble(&s, f), 0);
    fclose(f);
    cr_expect(strstr(text, "el_context BCS0 lrca=0x140000 ring=0x240000 tail=0x40 restore-inhibit") != NULL, "%s", text);
    cr_expect(strstr(text, "el_ctx_reg lrca=0x140000 BCS0.CS_GPR3 0x00001234") != NULL, "%s", text);
    cr_expect(strstr(text, "el_submit BCS0 0x600000e000160119 replace\n") != NULL, "%s", text);
    free(text);
    gtref_stim_free(&s);
    gtref_stim_free(&t);
}

Test(el_host, gts_refuses_what_no_image_holds)
{
    gtref_stim s;
    char err[256];
    const char *bad[] = {
        "test x\nhost {\n  el_ctx_reg lrca=0x100000 RCS0.IMR 0x1\n}\n",        /* not an image register */
        "test x\nhost {\n  el_init BCS0 hwsp=0x10000\n}\n",                     /* engine beyond the test's 1 */
        "test x\nhost {\n  el_context RCS0 lrca=0x100800 ring=0x200000 tail=0x10\n}\n",   /* LRCA not 4 KB aligned */
        "test x\nhost {\n  el_resubmit RCS0 0x20 tail=0x14\n}\n",               /* tail not a qword offset */
    };
    gtref_stim_init(&s);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cr_expect_neq(gtref_gts_assemble(&s, bad[i], "t.gts", err, sizeof err), 0, "case %zu assembled", i);
        gtref_stim_free(&s);
    }
}

/* el_wait (docs/stimulus-format.md §2): DRV-4 polled until every submission is reported active (IDLE_TO_ACTIVE or
 * PREEMPTED, EL-20) and the active submission's last element runs; a poll that reads no entry writes nothing, one
 * that reads entries writes the read pointer as el_csb does (0x0F000000 | head << 8). */
static void put_entry(unsigned i, uint32_t lo, uint32_t id)
{
    gtref_mem_write_be64(mem, 0x10040 + 8u * i, (uint64_t)id << 32 | lo, 0xFF);   /* EL-22 step 1 */
    gtref_mem_write_be64(mem, 0x100B8, (uint64_t)i << 32, 0xF0);                 /* step 2: the pointer dword */
}

Test(el_host, el_wait_polls_until_the_last_element_runs)
{
    cr_assert_eq(run(GTREF_HOST_EL_INIT, 0, 0x10000, 0, 0), 0, "%s", why);
    apply_mem();
    gtref_host_op w = { GTREF_HOST_EL_WAIT, 0, 0, 100, 0, 0 };
    cr_assert_eq(run(GTREF_HOST_EL_SUBMIT, 0, 0, 0x0000002000100119ull, 0x0000004000110119ull), 0, "%s", why);   /* [A, B] */
    cr_assert_eq(gtref_el_begin(&drv, &w, 1, rd, mem, why, sizeof why), 0, "%s", why);
    cr_expect(!drv.wait_met, "nothing reported yet");
    cr_expect_eq(drv.n, 0, "a poll that reads no entry writes nothing");
    put_entry(0, 0x00000001, 0);   /* IDLE_TO_ACTIVE: A runs, B not yet */
    cr_assert_eq(gtref_el_begin(&drv, &w, 1, rd, mem, why, sizeof why), 0, "%s", why);
    cr_expect(!drv.wait_met, "element 0 of a two-element submission runs: not yet");
    expect_mmio(0, 0x23A0, 0x0F000000u);   /* the read pointer: head 0 */
    put_entry(1, 0x00000014, 0x20);   /* COMPLETE | ELEMENT_SWITCH, ID(A): B runs */
    cr_assert_eq(gtref_el_begin(&drv, &w, 1, rd, mem, why, sizeof why), 0, "%s", why);
    cr_expect(drv.wait_met, "B, the last element, runs");
    expect_mmio(0, 0x23A0, 0x0F000100u);
    cr_assert_eq(run(GTREF_HOST_EL_SUBMIT, 0, 0, 0x0000006000120119ull, 0), 0, "%s", why);   /* [C] while B runs */
    cr_assert_eq(gtref_el_begin(&drv, &w, 1, rd, mem, why, sizeof why), 0, "%s", why);
    cr_expect(!drv.wait_met, "C not reported");
    put_entry(2, 0x00000002, 0x40);   /* PREEMPTED, ID(B): C active */
    cr_assert_eq(gtref_el_begin(&drv, &w, 1, rd, mem, why, sizeof why), 0, "%s", why);
    cr_expect(drv.wait_met);
    put_entry(3, 0x00000018, 0x60);   /* COMPLETE | ACTIVE_TO_IDLE, ID(C): idle */
    cr_assert_eq(gtref_el_begin(&drv, &w, 1, rd, mem, why, sizeof why), 0, "%s", why);
    cr_expect(drv.wait_met, "idle: nothing left to learn");
    put_entry(4, 0x00000018, 0x60);   /* an entry the driver does not expect: the test fails (DRV-4) */
    cr_expect_eq(gtref_el_begin(&drv, &w, 1, rd, mem, why, sizeof why), -1);
}

/* A submission the CSB never reports (its LRCA unmapped: the engine halts at the restore, EL-27) ends the test at
 * el_wait's bound, on the model alone as on the DUT, with a message naming the engine and what was not reported. */
Test(el_host, el_wait_fails_at_its_bound)
{
    static const char *text =
        "test el_wait_bound\nengines 1\nggtt 0x10000 0x10000\n"
        "host {\n  el_init RCS0 hwsp=0x10000\n  el_submit RCS0 0x0000002000c00119\n  el_wait RCS0 cycles=50\n}\n";
    gtref_stim s;
    char err[256];
    gtref_stim_init(&s);
    cr_assert_eq(gtref_gts_assemble(&s, text, "t.gts", err, sizeof err), 0, "%s", err);
    cr_expect(s.ops[2].op == GTREF_HOST_EL_WAIT && s.ops[2].off == 0 && s.ops[2].cycles == 50);
    char *out = NULL;
    size_t olen = 0;
    FILE *f = open_memstream(&out, &olen);
    cr_assert_eq(gtref_gts_disassemble(&s, f), 0);
    fclose(f);
    cr_expect(strstr(out, "el_wait RCS0 cycles=50") != NULL, "%s", out);
    free(out);
    gtref_model_run r;
    cr_assert_neq(gtref_model_only_run(&s, &r), 0, "the run ended without el_wait failing");
    cr_expect(strstr(r.error, "el_wait (host op 2): RCS0: after 50 cycles the CSB has still not reported 1 submission") != NULL,
              "%s", r.error);
    cr_expect(strstr(r.error, "0x00000020") != NULL, "the context ID not reported: %s", r.error);
    gtref_model_run_free(&r);
    gtref_stim_free(&s);
}
