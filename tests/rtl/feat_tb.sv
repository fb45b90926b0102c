// feat_tb: self-checking DUT-only tests (no model, no scoreboard) of the RCS0-only registers, MI_SEMAPHORE_SIGNAL
// with signal-mode MI_SEMAPHORE_WAIT, and the RCS0 watchdog, cycle-exact against the written contract
// (docs/commands.md §2, §5, §7; docs/cycle-contract.md §2, §3, §5; spec-decisions C32, W1-W5).
// Run all tests on the clean RTL and on each catalogued bug: tests/rtl/run_harness.sh feat_tb (a verdict table; expectations in feat_tb.expect).
// One test per run: +test=NAME; prints "PASS NAME" or "FAIL NAME (n errors)" and the first errors.
module feat_tb import gtref_pkg::*; ();
  localparam int NE = 4;
  `include "harness_dut.svh"

  // ---- kit engines (include/gtref/engines.h order) and Target Engine Select values (commands.md §5) ----
  localparam int RCS0 = 0, BCS0 = 1, VCS0 = 2, VECS0 = 3;
  localparam logic [2:0] TES_RCS0 = 3'd0, TES_VCS0 = 3'd1, TES_BCS0 = 3'd2, TES_VECS0 = 3'd3, TES_VCS1 = 3'd4;
  localparam logic [31:0] CTL_OFF = 32'h178, THR_OFF = 32'h17C;
  localparam logic [63:0] DATA = 64'h80_0000;   // semaphore / data region (data reads are counted here)

  // ---- command encodings (gtref_pkg) ----
  localparam logic [31:0] NOOP = 32'h0000_0000;
  function automatic logic [31:0] sig_dw0(input logic [2:0] tes);
    return MI_SEMAPHORE_SIGNAL_MATCH_VAL | (32'(tes) << F_MI_SEMAPHORE_SIGNAL_TARGET_LO);
  endfunction
  // signal mode (poll 0), compare op, length 4
  function automatic logic [31:0] wait_dw0(input logic [2:0] op, input logic poll);
    return MI_SEMAPHORE_WAIT_MATCH_VAL | (32'(op) << F_MI_SEMAPHORE_WAIT_COMPARE_LO) |
           (32'(poll) << F_MI_SEMAPHORE_WAIT_POLL_LO) | 32'd2;
  endfunction
  localparam logic [2:0] OP_GT = 3'd0, OP_EQ = 3'd4;

  `include "harness_mem.svh"
  `include "harness_check.svh"

  // =====================================================================================================
  // Monitor: one line of bookkeeping per closing edge. `cyc` is the index of the cycle this edge closes.
  // =====================================================================================================
  int last_wr_cyc;                         // transfer cycle of the last host write
  int retire_cyc [NE][$];
  logic [31:0] retire_dw0 [NE][$];
  int sread_cyc [NE][$];                   // data reads in the DATA region, per engine
  int sig_cyc [NE][$];                     // retire cycles of MI_SEMAPHORE_SIGNALs, per issuing engine
  int wd_cyc [$];                          // cycles whose closing edge raises WATCHDOG (RCS0 event bit 6)
  logic [15:0] wd_bits [$];                //   RCS0's whole event in that cycle
  int irq_rise [$];
  int commit_cyc [NE][$];
  logic [31:0] commit_off [NE][$], commit_data [NE][$];
  logic [31:0] mc_off [$];                 // host-write commits reported
  logic irq_q = 1'b0;

  always @(posedge clk) begin
    if (rst_n) begin
      if (mmio_req_valid && mmio_req_ready && mmio_req_write) last_wr_cyc = cyc;
      if (probe_mmio_commit_valid) mc_off.push_back(probe_mmio_commit_off);
      for (int e = 0; e < NE; e++) begin
        if (probe_retire[e]) begin
          retire_cyc[e].push_back(cyc);
          retire_dw0[e].push_back(probe_retire_dw0[e]);
          if ((probe_retire_dw0[e] & MI_SEMAPHORE_SIGNAL_MATCH_MASK) == MI_SEMAPHORE_SIGNAL_MATCH_VAL)
            sig_cyc[e].push_back(cyc);
        end
        if (probe_commit_valid[e]) begin
          commit_cyc[e].push_back(cyc);
          commit_off[e].push_back(probe_commit_off[e]);
          commit_data[e].push_back(probe_commit_data[e]);
        end
      end
      if (mem_req_valid && mem_req_ready && !mem_req_write && mem_req_addr >= DATA && mem_req_addr < DATA + 64'h10000)
        sread_cyc[mem_req_src].push_back(cyc);
      if (dut.evt_valid[0] && dut.evt_bits[0][6]) begin
        wd_cyc.push_back(cyc);
        wd_bits.push_back(dut.evt_bits[0]);
      end
      if (irq && !irq_q) irq_rise.push_back(cyc);
      irq_q <= irq;
    end
    cyc <= cyc + 1;
  end


  // =====================================================================================================
  // Host and ring helpers
  // =====================================================================================================
  // Drive at a falling edge; the write transfers at the next rising edge (mmio_req_ready is 1 after reset).
  task automatic mmio_wr(input logic [31:0] a, input logic [31:0] d);
    @(negedge clk);
    while (!mmio_req_ready) @(negedge clk);
    mmio_req_valid = 1'b1; mmio_req_write = 1'b1; mmio_req_addr = a; mmio_req_wdata = d;
    @(negedge clk);
    mmio_req_valid = 1'b0; mmio_req_write = 1'b0;
  endtask

  // The same, transferring at the closing edge of cycle `at` (which must lie in the future).
  task automatic mmio_wr_at(input int at, input logic [31:0] a, input logic [31:0] d);
    @(negedge clk);
    chk(cyc <= at, $sformatf("mmio_wr_at(%0d) called too late", at));
    while (cyc < at) @(negedge clk);
    mmio_req_valid = 1'b1; mmio_req_write = 1'b1; mmio_req_addr = a; mmio_req_wdata = d;
    @(negedge clk);
    mmio_req_valid = 1'b0; mmio_req_write = 1'b0;
    chk(last_wr_cyc == at, $sformatf("host write meant for cycle %0d transferred in %0d", at, last_wr_cyc));
  endtask

  task automatic mmio_rd(input logic [31:0] a, output logic [31:0] d);
    @(negedge clk);
    mmio_req_valid = 1'b1; mmio_req_write = 1'b0; mmio_req_addr = a;
    @(negedge clk);
    mmio_req_valid = 1'b0;
    while (!mmio_rsp_valid) @(negedge clk);
    d = mmio_rsp_rdata;
  endtask

  task automatic wait_cycles(input int n);
    repeat (n) @(negedge clk);
  endtask

  function automatic logic [63:0] ring_of(input int e);
    return 64'h10_0000 * 64'(e + 1);
  endfunction
  logic [63:0] wp [NE];                    // next free byte of each engine's ring

  task automatic put(input int e, input logic [31:0] dw);
    mem[wp[e]] = dw;
    wp[e] += 64'd4;
  endtask
  function automatic logic [31:0] ring_bytes(input int e);
    return 32'(wp[e] - ring_of(e));
  endfunction
  task automatic pad8(input int e);        // TAIL is qword aligned
    if (wp[e][2]) put(e, NOOP);
  endtask

  // a 4 KB ring at ring_of(e), enabled, empty
  task automatic ring_setup(input int e);
    logic [63:0] rb = ring_of(e);
    mmio_wr(ENGINE_BASE[e] + 32'h38, rb[31:0]);
    mmio_wr(ENGINE_BASE[e] + 32'h34, 32'd0);
    mmio_wr(ENGINE_BASE[e] + 32'h30, 32'd0);
    mmio_wr(ENGINE_BASE[e] + 32'h3C, 32'd1);
  endtask
  task automatic release_to(input int e, input logic [31:0] bytes);   // RING_TAIL
    mmio_wr(ENGINE_BASE[e] + 32'h30, bytes);
  endtask
  task automatic release_all(input int e);
    pad8(e);
    release_to(e, ring_bytes(e));
  endtask

  task automatic do_reset();
    rst_n = 1'b0;
    wait_cycles(3);
    for (int e = 0; e < NE; e++) begin
      retire_cyc[e].delete(); retire_dw0[e].delete(); sread_cyc[e].delete(); sig_cyc[e].delete();
      commit_cyc[e].delete(); commit_off[e].delete(); commit_data[e].delete();
      wp[e] = ring_of(e);
    end
    wd_cyc.delete(); wd_bits.delete(); irq_rise.delete(); mc_off.delete();
    mem.delete();
    rst_n = 1'b1;
    wait_cycles(2);
  endtask

  // cmd helpers
  task automatic c_signal(input int e, input logic [2:0] tes);
    put(e, sig_dw0(tes)); put(e, 32'h0);
  endtask
  task automatic c_wait(input int e, input logic [2:0] op, input logic poll, input logic [31:0] sdd, input logic [63:0] a);
    put(e, wait_dw0(op, poll)); put(e, sdd); put(e, a[31:0]); put(e, a[63:32]);
  endtask
  task automatic c_sdi(input int e, input logic [63:0] a, input logic [31:0] d);
    put(e, MI_STORE_DATA_IMM_MATCH_VAL | 32'd2); put(e, a[31:0]); put(e, a[63:32]); put(e, d);
  endtask
  task automatic c_lri(input int e, input logic [31:0] off, input logic [31:0] d);
    put(e, MI_LOAD_REGISTER_IMM_MATCH_VAL | 32'd1); put(e, off); put(e, d);
  endtask
  task automatic c_lrr(input int e, input logic [31:0] src, input logic [31:0] dst);
    put(e, MI_LOAD_REGISTER_REG_MATCH_VAL | 32'd1); put(e, src); put(e, dst);
  endtask
  task automatic c_srm(input int e, input logic [31:0] off, input logic [63:0] a);
    put(e, MI_STORE_REGISTER_MEM_MATCH_VAL | 32'd2); put(e, off); put(e, a[31:0]); put(e, a[63:32]);
  endtask
  task automatic c_lrm(input int e, input logic [31:0] off, input logic [63:0] a);
    put(e, MI_LOAD_REGISTER_MEM_MATCH_VAL | 32'd2); put(e, off); put(e, a[31:0]); put(e, a[63:32]);
  endtask

  function automatic int n_retired(input int e, input logic [31:0] dw0);
    int n = 0;
    foreach (retire_dw0[e][i]) if (retire_dw0[e][i] == dw0) n++;
    return n;
  endfunction
  function automatic int first_retire(input int e, input logic [31:0] dw0);
    foreach (retire_dw0[e][i]) if (retire_dw0[e][i] == dw0) return retire_cyc[e][i];
    return -1;
  endfunction
  function automatic string qstr(input int q [$]);
    string s = "";
    foreach (q[i]) s = {s, $sformatf(" %0d", q[i])};
    return s;
  endfunction

  // interrupt path for RCS0's WATCHDOG: enable bit 6 of RCS0 ([31:16] of RENDER_COPY_INTR_ENABLE), unmask,
  // master enable
  task automatic irq_setup();
    mmio_wr(ENGINE_BASE[0] + IMR_OFF, ~{16'd0, IRQ_WATCHDOG});   // RCS0 IMR resets all masked (IRQ-3)
    mmio_wr(32'h190030, 32'h0040_0000);
    mmio_wr(32'h190090, 32'h0000_0000);
    mmio_wr(32'h190010, 32'h8000_0000);
  endtask

  // the WATCHDOG events in (from, to]
  function automatic string wd_in(input int from, input int to);
    int q [$];
    foreach (wd_cyc[i]) if (wd_cyc[i] > from && wd_cyc[i] <= to) q.push_back(wd_cyc[i] - from);
    return qstr(q);
  endfunction

  // =====================================================================================================
  // Tests
  // =====================================================================================================

  // A signal-mode wait retires after a signal from another engine; one read before, one after the signal.
  // VCS0 waits for TES 1, BCS0 for TES 2 (the command's encoding, not the kit's engine order).
  task automatic t_sig_wait();
    logic [63:0] s1 = DATA, s2 = DATA + 64'h40;
    int r1;
    ring_setup(RCS0); ring_setup(BCS0); ring_setup(VCS0);
    c_wait(VCS0, OP_EQ, 1'b0, 32'd1, s1); put(VCS0, NOOP); put(VCS0, NOOP);
    c_wait(BCS0, OP_EQ, 1'b0, 32'd7, s2); put(BCS0, NOOP); put(BCS0, NOOP);
    c_sdi(RCS0, s1, 32'd1); c_signal(RCS0, TES_VCS0); put(RCS0, NOOP); put(RCS0, NOOP);
    r1 = 32;
    c_sdi(RCS0, s2, 32'd7); c_signal(RCS0, TES_BCS0); put(RCS0, NOOP); put(RCS0, NOOP);
    release_all(VCS0); release_all(BCS0);
    wait_cycles(200);
    chk(sread_cyc[VCS0].size() == 1, $sformatf("VCS0: %0d reads before any signal, expected 1", sread_cyc[VCS0].size()));
    chk(sread_cyc[BCS0].size() == 1, $sformatf("BCS0: %0d reads before any signal, expected 1", sread_cyc[BCS0].size()));
    chk(n_retired(VCS0, wait_dw0(OP_EQ, 1'b0)) == 0, "VCS0's wait retired without a signal");
    // phase 1: write s1, signal VCS0
    release_to(RCS0, r1);
    wait_cycles(200);
    chk(sig_cyc[RCS0].size() == 1, "RCS0 did not retire the first signal");
    chk(n_retired(VCS0, wait_dw0(OP_EQ, 1'b0)) == 1, "VCS0's wait did not retire after the signal to VCS0 (TES 1)");
    chk(sread_cyc[VCS0].size() == 2, $sformatf("VCS0: %0d reads, expected 2", sread_cyc[VCS0].size()));
    if (sread_cyc[VCS0].size() >= 2 && sig_cyc[RCS0].size() >= 1)
      chk(sread_cyc[VCS0][1] > sig_cyc[RCS0][0], "VCS0's second read is not after the signal");
    chk(!dut.g_eng[VCS0].u_eng.sig_pend, "VCS0's flag still set after its wait retired");
    chk(sread_cyc[BCS0].size() == 1, $sformatf("BCS0: %0d reads after a signal to VCS0, expected 1", sread_cyc[BCS0].size()));
    chk(n_retired(BCS0, wait_dw0(OP_EQ, 1'b0)) == 0, "BCS0's wait retired on a signal to VCS0");
    // phase 2: write s2, signal BCS0
    release_all(RCS0);
    wait_cycles(200);
    chk(n_retired(BCS0, wait_dw0(OP_EQ, 1'b0)) == 1, "BCS0's wait did not retire after the signal to BCS0 (TES 2)");
    chk(sread_cyc[BCS0].size() == 2, $sformatf("BCS0: %0d reads, expected 2", sread_cyc[BCS0].size()));
    chk(sread_cyc[VCS0].size() == 2, $sformatf("VCS0: %0d reads after a signal to BCS0, expected 2", sread_cyc[VCS0].size()));
    chk(&(probe_idle[2:0]), "not every engine is idle at the end");
  endtask

  // An unmet wait makes exactly one read per signal it receives (cycle contract §3), and none without one.
  task automatic t_sig_count();
    logic [63:0] s = DATA + 64'h80;
    int rel [4];
    c_wait(VCS0, OP_GT, 1'b0, 32'd4, s); put(VCS0, NOOP); put(VCS0, NOOP);  // SAD > 4
    mem[s] = 32'd2;
    for (int k = 0; k < 3; k++) begin                                         // three signals, still unmet
      c_sdi(RCS0, s, 32'd1 + 32'(k)); c_signal(RCS0, TES_VCS0); put(RCS0, NOOP); put(RCS0, NOOP);
      rel[k] = int'(ring_bytes(RCS0));
    end
    c_sdi(RCS0, s, 32'd9); c_signal(RCS0, TES_VCS0); put(RCS0, NOOP); put(RCS0, NOOP);  // now met
    rel[3] = int'(ring_bytes(RCS0));
    ring_setup(RCS0); ring_setup(VCS0);
    release_all(VCS0);
    wait_cycles(300);
    chk(sread_cyc[VCS0].size() == 1, $sformatf("no signal yet: %0d reads, expected 1", sread_cyc[VCS0].size()));
    for (int k = 0; k < 4; k++) begin
      release_to(RCS0, 32'(rel[k]));
      wait_cycles(300);
      chk(sig_cyc[RCS0].size() == k + 1, $sformatf("signal %0d not retired", k + 1));
      chk(sread_cyc[VCS0].size() == k + 2, $sformatf("after %0d signal(s): %0d reads, expected %0d", k + 1,
                                                     sread_cyc[VCS0].size(), k + 2));
      if (sread_cyc[VCS0].size() >= k + 2 && sig_cyc[RCS0].size() >= k + 1)
        chk(sread_cyc[VCS0][k + 1] > sig_cyc[RCS0][k], $sformatf("read %0d is not after signal %0d", k + 2, k + 1));
      chk(n_retired(VCS0, wait_dw0(OP_GT, 1'b0)) == (k == 3 ? 1 : 0),
          $sformatf("after %0d signal(s) the wait has retired %0d times", k + 1, n_retired(VCS0, wait_dw0(OP_GT, 1'b0))));
    end
    $display("  VCS0 data reads at%s; signals at%s", qstr(sread_cyc[VCS0]), qstr(sig_cyc[RCS0]));
  endtask

  // The flag: a signal that arrives before the wait is kept (the first unmet read is followed by one more);
  // a met wait clears the flag; a signal to an engine the kit lacks (VCS1) or to itself.
  task automatic t_sig_flag();
    logic [63:0] s = DATA + 64'hC0, t = DATA + 64'h100;
    logic [31:0] r1, r2, r3, v1, v2;
    // every ring is laid out before it is first released (the DUT prefetches, cycle contract §8)
    // RCS0: signal VCS0 early (nothing written) and signal VCS1 (no engine of the kit) | write s, signal VCS0 |
    // signal VCS0 | signal itself, then an unmet wait
    c_signal(RCS0, TES_VCS0); c_signal(RCS0, TES_VCS1); put(RCS0, NOOP); put(RCS0, NOOP); pad8(RCS0);
    r1 = ring_bytes(RCS0);
    c_sdi(RCS0, s, 32'd5); c_signal(RCS0, TES_VCS0); put(RCS0, NOOP); put(RCS0, NOOP); pad8(RCS0);
    r2 = ring_bytes(RCS0);
    c_signal(RCS0, TES_VCS0); put(RCS0, NOOP); put(RCS0, NOOP); pad8(RCS0);
    r3 = ring_bytes(RCS0);
    c_signal(RCS0, TES_RCS0); c_wait(RCS0, OP_EQ, 1'b0, 32'd1, DATA + 64'h140); pad8(RCS0);
    // VCS0: wait for s == 5 | wait for t == 0 (met) | wait for t == 1 (unmet)
    c_wait(VCS0, OP_EQ, 1'b0, 32'd5, s); pad8(VCS0);
    v1 = ring_bytes(VCS0);
    c_wait(VCS0, OP_EQ, 1'b0, 32'd0, t); pad8(VCS0);
    v2 = ring_bytes(VCS0);
    c_wait(VCS0, OP_EQ, 1'b0, 32'd1, t); pad8(VCS0);
    ring_setup(RCS0); ring_setup(VCS0);
    release_to(RCS0, r1);
    wait_cycles(100);
    chk(dut.g_eng[VCS0].u_eng.sig_pend, "VCS0's flag not set by an early signal");
    chk(!dut.g_eng[BCS0].u_eng.sig_pend && !dut.g_eng[VECS0].u_eng.sig_pend && !dut.g_eng[RCS0].u_eng.sig_pend,
        "a signal to VCS1 set some engine's flag");
    // VCS0's wait on s (0, unmet): read, take the early flag, read again, then wait
    release_to(VCS0, v1);
    wait_cycles(200);
    chk(sread_cyc[VCS0].size() == 2, $sformatf("early signal: %0d reads, expected 2", sread_cyc[VCS0].size()));
    chk(!dut.g_eng[VCS0].u_eng.sig_pend, "VCS0's flag not cleared when taken");
    // RCS0 writes s and signals VCS0: VCS0 reads again and retires
    release_to(RCS0, r2);
    wait_cycles(200);
    chk(sread_cyc[VCS0].size() == 3, $sformatf("after the write and signal: %0d reads, expected 3", sread_cyc[VCS0].size()));
    chk(n_retired(VCS0, wait_dw0(OP_EQ, 1'b0)) == 1, "VCS0's wait did not retire");
    // RCS0 signals VCS0 again while no wait runs; VCS0 then runs a met wait (t = 0 == 0): it clears the flag
    release_to(RCS0, r3);
    wait_cycles(100);
    chk(dut.g_eng[VCS0].u_eng.sig_pend, "VCS0's flag not set by a signal between waits");
    release_to(VCS0, v2);
    wait_cycles(100);
    chk(n_retired(VCS0, wait_dw0(OP_EQ, 1'b0)) == 2, "the met wait did not retire");
    chk(sread_cyc[VCS0].size() == 4, $sformatf("met wait: %0d reads in all, expected 4", sread_cyc[VCS0].size()));
    chk(!dut.g_eng[VCS0].u_eng.sig_pend, "a met signal-mode wait did not clear the flag");
    // now an unmet wait makes one read and waits (the flag was cleared)
    release_all(VCS0);
    wait_cycles(200);
    chk(sread_cyc[VCS0].size() == 5, $sformatf("unmet wait after a cleared flag: %0d reads in all, expected 5",
                                               sread_cyc[VCS0].size()));
    chk(n_retired(VCS0, wait_dw0(OP_EQ, 1'b0)) == 2, "the unmet wait retired");
    // a signal to itself: RCS0 signals itself, then its unmet wait reads, takes the flag and reads again
    release_all(RCS0);
    wait_cycles(200);
    chk(sread_cyc[RCS0].size() == 2, $sformatf("self-signal then unmet wait: %0d reads, expected 2", sread_cyc[RCS0].size()));
  endtask

  // Poll mode is unchanged: it re-reads without signals.
  task automatic t_poll();
    logic [63:0] s = DATA + 64'h180;
    ring_setup(VCS0);
    c_wait(VCS0, OP_EQ, 1'b1, 32'd1, s); put(VCS0, NOOP); put(VCS0, NOOP);
    release_all(VCS0);
    wait_cycles(200);
    chk(sread_cyc[VCS0].size() > 5, $sformatf("poll mode: %0d reads in 200 cycles", sread_cyc[VCS0].size()));
    mem[s] = 32'd1;
    wait_cycles(100);
    chk(n_retired(VCS0, wait_dw0(OP_EQ, 1'b1)) == 1, "poll-mode wait did not retire");
  endtask

  // Watchdog, Count Select = 1 (every clock), by host writes: threshold 5 -> events 5, 10, 15 cycles after the
  // PR_CTR_CTL write's transfer; irq the cycle after; a PR_CTR_THRSH change counts from the next cycle; a stop
  // and a restart clears the counter.
  task automatic t_wd_clock();
    int n, q, m, p;
    irq_setup();
    mmio_wr(ENGINE_BASE[0] + THR_OFF, 32'd5);
    mmio_wr(ENGINE_BASE[0] + CTL_OFF, 32'h8000_0000);
    n = last_wr_cyc;
    wait_cycles(20);
    chk(wd_in(n, n + 16) == " 5 10 15", $sformatf("events at n +%s, expected n + 5 10 15", wd_in(n, n + 16)));
    chk(irq_rise.size() >= 1 && irq_rise[0] == n + 6, $sformatf("irq rose at %0d, expected n + 6 = %0d",
                                                                irq_rise.size() ? irq_rise[0] : -1, n + 6));
    // threshold 3 written in a cycle whose tick makes the counter 3: not reached (the old 5 holds in that
    // cycle); the counter goes on, and threshold 20 written later is reached on time
    q = n + 5 * 6 + 3;
    mmio_wr_at(q, ENGINE_BASE[0] + THR_OFF, 32'd3);
    mmio_wr_at(q + 5, ENGINE_BASE[0] + THR_OFF, 32'd20);
    wait_cycles(30);
    chk(wd_in(n + 25, q + 25) == $sformatf(" 5 %0d", q - n - 25 + 17),
        $sformatf("after threshold changes: events at n+25 +%s, expected + 5 %0d", wd_in(n + 25, q + 25), q - n - 25 + 17));
    // stop, wait, restart: the counter starts from 0 again
    mmio_wr(ENGINE_BASE[0] + CTL_OFF, 32'h8000_0001);
    m = last_wr_cyc;
    wait_cycles(100);
    chk(wd_in(m, m + 100) == "", $sformatf("events while stopped: +%s", wd_in(m, m + 100)));
    mmio_wr(ENGINE_BASE[0] + THR_OFF, 32'd4);
    mmio_wr(ENGINE_BASE[0] + CTL_OFF, 32'h8000_0000);
    p = last_wr_cyc;
    wait_cycles(10);
    chk(wd_in(p, p + 9) == " 4 8", $sformatf("after a restart: events at +%s, expected + 4 8", wd_in(p, p + 9)));
  endtask

  // Watchdog, Count Select = 0 (every 64th cycle): threshold 2 -> events 128 and 256 cycles after the write;
  // rewriting the same PR_CTR_CTL value restarts the 64-cycle count without clearing the counter.
  task automatic t_wd_ts();
    int n, m;
    mmio_wr(ENGINE_BASE[0] + THR_OFF, 32'd2);
    mmio_wr(ENGINE_BASE[0] + CTL_OFF, 32'h0000_0000);
    n = last_wr_cyc;
    wait_cycles(300);
    chk(wd_in(n, n + 300) == " 128 256", $sformatf("events at n +%s, expected n + 128 256", wd_in(n, n + 300)));
    // the tick at n + 320 makes the counter 1; the same value rewritten at n + 340 restarts the count:
    // next tick (counter 2, event) at n + 340 + 64, not at n + 384
    mmio_wr_at(n + 340, ENGINE_BASE[0] + CTL_OFF, 32'h0000_0000);
    m = last_wr_cyc;
    wait_cycles(100);
    chk(wd_in(n + 300, m + 90) == $sformatf(" %0d", m - n - 300 + 64),
        $sformatf("after a rewrite at n+%0d: events at n+300 +%s, expected + %0d", m - n, wd_in(n + 300, m + 90), m - n - 300 + 64));
  endtask

  // Watchdog started by the engine's own commits (MI_LOAD_REGISTER_IMM), counting while the engine is idle
  // and then halted (an illegal command).
  task automatic t_wd_lri();
    int c;
    logic [31:0] r1;
    ring_setup(RCS0);
    c_lri(RCS0, ENGINE_BASE[0] + THR_OFF, 32'd40);
    c_lri(RCS0, ENGINE_BASE[0] + CTL_OFF, 32'h8000_0000);
    pad8(RCS0);
    r1 = ring_bytes(RCS0);
    put(RCS0, 32'hFFFF_FFFF);                   // illegal (command type 7): the engine halts, released later
    release_to(RCS0, r1);
    wait_cycles(200);
    c = -1;
    foreach (commit_off[0][i]) if (commit_off[0][i] == ENGINE_BASE[0] + CTL_OFF) c = commit_cyc[0][i];
    chk(c >= 0, "no PR_CTR_CTL commit");
    chk(wd_in(c, c + 160) == " 40 80 120 160", $sformatf("events at c +%s, expected c + 40 80 120 160", wd_in(c, c + 160)));
    release_all(RCS0);
    wait_cycles(200);
    chk(probe_halted[0], "RCS0 did not halt");
    chk(wd_in(c + 200, c + 360) == " 40 80 120 160", $sformatf("while halted: events at c+200 +%s", wd_in(c + 200, c + 360)));
  endtask

  // The watchdog's event and a retire's event of the same cycle OR (bit 6 | bit 0). A first run measures when
  // MI_USER_INTERRUPT retires; after a reset the same program runs with the watchdog timed to fire then.
  task automatic t_wd_or();
    int u, n, thr;
    ring_setup(RCS0);
    for (int k = 0; k < 6; k++) put(RCS0, NOOP);
    put(RCS0, MI_USER_INTERRUPT_MATCH_VAL);
    mmio_wr(ENGINE_BASE[0] + THR_OFF, 32'd1000);
    mmio_wr(ENGINE_BASE[0] + CTL_OFF, 32'h8000_0000);
    n = last_wr_cyc;
    release_all(RCS0);
    wait_cycles(100);
    u = first_retire(RCS0, MI_USER_INTERRUPT_MATCH_VAL);
    chk(u > n, "MI_USER_INTERRUPT did not retire");
    thr = u - n;
    do_reset();
    ring_setup(RCS0);
    for (int k = 0; k < 6; k++) put(RCS0, NOOP);
    put(RCS0, MI_USER_INTERRUPT_MATCH_VAL);
    mmio_wr(ENGINE_BASE[0] + THR_OFF, 32'(thr));
    mmio_wr(ENGINE_BASE[0] + CTL_OFF, 32'h8000_0000);
    n = last_wr_cyc;
    release_all(RCS0);
    wait_cycles(100);
    u = first_retire(RCS0, MI_USER_INTERRUPT_MATCH_VAL);
    chk(u == n + thr, $sformatf("the rerun is not cycle-identical (retire at +%0d, expected +%0d)", u - n, thr));
    chk(wd_cyc.size() >= 1 && wd_cyc[0] == u && wd_bits[0] == (IRQ_WATCHDOG | IRQ_USER),
        $sformatf("event at the retire: %0d bits %04x, expected %0d bits 0041", wd_cyc.size() ? wd_cyc[0] : -1,
                  wd_bits.size() ? wd_bits[0] : 16'h0, u));
  endtask

  // PR_CTR_CTL / PR_CTR_THRSH exist on RCS0 only (ENGINE_REG_PRESENT_BY_ENGINE): on BCS0, VCS0, VECS0 their
  // offsets are no register: MMIO reads 0 and writes drop without a commit; LRI/LRM targets drop; LRR and
  // SRM sources read 0.
  task automatic t_regs();
    logic [31:0] d;
    for (int e = 1; e < NE; e++) begin
      mc_off.delete();
      mmio_wr(ENGINE_BASE[e] + CTL_OFF, 32'h0000_0000);
      mmio_wr(ENGINE_BASE[e] + THR_OFF, 32'h0000_0003);
      wait_cycles(2);
      chk(mc_off.size() == 0, $sformatf("engine %0d: host write to an absent register committed", e));
      mmio_rd(ENGINE_BASE[e] + CTL_OFF, d);
      chk(d == 32'd0, $sformatf("engine %0d: PR_CTR_CTL offset read %08x, expected 0", e, d));
      mmio_rd(ENGINE_BASE[e] + THR_OFF, d);
      chk(d == 32'd0, $sformatf("engine %0d: PR_CTR_THRSH offset read %08x, expected 0", e, d));
    end
    mmio_rd(ENGINE_BASE[0] + CTL_OFF, d);
    chk(d == 32'h1, $sformatf("RCS0 PR_CTR_CTL read %08x, expected reset 1", d));
    mmio_rd(ENGINE_BASE[0] + THR_OFF, d);
    chk(d == 32'h0015_0000, $sformatf("RCS0 PR_CTR_THRSH read %08x, expected reset 00150000", d));
    mc_off.delete();
    mmio_wr(ENGINE_BASE[0] + THR_OFF, 32'd77);
    wait_cycles(2);
    chk(mc_off.size() == 1 && mc_off[0] == ENGINE_BASE[0] + THR_OFF, "RCS0 PR_CTR_THRSH host write not committed");
    // engine side, on BCS0 and on RCS0
    for (int k = 0; k < 2; k++) begin
      int e = k ? RCS0 : BCS0;
      logic [31:0] b = ENGINE_BASE[e];
      mem[DATA + 64'h200] = 32'h1234_5678;
      mem[DATA + 64'h240] = 32'hFFFF_FFFF;
      ring_setup(e);
      c_lri(e, b + 32'h600, 32'hDEAD_BEEF);            // CS_GPR0
      c_lri(e, b + CTL_OFF, 32'h0000_0000);            // target: dropped on BCS0
      c_lrm(e, b + THR_OFF, DATA + 64'h200);           // target: dropped on BCS0
      c_lrr(e, b + THR_OFF, b + 32'h600);              // source: reads 0 on BCS0
      c_srm(e, b + CTL_OFF, DATA + 64'h240);           // source: reads 0 on BCS0
      release_all(e);
      wait_cycles(300);
      begin
        string got = "", want;
        if (e == RCS0)   // CS_GPR0 = DEADBEEF, PR_CTR_CTL = 0, PR_CTR_THRSH = mem, CS_GPR0 = PR_CTR_THRSH
          want = $sformatf(" %x=%x %x=%x %x=%x %x=%x", b + 32'h600, 32'hDEAD_BEEF, b + CTL_OFF, 32'h0,
                           b + THR_OFF, 32'h1234_5678, b + 32'h600, 32'h1234_5678);
        else             // CS_GPR0 = DEADBEEF, CS_GPR0 = 0 (the absent source)
          want = $sformatf(" %x=%x %x=%x", b + 32'h600, 32'hDEAD_BEEF, b + 32'h600, 32'h0);
        // every commit but RING_HEAD, in order
        foreach (commit_off[e][i])
          if (commit_off[e][i] != b + 32'h34) got = {got, $sformatf(" %x=%x", commit_off[e][i], commit_data[e][i])};
        chk(got == want, $sformatf("engine %0d commits%s, expected%s", e, got, want));
        chk(mem[DATA + 64'h240] == 32'h0, $sformatf("engine %0d: SRM of PR_CTR_CTL stored %08x, expected 0", e,
                                                    mem[DATA + 64'h240]));
      end
    end
  endtask

  initial begin
    if (!$value$plusargs("test=%s", test)) $fatal(1, "usage: +test=NAME");
    do_reset();
    case (test)
      "sig_wait":  t_sig_wait();
      "sig_count": t_sig_count();
      "sig_flag":  t_sig_flag();
      "poll":      t_poll();
      "wd_clock":  t_wd_clock();
      "wd_ts":     t_wd_ts();
      "wd_lri":    t_wd_lri();
      "wd_or":     t_wd_or();
      "regs":      t_regs();
      default:     $fatal(1, "unknown test %s", test);
    endcase
    verdict();
  end
endmodule
