/* The register table: the one source of truth for every MMIO register the kit knows.
 * The model's register file, the scoreboard's compare masks, the disassembler's names and
 * the RTL's SystemVerilog package (generated at build time) all come from gtref_regs[]. */
#ifndef GTREF_REGS_H
#define GTREF_REGS_H
#include <stddef.h>
#include <stdint.h>

enum gtref_reg_access {
    GTREF_ACC_RW,      /* plain read/write (rw_mask bits) */
    GTREF_ACC_RO,      /* host writes ignored */
    GTREF_ACC_W1C,     /* writing 1 clears (w1c_mask bits) */
    GTREF_ACC_MASKED,  /* bits 31:16 are write enables for bits 15:0 */
    GTREF_ACC_MIXED,   /* some RW bits and some W1C/RO bits */
};

enum gtref_reg_flags {
    GTREF_REGF_ENGINE   = 1u << 0, /* offset is relative to each engine's MMIO base */
    GTREF_REGF_CTX      = 1u << 1, /* saved in the logical context image */
    GTREF_REGF_VOLATILE = 1u << 2, /* changes on its own; compared under cmp_mask only */
    GTREF_REGF_HWUPD    = 1u << 3, /* hardware updates it as commands execute */
    GTREF_REGF_DERIVED  = 1u << 4, /* read value computed from other state (not stored) */
    GTREF_REGF_NONPRIV  = 1u << 5, /* a non-privileged batch may write it (docs/commands.md §6); every
                                    * other register is privileged unless FORCE_TO_NONPRIV names it */
    GTREF_REGF_PER_ENGINE = 1u << 6, /* reset and RW bits differ per engine: eng_reset[], eng_rw[] */
    GTREF_REGF_RCS_ONLY = 1u << 7,   /* an engine register that only RCS0 has (the watchdog pair, W1): on the other
                                    * engines the offset names no register of the kit (C31) */
    /* A new flag, because neither DERIVED (a read value computed from other state) nor HWUPD (hardware changes the
     * stored value) says it: an MMIO access to the register has effects that the table's access rules do not
     * describe, on the register itself or on other state (docs/interrupts.md §2): a read of GT_INTR_DW0/1 that
     * returns non-zero opens the service window; a write that empties it moves the secondary storage in; a write of
     * IIR_REG_SELECTOR0/1 is ignored or starts a presentation; a write of 1 to INTR_IDENTITY_REG0/1 bit 31 clears
     * the whole register and the selector; a write to an interrupt mask register that unmasks held bits raises a
     * second-level event. gtref_reg_apply_write() and a shadow array are not the behaviour of such a register:
     * the model's MMIO path and the RTL must implement it, a read must be a real access (never a peek), and a
     * generator or test must treat a read of one as an action, not an observation. */
    GTREF_REGF_SIDE     = 1u << 8,
    /* A global register of the GAM (docs/gam.md §2): the GAM block owns it in the RTL (gt_gam) and the GAM model
     * (refmodel/gam.c) in the model, not the interrupt block; hardware updates of it (fault records) happen on the
     * GAM's cycles and are not reported on probe_commit_*: they are compared on MMIO reads and at the end. */
    GTREF_REGF_GAM      = 1u << 9,
};

typedef struct gtref_reg_def {
    const char *name;     /* e.g. "RING_TAIL"; engine registers are printed as RCS0.RING_TAIL */
    uint32_t offset;      /* engine-relative when GTREF_REGF_ENGINE, else absolute */
    uint32_t reset;       /* value after reset (bits that are neither RW nor W1C keep it) */
    uint32_t rw_mask;     /* bits a host write (or MI_LOAD_REGISTER_IMM) sets directly */
    uint32_t w1c_mask;    /* bits cleared by writing 1 */
    uint32_t cmp_mask;    /* bits the scoreboard compares */
    uint8_t access;       /* enum gtref_reg_access, for documentation and listings */
    uint16_t flags;       /* enum gtref_reg_flags */
    const char *source;   /* where the definition comes from (spec volume and line, or [EXT]) */
    uint32_t eng_reset[4]; /* GTREF_REGF_PER_ENGINE: reset of RCS0, BCS0, VCS0, VECS0 */
    uint32_t eng_rw[4];    /* GTREF_REGF_PER_ENGINE: rw_mask of each engine */
} gtref_reg_def;

extern const gtref_reg_def gtref_regs[];
extern const size_t gtref_nregs;

/* Value of a register after a host (or LRI) write of val over old, by the table's access rules.
 * apply_write uses rw_mask; the _engine form uses engine e's RW bits (e < 0 for globals). */
uint32_t gtref_reg_apply_write(const gtref_reg_def *d, uint32_t old, uint32_t val);
uint32_t gtref_reg_apply_write_engine(const gtref_reg_def *d, int e, uint32_t old, uint32_t val);
/* Reset value and RW bits of a register for engine e (e < 0 or ignored for globals). */
uint32_t gtref_reg_reset(const gtref_reg_def *d, int e);
uint32_t gtref_reg_rw(const gtref_reg_def *d, int e);
/* Whether engine e has the engine register d (false only for GTREF_REGF_RCS_ONLY rows on e != 0). */
static inline int gtref_reg_present(const gtref_reg_def *d, int e) { return !(d->flags & GTREF_REGF_RCS_ONLY) || e == 0; }

/* Find the register at absolute offset off for a GT with `engines` engines (1..4).
 * Returns the definition, or NULL; *engine is set to the engine index or -1 for a global. */
const gtref_reg_def *gtref_reg_lookup(uint32_t off, int engines, int *engine);

/* Find a register definition by name (e.g. "RING_TAIL"); NULL if unknown. */
const gtref_reg_def *gtref_reg_by_name(const char *name);

/* Absolute offset of a definition for engine e (e ignored for globals). */
uint32_t gtref_reg_abs(const gtref_reg_def *d, int e);

/* Printable name of an absolute offset: "RCS0.RING_HEAD", "GFX_MSTR_IRQ" or "0x0002abc0". */
const char *gtref_reg_name(uint32_t off, int engines, char *buf, size_t sz);

/* Parse "RCS0.RING_TAIL", "GT_INTR_DW0" or a number; returns 0 on success. */
int gtref_reg_parse(const char *text, uint32_t *off);

/* Registers the spec volumes name (refmodel/spec_mmio.c), implemented by the kit or not. */
typedef struct gtref_spec_reg {
    uint32_t offset;       /* absolute MMIO offset as the volume gives it (RCS block for engine registers) */
    const char *name;
    const char *source;    /* volume and line */
    uint8_t has_default;   /* the volume prints a legible default (reset) value */
    uint32_t default_value;
} gtref_spec_reg;
extern const gtref_spec_reg gtref_spec_regs[];   /* sorted by offset */
extern const size_t gtref_nspec_regs;
/* The spec register at off (also as an offset in any engine's block, named "BCS0.HWSTAM"), or NULL. */
const gtref_spec_reg *gtref_spec_reg_find(uint32_t off, int engines, char *name, size_t namesz);

/* Well-known engine-relative offsets (checked against the table by the unit tests). */
#define GTREF_RING_TAIL   0x030u
#define GTREF_RING_HEAD   0x034u
#define GTREF_RING_START  0x038u
#define GTREF_RING_CTL    0x03Cu
#define GTREF_IPEHR       0x068u       /* instruction parser error header: DW0 of an illegal command (docs/interrupts.md IRQ-5) */
#define GTREF_EIR         0x0B0u
#define GTREF_EMR         0x0B4u
#define GTREF_ESR         0x0B8u
#define GTREF_HWS_PGA     0x080u
#define GTREF_NOPID       0x094u
#define GTREF_HWSTAM      0x098u       /* hardware status mask: HWSP status write (docs/interrupts.md IRQ-4) */
#define GTREF_IMR         0x0A8u       /* engine interrupt mask: gates the engine's interrupt message (IRQ-3) */
#define GTREF_BB_STATE    0x110u
#define GTREF_SBB_ADDR    0x114u
#define GTREF_SBB_STATE   0x118u
#define GTREF_SBB_ADDR_UDW 0x11Cu
#define GTREF_BB_ADDR     0x140u
#define GTREF_BB_OFFSET   0x158u
#define GTREF_BB_ADDR_UDW 0x168u
#define GTREF_PR_CTR_CTL  0x178u       /* RCS0 only: watchdog control (docs/commands.md §7, W1) */
#define GTREF_PR_CTR_THRSH 0x17Cu      /* RCS0 only: watchdog threshold */
#define GTREF_WDOG_STOPPED_MASK 0x7FFFFFFFu /* PR_CTR_CTL[30:0] != 0: stopped (W2) */
#define GTREF_WDOG_COUNT_CLOCKS 0x80000000u /* PR_CTR_CTL[31]: 1 tick per clock, else per 64 clocks (W3) */
#define GTREF_WDOG_TIMESTAMP_CYCLES 64u
#define GTREF_PRED_RESULT_2 0x3BCu
#define GTREF_PRED_SRC0   0x400u
#define GTREF_PRED_SRC1   0x408u
#define GTREF_PRED_DATA   0x410u
#define GTREF_PRED_RESULT 0x418u
#define GTREF_PRED_RESULT_1 0x41Cu
#define GTREF_FORCE_TO_NONPRIV 0x4D0u  /* 12 entries, 4 bytes apart */
#define GTREF_FORCE_TO_NONPRIV_COUNT 12
#define GTREF_NONPRIV_OFFSET_MASK 0x03FFFFFCu  /* [25:2] */
/* FORCE_TO_NONPRIV fields on Gen11 (docs/spec-decisions.md C37; [EXT] i915 intel_engine_regs.h, "CFL+ & Gen11+") */
#define GTREF_NONPRIV_RANGE_MASK  0x00000003u  /* [1:0]: 0 = 1, 1 = 4, 2 = 16, 3 = 64 dwords, a naturally aligned block */
#define GTREF_NONPRIV_ACCESS_SHIFT 28
#define GTREF_NONPRIV_ACCESS_MASK 0x30000000u  /* [29:28]: 0 RW, 1 RD, 2 WR, 3 invalid */
#define GTREF_NONPRIV_DENY        0x40000000u  /* [30] */
#define GTREF_NONPRIV_WRITABLE    (GTREF_NONPRIV_DENY | GTREF_NONPRIV_ACCESS_MASK | GTREF_NONPRIV_OFFSET_MASK | \
                                   GTREF_NONPRIV_RANGE_MASK)
#define GTREF_CS_GPR      0x600u       /* R0 low; Rn = 0x600 + 8n (low), + 4 (high) */
#define GTREF_BB_STATE_PPGTT 0x20u
#define GTREF_INSTPM      0x0C0u       /* masked; bits 9 and 5 together: TLB invalidation (docs/gam.md GAM-22) */
#define GTREF_INSTPM_TLB_INVALIDATE 0x200u
#define GTREF_INSTPM_SYNC_FLUSH     0x020u
#define GTREF_PP_DCLV     0x220u       /* PPGTT directory cacheline valid, low dword (docs/gam.md GAM-6) */
#define GTREF_PP_DCLV_UDW 0x224u
#define GTREF_PDP0_LDW    0x270u       /* PPGTT root: the PML4 table's address (docs/gam.md GAM-5) */
#define GTREF_PDP0_UDW    0x274u
#define GTREF_RING_MODE   0x29Cu       /* GFX_MODE / BLT_MODE / MFX_MODE: bit 9 Per-Process GTT Enable */
#define GTREF_MODE_PPGTT_ENABLE 0x200u     /* BB_STATE / SBB_STATE bit 5: the batch is in PPGTT (non-privileged) */

/* Ring register fields (BYT-REG §2.1). */
#define GTREF_TAIL_OFFSET_MASK  0x001FFFF8u  /* [20:3] */
#define GTREF_HEAD_OFFSET_MASK  0x001FFFFCu  /* [20:2] */
#define GTREF_HEAD_WRAP_SHIFT   21           /* [31:21] */
#define GTREF_CTL_ENABLE        0x1u
#define GTREF_CTL_LEN_SHIFT     12           /* [20:12] pages - 1 */
#define GTREF_CTL_LEN_MASK      0x1FFu

/* Engine error bits (EIR/EMR/ESR): bit 0 instruction error, bit 4 page table error (BYT-REG L2422). */
#define GTREF_ERR_INSTRUCTION   0x1u
#define GTREF_ERR_PAGE_TABLE    0x10u
#define GTREF_ERR_CP_PRIV       0x4u   /* privilege violation, no halt (docs/spec-decisions.md C41) */

/* Gen11 interrupt aggregation registers (LKF-IRQ digest §3, [EXT] i915). */
#define GTREF_GFX_MSTR_IRQ        0x190010u
#define GTREF_GT_INTR_DW0         0x190018u
#define GTREF_GT_INTR_DW1         0x19001Cu
#define GTREF_RENDER_COPY_INTR_EN 0x190030u
#define GTREF_VCS_VECS_INTR_EN    0x190034u
#define GTREF_RCS0_INTR_MASK      0x190090u
#define GTREF_BCS_INTR_MASK       0x1900A0u
#define GTREF_VCS0_VCS1_INTR_MASK 0x1900A8u
#define GTREF_VECS0_VECS1_INTR_MASK 0x1900D0u
#define GTREF_MSTR_IRQ_ENABLE     0x80000000u
#define GTREF_INTR_IDENTITY0      0x190060u   /* "Shared IIR" of GT_INTR_DW0 (docs/interrupts.md IRQ-16, IRQ-17) */
#define GTREF_INTR_IDENTITY1      0x190064u
#define GTREF_IIR_SELECTOR0       0x190070u   /* "Selector" of GT_INTR_DW0 (IRQ-15) */
#define GTREF_IIR_SELECTOR1       0x190074u
/* INTR_IDENTITY_REG fields: the LKF-IRQ L98-107 message layout, Data-Valid in the MSB (L163). */
#define GTREF_INTR_DATA_VALID     0x80000000u
#define GTREF_INTR_INSTANCE_SHIFT 20           /* [25:20] */
#define GTREF_INTR_CLASS_SHIFT    16           /* [18:16] */
#define GTREF_INTR_DATA_MASK      0x0000FFFFu  /* [15:0] */
/* Cycles from the transfer cycle of an accepted IIR_REG_SELECTOR write to the cycle whose closing edge presents
 * the identity (Data-Valid readable one cycle later): a kit choice (docs/interrupts.md IRQ-16, I14). */
#define GTREF_INTR_PRESENT_DELAY  1u
/* Byte offset in the hardware status page of the dword the HWSTAM status write goes to (IRQ-4, I9). */
#define GTREF_HWSP_ISR_OFFSET     0x0u

/* Engine-local interrupt data bits (LKF-IRQ digest §3, [EXT] i915). */
#define GTREF_IRQ_USER            0x0001u
#define GTREF_IRQ_CS_MASTER_ERROR 0x0008u
#define GTREF_IRQ_PIPECTL_NOTIFY  0x0010u  /* PIPE_CONTROL / MI_FLUSH_DW Notify Enable */
#define GTREF_IRQ_WATCHDOG        0x0040u  /* RCS0 watchdog reached its threshold (I4, W4) */
#endif
