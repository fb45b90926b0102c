// gt_cs_semaphore: MI_SEMAPHORE_WAIT's compare and MI_SEMAPHORE_SIGNAL of one command streamer (docs/commands.md
// §5, C27, C32, C33; docs/cycle-contract.md §3).
//
//   compare       SAD (the dword read, or the register in Register Poll Mode) OP SDD (inline data), unsigned.
//   signal        a retiring MI_SEMAPHORE_SIGNAL names its target engine (routed between the engines by gt_top).
//   pending flag  set by a signal to this engine, taken by a signal-mode wait of this engine.
module gt_cs_semaphore import gtref_pkg::*, gt_cs_pkg::*; (
  input  logic         clk,
  input  logic         rst_n,
  input  state_t       st,          // the parser's state
  input  cmd_t         cmd,         // the command in flight
  input  logic [31:0]  cmd_dw0,
  input  logic         cmd_nop,     //   a MI_SET_PREDICATE NOOP
  input  logic         cmd_err,     //   illegal, or ended by a fault
  input  logic         cmd_priv,    //   a privilege violation
  input  logic [31:0]  sem_sdd,     // Semaphore Data Dword (DW1)
  input  logic [31:0]  rd_dw,       // the dword read at the semaphore address
  input  logic [31:0]  poll_val,    // the register a register-poll wait names (DW2[22:2], C33)
  output logic         sem_ok,      // the condition holds for the dword read
  output logic         rp_ok,       // the condition holds for the register
  input  logic [31:0]  rsp_dw,      // the semaphore dword in a read response arriving in this cycle
  output logic         rsp_ok,      //   the condition holds for it (docs/execlists.md EL-16: a poll response)
  output logic         sig_valid,   // a signal retires in this cycle, for engine sig_engine
  output logic [1:0]   sig_engine,  //   the target's kit engine index (0 RCS0, 1 BCS0, 2 VCS0, 3 VECS0)
  input  logic         sig_in,      // some engine's signal to this engine retires in this cycle
  input  logic         dr_gnt,      // this engine's data read is granted at this closing edge
  output logic         sig_pend,    // the pending-signal flag
  output logic         sig_clr      // the flag is taken at this closing edge
);
  // MI_SEMAPHORE_WAIT (C27): SAD (memory, or the register in Register Poll Mode, C33) OP SDD (inline data), unsigned
  function automatic logic sem_cmp(input logic [2:0] op, input logic [31:0] sad, input logic [31:0] sdd);
    case (op)
      3'd0:    return sad >  sdd;                             // SAD_GT_SDD
      3'd1:    return sad >= sdd;                             // SAD_GTE_SDD
      3'd2:    return sad <  sdd;                             // SAD_LT_SDD
`ifdef GTREF_BUG_SEM_COMPARE
      // BUG (docs/rtl-bugs.md, SEM_COMPARE): LTE compares strictly (copy of the LT row).
      3'd3:    return sad <  sdd;
`else
      3'd3:    return sad <= sdd;                             // SAD_LTE_SDD
`endif
      3'd4:    return sad == sdd;                             // SAD_EQ_SDD
      3'd5:    return sad != sdd;                             // SAD_NEQ_SDD
      default: return 1'b1;                                   // undefined: unimplemented, retire
    endcase
  endfunction
  // register poll: the register at the absolute offset DW2[22:2] (no CS MMIO bit), read as C14 reads
  assign sem_ok = sem_cmp(cmd_dw0[F_MI_SEMAPHORE_WAIT_COMPARE_HI:F_MI_SEMAPHORE_WAIT_COMPARE_LO], rd_dw, sem_sdd);
  assign rsp_ok = sem_cmp(cmd_dw0[F_MI_SEMAPHORE_WAIT_COMPARE_HI:F_MI_SEMAPHORE_WAIT_COMPARE_LO], rsp_dw, sem_sdd);
  assign rp_ok  = sem_cmp(cmd_dw0[F_MI_SEMAPHORE_WAIT_COMPARE_HI:F_MI_SEMAPHORE_WAIT_COMPARE_LO], poll_val, sem_sdd);

  // MI_SEMAPHORE_SIGNAL sets the pending-signal flag of the engine its Target Engine Select names, at the
  // closing edge of its retire cycle: 0 RCS0, 1 VCS0, 2 BCS0, 3 VECS0 in the command's encoding, which is not
  // the kit's engine order (0 RCS0, 1 BCS0, 2 VCS0, 3 VECS0; gt_pkg_check checks that order). 4..14 name engines
  // the kit lacks, 5 and 15 none: no signal. gt_top drops a signal to an engine the build
  // lacks. Target Context ID and Post-Sync Operation have no visible effect.
  logic [3:0] sig_tes;
`ifdef GTREF_BUG_SIGNAL_TARGET_3BIT
  // BUG (docs/rtl-bugs.md, SIGNAL_TARGET_3BIT): the Gen9 field [17:15] is decoded, so 8 (VCS4) signals RCS0, 9 VCS0,
  // 10 BCS0, 11 VECS0 (bit 18 dropped).
  assign sig_tes = {1'b0, cmd_dw0[F_MI_SEMAPHORE_SIGNAL_TARGET_LO +: 3]};
`else
  assign sig_tes = cmd_dw0[F_MI_SEMAPHORE_SIGNAL_TARGET_HI:F_MI_SEMAPHORE_SIGNAL_TARGET_LO];   // DW0[18:15] (C32)
`endif
  always_comb begin
    sig_valid  = st == S_RETIRE && !cmd_err && !cmd_nop && cmd == C_MI_SEMAPHORE_SIGNAL;
    sig_engine = 2'd0;
    case (sig_tes)
`ifdef GTREF_BUG_SIGNAL_TARGET
      // BUG (docs/rtl-bugs.md, SIGNAL_TARGET): the select is taken as a kit engine index, so 1 (VCS0) signals
      // BCS0 and 2 (BCS0) signals VCS0.
      4'd0, 4'd1, 4'd2, 4'd3: sig_engine = sig_tes[1:0];
`else
      4'd0:    sig_engine = 2'd0;                 // RCS0
      4'd1:    sig_engine = 2'd2;                 // VCS0
      4'd2:    sig_engine = 2'd1;                 // BCS0
      4'd3:    sig_engine = 2'd3;                 // VECS0
`endif
      default: sig_valid  = 1'b0;                 // 4, 6..14: VCS1..VCS7, VECS1..VECS3, not in the kit;
    endcase                                       // 5, 15 name no engine (unimplemented): no signal either
  end

  // The pending-signal flag (C32, cycle contract §3). A signal-mode wait (one this engine executes: not a
  // MI_SET_PREDICATE NOOP, not Register Poll Mode) clears it when it retires (its condition met) and when it takes
  // the flag to read SAD again: the take is the closing edge at which that re-read is granted (S_SIGW saw the flag
  // set, S_RDQ presents the read), so the scoreboard sees every take. A signal arriving in the cycle of a clear
  // wins: the flag stays set.
  logic sem_sig, sig_take;
  assign sem_sig  = cmd == C_MI_SEMAPHORE_WAIT && !cmd_nop && !cmd_err && !cmd_priv && !cmd_dw0[F_MI_SEMAPHORE_WAIT_POLL_LO] &&
                    !cmd_dw0[F_MI_SEMAPHORE_WAIT_REG_POLL_LO];
  assign sig_clr  = (sig_take && st == S_RDQ && dr_gnt) || (st == S_RETIRE && sem_sig);
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      sig_pend <= 1'b0;
      sig_take <= 1'b0;
    end else begin
`ifdef GTREF_BUG_SEM_SIGNAL_LOST_AT_CLEAR
      // BUG (docs/rtl-bugs.md, SEM_SIGNAL_LOST_AT_CLEAR): the clear wins over a signal of the same cycle.
      sig_pend <= sig_clr ? 1'b0 : (sig_in || sig_pend);
`else
      sig_pend <= sig_in || (sig_pend && !sig_clr);
`endif
      sig_take <= (st == S_SIGW && sig_pend) || (sig_take && st == S_RDQ && !dr_gnt);
    end
  end
endmodule
