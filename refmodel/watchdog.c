/* The RCS0 watchdog (docs/commands.md §7, docs/spec-decisions.md W1-W5), on the DUT's cycles.
 *
 * The model runs commands ahead of the DUT, so its register file holds PR_CTR_CTL / PR_CTR_THRSH as the model
 * executed them, possibly before the DUT commits them. The counter must count the DUT's clock: the caller
 * reports the DUT's commits of the two registers (gtm_watchdog_commit) and the end of every DUT cycle
 * (gtm_tick). During a cycle the watchdog uses the values committed before it; a commit takes effect from the
 * next cycle (the first cycle that can tick after a PR_CTR_CTL commit is the one after it). */
#include "cs_internal.h"

void cs_watchdog_reset(gtm *m)
{
    cs_watchdog *w = &m->wd;
    *w = (cs_watchdog){ 0 };
    w->ctl = gtref_reg_reset(gtref_reg_by_name("PR_CTR_CTL"), 0);
    w->thrsh = gtref_reg_reset(gtref_reg_by_name("PR_CTR_THRSH"), 0);
    w->imr = gtref_reg_reset(gtref_reg_by_name("IMR"), 0);
}

bool gtm_watchdog_commit(gtm *m, uint32_t off, uint32_t val)
{
    uint32_t base = gtref_engines[0].base;
    cs_watchdog *w = &m->wd;
    if (off == base + GTREF_PR_CTR_CTL) {
        w->new_ctl = val;
        w->ctl_pending = true;
        return true;
    }
    if (off == base + GTREF_PR_CTR_THRSH) {
        w->new_thrsh = val;
        w->thrsh_pending = true;
        return true;
    }
    if (off == base + GTREF_IMR) {   /* gates the event of this very cycle: IMR as at its end (IRQ-3) */
        w->new_imr = val;
        w->imr_pending = true;
        return true;
    }
    return false;
}

static bool running(uint32_t ctl) { return !(ctl & GTREF_WDOG_STOPPED_MASK); }   /* W2 */

bool cs_watchdog_tick(gtm *m)
{
    cs_watchdog *w = &m->wd;
    bool fired = false;
    if (running(w->ctl)) {
        w->phase = (w->phase + 1u) % GTREF_WDOG_TIMESTAMP_CYCLES;
        if ((w->ctl & GTREF_WDOG_COUNT_CLOCKS) || w->phase == 0) {   /* W3: every clock, or every 64th */
            w->counter++;                                            /* wraps at 2^32 (W4: threshold 0) */
            if (w->counter == w->thrsh) {                            /* W4: event, and back to 0 */
                w->counter = 0;
                fired = true;
            }
        }
    }
    /* at the closing edge: this cycle's commits (the event was decided with the old values; gtm_tick gates it with
     * the IMR the cycle leaves, docs/interrupts.md IRQ-3) */
    if (w->imr_pending) {
        w->imr = w->new_imr;
        w->imr_pending = false;
    }
    if (w->thrsh_pending) {
        w->thrsh = w->new_thrsh;
        w->thrsh_pending = false;
    }
    if (w->ctl_pending) {
        bool was_running = running(w->ctl);
        w->ctl = w->new_ctl;
        w->ctl_pending = false;
        if (!was_running && running(w->ctl)) w->counter = 0;   /* W2: stopped -> running clears it */
        w->phase = 0;                                          /* every commit restarts the 64-cycle count */
    }
    return fired;
}

/* Ticks the watchdog makes, from now, before the one that reaches its threshold (UINT64_MAX: never, it is stopped),
 * with no commit in between. */
uint64_t cs_watchdog_ticks_to_fire(const gtm *m)
{
    const cs_watchdog *w = &m->wd;
    if (!running(w->ctl)) return UINT64_MAX;
    uint32_t d32 = w->thrsh - w->counter;            /* counts until counter == thrsh (mod 2^32) */
    uint64_t d = d32 ? d32 : (uint64_t)1 << 32;
    if (w->ctl & GTREF_WDOG_COUNT_CLOCKS) return d - 1;
    uint64_t first = GTREF_WDOG_TIMESTAMP_CYCLES - w->phase;   /* the next cycle whose phase comes back to 0 */
    return first + GTREF_WDOG_TIMESTAMP_CYCLES * (d - 1) - 1;
}

/* s ticks that do not reach the threshold, no commit pending: exactly what s calls of cs_watchdog_tick would do. */
void cs_watchdog_skip(gtm *m, uint64_t s)
{
    cs_watchdog *w = &m->wd;
    if (!running(w->ctl) || !s) return;
    uint64_t p = (uint64_t)w->phase + s;
    uint64_t counts = (w->ctl & GTREF_WDOG_COUNT_CLOCKS) ? s : p / GTREF_WDOG_TIMESTAMP_CYCLES;
    w->phase = (uint32_t)(p % GTREF_WDOG_TIMESTAMP_CYCLES);
    w->counter += (uint32_t)counts;
}
