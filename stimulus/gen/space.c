/* The constrained-random generator (docs/stimulus-format.md §3), space.c: address spaces: page maps, physical
 * pages, the memory image, GGTT/PPGTT tables, PPGTT addresses, fault addresses, data operands (docs/gam.md). What
 * the generator's files share: gen_internal.h. */
#include "gen_internal.h"

/* ---- address spaces: page maps, physical pages, the image, tables ---- */

static size_t lb_u64(const uint64_t *a, size_t n, uint64_t x)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t m = lo + (hi - lo) / 2;
        if (a[m] < x) lo = m + 1;
        else hi = m;
    }
    return lo;
}

/* Room for `need` elements of `elem` bytes in *v (capacity *cap); false (and oom) when none. */
static bool reserve_mem(gen *g, void **v, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return true;
    size_t c = *cap ? *cap : 16;
    while (c < need) c *= 2;
    void *nv = realloc(*v, c * elem);
    if (!nv) { g->oom = true; return false; }
    *v = nv;
    *cap = c;
    return true;
}

static bool pfn_used(const gen *g, uint64_t pfn)
{
    size_t i = lb_u64(g->used, g->nused, pfn);
    return i < g->nused && g->used[i] == pfn;
}

static void pfn_take(gen *g, uint64_t pfn)
{
    size_t i = lb_u64(g->used, g->nused, pfn);
    if (i < g->nused && g->used[i] == pfn) return;
    if (!reserve_mem(g, (void **)&g->used, &g->cused, g->nused + 1, sizeof *g->used)) return;
    memmove(&g->used[i + 1], &g->used[i], (g->nused - i) * sizeof *g->used);
    g->used[i] = pfn;
    g->nused++;
}

/* A free physical page: random, below 2 GB (above the identity-mapped layout) 30% of the time, else above 4 GB. */
uint64_t gen_alloc_pa(gen *g)
{
    /* high_place_pct: anywhere from 4 GB to 2^39 (every bit of GTREF_PTE_ADDR_MASK), outside the GGTT's table */
    while (g->high && !g->oom) {
        uint64_t pfn = range(g, PA_HIGH_MIN >> 12, (HIGH_PA_END >> 12) - 1u);
        if (pfn >= GTREF_GSM_BASE >> 12 && pfn < HIGH_GSM_END >> 12) continue;
        if (!pfn_used(g, pfn)) {
            pfn_take(g, pfn);
            return pfn << 12;
        }
    }
    for (;;) {
        bool low = pct(g, 30);
        uint64_t pfn = range(g, (low ? PA_LOW_MIN : PA_HIGH_MIN) >> 12, ((low ? PA_LOW_END : PA_HIGH_END) >> 12) - 1u);
        if (!pfn_used(g, pfn) || g->oom) {
            pfn_take(g, pfn);
            return pfn << 12;
        }
    }
}

/* high_place_pct: a random page-aligned GGTT range of len bytes from HIGH_GGTT_MIN up to hi, clear of the holes and of
 * every range placed before (kept in g->hres), drawn from the high placements' stream. */
uint64_t gen_high_ggtt(gen *g, uint64_t hi, uint64_t len)
{
    len = (len + PAGE - 1u) & ~(uint64_t)(PAGE - 1u);
    for (unsigned tries = 0; tries < 10000 && g->nhres < HIGH_RANGES; tries++) {
        uint64_t lo = HIGH_GGTT_MIN + PAGE * hp_range(g, 0, (hi - HIGH_GGTT_MIN - len) / PAGE);
        bool clash = lo < HOLE_BASE + GTREF_MAX_ENGINES * (uint64_t)HOLE_STRIDE && HOLE_BASE < lo + len;
        for (size_t k = 0; k < g->nhres && !clash; k++) clash = lo < g->hres[k].hi && g->hres[k].lo < lo + len;
        if (clash) continue;
        g->hres[g->nhres++] = (vrange){ lo, lo + len };
        return lo;
    }
    g->oom = true;   /* never in practice: a few dozen MB placed in 4 GB */
    return 0;
}

static size_t vlb(const space *s, uint64_t vpn)
{
    size_t lo = 0, hi = s->n;
    while (lo < hi) {
        size_t m = lo + (hi - lo) / 2;
        if (s->pg[m].vpn < vpn) lo = m + 1;
        else hi = m;
    }
    return lo;
}

vpage *gen_vfind(space *s, uint64_t vpn)
{
    size_t i = vlb(s, vpn);
    return i < s->n && s->pg[i].vpn == vpn ? &s->pg[i] : NULL;
}

static void vinsert(gen *g, space *s, uint64_t vpn, uint64_t pfn)
{
    size_t i = vlb(s, vpn);
    if (!reserve_mem(g, (void **)&s->pg, &s->cap, s->n + 1, sizeof *s->pg)) return;
    memmove(&s->pg[i + 1], &s->pg[i], (s->n - i) * sizeof *s->pg);
    s->pg[i] = (vpage){ vpn, pfn };
    s->n++;
}

/* The physical page of va's page in space spi, mapping it first if needed: identity in the GGTT (unless the seed
 * remaps this page), else a fresh random page. */
uint64_t gen_map_page(gen *g, int spi, uint64_t va)
{
    space *s = &g->sp[spi];
    uint64_t vpn = va >> 12;
    vpage *v = gen_vfind(s, vpn);
    if (v) return v->pfn << 12;
    uint64_t pa;
    if (spi == SP_GGTT && !(g->remap && pct(g, g->remap_page_pct)) && !pfn_used(g, vpn)) {
        pfn_take(g, vpn);
        pa = vpn << 12;
    } else {
        pa = gen_alloc_pa(g);
    }
    vinsert(g, s, vpn, pa >> 12);
    return pa;
}

/* va's GGTT page mapped to the physical page of the same address (execlists: the driver reads images and status
 * pages, and the host writes flags, at the addresses it gave them). The execlist area and the status pages are
 * below PA_LOW_MIN, where no page is handed out. */
uint64_t gen_map_identity(gen *g, uint64_t va)
{
    space *s = &g->sp[SP_GGTT];
    uint64_t vpn = va >> 12;
    vpage *v = gen_vfind(s, vpn);
    if (v) return v->pfn << 12;
    if (!pfn_used(g, vpn)) pfn_take(g, vpn);
    vinsert(g, s, vpn, vpn);
    return vpn << 12;
}

void gen_map_range(gen *g, int spi, uint64_t va, uint64_t len)
{
    for (uint64_t a = va & ~0xFFFull; a < va + len && !g->oom; a += PAGE) gen_map_page(g, spi, a);
}

/* va's page mapped to the physical page pa (an alias: pa is mapped elsewhere too). */
void gen_map_alias(gen *g, int spi, uint64_t va, uint64_t pa)
{
    if (!gen_vfind(&g->sp[spi], va >> 12)) vinsert(g, &g->sp[spi], va >> 12, pa >> 12);
}

ppage *gen_img_find(gen *g, uint64_t pfn)
{
    size_t lo = 0, hi = g->nimg;
    while (lo < hi) {
        size_t m = lo + (hi - lo) / 2;
        if (g->img[m].pfn < pfn) lo = m + 1;
        else hi = m;
    }
    return lo < g->nimg && g->img[lo].pfn == pfn ? &g->img[lo] : NULL;
}

ppage *gen_img_page(gen *g, uint64_t pfn, uint8_t kind)
{
    ppage *f = gen_img_find(g, pfn);
    if (f) return f;
    size_t lo = 0, hi = g->nimg;
    while (lo < hi) {
        size_t m = lo + (hi - lo) / 2;
        if (g->img[m].pfn < pfn) lo = m + 1;
        else hi = m;
    }
    uint8_t *b = calloc(PAGE, 1);
    if (!b || !reserve_mem(g, (void **)&g->img, &g->cimg, g->nimg + 1, sizeof *g->img)) {
        free(b);
        g->oom = true;
        return NULL;
    }
    memmove(&g->img[lo + 1], &g->img[lo], (g->nimg - lo) * sizeof *g->img);
    g->img[lo] = (ppage){ pfn, kind, (uint16_t)PAGE, 0, b };
    g->nimg++;
    return &g->img[lo];
}

/* Bytes into the physical image (NULL: zeros, written all the same). */
void gen_pwrite(gen *g, uint64_t pa, const void *src, uint32_t len, uint8_t kind)
{
    const uint8_t *p = src;
    while (len && !g->oom) {
        uint32_t off = (uint32_t)(pa & 0xFFFu), n = PAGE - off < len ? PAGE - off : len;
        ppage *pg = gen_img_page(g, pa >> 12, kind);
        if (!pg) return;
        if (p) memcpy(pg->b + off, p, n);
        if (off < pg->lo) pg->lo = (uint16_t)off;
        if (off + n > pg->hi) pg->hi = (uint16_t)(off + n);
        pa += n;
        len -= n;
        if (p) p += n;
    }
}

/* Bytes at graphics address va of space spi, through its map (mapping the pages as needed). */
void gen_vwrite(gen *g, int spi, uint64_t va, const void *src, uint32_t len, uint8_t kind)
{
    const uint8_t *p = src;
    while (len && !g->oom) {
        uint32_t off = (uint32_t)(va & 0xFFFu), n = PAGE - off < len ? PAGE - off : len;
        gen_pwrite(g, gen_map_page(g, spi, va) + off, p, n, kind);
        va += n;
        len -= n;
        if (p) p += n;
    }
}

/* The image as segments: each page's written span, runs of whole pages joined. */
void gen_emit_image(gen *g)
{
    for (size_t i = 0; i < g->nimg && !g->oom;) {
        const ppage *a = &g->img[i];
        if (a->hi <= a->lo) { i++; continue; }
        size_t j = i;
        while (j + 1 < g->nimg && g->img[j].hi == PAGE && g->img[j + 1].pfn == g->img[j].pfn + 1 && g->img[j + 1].lo == 0 &&
               g->img[j + 1].hi > 0 && g->img[j + 1].kind == a->kind)
            j++;
        uint64_t addr = (a->pfn << 12) + a->lo;
        uint32_t len = (uint32_t)((g->img[j].pfn << 12) + g->img[j].hi - addr);
        uint8_t *buf = malloc(len);
        if (!buf) { g->oom = true; return; }
        uint32_t k = 0;
        for (size_t m = i; m <= j; m++) {
            uint32_t lo = m == i ? a->lo : 0u, hi = g->img[m].hi;
            memcpy(buf + k, g->img[m].b + lo, hi - lo);
            k += hi - lo;
        }
        if (gtref_stim_add_segment(g->s, addr, a->kind, buf, len)) g->oom = true;
        free(buf);
        i = j + 1;
    }
}

void gen_mem_write(gen *g, uint64_t addr, uint64_t v)
{
    if (!g->oom && gtref_stim_add_mem_write(g->s, addr, v, 0xFF)) g->oom = true;
}

/* ---- tables (docs/gam.md GAM-3..GAM-6) ---- */

#define TKEY(level, prefix) ((uint64_t)(level) << 56 | (prefix))   /* 1 PDP (va >> 39), 2 PD (va >> 30), 3 PT (va >> 21) */

static tpage *tfind(space *s, uint64_t key)
{
    size_t lo = 0, hi = s->ntp;
    while (lo < hi) {
        size_t m = lo + (hi - lo) / 2;
        if (s->tp[m].key < key) lo = m + 1;
        else hi = m;
    }
    return lo < s->ntp && s->tp[lo].key == key ? &s->tp[lo] : NULL;
}

static void tadd(gen *g, space *s, uint64_t key)
{
    if (tfind(s, key)) return;
    size_t lo = 0, hi = s->ntp;
    while (lo < hi) {
        size_t m = lo + (hi - lo) / 2;
        if (s->tp[m].key < key) lo = m + 1;
        else hi = m;
    }
    tpage *nt = realloc(s->tp, (s->ntp + 1) * sizeof *nt);
    if (!nt) { g->oom = true; return; }
    s->tp = nt;
    memmove(&s->tp[lo + 1], &s->tp[lo], (s->ntp - lo) * sizeof *s->tp);
    s->tp[lo] = (tpage){ key, gen_alloc_pa(g) };
    s->ntp++;
}

static uint64_t tpa(space *s, int level, uint64_t prefix)
{
    tpage *t = tfind(s, TKEY(level, prefix));
    return t ? t->pa : 0;
}

/* Every PPGTT root gets its PML4 and the directories and tables its pages need (once every page is mapped). */
void gen_finalize_tables(gen *g)
{
    for (int i = 1; i < g->nsp && !g->oom; i++) {
        space *s = &g->sp[i];
        s->pml4 = gen_alloc_pa(g);
        for (size_t k = 0; k < s->n && !g->oom; k++) {
            uint64_t va = s->pg[k].vpn << 12;
            tadd(g, s, TKEY(1, va >> 39));
            tadd(g, s, TKEY(2, va >> 30));
            tadd(g, s, TKEY(3, va >> 21));
        }
    }
}

/* A present entry for pa: bit 0 and the address, and in junk seeds random bits where GAM-3 ignores them. */
uint64_t gen_entry(gen *g, uint64_t pa)
{
    uint64_t v = pa | GTREF_PTE_PRESENT;
    if (g->junk && pct(g, 50)) v |= gtref_rng_next(&g->rng) & ~(GTREF_PTE_ADDR_MASK | GTREF_PTE_PRESENT);
    return v;
}

/* A PDPE or PDE: bit 7 (PS, a 1 GB or 2 MB page) always clear, whatever the junk (G4: a set PS bit is unimplemented). */
#define PS_BIT (1ull << 7)
static uint64_t dir_entry(gen *g, uint64_t pa) { return gen_entry(g, pa) & ~PS_BIT; }

static void put_entry(gen *g, uint64_t at, uint64_t v)
{
    uint8_t b[8];
    for (unsigned i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
    gen_pwrite(g, at, b, 8, GTREF_SEG_DATA);
}

/* Where the last-level entry of va is (GGTT entry, or PPGTT PTE; the tables exist). */
uint64_t gen_pte_addr(gen *g, int spi, uint64_t va)
{
    if (spi == SP_GGTT) return GTREF_GSM_BASE + (va >> 12) * 8u;
    return tpa(&g->sp[spi], 3, va >> 21) + ((va >> 12) & GTREF_PT_INDEX_MASK) * 8u;
}

/* The entry whose absence makes fault spot f fault (0 when none is read: GGTT range, PP_DCLV). */
static uint64_t absent_entry(gen *g, const fspot *f)
{
    space *s = &g->sp[f->spi];
    uint64_t va = f->va;
    switch (f->kind) {
    case FT_GGTT_NP: return GTREF_GSM_BASE + (va >> 12) * 8u;
    case FT_PML4E: return s->pml4 + ((va >> 39) & 511u) * 8u;
    case FT_PDPE: return tpa(s, 1, va >> 39) + ((va >> 30) & 511u) * 8u;
    case FT_PDE: return tpa(s, 2, va >> 30) + ((va >> 21) & 511u) * 8u;
    case FT_PTE: return tpa(s, 3, va >> 21) + ((va >> 12) & 511u) * 8u;
    default: return 0;
    }
}

/* The tables' initial contents into the image: the GGTT's entries at GTREF_GSM_BASE, each root's PML4, PDPs, PDs
 * and PTs. In junk seeds the entries that make fault spots fault hold random bits with bit 0 clear. */
void gen_write_tables(gen *g, const engine_plan *plans, size_t np)
{
    space *gg = &g->sp[SP_GGTT];
    for (size_t k = 0; k < gg->n && !g->oom; k++) put_entry(g, GTREF_GSM_BASE + gg->pg[k].vpn * 8u, gen_entry(g, gg->pg[k].pfn << 12));
    for (int i = 1; i < g->nsp && !g->oom; i++) {
        space *s = &g->sp[i];
        for (size_t k = 0; k < s->ntp; k++) {
            int level = (int)(s->tp[k].key >> 56);
            uint64_t prefix = s->tp[k].key & ((1ull << 56) - 1u);
            uint64_t table = level == 1 ? s->pml4 : tpa(s, level - 1, prefix >> 9);
            /* a table of level 2 (a PD) or 3 (a PT) is pointed to by a PDPE or a PDE (G4) */
            uint64_t e = level >= 2 ? dir_entry(g, s->tp[k].pa) : gen_entry(g, s->tp[k].pa);
            put_entry(g, table + (prefix & 511u) * 8u, e);
        }
        for (size_t k = 0; k < s->n; k++)
            put_entry(g, tpa(s, 3, s->pg[k].vpn >> 9) + (s->pg[k].vpn & 511u) * 8u, gen_entry(g, s->pg[k].pfn << 12));
    }
    if (!g->junk) return;
    for (size_t i = 0; i < np; i++)
        for (size_t k = 0; k < plans[i].nfspots; k++) {
            uint64_t at = absent_entry(g, &plans[i].fspots[k]);
            if (at) put_entry(g, at, gtref_rng_next(&g->rng) & ~(GTREF_PTE_PRESENT | PS_BIT));   /* G4, even absent */
        }
}

/* ---- PPGTT addresses ---- */

/* Nothing mapped and nothing kept in [lo, hi) of root s. */
static bool pp_free(space *s, uint64_t lo, uint64_t hi)
{
    size_t i = vlb(s, lo >> 12);
    if (i < s->n && s->pg[i].vpn < (hi + PAGE - 1u) >> 12) return false;
    for (size_t k = 0; k < s->nres; k++)
        if (lo < s->res[k].hi && s->res[k].lo < hi) return false;
    return true;
}

void gen_pp_reserve(gen *g, space *s, uint64_t lo, uint64_t hi)
{
    vrange *nr = realloc(s->res, (s->nres + 1) * sizeof *nr);
    if (!nr) { g->oom = true; return; }
    s->res = nr;
    s->res[s->nres++] = (vrange){ lo, hi };
}

/* A free page-aligned range of len bytes in root s at or above g->pp_min (PP_VA_MIN, or HIGH_PP_VA_MIN in
 * high_place_pct seeds) (bits 63:48 zero): 60% in the same 2 MB, 1 GB or 512 GB as one of p's PPGTT areas (shared
 * tables, sparse directories with holes), else anywhere. */
uint64_t gen_pp_pick(gen *g, space *s, const engine_plan *p, uint64_t len)
{
    static const unsigned shifts[3] = { 21, 30, 39 };
    for (unsigned tries = 0; tries < 100000 && !g->oom; tries++) {
        uint64_t lo = g->pp_min, hi = PP_VA_END;
        if (p && p->nareas[VIEW_PPGTT] && tries < 64 && pct(g, 60)) {
            uint64_t anchor = p->areas[VIEW_PPGTT][range(g, 0, p->nareas[VIEW_PPGTT] - 1)].va;
            unsigned sh = shifts[range(g, 0, 2)];
            lo = anchor >> sh << sh;
            hi = lo + (1ull << sh);
            if (lo < g->pp_min) lo = g->pp_min;
        }
        if (hi - lo < len + PAGE) continue;
        uint64_t va = lo + PAGE * range(g, 0, (hi - lo - len) / PAGE);
        if (pp_free(s, va, va + len)) return va;
    }
    g->oom = true;   /* never in practice: 2^36 pages */
    return 0;
}

/* space_meet_pct (docs/gam.md §4, GAM-7), from the meeting spaces' stream: 2..8 more PPGTT areas of one page for p, each
 * at the graphics address of one of p's GGTT data pages (its GGTT hot page first, half the time), so that a PPGTT
 * and a GGTT translation of the same page number sit in p's TLB together; half of them on the GGTT page's own
 * physical page (one page reached through both spaces: the content is the same through either, §5), the others on
 * a fresh page. Only p uses them (the pages are p's data); a page its root already maps is left out. These are
 * the only PPGTT addresses below PP_VA_MIN; they are below 4 GB, on pages of p's GGTT data, never on commands. */
void gen_pp_meet(gen *g, engine_plan *p)
{
    space *s = &g->sp[p->root];
    mbegin(g);
    unsigned n = (unsigned)range(g, 2, 8);
    for (unsigned i = 0; i < n && p->nareas[VIEW_PPGTT] < MAX_AREAS && !g->oom; i++) {
        const area *a = &p->areas[VIEW_GGTT][i == 0 || pct(g, 30) ? 0 : range(g, 0, p->nareas[VIEW_GGTT] - 1)];
        uint64_t va = a->va + PAGE * (i == 0 && pct(g, 50) ? 0 : range(g, 0, a->len / PAGE - 1u));
        if (!pp_free(s, va, va + PAGE)) continue;
        if (pct(g, 50)) gen_map_alias(g, p->root, va, gen_map_page(g, SP_GGTT, va));
        else gen_map_range(g, p->root, va, PAGE);
        p->areas[VIEW_PPGTT][p->nareas[VIEW_PPGTT]++] = (area){ va, PAGE };
    }
    mend(g);
}

/* ---- fault addresses (docs/gam.md GAM-13) ---- */

/* Continue mode sends a faulting access to va[38:0] | 1 << 39 (GAM-15): each such page belongs to one engine, so
 * that engines never share memory there. False when va's page is another engine's. */
static bool cont_claim(gen *g, int e, uint64_t va)
{
    uint64_t cp = (va & GTREF_FAULT_CONTINUE_MASK) >> 12;
    for (size_t k = 0; k < g->ncont; k++)
        if (g->cont_pages[k] == cp) return g->cont_owner[k] == e;
    uint64_t *np = realloc(g->cont_pages, (g->ncont + 1) * sizeof *np);
    if (np) g->cont_pages = np;
    int *no = realloc(g->cont_owner, (g->ncont + 1) * sizeof *no);
    if (no) g->cont_owner = no;
    if (!np || !no) { g->oom = true; return false; }
    g->cont_pages[g->ncont] = cp;
    g->cont_owner[g->ncont++] = e;
    return true;
}

/* A page whose accesses by engine p fault with `kind`, or false when p cannot have one (no PPGTT, no room):
 *   GGTT range: a GGTT address of 4 GB or more (no walk); GGTT not present: a page of p's hole region, never mapped;
 *   PP_DCLV: a PML4 group no page of p's root uses, kept disabled in p's PP_DCLV; PML4E/PDPE/PDE/PTE not present:
 *   a 512 GB / 1 GB / 2 MB region, or a page, never mapped, next to one of p's PPGTT pages (so the levels above are
 *   present). The region is kept (gen_pp_reserve): nothing is mapped there later. */
static bool make_fspot(gen *g, engine_plan *p, int kind, fspot *f)
{
    uint64_t hole = HOLE_BASE + (uint64_t)p->e * HOLE_STRIDE + PAGE * range(g, 0, HOLE_STRIDE / PAGE - 1u);
    uint64_t va = 0;
    bool ggtt = kind <= FT_GGTT_NP;
    if (!ggtt && (!p->ppgtt || !p->nareas[VIEW_PPGTT])) return false;
    int spi = ggtt ? SP_GGTT : p->root;
    space *s = &g->sp[spi];
    unsigned unit = 0, block = 0;
    switch (kind) {
    case FT_GGTT_RANGE: va = range(g, g->high ? 0x80 : 0x40, 0xFFFF) << 32 | hole; break;   /* above the pages (2^39) */
    case FT_GGTT_NP: va = hole; break;
    case FT_DCLV: unit = 43; block = 48; break;
    case FT_PML4E: unit = 39; block = 43; break;
    case FT_PDPE: unit = 30; block = 39; break;
    case FT_PDE: unit = 21; block = 30; break;
    default: unit = 12; block = 21; break;
    }
    if (unit) {
        uint64_t anchor = p->areas[VIEW_PPGTT][range(g, 0, p->nareas[VIEW_PPGTT] - 1)].va;
        uint64_t lo = block >= 48 ? 0 : anchor >> block << block;
        for (int t = 0; t < 64 && !va; t++) {
            uint64_t u = lo + (range(g, 0, (1ull << (block - unit)) - 1u) << unit), uhi = u + (1ull << unit);
            if (uhi <= g->pp_min || !pp_free(s, u, uhi)) continue;
            uint64_t vlo = u < g->pp_min ? g->pp_min : u;
            va = vlo + PAGE * range(g, 0, (uhi - vlo) / PAGE - 1u);
            gen_pp_reserve(g, s, u, uhi);
            if (kind == FT_DCLV) p->dclv_forbid |= 1u << (u >> 43);
        }
        if (!va) return false;
    }
    if (g->cont && !cont_claim(g, p->e, va)) return false;
    /* the command's bit: GGTT spots need the GGTT bit on a PPGTT engine; elsewhere either bit selects the GGTT (G1) */
    *f = (fspot){ va, ggtt ? (p->ppgtt || pct(g, 50)) : false, kind, spi };
    return true;
}

/* One more fault spot for p: on a PPGTT engine 80% of them in its PPGTT (every level), else in the GGTT. */
void gen_add_fspot(gen *g, engine_plan *p)
{
    if (p->nfspots >= MAX_FSPOTS) return;
    for (int t = 0; t < 16; t++) {
        bool pp = p->ppgtt && p->nareas[VIEW_PPGTT] && pct(g, 80);
        int kind = pp ? (int)range(g, FT_DCLV, FT_KINDS - 1) : (int)range(g, FT_GGTT_RANGE, FT_GGTT_NP);
        if (make_fspot(g, p, kind, &p->fspots[p->nfspots])) { p->nfspots++; return; }
    }
    for (int t = 0; t < 16; t++)
        if (make_fspot(g, p, FT_GGTT_NP, &p->fspots[p->nfspots])) { p->nfspots++; return; }
}

/* ---- data operands ---- */

int gen_view_of(const engine_plan *p, bool ggtt) { return !ggtt && p->ppgtt ? VIEW_PPGTT : VIEW_GGTT; }
int gen_spi_of(const engine_plan *p, int view) { return view == VIEW_PPGTT ? p->root : SP_GGTT; }

/* An address in the engine's data of view v for an access of size bytes aligned to align, or (odd4) a qword at a
 * 4- but not 8-aligned address: 40% in the first 256 bytes of its first area (pre-filled, stores overwrite each
 * other), else anywhere in its areas (by bytes). The access never leaves its area. */
uint64_t gen_data_addr(gen *g, int v, unsigned size, unsigned align, bool odd4)
{
    const engine_plan *p = g->p;
    const area *a = &p->areas[v][0];
    uint32_t span = STORE_HOT;
    if (!pct(g, 40)) {
        uint64_t total = 0;
        for (size_t k = 0; k < p->nareas[v]; k++) total += p->areas[v][k].len;
        uint64_t x = range(g, 0, total - 1u);
        for (size_t k = 0; k < p->nareas[v]; k++) {
            if (x < p->areas[v][k].len) { a = &p->areas[v][k]; break; }
            x -= p->areas[v][k].len;
        }
        span = a->len;
    }
    if (odd4) return a->va + 4u + 8u * range(g, 0, (span - 12u) / 8u);
    return a->va + align * range(g, 0, (span - size) / align);
}

/* A command's memory operand: its Use Global GTT bit and its address. */

/* An operand at fault spot f (a page): somewhere in its first 3.75 KB. */
opnd gen_fault_operand(gen *g, const fspot *f, int how)
{
    unsigned align = how == OP_D || (how == OP_Q && !pct(g, 75)) ? 4u : 8u;
    return (opnd){ f->ggtt, f->va + align * range(g, 0, 0xF00u / align) };
}

/* The operand of an ordinary access: GGTT or PPGTT-selecting (half each) in the engine's data of the effective
 * space; in continue mode (fault_cmd_pct) now and then at one of its fault spots. */
static opnd operand(gen *g, int how)
{
    const engine_plan *p = g->p;
    if (p->cont_faults && pct(g, g->cfg->fault_cmd_pct)) return gen_fault_operand(g, &p->fspots[range(g, 0, p->nfspots - 1)], how);
    opnd o;
    o.ggtt = pct(g, 50);
    int v = gen_view_of(p, o.ggtt);
    if (how == OP_Q && !pct(g, 75)) o.a = gen_data_addr(g, v, 8, 4, true);
    else o.a = gen_data_addr(g, v, how == OP_D ? 4u : 8u, how == OP_D ? 4u : 8u, false);
    return o;
}

/* Percentage of a violation seed's GGTT-selecting operands in non-privileged batches that stay GGTT (G1, C41). */
#define VIOL_OPND_PCT 25u

/* The GGTT bit of an operand of a non-privileged batch (G1): a GGTT-selecting access there is a privilege violation
 * (C41, a NOOP), so it keeps the bit only as a deliberate violation (priv_violation_pct seeds, from their stream). */
bool gen_np_keep_ggtt(gen *g) { return g->x_viol && v_pct(g, VIOL_OPND_PCT); }

/* operand() for a command of a batch whose privilege is `nonpriv`: in a non-privileged batch (C10, G1) a GGTT-selecting
 * operand is a privilege violation (C41): kept only on purpose (gen_np_keep_ggtt), else the bit is cleared (an engine
 * without RING_MODE[9] still uses the GGTT, the same address) or the address is drawn again in its PPGTT data. */
opnd gen_operand_np(gen *g, bool nonpriv, int how)
{
    opnd o = operand(g, how);
    if (!nonpriv || !o.ggtt || gen_np_keep_ggtt(g)) return o;
    o.ggtt = false;
    if (!g->p->ppgtt) return o;
    if (how == OP_Q && !pct(g, 75)) o.a = gen_data_addr(g, VIEW_PPGTT, 8, 4, true);
    else o.a = gen_data_addr(g, VIEW_PPGTT, how == OP_D ? 4u : 8u, how == OP_D ? 4u : 8u, false);
    return o;
}

/* A semaphore's address in view v of engine p: its GGTT address, or where p's root maps the semaphore page. */
uint64_t gen_sem_addr(const gen *g, const engine_plan *p, int v, const sem_slot *sl)
{
    return v == VIEW_PPGTT ? g->sp[p->root].sem_va + (sl->addr - g->sem_base) : sl->addr;
}

