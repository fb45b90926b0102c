/* A bounds check of msgpack data before msgpack-c unpacks it. msgpack-c's unpacker allocates for the element
 * count a header claims before reading the elements, so 5 bytes claiming 4 G map entries make it ask for
 * 128 GiB. This walk reads every header and refuses data whose claimed counts or lengths cannot fit in the
 * bytes that are left (every element takes at least one byte), so what is then unpacked costs memory in
 * proportion to its size. */
#ifndef GTREF_MSGPACK_CHECK_H
#define GTREF_MSGPACK_CHECK_H
#include <stddef.h>
#include <stdint.h>

/* 0 when buf[0..len) holds one msgpack object whose every count and length fits (and nesting is at most
 * max_depth); -1 otherwise, with *bad_off the offset of the offending header and *why a static reason. */
int gtref_msgpack_check(const uint8_t *buf, size_t len, unsigned max_depth, size_t *bad_off, const char **why);
#endif
