/* The host's interrupt service routine (include/gtref/host.h; docs/interrupts.md §3). */
#include "gtref/host.h"
#include "gtref/regs.h"
#include "gtref/stim.h"

#include <stdio.h>
#include <string.h>

enum state {
    ST_DISABLE,       /* ISR-2: GFX_MSTR_IRQ = 0 */
    ST_READ_MSTR,     /* ISR-3 */
    ST_NEXT_DW,       /* ISR-4: the next DW whose master bit was set */
    ST_NEXT_BIT,      /* ISR-5: the next set bit of the DW as read */
    ST_READ_ID,       /* ISR-6: until Data-Valid */
    ST_CLEAR_ID,      /* ISR-8 */
    ST_CLEAR_BIT,     /* ISR-9, clear-each */
    ST_CLEAR_DW,      /* ISR-9, once */
    ST_ENABLE,        /* ISR-10 */
    ST_DONE,
    /* a read was asked for: its data comes with the next step */
    ST_GOT_MSTR, ST_GOT_DW, ST_GOT_ID,
};

static uint32_t dw_reg(unsigned b) { return b ? GTREF_GT_INTR_DW1 : GTREF_GT_INTR_DW0; }
static uint32_t sel_reg(unsigned b) { return b ? GTREF_IIR_REG_SELECTOR1 : GTREF_IIR_REG_SELECTOR0; }
static uint32_t id_reg(unsigned b) { return b ? GTREF_INTR_IDENTITY_REG1 : GTREF_INTR_IDENTITY_REG0; }

void gtref_isr_begin(gtref_isr *s, uint32_t max_delay, uint32_t flags, uint64_t seed)
{
    memset(s, 0, sizeof *s);
    s->state = ST_DISABLE;
    s->max_delay = max_delay > GTREF_ISR_MAX_DELAY ? GTREF_ISR_MAX_DELAY : max_delay;
    s->flags = flags & GTREF_ISR_FLAGS;
    gtref_rng_seed(&s->rng, seed);
}

void gtref_isr_begin_op(gtref_isr *s, const gtref_host_op *op, uint64_t stim_seed, size_t op_index)
{
    gtref_isr_begin(s, op->cycles, op->val, stim_seed ^ (0x697372ull << 32) ^ op_index);   /* "isr" */
}

/* An MMIO access, after the random delay that precedes every step of the routine (ISR: "any delay between two
 * steps is legal"). Returns the WAIT first when the delay is not zero; the access comes with the next step. */
static void access(gtref_isr *s, gtref_isr_action *a, int kind, uint32_t off, uint32_t val, int next_state)
{
    if (!s->delayed && s->max_delay) {
        uint32_t d = (uint32_t)gtref_rng_range(&s->rng, 0, s->max_delay);
        if (d) {
            s->delayed = true;
            a->kind = GTREF_ISR_WAIT;
            a->cycles = d;
            return;
        }
    }
    s->delayed = false;
    a->kind = kind;
    a->off = off;
    a->val = val;
    s->state = next_state;
}

void gtref_isr_step(gtref_isr *s, uint32_t rdata, gtref_isr_action *a)
{
    memset(a, 0, sizeof *a);
    switch (s->state) {   /* the data of the read asked for last */
    case ST_GOT_MSTR:
        s->mstr = rdata & 3u;   /* IRQ-13: bit b = GT_INTR_DWb is not zero */
        s->dw = 0;
        s->state = ST_NEXT_DW;
        break;
    case ST_GOT_DW:
        s->v = rdata;
        s->bit = 0;
        s->state = ST_NEXT_BIT;
        break;
    case ST_GOT_ID:
        if (rdata & GTREF_INTR_DATA_VALID) {
            s->served++;
            s->state = ST_CLEAR_ID;
        } else if (++s->reads >= GTREF_ISR_VALID_READS) {
            a->kind = GTREF_ISR_FAIL;
            snprintf(a->why, sizeof a->why,
                     "interrupt service routine: INTR_IDENTITY_REG%u Data-Valid still 0 after %u reads, selector 0x%08x "
                     "(GT_INTR_DW%u read 0x%08x; docs/interrupts.md IRQ-16, ISR-6)",
                     s->dw, s->reads, 1u << s->bit, s->dw, s->v);
            s->state = ST_DONE;
            return;
        } else {
            s->delayed = true;   /* ISR-6 spins: the next read at once */
            s->state = ST_READ_ID;
        }
        break;
    default:
        break;
    }
    for (;;) {
        switch (s->state) {
        case ST_DISABLE:
            access(s, a, GTREF_ISR_WRITE, GTREF_GFX_MSTR_IRQ, 0, ST_READ_MSTR);
            return;
        case ST_READ_MSTR:
            access(s, a, GTREF_ISR_READ, GTREF_GFX_MSTR_IRQ, 0, ST_GOT_MSTR);
            return;
        case ST_NEXT_DW:
            while (s->dw < 2 && !(s->mstr >> s->dw & 1u)) s->dw++;
            if (s->dw >= 2) { s->state = ST_ENABLE; continue; }
            access(s, a, GTREF_ISR_READ, dw_reg(s->dw), 0, ST_GOT_DW);
            return;
        case ST_NEXT_BIT:
            while (s->bit < 32 && !(s->v >> s->bit & 1u)) s->bit++;
            if (s->bit >= 32) {
                s->state = !(s->flags & GTREF_ISR_CLEAR_EACH) && s->v ? ST_CLEAR_DW : ST_NEXT_DW;
                if (s->state == ST_NEXT_DW) s->dw++;
                continue;
            }
            s->reads = 0;
            access(s, a, GTREF_ISR_WRITE, sel_reg(s->dw), 1u << s->bit, ST_READ_ID);
            return;
        case ST_READ_ID:
            access(s, a, GTREF_ISR_READ, id_reg(s->dw), 0, ST_GOT_ID);
            return;
        case ST_CLEAR_ID:
            access(s, a, GTREF_ISR_WRITE, id_reg(s->dw), GTREF_INTR_DATA_VALID,
                   s->flags & GTREF_ISR_CLEAR_EACH ? ST_CLEAR_BIT : ST_NEXT_BIT);
            if (a->kind == GTREF_ISR_WRITE && !(s->flags & GTREF_ISR_CLEAR_EACH)) s->bit++;
            return;
        case ST_CLEAR_BIT:
            access(s, a, GTREF_ISR_WRITE, dw_reg(s->dw), 1u << s->bit, ST_NEXT_BIT);
            if (a->kind == GTREF_ISR_WRITE) s->bit++;
            return;
        case ST_CLEAR_DW:
            access(s, a, GTREF_ISR_WRITE, dw_reg(s->dw), s->v, ST_NEXT_DW);
            if (a->kind == GTREF_ISR_WRITE) s->dw++;
            return;
        case ST_ENABLE:
            access(s, a, GTREF_ISR_WRITE, GTREF_GFX_MSTR_IRQ, GTREF_MSTR_IRQ_ENABLE, ST_DONE);
            return;
        default:
            a->kind = GTREF_ISR_DONE;
            return;
        }
    }
}
