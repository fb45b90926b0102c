// gt_cs_mem: the memory-command unit of one command streamer (docs/cycle-contract.md §3, §5; docs/gam.md GAM-1,
// GAM-2, GAM-15).
//
//   requests      the command's writes, then its data read, then the prefetcher's reads, one request port to the
//                 GAM with its client and effective address space. A data read (§5) is requested only when the
//                 fetch has no read outstanding, and the fetch requests nothing until its response is back, so
//                 the engine's responses (in request order) need no tag.
//   writes        every command stores as MI_STORE_DATA_IMM would at that address (below); the count of writes
//                 granted and not yet transferred (commit rule 2).
//   data read     the qword of the line holding the read address, and its dword.
//   MI_ATOMIC     the operation on the value read (commands.md §5, A.3, C28).
module gt_cs_mem import gtref_pkg::*, gt_cs_pkg::*; (
  input  logic         clk,
  input  logic         rst_n,
  input  state_t       st,            // the parser's state
  // the command's plan (registered by the parser)
  input  logic [63:0]  ws_addr,       // memory write: address, low/high dword, qword, two dwords, which write
  input  logic [31:0]  ws_lo,
  input  logic [31:0]  ws_hi,
  input  logic         ws_qw,
  input  logic         ws_2d,
  input  logic         wi,
  input  logic         ws_gg,         // the writes' / data read's address space selection (1 GGTT, 0 PPGTT)
  input  logic         dr_gg,
  input  logic [63:0]  dr_addr,       // data read address
  input  logic [63:0]  rd_q,          // the qword of the line holding dr_addr
  output logic [31:0]  rd_dw,         //   the dword at dr_addr
  output logic         ws_two,        // the write is two writes
  output logic [1:0]   wr_pend,       // memory writes granted but not yet transferred
  output logic [1:0]   wr_pend_next,  //   after this closing edge
  output logic         mw_req,        // a write request in this cycle
  output logic         dr_req,        // a data read request in this cycle
  output logic [63:0]  w_addr,        // the write request's address, byte enables, data
  output logic [7:0]   w_be,
  output logic [63:0]  w_data,
  // MI_ATOMIC
  input  logic [31:0]  cmd_dw0,
  input  logic [31:0]  a3, a4, a5, a6,  // DW3..DW6 (inline operands)
  input  logic [63:0]  gpr [16],      // R0..R15 = {CS_GPR(2n+1), CS_GPR(2n)}
  output logic         at_ok,         // an implemented size and operation
  output logic         at_qw,         // QWORD size
  output logic [63:0]  at_old,        // the value read
  output logic [63:0]  at_new,        // the value written
  // the fetch (gt_cmd_fetch) and the engine's state
  input  logic         fetch_busy,
  input  logic         f_rd_valid,
  input  logic [63:0]  f_rd_addr,
  output logic         f_rd_gnt,
  output logic         f_rsp_valid,
  input  logic         s_ring,        // the fetch reads the ring
  input  logic         f_pp,          // the effective PPGTT bit of the level the fetch reads (C10, C16)
  input  logic [31:0]  ring_mode,     // RING_MODE
  // to and from gt_gam
  output logic         req_valid,
  output logic [1:0]   req_client,
  output logic         req_ggtt,
  output logic         req_write,
  output logic [63:0]  req_addr,
  output logic [63:0]  req_wdata,
  output logic [7:0]   req_be,
  input  logic         req_gnt,
  input  logic         wr_ack,
  input  logic         rsp_valid,
  input  logic         wr_fault,      // one of our writes faulted and was dropped (GAM-15)
  // the execlist unit's accesses (docs/execlists.md §3, EL-22): GGTT, writes client WR, line reads client DR;
  // made only while the parser is held (it requests nothing then)
  input  logic         el_wr,
  input  logic         el_rd,
  input  logic [63:0]  el_addr,
  input  logic [63:0]  el_wdata,
  input  logic [7:0]   el_be,
  input  logic         el_rd_busy,    // its read is outstanding: the response is not the fetch's
  input  logic         el_hold        // a switch is in flight: the parser's data read waits (EL-16, EL-17)
);
  // =====================================================================================================
  // Memory writes (contract §3): every command stores as MI_STORE_DATA_IMM would at that address.
  //   dword to a:  one write to a & ~7, be = a[2] ? F0 : 0F, data in that lane.
  //   qword to a:  a[2] = 0: one write, be FF, {hi, lo}; a[2] = 1: (a & ~7, F0, lo in the upper lane)
  //                then (a + 4, 0F, hi in the lower lane).
  //   two dwords (ws_2d, a 5-dword MI_STORE_DATA_IMM without Store Qword, C35): lo to a, then hi to a + 4, each
  //                as a dword to that address. A qword to a 4-aligned address is the same two writes.
  // =====================================================================================================
  logic        ws_hi4;
  logic [63:0] w_da;
  logic [31:0] w_dd;
  assign ws_hi4 = ws_addr[2];
  assign ws_two = (ws_qw && ws_hi4) || ws_2d;
  assign w_da   = wi ? ws_addr + 64'd4 : ws_addr;   // the dword write's address
  assign w_dd   = wi ? ws_hi : ws_lo;               //                    data
  logic unused_ws_bits;   // every write address is dword aligned
  assign unused_ws_bits = ^{ws_addr[1:0], w_da[1:0]};
  always_comb begin
    w_addr = {w_da[63:3], 3'd0};
    if (ws_qw && !ws_hi4 && !wi) begin
`ifdef GTREF_BUG_SDI_QWORD_BE
      // BUG (docs/rtl-bugs.md, SDI_QWORD_BE): the upper dword's byte enables are dropped.
      w_be   = 8'h0F;
`else
      w_be   = 8'hFF;
`endif
      w_data = {ws_hi, ws_lo};
    end else begin
      // a dword to w_da: lane by bit 2 (the second write of a qword to a 4-aligned address is hi at a + 4)
      w_be   = w_da[2] ? 8'hF0 : 8'h0F;
      w_data = w_da[2] ? {w_dd, 32'd0} : {32'd0, w_dd};
    end
  end

  assign rd_dw = dr_addr[2] ? rd_q[63:32] : rd_q[31:0];
  logic unused_dr_bits;   // the read is a whole line; the parser picks the qword (dr_addr[5:3]) when it arrives
  assign unused_dr_bits = ^{dr_addr[5:3], dr_addr[1:0]};

  // =====================================================================================================
  // MI_ATOMIC (commands.md §5, A.3, C28)
  // =====================================================================================================
  logic [7:0]  at_op;
  logic [63:0] at_op1, at_op2, at_so, at_s1;
  assign at_op  = cmd_dw0[F_MI_ATOMIC_OP_HI:F_MI_ATOMIC_OP_LO];
  assign at_qw  = cmd_dw0[F_MI_ATOMIC_SIZE_HI:F_MI_ATOMIC_SIZE_LO] == 2'd1;
  // Implemented: size DWORD with ops 0x01..0x0F, QWORD with their 8B variants 0x21..0x2F (C28).
  assign at_ok  = cmd_dw0[F_MI_ATOMIC_SIZE_HI:F_MI_ATOMIC_SIZE_LO] <= 2'd1 && at_op[3:0] != 4'd0 &&
                  at_op[7:4] == (at_qw ? 4'h2 : 4'h0);
  assign at_old = at_qw ? rd_q : {32'd0, dr_addr[2] ? rd_q[63:32] : rd_q[31:0]};
  // Operands (C28): Inline Data: Operand1 dword 0 at DW3, Operand2 dword 0 at DW4, their dword 1 (a qword's high
  // halves) at DW5, DW6. Without it: operand 1 is R0 = {CS_GPR1, CS_GPR0}, operand 2 is R2 = {CS_GPR5, CS_GPR4}
  // (their low dwords for a DWORD op).
  logic [63:0] at_in1, at_in2;
  assign at_in1 = cmd_dw0[F_MI_ATOMIC_INLINE_LO] ? {a5, a3} : gpr[0];
`ifdef GTREF_BUG_ATOMIC_GPR_OP2
  // BUG (docs/rtl-bugs.md, ATOMIC_GPR_OP2): operand 2 is taken from R1 = {CS_GPR3, CS_GPR2}, the next GPR pair.
  assign at_in2 = cmd_dw0[F_MI_ATOMIC_INLINE_LO] ? {a6, a4} : gpr[1];
`else
  assign at_in2 = cmd_dw0[F_MI_ATOMIC_INLINE_LO] ? {a6, a4} : gpr[2];
`endif
  assign at_op1 = at_qw ? at_in1 : {32'd0, at_in1[31:0]};
  assign at_op2 = at_qw ? at_in2 : {32'd0, at_in2[31:0]};
  // sign-extended copies for IMAX/IMIN
  assign at_so  = at_qw ? at_old : {{32{at_old[31]}}, at_old[31:0]};
  assign at_s1  = at_qw ? at_op1 : {{32{at_op1[31]}}, at_op1[31:0]};
  always_comb begin
    case (at_op[3:0])
      4'h1:    at_new = at_old & at_op1;                                   // AND
      4'h2:    at_new = at_old | at_op1;                                   // OR
      4'h3:    at_new = at_old ^ at_op1;                                   // XOR
      4'h4:    at_new = at_op1;                                            // MOVE
      4'h5:    at_new = at_old + 64'd1;                                    // INC
      4'h6:    at_new = at_old - 64'd1;                                    // DEC
      4'h7:    at_new = at_old + at_op1;                                   // ADD
      4'h8:    at_new = at_old - at_op1;                                   // SUB
      4'h9:    at_new = at_op1 - at_old;                                   // RSUB
      4'hA:    at_new = $signed(at_so) > $signed(at_s1) ? at_old : at_op1; // IMAX
      4'hB:    at_new = $signed(at_so) < $signed(at_s1) ? at_old : at_op1; // IMIN
      4'hC:    at_new = at_old > at_op1 ? at_old : at_op1;                 // UMAX
      4'hD:    at_new = at_old < at_op1 ? at_old : at_op1;                 // UMIN
      4'hE:    at_new = at_old == at_op1 ? at_op2 : at_old;                // CMP_WR
      default: at_new = at_old - 64'd1;                                    // PREDEC (0xF)
    endcase
  end

  // =====================================================================================================
  // Memory requests: the command's writes, then its data read, then the prefetcher's reads.
  // =====================================================================================================
  logic data_phase;
`ifdef GTREF_VARIANT_WRITE_BUBBLE
  // Legal variant (docs/rtl-variants.md): each memory write is requested one cycle after the engine is ready to make
  // it (a bubble before every write request; commit rule 2 still holds: the retire waits for the transfers).
  logic mw_go;
  always_ff @(posedge clk) begin
    if (!rst_n) mw_go <= 1'b0;
    else        mw_go <= st == S_MW && !(mw_go && req_gnt);
  end
  assign mw_req       = st == S_MW && mw_go;
`else
  assign mw_req       = st == S_MW;
`endif
  assign data_phase   = st == S_RDQ || st == S_RDW;
`ifdef GTREF_VARIANT_DATA_READ_SLOW
  // Legal variant (docs/rtl-variants.md): a data read (each poll of a semaphore wait too) is requested only after the
  // engine has been ready to make it for 8 cycles (contract §3 fixes no cycle for a request).
  logic [3:0] dr_wait;
  always_ff @(posedge clk) begin
    if (!rst_n || st != S_RDQ) dr_wait <= 4'd0;
    else if (dr_wait != 4'd8)  dr_wait <= dr_wait + 4'd1;
  end
  assign dr_req       = st == S_RDQ && !fetch_busy && !el_hold && dr_wait == 4'd8;
`else
  assign dr_req       = st == S_RDQ && !fetch_busy && !el_hold;
`endif
  logic el_req;
  assign el_req       = el_wr || el_rd;
  assign req_valid    = mw_req || dr_req || el_req || (f_rd_valid && !data_phase);
  assign req_write    = mw_req || el_wr;
  // GAM-1, GAM-2: the client, and the effective space: PPGTT only when RING_MODE[9] is set and the access selects
  // it (the ring fetch never does; a batch fetch per its level's effective PPGTT bit, C10, C16). RING_MODE is
  // taken as the engine holds it when it makes the request.
  logic ppgtt_en, f_gg;
  assign ppgtt_en     = (ring_mode & MODE_PPGTT_ENABLE) != 32'd0;
  assign f_gg         = s_ring || !f_pp;
  assign req_client   = (mw_req || el_wr) ? CLIENT_WR : (dr_req || el_rd) ? CLIENT_DR : CLIENT_IF;
  assign req_ggtt     = !ppgtt_en || (mw_req ? ws_gg : dr_req ? dr_gg : el_req ? 1'b1 : f_gg);
  assign req_addr     = mw_req ? w_addr : dr_req ? {dr_addr[63:6], 6'd0} : el_req ? el_addr : f_rd_addr;
  assign req_wdata    = el_wr ? el_wdata : w_data;
  assign req_be       = mw_req ? w_be : el_wr ? el_be : 8'h00;
  assign f_rd_gnt     = req_gnt && !mw_req && !data_phase && !el_req;
  assign f_rsp_valid  = rsp_valid && st != S_RDW && !el_rd_busy;
  // a faulted write is dropped by the GAM: it will never be acknowledged (GAM-15)
  assign wr_pend_next = wr_pend + {1'b0, req_gnt && (mw_req || el_wr)} - {1'b0, wr_ack} - {1'b0, wr_fault};
  always_ff @(posedge clk) begin
    if (!rst_n) wr_pend <= '0;
    else        wr_pend <= wr_pend_next;
  end
endmodule
