/* Every input kept under tests/fuzz/ (the seed corpora, and the inputs that once crashed a reader, in
 * tests/fuzz/regress/<target>/) is run through its fuzz target under ASan/UBSan: a reader that crashes, leaks
 * or breaks a round trip on one of them fails here, without a fuzzer (docs/fuzzing.md). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/targets.h"
#include "gtref/file_io.h"

static size_t run_dir(const gtref_fuzz_target *t, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return 0;
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        char path[1024], err[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        uint8_t *buf = NULL;
        size_t len = 0;
        if (gtref_file_read_all(path, 1u << 20, &buf, &len, err, sizeof err)) continue;
        t->run(buf, len);
        free(buf);
        n++;
    }
    closedir(d);
    return n;
}

Test(fuzz_inputs, kept_inputs_pass_every_target, .timeout = 120)
{
    size_t total = 0;
    for (size_t i = 0; i < gtref_fuzz_ntargets; i++) {
        const gtref_fuzz_target *t = &gtref_fuzz_targets[i];
        char dir[256];
        snprintf(dir, sizeof dir, "tests/fuzz/corpus/%s", t->name);
        size_t n = run_dir(t, dir);
        cr_assert_gt(n, 0, "no seed inputs in %s", dir);
        snprintf(dir, sizeof dir, "tests/fuzz/regress/%s", t->name);
        total += n + run_dir(t, dir);
    }
    cr_log_info("%zu kept fuzz inputs", total);
}

Test(fuzz_inputs, targets_survive_hostile_bytes)
{
    static const uint8_t junk[][16] = {
        {0xde, 0xff, 0xff},                       /* map16 claiming 65535 entries */
        {0xdf, 0xff, 0xff, 0xff, 0xff},           /* map32 claiming 4 G entries */
        {0xc1},                                   /* never used */
        {0x81, 0xa6, 'f', 'o', 'r', 'm', 'a', 't'},/* a key without its value */
        {'w', 'a', 'i', 'v', 'e', 'r', ' ', '"'}, /* unclosed quote */
    };
    for (size_t i = 0; i < gtref_fuzz_ntargets; i++)
        for (size_t k = 0; k < sizeof junk / sizeof junk[0]; k++) gtref_fuzz_targets[i].run(junk[k], sizeof junk[k]);
}

#include "gtref/msgpack_check.h"

Test(msgpack_check, counts_and_lengths_must_fit_the_bytes_left)
{
    size_t off;
    const char *why;
    static const uint8_t ok[] = {0x82, 0xa1, 'a', 0x01, 0xa1, 'b', 0x92, 0xc0, 0xcd, 0x01, 0x02};
    cr_assert_eq(gtref_msgpack_check(ok, sizeof ok, 4, &off, &why), 0, "%s at %zu", why, off);
    static const uint8_t map32[] = {0xdf, 0xff, 0xff, 0xff, 0xff, 0x01};
    cr_assert_eq(gtref_msgpack_check(map32, sizeof map32, 4, &off, &why), -1);
    cr_assert_str_eq(why, "a container claims more elements than there are bytes left");
    cr_assert_eq(off, 0);
    static const uint8_t str32[] = {0x91, 0xdb, 0x7f, 0xff, 0xff, 0xff, 'x'};
    cr_assert_eq(gtref_msgpack_check(str32, sizeof str32, 4, &off, &why), -1);
    cr_assert_str_eq(why, "a length runs past the end of the data");
    cr_assert_eq(off, 1);
    static const uint8_t deep[] = {0x91, 0x91, 0x91, 0x91, 0x91, 0xc0};
    cr_assert_eq(gtref_msgpack_check(deep, sizeof deep, 4, &off, &why), -1);
    cr_assert_str_eq(why, "nested too deeply");
    static const uint8_t trailing[] = {0xc0, 0xc0};
    cr_assert_eq(gtref_msgpack_check(trailing, sizeof trailing, 4, &off, &why), -1);
    cr_assert_str_eq(why, "bytes after the object");
    cr_assert_eq(off, 1);
    static const uint8_t fixext[] = {0xd6, 0x01, 0xaa, 0xbb, 0xcc, 0xdd};
    cr_assert_eq(gtref_msgpack_check(fixext, sizeof fixext, 4, &off, &why), 0, "%s", why);
}
