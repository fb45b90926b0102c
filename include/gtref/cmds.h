/* The command table: every command the spec defines for the kit's engines, described once as data
 * (in the manner of Mesa's genxml): header match, length rule, the engines that accept it, whether
 * the kit models it, and every field (name, bit range, kind, legal values) with its spec source.
 *
 * The model's decode, the assembler and disassembler, the generator's field constraints, mismatch
 * reports and the RTL's generated SystemVerilog package all read this table (refmodel/cmd_table.c).
 *
 *   - A DW0 that matches no entry is ILLEGAL (instruction error, docs/spec-decisions.md C2).
 *   - An entry with modelled = 0 is decoded with its length but not modelled: the model reports the
 *     test as UNIMPLEMENTED, never as an instruction error (docs/commands.md).
 *   - An entry not accepted on the executing engine (engines mask) is ILLEGAL there.
 *
 * Field positions are absolute bit numbers from the start of the command, as genxml's "Abs bits":
 * DWn bit b = 32*n + b. An ADDR field's value is the address: bits lo..hi of the command placed at
 * address bit (lo % 32) (e.g. DW1[31:2]..DW2[15:0] is a 48-bit, dword-aligned address). */
#ifndef GTREF_CMDS_H
#define GTREF_CMDS_H
#include <stddef.h>
#include <stdint.h>

/* The 3D (GFXPIPE, sub-type 3) commands KBL-CMD defines (digest §1.2): render only, decoded with their
 * length, not modelled. */
#define GTREF_COMMAND_LIST_3D(X) \
    X(3DPRIMITIVE) X(3DSTATE_AA_LINE_PARAMETERS) X(3DSTATE_BINDING_TABLE_EDIT_DS) \
    X(3DSTATE_BINDING_TABLE_EDIT_GS) X(3DSTATE_BINDING_TABLE_EDIT_HS) X(3DSTATE_BINDING_TABLE_EDIT_PS) \
    X(3DSTATE_BINDING_TABLE_EDIT_VS) X(3DSTATE_BINDING_TABLE_POINTERS_DS) X(3DSTATE_BINDING_TABLE_POINTERS_GS) \
    X(3DSTATE_BINDING_TABLE_POINTERS_HS) X(3DSTATE_BINDING_TABLE_POINTERS_PS) \
    X(3DSTATE_BINDING_TABLE_POINTERS_VS) X(3DSTATE_BINDING_TABLE_POOL_ALLOC) X(3DSTATE_BLEND_STATE_POINTERS) \
    X(3DSTATE_CC_STATE_POINTERS) X(3DSTATE_CHROMA_KEY) X(3DSTATE_CLEAR_PARAMS) X(3DSTATE_CLIP) \
    X(3DSTATE_CONSTANT_DS) X(3DSTATE_CONSTANT_GS) X(3DSTATE_CONSTANT_HS) X(3DSTATE_CONSTANT_PS) \
    X(3DSTATE_CONSTANT_VS) X(3DSTATE_DEPTH_BUFFER) X(3DSTATE_DRAWING_RECTANGLE) X(3DSTATE_DS) \
    X(3DSTATE_DX9_CONSTANT_BUFFER_POOL_ALLOC) X(3DSTATE_DX9_CONSTANTB_PS) X(3DSTATE_DX9_CONSTANTB_VS) \
    X(3DSTATE_DX9_CONSTANTF_PS) X(3DSTATE_DX9_CONSTANTF_VS) X(3DSTATE_DX9_CONSTANTI_PS) \
    X(3DSTATE_DX9_CONSTANTI_VS) X(3DSTATE_DX9_GENERATE_ACTIVE_PS) X(3DSTATE_DX9_GENERATE_ACTIVE_VS) \
    X(3DSTATE_DX9_LOCAL_VALID_PS) X(3DSTATE_DX9_LOCAL_VALID_VS) X(3DSTATE_GATHER_CONSTANT_DS) \
    X(3DSTATE_GATHER_CONSTANT_GS) X(3DSTATE_GATHER_CONSTANT_HS) X(3DSTATE_GATHER_CONSTANT_PS) \
    X(3DSTATE_GATHER_CONSTANT_VS) X(3DSTATE_GATHER_POOL_ALLOC) X(3DSTATE_GS) X(3DSTATE_HIER_DEPTH_BUFFER) \
    X(3DSTATE_HS) X(3DSTATE_INDEX_BUFFER) X(3DSTATE_LINE_STIPPLE) X(3DSTATE_MONOFILTER_SIZE) \
    X(3DSTATE_MULTISAMPLE) X(3DSTATE_POLY_STIPPLE_OFFSET) X(3DSTATE_POLY_STIPPLE_PATTERN) X(3DSTATE_PS_BLEND) \
    X(3DSTATE_PS) X(3DSTATE_PS_EXTRA) X(3DSTATE_PUSH_CONSTANT_ALLOC_DS) X(3DSTATE_PUSH_CONSTANT_ALLOC_GS) \
    X(3DSTATE_PUSH_CONSTANT_ALLOC_HS) X(3DSTATE_PUSH_CONSTANT_ALLOC_PS) X(3DSTATE_PUSH_CONSTANT_ALLOC_VS) \
    X(3DSTATE_RASTER) X(3DSTATE_RS_CONSTANT_POINTER) X(3DSTATE_SAMPLE_MASK) X(3DSTATE_SAMPLE_PATTERN) \
    X(3DSTATE_SAMPLER_PALETTE_LOAD0) X(3DSTATE_SAMPLER_PALETTE_LOAD1) X(3DSTATE_SAMPLER_STATE_POINTERS_DS) \
    X(3DSTATE_SAMPLER_STATE_POINTERS_GS) X(3DSTATE_SAMPLER_STATE_POINTERS_HS) \
    X(3DSTATE_SAMPLER_STATE_POINTERS_PS) X(3DSTATE_SAMPLER_STATE_POINTERS_VS) X(3DSTATE_SBE) \
    X(3DSTATE_SBE_SWIZ) X(3DSTATE_SCISSOR_STATE_POINTERS) X(3DSTATE_SF) X(3DSTATE_SO_BUFFER) \
    X(3DSTATE_SO_DECL_LIST) X(3DSTATE_STENCIL_BUFFER) X(3DSTATE_STREAMOUT)

/* Every command in the table, by id. The order is the table's. */
#define GTREF_COMMAND_LIST(X) \
    X(MI_NOOP) X(MI_SET_PREDICATE) X(MI_USER_INTERRUPT) X(MI_WAIT_FOR_EVENT) X(MI_WAIT_FOR_EVENT_2) X(MI_ARB_CHECK) \
    X(MI_RS_CONTROL) X(MI_REPORT_HEAD) X(MI_ARB_ON_OFF) X(MI_BATCH_BUFFER_END) \
    X(MI_SUSPEND_FLUSH) X(MI_PREDICATE) X(MI_TOPOLOGY_FILTER) X(MI_RS_CONTEXT) \
    X(MI_LOAD_SCAN_LINES_INCL) X(MI_LOAD_SCAN_LINES_EXCL) X(MI_DISPLAY_FLIP) X(MI_SET_CONTEXT) \
    X(MI_MATH) X(MI_SEMAPHORE_SIGNAL) X(MI_SEMAPHORE_WAIT) X(MI_FORCE_WAKEUP) X(MI_STORE_DATA_IMM) \
    X(MI_STORE_DATA_INDEX) X(MI_LOAD_REGISTER_IMM) X(MI_STORE_REGISTER_MEM) X(MI_FLUSH_DW) \
    X(MI_CLFLUSH) X(MI_REPORT_PERF_COUNT) X(MI_LOAD_REGISTER_MEM) X(MI_LOAD_REGISTER_REG) \
    X(MI_RS_STORE_DATA_IMM) X(MI_COPY_MEM_MEM) X(MI_ATOMIC) \
    X(MI_BATCH_BUFFER_START) X(MI_CONDITIONAL_BATCH_BUFFER_END) \
    X(PIPE_CONTROL) X(PIPELINE_SELECT) X(STATE_BASE_ADDRESS) X(STATE_SIP) \
    GTREF_COMMAND_LIST_3D(X)

enum gtref_cmd_id {
#define GTREF_X_CMD_ID(n) GTREF_CMD_##n,
    GTREF_COMMAND_LIST(GTREF_X_CMD_ID)
#undef GTREF_X_CMD_ID
    GTREF_CMD_COUNT
};

/* Every field the kit names, by id: (command, field). The key is the word used in the text form. */
#define GTREF_FIELD_LIST(X) \
    X(MI_NOOP, NOPID) X(MI_NOOP, NOPID_WRITE) \
    X(MI_SET_PREDICATE, ENABLE) \
    X(MI_WAIT_FOR_EVENT, WAIT_ENABLES) \
    X(MI_WAIT_FOR_EVENT_2, FLIP_WAIT) X(MI_WAIT_FOR_EVENT_2, VBLANK_WAIT) X(MI_WAIT_FOR_EVENT_2, SCANLINE_WAIT) \
    X(MI_RS_CONTROL, START) X(MI_ARB_ON_OFF, ENABLE) X(MI_ARB_ON_OFF, LITE_RESTORE) \
    X(MI_BATCH_BUFFER_END, END_CONTEXT) \
    X(MI_SUSPEND_FLUSH, SUSPEND) \
    X(MI_PREDICATE, COMPARE) X(MI_PREDICATE, COMBINE) X(MI_PREDICATE, LOAD) \
    X(MI_TOPOLOGY_FILTER, VALUE) X(MI_RS_CONTEXT, SAVE) \
    X(MI_LOAD_SCAN_LINES_INCL, FORWARD) X(MI_LOAD_SCAN_LINES_INCL, PLANE) \
    X(MI_LOAD_SCAN_LINES_INCL, END) X(MI_LOAD_SCAN_LINES_INCL, START) \
    X(MI_LOAD_SCAN_LINES_EXCL, PLANE) X(MI_LOAD_SCAN_LINES_EXCL, END) X(MI_LOAD_SCAN_LINES_EXCL, START) \
    X(MI_DISPLAY_FLIP, PLANE) X(MI_DISPLAY_FLIP, ASYNC) X(MI_DISPLAY_FLIP, TILE) X(MI_DISPLAY_FLIP, PITCH) \
    X(MI_DISPLAY_FLIP, STEREO) X(MI_DISPLAY_FLIP, FLIP_TYPE) X(MI_DISPLAY_FLIP, ADDR) \
    X(MI_SET_CONTEXT, FLAGS) X(MI_SET_CONTEXT, ADDR) \
    X(MI_MATH, ALU_OP) X(MI_MATH, ALU_OPERAND1) X(MI_MATH, ALU_OPERAND2) \
    X(MI_SEMAPHORE_SIGNAL, TARGET) X(MI_SEMAPHORE_SIGNAL, POST_SYNC) X(MI_SEMAPHORE_SIGNAL, CONTEXT) \
    X(MI_SEMAPHORE_WAIT, COMPARE) X(MI_SEMAPHORE_WAIT, POLL) X(MI_SEMAPHORE_WAIT, REG_POLL) \
    X(MI_SEMAPHORE_WAIT, GGTT) X(MI_SEMAPHORE_WAIT, DATA) X(MI_SEMAPHORE_WAIT, ADDR) \
    X(MI_FORCE_WAKEUP, MEDIA) X(MI_FORCE_WAKEUP, RENDER) X(MI_FORCE_WAKEUP, MASK) \
    X(MI_STORE_DATA_IMM, GGTT) X(MI_STORE_DATA_IMM, QWORD) X(MI_STORE_DATA_IMM, CORE_MODE) \
    X(MI_STORE_DATA_IMM, ADDR) X(MI_STORE_DATA_IMM, DATA) \
    X(MI_STORE_DATA_INDEX, PPHWSP) X(MI_STORE_DATA_INDEX, OFFSET) X(MI_STORE_DATA_INDEX, DATA) \
    X(MI_LOAD_REGISTER_IMM, BWD) X(MI_LOAD_REGISTER_IMM, CS_MMIO) X(MI_LOAD_REGISTER_IMM, REG) X(MI_LOAD_REGISTER_IMM, VALUE) \
    X(MI_STORE_REGISTER_MEM, CS_MMIO) X(MI_STORE_REGISTER_MEM, PREDICATE) X(MI_STORE_REGISTER_MEM, GGTT) X(MI_STORE_REGISTER_MEM, REG) \
    X(MI_STORE_REGISTER_MEM, ADDR) \
    X(MI_FLUSH_DW, VIDEO_INVALIDATE) X(MI_FLUSH_DW, NOTIFY) X(MI_FLUSH_DW, FLUSH_LLC) \
    X(MI_FLUSH_DW, POST_SYNC) X(MI_FLUSH_DW, TLB_INVALIDATE) X(MI_FLUSH_DW, STORE_INDEX) \
    X(MI_FLUSH_DW, GGTT) X(MI_FLUSH_DW, ADDR) X(MI_FLUSH_DW, DATA) \
    X(MI_CLFLUSH, GGTT) X(MI_CLFLUSH, LINE) X(MI_CLFLUSH, ADDR) X(MI_CLFLUSH, HALF_LINES) \
    X(MI_REPORT_PERF_COUNT, GGTT) X(MI_REPORT_PERF_COUNT, CORE_MODE) X(MI_REPORT_PERF_COUNT, ADDR) \
    X(MI_REPORT_PERF_COUNT, REPORT_ID) \
    X(MI_LOAD_REGISTER_MEM, CS_MMIO) X(MI_LOAD_REGISTER_MEM, LOOP_VAR) X(MI_LOAD_REGISTER_MEM, ASYNC) X(MI_LOAD_REGISTER_MEM, GGTT) X(MI_LOAD_REGISTER_MEM, REG) \
    X(MI_LOAD_REGISTER_MEM, ADDR) \
    X(MI_LOAD_REGISTER_REG, CS_MMIO_SRC) X(MI_LOAD_REGISTER_REG, CS_MMIO_DST) \
    X(MI_LOAD_REGISTER_REG, SRC) X(MI_LOAD_REGISTER_REG, DST) \
    X(MI_RS_STORE_DATA_IMM, CORE_MODE) X(MI_RS_STORE_DATA_IMM, ADDR) X(MI_RS_STORE_DATA_IMM, DATA) \
    X(MI_COPY_MEM_MEM, GGTT_DST) X(MI_COPY_MEM_MEM, GGTT_SRC) X(MI_COPY_MEM_MEM, DST) X(MI_COPY_MEM_MEM, SRC) \
    X(MI_ATOMIC, OP) X(MI_ATOMIC, RETURN_DATA) X(MI_ATOMIC, CS_STALL) X(MI_ATOMIC, INLINE) \
    X(MI_ATOMIC, SIZE) X(MI_ATOMIC, POST_SYNC) X(MI_ATOMIC, GGTT) X(MI_ATOMIC, ADDR) \
    X(MI_ATOMIC, OPERAND1_0) X(MI_ATOMIC, OPERAND2_0) X(MI_ATOMIC, OPERAND1_1) X(MI_ATOMIC, OPERAND2_1) \
    X(MI_ATOMIC, OPERAND1_2) X(MI_ATOMIC, OPERAND2_2) X(MI_ATOMIC, OPERAND1_3) X(MI_ATOMIC, OPERAND2_3) \
    X(MI_BATCH_BUFFER_START, PPGTT) X(MI_BATCH_BUFFER_START, RS_ENABLE) X(MI_BATCH_BUFFER_START, PREDICATE) \
    X(MI_BATCH_BUFFER_START, SECOND) X(MI_BATCH_BUFFER_START, ADDR) \
    X(MI_CONDITIONAL_BATCH_BUFFER_END, MASK_MODE) X(MI_CONDITIONAL_BATCH_BUFFER_END, SEMAPHORE) \
    X(MI_CONDITIONAL_BATCH_BUFFER_END, GGTT) X(MI_CONDITIONAL_BATCH_BUFFER_END, DATA) \
    X(MI_CONDITIONAL_BATCH_BUFFER_END, ADDR) \
    X(PIPE_CONTROL, HDC_FLUSH) X(PIPE_CONTROL, CACHE_BITS) X(PIPE_CONTROL, NOTIFY) X(PIPE_CONTROL, CACHE_BITS_HI) X(PIPE_CONTROL, POST_SYNC) \
    X(PIPE_CONTROL, MEDIA_CLEAR) X(PIPE_CONTROL, TLB_INVALIDATE) X(PIPE_CONTROL, SNAPSHOT_RESET) X(PIPE_CONTROL, CS_STALL) X(PIPE_CONTROL, STORE_INDEX) \
    X(PIPE_CONTROL, LRI_POST_SYNC) X(PIPE_CONTROL, GGTT) X(PIPE_CONTROL, FLUSH_LLC) X(PIPE_CONTROL, FLUSH_L3) \
    X(PIPE_CONTROL, ADDR) X(PIPE_CONTROL, DATA) \
    X(PIPELINE_SELECT, SELECT) X(PIPELINE_SELECT, FLAGS) X(PIPELINE_SELECT, MASK) \
    X(STATE_SIP, SIP)

enum gtref_field_id {
#define GTREF_X_FIELD_ID(c, f) GTREF_F_##c##_##f,
    GTREF_FIELD_LIST(GTREF_X_FIELD_ID)
#undef GTREF_X_FIELD_ID
    GTREF_F_COUNT
};

enum gtref_field_kind {
    GTREF_FK_UINT,   /* a number */
    GTREF_FK_BOOL,   /* one bit, printed as its key when set */
    GTREF_FK_ENUM,   /* a number with names (values[]) */
    GTREF_FK_ADDR,   /* a graphics address: see the header comment */
    GTREF_FK_REG,    /* an MMIO register offset: bits lo..hi hold offset[hi-lo+2:2] */
};

typedef struct gtref_field_def {
    uint16_t id;            /* enum gtref_field_id */
    uint8_t cmd;            /* enum gtref_cmd_id */
    const char *key;        /* text form: "addr", "qword", "op" */
    const char *spec_name;  /* the spec's name: "Store Qword" */
    uint16_t lo, hi;        /* absolute bit positions (inclusive); in a group, relative to the element */
    uint8_t kind;           /* enum gtref_field_kind */
    uint8_t in_group;       /* 1: a field of the command's repeated element (group) */
    const char *const *values; uint16_t nvalues;  /* ENUM names, indexed by value; NULL/"" = unnamed */
    const char *source;
} gtref_field_def;

extern const gtref_field_def gtref_fields[GTREF_F_COUNT];

/* Engines (bit e = gtref_engines[e]: RCS0, BCS0, VCS0, VECS0). */
#define GTREF_ENG_RCS  0x1u
#define GTREF_ENG_BCS  0x2u
#define GTREF_ENG_VCS  0x4u
#define GTREF_ENG_VECS 0x8u
#define GTREF_ENG_ALL  0xFu

/* Length rules beyond "DWord Length field + bias, in min..max": decided from DW0 alone. */
enum gtref_len_rule {
    GTREF_LEN_RANGE,        /* any length in min..max */
    GTREF_LEN_SDI,          /* MI_STORE_DATA_IMM: Store Qword 0: 4..max (n dwords); 1: 3 + 2n (n qwords) */
    GTREF_LEN_PAIRS,        /* MI_LOAD_REGISTER_IMM: 1 + 2n */
    GTREF_LEN_ATOMIC,       /* MI_ATOMIC: 3 without Inline Data; with it 3 + 2 x (operand dwords of the Data Size), or 11 */
    GTREF_LEN_SDX,          /* MI_STORE_DATA_INDEX: 3 (dword) or 4 (qword) */
};

typedef struct gtref_cmd_def {
    const char *name;
    uint8_t id;             /* enum gtref_cmd_id */
    uint32_t match_mask;    /* DW0 & match_mask == match_val identifies the command */
    uint32_t match_val;
    uint8_t type;           /* command type DW0[31:29]: 0 = MI, 3 = GFXPIPE */
    uint8_t opcode;         /* MI opcode DW0[28:23] (MI commands only) */
    uint8_t len_bits;       /* width of the DWord Length field DW0[len_bits-1:0]; 0 = fixed length 1 */
    uint8_t bias;           /* total length = DWord Length + bias */
    uint16_t min_len;       /* legal total lengths in dwords, inclusive */
    uint16_t max_len;
    uint8_t len_rule;       /* enum gtref_len_rule */
    uint8_t engines;        /* GTREF_ENG_* mask of the engines that accept it */
    uint8_t modelled;       /* 1: the kit models it; 0: decoded, the test ends as unimplemented */
    uint8_t group_start;    /* first dword of the repeated element (0 = no group) */
    uint8_t group_size;     /* dwords per element */
    const char *source;
} gtref_cmd_def;

extern const gtref_cmd_def gtref_cmds[GTREF_CMD_COUNT];

/* Header helpers. MI commands: type DW0[31:29] = 0, opcode DW0[28:23]. */
#define GTREF_MI_OPCODE(dw0)   (((dw0) >> 23) & 0x3Fu)
#define GTREF_CMD_TYPE(dw0)    (((dw0) >> 29) & 0x7u)
#define GTREF_MI_DW0(opcode)   ((uint32_t)(opcode) << 23)

/* Bits of DW0 that a few callers use directly (checked against gtref_fields[] by the unit tests). */
#define GTREF_SDI_STORE_QWORD  (1u << 21)
#define GTREF_SDI_USE_GGTT     (1u << 22)
#define GTREF_BBS_PPGTT        (1u << 8)
#define GTREF_BBS_2ND_LEVEL    (1u << 22)
#define GTREF_LRI_BWD_SHIFT    8           /* Byte Write Disables DW0[11:8] */
#define GTREF_CS_MMIO          (1u << 19)  /* Add CS MMIO Start Offset (LRI, LRM, SRM; LRR destination) */
#define GTREF_CS_MMIO_LRR_SRC  (1u << 18)  /* Add CS MMIO Start Offset Source (LRR) */
#define GTREF_LRI_OFFSET_MASK  0x007FFFFCu /* register offset DW[22:2] */

/* The definition matching dw0, or NULL when the spec defines no such command (illegal). */
const gtref_cmd_def *gtref_cmd_find(uint32_t dw0);
const gtref_cmd_def *gtref_cmd_by_name(const char *name);
/* DW0 of a command with every field 0 and the DWord Length of a len-dword command. */
uint32_t gtref_cmd_header(const gtref_cmd_def *c, unsigned len);
/* Total length in dwords that dw0 declares (1 for fixed-length commands). */
unsigned gtref_cmd_length(const gtref_cmd_def *c, uint32_t dw0);
/* Whether a command with this DW0 is legal (length in range, the table's length rule). Every rule is
 * decided from DW0 alone (docs/cycle-contract.md §4), so the parser can reject a command before
 * fetching the rest. On failure, writes a reason into why (may be NULL). */
int gtref_cmd_legal(const gtref_cmd_def *c, uint32_t dw0, char *why, size_t whysz);
/* The DW0 bits the command's header, DWord Length and (non-group) fields cover; any other set DW0 bit is reserved
 * (docs/spec-decisions.md C39). */
uint32_t gtref_cmd_dw0_defined(const gtref_cmd_def *c);
/* Whether engine e (index into gtref_engines) accepts the command. */
int gtref_cmd_on_engine(const gtref_cmd_def *c, int engine);

/* Fields. get/set work on a whole command (dw[] holds at least hi/32 + 1 dwords). ADDR fields take and
 * return the address; REG fields the register offset; others the raw value. */
const gtref_field_def *gtref_field_by_key(const gtref_cmd_def *c, const char *key);
uint64_t gtref_field_get(const uint32_t *dw, const gtref_field_def *f);
void gtref_field_set(uint32_t *dw, const gtref_field_def *f, uint64_t value);
/* In a group: element k's field (element k starts at dword group_start + k * group_size). */
uint64_t gtref_group_get(const uint32_t *dw, const gtref_cmd_def *c, unsigned k, const gtref_field_def *f);
/* Fast accessors for the model and the RTL package: field by id. */
#define GTREF_FIELD(id) (&gtref_fields[GTREF_F_##id])
/* gtref_field_get inline (the model reads fields of every command it executes): the same bits, the same value. */
static inline uint64_t gtref_field_get_inline(const uint32_t *dw, const gtref_field_def *f)
{
    unsigned lo = f->lo, w = f->hi - lo + 1u, i = lo / 32u, got = 32u - lo % 32u;
    uint64_t v = dw[i] >> (lo % 32u);
    while (got < w) { v |= (uint64_t)dw[++i] << got; got += 32u; }
    if (w < 64) v &= (1ull << w) - 1u;
    return v << (f->kind == GTREF_FK_REG ? 2u : f->kind == GTREF_FK_ADDR ? lo % 32u : 0u);
}
#define GTREF_GET(dw, id) gtref_field_get_inline((dw), GTREF_FIELD(id))
/* gtref_group_get inline. */
static inline uint64_t gtref_group_get_inline(const uint32_t *dw, const gtref_cmd_def *c, unsigned k,
                                              const gtref_field_def *f)
{
    return gtref_field_get_inline(dw + c->group_start + k * c->group_size, f);
}
/* Number of group elements of a command of total length len. */
unsigned gtref_group_count(const gtref_cmd_def *c, unsigned len);

/* MI_MATH ALU instruction (KBL-CMD digest A.4 [EXT]): opcode [31:20], operand 1 [19:10], operand 2 [9:0]. */
enum gtref_alu_op {
    GTREF_ALU_NOOP = 0x000, GTREF_ALU_LOAD = 0x080, GTREF_ALU_LOADINV = 0x480, GTREF_ALU_LOAD0 = 0x081,
    GTREF_ALU_LOAD1 = 0x481, GTREF_ALU_ADD = 0x100, GTREF_ALU_SUB = 0x101, GTREF_ALU_AND = 0x102,
    GTREF_ALU_OR = 0x103, GTREF_ALU_XOR = 0x104, GTREF_ALU_STORE = 0x180, GTREF_ALU_STOREINV = 0x580,
};
enum gtref_alu_operand {
    GTREF_ALU_R0 = 0x00,   /* R0..R15 = 0x00..0x0F: the CS GPRs */
    GTREF_ALU_SRCA = 0x20, GTREF_ALU_SRCB = 0x21, GTREF_ALU_ACCU = 0x31, GTREF_ALU_ZF = 0x32, GTREF_ALU_CF = 0x33,
};
/* Name of an ALU opcode / operand, or NULL when the encoding names none. */
const char *gtref_alu_op_name(unsigned op);
const char *gtref_alu_operand_name(unsigned operand);

/* Longest command the text form handles (MI_CLFLUSH: 1025 dwords). */
#define GTREF_MAX_TEXT_DW 1100

/* One-line text of a command, generated from the field table:
 *   NAME [bool keys] [key=value ...] [group elements]
 * e.g. "MI_STORE_DATA_IMM ggtt qword addr=0x40d870 data=0xe69d92f91a978ac7",
 *      "MI_LOAD_REGISTER_IMM RCS0.CS_GPR0=0x00000001", "MI_MATH LOAD(SRCA,R0) LOAD(SRCB,R1) ADD STORE(R2,ACCU)".
 * A command whose bits the fields do not cover, or that is illegal or truncated, prints as raw dwords
 * ("DW 0x... 0x..."). n is the number of dwords available. Returns the number of characters. */
int gtref_cmd_format(const uint32_t *dw, unsigned n, int engines, char *buf, size_t sz);
/* Parse one line of command text as gtref_cmd_format prints it (and `DW 0x...` raw dwords) into dwords.
 * Returns the number of dwords (<= max), or -1 with a message in err. */
int gtref_cmd_parse(const char *line, int engines, uint32_t *dw, unsigned max, char *err, size_t errsz);
#endif
