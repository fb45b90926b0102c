/* Architectural address translation of the command model (docs/gam.md GAM-20): every access the model makes is
 * translated by a walk of the model's own memory (gtm_mem is physical memory), with the registers as the model
 * holds them, and no TLB: the effective space (GAM-2), the GGTT (GAM-4) and the four-level PPGTT (GAM-5, GAM-6)
 * walks, what faults (GAM-13), the fault record (GAM-14) and continue mode (GAM-15). The cycle-level GAM (TLBs,
 * arbitration, timing) is refmodel/gam.c's, written separately from the same contract. */
#include "cs_internal.h"

#include <inttypes.h>
#include <stdio.h>

bool cs_xlate_ggtt(const gtm *m, int e, bool sel_ggtt)
{
    /* GAM-2, BYT-REG L3716-3721: "0 PPGTT Disable: GGTT used for designated commands and for commands that select
     * PPGTT"; RING_MODE as the engine holds it when it makes the request (the model: now) */
    return sel_ggtt || !(m->val[e][m->r_ring_mode] & GTREF_MODE_PPGTT_ENABLE);
}

/* The little-endian 64-bit entry at physical address pa (GAM-3). */
static uint64_t entry_at(const gtm *m, uint64_t pa)
{
    return gtref_mem_read64(m->mem, pa);
}

static bool walk(const gtm *m, int e, bool ggtt, uint64_t va, uint64_t *pa, uint8_t *type)
{
    uint64_t ent;
    if (ggtt) {
        /* GAM-4 (G2, G3): one entry per 4 KB page of 0 .. 4 GB - 1 at GSM_BASE; beyond: a page fault, no walk */
        if (va >= GTREF_GGTT_RANGE) { *type = GTREF_FAULT_PAGE; return false; }
        ent = entry_at(m, GTREF_GSM_BASE + (va >> GTREF_PAGE_SHIFT) * 8u);
        if (!(ent & GTREF_PTE_PRESENT)) { *type = GTREF_FAULT_PAGE; return false; }
    } else {
        /* GAM-5 (G5): four levels on va[47:0]; the PML4 table at {PDP0_UDW, PDP0_LDW} & 0x7F_FFFF_F000 */
        uint64_t v = va & GTREF_PPGTT_VA_MASK;
        unsigned i4 = (unsigned)(v >> GTREF_PML4_SHIFT) & GTREF_PT_INDEX_MASK;
        /* GAM-6 (G6): PP_DCLV (low dword) bit i4 >> 4 guards PML4 entries 16n .. 16n+15, before any read */
        if (!(m->val[e][m->r_dclv] >> (i4 >> GTREF_DCLV_GROUP_SHIFT) & 1u)) { *type = GTREF_FAULT_UNLOADED_PD; return false; }
        uint64_t table = ((uint64_t)m->val[e][m->r_pdp0_udw] << 32 | m->val[e][m->r_pdp0_ldw]) & GTREF_PTE_ADDR_MASK;
        static const unsigned shift[4] = { GTREF_PML4_SHIFT, GTREF_PDP_SHIFT, GTREF_PD_SHIFT, GTREF_PT_SHIFT };
        for (int level = 0; level < 4; level++) {
            unsigned idx = (unsigned)(v >> shift[level]) & GTREF_PT_INDEX_MASK;
            ent = entry_at(m, table + idx * 8u);
            if (!(ent & GTREF_PTE_PRESENT)) {
                /* GAM-13: a PML4E, PDPE or PDE not present is an invalid PD, a PTE not present a page fault */
                *type = level < 3 ? GTREF_FAULT_INVALID_PD : GTREF_FAULT_PAGE;
                return false;
            }
            /* G4: a present PDPE (level 1) or PDE (level 2) with bit 7 (PS) maps a 1 GB or 2 MB page, which the kit
             * does not model: unimplemented (a not-present entry is a fault first: its other bits are ignored) */
            if ((level == 1 || level == 2) && (ent & GTREF_PDE_PS)) {
                *type = level == 1 ? CS_XLATE_PS_PDPE : CS_XLATE_PS_PDE;
                return false;
            }
            table = ent & GTREF_PTE_ADDR_MASK;   /* the next table, or (PTE) the page */
        }
    }
    /* GAM-3: bits 38:12 of the leaf are the page; every other bit is ignored (G4) */
    *pa = (ent & GTREF_PTE_ADDR_MASK) | (va & (GTREF_PAGE_SIZE - 1u));
    return true;
}

/* The walk, through a cache of successful walks: a walk's result depends on the memory it reads (unchanged while the
 * memory's write count is, or for the GGTT, its count of writes to the GGTT's entries), the page and the space, and
 * for the PPGTT on the engine's PDP0 and PP_DCLV, all of which an entry is checked against. A fault is never cached: it is walked (and recorded by the caller) every time. */
bool cs_xlate_walk(gtm *m, int e, bool ggtt, uint64_t va, uint64_t *pa, uint8_t *type)
{
    uint64_t vpage = va >> GTREF_PAGE_SHIFT;
    /* a GGTT walk reads one entry of the GGTT (GAM-4): only writes there can change it; a PPGTT walk reads any page */
    uint64_t writes = ggtt ? gtref_mem_watched_writes(m->mem) : gtref_mem_write_count(m->mem);
    uint32_t l = ggtt ? 0 : m->val[e][m->r_pdp0_ldw], u = ggtt ? 0 : m->val[e][m->r_pdp0_udw];
    uint32_t d = ggtt ? 0 : m->val[e][m->r_dclv];
    cs_xlate_entry *x = &m->xcache[(vpage ^ vpage >> 9 ^ (ggtt ? 0u : 1u + l)) & (XCACHE_SIZE - 1u)];
    if (x->valid && x->writes == writes && x->vpage == vpage && x->ggtt == ggtt && x->pdp_l == l && x->pdp_u == u &&
        x->dclv == d) {
        *pa = x->ppage | (va & (GTREF_PAGE_SIZE - 1u));
        return true;
    }
    if (!walk(m, e, ggtt, va, pa, type)) return false;
    *x = (cs_xlate_entry){ writes, vpage, *pa & ~(uint64_t)(GTREF_PAGE_SIZE - 1u), l, u, d, ggtt, true };
    return true;
}

void cs_xlate_unimpl_note(char *buf, size_t n, const char *what, const cs_fault *f)
{
    snprintf(buf, n, "%s: PPGTT %s bit 7 (PS) set, va 0x%" PRIx64 " (G4)", what,
             f->type == CS_XLATE_PS_PDPE ? "PDPE" : "PDE", f->va);
}

void cs_xlate_record(gtm *m, int e, const cs_fault *f)
{
    /* GAM-14 (BYT-REG L3522-3565, G9, G10): the first fault is kept until software clears the valid bit */
    uint32_t *fr = &m->val[0][m->r_fr[e]];
    if (!(*fr & GTREF_FR_VALID))
        *fr = ((uint32_t)f->va & GTREF_FR_VA_MASK) | (f->ggtt ? GTREF_FR_GGTT : 0u) |
              (uint32_t)(4u * (unsigned)e + f->client) << GTREF_FR_SRCID_SHIFT | (uint32_t)f->type << GTREF_FR_TYPE_SHIFT |
              GTREF_FR_VALID;
    /* BYT-REG L4280-4301: one bit per type, for every fault of any engine */
    static const uint32_t arb_bit[3] = { GTREF_ARB_ERR_PAGE, GTREF_ARB_ERR_INVALID_PD, GTREF_ARB_ERR_UNLOADED_PD };
    m->val[0][m->r_arb_err] |= arb_bit[f->type];
}

bool cs_xlate_access(gtm *m, int e, unsigned client, bool ggtt, uint64_t va, uint64_t *pa, cs_fault *f)
{
    uint8_t type;
    if (cs_xlate_walk(m, e, ggtt, va, pa, &type)) return true;
    /* the request's address (GAM-1): a read is a 64-byte line, a write an 8-byte-aligned qword */
    *f = (cs_fault){ true, type, (uint8_t)client, ggtt, va & (client == GTREF_CLIENT_WR ? ~7ull : ~63ull) };
    if (cs_xlate_unimpl(type)) return false;   /* G4: unimplemented, not a fault: nothing recorded */
    cs_xlate_record(m, e, f);
    /* GAM-15 (BYT-REG L2603-2627, G11): GAB_CTL_REG[8] = 1 continues at the faulting address with bit 39 set */
    if (m->val[0][m->r_gab_ctl] & GTREF_GAB_CTL_CONTINUE) {
        *pa = (va & GTREF_FAULT_CONTINUE_MASK) | GTREF_FAULT_CONTINUE_BIT;
        return true;
    }
    return false;
}
