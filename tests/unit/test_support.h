/* Helpers shared by the unit tests (no tests of their own). */
#ifndef GTREF_TEST_SUPPORT_H
#define GTREF_TEST_SUPPORT_H
#include <stddef.h>
#include <stdint.h>

#include "gtref/stim.h"

/* tests/directed, whether the tests run from the repository root or from build/tests. */
const char *test_directed_dir(void);
/* Encode s, asserting that it succeeds and gives bytes (*buf to free()). */
void test_encode_ok(const gtref_stim *s, uint8_t **buf, size_t *len);
#endif
