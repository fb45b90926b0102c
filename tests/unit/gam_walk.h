/* An independent address translation for the unit tests (docs/gam.md GAM-2..GAM-6, GAM-13): walks the tables a
 * stimulus holds in its memory with the registers its host program writes. Written from the contract alone, not
 * from the generator or the model, so that the generator's tables are checked by a second reading of the rules. */
#ifndef GTREF_TEST_GAM_WALK_H
#define GTREF_TEST_GAM_WALK_H
#include <stdbool.h>
#include <stdint.h>

#include "gtref/engines.h"
#include "gtref/mem.h"
#include "gtref/stim.h"

/* What a translation ran into: none, or the GAM-13 cause (the walk's level for the PPGTT). */
enum gw_kind { GW_OK = -1, GW_GGTT_RANGE, GW_GGTT_NP, GW_DCLV, GW_PML4E, GW_PDPE, GW_PDE, GW_PTE, GW_KINDS };

typedef struct gw_state {
    gtref_mem *m;              /* physical memory: the segments, then the host's mem_writes as they come */
    uint32_t ring_mode[GTREF_MAX_ENGINES], pdp_ldw[GTREF_MAX_ENGINES], pdp_udw[GTREF_MAX_ENGINES], dclv[GTREF_MAX_ENGINES];
    uint32_t gab_ctl;
} gw_state;

typedef struct gw_xlate {
    int kind;                  /* enum gw_kind */
    int type;                  /* the fault type (GFX_ENG_FR[2:1]) when kind != GW_OK */
    bool ggtt;                 /* the effective space */
    uint64_t pa;               /* physical address (continue mode: the bit-39 address of a fault) */
    uint64_t entry[4]; int nentry;   /* entries read by the walk */
} gw_xlate;

void gw_init(gw_state *w, const gtref_stim *s);
void gw_free(gw_state *w);
/* A host MMIO write: the registers translation depends on (masked RING_MODE, PDP0, PP_DCLV, GAB_CTL_REG). */
void gw_host_write(gw_state *w, uint32_t off, uint32_t val);
void gw_mem_write(gw_state *w, const gtref_host_op *o);
/* Engine e's access to va, selecting the GGTT (select_ggtt) or the PPGTT. */
gw_xlate gw_translate(const gw_state *w, int e, bool select_ggtt, uint64_t va);
bool gw_continue(const gw_state *w);
uint64_t gw_read64(const gw_state *w, uint64_t pa);
#endif
