/* The generator's execlist traffic (execlist_pct; docs/stimulus-format.md §3 "Execlists"): its own random stream
 * (a seed where the knob misses is byte for byte the stimulus it is with it at 0), determinism, the legality rules of
 * docs/execlists.md §8 that a host program can be checked for statically, every scenario kind over the seeds, and
 * the seeds run cleanly on the model alone (the execlist driver's checks of every CSB entry, DRV-4, included). */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtref/el_image.h"
#include "gtref/engines.h"
#include "gtref/model_only.h"
#include "gtref/regs.h"
#include "gtref/stim.h"
#include "gtref/stim_lint.h"
#include "test_support.h"

/* The context kinds the generator encodes in bits 31:28 of a context ID (kind + 1; stimulus/gen/gen_internal.h). */
enum { K_MAIN = 1, K_FILL, K_EMPTY, K_SPIN, K_IDLE, K_PING, K_BROKEN, K_UNMAPPED, K_POLL, K_ARBOFF };
static unsigned kind_of(uint64_t desc) { return (unsigned)(desc >> 60); }

static bool has_el(const gtref_stim *s)
{
    for (size_t i = 0; i < s->nops; i++)
        if (s->ops[i].op == GTREF_HOST_EL_INIT) return true;
    return false;
}

/* The engine of a host op of the execlist driver, -1 for the others. */
static int el_engine(const gtref_host_op *o)
{
    switch (o->op) {
    case GTREF_HOST_EL_INIT: case GTREF_HOST_EL_CSB: case GTREF_HOST_EL_WAIT: return (int)o->off;
    case GTREF_HOST_EL_SUBMIT: case GTREF_HOST_EL_RESUBMIT: return (int)(o->val & 0xFF);
    case GTREF_HOST_EL_CONTEXT: return (int)(o->val & 0xFF);
    default: return -1;
    }
}

/* execlist_pct draws from a stream of its own: every seed where it misses is the stimulus it is with the knob at 0,
 * and 40-50% of the default seeds have execlist engines (measured here on seeds 1..200: the default regression's). */
Test(gen_execlist, the_knob_leaves_the_seeds_where_it_misses_alone)
{
    gtref_gen_config on, off;
    gtref_gen_config_default(&on);
    off = on;
    off.execlist_pct = 0;
    unsigned fired = 0, seeds = 200;
    for (uint64_t seed = 1; seed <= seeds; seed++) {
        gtref_stim a, b;
        gtref_stim_init(&a);
        gtref_stim_init(&b);
        cr_assert_eq(gtref_stim_generate(&a, seed, &on), 0);
        cr_assert_eq(gtref_stim_generate(&b, seed, &off), 0);
        cr_assert(!has_el(&b), "seed %" PRIu64 ": execlist ops with execlist_pct 0", seed);
        if (has_el(&a)) fired++;
        else cr_assert(test_stim_encoded_equal(&a, &b), "seed %" PRIu64 ": no execlist engine, yet not the stimulus of execlist_pct 0", seed);
        gtref_stim_free(&a);
        gtref_stim_free(&b);
    }
    cr_assert(fired >= seeds * 35 / 100 && fired <= seeds * 55 / 100, "execlist engines in %u of %u seeds", fired, seeds);
}

Test(gen_execlist, generation_is_deterministic)
{
    gtref_gen_config c;
    gtref_gen_config_default(&c);
    c.execlist_pct = 100;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        gtref_stim a, b;
        gtref_stim_init(&a);
        gtref_stim_init(&b);
        cr_assert_eq(gtref_stim_generate(&a, seed, &c), 0);
        cr_assert_eq(gtref_stim_generate(&b, seed, &c), 0);
        cr_assert(test_stim_encoded_equal(&a, &b), "seed %" PRIu64 ": two generations differ", seed);
        gtref_stim_free(&a);
        gtref_stim_free(&b);
    }
}

typedef struct counts {
    unsigned two, empty, spin, spin_resumed, idle, ping, broken, unmapped, invalid, csb, wrap, lite_candidates;
    unsigned poll, spin_lite, arboff, replace;   /* poll spinners, spinners resubmitted running, replacing Loads */
    unsigned mixed;   /* seeds with engines in both modes */
} counts;

/* The rules of docs/execlists.md §8 and §10 a host program shows by itself, for one stimulus:
 * - an execlist engine's ring registers (RING_HEAD/TAIL/START/CTL) are never written by MMIO after its el_init, nor its
 *   RING_MODE, HWS_PGA, CONTEXT_STATUS_PTR (but the driver's own writes);
 * - every submission after an engine's first comes after an el_wait of that engine (or a wait_idle) with no submission between
 *   (DRV-3: none pending; §8: the contexts whose images are written are running and reported, or switched out), but a
 *   Load that replaces the pending one (`el_submit ... replace`, docs/execlists.md §10), which comes right after the
 *   Load it replaces (no el_wait between), itself after an el_wait, while a context with arbitration off runs;
 * - an image is written (el_context, el_ctx_reg, mem_write into its pages) only before its context's first
 *   submission, except a RING_TAIL slot (el_ctx_reg RING_TAIL, el_resubmit) after an el_wait;
 * - a spinner's flag is written once, 1 to 0, after the spinner was submitted (EL-32);
 * and counts what the stimulus holds. */
static void check_program(const gtref_stim *s, uint64_t seed, counts *n)
{
    bool init[GTREF_MAX_ENGINES] = { 0 }, waited[GTREF_MAX_ENGINES] = { 0 }, first[GTREF_MAX_ENGINES] = { 0 };
    unsigned loads[GTREF_MAX_ENGINES] = { 0 };
    uint64_t submitted[64];   /* LRCAs submitted so far */
    size_t nsub = 0;
    uint64_t flags_done[32];
    size_t nflags = 0;
    unsigned spin_loads[GTREF_MAX_ENGINES] = { 0 };
    bool arboff_running[GTREF_MAX_ENGINES] = { 0 }, replace_ok[GTREF_MAX_ENGINES] = { 0 };
    bool ring_mode_engine[GTREF_MAX_ENGINES] = { 0 };
    for (size_t i = 0; i < s->nops; i++) {
        const gtref_host_op *o = &s->ops[i];
        int e = el_engine(o);
        if (o->op == GTREF_HOST_WAIT_IDLE) {   /* every engine idle (or halted): nothing pending, nothing running */
            for (int k = 0; k < GTREF_MAX_ENGINES; k++) waited[k] = true;
            continue;
        }
        if (o->op == GTREF_HOST_WRITE) {
            for (int k = 0; k < GTREF_MAX_ENGINES; k++) {
                uint32_t b = gtref_engines[k].base;
                if (o->off == b + GTREF_RING_TAIL) ring_mode_engine[k] = true;
                if (!init[k]) continue;
                cr_assert(o->off != b + GTREF_RING_HEAD && o->off != b + GTREF_RING_TAIL && o->off != b + GTREF_RING_START &&
                          o->off != b + GTREF_RING_CTL && o->off != b + GTREF_RING_MODE && o->off != b + GTREF_HWS_PGA &&
                          o->off != b + GTREF_CONTEXT_STATUS_PTR && o->off != b + GTREF_EXECLIST_CONTROL,
                          "seed %" PRIu64 ": host op %zu writes 0x%08x of execlist engine %s (docs/execlists.md §8)", seed, i,
                          o->off, gtref_engines[k].name);
            }
            continue;
        }
        if (o->op == GTREF_HOST_MEM_WRITE) {
            bool image = false;
            for (size_t k = 0; k < nsub; k++) image |= o->addr >= submitted[k] && o->addr < submitted[k] + 0x2000u;
            cr_assert(!image, "seed %" PRIu64 ": host op %zu writes the image of a submitted context at 0x%" PRIx64, seed, i, o->addr);
            if (o->data == 0 && o->val == 0x0F && o->addr >= 0x600000 && o->addr < 0x800000) {   /* a spinner's flag */
                for (size_t k = 0; k < nflags; k++)
                    cr_assert_neq(flags_done[k], o->addr, "seed %" PRIu64 ": a flag written twice (EL-32)", seed);
                if (nflags < 32) flags_done[nflags++] = o->addr;
                n->spin_resumed++;
            }
            continue;
        }
        if (o->op == GTREF_HOST_EL_CTX_REG) {   /* after a submission only the RING_TAIL slot, after an el_wait */
            bool sub = false;
            int ce = -1;
            for (int k = 0; k < GTREF_MAX_ENGINES; k++)
                if ((o->val & ~0xFFFu) == gtref_engines[k].base) ce = k;
            for (size_t k = 0; k < nsub; k++) sub |= submitted[k] == o->addr;
            cr_assert(!sub || ((o->val & 0xFFFu) == GTREF_RING_TAIL && ce >= 0 && waited[ce]),
                      "seed %" PRIu64 ": host op %zu writes register 0x%08x into the image of submitted context 0x%" PRIx64
                      " (docs/execlists.md §8: only the RING_TAIL slot, while it runs with its switch-in reported)",
                      seed, i, o->val, o->addr);
            continue;
        }
        if (e < 0) continue;
        switch (o->op) {
        case GTREF_HOST_EL_INIT: init[e] = true; break;
        case GTREF_HOST_EL_WAIT: waited[e] = true; break;
        case GTREF_HOST_EL_CSB: n->csb++; break;
        case GTREF_HOST_EL_CONTEXT: {
            bool sub = false;
            for (size_t k = 0; k < nsub; k++) sub |= submitted[k] == o->addr;
            cr_assert(!sub, "seed %" PRIu64 ": host op %zu builds the image of submitted context 0x%" PRIx64
                      " again (docs/execlists.md §8)", seed, i, o->addr);
            break;
        }
        default: break;
        }
        if (o->op == GTREF_HOST_EL_RESUBMIT)
            cr_assert(!first[e] || waited[e], "seed %" PRIu64 ": host op %zu rewrites a RING_TAIL slot without an el_wait", seed, i);
        switch (o->op) {
        case GTREF_HOST_EL_SUBMIT: case GTREF_HOST_EL_RESUBMIT: {
            cr_assert(init[e], "seed %" PRIu64 ": host op %zu submits before el_init", seed, i);
            if (!(o->addr & 1)) { n->invalid++; break; }   /* ignored (EL-12): not a submission */
            if (o->op == GTREF_HOST_EL_SUBMIT && o->val >> 8 & GTREF_EL_SUBMIT_REPLACE) {
                cr_assert(first[e] && !waited[e] && replace_ok[e], "seed %" PRIu64 ": host op %zu replaces no pending "
                          "submission of %s made after an el_wait while a context with arbitration off runs "
                          "(docs/execlists.md §10, EL-11)", seed, i, gtref_engines[e].name);
                replace_ok[e] = false;
                n->replace++;
                if (nsub < 64) submitted[nsub++] = o->addr & 0xFFFFF000u;
                break;
            }
            /* a Load after an el_wait while the engine runs the arbitration-off context it reported: replaceable */
            replace_ok[e] = waited[e] && arboff_running[e];
            arboff_running[e] = kind_of(o->addr) == K_ARBOFF;
            cr_assert(!first[e] || waited[e], "seed %" PRIu64 ": host op %zu submits to %s without an el_wait since its last "
                      "submission (DRV-3, docs/execlists.md §8)", seed, i, gtref_engines[e].name);
            first[e] = true;
            waited[e] = false;
            loads[e]++;
            uint64_t lrca = o->addr & 0xFFFFF000u;
            if (nsub < 64) submitted[nsub++] = lrca;
            if (o->op == GTREF_HOST_EL_SUBMIT && o->data & 1) {
                if (nsub < 64) submitted[nsub++] = o->data & 0xFFFFF000u;
                if (kind_of(o->data) == K_FILL) n->two++;
                if (kind_of(o->data) == K_EMPTY) n->empty++;
                if (kind_of(o->data) == K_MAIN && kind_of(o->addr) == K_PING) n->ping++;
            }
            if (o->op == GTREF_HOST_EL_RESUBMIT && kind_of(o->addr) == K_MAIN) n->lite_candidates++;
            if (o->op == GTREF_HOST_EL_RESUBMIT && kind_of(o->addr) != K_MAIN) {
                cr_assert(kind_of(o->addr) == K_SPIN || kind_of(o->addr) == K_POLL, "seed %" PRIu64 ": host op %zu "
                          "resubmits a context of kind %u", seed, i, kind_of(o->addr));
                n->spin_lite++;
            }
            switch (kind_of(o->addr)) {
            case K_POLL: n->poll++; break;
            case K_ARBOFF: n->arboff++; break;
            case K_SPIN: spin_loads[e]++; n->spin++; break;
            case K_IDLE: n->idle++; break;
            case K_BROKEN: n->broken++; break;
            case K_UNMAPPED: n->unmapped++; break;
            default: break;
            }
            break;
        }
        default: break;
        }
    }
    bool el = false, ring = false;
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
        if (loads[e] > 12) n->wrap++;   /* each Load is reported by at least one CSB entry: more than 12, a wrap */
        el |= init[e];
        ring |= ring_mode_engine[e];
    }
    if (el && ring) n->mixed++;
}

/* Every seed of execlist_pct 100 is legal (the linter, the rules above) and, over 150 seeds, every scenario kind
 * appears; the default seeds mix modes. */
Test(gen_execlist, execlist_seeds_are_legal_and_hold_every_scenario)
{
    gtref_gen_config c;
    gtref_gen_config_default(&c);
    c.execlist_pct = 100;
    counts n = { 0 };
    unsigned with = 0;
    for (uint64_t seed = 1; seed <= 150; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0, "seed %" PRIu64, seed);
        with += has_el(&s);   /* none when every driven engine stops (an illegal command, a hang-mode fault) */
        gtref_lint_violation v[1];
        cr_assert_eq(gtref_stim_lint(&s, NULL, 0, v, 1), 0, "seed %" PRIu64 ": %s: %s", seed, v[0].where, v[0].found);
        check_program(&s, seed, &n);
        gtref_stim_free(&s);
    }
    cr_log_info("execlist seeds 1..150 (execlist_pct 100): %u with execlist engines; [main, filler] %u, [main, empty] %u, "
                "spinners %u (ended %u), preempt to idle %u, ping-pong %u, broken images %u, unmapped LRCAs %u, invalid "
                "descriptors %u, el_csb %u, engines with > 12 Loads %u, main resubmissions %u, mixed-mode seeds %u; poll "
                "spinner submissions %u, spinners resubmitted running %u, arbitration-off contexts %u, replacing Loads %u",
                with, n.two, n.empty, n.spin, n.spin_resumed, n.idle, n.ping, n.broken, n.unmapped, n.invalid, n.csb, n.wrap,
                n.lite_candidates, n.mixed, n.poll, n.spin_lite, n.arboff, n.replace);
    cr_assert_geq(with, 90, "execlist engines in %u of 150 seeds of execlist_pct 100", with);
    cr_expect_geq(n.two, 10, "[main, filler] submissions: %u", n.two);
    cr_expect_geq(n.empty, 10, "[main, empty] submissions: %u", n.empty);
    cr_expect_geq(n.spin, 20, "spinner submissions: %u", n.spin);
    cr_expect_geq(n.spin_resumed, 10, "spinners ended by their flag: %u", n.spin_resumed);
    cr_expect_geq(n.idle, 10, "preempt-to-idle submissions: %u", n.idle);
    cr_expect_geq(n.ping, 5, "ping-pong submissions: %u", n.ping);
    cr_expect_geq(n.broken, 3, "broken images: %u", n.broken);
    cr_expect_geq(n.unmapped, 3, "unmapped LRCAs: %u", n.unmapped);
    cr_expect_geq(n.invalid, 5, "invalid descriptors: %u", n.invalid);
    cr_expect_geq(n.csb, 50, "el_csb services: %u", n.csb);
    cr_expect_geq(n.wrap, 30, "engines with more than 12 Loads (a CSB wrap): %u", n.wrap);
    cr_expect_geq(n.lite_candidates, 300, "resubmissions of a main context: %u", n.lite_candidates);
    cr_expect_geq(n.mixed, 50, "seeds with execlist and ring-buffer engines: %u", n.mixed);
    cr_expect_geq(n.poll, 20, "poll spinner submissions: %u", n.poll);
    cr_expect_geq(n.spin_lite, 20, "spinners resubmitted while they run (lite restores): %u", n.spin_lite);
    cr_expect_geq(n.replace, 10, "Loads replacing a pending one: %u", n.replace);
    cr_expect_eq(n.replace, n.arboff, "every arbitration-off context's pending Load replaced: %u replacing Loads, %u "
                 "contexts", n.replace, n.arboff);
}

/* The seeds run on the model alone to the end: every el_wait is met within its bound, every CSB entry the driver
 * services is the one it expects (DRV-4), nothing is unimplemented. */
Test(gen_execlist, execlist_seeds_run_cleanly_on_the_model)
{
    gtref_gen_config c;
    gtref_gen_config_default(&c);
    c.execlist_pct = 100;
    unsigned seen[6] = { 0 };
    for (uint64_t seed = 1; seed <= 40; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0, "seed %" PRIu64, seed);
        gtref_model_run r;
        int rc = gtref_model_only_run(&s, &r);
        cr_assert_eq(rc, 0, "seed %" PRIu64 ": %s", seed, r.error);
        for (int e = 0; e < GTREF_MAX_ENGINES; e++)
            for (int k = 0; k < 6; k++) seen[k] += r.host.el->eng[e].seen[k];
        gtref_model_run_free(&r);
        gtref_stim_free(&s);
    }
    /* the CSB events the driver serviced (DRV-4, EL-20), on the model alone: it runs every context as far as it goes
     * before each host operation, so a lite restore needs a context that cannot finish (a spinner) when it is
     * resubmitted */
    cr_log_info("model alone, execlist seeds 1..40: CSB entries serviced: idle to active %u, preempted %u, lite restore %u, "
                "element switch %u, active to idle %u; wraps %u", seen[0], seen[1], seen[2], seen[3], seen[4], seen[5]);
    cr_expect_gt(seen[0], 0);
    cr_expect_gt(seen[1], 0, "no preemption");
    cr_expect_gt(seen[2], 0, "no lite restore");
    cr_expect_gt(seen[3], 0, "no element switch");
    cr_expect_gt(seen[4], 0);
    cr_expect_gt(seen[5], 0, "no CSB wrap");
}
