/* Helpers shared by the unit tests (no tests of their own). */
#ifndef GTREF_TEST_SUPPORT_H
#define GTREF_TEST_SUPPORT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gtref/mem.h"
#include "gtref/stim.h"

/* The generator's defaults with execlist_pct 0: the ring-buffer traffic the tests written before execlists hold to
 * their rules (a seed where execlist_pct misses is byte for byte that stimulus; the execlist seeds are
 * tests/unit/test_gen_execlist.c's). */
void test_ring_gen_defaults(gtref_gen_config *c);

/* tests/directed, whether the tests run from the repository root or from build/tests. */
const char *test_directed_dir(void);
/* Encode s, asserting that it succeeds and gives bytes (*buf to free()). */
void test_encode_ok(const gtref_stim *s, uint8_t **buf, size_t *len);
/* Whether a and b encode byte for byte the same (both must encode): how a knob of its own random stream is shown to
 * leave the seeds where it misses alone (docs/stimulus-format.md §3). */
bool test_stim_encoded_equal(const gtref_stim *a, const gtref_stim *b);

/* Identity translation for the tests written before the GAM (docs/gam.md GAM-3, GAM-4): every access of the model
 * is translated, and the ring fetch always through the GGTT, so a stimulus needs GGTT entries. */
#define TEST_IDENTITY_PAGES 4096u   /* graphics addresses 0 .. 16 MB - 1: every address the older tests use */
/* Present GGTT entries mapping graphics page va >> 12 .. + pages - 1 to the same physical pages, in mem. */
void test_identity_ggtt(gtref_mem *mem, uint64_t va, uint64_t pages);
/* The same for the first TEST_IDENTITY_PAGES pages as a data segment put before s's own segments (which, applied
 * after it, keep any entry the stimulus writes itself). */
void test_stim_identity_ggtt(gtref_stim *s);
/* Map graphics page va >> 12 to physical page pa >> 12 in the four-level PPGTT whose PML4 table is at pml4 (GAM-3,
 * GAM-5), in mem: a missing directory is a new 4 KB table at *next (advanced). The engine's PDP0, PP_DCLV and
 * RING_MODE[9] are the caller's. */
void test_ppgtt_map(gtref_mem *mem, uint64_t pml4, uint64_t *next, uint64_t va, uint64_t pa);

/* Assemble text as "t.gts" into s (initialised here): the assembler's return code, err its message. */
int test_assemble_text(gtref_stim *s, const char *text, char *err, size_t errsz);
/* Assemble base followed by `expect {` lines `}`: must succeed (s holds it), or must fail with a message that
 * contains fragment and starts with "t.gts:" (a line number). */
void test_assemble_expect_ok(gtref_stim *s, const char *base, const char *lines);
void test_assemble_expect_fails(const char *base, const char *lines, const char *fragment);
/* The disassembly of s (to free()), asserting that it succeeds. */
char *test_disassemble(const gtref_stim *s);
/* Encode s after mutate(s) changed it: decoding must fail with a message containing fragment, and leave nothing. */
void test_decode_fails_after(gtref_stim *s, void (*mutate)(gtref_stim *), const char *fragment);
#endif
