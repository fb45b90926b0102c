/* The scoreboard against hand-made DUT behaviour: correct cycles pass, each kind of wrong behaviour is
 * reported with the right kind, engine, cycle and a stable signature. */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <string.h>

#include "gtref/cmds.h"
#include "gtref/gam.h"
#include "gtref/model.h"
#include "gtref/regs.h"
#include "gtref/scoreboard.h"

#include "test_support.h"

#define RCS 0x2000u
#define RING 0x100000u

static gtm *m;
static gtref_sb *sb;
static uint64_t cyc;

/* The hand-made DUT's GAM is a perfect one: each cycle shows the port request and the GAM probes the GAM model
 * predicted for the previous edge (docs/gam.md GAM-18), the port is always ready, and a read that transfers is
 * answered in the next cycle from the model's memory, which maps the first 16 MiB identically in the GGTT (GAM-4).
 * The tests present the engines' requests (GAM-1) and the scoreboard checks them at the GAM model's grant. */
static gam_edge last;
static uint64_t rsp_line[16];
static int rsp_n;

static void ggtt_identity(void)
{
    for (uint64_t p = 0; p < 4096; p++) {
        uint64_t v = p << GTREF_PAGE_SHIFT | GTREF_PTE_PRESENT;
        gtref_mem_write(gtm_mem(m), GTREF_GSM_BASE + p * 8, &v, 8);
    }
}

static void reset_dut_gam(void)
{
    memset(&last, 0, sizeof last);
    rsp_n = 0;
    ggtt_identity();
}

static bool check(const gtref_sb_cycle *c)
{
    bool ok = gtref_sb_cycle_check(sb, c);
    last = *gtref_sb_gam_edge(sb);
    return ok;
}

static void setup(void)
{
    m = gtm_create(1);
    test_identity_ggtt(gtm_mem(m), 0, TEST_IDENTITY_PAGES);   /* every access is translated (docs/gam.md GAM-20) */
    sb = gtref_sb_create(m);
    cyc = 0;
    reset_dut_gam();
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
    /* the perfect GAM's outputs of this cycle: the previous edge as the GAM model predicted it */
    c.port = last.port;
    c.gam = (gtref_sb_gam_probe){ last.gnt_valid, last.gnt_engine, last.arb_state, last.lookup_valid, last.lookup_engine,
                                  last.lookup_hit, last.lookup_index, last.fill_valid, last.fill_engine, last.fill_index,
                                  last.fault_valid, last.fault_engine, last.fault_type, last.wr_ack, last.rsp, last.casc };
    c.mem_req_ready = true;
    if (rsp_n) {   /* the oldest read that transferred, answered one cycle later */
        c.mem_rsp_valid = true;
        gtref_mem_read(gtm_mem(m), rsp_line[0], c.mem_rsp_data, 64);
        memmove(rsp_line, rsp_line + 1, (size_t)--rsp_n * sizeof rsp_line[0]);
    }
    if (c.port.valid && !c.port.write && rsp_n < 16) rsp_line[rsp_n++] = c.port.addr;
    return c;
}

/* Cycles with no new request until the GAM model has nothing of engine e left (its write acknowledged or its read
 * answered): the perfect GAM at work. */
static bool settle(void)
{
    for (int i = 0; i < 40; i++) {
        gtref_sb_cycle c = blank();
        if (!check(&c)) return false;
        if (!last.port.valid && !rsp_n && !last.lookup_valid && !last.gnt_valid && i > 8) return true;
    }
    return true;
}

static gam_req request(bool write, uint8_t client, uint64_t va, uint64_t data, uint8_t be)
{
    return (gam_req){ true, client, true, va, write, data, be };
}

/* A host write transfers in one cycle; the DUT reports its commit in the next. */
static void host_write(uint32_t off, uint32_t val, uint32_t committed)
{
    gtref_sb_cycle c = blank();
    c.mmio_xfer = true; c.mmio_write = true; c.mmio_addr = off; c.mmio_wdata = val;
    cr_assert(check(&c));
    c = blank();
    c.mmio_commit = true; c.mmio_commit_off = off; c.mmio_commit_data = committed;
    cr_assert(check(&c), "%s (expected %s)", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->expected : "");
}

static void start_ring(void)
{
    host_write(RCS + GTREF_RING_START, RING, RING);
    host_write(RCS + GTREF_RING_TAIL, 24, 24);
    host_write(RCS + GTREF_RING_CTL, 1, 1);
}

/* Engine 0 presents a write for one cycle (the GAM is free: granted at this edge), then the GAM does the rest. */
static bool dut_write(uint64_t addr, uint64_t data, uint8_t be)
{
    gtref_sb_cycle c = blank();
    c.eng[0].idle = false;
    c.eng[0].req = request(true, GTREF_CLIENT_WR, addr, data, be);
    return check(&c) && settle();
}

static bool dut_retire(uint64_t addr, uint32_t dw0, uint32_t head)
{
    gtref_sb_cycle c = blank();
    c.eng[0].idle = false;
    c.eng[0].retire = true; c.eng[0].retire_addr = addr; c.eng[0].retire_dw0 = dw0;
    c.eng[0].commit = true; c.eng[0].commit_off = RCS + GTREF_RING_HEAD; c.eng[0].commit_data = head;
    return check(&c);
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

/* docs/regress.md "Buckets": a write the command in flight does not make is bucketed by the DUT's divergence, not by
 * the model's command: mem-write/any-command/unexpected (here, while the model is idle). */
Test(scoreboard, write_while_model_is_idle_buckets_without_the_command)
{
    cr_assert(!dut_write(0x400000u, 1, 0x0F));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "mem-write/any-command/unexpected");
}

/* The SDI's write is 0xdeadbeef in the low dword of 0x400000. Another address with other bytes is another write
 * altogether (a context save or a CSB step the model did not make): the same bucket as a write the command does
 * not make. */
Test(scoreboard, another_write_in_place_of_the_command_s_is_unexpected_whatever_the_command)
{
    start_ring();
    cr_assert(!dut_write(0x681008u, 0xffff000800000000ull, 0xF0));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "mem-write/any-command/unexpected");
    cr_assert(strstr(mm->expected, "0x400000"), "the record keeps the command's write: %s", mm->expected);
    cr_assert(strstr(mm->command, "MI_STORE_DATA_IMM"), "and the command in flight: %s", mm->command);
}

/* The same bytes at another address, even in other lanes (0xdeadbeef in the high dword of the qword at 0x400008,
 * i.e. at 0x40000c): the command's own address bug keeps the command's name. */
Test(scoreboard, the_command_s_bytes_at_another_address_keep_the_command)
{
    start_ring();
    cr_assert(!dut_write(0x400008u, 0xdeadbeef00000000ull, 0xF0));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "mem-write/MI_STORE_DATA_IMM/address");
    teardown();
    setup();
    start_ring();
    cr_assert(!dut_write(0x400040u, 0xdeadbeefull, 0x0F));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "mem-write/MI_STORE_DATA_IMM/address");
}

/* A register change the model did not expect is named for the register the DUT changed (without engine and index),
 * not for the command in flight: a RING_TAIL change in the middle of an MI_STORE_DATA_IMM and of an MI_NOOP is one
 * bucket. */
static gtref_sb_cycle dut_commit(uint32_t off, uint32_t val)
{
    gtref_sb_cycle c = blank();
    c.eng[0].idle = false;
    c.eng[0].commit = true; c.eng[0].commit_off = off; c.eng[0].commit_data = val;
    return c;
}

Test(scoreboard, an_unexpected_register_change_is_named_for_the_register_not_the_command)
{
    start_ring();
    gtref_sb_cycle c = dut_commit(RCS + GTREF_RING_TAIL, 0x8d8);
    cr_assert(!check(&c));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "reg-commit/any-command/unexpected-RING_TAIL");
    cr_assert(strstr(mm->command, "MI_STORE_DATA_IMM"), "the record keeps the command: %s", mm->command);
    char first[sizeof mm->signature];
    strcpy(first, mm->signature);
    teardown();
    setup();
    gtref_mem_write32(gtm_mem(m), RING, 0);   /* an MI_NOOP in flight instead */
    gtref_mem_write32(gtm_mem(m), RING + 4, 0);
    gtref_mem_write32(gtm_mem(m), RING + 8, 0);
    gtref_mem_write32(gtm_mem(m), RING + 12, 0);
    start_ring();
    c = dut_commit(RCS + GTREF_RING_TAIL, 0x30);
    cr_assert(!check(&c));
    cr_assert(strstr(gtref_sb_mismatch(sb)->command, "MI_NOOP"), "%s", gtref_sb_mismatch(sb)->command);
    cr_assert_str_eq(gtref_sb_mismatch(sb)->signature, first, "one bucket whatever the command in flight");
    teardown();
    setup();
    start_ring();
    c = dut_commit(RCS + 0x608u, 1);   /* CS_GPR1: the index is left out */
    cr_assert(!check(&c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "reg-commit/any-command/unexpected-CS_GPR");
}

/* A register load's own target out of turn (the LRI of CS_GPR0 then CS_GPR1 commits CS_GPR1 first) is the loads'
 * target rules (C13): reg-commit/MI_LOAD_REGISTER_* /unexpected-commit; another register changed in the middle of the
 * LRI is named for that register. */
Test(scoreboard, a_load_s_own_target_out_of_turn_keeps_the_loads_bucket)
{
    uint32_t lri[] = {0x11000003u, RCS + 0x600u, 0x11111111u, RCS + 0x608u, 0x33333333u, 0};
    for (int i = 0; i < 6; i++) gtref_mem_write32(gtm_mem(m), RING + 4u * i, lri[i]);
    start_ring();
    gtref_sb_cycle c = dut_commit(RCS + 0x608u, 0x33333333u);
    cr_assert(!check(&c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "reg-commit/MI_LOAD_REGISTER_*/unexpected-commit");
    teardown();
    setup();
    for (int i = 0; i < 6; i++) gtref_mem_write32(gtm_mem(m), RING + 4u * i, lri[i]);
    start_ring();
    c = dut_commit(RCS + GTREF_RING_TAIL, 0x18);
    cr_assert(!check(&c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "reg-commit/any-command/unexpected-RING_TAIL");
}

/* The mirror of unexpected-commit: a load whose own target the model commits and the DUT does not, retiring without
 * it or committing ESR instead (the load refused where the model lets it through: the target rules C13, C37), is
 * reg-commit/MI_LOAD_REGISTER_* /missing-commit, whatever the register. */
Test(scoreboard, a_load_s_own_target_missing_is_the_loads_missing_commit)
{
    uint32_t lri[] = {0x11000001u, RCS + 0x600u, 0x11111111u, 0};
    for (int i = 0; i < 4; i++) gtref_mem_write32(gtm_mem(m), RING + 4u * i, lri[i]);
    start_ring();
    cr_assert(!dut_retire(RING, lri[0], 16));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "reg-commit/MI_LOAD_REGISTER_*/missing-commit", "%s",
                     gtref_sb_mismatch(sb)->bucket);
    teardown();
    setup();
    for (int i = 0; i < 4; i++) gtref_mem_write32(gtm_mem(m), RING + 4u * i, lri[i]);
    start_ring();
    gtref_sb_cycle c = dut_commit(RCS + GTREF_ESR, 0x4u);
    cr_assert(!check(&c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "reg-commit/MI_LOAD_REGISTER_*/missing-commit", "%s",
                     gtref_sb_mismatch(sb)->bucket);
}

/* A register load's own target with a wrong value is the load's source value path, one cause class whatever the
 * register (docs/regress.md "Buckets"): reg-commit/<load>/target-value, the record naming the register. C14: an LRR
 * reads its source as an MMIO read returns it (CS_GPR2 after reset: 0) and commits its destination even unchanged
 * (C13). */
Test(scoreboard, a_load_s_own_target_with_a_wrong_value_is_its_target_value)
{
    uint32_t lrr[] = {0x15000001u, RCS + 0x608u, RCS + 0x600u, 0};   /* LRR CS_GPR2 -> CS_GPR0 */
    for (int i = 0; i < 4; i++) gtref_mem_write32(gtm_mem(m), RING + 4u * i, lrr[i]);
    start_ring();
    gtref_sb_cycle c = dut_commit(RCS + 0x600u, 0x1234u);
    cr_assert(!check(&c));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "reg-commit/MI_LOAD_REGISTER_REG/target-value", "%s", mm->bucket);
    cr_assert(strstr(mm->expected, "RCS0.CS_GPR0=0x00000000"), "the record names the register: %s", mm->expected);
    teardown();
    setup();
    lrr[2] = RCS + GTREF_MI_PREDICATE_SRC0;   /* another target register: the same bucket */
    for (int i = 0; i < 4; i++) gtref_mem_write32(gtm_mem(m), RING + 4u * i, lrr[i]);
    start_ring();
    c = dut_commit(RCS + GTREF_MI_PREDICATE_SRC0, 0x1234u);
    cr_assert(!check(&c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "reg-commit/MI_LOAD_REGISTER_REG/target-value");
    teardown();
    setup();
    uint32_t lri[] = {0x11000001u, RCS + 0x600u, 0x11111111u, 0};
    for (int i = 0; i < 4; i++) gtref_mem_write32(gtm_mem(m), RING + 4u * i, lri[i]);
    start_ring();
    c = dut_commit(RCS + 0x600u, 0x22222222u);
    cr_assert(!check(&c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "reg-commit/MI_LOAD_REGISTER_IMM/target-value");
}

/* ---- another path at a batch boundary: control-flow/<command>/path (docs/regress.md "Buckets") ----
 * The ring: a first-level MI_BATCH_BUFFER_START (GGTT) of the batch at 0x200000, then ring commands from RING + 12;
 * the batch: MI_BATCH_BUFFER_END (C9: the batch returns to the ring after the start). cmd3 is the first ring command
 * after the start (RING + 12). */
#define BATCH 0x200000u
static void ring_with_batch(uint32_t cmd3_0, uint32_t cmd3_1, uint32_t cmd3_2)
{
    uint32_t ring[] = {0x18800001u, BATCH, 0, cmd3_0, cmd3_1, cmd3_2};
    for (int i = 0; i < 6; i++) gtref_mem_write32(gtm_mem(m), RING + 4u * i, ring[i]);
    gtref_mem_write32(gtm_mem(m), BATCH, 0x05000000u);   /* MI_BATCH_BUFFER_END */
    gtref_mem_write32(gtm_mem(m), BATCH + 4, 0);
    start_ring();
}

static bool dut_retire_in_batch(uint64_t addr, uint32_t dw0)
{
    gtref_sb_cycle c = blank();
    c.eng[0].idle = false;
    c.eng[0].retire = true; c.eng[0].retire_addr = addr; c.eng[0].retire_dw0 = dw0;
    return check(&c);
}

/* The start (BB_ADDR 0x200000, C9; BB_ADDR_UDW and BB_STATE unchanged, RING_HEAD 12 at its retire) and the batch's
 * end, as the model makes them. */
static void enter_and_end_batch(void)
{
    gtref_sb_cycle c = dut_commit(RCS + GTREF_BB_ADDR, BATCH);
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    cr_assert(dut_retire(RING, 0x18800001u, 12), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    cr_assert(dut_retire_in_batch(BATCH, 0x05000000u), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
}

/* After the batch's end the model goes back to the ring (C9); a DUT that goes on in the batch retires its next line:
 * the split is the MI_BATCH_BUFFER_END, whatever the model has next. */
Test(scoreboard, a_retire_elsewhere_after_a_batch_end_is_its_path)
{
    ring_with_batch(0, 0, 0);
    enter_and_end_batch();
    cr_assert(!dut_retire_in_batch(BATCH + 4, 0));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "control-flow/MI_BATCH_BUFFER_END/path", "%s", mm->bucket);
    cr_assert_str_eq(mm->kind, "retire", "the record keeps the check's kind");
    cr_assert(strstr(mm->expected, "0x10000c"), "and the model's next command: %s", mm->expected);
}

/* A register change or a write the model's next command cannot make by its kind (an MI_NOOP changes no GPR and writes
 * nothing, docs/commands.md) right after the batch's end is the other path's too. */
Test(scoreboard, another_command_s_work_after_a_batch_end_is_its_path)
{
    ring_with_batch(0, 0, 0);
    enter_and_end_batch();
    gtref_sb_cycle c = dut_commit(RCS + 0x610u, 5);   /* CS_GPR4 */
    cr_assert(!check(&c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "control-flow/MI_BATCH_BUFFER_END/path", "%s",
                     gtref_sb_mismatch(sb)->bucket);
    teardown();
    setup();
    ring_with_batch(0, 0, 0);
    enter_and_end_batch();
    cr_assert(!dut_write(0x400000u, 1, 0x0F));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "control-flow/MI_BATCH_BUFFER_END/path", "%s",
                     gtref_sb_mismatch(sb)->bucket);
}

/* What the model's next command makes by its kind keeps its own bucket after a batch end: an LRI of CS_GPR0 whose
 * value differs (target-value), an error register (any command errs, C41), a context switch's RING_TAIL (EL-4). */
Test(scoreboard, the_next_command_s_own_bug_after_a_batch_end_keeps_its_bucket)
{
    ring_with_batch(0x11000001u, RCS + 0x600u, 0x11111111u);
    enter_and_end_batch();
    gtref_sb_cycle c = dut_commit(RCS + 0x600u, 0x22222222u);
    cr_assert(!check(&c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "reg-commit/MI_LOAD_REGISTER_IMM/target-value");
    teardown();
    setup();
    ring_with_batch(0, 0, 0);
    enter_and_end_batch();
    c = dut_commit(RCS + GTREF_IPEHR, 0x12345678u);
    cr_assert(!check(&c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "reg-commit/any-command/unexpected-IPEHR");
    teardown();
    setup();
    ring_with_batch(0, 0, 0);
    enter_and_end_batch();
    c = dut_commit(RCS + GTREF_RING_TAIL, 0x18);
    cr_assert(!check(&c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "reg-commit/any-command/unexpected-RING_TAIL");
}

/* A privilege violation (C41: ESR bit 2) where the model's next command cannot make one (an MI_NOOP: no access, no
 * register write, C13, G1) is another command's after the batch end; with an LRI next (its target may be refused,
 * C13) it keeps the loads' bucket. */
Test(scoreboard, a_violation_the_next_command_cannot_make_after_a_batch_end_is_its_path)
{
    ring_with_batch(0, 0, 0);
    enter_and_end_batch();
    gtref_sb_cycle c = dut_commit(RCS + GTREF_ESR, 0x4u);
    cr_assert(!check(&c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "control-flow/MI_BATCH_BUFFER_END/path", "%s",
                     gtref_sb_mismatch(sb)->bucket);
    teardown();
    setup();
    ring_with_batch(0x11000001u, RCS + 0x600u, 0x11111111u);
    enter_and_end_batch();
    c = dut_commit(RCS + GTREF_ESR, 0x4u);
    cr_assert(!check(&c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "reg-commit/MI_LOAD_REGISTER_*/missing-commit", "%s",
                     gtref_sb_mismatch(sb)->bucket);
}

/* C17: a predicated start tests MI_PREDICATE_RESULT_1 bit 0 (0 after reset): the model skips the batch (RING_HEAD
 * only). A DUT that enters it (BB_ADDR) and, the mirror, a DUT that skips a start the model enters (RING_HEAD where
 * the model changes BB_ADDR) take another path at the start: control-flow/MI_BATCH_BUFFER_START/path. */
Test(scoreboard, a_batch_start_entered_or_skipped_otherwise_is_its_path)
{
    uint32_t ring[] = {0x18808001u, BATCH, 0, 0, 0, 0};   /* Predication Enable (bit 15) */
    for (int i = 0; i < 6; i++) gtref_mem_write32(gtm_mem(m), RING + 4u * i, ring[i]);
    start_ring();
    gtref_sb_cycle c = dut_commit(RCS + GTREF_BB_ADDR, BATCH);
    cr_assert(!check(&c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "control-flow/MI_BATCH_BUFFER_START/path", "%s",
                     gtref_sb_mismatch(sb)->bucket);
    teardown();
    setup();
    ring_with_batch(0, 0, 0);
    cr_assert(!dut_retire(RING, 0x18800001u, 12));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "control-flow/MI_BATCH_BUFFER_START/path", "%s",
                     gtref_sb_mismatch(sb)->bucket);
    cr_assert(strstr(gtref_sb_mismatch(sb)->expected, "BB_ADDR"), "%s", gtref_sb_mismatch(sb)->expected);
}

Test(scoreboard, interrupt_line_is_compared_every_cycle)
{
    gtref_sb_cycle c = blank();
    c.irq = true;
    cr_assert(!check(&c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->kind, "irq-line");
    cr_assert_str_eq(gtref_sb_mismatch(sb)->expected, "irq=0");
}

Test(scoreboard, host_commit_missing_or_wrong)
{
    gtref_sb_cycle c = blank();
    c.mmio_xfer = true; c.mmio_write = true; c.mmio_addr = RCS + GTREF_RING_TAIL; c.mmio_wdata = 0xFFFFFFFFu;
    cr_assert(check(&c));
    c = blank();
    c.mmio_commit = true; c.mmio_commit_off = RCS + GTREF_RING_TAIL; c.mmio_commit_data = 0xFFFFFFFFu;
    cr_assert(!check(&c), "the RW mask keeps only bits 20:3");
    cr_assert_str_eq(gtref_sb_mismatch(sb)->kind, "mmio-commit");
    cr_assert(strstr(gtref_sb_mismatch(sb)->expected, "0x001ffff8"), "%s", gtref_sb_mismatch(sb)->expected);
}

Test(scoreboard, mmio_read_compared_under_mask_one_cycle_later)
{
    host_write(RCS + GTREF_RING_TAIL, 0x40, 0x40);
    gtref_sb_cycle c = blank();
    c.mmio_xfer = true; c.mmio_addr = RCS + GTREF_RING_TAIL;
    cr_assert(check(&c));
    c = blank();
    c.mmio_rsp_valid = true; c.mmio_rsp_data = 0x48;
    cr_assert(!check(&c));
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

/* A DUT halted while the model has commands left is named for the halt, not for the model's next command. */
Test(scoreboard, a_halted_dut_with_work_left_is_halted_early)
{
    start_ring();
    gtref_sb_engine_probe halted[GTREF_MAX_ENGINES] = { { .idle = true, .halted = true } };
    cr_assert(!gtref_sb_check_quiescent(sb, ++cyc, halted));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "end-of-test/-/halted-early", "%s", gtref_sb_mismatch(sb)->bucket);
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

/* A hang is named for where the DUT is stuck (docs/regress.md "Buckets"): an engine that never asked for the line of
 * the model's next command (the ring's first, at RING) is stuck in its fetch, whatever the command; one that fetched
 * it (an IF request of that line) and goes nowhere is stuck in the command. */
Test(scoreboard, a_hang_before_the_next_command_is_fetched_is_a_fetch_hang)
{
    start_ring();
    gtref_sb_engine_probe busy[GTREF_MAX_ENGINES] = { { .idle = false } };
    busy[0].req = (gam_req){ .valid = true, .client = GTREF_CLIENT_IF, .ggtt = true, .va = RING + 0x1000u };
    gtref_sb_check_ring_reads(sb, ++cyc, busy);   /* another line: not the command's */
    busy[0].req.valid = false;
    gtref_sb_report_hang(sb, 5000, 3000, busy);
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "hang/-/next-command-not-fetched", "%s", mm->bucket);
    cr_assert(strstr(mm->detail, "line 0x100000"), "%s", mm->detail);
}

/* An engine the model has nothing for (its ring empty: HEAD = TAIL = 0) busy for the hang bound is busy with work only
 * the DUT sees: the same fetch-path bucket. */
Test(scoreboard, a_hang_with_nothing_left_in_the_model_is_a_fetch_hang)
{
    host_write(RCS + GTREF_RING_START, RING, RING);
    host_write(RCS + GTREF_RING_CTL, 1, 1);
    gtref_sb_engine_probe busy[GTREF_MAX_ENGINES] = { { .idle = false } };
    gtref_sb_report_hang(sb, 5000, 3000, busy);
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "hang/-/next-command-not-fetched", "%s", mm->bucket);
    cr_assert(strstr(mm->detail, "no command left on RCS0"), "%s", mm->detail);
}

Test(scoreboard, a_hang_in_a_fetched_command_names_the_command)
{
    start_ring();
    gtref_sb_engine_probe busy[GTREF_MAX_ENGINES] = { { .idle = false } };
    busy[0].req = (gam_req){ .valid = true, .client = GTREF_CLIENT_IF, .ggtt = true, .va = RING };
    gtref_sb_check_ring_reads(sb, ++cyc, busy);
    busy[0].req.valid = false;
    gtref_sb_report_hang(sb, 5000, 3000, busy);
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->kind, "hang");
    cr_assert(strstr(mm->bucket, "/no-progress") && strncmp(mm->bucket, "hang/-/", 7) != 0, "%s", mm->bucket);
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

/* docs/commands.md §1 (C2/C3): a DW0 that matches no command is illegal and commits IPEHR, then ESR bit 0 (and EIR).
 * ESR and EIR are committed by every erring command: a wrong ESR is bucketed by the error bit, not by the command
 * (reg-commit/any-command/ESR[lowest differing bit]). */
Test(scoreboard, a_wrong_error_register_is_named_for_its_bit_not_the_command)
{
    gtref_mem_write32(gtm_mem(m), RING + 16, 0xE0000000u);   /* command type 7: no command */
    gtref_mem_write32(gtm_mem(m), RING + 20, 0);
    start_ring();
    cr_assert(dut_write(0x400000u, 0xdeadbeefull, 0x0F));
    cr_assert(dut_retire(RING, 0x10000002u, 16));
    gtref_sb_cycle c = dut_commit(RCS + GTREF_IPEHR, 0xE0000000u);
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    c = dut_commit(RCS + GTREF_ESR, 0x4u);   /* bit 2 (a privilege violation) where bit 0 (illegal) is due */
    cr_assert(!check(&c));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "reg-commit/any-command/ESR[0]", "%s: %s / %s", mm->bucket, mm->expected, mm->actual);
    cr_assert(strstr(mm->expected, "ESR=0x00000001"), "%s", mm->expected);
}

/* The same illegal command retired without its ESR commit: the missing commit is named for the bit the model sets
 * (ESR bit 0, C3), not for the command. */
Test(scoreboard, a_missing_error_register_commit_is_named_for_its_bit)
{
    gtref_mem_write32(gtm_mem(m), RING + 16, 0xE0000000u);
    gtref_mem_write32(gtm_mem(m), RING + 20, 0);
    start_ring();
    cr_assert(dut_write(0x400000u, 0xdeadbeefull, 0x0F));
    cr_assert(dut_retire(RING, 0x10000002u, 16));
    gtref_sb_cycle c = dut_commit(RCS + GTREF_IPEHR, 0xE0000000u);
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    c = blank();
    c.eng[0].idle = false;
    c.eng[0].retire = true; c.eng[0].retire_addr = RING + 16; c.eng[0].retire_dw0 = 0xE0000000u; c.eng[0].retire_err = true;
    cr_assert(!check(&c));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "reg-commit/any-command/ESR[0]", "%s: %s / %s", mm->bucket, mm->expected, mm->actual);
    cr_assert(strstr(mm->actual, "retired without it"), "%s", mm->actual);
}

/* The halt probe (cycle contract §2 "An illegal command": the engine halts, probe_halted stays high until reset; C41:
 * a privilege violation is a NOOP and does not halt): high while the model's engine runs (the store retired, the NOOPs
 * next) fails at once as halt/-/halted-early, whatever the model has next, not at the end of the test. */
Test(scoreboard, the_halt_probe_high_where_the_model_runs_is_halted_early)
{
    start_ring();
    cr_assert(dut_write(0x400000u, 0xdeadbeefull, 0x0F));
    cr_assert(dut_retire(RING, 0x10000002u, 16), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    gtref_sb_cycle c = blank();
    c.eng[0].idle = false;
    c.eng[0].halted = true;
    cr_assert(!check(&c));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "halt/-/halted-early");
    cr_assert_str_eq(mm->engine, "RCS0");
    cr_assert_eq(mm->cycle, c.cycle);
    cr_assert(strstr(mm->expected, "engine running: next 0x100010: MI_NOOP"), "%s", mm->expected);
    cr_assert(strstr(mm->actual, "probe_halted high"), "%s", mm->actual);
    cr_assert(strstr(mm->detail, "last retire") && strstr(mm->detail, "MI_STORE_DATA_IMM"), "%s", mm->detail);
}

/* An illegal command (C3, contract §2: IPEHR, ESR bit 0, no EIR with EMR bit 0 masked at reset, retire with error)
 * halts the engine: the probe high from the next cycle on matches the model. */
Test(scoreboard, the_halt_probe_after_an_illegal_command_passes)
{
    gtref_mem_write32(gtm_mem(m), RING + 16, 0xE0000000u);   /* command type 7: no command */
    gtref_mem_write32(gtm_mem(m), RING + 20, 0);
    start_ring();
    cr_assert(dut_write(0x400000u, 0xdeadbeefull, 0x0F));
    cr_assert(dut_retire(RING, 0x10000002u, 16));
    gtref_sb_cycle c = dut_commit(RCS + GTREF_IPEHR, 0xE0000000u);
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    c = dut_commit(RCS + GTREF_ESR, 0x1u);
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    c = blank();
    c.eng[0].idle = false;
    c.eng[0].retire = true; c.eng[0].retire_addr = RING + 16; c.eng[0].retire_dw0 = 0xE0000000u; c.eng[0].retire_err = true;
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    for (int i = 0; i < 4; i++) {
        c = blank();
        c.eng[0].idle = false;
        c.eng[0].halted = true;
        cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    }
}

/* docs/commands.md §1: a host access to an offset the kit does not implement is reported (UNIMPLEMENTED),
 * naming the spec's register when a volume names it: RCS MI_MODE is ICL-RCS L1264 at 0x209C. */
Test(scoreboard, mmio_to_a_spec_register_the_kit_lacks_is_unimplemented)
{
    gtref_sb_cycle c = blank();
    c.mmio_xfer = true; c.mmio_write = false; c.mmio_addr = RCS + 0x9Cu;
    cr_assert(!check(&c));
    cr_assert(gtref_sb_unimplemented(sb));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "unimplemented/-/spec-register");
    cr_assert(strstr(mm->detail, "MI_MODE") && strstr(mm->detail, "ICL-RCS L1264"), "%s", mm->detail);
}

Test(scoreboard, mmio_to_an_offset_no_volume_names_is_unimplemented)
{
    gtref_sb_cycle c = blank();
    c.mmio_xfer = true; c.mmio_write = true; c.mmio_addr = 0x00123450u; c.mmio_wdata = 1;
    cr_assert(!check(&c));
    cr_assert(gtref_sb_unimplemented(sb));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "unimplemented/-/unknown-offset");
}

/* A ring LRI of CS_GPR0 = 0x11111111 and CS_GPR1 = 0x33333333, started, and the DUT's commit of the first:
 * the model has run the whole command (it runs one command ahead, at the command's first commit). */
static gtref_sb_cycle lri_two_gprs_first_commit(void)
{
    uint32_t lri[] = {0x11000003u, RCS + 0x600u, 0x11111111u, RCS + 0x608u, 0x33333333u, 0};
    for (int i = 0; i < 6; i++) gtref_mem_write32(gtm_mem(m), RING + 4u * i, lri[i]);
    host_write(RCS + GTREF_RING_START, RING, RING);
    host_write(RCS + GTREF_RING_TAIL, 24, 24);
    host_write(RCS + GTREF_RING_CTL, 1, 1);
    gtref_sb_cycle c = blank();
    c.eng[0].idle = false;
    c.eng[0].commit = true; c.eng[0].commit_off = RCS + 0x600u; c.eng[0].commit_data = 0x11111111u;
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    return c;
}

/* docs/cycle-contract.md §8: a host write and the engine's own commit to one register in one cycle: the engine
 * wins, and the host's commit report shows the host's value. The model ran the whole LRI before the host write
 * (the first register's commit made it run), so the scoreboard gives it the engine's value. */
Test(scoreboard, host_write_and_engine_commit_in_one_cycle_engine_wins)
{
    gtref_sb_cycle c = lri_two_gprs_first_commit();
    c = blank();   /* the host writes CS_GPR1 in the cycle the engine commits it */
    c.eng[0].idle = false;
    c.mmio_xfer = true; c.mmio_write = true; c.mmio_addr = RCS + 0x608u; c.mmio_wdata = 0x22222222u;
    c.eng[0].commit = true; c.eng[0].commit_off = RCS + 0x608u; c.eng[0].commit_data = 0x33333333u;
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    c = blank();   /* the host's commit report: the host's value */
    c.eng[0].idle = false;
    c.mmio_commit = true; c.mmio_commit_off = RCS + 0x608u; c.mmio_commit_data = 0x22222222u;
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    cr_assert(dut_retire(RING, 0x11000003u, 20), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    cr_assert_eq(gtm_reg_peek(m, RCS + 0x608u), 0x33333333u, "the engine's value, as the DUT stores it");
}

/* The same with the host write strictly between the engine's two commits of one LRI (cycle-contract §8: the
 * later one wins). The DUT stores the host's value, then the engine's; the model, which ran the whole LRI at
 * the first commit, applied the host write after it: the engine's commit must still be the value it ends with. */
Test(scoreboard, host_write_between_an_engines_commits_loses_to_the_later_commit)
{
    gtref_sb_cycle c = lri_two_gprs_first_commit();
    c = blank();   /* the host writes CS_GPR1 one cycle before the engine commits it */
    c.eng[0].idle = false;
    c.mmio_xfer = true; c.mmio_write = true; c.mmio_addr = RCS + 0x608u; c.mmio_wdata = 0x22222222u;
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    c = blank();   /* the host's commit report, and the engine's commit of the same register */
    c.eng[0].idle = false;
    c.mmio_commit = true; c.mmio_commit_off = RCS + 0x608u; c.mmio_commit_data = 0x22222222u;
    c.eng[0].commit = true; c.eng[0].commit_off = RCS + 0x608u; c.eng[0].commit_data = 0x33333333u;
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    cr_assert(dut_retire(RING, 0x11000003u, 20), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    cr_assert_eq(gtm_reg_peek(m, RCS + 0x608u), 0x33333333u, "the engine's later commit, as the DUT stores it");
}

/* ======================= the RCS0 watchdog on the DUT's cycles (contract §5, §7) ======================= */

static bool cycle_irq(bool irq)
{
    gtref_sb_cycle c = blank();
    c.irq = irq;
    return check(&c);
}

/* IMR resets to all masked (docs/interrupts.md IRQ-3): RCS0's IMR bit 6 cleared first */
static void open_watchdog_interrupt(void)
{
    host_write(RCS + GTREF_IMR, ~(uint32_t)GTREF_IRQ_WATCHDOG, ~(uint32_t)GTREF_IRQ_WATCHDOG);
    host_write(GTREF_GFX_MSTR_IRQ, GTREF_MSTR_IRQ_ENABLE, GTREF_MSTR_IRQ_ENABLE);
    host_write(GTREF_RENDER_COPY_INTR_ENABLE, (uint32_t)GTREF_IRQ_WATCHDOG << 16, (uint32_t)GTREF_IRQ_WATCHDOG << 16);
    host_write(GTREF_RCS0_INTR_MASK, ~((uint32_t)GTREF_IRQ_WATCHDOG << 16), ~((uint32_t)GTREF_IRQ_WATCHDOG << 16));
}

/* RCS0's ring holds cmds (n dwords, a QWORD multiple), the watchdog interrupt is open with PR_CTR_THRSH = thrsh,
 * and the ring is started with TAIL after the last dword. */
static void start_watchdog_ring(const uint32_t *cmds, unsigned n, uint32_t thrsh)
{
    for (unsigned i = 0; i < n; i++) gtref_mem_write32(gtm_mem(m), RING + 4u * i, cmds[i]);
    open_watchdog_interrupt();
    host_write(RCS + GTREF_PR_CTR_THRSH, thrsh, thrsh);
    host_write(RCS + GTREF_RING_START, RING, RING);
    host_write(RCS + GTREF_RING_TAIL, 4u * n, 4u * n);
    host_write(RCS + GTREF_RING_CTL, 1, 1);
}

/* PR_CTR_CTL written by the host in cycle T (its transfer): ticks from T + 1, THRSH = 3 reached in T + 3, the
 * WATCHDOG event at its closing edge, the DUT's irq high in T + 4 (a flop), and GT_INTR_DW0 bit 0 read back. */
Test(scoreboard, watchdog_started_by_a_host_write_raises_irq_on_the_dut_cycles)
{
    open_watchdog_interrupt();
    host_write(RCS + GTREF_PR_CTR_THRSH, 3, 3);
    host_write(RCS + GTREF_PR_CTR_CTL, GTREF_WDOG_COUNT_CLOCKS, GTREF_WDOG_COUNT_CLOCKS);   /* T = cyc - 1 */
    cr_assert(cycle_irq(false));   /* T + 2 */
    cr_assert(cycle_irq(false));   /* T + 3: the event at its closing edge */
    cr_assert(cycle_irq(true), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");   /* T + 4 */
    gtref_sb_cycle c = blank();
    c.irq = true;
    c.mmio_xfer = true; c.mmio_addr = GTREF_GT_INTR_DW0;
    cr_assert(check(&c));
    c = blank();
    c.irq = true;
    c.mmio_rsp_valid = true; c.mmio_rsp_data = 1;
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
}

Test(scoreboard, a_dut_without_the_watchdog_event_is_an_irq_mismatch)
{
    open_watchdog_interrupt();
    host_write(RCS + GTREF_PR_CTR_THRSH, 3, 3);
    host_write(RCS + GTREF_PR_CTR_CTL, GTREF_WDOG_COUNT_CLOCKS, GTREF_WDOG_COUNT_CLOCKS);
    cr_assert(cycle_irq(false));
    cr_assert(cycle_irq(false));
    cr_assert(!cycle_irq(false));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->kind, "irq-line");
    cr_assert_str_eq(mm->expected, "irq=1");
    cr_assert_eq(mm->cycle, cyc);
}

/* The interrupt state seen through any of its windows is one bucket (docs/regress.md "Buckets"): a watchdog event
 * the DUT does not make shows in the line when the event is open, and in a host read of GT_INTR_DW0 when the line
 * is still low or the host reads first; both are interrupt/-/pending-state, the record keeping the window. */
Test(scoreboard, a_missing_interrupt_is_one_bucket_through_the_line_or_a_dw_read)
{
    open_watchdog_interrupt();
    host_write(RCS + GTREF_PR_CTR_THRSH, 3, 3);
    host_write(RCS + GTREF_PR_CTR_CTL, GTREF_WDOG_COUNT_CLOCKS, GTREF_WDOG_COUNT_CLOCKS);
    cr_assert(cycle_irq(false));
    cr_assert(cycle_irq(false));
    cr_assert(!cycle_irq(false));   /* T + 4: the model's line is high */
    cr_assert_str_eq(gtref_sb_mismatch(sb)->kind, "irq-line");
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "interrupt/-/pending-state");
    teardown();
    setup();
    open_watchdog_interrupt();
    host_write(RCS + GTREF_PR_CTR_THRSH, 3, 3);
    host_write(RCS + GTREF_PR_CTR_CTL, GTREF_WDOG_COUNT_CLOCKS, GTREF_WDOG_COUNT_CLOCKS);
    cr_assert(cycle_irq(false));
    cr_assert(cycle_irq(false));   /* T + 3: the event at its closing edge */
    gtref_sb_cycle c = blank();    /* T + 4: the DUT's line is high as the model's, the host reads DW0 */
    c.irq = true;
    c.mmio_xfer = true; c.mmio_addr = GTREF_GT_INTR_DW0;
    cr_assert(check(&c));
    c = blank();
    c.irq = true;
    c.mmio_rsp_valid = true; c.mmio_rsp_data = 0;   /* bit 0 (RCS0) missing from the DW the DUT reads back */
    cr_assert(!check(&c));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->kind, "mmio-read");
    cr_assert_str_eq(mm->bucket, "interrupt/-/pending-state");
    cr_assert(strstr(mm->expected, "GT_INTR_DW0") != NULL, "the record names the register: %s", mm->expected);
}

/* LRI of CS_GPR0 then PR_CTR_CTL: the model executes the whole LRI at the DUT's first commit (cycle n), but the
 * DUT commits PR_CTR_CTL only in n + 5: ticks from n + 6, THRSH = 2 reached in n + 7, irq in n + 8. */
Test(scoreboard, watchdog_started_by_an_engine_commit_counts_from_the_dut_commit)
{
    const uint32_t lri[] = { 0x11000003u, RCS + 0x600u, 0x5u, RCS + GTREF_PR_CTR_CTL, GTREF_WDOG_COUNT_CLOCKS, 0 };
    start_watchdog_ring(lri, 6, 2);
    gtref_sb_cycle c = blank();   /* n */
    c.eng[0].idle = false;
    c.eng[0].commit = true; c.eng[0].commit_off = RCS + 0x600u; c.eng[0].commit_data = 5;
    cr_assert(check(&c));
    for (int i = 1; i < 5; i++) {   /* n + 1 .. n + 4 */
        c = blank();
        c.eng[0].idle = false;
        cr_assert(check(&c));
    }
    c = blank();   /* n + 5 */
    c.eng[0].idle = false;
    c.eng[0].commit = true; c.eng[0].commit_off = RCS + GTREF_PR_CTR_CTL; c.eng[0].commit_data = GTREF_WDOG_COUNT_CLOCKS;
    cr_assert(check(&c));
    cr_assert(dut_retire(RING, 0x11000003u, 20));   /* n + 6 */
    cr_assert(dut_retire(RING + 20, 0, 24));         /* n + 7 (the padding MI_NOOP): the event at its closing edge */
    cr_assert(!cycle_irq(false), "irq must rise in n + 8");
    cr_assert_str_eq(gtref_sb_mismatch(sb)->expected, "irq=1");
}

/* A host write of PR_CTR_CTL (stop) and the engine's commit of it (run) in one cycle: the engine wins (contract
 * §8), so the watchdog runs: THRSH = 1, ticks from the next cycle, the event there, irq one cycle later. */
Test(scoreboard, watchdog_host_write_and_engine_commit_in_one_cycle_engine_wins)
{
    const uint32_t lri[] = { 0x11000001u, RCS + GTREF_PR_CTR_CTL, GTREF_WDOG_COUNT_CLOCKS, 0 };
    start_watchdog_ring(lri, 4, 1);
    gtref_sb_cycle c = blank();   /* n */
    c.eng[0].idle = false;
    c.mmio_xfer = true; c.mmio_write = true; c.mmio_addr = RCS + GTREF_PR_CTR_CTL; c.mmio_wdata = 1;
    c.eng[0].commit = true; c.eng[0].commit_off = RCS + GTREF_PR_CTR_CTL; c.eng[0].commit_data = GTREF_WDOG_COUNT_CLOCKS;
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    c = blank();   /* n + 1: the host's commit report (its own value); the first tick: the event */
    c.eng[0].idle = false;
    c.mmio_commit = true; c.mmio_commit_off = RCS + GTREF_PR_CTR_CTL; c.mmio_commit_data = 1;
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    cr_assert_eq(gtm_reg_peek(m, RCS + GTREF_PR_CTR_CTL), GTREF_WDOG_COUNT_CLOCKS);
    cr_assert(cycle_irq(true), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");   /* n + 2 */
}

/* ======================= the interrupt logic (docs/interrupts.md) ======================= */

#define SB_DETAIL (gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "")

/* docs/interrupts.md §5, IRQ-3: the watchdog's event passes RCS0's IMR as the DUT holds it. The LRI of IMR runs in
 * the model at the DUT's first commit of the command (T + 2), but the DUT commits IMR only in T + 6: the events of
 * T + 2 and T + 4 are dropped (irq stays low), the one of T + 6 passes (IMR as at the end of its cycle): irq in
 * T + 7. THRSH = 2, CTL written in T: ticks from T + 1, events every other cycle from T + 2. */
Test(scoreboard, irq3_watchdog_gated_by_imr_at_the_duts_commit)
{
    uint32_t lri[] = { 0x11000003u, RCS + 0x600u, 0x5u, RCS + GTREF_IMR, ~(uint32_t)GTREF_IRQ_WATCHDOG, 0 };
    for (int i = 0; i < 6; i++) gtref_mem_write32(gtm_mem(m), RING + 4u * i, lri[i]);
    host_write(GTREF_GFX_MSTR_IRQ, GTREF_MSTR_IRQ_ENABLE, GTREF_MSTR_IRQ_ENABLE);
    host_write(GTREF_RENDER_COPY_INTR_ENABLE, (uint32_t)GTREF_IRQ_WATCHDOG << 16, (uint32_t)GTREF_IRQ_WATCHDOG << 16);
    host_write(GTREF_RCS0_INTR_MASK, ~((uint32_t)GTREF_IRQ_WATCHDOG << 16), ~((uint32_t)GTREF_IRQ_WATCHDOG << 16));
    host_write(RCS + GTREF_RING_START, RING, RING);
    host_write(RCS + GTREF_RING_TAIL, 24, 24);
    host_write(RCS + GTREF_RING_CTL, 1, 1);
    host_write(RCS + GTREF_PR_CTR_THRSH, 2, 2);
    host_write(RCS + GTREF_PR_CTR_CTL, GTREF_WDOG_COUNT_CLOCKS, GTREF_WDOG_COUNT_CLOCKS);   /* T, T + 1 */
    gtref_sb_cycle c = blank();   /* T + 2 */
    c.eng[0].idle = false;
    c.eng[0].commit = true; c.eng[0].commit_off = RCS + 0x600u; c.eng[0].commit_data = 5;
    cr_assert(check(&c), "%s", SB_DETAIL);
    cr_assert_eq(gtm_reg_peek(m, RCS + GTREF_IMR), ~(uint32_t)GTREF_IRQ_WATCHDOG, "the model ran the LRI ahead");
    for (int i = 3; i <= 5; i++) cr_assert(cycle_irq(false), "T + %d: %s", i, SB_DETAIL);
    c = blank();   /* T + 6: the DUT commits IMR; the event of this cycle passes */
    c.eng[0].idle = false;
    c.eng[0].commit = true; c.eng[0].commit_off = RCS + GTREF_IMR; c.eng[0].commit_data = ~(uint32_t)GTREF_IRQ_WATCHDOG;
    cr_assert(check(&c), "%s", SB_DETAIL);
    cr_assert(cycle_irq(true), "T + 7: %s", SB_DETAIL);
}

/* The ring: MI_USER_INTERRUPT, MI_USER_INTERRUPT; RCS0's USER out of IMR, enabled, unmasked. */
static void user_irq_ring(void)
{
    uint32_t cmds[] = { 0x01000000u, 0x01000000u };
    for (int i = 0; i < 2; i++) gtref_mem_write32(gtm_mem(m), RING + 4u * i, cmds[i]);
    host_write(RCS + GTREF_IMR, ~(uint32_t)GTREF_IRQ_USER, ~(uint32_t)GTREF_IRQ_USER);
    host_write(GTREF_RENDER_COPY_INTR_ENABLE, 0x00010000u, 0x00010000u);
    host_write(GTREF_RCS0_INTR_MASK, 0xFFFEFFFFu, 0xFFFEFFFFu);
    host_write(RCS + GTREF_HWS_PGA, 0x480000u, 0x480000u);
    host_write(RCS + GTREF_RING_START, RING, RING);
    host_write(RCS + GTREF_RING_TAIL, 8, 8);
    host_write(RCS + GTREF_RING_CTL, 1, 1);
}

static bool host_read(uint32_t off, uint32_t dut_value)
{
    gtref_sb_cycle c = blank();
    c.mmio_xfer = true; c.mmio_addr = off;
    if (!check(&c)) return false;
    c = blank();
    c.mmio_rsp_valid = true; c.mmio_rsp_data = dut_value;
    return check(&c);
}

/* A read of a register outside the interrupt state keeps its register in the bucket. */
Test(scoreboard, a_wrong_read_of_another_register_keeps_its_name)
{
    host_write(RCS + GTREF_PR_CTR_THRSH, 3, 3);
    cr_assert(!host_read(RCS + GTREF_PR_CTR_THRSH, 4));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "mmio-read/-/PR_CTR_THRSH");
}

/* IRQ-4: with HWSTAM[0] and IMR[0] clear, MI_USER_INTERRUPT makes a status write (dword 0x1 to the status page,
 * be 0x0F) before its retire; a DUT that retires without it fails. */
Test(scoreboard, irq4_hwstam_status_write_is_expected)
{
    host_write(RCS + GTREF_HWSTAM, ~(uint32_t)GTREF_IRQ_USER, ~(uint32_t)GTREF_IRQ_USER);
    user_irq_ring();
    cr_assert(dut_write(0x480000u, 0x1u, 0x0F), "%s", SB_DETAIL);
    cr_assert(dut_retire(RING, 0x01000000u, 4), "%s", SB_DETAIL);
    cr_assert(!dut_retire(RING + 4, 0x01000000u, 8));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->kind, "mem-write");
    cr_assert(strstr(gtref_sb_mismatch(sb)->bucket, "missing"), "%s", gtref_sb_mismatch(sb)->bucket);
}

/* IRQ-11, IRQ-12 through the scoreboard: the DW read's side effect is applied at its transfer, so the second USER
 * event goes to DW_CR and the emptying write's commit reports it moved in (0x1), not 0. */
Test(scoreboard, irq11_dw_read_opens_the_window_at_its_transfer)
{
    user_irq_ring();
    cr_assert(dut_retire(RING, 0x01000000u, 4), "%s", SB_DETAIL);
    cr_assert(host_read(GTREF_GT_INTR_DW0, 0x1u), "%s", SB_DETAIL);
    cr_assert(dut_retire(RING + 4, 0x01000000u, 8), "%s", SB_DETAIL);
    host_write(GTREF_GT_INTR_DW0, 0x1u, 0x1u);
    cr_assert(host_read(GTREF_GT_INTR_DW0, 0x1u), "%s", SB_DETAIL);
}

/* §2.4 first timeline through the scoreboard: the selector's commit, identity 0 in n + 1, 0x80000001 read in n + 3,
 * the identity clear's commit 0, and the selector read back 0. */
Test(scoreboard, irq16_selector_timeline_and_commit_reports)
{
    user_irq_ring();
    cr_assert(dut_retire(RING, 0x01000000u, 4), "%s", SB_DETAIL);
    gtref_sb_cycle c = blank();   /* n */
    c.irq = false;
    c.mmio_xfer = true; c.mmio_write = true; c.mmio_addr = GTREF_IIR_REG_SELECTOR0; c.mmio_wdata = 1;
    cr_assert(check(&c), "%s", SB_DETAIL);
    c = blank();   /* n + 1: the commit report; a read of the identity */
    c.mmio_commit = true; c.mmio_commit_off = GTREF_IIR_REG_SELECTOR0; c.mmio_commit_data = 1;
    c.mmio_xfer = true; c.mmio_addr = GTREF_INTR_IDENTITY_REG0;
    cr_assert(check(&c), "%s", SB_DETAIL);
    c = blank();   /* n + 2 */
    c.mmio_rsp_valid = true; c.mmio_rsp_data = 0;
    cr_assert(check(&c), "%s", SB_DETAIL);
    cr_assert(host_read(GTREF_INTR_IDENTITY_REG0, 0x80000001u), "%s", SB_DETAIL);   /* n + 3, n + 4 */
    host_write(GTREF_INTR_IDENTITY_REG0, 0x80000000u, 0);
    cr_assert(host_read(GTREF_IIR_REG_SELECTOR0, 0), "%s", SB_DETAIL);
}

/* IRQ-16: Data-Valid in the read of n + 1 is one cycle early: an mmio-read mismatch. */
Test(scoreboard, irq16_identity_one_cycle_early_fails)
{
    user_irq_ring();
    cr_assert(dut_retire(RING, 0x01000000u, 4), "%s", SB_DETAIL);
    gtref_sb_cycle c = blank();
    c.mmio_xfer = true; c.mmio_write = true; c.mmio_addr = GTREF_IIR_REG_SELECTOR0; c.mmio_wdata = 1;
    cr_assert(check(&c));
    c = blank();
    c.mmio_commit = true; c.mmio_commit_off = GTREF_IIR_REG_SELECTOR0; c.mmio_commit_data = 1;
    c.mmio_xfer = true; c.mmio_addr = GTREF_INTR_IDENTITY_REG0;
    cr_assert(check(&c));
    c = blank();
    c.mmio_rsp_valid = true; c.mmio_rsp_data = 0x80000001u;
    cr_assert(!check(&c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->kind, "mmio-read");
}

/* ======================= the re-read rule of signal-mode waits (contract §3) ======================= */

#define BCS 0x22000u
#define RING_B 0x110000u
#define SEM 0x490000u

static void put(uint64_t addr, const char *text)
{
    uint32_t dw[8];
    char err[128] = "";
    int n = gtref_cmd_parse(text, 2, dw, 8, err, sizeof err);
    cr_assert(n > 0, "%s: %s", text, err);
    for (int i = 0; i < n; i++) gtref_mem_write32(gtm_mem(m), addr + 4u * (unsigned)i, dw[i]);
}

/* RCS0 waits (signal mode, SAD == 1) on the semaphore at SEM, 0 at first. BCS0's ring: two signals to RCS0 (RING_B,
 * RING_B + 8), the store of 1 to SEM (RING_B + 16), a third signal (RING_B + 32). Expected read counts below are
 * derived from C32/C32a (docs/spec-decisions.md) and cycle contract §3: the first read needs nothing; each re-read
 * takes the pending flag, which a signal sets at the closing edge of its retire cycle; the take is the re-read's grant;
 * a signal in the cycle of a take or of the wait's retire wins over the clear; a read answered met ends the reads. */
static void setup_signal(void)
{
    m = gtm_create(2);
    test_identity_ggtt(gtm_mem(m), 0, TEST_IDENTITY_PAGES);
    sb = gtref_sb_create(m);
    cyc = 0;
    reset_dut_gam();
    put(RING, "MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD data=0x1 addr=0x490000");
    put(RING_B, "MI_SEMAPHORE_SIGNAL target=RCS");
    put(RING_B + 8, "MI_SEMAPHORE_SIGNAL target=RCS");
    put(RING_B + 16, "MI_STORE_DATA_IMM addr=0x490000 data=0x1");
    put(RING_B + 32, "MI_SEMAPHORE_SIGNAL target=RCS");
    host_write(RCS + GTREF_RING_START, RING, RING);
    host_write(RCS + GTREF_RING_TAIL, 16, 16);
    host_write(RCS + GTREF_RING_CTL, 1, 1);
    host_write(BCS + GTREF_RING_START, RING_B, RING_B);
    host_write(BCS + GTREF_RING_TAIL, 40, 40);
    host_write(BCS + GTREF_RING_CTL, 1, 1);
}

TestSuite(signal_wait, .init = setup_signal, .fini = teardown);

static gtref_sb_cycle busy(void)
{
    gtref_sb_cycle c = blank();
    c.eng[0].idle = c.eng[1].idle = false;
    return c;
}

/* Engine e reads a line (a ring line by instruction fetch, any other as data), then the GAM answers it. */
static bool read_line(int e, uint64_t line)
{
    gtref_sb_cycle c = busy();
    c.eng[e].req = request(false, line == RING || line == RING_B ? GTREF_CLIENT_IF : GTREF_CLIENT_DR, line, 0, 0);
    return check(&c) && settle();
}

/* Busy cycles until the port answers the semaphore line (the answer is in the last cycle checked; walker reads of a
 * TLB miss come and go before it). */
static bool answered(void)
{
    for (int i = 0; i < 40; i++) {
        bool sem_next = rsp_n && (rsp_line[0] & ~63ull) == SEM;
        gtref_sb_cycle c = busy();
        if (!check(&c)) return false;
        if (sem_next) return true;
    }
    return true;
}

/* Engine e reads the semaphore line; cycles until the GAM has answered it and nothing more (an owed re-read may then
 * follow within GTREF_SEM_TAKE_CYCLES, as a DUT's does). */
static bool read_sem(int e)
{
    gtref_sb_cycle c = busy();
    c.eng[e].req = request(false, GTREF_CLIENT_DR, SEM, 0, 0);
    if (!check(&c)) return false;
    return answered();
}

static void set_retire(gtref_sb_cycle *c, int e, uint64_t addr, uint32_t head)
{
    c->eng[e].retire = true; c->eng[e].retire_addr = addr; c->eng[e].retire_dw0 = gtref_mem_read32(gtm_mem(m), addr);
    c->eng[e].commit = true; c->eng[e].commit_off = gtref_engines[e].base + GTREF_RING_HEAD; c->eng[e].commit_data = head;
}

static bool retire(int e, uint64_t addr, uint32_t head)
{
    gtref_sb_cycle c = busy();
    set_retire(&c, e, addr, head);
    return check(&c);
}

#define SB_OK(x) cr_assert((x), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "")

/* BCS0 retires its k-th signal (1, 2) */
static void bcs_signal(int k) { SB_OK(retire(1, RING_B + 8u * (unsigned)(k - 1), 8u * (unsigned)k)); }

/* BCS0 stores 1 to SEM and retires its third signal (both first signals retired before) */
static void bcs_writes_and_signals(void)
{
    gtref_sb_cycle c = busy();
    c.eng[1].req = request(true, GTREF_CLIENT_WR, SEM, 1, 0x0F);
    SB_OK(check(&c) && settle());
    SB_OK(retire(1, RING_B + 16, 32));
    SB_OK(retire(1, RING_B + 32, 40));
}

static void ends_quiescent(void)
{
    gtref_sb_engine_probe idle[2] = { { .idle = true }, { .idle = true } };
    SB_OK(gtref_sb_check_quiescent(sb, ++cyc, idle));
}

/* Read 1 unmet (SEM 0), signal, read 2 unmet, signal, read 3 unmet, store and signal, read 4 met, retire: 1 + 3 takes,
 * exactly. Reads of other lines (the ring's, the next data line) do not count. */
Test(signal_wait, one_read_per_signal_passes)
{
    SB_OK(read_line(0, RING));
    SB_OK(read_line(0, SEM));
    SB_OK(read_line(0, RING));
    SB_OK(read_line(0, SEM + 0x40u));
    bcs_signal(1);
    SB_OK(read_line(0, SEM));
    bcs_signal(2);
    SB_OK(read_line(0, SEM));
    bcs_writes_and_signals();
    SB_OK(read_line(0, SEM));
    SB_OK(retire(0, RING, 16));
    ends_quiescent();
}

/* A second read with no signal: a wait that polls (one read too many). */
Test(signal_wait, a_read_without_a_signal_is_a_mem_protocol_failure)
{
    SB_OK(read_line(0, SEM));
    cr_assert(!read_line(0, SEM));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->kind, "mem-protocol");
    cr_assert_str_eq(mm->engine, "RCS0");
    cr_assert_str_eq(mm->bucket, "mem-protocol/MI_SEMAPHORE_WAIT/signal-wait-read-without-signal");
    cr_assert(strstr(mm->detail, "wait at 0x100000") && strstr(mm->detail, "SAD 0x490000"), "%s", mm->detail);
    cr_assert(strstr(mm->detail, "read 1 answered 0x00000000 (unmet)") && strstr(mm->detail, "1 read;") &&
              strstr(mm->detail, "since the previous signal-mode wait: 0 "), "%s", mm->detail);
    cr_assert(strstr(mm->expected, "1 read of the semaphore line until a signal sets the flag"), "%s", mm->expected);
    cr_assert(strstr(mm->actual, "read 2 of line 0x490000"), "%s", mm->actual);
    cr_assert(strstr(mm->command, "MI_SEMAPHORE_WAIT"), "%s", mm->command);
    cr_assert_eq(mm->cmd_addr, RING);
}

/* A signal sets the flag at the closing edge of its retire cycle: a re-read granted in that very cycle is too early. */
Test(signal_wait, a_read_in_the_cycle_of_the_signal_is_too_early)
{
    SB_OK(read_line(0, SEM));
    gtref_sb_cycle c = busy();
    set_retire(&c, 1, RING_B, 8);
    c.eng[0].req = request(false, GTREF_CLIENT_DR, SEM, 0, 0);
    cr_assert(!check(&c));
    cr_assert(strstr(gtref_sb_mismatch(sb)->bucket, "signal-wait-read-without-signal"));
}

/* One signal allows one re-read, not two: read 3 after one signal (expected 2 reads). */
Test(signal_wait, two_reads_after_one_signal_fail)
{
    SB_OK(read_line(0, SEM));
    bcs_signal(1);
    SB_OK(read_line(0, SEM));
    cr_assert(!read_line(0, SEM));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert(strstr(mm->expected, "2 reads of the semaphore line"), "%s", mm->expected);
    cr_assert(strstr(mm->detail, "read 2 answered 0x00000000 (unmet)") && strstr(mm->detail, "no signal since the flag's clear"),
              "%s", mm->detail);
}

/* Two signals before one take set one flag: they buy one re-read, not two (expected 2 reads). */
Test(signal_wait, two_signals_before_a_take_buy_one_read)
{
    SB_OK(read_line(0, SEM));
    bcs_signal(1);
    bcs_signal(2);
    SB_OK(read_line(0, SEM));
    cr_assert(!read_line(0, SEM));
    cr_assert(strstr(gtref_sb_mismatch(sb)->bucket, "signal-wait-read-without-signal"));
}

/* The flag is the engine's, set before the wait began: the wait's unmet first read is re-read at once (reads: 1,
 * 2 on the old flag, 3 on signal 2, 4 met after the store and signal 3). */
Test(signal_wait, a_signal_before_the_wait_counts)
{
    bcs_signal(1);
    SB_OK(read_sem(0));
    SB_OK(read_line(0, SEM));
    bcs_signal(2);
    SB_OK(read_sem(0));
    bcs_writes_and_signals();
    SB_OK(read_line(0, SEM));
    SB_OK(retire(0, RING, 16));
}

/* A read answered met ends the reads: read 2 after a met read 1 is one too many, signal or not. */
Test(signal_wait, no_read_after_a_met_read)
{
    bcs_signal(1);
    bcs_signal(2);
    bcs_writes_and_signals();
    SB_OK(read_line(0, SEM));
    cr_assert(!read_line(0, SEM));
    cr_assert(strstr(gtref_sb_mismatch(sb)->detail, "read 1 answered 0x00000001 (met)"), "%s", gtref_sb_mismatch(sb)->detail);
    /* the DUT's compare differs from C27's: the wait's compare, as in poll mode (docs/regress.md "Buckets") */
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "mem-protocol/MI_SEMAPHORE_WAIT/wait-compare");
}

/* A signal in the cycle of a take (the re-read's grant) wins over the clear: it buys the next re-read (reads: 1,
 * 2 taking signal 1, 3 taking signal 2, 4 met after the store and signal 3). */
Test(signal_wait, a_signal_in_the_cycle_of_the_take_counts_for_the_next_read)
{
    SB_OK(read_line(0, SEM));
    bcs_signal(1);
    gtref_sb_cycle c = busy();
    set_retire(&c, 1, RING_B + 8, 16);
    c.eng[0].req = request(false, GTREF_CLIENT_DR, SEM, 0, 0);
    SB_OK(check(&c) && settle());
    SB_OK(read_line(0, SEM));
    bcs_writes_and_signals();
    SB_OK(read_line(0, SEM));
    SB_OK(retire(0, RING, 16));
}

/* Read 1 granted; the signal retires while it is outstanding; its answer is unmet: the wait owes read 2. */
static void signal_while_read_outstanding(void)
{
    gtref_sb_cycle c = busy();
    c.eng[0].req = request(false, GTREF_CLIENT_DR, SEM, 0, 0);
    SB_OK(check(&c));
    c = busy();
    set_retire(&c, 1, RING_B, 8);
    SB_OK(check(&c));
    SB_OK(answered());
}

/* (reads: 1 with signal 1 while it is out, 2, 3 on signal 2, 4 met after the store and signal 3) */
Test(signal_wait, a_signal_while_the_read_is_outstanding_buys_a_read)
{
    signal_while_read_outstanding();
    SB_OK(read_line(0, SEM));
    bcs_signal(2);
    SB_OK(read_sem(0));
    bcs_writes_and_signals();
    SB_OK(read_line(0, SEM));
    SB_OK(retire(0, RING, 16));
}

/* The wait retires after an unmet read whose flag is set: the re-read is missing (expected read 2 before the retire). */
Test(signal_wait, a_retire_without_the_reread_is_a_missing_read)
{
    signal_while_read_outstanding();
    cr_assert(!retire(0, RING, 16));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "mem-protocol/MI_SEMAPHORE_WAIT/signal-wait-missing-reread");
    cr_assert(strstr(mm->expected, "read 2 of the semaphore line (a re-read) before the retire"), "%s", mm->expected);
    cr_assert(strstr(mm->actual, "after 1 read"), "%s", mm->actual);
    cr_assert(strstr(mm->detail, "read 1 answered 0x00000000 (unmet)") && strstr(mm->detail, "flag set in cycle"), "%s", mm->detail);
    cr_assert(strstr(mm->detail, "since the previous signal-mode wait: 1 (cycles "), "%s", mm->detail);
}

/* The wait owes read 2 and asks for nothing: GTREF_SEM_TAKE_CYCLES such cycles pass, one more is a missing re-read. */
Test(signal_wait, an_owed_read_never_asked_for_is_missing)
{
    signal_while_read_outstanding();   /* settle() has already spent some of the cycles */
    for (int i = 0; i < (int)GTREF_SEM_TAKE_CYCLES + 8 && !gtref_sb_failed(sb); i++) {
        gtref_sb_cycle c = busy();
        check(&c);
    }
    cr_assert(gtref_sb_failed(sb));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "mem-protocol/MI_SEMAPHORE_WAIT/signal-wait-missing-reread");
    char want[96];   /* the first idle cycle past the bound */
    snprintf(want, sizeof want, "%u cycles with no request to the GAM and no read outstanding", GTREF_SEM_TAKE_CYCLES + 1u);
    cr_assert(strstr(mm->actual, want), "%s", mm->actual);
}

/* While the engine presents a request the GAM has not granted, it is not idle: no missing re-read, however long. */
Test(signal_wait, an_owed_read_held_by_the_gam_is_not_missing)
{
    signal_while_read_outstanding();
    for (int i = 0; i < 3 * (int)GTREF_SEM_TAKE_CYCLES; i++) {
        gtref_sb_cycle c = busy();
        c.eng[0].req = request(false, GTREF_CLIENT_IF, RING, 0, 0);
        c.eng[0].req.client = 7;   /* a request no arbiter grants (gam_req: any other client value) */
        SB_OK(check(&c));
    }
}

/* ======================= the wait's compare in poll mode (docs/commands.md §5, C27; contract §3) =======================
 * RCS0 polls (poll mode) with compare SAD_LTE_SDD, data 5, on SEM. C27: it reads until SAD <= 5 (unsigned) holds,
 * then retires: SEM = 5 meets it (equal), 6 does not. */
static void setup_poll(void)
{
    m = gtm_create(1);
    test_identity_ggtt(gtm_mem(m), 0, TEST_IDENTITY_PAGES);
    sb = gtref_sb_create(m);
    cyc = 0;
    reset_dut_gam();
    put(RING, "MI_SEMAPHORE_WAIT ggtt poll compare=SAD_LTE_SDD data=0x5 addr=0x490000");
    gtref_mem_write32(gtm_mem(m), SEM, 6);
    host_write(RCS + GTREF_RING_START, RING, RING);
    host_write(RCS + GTREF_RING_TAIL, 16, 16);
    host_write(RCS + GTREF_RING_CTL, 1, 1);
}

TestSuite(poll_wait, .init = setup_poll, .fini = teardown);

/* 6, 6 (unmet: polls again), then 5 (SAD == SDD: LTE holds), then the retire: the spec's sequence passes. */
Test(poll_wait, polls_until_met_then_retires)
{
    SB_OK(read_line(0, SEM));
    SB_OK(read_line(0, SEM));
    gtref_mem_write32(gtm_mem(m), SEM, 5);
    SB_OK(read_line(0, SEM));
    SB_OK(retire(0, RING, 16));
    gtref_sb_engine_probe idle = { .idle = true };
    SB_OK(gtref_sb_check_quiescent(sb, ++cyc, &idle));
}

/* 5 read and answered (met), then another read: the DUT compared otherwise (an LTE that compares strictly): a
 * mem-protocol failure at that read, bucket wait-compare, naming the met answer. */
Test(poll_wait, a_poll_after_a_met_read_is_the_compare)
{
    gtref_mem_write32(gtm_mem(m), SEM, 5);
    SB_OK(read_line(0, SEM));
    cr_assert(!read_line(0, SEM));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "mem-protocol/MI_SEMAPHORE_WAIT/wait-compare");
    cr_assert_str_eq(mm->engine, "RCS0");
    cr_assert(strstr(mm->expected, "retire after read 1 answered 0x00000005 (met)"), "%s", mm->expected);
    cr_assert(strstr(mm->actual, "read 2 of line 0x490000"), "%s", mm->actual);
    cr_assert(strstr(mm->detail, "compare 3, data 0x00000005"), "%s", mm->detail);
    cr_assert_eq(mm->cmd_addr, RING);
}

/* 6 answered (unmet), then the retire: the symmetric divergence, the same bucket. */
Test(poll_wait, a_retire_after_an_unmet_read_is_the_compare)
{
    SB_OK(read_line(0, SEM));
    cr_assert(!retire(0, RING, 16));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "mem-protocol/MI_SEMAPHORE_WAIT/wait-compare");
    cr_assert(strstr(mm->expected, "read 2 of the semaphore line (the last answer did not meet)"), "%s", mm->expected);
    cr_assert(strstr(mm->detail, "read 1 answered 0x00000006"), "%s", mm->detail);
}

/* 5 answered (met) and the wait neither retires nor reads again: the hang found later is the same divergence. */
Test(poll_wait, a_hang_after_a_met_read_is_the_compare)
{
    gtref_mem_write32(gtm_mem(m), SEM, 5);
    SB_OK(read_line(0, SEM));
    for (int i = 0; i < (int)GTREF_SEM_TAKE_CYCLES + 8; i++) {
        gtref_sb_cycle c = busy();
        SB_OK(check(&c));
    }
    gtref_sb_engine_probe b = { .idle = false };
    gtref_sb_report_hang(sb, ++cyc, 3000, &b);
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->kind, "hang");
    cr_assert_str_eq(mm->bucket, "mem-protocol/MI_SEMAPHORE_WAIT/wait-compare");
    cr_assert(strstr(mm->detail, "RCS0's MI_SEMAPHORE_WAIT at 0x100000 read 0x00000005"), "%s", mm->detail);
}

/* The same hang with the read answered unmet (6) stays a hang. */
Test(poll_wait, a_hang_after_an_unmet_read_stays_a_hang)
{
    SB_OK(read_line(0, SEM));
    gtref_sb_engine_probe b = { .idle = false };
    gtref_sb_report_hang(sb, cyc + 3000, 3000, &b);
    cr_assert_str_eq(gtref_sb_mismatch(sb)->kind, "hang");
    cr_assert(strncmp(gtref_sb_mismatch(sb)->bucket, "hang/", 5) == 0, "%s", gtref_sb_mismatch(sb)->bucket);
}

/* ======================= the GAM comparison (docs/gam.md GAM-18) ======================= */

/* Engine 0 presents its store to graphics 0x400000 in cycle n (GAM-1); the GAM is free, so it is granted at the edge
 * of n (GAM-9, GAM-10 step 3). Returns n. */
static uint64_t present_store(void)
{
    start_ring();
    gtref_sb_cycle c = blank();
    c.eng[0].idle = false;
    c.eng[0].req = request(true, GTREF_CLIENT_WR, 0x400000u, 0xdeadbeefull, 0x0F);
    cr_assert(check(&c));
    return c.cycle;
}

/* Worked from the contract, not from the model: grant at the edge of n (probe in n+1); the LOOKUP in n+1 misses (an
 * empty TLB); WALK_ISSUE in n+2 loads P with the walker's read of the line holding the GGTT entry of page 0x400,
 * GSM_BASE + 0x400 * 8 = 0x7F_0000_2000 (GAM-4), shown on the port in n+3 with source 4. A DUT showing another line
 * there fails as gam/-/address, naming the expected request. */
Test(scoreboard, a_walk_read_to_the_wrong_line_is_a_gam_failure)
{
    uint64_t n = present_store();
    for (uint64_t k = n + 1; k < n + 3; k++) {
        gtref_sb_cycle c = blank();
        cr_assert(check(&c), "cycle %" PRIu64 ": %s", k, gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    }
    gtref_sb_cycle c = blank();
    cr_assert(c.port.valid && !c.port.write && c.port.src == GTREF_GAM_SRC_WALKER && c.port.addr == 0x7F00002000ull,
              "the perfect GAM's port in n+3 is the walk read of 0x7f00002000 (GAM-4, GAM-10)");
    c.port.addr += 0x40;
    cr_assert(!check(&c));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "gam/-/address");
    cr_assert_eq(mm->cycle, n + 3);
    cr_assert(strstr(mm->expected, "walker read 0x7f00002000"), "%s", mm->expected);
    cr_assert(strstr(mm->actual, "walker read 0x7f00002040"), "%s", mm->actual);
}

/* The grant probe of n+1 shows the grant of the edge of n: to RCS0. A DUT that granted BCS0 fails as gam/-/grant. */
Test(scoreboard, a_grant_to_another_engine_is_a_gam_failure)
{
    uint64_t n = present_store();
    gtref_sb_cycle c = blank();
    cr_assert(c.gam.gnt_valid && c.gam.gnt_engine == 0, "the grant of the edge of n shows in n+1");
    c.gam.gnt_engine = 1;
    cr_assert(!check(&c));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "gam/-/grant");
    cr_assert_eq(mm->cycle, n + 1);
    cr_assert_str_eq(mm->expected, "grant to RCS0");
    cr_assert_str_eq(mm->actual, "grant to BCS0");
}

/* The same wrong grant with the cascade's word differing at that edge too (RO's machine in state 2: 0x2): the
 * probes do not tell the cascade's entry from the admission both follow, so the grant keeps gam/-/grant; its detail
 * shows both cascade words (docs/regress.md "Buckets"). */
Test(scoreboard, a_wrong_grant_with_a_wrong_cascade_word_stays_a_grant)
{
    present_store();
    gtref_sb_cycle c = blank();
    c.gam.gnt_engine = 1;
    c.gam.casc = 0x2u;
    cr_assert(!check(&c));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "gam/-/grant");
    cr_assert(strstr(mm->detail, "expected 0x00000000, DUT 0x00000002"), "%s", mm->detail);
}

/* A write acknowledgement the model does not predict (GAM-11: a write is acknowledged when it transfers) fails as
 * gam/-/wr-ack: here in n+1, when nothing has transferred yet. */
Test(scoreboard, an_acknowledgement_without_a_transfer_is_a_gam_failure)
{
    present_store();
    gtref_sb_cycle c = blank();
    cr_assert_eq(c.gam.wr_ack, 0);
    c.gam.wr_ack = 1;
    cr_assert(!check(&c));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "gam/-/wr-ack");
}

/* The cascade's probe (GAM-29) of n+1: RCS0's store alone, every register at reset: each class machine stays in
 * state 0 (gotos 0), owners GAC, counts 0 (GAM-27, GAM-28): the word is 0. A DUT showing the R class owned by GAB
 * with count 1 (bits [10] and [23:18] = 1: 0x00040400) fails as gam/-/casc-state, decoded, on the GAM (no engine),
 * the record naming the R class; one differing only in WR's machine state ([8:6] = 5: 0x140) is the same bucket (one
 * cascade, GAM-27/GAM-28: docs/regress.md "Buckets"), its record naming the WR class. */
Test(scoreboard, a_cascade_state_the_model_does_not_hold_is_a_gam_failure)
{
    uint64_t n = present_store();
    gtref_sb_cycle c = blank();
    cr_assert_eq(c.gam.casc, 0u, "the cascade at reset (GAM-29)");
    c.gam.casc = 0x00040400u;
    cr_assert(!check(&c));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "gam/-/casc-state");
    cr_assert_str_eq(mm->engine, "GAM");
    cr_assert_eq(mm->cycle, n + 1);
    cr_assert_str_eq(mm->expected, "R: state 0, owner GAC, count 0");
    cr_assert_str_eq(mm->actual, "R: state 0, owner GAB, count 1");
}

Test(scoreboard, a_cascade_difference_in_the_write_class_is_the_same_bucket_and_names_the_class)
{
    present_store();
    gtref_sb_cycle c = blank();
    c.gam.casc = 0x140u;
    cr_assert(!check(&c));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "gam/-/casc-state");
    cr_assert_str_eq(mm->actual, "WR: state 5, owner GAC, count 0");
    cr_assert(strstr(mm->detail, "the WR class's cascade state") != NULL, "detail: %s", mm->detail);
}

/* ---- execlists (docs/execlists.md §6, §7): vector V1 of docs/execlists-vectors.md as the DUT's behaviour ----
 * The hand-made DUT loads context A (S.3 image, ring: one MI_STORE_DATA_IMM, tail 0x10), restores it (the 69 commits
 * of S.3), reports IDLE_TO_ACTIVE (EL-22: entry and pointer writes, three commits), runs the store, saves A (the 68
 * writes of S.3) and reports COMPLETE | ACTIVE_TO_IDLE. The restore's reads are not compared (EL-3) and not made.
 * IMR keeps bit 8 masked here, so the interrupt line stays low. */
#include "gtref/el_image.h"

#define EL_HWSP 0x10000u
#define EL_A 0x100000u
#define EL_R (EL_A + 0x1000u)

static bool el_commit(uint32_t off, uint32_t val)
{
    gtref_sb_cycle c = blank();
    c.eng[0].idle = false;
    c.eng[0].commit = true; c.eng[0].commit_off = off; c.eng[0].commit_data = val;
    return check(&c);
}

static bool el_write(uint64_t addr, uint64_t data, uint8_t be)
{
    gtref_sb_cycle c = blank();
    c.eng[0].idle = false;
    c.eng[0].req = request(true, GTREF_CLIENT_WR, addr, data, be);
    return check(&c) && settle();
}

/* S.3's full restore of A: the 69 commits in order, with the image's values (0x2244 := 8 by the masked rule). */
static bool el_restore_a(void)
{
    static const uint32_t offs[] = { 0x2244, 0x2034, 0x2030, 0x2038, 0x203C, 0x2168, 0x2140, 0x2110, 0x211C, 0x2114,
        0x2118, 0x21C0, 0x21C4, 0x21C8, 0x2180, 0x23A8, 0x228C, 0x2288, 0x2284, 0x2280, 0x227C, 0x2278, 0x2274, 0x2270,
        0x20C0, 0x2178, 0x217C, 0x2158, 0x241C };
    for (size_t i = 0; i < sizeof offs / sizeof offs[0]; i++) {
        uint32_t v = offs[i] == 0x2244 ? 8 : offs[i] == 0x2030 ? 0x10 : offs[i] == 0x2038 ? 0x200000 : offs[i] == 0x203C ? 1
                   : offs[i] == 0x2178 ? 1 : offs[i] == 0x217C ? 0x00150000u : 0;
        if (!el_commit(offs[i], v)) return false;
    }
    for (uint32_t n = 0; n < 32; n++)
        if (!el_commit(0x2600 + 4 * n, n ? 0 : 0xA0A0A0A0u)) return false;
    if (!el_commit(0x2068, 0)) return false;
    for (uint32_t n = 0; n < 7; n++)
        if (!el_commit(0x2400 + 4 * n, 0)) return false;
    return true;
}

/* One CSB step (EL-22; S.3): entry and pointer writes, then CSB_ENTRY_LO/HI i and CONTEXT_STATUS_PTR, reported with
 * csp_report as the DUT's pointer value (only bits 3:0 are compared). */
static bool el_csb(unsigned i, uint32_t lo, uint32_t hi, uint32_t csp_report)
{
    return el_write(EL_HWSP + 0x40 + 8 * i, (uint64_t)hi << 32 | lo, 0xFF) && el_write(EL_HWSP + 0xB8, (uint64_t)i << 32, 0xF0) &&
           el_commit(RCS + 0x370 + 8 * i, lo) && el_commit(RCS + 0x374 + 8 * i, hi) && el_commit(RCS + 0x3A0, csp_report);
}

/* S.3's Save(A) after V1's run: the 68 writes with V1 #3's values. */
static bool el_save_a(void)
{
    static const uint32_t offs[] = { 0x08, 0x10, 0x20, 0x28, 0x30, 0x38, 0x40, 0x48, 0x50, 0x58, 0x60, 0x68, 0x70, 0x78,
        0x88, 0x90, 0x98, 0xA0, 0xA8, 0xB0, 0xB8, 0xC0, 0xC8, 0x158, 0x160, 0x168, 0x190, 0x198 };
    uint32_t n = 0;
    for (size_t i = 0; i < sizeof offs / sizeof offs[0]; i++, n++) {
        uint32_t o = offs[i];
        uint32_t v = o == 0x08 ? 0xFFFF0008u : o == 0x10 ? 0x10 : o == 0x20 ? 0x200000 : o == 0x28 ? 1 : o == 0x158 ? 0xFFFF0000u
                   : o == 0x160 ? 1 : o == 0x168 ? 0x00150000u : 0;
        if (!el_write(EL_R + o, (uint64_t)v << 32, 0xF0)) return false;
    }
    for (uint32_t k = 0; k < 32; k++, n++)
        if (!el_write(EL_R + 0x1A0 + 8 * k, (uint64_t)(k ? 0 : 0xA0A0A0A0u) << 32, 0xF0)) return false;
    if (!el_write(EL_R + 0x2A0, 0, 0xF0)) return false;
    n++;
    for (uint32_t k = 0; k < 7; k++, n++)
        if (!el_write(EL_R + 0x2C8 + 8 * k, 0, 0xF0)) return false;
    return n == 68;
}

static void host_write_no_commit(uint32_t off, uint32_t val)
{
    gtref_sb_cycle c = blank();
    c.mmio_xfer = true; c.mmio_write = true; c.mmio_addr = off; c.mmio_wdata = val;
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    c = blank();
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
}

/* S.2 without the interrupt path, A's image and ring, and the Load [A] (S.5). */
static void el_v1_setup(void)
{
    uint32_t dw[GTREF_EL_IMAGE_DWORDS];
    gtref_el_image_build(dw, 0, GTREF_EL_CTX_CTL, 0x200000, 0x10);
    dw[0x69] = 0xA0A0A0A0u;   /* CS_GPR0's slot: G(A, 0) */
    gtref_mem_write(gtm_mem(m), EL_R, dw, sizeof dw);
    uint32_t sdi[] = { 0x10400002u, 0x300100u, 0, 0x11111111u };   /* MI_STORE_DATA_IMM ggtt addr=0x300100 */
    gtref_mem_write(gtm_mem(m), 0x200000, sdi, sizeof sdi);
    host_write(RCS + GTREF_HWS_PGA, EL_HWSP, EL_HWSP);
    host_write(RCS + GTREF_CONTEXT_STATUS_PTR, 0xFFFF0B0Bu, 0x00000B0Bu);
    host_write(RCS + GTREF_RING_MODE, 0x00080008u, gtm_reg_peek(m, RCS + GTREF_RING_MODE) | 0x8u);   /* setup, EL-1 bit 3 */
    host_write(RCS + GTREF_EXECLIST_SQ_LO1, 0, 0);
    host_write(RCS + GTREF_EXECLIST_SQ_HI1, 0, 0);
    host_write(RCS + GTREF_EXECLIST_SQ_LO0, EL_A | 0x119u, EL_A | 0x119u);
    host_write(RCS + GTREF_EXECLIST_SQ_HI0, 0x20, 0x20);
    host_write_no_commit(RCS + GTREF_EXECLIST_CONTROL, 1);   /* the Load: no commit report (§2.1) */
}

Test(scoreboard, execlist_v1_passes_as_the_vector_says)
{
    el_v1_setup();
    cr_assert(el_restore_a(), "%s", gtref_sb_mismatch(sb)->detail);
    cr_assert(el_csb(0, 0x1, 0, 0x00000B00u), "%s", gtref_sb_mismatch(sb)->detail);
    cr_assert(dut_write(0x300100u, 0x11111111ull, 0x0F), "%s", gtref_sb_mismatch(sb)->detail);
    cr_assert(dut_retire(0x200000u, 0x10400002u, 0x10), "%s", gtref_sb_mismatch(sb)->detail);
    cr_assert(el_save_a(), "%s", gtref_sb_mismatch(sb)->detail);
    /* the pointer's bits 11:8 are the host's: a DUT reporting others there still matches (EL-22) */
    cr_assert(el_csb(1, 0x18, 0x20, 0x00000701u), "%s", gtref_sb_mismatch(sb)->detail);
    cr_expect_eq(gtm_reg_peek(m, RCS + 0x3A0), 0x00000B01u, "EL-31: bits 3:0 from the commit, 11:8 kept");
    cr_expect_eq(gtm_reg_peek(m, RCS + 0x37C), 0x20u, "EL-31: CSB_ENTRY_HI1 stored at its commit");
    cr_expect_eq(gtm_reg_peek(m, RCS + GTREF_EXECLIST_STATUS_LO), 0x00010000u, "EL-13 after the submission ended");
    gtref_sb_engine_probe idle = { .idle = true };
    cr_assert(gtref_sb_check_quiescent(sb, ++cyc, &idle), "%s", gtref_sb_mismatch(sb)->detail);
}

Test(scoreboard, execlist_retire_during_a_switch_fails)
{
    el_v1_setup();
    cr_assert(el_commit(0x2244, 8));
    cr_assert(!dut_retire(0x200000u, 0x10400002u, 0x10));
    cr_assert_str_eq(gtref_sb_mismatch(sb)->kind, "retire");
    cr_assert(strstr(gtref_sb_mismatch(sb)->bucket, "during-switch"), "%s", gtref_sb_mismatch(sb)->bucket);
}

Test(scoreboard, execlist_wrong_csb_pointer_fails)
{
    el_v1_setup();
    cr_assert(el_restore_a());
    cr_assert(!el_csb(0, 0x1, 0, 0x00000B01u), "write pointer 1 where EL-21 gives 0");
    cr_assert_str_eq(gtref_sb_mismatch(sb)->kind, "reg-commit");
}

Test(scoreboard, execlist_wrong_csb_entry_fails)
{
    el_v1_setup();
    cr_assert(el_restore_a());
    cr_assert(!el_write(EL_HWSP + 0x40, 0x2, 0xFF), "PREEMPTED where EL-14 gives IDLE_TO_ACTIVE");
    cr_assert_str_eq(gtref_sb_mismatch(sb)->kind, "mem-write");
    /* the entry's event (EL-20: its low dword) names the switch the DUT makes: another switch, whichever event */
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "context-switch/-/other-switch");
}

/* V1's end of the submission (EL-15: CSB step 0x18 / ID(A) = 0x20, EL-20 table) with the right event and another
 * context ID: the switch is the model's, its entry names another context: the write's data, not another switch. */
Test(scoreboard, execlist_a_csb_entry_with_another_id_keeps_the_data_bucket)
{
    el_v1_setup();
    cr_assert(el_restore_a(), "%s", gtref_sb_mismatch(sb)->detail);
    cr_assert(el_csb(0, 0x1, 0, 0x00000B00u), "%s", gtref_sb_mismatch(sb)->detail);
    cr_assert(dut_write(0x300100u, 0x11111111ull, 0x0F), "%s", gtref_sb_mismatch(sb)->detail);
    cr_assert(dut_retire(0x200000u, 0x10400002u, 0x10), "%s", gtref_sb_mismatch(sb)->detail);
    cr_assert(el_save_a(), "%s", gtref_sb_mismatch(sb)->detail);
    cr_assert(!el_write(EL_HWSP + 0x48, (uint64_t)0x40 << 32 | 0x18, 0xFF), "ID 0x40 where EL-20 gives ID(A) = 0x20");
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "mem-write/context-switch/data");
}

/* V1's switch to idle (EL-15: save of A, one CSB step, no restore): a DUT that begins a full restore there (its first
 * change is RING_CONTEXT_CONTROL, EL-4 / S.3) where CSB_ENTRY_LO1 is due makes another switch than the model. */
Test(scoreboard, execlist_a_restore_the_model_s_switch_does_not_make_is_another_switch)
{
    el_v1_setup();
    cr_assert(el_restore_a(), "%s", gtref_sb_mismatch(sb)->detail);
    cr_assert(el_csb(0, 0x1, 0, 0x00000B00u), "%s", gtref_sb_mismatch(sb)->detail);
    cr_assert(dut_write(0x300100u, 0x11111111ull, 0x0F), "%s", gtref_sb_mismatch(sb)->detail);
    cr_assert(dut_retire(0x200000u, 0x10400002u, 0x10), "%s", gtref_sb_mismatch(sb)->detail);
    cr_assert(!el_commit(RCS + GTREF_RING_CONTEXT_CONTROL, 0x8));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->kind, "reg-commit");
    cr_assert(strstr(mm->expected, "CSB_ENTRY_LO1=0x00000018"), "%s", mm->expected);
    cr_assert_str_eq(mm->bucket, "context-switch/-/other-switch");
}

Test(scoreboard, execlist_save_before_the_step_ends_is_missing_a_commit)
{
    el_v1_setup();
    cr_assert(el_restore_a());
    cr_assert(el_write(EL_HWSP + 0x40, 0x1, 0xFF));
    cr_assert(el_write(EL_HWSP + 0xB8, 0, 0xF0));
    cr_assert(el_commit(RCS + 0x370, 1));
    cr_assert(!el_commit(RCS + 0x3A0, 0x00000B00u), "CSB_ENTRY_HI0 skipped");
}

/* EL-16 at a poll response: A's ring holds a poll-mode MI_SEMAPHORE_WAIT on 0x300000 == 1 (memory holds 0); with
 * B loaded while A runs, the response to the DUT's read of the semaphore line makes the condition false with a
 * submission pending: the scoreboard preempts in the model in that cycle (§7), so the DUT's next items are the
 * switch's (Save(A) first) and a retire of the wait is a failure. */
static void el_poll_preempt_setup(void)
{
    uint32_t dw[4];
    char err[128];
    cr_assert_eq(gtref_cmd_parse("MI_SEMAPHORE_WAIT ggtt poll compare=SAD_EQ_SDD data=1 addr=0x300000", 1, dw, 4, err, sizeof err), 4, "%s", err);
    el_v1_setup();
    gtref_mem_write(gtm_mem(m), 0x200000, dw, sizeof dw);   /* over the SDI of el_v1_setup, before anything ran */
    uint32_t img[GTREF_EL_IMAGE_DWORDS];
    gtref_el_image_build(img, 0, GTREF_EL_CTX_CTL, 0x210000, 0x10);
    gtref_mem_write(gtm_mem(m), 0x111000, img, sizeof img);
    cr_assert(el_restore_a(), "%s", gtref_sb_mismatch(sb)->detail);
    cr_assert(el_csb(0, 0x1, 0, 0x00000B00u), "%s", gtref_sb_mismatch(sb)->detail);
    host_write(RCS + GTREF_EXECLIST_SQ_LO0, 0x110119u, 0x110119u);   /* Load [B] (S.5; element 1 stays 0) */
    host_write(RCS + GTREF_EXECLIST_SQ_HI0, 0x40, 0x40);
    host_write_no_commit(RCS + GTREF_EXECLIST_CONTROL, 1);
    gtref_sb_cycle c = blank();   /* the wait's read of the semaphore line; the perfect GAM answers it */
    c.eng[0].idle = false;
    c.eng[0].req = request(false, GTREF_CLIENT_DR, 0x300000, 0, 0);
    cr_assert(check(&c) && settle(), "%s", gtref_sb_mismatch(sb)->detail);
}

Test(scoreboard, execlist_poll_response_preempts)
{
    el_poll_preempt_setup();
    /* EL-16 then EL-13: slot 0 invalid, cur 1, slot 1 valid and active, element 0, arb 1 */
    cr_expect_eq(gtm_reg_peek(m, RCS + GTREF_EXECLIST_STATUS_LO), 0x00034009u);
    cr_assert(el_write(EL_R + 0x08, 0xFFFF0008ull << 32, 0xF0), "Save(A)'s first write: %s", gtref_sb_mismatch(sb)->detail);
}

Test(scoreboard, execlist_retire_of_a_preempted_wait_fails)
{
    el_poll_preempt_setup();
    cr_assert(!dut_retire(0x200000u, 0, 0x10));
    cr_assert(strstr(gtref_sb_mismatch(sb)->bucket, "during-switch"), "%s", gtref_sb_mismatch(sb)->bucket);
}

/* ---- the register state at a switch (docs/execlists.md §6, "The switched-out context's register state") ----
 * Every register change of the DUT is an engine commit or a host write, each compared in its cycle, so the two sides'
 * registers are equal at every switch; a register that changes at a switch without the contract saying so is a
 * mismatch at that commit, one the save would not show when the save skips the register. The record names the
 * engine, the cycle, the switch with its context ID, the register, the expected and the actual value. */

/* V1: after A's store retires A runs dry (EL-15); the switch to idle saves A (68 writes, EL-5) and makes one CSB step
 * (COMPLETE | ACTIVE_TO_IDLE, ID 0x20): its first register change is CSB_ENTRY_LO1. A DUT that changes RING_TAIL
 * there (the save skips RING_TAIL, EL-5, E16) fails at that commit. */
Test(scoreboard, execlist_a_register_the_save_skips_changed_at_a_switch_is_caught)
{
    el_v1_setup();
    cr_assert(el_restore_a(), "%s", gtref_sb_mismatch(sb)->detail);
    cr_assert(el_csb(0, 0x1, 0, 0x00000B00u), "%s", gtref_sb_mismatch(sb)->detail);
    cr_assert(dut_write(0x300100u, 0x11111111ull, 0x0F), "%s", gtref_sb_mismatch(sb)->detail);
    cr_assert(dut_retire(0x200000u, 0x10400002u, 0x10), "%s", gtref_sb_mismatch(sb)->detail);
    uint64_t at = cyc + 1;
    cr_assert(!el_commit(RCS + GTREF_RING_TAIL, 0x20), "RING_TAIL changed at the switch: not a change of EL-15's switch");
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->kind, "reg-commit");
    cr_assert_str_eq(mm->engine, "RCS0");
    cr_assert_eq(mm->cycle, at);
    cr_assert(strstr(mm->actual, "RING_TAIL=0x00000020"), "%s", mm->actual);
    cr_assert(strstr(mm->expected, "CSB_ENTRY_LO1=0x00000018"), "%s", mm->expected);
    cr_assert(strstr(mm->command, "CSB entry 0x00000018 for context ID 0x00000020"), "%s", mm->command);
    cr_assert(strstr(mm->detail, "of the context switch"), "%s", mm->detail);
    cr_assert_str_eq(mm->bucket, "reg-commit/any-command/unexpected-RING_TAIL", "named for the DUT's change, not the switch");
}

/* V1 / S.3: the restore's first change is RING_CONTEXT_CONTROL := 0x8 (the image's 0x00090008 by the masked rule,
 * EL-4); a DUT that restores 0x9 fails at that commit, naming the switch into A (ID 0x20, EL-14: IDLE_TO_ACTIVE). */
Test(scoreboard, execlist_a_wrong_restored_value_names_the_switch_and_the_context)
{
    el_v1_setup();
    cr_assert(!el_commit(RCS + GTREF_RING_CONTEXT_CONTROL, 0x9));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->kind, "reg-commit");
    cr_assert_str_eq(mm->engine, "RCS0");
    cr_assert(strstr(mm->expected, "RING_CONTEXT_CONTROL=0x00000008"), "%s", mm->expected);
    cr_assert(strstr(mm->actual, "RING_CONTEXT_CONTROL=0x00000009"), "%s", mm->actual);
    cr_assert(strstr(mm->command, "CSB entry 0x00000001 for context ID 0x00000000, then context ID 0x00000020 runs"), "%s",
              mm->command);
    cr_assert(strstr(mm->detail, "register change 1 of the context switch"), "%s", mm->detail);
    /* a full restore's wrong value: another image restored, whichever register shows it first (EL-4) */
    cr_assert_str_eq(mm->bucket, "context-switch/-/other-switch");
}

/* ---- a privilege violation the DUT does not make (docs/spec-decisions.md C13, G1, C41) ----
 * The ring's MI_BATCH_BUFFER_START ppgtt starts a non-privileged first-level batch (C13; RING_MODE[9] = 0: its fetch
 * goes through the GGTT, G1); the batch's MI_STORE_DATA_IMM ggtt is then a privilege violation (G1): a NOOP without
 * its write that commits ESR := 4 (C41; RCS EMR resets to 0xFF, R3: no EIR commit). */
static void priv_setup(void)
{
    uint32_t bbs[4] = { 0 }, sdi[4], bbe = 0x05000000u;   /* MI_BATCH_BUFFER_END */
    char err[128];
    cr_assert_eq(gtref_cmd_parse("MI_BATCH_BUFFER_START ppgtt addr=0x200000", 1, bbs, 4, err, sizeof err), 3, "%s", err);
    cr_assert_eq(gtref_cmd_parse("MI_STORE_DATA_IMM ggtt addr=0x300100 data=0x11111111", 1, sdi, 4, err, sizeof err), 4, "%s", err);
    gtref_mem_write(gtm_mem(m), RING + 16, bbs, 12);
    gtref_mem_write32(gtm_mem(m), RING + 28, 0);
    gtref_mem_write(gtm_mem(m), 0x200000, sdi, sizeof sdi);
    gtref_mem_write32(gtm_mem(m), 0x200010, bbe);
    host_write(RCS + GTREF_RING_START, RING, RING);
    host_write(RCS + GTREF_RING_TAIL, 32, 32);
    host_write(RCS + GTREF_RING_CTL, 1, 1);
    cr_assert(dut_write(0x400000u, 0xdeadbeefull, 0x0F));
    cr_assert(dut_retire(RING, 0x10000002u, 16));
    /* cycle contract "Per command": BB_ADDR, BB_STATE = 0x20 (PPGTT; BB_ADDR_UDW stays 0, C15: no commit), then
     * RING_HEAD in the retire cycle */
    gtref_sb_cycle c = dut_commit(RCS + GTREF_BB_ADDR, 0x200000u);
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    c = dut_commit(RCS + GTREF_BB_STATE, 0x20u);
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    cr_assert(dut_retire(RING + 16, bbs[0], 28), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
}

/* The violating MI_STORE_DATA_IMM's ESR := 4 commit (C41), made by the DUT and matched. */
static void esr_made(void)
{
    gtref_sb_cycle c = dut_commit(RCS + GTREF_ESR, 0x4u);
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
}

/* The cycle in which the DUT retires the violating MI_STORE_DATA_IMM (the batch's first command, at 0x200000). */
static gtref_sb_cycle violation_retire(void)
{
    gtref_sb_cycle c = blank();
    c.eng[0].idle = false;
    c.eng[0].retire = true; c.eng[0].retire_addr = 0x200000u; c.eng[0].retire_dw0 = 0x10400002u;
    return c;
}

/* The violating command's write made by the DUT is a write the NOOP does not make (docs/regress.md "Buckets"), and a
 * context switch's RING_TAIL in the middle of the violating command is the register the DUT changed: neither is
 * named for the violation. */
Test(scoreboard, a_write_or_a_switch_during_a_violation_keeps_the_unexpected_buckets)
{
    priv_setup();
    cr_assert(!dut_write(0x300100u, 0x11111111ull, 0x0F));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->kind, "mem-write");
    cr_assert_str_eq(mm->bucket, "mem-write/any-command/unexpected", "%s: %s / %s", mm->bucket, mm->expected, mm->actual);
}

Test(scoreboard, a_switch_s_commit_during_a_violation_keeps_the_register_bucket)
{
    priv_setup();
    gtref_sb_cycle c = dut_commit(RCS + GTREF_RING_TAIL, 0x320u);
    cr_assert(!check(&c));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert(strstr(mm->expected, "ESR=0x00000004"), "%s", mm->expected);
    cr_assert_str_eq(mm->bucket, "reg-commit/any-command/unexpected-RING_TAIL", "%s", mm->bucket);
}

Test(scoreboard, a_violation_retired_without_its_error_bit_is_a_violation_not_made)
{
    priv_setup();
    gtref_sb_cycle c = violation_retire();
    cr_assert(!check(&c));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert(strstr(mm->expected, "ESR=0x00000004"), "%s", mm->expected);
    cr_assert_str_eq(mm->bucket, "privilege/any-command/violation-not-made", "%s", mm->bucket);
}

/* With EMR = 0xFB and IRQ_CS_MASTER_ERROR (bit 3) open in HWSTAM and IMR, the violation commits ESR := 4, EIR := 4
 * and makes the error interrupt's status write (dword 0x8 to the status page, IRQ-4): the scoreboard meets the
 * missing write first at a retire without anything of the violation, which is a violation not made; with ESR and
 * EIR made and only the status write missing it keeps the write's own bucket. */
static void open_master_error_status(void)
{
    host_write(RCS + GTREF_EMR, 0xFBu, 0xFBu);
    host_write(RCS + GTREF_HWSTAM, ~(uint32_t)GTREF_IRQ_CS_MASTER_ERROR, ~(uint32_t)GTREF_IRQ_CS_MASTER_ERROR);
    host_write(RCS + GTREF_IMR, ~(uint32_t)GTREF_IRQ_CS_MASTER_ERROR, ~(uint32_t)GTREF_IRQ_CS_MASTER_ERROR);
}

Test(scoreboard, a_violation_retired_without_its_status_write_or_commits_is_a_violation_not_made)
{
    open_master_error_status();
    priv_setup();
    gtref_sb_cycle c = violation_retire();
    cr_assert(!check(&c));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->kind, "mem-write");
    cr_assert(strstr(mm->expected, "data=0x0000000000000008"), "the status write of bit 3: %s", mm->expected);
    cr_assert_str_eq(mm->bucket, "privilege/any-command/violation-not-made", "%s", mm->bucket);
}

Test(scoreboard, a_violation_made_without_its_status_write_keeps_the_write_bucket)
{
    open_master_error_status();
    priv_setup();
    esr_made();
    gtref_sb_cycle c = dut_commit(RCS + GTREF_EIR, 0x4u);
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    c = violation_retire();
    cr_assert(!check(&c));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->bucket, "mem-write/MI_STORE_DATA_IMM/missing", "%s", mm->bucket);
}

/* The violation made (ESR := 4, the NOOP retired), then the DUT retires elsewhere than the batch's next command (the
 * MI_BATCH_BUFFER_END at 0x200010): its path after the violation is the violating command's (an access that decided
 * it); another retire after an ordinary command keeps retire/any-command/address. */
/* With EMR = 0xFB (bit 2 clear) the violation commits ESR := 4, then EIR := 4 (C41, R3). A DUT that makes the ESR commit
 * and retires without EIR's made the violation: its bucket names the EIR bit, not violation-not-made. */
Test(scoreboard, a_violation_made_without_its_eir_bit_keeps_the_eir_bucket)
{
    host_write(RCS + GTREF_EMR, 0xFBu, 0xFBu);
    priv_setup();
    esr_made();
    gtref_sb_cycle c = violation_retire();
    cr_assert(!check(&c));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert(strstr(mm->expected, "EIR=0x00000004"), "%s", mm->expected);
    cr_assert_str_eq(mm->bucket, "reg-commit/any-command/EIR[2]", "%s", mm->bucket);
}

Test(scoreboard, another_path_right_after_a_violation_is_a_violation_not_made)
{
    priv_setup();
    esr_made();
    gtref_sb_cycle c = violation_retire();
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    cr_assert(!dut_retire(RING + 28, 0, 32));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->kind, "retire");
    cr_assert_str_eq(mm->bucket, "privilege/any-command/violation-not-made", "%s", mm->bucket);
}

/* The same, the DUT's other path showing first as a write (the batch's next command, MI_BATCH_BUFFER_END, writes
 * nothing): another write altogether right after the violation. */
Test(scoreboard, a_write_of_another_path_right_after_a_violation_is_a_violation_not_made)
{
    priv_setup();
    esr_made();
    gtref_sb_cycle c = violation_retire();
    cr_assert(check(&c), "%s", gtref_sb_failed(sb) ? gtref_sb_mismatch(sb)->detail : "");
    cr_assert(!dut_write(0x400200u, 0x5555ull, 0x0F));
    const gtref_mismatch *mm = gtref_sb_mismatch(sb);
    cr_assert_str_eq(mm->kind, "mem-write");
    cr_assert_str_eq(mm->bucket, "privilege/any-command/violation-not-made", "%s", mm->bucket);
}

Test(scoreboard, another_path_after_an_ordinary_command_keeps_the_retire_bucket)
{
    start_ring();
    cr_assert(dut_write(0x400000u, 0xdeadbeefull, 0x0F));
    cr_assert(dut_retire(RING, 0x10000002u, 16));
    cr_assert(!dut_retire(RING + 20, 0, 24), "the MI_NOOP at RING + 16 is next");
    cr_assert_str_eq(gtref_sb_mismatch(sb)->bucket, "retire/any-command/address");
}
