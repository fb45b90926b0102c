/* The kit's execlist context image (docs/execlists.md §3.2, DRV-2) as data: the layout of the register-state page
 * per engine class, for the host driver (host/execlist.c) that builds images and the .gts assembler that checks
 * the registers an image is given. */
#ifndef GTREF_EL_IMAGE_H
#define GTREF_EL_IMAGE_H
#include <stdbool.h>
#include <stdint.h>

#define GTREF_EL_IMAGE_DWORDS 0x400u   /* the register-state page, LRCA + 0x1000 .. + 0x1FFF */
#define GTREF_EL_RS_PAGE 0x1000u       /* its offset from the LRCA */
#define GTREF_EL_DESC_LOW_FLAGS 0x119u /* Valid, addressing mode 3, Privilege (§2.2; digest L84) */
#define GTREF_EL_DESC_FORCE_RESTORE 0x4u
#define GTREF_EL_CTX_CTL 0x00090008u           /* DRV-2: RING_CONTEXT_CONTROL of a context with engine state */
#define GTREF_EL_CTX_CTL_RESTORE_INHIBIT 0x00090009u   /* DRV-2: with RESTORE_INHIBIT */

/* The register-state page of a context of engine e (its class's layout, §3.2) as DRV-2 writes it: every named
 * register at its reset value (INSTPM 0xFFFF0000, PR_CTR_CTL 1, PR_CTR_THRSH 0x00150000, the rest 0) except
 * RING_CONTEXT_CONTROL = ctx_ctl, RING_HEAD 0, RING_TAIL = tail, RING_START = ring, RING_CTL 1 (one page), PDP0 0;
 * every other dword 0. Offsets are written as i915 writes them (base + register, LRI bit 19 set). */
void gtref_el_image_build(uint32_t dw[GTREF_EL_IMAGE_DWORDS], int e, uint32_t ctx_ctl, uint32_t ring, uint32_t tail);
/* The DW index of the value slot of the register at engine-relative offset rel in an image of engine e, or -1 when
 * the layout has no pair for it or the engine's restore skips it (§3.2: POSH, power, tile, EXCC, MI_MODE,
 * TIMESTAMP, BB_START_ADDR*, BB_ADD_DIFF; on engines other than RCS0 PR_CTR_CTL and PR_CTR_THRSH). */
int gtref_el_image_slot(int e, uint32_t rel);
#endif
