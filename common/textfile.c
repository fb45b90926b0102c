/* Line-oriented text inputs (see include/gtref/textfile.h). */
#include "gtref/textfile.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtref/file_io.h"

int gtref_text_load(const char *path, size_t max, char **text, char *err, size_t errsz)
{
    uint8_t *buf;
    size_t len;
    if (gtref_file_read_all(path, max, &buf, &len, err, errsz)) return -1;
    char *t = realloc(buf, len + 1);
    if (!t) return free(buf), snprintf(err, errsz, "%s: out of memory", path), -1;
    t[len] = '\0';
    if (strlen(t) != len) return free(t), snprintf(err, errsz, "%s: contains a NUL byte", path), -1;
    *text = t;
    return 0;
}

int gtref_vline_error(char *err, size_t errsz, const char *file, int line, const char *fmt, va_list ap)
{
    int n = snprintf(err, errsz, "%s:%d: ", file, line);
    if (n < 0) n = 0;
    if ((size_t)n < errsz) vsnprintf(err + n, errsz - (size_t)n, fmt, ap);
    return -1;
}
