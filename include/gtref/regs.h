/* The register table: the one source of truth for every MMIO register the kit knows, with its fields.
 * Its rows are include/gtref/reg_table.def (one place per register and per field); from them come gtref_regs[] and
 * gtref_reg_fields[] (refmodel/reg_table.c), the C constants (GTREF_<REG> offsets, GTREF_<FIELD>_SHIFT/_MASK,
 * generated into build/gen/include/gtref/reg_consts.h) and the RTL's SystemVerilog package (generated at build time).
 * The model's register file, the scoreboard's compare masks and the disassembler's names come from gtref_regs[]. */
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

/* The register table's fields (name, register, bits [hi:lo], as include/gtref/reg_table.def gives them). */
enum gtref_reg_field_kind {
    GTREF_FIELDK_FIELD,   /* GTREF_FIELD: C _SHIFT/_MASK/_MAX, SV _LSB/_WIDTH/_MASK */
    GTREF_FIELDK_BIT,     /* GTREF_BIT: a one-bit field of a 32-bit register */
    GTREF_FIELDK_EVENT,   /* GTREF_EVENT: a bit of an engine's 16-bit interrupt vector */
};
typedef struct gtref_reg_field {
    const char *name;     /* e.g. "TAIL_OFFSET" */
    const char *reg;      /* the register's name in gtref_regs[] (NULL for an interrupt vector bit) */
    uint8_t hi, lo;
    uint8_t kind;         /* enum gtref_reg_field_kind */
} gtref_reg_field;
extern const gtref_reg_field gtref_reg_fields[];
extern const size_t gtref_nreg_fields;

/* Every register's offset (GTREF_<NAME>: engine-relative for engine registers, else absolute) and every field's
 * constants (GTREF_<FIELD>_SHIFT/_MASK/_MAX, GTREF_<BIT>), generated from include/gtref/reg_table.def by
 * tools/gen_regs_h.c into build/gen/include/. */
#include "gtref/reg_consts.h"

/* Constants that follow from the table, or that are not registers. */
#define GTREF_FORCE_TO_NONPRIV_COUNT 12    /* FORCE_TO_NONPRIV0..11, 4 bytes apart */
#define GTREF_NONPRIV_WRITABLE    (GTREF_NONPRIV_DENY | GTREF_NONPRIV_ACCESS_MASK | GTREF_NONPRIV_OFFSET_MASK | \
                                   GTREF_NONPRIV_RANGE_MASK)
#define GTREF_WDOG_TIMESTAMP_CYCLES 64u    /* PR_CTR_CTL[31] = 0: one watchdog tick per 64 clocks (W3) */
/* Cycles from the transfer cycle of an accepted IIR_REG_SELECTOR write to the cycle whose closing edge presents
 * the identity (Data-Valid readable one cycle later): a kit choice (docs/interrupts.md IRQ-16, I14). */
#define GTREF_INTR_PRESENT_DELAY  1u
/* Byte offset in the hardware status page of the dword the HWSTAM status write goes to (IRQ-4, I9). */
#define GTREF_HWSP_ISR_OFFSET     0x0u
#endif
