/* Whole-file reads and atomic whole-file writes, for the msgpack records (stimulus, results). */
#ifndef GTREF_FILE_IO_H
#define GTREF_FILE_IO_H
#include <stddef.h>
#include <stdint.h>

/* Write len bytes to a temporary file beside path, then rename it into place, so that a reader never
 * sees half a file. Returns 0, or -1 with "path: reason" in err. */
int gtref_file_write_atomic(const char *path, const void *buf, size_t len, char *err, size_t errsz);

/* Read a whole file of at most max bytes into a malloc'd buffer (*buf, to free()). Returns 0, or -1 with
 * "path: reason" in err (cannot open, read error, larger than max bytes, out of memory). */
int gtref_file_read_all(const char *path, size_t max, uint8_t **buf, size_t *len, char *err, size_t errsz);

/* path made absolute (symbolic links resolved) into dst when it exists and fits; otherwise path as it is.
 * Records keep absolute paths so that they replay from any directory. */
void gtref_abs_path(const char *path, char *dst, size_t dstsz);
#endif
