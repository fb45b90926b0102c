/* The command table: opcode, length rule and legality of every command the kit implements.
 * The model's parser, the generator, the assembler/disassembler and the RTL's generated
 * SystemVerilog package all read gtref_cmds[]. A command not in the table is illegal. */
#ifndef GTREF_CMDS_H
#define GTREF_CMDS_H
#include <stddef.h>
#include <stdint.h>

enum gtref_cmd_id {
    GTREF_CMD_MI_NOOP,
    GTREF_CMD_MI_USER_INTERRUPT,
    GTREF_CMD_MI_BATCH_BUFFER_END,
    GTREF_CMD_MI_STORE_DATA_IMM,
    GTREF_CMD_MI_LOAD_REGISTER_IMM,
    GTREF_CMD_MI_BATCH_BUFFER_START,
    GTREF_CMD_COUNT
};

typedef struct gtref_cmd_def {
    const char *name;
    uint8_t id;          /* enum gtref_cmd_id */
    uint8_t type;        /* DW0[31:29]: 0 = MI */
    uint8_t opcode;      /* DW0[28:23] for MI */
    uint8_t len_bits;    /* width of the DWord Length field DW0[len_bits-1:0]; 0 = fixed length 1 */
    uint8_t bias;        /* total length = DWord Length + bias */
    uint16_t min_len;    /* legal total lengths in dwords, inclusive */
    uint16_t max_len;
    const char *source;
} gtref_cmd_def;

extern const gtref_cmd_def gtref_cmds[GTREF_CMD_COUNT];

#define GTREF_MI_OPCODE(dw0)   (((dw0) >> 23) & 0x3Fu)
#define GTREF_CMD_TYPE(dw0)    (((dw0) >> 29) & 0x7u)
#define GTREF_MI_DW0(opcode)   ((uint32_t)(opcode) << 23)

/* Command fields (Mesa genxml, see docs/spec-decisions.md). */
#define GTREF_SDI_STORE_QWORD  (1u << 21)
#define GTREF_SDI_USE_GGTT     (1u << 22)
#define GTREF_BBS_PPGTT        (1u << 8)
#define GTREF_BBS_2ND_LEVEL    (1u << 22)
#define GTREF_LRI_BWD_SHIFT    8           /* Byte Write Disables DW0[11:8] */
#define GTREF_LRI_OFFSET_MASK  0x007FFFFCu /* register offset DW[22:2] */

/* The definition matching dw0, or NULL when the opcode is not one the kit implements. */
const gtref_cmd_def *gtref_cmd_find(uint32_t dw0);
const gtref_cmd_def *gtref_cmd_by_name(const char *name);
/* Total length in dwords that dw0 declares (1 for fixed-length commands). */
unsigned gtref_cmd_length(const gtref_cmd_def *c, uint32_t dw0);
/* Whether a command with this DW0 is legal: length in range and field rules (SDI qword bit vs
 * length, LRI pairs). Every rule is decided from DW0 alone (docs/cycle-contract.md §4), so the parser
 * can reject a command before fetching the rest. On failure, writes a reason into why (may be NULL). */
int gtref_cmd_legal(const gtref_cmd_def *c, uint32_t dw0, char *why, size_t whysz);
/* One-line disassembly of a command: "MI_STORE_DATA_IMM addr=0x20000 data=0xdeadbeef".
 * n is the number of dwords available. Returns the number of characters written. */
int gtref_cmd_format(const uint32_t *dw, unsigned n, int engines, char *buf, size_t sz);
/* Parse one line of command text as gtref_cmd_format prints it (and `DW 0x...` raw dwords) into
 * dwords. Returns the number of dwords (<= max), or -1 with a message in err. */
int gtref_cmd_parse(const char *line, int engines, uint32_t *dw, unsigned max, char *err, size_t errsz);
#endif
