// gt_cs_execlist: the execlist state of one command streamer (docs/execlists.md §4, EL-9..EL-13).
//
//   mode          RING_MODE[3] (EL-1): 0 ring-buffer mode, 1 execlist mode. In ring-buffer mode a Load does
//                 nothing and the state below never changes except arb (MI_ARB_ON_OFF, E13).
//   Load          a host write of EXECLIST_CONTROL with bit 0 set, in execlist mode, at its transfer edge (EL-11):
//                 element 0 with Valid = 0 ignores it entirely (EL-12); else slot cur is filled if it is not
//                 valid (elem := 0), otherwise slot cur ^ 1 (replacing a pending submission, E2).
//   state         two slots (valid, two descriptors), cur, elem, arb (reset 1) (EL-9).
//   status        EXECLIST_STATUS_LO/HI as derived read values (EL-13): functions of this unit's flip-flops, so
//                 a read sees the state as it stands at the start of its transfer cycle.
module gt_cs_execlist import gtref_pkg::*; (
  input  logic        clk,
  input  logic        rst_n,
  input  logic        el_mode,       // RING_MODE[3] as held in this cycle
  input  logic        load_wr,       // a host write of EXECLIST_CONTROL with bit 0 set transfers at this edge
  input  logic [63:0] sq0,           // {EXECLIST_SQ_HI0, EXECLIST_SQ_LO0} as held in this cycle
  input  logic [63:0] sq1,           // {EXECLIST_SQ_HI1, EXECLIST_SQ_LO1}
  input  logic        arb_wr,        // an executed MI_ARB_ON_OFF retires at this edge (either mode, E13) ...
  input  logic        arb_val,       //   ... with this Arbitration Enable
  output logic        load,          // the Load of this edge is taken (EL-11, not ignored by EL-12)
  output logic        busy,          // a slot is valid (EL-30: the engine is not idle)
  output logic [31:0] status_lo,     // EXECLIST_STATUS_LO (EL-13)
  output logic [31:0] status_hi      // EXECLIST_STATUS_HI
);
  logic        sv [2];               // slot valid
  logic [63:0] sd [2][2];            // slot descriptors: sd[slot][element]
  logic        cur, elem, arb;

  assign load = el_mode && load_wr && sq0[0];

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      sv[0] <= 1'b0;
      sv[1] <= 1'b0;
      for (int s = 0; s < 2; s++) for (int k = 0; k < 2; k++) sd[s][k] <= '0;
      cur  <= 1'b0;
      elem <= 1'b0;
      arb  <= 1'b1;
    end else begin
      if (arb_wr) arb <= arb_val;
      if (load) begin
        if (!sv[cur]) begin                // EL-11 step 2: the slot being executed or next to execute
          sv[cur]    <= 1'b1;
          sd[cur][0] <= sq0;
          sd[cur][1] <= sq1;
          elem       <= 1'b0;
        end else begin                     // step 3: the pending slot (replaces a pending submission, E2)
          sv[~cur]    <= 1'b1;
          sd[~cur][0] <= sq0;
          sd[~cur][1] <= sq1;
        end
      end
    end
  end

  assign busy = sv[0] || sv[1];

  // ---- EXECLIST_STATUS (EL-13, E3) ----
  logic [63:0] cur_desc;
  assign cur_desc = sd[cur][elem];
  always_comb begin
    status_lo        = '0;
    status_lo[0]     = cur;
    status_lo[1]     = sv[cur] ? ~cur : cur;
    status_lo[2]     = sv[0] && sv[1];
    status_lo[3]     = sv[1];
    status_lo[4]     = sv[0];
    status_lo[15:14] = sv[cur] ? {1'b0, elem} + 2'd1 : 2'd0;
    status_lo[16]    = arb;
    status_lo[17]    = sv[1] && cur;
    status_lo[18]    = sv[0] && !cur;
    status_hi        = sv[cur] ? cur_desc[63:32] : 32'd0;
  end
  logic unused_desc;
  assign unused_desc = ^cur_desc[31:0];
endmodule
