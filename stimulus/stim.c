/* The stimulus container and its msgpack form (docs/stimulus-format.md).
 *
 * Encoding uses msgpack-c with a fixed key order, so the same stimulus always gives the same bytes.
 * Decoding uses a small bounds-checked reader of its own instead of msgpack-c's unpacker: the unpacker
 * allocates an array or map as soon as it reads its header, so a few garbage bytes that claim 2^32
 * elements would ask for tens of gigabytes. Here every length is checked against the bytes that are
 * left before anything is allocated, and every error says what is wrong and where. */
#include "gtref/stim.h"
#include "gtref/engines.h"
#include "gtref/file_io.h"
#include "gtref/gam.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <msgpack.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ADDR_LIMIT (1ull << 48)          /* graphics addresses are 48-bit */
#define MAX_FILE_BYTES (256u << 20)      /* a stimulus file larger than this is refused */

static int fail(char *err, size_t errsz, const char *fmt, ...)
{
    if (err && errsz) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errsz, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* ------------------------------------------------------------------------------------------------
 * Container
 * ------------------------------------------------------------------------------------------------ */

void gtref_stim_init(gtref_stim *s)
{
    memset(s, 0, sizeof *s);
    s->version = GTREF_STIM_VERSION;
    snprintf(s->profile, sizeof s->profile, "%s", "gen11");
    s->engines = 1;
    s->lat.rd_lat_min = 1;
    s->lat.rd_lat_max = 8;
    s->lat.req_ready_pct = 100;
    s->hang_cycles = 2000;
    s->max_cycles = 1000000;
}

/* Frees what s owns and leaves it as gtref_stim_init() does, ready for reuse. */
void gtref_stim_free(gtref_stim *s)
{
    if (!s) return;
    for (size_t i = 0; i < s->nsegs; i++) free(s->segs[i].bytes);
    free(s->segs);
    free(s->ops);
    for (size_t i = 0; i < s->nexpects; i++) {
        free(s->expects[i].writes);
        free(s->expects[i].tlb);
    }
    free(s->expects);
    gtref_stim_init(s);
}

int gtref_stim_add_segment(gtref_stim *s, uint64_t addr, uint8_t kind, const void *bytes, uint32_t len)
{
    if (s->nsegs >= SIZE_MAX / sizeof *s->segs - 1) return -1;
    uint8_t *copy = malloc(len ? len : 1);
    if (!copy) return -1;
    if (len) {
        if (bytes) memcpy(copy, bytes, len);
        else memset(copy, 0, len);
    }
    gtref_segment *segs = realloc(s->segs, (s->nsegs + 1) * sizeof *segs);
    if (!segs) {
        free(copy);
        return -1;
    }
    s->segs = segs;
    s->segs[s->nsegs++] = (gtref_segment){ addr, kind, len, copy };
    return 0;
}

int gtref_stim_add_op(gtref_stim *s, uint8_t op, uint32_t off, uint32_t val, uint32_t cycles)
{
    if (s->nops >= SIZE_MAX / sizeof *s->ops - 1) return -1;
    gtref_host_op *ops = realloc(s->ops, (s->nops + 1) * sizeof *ops);
    if (!ops) return -1;
    s->ops = ops;
    s->ops[s->nops++] = (gtref_host_op){ op, off, val, cycles, 0, 0 };
    return 0;
}

int gtref_stim_add_mem_write(gtref_stim *s, uint64_t addr, uint64_t data, uint8_t be)
{
    if (gtref_stim_add_op(s, GTREF_HOST_MEM_WRITE, 0, be, 0)) return -1;
    s->ops[s->nops - 1].addr = addr;
    s->ops[s->nops - 1].data = data;
    return 0;
}

int gtref_stim_add_wide_op(gtref_stim *s, uint8_t op, uint64_t addr, uint64_t data, uint32_t val)
{
    if (gtref_stim_add_op(s, op, 0, val, 0)) return -1;
    s->ops[s->nops - 1].addr = addr;
    s->ops[s->nops - 1].data = data;
    return 0;
}

int gtref_stim_add_expect(gtref_stim *s, const gtref_expect *x)
{
    if (s->nexpects >= SIZE_MAX / sizeof *s->expects - 1 || x->nwrites > SIZE_MAX / sizeof *x->writes ||
        x->ntlb > SIZE_MAX / sizeof *x->tlb)
        return -1;
    gtref_expect_write *w = NULL;
    gtref_expect_tlb *t = NULL;
    if (x->nwrites) {
        w = malloc(x->nwrites * sizeof *w);
        if (!w) return -1;
        memcpy(w, x->writes, x->nwrites * sizeof *w);
    }
    if (x->ntlb) {
        t = malloc(x->ntlb * sizeof *t);
        if (!t) {
            free(w);
            return -1;
        }
        memcpy(t, x->tlb, x->ntlb * sizeof *t);
    }
    gtref_expect *xs = realloc(s->expects, (s->nexpects + 1) * sizeof *xs);
    if (!xs) {
        free(w);
        free(t);
        return -1;
    }
    s->expects = xs;
    s->expects[s->nexpects] = *x;
    s->expects[s->nexpects].writes = w;
    s->expects[s->nexpects].tlb = t;
    s->expects[s->nexpects].source[GTREF_EXPECT_SOURCE_MAX] = '\0';
    s->nexpects++;
    return 0;
}

const char *gtref_expect_kind_name(uint8_t kind)
{
    static const char *const names[GTREF_EXPECT_KIND_MAX + 1] = { "?", "read", "reg", "mem32", "mem64", "halted",
                                                                  "not_halted", "no_write", "writes", "errors", "irq",
                                                                  "tlb" };
    return kind <= GTREF_EXPECT_KIND_MAX ? names[kind] : "?";
}

/* ------------------------------------------------------------------------------------------------
 * Validation: the rules a stimulus must keep, shared by decode and write_file
 * ------------------------------------------------------------------------------------------------ */

static bool identifier_char(uint8_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.' || c == '+';
}

/* A name or profile: 1..max characters of [A-Za-z0-9_.+-]. */
static int check_identifier(const char *what, const uint8_t *b, size_t n, size_t max, char *err, size_t errsz)
{
    if (n == 0) return fail(err, errsz, "%s: empty", what);
    if (n > max) return fail(err, errsz, "%s: %zu characters, at most %zu allowed", what, n, max);
    for (size_t i = 0; i < n; i++)
        if (!identifier_char(b[i]))
            return fail(err, errsz, "%s: character 0x%02x at position %zu is not one of A-Z a-z 0-9 _ . + -", what,
                        b[i], i);
    return 0;
}

static const char *kind_name(uint8_t kind)
{
    switch (kind) {
    case GTREF_SEG_DATA: return "data";
    case GTREF_SEG_RING: return "ring";
    case GTREF_SEG_BATCH: return "batch";
    default: return "?";
    }
}

static const char *op_name(uint8_t op)
{
    switch (op) {
    case GTREF_HOST_WRITE: return "write";
    case GTREF_HOST_READ: return "read";
    case GTREF_HOST_WAIT: return "wait";
    case GTREF_HOST_WAIT_IDLE: return "wait_idle";
    case GTREF_HOST_WAIT_IRQ: return "wait_irq";
    case GTREF_HOST_ISR: return "isr";
    case GTREF_HOST_MEM_WRITE: return "mem_write";
    case GTREF_HOST_EL_INIT: return "el_init";
    case GTREF_HOST_EL_CONTEXT: return "el_context";
    case GTREF_HOST_EL_CTX_REG: return "el_ctx_reg";
    case GTREF_HOST_EL_SUBMIT: return "el_submit";
    case GTREF_HOST_EL_RESUBMIT: return "el_resubmit";
    case GTREF_HOST_EL_CSB: return "el_csb";
    case GTREF_HOST_EL_WAIT: return "el_wait";
    default: return "?";
    }
}

static int check_segment(const gtref_segment *g, size_t i, char *err, size_t errsz)
{
    if (g->kind > GTREF_SEG_BATCH)
        return fail(err, errsz, "segments[%zu]: unknown kind %u (0 data, 1 ring, 2 batch)", i, g->kind);
    if (g->len == 0) return fail(err, errsz, "segments[%zu]: empty (length 0)", i);
    if (g->len % 4) return fail(err, errsz, "segments[%zu]: length %" PRIu32 " is not a multiple of 4", i, g->len);
    if (g->addr % 4)
        return fail(err, errsz, "segments[%zu]: address 0x%" PRIx64 " is not dword aligned", i, g->addr);
    if (g->addr >= ADDR_LIMIT || g->len > ADDR_LIMIT - g->addr)
        return fail(err, errsz, "segments[%zu]: 0x%" PRIx64 " + 0x%" PRIx32 " bytes goes past the 48-bit address space",
                    i, g->addr, g->len);
    if (!g->bytes) return fail(err, errsz, "segments[%zu]: no bytes", i);
    return 0;
}

/* Order of segments i and j by address (index breaks ties, so the sort is stable). */
static int segment_before(const gtref_segment *segs, size_t i, size_t j)
{
    return segs[i].addr != segs[j].addr ? segs[i].addr < segs[j].addr : i < j;
}

/* Segments sorted by address (indices), then neighbours compared: O(n log n). */
static int check_overlaps(const gtref_stim *s, char *err, size_t errsz)
{
    if (s->nsegs < 2) return 0;
    size_t *order = malloc(s->nsegs * sizeof *order);
    if (!order) return fail(err, errsz, "out of memory");
    for (size_t i = 0; i < s->nsegs; i++) order[i] = i;
    /* bottom-up merge sort of the indices by address */
    size_t *tmp = malloc(s->nsegs * sizeof *tmp);
    if (!tmp) {
        free(order);
        return fail(err, errsz, "out of memory");
    }
    for (size_t width = 1; width < s->nsegs; width *= 2) {
        for (size_t lo = 0; lo < s->nsegs; lo += 2 * width) {
            size_t mid = lo + width < s->nsegs ? lo + width : s->nsegs;
            size_t hi = lo + 2 * width < s->nsegs ? lo + 2 * width : s->nsegs;
            size_t a = lo, b = mid, k = lo;
            while (a < mid || b < hi) {
                if (b >= hi || (a < mid && segment_before(s->segs, order[a], order[b])))
                    tmp[k++] = order[a++];
                else
                    tmp[k++] = order[b++];
            }
        }
        memcpy(order, tmp, s->nsegs * sizeof *order);
    }
    free(tmp);
    int rc = 0;
    for (size_t k = 1; k < s->nsegs && !rc; k++) {
        const gtref_segment *p = &s->segs[order[k - 1]], *q = &s->segs[order[k]];
        if (p->addr + p->len > q->addr) {
            size_t first = order[k - 1] < order[k] ? order[k - 1] : order[k];
            size_t second = order[k - 1] < order[k] ? order[k] : order[k - 1];
            const gtref_segment *f = &s->segs[first], *g = &s->segs[second];
            rc = fail(err, errsz,
                      "segments[%zu] (%s 0x%" PRIx64 "..0x%" PRIx64 ") overlaps segments[%zu] (%s 0x%" PRIx64 "..0x%" PRIx64 ")",
                      second, kind_name(g->kind), g->addr, g->addr + g->len - 1, first, kind_name(f->kind), f->addr,
                      f->addr + f->len - 1);
        }
    }
    free(order);
    return rc;
}

static int check_op(const gtref_host_op *o, size_t i, char *err, size_t errsz)
{
    switch (o->op) {
    case GTREF_HOST_WRITE:
    case GTREF_HOST_READ:
        if (o->off % 4) return fail(err, errsz, "host[%zu]: %s offset 0x%" PRIx32 " is not dword aligned", i, op_name(o->op), o->off);
        if (o->op == GTREF_HOST_READ && o->val)
            return fail(err, errsz, "host[%zu]: read with a non-zero value 0x%" PRIx32, i, o->val);
        if (o->cycles) return fail(err, errsz, "host[%zu]: %s with non-zero cycles %" PRIu32, i, op_name(o->op), o->cycles);
        return 0;
    case GTREF_HOST_WAIT:
    case GTREF_HOST_WAIT_IRQ:
    case GTREF_HOST_WAIT_IDLE:
        if (o->off || o->val)
            return fail(err, errsz, "host[%zu]: %s with a non-zero offset or value", i, op_name(o->op));
        if (o->op == GTREF_HOST_WAIT_IDLE && o->cycles)
            return fail(err, errsz, "host[%zu]: wait_idle with non-zero cycles %" PRIu32, i, o->cycles);
        return 0;
    case GTREF_HOST_ISR:
        if (o->off) return fail(err, errsz, "host[%zu]: isr with a non-zero offset", i);
        if (o->val & ~(uint32_t)GTREF_ISR_FLAGS)
            return fail(err, errsz, "host[%zu]: isr flags 0x%" PRIx32 " (only bit 0, clear-each, is defined)", i, o->val);
        if (o->cycles > GTREF_ISR_MAX_DELAY)
            return fail(err, errsz, "host[%zu]: isr delay %" PRIu32 " above %u", i, o->cycles, GTREF_ISR_MAX_DELAY);
        return 0;
    case GTREF_HOST_MEM_WRITE:
        if (o->addr % 8) return fail(err, errsz, "host[%zu]: mem_write address 0x%" PRIx64 " is not 8-byte aligned", i, o->addr);
        if (o->val > 0xFF || o->val == 0)
            return fail(err, errsz, "host[%zu]: mem_write byte enables 0x%" PRIx32 " (1..0xff)", i, o->val);
        return 0;
    /* the execlist driver's operations (docs/stimulus-format.md §2.2, docs/execlists.md §10) */
    case GTREF_HOST_EL_INIT:
    case GTREF_HOST_EL_CSB:
        if (o->off >= GTREF_MAX_ENGINES) return fail(err, errsz, "host[%zu]: %s engine %" PRIu32 " (0..3)", i, op_name(o->op), o->off);
        if (o->cycles) return fail(err, errsz, "host[%zu]: %s with non-zero cycles %" PRIu32, i, op_name(o->op), o->cycles);
        if (o->op == GTREF_HOST_EL_CSB && o->val) return fail(err, errsz, "host[%zu]: el_csb with a non-zero value", i);
        if (o->op == GTREF_HOST_EL_INIT && (o->val % 4096u))
            return fail(err, errsz, "host[%zu]: el_init status page 0x%" PRIx32 " is not 4 KB aligned", i, o->val);
        return 0;
    case GTREF_HOST_EL_WAIT:
        if (o->off >= GTREF_MAX_ENGINES) return fail(err, errsz, "host[%zu]: el_wait engine %" PRIu32 " (0..3)", i, o->off);
        if (o->val) return fail(err, errsz, "host[%zu]: el_wait with a non-zero value", i);
        if (!o->cycles) return fail(err, errsz, "host[%zu]: el_wait with a bound of 0 cycles (at least 1)", i);
        return 0;
    case GTREF_HOST_EL_CONTEXT:
        if (o->addr % 4096u || o->addr > 0xFFFFE000u)
            return fail(err, errsz, "host[%zu]: el_context LRCA 0x%" PRIx64 " (4 KB aligned, two pages below 4 GB)", i, o->addr);
        if ((o->val & 0xFFu) >= GTREF_MAX_ENGINES || o->val >> 8 & ~GTREF_EL_CTX_RESTORE_INHIBIT)
            return fail(err, errsz, "host[%zu]: el_context engine/flags 0x%" PRIx32, i, o->val);
        if ((uint32_t)o->data % 4096u) return fail(err, errsz, "host[%zu]: el_context ring 0x%" PRIx32 " is not 4 KB aligned", i, (uint32_t)o->data);
        if ((o->data >> 32) % 8u || (o->data >> 32) >= 4096u)
            return fail(err, errsz, "host[%zu]: el_context tail 0x%" PRIx64 " (a qword offset in the one-page ring)", i, o->data >> 32);
        return 0;
    case GTREF_HOST_EL_CTX_REG:
        if (o->addr % 4096u || o->addr > 0xFFFFE000u)
            return fail(err, errsz, "host[%zu]: el_ctx_reg LRCA 0x%" PRIx64 " (4 KB aligned, two pages below 4 GB)", i, o->addr);
        if (o->data > UINT32_MAX) return fail(err, errsz, "host[%zu]: el_ctx_reg value 0x%" PRIx64 " above 32 bits", i, o->data);
        if (o->val % 4) return fail(err, errsz, "host[%zu]: el_ctx_reg offset 0x%" PRIx32 " is not dword aligned", i, o->val);
        return 0;
    case GTREF_HOST_EL_SUBMIT:
        if ((o->val & 0xFF) >= GTREF_MAX_ENGINES || o->val >> 8 & ~GTREF_EL_SUBMIT_REPLACE)
            return fail(err, errsz, "host[%zu]: el_submit engine 0x%02" PRIx32 " (0..3), flags 0x%" PRIx32 " (only 1: replace)",
                        i, o->val & 0xFF, o->val >> 8);
        return 0;
    case GTREF_HOST_EL_RESUBMIT:
        if (o->val >= GTREF_MAX_ENGINES) return fail(err, errsz, "host[%zu]: %s engine %" PRIu32 " (0..3)", i, op_name(o->op), o->val);
        if (o->op == GTREF_HOST_EL_RESUBMIT && ((o->data % 8u) || o->data >= 4096u))
            return fail(err, errsz, "host[%zu]: el_resubmit tail 0x%" PRIx64 " (a qword offset in the one-page ring)", i, o->data);
        return 0;
    default:
        return fail(err, errsz, "host[%zu]: unknown op %u (1 write, 2 read, 3 wait, 4 wait_idle, 5 wait_irq, 6 isr, 7 mem_write, "
                    "8 el_init, 9 el_context, 10 el_ctx_reg, 11 el_submit, 12 el_resubmit, 13 el_csb, 14 el_wait)", i, o->op);
    }
}

static bool source_ok(const char *src, size_t *bad)
{
    size_t n = strnlen(src, GTREF_EXPECT_SOURCE_MAX + 1);
    if (n == 0 || n > GTREF_EXPECT_SOURCE_MAX) { *bad = n; return false; }
    for (size_t i = 0; i < n; i++)
        if (src[i] < 0x20 || src[i] > 0x7e || src[i] == '"') { *bad = i; return false; }
    return true;
}

int gtref_expect_validate(const gtref_expect *x, const gtref_stim *s, const char *where, char *err, size_t errsz)
{
    size_t bad;
    if (!source_ok(x->source, &bad)) {
        size_t n = strnlen(x->source, GTREF_EXPECT_SOURCE_MAX + 1);
        if (n == 0) return fail(err, errsz, "%s: no spec source (every expectation needs one)", where);
        if (n > GTREF_EXPECT_SOURCE_MAX) return fail(err, errsz, "%s: source longer than %u characters", where, GTREF_EXPECT_SOURCE_MAX);
        return fail(err, errsz, "%s: source character %zu is not printable ASCII other than '\"'", where, bad);
    }
    bool engine_kind = x->kind == GTREF_EXPECT_HALTED || x->kind == GTREF_EXPECT_NOT_HALTED ||
                       x->kind == GTREF_EXPECT_WRITES || x->kind == GTREF_EXPECT_ERRORS || x->kind == GTREF_EXPECT_TLB;
    if (engine_kind ? x->engine >= s->engines : x->engine != 0)
        return fail(err, errsz, engine_kind ? "%s: engine %u, the stimulus has %u" : "%s: engine %u given to a kind without one",
                    where, x->engine, s->engines);
    if (x->kind != GTREF_EXPECT_WRITES && (x->nwrites || x->writes))
        return fail(err, errsz, "%s: a write list on a '%s' expectation", where, gtref_expect_kind_name(x->kind));
    if (x->kind != GTREF_EXPECT_TLB && (x->ntlb || x->tlb))
        return fail(err, errsz, "%s: a TLB lookup list on a '%s' expectation", where, gtref_expect_kind_name(x->kind));
    bool uses_op = x->kind == GTREF_EXPECT_READ, uses_off = x->kind == GTREF_EXPECT_REG;
    bool uses_addr = x->kind == GTREF_EXPECT_MEM32 || x->kind == GTREF_EXPECT_MEM64 || x->kind == GTREF_EXPECT_NO_WRITE;
    bool uses_mask = uses_op || uses_off;
    bool uses_value = uses_mask || x->kind == GTREF_EXPECT_MEM32 || x->kind == GTREF_EXPECT_MEM64 ||
                      x->kind == GTREF_EXPECT_ERRORS || x->kind == GTREF_EXPECT_IRQ;
    if ((!uses_op && x->op) || (!uses_off && x->off) || (!uses_addr && x->addr) ||
        (x->kind != GTREF_EXPECT_NO_WRITE && x->last) || (!uses_mask && x->mask) || (!uses_value && x->value))
        return fail(err, errsz, "%s: a field the '%s' kind does not use is not 0", where, gtref_expect_kind_name(x->kind));
    switch (x->kind) {
    case GTREF_EXPECT_READ:
        if (x->op >= s->nops || s->ops[x->op].op != GTREF_HOST_READ)
            return fail(err, errsz, "%s: host[%" PRIu32 "] is not a read", where, x->op);
        /* fall through */
    case GTREF_EXPECT_REG:
        if (x->off % 4) return fail(err, errsz, "%s: register offset 0x%" PRIx32 " is not dword aligned", where, x->off);
        if (x->mask == 0 || x->mask > UINT32_MAX) return fail(err, errsz, "%s: mask 0x%" PRIx64 " is not in 1..0xffffffff", where, x->mask);
        if (x->value & ~x->mask)
            return fail(err, errsz, "%s: value 0x%" PRIx64 " has bits outside mask 0x%" PRIx64, where, x->value, x->mask);
        return 0;
    case GTREF_EXPECT_MEM32:
    case GTREF_EXPECT_MEM64:
        if (x->addr % 4 || x->addr >= ADDR_LIMIT - 8)
            return fail(err, errsz, "%s: address 0x%" PRIx64 " is not a dword-aligned 48-bit address", where, x->addr);
        if (x->kind == GTREF_EXPECT_MEM32 && x->value > UINT32_MAX)
            return fail(err, errsz, "%s: value 0x%" PRIx64 " does not fit a dword", where, x->value);
        return 0;
    case GTREF_EXPECT_NO_WRITE:
        if (x->addr > x->last || x->last >= ADDR_LIMIT)
            return fail(err, errsz, "%s: range 0x%" PRIx64 "..0x%" PRIx64 " is empty or past 48 bits", where, x->addr, x->last);
        return 0;
    case GTREF_EXPECT_WRITES:
        if (x->nwrites && !x->writes) return fail(err, errsz, "%s: write list missing", where);
        for (size_t i = 0; i < x->nwrites; i++)
            if (x->writes[i].addr % 8 || x->writes[i].addr >= ADDR_LIMIT || x->writes[i].be == 0)
                return fail(err, errsz, "%s.writes[%zu]: address 0x%" PRIx64 " not 8-byte aligned in 48 bits, or be 0", where,
                            i, x->writes[i].addr);
        return 0;
    case GTREF_EXPECT_ERRORS:
        if (x->value > UINT32_MAX) return fail(err, errsz, "%s: count %" PRIu64 " too large", where, x->value);
        return 0;
    case GTREF_EXPECT_IRQ:
        if (x->value > 1) return fail(err, errsz, "%s: the interrupt line is 0 or 1, not %" PRIu64, where, x->value);
        return 0;
    case GTREF_EXPECT_TLB:
        if (x->ntlb && !x->tlb) return fail(err, errsz, "%s: TLB lookup list missing", where);
        for (size_t i = 0; i < x->ntlb; i++) {
            const gtref_expect_tlb *t = &x->tlb[i];
            if (t->what > GTREF_TLB_FAULT)
                return fail(err, errsz, "%s.tlb[%zu]: outcome %u (0 hit, 1 miss, 2 fault)", where, i, t->what);
            if (t->va % GTREF_PAGE_SIZE || t->va >= ADDR_LIMIT)
                return fail(err, errsz, "%s.tlb[%zu]: address 0x%" PRIx64 " is not a 4 KB page below 2^48", where, i, t->va);
            if (t->what == GTREF_TLB_FAULT ? t->index != 0 : t->index >= GTREF_TLB_ENTRIES)
                return fail(err, errsz, t->what == GTREF_TLB_FAULT ? "%s.tlb[%zu]: a fault with entry %u (a fault fills nothing: 0)"
                                                                   : "%s.tlb[%zu]: entry %u is not in 0..31", where, i, t->index);
        }
        return 0;
    case GTREF_EXPECT_HALTED:
    case GTREF_EXPECT_NOT_HALTED:
        return 0;
    default:
        return fail(err, errsz, "%s: unknown kind %u (1 read, 2 reg, 3 mem32, 4 mem64, 5 halted, 6 not_halted, 7 no_write, "
                    "8 writes, 9 errors, 10 irq, 11 tlb)", where, x->kind);
    }
}

static int validate(const gtref_stim *s, char *err, size_t errsz)
{
    if (s->version != GTREF_STIM_VERSION)
        return fail(err, errsz, "version: %" PRIu32 " is not supported (this build reads version %u)", s->version,
                    GTREF_STIM_VERSION);
    if (check_identifier("name", (const uint8_t *)s->name, strnlen(s->name, sizeof s->name), sizeof s->name - 1, err, errsz) ||
        check_identifier("profile", (const uint8_t *)s->profile, strnlen(s->profile, sizeof s->profile),
                         sizeof s->profile - 1, err, errsz))
        return -1;
    if (s->engines < 1 || s->engines > 4) return fail(err, errsz, "engines: %u is out of range 1..4", s->engines);
    if (s->lat.rd_lat_min < 1) return fail(err, errsz, "latency.rd_min: 0, a read takes at least 1 cycle");
    if (s->lat.rd_lat_min > s->lat.rd_lat_max)
        return fail(err, errsz, "latency: rd_min %u > rd_max %u", s->lat.rd_lat_min, s->lat.rd_lat_max);
    if (s->lat.req_ready_pct < 1 || s->lat.req_ready_pct > 100)
        return fail(err, errsz, "latency.ready_pct: %u is out of range 1..100", s->lat.req_ready_pct);
    if (s->hang_cycles < 1) return fail(err, errsz, "hang_cycles: 0, must be at least 1");
    if (s->max_cycles < 1) return fail(err, errsz, "max_cycles: 0, must be at least 1");
    if (s->nsegs && !s->segs) return fail(err, errsz, "segments: missing");
    if (s->nops && !s->ops) return fail(err, errsz, "host: missing");
    for (size_t i = 0; i < s->nsegs; i++)
        if (check_segment(&s->segs[i], i, err, errsz)) return -1;
    for (size_t i = 0; i < s->nops; i++)
        if (check_op(&s->ops[i], i, err, errsz)) return -1;
    if (s->nexpects && !s->expects) return fail(err, errsz, "expect: missing");
    for (size_t i = 0; i < s->nexpects; i++) {
        char where[32];
        snprintf(where, sizeof where, "expect[%zu]", i);
        if (gtref_expect_validate(&s->expects[i], s, where, err, errsz)) return -1;
        /* one text form per stimulus: read expectations first, one per read, in host order */
        if (i > 0 && s->expects[i].kind == GTREF_EXPECT_READ &&
            (s->expects[i - 1].kind != GTREF_EXPECT_READ || s->expects[i - 1].op >= s->expects[i].op))
            return fail(err, errsz, "%s: read expectations come first, at most one per read, in host order", where);
    }
    return check_overlaps(s, err, errsz);
}

/* ------------------------------------------------------------------------------------------------
 * Encoding (msgpack-c, fixed key order)
 * ------------------------------------------------------------------------------------------------ */

static int pack_cstr(msgpack_packer *pk, const char *str)
{
    return msgpack_pack_str_with_body(pk, str, strlen(str));
}

/* [kind, source, fields of the kind...] (docs/stimulus-format.md §1.4) */
static int pack_expect(msgpack_packer *pk, const gtref_expect *x)
{
    char source[GTREF_EXPECT_SOURCE_MAX + 1];
    snprintf(source, sizeof source, "%.*s", (int)GTREF_EXPECT_SOURCE_MAX, x->source);
    unsigned n = 2;
    switch (x->kind) {
    case GTREF_EXPECT_READ: case GTREF_EXPECT_REG: n += 3; break;
    case GTREF_EXPECT_MEM32: case GTREF_EXPECT_MEM64: case GTREF_EXPECT_NO_WRITE: case GTREF_EXPECT_ERRORS:
    case GTREF_EXPECT_WRITES: case GTREF_EXPECT_TLB: n += 2; break;
    default: n += 1; break;
    }
    int rc = msgpack_pack_array(pk, n) || msgpack_pack_uint8(pk, x->kind) || pack_cstr(pk, source);
    if (rc) return rc;
    switch (x->kind) {
    case GTREF_EXPECT_READ:
        return msgpack_pack_uint32(pk, x->op) || msgpack_pack_uint64(pk, x->value) || msgpack_pack_uint64(pk, x->mask);
    case GTREF_EXPECT_REG:
        return msgpack_pack_uint32(pk, x->off) || msgpack_pack_uint64(pk, x->value) || msgpack_pack_uint64(pk, x->mask);
    case GTREF_EXPECT_MEM32:
    case GTREF_EXPECT_MEM64:
        return msgpack_pack_uint64(pk, x->addr) || msgpack_pack_uint64(pk, x->value);
    case GTREF_EXPECT_NO_WRITE:
        return msgpack_pack_uint64(pk, x->addr) || msgpack_pack_uint64(pk, x->last);
    case GTREF_EXPECT_ERRORS:
        return msgpack_pack_uint8(pk, x->engine) || msgpack_pack_uint64(pk, x->value);
    case GTREF_EXPECT_WRITES:
        rc = msgpack_pack_uint8(pk, x->engine) || msgpack_pack_array(pk, x->nwrites);
        for (size_t i = 0; i < x->nwrites && !rc; i++)
            rc = msgpack_pack_array(pk, 3) || msgpack_pack_uint64(pk, x->writes[i].addr) ||
                 msgpack_pack_uint8(pk, x->writes[i].be) || msgpack_pack_uint64(pk, x->writes[i].data);
        return rc;
    case GTREF_EXPECT_TLB:   /* [engine, [[outcome, va, index], ...]] */
        rc = msgpack_pack_uint8(pk, x->engine) || msgpack_pack_array(pk, x->ntlb);
        for (size_t i = 0; i < x->ntlb && !rc; i++)
            rc = msgpack_pack_array(pk, 3) || msgpack_pack_uint8(pk, x->tlb[i].what) ||
                 msgpack_pack_uint64(pk, x->tlb[i].va) || msgpack_pack_uint8(pk, x->tlb[i].index);
        return rc;
    case GTREF_EXPECT_HALTED:
    case GTREF_EXPECT_NOT_HALTED:
        return msgpack_pack_uint8(pk, x->engine);
    default: /* IRQ and anything unknown: the value */
        return msgpack_pack_uint64(pk, x->value);
    }
}

int gtref_stim_encode(const gtref_stim *s, uint8_t **buf, size_t *len)
{
    if (!s || !buf || !len) return -1;
    *buf = NULL;
    *len = 0;
    if ((s->nsegs && !s->segs) || (s->nops && !s->ops) || (s->nexpects && !s->expects)) return -1;
    msgpack_sbuffer sb;
    msgpack_sbuffer_init(&sb);
    msgpack_packer pk;
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    char name[sizeof s->name + 1], profile[sizeof s->profile + 1];
    snprintf(name, sizeof name, "%.*s", (int)sizeof s->name, s->name);
    snprintf(profile, sizeof profile, "%.*s", (int)sizeof s->profile, s->profile);

    /* || evaluates left to right and stops at the first failure: keys and values go out in order */
    int rc = msgpack_pack_map(&pk, 12)
        || pack_cstr(&pk, "format") || pack_cstr(&pk, GTREF_STIM_FORMAT)
        || pack_cstr(&pk, "version") || msgpack_pack_uint32(&pk, GTREF_STIM_VERSION)
        || pack_cstr(&pk, "name") || pack_cstr(&pk, name)
        || pack_cstr(&pk, "seed") || msgpack_pack_uint64(&pk, s->seed)
        || pack_cstr(&pk, "profile") || pack_cstr(&pk, profile)
        || pack_cstr(&pk, "engines") || msgpack_pack_uint8(&pk, s->engines)
        || pack_cstr(&pk, "latency") || msgpack_pack_map(&pk, 3)
        || pack_cstr(&pk, "rd_min") || msgpack_pack_uint16(&pk, s->lat.rd_lat_min)
        || pack_cstr(&pk, "rd_max") || msgpack_pack_uint16(&pk, s->lat.rd_lat_max)
        || pack_cstr(&pk, "ready_pct") || msgpack_pack_uint8(&pk, s->lat.req_ready_pct)
        || pack_cstr(&pk, "hang_cycles") || msgpack_pack_uint32(&pk, s->hang_cycles)
        || pack_cstr(&pk, "max_cycles") || msgpack_pack_uint64(&pk, s->max_cycles)
        || pack_cstr(&pk, "segments") || msgpack_pack_array(&pk, s->nsegs);
    for (size_t i = 0; i < s->nsegs && !rc; i++) {
        const gtref_segment *g = &s->segs[i];
        rc = msgpack_pack_array(&pk, 3) || msgpack_pack_uint64(&pk, g->addr) || msgpack_pack_uint8(&pk, g->kind)
          || msgpack_pack_bin_with_body(&pk, g->bytes, g->len);
    }
    rc = rc || pack_cstr(&pk, "host") || msgpack_pack_array(&pk, s->nops);
    for (size_t i = 0; i < s->nops && !rc; i++) {
        const gtref_host_op *o = &s->ops[i];
        if (gtref_host_op_wide(o->op))
            rc = msgpack_pack_array(&pk, 4) || msgpack_pack_uint8(&pk, o->op) || msgpack_pack_uint64(&pk, o->addr)
              || msgpack_pack_uint64(&pk, o->data) || msgpack_pack_uint32(&pk, o->val);
        else
            rc = msgpack_pack_array(&pk, 4) || msgpack_pack_uint8(&pk, o->op) || msgpack_pack_uint32(&pk, o->off)
              || msgpack_pack_uint32(&pk, o->val) || msgpack_pack_uint32(&pk, o->cycles);
    }
    rc = rc || pack_cstr(&pk, "expect") || msgpack_pack_array(&pk, s->nexpects);
    for (size_t i = 0; i < s->nexpects && !rc; i++) rc = pack_expect(&pk, &s->expects[i]);
    if (rc) {
        msgpack_sbuffer_destroy(&sb);
        return -1;
    }
    *len = sb.size;
    *buf = (uint8_t *)msgpack_sbuffer_release(&sb);
    return *buf ? 0 : -1;
}

/* ------------------------------------------------------------------------------------------------
 * Decoding: a bounds-checked msgpack reader
 * ------------------------------------------------------------------------------------------------ */

enum mp_kind { MP_UINT, MP_NEGINT, MP_NIL, MP_BOOL, MP_FLOAT, MP_STR, MP_BIN, MP_ARRAY, MP_MAP, MP_EXT };

typedef struct mp_item {
    enum mp_kind kind;
    uint64_t u;              /* MP_UINT value; length of STR/BIN; element count of ARRAY/MAP */
    const uint8_t *body;     /* STR, BIN */
} mp_item;

typedef struct mp_reader {
    const uint8_t *p, *end;
    char *err;
    size_t errsz;
} mp_reader;

static const char *mp_kind_name(enum mp_kind k)
{
    static const char *const names[] = { "an unsigned integer", "a negative integer", "nil", "a boolean",
                                         "a float", "a string", "binary data", "an array", "a map", "an extension" };
    return names[k];
}

static size_t mp_left(const mp_reader *r) { return (size_t)(r->end - r->p); }

static uint64_t be_read(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) v = v << 8 | p[i];
    return v;
}

/* Read the header of the next object (and take the body of a string, binary or scalar). */
static int mp_next(mp_reader *r, mp_item *it, const char *where)
{
    if (mp_left(r) < 1) return fail(r->err, r->errsz, "%s: truncated data (the input ends here)", where);
    uint8_t t = *r->p++;
    unsigned nbytes = 0;       /* size of the length/value field that follows the type byte */
    it->body = NULL;
    it->u = 0;
    if (t <= 0x7f) { it->kind = MP_UINT; it->u = t; return 0; }
    if (t >= 0xe0) { it->kind = MP_NEGINT; return 0; }
    if (t >= 0x80 && t <= 0x8f) { it->kind = MP_MAP; it->u = t & 0x0f; goto counted; }
    if (t >= 0x90 && t <= 0x9f) { it->kind = MP_ARRAY; it->u = t & 0x0f; goto counted; }
    if (t >= 0xa0 && t <= 0xbf) { it->kind = MP_STR; it->u = t & 0x1f; goto body; }
    switch (t) {
    case 0xc0: it->kind = MP_NIL; return 0;
    case 0xc2: case 0xc3: it->kind = MP_BOOL; return 0;
    case 0xcc: case 0xcd: case 0xce: case 0xcf:
        it->kind = MP_UINT; nbytes = 1u << (t - 0xcc); break;
    case 0xd0: case 0xd1: case 0xd2: case 0xd3: {
        nbytes = 1u << (t - 0xd0);
        if (mp_left(r) < nbytes) return fail(r->err, r->errsz, "%s: truncated data (integer)", where);
        uint64_t raw = be_read(r->p, nbytes);
        r->p += nbytes;
        bool negative = (raw >> (8 * nbytes - 1)) & 1;
        it->kind = negative ? MP_NEGINT : MP_UINT;
        it->u = negative ? 0 : raw;
        return 0;
    }
    case 0xca: case 0xcb: {
        nbytes = t == 0xca ? 4 : 8;
        if (mp_left(r) < nbytes) return fail(r->err, r->errsz, "%s: truncated data (float)", where);
        r->p += nbytes;
        it->kind = MP_FLOAT;
        return 0;
    }
    case 0xd9: case 0xda: case 0xdb: it->kind = MP_STR; nbytes = 1u << (t - 0xd9); break;
    case 0xc4: case 0xc5: case 0xc6: it->kind = MP_BIN; nbytes = 1u << (t - 0xc4); break;
    case 0xdc: case 0xdd: it->kind = MP_ARRAY; nbytes = t == 0xdc ? 2 : 4; break;
    case 0xde: case 0xdf: it->kind = MP_MAP; nbytes = t == 0xde ? 2 : 4; break;
    case 0xd4: case 0xd5: case 0xd6: case 0xd7: case 0xd8: {   /* fixext 1..16 */
        size_t n = 1 + ((size_t)1 << (t - 0xd4));
        if (mp_left(r) < n) return fail(r->err, r->errsz, "%s: truncated data (extension)", where);
        r->p += n;
        it->kind = MP_EXT;
        return 0;
    }
    case 0xc7: case 0xc8: case 0xc9: {                          /* ext 8/16/32 */
        nbytes = 1u << (t - 0xc7);
        if (mp_left(r) < nbytes) return fail(r->err, r->errsz, "%s: truncated data (extension)", where);
        uint64_t n = be_read(r->p, nbytes) + 1;
        r->p += nbytes;
        if (mp_left(r) < n) return fail(r->err, r->errsz, "%s: truncated data (extension)", where);
        r->p += n;
        it->kind = MP_EXT;
        return 0;
    }
    default:
        return fail(r->err, r->errsz, "%s: 0x%02x is not a msgpack type byte", where, t);
    }
    if (mp_left(r) < nbytes) return fail(r->err, r->errsz, "%s: truncated data (%s header)", where, mp_kind_name(it->kind));
    it->u = be_read(r->p, nbytes);
    r->p += nbytes;
    if (it->kind == MP_UINT) return 0;
    if (it->kind == MP_ARRAY || it->kind == MP_MAP) goto counted;
body:
    if (mp_left(r) < it->u)
        return fail(r->err, r->errsz, "%s: truncated data (%s of %" PRIu64 " bytes, %zu left)", where,
                    mp_kind_name(it->kind), it->u, mp_left(r));
    it->body = r->p;
    r->p += it->u;
    return 0;
counted:
    /* every element takes at least one byte (two for a map entry): a count the input cannot hold is truncation */
    if (it->u > mp_left(r) / (it->kind == MP_MAP ? 2 : 1))
        return fail(r->err, r->errsz, "%s: truncated data (%s of %" PRIu64 " elements, %zu bytes left)", where,
                    mp_kind_name(it->kind), it->u, mp_left(r));
    return 0;
}

static int mp_expect(mp_reader *r, mp_item *it, enum mp_kind kind, const char *where)
{
    if (mp_next(r, it, where)) return -1;
    if (it->kind != kind)
        return fail(r->err, r->errsz, "%s: expected %s, got %s", where, mp_kind_name(kind), mp_kind_name(it->kind));
    return 0;
}

static int mp_uint(mp_reader *r, uint64_t max, uint64_t *v, const char *where)
{
    mp_item it;
    if (mp_next(r, &it, where)) return -1;
    if (it.kind == MP_NEGINT) return fail(r->err, r->errsz, "%s: negative, expected an unsigned integer", where);
    if (it.kind != MP_UINT)
        return fail(r->err, r->errsz, "%s: expected an unsigned integer, got %s", where, mp_kind_name(it.kind));
    if (it.u > max) return fail(r->err, r->errsz, "%s: %" PRIu64 " does not fit (at most %" PRIu64 ")", where, it.u, max);
    *v = it.u;
    return 0;
}

/* A string into dst (NUL-terminated), checked as an identifier. */
static int mp_identifier(mp_reader *r, char *dst, size_t cap, const char *where)
{
    mp_item it;
    if (mp_expect(r, &it, MP_STR, where)) return -1;
    if (check_identifier(where, it.body, (size_t)it.u, cap - 1, r->err, r->errsz)) return -1;
    memcpy(dst, it.body, (size_t)it.u);
    dst[it.u] = '\0';
    return 0;
}

static bool str_is(const mp_item *it, const char *lit)
{
    size_t n = strlen(lit);
    return it->u == n && memcmp(it->body, lit, n) == 0;
}

/* Print a key for a message: printable characters only, at most 32 of them. */
static const char *key_text(const mp_item *key, char *buf, size_t sz)
{
    size_t w = 0;
    for (size_t i = 0; i < key->u && w + 5 < sz && i < 32; i++) {
        uint8_t c = key->body[i];
        if (c >= 0x20 && c < 0x7f && c != '\'') buf[w++] = (char)c;
        else w += (size_t)snprintf(buf + w, sz - w, "\\x%02x", c);
    }
    if (key->u > 32 && w + 4 < sz) { memcpy(buf + w, "...", 3); w += 3; }
    buf[w < sz ? w : sz - 1] = '\0';
    return buf;
}

/* Keys of the top-level map, in encoding order. */
enum top_key { K_FORMAT, K_VERSION, K_NAME, K_SEED, K_PROFILE, K_ENGINES, K_LATENCY, K_HANG, K_MAX, K_SEGMENTS,
               K_HOST, K_EXPECT, K_COUNT };
static const char *const top_keys[K_COUNT] = { "format", "version", "name", "seed", "profile", "engines", "latency",
                                               "hang_cycles", "max_cycles", "segments", "host", "expect" };

static int decode_latency(mp_reader *r, gtref_latency *lat)
{
    static const char *const keys[3] = { "rd_min", "rd_max", "ready_pct" };
    mp_item map, key;
    if (mp_expect(r, &map, MP_MAP, "latency")) return -1;
    unsigned seen = 0;
    for (uint64_t i = 0; i < map.u; i++) {
        char kbuf[160], where[64];
        if (mp_next(r, &key, "latency: key")) return -1;
        if (key.kind != MP_STR) return fail(r->err, r->errsz, "latency: a key is %s, expected a string", mp_kind_name(key.kind));
        int k = -1;
        for (int j = 0; j < 3; j++)
            if (str_is(&key, keys[j])) k = j;
        if (k < 0) return fail(r->err, r->errsz, "latency: unknown key '%s'", key_text(&key, kbuf, sizeof kbuf));
        if (seen & (1u << k)) return fail(r->err, r->errsz, "latency: duplicate key '%s'", keys[k]);
        seen |= 1u << k;
        snprintf(where, sizeof where, "latency.%s", keys[k]);
        uint64_t v;
        if (mp_uint(r, k == 2 ? 0xFF : 0xFFFF, &v, where)) return -1;
        if (k == 0) lat->rd_lat_min = (uint16_t)v;
        else if (k == 1) lat->rd_lat_max = (uint16_t)v;
        else lat->req_ready_pct = (uint8_t)v;
    }
    for (int j = 0; j < 3; j++)
        if (!(seen & (1u << j))) return fail(r->err, r->errsz, "latency: missing key '%s'", keys[j]);
    return 0;
}

static int decode_segments(mp_reader *r, gtref_stim *s)
{
    mp_item arr, it;
    if (mp_expect(r, &arr, MP_ARRAY, "segments")) return -1;
    for (uint64_t i = 0; i < arr.u; i++) {
        char where[64];
        snprintf(where, sizeof where, "segments[%" PRIu64 "]", i);
        if (mp_expect(r, &it, MP_ARRAY, where)) return -1;
        if (it.u != 3)
            return fail(r->err, r->errsz, "%s: %" PRIu64 " elements, expected 3 [addr, kind, bytes]", where, it.u);
        uint64_t addr, kind;
        char field[96];
        snprintf(field, sizeof field, "%s.addr", where);
        if (mp_uint(r, UINT64_MAX, &addr, field)) return -1;
        snprintf(field, sizeof field, "%s.kind", where);
        if (mp_uint(r, 0xFF, &kind, field)) return -1;
        snprintf(field, sizeof field, "%s.bytes", where);
        if (mp_expect(r, &it, MP_BIN, field)) return -1;
        if (it.u > UINT32_MAX) return fail(r->err, r->errsz, "%s: longer than 4 GiB", field);
        if (gtref_stim_add_segment(s, addr, (uint8_t)kind, it.body, (uint32_t)it.u))
            return fail(r->err, r->errsz, "%s: out of memory", where);
        if (check_segment(&s->segs[s->nsegs - 1], s->nsegs - 1, r->err, r->errsz)) return -1;
    }
    return 0;
}

static int decode_host(mp_reader *r, gtref_stim *s)
{
    static const char *const fields[4] = { "op", "off", "val", "cycles" };
    static const char *const mw_fields[4] = { "op", "addr", "data", "be" };
    mp_item arr, it;
    if (mp_expect(r, &arr, MP_ARRAY, "host")) return -1;
    for (uint64_t i = 0; i < arr.u; i++) {
        char where[64], field[96];
        snprintf(where, sizeof where, "host[%" PRIu64 "]", i);
        if (mp_expect(r, &it, MP_ARRAY, where)) return -1;
        if (it.u != 4)
            return fail(r->err, r->errsz, "%s: %" PRIu64 " elements, expected 4 [op, off, val, cycles]", where, it.u);
        uint64_t v[4];
        for (int j = 0; j < 4; j++) {
            bool mw = j > 0 && gtref_host_op_wide((uint8_t)v[0]);  /* [7, addr, data, be]: 64-bit address and data */
            snprintf(field, sizeof field, "%s.%s", where, mw ? mw_fields[j] : fields[j]);
            if (mp_uint(r, j == 0 ? 0xFF : mw && j < 3 ? UINT64_MAX : UINT32_MAX, &v[j], field)) return -1;
        }
        if (v[0] == GTREF_HOST_MEM_WRITE ? gtref_stim_add_mem_write(s, v[1], v[2], (uint8_t)(v[3] > 0xFF ? 0 : v[3]))
            : gtref_host_op_wide((uint8_t)v[0]) ? gtref_stim_add_wide_op(s, (uint8_t)v[0], v[1], v[2], (uint32_t)v[3])
                                                 : gtref_stim_add_op(s, (uint8_t)v[0], (uint32_t)v[1], (uint32_t)v[2], (uint32_t)v[3]))
            return fail(r->err, r->errsz, "%s: out of memory", where);
        if (v[0] == GTREF_HOST_MEM_WRITE && v[3] > 0xFF)
            return fail(r->err, r->errsz, "%s: mem_write byte enables 0x%" PRIx64 " (1..0xff)", where, v[3]);
        if (check_op(&s->ops[s->nops - 1], s->nops - 1, r->err, r->errsz)) return -1;
    }
    return 0;
}

/* Fields after [kind, source], per kind: how many and their names (docs/stimulus-format.md §1.4). */
static unsigned expect_fields(uint8_t kind, const char *const **names)
{
    static const char *const op_value_mask[] = { "op", "value", "mask" }, *const off_value_mask[] = { "off", "value", "mask" },
                             *const addr_value[] = { "addr", "value" }, *const first_last[] = { "first", "last" },
                             *const engine_value[] = { "engine", "value" }, *const engine_writes[] = { "engine", "writes" },
                             *const engine_tlb[] = { "engine", "tlb" },
                             *const engine[] = { "engine" }, *const value[] = { "value" };
    switch (kind) {
    case GTREF_EXPECT_READ: *names = op_value_mask; return 3;
    case GTREF_EXPECT_REG: *names = off_value_mask; return 3;
    case GTREF_EXPECT_MEM32: case GTREF_EXPECT_MEM64: *names = addr_value; return 2;
    case GTREF_EXPECT_NO_WRITE: *names = first_last; return 2;
    case GTREF_EXPECT_ERRORS: *names = engine_value; return 2;
    case GTREF_EXPECT_WRITES: *names = engine_writes; return 2;
    case GTREF_EXPECT_TLB: *names = engine_tlb; return 2;
    case GTREF_EXPECT_HALTED: case GTREF_EXPECT_NOT_HALTED: *names = engine; return 1;
    case GTREF_EXPECT_IRQ: *names = value; return 1;
    default: *names = NULL; return 0;
    }
}

static int decode_write_list(mp_reader *r, gtref_expect *x, const char *where)
{
    mp_item arr, it;
    if (mp_expect(r, &arr, MP_ARRAY, where)) return -1;
    if (arr.u == 0) return 0;
    /* each [addr, be, data] takes at least 4 bytes: mp_next already bounded arr.u by the bytes left */
    x->writes = calloc((size_t)arr.u, sizeof *x->writes);
    if (!x->writes) return fail(r->err, r->errsz, "%s: out of memory", where);
    x->nwrites = (size_t)arr.u;
    for (uint64_t i = 0; i < arr.u; i++) {
        char w[160], f[200];
        uint64_t v[3];
        snprintf(w, sizeof w, "%s[%" PRIu64 "]", where, i);
        if (mp_expect(r, &it, MP_ARRAY, w)) return -1;
        if (it.u != 3) return fail(r->err, r->errsz, "%s: %" PRIu64 " elements, expected 3 [addr, be, data]", w, it.u);
        static const char *const names[3] = { "addr", "be", "data" };
        for (int j = 0; j < 3; j++) {
            snprintf(f, sizeof f, "%s.%s", w, names[j]);
            if (mp_uint(r, j == 1 ? 0xFF : UINT64_MAX, &v[j], f)) return -1;
        }
        x->writes[i] = (gtref_expect_write){ v[0], (uint8_t)v[1], v[2] };
    }
    return 0;
}

/* [[outcome, va, index], ...] of a tlb expectation; the values' rules are gtref_expect_validate's. */
static int decode_tlb_list(mp_reader *r, gtref_expect *x, const char *where)
{
    mp_item arr, it;
    if (mp_expect(r, &arr, MP_ARRAY, where)) return -1;
    if (arr.u == 0) return 0;
    /* each [outcome, va, index] takes at least 4 bytes: mp_next already bounded arr.u by the bytes left */
    x->tlb = calloc((size_t)arr.u, sizeof *x->tlb);
    if (!x->tlb) return fail(r->err, r->errsz, "%s: out of memory", where);
    x->ntlb = (size_t)arr.u;
    for (uint64_t i = 0; i < arr.u; i++) {
        char w[160], f[200];
        uint64_t v[3];
        snprintf(w, sizeof w, "%s[%" PRIu64 "]", where, i);
        if (mp_expect(r, &it, MP_ARRAY, w)) return -1;
        if (it.u != 3) return fail(r->err, r->errsz, "%s: %" PRIu64 " elements, expected 3 [outcome, va, index]", w, it.u);
        static const char *const names[3] = { "outcome", "va", "index" };
        for (int j = 0; j < 3; j++) {
            snprintf(f, sizeof f, "%s.%s", w, names[j]);
            if (mp_uint(r, j == 1 ? UINT64_MAX : 0xFF, &v[j], f)) return -1;
        }
        x->tlb[i] = (gtref_expect_tlb){ (uint8_t)v[0], v[1], (uint8_t)v[2] };
    }
    return 0;
}

static int decode_expects(mp_reader *r, gtref_stim *s)
{
    mp_item arr, it;
    if (mp_expect(r, &arr, MP_ARRAY, "expect")) return -1;
    for (uint64_t i = 0; i < arr.u; i++) {
        char where[64], field[96];
        snprintf(where, sizeof where, "expect[%" PRIu64 "]", i);
        if (mp_expect(r, &it, MP_ARRAY, where)) return -1;
        uint64_t n = it.u, kind;
        if (n < 2) return fail(r->err, r->errsz, "%s: %" PRIu64 " elements, expected [kind, source, ...]", where, n);
        snprintf(field, sizeof field, "%s.kind", where);
        if (mp_uint(r, 0xFF, &kind, field)) return -1;
        const char *const *names;
        unsigned nf = expect_fields((uint8_t)kind, &names);
        if (nf == 0)
            return fail(r->err, r->errsz, "%s: unknown kind %" PRIu64 " (1 read, 2 reg, 3 mem32, 4 mem64, 5 halted, "
                        "6 not_halted, 7 no_write, 8 writes, 9 errors, 10 irq, 11 tlb)", where, kind);
        if (n != 2 + nf)
            return fail(r->err, r->errsz, "%s: %" PRIu64 " elements, a '%s' expectation has %u", where, n,
                        gtref_expect_kind_name((uint8_t)kind), 2 + nf);
        gtref_expect x;
        memset(&x, 0, sizeof x);
        x.kind = (uint8_t)kind;
        snprintf(field, sizeof field, "%s.source", where);
        mp_item src;
        if (mp_expect(r, &src, MP_STR, field)) return -1;
        if (src.u == 0 || src.u > GTREF_EXPECT_SOURCE_MAX)
            return fail(r->err, r->errsz, "%s: %" PRIu64 " characters, 1..%u allowed", field, src.u, GTREF_EXPECT_SOURCE_MAX);
        memcpy(x.source, src.body, (size_t)src.u);
        x.source[src.u] = '\0';
        if (strlen(x.source) != src.u) return fail(r->err, r->errsz, "%s: contains a NUL character", field);
        int rc = 0;
        for (unsigned j = 0; j < nf && !rc; j++) {
            snprintf(field, sizeof field, "%s.%s", where, names[j]);
            uint64_t v;
            if (strcmp(names[j], "writes") == 0) { rc = decode_write_list(r, &x, field); continue; }
            if (strcmp(names[j], "tlb") == 0) { rc = decode_tlb_list(r, &x, field); continue; }
            uint64_t max = strcmp(names[j], "engine") == 0 ? 0xFF : strcmp(names[j], "op") == 0 || strcmp(names[j], "off") == 0 ? UINT32_MAX : UINT64_MAX;
            if ((rc = mp_uint(r, max, &v, field))) break;
            if (strcmp(names[j], "op") == 0) x.op = (uint32_t)v;
            else if (strcmp(names[j], "off") == 0) x.off = (uint32_t)v;
            else if (strcmp(names[j], "engine") == 0) x.engine = (uint8_t)v;
            else if (strcmp(names[j], "addr") == 0 || strcmp(names[j], "first") == 0) x.addr = v;
            else if (strcmp(names[j], "last") == 0) x.last = v;
            else if (strcmp(names[j], "value") == 0) x.value = v;
            else x.mask = v;
        }
        if (!rc && gtref_stim_add_expect(s, &x)) rc = fail(r->err, r->errsz, "%s: out of memory", where);
        free(x.writes);
        free(x.tlb);
        if (rc) return -1;
    }
    return 0;
}

static int decode_value(mp_reader *r, gtref_stim *s, enum top_key k)
{
    mp_item it;
    uint64_t v;
    switch (k) {
    case K_FORMAT:
        if (mp_expect(r, &it, MP_STR, "format")) return -1;
        if (!str_is(&it, GTREF_STIM_FORMAT)) {
            char buf[160];
            return fail(r->err, r->errsz, "format: '%s' is not \"" GTREF_STIM_FORMAT "\" (not a gtref stimulus)",
                        key_text(&it, buf, sizeof buf));
        }
        return 0;
    case K_VERSION:
        if (mp_uint(r, UINT64_MAX, &v, "version")) return -1;
        if (v < 1 || v > GTREF_STIM_VERSION)
            return fail(r->err, r->errsz, "version: %" PRIu64 " is not supported (this build reads versions 1 to %u)", v,
                        GTREF_STIM_VERSION);
        s->version = (uint32_t)v;
        return 0;
    case K_NAME: return mp_identifier(r, s->name, sizeof s->name, "name");
    case K_SEED: return mp_uint(r, UINT64_MAX, &s->seed, "seed");
    case K_PROFILE: return mp_identifier(r, s->profile, sizeof s->profile, "profile");
    case K_ENGINES:
        if (mp_uint(r, UINT64_MAX, &v, "engines")) return -1;
        if (v < 1 || v > 4) return fail(r->err, r->errsz, "engines: %" PRIu64 " is out of range 1..4", v);
        s->engines = (uint8_t)v;
        return 0;
    case K_LATENCY: return decode_latency(r, &s->lat);
    case K_HANG:
        if (mp_uint(r, UINT32_MAX, &v, "hang_cycles")) return -1;
        s->hang_cycles = (uint32_t)v;
        return 0;
    case K_MAX: return mp_uint(r, UINT64_MAX, &s->max_cycles, "max_cycles");
    case K_SEGMENTS: return decode_segments(r, s);
    case K_HOST: return decode_host(r, s);
    case K_EXPECT: return decode_expects(r, s);
    default: return -1;
    }
}

/* The top-level map; r is left where reading stopped. */
static int decode_top(mp_reader *r, gtref_stim *s, char *err, size_t errsz)
{
    mp_item map, key;
    if (mp_next(r, &map, "stimulus")) return -1;
    if (map.kind != MP_MAP)
        return fail(err, errsz, "stimulus: expected a map at the top level, got %s (not a gtref stimulus)",
                    mp_kind_name(map.kind));
    unsigned seen = 0;
    for (uint64_t i = 0; i < map.u; i++) {
        char kbuf[160];
        if (mp_next(r, &key, "stimulus: key")) return -1;
        if (key.kind != MP_STR) return fail(err, errsz, "stimulus: a key is %s, expected a string", mp_kind_name(key.kind));
        int k = -1;
        for (int j = 0; j < K_COUNT; j++)
            if (str_is(&key, top_keys[j])) k = j;
        if (k < 0) return fail(err, errsz, "unknown key '%s'", key_text(&key, kbuf, sizeof kbuf));
        if (seen & (1u << k)) return fail(err, errsz, "duplicate key '%s'", top_keys[k]);
        seen |= 1u << k;
        if (decode_value(r, s, (enum top_key)k)) return -1;
    }
    /* version 1 has no expectations; it is read as a version 2 stimulus without any */
    bool v1 = (seen & (1u << K_VERSION)) && s->version == 1;
    if (v1 && (seen & (1u << K_EXPECT))) return fail(err, errsz, "expect: not part of version 1 (version 2 and later)");
    for (int j = 0; j < K_COUNT; j++)
        if (!(seen & (1u << j)) && !(v1 && j == K_EXPECT)) return fail(err, errsz, "missing key '%s'", top_keys[j]);
    if (r->p != r->end) return fail(err, errsz, "%zu unexpected bytes after the stimulus", mp_left(r));
    return 0;
}

static int decode_into(gtref_stim *s, const uint8_t *buf, size_t len, char *err, size_t errsz)
{
    if (!buf || len == 0) return fail(err, errsz, "empty input (not a gtref stimulus)");
    mp_reader r = { buf, buf + len, err, errsz };
    if (decode_top(&r, s, err, errsz)) {
        /* where the reader stopped: the byte after the object it could not use */
        size_t n = err ? strlen(err) : 0;
        if (err && n < errsz) snprintf(err + n, errsz - n, " (at byte %zu of %zu)", (size_t)(r.p - buf), len);
        return -1;
    }
    s->version = GTREF_STIM_VERSION;
    return validate(s, err, errsz);
}

/* s is (re)initialised: what it held is freed. On failure it is left empty (as after gtref_stim_init). */
int gtref_stim_decode(gtref_stim *s, const uint8_t *buf, size_t len, char *err, size_t errsz)
{
    if (err && errsz) err[0] = '\0';
    gtref_stim_free(s);
    if (decode_into(s, buf, len, err, errsz)) {
        gtref_stim_free(s);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------------
 * Files
 * ------------------------------------------------------------------------------------------------ */

/* Refuses a stimulus that would not decode; writes a temporary file and renames it into place. */
int gtref_stim_write_file(const gtref_stim *s, const char *path, char *err, size_t errsz)
{
    char why[512];
    if (validate(s, why, sizeof why)) return fail(err, errsz, "%s: invalid stimulus: %s", path, why);
    uint8_t *buf = NULL;
    size_t len = 0;
    if (gtref_stim_encode(s, &buf, &len)) return fail(err, errsz, "%s: cannot encode the stimulus (out of memory)", path);
    int rc = gtref_file_write_atomic(path, buf, len, why, sizeof why);
    free(buf);
    return rc ? fail(err, errsz, "%s", why) : 0;
}

int gtref_stim_read_file(gtref_stim *s, const char *path, char *err, size_t errsz)
{
    gtref_stim_free(s);
    uint8_t *buf;
    size_t len;
    char why[512];
    if (gtref_file_read_all(path, MAX_FILE_BYTES, &buf, &len, why, sizeof why)) return fail(err, errsz, "%s", why);
    int rc = gtref_stim_decode(s, buf, len, why, sizeof why);
    if (rc) fail(err, errsz, "%s: %s", path, why);
    free(buf);
    return rc;
}
