/* Fuzz targets: every reader of outside input (docs/fuzzing.md). Each takes any bytes and must return without
 * crashing, leaking or tripping a sanitizer; it aborts when a property it checks fails (e.g. a stimulus that
 * decodes must encode back to the same bytes). Shared by the libFuzzer harnesses (make fuzz) and the Criterion
 * test that replays tests/fuzz/regress/ (make test). */
#ifndef GTREF_FUZZ_TARGETS_H
#define GTREF_FUZZ_TARGETS_H
#include <stddef.h>
#include <stdint.h>

int gtref_fuzz_stim(const uint8_t *data, size_t size);    /* msgpack stimulus decoder, encode round trip */
int gtref_fuzz_result(const uint8_t *data, size_t size);  /* msgpack result record decoder, round trip */
int gtref_fuzz_gts(const uint8_t *data, size_t size);     /* .gts assembler, disassemble/assemble round trip */
int gtref_fuzz_waiver(const uint8_t *data, size_t size);  /* waiver file parser */
int gtref_fuzz_lists(const uint8_t *data, size_t size);   /* test-list file parser */
int gtref_fuzz_model(const uint8_t *data, size_t size);   /* a decoded stimulus run on the model alone */
int gtref_fuzz_history(const uint8_t *data, size_t size); /* regression history file parser (history.tsv) */

typedef struct gtref_fuzz_target {
    const char *name;
    int (*run)(const uint8_t *data, size_t size);
} gtref_fuzz_target;
extern const gtref_fuzz_target gtref_fuzz_targets[];
extern const size_t gtref_fuzz_ntargets;
#endif
