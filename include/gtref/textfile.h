/* Line-oriented text inputs of the kit (waiver files, test lists, the regression history): loading them and
 * saying where they are wrong. */
#ifndef GTREF_TEXTFILE_H
#define GTREF_TEXTFILE_H
#include <stdarg.h>
#include <stddef.h>

/* The whole file at path (at most max bytes) as a NUL-terminated string (*text, to free()). 0, or -1 with
 * "path: reason" in err (cannot read, too large, contains a NUL byte, out of memory). */
int gtref_text_load(const char *path, size_t max, char **text, char *err, size_t errsz);
/* "file:line: " and the message into err. Returns -1, for `return gtref_line_error(...)`. */
int gtref_vline_error(char *err, size_t errsz, const char *file, int line, const char *fmt, va_list ap);
#endif
