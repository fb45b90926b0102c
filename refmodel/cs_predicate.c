/* MI_PREDICATE and MI_SET_PREDICATE (docs/commands.md §4, C22, C23; KBL-CMD digest A.2 [EXT]). */
#include "cs_internal.h"

enum { CMP_TRUE = 0, CMP_FALSE = 1, CMP_SRCS_EQUAL = 2, CMP_DELTAS_EQUAL = 3 };
enum { COMB_SET = 0, COMB_AND = 1, COMB_OR = 2, COMB_XOR = 3 };
enum { LOAD_KEEP = 0, LOAD_RESERVED = 1, LOAD_LOAD = 2, LOAD_LOADINV = 3 };

static uint64_t reg64(const gtm *m, int e, const uint8_t ri[2])
{
    return (uint64_t)m->val[e][ri[1]] << 32 | m->val[e][ri[0]];
}

int cs_predicate(cs_cmd *cmd)
{
    const gtm *m = cmd->m;
    int e = cmd->e;
    unsigned load = (unsigned)GTREF_GET(cmd->dw, MI_PREDICATE_LOAD);
    if (load == LOAD_RESERVED) return cs_unimpl(cmd, "MI_PREDICATE load=1");
    if (load == LOAD_KEEP) return GTM_RETIRED;   /* the result stays; the combine step is skipped */
    unsigned cmp = (unsigned)GTREF_GET(cmd->dw, MI_PREDICATE_COMPARE);
    uint64_t s0 = reg64(m, e, m->r_pred_src0), s1 = reg64(m, e, m->r_pred_src1);
    unsigned v;
    switch (cmp) {
    case CMP_TRUE: v = 1; break;
    case CMP_FALSE: v = 0; break;
    case CMP_SRCS_EQUAL: v = s0 == s1; break;
    default: v = s0 - s1 == reg64(m, e, m->r_pred_data); break;
    }
    unsigned l = load == LOAD_LOAD ? v : !v;
    unsigned p = m->val[e][m->r_pred_result] & 1u, res;
    switch ((unsigned)GTREF_GET(cmd->dw, MI_PREDICATE_COMBINE)) {
    case COMB_SET: res = l; break;
    case COMB_AND: res = p & l; break;
    case COMB_OR: res = p | l; break;
    default: res = p ^ l; break;
    }
    cs_commit_if_changed(cmd, m->r_pred_result, res);
    return GTM_RETIRED;
}

/* PREDICATE ENABLE values (A.2). */
enum {
    SP_NOOP_NEVER = 0, SP_RESULT2_CLEAR = 1, SP_RESULT2_SET = 2, SP_RESULT_CLEAR = 3, SP_RESULT_SET = 4,
    SP_NOOP_ALWAYS = 15,
};

int cs_set_predicate(cs_cmd *cmd)
{
    unsigned mode = (unsigned)GTREF_GET(cmd->dw, MI_SET_PREDICATE_ENABLE);
    if (mode > SP_RESULT_SET && mode != SP_NOOP_ALWAYS) {
        if (mode <= 7) return cs_unimpl(cmd, "MI_SET_PREDICATE enable=EXECUTE_*_SLICE*");
        return cs_unimpl(cmd, "MI_SET_PREDICATE enable (reserved)");
    }
    cmd->g->set_pred = (uint8_t)mode;
    return GTM_RETIRED;
}

bool cs_set_predicate_noops(const gtm *m, int e)
{
    unsigned r1 = m->val[e][m->r_pred_result] & 1u, r2 = m->val[e][m->r_pred_result2] & 1u;
    switch (m->eng[e].set_pred) {
    case SP_RESULT2_CLEAR: return !r2;
    case SP_RESULT2_SET: return r2;
    case SP_RESULT_CLEAR: return !r1;
    case SP_RESULT_SET: return r1;
    case SP_NOOP_ALWAYS: return true;
    default: return false;
    }
}
