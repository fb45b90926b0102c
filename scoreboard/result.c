/* Result record of one test: msgpack encode/decode, atomic file write, signature, readable report.
 *
 * Encoding: one msgpack map with string keys, always in the order of the tables below, so the same
 * record always encodes to the same bytes. "mismatch" is a nested map, or nil when there is none.
 * Decoding is strict: every key must be known, present once and of the right type; strings must fit
 * their field; anything else is refused with a message that names the key. */
#include "gtref/result.h"
#include "gtref/msgpack_check.h"
#include "gtref/file_io.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <msgpack.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_RECORD_BYTES (1u << 20) /* a record is a few KiB; refuse to slurp anything absurd */

static const char *const status_names[] = {"PASS", "FAIL", "ERROR", "CRASH", "TIMEOUT", "UNIMPLEMENTED"};
#define NSTATUS (sizeof status_names / sizeof status_names[0])

const char *gtref_status_name(int status)
{
    if (status < 0 || (size_t)status >= NSTATUS) return "UNKNOWN";
    return status_names[status];
}

/* The cascade's class machines (GAM-28): the arbitrations made in each of the 8 states, and each (state -> state) move. */
#define CASC_STATES(C)                                                                                                  \
    "arbitration in GAC->GAM " C " machine state 0 (GAM-28)", "arbitration in GAC->GAM " C " machine state 1 (GAM-28)", \
    "arbitration in GAC->GAM " C " machine state 2 (GAM-28)", "arbitration in GAC->GAM " C " machine state 3 (GAM-28)", \
    "arbitration in GAC->GAM " C " machine state 4 (GAM-28)", "arbitration in GAC->GAM " C " machine state 5 (GAM-28)", \
    "arbitration in GAC->GAM " C " machine state 6 (GAM-28)", "arbitration in GAC->GAM " C " machine state 7 (GAM-28)"
#define CASC_MOVES_FROM(C, f)                                                                                 \
    "GAC->GAM " C " transition " #f " -> 0 (GAM-28)", "GAC->GAM " C " transition " #f " -> 1 (GAM-28)",      \
    "GAC->GAM " C " transition " #f " -> 2 (GAM-28)", "GAC->GAM " C " transition " #f " -> 3 (GAM-28)",      \
    "GAC->GAM " C " transition " #f " -> 4 (GAM-28)", "GAC->GAM " C " transition " #f " -> 5 (GAM-28)",      \
    "GAC->GAM " C " transition " #f " -> 6 (GAM-28)", "GAC->GAM " C " transition " #f " -> 7 (GAM-28)"
#define CASC_MOVES(C)                                                                                         \
    CASC_MOVES_FROM(C, 0), CASC_MOVES_FROM(C, 1), CASC_MOVES_FROM(C, 2), CASC_MOVES_FROM(C, 3),               \
    CASC_MOVES_FROM(C, 4), CASC_MOVES_FROM(C, 5), CASC_MOVES_FROM(C, 6), CASC_MOVES_FROM(C, 7)

#define ENTRY_HIT(E, i) E " TLB entry " #i " hit (GAM-7, GAM-8)"
#define ENTRY_HITS8(E, a, b, c, d, e, f, g, h)                                                                  \
    ENTRY_HIT(E, a), ENTRY_HIT(E, b), ENTRY_HIT(E, c), ENTRY_HIT(E, d), ENTRY_HIT(E, e), ENTRY_HIT(E, f),        \
    ENTRY_HIT(E, g), ENTRY_HIT(E, h)
#define ENTRY_HITS(E)                                                                                          \
    ENTRY_HITS8(E, 0, 1, 2, 3, 4, 5, 6, 7), ENTRY_HITS8(E, 8, 9, 10, 11, 12, 13, 14, 15),                        \
    ENTRY_HITS8(E, 16, 17, 18, 19, 20, 21, 22, 23), ENTRY_HITS8(E, 24, 25, 26, 27, 28, 29, 30, 31)
#define GRANTS(E) E " granted a request of client IF (GAM-9)", E " granted a request of client DR (GAM-9)",       \
                  E " granted a request of client WR (GAM-9)"

const char *const gtref_corner_names[GTREF_CORNERS] = {
    "host write and engine commit of one register in one cycle (cycle contract 8)",
    "signal-mode MI_SEMAPHORE_WAIT read again after a signal (C32)",
    "signal in the cycle its target's pending flag clears: a take or a signal-mode wait's retire (C32, C32a)",
    "signal while the target's signal-mode wait has its read outstanding (C32a)",
    "signal-mode MI_SEMAPHORE_WAIT that took the flag twice or more: several signals in one wait (C32a)",
    "interrupt event while its DW is under service (IRQ-10)",
    "held interrupt shown by an unmask (IRQ-9)",
    "interrupt dropped: enable bit clear (IRQ-7)",
    "interrupt dropped by the engine's IMR (IRQ-3)",
    "interrupts of two engines in one cycle (IRQ-10)",
    "host DW write in the cycle of an event of that DW (IRQ-12)",
    "interrupt event while the master enable is off (ISR-2..10)",
    "interrupt event while its DW's selection is under way (ISR-5..8)",
    "host write of an engine's enable register in the cycle of its event (IRQ-7)",
    "host write of an engine's mask register in the cycle of its enabled event (IRQ-9)",
    "host write of an engine's IMR in the cycle of its event (IRQ-3)",
    "host write of IIR_REG_SELECTOR in the cycle of an enabled event of its DW (IRQ-15, IRQ-16)",
    "host write of GFX_MSTR_IRQ in the cycle of a second-level event (IRQ-14)",
    "host write of GT_INTR_DW1 in the cycle of a DW1 event (IRQ-12)",
    "presentation with bits of INST_CR held back by MASK (IRQ-16)",
    "presentation of an engine with nothing unmasked pending: P = 0 (IRQ-16, IRQ-19)",
    "presentation on DW1 (IRQ-16)",
    "presentation of a selector bit with no engine: IDENTITY = 0x80000000 (IRQ-16, IRQ-19)",
    "presentation cancelled by an identity clear in its cycle (IRQ-17)",
    "selector write refused: Data-Valid or a presentation due (IRQ-15)",
    /* the GAM (docs/gam.md §4), counted by the GAM model in the DUT's cycles: gtref_sb_corners_reached's order */
    "TLB hit, client IF (GAM-7, GAM-8)",
    "TLB hit, client DR (GAM-7, GAM-8)",
    "TLB hit, client WR (GAM-7, GAM-8)",
    "TLB miss, client IF (GAM-7, GAM-8)",
    "TLB miss, client DR (GAM-7, GAM-8)",
    "TLB miss, client WR (GAM-7, GAM-8)",
    "TLB fill evicting a valid entry, client IF (GAM-7, GAM-8)",
    "TLB fill evicting a valid entry, client DR (GAM-7, GAM-8)",
    "TLB fill evicting a valid entry, client WR (GAM-7, GAM-8)",
    "page fault in hang mode (GAM-13, GAM-15)",
    "page fault in continue mode (GAM-13, GAM-15)",
    "invalid PD fault in hang mode (GAM-13, GAM-15)",
    "invalid PD fault in continue mode (GAM-13, GAM-15)",
    "unloaded PD fault in hang mode (GAM-13, GAM-15)",
    "unloaded PD fault in continue mode (GAM-13, GAM-15)",
    "arbitration in MIDARB NP state 0 (GAM-9)",
    "arbitration in MIDARB NP state 1 (GAM-9)",
    "arbitration in MIDARB NP state 2 (GAM-9)",
    "arbitration in MIDARB NP state 3 (GAM-9)",
    "MIDARB NP transition 0 -> 0 (GAM-9)",
    "MIDARB NP transition 0 -> 1 (GAM-9)",
    "MIDARB NP transition 0 -> 2 (GAM-9)",
    "MIDARB NP transition 0 -> 3 (GAM-9)",
    "MIDARB NP transition 1 -> 0 (GAM-9)",
    "MIDARB NP transition 1 -> 1 (GAM-9)",
    "MIDARB NP transition 1 -> 2 (GAM-9)",
    "MIDARB NP transition 1 -> 3 (GAM-9)",
    "MIDARB NP transition 2 -> 0 (GAM-9)",
    "MIDARB NP transition 2 -> 1 (GAM-9)",
    "MIDARB NP transition 2 -> 2 (GAM-9)",
    "MIDARB NP transition 2 -> 3 (GAM-9)",
    "MIDARB NP transition 3 -> 0 (GAM-9)",
    "MIDARB NP transition 3 -> 1 (GAM-9)",
    "MIDARB NP transition 3 -> 2 (GAM-9)",
    "MIDARB NP transition 3 -> 3 (GAM-9)",
    "RCS0 and BCS0 request the GAM in one cycle (GAM-9)",
    "RCS0 and VCS0 request the GAM in one cycle (GAM-9)",
    "RCS0 and VECS0 request the GAM in one cycle (GAM-9)",
    "BCS0 and VCS0 request the GAM in one cycle (GAM-9)",
    "BCS0 and VECS0 request the GAM in one cycle (GAM-9)",
    "VCS0 and VECS0 request the GAM in one cycle (GAM-9)",
    "RCS0 held back by its accepted-request limit (GAM-23)",
    "BCS0 held back by its accepted-request limit (GAM-23)",
    "VCS0 held back by its accepted-request limit (GAM-23)",
    "VECS0 held back by its accepted-request limit (GAM-23)",
    "GGTT entries invalidated by a GFX_FLSH_CNTL write (GAM-21)",
    "a TLB invalidated by a host INSTPM write (GAM-22)",
    /* the cascade, per class RO, R, WR (docs/gam.md §4, GAM-27, GAM-28): the GAC->GAM machine's states, its moves, a
     * conflict decided by the fixed side (no WR-GAB bin: writes have no fixed GAB side, G23), the owner switches */
    CASC_STATES("RO"), CASC_STATES("R"), CASC_STATES("WR"),
    CASC_MOVES("RO"), CASC_MOVES("R"), CASC_MOVES("WR"),
    "GAC/GAB RO conflict decided by the fixed side GAC (GAM-27)",
    "GAC/GAB RO conflict decided by the fixed side GAB (GAM-27)",
    "GAC/GAB R conflict decided by the fixed side GAC (GAM-27)",
    "GAC/GAB R conflict decided by the fixed side GAB (GAM-27)",
    "GAC/GAB WR conflict decided by the fixed side GAC (GAM-27)",
    "GAC/GAB RO owner switch to GAB (GAM-27)",
    "GAC/GAB RO owner switch to GAC (GAM-27)",
    "GAC/GAB R owner switch to GAB (GAM-27)",
    "GAC/GAB R owner switch to GAC (GAM-27)",
    "GAC/GAB WR owner switch to GAB (GAM-27)",
    "GAC/GAB WR owner switch to GAC (GAM-27)",
    /* replicated resources (docs/gam.md §4): every TLB entry of every engine hit, every (engine, client) granted */
    ENTRY_HITS("RCS0"), ENTRY_HITS("BCS0"), ENTRY_HITS("VCS0"), ENTRY_HITS("VECS0"),
    GRANTS("RCS0"), GRANTS("BCS0"), GRANTS("VCS0"), GRANTS("VECS0"),
    /* address spaces that meet (docs/gam.md §4, GAM-7) */
    "GGTT hit while a PPGTT entry of the same page number is valid (GAM-7)",
    "PPGTT hit while a GGTT entry of the same page number is valid (GAM-7)",
    "a physical page in the TLB through both spaces (GAM-7)",
};

/* ---- field tables (shared by encode and decode, so both agree on keys and order) ---- */

enum field_type {
    FIELD_FORMAT,   /* the constant GTREF_RESULT_FORMAT; nothing stored */
    FIELD_VERSION,  /* the constant GTREF_RESULT_VERSION; nothing stored */
    FIELD_STR,      /* char array, NUL-terminated */
    FIELD_U64,      /* uint64_t */
    FIELD_DOUBLE,   /* double */
    FIELD_BOOL,     /* uint8_t 0/1 */
    FIELD_STATUS,   /* uint8_t enum gtref_status, encoded by name */
    FIELD_HISTORY,  /* gtref_mismatch.history + nhistory */
    FIELD_CORNERS,  /* gtref_result.corners: an array of exactly GTREF_CORNERS unsigned integers */
    FIELD_MISMATCH, /* gtref_result.mm + has_mismatch (nested map or nil) */
};

struct field {
    const char *key;
    enum field_type type;
    size_t offset;
    size_t size; /* capacity of a FIELD_STR */
};

#define STR_FIELD(T, m) {#m, FIELD_STR, offsetof(T, m), sizeof(((T *)0)->m)}
#define FIELD(T, m, t)  {#m, t, offsetof(T, m), sizeof(((T *)0)->m)}

static const struct field result_fields[] = {
    {"format", FIELD_FORMAT, 0, 0},
    {"version", FIELD_VERSION, 0, 0},
    FIELD(gtref_result, status, FIELD_STATUS),
    STR_FIELD(gtref_result, test),
    STR_FIELD(gtref_result, stim),
    FIELD(gtref_result, seed, FIELD_U64),
    STR_FIELD(gtref_result, rtl),
    FIELD(gtref_result, engines, FIELD_U64),
    STR_FIELD(gtref_result, build),
    FIELD(gtref_result, cycles, FIELD_U64),
    FIELD(gtref_result, retired, FIELD_U64),
    FIELD(gtref_result, corners, FIELD_CORNERS),
    FIELD(gtref_result, wall_s, FIELD_DOUBLE),
    STR_FIELD(gtref_result, error),
    STR_FIELD(gtref_result, replay),
    FIELD(gtref_result, waived, FIELD_BOOL),
    STR_FIELD(gtref_result, waiver),
    {"mismatch", FIELD_MISMATCH, offsetof(gtref_result, mm), sizeof(gtref_mismatch)},
};
#define NRESULT_FIELDS (sizeof result_fields / sizeof result_fields[0])

static const struct field mismatch_fields[] = {
    STR_FIELD(gtref_mismatch, kind),
    STR_FIELD(gtref_mismatch, engine),
    FIELD(gtref_mismatch, cycle, FIELD_U64),
    STR_FIELD(gtref_mismatch, command),
    FIELD(gtref_mismatch, cmd_addr, FIELD_U64),
    STR_FIELD(gtref_mismatch, expected),
    STR_FIELD(gtref_mismatch, actual),
    STR_FIELD(gtref_mismatch, detail),
    STR_FIELD(gtref_mismatch, signature),
    STR_FIELD(gtref_mismatch, bucket),
    FIELD(gtref_mismatch, history, FIELD_HISTORY),
};
#define NMISMATCH_FIELDS (sizeof mismatch_fields / sizeof mismatch_fields[0])
#define MAX_FIELDS 24
_Static_assert(NRESULT_FIELDS <= MAX_FIELDS && NMISMATCH_FIELDS <= MAX_FIELDS, "raise MAX_FIELDS");

/* ---- encode ---- */

static int pack_cstr(msgpack_packer *pk, const char *s, size_t cap)
{
    size_t n = strnlen(s, cap);
    return msgpack_pack_str_with_body(pk, s, n);
}

static int pack_fields(msgpack_packer *pk, const void *base, const struct field *fields, size_t nfields);

static int pack_field(msgpack_packer *pk, const void *base, const struct field *f)
{
    const char *p = (const char *)base + f->offset;
    switch (f->type) {
    case FIELD_FORMAT:
        return pack_cstr(pk, GTREF_RESULT_FORMAT, sizeof GTREF_RESULT_FORMAT);
    case FIELD_VERSION:
        return msgpack_pack_uint32(pk, GTREF_RESULT_VERSION);
    case FIELD_STR:
        return pack_cstr(pk, p, f->size);
    case FIELD_U64: {
        uint64_t v;
        memcpy(&v, p, sizeof v);
        return msgpack_pack_uint64(pk, v);
    }
    case FIELD_DOUBLE: {
        double v;
        memcpy(&v, p, sizeof v);
        return msgpack_pack_double(pk, v);
    }
    case FIELD_BOOL:
        return *(const uint8_t *)p ? msgpack_pack_true(pk) : msgpack_pack_false(pk);
    case FIELD_STATUS:
        return pack_cstr(pk, gtref_status_name(*(const uint8_t *)p), 16);
    case FIELD_CORNERS: {
        const gtref_result *r = base;
        if (msgpack_pack_array(pk, GTREF_CORNERS)) return -1;
        for (int i = 0; i < GTREF_CORNERS; i++)
            if (msgpack_pack_uint64(pk, r->corners[i])) return -1;
        return 0;
    }
    case FIELD_HISTORY: {
        const gtref_mismatch *m = base;
        int n = m->nhistory < 0 ? 0 : m->nhistory > GTREF_HISTORY ? GTREF_HISTORY : m->nhistory;
        if (msgpack_pack_array(pk, (size_t)n)) return -1;
        for (int i = 0; i < n; i++)
            if (pack_cstr(pk, m->history[i], sizeof m->history[i])) return -1;
        return 0;
    }
    case FIELD_MISMATCH: {
        const gtref_result *r = base;
        if (!r->has_mismatch) return msgpack_pack_nil(pk);
        return pack_fields(pk, &r->mm, mismatch_fields, NMISMATCH_FIELDS);
    }
    }
    return -1;
}

static int pack_fields(msgpack_packer *pk, const void *base, const struct field *fields, size_t nfields)
{
    if (msgpack_pack_map(pk, nfields)) return -1;
    for (size_t i = 0; i < nfields; i++) {
        if (pack_cstr(pk, fields[i].key, 64)) return -1;
        if (pack_field(pk, base, &fields[i])) return -1;
    }
    return 0;
}

int gtref_result_encode(const gtref_result *r, uint8_t **buf, size_t *len)
{
    msgpack_sbuffer sbuf;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sbuf);
    msgpack_packer_init(&pk, &sbuf, msgpack_sbuffer_write);

    if (pack_fields(&pk, r, result_fields, NRESULT_FIELDS)) {
        msgpack_sbuffer_destroy(&sbuf);
        return -1;
    }
    *len = sbuf.size;
    *buf = (uint8_t *)msgpack_sbuffer_release(&sbuf);
    return *buf ? 0 : -1;
}

/* ---- decode ---- */

struct decoder {
    char *err;
    size_t errsz;
};

static int fail(struct decoder *d, const char *fmt, ...)
{
    if (d->err && d->errsz) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(d->err, d->errsz, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static const char *type_name(msgpack_object_type t)
{
    switch (t) {
    case MSGPACK_OBJECT_NIL: return "nil";
    case MSGPACK_OBJECT_BOOLEAN: return "a boolean";
    case MSGPACK_OBJECT_POSITIVE_INTEGER: return "an unsigned integer";
    case MSGPACK_OBJECT_NEGATIVE_INTEGER: return "a negative integer";
    case MSGPACK_OBJECT_FLOAT32:
    case MSGPACK_OBJECT_FLOAT64: return "a float";
    case MSGPACK_OBJECT_STR: return "a string";
    case MSGPACK_OBJECT_ARRAY: return "an array";
    case MSGPACK_OBJECT_MAP: return "a map";
    case MSGPACK_OBJECT_BIN: return "binary data";
    case MSGPACK_OBJECT_EXT: return "an extension object";
    }
    return "an unknown type";
}

static bool str_equals(const msgpack_object_str *s, const char *lit)
{
    size_t n = strlen(lit);
    return s->size == n && memcmp(s->ptr, lit, n) == 0;
}

/* Copy a msgpack string into a char[cap]; where names the key for messages. */
static int take_str(struct decoder *d, const msgpack_object *o, char *dst, size_t cap, const char *where)
{
    if (o->type != MSGPACK_OBJECT_STR)
        return fail(d, "%s: expected a string, got %s", where, type_name(o->type));
    if (o->via.str.size >= cap)
        return fail(d, "%s: string of %" PRIu32 " bytes is longer than the %zu allowed", where,
                    o->via.str.size, cap - 1);
    if (o->via.str.size && memchr(o->via.str.ptr, '\0', o->via.str.size))
        return fail(d, "%s: string contains a NUL byte", where);
    if (o->via.str.size) memcpy(dst, o->via.str.ptr, o->via.str.size);
    dst[o->via.str.size] = '\0';
    return 0;
}

static int decode_fields(struct decoder *d, const msgpack_object *o, void *base, const struct field *fields,
                         size_t nfields, const char *where);

static int decode_field(struct decoder *d, const msgpack_object *v, void *base, const struct field *f,
                        const char *where)
{
    char *p = (char *)base + f->offset;
    switch (f->type) {
    case FIELD_FORMAT:
    case FIELD_VERSION:
        return 0; /* checked by check_header() before anything else */
    case FIELD_STR:
        return take_str(d, v, p, f->size, where);
    case FIELD_U64:
        if (v->type != MSGPACK_OBJECT_POSITIVE_INTEGER)
            return fail(d, "%s: expected an unsigned integer, got %s", where, type_name(v->type));
        memcpy(p, &v->via.u64, sizeof v->via.u64);
        return 0;
    case FIELD_DOUBLE: {
        double x;
        if (v->type == MSGPACK_OBJECT_FLOAT32 || v->type == MSGPACK_OBJECT_FLOAT64) x = v->via.f64;
        else if (v->type == MSGPACK_OBJECT_POSITIVE_INTEGER) x = (double)v->via.u64;
        else return fail(d, "%s: expected a number, got %s", where, type_name(v->type));
        memcpy(p, &x, sizeof x);
        return 0;
    }
    case FIELD_BOOL:
        if (v->type != MSGPACK_OBJECT_BOOLEAN)
            return fail(d, "%s: expected a boolean, got %s", where, type_name(v->type));
        *(uint8_t *)p = v->via.boolean ? 1 : 0;
        return 0;
    case FIELD_STATUS:
        if (v->type != MSGPACK_OBJECT_STR)
            return fail(d, "%s: expected a status name, got %s", where, type_name(v->type));
        for (size_t i = 0; i < NSTATUS; i++)
            if (str_equals(&v->via.str, status_names[i])) {
                *(uint8_t *)p = (uint8_t)i;
                return 0;
            }
        return fail(d, "%s: unknown status '%.*s' (PASS, FAIL, ERROR, CRASH or TIMEOUT)", where,
                    (int)(v->via.str.size > 32 ? 32 : v->via.str.size), v->via.str.ptr);
    case FIELD_CORNERS: {
        gtref_result *r = base;
        if (v->type != MSGPACK_OBJECT_ARRAY)
            return fail(d, "%s: expected an array, got %s", where, type_name(v->type));
        if (v->via.array.size != GTREF_CORNERS)
            return fail(d, "%s: %" PRIu32 " entries, expected %d", where, v->via.array.size, GTREF_CORNERS);
        for (uint32_t i = 0; i < GTREF_CORNERS; i++) {
            const msgpack_object *x = &v->via.array.ptr[i];
            if (x->type != MSGPACK_OBJECT_POSITIVE_INTEGER)
                return fail(d, "%.80s[%" PRIu32 "]: expected an unsigned integer, got %s", where, i, type_name(x->type));
            r->corners[i] = x->via.u64;
        }
        return 0;
    }
    case FIELD_HISTORY: {
        gtref_mismatch *m = base;
        if (v->type != MSGPACK_OBJECT_ARRAY)
            return fail(d, "%s: expected an array, got %s", where, type_name(v->type));
        if (v->via.array.size > GTREF_HISTORY)
            return fail(d, "%s: %" PRIu32 " entries, at most %d allowed", where, v->via.array.size,
                        GTREF_HISTORY);
        for (uint32_t i = 0; i < v->via.array.size; i++) {
            char at[160];
            snprintf(at, sizeof at, "%.80s[%" PRIu32 "]", where, i);
            if (take_str(d, &v->via.array.ptr[i], m->history[i], sizeof m->history[i], at)) return -1;
        }
        m->nhistory = (int)v->via.array.size;
        return 0;
    }
    case FIELD_MISMATCH: {
        gtref_result *r = base;
        if (v->type == MSGPACK_OBJECT_NIL) {
            r->has_mismatch = 0;
            return 0;
        }
        if (decode_fields(d, v, &r->mm, mismatch_fields, NMISMATCH_FIELDS, where)) return -1;
        r->has_mismatch = 1;
        return 0;
    }
    }
    return fail(d, "%s: internal error: unknown field type", where);
}

static int decode_fields(struct decoder *d, const msgpack_object *o, void *base, const struct field *fields,
                         size_t nfields, const char *where)
{
    bool seen[MAX_FIELDS] = {false};
    if (o->type != MSGPACK_OBJECT_MAP) return fail(d, "%s: expected a map, got %s", where, type_name(o->type));
    for (uint32_t i = 0; i < o->via.map.size; i++) {
        const msgpack_object_kv *kv = &o->via.map.ptr[i];
        if (kv->key.type != MSGPACK_OBJECT_STR)
            return fail(d, "%s: key %" PRIu32 " is %s, expected a string", where, i, type_name(kv->key.type));
        size_t k = 0;
        while (k < nfields && !str_equals(&kv->key.via.str, fields[k].key)) k++;
        int keylen = (int)(kv->key.via.str.size > 40 ? 40 : kv->key.via.str.size);
        if (k == nfields) return fail(d, "%s: unknown key '%.*s'", where, keylen, kv->key.via.str.ptr);
        if (seen[k]) return fail(d, "%s: key '%s' appears twice", where, fields[k].key);
        seen[k] = true;
        char at[160];
        snprintf(at, sizeof at, "%.80s.%.40s", where, fields[k].key);
        if (decode_field(d, &kv->val, base, &fields[k], at)) return -1;
    }
    for (size_t k = 0; k < nfields; k++)
        if (!seen[k]) return fail(d, "%s: missing key '%s'", where, fields[k].key);
    return 0;
}

/* Check "format" and "version" before anything else, so that a record of another kind or version is
 * refused with that message rather than a complaint about some key. */
static int check_header(struct decoder *d, const msgpack_object *o)
{
    const msgpack_object *format = NULL, *version = NULL;
    for (uint32_t i = 0; i < o->via.map.size; i++) {
        const msgpack_object_kv *kv = &o->via.map.ptr[i];
        if (kv->key.type != MSGPACK_OBJECT_STR) continue;
        if (str_equals(&kv->key.via.str, "format")) {
            if (format) return fail(d, "result: key 'format' appears twice");
            format = &kv->val;
        } else if (str_equals(&kv->key.via.str, "version")) {
            if (version) return fail(d, "result: key 'version' appears twice");
            version = &kv->val;
        }
    }
    if (!format) return fail(d, "result: missing key 'format' (not a gtref result record)");
    if (format->type != MSGPACK_OBJECT_STR || !str_equals(&format->via.str, GTREF_RESULT_FORMAT))
        return fail(d, "result: format is not \"%s\" (not a gtref result record)", GTREF_RESULT_FORMAT);
    if (!version) return fail(d, "result: missing key 'version'");
    if (version->type != MSGPACK_OBJECT_POSITIVE_INTEGER)
        return fail(d, "result.version: expected an unsigned integer, got %s", type_name(version->type));
    if (version->via.u64 != GTREF_RESULT_VERSION)
        return fail(d, "result: unsupported version %" PRIu64 " (this gtref reads version %u)", version->via.u64,
                    GTREF_RESULT_VERSION);
    return 0;
}

int gtref_result_decode(gtref_result *r, const uint8_t *buf, size_t len, char *err, size_t errsz)
{
    struct decoder d = {err, errsz};
    if (err && errsz) err[0] = '\0';
    if (!buf || len == 0) return fail(&d, "result: empty record");
    size_t bad_off;
    const char *why;
    /* trailing bytes are reported below, after the record's own checks */
    if (gtref_msgpack_check(buf, len, 16, &bad_off, &why) && strcmp(why, "bytes after the object") != 0) {
        if (bad_off >= len || !strcmp(why, "truncated")) return fail(&d, "result: truncated record (%zu bytes)", len);
        if (!strcmp(why, "a container claims more elements than there are bytes left") ||
            !strcmp(why, "a length runs past the end of the data"))
            return fail(&d, "result: truncated record (%zu bytes; byte %zu: %s)", len, bad_off, why);
        if (!strcmp(why, "a byte that starts no msgpack object"))
            return fail(&d, "result: not msgpack data (byte %zu starts no msgpack object)", bad_off);
        return fail(&d, "result: byte %zu: %s", bad_off, why);
    }

    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    msgpack_unpack_return ur = msgpack_unpack_next(&up, (const char *)buf, len, &off);
    int rc = -1;
    if (ur == MSGPACK_UNPACK_CONTINUE) {
        fail(&d, "result: truncated record (%zu bytes)", len);
    } else if (ur == MSGPACK_UNPACK_PARSE_ERROR) {
        fail(&d, "result: not msgpack data");
    } else if (ur == MSGPACK_UNPACK_NOMEM_ERROR) {
        fail(&d, "result: out of memory");
    } else if (up.data.type != MSGPACK_OBJECT_MAP) {
        fail(&d, "result: expected a map, got %s (not a gtref result record)", type_name(up.data.type));
    } else if (off != len) {
        fail(&d, "result: %zu unexpected bytes after the record", len - off);
    } else if (check_header(&d, &up.data) == 0) {
        gtref_result tmp;
        memset(&tmp, 0, sizeof tmp);
        if (decode_fields(&d, &up.data, &tmp, result_fields, NRESULT_FIELDS, "result") == 0) {
            *r = tmp;
            rc = 0;
        }
    }
    msgpack_unpacked_destroy(&up);
    return rc;
}

/* ---- files ---- */

int gtref_result_write_file(const gtref_result *r, const char *path, char *err, size_t errsz)
{
    struct decoder d = {err, errsz};
    uint8_t *buf = NULL;
    size_t len = 0;
    if (gtref_result_encode(r, &buf, &len)) return fail(&d, "%s: cannot encode the result record", path);

    char why[512];
    int rc = gtref_file_write_atomic(path, buf, len, why, sizeof why);
    free(buf);
    return rc ? fail(&d, "%s", why) : 0;
}

int gtref_result_read_file(gtref_result *r, const char *path, char *err, size_t errsz)
{
    struct decoder d = {err, errsz};
    uint8_t *buf;
    size_t len;
    char why[512];
    if (gtref_file_read_all(path, MAX_RECORD_BYTES, &buf, &len, why, sizeof why)) return fail(&d, "%s", why);
    int rc = gtref_result_decode(r, buf, len, why, sizeof why);
    if (rc) fail(&d, "%s: %s", path, why);
    free(buf);
    return rc;
}

/* ---- signature ---- */

void gtref_mismatch_sign(gtref_mismatch *m)
{
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a 64 offset basis */
    size_t n = strnlen(m->bucket, sizeof m->bucket);
    for (size_t i = 0; i < n; i++) {
        h ^= (uint8_t)m->bucket[i];
        h *= 0x100000001b3ull; /* FNV 64 prime */
    }
    snprintf(m->signature, sizeof m->signature, "%016" PRIx64, h);
}

/* ---- report ---- */

/* Fixed-size record fields may lack their terminator: always print them with a bound. */
#define LEN(field) ((int)strnlen((field), sizeof(field)))

/* "  label:   text" with the text in column 12, or nothing when the text is empty. */
static void put_line(FILE *f, const char *label, const char *s, int n)
{
    if (n) fprintf(f, "  %-9s %.*s\n", label, n, s);
}

#define PUT(f, label, field) put_line(f, label, field, LEN(field))

bool gtref_result_never_ran(const gtref_result *r)
{
    /* made by gtref itself (sim_error_result): no simulator ever described the test's build or ran a cycle */
    return r->status == GTREF_ERROR && !LEN(r->build) && r->cycles == 0 && r->retired == 0 && !r->has_mismatch;
}

void gtref_result_print(const gtref_result *r, void *file)
{
    FILE *f = file;
    bool never_ran = gtref_result_never_ran(r);
    fprintf(f, "%s %.*s  (seed %" PRIu64 ", rtl %.*s", gtref_status_name(r->status), LEN(r->test), r->test, r->seed,
            LEN(r->rtl), r->rtl);
    if (r->engines) fprintf(f, ", %" PRIu64 " engine%s", r->engines, r->engines == 1 ? "" : "s");
    if (LEN(r->build)) fprintf(f, ", build %.*s", LEN(r->build), r->build);
    fprintf(f, ")%s%s\n", r->waived ? "  waived" : "", never_ran ? "  the test did not run" : "");
    if (never_ran) { /* nothing ran, so there is nothing to replay: what stopped it, and the file it was given */
        PUT(f, "why:", r->error);
        PUT(f, "stimulus:", r->stim);
        if (r->waived) PUT(f, "waived:", r->waiver);
        return;
    }
    /* what went wrong first (the mismatch or the error, its signature, how to replay it), the facts after */
    PUT(f, "error:", r->error);
    if (r->has_mismatch) {
        const gtref_mismatch *m = &r->mm;
        fprintf(f, "  %.*s on %.*s at cycle %" PRIu64 "\n", LEN(m->kind), m->kind, LEN(m->engine), m->engine, m->cycle);
        if (LEN(m->command))
            fprintf(f, "  %-9s %.*s at 0x%" PRIx64 "\n", "command:", LEN(m->command), m->command, m->cmd_addr);
        PUT(f, "expected:", m->expected);
        PUT(f, "actual:", m->actual);
        PUT(f, "detail:", m->detail);
        int nh = m->nhistory < 0 ? 0 : m->nhistory > GTREF_HISTORY ? GTREF_HISTORY : m->nhistory;
        if (nh) {
            fprintf(f, "  last %d command%s on %.*s, oldest first:\n", nh, nh == 1 ? "" : "s", LEN(m->engine),
                    m->engine);
            for (int i = 0; i < nh; i++) fprintf(f, "    %.*s\n", LEN(m->history[i]), m->history[i]);
        }
        fprintf(f, "  signature %.*s (%.*s)\n", LEN(m->signature), m->signature, LEN(m->bucket), m->bucket);
    }
    if (r->waived) PUT(f, "waived:", r->waiver);
    PUT(f, "replay:", r->replay);
    PUT(f, "stimulus:", r->stim);
    fprintf(f, "  %-9s %" PRIu64 " cycles, %" PRIu64 " commands retired, %.3f s\n", "ran:", r->cycles, r->retired,
            r->wall_s);
    /* the timing corners the test met: counters, after everything that says what happened */
    bool labelled = false;
    for (int i = 0; i < GTREF_CORNERS; i++)
        if (r->corners[i]) {
            fprintf(f, "  %-9s %" PRIu64 " x %s\n", labelled ? "" : "corners:", r->corners[i], gtref_corner_names[i]);
            labelled = true;
        }
}
