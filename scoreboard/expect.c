/* The expectation evaluator (include/gtref/expect.h): one piece of code for gtref check and co-simulation. */
#include "gtref/expect.h"
#include "gtref/gam.h"
#include "gtref/regs.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

int gtref_write_log_add(gtref_write_log *log, uint64_t addr, uint8_t be, uint64_t data)
{
    if (log->n == log->cap) {
        size_t cap = log->cap ? log->cap * 2 : 64;
        gtref_expect_write *w = realloc(log->w, cap * sizeof *w);
        if (!w) return -1;
        log->w = w;
        log->cap = cap;
    }
    log->w[log->n++] = (gtref_expect_write){ addr, be, data };
    return 0;
}

void gtref_write_log_free(gtref_write_log *log)
{
    free(log->w);
    memset(log, 0, sizeof *log);
}

static const char *engine_name(unsigned e) { return e < GTREF_MAX_ENGINES ? gtref_engines[e].name : "?"; }

/* The bytes of a write that fall in first..last. */
static bool write_touches(const gtref_expect_write *w, uint64_t first, uint64_t last)
{
    for (unsigned b = 0; b < 8; b++)
        if ((w->be >> b & 1) && w->addr + b >= first && w->addr + b <= last) return true;
    return false;
}

/* Data bits of the enabled bytes: the lanes a write does not enable carry nothing the spec defines. */
static uint64_t byte_mask(uint8_t be)
{
    uint64_t m = 0;
    for (unsigned b = 0; b < 8; b++)
        if (be >> b & 1) m |= 0xFFull << (8 * b);
    return m;
}

static void write_text(const gtref_expect_write *w, char *buf, size_t sz)
{
    snprintf(buf, sz, "0x%" PRIx64 " be=0x%02x data=0x%016" PRIx64, w->addr, w->be, w->data);
}

static bool eval_writes(const gtref_expect *x, const gtref_write_log *log, gtref_expect_failure *f)
{
    size_t n = x->nwrites < log->n ? x->nwrites : log->n;
    for (size_t i = 0; i < n; i++) {
        const gtref_expect_write *e = &x->writes[i], *a = &log->w[i];
        if (e->addr != a->addr || e->be != a->be || ((e->data ^ a->data) & byte_mask(e->be))) {
            char et[80], at[80];
            write_text(e, et, sizeof et);
            write_text(a, at, sizeof at);
            snprintf(f->expected, sizeof f->expected, "write %zu of %zu: %s", i + 1, x->nwrites, et);
            snprintf(f->actual, sizeof f->actual, "write %zu of %zu: %s", i + 1, log->n, at);
            return false;
        }
    }
    if (x->nwrites == log->n) return true;
    char t[80];
    if (log->n > x->nwrites) {
        write_text(&log->w[n], t, sizeof t);
        snprintf(f->expected, sizeof f->expected, "%zu writes", x->nwrites);
        snprintf(f->actual, sizeof f->actual, "%zu writes; write %zu is %s", log->n, n + 1, t);
    } else {
        write_text(&x->writes[n], t, sizeof t);
        snprintf(f->expected, sizeof f->expected, "%zu writes; write %zu is %s", x->nwrites, n + 1, t);
        snprintf(f->actual, sizeof f->actual, "%zu writes", log->n);
    }
    return false;
}

/* ---- tlb: the data clients' TLB lookups (docs/gam.md GAM-7, GAM-8, GAM-13) ---- */

#define TLB_PAGE_MASK (GTREF_PPGTT_VA_MASK & ~(GTREF_PAGE_SIZE - 1))   /* va[47:12]: what a lookup compares */

bool gtref_expect_kind_cosim_only(uint8_t kind) { return kind == GTREF_EXPECT_TLB; }

static bool tlb_data_lookup(const gtref_tlb_obs *l, uint8_t engine)
{
    return l->engine == engine && (l->client == GTREF_CLIENT_DR || l->client == GTREF_CLIENT_WR);
}

static void tlb_expect_text(const gtref_expect_tlb *t, char *buf, size_t sz)
{
    if (t->what == GTREF_TLB_HIT) snprintf(buf, sz, "hit 0x%" PRIx64 " index=%u", t->va, t->index);
    else if (t->what == GTREF_TLB_MISS) snprintf(buf, sz, "miss 0x%" PRIx64 " fill=%u", t->va, t->index);
    else snprintf(buf, sz, "fault 0x%" PRIx64, t->va);
}

static void tlb_obs_text(const gtref_tlb_obs *l, char *buf, size_t sz)
{
    uint64_t page = l->va & TLB_PAGE_MASK;
    const char *client = l->client == GTREF_CLIENT_DR ? "DR" : l->client == GTREF_CLIENT_WR ? "WR" : "IF";
    if (l->fault) snprintf(buf, sz, "fault 0x%" PRIx64 " (%s %s)", page, l->ggtt ? "GGTT" : "PPGTT", client);
    else snprintf(buf, sz, "%s 0x%" PRIx64 " %s=%u (%s %s)", l->hit ? "hit" : "miss", page, l->hit ? "index" : "fill",
                  l->index, l->ggtt ? "GGTT" : "PPGTT", client);
}

static bool tlb_same(const gtref_expect_tlb *t, const gtref_tlb_obs *l)
{
    if ((l->va & TLB_PAGE_MASK) != t->va) return false;
    if (l->fault) return t->what == GTREF_TLB_FAULT;
    if (t->what != (l->hit ? GTREF_TLB_HIT : GTREF_TLB_MISS)) return false;
    return t->index == l->index;
}

/* The first difference as expected/actual texts; true on a match. */
static bool tlb_compare(const gtref_expect *x, const gtref_tlb_obs *obs, size_t n, char *exp, size_t expsz, char *act,
                        size_t actsz)
{
    size_t seen = 0, k = 0;   /* the engine's data lookups: seen so far; k: the position compared */
    for (size_t i = 0; i < n; i++) {
        if (!tlb_data_lookup(&obs[i], x->engine)) continue;
        seen++;
        if (k < x->ntlb) {
            if (!tlb_same(&x->tlb[k], &obs[i])) {
                char et[96], at[96];
                tlb_expect_text(&x->tlb[k], et, sizeof et);
                tlb_obs_text(&obs[i], at, sizeof at);
                snprintf(exp, expsz, "lookup %zu of %zu: %s", k + 1, x->ntlb, et);
                snprintf(act, actsz, "lookup %zu: %s", k + 1, at);
                return false;
            }
            k++;
            continue;
        }
        if (seen == x->ntlb + 1) {   /* one lookup too many: name it, then count the rest */
            char at[96];
            tlb_obs_text(&obs[i], at, sizeof at);
            snprintf(act, actsz, "lookup %zu: %s", seen, at);
        }
    }
    if (seen == x->ntlb) {
        snprintf(exp, expsz, "%zu lookups", x->ntlb);
        snprintf(act, actsz, "%zu lookups", seen);
        return true;
    }
    if (seen > x->ntlb) {
        char first[128];
        snprintf(first, sizeof first, "%s", act);
        snprintf(exp, expsz, "%zu lookups", x->ntlb);
        snprintf(act, actsz, "%zu lookups; %s", seen, first);
    } else {
        char et[96];
        tlb_expect_text(&x->tlb[seen], et, sizeof et);
        snprintf(exp, expsz, "%zu lookups; lookup %zu: %s", x->ntlb, seen + 1, et);
        snprintf(act, actsz, "%zu lookups", seen);
    }
    return false;
}

int gtref_expect_check_tlb(const gtref_expect *x, const gtref_tlb_obs *obs, size_t n, char *why, size_t whysz)
{
    char exp[192], act[192];
    if (why && whysz) why[0] = '\0';
    if (!x || x->kind != GTREF_EXPECT_TLB || (n && !obs) || (x->ntlb && !x->tlb)) {
        if (why && whysz) snprintf(why, whysz, "not a tlb expectation with its lookups");
        return 1;
    }
    if (tlb_compare(x, obs, n, exp, sizeof exp, act, sizeof act)) return 0;
    if (why && whysz)
        snprintf(why, whysz, "tlb %s: expected %s, observed %s", x->engine < GTREF_MAX_ENGINES ? gtref_engines[x->engine].name : "?",
                 exp, act);
    return 1;
}

bool gtref_expect_eval(const gtref_stim *s, size_t i, const gtref_observed *o, gtref_expect_failure *out)
{
    const gtref_expect *x = &s->expects[i];
    gtref_expect_failure local, *f = out ? out : &local;
    memset(f, 0, sizeof *f);
    f->index = i;
    f->line = x->line;
    f->kind = x->kind;
    f->engine = -1;
    snprintf(f->source, sizeof f->source, "%s", x->source);
    const char *kind = gtref_expect_kind_name(x->kind);
    char reg[64];
    uint64_t actual = 0;
    bool ok = false;
    switch (x->kind) {
    case GTREF_EXPECT_READ: {
        const gtref_host_op *op = x->op < s->nops ? &s->ops[x->op] : NULL;
        snprintf(f->what, sizeof f->what, "read #%" PRIu32 " %s", x->op,
                 op ? gtref_reg_name(op->off, s->engines, reg, sizeof reg) : "?");
        if (x->mask == UINT32_MAX) snprintf(f->expected, sizeof f->expected, "0x%08" PRIx64, x->value);
        else snprintf(f->expected, sizeof f->expected, "0x%08" PRIx64 " under mask 0x%08" PRIx64, x->value, x->mask);
        if (!o->read_done || x->op >= o->nops || !o->read_done[x->op]) {
            snprintf(f->actual, sizeof f->actual, "the read never returned");
            return false;
        }
        actual = o->read_value[x->op];
        ok = (actual & x->mask) == x->value;
        snprintf(f->actual, sizeof f->actual, "0x%08" PRIx64, actual);
        return ok;
    }
    case GTREF_EXPECT_REG:
        snprintf(f->what, sizeof f->what, "reg %s", gtref_reg_name(x->off, s->engines, reg, sizeof reg));
        if (x->mask == UINT32_MAX) snprintf(f->expected, sizeof f->expected, "0x%08" PRIx64, x->value);
        else snprintf(f->expected, sizeof f->expected, "0x%08" PRIx64 " under mask 0x%08" PRIx64, x->value, x->mask);
        actual = o->reg_read ? o->reg_read(o->user, x->off) : 0;
        snprintf(f->actual, sizeof f->actual, "0x%08" PRIx64, actual);
        return (actual & x->mask) == x->value;
    case GTREF_EXPECT_MEM32:
    case GTREF_EXPECT_MEM64: {
        bool q = x->kind == GTREF_EXPECT_MEM64;
        snprintf(f->what, sizeof f->what, "%s 0x%" PRIx64, kind, x->addr);
        uint8_t b[8] = { 0 };
        if (o->mem) gtref_mem_read(o->mem, x->addr, b, q ? 8 : 4);
        for (int k = (q ? 8 : 4) - 1; k >= 0; k--) actual = actual << 8 | b[k];
        snprintf(f->expected, sizeof f->expected, q ? "0x%016" PRIx64 : "0x%08" PRIx64, x->value);
        snprintf(f->actual, sizeof f->actual, q ? "0x%016" PRIx64 : "0x%08" PRIx64, actual);
        return actual == x->value;
    }
    case GTREF_EXPECT_HALTED:
    case GTREF_EXPECT_NOT_HALTED: {
        bool want = x->kind == GTREF_EXPECT_HALTED;
        f->engine = x->engine;
        snprintf(f->what, sizeof f->what, "%s %s", kind, engine_name(x->engine));
        bool h = x->engine < GTREF_MAX_ENGINES && o->halted[x->engine];
        snprintf(f->expected, sizeof f->expected, want ? "halted" : "not halted");
        snprintf(f->actual, sizeof f->actual, h ? "halted" : "not halted");
        return h == want;
    }
    case GTREF_EXPECT_NO_WRITE:
        snprintf(f->what, sizeof f->what, "no_write 0x%" PRIx64 "..0x%" PRIx64, x->addr, x->last);
        snprintf(f->expected, sizeof f->expected, "no write to a byte of the range");
        for (int e = 0; e < o->engines && e < GTREF_MAX_ENGINES; e++)
            for (size_t k = 0; k < o->writes[e].n; k++)
                if (write_touches(&o->writes[e].w[k], x->addr, x->last)) {
                    char t[80];
                    write_text(&o->writes[e].w[k], t, sizeof t);
                    f->engine = e;
                    snprintf(f->actual, sizeof f->actual, "%s write %zu: %s", engine_name((unsigned)e), k + 1, t);
                    return false;
                }
        snprintf(f->actual, sizeof f->actual, "none");
        return true;
    case GTREF_EXPECT_WRITES:
        f->engine = x->engine;
        snprintf(f->what, sizeof f->what, "writes %s", engine_name(x->engine));
        if (x->engine >= GTREF_MAX_ENGINES) return false;
        return eval_writes(x, &o->writes[x->engine], f);
    case GTREF_EXPECT_ERRORS:
        f->engine = x->engine;
        snprintf(f->what, sizeof f->what, "errors %s", engine_name(x->engine));
        actual = x->engine < GTREF_MAX_ENGINES ? o->errors[x->engine] : 0;
        snprintf(f->expected, sizeof f->expected, "%" PRIu64 " illegal commands", x->value);
        snprintf(f->actual, sizeof f->actual, "%" PRIu64 " illegal commands", actual);
        return actual == x->value;
    case GTREF_EXPECT_TLB:
        f->engine = x->engine;
        snprintf(f->what, sizeof f->what, "tlb %s", engine_name(x->engine));
        if (!o->tlb_observed) {   /* a model-only run: the command model has no TLB (docs/gam.md GAM-20) */
            f->not_evaluated = true;
            snprintf(f->expected, sizeof f->expected, "%zu lookups", x->ntlb);
            snprintf(f->actual, sizeof f->actual, "not evaluated on the model alone (co-simulation only)");
            return true;
        }
        return tlb_compare(x, o->tlb, o->tlb ? o->ntlb : 0, f->expected, sizeof f->expected, f->actual, sizeof f->actual);
    case GTREF_EXPECT_IRQ:
        snprintf(f->what, sizeof f->what, "irq");
        snprintf(f->expected, sizeof f->expected, "line %" PRIu64, x->value);
        snprintf(f->actual, sizeof f->actual, "line %d", o->irq ? 1 : 0);
        return (uint64_t)o->irq == x->value;
    default:
        snprintf(f->what, sizeof f->what, "kind %u", x->kind);
        snprintf(f->expected, sizeof f->expected, "a known expectation kind");
        snprintf(f->actual, sizeof f->actual, "kind %u", x->kind);
        return false;
    }
}

size_t gtref_expect_eval_all(const gtref_stim *s, const gtref_observed *o, gtref_expect_failure *f, size_t max)
{
    size_t nfail = 0;
    for (size_t i = 0; i < s->nexpects; i++) {
        gtref_expect_failure one;
        if (gtref_expect_eval(s, i, o, &one)) continue;
        if (f && nfail < max) f[nfail] = one;
        nfail++;
    }
    return nfail;
}

size_t gtref_expect_not_evaluated(const gtref_stim *s, const gtref_observed *o)
{
    size_t n = 0;
    for (size_t i = 0; i < s->nexpects; i++)
        if (s->expects[i].kind == GTREF_EXPECT_TLB && !o->tlb_observed) n++;
    return n;
}

void gtref_expect_failure_print(const gtref_expect_failure *f, const char *file, FILE *out)
{
    if (file && f->line) fprintf(out, "  %s:%" PRIu32 ": expect[%zu] %s\n", file, f->line, f->index, f->what);
    else fprintf(out, "  expect[%zu] %s\n", f->index, f->what);
    fprintf(out, "    expected: %s\n    actual:   %s\n    from:     \"%s\"\n", f->expected, f->actual, f->source);
}
