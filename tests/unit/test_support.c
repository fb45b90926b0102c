/* Helpers shared by the unit tests (see test_support.h). */
#include "test_support.h"

#include <criterion/criterion.h>
#include <sys/stat.h>

const char *test_directed_dir(void)
{
    static const char *const candidates[] = { "tests/directed", "../tests/directed", "../../tests/directed" };
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
        struct stat st;
        if (stat(candidates[i], &st) == 0 && S_ISDIR(st.st_mode)) return candidates[i];
    }
    cr_assert_fail("tests/directed not found from the working directory");
    return NULL;
}

void test_encode_ok(const gtref_stim *s, uint8_t **buf, size_t *len)
{
    cr_assert_eq(gtref_stim_encode(s, buf, len), 0, "encode failed");
    cr_assert(*buf && *len, "encode gave no bytes");
}
