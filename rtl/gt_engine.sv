// gt_engine: one command streamer (docs/cycle-contract.md §2-§4), instanced per engine by gt_top.
//
//   register file   ENGINE_REGS registers from gtref_pkg (offset, reset, RW, W1C, masked), at
//                   ENGINE_BASE[ENGINE] + offset. Host writes come from gt_top's MMIO decode.
//   gt_cmd_fetch    ring / batch line fetch and the dword stream.
//   parser FSM      one dword per cycle: DW0 decode and legality, the arguments, then execution:
//                   MI_NOOP, MI_USER_INTERRUPT, MI_BATCH_BUFFER_END, MI_STORE_DATA_IMM,
//                   MI_LOAD_REGISTER_IMM (one register per cycle), MI_BATCH_BUFFER_START (first level and
//                   chaining), illegal commands (ESR, EIR, halt).
//
// Every probe output is a function of this module's flip-flops only (state, command registers, register
// file); no input reaches a probe combinationally.
module gt_engine import gtref_pkg::*; #(
  parameter int ENGINE = 0
) (
  input  logic         clk,
  input  logic         rst_n,
  // host register access (gt_top registers the read data and the commit report)
  input  logic         mmio_wr,       // an MMIO write transfers at this closing edge
  input  logic [31:0]  mmio_addr,
  input  logic [31:0]  mmio_wdata,
  output logic [31:0]  mmio_rdata,    // the addressed register of this engine, 0 if none
  output logic         mmio_commit,   // mmio_wr names a register of this engine with a writable bit
  output logic [31:0]  mmio_new,      // its new stored value (0 unless mmio_commit)
  // memory requests, to gt_mem_arb
  output logic         req_valid,
  output logic         req_write,
  output logic [63:0]  req_addr,
  output logic [63:0]  req_wdata,
  output logic [7:0]   req_be,
  input  logic         req_gnt,       // the arbiter takes the request at this closing edge
  input  logic         wr_ack,        // one of our writes transfers on the memory port at this closing edge
  input  logic         rsp_valid,     // read data for this engine, in request order
  input  logic [511:0] rsp_data,
  // interrupt event, sampled by gt_irq at the closing edge of the retire cycle
  output logic         evt_valid,
  output logic [15:0]  evt_bits,
  // probes (docs/cycle-contract.md §1)
  output logic         probe_retire,
  output logic [31:0]  probe_retire_dw0,
  output logic [63:0]  probe_retire_addr,
  output logic         probe_retire_err,
  output logic         probe_commit_valid,
  output logic [31:0]  probe_commit_off,
  output logic [31:0]  probe_commit_data,
  output logic         probe_idle,
  output logic         probe_halted
);
  localparam logic [31:0] BASE = ENGINE_BASE[ENGINE];
  localparam int RIW = $clog2(ENGINE_REGS);   // register index width (70 registers: 7 bits)
  typedef logic [RIW-1:0] ridx_t;

  // =====================================================================================================
  // Register file and its write rules
  // =====================================================================================================
  logic [31:0] r [ENGINE_REGS];

  // A register LRI or the host can change: some RW or W1C bit, or a masked register.
  function automatic logic reg_writable(input ridx_t i);
    return gt_reg_rules_pkg::reg_is_writable(ENGINE_REG_RW_BY_ENGINE[ENGINE][i], ENGINE_REG_W1C[i], ENGINE_REG_MASKED[i][0]);
  endfunction

  function automatic logic [31:0] reg_write(input ridx_t i, input logic [31:0] old, input logic [31:0] val);
    return gt_reg_rules_pkg::reg_apply_write(ENGINE_REG_RW_BY_ENGINE[ENGINE][i], ENGINE_REG_W1C[i], ENGINE_REG_MASKED[i][0], old, val);
  endfunction

  // Ring registers (BYT-REG digest §2.1): START [31:12], CTL length [20:12] in pages - 1 and enable [0],
  // HEAD wrap count [31:21] and offset [20:2], TAIL offset [20:3]. gt_pkg_check checks these positions
  // against gtref_pkg's field constants.
  logic [31:0] ring_start;
  logic [21:0] ring_size, head_off, tail_off, ring_avail;
  logic        ring_en;
  assign ring_start = {r[RING_START_IDX][31:12], 12'd0};
  assign ring_size  = {{1'b0, r[RING_CTL_IDX][20:12]} + 10'd1, 12'd0};
  assign ring_en    = r[RING_CTL_IDX][0];
  assign head_off   = {1'b0, r[RING_HEAD_IDX][20:2], 2'd0};
  assign tail_off   = {1'b0, r[RING_TAIL_IDX][20:3], 3'd0};
  // Bytes from HEAD to TAIL, circularly; 0 when the ring is empty.
  assign ring_avail = (tail_off >= head_off) ? tail_off - head_off : tail_off + ring_size - head_off;

  // ---- host access ----
  logic [ENGINE_REGS-1:0] host_hit, host_we;
  logic [31:0]            host_new [ENGINE_REGS];
  always_comb begin
    mmio_rdata  = '0;
    mmio_new    = '0;
    mmio_commit = 1'b0;
    for (int i = 0; i < ENGINE_REGS; i++) begin
      host_hit[i] = mmio_addr == BASE + ENGINE_REG_OFF[i];
      host_we[i]  = mmio_wr && host_hit[i] && reg_writable(ridx_t'(i));
      host_new[i] = reg_write(ridx_t'(i), r[i], mmio_wdata);
      if (host_hit[i]) mmio_rdata = mmio_rdata | r[i];
      if (host_we[i]) begin
        mmio_commit = 1'b1;
        mmio_new    = mmio_new | host_new[i];
      end
    end
  end

  // ---- engine-side register writes: at most one per cycle (commit rule 3) ----
  logic        c_valid;
  ridx_t       c_idx;
  logic [31:0] c_val;

  // Commit rule 1: registers change only here, at a command's retire (RING_HEAD, EIR), at a register
  // write of the command in flight (LRI, ESR), or when a host write transfers. Commit rule 3: each
  // engine-side change is the one reported on probe_commit_* in the cycle of its closing edge.
  // The engine's write wins over a host write to the same register in the same cycle (undefined by the
  // spec; the stimulus never does it).
  // One always_ff per register (a generate loop: ENGINE_REGS exceeds Verilator's loop-unroll limit),
  // reset to this engine's value (EMR differs per engine).
  for (genvar i = 0; i < ENGINE_REGS; i++) begin : g_reg
    always_ff @(posedge clk) begin
      if (!rst_n) r[i] <= ENGINE_REG_RESET_BY_ENGINE[ENGINE][i];
      else if (c_valid && c_idx == ridx_t'(i)) r[i] <= c_val;
      else if (host_we[i]) r[i] <= host_new[i];
    end
  end

  // =====================================================================================================
  // Command fetch
  // =====================================================================================================
  logic         pop, redir, redir_ring;
  logic [63:0]  redir_addr;
  logic         dw_valid, s_ring, fetch_busy;
  logic [31:0]  dw;
  logic [63:0]  dw_addr;
  logic         f_rd_valid, f_rd_gnt;
  logic [63:0]  f_rd_addr;
  logic         in_batch, halted;

  gt_cmd_fetch u_fetch (
    .clk, .rst_n,
    .ring_start, .ring_size, .head_off, .ring_avail, .ring_en, .in_batch, .halted,
    .redir, .redir_addr, .redir_ring, .pop,
    .dw_valid, .dw_data(dw), .dw_addr, .s_ring, .busy(fetch_busy),
    .rd_valid(f_rd_valid), .rd_addr(f_rd_addr), .rd_gnt(f_rd_gnt),
    .rsp_valid, .rsp_data
  );

  // =====================================================================================================
  // Parser
  // =====================================================================================================
  // Every command of gtref_pkg, in table order (refmodel/cmd_table.c).
  typedef enum logic [5:0] {
    C_NONE, C_MI_NOOP, C_MI_SET_PREDICATE, C_MI_USER_INTERRUPT, C_MI_WAIT_FOR_EVENT, C_MI_ARB_CHECK,
    C_MI_RS_CONTROL, C_MI_REPORT_HEAD, C_MI_ARB_ON_OFF, C_MI_URB_ATOMIC_ALLOC, C_MI_BATCH_BUFFER_END,
    C_MI_SUSPEND_FLUSH, C_MI_PREDICATE, C_MI_TOPOLOGY_FILTER, C_MI_RS_CONTEXT, C_MI_LOAD_SCAN_LINES_INCL,
    C_MI_LOAD_SCAN_LINES_EXCL, C_MI_DISPLAY_FLIP, C_MI_SET_CONTEXT, C_MI_MATH, C_MI_SEMAPHORE_SIGNAL,
    C_MI_SEMAPHORE_WAIT, C_MI_FORCE_WAKEUP, C_MI_STORE_DATA_IMM, C_MI_STORE_DATA_INDEX, C_MI_LOAD_REGISTER_IMM,
    C_MI_STORE_REGISTER_MEM, C_MI_FLUSH_DW, C_MI_CLFLUSH, C_MI_REPORT_PERF_COUNT, C_MI_LOAD_REGISTER_MEM,
    C_MI_LOAD_REGISTER_REG, C_MI_RS_STORE_DATA_IMM, C_MI_LOAD_URB_MEM, C_MI_STORE_URB_MEM, C_MI_COPY_MEM_MEM,
    C_MI_ATOMIC, C_MI_BATCH_BUFFER_START, C_MI_CONDITIONAL_BATCH_BUFFER_END, C_PIPE_CONTROL, C_PIPELINE_SELECT,
    C_STATE_BASE_ADDRESS, C_STATE_SIP, C_STATE_PREFETCH
  } cmd_t;

  typedef enum logic [3:0] {
    S_DW0,        // wait for / take DW0, decode it
    S_WAIT,       // ring: the command is not yet entirely before TAIL
    S_ARGS,       // take DW1.. of MI_STORE_DATA_IMM / MI_BATCH_BUFFER_START
    S_LRI_OFF,    // MI_LOAD_REGISTER_IMM: take a register offset
    S_LRI_DATA,   //                       take its data
    S_LRI_COMMIT, //                       write the register (one per cycle)
    S_SDI_W0,     // MI_STORE_DATA_IMM: first memory write
    S_SDI_W1,     //                    second write (qword to a 4-aligned address)
    S_SDI_ACK,    //                    wait until every write has transferred
    S_ERR,        // illegal command: ESR
    S_RETIRE,     // the command retires at this cycle's closing edge
    S_HALT        // stopped after an illegal command, until reset
  } state_t;
  state_t st;

  logic [31:0] cmd_dw0;
  logic [63:0] cmd_addr;
  logic        cmd_in_batch, cmd_err;
  logic [10:0] cmd_len;        // dwords (legal commands are at most 1025, MI_CLFLUSH)
  logic [31:0] cmd_head;       // RING_HEAD when the command started
  logic [31:0] a1, a2, a3, a4; // DW1..DW4
  logic [10:0] argn;           // next argument dword (DW1..DW4 are kept, later ones skipped)
  logic [6:0]  lri_left;       // register pairs not yet taken
  logic        lri_hit;        // the pair names a writable register of this engine
  ridx_t       lri_idx;
  logic [31:0] lri_data;
  logic [1:0]  wr_pend;        // memory writes granted but not yet transferred

  cmd_t        cmd;            // the decoded command

  // ---- DW0 decode (of the dword at the head of the stream); contract §4, all decided from DW0 ----
  function automatic logic [31:0] cmd_length(input logic [31:0] d, input int len_bits, input int bias);
    if (len_bits == 0) return 32'd1;
    return (d & ((32'd1 << len_bits) - 32'd1)) + 32'(bias);
  endfunction

  function automatic logic len_in(input logic [31:0] len, input int mn, input int mx);
    return len >= 32'(mn) && len <= 32'(mx);
  endfunction


  // ---- DW0 decode (of the dword at the head of the stream); contract §4, all decided from DW0: the
  //      table's MATCH_MASK/MATCH_VAL (MI commands and command type 3 alike), length DW0[LEN_BITS-1:0] +
  //      BIAS in MIN_LEN..MAX_LEN plus the length rules (SDI, LRI pairs, MI_ATOMIC inline), and the
  //      engines mask (a command this engine does not accept is illegal, commands.md §1, C12) ----
  logic [31:0] d_len;
  logic        d_legal;
  cmd_t        d_cmd;
`define GT_DECODE(N) \
    if ((dw & N``_MATCH_MASK) == N``_MATCH_VAL) begin \
      d_cmd   = C_``N; \
      d_len   = cmd_length(dw, N``_LEN_BITS, N``_BIAS); \
      d_legal = len_in(d_len, N``_MIN_LEN, N``_MAX_LEN) && N``_ENGINES[ENGINE]; \
    end
  always_comb begin
    d_len   = 32'd1;
    d_legal = 1'b0;     // a DW0 that matches no entry is illegal
    d_cmd   = C_NONE;
    `GT_DECODE(MI_NOOP)
    `GT_DECODE(MI_SET_PREDICATE)
    `GT_DECODE(MI_USER_INTERRUPT)
    `GT_DECODE(MI_WAIT_FOR_EVENT)
    `GT_DECODE(MI_ARB_CHECK)
    `GT_DECODE(MI_RS_CONTROL)
    `GT_DECODE(MI_REPORT_HEAD)
    `GT_DECODE(MI_ARB_ON_OFF)
    `GT_DECODE(MI_URB_ATOMIC_ALLOC)
    `GT_DECODE(MI_BATCH_BUFFER_END)
    `GT_DECODE(MI_SUSPEND_FLUSH)
    `GT_DECODE(MI_PREDICATE)
    `GT_DECODE(MI_TOPOLOGY_FILTER)
    `GT_DECODE(MI_RS_CONTEXT)
    `GT_DECODE(MI_LOAD_SCAN_LINES_INCL)
    `GT_DECODE(MI_LOAD_SCAN_LINES_EXCL)
    `GT_DECODE(MI_DISPLAY_FLIP)
    `GT_DECODE(MI_SET_CONTEXT)
    `GT_DECODE(MI_MATH)
    `GT_DECODE(MI_SEMAPHORE_SIGNAL)
    `GT_DECODE(MI_SEMAPHORE_WAIT)
    `GT_DECODE(MI_FORCE_WAKEUP)
    `GT_DECODE(MI_STORE_DATA_IMM)
    `GT_DECODE(MI_STORE_DATA_INDEX)
    `GT_DECODE(MI_LOAD_REGISTER_IMM)
    `GT_DECODE(MI_STORE_REGISTER_MEM)
    `GT_DECODE(MI_FLUSH_DW)
    `GT_DECODE(MI_CLFLUSH)
    `GT_DECODE(MI_REPORT_PERF_COUNT)
    `GT_DECODE(MI_LOAD_REGISTER_MEM)
    `GT_DECODE(MI_LOAD_REGISTER_REG)
    `GT_DECODE(MI_RS_STORE_DATA_IMM)
    `GT_DECODE(MI_LOAD_URB_MEM)
    `GT_DECODE(MI_STORE_URB_MEM)
    `GT_DECODE(MI_COPY_MEM_MEM)
    `GT_DECODE(MI_ATOMIC)
    `GT_DECODE(MI_BATCH_BUFFER_START)
    `GT_DECODE(MI_CONDITIONAL_BATCH_BUFFER_END)
    `GT_DECODE(PIPE_CONTROL)
    `GT_DECODE(PIPELINE_SELECT)
    `GT_DECODE(STATE_BASE_ADDRESS)
    `GT_DECODE(STATE_SIP)
    `GT_DECODE(STATE_PREFETCH)
    // the table's length rules beyond MIN..MAX
    case (d_cmd)
      C_MI_STORE_DATA_IMM:    // 4 dwords <-> Store Qword 0, 5 dwords <-> Store Qword 1
        if (!((d_len == 32'd4 && !dw[SDI_STORE_QWORD_BIT]) || (d_len == 32'd5 && dw[SDI_STORE_QWORD_BIT])))
          d_legal = 1'b0;
      C_MI_LOAD_REGISTER_IMM: // 1 + 2n dwords
        if (!d_len[0]) d_legal = 1'b0;
      C_MI_ATOMIC:            // 3 dwords without Inline Data, 11 with it
        if (d_len != (dw[F_MI_ATOMIC_INLINE_LO] ? 32'd11 : 32'd3)) d_legal = 1'b0;
      default: ;
    endcase
  end
`undef GT_DECODE

  function automatic state_t dispatch(input cmd_t c, input logic [10:0] len);
    case (c)
      C_MI_LOAD_REGISTER_IMM: return S_LRI_OFF;
      default:                return len == 11'd1 ? S_RETIRE : S_ARGS;
    endcase
  endfunction

  // ---- ring position ----
  logic        ring_go;       // contract §4: execute from the ring (enabled, HEAD != TAIL, not in a batch)
  logic [63:0] ring_dw_addr;  // graphics address of the dword at HEAD
  logic        at_ring_pos;   // the stream stands at HEAD
  logic [12:0] need_new, need_cmd;
  assign ring_go      = !in_batch && ring_en && head_off != tail_off;
  assign ring_dw_addr = {32'd0, ring_start} + {42'd0, head_off};
  assign at_ring_pos  = s_ring && dw_addr == ring_dw_addr;
  assign need_new     = {d_len[10:0], 2'd0};  // bytes of the command whose DW0 is at the stream head
  assign need_cmd     = {cmd_len, 2'd0};     // bytes of the command being decoded

  // ---- LRI target lookup: a register of this engine with a writable bit (contract §2) ----
  logic        lk_hit;
  ridx_t       lk_idx;
  logic [31:0] lk_off;
  assign lk_off = dw & LRI_OFFSET_MASK;  // Register Offset DW[22:2]
  always_comb begin
    lk_hit = 1'b0;
    lk_idx = '0;
    for (int i = 0; i < ENGINE_REGS; i++)
      if (lk_off == BASE + ENGINE_REG_OFF[i] && reg_writable(ridx_t'(i))) begin
        lk_hit = 1'b1;
        lk_idx = ridx_t'(i);
      end
  end

  // LRI value: the table's write rules, then the Byte Write Disables (a disabled byte keeps its old value).
  logic [31:0] lri_old, lri_rule, lri_new;
  logic [3:0]  lri_bwd;
  assign lri_old  = r[lri_idx];
  assign lri_rule = reg_write(lri_idx, lri_old, lri_data);
  assign lri_bwd  = cmd_dw0[LRI_BWD_LSB +: 4];
  always_comb
    for (int b = 0; b < 4; b++)
      lri_new[8*b +: 8] = lri_bwd[b] ? lri_old[8*b +: 8] : lri_rule[8*b +: 8];

  // ---- RING_HEAD after a ring command: offset of the next dword; the wrap count increments when the
  //      offset wraps (contract §4) ----
  logic [21:0] nh_sum, nh_off;
  logic        nh_wrapped;
  logic [10:0] nh_wrap;
  logic [31:0] new_head;
  assign nh_sum     = {1'b0, cmd_head[20:2], 2'd0} + {9'd0, cmd_len, 2'd0};
  assign nh_wrapped = nh_sum >= ring_size;
  assign nh_off     = nh_wrapped ? nh_sum - ring_size : nh_sum;
`ifdef GTREF_BUG_RING_WRAP
  // BUG (docs/rtl-bugs.md, RING_WRAP): the wrap count is not incremented when the head wraps.
  assign nh_wrap    = cmd_head[31:21];
`else
  assign nh_wrap    = cmd_head[31:21] + {10'd0, nh_wrapped};
`endif
  // bits 1:0 are read-only and keep their value
  assign new_head   = {nh_wrap, nh_off[20:2], cmd_head[1:0]};
  logic unused_nh_bits;   // nh_off < ring size <= 2 MB: bit 21 is 0; bits 1:0 are 0 (dword offsets)
  assign unused_nh_bits = ^{nh_off[21], nh_off[1:0]};

  // ---- MI_STORE_DATA_IMM writes (contract §3) ----
  // Address a = {DW2[15:0], DW1[31:2], 2'b00}: sdi_q = a[47:3] (the qword), sdi_hi = a[2].
  logic [44:0] sdi_q;
  logic        sdi_hi, sdi_qw, sdi_two;
  logic [63:0] w_addr, w_data;
  logic [7:0]  w_be;
  assign sdi_q   = {a2[15:0], a1[31:3]};
  assign sdi_hi  = a1[2];
  assign sdi_qw  = cmd_dw0[SDI_STORE_QWORD_BIT];
  assign sdi_two = sdi_qw && sdi_hi;
  always_comb begin
    w_addr = {16'd0, sdi_q, 3'd0};
    if (st == S_SDI_W1) begin
      // second write of a qword to a 4-aligned address: (a + 4), high dword in the lower lane
      w_addr = {16'd0, sdi_q + 45'd1, 3'd0};
      w_be   = 8'h0F;
      w_data = {32'd0, a4};
    end else if (!sdi_qw) begin
      w_be   = sdi_hi ? 8'hF0 : 8'h0F;
      w_data = sdi_hi ? {a3, 32'd0} : {32'd0, a3};
    end else if (!sdi_hi) begin
`ifdef GTREF_BUG_SDI_QWORD_BE
      // BUG (docs/rtl-bugs.md, SDI_QWORD_BE): the upper dword's byte enables are dropped.
      w_be   = 8'h0F;
`else
      w_be   = 8'hFF;
`endif
      w_data = {a4, a3};
    end else begin
      // first write of a qword to a 4-aligned address: low dword in the upper lane
      w_be   = 8'hF0;
      w_data = {a3, 32'd0};
    end
  end

  // ---- MI_BATCH_BUFFER_START target {DW2, DW1[31:2], 2'b00} (identity mapped; the address-space bit
  //      DW0[BBS_PPGTT_BIT] and the second-level bit are not yet honoured) ----
  logic [63:0] bbs_addr;
  assign bbs_addr = {a2, a1[31:2], 2'd0};
  logic unused_dw1_bits;  // DW1[1:0]: below the address LSB of both commands (Core Mode Enable is ignored)
  assign unused_dw1_bits = ^a1[1:0];

  // ---- memory requests: the command's writes before the prefetcher's reads ----
  logic sdi_req;
  logic [1:0] wr_pend_next;
  assign sdi_req      = st == S_SDI_W0 || st == S_SDI_W1;
  assign req_valid    = sdi_req || f_rd_valid;
  assign req_write    = sdi_req;
  assign req_addr     = sdi_req ? w_addr : f_rd_addr;
  assign req_wdata    = w_data;
  assign req_be       = sdi_req ? w_be : 8'h00;
  assign f_rd_gnt     = req_gnt && !sdi_req;
  assign wr_pend_next = wr_pend + {1'b0, req_gnt && sdi_req} - {1'b0, wr_ack};

  // ---- stream control ----
  always_comb begin
    pop        = 1'b0;
    redir      = 1'b0;
    redir_addr = ring_dw_addr;
    redir_ring = 1'b1;
    case (st)
      S_DW0:
        if (ring_go && !at_ring_pos) redir = 1'b1;             // (re)start the ring stream at HEAD
        else if ((in_batch || ring_go) && dw_valid) pop = 1'b1;
      S_ARGS, S_LRI_OFF, S_LRI_DATA:
        pop = dw_valid;
      S_RETIRE:
        if (!cmd_err && cmd == C_MI_BATCH_BUFFER_START) begin
          redir      = 1'b1;                                   // enter (or chain to) the batch
          redir_addr = bbs_addr;
          redir_ring = 1'b0;
        end
      default: ;
    endcase
  end

  // ---- engine-side register commit of this cycle (at most one) ----
  always_comb begin
    c_valid = 1'b0;
    c_idx   = '0;
    c_val   = '0;
    case (st)
      S_LRI_COMMIT: begin                  // one LRI register per cycle, in order
        c_valid = 1'b1;
        c_idx   = lri_idx;
        c_val   = lri_new;
      end
      S_ERR: begin                         // illegal command: ESR bit 0 first
        c_valid = 1'b1;
        c_idx   = ridx_t'(ESR_IDX);
        c_val   = r[ESR_IDX] | ERR_INSTRUCTION;
      end
      S_RETIRE:
        if (cmd_err) begin
          if (!r[EMR_IDX][0]) begin        // then EIR bit 0 unless masked by EMR[0]; RING_HEAD stays
            c_valid = 1'b1;
            c_idx   = ridx_t'(EIR_IDX);
            c_val   = r[EIR_IDX] | ERR_INSTRUCTION;
          end
        end else if (!cmd_in_batch) begin  // ring commands commit RING_HEAD in their retire cycle
          c_valid = 1'b1;
          c_idx   = ridx_t'(RING_HEAD_IDX);
          c_val   = new_head;
        end
      default: ;
    endcase
  end

  // ---- interrupt events at the retire ----
  always_comb begin
    evt_bits = '0;
    if (st == S_RETIRE) begin
      if (cmd_err) begin
        if (!r[EMR_IDX][0]) evt_bits = IRQ_CS_MASTER_ERROR;   // EIR was set
      end else if (cmd == C_MI_USER_INTERRUPT) begin
        evt_bits = IRQ_USER;
      end
    end
  end
  assign evt_valid = evt_bits != 16'd0;

  // ---- parser state ----
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      st           <= S_DW0;
      in_batch     <= 1'b0;
      halted       <= 1'b0;
      cmd_dw0      <= '0;
      cmd_addr     <= '0;
      cmd_in_batch <= 1'b0;
      cmd_err      <= 1'b0;
      cmd          <= C_NONE;
      cmd_len      <= '0;
      cmd_head     <= '0;
      argn         <= '0;
      lri_left     <= '0;
      lri_hit      <= 1'b0;
      lri_idx      <= '0;
      wr_pend      <= '0;
    end else begin
      wr_pend <= wr_pend_next;
      case (st)
        S_DW0:
          if (pop) begin
            cmd_dw0      <= dw;
            cmd_addr     <= dw_addr;
            cmd_in_batch <= in_batch;
            cmd_head     <= r[RING_HEAD_IDX];
            cmd          <= d_cmd;
            cmd_len      <= d_len[10:0];
            cmd_err      <= !d_legal;
            argn         <= 11'd1;
            lri_left     <= d_len[7:1];    // (len - 1) / 2 pairs for a legal (odd) length
            if (!d_legal) st <= S_ERR;                                  // decided from DW0 alone
            else if (!in_batch && {9'd0, need_new} > ring_avail) st <= S_WAIT;
            else st <= dispatch(d_cmd, d_len[10:0]);
          end
        S_WAIT:
          // contract §4: executed only when all of its dwords lie before TAIL; waiting is not an error
          if (!ring_go) st <= S_DW0;       // ring disabled or emptied meanwhile: start over at HEAD
          else if ({9'd0, need_cmd} <= ring_avail) st <= dispatch(cmd, cmd_len);
        S_ARGS:
          if (pop) begin
            case (argn)
              11'd1:   a1 <= dw;
              11'd2:   a2 <= dw;
              11'd3:   a3 <= dw;
              11'd4:   a4 <= dw;
              default: ;   // dwords of commands the RTL executes as NOOPs
            endcase
            argn <= argn + 11'd1;
            if (argn == cmd_len - 11'd1)
              st <= (cmd == C_MI_STORE_DATA_IMM) ? S_SDI_W0 : S_RETIRE;
          end
        S_LRI_OFF:
          if (pop) begin
            lri_hit <= lk_hit;
            lri_idx <= lk_idx;
            st      <= S_LRI_DATA;
          end
        S_LRI_DATA:
          if (pop) begin
            lri_data <= dw;
            lri_left <= lri_left - 7'd1;
            if (lri_hit) st <= S_LRI_COMMIT;
            else if (lri_left == 7'd1) st <= S_RETIRE;
            else st <= S_LRI_OFF;
          end
        S_LRI_COMMIT:
          st <= (lri_left == 7'd0) ? S_RETIRE : S_LRI_OFF;
        S_SDI_W0:
          if (req_gnt) st <= sdi_two ? S_SDI_W1 : S_SDI_ACK;
        S_SDI_W1:
          if (req_gnt) st <= S_SDI_ACK;
        S_SDI_ACK:
          // Commit rule 2: retire only in a cycle after every write of the command has transferred
          // (the last ack's transfer edge closes this cycle; the retire cycle is the next one).
          if (wr_pend_next == 2'd0) st <= S_RETIRE;
        S_ERR:
          st <= S_RETIRE;
        S_RETIRE:
          if (cmd_err) begin
            halted <= 1'b1;                // probe_halted stays high until reset
            st     <= S_HALT;
          end else begin
            st <= S_DW0;
            if (cmd == C_MI_BATCH_BUFFER_START) in_batch <= 1'b1;
            else if (cmd == C_MI_BATCH_BUFFER_END && cmd_in_batch) in_batch <= 1'b0;
            // MI_BATCH_BUFFER_END in the ring acts as MI_NOOP
          end
        S_HALT: ;
        default: st <= S_HALT;
      endcase
    end
  end

  // =====================================================================================================
  // Probes: functions of flip-flops only
  // =====================================================================================================
  // Commit rule 4: a command's commits come from states entered after the previous command's
  // S_RETIRE (the FSM runs one command at a time), and no later than its own S_RETIRE.
  assign probe_retire       = st == S_RETIRE;
  assign probe_retire_dw0   = cmd_dw0;
  assign probe_retire_addr  = cmd_addr;
  assign probe_retire_err   = st == S_RETIRE && cmd_err;
  assign probe_commit_valid = c_valid;
  assign probe_commit_off   = BASE + ENGINE_REG_OFF[c_idx];
  assign probe_commit_data  = c_val;
  assign probe_halted       = halted;
  // contract §4: not executing (ring disabled or empty, not in a batch) and no memory request outstanding
  assign probe_idle         = st == S_DW0 && !in_batch && !ring_go && !fetch_busy && wr_pend == 2'd0;
endmodule
