/* Running a stimulus on the reference model alone, without the RTL (gtref check): the host runtime's immediate
 * port (host/host.c) driven by scoreboard/model_only.c.
 *
 * Timing rule (an infinitely fast GT, docs/stimulus-format.md §2.2): before each host operation, and once more
 * after the last one, every engine runs until it is idle, halted or stalled (its next command not wholly before
 * TAIL, or a semaphore wait, poll or signal mode, whose condition does not hold). A command's interrupt events
 * are applied to the interrupt logic as soon as it executes. wait, wait_idle and wait_irq therefore wait for
 * nothing on the engines' side: when they would end, the engines have already run as far as they can.
 *
 * Only the RCS0 watchdog sees time: the host program's. Every host operation is one cycle (its own effect first,
 * then the cycle ends: gtm_tick), except wait N, N cycles, and wait_irq N: one cycle when the interrupt line is
 * already high, else cycles until one leaves it high, at most N. PR_CTR_CTL/PR_CTR_THRSH commits, the engines'
 * and the host's, go to the watchdog as they happen, so they take effect from the next cycle. Nothing ticks after
 * the last operation.
 *
 * The interrupt logic (docs/interrupts.md) runs on the same time: in an operation's cycle the engines' events come
 * first (they ran before the operation), then the operation's MMIO access (a read applies its side effect, IRQ-11),
 * then the cycle's end (gtm_tick: the watchdog's event and a due selector presentation, so Data-Valid is readable
 * two operations after the selector write, IRQ-16). End-of-test register expectations peek (no side effect). */
#ifndef GTREF_MODEL_ONLY_H
#define GTREF_MODEL_ONLY_H
#include <stdbool.h>
#include <stdint.h>
#include "gtref/coverage.h"
#include "gtref/expect.h"
#include "gtref/host.h"
#include "gtref/model.h"
#include "gtref/stim.h"

#define GTREF_MODEL_RUN_CSB 8   /* a switch's CSB commits: two steps of three */

typedef struct gtref_model_run {
    gtm *model;
    gtref_host host;          /* the host program, on the host runtime's immediate port (include/gtref/host.h) */
    gtref_observed obs;       /* what the run ended with, for gtref_expect_eval_all */
    uint32_t *read_value;     /* per host op: the data a read returned (the host runtime's) */
    bool *read_done;
    uint64_t commands;        /* commands executed, all engines */
    uint64_t switches;        /* execlist context switches made (GTM_SWITCH steps, docs/execlists.md EL-28) */
    uint64_t cycles;          /* host-program cycles that passed (the watchdog's time) */
    char error[256];          /* why the run could not complete */
    uint16_t pending_irq[GTREF_MAX_ENGINES];
    bool unimplemented;       /* the run stopped at a command the kit does not model (error says which) */
    bool sigwait_stalled[GTREF_MAX_ENGINES]; /* the engine stalled on the signal-mode wait it has not passed yet */
    gtref_cov *cov;           /* when set, every executed command is sampled into it */
    uint32_t csb[GTREF_MODEL_RUN_CSB][2];    /* the CSB commits (offset, value) of the step under way (EL-31) */
    unsigned ncsb;
    uint32_t gpr_commits;                      /* the CS_GPR dwords (bit d: 0x600 + 4d) the step under way committed */
    bool spin_armed[GTREF_MAX_ENGINES];      /* execlist spinner detection: an MI_ARB_CHECK retired at spin_addr with */
    uint64_t spin_addr[GTREF_MAX_ENGINES];   /* no decision and no write of the engine since (run_engines) */
} gtref_model_run;

/* Run s on a fresh model. 0 when it ran to the end; -1 when it could not (out of memory, or more than
 * s->max_cycles commands without the engines settling: an endless batch loop), with r->error set.
 * Either way, free r with gtref_model_run_free. */
int gtref_model_only_run(const gtref_stim *s, gtref_model_run *r);
/* The same, sampling every executed command into cov (may be NULL). */
int gtref_model_only_run_cov(const gtref_stim *s, gtref_model_run *r, gtref_cov *cov);
void gtref_model_run_free(gtref_model_run *r);

/* Run s and evaluate its expectations: the number that failed (the first max of them in f[]), or -1 when
 * the run could not complete (err says why). */
long gtref_model_only_check(const gtref_stim *s, gtref_expect_failure *f, size_t max, char *err, size_t errsz);
#endif
