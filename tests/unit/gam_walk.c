/* Independent address translation for the unit tests (see gam_walk.h). */
#include "gam_walk.h"

#include "gtref/gam.h"
#include "gtref/regs.h"

#include <string.h>

void gw_init(gw_state *w, const gtref_stim *s)
{
    memset(w, 0, sizeof *w);
    w->m = gtref_mem_create();
    for (size_t i = 0; i < s->nsegs; i++) gtref_mem_write(w->m, s->segs[i].addr, s->segs[i].bytes, s->segs[i].len);
    w->ring_mode[0] = 0x800;   /* reset values (register table rows) */
    w->gab_ctl = 0xBF;
}

void gw_free(gw_state *w)
{
    gtref_mem_destroy(w->m);
    w->m = NULL;
}

void gw_host_write(gw_state *w, uint32_t off, uint32_t val)
{
    if (off == GTREF_GAB_CTL_REG) w->gab_ctl = val & 0x1FFu;
    for (int e = 0; e < GTREF_MAX_ENGINES; e++) {
        uint32_t base = gtref_engines[e].base;
        if (off == base + GTREF_RING_MODE) w->ring_mode[e] = (w->ring_mode[e] & ~(val >> 16)) | (val & (val >> 16) & 0xFFFFu);
        if (off == base + GTREF_PDP0_LDW) w->pdp_ldw[e] = val;
        if (off == base + GTREF_PDP0_UDW) w->pdp_udw[e] = val;
        if (off == base + GTREF_PP_DCLV) w->dclv[e] = val;
    }
}

void gw_mem_write(gw_state *w, const gtref_host_op *o)
{
    gtref_mem_write_be64(w->m, o->addr, o->data, (uint8_t)o->val);
}

uint64_t gw_read64(const gw_state *w, uint64_t pa)
{
    uint8_t b[8];
    gtref_mem_read(w->m, pa, b, 8);
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | b[i];
    return v;
}

bool gw_continue(const gw_state *w) { return (w->gab_ctl & GTREF_GAB_CTL_CONTINUE) != 0; }

static gw_xlate fault(gw_xlate r, const gw_state *w, int kind, uint64_t va)
{
    static const int type[GW_KINDS] = { 0, 0, 2, 1, 1, 1, 0 };
    r.kind = kind;
    r.type = type[kind];
    r.pa = gw_continue(w) ? (va & GTREF_FAULT_CONTINUE_MASK) | GTREF_FAULT_CONTINUE_BIT : 0;
    return r;
}

gw_xlate gw_translate(const gw_state *w, int e, bool select_ggtt, uint64_t va)
{
    gw_xlate r;
    memset(&r, 0, sizeof r);
    r.kind = GW_OK;
    /* GAM-2: the PPGTT only when RING_MODE[9] is set and the access selects it */
    r.ggtt = select_ggtt || !(w->ring_mode[e] & 0x200u);
    if (r.ggtt) {   /* GAM-4 */
        if (va >= GTREF_GGTT_RANGE) return fault(r, w, GW_GGTT_RANGE, va);
        uint64_t at = GTREF_GSM_BASE + (va >> 12) * 8u, pte = gw_read64(w, at);
        r.entry[r.nentry++] = at;
        if (!(pte & 1u)) return fault(r, w, GW_GGTT_NP, va);
        r.pa = (pte & GTREF_PTE_ADDR_MASK) | (va & 0xFFFu);
        return r;
    }
    uint64_t v = va & GTREF_PPGTT_VA_MASK;   /* GAM-5, GAM-6 */
    if (!(w->dclv[e] >> ((v >> 39 & 511u) >> 4) & 1u)) return fault(r, w, GW_DCLV, va);
    uint64_t table = ((uint64_t)w->pdp_udw[e] << 32 | w->pdp_ldw[e]) & GTREF_PTE_ADDR_MASK;
    static const unsigned shift[4] = { 39, 30, 21, 12 };
    for (int l = 0; l < 4; l++) {
        uint64_t at = table + (v >> shift[l] & 511u) * 8u, ent = gw_read64(w, at);
        r.entry[r.nentry++] = at;
        if (!(ent & 1u)) return fault(r, w, GW_PML4E + l, va);
        table = ent & GTREF_PTE_ADDR_MASK;
    }
    r.pa = table | (va & 0xFFFu);
    return r;
}
