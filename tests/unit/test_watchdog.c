/* The RCS0 watchdog of the model (docs/commands.md §7, spec decisions W1-W5), on the DUT's cycles: every
 * expected event cycle below is worked out by hand from these rules and written as a literal:
 *   - in cycle n the watchdog uses PR_CTR_CTL / PR_CTR_THRSH as committed before n; a commit in n (the engine's
 *     commit, or a host write's transfer) takes effect from n + 1;
 *   - running iff PR_CTR_CTL[30:0] == 0; stopped -> running clears the counter;
 *   - PR_CTR_CTL[31] = 1: a tick every cycle; = 0: on the 64th, 128th, ... cycle counted from the cycle after the
 *     last PR_CTR_CTL commit (a commit of the same value restarts that count);
 *   - after a tick, counter == PR_CTR_THRSH: WATCHDOG at the closing edge of that cycle, counter := 0.
 * Cycles are numbered from 1; commit(...) happens in the cycle that the next run_to ends first. */
#include <criterion/criterion.h>
#include <string.h>

#include "gtref/model.h"
#include "gtref/regs.h"

#include "test_support.h"
#include "cs_internal.h"           /* white box: only to start the counter near 2^32 (threshold 0) */

#define RCS 0x2000u
#define CTL (RCS + GTREF_PR_CTR_CTL)
#define THRSH (RCS + GTREF_PR_CTR_THRSH)
#define RUN_CLOCKS 0x80000000u   /* running, a tick per clock */
#define RUN_64 0x00000000u       /* running, a tick per 64 clocks */
#define STOP 0x00000001u

static gtm *m;
static uint64_t now;          /* the last cycle that ended */
static uint64_t ev[64];       /* cycles whose closing edge raised WATCHDOG */
static int nev;

static void setup(void)
{
    m = gtm_create(1);
    now = 0;
    nev = 0;
}
static void teardown(void) { gtm_destroy(m); }
TestSuite(watchdog, .init = setup, .fini = teardown);

/* A commit of the DUT in cycle now + 1. */
static void commit(uint32_t off, uint32_t val) { cr_assert(gtm_watchdog_commit(m, off, val)); }

/* End cycles now + 1 .. last, recording the events. */
static void run_to(uint64_t last)
{
    while (now < last) {
        now++;
        if (gtm_tick(m)) {
            cr_assert(nev < 64, "too many events");
            ev[nev++] = now;
        }
    }
}

static void expect_events(const uint64_t *want, int n)
{
    for (int i = 0; i < n && i < nev; i++) cr_expect_eq(ev[i], want[i], "event %d at cycle %llu, expected %llu", i,
                                                       (unsigned long long)ev[i], (unsigned long long)want[i]);
    cr_assert_eq(nev, n, "%d events, expected %d (first at %llu)", nev, n, nev ? (unsigned long long)ev[0] : 0ull);
}

Test(watchdog, stopped_after_reset)
{
    run_to(3000000);   /* more than the reset threshold 0x150000 */
    expect_events(NULL, 0);
}

/* THRSH = 5 in cycle 1, CTL = running/clocks in cycle 2: the first tick is cycle 3 (counter 1), counter 5 in
 * cycle 7: event, counter 0; then 12, 17. */
Test(watchdog, counts_every_cycle)
{
    commit(THRSH, 5);
    run_to(1);
    commit(CTL, RUN_CLOCKS);
    run_to(19);
    uint64_t want[] = { 7, 12, 17 };
    expect_events(want, 3);
}

/* Threshold 1, every clock: an event every cycle from the first tick on. */
Test(watchdog, threshold_one_fires_every_cycle)
{
    commit(THRSH, 1);
    commit(CTL, RUN_CLOCKS);
    run_to(4);   /* commits in cycle 1: events at 2, 3, 4 */
    uint64_t want[] = { 2, 3, 4 };
    expect_events(want, 3);
}

/* Timestamp mode: CTL = 0 committed in cycle 10; counted from cycle 11, the 64th cycle is 74, then 138, 202,
 * 266. THRSH = 2: counter 1 at 74, 2 at 138 (event), 1 at 202, 2 at 266 (event). */
Test(watchdog, counts_every_64th_cycle)
{
    commit(THRSH, 2);
    run_to(9);
    commit(CTL, RUN_64);
    run_to(300);
    uint64_t want[] = { 138, 266 };
    expect_events(want, 2);
}

/* THRSH = 10, running/clocks from cycle 1 (committed in cycle 1): counter k - 1 at the end of cycle k, so the
 * event would be at 11. Stopped by a commit in cycle 6 (cycle 6 still ticks under the old value: counter 5),
 * restarted by a commit in cycle 20: stopped -> running clears the counter, ticks from 21, counter 10 at 30. */
Test(watchdog, stop_and_restart_clears_the_counter)
{
    commit(THRSH, 10);
    commit(CTL, RUN_CLOCKS);
    run_to(5);
    commit(CTL, RUN_CLOCKS | STOP);
    run_to(19);
    expect_events(NULL, 0);
    commit(CTL, RUN_CLOCKS);
    run_to(40);
    uint64_t want[] = { 30, 40 };
    expect_events(want, 2);
}

/* A commit that leaves it running does not clear the counter: the same run as above, but the commit of cycle 6
 * writes running/clocks again: the event stays at 11. */
Test(watchdog, a_commit_that_keeps_it_running_keeps_the_counter)
{
    commit(THRSH, 10);
    commit(CTL, RUN_CLOCKS);
    run_to(5);
    commit(CTL, RUN_CLOCKS);
    run_to(12);
    uint64_t want[] = { 11 };
    expect_events(want, 1);
}

/* Timestamp mode from cycle 10 (ticks at 74, 138, ...), THRSH = 2. A commit of the same value in cycle 100
 * restarts the 64-cycle count without clearing the counter: the next tick is cycle 164 (counted from 101), which
 * makes counter 2: the event is at 164, not at 138 (no restart) nor 228 (a cleared counter). Then 228 (counter
 * 1) and 292 (counter 2, event). */
Test(watchdog, a_same_value_commit_restarts_the_64_cycle_count)
{
    commit(THRSH, 2);
    run_to(9);
    commit(CTL, RUN_64);
    run_to(99);
    expect_events(NULL, 0);
    commit(CTL, RUN_64);
    run_to(360);
    uint64_t want[] = { 164, 292 };
    expect_events(want, 2);
}

/* Switching from clocks to timestamp while running: the commit (cycle 5) restarts the count, the counter stays:
 * THRSH = 6, running/clocks from cycle 1: counter 4 at the end of cycle 5; timestamp ticks at 69 (5), 133 (6:
 * event). */
Test(watchdog, switching_to_timestamp_mode_keeps_the_counter)
{
    commit(THRSH, 6);
    commit(CTL, RUN_CLOCKS);
    run_to(4);
    commit(CTL, RUN_64);
    run_to(140);
    uint64_t want[] = { 133 };
    expect_events(want, 1);
}

/* THRSH = 100 with running/clocks from cycle 1: counter k - 1 in cycle k. THRSH = 20 committed in cycle 15
 * (cycle 15 still compares with 100): in effect from 16, counter 20 in cycle 21: event. */
Test(watchdog, a_threshold_change_takes_effect_the_cycle_after_its_commit)
{
    commit(THRSH, 100);
    commit(CTL, RUN_CLOCKS);
    run_to(14);
    commit(THRSH, 20);
    run_to(25);
    uint64_t want[] = { 21 };
    expect_events(want, 1);
}

/* The threshold committed in the very cycle the counter reaches it is not in effect yet: THRSH = 30 committed in
 * cycle 31, where the counter becomes 30 (still compared with 100): no event; the counter goes on past 30 and
 * would only come back to 30 after wrapping at 2^32. */
Test(watchdog, a_threshold_committed_in_the_cycle_it_is_reached_is_missed)
{
    commit(THRSH, 100);
    commit(CTL, RUN_CLOCKS);
    run_to(30);
    commit(THRSH, 30);
    run_to(5000);
    expect_events(NULL, 0);
}

/* W4: threshold 0 is reached only when the counter wraps at 2^32. 5000 cycles give nothing; started at
 * 2^32 - 16 (white box), the 16th tick wraps it to 0: event. */
Test(watchdog, threshold_zero_needs_the_counter_to_wrap)
{
    commit(THRSH, 0);
    commit(CTL, RUN_CLOCKS);
    run_to(5000);
    expect_events(NULL, 0);
    m->wd.counter = 0xFFFFFFF0u;
    run_to(5020);   /* ticks in 5001..5016 bring it to 2^32 = 0 */
    uint64_t want[] = { 5016 };
    expect_events(want, 1);
}

/* The watchdog follows only what the DUT committed (gtm_watchdog_commit), not the model's run-ahead register
 * file; other offsets (PR_CTR_CTL's offset in BCS0's block is no register of the kit, W1) are ignored. */
Test(watchdog, only_reported_commits_of_rcs0_drive_it)
{
    m = (gtm_destroy(m), gtm_create(2));
    gtm_mmio_write(m, THRSH, 1);
    gtm_mmio_write(m, CTL, RUN_CLOCKS);
    cr_assert(!gtm_watchdog_commit(m, 0x22000u + GTREF_PR_CTR_CTL, RUN_CLOCKS));
    cr_assert(!gtm_watchdog_commit(m, RCS + GTREF_RING_TAIL, RUN_CLOCKS));
    run_to(100);
    expect_events(NULL, 0);
}

/* Several commits of one register in one cycle: the last wins (the scoreboard passes the engine's after a host
 * write's, contract §8). */
Test(watchdog, the_last_commit_of_a_cycle_wins)
{
    commit(THRSH, 3);
    commit(CTL, RUN_CLOCKS);
    commit(CTL, STOP);
    run_to(50);
    expect_events(NULL, 0);
    commit(CTL, STOP);
    commit(CTL, RUN_CLOCKS);
    run_to(54);   /* ticks from 52: 52, 53, 54 -> event at 54 */
    uint64_t want[] = { 54 };
    expect_events(want, 1);
}

/* The event goes through RCS0's IMR as the DUT committed it (docs/interrupts.md IRQ-3, §5: gtm_watchdog_commit),
 * enable and mask (contract §5, I4: bit 6): dropped at IMR (reset all masked) and when disabled; held when masked,
 * raised by the unmask (IRQ-8, IRQ-9); set in GT_INTR_DW0 bit 0 and on the line when open; and it wins over a host
 * clear of the same cycle outside the service window (IRQ-12). It keeps running while the engine is halted (W5). */
Test(watchdog, the_event_reaches_the_interrupt_logic_through_enable_and_mask)
{
    gtm_irq_state st;
    gtm_mmio_write(m, GTREF_GFX_MSTR_IRQ, GTREF_MSTR_IRQ_ENABLE);
    commit(THRSH, 4);
    commit(CTL, RUN_CLOCKS);
    gtm_mmio_write(m, GTREF_RENDER_COPY_INTR_ENABLE, (uint32_t)GTREF_IRQ_WATCHDOG << 16);
    gtm_mmio_write(m, GTREF_RCS0_INTR_MASK, ~((uint32_t)GTREF_IRQ_WATCHDOG << 16));
    gtm_mmio_write(m, RCS + GTREF_IMR, ~(uint32_t)GTREF_IRQ_WATCHDOG);   /* the model's register, not the DUT's */
    run_to(5);   /* event at 5: RCS0's IMR as committed is still all masked: dropped */
    cr_assert_eq(gtm_reg_peek(m, GTREF_GT_INTR_DW0), 0);
    gtm_irq_get_state(m, &st);
    cr_assert_eq(st.inst_cr[0], 0, "dropped at IMR, not held");
    commit(RCS + GTREF_IMR, ~(uint32_t)GTREF_IRQ_WATCHDOG);   /* cycle 6 */
    gtm_mmio_write(m, GTREF_RENDER_COPY_INTR_ENABLE, 0);
    run_to(9);   /* event at 9: not enabled: dropped */
    cr_assert_eq(gtm_reg_peek(m, GTREF_GT_INTR_DW0), 0);
    gtm_irq_get_state(m, &st);
    cr_assert_eq(st.inst_cr[0], 0, "dropped when disabled");
    gtm_mmio_write(m, GTREF_RENDER_COPY_INTR_ENABLE, (uint32_t)GTREF_IRQ_WATCHDOG << 16);
    gtm_mmio_write(m, GTREF_RCS0_INTR_MASK, 0xFFFFFFFFu);
    run_to(13);  /* event at 13: enabled but masked: held */
    cr_assert_eq(gtm_reg_peek(m, GTREF_GT_INTR_DW0), 0);
    cr_assert(!gtm_irq_line(m));
    gtm_irq_get_state(m, &st);
    cr_assert_eq(st.inst_cr[0], GTREF_IRQ_WATCHDOG, "held in INST_CR");
    gtm_mmio_write(m, GTREF_RCS0_INTR_MASK, ~((uint32_t)GTREF_IRQ_WATCHDOG << 16));   /* cycle 14: the unmask */
    run_to(14);
    cr_assert_eq(gtm_reg_peek(m, GTREF_GT_INTR_DW0), 1u);
    cr_assert(gtm_irq_line(m));
    gtm_mmio_write(m, GTREF_GT_INTR_DW0, 1);   /* acknowledge in cycle 15 */
    run_to(16);
    cr_assert_eq(gtm_reg_peek(m, GTREF_GT_INTR_DW0), 0);
    gtm_mmio_write(m, GTREF_GT_INTR_DW0, 1);   /* a clear in cycle 17, the cycle of the next event: the event wins */
    run_to(17);
    cr_assert_eq(gtm_reg_peek(m, GTREF_GT_INTR_DW0), 1u);
    /* halt RCS0 with an illegal command: the watchdog goes on */
    gtref_mem_write32(gtm_mem(m), 0x100000u, 0x0F800000u);   /* MI opcode 0x1F: no such command */
    test_identity_ggtt(gtm_mem(m), 0x100000u, 1);            /* the ring page in the GGTT (docs/gam.md GAM-4) */
    gtm_mmio_write(m, RCS + GTREF_RING_START, 0x100000u);
    gtm_mmio_write(m, RCS + GTREF_RING_TAIL, 8);
    gtm_mmio_write(m, RCS + GTREF_RING_CTL, 1);
    cr_assert_eq(gtm_step(m, 0, NULL), GTM_ERROR);
    gtm_mmio_write(m, GTREF_GT_INTR_DW0, 1);
    run_to(21);  /* event at 21 */
    cr_assert_eq(gtm_reg_peek(m, GTREF_GT_INTR_DW0), 1u);
    uint64_t want[] = { 5, 9, 13, 17, 21 };
    expect_events(want, 5);
}
