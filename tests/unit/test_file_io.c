/* Paths (common/file_io.c): gtref_abs_path and the folder of a path. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gtref/file_io.h"

Test(abs_path, existing_and_missing)
{
    char cwd[PATH_MAX], want[PATH_MAX + 32], got[PATH_MAX];
    cr_assert_not_null(getcwd(cwd, sizeof cwd));
    cr_assert(gtref_abs_path(".", got, sizeof got));
    cr_assert_str_eq(got, cwd);
    /* a file not there yet: its folder made absolute, then its name */
    snprintf(want, sizeof want, "%s/no-such-file.result", cwd);
    cr_assert(gtref_abs_path("./no-such-file.result", got, sizeof got));
    cr_assert_str_eq(got, want);
    cr_assert(gtref_abs_path("/no-such-file", got, sizeof got));
    cr_assert_str_eq(got, "/no-such-file");
    /* nor its folder: an absolute path as it is, a relative one after the current directory */
    cr_assert(gtref_abs_path("/no-such-dir/x", got, sizeof got));
    cr_assert_str_eq(got, "/no-such-dir/x");
    snprintf(want, sizeof want, "%s/no-such-dir/x", cwd);
    cr_assert(gtref_abs_path("no-such-dir/x", got, sizeof got));
    cr_assert_str_eq(got, want);
}

Test(abs_path, too_long_keeps_the_path)
{
    char got[8];
    cr_assert_not(gtref_abs_path("/no-such-file", got, sizeof got));
    cr_assert_str_eq(got, "/no-suc");
    char small[3];
    cr_assert_not(gtref_abs_path("ab", small, sizeof small)); /* the current directory's path does not fit */
    cr_assert_str_eq(small, "ab");
}

Test(dir_of, folders)
{
    char d[64];
    gtref_dir_of("a/b/c", d, sizeof d);
    cr_assert_str_eq(d, "a/b");
    gtref_dir_of("a/b/", d, sizeof d);
    cr_assert_str_eq(d, "a");
    gtref_dir_of("name", d, sizeof d);
    cr_assert_str_eq(d, ".");
    gtref_dir_of("/x", d, sizeof d);
    cr_assert_str_eq(d, "/");
}
