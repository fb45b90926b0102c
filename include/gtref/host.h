/* The host's interrupt service routine (docs/interrupts.md §3, ISR-1..ISR-10): one round of the LKF-IRQ
 * protocol as a driver runs it, written once as a state machine that both host runtimes drive: the testbench
 * (dpi/tb.c, against the DUT's MMIO port, whose read data the scoreboard compares with the model) and the
 * model-only runner (scoreboard/model_only.c, against the model). The routine decides its next MMIO access
 * from the data its reads returned, and puts a random delay (0..max_delay cycles) before each access, so that
 * engine events land in every window of the protocol.
 *
 * Host program op GTREF_HOST_ISR: `cycles` = max_delay, `val` = flags. A round starts only when the interrupt
 * line is high (ISR-1); otherwise the op does nothing. */
#ifndef GTREF_HOST_ISR_H
#define GTREF_HOST_ISR_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gtref/rng.h"

enum gtref_isr_flags {
    GTREF_ISR_CLEAR_EACH = 1u << 0, /* ISR-9: clear each engine's DW bit after serving it (else the DW once) */
    GTREF_ISR_FLAGS = GTREF_ISR_CLEAR_EACH,
};
#define GTREF_ISR_MAX_DELAY 1000u        /* the largest max_delay a stimulus may ask for */
#define GTREF_ISR_VALID_READS 64u        /* ISR-6: identity reads before Data-Valid is declared missing */

enum gtref_isr_kind {
    GTREF_ISR_WAIT,    /* wait `cycles` cycles (> 0), then step again */
    GTREF_ISR_WRITE,   /* MMIO write of val to off, then step again */
    GTREF_ISR_READ,    /* MMIO read of off; step again with the data it returned */
    GTREF_ISR_DONE,    /* the round is over (the master interrupt is enabled again) */
    GTREF_ISR_FAIL,    /* the protocol broke (Data-Valid never came): `why` says what, the test fails */
};

typedef struct gtref_isr_action {
    int kind;              /* enum gtref_isr_kind */
    uint32_t off, val, cycles;
    char why[224];         /* GTREF_ISR_FAIL */
} gtref_isr_action;

typedef struct gtref_isr {
    int state;
    uint32_t max_delay, flags;
    gtref_rng rng;
    bool delayed;          /* the delay before the next access has been taken */
    uint32_t mstr;         /* ISR-3: the master register as read */
    unsigned dw;           /* the DW being served (0, 1) */
    uint32_t v;            /* ISR-4: the DW as read */
    unsigned bit;          /* the bit of v being served */
    unsigned reads;        /* identity reads for this bit so far */
    uint32_t served;       /* rounds' statistics: bits served, identities read with Data-Valid */
} gtref_isr;

/* Start a round: max_delay (<= GTREF_ISR_MAX_DELAY), flags (enum gtref_isr_flags), seed of its delays. */
void gtref_isr_begin(gtref_isr *s, uint32_t max_delay, uint32_t flags, uint64_t seed);
/* Start the round of host op number op_index (a GTREF_HOST_ISR op) of a stimulus with seed stim_seed: its delay,
 * flags and a delay seed derived from both, the same in every runtime. */
struct gtref_host_op;
void gtref_isr_begin_op(gtref_isr *s, const struct gtref_host_op *op, uint64_t stim_seed, size_t op_index);
/* The next action. rdata: the data of the READ the previous action asked for (ignored otherwise). */
void gtref_isr_step(gtref_isr *s, uint32_t rdata, gtref_isr_action *a);
#endif
