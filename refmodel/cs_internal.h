/* Private to refmodel/: the model handle and the command streamer's shared helpers.
 *
 *   model.c          handle, register file, MMIO, commit()
 *   irq.c            the interrupt logic of docs/interrupts.md: engine IMR/HWSTAM, the Gen11 aggregator
 *                    (collapsing registers, double-buffered DWs, selector and Shared IIR, master), gtm_tick
 *   cs_engine.c      fetch (ring, first- and second-level batch), legality, set-predicate NOOPing,
 *                    the per-command handler table, privilege, batch-buffer and register commands
 *   cs_alu.c         MI_MATH
 *   cs_predicate.c   MI_PREDICATE, MI_SET_PREDICATE
 *   cs_mem_cmds.c    commands that write or read memory (SDI, SDX, SRM, REPORT_HEAD, FLUSH_DW, PIPE_CONTROL,
 *                    LRM, COPY_MEM_MEM, ATOMIC, SEMAPHORE_WAIT poll and signal mode, CONDITIONAL_BATCH_BUFFER_END)
 *                    and MI_SEMAPHORE_SIGNAL (listed with the wait it wakes); the engine's data reads and writes
 *   cs_xlate.c       architectural address translation (docs/gam.md GAM-2 to GAM-6, GAM-13 to GAM-15, GAM-20):
 *                    the effective space, the GGTT and four-level PPGTT walks of the model's own memory (no TLB),
 *                    the fault record and the continue-mode address
 *   watchdog.c       the RCS0 watchdog, on the DUT's cycles (gtm_watchdog_commit, gtm_tick)
 *   execlist.c       execlist mode (docs/execlists.md): submission state, Load, EXECLIST_STATUS, the decisions taken
 *                    in the DUT's cycles, context restore and save, lite restore, CSB steps, broken images
 *
 * Behaviour: docs/commands.md, docs/cycle-contract.md, docs/spec-decisions.md. No global mutable state that a result
 * could depend on: all model state hangs off the handle; what is process-wide is the pool of free pages (sparse_mem.c,
 * behind a lock) and lookup tables built once from the constant tables (call_once). */
#ifndef GTREF_CS_INTERNAL_H
#define GTREF_CS_INTERNAL_H
#include <setjmp.h>

#include "gtref/cmds.h"
#include "gtref/engines.h"
#include "gtref/gam.h"
#include "gtref/model.h"
#include "gtref/regs.h"

#define MAX_REGS 192                 /* rows of the register table (indices stay below NO_REG) */
#define ENG_SPAN 0x1000u            /* engine-relative offsets of the register table lie below this */
#define NO_REG 0xFFu
#define DCACHE_SIZE 256u
#define XCACHE_SIZE 64u

/* An engine's fetch window (cs_engine.c): the page of its last translated fetch, with what that walk depended on. */
typedef struct cs_fetch_win {
    bool valid, ggtt;
    uint64_t vpage, writes;
    uint32_t pdp_l, pdp_u, dclv;
    const uint8_t *page;
} cs_fetch_win;

/* A successful translation walk (cs_xlate.c), valid while the memory's write count and the registers it read are unchanged. */
typedef struct cs_xlate_entry {
    uint64_t writes, vpage, ppage;
    uint32_t pdp_l, pdp_u, dclv;   /* PPGTT: the engine's PDP0_LDW, PDP0_UDW, PP_DCLV (GGTT: 0) */
    bool ggtt, valid;
} cs_xlate_entry;

/* Engine error bit 2 (ESR/EIR/EMR): privilege violation, CP_PRIV (C41; i915 `enable_error_interrupt`). */
#define CS_ERR_PRIV GTREF_ERR_CP_PRIV

/* Not fault types: what cs_xlate_walk reports in *type when a PPGTT walk reads a present PDPE (1 GB page) or PDE
 * (2 MB page) with bit 7 (PS) set. The kit has 4 KB pages only: the access is unimplemented (G4), nothing is
 * recorded. */
#define CS_XLATE_PS_PDPE 0xF1u
#define CS_XLATE_PS_PDE 0xF2u
static inline bool cs_xlate_unimpl(uint8_t type) { return type >= CS_XLATE_PS_PDPE; }

/* Batch levels (docs/commands.md §3). */
enum cs_level { CS_RING = 0, CS_BB1 = 1, CS_BB2 = 2 };

/* A fault of one access (docs/gam.md GAM-13, GAM-14): what the fault record and gtm_retire report. */
typedef struct cs_fault {
    bool valid;
    uint8_t type;           /* enum gtref_fault_type */
    uint8_t client;         /* enum gtref_gam_client */
    bool ggtt;              /* the access's effective space (GAM-2) */
    uint64_t va;            /* the request's graphics address (GAM-1): the 64-byte line of a read, the 8-byte-aligned
                             * qword of a write */
} cs_fault;

typedef struct cs_engine {
    uint8_t level;          /* enum cs_level: where the next command comes from */
    bool bb_ppgtt[3];       /* [1], [2]: the effective PPGTT bit of that level's batch (C10, C16): the starting
                             * MI_BATCH_BUFFER_START's own bit OR the effective bit of the batch holding it (from the
                             * ring: its own bit). It selects the fetch space (GAM-2) and makes the level
                             * non-privileged (C13) */
    uint64_t bb_addr[3];    /* [1]: next first-level dword (the return address while in a second level);
                             * [2]: next second-level dword */
    uint8_t set_pred;       /* MI_SET_PREDICATE mode (PREDICATE ENABLE value), NOOP_NEVER after reset */
    bool halted;
    /* While a command handler runs: where a data access that faults in hang mode abandons it (GAM-15: the engine
     * makes no further request for the command), and that fault. NULL outside a handler. */
    jmp_buf *abort;
    cs_fault fault;         /* type CS_XLATE_PS_*: the walk met a large page (G4): unimplemented, not a fault */
    char note[96];          /* a formatted note of GTM_UNIMPLEMENTED (cs_cmd.note points here) */
} cs_engine;

/* The RCS0 watchdog (docs/commands.md §7): its registers as the DUT committed them, not the model's run-ahead
 * register file. */
typedef struct cs_watchdog {
    uint32_t ctl, thrsh;         /* PR_CTR_CTL, PR_CTR_THRSH in effect this cycle */
    uint32_t new_ctl, new_thrsh; /* committed this cycle: in effect from the next */
    bool ctl_pending, thrsh_pending;
    uint32_t counter;            /* the internal counter (no register reads it) */
    uint32_t phase;              /* cycles since the last PR_CTR_CTL commit, modulo 64 (timestamp ticks) */
    uint32_t imr, new_imr;       /* RCS0's IMR as the DUT holds it: gates the watchdog's event (IRQ-3, §5) */
    bool imr_pending;
} cs_watchdog;

/* The aggregator's internal state (docs/interrupts.md §1); DW_IIR, SELECTOR and IDENTITY are registers (val[0]).
 * The model applies every effect in the order it is called (the scoreboard calls in IRQ-1's order); the values
 * at the start of the cycle that the presentation needs (IRQ-16) are kept by gtm_tick. */
typedef struct cs_irq {
    uint16_t inst_cr[GTREF_MAX_ENGINES];  /* INST_CR[e] */
    uint16_t latched[GTREF_MAX_ENGINES];  /* bits latched into INST_CR[e] in the current cycle (a[e], IRQ-8) */
    uint16_t inst_q[GTREF_MAX_ENGINES];   /* INST_CR[e] and MASK[e] at the start of the current cycle */
    uint16_t mask_q[GTREF_MAX_ENGINES];
    uint32_t dw_cr[2];                    /* DW_CR[b] */
    bool sv[2];                           /* SV[b] */
    bool pend_q[2];                       /* PEND[b] at the start of the cycle: present at its closing edge */
    bool pend_d[2];                       /* an accepted non-zero selector write in the cycle: PEND from its edge */
    /* coverage of the protocol's windows (gtm_irq_windows): counts, and what the current cycle has seen so far */
    uint64_t windows[GTM_IRQ_WINDOWS];
    uint8_t sl_engines;                   /* engines with a second-level event in this cycle */
    uint8_t sl_dws, dw_written;           /* DWs with a second-level event / a host write in this cycle */
    int host_ri, host_e;                  /* the register (index, engine or -1) the host wrote in this cycle; -1: none */
} cs_irq;

/* The execlist state of one engine (docs/execlists.md EL-9). The slots, cur, elem, arb and the switch flag change in
 * the DUT's cycles (Loads, decisions and switch ends are applied by the caller then, §7); the rest is the model's own
 * run-ahead state. */
typedef struct cs_el {
    bool valid[2];
    uint64_t desc[2][2];     /* [slot][element]: {SQ_HI, SQ_LO} */
    uint8_t cur, elem;
    bool switching;          /* from a decision edge (or a starting Load) to gtm_el_switch_end */
    bool arb;                /* the arbitration enable (EL-13 bit 16) */
    uint8_t wp;              /* the model's CSB write pointer (EL-21): numbers the steps it makes ahead of the DUT */
    uint8_t sw;              /* a decided switch the next gtm_step makes (enum gtm_el_decision), GTM_EL_NONE: none */
    uint64_t sw_old, sw_new; /* its context switched out, and in */
    bool active;             /* the engine executes a restored context */
    bool await;              /* a retire that is a decision point waits for gtm_el_retire */
    bool wait_end;           /* a switch was made; its end (gtm_el_switch_end) has not come */
    bool end_dry;            /* the last switch left its restored context dry (EL-15, EL-19) */
    bool tlb;                /* an edge invalidated the TLB since gtm_el_tlb_edge last looked */
    char note[96];           /* a Load with an unimplemented descriptor field (section 2.2): the next step says it */
    bool cond_valid;         /* EL-32: the DUT's data for the next Compare Semaphore MI_CONDITIONAL_BATCH_BUFFER_END */
    uint64_t cond_data;
} cs_el;

struct gtm {
    int engines;
    gtref_mem *mem;
    gtm_sink sink;
    /* val[e][i]: value of gtref_regs[i] for engine e (globals use e = 0) */
    uint32_t val[GTREF_MAX_ENGINES][MAX_REGS];
    cs_engine eng[GTREF_MAX_ENGINES];
    cs_watchdog wd;
    cs_irq irq;
    cs_el el[GTREF_MAX_ENGINES];
    bool el_dut_data;        /* EL-32: Compare Semaphore MI_CONDITIONAL_BATCH_BUFFER_END decides on the DUT's data */
    /* execlist registers (execlist.c) */
    uint8_t r_ring_ctx_ctl, r_instpm, r_els_lo, r_els_hi, r_el_ctrl, r_csp, r_csb_lo[12], r_csb_hi[12], r_sq[4];
    /* engine-relative dword offset -> index into gtref_regs (NO_REG: none) */
    uint8_t eng_idx[ENG_SPAN / 4];
    /* indices into gtref_regs of the registers the engine logic touches */
    uint8_t r_tail, r_head, r_start, r_ctl, r_eir, r_emr, r_esr, r_mstr, r_dw[2];
    uint8_t r_hws, r_nopid, r_bb_addr, r_bb_udw, r_bb_state, r_sbb_addr, r_sbb_udw, r_sbb_state;
    uint8_t r_pred_src0[2], r_pred_src1[2], r_pred_data[2], r_pred_result, r_pred_result2, r_pred_result1;
    uint8_t r_imr, r_hwstam, r_ipehr, r_ident[2], r_sel[2];
    uint8_t r_en[GTREF_MAX_ENGINES], r_mask[GTREF_MAX_ENGINES];   /* EN[e] and MASK[e] registers */
    uint8_t r_nonpriv[GTREF_FORCE_TO_NONPRIV_COUNT];
    uint8_t r_gpr[32];
    /* translation (docs/gam.md §2): the engine's PPGTT registers, the GAM's global ones */
    uint8_t r_pdp0_ldw, r_pdp0_udw, r_dclv, r_ring_mode, r_gab_ctl, r_arb_err, r_fr[GTREF_MAX_ENGINES];
    /* fetch window, per engine (cs_engine.c): the page its last translated fetch read, usable while what that walk read is
     * unchanged (the memory's write count, or for the GGTT the count of writes to its entries; the PPGTT registers) */
    cs_fetch_win fwin[GTREF_MAX_ENGINES];
    /* fetch page cache, per engine: page number + 1 of the last page its commands came from, and its (stable) storage */
    uint64_t fetch_pn[GTREF_MAX_ENGINES];
    const uint8_t *fetch_page[GTREF_MAX_ENGINES];
    /* decode cache: DW0 -> command and its DW0 legality (the table is constant, so entries never go stale) */
    cs_xlate_entry xcache[XCACHE_SIZE];
    struct { uint32_t dw0; bool valid, legal; uint8_t rsv; uint16_t len; const gtref_cmd_def *c; } dcache[DCACHE_SIZE];
    /* len: gtref_cmd_length; rsv: 1 + the lowest set DW0 bit that no field covers (C39), 0 for none */
};

/* One command being executed. */
typedef struct cs_cmd {
    gtm *m;
    int e;
    cs_engine *g;
    const gtref_cmd_def *c;
    const uint32_t *dw;
    unsigned len;
    uint8_t level;          /* where it was fetched */
    bool nonpriv;           /* issued from a non-privileged batch */
    const char *note;       /* set by a handler that returns GTM_UNIMPLEMENTED */
    bool violation;         /* the command was a privilege violation (C41): a NOOP, no TLB invalidation either */
} cs_cmd;

/* A handler executes one command; returns GTM_RETIRED, GTM_STALLED (nothing changed, retry later) or
 * GTM_UNIMPLEMENTED (nothing changed, cmd->note says what). */
typedef int (*cs_handler)(cs_cmd *cmd);

/* ---- model.c ---- */
void gtm_commit(gtm *m, int e, int src, unsigned ri, uint32_t v);
static inline uint32_t gtm_rv(const gtm *m, int e, unsigned ri) { return m->val[e][ri]; }
/* Engine register of engine e at absolute offset off: index or NO_REG. */
static inline unsigned gtm_eng_reg(const gtm *m, int e, uint32_t off)
{
    uint32_t rel = off - gtref_engines[e].base;
    unsigned ri = (rel < ENG_SPAN && !(rel & 3u)) ? m->eng_idx[rel >> 2] : NO_REG;
    return ri != NO_REG && !gtref_reg_present(&gtref_regs[ri], e) ? NO_REG : ri;
}

/* The error chain of docs/interrupts.md IRQ-5 (cs_engine.c): ends the engine with ESR/EIR bit, IPEHR := dw0 when ipehr. */
void cs_error_chain(gtm *m, int e, uint32_t bit, bool ipehr, uint32_t dw0);

/* ---- execlist.c (docs/execlists.md) ---- */
bool cs_el_init(gtm *m);
static inline bool cs_el_mode(const gtm *m, int e) { return (m->val[e][m->r_ring_mode] & GTREF_MODE_EXECLIST_ENABLE) != 0; }
/* A host write to EXECLIST_CONTROL (EL-11); a host write to CONTEXT_STATUS_PTR that left it v (the model's pointer). */
void cs_el_control_write(gtm *m, int e, uint32_t val);
void cs_el_csp_written(gtm *m, int e, uint32_t v);
/* The derived read value of EXECLIST_STATUS_LO/HI (EL-13). */
uint32_t cs_el_status(const gtm *m, int e, unsigned ri);
/* gtm_step in execlist mode, before a fetch: a switch to make (made only with make; gtm_peek says GTM_SWITCH), or
 * why nothing runs; -1: execute a command. */
int cs_el_step(gtm *m, int e, gtm_retire *r, bool make);
/* After a retire in execlist mode: marks it as a decision point (r->el_point) and waits for gtm_el_retire. */
void cs_el_retired(gtm *m, int e, gtm_retire *r, bool arb_check);
bool cs_el_idle(const gtm *m, int e);
/* EL-32: in execlist mode with the DUT's data on (gtm_el_use_dut_data), whether the data for a Compare Semaphore
 * MI_CONDITIONAL_BATCH_BUFFER_END of engine e are there (*data, taken), else the command waits (GTM_EL_WAIT). */
bool cs_el_cond_data(gtm *m, int e, uint64_t *data);

/* ---- irq.c ---- */
/* The command being executed raises the engine event d (IRQ-2): the HWSTAM status write (IRQ-4) when d & ~IMR &
 * ~HWSTAM (bits 15:0) != 0, as the command's last memory write, then the event goes to the sink (the caller applies
 * it with gtm_irq_event at the retire). */
void cs_engine_event(gtm *m, int e, uint16_t d);
static inline void gtm_irq(gtm *m, int e, uint16_t bits) { cs_engine_event(m, e, bits); }
/* Side effects of a host write to a GTREF_REGF_SIDE register (IRQ-9, IRQ-12, IRQ-15, IRQ-17): returns the value the
 * register takes and reports (IRQ-20); v is the value by the table's rules. */
uint32_t cs_irq_side_write(gtm *m, unsigned ri, uint32_t old, uint32_t w, uint32_t v);
/* The register the host wrote in the current cycle (coverage of the races, GTM_IRQW_RACE_*; gtm_tick forgets it). */
void cs_irq_host_wrote(gtm *m, unsigned ri, int e);
/* Side effect of a host read that transfers (IRQ-11). */
void cs_irq_side_read(gtm *m, unsigned ri, uint32_t v);
void cs_irq_reset(gtm *m);

/* ---- cs_engine.c ---- */
/* Whether absolute offset off names a register of the issuing engine (C6, C14: any other offset is unimplemented). */
static inline bool cs_own_reg(const cs_cmd *cmd, uint32_t off) { return gtm_eng_reg(cmd->m, cmd->e, off) != NO_REG; }
/* §2 read rule: the value of register off of the issuing engine (the caller has checked cs_own_reg: C14). */
uint32_t cs_reg_read(const cs_cmd *cmd, uint32_t off);
/* C6, C14: the command accesses absolute offset off outside the issuing engine's registers: GTM_UNIMPLEMENTED with a
 * note naming the command and the offset (write: C6, else C14). Nothing may have changed. */
int cs_unimpl_reg(cs_cmd *cmd, bool write, uint32_t off);
/* C41: the command is a privilege violation: a NOOP that commits ESR |= 4, then EIR |= 4 when EMR[2] is 0 (each only
 * if it changes), raising CS_MASTER_ERROR when that sets EIR from 0 (IRQ-4's status write first); no halt. Returns
 * GTM_RETIRED. Call before any access or commit of the command. */
int cs_priv_violation(cs_cmd *cmd);
/* C6 write rules (+ keep mask of Byte Write Disables) on a register of the issuing engine (cs_own_reg checked by the
 * caller); one commit when kept, none when the register has no writable bit. The caller applies the privilege rule
 * first (cs_write_allowed). */
void cs_reg_write(cs_cmd *cmd, uint32_t off, uint32_t val, uint32_t keep);
/* C13, C37: whether the command may write absolute offset off (always from a privileged level). */
bool cs_write_allowed(const cs_cmd *cmd, uint32_t off);
/* C38: the absolute offset of a register field: with the Add CS MMIO Start Offset bit (rel), the engine's MMIO base
 * plus the field's offset (a plain add). */
static inline uint32_t cs_mmio_abs(const cs_cmd *cmd, bool rel, uint32_t off)
{
    return rel ? gtref_engines[cmd->e].base + off : off;
}
/* End the current batch as MI_BATCH_BUFFER_END does (second level -> first, first -> ring). */
void cs_batch_end(cs_cmd *cmd);
/* Commit a register only if its value changes. */
void cs_commit_if_changed(cs_cmd *cmd, unsigned ri, uint32_t v);
/* Write a 64-bit GPR Rn (commits low then high, each only if changed). */
void cs_gpr_write64(cs_cmd *cmd, unsigned n, uint64_t v);
uint64_t cs_gpr_read64(const cs_cmd *cmd, unsigned n);
static inline int cs_unimpl(cs_cmd *cmd, const char *note) { cmd->note = note; return GTM_UNIMPLEMENTED; }
static inline bool cs_pred_result(const cs_cmd *cmd) { return gtm_rv(cmd->m, cmd->e, cmd->m->r_pred_result) & 1u; }

/* ---- cs_xlate.c (docs/gam.md) ---- */
/* GAM-2: the effective space of an access of engine e that selects the GGTT (sel_ggtt) or the PPGTT: the PPGTT only
 * while the engine's RING_MODE[9] is 1. Returns true for the GGTT. */
bool cs_xlate_ggtt(const gtm *m, int e, bool sel_ggtt);
/* GAM-3 to GAM-6, GAM-13: walk the model's memory (physical) for graphics address va of engine e in space ggtt, with
 * the registers as the model holds them; no TLB, no side effect. Returns true with *pa, or false with *type (a fault
 * type, or CS_XLATE_PS_*: unimplemented, G4). */
bool cs_xlate_walk(gtm *m, int e, bool ggtt, uint64_t va, uint64_t *pa, uint8_t *type);
/* The note of an access that met a large page (G4): "<what>: PPGTT PDE bit 7 (PS) set, va 0x... (G4)". */
void cs_xlate_unimpl_note(char *buf, size_t n, const char *what, const cs_fault *f);
/* GAM-14: record fault f of engine e: its fault register when that register's valid bit is 0, and the type's bit
 * of GFX_ARB_ERROR_RPT. The GAM's hardware updates are not commits (docs/gam.md §2): no sink call. */
void cs_xlate_record(gtm *m, int e, const cs_fault *f);
/* One access of engine e (client, space ggtt, graphics address va): the walk; on a fault, the record (GAM-14) and,
 * in continue mode (GAB_CTL_REG[8] = 1), the bit-39 address (GAM-15). Returns true with *pa when the access goes
 * to memory, false when it faulted in hang mode or met a large page (*f says how, f->type CS_XLATE_PS_* for G4:
 * nothing recorded; nothing may be read or written). */
bool cs_xlate_access(gtm *m, int e, unsigned client, bool ggtt, uint64_t va, uint64_t *pa, cs_fault *f);

/* ---- cs_mem_cmds.c ---- */
/* One write of engine e (client WR) to graphics address va (8-byte aligned) in space ggtt: translated, reported to
 * the sink, performed at the physical address. A write that faults in hang mode is reported with pa = UINT64_MAX
 * and not performed: returns false, with the fault in m->eng[e].fault. */
bool cs_engine_write(gtm *m, int e, bool ggtt, uint64_t va, uint64_t data, uint8_t be);
/* Abandon the command in flight of engine e after a fault in hang mode (m->eng[e].fault), when a handler runs;
 * returns when none does (the status write of an ending command: nothing is left to abandon). */
void cs_abort_on_fault(gtm *m, int e);
/* The effective space of a command operand whose ggtt field is sel_ggtt (GAM-2). */
static inline bool cs_op_ggtt(const cs_cmd *cmd, uint64_t sel_ggtt) { return cs_xlate_ggtt(cmd->m, cmd->e, sel_ggtt != 0); }
/* Writes and reads of the command in flight; a fault in hang mode abandons the command (GAM-15). */
void cs_mem_write(cs_cmd *cmd, bool ggtt, uint64_t addr, uint64_t data, uint8_t be);
void cs_store_dword(cs_cmd *cmd, bool ggtt, uint64_t addr, uint32_t v);        /* as a dword MI_STORE_DATA_IMM */
void cs_store_qword(cs_cmd *cmd, bool ggtt, uint64_t addr, uint32_t lo, uint32_t hi); /* as a qword MI_STORE_DATA_IMM */
uint32_t cs_mem_read32(cs_cmd *cmd, bool ggtt, uint64_t addr);
uint64_t cs_mem_read64(cs_cmd *cmd, bool ggtt, uint64_t addr);           /* addr 8-byte aligned: one read */
uint64_t cs_hws_base(const cs_cmd *cmd);                             /* HWS_PGA[31:12] << 12 */

int cs_sdi(cs_cmd *cmd);
int cs_sdx(cs_cmd *cmd);
int cs_srm(cs_cmd *cmd);
int cs_report_head(cs_cmd *cmd);
int cs_flush_dw(cs_cmd *cmd);
int cs_pipe_control(cs_cmd *cmd);
int cs_lrm(cs_cmd *cmd);
int cs_copy_mem_mem(cs_cmd *cmd);
int cs_atomic(cs_cmd *cmd);
int cs_semaphore_wait(cs_cmd *cmd);
int cs_semaphore_signal(cs_cmd *cmd);
int cs_cond_bb_end(cs_cmd *cmd);

/* ---- watchdog.c ---- */
void cs_watchdog_reset(gtm *m);
/* The watchdog's part of gtm_tick: counts, applies the cycle's commits; returns whether it reached its threshold
 * (the event, before RCS0's IMR). */
bool cs_watchdog_tick(gtm *m);
/* Ticks before the one that reaches the threshold (UINT64_MAX: stopped), and s such ticks at once (gtm_ticks). */
uint64_t cs_watchdog_ticks_to_fire(const gtm *m);
void cs_watchdog_skip(gtm *m, uint64_t s);

/* ---- cs_alu.c ---- */
int cs_math(cs_cmd *cmd);

/* ---- cs_predicate.c ---- */
int cs_predicate(cs_cmd *cmd);
int cs_set_predicate(cs_cmd *cmd);
/* Whether MI_SET_PREDICATE's mode turns the current command into a NOOP. */
bool cs_set_predicate_noops(const gtm *m, int e);
#endif
