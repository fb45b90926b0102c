/* The constrained-random generator: one interesting test per seed, driving 1..4 engines at once.
 * Same seed and config, same bytes: the only random source is gtref_rng, and every choice is drawn with a
 * weight or percentage of gtref_gen_config (docs/stimulus-format.md §3).
 *
 * Memory contents are static for the whole test (the host program only does MMIO), so a ring that is
 * reused after the head wraps executes the same bytes again. The generator therefore builds each engine's
 * ring as one cycle of command chunks, placed circularly from a start offset; the host program submits the
 * chunk boundaries one after another through RING_TAIL, going round the cycle as many times as it likes:
 *
 *   laps mode   (most 1-page rings): the cycle fills the ring exactly (as many commands as fit, at most
 *               max_cmds, then NOOP filler chunks) and is submitted once or twice plus a partial lap, so the
 *               ring traffic exceeds the ring size and the head wraps once or several times;
 *   single mode (the other 1-page rings and every ring of 2..max_ring_pages pages): min_cmds..max_cmds
 *               commands, shorter than the ring, submitted once; a start offset near the end of the ring
 *               still makes the head wrap (once).
 *
 * A command straddles the end of the ring when the start offset puts it there (RING_HEAD and RING_TAIL
 * start at that offset, written while the ring is disabled). Tail values are chunk boundaries, QWORD aligned
 * (chunks are padded with MI_NOOP); some submissions first write a TAIL at a random QWORD inside what they
 * submit, often in the middle of a command (the engine must wait), then the boundary. Before a submission
 * that could leave more than ring size - 8 bytes unexecuted, the program waits for idle.
 *
 * Engines: the host program interleaves the engines' submissions in random order, sometimes back to back so
 * that the engines run concurrently. Each engine has its own ring, batch area and store area, disjoint, so
 * that each engine's memory writes come in a deterministic order.
 *
 * Illegal commands (malformed_pct of the seeds, gtref_gen_malformed): one in the ring or in a batch of some
 * engines. The engine halts there; the rest of its stream never executes. Once a wait_idle has made sure
 * it has halted (a halted engine counts as done for wait_idle), the host program submits to it only while
 * the tail stays within ring size - 8 bytes of the illegal command, so that it never laps the stuck head.
 *
 * Layout (docs/stimulus-format.md §3), engine e = 0..3 (RCS0, BCS0, VCS0, VECS0):
 *   ring     0x00100000 + e * 0x10000   1..max_ring_pages (<= 16) pages
 *   batches  0x00200000 + e * 0x80000   up to 0x00280000 + e * 0x80000
 *   stores   0x00400000 + e * 0x10000   64 KiB each, the first 256 bytes a hot area */
#include "gtref/cmds.h"
#include "gtref/engines.h"
#include "gtref/regs.h"
#include "gtref/rng.h"
#include "gtref/stim.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define RING_BASE      0x00100000u
#define RING_STRIDE    0x00010000u    /* room for 16 pages per engine */
#define BATCH_BASE     0x00200000u
#define BATCH_STRIDE   0x00080000u
#define STORE_BASE     0x00400000u
#define STORE_STRIDE   0x00010000u
#define STORE_HOT      0x100u
#define MAX_RING_PAGES (RING_STRIDE / 4096u)
#define MAX_CHUNK_CMDS 8u
#define MAX_CMD_DW     13u            /* the longest generated command: LRI with 6 registers */
#define MAX_CHUNK_DW   (MAX_CHUNK_CMDS * MAX_CMD_DW + 1u)
#define FILLER_DW      64u            /* NOOP filler comes in chunks of at most this many dwords */
#define IRQ_WAIT_CYCLES 5000u
#define MAX_LRI_POOL   64u

void gtref_gen_config_default(gtref_gen_config *c)
{
    memset(c, 0, sizeof *c);
    c->engines = 4;
    c->all_engines_pct = 75;
    c->min_cmds = 20;
    c->max_cmds = 200;
    c->w_noop = 10;
    c->w_lri = 30;
    c->w_sdi = 35;
    c->w_batch = 15;
    c->w_user_irq = 10;
    c->lri_other_pct = 15;
    c->lri_ignored_pct = 30;
    c->multi_page_pct = 25;
    c->max_ring_pages = 4;
    c->laps_pct = 80;
    c->split_tail_pct = 15;
    c->back_to_back_pct = 40;
    c->irq_closed_pct = 20;
    c->malformed_pct = 12;
    c->malformed_engine_pct = 50;
    c->malformed_batch_pct = 40;
    c->emr_unmask_pct = 50;
    c->w_bad_opcode = 1;
    c->w_bad_type = 1;
    c->w_bad_length = 1;
    c->w_bad_sdi = 1;
    c->w_bad_lri = 1;
}

/* ---- illegal commands ---- */

/* Everything the kit knows about command legality comes from the command table: gtref_cmds[],
 * gtref_cmd_find, gtref_cmd_length and gtref_cmd_legal. The result is checked against them. */
int gtref_gen_malformed(enum gtref_bad_kind kind, uint64_t (*next)(void *), void *ctx, uint32_t *dw0)
{
    uint32_t v = 0;
    bool found = false;
    switch (kind) {
    case GTREF_BAD_OPCODE: {          /* an MI opcode the table does not have; random low bits */
        unsigned first = (unsigned)(next(ctx) % 64u);
        for (unsigned i = 0; i < 64 && !found; i++) {
            uint32_t op = (first + i) % 64u;
            v = GTREF_MI_DW0(op) | ((uint32_t)next(ctx) & 0x007FFFFFu);
            found = gtref_cmd_find(v) == NULL;
        }
        break;
    }
    case GTREF_BAD_TYPE:              /* command type 1..7 (not MI) that the table does not define; the rest random */
        for (unsigned i = 0; i < 64 && !found; i++) {
            v = (uint32_t)(1u + next(ctx) % 7u) << 29 | ((uint32_t)next(ctx) & 0x1FFFFFFFu);
            found = gtref_cmd_find(v) == NULL;
        }
        break;
    case GTREF_BAD_LENGTH: {          /* a known variable-length command, DWord Length outside its range */
        unsigned first = (unsigned)(next(ctx) % GTREF_CMD_COUNT);
        for (unsigned i = 0; i < GTREF_CMD_COUNT && !found; i++) {
            const gtref_cmd_def *c = &gtref_cmds[(first + i) % GTREF_CMD_COUNT];
            if (c->type != 0 || !c->len_bits) continue;
            uint32_t fmax = (1u << c->len_bits) - 1u;
            unsigned below = c->min_len > c->bias ? c->min_len - c->bias : 0;      /* fields 0..below-1 */
            unsigned above = c->max_len < fmax + c->bias ? fmax + c->bias - c->max_len : 0; /* the top ones */
            if (!below && !above) continue;
            uint32_t k = (uint32_t)(next(ctx) % (below + above));
            if (next(ctx) & 1) k = below && (!above || (next(ctx) & 1)) ? below - 1u : below;  /* just outside */
            uint32_t f = k < below ? k : c->max_len - c->bias + 1u + (k - below);
            v = GTREF_MI_DW0(c->opcode) | f;
            found = gtref_cmd_find(v) == c && !gtref_cmd_legal(c, v, NULL, 0);
        }
        break;
    }
    case GTREF_BAD_SDI: {             /* length 4 with Store Qword, or length 5 without */
        const gtref_cmd_def *c = &gtref_cmds[GTREF_CMD_MI_STORE_DATA_IMM];
        bool qword = next(ctx) & 1;
        v = GTREF_MI_DW0(c->opcode) | (qword ? GTREF_SDI_STORE_QWORD | (4u - c->bias) : (5u - c->bias));
        if (next(ctx) & 1) v |= GTREF_SDI_USE_GGTT;
        found = gtref_cmd_find(v) == c && !gtref_cmd_legal(c, v, NULL, 0);
        break;
    }
    case GTREF_BAD_LRI: {             /* an even total length, inside the table's range */
        const gtref_cmd_def *c = &gtref_cmds[GTREF_CMD_MI_LOAD_REGISTER_IMM];
        unsigned lo = c->min_len + (c->min_len % 2), hi = c->max_len - (c->max_len % 2);
        if (hi < lo) break;
        unsigned len = lo + 2u * (unsigned)(next(ctx) % ((hi - lo) / 2u + 1u));
        if (len > 14 && (next(ctx) & 3)) len = lo + 2u * (unsigned)(next(ctx) % 6u);  /* mostly short ones */
        v = GTREF_MI_DW0(c->opcode) | (len - c->bias);
        if (next(ctx) & 1) v |= ((uint32_t)next(ctx) & 0xFu) << GTREF_LRI_BWD_SHIFT;
        found = gtref_cmd_find(v) == c && !gtref_cmd_legal(c, v, NULL, 0);
        break;
    }
    default: break;
    }
    if (!found) return -1;
    *dw0 = v;
    return 0;
}

/* ---- growable arrays ---- */

typedef struct dw_vec { uint32_t *v; size_t n, cap; } dw_vec;

typedef struct cmd_pos { uint32_t start, len; } cmd_pos;   /* dword offset in its chunk, length in dwords */

typedef struct chunk {
    dw_vec dw;
    cmd_pos *cmds; size_t ncmds;
    bool raises_irq;       /* an MI_USER_INTERRUPT in the chunk or in a batch it calls (before any halt) */
    bool bad;              /* holds an illegal command, or calls the batch that holds one */
} chunk;

typedef struct batch_ref { uint64_t addr; bool raises_irq; } batch_ref;

/* A point in the stream of submitted ring bytes where a chunk ends: a possible tail. */
typedef struct boundary {
    uint64_t pos;
    bool raises_irq;
    bool halts;            /* the chunk ending here holds (or calls) the illegal command: the engine halts */
    uint64_t chunk_pos;    /* stream position where that chunk starts */
} boundary;

/* Everything about one engine's part of the test. */
typedef struct engine_plan {
    int e;
    uint32_t ring_addr, pages, size;   /* ring size in bytes */
    bool laps_mode;
    chunk *chunks; size_t nchunks;
    uint32_t *chunk_start;     /* dword offset of each chunk in the cycle; [nchunks] = cycle length */
    uint32_t start;            /* ring offset (bytes, QWORD aligned) where the cycle starts */
    /* illegal command */
    long bad_at;               /* ring command index that is (or calls a batch with) the illegal command; -1 none */
    bool bad_in_batch, bad_placed, past_bad;
    unsigned ring_cmds;        /* ring commands made so far */
    /* batches and stores */
    uint64_t next_batch, batch_limit;
    batch_ref *batches; size_t nbatches;
    uint64_t store_base;
    /* LRI targets */
    uint32_t gpr0;
    uint32_t own_other[MAX_LRI_POOL]; size_t nown_other;   /* the engine's EMR, EIR, RING_MODE, ... */
    uint32_t ignored[MAX_LRI_POOL]; size_t nignored;       /* offsets LRI of this engine does not change */
    /* interrupts */
    bool irq_open, irq_masked, emr_unmasked;
    /* submissions */
    boundary *bounds; size_t nb, k;
    uint64_t pos, idle_pos, halt_pos;
    bool halt_submitted;       /* the illegal command is before the tail: the engine will halt there ... */
    bool halted;               /* ... and a wait_idle since then has made sure it has (head stuck there) */
} engine_plan;

typedef struct gen {
    gtref_rng rng;
    const gtref_gen_config *cfg;
    gtref_stim *s;
    bool oom;                  /* an allocation failed: the whole generation fails */
    engine_plan *p;            /* the engine being built */
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
static uint64_t rng_source(void *ctx) { return gtref_rng_next(ctx); }

/* Index drawn by weight; -1 when every weight is 0. */
static int pick_weighted(gen *g, const unsigned *w, int n)
{
    uint64_t total = 0;
    for (int i = 0; i < n; i++) total += w[i];
    if (!total) return -1;
    uint64_t x = range(g, 0, total - 1);
    for (int i = 0; i < n; i++) {
        if (x < w[i]) return i;
        x -= w[i];
    }
    return -1;
}

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
    int i = pick_weighted(g, w, 5);
    return i < 0 ? GC_NOOP : (enum gen_cmd)i;
}

static void emit_noop(gen *g, dw_vec *d, bool in_ring)
{
    /* MI_BATCH_BUFFER_END in the ring executes as MI_NOOP (spec decision C8): a corner worth visiting */
    push(g, d, in_ring && pct(g, 10) ? GTREF_MI_DW0(gtref_cmds[GTREF_CMD_MI_BATCH_BUFFER_END].opcode) : 0u);
}

/* The register an LRI slot writes: mostly one of the engine's 32 CS_GPRs; lri_other_pct of the time the
 * engine's other writable registers (EMR, EIR, RING_MODE) or an offset it ignores (spec decision C6). */
static uint32_t lri_target(gen *g)
{
    engine_plan *p = g->p;
    if (pct(g, g->cfg->lri_other_pct)) {
        if (p->nignored && pct(g, g->cfg->lri_ignored_pct)) return p->ignored[range(g, 0, p->nignored - 1)];
        if (p->nown_other) return p->own_other[range(g, 0, p->nown_other - 1)];
    }
    return p->gpr0 + 4u * (uint32_t)range(g, 0, 31);
}

static void emit_lri(gen *g, dw_vec *d)
{
    unsigned nregs = (unsigned)range(g, 1, 6);
    const gtref_cmd_def *c = &gtref_cmds[GTREF_CMD_MI_LOAD_REGISTER_IMM];
    uint32_t dw0 = GTREF_MI_DW0(c->opcode) | (2u * nregs + 1u - c->bias);
    if (pct(g, 20)) dw0 |= (uint32_t)range(g, 1, 15) << GTREF_LRI_BWD_SHIFT;
    push(g, d, dw0);
    for (unsigned i = 0; i < nregs; i++) {
        push(g, d, lri_target(g));
        push(g, d, data32(g));
    }
}

static uint64_t store_addr(gen *g, bool qword)
{
    uint64_t base = g->p->store_base;
    uint32_t span = pct(g, 40) ? STORE_HOT : STORE_STRIDE;   /* a hot area: stores that overwrite each other */
    if (!qword) return base + 4u * range(g, 0, span / 4 - 1);
    if (pct(g, 75)) return base + 8u * range(g, 0, span / 8 - 1);
    return base + 4u + 8u * range(g, 0, span / 8 - 2);      /* 4-aligned qword: two writes */
}

static void emit_sdi(gen *g, dw_vec *d)
{
    bool qword = pct(g, 40);
    uint64_t a = store_addr(g, qword);
    const gtref_cmd_def *c = &gtref_cmds[GTREF_CMD_MI_STORE_DATA_IMM];
    uint32_t dw0 = GTREF_MI_DW0(c->opcode) | (qword ? 5u - c->bias : 4u - c->bias);
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
    const gtref_cmd_def *c = &gtref_cmds[GTREF_CMD_MI_BATCH_BUFFER_START];
    uint32_t dw0 = GTREF_MI_DW0(c->opcode) | (3u - c->bias);
    if (pct(g, 10)) dw0 |= GTREF_BBS_PPGTT;   /* recorded, identity-mapped (spec decision C10) */
    push(g, d, dw0);
    push(g, d, (uint32_t)addr);
    push(g, d, (uint32_t)(addr >> 32));
}

/* An illegal command: its DW0 (a kind drawn with the w_bad_* weights) and 0..3 random dwords the engine
 * never reads (it halts at DW0). Falls back to another kind when the table leaves none of the drawn one. */
static void emit_malformed(gen *g, dw_vec *d)
{
    const gtref_gen_config *c = g->cfg;
    unsigned w[GTREF_BAD_KINDS] = { c->w_bad_opcode, c->w_bad_type, c->w_bad_length, c->w_bad_sdi, c->w_bad_lri };
    int kind = pick_weighted(g, w, GTREF_BAD_KINDS);
    uint32_t dw0 = 0;
    if (kind < 0 || gtref_gen_malformed((enum gtref_bad_kind)kind, rng_source, &g->rng, &dw0))
        gtref_gen_malformed(GTREF_BAD_TYPE, rng_source, &g->rng, &dw0);   /* always possible */
    push(g, d, dw0);
    unsigned junk = (unsigned)range(g, 0, 3);
    for (unsigned i = 0; i < junk; i++) push(g, d, data32(g));
}

/* Room for a new batch, a chained one and the gaps, whatever make_batch draws. */
#define BATCH_WORST (2u * (4u * (MAX_CHUNK_CMDS * MAX_CMD_DW + 4) + 128))

/* A new batch segment: 1..8 commands, then MI_BATCH_BUFFER_END, or (when chaining is allowed, sometimes)
 * MI_BATCH_BUFFER_START to a further new batch. With bad, one of its commands is an illegal one (and it
 * does not chain). Returns its address; *irq says whether it (or what it chains to) raises a user
 * interrupt before any illegal command. */
static uint64_t make_batch(gen *g, bool may_chain, bool bad, bool *irq)
{
    engine_plan *p = g->p;
    dw_vec d = { 0 };
    *irq = false;
    unsigned n = (unsigned)range(g, 1, MAX_CHUNK_CMDS);
    unsigned bad_at = bad ? (unsigned)range(g, 0, n - 1) : n;
    for (unsigned i = 0; i < n; i++) {
        if (i == bad_at) {
            emit_malformed(g, &d);
            continue;
        }
        switch (pick_cmd(g, true)) {
        case GC_LRI: emit_lri(g, &d); break;
        case GC_SDI: emit_sdi(g, &d); break;
        case GC_USER_IRQ: emit_user_irq(g, &d); *irq |= i < bad_at; break;
        default: emit_noop(g, &d, false); break;
        }
    }
    uint64_t need = 4u * (d.n + 3) + 64 + 4u * (MAX_CHUNK_CMDS * MAX_CMD_DW + 1) + 64;
    bool chain = may_chain && !bad && pct(g, 15) && p->next_batch + need <= p->batch_limit;
    uint64_t addr = p->next_batch;
    if (!pct(g, 70)) addr += 4u * range(g, 1, 15);        /* not line aligned */
    uint64_t end = addr + 4u * (d.n + (chain ? 3 : 1));
    p->next_batch = (end + 63) & ~63ull;
    if (chain) {
        bool chained_irq;
        uint64_t next = make_batch(g, false, false, &chained_irq);
        *irq |= chained_irq;
        emit_bbs(g, &d, next);
    } else {
        push(g, &d, GTREF_MI_DW0(gtref_cmds[GTREF_CMD_MI_BATCH_BUFFER_END].opcode));
    }
    if (!g->oom && gtref_stim_add_segment(g->s, addr, GTREF_SEG_BATCH, d.v, (uint32_t)(4u * d.n))) g->oom = true;
    free(d.v);
    return addr;
}

/* Call a batch from the ring: a new one, or sometimes one made earlier (never one with an illegal
 * command). With bad, a new batch holding an illegal command; false when there is no room for it. */
static bool emit_batch_call(gen *g, dw_vec *d, bool bad, bool *irq)
{
    engine_plan *p = g->p;
    uint64_t addr;
    bool room = p->next_batch + BATCH_WORST <= p->batch_limit;
    if (bad && !room) return false;
    if (!bad && p->nbatches && (pct(g, 20) || !room)) {
        const batch_ref *b = &p->batches[range(g, 0, p->nbatches - 1)];
        addr = b->addr;
        *irq = b->raises_irq;
    } else {
        addr = make_batch(g, true, bad, irq);
        if (!bad) {
            batch_ref *nb = realloc(p->batches, (p->nbatches + 1) * sizeof *nb);
            if (!nb) { g->oom = true; return true; }
            p->batches = nb;
            p->batches[p->nbatches++] = (batch_ref){ addr, *irq };
        }
    }
    emit_bbs(g, d, addr);
    return true;
}

static void chunk_add_cmd(gen *g, chunk *c, uint32_t start)
{
    cmd_pos *nc = realloc(c->cmds, (c->ncmds + 1) * sizeof *nc);
    if (!nc) { g->oom = true; return; }
    c->cmds = nc;
    c->cmds[c->ncmds++] = (cmd_pos){ start, (uint32_t)(c->dw.n - start) };
}

/* The engine's illegal command, as a ring command of chunk c: in the ring itself, or (malformed_batch_pct,
 * when the batch area has room) a call of a new batch that holds it. */
static void emit_bad_ring_cmd(gen *g, chunk *c, bool *irq)
{
    engine_plan *p = g->p;
    if (!(p->bad_in_batch && emit_batch_call(g, &c->dw, true, irq))) {
        p->bad_in_batch = false;
        emit_malformed(g, &c->dw);
    }
    c->bad = true;
    p->bad_placed = true;
}

/* A chunk of ring commands (ncmds of them), padded with MI_NOOP to a QWORD multiple. */
static void make_chunk(gen *g, chunk *c, unsigned ncmds)
{
    engine_plan *p = g->p;
    for (unsigned i = 0; i < ncmds && !g->oom; i++) {
        uint32_t start = (uint32_t)c->dw.n;
        bool irq = false;
        if (p->bad_at >= 0 && p->ring_cmds == (unsigned long)p->bad_at) {
            emit_bad_ring_cmd(g, c, &irq);
        } else {
            switch (pick_cmd(g, false)) {
            case GC_NOOP: emit_noop(g, &c->dw, true); break;
            case GC_LRI: emit_lri(g, &c->dw); break;
            case GC_SDI: emit_sdi(g, &c->dw); break;
            case GC_BATCH: emit_batch_call(g, &c->dw, false, &irq); break;
            case GC_USER_IRQ: emit_user_irq(g, &c->dw); irq = true; break;
            }
        }
        if (!p->past_bad) c->raises_irq |= irq;   /* nothing after the illegal command executes */
        if (c->bad) p->past_bad = true;
        p->ring_cmds++;
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

static void free_plan(engine_plan *p)
{
    free_chunks(p->chunks, p->nchunks);
    free(p->chunk_start);
    free(p->batches);
    free(p->bounds);
}

/* ---- the ring: a cycle of chunks ---- */

/* The chunks of the cycle (laps mode: exactly the ring size; single mode: at most ring size - 8 bytes). */
static void build_cycle(gen *g, engine_plan *p)
{
    uint32_t ring_dw = p->size / 4u, capacity_dw = p->laps_mode ? ring_dw : ring_dw - 2u;
    /* laps mode fills the ring with as many commands as it holds (at most max_cmds), single mode draws */
    unsigned want = p->laps_mode ? g->cfg->max_cmds : (unsigned)range(g, g->cfg->min_cmds, g->cfg->max_cmds);
    if (p->bad_at >= 0) p->bad_at = (long)range(g, 0, want ? want - 1 : 0);
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
    /* the illegal command was drawn past what fits: one more small chunk for it, if that fits */
    if (p->bad_at >= 0 && !p->bad_placed && used_dw + 2u * (MAX_CMD_DW / 2u + 2u) <= capacity_dw && !g->oom) {
        chunk *c = insert_chunk(g, &p->chunks, &p->nchunks, p->nchunks);
        if (!c) return;
        p->bad_at = p->ring_cmds;
        p->bad_in_batch = false;      /* a ring one: no room guaranteed for a batch call any more */
        make_chunk(g, c, 1);
        used_dw += (uint32_t)c->dw.n;
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
static uint32_t choose_start(gen *g, const engine_plan *p)
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

static void place_cycle(const engine_plan *p, uint8_t *ring)
{
    uint64_t k = 0;
    for (size_t i = 0; i < p->nchunks; i++)
        for (size_t j = 0; j < p->chunks[i].dw.n; j++, k++) {
            uint32_t off = (uint32_t)((p->start + 4u * k) % p->size), v = p->chunks[i].dw.v[j];
            for (unsigned b = 0; b < 4; b++) ring[off + b] = (uint8_t)(v >> (8 * b));
        }
}

/* The chunk boundaries in submission order: the cycle once or twice, then part of it (laps mode). Once the
 * chunk with the illegal command has gone by, nothing raises an interrupt any more. */
static void plan_boundaries(gen *g, engine_plan *p)
{
    uint32_t laps = p->laps_mode && pct(g, 30) ? 2 : 1;
    size_t partial = p->laps_mode ? (size_t)range(g, 0, p->nchunks - 1) : 0;
    p->nb = laps * p->nchunks + partial;
    p->bounds = malloc(p->nb * sizeof *p->bounds);
    if (!p->bounds) { g->oom = true; return; }
    uint64_t cycle_bytes = 4ull * p->chunk_start[p->nchunks];
    bool halted = false;
    for (size_t k = 0; k < p->nb; k++) {
        size_t lap = k / p->nchunks, c = k % p->nchunks;
        const chunk *ch = &p->chunks[c];
        bool halts = !halted && ch->bad;
        p->bounds[k] = (boundary){ lap * cycle_bytes + 4ull * p->chunk_start[c + 1], !halted && ch->raises_irq, halts,
                                   lap * cycle_bytes + 4ull * p->chunk_start[c] };
        halted |= halts;
    }
}

/* The LRI target pools of engine e: its writable registers other than the CS_GPRs and the ring registers
 * (contract §8: never RING_HEAD/START/CTL while busy; RING_TAIL is the host's), and offsets it ignores. */
static void lri_pools(engine_plan *p, int engines)
{
    for (size_t i = 0; i < gtref_nregs; i++) {
        const gtref_reg_def *d = &gtref_regs[i];
        bool ring_reg = d->offset == GTREF_RING_TAIL || d->offset == GTREF_RING_HEAD || d->offset == GTREF_RING_START ||
                        d->offset == GTREF_RING_CTL;
        if (!(d->flags & GTREF_REGF_ENGINE)) {
            if (p->nignored < MAX_LRI_POOL && (d->rw_mask || d->w1c_mask)) p->ignored[p->nignored++] = d->offset;
            continue;
        }
        if (ring_reg || strncmp(d->name, "CS_GPR", 6) == 0) continue;
        if ((d->rw_mask || d->w1c_mask) && p->nown_other < MAX_LRI_POOL) p->own_other[p->nown_other++] = gtref_reg_abs(d, p->e);
        for (int o = 0; o < engines; o++)       /* the same register of another engine */
            if (o != p->e && p->nignored < MAX_LRI_POOL && (d->rw_mask || d->w1c_mask))
                p->ignored[p->nignored++] = gtref_reg_abs(d, o);
    }
    for (int o = 0; o < engines; o++)           /* another engine's CS_GPR0 */
        if (o != p->e && p->nignored < MAX_LRI_POOL) p->ignored[p->nignored++] = gtref_engines[o].base + 0x600u;
    if (p->nignored < MAX_LRI_POOL) p->ignored[p->nignored++] = gtref_engines[p->e].base + 0x700u;   /* unknown */
}

/* ---- host program ---- */

static void op(gen *g, uint8_t code, uint32_t off, uint32_t val, uint32_t cycles)
{
    if (!g->oom && gtref_stim_add_op(g->s, code, off, val, cycles)) g->oom = true;
}

static uint32_t intr_dw_reg(const gtref_engine_def *ed) { return ed->intr_dw ? GTREF_GT_INTR_DW1 : GTREF_GT_INTR_DW0; }

/* Setup with every ring disabled: ring registers, EMR, interrupt enables and masks. The enable registers
 * are shared by two engines each and the mask fields sit where the engine table says (spec decisions I1-I2):
 * each register is written once with the fields of every engine of the test. */
static void program_setup(gen *g, engine_plan *plans, size_t np)
{
    for (size_t i = 0; i < np; i++) {
        const engine_plan *p = &plans[i];
        uint32_t base = gtref_engines[p->e].base;
        op(g, GTREF_HOST_WRITE, base + GTREF_RING_CTL, 0, 0);
        op(g, GTREF_HOST_WRITE, base + GTREF_RING_START, p->ring_addr, 0);
        op(g, GTREF_HOST_WRITE, base + GTREF_RING_HEAD, p->start, 0);
        op(g, GTREF_HOST_WRITE, base + GTREF_RING_TAIL, p->start, 0);
        if (p->emr_unmasked) op(g, GTREF_HOST_WRITE, base + GTREF_EMR, ~(uint32_t)GTREF_ERR_INSTRUCTION, 0);
    }
    op(g, GTREF_HOST_WRITE, GTREF_GFX_MSTR_IRQ, GTREF_MSTR_IRQ_ENABLE, 0);
    uint32_t regs[2 * GTREF_MAX_ENGINES], vals[2 * GTREF_MAX_ENGINES];
    size_t nregs = 0;
    for (size_t i = 0; i < np; i++) {
        const engine_plan *p = &plans[i];
        const gtref_engine_def *ed = &gtref_engines[p->e];
        uint32_t bits = GTREF_IRQ_USER | GTREF_IRQ_CS_MASTER_ERROR;
        uint32_t en = p->irq_open || p->irq_masked ? bits << ed->intr_enable_shift : 0;
        /* open: enabled and unmasked; masked: enabled, masked; disabled: unmasked, not enabled */
        uint32_t unmask = p->irq_open || !p->irq_masked ? bits << ed->intr_mask_shift : 0;
        for (int pass = 0; pass < 2; pass++) {
            uint32_t reg = pass ? ed->intr_mask_reg : ed->intr_enable_reg;
            size_t j = 0;
            while (j < nregs && regs[j] != reg) j++;
            if (j == nregs) {
                regs[nregs] = reg;
                vals[nregs++] = pass ? 0xFFFFFFFFu : 0u;
            }
            if (pass) vals[j] &= ~unmask;
            else vals[j] |= en;
        }
    }
    for (size_t j = 0; j < nregs; j++) op(g, GTREF_HOST_WRITE, regs[j], vals[j], 0);
    for (size_t i = 0; i < np; i++)
        op(g, GTREF_HOST_WRITE, gtref_engines[plans[i].e].base + GTREF_RING_CTL,
           ((plans[i].pages - 1u) << GTREF_CTL_LEN_SHIFT) | GTREF_CTL_ENABLE, 0);
}

/* wait_idle: every engine has executed all it was given, or halted at its illegal command. */
static void wait_idle(gen *g, engine_plan *plans, size_t np)
{
    op(g, GTREF_HOST_WAIT_IDLE, 0, 0, 0);
    for (size_t i = 0; i < np; i++) {
        plans[i].idle_pos = plans[i].pos;
        plans[i].halted |= plans[i].halt_submitted;
    }
}

/* One submission of engine p: 1..4 chunks through RING_TAIL (sometimes a TAIL inside them first). Sets
 * *irq when the submitted chunks raise a user interrupt. False when the engine has nothing more to submit. */
static bool submit(gen *g, engine_plan *plans, size_t np, engine_plan *p, bool *irq)
{
    uint32_t tail = gtref_engines[p->e].base + GTREF_RING_TAIL;
    uint64_t limit = p->size - 8u;             /* most unexecuted bytes the ring may hold */
    size_t group = (size_t)range(g, 1, 4);
    if (group > p->nb - p->k) group = p->nb - p->k;
    while (group > 1 && p->bounds[p->k + group - 1].pos - p->pos > limit) group--;
    uint64_t next = p->bounds[p->k + group - 1].pos;
    /* A halted engine's head stays at (or just after the batch call of) its illegal command, at or after
     * halt_pos: never lap it. Until a wait_idle has made sure the engine got there, its head may be anywhere
     * since the last wait_idle, like any engine's. */
    if (p->halt_submitted && next - p->halt_pos > limit) {
        p->k = p->nb;
        return false;
    }
    if (!p->halted && next - p->idle_pos > limit) wait_idle(g, plans, np);
    if (next - p->pos >= 16 && pct(g, g->cfg->split_tail_pct)) {
        /* a TAIL at any QWORD strictly inside the submission, often in the middle of a command: the engine
         * executes up to it and waits; then the real boundary, after a while or at once */
        uint64_t mid = p->pos + 8u * range(g, 1, (next - p->pos) / 8u - 1u);
        op(g, GTREF_HOST_WRITE, tail, (uint32_t)((p->start + mid) % p->size), 0);
        if (pct(g, 70)) op(g, GTREF_HOST_WAIT, 0, 0, (uint32_t)range(g, 1, 300));
    }
    op(g, GTREF_HOST_WRITE, tail, (uint32_t)((p->start + next) % p->size), 0);
    *irq = false;
    for (size_t j = p->k; j < p->k + group; j++) {
        *irq |= p->bounds[j].raises_irq;
        if (p->bounds[j].halts) {
            p->halt_submitted = true;
            p->halt_pos = p->bounds[j].chunk_pos;
        }
    }
    p->pos = next;
    p->k += group;
    return true;
}

static void program_host(gen *g, engine_plan *plans, size_t np)
{
    program_setup(g, plans, np);

    /* the engines' submissions, interleaved in random order */
    for (;;) {
        size_t live = 0, pick;
        for (size_t i = 0; i < np; i++) live += plans[i].k < plans[i].nb;
        if (!live || g->oom) break;
        pick = (size_t)range(g, 0, live - 1);
        engine_plan *p = plans;
        for (size_t i = 0; i < np; i++)
            if (plans[i].k < plans[i].nb && pick-- == 0) p = &plans[i];
        bool irq;
        if (!submit(g, plans, np, p, &irq)) continue;
        if (pct(g, g->cfg->back_to_back_pct)) continue;   /* the next submission at once: engines overlap */
        const gtref_engine_def *ed = &gtref_engines[p->e];
        if (irq && p->irq_open && pct(g, 50)) {
            op(g, GTREF_HOST_WAIT_IRQ, 0, 0, IRQ_WAIT_CYCLES);
            op(g, GTREF_HOST_READ, intr_dw_reg(ed), 0, 0);
            op(g, GTREF_HOST_WRITE, intr_dw_reg(ed), 1u << ed->intr_bit, 0);
        } else if (pct(g, 25)) {
            op(g, GTREF_HOST_WAIT, 0, 0, (uint32_t)range(g, 1, 400));
        } else if (p->k < p->nb && pct(g, 5)) {
            wait_idle(g, plans, np);
            op(g, GTREF_HOST_READ, ed->base + GTREF_RING_HEAD, 0, 0);
        }
    }

    /* the end: idle, then a few registers of every engine */
    op(g, GTREF_HOST_WAIT_IDLE, 0, 0, 0);
    bool dw1 = false;
    for (size_t i = 0; i < np; i++) {
        const engine_plan *p = &plans[i];
        uint32_t base = gtref_engines[p->e].base;
        dw1 |= gtref_engines[p->e].intr_dw != 0;
        op(g, GTREF_HOST_READ, base + GTREF_RING_HEAD, 0, 0);
        op(g, GTREF_HOST_READ, base + GTREF_RING_TAIL, 0, 0);
        if (p->bad_at >= 0) {
            op(g, GTREF_HOST_READ, base + GTREF_ESR, 0, 0);
            op(g, GTREF_HOST_READ, base + GTREF_EIR, 0, 0);
        }
        unsigned nread = (unsigned)range(g, 2, 4);
        for (unsigned j = 0; j < nread; j++) op(g, GTREF_HOST_READ, p->gpr0 + 4u * (uint32_t)range(g, 0, 31), 0, 0);
    }
    op(g, GTREF_HOST_READ, GTREF_GT_INTR_DW0, 0, 0);
    if (dw1) op(g, GTREF_HOST_READ, GTREF_GT_INTR_DW1, 0, 0);
}

/* The plan of engine e: ring size and mode, interrupts, illegal command, then its chunks and ring bytes. */
static void build_engine(gen *g, engine_plan *p, int e, bool bad, int engines, uint32_t gpr0_rel)
{
    const gtref_gen_config *c = g->cfg;
    p->e = e;
    p->ring_addr = RING_BASE + (uint32_t)e * RING_STRIDE;
    p->next_batch = BATCH_BASE + (uint64_t)e * BATCH_STRIDE;
    p->batch_limit = p->next_batch + BATCH_STRIDE;
    p->store_base = STORE_BASE + (uint64_t)e * STORE_STRIDE;
    p->gpr0 = gtref_engines[e].base + gpr0_rel;
    lri_pools(p, engines);
    /* multi-page rings are only used in single mode: filling one for laps would take thousands of commands */
    p->pages = c->max_ring_pages > 1 && pct(g, c->multi_page_pct) ? (uint32_t)range(g, 2, c->max_ring_pages) : 1;
    p->size = p->pages * 4096u;
    p->laps_mode = p->pages == 1 && pct(g, c->laps_pct);
    bool closed = pct(g, c->irq_closed_pct);
    p->irq_open = !closed;
    p->irq_masked = closed && pct(g, 50);
    p->bad_at = bad ? 0 : -1;                      /* drawn in build_cycle */
    p->bad_in_batch = bad && pct(g, c->malformed_batch_pct);
    p->emr_unmasked = bad && pct(g, c->emr_unmask_pct);

    size_t ring_seg = g->s->nsegs;
    if (gtref_stim_add_segment(g->s, p->ring_addr, GTREF_SEG_RING, NULL, p->size)) { g->oom = true; return; }
    build_cycle(g, p);
    if (g->oom) return;
    if (p->bad_at >= 0 && !p->bad_placed) p->bad_at = -1;   /* did not fit: this engine stays legal */
    p->start = choose_start(g, p);
    place_cycle(p, g->s->segs[ring_seg].bytes);
    plan_boundaries(g, p);
}

static int generate(gen *g, uint64_t seed, uint32_t gpr0_rel)
{
    const gtref_gen_config *c = g->cfg;
    gtref_stim *s = g->s;
    snprintf(s->name, sizeof s->name, "rand-%" PRIu64, seed);
    s->seed = seed;
    s->lat.rd_lat_min = (uint16_t)range(g, 1, 4);
    s->lat.rd_lat_max = (uint16_t)range(g, s->lat.rd_lat_min, 40);
    s->lat.req_ready_pct = (uint8_t)range(g, 30, 100);
    s->hang_cycles = 3000;
    s->max_cycles = 2000000;

    /* which engines: all of them, or a random non-empty proper subset */
    unsigned n = c->engines, all = (1u << n) - 1u;
    unsigned mask = n == 1 || pct(g, c->all_engines_pct) ? all : (unsigned)range(g, 1, all - 1);
    /* which of them get an illegal command */
    unsigned bad = 0;
    if (pct(g, c->malformed_pct)) {
        for (unsigned e = 0; e < n; e++)
            if ((mask >> e & 1) && pct(g, c->malformed_engine_pct)) bad |= 1u << e;
        if (!bad) {
            unsigned k = (unsigned)range(g, 0, (unsigned)__builtin_popcount(mask) - 1);
            for (unsigned e = 0; e < n; e++)
                if ((mask >> e & 1) && k-- == 0) bad = 1u << e;
        }
    }
    engine_plan plans[GTREF_MAX_ENGINES];
    memset(plans, 0, sizeof plans);
    size_t np = 0;
    int highest = 0;
    for (unsigned e = 0; e < n && !g->oom; e++) {
        if (!(mask >> e & 1)) continue;
        g->p = &plans[np++];
        build_engine(g, g->p, (int)e, bad >> e & 1, (int)n, gpr0_rel);
        highest = (int)e;
    }
    s->engines = (uint8_t)(highest + 1);
    if (!g->oom) program_host(g, plans, np);
    for (size_t i = 0; i < np; i++) free_plan(&plans[i]);
    return g->oom ? -1 : 0;
}

/* s is (re)initialised: what it held is freed. */
int gtref_stim_generate(gtref_stim *s, uint64_t seed, const gtref_gen_config *c)
{
    gtref_stim_free(s);
    if (!c || c->engines < 1 || c->engines > GTREF_MAX_ENGINES || c->max_cmds < c->min_cmds || c->max_cmds == 0)
        return -1;
    if (!c->w_noop && !c->w_lri && !c->w_sdi && !c->w_batch && !c->w_user_irq) return -1;
    if (c->max_ring_pages < 1 || c->max_ring_pages > MAX_RING_PAGES) return -1;
    const unsigned pcts[] = { c->all_engines_pct, c->lri_other_pct, c->lri_ignored_pct, c->multi_page_pct, c->laps_pct,
                              c->split_tail_pct, c->back_to_back_pct, c->irq_closed_pct, c->malformed_pct,
                              c->malformed_engine_pct, c->malformed_batch_pct, c->emr_unmask_pct };
    for (size_t i = 0; i < sizeof pcts / sizeof pcts[0]; i++)
        if (pcts[i] > 100) return -1;
    const gtref_reg_def *gpr = gtref_reg_by_name("CS_GPR0");
    if (!gpr) return -1;
    gen g;
    memset(&g, 0, sizeof g);
    gtref_rng_seed(&g.rng, seed);
    g.cfg = c;
    g.s = s;
    int rc = generate(&g, seed, gpr->offset);
    if (rc) gtref_stim_free(s);
    return rc;
}
