/* The constrained-random generator: one legal, interesting single-engine (RCS0) test per seed.
 * Same seed and config, same bytes: the only random source is gtref_rng.
 *
 * Memory contents are static for the whole test (the host program only does MMIO), so a ring that is
 * reused after the head wraps executes the same bytes again. The generator therefore builds the ring as
 * one cycle of command chunks, placed circularly from a start offset; the host program submits the chunk
 * boundaries one after another through RING_TAIL, going round the cycle as many times as it likes:
 *
 *   laps mode   (most seeds, 1-page rings): the cycle fills the ring exactly (as many commands as fit, at
 *               most max_cmds, then NOOP filler chunks) and is submitted once or twice plus a partial lap, so
 *               the ring traffic exceeds the ring size and the head wraps once or several times;
 *   single mode (1- or 2-page rings): min_cmds..max_cmds commands, shorter than the ring, submitted
 *               once; a start offset near the end of the ring still makes the head wrap (once).
 *
 * A command straddles the end of the ring when the start offset puts it there (RING_HEAD and RING_TAIL
 * start at that offset, written while the ring is disabled). Tail values are chunk boundaries, always
 * QWORD aligned (chunks are padded with MI_NOOP). Before a submission that could leave more than
 * ring size - 8 bytes unexecuted, the program waits for idle. Layout (docs/stimulus-format.md):
 *   ring 0x00100000 (1 or 2 pages), batches from 0x00200000, stores into 0x00400000..0x0040FFFF. */
#include "gtref/cmds.h"
#include "gtref/engines.h"
#include "gtref/regs.h"
#include "gtref/rng.h"
#include "gtref/stim.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define RING_ADDR      0x00100000u
#define BATCH_BASE     0x00200000u
#define BATCH_LIMIT    0x00400000u
#define STORE_BASE     0x00400000u
#define STORE_SIZE     0x00010000u
#define MAX_CHUNK_CMDS 8u
#define MAX_CMD_DW     13u            /* the longest generated command: LRI with 6 registers */
#define MAX_CHUNK_DW   (MAX_CHUNK_CMDS * MAX_CMD_DW + 1u)
#define FILLER_DW      64u            /* NOOP filler comes in chunks of at most this many dwords */
#define IRQ_WAIT_CYCLES 5000u

void gtref_gen_config_default(gtref_gen_config *c)
{
    memset(c, 0, sizeof *c);
    c->engines = 1;
    c->min_cmds = 20;
    c->max_cmds = 200;
    c->w_noop = 10;
    c->w_lri = 30;
    c->w_sdi = 35;
    c->w_batch = 15;
    c->w_user_irq = 10;
}

/* ---- growable arrays ---- */

typedef struct dw_vec { uint32_t *v; size_t n, cap; } dw_vec;

typedef struct cmd_pos { uint32_t start, len; } cmd_pos;   /* dword offset in its chunk, length in dwords */

typedef struct chunk {
    dw_vec dw;
    cmd_pos *cmds; size_t ncmds;
    bool raises_irq;       /* an MI_USER_INTERRUPT in the chunk or in a batch it calls */
} chunk;

typedef struct batch_ref { uint64_t addr; bool raises_irq; } batch_ref;

typedef struct gen {
    gtref_rng rng;
    const gtref_gen_config *cfg;
    gtref_stim *s;
    bool oom;                               /* an allocation failed: the whole generation fails */
    uint64_t next_batch;                    /* first free byte of the batch area */
    batch_ref *batches; size_t nbatches;    /* for calling a batch again */
    uint32_t gpr0;                          /* absolute offset of RCS0.CS_GPR0 */
} gen;

static void push(gen *g, dw_vec *d, uint32_t v)
{
    if (d->n == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 64;
        uint32_t *nv = realloc(d->v, cap * sizeof *nv);
        if (!nv) { g->oom = true; return; }
        d->v = nv;
        d->cap = cap;
    }
    d->v[d->n++] = v;
}

static uint32_t rnd32(gen *g) { return (uint32_t)gtref_rng_next(&g->rng); }
static uint64_t range(gen *g, uint64_t lo, uint64_t hi) { return gtref_rng_range(&g->rng, lo, hi); }
static bool pct(gen *g, unsigned p) { return gtref_rng_pct(&g->rng, p); }

/* Data values: mostly random, sometimes the corner values. */
static uint32_t data32(gen *g)
{
    static const uint32_t corners[] = { 0, 0xFFFFFFFFu, 0x80000000u, 1, 0x0000FFFFu, 0xFFFF0000u };
    if (pct(g, 15)) return corners[range(g, 0, sizeof corners / sizeof corners[0] - 1)];
    return rnd32(g);
}

/* ---- commands ---- */

enum gen_cmd { GC_NOOP, GC_LRI, GC_SDI, GC_BATCH, GC_USER_IRQ };

static enum gen_cmd pick_cmd(gen *g, bool in_batch)
{
    const gtref_gen_config *c = g->cfg;
    unsigned w[5] = { c->w_noop, c->w_lri, c->w_sdi, in_batch ? 0 : c->w_batch, c->w_user_irq };
    uint64_t total = 0;
    for (int i = 0; i < 5; i++) total += w[i];
    if (!total) return GC_NOOP;
    uint64_t x = range(g, 0, total - 1);
    for (int i = 0; i < 5; i++) {
        if (x < w[i]) return (enum gen_cmd)i;
        x -= w[i];
    }
    return GC_NOOP;
}

static void emit_noop(gen *g, dw_vec *d, bool in_ring)
{
    /* MI_BATCH_BUFFER_END in the ring executes as MI_NOOP (spec decision C8): a corner worth visiting */
    push(g, d, in_ring && pct(g, 10) ? GTREF_MI_DW0(gtref_cmds[GTREF_CMD_MI_BATCH_BUFFER_END].opcode) : 0u);
}

static void emit_lri(gen *g, dw_vec *d)
{
    unsigned nregs = (unsigned)range(g, 1, 6);
    uint32_t dw0 = GTREF_MI_DW0(gtref_cmds[GTREF_CMD_MI_LOAD_REGISTER_IMM].opcode) | (2u * nregs + 1u - 2u);
    if (pct(g, 20)) dw0 |= (uint32_t)range(g, 1, 15) << GTREF_LRI_BWD_SHIFT;
    push(g, d, dw0);
    for (unsigned i = 0; i < nregs; i++) {
        push(g, d, g->gpr0 + 4u * (uint32_t)range(g, 0, 31));
        push(g, d, data32(g));
    }
}

static uint64_t store_addr(gen *g, bool qword)
{
    uint32_t span = pct(g, 40) ? 0x100u : STORE_SIZE;      /* a hot area: stores that overwrite each other */
    if (!qword) return STORE_BASE + 4u * range(g, 0, span / 4 - 1);
    if (pct(g, 75)) return STORE_BASE + 8u * range(g, 0, span / 8 - 1);
    return STORE_BASE + 4u + 8u * range(g, 0, span / 8 - 2);  /* 4-aligned qword: two writes */
}

static void emit_sdi(gen *g, dw_vec *d)
{
    bool qword = pct(g, 40);
    uint64_t a = store_addr(g, qword);
    uint32_t dw0 = GTREF_MI_DW0(gtref_cmds[GTREF_CMD_MI_STORE_DATA_IMM].opcode) | (qword ? 5u - 2u : 4u - 2u);
    if (qword) dw0 |= GTREF_SDI_STORE_QWORD;
    if (pct(g, 50)) dw0 |= GTREF_SDI_USE_GGTT;
    push(g, d, dw0);
    push(g, d, (uint32_t)a);
    push(g, d, (uint32_t)(a >> 32));
    push(g, d, data32(g));
    if (qword) push(g, d, data32(g));
}

static void emit_user_irq(gen *g, dw_vec *d)
{
    push(g, d, GTREF_MI_DW0(gtref_cmds[GTREF_CMD_MI_USER_INTERRUPT].opcode));
}

static void emit_bbs(gen *g, dw_vec *d, uint64_t addr)
{
    uint32_t dw0 = GTREF_MI_DW0(gtref_cmds[GTREF_CMD_MI_BATCH_BUFFER_START].opcode) | (3u - 2u);
    if (pct(g, 10)) dw0 |= GTREF_BBS_PPGTT;   /* recorded, identity-mapped (spec decision C10) */
    push(g, d, dw0);
    push(g, d, (uint32_t)addr);
    push(g, d, (uint32_t)(addr >> 32));
}

/* A new batch segment: 1..8 commands, then MI_BATCH_BUFFER_END, or (when chaining is allowed, sometimes)
 * MI_BATCH_BUFFER_START to a further new batch. Returns its address; *irq says whether it (or what it
 * chains to) raises a user interrupt. */
static uint64_t make_batch(gen *g, bool may_chain, bool *irq)
{
    dw_vec d = { 0 };
    *irq = false;
    unsigned n = (unsigned)range(g, 1, MAX_CHUNK_CMDS);
    for (unsigned i = 0; i < n; i++) {
        switch (pick_cmd(g, true)) {
        case GC_LRI: emit_lri(g, &d); break;
        case GC_SDI: emit_sdi(g, &d); break;
        case GC_USER_IRQ: emit_user_irq(g, &d); *irq = true; break;
        default: emit_noop(g, &d, false); break;
        }
    }
    /* room for this batch, a chained one and the gaps, whatever happens below */
    uint64_t need = 4u * (d.n + 3) + 64 + 4u * (MAX_CHUNK_CMDS * MAX_CMD_DW + 1) + 64;
    bool chain = may_chain && pct(g, 15) && g->next_batch + need <= BATCH_LIMIT;
    uint64_t addr = g->next_batch;
    if (!pct(g, 70)) addr += 4u * range(g, 1, 15);        /* not line aligned */
    uint64_t end = addr + 4u * (d.n + (chain ? 3 : 1));
    g->next_batch = (end + 63) & ~63ull;
    if (chain) {
        bool chained_irq;
        uint64_t next = make_batch(g, false, &chained_irq);
        *irq |= chained_irq;
        emit_bbs(g, &d, next);
    } else {
        push(g, &d, GTREF_MI_DW0(gtref_cmds[GTREF_CMD_MI_BATCH_BUFFER_END].opcode));
    }
    if (!g->oom && gtref_stim_add_segment(g->s, addr, GTREF_SEG_BATCH, d.v, (uint32_t)(4u * d.n))) g->oom = true;
    free(d.v);
    return addr;
}

/* Call a batch from the ring: a new one, or sometimes one made earlier. */
static void emit_batch_call(gen *g, dw_vec *d, bool *irq)
{
    uint64_t addr;
    /* worst case of a new batch and its chained one, with gaps */
    uint64_t need = 2u * (4u * (MAX_CHUNK_CMDS * MAX_CMD_DW + 4) + 128);
    if (g->nbatches && (pct(g, 20) || g->next_batch + need > BATCH_LIMIT)) {
        const batch_ref *b = &g->batches[range(g, 0, g->nbatches - 1)];
        addr = b->addr;
        *irq = b->raises_irq;
    } else {
        addr = make_batch(g, true, irq);
        batch_ref *nb = realloc(g->batches, (g->nbatches + 1) * sizeof *nb);
        if (!nb) { g->oom = true; return; }
        g->batches = nb;
        g->batches[g->nbatches++] = (batch_ref){ addr, *irq };
    }
    emit_bbs(g, d, addr);
}

static void chunk_add_cmd(gen *g, chunk *c, uint32_t start)
{
    cmd_pos *nc = realloc(c->cmds, (c->ncmds + 1) * sizeof *nc);
    if (!nc) { g->oom = true; return; }
    c->cmds = nc;
    c->cmds[c->ncmds++] = (cmd_pos){ start, (uint32_t)(c->dw.n - start) };
}

/* A chunk of ring commands (ncmds of them), padded with MI_NOOP to a QWORD multiple. */
static void make_chunk(gen *g, chunk *c, unsigned ncmds)
{
    for (unsigned i = 0; i < ncmds && !g->oom; i++) {
        uint32_t start = (uint32_t)c->dw.n;
        bool irq = false;
        switch (pick_cmd(g, false)) {
        case GC_NOOP: emit_noop(g, &c->dw, true); break;
        case GC_LRI: emit_lri(g, &c->dw); break;
        case GC_SDI: emit_sdi(g, &c->dw); break;
        case GC_BATCH: emit_batch_call(g, &c->dw, &irq); break;
        case GC_USER_IRQ: emit_user_irq(g, &c->dw); irq = true; break;
        }
        c->raises_irq |= irq;
        chunk_add_cmd(g, c, start);
    }
    if (c->dw.n % 2) {
        uint32_t start = (uint32_t)c->dw.n;
        push(g, &c->dw, 0);
        chunk_add_cmd(g, c, start);
    }
}

static void make_filler(gen *g, chunk *c, uint32_t ndw)
{
    for (uint32_t i = 0; i < ndw; i++) {
        push(g, &c->dw, 0);
        chunk_add_cmd(g, c, i);
    }
}

static void free_chunks(chunk *chunks, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(chunks[i].dw.v);
        free(chunks[i].cmds);
    }
    free(chunks);
}

/* Insert an empty chunk at position at (0..*n); NULL on allocation failure. */
static chunk *insert_chunk(gen *g, chunk **chunks, size_t *n, size_t at)
{
    chunk *nc = realloc(*chunks, (*n + 1) * sizeof *nc);
    if (!nc) { g->oom = true; return NULL; }
    memmove(&nc[at + 1], &nc[at], (*n - at) * sizeof *nc);
    memset(&nc[at], 0, sizeof nc[at]);
    *chunks = nc;
    (*n)++;
    return &nc[at];
}

/* ---- the ring: a cycle of chunks ---- */

typedef struct ring_plan {
    uint32_t pages, size;      /* ring size in bytes */
    bool laps_mode;            /* the cycle fills the ring and is submitted more than once */
    chunk *chunks; size_t nchunks;
    uint32_t *chunk_start;     /* dword offset of each chunk in the cycle; [nchunks] = cycle length */
    uint32_t start;            /* ring offset (bytes, QWORD aligned) where the cycle starts */
} ring_plan;

static void free_plan(ring_plan *p)
{
    free_chunks(p->chunks, p->nchunks);
    free(p->chunk_start);
}

/* The chunks of the cycle (laps mode: exactly the ring size; single mode: at most ring size - 8 bytes). */
static void build_cycle(gen *g, ring_plan *p)
{
    uint32_t ring_dw = p->size / 4u, capacity_dw = p->laps_mode ? ring_dw : ring_dw - 2u;
    /* laps mode fills the ring with as many commands as it holds (at most max_cmds), single mode draws */
    unsigned want = p->laps_mode ? g->cfg->max_cmds : (unsigned)range(g, g->cfg->min_cmds, g->cfg->max_cmds);
    uint32_t used_dw = 0;
    for (unsigned made = 0; made < want && used_dw + MAX_CHUNK_DW + 1 <= capacity_dw && !g->oom;) {
        unsigned k = (unsigned)range(g, 1, MAX_CHUNK_CMDS);
        if (k > want - made) k = want - made;
        chunk *c = insert_chunk(g, &p->chunks, &p->nchunks, p->nchunks);
        if (!c) return;
        make_chunk(g, c, k);
        used_dw += (uint32_t)c->dw.n;
        made += k;
    }
    if (!p->nchunks) {                        /* min_cmds 0: still one chunk, so that there is a test */
        chunk *c = insert_chunk(g, &p->chunks, &p->nchunks, 0);
        if (!c) return;
        make_filler(g, c, 2);
        used_dw += 2;
    }
    while (p->laps_mode && used_dw < ring_dw && !g->oom) {   /* NOOP filler chunks at random places */
        uint32_t n = ring_dw - used_dw < FILLER_DW ? ring_dw - used_dw : 2u * (uint32_t)range(g, 1, FILLER_DW / 2);
        chunk *c = insert_chunk(g, &p->chunks, &p->nchunks, (size_t)range(g, 0, p->nchunks));
        if (!c) return;
        make_filler(g, c, n);
        used_dw += n;
    }
    p->chunk_start = malloc((p->nchunks + 1) * sizeof *p->chunk_start);
    if (!p->chunk_start) { g->oom = true; return; }
    p->chunk_start[0] = 0;
    for (size_t i = 0; i < p->nchunks; i++) p->chunk_start[i + 1] = p->chunk_start[i] + (uint32_t)p->chunks[i].dw.n;
}

/* Where the cycle starts in the ring: 0, a chunk boundary at the end of the ring, a command of 3 or more
 * dwords across the end of the ring (40%), or (single mode) any QWORD-aligned offset. */
static uint32_t choose_start(gen *g, const ring_plan *p)
{
    unsigned how = (unsigned)range(g, 0, 9);
    if (how < 4) {
        size_t candidates = 0;
        for (size_t i = 0; i < p->nchunks; i++)
            for (size_t j = 0; j < p->chunks[i].ncmds; j++) candidates += p->chunks[i].cmds[j].len >= 3;
        if (!candidates) return 0;
        size_t pick = (size_t)range(g, 0, candidates - 1);
        for (size_t i = 0; i < p->nchunks; i++)
            for (size_t j = 0; j < p->chunks[i].ncmds; j++) {
                const cmd_pos *c = &p->chunks[i].cmds[j];
                if (c->len < 3 || pick-- != 0) continue;
                uint32_t at = p->chunk_start[i] + c->start;   /* dwords into the cycle */
                /* m dwords before the end of the ring, 0 < m < len, with (at + m) even: a QWORD-aligned start */
                uint32_t m = at % 2 ? 1u : 2u;
                if (c->len > 3 && at % 2 && pct(g, 50)) m = 3;
                return (p->size - 4u * (at + m) % p->size) % p->size;
            }
    }
    if (how < 7 && p->nchunks > 1) return (p->size - 4u * p->chunk_start[range(g, 1, p->nchunks - 1)] % p->size) % p->size;
    if (how < 8 && !p->laps_mode) return 8u * (uint32_t)range(g, 0, p->size / 8u - 1);
    return 0;
}

static void place_cycle(const ring_plan *p, uint8_t *ring)
{
    uint64_t k = 0;
    for (size_t i = 0; i < p->nchunks; i++)
        for (size_t j = 0; j < p->chunks[i].dw.n; j++, k++) {
            uint32_t off = (uint32_t)((p->start + 4u * k) % p->size), v = p->chunks[i].dw.v[j];
            for (unsigned b = 0; b < 4; b++) ring[off + b] = (uint8_t)(v >> (8 * b));
        }
}

/* ---- host program ---- */

static void op(gen *g, uint8_t code, uint32_t off, uint32_t val, uint32_t cycles)
{
    if (!g->oom && gtref_stim_add_op(g->s, code, off, val, cycles)) g->oom = true;
}

/* A point in the stream of submitted ring bytes where a chunk ends: a possible tail. */
typedef struct boundary { uint64_t pos; bool raises_irq; } boundary;

/* The chunk boundaries in submission order: the cycle once or twice, then part of it (laps mode). */
static boundary *plan_boundaries(gen *g, const ring_plan *p, size_t *nb)
{
    uint32_t laps = p->laps_mode && pct(g, 30) ? 2 : 1;
    size_t partial = p->laps_mode ? (size_t)range(g, 0, p->nchunks - 1) : 0;
    *nb = laps * p->nchunks + partial;
    boundary *b = malloc(*nb * sizeof *b);
    if (!b) { g->oom = true; return NULL; }
    uint64_t cycle_bytes = 4ull * p->chunk_start[p->nchunks];
    for (size_t k = 0; k < *nb; k++) {
        size_t lap = k / p->nchunks, c = k % p->nchunks;
        b[k] = (boundary){ lap * cycle_bytes + 4ull * p->chunk_start[c + 1], p->chunks[c].raises_irq };
    }
    return b;
}

static void program_host(gen *g, const ring_plan *p, const boundary *bounds, size_t nb)
{
    const gtref_engine_def *rcs = &gtref_engines[0];
    uint32_t tail = rcs->base + GTREF_RING_TAIL, head = rcs->base + GTREF_RING_HEAD;
    uint32_t ctl = rcs->base + GTREF_RING_CTL;

    /* ring and interrupt setup, with the ring disabled */
    unsigned irq_setup = (unsigned)range(g, 0, 9);      /* 0..7 open, 8 masked, 9 disabled */
    bool irq_open = irq_setup < 8;
    op(g, GTREF_HOST_WRITE, ctl, 0, 0);
    op(g, GTREF_HOST_WRITE, rcs->base + GTREF_RING_START, RING_ADDR, 0);
    op(g, GTREF_HOST_WRITE, head, p->start, 0);
    op(g, GTREF_HOST_WRITE, tail, p->start, 0);
    op(g, GTREF_HOST_WRITE, GTREF_GFX_MSTR_IRQ, GTREF_MSTR_IRQ_ENABLE, 0);
    op(g, GTREF_HOST_WRITE, GTREF_RENDER_COPY_INTR_EN,
       irq_setup == 9 ? 0u : (uint32_t)GTREF_IRQ_USER << rcs->intr_enable_shift, 0);
    op(g, GTREF_HOST_WRITE, GTREF_RCS0_INTR_MASK,
       irq_setup == 8 ? 0xFFFFFFFFu : ~((uint32_t)GTREF_IRQ_USER << rcs->intr_mask_shift), 0);
    op(g, GTREF_HOST_WRITE, ctl, ((p->pages - 1u) << GTREF_CTL_LEN_SHIFT) | GTREF_CTL_ENABLE, 0);

    /* submissions of 1..4 chunks */
    uint64_t pos = 0, idle_pos = 0;            /* stream positions of the tail and of known-executed bytes */
    uint64_t limit = p->size - 8u;             /* most unexecuted bytes the ring may hold */
    for (size_t k = 0; k < nb && !g->oom;) {
        size_t group = (size_t)range(g, 1, 4);
        if (group > nb - k) group = nb - k;
        while (group > 1 && bounds[k + group - 1].pos - pos > limit) group--;
        uint64_t next = bounds[k + group - 1].pos;
        if (next - idle_pos > limit) {
            op(g, GTREF_HOST_WAIT_IDLE, 0, 0, 0);
            idle_pos = pos;
        }
        op(g, GTREF_HOST_WRITE, tail, (uint32_t)((p->start + next) % p->size), 0);
        bool irq = false;
        for (size_t j = k; j < k + group; j++) irq |= bounds[j].raises_irq;
        pos = next;
        k += group;
        if (irq && irq_open && pct(g, 50)) {
            op(g, GTREF_HOST_WAIT_IRQ, 0, 0, IRQ_WAIT_CYCLES);
            op(g, GTREF_HOST_READ, GTREF_GT_INTR_DW0, 0, 0);
            op(g, GTREF_HOST_WRITE, GTREF_GT_INTR_DW0, 1u << rcs->intr_bit, 0);
        } else if (pct(g, 25)) {
            op(g, GTREF_HOST_WAIT, 0, 0, (uint32_t)range(g, 1, 400));
        } else if (k < nb && pct(g, 5)) {
            op(g, GTREF_HOST_WAIT_IDLE, 0, 0, 0);
            op(g, GTREF_HOST_READ, head, 0, 0);
            idle_pos = pos;
        }
    }

    /* the end: idle, then a few registers */
    op(g, GTREF_HOST_WAIT_IDLE, 0, 0, 0);
    op(g, GTREF_HOST_READ, head, 0, 0);
    op(g, GTREF_HOST_READ, tail, 0, 0);
    unsigned nread = (unsigned)range(g, 2, 4);
    for (unsigned i = 0; i < nread; i++) op(g, GTREF_HOST_READ, g->gpr0 + 4u * (uint32_t)range(g, 0, 31), 0, 0);
    op(g, GTREF_HOST_READ, GTREF_GT_INTR_DW0, 0, 0);
}

static int generate(gen *g, uint64_t seed)
{
    gtref_stim *s = g->s;
    snprintf(s->name, sizeof s->name, "rand-%" PRIu64, seed);
    s->seed = seed;
    s->engines = 1;
    s->lat.rd_lat_min = (uint16_t)range(g, 1, 4);
    s->lat.rd_lat_max = (uint16_t)range(g, s->lat.rd_lat_min, 40);
    s->lat.req_ready_pct = (uint8_t)range(g, 30, 100);
    s->hang_cycles = 3000;
    s->max_cycles = 2000000;

    ring_plan p;
    memset(&p, 0, sizeof p);
    /* a 2-page ring is only used in single mode: filling it for laps would mean thousands of commands */
    p.pages = pct(g, 15) ? 2 : 1;
    p.size = p.pages * 4096u;
    p.laps_mode = p.pages == 1 && pct(g, 80);
    size_t ring_seg = s->nsegs;
    if (gtref_stim_add_segment(s, RING_ADDR, GTREF_SEG_RING, NULL, p.size)) return -1;
    build_cycle(g, &p);
    size_t nb = 0;
    boundary *bounds = NULL;
    if (!g->oom) {
        p.start = choose_start(g, &p);
        place_cycle(&p, s->segs[ring_seg].bytes);
        bounds = plan_boundaries(g, &p, &nb);
    }
    if (!g->oom) program_host(g, &p, bounds, nb);
    free(bounds);
    free_plan(&p);
    return g->oom ? -1 : 0;
}

/* s is (re)initialised: what it held is freed. */
int gtref_stim_generate(gtref_stim *s, uint64_t seed, const gtref_gen_config *c)
{
    gtref_stim_free(s);
    if (!c || c->engines != 1 || c->max_cmds < c->min_cmds || c->max_cmds == 0) return -1;
    if (!c->w_noop && !c->w_lri && !c->w_sdi && !c->w_batch && !c->w_user_irq) return -1;
    const gtref_reg_def *gpr = gtref_reg_by_name("CS_GPR0");
    if (!gpr) return -1;
    gen g;
    memset(&g, 0, sizeof g);
    gtref_rng_seed(&g.rng, seed);
    g.cfg = c;
    g.s = s;
    g.next_batch = BATCH_BASE;
    g.gpr0 = gtref_reg_abs(gpr, 0);
    int rc = generate(&g, seed);
    free(g.batches);
    if (rc) gtref_stim_free(s);
    return rc;
}
