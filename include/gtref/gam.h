/* The GAM's architectural constants (docs/gam.md): page-table formats, the GGTT's place and range, the memory
 * clients, fault types and source ids. Shared by the model, the GAM model, the testbench, the generator and the
 * assembler; tools/gen_svpkg.c exports them to the RTL's gtref_pkg. */
#ifndef GTREF_GAM_H
#define GTREF_GAM_H

#include "gtref/regs.h"   /* the GAM registers' offsets and fields (include/gtref/reg_table.def) */

#include <stdint.h>

/* GGTT (docs/gam.md GAM-4, G2, G3): 64-bit PTEs in graphics stolen memory at a fixed physical address, one per
 * 4 KB page of a 4 GB range: the PTE of graphics address va is at GTREF_GSM_BASE + (va >> 12) * 8. */
#define GTREF_GSM_BASE        0x0000007F00000000ull
#define GTREF_GGTT_RANGE      0x0000000100000000ull  /* graphics addresses 0 .. 4 GB - 1; va >= this faults */
#define GTREF_PAGE_SHIFT      12
#define GTREF_PAGE_SIZE       0x1000ull

/* Entry format of every level (GGTT PTE, PML4E, PDPE, PDE, PTE: docs/gam.md GAM-3, G4). */
#define GTREF_PTE_PRESENT     0x1ull
#define GTREF_PTE_ADDR_MASK   0x0000007FFFFFF000ull  /* bits 38:12: the page or next table's physical address */
#define GTREF_PDE_PS          0x80ull                /* bit 7 of a PDPE or PDE: a 1 GB / 2 MB page (G4: unimplemented) */

/* PPGTT four-level walk (GAM-5): index bits of a 48-bit address. */
#define GTREF_PML4_SHIFT      39
#define GTREF_PDP_SHIFT       30
#define GTREF_PD_SHIFT        21
#define GTREF_PT_SHIFT        12
#define GTREF_PT_INDEX_MASK   0x1FFu
#define GTREF_PPGTT_VA_MASK   0x0000FFFFFFFFFFFFull  /* bits 47:0 are translated, 63:48 ignored (G5) */
#define GTREF_DCLV_GROUP_SHIFT 4                     /* PP_DCLV bit n: PML4 entries 16n .. 16n+15 (G6) */

/* Continue-after-fault (GAM-15): the access goes to the faulting address with bit 39 set. */
#define GTREF_FAULT_CONTINUE_BIT  (1ull << 39)
#define GTREF_FAULT_CONTINUE_MASK 0x0000007FFFFFFFFFull /* va bits 38:0 are kept */

/* Memory clients of an engine (docs/gam.md GAM-1, G7). */
enum gtref_gam_client {
    GTREF_CLIENT_IF = 0, /* instruction fetch: ring and batch lines */
    GTREF_CLIENT_DR = 1, /* command data reads (LRM, COPY_MEM_MEM, semaphore polls, atomics, CBBE) */
    GTREF_CLIENT_WR = 2, /* writes (stores, post-sync writes, atomics' writes, status-page writes) */
};
#define GTREF_GAM_CLIENTS 3
#define GTREF_GAM_SRC_WALKER 4u  /* mem_req_src of a page-walk read */

/* Fault types (GFX_ENG_FR[2:1], BYT-REG L3522-3565; GAM-13). */
enum gtref_fault_type {
    GTREF_FAULT_PAGE = 0,        /* PTE (or GGTT PTE) not present, or GGTT address out of range */
    GTREF_FAULT_INVALID_PD = 1,  /* a directory entry (PML4E, PDPE, PDE) not present */
    GTREF_FAULT_UNLOADED_PD = 2, /* PP_DCLV group of the PML4 index disabled */
};

/* GAC_ARB_CTL_REG's fields of class c (GAM-27, BYT-REG L2631-2692; class = client: RO, R, WR): the limit enable
 * bit, the limit field and the fixed-side bit (1 = GAB); writes have no fixed-side bit (GAC, G23). */
typedef struct gtref_gac_ctl_class { uint8_t enable, limit_shift, limit_bits, fixed; } gtref_gac_ctl_class;
#define GTREF_GAC_CTL_NO_FIXED 0xFFu
static inline gtref_gac_ctl_class gtref_gac_ctl_class_of(int c)
{
    return c == 0 ? (gtref_gac_ctl_class){ GTREF_GAC_RO_LIMIT_EN_SHIFT, GTREF_GAC_RO_LIMIT_SHIFT, GTREF_GAC_RO_LIMIT_WIDTH,
                                           GTREF_GAC_RO_FIXED_SHIFT }
         : c == 1 ? (gtref_gac_ctl_class){ GTREF_GAC_R_LIMIT_EN_SHIFT, GTREF_GAC_R_LIMIT_SHIFT, GTREF_GAC_R_LIMIT_WIDTH,
                                           GTREF_GAC_R_FIXED_SHIFT }
                  : (gtref_gac_ctl_class){ GTREF_GAC_WR_LIMIT_EN_SHIFT, GTREF_GAC_WR_LIMIT_SHIFT, GTREF_GAC_WR_LIMIT_WIDTH,
                                           GTREF_GAC_CTL_NO_FIXED };
}
/* probe_gam_casc's fields of class c (GAM-29): the class machine's state (3 bits), the owner (1 = GAB), the count
 * (6 bits). */
#define GTREF_CASC_STATE_SHIFT(c) (3 * (c))
#define GTREF_CASC_OWNER_SHIFT(c) (9 + (c))
#define GTREF_CASC_COUNT_SHIFT(c) (12 + 6 * (c))

/* Engine e's accepted-request limit field in MEDIA_MAX_REQ_COUNT (GAM-23, G19): shift and width; 0 counts as 1. */
static inline unsigned gtref_req_limit(uint32_t max_req_count, int e)
{
    unsigned v = e == 0 ? (max_req_count >> GTREF_REQ_LIMIT_GFX_SHIFT) & GTREF_REQ_LIMIT_GFX_MAX
               : e == 3 ? (max_req_count >> GTREF_REQ_LIMIT_VLF_SHIFT) & GTREF_REQ_LIMIT_VLF_MAX
                        : (max_req_count >> GTREF_REQ_LIMIT_MFX_SHIFT) & GTREF_REQ_LIMIT_MFX_MAX;
    return v ? v : 1u;
}

/* The fault register of engine e (kit index 0 RCS0, 1 BCS0, 2 VCS0, 3 VECS0; G10). */
static inline uint32_t gtref_fault_reg(int e) { return e == 0 ? GTREF_GFX_ENG_FR : e == 1 ? GTREF_BLT_ENG_FR : GTREF_MEDIA_ENG_FR; }

#define GTREF_TLB_ENTRIES     32         /* per engine (G8) */
#define GTREF_TLB_LRAS        3

#endif
