/* The .gts assembler: readable text tests into a stimulus (syntax in docs/stimulus-format.md).
 * Command lines use the command table's own text form (gtref_cmd_parse), register names the register
 * table's (gtref_reg_parse). Every error is reported as FILE:LINE: message. */
#include "gtref/cmds.h"
#include "gtref/engines.h"
#include "gtref/regs.h"
#include "gtref/gam.h"
#include "gtref/el_image.h"
#include "gtref/stim.h"
#include "gtref/stim_lint.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SEGMENT_BYTES (16u << 20)   /* a typo in a size must not allocate gigabytes */
#define MAX_CMD_DW        256u
#define MAX_TOKENS        8u            /* for directive lines; command lines go to gtref_cmd_parse */
#define GTREF_MAX_OOS     8             /* out-of-spec rules one test may break */
#define MAX_EXPECT_TOKENS 64u           /* host and expect lines (a one-line write list is long) */
#define MAX_EXPECT_WRITES 4096u
#define MAX_EXPECT_TLB    4096u
#define MAX_FILE_BYTES    (64u << 20)

enum header_directive { H_TEST, H_SEED, H_PROFILE, H_ENGINES, H_LATENCY, H_HANG, H_MAX, H_COUNT };
static const char *const header_names[H_COUNT] = { "test", "seed", "profile", "engines", "latency", "hang_cycles",
                                                   "max_cycles" };

/* A segment being assembled. */
typedef struct seg_builder {
    uint64_t addr;
    uint8_t kind;
    bool fixed_size;        /* `size` given: the length is fixed; otherwise it grows with the contents */
    uint32_t size;          /* fixed size, or the end of the highest dword placed so far */
    uint8_t *bytes;
    int *placed_by;         /* per dword: the line that placed it, 0 if none */
    uint32_t cap;           /* dwords allocated in bytes/placed_by */
    uint64_t cursor;        /* byte offset of the next dword */
} seg_builder;

/* Where each finished segment came from, for overlap messages. */
typedef struct seg_origin { uint64_t addr; uint32_t len; int line; uint8_t kind; } seg_origin;

/* One GGTT entry of a `ggtt` line (docs/gam.md GAM-4), emitted as data at the end of the file. */
typedef struct ggtt_line_entry { uint64_t vpage, pa; bool present; int line; } ggtt_line_entry;

typedef struct assembler {
    gtref_stim *s;
    const char *file;
    int line;
    char *err;
    size_t errsz;
    bool seen[H_COUNT];
    enum { IN_TOP, IN_SEGMENT, IN_HOST, IN_EXPECT, IN_WRITES } block;
    int block_line;
    gtref_expect pending;   /* IN_WRITES: the `writes ENG {` or `tlb ENG {` expectation being collected */
    int pending_line;
    seg_builder seg;
    seg_origin *origins;
    size_t norigins;
    ggtt_line_entry *ggtt;  /* `ggtt VA PA [pages N] [invalid]` entries, in file order */
    size_t nggtt;
    /* `out-of-spec RULE "what it checks"`: the linter rules this test breaks on purpose */
    char oos[GTREF_MAX_OOS][32];
    int oos_line[GTREF_MAX_OOS];
    size_t noos;
} assembler;

static int error_at(assembler *a, int line, const char *fmt, ...)
{
    if (a->err && a->errsz) {
        int n = line > 0 ? snprintf(a->err, a->errsz, "%s:%d: ", a->file, line) : snprintf(a->err, a->errsz, "%s: ", a->file);
        if (n >= 0 && (size_t)n < a->errsz) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(a->err + n, a->errsz - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return -1;
}

#define ERR(a, ...) error_at((a), (a)->line, __VA_ARGS__)

/* Decimal or 0x-hexadecimal, no sign, at most max. */
static int parse_number(const char *text, uint64_t max, uint64_t *v)
{
    int base = 10;
    const char *digits = text;
    if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        base = 16;
        digits = text + 2;
    }
    if (!*digits) return -1;
    for (const char *p = digits; *p; p++)
        if (!(base == 16 ? ((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f') || (*p >= 'A' && *p <= 'F'))
                         : (*p >= '0' && *p <= '9')))
            return -1;
    errno = 0;
    char *end;
    unsigned long long x = strtoull(digits, &end, base);
    if (errno || *end || x > max) return -1;
    *v = x;
    return 0;
}

static int number_arg(assembler *a, const char *text, uint64_t max, const char *what, uint64_t *v)
{
    if (parse_number(text, max, v))
        return ERR(a, "%s: '%s' is not a number in 0..%" PRIu64 " (decimal or 0x hex)", what, text, max);
    return 0;
}

/* Split line in place at blanks. Returns the number of words, max + 1 when there are more than max. */
static unsigned tokenize(char *line, char **tok, unsigned max)
{
    unsigned n = 0;
    char *p = line;
    for (;;) {
        while (*p == ' ' || *p == '\t') *p++ = '\0';
        if (!*p) return n;
        if (n == max) return max + 1;
        tok[n++] = p;
        while (*p && *p != ' ' && *p != '\t') p++;
    }
}

static bool identifier_ok(const char *t, size_t max)
{
    size_t n = strlen(t);
    if (n == 0 || n > max) return false;
    for (const char *p = t; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' ||
              *p == '-' || *p == '.' || *p == '+'))
            return false;
    return true;
}

/* ---- header directives ---- */

static int parse_latency(assembler *a, char **tok, unsigned n)
{
    gtref_latency lat = a->s->lat;
    if (n < 2) return ERR(a, "latency needs rd=MIN..MAX and/or ready=PERCENT");
    for (unsigned i = 1; i < n; i++) {
        uint64_t lo, hi;
        if (strncmp(tok[i], "rd=", 3) == 0) {
            char *range = tok[i] + 3, *dots = strstr(range, "..");
            if (dots) *dots = '\0';
            if (number_arg(a, range, 0xFFFF, "latency rd", &lo)) return -1;
            hi = lo;
            if (dots && number_arg(a, dots + 2, 0xFFFF, "latency rd", &hi)) return -1;
            if (lo < 1) return ERR(a, "latency rd: the minimum must be at least 1 cycle");
            if (lo > hi) return ERR(a, "latency rd=%" PRIu64 "..%" PRIu64 ": minimum above maximum", lo, hi);
            lat.rd_lat_min = (uint16_t)lo;
            lat.rd_lat_max = (uint16_t)hi;
        } else if (strncmp(tok[i], "ready=", 6) == 0) {
            if (number_arg(a, tok[i] + 6, 100, "latency ready", &lo)) return -1;
            if (lo < 1) return ERR(a, "latency ready=0: the memory port would never accept a request");
            lat.req_ready_pct = (uint8_t)lo;
        } else {
            return ERR(a, "latency: unexpected '%s' (rd=MIN..MAX ready=PERCENT)", tok[i]);
        }
    }
    a->s->lat = lat;
    return 0;
}

static int parse_header(assembler *a, enum header_directive h, char **tok, unsigned n)
{
    if (a->seen[h]) return ERR(a, "'%s' given twice", header_names[h]);
    a->seen[h] = true;
    if (h == H_LATENCY) return parse_latency(a, tok, n);
    if (n != 2) return ERR(a, "'%s' takes one value", header_names[h]);
    uint64_t v;
    gtref_stim *s = a->s;
    switch (h) {
    case H_TEST:
        if (!identifier_ok(tok[1], sizeof s->name - 1))
            return ERR(a, "test name '%s': 1..%zu characters of A-Z a-z 0-9 _ . + -", tok[1], sizeof s->name - 1);
        snprintf(s->name, sizeof s->name, "%s", tok[1]);
        return 0;
    case H_PROFILE:
        if (!identifier_ok(tok[1], sizeof s->profile - 1))
            return ERR(a, "profile '%s': 1..%zu characters of A-Z a-z 0-9 _ . + -", tok[1], sizeof s->profile - 1);
        snprintf(s->profile, sizeof s->profile, "%s", tok[1]);
        return 0;
    case H_SEED: return number_arg(a, tok[1], UINT64_MAX, "seed", &s->seed);
    case H_ENGINES:
        if (number_arg(a, tok[1], 4, "engines", &v)) return -1;
        if (v < 1) return ERR(a, "engines: at least 1");
        s->engines = (uint8_t)v;
        return 0;
    case H_HANG:
        if (number_arg(a, tok[1], UINT32_MAX, "hang_cycles", &v)) return -1;
        if (v < 1) return ERR(a, "hang_cycles: at least 1");
        s->hang_cycles = (uint32_t)v;
        return 0;
    case H_MAX:
        if (number_arg(a, tok[1], UINT64_MAX, "max_cycles", &v)) return -1;
        if (v < 1) return ERR(a, "max_cycles: at least 1");
        s->max_cycles = v;
        return 0;
    default: return -1;
    }
}

/* ---- segments ---- */

static const char *kind_word(uint8_t kind)
{
    return kind == GTREF_SEG_RING ? "ring" : kind == GTREF_SEG_BATCH ? "batch" : "data";
}

static int seg_reserve(assembler *a, uint32_t ndw)
{
    seg_builder *g = &a->seg;
    if (ndw <= g->cap) return 0;
    uint32_t cap = g->cap ? g->cap : 256;
    while (cap < ndw) cap *= 2;
    uint8_t *bytes = realloc(g->bytes, (size_t)cap * 4u);
    if (!bytes) return ERR(a, "out of memory");
    g->bytes = bytes;
    int *placed = realloc(g->placed_by, (size_t)cap * sizeof *placed);
    if (!placed) return ERR(a, "out of memory");
    g->placed_by = placed;
    memset(g->bytes + (size_t)g->cap * 4u, 0, (size_t)(cap - g->cap) * 4u);
    memset(g->placed_by + g->cap, 0, (size_t)(cap - g->cap) * sizeof *placed);
    g->cap = cap;
    return 0;
}

static int open_segment(assembler *a, uint8_t kind, char **tok, unsigned n)
{
    /* KIND ADDR [size N] { */
    if ((n != 3 && n != 5) || strcmp(tok[n - 1], "{") != 0 || (n == 5 && strcmp(tok[2], "size") != 0))
        return ERR(a, "expected '%s ADDR [size BYTES] {'", kind_word(kind));
    seg_builder *g = &a->seg;
    memset(g, 0, sizeof *g);
    g->kind = kind;
    if (number_arg(a, tok[1], (1ull << 48) - 4, "address", &g->addr)) return -1;
    if (g->addr % 4) return ERR(a, "%s address 0x%" PRIx64 " is not dword aligned", kind_word(kind), g->addr);
    if (n == 5) {
        uint64_t size;
        if (number_arg(a, tok[3], MAX_SEGMENT_BYTES, "size", &size)) return -1;
        if (size == 0 || size % 4) return ERR(a, "size 0x%" PRIx64 ": must be a non-zero multiple of 4", size);
        g->fixed_size = true;
        g->size = (uint32_t)size;
        if (seg_reserve(a, g->size / 4u)) return -1;
    } else if (kind == GTREF_SEG_RING) {
        return ERR(a, "a ring needs its size: 'ring ADDR size BYTES {'");
    }
    a->block = IN_SEGMENT;
    a->block_line = a->line;
    return 0;
}

static int place_dwords(assembler *a, const uint32_t *dw, unsigned n)
{
    seg_builder *g = &a->seg;
    for (unsigned i = 0; i < n; i++) {
        uint64_t off = g->cursor;
        if (g->kind == GTREF_SEG_RING) {
            off %= g->size;                     /* a ring is circular: commands wrap to offset 0 */
        } else if (g->fixed_size && off + 4 > g->size) {
            return ERR(a, "offset 0x%" PRIx64 " is past the end of the %s (size 0x%" PRIx32 ")", off, kind_word(g->kind), g->size);
        } else if (off + 4 > MAX_SEGMENT_BYTES) {
            return ERR(a, "offset 0x%" PRIx64 ": a segment is at most 0x%x bytes", off, MAX_SEGMENT_BYTES);
        }
        uint32_t k = (uint32_t)(off / 4u);
        if (seg_reserve(a, k + 1)) return -1;
        if (g->placed_by[k])
            return ERR(a, "offset 0x%" PRIx32 " of the %s already holds a dword from line %d", 4u * k, kind_word(g->kind),
                       g->placed_by[k]);
        g->placed_by[k] = a->line;
        for (int b = 0; b < 4; b++) g->bytes[4u * k + (unsigned)b] = (uint8_t)(dw[i] >> (8 * b));
        if (!g->fixed_size && 4u * (k + 1) > g->size) g->size = 4u * (k + 1);
        g->cursor = g->kind == GTREF_SEG_RING ? (off + 4) % g->size : off + 4;
    }
    return 0;
}

static int segment_line(assembler *a, char *line)
{
    seg_builder *g = &a->seg;
    if (line[0] == '@') {
        char *arg = line + 1;
        while (*arg == ' ' || *arg == '\t') arg++;
        uint64_t off;
        if (number_arg(a, arg, MAX_SEGMENT_BYTES, "@offset", &off)) return -1;
        if (off % 4) return ERR(a, "@0x%" PRIx64 ": offsets are dword aligned", off);
        if (g->fixed_size && off >= g->size)
            return ERR(a, "@0x%" PRIx64 " is past the end of the %s (size 0x%" PRIx32 ")", off, kind_word(g->kind), g->size);
        g->cursor = off;
        return 0;
    }
    uint32_t dw[MAX_CMD_DW];
    char why[256];
    int n = gtref_cmd_parse(line, a->s->engines, dw, MAX_CMD_DW, why, sizeof why);
    if (n <= 0) return ERR(a, "%s", why);
    return place_dwords(a, dw, (unsigned)n);
}

static int close_segment(assembler *a)
{
    seg_builder *g = &a->seg;
    if (g->size == 0) return ERR(a, "empty %s: no dwords and no size", kind_word(g->kind));
    for (size_t i = 0; i < a->norigins; i++) {
        const seg_origin *o = &a->origins[i];
        if (g->addr < o->addr + o->len && o->addr < g->addr + g->size)
            return error_at(a, a->block_line, "%s 0x%" PRIx64 "..0x%" PRIx64 " overlaps the %s 0x%" PRIx64 "..0x%" PRIx64
                            " of line %d", kind_word(g->kind), g->addr, g->addr + g->size - 1, kind_word(o->kind),
                            o->addr, o->addr + o->len - 1, o->line);
    }
    if (g->addr + g->size > (1ull << 48))
        return error_at(a, a->block_line, "%s 0x%" PRIx64 " + 0x%" PRIx32 " goes past the 48-bit address space",
                        kind_word(g->kind), g->addr, g->size);
    seg_origin *o = realloc(a->origins, (a->norigins + 1) * sizeof *o);
    if (!o) return ERR(a, "out of memory");
    a->origins = o;
    a->origins[a->norigins++] = (seg_origin){ g->addr, g->size, a->block_line, g->kind };
    if (gtref_stim_add_segment(a->s, g->addr, g->kind, g->bytes, g->size)) return ERR(a, "out of memory");
    free(g->bytes);
    free(g->placed_by);
    memset(g, 0, sizeof *g);
    a->block = IN_TOP;
    return 0;
}

/* ---- host program ---- */

static int register_arg(assembler *a, const char *text, uint32_t *off)
{
    if (gtref_reg_parse(text, off))
        return ERR(a, "unknown register '%s' (e.g. RCS0.RING_TAIL, GT_INTR_DW0 or an offset)", text);
    if (*off % 4) return ERR(a, "register offset 0x%" PRIx32 " is not dword aligned", *off);
    return 0;
}

static int add_expect(assembler *a, gtref_expect *x, const char *source, int line)
{
    if (!source)
        return error_at(a, line, "'%s' expectation without its spec source: end it with from \"VOLUME Lnnnn: what it says\"",
                        gtref_expect_kind_name(x->kind));
    snprintf(x->source, sizeof x->source, "%s", source);
    x->line = (uint32_t)line;
    int rc = gtref_stim_add_expect(a->s, x);
    return rc ? error_at(a, line, "out of memory") : 0;
}

/* `VALUE [mask M]` from tok[i]: a register value and its mask (default all 32 bits). */
static int value_and_mask(assembler *a, char **tok, unsigned n, unsigned i, gtref_expect *x)
{
    if (i >= n) return ERR(a, "expected a value");
    if (number_arg(a, tok[i], UINT32_MAX, "expected value", &x->value)) return -1;
    x->mask = UINT32_MAX;
    if (i + 1 < n) {
        if (i + 3 != n || strcmp(tok[i + 1], "mask") != 0) return ERR(a, "expected 'mask M' after the value, or nothing");
        if (number_arg(a, tok[i + 2], UINT32_MAX, "mask", &x->mask)) return -1;
        if (x->mask == 0) return ERR(a, "mask 0 checks nothing");
    }
    if (x->value & ~x->mask)
        return ERR(a, "value 0x%" PRIx64 " has bits outside mask 0x%" PRIx64 " (they would never be compared)", x->value, x->mask);
    return 0;
}


/* The execlist driver's operations (docs/stimulus-format.md §2.2; docs/execlists.md §10):
 *   el_init ENGINE hwsp=ADDR                               DRV-1
 *   el_context ENGINE lrca=ADDR ring=ADDR tail=T [restore-inhibit]   DRV-2: the class's image, the rest at reset
 *   el_ctx_reg lrca=ADDR REGISTER VALUE                    DRV-2: one named value of an image
 *   el_submit ENGINE DESC0 [DESC1]                          DRV-3 (64-bit descriptors: ID << 32 | LRCA | 0x119)
 *   el_resubmit ENGINE DESC tail=T                          DRV-5
 *   el_csb ENGINE                                           DRV-4
 *   el_wait ENGINE cycles=N                                 DRV-4 until every submission is reported active */
static int el_engine(assembler *a, const char *t, int *e)
{
    *e = gtref_engine_by_name(t);
    if (*e < 0) return ERR(a, "unknown engine '%s' (RCS0, BCS0, VCS0, VECS0)", t);
    if (*e >= a->s->engines) return ERR(a, "engine %s is beyond the test's %u engines", t, a->s->engines);
    return 0;
}

static int el_kv(assembler *a, const char *t, const char *key, uint64_t max, uint64_t *v)
{
    size_t k = strlen(key);
    if (strncmp(t, key, k) != 0 || t[k] != '=') return ERR(a, "expected %s=VALUE, got '%s'", key, t);
    return number_arg(a, t + k + 1, max, key, v);
}

static int el_op(assembler *a, char **tok, unsigned n)
{
    const char *op = tok[0];
    uint64_t v1, v2, v3 = 0;
    uint32_t off;
    int e, rc;
    if (strcmp(op, "el_init") == 0) {
        if (n != 3) return ERR(a, "expected 'el_init ENGINE hwsp=ADDR'");
        if (el_engine(a, tok[1], &e) || el_kv(a, tok[2], "hwsp", UINT32_MAX, &v1)) return -1;
        if (v1 % 4096u) return ERR(a, "el_init status page 0x%" PRIx64 " is not 4 KB aligned", v1);
        rc = gtref_stim_add_op(a->s, GTREF_HOST_EL_INIT, (uint32_t)e, (uint32_t)v1, 0);
    } else if (strcmp(op, "el_context") == 0) {
        if (n < 5 || n > 6 || (n == 6 && strcmp(tok[5], "restore-inhibit") != 0))
            return ERR(a, "expected 'el_context ENGINE lrca=ADDR ring=ADDR tail=T [restore-inhibit]'");
        if (el_engine(a, tok[1], &e) || el_kv(a, tok[2], "lrca", 0xFFFFE000u, &v1) || el_kv(a, tok[3], "ring", UINT32_MAX, &v2)
            || el_kv(a, tok[4], "tail", 0xFF8, &v3))
            return -1;
        if (v1 % 4096u || v2 % 4096u) return ERR(a, "el_context LRCA and ring must be 4 KB aligned");
        if (v3 % 8u) return ERR(a, "el_context tail 0x%" PRIx64 " is not a qword offset", v3);
        rc = gtref_stim_add_wide_op(a->s, GTREF_HOST_EL_CONTEXT, v1, v2 | v3 << 32,
                                    (uint32_t)e | (n == 6 ? GTREF_EL_CTX_RESTORE_INHIBIT << 8 : 0));
    } else if (strcmp(op, "el_ctx_reg") == 0) {
        if (n != 4) return ERR(a, "expected 'el_ctx_reg lrca=ADDR REGISTER VALUE'");
        if (el_kv(a, tok[1], "lrca", 0xFFFFE000u, &v1) || register_arg(a, tok[2], &off)
            || number_arg(a, tok[3], UINT32_MAX, "value", &v2))
            return -1;
        if (v1 % 4096u) return ERR(a, "el_ctx_reg LRCA 0x%" PRIx64 " is not 4 KB aligned", v1);
        int re;
        if (!gtref_reg_lookup(off, a->s->engines, &re) || re < 0 || gtref_el_image_slot(re, off - gtref_engines[re].base) < 0)
            return ERR(a, "el_ctx_reg: %s is no register an image of its engine restores (docs/execlists.md §3.2)", tok[2]);
        rc = gtref_stim_add_wide_op(a->s, GTREF_HOST_EL_CTX_REG, v1, v2, off);
    } else if (strcmp(op, "el_submit") == 0) {
        bool replace = n >= 4 && strcmp(tok[n - 1], "replace") == 0;   /* docs/execlists.md §10: test-only */
        if (replace) n--;
        if (n < 3 || n > 4) return ERR(a, "expected 'el_submit ENGINE DESC0 [DESC1] [replace]'");
        if (el_engine(a, tok[1], &e) || number_arg(a, tok[2], UINT64_MAX, "descriptor", &v1)
            || (n == 4 && number_arg(a, tok[3], UINT64_MAX, "descriptor", &v3)))
            return -1;
        rc = gtref_stim_add_wide_op(a->s, GTREF_HOST_EL_SUBMIT, v1, v3,
                                    (uint32_t)e | (replace ? GTREF_EL_SUBMIT_REPLACE << 8 : 0u));
    } else if (strcmp(op, "el_resubmit") == 0) {
        if (n != 4) return ERR(a, "expected 'el_resubmit ENGINE DESC tail=T'");
        if (el_engine(a, tok[1], &e) || number_arg(a, tok[2], UINT64_MAX, "descriptor", &v1) || el_kv(a, tok[3], "tail", 0xFF8, &v2))
            return -1;
        if (v2 % 8u) return ERR(a, "el_resubmit tail 0x%" PRIx64 " is not a qword offset", v2);
        rc = gtref_stim_add_wide_op(a->s, GTREF_HOST_EL_RESUBMIT, v1, v2, (uint32_t)e);
    } else if (strcmp(op, "el_csb") == 0) {
        if (n != 2) return ERR(a, "expected 'el_csb ENGINE'");
        if (el_engine(a, tok[1], &e)) return -1;
        rc = gtref_stim_add_op(a->s, GTREF_HOST_EL_CSB, (uint32_t)e, 0, 0);
    } else if (strcmp(op, "el_wait") == 0) {
        if (n != 3) return ERR(a, "expected 'el_wait ENGINE cycles=N'");
        if (el_engine(a, tok[1], &e) || el_kv(a, tok[2], "cycles", UINT32_MAX, &v1)) return -1;
        if (!v1) return ERR(a, "el_wait bound of 0 cycles (at least 1)");
        rc = gtref_stim_add_op(a->s, GTREF_HOST_EL_WAIT, (uint32_t)e, 0, (uint32_t)v1);
    } else {
        return ERR(a, "unknown host operation '%s' (el_init, el_context, el_ctx_reg, el_submit, el_resubmit, el_csb, el_wait)", op);
    }
    return rc ? ERR(a, "out of memory") : 0;
}

static int host_line(assembler *a, char **tok, unsigned n, const char *source)
{
    uint32_t off;
    uint64_t v;
    const char *op = tok[0];
    int rc;
    if (strcmp(op, "read") == 0 && n >= 3) {
        /* read REG expect VALUE [mask M] from "SOURCE" */
        if (strcmp(tok[2], "expect") != 0) return ERR(a, "expected 'read REGISTER [expect VALUE [mask M] from \"SOURCE\"]'");
        gtref_expect x;
        memset(&x, 0, sizeof x);
        x.kind = GTREF_EXPECT_READ;
        if (register_arg(a, tok[1], &off) || value_and_mask(a, tok, n, 3, &x)) return -1;
        x.op = (uint32_t)a->s->nops;
        if (!source) return add_expect(a, &x, NULL, a->line);
        if (gtref_stim_add_op(a->s, GTREF_HOST_READ, off, 0, 0)) return ERR(a, "out of memory");
        return add_expect(a, &x, source, a->line);
    }
    if (source) return ERR(a, "only 'read REGISTER expect VALUE' takes a 'from' source in a host block");
    if (strcmp(op, "write") == 0) {
        if (n != 3) return ERR(a, "expected 'write REGISTER VALUE'");
        if (register_arg(a, tok[1], &off) || number_arg(a, tok[2], UINT32_MAX, "write value", &v)) return -1;
        rc = gtref_stim_add_op(a->s, GTREF_HOST_WRITE, off, (uint32_t)v, 0);
    } else if (strcmp(op, "read") == 0) {
        if (n != 2) return ERR(a, "expected 'read REGISTER'");
        if (register_arg(a, tok[1], &off)) return -1;
        rc = gtref_stim_add_op(a->s, GTREF_HOST_READ, off, 0, 0);
    } else if (strcmp(op, "wait") == 0 || strcmp(op, "wait_irq") == 0) {
        if (n != 2) return ERR(a, "expected '%s CYCLES'", op);
        if (number_arg(a, tok[1], UINT32_MAX, "cycles", &v)) return -1;
        uint8_t code = strcmp(op, "wait") == 0 ? GTREF_HOST_WAIT : GTREF_HOST_WAIT_IRQ;
        rc = gtref_stim_add_op(a->s, code, 0, 0, (uint32_t)v);
    } else if (strcmp(op, "wait_idle") == 0) {
        if (n != 1) return ERR(a, "wait_idle takes no argument");
        rc = gtref_stim_add_op(a->s, GTREF_HOST_WAIT_IDLE, 0, 0, 0);
    } else if (strcmp(op, "isr") == 0) {
        if (n < 2 || n > 3 || (n == 3 && strcmp(tok[2], "clear-each") != 0))
            return ERR(a, "expected 'isr MAX_DELAY [clear-each]'");
        if (number_arg(a, tok[1], GTREF_ISR_MAX_DELAY, "isr delay", &v)) return -1;
        rc = gtref_stim_add_op(a->s, GTREF_HOST_ISR, 0, n == 3 ? GTREF_ISR_CLEAR_EACH : 0, (uint32_t)v);
    } else if (strcmp(op, "mem_write") == 0) {
        /* mem_write ADDR DATA [be=BE]: a qword to physical memory (a page-table change, docs/gam.md §5) */
        uint64_t addr, be = 0xFF;
        if (n < 3 || n > 4 || (n == 4 && strncmp(tok[3], "be=", 3) != 0))
            return ERR(a, "expected 'mem_write ADDR DATA [be=BE]'");
        if (number_arg(a, tok[1], UINT64_MAX, "mem_write address", &addr) || number_arg(a, tok[2], UINT64_MAX, "mem_write data", &v)
            || (n == 4 && number_arg(a, tok[3] + 3, 0xFF, "mem_write byte enables", &be)))
            return -1;
        if (addr % 8) return ERR(a, "mem_write address 0x%" PRIx64 " is not 8-byte aligned", addr);
        if (be == 0) return ERR(a, "mem_write byte enables must not be 0");
        rc = gtref_stim_add_mem_write(a->s, addr, v, (uint8_t)be);
    } else if (strncmp(op, "el_", 3) == 0) {
        return el_op(a, tok, n);
    } else {
        return ERR(a, "unknown host operation '%s' (write, read, wait, wait_idle, wait_irq, isr, mem_write, el_init, "
                   "el_context, el_ctx_reg, el_submit, el_resubmit, el_csb, el_wait)", op);
    }
    return rc ? ERR(a, "out of memory") : 0;
}

/* ---- expectations (expect { ... }) ---- */

static int engine_arg(assembler *a, const char *text, uint8_t *e)
{
    int i = gtref_engine_by_name(text);
    if (i < 0) return ERR(a, "unknown engine '%s' (RCS0, BCS0, VCS0, VECS0)", text);
    if (i >= a->s->engines) return ERR(a, "engine %s is not used by this test (engines %u)", text, a->s->engines);
    *e = (uint8_t)i;
    return 0;
}

static int expect_equals(assembler *a, char **tok, unsigned n, unsigned i, const char *form)
{
    if (n != i + 2 || strcmp(tok[i], "==") != 0) return ERR(a, "expected '%s'", form);
    return 0;
}

/* Write-list entries `ADDR be=BE data=DATA`, separated by blanks or ';', appended to a->pending. */
static int write_entries(assembler *a, char **tok, unsigned n)
{
    gtref_expect *x = &a->pending;
    int field = 0;   /* 0: address next, 1: be= next, 2: data= next */
    gtref_expect_write w = { 0, 0, 0 };
    for (unsigned i = 0; i < n; i++) {
        size_t len = strlen(tok[i]);
        if (len && tok[i][len - 1] == ';') {
            if (field != 0 && !(field == 2 && len > 1)) return ERR(a, "';' in the middle of a write entry");
            tok[i][--len] = '\0';
            if (!len) continue;
        }
        uint64_t v;
        if (field == 0) {
            if (number_arg(a, tok[i], (1ull << 48) - 8, "write address", &v)) return -1;
            if (v % 8) return ERR(a, "write address 0x%" PRIx64 " is not 8-byte aligned (the memory port writes qwords)", v);
            w.addr = v;
            field = 1;
        } else if (field == 1) {
            if (strncmp(tok[i], "be=", 3) != 0) return ERR(a, "expected be=BYTE_ENABLES after the address, got '%s'", tok[i]);
            if (number_arg(a, tok[i] + 3, 0xFF, "be", &v)) return -1;
            if (v == 0) return ERR(a, "be=0: a write enables at least one byte");
            w.be = (uint8_t)v;
            field = 2;
        } else {
            if (strncmp(tok[i], "data=", 5) != 0) return ERR(a, "expected data=QWORD after be=, got '%s'", tok[i]);
            if (number_arg(a, tok[i] + 5, UINT64_MAX, "data", &v)) return -1;
            w.data = v;
            if (x->nwrites >= MAX_EXPECT_WRITES) return ERR(a, "more than %u writes in one list", MAX_EXPECT_WRITES);
            gtref_expect_write *ws = realloc(x->writes, (x->nwrites + 1) * sizeof *ws);
            if (!ws) return ERR(a, "out of memory");
            x->writes = ws;
            x->writes[x->nwrites++] = w;
            field = 0;
        }
    }
    if (field != 0) return ERR(a, "incomplete write entry: expected ADDR be=BE data=DATA");
    return 0;
}

/* TLB lookup entries `hit VA index=N`, `miss VA fill=N`, `fault VA` (docs/stimulus-format.md §2), separated by
 * blanks or ';', appended to a->pending. */
static int tlb_entries(assembler *a, char **tok, unsigned n)
{
    gtref_expect *x = &a->pending;
    int field = 0;   /* 0: hit/miss/fault next, 1: the page, 2: index= or fill= */
    gtref_expect_tlb t = { 0, 0, 0 };
    for (unsigned i = 0; i < n; i++) {
        size_t len = strlen(tok[i]);
        bool ends = false;
        if (len && tok[i][len - 1] == ';') {
            tok[i][--len] = '\0';
            ends = true;
            if (!len) {
                if (field != 0) return ERR(a, "';' in the middle of a TLB entry");
                continue;
            }
        }
        uint64_t v;
        if (field == 0) {
            if (strcmp(tok[i], "hit") == 0) t.what = GTREF_TLB_HIT;
            else if (strcmp(tok[i], "miss") == 0) t.what = GTREF_TLB_MISS;
            else if (strcmp(tok[i], "fault") == 0) t.what = GTREF_TLB_FAULT;
            else return ERR(a, "expected hit, miss or fault, got '%s' (hit VA index=N, miss VA fill=N, fault VA)", tok[i]);
            t.va = 0;
            t.index = 0;
            field = 1;
        } else if (field == 1) {
            if (number_arg(a, tok[i], (1ull << 48) - 1, "TLB page", &v)) return -1;
            if (v % 0x1000u) return ERR(a, "TLB page 0x%" PRIx64 " is not 4 KB aligned (name the page: the address & ~0xfff)", v);
            t.va = v;
            field = t.what == GTREF_TLB_FAULT ? 3 : 2;
        } else {
            const char *key = t.what == GTREF_TLB_HIT ? "index=" : "fill=";
            if (strncmp(tok[i], key, strlen(key)) != 0)
                return ERR(a, "expected %sN after a %s's page, got '%s'", key, t.what == GTREF_TLB_HIT ? "hit" : "miss", tok[i]);
            if (number_arg(a, tok[i] + strlen(key), 31, "TLB entry", &v)) return -1;
            t.index = (uint8_t)v;
            field = 3;
        }
        if (field == 3) {
            if (x->ntlb >= MAX_EXPECT_TLB) return ERR(a, "more than %u TLB lookups in one list", MAX_EXPECT_TLB);
            gtref_expect_tlb *ts = realloc(x->tlb, (x->ntlb + 1) * sizeof *ts);
            if (!ts) return ERR(a, "out of memory");
            x->tlb = ts;
            x->tlb[x->ntlb++] = t;
            field = 0;
        } else if (ends) {
            return ERR(a, "';' in the middle of a TLB entry");
        }
    }
    if (field != 0) return ERR(a, "incomplete TLB entry: expected hit VA index=N, miss VA fill=N or fault VA");
    return 0;
}

static int finish_writes(assembler *a, const char *source)
{
    int rc = add_expect(a, &a->pending, source, a->pending_line);
    free(a->pending.writes);
    free(a->pending.tlb);
    memset(&a->pending, 0, sizeof a->pending);
    a->block = IN_EXPECT;
    return rc;
}

/* A line inside `writes ENG {` or `tlb ENG {` ... `} from "SOURCE"`. */
static int writes_line(assembler *a, char **tok, unsigned n, const char *source)
{
    bool tlb = a->pending.kind == GTREF_EXPECT_TLB;
    const char *what = tlb ? "TLB lookup list" : "write list";
    bool closes = strcmp(tok[n - 1], "}") == 0;
    if (source && !closes) return ERR(a, "the source of a %s goes after its closing '}'", what);
    if ((tlb ? tlb_entries : write_entries)(a, tok, closes ? n - 1 : n)) return -1;
    if (!closes) return 0;
    if (!source) return ERR(a, "'%s' expectation without its spec source: end it with } from \"VOLUME Lnnnn: ...\"",
                            tlb ? "tlb" : "writes");
    return finish_writes(a, source);
}

static int expect_line(assembler *a, char **tok, unsigned n, const char *source)
{
    gtref_expect x;
    memset(&x, 0, sizeof x);
    const char *k = tok[0];
    uint32_t off;
    if (strcmp(k, "reg") == 0) {
        x.kind = GTREF_EXPECT_REG;
        if (n < 4 || strcmp(tok[2], "==") != 0) return ERR(a, "expected 'reg REGISTER == VALUE [mask M]'");
        if (register_arg(a, tok[1], &off) || value_and_mask(a, tok, n, 3, &x)) return -1;
        x.off = off;
    } else if (strcmp(k, "mem32") == 0 || strcmp(k, "mem64") == 0) {
        bool q = k[3] == '6';
        x.kind = q ? GTREF_EXPECT_MEM64 : GTREF_EXPECT_MEM32;
        if (n != 4 || strcmp(tok[2], "==") != 0) return ERR(a, "expected '%s ADDRESS == VALUE'", k);
        if (number_arg(a, tok[1], (1ull << 48) - 9, "address", &x.addr)) return -1;
        if (x.addr % 4) return ERR(a, "address 0x%" PRIx64 " is not dword aligned", x.addr);
        if (number_arg(a, tok[3], q ? UINT64_MAX : UINT32_MAX, "expected value", &x.value)) return -1;
    } else if (strcmp(k, "halted") == 0 || strcmp(k, "not_halted") == 0) {
        x.kind = k[0] == 'h' ? GTREF_EXPECT_HALTED : GTREF_EXPECT_NOT_HALTED;
        if (n != 2) return ERR(a, "expected '%s ENGINE'", k);
        if (engine_arg(a, tok[1], &x.engine)) return -1;
    } else if (strcmp(k, "no_write") == 0) {
        x.kind = GTREF_EXPECT_NO_WRITE;
        char *dots = n == 2 ? strstr(tok[1], "..") : NULL;
        if (!dots) return ERR(a, "expected 'no_write FIRST..LAST' (byte addresses, inclusive)");
        *dots = '\0';
        if (number_arg(a, tok[1], (1ull << 48) - 1, "no_write first", &x.addr) ||
            number_arg(a, dots + 2, (1ull << 48) - 1, "no_write last", &x.last))
            return -1;
        if (x.addr > x.last) return ERR(a, "no_write 0x%" PRIx64 "..0x%" PRIx64 ": first above last", x.addr, x.last);
    } else if (strcmp(k, "errors") == 0) {
        x.kind = GTREF_EXPECT_ERRORS;
        if (n < 2 || engine_arg(a, tok[1], &x.engine)) return n < 2 ? ERR(a, "expected 'errors ENGINE == COUNT'") : -1;
        if (expect_equals(a, tok, n, 2, "errors ENGINE == COUNT")) return -1;
        if (number_arg(a, tok[3], UINT32_MAX, "error count", &x.value)) return -1;
    } else if (strcmp(k, "irq") == 0) {
        x.kind = GTREF_EXPECT_IRQ;
        if (expect_equals(a, tok, n, 1, "irq == 0|1")) return -1;
        if (number_arg(a, tok[2], 1, "irq line", &x.value)) return -1;
    } else if (strcmp(k, "writes") == 0 || strcmp(k, "tlb") == 0) {
        bool tlb = k[0] == 't';
        if (n < 3 || strcmp(tok[2], "{") != 0)
            return ERR(a, tlb ? "expected 'tlb ENGINE { hit VA index=N; miss VA fill=N; fault VA; ... } from \"...\"'"
                              : "expected 'writes ENGINE { ADDR be=BE data=DATA; ... } from \"...\"'");
        memset(&a->pending, 0, sizeof a->pending);
        a->pending.kind = tlb ? GTREF_EXPECT_TLB : GTREF_EXPECT_WRITES;
        a->pending_line = a->line;
        if (engine_arg(a, tok[1], &a->pending.engine)) return -1;
        a->block = IN_WRITES;
        if (n == 3) {
            if (source) return ERR(a, "the source of a %s goes after its closing '}'", tlb ? "TLB lookup list" : "write list");
            return 0;   /* entries follow on the next lines */
        }
        return writes_line(a, tok + 3, n - 3, source);
    } else {
        return ERR(a, "unknown expectation '%s' (reg, mem32, mem64, halted, not_halted, no_write, writes, errors, irq, tlb)", k);
    }
    return add_expect(a, &x, source, a->line);
}

/* Split off a trailing `from "SOURCE"` (cut from the line). *source is NULL when there is none. */
static int split_source(assembler *a, char *line, const char **source)
{
    *source = NULL;
    char *open = strchr(line, '"');
    if (!open) return 0;
    char *close = strchr(open + 1, '"');
    if (!close) return ERR(a, "unterminated source string (missing closing '\"')");
    if (close[1] != '\0') return ERR(a, "text after the source string: the source ends the line");
    if (close == open + 1) return ERR(a, "empty source string: say where in the spec the value comes from");
    if ((size_t)(close - open - 1) > GTREF_EXPECT_SOURCE_MAX)
        return ERR(a, "source string longer than %u characters", GTREF_EXPECT_SOURCE_MAX);
    for (char *p = open + 1; p < close; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e) return ERR(a, "source string: only printable ASCII");
    char *end = open;
    while (end > line && (end[-1] == ' ' || end[-1] == '\t')) end--;
    if (end - line < 4 || strncmp(end - 4, "from", 4) != 0 || (end - line > 4 && end[-5] != ' ' && end[-5] != '\t'))
        return ERR(a, "expected 'from \"SOURCE\"' at the end of the line");
    *close = '\0';
    *source = open + 1;
    end[-4] = '\0';
    return 0;
}

/* ---- lines ---- */

/* out-of-spec RULE "what it checks": the test breaks linter rule RULE (docs/stimulus-format.md §5) on purpose. */
static int out_of_spec_line(assembler *a, char *line)
{
    char *q = strchr(line, '"');
    char *close = q ? strrchr(q + 1, '"') : NULL;
    if (!q || !close || close == q + 1 || close[1] != '\0')
        return ERR(a, "expected 'out-of-spec RULE \"what the test checks by breaking it\"'");
    *q = '\0';
    char *tok[4];
    unsigned n = tokenize(line, tok, 4);
    if (n != 2) return ERR(a, "expected 'out-of-spec RULE \"what the test checks by breaking it\"'");
    const gtref_lint_rule *r = gtref_lint_rule_find(tok[1]);
    if (!r) {
        char known[256];
        size_t k = 0;
        for (size_t i = 0; i < gtref_lint_nrules && k < sizeof known; i++)
            k += (size_t)snprintf(known + k, sizeof known - k, "%s%s", i ? ", " : "", gtref_lint_rules[i].id);
        return ERR(a, "out-of-spec: no linter rule '%s' (rules: %s)", tok[1], known);
    }
    if (a->noos == GTREF_MAX_OOS) return ERR(a, "out-of-spec: at most %d rules", GTREF_MAX_OOS);
    for (size_t i = 0; i < a->noos; i++)
        if (strcmp(a->oos[i], r->id) == 0) return ERR(a, "out-of-spec %s given twice", r->id);
    snprintf(a->oos[a->noos], sizeof a->oos[0], "%s", r->id);
    a->oos_line[a->noos++] = a->line;
    return 0;
}

/* Every linter rule the test does not mark out of spec must hold; a mark that waives nothing is a mistake too. */
static int lint(assembler *a)
{
    const char *waived[GTREF_MAX_OOS];
    for (size_t i = 0; i < a->noos; i++) waived[i] = a->oos[i];
    gtref_lint_violation v[1];
    if (gtref_stim_lint(a->s, waived, a->noos, v, 1))
        return error_at(a, 0, "out of spec (%s, %s): %s: %s; %s. If the test breaks the rule on purpose, say so with "
                              "'out-of-spec %s \"what it checks\"'",
                        v[0].rule->id, v[0].rule->source, v[0].where, v[0].found, v[0].rule->rule, v[0].rule->id);
    for (size_t i = 0; i < a->noos; i++) {
        const char *others[GTREF_MAX_OOS];
        size_t k = 0;
        for (size_t j = 0; j < a->noos; j++) if (j != i) others[k++] = a->oos[j];
        if (gtref_stim_lint(a->s, others, k, v, 1) == 0)
            return error_at(a, a->oos_line[i], "out-of-spec %s: the test does not break that rule", a->oos[i]);
    }
    return 0;
}

/* `ggtt VA PA [pages N] [invalid]`: N GGTT entries, entry i mapping page VA + i*4K to PA + i*4K (present unless
 * `invalid`, which writes the address without the present bit). docs/gam.md GAM-3, GAM-4. */
static int ggtt_line(assembler *a, char **tok, unsigned n)
{
    uint64_t va, pa, pages = 1;
    bool present = true;
    unsigned i = 3;
    if (n < 3) return ERR(a, "expected 'ggtt VA PA [pages N] [invalid]'");
    if (number_arg(a, tok[1], UINT64_MAX, "ggtt virtual address", &va) || number_arg(a, tok[2], UINT64_MAX, "ggtt physical address", &pa))
        return -1;
    for (; i < n; i++) {
        if (strcmp(tok[i], "pages") == 0 && i + 1 < n) {
            if (number_arg(a, tok[++i], GTREF_GGTT_RANGE >> GTREF_PAGE_SHIFT, "ggtt pages", &pages)) return -1;
        } else if (strcmp(tok[i], "invalid") == 0) {
            present = false;
        } else {
            return ERR(a, "expected 'ggtt VA PA [pages N] [invalid]', got '%s'", tok[i]);
        }
    }
    if (va % GTREF_PAGE_SIZE || pa % GTREF_PAGE_SIZE) return ERR(a, "ggtt addresses must be 4 KB aligned");
    if (pages == 0) return ERR(a, "ggtt pages must be at least 1");
    if (va >= GTREF_GGTT_RANGE || pages > (GTREF_GGTT_RANGE - va) >> GTREF_PAGE_SHIFT)
        return ERR(a, "ggtt 0x%" PRIx64 " pages %" PRIu64 " goes past the 4 GB GGTT (docs/gam.md GAM-4)", va, pages);
    if ((pa + (pages << GTREF_PAGE_SHIFT) - 1) & ~GTREF_PTE_ADDR_MASK & ~(GTREF_PAGE_SIZE - 1))
        return ERR(a, "ggtt physical 0x%" PRIx64 " pages %" PRIu64 " goes past bit 38 (GAM-3)", pa, pages);
    ggtt_line_entry *e = realloc(a->ggtt, (a->nggtt + pages) * sizeof *e);
    if (!e) return ERR(a, "out of memory");
    a->ggtt = e;
    for (uint64_t k = 0; k < pages; k++)
        a->ggtt[a->nggtt++] = (ggtt_line_entry){ (va >> GTREF_PAGE_SHIFT) + k, pa + (k << GTREF_PAGE_SHIFT), present, a->line };
    return 0;
}

static int cmp_ggtt(const void *x, const void *y)
{
    const ggtt_line_entry *p = x, *q = y;
    return p->vpage < q->vpage ? -1 : p->vpage > q->vpage ? 1 : p->line - q->line;
}

/* The `ggtt` entries as data segments at GSM_BASE + vpage * 8, one per run of consecutive pages. */
static int emit_ggtt(assembler *a)
{
    if (!a->nggtt) return 0;
    qsort(a->ggtt, a->nggtt, sizeof *a->ggtt, cmp_ggtt);
    for (size_t i = 0; i < a->nggtt;) {
        size_t j = i + 1;
        while (j < a->nggtt && a->ggtt[j].vpage == a->ggtt[j - 1].vpage + 1) j++;
        if (j < a->nggtt && a->ggtt[j].vpage == a->ggtt[j - 1].vpage)
            return error_at(a, a->ggtt[j].line, "ggtt page 0x%" PRIx64 " is already mapped on line %d",
                            a->ggtt[j].vpage << GTREF_PAGE_SHIFT, a->ggtt[j - 1].line);
        seg_builder *g = &a->seg;
        memset(g, 0, sizeof *g);
        g->kind = GTREF_SEG_DATA;
        g->addr = GTREF_GSM_BASE + a->ggtt[i].vpage * 8u;
        g->size = (uint32_t)((j - i) * 8u);
        g->bytes = calloc(g->size, 1);
        if (!g->bytes) return ERR(a, "out of memory");
        for (size_t k = i; k < j; k++) {
            uint64_t v = a->ggtt[k].pa | (a->ggtt[k].present ? GTREF_PTE_PRESENT : 0);
            for (int b = 0; b < 8; b++) g->bytes[(k - i) * 8u + (size_t)b] = (uint8_t)(v >> (8 * b));
        }
        a->block_line = a->ggtt[i].line;
        a->block = IN_SEGMENT;
        if (close_segment(a)) return -1;
        i = j;
    }
    return 0;
}

static int top_line(assembler *a, char *line)
{
    char *tok[MAX_TOKENS];
    unsigned n = tokenize(line, tok, MAX_TOKENS);
    if (n > MAX_TOKENS) return ERR(a, "too many words on the line");
    for (int h = 0; h < H_COUNT; h++)
        if (strcmp(tok[0], header_names[h]) == 0) return parse_header(a, (enum header_directive)h, tok, n);
    if (strcmp(tok[0], "ring") == 0) return open_segment(a, GTREF_SEG_RING, tok, n);
    if (strcmp(tok[0], "batch") == 0) return open_segment(a, GTREF_SEG_BATCH, tok, n);
    if (strcmp(tok[0], "data") == 0) return open_segment(a, GTREF_SEG_DATA, tok, n);
    if (strcmp(tok[0], "ggtt") == 0) return ggtt_line(a, tok, n);
    if (strcmp(tok[0], "host") == 0) {
        if (n != 2 || strcmp(tok[1], "{") != 0) return ERR(a, "expected 'host {'");
        a->block = IN_HOST;
        a->block_line = a->line;
        return 0;
    }
    if (strcmp(tok[0], "expect") == 0) {
        if (n != 2 || strcmp(tok[1], "{") != 0) return ERR(a, "expected 'expect {'");
        a->block = IN_EXPECT;
        a->block_line = a->line;
        return 0;
    }
    if (strcmp(tok[0], "}") == 0) return ERR(a, "'}' without an open block");
    return ERR(a, "unknown directive '%s' (test, seed, profile, engines, latency, hang_cycles, max_cycles, ring, batch, "
                  "data, ggtt, host, expect)", tok[0]);
}

static int one_line(assembler *a, char *line)
{
    bool quoted = false;     /* a '#' inside a source string is not a comment */
    for (char *p = line; *p; p++) {
        if (*p == '"') quoted = !quoted;
        else if (*p == '#' && !quoted) { *p = '\0'; break; }
    }
    size_t len = strlen(line);
    while (len && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r')) line[--len] = '\0';
    while (*line == ' ' || *line == '\t') line++;
    if (!*line) return 0;
    if (a->block != IN_TOP && a->block != IN_WRITES && strcmp(line, "}") == 0) {
        if (a->block == IN_SEGMENT) return close_segment(a);
        a->block = IN_TOP;
        return 0;
    }
    if (a->block == IN_SEGMENT) return segment_line(a, line);
    if (a->block == IN_HOST || a->block == IN_EXPECT || a->block == IN_WRITES) {
        const char *source;
        if (split_source(a, line, &source)) return -1;
        char *tok[MAX_EXPECT_TOKENS];
        unsigned n = tokenize(line, tok, MAX_EXPECT_TOKENS);
        if (n > MAX_EXPECT_TOKENS) return ERR(a, "too many words on the line (split a write list over several lines)");
        if (n == 0) return ERR(a, "a source string without an expectation");
        if (a->block == IN_HOST) return host_line(a, tok, n, source);
        if (a->block == IN_EXPECT) return expect_line(a, tok, n, source);
        return writes_line(a, tok, n, source);
    }
    if (strncmp(line, "out-of-spec", 11) == 0 && (line[11] == ' ' || line[11] == '\t')) return out_of_spec_line(a, line);
    if (strchr(line, '"')) return ERR(a, "a source string outside a host or expect block");
    return top_line(a, line);
}

static int sort_expects(assembler *a)
{
    gtref_stim *s = a->s;
    if (s->nexpects < 2) return 0;
    gtref_expect *sorted = malloc(s->nexpects * sizeof *sorted);
    if (!sorted) return error_at(a, 0, "out of memory");
    size_t k = 0;
    for (size_t i = 0; i < s->nexpects; i++)   /* reads were appended in host order already */
        if (s->expects[i].kind == GTREF_EXPECT_READ) sorted[k++] = s->expects[i];
    for (size_t i = 0; i < s->nexpects; i++)
        if (s->expects[i].kind != GTREF_EXPECT_READ) sorted[k++] = s->expects[i];
    memcpy(s->expects, sorted, s->nexpects * sizeof *sorted);
    free(sorted);
    return 0;
}

static int assemble(assembler *a, const char *text)
{
    const char *p = text;
    while (*p) {
        a->line++;
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char *line = malloc(n + 1);
        if (!line) return ERR(a, "out of memory");
        memcpy(line, p, n);
        line[n] = '\0';
        int rc = one_line(a, line);
        free(line);
        if (rc) return -1;
        p += n + (nl ? 1 : 0);
    }
    if (a->block == IN_WRITES)
        return error_at(a, a->pending_line, "%s not closed (missing '} from \"...\"')",
                        a->pending.kind == GTREF_EXPECT_TLB ? "TLB lookup list" : "write list");
    if (a->block != IN_TOP)
        return error_at(a, a->block_line, "%s block not closed (missing '}')",
                        a->block == IN_HOST ? "host" : a->block == IN_EXPECT ? "expect" : kind_word(a->seg.kind));
    if (emit_ggtt(a)) return -1;
    /* canonical order (the decoder requires it): host read expectations first, in host order, then the rest */
    if (sort_expects(a)) return -1;
    if (!a->seen[H_TEST]) return error_at(a, 0, "missing 'test NAME' line");
    if (lint(a)) return -1;
    /* the final word on validity is the decoder's: what it rejects, the assembler rejects */
    uint8_t *buf = NULL;
    size_t len = 0;
    if (gtref_stim_encode(a->s, &buf, &len)) return error_at(a, 0, "cannot encode the stimulus");
    gtref_stim check;
    gtref_stim_init(&check);
    char why[512];
    int rc = gtref_stim_decode(&check, buf, len, why, sizeof why);
    free(buf);
    gtref_stim_free(&check);
    return rc ? error_at(a, 0, "%s", why) : 0;
}

/* s is (re)initialised: what it held is freed. On failure it is left empty. */
int gtref_gts_assemble(gtref_stim *s, const char *text, const char *filename, char *err, size_t errsz)
{
    gtref_stim_free(s);
    assembler a;
    memset(&a, 0, sizeof a);
    a.s = s;
    a.file = filename ? filename : "<text>";
    a.err = err;
    a.errsz = errsz;
    if (err && errsz) err[0] = '\0';
    int rc = text ? assemble(&a, text) : error_at(&a, 0, "no text");
    free(a.seg.bytes);
    free(a.seg.placed_by);
    free(a.origins);
    free(a.ggtt);
    free(a.pending.writes);
    free(a.pending.tlb);
    if (rc) gtref_stim_free(s);
    return rc;
}

int gtref_gts_assemble_file(gtref_stim *s, const char *path, char *err, size_t errsz)
{
    gtref_stim_free(s);
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (err && errsz) snprintf(err, errsz, "%s: %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 1 << 14, len = 0;
    char *text = malloc(cap + 1);
    while (text) {
        len += fread(text + len, 1, cap - len, f);
        if (len < cap || cap > MAX_FILE_BYTES) break;
        char *bigger = realloc(text, cap * 2 + 1);
        if (!bigger) { free(text); text = NULL; break; }
        text = bigger;
        cap *= 2;
    }
    int rerr = ferror(f);
    fclose(f);
    const char *problem = !text ? "out of memory" : rerr ? "read error" : len > MAX_FILE_BYTES ? "file too large" : NULL;
    if (!problem && memchr(text, '\0', len)) problem = "contains a NUL byte (not a text file)";
    if (problem) {
        if (err && errsz) snprintf(err, errsz, "%s: %s", path, problem);
        free(text);
        return -1;
    }
    text[len] = '\0';
    int rc = gtref_gts_assemble(s, text, path, err, errsz);
    free(text);
    return rc;
}
