/* Sparse physical memory: an open-addressing hash of 4 KiB pages keyed by page number. */
#include "gtref/mem.h"

#include <stdlib.h>
#include <string.h>

#define PAGE 4096u

struct gtref_mem {
    uint64_t *keys;     /* page number + 1; 0 = empty slot */
    uint8_t **pages;
    size_t cap, used;
};

gtref_mem *gtref_mem_create(void)
{
    gtref_mem *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->cap = 256;
    m->keys = calloc(m->cap, sizeof *m->keys);
    m->pages = calloc(m->cap, sizeof *m->pages);
    if (!m->keys || !m->pages) { gtref_mem_destroy(m); return NULL; }
    return m;
}

void gtref_mem_destroy(gtref_mem *m)
{
    if (!m) return;
    for (size_t i = 0; i < m->cap; i++) free(m->pages ? m->pages[i] : NULL);
    free(m->keys);
    free(m->pages);
    free(m);
}

static size_t slot_of(const gtref_mem *m, uint64_t key)
{
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    size_t i = (size_t)(h >> 20) & (m->cap - 1);
    while (m->keys[i] && m->keys[i] != key) i = (i + 1) & (m->cap - 1);
    return i;
}

static uint8_t *find_page(const gtref_mem *m, uint64_t pn)
{
    size_t i = slot_of(m, pn + 1);
    return m->keys[i] ? m->pages[i] : NULL;
}

static void grow(gtref_mem *m)
{
    gtref_mem old = *m;
    m->cap *= 2;
    m->keys = calloc(m->cap, sizeof *m->keys);
    m->pages = calloc(m->cap, sizeof *m->pages);
    if (!m->keys || !m->pages) abort(); /* out of memory: nothing sensible left to do */
    for (size_t i = 0; i < old.cap; i++)
        if (old.keys[i]) {
            size_t j = slot_of(m, old.keys[i]);
            m->keys[j] = old.keys[i];
            m->pages[j] = old.pages[i];
        }
    free(old.keys);
    free(old.pages);
}

static uint8_t *get_page(gtref_mem *m, uint64_t pn)
{
    size_t i = slot_of(m, pn + 1);
    if (m->keys[i]) return m->pages[i];
    if ((m->used + 1) * 2 > m->cap) {
        grow(m);
        i = slot_of(m, pn + 1);
    }
    uint8_t *p = calloc(1, PAGE);
    if (!p) abort();
    m->keys[i] = pn + 1;
    m->pages[i] = p;
    m->used++;
    return p;
}

void gtref_mem_read(const gtref_mem *m, uint64_t addr, void *dst, size_t len)
{
    uint8_t *d = dst;
    while (len) {
        uint64_t pn = addr / PAGE;
        size_t off = addr % PAGE, n = PAGE - off;
        if (n > len) n = len;
        const uint8_t *p = find_page(m, pn);
        if (p) memcpy(d, p + off, n);
        else memset(d, 0, n);
        d += n; addr += n; len -= n;
    }
}

void gtref_mem_write(gtref_mem *m, uint64_t addr, const void *src, size_t len)
{
    const uint8_t *s = src;
    while (len) {
        uint64_t pn = addr / PAGE;
        size_t off = addr % PAGE, n = PAGE - off;
        if (n > len) n = len;
        memcpy(get_page(m, pn) + off, s, n);
        s += n; addr += n; len -= n;
    }
}

uint32_t gtref_mem_read32(const gtref_mem *m, uint64_t addr)
{
    uint8_t b[4];
    gtref_mem_read(m, addr, b, 4);
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

void gtref_mem_write32(gtref_mem *m, uint64_t addr, uint32_t v)
{
    uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    gtref_mem_write(m, addr, b, 4);
}

void gtref_mem_write_be64(gtref_mem *m, uint64_t addr, uint64_t data, uint8_t be)
{
    uint8_t b8[8];
    for (int i = 0; i < 8; i++) b8[i] = (uint8_t)(data >> (8 * i));
    if (be == 0xFF && !(addr & 7)) { gtref_mem_write(m, addr, b8, 8); return; }       /* the common forms: */
    if (be == 0x0F && !(addr & 7)) { gtref_mem_write(m, addr, b8, 4); return; }       /* one page lookup */
    if (be == 0xF0 && !(addr & 7)) { gtref_mem_write(m, addr + 4, b8 + 4, 4); return; }
    for (int i = 0; i < 8; i++)
        if (be & (1u << i)) {
            uint8_t b = (uint8_t)(data >> (8 * i));
            gtref_mem_write(m, addr + (uint64_t)i, &b, 1);
        }
}

size_t gtref_mem_pages(const gtref_mem *m) { return m->used; }

const uint8_t *gtref_mem_page(const gtref_mem *m, uint64_t addr) { return find_page(m, addr / PAGE); }

void gtref_mem_foreach_page(const gtref_mem *m, void (*fn)(void *user, uint64_t pn, const uint8_t *page), void *user)
{
    for (size_t i = 0; i < m->cap; i++)
        if (m->keys[i]) fn(user, m->keys[i] - 1, m->pages[i]);
}
