/* Waivers (see include/gtref/waiver.h; the file format is docs/waivers.md). */
#define _XOPEN_SOURCE 700 /* fnmatch, strnlen */
#include "gtref/waiver.h"

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "gtref/engines.h"
#include "gtref/file_io.h"
#include "gtref/textfile.h"
#include "gtref/regress_report.h"

#define MAX_WAIVER_FILE (4u << 20)

/* ---- dates ---- */

bool gtref_valid_date(const char *s)
{
    if (strlen(s) != 10 || s[4] != '-' || s[7] != '-') return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && (s[i] < '0' || s[i] > '9')) return false;
    int y = atoi(s), m = atoi(s + 5), d = atoi(s + 8);
    static const int mdays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (y < 1970 || m < 1 || m > 12 || d < 1) return false;
    int max = mdays[m - 1] + (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0));
    return d <= max;
}

void gtref_today(char out[11])
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(out, 11, "%Y-%m-%d", &tm);
}

bool gtref_waiver_expired(const gtref_waiver *w, const char *today)
{
    return strcmp(today, w->expires) >= 0; /* YYYY-MM-DD compares as text */
}

/* ---- parsing ---- */

typedef struct parser {
    const char *file;
    int line;
    char *err;
    size_t errsz;
} parser;

static int perr(parser *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gtref_vline_error(p->err, p->errsz, p->file, p->line, fmt, ap);
    va_end(ap);
    return -1;
}

/* The keys of an entry: where the value goes, and whether it is a pattern (matched) or a required fact. */
enum key_role { KEY_MATCH, KEY_REQUIRED };
struct key {
    const char *name;
    size_t offset, size;
    enum key_role role;
    const char *meaning;
};
#define KEY(m, role, meaning) {#m, offsetof(gtref_waiver, m), sizeof(((gtref_waiver *)0)->m), role, meaning}
static const struct key keys[] = {
    KEY(signature, KEY_MATCH, "the failure's signature, 16 hex digits"),
    KEY(kind, KEY_MATCH, "pattern on the mismatch kind (mem-write, retire, ..., or error/crash/timeout)"),
    KEY(engine, KEY_MATCH, "pattern on the engine (RCS0, BCS0, VCS0, VECS0)"),
    KEY(command, KEY_MATCH, "pattern on the bucket's command"),
    KEY(field, KEY_MATCH, "pattern on the bucket's field"),
    KEY(message, KEY_MATCH, "pattern on the mismatch detail or the error text"),
    KEY(rtl, KEY_MATCH, "pattern on the RTL configuration"),
    KEY(reason, KEY_REQUIRED, "why the failure is accepted"),
    KEY(owner, KEY_REQUIRED, "who answers for it"),
    KEY(ticket, KEY_REQUIRED, "the tracking reference"),
    KEY(expires, KEY_REQUIRED, "YYYY-MM-DD, the day it stops matching"),
};
#define NKEYS (sizeof keys / sizeof keys[0])

static const char *skip_blank(const char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    return s;
}

/* One value: a bare word, or a double-quoted string with \" and \\ escapes; then only blanks or a comment.
 * Returns 0 or -1 (error written). */
static int parse_value(parser *p, const char *s, const char *key, char *dst, size_t dstsz)
{
    s = skip_blank(s);
    size_t n = 0;
    if (*s == '"') {
        s++;
        for (;; s++) {
            if (*s == '\0') return perr(p, "%s: the quoted value has no closing \"", key);
            if (*s == '"') break;
            if (*s == '\\') {
                s++;
                if (*s != '"' && *s != '\\') return perr(p, "%s: only \\\" and \\\\ are escapes in a quoted value", key);
            }
            if (n + 1 >= dstsz) return perr(p, "%s: value longer than %zu characters", key, dstsz - 1);
            dst[n++] = *s;
        }
        s++;
    } else {
        while (*s && *s != ' ' && *s != '\t' && *s != '#') {
            if (*s == '"') return perr(p, "%s: a \" inside a bare value (quote the whole value)", key);
            if (n + 1 >= dstsz) return perr(p, "%s: value longer than %zu characters", key, dstsz - 1);
            dst[n++] = *s++;
        }
    }
    dst[n] = '\0';
    s = skip_blank(s);
    if (*s && *s != '#') return perr(p, "%s: unexpected text after the value: '%s' (quote a value with spaces)", key, s);
    if (n == 0) return perr(p, "%s: empty value", key);
    return 0;
}

static bool valid_name(const char *s)
{
    if (!*s) return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '-' ||
              *s == '_' || *s == '.'))
            return false;
    return true;
}

static bool is_hex16(const char *s)
{
    if (strlen(s) != 16) return false;
    for (; *s; s++)
        if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f'))) return false;
    return true;
}

/* The entry just ended: every required key present, at least one match key, values well formed. */
static int finish_entry(parser *p, const gtref_waiver *w, const bool *seen)
{
    int line = p->line;
    p->line = w->line; /* a missing key is reported at the entry's waiver line */
    bool any_match = false;
    for (size_t k = 0; k < NKEYS; k++) {
        if (keys[k].role == KEY_MATCH && seen[k]) any_match = true;
        if (keys[k].role == KEY_REQUIRED && !seen[k])
            return perr(p, "waiver %s has no '%s' (%s); every waiver needs reason, owner, ticket and expires", w->name,
                        keys[k].name, keys[k].meaning);
    }
    if (!any_match)
        return perr(p, "waiver %s matches nothing: give a signature or a kind/engine/command/field/message/rtl pattern",
                    w->name);
    p->line = line;
    return 0;
}

static int push(gtref_waivers *ws, parser *p)
{
    if (ws->n == ws->cap) {
        size_t cap = ws->cap ? ws->cap * 2 : 16;
        gtref_waiver *nw = realloc(ws->w, cap * sizeof *nw);
        if (!nw) return perr(p, "out of memory");
        ws->w = nw;
        ws->cap = cap;
    }
    memset(&ws->w[ws->n], 0, sizeof ws->w[ws->n]);
    ws->n++;
    return 0;
}

int gtref_waivers_parse(gtref_waivers *ws, const char *file, const char *text, char *err, size_t errsz)
{
    parser p = {.file = file, .line = 0, .err = err, .errsz = errsz};
    size_t first = ws->n;
    gtref_waiver *cur = NULL;
    bool seen[NKEYS] = {false};
    const char *s = text;
    char linebuf[1024];
    while (*s) {
        p.line++;
        const char *eol = strchr(s, '\n');
        size_t len = eol ? (size_t)(eol - s) : strlen(s);
        if (len >= sizeof linebuf) {
            ws->n = first;
            return perr(&p, "line longer than %zu characters", sizeof linebuf - 1);
        }
        memcpy(linebuf, s, len);
        linebuf[len] = '\0';
        s = eol ? eol + 1 : s + len; /* before the CR is cut from len */
        if (len && linebuf[len - 1] == '\r') linebuf[--len] = '\0';
        for (size_t i = 0; i < len; i++)
            if ((unsigned char)linebuf[i] < 0x20 && linebuf[i] != '\t') {
                ws->n = first;
                return perr(&p, "control character 0x%02x in the file", (unsigned char)linebuf[i]);
            }
        const char *t = skip_blank(linebuf);
        if (*t == '\0' || *t == '#') continue;
        char word[32];
        size_t wn = 0;
        while (t[wn] && t[wn] != ' ' && t[wn] != '\t' && wn + 1 < sizeof word) word[wn] = t[wn], wn++;
        word[wn] = '\0';
        const char *rest = t + wn;
        if (strcmp(word, "waiver") == 0) {
            if (cur && finish_entry(&p, cur, seen)) return ws->n = first, -1;
            if (push(ws, &p)) return ws->n = first, -1;
            cur = &ws->w[ws->n - 1];
            memset(seen, 0, sizeof seen);
            cur->line = p.line;
            snprintf(cur->file, sizeof cur->file, "%s", file);
            if (parse_value(&p, rest, "waiver", cur->name, sizeof cur->name)) return ws->n = first, -1;
            if (!valid_name(cur->name))
                return ws->n = first, perr(&p, "waiver name '%s': letters, digits, '-', '_' and '.' only", cur->name);
            for (size_t i = 0; i + 1 < ws->n; i++)
                if (strcmp(ws->w[i].name, cur->name) == 0)
                    return ws->n = first, perr(&p, "waiver %s is already defined at %s:%d", cur->name, ws->w[i].file,
                                               ws->w[i].line);
            continue;
        }
        size_t k = 0;
        while (k < NKEYS && strcmp(keys[k].name, word) != 0) k++;
        if (k == NKEYS) {
            char known[256];
            size_t kn = 0;
            for (size_t i = 0; i < NKEYS && kn < sizeof known; i++)
                kn += (size_t)snprintf(known + kn, sizeof known - kn, "%s%s", i ? ", " : "", keys[i].name);
            return ws->n = first, perr(&p, "unknown key '%s' (known: waiver, %s)", word, known);
        }
        if (!cur) return ws->n = first, perr(&p, "'%s' before the first 'waiver NAME' line", word);
        if (seen[k]) return ws->n = first, perr(&p, "waiver %s: '%s' given twice", cur->name, word);
        seen[k] = true;
        char *dst = (char *)cur + keys[k].offset;
        if (parse_value(&p, rest, word, dst, keys[k].size)) return ws->n = first, -1;
        if (k == 0 && !is_hex16(dst))
            return ws->n = first, perr(&p, "signature '%s': 16 lowercase hex digits, as gtref prints it", dst);
        if (strcmp(word, "expires") == 0 && !gtref_valid_date(dst))
            return ws->n = first, perr(&p, "expires '%s': a date written YYYY-MM-DD", dst);
    }
    if (cur && finish_entry(&p, cur, seen)) return ws->n = first, -1;
    return 0;
}

static int load_file(gtref_waivers *ws, const char *path, char *err, size_t errsz)
{
    char *text;
    if (gtref_text_load(path, MAX_WAIVER_FILE, &text, err, errsz)) return -1;
    int rc = gtref_waivers_parse(ws, path, text, err, errsz);
    free(text);
    return rc;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int gtref_waivers_load(gtref_waivers *ws, const char *path, char *err, size_t errsz)
{
    struct stat st;
    if (stat(path, &st)) return snprintf(err, errsz, "%s: %s", path, strerror(errno)), -1;
    if (!S_ISDIR(st.st_mode)) return load_file(ws, path, err, errsz);
    DIR *d = opendir(path);
    if (!d) return snprintf(err, errsz, "%s: %s", path, strerror(errno)), -1;
    char **names = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t l = strlen(e->d_name);
        if (l < 7 || strcmp(e->d_name + l - 6, ".waive") != 0 || e->d_name[0] == '.') continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 8;
            char **nn = realloc(names, cap * sizeof *nn);
            if (!nn) { rc = -1; snprintf(err, errsz, "%s: out of memory", path); break; }
            names = nn;
        }
        size_t plen = strlen(path) + 1 + l + 1;
        if (!(names[n] = malloc(plen))) { rc = -1; snprintf(err, errsz, "%s: out of memory", path); break; }
        snprintf(names[n++], plen, "%s/%s", path, e->d_name);
    }
    closedir(d);
    if (rc == 0) qsort(names, n, sizeof *names, cmp_str);
    for (size_t i = 0; i < n; i++) {
        if (rc == 0) rc = load_file(ws, names[i], err, errsz);
        free(names[i]);
    }
    free(names);
    return rc;
}

void gtref_waivers_free(gtref_waivers *ws)
{
    free(ws->w);
    memset(ws, 0, sizeof *ws);
}

/* ---- matching ---- */

static bool pattern_ok(const char *pattern, const char *value)
{
    return pattern[0] == '\0' || fnmatch(pattern, value, 0) == 0;
}

#define FLEN(field) ((int)strnlen((field), sizeof(field)))

bool gtref_waiver_matches(const gtref_waiver *w, const gtref_result *r)
{
    gtref_bucket b;
    if (!gtref_result_bucket(r, &b)) return false;
    if (w->signature[0] && strcmp(w->signature, b.signature) != 0) return false;
    /* bucket text kind/command/field for a mismatch, the lowercase status otherwise */
    char kind[128] = "", command[128] = "", field[128] = "", engine[24] = "", message[256] = "", rtl[64];
    if (r->has_mismatch) {
        snprintf(kind, sizeof kind, "%.*s", FLEN(r->mm.kind), r->mm.kind);
        snprintf(engine, sizeof engine, "%.*s", FLEN(r->mm.engine), r->mm.engine);
        snprintf(message, sizeof message, "%.*s", FLEN(r->mm.detail), r->mm.detail);
        const char *s1 = strchr(b.text, '/'), *s2 = strrchr(b.text, '/');
        if (s1 && s2 && s2 > s1) {
            snprintf(command, sizeof command, "%.*s", (int)(s2 - s1 - 1), s1 + 1);
            snprintf(field, sizeof field, "%s", s2 + 1);
        }
    } else {
        snprintf(kind, sizeof kind, "%s", b.text);
        snprintf(message, sizeof message, "%.*s", FLEN(r->error), r->error);
    }
    snprintf(rtl, sizeof rtl, "%.*s", FLEN(r->rtl), r->rtl);
    return pattern_ok(w->kind, kind) && pattern_ok(w->engine, engine) && pattern_ok(w->command, command) &&
           pattern_ok(w->field, field) && pattern_ok(w->message, message) && pattern_ok(w->rtl, rtl);
}

bool gtref_waiver_in_scope(const gtref_waiver *w, const char *rtl, unsigned engines)
{
    if (!pattern_ok(w->rtl, rtl)) return false;
    if (!w->engine[0]) return true;
    bool names_an_engine = false, names_one_run = false;
    for (unsigned e = 0; e < GTREF_MAX_ENGINES; e++)
        if (fnmatch(w->engine, gtref_engines[e].name, 0) == 0) {
            names_an_engine = true;
            names_one_run |= e < engines;
        }
    return names_one_run || !names_an_engine; /* a pattern that names no engine at all cannot be judged: in scope */
}

bool gtref_waiver_stale(const gtref_waiver *w, const char *today)
{
    return !gtref_waiver_expired(w, today) && w->scoped_runs > 0 && w->matched == 0;
}

long gtref_waivers_apply(gtref_waivers *ws, const gtref_result *r, const char *today)
{
    if (r->status == GTREF_PASS || r->status == GTREF_UNIMPLEMENTED) return -1;
    for (size_t i = 0; i < ws->n; i++) {
        gtref_waiver *w = &ws->w[i];
        if (!gtref_waiver_matches(w, r)) continue;
        if (gtref_waiver_expired(w, today)) {
            w->matched_expired++;
            continue;
        }
        w->matched++;
        return (long)i;
    }
    return -1;
}
