/* Whole-file reads, atomic whole-file writes and paths (see include/gtref/file_io.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "gtref/file_io.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int write_all(int fd, const uint8_t *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

int gtref_file_write_atomic(const char *path, const void *buf, size_t len, char *err, size_t errsz)
{
    char tmp[4096];
    /* Same directory as the target, so that rename() is atomic. */
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid()) >= sizeof tmp) {
        snprintf(err, errsz, "%s: path too long", path);
        return -1;
    }
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) { /* named as asked: the temporary file beside it is this function's business */
        snprintf(err, errsz, "%s: %s", path, strerror(errno));
        return -1;
    }
    int werr = write_all(fd, buf, len) ? errno : 0;
    if (close(fd) && !werr) werr = errno;
    if (!werr && rename(tmp, path)) werr = errno;
    if (werr) {
        unlink(tmp);
        snprintf(err, errsz, "%s: %s", path, strerror(werr));
        return -1;
    }
    return 0;
}

int gtref_file_read_all(const char *path, size_t max, uint8_t **out, size_t *outlen, char *err, size_t errsz)
{
    *out = NULL;
    *outlen = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errsz, "%s: %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        len += fread(buf + len, 1, cap - len, f);
        if (len < cap || cap > max) break;
        uint8_t *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    int rerr = ferror(f);
    fclose(f);
    const char *why = !buf ? "out of memory" : rerr ? "read error" : NULL;
    if (!why && len > max) {
        snprintf(err, errsz, "%s: larger than %zu bytes", path, max);
        free(buf);
        return -1;
    }
    if (why) {
        snprintf(err, errsz, "%s: %s", path, why);
        free(buf);
        return -1;
    }
    *out = buf;
    *outlen = len;
    return 0;
}

void gtref_strip_trailing_slashes(char *path)
{
    size_t n = strlen(path);
    while (n > 1 && path[n - 1] == '/') path[--n] = '\0';
}

void gtref_dir_of(const char *path, char *dir, size_t dirsz)
{
    snprintf(dir, dirsz, "%s", path);
    gtref_strip_trailing_slashes(dir);
    char *slash = strrchr(dir, '/');
    if (!slash) snprintf(dir, dirsz, ".");
    else if (slash == dir) dir[1] = '\0';
    else *slash = '\0';
}

static bool fits(int n, size_t dstsz) { return n >= 0 && (size_t)n < dstsz; }

static bool abs_path_of(const char *path, char *dst, size_t dstsz)
{
    char real[PATH_MAX];
    if (realpath(path, real)) return fits(snprintf(dst, dstsz, "%s", real), dstsz);
    /* not there (yet): its folder made absolute, then its name */
    char dir[PATH_MAX];
    gtref_dir_of(path, dir, sizeof dir);
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (realpath(dir, real))
        return fits(snprintf(dst, dstsz, "%s%s%s", real, strcmp(real, "/") ? "/" : "", base), dstsz);
    if (path[0] == '/' || !getcwd(real, sizeof real)) return fits(snprintf(dst, dstsz, "%s", path), dstsz);
    return fits(snprintf(dst, dstsz, "%s/%s", real, path), dstsz);
}

bool gtref_abs_path(const char *path, char *dst, size_t dstsz)
{
    if (abs_path_of(path, dst, dstsz)) return true;
    if (dstsz) snprintf(dst, dstsz, "%s", path);
    return false;
}
