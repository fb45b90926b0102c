/* The register table (see include/gtref/regs.h). Sources: BYT-REG = shared/spec/volumes/003 digest §2-3,
 * LKF-IRQ = volume 004 digest §3 ([EXT] i915 offsets), ICL-RCS = volume 000 digest. */
#include "gtref/regs.h"

/* Rows name eng_reset/eng_rw only when GTREF_REGF_PER_ENGINE is set; the rest are zero on purpose. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include "gtref/engines.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#define ENG GTREF_REGF_ENGINE
#define CTX GTREF_REGF_CTX
#define HW  GTREF_REGF_HWUPD
#define SIDE GTREF_REGF_SIDE

#define NONPRIV GTREF_REGF_NONPRIV
#define GPR(n) { "CS_GPR" #n, 0x600u + 4u * (n), 0, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, ENG | CTX | NONPRIV, \
                 "ICL-RCS L1960, L718-733 (CS_GPR 0x2600-0x267C, 32 dwords: R(n/2) low/high)" }
#define RWREG(name, off, flags, src) { name, off, 0, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, ENG | (flags), src }
#define HWREG(name, off, cmp, src) { name, off, 0, 0, 0, cmp, GTREF_ACC_RO, ENG | CTX | HW, src }
#define NONPRIV_REG(n) { "FORCE_TO_NONPRIV" #n, GTREF_FORCE_TO_NONPRIV + 4u * (n), 0, GTREF_NONPRIV_WRITABLE, 0, \
                         GTREF_NONPRIV_WRITABLE, GTREF_ACC_RW, ENG, \
                         "ICL-RCS L83-84, L706-717, L1771 (RCS 0x24D0, 12 entries [INF]); [EXT] i915 address [25:2], " \
                         "range [1:0], access [29:28], deny [30] (C37)" }

const gtref_reg_def gtref_regs[] = {
    /* name, offset, reset, rw_mask, w1c_mask, cmp_mask, access, flags, source */
    { "RING_TAIL", GTREF_RING_TAIL, 0, GTREF_TAIL_OFFSET_MASK, 0, GTREF_TAIL_OFFSET_MASK, GTREF_ACC_RW, ENG | CTX,
      "BYT-REG L6546-6570: Tail Offset [20:3], QWord granular" },
    { "RING_HEAD", GTREF_RING_HEAD, 0, 0xFFFFFFFCu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, ENG | CTX | HW,
      "BYT-REG L6469-6514: Wrap Count [31:21], Head Offset [20:2], bit 0 RO" },
    { "RING_START", GTREF_RING_START, 0, 0xFFFFF000u, 0, 0xFFFFF000u, GTREF_ACC_RW, ENG | CTX,
      "BYT-REG L6518-6542: Starting Address [31:12]" },
    { "RING_CTL", GTREF_RING_CTL, 0, 0x001FF007u, 0x00000800u, 0x001FFC07u, GTREF_ACC_MIXED, ENG | CTX,
      "BYT-REG L6342-6449: Length [20:12], RBWait [11] W1C, Semaphore Wait [10] RO, AutoReport [2:1], Enable [0]" },
    { "EIR", GTREF_EIR, 0, 0, 0x0000FFEEu, 0x0000FFFFu, GTREF_ACC_W1C, ENG | HW,
      "BYT-REG L2402-2422: Error Identity [15:0] W1C; bits 0 and 4 cleared only by reset" },
    { "EMR", GTREF_EMR, 0x0000FFFFu, 0x0000FFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, ENG | GTREF_REGF_PER_ENGINE,
      "BYT-REG L2426-2445 (RCS: default 0x000000FF, mask bits [7:0], 31:8 reserved RO), L8406-8426 (VCS) and "
      "L720-739 (BCS): default 0x0000FFFF, mask bits [15:0]; VECS as VCS (docs/spec-decisions.md R3)",
      { 0x000000FFu, 0x0000FFFFu, 0x0000FFFFu, 0x0000FFFFu }, { 0x000000FFu, 0x0000FFFFu, 0x0000FFFFu, 0x0000FFFFu } },
    { "ESR", GTREF_ESR, 0, 0, 0, 0x0000FFFFu, GTREF_ACC_RO, ENG | HW,
      "BYT-REG L2449-2468: Error Status [15:0], RO" },
    /* Engine interrupt registers (docs/interrupts.md §2.1). Bits 15:0 act on the engine's 16 interrupt data bits
     * (LKF-IRQ L96); bits 31:16 are storage (I21). */
    { "IMR", GTREF_IMR, 0xFFFFFFFFu, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, ENG,
      "BYT-REG L4030-4045 (RCS 020A8h), L8569-8585 (VCS), L880-895 (BCS): default 0xFFFFFFFF, 1 = masked, not "
      "reported; ICL-RCS L1742 (0x20A8); [EXT] i915 RING_IMR base+0xA8 (VECS); gates the interrupt message "
      "(docs/interrupts.md IRQ-3, spec-decisions I8)" },
    { "HWSTAM", GTREF_HWSTAM, 0xFFFFFFFFu, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, ENG,
      "BYT-REG L3848-3869 (RCS 02098h), L8474-8499 (VCS), L797-815 (BCS): default 0xFFFFFFFF, a 0 bit writes the "
      "ISR to the HWSP, IMR bit must be clear; ICL-RCS L1741 (0x2098); [EXT] i915 HWSP dword 0 = ISR copy "
      "(docs/interrupts.md IRQ-4, spec-decisions I9)" },
    { "IPEHR", GTREF_IPEHR, 0, 0, 0, 0xFFFFFFFFu, GTREF_ACC_RO, ENG | CTX | HW,
      "ICL-RCS L1961 (IPEHR 0x2068, CSFE context image); [EXT] i915 RING_IPEHR base+0x68, instruction parser "
      "error header: DW0 of the illegal command (docs/interrupts.md IRQ-5, spec-decisions I10)" },
    { "INSTPM", GTREF_INSTPM, 0, 0x000001CDu, 0, 0x000001CDu, GTREF_ACC_MASKED, ENG | CTX,
      "BYT-REG L3939-4026 (RCS 020C0h), L8527-8565 (VCS), L844-874 (BCS): masked, default 0; bits 9 TLB Invalidate and 5 "
      "Sync Flush Enable act and are not stored (docs/gam.md GAM-22, G18); bit 11 CLFLUSH Toggle reads 0" },
    /* PPGTT configuration (docs/gam.md GAM-5, GAM-6): the GAM reads them as the DUT holds them. */
    RWREG("PP_DCLV", GTREF_PP_DCLV, CTX, "BYT-REG L5361-5388 (RCS 02220h), L8629-8643 (VCS), L944-967 (BCS): 64-bit "
          "R/W, default 0; bit n enables directory group n (docs/gam.md G6)"),
    RWREG("PP_DCLV_UDW", GTREF_PP_DCLV_UDW, CTX, "BYT-REG L5361-5388: upper dword of PP_DCLV (storage, G6)"),
    RWREG("PDP0_LDW", GTREF_PDP0_LDW, CTX, "ICL-RCS L1937 (PDP0_LDW 0x2270, ring context DW 0x32); KBL-OVR digest "
          "+0x270; [EXT] i915 ASSIGN_CTX_PML4: PML4 address in PDP0 for 48-bit PPGTT (docs/gam.md G5)"),
    RWREG("PDP0_UDW", GTREF_PDP0_UDW, CTX, "ICL-RCS L1936 (PDP0_UDW 0x2274, ring context DW 0x30)"),
    { "RING_MODE", GTREF_RING_MODE, 0, 0x0000FFFFu, 0, 0x0000FFFFu, GTREF_ACC_MASKED, ENG | CTX | GTREF_REGF_PER_ENGINE,
      "BYT-REG L3676-3689 (GFX_MODE, RCS default 0x00000800), L8912-8941 (MFX_MODE) and L1413-1442 (BLT_MODE),"
      " default 0: masked write, bits 31:16 enable 15:0 (spec-decisions R5, R8)",
      { 0x00000800u, 0, 0, 0 }, { 0x0000FFFFu, 0x0000FFFFu, 0x0000FFFFu, 0x0000FFFFu } },
    { "HWS_PGA", GTREF_HWS_PGA, 0, 0xFFFFF000u, 0, 0xFFFFF000u, GTREF_ACC_RW, ENG | CTX,
      "ICL-RCS L104, L1724 (HWS_PGA, 0x2080 [INF]); [EXT] i915: page address [31:12]" },
    { "NOPID", GTREF_NOPID, 0, 0, 0, 0x003FFFFFu, GTREF_ACC_RO, ENG | HW,
      "ICL-RCS L96, L1740 (NOP Identification, 0x2094); KBL-CMD digest A.2 [EXT] MI_NOOP Identification Number [21:0]" },
    HWREG("BB_STATE", GTREF_BB_STATE, 0xFFFFFFFFu, "ICL-RCS L1919 (0x2110); bit 5 PPGTT [EXT] i915 RING_BB_PPGTT"),
    HWREG("SBB_ADDR", GTREF_SBB_ADDR, 0xFFFFFFFFu, "ICL-RCS L130, L1921 (Second Level BB Head Pointer, 0x2114)"),
    HWREG("SBB_STATE", GTREF_SBB_STATE, 0xFFFFFFFFu, "ICL-RCS L134, L1922 (0x2118); bit 5 PPGTT as BB_STATE"),
    HWREG("SBB_ADDR_UDW", GTREF_SBB_ADDR_UDW, 0xFFFFFFFFu, "ICL-RCS L132, L1920 (0x211C)"),
    HWREG("BB_ADDR", GTREF_BB_ADDR, 0xFFFFFFFFu, "ICL-RCS L114, L1918 (Batch Buffer Head Pointer, 0x2140)"),
    RWREG("BB_OFFSET", GTREF_BB_OFFSET, CTX, "ICL-RCS L175, L1958 (Batch Offset, 0x2158)"),
    HWREG("BB_ADDR_UDW", GTREF_BB_ADDR_UDW, 0xFFFFFFFFu, "ICL-RCS L116, L1917 (0x2168)"),
    { "PR_CTR_CTL", GTREF_PR_CTR_CTL, 0x00000001u, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, ENG | CTX | GTREF_REGF_RCS_ONLY,
      "BYT-REG L9192-9213 (Watchdog Counter Control 02178h, default 0x00000001: [30:0] 0 starts, 1 stops; [31] Count"
      " Select); ICL-RCS L248-260, L1952; RCS0 only (spec-decisions W1-W3)" },
    { "PR_CTR_THRSH", GTREF_PR_CTR_THRSH, 0x00150000u, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, ENG | CTX | GTREF_REGF_RCS_ONLY,
      "BYT-REG L6149-6165 (RenderCS copy of Watchdog Counter Threshold 0217Ch, default 0x00150000; the BSpec copy"
      " L9217 prints 0x00145855, W1); ICL-RCS L250-253, L1953; RCS0 only" },
    RWREG("MI_PREDICATE_RESULT_2", GTREF_PRED_RESULT_2, CTX | NONPRIV, "ICL-RCS L1765, L1834 (0x23BC)"),
    RWREG("MI_PREDICATE_SRC0", GTREF_PRED_SRC0, CTX | NONPRIV, "ICL-RCS L1981 (0x2400)"),
    RWREG("MI_PREDICATE_SRC0_UDW", GTREF_PRED_SRC0 + 4u, CTX | NONPRIV, "ICL-RCS L1982 (0x2404)"),
    RWREG("MI_PREDICATE_SRC1", GTREF_PRED_SRC1, CTX | NONPRIV, "ICL-RCS L1983 (0x2408)"),
    RWREG("MI_PREDICATE_SRC1_UDW", GTREF_PRED_SRC1 + 4u, CTX | NONPRIV, "ICL-RCS L1984 (0x240C)"),
    RWREG("MI_PREDICATE_DATA", GTREF_PRED_DATA, CTX | NONPRIV, "ICL-RCS L1985 (0x2410)"),
    RWREG("MI_PREDICATE_DATA_UDW", GTREF_PRED_DATA + 4u, CTX | NONPRIV, "ICL-RCS L1986 (0x2414)"),
    RWREG("MI_PREDICATE_RESULT", GTREF_PRED_RESULT, CTX | NONPRIV, "ICL-RCS L1987 (0x2418)"),
    RWREG("MI_PREDICATE_RESULT_1", GTREF_PRED_RESULT_1, CTX | NONPRIV, "ICL-RCS L1959 (0x241C)"),
    NONPRIV_REG(0), NONPRIV_REG(1), NONPRIV_REG(2), NONPRIV_REG(3), NONPRIV_REG(4), NONPRIV_REG(5),
    NONPRIV_REG(6), NONPRIV_REG(7), NONPRIV_REG(8), NONPRIV_REG(9), NONPRIV_REG(10), NONPRIV_REG(11),
    GPR(0), GPR(1), GPR(2), GPR(3), GPR(4), GPR(5), GPR(6), GPR(7),
    GPR(8), GPR(9), GPR(10), GPR(11), GPR(12), GPR(13), GPR(14), GPR(15),
    GPR(16), GPR(17), GPR(18), GPR(19), GPR(20), GPR(21), GPR(22), GPR(23),
    GPR(24), GPR(25), GPR(26), GPR(27), GPR(28), GPR(29), GPR(30), GPR(31),
    /* The GAM (docs/gam.md §2). GTREF_REGF_GAM: owned by the GAM block; HW: fault records set bits. */
    { "GFX_ENG_FR", 0x04094u, 0, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, GTREF_REGF_GAM | HW,
      "BYT-REG L3522-3565 (GFX_ENG_FR 04094h, default 0): [31:12] VA of the first fault, [11] GTTSEL, [10:3] SRCID, "
      "[2:1] type, [0] valid; locked until SW clears valid (docs/gam.md GAM-14, G10)" },
    { "MEDIA_ENG_FR", 0x04194u, 0, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, GTREF_REGF_GAM | HW,
      "BYT-REG L4630-4671 (MEDIA_ENG_FR 04194h), layout as GFX_ENG_FR; VCS0 and VECS0 (G10)" },
    { "BLT_ENG_FR", 0x04294u, 0, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, GTREF_REGF_GAM | HW,
      "BYT-REG L1370-1409 (BLT_ENG_FR 04294h), layout as GFX_ENG_FR; BCS0 (G10)" },
    { "GFX_ARB_ERROR_RPT", 0x040A0u, 0, 0x0000FFFFu, 0, 0x0000FFFFu, GTREF_ACC_RW, GTREF_REGF_GAM | HW,
      "BYT-REG L4280-4301 (040A0h, default 0): [8] Unloaded PD, [2] Invalid PD entry, [0] TLB page fault; "
      "31:16 MBZ; error bits writable (L4205-4276) (docs/gam.md GAM-14)" },
    { "CVS_TLB_LRA_0", 0x04044u, 0x1F080700u, 0x1F1F1F1Fu, 0, 0x1F1F1F1Fu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2247-2303 (04044h, default 0x1F080700): LRA1 max [28:24], min [20:16], LRA0 max [12:8], min [4:0]" },
    { "CVS_TLB_LRA_1", 0x04048u, 0x00001F18u, 0x00001F1Fu, 0, 0x00001F1Fu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2305-2335 (04048h, default 0x00001F18 [OCR ')01F18']): LRA2 max [12:8], min [4:0]" },
    { "CVS_TLB_LRA_2", 0x0404Cu, 0x00000005u, 0x0000003Fu, 0, 0x0000003Fu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2339-2363 (0404Ch, default 0x5): CS LRA [5:4], VF LRA [3:2], SO LRA [1:0] (docs/gam.md G8)" },
    { "MIDARB_PRIO_NP", 0x043A4u, 0, 0x000FFFFFu, 0, 0x000FFFFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L5511-5557 (MIDARB_PRIO_NP_REGISTER 043A4h, default 0): 5-bit priority codes of NP3..NP0 "
      "[19:15] [14:10] [9:5] [4:0] (docs/gam.md GAM-9, G12)" },
    { "MIDARB_GOTOFIELD_NP0", 0x043C0u, 0, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L3279-3416 (043C0h, default 0): 2-bit next state for request vector v at [2v+1:2v]" },
    { "MIDARB_GOTOFIELD_NP1", 0x043C4u, 0, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L3279-3416 (043C4h, default 0)" },
    { "MIDARB_GOTOFIELD_NP2", 0x043C8u, 0, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L3279-3416 (043C8h, default 0)" },
    { "MIDARB_GOTOFIELD_NP3", 0x043CCu, 0, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L3279-3416 (043CCh [OCR '043C0Ch'], default 0)" },
    { "MEDIA_MAX_REQ_COUNT", 0x04070u, 0x10202020u, 0xFFFF3F3Fu, 0, 0xFFFF3F3Fu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L4516-4553 (04070h, default 0x10202020): GFX [31:24], MFX/BLT [23:16], VLF [13:8], CASC [5:0] accepted-"
      "request limits, minimum 1 (docs/gam.md GAM-23, G19)" },
    { "GFX_MAX_REQ_COUNT", 0x04074u, 0x43F20101u, 0xFFF7EFFFu, 0, 0xFFF7EFFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L4557-4600 (04074h, default 0x43F20101): limits of GAM-internal render clients the kit does not have: "
      "storage (docs/gam.md GAM-23, G19)" },
    { "GFX_PEND_TLB_0", 0x04034u, 0, 0xBFBFBFBFu, 0, 0xBFBFBFBFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L4305-4405 (04034h, default 0): pending-TLB-read limits (enable bits 31/23/15/7, counts 29:24 ...): "
      "storage, one translation at a time meets every limit (GAM-23, G19)" },
    { "GFX_PEND_TLB_1", 0x04038u, 0, 0xBFBFBFBFu, 0, 0xBFBFBFBFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L4411-4512 (04038h, default 0): as GFX_PEND_TLB_0 (GAM-23, G19)" },
    { "GFX_FLSH_CNTL", 0x101008u, 0, 0x00000001u, 0, 0x00000001u, GTREF_ACC_RW, GTREF_REGF_GAM,
      "[EXT] i915 GFX_FLSH_CNTL_GEN6 (0x101008, GFX_FLSH_CNTL_EN bit 0): a write invalidates the GGTT TLB entries "
      "(docs/gam.md GAM-21, G17)" },
    { "GAB_CTL_REG", 0x24000u, 0x000000BFu, 0x000001FFu, 0, 0x000001FFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2603-2627 (24000h): [8] Continue after Page Fault (0 = hang, default); default 0xBF from the field "
      "defaults (header prints 0x3F, text FF0000BFh: digest 6.2; docs/gam.md G11)" },
    /* The GAC/GAB cascade and the arbiters the kit keeps as storage (docs/gam.md GAM-25 to GAM-28). */
    { "ARB_RO_GAC_GAM0", 0x043D0u, 0x00000000u, 0x0FFF9FFFu, 0, 0x0FFF9FFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2834 (ARB_RO_GAC_GAM0 043D0h, default 0): entries 0 [12:0] and 1 [27:15]: priority [12]/[27], goto for request vector r at [3r+2:3r]/[3r+17:3r+15] (docs/gam.md GAM-28, G22)" },
    { "ARB_RO_GAC_GAM1", 0x043D4u, 0x00000000u, 0x0FFF9FFFu, 0, 0x0FFF9FFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2859 (ARB_RO_GAC_GAM1 043D4h, default 0): entries 2 [12:0] and 3 [27:15]: priority [12]/[27], goto for request vector r at [3r+2:3r]/[3r+17:3r+15] (docs/gam.md GAM-28, G22)" },
    { "ARB_RO_GAC_GAM2", 0x043D8u, 0x00000000u, 0x0FFF9FFFu, 0, 0x0FFF9FFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2884 (ARB_RO_GAC_GAM2 043D8h, default 0): entries 4 [12:0] and 5 [27:15]: priority [12]/[27], goto for request vector r at [3r+2:3r]/[3r+17:3r+15] (docs/gam.md GAM-28, G22)" },
    { "ARB_RO_GAC_GAM3", 0x043DCu, 0x00000000u, 0x0FFF9FFFu, 0, 0x0FFF9FFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2909 (ARB_RO_GAC_GAM3 043DCh, default 0): entries 6 [12:0] and 7 [27:15]: priority [12]/[27], goto for request vector r at [3r+2:3r]/[3r+17:3r+15] (docs/gam.md GAM-28, G22)" },
    { "ARB_R_GAC_GAM0", 0x043E0u, 0x00000000u, 0x0FFF9FFFu, 0, 0x0FFF9FFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2734 (ARB_R_GAC_GAM0 043E0h, default 0): entries 0 [12:0] and 1 [27:15]: priority [12]/[27], goto for request vector r at [3r+2:3r]/[3r+17:3r+15] (docs/gam.md GAM-28, G22)" },
    { "ARB_R_GAC_GAM1", 0x043E4u, 0x00000000u, 0x0FFF9FFFu, 0, 0x0FFF9FFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2759 (ARB_R_GAC_GAM1 043E4h, default 0): entries 2 [12:0] and 3 [27:15]: priority [12]/[27], goto for request vector r at [3r+2:3r]/[3r+17:3r+15] (docs/gam.md GAM-28, G22)" },
    { "ARB_R_GAC_GAM2", 0x043E8u, 0x00000000u, 0x0FFF9FFFu, 0, 0x0FFF9FFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2784 (ARB_R_GAC_GAM2 043E8h, default 0): entries 4 [12:0] and 5 [27:15]: priority [12]/[27], goto for request vector r at [3r+2:3r]/[3r+17:3r+15] (docs/gam.md GAM-28, G22)" },
    { "ARB_R_GAC_GAM3", 0x043ECu, 0x00000000u, 0x0FFF9FFFu, 0, 0x0FFF9FFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2809 (ARB_R_GAC_GAM3 043ECh, default 0): entries 6 [12:0] and 7 [27:15]: priority [12]/[27], goto for request vector r at [3r+2:3r]/[3r+17:3r+15] (docs/gam.md GAM-28, G22)" },
    { "ARB_WR_GAC_GAM0", 0x043F0u, 0x00000000u, 0x0FFF9FFFu, 0, 0x0FFF9FFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2934 (ARB_WR_GAC_GAM0 043F0h, default 0): entries 0 [12:0] and 1 [27:15]: priority [12]/[27], goto for request vector r at [3r+2:3r]/[3r+17:3r+15] (docs/gam.md GAM-28, G22)" },
    { "ARB_WR_GAC_GAM1", 0x043F4u, 0x00000000u, 0x0FFF9FFFu, 0, 0x0FFF9FFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2958 (ARB_WR_GAC_GAM1 043F4h, default 0): entries 2 [12:0] and 3 [27:15]: priority [12]/[27], goto for request vector r at [3r+2:3r]/[3r+17:3r+15] (docs/gam.md GAM-28, G22)" },
    { "ARB_WR_GAC_GAM2", 0x043F8u, 0x00000000u, 0x0FFF9FFFu, 0, 0x0FFF9FFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2982 (ARB_WR_GAC_GAM2 043F8h, default 0): entries 4 [12:0] and 5 [27:15]: priority [12]/[27], goto for request vector r at [3r+2:3r]/[3r+17:3r+15] (docs/gam.md GAM-28, G22)" },
    { "ARB_WR_GAC_GAM3", 0x043FCu, 0x00000000u, 0x0FFF9FFFu, 0, 0x0FFF9FFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L3006 (ARB_WR_GAC_GAM3 043FCh, default 0): entries 6 [12:0] and 7 [27:15]: priority [12]/[27], goto for request vector r at [3r+2:3r]/[3r+17:3r+15] (docs/gam.md GAM-28, G22)" },
    { "ARB_GAC_GAM_REQCNTS0", 0x043A8u, 0x00000000u, 0x003F3F3Fu, 0, 0x003F3F3Fu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2696-2711 (043A8h, default 0): GAC WR [21:16], R [13:8], RO [5:0] requests accumulated before arbitration: storage (docs/gam.md GAM-25, G24)" },
    { "ARB_GAC_GAM_REQCNTS1", 0x043ACu, 0x00000000u, 0x003F3F3Fu, 0, 0x003F3F3Fu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2715-2730 (043ACh, default 0): as REQCNTS0 (its difference from REQCNTS0 is not stated): storage (GAM-25, G24)" },
    { "GAC_ARB_CTL_REG", 0x14050u, 0x00400002u, 0xFFDFDF3Fu, 0, 0xFFDFDF3Fu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L2631-2692 (VCS 14050h, default 0x00400002): WR limit enable [31], VLF [30], WR count [29:24]; RO enable [23], fixed [22] (1 GAB), count [20:16]; R enable [15], fixed [14], count [12:8]; TLB064 PPGTT min [5:0] (docs/gam.md GAM-27, G23)" },
    { "GFX_PRIO_CTRL", 0x0402Cu, 0x00011D10u, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L3120-3161 (0402Ch, default 0x00011D10): static priorities of the GAPC color/depth/L3 and GAFM clients: storage (docs/gam.md GAM-25, G20)" },
    { "MIDARB_PRIO_HIT", 0x043A0u, 0x00000000u, 0x00000FFFu, 0, 0x00000FFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L5484-5507 (MIDARB_PRIO_HIT_REGISTER 043A0h, default 0): 3-bit codes of HIT3..HIT0: storage (docs/gam.md GAM-25, G20)" },
    { "MIDARB_GOTOFIELD_HIT0", 0x043B0u, 0x00000000u, 0x0000FFFFu, 0, 0x0000FFFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L3165 (MIDARB_GOTOFIELD_HIT0 043B0h, default 0): storage (docs/gam.md GAM-25, G20)" },
    { "MIDARB_GOTOFIELD_HIT1", 0x043B4u, 0x00000000u, 0x0000FFFFu, 0, 0x0000FFFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L3193 (MIDARB_GOTOFIELD_HIT1 043B4h, default 0): storage (docs/gam.md GAM-25, G20)" },
    { "MIDARB_GOTOFIELD_HIT2", 0x043B8u, 0x00000000u, 0x0000FFFFu, 0, 0x0000FFFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L3221 (MIDARB_GOTOFIELD_HIT2 043B8h [OCR 043B3h], default 0): storage (docs/gam.md GAM-25, G20)" },
    { "MIDARB_GOTOFIELD_HIT3", 0x043BCu, 0x00000000u, 0x0000FFFFu, 0, 0x0000FFFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L3248 (MIDARB_GOTOFIELD_HIT3 043BCh, default 0): storage (docs/gam.md GAM-25, G20)" },
    { "MIDARB_PRIO_MISS", 0x04204u, 0x00000000u, 0x000FFFFFu, 0, 0x000FFFFFu, GTREF_ACC_RW, GTREF_REGF_GAM,
      "BYT-REG L5561-5575 (MIDARB_PRIO_MISS_REGISTER 04204h, default 0); its goto registers are not in the volume: storage (docs/gam.md GAM-25, G20)" },
    /* Gen11 interrupt aggregation (global) */
    { "GFX_MSTR_IRQ", GTREF_GFX_MSTR_IRQ, 0, GTREF_MSTR_IRQ_ENABLE, 0, 0x80000003u, GTREF_ACC_MIXED,
      GTREF_REGF_DERIVED, "LKF-IRQ L119-125, [EXT] i915: bit 31 enable, bits 1:0 = GT DW1/DW0 pending (RO)" },
    /* GT_INTR_DW0/1 hold DW_IIR; the secondary storage DW_CR, the service flag and the per-instance collapsing
     * registers (INST_CR) are internal state, not registers (docs/interrupts.md §1). SIDE: a non-zero read opens
     * the service window, a write that empties DW_IIR moves DW_CR in (IRQ-11, IRQ-12). */
    { "GT_INTR_DW0", GTREF_GT_INTR_DW0, 0, 0, 0xFFFFFFFFu, 0xFFFFFFFFu, GTREF_ACC_W1C, HW | SIDE,
      "LKF-IRQ L137, L155-157: GT interrupt DW0, W1C, snapshot on read, secondary storage; [EXT] i915 RCS0 bit 0, "
      "BCS bit 15" },
    { "GT_INTR_DW1", GTREF_GT_INTR_DW1, 0, 0, 0xFFFFFFFFu, 0xFFFFFFFFu, GTREF_ACC_W1C, HW | SIDE,
      "LKF-IRQ L137, L155-157: GT interrupt DW1, as DW0; [EXT] i915 VCSx bit x, VECSx bit 31-x" },
    { "RENDER_COPY_INTR_ENABLE", GTREF_RENDER_COPY_INTR_EN, 0, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, 0,
      "LKF-IRQ L147, [EXT] i915 0x190030: RCS0 [31:16], BCS0 [15:0]" },
    { "VCS_VECS_INTR_ENABLE", GTREF_VCS_VECS_INTR_EN, 0, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, 0,
      "LKF-IRQ L147, [EXT] i915 0x190034: VCS [31:16], VECS [15:0]" },
    { "RCS0_INTR_MASK", GTREF_RCS0_INTR_MASK, 0xFFFFFFFFu, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, SIDE,
      "LKF-IRQ L149, [EXT] i915 0x190090: RCS0 [31:16]" },
    { "BCS_INTR_MASK", GTREF_BCS_INTR_MASK, 0xFFFFFFFFu, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, SIDE,
      "LKF-IRQ L149, [EXT] i915 0x1900A0: BCS0 [31:16]" },
    { "VCS0_VCS1_INTR_MASK", GTREF_VCS0_VCS1_INTR_MASK, 0xFFFFFFFFu, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, SIDE,
      "LKF-IRQ L149, [EXT] i915 0x1900A8: VCS0 [31:16]" },
    { "VECS0_VECS1_INTR_MASK", GTREF_VECS0_VECS1_INTR_MASK, 0xFFFFFFFFu, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, SIDE,
      "LKF-IRQ L149, [EXT] i915 0x1900D0: VECS0 [31:16]" },
    /* Selector and Shared IIR (docs/interrupts.md §2.3). SIDE: an accepted non-zero selector write presents the selected
     * engine's unmasked INST_CR bits in INTR_IDENTITY_REG one cycle later (IRQ-15, IRQ-16); writing 1 to identity
     * bit 31 clears the whole identity register and the selector, not only bit 31 as the w1c mask alone says (IRQ-17). */
    { "INTR_IDENTITY_REG0", GTREF_INTR_IDENTITY0, 0, 0, GTREF_INTR_DATA_VALID, 0xFFFFFFFFu, GTREF_ACC_W1C, HW | SIDE,
      "LKF-IRQ L143, L159-167 (Shared IIR of GT INT DW0: 16 data bits, Data-Valid MSB, W1 clears it and the "
      "Selector), L98-107 (message layout); [EXT] i915 GEN11_INTR_IDENTITY_REG(0) 0x190060, GEN11_INTR_DATA_VALID "
      "bit 31, class [18:16], instance [25:20]" },
    { "INTR_IDENTITY_REG1", GTREF_INTR_IDENTITY1, 0, 0, GTREF_INTR_DATA_VALID, 0xFFFFFFFFu, GTREF_ACC_W1C, HW | SIDE,
      "LKF-IRQ L143, L159-167 (Shared IIR of GT INT DW1); [EXT] i915 GEN11_INTR_IDENTITY_REG(1) 0x190064" },
    { "IIR_REG_SELECTOR0", GTREF_IIR_SELECTOR0, 0, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, HW | SIDE,
      "LKF-IRQ L141, L161-167 (Selector of GT INT DW0, one-hot, cleared with the Shared IIR); [EXT] i915 "
      "GEN11_IIR_REG_SELECTOR(0) 0x190070" },
    { "IIR_REG_SELECTOR1", GTREF_IIR_SELECTOR1, 0, 0xFFFFFFFFu, 0, 0xFFFFFFFFu, GTREF_ACC_RW, HW | SIDE,
      "LKF-IRQ L141, L161-167 (Selector of GT INT DW1); [EXT] i915 GEN11_IIR_REG_SELECTOR(1) 0x190074" },
};
const size_t gtref_nregs = sizeof gtref_regs / sizeof gtref_regs[0];

const gtref_engine_def gtref_engines[GTREF_MAX_ENGINES] = {
    { "RCS0", 0x002000u, 0, 0, 0, 0, GTREF_RENDER_COPY_INTR_EN, 16, GTREF_RCS0_INTR_MASK, 16, 0 },
    { "BCS0", 0x022000u, 3, 0, 0, 15, GTREF_RENDER_COPY_INTR_EN, 0, GTREF_BCS_INTR_MASK, 16, 2 },
    { "VCS0", 0x1C0000u, 1, 0, 1, 0, GTREF_VCS_VECS_INTR_EN, 16, GTREF_VCS0_VCS1_INTR_MASK, 16, 1 },
    { "VECS0", 0x1C8000u, 2, 0, 1, 31, GTREF_VCS_VECS_INTR_EN, 0, GTREF_VECS0_VECS1_INTR_MASK, 16, 3 },
};

int gtref_engine_by_name(const char *name)
{
    for (int i = 0; i < GTREF_MAX_ENGINES; i++)
        if (strcmp(gtref_engines[i].name, name) == 0) return i;
    return -1;
}

int gtref_engine_by_sem_target(unsigned t, int engines)
{
    for (int i = 0; i < engines && i < GTREF_MAX_ENGINES; i++)
        if (gtref_engines[i].sem_target == t) return i;
    return -1;
}

uint32_t gtref_reg_reset(const gtref_reg_def *d, int e)
{
    return (d->flags & GTREF_REGF_PER_ENGINE) && e >= 0 && e < GTREF_MAX_ENGINES ? d->eng_reset[e] : d->reset;
}

uint32_t gtref_reg_rw(const gtref_reg_def *d, int e)
{
    return (d->flags & GTREF_REGF_PER_ENGINE) && e >= 0 && e < GTREF_MAX_ENGINES ? d->eng_rw[e] : d->rw_mask;
}

static uint32_t apply_write(const gtref_reg_def *d, uint32_t rw, uint32_t old, uint32_t val)
{
    if (d->access == GTREF_ACC_MASKED) {
        uint32_t we = (val >> 16) & rw & 0xFFFFu;
        return (old & ~we) | (val & we);
    }
    uint32_t v = (old & ~rw) | (val & rw);
    v &= ~(val & d->w1c_mask);
    return v;
}

uint32_t gtref_reg_apply_write(const gtref_reg_def *d, uint32_t old, uint32_t val)
{
    return apply_write(d, d->rw_mask, old, val);
}

uint32_t gtref_reg_apply_write_engine(const gtref_reg_def *d, int e, uint32_t old, uint32_t val)
{
    return apply_write(d, gtref_reg_rw(d, e), old, val);
}

uint32_t gtref_reg_abs(const gtref_reg_def *d, int e)
{
    return (d->flags & GTREF_REGF_ENGINE) ? gtref_engines[e].base + d->offset : d->offset;
}

/* The table in order: the first register (and engine, lowest first) whose absolute offset is off, among engines
 * 0..engines-1. */
static const gtref_reg_def *reg_lookup_scan(uint32_t off, int engines, int *engine)
{
    for (size_t i = 0; i < gtref_nregs; i++) {
        const gtref_reg_def *d = &gtref_regs[i];
        if (d->flags & GTREF_REGF_ENGINE) {
            for (int e = 0; e < engines && e < GTREF_MAX_ENGINES; e++)
                if (gtref_engines[e].base + d->offset == off && gtref_reg_present(d, e)) {
                    if (engine) *engine = e;
                    return d;
                }
        } else if (d->offset == off) {
            if (engine) *engine = -1;
            return d;
        }
    }
    return NULL;
}

/* gtref_reg_lookup runs on every register access of the model and the scoreboard: a hash of every absolute offset
 * the table defines, each with the scan's answer for every engine count 0..GTREF_MAX_ENGINES (an offset that is no
 * key matches no register for any count), built once. */
#define REG_HASH_SIZE 2048u   /* a power of two, well above the table's offsets (registers x engines) */
typedef struct reg_hash_slot {
    uint32_t off;
    bool used;
    int16_t def[GTREF_MAX_ENGINES + 1];   /* index in gtref_regs, or -1: no register */
    int8_t engine[GTREF_MAX_ENGINES + 1];
} reg_hash_slot;
static reg_hash_slot reg_hash[REG_HASH_SIZE];
static bool reg_hash_ok;
static once_flag reg_hash_once = ONCE_FLAG_INIT;

static uint32_t reg_hash_index(uint32_t off) { return (off * 2654435761u) >> 21; }   /* 11 bits */

static void reg_hash_add(uint32_t off)
{
    uint32_t i = reg_hash_index(off);
    for (uint32_t probes = 0; reg_hash[i].used; probes++, i = (i + 1) % REG_HASH_SIZE) {
        if (reg_hash[i].off == off) return;
        if (probes == REG_HASH_SIZE) { reg_hash_ok = false; return; }
    }
    reg_hash_slot *h = &reg_hash[i];
    h->used = true;
    h->off = off;
    for (int n = 0; n <= GTREF_MAX_ENGINES; n++) {
        int e = -1;
        const gtref_reg_def *d = reg_lookup_scan(off, n, &e);
        h->def[n] = d ? (int16_t)(d - gtref_regs) : -1;
        h->engine[n] = (int8_t)e;
    }
}

static void reg_hash_build(void)
{
    reg_hash_ok = gtref_nregs < INT16_MAX;
    for (size_t i = 0; i < gtref_nregs && reg_hash_ok; i++) {
        const gtref_reg_def *d = &gtref_regs[i];
        if (!(d->flags & GTREF_REGF_ENGINE)) reg_hash_add(d->offset);
        else
            for (int e = 0; e < GTREF_MAX_ENGINES; e++) reg_hash_add(gtref_engines[e].base + d->offset);
    }
}

const gtref_reg_def *gtref_reg_lookup(uint32_t off, int engines, int *engine)
{
    call_once(&reg_hash_once, reg_hash_build);
    if (!reg_hash_ok) return reg_lookup_scan(off, engines, engine);
    int n = engines < 0 ? 0 : engines > GTREF_MAX_ENGINES ? GTREF_MAX_ENGINES : engines;
    for (uint32_t i = reg_hash_index(off); reg_hash[i].used; i = (i + 1) % REG_HASH_SIZE) {
        if (reg_hash[i].off != off) continue;
        if (reg_hash[i].def[n] < 0) return NULL;
        if (engine) *engine = reg_hash[i].engine[n];
        return &gtref_regs[reg_hash[i].def[n]];
    }
    return NULL;
}

const gtref_reg_def *gtref_reg_by_name(const char *name)
{
    for (size_t i = 0; i < gtref_nregs; i++)
        if (strcmp(gtref_regs[i].name, name) == 0) return &gtref_regs[i];
    return NULL;
}

const char *gtref_reg_name(uint32_t off, int engines, char *buf, size_t sz)
{
    int e;
    const gtref_reg_def *d = gtref_reg_lookup(off, engines, &e);
    if (!d) snprintf(buf, sz, "0x%08x", off);
    else if (e >= 0) snprintf(buf, sz, "%s.%s", gtref_engines[e].name, d->name);
    else snprintf(buf, sz, "%s", d->name);
    return buf;
}

int gtref_reg_parse(const char *text, uint32_t *off)
{
    char *end;
    if (text[0] >= '0' && text[0] <= '9') {
        unsigned long v = strtoul(text, &end, 0);
        if (*end || v > 0xFFFFFFFFul) return -1;
        *off = (uint32_t)v;
        return 0;
    }
    const char *dot = strchr(text, '.');
    if (dot) {
        char eng[16];
        size_t n = (size_t)(dot - text);
        if (n >= sizeof eng) return -1;
        memcpy(eng, text, n);
        eng[n] = 0;
        int e = gtref_engine_by_name(eng);
        const gtref_reg_def *d = gtref_reg_by_name(dot + 1);
        if (e < 0 || !d || !(d->flags & GTREF_REGF_ENGINE) || !gtref_reg_present(d, e)) return -1;
        *off = gtref_reg_abs(d, e);
        return 0;
    }
    const gtref_reg_def *d = gtref_reg_by_name(text);
    if (!d || (d->flags & GTREF_REGF_ENGINE)) return -1;
    *off = d->offset;
    return 0;
}
