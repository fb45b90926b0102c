// gt_cs_decode: DW0 decode of the dword at the head of the command stream (docs/cycle-contract.md §4, all decided
// from DW0): the table's MATCH_MASK/MATCH_VAL (MI commands and command type 3 alike), the length DW0[LEN_BITS-1:0] +
// BIAS in MIN_LEN..MAX_LEN plus the length rules (SDI, LRI pairs, MI_ATOMIC inline), the engines mask (a command this
// engine does not accept is illegal, commands.md §1, C12), and MI_SET_PREDICATE's NOOP of the command (C23).
module gt_cs_decode import gtref_pkg::*, gt_cs_pkg::*; #(
  parameter int ENGINE = 0
) (
  input  logic [31:0] dw,          // the dword at the stream head
  input  logic [3:0]  sp_mode,     // MI_SET_PREDICATE mode (the parser's, resets to NOOP_NEVER)
  input  logic        pred_result, // MI_PREDICATE_RESULT[0]
  input  logic        pred_result2,// MI_PREDICATE_RESULT_2[0]
  output cmd_t        d_cmd,       // the command (C_NONE: no entry matches)
  output logic [31:0] d_len,       // its length in dwords
  output logic        d_legal,     // a legal DW0 for this engine
  output logic        d_nop        // MI_SET_PREDICATE turns it into a NOOP of its length
);
  // ---- DW0 length rules ----
  function automatic logic [31:0] cmd_length(input logic [31:0] d, input int len_bits, input int bias);
    if (len_bits == 0) return 32'd1;
    return (d & ((32'd1 << len_bits) - 32'd1)) + 32'(bias);
  endfunction

  function automatic logic len_in(input logic [31:0] len, input int mn, input int mx);
    return len >= 32'(mn) && len <= 32'(mx);
  endfunction

  // MI_ATOMIC with Inline Data: the length of the form that carries the Data Size's operands (C28)
  function automatic logic [31:0] at_inline_len(input logic [1:0] size);
    case (size)
      2'd0:    return 32'd5;     // DWORD: two operand dwords
      2'd1:    return 32'd7;     // QWORD: four
      default: return 32'd11;    // OCTWORD (8 dwords) and the reserved size: only the full form
    endcase
  endfunction

`define GT_DECODE(N) \
    if ((dw & N``_MATCH_MASK) == N``_MATCH_VAL) begin \
      d_cmd   = C_``N; \
      d_len   = cmd_length(dw, N``_LEN_BITS, N``_BIAS); \
      d_legal = len_in(d_len, N``_MIN_LEN, N``_MAX_LEN) && N``_ENGINES[ENGINE]; \
    end
  always_comb begin
    d_len   = 32'd1;
    d_legal = 1'b0;     // a DW0 that matches no entry is illegal
    d_cmd   = C_NONE;
    `GT_DECODE(MI_NOOP)
    `GT_DECODE(MI_SET_PREDICATE)
    `GT_DECODE(MI_USER_INTERRUPT)
    `GT_DECODE(MI_WAIT_FOR_EVENT)
    `GT_DECODE(MI_WAIT_FOR_EVENT_2)
    `GT_DECODE(MI_ARB_CHECK)
    `GT_DECODE(MI_RS_CONTROL)
    `GT_DECODE(MI_REPORT_HEAD)
    `GT_DECODE(MI_ARB_ON_OFF)
    `GT_DECODE(MI_BATCH_BUFFER_END)
    `GT_DECODE(MI_SUSPEND_FLUSH)
    `GT_DECODE(MI_PREDICATE)
    `GT_DECODE(MI_TOPOLOGY_FILTER)
    `GT_DECODE(MI_RS_CONTEXT)
    `GT_DECODE(MI_LOAD_SCAN_LINES_INCL)
    `GT_DECODE(MI_LOAD_SCAN_LINES_EXCL)
    `GT_DECODE(MI_DISPLAY_FLIP)
    `GT_DECODE(MI_SET_CONTEXT)
    `GT_DECODE(MI_MATH)
    `GT_DECODE(MI_SEMAPHORE_SIGNAL)
    `GT_DECODE(MI_SEMAPHORE_WAIT)
    `GT_DECODE(MI_FORCE_WAKEUP)
    `GT_DECODE(MI_STORE_DATA_IMM)
    `GT_DECODE(MI_STORE_DATA_INDEX)
    `GT_DECODE(MI_LOAD_REGISTER_IMM)
    `GT_DECODE(MI_STORE_REGISTER_MEM)
    `GT_DECODE(MI_FLUSH_DW)
    `GT_DECODE(MI_CLFLUSH)
    `GT_DECODE(MI_REPORT_PERF_COUNT)
    `GT_DECODE(MI_LOAD_REGISTER_MEM)
    `GT_DECODE(MI_LOAD_REGISTER_REG)
    `GT_DECODE(MI_RS_STORE_DATA_IMM)
    `GT_DECODE(MI_COPY_MEM_MEM)
    `GT_DECODE(MI_ATOMIC)
    `GT_DECODE(MI_BATCH_BUFFER_START)
    `GT_DECODE(MI_CONDITIONAL_BATCH_BUFFER_END)
    `GT_DECODE(PIPE_CONTROL)
    `GT_DECODE(PIPELINE_SELECT)
    `GT_DECODE(STATE_BASE_ADDRESS)
    `GT_DECODE(STATE_SIP)
    // the table's length rules beyond MIN..MAX
    case (d_cmd)
      C_MI_STORE_DATA_IMM:    // Store Qword 0: 4..MAX dwords; Store Qword 1: 3 + 2n dwords, n >= 1 (C35)
`ifdef GTREF_BUG_SDI_QWORD_MIN_LEN
        // BUG (docs/rtl-bugs.md, SDI_QWORD_MIN_LEN): the lower bound of "3 + 2n, n >= 1" is taken as exclusive, so
        // the 5-dword Store Qword form (n = 1, the common one) is flagged illegal; 7, 9, ... dwords are right.
        if (dw[SDI_STORE_QWORD_BIT] && (d_len <= 32'd5 || !d_len[0])) d_legal = 1'b0;
`else
        if (dw[SDI_STORE_QWORD_BIT] && (d_len < 32'd5 || !d_len[0])) d_legal = 1'b0;
`endif
      C_MI_LOAD_REGISTER_IMM: // 1 + 2n dwords
        if (!d_len[0]) d_legal = 1'b0;
      C_MI_ATOMIC:            // 3 without Inline Data; with it 3 + 2 x the Data Size's dwords (5, 7, 11) or 11 (C28)
        if (dw[F_MI_ATOMIC_INLINE_LO] ? (d_len != 32'd11 && d_len != at_inline_len(dw[F_MI_ATOMIC_SIZE_HI:F_MI_ATOMIC_SIZE_LO]))
                                      : d_len != 32'd3)
          d_legal = 1'b0;
`ifdef GTREF_BUG_WRONG_ENGINE
      // BUG (docs/rtl-bugs.md, WRONG_ENGINE): the engines check of PIPE_CONTROL uses the MI_FLUSH_DW-style
      // "render or blitter" mask, so BCS0 accepts PIPE_CONTROL instead of flagging it illegal.
      C_PIPE_CONTROL:
        if (ENGINE == 1 && len_in(d_len, PIPE_CONTROL_MIN_LEN, PIPE_CONTROL_MAX_LEN)) d_legal = 1'b1;
`endif
      default: ;
    endcase
  end
`undef GT_DECODE

  // ---- MI_SET_PREDICATE (commands.md §4, C23): does the mode turn the command at the stream head into a
  //      NOOP of its length? MI_SET_PREDICATE and the batch start/end commands are never affected. ----
  logic sp_noop, sp_exempt;
  always_comb begin
    case (sp_mode)
      4'd1:    sp_noop = !pred_result2;  // NOOP_ON_RESULT2_CLEAR
      4'd2:    sp_noop =  pred_result2;  // NOOP_ON_RESULT2_SET
      4'd3:    sp_noop = !pred_result;   // NOOP_ON_RESULT_CLEAR
      4'd4:    sp_noop =  pred_result;   // NOOP_ON_RESULT_SET
      4'd15:   sp_noop = 1'b1;           // NOOP_ALWAYS
      default: sp_noop = 1'b0;           // NOOP_NEVER
    endcase
  end
  assign sp_exempt = d_cmd == C_MI_SET_PREDICATE || d_cmd == C_MI_BATCH_BUFFER_START ||
                     d_cmd == C_MI_BATCH_BUFFER_END || d_cmd == C_MI_CONDITIONAL_BATCH_BUFFER_END;
  assign d_nop     = sp_noop && !sp_exempt;
endmodule
