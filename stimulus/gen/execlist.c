/* The constrained-random generator (docs/stimulus-format.md §3 "Execlists"), execlist.c: engines in execlist mode
 * (docs/execlists.md). An execlist engine's random commands are its ring's, built as for ring-buffer mode (layout.c),
 * run as its main context; the host program submits them with the execlist driver (el_resubmit of new tails, after
 * an el_wait that makes sure the CSB has reported the last submission: docs/execlists.md §8), and mixes in scenarios
 * with contexts of their own: a second element (a filler, or an empty ring), a spinner preempted and resumed, preempt
 * to idle, a semaphore ping-pong between two execlist engines, invalid descriptors, and at the end of some seeds an
 * unmapped LRCA or a broken image (the engine halts). Every choice here is drawn from the execlists' own stream
 * (g->erng, ebegin/eend), so a seed where execlist_pct misses is the stimulus it is with the knob at 0. What the
 * generator's files share: gen_internal.h. */
#include "gen_internal.h"
#include "gtref/el_image.h"

enum { SC_TWO, SC_EMPTY, SC_SPIN, SC_IDLE, SC_PING, SC_POLL, SC_REPLACE, SC_COUNT };

/* EL_BASE + e * EL_STRIDE and EL_AUX past it; in high_place_pct seeds anywhere in the GGTT (the contexts' own rings
 * below 512 MB: RING_START bits 31:29 zero) */
static uint32_t lrca_of(const gen *g, int e, size_t k) { return g->el_area[e] + (uint32_t)k * 0x2000u; }
static uint32_t aux_of(const gen *g, int e, size_t k) { return g->el_aux[e] + (uint32_t)k * 0x4000u; }
static uint64_t desc_of(const el_ctx *c) { return (uint64_t)c->id << 32 | c->lrca | GTREF_EL_DESC_LOW_FLAGS; }
static uint32_t reg_of(const engine_plan *p, uint32_t rel) { return gtref_engines[p->e].base + rel; }

/* The engines of a seed in execlist mode, from the candidates (driven engines that never stop), or 0: the knob's
 * draw, then each candidate el_engine_pct, at least one. */
unsigned gen_el_choose(gen *g, unsigned candidates)
{
    const gtref_gen_config *c = g->cfg;
    if (!candidates || !c->execlist_pct || !e_pct(g, c->execlist_pct)) return 0;
    ebegin(g);
    unsigned m = 0;
    for (int e = 0; e < GTREF_MAX_ENGINES; e++)
        if ((candidates >> e & 1u) && pct(g, c->el_engine_pct)) m |= 1u << e;
    if (!m) {
        unsigned k = (unsigned)range(g, 0, (unsigned)__builtin_popcount(candidates) - 1u);
        for (int e = 0; e < GTREF_MAX_ENGINES; e++)
            if ((candidates >> e & 1u) && k-- == 0) m = 1u << e;
    }
    eend(g);
    return m;
}

/* Engine p in execlist mode: its whole execlist area mapped GGTT identity, its main context. */
void gen_el_plan(gen *g, engine_plan *p)
{
    for (uint32_t a = 0; a < EL_AUX && !g->oom; a += PAGE) gen_map_identity(g, g->el_area[p->e] + a);
    for (uint32_t a = 0; a < EL_STRIDE - EL_AUX && !g->oom; a += PAGE) gen_map_identity(g, g->el_aux[p->e] + a);
    p->nctx = 1;
    p->ctx[0] = (el_ctx){ ELK_MAIN, lrca_of(g, p->e, 0), GEN_EL_ID(ELK_MAIN, p->e, 0), p->ring_addr, p->start, 0, false, 0 };
    p->el_empty = p->el_idle = -1;
}

/* An MI_STORE_DATA_IMM of a dword to a GGTT address. */
static void sdi(gen *g, ectx *x, uint64_t addr, uint32_t v)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_STORE_DATA_IMM, 4);
    set(&b, FLD(MI_STORE_DATA_IMM, GGTT), 1);
    set(&b, FLD(MI_STORE_DATA_IMM, ADDR), addr);
    set(&b, FLD(MI_STORE_DATA_IMM, DATA), v);
    cmd_end(g, x, &b);
}

static void one(gen *g, ectx *x, int id)
{
    cmdbuf b;
    cmd_begin(&b, id, 1);
    cmd_end(g, x, &b);
}

/* A poll-mode MI_SEMAPHORE_WAIT until the dword at addr equals v (an arbitration point, EL-16). */
static void wait_eq(gen *g, ectx *x, uint64_t addr, uint32_t v)
{
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_SEMAPHORE_WAIT, 4);
    set(&b, FLD(MI_SEMAPHORE_WAIT, COMPARE), 4);   /* SAD_EQUAL_SDD */
    set(&b, FLD(MI_SEMAPHORE_WAIT, POLL), 1);
    set(&b, FLD(MI_SEMAPHORE_WAIT, GGTT), 1);
    set(&b, FLD(MI_SEMAPHORE_WAIT, DATA), v);
    set(&b, FLD(MI_SEMAPHORE_WAIT, ADDR), addr);
    cmd_end(g, x, &b);
}

/* A context's spinner flag F = 1 at data (EL-32: the host clears it once). */
static void flag_one(gen *g, el_ctx *c, uint64_t data)
{
    c->flag = data;
    uint32_t one_flag[2] = { 1, 0 };
    gen_vwrite(g, SP_GGTT, data, one_flag, sizeof one_flag, GTREF_SEG_DATA);
}

/* docs/execlists-vectors.md S.4: the spinner batch at batch (MI_ARB_CHECK, a Compare Semaphore
 * MI_CONDITIONAL_BATCH_BUFFER_END on the flag at data, a chain to itself), then its call from the ring x. */
static void spin_batch(gen *g, ectx *x, ectx *bx, uint64_t batch, uint64_t data)
{
    one(g, bx, GTREF_CMD_MI_ARB_CHECK);
    cmdbuf b;
    cmd_begin(&b, GTREF_CMD_MI_CONDITIONAL_BATCH_BUFFER_END, 4);
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, SEMAPHORE), 1);
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, GGTT), 1);
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, DATA), 0);
    set(&b, FLD(MI_CONDITIONAL_BATCH_BUFFER_END, ADDR), data);
    cmd_end(g, bx, &b);
    gen_emit_bbs(g, bx, batch, false, false, false);
    gen_vwrite(g, SP_GGTT, batch, bx->d->v, (uint32_t)(4 * bx->d->n), GTREF_SEG_BATCH);
    gen_emit_bbs(g, x, batch, false, false, false);
}

/* The context's ring (and batch) as segments; its tail is the ring's end, padded to a QWORD. */
static void put_ring(gen *g, el_ctx *c, dw_vec *d)
{
    if (d->n % 2) push(g, d, 0);
    if (d->n) gen_vwrite(g, SP_GGTT, c->ring, d->v, (uint32_t)(4 * d->n), GTREF_SEG_RING);
    c->tail = (uint32_t)(4 * d->n);
    free(d->v);
    *d = (dw_vec){ 0 };
}

/* A new context of engine p (its el_context and image values in the host program now: it has never been
 * submitted, so writing its image is legal, docs/execlists.md §8), or -1 when the engine has no room left. */
static int new_ctx(gen *g, engine_plan *p, int kind)
{
    if (p->nctx >= MAX_EL_CTX) return -1;
    size_t k = p->nctx++;
    el_ctx *c = &p->ctx[k];
    *c = (el_ctx){ kind, lrca_of(g, p->e, k), GEN_EL_ID(kind, p->e, k), aux_of(g, p->e, k), 0, 0, false, 0 };
    uint64_t data = c->ring + 2u * PAGE, batch = c->ring + PAGE;
    dw_vec rd = { 0 }, bd = { 0 };
    ectx x = { .d = &rd };
    ectx bx = { .d = &bd, .level = 1 };
    switch (kind) {
    case ELK_FILL: {   /* a few stores, an arbitration point, now and then a batch that stores too */
        unsigned n = (unsigned)range(g, 1, 4);
        for (unsigned i = 0; i < n; i++) {
            unsigned w = (unsigned)range(g, 0, 3);
            if (w <= 1) sdi(g, &x, data + 0x100u + 8u * range(g, 0, 31), data32(g));
            else if (w == 2) one(g, &x, GTREF_CMD_MI_ARB_CHECK);
            else one(g, &x, GTREF_CMD_MI_NOOP);
        }
        if (pct(g, 40)) {
            sdi(g, &bx, data + 0x200u + 8u * range(g, 0, 31), data32(g));
            one(g, &bx, GTREF_CMD_MI_ARB_CHECK);
            one(g, &bx, GTREF_CMD_MI_BATCH_BUFFER_END);
            gen_vwrite(g, SP_GGTT, batch, bd.v, (uint32_t)(4 * bd.n), GTREF_SEG_BATCH);
            gen_emit_bbs(g, &x, batch, false, false, false);
            sdi(g, &x, data + 0x300u, data32(g));
        }
        break;
    }
    case ELK_SPIN:   /* docs/execlists-vectors.md S.4, V4: a batch looping on MI_ARB_CHECK and its flag (EL-32) */
        flag_one(g, c, data);
        spin_batch(g, &x, &bx, batch, data);
        one(g, &x, GTREF_CMD_MI_NOOP);
        sdi(g, &x, data + 0x100u, data32(g));   /* after the loop: the flag has been written */
        break;
    case ELK_POLL: {   /* its ring polls (EL-16: an arbitration point while unsatisfied) until the host clears its flag */
        flag_one(g, c, data);
        if (pct(g, 50)) one(g, &x, GTREF_CMD_MI_NOOP);
        wait_eq(g, &x, data, 0);
        sdi(g, &x, data + 0x100u, data32(g));   /* after the wait: the flag has been written */
        break;
    }
    case ELK_ARBOFF: {   /* docs/execlists-vectors.md V12: arbitration off, then the spinner batch: with arb = 0 its
                            MI_ARB_CHECK is no arbitration point (EL-16), so nothing is taken until its flag is cleared
                            and it runs dry (EL-15); the MI_ARB_CHECK is where the model alone stops between host
                            operations (a retire that may be a decision point, §7) */
        flag_one(g, c, data);
        cmdbuf b;
        cmd_begin(&b, GTREF_CMD_MI_ARB_ON_OFF, 1);   /* Arbitration Enable = 0 */
        cmd_end(g, &x, &b);
        spin_batch(g, &x, &bx, batch, data);
        sdi(g, &x, data + 0x100u, data32(g));
        break;
    }
    default:   /* ELK_EMPTY, ELK_IDLE (head = tail = 0), ELK_BROKEN (its image is broken below); ELK_PING: filled by
                  the ping-pong */
        break;
    }
    free(bd.v);
    if (kind == ELK_SPIN || kind == ELK_POLL) {
        /* past the tail, a store a resubmission with a new tail (tail2) adds: a lite restore (V3 shape, EL-17) */
        if (rd.n % 2) push(g, &rd, 0);
        uint32_t t = (uint32_t)(4 * rd.n);
        sdi(g, &x, data + 0x108u, data32(g));
        put_ring(g, c, &rd);
        c->tail2 = c->tail;
        c->tail = t;
        /* the image's RING_TAIL is the first tail (build: el_context with c->tail) */
    }
    if (kind != ELK_PING && kind != ELK_SPIN && kind != ELK_POLL) put_ring(g, c, &rd);
    else if (kind == ELK_PING) free(rd.v);
    return (int)k;
}

/* Its el_context (and image values) in the host program, once. */
static void build(gen *g, engine_plan *p, el_ctx *c)
{
    if (c->built) return;
    c->built = true;
    bool inhibit = c->kind == ELK_IDLE;
    gen_wide_op(g, GTREF_HOST_EL_CONTEXT, c->lrca, c->ring | (uint64_t)c->tail << 32,
                (uint32_t)p->e | (inhibit ? GTREF_EL_CTX_RESTORE_INHIBIT << 8 : 0u));
    if (c->kind == ELK_IDLE)   /* EL-18: RESTORE_INHIBIT and SAVE_INHIBIT (docs/execlists-vectors.md V6) */
        gen_wide_op(g, GTREF_HOST_EL_CTX_REG, c->lrca, 0x000D000Du, reg_of(p, GTREF_RING_CONTEXT_CONTROL));
    if (c->kind == ELK_MAIN) {
        if (c->tail) gen_wide_op(g, GTREF_HOST_EL_CTX_REG, c->lrca, c->tail, reg_of(p, GTREF_RING_HEAD));
        if (p->ppgtt) {   /* the PPGTT of the main context: the root the engine's batches and data are built in */
            gen_wide_op(g, GTREF_HOST_EL_CTX_REG, c->lrca, (uint32_t)p->pdp, reg_of(p, GTREF_PDP0_LDW));
            gen_wide_op(g, GTREF_HOST_EL_CTX_REG, c->lrca, (uint32_t)(p->pdp >> 32), reg_of(p, GTREF_PDP0_UDW));
        }
    } else if (c->kind != ELK_IDLE && pct(g, 40)) {
        /* a GGTT-only context whose PDP0 (unused by it) differs from the main context's: switches change PDP0 */
        gen_wide_op(g, GTREF_HOST_EL_CTX_REG, c->lrca, (uint32_t)(PA_LOW_MIN + PAGE * range(g, 0, 0xFFFF)),
                    reg_of(p, GTREF_PDP0_LDW));
    }
    unsigned n = (unsigned)range(g, 0, 3);   /* engine state of its own (EL-4) */
    for (unsigned i = 0; i < n; i++)
        gen_wide_op(g, GTREF_HOST_EL_CTX_REG, c->lrca, data32(g), p->gpr0 + 4u * (uint32_t)range(g, 0, 31));
    if (c->kind == ELK_BROKEN) {
        /* EL-2, EL-27 (docs/execlists-vectors.md V11): a dword where the restore expects a command */
        static const uint32_t junk[] = { 0xDEADBEEFu, 0xFFFFFFFFu, 0x18800101u, 0x02000000u };
        static const uint32_t at[] = { 0x00, 0x20, 0x50 };
        uint64_t a = c->lrca + GTREF_EL_RS_PAGE + 4u * at[range(g, 0, 2)];
        uint32_t v = junk[range(g, 0, 3)];
        if (!g->oom && gtref_stim_add_mem_write(g->s, a & ~7ull, a & 4 ? (uint64_t)v << 32 : v, a & 4 ? 0xF0 : 0x0F))
            g->oom = true;
    }
}

static void el_wait(gen *g, const engine_plan *p) { gen_op(g, GTREF_HOST_EL_WAIT, (uint32_t)p->e, 0, EL_WAIT_CYCLES); }

static void el_submit(gen *g, engine_plan *p, el_ctx *c0, el_ctx *c1)
{
    build(g, p, c0);
    if (c1) build(g, p, c1);
    gen_wide_op(g, GTREF_HOST_EL_SUBMIT, desc_of(c0), c1 ? desc_of(c1) : 0, (uint32_t)p->e);
}

/* DRV-5: the main context's new tail into its image, then [main]; Force Restore when the tail does not move. Legal
 * after an el_wait: the main context is running with its switch-in reported, or switched out (docs/execlists.md §8). */
static void resubmit_main(gen *g, engine_plan *p, uint32_t tail)
{
    build(g, p, &p->ctx[0]);
    gen_wide_op(g, GTREF_HOST_EL_RESUBMIT, desc_of(&p->ctx[0]), tail, (uint32_t)p->e);
    p->ctx[0].tail = tail;
}

static void random_wait(gen *g)
{
    if (pct(g, 50)) gen_op(g, GTREF_HOST_WAIT, 0, 0, (uint32_t)range(g, 1, 300));
}

/* A spinner (EL-32) submitted while the main context may run, preempted (by the main context with its new tail, or
 * to idle, EL-18), resumed inside its batch (EL-6), ended by the host's one write of its flag; then the main context
 * goes on with its new tail (a Force Restore when it was already given it: its resume, EL-16/EL-15). A poll spinner
 * (ELK_POLL) is the same with a poll-mode wait in its ring: preempted at the wait (EL-16), resumed in the ring at it
 * (EL-6 level 0). el_lite_pct of either kind is first resubmitted while it runs with the tail past the store its ring
 * holds after the first (DRV-5, docs/execlists-vectors.md V3): it cannot finish before its flag is cleared, so the
 * Load is pending at its next arbitration point, a lite restore (EL-17). */
static bool spin(gen *g, engine_plan *p, uint32_t tail, int kind)
{
    int s = new_ctx(g, p, kind);
    if (s < 0) return false;
    el_ctx *sc = &p->ctx[s];
    el_submit(g, p, sc, NULL);
    el_wait(g, p);                         /* the spinner runs: the main context was preempted or ran dry */
    random_wait(g);
    if (pct(g, g->cfg->el_lite_pct)) {     /* its switch-in reported (el_wait): its RING_TAIL slot may be rewritten */
        gen_wide_op(g, GTREF_HOST_EL_RESUBMIT, desc_of(sc), sc->tail2, (uint32_t)p->e);
        sc->tail = sc->tail2;
        el_wait(g, p);                     /* the lite restore reported (PREEMPTED | LITE_RESTORE) */
        random_wait(g);
    }
    if (pct(g, 50)) {
        resubmit_main(g, p, tail);         /* the main context preempts the spinner at its MI_ARB_CHECK */
    } else {
        if (p->el_idle < 0) p->el_idle = new_ctx(g, p, ELK_IDLE);
        if (p->el_idle < 0) { resubmit_main(g, p, tail); }
        else el_submit(g, p, &p->ctx[p->el_idle], NULL);   /* preempt to idle */
    }
    el_wait(g, p);
    random_wait(g);
    if (pct(g, 30)) gen_op(g, GTREF_HOST_EL_CSB, (uint32_t)p->e, 0, 0);
    el_submit(g, p, sc, NULL);             /* resume the spinner (its batch, EL-6) */
    el_wait(g, p);
    random_wait(g);
    if (!g->oom && gtref_stim_add_mem_write(g->s, sc->flag, 0, 0x0F)) g->oom = true;   /* F := 0, once (EL-32) */
    el_wait(g, p);
    resubmit_main(g, p, tail);
    return true;
}

/* A Load that replaces a pending submission (EL-11 step 3, E2; docs/execlists-vectors.md V12 shape): A, whose ring
 * turns arbitration off and then spins (its MI_ARB_CHECK no arbitration point), is submitted and reported running (el_wait); then
 * X (a filler) is Loaded: A has no arbitration point and cannot run dry before its flag is cleared, so X is pending;
 * then [main] with its new tail is Loaded replacing X (`el_submit ... replace`: X never runs and no CSB entry reports
 * it); the host clears A's flag, A runs dry with the main context pending (EL-15: COMPLETE | ACTIVE_TO_IDLE, then
 * IDLE_TO_ACTIVE). */
static bool replace(gen *g, engine_plan *p, uint32_t tail)
{
    if (p->nctx + 2 > MAX_EL_CTX) return false;
    int a = new_ctx(g, p, ELK_ARBOFF), x = new_ctx(g, p, ELK_FILL);
    el_ctx *ac = &p->ctx[a];
    el_submit(g, p, ac, NULL);
    el_wait(g, p);                         /* A runs, its switch-in reported: nothing of the driver's is pending */
    random_wait(g);
    build(g, p, &p->ctx[0]);               /* the main context's switch-out was reported (el_wait above) */
    gen_wide_op(g, GTREF_HOST_EL_CTX_REG, p->ctx[0].lrca, tail, reg_of(p, GTREF_RING_TAIL));
    p->ctx[0].tail = tail;
    el_submit(g, p, &p->ctx[x], NULL);     /* X: pending while A spins */
    random_wait(g);
    gen_wide_op(g, GTREF_HOST_EL_SUBMIT, desc_of(&p->ctx[0]), 0, (uint32_t)p->e | GTREF_EL_SUBMIT_REPLACE << 8);
    random_wait(g);
    if (!g->oom && gtref_stim_add_mem_write(g->s, ac->flag, 0, 0x0F)) g->oom = true;   /* F := 0, once (EL-32) */
    return true;
}

/* Two execlist engines' contexts that hand a semaphore back and forth (docs/execlists-vectors.md V10): p's context
 * writes 1, waits for 2, writes 3, ...; q's waits for 1, writes 2, ... (poll-mode waits: arbitration points with
 * nothing pending). Each is element 0 of a submission whose element 1 is its engine's main context (p's with its new
 * tail; q's with the tail it has), so that both main contexts go on once the pair is done (EL-15). */
/* A peer for p's ping-pong: an execlist engine whose main context has been submitted and, like p's, has run its first
 * chunk (a wait_idle since: idle_pos > 0): its semaphores are written and signalled, so no main context waits for the
 * other one, held behind its ping or pong (a signal-mode wait, or a poll with arbitration off, would not yield). */
static bool usable_peer(const engine_plan *q, const engine_plan *p)
{
    return q != p && q->el && q->el_started && !q->el_bad && q->nctx < MAX_EL_CTX && q->idle_pos > 0;
}

static bool pingpong(gen *g, engine_plan *plans, size_t np, engine_plan *p, uint32_t tail)
{
    engine_plan *q = NULL;
    size_t nq = 0;
    for (size_t i = 0; i < np; i++) nq += usable_peer(&plans[i], p);
    if (!nq || p->nctx >= MAX_EL_CTX || p->idle_pos == 0) return false;
    size_t pick = (size_t)range(g, 0, nq - 1);
    for (size_t i = 0; i < np; i++)
        if (usable_peer(&plans[i], p) && pick-- == 0) q = &plans[i];
    int a = new_ctx(g, p, ELK_PING), b = new_ctx(g, q, ELK_PING);
    el_ctx *ca = &p->ctx[a], *cb = &q->ctx[b];
    uint64_t sem = ca->ring + 2u * PAGE + 0x800u;   /* in p's data page; 0 at the start */
    unsigned rounds = (unsigned)range(g, 1, 3);
    dw_vec da = { 0 }, db = { 0 };
    ectx xa = { .d = &da }, xb = { .d = &db };
    for (unsigned r = 0; r < rounds; r++) {
        sdi(g, &xa, sem, 4u * r + 1u);
        wait_eq(g, &xa, sem, 4u * r + 2u);
        wait_eq(g, &xb, sem, 4u * r + 1u);
        sdi(g, &xb, sem, 4u * r + 2u);
        if (pct(g, 30)) one(g, &xb, GTREF_CMD_MI_ARB_CHECK);
    }
    sdi(g, &xa, sem + 8u, 0x50494E47u);
    put_ring(g, ca, &da);
    put_ring(g, cb, &db);
    build(g, p, &p->ctx[0]);
    gen_wide_op(g, GTREF_HOST_EL_CTX_REG, p->ctx[0].lrca, tail, reg_of(p, GTREF_RING_TAIL));
    p->ctx[0].tail = tail;
    el_submit(g, p, ca, &p->ctx[0]);
    el_wait(g, q);
    el_submit(g, q, cb, &q->ctx[0]);
    return true;
}

/* Submission of engine p's main context up to tail (a chunk boundary), after its first with an el_wait first, and
 * el_scenario_pct of the time as a scenario. */
void gen_el_submit(gen *g, engine_plan *plans, size_t np, engine_plan *p, uint32_t tail)
{
    const gtref_gen_config *c = g->cfg;
    ebegin(g);
    if (!p->el_started) {
        resubmit_main(g, p, tail);
        p->el_started = true;
        eend(g);
        return;
    }
    el_wait(g, p);
    if (pct(g, c->el_invalid_pct)) {   /* element 0 with Valid = 0: the Load is ignored (EL-12) */
        uint64_t d = desc_of(&p->ctx[0]) & ~1ull;
        build(g, p, &p->ctx[0]);
        gen_wide_op(g, GTREF_HOST_EL_SUBMIT, d, pct(g, 50) ? desc_of(&p->ctx[0]) : 0, (uint32_t)p->e);
    }
    bool done = false;
    if (pct(g, c->el_scenario_pct)) {
        unsigned w[SC_COUNT] = { c->w_el_two, c->w_el_empty, c->w_el_spin, c->w_el_idle, c->w_el_pingpong,
                                 c->w_el_poll, c->w_el_replace };
        switch (pick_weighted(g, w, SC_COUNT)) {
        case SC_TWO: case SC_EMPTY: {   /* [main, second]: an element switch when the main context runs dry (EL-15) */
            bool two = w[SC_TWO] && (!w[SC_EMPTY] || pct(g, 60));
            int k = -1;
            if (!two) {
                if (p->el_empty < 0) p->el_empty = new_ctx(g, p, ELK_EMPTY);
                k = p->el_empty;
            } else {
                k = new_ctx(g, p, ELK_FILL);
            }
            if (k < 0) break;
            build(g, p, &p->ctx[0]);
            gen_wide_op(g, GTREF_HOST_EL_CTX_REG, p->ctx[0].lrca, tail, reg_of(p, GTREF_RING_TAIL));
            p->ctx[0].tail = tail;
            el_submit(g, p, &p->ctx[0], &p->ctx[k]);
            done = true;
            break;
        }
        case SC_SPIN: done = spin(g, p, tail, ELK_SPIN); break;
        case SC_POLL: done = spin(g, p, tail, ELK_POLL); break;
        case SC_REPLACE: done = replace(g, p, tail); break;
        case SC_IDLE:   /* preempt to idle (EL-18), then the main context goes on (its resume: a full restore) */
            if (p->el_idle < 0) p->el_idle = new_ctx(g, p, ELK_IDLE);
            if (p->el_idle < 0) break;
            el_submit(g, p, &p->ctx[p->el_idle], NULL);
            el_wait(g, p);
            random_wait(g);
            resubmit_main(g, p, tail);
            done = true;
            break;
        case SC_PING: done = pingpong(g, plans, np, p, tail); break;
        default: break;
        }
    }
    if (!done) resubmit_main(g, p, tail);
    if (pct(g, c->el_csb_pct)) gen_op(g, GTREF_HOST_EL_CSB, (uint32_t)p->e, 0, 0);
    eend(g);
}

/* Execlist engines at setup, their rings disabled (docs/execlists.md EL-1): DRV-1, IMR with CONTEXT_SWITCH and the
 * engine's other events unmasked (DRV-1 writes 0xFFFFFEFF: the interrupts of the ring-buffer setup opened again),
 * the main context's image. Then which engine ends with a malformed submission (el_malformed_pct). */
void gen_el_setup(gen *g, engine_plan *plans, size_t np)
{
    ebegin(g);
    for (size_t i = 0; i < np; i++) {
        engine_plan *p = &plans[i];
        if (!p->el) continue;
        gen_op(g, GTREF_HOST_EL_INIT, (uint32_t)p->e, (uint32_t)p->hws, 0);
        uint32_t ev = GTREF_IRQ_USER | GTREF_IRQ_CS_MASTER_ERROR | GTREF_IRQ_CONTEXT_SWITCH |
                      (p->notify_irq ? GTREF_IRQ_PIPECTL_NOTIFY : 0u);
        gen_op(g, GTREF_HOST_WRITE, reg_of(p, GTREF_IMR), ~ev, 0);
        p->imr = ~ev;              /* DRV-1 leaves HWSTAM all 1 */
        p->hwstam = 0xFFFFFFFFu;
        build(g, p, &p->ctx[0]);
    }
    if (pct(g, g->cfg->el_malformed_pct)) {
        size_t n = 0;
        for (size_t i = 0; i < np; i++) n += plans[i].el;
        size_t pick = n ? (size_t)range(g, 0, n - 1) : 0;
        for (size_t i = 0; i < np; i++)
            if (plans[i].el && pick-- == 0) plans[i].el_bad = g->cont || pct(g, 50) ? ELK_BROKEN : -1;
    }
    eend(g);
}

/* The end, every engine idle: a malformed submission (the engine halts at its restore, EL-27), then the CSB of
 * every execlist engine serviced (DRV-4 checks every entry). */
void gen_el_end(gen *g, engine_plan *plans, size_t np)
{
    ebegin(g);
    bool any = false;
    for (size_t i = 0; i < np; i++) {
        engine_plan *p = &plans[i];
        if (!p->el || !p->el_bad) continue;
        if (p->el_bad == ELK_BROKEN) {
            int k = new_ctx(g, p, ELK_BROKEN);
            if (k < 0) { p->el_bad = 0; continue; }
            el_submit(g, p, &p->ctx[k], NULL);
        } else {
            /* an LRCA in the engine's never-mapped hole: the restore's first read faults (EL-12, EL-27) */
            el_ctx u = { ELK_UNMAPPED, HOLE_BASE + (uint32_t)p->e * HOLE_STRIDE + 0xFF0000u,
                         GEN_EL_ID(ELK_UNMAPPED, p->e, 0), 0, 0, 0, true, 0 };
            el_submit(g, p, &u, NULL);
        }
        any = true;
    }
    if (any) gen_op(g, GTREF_HOST_WAIT_IDLE, 0, 0, 0);
    for (size_t i = 0; i < np; i++)
        if (plans[i].el) gen_op(g, GTREF_HOST_EL_CSB, (uint32_t)plans[i].e, 0, 0);
    eend(g);
}

/* The end-of-test reads of an execlist engine: its execlist state and, after a malformed submission, its errors. */
void gen_el_final_reads(gen *g, const engine_plan *p)
{
    gen_op(g, GTREF_HOST_READ, reg_of(p, GTREF_EXECLIST_STATUS_LO), 0, 0);
    gen_op(g, GTREF_HOST_READ, reg_of(p, GTREF_EXECLIST_STATUS_HI), 0, 0);
    gen_op(g, GTREF_HOST_READ, reg_of(p, GTREF_CONTEXT_STATUS_PTR), 0, 0);
    if (p->el_bad) {
        gen_op(g, GTREF_HOST_READ, reg_of(p, GTREF_ESR), 0, 0);
        gen_op(g, GTREF_HOST_READ, reg_of(p, GTREF_IPEHR), 0, 0);
    }
}

/* A status-page offset of MI_STORE_DATA_INDEX or a store-index post-sync: on an execlist engine never the CSB mirror
 * (HWSP + 0x40 .. + 0xBF, EL-23), which the driver reads. */
uint32_t gen_el_hws_slot(const gen *g, uint32_t off)
{
    if (g->p && g->p->el && off + 8u > 0x40u && off < 0xC0u) off += 0x100u;   /* a qword write at most */
    return off;
}
