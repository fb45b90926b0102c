/* The constrained-random generator (docs/stimulus-format.md §3), gen.c: the top-level driver: each engine's data
 * and plan, gtref_stim_generate, the length measure of long tests. What the generator's files share:
 * gen_internal.h. */
#include "gen_internal.h"

/* Engine p's data (docs/stimulus-format.md §3 "Address spaces"). GGTT view: its store area (16 pages) and, with
 * TLB pressure, 8..40 far pages; PPGTT view (with a PPGTT): 2..6 areas, 16..40 with TLB pressure, of 1..3 pages
 * at random addresses of its root (near each other or not), the first one on its GGTT hot page in half of the
 * alias seeds; and its PPGTT batch area. The first 256 bytes of each view's first area start with data. */
static void build_data(gen *g, engine_plan *p)
{
    const gtref_gen_config *c = g->cfg;
    bool pressure = pct(g, c->tlb_pressure_pct);
    p->areas[VIEW_GGTT][0] = (area){ p->store_base, STORE_STRIDE };
    p->nareas[VIEW_GGTT] = 1;
    gen_map_range(g, SP_GGTT, p->store_base, STORE_STRIDE);
    unsigned nfar = pressure ? (unsigned)range(g, 8, 40) : 0;
    for (unsigned i = 0; i < nfar && p->nareas[VIEW_GGTT] < MAX_AREAS && !g->oom; i++) {
        uint32_t len = pct(g, 25) ? 2u * PAGE : PAGE;
        uint64_t va = p->far_base + PAGE * range(g, 0, FAR_STRIDE / PAGE - 2u);
        bool clash = false;
        for (size_t k = 1; k < p->nareas[VIEW_GGTT]; k++)
            clash |= va < p->areas[VIEW_GGTT][k].va + p->areas[VIEW_GGTT][k].len + PAGE && p->areas[VIEW_GGTT][k].va < va + len + PAGE;
        if (clash) continue;
        p->areas[VIEW_GGTT][p->nareas[VIEW_GGTT]++] = (area){ va, len };
        gen_map_range(g, SP_GGTT, va, len);
    }
    uint8_t hot[STORE_HOT];
    for (int v = 0; v < 2; v++)
        for (unsigned i = 0; i < STORE_HOT / 4; i++) p->hot_init[v][i] = data32(g);
    for (unsigned i = 0; i < STORE_HOT; i++) hot[i] = (uint8_t)(p->hot_init[VIEW_GGTT][i / 4] >> (8 * (i % 4)));
    gen_vwrite(g, SP_GGTT, p->store_base, hot, STORE_HOT, GTREF_SEG_DATA);
    if (!p->ppgtt) return;
    space *s = &g->sp[p->root];
    unsigned n = pressure ? (unsigned)range(g, 16, 40) : (unsigned)range(g, 2, 6);
    p->pp_hot_alias = g->alias && pct(g, 50);
    for (unsigned i = 0; i < n && !g->oom; i++) {
        bool alias = i == 0 && p->pp_hot_alias;
        uint32_t len = alias ? PAGE : PAGE * (pct(g, 25) ? (uint32_t)range(g, 2, 3) : 1u);
        uint64_t va = gen_pp_pick(g, s, p, len);
        if (alias) gen_map_alias(g, p->root, va, gen_map_page(g, SP_GGTT, p->store_base));
        else gen_map_range(g, p->root, va, len);
        p->areas[VIEW_PPGTT][p->nareas[VIEW_PPGTT]++] = (area){ va, len };
    }
    if (p->pp_hot_alias) {
        memcpy(p->hot_init[VIEW_PPGTT], p->hot_init[VIEW_GGTT], sizeof p->hot_init[VIEW_GGTT]);
    } else {
        for (unsigned i = 0; i < STORE_HOT; i++) hot[i] = (uint8_t)(p->hot_init[VIEW_PPGTT][i / 4] >> (8 * (i % 4)));
        gen_vwrite(g, p->root, p->areas[VIEW_PPGTT][0].va, hot, STORE_HOT, GTREF_SEG_DATA);
    }
    uint64_t bva = gen_pp_pick(g, s, p, BATCH_STRIDE + PAGE);   /* kept whole, pages mapped as batches are placed */
    gen_pp_reserve(g, s, bva, bva + BATCH_STRIDE + PAGE);
    p->next_batch[VIEW_PPGTT] = bva;
    p->batch_limit[VIEW_PPGTT] = bva + BATCH_STRIDE;
    if (g->meet) gen_pp_meet(g, p);   /* after every gen_pp_pick of p: its areas anchor those picks above PP_VA_MIN */
}

/* 1..3 of p's data pages (not the hot page of either view) that the host remaps to fresh pages (half of them with
 * some data) after a wait_idle, right before the submission that starts with p's remap chunk (gen_build_cycle, submit),
 * and what invalidates p's entries of them (p->inval; docs/gam.md §5: only p ever uses these pages):
 *   flsh_cntl_pct: a host write of GFX_FLSH_CNTL (GAM-21), which invalidates GGTT entries only: 70% of these remaps
 *     take GGTT pages only; a PPGTT page among the others still needs INSTPM (instpm_pct) or the flush;
 *   instpm_pct (of the rest): a host write of p's INSTPM = 0x02200220 while every engine is idle (GAM-22);
 *   otherwise the TLB-invalidating flush the remap chunk holds (GAM-12). */
static void plan_remaps(gen *g, engine_plan *p)
{
    bool flsh = pct(g, g->cfg->flsh_cntl_pct);
    int views = flsh && pct(g, 70) ? 1 : 2;   /* 1: GGTT pages only */
    size_t total = 0;
    for (int v = 0; v < views; v++)
        for (size_t k = 0; k < p->nareas[v]; k++) total += p->areas[v][k].len / PAGE - (k == 0);
    unsigned want = (unsigned)range(g, 1, MAX_REMAPS);
    for (unsigned t = 0; t < want && total && !g->oom; t++) {
        size_t pick = (size_t)range(g, 0, total - 1);
        for (int v = 0; v < views; v++)
            for (size_t k = 0; k < p->nareas[v]; k++) {
                size_t pages = p->areas[v][k].len / PAGE - (k == 0);
                if (pick >= pages) { pick -= pages; continue; }
                uint64_t va = p->areas[v][k].va + PAGE * (pick + (k == 0));
                pick = SIZE_MAX;
                bool dup = false;
                for (size_t r = 0; r < p->nremaps; r++) dup |= p->remaps[r].va == va && p->remaps[r].spi == gen_spi_of(p, v);
                if (dup) continue;
                remap *r = &p->remaps[p->nremaps++];
                *r = (remap){ gen_spi_of(p, v), va, gen_alloc_pa(g) };
                if (pct(g, 50)) {
                    uint8_t b[64];
                    for (unsigned i = 0; i < sizeof b; i++) b[i] = (uint8_t)rnd32(g);
                    gen_pwrite(g, r->pa + 64u * range(g, 0, PAGE / 64u - 1u), b, sizeof b, GTREF_SEG_DATA);
                }
            }
    }
    bool ppgtt_page = false;
    for (size_t r = 0; r < p->nremaps; r++) ppgtt_page |= p->remaps[r].spi != SP_GGTT;
    bool instpm = pct(g, g->cfg->instpm_pct);
    if (flsh) p->inval = INV_FLSH_CNTL | (!ppgtt_page ? 0u : instpm ? INV_INSTPM : INV_FLUSH);
    else p->inval = instpm ? INV_INSTPM : INV_FLUSH;
}

/* The plan of engine e: ring size and mode, interrupts, the stopping command (illegal: bad; page fault in hang
 * mode: fbad), its data, fault spots and remaps, then its chunks and ring bytes. */
static void build_engine(gen *g, engine_plan *p, int e, bool bad, bool fbad, int engines, uint32_t gpr0_rel)
{
    const gtref_gen_config *c = g->cfg;
    p->e = e;
    p->el = g->el >> e & 1u;   /* execlist mode (execlist_pct) */
    p->ring_addr = RING_BASE + (uint32_t)e * RING_STRIDE;
    p->next_batch[VIEW_GGTT] = BATCH_BASE + (uint64_t)e * BATCH_STRIDE;
    p->batch_limit[VIEW_GGTT] = p->next_batch[VIEW_GGTT] + BATCH_STRIDE;
    p->store_base = STORE_BASE + (uint64_t)e * STORE_STRIDE;
    p->far_base = FAR_BASE + (uint64_t)e * FAR_STRIDE;
    if (g->high) {   /* high_place_pct: the batch area, the stores and the far data anywhere in the GGTT */
        p->next_batch[VIEW_GGTT] = gen_high_ggtt(g, GTREF_GGTT_RANGE, BATCH_STRIDE + PAGE);
        p->batch_limit[VIEW_GGTT] = p->next_batch[VIEW_GGTT] + BATCH_STRIDE;
        p->store_base = gen_high_ggtt(g, GTREF_GGTT_RANGE, STORE_STRIDE);
        p->far_base = gen_high_ggtt(g, GTREF_GGTT_RANGE, FAR_STRIDE);
    }
    p->gpr0 = gtref_engines[e].base + gpr0_rel;
    p->remap_chunk = -1;
    gen_lri_pools(p, engines, g->race);
    p->rp_r = -1;
    p->rp_chunk = -1;
    if (g->x_regpoll) {   /* reg_poll_pct: R6..R15, one of its dwords; a false value at setup, a true one later */
        xbegin(g);
        p->rp_r = (int)range(g, 6, 15);
        p->rp_off = p->gpr0 + 8u * (uint32_t)p->rp_r + (pct(g, 50) ? 4u : 0u);
        p->rp_init = data32(g);
        do p->rp_val = data32(g); while (p->rp_val == p->rp_init);
        xend(g);
        if (p->el) p->rp_r = -1;   /* the GPRs are image registers of an execlist engine: no register-poll wait */
    }
    /* multi-page rings are only used in single mode: filling one for laps would take thousands of commands */
    p->pages = c->max_ring_pages > 1 && pct(g, c->multi_page_pct) ? (uint32_t)range(g, 2, c->max_ring_pages) : 1;
    if (p->el) p->pages = 1;   /* a context's ring: one page (el_context, docs/stimulus-format.md §2) */
    p->size = p->pages * 4096u;
    p->laps_mode = p->pages == 1 && pct(g, c->laps_pct);
    if (c->min_cycles) p->laps_mode = true;        /* a long test: every ring goes round lap after lap */
    if (g->high && !p->el && !c->min_cycles && hp_pct(g, 40)) {
        /* high_place_pct: a ring of any length RING_CTL allows, the largest a third of the time (single mode) */
        p->pages = hp_pct(g, 35) ? HIGH_RING_PAGES : (uint32_t)hp_range(g, 2, HIGH_RING_PAGES - 1u);
        p->size = p->pages * 4096u;
        p->laps_mode = false;
    }
    if (g->high) p->ring_addr = (uint32_t)gen_high_ggtt(g, HIGH_RING_END, p->size + PAGE);   /* and its prefetch page */
    bool closed = pct(g, c->irq_closed_pct);
    p->irq_open = !closed;
    p->irq_masked = closed && pct(g, 50);
    p->notify_irq = pct(g, c->notify_irq_pct);
    if (g->burst >> e & 1) {
        /* an engine of the interrupt bursts: its ring in single mode with the bursts' segments after the cycle (its
         * events are opened when the bursts begin) */
        p->laps_mode = false;
        gen_make_bursts(g, p);
    }
    p->bad_at = bad || fbad ? 0 : -1;              /* drawn in gen_build_cycle */
    p->bad_level = (bad || fbad) && pct(g, c->malformed_batch_pct) ? (int)range(g, 1, 2) : 0;
    if (fbad) {
        p->bad_kind = pct(g, c->fault_if_pct) ? BADK_FAULT_IF : BADK_FAULT_DATA;
    } else if (bad) {
        unsigned w[GTREF_BAD_KINDS] = { c->w_bad_opcode, c->w_bad_type, c->w_bad_length, c->w_bad_sdi, c->w_bad_lri,
                                        c->w_bad_engine };
        int k = pick_weighted(g, w, GTREF_BAD_KINDS);
        p->bad_kind = k < 0 ? GTREF_BAD_TYPE : k;
    }
    p->emr_unmasked = bad && pct(g, c->emr_unmask_pct);
    p->emr_pf = fbad && pct(g, c->emr_pf_unmask_pct);
    p->emr_priv = g->x_viol && v_pct(g, 50);   /* CP_PRIV reaches EIR (C41): CS_MASTER_ERROR on the first violation */
    p->hws = g->high ? gen_high_ggtt(g, GTREF_GGTT_RANGE, PAGE) : HWS_BASE + (uint64_t)e * HWS_STRIDE;
    if (p->el) gen_map_identity(g, p->hws);           /* the driver reads the CSB there (docs/execlists.md DRV-4) */
    else gen_map_page(g, SP_GGTT, p->hws);             /* the status page never faults (docs/gam.md §5) */
    if (pct(g, c->force_nonpriv_pct) && p->nown_other) {   /* whitelist some privileged registers (C13) */
        p->nforced = (size_t)range(g, 1, 3);
        for (size_t k = 0; k < p->nforced; k++) p->forced[k] = p->own_other[range(g, 0, p->nown_other - 1)];
    }
    p->nnpent = p->nforced;
    memcpy(p->npent, p->forced, p->nforced * sizeof *p->forced);
    if (g->x_np >> e & 1u) {   /* nonpriv_entries_pct: all 12 entries instead */
        xbegin(g);
        gen_np_entries(g, p);
        xend(g);
    }
    build_data(g, p);
    if (fbad) {
        gen_add_fspot(g, p);
        if (!p->nfspots) { p->bad_at = -1; p->bad_kind = 0; }   /* no fault address: this engine stays legal */
    } else if (g->cont && pct(g, 80)) {
        unsigned n = (unsigned)range(g, 2, 6);
        for (unsigned i = 0; i < n; i++) gen_add_fspot(g, p);
        p->cont_faults = p->nfspots > 0;
    }
    if (pct(g, c->remap_pct)) plan_remaps(g, p);
    if (g->oom) return;

    gen_build_cycle(g, p);
    if (g->oom) return;
    if (p->bad_at >= 0 && !p->bad_placed) p->bad_at = -1;   /* did not fit: this engine stays legal */
    for (size_t i = 0; i < p->nchunks; i++)
        if (p->chunks[i].remap) p->remap_chunk = (long)i;
    if (p->remap_chunk < 0) p->nremaps = 0;
    p->start = gen_choose_start(g, p);
    if (p->el) gen_el_plan(g, p);
    uint8_t *ring = calloc(p->size, 1);
    if (!ring) { g->oom = true; return; }
    gen_place_cycle(p, ring);
    if (p->pages <= MAX_RING_PAGES) {
        gen_vwrite(g, SP_GGTT, p->ring_addr, ring, p->size, GTREF_SEG_RING);
    } else {
        /* a high_place_pct ring of more pages: its bytes only in the pages the cycle, the bursts and the prefetch
         * after them touch (the engine never fetches the others); every page mapped */
        uint64_t from = p->start, to = from + 4ull * (p->chunk_start[p->nchunks] + p->bdw.n) + PREFETCH_BYTES;
        for (uint32_t k = 0; k < p->pages && !g->oom; k++) {
            uint64_t a = (uint64_t)k * PAGE;
            bool touched = (a < to && from < a + PAGE) || (a + p->size < to && from < a + p->size + PAGE);
            if (touched) gen_vwrite(g, SP_GGTT, p->ring_addr + a, ring + a, PAGE, GTREF_SEG_RING);
            else gen_map_page(g, SP_GGTT, p->ring_addr + a);
        }
    }
    free(ring);
    gen_map_page(g, SP_GGTT, p->ring_addr + p->size);   /* prefetch past the ring's end */
    gen_plan_boundaries(g, p);
}

static int seg_cmp(const void *a, const void *b)
{
    const gtref_segment *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
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
    s->max_cycles = 400000;   /* a few times the longest test: a DUT that polls forever stops here */
    if (c->min_cycles) s->max_cycles += GTREF_GEN_MAX_CYCLES_FACTOR * c->min_cycles;

    /* which engines: all of them, or a random non-empty proper subset */
    unsigned n = c->engines, all = (1u << n) - 1u;
    unsigned mask = n == 1 || pct(g, c->all_engines_pct) ? all : (unsigned)range(g, 1, all - 1);
    /* GAB and GAC contending (casc_contend_pct): BCS0 and the media engines of the GT driven */
    g->contend = n >= 3 && c_pct(g, c->casc_contend_pct);
    if (g->contend) mask |= all & 0xEu;
    /* the engines that may stop at an illegal command or a hang-mode fault: all of them, but in a long test one
     * engine that runs every lap (the runner) */
    unsigned may_stop = mask;
    if (c->min_cycles) {
        unsigned k = (unsigned)range(g, 0, (unsigned)__builtin_popcount(mask) - 1);
        for (unsigned e = 0; e < n; e++)
            if ((mask >> e & 1) && k-- == 0) may_stop &= ~(1u << e);
    }
    /* which of them get an illegal command */
    unsigned bad = 0;
    if (pct(g, c->malformed_pct) && may_stop) {
        for (unsigned e = 0; e < n; e++)
            if ((may_stop >> e & 1) && pct(g, c->malformed_engine_pct)) bad |= 1u << e;
        if (!bad) {
            unsigned k = (unsigned)range(g, 0, (unsigned)__builtin_popcount(may_stop) - 1);
            for (unsigned e = 0; e < n; e++)
                if ((may_stop >> e & 1) && k-- == 0) bad = 1u << e;
        }
    }
    /* address translation: GGTT remaps, aliases, junk bits; page faults (hang mode: engines that stop at a
     * faulting command, fbad; continue mode: faulting operands anywhere) */
    g->nsp = 1;
    g->remap = pct(g, c->ggtt_remap_pct);
    g->remap_page_pct = (unsigned)range(g, 20, 80);
    g->alias = pct(g, c->alias_pct);
    g->junk = pct(g, c->pte_junk_pct);
    g->live_remap = pct(g, c->live_remap_pct);
    g->faults = pct(g, c->fault_pct);
    g->cont = g->faults && pct(g, c->fault_continue_pct);
    g->fclear = g->faults && pct(g, c->fault_clear_pct);
    g->flsh_live = pct(g, c->flsh_cntl_live_pct);
    unsigned fbad = 0;
    if (g->faults && !g->cont && may_stop) {
        for (unsigned e = 0; e < n; e++)
            if ((may_stop >> e & 1) && !(bad >> e & 1) && pct(g, c->fault_engine_pct)) fbad |= 1u << e;
        if (!fbad) {
            unsigned k = (unsigned)range(g, 0, (unsigned)__builtin_popcount(may_stop) - 1);
            for (unsigned e = 0; e < n; e++)
                if ((may_stop >> e & 1) && k-- == 0) fbad = 1u << e;
            bad &= ~fbad;
        }
    }
    /* execlists (execlist_pct, from their own stream): some engines that never stop in execlist mode, not in a long
     * test */
    g->el = c->min_cycles ? 0u : gen_el_choose(g, mask & ~bad & ~fbad);
    /* interrupt bursts (irq_burst_pct): two or more engines that never stop (no illegal command, no hang-mode
     * fault), not in a long test, nor when the weights ask for no MI_USER_INTERRUPT (w_user_irq 0); not in execlist
     * mode (the bursts write RING_TAIL) */
    unsigned steady = mask & ~bad & ~fbad & ~g->el;
    if (!c->min_cycles && c->w_user_irq && __builtin_popcount(steady) >= 2 && b_pct(g, c->irq_burst_pct)) {
        g->burst = steady;
        g->nbursts = (unsigned)b_range(g, 2, MAX_BURSTS);
        for (unsigned r = 0; r < g->nbursts; r++) g->brun[r] = (uint32_t)b_range(g, 8, 40);
    }
    /* Gen11 variants: each knob drawn from the variants' stream (a seed whose knobs all miss is the stimulus it is
     * with them at 0) */
    g->x_cs_mmio = x_pct(g, c->cs_mmio_pct);
    g->x_load1 = x_pct(g, c->math_load1_pct);
    g->x_pred = x_pct(g, c->pred_jump_pct) && (mask & 1u);
    g->x_atomic = x_pct(g, c->atomic_forms_pct);
    g->x_cbbe = x_pct(g, c->cbbe_pct);
    g->x_sig = x_pct(g, c->sig_target_pct);
    g->x_np = x_pct(g, c->nonpriv_entries_pct) ? mask : 0u;
    g->x_sdi2 = x_pct(g, c->sdi2_pct);
    g->x_regpoll = x_pct(g, c->reg_poll_pct);
    g->x_longlri = x_pct(g, c->long_lri_pct);
    g->x_viol = v_pct(g, c->priv_violation_pct);
    g->meet = m_pct(g, c->space_meet_pct);
    /* high_place_pct (its own stream): where the execlist areas go; the engines' own placements in build_engine (the
     * shared semaphore page stays at SEM_BASE) */
    g->high = c->high_place_pct && hp_pct(g, c->high_place_pct);
    g->pp_min = g->high ? HIGH_PP_VA_MIN : PP_VA_MIN;
    g->sem_base = SEM_BASE;
    for (unsigned e = 0; e < n; e++) {
        bool high = g->high && (g->el >> e & 1u);
        g->el_area[e] = high ? (uint32_t)gen_high_ggtt(g, GTREF_GGTT_RANGE, EL_AUX) : EL_BASE + e * EL_STRIDE;
        g->el_aux[e] = high ? (uint32_t)gen_high_ggtt(g, HIGH_RING_END, EL_STRIDE - EL_AUX) : g->el_area[e] + EL_AUX;
    }
    /* signal bursts (sem_burst_pct, C32a): from their own stream; they go with the semaphore writes and waits */
    sbegin(g);
    g->s_burst = pct(g, c->sem_burst_pct);
    send(g);
    /* host register writes (host_reg_pct): from their own stream, not in a long test (its many submissions) */
    g->host_regs = !c->min_cycles && h_pct(g, c->host_reg_pct);
    /* irq_dense_pct and alias_signal_pct: each from its own stream (alias_signal_pct acts only where the quiet bursts
     * are); not in a long test (its many submissions) */
    g->idense = !c->min_cycles && d_pct(g, c->irq_dense_pct);
    g->alias_sig = g->s_burst && a_pct(g, c->alias_signal_pct);
    g->x_units = c->gen11_unit_pct && (g->x_load1 || g->x_pred || g->x_atomic || g->x_cbbe || g->x_np || g->x_sdi2 ||
                                       g->x_regpoll || g->x_longlri);
    if (g->x_longlri) g->batch_max = 2u * BATCH_MAX;
    engine_plan plans[GTREF_MAX_ENGINES];
    memset(plans, 0, sizeof plans);
    size_t np = 0;
    for (unsigned e = 0; e < n; e++)
        if (mask >> e & 1) plans[np++].e = (int)e;
    g->plans = plans;
    g->np = np;
    /* PPGTT: some engines of a PPGTT seed, each with its own root or one it shares; fault seeds are PPGTT seeds
     * more often (their faults are at every level of the walk) */
    if (pct(g, c->ppgtt_pct) || (g->faults && c->ppgtt_pct && pct(g, 50))) {
        bool any = false;
        for (size_t i = 0; i < np; i++) any |= plans[i].ppgtt = pct(g, c->ppgtt_engine_pct);
        if (!any) plans[range(g, 0, np - 1)].ppgtt = true;
        for (size_t i = 0; i < np; i++) {
            if (!plans[i].ppgtt) continue;
            plans[i].root = g->nsp > 1 && pct(g, c->shared_pml4_pct) ? (int)range(g, 1, (uint64_t)g->nsp - 1) : g->nsp++;
            g->sp[plans[i].root].users++;
        }
    }
    /* semaphores: a random rank per engine (an engine waits only for lower ranks, and for itself once its
     * first chunk has written its own), 0..max_sem_slots written by each engine, each with one value */
    for (size_t i = 0; i < np; i++) plans[i].rank = (int)i;
    for (size_t i = np; i > 1; i--) {
        size_t j = (size_t)range(g, 0, i - 1);
        int t = plans[i - 1].rank;
        plans[i - 1].rank = plans[j].rank;
        plans[j].rank = t;
    }
    uint8_t sem_bytes[8 * SEM_SLOTS];
    memset(sem_bytes, 0, sizeof sem_bytes);
    for (size_t i = 0; i < np; i++) {
        unsigned k = c->max_sem_slots ? (unsigned)range(g, 0, c->max_sem_slots) : 0;
        for (unsigned j = 0; j < k && g->nsems < SEM_SLOTS; j++) {
            sem_slot *sl = &g->sems[g->nsems];
            sl->addr = g->sem_base + 8u * g->nsems;
            sl->writer = plans[i].e;
            sl->init = data32(g);
            do {
                unsigned how = (unsigned)range(g, 0, 3);
                sl->value = how == 0 ? sl->init + 1u : how == 1 ? sl->init - 1u : data32(g);
            } while (sl->value == sl->init);
            for (unsigned b = 0; b < 4; b++) sem_bytes[8 * g->nsems + b] = (uint8_t)(sl->init >> (8 * b));
            g->nsems++;
        }
    }
    /* sem_burst_pct: quiet waiters, from the bursts' own stream: in 60 % of the semaphores, an engine of a higher rank
     * than the writer's (one that waits for nothing else this way) starts its ring with a signal-mode wait on it, and
     * the writer sends it a quiet burst before the write (gen_emit_signal_burst) */
    if (g->s_burst) {
        sbegin(g);
        for (size_t i = 0; i < g->nsems; i++) {
            if (!pct(g, 60)) continue;
            int wr = -1;
            for (size_t j = 0; j < np; j++) if (plans[j].e == g->sems[i].writer) wr = plans[j].rank;
            size_t cand[GTREF_MAX_ENGINES], nc = 0;
            for (size_t j = 0; j < np; j++) if (plans[j].rank > wr && !plans[j].quiet_slot) cand[nc++] = j;
            if (!nc) continue;
            size_t w = cand[range(g, 0, nc - 1)];
            plans[w].quiet_slot = i + 1;
            g->sems[i].quiet_waiter = w + 1;
        }
        send(g);
    }
    /* the RCS0 watchdog: started by the host at setup, and raced by the host's own writes of its registers */
    g->wdog = (mask & 1u) && pct(g, c->watchdog_pct);
    g->race = g->wdog && pct(g, c->host_race_pct);
    if (g->el & 1u) g->wdog = g->race = false;   /* PR_CTR_* are image registers of RCS0 in execlist mode (§3.2) */
    if (g->nsems) {
        /* the semaphore page: in the GGTT, and in every PPGTT root at an address of its own (the same page) */
        gen_vwrite(g, SP_GGTT, g->sem_base, sem_bytes, (uint32_t)(8 * g->nsems), GTREF_SEG_DATA);
        uint64_t sem_pa = gen_map_page(g, SP_GGTT, g->sem_base);
        for (int i = 1; i < g->nsp; i++) {
            g->sp[i].sem_va = gen_pp_pick(g, &g->sp[i], NULL, PAGE);
            gen_map_alias(g, i, g->sp[i].sem_va, sem_pa);
        }
        s->hang_cycles = 20000;   /* a wait may last while the writer runs */
    }
    int highest = 0;
    for (size_t i = 0; i < np && !g->oom; i++) {
        g->p = &plans[i];
        build_engine(g, g->p, plans[i].e, bad >> plans[i].e & 1, fbad >> plans[i].e & 1, (int)n, gpr0_rel);
        highest = plans[i].e;
    }
    s->engines = (uint8_t)(highest + 1);
    if (g->el) {   /* switches: a save and a restore take hundreds of cycles, a spinner runs until the host acts */
        s->hang_cycles = 20000;
        s->max_cycles = 1000000;
    }
    if (!g->oom) gen_finalize_tables(g);
    if (!g->oom) gen_program_host(g, plans, np);
    if (!g->oom) gen_write_tables(g, plans, np);
    if (!g->oom) gen_emit_image(g);
    /* The runaway guard grows with the test: a stimulus whose rings hand out many dwords (max-cmds in the thousands)
     * runs up to about 9 times its estimate (docs/test-lists.md), so it gets GTREF_GEN_MAX_CYCLES_FACTOR times the
     * estimate when that is more than the fixed guard above (measured: a seed of the nightly list's
     * min-cmds=3000 max-cmds=6000 group ran 555 645 cycles, 6.4 times its estimate, past the fixed 400 000). */
    if (!g->oom) {
        uint64_t guard = GTREF_GEN_MAX_CYCLES_FACTOR * gtref_stim_estimate_cycles(s);
        if (guard > s->max_cycles) s->max_cycles = guard;
    }
    for (size_t i = 0; i < np; i++) gen_free_plan(&plans[i]);
    if (!g->oom) qsort(s->segs, s->nsegs, sizeof *s->segs, seg_cmp);   /* segments in address order */
    return g->oom ? -1 : 0;
}

static void free_gen(gen *g)
{
    for (int i = 0; i < MAX_SPACES; i++) {
        free(g->sp[i].pg);
        free(g->sp[i].res);
        free(g->sp[i].tp);
    }
    free(g->used);
    for (size_t i = 0; i < g->nimg; i++) free(g->img[i].b);
    free(g->img);
    free(g->cont_pages);
    free(g->cont_owner);
}

/* s is (re)initialised: what it held is freed. */
int gtref_stim_generate(gtref_stim *s, uint64_t seed, const gtref_gen_config *c)
{
    gtref_stim_free(s);
    if (!c || c->engines < 1 || c->engines > GTREF_MAX_ENGINES || c->max_cmds < c->min_cmds || c->max_cmds == 0)
        return -1;
    if (!c->w_noop && !c->w_lri && !c->w_sdi && !c->w_batch && !c->w_user_irq && !c->w_math && !c->w_atomic &&
        !c->w_predicate && !c->w_set_predicate && !c->w_lrr && !c->w_lrm && !c->w_srm && !c->w_copy && !c->w_cond_end &&
        !c->w_hws && !c->w_flush && !c->w_sem_wait && !c->w_arb && !c->w_sem_signal && !c->w_watchdog)
        return -1;
    if (c->max_sem_slots > 4) return -1;
    if (c->min_cycles > GTREF_GEN_MAX_MIN_CYCLES) return -1;
    if (c->max_ring_pages < 1 || c->max_ring_pages > MAX_RING_PAGES) return -1;
    const unsigned pcts[] = { c->all_engines_pct, c->lri_other_pct, c->lri_ignored_pct, c->multi_page_pct, c->laps_pct,
                              c->split_tail_pct, c->back_to_back_pct, c->irq_closed_pct, c->malformed_pct,
                              c->malformed_engine_pct, c->malformed_batch_pct, c->emr_unmask_pct, c->chain_pct,
                              c->nonpriv_pct, c->force_nonpriv_pct, c->notify_irq_pct, c->sem_signal_pct, c->early_wait_pct,
                              c->watchdog_pct, c->host_race_pct, c->ggtt_remap_pct, c->alias_pct, c->pte_junk_pct,
                              c->ppgtt_pct, c->ppgtt_engine_pct, c->shared_pml4_pct, c->tlb_pressure_pct,
                              c->space_meet_pct, c->remap_pct,
                              c->live_remap_pct, c->lra_pct, c->midarb_pct, c->fault_pct, c->fault_continue_pct,
                              c->fault_engine_pct, c->fault_if_pct, c->fault_cmd_pct, c->emr_pf_unmask_pct,
                              c->fault_clear_pct, c->flsh_cntl_pct, c->flsh_cntl_live_pct, c->instpm_pct,
                              c->instpm_setup_pct, c->req_limit_pct, c->gac_gab_pct, c->gac_gam_pct,
                              c->casc_contend_pct, c->irq_burst_pct, c->irq_race_pct, c->gen11_unit_pct, c->cs_mmio_pct,
                              c->math_load1_pct, c->pred_jump_pct, c->atomic_forms_pct, c->cbbe_pct, c->sig_target_pct,
                              c->nonpriv_entries_pct, c->sdi2_pct, c->reg_poll_pct, c->long_lri_pct,
                              c->priv_violation_pct, c->execlist_pct, c->el_engine_pct, c->el_scenario_pct,
                              c->el_csb_pct, c->el_invalid_pct, c->el_malformed_pct, c->el_lite_pct,
                              c->sem_burst_pct, c->host_reg_pct, c->high_place_pct,
                              c->irq_dense_pct, c->alias_signal_pct };
    for (size_t i = 0; i < sizeof pcts / sizeof pcts[0]; i++)
        if (pcts[i] > 100) return -1;
    const gtref_reg_def *gpr = gtref_reg_by_name("CS_GPR0");
    if (!gpr) return -1;
    gen g;
    memset(&g, 0, sizeof g);
    gtref_rng_seed(&g.rng, seed);
    gtref_rng_seed(&g.crng, seed ^ 0xCA5CAD0CA5CAD0CAull);
    gtref_rng_seed(&g.brng, seed ^ 0x1B0B5171B0B5171Bull);
    gtref_rng_seed(&g.irng, seed ^ 0x12A3CE12A3CE12A3ull);
    gtref_rng_seed(&g.xrng, seed ^ 0x6E11C0DE6E11C0DEull);
    gtref_rng_seed(&g.vrng, seed ^ 0x9B1F0C9B1F0C9B1Full);
    gtref_rng_seed(&g.erng, seed ^ 0xE1E1C0DEE1E1C0DEull);
    gtref_rng_seed(&g.mrng, seed ^ 0x3EE7A11A53EE7A11ull);
    gtref_rng_seed(&g.srng, seed ^ 0x5167B0557167B055ull);
    gtref_rng_seed(&g.hrng, seed ^ 0x4057AE6A4057AE6Aull);
    gtref_rng_seed(&g.hprng, seed ^ 0x41C4B1A5E5A1C4B1ull);
    gtref_rng_seed(&g.drng, seed ^ 0xD5E7CE0DD5E7CE0Dull);
    gtref_rng_seed(&g.arng, seed ^ 0xA11A5516A11A5516ull);
    g.batch_max = BATCH_MAX;
    g.cfg = c;
    g.s = s;
    int rc = generate(&g, seed, gpr->offset);
    free_gen(&g);
    if (rc) gtref_stim_free(s);
    return rc;
}

/* ---- the length measure of long tests ---- */

uint64_t gtref_stim_ring_dwords(const gtref_stim *s, uint64_t dw[GTREF_MAX_ENGINES])
{
    uint64_t local[GTREF_MAX_ENGINES], size[GTREF_MAX_ENGINES];
    uint32_t tail[GTREF_MAX_ENGINES];
    bool seen[GTREF_MAX_ENGINES];
    if (!dw) dw = local;
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
        dw[e] = 0;
        size[e] = PAGE;
        tail[e] = 0;
        seen[e] = false;
    }
    for (size_t i = 0; i < s->nops; i++) {
        const gtref_host_op *o = &s->ops[i];
        if (o->op != GTREF_HOST_WRITE) continue;
        for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
            if (o->off == gtref_engines[e].base + GTREF_RING_CTL) {
                size[e] = PAGE * (((o->val >> GTREF_CTL_LEN_SHIFT) & GTREF_CTL_LEN_MAX) + 1u);
            } else if (o->off == gtref_engines[e].base + GTREF_RING_TAIL) {
                /* the first TAIL is where the ring starts (written while it is disabled); each later one hands
                 * the engine the dwords from the previous TAIL to it, round the ring */
                uint32_t t = o->val & GTREF_TAIL_OFFSET_MASK;
                if (seen[e]) dw[e] += ((t + size[e] - tail[e] % size[e]) % size[e]) / 4u;
                tail[e] = t;   /* reduced by the size in force at the next TAIL (the first is written before RING_CTL) */
                seen[e] = true;
            }
        }
    }
    uint64_t most = 0;
    for (int e = 0; e < GTREF_MAX_ENGINES; e++)
        if (dw[e] > most) most = dw[e];
    return most;
}

uint64_t gtref_stim_estimate_cycles(const gtref_stim *s)
{
    return gtref_stim_ring_dwords(s, NULL) * GTREF_GEN_CYCLES_PER_RING_DW;
}
