// gt_cs_alu: the MI_MATH ALU of one command streamer (docs/commands.md §4, A.4, C21). One ALU instruction per
// cycle, as its dword streams in (exec); SRCA, SRCB, ACCU, ZF and CF are reset at the start of every command
// (clear). A STORE/STOREINV is handed to the parser (store, store_n, store_val), which commits CS_GPR(2n) and
// CS_GPR(2n+1) in the next two cycles.
module gt_cs_alu import gtref_pkg::*, gt_cs_pkg::*; (
  input  logic         clk,
  input  logic         rst_n,
  input  logic         clear,        // a new command's DW0 is taken: reset the ALU registers
  input  logic         exec,         // execute the ALU instruction dw at this closing edge
  input  logic [31:0]  dw,           // the ALU instruction at the stream head
  input  logic [63:0]  gpr [16],     // R0..R15 = {CS_GPR(2n+1), CS_GPR(2n)}
  output logic         store,        // dw is a STORE/STOREINV with legal operands
  output logic [3:0]   store_n,      //   into Rn
  output logic [63:0]  store_val     //   of this value
);
  logic [63:0] srca, srcb, accu;
  logic        zf, cf;

  // An operand's value: R0..R15, SRCA, SRCB, ACCU; a flag reads as 64 ones when set.
  function automatic logic [63:0] alu_val(input logic [9:0] o);
    if (o < 10'h010)         return gpr[o[3:0]];
    if (o == ALU_OPND_SRCA)  return srca;
    if (o == ALU_OPND_SRCB)  return srcb;
    if (o == ALU_OPND_ACCU)  return accu;
    if (o == ALU_OPND_ZF)    return {64{zf}};
    if (o == ALU_OPND_CF)    return {64{cf}};
    return 64'd0;
  endfunction

  logic [11:0] alu_op;
  logic [9:0]  alu_o1, alu_o2;
  logic        alu_dst_ok, alu_ld_ok, alu_st_ok;
  logic [63:0] alu_s;        // the source operand (o2)
  logic [64:0] alu_sum, alu_diff;
  assign alu_op     = dw[F_MI_MATH_OP_HI:F_MI_MATH_OP_LO];
  assign alu_o1     = dw[F_MI_MATH_OPERAND1_HI:F_MI_MATH_OPERAND1_LO];
  assign alu_o2     = dw[F_MI_MATH_OPERAND2_HI:F_MI_MATH_OPERAND2_LO];
  assign alu_s      = alu_val(alu_o2);
  // LOAD* into SRCA/SRCB from R0..R15, ACCU, ZF, CF; STORE* into R0..R15 from ACCU, SRCA, SRCB, ZF, CF.
  // Any other operand: unimplemented (no effect here).
  assign alu_dst_ok = alu_o1 == ALU_OPND_SRCA || alu_o1 == ALU_OPND_SRCB;
  assign alu_ld_ok  = alu_dst_ok && (alu_o2 < 10'h010 || alu_o2 == ALU_OPND_ACCU || alu_o2 == ALU_OPND_ZF ||
                                     alu_o2 == ALU_OPND_CF);
  assign alu_st_ok  = alu_o1 < 10'h010 && (alu_o2 == ALU_OPND_ACCU || alu_o2 == ALU_OPND_SRCA ||
                                           alu_o2 == ALU_OPND_SRCB || alu_o2 == ALU_OPND_ZF || alu_o2 == ALU_OPND_CF);
  assign alu_sum    = {1'b0, srca} + {1'b0, srcb};
  assign alu_diff   = {1'b0, srca} - {1'b0, srcb};

  assign store     = (alu_op == ALU_STORE || alu_op == ALU_STOREINV) && alu_st_ok;
  assign store_n   = alu_o1[3:0];
  assign store_val = alu_op == ALU_STOREINV ? ~alu_s : alu_s;

  always_ff @(posedge clk) begin
    if (!rst_n || clear) begin
      srca <= '0;
      srcb <= '0;
      accu <= '0;
      zf   <= 1'b0;
      cf   <= 1'b0;
    end else if (exec) begin
      case (alu_op)
        ALU_LOAD:    if (alu_ld_ok) begin if (alu_o1 == ALU_OPND_SRCA) srca <= alu_s; else srcb <= alu_s; end
        ALU_LOADINV: if (alu_ld_ok) begin if (alu_o1 == ALU_OPND_SRCA) srca <= ~alu_s; else srcb <= ~alu_s; end
        ALU_LOAD0:   if (alu_dst_ok) begin if (alu_o1 == ALU_OPND_SRCA) srca <= 64'd0; else srcb <= 64'd0; end
`ifdef GTREF_BUG_MATH_LOAD1_ONE
        // BUG (docs/rtl-bugs.md, MATH_LOAD1_ONE): LOAD1 loads the value 1 (from its name) instead of all ones.
        ALU_LOAD1:   if (alu_dst_ok) begin if (alu_o1 == ALU_OPND_SRCA) srca <= 64'd1; else srcb <= 64'd1; end
`else
        ALU_LOAD1:   if (alu_dst_ok) begin if (alu_o1 == ALU_OPND_SRCA) srca <= '1; else srcb <= '1; end  // C21
`endif
        ALU_ADD: begin
          accu <= alu_sum[63:0];
          cf   <= alu_sum[64];                       // carry out of bit 63
          zf   <= alu_sum[63:0] == 64'd0;
        end
        ALU_SUB: begin
          accu <= alu_diff[63:0];
`ifdef GTREF_BUG_SUB_CARRY
          // BUG (docs/rtl-bugs.md, SUB_CARRY): CF is the adder's carry out of SRCA + ~SRCB + 1,
          // i.e. NOT borrow, instead of the borrow.
          cf   <= !alu_diff[64];
`else
          cf   <= alu_diff[64];                      // borrow: SRCA < SRCB (unsigned)
`endif
          zf   <= alu_diff[63:0] == 64'd0;
        end
        ALU_AND: begin accu <= srca & srcb; cf <= 1'b0; zf <= (srca & srcb) == 64'd0; end
        ALU_OR:  begin accu <= srca | srcb; cf <= 1'b0; zf <= (srca | srcb) == 64'd0; end
        ALU_XOR: begin accu <= srca ^ srcb; cf <= 1'b0; zf <= (srca ^ srcb) == 64'd0; end
        default: ;                                    // NOOP; STORE (the parser commits it); others unimplemented
      endcase
    end
  end
endmodule
