/* MI_MATH: the CS ALU (docs/commands.md §4, C21; KBL-CMD digest A.4 [EXT]).
 * R0..R15 are 64-bit: Rn = {CS_GPR(2n+1), CS_GPR(2n)}. SRCA, SRCB, ACCU, ZF and CF are internal and reset
 * to 0 at the start of every MI_MATH. Every ALU dword is checked before any is executed, so an
 * unimplemented instruction leaves no partial effect. */
#include "cs_internal.h"

static bool is_gpr(unsigned o) { return o <= 0x0Fu; }
static bool is_src_reg(unsigned o) { return o == GTREF_ALU_SRCA || o == GTREF_ALU_SRCB; }
static bool is_flag_or_accu(unsigned o) { return o == GTREF_ALU_ACCU || o == GTREF_ALU_ZF || o == GTREF_ALU_CF; }

typedef struct alu {
    uint64_t srca, srcb, accu;
    bool zf, cf;
} alu;

static uint64_t operand(const cs_cmd *cmd, const alu *a, unsigned o)
{
    if (is_gpr(o)) return cs_gpr_read64(cmd, o);
    switch (o) {
    case GTREF_ALU_SRCA: return a->srca;
    case GTREF_ALU_SRCB: return a->srcb;
    case GTREF_ALU_ACCU: return a->accu;
    case GTREF_ALU_ZF: return a->zf ? ~0ull : 0;   /* a set flag reads as 64 ones */
    default: return a->cf ? ~0ull : 0;
    }
}

int cs_math(cs_cmd *cmd)
{
    unsigned n = gtref_group_count(cmd->c, cmd->len);
    uint16_t op[256], o1[256], o2[256];
    const gtref_field_def *fop = GTREF_FIELD(MI_MATH_ALU_OP), *f1 = GTREF_FIELD(MI_MATH_ALU_OPERAND1),
                          *f2 = GTREF_FIELD(MI_MATH_ALU_OPERAND2);
    if (n > 256) return cs_unimpl(cmd, "MI_MATH length");
    for (unsigned k = 0; k < n; k++) {
        op[k] = (uint16_t)gtref_group_get_inline(cmd->dw, cmd->c, k, fop);
        o1[k] = (uint16_t)gtref_group_get_inline(cmd->dw, cmd->c, k, f1);
        o2[k] = (uint16_t)gtref_group_get_inline(cmd->dw, cmd->c, k, f2);
        switch (op[k]) {
        case GTREF_ALU_NOOP: case GTREF_ALU_ADD: case GTREF_ALU_SUB: case GTREF_ALU_AND: case GTREF_ALU_OR:
        case GTREF_ALU_XOR:
            break;
        case GTREF_ALU_LOAD: case GTREF_ALU_LOADINV:
            if (!is_src_reg(o1[k])) return cs_unimpl(cmd, "MI_MATH LOAD/LOADINV destination not SRCA/SRCB");
            if (!is_gpr(o2[k]) && !is_flag_or_accu(o2[k])) return cs_unimpl(cmd, "MI_MATH LOAD/LOADINV source");
            break;
        case GTREF_ALU_LOAD0: case GTREF_ALU_LOAD1:
            if (!is_src_reg(o1[k])) return cs_unimpl(cmd, "MI_MATH LOAD0/LOAD1 destination not SRCA/SRCB");
            break;
        case GTREF_ALU_STORE: case GTREF_ALU_STOREINV:
            if (!is_gpr(o1[k])) return cs_unimpl(cmd, "MI_MATH STORE/STOREINV destination not R0..R15");
            if (!is_src_reg(o2[k]) && !is_flag_or_accu(o2[k])) return cs_unimpl(cmd, "MI_MATH STORE/STOREINV source");
            break;
        default:
            return cs_unimpl(cmd, "MI_MATH ALU opcode (undefined)");
        }
    }
    alu a = { 0, 0, 0, false, false };
    for (unsigned k = 0; k < n; k++) {
        uint64_t *d = o1[k] == GTREF_ALU_SRCA ? &a.srca : &a.srcb;
        switch (op[k]) {
        case GTREF_ALU_LOAD: *d = operand(cmd, &a, o2[k]); break;
        case GTREF_ALU_LOADINV: *d = ~operand(cmd, &a, o2[k]); break;
        case GTREF_ALU_LOAD0: *d = 0; break;
        case GTREF_ALU_LOAD1: *d = ~0ull; break;   /* 64 ones (C21) */
        case GTREF_ALU_ADD:
            a.accu = a.srca + a.srcb;
            a.cf = a.accu < a.srca;   /* carry out of bit 63 */
            a.zf = a.accu == 0;
            break;
        case GTREF_ALU_SUB:
            a.accu = a.srca - a.srcb;
            a.cf = a.srca < a.srcb;   /* borrow */
            a.zf = a.accu == 0;
            break;
        case GTREF_ALU_AND: a.accu = a.srca & a.srcb; a.cf = false; a.zf = a.accu == 0; break;
        case GTREF_ALU_OR: a.accu = a.srca | a.srcb; a.cf = false; a.zf = a.accu == 0; break;
        case GTREF_ALU_XOR: a.accu = a.srca ^ a.srcb; a.cf = false; a.zf = a.accu == 0; break;
        case GTREF_ALU_STORE: cs_gpr_write64(cmd, o1[k], operand(cmd, &a, o2[k])); break;
        case GTREF_ALU_STOREINV: cs_gpr_write64(cmd, o1[k], ~operand(cmd, &a, o2[k])); break;
        default: break;   /* NOOP */
        }
    }
    return GTM_RETIRED;
}
