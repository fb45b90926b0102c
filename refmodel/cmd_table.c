/* The command table (include/gtref/cmds.h): every command and field, described once.
 * Encodings: KBL-CMD digest Appendix A ([EXT] Mesa gen9.xml, Linux i915): A.1 opcodes and lengths,
 * A.2 fields, A.3 MI_ATOMIC opcodes, A.4 MI_MATH, A.5 i915 cross-check. Engine restrictions: the
 * digest's "engine" column and docs/spec-decisions.md C12. Behaviour of each command: docs/commands.md. */
#include "gtref/cmds.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <threads.h>

#define A1 "KBL-CMD digest A.1 [EXT]"
#define A2 "KBL-CMD digest A.2 [EXT]"
#define G11 "genxml gen11.xml [EXT rank 1]"
#define K3D "KBL-CMD "

#define MI(op) 0xFF800000u, ((uint32_t)(op) << 23)
#define GFX(sub, op, subop) 0xFFFF0000u, (0x3u << 29 | (uint32_t)(sub) << 27 | (uint32_t)(op) << 24 | (uint32_t)(subop) << 16)
#define MATCH_VAL_(mask, val) (val)
#define MATCH_VAL(...) MATCH_VAL_(__VA_ARGS__)
#define CMD(n, match, lb, bias, mn, mx, rule, eng, mod, gs, gz, src) \
    [GTREF_CMD_##n] = { #n, GTREF_CMD_##n, match, (uint8_t)(MATCH_VAL(match) >> 29), \
                        (uint8_t)((MATCH_VAL(match) >> 23) & 0x3Fu), lb, bias, mn, mx, GTREF_LEN_##rule, eng, mod, gs, gz, src }
#define R GTREF_ENG_RCS
#define RB (GTREF_ENG_RCS | GTREF_ENG_BCS)
#define NR (GTREF_ENG_BCS | GTREF_ENG_VCS | GTREF_ENG_VECS)
#define ALL GTREF_ENG_ALL

/* modelled = 1 for the commands the model and the RTL both implement (docs/commands.md §1). */
const gtref_cmd_def gtref_cmds[GTREF_CMD_COUNT] = {
    CMD(MI_NOOP,               MI(0x00), 0, 1, 1, 1, RANGE, ALL, 1, 0, 0, A1 " opcode 0x00, 1 DW"),
    CMD(MI_SET_PREDICATE,      MI(0x01), 0, 1, 1, 1, RANGE, ALL, 1, 0, 0, A1 " opcode 0x01, 1 DW"),
    CMD(MI_USER_INTERRUPT,     MI(0x02), 0, 1, 1, 1, RANGE, ALL, 1, 0, 0, A1 " opcode 0x02, 1 DW"),
    CMD(MI_WAIT_FOR_EVENT,     MI(0x03), 0, 1, 1, 1, RANGE, RB, 1, 0, 0, A1 " opcode 0x03, 1 DW, render/blitter"),
    CMD(MI_WAIT_FOR_EVENT_2,   MI(0x04), 0, 1, 1, 1, RANGE, RB, 0, 0, 0, G11 " opcode 0x04, 1 DW (new on Gen11; C34)"),
    CMD(MI_ARB_CHECK,          MI(0x05), 0, 1, 1, 1, RANGE, ALL, 1, 0, 0, A1 " opcode 0x05, 1 DW"),
    CMD(MI_RS_CONTROL,         MI(0x06), 0, 1, 1, 1, RANGE, R, 0, 0, 0, A1 " opcode 0x06, 1 DW, render"),
    CMD(MI_REPORT_HEAD,        MI(0x07), 0, 1, 1, 1, RANGE, ALL, 1, 0, 0, A1 " opcode 0x07, 1 DW"),
    CMD(MI_ARB_ON_OFF,         MI(0x08), 0, 1, 1, 1, RANGE, ALL, 1, 0, 0, A1 " opcode 0x08, 1 DW"),
    CMD(MI_BATCH_BUFFER_END,   MI(0x0A), 0, 1, 1, 1, RANGE, ALL, 1, 0, 0, A1 " opcode 0x0A, 1 DW"),
    CMD(MI_SUSPEND_FLUSH,      MI(0x0B), 0, 1, 1, 1, RANGE, ALL, 0, 0, 0, A1 " opcode 0x0B, 1 DW"),
    CMD(MI_PREDICATE,          MI(0x0C), 0, 1, 1, 1, RANGE, ALL, 1, 0, 0, A1 " opcode 0x0C, 1 DW"),
    CMD(MI_TOPOLOGY_FILTER,    MI(0x0D), 0, 1, 1, 1, RANGE, R, 0, 0, 0, A1 " opcode 0x0D, 1 DW, render"),
    CMD(MI_RS_CONTEXT,         MI(0x0F), 0, 1, 1, 1, RANGE, R, 0, 0, 0, A1 " opcode 0x0F, 1 DW, render"),
    CMD(MI_LOAD_SCAN_LINES_INCL, MI(0x12), 6, 2, 2, 2, RANGE, R, 0, 0, 0, A1 " opcode 0x12, DWL[5:0]+2, render"),
    CMD(MI_LOAD_SCAN_LINES_EXCL, MI(0x13), 6, 2, 2, 2, RANGE, R, 0, 0, 0, A1 " opcode 0x13, DWL[5:0]+2, render"),
    CMD(MI_DISPLAY_FLIP,       MI(0x14), 8, 2, 3, 4, RANGE, RB, 0, 0, 0, A1 " opcode 0x14, DWL[7:0]+2, 3 DW (4 with the left-eye address)"),
    CMD(MI_SET_CONTEXT,        MI(0x18), 8, 2, 2, 2, RANGE, R, 0, 0, 0, A1 " opcode 0x18, DWL[7:0]+2; render only: genxml gen11.xml (C12)"),
    CMD(MI_MATH,               MI(0x1A), 8, 2, 2, 257, RANGE, ALL, 1, 1, 1, A1 " opcode 0x1A, DWL[7:0]+2; A.4 one ALU instruction per DW"),
    CMD(MI_SEMAPHORE_SIGNAL,   MI(0x1B), 8, 2, 2, 2, RANGE, ALL, 1, 0, 0, A1 " opcode 0x1B, DWL[7:0]+2"),
    CMD(MI_SEMAPHORE_WAIT,     MI(0x1C), 8, 2, 4, 4, RANGE, ALL, 1, 0, 0, A1 " opcode 0x1C, DWL[7:0]+2, 4 DW"),
    CMD(MI_FORCE_WAKEUP,       MI(0x1D), 8, 2, 2, 2, RANGE, ALL, 0, 0, 0, A1 " opcode 0x1D, DWL[7:0]+2"),
    CMD(MI_STORE_DATA_IMM,     MI(0x20), 10, 2, 4, 1025, SDI, ALL, 1, 0, 0, A1 " opcode 0x20, DWL[9:0]+2; A.5 dword 4 DW, qword 5 DW; C35 (Gen11: consecutive dwords or qwords)"),
    CMD(MI_STORE_DATA_INDEX,   MI(0x21), 8, 2, 3, 4, SDX, ALL, 1, 0, 0, A1 " opcode 0x21, DWL[7:0]+2; A.2 Data DWord 1 at DW3"),
    CMD(MI_LOAD_REGISTER_IMM,  MI(0x22), 8, 2, 3, 257, PAIRS, ALL, 1, 1, 2, A1 " opcode 0x22, DWL[7:0]+2, 1 + 2n DW, n <= 128 (C36)"),
    CMD(MI_STORE_REGISTER_MEM, MI(0x24), 8, 2, 4, 4, RANGE, ALL, 1, 0, 0, A1 " opcode 0x24, DWL[7:0]+2, 4 DW"),
    CMD(MI_FLUSH_DW,           MI(0x26), 6, 2, 4, 5, RANGE, NR, 1, 0, 0, A1 " opcode 0x26, DWL[5:0]+2; A.5 i915 MI_FLUSH_DW+1 = 4 DW, Mesa 5 DW"),
    CMD(MI_CLFLUSH,            MI(0x27), 10, 2, 3, 1025, RANGE, R, 0, 3, 1, A1 " opcode 0x27, DWL[9:0]+2, render"),
    CMD(MI_REPORT_PERF_COUNT,  MI(0x28), 6, 2, 4, 4, RANGE, R, 0, 0, 0, A1 " opcode 0x28, DWL[5:0]+2, render"),
    CMD(MI_LOAD_REGISTER_MEM,  MI(0x29), 8, 2, 4, 4, RANGE, ALL, 1, 0, 0, A1 " opcode 0x29, DWL[7:0]+2, 4 DW"),
    CMD(MI_LOAD_REGISTER_REG,  MI(0x2A), 8, 2, 3, 3, RANGE, ALL, 1, 0, 0, A1 " opcode 0x2A, DWL[7:0]+2, 3 DW"),
    CMD(MI_RS_STORE_DATA_IMM,  MI(0x2B), 8, 2, 4, 4, RANGE, R, 0, 0, 0, A1 " opcode 0x2B, DWL[7:0]+2, render"),
    CMD(MI_COPY_MEM_MEM,       MI(0x2E), 8, 2, 5, 5, RANGE, ALL, 1, 0, 0, A1 " opcode 0x2E, DWL[7:0]+2, 5 DW"),
    CMD(MI_ATOMIC,             MI(0x2F), 8, 2, 3, 11, ATOMIC, ALL, 1, 0, 0, A1 " opcode 0x2F, DWL[7:0]+2; A.3 3 DW; inline 5/7 or 11 DW (C28)"),
    CMD(MI_BATCH_BUFFER_START, MI(0x31), 8, 2, 3, 3, RANGE, ALL, 1, 0, 0, A1 " opcode 0x31, DWL[7:0]+2, 3 DW"),
    CMD(MI_CONDITIONAL_BATCH_BUFFER_END, MI(0x36), 8, 2, 4, 4, RANGE, ALL, 1, 0, 0, A1 " opcode 0x36, DWL[7:0]+2, 4 DW"),
    CMD(PIPE_CONTROL,          GFX(3, 2, 0), 8, 2, 6, 6, RANGE, R, 1, 0, 0, A2 " PIPE_CONTROL type 3/3/2/0, DWL[7:0]+2, 6 DW, render"),
    CMD(PIPELINE_SELECT,       GFX(1, 1, 4), 0, 1, 1, 1, RANGE, R, 0, 0, 0, A2 " PIPELINE_SELECT type 3/1/1/4, 1 DW, render"),
    CMD(STATE_BASE_ADDRESS,    GFX(0, 1, 1), 8, 2, 22, 22, RANGE, R, 0, 0, 0, "ICL-RCS L2427; genxml gen11.xml [EXT rank 1] STATE_BASE_ADDRESS type 3/0/1/1, 22 DW on Gen11 (19 on Gen9), render"),
    CMD(STATE_SIP,             GFX(0, 1, 2), 8, 2, 3, 3, RANGE, R, 0, 0, 0, A2 " STATE_SIP type 3/0/1/2, 3 DW, render"),
    /* KBL-CMD §1.2 (volume lines below): opcode, sub-opcode, DWord Length width and default (fixed length) or
     * range (variable length); render only; not modelled (docs/spec-decisions.md C29). */
    CMD(3DPRIMITIVE, GFX(3, 3, 0x00), 8, 2, 7, 7, RANGE, R, 0, 0, 0, K3D "L1250-1477"),
    CMD(3DSTATE_AA_LINE_PARAMETERS, GFX(3, 1, 0x0A), 8, 2, 3, 3, RANGE, R, 0, 0, 0, K3D "L1478-1540"),
    CMD(3DSTATE_BINDING_TABLE_EDIT_DS, GFX(3, 0, 0x46), 9, 2, 2, 258, RANGE, R, 0, 0, 0, K3D "L1541-1622"),
    CMD(3DSTATE_BINDING_TABLE_EDIT_GS, GFX(3, 0, 0x44), 9, 2, 2, 258, RANGE, R, 0, 0, 0, K3D "L1623-1704"),
    CMD(3DSTATE_BINDING_TABLE_EDIT_HS, GFX(3, 0, 0x45), 9, 2, 2, 258, RANGE, R, 0, 0, 0, K3D "L1705-1795"),
    CMD(3DSTATE_BINDING_TABLE_EDIT_PS, GFX(3, 0, 0x47), 9, 2, 2, 258, RANGE, R, 0, 0, 0, K3D "L1796-1877"),
    CMD(3DSTATE_BINDING_TABLE_EDIT_VS, GFX(3, 0, 0x43), 9, 2, 2, 258, RANGE, R, 0, 0, 0, K3D "L1878-1956"),
    CMD(3DSTATE_BINDING_TABLE_POINTERS_DS, GFX(3, 0, 0x28), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L1957-2031"),
    CMD(3DSTATE_BINDING_TABLE_POINTERS_GS, GFX(3, 0, 0x29), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L2032-2083"),
    CMD(3DSTATE_BINDING_TABLE_POINTERS_HS, GFX(3, 0, 0x27), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L2084-2144"),
    CMD(3DSTATE_BINDING_TABLE_POINTERS_PS, GFX(3, 0, 0x2A), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L2145-2206"),
    CMD(3DSTATE_BINDING_TABLE_POINTERS_VS, GFX(3, 0, 0x26), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L2207-2260"),
    CMD(3DSTATE_BINDING_TABLE_POOL_ALLOC, GFX(3, 1, 0x19), 8, 2, 4, 4, RANGE, R, 0, 0, 0, K3D "L2261-2347"),
    CMD(3DSTATE_BLEND_STATE_POINTERS, GFX(3, 0, 0x24), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L2348-2382"),
    CMD(3DSTATE_CC_STATE_POINTERS, GFX(3, 0, 0x0E), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L2383-2475"),
    CMD(3DSTATE_CHROMA_KEY, GFX(3, 1, 0x04), 8, 2, 4, 4, RANGE, R, 0, 0, 0, K3D "L2476-2650"),
    CMD(3DSTATE_CLEAR_PARAMS, GFX(3, 0, 0x04), 8, 2, 3, 3, RANGE, R, 0, 0, 0, K3D "L2651-2711"),
    CMD(3DSTATE_CLIP, GFX(3, 0, 0x12), 8, 2, 4, 4, RANGE, R, 0, 0, 0, K3D "L2712-2981"),
    CMD(3DSTATE_CONSTANT_DS, GFX(3, 0, 0x1A), 8, 2, 11, 11, RANGE, R, 0, 0, 0, K3D "L2982-3056"),
    CMD(3DSTATE_CONSTANT_GS, GFX(3, 0, 0x16), 8, 2, 11, 11, RANGE, R, 0, 0, 0, K3D "L3057-3129"),
    CMD(3DSTATE_CONSTANT_HS, GFX(3, 0, 0x19), 8, 2, 11, 11, RANGE, R, 0, 0, 0, K3D "L3130-3202"),
    CMD(3DSTATE_CONSTANT_PS, GFX(3, 0, 0x17), 8, 2, 11, 11, RANGE, R, 0, 0, 0, K3D "L3203-3275"),
    CMD(3DSTATE_CONSTANT_VS, GFX(3, 0, 0x15), 8, 2, 11, 11, RANGE, R, 0, 0, 0, K3D "L3276-3348"),
    CMD(3DSTATE_DEPTH_BUFFER, GFX(3, 0, 0x05), 8, 2, 8, 8, RANGE, R, 0, 0, 0, K3D "L3349-3840"),
    CMD(3DSTATE_DRAWING_RECTANGLE, GFX(3, 1, 0x00), 8, 2, 4, 4, RANGE, R, 0, 0, 0, K3D "L3841-4032"),
    CMD(3DSTATE_DS, GFX(3, 0, 0x1D), 8, 2, 11, 11, RANGE, R, 0, 0, 0, K3D "L4033-4389"),
    CMD(3DSTATE_DX9_CONSTANT_BUFFER_POOL_ALLOC, GFX(3, 1, 0x1B), 8, 2, 4, 4, RANGE, R, 0, 0, 0, K3D "L4390-4501"),
    CMD(3DSTATE_DX9_CONSTANTB_PS, GFX(3, 0, 0x3E), 8, 2, 2, 18, RANGE, R, 0, 0, 0, K3D "L4502-4568"),
    CMD(3DSTATE_DX9_CONSTANTB_VS, GFX(3, 0, 0x3D), 8, 2, 2, 18, RANGE, R, 0, 0, 0, K3D "L4569-4646"),
    CMD(3DSTATE_DX9_CONSTANTF_PS, GFX(3, 0, 0x3A), 11, 2, 3, 1026, RANGE, R, 0, 0, 0, K3D "L4647-4743"),
    CMD(3DSTATE_DX9_CONSTANTF_VS, GFX(3, 0, 0x39), 11, 2, 3, 1026, RANGE, R, 0, 0, 0, K3D "L4744-4842"),
    CMD(3DSTATE_DX9_CONSTANTI_PS, GFX(3, 0, 0x3C), 8, 2, 2, 130, RANGE, R, 0, 0, 0, K3D "L4843-4930"),
    CMD(3DSTATE_DX9_CONSTANTI_VS, GFX(3, 0, 0x3B), 8, 2, 2, 130, RANGE, R, 0, 0, 0, K3D "L4931-5026"),
    CMD(3DSTATE_DX9_GENERATE_ACTIVE_PS, GFX(3, 0, 0x42), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L5027-5175"),
    CMD(3DSTATE_DX9_GENERATE_ACTIVE_VS, GFX(3, 0, 0x41), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L5176-5341"),
    CMD(3DSTATE_DX9_LOCAL_VALID_PS, GFX(3, 0, 0x40), 8, 2, 11, 11, RANGE, R, 0, 0, 0, K3D "L5342-5476"),
    CMD(3DSTATE_DX9_LOCAL_VALID_VS, GFX(3, 0, 0x3F), 8, 2, 11, 11, RANGE, R, 0, 0, 0, K3D "L5477-5579"),
    CMD(3DSTATE_GATHER_CONSTANT_DS, GFX(3, 0, 0x37), 8, 2, 3, 130, RANGE, R, 0, 0, 0, K3D "L5580-5704"),
    CMD(3DSTATE_GATHER_CONSTANT_GS, GFX(3, 0, 0x35), 8, 2, 3, 130, RANGE, R, 0, 0, 0, K3D "L5705-5828"),
    CMD(3DSTATE_GATHER_CONSTANT_HS, GFX(3, 0, 0x36), 8, 2, 3, 130, RANGE, R, 0, 0, 0, K3D "L5829-5974"),
    CMD(3DSTATE_GATHER_CONSTANT_PS, GFX(3, 0, 0x38), 8, 2, 3, 130, RANGE, R, 0, 0, 0, K3D "L5975-6117"),
    CMD(3DSTATE_GATHER_CONSTANT_VS, GFX(3, 0, 0x34), 8, 2, 3, 130, RANGE, R, 0, 0, 0, K3D "L6118-6284"),
    CMD(3DSTATE_GATHER_POOL_ALLOC, GFX(3, 1, 0x1A), 8, 2, 4, 4, RANGE, R, 0, 0, 0, K3D "L6285-6365"),
    CMD(3DSTATE_GS, GFX(3, 0, 0x11), 8, 2, 10, 10, RANGE, R, 0, 0, 0, K3D "L6366-6996"),
    CMD(3DSTATE_HIER_DEPTH_BUFFER, GFX(3, 0, 0x07), 8, 2, 5, 5, RANGE, R, 0, 0, 0, K3D "L6997-7105"),
    CMD(3DSTATE_HS, GFX(3, 0, 0x1B), 8, 2, 9, 9, RANGE, R, 0, 0, 0, K3D "L7106-7557"),
    CMD(3DSTATE_INDEX_BUFFER, GFX(3, 0, 0x0A), 8, 2, 5, 5, RANGE, R, 0, 0, 0, K3D "L7558-7715"),
    CMD(3DSTATE_LINE_STIPPLE, GFX(3, 1, 0x08), 8, 2, 3, 3, RANGE, R, 0, 0, 0, K3D "L7716-7808"),
    CMD(3DSTATE_MONOFILTER_SIZE, GFX(3, 1, 0x11), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L7809-7864"),
    CMD(3DSTATE_MULTISAMPLE, GFX(3, 0, 0x0D), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L7865-8034"),
    CMD(3DSTATE_POLY_STIPPLE_OFFSET, GFX(3, 1, 0x06), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L8035-8110"),
    CMD(3DSTATE_POLY_STIPPLE_PATTERN, GFX(3, 1, 0x07), 8, 2, 33, 33, RANGE, R, 0, 0, 0, K3D "L8111-8150"),
    CMD(3DSTATE_PS_BLEND, GFX(3, 0, 0x4D), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L8151-8308"),
    CMD(3DSTATE_PS, GFX(3, 0, 0x20), 8, 2, 12, 12, RANGE, R, 0, 0, 0, K3D "L8309-8636"),
    CMD(3DSTATE_PS_EXTRA, GFX(3, 0, 0x4F), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L8637-8866"),
    CMD(3DSTATE_PUSH_CONSTANT_ALLOC_DS, GFX(3, 1, 0x14), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L8867-8939"),
    CMD(3DSTATE_PUSH_CONSTANT_ALLOC_GS, GFX(3, 1, 0x15), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L8940-9027"),
    CMD(3DSTATE_PUSH_CONSTANT_ALLOC_HS, GFX(3, 1, 0x13), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L9028-9108"),
    CMD(3DSTATE_PUSH_CONSTANT_ALLOC_PS, GFX(3, 1, 0x16), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L9109-9206"),
    CMD(3DSTATE_PUSH_CONSTANT_ALLOC_VS, GFX(3, 1, 0x12), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L9207-9288"),
    CMD(3DSTATE_RASTER, GFX(3, 0, 0x50), 8, 2, 5, 5, RANGE, R, 0, 0, 0, K3D "L9289-9661"),
    CMD(3DSTATE_RS_CONSTANT_POINTER, GFX(3, 0, 0x54), 8, 2, 4, 4, RANGE, R, 0, 0, 0, K3D "L9662-9766"),
    CMD(3DSTATE_SAMPLE_MASK, GFX(3, 0, 0x18), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L9767-9823"),
    CMD(3DSTATE_SAMPLE_PATTERN, GFX(3, 1, 0x1C), 8, 2, 9, 9, RANGE, R, 0, 0, 0, K3D "L9824-10282"),
    CMD(3DSTATE_SAMPLER_PALETTE_LOAD0, GFX(3, 1, 0x02), 8, 2, 2, 257, RANGE, R, 0, 0, 0, K3D "L10283-10315"),
    CMD(3DSTATE_SAMPLER_PALETTE_LOAD1, GFX(3, 1, 0x0C), 8, 2, 2, 257, RANGE, R, 0, 0, 0, K3D "L10316-10375"),
    CMD(3DSTATE_SAMPLER_STATE_POINTERS_DS, GFX(3, 0, 0x2D), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L10376-10455"),
    CMD(3DSTATE_SAMPLER_STATE_POINTERS_GS, GFX(3, 0, 0x2E), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L10456-10537"),
    CMD(3DSTATE_SAMPLER_STATE_POINTERS_HS, GFX(3, 0, 0x2C), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L10538-10617"),
    CMD(3DSTATE_SAMPLER_STATE_POINTERS_PS, GFX(3, 0, 0x2F), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L10618-10697"),
    CMD(3DSTATE_SAMPLER_STATE_POINTERS_VS, GFX(3, 0, 0x2B), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L10698-10777"),
    CMD(3DSTATE_SBE, GFX(3, 0, 0x1F), 8, 2, 6, 6, RANGE, R, 0, 0, 0, K3D "L10778-11204"),
    CMD(3DSTATE_SBE_SWIZ, GFX(3, 0, 0x51), 8, 2, 11, 11, RANGE, R, 0, 0, 0, K3D "L11205-11273"),
    CMD(3DSTATE_SCISSOR_STATE_POINTERS, GFX(3, 0, 0x0F), 8, 2, 2, 2, RANGE, R, 0, 0, 0, K3D "L11274-11329"),
    CMD(3DSTATE_SF, GFX(3, 0, 0x13), 8, 2, 4, 4, RANGE, R, 0, 0, 0, K3D "L11330-11579"),
    CMD(3DSTATE_SO_BUFFER, GFX(3, 1, 0x18), 8, 2, 8, 8, RANGE, R, 0, 0, 0, K3D "L11580-11734"),
    CMD(3DSTATE_SO_DECL_LIST, GFX(3, 1, 0x17), 9, 2, 3, 259, RANGE, R, 0, 0, 0, K3D "L11735-11857"),
    CMD(3DSTATE_STENCIL_BUFFER, GFX(3, 0, 0x06), 8, 2, 5, 5, RANGE, R, 0, 0, 0, K3D "L11858-11974"),
    CMD(3DSTATE_STREAMOUT, GFX(3, 0, 0x1E), 8, 2, 5, 5, RANGE, R, 0, 0, 0, K3D "L11975-12137"),
};

/* ---- enumerations ---- */

static const char *const set_predicate_enable[16] = {
    "NOOP_NEVER", "NOOP_ON_RESULT2_CLEAR", "NOOP_ON_RESULT2_SET", "NOOP_ON_RESULT_CLEAR", "NOOP_ON_RESULT_SET",
    "EXECUTE_ONE_SLICE", "EXECUTE_TWO_SLICES", "EXECUTE_THREE_SLICES", [15] = "NOOP_ALWAYS" };
static const char *const predicate_compare[4] = { "TRUE", "FALSE", "SRCS_EQUAL", "DELTAS_EQUAL" };
static const char *const predicate_combine[4] = { "SET", "AND", "OR", "XOR" };
static const char *const predicate_load[4] = { "KEEP", NULL, "LOAD", "LOADINV" };
static const char *const sem_compare[6] = { "SAD_GT_SDD", "SAD_GTE_SDD", "SAD_LT_SDD", "SAD_LTE_SDD", "SAD_EQ_SDD", "SAD_NEQ_SDD" };
static const char *const sem_target[15] = { "RCS", "VCS0", "BCS", "VECS", "VCS1", NULL, "VCS2", "VCS3", "VCS4",
                                            "VCS5", "VCS6", "VCS7", "VECS1", "VECS2", "VECS3" };
static const char *const atomic_size[3] = { "DWORD", "QWORD", "OCTWORD" };
static const char *const atomic_op[0x50] = {
    [0x01] = "AND", [0x02] = "OR", [0x03] = "XOR", [0x04] = "MOVE", [0x05] = "INC", [0x06] = "DEC", [0x07] = "ADD",
    [0x08] = "SUB", [0x09] = "RSUB", [0x0A] = "IMAX", [0x0B] = "IMIN", [0x0C] = "UMAX", [0x0D] = "UMIN",
    [0x0E] = "CMP_WR", [0x0F] = "PREDEC", [0x21] = "AND8B", [0x22] = "OR8B", [0x23] = "XOR8B", [0x24] = "MOVE8B",
    [0x25] = "INC8B", [0x26] = "DEC8B", [0x27] = "ADD8B", [0x28] = "SUB8B", [0x29] = "RSUB8B", [0x2A] = "IMAX8B",
    [0x2B] = "IMIN8B", [0x2C] = "UMAX8B", [0x2D] = "UMIN8B", [0x2E] = "CMP_WR8B", [0x2F] = "PREDEC8B",
    [0x4E] = "CMP_WR16B" };
static const char *const flush_post_sync[4] = { "NONE", "WRITE_IMM", NULL, "TIMESTAMP" };
static const char *const pc_post_sync[4] = { "NONE", "WRITE_IMM", "PS_DEPTH_COUNT", "TIMESTAMP" };
static const char *const pipeline[3] = { "3D", "MEDIA", "GPGPU" };
static const char *const alu_ops[0x600] = {
    [GTREF_ALU_NOOP] = "NOOP", [GTREF_ALU_LOAD] = "LOAD", [GTREF_ALU_LOADINV] = "LOADINV",
    [GTREF_ALU_LOAD0] = "LOAD0", [GTREF_ALU_LOAD1] = "LOAD1", [GTREF_ALU_ADD] = "ADD", [GTREF_ALU_SUB] = "SUB",
    [GTREF_ALU_AND] = "AND", [GTREF_ALU_OR] = "OR", [GTREF_ALU_XOR] = "XOR", [GTREF_ALU_STORE] = "STORE",
    [GTREF_ALU_STOREINV] = "STOREINV" };
static const char *const alu_operands[0x34] = {
    "R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15",
    [GTREF_ALU_SRCA] = "SRCA", [GTREF_ALU_SRCB] = "SRCB", [GTREF_ALU_ACCU] = "ACCU", [GTREF_ALU_ZF] = "ZF",
    [GTREF_ALU_CF] = "CF" };

#define NV(a) a, (uint16_t)(sizeof a / sizeof a[0])
#define FLD(c, f, key, spec, lo, hi, kind, grp, vals, src) \
    [GTREF_F_##c##_##f] = { GTREF_F_##c##_##f, GTREF_CMD_##c, key, spec, lo, hi, GTREF_FK_##kind, grp, vals, src }
#define NOVALS NULL, 0
#define F(c, f, key, spec, lo, hi, kind) FLD(c, f, key, spec, lo, hi, kind, 0, NOVALS, A2 " " #c)
#define FE(c, f, key, spec, lo, hi, vals) FLD(c, f, key, spec, lo, hi, ENUM, 0, NV(vals), A2 " " #c)
#define G(c, f, key, spec, lo, hi, kind) FLD(c, f, key, spec, lo, hi, kind, 1, NOVALS, A2 " " #c)
#define G11X "genxml gen11.xml [EXT rank 1]"
#define F11(c, f, key, spec, lo, hi, kind) FLD(c, f, key, spec, lo, hi, kind, 0, NOVALS, G11X " " #c)
#define GE(c, f, key, spec, lo, hi, vals) FLD(c, f, key, spec, lo, hi, ENUM, 1, NV(vals), "KBL-CMD digest A.4 [EXT] " #c)

const gtref_field_def gtref_fields[GTREF_F_COUNT] = {
    F(MI_NOOP, NOPID, "nopid", "Identification Number", 0, 21, UINT),
    F(MI_NOOP, NOPID_WRITE, "write_nopid", "Identification Number Register Write Enable", 22, 22, BOOL),
    FE(MI_SET_PREDICATE, ENABLE, "enable", "PREDICATE ENABLE", 0, 3, set_predicate_enable),
    F(MI_WAIT_FOR_EVENT, WAIT_ENABLES, "wait", "Display Plane Flip Pending / Scan Line / Vertical Blank Wait Enables", 0, 21, UINT),
    F11(MI_WAIT_FOR_EVENT_2, FLIP_WAIT, "flip_wait", "Display Plane Flip Pending Wait Enable", 0, 5, UINT),
    F11(MI_WAIT_FOR_EVENT_2, VBLANK_WAIT, "vblank_wait", "Display Pipe Vertical Blank Wait Enable", 8, 10, UINT),
    F11(MI_WAIT_FOR_EVENT_2, SCANLINE_WAIT, "scanline_wait", "Display Pipe Scan Line Wait Enable", 12, 14, UINT),
    F(MI_RS_CONTROL, START, "start", "Resource Streamer Control", 0, 0, BOOL),
    F(MI_ARB_ON_OFF, ENABLE, "enable", "Arbitration Enable", 0, 0, BOOL),
    F11(MI_ARB_ON_OFF, LITE_RESTORE, "lite_restore", "Allow Lite Restore", 1, 1, BOOL),
    F11(MI_BATCH_BUFFER_END, END_CONTEXT, "end_context", "End Context", 0, 0, BOOL),
    F(MI_SUSPEND_FLUSH, SUSPEND, "suspend", "Suspend Flush", 0, 0, BOOL),
    FE(MI_PREDICATE, COMPARE, "compare", "Compare Operation", 0, 1, predicate_compare),
    FE(MI_PREDICATE, COMBINE, "combine", "Combine Operation", 3, 4, predicate_combine),
    FE(MI_PREDICATE, LOAD, "load", "Load Operation", 6, 7, predicate_load),
    F(MI_TOPOLOGY_FILTER, VALUE, "topology", "Topology Filter Value", 0, 5, UINT),
    F(MI_RS_CONTEXT, SAVE, "save", "Resource Streamer Save", 0, 0, BOOL),
    F(MI_LOAD_SCAN_LINES_INCL, FORWARD, "forward", "Scan Line Event Done Forward", 17, 18, UINT),
    F(MI_LOAD_SCAN_LINES_INCL, PLANE, "plane", "Display (Plane) Select", 19, 21, UINT),
    F(MI_LOAD_SCAN_LINES_INCL, END, "end", "End Scan Line Number", 32, 44, UINT),
    F(MI_LOAD_SCAN_LINES_INCL, START, "start", "Start Scan Line Number", 48, 60, UINT),
    F(MI_LOAD_SCAN_LINES_EXCL, PLANE, "plane", "Display (Plane) Select", 19, 21, UINT),
    F(MI_LOAD_SCAN_LINES_EXCL, END, "end", "End Scan Line Number", 32, 44, UINT),
    F(MI_LOAD_SCAN_LINES_EXCL, START, "start", "Start Scan Line Number", 48, 60, UINT),
    F11(MI_DISPLAY_FLIP, PLANE, "plane", "Display Plane Select", 8, 13, UINT),
    F(MI_DISPLAY_FLIP, ASYNC, "async", "Async Flip Indicator", 22, 22, BOOL),
    F(MI_DISPLAY_FLIP, TILE, "tile", "Tile Parameter", 32, 34, UINT),
    F(MI_DISPLAY_FLIP, PITCH, "pitch", "Display Buffer Pitch", 38, 47, UINT),
    F(MI_DISPLAY_FLIP, STEREO, "stereo", "Stereoscopic 3D Mode", 63, 63, BOOL),
    F(MI_DISPLAY_FLIP, FLIP_TYPE, "flip", "Flip Type", 64, 65, UINT),
    F(MI_DISPLAY_FLIP, ADDR, "addr", "Display Buffer Base Address", 76, 95, ADDR),
    F(MI_SET_CONTEXT, FLAGS, "flags", "Restore Inhibit .. Reserved Must be 1 (DW1[8:0])", 32, 40, UINT),
    F(MI_SET_CONTEXT, ADDR, "addr", "Logical Context Address", 44, 63, ADDR),
    GE(MI_MATH, ALU_OP, "op", "ALU Opcode", 20, 31, alu_ops),
    GE(MI_MATH, ALU_OPERAND1, "operand1", "Operand 1", 10, 19, alu_operands),
    GE(MI_MATH, ALU_OPERAND2, "operand2", "Operand 2", 0, 9, alu_operands),
    FLD(MI_SEMAPHORE_SIGNAL, TARGET, "target", "Target Engine Select", 15, 18, ENUM, 0, NV(sem_target), G11X " MI_SEMAPHORE_SIGNAL (Gen9: [17:15]; C32)"),
    F(MI_SEMAPHORE_SIGNAL, POST_SYNC, "post_sync", "Post-Sync Operation", 21, 21, BOOL),
    F(MI_SEMAPHORE_SIGNAL, CONTEXT, "context", "Target Context ID", 32, 63, UINT),
    FE(MI_SEMAPHORE_WAIT, COMPARE, "compare", "Compare Operation", 12, 14, sem_compare),
    F(MI_SEMAPHORE_WAIT, POLL, "poll", "Wait Mode (1 = Polling Mode)", 15, 15, BOOL),
    F(MI_SEMAPHORE_WAIT, REG_POLL, "reg_poll", "Register Poll Mode", 16, 16, BOOL),
    F(MI_SEMAPHORE_WAIT, GGTT, "ggtt", "Memory Type (1 = Global Graphics Address)", 22, 22, BOOL),
    F(MI_SEMAPHORE_WAIT, DATA, "data", "Semaphore Data Dword", 32, 63, UINT),
    F(MI_SEMAPHORE_WAIT, ADDR, "addr", "Semaphore Address", 66, 127, ADDR),
    F(MI_FORCE_WAKEUP, MEDIA, "media", "Force Media Awake", 32, 32, BOOL),
    F(MI_FORCE_WAKEUP, RENDER, "render", "Force Render Awake", 33, 33, BOOL),
    F(MI_FORCE_WAKEUP, MASK, "mask", "Mask Bits", 48, 63, UINT),
    F(MI_STORE_DATA_IMM, GGTT, "ggtt", "Use Global GTT", 22, 22, BOOL),
    F(MI_STORE_DATA_IMM, QWORD, "qword", "Store Qword", 21, 21, BOOL),
    F(MI_STORE_DATA_IMM, CORE_MODE, "core_mode", "Core Mode Enable", 32, 32, BOOL),
    F(MI_STORE_DATA_IMM, ADDR, "addr", "Address", 34, 79, ADDR),
    F(MI_STORE_DATA_IMM, DATA, "data", "Immediate Data", 96, 159, UINT),
    F(MI_STORE_DATA_INDEX, PPHWSP, "pphwsp", "Use Per-Process Hardware Status Page", 21, 21, BOOL),
    F(MI_STORE_DATA_INDEX, OFFSET, "offset", "Offset", 34, 43, ADDR),
    F(MI_STORE_DATA_INDEX, DATA, "data", "Data DWord 0, Data DWord 1", 64, 127, UINT),
    F(MI_LOAD_REGISTER_IMM, BWD, "bwd", "Byte Write Disables", 8, 11, UINT),
    F11(MI_LOAD_REGISTER_IMM, CS_MMIO, "cs_mmio", "Add CS MMIO Start Offset", 19, 19, BOOL),
    G(MI_LOAD_REGISTER_IMM, REG, "reg", "Register Offset", 2, 22, REG),
    G(MI_LOAD_REGISTER_IMM, VALUE, "value", "Data DWord", 32, 63, UINT),
    F11(MI_STORE_REGISTER_MEM, CS_MMIO, "cs_mmio", "Add CS MMIO Start Offset", 19, 19, BOOL),
    F(MI_STORE_REGISTER_MEM, PREDICATE, "predicate", "Predicate Enable", 21, 21, BOOL),
    F(MI_STORE_REGISTER_MEM, GGTT, "ggtt", "Use Global GTT", 22, 22, BOOL),
    F(MI_STORE_REGISTER_MEM, REG, "reg", "Register Address", 34, 54, REG),
    F(MI_STORE_REGISTER_MEM, ADDR, "addr", "Memory Address", 66, 127, ADDR),
    F(MI_FLUSH_DW, VIDEO_INVALIDATE, "video_invalidate", "Video Pipeline Cache Invalidate", 7, 7, BOOL),
    F(MI_FLUSH_DW, NOTIFY, "notify", "Notify Enable", 8, 8, BOOL),
    F(MI_FLUSH_DW, FLUSH_LLC, "flush_llc", "Flush LLC", 9, 9, BOOL),
    FE(MI_FLUSH_DW, POST_SYNC, "post_sync", "Post-Sync Operation", 14, 15, flush_post_sync),
    F(MI_FLUSH_DW, TLB_INVALIDATE, "tlb_invalidate", "TLB Invalidate", 18, 18, BOOL),
    F(MI_FLUSH_DW, STORE_INDEX, "store_index", "Store Data Index", 21, 21, BOOL),
    F(MI_FLUSH_DW, GGTT, "ggtt", "Destination Address Type (1 = GGTT)", 34, 34, BOOL),
    F(MI_FLUSH_DW, ADDR, "addr", "Address", 35, 79, ADDR),
    F(MI_FLUSH_DW, DATA, "data", "Immediate Data", 96, 159, UINT),
    F(MI_CLFLUSH, GGTT, "ggtt", "Use Global GTT", 22, 22, BOOL),
    F(MI_CLFLUSH, LINE, "line", "Starting Cacheline Offset", 38, 43, UINT),
    F(MI_CLFLUSH, ADDR, "addr", "Page Base Address", 44, 79, ADDR),
    G(MI_CLFLUSH, HALF_LINES, "half_line", "DW Representing a Half Cache Line", 0, 31, UINT),
    F(MI_REPORT_PERF_COUNT, GGTT, "ggtt", "Use Global GTT", 32, 32, BOOL),
    F(MI_REPORT_PERF_COUNT, CORE_MODE, "core_mode", "Core Mode Enable", 36, 36, BOOL),
    F(MI_REPORT_PERF_COUNT, ADDR, "addr", "Memory Address", 38, 95, ADDR),
    F(MI_REPORT_PERF_COUNT, REPORT_ID, "report_id", "Report ID", 96, 127, UINT),
    F11(MI_LOAD_REGISTER_MEM, CS_MMIO, "cs_mmio", "Add CS MMIO Start Offset", 19, 19, BOOL),
    F11(MI_LOAD_REGISTER_MEM, LOOP_VAR, "loop_var", "Add Loop Variable", 20, 20, BOOL),
    F(MI_LOAD_REGISTER_MEM, ASYNC, "async", "Async Mode Enable", 21, 21, BOOL),
    F(MI_LOAD_REGISTER_MEM, GGTT, "ggtt", "Use Global GTT", 22, 22, BOOL),
    F(MI_LOAD_REGISTER_MEM, REG, "reg", "Register Address", 34, 54, REG),
    F(MI_LOAD_REGISTER_MEM, ADDR, "addr", "Memory Address", 66, 127, ADDR),
    F11(MI_LOAD_REGISTER_REG, CS_MMIO_SRC, "cs_mmio_src", "Add CS MMIO Start Offset Source", 18, 18, BOOL),
    F11(MI_LOAD_REGISTER_REG, CS_MMIO_DST, "cs_mmio_dst", "Add CS MMIO Start Offset Destination", 19, 19, BOOL),
    F(MI_LOAD_REGISTER_REG, SRC, "src", "Source Register Address", 34, 54, REG),
    F(MI_LOAD_REGISTER_REG, DST, "dst", "Destination Register Address", 66, 86, REG),
    F(MI_RS_STORE_DATA_IMM, CORE_MODE, "core_mode", "Core Mode Enable", 32, 32, BOOL),
    F(MI_RS_STORE_DATA_IMM, ADDR, "addr", "Destination Address", 34, 95, ADDR),
    F(MI_RS_STORE_DATA_IMM, DATA, "data", "Data DWord 0", 96, 127, UINT),
    F(MI_COPY_MEM_MEM, GGTT_DST, "ggtt_dst", "Use Global GTT Destination", 21, 21, BOOL),
    F(MI_COPY_MEM_MEM, GGTT_SRC, "ggtt_src", "Use Global GTT Source", 22, 22, BOOL),
    F(MI_COPY_MEM_MEM, DST, "dst", "Destination Memory Address", 34, 95, ADDR),
    F(MI_COPY_MEM_MEM, SRC, "src", "Source Memory Address", 98, 159, ADDR),
    FE(MI_ATOMIC, OP, "op", "ATOMIC OPCODE", 8, 15, atomic_op),
    F(MI_ATOMIC, RETURN_DATA, "return_data", "Return Data Control", 16, 16, BOOL),
    F(MI_ATOMIC, CS_STALL, "cs_stall", "CS STALL", 17, 17, BOOL),
    F(MI_ATOMIC, INLINE, "inline", "Inline Data", 18, 18, BOOL),
    FE(MI_ATOMIC, SIZE, "size", "Data Size", 19, 20, atomic_size),
    F(MI_ATOMIC, POST_SYNC, "post_sync", "Post-Sync Operation", 21, 21, BOOL),
    F(MI_ATOMIC, GGTT, "ggtt", "Memory Type (1 = Global Graphics Address)", 22, 22, BOOL),
    F(MI_ATOMIC, ADDR, "addr", "Memory Address", 34, 79, ADDR),
    F(MI_ATOMIC, OPERAND1_0, "op1_0", "Operand1 Data Dword 0", 96, 127, UINT),
    F(MI_ATOMIC, OPERAND2_0, "op2_0", "Operand2 Data Dword 0", 128, 159, UINT),
    F(MI_ATOMIC, OPERAND1_1, "op1_1", "Operand1 Data Dword 1", 160, 191, UINT),
    F(MI_ATOMIC, OPERAND2_1, "op2_1", "Operand2 Data Dword 1", 192, 223, UINT),
    F(MI_ATOMIC, OPERAND1_2, "op1_2", "Operand1 Data Dword 2", 224, 255, UINT),
    F(MI_ATOMIC, OPERAND2_2, "op2_2", "Operand2 Data Dword 2", 256, 287, UINT),
    F(MI_ATOMIC, OPERAND1_3, "op1_3", "Operand1 Data Dword 3", 288, 319, UINT),
    F(MI_ATOMIC, OPERAND2_3, "op2_3", "Operand2 Data Dword 3", 320, 351, UINT),
    F(MI_BATCH_BUFFER_START, PPGTT, "ppgtt", "Address Space Indicator (1 = PPGTT)", 8, 8, BOOL),
    F(MI_BATCH_BUFFER_START, RS_ENABLE, "rs_enable", "Resource Streamer Enable", 10, 10, BOOL),
    F(MI_BATCH_BUFFER_START, PREDICATE, "predicate", "Predication Enable", 15, 15, BOOL),
    F(MI_BATCH_BUFFER_START, SECOND, "second", "Second Level Batch Buffer", 22, 22, BOOL),
    F(MI_BATCH_BUFFER_START, ADDR, "addr", "Batch Buffer Start Address", 34, 95, ADDR),
    F(MI_CONDITIONAL_BATCH_BUFFER_END, MASK_MODE, "mask_mode", "Compare Mask Mode", 19, 19, BOOL),
    F(MI_CONDITIONAL_BATCH_BUFFER_END, SEMAPHORE, "semaphore", "Compare Semaphore", 21, 21, BOOL),
    F(MI_CONDITIONAL_BATCH_BUFFER_END, GGTT, "ggtt", "Use Global GTT", 22, 22, BOOL),
    F(MI_CONDITIONAL_BATCH_BUFFER_END, DATA, "data", "Compare Data Dword", 32, 63, UINT),
    F(MI_CONDITIONAL_BATCH_BUFFER_END, ADDR, "addr", "Compare Address", 67, 127, ADDR),
    F11(PIPE_CONTROL, HDC_FLUSH, "hdc_flush", "HDC Pipeline Flush Enable (DW0[9])", 9, 9, BOOL),
    F(PIPE_CONTROL, CACHE_BITS, "flush", "Depth Cache Flush .. Pipe Control Flush Enable (DW1[7:0])", 32, 39, UINT),
    F(PIPE_CONTROL, NOTIFY, "notify", "Notify Enable", 40, 40, BOOL),
    F(PIPE_CONTROL, CACHE_BITS_HI, "flush_hi", "Indirect State Pointers Disable .. Depth Stall (DW1[13:9])", 41, 45, UINT),
    FE(PIPE_CONTROL, POST_SYNC, "post_sync", "Post Sync Operation", 46, 47, pc_post_sync),
    F(PIPE_CONTROL, MEDIA_CLEAR, "media_clear", "Generic Media State Clear", 48, 48, BOOL),
    F(PIPE_CONTROL, TLB_INVALIDATE, "tlb_invalidate", "TLB Invalidate", 50, 50, BOOL),
    F(PIPE_CONTROL, SNAPSHOT_RESET, "snapshot_reset", "Global Snapshot Count Reset", 51, 51, BOOL),
    F(PIPE_CONTROL, CS_STALL, "cs_stall", "Command Streamer Stall Enable", 52, 52, BOOL),
    F(PIPE_CONTROL, STORE_INDEX, "store_index", "Store Data Index", 53, 53, BOOL),
    F(PIPE_CONTROL, LRI_POST_SYNC, "lri_post_sync", "LRI Post Sync Operation", 55, 55, BOOL),
    F(PIPE_CONTROL, GGTT, "ggtt", "Destination Address Type (1 = GGTT)", 56, 56, BOOL),
    F(PIPE_CONTROL, FLUSH_LLC, "flush_llc", "Flush LLC", 58, 58, BOOL),
    F(PIPE_CONTROL, FLUSH_L3, "flush_l3", "FLUSH_L3 (A.5 i915 only)", 59, 59, BOOL),
    F(PIPE_CONTROL, ADDR, "addr", "Address", 66, 111, ADDR),
    F(PIPE_CONTROL, DATA, "data", "Immediate Data", 128, 191, UINT),
    FE(PIPELINE_SELECT, SELECT, "select", "Pipeline Selection", 0, 1, pipeline),
    F(PIPELINE_SELECT, FLAGS, "flags", "Media Sampler DOP Clock Gate Enable, Force Media Awake", 4, 5, UINT),
    F(PIPELINE_SELECT, MASK, "mask", "Mask Bits", 8, 15, UINT),
    F(STATE_SIP, SIP, "sip", "System Instruction Pointer", 36, 95, ADDR),
};

const char *gtref_alu_op_name(unsigned op)
{
    return op < sizeof alu_ops / sizeof alu_ops[0] ? alu_ops[op] : NULL;
}

const char *gtref_alu_operand_name(unsigned operand)
{
    return operand < sizeof alu_operands / sizeof alu_operands[0] ? alu_operands[operand] : NULL;
}

/* ---- lookup, length, legality ---- */

/* MI commands by opcode (DW0[28:23]): the index + 1 of the first table entry that matches on the opcode alone, 0 for
 * none. Built once; the table is constant. */
static uint8_t mi_by_opcode[64];
static once_flag mi_once = ONCE_FLAG_INIT;

static void mi_build(void)
{
    for (unsigned op = 0; op < 64; op++)
        for (int i = 0; i < GTREF_CMD_COUNT; i++)
            if (gtref_cmds[i].match_mask == 0xFF800000u && gtref_cmds[i].match_val == op << 23) {
                mi_by_opcode[op] = (uint8_t)(i + 1);
                break;
            }
}

const gtref_cmd_def *gtref_cmd_find(uint32_t dw0)
{
    if (GTREF_CMD_TYPE(dw0) == 0) {   /* MI: a lookup on the opcode (the first entry that matches it, as a scan finds) */
        call_once(&mi_once, mi_build);
        unsigned i = mi_by_opcode[(dw0 >> 23) & 0x3Fu];
        return i ? &gtref_cmds[i - 1] : NULL;
    }
    for (int i = 0; i < GTREF_CMD_COUNT; i++)
        if ((dw0 & gtref_cmds[i].match_mask) == gtref_cmds[i].match_val) return &gtref_cmds[i];
    return NULL;
}

const gtref_cmd_def *gtref_cmd_by_name(const char *name)
{
    for (int i = 0; i < GTREF_CMD_COUNT; i++)
        if (strcmp(gtref_cmds[i].name, name) == 0) return &gtref_cmds[i];
    return NULL;
}

uint32_t gtref_cmd_header(const gtref_cmd_def *c, unsigned len)
{
    uint32_t d0 = c->match_val;
    if (c->len_bits) d0 |= (len - c->bias) & ((1u << c->len_bits) - 1u);
    return d0;
}

unsigned gtref_cmd_length(const gtref_cmd_def *c, uint32_t dw0)
{
    if (!c->len_bits) return 1;
    return (dw0 & ((1u << c->len_bits) - 1u)) + c->bias;
}

static void say(char *why, size_t sz, const char *fmt, ...)
{
    if (!why || !sz) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sz, fmt, ap);
    va_end(ap);
}

int gtref_cmd_legal(const gtref_cmd_def *c, uint32_t dw0, char *why, size_t whysz)
{
    unsigned len = gtref_cmd_length(c, dw0);
    if (len < c->min_len || len > c->max_len) {
        say(why, whysz, "%s with length %u dwords (legal %u..%u)", c->name, len, c->min_len, c->max_len);
        return 0;
    }
    switch (c->len_rule) {
    case GTREF_LEN_SDI: {   /* C35: Store Qword 0 stores len - 3 dwords, 1 stores (len - 3) / 2 qwords */
        int qw = (dw0 & GTREF_SDI_STORE_QWORD) != 0;
        if (qw && (len < 5 || (len - 3) % 2)) {
            say(why, whysz, "%s length %u with Store Qword=1 (3 + 2n dwords: whole qwords)", c->name, len);
            return 0;
        }
        break;
    }
    case GTREF_LEN_PAIRS:
        if ((len - 1) % 2) { say(why, whysz, "%s length %u is not 1 + 2n", c->name, len); return 0; }
        break;
    case GTREF_LEN_ATOMIC: {   /* C28: without Inline Data 3; with it the operands of the Data Size (5, 7, 11) or 11 */
        unsigned inl = (dw0 >> 18) & 1u, size = (dw0 >> 19) & 3u;
        unsigned sized = size < 3 ? 3u + 2u * (1u << size) : 11u;
        if (inl ? (len != sized && len != 11u) : len != 3u) {
            if (inl)
                say(why, whysz, "%s length %u with Inline Data=1 and Data Size=%u (%u or 11)", c->name, len, size, sized);
            else
                say(why, whysz, "%s length %u with Inline Data=0 (3)", c->name, len);
            return 0;
        }
        break;
    }
    default: break;
    }
    return 1;
}

/* C39: per command, the DW0 bits of its header, DWord Length and fields below bit 32 (a group starts at DW1 or later).
 * Built once; the tables are constant. */
static uint32_t dw0_defined[GTREF_CMD_COUNT];
static once_flag dw0_once = ONCE_FLAG_INIT;

static void dw0_build(void)
{
    for (int i = 0; i < GTREF_CMD_COUNT; i++) {
        const gtref_cmd_def *c = &gtref_cmds[i];
        dw0_defined[i] = c->match_mask | (c->len_bits ? (1u << c->len_bits) - 1u : 0u);
    }
    for (int i = 0; i < GTREF_F_COUNT; i++) {
        const gtref_field_def *f = &gtref_fields[i];
        if (f->in_group || f->lo >= 32) continue;
        unsigned hi = f->hi < 31 ? f->hi : 31;
        uint32_t m = (hi >= 31 ? 0xFFFFFFFFu : (1u << (hi + 1)) - 1u) & ~((1u << f->lo) - 1u);
        dw0_defined[f->cmd] |= m;
    }
}

uint32_t gtref_cmd_dw0_defined(const gtref_cmd_def *c)
{
    call_once(&dw0_once, dw0_build);
    return dw0_defined[c->id];
}

int gtref_cmd_on_engine(const gtref_cmd_def *c, int engine)
{
    return engine >= 0 && engine < 8 && (c->engines >> engine) & 1u;
}

/* ---- fields ---- */

const gtref_field_def *gtref_field_by_key(const gtref_cmd_def *c, const char *key)
{
    for (int i = 0; i < GTREF_F_COUNT; i++)
        if (gtref_fields[i].cmd == c->id && strcmp(gtref_fields[i].key, key) == 0) return &gtref_fields[i];
    return NULL;
}

/* Word-wise (the model reads fields on every command): only the dwords holding bits lo..hi are read. */
static uint64_t bits_get(const uint32_t *dw, unsigned lo, unsigned hi)
{
    unsigned w = hi - lo + 1, i = lo / 32, got = 32 - lo % 32;
    uint64_t v = dw[i] >> (lo % 32);
    while (got < w) { v |= (uint64_t)dw[++i] << got; got += 32; }
    return w < 64 ? v & ((1ull << w) - 1u) : v;
}

static void bits_set(uint32_t *dw, unsigned lo, unsigned hi, uint64_t v)
{
    for (unsigned b = lo; b <= hi; b++, v >>= 1) {
        uint32_t m = 1u << (b % 32);
        dw[b / 32] = (v & 1u) ? dw[b / 32] | m : dw[b / 32] & ~m;
    }
}

/* Shift between the raw bits and the value: ADDR fields hold address bits from (lo % 32). */
static unsigned value_shift(const gtref_field_def *f)
{
    return f->kind == GTREF_FK_ADDR || f->kind == GTREF_FK_REG ? (f->kind == GTREF_FK_REG ? 2u : f->lo % 32u) : 0u;
}

uint64_t gtref_field_get(const uint32_t *dw, const gtref_field_def *f)
{
    return bits_get(dw, f->lo, f->hi) << value_shift(f);
}

void gtref_field_set(uint32_t *dw, const gtref_field_def *f, uint64_t value)
{
    bits_set(dw, f->lo, f->hi, value >> value_shift(f));
}

unsigned gtref_group_count(const gtref_cmd_def *c, unsigned len)
{
    if (!c->group_start || len <= c->group_start) return 0;
    return (len - c->group_start) / c->group_size;
}

uint64_t gtref_group_get(const uint32_t *dw, const gtref_cmd_def *c, unsigned k, const gtref_field_def *f)
{
    return gtref_field_get(dw + c->group_start + k * c->group_size, f);
}
