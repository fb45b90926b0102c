/* The host: the host program of a stimulus (docs/stimulus-format.md §2.2) as one runtime, host/host.c, with two
 * drivers of its accesses, and the host's interrupt service routine, host/isr.c.
 *
 * - The cycle port (gtref_host_drive, gtref_host_advance): the testbench (dpi/tb.c) presents one MMIO request a
 *   cycle to the DUT's port when it is ready, a read's data comes back cycles later (gtref_host_read_data), and
 *   the program ends with the read-back of every register. The scoreboard compares what the DUT did.
 * - The immediate port (gtref_host_run): the model-only runner (scoreboard/model_only.c) completes every access
 *   at once on the reference model, each one cycle of the host program's time (include/gtref/model_only.h).
 *
 * The interrupt service routine (docs/interrupts.md §3, ISR-1..ISR-10): one round of the LKF-IRQ protocol as a
 * driver runs it, written once as a state machine that both ports drive. The routine decides its next MMIO
 * access from the data its reads returned, and puts a random delay (0..max_delay cycles) before each access, so
 * that engine events land in every window of the protocol.
 *
 * Host program op GTREF_HOST_ISR: `cycles` = max_delay, `val` = flags (enum gtref_isr_flags, include/gtref/stim.h).
 * A round starts only when the interrupt line is high (ISR-1); otherwise the op does nothing. */
#ifndef GTREF_HOST_H
#define GTREF_HOST_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gtref/engines.h"
#include "gtref/mem.h"
#include "gtref/rng.h"
#include "gtref/stim.h"

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
void gtref_isr_begin_op(gtref_isr *s, const gtref_host_op *op, uint64_t stim_seed, size_t op_index);
/* The next action. rdata: the data of the READ the previous action asked for (ignored otherwise). */
void gtref_isr_step(gtref_isr *s, uint32_t rdata, gtref_isr_action *a);

/* ---- the execlist host driver (host/execlist.c; docs/execlists.md §10, DRV-1 to DRV-5) ----
 * An i915-like driver of the execlist host ops (GTREF_HOST_EL_*, include/gtref/stim.h): each op becomes, when it
 * starts, a short program of host accesses (MMIO writes, one a cycle; memory writes, made together in one cycle),
 * the same in both runtimes. The driver keeps, per engine, what it submitted and what the CSB reported, so that
 * servicing the CSB (DRV-4) checks every entry's context ID: an entry the driver does not expect fails the test.
 * It reads the status page and images at the addresses it gave them (the stimulus maps them GGTT identity). */
#define GTREF_EL_QUEUE 16u        /* submissions the driver holds before the CSB reports them */
#define GTREF_EL_PROG 1024u       /* accesses of one op (an image: 512 qword writes) */

enum gtref_el_kind { GTREF_EL_MMIO_WRITE, GTREF_EL_MEM_WRITE };
typedef struct gtref_el_access { uint8_t kind; uint8_t be; uint32_t off, val; uint64_t addr, data; } gtref_el_access;

typedef struct gtref_el_engine {
    bool init;                /* DRV-1 done */
    uint32_t hwsp;            /* its status page */
    unsigned head;            /* DRV-4: the last CSB entry read (11 after DRV-1: the pointer's reset 0xB, E20) */
    uint32_t active[2];       /* context IDs of the active submission's elements */
    unsigned nactive, elem;   /* its element count (0: none active) and the element running */
    uint32_t queue[GTREF_EL_QUEUE][2];   /* submitted, not yet reported active (oldest first) */
    unsigned qn[GTREF_EL_QUEUE], nq;
    unsigned seen[6];         /* entries serviced: idle to active, preempted, lite restore, element switch, active to
                               * idle, and entries read at index 0 after index 11 (a wrap) */
} gtref_el_engine;

typedef struct gtref_el_driver {
    gtref_el_engine eng[GTREF_MAX_ENGINES];
    gtref_el_access prog[GTREF_EL_PROG];   /* the op under way */
    size_t n, next;
    bool wait_met;            /* GTREF_HOST_EL_WAIT: this poll found no submission the CSB has not reported active */
} gtref_el_driver;
/* The message of an el_wait whose bound ran out (both runtimes). */
void gtref_el_wait_timeout(const gtref_el_driver *d, const gtref_host_op *op, size_t op_index, char *why, size_t whysz);

/* Whether op is one of the driver's. */
bool gtref_el_host_op(const gtref_host_op *op);
/* Start op: fill d->prog with its accesses (d->n of them, d->next = 0). mem_read reads a qword of the memory the
 * DUT writes (the status page, an image). 0, or -1 when the op breaks a DRV rule or the CSB reported what the
 * driver does not expect: why says what (the test fails). */
int gtref_el_begin(gtref_el_driver *d, const gtref_host_op *op, int engines,
                   uint64_t (*mem_read)(void *user, uint64_t addr), void *user, char *why, size_t whysz);

/* ---- the DUT's memory port (host/mem_port.c; docs/cycle-contract.md §3) ---- */

/* The system memory behind the DUT's port: a request accepted with the stimulus's probability each cycle, read
 * responses in request order after a random latency (both from one stream seeded by the stimulus). The port's
 * protocol (alignment, reads outstanding) is the scoreboard's to check (gtref_sb_check_mem_request). */
#define GTREF_MEM_PORT_READS 64   /* reads the port holds outstanding */
typedef struct gtref_mem_port_req { uint64_t due, addr; } gtref_mem_port_req;
typedef struct gtref_mem_port {
    gtref_mem *mem;           /* not owned */
    gtref_latency lat;
    gtref_rng rng;
    gtref_mem_port_req rq[GTREF_MEM_PORT_READS];
    size_t head, count;
} gtref_mem_port;

void gtref_mem_port_init(gtref_mem_port *p, gtref_mem *mem, const gtref_latency *lat, uint64_t stim_seed);
/* Whether the port accepts a request this cycle: called once every cycle. */
bool gtref_mem_port_ready(gtref_mem_port *p);
/* Reads accepted and not yet answered. */
size_t gtref_mem_port_reads(const gtref_mem_port *p);
/* An accepted request: a write of the enabled bytes of a qword; a read of the 64-byte line at addr, answered from
 * after its latency, in the next cycle at the earliest (ignored when GTREF_MEM_PORT_READS are outstanding). */
void gtref_mem_port_write(gtref_mem_port *p, uint64_t addr, uint64_t wdata, uint8_t be);
void gtref_mem_port_read(gtref_mem_port *p, uint64_t cycle, uint64_t addr);
/* The oldest read's line when it is due in this cycle: true and line filled, or false. */
bool gtref_mem_port_response(gtref_mem_port *p, uint64_t cycle, uint8_t line[64]);

/* ---- the host program ---- */

enum gtref_host_phase {
    GTREF_HOST_PROGRAM,      /* the stimulus's host operations */
    GTREF_HOST_DRAIN_IDLE,   /* after the last one: until every engine is quiescent */
    GTREF_HOST_DRAIN_READ,   /* the end-of-test read-back of every register */
    GTREF_HOST_DONE,
};

typedef struct gtref_host {
    const gtref_stim *stim;
    int phase;               /* enum gtref_host_phase */
    size_t op;               /* the host op under way */
    bool op_started;
    uint64_t op_start;       /* the cycle it started */
    bool read_outstanding;
    size_t read_op;          /* host op of the read outstanding, or a read of the read-back or the routine */
    uint32_t *read_value;    /* per host op: the data a read returned */
    bool *read_done;
    /* the end-of-test read-back: registers read through the MMIO port, and the DUT's data for them */
    uint32_t *final_regs, *final_vals;
    size_t nfinal, final_next;
    /* a GTREF_HOST_ISR op in progress: the routine's next action, and the data of its last read */
    gtref_isr isr;
    gtref_isr_action isr_act;
    bool isr_active, isr_issued, isr_data_ready;
    uint32_t isr_rdata;
    uint64_t isr_wait_until;
    /* the execlist driver (docs/execlists.md §10): its per-engine state and the op under way */
    gtref_el_driver *el;
    bool el_active;
} gtref_host;

/* Set up the program of s (kept, not copied): 0, or -1 out of memory. engines: the DUT's, whose registers the cycle
 * port reads back at the end; 0 for the immediate port (no read-back). */
int gtref_host_init(gtref_host *h, const gtref_stim *s, int engines);
void gtref_host_free(gtref_host *h);

/* ---- the cycle port (the testbench) ---- */

/* What the host runtime asks of the testbench. */
typedef struct gtref_host_env {
    void *user;
    bool (*dut_quiescent)(void *user);     /* every engine of the DUT idle or halted */
    bool (*model_quiescent)(void *user);   /* the scoreboard agrees the model has nothing left */
    void (*mem_write)(void *user, uint64_t addr, uint64_t data, uint8_t be);   /* GTREF_HOST_MEM_WRITE */
    void (*isr_fail)(void *user, const char *why);   /* the service routine's protocol broke */
    uint64_t (*mem_read)(void *user, uint64_t addr); /* a qword of the testbench's memory (the execlist driver) */
    void (*el_fail)(void *user, const char *why);    /* the execlist driver's check failed (DRV-4) */
} gtref_host_env;

/* The host's MMIO request of a cycle. */
typedef struct gtref_host_access { bool valid, write; uint32_t off, val; } gtref_host_access;

/* A read's data came back from the DUT this cycle. */
void gtref_host_read_data(gtref_host *h, uint32_t rdata);
/* The request to present this cycle (the port ready or not): a program access, the service routine's, or a read
 * of the read-back; a->valid false when there is none. */
void gtref_host_drive(gtref_host *h, bool port_ready, gtref_host_access *a);
/* After the scoreboard has seen the cycle (and found nothing wrong): advance waits and the end-of-test phases.
 * True when the read-back is complete and the model quiescent: the test's end (the caller evaluates what it
 * observed and calls gtref_host_end). */
bool gtref_host_advance(gtref_host *h, uint64_t cycle, bool irq, const gtref_host_env *env);
/* The test is over (its end, a mismatch, or the simulator stopping). */
void gtref_host_end(gtref_host *h);
bool gtref_host_done(const gtref_host *h);
/* The end-of-test value of a register as the DUT returned it in the read-back (unknown offsets read 0); user is
 * the gtref_host (the expectations' reg_read). */
uint32_t gtref_host_final_register(void *user, uint32_t off);

/* ---- the immediate port (the model-only runner) ---- */

/* Every access completes at once; each callback is one cycle of the host program's time unless it says more. */
typedef struct gtref_host_port {
    void *user;
    int (*settle)(void *user);   /* before every access: the engines run as far as they can; -1 stops the run */
    uint32_t (*read)(void *user, uint32_t off);
    void (*write)(void *user, uint32_t off, uint32_t val);
    void (*mem_write)(void *user, uint64_t addr, uint64_t data, uint8_t be);
    uint64_t (*mem_read)(void *user, uint64_t addr);   /* a qword of memory, no time (the execlist driver) */
    /* n cycles; with until_irq, stop after the cycle that leaves the interrupt line high */
    void (*wait)(void *user, uint64_t n, bool until_irq);
    bool (*irq)(void *user);
} gtref_host_port;

enum { GTREF_HOST_RUN_ERROR = -1, GTREF_HOST_RUN_UNIMPLEMENTED = -2 };
/* Run h's program on port, the engines settled before every operation and once after the last: 0; or
 * GTREF_HOST_RUN_ERROR (settle failed, or the service routine's protocol broke: err says why when it is not
 * settle's), or GTREF_HOST_RUN_UNIMPLEMENTED (an access to a register the kit does not implement: err says which).
 * Reads go to h->read_value, h->read_done. */
int gtref_host_run(gtref_host *h, const gtref_host_port *port, char *err, size_t errsz);
#endif
