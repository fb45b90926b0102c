/* gtref reference model: a transaction-level C model of the GT front end.
 * No dependency on Verilator, DPI or the scoreboard; all state hangs off the handle.
 * Events go out through a sink the caller provides. */
#ifndef GTREF_MODEL_H
#define GTREF_MODEL_H
#include <stdbool.h>
#include <stdint.h>
#include "gtref/mem.h"

typedef struct gtm gtm;

#define GTM_HOST (-1)   /* "engine" of register commits caused by host MMIO writes */

typedef struct gtm_sink {
    void *user;
    /* A memory write of the command being executed, as the engine issues it (docs/gam.md GAM-1): va the graphics
     * address (8-byte aligned), ggtt its effective space (GAM-2), data and byte enables; pa the physical address the
     * model wrote (its translation, GAM-20; the bit-39 address of a fault in continue mode), or UINT64_MAX when the
     * write faulted in hang mode and was not performed (GAM-15: the engine issued it, the GAM dropped it). */
    void (*mem_write)(void *user, int engine, bool ggtt, uint64_t va, uint64_t pa, uint64_t data, uint8_t be);
    /* A register took a new value (engine = GTM_HOST for host MMIO writes). */
    void (*reg_commit)(void *user, int engine, uint32_t off, uint32_t val);
    /* An engine interrupt event of the command being executed (engine-local data bits d, before IMR). The model
     * does NOT apply it to its interrupt logic: the caller does, with gtm_irq_event(), when the command retires.
     * The command's HWSTAM status write (docs/interrupts.md IRQ-4) is already among its mem_write calls, the last.
     * (The RCS0 watchdog's event is not a command's: gtm_tick applies it itself.) */
    void (*irq_event)(void *user, int engine, uint16_t bits);
} gtm_sink;

enum gtm_step_status {
    GTM_IDLE = 0,     /* nothing to execute: ring disabled or empty and not in a batch */
    GTM_RETIRED = 1,  /* one command executed */
    GTM_ERROR = 2,    /* the command was illegal, or a page fault in hang mode ended it (gtm_retire.fault,
                       * docs/gam.md GAM-15): error registers set, engine halted */
    GTM_HALTED = 3,   /* the engine is halted after an earlier error */
    GTM_STALLED = 4,  /* waiting, nothing executed: the next command is not entirely before TAIL (gtm_retire
                       * holds its DW0 only, len = 1), or an MI_SEMAPHORE_WAIT, poll or signal mode, whose
                       * condition does not hold in the model's memory yet (C27, C32; gtm_retire holds the
                       * whole wait, len = 4); stepping again retries the same command */
    GTM_UNIMPLEMENTED = 5, /* the spec defines the command but the kit does not model it (or this use of
                            * it): nothing executed; gtm_retire.note says what. Not an error of the DUT. */
    /* Execlist mode only (docs/execlists.md; never in ring-buffer mode): */
    GTM_SWITCH = 6,   /* one context switch was made, retiring nothing (EL-28): its save, restore (or lite restore)
                       * and CSB steps, as writes, commits and events on the sink; gtm_retire.el_csb_steps says how
                       * many CSB steps (1 or 2). A broken image or an image fault (EL-27) ends it with the error
                       * chain and the engine halted (gtm_retire.el_broken). Call gtm_el_switch_end at the DUT's
                       * commit of the last step's CONTEXT_STATUS_PTR. */
    GTM_EL_WAIT = 7,  /* nothing executed: the last retire was a decision point (gtm_retire.el_point) the DUT has not
                       * retired yet, or a switch was made whose end (gtm_el_switch_end) has not come: the model never
                       * runs past a decision (docs/execlists.md §7); or a Compare Semaphore
                       * MI_CONDITIONAL_BATCH_BUFFER_END waits for the DUT's data (EL-32, gtm_el_use_dut_data) */
};

#define GTM_MAX_CMD_DW 260 /* longest modelled command (MI_MATH, 257 dwords) fits */

/* gtm_retire.note of GTM_UNIMPLEMENTED: the command's name for a command whose table entry has
 * modelled = 0, else "<COMMAND> <field>[=<value>]" naming the use docs/commands.md marks unimplemented,
 * e.g. "PIPE_CONTROL post_sync=TIMESTAMP", "MI_ATOMIC size=OCTWORD", "MI_MATH ALU opcode (undefined)".
 * The step changed nothing (no write, commit or interrupt; RING_HEAD not moved). */

typedef struct gtm_retire {
    int status;            /* enum gtm_step_status */
    uint64_t addr;         /* graphics address of the command's first dword */
    uint32_t dw[GTM_MAX_CMD_DW];
    unsigned len;          /* total length in dwords */
    bool in_batch;         /* executed from a batch buffer */
    uint8_t level;         /* 0 ring, 1 first-level batch, 2 second-level batch */
    bool nooped;           /* GTM_RETIRED: MI_SET_PREDICATE turned it into a NOOP of its length (C23): its own
                            * effect (a semaphore wait's reads, a signal) did not happen */
    char note[96];         /* GTM_UNIMPLEMENTED: what is not modelled ("MI_SEMAPHORE_WAIT", "PIPE_CONTROL post_sync=TIMESTAMP") */
    bool tlb_invalidate;   /* GTM_RETIRED: an executed (not NOOPed) MI_FLUSH_DW or PIPE_CONTROL with TLB Invalidate:
                            * the engine's TLB is invalidated at its retire (docs/gam.md GAM-12, G15) */
    /* GTM_ERROR caused by a page fault in hang mode (docs/gam.md GAM-13 to GAM-15). The command ended with ESR/EIR
     * bit 4 and no IPEHR commit, RING_HEAD not advanced. A data read or write fault: addr, dw and len are the whole
     * command; the writes before the faulting one were made, the faulting one was reported (pa = UINT64_MAX).
     * An instruction fetch fault: addr is the DW0's graphics address, len 1, dw[0] the DW0 when its page translated,
     * else 0. fault_va is the faulting request's graphics address (GAM-1: the 64-byte line of a fetch or data read,
     * the 8-byte-aligned qword of a write). */
    bool fault;
    uint8_t fault_type;    /* enum gtref_fault_type */
    uint8_t fault_client;  /* enum gtref_gam_client: IF, DR or WR */
    bool fault_ggtt;       /* the faulting access's effective space */
    uint64_t fault_va;
    /* Execlist mode (docs/execlists.md): GTM_RETIRED: whether this retire is a decision point (GTM_EL_DRY: it left
     * the context dry at ring level, EL-15; GTM_EL_ARB: an MI_ARB_CHECK, EL-16): call gtm_el_retire at the DUT's
     * retire of it. GTM_SWITCH: the CSB steps made (1 or 2) and whether a broken image or image fault ended it. */
    uint8_t el_point;
    uint8_t el_csb_steps;
    bool el_broken;
    bool priv_violation;   /* GTM_RETIRED: a privilege violation (docs/spec-decisions.md C41): a NOOP of its length (no
                            * access, no write; a semaphore wait's reads did not happen) that committed ESR/EIR bit 2 */
} gtm_retire;

gtm *gtm_create(int engines);
void gtm_destroy(gtm *m);
int gtm_engines(const gtm *m);
gtref_mem *gtm_mem(gtm *m);
void gtm_set_sink(gtm *m, const gtm_sink *sink);

/* MMIO. Unknown offsets read 0 and ignore writes (*known = false).
 * gtm_mmio_read is a host read that transfers now: it returns the value before this cycle's effects and applies
 * the read's side effect (a non-zero read of GT_INTR_DW0/1 opens its service window, docs/interrupts.md IRQ-11);
 * call it once per read, in the read's transfer cycle, never to look at a register.
 * gtm_mmio_write is a host write that transfers now, with the interrupt registers' effects (IRQ-9, IRQ-12, IRQ-15,
 * IRQ-17); its reg_commit (engine GTM_HOST) reports the register as the write alone leaves it (IRQ-20). */
uint32_t gtm_mmio_read(gtm *m, uint32_t off, bool *known);
void gtm_mmio_write(gtm *m, uint32_t off, uint32_t val);
/* Direct register access without side effects (tests, end-of-test comparison, debug dumps). */
uint32_t gtm_reg_peek(const gtm *m, uint32_t off);
/* Set a register's stored value as it is, without write rules, commit or side effect (the scoreboard's
 * same-cycle rule: docs/cycle-contract.md §8). */
void gtm_reg_poke(gtm *m, uint32_t off, uint32_t val);

/* Execute exactly one command of engine e. Every access is translated architecturally (docs/gam.md GAM-20): a
 * walk of the model's memory (gtm_mem is physical memory: the GGTT at GTREF_GSM_BASE, the PPGTT from the engine's
 * PDP0), with the registers as the model holds them, no TLB. A fault is recorded in the model's copy of the engine's
 * fault register and GFX_ARB_ERROR_RPT (GAM-14; not reported as commits: the GAM's hardware updates), then, by
 * GAB_CTL_REG[8], continues at the bit-39 address or ends the command (GTM_ERROR with out->fault, GAM-15). */
int gtm_step(gtm *m, int e, gtm_retire *out);
/* The command engine e executes next, fetched and decoded without executing it (no register, memory, event
 * or engine state changes; an instruction fetch fault is not recorded). Returns GTM_IDLE, GTM_HALTED, GTM_STALLED
 * (not wholly before TAIL: out->len = 1), GTM_ERROR (illegal, or a page of it faults in hang mode: out->fault...;
 * nothing is raised), GTM_UNIMPLEMENTED (a command the model lacks; out->note), or
 * GTM_RETIRED meaning "out holds a whole command that gtm_step would execute now" (which may still stall:
 * a semaphore wait whose condition does not hold, or end with a data fault); out->nooped says whether
 * MI_SET_PREDICATE would NOOP it and out->tlb_invalidate whether it would invalidate the TLB.
 * The scoreboard uses it to learn which command an engine without a command in flight is working on.
 * In execlist mode also GTM_SWITCH (a decided switch is the next step) and GTM_EL_WAIT, as gtm_step. */
int gtm_peek(gtm *m, int e, gtm_retire *out);
/* Whether out (from gtm_step or gtm_peek, whatever its status) is a signal-mode MI_SEMAPHORE_WAIT that was not
 * turned into a NOOP by MI_SET_PREDICATE (docs/commands.md §5, C32). */
bool gtm_is_signal_wait(const gtm_retire *out);
/* Whether the model executes command id (enum gtref_cmd_id) with a handler of its own; every other defined command
 * ends as GTM_UNIMPLEMENTED. Exactly the table's modelled commands (tests/unit/test_cmd_families.c). */
bool gtm_cmd_has_handler(int id);
bool gtm_engine_idle(const gtm *m, int e);

/* ---- Execlists (docs/execlists.md). The model applies every execlist decision in the DUT's cycle (§7, EL-31): ----
 * - a Load (EL-11) is a host write of EXECLIST_CONTROL (gtm_mmio_write, in its transfer cycle);
 * - gtm_el_retire: the DUT retires a command (every retire, in order, with the model's record of it, both modes): an
 *   MI_ARB_ON_OFF sets arb (EL-13 bit 16, §9); a retire with el_point takes the decision of EL-15/EL-16;
 * - gtm_el_arb_point: a poll-mode MI_SEMAPHORE_WAIT's response with the condition false (EL-16): preempts (or lite
 *   restores) when arb = 1 and a submission is pending, returns whether it did (the wait then never retires);
 * - gtm_el_switch_end: the DUT's commit of the CONTEXT_STATUS_PTR of a switch's last CSB step (EL-19): the switch
 *   flag clears; a dry restored context is decided, or a Load that came during a switch to idle starts.
 * Each returns what it decided (enum gtm_el_decision); the switch itself is made by the next gtm_step (GTM_SWITCH).
 * The CSB registers (CSB_ENTRY_*, CONTEXT_STATUS_PTR bits 3:0) are reported by the switch's commits but not stored:
 * the caller stores them at the DUT's matched commits with gtm_reg_poke (EL-31; the model numbers its steps with its
 * own copy of the write pointer). EXECLIST_STATUS_LO/HI read the derived value (EL-13). */
enum gtm_el_point { GTM_EL_DRY = 1, GTM_EL_ARB = 2 };
enum gtm_el_decision {
    GTM_EL_NONE = 0,        /* nothing changed */
    GTM_EL_START,           /* a submission starts from idle (EL-14) */
    GTM_EL_ELEMENT_SWITCH,  /* EL-15 */
    GTM_EL_END,             /* EL-15: the submission ended, nothing pending: to idle */
    GTM_EL_END_PENDING,     /* EL-15: the submission ended, the pending one starts (two CSB steps) */
    GTM_EL_PREEMPT,         /* EL-16 */
    GTM_EL_LITE_RESTORE,    /* EL-17 */
};
int gtm_el_retire(gtm *m, int e, const gtm_retire *r);
int gtm_el_arb_point(gtm *m, int e);
int gtm_el_switch_end(gtm *m, int e);
/* Whether an execlist edge since the last call invalidated engine e's TLB (EL-26: a Load's start, a decision or
 * switch end that fully restores a context); clears it. The caller gives it to the GAM model in that cycle. */
bool gtm_el_tlb_edge(gtm *m, int e);
/* EL-32: with on (the scoreboard's setting; off by default, as for a run of the model alone), a Compare Semaphore
 * MI_CONDITIONAL_BATCH_BUFFER_END of an engine in execlist mode is decided on the data of the DUT's read: gtm_step
 * returns GTM_EL_WAIT (gtm_retire holds the command; nothing changed) until gtm_el_cond_data gives them (the dword
 * the read returned at the command's address, or the qword in mask mode), which the next step of it takes. */
void gtm_el_use_dut_data(gtm *m, bool on);
void gtm_el_cond_data(gtm *m, int e, uint64_t data);
/* Whether engine e is in execlist mode (RING_MODE bit 3, EL-1). */
bool gtm_el_mode(const gtm *m, int e);
bool gtm_engine_halted(const gtm *m, int e);
bool gtm_engine_in_batch(const gtm *m, int e);

/* Interrupt logic (docs/interrupts.md). Effects are applied in the order of the calls; within one cycle call them
 * in the order of IRQ-1 (cycle contract §7): the cycle's MMIO access, the engines' register commits, the events
 * (gtm_irq_event), then gtm_tick, which ends the cycle.
 *
 * gtm_irq_event: engine e raises the event `bits` (IRQ-2) at the closing edge of the current cycle: filtered by the
 * engine's IMR as the model's register file holds it (IRQ-3; the scoreboard calls it at the DUT's retire, when
 * every earlier commit of the engine is in), then by EN, latched in INST_CR and, when unmasked, a second-level
 * event (IRQ-7 to IRQ-10).
 * gtm_irq_line: the irq output the DUT shows in the next cycle (IRQ-14), as of now. */
void gtm_irq_event(gtm *m, int e, uint16_t bits);
bool gtm_irq_line(const gtm *m);
/* The aggregator's internal state, which no register shows (tests, coverage of docs/interrupts.md §3's windows). */
typedef struct gtm_irq_state {
    uint16_t inst_cr[4];   /* INST_CR[e] (engines of the build; 0 for the others) */
    uint32_t dw_cr[2];     /* DW_CR[b] */
    bool sv[2];            /* SV[b]: under service (the read-to-clear window is open) */
    bool pend[2];          /* a presentation is due: at the end of this cycle or, after a selector write in this
                            * cycle, the next */
} gtm_irq_state;
void gtm_irq_get_state(const gtm *m, gtm_irq_state *st);
/* How often the interrupt logic met each window of docs/interrupts.md §3 since the model was created: the
 * coverage of the protocol in a co-simulation, where events land in the cycles the DUT gives them. */
enum gtm_irq_window {
    GTM_IRQW_IN_SERVICE,      /* a second-level event while its DW is under service: kept in DW_CR (IRQ-10) */
    GTM_IRQW_UNMASK_HELD,     /* a host unmask showed a held event (IRQ-9) */
    GTM_IRQW_DISABLED,        /* an event dropped because its enable bit was clear (IRQ-7) */
    GTM_IRQW_IMR,             /* an event dropped by the engine's IMR (IRQ-3) */
    GTM_IRQW_TWO_ENGINES,     /* second-level events of two or more engines in one cycle (IRQ-10) */
    GTM_IRQW_CLEAR_AND_EVENT, /* a host write of a DW in the cycle of a second-level event of that DW (IRQ-12) */
    GTM_IRQW_MASTER_OFF,      /* a second-level event while GFX_MSTR_IRQ's enable is clear (ISR-2 to ISR-10) */
    GTM_IRQW_WHILE_SELECTED,  /* an event latched while its DW's selection is under way (ISR-5 to ISR-8) */
    /* host writes racing engine events (docs/interrupts.md §5): a host write of the register and an event that reaches
     * the register's stage, in one cycle (the scoreboard applies both in that cycle, IRQ-1) */
    GTM_IRQW_RACE_ENABLE,     /* the engine's enable register and a message of that engine (IRQ-7) */
    GTM_IRQW_RACE_MASK,       /* the engine's mask register and a message of that engine with enabled bits (IRQ-9) */
    GTM_IRQW_RACE_IMR,        /* the engine's IMR and an event of that engine (IRQ-3) */
    GTM_IRQW_RACE_SELECTOR,   /* IIR_REG_SELECTOR{b} and a message with enabled bits of an engine of DW b (IRQ-15/16) */
    GTM_IRQW_RACE_MASTER,     /* GFX_MSTR_IRQ and a second-level event (IRQ-14) */
    GTM_IRQW_RACE_DW1,        /* GT_INTR_DW1 and a second-level event of DW 1 (IRQ-12) */
    /* the selector's presentations against the masks (docs/interrupts.md §5, IRQ-15 to IRQ-17) */
    GTM_IRQW_PRES_HELD,       /* a presentation whose MASK held back bits of INST_CR: P != 0 and P != INST_CR (IRQ-16) */
    GTM_IRQW_PRES_EMPTY,      /* a presentation of an engine with P == 0: all masked or nothing pending (IRQ-16, IRQ-19) */
    GTM_IRQW_PRES_DW1,        /* a presentation on DW1 (IRQ-16) */
    GTM_IRQW_PRES_NO_ENGINE,  /* a presentation whose selected bit has no engine: IDENTITY = 0x80000000 (IRQ-16) */
    GTM_IRQW_PRES_CANCELLED,  /* a presentation cancelled by an identity clear in its cycle (IRQ-17) */
    GTM_IRQW_SEL_REFUSED,     /* a selector write refused: Data-Valid or a presentation due (IRQ-15) */
    GTM_IRQ_WINDOWS
};
void gtm_irq_windows(const gtm *m, uint64_t out[GTM_IRQ_WINDOWS]);

/* The RCS0 watchdog (docs/commands.md §7, spec decisions W1-W5). The model executes commands ahead of the DUT,
 * so the watchdog does not follow the model's own register file: it keeps PR_CTR_CTL and PR_CTR_THRSH as the
 * DUT committed them and counts the DUT's cycles.
 *
 * gtm_watchdog_commit: in the current cycle, register off (absolute) takes the value val at the closing edge
 * (an engine commit in its cycle, a host write in its transfer cycle). It takes RCS0's PR_CTR_CTL, PR_CTR_THRSH and
 * IMR (the watchdog's event passes RCS0's IMR as the DUT holds it at the end of the event's cycle: docs/interrupts.md
 * IRQ-3, §5; the model's register file may already hold a value of a command the DUT has not committed yet).
 * Other offsets are ignored (returns false), so a caller may pass every commit. Several calls for one register
 * in one cycle: the last wins (the scoreboard passes the engine's commit after a host write: contract §8).
 *
 * gtm_tick: the current cycle ends. With the registers as they were during the cycle (committed before it):
 * when running (PR_CTR_CTL[30:0] == 0) and this cycle ticks (PR_CTR_CTL[31] = 1: every cycle; = 0: the 64th,
 * 128th, ... cycle after the last PR_CTR_CTL commit), counter := counter + 1 (mod 2^32), and when it equals
 * PR_CTR_THRSH the WATCHDOG event (engine 0, GTREF_IRQ_WATCHDOG) is raised and counter := 0.
 * Then this cycle's commits take effect: a PR_CTR_CTL commit (even of the same value) restarts the 64-cycle
 * count, and one from stopped to running clears the counter. The event passes RCS0's IMR as committed up to the end
 * of this cycle (gtm_watchdog_commit) and goes into the aggregator like gtm_irq_event's (IRQ-1 (c)).
 * Then, for the aggregator (IRQ-1 (d), IRQ-16): a presentation due in this cycle (a selector write accepted in the
 * previous cycle, not cancelled by an identity clear in this one) sets INTR_IDENTITY_REG and takes the presented
 * bits out of INST_CR, with INST_CR and MASK as the previous cycle left them. Returns whether the watchdog reached
 * its threshold (whether or not IMR let the event through). */
bool gtm_watchdog_commit(gtm *m, uint32_t off, uint32_t val);
bool gtm_tick(gtm *m);
/* n cycles that end one after another with nothing else in them (no MMIO access, commit or event): exactly n calls of
 * gtm_tick, quiet cycles skipped at once. With until_irq it stops after the cycle that leaves the interrupt line high.
 * Returns the cycles that passed; *fired counts the cycles in which the watchdog reached its threshold. */
uint64_t gtm_ticks(gtm *m, uint64_t n, bool until_irq, uint64_t *fired);
#endif
