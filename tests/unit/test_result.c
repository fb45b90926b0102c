/* Result records: msgpack round trip, strict decoding, files, signatures, the printed report. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gtref/result.h"

static void fill_full_result(gtref_result *r)
{
    memset(r, 0, sizeof *r);
    r->status = GTREF_FAIL;
    snprintf(r->test, sizeof r->test, "rand-17");
    snprintf(r->stim, sizeof r->stim, "build/regress/bug-X/stim/rand-17.stim");
    r->seed = 0xfedcba9876543210ull;
    snprintf(r->rtl, sizeof r->rtl, "bug-SDI_QWORD_BE");
    r->engines = 3;
    snprintf(r->build, sizeof r->build, "v1-2-gabcdef0-dirty");
    r->cycles = 123456789012ull;
    r->retired = 4242;
    r->wall_s = 1.0 / 3.0;
    snprintf(r->error, sizeof r->error, "an error text with \"quotes\" and unicode \xc3\xa9");
    snprintf(r->replay, sizeof r->replay, "build/bin/gtref replay build/regress/bug-X/results/rand-17.result");
    r->has_mismatch = 1;
    r->waived = 1;
    snprintf(r->waiver, sizeof r->waiver, "sdi-be (GT-1, jane, until 2027-01-01; waivers/a.waive:3): known");
    gtref_mismatch *m = &r->mm;
    snprintf(m->kind, sizeof m->kind, "mem-write");
    snprintf(m->engine, sizeof m->engine, "RCS0");
    m->cycle = 120;
    snprintf(m->command, sizeof m->command, "MI_STORE_DATA_IMM qword 0x1004");
    m->cmd_addr = 0x40010;
    snprintf(m->expected, sizeof m->expected, "addr 0x1000 be 0xf0 data 0x1111222200000000");
    snprintf(m->actual, sizeof m->actual, "addr 0x1000 be 0xff data 0x1111222233334444");
    snprintf(m->detail, sizeof m->detail, "first of two writes of an unaligned qword");
    snprintf(m->bucket, sizeof m->bucket, "mem-write/RCS0/MI_STORE_DATA_IMM/be");
    gtref_mismatch_sign(m);
    for (int i = 0; i < GTREF_HISTORY; i++) snprintf(m->history[i], sizeof m->history[i], "MI_NOOP #%d", i);
    m->nhistory = GTREF_HISTORY;
}

static void assert_results_equal(const gtref_result *a, const gtref_result *b)
{
    cr_assert_eq(a->status, b->status);
    cr_assert_str_eq(a->test, b->test);
    cr_assert_str_eq(a->stim, b->stim);
    cr_assert_eq(a->seed, b->seed);
    cr_assert_str_eq(a->rtl, b->rtl);
    cr_assert_eq(a->engines, b->engines);
    cr_assert_str_eq(a->build, b->build);
    cr_assert_eq(a->cycles, b->cycles);
    cr_assert_eq(a->retired, b->retired);
    cr_assert_eq(a->wall_s, b->wall_s);
    cr_assert_str_eq(a->error, b->error);
    cr_assert_str_eq(a->replay, b->replay);
    cr_assert_eq(a->has_mismatch, b->has_mismatch);
    cr_assert_eq(a->waived, b->waived);
    cr_assert_str_eq(a->waiver, b->waiver);
    if (!a->has_mismatch) return;
    const gtref_mismatch *x = &a->mm, *y = &b->mm;
    cr_assert_str_eq(x->kind, y->kind);
    cr_assert_str_eq(x->engine, y->engine);
    cr_assert_eq(x->cycle, y->cycle);
    cr_assert_str_eq(x->command, y->command);
    cr_assert_eq(x->cmd_addr, y->cmd_addr);
    cr_assert_str_eq(x->expected, y->expected);
    cr_assert_str_eq(x->actual, y->actual);
    cr_assert_str_eq(x->detail, y->detail);
    cr_assert_str_eq(x->signature, y->signature);
    cr_assert_str_eq(x->bucket, y->bucket);
    cr_assert_eq(x->nhistory, y->nhistory);
    for (int i = 0; i < x->nhistory; i++) cr_assert_str_eq(x->history[i], y->history[i]);
}

static void round_trip(const gtref_result *in, gtref_result *out)
{
    uint8_t *buf = NULL;
    size_t len = 0;
    char err[256];
    cr_assert_eq(gtref_result_encode(in, &buf, &len), 0);
    int rc = gtref_result_decode(out, buf, len, err, sizeof err);
    cr_assert_eq(rc, 0, "decode failed: %s", err);
    free(buf);
}

Test(result, round_trip_keeps_every_field)
{
    gtref_result in, out;
    fill_full_result(&in);
    round_trip(&in, &out);
    assert_results_equal(&in, &out);
}

Test(result, round_trip_without_mismatch_and_every_status)
{
    for (int status = GTREF_PASS; status <= GTREF_TIMEOUT; status++) {
        gtref_result in, out;
        fill_full_result(&in);
        in.status = (uint8_t)status;
        in.has_mismatch = 0;
        in.waived = 0;
        memset(&in.mm, 0, sizeof in.mm);
        memset(&out, 0xa5, sizeof out);
        round_trip(&in, &out);
        assert_results_equal(&in, &out);
        cr_assert_eq(out.mm.nhistory, 0, "no mismatch must leave mm cleared");
    }
}

Test(result, round_trip_of_strings_that_fill_their_fields)
{
    gtref_result in, out;
    fill_full_result(&in);
    memset(in.test, 'x', sizeof in.test - 1);
    memset(in.mm.bucket, 'b', sizeof in.mm.bucket - 1);
    memset(in.mm.history[0], 'h', sizeof in.mm.history[0] - 1);
    round_trip(&in, &out);
    assert_results_equal(&in, &out);
    cr_assert_eq(strlen(out.test), sizeof out.test - 1);
}

Test(result, encoding_is_deterministic_and_self_describing)
{
    gtref_result r;
    fill_full_result(&r);
    uint8_t *a = NULL, *b = NULL;
    size_t alen = 0, blen = 0;
    cr_assert_eq(gtref_result_encode(&r, &a, &alen), 0);
    cr_assert_eq(gtref_result_encode(&r, &b, &blen), 0);
    cr_assert_eq(alen, blen);
    cr_assert_eq(memcmp(a, b, alen), 0);
    /* a map whose first key is "format" with value "gtref-result", then "version": 4 */
    static const uint8_t head[] = "\xa6" "format" "\xac" "gtref-result" "\xa7" "version" "\x04";
    /* 18 keys: a map16 (0xde, then the count as a big-endian 16-bit number) */
    cr_assert_eq(a[0], 0xde, "a map16");
    cr_assert_eq((a[1] << 8) | a[2], 18);
    cr_assert_eq(memcmp(a + 3, head, sizeof head - 1), 0);
    free(a);
    free(b);
}

/* ---- strict decoding: records packed by hand ---- */

enum value_kind { V_STR, V_UINT, V_BOOL, V_NIL, V_DOUBLE, V_MISMATCH, V_INT, V_CORNERS };

typedef struct entry {
    const char *key;
    enum value_kind kind;
    const char *s;
    uint64_t u; /* V_UINT value; V_MISMATCH: number of history entries; V_CORNERS: number of counts */
} entry;

#define MAX_ENTRIES 24

typedef struct record_spec {
    entry e[MAX_ENTRIES];
    size_t n;
} record_spec;

static void valid_spec(record_spec *spec)
{
    static const entry base[] = {
        {"format", V_STR, "gtref-result", 0}, {"version", V_UINT, NULL, 4}, {"status", V_STR, "FAIL", 0},
        {"test", V_STR, "t", 0},              {"stim", V_STR, "t.stim", 0}, {"seed", V_UINT, NULL, 3},
        {"rtl", V_STR, "clean", 0},           {"engines", V_UINT, NULL, 4}, {"build", V_STR, "abc1234", 0},
        {"cycles", V_UINT, NULL, 10}, {"retired", V_UINT, NULL, 2}, {"corners", V_CORNERS, NULL, GTREF_CORNERS},
        {"wall_s", V_DOUBLE, NULL, 0},        {"error", V_STR, "", 0},      {"replay", V_STR, "gtref replay x", 0},
        {"waived", V_BOOL, NULL, 0},          {"waiver", V_STR, "", 0}, {"mismatch", V_MISMATCH, NULL, 2},
    };
    memcpy(spec->e, base, sizeof base);
    spec->n = sizeof base / sizeof base[0];
}

static entry *spec_find(record_spec *spec, const char *key)
{
    for (size_t i = 0; i < spec->n; i++)
        if (strcmp(spec->e[i].key, key) == 0) return &spec->e[i];
    cr_assert_fail("no key %s in the spec", key);
    return NULL;
}

static void spec_drop(record_spec *spec, const char *key)
{
    entry *e = spec_find(spec, key);
    memmove(e, e + 1, (size_t)(&spec->e[spec->n] - (e + 1)) * sizeof *e);
    spec->n--;
}

static void pack_str(msgpack_packer *pk, const char *s)
{
    msgpack_pack_str_with_body(pk, s, strlen(s));
}

static void pack_mismatch(msgpack_packer *pk, uint64_t nhistory)
{
    msgpack_pack_map(pk, 11);
    const char *strs[][2] = {{"kind", "mem-write"}, {"engine", "RCS0"}, {"command", "MI_NOOP"},
                             {"expected", "1"},     {"actual", "2"},    {"detail", ""},
                             {"signature", "0011223344556677"}, {"bucket", "mem-write/RCS0"}};
    for (size_t i = 0; i < 8; i++) {
        pack_str(pk, strs[i][0]);
        pack_str(pk, strs[i][1]);
    }
    pack_str(pk, "cycle");
    msgpack_pack_uint64(pk, 5);
    pack_str(pk, "cmd_addr");
    msgpack_pack_uint64(pk, 0x100);
    pack_str(pk, "history");
    msgpack_pack_array(pk, nhistory);
    for (uint64_t i = 0; i < nhistory; i++) pack_str(pk, "MI_NOOP");
}

static void pack_spec(const record_spec *spec, msgpack_sbuffer *sbuf)
{
    msgpack_packer pk;
    msgpack_sbuffer_init(sbuf);
    msgpack_packer_init(&pk, sbuf, msgpack_sbuffer_write);
    msgpack_pack_map(&pk, spec->n);
    for (size_t i = 0; i < spec->n; i++) {
        const entry *e = &spec->e[i];
        pack_str(&pk, e->key);
        switch (e->kind) {
        case V_STR: pack_str(&pk, e->s); break;
        case V_UINT: msgpack_pack_uint64(&pk, e->u); break;
        case V_INT: msgpack_pack_int64(&pk, -(int64_t)e->u); break;
        case V_BOOL: msgpack_pack_false(&pk); break;
        case V_NIL: msgpack_pack_nil(&pk); break;
        case V_DOUBLE: msgpack_pack_double(&pk, 0.5); break;
        case V_MISMATCH: pack_mismatch(&pk, e->u); break;
        case V_CORNERS:
            msgpack_pack_array(&pk, e->u);
            for (uint64_t k = 0; k < e->u; k++) msgpack_pack_uint64(&pk, k);
            break;
        }
    }
}

/* Decode a hand-packed record; returns the decoder's return code, message in err. */
static int decode_spec(const record_spec *spec, char *err, size_t errsz)
{
    msgpack_sbuffer sbuf;
    pack_spec(spec, &sbuf);
    gtref_result r;
    int rc = gtref_result_decode(&r, (const uint8_t *)sbuf.data, sbuf.size, err, errsz);
    msgpack_sbuffer_destroy(&sbuf);
    return rc;
}

static void assert_rejected(const record_spec *spec, const char *expected_message)
{
    char err[256] = "";
    cr_assert_neq(decode_spec(spec, err, sizeof err), 0, "accepted; expected: %s", expected_message);
    cr_assert(strstr(err, expected_message), "message '%s' lacks '%s'", err, expected_message);
}

Test(result_decode, hand_packed_valid_record_is_accepted)
{
    record_spec spec;
    valid_spec(&spec);
    char err[256] = "";
    cr_assert_eq(decode_spec(&spec, err, sizeof err), 0, "%s", err);
}

Test(result_decode, keys_in_any_order_are_accepted)
{
    record_spec spec;
    valid_spec(&spec);
    for (size_t i = 0; i < spec.n / 2; i++) {
        entry t = spec.e[i];
        spec.e[i] = spec.e[spec.n - 1 - i];
        spec.e[spec.n - 1 - i] = t;
    }
    char err[256] = "";
    cr_assert_eq(decode_spec(&spec, err, sizeof err), 0, "%s", err);
}

Test(result_decode, rejects_wrong_version)
{
    record_spec spec;
    valid_spec(&spec);
    spec_find(&spec, "version")->u = 3;
    assert_rejected(&spec, "unsupported version 3 (this gtref reads version 4)");
}

Test(result_decode, rejects_wrong_format)
{
    record_spec spec;
    valid_spec(&spec);
    spec_find(&spec, "format")->s = "gtref-stim";
    assert_rejected(&spec, "not a gtref result record");
    spec_drop(&spec, "format");
    assert_rejected(&spec, "missing key 'format'");
}

Test(result_decode, rejects_missing_unknown_and_duplicate_keys)
{
    record_spec spec;
    valid_spec(&spec);
    spec_drop(&spec, "cycles");
    assert_rejected(&spec, "missing key 'cycles'");

    valid_spec(&spec);
    spec.e[spec.n++] = (entry){"colour", V_STR, "blue", 0};
    assert_rejected(&spec, "unknown key 'colour'");

    valid_spec(&spec);
    spec.e[spec.n++] = (entry){"seed", V_UINT, NULL, 4};
    assert_rejected(&spec, "key 'seed' appears twice");
}

Test(result_decode, rejects_wrong_types_and_values)
{
    record_spec spec;
    valid_spec(&spec);
    *spec_find(&spec, "seed") = (entry){"seed", V_STR, "17", 0};
    assert_rejected(&spec, "result.seed: expected an unsigned integer, got a string");

    valid_spec(&spec);
    *spec_find(&spec, "cycles") = (entry){"cycles", V_INT, NULL, 5};
    assert_rejected(&spec, "result.cycles: expected an unsigned integer, got a negative integer");

    valid_spec(&spec);
    spec_find(&spec, "status")->s = "MAYBE";
    assert_rejected(&spec, "unknown status 'MAYBE'");

    valid_spec(&spec);
    *spec_find(&spec, "waived") = (entry){"waived", V_UINT, NULL, 1};
    assert_rejected(&spec, "result.waived: expected a boolean");

    valid_spec(&spec);
    *spec_find(&spec, "mismatch") = (entry){"mismatch", V_STR, "none", 0};
    assert_rejected(&spec, "result.mismatch: expected a map, got a string");
}

Test(result_decode, rejects_strings_too_long_for_their_field)
{
    char long_name[200];
    memset(long_name, 'n', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = '\0';
    record_spec spec;
    valid_spec(&spec);
    spec_find(&spec, "test")->s = long_name;
    assert_rejected(&spec, "result.test: string of 199 bytes is longer than the 63 allowed");
}

Test(result_decode, rejects_history_longer_than_the_record_holds)
{
    record_spec spec;
    valid_spec(&spec);
    spec_find(&spec, "mismatch")->u = GTREF_HISTORY + 1;
    assert_rejected(&spec, "result.mismatch.history: 17 entries, at most 16 allowed");
}

Test(result_decode, rejects_garbage)
{
    char err[256] = "";
    gtref_result r;
    static const uint8_t text[] = "this is not msgpack";
    cr_assert_neq(gtref_result_decode(&r, text, sizeof text - 1, err, sizeof err), 0);
    cr_assert(strstr(err, "not a gtref result record") || strstr(err, "not msgpack"), "%s", err);

    static const uint8_t bad_byte[] = {0xc1}; /* never used in msgpack */
    cr_assert_neq(gtref_result_decode(&r, bad_byte, sizeof bad_byte, err, sizeof err), 0);
    cr_assert(strstr(err, "not msgpack"), "%s", err);

    cr_assert_neq(gtref_result_decode(&r, text, 0, err, sizeof err), 0);
    cr_assert(strstr(err, "empty"), "%s", err);

    static const uint8_t array[] = {0x91, 0x01};
    cr_assert_neq(gtref_result_decode(&r, array, sizeof array, err, sizeof err), 0);
    cr_assert(strstr(err, "expected a map, got an array"), "%s", err);
}

Test(result_decode, rejects_every_truncation_and_trailing_bytes)
{
    gtref_result in, out;
    fill_full_result(&in);
    uint8_t *buf = NULL;
    size_t len = 0;
    cr_assert_eq(gtref_result_encode(&in, &buf, &len), 0);
    char err[256];
    for (size_t cut = 1; cut < len; cut++) {
        err[0] = '\0';
        cr_assert_neq(gtref_result_decode(&out, buf, cut, err, sizeof err), 0, "accepted %zu of %zu bytes", cut, len);
        cr_assert(strstr(err, "truncated"), "at %zu bytes: %s", cut, err);
    }
    uint8_t *longer = malloc(len + 1);
    memcpy(longer, buf, len);
    longer[len] = 0xc0;
    cr_assert_neq(gtref_result_decode(&out, longer, len + 1, err, sizeof err), 0);
    cr_assert(strstr(err, "1 unexpected bytes after the record"), "%s", err);
    free(longer);
    free(buf);
}

Test(result_decode, failure_leaves_the_result_untouched)
{
    gtref_result r, before;
    fill_full_result(&r);
    before = r;
    record_spec spec;
    valid_spec(&spec);
    spec_drop(&spec, "rtl");
    msgpack_sbuffer sbuf;
    pack_spec(&spec, &sbuf);
    char err[256];
    cr_assert_neq(gtref_result_decode(&r, (const uint8_t *)sbuf.data, sbuf.size, err, sizeof err), 0);
    msgpack_sbuffer_destroy(&sbuf);
    assert_results_equal(&r, &before);
}

/* ---- files ---- */

static size_t count_dir_entries(const char *dir)
{
    DIR *d = opendir(dir);
    cr_assert(d);
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
    closedir(d);
    return n;
}

Test(result_file, write_then_read_leaves_only_the_record)
{
    char dir[] = "/tmp/gtref-test-result-XXXXXX";
    cr_assert(mkdtemp(dir));
    char path[128], err[512];
    snprintf(path, sizeof path, "%s/rand-17.result", dir);
    gtref_result in, out;
    fill_full_result(&in);
    cr_assert_eq(gtref_result_write_file(&in, path, err, sizeof err), 0, "%s", err);
    in.status = GTREF_PASS; /* overwrite: rename replaces the old record */
    cr_assert_eq(gtref_result_write_file(&in, path, err, sizeof err), 0, "%s", err);
    cr_assert_eq(gtref_result_read_file(&out, path, err, sizeof err), 0, "%s", err);
    assert_results_equal(&in, &out);
    cr_assert_eq(count_dir_entries(dir), 1, "the temporary file must be gone");
    unlink(path);
    rmdir(dir);
}

Test(result_file, read_errors_name_the_file)
{
    char err[512] = "";
    gtref_result r;
    cr_assert_neq(gtref_result_read_file(&r, "/nonexistent/x.result", err, sizeof err), 0);
    cr_assert(strstr(err, "/nonexistent/x.result") && strstr(err, "No such file"), "%s", err);

    char path[] = "/tmp/gtref-test-garbage-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, "\x92\x01", 2), 2);
    close(fd);
    cr_assert_neq(gtref_result_read_file(&r, path, err, sizeof err), 0);
    cr_assert(strstr(err, path) && strstr(err, "truncated"), "%s", err);
    unlink(path);
}

Test(result_file, write_into_a_missing_directory_fails_with_a_message)
{
    gtref_result r;
    fill_full_result(&r);
    char err[512] = "";
    cr_assert_neq(gtref_result_write_file(&r, "/nonexistent/dir/x.result", err, sizeof err), 0);
    cr_assert(strstr(err, "/nonexistent/dir/x.result: "), "%s", err);
    cr_assert_null(strstr(err, ".tmp"), "the message names the temporary file, not the one asked for: %s", err);
}

/* ---- signatures ---- */

static void sign_text(const char *bucket, char signature[20])
{
    gtref_mismatch m;
    memset(&m, 0, sizeof m);
    snprintf(m.bucket, sizeof m.bucket, "%s", bucket);
    gtref_mismatch_sign(&m);
    memcpy(signature, m.signature, 20);
}

Test(signature, is_fnv1a_64_in_16_hex_digits)
{
    char sig[20];
    sign_text("", sig);
    cr_assert_str_eq(sig, "cbf29ce484222325");
    sign_text("a", sig);
    cr_assert_str_eq(sig, "af63dc4c8601ec8c");
    sign_text("foobar", sig);
    cr_assert_str_eq(sig, "85944171f73967e8");
}

Test(signature, same_bucket_same_signature_different_bucket_different)
{
    char a[20], b[20], c[20];
    sign_text("mem-write/RCS0/MI_STORE_DATA_IMM/be", a);
    sign_text("mem-write/RCS0/MI_STORE_DATA_IMM/be", b);
    sign_text("mem-write/RCS0/MI_STORE_DATA_IMM/data", c);
    cr_assert_str_eq(a, b);
    cr_assert_str_neq(a, c);
    /* only the bucket text counts, not the numbers of the mismatch */
    gtref_mismatch m1, m2;
    memset(&m1, 0, sizeof m1);
    memset(&m2, 0, sizeof m2);
    snprintf(m1.bucket, sizeof m1.bucket, "retire/RCS0/MI_NOOP/dw0");
    snprintf(m2.bucket, sizeof m2.bucket, "retire/RCS0/MI_NOOP/dw0");
    m1.cycle = 10;
    m2.cycle = 99999;
    snprintf(m1.expected, sizeof m1.expected, "0x0");
    snprintf(m2.expected, sizeof m2.expected, "0x1234");
    gtref_mismatch_sign(&m1);
    gtref_mismatch_sign(&m2);
    cr_assert_str_eq(m1.signature, m2.signature);
}

/* ---- names and report ---- */

Test(result, status_names)
{
    cr_assert_str_eq(gtref_status_name(GTREF_PASS), "PASS");
    cr_assert_str_eq(gtref_status_name(GTREF_FAIL), "FAIL");
    cr_assert_str_eq(gtref_status_name(GTREF_ERROR), "ERROR");
    cr_assert_str_eq(gtref_status_name(GTREF_CRASH), "CRASH");
    cr_assert_str_eq(gtref_status_name(GTREF_TIMEOUT), "TIMEOUT");
    cr_assert_str_eq(gtref_status_name(GTREF_UNIMPLEMENTED), "UNIMPLEMENTED");
    cr_assert_str_eq(gtref_status_name(6), "UNKNOWN");
    cr_assert_str_eq(gtref_status_name(-1), "UNKNOWN");
}

static char *print_to_string(const gtref_result *r)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    cr_assert(f);
    gtref_result_print(r, f);
    fclose(f);
    return text;
}

Test(result, report_says_what_where_and_how_to_replay)
{
    gtref_result r;
    fill_full_result(&r);
    r.mm.nhistory = 2;
    char *text = print_to_string(&r);
    const char *expected[] = {
        "FAIL rand-17  (seed 18364758544493064720, rtl bug-SDI_QWORD_BE, 3 engines, build v1-2-gabcdef0-dirty)  waived\n",
        "  waived:   sdi-be (GT-1, jane, until 2027-01-01; waivers/a.waive:3): known\n",
        "  mem-write on RCS0 at cycle 120\n",
        "  command:  MI_STORE_DATA_IMM qword 0x1004 at 0x40010\n",
        "  expected: addr 0x1000 be 0xf0 data 0x1111222200000000\n",
        "  actual:   addr 0x1000 be 0xff data 0x1111222233334444\n",
        "  detail:   first of two writes",
        "  last 2 commands on RCS0, oldest first:\n    MI_NOOP #0\n    MI_NOOP #1\n",
        "  signature ",
        " (mem-write/RCS0/MI_STORE_DATA_IMM/be)\n",
        "  replay:   build/bin/gtref replay build/regress/bug-X/results/rand-17.result\n",
    };
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++)
        cr_assert(strstr(text, expected[i]), "report lacks '%s':\n%s", expected[i], text);
    cr_assert(strstr(text, r.mm.signature));
    cr_assert_null(strstr(text, "MI_NOOP #2"), "only nhistory entries");
    free(text);
}

Test(result, report_of_a_crash_shows_the_error_and_no_mismatch)
{
    gtref_result r;
    memset(&r, 0, sizeof r);
    r.status = GTREF_CRASH;
    snprintf(r.test, sizeof r.test, "rand-3");
    snprintf(r.error, sizeof r.error, "killed by signal 11 (Segmentation fault) without a result");
    char *text = print_to_string(&r);
    cr_assert(strstr(text, "CRASH rand-3  (seed 0, rtl )"), "%s", text);
    cr_assert(strstr(text, "  error:    killed by signal 11"), "%s", text);
    cr_assert_null(strstr(text, "mismatch"), "%s", text);
    free(text);
}

Test(result, report_leads_with_the_mismatch_and_ends_with_the_counters)
{
    gtref_result r;
    fill_full_result(&r);
    r.error[0] = '\0';
    r.waived = 0;
    r.corners[3] = 7;
    r.corners[12] = 2;
    char *text = print_to_string(&r);
    /* the FAIL line, then at once the mismatch */
    const char *second = strchr(text, '\n') + 1;
    cr_assert_eq(strncmp(text, "FAIL rand-17 ", 13), 0, "%s", text);
    cr_assert_eq(strncmp(second, "  mem-write on RCS0 at cycle 120\n", 33), 0, "the second line is not the mismatch:\n%s", text);
    /* the coverage counters last: after the signature, the replay command and the run's facts */
    const char *sig = strstr(text, "  signature "), *replay = strstr(text, "  replay:   "), *ran = strstr(text, "  ran:  "),
               *corners = strstr(text, "  corners:  7 x ");
    cr_assert(sig && replay && ran && corners, "%s", text);
    cr_assert(sig < replay && replay < corners && ran < corners, "the counters are not last:\n%s", text);
    cr_assert(strstr(corners, "            2 x "), "the second counter is not under the first:\n%s", text);
    free(text);
}

Test(result, report_of_a_test_that_never_ran_says_so_without_a_replay)
{
    gtref_result r;
    memset(&r, 0, sizeof r);
    r.status = GTREF_ERROR;
    r.engines = 4;
    snprintf(r.test, sizeof r.test, "bad");
    snprintf(r.rtl, sizeof r.rtl, "clean");
    snprintf(r.stim, sizeof r.stim, "/tmp/bad.gts");
    snprintf(r.error, sizeof r.error, "/tmp/bad.gts:4: unknown command 'MI_FROBNICATE'");
    snprintf(r.replay, sizeof r.replay, "gtref replay out/results/bad.result");
    cr_assert(gtref_result_never_ran(&r));
    char *text = print_to_string(&r);
    cr_assert_str_eq(text, "ERROR bad  (seed 0, rtl clean, 4 engines)  the test did not run\n"
                           "  why:      /tmp/bad.gts:4: unknown command 'MI_FROBNICATE'\n"
                           "  stimulus: /tmp/bad.gts\n");
    free(text);
    /* an ERROR the simulator itself reported (it ran: its build is named) keeps its replay line */
    snprintf(r.build, sizeof r.build, "v1");
    cr_assert_not(gtref_result_never_ran(&r));
    text = print_to_string(&r);
    cr_assert(strstr(text, "  replay:   gtref replay out/results/bad.result\n"), "%s", text);
    cr_assert_null(strstr(text, "did not run"), "%s", text);
    free(text);
}

Test(result_decode, rejects_a_corners_array_of_the_wrong_length)
{
    record_spec spec;
    valid_spec(&spec);
    char msg[96];
    spec_find(&spec, "corners")->u = GTREF_CORNERS - 1;
    snprintf(msg, sizeof msg, "result.corners: %d entries, expected %d", GTREF_CORNERS - 1, GTREF_CORNERS);
    assert_rejected(&spec, msg);
    spec_find(&spec, "corners")->u = GTREF_CORNERS + 1;
    snprintf(msg, sizeof msg, "result.corners: %d entries, expected %d", GTREF_CORNERS + 1, GTREF_CORNERS);
    assert_rejected(&spec, msg);
}

/* The corner names (gtref_corner_names, gtref_sb_corners_reached's order): every one named and distinct; the GAM's bins
 * end with the cascade's (docs/gam.md §4): per class RO, R, WR the GAC->GAM machine's 8 states, then its 64 moves
 * (from-major), then the conflicts decided by the fixed side (RO GAC, RO GAB, R GAC, R GAB, WR GAC: no WR GAB, G23),
 * then the owner switches (per class to GAB, to GAC). */
Test(result, corner_names_are_distinct_and_end_with_the_cascade_bins)
{
    for (int i = 0; i < GTREF_CORNERS; i++) {
        cr_assert(gtref_corner_names[i] && gtref_corner_names[i][0], "corner %d has no name", i);
        for (int j = 0; j < i; j++)
            cr_assert_str_neq(gtref_corner_names[i], gtref_corner_names[j], "corners %d and %d", j, i);
    }
    const int replicated = 4 * 32 + 4 * 3 + 3;   /* after the cascade: docs/gam.md §4's replicated and meeting bins */
    const int casc = GTREF_CORNERS - replicated - (3 * 8 + 3 * 64 + 5 + 6);
    cr_assert_str_eq(gtref_corner_names[casc - 1], "a TLB invalidated by a host INSTPM write (GAM-22)");
    cr_assert_str_eq(gtref_corner_names[casc], "arbitration in GAC->GAM RO machine state 0 (GAM-28)");
    cr_assert_str_eq(gtref_corner_names[casc + 8 + 5], "arbitration in GAC->GAM R machine state 5 (GAM-28)");
    cr_assert_str_eq(gtref_corner_names[casc + 23], "arbitration in GAC->GAM WR machine state 7 (GAM-28)");
    const int moves = casc + 24;
    cr_assert_str_eq(gtref_corner_names[moves], "GAC->GAM RO transition 0 -> 0 (GAM-28)");
    cr_assert_str_eq(gtref_corner_names[moves + 64 + 5 * 8 + 2], "GAC->GAM R transition 5 -> 2 (GAM-28)");
    cr_assert_str_eq(gtref_corner_names[moves + 2 * 64 + 7 * 8 + 6], "GAC->GAM WR transition 7 -> 6 (GAM-28)");
    const int fixed = moves + 3 * 64;
    static const char *const tail[] = {
        "GAC/GAB RO conflict decided by the fixed side GAC (GAM-27)", "GAC/GAB RO conflict decided by the fixed side GAB (GAM-27)",
        "GAC/GAB R conflict decided by the fixed side GAC (GAM-27)",  "GAC/GAB R conflict decided by the fixed side GAB (GAM-27)",
        "GAC/GAB WR conflict decided by the fixed side GAC (GAM-27)", "GAC/GAB RO owner switch to GAB (GAM-27)",
        "GAC/GAB RO owner switch to GAC (GAM-27)",                    "GAC/GAB R owner switch to GAB (GAM-27)",
        "GAC/GAB R owner switch to GAC (GAM-27)",                     "GAC/GAB WR owner switch to GAB (GAM-27)",
        "GAC/GAB WR owner switch to GAC (GAM-27)"};
    for (int k = 0; k < 11; k++) cr_assert_str_eq(gtref_corner_names[fixed + k], tail[k]);
    /* then per engine (RCS0, BCS0, VCS0, VECS0) its 32 TLB entries hit, per engine its clients IF, DR, WR granted, the
     * two meets (GGTT hit, PPGTT hit) and the page reached through both spaces */
    const int entries = fixed + 11;
    cr_assert_str_eq(gtref_corner_names[entries], "RCS0 TLB entry 0 hit (GAM-7, GAM-8)");
    cr_assert_str_eq(gtref_corner_names[entries + 31], "RCS0 TLB entry 31 hit (GAM-7, GAM-8)");
    cr_assert_str_eq(gtref_corner_names[entries + 3 * 32 + 17], "VECS0 TLB entry 17 hit (GAM-7, GAM-8)");
    const int grants = entries + 4 * 32;
    cr_assert_str_eq(gtref_corner_names[grants], "RCS0 granted a request of client IF (GAM-9)");
    cr_assert_str_eq(gtref_corner_names[grants + 3 + 2], "BCS0 granted a request of client WR (GAM-9)");
    cr_assert_str_eq(gtref_corner_names[grants + 11], "VECS0 granted a request of client WR (GAM-9)");
    cr_assert_str_eq(gtref_corner_names[grants + 12], "GGTT hit while a PPGTT entry of the same page number is valid (GAM-7)");
    cr_assert_str_eq(gtref_corner_names[grants + 13], "PPGTT hit while a GGTT entry of the same page number is valid (GAM-7)");
    cr_assert_str_eq(gtref_corner_names[grants + 14], "a physical page in the TLB through both spaces (GAM-7)");
    cr_assert_eq(grants + 15, GTREF_CORNERS);
}
