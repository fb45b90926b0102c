/* The stimulus linter (see include/gtref/stim_lint.h): the rules as data, then one check per rule. */
#include "gtref/stim_lint.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "gtref/cmds.h"
#include "gtref/engines.h"
#include "gtref/regs.h"

enum { R_BB_QWORD, R_RING_START, R_TAIL_QWORD, R_HWS_PAGE, R_SDI_INTO_COMMANDS, R_COUNT };

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

static bool in_command_memory(const gtref_stim *s, uint64_t addr, uint64_t len)
{
    for (size_t g = 0; g < s->nsegs; g++) {
        const gtref_segment *seg = &s->segs[g];
        if (seg->kind != GTREF_SEG_RING && seg->kind != GTREF_SEG_BATCH) continue;
        if (addr < seg->addr + seg->len && addr + len > seg->addr) return true;
    }
    return false;
}

size_t gtref_stim_lint(const gtref_stim *s, const char *const *waived, size_t nwaived, gtref_lint_violation *v,
                       size_t max)
{
    linter l = {.waived = waived, .nwaived = nwaived, .v = v, .max = max};
    char where[96];
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
            off += 4 * len;
        }
    }
    /* host MMIO writes */
    for (size_t i = 0; i < s->nops; i++) {
        const gtref_host_op *op = &s->ops[i];
        if (op->op != GTREF_HOST_WRITE) continue;
        uint32_t r = engine_reg(op->off, s->engines);
        snprintf(where, sizeof where, "host operation %zu (write 0x%05" PRIx32 ")", i + 1, op->off);
        if (r == GTREF_RING_START && (op->val & 0xE0000FFFu)) report(&l, R_RING_START, where, "RING_START = 0x%08" PRIx32, op->val);
        if (r == GTREF_RING_TAIL && (op->val & 7)) report(&l, R_TAIL_QWORD, where, "RING_TAIL = 0x%08" PRIx32, op->val);
        if (r == GTREF_HWS_PGA && (op->val & 0xfff)) report(&l, R_HWS_PAGE, where, "HWS_PGA = 0x%08" PRIx32, op->val);
    }
    return l.n;
}
