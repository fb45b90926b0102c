/* libFuzzer entry point: one binary per target, chosen at build time with -DGTREF_FUZZ_TARGET=gtref_fuzz_<name>. */
#include <stddef.h>
#include <stdint.h>

#include "targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return GTREF_FUZZ_TARGET(data, size);
}
