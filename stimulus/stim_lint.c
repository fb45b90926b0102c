/* The stimulus linter (see include/gtref/stim_lint.h): the rules as data, then one check per rule. */
#include "gtref/stim_lint.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "gtref/cmds.h"
#include "gtref/engines.h"
#include "gtref/gam.h"
#include "gtref/regs.h"

enum { R_BB_QWORD, R_RING_START, R_TAIL_QWORD, R_HWS_PAGE, R_SDI_INTO_COMMANDS, R_GAM_IDLE, R_REG_POLL, R_EL_HOST,
       R_EL_CMD, R_COUNT };

const gtref_lint_rule gtref_lint_rules[R_COUNT] = {
    [R_BB_QWORD] = {"bb-qword-aligned", "KBL-OVW L657-659",
                    "a batch buffer starts at a QWord-aligned address (MI_BATCH_BUFFER_START address bits 2:0 = 0)"},
    [R_RING_START] = {"ring-start-4k", "KBL-OVW L634-635; BYT-REG L6536-6540",
                      "RING_BUFFER_START is 4 KB aligned (bits 11:0 = 0) with address bits 31:29 zero"},
    [R_TAIL_QWORD] = {"tail-qword", "BYT-REG RING_BUFFER_TAIL (digest: TAIL QWord offset [20:3])",
                      "RING_BUFFER_TAIL is written with a QWord offset (bits 2:0 = 0)"},
    [R_HWS_PAGE] = {"hws-page", "BYT-REG L3873-3900 (HWS_PGA)",
                    "HWS_PGA points at a 4 KB-aligned page (bits 11:0 MBZ)"},
    [R_SDI_INTO_COMMANDS] = {"no-store-into-commands", "docs/cycle-contract.md §8",
                             "MI_STORE_DATA_IMM does not write ring or batch memory (the DUT may have fetched it)"},
    [R_GAM_IDLE] = {"gam-regs-while-idle", "docs/gam.md §5",
                    "the GAM's arbiter and limit registers (CVS_TLB_LRA_0..2, MEDIA_MAX_REQ_COUNT, MIDARB_PRIO_NP, "
                    "MIDARB_GOTOFIELD_NP0..3, GAC_ARB_CTL_REG, ARB_RO/R/WR_GAC_GAM0..3) are written by MMIO only while "
                    "every engine is idle: before any ring has work, or after a wait_idle and before the next "
                    "submission"},
    [R_REG_POLL] = {"reg-poll-one-release", "docs/spec-decisions.md C33; docs/cycle-contract.md §3",
                    "a register that a register-poll MI_SEMAPHORE_WAIT polls and the host writes keeps the wait's "
                    "condition once it holds: after the first RING_TAIL write to an enabled ring, no host write that "
                    "breaks the condition follows one that met it, and no MI_LOAD_REGISTER_IMM/REG/MEM with an absolute "
                    "offset writes it"},
    [R_EL_HOST] = {"el-ring-regs-while-loaded", "docs/execlists.md §8",
                   "from an execlist Load (el_submit, el_resubmit with element 0 valid) until the next wait_idle, the host "
                   "writes none of the engine's RING_HEAD, RING_TAIL, RING_START, RING_CTL, HWS_PGA, nor "
                   "CONTEXT_STATUS_PTR's write pointer (a write with mask bits 19:16 set)"},
    [R_EL_CMD] = {"el-regs-not-by-commands", "docs/execlists.md §8",
                  "no MI_LOAD_REGISTER_IMM/REG/MEM writes EXECLIST_SQ_*, EXECLIST_CONTROL or CONTEXT_STATUS_PTR, and no "
                  "MI_STORE_REGISTER_MEM or MI_LOAD_REGISTER_REG reads EXECLIST_STATUS_*, CSB_ENTRY_* or "
                  "CONTEXT_STATUS_PTR (absolute offsets: a segment's dwords are walked linearly, and an engine-relative "
                  "offset names its engine's register whichever dword it is)"},
};
const size_t gtref_lint_nrules = R_COUNT;

const gtref_lint_rule *gtref_lint_rule_find(const char *id)
{
    for (size_t i = 0; i < R_COUNT; i++)
        if (strcmp(gtref_lint_rules[i].id, id) == 0) return &gtref_lint_rules[i];
    return NULL;
}

typedef struct linter {
    const char *const *waived;
    size_t nwaived;
    gtref_lint_violation *v;
    size_t max, n;
} linter;

static void report(linter *l, int rule, const char *where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void report(linter *l, int rule, const char *where, const char *fmt, ...)
{
    for (size_t i = 0; i < l->nwaived; i++)
        if (strcmp(l->waived[i], gtref_lint_rules[rule].id) == 0) return;
    if (l->n < l->max) {
        gtref_lint_violation *x = &l->v[l->n];
        x->rule = &gtref_lint_rules[rule];
        snprintf(x->where, sizeof x->where, "%s", where);
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(x->found, sizeof x->found, fmt, ap);
        va_end(ap);
    }
    l->n++;
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The engine register at absolute offset off: its offset inside the engine block, or UINT32_MAX. */
static uint32_t engine_reg(uint32_t off, int engines)
{
    for (int e = 0; e < engines && e < GTREF_MAX_ENGINES; e++)
        if (off >= gtref_engines[e].base && off < gtref_engines[e].base + 0x1000) return off - gtref_engines[e].base;
    return UINT32_MAX;
}

/* The GAM registers of docs/gam.md §5 that the host writes only while every engine is idle; NULL if off is none. */
static const char *gam_idle_reg(uint32_t off)
{
    static const struct { uint32_t off; const char *name; } regs[] = {
        {GTREF_CVS_TLB_LRA_0, "CVS_TLB_LRA_0"}, {GTREF_CVS_TLB_LRA_1, "CVS_TLB_LRA_1"},
        {GTREF_CVS_TLB_LRA_2, "CVS_TLB_LRA_2"}, {GTREF_MEDIA_MAX_REQ_COUNT, "MEDIA_MAX_REQ_COUNT"},
        {GTREF_MIDARB_PRIO_NP, "MIDARB_PRIO_NP"}, {GTREF_GAC_ARB_CTL_REG, "GAC_ARB_CTL_REG"},
    };
    for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++)
        if (off == regs[i].off) return regs[i].name;
    static const char *const goto_np[4] = {"MIDARB_GOTOFIELD_NP0", "MIDARB_GOTOFIELD_NP1", "MIDARB_GOTOFIELD_NP2",
                                           "MIDARB_GOTOFIELD_NP3"};
    if (off >= GTREF_MIDARB_GOTOFIELD_NP0 && off < GTREF_MIDARB_GOTOFIELD_NP0 + 16 && !(off & 3))
        return goto_np[(off - GTREF_MIDARB_GOTOFIELD_NP0) / 4];
    static const char *const casc[12] = {"ARB_RO_GAC_GAM0", "ARB_RO_GAC_GAM1", "ARB_RO_GAC_GAM2", "ARB_RO_GAC_GAM3",
                                         "ARB_R_GAC_GAM0",  "ARB_R_GAC_GAM1",  "ARB_R_GAC_GAM2",  "ARB_R_GAC_GAM3",
                                         "ARB_WR_GAC_GAM0", "ARB_WR_GAC_GAM1", "ARB_WR_GAC_GAM2", "ARB_WR_GAC_GAM3"};
    _Static_assert(GTREF_ARB_R_GAC_GAM0 == GTREF_ARB_RO_GAC_GAM0 + 16 && GTREF_ARB_WR_GAC_GAM0 == GTREF_ARB_RO_GAC_GAM0 + 32,
                   "the class machines' registers follow one another");
    if (off >= GTREF_ARB_RO_GAC_GAM0 && off < GTREF_ARB_RO_GAC_GAM0 + 48 && !(off & 3))
        return casc[(off - GTREF_ARB_RO_GAC_GAM0) / 4];
    return NULL;
}

/* docs/execlists.md §8: the engine-relative registers no command writes (w) or reads (!w); rel UINT32_MAX: none. */
static const char *el_reg(uint32_t rel, bool w)
{
    if (rel == GTREF_CONTEXT_STATUS_PTR) return "CONTEXT_STATUS_PTR";
    if (w && rel >= GTREF_EXECLIST_SQ_LO0 && rel < GTREF_EXECLIST_SQ_LO0 + 64u) return "EXECLIST_SQ_*";
    if (w && rel == GTREF_EXECLIST_CONTROL) return "EXECLIST_CONTROL";
    if (!w && (rel == GTREF_EXECLIST_STATUS_LO || rel == GTREF_EXECLIST_STATUS_HI)) return "EXECLIST_STATUS_*";
    if (!w && ((rel >= GTREF_CSB_ENTRY_LO0 && rel < GTREF_CSB_ENTRY_LO0 + 48u) ||
               (rel >= GTREF_CSB_ENTRY_LO6 && rel < GTREF_CSB_ENTRY_LO6 + 48u)))
        return "CSB_ENTRY_*";
    return NULL;
}

/* The engine-relative register an absolute offset of a command names (UINT32_MAX when none, or when the offset is
 * engine-relative, Add CS MMIO Start Offset: the walk cannot tell a command from data, and any dword would name a
 * register then; the generator keeps those off the execlist registers itself). */
static uint32_t cmd_reg(uint32_t off, bool cs_mmio, int engines)
{
    return cs_mmio ? UINT32_MAX : engine_reg(off & 0x7FFFFCu, engines);
}

static bool in_command_memory(const gtref_stim *s, uint64_t addr, uint64_t len)
{
    for (size_t g = 0; g < s->nsegs; g++) {
        const gtref_segment *seg = &s->segs[g];
        if (seg->kind != GTREF_SEG_RING && seg->kind != GTREF_SEG_BATCH) continue;
        if (addr < seg->addr + seg->len && addr + len > seg->addr) return true;
    }
    return false;
}

#define MAX_POLLED 16

/* MI_SEMAPHORE_WAIT's compare (SAD op SDD, unsigned; values 6 and 7 never hold) */
static bool sem_holds(unsigned op, uint32_t sad, uint32_t sdd)
{
    switch (op) {
    case 0: return sad > sdd;
    case 1: return sad >= sdd;
    case 2: return sad < sdd;
    case 3: return sad <= sdd;
    case 4: return sad == sdd;
    case 5: return sad != sdd;
    default: return false;
    }
}

size_t gtref_stim_lint(const gtref_stim *s, const char *const *waived, size_t nwaived, gtref_lint_violation *v,
                       size_t max)
{
    linter l = {.waived = waived, .nwaived = nwaived, .v = v, .max = max};
    char where[96];
    /* registers polled by register-poll waits (reg-poll-one-release), and how often the host writes them once some
     * ring has work */
    uint32_t polled[MAX_POLLED], sdd[MAX_POLLED];
    unsigned npolled = 0, cmp_op[MAX_POLLED];
    bool released[MAX_POLLED] = {0};
    for (size_t g = 0; g < s->nsegs; g++) {
        const gtref_segment *seg = &s->segs[g];
        if (seg->kind != GTREF_SEG_RING && seg->kind != GTREF_SEG_BATCH) continue;
        for (size_t off = 0; off + 16 <= seg->len; off += 4) {
            uint32_t dw[4];
            for (int k = 0; k < 4; k++) dw[k] = rd32(seg->bytes + off + 4 * k);
            const gtref_cmd_def *c = gtref_cmd_find(dw[0]);
            if (!c || c->id != GTREF_CMD_MI_SEMAPHORE_WAIT || !gtref_cmd_legal(c, dw[0], NULL, 0) ||
                !GTREF_GET(dw, MI_SEMAPHORE_WAIT_REG_POLL))
                continue;
            uint32_t r = (uint32_t)GTREF_GET(dw, MI_SEMAPHORE_WAIT_ADDR) & 0x7FFFFCu;
            bool seen = false;
            for (unsigned i = 0; i < npolled; i++) seen |= polled[i] == r;
            bool host = false;   /* only the registers the host releases: another engine's register reads 0 (C14) */
            for (size_t i = 0; i < s->nops && !host; i++) host = s->ops[i].op == GTREF_HOST_WRITE && s->ops[i].off == r;
            if (!seen && host && npolled < MAX_POLLED) {   /* the first wait on a register decides its condition */
                sdd[npolled] = (uint32_t)GTREF_GET(dw, MI_SEMAPHORE_WAIT_DATA);
                cmp_op[npolled] = (unsigned)GTREF_GET(dw, MI_SEMAPHORE_WAIT_COMPARE);
                polled[npolled++] = r;
            }
        }
    }
    /* commands in rings and batches */
    for (size_t g = 0; g < s->nsegs; g++) {
        const gtref_segment *seg = &s->segs[g];
        if (seg->kind != GTREF_SEG_RING && seg->kind != GTREF_SEG_BATCH) continue;
        for (size_t off = 0; off + 4 <= seg->len;) {
            uint32_t dw[16] = {0};
            dw[0] = rd32(seg->bytes + off);
            const gtref_cmd_def *c = dw[0] ? gtref_cmd_find(dw[0]) : NULL;
            size_t len = c && gtref_cmd_legal(c, dw[0], NULL, 0) ? gtref_cmd_length(c, dw[0]) : 1;
            for (size_t k = 1; k < len && k < 16 && off + 4 * k + 4 <= seg->len; k++) dw[k] = rd32(seg->bytes + off + 4 * k);
            snprintf(where, sizeof where, "%s 0x%" PRIx64 " + 0x%zx (%s)", seg->kind == GTREF_SEG_RING ? "ring" : "batch",
                     seg->addr, off, c ? c->name : "?");
            if (c && c->id == GTREF_CMD_MI_BATCH_BUFFER_START && len >= 3) {
                uint64_t a = GTREF_GET(dw, MI_BATCH_BUFFER_START_ADDR);
                if (a & 7) report(&l, R_BB_QWORD, where, "batch address 0x%" PRIx64, a);
            }
            if (c && c->id == GTREF_CMD_MI_STORE_DATA_IMM && len >= 4) {
                uint64_t a = GTREF_GET(dw, MI_STORE_DATA_IMM_ADDR);
                if (in_command_memory(s, a, len >= 5 ? 8 : 4)) report(&l, R_SDI_INTO_COMMANDS, where, "writes 0x%" PRIx64, a);
            }
            if (c && c->id == GTREF_CMD_MI_LOAD_REGISTER_IMM)
                for (size_t k = 1; k + 1 < len && k + 1 < 16; k += 2)
                    if (engine_reg(dw[k] & GTREF_LRI_OFFSET_MASK, s->engines) == GTREF_HWS_PGA && (dw[k + 1] & 0xfff))
                        report(&l, R_HWS_PAGE, where, "HWS_PGA = 0x%08" PRIx32, dw[k + 1]);
            if (c && gtref_cmd_legal(c, dw[0], NULL, 0)) {   /* the execlist registers (el-regs-not-by-commands) */
                const char *hit = NULL;
                uint32_t at = 0;
                if (c->id == GTREF_CMD_MI_LOAD_REGISTER_IMM)
                    for (size_t k = 1; k + 1 < len && off + 4 * k + 4 <= seg->len && !hit; k += 2) {
                        at = rd32(seg->bytes + off + 4 * k);
                        hit = el_reg(cmd_reg(at, GTREF_GET(dw, MI_LOAD_REGISTER_IMM_CS_MMIO), s->engines), true);
                    }
                if (c->id == GTREF_CMD_MI_LOAD_REGISTER_REG && len >= 3) {
                    at = (uint32_t)GTREF_GET(dw, MI_LOAD_REGISTER_REG_DST);
                    hit = el_reg(cmd_reg(at, GTREF_GET(dw, MI_LOAD_REGISTER_REG_CS_MMIO_DST), s->engines), true);
                    if (!hit) {
                        at = (uint32_t)GTREF_GET(dw, MI_LOAD_REGISTER_REG_SRC);
                        hit = el_reg(cmd_reg(at, GTREF_GET(dw, MI_LOAD_REGISTER_REG_CS_MMIO_SRC), s->engines), false);
                    }
                }
                if (c->id == GTREF_CMD_MI_LOAD_REGISTER_MEM && len >= 4) {
                    at = (uint32_t)GTREF_GET(dw, MI_LOAD_REGISTER_MEM_REG);
                    hit = el_reg(cmd_reg(at, GTREF_GET(dw, MI_LOAD_REGISTER_MEM_CS_MMIO), s->engines), true);
                }
                if (c->id == GTREF_CMD_MI_STORE_REGISTER_MEM && len >= 4) {
                    at = (uint32_t)GTREF_GET(dw, MI_STORE_REGISTER_MEM_REG);
                    hit = el_reg(cmd_reg(at, GTREF_GET(dw, MI_STORE_REGISTER_MEM_CS_MMIO), s->engines), false);
                }
                if (hit) report(&l, R_EL_CMD, where, "offset 0x%05" PRIx32 " names %s", at, hit);
            }
            if (npolled && c && gtref_cmd_legal(c, dw[0], NULL, 0)) {   /* absolute destinations of register loads */
                uint32_t dst[128];
                size_t nd = 0;
                if (c->id == GTREF_CMD_MI_LOAD_REGISTER_IMM && !GTREF_GET(dw, MI_LOAD_REGISTER_IMM_CS_MMIO))
                    for (size_t k = 1; k + 1 < len && off + 4 * k + 4 <= seg->len; k += 2)
                        dst[nd++] = rd32(seg->bytes + off + 4 * k) & GTREF_LRI_OFFSET_MASK;
                if (c->id == GTREF_CMD_MI_LOAD_REGISTER_REG && len >= 3 && !GTREF_GET(dw, MI_LOAD_REGISTER_REG_CS_MMIO_DST))
                    dst[nd++] = (uint32_t)GTREF_GET(dw, MI_LOAD_REGISTER_REG_DST);
                if (c->id == GTREF_CMD_MI_LOAD_REGISTER_MEM && len >= 4 && !GTREF_GET(dw, MI_LOAD_REGISTER_MEM_CS_MMIO))
                    dst[nd++] = (uint32_t)GTREF_GET(dw, MI_LOAD_REGISTER_MEM_REG);
                for (size_t k = 0; k < nd; k++)
                    for (unsigned i = 0; i < npolled; i++)
                        if (dst[k] == polled[i])
                            report(&l, R_REG_POLL, where, "writes 0x%05" PRIx32 ", which a register-poll wait polls", dst[k]);
            }
            off += 4 * len;
        }
    }
    /* host MMIO writes. An engine may be busy (gam-regs-while-idle) from a host write that leaves its ring enabled
     * with TAIL other than HEAD (offsets [20:2] as last written) until the next wait_idle, after which HEAD is where
     * TAIL is. */
    struct { bool enabled; uint32_t head, tail; } ring[GTREF_MAX_ENGINES] = {{0}};
    const uint32_t ring_off = GTREF_HEAD_OFFSET_MASK;
    bool submitted = false;
    bool loaded[GTREF_MAX_ENGINES] = {0};   /* an execlist Load since the last wait_idle (el-ring-regs-while-loaded) */
    for (size_t i = 0; i < s->nops; i++) {
        const gtref_host_op *op = &s->ops[i];
        if (op->op == GTREF_HOST_WAIT_IDLE)
            for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
                ring[e].head = ring[e].tail;
                loaded[e] = false;
            }
        if ((op->op == GTREF_HOST_EL_SUBMIT || op->op == GTREF_HOST_EL_RESUBMIT) && (op->val & 0xFF) < GTREF_MAX_ENGINES &&
            (op->addr & 1u))
            loaded[op->val & 0xFF] = true;
        if (op->op != GTREF_HOST_WRITE) continue;
        uint32_t r = engine_reg(op->off, s->engines);
        snprintf(where, sizeof where, "host operation %zu (write 0x%05" PRIx32 ")", i + 1, op->off);
        for (int e = 0; e < s->engines && e < GTREF_MAX_ENGINES; e++) {
            if (!loaded[e] || engine_reg(op->off, s->engines) == UINT32_MAX || op->off - r != gtref_engines[e].base) continue;
            if (r == GTREF_RING_HEAD || r == GTREF_RING_TAIL || r == GTREF_RING_START || r == GTREF_RING_CTL ||
                r == GTREF_HWS_PGA || (r == GTREF_CONTEXT_STATUS_PTR && (op->val >> 16 & GTREF_CSB_WRITE_PTR_MASK)))
                report(&l, R_EL_HOST, where, "0x%08" PRIx32 " to %s's register 0x%03" PRIx32 " after an execlist Load, "
                       "before a wait_idle", op->val, gtref_engines[e].name, r);
        }
        const char *gam = gam_idle_reg(op->off);
        if (gam) {
            int busy = -1;
            for (int e = 0; e < GTREF_MAX_ENGINES && busy < 0; e++)
                if ((ring[e].enabled && ring[e].head != ring[e].tail) || loaded[e]) busy = e;
            if (busy >= 0)
                report(&l, R_GAM_IDLE, where, "%s = 0x%08" PRIx32 " while %s may be busy (no wait_idle since its TAIL "
                       "0x%" PRIx32 " was submitted)", gam, op->val, gtref_engines[busy].name, ring[busy].tail);
        }
        for (int e = 0; e < s->engines && e < GTREF_MAX_ENGINES; e++) {
            if (op->off == gtref_engines[e].base + GTREF_RING_CTL) ring[e].enabled = op->val & 1u;
            if (op->off == gtref_engines[e].base + GTREF_RING_HEAD) ring[e].head = op->val & ring_off;
            if (op->off == gtref_engines[e].base + GTREF_RING_TAIL) ring[e].tail = op->val & ring_off;
            if (op->off == gtref_engines[e].base + GTREF_RING_TAIL && ring[e].enabled) submitted = true;
        }
        for (unsigned k = 0; k < npolled; k++) {
            if (op->off != polled[k] || !submitted) continue;
            bool met = sem_holds(cmp_op[k], op->val, sdd[k]);
            if (released[k] && !met)
                report(&l, R_REG_POLL, where, "0x%08" PRIx32 " to 0x%05" PRIx32 " breaks the register-poll wait's "
                       "condition after an earlier write met it", op->val, op->off);
            released[k] |= met;
        }
        if (r == GTREF_RING_START && (op->val & 0xE0000FFFu)) report(&l, R_RING_START, where, "RING_START = 0x%08" PRIx32, op->val);
        if (r == GTREF_RING_TAIL && (op->val & 7)) report(&l, R_TAIL_QWORD, where, "RING_TAIL = 0x%08" PRIx32, op->val);
        if (r == GTREF_HWS_PGA && (op->val & 0xfff)) report(&l, R_HWS_PAGE, where, "HWS_PGA = 0x%08" PRIx32, op->val);
    }
    return l.n;
}
