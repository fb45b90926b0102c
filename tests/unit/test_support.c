/* Helpers shared by the unit tests (see test_support.h). */
#include "test_support.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gtref/gam.h"

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

bool test_stim_encoded_equal(const gtref_stim *a, const gtref_stim *b)
{
    uint8_t *ea = NULL, *eb = NULL;
    size_t la, lb;
    test_encode_ok(a, &ea, &la);
    test_encode_ok(b, &eb, &lb);
    bool same = la == lb && memcmp(ea, eb, la) == 0;
    free(ea);
    free(eb);
    return same;
}

/* GAM-3: bit 0 present, bits 38:12 the page; GAM-4: the entry of va at GSM_BASE + (va >> 12) * 8. */
void test_identity_ggtt(gtref_mem *mem, uint64_t va, uint64_t pages)
{
    uint64_t first = va >> GTREF_PAGE_SHIFT;
    for (uint64_t p = first; p < first + pages; p++) {
        uint64_t pte = (p << GTREF_PAGE_SHIFT) | GTREF_PTE_PRESENT;
        gtref_mem_write32(mem, GTREF_GSM_BASE + p * 8u, (uint32_t)pte);
        gtref_mem_write32(mem, GTREF_GSM_BASE + p * 8u + 4u, (uint32_t)(pte >> 32));
    }
}

void test_stim_identity_ggtt(gtref_stim *s)
{
    uint8_t *b = malloc(TEST_IDENTITY_PAGES * 8u);
    cr_assert(b);
    for (uint64_t p = 0; p < TEST_IDENTITY_PAGES; p++) {
        uint64_t pte = (p << GTREF_PAGE_SHIFT) | GTREF_PTE_PRESENT;
        for (unsigned i = 0; i < 8; i++) b[8 * p + i] = (uint8_t)(pte >> (8 * i));   /* little-endian (GAM-3) */
    }
    cr_assert_eq(gtref_stim_add_segment(s, GTREF_GSM_BASE, GTREF_SEG_DATA, b, TEST_IDENTITY_PAGES * 8u), 0);
    free(b);
    gtref_segment first = s->segs[s->nsegs - 1];   /* move it to the front */
    memmove(s->segs + 1, s->segs, (s->nsegs - 1) * sizeof *s->segs);
    s->segs[0] = first;
}

static uint64_t read64(const gtref_mem *mem, uint64_t a)
{
    return (uint64_t)gtref_mem_read32(mem, a + 4) << 32 | gtref_mem_read32(mem, a);
}

static void write64(gtref_mem *mem, uint64_t a, uint64_t v)
{
    gtref_mem_write32(mem, a, (uint32_t)v);
    gtref_mem_write32(mem, a + 4, (uint32_t)(v >> 32));
}

void test_ppgtt_map(gtref_mem *mem, uint64_t pml4, uint64_t *next, uint64_t va, uint64_t pa)
{
    static const unsigned shift[3] = { 39, 30, 21 };   /* PML4, PDP, PD index bits (GAM-5) */
    uint64_t table = pml4;
    for (int level = 0; level < 3; level++) {
        uint64_t ea = table + ((va >> shift[level]) & 0x1FFu) * 8u, ent = read64(mem, ea);
        if (!(ent & GTREF_PTE_PRESENT)) {
            ent = *next | GTREF_PTE_PRESENT;
            *next += GTREF_PAGE_SIZE;
            write64(mem, ea, ent);
        }
        table = ent & GTREF_PTE_ADDR_MASK;
    }
    write64(mem, table + ((va >> 12) & 0x1FFu) * 8u, (pa & GTREF_PTE_ADDR_MASK) | GTREF_PTE_PRESENT);
}

int test_assemble_text(gtref_stim *s, const char *text, char *err, size_t errsz)
{
    gtref_stim_init(s);
    return gtref_gts_assemble(s, text, "t.gts", err, errsz);
}

static char *with_expect(const char *base, const char *lines)
{
    size_t n = strlen(base) + strlen(lines) + 32;
    char *t = malloc(n);
    cr_assert_not_null(t);
    snprintf(t, n, "%sexpect {\n%s}\n", base, lines);
    return t;
}

void test_assemble_expect_ok(gtref_stim *s, const char *base, const char *lines)
{
    char *t = with_expect(base, lines), err[512];
    cr_assert_eq(test_assemble_text(s, t, err, sizeof err), 0, "%s", err);
    free(t);
}

void test_assemble_expect_fails(const char *base, const char *lines, const char *fragment)
{
    gtref_stim s;
    char *t = with_expect(base, lines), err[512];
    cr_assert_neq(test_assemble_text(&s, t, err, sizeof err), 0, "assembled: %s", lines);
    cr_assert(strstr(err, fragment), "error '%s' lacks '%s'", err, fragment);
    cr_assert(strncmp(err, "t.gts:", 6) == 0, "error '%s' has no file:line", err);
    free(t);
    gtref_stim_free(&s);
}

char *test_disassemble(const gtref_stim *s)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cr_assert(f);
    cr_assert_eq(gtref_gts_disassemble(s, f), 0);
    fclose(f);
    return text;
}

void test_decode_fails_after(gtref_stim *s, void (*mutate)(gtref_stim *), const char *fragment)
{
    gtref_stim d;
    mutate(s);
    uint8_t *buf;
    size_t len;
    test_encode_ok(s, &buf, &len);
    gtref_stim_init(&d);
    char err[512];
    cr_assert_neq(gtref_stim_decode(&d, buf, len, err, sizeof err), 0, "decoded");
    cr_assert(strstr(err, fragment), "'%s' lacks '%s'", err, fragment);
    cr_assert_eq(d.nexpects, 0);
    free(buf);
    gtref_stim_free(&d);
}

void test_ring_gen_defaults(gtref_gen_config *c)
{
    gtref_gen_config_default(c);
    c->execlist_pct = 0;
}
