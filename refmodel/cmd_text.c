/* The text form of commands, generated from the field table (include/gtref/cmds.h): shared by the
 * disassembler, the assembler and mismatch reports. No command has hand-written formatting or parsing:
 *
 *   NAME  then each non-zero field in table order: a BOOL as its key, others as key=value
 *         (ENUM by name, REG by register name, ADDR/UINT in hex), then the group elements:
 *           register/value groups  REG=0x........        (MI_LOAD_REGISTER_IMM)
 *           enumerated groups      OP or OP(A,B)         (MI_MATH ALU instructions)
 *           other groups           0x........            (one value per element)
 *         and len=N when the length is not the one the fields imply.
 *   DW 0x... 0x...   raw dwords: an illegal, truncated or not fully described command. */
#include "gtref/cmds.h"
#include "gtref/regs.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define APPEND(...) do { int k_ = snprintf(buf + w, w < sz ? sz - w : 0, __VA_ARGS__); if (k_ > 0) w += (size_t)k_; } while (0)

static void say(char *why, size_t sz, const char *fmt, ...)
{
    if (!why || !sz) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sz, fmt, ap);
    va_end(ap);
}

/* The fields of a command: [first, first + n) in gtref_fields (the table keeps a command's fields together). */
static void field_span(const gtref_cmd_def *c, int *first, int *n)
{
    *first = -1; *n = 0;
    for (int i = 0; i < GTREF_F_COUNT; i++)
        if (gtref_fields[i].cmd == c->id) {
            if (*first < 0) *first = i;
            (*n)++;
        }
}

/* The highest bit of a non-group field that a command of len dwords holds (-1: none). */
static int field_hi(const gtref_field_def *f, unsigned len)
{
    int last = (int)(32 * len) - 1;
    if ((int)f->lo > last) return -1;
    return (int)f->hi < last ? (int)f->hi : last;
}

static uint64_t field_value(const uint32_t *dw, const gtref_field_def *f, int hi)
{
    gtref_field_def t = *f;
    t.hi = (uint16_t)hi;
    return gtref_field_get(dw, &t);
}

static const char *enum_name(const gtref_field_def *f, uint64_t v)
{
    return v < f->nvalues && f->values[v] && f->values[v][0] ? f->values[v] : NULL;
}

/* C38: the Add CS MMIO Start Offset bit that makes register field f engine-relative, or NULL. */
static const gtref_field_def *rel_bit(const gtref_field_def *f)
{
    switch (f->id) {
    case GTREF_F_MI_LOAD_REGISTER_IMM_REG: return GTREF_FIELD(MI_LOAD_REGISTER_IMM_CS_MMIO);
    case GTREF_F_MI_STORE_REGISTER_MEM_REG: return GTREF_FIELD(MI_STORE_REGISTER_MEM_CS_MMIO);
    case GTREF_F_MI_LOAD_REGISTER_MEM_REG: return GTREF_FIELD(MI_LOAD_REGISTER_MEM_CS_MMIO);
    case GTREF_F_MI_LOAD_REGISTER_REG_SRC: return GTREF_FIELD(MI_LOAD_REGISTER_REG_CS_MMIO_SRC);
    case GTREF_F_MI_LOAD_REGISTER_REG_DST: return GTREF_FIELD(MI_LOAD_REGISTER_REG_CS_MMIO_DST);
    default: return NULL;
    }
}

/* Whether the text line's cs_mmio bits (given[0] cs_mmio, [1] cs_mmio_src, [2] cs_mmio_dst) make f engine-relative. */
static bool rel_on(const bool given[3], const gtref_field_def *f)
{
    switch (f->id) {
    case GTREF_F_MI_LOAD_REGISTER_REG_SRC: return given[1];
    case GTREF_F_MI_LOAD_REGISTER_REG_DST: return given[2];
    default: return rel_bit(f) && given[0];
    }
}

/* The engine register at engine-relative offset rel (a name the text form takes bare with a cs_mmio bit), or NULL. */
static const gtref_reg_def *engine_reg_at(uint32_t rel)
{
    for (size_t i = 0; i < gtref_nregs; i++)
        if ((gtref_regs[i].flags & GTREF_REGF_ENGINE) && gtref_regs[i].offset == rel) return &gtref_regs[i];
    return NULL;
}

/* The text of a register offset: engine-relative (rel: a bare engine register name, else hex) or absolute. */
static const char *reg_text(uint32_t off, bool rel, int engines, char *buf, size_t sz)
{
    if (!rel) return gtref_reg_name(off, engines, buf, sz);
    const gtref_reg_def *d = engine_reg_at(off);
    if (d) snprintf(buf, sz, "%s", d->name);
    else snprintf(buf, sz, "0x%x", off);
    return buf;
}

/* Parse a register offset: absolute ("RCS0.RING_TAIL", a global name, a number), or with rel engine-relative
 * (a number or a bare engine register name such as CS_GPR0). */
static int reg_parse(const char *t, bool rel, uint32_t *off)
{
    if (!rel) return gtref_reg_parse(t, off);
    if (t[0] >= '0' && t[0] <= '9') return gtref_reg_parse(t, off);
    const gtref_reg_def *d = gtref_reg_by_name(t);
    if (!d || !(d->flags & GTREF_REGF_ENGINE)) return -1;
    *off = d->offset;
    return 0;
}

/* The length a command's text implies without len=: fixed, or decided by its flags / group. */
static unsigned implied_length(const gtref_cmd_def *c, uint32_t dw0, unsigned nelems)
{
    if (c->group_start) return c->group_start + nelems * c->group_size;
    switch (c->len_rule) {
    case GTREF_LEN_SDI: return (dw0 & GTREF_SDI_STORE_QWORD) ? 5u : 4u;
    case GTREF_LEN_ATOMIC: return (dw0 >> 18) & 1u ? 11u : 3u;
    default: return c->min_len;
    }
}

static uint32_t mask_bits(unsigned lo, unsigned hi) /* within one dword */
{
    return (hi >= 31 ? 0xFFFFFFFFu : (1u << (hi + 1)) - 1u) & ~((1u << lo) - 1u);
}

static void cover(uint32_t *cov, unsigned lo, unsigned hi)
{
    for (unsigned d = lo / 32; d <= hi / 32; d++) {
        unsigned a = d == lo / 32 ? lo % 32 : 0, b = d == hi / 32 ? hi % 32 : 31;
        cov[d] |= mask_bits(a, b);
    }
}

/* Every set bit of the command belongs to the header or to a field. */
static int fully_described(const gtref_cmd_def *c, const uint32_t *dw, unsigned len, int first, int nf)
{
    uint32_t cov[GTREF_MAX_TEXT_DW];
    if (len > GTREF_MAX_TEXT_DW) return 0;
    memset(cov, 0, len * sizeof cov[0]);
    cov[0] = c->match_mask | (c->len_bits ? (1u << c->len_bits) - 1u : 0);
    unsigned fixed = c->group_start ? c->group_start : len;
    for (int i = first; i < first + nf; i++) {
        const gtref_field_def *f = &gtref_fields[i];
        if (f->in_group) {
            for (unsigned k = 0; k < gtref_group_count(c, len); k++) {
                unsigned base = 32u * (c->group_start + k * c->group_size);
                cover(cov, base + f->lo, base + f->hi);
            }
        } else {
            int hi = field_hi(f, fixed);
            if (hi >= 0) cover(cov, f->lo, (unsigned)hi);
        }
    }
    for (unsigned d = 0; d < len; d++)
        if (dw[d] & ~cov[d]) return 0;
    return 1;
}

static int format_raw(const uint32_t *dw, unsigned n, char *buf, size_t sz)
{
    size_t w = 0;
    APPEND("DW");
    for (unsigned i = 0; i < n; i++) APPEND(" 0x%08x", dw[i]);
    return (int)w;
}

static size_t format_value(const gtref_field_def *f, uint64_t v, int hi, int engines, bool rel, char *buf, size_t sz)
{
    size_t w = 0;
    char name[48];
    const char *en;
    switch (f->kind) {
    case GTREF_FK_ENUM:
        if ((en = enum_name(f, v))) APPEND("%s", en);
        else APPEND("0x%" PRIx64, v);
        break;
    case GTREF_FK_REG:
        APPEND("%s", reg_text((uint32_t)v, rel, engines, name, sizeof name));
        break;
    case GTREF_FK_UINT:
        if (hi - (int)f->lo + 1 >= 32) { APPEND("0x%0*" PRIx64, (hi - (int)f->lo + 1) / 4, v); break; }
        /* fall through */
    default:
        APPEND("0x%" PRIx64, v);
        break;
    }
    return w;
}

int gtref_cmd_format(const uint32_t *dw, unsigned n, int engines, char *buf, size_t sz)
{
    const gtref_cmd_def *c = n ? gtref_cmd_find(dw[0]) : NULL;
    if (sz) buf[0] = 0;
    if (!c || !gtref_cmd_legal(c, dw[0], NULL, 0) || n < gtref_cmd_length(c, dw[0]))
        return format_raw(dw, n ? 1 : 0, buf, sz);
    unsigned len = gtref_cmd_length(c, dw[0]);
    int first, nf;
    field_span(c, &first, &nf);
    if (!fully_described(c, dw, len, first, nf)) return format_raw(dw, len, buf, sz);
    size_t w = 0;
    unsigned fixed = c->group_start ? c->group_start : len;
    APPEND("%s", c->name);
    for (int i = first; i < first + nf; i++) {
        const gtref_field_def *f = &gtref_fields[i];
        if (f->in_group) continue;
        int hi = field_hi(f, fixed);
        if (hi < 0) continue;
        uint64_t v = field_value(dw, f, hi);
        if (!v) continue;
        if (f->kind == GTREF_FK_BOOL) { APPEND(" %s", f->key); continue; }
        APPEND(" %s=", f->key);
        bool rel = rel_bit(f) && gtref_field_get_inline(dw, rel_bit(f)) != 0;
        w += format_value(f, v, hi, engines, rel, buf + (w < sz ? w : sz), w < sz ? sz - w : 0);
    }
    unsigned ne = gtref_group_count(c, len);
    for (unsigned k = 0; k < ne; k++) {
        const gtref_field_def *g0 = NULL, *g1 = NULL, *g2 = NULL;
        for (int i = first; i < first + nf; i++)
            if (gtref_fields[i].in_group) { if (!g0) g0 = &gtref_fields[i]; else if (!g1) g1 = &gtref_fields[i]; else g2 = &gtref_fields[i]; }
        uint64_t v0 = gtref_group_get(dw, c, k, g0);
        if (g0->kind == GTREF_FK_REG && g1) {
            char name[48];
            bool rel = rel_bit(g0) && gtref_field_get_inline(dw, rel_bit(g0)) != 0;
            APPEND(" %s=0x%08" PRIx64, reg_text((uint32_t)v0, rel, engines, name, sizeof name), gtref_group_get(dw, c, k, g1));
        } else if (g0->kind == GTREF_FK_ENUM) {
            const char *on = enum_name(g0, v0);
            if (on) APPEND(" %s", on); else APPEND(" 0x%" PRIx64, v0);
            uint64_t a = g1 ? gtref_group_get(dw, c, k, g1) : 0, b = g2 ? gtref_group_get(dw, c, k, g2) : 0;
            if (a || b) {
                const char *an = g1 ? enum_name(g1, a) : NULL, *bn = g2 ? enum_name(g2, b) : NULL;
                APPEND("(");
                if (an) APPEND("%s", an); else APPEND("0x%" PRIx64, a);
                if (g2) { if (bn) APPEND(",%s", bn); else APPEND(",0x%" PRIx64, b); }
                APPEND(")");
            }
        } else {
            APPEND(" 0x%08" PRIx64, v0);
        }
    }
    if (len != implied_length(c, dw[0], ne)) APPEND(" len=%u", len);
    return (int)w;
}

/* ---- parsing ---- */

static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    if (!*s || *s == '-' || *s == '+' || isspace((unsigned char)*s)) return -1;
    unsigned long long x = strtoull(s, &end, 0);
    if (*end) return -1;
    *v = x;
    return 0;
}

static int enum_parse(const gtref_field_def *f, const char *t, uint64_t *v)
{
    for (uint16_t i = 0; i < f->nvalues; i++)
        if (f->values[i] && strcmp(f->values[i], t) == 0) { *v = i; return 0; }
    return parse_u64(t, v);
}

static uint64_t width_max(unsigned bits) { return bits >= 64 ? UINT64_MAX : (1ull << bits) - 1u; }

/* Value of field f from its text t; checks range and alignment. */
static int field_parse(const gtref_cmd_def *c, const gtref_field_def *f, const char *t, uint64_t *v, bool rel, char *err,
                       size_t errsz)
{
    int rc;
    switch (f->kind) {
    case GTREF_FK_ENUM: rc = enum_parse(f, t, v); break;
    case GTREF_FK_REG: {
        uint32_t off;
        rc = reg_parse(t, rel, &off);
        *v = off;
        break;
    }
    default: rc = parse_u64(t, v); break;
    }
    if (rc) { say(err, errsz, "%s: bad value '%s' for %s", c->name, t, f->key); return -1; }
    unsigned shift = f->kind == GTREF_FK_ADDR ? f->lo % 32u : f->kind == GTREF_FK_REG ? 2u : 0u;
    unsigned width = (unsigned)(f->hi - f->lo + 1u);
    if (*v & ((1ull << shift) - 1u)) {
        say(err, errsz, "%s: %s=0x%" PRIx64 " must be %u-byte aligned", c->name, f->key, *v, 1u << shift);
        return -1;
    }
    if ((*v >> shift) > width_max(width)) {
        say(err, errsz, "%s: %s=0x%" PRIx64 " does not fit %s (%u bits)", c->name, f->key, *v, f->spec_name, width + shift);
        return -1;
    }
    return 0;
}

#define MAX_TOKENS 1100

int gtref_cmd_parse(const char *line, int engines, uint32_t *dw, unsigned max, char *err, size_t errsz)
{
    (void)engines;
    static const size_t tmpsz = 32768;
    char *tmp = malloc(tmpsz);
    char **tok = malloc(MAX_TOKENS * sizeof *tok);
    uint32_t *out = calloc(GTREF_MAX_TEXT_DW, sizeof *out);
    int result = -1;
    unsigned nt = 0;
    if (!tmp || !tok || !out) { say(err, errsz, "out of memory"); goto done; }
    if (strlen(line) >= tmpsz) { say(err, errsz, "line too long"); goto done; }
    strcpy(tmp, line);
    for (char *p = strtok(tmp, " \t\r\n"); p; p = strtok(NULL, " \t\r\n")) {
        if (nt == MAX_TOKENS) { say(err, errsz, "too many words"); goto done; }
        tok[nt++] = p;
    }
    if (!nt) { say(err, errsz, "empty command"); goto done; }
    if (strcmp(tok[0], "DW") == 0) {
        if (nt == 1) { say(err, errsz, "DW needs at least one value"); goto done; }
        if (nt - 1 > max) { say(err, errsz, "too many dwords"); goto done; }
        for (unsigned i = 1; i < nt; i++) {
            uint64_t v;
            if (parse_u64(tok[i], &v) || v > 0xFFFFFFFFull) { say(err, errsz, "bad dword '%s'", tok[i]); goto done; }
            dw[i - 1] = (uint32_t)v;
        }
        result = (int)(nt - 1);
        goto done;
    }
    const gtref_cmd_def *c = gtref_cmd_by_name(tok[0]);
    if (!c) { say(err, errsz, "unknown command '%s'", tok[0]); goto done; }
    int first, nf;
    field_span(c, &first, &nf);
    const gtref_field_def *g[3] = { NULL, NULL, NULL };
    for (int i = first, k = 0; i < first + nf; i++)
        if (gtref_fields[i].in_group && k < 3) g[k++] = &gtref_fields[i];
    /* first pass: fields into a scratch command as long as the longest this command can be */
    /* the cs_mmio bits given anywhere on the line: they make register fields engine-relative (C38) */
    bool rel_given[3] = { false, false, false };   /* cs_mmio, cs_mmio_src, cs_mmio_dst */
    for (unsigned i = 1; i < nt; i++) {
        if (strcmp(tok[i], "cs_mmio") == 0) rel_given[0] = true;
        else if (strcmp(tok[i], "cs_mmio_src") == 0) rel_given[1] = true;
        else if (strcmp(tok[i], "cs_mmio_dst") == 0) rel_given[2] = true;
    }
uint64_t fval[64] = { 0 };
    const gtref_field_def *fdef[64];
    unsigned nfv = 0, ne = 0, len_override = 0;
    uint32_t elems[GTREF_MAX_TEXT_DW][2];
    for (unsigned i = 1; i < nt; i++) {
        char *t = tok[i], *eq = strchr(t, '=');
        const gtref_field_def *f = NULL;
        if (eq) *eq = 0;
        if (eq && strcmp(t, "len") == 0) {
            uint64_t v;
            if (parse_u64(eq + 1, &v) || v < c->min_len || v > c->max_len) {
                say(err, errsz, "%s: len=%s outside %u..%u", c->name, eq + 1, c->min_len, c->max_len); goto done;
            }
            len_override = (unsigned)v;
            continue;
        }
        if ((f = gtref_field_by_key(c, t)) && !f->in_group) {
            uint64_t v = 1;
            if (f->kind == GTREF_FK_BOOL && eq) { say(err, errsz, "%s: %s takes no value", c->name, t); goto done; }
            if (f->kind != GTREF_FK_BOOL && !eq) { say(err, errsz, "%s: %s needs a value (%s=...)", c->name, t, t); goto done; }
            if (eq && field_parse(c, f, eq + 1, &v, rel_on(rel_given, f), err, errsz)) goto done;
            for (unsigned j = 0; j < nfv; j++)
                if (fdef[j] == f) { say(err, errsz, "%s: %s given twice", c->name, t); goto done; }
            if (nfv == 64) { say(err, errsz, "too many fields"); goto done; }
            fdef[nfv] = f; fval[nfv++] = v;
            continue;
        }
        /* a group element */
        if (!g[0]) { say(err, errsz, "%s: unexpected '%s%s%s'", c->name, t, eq ? "=" : "", eq ? eq + 1 : ""); goto done; }
        if (ne == GTREF_MAX_TEXT_DW) { say(err, errsz, "too many elements"); goto done; }
        uint32_t el[2] = { 0, 0 };
        if (g[0]->kind == GTREF_FK_REG) {
            uint64_t off, v;
            if (!eq || field_parse(c, g[0], t, &off, rel_on(rel_given, g[0]), NULL, 0)) {
                say(err, errsz, "%s: unknown register '%s'", c->name, t); goto done;
            }
            if (field_parse(c, g[1], eq + 1, &v, false, NULL, 0)) {
                say(err, errsz, "%s: value for %s does not fit 32 bits", c->name, t); goto done;
            }
            gtref_field_set(el, g[0], off);
            gtref_field_set(el, g[1], v);
        } else if (g[0]->kind == GTREF_FK_ENUM) {
            if (eq) { say(err, errsz, "%s: unexpected '%s='", c->name, t); goto done; }
            char *open = strchr(t, '('), *a = NULL, *b = NULL;
            if (open) {
                size_t L = strlen(open);
                if (open[L - 1] != ')') { say(err, errsz, "%s: '%s' lacks ')'", c->name, t); goto done; }
                open[L - 1] = 0; *open = 0; a = open + 1;
                char *comma = strchr(a, ',');
                if (comma) { *comma = 0; b = comma + 1; }
            }
            uint64_t ov, av = 0, bv = 0;
            if (field_parse(c, g[0], t, &ov, false, err, errsz)) goto done;
            if (a && (!g[1] || field_parse(c, g[1], a, &av, false, err, errsz))) { if (!g[1]) say(err, errsz, "%s: no operands", c->name); goto done; }
            if (b && (!g[2] || field_parse(c, g[2], b, &bv, false, err, errsz))) { if (!g[2]) say(err, errsz, "%s: one operand only", c->name); goto done; }
            gtref_field_set(el, g[0], ov);
            if (g[1]) gtref_field_set(el, g[1], av);
            if (g[2]) gtref_field_set(el, g[2], bv);
        } else {
            uint64_t v;
            if (eq || field_parse(c, g[0], t, &v, false, err, errsz)) {
                if (eq) say(err, errsz, "%s: unexpected '%s='", c->name, t);
                goto done;
            }
            gtref_field_set(el, g[0], v);
        }
        elems[ne][0] = el[0]; elems[ne][1] = el[1];
        ne++;
    }
    /* DW0 first (the length rules read it), then the length, then everything */
    uint32_t d0 = c->match_val;
    for (unsigned j = 0; j < nfv; j++)
        if (fdef[j]->hi < 32) gtref_field_set(&d0, fdef[j], fval[j]);
    unsigned len = len_override ? len_override : implied_length(c, d0, ne);
    if (c->group_start && len_override && len != c->group_start + ne * c->group_size) {
        say(err, errsz, "%s: len=%u does not match %u elements", c->name, len, ne); goto done;
    }
    if (c->group_start && !ne && len < c->min_len) {
        say(err, errsz, "%s needs at least one %s", c->name, g[0]->kind == GTREF_FK_REG ? "REG=VALUE" : "element"); goto done;
    }
    if (len > max || len > GTREF_MAX_TEXT_DW) { say(err, errsz, "%s: %u dwords do not fit (room for %u)", c->name, len, max); goto done; }
    out[0] = gtref_cmd_header(c, len) | (d0 & ~c->match_mask);
    if (c->len_bits) out[0] = (out[0] & ~((1u << c->len_bits) - 1u)) | ((len - c->bias) & ((1u << c->len_bits) - 1u));
    unsigned fixed = c->group_start ? c->group_start : len;
    for (unsigned j = 0; j < nfv; j++) {
        const gtref_field_def *f = fdef[j];
        int hi = field_hi(f, fixed);
        if (hi < 0) { say(err, errsz, "%s: %s does not exist in a %u-dword command", c->name, f->key, len); goto done; }
        unsigned shift = f->kind == GTREF_FK_ADDR ? f->lo % 32u : f->kind == GTREF_FK_REG ? 2u : 0u;
        if ((fval[j] >> shift) > width_max((unsigned)(hi - f->lo + 1))) {
            say(err, errsz, "%s: %s=0x%" PRIx64 " does not fit a %u-dword command", c->name, f->key, fval[j], len); goto done;
        }
        gtref_field_def t = *f;
        t.hi = (uint16_t)hi;
        gtref_field_set(out, &t, fval[j]);
    }
    for (unsigned k = 0; k < ne; k++)
        for (unsigned d = 0; d < c->group_size; d++) out[c->group_start + k * c->group_size + d] = elems[k][d];
    if (!gtref_cmd_legal(c, out[0], err, errsz)) goto done;
    memcpy(dw, out, len * sizeof *dw);
    result = (int)len;
done:
    free(tmp);
    free(tok);
    free(out);
    return result;
}
