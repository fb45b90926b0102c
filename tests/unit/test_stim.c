/* The stimulus container, its msgpack form (encode, decode, files) and the random generator. */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gtref/cmds.h"
#include "gtref/engines.h"
#include "gtref/gam.h"
#include "gtref/mem.h"
#include "gtref/regs.h"
#include "gtref/rng.h"
#include "gtref/stim.h"
#include "gtref/stim_lint.h"

#include "gam_walk.h"
#include "test_support.h"

#define SEEDS 400

static void generate_ok(gtref_stim *s, uint64_t seed)
{
    gtref_gen_config c;
    test_ring_gen_defaults(&c);
    gtref_stim_init(s);
    cr_assert_eq(gtref_stim_generate(s, seed, &c), 0, "generate failed for seed %" PRIu64, seed);
}

/* A small valid stimulus made by hand. */
static void small_stim(gtref_stim *s)
{
    gtref_stim_init(s);
    snprintf(s->name, sizeof s->name, "small");
    s->seed = 7;
    const uint32_t ring[4] = { 0, GTREF_MI_DW0(0x02), 0, 0 };
    cr_assert_eq(gtref_stim_add_segment(s, 0x100000, GTREF_SEG_RING, ring, sizeof ring), 0);
    cr_assert_eq(gtref_stim_add_segment(s, 0x200000, GTREF_SEG_BATCH, NULL, 8), 0);
    cr_assert_eq(gtref_stim_add_op(s, GTREF_HOST_WRITE, 0x2030, 8, 0), 0);
    cr_assert_eq(gtref_stim_add_op(s, GTREF_HOST_WAIT, 0, 0, 10), 0);
    cr_assert_eq(gtref_stim_add_op(s, GTREF_HOST_WAIT_IDLE, 0, 0, 0), 0);
    cr_assert_eq(gtref_stim_add_op(s, GTREF_HOST_READ, 0x2034, 0, 0), 0);
}

/* Decode must fail and say something containing each of the given fragments. */
static void expect_decode_error(const uint8_t *buf, size_t len, const char *fragment, const char *fragment2)
{
    gtref_stim s;
    gtref_stim_init(&s);
    char err[512] = "";
    cr_assert_neq(gtref_stim_decode(&s, buf, len, err, sizeof err), 0, "decode accepted input that should fail with '%s'",
                  fragment);
    cr_assert(strstr(err, fragment), "error '%s' does not mention '%s'", err, fragment);
    if (fragment2) cr_assert(strstr(err, fragment2), "error '%s' does not mention '%s'", err, fragment2);
    cr_assert_eq(s.nsegs, 0, "a failed decode leaves no segments");
    cr_assert_eq(s.nops, 0, "a failed decode leaves no host ops");
    gtref_stim_free(&s);
}

/* Encode a (possibly invalid) stimulus and expect decode to reject it with the fragments. */
static void expect_stim_rejected(const gtref_stim *s, const char *fragment, const char *fragment2)
{
    uint8_t *buf;
    size_t len;
    test_encode_ok(s, &buf, &len);
    expect_decode_error(buf, len, fragment, fragment2);
    free(buf);
}

/* ---- container ---- */

Test(stim, init_sets_the_documented_defaults)
{
    gtref_stim s;
    memset(&s, 0xA5, sizeof s);
    gtref_stim_init(&s);
    cr_assert_eq(s.version, GTREF_STIM_VERSION);
    cr_assert_str_eq(s.profile, "gen11");
    cr_assert_eq(s.engines, 1);
    cr_assert_eq(s.lat.rd_lat_min, 1);
    cr_assert_eq(s.lat.rd_lat_max, 8);
    cr_assert_eq(s.lat.req_ready_pct, 100);
    cr_assert_eq(s.hang_cycles, 2000);
    cr_assert_eq(s.max_cycles, 1000000);
    cr_assert_eq(s.nsegs, 0);
    cr_assert_eq(s.nops, 0);
    cr_assert_null(s.segs);
    cr_assert_null(s.ops);
    gtref_stim_free(&s);
}

Test(stim, add_segment_and_op_copy_their_arguments)
{
    gtref_stim s;
    gtref_stim_init(&s);
    uint8_t bytes[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    cr_assert_eq(gtref_stim_add_segment(&s, 0x1000, GTREF_SEG_DATA, bytes, sizeof bytes), 0);
    bytes[0] = 99;
    cr_assert_eq(s.segs[0].bytes[0], 1, "the segment owns a copy");
    cr_assert_eq(s.segs[0].len, 8);
    cr_assert_eq(s.segs[0].addr, 0x1000);
    cr_assert_eq(gtref_stim_add_segment(&s, 0x2000, GTREF_SEG_RING, NULL, 4), 0);
    cr_assert_eq(s.segs[1].bytes[3], 0, "NULL bytes means zeros");
    for (uint32_t i = 0; i < 100; i++) cr_assert_eq(gtref_stim_add_op(&s, GTREF_HOST_WAIT, 0, 0, i), 0);
    cr_assert_eq(s.nops, 100);
    cr_assert_eq(s.ops[57].cycles, 57);
    cr_assert_eq(s.ops[57].op, GTREF_HOST_WAIT);
    gtref_stim_free(&s);
    cr_assert_eq(s.nsegs, 0);
    cr_assert_eq(s.engines, 1, "free leaves the stimulus initialised");
}

/* ---- encoding ---- */

Test(stim, generated_stimuli_round_trip_through_msgpack)
{
    for (uint64_t seed = 0; seed < SEEDS; seed++) {
        gtref_stim a, b;
        generate_ok(&a, seed);
        uint8_t *b1, *b2;
        size_t n1, n2;
        test_encode_ok(&a, &b1, &n1);
        gtref_stim_init(&b);
        char err[512];
        cr_assert_eq(gtref_stim_decode(&b, b1, n1, err, sizeof err), 0, "seed %" PRIu64 ": %s", seed, err);
        test_encode_ok(&b, &b2, &n2);
        cr_assert_eq(n1, n2, "seed %" PRIu64 ": re-encoding changes the length", seed);
        cr_assert_eq(memcmp(b1, b2, n1), 0, "seed %" PRIu64 ": re-encoding changes the bytes", seed);
        cr_assert_str_eq(a.name, b.name);
        cr_assert_eq(a.nsegs, b.nsegs);
        cr_assert_eq(a.nops, b.nops);
        for (size_t i = 0; i < a.nsegs; i++) {
            cr_assert_eq(a.segs[i].addr, b.segs[i].addr);
            cr_assert_eq(a.segs[i].kind, b.segs[i].kind);
            cr_assert_eq(a.segs[i].len, b.segs[i].len);
            cr_assert_eq(memcmp(a.segs[i].bytes, b.segs[i].bytes, a.segs[i].len), 0);
        }
        for (size_t i = 0; i < a.nops; i++)   /* field by field: the struct's padding is not part of it */
            cr_assert(a.ops[i].op == b.ops[i].op && a.ops[i].off == b.ops[i].off && a.ops[i].val == b.ops[i].val &&
                      a.ops[i].cycles == b.ops[i].cycles, "seed %" PRIu64 ": host op %zu differs", seed, i);
        free(b1);
        free(b2);
        gtref_stim_free(&a);
        gtref_stim_free(&b);
    }
}

Test(stim, same_seed_same_bytes_different_seed_different_program)
{
    uint8_t *prev = NULL;
    size_t prev_len = 0;
    for (uint64_t seed = 1000; seed < 1040; seed++) {
        gtref_stim a, b;
        generate_ok(&a, seed);
        generate_ok(&b, seed);
        uint8_t *ba, *bb;
        size_t na, nb;
        test_encode_ok(&a, &ba, &na);
        test_encode_ok(&b, &bb, &nb);
        cr_assert(na == nb && memcmp(ba, bb, na) == 0, "seed %" PRIu64 " gives different bytes twice", seed);
        char name[32];
        snprintf(name, sizeof name, "rand-%" PRIu64, seed);
        cr_assert_str_eq(a.name, name);
        cr_assert_eq(a.seed, seed);
        /* the program itself differs, not only the name and seed */
        gtref_stim c;
        generate_ok(&c, seed + 1);
        cr_assert(a.segs[0].len != c.segs[0].len || memcmp(a.segs[0].bytes, c.segs[0].bytes, a.segs[0].len) != 0,
                  "seeds %" PRIu64 " and %" PRIu64 " have the same ring", seed, seed + 1);
        cr_assert(prev == NULL || prev_len != na || memcmp(prev, ba, na) != 0);
        free(prev);
        prev = ba;
        prev_len = na;
        free(bb);
        gtref_stim_free(&a);
        gtref_stim_free(&b);
        gtref_stim_free(&c);
    }
    free(prev);
}

/* Read the encoding back with msgpack-c's own unpacker: standard msgpack, keys in the documented order. */
Test(stim, encoding_is_plain_msgpack_with_a_fixed_key_order)
{
    static const char *const keys[] = { "format", "version", "name", "seed", "profile", "engines", "latency",
                                        "hang_cycles", "max_cycles", "segments", "host", "expect" };
    gtref_stim s;
    small_stim(&s);
    uint8_t *buf;
    size_t len;
    test_encode_ok(&s, &buf, &len);
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    cr_assert_eq(msgpack_unpack_next(&up, (const char *)buf, len, &off), MSGPACK_UNPACK_SUCCESS);
    cr_assert_eq(off, len);
    const msgpack_object *o = &up.data;
    cr_assert_eq(o->type, MSGPACK_OBJECT_MAP);
    cr_assert_eq(o->via.map.size, 12);
    for (uint32_t i = 0; i < 12; i++) {
        const msgpack_object_kv *kv = &o->via.map.ptr[i];
        cr_assert_eq(kv->key.type, MSGPACK_OBJECT_STR);
        cr_assert(kv->key.via.str.size == strlen(keys[i]) && memcmp(kv->key.via.str.ptr, keys[i], strlen(keys[i])) == 0,
                  "key %u is not '%s'", i, keys[i]);
    }
    const msgpack_object *fmt = &o->via.map.ptr[0].val;
    cr_assert(fmt->type == MSGPACK_OBJECT_STR && fmt->via.str.size == 10 && memcmp(fmt->via.str.ptr, "gtref-stim", 10) == 0);
    const msgpack_object *segs = &o->via.map.ptr[9].val;
    cr_assert_eq(segs->type, MSGPACK_OBJECT_ARRAY);
    cr_assert_eq(segs->via.array.size, 2);
    const msgpack_object *seg0 = &segs->via.array.ptr[0];
    cr_assert_eq(seg0->via.array.size, 3);
    cr_assert_eq(seg0->via.array.ptr[0].via.u64, 0x100000);
    cr_assert_eq(seg0->via.array.ptr[1].via.u64, GTREF_SEG_RING);
    cr_assert_eq(seg0->via.array.ptr[2].type, MSGPACK_OBJECT_BIN);
    cr_assert_eq(seg0->via.array.ptr[2].via.bin.size, 16);
    const msgpack_object *host = &o->via.map.ptr[10].val;
    cr_assert_eq(host->via.array.size, 4);
    cr_assert_eq(host->via.array.ptr[1].via.array.ptr[3].via.u64, 10, "wait cycles are the 4th element");
    msgpack_unpacked_destroy(&up);
    free(buf);
    gtref_stim_free(&s);
}

/* ---- decode errors ---- */

/* A hand-packed stimulus map with one thing changed. */
typedef struct variant {
    const char *format;      /* NULL: "gtref-stim" */
    uint64_t version;        /* 0: 1 */
    const char *omit;        /* key left out */
    const char *extra;       /* unknown key added (value nil) */
    const char *duplicate;   /* key packed twice */
    const char *as_string;   /* key whose value is packed as a string */
    bool negative_seed;
    bool segment_of_two;     /* a segment with 2 elements */
    bool trailing_byte;
} variant;

static void pack_value(msgpack_packer *pk, const char *key, const variant *v)
{
    if (v->as_string && strcmp(key, v->as_string) == 0) {
        msgpack_pack_str_with_body(pk, "oops", 4);
        return;
    }
    if (strcmp(key, "format") == 0) {
        const char *f = v->format ? v->format : "gtref-stim";
        msgpack_pack_str_with_body(pk, f, strlen(f));
    } else if (strcmp(key, "version") == 0) {
        msgpack_pack_uint64(pk, v->version ? v->version : 1);
    } else if (strcmp(key, "name") == 0) {
        msgpack_pack_str_with_body(pk, "crafted", 7);
    } else if (strcmp(key, "profile") == 0) {
        msgpack_pack_str_with_body(pk, "gen11", 5);
    } else if (strcmp(key, "seed") == 0) {
        if (v->negative_seed) msgpack_pack_int64(pk, -5);
        else msgpack_pack_uint64(pk, 3);
    } else if (strcmp(key, "latency") == 0) {
        msgpack_pack_map(pk, 3);
        msgpack_pack_str_with_body(pk, "rd_min", 6);
        msgpack_pack_uint8(pk, 1);
        msgpack_pack_str_with_body(pk, "rd_max", 6);
        msgpack_pack_uint8(pk, 8);
        msgpack_pack_str_with_body(pk, "ready_pct", 9);
        msgpack_pack_uint8(pk, 100);
    } else if (strcmp(key, "segments") == 0) {
        msgpack_pack_array(pk, 1);
        msgpack_pack_array(pk, v->segment_of_two ? 2 : 3);
        msgpack_pack_uint64(pk, 0x100000);
        msgpack_pack_uint8(pk, GTREF_SEG_RING);
        if (!v->segment_of_two) msgpack_pack_bin_with_body(pk, "\0\0\0\0\0\0\0\0", 8);
    } else if (strcmp(key, "host") == 0) {
        msgpack_pack_array(pk, 1);
        msgpack_pack_array(pk, 4);
        msgpack_pack_uint8(pk, GTREF_HOST_WAIT_IDLE);
        msgpack_pack_uint8(pk, 0);
        msgpack_pack_uint8(pk, 0);
        msgpack_pack_uint8(pk, 0);
    } else {
        msgpack_pack_uint64(pk, 1);   /* engines, hang_cycles, max_cycles */
    }
}

static void craft(const variant *v, uint8_t **buf, size_t *len)
{
    static const char *const keys[] = { "format", "version", "name", "seed", "profile", "engines", "latency",
                                        "hang_cycles", "max_cycles", "segments", "host" };
    msgpack_sbuffer sb;
    msgpack_sbuffer_init(&sb);
    msgpack_packer pk;
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    size_t n = 11 - (v->omit ? 1 : 0) + (v->extra ? 1 : 0) + (v->duplicate ? 1 : 0);
    msgpack_pack_map(&pk, n);
    for (int i = 0; i < 11; i++) {
        if (v->omit && strcmp(keys[i], v->omit) == 0) continue;
        msgpack_pack_str_with_body(&pk, keys[i], strlen(keys[i]));
        pack_value(&pk, keys[i], v);
        if (v->duplicate && strcmp(keys[i], v->duplicate) == 0) {
            msgpack_pack_str_with_body(&pk, keys[i], strlen(keys[i]));
            pack_value(&pk, keys[i], v);
        }
    }
    if (v->extra) {
        msgpack_pack_str_with_body(&pk, v->extra, strlen(v->extra));
        msgpack_pack_nil(&pk);
    }
    if (v->trailing_byte) msgpack_pack_nil(&pk);
    *len = sb.size;
    *buf = (uint8_t *)msgpack_sbuffer_release(&sb);
}

static void expect_variant_error(variant v, const char *fragment, const char *fragment2)
{
    uint8_t *buf;
    size_t len;
    craft(&v, &buf, &len);
    expect_decode_error(buf, len, fragment, fragment2);
    free(buf);
}

Test(stim, the_crafted_baseline_decodes)
{
    variant v = { 0 };
    uint8_t *buf;
    size_t len;
    craft(&v, &buf, &len);
    gtref_stim s;
    gtref_stim_init(&s);
    char err[512];
    cr_assert_eq(gtref_stim_decode(&s, buf, len, err, sizeof err), 0, "%s", err);
    cr_assert_str_eq(s.name, "crafted");
    cr_assert_eq(s.seed, 3);
    cr_assert_eq(s.nsegs, 1);
    cr_assert_eq(s.nops, 1);
    free(buf);
    gtref_stim_free(&s);
}

Test(stim, decode_rejects_a_wrong_format_or_version)
{
    expect_variant_error((variant){ .format = "gtref-result" }, "format", "gtref-result");
    expect_variant_error((variant){ .version = 4 }, "version", "4 is not supported");
    /* the crafted baseline is version 1: without 'expect'; version 2 requires the key */
    expect_variant_error((variant){ .version = 2 }, "missing key 'expect'", NULL);
    expect_variant_error((variant){ .extra = "expect" }, "expect", NULL);
}

Test(stim, decode_rejects_missing_unknown_and_duplicate_keys)
{
    expect_variant_error((variant){ .omit = "latency" }, "missing key 'latency'", NULL);
    expect_variant_error((variant){ .omit = "host" }, "missing key 'host'", NULL);
    expect_variant_error((variant){ .extra = "colour" }, "unknown key 'colour'", NULL);
    expect_variant_error((variant){ .duplicate = "seed" }, "duplicate key 'seed'", NULL);
}

Test(stim, decode_rejects_wrong_types)
{
    expect_variant_error((variant){ .as_string = "seed" }, "seed: expected an unsigned integer, got a string", NULL);
    expect_variant_error((variant){ .as_string = "segments" }, "segments: expected an array, got a string", NULL);
    expect_variant_error((variant){ .as_string = "latency" }, "latency: expected a map", NULL);
    expect_variant_error((variant){ .negative_seed = true }, "seed: negative", NULL);
    expect_variant_error((variant){ .segment_of_two = true }, "segments[0]: 2 elements, expected 3", NULL);
    expect_variant_error((variant){ .trailing_byte = true }, "1 unexpected bytes after the stimulus", NULL);
    static const uint8_t not_a_map[] = { 0x93, 1, 2, 3 };
    expect_decode_error(not_a_map, sizeof not_a_map, "expected a map at the top level, got an array", NULL);
    expect_decode_error(not_a_map, 0, "empty input", NULL);
}

Test(stim, decode_rejects_out_of_range_values)
{
    gtref_stim s;
    small_stim(&s);
    s.engines = 0;
    expect_stim_rejected(&s, "engines: 0 is out of range 1..4", NULL);
    s.engines = 5;
    expect_stim_rejected(&s, "engines: 5 is out of range 1..4", NULL);
    s.engines = 4;
    s.lat.rd_lat_min = 9;
    s.lat.rd_lat_max = 3;
    expect_stim_rejected(&s, "rd_min 9 > rd_max 3", NULL);
    s.lat.rd_lat_min = 0;
    expect_stim_rejected(&s, "rd_min", "at least 1");
    s.lat.rd_lat_min = 1;
    s.lat.req_ready_pct = 0;
    expect_stim_rejected(&s, "ready_pct: 0 is out of range 1..100", NULL);
    s.lat.req_ready_pct = 101;
    expect_stim_rejected(&s, "ready_pct: 101 is out of range 1..100", NULL);
    s.lat.req_ready_pct = 50;
    s.hang_cycles = 0;
    expect_stim_rejected(&s, "hang_cycles", NULL);
    s.hang_cycles = 10;
    snprintf(s.name, sizeof s.name, "has space");
    expect_stim_rejected(&s, "name: character 0x20 at position 3", NULL);
    s.name[0] = '\0';
    expect_stim_rejected(&s, "name: empty", NULL);
    snprintf(s.name, sizeof s.name, "ok");
    snprintf(s.profile, sizeof s.profile, "gen#11");
    expect_stim_rejected(&s, "profile: character 0x23", NULL);
    gtref_stim_free(&s);
}

Test(stim, decode_rejects_bad_host_ops)
{
    gtref_stim s;
    small_stim(&s);
    cr_assert_eq(gtref_stim_add_op(&s, 15, 0, 0, 0), 0);   /* 8..14: the execlist driver's ops */
    expect_stim_rejected(&s, "host[4]: unknown op 15", NULL);
    s.ops[4] = (gtref_host_op){ GTREF_HOST_WRITE, 0x2031, 0, 0, 0, 0 };
    expect_stim_rejected(&s, "host[4]: write offset 0x2031 is not dword aligned", NULL);
    s.ops[4] = (gtref_host_op){ GTREF_HOST_WAIT, 0x2030, 0, 5, 0, 0 };
    expect_stim_rejected(&s, "host[4]: wait with a non-zero offset", NULL);
    s.ops[4] = (gtref_host_op){ GTREF_HOST_READ, 0x2030, 1, 0, 0, 0 };
    expect_stim_rejected(&s, "host[4]: read with a non-zero value", NULL);
    s.ops[4] = (gtref_host_op){ GTREF_HOST_WAIT_IDLE, 0, 0, 3, 0, 0 };
    expect_stim_rejected(&s, "host[4]: wait_idle with non-zero cycles", NULL);
    gtref_stim_free(&s);
}

Test(stim, decode_rejects_bad_segments)
{
    gtref_stim s;
    small_stim(&s);
    cr_assert_eq(gtref_stim_add_segment(&s, 0x300000, GTREF_SEG_DATA, NULL, 8), 0);
    cr_assert_eq(gtref_stim_add_segment(&s, 0x400000, GTREF_SEG_DATA, "abcdefgh", 8), 0);
    s.segs[3].len = 6;
    expect_stim_rejected(&s, "segments[3]: length 6 is not a multiple of 4", NULL);
    s.segs[3].len = 4;
    s.segs[3].addr = 0x100008;   /* inside the ring (0x100000..0x10000f) */
    expect_stim_rejected(&s, "segments[3]", "overlaps segments[0]");
    s.segs[3].addr = 0x300002;
    expect_stim_rejected(&s, "segments[3]: address 0x300002 is not dword aligned", NULL);
    s.segs[3].addr = 0x500000;
    s.segs[3].kind = 7;
    expect_stim_rejected(&s, "segments[3]: unknown kind 7", NULL);
    s.segs[3].kind = GTREF_SEG_DATA;
    s.segs[3].addr = (1ull << 48) - 4;
    s.segs[3].len = 8;
    expect_stim_rejected(&s, "segments[3]", "48-bit");
    s.segs[3].len = 4;
    s.segs[3].addr = 0x200004;   /* the last dword of the batch 0x200000..0x200007 */
    expect_stim_rejected(&s, "segments[3] (data 0x200004..0x200007) overlaps segments[1] (batch 0x200000..0x200007)", NULL);
    gtref_stim_free(&s);
}

Test(stim, decode_reports_truncation_at_every_cut)
{
    gtref_stim s;
    small_stim(&s);
    uint8_t *buf;
    size_t len;
    test_encode_ok(&s, &buf, &len);
    for (size_t cut = 0; cut < len; cut++) {
        uint8_t *copy = malloc(cut ? cut : 1);   /* exact size: ASan catches any read past the end */
        memcpy(copy, buf, cut);
        expect_decode_error(copy, cut, cut ? "truncated" : "empty input", NULL);
        free(copy);
    }
    free(buf);
    gtref_stim_free(&s);

    /* a generated stimulus, cut at a few hundred places */
    generate_ok(&s, 5);
    test_encode_ok(&s, &buf, &len);
    gtref_rng rng;
    gtref_rng_seed(&rng, 99);
    for (int i = 0; i < 300; i++) {
        size_t cut = (size_t)gtref_rng_range(&rng, 1, len - 1);
        uint8_t *copy = malloc(cut);
        memcpy(copy, buf, cut);
        expect_decode_error(copy, cut, "truncated", NULL);
        free(copy);
    }
    free(buf);
    gtref_stim_free(&s);
}

Test(stim, decode_never_crashes_on_garbage)
{
    gtref_rng rng;
    gtref_rng_seed(&rng, 2024);
    unsigned accepted = 0;
    for (int i = 0; i < 20000; i++) {
        size_t len = (size_t)gtref_rng_range(&rng, 1, 96);
        uint8_t *buf = malloc(len);
        for (size_t k = 0; k < len; k++) buf[k] = (uint8_t)gtref_rng_next(&rng);
        if (i % 2) buf[0] = (uint8_t)(0x80 | (buf[0] & 0x0F));   /* half of them start like a map */
        gtref_stim s;
        gtref_stim_init(&s);
        char err[256] = "";
        if (gtref_stim_decode(&s, buf, len, err, sizeof err) == 0) accepted++;
        else cr_assert(err[0], "a rejection without a message");
        gtref_stim_free(&s);
        free(buf);
    }
    cr_assert_eq(accepted, 0, "random bytes decoded as a stimulus");

    /* huge element counts in headers must not allocate */
    static const uint8_t huge_array[] = { 0xdd, 0xff, 0xff, 0xff, 0xff, 0x00 };
    static const uint8_t huge_map[] = { 0xdf, 0xff, 0xff, 0xff, 0xff };
    static const uint8_t huge_bin_in_map[] = { 0x81, 0xa4, 'h', 'o', 's', 't', 0xc6, 0xff, 0xff, 0xff, 0xff };
    expect_decode_error(huge_array, sizeof huge_array, "truncated data (an array of 4294967295 elements", NULL);
    expect_decode_error(huge_map, sizeof huge_map, "truncated", NULL);
    expect_decode_error(huge_bin_in_map, sizeof huge_bin_in_map, "host: truncated", NULL);
}

Test(stim, decode_never_crashes_on_mutated_encodings)
{
    gtref_stim s;
    generate_ok(&s, 11);
    uint8_t *buf;
    size_t len;
    test_encode_ok(&s, &buf, &len);
    gtref_stim_free(&s);
    gtref_rng rng;
    gtref_rng_seed(&rng, 7);
    for (int i = 0; i < 3000; i++) {
        uint8_t *m = malloc(len);
        memcpy(m, buf, len);
        unsigned flips = (unsigned)gtref_rng_range(&rng, 1, 4);
        for (unsigned k = 0; k < flips; k++)
            m[gtref_rng_range(&rng, 0, i % 3 ? 200 : len - 1)] ^= (uint8_t)(1u << gtref_rng_range(&rng, 0, 7));
        gtref_stim d;
        gtref_stim_init(&d);
        char err[256] = "";
        if (gtref_stim_decode(&d, m, len, err, sizeof err) == 0) {
            /* a flip inside data can still be a valid stimulus: then it must encode back to the same bytes */
            uint8_t *again;
            size_t n;
            test_encode_ok(&d, &again, &n);
            gtref_stim e;
            gtref_stim_init(&e);
            cr_assert_eq(gtref_stim_decode(&e, again, n, err, sizeof err), 0, "%s", err);
            gtref_stim_free(&e);
            free(again);
        } else {
            cr_assert(err[0], "a rejection without a message");
        }
        gtref_stim_free(&d);
        free(m);
    }
    free(buf);
}

/* ---- files ---- */

Test(stim, files_round_trip_and_errors_name_the_file)
{
    char path[] = "/tmp/gtref_stim_test_XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    gtref_stim s, r;
    generate_ok(&s, 21);
    char err[512];
    cr_assert_eq(gtref_stim_write_file(&s, path, err, sizeof err), 0, "%s", err);
    gtref_stim_init(&r);
    cr_assert_eq(gtref_stim_read_file(&r, path, err, sizeof err), 0, "%s", err);
    uint8_t *a, *b;
    size_t na, nb;
    test_encode_ok(&s, &a, &na);
    test_encode_ok(&r, &b, &nb);
    cr_assert(na == nb && memcmp(a, b, na) == 0, "the file does not hold the same stimulus");
    free(a);
    free(b);

    /* a file that is not a stimulus */
    FILE *f = fopen(path, "wb");
    fputs("test not-msgpack\n", f);
    fclose(f);
    cr_assert_neq(gtref_stim_read_file(&r, path, err, sizeof err), 0);
    cr_assert(strstr(err, path), "'%s' does not name the file", err);
    unlink(path);
    cr_assert_neq(gtref_stim_read_file(&r, path, err, sizeof err), 0);
    cr_assert(strstr(err, path) && strstr(err, "No such file"), "%s", err);

    /* an invalid stimulus is not written */
    s.engines = 9;
    cr_assert_neq(gtref_stim_write_file(&s, path, err, sizeof err), 0);
    cr_assert(strstr(err, "engines: 9"), "%s", err);
    cr_assert_neq(access(path, F_OK), 0, "an invalid stimulus was written");
    gtref_stim_free(&s);
    gtref_stim_free(&r);
}

/* ---- generator ---- */

#define RING_BASE    0x100000u
#define RING_STRIDE  0x10000u
#define SEM_BASE     0x490000u

/* What a static walk of a generated stimulus saw. */
typedef struct walk_stats {
    unsigned engines_used;     /* engines whose ring is enabled */
    uint64_t traffic[GTREF_MAX_ENGINES];   /* ring bytes submitted */
    uint32_t ring_size[GTREF_MAX_ENGINES];
    unsigned ring_cmds, batch_cmds, distinct_non_noop[GTREF_MAX_ENGINES];
    unsigned straddles, end_crossings, several_crossings, chained, ppgtt, qword4, qword8, bwd, irq_waits, user_irqs;
    unsigned bad_ring, bad_batch, bad_engines, bad_kind[GTREF_BAD_KINDS], bad_on[GTREF_MAX_ENGINES];
    unsigned tail_straddles;   /* a TAIL write that left a command half submitted (the engine must wait) */
    unsigned odd_tails;        /* TAIL writes that are not a chunk boundary... at least not a command boundary */
    unsigned lri_gpr, lri_own_other, lri_ignored, emr_host_unmask, back_to_back;
    unsigned sem_writes, sem_waits, second_cmds, bad_second;
    unsigned signal_waits, signals, wdog_lris, isr_rounds;
    /* address translation (docs/gam.md) */
    unsigned ppgtt_engines;    /* engines whose RING_MODE[9] the host sets */
    unsigned ppgtt_accesses;   /* accesses translated through a PPGTT */
    unsigned ppgtt_fetches;    /* batch lines fetched through a PPGTT */
    unsigned pp_select_on_ggtt;   /* PPGTT-selecting accesses of an engine without PPGTT (G1) */
    unsigned nonidentity;      /* GGTT accesses whose physical address differs from the graphics address */
    unsigned aliased_pages;    /* physical pages reached through two or more (space, page) of the walk */
    unsigned fault_hang[GW_KINDS], fault_cont[GW_KINDS], fault_if, fault_if_level[3], fault_halts;
    unsigned quiet_remaps, live_remaps, stale_reads, tlb_invalidations;
    unsigned pressure_engines; /* engines whose data pages of one space outnumber the 24 entries of LRA1 */
    unsigned lra_writes, midarb_writes, gab_writes, fr_clears, emr_pf_unmask;
    /* host invalidations and admission limits (docs/gam.md GAM-21..23) */
    unsigned flsh_writes;      /* GFX_FLSH_CNTL writes ... */
    unsigned flsh_busy;        /* ... of which while some engine may run */
    unsigned flsh_ggtt_remaps; /* idle remaps of GGTT pages only, invalidated by GFX_FLSH_CNTL alone */
    unsigned flsh_pp_remaps;   /* idle remaps with a PPGTT page and GFX_FLSH_CNTL, invalidated by INSTPM or the flush too */
    unsigned instpm_invals;    /* INSTPM writes of bits 9 and 5 (an idle engine's TLB emptied) */
    unsigned instpm_remaps;    /* idle remaps invalidated by INSTPM */
    unsigned flush_remaps;     /* idle remaps after which an engine's first command had to be its TLB-invalidating flush */
    unsigned instpm_setup;     /* INSTPM writes at setup (other bits) */
    unsigned req_limit_writes; /* MEDIA_MAX_REQ_COUNT writes */
    /* Gen11 variants */
    unsigned cs_mmio[6];       /* LRI, LRM, SRM, LRR both, LRR source only, LRR destination only */
    unsigned load1, atomic_len[12], atomic_ret, cbbe_nosem, cbbe_mask, sdi2, long_lris, pred_bbs, pred_loops;
    unsigned result1_lrr, reg_poll_own, reg_poll_other, signal_noeffect;
    unsigned priv_viol[GTREF_CMD_COUNT][GTREF_MAX_ENGINES];   /* G1 violations (a GGTT access from a PPGTT batch) */
    unsigned asi_chain_inherit, asi_second_inherit, asi_second_ppgtt;   /* C10 starts (walked) */
} walk_stats;

/* A translation an engine's TLB may hold: (space, page) -> physical page, since its last certain invalidation. */
typedef struct tlb_ent { bool ggtt; uint64_t vpn, pfn; } tlb_ent;

typedef struct eng_walk {
    bool enabled, head_written, tail_written, halted;
    bool halt_known;           /* a wait_idle since the halt: the host may count from the illegal command */
    uint32_t start, head, tail, size;
    uint32_t exec;             /* ring offset of the next command to execute */
    uint32_t avail;            /* bytes submitted and not yet executed (exec .. tail) */
    uint64_t since_idle;       /* bytes submitted since the last wait_idle (non-halted engines) */
    unsigned crossings;
    uint32_t hws;              /* HWS_PGA as the host wrote it */
    uint8_t *visited;          /* ring dwords that started a command already */
    uint32_t pred_mode;        /* MI_SET_PREDICATE's mode: commands under a mode other than 0 may be NOOPs */
    tlb_ent *tlb; size_t ntlb, ctlb;
    uint64_t *dpages[2]; size_t ndpages[2], cdpages[2];   /* distinct data pages by space (1: GGTT) */
    bool busy;                 /* a submission since the last wait_idle: the engine may be running */
    bool must_flush;           /* its TLB may hold a remapped page: its next command is a TLB-invalidating flush */
} eng_walk;

/* A physical page the walk touched: the engines that wrote and read it, the (space, page)s that reach it. */
typedef struct page_use { uint64_t pfn; uint8_t wr, rd; bool table; uint64_t via; unsigned nvia; } page_use;

typedef struct walker {
    const gtref_stim *s;
    uint64_t seed;
    walk_stats st;
    eng_walk eng[GTREF_MAX_ENGINES];
    gw_state gw;
    page_use *pu; size_t npu, cpu;       /* sorted by pfn */
    uint64_t *cmd_pages; size_t ncmd;    /* physical pages holding ring or batch segments, sorted */
    uint64_t sem_pfn;                    /* the semaphore page (the GGTT's SEM_BASE), or ~0 */
    bool quiet;                          /* no submission since the last wait_idle: every engine is idle */
    /* the idle remap in progress (mem_writes after a wait_idle, before the next submission) and what came with it */
    bool remap, remap_pp, remap_flsh, remap_instpm;
    bool any_enabled;
    bool np;                             /* the command being walked is in a non-privileged (PPGTT) batch (C10) */
} walker;

static const gtref_segment *segment_at(const gtref_stim *s, uint64_t addr, uint32_t bytes)
{
    for (size_t i = 0; i < s->nsegs; i++)
        if (addr >= s->segs[i].addr && addr + bytes <= s->segs[i].addr + s->segs[i].len) return &s->segs[i];
    return NULL;
}

static uint32_t dword_at(const gtref_segment *g, uint64_t off)
{
    const uint8_t *b = g->bytes + off;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* Which kind of illegal command dw0 is on engine e (enum gtref_bad_kind), or -1 if it is legal there. */
static int bad_kind_of(uint32_t dw0, int e)
{
    const gtref_cmd_def *c = gtref_cmd_find(dw0);
    if (!c) return GTREF_CMD_TYPE(dw0) != 0 ? GTREF_BAD_TYPE : GTREF_BAD_OPCODE;
    if (gtref_cmd_legal(c, dw0, NULL, 0)) return gtref_cmd_on_engine(c, e) ? -1 : GTREF_BAD_ENGINE;
    unsigned len = gtref_cmd_length(c, dw0);
    if (len < c->min_len || len > c->max_len) return GTREF_BAD_LENGTH;
    if (c->id == GTREF_CMD_MI_STORE_DATA_IMM) return GTREF_BAD_SDI;
    if (c->id == GTREF_CMD_MI_LOAD_REGISTER_IMM) return GTREF_BAD_LRI;
    return GTREF_BAD_LENGTH;
}

static bool is_ring_reg(uint32_t off)
{
    int e;
    const gtref_reg_def *d = gtref_reg_lookup(off, GTREF_MAX_ENGINES, &e);
    return d && e >= 0 && (d->offset == GTREF_RING_TAIL || d->offset == GTREF_RING_HEAD || d->offset == GTREF_RING_START ||
                           d->offset == GTREF_RING_CTL);
}

/* A register no MI_LOAD_REGISTER_IMM/REG/MEM of a legal stimulus writes (docs/gam.md §5): any engine's RING_MODE,
 * PDP0_LDW/UDW, PP_DCLV, and the GAM's own. */
static bool is_xlate_reg(uint32_t off)
{
    int e;
    const gtref_reg_def *d = gtref_reg_lookup(off, GTREF_MAX_ENGINES, &e);
    if (!d) return false;
    if (d->flags & GTREF_REGF_GAM) return true;
    return e >= 0 && (d->offset == GTREF_RING_MODE || d->offset == GTREF_PDP0_LDW || d->offset == GTREF_PDP0_UDW ||
                      d->offset == GTREF_PP_DCLV);
}

/* Any engine's INSTPM: never a target of MI_LOAD_REGISTER_* (docs/gam.md §5, GAM-22). */
static bool is_instpm(uint32_t off)
{
    int e;
    const gtref_reg_def *d = gtref_reg_lookup(off, GTREF_MAX_ENGINES, &e);
    return d && e >= 0 && d->offset == GTREF_INSTPM;
}

static bool is_cmd_page(const walker *w, uint64_t pfn)
{
    size_t lo = 0, hi = w->ncmd;
    while (lo < hi) {
        size_t m = (lo + hi) / 2;
        if (w->cmd_pages[m] < pfn) lo = m + 1;
        else hi = m;
    }
    return lo < w->ncmd && w->cmd_pages[lo] == pfn;
}

static page_use *use_of(walker *w, uint64_t pfn)
{
    size_t lo = 0, hi = w->npu;
    while (lo < hi) {
        size_t m = (lo + hi) / 2;
        if (w->pu[m].pfn < pfn) lo = m + 1;
        else hi = m;
    }
    if (lo < w->npu && w->pu[lo].pfn == pfn) return &w->pu[lo];
    if (w->npu == w->cpu) {
        w->cpu = w->cpu ? 2 * w->cpu : 256;
        w->pu = realloc(w->pu, w->cpu * sizeof *w->pu);
        cr_assert(w->pu);
    }
    memmove(&w->pu[lo + 1], &w->pu[lo], (w->npu - lo) * sizeof *w->pu);
    w->pu[lo] = (page_use){ .pfn = pfn };
    w->npu++;
    return &w->pu[lo];
}

static bool same_page_content(const walker *w, uint64_t pfn_a, uint64_t pfn_b)
{
    uint8_t a[4096], b[4096];
    gtref_mem_read(w->gw.m, pfn_a << 12, a, sizeof a);
    gtref_mem_read(w->gw.m, pfn_b << 12, b, sizeof b);
    return memcmp(a, b, sizeof a) == 0;
}

/* A translation engine e used: its tables' pages, the (space, page) that reached the physical page, and what its
 * TLB may hold. A TLB entry that disagrees with the tables (the host remapped the page after e used it and e has
 * not invalidated since) is only allowed for reads of ring or batch pages whose old and new copies are equal
 * (docs/gam.md §5: remap without invalidation). */
/* gw_translate, and G4: no PDPE or PDE the walk reads has bit 7 (PS) set (a large page is unimplemented). */
static gw_xlate xlate(walker *w, int e, bool select_ggtt, uint64_t va)
{
    gw_xlate x = gw_translate(&w->gw, e, select_ggtt, va);
    if (!x.ggtt)
        for (int l = 1; l <= 2 && l < x.nentry; l++)
            cr_assert(!(gw_read64(&w->gw, x.entry[l]) & 0x80u), "seed %" PRIu64 ": %s of 0x%" PRIx64 " has bit 7 set (G4)",
                      w->seed, l == 1 ? "the PDPE" : "the PDE", va);
    return x;
}

static void used_translation(walker *w, int e, const gw_xlate *x, uint64_t va, bool write)
{
    for (int i = 0; i < x->nentry; i++) use_of(w, x->entry[i] >> 12)->table = true;
    if (x->kind != GW_OK) return;
    uint64_t vpn = x->ggtt ? (va >> 12) & 0xFFFFFu : (va & GTREF_PPGTT_VA_MASK) >> 12, pfn = x->pa >> 12;
    uint64_t via = (uint64_t)x->ggtt << 63 | (x->ggtt ? 0 : (uint64_t)(e + 1) << 56) | vpn;
    page_use *u = use_of(w, pfn);
    if (u->nvia == 0 || (u->nvia == 1 && u->via != via)) {
        if (u->nvia == 1) w->st.aliased_pages++;
        if (u->nvia == 0) u->via = via;
        u->nvia++;
    }
    eng_walk *g = &w->eng[e];
    for (size_t i = 0; i < g->ntlb; i++) {
        tlb_ent *t = &g->tlb[i];
        if (t->ggtt != x->ggtt || t->vpn != vpn) continue;
        if (t->pfn != pfn) {
            cr_assert(!write && is_cmd_page(w, t->pfn) && is_cmd_page(w, pfn) && same_page_content(w, t->pfn, pfn),
                      "seed %" PRIu64 ": %s uses %s page 0x%" PRIx64 " remapped from 0x%" PRIx64 " to 0x%" PRIx64
                      " without invalidating its TLB (docs/gam.md §5)", w->seed, gtref_engines[e].name,
                      x->ggtt ? "GGTT" : "PPGTT", va, t->pfn << 12, x->pa);
            w->st.stale_reads++;
        }
        return;
    }
    if (g->ntlb == g->ctlb) {
        g->ctlb = g->ctlb ? 2 * g->ctlb : 64;
        g->tlb = realloc(g->tlb, g->ctlb * sizeof *g->tlb);
        cr_assert(g->tlb);
    }
    g->tlb[g->ntlb++] = (tlb_ent){ x->ggtt, vpn, pfn };
}

static void halt_engine(walker *w, int e)
{
    w->eng[e].halted = true;
}

/* One dword of engine e's ring or batch at va: its page must translate, into a segment of `kind`. */
static uint32_t fetch(walker *w, int e, bool select_ggtt, uint64_t va, uint8_t kind)
{
    gw_xlate x = xlate(w, e, select_ggtt, va);
    cr_assert(x.kind == GW_OK, "seed %" PRIu64 ": %s fetches commands at 0x%" PRIx64 " (%s): fault kind %d",
              w->seed, gtref_engines[e].name, va, x.ggtt ? "GGTT" : "PPGTT", x.kind);
    const gtref_segment *sg = segment_at(w->s, x.pa, 4);
    cr_assert(sg && sg->kind == kind, "seed %" PRIu64 ": %s fetches 0x%" PRIx64 " (physical 0x%" PRIx64 ") outside a %s segment",
              w->seed, gtref_engines[e].name, va, x.pa, kind == GTREF_SEG_RING ? "ring" : "batch");
    used_translation(w, e, &x, va, false);
    if (!x.ggtt && kind == GTREF_SEG_BATCH) w->st.ppgtt_fetches++;
    return dword_at(sg, x.pa - sg->addr);
}

/* The lines the parser may prefetch after a command ending at va (two lines, docs/gam.md §5) translate. */
static void prefetch_ok(walker *w, int e, bool select_ggtt, uint64_t va)
{
    for (uint64_t a = va; a < va + 128u; a += 64u) {
        gw_xlate x = xlate(w, e, select_ggtt, a);
        cr_assert(x.kind == GW_OK, "seed %" PRIu64 ": %s may prefetch 0x%" PRIx64 " (%s), which faults (kind %d)", w->seed,
                  gtref_engines[e].name, a, x.ggtt ? "GGTT" : "PPGTT", x.kind);
        used_translation(w, e, &x, a, false);
    }
}

enum { ACC_DATA, ACC_SEM_WAIT, ACC_HWS };

/* Engine e's data access of `bytes` at va (it reads, writes or both): every page translates, or faults where the
 * generator means it to (any data operand in continue mode, never a semaphore wait or the status page; in hang
 * mode the command that stops the engine, on a path that surely executes). False when the engine halts. */
static bool data_access(walker *w, int e, bool select_ggtt, uint64_t va, unsigned bytes, bool rd, bool wr, int what,
                        bool certain)
{
    uint64_t pages[2] = { va, va + bytes - 1u };
    for (int k = 0; k < 2; k++) {
        if (k == 1 && pages[1] >> 12 == pages[0] >> 12) break;
        gw_xlate x = xlate(w, e, select_ggtt, pages[k]);
        if (!select_ggtt && x.ggtt) w->st.pp_select_on_ggtt++;
        if (!x.ggtt) w->st.ppgtt_accesses++;
        else if (x.kind == GW_OK && (x.pa >> 12) != (pages[k] >> 12)) w->st.nonidentity++;
        used_translation(w, e, &x, pages[k], wr);
        if (x.kind != GW_OK) {
            cr_assert(what == ACC_DATA, "seed %" PRIu64 ": %s's %s at 0x%" PRIx64 " faults (kind %d)", w->seed,
                      gtref_engines[e].name, what == ACC_HWS ? "status page write" : "semaphore wait", va, x.kind);
            if (!gw_continue(&w->gw)) {
                cr_assert(certain, "seed %" PRIu64 ": %s's hang-mode fault at 0x%" PRIx64 " may not execute", w->seed,
                          gtref_engines[e].name, va);
                w->st.fault_hang[x.kind]++;
                w->st.fault_halts++;
                halt_engine(w, e);
                return false;
            }
            w->st.fault_cont[x.kind]++;
        }
        page_use *u = use_of(w, x.pa >> 12);
        if (wr) u->wr |= (uint8_t)(1u << e);
        if (rd) u->rd |= (uint8_t)(1u << e);
        if (what == ACC_SEM_WAIT)
            cr_assert(x.kind == GW_OK && x.pa >> 12 == w->sem_pfn && (x.pa & 0xFFFu) < 0x100u,
                      "seed %" PRIu64 ": %s waits on 0x%" PRIx64 ", outside the semaphore area", w->seed, gtref_engines[e].name, va);
        if (what == ACC_DATA && x.kind == GW_OK) {
            eng_walk *g = &w->eng[e];
            int sp = x.ggtt ? 1 : 0;
            uint64_t vpn = pages[k] >> 12;
            bool seen = false;
            for (size_t i = 0; i < g->ndpages[sp] && !seen; i++) seen = g->dpages[sp][i] == vpn;
            if (!seen) {
                if (g->ndpages[sp] == g->cdpages[sp]) {
                    g->cdpages[sp] = g->cdpages[sp] ? 2 * g->cdpages[sp] : 64;
                    g->dpages[sp] = realloc(g->dpages[sp], g->cdpages[sp] * sizeof *g->dpages[sp]);
                    cr_assert(g->dpages[sp]);
                }
                g->dpages[sp][g->ndpages[sp]++] = vpn;
            }
        }
    }
    return true;
}

/* G1: a command of a non-privileged batch that selects the GGTT for a memory access (a privilege violation, C41). */
static bool g1_violation(const gtref_cmd_def *c, const uint32_t *dw, bool in_batch)
{
    switch (c->id) {
    case GTREF_CMD_MI_STORE_DATA_IMM: return GTREF_GET(dw, MI_STORE_DATA_IMM_GGTT) != 0;
    case GTREF_CMD_MI_STORE_REGISTER_MEM: return GTREF_GET(dw, MI_STORE_REGISTER_MEM_GGTT) != 0;
    case GTREF_CMD_MI_LOAD_REGISTER_MEM: return GTREF_GET(dw, MI_LOAD_REGISTER_MEM_GGTT) != 0;
    case GTREF_CMD_MI_COPY_MEM_MEM: return GTREF_GET(dw, MI_COPY_MEM_MEM_GGTT_SRC) || GTREF_GET(dw, MI_COPY_MEM_MEM_GGTT_DST);
    case GTREF_CMD_MI_ATOMIC: return GTREF_GET(dw, MI_ATOMIC_GGTT) != 0;
    case GTREF_CMD_MI_SEMAPHORE_WAIT: return !GTREF_GET(dw, MI_SEMAPHORE_WAIT_REG_POLL) && GTREF_GET(dw, MI_SEMAPHORE_WAIT_GGTT);
    case GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END:
        return in_batch && GTREF_GET(dw, MI_CONDITIONAL_BATCH_BUFFER_END_SEMAPHORE) && GTREF_GET(dw, MI_CONDITIONAL_BATCH_BUFFER_END_GGTT);
    case GTREF_CMD_MI_FLUSH_DW:
        return GTREF_GET(dw, MI_FLUSH_DW_POST_SYNC) == 1 && !GTREF_GET(dw, MI_FLUSH_DW_STORE_INDEX) && GTREF_GET(dw, MI_FLUSH_DW_GGTT);
    case GTREF_CMD_PIPE_CONTROL:
        return GTREF_GET(dw, PIPE_CONTROL_POST_SYNC) == 1 && !GTREF_GET(dw, PIPE_CONTROL_STORE_INDEX) && GTREF_GET(dw, PIPE_CONTROL_GGTT);
    default: return false;
    }
}

/* The memory accesses of one legal command of engine e, in the order it makes them, then its TLB invalidation.
 * False when the engine halts (a hang-mode fault). */
static bool exec_accesses(walker *w, int e, const gtref_cmd_def *c, const uint32_t *dw, unsigned len, bool in_batch,
                          bool certain)
{
    eng_walk *g = &w->eng[e];
    uint64_t hws = g->hws & 0xFFFFF000u;
    if (w->np && g1_violation(c, dw, in_batch)) {   /* C41: a NOOP, no access */
        w->st.priv_viol[c->id][e]++;
        return true;
    }
    switch (c->id) {
    case GTREF_CMD_MI_SET_PREDICATE: g->pred_mode = (uint32_t)GTREF_GET(dw, MI_SET_PREDICATE_ENABLE); return true;
    case GTREF_CMD_MI_STORE_DATA_IMM: {
        uint64_t a = GTREF_GET(dw, MI_STORE_DATA_IMM_ADDR);
        bool ok = data_access(w, e, GTREF_GET(dw, MI_STORE_DATA_IMM_GGTT), a, len == 5 ? 8 : 4, false, true, ACC_DATA, certain);
        if (ok) {
            gw_xlate x = xlate(w, e, GTREF_GET(dw, MI_STORE_DATA_IMM_GGTT), a);
            if (x.kind == GW_OK && x.pa >> 12 == w->sem_pfn && len == 4) w->st.sem_writes++;
        }
        return ok;
    }
    case GTREF_CMD_MI_STORE_DATA_INDEX:
        return data_access(w, e, true, hws + GTREF_GET(dw, MI_STORE_DATA_INDEX_OFFSET), len == 4 ? 8 : 4, false, true, ACC_HWS, certain);
    case GTREF_CMD_MI_REPORT_HEAD: return data_access(w, e, true, hws + 0x10u, 4, false, true, ACC_HWS, certain);
    case GTREF_CMD_MI_STORE_REGISTER_MEM:
        return data_access(w, e, GTREF_GET(dw, MI_STORE_REGISTER_MEM_GGTT), GTREF_GET(dw, MI_STORE_REGISTER_MEM_ADDR), 4, false,
                           true, ACC_DATA, certain);
    case GTREF_CMD_MI_LOAD_REGISTER_MEM:
        return data_access(w, e, GTREF_GET(dw, MI_LOAD_REGISTER_MEM_GGTT), GTREF_GET(dw, MI_LOAD_REGISTER_MEM_ADDR), 4, true,
                           false, ACC_DATA, certain);
    case GTREF_CMD_MI_COPY_MEM_MEM:
        return data_access(w, e, GTREF_GET(dw, MI_COPY_MEM_MEM_GGTT_SRC), GTREF_GET(dw, MI_COPY_MEM_MEM_SRC), 4, true, false,
                           ACC_DATA, certain) &&
               data_access(w, e, GTREF_GET(dw, MI_COPY_MEM_MEM_GGTT_DST), GTREF_GET(dw, MI_COPY_MEM_MEM_DST), 4, false, true,
                           ACC_DATA, certain);
    case GTREF_CMD_MI_ATOMIC:
        return data_access(w, e, GTREF_GET(dw, MI_ATOMIC_GGTT), GTREF_GET(dw, MI_ATOMIC_ADDR),
                           GTREF_GET(dw, MI_ATOMIC_SIZE) ? 8 : 4, true, true, ACC_DATA, certain);
    case GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END:
        /* a NOOP in the ring or without Compare Semaphore, without a read; mask mode reads a qword (C26) */
        if (!in_batch || !GTREF_GET(dw, MI_CONDITIONAL_BATCH_BUFFER_END_SEMAPHORE)) return true;
        return data_access(w, e, GTREF_GET(dw, MI_CONDITIONAL_BATCH_BUFFER_END_GGTT),
                           GTREF_GET(dw, MI_CONDITIONAL_BATCH_BUFFER_END_ADDR),
                           GTREF_GET(dw, MI_CONDITIONAL_BATCH_BUFFER_END_MASK_MODE) ? 8 : 4, true, false, ACC_DATA, certain);
    case GTREF_CMD_MI_SEMAPHORE_WAIT:
        if (GTREF_GET(dw, MI_SEMAPHORE_WAIT_REG_POLL)) return true;   /* a register, no memory read (C33) */
        return data_access(w, e, GTREF_GET(dw, MI_SEMAPHORE_WAIT_GGTT), GTREF_GET(dw, MI_SEMAPHORE_WAIT_ADDR), 4, true, false,
                           ACC_SEM_WAIT, certain);
    case GTREF_CMD_PIPE_CONTROL:
    case GTREF_CMD_MI_FLUSH_DW: {
        bool pc = c->id == GTREF_CMD_PIPE_CONTROL;
        uint64_t post = pc ? GTREF_GET(dw, PIPE_CONTROL_POST_SYNC) : GTREF_GET(dw, MI_FLUSH_DW_POST_SYNC);
        bool index = pc ? GTREF_GET(dw, PIPE_CONTROL_STORE_INDEX) : GTREF_GET(dw, MI_FLUSH_DW_STORE_INDEX);
        uint64_t a = pc ? GTREF_GET(dw, PIPE_CONTROL_ADDR) : GTREF_GET(dw, MI_FLUSH_DW_ADDR);
        bool ggtt = pc ? GTREF_GET(dw, PIPE_CONTROL_GGTT) : GTREF_GET(dw, MI_FLUSH_DW_GGTT);
        unsigned bytes = pc || len == 5 ? 8 : 4;
        if (post == 1) {
            bool ok = index ? data_access(w, e, true, hws + (a & (pc ? 0xFFCu : 0xFF8u)), bytes, false, true, ACC_HWS, certain)
                            : data_access(w, e, ggtt, a, bytes, false, true, ACC_DATA, certain);
            if (!ok) return false;
        }
        bool inval = pc ? GTREF_GET(dw, PIPE_CONTROL_TLB_INVALIDATE) : GTREF_GET(dw, MI_FLUSH_DW_TLB_INVALIDATE);
        if (inval && certain) {   /* GAM-12, at the retire; only when it surely executes */
            g->ntlb = 0;
            w->st.tlb_invalidations++;
        }
        return true;
    }
    default: return true;
    }
}

static int engine_reg(uint32_t off, uint32_t *rel);

/* C6, C14: every engine-side register access names a register of the issuing engine (else unimplemented). */
static void own_reg(const walker *w, int e, uint32_t off, const char *what)
{
    int re = -2;
    const gtref_reg_def *d = gtref_reg_lookup(off, GTREF_MAX_ENGINES, &re);
    cr_assert(d && re == e && gtref_reg_present(d, e), "seed %" PRIu64 ": %s of %s names 0x%x, not a register of %s (C6/C14)",
              w->seed, what, gtref_engines[e].name, off, gtref_engines[e].name);
}

/* The field rules the generator promises, for one legal command of engine e. */
static void check_fields(walker *w, int e, const gtref_cmd_def *c, const uint32_t *dw, unsigned len, bool in_batch)
{
    uint32_t gpr0 = gtref_engines[e].base + 0x600u;
    switch (c->id) {
    case GTREF_CMD_MI_LOAD_REGISTER_IMM: {
        /* 1..6 registers, or (long_lri_pct, in batches) 10..128 GPRs (C36) */
        cr_assert(len >= 3 && (len <= 13 || (in_batch && len >= 21 && len <= 257)),
                  "seed %" PRIu64 ": LRI of %u dwords (1..6 registers, or 10..128 in a batch)", w->seed, len);
        if (len > 13) w->st.long_lris++;
        bool rel = GTREF_GET(dw, MI_LOAD_REGISTER_IMM_CS_MMIO) != 0;
        if (rel) w->st.cs_mmio[0]++;
        uint32_t base = rel ? gtref_engines[e].base : 0u;
        for (unsigned i = 1; i < len; i += 2) {
            uint32_t r = base + (dw[i] & 0x7FFFFCu);
            cr_assert(!rel || (dw[i] & 0x7FFFFCu) < 0x1000u, "seed %" PRIu64 ": cs_mmio LRI offset 0x%x", w->seed, dw[i]);
            cr_assert(!is_ring_reg(r), "seed %" PRIu64 ": LRI to a ring register 0x%x", w->seed, r);
            cr_assert(!is_xlate_reg(r), "seed %" PRIu64 ": LRI to a translation register 0x%x", w->seed, r);
            cr_assert(!is_instpm(r), "seed %" PRIu64 ": LRI to INSTPM 0x%x (GAM-22)", w->seed, r);
            int re = -2;
            const gtref_reg_def *d = gtref_reg_lookup(r, GTREF_MAX_ENGINES, &re);
            own_reg(w, e, r, "an LRI target");
            if (r >= gpr0 && r <= gpr0 + 0x7C && r % 4 == 0) w->st.lri_gpr++;
            else if (d && (gtref_reg_rw(d, e) || d->w1c_mask)) w->st.lri_own_other++;
            else w->st.lri_ignored++;   /* read-only: dropped (C6) */
        }
        if ((dw[0] >> GTREF_LRI_BWD_SHIFT) & 0xF) w->st.bwd++;
        for (unsigned i = 1; i + 1 < len; i += 2)
            if (base + dw[i] == gtref_engines[0].base + GTREF_PR_CTR_CTL ||
                base + dw[i] == gtref_engines[0].base + GTREF_PR_CTR_THRSH) {
                w->st.wdog_lris++;   /* RCS0's watchdog pair */
                break;
            }
        break;
    }
    case GTREF_CMD_MI_LOAD_REGISTER_REG: {   /* C38: a cs_mmio bit makes its offset relative to the engine's base */
        bool rs = GTREF_GET(dw, MI_LOAD_REGISTER_REG_CS_MMIO_SRC) != 0, rd = GTREF_GET(dw, MI_LOAD_REGISTER_REG_CS_MMIO_DST) != 0;
        uint32_t dst = (rd ? gtref_engines[e].base : 0u) + (uint32_t)GTREF_GET(dw, MI_LOAD_REGISTER_REG_DST);
        own_reg(w, e, (rs ? gtref_engines[e].base : 0u) + (uint32_t)GTREF_GET(dw, MI_LOAD_REGISTER_REG_SRC), "an LRR source");
        own_reg(w, e, dst, "an LRR destination");
        if (rs && rd) w->st.cs_mmio[3]++;
        else if (rs) w->st.cs_mmio[4]++;
        else if (rd) w->st.cs_mmio[5]++;
        if (dst == gtref_engines[e].base + GTREF_MI_PREDICATE_RESULT_1) w->st.result1_lrr++;
        cr_assert(!is_xlate_reg(dst), "seed %" PRIu64 ": LRR to a translation register", w->seed);
        cr_assert(!is_instpm(dst), "seed %" PRIu64 ": LRR to INSTPM", w->seed);
        break;
    }
    case GTREF_CMD_MI_LOAD_REGISTER_MEM: {
        bool rel = GTREF_GET(dw, MI_LOAD_REGISTER_MEM_CS_MMIO) != 0;
        uint32_t r = (rel ? gtref_engines[e].base : 0u) + (uint32_t)GTREF_GET(dw, MI_LOAD_REGISTER_MEM_REG);
        if (rel) w->st.cs_mmio[1]++;
        own_reg(w, e, r, "an LRM destination");
        cr_assert(!is_xlate_reg(r), "seed %" PRIu64 ": LRM to a translation register", w->seed);
        cr_assert(!is_instpm(r), "seed %" PRIu64 ": LRM to INSTPM", w->seed);
        break;
    }
    case GTREF_CMD_MI_STORE_REGISTER_MEM: {
        bool rel = GTREF_GET(dw, MI_STORE_REGISTER_MEM_CS_MMIO) != 0;
        if (rel) w->st.cs_mmio[2]++;
        own_reg(w, e, (rel ? gtref_engines[e].base : 0u) + (uint32_t)GTREF_GET(dw, MI_STORE_REGISTER_MEM_REG), "an SRM source");
        break;
    }
    case GTREF_CMD_MI_MATH:
        for (unsigned i = 1; i < len; i++)
            if (((dw[i] >> 20) & 0x7FFu) == GTREF_ALU_LOAD1) w->st.load1++;
        break;
    case GTREF_CMD_MI_ATOMIC:
        w->st.atomic_len[len]++;
        if (GTREF_GET(dw, MI_ATOMIC_RETURN_DATA)) w->st.atomic_ret++;
        break;
    case GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END:
        if (!GTREF_GET(dw, MI_CONDITIONAL_BATCH_BUFFER_END_SEMAPHORE)) w->st.cbbe_nosem++;
        else if (GTREF_GET(dw, MI_CONDITIONAL_BATCH_BUFFER_END_MASK_MODE)) w->st.cbbe_mask++;
        break;
    case GTREF_CMD_MI_STORE_DATA_IMM: {
        uint64_t a = (uint64_t)dw[2] << 32 | dw[1];
        cr_assert_leq(len, 5, "seed %" PRIu64 ": MI_STORE_DATA_IMM of %u dwords (C35: unimplemented)", w->seed, len);
        if (len == 5 && !GTREF_GET(dw, MI_STORE_DATA_IMM_QWORD)) w->st.sdi2++;
        if (len == 5) {
            if (a % 8) w->st.qword4++;
            else w->st.qword8++;
        }
        break;
    }
    case GTREF_CMD_MI_SET_CONTEXT:
        cr_assert_fail("seed %" PRIu64 ": MI_SET_CONTEXT as a legal command (C12: render only, C30: unimplemented)", w->seed);
        break;
    case GTREF_CMD_MI_BATCH_BUFFER_START:
        cr_assert(e == 0 || !GTREF_GET(dw, MI_BATCH_BUFFER_START_PREDICATE),
                  "seed %" PRIu64 ": a predicated MI_BATCH_BUFFER_START on %s (C17: unimplemented)", w->seed, gtref_engines[e].name);
        if (GTREF_GET(dw, MI_BATCH_BUFFER_START_PREDICATE)) w->st.pred_bbs++;
        if (dw[0] & GTREF_BBS_PPGTT) w->st.ppgtt++;
        if (in_batch) w->st.chained++;
        break;
    case GTREF_CMD_MI_USER_INTERRUPT: w->st.user_irqs++; break;
    case GTREF_CMD_MI_SEMAPHORE_WAIT:
        cr_assert_leq(GTREF_GET(dw, MI_SEMAPHORE_WAIT_COMPARE), 5, "seed %" PRIu64 ": compare 6/7 (C27)", w->seed);
        if (GTREF_GET(dw, MI_SEMAPHORE_WAIT_REG_POLL)) {   /* C33: a GPR, its own (released by the host) or another's */
            uint32_t r = (uint32_t)GTREF_GET(dw, MI_SEMAPHORE_WAIT_ADDR), rel = 0;
            int re = engine_reg(r, &rel);
            cr_assert(re == e && rel >= 0x600u && rel < 0x680u, "seed %" PRIu64 ": register poll of 0x%x (C14: own GPRs only)", w->seed, r);
            if (re == e) w->st.reg_poll_own++;
            else w->st.reg_poll_other++;
            break;
        }
        w->st.sem_waits++;
        if (!GTREF_GET(dw, MI_SEMAPHORE_WAIT_POLL)) w->st.signal_waits++;
        break;
    case GTREF_CMD_MI_SEMAPHORE_SIGNAL:
        cr_assert(GTREF_GET(dw, MI_SEMAPHORE_SIGNAL_TARGET) != 5 && GTREF_GET(dw, MI_SEMAPHORE_SIGNAL_TARGET) != 15,
                  "seed %" PRIu64 ": target 5 or 15 (C32)", w->seed);
        if (GTREF_GET(dw, MI_SEMAPHORE_SIGNAL_TARGET) >= 4) w->st.signal_noeffect++;
        w->st.signals++;
        break;
    default: break;
    }
}

static void saw_bad(walker *w, int e, uint32_t dw0, bool in_batch)
{
    int k = bad_kind_of(dw0, e);
    cr_assert(k >= 0);
    w->st.bad_kind[k]++;
    if (in_batch) w->st.bad_batch++;
    else w->st.bad_ring++;
    w->st.bad_engines++;
    w->st.bad_on[e]++;
    w->eng[e].halted = true;
}

/* Run a batch of engine e at `level` (1 or 2), fetched through the space its start selects; false when the engine
 * halts in it (an illegal command, a hang-mode fault). A call of a second-level batch is walked and returns; a
 * predicated start may or may not jump: both paths are walked; MI_CONDITIONAL_BATCH_BUFFER_END may end the batch:
 * the rest is walked anyway (as commands that may not execute). A batch whose first line faults is an
 * instruction-fetch fault: only in hang mode, only on a path that surely executes, and the lines the parser may
 * prefetch after it are in the same page. */
static bool walk_batch(walker *w, int e, uint64_t addr, int level, bool select_ggtt, bool certain)
{
    gw_xlate first = xlate(w, e, select_ggtt, addr);
    used_translation(w, e, &first, addr, false);
    if (first.kind != GW_OK) {
        cr_assert(!gw_continue(&w->gw), "seed %" PRIu64 ": %s's batch at 0x%" PRIx64 " faults in continue mode", w->seed,
                  gtref_engines[e].name, addr);
        cr_assert(certain && !w->eng[e].pred_mode, "seed %" PRIu64 ": a faulting batch start that may not execute", w->seed);
        cr_assert_eq((addr + 191u) >> 12, addr >> 12, "seed %" PRIu64 ": the prefetch after the faulting line of 0x%" PRIx64
                     " reaches another page", w->seed, addr);
        w->st.fault_if++;
        w->st.fault_if_level[level]++;
        w->st.fault_hang[first.kind]++;
        w->st.fault_halts++;
        halt_engine(w, e);
        return false;
    }
    bool sure = certain;
    const uint64_t start = addr;
    for (int steps = 0; steps < 10000; steps++) {
        uint32_t dw[260];
        dw[0] = fetch(w, e, select_ggtt, addr, GTREF_SEG_BATCH);
        if (bad_kind_of(dw[0], e) >= 0) {
            saw_bad(w, e, dw[0], true);
            if (level == 2) w->st.bad_second++;
            return false;
        }
        const gtref_cmd_def *c = gtref_cmd_find(dw[0]);
        unsigned len = gtref_cmd_length(c, dw[0]);
        cr_assert(c->modelled, "seed %" PRIu64 ": %s is not modelled", w->seed, c->name);
        for (unsigned i = 1; i < len; i++) dw[i] = fetch(w, e, select_ggtt, addr + 4u * i, GTREF_SEG_BATCH);
        prefetch_ok(w, e, select_ggtt, addr + 4u * len);
        check_fields(w, e, c, dw, len, true);
        w->st.batch_cmds++;
        if (level == 2) w->st.second_cmds++;
        bool now = sure && !w->eng[e].pred_mode;
        w->np = !select_ggtt;   /* C10: select_ggtt is the batch's effective space: PPGTT = non-privileged */
        bool viol = w->np && g1_violation(c, dw, true);
        if (!exec_accesses(w, e, c, dw, len, true, now)) return false;
        w->np = false;
        if (viol && c->id == GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END) { addr += 4u * len; continue; }   /* ends nothing */
        if (c->id == GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END) sure = false;
        if (c->id == GTREF_CMD_MI_BATCH_BUFFER_END) return true;
        if (c->id == GTREF_CMD_MI_BATCH_BUFFER_START) {
            uint64_t to = (uint64_t)dw[2] << 32 | dw[1];
            bool call = level == 1 && (dw[0] & GTREF_BBS_2ND_LEVEL);
            bool pred = GTREF_GET(dw, MI_BATCH_BUFFER_START_PREDICATE) != 0;
            bool own = (dw[0] & GTREF_BBS_PPGTT) != 0;
            bool ggtt = select_ggtt && !own;   /* C10: its own bit OR this batch's effective bit */
            if (!select_ggtt && !own) {
                if (call) w->st.asi_second_inherit++;
                else w->st.asi_chain_inherit++;
            }
            if (call && select_ggtt && own) w->st.asi_second_ppgtt++;
            if (pred && !call && to == start) {   /* a predicated loop to its own start (pred_jump_pct) */
                w->st.pred_loops++;
                addr += 4u * len;
                continue;
            }
            if (call || pred) {
                if (!walk_batch(w, e, to, call ? 2 : level, ggtt, now && !pred)) return false;
                addr += 4u * len;
                continue;
            }
            addr = to;
            select_ggtt = ggtt;
            first = xlate(w, e, select_ggtt, addr);
            if (first.kind != GW_OK) return walk_batch(w, e, addr, level, select_ggtt, now);   /* a chain that faults */
            continue;
        }
        addr += 4u * len;
    }
    cr_assert_fail("seed %" PRIu64 ": a batch that never ends", w->seed);
    return false;
}

/* Execute engine e's submitted ring bytes as the engine would: whole commands before the tail; a command
 * that is not whole waits for the next TAIL write; an illegal command or a hang-mode fault halts the engine. */
static void walk_ring(walker *w, int e)
{
    eng_walk *g = &w->eng[e];
    while (g->avail && !g->halted) {
        uint32_t p = g->exec, dw[260];
        dw[0] = fetch(w, e, true, g->start + p, GTREF_SEG_RING);
        if (bad_kind_of(dw[0], e) >= 0) {
            saw_bad(w, e, dw[0], false);
            return;
        }
        const gtref_cmd_def *c = gtref_cmd_find(dw[0]);
        unsigned len = gtref_cmd_length(c, dw[0]);
        if (4u * len > g->avail) {          /* half submitted: the engine waits */
            w->st.tail_straddles++;
            return;
        }
        for (unsigned i = 1; i < len; i++) dw[i] = fetch(w, e, true, g->start + (p + 4u * i) % g->size, GTREF_SEG_RING);
        prefetch_ok(w, e, true, g->start + (p + 4u * len) % g->size);
        if (g->must_flush) {   /* after an idle remap its TLB may still hold: the flush comes first (GAM-12) */
            bool inval = c->id == GTREF_CMD_PIPE_CONTROL ? GTREF_GET(dw, PIPE_CONTROL_TLB_INVALIDATE) != 0
                       : c->id == GTREF_CMD_MI_FLUSH_DW ? GTREF_GET(dw, MI_FLUSH_DW_TLB_INVALIDATE) != 0 : false;
            cr_assert(inval && !g->pred_mode, "seed %" PRIu64 ": %s's TLB may hold a page the host remapped, and its next "
                      "command is %s, not a TLB-invalidating flush (docs/gam.md §5)", w->seed, gtref_engines[e].name, c->name);
            g->must_flush = false;
        }
        check_fields(w, e, c, dw, len, false);
        if (!g->visited[p / 4] && dw[0] != 0 && c->id != GTREF_CMD_MI_BATCH_BUFFER_END) w->st.distinct_non_noop[e]++;
        g->visited[p / 4] = 1;
        w->st.ring_cmds++;
        if (p + 4u * len > g->size) w->st.straddles++;
        if (p + 4u * len >= g->size) g->crossings++;
        g->exec = (p + 4u * len) % g->size;
        g->avail -= 4u * len;
        w->np = false;   /* the ring is privileged */
        if (!exec_accesses(w, e, c, dw, len, false, !g->pred_mode)) return;
        if (c->id == GTREF_CMD_MI_BATCH_BUFFER_START) {
            bool pred = GTREF_GET(dw, MI_BATCH_BUFFER_START_PREDICATE) != 0;
            if (!walk_batch(w, e, (uint64_t)dw[2] << 32 | dw[1], 1, !(dw[0] & GTREF_BBS_PPGTT), !pred && !g->pred_mode) && !pred)
                return;
        }
    }
}

/* The engine and register of an engine register's absolute offset, or -1. */
static int engine_reg(uint32_t off, uint32_t *rel)
{
    for (int e = 0; e < GTREF_MAX_ENGINES; e++)
        if (off >= gtref_engines[e].base && off < gtref_engines[e].base + 0x1000u) {
            *rel = off - gtref_engines[e].base;
            return e;
        }
    return -1;
}

/* A host mem_write (docs/gam.md §5): after a wait_idle with no submission since (every engine idle), any change,
 * checked afterwards through the TLBs' contents; otherwise only a remap of a present page of commands to an equal
 * copy. */
static void host_mem_write(walker *w, const gtref_host_op *o)
{
    uint64_t old = gw_read64(&w->gw, o->addr);
    cr_assert_eq(o->val, 0xFF, "seed %" PRIu64 ": a partial mem_write", w->seed);
    if (w->quiet) {
        w->st.quiet_remaps++;
    } else {
        uint64_t op = (old & GTREF_PTE_ADDR_MASK) >> 12, np = (o->data & GTREF_PTE_ADDR_MASK) >> 12;
        cr_assert((old & 1u) && (o->data & 1u) && is_cmd_page(w, op) && is_cmd_page(w, np) && same_page_content(w, op, np),
                  "seed %" PRIu64 ": mem_write 0x%" PRIx64 " = 0x%" PRIx64 " while engines run is not a remap of commands "
                  "to an equal copy", w->seed, o->addr, o->data);
        w->st.live_remaps++;
    }
    gw_mem_write(&w->gw, o);
    if (w->quiet) {
        w->remap = true;
        w->remap_pp |= !(o->addr >= GTREF_GSM_BASE && o->addr < GTREF_GSM_BASE + (GTREF_GGTT_RANGE >> 12) * 8u);
    }
}

/* A TLB entry of engine e that the tables no longer give, and not an equal copy of commands (a live remap). */
static bool stale_entry(walker *w, int e, const tlb_ent *t)
{
    gw_xlate x = xlate(w, e, t->ggtt, t->vpn << 12);
    if (x.kind == GW_OK && x.ggtt == t->ggtt && x.pa >> 12 == t->pfn) return false;
    return !(x.kind == GW_OK && is_cmd_page(w, t->pfn) && is_cmd_page(w, x.pa >> 12) && same_page_content(w, t->pfn, x.pa >> 12));
}

/* The first submission after an idle remap: what the host did invalidate (GFX_FLSH_CNTL, INSTPM) has left the TLB
 * model; an engine whose TLB may still hold a remapped page must start with its TLB-invalidating flush. */
static void remap_end(walker *w)
{
    bool flush = false;
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
        eng_walk *g = &w->eng[e];
        for (size_t i = 0; i < g->ntlb && !g->must_flush; i++) g->must_flush = stale_entry(w, e, &g->tlb[i]);
        flush |= g->must_flush;
    }
    if (w->remap_flsh && !w->remap_instpm && !w->remap_pp) w->st.flsh_ggtt_remaps++;
    if (w->remap_flsh && w->remap_pp) w->st.flsh_pp_remaps++;
    if (w->remap_instpm) w->st.instpm_remaps++;
    if (flush) w->st.flush_remaps++;
    w->remap = w->remap_pp = w->remap_flsh = w->remap_instpm = false;
}

/* GFX_FLSH_CNTL (GAM-21): every engine's GGTT entries go, certainly only for an engine that is idle. */
static void host_flsh_cntl(walker *w)
{
    bool busy = false;
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
        eng_walk *g = &w->eng[e];
        busy |= g->busy;
        if (g->busy) continue;
        size_t k = 0;
        for (size_t i = 0; i < g->ntlb; i++)
            if (!g->tlb[i].ggtt) g->tlb[k++] = g->tlb[i];
        g->ntlb = k;
    }
    w->st.flsh_writes++;
    if (busy) w->st.flsh_busy++;
    if (w->remap) w->remap_flsh = true;
}

/* A host write of engine e's INSTPM (GAM-22): bits 9 and 5 (with their enables) only while e is idle, and then e's
 * TLB is empty; at setup only other bits. */
static void host_instpm(walker *w, int e, uint32_t val)
{
    eng_walk *g = &w->eng[e];
    const uint32_t inval = GTREF_INSTPM_TLB_INVALIDATE | GTREF_INSTPM_SYNC_FLUSH;
    if (!(val & (inval | inval << 16))) {
        cr_assert(!g->enabled, "seed %" PRIu64 ": INSTPM of %s written after setup with 0x%x", w->seed, gtref_engines[e].name, val);
        w->st.instpm_setup++;
        return;
    }
    cr_assert((val & (inval | inval << 16)) == (inval | inval << 16), "seed %" PRIu64 ": INSTPM 0x%x sets bit 5 or 9 alone",
              w->seed, val);
    cr_assert(g->enabled && !g->busy, "seed %" PRIu64 ": INSTPM invalidation of %s while it may run (or at setup)", w->seed,
              gtref_engines[e].name);
    g->ntlb = 0;
    w->st.instpm_invals++;
    if (w->remap) w->remap_instpm = true;
}

static void walker_init(walker *w, const gtref_stim *s, uint64_t seed)
{
    memset(w, 0, sizeof *w);
    w->s = s;
    w->seed = seed;
    gw_init(&w->gw, s);
    for (size_t i = 0; i < s->nsegs; i++) {
        const gtref_segment *g = &s->segs[i];
        if (g->kind == GTREF_SEG_DATA) continue;
        for (uint64_t p = g->addr >> 12; p <= (g->addr + g->len - 1u) >> 12; p++) {
            w->cmd_pages = realloc(w->cmd_pages, (w->ncmd + 1) * sizeof *w->cmd_pages);
            cr_assert(w->cmd_pages);
            size_t k = w->ncmd;
            while (k && w->cmd_pages[k - 1] > p) k--;
            if (k && w->cmd_pages[k - 1] == p) continue;
            memmove(&w->cmd_pages[k + 1], &w->cmd_pages[k], (w->ncmd - k) * sizeof *w->cmd_pages);
            w->cmd_pages[k] = p;
            w->ncmd++;
        }
    }
    gw_xlate sem = xlate(w, 0, true, SEM_BASE);
    w->sem_pfn = sem.kind == GW_OK ? sem.pa >> 12 : ~0ull;
}

static void walker_free(walker *w)
{
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
        free(w->eng[e].visited);
        free(w->eng[e].tlb);
        free(w->eng[e].dpages[0]);
        free(w->eng[e].dpages[1]);
    }
    free(w->pu);
    free(w->cmd_pages);
    gw_free(&w->gw);
}

/* Walk the host program of a generated stimulus, checking every promise of the generator. */
static walk_stats walk_generated(const gtref_stim *s, uint64_t seed)
{
    walker w;
    walker_init(&w, s, seed);
    int last_tail_engine = -1;
    for (size_t i = 0; i < s->nops; i++) {
        const gtref_host_op *o = &s->ops[i];
        if (o->op != GTREF_HOST_WRITE) last_tail_engine = -1;
        if (o->op == GTREF_HOST_MEM_WRITE) host_mem_write(&w, o);
        if (o->op == GTREF_HOST_WAIT_IDLE) {
            w.quiet = true;
            for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
                cr_assert(w.eng[e].halted || !w.eng[e].avail, "seed %" PRIu64 ": wait_idle with %s half submitted", seed,
                          gtref_engines[e].name);
                w.eng[e].since_idle = 0;
                w.eng[e].halt_known |= w.eng[e].halted;
                w.eng[e].busy = false;
            }
        }
        if (o->op == GTREF_HOST_WAIT_IRQ) {
            w.st.irq_waits++;
            cr_assert_eq(o->cycles, 5000);
            bool isr = i + 1 < s->nops && s->ops[i + 1].op == GTREF_HOST_ISR;
            if (isr) w.st.isr_rounds++;
            cr_assert(isr || (i + 2 < s->nops && s->ops[i + 1].op == GTREF_HOST_READ &&
                      (s->ops[i + 1].off == GTREF_GT_INTR_DW0 || s->ops[i + 1].off == GTREF_GT_INTR_DW1) &&
                      s->ops[i + 2].op == GTREF_HOST_WRITE && s->ops[i + 2].off == s->ops[i + 1].off &&
                      __builtin_popcount(s->ops[i + 2].val) == 1),
                      "seed %" PRIu64 ": wait_irq not followed by the service routine or read + acknowledge of one GT_INTR_DW bit", seed);
        }
        if (o->op != GTREF_HOST_WRITE) continue;
        gw_host_write(&w.gw, o->off, o->val);
        /* the GAM's globals only at setup (docs/gam.md §5); fault registers: cleared, at any time */
        if (o->off == GTREF_CVS_TLB_LRA_0 || o->off == GTREF_CVS_TLB_LRA_1 || o->off == GTREF_CVS_TLB_LRA_2 ||
            o->off == GTREF_MIDARB_PRIO_NP || (o->off >= GTREF_MIDARB_GOTOFIELD_NP0 && o->off < GTREF_MIDARB_GOTOFIELD_NP0 + 16u) ||
            o->off == GTREF_GAB_CTL_REG || o->off == GTREF_MEDIA_MAX_REQ_COUNT) {
            cr_assert(!w.any_enabled, "seed %" PRIu64 ": the host writes GAM register 0x%x after setup", seed, o->off);
            if (o->off == GTREF_MEDIA_MAX_REQ_COUNT) {   /* small limits that bind (GAM-23) */
                for (int e = 0; e < GTREF_MAX_ENGINES; e++)
                    cr_assert_leq(e == 0 ? o->val >> 24 : e == 3 ? o->val >> 8 & 0x3Fu : o->val >> 16 & 0xFFu, 3u,
                                  "seed %" PRIu64 ": MEDIA_MAX_REQ_COUNT 0x%x: a limit above 3", seed, o->val);
                w.st.req_limit_writes++;
            }
            if (o->off == GTREF_CVS_TLB_LRA_0 || o->off == GTREF_CVS_TLB_LRA_1) {
                for (int k = 0; k < (o->off == GTREF_CVS_TLB_LRA_0 ? 2 : 1); k++) {
                    uint32_t r = o->val >> (16 * k);
                    cr_assert_leq(r & 0x1Fu, r >> 8 & 0x1Fu, "seed %" PRIu64 ": an LRA with min > max", seed);
                }
                w.st.lra_writes++;
            }
            if (o->off == GTREF_MIDARB_PRIO_NP) {
                for (int st = 0; st < 4; st++) cr_assert_leq(o->val >> (5 * st) & 7u, 5u, "seed %" PRIu64 ": a reserved priority code", seed);
                w.st.midarb_writes++;
            }
            if (o->off == GTREF_GAB_CTL_REG) w.st.gab_writes++;
        }
        if (o->off == GTREF_GFX_FLSH_CNTL) host_flsh_cntl(&w);
        if (o->off == GTREF_GFX_ENG_FR || o->off == GTREF_MEDIA_ENG_FR || o->off == GTREF_BLT_ENG_FR ||
            o->off == GTREF_GFX_ARB_ERROR_RPT) {
            cr_assert_eq(o->val, 0, "seed %" PRIu64 ": a fault register written with 0x%x, not cleared", seed, o->val);
            w.st.fr_clears++;
        }
        uint32_t rel = 0;
        int e = engine_reg(o->off, &rel);
        if (e < 0) continue;
        cr_assert(e < s->engines, "seed %" PRIu64 ": a write to %s, beyond engines %u", seed, gtref_engines[e].name, s->engines);
        eng_walk *g = &w.eng[e];
        if (rel == GTREF_RING_MODE || rel == GTREF_PDP0_LDW || rel == GTREF_PDP0_UDW || rel == GTREF_PP_DCLV) {
            cr_assert(!g->enabled, "seed %" PRIu64 ": %s's translation registers written while its ring runs", seed,
                      gtref_engines[e].name);
            if (rel == GTREF_RING_MODE) {
                cr_assert_eq(o->val, 0x02000200u, "seed %" PRIu64 ": RING_MODE 0x%x", seed, o->val);
                w.st.ppgtt_engines++;
            }
        } else if (rel == GTREF_RING_CTL) {
            cr_assert(!g->enabled, "seed %" PRIu64 ": RING_CTL written while the ring is enabled", seed);
            if (o->val & GTREF_CTL_ENABLE) {
                g->enabled = true;
                w.any_enabled = true;
                w.st.engines_used++;
                g->size = (((o->val >> GTREF_CTL_LEN_SHIFT) & GTREF_CTL_LEN_MAX) + 1u) * 4096u;
                w.st.ring_size[e] = g->size;
                /* the low layout's ring (1..4 pages), or a high_place_pct ring: any 4 KB page below 512 MB (BYT-REG
                 * L6536-6540: RING_START bits 31:29 zero), (RING_CTL[20:12] + 1) pages (docs/cycle-contract.md) */
                bool low = g->start == RING_BASE + (uint32_t)e * RING_STRIDE;
                cr_assert(g->size >= 4096 && g->size <= (low ? 4u : 512u) * 4096u, "seed %" PRIu64 ": a ring of %u bytes at 0x%x",
                          seed, g->size, g->start);
                cr_assert_eq(g->start & 0xE0000FFFu, 0, "seed %" PRIu64 ": RING_START 0x%x", seed, g->start);
                /* every page translates; a ring of more than 16 pages holds bytes only where its cycle is (the walk
                 * below fetches every command it executes) */
                for (uint32_t off = 0; off < g->size; off += 4096u) {
                    if (g->size <= 16u * 4096u) { (void)fetch(&w, e, true, g->start + off, GTREF_SEG_RING); continue; }
                    gw_xlate x = xlate(&w, e, true, g->start + off);
                    cr_assert(x.kind == GW_OK, "seed %" PRIu64 ": ring page 0x%x does not translate", seed, g->start + off);
                }
                prefetch_ok(&w, e, true, g->start + g->size);
                cr_assert(g->head_written && g->tail_written && g->head == g->tail, "seed %" PRIu64 ": ring enabled before HEAD = TAIL", seed);
                gw_xlate hx = gw_translate(&w.gw, e, true, g->hws & 0xFFFFF000u);
                cr_assert(hx.kind == GW_OK, "seed %" PRIu64 ": %s's status page 0x%x does not translate", seed, gtref_engines[e].name, g->hws);
                g->exec = g->head;
                g->visited = calloc(g->size / 4, 1);
            }
        } else if (rel == GTREF_RING_HEAD) {
            cr_assert(!g->enabled, "seed %" PRIu64 ": RING_HEAD written while the ring is enabled", seed);
            cr_assert_eq(o->val & ~GTREF_HEAD_OFFSET_MASK, 0);
            g->head = o->val;
            g->head_written = true;
        } else if (rel == GTREF_RING_START) {
            cr_assert(!g->enabled);
            g->start = o->val;
        } else if (rel == GTREF_HWS_PGA) {
            cr_assert(!g->enabled);
            g->hws = o->val;
        } else if (rel == GTREF_EMR) {
            cr_assert(!g->enabled, "seed %" PRIu64 ": EMR written by the host while the ring runs", seed);
            if (!(o->val & 1)) w.st.emr_host_unmask++;
            if (!(o->val & GTREF_ERR_PAGE_TABLE)) w.st.emr_pf_unmask++;
        } else if (rel == GTREF_INSTPM) {
            host_instpm(&w, e, o->val);
        } else if (rel == GTREF_RING_TAIL) {
            cr_assert_eq(o->val & 7u, 0, "seed %" PRIu64 ": tail 0x%x is not QWORD aligned", seed, o->val);
            cr_assert_eq(o->val & ~GTREF_TAIL_OFFSET_MASK, 0);
            if (!g->enabled) {
                g->tail = o->val;
                g->tail_written = true;
                continue;
            }
            w.quiet = false;
            g->busy = true;
            if (w.remap) remap_end(&w);
            cr_assert(o->val < g->size, "seed %" PRIu64 ": tail 0x%x beyond the ring", seed, o->val);
            uint32_t adv = (o->val + g->size - g->tail) % g->size;
            cr_assert(adv > 0, "seed %" PRIu64 ": a TAIL write that submits nothing", seed);
            if (last_tail_engine >= 0 && last_tail_engine != e) w.st.back_to_back++;
            last_tail_engine = e;
            g->avail += adv;
            w.st.traffic[e] += adv;
            /* unexecuted bytes: since the last wait_idle, where the engine had executed all it was given; once
             * a wait_idle has seen it halted, from its illegal command (where its head stays) */
            g->since_idle += adv;
            if (g->halt_known)
                cr_assert(g->avail <= g->size - 8, "seed %" PRIu64 ": the tail of halted %s laps its head", seed,
                          gtref_engines[e].name);
            else
                cr_assert(g->since_idle <= g->size - 8, "seed %" PRIu64 ": host op %zu would leave %" PRIu64
                          " unexecuted bytes in a ring of %u", seed, i, g->since_idle, g->size);
            walk_ring(&w, e);
            g->tail = o->val;
        }
    }
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
        eng_walk *g = &w.eng[e];
        if (!g->enabled) continue;
        cr_assert(g->halted || g->avail == 0, "seed %" PRIu64 ": %s ends with a command half submitted", seed,
                  gtref_engines[e].name);
        if (g->crossings) w.st.end_crossings++;
        if (g->crossings > 1) w.st.several_crossings++;
        if (g->ndpages[0] > 24 || g->ndpages[1] > 24) w.st.pressure_engines++;
    }
    /* memory: nobody writes commands or tables; each written page (but the semaphores) belongs to one engine,
     * and no other engine reads it */
    for (size_t k = 0; k < w.npu; k++) {
        const page_use *u = &w.pu[k];
        uint64_t pa = u->pfn << 12;
        bool gsm = pa >= GTREF_GSM_BASE && pa < GTREF_GSM_BASE + (GTREF_GGTT_RANGE >> 12) * 8u;
        cr_assert(!u->wr || (!u->table && !gsm && !is_cmd_page(&w, u->pfn)), "seed %" PRIu64 ": engines 0x%x write "
                  "page 0x%" PRIx64 ", which holds %s", seed, u->wr, pa, u->table || gsm ? "page tables" : "commands");
        if (u->pfn == w.sem_pfn) continue;
        cr_assert(__builtin_popcount(u->wr) <= 1 && (!u->wr || !(u->rd & ~u->wr)), "seed %" PRIu64 ": page 0x%" PRIx64
                  " is written by engines 0x%x and read by 0x%x", seed, pa, u->wr, u->rd);
    }
    cr_assert(w.st.engines_used >= 1, "seed %" PRIu64 ": no ring is ever enabled", seed);
    /* the end: idle, then reads */
    size_t k = s->nops;
    while (k && s->ops[k - 1].op == GTREF_HOST_READ) k--;
    cr_assert(k && s->ops[k - 1].op == GTREF_HOST_WAIT_IDLE && s->nops - k >= 3, "seed %" PRIu64 ": no final wait_idle + reads", seed);
    walk_stats st = w.st;
    walker_free(&w);
    return st;
}

/* ---- address translation coverage ---- */

static void gam_add(walk_stats *t, const walk_stats *st)
{
    t->ppgtt_engines += st->ppgtt_engines;
    t->ppgtt_accesses += st->ppgtt_accesses;
    t->ppgtt_fetches += st->ppgtt_fetches;
    t->pp_select_on_ggtt += st->pp_select_on_ggtt;
    t->nonidentity += st->nonidentity;
    t->aliased_pages += st->aliased_pages;
    for (int k = 0; k < GW_KINDS; k++) {
        t->fault_hang[k] += st->fault_hang[k];
        t->fault_cont[k] += st->fault_cont[k];
    }
    t->fault_if += st->fault_if;
    for (int l = 0; l < 3; l++) t->fault_if_level[l] += st->fault_if_level[l];
    t->fault_halts += st->fault_halts;
    t->quiet_remaps += st->quiet_remaps;
    t->live_remaps += st->live_remaps;
    t->stale_reads += st->stale_reads;
    t->tlb_invalidations += st->tlb_invalidations;
    t->pressure_engines += st->pressure_engines;
    t->lra_writes += st->lra_writes;
    t->midarb_writes += st->midarb_writes;
    t->gab_writes += st->gab_writes;
    t->fr_clears += st->fr_clears;
    t->emr_pf_unmask += st->emr_pf_unmask;
    t->flsh_writes += st->flsh_writes;
    t->flsh_busy += st->flsh_busy;
    t->flsh_ggtt_remaps += st->flsh_ggtt_remaps;
    t->flsh_pp_remaps += st->flsh_pp_remaps;
    t->instpm_invals += st->instpm_invals;
    t->instpm_remaps += st->instpm_remaps;
    t->flush_remaps += st->flush_remaps;
    t->instpm_setup += st->instpm_setup;
    t->req_limit_writes += st->req_limit_writes;
}

static void gam_log(const walk_stats *t, unsigned seeds)
{
    cr_log_info("translation over %u seeds: PPGTT engines %u, accesses %u, batch fetches %u, PPGTT-selecting on GGTT-only "
                "engines %u; GGTT remapped accesses %u; aliased pages %u; faults hang %u/%u/%u/%u/%u/%u/%u (IF %u: "
                "levels %u %u), continue %u/%u/%u/%u/%u/%u/%u; remaps idle %u, live %u (stale reads %u); certain TLB "
                "invalidations %u; TLB-pressure engines %u; LRA %u, MIDARB %u, GAB_CTL %u, FR clears %u, EMR[4] %u",
                seeds, t->ppgtt_engines, t->ppgtt_accesses, t->ppgtt_fetches, t->pp_select_on_ggtt, t->nonidentity,
                t->aliased_pages, t->fault_hang[0], t->fault_hang[1], t->fault_hang[2], t->fault_hang[3], t->fault_hang[4],
                t->fault_hang[5], t->fault_hang[6], t->fault_if, t->fault_if_level[1], t->fault_if_level[2],
                t->fault_cont[0], t->fault_cont[1], t->fault_cont[2], t->fault_cont[3], t->fault_cont[4], t->fault_cont[5],
                t->fault_cont[6], t->quiet_remaps, t->live_remaps, t->stale_reads, t->tlb_invalidations,
                t->pressure_engines, t->lra_writes, t->midarb_writes, t->gab_writes, t->fr_clears, t->emr_pf_unmask);
    cr_log_info("host invalidations over %u seeds: GFX_FLSH_CNTL %u (%u while engines may run), INSTPM %u; idle remaps "
                "invalidated by GFX_FLSH_CNTL alone (GGTT pages) %u, GFX_FLSH_CNTL with a PPGTT page %u, INSTPM %u, the "
                "engine's flush %u; INSTPM at setup %u; MEDIA_MAX_REQ_COUNT %u", seeds, t->flsh_writes, t->flsh_busy,
                t->instpm_invals, t->flsh_ggtt_remaps, t->flsh_pp_remaps, t->instpm_remaps, t->flush_remaps, t->instpm_setup,
                t->req_limit_writes);
}

/* The default configuration reaches every translation corner the GAM contract names. */
static void gam_expect_coverage(const walk_stats *t, unsigned seeds)
{
    cr_assert(t->ppgtt_engines > seeds / 2 && t->ppgtt_accesses > seeds && t->ppgtt_fetches > seeds,
              "PPGTT: %u engines, %u accesses, %u batch fetches", t->ppgtt_engines, t->ppgtt_accesses, t->ppgtt_fetches);
    cr_assert(t->pp_select_on_ggtt > seeds, "PPGTT-selecting accesses on engines without PPGTT: %u", t->pp_select_on_ggtt);
    cr_assert(t->nonidentity > seeds && t->aliased_pages > seeds / 10, "GGTT remaps %u, aliases %u", t->nonidentity, t->aliased_pages);
    for (int k = 0; k < GW_KINDS; k++)
        cr_assert(t->fault_hang[k] > 0 && t->fault_cont[k] > 0, "fault kind %d: %u in hang mode, %u in continue mode", k,
                  t->fault_hang[k], t->fault_cont[k]);
    cr_assert(t->fault_if_level[1] > 0 && t->fault_if_level[2] > 0, "instruction-fetch faults: %u first level, %u second",
              t->fault_if_level[1], t->fault_if_level[2]);
    cr_assert(t->quiet_remaps > seeds / 10 && t->live_remaps > seeds / 10, "remaps: %u idle, %u live", t->quiet_remaps, t->live_remaps);
    cr_assert(t->stale_reads > 0, "no live remap under a TLB entry");
    cr_assert(t->pressure_engines > seeds / 4, "TLB pressure on %u engines", t->pressure_engines);
    cr_assert(t->lra_writes > seeds / 5 && t->midarb_writes > seeds / 3 && t->gab_writes > seeds / 20 && t->fr_clears > 0 &&
              t->emr_pf_unmask > 0, "GAM setup: LRA %u, MIDARB %u, GAB_CTL %u, FR clears %u, EMR[4] %u", t->lra_writes,
              t->midarb_writes, t->gab_writes, t->fr_clears, t->emr_pf_unmask);
    cr_assert(t->flsh_ggtt_remaps > seeds / 10 && t->instpm_remaps > seeds / 20 && t->flush_remaps > seeds / 20,
              "idle remaps invalidated by GFX_FLSH_CNTL alone %u, with a PPGTT page %u, by INSTPM %u, by the flush %u",
              t->flsh_ggtt_remaps, t->flsh_pp_remaps, t->instpm_remaps, t->flush_remaps);
    cr_assert(t->flsh_busy > seeds / 10 && t->instpm_invals > t->instpm_remaps && t->instpm_setup > seeds / 5 &&
              t->req_limit_writes > seeds / 5, "GFX_FLSH_CNTL while engines run %u, INSTPM invalidations %u (remaps %u), "
              "INSTPM at setup %u, MEDIA_MAX_REQ_COUNT %u", t->flsh_busy, t->instpm_invals, t->instpm_remaps,
              t->instpm_setup, t->req_limit_writes);
}

Test(gen, generated_stimuli_are_legal_and_interesting)
{
    unsigned wrapped_traffic = 0, crossed_end = 0, straddled = 0, several = 0, multi_engine = 0, all_engines = 0;
    unsigned bad_seeds = 0, pages_seen[5] = { 0 }, rings = 0, split_seeds = 0, engine_seen[GTREF_MAX_ENGINES] = { 0 };
    walk_stats total = { 0 };
    for (uint64_t seed = 0; seed < SEEDS; seed++) {
        gtref_stim s;
        generate_ok(&s, seed);
        cr_assert(s.engines >= 1 && s.engines <= 4);
        cr_assert(s.lat.rd_lat_min >= 1 && s.lat.rd_lat_min <= 4);
        cr_assert(s.lat.rd_lat_max >= s.lat.rd_lat_min && s.lat.rd_lat_max <= 40);
        cr_assert(s.lat.req_ready_pct >= 30 && s.lat.req_ready_pct <= 100);
        cr_assert(s.hang_cycles == 3000 || s.hang_cycles == 20000);
        cr_assert_eq(s.max_cycles, 400000);
        walk_stats st = walk_generated(&s, seed);
        unsigned cmds = st.ring_cmds + st.batch_cmds;
        cr_assert(cmds <= 8000 * st.engines_used, "seed %" PRIu64 ": %u commands, too long a test", seed, cmds);
        multi_engine += st.engines_used > 1;
        all_engines += st.engines_used == 4;
        bad_seeds += st.bad_engines > 0;
        split_seeds += st.tail_straddles > 0;
        for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
            if (!st.ring_size[e]) continue;
            engine_seen[e]++;
            rings++;
            if (st.ring_size[e] <= 4 * 4096) pages_seen[st.ring_size[e] / 4096]++;   /* larger: high_place_pct rings */
            wrapped_traffic += st.ring_size[e] <= 4 * 4096 && st.traffic[e] > st.ring_size[e];
            cr_assert(st.distinct_non_noop[e] <= 4 * 200 + 12, "seed %" PRIu64 ": more than max_cmds draws", seed);
        }
        crossed_end += st.end_crossings;
        several += st.several_crossings;
        straddled += st.straddles > 0;
        total.qword4 += st.qword4;
        total.qword8 += st.qword8;
        total.bwd += st.bwd;
        total.chained += st.chained;
        total.ppgtt += st.ppgtt;
        total.irq_waits += st.irq_waits;
        total.user_irqs += st.user_irqs;
        total.batch_cmds += st.batch_cmds;
        total.bad_ring += st.bad_ring;
        total.bad_batch += st.bad_batch;
        total.bad_engines += st.bad_engines;
        for (int k = 0; k < GTREF_BAD_KINDS; k++) total.bad_kind[k] += st.bad_kind[k];
        for (int e = 0; e < GTREF_MAX_ENGINES; e++) total.bad_on[e] += st.bad_on[e];
        total.tail_straddles += st.tail_straddles;
        total.lri_gpr += st.lri_gpr;
        total.lri_own_other += st.lri_own_other;
        total.lri_ignored += st.lri_ignored;
        total.emr_host_unmask += st.emr_host_unmask;
        total.back_to_back += st.back_to_back;
        total.sem_writes += st.sem_writes;
        total.sem_waits += st.sem_waits;
        total.signal_waits += st.signal_waits;
        total.signals += st.signals;
        total.wdog_lris += st.wdog_lris;
        total.isr_rounds += st.isr_rounds;
        total.second_cmds += st.second_cmds;
        total.bad_second += st.bad_second;
        gam_add(&total, &st);
        gtref_stim_free(&s);
    }
    cr_log_info("gen coverage over %u seeds: >1 engine %u, all 4 %u; illegal in %u seeds (%u ring, %u batch; kinds "
                "opcode %u type %u length %u sdi %u lri %u; RCS0 %u BCS0 %u VCS0 %u VECS0 %u); TAIL inside a command in %u seeds (%u times); rings %u: "
                "1p %u 2p %u 3p %u 4p %u; head wraps %u, several %u; straddles in %u seeds; LRI gpr %u own-other %u "
                "ignored %u; EMR unmasked by host %u; back-to-back engine switches %u",
                SEEDS, multi_engine, all_engines, bad_seeds, total.bad_ring, total.bad_batch,
                total.bad_kind[GTREF_BAD_OPCODE], total.bad_kind[GTREF_BAD_TYPE], total.bad_kind[GTREF_BAD_LENGTH],
                total.bad_kind[GTREF_BAD_SDI], total.bad_kind[GTREF_BAD_LRI], total.bad_on[0], total.bad_on[1],
                total.bad_on[2], total.bad_on[3], split_seeds, total.tail_straddles, rings,
                pages_seen[1], pages_seen[2], pages_seen[3], pages_seen[4], crossed_end, several, straddled,
                total.lri_gpr, total.lri_own_other, total.lri_ignored, total.emr_host_unmask, total.back_to_back);
    /* several engines */
    cr_assert(multi_engine > SEEDS * 7 / 10, "more than one engine in only %u of %u seeds", multi_engine, SEEDS);
    cr_assert(all_engines > SEEDS * 6 / 10, "all four engines in only %u of %u seeds", all_engines, SEEDS);
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) cr_assert(engine_seen[e] > SEEDS * 7 / 10, "%s in only %u seeds", gtref_engines[e].name, engine_seen[e]);
    cr_assert(total.back_to_back > SEEDS, "only %u back-to-back submissions to different engines", total.back_to_back);
    /* illegal commands: a minority of seeds, in rings and in batches, of every kind */
    cr_assert(bad_seeds > SEEDS * 2 / 5 && bad_seeds < SEEDS * 4 / 5, "illegal commands in %u of %u seeds", bad_seeds, SEEDS);
    cr_assert(total.bad_second > 5, "only %u illegal commands in second-level batches", total.bad_second);
    cr_assert(total.sem_writes > SEEDS && total.sem_waits > SEEDS, "semaphores: %u writes, %u waits", total.sem_writes, total.sem_waits);
    cr_assert(total.signal_waits > SEEDS / 2 && total.signal_waits < total.sem_waits, "signal-mode waits: %u of %u",
              total.signal_waits, total.sem_waits);
    cr_assert(total.signals > SEEDS, "MI_SEMAPHORE_SIGNAL: %u", total.signals);
    cr_assert(total.wdog_lris > SEEDS / 4, "watchdog LRIs: %u", total.wdog_lris);
    cr_assert(total.isr_rounds > SEEDS / 2, "service routine rounds after wait_irq: %u", total.isr_rounds);
    cr_assert(total.second_cmds > SEEDS, "only %u commands in second-level batches", total.second_cmds);
    cr_assert(total.bad_ring > 5 && total.bad_batch > 5, "illegal commands: %u in rings, %u in batches", total.bad_ring, total.bad_batch);
    for (int k = 0; k < GTREF_BAD_KINDS; k++) cr_assert(total.bad_kind[k] > 0, "no illegal command of kind %d", k);
    for (int e = 0; e < GTREF_MAX_ENGINES; e++)
        cr_assert(total.bad_on[e] > 5, "only %u illegal commands on %s", total.bad_on[e], gtref_engines[e].name);
    cr_assert(total.emr_host_unmask > 0);
    /* TAIL corners and ring sizes */
    cr_assert(split_seeds > SEEDS / 10, "a TAIL inside a command in only %u seeds", split_seeds);
    cr_assert(pages_seen[2] && pages_seen[3] && pages_seen[4], "ring pages: %u x2, %u x3, %u x4", pages_seen[2], pages_seen[3], pages_seen[4]);
    cr_assert(pages_seen[1] > rings / 2 && pages_seen[1] < rings * 9 / 10, "%u 1-page rings of %u", pages_seen[1], rings);
    unsigned small = pages_seen[1] + pages_seen[2] + pages_seen[3] + pages_seen[4];   /* not high_place_pct's larger ones */
    cr_assert(rings - small > 0 && rings - small < rings / 4, "%u rings of more than 4 pages of %u", rings - small, rings);
    cr_assert(wrapped_traffic > small / 2, "ring traffic exceeds the ring size in only %u of %u rings", wrapped_traffic, small);
    cr_assert(crossed_end > rings * 6 / 10, "the head wraps in only %u of %u rings", crossed_end, rings);
    cr_assert(several > small / 10, "the head wraps several times in only %u rings", several);   /* laps: 1 page */
    cr_assert(straddled > SEEDS / 5, "a command straddles the ring end in only %u seeds", straddled);
    /* command fields */
    cr_assert(total.qword4 > 0 && total.qword8 > total.qword4, "qword stores: %u 4-aligned, %u 8-aligned", total.qword4, total.qword8);
    cr_assert(total.bwd > 0 && total.chained > 0 && total.ppgtt > 0 && total.irq_waits > 0 && total.batch_cmds > 0);
    cr_assert(total.user_irqs > total.irq_waits);
    cr_assert(total.lri_own_other > 0 && total.lri_ignored > 0 && total.lri_gpr > total.lri_own_other + total.lri_ignored,
              "LRI targets: %u CS_GPR, %u other own writable registers, %u own read-only (dropped, C6)", total.lri_gpr,
              total.lri_own_other, total.lri_ignored);
    gam_log(&total, SEEDS);
    gam_expect_coverage(&total, SEEDS);
}

/* Every corner turned up: the host program still keeps every rule (no tail lapping a head that has not yet
 * reached its illegal command, no wait_idle with a command half submitted, ...). */
Test(gen, corner_heavy_configs_keep_the_rules)
{
    gtref_gen_config c;
    test_ring_gen_defaults(&c);
    c.malformed_pct = 60;
    c.split_tail_pct = 60;
    c.multi_page_pct = 50;
    c.lri_other_pct = 50;
    c.back_to_back_pct = 70;
    unsigned bad = 0;
    for (uint64_t seed = 10000; seed < 11500; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        walk_stats st = walk_generated(&s, seed);
        bad += st.bad_engines;
        gtref_stim_free(&s);
    }
    cr_assert(bad > 500, "only %u engines with an illegal command", bad);
}

Test(gen, the_weights_and_command_counts_are_honoured)
{
    gtref_gen_config c;
    test_ring_gen_defaults(&c);
    c.w_noop = 0;
    c.w_lri = 0;
    c.w_batch = 0;
    c.w_user_irq = 0;
    c.w_math = c.w_atomic = c.w_predicate = c.w_set_predicate = c.w_lrr = c.w_lrm = c.w_srm = c.w_copy = 0;
    c.w_cond_end = c.w_hws = c.w_flush = c.w_sem_wait = c.w_arb = 0;
    c.w_sem_signal = c.w_watchdog = 0;
    c.max_sem_slots = 0;
    c.w_sdi = 1;
    c.min_cmds = c.max_cmds = 7;
    c.gen11_unit_pct = 0;   /* no Gen11 variant units: the draws are the SDIs asked for */
    c.malformed_pct = 0;
    c.ggtt_remap_pct = c.ppgtt_pct = c.fault_pct = c.remap_pct = c.live_remap_pct = 0;   /* identity GGTT, no copies */
    c.high_place_pct = 0;   /* a ring of more than 16 pages is written only where its cycle is: maybe two segments */
    for (uint64_t seed = 0; seed < 50; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        walk_stats st = walk_generated(&s, seed);
        for (int e = 0; e < GTREF_MAX_ENGINES; e++)
            if (st.ring_size[e])
                cr_assert_eq(st.distinct_non_noop[e], 7, "seed %" PRIu64 ": %u commands instead of 7", seed, st.distinct_non_noop[e]);
        cr_assert_eq(st.batch_cmds, 0);
        cr_assert_eq(st.user_irqs, 0);
        cr_assert_eq(st.irq_waits, 0);
        cr_assert_eq(st.bad_engines, 0);
        size_t segs = 0;   /* the GGTT's entries aside */
        for (size_t i = 0; i < s.nsegs; i++) segs += s.segs[i].addr < GTREF_GSM_BASE;
        cr_assert_eq(segs, 2 * st.engines_used, "no batches without batch weight: one ring and one data area per engine");
        gtref_stim_free(&s);
    }
}

Test(gen, engine_count_and_corner_knobs_are_honoured)
{
    gtref_gen_config c;
    test_ring_gen_defaults(&c);
    c.engines = 2;
    c.all_engines_pct = 100;
    c.multi_page_pct = 0;
    c.split_tail_pct = 0;
    c.malformed_pct = 0;
    c.lri_other_pct = 0;
    c.w_predicate = c.w_set_predicate = 0;   /* they load MI_PREDICATE_* by LRI */
    c.w_watchdog = 0;                        /* RCS0's watchdog LRIs are its own registers */
    c.nonpriv_pct = 0;                       /* non-privileged batches target other registers on purpose (and with
                                                it 0 no second level or chain has ppgtt either: C10) */
    c.pred_jump_pct = 0;                     /* it loads MI_PREDICATE_RESULT(_1) by LRI */
    c.high_place_pct = 0;                    /* its rings of 2..512 pages */
    for (uint64_t seed = 0; seed < 60; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        cr_assert_eq(s.engines, 2);
        walk_stats st = walk_generated(&s, seed);
        cr_assert_eq(st.engines_used, 2);
        cr_assert(st.ring_size[0] == 4096 && st.ring_size[1] == 4096);
        cr_assert_eq(st.bad_engines, 0);
        cr_assert_eq(st.tail_straddles, 0, "seed %" PRIu64 ": no TAIL inside a command without split tails", seed);
        cr_assert_eq(st.lri_own_other + st.lri_ignored, 0);
        gtref_stim_free(&s);
    }
    c.engines = 1;
    c.malformed_pct = 100;
    c.malformed_batch_pct = 0;
    c.fault_pct = 0;                         /* a hang-mode fault would take the engine's stopping command */
    for (uint64_t seed = 0; seed < 60; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        cr_assert_eq(s.engines, 1);
        walk_stats st = walk_generated(&s, seed);
        cr_assert_eq(st.bad_batch, 0);
        cr_assert_eq(st.bad_ring, 1, "seed %" PRIu64 ": every seed has its illegal command in the ring", seed);
        gtref_stim_free(&s);
    }
}

static uint64_t rng_source(void *r) { return gtref_rng_next(r); }

Test(gen, malformed_commands_of_every_kind_are_illegal)
{
    gtref_rng r;
    gtref_rng_seed(&r, 42);
    for (int k = 0; k < GTREF_BAD_KINDS; k++)
        for (int i = 0; i < 2000; i++) {
            uint32_t dw0;
            if (k == GTREF_BAD_ENGINE) {
                int e = i % GTREF_MAX_ENGINES;
                cr_assert_eq(gtref_gen_wrong_engine(e, rng_source, &r, &dw0), 0);
                cr_assert_eq(bad_kind_of(dw0, e), k, "wrong engine for %s made 0x%08x", gtref_engines[e].name, dw0);
                continue;
            }
            cr_assert_eq(gtref_gen_malformed((enum gtref_bad_kind)k, rng_source, &r, &dw0), 0);
            cr_assert_eq(bad_kind_of(dw0, 0), k, "kind %d made 0x%08x, which is kind %d", k, dw0, bad_kind_of(dw0, 0));
        }
}

Test(gen, bad_configs_are_refused)
{
    gtref_gen_config c;
    gtref_stim s;
    gtref_stim_init(&s);
    test_ring_gen_defaults(&c);
    c.engines = 0;
    cr_assert_neq(gtref_stim_generate(&s, 1, &c), 0, "0 engines");
    c.engines = 5;
    cr_assert_neq(gtref_stim_generate(&s, 1, &c), 0, "5 engines");
    test_ring_gen_defaults(&c);
    c.min_cmds = 10;
    c.max_cmds = 5;
    cr_assert_neq(gtref_stim_generate(&s, 1, &c), 0);
    test_ring_gen_defaults(&c);
    c.w_noop = c.w_lri = c.w_sdi = c.w_batch = c.w_user_irq = 0;
    c.w_math = c.w_atomic = c.w_predicate = c.w_set_predicate = c.w_lrr = c.w_lrm = c.w_srm = c.w_copy = 0;
    c.w_cond_end = c.w_hws = c.w_flush = c.w_sem_wait = c.w_arb = 0;
    c.w_sem_signal = c.w_watchdog = 0;
    cr_assert_neq(gtref_stim_generate(&s, 1, &c), 0);
    test_ring_gen_defaults(&c);
    c.max_ring_pages = 17;
    cr_assert_neq(gtref_stim_generate(&s, 1, &c), 0);
    test_ring_gen_defaults(&c);
    c.malformed_pct = 101;
    cr_assert_neq(gtref_stim_generate(&s, 1, &c), 0);
    cr_assert_eq(s.nsegs, 0);
    cr_assert_neq(gtref_stim_generate(&s, 1, NULL), 0);
    test_ring_gen_defaults(&c);
    cr_assert_eq(c.engines, 4);
    cr_assert_eq(c.min_cmds, 20);
    cr_assert_eq(c.max_cmds, 200);
    cr_assert_eq(c.max_ring_pages, 4);
    gtref_stim_free(&s);
}

/* ---- address translation knobs (docs/gam.md; docs/stimulus-format.md §3) ---- */

static unsigned faults_seen(const walk_stats *st)
{
    unsigned n = 0;
    for (int k = 0; k < GW_KINDS; k++) n += st->fault_hang[k] + st->fault_cont[k];
    return n;
}

/* Every GGTT entry of s is absent or maps its page to itself with only bit 0 besides the address. */
static void expect_identity_ggtt(const gtref_stim *s, uint64_t seed)
{
    for (size_t i = 0; i < s->nsegs; i++) {
        const gtref_segment *g = &s->segs[i];
        if (g->addr < GTREF_GSM_BASE) continue;
        cr_assert(g->addr % 8 == 0 && g->len % 8 == 0, "seed %" PRIu64 ": a partial GGTT entry", seed);
        for (uint32_t off = 0; off < g->len; off += 8) {
            uint64_t v = (uint64_t)dword_at(g, off + 4) << 32 | dword_at(g, off), vpn = (g->addr + off - GTREF_GSM_BASE) / 8u;
            cr_assert(v == 0 || v == (vpn << 12 | 1u), "seed %" PRIu64 ": GGTT entry of 0x%" PRIx64 " is 0x%" PRIx64, seed,
                      vpn << 12, v);
        }
    }
}

/* Each knob at 0 turns its corner off: no PPGTT (ppgtt_pct), no fault (fault_pct), and with every translation knob
 * at 0 an identity GGTT with no remap, alias, junk bit or GAM programming beyond what the others draw. */
Test(gen, translation_knobs_at_zero_turn_their_corners_off)
{
    gtref_gen_config c;
    test_ring_gen_defaults(&c);
    c.ppgtt_pct = 0;
    for (uint64_t seed = 0; seed < 80; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        walk_stats st = walk_generated(&s, seed);
        cr_assert(st.ppgtt_engines == 0 && st.ppgtt_accesses == 0 && st.ppgtt_fetches == 0, "seed %" PRIu64 ": PPGTT with "
                  "ppgtt_pct 0", seed);
        cr_assert(st.fault_hang[GW_DCLV] + st.fault_hang[GW_PTE] + st.fault_cont[GW_DCLV] + st.fault_cont[GW_PTE] == 0);
        gtref_stim_free(&s);
    }
    test_ring_gen_defaults(&c);
    c.fault_pct = 0;
    for (uint64_t seed = 0; seed < 80; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        walk_stats st = walk_generated(&s, seed);
        cr_assert(faults_seen(&st) == 0 && st.fault_halts == 0 && st.gab_writes == 0 && st.fr_clears == 0,
                  "seed %" PRIu64 ": a fault with fault_pct 0", seed);
        gtref_stim_free(&s);
    }
    test_ring_gen_defaults(&c);
    c.ggtt_remap_pct = c.alias_pct = c.pte_junk_pct = c.ppgtt_pct = c.remap_pct = c.live_remap_pct = 0;
    c.lra_pct = c.midarb_pct = c.fault_pct = 0;
    for (uint64_t seed = 0; seed < 80; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        walk_stats st = walk_generated(&s, seed);
        cr_assert(st.nonidentity == 0 && st.aliased_pages == 0 && st.quiet_remaps + st.live_remaps == 0 &&
                  faults_seen(&st) == 0 && st.ppgtt_engines == 0 && st.lra_writes + st.midarb_writes + st.gab_writes == 0,
                  "seed %" PRIu64 ": translation corners with every knob at 0", seed);
        expect_identity_ggtt(&s, seed);
        gtref_stim_free(&s);
    }
}

/* Every translation corner turned up: the walk's rules still hold, every fault kind comes in both modes, at both
 * batch levels for instruction fetches, and generation stays deterministic. */
Test(gen, translation_heavy_configs_keep_the_rules, .timeout = 240)
{
    gtref_gen_config c;
    test_ring_gen_defaults(&c);
    c.ggtt_remap_pct = c.alias_pct = c.pte_junk_pct = c.ppgtt_pct = 100;
    c.remap_pct = c.live_remap_pct = c.tlb_pressure_pct = 100;
    c.fault_pct = 100;
    c.fault_cmd_pct = 25;
    c.fault_if_pct = 50;
    walk_stats total = { 0 };
    for (uint64_t seed = 20000; seed < 20300; seed++) {
        gtref_stim s, t;
        gtref_stim_init(&s);
        gtref_stim_init(&t);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        walk_stats st = walk_generated(&s, seed);
        gam_add(&total, &st);
        if (seed % 10 == 0) {   /* same seed, same bytes */
            cr_assert_eq(gtref_stim_generate(&t, seed, &c), 0);
            uint8_t *a, *b;
            size_t na, nb;
            test_encode_ok(&s, &a, &na);
            test_encode_ok(&t, &b, &nb);
            cr_assert(na == nb && memcmp(a, b, na) == 0, "seed %" PRIu64 ": two generations differ", seed);
            free(a);
            free(b);
        }
        gtref_stim_free(&s);
        gtref_stim_free(&t);
    }
    gam_log(&total, 300);
    for (int k = 0; k < GW_KINDS; k++)
        cr_assert(total.fault_hang[k] >= 5 && total.fault_cont[k] >= 5, "fault kind %d: %u in hang mode, %u in continue mode",
                  k, total.fault_hang[k], total.fault_cont[k]);
    cr_assert(total.fault_if_level[1] >= 5 && total.fault_if_level[2] >= 5);
    cr_assert(total.quiet_remaps > 100 && total.live_remaps > 100 && total.aliased_pages > 100);
}

/* ---- host invalidations and admission limits (docs/gam.md GAM-21..23) ---- */

/* Every remap goes through an idle remap with the host's invalidations turned up: the walk's TLB model (GFX_FLSH_CNTL
 * drops GGTT entries only, INSTPM the engine's whole TLB) finds no stale page used and no engine that still needs its
 * flush starting without it; INSTPM is never an LRI target and is invalidated only while idle; MEDIA_MAX_REQ_COUNT
 * is written at setup only; generation stays deterministic. */
Test(gen, host_invalidations_and_limits_keep_the_rules, .timeout = 240)
{
    gtref_gen_config c;
    test_ring_gen_defaults(&c);
    c.remap_pct = 100;
    c.flsh_cntl_pct = 60;
    c.instpm_pct = 50;
    c.flsh_cntl_live_pct = c.instpm_setup_pct = c.req_limit_pct = 100;
    c.ppgtt_pct = c.ppgtt_engine_pct = 100;
    c.tlb_pressure_pct = 50;
    c.lri_other_pct = 60;                   /* many LRI targets besides the GPRs: INSTPM must never be one */
    walk_stats total = { 0 };
    for (uint64_t seed = 30000; seed < 30300; seed++) {
        gtref_stim s, t;
        gtref_stim_init(&s);
        gtref_stim_init(&t);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        walk_stats st = walk_generated(&s, seed);
        cr_assert_eq(st.req_limit_writes, 1, "seed %" PRIu64 ": MEDIA_MAX_REQ_COUNT written %u times", seed, st.req_limit_writes);
        gam_add(&total, &st);
        if (seed % 10 == 0) {   /* same seed, same bytes */
            cr_assert_eq(gtref_stim_generate(&t, seed, &c), 0);
            uint8_t *a, *b;
            size_t na, nb;
            test_encode_ok(&s, &a, &na);
            test_encode_ok(&t, &b, &nb);
            cr_assert(na == nb && memcmp(a, b, na) == 0, "seed %" PRIu64 ": two generations differ", seed);
            free(a);
            free(b);
        }
        gtref_stim_free(&s);
        gtref_stim_free(&t);
    }
    gam_log(&total, 300);
    cr_assert(total.flsh_ggtt_remaps > 100 && total.flsh_pp_remaps > 20 && total.instpm_remaps > 100 &&
              total.flush_remaps > 50, "idle remaps invalidated by GFX_FLSH_CNTL alone %u, with a PPGTT page %u, by INSTPM %u, "
              "by the flush %u", total.flsh_ggtt_remaps, total.flsh_pp_remaps, total.instpm_remaps, total.flush_remaps);
    cr_assert(total.flsh_busy > 100 && total.instpm_setup > 300, "GFX_FLSH_CNTL while engines run %u, INSTPM at setup %u",
              total.flsh_busy, total.instpm_setup);
}

/* Count the host writes of s to offset off (engine: any engine's register at that relative offset, when rel). */
static unsigned writes_to(const gtref_stim *s, uint32_t off, bool rel)
{
    unsigned n = 0;
    for (size_t i = 0; i < s->nops; i++) {
        if (s->ops[i].op != GTREF_HOST_WRITE) continue;
        for (int e = 0; e < (rel ? GTREF_MAX_ENGINES : 1); e++)
            n += s->ops[i].off == (rel ? gtref_engines[e].base + off : off);
    }
    return n;
}

/* Each knob at 0 turns its corner off: flsh_cntl_pct (no remap invalidated by GFX_FLSH_CNTL), flsh_cntl_live_pct too
 * (no GFX_FLSH_CNTL at all), instpm_pct (no INSTPM invalidation), instpm_setup_pct too (no INSTPM write at all),
 * req_limit_pct (no MEDIA_MAX_REQ_COUNT). */
Test(gen, host_invalidation_knobs_at_zero_turn_their_corners_off)
{
    for (int knob = 0; knob < 5; knob++) {
        gtref_gen_config c;
        test_ring_gen_defaults(&c);
        c.remap_pct = 100;
        c.flsh_cntl_pct = c.flsh_cntl_live_pct = c.instpm_pct = c.instpm_setup_pct = c.req_limit_pct = 100;
        switch (knob) {
        case 0: c.flsh_cntl_pct = 0; break;
        case 1: c.flsh_cntl_pct = c.flsh_cntl_live_pct = 0; break;
        case 2: c.instpm_pct = 0; break;
        case 3: c.instpm_pct = c.instpm_setup_pct = 0; break;
        default: c.req_limit_pct = 0; break;
        }
        unsigned flush_remaps = 0, instpm_remaps = 0;
        for (uint64_t seed = 0; seed < 60; seed++) {
            gtref_stim s;
            gtref_stim_init(&s);
            cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
            walk_stats st = walk_generated(&s, seed);
            flush_remaps += st.flush_remaps;
            instpm_remaps += st.instpm_remaps;
            switch (knob) {
            case 0: cr_assert_eq(st.flsh_ggtt_remaps + st.flsh_pp_remaps, 0, "seed %" PRIu64 ": a remap with GFX_FLSH_CNTL", seed); break;
            case 1: cr_assert_eq(writes_to(&s, GTREF_GFX_FLSH_CNTL, false), 0, "seed %" PRIu64 ": GFX_FLSH_CNTL written", seed); break;
            case 2: cr_assert_eq(st.instpm_invals, 0, "seed %" PRIu64 ": an INSTPM invalidation", seed); break;
            case 3: cr_assert_eq(writes_to(&s, GTREF_INSTPM, true), 0, "seed %" PRIu64 ": INSTPM written", seed); break;
            default: cr_assert_eq(writes_to(&s, GTREF_MEDIA_MAX_REQ_COUNT, false), 0, "seed %" PRIu64 ": MEDIA_MAX_REQ_COUNT written", seed); break;
            }
            gtref_stim_free(&s);
        }
        /* with flsh_cntl_pct 0 and instpm_pct 100 every remap is invalidated by INSTPM; with both off, by the flush */
        if (knob <= 1) cr_assert(instpm_remaps > 20 && flush_remaps == 0, "knob %d: INSTPM remaps %u, flush remaps %u", knob,
                                 instpm_remaps, flush_remaps);
        if (knob >= 2 && knob <= 3) cr_assert(instpm_remaps == 0 && flush_remaps > 0, "knob %d: INSTPM remaps %u, flush remaps %u",
                                              knob, instpm_remaps, flush_remaps);
    }
}

/* The cascade's registers (docs/gam.md GAM-27, GAM-28): GAC_ARB_CTL_REG or ARB_RO/R/WR_GAC_GAM0..3. */
static bool casc_reg(uint32_t off)
{
    return off == GTREF_GAC_ARB_CTL_REG || (off >= GTREF_ARB_RO_GAC_GAM0 && off < GTREF_ARB_RO_GAC_GAM0 + 48);
}

/* The stimulus's msgpack bytes with every host operation on a cascade register left out. */
static uint8_t *encode_without_casc(gtref_stim *s, size_t *len)
{
    size_t k = 0;
    for (size_t i = 0; i < s->nops; i++)
        if (!((s->ops[i].op == GTREF_HOST_WRITE || s->ops[i].op == GTREF_HOST_READ) && casc_reg(s->ops[i].off)))
            s->ops[k++] = s->ops[i];
    s->nops = k;
    uint8_t *b = NULL;
    cr_assert_eq(gtref_stim_encode(s, &b, len), 0);
    return b;
}

/* gac_gab_pct and gac_gam_pct (GAM-27, GAM-28): the cascade is programmed at setup, before the first ring is enabled
 * (docs/gam.md §5), GAC_ARB_CTL_REG with every enable and fixed side both ways and limits mostly 0..3; the draws come
 * from a stream of their own, so that a seed is otherwise the same stimulus with the knobs at 0 (casc_contend_pct 0). */
Test(gen, cascade_knobs_program_the_cascade_at_setup_and_leave_the_rest_of_the_seed_alone)
{
    gtref_gen_config on, off;
    test_ring_gen_defaults(&on);
    on.casc_contend_pct = 0;
    off = on;
    off.gac_gab_pct = off.gac_gam_pct = 0;
    on.gac_gab_pct = on.gac_gam_pct = 100;
    unsigned ctl_bits[32] = {0}, small_limits = 0, limits = 0, nctl = 0;
    for (uint64_t seed = 1; seed <= 80; seed++) {
        gtref_stim a, b;
        gtref_stim_init(&a);
        gtref_stim_init(&b);
        cr_assert_eq(gtref_stim_generate(&a, seed, &on), 0);
        cr_assert_eq(gtref_stim_generate(&b, seed, &off), 0);
        cr_assert_eq(writes_to(&b, GTREF_GAC_ARB_CTL_REG, false), 0);
        cr_assert_eq(writes_to(&a, GTREF_GAC_ARB_CTL_REG, false), 1, "seed %" PRIu64, seed);
        for (uint32_t r = 0; r < 12; r++)
            cr_assert_eq(writes_to(&a, GTREF_ARB_RO_GAC_GAM0 + 4u * r, false), 1, "seed %" PRIu64 " register %u", seed, r);
        bool enabled = false;
        for (size_t i = 0; i < a.nops; i++) {
            const gtref_host_op *o = &a.ops[i];
            if (o->op != GTREF_HOST_WRITE) continue;
            for (int e = 0; e < GTREF_MAX_ENGINES; e++)
                if (o->off == gtref_engines[e].base + GTREF_RING_CTL && (o->val & 1u)) enabled = true;
            if (!casc_reg(o->off)) continue;
            cr_assert(!enabled, "seed %" PRIu64 ": cascade register 0x%05x written after a ring was enabled", seed, o->off);
            if (o->off != GTREF_GAC_ARB_CTL_REG) continue;
            nctl++;
            for (int k = 0; k < 32; k++) ctl_bits[k] += o->val >> k & 1u;
            const uint32_t lim[3] = { o->val >> 24 & 0x3Fu, o->val >> 16 & 0x1Fu, o->val >> 8 & 0x1Fu };
            for (int k = 0; k < 3; k++) { limits++; small_limits += lim[k] <= 3; }
        }
        size_t la, lb;
        uint8_t *ea = encode_without_casc(&a, &la), *eb = encode_without_casc(&b, &lb);
        cr_assert(la == lb && memcmp(ea, eb, la) == 0, "seed %" PRIu64 ": the cascade knobs changed the rest of the stimulus", seed);
        free(ea);
        free(eb);
        gtref_stim_free(&a);
        gtref_stim_free(&b);
    }
    /* WR enable [31], RO enable [23] and fixed side [22], R enable [15] and fixed side [14]: set and clear */
    static const int fields[] = { 31, 23, 22, 15, 14 };
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++)
        cr_assert(ctl_bits[fields[k]] > nctl / 5 && ctl_bits[fields[k]] < nctl - nctl / 5, "bit %d set in %u of %u",
                  fields[k], ctl_bits[fields[k]], nctl);
    cr_assert(small_limits * 10 >= limits * 8, "limits 0..3: %u of %u", small_limits, limits);
}

/* casc_contend_pct: BCS0, VCS0 and VECS0 are all driven (each has work submitted), with more data reads and writes
 * (LRM, MI_COPY_MEM_MEM, SRM) in their rings than RCS0's; 0 leaves the engine choice to all_engines_pct. */
Test(gen, contending_seeds_drive_gab_and_gac_with_data_heavy_streams)
{
    gtref_gen_config c;
    test_ring_gen_defaults(&c);
    c.casc_contend_pct = 100;
    c.all_engines_pct = 0;   /* a proper subset unless contending */
    unsigned data_cmds[GTREF_MAX_ENGINES] = {0}, cmds[GTREF_MAX_ENGINES] = {0};
    for (uint64_t seed = 1; seed <= 40; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        for (int e = 1; e < 4; e++) {
            bool submitted = false;
            for (size_t i = 0; i < s.nops; i++)
                submitted |= s.ops[i].op == GTREF_HOST_WRITE && s.ops[i].off == gtref_engines[e].base + GTREF_RING_TAIL &&
                             s.ops[i].val != 0 && i > 0;
            cr_assert(submitted, "seed %" PRIu64 ": %s not driven", seed, gtref_engines[e].name);
        }
        for (size_t g = 0; g < s.nsegs; g++) {
            const gtref_segment *seg = &s.segs[g];
            if (seg->kind != GTREF_SEG_RING) continue;
            int e = (int)((seg->addr - 0x00100000u) / 0x10000u);
            if (e < 0 || e >= GTREF_MAX_ENGINES) continue;
            for (size_t off = 0; off + 4 <= seg->len; off += 4) {
                uint32_t dw = (uint32_t)seg->bytes[off] | (uint32_t)seg->bytes[off + 1] << 8 |
                              (uint32_t)seg->bytes[off + 2] << 16 | (uint32_t)seg->bytes[off + 3] << 24;
                const gtref_cmd_def *d = dw ? gtref_cmd_find(dw) : NULL;
                if (!d) continue;
                cmds[e]++;
                data_cmds[e] += d->id == GTREF_CMD_MI_LOAD_REGISTER_MEM || d->id == GTREF_CMD_MI_COPY_MEM_MEM ||
                                d->id == GTREF_CMD_MI_STORE_REGISTER_MEM;
            }
        }
        gtref_stim_free(&s);
    }
    /* counted over every dword that decodes as a command (operands too): a rough share, far apart */
    for (int e = 1; e < 4; e++)
        cr_assert(data_cmds[e] * cmds[0] > 2 * data_cmds[0] * cmds[e], "%s: %u of %u, RCS0: %u of %u",
                  gtref_engines[e].name, data_cmds[e], cmds[e], data_cmds[0], cmds[0]);
}

/* The longest run of MI_USER_INTERRUPT dwords in a ring segment (segments are physical pages: a run may be split
 * where the ring wraps). */
static unsigned user_irq_run(const gtref_stim *s)
{
    unsigned best = 0, run = 0;
    uint32_t user = gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_USER_INTERRUPT], 1);
    for (size_t g = 0; g < s->nsegs; g++) {
        const gtref_segment *seg = &s->segs[g];
        if (seg->kind != GTREF_SEG_RING) continue;
        for (size_t off = 0; off + 4 <= seg->len; off += 4) {
            uint32_t dw = (uint32_t)seg->bytes[off] | (uint32_t)seg->bytes[off + 1] << 8 |
                          (uint32_t)seg->bytes[off + 2] << 16 | (uint32_t)seg->bytes[off + 3] << 24;
            run = dw == user ? run + 1 : 0;
            if (run > best) best = run;
        }
    }
    return best;
}

/* The rounds of interrupt bursts (irq_burst_pct): an ISR, then RING_TAIL writes of two or more engines one right
 * after the other, lowest engine first, then a wait for idle. *engines: the engines of the last round (a mask). */
static unsigned burst_rounds(const gtref_stim *s, unsigned *engines)
{
    unsigned rounds = 0;
    for (size_t i = 0; i < s->nops; i++) {
        if (s->ops[i].op != GTREF_HOST_ISR) continue;
        unsigned mask = 0;
        int last = -1;
        size_t j = i + 1;
        for (; j < s->nops && s->ops[j].op == GTREF_HOST_WRITE; j++) {
            int e = -1;
            for (int k = 0; k < GTREF_MAX_ENGINES; k++)
                if (s->ops[j].off == gtref_engines[k].base + GTREF_RING_TAIL) e = k;
            if (e < 0 || (mask >> e & 1)) break;
            if (last >= 0 && e < (int)__builtin_ctz(mask)) break;   /* the run's engine (the lowest) comes first */
            mask |= 1u << e;
            last = e;
        }
        if (__builtin_popcount(mask) >= 2 && j < s->nops && s->ops[j].op == GTREF_HOST_WAIT_IDLE) {
            rounds++;
            *engines = mask;
        }
    }
    return rounds;
}

/* Seed `seed` generated with `on` into a and with `off` into b (both to be freed); true when the two stimuli encode
 * byte for byte the same: how a knob of its own stream is shown to leave the seeds where it misses alone. */
static bool generate_both(uint64_t seed, const gtref_gen_config *on, const gtref_gen_config *off, gtref_stim *a,
                          gtref_stim *b)
{
    gtref_stim_init(a);
    gtref_stim_init(b);
    cr_assert_eq(gtref_stim_generate(a, seed, on), 0, "seed %" PRIu64, seed);
    cr_assert_eq(gtref_stim_generate(b, seed, off), 0, "seed %" PRIu64, seed);
    return test_stim_encoded_equal(a, b);
}

/* irq_burst_pct draws from a stream of its own, and only in the seeds where it fires: every other seed is byte for
 * byte the stimulus it is with the knob at 0; the seeds where it fires end with 2..6 rounds of bursts (counted here
 * with the pattern, which the main part may happen to show too) and stay legal. */
Test(gen, irq_bursts_leave_the_seeds_where_they_do_not_fire_alone)
{
    gtref_gen_config on, off;
    test_ring_gen_defaults(&on);
    on.irq_race_pct = 0;   /* its race writes sit between a round's RING_TAIL writes and its wait (irq_race_pct's test) */
    on.irq_dense_pct = 0;  /* and so do irq_dense_pct's (its own test) */
    off = on;
    off.irq_burst_pct = 0;
    unsigned fired = 0, seeds = 100;
    for (uint64_t seed = 1; seed <= seeds; seed++) {
        gtref_stim a, b;
        bool same = generate_both(seed, &on, &off, &a, &b);
        unsigned engines = 0, rounds = burst_rounds(&a, &engines);
        if (!same) {
            fired++;
            cr_assert_geq(rounds, 2, "seed %" PRIu64 ": the stimulus changed with %u burst rounds", seed, rounds);
            cr_assert_geq(user_irq_run(&a), 4, "seed %" PRIu64 ": no run", seed);
            gtref_lint_violation v[1];
            cr_assert_eq(gtref_stim_lint(&a, NULL, 0, v, 1), 0, "seed %" PRIu64 ": %s: %s", seed, v[0].where, v[0].found);
        }
        gtref_stim_free(&a);
        gtref_stim_free(&b);
    }
    cr_assert(fired >= seeds / 20 && fired <= seeds / 3, "bursts in %u of %u seeds", fired, seeds);
}

/* irq_burst_pct 100: every seed of engines that never stop ends with 2..6 rounds in which the host services, then
 * writes every engine's RING_TAIL back to back (RCS0's run first), then waits for idle; every stimulus is legal. */
Test(gen, irq_burst_seeds_submit_user_interrupt_bursts_back_to_back)
{
    gtref_gen_config c;
    test_ring_gen_defaults(&c);
    c.irq_burst_pct = 100;
    c.irq_race_pct = 0;   /* the rounds alone (irq_race_pct puts race writes inside them) */
    c.irq_dense_pct = 0;  /* (and so does irq_dense_pct) */
    c.all_engines_pct = 100;
    c.malformed_pct = 0;
    c.fault_pct = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        gtref_lint_violation v[1];
        cr_assert_eq(gtref_stim_lint(&s, NULL, 0, v, 1), 0, "seed %" PRIu64 ": %s: %s", seed, v[0].where, v[0].found);
        unsigned engines = 0, rounds = burst_rounds(&s, &engines);
        cr_assert_geq(rounds, 2, "seed %" PRIu64 ": %u burst rounds", seed, rounds);
        cr_assert_eq(engines, (1u << c.engines) - 1u, "seed %" PRIu64 ": engines 0x%x", seed, engines);
        cr_assert_geq(user_irq_run(&s), 4, "seed %" PRIu64 ": no run", seed);
        gtref_stim_free(&s);
    }
}

/* The Gen11 variant knobs draw from a stream of their own: with every knob at 0, gen11_unit_pct changes nothing (a
 * seed whose knobs all miss is the stimulus it is with them at 0). */
Test(gen, gen11_variant_knobs_at_zero_leave_the_stimulus_alone)
{
    gtref_gen_config a, b;
    test_ring_gen_defaults(&a);
    a.cs_mmio_pct = a.math_load1_pct = a.pred_jump_pct = a.atomic_forms_pct = a.cbbe_pct = a.sig_target_pct = 0;
    a.nonpriv_entries_pct = a.sdi2_pct = a.reg_poll_pct = a.long_lri_pct = 0;
    b = a;
    a.gen11_unit_pct = 0;
    b.gen11_unit_pct = 100;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        gtref_stim x, y;
        gtref_stim_init(&x);
        gtref_stim_init(&y);
        cr_assert_eq(gtref_stim_generate(&x, seed, &a), 0);
        cr_assert_eq(gtref_stim_generate(&y, seed, &b), 0);
        size_t lx, ly;
        uint8_t *ex = NULL, *ey = NULL;
        cr_assert_eq(gtref_stim_encode(&x, &ex, &lx), 0);
        cr_assert_eq(gtref_stim_encode(&y, &ey, &ly), 0);
        cr_assert(lx == ly && memcmp(ex, ey, lx) == 0, "seed %" PRIu64 ": the stimulus changed", seed);
        free(ex);
        free(ey);
        gtref_stim_free(&x);
        gtref_stim_free(&y);
    }
}

/* sem_burst_pct draws from a stream of its own: a seed where it misses is byte for byte the stimulus it is with the
 * knob at 0; a seed where it fires differs (its bursts), and both kinds occur at 50 %. */
Test(gen, sem_burst_knob_misses_leave_the_stimulus_alone)
{
    gtref_gen_config a, b;
    test_ring_gen_defaults(&a);
    b = a;
    a.sem_burst_pct = 0;
    b.sem_burst_pct = 50;
    unsigned same = 0, differ = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        gtref_stim x, y;
        gtref_stim_init(&x);
        gtref_stim_init(&y);
        cr_assert_eq(gtref_stim_generate(&x, seed, &a), 0);
        cr_assert_eq(gtref_stim_generate(&y, seed, &b), 0);
        size_t lx, ly;
        uint8_t *ex = NULL, *ey = NULL;
        cr_assert_eq(gtref_stim_encode(&x, &ex, &lx), 0);
        cr_assert_eq(gtref_stim_encode(&y, &ey, &ly), 0);
        if (lx == ly && memcmp(ex, ey, lx) == 0) same++;
        else differ++;
        gtref_lint_violation v[1];
        cr_assert_eq(gtref_stim_lint(&y, NULL, 0, v, 1), 0, "seed %" PRIu64 ": %s: %s", seed, v[0].where, v[0].found);
        free(ex);
        free(ey);
        gtref_stim_free(&x);
        gtref_stim_free(&y);
    }
    cr_assert(same >= 5 && differ >= 5, "%u seeds the same, %u different", same, differ);
}

/* Every Gen11 variant knob at 100: the stimuli keep the generator's rules (the walk) and reach each variant: CS MMIO
 * bits on LRI/LRM/SRM and LRR's three forms (C38), LOAD1 (C21), predicated loops on RCS0 (C17), MI_ATOMIC 5 and 7
 * dwords and return data (C28), CBBE without semaphore and in mask mode (C26), two-dword SDIs (C35), LRIs longer than
 * 6 pairs (C36), register-poll waits on an engine's own register only (C33, C14), signal targets 4..14 (C32). */
Test(gen, gen11_variant_knobs_reach_their_variants)
{
    gtref_gen_config c;
    test_ring_gen_defaults(&c);
    c.cs_mmio_pct = c.math_load1_pct = c.pred_jump_pct = c.atomic_forms_pct = c.cbbe_pct = c.sig_target_pct = 100;
    c.nonpriv_entries_pct = c.sdi2_pct = c.reg_poll_pct = c.long_lri_pct = 100;
    walk_stats t;
    memset(&t, 0, sizeof t);
    for (uint64_t seed = 1; seed <= 40; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        walk_stats st = walk_generated(&s, seed);
        for (int k = 0; k < 6; k++) t.cs_mmio[k] += st.cs_mmio[k];
        t.load1 += st.load1;
        t.atomic_len[5] += st.atomic_len[5];
        t.atomic_len[7] += st.atomic_len[7];
        t.atomic_len[3] += st.atomic_len[3];
        t.atomic_ret += st.atomic_ret;
        t.cbbe_nosem += st.cbbe_nosem;
        t.cbbe_mask += st.cbbe_mask;
        t.sdi2 += st.sdi2;
        t.long_lris += st.long_lris;
        t.pred_loops += st.pred_loops;
        t.result1_lrr += st.result1_lrr;
        t.reg_poll_own += st.reg_poll_own;
        t.reg_poll_other += st.reg_poll_other;
        t.signal_noeffect += st.signal_noeffect;
        gtref_stim_free(&s);
    }
    for (int k = 0; k < 6; k++) cr_assert_gt(t.cs_mmio[k], 0, "cs_mmio form %d", k);
    cr_assert_gt(t.load1, 0);
    cr_assert_gt(t.atomic_len[5], 0);
    cr_assert_gt(t.atomic_len[7], 0);
    cr_assert_gt(t.atomic_len[3], 0);
    cr_assert_gt(t.atomic_ret, 0);
    cr_assert_gt(t.cbbe_nosem, 0);
    cr_assert_gt(t.cbbe_mask, 0);
    cr_assert_gt(t.sdi2, 0);
    cr_assert_gt(t.long_lris, 0);
    cr_assert_gt(t.pred_loops, 0);
    cr_assert_gt(t.result1_lrr, 0);
    cr_assert_gt(t.reg_poll_own, 0);
    cr_assert_eq(t.reg_poll_other, 0, "C14: a register-poll wait on another engine's register is unimplemented");
    cr_assert_gt(t.signal_noeffect, 0);
}

/* Issue 16 round 2 over the default seeds 1..200 (the seeds the default regression runs): privilege violations of
 * every G1 kind from non-privileged batches (priv_violation_pct, C41), hosts that clear EMR bit 2, chains and second
 * levels whose effective ASI (C10) comes from their parent, second levels with ASI 1 from a GGTT first level. The
 * walk checks on the way that every register access is the issuing engine's own (C6, C14), that no PDPE/PDE has bit
 * 7 set (G4) and that no MI_SET_CONTEXT is legal anywhere (C12). The counts are seeds with at least one. */
Test(gen, round2_features_over_the_default_seeds)
{
    gtref_gen_config c;
    test_ring_gen_defaults(&c);
    static const struct { int cmd; const char *name; } kinds[] = {
        { GTREF_CMD_MI_STORE_DATA_IMM, "SDI" }, { GTREF_CMD_MI_STORE_REGISTER_MEM, "SRM" },
        { GTREF_CMD_MI_LOAD_REGISTER_MEM, "LRM" }, { GTREF_CMD_MI_COPY_MEM_MEM, "COPY" },
        { GTREF_CMD_MI_ATOMIC, "ATOMIC" }, { GTREF_CMD_MI_SEMAPHORE_WAIT, "SEM_WAIT" },
        { GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END, "CBBE" }, { GTREF_CMD_MI_FLUSH_DW, "FLUSH_DW" },
        { GTREF_CMD_PIPE_CONTROL, "PIPE_CONTROL" },
    };
    enum { NK = sizeof kinds / sizeof kinds[0] };
    unsigned seeds_kind[NK] = { 0 }, per_eng[NK][GTREF_MAX_ENGINES] = { { 0 } }, any_viol = 0, emr2 = 0, chain_inh = 0, second_inh = 0, second_pp = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        walk_stats st = walk_generated(&s, seed);
        bool any = false;
        for (int k = 0; k < NK; k++) {
            bool hit = false;
            for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
                per_eng[k][e] += st.priv_viol[kinds[k].cmd][e] > 0;
                hit |= st.priv_viol[kinds[k].cmd][e] > 0;
            }
            seeds_kind[k] += hit;
            any |= hit;
        }
        any_viol += any;
        chain_inh += st.asi_chain_inherit > 0;
        second_inh += st.asi_second_inherit > 0;
        second_pp += st.asi_second_ppgtt > 0;
        bool e2 = false;
        for (size_t i = 0; i < s.nops; i++) {
            int re = -2;
            const gtref_host_op *o = &s.ops[i];
            if (o->op == GTREF_HOST_WRITE && gtref_reg_lookup(o->off, GTREF_MAX_ENGINES, &re) && re >= 0 &&
                o->off == gtref_engines[re].base + GTREF_EMR && !(o->val & 4u))
                e2 = true;
        }
        emr2 += e2;
        gtref_stim_free(&s);
    }
    cr_log_info("round 2 over seeds 1..200: seeds with a G1 violation %u (SDI %u, SRM %u, LRM %u, COPY %u, ATOMIC %u, "
                "SEM_WAIT %u, CBBE %u, FLUSH_DW %u, PIPE_CONTROL %u); host clears EMR bit 2 %u; chain with ASI 0 from a "
                "PPGTT batch %u; second level ASI 0 from a PPGTT first level %u; second level ASI 1 from a GGTT first "
                "level %u", any_viol, seeds_kind[0], seeds_kind[1], seeds_kind[2], seeds_kind[3], seeds_kind[4],
                seeds_kind[5], seeds_kind[6], seeds_kind[7], seeds_kind[8], emr2, chain_inh, second_inh, second_pp);
    for (int k = 0; k < NK; k++) {
        cr_log_info("  %s violations: seeds per engine RCS0 %u, BCS0 %u, VCS0 %u, VECS0 %u", kinds[k].name, per_eng[k][0],
                    per_eng[k][1], per_eng[k][2], per_eng[k][3]);
        for (int e = 0; e < GTREF_MAX_ENGINES; e++)   /* the coverage bins per engine (MI_FLUSH_DW off RCS0, PIPE_CONTROL on it) */
            if (kinds[k].cmd == GTREF_CMD_MI_FLUSH_DW ? e != 0 : kinds[k].cmd == GTREF_CMD_PIPE_CONTROL ? e == 0 : 1)
                cr_assert_gt(per_eng[k][e], 0, "no seed with a %s violation on %s", kinds[k].name, gtref_engines[e].name);
    }
    cr_assert_gt(any_viol, 20);
    cr_assert_gt(emr2, 10);
    cr_assert_gt(chain_inh, 0);
    cr_assert_gt(second_inh, 0);
    cr_assert_gt(second_pp, 0);
    /* without the knob no non-privileged batch selects the GGTT (G1: every such access would be a violation) */
    c.priv_violation_pct = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        walk_stats st = walk_generated(&s, seed);
        for (int k = 0; k < GTREF_CMD_COUNT; k++)
            for (int e = 0; e < GTREF_MAX_ENGINES; e++)
                cr_assert_eq(st.priv_viol[k][e], 0, "seed %" PRIu64 ": a G1 violation (%s) with priv_violation_pct 0",
                             seed, gtref_cmds[k].name);
        gtref_stim_free(&s);
    }
}

/* space_meet_pct draws from a stream of its own: at 50, each seed is the stimulus it is at 0 (the knob missed) or the
 * one it is at 100 (it fired), and both happen; at 100 the seeds with a PPGTT engine change (docs/stimulus-format.md
 * §3), the others stay as they are at 0. */
static uint8_t *encoded(uint64_t seed, const gtref_gen_config *c, size_t *len)
{
    gtref_stim s;
    gtref_stim_init(&s);
    cr_assert_eq(gtref_stim_generate(&s, seed, c), 0, "seed %" PRIu64, seed);
    uint8_t *e = NULL;
    cr_assert_eq(gtref_stim_encode(&s, &e, len), 0);
    gtref_stim_free(&s);
    return e;
}

/* A knob with a random stream of its own (docs/stimulus-format.md §3), one seed: the stimulus with the knob at 50 % is
 * byte for byte the one at 0 (the knob missed) or the one at 100 (it fired); *missed or *fired counts which. Returns
 * whether the knob at 100 changed the seed at all. */
static bool own_stream_seed(uint64_t seed, const gtref_gen_config *at0, const gtref_gen_config *at50,
                            const gtref_gen_config *at100, unsigned *missed, unsigned *fired)
{
    size_t la, lb, lc;
    uint8_t *ea = encoded(seed, at0, &la), *eb = encoded(seed, at50, &lb), *ec = encoded(seed, at100, &lc);
    bool same0 = la == lb && !memcmp(ea, eb, la), same1 = lc == lb && !memcmp(ec, eb, lc);
    cr_assert(same0 || same1, "seed %" PRIu64 ": at 50%% neither the stimulus at 0 nor the one at 100", seed);
    *missed += same0 && !same1;
    *fired += same1 && !same0;
    bool changed = !(la == lc && !memcmp(ea, ec, la));
    free(ea);
    free(eb);
    free(ec);
    return changed;
}

Test(gen, space_meet_knob_has_its_own_stream)
{
    gtref_gen_config a, b, c;
    test_ring_gen_defaults(&a);
    b = c = a;
    a.space_meet_pct = 0;
    b.space_meet_pct = 50;
    c.space_meet_pct = 100;
    unsigned as_zero = 0, as_full = 0, changed = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) changed += own_stream_seed(seed, &a, &b, &c, &as_zero, &as_full);
    cr_assert_gt(as_zero, 0);
    cr_assert_gt(as_full, 0);
    cr_assert_gt(changed, 10, "%u of 40 seeds changed by the knob at 100", changed);
}

/* The quiet rounds of sem_burst_pct's quiet bursts (docs/stimulus-format.md §3) in a stimulus's ring segments: two or
 * more MI_SEMAPHORE_SIGNALs to one Target Engine Select, at most 10 MI_NOOPs apart, then 30 or more MI_NOOPs (or
 * MI_BATCH_BUFFER_ENDs, which execute as MI_NOOP in the ring, C8; gen_emit_noop makes both). */
static unsigned quiet_rounds(const gtref_stim *s)
{
    unsigned rounds = 0;
    for (size_t g = 0; g < s->nsegs; g++) {
        const gtref_segment *seg = &s->segs[g];
        if (seg->kind != GTREF_SEG_RING) continue;
        size_t n = seg->len / 4;
        int target = -1;
        unsigned sigs = 0, noops = 0;
        for (size_t i = 0; i < n; i++) {
            uint32_t dw[2] = { dword_at(seg, 4 * i), i + 1 < n ? dword_at(seg, 4 * (i + 1)) : 0 };
            const gtref_cmd_def *c = gtref_cmd_find(dw[0]);
            if (c && (c->id == GTREF_CMD_MI_NOOP || c->id == GTREF_CMD_MI_BATCH_BUFFER_END)) {   /* in the ring: C8 */
                if (++noops == 30 && sigs >= 2) rounds++;
                continue;
            }
            if (c && c->id == GTREF_CMD_MI_SEMAPHORE_SIGNAL) {
                int t = (int)GTREF_GET(dw, MI_SEMAPHORE_SIGNAL_TARGET);
                sigs = t == target && noops <= 10 ? sigs + 1 : 1;
                target = t;
                noops = 0;
                i++;
                continue;
            }
            sigs = noops = 0;
            target = -1;
        }
    }
    return rounds;
}

/* sem_burst_pct draws from a stream of its own: at 50 % every seed is the stimulus of the knob at 0 or the one at
 * 100; and the seeds where it fires hold quiet bursts (rounds of signals to one engine, then 30 or more MI_NOOPs)
 * and stay legal. At 0 the pattern comes only by chance (two random signals to one engine before filler MI_NOOPs). */
Test(gen, sem_burst_quiet_rounds_come_with_the_knob_alone)
{
    gtref_gen_config a, b, c;
    test_ring_gen_defaults(&a);
    a.alias_signal_pct = 0;   /* its signals sit in the quiet gaps (its own test) */
    b = c = a;
    a.sem_burst_pct = 0;
    b.sem_burst_pct = 50;
    c.sem_burst_pct = 100;
    unsigned as_zero = 0, as_full = 0, with_rounds = 0, at_zero = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        own_stream_seed(seed, &a, &b, &c, &as_zero, &as_full);
        gtref_stim x, y;
        generate_both(seed, &b, &a, &x, &y);
        at_zero += quiet_rounds(&y) > 0;
        gtref_stim_free(&x);
        gtref_stim_free(&y);
        generate_both(seed, &b, &c, &x, &y);
        with_rounds += quiet_rounds(&y) > 0;
        gtref_lint_violation v[1];
        cr_assert_eq(gtref_stim_lint(&y, NULL, 0, v, 1), 0, "seed %" PRIu64 ": %s: %s", seed, v[0].where, v[0].found);
        gtref_stim_free(&x);
        gtref_stim_free(&y);
    }
    cr_assert_gt(as_zero, 0);
    cr_assert_gt(as_full, 0);
    cr_assert(with_rounds >= 10 && with_rounds >= 3 * at_zero,
              "%u of 40 seeds hold a quiet round with sem_burst_pct 100, %u with it at 0", with_rounds, at_zero);
}

/* irq_race_pct draws from a stream of its own, and only in the seeds where it fires: every other seed is byte for
 * byte the stimulus it is with the knob at 0; the seeds where it fires stay legal (the stimulus linter) and hold
 * bursts of host writes of the interrupt registers (8 or more writes besides those of the seed with the knob at 0,
 * docs/stimulus-format.md §3). */
static size_t irq_reg_writes(const gtref_stim *s)
{
    static const uint32_t regs[] = { GTREF_RENDER_COPY_INTR_ENABLE, GTREF_VCS_VECS_INTR_ENABLE, GTREF_RCS0_INTR_MASK,
                                     GTREF_BCS_INTR_MASK, GTREF_VCS0_VCS1_INTR_MASK, GTREF_VECS0_VECS1_INTR_MASK,
                                     GTREF_GFX_MSTR_IRQ, GTREF_GT_INTR_DW0, GTREF_GT_INTR_DW1, GTREF_IIR_REG_SELECTOR0,
                                     GTREF_IIR_REG_SELECTOR1, GTREF_INTR_IDENTITY_REG0, GTREF_INTR_IDENTITY_REG1 };
    size_t n = 0;
    for (size_t i = 0; i < s->nops; i++) {
        if (s->ops[i].op != GTREF_HOST_WRITE) continue;
        bool hit = false;
        for (int e = 0; e < 4; e++) hit |= s->ops[i].off == gtref_engines[e].base + GTREF_IMR;
        for (size_t k = 0; k < sizeof regs / sizeof regs[0]; k++) hit |= s->ops[i].off == regs[k];
        n += hit;
    }
    return n;
}

Test(gen, irq_races_leave_the_seeds_where_they_do_not_fire_alone)
{
    gtref_gen_config on, off;
    test_ring_gen_defaults(&on);
    on.irq_race_pct = 50;
    off = on;
    off.irq_race_pct = 0;
    unsigned fired = 0, seeds = 60;
    for (uint64_t seed = 1; seed <= seeds; seed++) {
        gtref_stim a, b;
        if (!generate_both(seed, &on, &off, &a, &b)) {
            fired++;
            size_t wa = irq_reg_writes(&a), wb = irq_reg_writes(&b);
            cr_assert_geq(wa, wb + 8, "seed %" PRIu64 ": changed, but %zu interrupt register writes against %zu", seed,
                          wa, wb);
            gtref_lint_violation v[1];
            cr_assert_eq(gtref_stim_lint(&a, NULL, 0, v, 1), 0, "seed %" PRIu64 ": %s: %s", seed, v[0].where, v[0].found);
        }
        gtref_stim_free(&a);
        gtref_stim_free(&b);
    }
    cr_assert(fired >= seeds / 4 && fired <= seeds * 3 / 4, "races in %u of %u seeds", fired, seeds);
}

/* The signals of alias_signal_pct in a stimulus's ring segments: an MI_SEMAPHORE_SIGNAL to Target Engine Select 8..11
 * that comes after a signal to that target - 8 (the quiet waiter's code) and 4 or more MI_NOOPs (or
 * MI_BATCH_BUFFER_ENDs, C8) with nothing else between, and before 4 or more MI_NOOPs: one in a quiet gap. */
static unsigned alias_gap_signals(const gtref_stim *s)
{
    unsigned found = 0;
    for (size_t g = 0; g < s->nsegs; g++) {
        const gtref_segment *seg = &s->segs[g];
        if (seg->kind != GTREF_SEG_RING) continue;
        size_t n = seg->len / 4;
        int target = -1, pending = -1;
        unsigned noops = 0;
        for (size_t i = 0; i < n; i++) {
            uint32_t dw[2] = { dword_at(seg, 4 * i), i + 1 < n ? dword_at(seg, 4 * (i + 1)) : 0 };
            const gtref_cmd_def *c = gtref_cmd_find(dw[0]);
            if (c && (c->id == GTREF_CMD_MI_NOOP || c->id == GTREF_CMD_MI_BATCH_BUFFER_END)) {
                if (++noops == 4 && pending >= 0) {
                    found++;
                    pending = -1;
                }
                continue;
            }
            pending = -1;
            if (c && c->id == GTREF_CMD_MI_SEMAPHORE_SIGNAL) {
                int t = (int)GTREF_GET(dw, MI_SEMAPHORE_SIGNAL_TARGET);
                if (t >= 8 && t <= 11 && target == t - 8 && noops >= 4) {
                    pending = t;   /* counted once 4 MI_NOOPs follow */
                } else {
                    target = t;
                }
                noops = 0;
                i++;
                continue;
            }
            target = -1;
            noops = 0;
        }
    }
    return found;
}

/* alias_signal_pct draws from a stream of its own: at 50 % every seed is the stimulus of the knob at 0 or the one at
 * 100; at 100 the seeds with quiet bursts (sem_burst_pct 100) hold signals to target 8 + the waiter's code in the
 * quiet gaps (docs/stimulus-format.md §3), and stay legal; at 0 that pattern comes only by chance. */
Test(gen, alias_signals_sit_in_the_quiet_gaps_with_the_knob_alone)
{
    gtref_gen_config a, b, c;
    test_ring_gen_defaults(&a);
    a.sem_burst_pct = 100;
    b = c = a;
    a.alias_signal_pct = 0;
    b.alias_signal_pct = 50;
    c.alias_signal_pct = 100;
    unsigned as_zero = 0, as_full = 0, with = 0, at_zero = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        own_stream_seed(seed, &a, &b, &c, &as_zero, &as_full);
        gtref_stim x, y;
        generate_both(seed, &a, &c, &x, &y);
        at_zero += alias_gap_signals(&x) > 0;
        with += alias_gap_signals(&y) > 0;
        gtref_lint_violation v[1];
        cr_assert_eq(gtref_stim_lint(&y, NULL, 0, v, 1), 0, "seed %" PRIu64 ": %s: %s", seed, v[0].where, v[0].found);
        gtref_stim_free(&x);
        gtref_stim_free(&y);
    }
    cr_assert_gt(as_zero, 0);
    cr_assert_gt(as_full, 0);
    cr_assert(with >= 10 && with >= 3 * at_zero + 1,
              "%u of 40 seeds hold a signal to 8..11 in a quiet gap with alias_signal_pct 100, %u with it at 0", with,
              at_zero);
}

/* irq_dense_pct draws from a stream of its own: at 50 % every seed is the stimulus of the knob at 0 or the one at 100;
 * with the interrupt bursts in every seed (irq_burst_pct 100) the seeds where it fires hold 40 or more interrupt
 * register writes besides those of the knob at 0 (a round's writes span 40 cycles and more, docs/stimulus-format.md
 * §3) and stay legal. */
Test(gen, irq_dense_races_have_their_own_stream)
{
    gtref_gen_config a, b, c;
    test_ring_gen_defaults(&a);
    a.irq_burst_pct = 100;
    a.all_engines_pct = 100;
    a.malformed_pct = 0;
    a.fault_pct = 0;
    b = c = a;
    a.irq_dense_pct = 0;
    b.irq_dense_pct = 50;
    c.irq_dense_pct = 100;
    unsigned as_zero = 0, as_full = 0, changed = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        changed += own_stream_seed(seed, &a, &b, &c, &as_zero, &as_full);
        gtref_stim x, y;
        if (!generate_both(seed, &c, &a, &x, &y)) {
            size_t wx = irq_reg_writes(&x), wy = irq_reg_writes(&y);
            cr_assert_geq(wx, wy + 40, "seed %" PRIu64 ": changed, but %zu interrupt register writes against %zu", seed,
                          wx, wy);
            gtref_lint_violation v[1];
            cr_assert_eq(gtref_stim_lint(&x, NULL, 0, v, 1), 0, "seed %" PRIu64 ": %s: %s", seed, v[0].where, v[0].found);
        }
        gtref_stim_free(&x);
        gtref_stim_free(&y);
    }
    cr_assert_gt(as_zero, 0);
    cr_assert_gt(as_full, 0);
    cr_assert_geq(changed, 20, "%u of 30 seeds changed by the knob at 100", changed);
}


/* host_reg_pct draws from a stream of its own (docs/stimulus-format.md §3): at 50 each seed is byte for byte the
 * stimulus it is at 0 (the knob missed) or the one at 100 (it fired), both happen, and at 100 every seed changes. What a
 * fired seed adds, against the seed at 0, are host ops only (the rest of the host program a subsequence of it), each a
 * write or read of the row's registers: at setup, before the first op of the seed at 0, CS_GPR*, MI_PREDICATE_*,
 * BB_OFFSET, PP_DCLV_UDW, PDP1..3_*, RING_CONTEXT_CONTROL, CCID, BB_PER_CTX_PTR, INDIRECT_CTX*, CTX_TIMESTAMP,
 * CSB_INTERRUPT_MASK, EXECLIST_SQ_*, the CS_GPRs and MI_PREDICATE_* ending with their reset value 0
 * (include/gtref/reg_table.def: GTREF_GPR, GTREF_RWREG rows); later only EXECLIST_SQ_LO/HI2..7. It stays legal. */
static bool name_in(const char *name, const char *const *prefixes, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (strncmp(name, prefixes[k], strlen(prefixes[k])) == 0) return true;
    return false;
}

Test(gen, host_reg_knob_has_its_own_stream)
{
    static const char *const setup_regs[] = { "CS_GPR", "MI_PREDICATE_", "BB_OFFSET", "PP_DCLV_UDW", "PDP1_", "PDP2_",
                                              "PDP3_", "RING_CONTEXT_CONTROL", "CCID", "BB_PER_CTX_PTR", "INDIRECT_CTX",
                                              "CTX_TIMESTAMP", "CSB_INTERRUPT_MASK", "EXECLIST_SQ_" };
    static const char *const restored[] = { "CS_GPR", "MI_PREDICATE_" };
    gtref_gen_config a, b, c;
    test_ring_gen_defaults(&a);
    b = c = a;
    a.host_reg_pct = 0;
    b.host_reg_pct = 50;
    c.host_reg_pct = 100;
    unsigned as_zero = 0, as_full = 0, live = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        cr_assert(own_stream_seed(seed, &a, &b, &c, &as_zero, &as_full), "seed %" PRIu64 ": the knob at 100 changed "
                  "nothing", seed);

        gtref_stim s0, s1;
        gtref_stim_init(&s0);
        gtref_stim_init(&s1);
        cr_assert_eq(gtref_stim_generate(&s0, seed, &a), 0);
        cr_assert_eq(gtref_stim_generate(&s1, seed, &c), 0);
        cr_assert_eq(s0.nsegs, s1.nsegs, "seed %" PRIu64 ": the knob changed the memory image", seed);
        uint32_t last[GTREF_MAX_ENGINES][0x600 / 4 + 64];   /* the last setup write of each CS_GPR/MI_PREDICATE_ dword */
        bool seen[GTREF_MAX_ENGINES][0x600 / 4 + 64];
        memset(seen, 0, sizeof seen);
        size_t j = 0;
        for (size_t i = 0; i < s1.nops; i++) {
            const gtref_host_op *o = &s1.ops[i];
            if (j < s0.nops && o->op == s0.ops[j].op && o->off == s0.ops[j].off && o->val == s0.ops[j].val &&
                o->cycles == s0.ops[j].cycles && o->addr == s0.ops[j].addr && o->data == s0.ops[j].data) {
                j++;
                continue;
            }
            cr_assert(o->op == GTREF_HOST_WRITE || o->op == GTREF_HOST_READ, "seed %" PRIu64 ": op %zu (%u) added", seed,
                      i, o->op);
            int e;
            const gtref_reg_def *d = gtref_reg_lookup(o->off, 4, &e);
            cr_assert(d && e >= 0, "seed %" PRIu64 ": op %zu names 0x%x, no engine register", seed, i, o->off);
            if (j == 0) {
                cr_assert(name_in(d->name, setup_regs, sizeof setup_regs / sizeof setup_regs[0]),
                          "seed %" PRIu64 ": setup op %zu names %s", seed, i, d->name);
                uint32_t rel = (d->offset & 0xFFFu) / 4u;
                if (o->op == GTREF_HOST_WRITE && name_in(d->name, restored, 2) && rel < 0x600 / 4 + 64) {
                    last[e][rel] = o->val;
                    seen[e][rel] = true;
                }
            } else {
                bool sq_high = d->offset >= GTREF_EXECLIST_SQ_LO2 && d->offset <= GTREF_EXECLIST_SQ_HI7;
                cr_assert(sq_high, "seed %" PRIu64 ": op %zu, after setup began, names %s", seed, i, d->name);
                live++;
            }
        }
        cr_assert_eq(j, s0.nops, "seed %" PRIu64 ": the host program at 0 is not a subsequence of the one at 100", seed);
        for (int e = 0; e < GTREF_MAX_ENGINES; e++)
            for (size_t r = 0; r < 0x600 / 4 + 64; r++)
                if (seen[e][r]) cr_assert_eq(last[e][r], 0u, "seed %" PRIu64 ": register 0x%zx of engine %d ends at 0x%x",
                                             seed, 4 * r, e, last[e][r]);
        gtref_lint_violation v[1];
        cr_assert_eq(gtref_stim_lint(&s1, NULL, 0, v, 1), 0, "seed %" PRIu64 ": %s: %s", seed, v[0].where, v[0].found);
        gtref_stim_free(&s0);
        gtref_stim_free(&s1);
    }
    cr_assert_gt(as_zero, 0);
    cr_assert_gt(as_full, 0);
    cr_assert_gt(live, 0, "no EXECLIST_SQ write while engines may run in 30 seeds");
}

/* high_place_pct draws from a stream of its own, and only in the seeds where it fires: every other seed is byte for
 * byte the stimulus it is with the knob at 0 (execlist seeds included: their areas move too); the seeds where it fires
 * stay legal (the stimulus linter). */
Test(gen, high_place_leaves_the_seeds_where_it_does_not_fire_alone)
{
    gtref_gen_config on, off;
    gtref_gen_config_default(&on);
    on.high_place_pct = 50;
    off = on;
    off.high_place_pct = 0;
    unsigned fired = 0, seeds = 60;
    for (uint64_t seed = 1; seed <= seeds; seed++) {
        gtref_stim a, b;
        if (!generate_both(seed, &on, &off, &a, &b)) {
            fired++;
            gtref_lint_violation v[1];
            cr_assert_eq(gtref_stim_lint(&a, NULL, 0, v, 1), 0, "seed %" PRIu64 ": %s: %s", seed, v[0].where, v[0].found);
        }
        gtref_stim_free(&a);
        gtref_stim_free(&b);
    }
    cr_assert(fired >= seeds / 4 && fired <= 3 * seeds / 4, "high placement in %u of %u seeds", fired, seeds);
}

/* high_place_pct 100 reaches the top of each legal range (docs/stimulus-format.md §3): RING_START at or above 256 MB,
 * never with bits 31:29 set (BYT-REG L6536-6540, the linter's ring-start-4k); the largest ring, RING_CTL[20:12] = 511
 * (docs/cycle-contract.md: (RING_CTL[20:12] + 1) * 4096 bytes); HWS_PGA at or above 2 GB (a GGTT address: below
 * 4 GB, GAM-4); memory at physical addresses with bit 38 set, none at 2^39 or above (GAM-3: entry bits 38:12). */
Test(gen, high_place_reaches_the_top_of_each_range)
{
    gtref_gen_config c;
    gtref_gen_config_default(&c);
    c.high_place_pct = 100;
    bool ring_high = false, ring_max = false, hws_high = false, pa_38 = false;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0, "seed %" PRIu64, seed);
        for (size_t i = 0; i < s.nops; i++) {
            const gtref_host_op *o = &s.ops[i];
            if (o->op != GTREF_HOST_WRITE) continue;
            for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
                uint32_t base = gtref_engines[e].base;
                if (o->off == base + GTREF_RING_START) {
                    cr_assert_eq(o->val & 0xE0000000u, 0, "seed %" PRIu64 ": RING_START 0x%08" PRIx32, seed, o->val);
                    ring_high |= (o->val & 0x10000000u) != 0;
                }
                if (o->off == base + GTREF_RING_CTL) ring_max |= (o->val >> 12 & 0x1FFu) == 0x1FFu;
                if (o->off == base + GTREF_HWS_PGA) hws_high |= (o->val & 0x80000000u) != 0;
            }
        }
        for (size_t k = 0; k < s.nsegs; k++) {
            cr_assert_lt(s.segs[k].addr + s.segs[k].len, 1ull << 39, "seed %" PRIu64 ": a segment at 0x%" PRIx64, seed,
                         s.segs[k].addr);
            pa_38 |= (s.segs[k].addr >> 38 & 1u) && s.segs[k].addr < GTREF_GSM_BASE;
        }
        gtref_stim_free(&s);
    }
    cr_assert(ring_high, "no RING_START at or above 256 MB");
    cr_assert(ring_max, "no ring of RING_CTL length 511");
    cr_assert(hws_high, "no HWS_PGA at or above 2 GB");
    cr_assert(pa_38, "no page at a physical address with bit 38 set (outside the GGTT's table)");
}
