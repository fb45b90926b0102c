/* The model-only runner (gtref check) with signal-mode semaphores and the RCS0 watchdog
 * (docs/stimulus-format.md §2.2): signal-mode waits complete as in poll mode; the watchdog runs on the host
 * program's time: one cycle per host operation (its own effect first, then the cycle ends), N for `wait N`,
 * until the line rises (at most N) for `wait_irq N`; PR_CTR_CTL/THRSH commits take effect from the next cycle.
 * Every expected cycle is worked out by hand from those rules (commands.md §7) and written in the tests. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "gtref/model_only.h"
#include "gtref/regs.h"
#include "gtref/stim.h"

#include "test_support.h"

#define SRC " from \"docs/commands.md s7; docs/stimulus-format.md s2.2\""
/* RCS0's WATCHDOG event (bit 6) out of IMR (docs/interrupts.md IRQ-3), enabled and unmasked, the master enable on:
 * cycles 1..4 */
#define OPEN_IRQ "  write RCS0.IMR 0xffffffbf\n  write GFX_MSTR_IRQ 0x80000000\n  write RENDER_COPY_INTR_ENABLE 0x00400000\n" \
                 "  write RCS0_INTR_MASK 0xffbfffff\n"

static gtref_model_run run;

static void run_ok(const char *text)
{
    gtref_stim s;
    gtref_stim_init(&s);
    char err[512];
    cr_assert_eq(gtref_gts_assemble(&s, text, "t.gts", err, sizeof err), 0, "%s", err);
    test_stim_identity_ggtt(&s);   /* every access is translated (docs/gam.md GAM-20) */
    cr_assert_eq(gtref_model_only_run(&s, &run), 0, "%s", run.error);
    gtref_expect_failure f[4];
    size_t n = gtref_expect_eval_all(&s, &run.obs, f, 4);
    cr_assert_eq(n, 0, "%zu expectations failed, first (line %u) %s: expected %s, actual %s", n, f[0].line, f[0].what,
                 f[0].expected, f[0].actual);
    gtref_stim_free(&s);
}

static void fini(void) { gtref_model_run_free(&run); }
TestSuite(model_only, .fini = fini);

/* THRSH = 16 in cycle 5, CTL = running/clocks in cycle 6: ticks from cycle 7; `wait 15` is cycles 7..21 (counter
 * 15); the read of cycle 22 comes before its tick (counter 16: the event at its end), the read of 23 sees it. */
Test(model_only, the_watchdog_counts_host_operations_and_wait_cycles)
{
    run_ok("test wd\nhost {\n" OPEN_IRQ
           "  write RCS0.PR_CTR_THRSH 0x10\n  write RCS0.PR_CTR_CTL 0x80000000\n  wait 15\n"
           "  read GT_INTR_DW0 expect 0x0" SRC "\n  read GT_INTR_DW0 expect 0x1" SRC "\n}\n"
           "expect {\n  irq == 1" SRC "\n}\n");
    cr_assert_eq(run.cycles, 23);
}

/* Timestamp mode: CTL = 0 in cycle 6, THRSH = 2: ticks on cycles 70 and 134 (the 64th and 128th from 7); `wait
 * 127` is cycles 7..133 (counter 1), the read of 134 comes before the event of 134, the read of 135 after it (and
 * opens DW0's service window, IRQ-11: the write that empties DW0 closes it). */
Test(model_only, the_watchdog_in_timestamp_mode_ticks_every_64_host_cycles)
{
    run_ok("test wd64\nhost {\n" OPEN_IRQ
           "  write RCS0.PR_CTR_THRSH 0x2\n  write RCS0.PR_CTR_CTL 0x0\n  wait 127\n"
           "  read GT_INTR_DW0 expect 0x0" SRC "\n  read GT_INTR_DW0 expect 0x1" SRC "\n"
           "  write GT_INTR_DW0 0x1\n  wait 100\n  read GT_INTR_DW0 expect 0x0" SRC "\n}\n");
    cr_assert_eq(run.cycles, 237);
}

/* wait_irq advances until the line rises: THRSH = 100, ticks from cycle 7, counter 100 in cycle 106, where
 * wait_irq (begun in 7) ends; the read is cycle 107. A second wait_irq with the line already high is one cycle.
 * Stopped after the acknowledge, a third wait_irq runs out its 50 cycles with the line low. */
Test(model_only, wait_irq_advances_until_the_watchdog_raises_the_line)
{
    run_ok("test wdirq\nhost {\n" OPEN_IRQ
           "  write RCS0.PR_CTR_THRSH 100\n  write RCS0.PR_CTR_CTL 0x80000000\n  wait_irq 5000\n"
           "  read GT_INTR_DW0 expect 0x1" SRC "\n  wait_irq 5000\n  write RCS0.PR_CTR_CTL 0x1\n"
           "  write GT_INTR_DW0 0x1\n  wait_irq 50\n  read GT_INTR_DW0 expect 0x0" SRC "\n}\n"
           "expect {\n  irq == 0" SRC "\n}\n");
    cr_assert_eq(run.cycles, 106 + 1 + 1 + 1 + 1 + 50 + 1);
}

/* An engine's commits go to the watchdog as they happen: the ring is enabled in cycle 7, the LRI runs before the
 * read of cycle 8 (THRSH = 3, CTL = running/clocks committed in cycle 8); ticks from 9: `wait 2` is 9..10 (counter
 * 2), the read of 11 comes before the event of 11, the read of 12 after it. */
Test(model_only, an_engine_commit_starts_the_watchdog_in_host_time)
{
    run_ok("test wdlri\nring 0x100000 size 0x1000 {\n"
           "  MI_LOAD_REGISTER_IMM RCS0.PR_CTR_THRSH=0x3 RCS0.PR_CTR_CTL=0x80000000\n  MI_NOOP\n}\n"
           "host {\n" OPEN_IRQ
           "  write RCS0.RING_START 0x100000\n  write RCS0.RING_TAIL 0x18\n  write RCS0.RING_CTL 0x1\n"
           "  read GT_INTR_DW0 expect 0x0" SRC "\n  wait 2\n  read GT_INTR_DW0 expect 0x0" SRC "\n"
           "  read GT_INTR_DW0 expect 0x1" SRC "\n  read RCS0.PR_CTR_CTL expect 0x80000000" SRC "\n}\n");
    cr_assert_eq(run.cycles, 13);
}

/* Without a PR_CTR_CTL write the watchdog stays stopped (reset 1), however long the program waits. */
Test(model_only, the_watchdog_is_stopped_after_reset)
{
    run_ok("test wdoff\nhost {\n" OPEN_IRQ "  wait 2000000\n  read GT_INTR_DW0 expect 0x0" SRC "\n}\n");
    cr_assert_eq(run.cycles, 2000005);
}

/* Signal-mode waits behave as in poll mode: RCS0 waits until BCS0 has written the semaphore (BCS0 signals it
 * after the write, as a legal stimulus does); the ring of RCS0 is submitted first, so it stalls and resumes. */
Test(model_only, a_signal_mode_wait_completes_when_its_condition_holds)
{
    run_ok("test sigwait\nengines 2\n"
           "ring 0x100000 size 0x1000 {\n"
           "  MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD data=0x5 addr=0x490000\n"
           "  MI_STORE_DATA_IMM addr=0x400000 data=0x1\n}\n"
           "ring 0x110000 size 0x1000 {\n"
           "  MI_STORE_DATA_IMM addr=0x490000 data=0x5\n  MI_SEMAPHORE_SIGNAL target=RCS\n}\n"
           "host {\n"
           "  write RCS0.RING_START 0x100000\n  write RCS0.RING_TAIL 0x20\n  write RCS0.RING_CTL 0x1\n"
           "  read RCS0.RING_HEAD expect 0x0" SRC "\n"
           "  write BCS0.RING_START 0x110000\n  write BCS0.RING_TAIL 0x18\n  write BCS0.RING_CTL 0x1\n"
           "  wait_idle\n  read RCS0.RING_HEAD expect 0x20" SRC "\n}\n"
           "expect {\n  mem32 0x400000 == 0x1" SRC "\n  writes RCS0 { 0x400000 be=0x0f data=0x1 }" SRC "\n}\n");
}

/* The interrupt logic on host time (docs/interrupts.md; model_only.h): one cycle per access, so the identity read
 * right after the selector write (cycle n + 1) sees 0 and the next one (n + 2) Data-Valid (IRQ-16). The DW read that
 * returns non-zero opens the window (IRQ-11); the second USER event, which the engines run before the next
 * operation, goes to DW_CR and comes back at the emptying write (IRQ-12). End-of-test register expectations peek:
 * `reg GT_INTR_DW0` does not open a window. */
Test(model_only, selector_latency_and_service_window_on_host_time)
{
    run_ok("test isr\nring 0x100000 size 0x1000 {\n  MI_USER_INTERRUPT\n  MI_NOOP\n  MI_USER_INTERRUPT\n  MI_NOOP\n}\n"
           "host {\n  write RCS0.IMR 0xfffffffe\n  write RENDER_COPY_INTR_ENABLE 0x00010000\n"
           "  write RCS0_INTR_MASK 0xfffeffff\n  write GFX_MSTR_IRQ 0x80000000\n"
           "  write RCS0.RING_START 0x100000\n  write RCS0.RING_TAIL 0x8\n  write RCS0.RING_CTL 0x1\n"
           "  wait_irq 10\n  write GFX_MSTR_IRQ 0x0\n  read GFX_MSTR_IRQ expect 0x1" SRC "\n"
           "  read GT_INTR_DW0 expect 0x1" SRC "\n  write IIR_REG_SELECTOR0 0x1\n"
           "  read INTR_IDENTITY_REG0 expect 0x0" SRC "\n  read INTR_IDENTITY_REG0 expect 0x80000001" SRC "\n"
           "  write RCS0.RING_TAIL 0x10\n  write INTR_IDENTITY_REG0 0x80000000\n"
           "  read IIR_REG_SELECTOR0 expect 0x0" SRC "\n  write GT_INTR_DW0 0x1\n"
           "  read GT_INTR_DW0 expect 0x1" SRC "\n  write GFX_MSTR_IRQ 0x80000000\n}\n"
           "expect {\n  irq == 1" SRC "\n  reg GT_INTR_DW0 == 0x1" SRC "\n  reg INTR_IDENTITY_REG0 == 0x0" SRC "\n}\n");
}
