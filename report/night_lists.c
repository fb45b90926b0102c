/* Test lists (see include/gtref/night_lists.h; format in docs/test-lists.md). */
#include "gtref/night_lists.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtref/file_io.h"
#include "gtref/textfile.h"

#define MAX_LIST_FILE (1u << 20)

typedef struct lparser {
    const char *file;
    int line;
    char *err;
    size_t errsz;
} lparser;

static int lerr(lparser *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gtref_vline_error(p->err, p->errsz, p->file, p->line, fmt, ap);
    va_end(ap);
    return -1;
}

static bool valid_word(const char *s)
{
    if (!*s) return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '-' ||
              *s == '_' || *s == '.' || *s == '/'))
            return false;
    return true;
}

static int parse_u64(lparser *p, const char *key, const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (!*s || *end || errno || *s == '-' || v < min || v > max)
        return lerr(p, "%s=%s: a whole number from %" PRIu64 " to %" PRIu64, key, s, min, max);
    *out = v;
    return 0;
}

static bool known(const char *const *opts, const char *name)
{
    for (size_t i = 0; opts && opts[i]; i++)
        if (strcmp(opts[i], name) == 0) return true;
    return false;
}

/* Split a line into blank-separated words (at most max); a '#' starts a comment. */
static size_t split(char *line, char **w, size_t max)
{
    size_t n = 0;
    char *s = line;
    char *hash = strchr(s, '#');
    if (hash) *hash = '\0';
    while (*s) {
        while (*s == ' ' || *s == '\t') *s++ = '\0';
        if (!*s) break;
        if (n == max) return max + 1;
        w[n++] = s;
        while (*s && *s != ' ' && *s != '\t') s++;
    }
    return n;
}

static int push_list(gtref_test_lists *ls, lparser *p)
{
    if (ls->n == ls->cap) {
        size_t cap = ls->cap ? ls->cap * 2 : 8;
        gtref_test_list *nl = realloc(ls->lists, cap * sizeof *nl);
        if (!nl) return lerr(p, "out of memory");
        ls->lists = nl;
        ls->cap = cap;
    }
    memset(&ls->lists[ls->n], 0, sizeof ls->lists[ls->n]);
    ls->n++;
    return 0;
}

static int push_group(gtref_test_list *l, const gtref_list_group *g)
{
    if (l->ngroups == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 8;
        gtref_list_group *ng = realloc(l->groups, cap * sizeof *ng);
        if (!ng) return -1;
        l->groups = ng;
        l->cap = cap;
    }
    l->groups[l->ngroups++] = *g;
    return 0;
}

static int parse_group(lparser *p, char **w, size_t nw, const char *const *known_opts, gtref_list_group *g)
{
    memset(g, 0, sizeof *g);
    snprintf(g->kind, sizeof g->kind, "%s", w[0]);
    snprintf(g->file, sizeof g->file, "%s", p->file);
    g->line = p->line;
    g->engines = 4;
    size_t first = 1;
    if (strcmp(w[0], "directed") == 0) {
        if (nw < 2 || strchr(w[1], '=')) return lerr(p, "directed: give the folder of .gts tests (directed DIR)");
        if (strlen(w[1]) >= sizeof g->directed) return lerr(p, "directed: folder name too long");
        snprintf(g->directed, sizeof g->directed, "%s", w[1]);
        first = 2;
    }
    bool have_seeds = false;
    for (size_t i = first; i < nw; i++) {
        char *eq = strchr(w[i], '=');
        const char *key = w[i], *val = "";
        if (eq) *eq = '\0', val = eq + 1;
        if (eq && !*val) return lerr(p, "%s=: no value", key);
        if (strcmp(key, "seeds") == 0) {
            if (strcmp(g->kind, "random") != 0) return lerr(p, "seeds=: only a random group has seeds");
            if (parse_u64(p, key, val, 1, 50000, &g->seeds)) return -1;
            have_seeds = true;
        } else if (strcmp(key, "seed0") == 0) {
            if (parse_u64(p, key, val, 0, UINT64_MAX - 50000, &g->seed0)) return -1;
            g->has_seed0 = 1;
        } else if (strcmp(key, "engines") == 0) {
            uint64_t e;
            if (parse_u64(p, key, val, 1, 4, &e)) return -1;
            g->engines = (unsigned)e;
        } else {
            if (!known(known_opts, key)) {
                char list[1024];
                size_t n = 0;
                for (size_t k = 0; known_opts && known_opts[k] && n < sizeof list; k++)
                    n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", k ? ", " : "", known_opts[k]);
                return lerr(p, "unknown option '%s' (known: seeds, seed0, engines, %s)", key, list);
            }
            if (g->nopts == GTREF_LIST_MAX_OPTS) return lerr(p, "more than %d options", GTREF_LIST_MAX_OPTS);
            if (strlen(key) + 2 >= sizeof g->opt[0] || strlen(val) >= sizeof g->val[0])
                return lerr(p, "%s: option or value too long", key);
            snprintf(g->opt[g->nopts], sizeof g->opt[0], "--%s", key);
            snprintf(g->val[g->nopts], sizeof g->val[0], "%s", val);
            g->nopts++;
        }
    }
    if (strcmp(g->kind, "random") == 0 && !have_seeds) return lerr(p, "random: give seeds=N");
    return 0;
}

int gtref_lists_parse(gtref_test_lists *ls, const char *file, const char *text, const char *const *known_opts,
                      char *err, size_t errsz)
{
    lparser p = {.file = file, .err = err, .errsz = errsz};
    gtref_test_list *cur = NULL;
    char line[1024];
    const char *s = text;
    while (*s) {
        p.line++;
        const char *eol = strchr(s, '\n');
        size_t len = eol ? (size_t)(eol - s) : strlen(s);
        if (len >= sizeof line) return lerr(&p, "line longer than %zu characters", sizeof line - 1);
        memcpy(line, s, len);
        line[len] = '\0';
        if (len && line[len - 1] == '\r') line[len - 1] = '\0';
        s = eol ? eol + 1 : s + len;
        char *w[40];
        size_t nw = split(line, w, 40);
        if (nw == 0) continue;
        if (nw > 40) return lerr(&p, "too many words");
        for (size_t i = 0; i < nw; i++)
            for (const char *c = w[i]; *c; c++)
                if ((unsigned char)*c < 0x20) return lerr(&p, "control character in the line");
        if (strcmp(w[0], "list") == 0) {
            if (nw != 2 || !valid_word(w[1]) || strchr(w[1], '/')) return lerr(&p, "list: give one name (list NAME)");
            for (size_t i = 0; i < ls->n; i++)
                if (strcmp(ls->lists[i].name, w[1]) == 0)
                    return lerr(&p, "list %s is already defined on line %d", w[1], ls->lists[i].line);
            if (strlen(w[1]) >= sizeof cur->name) return lerr(&p, "list name too long");
            if (push_list(ls, &p)) return -1;
            cur = &ls->lists[ls->n - 1];
            snprintf(cur->name, sizeof cur->name, "%s", w[1]);
            cur->line = p.line;
            continue;
        }
        if (!cur) return lerr(&p, "'%s' before the first 'list NAME' line", w[0]);
        if (strcmp(w[0], "rtl") == 0) {
            if (nw < 2) return lerr(&p, "rtl: name at least one RTL build (clean, bug-<NAME>)");
            for (size_t i = 1; i < nw; i++) {
                if (cur->nrtl == GTREF_LIST_MAX_RTLS) return lerr(&p, "more than %d RTL builds", GTREF_LIST_MAX_RTLS);
                if (!valid_word(w[i]) || strchr(w[i], '/') || strlen(w[i]) >= sizeof cur->rtl[0])
                    return lerr(&p, "rtl: '%s' is not an RTL build name", w[i]);
                snprintf(cur->rtl[cur->nrtl++], sizeof cur->rtl[0], "%s", w[i]);
            }
        } else if (strcmp(w[0], "include") == 0) {
            if (nw != 2) return lerr(&p, "include: give one list name");
            if (cur->nincludes == 8) return lerr(&p, "more than 8 includes");
            if (strlen(w[1]) >= sizeof cur->includes[0]) return lerr(&p, "include: name too long");
            snprintf(cur->includes[cur->nincludes++], sizeof cur->includes[0], "%s", w[1]);
        } else if (strcmp(w[0], "directed") == 0 || strcmp(w[0], "random") == 0) {
            gtref_list_group g;
            if (parse_group(&p, w, nw, known_opts, &g)) return -1;
            if (push_group(cur, &g)) return lerr(&p, "out of memory");
        } else {
            return lerr(&p, "unknown line '%s' (known: list, rtl, include, directed, random)", w[0]);
        }
    }
    /* resolve includes, in definition order: an included list must be defined (before or after) and not
     * include the list itself, directly or not */
    for (size_t i = 0; i < ls->n; i++) {
        gtref_test_list *l = &ls->lists[i];
        p.line = l->line;
        for (size_t k = 0; k < l->nincludes; k++) {
            const char *name = l->includes[k];
            const gtref_test_list *inc = gtref_lists_find(ls, name);
            if (!inc) return lerr(&p, "list %s includes '%s', which no 'list' line defines", l->name, name);
            if (inc == l || inc->nincludes)
                return lerr(&p, "list %s includes '%s', which %s: an included list may not include others", l->name,
                            name, inc == l ? "is itself" : "includes others");
            for (size_t g = 0; g < inc->ngroups; g++)
                if (push_group(l, &inc->groups[g])) return lerr(&p, "out of memory");
            if (l->nrtl == 0)
                for (size_t r = 0; r < inc->nrtl; r++) snprintf(l->rtl[l->nrtl++], sizeof l->rtl[0], "%s", inc->rtl[r]);
        }
    }
    for (size_t i = 0; i < ls->n; i++) {
        gtref_test_list *l = &ls->lists[i];
        p.line = l->line;
        if (l->ngroups == 0) return lerr(&p, "list %s runs nothing: give directed or random lines", l->name);
        if (l->nrtl == 0) snprintf(l->rtl[l->nrtl++], sizeof l->rtl[0], "clean");
    }
    return 0;
}

int gtref_lists_load(gtref_test_lists *ls, const char *path, const char *const *known_opts, char *err, size_t errsz)
{
    char *text;
    if (gtref_text_load(path, MAX_LIST_FILE, &text, err, errsz)) return -1;
    int rc = gtref_lists_parse(ls, path, text, known_opts, err, errsz);
    free(text);
    return rc;
}

const gtref_test_list *gtref_lists_find(const gtref_test_lists *ls, const char *name)
{
    for (size_t i = 0; i < ls->n; i++)
        if (strcmp(ls->lists[i].name, name) == 0) return &ls->lists[i];
    return NULL;
}

void gtref_lists_free(gtref_test_lists *ls)
{
    for (size_t i = 0; i < ls->n; i++) free(ls->lists[i].groups);
    free(ls->lists);
    memset(ls, 0, sizeof *ls);
}

uint64_t gtref_list_seed0(uint64_t master, size_t index)
{
    uint64_t z = master + 0x9E3779B97F4A7C15ull * (uint64_t)(index + 1); /* splitmix64 */
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return 1 + (z & ((1ull << 40) - 1));
}
