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
#include "gtref/regs.h"
#include "gtref/rng.h"
#include "gtref/stim.h"

#include "test_support.h"

#define SEEDS 400

static void generate_ok(gtref_stim *s, uint64_t seed)
{
    gtref_gen_config c;
    gtref_gen_config_default(&c);
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
    cr_assert_eq(gtref_stim_add_op(&s, 9, 0, 0, 0), 0);
    expect_stim_rejected(&s, "host[4]: unknown op 9", NULL);
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
#define BATCH_BASE   0x200000u
#define BATCH_STRIDE 0x80000u
#define STORE_BASE   0x400000u
#define STORE_STRIDE 0x10000u
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
} walk_stats;

typedef struct eng_walk {
    bool enabled, head_written, tail_written, halted;
    bool halt_known;           /* a wait_idle since the halt: the host may count from the illegal command */
    uint32_t start, head, tail, size;
    uint32_t exec;             /* ring offset of the next command to execute */
    uint32_t avail;            /* bytes submitted and not yet executed (exec .. tail) */
    uint64_t since_idle;       /* bytes submitted since the last wait_idle (non-halted engines) */
    unsigned crossings;
    const gtref_segment *ring;
    uint8_t *visited;          /* ring dwords that started a command already */
} eng_walk;

typedef struct walker {
    const gtref_stim *s;
    uint64_t seed;
    walk_stats st;
    eng_walk eng[GTREF_MAX_ENGINES];
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

/* The field rules the generator promises, for one legal command of engine e. */
static void check_fields(walker *w, int e, const gtref_cmd_def *c, const uint32_t *dw, unsigned len, bool in_batch)
{
    uint32_t gpr0 = gtref_engines[e].base + 0x600u;
    switch (c->id) {
    case GTREF_CMD_MI_LOAD_REGISTER_IMM:
        cr_assert(len >= 3 && len <= 13, "seed %" PRIu64 ": LRI of %u dwords (1..6 registers)", w->seed, len);
        for (unsigned i = 1; i < len; i += 2) {
            cr_assert(!is_ring_reg(dw[i]), "seed %" PRIu64 ": LRI to a ring register 0x%x", w->seed, dw[i]);
            int re = -2;
            const gtref_reg_def *d = gtref_reg_lookup(dw[i], GTREF_MAX_ENGINES, &re);
            if (dw[i] >= gpr0 && dw[i] <= gpr0 + 0x7C && dw[i] % 4 == 0) w->st.lri_gpr++;
            else if (d && re == e) w->st.lri_own_other++;
            else w->st.lri_ignored++;
        }
        if ((dw[0] >> GTREF_LRI_BWD_SHIFT) & 0xF) w->st.bwd++;
        for (unsigned i = 1; i + 1 < len; i += 2)
            if (dw[i] == gtref_engines[0].base + GTREF_PR_CTR_CTL || dw[i] == gtref_engines[0].base + GTREF_PR_CTR_THRSH) {
                w->st.wdog_lris++;   /* RCS0's watchdog pair */
                break;
            }
        break;
    case GTREF_CMD_MI_STORE_DATA_IMM: {
        uint64_t a = (uint64_t)dw[2] << 32 | dw[1], base = STORE_BASE + (uint64_t)e * STORE_STRIDE;
        unsigned bytes = len == 5 ? 8 : 4;
        if (a >= SEM_BASE && a < SEM_BASE + 0x100 && len == 4) { w->st.sem_writes++; break; }   /* a semaphore */
        cr_assert(a >= base && a + bytes <= base + STORE_STRIDE && a % 4 == 0,
                  "seed %" PRIu64 ": %s stores to 0x%" PRIx64 ", outside its area", w->seed, gtref_engines[e].name, a);
        if (len == 5) {
            if (a % 8) w->st.qword4++;
            else w->st.qword8++;
        }
        break;
    }
    case GTREF_CMD_MI_BATCH_BUFFER_START: {
        uint64_t a = (uint64_t)dw[2] << 32 | dw[1], base = BATCH_BASE + (uint64_t)e * BATCH_STRIDE;
        const gtref_segment *b = segment_at(w->s, a, 4);
        cr_assert(b && b->kind == GTREF_SEG_BATCH, "seed %" PRIu64 ": batch start 0x%" PRIx64 " outside a batch segment",
                  w->seed, a);
        cr_assert(a >= base && a < base + BATCH_STRIDE, "seed %" PRIu64 ": %s calls a batch at 0x%" PRIx64 ", outside its area",
                  w->seed, gtref_engines[e].name, a);
        if (dw[0] & GTREF_BBS_PPGTT) w->st.ppgtt++;
        if (in_batch) w->st.chained++;
        break;
    }
    case GTREF_CMD_MI_USER_INTERRUPT: w->st.user_irqs++; break;
    case GTREF_CMD_MI_SEMAPHORE_WAIT: {
        uint64_t a = GTREF_GET(dw, MI_SEMAPHORE_WAIT_ADDR);
        cr_assert(a >= SEM_BASE && a < SEM_BASE + 0x100, "seed %" PRIu64 ": a wait outside the semaphore area", w->seed);
        cr_assert(!GTREF_GET(dw, MI_SEMAPHORE_WAIT_REG_POLL), "seed %" PRIu64 ": register poll mode (C33)", w->seed);
        cr_assert_leq(GTREF_GET(dw, MI_SEMAPHORE_WAIT_COMPARE), 5, "seed %" PRIu64 ": compare 6/7 (C27)", w->seed);
        w->st.sem_waits++;
        if (!GTREF_GET(dw, MI_SEMAPHORE_WAIT_POLL)) w->st.signal_waits++;
        break;
    }
    case GTREF_CMD_MI_SEMAPHORE_SIGNAL:
        cr_assert_leq(GTREF_GET(dw, MI_SEMAPHORE_SIGNAL_TARGET), 4, "seed %" PRIu64 ": target 5..7 (C32)", w->seed);
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

/* Run a batch of engine e at `level` (1 or 2); false when an illegal command halts the engine in it. A call
 * of a second-level batch is walked and returns; a predicated start may or may not jump: both paths are walked;
 * MI_CONDITIONAL_BATCH_BUFFER_END may end the batch: the rest is walked anyway. */
static bool walk_batch(walker *w, int e, uint64_t addr, int level)
{
    for (int steps = 0; steps < 10000; steps++) {
        const gtref_segment *b = segment_at(w->s, addr, 4);
        cr_assert(b && b->kind == GTREF_SEG_BATCH, "seed %" PRIu64 ": batch runs out of its segment at 0x%" PRIx64, w->seed, addr);
        uint32_t dw[256];
        dw[0] = dword_at(b, addr - b->addr);
        if (bad_kind_of(dw[0], e) >= 0) {
            saw_bad(w, e, dw[0], true);
            if (level == 2) w->st.bad_second++;
            return false;
        }
        const gtref_cmd_def *c = gtref_cmd_find(dw[0]);
        unsigned len = gtref_cmd_length(c, dw[0]);
        cr_assert(c->modelled, "seed %" PRIu64 ": %s is not modelled", w->seed, c->name);
        cr_assert(segment_at(w->s, addr, 4u * len) == b, "seed %" PRIu64 ": command at 0x%" PRIx64 " runs past its batch", w->seed, addr);
        for (unsigned i = 1; i < len; i++) dw[i] = dword_at(b, addr - b->addr + 4u * i);
        check_fields(w, e, c, dw, len, true);
        w->st.batch_cmds++;
        if (level == 2) w->st.second_cmds++;
        if (c->id == GTREF_CMD_MI_BATCH_BUFFER_END) return true;
        if (c->id == GTREF_CMD_MI_BATCH_BUFFER_START) {
            uint64_t to = (uint64_t)dw[2] << 32 | dw[1];
            bool call = level == 1 && (dw[0] & GTREF_BBS_2ND_LEVEL);
            bool pred = GTREF_GET(dw, MI_BATCH_BUFFER_START_PREDICATE) != 0;
            if (call || pred) {
                if (!walk_batch(w, e, to, call ? 2 : level)) return false;
                addr += 4u * len;
                continue;
            }
            addr = to;
            continue;
        }
        addr += 4u * len;
    }
    cr_assert_fail("seed %" PRIu64 ": a batch that never ends", w->seed);
    return false;
}

/* Execute engine e's submitted ring bytes as the engine would: whole commands before the tail; a command
 * that is not whole waits for the next TAIL write; an illegal command halts the engine. */
static void walk_ring(walker *w, int e)
{
    eng_walk *g = &w->eng[e];
    while (g->avail && !g->halted) {
        uint32_t p = g->exec, dw[256];
        dw[0] = dword_at(g->ring, p);
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
        for (unsigned i = 1; i < len; i++) dw[i] = dword_at(g->ring, (p + 4u * i) % g->size);
        check_fields(w, e, c, dw, len, false);
        if (!g->visited[p / 4] && dw[0] != 0 && c->id != GTREF_CMD_MI_BATCH_BUFFER_END) w->st.distinct_non_noop[e]++;
        g->visited[p / 4] = 1;
        w->st.ring_cmds++;
        if (p + 4u * len > g->size) w->st.straddles++;
        if (p + 4u * len >= g->size) g->crossings++;
        g->exec = (p + 4u * len) % g->size;
        g->avail -= 4u * len;
        if (c->id == GTREF_CMD_MI_BATCH_BUFFER_START && !walk_batch(w, e, (uint64_t)dw[2] << 32 | dw[1], 1) &&
            !GTREF_GET(dw, MI_BATCH_BUFFER_START_PREDICATE))
            return;
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

/* Walk the host program of a generated stimulus, checking every promise of the generator. */
static walk_stats walk_generated(const gtref_stim *s, uint64_t seed)
{
    walker w = { .s = s, .seed = seed };
    int last_tail_engine = -1;
    for (size_t i = 0; i < s->nops; i++) {
        const gtref_host_op *o = &s->ops[i];
        if (o->op != GTREF_HOST_WRITE) last_tail_engine = -1;
        if (o->op == GTREF_HOST_WAIT_IDLE)
            for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
                cr_assert(w.eng[e].halted || !w.eng[e].avail, "seed %" PRIu64 ": wait_idle with %s half submitted", seed,
                          gtref_engines[e].name);
                w.eng[e].since_idle = 0;
                w.eng[e].halt_known |= w.eng[e].halted;
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
        uint32_t rel = 0;
        int e = engine_reg(o->off, &rel);
        if (e < 0) continue;
        cr_assert(e < s->engines, "seed %" PRIu64 ": a write to %s, beyond engines %u", seed, gtref_engines[e].name, s->engines);
        eng_walk *g = &w.eng[e];
        if (rel == GTREF_RING_CTL) {
            cr_assert(!g->enabled, "seed %" PRIu64 ": RING_CTL written while the ring is enabled", seed);
            if (o->val & GTREF_CTL_ENABLE) {
                g->enabled = true;
                w.st.engines_used++;
                g->size = (((o->val >> GTREF_CTL_LEN_SHIFT) & GTREF_CTL_LEN_MASK) + 1u) * 4096u;
                w.st.ring_size[e] = g->size;
                cr_assert(g->size >= 4096 && g->size <= 4 * 4096);
                g->ring = segment_at(s, g->start, g->size);
                cr_assert(g->ring && g->ring->kind == GTREF_SEG_RING && g->ring->addr == g->start && g->ring->len == g->size,
                          "seed %" PRIu64 ": no ring segment of the ring's size at RING_START", seed);
                cr_assert(g->head_written && g->tail_written && g->head == g->tail, "seed %" PRIu64 ": ring enabled before HEAD = TAIL", seed);
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
            cr_assert_eq(g->start, RING_BASE + (uint32_t)e * RING_STRIDE);
        } else if (rel == GTREF_EMR) {
            cr_assert(!g->enabled, "seed %" PRIu64 ": EMR written by the host while the ring runs", seed);
            if (!(o->val & 1)) w.st.emr_host_unmask++;
        } else if (rel == GTREF_RING_TAIL) {
            cr_assert_eq(o->val & 7u, 0, "seed %" PRIu64 ": tail 0x%x is not QWORD aligned", seed, o->val);
            cr_assert_eq(o->val & ~GTREF_TAIL_OFFSET_MASK, 0);
            if (!g->enabled) {
                g->tail = o->val;
                g->tail_written = true;
                continue;
            }
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
        free(g->visited);
    }
    cr_assert(w.st.engines_used >= 1, "seed %" PRIu64 ": no ring is ever enabled", seed);
    /* the end: idle, then reads */
    size_t k = s->nops;
    while (k && s->ops[k - 1].op == GTREF_HOST_READ) k--;
    cr_assert(k && s->ops[k - 1].op == GTREF_HOST_WAIT_IDLE && s->nops - k >= 3, "seed %" PRIu64 ": no final wait_idle + reads", seed);
    return w.st;
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
            pages_seen[st.ring_size[e] / 4096]++;
            wrapped_traffic += st.traffic[e] > st.ring_size[e];
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
    cr_assert(wrapped_traffic > rings / 2, "ring traffic exceeds the ring size in only %u of %u rings", wrapped_traffic, rings);
    cr_assert(crossed_end > rings * 6 / 10, "the head wraps in only %u of %u rings", crossed_end, rings);
    cr_assert(several > rings / 10, "the head wraps several times in only %u rings", several);
    cr_assert(straddled > SEEDS / 5, "a command straddles the ring end in only %u seeds", straddled);
    /* command fields */
    cr_assert(total.qword4 > 0 && total.qword8 > total.qword4, "qword stores: %u 4-aligned, %u 8-aligned", total.qword4, total.qword8);
    cr_assert(total.bwd > 0 && total.chained > 0 && total.ppgtt > 0 && total.irq_waits > 0 && total.batch_cmds > 0);
    cr_assert(total.user_irqs > total.irq_waits);
    cr_assert(total.lri_own_other > 0 && total.lri_ignored > 0 && total.lri_gpr > total.lri_own_other + total.lri_ignored,
              "LRI targets: %u CS_GPR, %u other own registers, %u ignored", total.lri_gpr, total.lri_own_other, total.lri_ignored);
}

/* Every corner turned up: the host program still keeps every rule (no tail lapping a head that has not yet
 * reached its illegal command, no wait_idle with a command half submitted, ...). */
Test(gen, corner_heavy_configs_keep_the_rules)
{
    gtref_gen_config c;
    gtref_gen_config_default(&c);
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
    gtref_gen_config_default(&c);
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
    c.malformed_pct = 0;
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
        cr_assert_eq(s.nsegs, 2 * st.engines_used, "no batches without batch weight: one ring and one data area per engine");
        gtref_stim_free(&s);
    }
}

Test(gen, engine_count_and_corner_knobs_are_honoured)
{
    gtref_gen_config c;
    gtref_gen_config_default(&c);
    c.engines = 2;
    c.all_engines_pct = 100;
    c.multi_page_pct = 0;
    c.split_tail_pct = 0;
    c.malformed_pct = 0;
    c.lri_other_pct = 0;
    c.w_predicate = c.w_set_predicate = 0;   /* they load MI_PREDICATE_* by LRI */
    c.w_watchdog = 0;                        /* RCS0's watchdog LRIs are its own registers */
    c.nonpriv_pct = 0;                       /* non-privileged batches target other registers on purpose */
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
    gtref_gen_config_default(&c);
    c.engines = 0;
    cr_assert_neq(gtref_stim_generate(&s, 1, &c), 0, "0 engines");
    c.engines = 5;
    cr_assert_neq(gtref_stim_generate(&s, 1, &c), 0, "5 engines");
    gtref_gen_config_default(&c);
    c.min_cmds = 10;
    c.max_cmds = 5;
    cr_assert_neq(gtref_stim_generate(&s, 1, &c), 0);
    gtref_gen_config_default(&c);
    c.w_noop = c.w_lri = c.w_sdi = c.w_batch = c.w_user_irq = 0;
    c.w_math = c.w_atomic = c.w_predicate = c.w_set_predicate = c.w_lrr = c.w_lrm = c.w_srm = c.w_copy = 0;
    c.w_cond_end = c.w_hws = c.w_flush = c.w_sem_wait = c.w_arb = 0;
    c.w_sem_signal = c.w_watchdog = 0;
    cr_assert_neq(gtref_stim_generate(&s, 1, &c), 0);
    gtref_gen_config_default(&c);
    c.max_ring_pages = 17;
    cr_assert_neq(gtref_stim_generate(&s, 1, &c), 0);
    gtref_gen_config_default(&c);
    c.malformed_pct = 101;
    cr_assert_neq(gtref_stim_generate(&s, 1, &c), 0);
    cr_assert_eq(s.nsegs, 0);
    cr_assert_neq(gtref_stim_generate(&s, 1, NULL), 0);
    gtref_gen_config_default(&c);
    cr_assert_eq(c.engines, 4);
    cr_assert_eq(c.min_cmds, 20);
    cr_assert_eq(c.max_cmds, 200);
    cr_assert_eq(c.max_ring_pages, 4);
    gtref_stim_free(&s);
}
