// irq_tb: self-checking DUT-only tests (no model, no scoreboard) of the interrupt logic, cycle-exact against the
// written contract (docs/interrupts.md IRQ-1..IRQ-21, §2.4, §3; cycle contract §2, §5).
// Run all tests on the clean RTL and on each catalogued interrupt bug: tests/rtl/run_harness.sh irq_tb (a verdict table; expectations in irq_tb.expect).
// One test per run: +test=NAME; prints "PASS NAME" or "FAIL NAME (n errors)" and the first errors.
//
// Cycle numbering: `cyc` is the cycle in progress at a falling edge (the testbench drives and samples there).
// A host access driven in cycle n transfers at the closing edge of n: its read data and its commit report are
// sampled in n+1. An engine's probe_retire seen in cycle n: the retire (and its event) is at the closing edge of n.
module irq_tb import gtref_pkg::*; ();
  localparam int NE = 4;
  `include "harness_dut.svh"

  localparam int RCS0 = 0, BCS0 = 1, VCS0 = 2, VECS0 = 3;
  localparam logic [31:0] MSTR = GFX_MSTR_IRQ_OFF, DW0 = GT_INTR_DW0_OFF, DW1 = GT_INTR_DW1_OFF;
  localparam logic [31:0] EN_RC = RENDER_COPY_INTR_ENABLE_OFF, EN_VV = VCS_VECS_INTR_ENABLE_OFF;
  localparam logic [31:0] MK_RCS = RCS0_INTR_MASK_OFF, MK_BCS = BCS_INTR_MASK_OFF, MK_VCS = VCS0_VCS1_INTR_MASK_OFF;
  localparam logic [31:0] ID0 = INTR_IDENTITY_REG0_OFF, ID1 = INTR_IDENTITY_REG1_OFF;
  localparam logic [31:0] SEL0 = IIR_REG_SELECTOR0_OFF, SEL1 = IIR_REG_SELECTOR1_OFF;
  localparam logic [31:0] USER = MI_USER_INTERRUPT_MATCH_VAL, NOOP = 32'h0, ILLEGAL = 32'hE000_0000;
  localparam logic [31:0] CTL_OFF = 32'h178, THR_OFF = 32'h17C;
  localparam logic [63:0] HWSP = 64'h40_0000, DATA = 64'h80_0000;
  function automatic logic [31:0] IMR(input int e);    return ENGINE_BASE[e] + IMR_OFF;    endfunction
  function automatic logic [31:0] HWSTAM(input int e); return ENGINE_BASE[e] + HWSTAM_OFF; endfunction
  function automatic logic [31:0] REG(input int e, input logic [31:0] off); return ENGINE_BASE[e] + off; endfunction

  `include "harness_mem.svh"
  `include "harness_check.svh"

  // ---- monitor ----
  int          wr_cyc [$];                 // memory writes that transferred
  logic [63:0] wr_addr [$], wr_data [$];
  logic [7:0]  wr_be [$];
  int          retire_cyc [NE][$];
  int          commit_cyc [NE][$];
  logic [31:0] commit_off [NE][$], commit_data [NE][$];
  int          wd_cyc [$];
  always @(posedge clk) begin
    if (rst_n) begin
      if (mem_req_valid && mem_req_ready && mem_req_write) begin
        wr_cyc.push_back(cyc); wr_addr.push_back(mem_req_addr); wr_data.push_back(mem_req_wdata);
        wr_be.push_back(mem_req_be);
      end
      for (int e = 0; e < NE; e++) begin
        if (probe_retire[e]) retire_cyc[e].push_back(cyc);
        if (probe_commit_valid[e]) begin
          commit_cyc[e].push_back(cyc); commit_off[e].push_back(probe_commit_off[e]);
          commit_data[e].push_back(probe_commit_data[e]);
        end
      end
      if (dut.evt_valid[0] && dut.evt_bits[0][6]) wd_cyc.push_back(cyc);
    end
    cyc <= cyc + 1;
  end


  // =====================================================================================================
  // Host access, cycle-exact. Every task starts and ends at a falling edge.
  // =====================================================================================================
  logic [31:0] rdv, cd;   // the last access's read data and commit report (cd valid iff cv)
  logic        cv;
  task automatic acc(input int at, input bit wr, input logic [31:0] a, input logic [31:0] d);
    chk(cyc <= at, $sformatf("access meant for cycle %0d comes in %0d", at, cyc));
    while (cyc < at) @(negedge clk);
    mmio_req_valid = 1'b1; mmio_req_write = wr; mmio_req_addr = a; mmio_req_wdata = d;
    @(negedge clk);
    mmio_req_valid = 1'b0; mmio_req_write = 1'b0;
    rdv = mmio_rsp_rdata;
    cv  = probe_mmio_commit_valid;
    cd  = probe_mmio_commit_data;
    if (!wr) chk(mmio_rsp_valid, "no read response");
  endtask
  task automatic W(input logic [31:0] a, input logic [31:0] d);
    acc(cyc, 1'b1, a, d);
  endtask
  task automatic Wc(input logic [31:0] a, input logic [31:0] d, input logic [31:0] c, input string what);
    acc(cyc, 1'b1, a, d);
    chk(cv && cd == c, $sformatf("%s: commit %0d/%08x, expected %08x", what, cv, cd, c));
  endtask
  task automatic R(input logic [31:0] a, input logic [31:0] exp, input string what);
    acc(cyc, 1'b0, a, 32'd0);
    chk(rdv === exp, $sformatf("%s: read %08x = %08x, expected %08x", what, a, rdv, exp));
  endtask
  task automatic wait_cycles(input int n);
    repeat (n) @(negedge clk);
  endtask
  task automatic irq_is(input logic v, input string what);
    chk(irq === v, $sformatf("%s: irq %b, expected %b", what, irq, v));
  endtask

  // ---- rings ----
  function automatic logic [63:0] ring_of(input int e);
    return 64'h10_0000 * 64'(e + 1);
  endfunction
  logic [63:0] wp [NE];
  task automatic put(input int e, input logic [31:0] dw);
    mem[wp[e]] = dw;
    wp[e] += 64'd4;
  endtask
  task automatic ring_setup(input int e);
    logic [63:0] rb = ring_of(e);
    W(REG(e, 32'h38), rb[31:0]);
    W(REG(e, 32'h34), 32'd0);
    W(REG(e, 32'h30), 32'd0);
    W(REG(e, 32'h3C), 32'd1);
  endtask
  // RING_TAIL, qword aligned. The engine may fetch the line holding TAIL (cycle contract §3, §8): the next
  // commands start two lines on, in memory no fetch has seen (unwritten memory reads 0, MI_NOOP, in between).
  task automatic release_all(input int e);
    if (wp[e][2]) put(e, NOOP);
    W(REG(e, 32'h30), 32'(wp[e] - ring_of(e)));
    wp[e] = {wp[e][63:6], 6'd0} + 64'd128;
  endtask
  // wait (at falling edges) for engine e's next retire of a command with that DW0; returns in its retire cycle
  task automatic wait_retire(input int e, input logic [31:0] dw0, output int n);
    int t = 0;
    while (!(probe_retire[e] && probe_retire_dw0[e] == dw0) && t < 2000) begin @(negedge clk); t++; end
    chk(probe_retire[e], $sformatf("engine %0d: no retire of %08x", e, dw0));
    n = cyc;
  endtask
  // engine e raises USER: one MI_USER_INTERRUPT released now; returns in its retire cycle
  task automatic user_irq(input int e, output int n);
    put(e, USER);
    release_all(e);
    wait_retire(e, USER, n);
  endtask

  task automatic do_reset();
    rst_n = 1'b0;
    wait_cycles(3);
    for (int e = 0; e < NE; e++) begin
      retire_cyc[e].delete(); commit_cyc[e].delete(); commit_off[e].delete(); commit_data[e].delete();
      wp[e] = ring_of(e);
    end
    wr_cyc.delete(); wr_addr.delete(); wr_data.delete(); wr_be.delete(); wd_cyc.delete();
    mem.delete();
    rst_n = 1'b1;
    wait_cycles(2);
  endtask

  // every engine: ring set up; RCS0, BCS0, VCS0 USER routed (IMR bit 0 clear, enabled, unmasked); master as given
  task automatic setup_all(input bit mstr);
    for (int e = 0; e < NE; e++) ring_setup(e);
    for (int e = 0; e < NE; e++) W(IMR(e), 32'hFFFF_FFFE);
    W(EN_RC, 32'h0001_0001);
    W(EN_VV, 32'h0001_0001);
    W(MK_RCS, 32'h0);
    W(MK_BCS, 32'h0);
    W(MK_VCS, 32'h0);
    if (mstr) W(MSTR, MSTR_IRQ_ENABLE);
  endtask

  // =====================================================================================================
  // Tests
  // =====================================================================================================
  // §2.4 first timeline: selector latency, presentation, identity clear (IRQ-15 to IRQ-18, IRQ-20)
  task automatic t_sel_latency();
    int n, r;
    setup_all(1'b0);
    user_irq(RCS0, r);
    wait_cycles(2);
    R(DW0, 32'h1, "DW0 after the USER retire");
    n = cyc;
    acc(n, 1'b1, SEL0, 32'h1);                         // n: accepted
    chk(cv && cd == 32'h1, $sformatf("selector commit %0d/%08x, expected 1", cv, cd));
    acc(n + 1, 1'b0, ID0, 0);
    chk(rdv == 32'h0, $sformatf("n+1: identity %08x, expected 0", rdv));
    acc(n + 2, 1'b0, ID0, 0);
    chk(rdv == 32'h8000_0001, $sformatf("n+2: identity %08x, expected 80000001", rdv));
    acc(n + 3, 1'b1, ID0, 32'h8000_0000);
    chk(cv && cd == 32'h0, $sformatf("n+4: identity clear commit %0d/%08x, expected 0", cv, cd));
    R(SEL0, 32'h0, "selector after the identity clear");
    R(ID0, 32'h0, "identity after the clear");
    // INST_CR[RCS0] was emptied by the presentation: a new selection presents data 0
    Wc(SEL0, 32'h1, 32'h1, "second selector write");
    wait_cycles(1);
    R(ID0, 32'h8000_0000, "second presentation (nothing pending)");
    // a selector write while Data-Valid is set is ignored; its commit reports the old value (IRQ-15, IRQ-20)
    Wc(SEL0, 32'h8000, 32'h1, "selector write while Data-Valid");
    R(SEL0, 32'h1, "selector kept");
    Wc(ID0, 32'h0000_0000, 32'h8000_0000, "identity write with bit 31 clear");
    R(ID0, 32'h8000_0000, "identity unchanged by a bit-31-clear write");
    W(ID0, 32'h8000_0000);
    R(SEL0, 32'h0, "selector after the second clear");
    // DW bit stays set (a presentation changes no DW bit)
    R(DW0, 32'h1, "DW0 unchanged by presentations");
  endtask

  // §2.4 second timeline: an event inside the service window, then the master re-enabled (IRQ-10..IRQ-14)
  task automatic t_window();
    int c0, c2, c3;
    setup_all(1'b0);
    user_irq(RCS0, c0);                                // c0: DW_IIR0 = 1
    wait_cycles(1);
    R(DW0, 32'h1, "c1: DW0 snapshot");                 // c1: opens the window
    user_irq(BCS0, c2);                                // c2: into DW_CR
    wait_cycles(1);
    R(DW0, 32'h1, "DW0 under service (BCS0's event in DW_CR)");
    R(MSTR, 32'h1, "master bits: DW_CR does not show");
    c3 = cyc;
    Wc(DW0, 32'h1, 32'h8000, "c3: the emptying write");
    R(DW0, 32'h8000, "DW0 after the full clear");
    irq_is(1'b0, "master off");
    acc(cyc, 1'b1, MSTR, 32'h8000_0000);               // c4
    irq_is(1'b1, "c5: the second DW-level event");
    chk(cv && cd == 32'h8000_0000, "master commit");
    R(MSTR, 32'h8000_0001, "master read");
    // the window is closed: a new event sets DW_IIR directly
    W(DW0, 32'h8000);
    irq_is(1'b0, "DW0 empty: irq low in the cycle after the clear");
    user_irq(RCS0, c0);
    wait_cycles(1);
    irq_is(1'b1, "irq high in the cycle after the event");
    R(DW0, 32'h1, "DW0 outside the window");
  endtask

  // an event in the cycle of the opening read goes to DW_CR; a clear in the cycle of an event (IRQ-11, IRQ-12)
  task automatic t_same_cycle_host();
    int c;
    setup_all(1'b0);
    user_irq(RCS0, c);
    wait_cycles(1);
    // BCS0's retire: read DW0 in that very cycle (opens the window, SV_h = 1): its event goes to DW_CR
    put(BCS0, USER); release_all(BCS0);
    while (!(probe_retire[BCS0] && probe_retire_dw0[BCS0] == USER)) @(negedge clk);
    acc(cyc, 1'b0, DW0, 0);
    chk(rdv == 32'h1, $sformatf("read in the event cycle: %08x, expected 1", rdv));
    R(DW0, 32'h1, "BCS0's event of the read's cycle held in DW_CR");
    Wc(DW0, 32'h1, 32'h8000, "emptying write brings BCS0's bit");
    // outside the window, a clear in the cycle of the same engine's event: the event wins; commit without it
    put(BCS0, USER); release_all(BCS0);
    while (!(probe_retire[BCS0] && probe_retire_dw0[BCS0] == USER)) @(negedge clk);
    acc(cyc, 1'b1, DW0, 32'h8000);
    chk(cv && cd == 32'h0, $sformatf("clear in the event cycle: commit %08x, expected 0", cd));
    R(DW0, 32'h8000, "the event wins over the clear");
  endtask

  // a masked event is held in INST_CR and surfaces on the unmasking write (IRQ-8, IRQ-9)
  task automatic t_held();
    int n, u;
    setup_all(1'b1);
    W(MK_RCS, 32'hFFFF_FFFF);                          // RCS0 masked
    user_irq(RCS0, n);
    wait_cycles(2);
    R(DW0, 32'h0, "masked: no DW bit");
    irq_is(1'b0, "masked: irq low");
    W(MK_RCS, 32'hFFFF_FFFF);                          // a mask write that unmasks nothing raises nothing
    R(DW0, 32'h0, "no unmask: no DW bit");
    u = cyc;
    Wc(MK_RCS, 32'h0000_FFFF, 32'h0000_FFFF, "unmasking write");   // u: unmasks RCS0's held bit
    irq_is(1'b1, "irq in the cycle after the unmask");
    R(DW0, 32'h1, "the held bit raises DW0 bit 0");
    W(SEL0, 32'h1);
    wait_cycles(1);
    R(ID0, 32'h8000_0001, "the held bit presented");
    W(ID0, 32'h8000_0000);
    // a bit held while masked is not presented (P = INST_CR & ~MASK)
    W(MK_RCS, 32'hFFFF_FFFF);
    user_irq(RCS0, n);
    wait_cycles(1);
    W(SEL0, 32'h1);
    wait_cycles(1);
    R(ID0, 32'h8000_0000, "masked bits stay in INST_CR, not presented");
    W(ID0, 32'h8000_0000);
    W(MK_RCS, 32'h0);
    W(SEL0, 32'h1);
    wait_cycles(1);
    R(ID0, 32'h8000_0001, "unmasked later: presented");
  endtask

  // a disabled event is dropped (IRQ-7)
  task automatic t_disabled();
    int n;
    setup_all(1'b1);
    W(EN_RC, 32'h0000_0001);                           // RCS0's field disabled
    user_irq(RCS0, n);
    wait_cycles(2);
    R(DW0, 32'h0, "disabled: no DW bit");
    W(EN_RC, 32'h0001_0001);
    W(MK_RCS, 32'hFFFF_FFFF);
    W(MK_RCS, 32'h0);
    R(DW0, 32'h0, "enable + unmask later: nothing (dropped)");
    W(SEL0, 32'h1);
    wait_cycles(1);
    R(ID0, 32'h8000_0000, "nothing in INST_CR");
    irq_is(1'b0, "no irq");
  endtask

  // the engine IMR gates the message, as at the end of the cycle (IRQ-3)
  task automatic t_imr();
    int n;
    setup_all(1'b1);
    W(IMR(RCS0), 32'hFFFF_FFFF);
    user_irq(RCS0, n);
    wait_cycles(2);
    R(DW0, 32'h0, "IMR set: dropped");
    W(IMR(RCS0), 32'hFFFF_FFFE);
    W(SEL0, 32'h1);
    wait_cycles(1);
    R(ID0, 32'h8000_0000, "IMR drop is not held");
    W(ID0, 32'h8000_0000);
    // IMR cleared by a host write in the retire cycle: the message goes out
    W(IMR(RCS0), 32'hFFFF_FFFF);
    put(RCS0, USER); release_all(RCS0);
    while (!(probe_retire[RCS0] && probe_retire_dw0[RCS0] == USER)) @(negedge clk);
    acc(cyc, 1'b1, IMR(RCS0), 32'hFFFF_FFFE);
    R(DW0, 32'h1, "IMR cleared in the retire cycle: sent");
    W(DW0, 32'h1);
    // IMR set in the retire cycle: dropped
    put(RCS0, USER); release_all(RCS0);
    while (!(probe_retire[RCS0] && probe_retire_dw0[RCS0] == USER)) @(negedge clk);
    acc(cyc, 1'b1, IMR(RCS0), 32'hFFFF_FFFF);
    R(DW0, 32'h0, "IMR set in the retire cycle: dropped");
  endtask

  // the HWSTAM status write (IRQ-4)
  task automatic t_hwstam();
    int n, k;
    setup_all(1'b0);
    W(REG(RCS0, HWS_PGA_OFF), HWSP[31:0] + 32'h123);   // HWS_PGA[11:0] ignored for the address
    W(HWSTAM(RCS0), 32'hFFFF_FFFE);
    user_irq(RCS0, n);
    chk(wr_cyc.size() == 1, $sformatf("USER: %0d writes, expected 1", wr_cyc.size()));
    if (wr_cyc.size() >= 1) begin
      chk(wr_addr[0] == HWSP && wr_be[0] == 8'h0F && wr_data[0][31:0] == 32'h1,
          $sformatf("status write %x be %02x data %x", wr_addr[0], wr_be[0], wr_data[0]));
      chk(wr_cyc[0] < n, "status write not before the retire");
    end
    // IMR masks it: no write
    W(IMR(RCS0), 32'hFFFF_FFFF);
    user_irq(RCS0, n);
    chk(wr_cyc.size() == 1, "IMR set: no status write");
    W(IMR(RCS0), 32'hFFFF_FFEE);
    W(HWSTAM(RCS0), 32'hFFFF_FFFF);
    user_irq(RCS0, n);
    chk(wr_cyc.size() == 1, "HWSTAM set: no status write");
    // PIPE_CONTROL with a post-sync write and notify: the status write (d = 0x10) is the last write
    W(HWSTAM(RCS0), 32'hFFFF_FFEF);
    put(RCS0, PIPE_CONTROL_MATCH_VAL | 32'(6 - PIPE_CONTROL_BIAS));
    put(RCS0, (32'd1 << (F_PIPE_CONTROL_POST_SYNC_LO - 32)) | (32'd1 << (F_PIPE_CONTROL_NOTIFY_LO - 32)));
    put(RCS0, DATA[31:0]); put(RCS0, 32'h0); put(RCS0, 32'hAAAA_0001); put(RCS0, 32'hBBBB_0002);
    release_all(RCS0);
    wait_retire(RCS0, PIPE_CONTROL_MATCH_VAL | 32'(6 - PIPE_CONTROL_BIAS), n);
    wait_cycles(1);
    k = wr_cyc.size();
    chk(k == 3, $sformatf("PIPE_CONTROL: %0d writes in all, expected 3", k));
    if (k == 3) begin
      chk(wr_addr[1] == DATA && wr_be[1] == 8'hFF, "PIPE_CONTROL post-sync write first");
      chk(wr_addr[2] == HWSP && wr_be[2] == 8'h0F && wr_data[2][31:0] == 32'h10 && wr_cyc[2] < n,
          $sformatf("PIPE_CONTROL status write %x be %02x data %x", wr_addr[2], wr_be[2], wr_data[2]));
    end
  endtask

  // the error chain: status write, IPEHR, ESR, EIR, retire; CS_MASTER_ERROR iff EIR set (IRQ-4, IRQ-5)
  task automatic t_ipehr();
    int n, c;
    for (int pass = 0; pass < 2; pass++) begin
      do_reset();
      setup_all(1'b1);
      W(IMR(RCS0), 32'hFFFF_FFF7);
      W(EN_RC, 32'h0008_0000);
      W(REG(RCS0, HWS_PGA_OFF), HWSP[31:0]);
      W(HWSTAM(RCS0), 32'hFFFF_FFF7);
      if (pass == 1) W(REG(RCS0, EMR_OFF), 32'h0000_00FF);
      else W(REG(RCS0, EMR_OFF), 32'h0000_00FE);
      put(RCS0, ILLEGAL);
      release_all(RCS0);
      wait_retire(RCS0, ILLEGAL, n);
      chk(probe_retire_err[RCS0], "illegal: retire without err");
      wait_cycles(1);                                  // the retire cycle's commit is recorded at its closing edge
      c = commit_cyc[RCS0].size();
      if (pass == 0) begin
        chk(c == 3, $sformatf("EMR[0]=0: %0d commits, expected 3", c));
        if (c == 3) begin
          chk(commit_off[RCS0][0] == REG(RCS0, IPEHR_OFF) && commit_data[RCS0][0] == ILLEGAL, "first commit IPEHR := DW0");
          chk(commit_off[RCS0][1] == REG(RCS0, ESR_OFF) && commit_data[RCS0][1] == 32'h1, "second commit ESR");
          chk(commit_off[RCS0][2] == REG(RCS0, EIR_OFF) && commit_data[RCS0][2] == 32'h1, "third commit EIR");
          chk(commit_cyc[RCS0][1] == commit_cyc[RCS0][0] + 1 && commit_cyc[RCS0][2] == commit_cyc[RCS0][1] + 1 &&
              commit_cyc[RCS0][2] == n, "IPEHR, ESR, EIR in consecutive cycles, EIR in the retire cycle");
          chk(wr_cyc.size() == 1 && wr_cyc[0] < commit_cyc[RCS0][0] && wr_addr[0] == HWSP &&
              wr_data[0][31:0] == {16'd0, IRQ_CS_MASTER_ERROR}, "status write 0x8 before the IPEHR commit");
        end
        irq_is(1'b1, "CS_MASTER_ERROR raises the line");
        R(DW0, 32'h1, "CS_MASTER_ERROR sets DW0 bit 0");
      end else begin
        chk(c == 2 && commit_off[RCS0][0] == REG(RCS0, IPEHR_OFF) && commit_off[RCS0][1] == REG(RCS0, ESR_OFF),
            $sformatf("EMR[0]=1: %0d commits, expected IPEHR, ESR", c));
        chk(wr_cyc.size() == 0, "EMR[0]=1: no status write");
        R(DW0, 32'h0, "EMR[0]=1: no CS_MASTER_ERROR");
      end
      R(REG(RCS0, IPEHR_OFF), ILLEGAL, "IPEHR read");
      W(REG(RCS0, IPEHR_OFF), 32'h0);                  // read-only: dropped without a commit
      chk(!cv, "IPEHR host write committed");
      R(REG(RCS0, IPEHR_OFF), ILLEGAL, "IPEHR after a host write");
    end
  endtask

  // two engines' events in one cycle both land (IRQ-10): RCS0's WATCHDOG aligned with BCS0's USER retire
  task automatic t_two_engines();
    int r, n, L, t0;
    // calibration: cycles from BCS0's tail write to its USER retire
    setup_all(1'b0);
    put(BCS0, USER);
    r = cyc;
    release_all(BCS0);
    wait_retire(BCS0, USER, n);
    L = n - r;
    do_reset();
    setup_all(1'b0);
    W(IMR(RCS0), 32'hFFFF_FFBF);
    W(EN_RC, 32'h0040_0001);
    W(REG(RCS0, THR_OFF), 32'(L - 1));                // counting from the cycle after the PR_CTR_CTL write
    put(BCS0, USER);
    t0 = cyc;
    release_all(BCS0);                                 // transfers in t0
    acc(t0 + 1, 1'b1, REG(RCS0, CTL_OFF), 32'h8000_0000);   // runs, one tick per clock
    wait_retire(BCS0, USER, n);
    wait_cycles(1);
    chk(wd_cyc.size() >= 1 && wd_cyc[0] == n, $sformatf("alignment: watchdog at %0d, BCS0 retire at %0d",
                                                        wd_cyc.size() ? wd_cyc[0] : -1, n));
    W(REG(RCS0, CTL_OFF), 32'h8000_0001);              // stop
    R(DW0, 32'h0000_8001, "both engines' bits");
  endtask

  // the service routine of §3, end to end, with events in its windows
  task automatic t_isr();
    int n, rounds = 0, seen_r = 0, seen_b = 0, seen_v = 0;
    logic [31:0] m, v, id;
    setup_all(1'b1);
    W(EN_VV, 32'h0001_0001);
    user_irq(RCS0, n);
    user_irq(VCS0, n);
    user_irq(BCS0, n);
    wait_cycles(1);
    while (irq && rounds < 4) begin                    // ISR-1
      rounds++;
      W(MSTR, 32'h0);                                  // ISR-2
      irq_is(1'b0, "ISR-2: irq falls in the cycle after");
      acc(cyc, 1'b0, MSTR, 0); m = rdv;                // ISR-3
      for (int b = 0; b < 2; b++) if (m[b]) begin
        acc(cyc, 1'b0, b ? DW1 : DW0, 0); v = rdv;      // ISR-4
        for (int k = 0; k < 32; k++) if (v[k]) begin
          Wc(b ? SEL1 : SEL0, 32'd1 << k, 32'd1 << k, "ISR-5 selector");
          id = 0;
          for (int t = 0; t < 10 && !id[31]; t++) begin acc(cyc, 1'b0, b ? ID1 : ID0, 0); id = rdv; end  // ISR-6
          chk(id[31], "ISR-6: Data-Valid never came");
          case ({b[0], 5'(k)})                         // ISR-7
            {1'b0, 5'd0}:  begin seen_r++; chk(id == 32'h8000_0001, $sformatf("RCS0 identity %08x", id)); end
            {1'b0, 5'd15}: begin seen_b++; chk(id == 32'h8003_0001, $sformatf("BCS0 identity %08x", id)); end
            {1'b1, 5'd0}:  begin seen_v++; chk(id == 32'h8001_0001, $sformatf("VCS0 identity %08x", id)); end
            default: chk(0, $sformatf("unexpected DW%0d bit %0d", b, k));
          endcase
          Wc(b ? ID1 : ID0, 32'h8000_0000, 32'h0, "ISR-8");
          if (rounds == 1 && b == 0 && k == 0) begin     // an event after ISR-8, before ISR-9: into DW_CR
            put(RCS0, USER); release_all(RCS0); wait_retire(RCS0, USER, n); wait_cycles(1);
          end
        end
        W(b ? DW1 : DW0, v);                           // ISR-9 (once, i915 style)
      end
      W(MSTR, 32'h8000_0000);                          // ISR-10
    end
    chk(rounds == 2, $sformatf("%0d rounds, expected 2 (the event in the window brings a second)", rounds));
    chk(seen_r == 2 && seen_b == 1 && seen_v == 1, $sformatf("serviced RCS0 %0d, BCS0 %0d, VCS0 %0d; expected 2 1 1",
                                                            seen_r, seen_b, seen_v));
    R(DW0, 32'h0, "DW0 empty at the end");
    R(DW1, 32'h0, "DW1 empty at the end");
    R(MSTR, 32'h8000_0000, "master at the end");
    irq_is(1'b0, "irq low at the end");
  endtask

  // protocol breakers (IRQ-19) and reset (IRQ-21)
  task automatic t_protocol();
    int n, s;
    setup_all(1'b0);
    user_irq(BCS0, n);
    wait_cycles(1);
    Wc(SEL0, 32'h0, 32'h0, "selector 0");
    wait_cycles(2);
    R(ID0, 32'h0, "selector 0 presents nothing");
    W(SEL0, 32'h0000_8020);                            // not one-hot: bit 5 (no engine) served
    wait_cycles(1);
    R(ID0, 32'h8000_0000, "no engine at bit 5");
    W(ID0, 32'h8000_0000);
    // identity clear in the presentation cycle cancels it; INST_CR keeps the bits
    s = cyc;
    acc(s, 1'b1, SEL0, 32'h8000);
    acc(s + 1, 1'b0, SEL0, 0);
    chk(rdv == 32'h8000, "selector read");
    acc(s + 2, 1'b1, SEL0, 32'h1);                     // busy (PEND was set, now Data-Valid): ignored
    chk(cd == 32'h8000, $sformatf("ignored selector write commits the old value, got %08x", cd));
    W(ID0, 32'h8000_0000);
    user_irq(BCS0, n);                                 // INST_CR[BCS0] = USER again
    wait_cycles(1);
    s = cyc;
    acc(s, 1'b1, SEL0, 32'h8000);
    acc(s + 1, 1'b1, ID0, 32'h8000_0000);              // the presentation cycle: cancelled
    wait_cycles(2);
    R(ID0, 32'h0, "cancelled presentation");
    W(SEL0, 32'h8000);
    wait_cycles(1);
    R(ID0, 32'h8003_0001, "BCS0 bits kept in INST_CR by the cancel, presented now");
    // reset
    W(ID0, 32'h8000_0000);
    W(MSTR, 32'h8000_0000);
    user_irq(RCS0, n);
    wait_cycles(1);
    W(DW0, 32'h0);
    rst_n = 1'b0;
    wait_cycles(2);
    rst_n = 1'b1;
    wait_cycles(1);
    irq_is(1'b0, "irq low after reset");
    R(DW0, 32'h0, "DW0 reset"); R(MSTR, 32'h0, "master reset"); R(SEL0, 32'h0, "selector reset");
    R(ID0, 32'h0, "identity reset"); R(MK_RCS, 32'hFFFF_FFFF, "mask reset"); R(EN_RC, 32'h0, "enable reset");
    R(IMR(RCS0), 32'hFFFF_FFFF, "IMR reset"); R(HWSTAM(RCS0), 32'hFFFF_FFFF, "HWSTAM reset");
    R(REG(RCS0, IPEHR_OFF), 32'h0, "IPEHR reset");
  endtask

  initial begin
    if (!$value$plusargs("test=%s", test)) $fatal(1, "usage: +test=NAME");
    do_reset();
    case (test)
      "sel_latency": t_sel_latency();
      "window":      t_window();
      "same_cycle_host": t_same_cycle_host();
      "held":        t_held();
      "disabled":    t_disabled();
      "imr":         t_imr();
      "hwstam":      t_hwstam();
      "ipehr":       t_ipehr();
      "two_engines": t_two_engines();
      "isr":         t_isr();
      "protocol":    t_protocol();
      default:       $fatal(1, "unknown test %s", test);
    endcase
    verdict();
  end
endmodule
