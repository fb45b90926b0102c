/* Functional coverage (include/gtref/coverage.h). The bins come from the command table; the variant
 * fields below are the only per-command knowledge, and they name fields of the table. */
#include "gtref/coverage.h"
#include "gtref/cmds.h"
#include "gtref/engines.h"

#include <stdlib.h>
#include <string.h>

#define LEVELS 3
#define VARIANT_LENGTH (-1)   /* the variant is the command's length in dwords */
#define MAX_VALUES 64

static const char *const level_names[LEVELS] = { "ring", "batch", "second" };

enum error_case { ERR_UNKNOWN_OPCODE, ERR_UNKNOWN_TYPE, ERR_BAD_LENGTH, ERR_WRONG_ENGINE, ERR_CASES };
static const char *const error_names[ERR_CASES] = { "unknown MI opcode", "unknown command type", "bad length",
                                                    "wrong engine" };

static const char *const event_names[GTREF_COV_EVENTS] = {
    [GTREF_COV_WDOG_CLOCKS] = "watchdog event, counting clocks",
    [GTREF_COV_WDOG_PERIODS] = "watchdog event, counting 64-clock periods",
    [GTREF_COV_SIGWAIT_MET] = "signal-mode wait met when reached",
    [GTREF_COV_SIGWAIT_WOKEN] = "signal-mode wait met after waiting",
};

/* Whether engine e can have event k: the watchdog is RCS0's (commands.md §7). */
static int event_ok(int k, int e) { return (k != GTREF_COV_WDOG_CLOCKS && k != GTREF_COV_WDOG_PERIODS) || e == 0; }

/* Variant fields: a bin per value listed in `values` ("" = every named value of an ENUM field, 0 and 1 of a
 * BOOL field; for VARIANT_LENGTH, every legal length). Values docs/commands.md marks unimplemented are left
 * out by listing the others. */
static const struct variant_field {
    uint8_t cmd;
    int field;               /* enum gtref_field_id, or VARIANT_LENGTH */
    const char *values;      /* comma-separated names, or "" */
} variant_fields[] = {
    { GTREF_CMD_MI_NOOP, GTREF_F_MI_NOOP_NOPID_WRITE, "" },
    { GTREF_CMD_MI_SET_PREDICATE, GTREF_F_MI_SET_PREDICATE_ENABLE,
      "NOOP_NEVER,NOOP_ON_RESULT2_CLEAR,NOOP_ON_RESULT2_SET,NOOP_ON_RESULT_CLEAR,NOOP_ON_RESULT_SET,NOOP_ALWAYS" },
    { GTREF_CMD_MI_ARB_ON_OFF, GTREF_F_MI_ARB_ON_OFF_ENABLE, "" },
    { GTREF_CMD_MI_PREDICATE, GTREF_F_MI_PREDICATE_LOAD, "" },
    { GTREF_CMD_MI_PREDICATE, GTREF_F_MI_PREDICATE_COMBINE, "" },
    { GTREF_CMD_MI_PREDICATE, GTREF_F_MI_PREDICATE_COMPARE, "" },
    { GTREF_CMD_MI_MATH, GTREF_F_MI_MATH_ALU_OP, "" },
    { GTREF_CMD_MI_SEMAPHORE_WAIT, GTREF_F_MI_SEMAPHORE_WAIT_COMPARE, "" },
    { GTREF_CMD_MI_SEMAPHORE_WAIT, GTREF_F_MI_SEMAPHORE_WAIT_POLL, "" },
    { GTREF_CMD_MI_SEMAPHORE_SIGNAL, GTREF_F_MI_SEMAPHORE_SIGNAL_TARGET, "" },
    { GTREF_CMD_MI_STORE_DATA_IMM, GTREF_F_MI_STORE_DATA_IMM_QWORD, "" },
    { GTREF_CMD_MI_STORE_DATA_INDEX, VARIANT_LENGTH, "" },
    { GTREF_CMD_MI_STORE_REGISTER_MEM, GTREF_F_MI_STORE_REGISTER_MEM_PREDICATE, "" },
    { GTREF_CMD_MI_FLUSH_DW, GTREF_F_MI_FLUSH_DW_POST_SYNC, "NONE,WRITE_IMM" },
    { GTREF_CMD_MI_FLUSH_DW, GTREF_F_MI_FLUSH_DW_NOTIFY, "" },
    { GTREF_CMD_MI_FLUSH_DW, GTREF_F_MI_FLUSH_DW_STORE_INDEX, "" },
    { GTREF_CMD_MI_ATOMIC, GTREF_F_MI_ATOMIC_OP,
      "AND,OR,XOR,MOVE,INC,DEC,ADD,SUB,RSUB,IMAX,IMIN,UMAX,UMIN,CMP_WR,PREDEC,AND8B,OR8B,XOR8B,MOVE8B,INC8B,DEC8B,"
      "ADD8B,SUB8B,RSUB8B,IMAX8B,IMIN8B,UMAX8B,UMIN8B,CMP_WR8B,PREDEC8B" },
    { GTREF_CMD_MI_ATOMIC, GTREF_F_MI_ATOMIC_RETURN_DATA, "" },
    { GTREF_CMD_MI_ATOMIC, GTREF_F_MI_ATOMIC_INLINE, "" },
    { GTREF_CMD_MI_BATCH_BUFFER_START, GTREF_F_MI_BATCH_BUFFER_START_SECOND, "" },
    { GTREF_CMD_MI_BATCH_BUFFER_START, GTREF_F_MI_BATCH_BUFFER_START_PPGTT, "" },
    { GTREF_CMD_MI_BATCH_BUFFER_START, GTREF_F_MI_BATCH_BUFFER_START_PREDICATE, "" },
    { GTREF_CMD_PIPE_CONTROL, GTREF_F_PIPE_CONTROL_POST_SYNC, "NONE,WRITE_IMM" },
    { GTREF_CMD_PIPE_CONTROL, GTREF_F_PIPE_CONTROL_NOTIFY, "" },
    { GTREF_CMD_PIPE_CONTROL, GTREF_F_PIPE_CONTROL_STORE_INDEX, "" },
};
#define NVARIANT_FIELDS (sizeof variant_fields / sizeof variant_fields[0])

/* One variant bin row: (command, field, value). */
typedef struct row { uint8_t cmd; int field; uint32_t value; char label[48]; } row;

struct gtref_cov {
    int engines;
    row *rows; size_t nrows;
    uint64_t event_hits[GTREF_COV_EVENTS][GTREF_MAX_ENGINES];
    uint64_t *variant_hits;                        /* [nrows][engines] */
    uint64_t level_hits[GTREF_CMD_COUNT][GTREF_MAX_ENGINES][LEVELS];
    uint64_t error_hits[ERR_CASES][GTREF_MAX_ENGINES][LEVELS];
};

static int add_row(gtref_cov *c, uint8_t cmd, int field, uint32_t value, const char *label)
{
    row *nr = realloc(c->rows, (c->nrows + 1) * sizeof *nr);
    if (!nr) return -1;
    c->rows = nr;
    row *r = &c->rows[c->nrows++];
    r->cmd = cmd; r->field = field; r->value = value;
    strncpy(r->label, label, sizeof r->label - 1);
    r->label[sizeof r->label - 1] = 0;
    return 0;
}

static int listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        const char *q = strchr(p, ',');
        size_t k = q ? (size_t)(q - p) : strlen(p);
        if (k == n && strncmp(p, name, n) == 0) return 1;
        if (!q) break;
        p = q + 1;
    }
    return 0;
}

static int build_rows(gtref_cov *c)
{
    for (int i = 0; i < GTREF_CMD_COUNT; i++) {
        const gtref_cmd_def *d = &gtref_cmds[i];
        if (!d->modelled) continue;
        int any = 0;
        for (size_t k = 0; k < NVARIANT_FIELDS; k++) {
            const struct variant_field *v = &variant_fields[k];
            if (v->cmd != i) continue;
            any = 1;
            char label[48];
            if (v->field == VARIANT_LENGTH) {
                for (unsigned len = d->min_len; len <= d->max_len; len++) {
                    snprintf(label, sizeof label, "len=%u", len);
                    if (add_row(c, (uint8_t)i, v->field, len, label)) return -1;
                }
                continue;
            }
            const gtref_field_def *f = &gtref_fields[v->field];
            if (f->kind == GTREF_FK_BOOL) {
                for (uint32_t b = 0; b < 2; b++) {
                    snprintf(label, sizeof label, "%s%s", b ? "" : "no ", f->key);
                    if (add_row(c, (uint8_t)i, v->field, b, label)) return -1;
                }
                continue;
            }
            for (uint16_t val = 0; val < f->nvalues; val++) {
                const char *nm = f->values[val];
                if (!nm || !nm[0] || (v->values[0] && !listed(v->values, nm))) continue;
                snprintf(label, sizeof label, "%s=%s", f->key, nm);
                if (add_row(c, (uint8_t)i, v->field, val, label)) return -1;
            }
        }
        if (!any && add_row(c, (uint8_t)i, -2, 0, "-")) return -1;
    }
    return 0;
}

gtref_cov *gtref_cov_create(int engines)
{
    if (engines < 1 || engines > GTREF_MAX_ENGINES) return NULL;
    gtref_cov *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->engines = engines;
    if (build_rows(c) || !(c->variant_hits = calloc(c->nrows ? c->nrows * (size_t)engines : 1, sizeof *c->variant_hits))) {
        gtref_cov_destroy(c);
        return NULL;
    }
    return c;
}

void gtref_cov_destroy(gtref_cov *c)
{
    if (!c) return;
    free(c->rows);
    free(c->variant_hits);
    free(c);
}

static void hit_value(gtref_cov *c, int e, uint8_t cmd, int field, uint32_t value)
{
    for (size_t i = 0; i < c->nrows; i++)
        if (c->rows[i].cmd == cmd && c->rows[i].field == field && c->rows[i].value == value)
            c->variant_hits[i * (size_t)c->engines + (size_t)e]++;
}

void gtref_cov_sample(gtref_cov *c, int e, const gtm_retire *r)
{
    if (e < 0 || e >= c->engines) return;
    int level = r->level < LEVELS ? r->level : LEVELS - 1;
    const gtref_cmd_def *d = r->len ? gtref_cmd_find(r->dw[0]) : NULL;
    if (r->status == GTM_ERROR) {
        enum error_case k = !d ? (GTREF_CMD_TYPE(r->dw[0]) == 0 ? ERR_UNKNOWN_OPCODE : ERR_UNKNOWN_TYPE)
                          : !gtref_cmd_legal(d, r->dw[0], NULL, 0) ? ERR_BAD_LENGTH : ERR_WRONG_ENGINE;
        c->error_hits[k][e][level]++;
        return;
    }
    if (r->status != GTM_RETIRED || !d) return;
    c->level_hits[d->id][e][level]++;
    int any = 0;
    for (size_t k = 0; k < NVARIANT_FIELDS; k++) {
        const struct variant_field *v = &variant_fields[k];
        if (v->cmd != d->id) continue;
        any = 1;
        if (v->field == VARIANT_LENGTH) { hit_value(c, e, d->id, v->field, r->len); continue; }
        const gtref_field_def *f = &gtref_fields[v->field];
        if (f->in_group) {
            unsigned n = gtref_group_count(d, r->len);
            for (unsigned g = 0; g < n && d->group_start + (g + 1) * d->group_size <= GTM_MAX_CMD_DW; g++)
                hit_value(c, e, d->id, v->field, (uint32_t)gtref_group_get(r->dw, d, g, f));
        } else if (f->hi / 32u < r->len) {
            hit_value(c, e, d->id, v->field, (uint32_t)gtref_field_get(r->dw, f));
        }
    }
    if (!any) hit_value(c, e, d->id, -2, 0);
}

void gtref_cov_event(gtref_cov *c, int e, enum gtref_cov_event k)
{
    if (e >= 0 && e < c->engines && k < GTREF_COV_EVENTS) c->event_hits[k][e]++;
}

void gtref_cov_merge(gtref_cov *a, const gtref_cov *b)
{
    if (a->engines != b->engines || a->nrows != b->nrows) return;
    for (int k = 0; k < GTREF_COV_EVENTS; k++)
        for (int e = 0; e < GTREF_MAX_ENGINES; e++) a->event_hits[k][e] += b->event_hits[k][e];
    for (size_t i = 0; i < a->nrows * (size_t)a->engines; i++) a->variant_hits[i] += b->variant_hits[i];
    for (int i = 0; i < GTREF_CMD_COUNT; i++)
        for (int e = 0; e < GTREF_MAX_ENGINES; e++)
            for (int l = 0; l < LEVELS; l++) a->level_hits[i][e][l] += b->level_hits[i][e][l];
    for (int i = 0; i < ERR_CASES; i++)
        for (int e = 0; e < GTREF_MAX_ENGINES; e++)
            for (int l = 0; l < LEVELS; l++) a->error_hits[i][e][l] += b->error_hits[i][e][l];
}

/* Whether a bin exists: the engine accepts the command (errors: every engine; a wrong-engine error needs a
 * command some engine accepts and this one does not, which exists for every engine but none when all do). */
static int engine_ok(int cmd, int e) { return gtref_cmd_on_engine(&gtref_cmds[cmd], e); }

static void count(const gtref_cov *c, size_t *bins, size_t *holes)
{
    *bins = *holes = 0;
    for (size_t i = 0; i < c->nrows; i++)
        for (int e = 0; e < c->engines; e++)
            if (engine_ok(c->rows[i].cmd, e)) { (*bins)++; if (!c->variant_hits[i * (size_t)c->engines + (size_t)e]) (*holes)++; }
    for (int i = 0; i < GTREF_CMD_COUNT; i++) {
        if (!gtref_cmds[i].modelled) continue;
        for (int e = 0; e < c->engines; e++) {
            if (!engine_ok(i, e)) continue;
            for (int l = 0; l < LEVELS; l++) { (*bins)++; if (!c->level_hits[i][e][l]) (*holes)++; }
        }
    }
    for (int k = 0; k < ERR_CASES; k++)
        for (int e = 0; e < c->engines; e++)
            for (int l = 0; l < LEVELS; l++) { (*bins)++; if (!c->error_hits[k][e][l]) (*holes)++; }
    for (int k = 0; k < GTREF_COV_EVENTS; k++)
        for (int e = 0; e < c->engines; e++)
            if (event_ok(k, e)) { (*bins)++; if (!c->event_hits[k][e]) (*holes)++; }
}

size_t gtref_cov_bins(const gtref_cov *c) { size_t b, h; count(c, &b, &h); return b; }
size_t gtref_cov_holes(const gtref_cov *c) { size_t b, h; count(c, &b, &h); return h; }

static void cell(FILE *f, uint64_t n, int exists)
{
    if (!exists) fprintf(f, " %8s |", "n/a");
    else if (!n) fprintf(f, " %8s |", "HOLE");
    else fprintf(f, " %8llu |", (unsigned long long)n);
}

static void header(FILE *f, const gtref_cov *c, const char *first, int per_level)
{
    fprintf(f, "| %-44s |", first);
    for (int e = 0; e < c->engines; e++)
        for (int l = 0; l < (per_level ? LEVELS : 1); l++) {
            char h[24];
            snprintf(h, sizeof h, per_level ? "%s %s" : "%s", gtref_engines[e].name, level_names[l]);
            fprintf(f, " %8s |", h);
        }
    fprintf(f, "\n|%s|", "----------------------------------------------");
    for (int e = 0; e < c->engines; e++)
        for (int l = 0; l < (per_level ? LEVELS : 1); l++) fprintf(f, "---------:|");
    fputc('\n', f);
}

void gtref_cov_print(const gtref_cov *c, FILE *f)
{
    size_t bins, holes;
    count(c, &bins, &holes);
    fprintf(f, "Functional coverage: %zu of %zu bins hit, %zu hole%s\n\n", bins - holes, bins, holes, holes == 1 ? "" : "s");
    fprintf(f, "Command x variant x engine:\n\n");
    header(f, c, "command variant", 0);
    for (size_t i = 0; i < c->nrows; i++) {
        char lab[64];
        snprintf(lab, sizeof lab, "%s %s", gtref_cmds[c->rows[i].cmd].name, c->rows[i].label);
        fprintf(f, "| %-44s |", lab);
        for (int e = 0; e < c->engines; e++) cell(f, c->variant_hits[i * (size_t)c->engines + (size_t)e], engine_ok(c->rows[i].cmd, e));
        fputc('\n', f);
    }
    fprintf(f, "\nCommand x engine x level:\n\n");
    header(f, c, "command", 1);
    for (int i = 0; i < GTREF_CMD_COUNT; i++) {
        if (!gtref_cmds[i].modelled) continue;
        fprintf(f, "| %-44s |", gtref_cmds[i].name);
        for (int e = 0; e < c->engines; e++)
            for (int l = 0; l < LEVELS; l++) cell(f, c->level_hits[i][e][l], engine_ok(i, e));
        fputc('\n', f);
    }
    fprintf(f, "\nError case x engine x level:\n\n");
    header(f, c, "error case", 1);
    for (int k = 0; k < ERR_CASES; k++) {
        fprintf(f, "| %-44s |", error_names[k]);
        for (int e = 0; e < c->engines; e++)
            for (int l = 0; l < LEVELS; l++) cell(f, c->error_hits[k][e][l], 1);
        fputc('\n', f);
    }
    fprintf(f, "\nEvent x engine:\n\n");
    header(f, c, "event", 0);
    for (int k = 0; k < GTREF_COV_EVENTS; k++) {
        fprintf(f, "| %-44s |", event_names[k]);
        for (int e = 0; e < c->engines; e++) cell(f, c->event_hits[k][e], event_ok(k, e));
        fputc('\n', f);
    }
    if (holes) {
        fprintf(f, "\nHoles:\n");
        for (int k = 0; k < GTREF_COV_EVENTS; k++)
            for (int e = 0; e < c->engines; e++)
                if (event_ok(k, e) && !c->event_hits[k][e]) fprintf(f, "  %s on %s\n", event_names[k], gtref_engines[e].name);
        for (size_t i = 0; i < c->nrows; i++)
            for (int e = 0; e < c->engines; e++)
                if (engine_ok(c->rows[i].cmd, e) && !c->variant_hits[i * (size_t)c->engines + (size_t)e])
                    fprintf(f, "  %s %s on %s\n", gtref_cmds[c->rows[i].cmd].name, c->rows[i].label, gtref_engines[e].name);
        for (int i = 0; i < GTREF_CMD_COUNT; i++)
            for (int e = 0; gtref_cmds[i].modelled && e < c->engines; e++)
                for (int l = 0; l < LEVELS; l++)
                    if (engine_ok(i, e) && !c->level_hits[i][e][l])
                        fprintf(f, "  %s on %s in the %s\n", gtref_cmds[i].name, gtref_engines[e].name, level_names[l]);
        for (int k = 0; k < ERR_CASES; k++)
            for (int e = 0; e < c->engines; e++)
                for (int l = 0; l < LEVELS; l++)
                    if (!c->error_hits[k][e][l])
                        fprintf(f, "  error '%s' on %s in the %s\n", error_names[k], gtref_engines[e].name, level_names[l]);
    }
}
