// g11_tb: self-checking DUT-only tests (no model, no scoreboard) of the Gen11 command semantics of issue 16, each
// expected value taken from the contract rows (docs/spec-decisions.md C10, C13, C16, C17, C21, C26, C28, C32, C33,
// C35, C37, C38, C41, G1; docs/commands.md §2-§5), not from running the RTL.
// Run all tests on the clean RTL and on each catalogued bug: tests/rtl/run_harness.sh g11_tb (expectations in g11_tb.expect).
// One test per run: +test=NAME; prints "PASS NAME" or "FAIL NAME (n errors)" and the first errors.
module g11_tb import gtref_pkg::*; ();
  localparam int NE = 4;
  `include "harness_dut.svh"

  localparam int RCS0 = 0, BCS0 = 1, VCS0 = 2, VECS0 = 3;
  localparam logic [63:0] DATA = 64'h80_0000;   // data region
  localparam logic [63:0] BATCH = 64'h60_0000;  // batch buffers, 0x1000 apart
  localparam logic [31:0] NOOP = 32'h0000_0000;
  localparam logic [31:0] THR = 32'h217C;       // RCS0 PR_CTR_THRSH: RW, not NONPRIV
  localparam logic [31:0] FTN = 32'h24D0;       // RCS0 FORCE_TO_NONPRIV0
  function automatic logic [31:0] gpr(input int n); return 32'h2600 + 32'(4 * n); endfunction
  function automatic logic [31:0] REG(input int e, input logic [31:0] off); return ENGINE_BASE[e] + off; endfunction

  `include "harness_mem.svh"
  `include "harness_check.svh"

  // ---- monitor ----
  logic [31:0] retire_dw0 [NE][$];
  logic [31:0] commit_off [NE][$], commit_data [NE][$];
  logic [63:0] wr_addr [$], wr_data [$];
  logic [7:0]  wr_be [$];
  logic [63:0] rd_line [NE][$];
  // RCS0's commits and every memory write (one entry per written dword), in the order they happen
  typedef struct { bit w; logic [63:0] a; logic [31:0] d; } ev_t;
  ev_t         ev [$];
  function automatic ev_t ev_of(input bit w, input logic [63:0] a, input logic [31:0] d);
    ev_t x;
    x.w = w; x.a = a; x.d = d;
    return x;
  endfunction
  always @(posedge clk) begin
    if (rst_n) begin
      if (probe_commit_valid[0]) ev.push_back(ev_of(1'b0, 64'(probe_commit_off[0]), probe_commit_data[0]));
      if (mem_req_valid && mem_req_ready && mem_req_write)
        for (int h = 0; h < 2; h++)
          if (mem_req_be[4*h +: 4] != 4'd0) ev.push_back(ev_of(1'b1, mem_req_addr + 64'(4 * h), mem_req_wdata[32*h +: 32]));
      for (int e = 0; e < NE; e++) begin
        if (probe_retire[e]) retire_dw0[e].push_back(probe_retire_dw0[e]);
        if (probe_commit_valid[e]) begin
          commit_off[e].push_back(probe_commit_off[e]);
          commit_data[e].push_back(probe_commit_data[e]);
        end
      end
      if (mem_req_valid && mem_req_ready && mem_req_write) begin
        wr_addr.push_back(mem_req_addr); wr_data.push_back(mem_req_wdata); wr_be.push_back(mem_req_be);
      end
      if (mem_req_valid && mem_req_ready && !mem_req_write && mem_req_src < 3'd4)
        rd_line[mem_req_src].push_back(mem_req_addr);
    end
    cyc <= cyc + 1;
  end

  // ---- host and ring helpers ----
  task automatic mmio_wr(input logic [31:0] a, input logic [31:0] d);
    @(negedge clk);
    mmio_req_valid = 1'b1; mmio_req_write = 1'b1; mmio_req_addr = a; mmio_req_wdata = d;
    @(negedge clk);
    mmio_req_valid = 1'b0; mmio_req_write = 1'b0;
  endtask
  task automatic wait_cycles(input int n);
    repeat (n) @(negedge clk);
  endtask
  function automatic logic [63:0] ring_of(input int e);
    return 64'h10_0000 * 64'(e + 1);
  endfunction
  logic [63:0] wp [NE];
  logic [63:0] bp;                             // next free byte of the batch being written
  task automatic put(input int e, input logic [31:0] dw);
    mem[wp[e]] = dw; wp[e] += 64'd4;
  endtask
  task automatic bput(input logic [31:0] dw);
    mem[bp] = dw; bp += 64'd4;
  endtask
  task automatic ring_setup(input int e);
    logic [63:0] rb = ring_of(e);
    mmio_wr(ENGINE_BASE[e] + 32'h38, rb[31:0]);
    mmio_wr(ENGINE_BASE[e] + 32'h34, 32'd0);
    mmio_wr(ENGINE_BASE[e] + 32'h30, 32'd0);
    mmio_wr(ENGINE_BASE[e] + 32'h3C, 32'd1);
  endtask
  task automatic release_all(input int e);
    if (wp[e][2]) put(e, NOOP);
    mmio_wr(ENGINE_BASE[e] + 32'h30, 32'(wp[e] - ring_of(e)));
  endtask
  task automatic do_reset();
    rst_n = 1'b0;
    wait_cycles(3);
    for (int e = 0; e < NE; e++) begin
      retire_dw0[e].delete(); commit_off[e].delete(); commit_data[e].delete(); rd_line[e].delete();
      wp[e] = ring_of(e);
    end
    wr_addr.delete(); wr_data.delete(); wr_be.delete(); ev.delete();
    mem.delete();
    rst_n = 1'b1;
    wait_cycles(2);
  endtask

  // ---- command encodings ----
  // in the stream s (-1: the batch at bp, else engine s's ring)
  task automatic emit(input int s, input logic [31:0] dw);
    if (s < 0) bput(dw); else put(s, dw);
  endtask
  task automatic c_lri(input int s, input logic [31:0] off [$], input logic [31:0] d [$], input logic cs = 1'b0);
    emit(s, MI_LOAD_REGISTER_IMM_MATCH_VAL | (32'(cs) << F_MI_LOAD_REGISTER_IMM_CS_MMIO_LO) |
            32'(2 * off.size() + 1 - MI_LOAD_REGISTER_IMM_BIAS));
    foreach (off[i]) begin emit(s, off[i]); emit(s, d[i]); end
  endtask
  task automatic c_bbs(input int s, input logic [63:0] a, input logic ppgtt, input logic second = 1'b0,
                       input logic pred = 1'b0);
    emit(s, MI_BATCH_BUFFER_START_MATCH_VAL | 32'd1 | (32'(ppgtt) << F_MI_BATCH_BUFFER_START_PPGTT_LO) |
            (32'(second) << F_MI_BATCH_BUFFER_START_SECOND_LO) | (32'(pred) << F_MI_BATCH_BUFFER_START_PREDICATE_LO));
    emit(s, a[31:0]); emit(s, a[63:32]);
  endtask
  task automatic c_bbe(input int s);
    emit(s, MI_BATCH_BUFFER_END_MATCH_VAL);
  endtask
  task automatic c_cbbe(input int s, input logic sem, input logic mask, input logic [31:0] data, input logic [63:0] a);
    emit(s, MI_CONDITIONAL_BATCH_BUFFER_END_MATCH_VAL | 32'd2 |
            (32'(sem) << F_MI_CONDITIONAL_BATCH_BUFFER_END_SEMAPHORE_LO) |
            (32'(mask) << F_MI_CONDITIONAL_BATCH_BUFFER_END_MASK_MODE_LO));
    emit(s, data); emit(s, a[31:0]); emit(s, a[63:32]);
  endtask
  task automatic c_sdi(input int s, input logic [63:0] a, input logic [31:0] d, input logic ggtt);   // one dword
    emit(s, MI_STORE_DATA_IMM_MATCH_VAL | 32'(4 - MI_STORE_DATA_IMM_BIAS) | (32'(ggtt) << F_MI_STORE_DATA_IMM_GGTT_LO));
    emit(s, a[31:0]); emit(s, a[63:32]); emit(s, d);
  endtask
  task automatic c_sdx(input int s, input logic [31:0] off, input logic [31:0] d);   // MI_STORE_DATA_INDEX, dword
    emit(s, MI_STORE_DATA_INDEX_MATCH_VAL | 32'(3 - MI_STORE_DATA_INDEX_BIAS)); emit(s, off); emit(s, d);
  endtask
  task automatic c_lrm(input int s, input logic [31:0] r, input logic [63:0] a, input logic ggtt);
    emit(s, MI_LOAD_REGISTER_MEM_MATCH_VAL | 32'd2 | (32'(ggtt) << F_MI_LOAD_REGISTER_MEM_GGTT_LO));
    emit(s, r); emit(s, a[31:0]); emit(s, a[63:32]);
  endtask
  task automatic c_lrr(input int s, input logic [31:0] src, input logic [31:0] dst);
    emit(s, MI_LOAD_REGISTER_REG_MATCH_VAL | 32'd1); emit(s, src); emit(s, dst);
  endtask
  // the memory writes of `ev` (" w addr=data") and RCS0's commits of one of the offsets in `offs` (" c off=data")
  function automatic string events_of(input logic [31:0] offs [$]);
    string g = "";
    foreach (ev[i])
      if (ev[i].w) g = {g, $sformatf(" w %0x=%0x", ev[i].a, ev[i].d)};
      else foreach (offs[k]) if (ev[i].a == 64'(offs[k])) g = {g, $sformatf(" c %0x=%0x", ev[i].a, ev[i].d)};
    return g;
  endfunction
  // which of the engine's commits name one of the offsets in `offs`, as " off=data ..."
  function automatic string commits_of(input int e, input logic [31:0] offs [$]);
    string g = "";
    foreach (commit_off[e][i])
      foreach (offs[k]) if (commit_off[e][i] == offs[k]) g = {g, $sformatf(" %0x=%0x", commit_off[e][i], commit_data[e][i])};
    return g;
  endfunction

  // =====================================================================================================
  // Tests
  // =====================================================================================================

  // C13, C37: from a non-privileged (ppgtt) batch an LRI with any pair not allowed commits nothing; an entry
  // covers its aligned block (range), RD allows no write, deny wins.
  task automatic t_lri_np();
    logic [31:0] offs [$] = '{THR, gpr(0), gpr(1), gpr(2), gpr(3), gpr(4), gpr(5)};
    string got, want;
    ring_setup(RCS0);
    // batch 0: THR not allowed (no entry) -> the whole LRI is a NOOP, CS_GPR0 (NONPRIV) included
    bp = BATCH;          c_lri(-1, '{THR, gpr(0)}, '{32'd5, 32'd1}); c_bbe(-1);
    // batch 1: FTN0 = 0x2170, range 1 (4 dwords 0x2170..0x217C), RW: THR allowed, both commit
    bp = BATCH + 'h1000; c_lri(-1, '{THR, gpr(1)}, '{32'd6, 32'd2}); c_bbe(-1);
    // batch 2: FTN0 cleared, FTN1 = THR with access RD: not allowed -> NOOP
    bp = BATCH + 'h2000; c_lri(-1, '{THR, gpr(2)}, '{32'd7, 32'd3}); c_bbe(-1);
    // batch 3: FTN1 = 0x2170 range 1 RW, FTN2 = THR deny: denied -> NOOP; then a lone GPR pair commits
    bp = BATCH + 'h3000; c_lri(-1, '{THR, gpr(3)}, '{32'd8, 32'd4}); c_lri(-1, '{gpr(5)}, '{32'd9}); c_bbe(-1);
    // batch 4: FTN3 denies CS_GPR4 (a deny wins over the NONPRIV flag)
    bp = BATCH + 'h4000; c_lri(-1, '{gpr(4)}, '{32'hA}); c_bbe(-1);
    c_bbs(RCS0, BATCH, 1'b1);
    c_lri(RCS0, '{FTN}, '{32'h0000_2171});
    c_bbs(RCS0, BATCH + 'h1000, 1'b1);
    c_lri(RCS0, '{FTN, FTN + 4}, '{32'h0, 32'h1000_217C});
    c_bbs(RCS0, BATCH + 'h2000, 1'b1);
    c_lri(RCS0, '{FTN + 4, FTN + 8}, '{32'h0000_2171, 32'h4000_217C});
    c_bbs(RCS0, BATCH + 'h3000, 1'b1);
    c_lri(RCS0, '{FTN + 12}, '{32'h4000_2610});
    c_bbs(RCS0, BATCH + 'h4000, 1'b1);
    release_all(RCS0);
    wait_cycles(600);
    got  = commits_of(RCS0, offs);
    want = $sformatf(" %0x=6 %0x=2 %0x=9", THR, gpr(1), gpr(5));
    chk(got == want, $sformatf("commits%s, expected%s", got, want));
    chk(probe_idle[0], "RCS0 not idle at the end");
  endtask

  // C38: Add CS MMIO Start Offset on LRI, LRR (source DW0[18], destination DW0[19] independently), SRM, LRM
  task automatic t_cs_mmio();
    logic [31:0] offs [$] = '{gpr(0), gpr(2), gpr(3), gpr(4), gpr(6)};
    string got, want;
    ring_setup(RCS0);
    mem[DATA] = 32'h0000_4444;
    c_lri(RCS0, '{32'h600}, '{32'h11}, 1'b1);                                     // CS_GPR0 = 0x11
    put(RCS0, MI_LOAD_REGISTER_REG_MATCH_VAL | 32'd1 | (32'd1 << F_MI_LOAD_REGISTER_REG_CS_MMIO_SRC_LO));
    put(RCS0, 32'h600); put(RCS0, gpr(2));                                        // CS_GPR2 = CS_GPR0
    put(RCS0, MI_LOAD_REGISTER_REG_MATCH_VAL | 32'd1 | (32'd1 << F_MI_LOAD_REGISTER_REG_CS_MMIO_DST_LO));
    put(RCS0, gpr(0)); put(RCS0, 32'h60C);                                        // CS_GPR3 = CS_GPR0
    put(RCS0, MI_LOAD_REGISTER_REG_MATCH_VAL | 32'd1);
    put(RCS0, 32'h600); put(RCS0, gpr(6));                                        // no bit: 0x600 reads 0
    put(RCS0, MI_LOAD_REGISTER_MEM_MATCH_VAL | 32'd2 | (32'd1 << F_MI_LOAD_REGISTER_MEM_CS_MMIO_LO));
    put(RCS0, 32'h610); put(RCS0, DATA[31:0]); put(RCS0, 32'd0);                 // CS_GPR4 = mem
    put(RCS0, MI_STORE_REGISTER_MEM_MATCH_VAL | 32'd2 | (32'd1 << F_MI_STORE_REGISTER_MEM_CS_MMIO_LO));
    put(RCS0, 32'h608); put(RCS0, DATA[31:0] + 32'h40); put(RCS0, 32'd0);        // mem = CS_GPR2
    release_all(RCS0);
    wait_cycles(400);
    got  = commits_of(RCS0, offs);
    want = $sformatf(" %0x=11 %0x=11 %0x=11 %0x=0 %0x=4444", gpr(0), gpr(2), gpr(3), gpr(6), gpr(4));
    chk(got == want, $sformatf("commits%s, expected%s", got, want));
    chk(rd32(DATA + 64'h40) == 32'h11, $sformatf("SRM stored %0x, expected 11", rd32(DATA + 64'h40)));
  endtask

  // C21: LOAD1 loads 64 ones: 0 + ~0 stored into R0
  task automatic t_load1();
    string got, want;
    ring_setup(RCS0);
    put(RCS0, MI_MATH_MATCH_VAL | 32'(5 - MI_MATH_BIAS));
    put(RCS0, {ALU_LOAD1, ALU_OPND_SRCA, 10'd0});
    put(RCS0, {ALU_LOAD0, ALU_OPND_SRCB, 10'd0});
    put(RCS0, {ALU_ADD, 20'd0});
    put(RCS0, {ALU_STORE, 10'd0, ALU_OPND_ACCU});
    release_all(RCS0);
    wait_cycles(200);
    got  = commits_of(RCS0, '{gpr(0), gpr(1)});
    want = $sformatf(" %0x=ffffffff %0x=ffffffff", gpr(0), gpr(1));
    chk(got == want, $sformatf("commits%s, expected%s", got, want));
  endtask

  // C17: Predication Enable tests MI_PREDICATE_RESULT_1 bit 0
  task automatic t_pred_bbs();
    string got, want;
    ring_setup(RCS0);
    bp = BATCH;          c_lri(-1, '{gpr(5)}, '{32'h55}); c_bbe(-1);
    bp = BATCH + 'h1000; c_lri(-1, '{gpr(6)}, '{32'h66}); c_bbe(-1);
    c_lri(RCS0, '{32'h241C}, '{32'd1});                      // RESULT_1 = 1, RESULT = 0: runs
    c_bbs(RCS0, BATCH, 1'b0, 1'b0, 1'b1);
    c_lri(RCS0, '{32'h241C, 32'h2418}, '{32'd0, 32'd1});     // RESULT_1 = 0, RESULT = 1: skipped
    c_bbs(RCS0, BATCH + 'h1000, 1'b0, 1'b0, 1'b1);
    release_all(RCS0);
    wait_cycles(400);
    got  = commits_of(RCS0, '{gpr(5), gpr(6)});
    want = $sformatf(" %0x=55", gpr(5));
    chk(got == want, $sformatf("commits%s, expected%s", got, want));
  endtask

  // C26: Compare Semaphore 0 is a NOOP without a read; mask mode ANDs the qword's halves; a second-level end ends
  // both levels and the ring goes on after the first level's start
  task automatic t_cbbe();
    string got, want;
    ring_setup(RCS0);
    mem[DATA] = 32'h0F;       mem[DATA + 4] = 32'hFF;          // mask 0x0F AND data 0xFF = 0x0F > 5: go on
    mem[DATA + 'h40] = 32'hF3; mem[DATA + 'h44] = 32'h0F;      // 0xF3 AND 0x0F = 0x03 <= 5: end
    mem[DATA + 'h80] = 32'h0;                                   // 0 <= 5, but Compare Semaphore 0: no read
    bp = BATCH;          c_bbs(-1, BATCH + 'h1000, 1'b0, 1'b1); c_lri(-1, '{gpr(9)}, '{32'h9}); c_bbe(-1);
    bp = BATCH + 'h1000; c_cbbe(-1, 1'b0, 1'b0, 32'd5, DATA + 'h80); c_cbbe(-1, 1'b1, 1'b1, 32'd5, DATA);
    c_lri(-1, '{gpr(7)}, '{32'h7}); c_cbbe(-1, 1'b1, 1'b1, 32'd5, DATA + 'h40); c_lri(-1, '{gpr(8)}, '{32'h8});
    c_bbe(-1);
    c_bbs(RCS0, BATCH, 1'b0);
    c_lri(RCS0, '{gpr(10)}, '{32'hA});
    release_all(RCS0);
    wait_cycles(500);
    got  = commits_of(RCS0, '{gpr(7), gpr(8), gpr(9), gpr(10)});
    want = $sformatf(" %0x=7 %0x=a", gpr(7), gpr(10));
    chk(got == want, $sformatf("commits%s, expected%s", got, want));
    foreach (rd_line[0][i]) chk(rd_line[0][i] != DATA + 'h80, "Compare Semaphore 0 read memory");
    chk(probe_idle[0], "RCS0 not idle at the end");
  endtask

  // C28: GPR operands R0/R2, return data into R4 (DWORD: CS_GPR8 only), inline 5- and 7-dword forms
  task automatic t_atomic();
    string got, want;
    logic [63:0] A = DATA, B = DATA + 'h100;
    ring_setup(RCS0);
    mem[A] = 32'h10; mem[B] = 32'h1; mem[B + 4] = 32'h2;
    c_lri(RCS0, '{gpr(0), gpr(1), gpr(2), gpr(4), gpr(8)}, '{32'h10, 32'h0, 32'hAA, 32'h20, 32'h77});
    // DWORD CMP_WR (0x0E), no inline, return: old 0x10 == R0 -> R2 (0x20)
    put(RCS0, MI_ATOMIC_MATCH_VAL | 32'(3 - MI_ATOMIC_BIAS) | (32'h0E << F_MI_ATOMIC_OP_LO) |
              (32'd1 << F_MI_ATOMIC_RETURN_DATA_LO));
    put(RCS0, A[31:0]); put(RCS0, A[63:32]);
    // DWORD ADD (0x07), inline, 5 dwords, return: 0x20 + 5
    put(RCS0, MI_ATOMIC_MATCH_VAL | 32'(5 - MI_ATOMIC_BIAS) | (32'h07 << F_MI_ATOMIC_OP_LO) |
              (32'd1 << F_MI_ATOMIC_RETURN_DATA_LO) | (32'd1 << F_MI_ATOMIC_INLINE_LO));
    put(RCS0, A[31:0]); put(RCS0, A[63:32]); put(RCS0, 32'd5); put(RCS0, 32'd0);
    // QWORD ADD8B (0x27), inline, 7 dwords, return: 0x2_00000001 + 0x1_00000003
    put(RCS0, MI_ATOMIC_MATCH_VAL | 32'(7 - MI_ATOMIC_BIAS) | (32'h27 << F_MI_ATOMIC_OP_LO) |
              (32'd1 << F_MI_ATOMIC_RETURN_DATA_LO) | (32'd1 << F_MI_ATOMIC_INLINE_LO) | (32'd1 << F_MI_ATOMIC_SIZE_LO));
    put(RCS0, B[31:0]); put(RCS0, B[63:32]); put(RCS0, 32'd3); put(RCS0, 32'd0); put(RCS0, 32'd1); put(RCS0, 32'd0);
    release_all(RCS0);
    wait_cycles(500);
    got  = commits_of(RCS0, '{gpr(0), gpr(1), gpr(8), gpr(9)});
    want = $sformatf(" %0x=10 %0x=0 %0x=77 %0x=10 %0x=20 %0x=1 %0x=2", gpr(0), gpr(1), gpr(8), gpr(8), gpr(8),
                     gpr(8), gpr(9));
    chk(got == want, $sformatf("commits%s, expected%s", got, want));
    chk(rd32(A) == 32'h25, $sformatf("dword atomic: memory %0x, expected 25", rd32(A)));
    chk(rd32(B) == 32'h4 && rd32(B + 4) == 32'h3, $sformatf("qword atomic: memory %0x_%08x, expected 3_00000004",
                                                         rd32(B + 4), rd32(B)));
    chk(probe_idle[0] && !probe_halted[0], "RCS0 not idle (or halted) at the end");
  endtask

  // C35: a 5-dword MI_STORE_DATA_IMM without Store Qword is two dword writes, each as a dword store
  task automatic t_sdi2();
    logic [63:0] A = DATA, B = DATA + 'h44;
    string got = "", want;
    ring_setup(RCS0);
    put(RCS0, MI_STORE_DATA_IMM_MATCH_VAL | 32'(5 - MI_STORE_DATA_IMM_BIAS));
    put(RCS0, A[31:0]); put(RCS0, A[63:32]); put(RCS0, 32'h2222_2222); put(RCS0, 32'h1111_1111);
    put(RCS0, MI_STORE_DATA_IMM_MATCH_VAL | 32'(5 - MI_STORE_DATA_IMM_BIAS));
    put(RCS0, B[31:0]); put(RCS0, B[63:32]); put(RCS0, 32'h4444_4444); put(RCS0, 32'h3333_3333);
    release_all(RCS0);
    wait_cycles(300);
    foreach (wr_addr[i]) got = {got, $sformatf(" %0x/%02x/%016x", wr_addr[i], wr_be[i], wr_data[i])};
    want = $sformatf(" %0x/0f/%016x %0x/f0/%016x %0x/f0/%016x %0x/0f/%016x", A, 64'h2222_2222, A, 64'h1111_1111_0000_0000,
                     DATA + 'h40, 64'h4444_4444_0000_0000, DATA + 'h48, 64'h3333_3333);
    chk(got == want, $sformatf("writes%s, expected%s", got, want));
  endtask

  // C33: register poll compares the issuing engine's register at the absolute offset DW2[22:2]; another engine's
  // offset reads 0; no memory read
  task automatic t_rpoll();
    logic [31:0] w0 = MI_SEMAPHORE_WAIT_MATCH_VAL | 32'd2 | (32'd4 << F_MI_SEMAPHORE_WAIT_COMPARE_LO) |
                      (32'd1 << F_MI_SEMAPHORE_WAIT_REG_POLL_LO);   // SAD == SDD, register poll, signal mode bits
    int n;
    ring_setup(VCS0);
    put(VCS0, w0); put(VCS0, 32'd5); put(VCS0, ENGINE_BASE[VCS0] + 32'h600); put(VCS0, 32'd0);  // VCS0 CS_GPR0 == 5
    put(VCS0, w0); put(VCS0, 32'd0); put(VCS0, 32'h2600); put(VCS0, 32'd0);                      // RCS0's: reads 0
    release_all(VCS0);
    mmio_wr(32'h2600, 32'd7);
    wait_cycles(200);
    n = 0; foreach (retire_dw0[VCS0][i]) if (retire_dw0[VCS0][i] == w0) n++;
    chk(n == 0, "the register-poll wait retired before its register held 5");
    mmio_wr(ENGINE_BASE[VCS0] + 32'h600, 32'd5);
    wait_cycles(100);
    n = 0; foreach (retire_dw0[VCS0][i]) if (retire_dw0[VCS0][i] == w0) n++;
    chk(n == 2, $sformatf("%0d register-poll waits retired, expected 2", n));
    foreach (rd_line[VCS0][i])
      chk(rd_line[VCS0][i] >= ring_of(VCS0) && rd_line[VCS0][i] < ring_of(VCS0) + 64'h1000,
          $sformatf("VCS0 read %0x outside its ring (a memory read of the register-poll wait)", rd_line[VCS0][i]));
  endtask

  // C32: Target Engine Select is DW0[18:15]: 9 (VCS5) signals no engine of the kit; 1 signals VCS0
  task automatic t_sig4();
    logic [31:0] w0 = MI_SEMAPHORE_WAIT_MATCH_VAL | 32'd2 | (32'd4 << F_MI_SEMAPHORE_WAIT_COMPARE_LO);
    int n;
    ring_setup(RCS0); ring_setup(VCS0);
    put(VCS0, w0); put(VCS0, 32'd1); put(VCS0, DATA[31:0]); put(VCS0, 32'd0);   // signal mode, SAD == 1
    release_all(VCS0);
    wait_cycles(50);
    mem[DATA] = 32'd1;
    // both signals in the ring before any is released (the fetch buffers the line holding TAIL)
    put(RCS0, MI_SEMAPHORE_SIGNAL_MATCH_VAL | (32'd9 << F_MI_SEMAPHORE_SIGNAL_TARGET_LO)); put(RCS0, 32'd0);
    put(RCS0, MI_SEMAPHORE_SIGNAL_MATCH_VAL | (32'd1 << F_MI_SEMAPHORE_SIGNAL_TARGET_LO)); put(RCS0, 32'd0);
    mmio_wr(ENGINE_BASE[RCS0] + 32'h30, 32'd8);
    wait_cycles(150);
    n = 0; foreach (rd_line[VCS0][i]) if (rd_line[VCS0][i] == DATA) n++;
    chk(n == 1, $sformatf("VCS0: %0d reads after a signal to target 9, expected 1", n));
    release_all(RCS0);
    wait_cycles(150);
    n = 0; foreach (retire_dw0[VCS0][i]) if (retire_dw0[VCS0][i] == w0) n++;
    chk(n == 1, "VCS0's wait did not retire after the signal to target 1");
  endtask

  // C41, G1, C13: in a non-privileged (ppgtt) batch a GGTT SDI or LRM and an LRM/LRR/LRI whose destination is not
  // allowed are privilege violations: a NOOP (no memory read, no write, no register write), then ESR |= 4 and, with
  // EMR[2] = 0, EIR |= 4, each only if it changes, never IPEHR; CS_MASTER_ERROR (seen as its HWSTAM status write of
  // 8 to the status page, IRQ-4: IMR and HWSTAM have bit 3 clear) only when EIR is set from 0; the engine goes on.
  // A ppgtt SDI and MI_STORE_DATA_INDEX (status page) are not violations.
  task automatic t_priv_viol();
    localparam logic [63:0] HWS = 64'h70_0000;
    logic [31:0] offs [$] = '{REG(RCS0, ESR_OFF), REG(RCS0, EIR_OFF), REG(RCS0, IPEHR_OFF), gpr(0), gpr(1), THR};
    logic [31:0] sdi_gg = MI_STORE_DATA_IMM_MATCH_VAL | 32'(4 - MI_STORE_DATA_IMM_BIAS) |
                          (32'd1 << F_MI_STORE_DATA_IMM_GGTT_LO);
    string got, want;
    int n;
    ring_setup(RCS0);
    mmio_wr(REG(RCS0, EMR_OFF), 32'h0);
    mmio_wr(REG(RCS0, IMR_OFF), ~32'h8);
    mmio_wr(REG(RCS0, HWSTAM_OFF), ~32'h8);
    mmio_wr(REG(RCS0, HWS_PGA_OFF), HWS[31:0]);
    mem[DATA + 'h100] = 32'h1234; mem[DATA + 'h200] = 32'h5678;
    // batch 0: GGTT SDI (violation: status write, ESR, EIR), ppgtt SDI (writes), GGTT LRM (violation: no read,
    // ESR and EIR unchanged: no commit, no status write), ppgtt LRM to THR (not allowed: violation, no read), LRR to
    // THR (violation), MI_STORE_DATA_INDEX (writes the status page)
    bp = BATCH;
    c_sdi(-1, DATA, 32'h11, 1'b1); c_sdi(-1, DATA + 8, 32'h22, 1'b0);
    c_lrm(-1, gpr(0), DATA + 'h100, 1'b1); c_lrm(-1, THR, DATA + 'h200, 1'b0); c_lrr(-1, gpr(1), THR);
    c_sdx(-1, 32'h40, 32'h33); c_bbe(-1);
    // batch 1, after the host clears EIR: an LRI with a pair not allowed (violation: status write, EIR set from 0),
    // then a ppgtt LRM of CS_GPR0 (allowed) reads and commits
    bp = BATCH + 'h1000;
    c_lri(-1, '{gpr(1), THR}, '{32'h9, 32'h9}); c_lrm(-1, gpr(0), DATA + 'h200, 1'b0); c_bbe(-1);
    // both starts in the ring before the first is released (the fetch buffers the line holding TAIL)
    c_bbs(RCS0, BATCH, 1'b1); put(RCS0, NOOP);
    c_bbs(RCS0, BATCH + 'h1000, 1'b1);
    mmio_wr(REG(RCS0, 32'h30), 32'd16);
    wait_cycles(600);
    got  = events_of(offs);
    want = $sformatf(" w %0x=8 c %0x=4 c %0x=4 w %0x=22 w %0x=33", HWS, REG(RCS0, ESR_OFF), REG(RCS0, EIR_OFF),
                     DATA + 8, HWS + 'h40);
    chk(got == want, $sformatf("batch 0: events%s, expected%s", got, want));
    foreach (rd_line[0][i])
      chk(rd_line[0][i] != DATA + 'h100 && rd_line[0][i] != DATA + 'h200,
          $sformatf("batch 0: a violating LRM read %0x", rd_line[0][i]));
    n = 0; foreach (retire_dw0[0][i]) if (retire_dw0[0][i] == sdi_gg) n++;
    chk(n == 1, $sformatf("the GGTT SDI retired %0d times, expected 1", n));
    chk(!probe_halted[0], "RCS0 halted after a privilege violation");
    mmio_wr(REG(RCS0, EIR_OFF), 32'h4);                       // W1C
    ev.delete();
    release_all(RCS0);
    wait_cycles(600);
    got  = events_of(offs);
    want = $sformatf(" w %0x=8 c %0x=4 c %0x=5678", HWS, REG(RCS0, EIR_OFF), gpr(0));
    chk(got == want, $sformatf("batch 1: events%s, expected%s", got, want));
    chk(probe_idle[0] && !probe_halted[0], "RCS0 not idle (or halted) at the end");
  endtask

  // C10, C16: a started batch's effective PPGTT bit is its own bit OR the holding batch's (a first-level chain, a
  // second-level call, a second-level chain); from the ring its own bit; BB_STATE / SBB_STATE bit 5 holds it, and
  // it decides the privilege (a not-allowed LRI: violation, ESR bit 2; EMR masks EIR at reset)
  task automatic t_asi();
    logic [31:0] offs [$] = '{REG(RCS0, BB_STATE_OFF), REG(RCS0, SBB_STATE_OFF), REG(RCS0, ESR_OFF), THR};
    string got, want;
    ring_setup(RCS0);
    // A (ppgtt, from the ring) chains with ppgtt 0 to B: B is PPGTT, non-privileged
    bp = BATCH;          c_bbs(-1, BATCH + 'h1000, 1'b0);
    bp = BATCH + 'h1000; c_lri(-1, '{THR}, '{32'h5}); c_bbe(-1);
    // C (GGTT) calls D with ppgtt 1: PPGTT; D chains at second level with ppgtt 0 to E: PPGTT; E returns to C;
    // C (privileged) writes THR and calls F with ppgtt 0: GGTT, privileged
    bp = BATCH + 'h2000; c_bbs(-1, BATCH + 'h3000, 1'b1, 1'b1); c_lri(-1, '{THR}, '{32'h1});
                         c_bbs(-1, BATCH + 'h5000, 1'b0, 1'b1); c_bbe(-1);
    bp = BATCH + 'h3000; c_lri(-1, '{THR}, '{32'h6}); c_bbs(-1, BATCH + 'h4000, 1'b0);
    bp = BATCH + 'h4000; c_lri(-1, '{THR}, '{32'h7}); c_bbe(-1);
    bp = BATCH + 'h5000; c_lri(-1, '{THR}, '{32'h2}); c_bbe(-1);
    c_bbs(RCS0, BATCH, 1'b1);
    c_bbs(RCS0, BATCH + 'h2000, 1'b0);
    release_all(RCS0);
    wait_cycles(900);
    got  = commits_of(RCS0, offs);
    want = $sformatf(" %0x=20 %0x=4 %0x=0 %0x=20 %0x=1 %0x=0 %0x=2", REG(RCS0, BB_STATE_OFF), REG(RCS0, ESR_OFF),
                     REG(RCS0, BB_STATE_OFF), REG(RCS0, SBB_STATE_OFF), THR, REG(RCS0, SBB_STATE_OFF), THR);
    chk(got == want, $sformatf("commits%s, expected%s", got, want));
    chk(probe_idle[0] && !probe_halted[0], "RCS0 not idle (or halted) at the end");
  endtask

  initial begin
    if (!$value$plusargs("test=%s", test)) $fatal(1, "usage: +test=NAME");
    do_reset();
    case (test)
      "lri_np":   t_lri_np();
      "cs_mmio":  t_cs_mmio();
      "load1":    t_load1();
      "pred_bbs": t_pred_bbs();
      "cbbe":     t_cbbe();
      "atomic":   t_atomic();
      "sdi2":     t_sdi2();
      "rpoll":    t_rpoll();
      "sig4":     t_sig4();
      "priv_viol": t_priv_viol();
      "asi":      t_asi();
      default:    $fatal(1, "unknown test %s", test);
    endcase
    verdict();
  end
endmodule
