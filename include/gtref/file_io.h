/* Whole-file reads and atomic whole-file writes, for the msgpack records (stimulus, results), and paths. */
#ifndef GTREF_FILE_IO_H
#define GTREF_FILE_IO_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Write len bytes to a temporary file beside path, then rename it into place, so that a reader never
 * sees half a file. Returns 0, or -1 with "path: reason" in err. */
int gtref_file_write_atomic(const char *path, const void *buf, size_t len, char *err, size_t errsz);

/* Read a whole file of at most max bytes into a malloc'd buffer (*buf, to free()). Returns 0, or -1 with
 * "path: reason" in err (cannot open, read error, larger than max bytes, out of memory). */
int gtref_file_read_all(const char *path, size_t max, uint8_t **buf, size_t *len, char *err, size_t errsz);

/* path as an absolute path into dst, without . or .. and with symbolic links resolved; a path that does not exist
 * (yet), its folder's and then its name (a folder that does not exist either: an absolute path as it is, a relative
 * one after the current directory). Records and printed commands keep absolute paths so that they replay from any
 * directory. false when it does not fit in dst: dst then holds path as it is (cut to fit). */
bool gtref_abs_path(const char *path, char *dst, size_t dstsz);
/* The folder part of path ("." when none), without trailing slashes. */
void gtref_dir_of(const char *path, char *dir, size_t dirsz);
/* path without trailing slashes ("out/" -> "out"; "/" stays "/"). */
void gtref_strip_trailing_slashes(char *path);
#endif
