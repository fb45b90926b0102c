/* Sparse physical memory: 4 KiB pages allocated on first write, zero when never written.
 * The model owns one; the testbench owns another (the DUT's memory). */
#ifndef GTREF_MEM_H
#define GTREF_MEM_H
#include <stddef.h>
#include <stdint.h>

typedef struct gtref_mem gtref_mem;

gtref_mem *gtref_mem_create(void);
void gtref_mem_destroy(gtref_mem *m);
void gtref_mem_read(const gtref_mem *m, uint64_t addr, void *dst, size_t len);
void gtref_mem_write(gtref_mem *m, uint64_t addr, const void *src, size_t len);
uint32_t gtref_mem_read32(const gtref_mem *m, uint64_t addr);
/* The little-endian qword at addr (any alignment). */
uint64_t gtref_mem_read64(const gtref_mem *m, uint64_t addr);
void gtref_mem_write32(gtref_mem *m, uint64_t addr, uint32_t v);
/* Write the bytes of a little-endian qword at 8-byte-aligned addr whose enable bit is set. */
void gtref_mem_write_be64(gtref_mem *m, uint64_t addr, uint64_t data, uint8_t be);
/* The 4 KiB page holding addr, or NULL when it was never written. A page, once allocated, stays at the same
 * address until gtref_mem_destroy (for fast repeated reads, e.g. the model's command fetch). */
const uint8_t *gtref_mem_page(const gtref_mem *m, uint64_t addr);
/* Number of pages allocated (for tests and statistics). */
size_t gtref_mem_pages(const gtref_mem *m);
/* How many write calls the memory has had: its content is unchanged as long as this is (caches of what was read). */
uint64_t gtref_mem_write_count(const gtref_mem *m);
/* Count apart the write calls that touch [lo, hi) (one range; none before this is called): the content of that range is
 * unchanged as long as gtref_mem_watched_writes is. */
void gtref_mem_watch(gtref_mem *m, uint64_t lo, uint64_t hi);
uint64_t gtref_mem_watched_writes(const gtref_mem *m);
/* Call fn once for every allocated page (pn: its page number), in no particular order (tests, digests). */
void gtref_mem_foreach_page(const gtref_mem *m, void (*fn)(void *user, uint64_t pn, const uint8_t *page), void *user);
#endif
