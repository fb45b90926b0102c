/* The command table and the text form of commands (shared by the disassembler, the assembler and
 * mismatch reports). Encodings: KBL-CMD digest Appendix A ([EXT] Mesa gen9.xml, i915). */
#include "gtref/cmds.h"
#include "gtref/engines.h"
#include "gtref/regs.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const gtref_cmd_def gtref_cmds[GTREF_CMD_COUNT] = {
    { "MI_NOOP", GTREF_CMD_MI_NOOP, 0, 0x00, 0, 1, 1, 1, "KBL-CMD A.1 [EXT] opcode 0x00, 1 DW" },
    { "MI_USER_INTERRUPT", GTREF_CMD_MI_USER_INTERRUPT, 0, 0x02, 0, 1, 1, 1, "KBL-CMD A.1 [EXT] opcode 0x02, 1 DW" },
    { "MI_BATCH_BUFFER_END", GTREF_CMD_MI_BATCH_BUFFER_END, 0, 0x0A, 0, 1, 1, 1, "KBL-CMD A.1 [EXT] opcode 0x0A, 1 DW" },
    { "MI_STORE_DATA_IMM", GTREF_CMD_MI_STORE_DATA_IMM, 0, 0x20, 10, 2, 4, 5, "KBL-CMD A.2 [EXT] opcode 0x20, DWL[9:0]+2" },
    { "MI_LOAD_REGISTER_IMM", GTREF_CMD_MI_LOAD_REGISTER_IMM, 0, 0x22, 8, 2, 3, 255, "KBL-CMD A.2 [EXT] opcode 0x22, DWL[7:0]+2" },
    { "MI_BATCH_BUFFER_START", GTREF_CMD_MI_BATCH_BUFFER_START, 0, 0x31, 8, 2, 3, 3, "KBL-CMD A.2 [EXT] opcode 0x31, DWL[7:0]+2" },
};

const gtref_cmd_def *gtref_cmd_find(uint32_t dw0)
{
    if (GTREF_CMD_TYPE(dw0) != 0) return NULL;
    for (int i = 0; i < GTREF_CMD_COUNT; i++)
        if (gtref_cmds[i].opcode == GTREF_MI_OPCODE(dw0)) return &gtref_cmds[i];
    return NULL;
}

const gtref_cmd_def *gtref_cmd_by_name(const char *name)
{
    for (int i = 0; i < GTREF_CMD_COUNT; i++)
        if (strcmp(gtref_cmds[i].name, name) == 0) return &gtref_cmds[i];
    return NULL;
}

unsigned gtref_cmd_length(const gtref_cmd_def *c, uint32_t dw0)
{
    if (!c->len_bits) return 1;
    return (dw0 & ((1u << c->len_bits) - 1u)) + c->bias;
}

static void say(char *why, size_t sz, const char *fmt, ...)
{
    if (!why || !sz) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sz, fmt, ap);
    va_end(ap);
}

int gtref_cmd_legal(const gtref_cmd_def *c, uint32_t dw0, char *why, size_t whysz)
{
    unsigned len = gtref_cmd_length(c, dw0);
    if (len < c->min_len || len > c->max_len) {
        say(why, whysz, "%s with length %u dwords (legal %u..%u)", c->name, len, c->min_len, c->max_len);
        return 0;
    }
    switch (c->id) {
    case GTREF_CMD_MI_STORE_DATA_IMM: {
        int qw = (dw0 & GTREF_SDI_STORE_QWORD) != 0;
        if ((len == 5) != qw) {
            say(why, whysz, "MI_STORE_DATA_IMM length %u with Store Qword=%d (kit rule: 4 <-> dword, 5 <-> qword)", len, qw);
            return 0;
        }
        break;
    }
    case GTREF_CMD_MI_LOAD_REGISTER_IMM:
        if ((len - 1) % 2) { say(why, whysz, "MI_LOAD_REGISTER_IMM length %u is not 1 + 2n", len); return 0; }
        break;
    default: break;
    }
    return 1;
}

#define APPEND(...) do { int k_ = snprintf(buf + w, w < sz ? sz - w : 0, __VA_ARGS__); if (k_ > 0) w += (size_t)k_; } while (0)

/* Bits of DW0 that the text form carries, per command; anything else forces the raw form. */
static uint32_t dw0_known_bits(const gtref_cmd_def *c)
{
    uint32_t b = 0xFF800000u | (c->len_bits ? (1u << c->len_bits) - 1u : 0);
    switch (c->id) {
    case GTREF_CMD_MI_STORE_DATA_IMM: b |= GTREF_SDI_STORE_QWORD | GTREF_SDI_USE_GGTT; break;
    case GTREF_CMD_MI_LOAD_REGISTER_IMM: b |= 0xFu << GTREF_LRI_BWD_SHIFT; break;
    case GTREF_CMD_MI_BATCH_BUFFER_START: b |= GTREF_BBS_PPGTT | GTREF_BBS_2ND_LEVEL; break;
    default: break;
    }
    return b;
}

static int format_raw(const uint32_t *dw, unsigned n, char *buf, size_t sz)
{
    size_t w = 0;
    APPEND("DW");
    for (unsigned i = 0; i < n; i++) APPEND(" 0x%08x", dw[i]);
    return (int)w;
}

int gtref_cmd_format(const uint32_t *dw, unsigned n, int engines, char *buf, size_t sz)
{
    const gtref_cmd_def *c = n ? gtref_cmd_find(dw[0]) : NULL;
    if (!c || !gtref_cmd_legal(c, dw[0], NULL, 0) || n < gtref_cmd_length(c, dw[0]) || (dw[0] & ~dw0_known_bits(c)))
        return format_raw(dw, n ? 1 : 0, buf, sz);
    unsigned len = gtref_cmd_length(c, dw[0]);
    size_t w = 0;
    char name[48];
    APPEND("%s", c->name);
    switch (c->id) {
    case GTREF_CMD_MI_STORE_DATA_IMM: {
        if ((dw[1] & 3u) || (dw[2] & 0xFFFF0000u)) return format_raw(dw, len, buf, sz);
        uint64_t a = (uint64_t)dw[2] << 32 | dw[1];
        if (dw[0] & GTREF_SDI_USE_GGTT) APPEND(" ggtt");
        if (len == 5) APPEND(" qword addr=0x%" PRIx64 " data=0x%016" PRIx64, a, (uint64_t)dw[4] << 32 | dw[3]);
        else APPEND(" addr=0x%" PRIx64 " data=0x%08x", a, dw[3]);
        break;
    }
    case GTREF_CMD_MI_LOAD_REGISTER_IMM: {
        unsigned bwd = (dw[0] >> GTREF_LRI_BWD_SHIFT) & 0xFu;
        if (bwd) APPEND(" bwd=0x%x", bwd);
        for (unsigned i = 1; i + 1 < len; i += 2) {
            if (dw[i] & ~GTREF_LRI_OFFSET_MASK) return format_raw(dw, len, buf, sz);
            APPEND(" %s=0x%08x", gtref_reg_name(dw[i], engines, name, sizeof name), dw[i + 1]);
        }
        break;
    }
    case GTREF_CMD_MI_BATCH_BUFFER_START: {
        if (dw[1] & 3u) return format_raw(dw, len, buf, sz);
        if (dw[0] & GTREF_BBS_PPGTT) APPEND(" ppgtt");
        if (dw[0] & GTREF_BBS_2ND_LEVEL) APPEND(" second");
        APPEND(" addr=0x%" PRIx64, (uint64_t)dw[2] << 32 | dw[1]);
        break;
    }
    default: break;
    }
    return (int)w;
}

/* ---- parsing ---- */

static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    if (!*s) return -1;
    unsigned long long x = strtoull(s, &end, 0);
    if (*end) return -1;
    *v = x;
    return 0;
}

int gtref_cmd_parse(const char *line, int engines, uint32_t *dw, unsigned max, char *err, size_t errsz)
{
    (void)engines;
    char tmp[4096];
    char *tok[300];
    unsigned nt = 0;
    if (strlen(line) >= sizeof tmp) { say(err, errsz, "line too long"); return -1; }
    strcpy(tmp, line);
    for (char *p = strtok(tmp, " \t\r\n"); p && nt < 300; p = strtok(NULL, " \t\r\n")) tok[nt++] = p;
    if (!nt) { say(err, errsz, "empty command"); return -1; }
    if (strcmp(tok[0], "DW") == 0) {
        if (nt - 1 > max) { say(err, errsz, "too many dwords"); return -1; }
        for (unsigned i = 1; i < nt; i++) {
            uint64_t v;
            if (parse_u64(tok[i], &v) || v > 0xFFFFFFFFull) { say(err, errsz, "bad dword '%s'", tok[i]); return -1; }
            dw[i - 1] = (uint32_t)v;
        }
        if (nt == 1) { say(err, errsz, "DW needs at least one value"); return -1; }
        return (int)(nt - 1);
    }
    const gtref_cmd_def *c = gtref_cmd_by_name(tok[0]);
    if (!c) { say(err, errsz, "unknown command '%s'", tok[0]); return -1; }
    uint32_t d0 = GTREF_MI_DW0(c->opcode) | ((uint32_t)c->type << 29);
    uint64_t addr = 0, data = 0;
    int have_addr = 0, have_data = 0, qword = 0;
    unsigned n = 1;
    for (unsigned i = 1; i < nt; i++) {
        char *t = tok[i], *eq = strchr(t, '=');
        uint64_t v = 0;
        if (eq) {
            *eq = 0;
            if (parse_u64(eq + 1, &v)) { say(err, errsz, "%s: bad value '%s' for %s", c->name, eq + 1, t); return -1; }
        }
        if (c->id == GTREF_CMD_MI_STORE_DATA_IMM && !eq && strcmp(t, "qword") == 0) { qword = 1; d0 |= GTREF_SDI_STORE_QWORD; }
        else if (c->id == GTREF_CMD_MI_STORE_DATA_IMM && !eq && strcmp(t, "ggtt") == 0) d0 |= GTREF_SDI_USE_GGTT;
        else if (c->id == GTREF_CMD_MI_BATCH_BUFFER_START && !eq && strcmp(t, "ppgtt") == 0) d0 |= GTREF_BBS_PPGTT;
        else if (c->id == GTREF_CMD_MI_BATCH_BUFFER_START && !eq && strcmp(t, "second") == 0) d0 |= GTREF_BBS_2ND_LEVEL;
        else if (eq && strcmp(t, "addr") == 0 && (c->id == GTREF_CMD_MI_STORE_DATA_IMM || c->id == GTREF_CMD_MI_BATCH_BUFFER_START)) { addr = v; have_addr = 1; }
        else if (eq && strcmp(t, "data") == 0 && c->id == GTREF_CMD_MI_STORE_DATA_IMM) { data = v; have_data = 1; }
        else if (eq && strcmp(t, "bwd") == 0 && c->id == GTREF_CMD_MI_LOAD_REGISTER_IMM) {
            if (v > 0xF) { say(err, errsz, "bwd=0x%llx does not fit 4 bits", (unsigned long long)v); return -1; }
            d0 |= (uint32_t)v << GTREF_LRI_BWD_SHIFT;
        } else if (eq && c->id == GTREF_CMD_MI_LOAD_REGISTER_IMM) {
            uint32_t off;
            if (gtref_reg_parse(t, &off) || (off & ~GTREF_LRI_OFFSET_MASK)) { say(err, errsz, "MI_LOAD_REGISTER_IMM: unknown register '%s'", t); return -1; }
            if (v > 0xFFFFFFFFull) { say(err, errsz, "MI_LOAD_REGISTER_IMM: value for %s does not fit 32 bits", t); return -1; }
            if (n + 2 > max) { say(err, errsz, "too many registers"); return -1; }
            dw[n++] = off;
            dw[n++] = (uint32_t)v;
        } else { say(err, errsz, "%s: unexpected '%s'", c->name, t); return -1; }
    }
    switch (c->id) {
    case GTREF_CMD_MI_STORE_DATA_IMM:
        if (!have_addr || !have_data) { say(err, errsz, "MI_STORE_DATA_IMM needs addr= and data="); return -1; }
        if ((addr & 3u) || addr >> 48) { say(err, errsz, "MI_STORE_DATA_IMM addr=0x%llx must be dword aligned and below 2^48", (unsigned long long)addr); return -1; }
        if (!qword && data > 0xFFFFFFFFull) { say(err, errsz, "MI_STORE_DATA_IMM data does not fit a dword (use qword)"); return -1; }
        if (max < 5) { say(err, errsz, "no room"); return -1; }
        dw[1] = (uint32_t)addr; dw[2] = (uint32_t)(addr >> 32); dw[3] = (uint32_t)data;
        n = 4;
        if (qword) dw[n++] = (uint32_t)(data >> 32);
        break;
    case GTREF_CMD_MI_BATCH_BUFFER_START:
        if (!have_addr || (addr & 3u)) { say(err, errsz, "MI_BATCH_BUFFER_START needs a dword-aligned addr="); return -1; }
        if (max < 3) { say(err, errsz, "no room"); return -1; }
        dw[1] = (uint32_t)addr; dw[2] = (uint32_t)(addr >> 32);
        n = 3;
        break;
    case GTREF_CMD_MI_LOAD_REGISTER_IMM:
        if (n < 3) { say(err, errsz, "MI_LOAD_REGISTER_IMM needs at least one REG=VALUE"); return -1; }
        break;
    default: break;
    }
    if (c->len_bits) d0 |= (n - c->bias) & ((1u << c->len_bits) - 1u);
    dw[0] = d0;
    return (int)n;
}
