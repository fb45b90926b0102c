/* The starvation bound of the MIDARB NP arbiter (docs/gam.md GAM-24), against programs whose bounds are worked out
 * by hand from the register descriptions (BYT-REG L5511-5557, L3279-3416; decode G13, state moves G14). */
#include <criterion/criterion.h>

#include "gtref/arb_bound.h"

/* Goto field of state s for request vector v: bits 2v+1:2v (L3279-3416). */
static void set_goto(uint32_t gotos[4], unsigned s, unsigned v, unsigned next)
{
    gotos[s] = (gotos[s] & ~(3u << (2 * v))) | (next & 3u) << (2 * v);
}

/* At reset every register is 0: one state, code 00000 = RCS0 BCS0 VCS0 VECS0 (G13), goto always state 0. RCS0 wins
 * whenever it requests (bound 0); the others lose to it for ever while it requests (no bound). */
Test(arb_bound, reset_values_are_fixed_priority)
{
    uint32_t gotos[4] = { 0 };
    cr_assert_eq(gtref_arb_bound(0, gotos, 4, 0), 0);
    for (int e = 1; e < 4; e++) cr_assert_eq(gtref_arb_bound(0, gotos, 4, e), GTREF_ARB_UNBOUNDED, "engine %d", e);
}

/* A round robin: state s ranks engine s first, then s+1, ...: codes (G13) 00000 (0 1 2 3), 01101 (VECS0 3rd; 1 2 0:
 * 1 2 3 0), 10010 (VECS0 2nd; 2 0 1: 2 3 0 1), 11000 (VECS0 1st; 0 1 2: 3 0 1 2). After a grant to w the next state is
 * w + 1 (mod 4); with no request it stays. Whoever requests, every other engine is served at most once before it:
 * bound 3 with four engines. With two engines (RCS0, BCS0) only states 0 and 1 and 2..3 matter: bound 1. */
Test(arb_bound, a_round_robin_serves_everyone_within_three)
{
    static const unsigned order[4][4] = { { 0, 1, 2, 3 }, { 1, 2, 3, 0 }, { 2, 3, 0, 1 }, { 3, 0, 1, 2 } };
    uint32_t prio = 0x00u | 0x0Du << 5 | 0x12u << 10 | 0x18u << 15;
    uint32_t gotos[4] = { 0 };
    for (unsigned s = 0; s < 4; s++)
        for (unsigned v = 0; v < 16; v++) {
            unsigned next = s;
            for (unsigned i = 0; i < 4; i++)
                if (v & (1u << order[s][i])) { next = (order[s][i] + 1) % 4; break; }
            set_goto(gotos, s, v, next);
        }
    for (int e = 0; e < 4; e++) cr_assert_eq(gtref_arb_bound(prio, gotos, 4, e), 3, "engine %d", e);
    for (int e = 0; e < 2; e++) cr_assert_eq(gtref_arb_bound(prio, gotos, 2, e), 1, "engine %d of two", e);
}

/* States 0, 2 and 3 rank RCS0 first and always move to state 1; state 1 (code 00100: BCS0 RCS0 VCS0 VECS0) ranks BCS0
 * first and stays. BCS0 can lose once (to RCS0, in whatever state the machine is when the registers are programmed)
 * and then wins: bound 1. RCS0 loses in state 1 to BCS0 for ever. VCS0 and VECS0 lose in state 1 whenever BCS0
 * requests: no bound. With state 2 going to state 0 instead, BCS0 can lose twice (2 -> 0 -> 1): the bound is over
 * every state the machine may be in, not only those reachable from reset. */
Test(arb_bound, a_finite_wait_and_a_starving_state)
{
    uint32_t prio = 0x00u | 0x04u << 5;
    uint32_t gotos[4] = { 0x55555555u, 0x55555555u, 0x55555555u, 0x55555555u };   /* every vector: state 1 */
    cr_assert_eq(gtref_arb_bound(prio, gotos, 4, 1), 1);
    gotos[2] = 0;
    cr_assert_eq(gtref_arb_bound(prio, gotos, 4, 1), 2);
    gotos[2] = 0x55555555u;
    cr_assert_eq(gtref_arb_bound(prio, gotos, 4, 0), GTREF_ARB_UNBOUNDED);
    cr_assert_eq(gtref_arb_bound(prio, gotos, 4, 2), GTREF_ARB_UNBOUNDED);
    cr_assert_eq(gtref_arb_bound(prio, gotos, 4, 3), GTREF_ARB_UNBOUNDED);
}

/* Codes 110 and 111 in c[2:0] act as 000 (G13): 00110 ranks RCS0 first like 00000. An engine outside the build has no
 * bound to give. */
Test(arb_bound, reserved_codes_and_absent_engines)
{
    uint32_t gotos[4] = { 0 };
    cr_assert_eq(gtref_arb_bound(0x06u, gotos, 4, 0), 0);
    cr_assert_eq(gtref_arb_bound(0x07u, gotos, 4, 1), GTREF_ARB_UNBOUNDED);
    cr_assert_eq(gtref_arb_bound(0, gotos, 2, 3), GTREF_ARB_UNBOUNDED);
}
