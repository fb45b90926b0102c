/* Long tests (gtref_gen_config.min_cycles, docs/test-lists.md "Long tests"): the generator's length measure counts
 * what the host program submits, and a stimulus generated with the knob reaches the length asked by that measure,
 * with one engine that never stops, a cycle limit above it, and the model running it to the end. */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdlib.h>

#include "gtref/engines.h"
#include "gtref/model_only.h"
#include "gtref/regs.h"
#include "gtref/stim.h"
#include "test_support.h"
#include "gtref/stim_lint.h"

static gtref_host_op wr(uint32_t off, uint32_t val)
{
    return (gtref_host_op){.op = GTREF_HOST_WRITE, .off = off, .val = val};
}

/* The measure itself, worked by hand: the first TAIL is the start; each later TAIL hands over the dwords from the
 * previous one, round the ring whose size RING_CTL sets at that time. */
Test(long_tests, ring_dwords_are_the_tail_advances_round_the_ring)
{
    const uint32_t rcs = gtref_engines[0].base, vcs = gtref_engines[2].base;
    gtref_host_op ops[] = {
        wr(rcs + GTREF_RING_TAIL, 0x100),                       /* start: nothing handed over */
        wr(rcs + GTREF_RING_CTL, GTREF_CTL_ENABLE),             /* one page */
        wr(rcs + GTREF_RING_TAIL, 0x200),                       /* 0x100 bytes: 64 dwords */
        wr(rcs + GTREF_RING_TAIL, 0x80),                        /* round the 4 KiB ring: 0xe80 bytes, 928 dwords */
        {.op = GTREF_HOST_READ, .off = rcs + GTREF_RING_TAIL},  /* a read hands over nothing */
        wr(vcs + GTREF_RING_TAIL, 0),
        wr(vcs + GTREF_RING_CTL, (3u << GTREF_CTL_LEN_SHIFT) | GTREF_CTL_ENABLE),   /* four pages */
        wr(vcs + GTREF_RING_TAIL, 0x3ff8),                      /* 0x3ff8 bytes: 4094 dwords */
        wr(vcs + GTREF_RING_TAIL, 0x10),                        /* 0x18 bytes round the 16 KiB ring: 6 dwords */
        wr(rcs + GTREF_RING_TAIL, 0x80),                        /* the same TAIL again: nothing */
    };
    gtref_stim s;
    gtref_stim_init(&s);
    s.ops = ops;
    s.nops = sizeof ops / sizeof ops[0];
    uint64_t dw[GTREF_MAX_ENGINES];
    cr_assert_eq(gtref_stim_ring_dwords(&s, dw), 4100);
    cr_assert_eq(dw[0], 64 + 928);
    cr_assert_eq(dw[1], 0);
    cr_assert_eq(dw[2], 4094 + 6);
    cr_assert_eq(dw[3], 0);
    cr_assert_eq(gtref_stim_estimate_cycles(&s), 4100ull * GTREF_GEN_CYCLES_PER_RING_DW);
    s.ops = NULL;
    s.nops = 0;
    gtref_stim_free(&s);
}

/* Whether engine e's stream has an illegal command or a hang-mode fault (a stopping engine): the model halts it. */
static bool halted(const gtref_model_run *r, int e)
{
    return gtm_engine_halted(r->model, e);
}

Test(long_tests, min_cycles_is_reached_by_an_engine_that_never_stops, .timeout = 240)
{
    static const uint64_t asked[] = {20000, 150000};
    for (size_t a = 0; a < sizeof asked / sizeof asked[0]; a++)
        for (uint8_t engines = 1; engines <= GTREF_MAX_ENGINES; engines++)
            for (uint64_t seed = 1; seed <= 6; seed++) {
                gtref_gen_config c;
                test_ring_gen_defaults(&c);
                c.engines = engines;
                c.min_cycles = asked[a];
                c.malformed_pct = 100;   /* stopping engines in every seed: one engine must still run */
                c.fault_pct = 50;
                gtref_stim s;
                gtref_stim_init(&s);
                cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0, "seed %" PRIu64 ", %u engines", seed, engines);
                cr_assert_geq(gtref_stim_estimate_cycles(&s), asked[a], "seed %" PRIu64 ", %u engines: estimate %" PRIu64
                              " below the %" PRIu64 " cycles asked", seed, engines, gtref_stim_estimate_cycles(&s), asked[a]);
                cr_assert_geq(s.max_cycles, 400000 + 8 * asked[a], "the cycle limit leaves room for the long test");
                gtref_lint_violation v[1];
                cr_assert_eq(gtref_stim_lint(&s, NULL, 0, v, 1), 0, "seed %" PRIu64 ": %s: %s", seed,
                             v[0].where, v[0].found);
                gtref_model_run r;
                cr_assert_eq(gtref_model_only_run(&s, &r), 0, "seed %" PRIu64 ", %u engines: %s", seed, engines, r.error);
                /* an engine the model did not halt was handed enough ring dwords on its own */
                uint64_t dw[GTREF_MAX_ENGINES], runner = 0;
                gtref_stim_ring_dwords(&s, dw);
                for (int e = 0; e < engines; e++)
                    if (dw[e] && !halted(&r, e) && dw[e] > runner) runner = dw[e];
                cr_assert_geq(runner * GTREF_GEN_CYCLES_PER_RING_DW, asked[a],
                              "seed %" PRIu64 ", %u engines: no engine that runs to the end got the length", seed, engines);
                gtref_model_run_free(&r);
                gtref_stim_free(&s);
            }
}

Test(long_tests, without_the_knob_tests_stay_short)
{
    gtref_gen_config c;
    test_ring_gen_defaults(&c);
    cr_assert_eq(c.min_cycles, 0);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        cr_assert_eq(s.max_cycles, 400000);
        /* a ring of at most 4 pages goes round at most about three times */
        cr_assert_lt(gtref_stim_ring_dwords(&s, NULL), 4 * 4096, "seed %" PRIu64, seed);
        gtref_stim_free(&s);
    }
}

Test(long_tests, a_length_beyond_the_limit_is_refused)
{
    gtref_gen_config c;
    test_ring_gen_defaults(&c);
    c.min_cycles = GTREF_GEN_MAX_MIN_CYCLES + 1;
    gtref_stim s;
    gtref_stim_init(&s);
    cr_assert_neq(gtref_stim_generate(&s, 1, &c), 0);
    cr_assert_eq(s.nsegs, 0);
    cr_assert_eq(s.nops, 0);
    gtref_stim_free(&s);
}

/* Many commands make a long test too (docs/test-lists.md "Long tests"): the cycle limit of such a stimulus leaves
 * room for a run at the top of the measured range, about 9 times the estimate (a seed of the nightly list's
 * min-cmds=3000 max-cmds=6000 group ran 6.4 times its estimate, past a fixed limit of 400 000), and the default
 * seeds keep the fixed limit. */
Test(long_tests, the_cycle_limit_grows_with_many_commands, .timeout = 120)
{
    unsigned grown = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        gtref_gen_config c;
        test_ring_gen_defaults(&c);
        c.min_cmds = 3000;
        c.max_cmds = 6000;
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0, "seed %" PRIu64, seed);
        uint64_t est = gtref_stim_estimate_cycles(&s);
        cr_assert_geq(s.max_cycles, 10 * est, "seed %" PRIu64 ": max_cycles %" PRIu64 " leaves no room for 9 times the "
                      "estimate %" PRIu64, seed, s.max_cycles, est);
        cr_assert_geq(s.max_cycles, 400000);
        grown += 10 * est > 400000;   /* past the fixed limit (ring seeds: no execlists): the rule decides */
        gtref_stim_free(&s);
    }
    cr_assert(grown > 0, "no seed of 3000-6000 commands needs more than the fixed limits: the test proves nothing");
    for (uint64_t seed = 1; seed <= 20; seed++) {
        gtref_gen_config c;
        gtref_gen_config_default(&c);
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0, "seed %" PRIu64, seed);
        cr_assert(s.max_cycles == 400000 || s.max_cycles == 1000000, "seed %" PRIu64 ": default max_cycles %" PRIu64,
                  seed, s.max_cycles);
        gtref_stim_free(&s);
    }
}
