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
    /* A memory write of the command being executed: 8-byte-aligned addr, byte enables. */
    void (*mem_write)(void *user, int engine, uint64_t addr, uint64_t data, uint8_t be);
    /* A register took a new value (engine = GTM_HOST for host MMIO writes). */
    void (*reg_commit)(void *user, int engine, uint32_t off, uint32_t val);
    /* An engine interrupt event (engine-local data bits). The model does NOT apply it to its
     * interrupt logic: the caller does, with gtm_irq_event(), when the command retires. */
    void (*irq_event)(void *user, int engine, uint16_t bits);
} gtm_sink;

enum gtm_step_status {
    GTM_IDLE = 0,     /* nothing to execute: ring disabled or empty and not in a batch */
    GTM_RETIRED = 1,  /* one command executed */
    GTM_ERROR = 2,    /* the command was illegal: error registers set, engine halted */
    GTM_HALTED = 3,   /* the engine is halted after an earlier error */
    GTM_STALLED = 4,  /* waiting, nothing executed: the next command is not entirely before TAIL, or an
                       * MI_SEMAPHORE_WAIT (poll mode) whose condition does not hold in the model's memory
                       * yet (docs/spec-decisions.md C27); stepping again retries the same command */
    GTM_UNIMPLEMENTED = 5, /* the spec defines the command but the kit does not model it (or this use of
                            * it): nothing executed; gtm_retire.note says what. Not an error of the DUT. */
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
    char note[96];         /* GTM_UNIMPLEMENTED: what is not modelled ("MI_SEMAPHORE_WAIT", "PIPE_CONTROL post_sync=TIMESTAMP") */
} gtm_retire;

gtm *gtm_create(int engines);
void gtm_destroy(gtm *m);
int gtm_engines(const gtm *m);
gtref_mem *gtm_mem(gtm *m);
void gtm_set_sink(gtm *m, const gtm_sink *sink);

/* MMIO. Unknown offsets read 0 and ignore writes (*known = false). */
uint32_t gtm_mmio_read(gtm *m, uint32_t off, bool *known);
void gtm_mmio_write(gtm *m, uint32_t off, uint32_t val);
/* Direct register access without side effects (tests, end-of-test comparison). */
uint32_t gtm_reg_peek(const gtm *m, uint32_t off);
/* Set a register's stored value as it is, without write rules, commit or side effect (the scoreboard's
 * same-cycle rule: docs/cycle-contract.md §8). */
void gtm_reg_poke(gtm *m, uint32_t off, uint32_t val);

/* Execute exactly one command of engine e. */
int gtm_step(gtm *m, int e, gtm_retire *out);
bool gtm_engine_idle(const gtm *m, int e);
bool gtm_engine_halted(const gtm *m, int e);
bool gtm_engine_in_batch(const gtm *m, int e);

/* Interrupt logic. */
void gtm_irq_event(gtm *m, int e, uint16_t bits);
bool gtm_irq_line(const gtm *m);
#endif
