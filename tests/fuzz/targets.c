/* Fuzz targets (see targets.h). */
#include "targets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtref/history.h"
#include "gtref/model_only.h"
#include "gtref/result.h"
#include "gtref/stim.h"
#include "gtref/night_lists.h"
#include "gtref/waiver.h"

#define CHECK(cond)                                                                                               \
    do {                                                                                                          \
        if (!(cond)) {                                                                                            \
            fprintf(stderr, "fuzz property failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__);                     \
            abort();                                                                                              \
        }                                                                                                         \
    } while (0)

/* The bytes as a NUL-terminated string (text readers), or NULL when they hold a NUL. */
static char *as_text(const uint8_t *data, size_t size)
{
    if (memchr(data, 0, size)) return NULL;
    char *t = malloc(size + 1);
    if (!t) return NULL;
    memcpy(t, data, size);
    t[size] = '\0';
    return t;
}

int gtref_fuzz_stim(const uint8_t *data, size_t size)
{
    gtref_stim s;
    char err[512];
    gtref_stim_init(&s);
    if (gtref_stim_decode(&s, data, size, err, sizeof err) == 0) {
        uint8_t *a = NULL, *b = NULL;
        size_t na = 0, nb = 0;
        CHECK(gtref_stim_encode(&s, &a, &na) == 0);
        gtref_stim t;
        gtref_stim_init(&t);
        CHECK(gtref_stim_decode(&t, a, na, err, sizeof err) == 0);
        CHECK(gtref_stim_encode(&t, &b, &nb) == 0);
        CHECK(na == nb && memcmp(a, b, na) == 0); /* deterministic encoding: same stimulus, same bytes */
        gtref_stim_free(&t);
        free(a);
        free(b);
    } else {
        CHECK(err[0] != '\0'); /* a refusal says why */
    }
    gtref_stim_free(&s);
    return 0;
}

int gtref_fuzz_result(const uint8_t *data, size_t size)
{
    gtref_result r, r2;
    char err[512] = "";
    if (gtref_result_decode(&r, data, size, err, sizeof err) == 0) {
        uint8_t *a = NULL, *b = NULL;
        size_t na = 0, nb = 0;
        CHECK(gtref_result_encode(&r, &a, &na) == 0);
        CHECK(gtref_result_decode(&r2, a, na, err, sizeof err) == 0);
        CHECK(gtref_result_encode(&r2, &b, &nb) == 0);
        CHECK(na == nb && memcmp(a, b, na) == 0);
        FILE *f = fopen("/dev/null", "w");
        if (f) gtref_result_print(&r, f), fclose(f);
        free(a);
        free(b);
    } else {
        CHECK(err[0] != '\0');
    }
    return 0;
}

int gtref_fuzz_gts(const uint8_t *data, size_t size)
{
    char *text = as_text(data, size);
    if (!text) return 0;
    gtref_stim s;
    char err[1024] = "";
    gtref_stim_init(&s);
    if (gtref_gts_assemble(&s, text, "fuzz.gts", err, sizeof err) == 0) {
        /* lossless: disassembled and assembled again, the same stimulus bytes */
        char *dis = NULL;
        size_t ndis = 0;
        FILE *f = open_memstream(&dis, &ndis);
        CHECK(f != NULL);
        CHECK(gtref_gts_disassemble(&s, f) == 0);
        fclose(f);
        gtref_stim t;
        gtref_stim_init(&t);
        int rc = gtref_gts_assemble(&t, dis, "fuzz-dis.gts", err, sizeof err);
        if (rc != 0) fprintf(stderr, "disassembly does not assemble: %s\n%s\n", err, dis);
        CHECK(rc == 0);
        uint8_t *a = NULL, *b = NULL;
        size_t na = 0, nb = 0;
        CHECK(gtref_stim_encode(&s, &a, &na) == 0);
        CHECK(gtref_stim_encode(&t, &b, &nb) == 0);
        CHECK(na == nb && memcmp(a, b, na) == 0);
        free(a);
        free(b);
        free(dis);
        gtref_stim_free(&t);
    } else {
        CHECK(strncmp(err, "fuzz.gts", 8) == 0); /* a refusal names the file (and line) */
    }
    gtref_stim_free(&s);
    free(text);
    return 0;
}

int gtref_fuzz_waiver(const uint8_t *data, size_t size)
{
    char *text = as_text(data, size);
    if (!text) return 0;
    gtref_waivers ws = {0};
    char err[1024] = "";
    if (gtref_waivers_parse(&ws, "fuzz.waive", text, err, sizeof err) != 0) {
        CHECK(strncmp(err, "fuzz.waive:", 11) == 0);
        CHECK(ws.n == 0);
    }
    gtref_waivers_free(&ws);
    free(text);
    return 0;
}

int gtref_fuzz_lists(const uint8_t *data, size_t size)
{
    static const char *const known[] = {"malformed-pct", "w-math", "timeout", "require-coverage", NULL};
    char *text = as_text(data, size);
    if (!text) return 0;
    gtref_test_lists ls = {0};
    char err[1024] = "";
    if (gtref_lists_parse(&ls, "fuzz.txt", text, known, err, sizeof err) != 0) CHECK(strncmp(err, "fuzz.txt:", 9) == 0);
    gtref_lists_free(&ls);
    free(text);
    return 0;
}

int gtref_fuzz_model(const uint8_t *data, size_t size)
{
    gtref_stim s;
    char err[512];
    gtref_stim_init(&s);
    if (gtref_stim_decode(&s, data, size, err, sizeof err) == 0) {
        if (s.max_cycles > 20000) s.max_cycles = 20000; /* bounded: an endless batch loop ends as an error */
        gtref_model_run r;
        gtref_model_only_run(&s, &r);
        gtref_model_run_free(&r);
    }
    gtref_stim_free(&s);
    return 0;
}

int gtref_fuzz_history(const uint8_t *data, size_t size)
{
    char *text = as_text(data, size);
    if (!text) return 0;
    gtref_history h = {0};
    char err[1024] = "";
    if (gtref_history_parse(&h, "fuzz.tsv", text, err, sizeof err) == 0) {
        /* what a run asks of the history it read back: the last run of each series and when its buckets began */
        for (size_t i = 0; i < h.n; i++) {
            const gtref_hist_run *last = gtref_history_last(&h, h.runs[i].series);
            CHECK(last != NULL);
            char when[24];
            for (size_t b = 0; b < h.runs[i].nbuckets; b++)
                CHECK(gtref_history_first_seen(&h, h.runs[i].series, h.runs[i].buckets[b].signature, when) != 0);
            /* a bucket waived in the series' last run has been waived since some run, at the latest that one */
            for (size_t b = 0; last == &h.runs[i] && b < h.runs[i].nwaived_buckets; b++)
                CHECK(gtref_history_waived_since(&h, h.runs[i].series, h.runs[i].waived_buckets[b].signature, when) != 0);
        }
    } else {
        CHECK(strncmp(err, "fuzz.tsv:", 9) == 0); /* a refusal says FILE:LINE: */
    }
    gtref_history_free(&h);
    free(text);
    return 0;
}

const gtref_fuzz_target gtref_fuzz_targets[] = {
    {"stim", gtref_fuzz_stim},     {"result", gtref_fuzz_result}, {"gts", gtref_fuzz_gts},
    {"waiver", gtref_fuzz_waiver}, {"lists", gtref_fuzz_lists},   {"model", gtref_fuzz_model},
    {"history", gtref_fuzz_history},
};
const size_t gtref_fuzz_ntargets = sizeof gtref_fuzz_targets / sizeof gtref_fuzz_targets[0];
