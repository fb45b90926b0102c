/* Sparse physical memory: an open-addressing hash of 4 KiB pages keyed by page number.
 *
 * Speed (docs/performance.md §4): a model-only run creates a memory, loads the stimulus into some hundred pages and
 * destroys it again, thousands of times in a bench or a `gtref check` of many tests. Pages therefore come from a
 * process-wide pool of pages that destroyed memories gave back (no allocation, no page fault of fresh memory), and a
 * page that a write covers whole is not zeroed first. A page of a memory is always either written or zero, as a
 * fresh calloc'ed page would be: the pool changes where pages live, never what a memory holds. Word reads and writes
 * inside one page take a single page lookup. */
#include "gtref/mem.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#define PAGE 4096u
#define POOL_MAX 4096u   /* pages the pool keeps at most (16 MiB); more are freed */

struct gtref_mem {
    uint64_t *keys;     /* page number + 1; 0 = empty slot */
    uint8_t **pages;
    size_t cap, used;
    uint64_t writes;    /* write calls so far: memory unchanged while it is unchanged */
    uint64_t watch_lo, watch_hi, watched;   /* write calls that touched [watch_lo, watch_hi) */
    uint64_t last_pn;   /* page number + 1 of the last page a write went to (0: none), and that page */
    uint8_t *last_page;
};

/* The pool of free pages, shared by every memory of the process (one lock; taken once per page handed out and once
 * per memory destroyed). Its content is garbage: a page is zeroed or overwritten whole when it is handed out. */
static struct {
    mtx_t lock;
    uint8_t *pages[POOL_MAX];
    size_t n;
} pool;
static once_flag pool_once = ONCE_FLAG_INIT;
static bool pool_ok;
static void pool_init(void) { pool_ok = mtx_init(&pool.lock, mtx_plain) == thrd_success; }

/* A page for a memory: zeroed unless `whole` (the caller writes all of it at once). */
static uint8_t *page_alloc(bool whole)
{
    uint8_t *p = NULL;
    call_once(&pool_once, pool_init);
    if (pool_ok && mtx_lock(&pool.lock) == thrd_success) {
        if (pool.n) p = pool.pages[--pool.n];
        mtx_unlock(&pool.lock);
    }
    if (!p) return whole ? malloc(PAGE) : calloc(1, PAGE);
    if (!whole) memset(p, 0, PAGE);
    return p;
}

/* Give a memory's pages back to the pool (free those beyond its size). */
static void pages_release(uint8_t **pages, size_t cap)
{
    size_t i = 0;
    call_once(&pool_once, pool_init);
    if (pool_ok && mtx_lock(&pool.lock) == thrd_success) {
        for (; i < cap && pool.n < POOL_MAX; i++)
            if (pages[i]) pool.pages[pool.n++] = pages[i];
        mtx_unlock(&pool.lock);
    }
    for (; i < cap; i++) free(pages[i]);
}

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
    if (m->pages) pages_release(m->pages, m->cap);
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

/* The page pn, allocated when it was never written: zeroed, unless `whole` (the caller writes all of it now). */
static uint8_t *get_page(gtref_mem *m, uint64_t pn, bool whole)
{
    if (m->last_pn == pn + 1) return m->last_page;   /* pages never move: the last one stays valid */
    size_t i = slot_of(m, pn + 1);
    if (m->keys[i]) {
        m->last_pn = pn + 1;
        return m->last_page = m->pages[i];
    }
    if ((m->used + 1) * 2 > m->cap) {
        grow(m);
        i = slot_of(m, pn + 1);
    }
    uint8_t *p = page_alloc(whole);
    if (!p) abort();
    m->keys[i] = pn + 1;
    m->pages[i] = p;
    m->used++;
    m->last_pn = pn + 1;
    return m->last_page = p;
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
    m->writes++;
    if (addr < m->watch_hi && addr + len > m->watch_lo) m->watched++;
    while (len) {
        uint64_t pn = addr / PAGE;
        size_t off = addr % PAGE, n = PAGE - off;
        if (n > len) n = len;
        memcpy(get_page(m, pn, n == PAGE) + off, s, n);
        s += n; addr += n; len -= n;
    }
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define GTREF_MEM_LE 1   /* a little-endian host: a word is its bytes in memory order */
#else
#define GTREF_MEM_LE 0
#endif

uint32_t gtref_mem_read32(const gtref_mem *m, uint64_t addr)
{
    uint8_t b[4];
    if (GTREF_MEM_LE && (addr % PAGE) <= PAGE - 4) {   /* within one page: one lookup */
        const uint8_t *p = find_page(m, addr / PAGE);
        uint32_t v = 0;
        if (p) memcpy(&v, p + addr % PAGE, 4);
        return v;
    }
    gtref_mem_read(m, addr, b, 4);
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

uint64_t gtref_mem_read64(const gtref_mem *m, uint64_t addr)
{
    if (GTREF_MEM_LE && (addr % PAGE) <= PAGE - 8) {
        const uint8_t *p = find_page(m, addr / PAGE);
        uint64_t v = 0;
        if (p) memcpy(&v, p + addr % PAGE, 8);
        return v;
    }
    return (uint64_t)gtref_mem_read32(m, addr + 4) << 32 | gtref_mem_read32(m, addr);
}

void gtref_mem_write32(gtref_mem *m, uint64_t addr, uint32_t v)
{
    uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    gtref_mem_write(m, addr, b, 4);
}

void gtref_mem_write_be64(gtref_mem *m, uint64_t addr, uint64_t data, uint8_t be)
{
    m->writes++;
    if (addr < m->watch_hi && addr + 8 > m->watch_lo) m->watched++;
    uint8_t b8[8];
    if (GTREF_MEM_LE) memcpy(b8, &data, 8);   /* the same bytes as the loop, in one move */
    else
        for (int i = 0; i < 8; i++) b8[i] = (uint8_t)(data >> (8 * i));
    if (!(addr & 7)) {   /* the common forms: one page lookup (an aligned qword never crosses a page) */
        if (be == 0xFF) { memcpy(get_page(m, addr / PAGE, false) + addr % PAGE, b8, 8); return; }
        if (be == 0x0F) { memcpy(get_page(m, addr / PAGE, false) + addr % PAGE, b8, 4); return; }
        if (be == 0xF0) { memcpy(get_page(m, addr / PAGE, false) + addr % PAGE + 4, b8 + 4, 4); return; }
    }
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

uint64_t gtref_mem_write_count(const gtref_mem *m) { return m->writes; }

void gtref_mem_watch(gtref_mem *m, uint64_t lo, uint64_t hi)
{
    m->watch_lo = lo;
    m->watch_hi = hi;
}

uint64_t gtref_mem_watched_writes(const gtref_mem *m) { return m->watched; }
