/* Bounds check of msgpack data (see include/gtref/msgpack_check.h). */
#include "gtref/msgpack_check.h"

#include <stdbool.h>

static uint64_t be(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) v = v << 8 | p[i];
    return v;
}

int gtref_msgpack_check(const uint8_t *buf, size_t len, unsigned max_depth, size_t *bad_off, const char **why)
{
    /* pending[d]: elements still to read at depth d (a map's count is doubled: keys and values) */
    uint64_t pending[65];
    if (max_depth > 64) max_depth = 64;
    unsigned depth = 0;
    pending[0] = 1;
    size_t off = 0;
    *why = "";
    while (true) {
        while (depth > 0 && pending[depth] == 0) depth--;
        if (pending[depth] == 0) break; /* the top-level object is complete */
        pending[depth]--;
        *bad_off = off;
        if (off >= len) return *why = "truncated", -1;
        uint8_t h = buf[off++];
        size_t left = len - off;
        uint64_t body = 0, count = 0;
        bool container = false, map = false;
        unsigned nlen = 0; /* bytes of the length or count field */
        if (h <= 0x7f || h >= 0xe0 || h == 0xc0 || h == 0xc2 || h == 0xc3) {
            body = 0;
        } else if (h >= 0x80 && h <= 0x8f) {
            container = map = true, count = h & 0x0f;
        } else if (h >= 0x90 && h <= 0x9f) {
            container = true, count = h & 0x0f;
        } else if (h >= 0xa0 && h <= 0xbf) {
            body = h & 0x1f;
        } else {
            switch (h) {
            case 0xc4: case 0xd9: nlen = 1; break;                 /* bin8, str8 */
            case 0xc5: case 0xda: nlen = 2; break;                 /* bin16, str16 */
            case 0xc6: case 0xdb: nlen = 4; break;                 /* bin32, str32 */
            case 0xc7: nlen = 1; break;                            /* ext8 */
            case 0xc8: nlen = 2; break;                            /* ext16 */
            case 0xc9: nlen = 4; break;                            /* ext32 */
            case 0xca: case 0xce: case 0xd2: body = 4; break;      /* float32, uint32, int32 */
            case 0xcb: case 0xcf: case 0xd3: body = 8; break;      /* float64, uint64, int64 */
            case 0xcc: case 0xd0: body = 1; break;
            case 0xcd: case 0xd1: body = 2; break;
            case 0xd4: body = 2; break;                            /* fixext1: type + 1 */
            case 0xd5: body = 3; break;
            case 0xd6: body = 5; break;
            case 0xd7: body = 9; break;
            case 0xd8: body = 17; break;
            case 0xdc: container = true, nlen = 2; break;          /* array16 */
            case 0xdd: container = true, nlen = 4; break;          /* array32 */
            case 0xde: container = map = true, nlen = 2; break;    /* map16 */
            case 0xdf: container = map = true, nlen = 4; break;    /* map32 */
            default: return *why = "a byte that starts no msgpack object", -1; /* 0xc1 */
            }
            if (nlen) {
                if (left < nlen) return *why = "truncated", -1;
                uint64_t v = be(buf + off, nlen);
                off += nlen, left -= nlen;
                if (container) count = v;
                else body = v + (h >= 0xc7 && h <= 0xc9 ? 1 : 0); /* ext: the type byte */
            }
        }
        if (container) {
            uint64_t elems = map ? 2 * count : count;
            if (elems > left) return *why = "a container claims more elements than there are bytes left", -1;
            if (elems == 0) continue;
            if (depth + 1 > max_depth) return *why = "nested too deeply", -1;
            pending[++depth] = elems;
        } else {
            if (body > left) return *why = "a length runs past the end of the data", -1;
            off += (size_t)body;
        }
    }
    *bad_off = off;
    if (off != len) return *why = "bytes after the object", -1;
    return 0;
}
