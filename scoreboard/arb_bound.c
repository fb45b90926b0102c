/* The starvation bound of the MIDARB NP arbiter (docs/gam.md GAM-24), computed from its registers alone: how many
 * arbitrations in a row an engine may take part in without being granted, whatever the other engines request.
 *
 * Written from the register descriptions (BYT-REG L5511-5557, L3279-3416; decode G13, state moves G14), not from the
 * GAM model, so that a mistake the model and the RTL share in the arbiter shows as a wait the programming forbids. */
#include "gtref/arb_bound.h"

#include <string.h>

/* The engine a priority code ranks first among the engines of v (G13): c[4:3] is VECS0's rank (00 last .. 11 first);
 * c[2:0] orders RCS0 (0), BCS0 (1), VCS0 (2) as the HIT table does (000 = 0 1 2, 001 = 0 2 1, 010 = 2 0 1,
 * 011 = 2 1 0, 100 = 1 0 2, 101 = 1 2 0; 110 and 111 as 000). */
static int winner(unsigned code, unsigned v)
{
    static const char *const orders[8] = { "012", "021", "201", "210", "102", "120", "012", "012" };
    char order[5];
    unsigned vecs_rank = 3u - ((code >> 3) & 3u);   /* position of VECS0 in the four */
    const char *three = orders[code & 7u];
    for (unsigned i = 0, j = 0; i < 4; i++) order[i] = i == vecs_rank ? '3' : three[j++];
    for (unsigned i = 0; i < 4; i++)
        if (v & (1u << (order[i] - '0'))) return order[i] - '0';
    return -1;
}

int gtref_arb_bound(uint32_t prio_np, const uint32_t goto_np[4], int engines, int e)
{
    if (e < 0 || e >= engines || engines > 4) return GTREF_ARB_UNBOUNDED;
    /* edges s -> goto_s(v) for every vector v of the build's engines that contains e and does not grant e */
    bool edge[4][4];
    memset(edge, 0, sizeof edge);
    for (unsigned s = 0; s < 4; s++)
        for (unsigned v = 0; v < (1u << engines); v++) {
            if (!(v & (1u << e))) continue;
            unsigned code = (prio_np >> (5 * s)) & 0x1Fu;
            if (winner(code, v) == e) continue;
            edge[s][(goto_np[s] >> (2 * v)) & 3u] = true;
        }
    /* longest path (in edges) in a graph of four states; a cycle means no bound */
    int longest[4];
    for (int s = 0; s < 4; s++) longest[s] = 0;
    for (int round = 0; round < 5; round++) {
        bool changed = false;
        for (int s = 0; s < 4; s++)
            for (int t = 0; t < 4; t++)
                if (edge[s][t] && longest[t] + 1 > longest[s]) {
                    longest[s] = longest[t] + 1;
                    changed = true;
                }
        if (!changed) {
            int w = 0;
            for (int s = 0; s < 4; s++) if (longest[s] > w) w = longest[s];
            return w;
        }
        /* with four states a path has at most three edges: still growing in round 5 means a cycle */
    }
    return GTREF_ARB_UNBOUNDED;
}
