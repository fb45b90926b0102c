/* The constrained-random generator (docs/stimulus-format.md §3), malformed.c: illegal commands: gtref_gen_malformed
 * and gtref_gen_wrong_engine, from the command table. What the generator's files share: gen_internal.h. */
#include "gen_internal.h"

/* ---- illegal commands ---- */

/* Everything the kit knows about command legality comes from the command table: gtref_cmds[],
 * gtref_cmd_find, gtref_cmd_length and gtref_cmd_legal. The result is checked against them. */
int gtref_gen_malformed(enum gtref_bad_kind kind, uint64_t (*next)(void *), void *ctx, uint32_t *dw0)
{
    uint32_t v = 0;
    bool found = false;
    switch (kind) {
    case GTREF_BAD_OPCODE: {          /* an MI opcode the table does not have; random low bits */
        unsigned first = (unsigned)(next(ctx) % 64u);
        for (unsigned i = 0; i < 64 && !found; i++) {
            uint32_t op = (first + i) % 64u;
            v = GTREF_MI_DW0(op) | ((uint32_t)next(ctx) & 0x007FFFFFu);
            found = gtref_cmd_find(v) == NULL;
        }
        break;
    }
    case GTREF_BAD_TYPE:              /* command type 1..7 (not MI) that the table does not define; the rest random */
        for (unsigned i = 0; i < 64 && !found; i++) {
            v = (uint32_t)(1u + next(ctx) % 7u) << 29 | ((uint32_t)next(ctx) & 0x1FFFFFFFu);
            found = gtref_cmd_find(v) == NULL;
        }
        break;
    case GTREF_BAD_LENGTH: {          /* a known variable-length command, DWord Length outside its range */
        unsigned first = (unsigned)(next(ctx) % GTREF_CMD_COUNT);
        for (unsigned i = 0; i < GTREF_CMD_COUNT && !found; i++) {
            const gtref_cmd_def *c = &gtref_cmds[(first + i) % GTREF_CMD_COUNT];
            if (c->type != 0 || !c->len_bits) continue;
            uint32_t fmax = (1u << c->len_bits) - 1u;
            unsigned below = c->min_len > c->bias ? c->min_len - c->bias : 0;      /* fields 0..below-1 */
            unsigned above = c->max_len < fmax + c->bias ? fmax + c->bias - c->max_len : 0; /* the top ones */
            if (!below && !above) continue;
            uint32_t k = (uint32_t)(next(ctx) % (below + above));
            if (next(ctx) & 1) k = below && (!above || (next(ctx) & 1)) ? below - 1u : below;  /* just outside */
            uint32_t f = k < below ? k : c->max_len - c->bias + 1u + (k - below);
            v = GTREF_MI_DW0(c->opcode) | f;
            found = gtref_cmd_find(v) == c && !gtref_cmd_legal(c, v, NULL, 0);
        }
        break;
    }
    case GTREF_BAD_SDI: {             /* Store Qword with an even length (3 + 2n only, C35): mostly 4, else 6..1024 */
        const gtref_cmd_def *c = &gtref_cmds[GTREF_CMD_MI_STORE_DATA_IMM];
        unsigned len = next(ctx) & 1 ? 4u : 6u + 2u * (unsigned)(next(ctx) % ((c->max_len - 6u) / 2u + 1u));
        if (len > c->max_len) len = 4;
        v = GTREF_MI_DW0(c->opcode) | GTREF_SDI_STORE_QWORD | (len - c->bias);
        if (next(ctx) & 1) v |= GTREF_SDI_USE_GGTT;
        found = gtref_cmd_find(v) == c && !gtref_cmd_legal(c, v, NULL, 0);
        break;
    }
    case GTREF_BAD_LRI: {             /* an even total length, inside the table's range */
        const gtref_cmd_def *c = &gtref_cmds[GTREF_CMD_MI_LOAD_REGISTER_IMM];
        unsigned lo = c->min_len + (c->min_len % 2), hi = c->max_len - (c->max_len % 2);
        if (hi < lo) break;
        unsigned len = lo + 2u * (unsigned)(next(ctx) % ((hi - lo) / 2u + 1u));
        if (len > 14 && (next(ctx) & 3)) len = lo + 2u * (unsigned)(next(ctx) % 6u);  /* mostly short ones */
        v = GTREF_MI_DW0(c->opcode) | (len - c->bias);
        if (next(ctx) & 1) v |= ((uint32_t)next(ctx) & 0xFu) << GTREF_LRI_BWD_SHIFT;
        found = gtref_cmd_find(v) == c && !gtref_cmd_legal(c, v, NULL, 0);
        break;
    }
    default: break;
    }
    if (!found) return -1;
    *dw0 = v;
    return 0;
}

int gtref_gen_wrong_engine(int engine, uint64_t (*next)(void *), void *ctx, uint32_t *dw0)
{
    int cand[GTREF_CMD_COUNT], n = 0;
    for (int i = 0; i < GTREF_CMD_COUNT; i++)
        if (!gtref_cmd_on_engine(&gtref_cmds[i], engine)) cand[n++] = i;
    if (!n) return -1;
    /* half of the time the commands that matter most: PIPE_CONTROL off RCS0, MI_FLUSH_DW on RCS0 */
    int pref = engine == 0 ? GTREF_CMD_MI_FLUSH_DW : GTREF_CMD_PIPE_CONTROL;
    const gtref_cmd_def *c = &gtref_cmds[(next(ctx) & 1) && !gtref_cmd_on_engine(&gtref_cmds[pref], engine)
                                             ? pref : cand[next(ctx) % (uint64_t)n]];
    unsigned span = c->max_len - c->min_len + 1u;
    unsigned len = c->min_len + (unsigned)(next(ctx) % (span < 4 ? span : 4));
    uint32_t v = gtref_cmd_header(c, len);
    if (gtref_cmd_find(v) != c || !gtref_cmd_legal(c, v, NULL, 0)) v = gtref_cmd_header(c, c->min_len);
    if (gtref_cmd_find(v) != c || !gtref_cmd_legal(c, v, NULL, 0)) return -1;
    *dw0 = v;
    return 0;
}

