// gt_top: the gtref DUT, a GT front end with NUM_ENGINES command streamers (docs/cycle-contract.md).
//
//   gt_top
//     gt_engine #(ENGINE=e)   g_eng[e].u_eng, e = 0..NUM_ENGINES-1 (register block at ENGINE_BASE[e])
//       gt_cmd_fetch          u_fetch: ring/batch line fetch, dword stream
//     gt_irq                  u_irq: the Gen11 interrupt aggregator (docs/interrupts.md): global registers,
//                             collapsing registers, GT_INTR_DW0/1 double buffering, selector/identity, irq
//     gt_gam                  u_gam: the GAM (docs/gam.md): MIDARB arbiter, translation (TLBs, page walker),
//                             faults, the port register, response routing, the GAM-owned global registers
//     gt_pkg_check            u_pkg_check: elaboration-time checks of gtref_pkg (no logic)
//
// Every output is a flip-flop or a function of flip-flops only; no input reaches an output
// combinationally. mmio_req_ready, mmio_rsp_*, probe_mmio_commit_*, irq, mem_req_* and probe_gam_* are
// flip-flops; the engine probes and the probe_req_* bundle are decodes of engine flip-flops.
//
// MMIO: a write changes the register at the closing edge of its transfer cycle. A read returns the value
// held during its transfer cycle on mmio_rsp_rdata in the next cycle. Unknown offsets read 0; writes to
// them, and to fully read-only registers, are dropped without a commit.
// probe_mmio_commit_* reports a host write in the cycle after its transfer cycle: it is a flip-flop, and
// the request is not known to the DUT before the transfer cycle's inputs arrive (see the report to the
// lead: the contract's "in the cycle whose closing edge makes it" cannot hold for host writes with
// flop-only outputs).
module gt_top import gtref_pkg::*; #(parameter int NUM_ENGINES = 1) (
  input  logic clk, rst_n,                         // rst_n: synchronous, active low
  // MMIO (host) port, dword registers
  input  logic        mmio_req_valid, mmio_req_write,
  input  logic [31:0] mmio_req_addr,               // byte offset, dword aligned
  input  logic [31:0] mmio_req_wdata,
  output logic        mmio_req_ready,
  output logic        mmio_rsp_valid,              // read data, exactly one cycle after the read transferred
  output logic [31:0] mmio_rsp_rdata,
  // memory port (one port for the whole GT)
  output logic        mem_req_valid, mem_req_write,
  output logic [63:0] mem_req_addr,                // physical; read: 64-byte-aligned line; write: 8-byte aligned
  output logic [63:0] mem_req_wdata,               // byte i of the qword = wdata[8i+7:8i]
  output logic [7:0]  mem_req_be,
  output logic [2:0]  mem_req_src,                 // 0..3 engine, 4 walker (docs/gam.md GAM-17)
  input  logic        mem_req_ready,
  input  logic        mem_rsp_valid,               // read data, in request order; the DUT always accepts it
  input  logic [511:0] mem_rsp_data,               // byte i of the line = data[8i+7:8i]
  output logic        irq,
  // probe bundle (for the scoreboard only)
  output logic [NUM_ENGINES-1:0]       probe_retire,
  output logic [NUM_ENGINES-1:0][31:0] probe_retire_dw0,
  output logic [NUM_ENGINES-1:0][63:0] probe_retire_addr,  // graphics address of the command's DW0
  output logic [NUM_ENGINES-1:0]       probe_retire_err,   // the command was illegal
  output logic [NUM_ENGINES-1:0]       probe_commit_valid,
  output logic [NUM_ENGINES-1:0][31:0] probe_commit_off,   // absolute MMIO offset
  output logic [NUM_ENGINES-1:0][31:0] probe_commit_data,  // the register's new value
  output logic [NUM_ENGINES-1:0]       probe_idle,
  output logic [NUM_ENGINES-1:0]       probe_halted,
  output logic        probe_mmio_commit_valid,
  output logic [31:0] probe_mmio_commit_off,
  output logic [31:0] probe_mmio_commit_data,
  // GAM probes (docs/gam.md GAM-17): flops showing the previous closing edge, except the request bundle, which is
  // the engines' current request
  output logic [NUM_ENGINES-1:0]       probe_req_valid,    // engine e's request to the GAM, this cycle
  output logic [NUM_ENGINES-1:0][1:0]  probe_req_client,
  output logic [NUM_ENGINES-1:0]       probe_req_ggtt,
  output logic [NUM_ENGINES-1:0][63:0] probe_req_va,
  output logic [NUM_ENGINES-1:0]       probe_req_write,
  output logic [NUM_ENGINES-1:0][63:0] probe_req_wdata,
  output logic [NUM_ENGINES-1:0][7:0]  probe_req_be,
  output logic        probe_gam_gnt_valid,                 // a grant at the previous edge ...
  output logic [1:0]  probe_gam_gnt_engine,                //   ... to this engine
  output logic [1:0]  probe_gam_arb_state,                 // the arbiter's state (after the previous edge)
  output logic        probe_gam_lookup_valid,              // a LOOKUP phase in the previous cycle
  output logic [1:0]  probe_gam_lookup_engine,
  output logic        probe_gam_lookup_hit,
  output logic [4:0]  probe_gam_lookup_index,              // the entry hit (0 on a miss)
  output logic        probe_gam_fill_valid,                // a TLB fill at the previous edge
  output logic [1:0]  probe_gam_fill_engine,
  output logic [4:0]  probe_gam_fill_index,
  output logic        probe_gam_fault_valid,               // a fault at the previous edge
  output logic [1:0]  probe_gam_fault_engine,
  output logic [1:0]  probe_gam_fault_type,
  output logic [NUM_ENGINES-1:0]       probe_gam_wr_ack,   // wr_ack at the previous edge
  output logic [NUM_ENGINES-1:0]       probe_gam_rsp,      // a read response routed to engine e at the previous edge
  output logic [29:0]                  probe_gam_casc      // the cascade's state after the previous edge (GAM-29)
);
  if (NUM_ENGINES < 1 || NUM_ENGINES > MAX_ENGINES) begin : g_bad_engines
    $error("gt_top: NUM_ENGINES must be 1..%0d", MAX_ENGINES);
  end
  gt_pkg_check u_pkg_check ();  // elaboration-time checks of gtref_pkg against the RTL's assumptions

  // =====================================================================================================
  // MMIO port
  // =====================================================================================================
  logic mmio_wr, mmio_rd;
  assign mmio_wr = mmio_req_valid && mmio_req_ready && mmio_req_write;
  assign mmio_rd = mmio_req_valid && mmio_req_ready && !mmio_req_write;

  logic [NUM_ENGINES-1:0]       e_commit;
  logic [NUM_ENGINES-1:0][31:0] e_rdata, e_new;
  logic                         i_commit, a_commit;
  logic [31:0]                  i_rdata, i_new, a_rdata, a_new;

  logic        any_commit;
  logic [31:0] rdata_all, new_all;
  always_comb begin
    // register blocks decode disjoint offsets and return 0 when not addressed
    any_commit = i_commit | a_commit;
    rdata_all  = i_rdata | a_rdata;
    new_all    = i_new | a_new;
    for (int e = 0; e < NUM_ENGINES; e++) begin
      any_commit = any_commit | e_commit[e];
      rdata_all  = rdata_all | e_rdata[e];
      new_all    = new_all | e_new[e];
    end
  end

`ifdef GTREF_VARIANT_MMIO_READY_SLOW
  logic [1:0] mmio_busy_q;    // cycles the port stays not ready after a transfer
`endif
  always_ff @(posedge clk) begin
    if (!rst_n) begin
`ifdef GTREF_VARIANT_MMIO_READY_SLOW
      mmio_busy_q             <= 2'd0;
`endif
      mmio_req_ready          <= 1'b0;
      mmio_rsp_valid          <= 1'b0;
      mmio_rsp_rdata          <= '0;
      probe_mmio_commit_valid <= 1'b0;
      probe_mmio_commit_off   <= '0;
      probe_mmio_commit_data  <= '0;
    end else begin
`ifdef GTREF_VARIANT_MMIO_READY_SLOW
      // Legal variant (docs/rtl-variants.md): the port is not ready for the two cycles after each transfer, so
      // back-to-back host accesses transfer at most every third cycle (contract §1: ready is the DUT's to drive).
      mmio_busy_q    <= (mmio_wr || mmio_rd) ? 2'd2 : (mmio_busy_q != 2'd0 ? mmio_busy_q - 2'd1 : 2'd0);
      mmio_req_ready <= !(mmio_wr || mmio_rd) && mmio_busy_q <= 2'd1;
`else
      mmio_req_ready <= 1'b1;
`endif
      // read: the value before the closing edge of the transfer cycle, in the next cycle
      mmio_rsp_valid <= mmio_rd;
      if (mmio_rd) mmio_rsp_rdata <= rdata_all;
      // Commit rule 3 (host side): the write's register change happens at this closing edge; its report
      // (offset, new stored value) follows in the next cycle, from these flip-flops.
      probe_mmio_commit_valid <= mmio_wr && any_commit;
      probe_mmio_commit_off   <= mmio_req_addr;
      probe_mmio_commit_data  <= new_all;
    end
  end

  // =====================================================================================================
  // Engines
  // =====================================================================================================
  logic [NUM_ENGINES-1:0]       req_valid, req_write, req_ggtt, req_gnt, wr_ack, rsp_valid, fault, tlb_inv;
  logic [NUM_ENGINES-1:0][1:0]  req_client;
  logic [NUM_ENGINES-1:0][63:0] req_addr, req_wdata, pdp0;
  logic [NUM_ENGINES-1:0][31:0] dclv;
  logic [NUM_ENGINES-1:0][7:0]  req_be;
  logic [1:0]                   fault_client;
  logic [NUM_ENGINES-1:0]       evt_valid;
  logic [NUM_ENGINES-1:0][15:0] evt_bits, evt_imr;
  logic [NUM_ENGINES-1:0]       sig_valid, sig_in;
  logic [NUM_ENGINES-1:0][1:0]  sig_engine;

  // MI_SEMAPHORE_SIGNAL routing (commands.md §5, C32): engine t's pending-signal flag is set at the closing
  // edge of any engine's retire of a signal to t; a signal to an engine this build lacks (t >= NUM_ENGINES)
  // has no effect.
  always_comb
    for (int t = 0; t < NUM_ENGINES; t++) begin
      sig_in[t] = 1'b0;
      for (int e = 0; e < NUM_ENGINES; e++)
        if (sig_valid[e] && 32'(sig_engine[e]) == 32'(t)) sig_in[t] = 1'b1;
    end

  for (genvar e = 0; e < NUM_ENGINES; e++) begin : g_eng
    gt_engine #(.ENGINE(e)) u_eng (
      .clk, .rst_n,
      .mmio_wr, .mmio_addr(mmio_req_addr), .mmio_wdata(mmio_req_wdata),
      .mmio_rdata(e_rdata[e]), .mmio_commit(e_commit[e]), .mmio_new(e_new[e]),
      .req_valid(req_valid[e]), .req_client(req_client[e]), .req_ggtt(req_ggtt[e]), .req_write(req_write[e]),
      .req_addr(req_addr[e]), .req_wdata(req_wdata[e]), .req_be(req_be[e]), .req_gnt(req_gnt[e]),
      .wr_ack(wr_ack[e]), .rsp_valid(rsp_valid[e]), .rsp_data(mem_rsp_data),
      .fault(fault[e]), .fault_client, .pdp0(pdp0[e]), .dclv(dclv[e]), .tlb_inv(tlb_inv[e]),
      .evt_valid(evt_valid[e]), .evt_bits(evt_bits[e]), .evt_imr(evt_imr[e]),
      .sig_valid(sig_valid[e]), .sig_engine(sig_engine[e]), .sig_in(sig_in[e]),
      .probe_retire(probe_retire[e]), .probe_retire_dw0(probe_retire_dw0[e]),
      .probe_retire_addr(probe_retire_addr[e]), .probe_retire_err(probe_retire_err[e]),
      .probe_commit_valid(probe_commit_valid[e]), .probe_commit_off(probe_commit_off[e]),
      .probe_commit_data(probe_commit_data[e]), .probe_idle(probe_idle[e]), .probe_halted(probe_halted[e])
    );
  end

  // =====================================================================================================
  // Interrupts
  // =====================================================================================================
  gt_irq #(.NUM_ENGINES(NUM_ENGINES)) u_irq (
    .clk, .rst_n,
    .mmio_wr, .mmio_rd, .mmio_addr(mmio_req_addr), .mmio_wdata(mmio_req_wdata),
    .mmio_rdata(i_rdata), .mmio_commit(i_commit), .mmio_new(i_new),
    .evt_valid, .evt_bits, .evt_imr, .irq
  );

  // =====================================================================================================
  // The GAM and the memory port
  // =====================================================================================================
  gt_gam #(.NUM_ENGINES(NUM_ENGINES)) u_gam (
    .clk, .rst_n,
    .mmio_wr, .mmio_addr(mmio_req_addr), .mmio_wdata(mmio_req_wdata),
    .mmio_rdata(a_rdata), .mmio_commit(a_commit), .mmio_new(a_new),
    .req_valid, .req_client, .req_ggtt, .req_va(req_addr), .req_write, .req_wdata, .req_be,
    .req_gnt, .wr_ack, .rsp_valid, .fault, .fault_client, .pdp0, .dclv, .tlb_inv,
    .mem_req_valid, .mem_req_write, .mem_req_addr, .mem_req_wdata, .mem_req_be, .mem_req_src,
    .mem_req_ready, .mem_rsp_valid, .mem_rsp_data,
    .probe_gam_gnt_valid, .probe_gam_gnt_engine, .probe_gam_arb_state,
    .probe_gam_lookup_valid, .probe_gam_lookup_engine, .probe_gam_lookup_hit, .probe_gam_lookup_index,
    .probe_gam_fill_valid, .probe_gam_fill_engine, .probe_gam_fill_index,
    .probe_gam_fault_valid, .probe_gam_fault_engine, .probe_gam_fault_type,
    .probe_gam_wr_ack, .probe_gam_rsp, .probe_gam_casc
  );

  // the engines' current requests (functions of engine flip-flops)
  assign probe_req_valid  = req_valid;
  assign probe_req_client = req_client;
  assign probe_req_ggtt   = req_ggtt;
  assign probe_req_va     = req_addr;
  assign probe_req_write  = req_write;
  assign probe_req_wdata  = req_wdata;
  assign probe_req_be     = req_be;
endmodule
