/* The scoreboard against hand-made DUT behaviour: correct cycles pass, each kind of wrong behaviour is
 * reported with the right kind, engine, cycle and a stable signature. */
#include <criterion/criterion.h>
#include <string.h>

#include "gtref/cmds.h"
#include "gtref/model.h"
#include "gtref/regs.h"
#include "gtref/scoreboard.h"

#define RCS 0x2000u
#define RING 0x100000u

static gtm *m;
static gtref_sb *sb;
static uint64_t cyc;

static void setup(void)
{
    m = gtm_create(1);
    sb = gtref_sb_create(m);
    cyc = 0;
    /* ring: MI_STORE_DATA_IMM dword to 0x400000, MI_NOOP */
    uint32_t cmds[] = { 0x10000002u, 0x400000u, 0, 0xdeadbeefu, 0, 0 };
    for (int i = 0; i < 6; i++) gtref_mem_write32(gtm_mem(m), RING + 4u * i, cmds[i]);
}
static void teardown(void) { gtref_sb_destroy(sb); gtm_destroy(m); }

static gtref_sb_cycle blank(void)
{
    gtref_sb_cycle c;
    memset(&c, 0, sizeof c);
    c.cycle = ++cyc;
    c.eng[0].idle = true;
    return c;
}

/* A host write transfers in one cycle; the DUT reports its commit in the next. */
static void host_write(uint32_t off, uint32_t val, uint32_t committed)
{
    gtref_sb_cycle c = blank();
    c.mmio_xfer = true; c.mmio_write = true; c.mmio_addr = off; c.mmio_wdata = val;
    cr_assert(gtref_sb_cycle_check(sb, &c));
    c = blank();
    c.mmio_commit = true; c.mmio_commit_off = off; c.mmio_commit_data = committed;
    cr_assert(gtref_sb_cycle_check(sb, &c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
}

static void start_ring(void)
{
    host_write(RCS + GTREF_RING_START, RING, RING);
    host_write(RCS + GTREF_RING_TAIL, 24, 24);
    host_write(RCS + GTREF_RING_CTL, 1, 1);
}

static bool dut_write(uint64_t addr, uint64_t data, uint8_t be)
{
    gtref_sb_cycle c = blank();
    c.eng[0].idle = false;
    c.mem_write = true; c.mem_src = 0; c.mem_addr = addr; c.mem_data = data; c.mem_be = be;
    return gtref_sb_cycle_check(sb, &c);
}

static bool dut_retire(uint64_t addr, uint32_t dw0, uint32_t head)
{
    gtref_sb_cycle c = blank();
    c.eng[0].idle = false;
    c.eng[0].retire = true; c.eng[0].retire_addr = addr; c.eng[0].retire_dw0 = dw0;
    c.eng[0].commit = true; c.eng[0].commit_off = RCS + GTREF_RING_HEAD; c.eng[0].commit_data = head;
    return gtref_sb_cycle_check(sb, &c);
}

TestSuite(scoreboard, .init = setup, .fini = teardown);

Test(scoreboard, correct_behaviour_passes_and_ends_quiescent)
{
    start_ring();
    cr_assert(dut_write(0x400000u, 0xdeadbeefull, 0x0F));
    cr_assert(dut_retire(RING, 0x10000002u, 16));
    cr_assert(dut_retire(RING + 16, 0, 20));
    cr_assert(dut_retire(RING + 20, 0, 24));
    gtref_sb_engine_probe idle = { .idle = true };
    cr_assert(gtref_sb_check_quiescent(sb, ++cyc, &idle));
    cr_assert_eq(gtref_sb_retired(sb), 3);
    cr_assert(!gtref_sb_failed(sb));
}

Test(scoreboard, wrong_write_data_is_reported_with_command_and_cycle)
{
    start_ring();
    cr_assert(!dut_write(0x400000u, 0xdeadbeeeull, 0x0F));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_not_null(mm);
    cr_assert_str_eq(mm->kind, "mem-write");
    cr_assert_str_eq(mm->engine, "RCS0");
    cr_assert_eq(mm->cycle, cyc);
    cr_assert_str_eq(mm->bucket, "mem-write/MI_STORE_DATA_IMM/data");
    cr_assert(strstr(mm->expected, "deadbeef"), "%s", mm->expected);
    cr_assert(strstr(mm->actual, "deadbeee"), "%s", mm->actual);
    cr_assert(strstr(mm->command, "MI_STORE_DATA_IMM"), "%s", mm->command);
    cr_assert_eq(mm->cmd_addr, RING);
    cr_assert_eq(strlen(mm->signature), 16);
}

Test(scoreboard, data_outside_the_byte_enables_is_not_compared)
{
    start_ring();
    cr_assert(dut_write(0x400000u, 0x12345678deadbeefull, 0x0F));
}

Test(scoreboard, wrong_byte_enable_is_its_own_bucket)
{
    start_ring();
    cr_assert(!dut_write(0x400000u, 0xdeadbeefull, 0xFF));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "mem-write/low-dword-write/byte-enable",
                     "byte enables are bucketed by the lanes expected, not by the command");
}

Test(scoreboard, retire_without_the_write_is_a_missing_write)
{
    start_ring();
    cr_assert(!dut_retire(RING, 0x10000002u, 16));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->kind, "mem-write");
    cr_assert(strstr(mm->bucket, "missing"), "%s", mm->bucket);
}

Test(scoreboard, wrong_head_commit_is_reported_and_buckets_without_the_command)
{
    start_ring();
    cr_assert(dut_write(0x400000u, 0xdeadbeefull, 0x0F));
    cr_assert(!dut_retire(RING, 0x10000002u, 20));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->kind, "reg-commit");
    cr_assert_str_eq(mm->bucket, "reg-commit/any-ring-command/RING_HEAD");
    cr_assert(strstr(mm->expected, "RCS0.RING_HEAD=0x00000010"), "%s", mm->expected);
}

Test(scoreboard, signature_is_stable_when_values_change)
{
    start_ring();
    cr_assert(!dut_write(0x400000u, 0x1ull, 0x0F));
    char first[20];
    strcpy(first, gtref_sb_mismatch(sb)->signature);
    teardown();
    setup();
    start_ring();
    cr_assert(!dut_write(0x400000u, 0x2ull, 0x0F));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->signature, first);
}

Test(scoreboard, write_while_model_is_idle_is_unexpected)
{
    cr_assert(!dut_write(0x400000u, 1, 0x0F));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert(strstr(mm->detail, "idle"), "%s", mm->detail);
}

Test(scoreboard, interrupt_line_is_compared_every_cycle)
{
    gtref_sb_cycle c = blank();
    c.irq = true;
    cr_assert(!gtref_sb_cycle_check(sb, &c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->kind, "irq-line");
    cr_assert_str_eq(gtref_sb_mismatch(sb)->expected, "irq=0");
}

Test(scoreboard, host_commit_missing_or_wrong)
{
    gtref_sb_cycle c = blank();
    c.mmio_xfer = true; c.mmio_write = true; c.mmio_addr = RCS + GTREF_RING_TAIL; c.mmio_wdata = 0xFFFFFFFFu;
    cr_assert(gtref_sb_cycle_check(sb, &c));
    c = blank();
    c.mmio_commit = true; c.mmio_commit_off = RCS + GTREF_RING_TAIL; c.mmio_commit_data = 0xFFFFFFFFu;
    cr_assert(!gtref_sb_cycle_check(sb, &c), "the RW mask keeps only bits 20:3");
    cr_assert_str_eq(gtref_sb_mismatch(sb)->kind, "mmio-commit");
    cr_assert(strstr(gtref_sb_mismatch(sb)->expected, "0x001ffff8"), "%s", gtref_sb_mismatch(sb)->expected);
}

Test(scoreboard, mmio_read_compared_under_mask_one_cycle_later)
{
    host_write(RCS + GTREF_RING_TAIL, 0x40, 0x40);
    gtref_sb_cycle c = blank();
    c.mmio_xfer = true; c.mmio_addr = RCS + GTREF_RING_TAIL;
    cr_assert(gtref_sb_cycle_check(sb, &c));
    c = blank();
    c.mmio_rsp_valid = true; c.mmio_rsp_data = 0x48;
    cr_assert(!gtref_sb_cycle_check(sb, &c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->kind, "mmio-read");
    cr_assert(strstr(gtref_sb_mismatch(sb)->expected, "RCS0.RING_TAIL=0x00000040"), "%s", gtref_sb_mismatch(sb)->expected);
}

Test(scoreboard, quiescent_dut_with_work_left_is_a_skipped_command)
{
    start_ring();
    gtref_sb_engine_probe idle = { .idle = true };
    cr_assert(!gtref_sb_check_quiescent(sb, ++cyc, &idle));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->kind, "end-of-test");
    cr_assert(strstr(gtref_sb_mismatch(sb)->bucket, "skipped-command"), "%s", gtref_sb_mismatch(sb)->bucket);
}

Test(scoreboard, hang_report_names_the_engine_and_its_state)
{
    start_ring();
    gtref_sb_engine_probe busy = { .idle = false };
    gtref_sb_report_hang(sb, 5000, 3000, &busy);
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->kind, "hang");
    cr_assert_str_eq(mm->engine, "RCS0");
    cr_assert(strstr(mm->detail, "tail=0x00000018"), "%s", mm->detail);
}

/* docs/commands.md §1: a command the spec defines and the kit does not model stops the test with its own
 * status, not as a DUT mismatch and not as an instruction error. MI_FORCE_WAKEUP (KBL-CMD digest A.1,
 * opcode 0x1D, 2 dwords; C30) is defined and not modelled. */
Test(scoreboard, unmodelled_command_stops_as_unimplemented)
{
    const gtref_cmd_def *c = gtref_cmd_by_name("MI_FORCE_WAKEUP");
    cr_assert(c && !c->modelled, "this test needs a defined command the kit does not model");
    gtref_mem_write32(gtm_mem(m), RING + 16, 0x0E800000u);   /* MI_FORCE_WAKEUP, DWord Length 0 */
    gtref_mem_write32(gtm_mem(m), RING + 20, 0);
    start_ring();
    cr_assert(dut_write(0x400000u, 0xdeadbeefull, 0x0F));
    cr_assert(dut_retire(RING, 0x10000002u, 16));
    cr_assert(!dut_retire(RING + 16, 0x0E800000u, 24));
    cr_assert(gtref_sb_unimplemented(sb));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->kind, "unimplemented");
    cr_assert_str_eq(mm->bucket, "unimplemented/MI_FORCE_WAKEUP/-");
    cr_assert(strstr(mm->detail, "MI_FORCE_WAKEUP"), "%s", mm->detail);
    cr_assert_eq(gtm_reg_peek(m, RCS + GTREF_ESR), 0, "unimplemented is not an instruction error");
}

/* docs/commands.md §1: a host access to an offset the kit does not implement is reported (UNIMPLEMENTED),
 * naming the spec's register when a volume names it: RCS HWSTAM is BYT-REG L3848 at 0x2098. */
Test(scoreboard, mmio_to_a_spec_register_the_kit_lacks_is_unimplemented)
{
    gtref_sb_cycle c = blank();
    c.mmio_xfer = true; c.mmio_write = false; c.mmio_addr = RCS + 0x98u;
    cr_assert(!gtref_sb_cycle_check(sb, &c));
    cr_assert(gtref_sb_unimplemented(sb));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "unimplemented/-/spec-register");
    cr_assert(strstr(mm->detail, "RCS0.HWSTAM") && strstr(mm->detail, "BYT-REG L3848"), "%s", mm->detail);
}

Test(scoreboard, mmio_to_an_offset_no_volume_names_is_unimplemented)
{
    gtref_sb_cycle c = blank();
    c.mmio_xfer = true; c.mmio_write = true; c.mmio_addr = 0x00123450u; c.mmio_wdata = 1;
    cr_assert(!gtref_sb_cycle_check(sb, &c));
    cr_assert(gtref_sb_unimplemented(sb));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "unimplemented/-/unknown-offset");
}

/* docs/cycle-contract.md §8: a host write and the engine's own commit to one register in one cycle: the engine
 * wins, and the host's commit report shows the host's value. The model ran the whole LRI before the host write
 * (the first register's commit made it run), so the scoreboard gives it the engine's value. */
Test(scoreboard, host_write_and_engine_commit_in_one_cycle_engine_wins)
{
    uint32_t lri[] = {0x11000003u, RCS + 0x600u, 0x11111111u, RCS + 0x608u, 0x33333333u, 0};
    for (int i = 0; i < 6; i++) gtref_mem_write32(gtm_mem(m), RING + 4u * i, lri[i]);
    host_write(RCS + GTREF_RING_START, RING, RING);
    host_write(RCS + GTREF_RING_TAIL, 24, 24);
    host_write(RCS + GTREF_RING_CTL, 1, 1);
    gtref_sb_cycle c = blank();
    c.eng[0].idle = false;
    c.eng[0].commit = true; c.eng[0].commit_off = RCS + 0x600u; c.eng[0].commit_data = 0x11111111u;
    cr_assert(gtref_sb_cycle_check(sb, &c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    c = blank();   /* the host writes CS_GPR1 in the cycle the engine commits it */
    c.eng[0].idle = false;
    c.mmio_xfer = true; c.mmio_write = true; c.mmio_addr = RCS + 0x608u; c.mmio_wdata = 0x22222222u;
    c.eng[0].commit = true; c.eng[0].commit_off = RCS + 0x608u; c.eng[0].commit_data = 0x33333333u;
    cr_assert(gtref_sb_cycle_check(sb, &c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    c = blank();   /* the host's commit report: the host's value */
    c.eng[0].idle = false;
    c.mmio_commit = true; c.mmio_commit_off = RCS + 0x608u; c.mmio_commit_data = 0x22222222u;
    cr_assert(gtref_sb_cycle_check(sb, &c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    cr_assert(dut_retire(RING, 0x11000003u, 20), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    cr_assert_eq(gtm_reg_peek(m, RCS + 0x608u), 0x33333333u, "the engine's value, as the DUT stores it");
}
