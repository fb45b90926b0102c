/* The reference model: register file, command streamer engines (ring + batch), Gen11 interrupt
 * aggregation (reduced). Behaviour is specified in docs/cycle-contract.md and docs/spec-decisions.md. */
#include "gtref/model.h"
#include "gtref/cmds.h"
#include "gtref/engines.h"
#include "gtref/regs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_REGS 128

typedef struct cs_engine {
    bool in_batch;
    uint64_t batch_addr;   /* address of the next batch dword */
    bool halted;
} cs_engine;

struct gtm {
    int engines;
    gtref_mem *mem;
    gtm_sink sink;
    /* val[e][i]: value of gtref_regs[i] for engine e (globals use e = 0) */
    uint32_t val[GTREF_MAX_ENGINES][MAX_REGS];
    cs_engine eng[GTREF_MAX_ENGINES];
    /* indices into gtref_regs of the registers the engine logic touches */
    size_t r_tail, r_head, r_start, r_ctl, r_eir, r_emr, r_esr, r_mstr, r_dw[2];
};

static size_t reg_index(const char *name)
{
    const gtref_reg_def *d = gtref_reg_by_name(name);
    return d ? (size_t)(d - gtref_regs) : (size_t)-1;
}

gtm *gtm_create(int engines)
{
    if (engines < 1 || engines > GTREF_MAX_ENGINES || gtref_nregs > MAX_REGS) return NULL;
    gtm *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->engines = engines;
    m->mem = gtref_mem_create();
    if (!m->mem) { free(m); return NULL; }
    for (int e = 0; e < GTREF_MAX_ENGINES; e++)
        for (size_t i = 0; i < gtref_nregs; i++) m->val[e][i] = gtref_reg_reset(&gtref_regs[i], e);
    m->r_tail = reg_index("RING_TAIL");
    m->r_head = reg_index("RING_HEAD");
    m->r_start = reg_index("RING_START");
    m->r_ctl = reg_index("RING_CTL");
    m->r_eir = reg_index("EIR");
    m->r_emr = reg_index("EMR");
    m->r_esr = reg_index("ESR");
    m->r_mstr = reg_index("GFX_MSTR_IRQ");
    m->r_dw[0] = reg_index("GT_INTR_DW0");
    m->r_dw[1] = reg_index("GT_INTR_DW1");
    return m;
}

void gtm_destroy(gtm *m)
{
    if (!m) return;
    gtref_mem_destroy(m->mem);
    free(m);
}

int gtm_engines(const gtm *m) { return m->engines; }
gtref_mem *gtm_mem(gtm *m) { return m->mem; }
void gtm_set_sink(gtm *m, const gtm_sink *sink) { m->sink = *sink; }

static void commit(gtm *m, int e, int src, size_t ri, uint32_t v)
{
    m->val[e < 0 ? 0 : e][ri] = v;
    if (m->sink.reg_commit) m->sink.reg_commit(m->sink.user, src, gtref_reg_abs(&gtref_regs[ri], e < 0 ? 0 : e), v);
}

static bool writable(const gtref_reg_def *d)
{
    return d->rw_mask || d->w1c_mask;
}

/* ---------------- MMIO ---------------- */

static uint32_t read_value(const gtm *m, const gtref_reg_def *d, int e)
{
    size_t i = (size_t)(d - gtref_regs);
    uint32_t v = m->val[e < 0 ? 0 : e][i];
    if (i == m->r_mstr)
        v = (v & GTREF_MSTR_IRQ_ENABLE) | (m->val[0][m->r_dw[1]] ? 2u : 0u) | (m->val[0][m->r_dw[0]] ? 1u : 0u);
    return v;
}

uint32_t gtm_mmio_read(gtm *m, uint32_t off, bool *known)
{
    int e;
    const gtref_reg_def *d = gtref_reg_lookup(off, m->engines, &e);
    if (known) *known = d != NULL;
    return d ? read_value(m, d, e) : 0;
}

uint32_t gtm_reg_peek(const gtm *m, uint32_t off)
{
    int e;
    const gtref_reg_def *d = gtref_reg_lookup(off, m->engines, &e);
    return d ? read_value(m, d, e) : 0;
}

void gtm_mmio_write(gtm *m, uint32_t off, uint32_t val)
{
    int e;
    const gtref_reg_def *d = gtref_reg_lookup(off, m->engines, &e);
    if (!d || !writable(d)) return;
    size_t i = (size_t)(d - gtref_regs);
    commit(m, e, GTM_HOST, i, gtref_reg_apply_write_engine(d, e, m->val[e < 0 ? 0 : e][i], val));
}

/* ---------------- interrupts ---------------- */

void gtm_irq_event(gtm *m, int e, uint16_t bits)
{
    const gtref_engine_def *ed = &gtref_engines[e];
    int ei, mi;
    const gtref_reg_def *en = gtref_reg_lookup(ed->intr_enable_reg, m->engines, &ei);
    const gtref_reg_def *mk = gtref_reg_lookup(ed->intr_mask_reg, m->engines, &mi);
    if (!en || !mk) return;
    uint16_t enable = (uint16_t)(m->val[0][en - gtref_regs] >> ed->intr_enable_shift);
    uint16_t mask = (uint16_t)(m->val[0][mk - gtref_regs] >> ed->intr_mask_shift);
    uint16_t d = bits & enable;
    if (d & ~mask) m->val[0][m->r_dw[ed->intr_dw]] |= 1u << ed->intr_bit;
}

bool gtm_irq_line(const gtm *m)
{
    return (m->val[0][m->r_mstr] & GTREF_MSTR_IRQ_ENABLE) && (m->val[0][m->r_dw[0]] || m->val[0][m->r_dw[1]]);
}

/* ---------------- ring arithmetic ---------------- */

static uint32_t ring_size(const gtm *m, int e)
{
    return (((m->val[e][m->r_ctl] >> GTREF_CTL_LEN_SHIFT) & GTREF_CTL_LEN_MASK) + 1u) * 4096u;
}

static uint32_t head_offset(const gtm *m, int e)
{
    return (m->val[e][m->r_head] & GTREF_HEAD_OFFSET_MASK) % ring_size(m, e);
}

static uint32_t tail_offset(const gtm *m, int e)
{
    return (m->val[e][m->r_tail] & GTREF_TAIL_OFFSET_MASK) % ring_size(m, e);
}

static uint64_t ring_addr(const gtm *m, int e, uint32_t off)
{
    return (uint64_t)(m->val[e][m->r_start] & 0xFFFFF000u) + (off % ring_size(m, e));
}

/* Dwords between head and tail. */
static uint32_t ring_avail(const gtm *m, int e)
{
    uint32_t h = head_offset(m, e), t = tail_offset(m, e), sz = ring_size(m, e);
    return ((t + sz - h) % sz) / 4u;
}

bool gtm_engine_idle(const gtm *m, int e)
{
    const cs_engine *g = &m->eng[e];
    if (g->halted) return false;
    if (g->in_batch) return false;
    return !(m->val[e][m->r_ctl] & GTREF_CTL_ENABLE) || head_offset(m, e) == tail_offset(m, e);
}

bool gtm_engine_halted(const gtm *m, int e) { return m->eng[e].halted; }
bool gtm_engine_in_batch(const gtm *m, int e) { return m->eng[e].in_batch; }

/* ---------------- command execution ---------------- */

static void mem_write(gtm *m, int e, uint64_t addr, uint64_t data, uint8_t be)
{
    gtref_mem_write_be64(m->mem, addr, data, be);
    if (m->sink.mem_write) m->sink.mem_write(m->sink.user, e, addr, data, be);
}

static void exec_sdi(gtm *m, int e, const uint32_t *dw, unsigned len)
{
    uint64_t a = ((uint64_t)(dw[2] & 0xFFFFu) << 32) | (dw[1] & ~3u);
    uint64_t q = a & ~7ull;
    if (len == 4) {
        if (a & 4) mem_write(m, e, q, (uint64_t)dw[3] << 32, 0xF0);
        else mem_write(m, e, q, dw[3], 0x0F);
    } else if (!(a & 4)) {
        mem_write(m, e, q, (uint64_t)dw[4] << 32 | dw[3], 0xFF);
    } else {
        mem_write(m, e, q, (uint64_t)dw[3] << 32, 0xF0);
        mem_write(m, e, q + 8, dw[4], 0x0F);
    }
}

static void exec_lri(gtm *m, int e, const uint32_t *dw, unsigned len)
{
    uint32_t bwd = (dw[0] >> GTREF_LRI_BWD_SHIFT) & 0xFu, keep = 0;
    for (int b = 0; b < 4; b++)
        if (bwd & (1u << b)) keep |= 0xFFu << (8 * b);
    for (unsigned i = 1; i + 1 < len; i += 2) {
        int re;
        const gtref_reg_def *d = gtref_reg_lookup(dw[i] & GTREF_LRI_OFFSET_MASK, m->engines, &re);
        if (!d || re != e || !writable(d)) continue;   /* only the issuing engine's registers */
        size_t ri = (size_t)(d - gtref_regs);
        uint32_t old = m->val[e][ri];
        uint32_t v = gtref_reg_apply_write_engine(d, e, old, dw[i + 1]);
        commit(m, e, e, ri, (v & ~keep) | (old & keep));
    }
}

static void raise_error(gtm *m, int e)
{
    commit(m, e, e, m->r_esr, m->val[e][m->r_esr] | GTREF_ERR_INSTRUCTION);
    if (!(m->val[e][m->r_emr] & GTREF_ERR_INSTRUCTION)) {
        commit(m, e, e, m->r_eir, m->val[e][m->r_eir] | GTREF_ERR_INSTRUCTION);
        if (m->sink.irq_event) m->sink.irq_event(m->sink.user, e, GTREF_IRQ_CS_MASTER_ERROR);
    }
    m->eng[e].halted = true;
}

int gtm_step(gtm *m, int e, gtm_retire *out)
{
    cs_engine *g = &m->eng[e];
    gtm_retire r;
    memset(&r, 0, sizeof r);
    r.in_batch = g->in_batch;
    r.level = g->in_batch ? 1 : 0;
    if (g->halted) { r.status = GTM_HALTED; goto done; }

    uint32_t dw[GTM_MAX_CMD_DW];
    if (g->in_batch) {
        r.addr = g->batch_addr;
        dw[0] = gtref_mem_read32(m->mem, r.addr);
    } else {
        if (gtm_engine_idle(m, e)) { r.status = GTM_IDLE; goto done; }
        r.addr = ring_addr(m, e, head_offset(m, e));
        dw[0] = gtref_mem_read32(m->mem, r.addr);
    }
    r.dw[0] = dw[0];
    r.len = 1;
    const gtref_cmd_def *c = gtref_cmd_find(dw[0]);
    if (!c || !gtref_cmd_legal(c, dw[0], NULL, 0) || !gtref_cmd_on_engine(c, e)) {
        raise_error(m, e);
        r.status = GTM_ERROR;
        goto done;
    }
    if (!c->modelled) {   /* docs/commands.md: unimplemented is not illegal */
        snprintf(r.note, sizeof r.note, "%s", c->name);
        r.status = GTM_UNIMPLEMENTED;
        goto done;
    }
    unsigned len = gtref_cmd_length(c, dw[0]);
    if (!g->in_batch && ring_avail(m, e) < len) { r.status = GTM_STALLED; goto done; }
    for (unsigned i = 1; i < len; i++)
        dw[i] = g->in_batch ? gtref_mem_read32(m->mem, r.addr + 4u * i)
                            : gtref_mem_read32(m->mem, ring_addr(m, e, head_offset(m, e) + 4u * i));
    r.len = len;
    for (unsigned i = 0; i < len && i < GTM_MAX_CMD_DW; i++) r.dw[i] = dw[i];

    bool was_batch = g->in_batch;
    if (was_batch) g->batch_addr += 4ull * len;
    switch (c->id) {
    case GTREF_CMD_MI_NOOP: break;
    case GTREF_CMD_MI_USER_INTERRUPT:
        if (m->sink.irq_event) m->sink.irq_event(m->sink.user, e, GTREF_IRQ_USER);
        break;
    case GTREF_CMD_MI_BATCH_BUFFER_END:
        if (was_batch) g->in_batch = false;
        break;
    case GTREF_CMD_MI_STORE_DATA_IMM: exec_sdi(m, e, dw, len); break;
    case GTREF_CMD_MI_LOAD_REGISTER_IMM: exec_lri(m, e, dw, len); break;
    case GTREF_CMD_MI_BATCH_BUFFER_START:
        g->in_batch = true;
        g->batch_addr = ((uint64_t)dw[2] << 32 | dw[1]) & ~3ull;
        break;
    default: break;
    }
    if (!was_batch) {
        uint32_t sz = ring_size(m, e), head = m->val[e][m->r_head];
        uint32_t off = head_offset(m, e) + 4u * len, wrap = head >> GTREF_HEAD_WRAP_SHIFT;
        if (off >= sz) { off -= sz; wrap = (wrap + 1u) & 0x7FFu; }
        commit(m, e, e, m->r_head, (wrap << GTREF_HEAD_WRAP_SHIFT) | off | (head & 1u));
    }
    r.status = GTM_RETIRED;
done:
    if (out) *out = r;
    return r.status;
}
