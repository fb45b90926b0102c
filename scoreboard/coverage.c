/* Functional coverage (include/gtref/coverage.h). The bins come from the command table; the variant
 * fields below are the only per-command knowledge, and they name fields of the table. */
#include "gtref/coverage.h"
#include "gtref/cmds.h"
#include "gtref/engines.h"
#include "gtref/regs.h"

#include <stdlib.h>
#include <string.h>

#define LEVELS 3
#define VARIANT_LENGTH (-1)   /* the variant is the command's length in dwords */
/* Variants derived from several fields (labels in derived_labels): */
#define VARIANT_ATOMIC_FORM (-3)  /* MI_ATOMIC length (3, 5, 7, 11) x Return Data (C28) */
#define VARIANT_SDI_FORM    (-4)  /* MI_STORE_DATA_IMM: one dword, two dwords (5 without Store Qword), a qword (C35) */
#define VARIANT_LRI_SIZE    (-5)  /* MI_LOAD_REGISTER_IMM: 1..6 pairs, 7..127, 128 (257 dwords, C36) */
#define VARIANT_LRR_MMIO    (-6)  /* MI_LOAD_REGISTER_REG: no CS MMIO bit, source only, destination only, both (C38) */
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
    [GTREF_COV_CBBE_END_FIRST] = "conditional end ended a first-level batch",
    [GTREF_COV_CBBE_END_BOTH] = "conditional end ended both batch levels",
    [GTREF_COV_NP_ENTRY0 + 0] = "nonpriv write allowed by entry 0",
    [GTREF_COV_NP_ENTRY0 + 1] = "nonpriv write allowed by entry 1",
    [GTREF_COV_NP_ENTRY0 + 2] = "nonpriv write allowed by entry 2",
    [GTREF_COV_NP_ENTRY0 + 3] = "nonpriv write allowed by entry 3",
    [GTREF_COV_NP_ENTRY0 + 4] = "nonpriv write allowed by entry 4",
    [GTREF_COV_NP_ENTRY0 + 5] = "nonpriv write allowed by entry 5",
    [GTREF_COV_NP_ENTRY0 + 6] = "nonpriv write allowed by entry 6",
    [GTREF_COV_NP_ENTRY0 + 7] = "nonpriv write allowed by entry 7",
    [GTREF_COV_NP_ENTRY0 + 8] = "nonpriv write allowed by entry 8",
    [GTREF_COV_NP_ENTRY0 + 9] = "nonpriv write allowed by entry 9",
    [GTREF_COV_NP_ENTRY0 + 10] = "nonpriv write allowed by entry 10",
    [GTREF_COV_NP_ENTRY0 + 11] = "nonpriv write allowed by entry 11",
    [GTREF_COV_NP_RW] = "nonpriv target under an RW entry",
    [GTREF_COV_NP_RD] = "nonpriv target under an RD entry",
    [GTREF_COV_NP_WR] = "nonpriv target under a WR entry",
    [GTREF_COV_NP_RANGE1] = "nonpriv target under a 1-dword entry",
    [GTREF_COV_NP_RANGE4] = "nonpriv target under a 4-dword entry",
    [GTREF_COV_NP_RANGE16] = "nonpriv target under a 16-dword entry",
    [GTREF_COV_NP_RANGE64] = "nonpriv target under a 64-dword entry",
    [GTREF_COV_NP_DENY] = "nonpriv target under a deny entry",
    [GTREF_COV_NP_LRI_NOOP] = "nonpriv LRI NOOP as a whole (mixed pairs)",
    [GTREF_COV_PV_SDI] = "privilege violation: SDI ggtt",
    [GTREF_COV_PV_SRM] = "privilege violation: SRM ggtt",
    [GTREF_COV_PV_LRM] = "privilege violation: LRM ggtt",
    [GTREF_COV_PV_COPY] = "privilege violation: COPY_MEM_MEM ggtt",
    [GTREF_COV_PV_ATOMIC] = "privilege violation: MI_ATOMIC ggtt",
    [GTREF_COV_PV_SEM_WAIT] = "privilege violation: SEMAPHORE_WAIT ggtt",
    [GTREF_COV_PV_CBBE] = "privilege violation: CBBE semaphore ggtt",
    [GTREF_COV_PV_FLUSH_DW] = "privilege violation: FLUSH_DW post-sync ggtt",
    [GTREF_COV_PV_PIPE_CONTROL] = "privilege violation: PIPE_CONTROL post-sync ggtt",
    [GTREF_COV_PV_LRI] = "privilege violation: LRI target not allowed",
    [GTREF_COV_PV_LRR] = "privilege violation: LRR target not allowed",
    [GTREF_COV_PV_LRM_REG] = "privilege violation: LRM target not allowed",
    [GTREF_COV_PV_EIR] = "privilege violation with EMR[2] = 0 (EIR bit 2)",
    [GTREF_COV_ASI_CHAIN_INHERIT] = "chain with ASI 0 from a PPGTT batch",
    [GTREF_COV_ASI_SECOND_INHERIT] = "second level ASI 0 from a PPGTT first level",
    [GTREF_COV_ASI_SECOND_PPGTT] = "second level ASI 1 from a GGTT first level",
    [GTREF_COV_ADDR_RING_HIGH] = "ring command, RING_START at or above 256 MB",
    [GTREF_COV_ADDR_RING_MAX] = "ring command, ring of 2 MB (RING_CTL length 511)",
    [GTREF_COV_ADDR_HWSP_HIGH] = "command with HWS_PGA at or above 2 GB",
    [GTREF_COV_ADDR_BATCH_HIGH] = "batch command at 2 GB to 4 GB",
    [GTREF_COV_ADDR_VA_BIT47] = "batch command at an address with bit 47 set",
    [GTREF_COV_GPR_DW0 + 0] = "GPR R0 low dword written by a command",
    [GTREF_COV_GPR_DW0 + 1] = "GPR R0 high dword written by a command",
    [GTREF_COV_GPR_DW0 + 2] = "GPR R1 low dword written by a command",
    [GTREF_COV_GPR_DW0 + 3] = "GPR R1 high dword written by a command",
    [GTREF_COV_GPR_DW0 + 4] = "GPR R2 low dword written by a command",
    [GTREF_COV_GPR_DW0 + 5] = "GPR R2 high dword written by a command",
    [GTREF_COV_GPR_DW0 + 6] = "GPR R3 low dword written by a command",
    [GTREF_COV_GPR_DW0 + 7] = "GPR R3 high dword written by a command",
    [GTREF_COV_GPR_DW0 + 8] = "GPR R4 low dword written by a command",
    [GTREF_COV_GPR_DW0 + 9] = "GPR R4 high dword written by a command",
    [GTREF_COV_GPR_DW0 + 10] = "GPR R5 low dword written by a command",
    [GTREF_COV_GPR_DW0 + 11] = "GPR R5 high dword written by a command",
    [GTREF_COV_GPR_DW0 + 12] = "GPR R6 low dword written by a command",
    [GTREF_COV_GPR_DW0 + 13] = "GPR R6 high dword written by a command",
    [GTREF_COV_GPR_DW0 + 14] = "GPR R7 low dword written by a command",
    [GTREF_COV_GPR_DW0 + 15] = "GPR R7 high dword written by a command",
    [GTREF_COV_GPR_DW0 + 16] = "GPR R8 low dword written by a command",
    [GTREF_COV_GPR_DW0 + 17] = "GPR R8 high dword written by a command",
    [GTREF_COV_GPR_DW0 + 18] = "GPR R9 low dword written by a command",
    [GTREF_COV_GPR_DW0 + 19] = "GPR R9 high dword written by a command",
    [GTREF_COV_GPR_DW0 + 20] = "GPR R10 low dword written by a command",
    [GTREF_COV_GPR_DW0 + 21] = "GPR R10 high dword written by a command",
    [GTREF_COV_GPR_DW0 + 22] = "GPR R11 low dword written by a command",
    [GTREF_COV_GPR_DW0 + 23] = "GPR R11 high dword written by a command",
    [GTREF_COV_GPR_DW0 + 24] = "GPR R12 low dword written by a command",
    [GTREF_COV_GPR_DW0 + 25] = "GPR R12 high dword written by a command",
    [GTREF_COV_GPR_DW0 + 26] = "GPR R13 low dword written by a command",
    [GTREF_COV_GPR_DW0 + 27] = "GPR R13 high dword written by a command",
    [GTREF_COV_GPR_DW0 + 28] = "GPR R14 low dword written by a command",
    [GTREF_COV_GPR_DW0 + 29] = "GPR R14 high dword written by a command",
    [GTREF_COV_GPR_DW0 + 30] = "GPR R15 low dword written by a command",
    [GTREF_COV_GPR_DW0 + 31] = "GPR R15 high dword written by a command",
};

/* Execlists (docs/execlists.md §7 "Coverage"): each bin names the rule that defines it. */
static const char *const csb_names[GTREF_COV_CSB_EVENTS] = {
    [GTREF_COV_CSB_IDLE_TO_ACTIVE] = "CSB IDLE_TO_ACTIVE 0x0001 (EL-14)",
    [GTREF_COV_CSB_ELEMENT_SWITCH] = "CSB COMPLETE|ELEMENT_SWITCH 0x0014 (EL-15)",
    [GTREF_COV_CSB_ACTIVE_TO_IDLE] = "CSB COMPLETE|ACTIVE_TO_IDLE 0x0018 (EL-15)",
    [GTREF_COV_CSB_PREEMPTED] = "CSB PREEMPTED 0x0002 (EL-16)",
    [GTREF_COV_CSB_LITE_RESTORE] = "CSB PREEMPTED|LITE_RESTORE 0x8002 (EL-17)",
};
/* EL-20: the low dword of each entry the kit writes, in enum gtref_cov_csb_event's order */
static const uint32_t csb_entries[GTREF_COV_CSB_EVENTS] = {
    GTREF_CSB_IDLE_TO_ACTIVE, GTREF_CSB_COMPLETE | GTREF_CSB_ELEMENT_SWITCH, GTREF_CSB_COMPLETE | GTREF_CSB_ACTIVE_TO_IDLE,
    GTREF_CSB_PREEMPTED, GTREF_CSB_PREEMPTED | GTREF_CSB_LITE_RESTORE,
};
static const char *const el_names[GTREF_COV_EL_BINS] = {
    [GTREF_COV_EL_ARB_CHECK_TAKEN] = "MI_ARB_CHECK arbitration point taken (EL-16)",
    [GTREF_COV_EL_POLL_TAKEN] = "poll-wait arbitration point taken (EL-16)",
    [GTREF_COV_EL_DRY_PENDING] = "ran dry with a pending submission (EL-15)",
    [GTREF_COV_EL_PREEMPT_TO_IDLE] = "preempt to idle: RESTORE_INHIBIT (EL-18)",
    [GTREF_COV_EL_CSB_WRAP] = "CSB wrap: entry 0 after entry 11 (EL-21)",
    [GTREF_COV_EL_RESUME_BATCH] = "preempted context resumed in a batch (EL-6)",
    [GTREF_COV_EL_RESUME_RING] = "preempted context resumed in the ring (EL-6)",
    [GTREF_COV_EL_PDP0_CHANGE] = "full restore changed PDP0 (EL-26)",
    [GTREF_COV_EL_LOAD_IGNORED] = "Load ignored: element 0 not valid (EL-12)",
    [GTREF_COV_EL_LOAD_REPLACES] = "Load replaced a pending submission (EL-11)",
    [GTREF_COV_EL_BOTH_MODES] = "both modes in one test (EL-1)",
};
#define EL_PREEMPTED_MAX 32

/* Labels of the derived variants, by value. */
static const char *const atomic_form_labels[] = { "len=3 no return", "len=3 return", "len=5 no return", "len=5 return",
                                                  "len=7 no return", "len=7 return", "len=11 no return", "len=11 return" };
static const char *const sdi_form_labels[] = { "form=one dword", "form=two dwords", "form=qword" };
static const char *const lri_size_labels[] = { "pairs=1..6", "pairs=7..127", "pairs=128 (257 dwords)" };
static const char *const lrr_mmio_labels[] = { "absolute", "cs_mmio_src only", "cs_mmio_dst only", "cs_mmio both" };
static const struct derived { int field; const char *const *labels; unsigned n; } derived[] = {
    { VARIANT_ATOMIC_FORM, atomic_form_labels, 8 },
    { VARIANT_SDI_FORM, sdi_form_labels, 3 },
    { VARIANT_LRI_SIZE, lri_size_labels, 3 },
    { VARIANT_LRR_MMIO, lrr_mmio_labels, 4 },
};

/* Whether engine e can have event k: the watchdog is RCS0's (commands.md §7). */
static int event_ok(int k, int e)
{
    if (k == GTREF_COV_WDOG_CLOCKS || k == GTREF_COV_WDOG_PERIODS || k == GTREF_COV_PV_PIPE_CONTROL) return e == 0;
    if (k == GTREF_COV_PV_FLUSH_DW) return e != 0;   /* MI_FLUSH_DW is not on RCS0 (C12) */
    return 1;
}

/* Variant fields: a bin per value listed in `values` ("" = every named value of an ENUM field, 0 and 1 of a
 * BOOL field; for VARIANT_LENGTH, every legal length; a derived variant's labels). Values docs/commands.md marks
 * unimplemented are left out by listing the others; a value unimplemented on some engines has bins only on the
 * others (only_value, only_engines: e.g. a predicated MI_BATCH_BUFFER_START off RCS0, C17). */
static const struct variant_field {
    uint8_t cmd;
    int field;               /* enum gtref_field_id, VARIANT_LENGTH or a derived variant */
    const char *values;      /* comma-separated names, or "" */
    int only_value;          /* -1, or the value whose bins exist only on only_engines */
    uint8_t only_engines;    /* GTREF_ENG_* */
} variant_fields[] = {
    { GTREF_CMD_MI_NOOP, GTREF_F_MI_NOOP_NOPID_WRITE, "", -1, 0 },
    { GTREF_CMD_MI_SET_PREDICATE, GTREF_F_MI_SET_PREDICATE_ENABLE,
      "NOOP_NEVER,NOOP_ON_RESULT2_CLEAR,NOOP_ON_RESULT2_SET,NOOP_ON_RESULT_CLEAR,NOOP_ON_RESULT_SET,NOOP_ALWAYS", -1, 0 },
    { GTREF_CMD_MI_ARB_ON_OFF, GTREF_F_MI_ARB_ON_OFF_ENABLE, "", -1, 0 },
    { GTREF_CMD_MI_PREDICATE, GTREF_F_MI_PREDICATE_LOAD, "", -1, 0 },
    { GTREF_CMD_MI_PREDICATE, GTREF_F_MI_PREDICATE_COMBINE, "", -1, 0 },
    { GTREF_CMD_MI_PREDICATE, GTREF_F_MI_PREDICATE_COMPARE, "", -1, 0 },
    { GTREF_CMD_MI_MATH, GTREF_F_MI_MATH_ALU_OP, "", -1, 0 },
    { GTREF_CMD_MI_SEMAPHORE_WAIT, GTREF_F_MI_SEMAPHORE_WAIT_COMPARE, "", -1, 0 },
    { GTREF_CMD_MI_SEMAPHORE_WAIT, GTREF_F_MI_SEMAPHORE_WAIT_POLL, "", -1, 0 },
    { GTREF_CMD_MI_SEMAPHORE_SIGNAL, GTREF_F_MI_SEMAPHORE_SIGNAL_TARGET, "", -1, 0 },
    { GTREF_CMD_MI_STORE_DATA_IMM, GTREF_F_MI_STORE_DATA_IMM_QWORD, "", -1, 0 },
    { GTREF_CMD_MI_STORE_DATA_INDEX, VARIANT_LENGTH, "", -1, 0 },
    { GTREF_CMD_MI_STORE_REGISTER_MEM, GTREF_F_MI_STORE_REGISTER_MEM_PREDICATE, "", -1, 0 },
    { GTREF_CMD_MI_STORE_REGISTER_MEM, GTREF_F_MI_STORE_REGISTER_MEM_CS_MMIO, "", -1, 0 },
    { GTREF_CMD_MI_LOAD_REGISTER_IMM, GTREF_F_MI_LOAD_REGISTER_IMM_CS_MMIO, "", -1, 0 },
    { GTREF_CMD_MI_LOAD_REGISTER_IMM, VARIANT_LRI_SIZE, "", -1, 0 },
    { GTREF_CMD_MI_LOAD_REGISTER_MEM, GTREF_F_MI_LOAD_REGISTER_MEM_CS_MMIO, "", -1, 0 },
    { GTREF_CMD_MI_LOAD_REGISTER_REG, VARIANT_LRR_MMIO, "", -1, 0 },
    { GTREF_CMD_MI_SEMAPHORE_WAIT, GTREF_F_MI_SEMAPHORE_WAIT_REG_POLL, "", -1, 0 },
    { GTREF_CMD_MI_STORE_DATA_IMM, VARIANT_SDI_FORM, "", -1, 0 },
    { GTREF_CMD_MI_ATOMIC, VARIANT_ATOMIC_FORM, "", -1, 0 },
    { GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END, GTREF_F_MI_CONDITIONAL_BATCH_BUFFER_END_SEMAPHORE, "", -1, 0 },
    { GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END, GTREF_F_MI_CONDITIONAL_BATCH_BUFFER_END_MASK_MODE, "", -1, 0 },
    { GTREF_CMD_MI_FLUSH_DW, GTREF_F_MI_FLUSH_DW_POST_SYNC, "NONE,WRITE_IMM", -1, 0 },
    { GTREF_CMD_MI_FLUSH_DW, GTREF_F_MI_FLUSH_DW_NOTIFY, "", -1, 0 },
    { GTREF_CMD_MI_FLUSH_DW, GTREF_F_MI_FLUSH_DW_STORE_INDEX, "", -1, 0 },
    { GTREF_CMD_MI_ATOMIC, GTREF_F_MI_ATOMIC_OP,
      "AND,OR,XOR,MOVE,INC,DEC,ADD,SUB,RSUB,IMAX,IMIN,UMAX,UMIN,CMP_WR,PREDEC,AND8B,OR8B,XOR8B,MOVE8B,INC8B,DEC8B,"
      "ADD8B,SUB8B,RSUB8B,IMAX8B,IMIN8B,UMAX8B,UMIN8B,CMP_WR8B,PREDEC8B", -1, 0 },
    { GTREF_CMD_MI_ATOMIC, GTREF_F_MI_ATOMIC_RETURN_DATA, "", -1, 0 },
    { GTREF_CMD_MI_ATOMIC, GTREF_F_MI_ATOMIC_INLINE, "", -1, 0 },
    { GTREF_CMD_MI_BATCH_BUFFER_START, GTREF_F_MI_BATCH_BUFFER_START_SECOND, "", -1, 0 },
    { GTREF_CMD_MI_BATCH_BUFFER_START, GTREF_F_MI_BATCH_BUFFER_START_PPGTT, "", -1, 0 },
    { GTREF_CMD_MI_BATCH_BUFFER_START, GTREF_F_MI_BATCH_BUFFER_START_PREDICATE, "", 1, GTREF_ENG_RCS },
    { GTREF_CMD_PIPE_CONTROL, GTREF_F_PIPE_CONTROL_POST_SYNC, "NONE,WRITE_IMM", -1, 0 },
    { GTREF_CMD_PIPE_CONTROL, GTREF_F_PIPE_CONTROL_NOTIFY, "", -1, 0 },
    { GTREF_CMD_PIPE_CONTROL, GTREF_F_PIPE_CONTROL_STORE_INDEX, "", -1, 0 },
};
#define NVARIANT_FIELDS (sizeof variant_fields / sizeof variant_fields[0])

/* One variant bin row: (command, field, value), with bins on the engines of `engines` that accept the command. */
typedef struct row { uint8_t cmd; int field; uint32_t value; uint8_t engines; char label[48]; } row;

struct gtref_cov {
    int engines;
    row *rows; size_t nrows;
    uint64_t event_hits[GTREF_COV_EVENTS][GTREF_MAX_ENGINES];
    uint64_t *variant_hits;                        /* [nrows][engines] */
    uint64_t level_hits[GTREF_CMD_COUNT][GTREF_MAX_ENGINES][LEVELS];
    uint64_t error_hits[ERR_CASES][GTREF_MAX_ENGINES][LEVELS];
    /* what the samples of each engine tell of its state (not merged) */
    struct eng_state {
        uint32_t np[12];       /* FORCE_TO_NONPRIV entries (gtref_cov_nonpriv_entries) */
        uint32_t emr;          /* EMR (gtref_cov_engine_emr) */
        uint32_t ring_start, ring_ctl, hws_pga;   /* gtref_cov_engine_addr */
        bool eff[3];           /* the effective PPGTT bit of the batch running at level 1, 2 (C10): non-privileged */
        bool pending;          /* a batch start retired: the next command, at its target, tells whether it jumped */
        uint64_t target;
        bool target_eff;       /* the started batch's effective bit */
        int target_level;      /* its level (1, 2) */
        int target_event;      /* an ASI event to count when it jumped, or -1 */
        int cbbe_level;        /* a Compare Semaphore MI_CONDITIONAL_BATCH_BUFFER_END retired at this level (1, 2) */
    } st[GTREF_MAX_ENGINES];
    uint64_t csb_hits[GTREF_COV_CSB_EVENTS][GTREF_MAX_ENGINES];
    uint64_t el_hits[GTREF_COV_EL_BINS];
    /* what the current test (gtref_cov_test_begin) told of each engine's execlist state (not merged) */
    struct el_state {
        bool execlist;         /* the engine's mode (gtref_cov_engine_mode) */
        int last_index;        /* the index of its last CSB entry in this test, -1 none */
        uint32_t preempted[EL_PREEMPTED_MAX];   /* IDs of the contexts preempted and not yet restored */
        unsigned npreempted;
    } el[GTREF_MAX_ENGINES];
    uint64_t *host_hits;                /* [gtref_nregs][GTREF_MAX_ENGINES]: host writes of a host-write bin's register */
    uint8_t ring_retired, el_retired;   /* engines that retired a command in this test in either mode */
    bool both_modes;                    /* the both-modes bin was hit in this test */
};

static int add_row(gtref_cov *c, uint8_t cmd, int field, uint32_t value, const char *label);
static const struct derived *derived_of(int field)
{
    for (size_t i = 0; i < sizeof derived / sizeof derived[0]; i++)
        if (derived[i].field == field) return &derived[i];
    return NULL;
}

static int add_row(gtref_cov *c, uint8_t cmd, int field, uint32_t value, const char *label)
{
    row *nr = realloc(c->rows, (c->nrows + 1) * sizeof *nr);
    if (!nr) return -1;
    c->rows = nr;
    row *r = &c->rows[c->nrows++];
    r->cmd = cmd; r->field = field; r->value = value; r->engines = GTREF_ENG_ALL;
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
            const struct derived *dv = derived_of(v->field);
            if (dv) {
                for (unsigned k = 0; k < dv->n; k++)
                    if (add_row(c, (uint8_t)i, v->field, k, dv->labels[k])) return -1;
                continue;
            }
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
                    if (v->only_value == (int)b) c->rows[c->nrows - 1].engines = v->only_engines;
                }
                continue;
            }
            for (uint16_t val = 0; val < f->nvalues; val++) {
                const char *nm = f->values[val];
                if (!nm || !nm[0] || (v->values[0] && !listed(v->values, nm))) continue;
                snprintf(label, sizeof label, "%s=%s", f->key, nm);
                if (add_row(c, (uint8_t)i, v->field, val, label)) return -1;
                if (v->only_value == (int)val) c->rows[c->nrows - 1].engines = v->only_engines;
            }
        }
        if (!any && add_row(c, (uint8_t)i, -2, 0, "-")) return -1;
    }
    return 0;
}

/* The host-write bins (include/gtref/coverage.h): the engine registers with writable bits whose host writes only
 * host_reg_pct makes (docs/stimulus-format.md §3); the others the host program writes in every test, or never may
 * (RING_* while busy, CONTEXT_STATUS_PTR's write pointer: cycle contract §8, docs/execlists.md §8). */
static const char *const host_write_prefixes[] = {
    "CS_GPR", "MI_PREDICATE_", "BB_OFFSET", "PP_DCLV_UDW", "PDP1_", "PDP2_", "PDP3_", "RING_CONTEXT_CONTROL", "CCID",
    "BB_PER_CTX_PTR", "INDIRECT_CTX", "CTX_TIMESTAMP", "CSB_INTERRUPT_MASK", "EXECLIST_SQ_",
};
static int host_bin(size_t i, int e)
{
    const gtref_reg_def *d = &gtref_regs[i];
    if (!(d->flags & GTREF_REGF_ENGINE) || !gtref_reg_present(d, e) || !(gtref_reg_rw(d, e) || d->w1c_mask)) return 0;
    for (size_t k = 0; k < sizeof host_write_prefixes / sizeof host_write_prefixes[0]; k++)
        if (strncmp(d->name, host_write_prefixes[k], strlen(host_write_prefixes[k])) == 0) return 1;
    return 0;
}
static int host_row(size_t i)
{
    for (int e = 0; e < GTREF_MAX_ENGINES; e++)
        if (host_bin(i, e)) return 1;
    return 0;
}

gtref_cov *gtref_cov_create(int engines)
{
    if (engines < 1 || engines > GTREF_MAX_ENGINES) return NULL;
    gtref_cov *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->engines = engines;
    gtref_cov_test_begin(c);
    if (build_rows(c) || !(c->variant_hits = calloc(c->nrows ? c->nrows * (size_t)engines : 1, sizeof *c->variant_hits)) ||
        !(c->host_hits = calloc(gtref_nregs * GTREF_MAX_ENGINES, sizeof *c->host_hits))) {
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
    free(c->host_hits);
    free(c);
}

static void hit_value(gtref_cov *c, int e, uint8_t cmd, int field, uint32_t value)
{
    for (size_t i = 0; i < c->nrows; i++)
        if (c->rows[i].cmd == cmd && c->rows[i].field == field && c->rows[i].value == value)
            c->variant_hits[i * (size_t)c->engines + (size_t)e]++;
}

/* A derived variant's value for command r of table entry d; -1 when it has none. */
static int derived_value(const gtref_cmd_def *d, int field, const gtm_retire *r)
{
    switch (field) {
    case VARIANT_ATOMIC_FORM: {
        int k = r->len == 3 ? 0 : r->len == 5 ? 1 : r->len == 7 ? 2 : r->len == 11 ? 3 : -1;
        return k < 0 ? -1 : 2 * k + (int)gtref_field_get(r->dw, &gtref_fields[GTREF_F_MI_ATOMIC_RETURN_DATA]);
    }
    case VARIANT_SDI_FORM:
        if (r->len == 4) return 0;
        if (r->len != 5) return -1;
        return gtref_field_get(r->dw, &gtref_fields[GTREF_F_MI_STORE_DATA_IMM_QWORD]) ? 2 : 1;
    case VARIANT_LRI_SIZE: {
        unsigned n = gtref_group_count(d, r->len);
        return n <= 6 ? 0 : n < 128 ? 1 : 2;
    }
    case VARIANT_LRR_MMIO:
        return (int)(gtref_field_get(r->dw, &gtref_fields[GTREF_F_MI_LOAD_REGISTER_REG_CS_MMIO_SRC]) |
                     gtref_field_get(r->dw, &gtref_fields[GTREF_F_MI_LOAD_REGISTER_REG_CS_MMIO_DST]) << 1);
    default: return -1;
    }
}

void gtref_cov_nonpriv_entries(gtref_cov *c, int e, const uint32_t entries[12])
{
    if (e >= 0 && e < c->engines) memcpy(c->st[e].np, entries, sizeof c->st[e].np);
}

/* C37: whether FORCE_TO_NONPRIV entry value en covers absolute offset off (its naturally aligned block). */
static bool np_covers(uint32_t en, uint32_t off)
{
    uint32_t bsz = 4u << (2u * (en & GTREF_NONPRIV_RANGE_MASK));
    return ((en & GTREF_NONPRIV_OFFSET_MASK) & ~(bsz - 1u)) == (off & ~(bsz - 1u));
}

/* A write of absolute offset off by a non-privileged batch of engine e: the entries it meets (events); whether
 * C13/C37 allow it. */
static bool np_target(gtref_cov *c, int e, uint32_t off)
{
    const uint32_t *np = c->st[e].np;
    bool deny = false, allow = false;
    int allower = -1;
    for (int k = 0; k < 12; k++) {
        if (!np_covers(np[k], off)) continue;
        unsigned acc = (np[k] & GTREF_NONPRIV_ACCESS_MASK) >> GTREF_NONPRIV_ACCESS_SHIFT;
        c->event_hits[GTREF_COV_NP_RANGE1 + (np[k] & GTREF_NONPRIV_RANGE_MASK)][e]++;
        if (acc < 3) c->event_hits[acc == 0 ? GTREF_COV_NP_RW : acc == 1 ? GTREF_COV_NP_RD : GTREF_COV_NP_WR][e]++;
        if (np[k] & GTREF_NONPRIV_DENY) deny = true;
        else if (acc == 0 || acc == 2) { allow = true; if (allower < 0) allower = k; }
    }
    if (deny) c->event_hits[GTREF_COV_NP_DENY][e]++;
    int re = -1;
    const gtref_reg_def *d = gtref_reg_lookup(off, GTREF_MAX_ENGINES, &re);
    bool flag = d && (re == e || !(d->flags & GTREF_REGF_ENGINE)) && (d->flags & GTREF_REGF_NONPRIV);
    if (!deny && allow && !flag) c->event_hits[GTREF_COV_NP_ENTRY0 + allower][e]++;
    return !deny && (allow || flag);
}

void gtref_cov_engine_emr(gtref_cov *c, int e, uint32_t emr)
{
    if (e >= 0 && e < c->engines) c->st[e].emr = emr;
}

void gtref_cov_engine_addr(gtref_cov *c, int e, uint32_t ring_start, uint32_t ring_ctl, uint32_t hws_pga)
{
    if (e < 0 || e >= c->engines) return;
    c->st[e].ring_start = ring_start;
    c->st[e].ring_ctl = ring_ctl;
    c->st[e].hws_pga = hws_pga;
}

/* The address bins of a retired command (docs/cycle-contract.md: ring size (RING_CTL[20:12] + 1) * 4096 at
 * RING_START[31:12] << 12). */
static void addr_bins(gtref_cov *c, int e, const gtm_retire *r)
{
    const struct eng_state *st = &c->st[e];
    if (!r->in_batch) {
        if (st->ring_start & 0x10000000u) c->event_hits[GTREF_COV_ADDR_RING_HIGH][e]++;
        if ((st->ring_ctl >> 12 & 0x1FFu) == 0x1FFu) c->event_hits[GTREF_COV_ADDR_RING_MAX][e]++;
    } else {
        if (r->addr >= 0x80000000ull && r->addr < 0x100000000ull) c->event_hits[GTREF_COV_ADDR_BATCH_HIGH][e]++;
        if (r->addr >> 47 & 1u) c->event_hits[GTREF_COV_ADDR_VA_BIT47][e]++;
    }
    if (st->hws_pga & 0x80000000u) c->event_hits[GTREF_COV_ADDR_HWSP_HIGH][e]++;
}

static bool fget(const gtm_retire *r, int f) { return gtref_field_get(r->dw, &gtref_fields[f]) != 0; }

/* A privilege violation of kind k (C41): its bin, and the EIR bin when EMR[2] is 0. */
static void violation(gtref_cov *c, int e, int k)
{
    c->event_hits[k][e]++;
    if (!(c->st[e].emr & 4u)) c->event_hits[GTREF_COV_PV_EIR][e]++;
}

/* What the command tells of the engine's state: privilege (a batch start, then its first command at the target),
 * a conditional end that ended levels (the next command is at a lower level), non-privileged writes and violations. */
static void track(gtref_cov *c, int e, const gtref_cmd_def *d, const gtm_retire *r)
{
    struct eng_state *st = &c->st[e];
    if (st->pending && r->addr == st->target && r->level == st->target_level) {
        st->eff[st->target_level] = st->target_eff;
        if (st->target_event >= 0) c->event_hits[st->target_event][e]++;
    }
    st->pending = false;
    bool np = r->level >= 1 && r->level <= 2 && st->eff[r->level];   /* the command's batch is non-privileged */
    if (st->cbbe_level && r->level < st->cbbe_level)
        c->event_hits[r->level == 0 && st->cbbe_level == 2 ? GTREF_COV_CBBE_END_BOTH : GTREF_COV_CBBE_END_FIRST][e]++;
    st->cbbe_level = 0;
    if (r->status != GTM_RETIRED || !d || r->nooped) return;
    uint32_t base = gtref_engines[e].base;
    switch (d->id) {
    case GTREF_CMD_MI_BATCH_BUFFER_START: {   /* C10: effective bit = its own OR that of the batch holding the start */
        bool second = r->level == 1 && fget(r, GTREF_F_MI_BATCH_BUFFER_START_SECOND);
        bool own = fget(r, GTREF_F_MI_BATCH_BUFFER_START_PPGTT);
        bool parent = r->level >= 1 && r->level <= 2 && st->eff[r->level];
        st->pending = true;
        st->target = gtref_field_get(r->dw, &gtref_fields[GTREF_F_MI_BATCH_BUFFER_START_ADDR]);
        st->target_level = r->level == 0 ? 1 : second ? 2 : r->level;
        st->target_eff = own || parent;
        st->target_event = -1;
        if (r->level >= 1 && parent && !own)
            st->target_event = second ? GTREF_COV_ASI_SECOND_INHERIT : GTREF_COV_ASI_CHAIN_INHERIT;
        else if (second && !parent && own)
            st->target_event = GTREF_COV_ASI_SECOND_PPGTT;
        break;
    }
    case GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END:
        if (r->priv_violation) violation(c, e, GTREF_COV_PV_CBBE);
        else if (r->level && fget(r, GTREF_F_MI_CONDITIONAL_BATCH_BUFFER_END_SEMAPHORE))
            st->cbbe_level = r->level;   /* a violation ends nothing (C41) */
        break;
    case GTREF_CMD_MI_STORE_DATA_IMM: if (r->priv_violation) violation(c, e, GTREF_COV_PV_SDI); break;
    case GTREF_CMD_MI_STORE_REGISTER_MEM: if (r->priv_violation) violation(c, e, GTREF_COV_PV_SRM); break;
    case GTREF_CMD_MI_COPY_MEM_MEM: if (r->priv_violation) violation(c, e, GTREF_COV_PV_COPY); break;
    case GTREF_CMD_MI_ATOMIC: if (r->priv_violation) violation(c, e, GTREF_COV_PV_ATOMIC); break;
    case GTREF_CMD_MI_SEMAPHORE_WAIT: if (r->priv_violation) violation(c, e, GTREF_COV_PV_SEM_WAIT); break;
    case GTREF_CMD_MI_FLUSH_DW: if (r->priv_violation) violation(c, e, GTREF_COV_PV_FLUSH_DW); break;
    case GTREF_CMD_PIPE_CONTROL: if (r->priv_violation) violation(c, e, GTREF_COV_PV_PIPE_CONTROL); break;
    case GTREF_CMD_MI_LOAD_REGISTER_IMM: {   /* a violation (C13) is the model's word; the entry bins are counted here */
        if (!np) break;
        const gtref_field_def *reg = &gtref_fields[GTREF_F_MI_LOAD_REGISTER_IMM_REG];
        uint32_t add = gtref_field_get(r->dw, &gtref_fields[GTREF_F_MI_LOAD_REGISTER_IMM_CS_MMIO]) ? base : 0u;
        unsigned n = gtref_group_count(d, r->len), ok = 0;
        for (unsigned g = 0; g < n && d->group_start + (g + 1) * d->group_size <= GTM_MAX_CMD_DW; g++)
            ok += np_target(c, e, add + (uint32_t)gtref_group_get(r->dw, d, g, reg));
        if (r->priv_violation && ok) c->event_hits[GTREF_COV_NP_LRI_NOOP][e]++;
        if (r->priv_violation) violation(c, e, GTREF_COV_PV_LRI);
        break;
    }
    case GTREF_CMD_MI_LOAD_REGISTER_REG:
        if (np) np_target(c, e, (gtref_field_get(r->dw, &gtref_fields[GTREF_F_MI_LOAD_REGISTER_REG_CS_MMIO_DST]) ? base : 0u) +
                                    (uint32_t)gtref_field_get(r->dw, &gtref_fields[GTREF_F_MI_LOAD_REGISTER_REG_DST]));
        if (r->priv_violation) violation(c, e, GTREF_COV_PV_LRR);
        break;
    case GTREF_CMD_MI_LOAD_REGISTER_MEM: {
        bool ggtt = fget(r, GTREF_F_MI_LOAD_REGISTER_MEM_GGTT);
        if (np && !ggtt)
            np_target(c, e, (gtref_field_get(r->dw, &gtref_fields[GTREF_F_MI_LOAD_REGISTER_MEM_CS_MMIO]) ? base : 0u) +
                                (uint32_t)gtref_field_get(r->dw, &gtref_fields[GTREF_F_MI_LOAD_REGISTER_MEM_REG]));
        if (r->priv_violation) violation(c, e, ggtt ? GTREF_COV_PV_LRM : GTREF_COV_PV_LRM_REG);   /* G1 : C13 */
        break;
    }
    default: break;
    }
}

/* ---- execlists (docs/execlists.md §7, "Coverage") ---- */

void gtref_cov_test_begin(gtref_cov *c)
{
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) c->el[e] = (struct el_state){ .last_index = -1 };
    c->ring_retired = c->el_retired = 0;
    c->both_modes = false;
}

void gtref_cov_engine_mode(gtref_cov *c, int e, bool execlist)
{
    if (e >= 0 && e < c->engines) c->el[e].execlist = execlist;
}

/* EL-11: a Load is a write of bit 0 in execlist mode; EL-12: ignored when element 0 is not valid; EL-11 step 3
 * with EL-13: it replaces a pending submission when both slots are valid (LO[2]). */
void gtref_cov_el_control_write(gtref_cov *c, int e, bool execlist, uint32_t val, uint32_t sq_lo0, uint32_t status_lo)
{
    if (e < 0 || e >= c->engines || !execlist || !(val & GTREF_EL_CTRL_LOAD)) return;
    if (!(sq_lo0 & 1u)) c->el_hits[GTREF_COV_EL_LOAD_IGNORED]++;
    else if (status_lo & GTREF_ELS_QUEUE_FULL) c->el_hits[GTREF_COV_EL_LOAD_REPLACES]++;
}

void gtref_cov_el_decision(gtref_cov *c, int e, int decision, enum gtref_cov_el_trigger by)
{
    if (e < 0 || e >= c->engines) return;
    bool taken = decision == GTM_EL_PREEMPT || decision == GTM_EL_LITE_RESTORE;   /* EL-16 */
    if (taken && by == GTREF_COV_EL_BY_ARB_CHECK) c->el_hits[GTREF_COV_EL_ARB_CHECK_TAKEN]++;
    if (taken && by == GTREF_COV_EL_BY_POLL) c->el_hits[GTREF_COV_EL_POLL_TAKEN]++;
    if (decision == GTM_EL_END_PENDING && by == GTREF_COV_EL_BY_DRY) c->el_hits[GTREF_COV_EL_DRY_PENDING]++;   /* EL-15, E7 */
}

static bool take_preempted(struct el_state *x, uint32_t id)
{
    for (unsigned i = 0; i < x->npreempted; i++)
        if (x->preempted[i] == id) {
            x->preempted[i] = x->preempted[--x->npreempted];
            return true;
        }
    return false;
}

void gtref_cov_el_switch_made(gtref_cov *c, int e, const gtref_cov_el_switch *s)
{
    if (e < 0 || e >= c->engines || !s->nsteps || s->nsteps > 2) return;   /* EL-27: a broken image reports nothing */
    struct el_state *x = &c->el[e];
    for (unsigned i = 0; i < s->nsteps; i++) {
        for (int k = 0; k < GTREF_COV_CSB_EVENTS; k++)
            if (s->step[i].lo == csb_entries[k]) c->csb_hits[k][e]++;
        if (s->step[i].index == 0 && x->last_index == 11) c->el_hits[GTREF_COV_EL_CSB_WRAP]++;   /* EL-21 */
        x->last_index = (int)s->step[i].index;
        if (s->step[i].lo == GTREF_CSB_PREEMPTED) {   /* EL-20: the high dword is the preempted context's ID */
            take_preempted(x, s->step[i].hi);
            if (x->npreempted == EL_PREEMPTED_MAX) {   /* the oldest is forgotten */
                memmove(x->preempted, x->preempted + 1, (EL_PREEMPTED_MAX - 1) * sizeof x->preempted[0]);
                x->npreempted--;
            }
            x->preempted[x->npreempted++] = s->step[i].hi;
        }
    }
    /* EL-26: the switches that fully restore a context end with IDLE_TO_ACTIVE (EL-14, EL-15's pending case),
     * COMPLETE | ELEMENT_SWITCH (EL-15) or PREEMPTED (EL-16); a lite restore and a switch to idle restore nothing */
    uint32_t last = s->step[s->nsteps - 1].lo;
    if (last != csb_entries[GTREF_COV_CSB_IDLE_TO_ACTIVE] && last != csb_entries[GTREF_COV_CSB_ELEMENT_SWITCH] &&
        last != csb_entries[GTREF_COV_CSB_PREEMPTED])
        return;
    if (s->pdp0_before != s->pdp0_after) c->el_hits[GTREF_COV_EL_PDP0_CHANGE]++;
    if (last == GTREF_CSB_PREEMPTED && (s->ctx_ctl_after & GTREF_CTX_CTRL_RESTORE_INHIBIT)) c->el_hits[GTREF_COV_EL_PREEMPT_TO_IDLE]++;
    if (take_preempted(x, s->id_after))   /* EL-6: where the saved context resumes */
        c->el_hits[s->in_batch_after ? GTREF_COV_EL_RESUME_BATCH : GTREF_COV_EL_RESUME_RING]++;
}

uint64_t gtref_cov_csb_hits(const gtref_cov *c, enum gtref_cov_csb_event k, int e)
{
    return k < GTREF_COV_CSB_EVENTS && e >= 0 && e < c->engines ? c->csb_hits[k][e] : 0;
}

uint64_t gtref_cov_el_hits(const gtref_cov *c, enum gtref_cov_el_bin k) { return k < GTREF_COV_EL_BINS ? c->el_hits[k] : 0; }

/* EL-1: a command retired on an engine in each mode, two different engines, in one test. */
static void modes(gtref_cov *c, int e, const gtm_retire *r)
{
    if (r->status != GTM_RETIRED) return;
    if (c->el[e].execlist) c->el_retired |= (uint8_t)(1u << e);
    else c->ring_retired |= (uint8_t)(1u << e);
    uint8_t a = c->ring_retired, b = c->el_retired;
    if (!c->both_modes && a && b && (a != b || (a & (a - 1u)))) {
        c->both_modes = true;
        c->el_hits[GTREF_COV_EL_BOTH_MODES]++;
    }
}

void gtref_cov_sample(gtref_cov *c, int e, const gtm_retire *r)
{
    if (e < 0 || e >= c->engines) return;
    int level = r->level < LEVELS ? r->level : LEVELS - 1;
    const gtref_cmd_def *d = r->len ? gtref_cmd_find(r->dw[0]) : NULL;
    track(c, e, d, r);
    modes(c, e, r);
    if (r->status == GTM_ERROR) {
        enum error_case k = !d ? (GTREF_CMD_TYPE(r->dw[0]) == 0 ? ERR_UNKNOWN_OPCODE : ERR_UNKNOWN_TYPE)
                          : !gtref_cmd_legal(d, r->dw[0], NULL, 0) ? ERR_BAD_LENGTH : ERR_WRONG_ENGINE;
        c->error_hits[k][e][level]++;
        return;
    }
    if (r->status != GTM_RETIRED || !d) return;
    addr_bins(c, e, r);
    c->level_hits[d->id][e][level]++;
    int any = 0;
    for (size_t k = 0; k < NVARIANT_FIELDS; k++) {
        const struct variant_field *v = &variant_fields[k];
        if (v->cmd != d->id) continue;
        any = 1;
        if (v->field == VARIANT_LENGTH) { hit_value(c, e, d->id, v->field, r->len); continue; }
        if (derived_of(v->field)) {
            int k = derived_value(d, v->field, r);
            if (k >= 0) hit_value(c, e, d->id, v->field, (uint32_t)k);
            continue;
        }
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

void gtref_cov_host_write(gtref_cov *c, uint32_t off)
{
    int e;
    const gtref_reg_def *d = gtref_reg_lookup(off, c->engines, &e);
    if (!d || e < 0 || e >= c->engines) return;
    size_t i = (size_t)(d - gtref_regs);
    if (host_bin(i, e)) c->host_hits[i * GTREF_MAX_ENGINES + (size_t)e]++;
}

uint64_t gtref_cov_host_write_hits(const gtref_cov *c, const char *name, int e)
{
    const gtref_reg_def *d = gtref_reg_by_name(name);
    if (!d || e < 0 || e >= c->engines || !host_bin((size_t)(d - gtref_regs), e)) return 0;
    return c->host_hits[(size_t)(d - gtref_regs) * GTREF_MAX_ENGINES + (size_t)e];
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
    for (int k = 0; k < GTREF_COV_CSB_EVENTS; k++)
        for (int e = 0; e < GTREF_MAX_ENGINES; e++) a->csb_hits[k][e] += b->csb_hits[k][e];
    for (int k = 0; k < GTREF_COV_EL_BINS; k++) a->el_hits[k] += b->el_hits[k];
    for (size_t i = 0; i < gtref_nregs * GTREF_MAX_ENGINES; i++) a->host_hits[i] += b->host_hits[i];
}

/* Whether a bin exists: the engine accepts the command (errors: every engine; a wrong-engine error needs a
 * command some engine accepts and this one does not, which exists for every engine but none when all do). */
static int engine_ok(int cmd, int e) { return gtref_cmd_on_engine(&gtref_cmds[cmd], e); }
static int row_ok(const row *r, int e) { return engine_ok(r->cmd, e) && (r->engines >> e & 1u); }

static void count(const gtref_cov *c, size_t *bins, size_t *holes)
{
    *bins = *holes = 0;
    for (size_t i = 0; i < c->nrows; i++)
        for (int e = 0; e < c->engines; e++)
            if (row_ok(&c->rows[i], e)) { (*bins)++; if (!c->variant_hits[i * (size_t)c->engines + (size_t)e]) (*holes)++; }
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
    for (int k = 0; k < GTREF_COV_CSB_EVENTS; k++)
        for (int e = 0; e < c->engines; e++) { (*bins)++; if (!c->csb_hits[k][e]) (*holes)++; }
    for (int k = 0; k < GTREF_COV_EL_BINS; k++) { (*bins)++; if (!c->el_hits[k]) (*holes)++; }
    for (size_t i = 0; i < gtref_nregs; i++)
        for (int e = 0; e < c->engines; e++)
            if (host_bin(i, e)) { (*bins)++; if (!c->host_hits[i * GTREF_MAX_ENGINES + (size_t)e]) (*holes)++; }
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
        for (int e = 0; e < c->engines; e++) cell(f, c->variant_hits[i * (size_t)c->engines + (size_t)e], row_ok(&c->rows[i], e));
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
    fprintf(f, "\nExeclist CSB event x engine (docs/execlists.md EL-20, §7):\n\n");
    header(f, c, "CSB entry", 0);
    for (int k = 0; k < GTREF_COV_CSB_EVENTS; k++) {
        fprintf(f, "| %-44s |", csb_names[k]);
        for (int e = 0; e < c->engines; e++) cell(f, c->csb_hits[k][e], 1);
        fputc('\n', f);
    }
    fprintf(f, "\nExeclist scenario, on any engine (docs/execlists.md §7):\n\n");
    fprintf(f, "| %-44s | %8s |\n|%s|---------:|\n", "scenario", "hits", "----------------------------------------------");
    for (int k = 0; k < GTREF_COV_EL_BINS; k++) {
        fprintf(f, "| %-44s |", el_names[k]);
        cell(f, c->el_hits[k], 1);
        fputc('\n', f);
    }
    fprintf(f, "\nHost write x register x engine (docs/stimulus-format.md §3, host_reg_pct):\n\n");
    header(f, c, "register", 0);
    for (size_t i = 0; i < gtref_nregs; i++) {
        if (!host_row(i)) continue;
        fprintf(f, "| %-44s |", gtref_regs[i].name);
        for (int e = 0; e < c->engines; e++) cell(f, c->host_hits[i * GTREF_MAX_ENGINES + (size_t)e], host_bin(i, e));
        fputc('\n', f);
    }
    if (holes) {
        fprintf(f, "\nHoles:\n");
        for (int k = 0; k < GTREF_COV_EVENTS; k++)
            for (int e = 0; e < c->engines; e++)
                if (event_ok(k, e) && !c->event_hits[k][e]) fprintf(f, "  %s on %s\n", event_names[k], gtref_engines[e].name);
        for (int k = 0; k < GTREF_COV_CSB_EVENTS; k++)
            for (int e = 0; e < c->engines; e++)
                if (!c->csb_hits[k][e]) fprintf(f, "  execlist %s on %s\n", csb_names[k], gtref_engines[e].name);
        for (int k = 0; k < GTREF_COV_EL_BINS; k++)
            if (!c->el_hits[k]) fprintf(f, "  execlist %s\n", el_names[k]);
        for (size_t i = 0; i < gtref_nregs; i++)
            for (int e = 0; e < c->engines; e++)
                if (host_bin(i, e) && !c->host_hits[i * GTREF_MAX_ENGINES + (size_t)e])
                    fprintf(f, "  host write of %s on %s\n", gtref_regs[i].name, gtref_engines[e].name);
        for (size_t i = 0; i < c->nrows; i++)
            for (int e = 0; e < c->engines; e++)
                if (row_ok(&c->rows[i], e) && !c->variant_hits[i * (size_t)c->engines + (size_t)e])
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
