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
        cr_assert_eq(memcmp(a.ops, b.ops, a.nops * sizeof *a.ops), 0);
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
    expect_variant_error((variant){ .version = 3 }, "version", "3 is not supported");
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
    s.ops[4] = (gtref_host_op){ GTREF_HOST_WRITE, 0x2031, 0, 0 };
    expect_stim_rejected(&s, "host[4]: write offset 0x2031 is not dword aligned", NULL);
    s.ops[4] = (gtref_host_op){ GTREF_HOST_WAIT, 0x2030, 0, 5 };
    expect_stim_rejected(&s, "host[4]: wait with a non-zero offset", NULL);
    s.ops[4] = (gtref_host_op){ GTREF_HOST_READ, 0x2030, 1, 0 };
    expect_stim_rejected(&s, "host[4]: read with a non-zero value", NULL);
    s.ops[4] = (gtref_host_op){ GTREF_HOST_WAIT_IDLE, 0, 0, 3 };
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

/* What a static walk of a generated stimulus saw. */
typedef struct walk_stats {
    uint32_t ring_size;
    uint64_t traffic;          /* ring bytes submitted */
    unsigned ring_cmds, batch_cmds, distinct_non_noop;
    unsigned straddles, end_crossings, chained, ppgtt, qword4, qword8, bwd, irq_waits, user_irqs;
} walk_stats;

typedef struct walker {
    const gtref_stim *s;
    uint64_t seed;
    walk_stats st;
    const gtref_segment *ring;
    uint8_t *visited;          /* ring dwords that started a command already */
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

/* The field rules the generator promises, for one command (legal already). */
static void check_fields(walker *w, const gtref_cmd_def *c, const uint32_t *dw, unsigned len, bool in_batch)
{
    uint32_t gpr0 = gtref_engines[0].base + 0x600u;
    switch (c->id) {
    case GTREF_CMD_MI_LOAD_REGISTER_IMM:
        cr_assert(len >= 3 && len <= 13, "seed %" PRIu64 ": LRI of %u dwords (1..6 registers)", w->seed, len);
        for (unsigned i = 1; i < len; i += 2)
            cr_assert(dw[i] >= gpr0 && dw[i] <= gpr0 + 0x7C && dw[i] % 4 == 0,
                      "seed %" PRIu64 ": LRI to 0x%x, not an RCS0 CS_GPR", w->seed, dw[i]);
        if ((dw[0] >> GTREF_LRI_BWD_SHIFT) & 0xF) w->st.bwd++;
        break;
    case GTREF_CMD_MI_STORE_DATA_IMM: {
        uint64_t a = (uint64_t)dw[2] << 32 | dw[1];
        unsigned bytes = len == 5 ? 8 : 4;
        cr_assert(a >= 0x400000 && a + bytes <= 0x410000 && a % 4 == 0, "seed %" PRIu64 ": store to 0x%" PRIx64, w->seed, a);
        if (len == 5) {
            if (a % 8) w->st.qword4++;
            else w->st.qword8++;
        }
        break;
    }
    case GTREF_CMD_MI_BATCH_BUFFER_START: {
        uint64_t a = (uint64_t)dw[2] << 32 | dw[1];
        const gtref_segment *b = segment_at(w->s, a, 4);
        cr_assert(b && b->kind == GTREF_SEG_BATCH, "seed %" PRIu64 ": batch start 0x%" PRIx64 " outside a batch segment",
                  w->seed, a);
        if (dw[0] & GTREF_BBS_PPGTT) w->st.ppgtt++;
        if (in_batch) w->st.chained++;
        break;
    }
    case GTREF_CMD_MI_USER_INTERRUPT: w->st.user_irqs++; break;
    default: break;
    }
}

static void walk_batch(walker *w, uint64_t addr)
{
    for (int steps = 0; steps < 10000; steps++) {
        const gtref_segment *b = segment_at(w->s, addr, 4);
        cr_assert(b && b->kind == GTREF_SEG_BATCH, "seed %" PRIu64 ": batch runs out of its segment at 0x%" PRIx64, w->seed, addr);
        uint32_t dw[256];
        dw[0] = dword_at(b, addr - b->addr);
        const gtref_cmd_def *c = gtref_cmd_find(dw[0]);
        cr_assert(c, "seed %" PRIu64 ": unknown command 0x%08x in a batch at 0x%" PRIx64, w->seed, dw[0], addr);
        unsigned len = gtref_cmd_length(c, dw[0]);
        cr_assert(segment_at(w->s, addr, 4u * len) == b, "seed %" PRIu64 ": command at 0x%" PRIx64 " runs past its batch", w->seed, addr);
        for (unsigned i = 1; i < len; i++) dw[i] = dword_at(b, addr - b->addr + 4u * i);
        char why[256];
        cr_assert(gtref_cmd_legal(c, dw[0], why, sizeof why), "seed %" PRIu64 ": batch 0x%" PRIx64 ": %s", w->seed, addr, why);
        cr_assert(c->id != GTREF_CMD_MI_BATCH_BUFFER_START || !(dw[0] & GTREF_BBS_2ND_LEVEL));
        check_fields(w, c, dw, len, true);
        w->st.batch_cmds++;
        if (c->id == GTREF_CMD_MI_BATCH_BUFFER_END) return;
        addr = c->id == GTREF_CMD_MI_BATCH_BUFFER_START ? ((uint64_t)dw[2] << 32 | dw[1]) : addr + 4u * len;
    }
    cr_assert_fail("seed %" PRIu64 ": a batch that never ends", w->seed);
}

/* Execute the submitted ring bytes from head for adv bytes: whole, legal commands ending exactly at the tail. */
static void walk_ring(walker *w, uint32_t head, uint32_t adv)
{
    uint32_t size = w->st.ring_size, p = head;
    while (adv) {
        uint32_t dw[256];
        dw[0] = dword_at(w->ring, p);
        const gtref_cmd_def *c = gtref_cmd_find(dw[0]);
        cr_assert(c, "seed %" PRIu64 ": unknown command 0x%08x in the ring at 0x%x", w->seed, dw[0], p);
        unsigned len = gtref_cmd_length(c, dw[0]);
        cr_assert(4u * len <= adv, "seed %" PRIu64 ": the command at ring offset 0x%x runs past the tail", w->seed, p);
        for (unsigned i = 1; i < len; i++) dw[i] = dword_at(w->ring, (p + 4u * i) % size);
        char why[256];
        cr_assert(gtref_cmd_legal(c, dw[0], why, sizeof why), "seed %" PRIu64 ": ring 0x%x: %s", w->seed, p, why);
        check_fields(w, c, dw, len, false);
        if (!w->visited[p / 4] && dw[0] != 0 && c->id != GTREF_CMD_MI_BATCH_BUFFER_END) w->st.distinct_non_noop++;
        w->visited[p / 4] = 1;
        w->st.ring_cmds++;
        if (p + 4u * len > size) w->st.straddles++;
        if (p + 4u * len >= size) w->st.end_crossings++;
        if (c->id == GTREF_CMD_MI_BATCH_BUFFER_START) walk_batch(w, (uint64_t)dw[2] << 32 | dw[1]);
        p = (p + 4u * len) % size;
        adv -= 4u * len;
    }
}

/* Walk the host program of a generated stimulus, checking every promise of the generator. */
static walk_stats walk_generated(const gtref_stim *s, uint64_t seed)
{
    walker w = { .s = s, .seed = seed };
    uint32_t base = gtref_engines[0].base;
    uint32_t tail_reg = base + GTREF_RING_TAIL, head_reg = base + GTREF_RING_HEAD;
    uint32_t start_reg = base + GTREF_RING_START, ctl_reg = base + GTREF_RING_CTL;
    bool enabled = false;
    uint32_t start = 0, head = 0, tail = 0;
    uint64_t since_idle = 0;
    bool head_written = false, tail_written = false;
    for (size_t i = 0; i < s->nops; i++) {
        const gtref_host_op *o = &s->ops[i];
        if (o->op == GTREF_HOST_WAIT_IDLE) since_idle = 0;
        if (o->op == GTREF_HOST_WAIT_IRQ) {
            w.st.irq_waits++;
            cr_assert_eq(o->cycles, 5000);
            cr_assert(i + 2 < s->nops && s->ops[i + 1].op == GTREF_HOST_READ && s->ops[i + 1].off == GTREF_GT_INTR_DW0 &&
                      s->ops[i + 2].op == GTREF_HOST_WRITE && s->ops[i + 2].off == GTREF_GT_INTR_DW0 && s->ops[i + 2].val == 1,
                      "seed %" PRIu64 ": wait_irq not followed by read + acknowledge of GT_INTR_DW0", seed);
        }
        if (o->op != GTREF_HOST_WRITE) continue;
        if (o->off == ctl_reg) {
            cr_assert(!enabled, "seed %" PRIu64 ": RING_CTL written while the ring is enabled", seed);
            if (o->val & GTREF_CTL_ENABLE) {
                enabled = true;
                w.st.ring_size = (((o->val >> GTREF_CTL_LEN_SHIFT) & GTREF_CTL_LEN_MASK) + 1u) * 4096u;
                cr_assert(w.st.ring_size == 4096 || w.st.ring_size == 8192);
                w.ring = segment_at(s, start, w.st.ring_size);
                cr_assert(w.ring && w.ring->kind == GTREF_SEG_RING && w.ring->addr == start && w.ring->len == w.st.ring_size,
                          "seed %" PRIu64 ": no ring segment of the ring's size at RING_START", seed);
                cr_assert(head_written && tail_written && head == tail, "seed %" PRIu64 ": ring enabled before HEAD = TAIL", seed);
                w.visited = calloc(w.st.ring_size / 4, 1);
            }
        } else if (o->off == head_reg) {
            cr_assert(!enabled, "seed %" PRIu64 ": RING_HEAD written while the ring is enabled", seed);
            cr_assert_eq(o->val & ~GTREF_HEAD_OFFSET_MASK, 0);
            head = o->val;
            head_written = true;
        } else if (o->off == start_reg) {
            cr_assert(!enabled);
            start = o->val;
            cr_assert_eq(start, 0x100000);
        } else if (o->off == tail_reg) {
            cr_assert_eq(o->val & 7u, 0, "seed %" PRIu64 ": tail 0x%x is not QWORD aligned", seed, o->val);
            cr_assert_eq(o->val & ~GTREF_TAIL_OFFSET_MASK, 0);
            if (!enabled) {
                tail = o->val;
                tail_written = true;
                continue;
            }
            cr_assert(o->val < w.st.ring_size, "seed %" PRIu64 ": tail 0x%x beyond the ring", seed, o->val);
            uint32_t adv = (o->val + w.st.ring_size - tail) % w.st.ring_size;
            cr_assert(adv > 0, "seed %" PRIu64 ": a TAIL write that submits nothing", seed);
            since_idle += adv;
            cr_assert(since_idle <= w.st.ring_size - 8, "seed %" PRIu64 ": host op %zu would leave %" PRIu64
                      " unexecuted bytes in a ring of %u", seed, i, since_idle, w.st.ring_size);
            walk_ring(&w, tail, adv);
            w.st.traffic += adv;
            tail = o->val;
        }
    }
    cr_assert(enabled, "seed %" PRIu64 ": the ring is never enabled", seed);
    /* the end: idle, then reads */
    size_t k = s->nops;
    while (k && s->ops[k - 1].op == GTREF_HOST_READ) k--;
    cr_assert(k && s->ops[k - 1].op == GTREF_HOST_WAIT_IDLE && s->nops - k >= 3, "seed %" PRIu64 ": no final wait_idle + reads", seed);
    free(w.visited);
    return w.st;
}

Test(gen, generated_stimuli_are_legal_and_interesting)
{
    unsigned wrapped_traffic = 0, crossed_end = 0, straddled = 0, two_pages = 0, several_crossings = 0;
    walk_stats total = { 0 };
    for (uint64_t seed = 0; seed < SEEDS; seed++) {
        gtref_stim s;
        generate_ok(&s, seed);
        cr_assert_eq(s.engines, 1);
        cr_assert(s.lat.rd_lat_min >= 1 && s.lat.rd_lat_min <= 4);
        cr_assert(s.lat.rd_lat_max >= s.lat.rd_lat_min && s.lat.rd_lat_max <= 40);
        cr_assert(s.lat.req_ready_pct >= 30 && s.lat.req_ready_pct <= 100);
        cr_assert_eq(s.hang_cycles, 3000);
        cr_assert_eq(s.max_cycles, 2000000);
        walk_stats st = walk_generated(&s, seed);
        cr_assert(st.ring_cmds + st.batch_cmds <= 2500, "seed %" PRIu64 ": %u commands, too long a test", seed,
                  st.ring_cmds + st.batch_cmds);
        cr_assert(st.distinct_non_noop <= 200, "seed %" PRIu64 ": more than max_cmds commands", seed);
        wrapped_traffic += st.traffic > st.ring_size;
        crossed_end += st.end_crossings > 0;
        several_crossings += st.end_crossings > 1;
        straddled += st.straddles > 0;
        two_pages += st.ring_size == 8192;
        total.qword4 += st.qword4;
        total.qword8 += st.qword8;
        total.bwd += st.bwd;
        total.chained += st.chained;
        total.ppgtt += st.ppgtt;
        total.irq_waits += st.irq_waits;
        total.user_irqs += st.user_irqs;
        total.batch_cmds += st.batch_cmds;
        gtref_stim_free(&s);
    }
    cr_assert(wrapped_traffic > SEEDS / 2, "ring traffic exceeds the ring size in only %u of %u seeds", wrapped_traffic, SEEDS);
    cr_assert(crossed_end > SEEDS * 6 / 10, "the head wraps in only %u of %u seeds", crossed_end, SEEDS);
    cr_assert(several_crossings > SEEDS / 10, "the head wraps several times in only %u seeds", several_crossings);
    cr_assert(straddled > SEEDS / 5, "a command straddles the ring end in only %u seeds", straddled);
    cr_assert(two_pages > SEEDS / 20 && two_pages < SEEDS / 3, "%u two-page rings", two_pages);
    cr_assert(total.qword4 > 0 && total.qword8 > total.qword4, "qword stores: %u 4-aligned, %u 8-aligned", total.qword4, total.qword8);
    cr_assert(total.bwd > 0 && total.chained > 0 && total.ppgtt > 0 && total.irq_waits > 0 && total.batch_cmds > 0);
    cr_assert(total.user_irqs > total.irq_waits);
}

Test(gen, the_weights_and_command_counts_are_honoured)
{
    gtref_gen_config c;
    gtref_gen_config_default(&c);
    c.w_noop = 0;
    c.w_lri = 0;
    c.w_batch = 0;
    c.w_user_irq = 0;
    c.w_sdi = 1;
    c.min_cmds = c.max_cmds = 7;
    for (uint64_t seed = 0; seed < 50; seed++) {
        gtref_stim s;
        gtref_stim_init(&s);
        cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
        walk_stats st = walk_generated(&s, seed);
        cr_assert_eq(st.distinct_non_noop, 7, "seed %" PRIu64 ": %u commands instead of 7", seed, st.distinct_non_noop);
        cr_assert_eq(st.batch_cmds, 0);
        cr_assert_eq(st.user_irqs, 0);
        cr_assert_eq(st.irq_waits, 0);
        cr_assert_eq(s.nsegs, 1, "no batches without batch weight");
        gtref_stim_free(&s);
    }
}

Test(gen, bad_configs_are_refused)
{
    gtref_gen_config c;
    gtref_stim s;
    gtref_stim_init(&s);
    gtref_gen_config_default(&c);
    c.engines = 2;
    cr_assert_neq(gtref_stim_generate(&s, 1, &c), 0, "only one engine is supported");
    gtref_gen_config_default(&c);
    c.min_cmds = 10;
    c.max_cmds = 5;
    cr_assert_neq(gtref_stim_generate(&s, 1, &c), 0);
    gtref_gen_config_default(&c);
    c.w_noop = c.w_lri = c.w_sdi = c.w_batch = c.w_user_irq = 0;
    cr_assert_neq(gtref_stim_generate(&s, 1, &c), 0);
    cr_assert_eq(s.nsegs, 0);
    cr_assert_neq(gtref_stim_generate(&s, 1, NULL), 0);
    gtref_gen_config_default(&c);
    cr_assert_eq(c.engines, 1);
    cr_assert_eq(c.min_cmds, 20);
    cr_assert_eq(c.max_cmds, 200);
    gtref_stim_free(&s);
}
