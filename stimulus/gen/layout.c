/* The constrained-random generator (docs/stimulus-format.md §3), layout.c: batches, ring chunks and the ring cycle:
 * where the emitted commands are laid out. What the generator's files share: gen_internal.h. */
#include "gen_internal.h"

/* ---- batches ---- */


bool gen_batch_room(const gen *g, const engine_plan *p, int v, unsigned n)
{
    return p->next_batch[v] + (uint64_t)(p->open_batches + n) * g->batch_max <= p->batch_limit[v];
}

static void add_batch_ref(gen *g, int level, batch_ref r)
{
    engine_plan *p = g->p;
    batch_ref *nb = realloc(p->batches[level], (p->nbatches[level] + 1) * sizeof *nb);
    if (!nb) { g->oom = true; return; }
    p->batches[level] = nb;
    p->batches[level][p->nbatches[level]++] = r;
}

/* A new batch segment at `level` (1 or 2) in view v: 1..8 commands, then MI_BATCH_BUFFER_END, or (chain_pct) a
 * MI_BATCH_BUFFER_START chaining to a further batch at the same level (in the view its own bit selects).
 * bad_depth 1: one of its commands is the stopping one (illegal, or a page fault); 2: one of them calls a
 * second-level batch that holds it (nothing before it may end the batch). Returns its address (*len its bytes);
 * *irq: it surely raises a user interrupt before any stopping command. The two lines after its end are mapped
 * (prefetch, docs/gam.md §5). */
static uint64_t make_batch(gen *g, int level, bool nonpriv, int v, int bad_depth, bool keep, bool *irq, uint32_t *len,
                           bool *may_end)
{
    engine_plan *p = g->p;
    dw_vec d = { 0 };
    ectx x = { &d, level, nonpriv, true, bad_depth > 0 || keep, false, false, false, false };
    p->open_batches++;
    unsigned n = (unsigned)range(g, 1, MAX_CHUNK_CMDS);
    unsigned bad_at = bad_depth ? (unsigned)range(g, 0, n - 1) : n;
    for (unsigned i = 0; i < n && !g->oom; i++) {
        if (i == bad_at) {
            if (bad_depth == 1) gen_emit_malformed(g, &x);
            else gen_emit_batch_call(g, &x, bad_depth - 1, false);
            break;                     /* nothing after the stopping command executes */
        }
        gen_emit_cmd(g, &x, 0);
    }
    /* a chain: its effective bit (C10) is its ppgtt bit OR this batch's, at both levels: it decides the privilege and
     * the space the next batch is fetched through (GAM-2); `second` is ignored at second level */
    bool chain = !bad_depth && pct(g, g->cfg->chain_pct);
    bool cbit = level == 1 ? pct(g, g->cfg->nonpriv_pct) : pct(g, pp2(g, 50));
    bool cnp = cbit || nonpriv;
    int cv = gen_view_of(p, !cnp);
    chain = chain && gen_batch_room(g, p, cv, 1);
    p->open_batches--;
    uint64_t addr = p->next_batch[v];
    if (!pct(g, 70)) addr += 8u * range(g, 1, 7);         /* not line aligned, QWord aligned (KBL-OVW L657) */
    uint64_t end = addr + 4u * (d.n + (chain ? 3 : 1));
    p->next_batch[v] = (end + 63) & ~63ull;
    if (bad_depth) {
        push(g, &d, gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_BATCH_BUFFER_END], 1));
    } else if (chain) {
        bool chained_irq, chained_end;
        uint32_t clen;
        uint64_t next = make_batch(g, level, cnp, cv, 0, keep, &chained_irq, &clen, &chained_end);
        x.may_end |= chained_end;
        x.irq |= x.certain && chained_irq;
        gen_emit_bbs(g, &x, next, cbit, level == 2 ? pct(g, 50) : false, false);
    } else {
        push(g, &d, gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_BATCH_BUFFER_END], 1));
    }
    if (!g->oom) {
        gen_vwrite(g, gen_spi_of(p, v), addr, d.v, (uint32_t)(4u * d.n), GTREF_SEG_BATCH);
        gen_map_range(g, gen_spi_of(p, v), addr + 4u * d.n, PREFETCH_BYTES);
    }
    *len = (uint32_t)(4u * d.n);
    free(d.v);
    *irq = x.irq;
    *may_end = x.may_end;
    return addr;
}

/* Batch b reached through view v at a second address (alias seeds): fresh pages of v's batch area mapped to b's
 * physical pages (its bytes and the two lines after them), so the same bytes run from either address. 0 when
 * there is no room. */
static uint64_t alias_batch(gen *g, engine_plan *p, const batch_ref *b, int v)
{
    uint64_t first = b->addr & ~0xFFFull, last = (b->addr + b->len + PREFETCH_BYTES - 1u) & ~0xFFFull;
    uint64_t pages = (last - first) / PAGE + 1u;
    uint64_t dst = (p->next_batch[v] + PREFETCH_BYTES + PAGE - 1u) & ~0xFFFull;   /* past any prefetch page */
    if (dst + pages * PAGE + (uint64_t)(p->open_batches + 1u) * g->batch_max > p->batch_limit[v]) return 0;
    space *ds = &g->sp[gen_spi_of(p, v)];
    for (uint64_t k = 0; k < pages; k++)
        if (gen_vfind(ds, (dst >> 12) + k)) return 0;
    for (uint64_t k = 0; k < pages; k++)
        gen_map_alias(g, gen_spi_of(p, v), dst + k * PAGE, gen_map_page(g, gen_spi_of(p, b->view), first + k * PAGE));
    p->next_batch[v] = dst + pages * PAGE;
    return dst + (b->addr & 0xFFFu);
}

/* Call a batch from x: from the ring a first-level batch (nonpriv_pct of them started with ppgtt: non-privileged,
 * fetched through the PPGTT when the engine has one), from a first level a second-level one (30% with ppgtt). Its
 * effective bit (C10) is its own OR x's: a second level of a PPGTT first level is PPGTT whatever its own bit (70% of
 * them 0), one of a GGTT first level follows its own bit; the effective bit picks the space and the privilege. A new
 * one, or sometimes one made earlier (never one holding the stopping command) with the same effective bit (from a
 * GGTT batch, its own bit set to match), sometimes through an alias (alias seeds). With bad_depth, a new batch
 * leading to the stopping command. False when there is no room. */
bool gen_emit_batch_call(gen *g, ectx *x, int bad_depth, bool predicate)
{
    engine_plan *p = g->p;
    int level = x->level + 1;
    if (level > 2) return false;
    bool ppgtt = level == 1 ? pct(g, g->cfg->nonpriv_pct) : pct(g, pp2(g, 30));   /* its own Address Space Indicator */
    if (bad_depth && gen_bad_needs_priv(p)) ppgtt = false;
    /* C10: PPGTT (fetched through the PPGTT, non-privileged) when its own bit or the calling batch's effective bit is
     * set; from the ring its own bit alone */
    bool nonpriv = ppgtt || x->nonpriv;
    int v = gen_view_of(p, !nonpriv);
    bool room = gen_batch_room(g, p, v, bad_depth ? (unsigned)bad_depth : 1u);
    uint64_t addr;
    bool irq, may_end = false;
    if (bad_depth && !room) return false;
    const batch_ref *b = !bad_depth && p->nbatches[level] && (pct(g, 20) || !room)
                             ? &p->batches[level][range(g, 0, p->nbatches[level] - 1)] : NULL;
    /* one made for the other privilege: from a PPGTT batch never a privileged one; from a GGTT one, with its bit */
    if (b && b->nonpriv != nonpriv) {
        if (x->nonpriv) b = NULL;
        else {
            ppgtt = nonpriv = b->nonpriv;
            v = gen_view_of(p, !nonpriv);
        }
    }
    if (b) {
        /* on the path to the stopping command, never a second-level batch that may end both levels (C26) */
        if (x->keep_certain && b->may_end) return false;
        addr = b->addr;
        irq = b->raises_irq;
        may_end = b->may_end;
        uint64_t al = g->alias && pct(g, 30) && pct(g, 60) ? alias_batch(g, p, b, v) : 0;
        if (al) addr = al;
    } else if (room) {
        uint32_t len;
        addr = make_batch(g, level, nonpriv, v, bad_depth, x->keep_certain && level == 2, &irq, &len, &may_end);
        if (!bad_depth) add_batch_ref(g, level, (batch_ref){ addr, irq, may_end, v, nonpriv, len });
    } else {
        return false;
    }
    gen_emit_bbs(g, x, addr, ppgtt, level == 2, predicate);
    if (!predicate && x->certain) x->irq |= irq;
    if (level == 2 && may_end) x->certain = false;   /* what follows in this first level may be skipped (C26) */
    return true;
}

/* ---- ring chunks ---- */

/* Record the commands appended to chunk c since dword `start` (one cmd_pos each; an illegal command and
 * whatever follows it is one). */
static void chunk_add_cmds(gen *g, chunk *c, uint32_t start)
{
    while (start < c->dw.n && !g->oom) {
        const gtref_cmd_def *d = gtref_cmd_find(c->dw.v[start]);
        uint32_t len = d && gtref_cmd_legal(d, c->dw.v[start], NULL, 0) && gtref_cmd_on_engine(d, g->p->e)
                           ? gtref_cmd_length(d, c->dw.v[start]) : (uint32_t)(c->dw.n - start);
        if (start + len > c->dw.n) len = (uint32_t)(c->dw.n - start);
        cmd_pos *nc = realloc(c->cmds, (c->ncmds + 1) * sizeof *nc);
        if (!nc) { g->oom = true; return; }
        c->cmds = nc;
        c->cmds[c->ncmds++] = (cmd_pos){ start, len };
        start += len;
    }
}

/* The engine's illegal command, as a ring command of chunk c: in the ring itself, or a call of a new batch
 * that holds it (bad_level 1) or calls the second-level batch that does (2). */
static void emit_bad_ring_cmd(gen *g, chunk *c, ectx *x)
{
    engine_plan *p = g->p;
    if (!(p->bad_level && gen_emit_batch_call(g, x, p->bad_level, false))) {
        p->bad_level = 0;
        gen_emit_malformed(g, x);
    }
    c->bad = true;
    p->bad_placed = true;
}

/* A chunk of ring commands (ncmds of them, fewer when the ring has no room left), padded with MI_NOOP to a
 * QWORD multiple. The first chunk also writes the engine's semaphores, at random places. */
static void make_chunk(gen *g, chunk *c, unsigned ncmds, uint32_t room_dw, bool first)
{
    engine_plan *p = g->p;
    ectx x = { &c->dw, 0, false, true, false, false, false, false, false };
    g->cur_chunk = c;
    size_t nsig = 0, sig[SEM_SLOTS];
    if (first)
        for (size_t i = 0; i < g->nsems; i++) if (g->sems[i].writer == p->e) sig[nsig++] = i;
    if (first && p->quiet_slot) {   /* sem_burst_pct: a quiet waiter starts with its wait (gen_emit_quiet_wait) */
        uint32_t start = (uint32_t)c->dw.n;
        gen_emit_quiet_wait(g, &x, &g->sems[p->quiet_slot - 1]);
        chunk_add_cmds(g, c, start);
    }
    if (first && g->nsems && pct(g, g->cfg->early_wait_pct)) {
        /* a wait at the very start of the engine's stream, on a lower-rank engine's semaphore: it is often
         * reached before the writer gets there, so a signal-mode one really waits for the writer's signal */
        uint32_t start = (uint32_t)c->dw.n;
        gen_emit_sem_wait(g, &x);
        chunk_add_cmds(g, c, start);
    }
    for (unsigned i = 0; (i < ncmds || nsig) && !g->oom; i++) {
        uint32_t start = (uint32_t)c->dw.n;
        if (nsig && (i >= ncmds || pct(g, 50))) {
            const sem_slot *sl = &g->sems[sig[--nsig]];
            /* sem_burst_pct: before the write, the waiters' reads are unmet; a quiet burst before a quiet waiter's,
             * where the chunk has room */
            gen_emit_signal_burst(g, &x, false, 80,
                                  c->dw.n + QUIET_BURST_DW + MAX_UNIT_DW <= room_dw ? sl->quiet_waiter : 0);
            gen_emit_sem_write(g, &x, sl);
            if (!nsig) {
                gen_emit_signal_all(g, &x);
                gen_emit_signal_burst(g, &x, true, 90, 0);   /* after: a last signal on the retires and the next waits */
            }
            chunk_add_cmds(g, c, start);
            continue;
        }
        if (c->dw.n + MAX_UNIT_DW > room_dw) { if (!nsig) break; continue; }
        x.irq = false;
        if (c->dw.n + MAX_UNIT_DW + 8 <= room_dw)   /* sem_burst_pct: isolated signals, which a clear may meet */
            gen_emit_signal_burst(g, &x, true, 12, 0);
        if (p->bad_at >= 0 && p->ring_cmds == (unsigned long)p->bad_at) emit_bad_ring_cmd(g, c, &x);
        else gen_emit_cmd(g, &x, 0);
        if (!p->past_bad) c->raises_irq |= x.irq;   /* nothing after the illegal command executes */
        if (c->bad) p->past_bad = true;
        p->ring_cmds++;
        chunk_add_cmds(g, c, start);
    }
    if (c->dw.n % 2) {
        uint32_t start = (uint32_t)c->dw.n;
        push(g, &c->dw, 0);
        chunk_add_cmds(g, c, start);
    }
    if (first) p->first_chunk_done = true;
    g->cur_chunk = NULL;
}

static void make_filler(gen *g, chunk *c, uint32_t ndw)
{
    for (uint32_t i = 0; i < ndw; i++) push(g, &c->dw, 0);
    chunk_add_cmds(g, c, 0);
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

void gen_free_plan(engine_plan *p)
{
    free_chunks(p->chunks, p->nchunks);
    free(p->chunk_start);
    for (int l = 0; l < 3; l++) free(p->batches[l]);
    free(p->bounds);
    free(p->bdw.v);
}

/* ---- the ring: a cycle of chunks ---- */

/* The chunks of the cycle (laps mode: exactly the ring size; single mode: at most ring size - 8 bytes). */
void gen_build_cycle(gen *g, engine_plan *p)
{
    uint32_t ring_dw = p->size / 4u, capacity_dw = p->laps_mode ? ring_dw : ring_dw - 2u;
    capacity_dw -= (uint32_t)p->bdw.n;       /* the interrupt bursts follow the cycle (single mode only) */
    /* laps mode fills the ring with as many commands as it holds (at most max_cmds), single mode draws */
    unsigned want = p->laps_mode ? g->cfg->max_cmds : (unsigned)range(g, g->cfg->min_cmds, g->cfg->max_cmds);
    if (!want && g->nsems) want = 1;          /* the first chunk writes the engine's semaphores */
    /* the illegal command in the second half, never in the first chunk (which writes the semaphores) */
    if (p->bad_at >= 0) {
        unsigned lo = want / 2 > MAX_CHUNK_CMDS ? want / 2 : MAX_CHUNK_CMDS;
        p->bad_at = lo < want ? (long)range(g, lo, want - 1) : (long)want;
    }
    uint32_t used_dw = 0;
    const uint32_t reserve = 8;               /* for the illegal command when it is drawn past what fits */
    for (unsigned made = 0; made < want && used_dw + MAX_UNIT_DW + 2 + reserve <= capacity_dw && !g->oom;) {
        unsigned k = (unsigned)range(g, 1, MAX_CHUNK_CMDS);
        if (k > want - made) k = want - made;
        chunk *c = insert_chunk(g, &p->chunks, &p->nchunks, p->nchunks);
        if (!c) return;
        unsigned before = p->ring_cmds;
        make_chunk(g, c, k, capacity_dw - used_dw - reserve, p->nchunks == 1);
        used_dw += (uint32_t)c->dw.n;
        made += p->ring_cmds - before ? p->ring_cmds - before : 1;
    }
    /* the illegal command was drawn past what fits: one more small chunk for it, if that fits */
    if (p->bad_at >= 0 && !p->bad_placed && used_dw + reserve <= capacity_dw && !g->oom) {
        chunk *c = insert_chunk(g, &p->chunks, &p->nchunks, p->nchunks);
        if (!c) return;
        p->bad_at = p->ring_cmds;
        make_chunk(g, c, 1, MAX_UNIT_DW + 4, false);
        used_dw += (uint32_t)c->dw.n;
    }
    /* the remap's flush: a chunk of its own, after the first and before the one with the stopping command (with TLB
     * invalidate for INV_FLUSH; a plain flush when the host invalidates: the submission still starts there) */
    if (p->nremaps && !g->oom) {
        size_t limit = p->nchunks;
        for (size_t i = 0; i < p->nchunks; i++)
            if (p->chunks[i].bad) { limit = i; break; }
        if (limit >= 1 && used_dw + 8u <= capacity_dw) {
            chunk *c = insert_chunk(g, &p->chunks, &p->nchunks, (size_t)range(g, 1, limit));
            if (!c) return;
            ectx x = { &c->dw, 0, false, true, false, false, false, false, false };
            gen_emit_inval_flush(g, &x, (p->inval & INV_FLUSH) != 0);
            if (c->dw.n % 2) push(g, &c->dw, 0);
            chunk_add_cmds(g, c, 0);
            c->remap = true;
            used_dw += (uint32_t)c->dw.n;
        } else {
            p->nremaps = 0;
        }
    }
    if (!p->nchunks) {                        /* min_cmds 0: still one chunk, so that there is a test */
        chunk *c = insert_chunk(g, &p->chunks, &p->nchunks, 0);
        if (!c) return;
        make_filler(g, c, 2);
        used_dw += 2;
    }
    while (p->laps_mode && used_dw < ring_dw && !g->oom) {   /* NOOP filler chunks at random places */
        uint32_t n = ring_dw - used_dw < FILLER_DW ? ring_dw - used_dw : 2u * (uint32_t)range(g, 1, FILLER_DW / 2);
        /* never before the first chunk: it writes the semaphores and goes in the first submission */
        chunk *c = insert_chunk(g, &p->chunks, &p->nchunks, (size_t)range(g, 1, p->nchunks));
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
uint32_t gen_choose_start(gen *g, const engine_plan *p)
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

void gen_place_cycle(const engine_plan *p, uint8_t *ring)
{
    uint64_t k = 0;
    for (size_t i = 0; i < p->nchunks; i++)
        for (size_t j = 0; j < p->chunks[i].dw.n; j++, k++) {
            uint32_t off = (uint32_t)((p->start + 4u * k) % p->size), v = p->chunks[i].dw.v[j];
            for (unsigned b = 0; b < 4; b++) ring[off + b] = (uint8_t)(v >> (8 * b));
        }
    for (size_t j = 0; j < p->bdw.n; j++, k++) {   /* the interrupt bursts, right after the cycle */
        uint32_t off = (uint32_t)((p->start + 4u * k) % p->size), v = p->bdw.v[j];
        for (unsigned b = 0; b < 4; b++) ring[off + b] = (uint8_t)(v >> (8 * b));
    }
}

/* Engine p's segments of the interrupt bursts (irq_burst_pct): in each round, the lowest engine of the bursts
 * runs brun[r] MI_USER_INTERRUPTs back to back, every other one a single MI_USER_INTERRUPT after 0..3/4 of that
 * many MI_NOOPs, so that its event (IRQ-9) most likely lands in a cycle of one of the run's. Each segment is
 * QWORD-padded with MI_NOOP. Drawn from the bursts' stream. */
void gen_make_bursts(gen *g, engine_plan *p)
{
    bool run = (unsigned)__builtin_ctz(g->burst) == (unsigned)p->e;
    uint32_t noop = gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_NOOP], 1);
    uint32_t user = gtref_cmd_header(&gtref_cmds[GTREF_CMD_MI_USER_INTERRUPT], 1);
    for (unsigned r = 0; r < g->nbursts && !g->oom; r++) {
        if (run) {
            for (uint32_t i = 0; i < g->brun[r]; i++) push(g, &p->bdw, user);
        } else {
            uint32_t lead = (uint32_t)b_range(g, 0, g->brun[r] * 3u / 4u);
            for (uint32_t i = 0; i < lead; i++) push(g, &p->bdw, noop);
            push(g, &p->bdw, user);
        }
        if (p->bdw.n % 2) push(g, &p->bdw, noop);
        p->bend[r] = (uint32_t)p->bdw.n;
    }
}

/* The chunk boundaries in submission order: the cycle once or twice, then part of it (laps mode). Once the
 * chunk with the illegal command has gone by, nothing raises an interrupt any more. */
void gen_plan_boundaries(gen *g, engine_plan *p)
{
    uint64_t laps = p->laps_mode && pct(g, 30) ? 2 : 1;
    size_t partial = p->laps_mode ? (size_t)range(g, 0, p->nchunks - 1) : 0;
    if (g->cfg->min_cycles && p->bad_at < 0) {
        /* a long test: whole laps until the engine has been given the ring dwords the estimate needs (an engine
         * that halts is not counted on: its submissions stop once it has) */
        uint64_t need_dw = (g->cfg->min_cycles + GTREF_GEN_CYCLES_PER_RING_DW - 1) / GTREF_GEN_CYCLES_PER_RING_DW;
        uint64_t lap_dw = p->chunk_start[p->nchunks];
        uint64_t want = (need_dw + lap_dw - 1) / lap_dw;
        if (want > laps) laps = want;
    }
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

/* The register pools of engine e: LRI targets other than the CS_GPRs (never RING_HEAD/START/CTL/TAIL, contract
 * §8; nor HWS_PGA or FORCE_TO_NONPRIV*, which the host programs; nor PDP0_*, PP_DCLV, RING_MODE or INSTPM,
 * docs/gam.md §5), its read-only registers (an LRI drops them, C6; never another engine's, a global or an unknown
 * offset: C6/C14 unimplemented), and the registers
 * LRR/SRM read (all of its own but RING_TAIL, which the host moves, and RING_CTL; INSTPM included). */
void gen_lri_pools(engine_plan *p, int engines, bool race)
{
    for (size_t i = 0; i < gtref_nregs; i++) {
        const gtref_reg_def *d = &gtref_regs[i];
        bool ring_reg = d->offset == GTREF_RING_TAIL || d->offset == GTREF_RING_HEAD || d->offset == GTREF_RING_START ||
                        d->offset == GTREF_RING_CTL;
        bool host_reg = d->offset == GTREF_HWS_PGA ||
                        (d->offset >= GTREF_FORCE_TO_NONPRIV0 && d->offset < GTREF_FORCE_TO_NONPRIV0 + 4u * GTREF_FORCE_TO_NONPRIV_COUNT);
        bool writable = gtref_reg_rw(d, p->e) || d->w1c_mask;
        /* the translation registers: never by MI_LOAD_REGISTER_* (docs/gam.md §5); nor the GAM's own registers */
        bool xlate_reg = (d->flags & GTREF_REGF_ENGINE) && (d->offset == GTREF_RING_MODE || d->offset == GTREF_PP_DCLV ||
                                                            d->offset == GTREF_PDP0_LDW || d->offset == GTREF_PDP0_UDW);
        /* INSTPM: bits 5 and 9 only by the host while the engine is idle (GAM-22): no MI_LOAD_REGISTER_* at all,
         * of any engine */
        xlate_reg |= (d->flags & GTREF_REGF_ENGINE) && d->offset == GTREF_INSTPM;
        /* global registers and other engines' (C6, C14: unimplemented from an engine) are never named */
        if ((d->flags & GTREF_REGF_GAM) || !(d->flags & GTREF_REGF_ENGINE)) continue;
        if (!gtref_reg_present(d, p->e)) continue;   /* RCS0-only registers (W1) */
        if (strncmp(d->name, "CS_GPR", 6) == 0) continue;
        /* the execlist registers: never written by MI_LOAD_REGISTER_* nor read as a command's source
         * (docs/execlists.md §8) */
        if (strncmp(d->name, "EXECLIST_", 9) == 0 || strncmp(d->name, "CSB_ENTRY_", 10) == 0 ||
            d->offset == GTREF_CONTEXT_STATUS_PTR)
            continue;
        /* the watchdog pair: written by its own family (gen_emit_watchdog) with values that keep it useful; not read
         * while the host may write it at any moment (race: the model runs a command ahead, contract §8) */
        bool wdog_reg = d->offset == GTREF_PR_CTR_CTL || d->offset == GTREF_PR_CTR_THRSH;
        if (wdog_reg && race) continue;
        /* IMR: irq_race_pct's host bursts write it while the engine runs, so a command never reads it (an SRM of IMR
         * would store whichever write landed first, a race of the timing, not of the RTL: contract §8; measured, a
         * legal variant failed on it) */
        if (d->offset == GTREF_IMR) continue;
        if (d->offset != GTREF_RING_TAIL && d->offset != GTREF_RING_CTL && p->nreadable < MAX_LRI_POOL)
            p->readable[p->nreadable++] = gtref_reg_abs(d, p->e);
        /* IMR and HWSTAM: programmed by the host at setup (interrupts.md §4: HWSTAM has one unmasked bit at most,
         * never RCS0's bit 6; an IMR that masks USER would leave wait_irq waiting in vain) */
        bool irq_reg = d->offset == GTREF_IMR || d->offset == GTREF_HWSTAM;
        if (ring_reg || host_reg || wdog_reg || irq_reg || xlate_reg) continue;
        if (writable && p->nown_other < MAX_LRI_POOL) p->own_other[p->nown_other++] = gtref_reg_abs(d, p->e);
        else if (!writable && p->nignored < MAX_LRI_POOL) p->ignored[p->nignored++] = gtref_reg_abs(d, p->e);   /* read-only */
    }
    (void)engines;
}

