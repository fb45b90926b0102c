// el_tb: self-checking DUT-only tests (no model, no scoreboard) of the execlist unit (docs/execlists.md), with the
// hand-derived vectors of docs/execlists-vectors.md: each check names its vector (or rule) and the value it expects.
// Run all tests on the clean RTL and on the catalogued bugs of el_tb.expect: tests/rtl/run_harness.sh el_tb.
// One test per run: +test=NAME; prints "PASS NAME" or "FAIL NAME (n errors)" and the first errors.
//
// Cycle numbering as in irq_tb: `cyc` is the cycle in progress at a falling edge (the testbench drives and samples
// there); a host access driven in cycle n transfers at the closing edge of n, its read data is sampled in n+1.
module el_tb import gtref_pkg::*; ();
  localparam int NE = 4;
  `include "harness_dut.svh"

  localparam int RCS0 = 0;
  localparam logic [31:0] B = 32'h2000;                       // RCS0's MMIO base
  localparam logic [31:0] ARB_ON = MI_ARB_ON_OFF_MATCH_VAL | 32'h1, ARB_OFF = MI_ARB_ON_OFF_MATCH_VAL;
  localparam logic [31:0] NOOP = 32'h0;
  // S.1 (docs/execlists-vectors.md): addresses and descriptors
  localparam logic [31:0] HWSP = 32'h0001_0000;
  localparam logic [31:0] A_LO = 32'h0010_0119, A_ID = 32'h20, B_LO = 32'h0011_0119, B_ID = 32'h40;

  `include "harness_mem.svh"
  `include "harness_check.svh"

  // ---- monitor: memory writes, RCS0's commits and retires ----
  logic [63:0] wr_addr [$], wr_data [$];
  logic [7:0]  wr_be [$];
  int          commit_cyc [$], retire_cyc [$];
  logic [31:0] commit_off [$], commit_data [$];
  always @(posedge clk) begin
    if (rst_n) begin
      if (mem_req_valid && mem_req_ready && mem_req_write) begin
        wr_addr.push_back(mem_req_addr); wr_data.push_back(mem_req_wdata); wr_be.push_back(mem_req_be);
      end
      if (probe_commit_valid[RCS0]) begin
        commit_cyc.push_back(cyc); commit_off.push_back(probe_commit_off[RCS0]);
        commit_data.push_back(probe_commit_data[RCS0]);
      end
      if (probe_retire[RCS0]) retire_cyc.push_back(cyc);
    end
    cyc <= cyc + 1;
  end

  // ---- host access, cycle-exact; every task starts and ends at a falling edge ----
  logic [31:0] rdv, cd;
  logic        cv;
  task automatic acc(input bit wr, input logic [31:0] a, input logic [31:0] d);
    mmio_req_valid = 1'b1; mmio_req_write = wr; mmio_req_addr = a; mmio_req_wdata = d;
    @(negedge clk);
    mmio_req_valid = 1'b0; mmio_req_write = 1'b0;
    rdv = mmio_rsp_rdata;
    cv  = probe_mmio_commit_valid;
    cd  = probe_mmio_commit_data;
    if (!wr) chk(mmio_rsp_valid, "no read response");
  endtask
  task automatic W(input logic [31:0] a, input logic [31:0] d);
    acc(1'b1, a, d);
  endtask
  task automatic R(input logic [31:0] a, input logic [31:0] exp, input string what);
    acc(1'b0, a, 32'd0);
    chk(rdv === exp, $sformatf("%s: read %08x = %08x, expected %08x", what, a, rdv, exp));
  endtask
  task automatic wait_cycles(input int n);
    repeat (n) @(negedge clk);
  endtask

  // ---- a ring-buffer-mode ring for RCS0 at 0x00200000 ----
  localparam logic [63:0] RING = 64'h0020_0000;
  logic [63:0] wp;
  task automatic put(input logic [31:0] dw);
    mem[wp] = dw;
    wp += 64'd4;
  endtask
  task automatic ring_setup();
    W(B + RING_START_OFF, RING[31:0]);
    W(B + RING_HEAD_OFF, 32'd0);
    W(B + RING_TAIL_OFF, 32'd0);
    W(B + RING_CTL_OFF, 32'd1);
  endtask
  task automatic release_all();
    if (wp[2]) put(NOOP);
    W(B + RING_TAIL_OFF, 32'(wp - RING));
    wp = {wp[63:6], 6'd0} + 64'd128;
  endtask
  task automatic wait_retire(input logic [31:0] dw0);
    int t = 0;
    while (!(probe_retire[RCS0] && probe_retire_dw0[RCS0] == dw0) && t < 2000) begin @(negedge clk); t++; end
    chk(probe_retire[RCS0], $sformatf("no retire of %08x", dw0));
  endtask

  // S.5: Load [X, Y] on RCS0 (element 1 first, low then high dword, then EXECLIST_CONTROL = 1)
  task automatic load(input logic [31:0] x_lo, input logic [31:0] x_id, input logic [31:0] y_lo,
                      input logic [31:0] y_id);
    W(B + EXECLIST_SQ_LO1_OFF, y_lo);
    W(B + EXECLIST_SQ_HI1_OFF, y_id);
    W(B + EXECLIST_SQ_LO0_OFF, x_lo);
    W(B + EXECLIST_SQ_HI0_OFF, x_id);
    W(B + EXECLIST_CONTROL_OFF, 32'h1);
  endtask

  task automatic do_reset();
    rst_n = 1'b0;
    wait_cycles(3);
    commit_cyc.delete(); commit_off.delete(); commit_data.delete(); retire_cyc.delete();
    wr_addr.delete(); wr_data.delete(); wr_be.delete();
    mem.delete();
    wp = RING;
    rst_n = 1'b1;
    wait_cycles(2);
  endtask

  // =====================================================================================================
  // Tests
  // =====================================================================================================
  // status: EXECLIST_STATUS as derived values (EL-13, E3), EXECLIST_CONTROL (§2.1), ring-buffer mode (EL-1),
  // MI_ARB_ON_OFF's bit 16 in ring-buffer mode (E13), the Load ignored for element 0 invalid (V9a, EL-12).
  task automatic t_status();
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0001_0000, "EL-13 idle after reset");
    R(B + EXECLIST_STATUS_HI_OFF, 32'h0, "EL-13 HI idle after reset");
    R(B + CONTEXT_STATUS_PTR_OFF, 32'h0000_0B0B, "EL-21 CONTEXT_STATUS_PTR reset");
    // ring-buffer mode: a Load does nothing (EL-1, EL-11)
    load(A_LO, A_ID, 32'h0, 32'h0);
    chk(!cv, "§2.1 EXECLIST_CONTROL write: no commit report");
    R(B + EXECLIST_CONTROL_OFF, 32'h0, "§2.1 EXECLIST_CONTROL reads 0");
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0001_0000, "EL-1 ring-buffer mode: Load ignored");
    R(B + EXECLIST_STATUS_HI_OFF, 32'h0, "EL-1 ring-buffer mode: HI");
    R(B + EXECLIST_SQ_LO0_OFF, A_LO, "EL-10 submit queue is storage");
    // a status write to the derived register changes nothing (RO)
    W(B + EXECLIST_STATUS_LO_OFF, 32'h0);
    chk(!cv, "EXECLIST_STATUS_LO write: no commit");
    // MI_ARB_ON_OFF sets bit 16 at its retire, in ring-buffer mode too (E13, §9)
    ring_setup();
    put(ARB_OFF);
    release_all();
    wait_retire(ARB_OFF);                                      // a read in the retire cycle sees the state before it
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0001_0000, "EL-13 read in MI_ARB_ON_OFF's retire cycle: bit 16 still set");
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0000_0000, "E13 MI_ARB_ON_OFF off: bit 16 clear after its retire");
    put(ARB_ON);
    release_all();
    wait_retire(ARB_ON);
    wait_cycles(1);
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0001_0000, "E13 MI_ARB_ON_OFF on: bit 16 set");
    W(B + RING_CTL_OFF, 32'd0);                               // ring disabled before the mode change (EL-1)
    // V9a: execlist mode, element 0 with Valid = 0: the Load is ignored (EL-12)
    W(B + HWS_PGA_OFF, HWSP);
    W(B + CONTEXT_STATUS_PTR_OFF, 32'hFFFF_0B0B);
    W(B + RING_MODE_OFF, 32'h0008_0008);
    R(B + RING_MODE_OFF, 32'h0000_0808, "EL-1 RING_MODE bit 3 set (masked; RCS0 reset 0x800)");
    load(32'h0010_0118, A_ID, 32'h0, 32'h0);
    wait_cycles(200);
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0001_0000, "V9a#2 STATUS_LO");
    R(B + EXECLIST_STATUS_HI_OFF, 32'h0, "V9a#2 STATUS_HI");
    R(B + CONTEXT_STATUS_PTR_OFF, 32'h0000_0B0B, "V9a#2 CONTEXT_STATUS_PTR");
    chk(wr_addr.size() == 0, $sformatf("V9a#1 no write (%0d)", wr_addr.size()));
    chk(!probe_halted[RCS0], "V9a#3 not halted");
    chk(irq === 1'b0, "V9a#3 irq 0");
    chk(probe_idle[RCS0], "EL-30 idle after an ignored Load");
  endtask

  // load_state: EXECLIST_STATUS right after Loads (EL-11, EL-13; E3's example values), before the switch they start
  // changes any slot: Load [A] fills slot 0 (0x00054012, HI = ID(A)); a second Load fills slot 1 (0x0005401E); a
  // third replaces the pending one (the same status, E2).
  task automatic t_load_state();
    W(B + HWS_PGA_OFF, HWSP);
    W(B + RING_MODE_OFF, 32'h0008_0008);
    load(A_LO, A_ID, 32'h0, 32'h0);
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0005_4012, "EL-13 slot 0 element 0 after Load [A]");
    R(B + EXECLIST_STATUS_HI_OFF, A_ID, "EL-13 HI = ID(A)");
    chk(!probe_idle[RCS0], "EL-30 not idle from the Load's edge");
    load(B_LO, B_ID, 32'h0, 32'h0);
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0005_401E, "EL-13 slot 1 pending after Load [B]");
    R(B + EXECLIST_STATUS_HI_OFF, A_ID, "EL-13 HI still ID(A)");
    load(B_LO, B_ID, A_LO, A_ID);
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0005_401E, "EL-11 a Load replaces the pending submission");
    R(B + EXECLIST_STATUS_HI_OFF, A_ID, "EL-11 HI unchanged by the replacement");
  endtask

  initial begin
    if (!$value$plusargs("test=%s", test)) $fatal(1, "usage: +test=NAME");
    do_reset();
    case (test)
      "status":     t_status();
      "load_state": t_load_state();
      default:      $fatal(1, "unknown test %s", test);
    endcase
    verdict();
  end
endmodule
