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
  logic [2:0]  wr_src [$];                  // the writing engine (mem_req_src)
  int          commit_cyc [$], retire_cyc [$];
  logic [31:0] commit_off [$], commit_data [$];
  int          csw_cyc [$];                 // cycles of RCS0's CONTEXT_SWITCH event (bit 8)
  int          csp_cyc [$];                 // cycles of RCS0's CONTEXT_STATUS_PTR commits
  int          lk_cyc [$];                  // RCS0's TLB lookups (GAM-17: probe_gam_lookup_*; the lookup phase is
  bit          lk_hit [$];                  //   in cycle lk_cyc - 1) and whether each hit
  always @(posedge clk) begin
    if (rst_n) begin
      if (mem_req_valid && mem_req_ready && mem_req_write) begin
        wr_addr.push_back(mem_req_addr); wr_data.push_back(mem_req_wdata); wr_be.push_back(mem_req_be);
        wr_src.push_back(mem_req_src);
      end
      if (probe_commit_valid[RCS0]) begin
        commit_cyc.push_back(cyc); commit_off.push_back(probe_commit_off[RCS0]);
        commit_data.push_back(probe_commit_data[RCS0]);
      end
      if (probe_retire[RCS0]) retire_cyc.push_back(cyc);
      if (dut.evt_valid[RCS0] && dut.evt_bits[RCS0][8]) csw_cyc.push_back(cyc);
      if (probe_commit_valid[RCS0] && probe_commit_off[RCS0] == 32'h23A0) csp_cyc.push_back(cyc);
      if (probe_gam_lookup_valid && probe_gam_lookup_engine == 2'(RCS0)) begin
        lk_cyc.push_back(cyc); lk_hit.push_back(probe_gam_lookup_hit);
      end
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


  // =====================================================================================================
  // Contexts (docs/execlists-vectors.md S.3): images, expected restores and saves, written from the vectors
  // =====================================================================================================
  localparam logic [31:0] LRI_RING = 32'h1108_101D, LRI_PDP = 32'h1108_1011, LRI_ENG = 32'h1108_1057;
  localparam logic [31:0] LRI_EXT = 32'h1108_100D, BBE = 32'h0500_0001;
  // the image's pairs in stream order (offset, the image value: vals[] filled by image())
  logic [31:0] img_off [$];
  logic [31:0] img_val [$];
  logic        img_ld [$];    // the restore loads it (S.3: 0x21B0, 0x20C8, 0x2028, 0x209C, 0x2358, 0x2170,
                              // 0x2150, 0x2154 are skipped)
  task automatic pair(inout logic [63:0] a, input logic [31:0] off, input logic [31:0] val, input bit ld);
    mem[a] = off; mem[a + 4] = val; a += 8;
    img_off.push_back(off); img_val.push_back(val); img_ld.push_back(ld);
  endtask
  // S.3 image of an RCS0 context at LRCA l: RING_CONTEXT_CONTROL rcc, RING_HEAD h, RING_TAIL t, RING_START rs,
  // CS_GPR0 g0; every other dword 0
  task automatic image(input logic [63:0] l, input logic [31:0] rcc, input logic [31:0] h, input logic [31:0] t,
                       input logic [31:0] rs, input logic [31:0] g0);
    logic [63:0] R = l + 64'h1000, a;
    logic [31:0] z [$];
    img_off.delete(); img_val.delete(); img_ld.delete();
    for (int k = 0; k < 1024; k++) mem[R + 4 * k] = 32'h0;
    mem[R + 4 * 1] = LRI_RING;
    a = R + 8;
    pair(a, 32'h2244, rcc, 1); pair(a, 32'h2034, h, 1); pair(a, 32'h2030, t, 1); pair(a, 32'h2038, rs, 1);
    pair(a, 32'h203C, 32'h1, 1);
    z = '{32'h2168, 32'h2140, 32'h2110, 32'h211C, 32'h2114, 32'h2118, 32'h21C0, 32'h21C4, 32'h21C8, 32'h2180};
    foreach (z[i]) pair(a, z[i], 32'h0, 1);
    mem[R + 4 * 'h21] = LRI_PDP;
    a = R + 4 * 'h22;
    z = '{32'h23A8, 32'h228C, 32'h2288, 32'h2284, 32'h2280, 32'h227C, 32'h2278, 32'h2274, 32'h2270};
    foreach (z[i]) pair(a, z[i], 32'h0, 1);
    mem[R + 4 * 'h34] = 32'h1108_1001;
    a = R + 4 * 'h35; pair(a, 32'h21B0, 32'h0, 0);
    mem[R + 4 * 'h41] = 32'h1108_0001;
    a = R + 4 * 'h42; pair(a, 32'h20C8, 32'h0, 0);
    mem[R + 4 * 'h51] = LRI_ENG;
    a = R + 4 * 'h52;
    pair(a, 32'h2028, 32'h0, 0); pair(a, 32'h209C, 32'h0, 0); pair(a, 32'h20C0, 32'hFFFF_0000, 1);
    pair(a, 32'h2178, 32'h1, 1); pair(a, 32'h217C, 32'h0015_0000, 1); pair(a, 32'h2358, 32'h0, 0);
    pair(a, 32'h2170, 32'h0, 0); pair(a, 32'h2150, 32'h0, 0); pair(a, 32'h2154, 32'h0, 0);
    pair(a, 32'h2158, 32'h0, 1); pair(a, 32'h241C, 32'h0, 1);
    for (int n = 0; n < 32; n++) pair(a, 32'h2600 + 4 * n, n == 0 ? g0 : 32'h0, 1);
    pair(a, 32'h2068, 32'h0, 1);
    mem[R + 4 * 'hB1] = LRI_EXT;
    a = R + 4 * 'hB2;
    z = '{32'h2400, 32'h2404, 32'h2408, 32'h240C, 32'h2410, 32'h2414, 32'h2418};
    foreach (z[i]) pair(a, z[i], 32'h0, 1);
    mem[R + 4 * 'hC0] = BBE;
  endtask
  // the 69 restore commits of the image last built (S.3): the loaded pairs in stream order; the masked
  // RING_CONTEXT_CONTROL and INSTPM by the masked rule from 0 (0x00090008 -> 0x8, 0xFFFF0000 -> 0)
  // the expected lists (module-level: the tasks below append to them)
  logic [31:0] eo [$], ed [$];           // commits: offset, data
  logic [63:0] ea [$], wd [$];           // writes: address, data, byte enables
  logic [7:0]  eb [$];
  task automatic exp_restore();
    foreach (img_off[i])
      if (img_ld[i]) begin
        eo.push_back(img_off[i]);
        ed.push_back(img_off[i] == 32'h2244 || img_off[i] == 32'h20C0 ?
                     img_val[i] & img_val[i] >> 16 & 32'hFFFF : img_val[i]);
      end
  endtask
  // the save's value-slot DW list of RCS0 (S.3, EL-5)
  function automatic int save_dw(input int j);
    int L [$];
    L = '{'h03, 'h05, 'h09};
    for (int k = 'h0B; k <= 'h1F; k += 2) L.push_back(k);
    for (int k = 'h23; k <= 'h33; k += 2) L.push_back(k);
    L.push_back('h57); L.push_back('h59); L.push_back('h5B); L.push_back('h65); L.push_back('h67);
    for (int k = 'h69; k <= 'hA9; k += 2) L.push_back(k);
    for (int k = 'hB3; k <= 'hBF; k += 2) L.push_back(k);
    return L[j];
  endfunction
  // expected Save(X) writes (68) of an RCS0 context at LRCA l: value v(k) for DW k (the caller's list)
  task automatic exp_save(input logic [63:0] l, input logic [31:0] kv [int]);
    for (int j = 0; j < 68; j++) begin
      int k = save_dw(j);
      ea.push_back(l + 64'h1000 + 64'(4 * (k - 1)));
      wd.push_back({kv.exists(k) ? kv[k] : 32'h0, 32'h0});
      eb.push_back(8'hF0);
    end
  endtask
  task automatic exp_csb(input int i, input logic [31:0] lo, input logic [31:0] hi);
    ea.push_back(64'(HWSP) + 64'h40 + 64'(8 * i)); wd.push_back({hi, lo}); eb.push_back(8'hFF);
    ea.push_back(64'(HWSP) + 64'hB8); wd.push_back({32'(i), 32'h0}); eb.push_back(8'hF0);
  endtask
  function automatic logic [31:0] csb_off(input int i);
    return i < 6 ? 32'h2370 + 32'(8 * i) : 32'h23C0 + 32'(8 * (i - 6));
  endfunction
  task automatic exp_csb_commits(input int i, input logic [31:0] lo, input logic [31:0] hi);
    eo.push_back(csb_off(i)); ed.push_back(lo);
    eo.push_back(csb_off(i) + 4); ed.push_back(hi);
    eo.push_back(32'h23A0); ed.push_back(32'h0000_0B00 | 32'(i));
  endtask

  // ---- comparisons of the monitor's queues with the expected lists, from position `from` ----
  task automatic chk_commits(input string v);
    chk(commit_off.size() == eo.size(), $sformatf("%s: %0d commits, expected %0d", v, commit_off.size(), eo.size()));
    foreach (eo[i])
      if (i < commit_off.size())
        chk(commit_off[i] == eo[i] && commit_data[i] == ed[i], $sformatf("%s: commit %0d is %08x := %08x, expected %08x := %08x",
            v, i, commit_off[i], commit_data[i], eo[i], ed[i]));
  endtask
  task automatic chk_writes(input string v);
    chk(wr_addr.size() == ea.size(), $sformatf("%s: %0d writes, expected %0d", v, wr_addr.size(), ea.size()));
    foreach (ea[i])
      if (i < wr_addr.size())
        chk(wr_addr[i] == ea[i] && wr_data[i] == wd[i] && wr_be[i] == eb[i],
            $sformatf("%s: write %0d is %012x be %02x %016x, expected %012x be %02x %016x", v, i, wr_addr[i],
                      wr_be[i], wr_data[i], ea[i], eb[i], wd[i]));
  endtask
  // every CONTEXT_SWITCH event is in the cycle of a CONTEXT_STATUS_PTR commit and vice versa (EL-22 step 5)
  function automatic bit same_cycles();
    if (csw_cyc.size() != csp_cyc.size()) return 0;
    foreach (csw_cyc[i]) if (csw_cyc[i] != csp_cyc[i]) return 0;
    return 1;
  endfunction
  task automatic wait_idle(input string v);
    int t = 0, q = 0;
    while (q < 20 && t < 20000) begin @(negedge clk); t++; q = probe_idle[RCS0] ? q + 1 : 0; end
    chk(q >= 20, $sformatf("%s: RCS0 not idle after %0d cycles", v, t));
  endtask
  function automatic logic [31:0] rd64lo(input logic [63:0] a); return rd32(a); endfunction

  // S.2: RCS0 initialisation (DRV-1)
  task automatic init_rcs0();
    W(B + HWS_PGA_OFF, HWSP);
    W(B + CONTEXT_STATUS_PTR_OFF, 32'hFFFF_0B0B);
    W(B + IMR_OFF, 32'hFFFF_FEFF);
    W(RENDER_COPY_INTR_ENABLE_OFF, 32'h0100_0000);
    W(RCS0_INTR_MASK_OFF, 32'hFEFF_FFFF);
    W(GFX_MSTR_IRQ_OFF, 32'h8000_0000);
    W(B + RING_MODE_OFF, 32'h0008_0008);
  endtask
  localparam logic [31:0] SDI_GG = MI_STORE_DATA_IMM_MATCH_VAL | 32'(4 - MI_STORE_DATA_IMM_BIAS) |
                                   (32'd1 << F_MI_STORE_DATA_IMM_GGTT_LO);

  task automatic do_reset();
    rst_n = 1'b0;
    wait_cycles(3);
    eo.delete(); ed.delete(); ea.delete(); wd.delete(); eb.delete();
    commit_cyc.delete(); commit_off.delete(); commit_data.delete(); retire_cyc.delete(); csw_cyc.delete(); csp_cyc.delete();
    lk_cyc.delete(); lk_hit.delete();
    wr_addr.delete(); wr_data.delete(); wr_be.delete(); wr_src.delete();
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


  // V1: one context runs to completion (docs/execlists-vectors.md V1; EL-14, EL-15, EL-22, EL-5)
  task automatic t_v1();
    logic [31:0] kv [int];
    init_rcs0();
    image(64'h0010_0000, 32'h0009_0008, 32'h0, 32'h10, 32'h0020_0000, 32'hA0A0_A0A0);
    mem[64'h0020_0000] = SDI_GG; mem[64'h0020_0004] = 32'h0030_0100; mem[64'h0020_0008] = 32'h0;
    mem[64'h0020_000C] = 32'h1111_1111;
    exp_restore();
    chk(eo.size() == 69, $sformatf("V1 harness: %0d restore commits listed", eo.size()));
    exp_csb_commits(0, 32'h1, 32'h0);
    eo.push_back(32'h2034); ed.push_back(32'h10);                       // the SDI's retire: RING_HEAD
    exp_csb_commits(1, 32'h18, 32'h20);
    exp_csb(0, 32'h1, 32'h0);
    ea.push_back(64'h0030_0100); wd.push_back(64'h1111_1111); eb.push_back(8'h0F);
    kv['h03] = 32'hFFFF_0008; kv['h05] = 32'h10; kv['h09] = 32'h0020_0000; kv['h0B] = 32'h1;
    kv['h57] = 32'hFFFF_0000; kv['h59] = 32'h1; kv['h5B] = 32'h0015_0000; kv['h69] = 32'hA0A0_A0A0;
    exp_save(64'h0010_0000, kv);
    exp_csb(1, 32'h18, 32'h20);
    load(A_LO, A_ID, 32'h0, 32'h0);
    wait_idle("V1");
    chk_commits("V1#1");
    chk_writes("V1#2");
    chk(rd32(64'h0010_101C) == 32'h10, "V1#4 A's RING_TAIL slot unchanged");
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0001_0000, "V1#5 EXECLIST_STATUS_LO");
    R(B + EXECLIST_STATUS_HI_OFF, 32'h0, "V1#5 EXECLIST_STATUS_HI");
    R(B + CONTEXT_STATUS_PTR_OFF, 32'h0000_0B01, "V1#6 CONTEXT_STATUS_PTR");
    chk(retire_cyc.size() == 1, $sformatf("V1 EL-28: %0d retires, expected 1 (the SDI)", retire_cyc.size()));
    chk(csw_cyc.size() == 2 && same_cycles(), $sformatf("V1 EL-24: %0d CONTEXT_SWITCH events, expected 2 at the pointer commits",
        csw_cyc.size()));
    chk(irq === 1'b1, "V1#7 irq");
    R(GT_INTR_DW0_OFF, 32'h1, "V1#7 GT_INTR_DW0 bit 0 (RCS0)");
    W(IIR_REG_SELECTOR0_OFF, 32'h1);
    wait_cycles(2);
    R(INTR_IDENTITY_REG0_OFF, 32'h8000_0100, "V1#7 INTR_IDENTITY_REG0");
    chk(!probe_halted[RCS0], "V1 not halted");
  endtask

  // V2: a two-element submission (V2; EL-15 element switch)
  task automatic t_v2();
    logic [31:0] eo2 [$], ed2 [$];
    logic [31:0] ka [int], kb [int];
    init_rcs0();
    image(64'h0011_0000, 32'h0009_0008, 32'h0, 32'h10, 32'h0021_0000, 32'hB0B0_B0B0);
    exp_restore();
    eo2 = eo; ed2 = ed; eo.delete(); ed.delete();
    image(64'h0010_0000, 32'h0009_0008, 32'h0, 32'h10, 32'h0020_0000, 32'hA0A0_A0A0);
    exp_restore();
    mem[64'h0020_0000] = SDI_GG; mem[64'h0020_0004] = 32'h0030_0100; mem[64'h0020_0008] = 32'h0;
    mem[64'h0020_000C] = 32'h1111_1111;
    mem[64'h0021_0000] = SDI_GG; mem[64'h0021_0004] = 32'h0030_0108; mem[64'h0021_0008] = 32'h0;
    mem[64'h0021_000C] = 32'h2222_2222;
    exp_csb_commits(0, 32'h1, 32'h0);
    eo.push_back(32'h2034); ed.push_back(32'h10);
    foreach (eo2[i]) begin eo.push_back(eo2[i]); ed.push_back(ed2[i]); end     // V2#3: B's restore
    exp_csb_commits(1, 32'h14, A_ID);
    eo.push_back(32'h2034); ed.push_back(32'h10);
    exp_csb_commits(2, 32'h18, B_ID);
    exp_csb(0, 32'h1, 32'h0);
    ea.push_back(64'h0030_0100); wd.push_back(64'h1111_1111); eb.push_back(8'h0F);
    ka['h03] = 32'hFFFF_0008; ka['h05] = 32'h10; ka['h09] = 32'h0020_0000; ka['h0B] = 32'h1;
    ka['h57] = 32'hFFFF_0000; ka['h59] = 32'h1; ka['h5B] = 32'h0015_0000; ka['h69] = 32'hA0A0_A0A0;
    exp_save(64'h0010_0000, ka);
    exp_csb(1, 32'h14, A_ID);
    ea.push_back(64'h0030_0108); wd.push_back(64'h2222_2222); eb.push_back(8'h0F);
    kb = ka; kb['h09] = 32'h0021_0000; kb['h69] = 32'hB0B0_B0B0;
    exp_save(64'h0011_0000, kb);
    exp_csb(2, 32'h18, B_ID);
    load(A_LO, A_ID, B_LO, B_ID);
    wait_idle("V2");
    chk_commits("V2#3");
    chk_writes("V2#2");
    chk({rd32(64'h0001_0044), rd32(64'h0001_0040)} == 64'h1, "V2#1 CSB entry 0");
    chk({rd32(64'h0001_004C), rd32(64'h0001_0048)} == 64'h0000_0020_0000_0014, "V2#1 CSB entry 1");
    chk({rd32(64'h0001_0054), rd32(64'h0001_0050)} == 64'h0000_0040_0000_0018, "V2#1 CSB entry 2");
    chk(rd32(64'h0001_00BC) == 32'h2, "V2#1 status-page write pointer");
    R(B + 32'h380, 32'h18, "V2#4 CSB_ENTRY_LO2");
    R(B + 32'h384, 32'h40, "V2#4 CSB_ENTRY_HI2");
    chk(rd32(64'h0030_0100) == 32'h1111_1111 && rd32(64'h0030_0108) == 32'h2222_2222, "V2#5 data");
    chk(rd32(64'h0010_1014) == 32'h10 && rd32(64'h0011_1014) == 32'h10, "V2#5 RING_HEAD slots");
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0001_0000, "V2#6 EXECLIST_STATUS_LO");
    R(B + CS_GPR0_OFF, 32'hB0B0_B0B0, "V2#7 CS_GPR0");
    chk(csw_cyc.size() == 3 && same_cycles(), "V2 EL-24: one event per CSB step, at its pointer commit");
    // EL-26: the element switch invalidates every TLB entry at its decision edge, the closing edge of A's SDI retire
    // (cycle retire_cyc[0]); the first RCS0 lookup in a later cycle (the save's first write, to A's register state
    // page, which A's restore translated) therefore misses
    begin
      int f = -1;
      foreach (lk_cyc[i]) if (f < 0 && retire_cyc.size() > 0 && lk_cyc[i] - 1 > retire_cyc[0]) f = i;
      chk(f >= 0 && !lk_hit[f], $sformatf("V2 EL-26: the first RCS0 TLB lookup after the element switch's decision edge (cycle %0d) %s",
          retire_cyc.size() > 0 ? retire_cyc[0] : -1, f < 0 ? "never comes" : $sformatf("hits (lookup in cycle %0d)", lk_cyc[f] - 1)));
    end
  endtask

  // V7: CSB wrap after twelve events (V7; EL-21, E4, E20; EL-19 an empty ring runs dry at the switch's end)
  task automatic t_v7();
    logic [63:0] E = 64'h0013_0000;
    init_rcs0();
    image(E, 32'h0009_0008, 32'h0, 32'h0, 32'h0023_0000, 32'h0);
    for (int n = 0; n < 7; n++) begin
      load(32'h0013_0119, 32'h80, 32'h0, 32'h0);
      wait_idle($sformatf("V7 round %0d", n));
    end
    R(B + CONTEXT_STATUS_PTR_OFF, 32'h0000_0B01, "V7#1 CONTEXT_STATUS_PTR");
    R(B + 32'h370, 32'h1, "V7#2 CSB_ENTRY_LO0"); R(B + 32'h374, 32'h0, "V7#2 CSB_ENTRY_HI0");
    R(B + 32'h378, 32'h18, "V7#3 CSB_ENTRY_LO1"); R(B + 32'h37C, 32'h80, "V7#3 CSB_ENTRY_HI1");
    R(B + 32'h3C0, 32'h1, "V7#4 CSB_ENTRY_LO6"); R(B + 32'h3C4, 32'h0, "V7#4 CSB_ENTRY_HI6");
    R(B + 32'h3E8, 32'h18, "V7#5 CSB_ENTRY_LO11"); R(B + 32'h3EC, 32'h80, "V7#5 CSB_ENTRY_HI11");
    chk({rd32(64'h0001_0044), rd32(64'h0001_0040)} == 64'h1, "V7#6 status page entry 0");
    chk({rd32(64'h0001_004C), rd32(64'h0001_0048)} == 64'h0000_0080_0000_0018, "V7#6 entry 1");
    chk({rd32(64'h0001_009C), rd32(64'h0001_0098)} == 64'h0000_0080_0000_0018, "V7#6 entry 11");
    chk(rd32(64'h0001_00BC) == 32'h1, "V7#6 status-page write pointer");
    chk(wr_addr.size() == 7 * 72, $sformatf("V7#7 %0d writes, expected %0d", wr_addr.size(), 7 * 72));
    for (int n = 0; n < 14; n++) begin                       // the pointer writes: 0..11, 0, 1
      int w = (n / 2) * 72 + (n % 2 ? 71 : 1);
      if (w < wr_addr.size())
        chk(wr_addr[w] == 64'h0001_00B8 && wr_data[w] == {32'(n % 12), 32'h0},
            $sformatf("V7#7 pointer write %0d: %012x %016x", n, wr_addr[w], wr_data[w]));
    end
    chk(rd32(64'h0013_1014) == 32'h0, "V7#7 RING_HEAD slot");
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0001_0000, "V7#8 EXECLIST_STATUS_LO");
  endtask

  // V11: a broken image (EL-2, EL-27): the first LRI's 15 commits, then IPEHR, ESR, EIR; halt; no write
  task automatic t_v11();
    logic [31:0] ro [$], rd [$];
    init_rcs0();
    W(B + EMR_OFF, 32'h0000_00FE);
    image(64'h0010_0000, 32'h0009_0008, 32'h0, 32'h10, 32'h0020_0000, 32'hA0A0_A0A0);
    mem[64'h0010_1080] = 32'hDEAD_BEEF;
    exp_restore();
    ro = eo; rd = ed; eo.delete(); ed.delete();
    for (int i = 0; i < 15; i++) begin eo.push_back(ro[i]); ed.push_back(rd[i]); end
    eo.push_back(32'h2068); ed.push_back(32'hDEAD_BEEF);
    eo.push_back(32'h20B8); ed.push_back(32'h1);
    eo.push_back(32'h20B0); ed.push_back(32'h1);
    load(A_LO, A_ID, 32'h0, 32'h0);
    wait_cycles(400);
    chk_commits("V11#1");
    chk(probe_halted[RCS0], "V11#2 halted");
    chk(wr_addr.size() == 0, $sformatf("V11#2 %0d writes, expected none", wr_addr.size()));
    chk(retire_cyc.size() == 0, "V11#2 no retire");
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0005_4012, "V11#3 EXECLIST_STATUS_LO");
    R(B + EXECLIST_STATUS_HI_OFF, A_ID, "V11#3 EXECLIST_STATUS_HI");
  endtask

  // V9b: an unmapped LRCA faults at the restore's first read (EL-12, EL-27; GAM-15 hang mode)
  task automatic t_v9b();
    init_rcs0();
    W(B + EMR_OFF, 32'h0000_00EF);
    mem[gtt_entry(64'h0050_0000)] = 32'h0; mem[gtt_entry(64'h0050_0000) + 4] = 32'h0;
    mem[gtt_entry(64'h0050_1000)] = 32'h0; mem[gtt_entry(64'h0050_1000) + 4] = 32'h0;
    load(32'h0050_0119, A_ID, 32'h0, 32'h0);
    wait_cycles(400);
    R(32'h4094, 32'h0050_1809, "V9b#1 GFX_ENG_FR");
    R(32'h40A0, 32'h1, "V9b#2 GFX_ARB_ERROR_RPT");
    R(B + ESR_OFF, 32'h10, "V9b#3 ESR");
    R(B + EIR_OFF, 32'h10, "V9b#3 EIR");
    chk(probe_halted[RCS0], "V9b#4 halted");
    chk(wr_addr.size() == 0, $sformatf("V9b#4 %0d writes, expected none", wr_addr.size()));
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0005_4012, "V9b#5 EXECLIST_STATUS_LO");
    R(B + EXECLIST_STATUS_HI_OFF, A_ID, "V9b#5 EXECLIST_STATUS_HI");
  endtask


  // S.4: the spinner batch at 0x00400000 and a spinning context's ring at `ring` (BBS, NOOP; tail 0x10); F := 1
  localparam logic [31:0] ARB_CHECK = MI_ARB_CHECK_MATCH_VAL;
  localparam logic [31:0] BBS_GG = MI_BATCH_BUFFER_START_MATCH_VAL | 32'd1;
  localparam logic [31:0] CBBE_SEM = MI_CONDITIONAL_BATCH_BUFFER_END_MATCH_VAL | 32'd2 |
                                     (32'd1 << F_MI_CONDITIONAL_BATCH_BUFFER_END_SEMAPHORE_LO) |
                                     (32'd1 << F_MI_CONDITIONAL_BATCH_BUFFER_END_GGTT_LO);
  task automatic spinner(input logic [63:0] ring);
    mem[64'h0040_0000] = ARB_CHECK;
    mem[64'h0040_0004] = CBBE_SEM; mem[64'h0040_0008] = 32'h0; mem[64'h0040_000C] = 32'h0030_0000;
    mem[64'h0040_0010] = 32'h0;
    mem[64'h0040_0014] = BBS_GG; mem[64'h0040_0018] = 32'h0040_0000; mem[64'h0040_001C] = 32'h0;
    mem[ring] = BBS_GG; mem[ring + 4] = 32'h0040_0000; mem[ring + 8] = 32'h0; mem[ring + 12] = NOOP;
    mem[64'h0030_0000] = 32'h1;
  endtask
  task automatic wait_csb(input int n, input string v);   // until n CONTEXT_SWITCH events have been raised
    int t = 0;
    while (csw_cyc.size() < n && t < 5000) begin @(negedge clk); t++; end
    chk(csw_cyc.size() >= n, $sformatf("%s: no CONTEXT_SWITCH event %0d", v, n));
  endtask
  // the 68 save writes of an RCS0 context at LRCA l from write w: addresses and byte enables; the values of kv
  task automatic chk_save_at(input string v, input int w, input logic [63:0] l, input logic [31:0] kv [int]);
    for (int j = 0; j < 68; j++) begin
      int k = save_dw(j);
      logic [63:0] a = l + 64'h1000 + 64'(4 * (k - 1));
      if (w + j >= wr_addr.size()) begin chk(0, $sformatf("%s: save write %0d missing", v, j)); break; end
      chk(wr_addr[w + j] == a && wr_be[w + j] == 8'hF0, $sformatf("%s: save write %0d at %012x be %02x, expected %012x be f0",
          v, j, wr_addr[w + j], wr_be[w + j], a));
      if (kv.exists(k))
        chk(wr_data[w + j][63:32] == kv[k], $sformatf("%s: save of DW %02x = %08x, expected %08x", v, k,
            wr_data[w + j][63:32], kv[k]));
    end
  endtask
  task automatic chk_csb_at(input string v, input int w, input int i, input logic [31:0] lo, input logic [31:0] hi);
    chk(w + 1 < wr_addr.size() && wr_addr[w] == 64'(HWSP) + 64'h40 + 64'(8 * i) && wr_be[w] == 8'hFF &&
        wr_data[w] == {hi, lo} && wr_addr[w + 1] == 64'(HWSP) + 64'hB8 && wr_be[w + 1] == 8'hF0 &&
        wr_data[w + 1] == {32'(i), 32'h0}, $sformatf("%s: writes %0d, %0d are not CSB entry %0d (%08x / %08x) and its pointer",
        v, w, w + 1, i, lo, hi));
  endtask

  // V4: preemption at MI_ARB_CHECK by a second context (EL-16, EL-6 level 1 at the save)
  task automatic t_v4(input bit v5);
    logic [31:0] kv [int], kb [int];
    int n0;
    init_rcs0();
    image(64'h0011_0000, 32'h0009_0008, 32'h0, 32'h10, 32'h0021_0000, 32'hB0B0_B0B0);
    image(64'h0010_0000, 32'h0009_0008, 32'h0, 32'h10, 32'h0020_0000, 32'hA0A0_A0A0);
    spinner(64'h0020_0000);
    mem[64'h0021_0000] = SDI_GG; mem[64'h0021_0004] = 32'h0030_0108; mem[64'h0021_0008] = 32'h0;
    mem[64'h0021_000C] = 32'h2222_2222;
    load(A_LO, A_ID, 32'h0, 32'h0);
    wait_csb(1, "V4");
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0005_4012, "V4#1 EXECLIST_STATUS_LO before Load [B]");
    R(B + EXECLIST_STATUS_HI_OFF, A_ID, "V4#1 EXECLIST_STATUS_HI");
    load(B_LO, B_ID, 32'h0, 32'h0);
    wait_idle("V4");
    chk({rd32(64'h0001_0044), rd32(64'h0001_0040)} == 64'h1, "V4#2 CSB entry 0");
    chk({rd32(64'h0001_004C), rd32(64'h0001_0048)} == 64'h0000_0020_0000_0002, "V4#2 CSB entry 1 (PREEMPTED, ID(A))");
    chk({rd32(64'h0001_0054), rd32(64'h0001_0050)} == 64'h0000_0040_0000_0018, "V4#2 CSB entry 2");
    chk(rd32(64'h0001_00BC) == 32'h2, "V4#2 status-page write pointer");
    chk(wr_addr.size() == 2 + 68 + 2 + 1 + 68 + 2, $sformatf("V4#3 %0d writes, expected 143", wr_addr.size()));
    chk_csb_at("V4#3", 0, 0, 32'h1, 32'h0);
    kv['h05] = 32'hC; kv['h0D] = 32'h0; kv['h0F] = 32'h0040_0004; kv['h11] = 32'h1; kv['h17] = 32'h0;
    chk_save_at("V4#4 Save(A)", 2, 64'h0010_0000, kv);
    chk_csb_at("V4#3", 70, 1, 32'h2, A_ID);
    chk(wr_addr.size() > 72 && wr_addr[72] == 64'h0030_0108 && wr_data[72] == 64'h2222_2222, "V4#3 SDI B after entry 1");
    kb['h05] = 32'h10; kb['h69] = 32'hB0B0_B0B0;
    chk_save_at("V4#3 Save(B)", 73, 64'h0011_0000, kb);
    chk_csb_at("V4#3", 141, 2, 32'h18, B_ID);
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0001_0003, "V4#5 EXECLIST_STATUS_LO");
    if (!v5) return;
    // V5: resume A, preempted inside its batch (EL-6)
    mem[64'h0030_0000] = 32'h0;
    n0 = commit_off.size();
    load(A_LO, A_ID, 32'h0, 32'h0);
    wait_idle("V5");
    begin
      bit bb_addr = 0, bb_state = 0, head = 0;
      for (int i = n0; i < commit_off.size(); i++) begin
        if (commit_off[i] == 32'h2140 && !bb_addr) begin bb_addr = 1; chk(commit_data[i] == 32'h0040_0004, "V5#1 BB_ADDR := 0x00400004"); end
        if (commit_off[i] == 32'h2110 && !bb_state) begin bb_state = 1; chk(commit_data[i] == 32'h0, "V5#1 BB_STATE := 0"); end
        if (commit_off[i] == 32'h2034 && !head) begin head = 1; chk(commit_data[i] == 32'hC, "V5#1 RING_HEAD := 0x0C"); end
      end
      chk(bb_addr && bb_state && head, "V5#1 restore commits of BB_ADDR, BB_STATE, RING_HEAD");
    end
    chk({rd32(64'h0001_005C), rd32(64'h0001_0058)} == 64'h1, "V5#3 CSB entry 3");
    chk({rd32(64'h0001_0064), rd32(64'h0001_0060)} == 64'h0000_0020_0000_0018, "V5#3 CSB entry 4");
    chk(rd32(64'h0001_00BC) == 32'h4, "V5#3 status-page write pointer");
    chk(rd32(64'h0010_1014) == 32'h10, "V5#4 A's RING_HEAD slot (DW 0x05, written at R+0x10)");
    chk(rd32(64'h0010_103C) == 32'h0040_0004, "V5#4 A's BB_ADDR slot (DW 0x0F)");
    chk(rd32(64'h0010_1044) == 32'h0, "V5#4 A's BB_STATE slot (DW 0x11)");
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0001_0003, "V5#5 EXECLIST_STATUS_LO");
    R(B + CONTEXT_STATUS_PTR_OFF, 32'h0000_0B04, "V5#6 CONTEXT_STATUS_PTR");
    chk(retire_cyc.size() >= 2 && !probe_halted[RCS0], "V5#2 A retires after its restore");
  endtask

  // V3: lite restore (EL-16, EL-17)
  task automatic t_v3();
    logic [31:0] kv [int];
    int n0, c0;
    init_rcs0();
    image(64'h0010_0000, 32'h0009_0008, 32'h0, 32'h10, 32'h0020_0000, 32'hA0A0_A0A0);
    spinner(64'h0020_0000);
    mem[64'h0020_0010] = SDI_GG; mem[64'h0020_0014] = 32'h0030_0110; mem[64'h0020_0018] = 32'h0;
    mem[64'h0020_001C] = 32'h3333_3333;
    load(A_LO, A_ID, 32'h0, 32'h0);
    wait_csb(1, "V3");
    mem[64'h0010_101C] = 32'h20;                                   // DRV-5: A's RING_TAIL slot := 0x20
    n0 = wr_addr.size();
    c0 = commit_off.size();
    load(A_LO, A_ID, 32'h0, 32'h0);
    wait_cycles(2000);
    mem[64'h0030_0000] = 32'h0;                                    // F := 0
    wait_idle("V3");
    chk({rd32(64'h0001_0044), rd32(64'h0001_0040)} == 64'h1, "V3#1 CSB entry 0");
    chk({rd32(64'h0001_004C), rd32(64'h0001_0048)} == 64'h0000_0020_0000_8002, "V3#1 CSB entry 1 (lite restore)");
    chk({rd32(64'h0001_0054), rd32(64'h0001_0050)} == 64'h0000_0020_0000_0018, "V3#1 CSB entry 2");
    chk(rd32(64'h0001_00BC) == 32'h2, "V3#1 status-page write pointer");
    chk(n0 == 2, $sformatf("V3#3 %0d writes before the resubmission, expected 2", n0));
    while (c0 < commit_off.size() && commit_off[c0] != 32'h2030) c0++;   // the spinner's own commits before it
    chk(c0 + 4 <= commit_off.size() && commit_off[c0] == 32'h2030 && commit_data[c0] == 32'h20 &&
        commit_off[c0 + 1] == 32'h2378 && commit_off[c0 + 2] == 32'h237C && commit_off[c0 + 3] == 32'h23A0,
        "V3#2 the lite restore commits RING_TAIL := 0x20, then entry 1's three commits");
    chk(wr_addr.size() == 2 + 2 + 1 + 68 + 2, $sformatf("V3#3 %0d writes, expected 75", wr_addr.size()));
    chk_csb_at("V3#3", 0, 0, 32'h1, 32'h0);
    chk_csb_at("V3#3", 2, 1, 32'h8002, A_ID);
    chk(wr_addr.size() > 4 && wr_addr[4] == 64'h0030_0110 && wr_data[4] == 64'h3333_3333, "V3#3 the SDI past the old tail");
    kv['h05] = 32'h20; kv['h0F] = 32'h0040_0000; kv['h11] = 32'h0;
    chk_save_at("V3#4 Save(A)", 5, 64'h0010_0000, kv);
    chk_csb_at("V3#3", 73, 2, 32'h18, A_ID);
    chk(rd32(64'h0030_0110) == 32'h3333_3333 && rd32(64'h0010_101C) == 32'h20, "V3#5 memory");
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0001_0003, "V3#6 EXECLIST_STATUS_LO");
  endtask


  // poll: a poll-mode MI_SEMAPHORE_WAIT as an arbitration point (EL-16; no vector: derived from the rule). A waits
  // on X == 1 (X = 0); Load [B] preempts it at a poll response without a retire of the wait: CSB 0x2 / ID(A), A's
  // saved RING_HEAD is the wait's DW0 (offset 0, EL-16, EL-6 level 0). Resumed with X = 1, A executes the wait
  // again, then its SDI, and completes.
  localparam logic [31:0] WAIT_POLL_EQ = MI_SEMAPHORE_WAIT_MATCH_VAL | 32'(4 - MI_SEMAPHORE_WAIT_BIAS) |
                                         (32'd1 << F_MI_SEMAPHORE_WAIT_POLL_LO) | (32'd4 << F_MI_SEMAPHORE_WAIT_COMPARE_LO) |
                                         (32'd1 << F_MI_SEMAPHORE_WAIT_GGTT_LO);
  task automatic t_poll();
    logic [31:0] ka [int];
    int r0;
    init_rcs0();
    image(64'h0011_0000, 32'h0009_0008, 32'h0, 32'h10, 32'h0021_0000, 32'hB0B0_B0B0);
    image(64'h0010_0000, 32'h0009_0008, 32'h0, 32'h20, 32'h0020_0000, 32'hA0A0_A0A0);
    mem[64'h0020_0000] = WAIT_POLL_EQ; mem[64'h0020_0004] = 32'h1; mem[64'h0020_0008] = 32'h0030_0200;
    mem[64'h0020_000C] = 32'h0;
    mem[64'h0020_0010] = SDI_GG; mem[64'h0020_0014] = 32'h0030_0100; mem[64'h0020_0018] = 32'h0;
    mem[64'h0020_001C] = 32'h1111_1111;
    mem[64'h0021_0000] = SDI_GG; mem[64'h0021_0004] = 32'h0030_0108; mem[64'h0021_0008] = 32'h0;
    mem[64'h0021_000C] = 32'h2222_2222;
    mem[64'h0030_0200] = 32'h0;
    load(A_LO, A_ID, 32'h0, 32'h0);
    wait_csb(1, "poll");
    wait_cycles(100);
    chk(retire_cyc.size() == 0, "poll: the unmet wait does not retire");
    load(B_LO, B_ID, 32'h0, 32'h0);
    wait_idle("poll");
    chk({rd32(64'h0001_004C), rd32(64'h0001_0048)} == 64'h0000_0020_0000_0002, "poll EL-16: CSB entry 1 PREEMPTED, ID(A)");
    chk({rd32(64'h0001_0054), rd32(64'h0001_0050)} == 64'h0000_0040_0000_0018, "poll: CSB entry 2 B complete");
    chk(retire_cyc.size() == 1, $sformatf("poll EL-16: %0d retires, expected 1 (B's SDI; the wait never retires)",
        retire_cyc.size()));
    chk(wr_addr.size() == 2 + 68 + 2 + 1 + 68 + 2, $sformatf("poll: %0d writes, expected 143", wr_addr.size()));
    ka['h05] = 32'h0; ka['h0F] = 32'h0; ka['h11] = 32'h0; ka['h69] = 32'hA0A0_A0A0;
    chk_save_at("poll EL-16 Save(A): RING_HEAD = the wait's DW0", 2, 64'h0010_0000, ka);
    chk_csb_at("poll", 70, 1, 32'h2, A_ID);
    chk(rd32(64'h0030_0100) == 32'h0, "poll: A's SDI not executed");
    // resume A with the condition met
    mem[64'h0030_0200] = 32'h1;
    r0 = retire_cyc.size();
    load(A_LO, A_ID, 32'h0, 32'h0);
    wait_idle("poll resume");
    chk(retire_cyc.size() == r0 + 2, $sformatf("poll resume: %0d retires, expected 2 (the wait, the SDI)", retire_cyc.size() - r0));
    chk(rd32(64'h0030_0100) == 32'h1111_1111, "poll resume: A's SDI executed");
    chk({rd32(64'h0001_0064), rd32(64'h0001_0060)} == 64'h0000_0020_0000_0018, "poll resume: CSB entry 4 A complete");
    chk(rd32(64'h0010_1014) == 32'h20, "poll resume: A's RING_HEAD slot = tail");
  endtask

  // V6: preempt to idle (EL-18, EL-8, E21)
  task automatic t_v6();
    logic [31:0] kv [int], kp [int];
    int c;
    logic [31:0] rc [$];
    init_rcs0();
    image(64'h0012_0000, 32'h000D_000D, 32'h0, 32'h0, 32'h0022_0000, 32'h0);
    image(64'h0010_0000, 32'h0009_0008, 32'h0, 32'h10, 32'h0020_0000, 32'hA0A0_A0A0);
    spinner(64'h0020_0000);
    load(A_LO, A_ID, 32'h0, 32'h0);
    wait_csb(1, "V6");
    c = commit_off.size();
    load(32'h0012_0119, 32'h60, 32'h0, 32'h0);
    wait_idle("V6");
    chk({rd32(64'h0001_0044), rd32(64'h0001_0040)} == 64'h1, "V6#1 CSB entry 0");
    chk({rd32(64'h0001_004C), rd32(64'h0001_0048)} == 64'h0000_0020_0000_0002, "V6#1 CSB entry 1 (A preempted)");
    chk({rd32(64'h0001_0054), rd32(64'h0001_0050)} == 64'h0000_0060_0000_0018, "V6#1 CSB entry 2 (P complete)");
    chk(rd32(64'h0001_00BC) == 32'h2, "V6#1 status-page write pointer");
    rc = '{32'h2244, 32'h2034, 32'h2030, 32'h2038, 32'h203C, 32'h2168, 32'h2140, 32'h2110, 32'h211C, 32'h2114, 32'h2118,
           32'h21C0, 32'h21C4, 32'h21C8, 32'h2180, 32'h23A8, 32'h228C, 32'h2288, 32'h2284, 32'h2280, 32'h227C, 32'h2278,
           32'h2274, 32'h2270};
    while (c < commit_off.size() && !(commit_off[c] == 32'h2244 && commit_data[c] == 32'hD)) c++;
    chk(c + 25 <= commit_off.size(), "V6#2 P's restore: 0x2244 := 0x0000000D");
    for (int i = 0; i < 24 && c + i < commit_off.size(); i++)
      chk(commit_off[c + i] == rc[i], $sformatf("V6#2 P's restore commit %0d: %08x, expected %08x", i, commit_off[c + i], rc[i]));
    if (c + 24 < commit_off.size())
      chk(commit_off[c + 24] == 32'h2378, $sformatf("V6#2 the restore ends at DW 0x50: next commit %08x, expected CSB_ENTRY_LO1",
          commit_off[c + 24]));
    chk(wr_addr.size() == 2 + 68 + 2 + 23 + 2, $sformatf("V6#3 %0d writes, expected 97", wr_addr.size()));
    chk_csb_at("V6#3", 0, 0, 32'h1, 32'h0);
    kv['h05] = 32'hC; kv['h0D] = 32'h0; kv['h0F] = 32'h0040_0004; kv['h11] = 32'h1; kv['h17] = 32'h0;
    chk_save_at("V6#5 Save(A)", 2, 64'h0010_0000, kv);
    chk_csb_at("V6#3", 70, 1, 32'h2, A_ID);
    for (int j = 0; j < 23 && 72 + j < wr_addr.size(); j++) begin
      int k = save_dw(j);
      chk(wr_addr[72 + j] == 64'h0012_1000 + 64'(4 * (k - 1)) && wr_be[72 + j] == 8'hF0,
          $sformatf("V6#3 Save(P) write %0d at %012x", j, wr_addr[72 + j]));
    end
    if (wr_addr.size() > 73)
      chk(wr_data[72][63:32] == 32'hFFFF_000D && wr_data[73][63:32] == 32'h0, "V6#3 Save(P) R+0x08 = 0xFFFF000D, R+0x10 = 0");
    chk_csb_at("V6#3", 95, 2, 32'h18, 32'h60);
    R(B + CS_GPR0_OFF, 32'hA0A0_A0A0, "V6#4 CS_GPR0 (A's)");
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0001_0003, "V6#6 EXECLIST_STATUS_LO");
    R(B + EXECLIST_STATUS_HI_OFF, 32'h0, "V6#6 EXECLIST_STATUS_HI");
  endtask


  // V12: a pending submission held by disabled arbitration, then taken at completion (EL-15 pending case, E7,
  // EL-25, E13)
  task automatic t_v12();
    logic [31:0] kv [int];
    init_rcs0();
    image(64'h0011_0000, 32'h0009_0008, 32'h0, 32'h10, 32'h0021_0000, 32'hB0B0_B0B0);
    image(64'h0010_0000, 32'h0009_0008, 32'h0, 32'h10, 32'h0020_0000, 32'hA0A0_A0A0);
    spinner(64'h0020_0004);
    mem[64'h0020_0000] = ARB_OFF;
    mem[64'h0021_0000] = SDI_GG; mem[64'h0021_0004] = 32'h0030_0108; mem[64'h0021_0008] = 32'h0;
    mem[64'h0021_000C] = 32'h2222_2222;
    load(A_LO, A_ID, 32'h0, 32'h0);
    wait_csb(1, "V12");
    wait_cycles(500);
    load(B_LO, B_ID, 32'h0, 32'h0);
    wait_cycles(200);
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0004_401E, "V12#1 EXECLIST_STATUS_LO (arb 0, slot 1 pending)");
    R(B + EXECLIST_STATUS_HI_OFF, A_ID, "V12#1 EXECLIST_STATUS_HI");
    mem[64'h0030_0000] = 32'h0;
    wait_idle("V12");
    chk({rd32(64'h0001_0044), rd32(64'h0001_0040)} == 64'h1, "V12#2 CSB entry 0");
    chk({rd32(64'h0001_004C), rd32(64'h0001_0048)} == 64'h0000_0020_0000_0018, "V12#2 CSB entry 1");
    chk({rd32(64'h0001_0054), rd32(64'h0001_0050)} == 64'h1, "V12#2 CSB entry 2");
    chk({rd32(64'h0001_005C), rd32(64'h0001_0058)} == 64'h0000_0040_0000_0018, "V12#2 CSB entry 3");
    chk(rd32(64'h0001_00BC) == 32'h3, "V12#2 status-page write pointer");
    chk(wr_addr.size() == 2 + 68 + 2 + 2 + 1 + 68 + 2, $sformatf("V12#3 %0d writes, expected 145", wr_addr.size()));
    chk_csb_at("V12#3", 0, 0, 32'h1, 32'h0);
    kv['h05] = 32'h10; kv['h11] = 32'h0;
    chk_save_at("V12#4 Save(A)", 2, 64'h0010_0000, kv);
    chk_csb_at("V12#3", 70, 1, 32'h18, A_ID);
    chk_csb_at("V12#3", 72, 2, 32'h1, 32'h0);
    chk(wr_addr.size() > 74 && wr_addr[74] == 64'h0030_0108, "V12#3 SDI B after entry 2");
    chk_csb_at("V12#3", 143, 3, 32'h18, B_ID);
    R(B + EXECLIST_STATUS_LO_OFF, 32'h0001_0003, "V12#5 EXECLIST_STATUS_LO");
    chk(csw_cyc.size() == 4 && same_cycles(), "V12 EL-25: one event per CSB step, at its pointer commit");
  endtask


  // V8: the context-switch interrupt masked in the aggregator, then released (EL-24; IRQ-8, IRQ-9, IRQ-16)
  task automatic t_v8();
    bit seen_irq = 0;
    W(B + HWS_PGA_OFF, HWSP);
    W(B + CONTEXT_STATUS_PTR_OFF, 32'hFFFF_0B0B);
    W(B + IMR_OFF, 32'hFFFF_FEFF);
    W(RENDER_COPY_INTR_ENABLE_OFF, 32'h0100_0000);
    W(GFX_MSTR_IRQ_OFF, 32'h8000_0000);
    W(B + RING_MODE_OFF, 32'h0008_0008);
    image(64'h0010_0000, 32'h0009_0008, 32'h0, 32'h10, 32'h0020_0000, 32'hA0A0_A0A0);
    mem[64'h0020_0000] = SDI_GG; mem[64'h0020_0004] = 32'h0030_0100; mem[64'h0020_0008] = 32'h0;
    mem[64'h0020_000C] = 32'h1111_1111;
    load(A_LO, A_ID, 32'h0, 32'h0);
    begin                                          // wait_idle, sampling irq every cycle
      int t = 0, q = 0;
      while (q < 20 && t < 20000) begin
        @(negedge clk); t++; q = probe_idle[RCS0] ? q + 1 : 0;
        if (irq === 1'b1) seen_irq = 1;
      end
      chk(q >= 20, "V8: RCS0 not idle");
    end
    chk(!seen_irq && irq === 1'b0, "V8#1 irq 0 while masked");
    chk(csw_cyc.size() == 2, "V8 two CONTEXT_SWITCH events raised");
    R(GT_INTR_DW0_OFF, 32'h0, "V8#2 first GT_INTR_DW0");
    W(RCS0_INTR_MASK_OFF, 32'hFEFF_FFFF);
    chk(irq === 1'b1, "V8#3 irq high in the cycle after the unmask");
    wait_cycles(1);
    R(GT_INTR_DW0_OFF, 32'h1, "V8#3 second GT_INTR_DW0");
    W(IIR_REG_SELECTOR0_OFF, 32'h1);
    wait_cycles(2);
    R(INTR_IDENTITY_REG0_OFF, 32'h8000_0100, "V8#4 INTR_IDENTITY_REG0 (one presentation of bit 8)");
    W(INTR_IDENTITY_REG0_OFF, 32'h8000_0000);
    W(GT_INTR_DW0_OFF, 32'h1);
    wait_cycles(2);
    chk(irq === 1'b0, "V8#5 irq 0 at the end");
  endtask


  // V10: semaphore ping-pong between an RCS0 and a BCS0 context (EL-14, EL-15, EL-5 non-render save, EL-23, EL-24)
  localparam logic [31:0] BB = 32'h22000;                     // BCS0's MMIO base
  task automatic image_bcs(input logic [63:0] l, input logic [31:0] t, input logic [31:0] rs);
    logic [63:0] R = l + 64'h1000, a;
    logic [31:0] z [$];
    for (int k = 0; k < 1024; k++) mem[R + 4 * k] = 32'h0;
    mem[R + 4] = 32'h1108_101B;
    a = R + 8;
    z = '{32'h244, 32'h034, 32'h030, 32'h038, 32'h03C, 32'h168, 32'h140, 32'h110, 32'h11C, 32'h114, 32'h118, 32'h1C0,
          32'h1C4, 32'h1C8};
    foreach (z[i]) begin
      mem[a] = BB + z[i];
      mem[a + 4] = z[i] == 32'h244 ? 32'h0009_0008 : z[i] == 32'h030 ? t : z[i] == 32'h038 ? rs : z[i] == 32'h03C ? 32'h1 : 32'h0;
      a += 8;
    end
    mem[R + 4 * 'h21] = 32'h1108_1011;
    a = R + 4 * 'h22;
    z = '{32'h3A8, 32'h28C, 32'h288, 32'h284, 32'h280, 32'h27C, 32'h278, 32'h274, 32'h270};
    foreach (z[i]) begin mem[a] = BB + z[i]; mem[a + 4] = 32'h0; a += 8; end
    mem[R + 4 * 'h41] = 32'h1108_0001; mem[R + 4 * 'h42] = BB + 32'h200;
    mem[R + 4 * 'h51] = 32'h1108_1057;
    a = R + 4 * 'h52;
    z = '{32'h028, 32'h09C, 32'h0C0, 32'h178, 32'h17C, 32'h358, 32'h170, 32'h150, 32'h154, 32'h158, 32'h41C};
    for (int n = 0; n < 32; n++) z.push_back(32'h600 + 4 * n);
    z.push_back(32'h068);
    foreach (z[i]) begin
      mem[a] = BB + z[i];
      mem[a + 4] = z[i] == 32'h0C0 ? 32'hFFFF_0000 : z[i] == 32'h178 ? 32'h1 : z[i] == 32'h17C ? 32'h0015_0000 : 32'h0;
      a += 8;
    end
    mem[R + 4 * 'hB0] = BBE;
  endtask
  task automatic t_v10();
    localparam logic [63:0] X = 64'h0030_0200, Y = 64'h0030_0204;
    logic [63:0] ca [$], cd_ [$], ra [$], rdd [$];
    logic [7:0]  cb [$], rb [$];
    int L [$];
    init_rcs0();
    W(BB + HWS_PGA_OFF, 32'h0001_1000);
    W(BB + CONTEXT_STATUS_PTR_OFF, 32'hFFFF_0B0B);
    W(BB + IMR_OFF, 32'hFFFF_FEFF);
    W(RENDER_COPY_INTR_ENABLE_OFF, 32'h0100_0100);
    W(BCS_INTR_MASK_OFF, 32'hFEFF_FFFF);
    W(BB + RING_MODE_OFF, 32'h0008_0008);
    image(64'h0010_0000, 32'h0009_0008, 32'h0, 32'h40, 32'h0020_0000, 32'hA0A0_A0A0);
    image_bcs(64'h0014_0000, 32'h40, 32'h0024_0000);
    mem[X] = 32'h0; mem[Y] = 32'h0;
    // A (RCS0): X := 1; wait Y == 1; X := 2; wait Y == 2
    mem[64'h0020_0000] = SDI_GG; mem[64'h0020_0004] = X[31:0]; mem[64'h0020_0008] = 32'h0; mem[64'h0020_000C] = 32'h1;
    mem[64'h0020_0010] = WAIT_POLL_EQ; mem[64'h0020_0014] = 32'h1; mem[64'h0020_0018] = Y[31:0]; mem[64'h0020_001C] = 32'h0;
    mem[64'h0020_0020] = SDI_GG; mem[64'h0020_0024] = X[31:0]; mem[64'h0020_0028] = 32'h0; mem[64'h0020_002C] = 32'h2;
    mem[64'h0020_0030] = WAIT_POLL_EQ; mem[64'h0020_0034] = 32'h2; mem[64'h0020_0038] = Y[31:0]; mem[64'h0020_003C] = 32'h0;
    // C (BCS0): wait X == 1; Y := 1; wait X == 2; Y := 2
    mem[64'h0024_0000] = WAIT_POLL_EQ; mem[64'h0024_0004] = 32'h1; mem[64'h0024_0008] = X[31:0]; mem[64'h0024_000C] = 32'h0;
    mem[64'h0024_0010] = SDI_GG; mem[64'h0024_0014] = Y[31:0]; mem[64'h0024_0018] = 32'h0; mem[64'h0024_001C] = 32'h1;
    mem[64'h0024_0020] = WAIT_POLL_EQ; mem[64'h0024_0024] = 32'h2; mem[64'h0024_0028] = X[31:0]; mem[64'h0024_002C] = 32'h0;
    mem[64'h0024_0030] = SDI_GG; mem[64'h0024_0034] = Y[31:0]; mem[64'h0024_0038] = 32'h0; mem[64'h0024_003C] = 32'h2;
    load(A_LO, A_ID, 32'h0, 32'h0);
    W(BB + EXECLIST_SQ_LO1_OFF, 32'h0); W(BB + EXECLIST_SQ_HI1_OFF, 32'h0);
    W(BB + EXECLIST_SQ_LO0_OFF, 32'h0014_0119); W(BB + EXECLIST_SQ_HI0_OFF, 32'h6000_00A0);
    W(BB + EXECLIST_CONTROL_OFF, 32'h1);
    begin
      int t = 0, q = 0;
      while (q < 20 && t < 40000) begin @(negedge clk); t++; q = probe_idle[0] && probe_idle[1] ? q + 1 : 0; end
      chk(q >= 20, "V10: RCS0 and BCS0 not idle");
    end
    chk(rd32(X) == 32'h2 && rd32(Y) == 32'h2, "V10#1 X = 2, Y = 2");
    chk({rd32(64'h0001_0044), rd32(64'h0001_0040)} == 64'h1, "V10#2 RCS0 CSB entry 0");
    chk({rd32(64'h0001_004C), rd32(64'h0001_0048)} == 64'h0000_0020_0000_0018, "V10#2 RCS0 CSB entry 1");
    chk(rd32(64'h0001_00BC) == 32'h1, "V10#2 RCS0 write pointer");
    chk({rd32(64'h0001_1044), rd32(64'h0001_1040)} == 64'h1, "V10#3 BCS0 CSB entry 0");
    chk({rd32(64'h0001_104C), rd32(64'h0001_1048)} == 64'h6000_00A0_0000_0018, "V10#3 BCS0 CSB entry 1");
    chk(rd32(64'h0001_10BC) == 32'h1, "V10#3 BCS0 write pointer");
    foreach (wr_addr[i]) begin
      if (wr_src[i] == 3'd0) begin ra.push_back(wr_addr[i]); rdd.push_back(wr_data[i]); rb.push_back(wr_be[i]); end
      if (wr_src[i] == 3'd1) begin ca.push_back(wr_addr[i]); cd_.push_back(wr_data[i]); cb.push_back(wr_be[i]); end
    end
    chk(ra.size() == 2 + 2 + 68 + 2, $sformatf("V10#4 RCS0: %0d writes, expected 74", ra.size()));
    if (ra.size() == 74)
      chk(ra[2] == X && rb[2] == 8'h0F && rdd[2] == 64'h1 && ra[3] == X && rdd[3] == 64'h2 && ra[4] == 64'h0010_1000 + 64'h8 &&
          ra[72] == 64'h0001_0048 && ra[73] == 64'h0001_00B8, "V10#4 RCS0 write order");
    chk(ca.size() == 2 + 2 + 58 + 2, $sformatf("V10#5 BCS0: %0d writes, expected 64", ca.size()));
    L = '{'h03, 'h05, 'h09};
    for (int k = 'h0B; k <= 'h1D; k += 2) L.push_back(k);
    for (int k = 'h23; k <= 'h33; k += 2) L.push_back(k);
    L.push_back('h57); L.push_back('h65); L.push_back('h67);
    for (int k = 'h69; k <= 'hA9; k += 2) L.push_back(k);
    if (ca.size() == 64) begin
      chk(ca[0] == 64'h0001_1040 && cd_[0] == 64'h1 && ca[1] == 64'h0001_10B8, "V10#5 BCS0 entry 0, pointer 0");
      chk(ca[2] == X && cb[2] == 8'hF0 && cd_[2] == 64'h0000_0001_0000_0000 && ca[3] == X &&
          cd_[3] == 64'h0000_0002_0000_0000, "V10#5 BCS0 SDI writes in the upper lane");
      foreach (L[j])
        chk(ca[4 + j] == 64'h0014_1000 + 64'(4 * (L[j] - 1)) && cb[4 + j] == 8'hF0,
            $sformatf("V10#5 Save(C) write %0d at %012x, expected DW %02x", j, ca[4 + j], L[j]));
      chk(cd_[5][63:32] == 32'h40, "V10#5 Save(C) RING_HEAD = 0x40");
      chk(ca[62] == 64'h0001_1048 && cd_[62] == 64'h6000_00A0_0000_0018 && ca[63] == 64'h0001_10B8, "V10#5 BCS0 entry 1");
    end
    R(GT_INTR_DW0_OFF, 32'h0000_8001, "V10#6 GT_INTR_DW0 bits 0 and 15");
  endtask

  initial begin
    if (!$value$plusargs("test=%s", test)) $fatal(1, "usage: +test=NAME");
    do_reset();
    case (test)
      "status":     t_status();
      "load_state": t_load_state();
      "v1":         t_v1();
      "v2":         t_v2();
      "v7":         t_v7();
      "v9b":        t_v9b();
      "v11":        t_v11();
      "v3":         t_v3();
      "v4":         t_v4(1'b0);
      "v5":         t_v4(1'b1);
      "v6":         t_v6();
      "poll":       t_poll();
      "v12":        t_v12();
      "v8":         t_v8();
      "v10":        t_v10();
      default:      $fatal(1, "unknown test %s", test);
    endcase
    verdict();
  end
endmodule
