/* Scoreboard: lock-step comparison of the DUT against the model (docs/cycle-contract.md §7), the memory port's
 * rules (§3: no ring read wholly past TAIL, the re-read rule of signal-mode semaphore waits) and the clock of the
 * model's RCS0 watchdog (§5). */
#include "gtref/scoreboard.h"
#include "gtref/cmds.h"
#include "gtref/el_image.h"
#include "gtref/arb_bound.h"
#include "gtref/gam.h"
#include "gtref/regs.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WRITES 96   /* a command's, or an execlist switch's: a save (68) and two CSB steps (docs/execlists.md EL-28) */
#define MAX_READS 64    /* reads of an engine granted and not yet answered (the port holds 64) */
#define MAX_COMMITS 260

typedef struct exp_write { uint64_t addr, data; uint8_t be; bool ggtt; } exp_write;   /* addr: graphics address */
typedef struct exp_commit { uint32_t off, val; } exp_commit;

typedef struct sb_engine {
    bool inflight;          /* the model has executed the command the DUT is working on */
    gtm_retire cmd;
    exp_write w[MAX_WRITES]; int nw, wi;
    exp_commit c[MAX_COMMITS]; int nc, ci;
    uint16_t irq_bits;      /* interrupt events to apply when the DUT retires it */
    /* the last GTREF_HISTORY retires, kept raw: their text is made only for a mismatch or the command trace */
    struct sb_hist { uint64_t cycle, addr; bool in_batch; unsigned len; uint32_t dw[GTM_MAX_CMD_DW]; } hist[GTREF_HISTORY];
    int nhist, hnext;
    /* contract §3 re-read rule (C32): the engine's pending-signal flag as the rule sets and clears it, and the reads of
     * its current signal-mode wait, since the DUT retired the engine's previous signal-mode wait (or reset) */
    bool flag;              /* a signal since the flag's last clear (that retire, or a re-read's grant: a take) */
    uint64_t flag_cycle;    /*   the retire cycle of the first of those signals */
    uint64_t take_cycle;    /* the last take (0: none since the previous wait's retire) */
    uint32_t sig_reads;     /* reads of the semaphore line while executing the signal-mode wait */
    uint32_t sig_signals;   /* MI_SEMAPHORE_SIGNALs to this engine the DUT retired */
    uint64_t sig_cyc[6];    /*   the retire cycles of the first six of them */
    uint32_t owed_idle;     /* cycles doing nothing for a re-read it owes (sem_deadline) */
    int rd_state;           /* the wait's last read: SEM_RD_NONE, _OUT (granted, not answered), _MET, _UNMET */
    uint64_t rd_cycle, rsp_cycle;   /* its grant and its answer */
    uint32_t rsp_val;       /*   the semaphore dword it answered */
    /* the wait's compare (C27, contract §3): the DUT's memory poll-mode wait in progress (its address, 0: none) and its
     * reads of the semaphore line; met_cycle: the answer met (poll or signal mode), 0 until then or after the retire */
    uint64_t poll_wait;
    uint32_t poll_reads, poll_val;
    int poll_state;         /* SEM_RD_NONE, _OUT, _MET, _UNMET: the last answer */
    uint64_t poll_rsp_cycle;
    uint64_t met_cycle, met_wait; uint32_t met_val;
    uint32_t writes_out;    /* writes the GAM model granted and has not acknowledged (nor dropped on a fault) */
    /* execlists (docs/execlists.md §6, §7): the item in flight is a switch (GTM_SWITCH: no retire; it ends at the
     * commit of its last CSB step's CONTEXT_STATUS_PTR), with csp_left such commits to come */
    bool is_switch;
    bool prev_violation;    /* the engine's last retired command was a privilege violation (C41: a NOOP) */
    unsigned csp_left;
    uint16_t el_event;      /* events of the switch's commits in this cycle (EL-24), applied with the retires' */
    /* the engine's reads granted and not yet answered, oldest first (for the DUT's data: EL-16, EL-32) */
    struct sb_read { uint8_t client; uint64_t va; } rd[MAX_READS];
    unsigned rd_head, rd_n;
} sb_engine;

#define MAX_GAM_REGS 8      /* engine PPGTT register changes waiting for the end of the cycle (GAM-16) */

struct gtref_sb {
    gtm *m;
    int engines;
    FILE *cmdtrace;                /* every retired command, decoded, when set (gtref replay --waves) */
    sb_engine eng[GTREF_MAX_ENGINES];
    gtm_retire peek;               /* scratch: the command an engine without one in flight works on */
    bool host_commit; uint32_t host_off, host_val, host_wdata; /* model's commit of last cycle's host write */
    uint64_t host_write_cycle; uint32_t host_write_off; bool host_wrote; /* the host write that transferred last */
    bool read_pending; uint64_t read_due; uint32_t read_off, read_val, read_mask;
    bool irq_prev;
    bool failed;
    gtref_mismatch mm;
    uint64_t retired;
    uint64_t cycle;
    bool report_without_command;   /* set by gtref_sb_report: bucket without the command in flight */
    uint64_t same_cycle_collisions; /* host write and engine commit to one register in one cycle (engine won) */
    uint64_t signal_rereads;        /* reads of a signal-mode wait after a signal (the wait had to wait) */
    uint64_t sig_at_clear;          /* a signal in the cycle the engine's flag is cleared (a take or a wait's retire) */
    uint64_t sig_while_out;         /* a signal while the signal-mode wait's read is outstanding */
    uint64_t sig_several;           /* a signal-mode wait that took the flag twice or more (several signals) */
    const char *bucket_cmd;        /* when set, the bucket's command part (a cause shared by many commands) */
    const char *bucket_kind;       /* when set, the bucket's first part in place of the record's kind */
    bool unimplemented;            /* the stop was the model meeting a command it does not model */
    /* the GAM (docs/gam.md GAM-18): its model, its prediction for the last closing edge, engine register changes of
     * this cycle that it sees from the next */
    gam_model *gam;
    gam_edge edge;
    struct gam_reg_change { int e; uint32_t off, val; } gam_regs[MAX_GAM_REGS];
    int ngam_regs;
    /* GAM-24: arbitrations each engine took part in since its last grant, the longest such wait, and the bounds of
     * the MIDARB registers they were computed from */
    uint32_t arb_wait[GTREF_MAX_ENGINES], arb_wait_max[GTREF_MAX_ENGINES];
    uint32_t bound_regs[5]; bool bound_known; int bound[GTREF_MAX_ENGINES];
    uint64_t instpm_invalidations;  /* host INSTPM writes that invalidated a TLB (GAM-22) */
    uint32_t dut_head[GTREF_MAX_ENGINES];   /* §3 ring-read rule: RING_HEAD as the DUT has it (commits, host writes) */
    /* the last SB_FETCH_LINES distinct 64-byte lines each engine asked to fetch (IF requests), newest at fetch_n - 1:
     * a hang names whether the DUT ever fetched the model's next command */
#define SB_FETCH_LINES 32
    uint64_t fetch_line[GTREF_MAX_ENGINES][SB_FETCH_LINES];
    unsigned fetch_n[GTREF_MAX_ENGINES];
    uint8_t el_inval;               /* EL-26: engines whose TLB an execlist edge of this cycle invalidates */
    uint8_t port_src[MAX_READS * GTREF_MAX_ENGINES]; unsigned port_head, port_n;   /* port reads not yet answered */
    uint64_t el_preemptions;        /* poll-mode waits preempted at a response (EL-16) */
};

/* ---- model sink ---- */

static void on_write(void *u, int e, bool ggtt, uint64_t va, uint64_t pa, uint64_t data, uint8_t be)
{
    (void)pa;   /* the physical address is the GAM's to check (GAM-18), against the GAM model */
    sb_engine *g = &((gtref_sb *)u)->eng[e];
    if (g->nw < MAX_WRITES) g->w[g->nw++] = (exp_write){ va, data, be, ggtt };
}

static void on_commit(void *u, int src, uint32_t off, uint32_t val)
{
    gtref_sb *sb = u;
    if (src == GTM_HOST) {
        sb->host_commit = true; sb->host_off = off; sb->host_val = val;
        return;
    }
    sb_engine *g = &sb->eng[src];
    if (g->nc < MAX_COMMITS) g->c[g->nc++] = (exp_commit){ off, val };
}

static void on_irq(void *u, int e, uint16_t bits) { ((gtref_sb *)u)->eng[e].irq_bits |= bits; }

gtref_sb *gtref_sb_create(gtm *model)
{
    gtref_sb *sb = calloc(1, sizeof *sb);
    if (!sb) return NULL;
    sb->m = model;
    sb->engines = gtm_engines(model);
    gtm_sink s = { sb, on_write, on_commit, on_irq };
    gtm_set_sink(model, &s);
    gtm_el_use_dut_data(model, true);   /* EL-32: a Compare Semaphore MI_CONDITIONAL_BATCH_BUFFER_END on the DUT's data */
    sb->irq_prev = gtm_irq_line(model);
    sb->gam = gam_create(sb->engines);
    if (!sb->gam) { free(sb); return NULL; }
    return sb;
}

void gtref_sb_destroy(gtref_sb *sb)
{
    if (!sb) return;
    gam_destroy(sb->gam);
    free(sb);
}
const gam_edge *gtref_sb_gam_edge(const gtref_sb *sb) { return &sb->edge; }
void gtref_sb_gam_coverage(const gtref_sb *sb, gam_coverage *out) { gam_get_coverage(sb->gam, out); }

void gtref_sb_arb_waits(const gtref_sb *sb, uint32_t longest[GTREF_MAX_ENGINES], int bound[GTREF_MAX_ENGINES])
{
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
        longest[e] = sb->arb_wait_max[e];
        bound[e] = sb->bound_known && e < sb->engines ? sb->bound[e] : GTREF_ARB_UNBOUNDED;
    }
}
const gtref_mismatch *gtref_sb_mismatch(const gtref_sb *sb) { return sb->failed ? &sb->mm : NULL; }
bool gtref_sb_unimplemented(const gtref_sb *sb) { return sb->unimplemented; }
bool gtref_sb_failed(const gtref_sb *sb) { return sb->failed; }
uint64_t gtref_sb_retired(const gtref_sb *sb) { return sb->retired; }

void gtref_sb_corners_reached(const gtref_sb *sb, uint64_t out[GTREF_CORNERS])
{
    _Static_assert(GTREF_CORNERS == 5 + GTM_IRQ_WINDOWS + GTREF_GAM_CORNERS,
                   "the corners are the scoreboard's five, the interrupt logic's windows and the GAM's bins");
    _Static_assert(GTREF_GAM_CORNERS == GAM_COV_KINDS * GTREF_GAM_CLIENTS + 3 * 2 + 4 + 16 + 6 + 4 + 2 +
                                            3 * 8 + 3 * 64 + 5 + 6 + 4 * GTREF_TLB_ENTRIES + 4 * GTREF_GAM_CLIENTS + 3,
                   "the GAM's bins (gtref_corner_names)");
    out[0] = sb->same_cycle_collisions;
    out[1] = sb->signal_rereads;
    out[2] = sb->sig_at_clear;
    out[3] = sb->sig_while_out;
    out[4] = sb->sig_several;
    gtm_irq_windows(sb->m, out + 5);
    /* the GAM's bins in gtref_corner_names' order: TLB hit/miss/evict per client, fault type x mode, arbitrations per
     * state, transitions, contention of each engine pair */
    gam_coverage g;
    gam_get_coverage(sb->gam, &g);
    uint64_t *o = out + 5 + GTM_IRQ_WINDOWS;
    for (int k = 0; k < GAM_COV_KINDS; k++)
        for (int c = 0; c < GTREF_GAM_CLIENTS; c++) *o++ = g.tlb[k][c];
    for (int t = 0; t < 3; t++)
        for (int m = 0; m < 2; m++) *o++ = g.fault[t][m];
    for (int s = 0; s < 4; s++) *o++ = g.state[s];
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++) *o++ = g.transition[a][b];
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++) *o++ = g.contention[a][b];
    for (int e = 0; e < 4; e++) *o++ = g.limited[e];
    *o++ = g.flsh_invalidations;
    *o++ = sb->instpm_invalidations;
    /* the cascade (GAM-27, GAM-28), per class RO, R, WR: the class machine's states, its moves, a conflict decided by
     * the fixed side (GAC, GAB; WR: GAC only, G23), an owner switch to GAB and to GAC */
    for (int c = 0; c < 3; c++)
        for (int st = 0; st < 8; st++) *o++ = g.casc_state[c][st];
    for (int c = 0; c < 3; c++)
        for (int a = 0; a < 8; a++)
            for (int b = 0; b < 8; b++) *o++ = g.casc_transition[c][a][b];
    for (int c = 0; c < 3; c++)
        for (int side = 0; side < (c == 2 ? 1 : 2); side++) *o++ = g.casc_fixed[c][side];
    for (int c = 0; c < 3; c++) {
        *o++ = g.casc_switch[c][1];   /* to GAB */
        *o++ = g.casc_switch[c][0];   /* to GAC */
    }
    /* replicated resources: each engine's TLB entries hit, each (engine, client) granted; the spaces that meet */
    for (int e = 0; e < 4; e++)
        for (int i = 0; i < GTREF_TLB_ENTRIES; i++) *o++ = g.entry_hit[e][i];
    for (int e = 0; e < 4; e++)
        for (int c = 0; c < GTREF_GAM_CLIENTS; c++) *o++ = g.grant[e][c];
    *o++ = g.space_meet[1];   /* a GGTT hit */
    *o++ = g.space_meet[0];
    *o++ = g.page_both;
}

/* ---- helpers ---- */

static const char *cmd_name(uint32_t dw0)
{
    const gtref_cmd_def *c = gtref_cmd_find(dw0);
    return c ? c->name : "ILLEGAL";
}

static void cmd_text(const gtref_sb *sb, const gtm_retire *r, char *buf, size_t sz)
{
    gtref_cmd_format(r->dw, r->len ? r->len : 1, sb->engines, buf, sz);
}

static const char *engine_name(int e) { return e >= 0 && e < GTREF_MAX_ENGINES ? gtref_engines[e].name : "host"; }

static void copy(char *dst, size_t sz, const char *src) { snprintf(dst, sz, "%s", src ? src : ""); }

/* A retire of the history as the record shows it: "cycle N ring|batch 0xADDR: command". */
static void hist_text(const gtref_sb *sb, const struct sb_hist *h, char *buf, size_t sz)
{
    char text[100];
    gtref_cmd_format(h->dw, h->len ? h->len : 1, sb->engines, text, sizeof text);
    snprintf(buf, sz, "cycle %" PRIu64 " %s0x%" PRIx64 ": %s", h->cycle, h->in_batch ? "batch " : "ring ", h->addr, text);
}

/* A context switch in flight as a mismatch record names it (docs/execlists.md §6, EL-28): its first CSB entry as the
 * model expects it (EL-20: the event, and the ID of the context switched out, 0 for IDLE_TO_ACTIVE) and the context
 * that runs after it (EXECLIST_STATUS_HI, EL-13). A switch retires nothing: its record has no command of its own. */
static void switch_text(const gtref_sb *sb, int e, char *buf, size_t sz)
{
    const sb_engine *g = &sb->eng[e];
    uint32_t base = gtref_engines[e].base, lo = 0;
    uint32_t next = gtm_reg_peek(sb->m, base + GTREF_EXECLIST_STATUS_HI);
    for (int i = 0; i < g->nc; i++) {
        uint32_t rel = g->c[i].off - base;
        if (!((rel >= GTREF_CSB_ENTRY_LO0 && rel <= GTREF_CSB_ENTRY_HI5) || (rel >= GTREF_CSB_ENTRY_LO6 && rel <= GTREF_CSB_ENTRY_HI11)))
            continue;
        if (!(rel & 4u)) { lo = g->c[i].val; continue; }   /* CSB_ENTRY_LOi (both banks start 8-aligned) */
        snprintf(buf, sz, "context switch: CSB entry 0x%08x for context ID 0x%08x, then context ID 0x%08x runs", lo,
                 g->c[i].val, next);
        return;
    }
    snprintf(buf, sz, "context switch with no CSB step (a broken image, EL-27), into context ID 0x%08x", next);
}

static bool wait_met_bucket(gtref_sb *sb, const char *kind, int e, char *f, size_t fsz);
static bool check_halt(gtref_sb *sb, const gtref_sb_cycle *c);

/* Record the first mismatch. `field` completes the bucket text (kind/command/field). */
static bool fail(gtref_sb *sb, const char *kind, int e, const char *field, const char *expected,
                 const char *actual, const char *fmt, ...)
{
    if (sb->failed) return false;
    sb->failed = true;
    gtref_mismatch *mm = &sb->mm;
    memset(mm, 0, sizeof *mm);
    copy(mm->kind, sizeof mm->kind, kind);
    /* A GAM mismatch of no engine (the arbiter's or the cascade's state) is the GAM's own, not the host's. */
    copy(mm->engine, sizeof mm->engine, e < 0 && strcmp(kind, "gam") == 0 ? "GAM" : engine_name(e));
    mm->cycle = sb->cycle;
    copy(mm->expected, sizeof mm->expected, expected);
    copy(mm->actual, sizeof mm->actual, actual);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(mm->detail, sizeof mm->detail, fmt, ap);
    va_end(ap);
    const char *cname = "-";
    if (e >= 0 && e < sb->engines) {
        sb_engine *g = &sb->eng[e];
        if (g->inflight && g->is_switch) {   /* not the stale DW0 of the record: a switch has none */
            switch_text(sb, e, mm->command, sizeof mm->command);
            cname = "context-switch";
        } else if (g->inflight) {
            cmd_text(sb, &g->cmd, mm->command, sizeof mm->command);
            mm->cmd_addr = g->cmd.addr;
            cname = cmd_name(g->cmd.dw[0]);
        }
        int n = g->nhist < GTREF_HISTORY ? g->nhist : GTREF_HISTORY;
        for (int i = 0; i < n; i++) {
            int k = (g->hnext - n + i + GTREF_HISTORY) % GTREF_HISTORY;
            char text[128];
            hist_text(sb, &g->hist[k], text, sizeof text);
            copy(mm->history[i], sizeof mm->history[i], text);
        }
        mm->nhistory = n;
    }
    /* The bucket names the register without engine prefix or index (CS_GPR, not RCS0.CS_GPR7) so that
     * the same bug found through different registers or seeds lands in one bucket. */
    char f[48];
    const char *dot = strchr(field, '.');
    copy(f, sizeof f, dot ? dot + 1 : field);
    for (size_t n = strlen(f); n > 1 && f[n - 1] >= '0' && f[n - 1] <= '9'; n--) f[n - 1] = 0;
    /* Every ring command advances RING_HEAD: which one happened to be in flight says nothing about the bug. */
    if (strcmp(kind, "reg-commit") == 0 && strcmp(f, "RING_HEAD") == 0) cname = "any-ring-command";
    /* A DUT that retires another command than the model (a line re-executed or skipped) is out of sequence:
     * which command the model expected says nothing about the cause. */
    if (strcmp(kind, "retire") == 0 && (strcmp(f, "dw0") == 0 || strcmp(f, "address") == 0)) cname = "any-command";
    /* A privilege violation the DUT does not make (docs/regress.md "Buckets"): the model's command in flight is one
     * (C41: a NOOP without access that commits ESR/EIR bit 2) and its error bit is missing or wrong, or the DUT goes
     * on elsewhere right after one (its access decided the path, an MI_CONDITIONAL_BATCH_BUFFER_END that read its
     * semaphore and ended the batch: a retire elsewhere, or another write altogether before anything of the model's
     * next command): privilege/any-command/violation-not-made. A register load's own target keeps its bucket
     * (MI_LOAD_REGISTER_* /unexpected-commit, the target rules C13, C37), a write the NOOP does not make stays
     * mem-write/any-command/unexpected and another register changed stays unexpected-<register>: a context switch
     * the model did not make may come in the middle of a violating command as of any other. */
    if (e >= 0 && e < sb->engines && !(sb->bucket_cmd && strcmp(sb->bucket_cmd, "MI_LOAD_REGISTER_*") == 0) &&
        (strcmp(kind, "reg-commit") == 0 || strcmp(kind, "mem-write") == 0 || strcmp(kind, "retire") == 0) &&
        !sb->report_without_command) {
        const sb_engine *g = &sb->eng[e];
        /* EIR after the violation's ESR commit matched: the violation was made, only its EIR bit is wrong (EMR's
         * gate, C41): that keeps reg-commit/any-command/EIR[n], apart from a violation not made at all */
        bool violating = g->inflight && !g->is_switch && g->cmd.status == GTM_RETIRED && g->cmd.priv_violation;
        bool in_violation = violating && strcmp(kind, "reg-commit") == 0 &&
                            (strncmp(f, "ESR[", 4) == 0 || (strncmp(f, "EIR[", 4) == 0 && g->ci == 0));
        /* the violation's only write is the error interrupt's status write (EIR open in EMR, HWSTAM and IMR open for
         * IRQ_CS_MASTER_ERROR, IRQ-4): missing at a retire with none of the violation's commits made, the DUT made
         * no violation at all; after ESR matched it is the status write alone, and keeps mem-write/.../missing */
        if (violating && strcmp(kind, "mem-write") == 0 && strcmp(f, "missing") == 0 && g->ci == 0) in_violation = true;
        bool other_path = (strcmp(kind, "retire") == 0 && (strcmp(f, "address") == 0 || strcmp(f, "dw0") == 0)) ||
                          (strcmp(kind, "mem-write") == 0 && strcmp(f, "unexpected") == 0 && g->inflight && !g->is_switch &&
                           g->wi == 0 && g->ci == 0);
        bool after_violation = g->prev_violation && other_path;
        if (in_violation || after_violation) {
            sb->bucket_kind = "privilege";
            sb->bucket_cmd = "any-command";
            copy(f, sizeof f, "violation-not-made");
        }
    }
    /* The interrupt logic's pending state (docs/interrupts.md §2: the DWs, the collapsing registers, the identity) is
     * seen through four windows: the line, a host read of GT_INTR_DW, INTR_IDENTITY_REG or GFX_MSTR_IRQ's read bits,
     * and the commit report of a host write to a DW or an identity register (IRQ-20). Whichever window shows a
     * difference first is chance (is the event unmasked, does the host read before the line would rise); the
     * divergence is the state: interrupt/-/pending-state. The record keeps the window, register and values. */
    bool irq_window = strcmp(kind, "irq-line") == 0 ||
                      ((strcmp(kind, "mmio-read") == 0 || strcmp(kind, "mmio-commit") == 0) &&
                       (strcmp(f, "GT_INTR_DW") == 0 || strcmp(f, "INTR_IDENTITY_REG") == 0)) ||
                      (strcmp(kind, "mmio-read") == 0 && strcmp(f, "GFX_MSTR_IRQ") == 0);
    if (irq_window) {
        sb->bucket_kind = "interrupt";
        sb->bucket_cmd = "-";
        copy(f, sizeof f, "pending-state");
    }
    wait_met_bucket(sb, kind, e, f, sizeof f);
    /* Testbench-found failures (protocol, timeout) are not about the command in flight either. */
    if (sb->report_without_command) cname = "-";
    if (sb->bucket_cmd) cname = sb->bucket_cmd;
    /* The engine is in the record, not in the bucket: one bug seen on four engines is one bucket. */
    snprintf(mm->bucket, sizeof mm->bucket, "%s/%s/%s", sb->bucket_kind ? sb->bucket_kind : kind, cname, f);
    gtref_mismatch_sign(mm);
    return false;
}

/* Make sure the model has executed the command the DUT is working on (run ahead by one command). */
static int ensure_inflight(gtref_sb *sb, int e)
{
    sb_engine *g = &sb->eng[e];
    if (g->inflight) return GTM_RETIRED;
    g->nw = g->wi = g->nc = g->ci = 0;
    g->irq_bits = 0;
    int st = gtm_step(sb->m, e, &g->cmd);
    if (st == GTM_RETIRED || st == GTM_ERROR) g->inflight = true;
    if (st == GTM_SWITCH) {   /* EL-28: an item with no retire; its writes, commits and events are queued */
        g->inflight = g->is_switch = true;
        g->csp_left = g->cmd.el_csb_steps;
    }
    if (st == GTM_UNIMPLEMENTED && !sb->failed) {
        /* docs/commands.md §1: not a DUT failure; the test stops here with its own status and bucket */
        char text[128];
        g->inflight = true;
        cmd_text(sb, &g->cmd, text, sizeof text);
        const char *sp = strchr(g->cmd.note, ' ');
        fail(sb, "unimplemented", e, sp ? sp + 1 : "-", "a command the kit models", g->cmd.note,
             "the spec defines %s but the kit does not model it (docs/commands.md): the test stops here; command %s",
             g->cmd.note, text);
        sb->unimplemented = true;
    }
    return st;
}

static const char *step_status_text(int st)
{
    switch (st) {
    case GTM_IDLE: return "idle (ring disabled or empty)";
    case GTM_HALTED: return "halted after an error";
    case GTM_STALLED: return "waiting: next command not entirely before TAIL, or a semaphore wait not yet met";
    case GTM_EL_WAIT: return "waiting for an execlist decision or the DUT's data (docs/execlists.md §7, EL-32)";
    default: return "busy";
    }
}

static void fmt_write(char *buf, size_t sz, bool ggtt, uint64_t addr, uint64_t data, uint8_t be)
{
    snprintf(buf, sz, "write %s 0x%" PRIx64 " be=0x%02x data=0x%016" PRIx64, ggtt ? "ggtt" : "ppgtt", addr, be, data);
}

static uint64_t be_mask(uint8_t be)
{
    uint64_t m = 0;
    for (int i = 0; i < 8; i++)
        if (be & (1u << i)) m |= 0xFFull << (8 * i);
    return m;
}

static void fmt_reg(const gtref_sb *sb, char *buf, size_t sz, uint32_t off, uint32_t val)
{
    char name[48];
    snprintf(buf, sz, "%s=0x%08x", gtref_reg_name(off, sb->engines, name, sizeof name), val);
}

static void add_history(gtref_sb *sb, int e, uint64_t cycle)
{
    sb_engine *g = &sb->eng[e];
    struct sb_hist *h = &g->hist[g->hnext];
    h->cycle = cycle;
    h->addr = g->cmd.addr;
    h->in_batch = g->cmd.in_batch;
    h->len = g->cmd.len;
    unsigned n = g->cmd.len ? g->cmd.len : 1;
    memcpy(h->dw, g->cmd.dw, (n < GTM_MAX_CMD_DW ? n : GTM_MAX_CMD_DW) * sizeof h->dw[0]);
    if (sb->cmdtrace) {
        char text[128];
        hist_text(sb, h, text, sizeof text);
        fprintf(sb->cmdtrace, "%-5s %s\n", engine_name(e), text);
    }
    g->hnext = (g->hnext + 1) % GTREF_HISTORY;
    g->nhist++;
}

void gtref_sb_set_cmdtrace(gtref_sb *sb, void *file) { sb->cmdtrace = file; }

/* ---- semaphores (docs/commands.md §5, contract §3) ---- */

static unsigned cmd_id(const gtm_retire *r)
{
    const gtref_cmd_def *c = gtref_cmd_find(r->dw[0]);
    return c ? c->id : GTREF_CMD_COUNT;
}

/* A command that executed (or would execute) as a signal-mode MI_SEMAPHORE_WAIT: not NOOPed by MI_SET_PREDICATE. */
static bool is_signal_wait(const gtm_retire *r)
{
    return r->status == GTM_RETIRED && gtm_is_signal_wait(r);
}

/* The engine an executed MI_SEMAPHORE_SIGNAL wakes, or -1 (VCS1, an engine the build lacks, NOOPed, not a signal).
 * Target Engine Select 0 RCS0, 1 VCS0, 2 BCS0, 3 VECS0 (C32): the engine table's sem_target column. */
static int signal_target(const gtref_sb *sb, const gtm_retire *r)
{
    if (r->status != GTM_RETIRED || r->nooped || cmd_id(r) != GTREF_CMD_MI_SEMAPHORE_SIGNAL) return -1;
    uint64_t t = GTREF_GET(r->dw, MI_SEMAPHORE_SIGNAL_TARGET);
    return gtref_engine_by_sem_target((unsigned)t, sb->engines);
}

/* The signal-mode wait engine e is executing, or NULL. Decided from the model, not from the DUT: the command the
 * model executed ahead for the DUT's current one, or else the command the model says comes next (gtm_peek: a wait
 * whose condition does not hold in the model's memory yet has not executed there). */
static const gtm_retire *current_signal_wait(gtref_sb *sb, int e)
{
    sb_engine *g = &sb->eng[e];
    const gtm_retire *r = &g->cmd;
    if (!g->inflight) {
        if (gtm_peek(sb->m, e, &sb->peek) != GTM_RETIRED) return NULL;
        r = &sb->peek;
    }
    return is_signal_wait(r) ? r : NULL;
}

/* ---- per-cycle checks ---- */

static void gam_reg_change(gtref_sb *sb, uint32_t off, uint32_t val);

static bool check_mmio(gtref_sb *sb, const gtref_sb_cycle *c)
{
    char exp[192], act[192];
    if (c->mmio_rsp_valid) {
        if (!sb->read_pending)
            return fail(sb, "mmio-read", -1, "spurious", "no read response", "read response", "the DUT returned read data 0x%08x with no read outstanding", c->mmio_rsp_data);
        sb->read_pending = false;
        if ((c->mmio_rsp_data ^ sb->read_val) & sb->read_mask) {
            char name[48];
            gtref_reg_name(sb->read_off, sb->engines, name, sizeof name);
            snprintf(exp, sizeof exp, "%s=0x%08x", name, sb->read_val);
            snprintf(act, sizeof act, "%s=0x%08x", name, c->mmio_rsp_data);
            int e = -1;
            gtref_reg_lookup(sb->read_off, sb->engines, &e);
            return fail(sb, "mmio-read", e, name, exp, act, "host read of %s: data differs under compare mask 0x%08x (differing bits 0x%08x)", name, sb->read_mask, (c->mmio_rsp_data ^ sb->read_val) & sb->read_mask);
        }
    } else if (sb->read_pending && c->cycle >= sb->read_due) {
        char name[48];
        gtref_reg_name(sb->read_off, sb->engines, name, sizeof name);
        return fail(sb, "mmio-read", -1, "no-response", "read data one cycle after the request", "no response", "host read of %s got no response", name);
    }
    /* A host write's commit is reported on the probe in the cycle after its transfer (the DUT cannot
     * know the request before the transfer cycle and its outputs are flops): compare the DUT's report
     * with the model's commit of the previous cycle's write first, then apply this cycle's request. */
    if (c->mmio_commit != sb->host_commit || (c->mmio_commit && (c->mmio_commit_off != sb->host_off || c->mmio_commit_data != sb->host_val))) {
        int e = -1;
        uint32_t off = sb->host_commit ? sb->host_off : c->mmio_commit_off;
        gtref_reg_lookup(off, sb->engines, &e);
        char name[48];
        gtref_reg_name(off, sb->engines, name, sizeof name);
        if (sb->host_commit) fmt_reg(sb, exp, sizeof exp, sb->host_off, sb->host_val);
        else snprintf(exp, sizeof exp, "no register change");
        if (c->mmio_commit) fmt_reg(sb, act, sizeof act, c->mmio_commit_off, c->mmio_commit_data);
        else snprintf(act, sizeof act, "no register change");
        if (sb->host_commit)
            return fail(sb, "mmio-commit", e, name, exp, act, "host write of 0x%08x to %s in the previous cycle", sb->host_wdata, name);
        return fail(sb, "mmio-commit", e, name, exp, act, "the DUT reported a host-write commit of %s with no host write in the previous cycle", name);
    }
    sb->host_commit = false;
    if (c->mmio_xfer && !gtref_reg_lookup(c->mmio_addr, sb->engines, NULL)) {
        /* docs/commands.md §1: an offset the kit does not implement is reported, never read as a silent 0 */
        char name[64], act[96];
        const gtref_spec_reg *s = gtref_spec_reg_find(c->mmio_addr, sb->engines, name, sizeof name);
        snprintf(act, sizeof act, "host %s of 0x%08x%s%s", c->mmio_write ? "write" : "read", c->mmio_addr,
                 s ? ": " : "", s ? name : "");
        if (s)
            fail(sb, "unimplemented", -1, "spec-register", "an MMIO offset the kit implements", act,
                 "the spec names %s (%s) but the kit does not implement it (docs/commands.md): the test stops here",
                 name, s->source);
        else
            fail(sb, "unimplemented", -1, "unknown-offset", "an MMIO offset the kit implements", act,
                 "no spec volume names offset 0x%08x and the kit has no register there: the test stops here",
                 c->mmio_addr);
        sb->unimplemented = true;
        return false;
    }
    if (c->mmio_xfer && c->mmio_write) {
        sb->host_wdata = c->mmio_wdata;
        sb->host_wrote = true, sb->host_write_cycle = c->cycle, sb->host_write_off = c->mmio_addr;
        /* the model's commit (host_commit) is the register as this write alone leaves it (docs/interrupts.md IRQ-20),
         * compared with the DUT's report in the next cycle */
        gtm_mmio_write(sb->m, c->mmio_addr, c->mmio_wdata);
        for (int e = 0; e < sb->engines; e++)   /* EL-26: a Load that starts a submission, at its transfer's edge */
            if (gtm_el_tlb_edge(sb->m, e)) sb->el_inval |= (uint8_t)(1u << e);
        /* the DUT's register changes at this transfer's closing edge: the watchdog's registers (and RCS0's IMR, its
         * event's gate) with it (§5) */
        if (sb->host_commit) gtm_watchdog_commit(sb->m, sb->host_off, sb->host_val);
        if (sb->host_commit) gam_reg_change(sb, sb->host_off, sb->host_val);
    } else if (c->mmio_xfer) {
        int e;
        const gtref_reg_def *d = gtref_reg_lookup(c->mmio_addr, sb->engines, &e);
        sb->read_pending = true;
        sb->read_due = c->cycle + 1;
        sb->read_off = c->mmio_addr;
        /* the model's read of this transfer cycle: the value before the cycle's effects, and the read's side effect
         * now, once (a non-zero GT_INTR_DW read opens the service window: docs/interrupts.md IRQ-11) */
        sb->read_val = gtm_mmio_read(sb->m, c->mmio_addr, NULL);
        /* a GAM register's hardware updates (fault records) happen on the GAM's cycles: the GAM model holds it */
        if (gam_owns(c->mmio_addr)) sb->read_val = gam_reg_read(sb->gam, c->mmio_addr);
        sb->read_mask = d ? d->cmp_mask : 0xFFFFFFFFu;
    }
    return true;
}

/* The engine PPGTT registers the GAM reads (GAM-16) change at this cycle's closing edge: the GAM model sees them
 * from the next cycle (after its tick of this one). */
static void gam_reg_change(gtref_sb *sb, uint32_t off, uint32_t val)
{
    int e;
    const gtref_reg_def *d = gtref_reg_lookup(off, sb->engines, &e);
    if (!d || e < 0 || sb->ngam_regs >= MAX_GAM_REGS) return;
    if (d->offset == GTREF_PDP0_LDW || d->offset == GTREF_PDP0_UDW || d->offset == GTREF_PP_DCLV)
        sb->gam_regs[sb->ngam_regs++] = (struct gam_reg_change){ e, d->offset, val };
}

static const char *client_name(unsigned c) { return c == GTREF_CLIENT_IF ? "IF" : c == GTREF_CLIENT_DR ? "DR" : c == GTREF_CLIENT_WR ? "WR" : "?"; }

static void fmt_port(char *buf, size_t sz, const gam_port *p)
{
    if (!p->valid) { snprintf(buf, sz, "no request"); return; }
    char src[16];
    if (p->src == GTREF_GAM_SRC_WALKER) snprintf(src, sizeof src, "walker");
    else snprintf(src, sizeof src, "%s", engine_name(p->src));
    if (p->write)
        snprintf(buf, sz, "%s write 0x%" PRIx64 " be=0x%02x data=0x%016" PRIx64, src, p->addr, p->be, p->wdata);
    else
        snprintf(buf, sz, "%s read 0x%" PRIx64, src, p->addr);
}

/* The cascade's state word (GAM-29) of one class: its GAC->GAM machine's state, the GAC/GAB owner and count. */
static void fmt_casc_class(char *buf, size_t n, uint32_t w, int c)
{
    snprintf(buf, n, "state %u, owner %s, count %u", (unsigned)(w >> GTREF_CASC_STATE_SHIFT(c)) & 7u,
             (w >> GTREF_CASC_OWNER_SHIFT(c)) & 1u ? "GAB" : "GAC", (unsigned)(w >> GTREF_CASC_COUNT_SHIFT(c)) & 63u);
}

/* GAM-29: the first class whose cascade state differs, decoded, with the admitted vector of the previous cycle. The
 * three class machines are one cascade (GAM-27, GAM-28: one sequence of states, owners and counts, stepped by the same
 * admitted vectors): which class shows a wrong step first is which class the stimulus exercised first, so the bucket
 * is gam/-/casc-state whatever the class; the record keeps the class (expected, actual, detail). */
static bool casc_mismatch(gtref_sb *sb, const gam_edge *x, uint32_t dut)
{
    static const char *const cls[3] = { "RO", "R", "WR" };
    char exp[96], act[96];
    int c = 0;
    while (c < 2 && ((x->casc ^ dut) & (7u << GTREF_CASC_STATE_SHIFT(c) | 1u << GTREF_CASC_OWNER_SHIFT(c) |
                                        63u << GTREF_CASC_COUNT_SHIFT(c))) == 0) c++;
    char ce[80], ca[80];
    fmt_casc_class(ce, sizeof ce, x->casc, c);
    fmt_casc_class(ca, sizeof ca, dut, c);
    snprintf(exp, sizeof exp, "%s: %s", cls[c], ce);
    snprintf(act, sizeof act, "%s: %s", cls[c], ca);
    return fail(sb, "gam", -1, "casc-state", exp, act, "the %s class's cascade state after the previous edge (GAM-27 GAC/GAB "
                "owner and count, GAM-28 GAC->GAM machine); engines admitted in that cycle 0x%x, NP vector 0x%x, "
                "grant %s (whole word expected 0x%08x, DUT 0x%08x)", cls[c], (unsigned)x->casc_a, (unsigned)x->arb_v,
                x->gnt_valid ? engine_name(x->gnt_engine) : "none", (unsigned)x->casc, (unsigned)dut);
}

/* GAM-18: the DUT's port request and GAM probes of this cycle against the GAM model's prediction for the previous
 * closing edge (all of them are flip-flops). */
static bool check_gam(gtref_sb *sb, const gtref_sb_cycle *c)
{
    const gam_edge *x = &sb->edge;
    const gtref_sb_gam_probe *d = &c->gam;
    char exp[192], act[192];
    const gam_port *p = &x->port, *q = &c->port;
    bool port_same = p->valid == q->valid && (!p->valid || (p->write == q->write && p->addr == q->addr && p->src == q->src &&
                     (!p->write || (p->be == q->be && ((p->wdata ^ q->wdata) & be_mask(p->be)) == 0))));
    if (!port_same) {
        fmt_port(exp, sizeof exp, p);
        fmt_port(act, sizeof act, q);
        int e = p->valid && p->src < GTREF_MAX_ENGINES ? p->src : q->valid && q->src < GTREF_MAX_ENGINES ? q->src : -1;
        sb->bucket_cmd = "-";
        const char *what = p->valid != q->valid ? "request" : p->src != q->src ? "source" : p->addr != q->addr ? "address" : "data";
        return fail(sb, "gam", e, what, exp, act, "the memory port's request differs from the GAM model's (docs/gam.md GAM-10, "
                    "GAM-11); the last lookup: %s %s %s 0x%" PRIx64, engine_name(x->lookup_engine), client_name(x->lookup_client),
                    x->lookup_ggtt ? "ggtt" : "ppgtt", x->lookup_va);
    }
    sb->bucket_cmd = "-";
    /* A grant checked before the cascade: a grant and the cascade's word that differ at one edge may be the
     * cascade's entry (the GAC/GAB priority, GAM-27/GAM-28) or the admission both follow (the accepted-request
     * limits, GAM-23), which the probes do not tell apart: the grant keeps its bucket, its detail shows both words. */
    if (d->gnt_valid != x->gnt_valid || (x->gnt_valid && d->gnt_engine != x->gnt_engine)) {
        snprintf(exp, sizeof exp, x->gnt_valid ? "grant to %s" : "no grant", engine_name(x->gnt_engine));
        snprintf(act, sizeof act, d->gnt_valid ? "grant to %s" : "no grant", engine_name(d->gnt_engine));
        return fail(sb, "gam", x->gnt_valid ? x->gnt_engine : d->gnt_engine, "grant", exp, act,
                    "arbitration at the previous edge (GAM-9, MIDARB NP state %u before it; the cascade after it, GAM-29: "
                    "expected 0x%08x, DUT 0x%08x)", (unsigned)d->arb_state, (unsigned)x->casc, (unsigned)d->casc);
    }
    if (d->arb_state != x->arb_state) {
        snprintf(exp, sizeof exp, "state %u", x->arb_state);
        snprintf(act, sizeof act, "state %u", d->arb_state);
        return fail(sb, "gam", -1, "arb-state", exp, act, "the MIDARB NP machine's state after the previous edge (GAM-9, G14)");
    }
    if (d->casc != x->casc) return casc_mismatch(sb, x, d->casc);
    if (d->lookup_valid != x->lookup_valid ||
        (x->lookup_valid && (d->lookup_engine != x->lookup_engine || d->lookup_hit != x->lookup_hit ||
                             (x->lookup_hit && d->lookup_index != x->lookup_index)))) {
        snprintf(exp, sizeof exp, x->lookup_valid ? "%s %s entry %u" : "no lookup", engine_name(x->lookup_engine),
                 x->lookup_hit ? "hit" : "miss", x->lookup_index);
        snprintf(act, sizeof act, d->lookup_valid ? "%s %s entry %u" : "no lookup", engine_name(d->lookup_engine),
                 d->lookup_hit ? "hit" : "miss", d->lookup_index);
        return fail(sb, "gam", x->lookup_valid ? x->lookup_engine : d->lookup_engine, "lookup", exp, act,
                    "TLB lookup of %s %s 0x%" PRIx64 " (GAM-7)", client_name(x->lookup_client), x->lookup_ggtt ? "ggtt" : "ppgtt",
                    x->lookup_va);
    }
    if (d->fill_valid != x->fill_valid || (x->fill_valid && (d->fill_engine != x->fill_engine || d->fill_index != x->fill_index))) {
        snprintf(exp, sizeof exp, x->fill_valid ? "%s fills entry %u" : "no fill", engine_name(x->fill_engine), x->fill_index);
        snprintf(act, sizeof act, d->fill_valid ? "%s fills entry %u" : "no fill", engine_name(d->fill_engine), d->fill_index);
        return fail(sb, "gam", x->fill_valid ? x->fill_engine : d->fill_engine, "fill", exp, act,
                    "TLB fill at the previous edge (GAM-8: least-recently-allocated entry of the client's LRA)");
    }
    if (d->fault_valid != x->fault_valid || (x->fault_valid && (d->fault_engine != x->fault_engine || d->fault_type != x->fault_type))) {
        snprintf(exp, sizeof exp, x->fault_valid ? "%s fault type %u" : "no fault", engine_name(x->fault_engine), x->fault_type);
        snprintf(act, sizeof act, d->fault_valid ? "%s fault type %u" : "no fault", engine_name(d->fault_engine), d->fault_type);
        return fail(sb, "gam", x->fault_valid ? x->fault_engine : d->fault_engine, "fault", exp, act,
                    "translation of %s %s 0x%" PRIx64 " (GAM-13)", client_name(x->fault_client), x->fault_ggtt ? "ggtt" : "ppgtt",
                    x->fault_va);
    }
    if (d->wr_ack != x->wr_ack) {
        snprintf(exp, sizeof exp, "write acks 0x%x", x->wr_ack);
        snprintf(act, sizeof act, "write acks 0x%x", d->wr_ack);
        return fail(sb, "gam", -1, "wr-ack", exp, act, "bit e: a write of engine e transferred at the previous edge (GAM-11)");
    }
    if (d->rsp != x->rsp) {
        snprintf(exp, sizeof exp, "responses 0x%x%s", x->rsp, x->walk_rsp ? " + walker" : "");
        snprintf(act, sizeof act, "responses 0x%x", d->rsp);
        return fail(sb, "gam", -1, "rsp", exp, act, "bit e: a read response routed to engine e at the previous edge (GAM-11)");
    }
    sb->bucket_cmd = NULL;
    return true;
}

/* The bytes a write enables, packed from lane 0 up, with their count in the top byte: two writes of the same bytes
 * to other lanes (another address) pack alike. */
static uint64_t packed_bytes(uint64_t data, uint8_t be)
{
    uint64_t v = 0;
    unsigned n = 0;
    for (int i = 0; i < 8; i++)
        if (be & (1u << i)) v |= ((data >> (8 * i)) & 0xFFu) << (8 * n++);
    return n < 8 ? v | (uint64_t)n << 56 : v;
}

/* ---- a switch the DUT makes otherwise (docs/regress.md "Buckets": the first divergence) ----
 * Which switch an engine makes (EL-14 to EL-17: start, element switch, end of the submission, preemption, lite
 * restore) shows first in one of three places, whichever comes first in the DUT's order: the event of its CSB entry
 * (EL-20: the entry's low dword), a full restore's register values (EL-4: another context's image restored) or a
 * restore the model's switch does not make at all (EL-4, S.3: every full restore begins with RING_CONTEXT_CONTROL).
 * Each is bucketed context-switch/-/other-switch, whatever register or write showed it; the record keeps the
 * check's kind, the expected and the actual. */

static bool csb_entry_reg(int e, uint32_t off)
{
    uint32_t rel = off - gtref_engines[e].base;
    return (rel >= GTREF_CSB_ENTRY_LO0 && rel <= GTREF_CSB_ENTRY_HI5) || (rel >= GTREF_CSB_ENTRY_LO6 && rel <= GTREF_CSB_ENTRY_HI11);
}

/* The event (EL-20: the low dword) of the first CSB step of engine e's switch in flight; false when it has none. */
static bool switch_event(const gtref_sb *sb, int e, uint32_t *lo)
{
    const sb_engine *g = &sb->eng[e];
    for (int i = 0; i < g->nc; i++)
        if (csb_entry_reg(e, g->c[i].off) && !((g->c[i].off - gtref_engines[e].base) & 4u)) {   /* CSB_ENTRY_LOi */
            *lo = g->c[i].val;
            return true;
        }
    return false;
}

/* A wrong value of a register change of engine e's switch in flight that shows another switch: a CSB_ENTRY_LO (the
 * event, EL-20) or, in a full restore (not a lite restore: EL-17, bit 15 of the event), an image register (not a CSB
 * register, not the error chain's IPEHR, ESR, EIR of a broken image, EL-27). */
static bool other_switch_value(const gtref_sb *sb, int e, uint32_t off)
{
    uint32_t rel = off - gtref_engines[e].base, lo;
    if (csb_entry_reg(e, off)) return !(rel & 4u);
    if (rel == GTREF_CONTEXT_STATUS_PTR || rel == GTREF_IPEHR || rel == GTREF_ESR || rel == GTREF_EIR) return false;
    return switch_event(sb, e, &lo) && !(lo & GTREF_CSB_LITE_RESTORE);
}

/* The DUT begins a full restore (RING_CONTEXT_CONTROL, the first change of every one, EL-4, S.3) where engine e's
 * switch in flight changes another register or nothing more. */
static bool other_switch_restore(const gtref_sb *sb, int e, uint32_t dut_off)
{
    const sb_engine *g = &sb->eng[e];
    return g->inflight && g->is_switch && dut_off == gtref_engines[e].base + GTREF_RING_CONTEXT_CONTROL &&
           (g->ci >= g->nc || g->c[g->ci].off != dut_off);
}

/* The CSB entry write of a CSB step of engine e (EL-22 step 1: a GGTT qword to HWSP + 0x40 + 8i, i < 12). */
static bool csb_entry_write(const gtref_sb *sb, int e, const exp_write *w)
{
    uint64_t hwsp = gtm_reg_peek(sb->m, gtref_engines[e].base + GTREF_HWS_PGA) & 0xFFFFF000u;
    return w->ggtt && w->be == 0xFF && w->addr >= hwsp + 0x40 && w->addr < hwsp + 0xA0 && !(w->addr & 7u);
}

static void other_switch_bucket(gtref_sb *sb)
{
    sb->bucket_kind = "context-switch";
    sb->bucket_cmd = "-";
}

static const char *cf_split_before(const gtref_sb *sb, int e);
static const char *cf_split_at(const gtref_sb *sb, int e, bool retire);

/* A write the command in flight does not make, or another write altogether: the other path's after a control-flow
 * command (control-flow/<command>/path; in execlist mode not the first write of a save, a context switch the model
 * does not make, EL-5), else mem-write/any-command/unexpected. Returns the bucket's field. */
static const char *unexpected_write_field(gtref_sb *sb, int e, const gam_req *r)
{
    const char *name = cf_split_before(sb, e);
    if (name && gtm_el_mode(sb->m, e) && r->ggtt && (r->be == 0x0F || r->be == 0xF0)) {
        /* the first write of a save (EL-5: the image's value slots in §3.2 order, RING_CONTEXT_CONTROL first, saved
         * masked with bits 31:16 set, E16): a context switch the model does not make, not another path */
        uint32_t v = r->be == 0xF0 ? (uint32_t)(r->wdata >> 32) : (uint32_t)r->wdata;
        int slot = (int)(((r->va + (r->be == 0xF0 ? 4u : 0u)) & 0xFFFu) >> 2);
        if (slot == gtref_el_image_slot(e, GTREF_RING_CONTEXT_CONTROL) && (v >> 16) == 0xFFFFu) name = NULL;
    }
    sb->bucket_kind = name ? "control-flow" : NULL;
    sb->bucket_cmd = name ? name : "any-command";
    return name ? "path" : "unexpected";
}

/* A write the GAM model granted: the command's next expected write (docs/gam.md GAM-18: engine, space, graphics
 * address, data, byte enables). */
static bool check_granted_write(gtref_sb *sb, int e, const gam_req *r)
{
    char exp[192], act[192];
    fmt_write(act, sizeof act, r->ggtt, r->va, r->wdata, r->be);
    int st = ensure_inflight(sb, e);
    sb_engine *g = &sb->eng[e];
    /* A write the command in flight does not make is the DUT's divergence, whatever the model was executing
     * (docs/regress.md "Buckets"): mem-write/any-command/unexpected. */
    if (!g->inflight)
        return fail(sb, "mem-write", e, unexpected_write_field(sb, e, r), "no write (model engine is not executing)", act, "the model's engine is %s", step_status_text(st));
    if (g->wi >= g->nw) {
        return fail(sb, "mem-write", e, unexpected_write_field(sb, e, r), g->is_switch ? "no further write from this context switch" : "no further write from this command", act,
                    "the %s in flight writes %d time(s); this is write %d", g->is_switch ? "context switch" : "command", g->nw, g->wi + 1);
    }
    exp_write *w = &g->w[g->wi];
    fmt_write(exp, sizeof exp, w->ggtt, w->addr, w->data, w->be);
    /* Another address and other bytes: not this command's write at a wrong place but another write altogether (a
     * context save or CSB step the model did not make), bucketed as an unexpected write. The same bytes at another
     * address (in whichever lanes) are the command's own address bug and keep the command's name. */
    if (w->addr != r->va && packed_bytes(w->data, w->be) != packed_bytes(r->wdata, r->be)) {
        return fail(sb, "mem-write", e, unexpected_write_field(sb, e, r), exp, act, "write %d of the %s: another address and other data (not the "
                    "expected write at a wrong address)", g->wi + 1, g->is_switch ? "context switch" : "command");
    }
    if (w->addr != r->va)
        return fail(sb, "mem-write", e, "address", exp, act, "write %d of the command: wrong address", g->wi + 1);
    if (w->ggtt != r->ggtt)
        return fail(sb, "mem-write", e, "address-space", exp, act, "write %d of the command: wrong address space (GAM-2)", g->wi + 1);
    /* Byte enables come from the write path that every writing command shares: the bucket names the lanes the
     * write should have had, not the command (one lane bug seen through five commands is one bucket). */
    if (w->be != r->be) sb->bucket_cmd = w->be == 0xff ? "qword-write" : (w->be & 0x0f) ? "low-dword-write" : "high-dword-write";
    if (w->be != r->be)
        return fail(sb, "mem-write", e, "byte-enable", exp, act, "write %d of the command: wrong byte enables", g->wi + 1);
    if (g->is_switch && csb_entry_write(sb, e, w) && (uint32_t)(w->data ^ r->wdata)) {
        other_switch_bucket(sb);   /* the CSB entry's event (EL-20): the DUT's switch is another */
        return fail(sb, "mem-write", e, "other-switch", exp, act, "write %d of the context switch: the CSB entry's event "
                    "(low dword) differs: the DUT makes another switch (EL-20)", g->wi + 1);
    }
    if ((w->data ^ r->wdata) & be_mask(w->be))
        return fail(sb, "mem-write", e, "data", exp, act, "write %d of the command: wrong data (differing bits 0x%016" PRIx64 ")", g->wi + 1, (w->data ^ r->wdata) & be_mask(w->be));
    g->wi++;
    return true;
}

/* ---- contract §3: the re-read rule of signal-mode MI_SEMAPHORE_WAIT (C32, C32a), checked exactly ----
 *
 * The engine's pending-signal flag is kept here as the rule sets and clears it, from what the DUT does on its ports
 * (never from its own flag): a retired MI_SEMAPHORE_SIGNAL sets its target's flag at the closing edge of its retire
 * cycle; a signal-mode wait's retire clears it, and so does the grant of each of its re-reads (the take, C32a); a
 * signal in the cycle of a clear wins. The wait's first read needs nothing; after a read answered unmet (the DUT's
 * own response data, C27's compare) the wait re-reads once for each take, and only when the flag is set; after a
 * read answered met it retires with no further read. So the wait makes exactly 1 + (the takes) reads, a take for
 * every stretch of one or more signals that found its last read answered unmet:
 *   - a read granted with the flag clear, before the previous read's answer, or after an answer that met the
 *     condition is one too many (bucket signal-wait-read-without-signal);
 *   - a retire after a read answered unmet, or a read answered unmet with the flag set followed by more than
 *     GTREF_SEM_TAKE_CYCLES cycles in which the engine asks the GAM for nothing and has no read outstanding, is a
 *     missing re-read (bucket signal-wait-missing-reread). */
enum { SEM_RD_NONE, SEM_RD_OUT, SEM_RD_MET, SEM_RD_UNMET };
static bool sem_holds(const uint32_t *dw, uint32_t v);
static uint64_t line_qword(const uint8_t *line, unsigned o);

/* The signals the engine received since its previous signal-mode wait's retire: "N (cycles a, b, ...)". */
static void sem_signals_text(const sb_engine *g, char *buf, size_t sz)
{
    size_t w = 0;
    int k = snprintf(buf, sz, "%u", g->sig_signals);
    if (k > 0) w = (size_t)k;
    unsigned n = g->sig_signals < 6 ? g->sig_signals : 6;
    for (unsigned i = 0; i < n && w < sz; i++) {
        k = snprintf(buf + w, sz - w, "%s%" PRIu64, i ? ", " : " (cycles ", g->sig_cyc[i]);
        if (k > 0) w += (size_t)k;
    }
    if (n && w < sz) snprintf(buf + w, sz - w, "%s)", g->sig_signals > n ? ", ..." : "");
}

/* A semaphore wait's failure names the wait even when the model has not executed it yet (text: its cmd_text). */
static void name_wait(gtref_sb *sb, const gtm_retire *w, const char *text)
{
    if (sb->mm.command[0]) return;
    copy(sb->mm.command, sizeof sb->mm.command, text);
    sb->mm.cmd_addr = w->addr;
}

/* Whether granted read r of engine e is a read of wait w's semaphore line (a data read whose 64-byte line holds SAD,
 * docs/gam.md GAM-18). */
static bool reads_wait_line(const gam_req *r, const gtm_retire *w)
{
    return w && r->client == GTREF_CLIENT_DR && (r->va & ~63ull) == (GTREF_GET(w->dw, MI_SEMAPHORE_WAIT_ADDR) & ~63ull);
}

static bool sem_fail(gtref_sb *sb, int e, const gtm_retire *w, const char *field, const char *exp, const char *act,
                     const char *why)
{
    sb_engine *g = &sb->eng[e];
    char text[128], sigs[160];
    cmd_text(sb, w, text, sizeof text);
    sem_signals_text(g, sigs, sizeof sigs);
    uint64_t waddr = w->addr, sad = GTREF_GET(w->dw, MI_SEMAPHORE_WAIT_ADDR);
    sb->bucket_cmd = "MI_SEMAPHORE_WAIT";
    fail(sb, "mem-protocol", e, field, exp, act,
         "wait at 0x%" PRIx64 ", SAD 0x%" PRIx64 ": %s; %u read%s; signals to %s since the previous signal-mode wait: %s "
         "(contract §3, C32a)",
         waddr, sad, why, g->sig_reads, g->sig_reads == 1 ? "" : "s", engine_name(e), sigs);
    name_wait(sb, w, text);
    return false;
}

/* A read the GAM model granted: if it is a read of the current signal-mode wait's semaphore line (a data read of the
 * wait's engine whose line holds SAD, docs/gam.md GAM-18), the first read, or a re-read that takes the flag. */
static bool check_granted_read(gtref_sb *sb, int e, const gam_req *r)
{
    if (r->client != GTREF_CLIENT_DR) return true;
    const gtm_retire *w = current_signal_wait(sb, e);
    if (!reads_wait_line(r, w)) return true;
    sb_engine *g = &sb->eng[e];
    char exp[192], act[192], why[192];
    if (g->sig_reads == 0 || (g->rd_state == SEM_RD_UNMET && g->flag)) {
        if (g->sig_reads) {                /* a take: the flag clears at this edge (a signal of this cycle wins) */
            sb->signal_rereads++;
            if (g->sig_reads == 2) sb->sig_several++;
            g->flag = false;
            g->take_cycle = sb->cycle;
        }
        g->sig_reads++;
        g->rd_state = SEM_RD_OUT;
        g->rd_cycle = sb->cycle;
        return true;
    }
    snprintf(exp, sizeof exp, "%u read%s of the semaphore line until a signal sets the flag", g->sig_reads,
             g->sig_reads == 1 ? "" : "s");
    snprintf(act, sizeof act, "read %u of line 0x%" PRIx64 " granted in cycle %" PRIu64, g->sig_reads + 1,
             (uint64_t)(r->va & ~63ull), sb->cycle);
    if (g->rd_state == SEM_RD_OUT)
        snprintf(why, sizeof why, "read %u (granted in cycle %" PRIu64 ") not answered yet", g->sig_reads, g->rd_cycle);
    else if (g->rd_state == SEM_RD_MET)
        snprintf(why, sizeof why, "read %u answered 0x%08x (met) in cycle %" PRIu64,
                 g->sig_reads, g->rsp_val, g->rsp_cycle);
    else
        snprintf(why, sizeof why, "read %u answered 0x%08x (unmet) in cycle %" PRIu64 ", no signal since the flag's clear "
                 "in cycle %" PRIu64, g->sig_reads, g->rsp_val, g->rsp_cycle, g->take_cycle);
    return sem_fail(sb, e, w, g->rd_state == SEM_RD_MET ? "wait-compare" : "signal-wait-read-without-signal", exp, act, why);
}

/* The answer of wait w's read in a response line at va (the line holding SAD, else nothing): the semaphore dword into
 * *val, the cycle into *cycle, met or unmet by C27's compare on the DUT's data into *state; the engine's first answer
 * that met is kept for wait_met_bucket. */
static void wait_answer(gtref_sb *sb, sb_engine *g, const gtm_retire *w, uint64_t va, const uint8_t *line, uint32_t *val,
                        uint64_t *cycle, int *state)
{
    uint64_t a = GTREF_GET(w->dw, MI_SEMAPHORE_WAIT_ADDR);
    if ((a & ~63ull) != (va & ~63ull)) return;
    *val = (uint32_t)line_qword(line, (unsigned)(a & 63));
    *cycle = sb->cycle;
    *state = sem_holds(w->dw, *val) ? SEM_RD_MET : SEM_RD_UNMET;
    if (*state == SEM_RD_MET && !g->met_cycle) { g->met_cycle = sb->cycle; g->met_wait = w->addr; g->met_val = *val; }
}

/* A read response for engine e's data client at graphics address va (its oldest read granted and not answered):
 * the answer of the signal-mode wait's read, met or unmet by the DUT's data (C27's compare). */
static void sem_response(gtref_sb *sb, int e, uint64_t va, const uint8_t *line)
{
    sb_engine *g = &sb->eng[e];
    if (g->rd_state != SEM_RD_OUT) return;
    const gtm_retire *w = current_signal_wait(sb, e);
    if (w) wait_answer(sb, g, w, va, line, &g->rsp_val, &g->rsp_cycle, &g->rd_state);
}

/* ---- the wait's compare (docs/commands.md §5, C27; contract §3): a memory poll-mode MI_SEMAPHORE_WAIT ----
 * The wait reads its semaphore line until an answer meets the condition (C27's compare on the DUT's own response
 * data), then retires with no further read; it retires only after an answer that met. So a read granted after an
 * answer that met (in an earlier cycle: a read presented in the answer's own cycle was asked before it), and a
 * retire after reads none of which met, are the DUT's compare differing from C27's: bucket
 * mem-protocol/MI_SEMAPHORE_WAIT/wait-compare, as is a signal-mode wait's read after an answer that met (above). */

/* The memory poll-mode wait engine e is executing, or NULL (decided from the model, as current_signal_wait). */
static const gtm_retire *current_poll_wait(gtref_sb *sb, int e)
{
    sb_engine *g = &sb->eng[e];
    const gtm_retire *r = &g->cmd;
    if (g->inflight && g->is_switch) return NULL;
    if (!g->inflight) {
        if (gtm_peek(sb->m, e, &sb->peek) != GTM_RETIRED) return NULL;
        r = &sb->peek;
    }
    if (r->status != GTM_RETIRED || r->nooped || cmd_id(r) != GTREF_CMD_MI_SEMAPHORE_WAIT ||
        !GTREF_GET(r->dw, MI_SEMAPHORE_WAIT_POLL) || GTREF_GET(r->dw, MI_SEMAPHORE_WAIT_REG_POLL))
        return NULL;
    return r;
}

static bool poll_fail(gtref_sb *sb, int e, const gtm_retire *w, const char *exp, const char *act, const char *why)
{
    sb_engine *g = &sb->eng[e];
    char text[128];
    cmd_text(sb, w, text, sizeof text);
    uint64_t sad = GTREF_GET(w->dw, MI_SEMAPHORE_WAIT_ADDR);
    sb->bucket_cmd = "MI_SEMAPHORE_WAIT";
    fail(sb, "mem-protocol", e, "wait-compare", exp, act,
         "poll-mode wait at 0x%" PRIx64 ", SAD 0x%" PRIx64 ", compare %u, data 0x%08x: %s; %u read%s (docs/commands.md "
         "§5, C27; contract §3)", w->addr, sad, (unsigned)GTREF_GET(w->dw, MI_SEMAPHORE_WAIT_COMPARE),
         (uint32_t)GTREF_GET(w->dw, MI_SEMAPHORE_WAIT_DATA), why, g->poll_reads, g->poll_reads == 1 ? "" : "s");
    name_wait(sb, w, text);
    return false;
}

/* A read the GAM model granted: a read of the current poll-mode wait's semaphore line counts; one after an answer
 * that met is the compare's divergence. */
static bool check_poll_read(gtref_sb *sb, int e, const gam_req *r)
{
    if (r->client != GTREF_CLIENT_DR) return true;
    const gtm_retire *w = current_poll_wait(sb, e);
    if (!reads_wait_line(r, w)) return true;
    sb_engine *g = &sb->eng[e];
    if (g->poll_wait != w->addr) { g->poll_wait = w->addr; g->poll_reads = 0; g->poll_state = SEM_RD_NONE; }
    if (g->poll_state == SEM_RD_MET && g->poll_rsp_cycle < sb->cycle) {
        char exp[192], act[192], why[192];
        snprintf(exp, sizeof exp, "retire after read %u answered 0x%08x (met)", g->poll_reads, g->poll_val);
        snprintf(act, sizeof act, "read %u of line 0x%" PRIx64 " granted in cycle %" PRIu64, g->poll_reads + 1,
                 (uint64_t)(r->va & ~63ull), sb->cycle);
        snprintf(why, sizeof why, "read %u answered 0x%08x in cycle %" PRIu64 ", which meets the condition", g->poll_reads,
                 g->poll_val, g->poll_rsp_cycle);
        return poll_fail(sb, e, w, exp, act, why);
    }
    g->poll_reads++;
    if (g->poll_state != SEM_RD_MET) g->poll_state = SEM_RD_OUT;
    return true;
}

/* A read response for engine e's data client: the answer of the poll-mode wait's read, met or unmet by the DUT's
 * data (C27). An answer that met stays met for the wait (a read asked before it may still answer). */
static void poll_response(gtref_sb *sb, int e, uint64_t va, const uint8_t *line)
{
    sb_engine *g = &sb->eng[e];
    if (g->poll_state != SEM_RD_OUT || !g->poll_wait) return;
    const gtm_retire *w = current_poll_wait(sb, e);
    if (w && w->addr == g->poll_wait) wait_answer(sb, g, w, va, line, &g->poll_val, &g->poll_rsp_cycle, &g->poll_state);
}

/* A retire of engine e in this cycle: a poll-mode wait retires only after an answer that met. */
static bool poll_retire(gtref_sb *sb, int e, const gtref_sb_engine_probe *p)
{
    sb_engine *g = &sb->eng[e];
    if (g->poll_state != SEM_RD_UNMET || p->retire_addr != g->poll_wait) return true;
    const gtm_retire *w = current_poll_wait(sb, e);
    if (!w || w->addr != p->retire_addr) return true;
    char exp[192], act[192], why[192];
    snprintf(exp, sizeof exp, "read %u of the semaphore line (the last answer did not meet)", g->poll_reads + 1);
    snprintf(act, sizeof act, "retire in cycle %" PRIu64 " after %u read%s", sb->cycle, g->poll_reads, g->poll_reads == 1 ? "" : "s");
    snprintf(why, sizeof why, "read %u answered 0x%08x in cycle %" PRIu64 ", which does not meet the condition", g->poll_reads,
             g->poll_val, g->poll_rsp_cycle);
    return poll_fail(sb, e, w, exp, act, why);
}

/* End of the cycle: a retire ends the engine's wait (poll or signal mode); a context switch leaves it. */
static void poll_end_cycle(gtref_sb *sb, const gtref_sb_cycle *c)
{
    for (int e = 0; e < sb->engines; e++) {
        sb_engine *g = &sb->eng[e];
        if (c->eng[e].retire || (g->inflight && g->is_switch)) {
            g->poll_wait = 0; g->poll_reads = 0; g->poll_state = SEM_RD_NONE;
            g->met_cycle = 0;
        }
    }
}

/* A failure of another check while an engine's wait had an answer that met and did not retire: the DUT acted on
 * another compare (it went on waiting: a context switch at the wait, a hang, a timeout, the driver's missing CSB
 * entries), so the first divergence is the wait's compare. The engine's own reg-commit and mem-write mismatches and
 * the test-wide hang, timeout and host ones (the answer at least GTREF_SEM_TAKE_CYCLES cycles old) are renamed;
 * the record keeps the check's kind, expected and actual, and names the wait in the detail. */
static bool wait_met_bucket(gtref_sb *sb, const char *kind, int e, char *f, size_t fsz)
{
    bool own = strcmp(kind, "reg-commit") == 0 || strcmp(kind, "mem-write") == 0;
    bool wide = strcmp(kind, "hang") == 0 || strcmp(kind, "timeout") == 0 || strcmp(kind, "host") == 0;
    if (!own && !wide) return false;
    for (int k = 0; k < sb->engines; k++) {
        const sb_engine *g = &sb->eng[k];
        if (!g->met_cycle || g->met_cycle >= sb->cycle) continue;
        if (own ? k != e : sb->cycle - g->met_cycle <= GTREF_SEM_TAKE_CYCLES) continue;
        size_t n = strlen(sb->mm.detail);
        snprintf(sb->mm.detail + n, sizeof sb->mm.detail - n, "; first: %s's MI_SEMAPHORE_WAIT at 0x%" PRIx64 " read "
                 "0x%08x in cycle %" PRIu64 ", which meets its condition (C27), and did not retire", engine_name(k),
                 g->met_wait, g->met_val, g->met_cycle);
        sb->bucket_kind = "mem-protocol";
        sb->bucket_cmd = "MI_SEMAPHORE_WAIT";
        snprintf(f, fsz, "wait-compare");
        return true;
    }
    return false;
}

/* The missing re-read, found without waiting for a hang: while a read answered unmet and the flag is set, the wait
 * owes the re-read. It may wait for the GAM and for its own fetch reads as long as they take, but a cycle in which the
 * engine neither presents a request to the GAM nor has a read granted and unanswered is a cycle it does nothing for
 * it; more than GTREF_SEM_TAKE_CYCLES of those is a missing re-read (C32a). */
static bool sem_deadline(gtref_sb *sb, const gtref_sb_cycle *c)
{
    for (int e = 0; e < sb->engines; e++) {
        sb_engine *g = &sb->eng[e];
        if (g->rd_state != SEM_RD_UNMET || !g->flag) { g->owed_idle = 0; continue; }
        if (c->eng[e].req.valid || g->rd_n) continue;
        if (++g->owed_idle <= GTREF_SEM_TAKE_CYCLES) continue;
        const gtm_retire *w = current_signal_wait(sb, e);
        if (!w) continue;
        uint64_t from = g->rsp_cycle > g->flag_cycle + 1 ? g->rsp_cycle : g->flag_cycle + 1;
        char exp[192], act[192], why[192];
        snprintf(exp, sizeof exp, "read %u of the semaphore line (owed since cycle %" PRIu64 ")", g->sig_reads + 1, from);
        snprintf(act, sizeof act, "%u cycles with no request to the GAM and no read outstanding", g->owed_idle);
        snprintf(why, sizeof why, "read %u answered 0x%08x (unmet) in cycle %" PRIu64 ", flag set in cycle %" PRIu64,
                 g->sig_reads, g->rsp_val, g->rsp_cycle, g->flag_cycle);
        return sem_fail(sb, e, w, "signal-wait-missing-reread", exp, act, why);
    }
    return true;
}

/* A retire of engine e in this cycle: a signal-mode wait may retire only after a read answered met. */
static bool sem_retire(gtref_sb *sb, int e, const gtref_sb_engine_probe *p)
{
    sb_engine *g = &sb->eng[e];
    if (g->rd_state != SEM_RD_UNMET) return true;
    const gtm_retire *w = current_signal_wait(sb, e);
    if (!w || w->addr != p->retire_addr) return true;
    char exp[192], act[192], why[192];
    snprintf(exp, sizeof exp, "read %u of the semaphore line (a re-read) before the retire", g->sig_reads + 1);
    snprintf(act, sizeof act, "retire in cycle %" PRIu64 " after %u read%s", sb->cycle, g->sig_reads, g->sig_reads == 1 ? "" : "s");
    if (g->flag)
        snprintf(why, sizeof why, "read %u answered 0x%08x (unmet) in cycle %" PRIu64 ", flag set in cycle %" PRIu64,
                 g->sig_reads, g->rsp_val, g->rsp_cycle, g->flag_cycle);
    else
        snprintf(why, sizeof why, "read %u answered 0x%08x (unmet) in cycle %" PRIu64 ", and no signal since", g->sig_reads,
                 g->rsp_val, g->rsp_cycle);
    return sem_fail(sb, e, w, "signal-wait-missing-reread", exp, act, why);
}

/* End of the cycle: retired signal-mode waits clear their engine's flag and open a new count; then the cycle's signals
 * set their targets' flags (a signal and a clear in one cycle: the signal wins, C32). */
static void sem_end_cycle(gtref_sb *sb, const gtref_sb_cycle *c)
{
    bool cleared[GTREF_MAX_ENGINES] = { false };
    for (int e = 0; e < sb->engines; e++) {
        sb_engine *g = &sb->eng[e];
        cleared[e] = g->sig_reads > 1 && g->take_cycle == sb->cycle;
        if (c->eng[e].retire && is_signal_wait(&g->cmd)) {
            cleared[e] = true;
            g->flag = false;
            g->sig_reads = g->sig_signals = 0;
            g->rd_state = SEM_RD_NONE;
            g->take_cycle = sb->cycle;
        }
    }
    for (int e = 0; e < sb->engines; e++) {
        int t = c->eng[e].retire ? signal_target(sb, &sb->eng[e].cmd) : -1;
        if (t < 0) continue;
        sb_engine *g = &sb->eng[t];
        if (cleared[t]) sb->sig_at_clear++;
        if (g->rd_state == SEM_RD_OUT) sb->sig_while_out++;
        if (!g->flag) g->flag_cycle = sb->cycle;
        g->flag = true;
        if (g->sig_signals < 6) g->sig_cyc[g->sig_signals] = sb->cycle;
        g->sig_signals++;
    }
}

/* GAM-24: an engine that takes part in more arbitrations in a row without a grant than the MIDARB programming
 * allows is starved, whichever side (model or DUT: their grants are compared every cycle) the arbiter is wrong in.
 * The bounds are computed from the registers as the GAM model holds them, again whenever they change. */
static bool check_starvation(gtref_sb *sb, const gam_edge *x)
{
    if (!x->arb_valid) return true;
    uint32_t regs[5] = { gam_reg_read(sb->gam, GTREF_MIDARB_PRIO_NP) };
    for (int k = 0; k < 4; k++) regs[k + 1] = gam_reg_read(sb->gam, GTREF_MIDARB_GOTOFIELD_NP0 + 4u * (uint32_t)k);
    if (!sb->bound_known || memcmp(regs, sb->bound_regs, sizeof regs)) {
        memcpy(sb->bound_regs, regs, sizeof regs);
        for (int e = 0; e < sb->engines; e++) sb->bound[e] = gtref_arb_bound(regs[0], regs + 1, sb->engines, e);
        sb->bound_known = true;
    }
    for (int e = 0; e < sb->engines; e++) {
        if (!(x->arb_v & (1u << e)) || (x->gnt_valid && x->gnt_engine == e)) { sb->arb_wait[e] = 0; continue; }
        if (++sb->arb_wait[e] > sb->arb_wait_max[e]) sb->arb_wait_max[e] = sb->arb_wait[e];
        if (sb->bound[e] != GTREF_ARB_UNBOUNDED && sb->arb_wait[e] > (uint32_t)sb->bound[e]) {
            char exp[192], act[192];
            snprintf(exp, sizeof exp, "a grant within %d arbitration%s in a row", sb->bound[e], sb->bound[e] == 1 ? "" : "s");
            snprintf(act, sizeof act, "%u arbitrations without a grant (request vector 0x%x, grant %s)", sb->arb_wait[e],
                     x->arb_v, x->gnt_valid ? engine_name(x->gnt_engine) : "none");
            sb->bucket_cmd = "-";
            return fail(sb, "gam", e, "starvation", exp, act, "MIDARB_PRIO_NP=0x%05x GOTOFIELD_NP0..3=0x%08x 0x%08x 0x%08x 0x%08x "
                        "allow at most %d (docs/gam.md GAM-24)", regs[0], regs[1], regs[2], regs[3], regs[4], sb->bound[e]);
        }
    }
    return true;
}

/* GAM-22: a host write to an engine's INSTPM that sets TLB Invalidate (bit 9) and Sync Flush Enable (bit 5), each
 * with its write enable, invalidates that engine's TLB at the write's closing edge. */
static uint8_t instpm_invalidate(const gtref_sb *sb, const gtref_sb_cycle *c)
{
    const uint32_t bits = GTREF_INSTPM_TLB_INVALIDATE | GTREF_INSTPM_SYNC_FLUSH, need = bits | bits << 16;
    if (!c->mmio_xfer || !c->mmio_write || (c->mmio_wdata & need) != need) return 0;
    for (int e = 0; e < sb->engines; e++)
        if (c->mmio_addr == gtref_engines[e].base + GTREF_INSTPM) return (uint8_t)(1u << e);
    return 0;
}

/* ---- execlists: the DUT's read data (docs/execlists.md §7: EL-16's poll response, EL-32) ---- */

/* A poll-mode MI_SEMAPHORE_WAIT's condition on the semaphore dword v (C27). */
static bool sem_holds(const uint32_t *dw, uint32_t v)
{
    uint32_t d = (uint32_t)GTREF_GET(dw, MI_SEMAPHORE_WAIT_DATA);
    switch (GTREF_GET(dw, MI_SEMAPHORE_WAIT_COMPARE)) {
    case 0: return v > d;
    case 1: return v >= d;
    case 2: return v < d;
    case 3: return v <= d;
    case 4: return v == d;
    default: return v != d;
    }
}

/* The little-endian qword of line at byte offset o (bytes past the line read 0). */
static uint64_t line_qword(const uint8_t *line, unsigned o)
{
    uint64_t q = 0;
    for (unsigned i = 0; i < 8 && o + i < 64; i++) q |= (uint64_t)line[o + i] << (8 * i);
    return q;
}

/* A read response for engine e's data client (DR) at graphics address va, in this cycle, while the engine is in
 * execlist mode and the model has nothing in flight for it: a Compare Semaphore MI_CONDITIONAL_BATCH_BUFFER_END that
 * waits for the DUT's data gets them (EL-32); a poll-mode wait whose condition the data make false is an arbitration
 * point (EL-16): the model preempts (or lite-restores) when it may, in this cycle, and the wait never retires. */
static void el_response(gtref_sb *sb, int e, uint64_t va, const uint8_t *line)
{
    sb_engine *g = &sb->eng[e];
    if (g->inflight || !gtm_el_mode(sb->m, e)) return;
    int st = gtm_peek(sb->m, e, &sb->peek);
    const gtm_retire *r = &sb->peek;
    unsigned id = cmd_id(r);
    /* gtm_peek fetches without running the handler: the waiting command shows as GTM_RETIRED */
    if (st == GTM_RETIRED && id == GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END) {
        uint64_t a = GTREF_GET(r->dw, MI_CONDITIONAL_BATCH_BUFFER_END_ADDR);
        if ((a & ~63ull) == (va & ~63ull)) gtm_el_cond_data(sb->m, e, line_qword(line, (unsigned)(a & 63)));
        return;
    }
    if (st != GTM_RETIRED || id != GTREF_CMD_MI_SEMAPHORE_WAIT || r->nooped || !GTREF_GET(r->dw, MI_SEMAPHORE_WAIT_POLL) ||
        GTREF_GET(r->dw, MI_SEMAPHORE_WAIT_REG_POLL))
        return;
    uint64_t a = GTREF_GET(r->dw, MI_SEMAPHORE_WAIT_ADDR);
    if ((a & ~63ull) != (va & ~63ull) || sem_holds(r->dw, (uint32_t)line_qword(line, (unsigned)(a & 63)))) return;
    if (gtm_el_arb_point(sb->m, e) != GTM_EL_NONE) sb->el_preemptions++;
    if (gtm_el_tlb_edge(sb->m, e)) sb->el_inval |= (uint8_t)(1u << e);
}

/* Before the GAM's cycle: the port's read answered in this cycle (responses come in request order, contract §3)
 * is, when an engine's, that engine's oldest read granted and not answered (GAM-18). */
static void el_port_response(gtref_sb *sb, const gtref_sb_cycle *c)
{
    if (!c->mem_rsp_valid || !sb->port_n) return;
    uint8_t src = sb->port_src[sb->port_head];
    sb->port_head = (sb->port_head + 1) % (MAX_READS * GTREF_MAX_ENGINES);
    sb->port_n--;
    if (src >= sb->engines) return;   /* the walker's */
    sb_engine *g = &sb->eng[src];
    if (!g->rd_n) return;
    struct sb_read rd = g->rd[g->rd_head];
    g->rd_head = (g->rd_head + 1) % MAX_READS;
    g->rd_n--;
    if (rd.client != GTREF_CLIENT_DR) return;
    sem_response(sb, src, rd.va, c->mem_rsp_data);
    poll_response(sb, src, rd.va, c->mem_rsp_data);
    el_response(sb, src, rd.va, c->mem_rsp_data);
}

/* After the GAM's cycle: this cycle's port read request (the DUT's, compared with the model's) and the edge's read
 * grant join their queues; a read that faulted in hang mode is never answered: its engine's queue is dropped. */
static void el_track_reads(gtref_sb *sb, const gtref_sb_cycle *c)
{
    const unsigned cap = MAX_READS * GTREF_MAX_ENGINES;
    if (c->port.valid && !c->port.write && c->mem_req_ready && sb->port_n < cap)
        sb->port_src[(sb->port_head + sb->port_n++) % cap] = c->port.src;
    const gam_edge *x = &sb->edge;
    if (x->gnt_valid && !x->gnt_req.write && x->gnt_engine < sb->engines) {
        sb_engine *g = &sb->eng[x->gnt_engine];
        if (g->rd_n < MAX_READS) g->rd[(g->rd_head + g->rd_n++) % MAX_READS] = (struct sb_read){ x->gnt_req.client, x->gnt_req.va };
    }
    if (x->fault_valid && x->fault_hang && x->fault_client != GTREF_CLIENT_WR && x->fault_engine < sb->engines)
        sb->eng[x->fault_engine].rd_n = 0;
}

/* The GAM's cycle (GAM-18): the model gets the DUT's inputs of this cycle and predicts its closing edge; the
 * engines' PPGTT registers changed at this edge reach the model after it. A granted data read counts for the
 * re-read rule here, before the cycle's retires (contract §3: reads before retires); a granted write is compared
 * after them (gam_granted_write). */
static bool gam_cycle(gtref_sb *sb, const gtref_sb_cycle *c, uint8_t invalidate)
{
    gam_inputs in;
    memset(&in, 0, sizeof in);
    for (int e = 0; e < sb->engines; e++) in.req[e] = c->eng[e].req;
    in.mem_req_ready = c->mem_req_ready;
    in.mem_rsp_valid = c->mem_rsp_valid;
    memcpy(in.mem_rsp_data, c->mem_rsp_data, sizeof in.mem_rsp_data);
    in.host_write = c->mmio_xfer && c->mmio_write;
    in.host_off = c->mmio_addr;
    in.host_data = c->mmio_wdata;
    uint8_t instpm = instpm_invalidate(sb, c);
    if (instpm) sb->instpm_invalidations++;
    el_port_response(sb, c);   /* EL-16, EL-32: may add this cycle's TLB edge (el_inval) */
    in.invalidate = invalidate | instpm | sb->el_inval;
    sb->el_inval = 0;
    gam_tick(sb->gam, &in, &sb->edge);
    el_track_reads(sb, c);
    if (sb->edge.unimpl_ps) {
        /* docs/spec-decisions.md G4: the kit has 4 KB pages only; a walk that meets a PS bit ends the test, before the
         * DUT's next walk step is compared */
        char act[96];
        snprintf(act, sizeof act, "%s with bit 7 (PS) set, va 0x%" PRIx64, sb->edge.unimpl_level == 1 ? "PDPE" : "PDE",
                 sb->edge.unimpl_va);
        fail(sb, "unimplemented", sb->edge.unimpl_engine, "ppgtt-large-page", "4 KB pages (G4)", act,
             "a PPGTT walk read a %s with bit 7 (PS) set: large pages are not modelled (docs/spec-decisions.md G4): the "
             "test stops here", sb->edge.unimpl_level == 1 ? "PDPE" : "PDE");
        sb->unimplemented = true;
        return false;
    }
    if (!check_starvation(sb, &sb->edge)) return false;
    for (int i = 0; i < sb->ngam_regs; i++) gam_engine_reg(sb->gam, sb->gam_regs[i].e, sb->gam_regs[i].off, sb->gam_regs[i].val);
    sb->ngam_regs = 0;
    const gam_edge *x = &sb->edge;
    for (int e = 0; e < sb->engines; e++)
        if (x->wr_ack & (1u << e) && sb->eng[e].writes_out) sb->eng[e].writes_out--;
    if (x->fault_valid && x->fault_hang && x->fault_client == GTREF_CLIENT_WR && sb->eng[x->fault_engine].writes_out)
        sb->eng[x->fault_engine].writes_out--;   /* a write dropped by a fault in hang mode is never acknowledged */
    if (!x->gnt_valid || x->gnt_req.write) return true;
    return check_poll_read(sb, x->gnt_engine, &x->gnt_req) && check_granted_read(sb, x->gnt_engine, &x->gnt_req);
}

/* After the cycle's retires: a write granted at this edge belongs to the engine's command in flight (the command that
 * retired in this cycle has had all its writes acknowledged already, commit rule 2). */
static bool gam_granted_write(gtref_sb *sb)
{
    const gam_edge *x = &sb->edge;
    if (!x->gnt_valid || !x->gnt_req.write) return true;
    sb->eng[x->gnt_engine].writes_out++;
    return check_granted_write(sb, x->gnt_engine, &x->gnt_req);
}

static void retire_text(char *buf, size_t sz, uint64_t addr, uint32_t dw0, bool err)
{
    snprintf(buf, sz, "retire 0x%" PRIx64 ": DW0 0x%08x (%s)%s", addr, dw0, cmd_name(dw0), err ? " with error" : "");
}

static bool check_retire(gtref_sb *sb, int e, const gtref_sb_engine_probe *p)
{
    char exp[192], act[192];
    int st = ensure_inflight(sb, e);
    sb_engine *g = &sb->eng[e];
    /* a retire elsewhere right after a control-flow command: the DUT went on along another path */
    const char *cf = cf_split_at(sb, e, true);
    if (cf) sb->bucket_kind = "control-flow", sb->bucket_cmd = cf;
    if (!g->inflight) {
        retire_text(act, sizeof act, p->retire_addr, p->retire_dw0, p->retire_err);
        return fail(sb, "retire", e, cf ? "path" : "unexpected", "no command retires", act, "the model's engine is %s", step_status_text(st));
    }
    if (g->is_switch) {   /* EL-28: restores, saves and CSB steps retire nothing */
        retire_text(act, sizeof act, p->retire_addr, p->retire_dw0, p->retire_err);
        return fail(sb, "retire", e, "during-switch", "no retire: a context switch is in flight (EL-28)", act,
                    "the model's engine is switching contexts (%u CSB step(s) to come)", g->csp_left);
    }
    const char *field = NULL, *why = NULL;
    if (g->cmd.addr != p->retire_addr) field = "address", why = "the DUT retired a command at another address";
    else if (g->cmd.dw[0] != p->retire_dw0) field = "dw0", why = "the DUT retired another command";
    else if ((g->cmd.status == GTM_ERROR) != p->retire_err) field = "error-flag", why = "error flag differs";
    if (field) {
        retire_text(act, sizeof act, p->retire_addr, p->retire_dw0, p->retire_err);
        retire_text(exp, sizeof exp, g->cmd.addr, g->cmd.dw[0], g->cmd.status == GTM_ERROR);
        if (cf && strcmp(field, "error-flag") != 0) field = "path";
        else sb->bucket_kind = NULL, sb->bucket_cmd = NULL;
        return fail(sb, "retire", e, field, exp, act, "%s", why);
    }
    sb->bucket_kind = NULL, sb->bucket_cmd = NULL;
    if (g->wi < g->nw) {
        exp_write *w = &g->w[g->wi];
        fmt_write(exp, sizeof exp, w->ggtt, w->addr, w->data, w->be);
        return fail(sb, "mem-write", e, "missing", exp, "command retired without it", "write %d of %d never happened", g->wi + 1, g->nw);
    }
    /* commit rule 2: every write of the command has transferred in an earlier cycle (acknowledged, GAM-11) */
    if (g->writes_out) {
        snprintf(exp, sizeof exp, "every write acknowledged before the retire");
        snprintf(act, sizeof act, "%u write%s not yet transferred", g->writes_out, g->writes_out == 1 ? "" : "s");
        return fail(sb, "mem-write", e, "retire-before-ack", exp, act, "cycle contract §2 rule 2");
    }
    return true;
}

/* A matched commit of a switch (EL-22, EL-24, EL-28): the context-switch event at each CONTEXT_STATUS_PTR commit; at
 * the last step's, every write of the switch must be in and acknowledged, then the switch ends in the model
 * (gtm_el_switch_end, EL-19) and its TLB edge (EL-26) goes to the GAM model in this cycle. A broken image's switch
 * (EL-27) ends at its last commit (the EIR of the error chain), with its CS_MASTER_ERROR event. */
static bool switch_commit(gtref_sb *sb, int e, bool csp)
{
    sb_engine *g = &sb->eng[e];
    char exp[192], act[192];
    if (csp) {
        g->el_event |= GTREF_IRQ_CONTEXT_SWITCH;
        if (g->csp_left) g->csp_left--;
    }
    bool end = g->cmd.el_broken ? g->ci >= g->nc : csp && !g->csp_left;
    if (!end) return true;
    if (g->wi < g->nw) {
        fmt_write(exp, sizeof exp, g->w[g->wi].ggtt, g->w[g->wi].addr, g->w[g->wi].data, g->w[g->wi].be);
        return fail(sb, "mem-write", e, "missing", exp, "switch ended without it", "write %d of %d of the context switch never happened (EL-28)", g->wi + 1, g->nw);
    }
    if (g->writes_out) {
        snprintf(act, sizeof act, "%u write%s not yet transferred", g->writes_out, g->writes_out == 1 ? "" : "s");
        return fail(sb, "mem-write", e, "commit-before-ack", "every write acknowledged before the CSB step's commits", act, "docs/execlists.md EL-22 step 4");
    }
    if (g->ci < g->nc) {
        char name[48];
        gtref_reg_name(g->c[g->ci].off, sb->engines, name, sizeof name);
        fmt_reg(sb, exp, sizeof exp, g->c[g->ci].off, g->c[g->ci].val);
        return fail(sb, "reg-commit", e, name, exp, "switch ended without it", "register change %d of %d of the context switch never happened", g->ci + 1, g->nc);
    }
    if (g->cmd.el_broken) g->el_event |= g->irq_bits;
    else gtm_el_switch_end(sb->m, e);
    if (gtm_el_tlb_edge(sb->m, e)) sb->el_inval |= (uint8_t)(1u << e);
    g->inflight = g->is_switch = false;
    return true;
}

/* The register family of an absolute offset as a bucket names it: the register's name without engine prefix or
 * index (RING_TAIL, CS_GPR, CSB_ENTRY_LO). */
static void reg_family(const gtref_sb *sb, uint32_t off, char *buf, size_t sz)
{
    char name[48];
    gtref_reg_name(off, sb->engines, name, sizeof name);
    const char *dot = strchr(name, '.');
    copy(buf, sz, dot ? dot + 1 : name);
    for (size_t n = strlen(buf); n > 1 && buf[n - 1] >= '0' && buf[n - 1] <= '9'; n--) buf[n - 1] = 0;
}

/* Whether the command r of engine e is a register load (MI_LOAD_REGISTER_IMM/REG/MEM) that names absolute offset off
 * as a target (C38: with its Add CS MMIO Start Offset bit, relative to the engine's MMIO base). */
static bool load_targets_as(const gtm_retire *r, int e, uint32_t off, bool either_base);
static bool load_targets(const gtm_retire *r, int e, uint32_t off) { return load_targets_as(r, e, off, false); }

/* either_base: also a target read with the Add CS MMIO Start Offset bit the other way (the offset as written, or
 * relative to the engine's base) */
static bool load_targets_as(const gtm_retire *r, int e, uint32_t off, bool either_base)
{
    const gtref_cmd_def *def = gtref_cmd_find(r->dw[0]);
    if (!def) return false;
    uint32_t base = gtref_engines[e].base;
    if (def->id == GTREF_CMD_MI_LOAD_REGISTER_IMM) {
        bool rel = GTREF_GET(r->dw, MI_LOAD_REGISTER_IMM_CS_MMIO) != 0;
        unsigned len = r->len < GTM_MAX_CMD_DW ? r->len : GTM_MAX_CMD_DW, n = gtref_group_count(def, len);
        for (unsigned k = 0; k < n; k++) {
            uint32_t t = (uint32_t)gtref_group_get_inline(r->dw, def, k, GTREF_FIELD(MI_LOAD_REGISTER_IMM_REG));
            if ((rel ? base + t : t) == off || (either_base && (t == off || base + t == off))) return true;
        }
        return false;
    }
    if (def->id == GTREF_CMD_MI_LOAD_REGISTER_REG) {
        uint32_t t = (uint32_t)GTREF_GET(r->dw, MI_LOAD_REGISTER_REG_DST);
        return (GTREF_GET(r->dw, MI_LOAD_REGISTER_REG_CS_MMIO_DST) ? base + t : t) == off ||
               (either_base && (t == off || base + t == off));
    }
    if (def->id == GTREF_CMD_MI_LOAD_REGISTER_MEM) {
        uint32_t t = (uint32_t)GTREF_GET(r->dw, MI_LOAD_REGISTER_MEM_REG);
        return (GTREF_GET(r->dw, MI_LOAD_REGISTER_MEM_CS_MMIO) ? base + t : t) == off ||
               (either_base && (t == off || base + t == off));
    }
    return false;
}

/* The bucket of a register change the model did not expect (docs/regress.md "Buckets"): the first divergence is the
 * DUT's change, not the model's command in flight. A register load's own target (a privilege or target-rule bug,
 * C13, C37, C41: one bug seen through LRI, LRR and LRM) is reg-commit/MI_LOAD_REGISTER_* /unexpected-commit; any
 * other change is named for the register the DUT changed, whatever the model was executing:
 * reg-commit/any-command/unexpected-<register family> (a context switch the model did not make changes RING_TAIL
 * in the middle of whichever command was in flight). */
static void unexpected_commit_bucket(gtref_sb *sb, int e, uint32_t off, char *field, size_t fsz)
{
    sb_engine *g = &sb->eng[e];
    if (g->inflight && !g->is_switch && load_targets(&g->cmd, e, off)) {
        sb->bucket_cmd = "MI_LOAD_REGISTER_*";
        copy(field, fsz, "unexpected-commit");
        return;
    }
    char fam[48];
    reg_family(sb, off, fam, sizeof fam);
    sb->bucket_cmd = "any-command";
    snprintf(field, fsz, "unexpected-%s", fam);
}

/* ---- another path at a batch boundary (docs/regress.md "Buckets": control-flow/<command>/path) ----
 * A DUT that goes on along another path after a control-flow command (MI_BATCH_BUFFER_START, MI_BATCH_BUFFER_END,
 * MI_CONDITIONAL_BATCH_BUFFER_END: a batch entered or skipped, ended one level or both, C9 to C17, C26) shows it first
 * through whatever the other path's first command does: a retire at another address, a register change or a write.
 * Named for the command at the split, never for that consequence. The scoreboard knows the DUT's command only at a
 * retire (its address); at a register change or a write it names the split only where the model's command in flight
 * cannot make it by its kind (docs/commands.md), so that a command's own bug after a batch start keeps its bucket. */

/* The control-flow command dw0 is, or NULL. */
static const char *cf_command(uint32_t dw0)
{
    const gtref_cmd_def *c = gtref_cmd_find(dw0);
    if (!c) return NULL;
    if (c->id == GTREF_CMD_MI_BATCH_BUFFER_START || c->id == GTREF_CMD_MI_BATCH_BUFFER_END ||
        c->id == GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END)
        return c->name;
    return NULL;
}

/* The control-flow command the DUT and the model last agreed on (the engine's last matched retire) when nothing of
 * the model's next command has matched since and, unless the DUT retired another command (its address tells), that
 * command is an ordinary one (not a privilege violation or a NOOPed command, whose divergence is their own: C41,
 * C23); never in a switch. Else NULL. */
static const char *cf_split_at(const gtref_sb *sb, int e, bool retire)
{
    const sb_engine *g = &sb->eng[e];
    if (!g->nhist || g->prev_violation) return NULL;
    if (g->inflight && (g->is_switch || g->wi || g->ci)) return NULL;
    if (g->inflight && !retire && (g->cmd.status != GTM_RETIRED || g->cmd.priv_violation || g->cmd.nooped)) return NULL;
    return cf_command(g->hist[(g->hnext + GTREF_HISTORY - 1) % GTREF_HISTORY].dw[0]);
}
static const char *cf_split_before(const gtref_sb *sb, int e) { return cf_split_at(sb, e, false); }

/* Whether engine-relative offset rel is a register a batch start changes (C9, C16): its batch address registers, and
 * with state the BB_STATE/SBB_STATE ones too. */
static bool batch_start_reg(uint32_t rel, bool state)
{
    return rel == GTREF_BB_ADDR || rel == GTREF_BB_ADDR_UDW || rel == GTREF_SBB_ADDR || rel == GTREF_SBB_ADDR_UDW ||
           (state && (rel == GTREF_BB_STATE || rel == GTREF_SBB_STATE));
}

/* Whether a command of r's kind changes register off of family fam (docs/commands.md): a register load the registers
 * it names (with either reading of its Add CS MMIO Start Offset bit, C38),
 * MI_MATH and MI_ATOMIC (its return data) the GPRs, MI_NOOP NOPID, MI_PREDICATE MI_PREDICATE_RESULT, a batch start
 * its batch registers, a ring command RING_HEAD, any command the error registers (C41). */
static bool kind_changes(const gtm_retire *r, int e, uint32_t off, const char *fam)
{
    if (!strcmp(fam, "ESR") || !strcmp(fam, "EIR") || !strcmp(fam, "IPEHR")) return true;
    if (!strcmp(fam, "RING_HEAD") && !r->in_batch) return true;
    switch (cmd_id(r)) {
    case GTREF_CMD_MI_LOAD_REGISTER_IMM: case GTREF_CMD_MI_LOAD_REGISTER_REG: case GTREF_CMD_MI_LOAD_REGISTER_MEM:
        return load_targets_as(r, e, off, true);
    case GTREF_CMD_MI_MATH: return !strcmp(fam, "CS_GPR");
    case GTREF_CMD_MI_ATOMIC: return !strcmp(fam, "CS_GPR") && GTREF_GET(r->dw, MI_ATOMIC_RETURN_DATA);   /* C28 */
    case GTREF_CMD_MI_NOOP: return !strcmp(fam, "NOPID");
    case GTREF_CMD_MI_PREDICATE: return !strcmp(fam, "MI_PREDICATE_RESULT");
    case GTREF_CMD_MI_BATCH_BUFFER_START: return batch_start_reg(off - gtref_engines[e].base, true);
    default: return false;
    }
}

/* A privilege violation (C41: ESR bit 2) the DUT makes where the model's next command cannot make one: a command of a
 * kind with no memory access and no register write (C13, G1: MI_NOOP, MI_MATH, whose GPRs are non-privileged, the
 * arbitration, predicate and interrupt commands, a batch end), or none at all. */
static bool priv_error_elsewhere(const gtref_sb *sb, int e, uint32_t rel, uint32_t dut_val)
{
    const sb_engine *g = &sb->eng[e];
    if (rel != GTREF_ESR || !(dut_val & 0x4u)) return false;
    if (!g->inflight) return true;
    switch (cmd_id(&g->cmd)) {
    case GTREF_CMD_MI_NOOP: case GTREF_CMD_MI_MATH: case GTREF_CMD_MI_ARB_CHECK: case GTREF_CMD_MI_ARB_ON_OFF:
    case GTREF_CMD_MI_BATCH_BUFFER_END: case GTREF_CMD_MI_SET_PREDICATE: case GTREF_CMD_MI_PREDICATE:
    case GTREF_CMD_MI_USER_INTERRUPT: case GTREF_CMD_MI_WAIT_FOR_EVENT:
        return true;
    default: return false;
    }
}

/* A register change of engine e the DUT made and the model did not expect there: the other path's when the last
 * agreed command is a control-flow one and the model's command in flight (if any) cannot make it by its kind; the
 * error registers (an erring command) and a context switch's (RING_TAIL, RING_CONTEXT_CONTROL, the CSB: EL-4, EL-22)
 * never. Sets the bucket and returns true. */
static bool cf_commit_split(gtref_sb *sb, int e, uint32_t dut_off, uint32_t dut_val)
{
    const sb_engine *g = &sb->eng[e];
    const char *name = cf_split_before(sb, e);
    if (!name) return false;
    char fam[48];
    reg_family(sb, dut_off, fam, sizeof fam);
    uint32_t rel = dut_off - gtref_engines[e].base;
    if (priv_error_elsewhere(sb, e, rel, dut_val)) goto split;
    if (!strcmp(fam, "ESR") || !strcmp(fam, "EIR") || !strcmp(fam, "IPEHR") || rel == GTREF_RING_TAIL ||
        rel == GTREF_RING_CONTEXT_CONTROL || rel == GTREF_CONTEXT_STATUS_PTR || csb_entry_reg(e, dut_off))
        return false;
    if (g->inflight && kind_changes(&g->cmd, e, dut_off, fam)) return false;
split:
    sb->bucket_kind = "control-flow";
    sb->bucket_cmd = name;
    return true;
}

/* A batch start the model has in flight whose batch registers or RING_HEAD the DUT changes otherwise (one changed
 * where the model changes another or none, or missing at the retire: the batch entered where the model skips it, or
 * skipped where the model enters it, C9, C16, C17): control-flow/MI_BATCH_BUFFER_START/path. exp_off and dut_off are
 * the model's and the DUT's register (0: none). */
static bool cf_bbs_split(gtref_sb *sb, int e, uint32_t exp_off, uint32_t dut_off)
{
    const sb_engine *g = &sb->eng[e];
    if (!g->inflight || g->is_switch || g->cmd.status != GTM_RETIRED || g->cmd.priv_violation ||
        cmd_id(&g->cmd) != GTREF_CMD_MI_BATCH_BUFFER_START)
        return false;
    uint32_t base = gtref_engines[e].base;
    /* the DUT's change one that a batch start or a ring command makes (not a context switch's RING_TAIL, EL-4, nor
     * an error register: the start's own error) */
    if (dut_off && dut_off - base != GTREF_RING_HEAD && !batch_start_reg(dut_off - base, true)) return false;
    bool path = false;
    uint32_t offs[2] = { exp_off, dut_off };
    for (int i = 0; i < 2; i++)
        if (offs[i]) path |= offs[i] - base == GTREF_RING_HEAD || batch_start_reg(offs[i] - base, false);
    if (!path) return false;
    /* the earliest control-flow command where the paths may split: the last agreed one when nothing of the start has
     * matched since, else the start */
    const char *before = cf_split_before(sb, e);
    sb->bucket_kind = "control-flow";
    sb->bucket_cmd = before ? before : cf_command(g->cmd.dw[0]);
    return true;
}

/* ESR and EIR, which every erring command commits (C41, commands.md §2), are bucketed by the error bit, not the
 * command: "ESR[2]" for the lowest bit of diff (the bits that differ; for a missing commit, the model's value).
 * False for another register. */
static bool error_reg_field(int e, uint32_t off, uint32_t diff, char *field, size_t fsz)
{
    uint32_t rel = off - gtref_engines[e].base;
    if (rel != GTREF_ESR && rel != GTREF_EIR) return false;
    unsigned bit = 0;
    while (bit < 31 && !(diff & (1u << bit))) bit++;
    snprintf(field, fsz, "%s[%u]", rel == GTREF_ESR ? "ESR" : "EIR", bit);
    return true;
}

/* The field of a register change the model did not expect (unexpected_commit_bucket's), or "path" when it shows
 * another path at a batch boundary (cf_commit_split, cf_bbs_split). exp_off: the model's register there (0: none). */
static const char *unexpected_commit_path(gtref_sb *sb, int e, uint32_t exp_off, uint32_t dut_off, uint32_t dut_val,
                                          const char *field)
{
    if (sb->bucket_cmd && strcmp(sb->bucket_cmd, "MI_LOAD_REGISTER_*") == 0) return field;
    if (cf_commit_split(sb, e, dut_off, dut_val) || cf_bbs_split(sb, e, exp_off, dut_off)) return "path";
    return field;
}

static bool check_commit(gtref_sb *sb, int e, const gtref_sb_engine_probe *p)
{
    char exp[192], act[192], name[48], field[64];
    int st = ensure_inflight(sb, e);
    sb_engine *g = &sb->eng[e];
    /* the texts are made for a mismatch only */
#define COMMIT_TEXTS(name_off) (fmt_reg(sb, act, sizeof act, p->commit_off, p->commit_data), \
                                gtref_reg_name((name_off), sb->engines, name, sizeof name))
#define UNEXPECTED_TEXTS(name_off) (COMMIT_TEXTS(name_off), unexpected_commit_bucket(sb, e, p->commit_off, field, sizeof field))
    if (!g->inflight) {
        UNEXPECTED_TEXTS(p->commit_off);
        return fail(sb, "reg-commit", e, unexpected_commit_path(sb, e, 0, p->commit_off, p->commit_data, field), "no register change", act, "%s changed; the model's engine is %s", name, step_status_text(st));
    }
    if (g->ci >= g->nc && other_switch_restore(sb, e, p->commit_off)) {
        COMMIT_TEXTS(p->commit_off);
        other_switch_bucket(sb);
        return fail(sb, "reg-commit", e, "other-switch", "no further register change from this context switch", act,
                    "%s changed: the DUT begins a full restore the model's switch does not make (EL-4)", name);
    }
    if (g->ci >= g->nc) {
        UNEXPECTED_TEXTS(p->commit_off);
        return fail(sb, "reg-commit", e, unexpected_commit_path(sb, e, 0, p->commit_off, p->commit_data, field), g->is_switch ? "no further register change from this context switch" : "no further register change from this command", act,
                    "%s changed; the %s in flight changes %d register(s)", name, g->is_switch ? "context switch" : "command", g->nc);
    }
    exp_commit *x = &g->c[g->ci];
    if (x->off != p->commit_off && other_switch_restore(sb, e, p->commit_off)) {
        COMMIT_TEXTS(x->off);
        fmt_reg(sb, exp, sizeof exp, x->off, x->val);
        other_switch_bucket(sb);
        return fail(sb, "reg-commit", e, "other-switch", exp, act, "register change %d of the context switch: %s expected, the "
                    "DUT begins a full restore the model's switch does not make (EL-4)", g->ci + 1, name);
    }
    if (x->off != p->commit_off) {
        UNEXPECTED_TEXTS(x->off);
        fmt_reg(sb, exp, sizeof exp, x->off, x->val);
        /* the load's own target expected and the DUT's error registers instead, or its RING_HEAD (a ring command's
         * retire): the load refused or dropped where the model lets it through (the target rules C13, C37, C41):
         * reg-commit/MI_LOAD_REGISTER_* /missing-commit */
        uint32_t rel = p->commit_off - gtref_engines[e].base;
        if (!g->is_switch && (rel == GTREF_ESR || rel == GTREF_EIR || rel == GTREF_RING_HEAD) &&
            load_targets(&g->cmd, e, x->off)) {
            sb->bucket_cmd = "MI_LOAD_REGISTER_*";
            copy(field, sizeof field, "missing-commit");
        }
        return fail(sb, "reg-commit", e, unexpected_commit_path(sb, e, x->off, p->commit_off, p->commit_data, field), exp, act,
                    "register change %d of the %s: %s expected, another register changed", g->ci + 1,
                    g->is_switch ? "context switch" : "command", name);
    }
    sb->bucket_cmd = NULL; /* a wrong value names its command and register */
    /* EL-22: a switch's CONTEXT_STATUS_PTR commit is compared, and applied, in bits 3:0 only */
    bool csp = g->is_switch && x->off == gtref_engines[e].base + GTREF_CONTEXT_STATUS_PTR;
    if (csp ? (x->val ^ p->commit_data) & 0xFu : x->val != p->commit_data) {
        COMMIT_TEXTS(p->commit_off);
        fmt_reg(sb, exp, sizeof exp, x->off, x->val);
        /* ESR and EIR are the error registers every erring command commits (C41, commands.md §2): as RING_HEAD, the
         * command in flight says nothing about the cause, the error bit does (the lowest differing bit: bit 0 an
         * illegal command, bit 2 a privilege violation): reg-commit/any-command/ESR[2]. */
        uint32_t diff = x->val ^ p->commit_data;
        if (!g->is_switch && error_reg_field(e, x->off, diff, field, sizeof field)) {
            sb->bucket_cmd = "any-command";
            return fail(sb, "reg-commit", e, field, exp, act, "register change %d of the command: %s, wrong value (differing bits "
                        "0x%08x)", g->ci + 1, name, diff);
        }
        /* a register load's own target with a wrong value: the load's source value path (the immediate, the source
         * register's offset and read, the memory read: C14, C38), one cause class whatever the register; the record
         * names the register: reg-commit/<load>/target-value */
        if (!g->is_switch && load_targets(&g->cmd, e, x->off))
            return fail(sb, "reg-commit", e, "target-value", exp, act, "register change %d of the command: %s, the load's "
                        "own target, wrong value (differing bits 0x%08x)", g->ci + 1, name, diff);
        if (g->is_switch && other_switch_value(sb, e, x->off)) {
            other_switch_bucket(sb);   /* another context restored, or another event (EL-4, EL-20) */
            return fail(sb, "reg-commit", e, "other-switch", exp, act, "register change %d of the context switch: %s, wrong "
                        "value (differing bits 0x%08x): the DUT restores another context or makes another switch", g->ci + 1,
                        name, diff);
        }
        return fail(sb, "reg-commit", e, name, exp, act, "register change %d of the %s: wrong value (differing bits 0x%08x)", g->ci + 1,
                    g->is_switch ? "context switch" : "command", x->val ^ p->commit_data);
    }
#undef COMMIT_TEXTS
#undef UNEXPECTED_TEXTS
    /* The register takes the engine's value now, in the DUT's order (docs/cycle-contract.md §8). The model ran the
     * whole command before its first commit, so a host write that transferred since then (in this very cycle, where
     * the engine wins, or between two commits of the command) reached the model after the command's value: give
     * the model the committed value, which is the model's own expectation, at the DUT's commit cycle. Without a
     * host write in between this changes nothing. */
    gtm_reg_poke(sb->m, p->commit_off, csp ? (gtm_reg_peek(sb->m, p->commit_off) & ~0xFu) | (p->commit_data & 0xFu) : p->commit_data);
    if (sb->host_wrote && sb->host_write_cycle == sb->cycle && sb->host_write_off == p->commit_off)
        sb->same_cycle_collisions++;
    /* the watchdog runs on the DUT's commits, the engine's after a host write of the same cycle (§8); RCS0's IMR goes
     * there too: it gates the watchdog's event as the DUT holds it (docs/interrupts.md §5) */
    gtm_watchdog_commit(sb->m, p->commit_off, p->commit_data);
    gam_reg_change(sb, p->commit_off, p->commit_data);
    g->ci++;
    if (g->is_switch) return switch_commit(sb, e, csp);
    return true;
}

bool gtref_sb_cycle_check(gtref_sb *sb, const gtref_sb_cycle *c)
{
    if (sb->failed) return false;
    sb->cycle = c->cycle;
    if (c->irq != sb->irq_prev) {
        return fail(sb, "irq-line", -1, "level", sb->irq_prev ? "irq=1" : "irq=0", c->irq ? "irq=1" : "irq=0",
                    "interrupt line differs; model GFX_MSTR_IRQ=0x%08x GT_INTR_DW0=0x%08x GT_INTR_DW1=0x%08x",
                    gtm_reg_peek(sb->m, GTREF_GFX_MSTR_IRQ), gtm_reg_peek(sb->m, GTREF_GT_INTR_DW0),
                    gtm_reg_peek(sb->m, GTREF_GT_INTR_DW1));
    }
    if (!check_gam(sb, c) || !check_mmio(sb, c)) return false;
    if (!sem_deadline(sb, c)) return false;
    uint8_t invalidate = 0;   /* GAM-12: TLB-invalidating flushes the DUT retires in this cycle */
    for (int e = 0; e < sb->engines; e++) {
        if (!c->eng[e].retire) continue;
        if (!sem_retire(sb, e, &c->eng[e]) || !poll_retire(sb, e, &c->eng[e]) || !check_retire(sb, e, &c->eng[e])) return false;
        if (sb->eng[e].cmd.status == GTM_RETIRED && sb->eng[e].cmd.tlb_invalidate) invalidate |= (uint8_t)(1u << e);
        /* docs/execlists.md §7: the decision of a matched retire, in its cycle, before the engine is stepped again;
         * its TLB edge (EL-26) in this cycle. In both modes: in ring-buffer mode its one effect is an MI_ARB_ON_OFF's
         * arb bit (EXECLIST_STATUS_LO[16], §9). */
        gtm_el_retire(sb->m, e, &sb->eng[e].cmd);
        if (gtm_el_tlb_edge(sb->m, e)) invalidate |= (uint8_t)(1u << e);
    }
    for (int e = 0; e < sb->engines; e++)
        if (c->eng[e].commit && !check_commit(sb, e, &c->eng[e])) return false;
    if (!gam_cycle(sb, c, invalidate)) return false;
    for (int e = 0; e < sb->engines; e++) {   /* the switches' events of this cycle (EL-24, EL-27) */
        if (sb->eng[e].el_event) gtm_irq_event(sb->m, e, sb->eng[e].el_event);
        sb->eng[e].el_event = 0;
    }
    for (int e = 0; e < sb->engines; e++) {
        sb_engine *g = &sb->eng[e];
        if (!c->eng[e].retire) continue;
        if (g->ci < g->nc) {
            char exp[192];
            fmt_reg(sb, exp, sizeof exp, g->c[g->ci].off, g->c[g->ci].val);
            char name[48], field[64];
            gtref_reg_name(g->c[g->ci].off, sb->engines, name, sizeof name);
            /* a load's own target never committed (the load refused, or dropped, where the model lets it through:
             * the target rules C13, C37): reg-commit/MI_LOAD_REGISTER_* /missing-commit, the mirror of unexpected-commit */
            if (!g->is_switch && load_targets(&g->cmd, e, g->c[g->ci].off)) {
                sb->bucket_cmd = "MI_LOAD_REGISTER_*";
                return fail(sb, "reg-commit", e, "missing-commit", exp, "command retired without it", "register change %d "
                            "of %d (%s, the load's own target) never happened", g->ci + 1, g->nc, name);
            }
            /* a batch start's batch register or RING_HEAD never committed: the batch skipped where the model enters it */
            if (cf_bbs_split(sb, e, g->c[g->ci].off, 0))
                return fail(sb, "reg-commit", e, "path", exp, "command retired without it", "register change %d of %d (%s) "
                            "never happened: the DUT went on along another path", g->ci + 1, g->nc, name);
            /* a missing ESR/EIR commit: named for the lowest bit of the value the model commits */
            if (!g->is_switch && error_reg_field(e, g->c[g->ci].off, g->c[g->ci].val, field, sizeof field)) {
                sb->bucket_cmd = "any-command";
                return fail(sb, "reg-commit", e, field, exp, "command retired without it", "register change %d of %d (%s) never "
                            "happened", g->ci + 1, g->nc, name);
            }
            return fail(sb, "reg-commit", e, name, exp, "command retired without it", "register change %d of %d never happened", g->ci + 1, g->nc);
        }
        if (g->irq_bits) gtm_irq_event(sb->m, e, g->irq_bits);
        add_history(sb, e, c->cycle);
        g->prev_violation = g->cmd.status == GTM_RETIRED && g->cmd.priv_violation;
        g->inflight = false;
        sb->retired++;
    }
    /* §3 re-read rule: a signal-mode wait's retire opens a new count for its engine; then the signals of this
     * cycle count towards the next (a signal and the wait's clear of the flag in one cycle: the signal wins, C32) */
    sem_end_cycle(sb, c);
    poll_end_cycle(sb, c);
    if (!gam_granted_write(sb)) return false;
    if (!check_halt(sb, c)) return false;
    /* §5, docs/interrupts.md IRQ-1: the MMIO access (check_mmio), the engines' commits (check_commit, which also
     * feeds RCS0's IMR to the watchdog's gate) and the retires' events (above) are in; now the cycle ends: the
     * watchdog's event, then a due selector presentation (gtm_tick). Its effects are on the model's line as of the
     * end of this cycle, which the DUT's irq shows in the next. */
    gtm_tick(sb->m);
    sb->irq_prev = gtm_irq_line(sb->m);
    return true;
}

/* The halt probe (contract §2 "An illegal command", docs/gam.md GAM-15, docs/execlists.md EL-27): an engine halts
 * only at an error the model halts on (an illegal command, a page fault in hang mode, a broken context image), and
 * probe_halted stays high until reset. The model has executed the command the DUT is working on by its first commit
 * or its retire (the error's ESR commit comes before the retire), so probe_halted may be high in a cycle only when
 * the model's engine is halted as of this cycle's retires and commits: the flop rises at the closing edge of the
 * halting command's retire cycle (or later). A DUT that halts where the model goes on fails at once, in the first
 * cycle the probe shows it: halt/-/halted-early, whatever command the model has next; the record names the engine's
 * last retired command (the one it halted after) in its history. */
static bool check_halt(gtref_sb *sb, const gtref_sb_cycle *c)
{
    for (int e = 0; e < sb->engines; e++) {
        if (!c->eng[e].halted || gtm_engine_halted(sb->m, e)) continue;
        sb_engine *g = &sb->eng[e];
        char exp[192], act[96], last[128] = "none";
        if (g->nhist) hist_text(sb, &g->hist[(g->hnext + GTREF_HISTORY - 1) % GTREF_HISTORY], last, sizeof last);
        int st = g->inflight ? GTM_RETIRED : gtm_peek(sb->m, e, &sb->peek);
        if (g->inflight || st == GTM_RETIRED) {
            char text[100];
            cmd_text(sb, g->inflight ? &g->cmd : &sb->peek, text, sizeof text);
            snprintf(exp, sizeof exp, "engine running: next 0x%" PRIx64 ": %s", g->inflight ? g->cmd.addr : sb->peek.addr, text);
        } else
            snprintf(exp, sizeof exp, "engine not halted (model: %s)", step_status_text(st));
        snprintf(act, sizeof act, "probe_halted high in cycle %" PRIu64, sb->cycle);
        sb->bucket_cmd = "-";
        return fail(sb, "halt", e, "halted-early", exp, act, "the DUT halted the engine where the model does not halt "
                    "(only an illegal command, a hang-mode page fault or a broken context image halts: contract §2, "
                    "GAM-15, EL-27); the engine's last retire: %s", last);
    }
    return true;
}

bool gtref_sb_check_quiescent(gtref_sb *sb, uint64_t cycle, const gtref_sb_engine_probe *dut)
{
    if (sb->failed) return false;
    sb->cycle = cycle;
    char exp[192], act[192], text[100];
    for (int e = 0; e < sb->engines; e++) {
        sb_engine *g = &sb->eng[e];
        snprintf(act, sizeof act, "DUT %s", dut[e].halted ? "halted" : "idle");
        if (g->inflight) {
            cmd_text(sb, &g->cmd, text, sizeof text);
            snprintf(exp, sizeof exp, "retire of %s", text);
            return fail(sb, "end-of-test", e, "missing-retire", exp, act, "the DUT went quiescent with a command unfinished");
        }
        int st = ensure_inflight(sb, e);
        if (g->inflight) {
            cmd_text(sb, &g->cmd, text, sizeof text);
            snprintf(exp, sizeof exp, "execute 0x%" PRIx64 ": %s", g->cmd.addr, text);
            /* a DUT halted where the model goes on: the halt is the divergence, not the command the model has next
             * (docs/regress.md "Buckets") */
            if (dut[e].halted) {
                sb->bucket_cmd = "-";
                return fail(sb, "end-of-test", e, "halted-early", exp, act, "the DUT halted but the model has commands left");
            }
            return fail(sb, "end-of-test", e, "skipped-command", exp, act, "the DUT went quiescent but the model has commands left");
        }
        if (st == GTM_STALLED && g->cmd.len == 4 && cmd_id(&g->cmd) == GTREF_CMD_MI_SEMAPHORE_WAIT)
            return fail(sb, "end-of-test", e, "stalled", "a semaphore wait whose condition holds", act,
                        "the model's engine waits at 0x%" PRIx64 " on a semaphore whose condition does not hold in its memory", g->cmd.addr);
        if (st == GTM_STALLED)
            return fail(sb, "end-of-test", e, "stalled", "waiting for the rest of a command", act, "the model is waiting for dwords before TAIL");
        if (st == GTM_EL_WAIT)
            return fail(sb, "end-of-test", e, "el-wait", "an execlist decision or the DUT's data", act,
                        "the model waits for a decision or the DUT's read data the DUT never gave (docs/execlists.md §7, EL-32)");
        if ((st == GTM_HALTED) != dut[e].halted)
            return fail(sb, "end-of-test", e, "halt-state", st == GTM_HALTED ? "halted" : "idle", act, "the engine's halt state differs");
    }
    if (sb->read_pending) return fail(sb, "mmio-read", -1, "no-response", "read data", "none", "a host read is still outstanding");
    return true;
}

void gtref_sb_report_hang(gtref_sb *sb, uint64_t cycle, uint64_t cycles, const gtref_sb_engine_probe *dut)
{
    sb->cycle = cycle;
    char detail[256] = "", exp[192] = "", act[192] = "";
    int worst = 0;
    size_t w = 0;
    for (int e = 0; e < sb->engines; e++) {
        if (dut[e].idle || dut[e].halted) continue;
        worst = e;
        uint32_t base = gtref_engines[e].base;
        int k = snprintf(detail + w, sizeof detail - w, "%s: head=0x%08x tail=0x%08x ctl=0x%08x%s; ", gtref_engines[e].name,
                         gtm_reg_peek(sb->m, base + GTREF_RING_HEAD), gtm_reg_peek(sb->m, base + GTREF_RING_TAIL),
                         gtm_reg_peek(sb->m, base + GTREF_RING_CTL), gtm_engine_in_batch(sb->m, e) ? " in batch" : "");
        if (k > 0 && (size_t)k < sizeof detail - w) w += (size_t)k;
    }
    snprintf(exp, sizeof exp, "progress (a retire) within %" PRIu64 " cycles", cycles);
    snprintf(act, sizeof act, "%s busy, no retire for %" PRIu64 " cycles", gtref_engines[worst].name, cycles);
    ensure_inflight(sb, worst);   /* so that the record names the command the engine is stuck on */
    /* A DUT that never asked for the line of the model's next command is stuck in its fetch (ring geometry, HEAD,
     * the batch address), not in that command: hang/-/next-command-not-fetched, whichever command it is (docs/regress.md
     * "Buckets"); one that fetched it and goes nowhere keeps hang/<command>/no-progress. */
    const sb_engine *g = &sb->eng[worst];
    if (!g->inflight) {   /* the model has nothing left on the engine: the DUT is busy with work only it sees */
        sb->bucket_cmd = "-";
        fail(sb, "hang", worst, "next-command-not-fetched", exp, act,
             "the model has no command left on %s: the DUT is busy with work the model does not have (its last fetched "
             "line 0x%" PRIx64 "); model state: %s", gtref_engines[worst].name,
             sb->fetch_n[worst] ? sb->fetch_line[worst][(sb->fetch_n[worst] - 1) % SB_FETCH_LINES] : 0, detail);
        return;
    }
    if (!g->is_switch) {
        uint64_t line = g->cmd.addr & ~(uint64_t)63;
        unsigned n = sb->fetch_n[worst] < SB_FETCH_LINES ? sb->fetch_n[worst] : SB_FETCH_LINES;
        bool fetched = false;
        for (unsigned i = 0; i < n && !fetched; i++) fetched = sb->fetch_line[worst][i] == line;
        if (!fetched) {
            uint64_t last = sb->fetch_n[worst] ? sb->fetch_line[worst][(sb->fetch_n[worst] - 1) % SB_FETCH_LINES] : 0;
            sb->bucket_cmd = "-";
            fail(sb, "hang", worst, "next-command-not-fetched", exp, act,
                 "the DUT never asked for line 0x%" PRIx64 " of the model's next command (its last %u fetches end at line "
                 "0x%" PRIx64 "%s); model state: %s", line, n, last, sb->fetch_n[worst] ? "" : ", none at all", detail);
            return;
        }
    }
    fail(sb, "hang", worst, "no-progress", exp, act, "model state: %s", detail);
}

void gtref_sb_report(gtref_sb *sb, const char *kind, const char *field, int engine, uint64_t cycle, const char *expected,
                     const char *actual, const char *detail)
{
    sb->cycle = cycle;
    sb->report_without_command = true;
    fail(sb, kind, engine, field, expected, actual, "%s", detail);
}

/* ---- contract §3: the memory port's protocol, no ring read wholly past TAIL ---- */

bool gtref_sb_check_mem_request(gtref_sb *sb, uint64_t cycle, bool write, uint64_t addr, int src, size_t outstanding,
                                size_t room)
{
    char act[96];
    if (write) {
        if (!(addr & 7u)) return true;
        snprintf(act, sizeof act, "write to 0x%llx", (unsigned long long)addr);
        gtref_sb_report(sb, "mem-protocol", "unaligned-write", src, cycle, "8-byte-aligned write", act, "memory port protocol violation");
        return false;
    }
    if (!(addr & 63u) && outstanding < room) return true;
    snprintf(act, sizeof act, "read of 0x%llx with %zu reads outstanding", (unsigned long long)addr, outstanding);
    gtref_sb_report(sb, "mem-protocol", "read-request", src, cycle, "64-byte-aligned read, at most 64 outstanding", act, "memory port protocol violation");
    return false;
}

/* In ring mode the DUT never requests a line wholly past TAIL. A line inside engine e's ring must overlap the bytes
 * from the DUT's HEAD to TAIL, TAIL's own byte included (the line holding TAIL may be read). Evaluated with the state
 * at the start of the cycle, which is what the DUT's request came from. */
static bool ring_read_past_tail(const gtref_sb *sb, int e, uint64_t addr, char *why, size_t whysz)
{
    uint32_t base = gtref_engines[e].base;
    uint32_t ctl = gtm_reg_peek(sb->m, base + GTREF_RING_CTL);
    uint64_t start = gtm_reg_peek(sb->m, base + GTREF_RING_START) & 0xFFFFF000u;
    uint32_t size = (((ctl >> GTREF_CTL_LEN_SHIFT) & GTREF_CTL_LEN_MAX) + 1u) * 4096u;
    if (!(ctl & GTREF_CTL_ENABLE) || addr < start || addr >= start + size) return false;
    uint32_t off = (uint32_t)(addr - start);
    uint32_t head = (sb->dut_head[e] & GTREF_HEAD_OFFSET_MASK) % size;
    uint32_t tail = (gtm_reg_peek(sb->m, base + GTREF_RING_TAIL) & GTREF_TAIL_OFFSET_MASK) % size;
    uint32_t window = (tail + size - head) % size + 1;            /* bytes head..tail inclusive */
    bool starts_inside = (off + size - head) % size < window;
    bool holds_head = (head + size - off) % size < 64;
    if (starts_inside || holds_head) return false;
    snprintf(why, whysz, "%s ring read of line 0x%x with HEAD 0x%x, TAIL 0x%x (ring of 0x%x bytes at 0x%llx)",
             gtref_engines[e].name, off, head, tail, size, (unsigned long long)start);
    return true;
}

void gtref_sb_check_ring_reads(gtref_sb *sb, uint64_t cycle, const gtref_sb_engine_probe *dut)
{
    /* the engines' fetch requests, as they present them to the GAM, in graphics addresses (docs/gam.md GAM-1) */
    for (int e = 0; e < sb->engines; e++) {
        const gam_req *r = &dut[e].req;
        char why[160];
        if (!r->valid || r->write || r->client != GTREF_CLIENT_IF) continue;
        uint64_t line = r->va & ~(uint64_t)63;
        unsigned n = sb->fetch_n[e];
        if (!n || sb->fetch_line[e][(n - 1) % SB_FETCH_LINES] != line) {
            sb->fetch_line[e][n % SB_FETCH_LINES] = line;
            sb->fetch_n[e] = n + 1 == 0 ? SB_FETCH_LINES : n + 1;
        }
        if (ring_read_past_tail(sb, e, r->va, why, sizeof why)) {
            char act[96];
            snprintf(act, sizeof act, "read of 0x%" PRIx64, r->va);
            gtref_sb_report(sb, "mem-protocol", "ring-read-past-tail", e, cycle, "no ring read wholly past TAIL", act, why);
        }
    }
}

void gtref_sb_track_ring_heads(gtref_sb *sb, const gtref_sb_cycle *c)
{
    for (int e = 0; e < sb->engines; e++) {
        uint32_t head_off = gtref_engines[e].base + GTREF_RING_HEAD;
        if (c->eng[e].commit && c->eng[e].commit_off == head_off) sb->dut_head[e] = c->eng[e].commit_data;
        if (c->mmio_xfer && c->mmio_write && c->mmio_addr == head_off)
            sb->dut_head[e] = gtref_reg_apply_write(gtref_reg_by_name("RING_HEAD"), sb->dut_head[e], c->mmio_wdata);
    }
}
