// gt_engine: one command streamer (docs/cycle-contract.md §2-§4), instanced per engine by gt_top.
//
//   register file   ENGINE_REGS registers from gtref_pkg (offset, reset, RW, W1C, masked), at
//                   ENGINE_BASE[ENGINE] + offset. Host writes come from gt_top's MMIO decode.
//   gt_cmd_fetch    ring / batch line fetch and the dword stream.
//   parser FSM      one dword per cycle: DW0 decode (every command of gtref_pkg, engines mask, length
//                   rules) and legality, the arguments (DW1..DW10), then a plan per command
//                   (docs/commands.md): memory writes, a data read (§5), register commits (one per
//                   cycle), the retire and its batch-level action. MI_LOAD_REGISTER_IMM and MI_MATH are
//                   executed as their dwords stream in. Privilege (§2), two batch levels (§3),
//                   MI_SET_PREDICATE NOOPs, illegal commands (IPEHR, ESR, EIR, halt), privilege violations
//                   (C41: a NOOP that commits ESR/EIR bit 2, no IPEHR, no halt). Defined commands the
//                   kit does not model execute as NOOPs of their length.
//   interrupts      the command's event bits d (docs/interrupts.md IRQ-2), the HWSTAM status write (IRQ-4: one
//                   more memory write, the command's last, when d & ~IMR & ~HWSTAM != 0), the error chain
//                   IPEHR, ESR, EIR (IRQ-5); the IMR gate itself is applied in gt_irq with evt_imr (IRQ-3).
//   semaphores      the pending-signal flag, set by an MI_SEMAPHORE_SIGNAL of any engine (routed by gt_top),
//                   waited on by a signal-mode MI_SEMAPHORE_WAIT (commands.md §5, C32).
//   watchdog        on an engine with PR_CTR_CTL and PR_CTR_THRSH (RCS0): the counter and its WATCHDOG
//                   event (commands.md §7, W1-W5, cycle contract §5).
//   GAM side        every request carries its client (IF fetch, DR data read, WR write) and its effective
//                   address space (docs/gam.md GAM-1, GAM-2); PDP0 and PP_DCLV go to the GAM's walker; an executed
//                   MI_FLUSH_DW / PIPE_CONTROL with TLB Invalidate invalidates this engine's TLB at its retire
//                   (GAM-12), and so does a host write of INSTPM with bits 9 and 5 (GAM-22); a fault in hang mode
//                   ends the command as an illegal one ends, with the page-table error bit 4 and no IPEHR (GAM-15:
//                   S_FWAIT; an IF fault only when the parser needs the line).
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
  // memory requests, to gt_gam (docs/gam.md GAM-1)
  output logic         req_valid,
  output logic [1:0]   req_client,    // CLIENT_IF / CLIENT_DR / CLIENT_WR
  output logic         req_ggtt,      // effective address space (GAM-2): 1 GGTT, 0 PPGTT
  output logic         req_write,
  output logic [63:0]  req_addr,      // graphics (virtual) address
  output logic [63:0]  req_wdata,
  output logic [7:0]   req_be,
  input  logic         req_gnt,       // the arbiter takes the request at this closing edge
  input  logic         wr_ack,        // one of our writes transfers on the memory port at this closing edge
  input  logic         rsp_valid,     // read data for this engine, in request order
  input  logic [511:0] rsp_data,
  input  logic         fault,         // hang mode: this engine's request in the GAM faulted and was dropped
  input  logic [1:0]   fault_client,  //   its client
  // to the GAM: the walk's registers (GAM-5, GAM-6) and the TLB invalidation (GAM-12)
  output logic [63:0]  pdp0,          // {PDP0_UDW, PDP0_LDW}
  output logic [31:0]  dclv,          // PP_DCLV
  output logic         tlb_inv,       // invalidate this engine's TLB at this closing edge
  // interrupt event, sampled by gt_irq at the closing edge of this cycle (a retire's, or the watchdog's)
  output logic         evt_valid,
  output logic [15:0]  evt_bits,      //   the event's data bits d (before IMR)
  output logic [15:0]  evt_imr,       //   IMR[15:0] as at the end of this cycle (IRQ-3)
  // MI_SEMAPHORE_SIGNAL (commands.md §5, C32), routed between the engines by gt_top
  output logic         sig_valid,     // a signal retires in this cycle, for engine sig_engine
  output logic [1:0]   sig_engine,    //   the target's kit engine index (0 RCS0, 1 BCS0, 2 VCS0, 3 VECS0)
  input  logic         sig_in,        // some engine's signal to this engine retires in this cycle
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

  // Registers this engine has (ENGINE_REG_PRESENT_BY_ENGINE; e.g. PR_CTR_CTL/PR_CTR_THRSH on RCS0 only). On an
  // engine without it, a register's offset names no register of the kit (cycle contract §2, commands.md §2):
  // MMIO reads return 0 and writes are dropped without a commit, LRI/LRR/LRM targets there are dropped, and a
  // read source there reads 0. Its storage is the reset value, never written.
  function automatic logic reg_present(input ridx_t i);
    return ENGINE_REG_PRESENT_BY_ENGINE[ENGINE][i][0];
  endfunction

  // A register LRI or the host can change: some RW or W1C bit, or a masked register.
  function automatic logic reg_writable(input ridx_t i);
    return gt_reg_rules_pkg::reg_is_writable(ENGINE_REG_RW_BY_ENGINE[ENGINE][i], ENGINE_REG_W1C[i], ENGINE_REG_MASKED[i][0]);
  endfunction

  function automatic logic [31:0] reg_write(input ridx_t i, input logic [31:0] old, input logic [31:0] val);
    return gt_reg_rules_pkg::reg_apply_write(ENGINE_REG_RW_BY_ENGINE[ENGINE][i], ENGINE_REG_W1C[i], ENGINE_REG_MASKED[i][0], old, val);
  endfunction

  // Ring registers (BYT-REG digest §2.1): START [31:12], CTL length (CTL_LEN, pages - 1) and enable (CTL_ENABLE),
  // HEAD wrap count [31:21] (HEAD_WRAP) and offset (HEAD_OFFSET), TAIL offset (TAIL_OFFSET): gtref_pkg's field
  // constants. gt_pkg_check checks the positions the widths below and the head update assume.
  logic [31:0] ring_start;
  logic [21:0] ring_size, head_off, tail_off, ring_avail;
  logic        ring_en;
  assign ring_start = {r[RING_START_IDX][31:12], 12'd0};
  assign ring_size  = {{1'b0, r[RING_CTL_IDX][CTL_LEN_LSB +: CTL_LEN_WIDTH]} + 10'd1, 12'd0};
  assign ring_en    = (r[RING_CTL_IDX] & CTL_ENABLE) != 32'd0;
  assign head_off   = {1'b0, r[RING_HEAD_IDX][HEAD_OFFSET_LSB +: HEAD_OFFSET_WIDTH], 2'd0};
  assign tail_off   = {1'b0, r[RING_TAIL_IDX][TAIL_OFFSET_LSB +: TAIL_OFFSET_WIDTH], 3'd0};
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
      host_hit[i] = reg_present(ridx_t'(i)) && mmio_addr == BASE + ENGINE_REG_OFF[i];
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
  // write of the command in flight (LRI, IPEHR, ESR), or when a host write transfers. Commit rule 3: each
  // engine-side change is the one reported on probe_commit_* in the cycle of its closing edge.
  // The engine's write wins over a host write to the same register in the same cycle; the host's commit report
  // still shows the host's value (docs/cycle-contract.md §8, resolved corner cases).
  // One always_ff per register (a generate loop: ENGINE_REGS exceeds Verilator's loop-unroll limit),
  // reset to this engine's value (EMR differs per engine). A register the engine does not have is neither
  // found by find_reg nor hit by the host, so nothing writes it: it holds its reset value.
  for (genvar i = 0; i < ENGINE_REGS; i++) begin : g_reg
    if (reg_present(ridx_t'(i))) begin : g_present
      always_ff @(posedge clk) begin
        if (!rst_n) r[i] <= ENGINE_REG_RESET_BY_ENGINE[ENGINE][i];
        else if (c_valid && c_idx == ridx_t'(i)) r[i] <= c_val;
        else if (host_we[i]) r[i] <= host_new[i];
      end
    end else begin : g_absent
      assign r[i] = ENGINE_REG_RESET_BY_ENGINE[ENGINE][i];
    end
  end

  // =====================================================================================================
  // Command fetch
  // =====================================================================================================
  logic         pop, redir, redir_ring;
  logic [63:0]  redir_addr;
  logic         dw_valid, dw_flt, s_ring, fetch_busy;
  logic [31:0]  dw;
  logic [63:0]  dw_addr;
  logic         f_rd_valid, f_rd_gnt;
  logic [63:0]  f_rd_addr;
  logic         in_batch, halted;
  logic         f_rsp_valid;   // a response for the fetch (not the data read, §5)
  logic         f_fault;       // the fetch's read faulted (GAM-15, hang mode)
  logic         dr_fault;      // the data read or a write faulted
  assign f_fault  = fault && fault_client == CLIENT_IF;
  assign dr_fault = fault && fault_client != CLIENT_IF;

  gt_cmd_fetch u_fetch (
    .clk, .rst_n,
    .ring_start, .ring_size, .head_off, .ring_avail, .ring_en, .in_batch, .halted,
    .redir, .redir_addr, .redir_ring, .pop,
    .dw_valid, .dw_data(dw), .dw_addr, .dw_flt, .s_ring, .busy(fetch_busy),
    .rd_valid(f_rd_valid), .rd_addr(f_rd_addr), .rd_gnt(f_rd_gnt),
    .rsp_valid(f_rsp_valid), .rsp_data, .rd_fault(f_fault)
  );

  // =====================================================================================================
  // Parser
  // =====================================================================================================
  // Every command of gtref_pkg, in table order (refmodel/cmd_table.c).
  typedef enum logic [5:0] {
    C_NONE, C_MI_NOOP, C_MI_SET_PREDICATE, C_MI_USER_INTERRUPT, C_MI_WAIT_FOR_EVENT, C_MI_WAIT_FOR_EVENT_2,
    C_MI_ARB_CHECK, C_MI_RS_CONTROL, C_MI_REPORT_HEAD, C_MI_ARB_ON_OFF, C_MI_BATCH_BUFFER_END,
    C_MI_SUSPEND_FLUSH, C_MI_PREDICATE, C_MI_TOPOLOGY_FILTER, C_MI_RS_CONTEXT, C_MI_LOAD_SCAN_LINES_INCL,
    C_MI_LOAD_SCAN_LINES_EXCL, C_MI_DISPLAY_FLIP, C_MI_SET_CONTEXT, C_MI_MATH, C_MI_SEMAPHORE_SIGNAL,
    C_MI_SEMAPHORE_WAIT, C_MI_FORCE_WAKEUP, C_MI_STORE_DATA_IMM, C_MI_STORE_DATA_INDEX, C_MI_LOAD_REGISTER_IMM,
    C_MI_STORE_REGISTER_MEM, C_MI_FLUSH_DW, C_MI_CLFLUSH, C_MI_REPORT_PERF_COUNT, C_MI_LOAD_REGISTER_MEM,
    C_MI_LOAD_REGISTER_REG, C_MI_RS_STORE_DATA_IMM, C_MI_COPY_MEM_MEM,
    C_MI_ATOMIC, C_MI_BATCH_BUFFER_START, C_MI_CONDITIONAL_BATCH_BUFFER_END, C_PIPE_CONTROL, C_PIPELINE_SELECT,
    C_STATE_BASE_ADDRESS, C_STATE_SIP
  } cmd_t;

  typedef enum logic [4:0] {
    S_DW0,        // wait for / take DW0, decode it
    S_WAIT,       // ring: the command is not yet entirely before TAIL
    S_ARGS,       // take DW1.. (DW1..DW10 kept; later dwords of NOOP-executed commands skipped)
    S_LRI_OFF,    // MI_LOAD_REGISTER_IMM: take a register offset
    S_LRI_DATA,   //                       take its data
    S_LRI_COMMIT, //                       write the register (one per cycle)
    S_LRI_RW,     //                       non-privileged, every pair allowed: stream the pairs again (C13)
    S_MATH,       // MI_MATH: take and execute one ALU instruction per cycle
    S_MST0,       //          STORE: commit CS_GPR(2n) if it changes
    S_MST1,       //          STORE: commit CS_GPR(2n+1) if it changes
    S_EXEC,       // all dwords taken: plan the command (writes, reads, commits, retire action)
    S_RDQ,        // data read (§5): wait until the fetch has no read outstanding, request the line
    S_RDW,        //                 wait for the line
    S_RDX,        //                 plan the rest of the command with the data read
    S_SIGW,       // signal-mode MI_SEMAPHORE_WAIT, condition unmet: wait for the pending-signal flag
    S_RPOLL,      // register-poll MI_SEMAPHORE_WAIT, condition unmet: compare again every cycle (C33)
    S_MW,         // memory writes, one per grant
    S_MACK,       // wait until every write has transferred
    S_CQ,         // register commits of the plan, one per cycle
    S_FWAIT,      // GAM fault (hang mode): wait until every write issued is acknowledged, then the status write
    S_ERR,        // illegal command: IPEHR (its DW0)
    S_ESR,        //                  ESR bit 0 (a fault: bit 4; a privilege violation: bit 2; no IPEHR for either)
    S_RETIRE,     // the command retires at this cycle's closing edge
    S_HALT        // stopped after an illegal command, until reset
  } state_t;
  state_t st;

  // What the retire does to the batch level (commands.md §3).
  typedef enum logic [2:0] {
    RA_NONE,
    RA_BB1,        // enter a first-level batch from the ring, or chain at first level
    RA_BB2_CALL,   // call a second-level batch (return address: the dword after the command)
    RA_BB2_CHAIN,  // chain at second level
    RA_END,        // end the current batch (MI_BATCH_BUFFER_END, MI_CONDITIONAL_BATCH_BUFFER_END)
    RA_END_ALL     // end both batch levels: back to the ring (a second-level MI_CONDITIONAL_BATCH_BUFFER_END, C26)
  } ra_t;

  logic [31:0] cmd_dw0;
  logic [63:0] cmd_addr;
  logic        cmd_in_batch, cmd_err, cmd_nop;
  logic        cmd_flt;        // the command ends by a GAM fault (GAM-15): error bit 4, no IPEHR
  logic        cmd_priv;       // the command is a privilege violation (C41): a NOOP, error bit 2, no IPEHR, no halt
  logic [1:0]  cmd_lvl;        // 0 ring, 1 first-level batch, 2 second-level batch
  cmd_t        cmd;            // the decoded command
  logic [10:0] cmd_len;        // dwords (legal commands are at most 1025, MI_CLFLUSH)
  logic [31:0] cmd_head;       // RING_HEAD when the command started
  logic [31:0] a [1:10];       // DW1..DW10
  logic [10:0] argn;           // next argument dword
  logic [7:0]  lri_left;       // register pairs not yet taken (at most 128, C36)
  logic        lri_p2;         // non-privileged LRI: the pairs were all checked, this pass commits (C13)
  logic        lri_blk;        //                     a pair checked so far is not allowed: NOOP as a whole
  logic        lri_scan;       //                     this pass only checks the pairs (no commit)
  logic        lri_hit;        // the pair names a register this command may write (§2)
  ridx_t       lri_idx;
  logic [31:0] lri_data;
  logic [1:0]  wr_pend;        // memory writes granted but not yet transferred

  // ---- batch state ----
  logic [1:0]  lvl;            // current level: 0 ring, 1 first, 2 second
  logic [63:0] ret_addr;       // second-level return address
  logic        bb1_pp, bb2_pp; // the effective PPGTT bit of the first / second level (C10, C16): the starting
                               // MI_BATCH_BUFFER_START's own ppgtt bit OR the effective bit of the batch holding it
                               // (0 from the ring). It is the batch fetch's address space (G1, GAM-2), the level's
                               // privilege (1: non-privileged, C13) and BB_STATE / SBB_STATE bit 5
  logic [3:0]  sp_mode;        // MI_SET_PREDICATE mode (internal, resets to NOOP_NEVER)
  assign in_batch = lvl != 2'd0;

  // ---- the plan of the command (registered at S_EXEC / S_RDX) ----
  logic [63:0] ws_addr;        // memory write: address, low/high dword, qword
  logic [31:0] ws_lo, ws_hi;
  logic        ws_qw, wi;
  logic        ws_2d;          // two dword writes: ws_lo to ws_addr, then ws_hi to ws_addr + 4 (C35)
  logic        ws_gg, dr_gg;   // the writes' / data read's address space selection (1 GGTT, 0 PPGTT, GAM-2)
  logic [1:0]  cq_n, cq_i;     // register commits: count, next
  ridx_t       cq_idx [3];
  logic [31:0] cq_val [3];
  logic [2:0]  cq_chg;         // commit only if the value changes
  ra_t         ra;
  logic [63:0] bb_tgt;         // MI_BATCH_BUFFER_START target
  logic        bb_np;          //                       the started batch's effective PPGTT bit (C10)
  logic [15:0] evt_q;          // interrupt bits raised at the retire (USER, PIPECTL_NOTIFY)
  logic        hsw_pend;       // the HWSTAM status write follows the command's own writes (IRQ-4)
  logic [15:0] hsw_d;          //   its data: the command's event bits d
  logic [63:0] dr_addr;        // data read address
  logic [63:0] rd_q;           // the qword of the line holding dr_addr

  // ---- MI_MATH ALU (commands.md §4; reset at the start of every MI_MATH) ----
  logic [63:0] srca, srcb, accu;
  logic        zf, cf;
  logic [8:0]  math_left;      // ALU dwords not yet taken
  logic [3:0]  mst_n;          // STORE target Rn
  logic [63:0] mst_val;


  // ---- DW0 length rules ----
  function automatic logic [31:0] cmd_length(input logic [31:0] d, input int len_bits, input int bias);
    if (len_bits == 0) return 32'd1;
    return (d & ((32'd1 << len_bits) - 32'd1)) + 32'(bias);
  endfunction

  function automatic logic len_in(input logic [31:0] len, input int mn, input int mx);
    return len >= 32'(mn) && len <= 32'(mx);
  endfunction

  // MI_ATOMIC with Inline Data: the length of the form that carries the Data Size's operands (C28)
  function automatic logic [31:0] at_inline_len(input logic [1:0] size);
    case (size)
      2'd0:    return 32'd5;     // DWORD: two operand dwords
      2'd1:    return 32'd7;     // QWORD: four
      default: return 32'd11;    // OCTWORD (8 dwords) and the reserved size: only the full form
    endcase
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
    `GT_DECODE(MI_WAIT_FOR_EVENT_2)
    `GT_DECODE(MI_ARB_CHECK)
    `GT_DECODE(MI_RS_CONTROL)
    `GT_DECODE(MI_REPORT_HEAD)
    `GT_DECODE(MI_ARB_ON_OFF)
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
    `GT_DECODE(MI_COPY_MEM_MEM)
    `GT_DECODE(MI_ATOMIC)
    `GT_DECODE(MI_BATCH_BUFFER_START)
    `GT_DECODE(MI_CONDITIONAL_BATCH_BUFFER_END)
    `GT_DECODE(PIPE_CONTROL)
    `GT_DECODE(PIPELINE_SELECT)
    `GT_DECODE(STATE_BASE_ADDRESS)
    `GT_DECODE(STATE_SIP)
    // the table's length rules beyond MIN..MAX
    case (d_cmd)
      C_MI_STORE_DATA_IMM:    // Store Qword 0: 4..MAX dwords; Store Qword 1: 3 + 2n dwords, n >= 1 (C35)
        if (dw[SDI_STORE_QWORD_BIT] && (d_len < 32'd5 || !d_len[0])) d_legal = 1'b0;
      C_MI_LOAD_REGISTER_IMM: // 1 + 2n dwords
        if (!d_len[0]) d_legal = 1'b0;
      C_MI_ATOMIC:            // 3 without Inline Data; with it 3 + 2 x the Data Size's dwords (5, 7, 11) or 11 (C28)
        if (dw[F_MI_ATOMIC_INLINE_LO] ? (d_len != 32'd11 && d_len != at_inline_len(dw[F_MI_ATOMIC_SIZE_HI:F_MI_ATOMIC_SIZE_LO]))
                                      : d_len != 32'd3)
          d_legal = 1'b0;
`ifdef GTREF_BUG_WRONG_ENGINE
      // BUG (docs/rtl-bugs.md, WRONG_ENGINE): the engines check of PIPE_CONTROL uses the MI_FLUSH_DW-style
      // "render or blitter" mask, so BCS0 accepts PIPE_CONTROL instead of flagging it illegal.
      C_PIPE_CONTROL:
        if (ENGINE == 1 && len_in(d_len, PIPE_CONTROL_MIN_LEN, PIPE_CONTROL_MAX_LEN)) d_legal = 1'b1;
`endif
      default: ;
    endcase
  end
`undef GT_DECODE

  // ---- MI_SET_PREDICATE (commands.md §4, C23): does the mode turn the command at the stream head into a
  //      NOOP of its length? MI_SET_PREDICATE and the batch start/end commands are never affected. ----
  logic sp_noop, sp_exempt;
  always_comb begin
    case (sp_mode)
      4'd1:    sp_noop = !r[MI_PREDICATE_RESULT_2_IDX][0];  // NOOP_ON_RESULT2_CLEAR
      4'd2:    sp_noop =  r[MI_PREDICATE_RESULT_2_IDX][0];  // NOOP_ON_RESULT2_SET
      4'd3:    sp_noop = !r[MI_PREDICATE_RESULT_IDX][0];    // NOOP_ON_RESULT_CLEAR
      4'd4:    sp_noop =  r[MI_PREDICATE_RESULT_IDX][0];    // NOOP_ON_RESULT_SET
      4'd15:   sp_noop = 1'b1;                              // NOOP_ALWAYS
      default: sp_noop = 1'b0;                              // NOOP_NEVER
    endcase
  end
  assign sp_exempt = d_cmd == C_MI_SET_PREDICATE || d_cmd == C_MI_BATCH_BUFFER_START ||
                     d_cmd == C_MI_BATCH_BUFFER_END || d_cmd == C_MI_CONDITIONAL_BATCH_BUFFER_END;

  // Where a command goes once its DW0 is decoded (and, in the ring, all of it lies before TAIL).
  function automatic state_t dispatch(input cmd_t c, input logic [10:0] len, input logic nop);
    if (nop)                         return len == 11'd1 ? S_EXEC : S_ARGS;
    if (c == C_MI_LOAD_REGISTER_IMM) return S_LRI_OFF;
    if (c == C_MI_MATH)              return S_MATH;
    return len == 11'd1 ? S_EXEC : S_ARGS;
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
  assign need_cmd     = {cmd_len, 2'd0};      // bytes of the command being decoded

  // =====================================================================================================
  // Register sources and targets (commands.md §2)
  // =====================================================================================================
  // The absolute MMIO offset a Register Offset field names (DW[22:2]): with Add CS MMIO Start Offset set
  // (cs_mmio), relative to this engine's MMIO base, a plain add (C38: on RCS0 0x2000 + 0x2000 = 0x4000).
  function automatic logic [31:0] abs_off(input logic [31:0] fld, input logic cs_mmio);
    return cs_mmio ? BASE + (fld & LRI_OFFSET_MASK) : fld & LRI_OFFSET_MASK;
  endfunction

  // The register of this engine at absolute offset off (abs_off); a register of the table that this engine
  // does not have is not found (ENGINE_REG_PRESENT_BY_ENGINE).
  function automatic logic [RIW:0] find_reg(input logic [31:0] off);
    logic [RIW:0] f;
    f = '0;
    for (int i = 0; i < ENGINE_REGS; i++)
      if (reg_present(ridx_t'(i)) && off == BASE + ENGINE_REG_OFF[i]) f = {1'b1, ridx_t'(i)};
    return f;
  endfunction

  // Read source: the register as an MMIO read returns it; an offset naming no register of this engine
  // reads 0 (C14).
  function automatic logic [31:0] read_reg(input logic [31:0] off);
    logic [RIW:0] f;
    f = find_reg(off);
    return f[RIW] ? r[f[RIW-1:0]] : 32'd0;
  endfunction

  // FORCE_TO_NONPRIV0..11 (C37): an entry covers an absolute offset when both agree above the naturally aligned
  // block of 1/4/16/64 dwords its range [1:0] gives (address [25:2]); it allows a write when it covers it,
  // deny [30] = 0 and access [29:28] is RW (0) or WR (2); it denies when it covers it and deny = 1.
  function automatic logic [31:0] ftn_block_mask(input logic [1:0] range);   // address bits above the block
    return NONPRIV_OFFSET_MASK & ~((32'd4 << {range, 1'b0}) - 32'd1);
  endfunction
  function automatic logic ftn_covers(input logic [31:0] ent, input logic [31:0] off);
`ifdef GTREF_BUG_NONPRIV_RANGE_ONE
    // BUG (docs/rtl-bugs.md, NONPRIV_RANGE_ONE): the range field is ignored, an entry covers one register.
    return ((ent ^ off) & NONPRIV_OFFSET_MASK) == 32'd0;
`else
    return ((ent ^ off) & ftn_block_mask(ent[NONPRIV_RANGE_LSB +: NONPRIV_RANGE_WIDTH])) == 32'd0;
`endif
  endfunction
  function automatic logic ftn_access_wr(input logic [1:0] acc);   // access [29:28]: RW (0) or WR (2)
`ifdef GTREF_BUG_NONPRIV_RD_WRITES
    // BUG (docs/rtl-bugs.md, NONPRIV_RD_WRITES): only the invalid access value is refused, so RD allows writes.
    return acc != 2'd3;
`else
    return acc == 2'd0 || acc == 2'd2;
`endif
  endfunction
  function automatic logic ftn_allows(input logic [31:0] off);
    logic hit;
    hit = 1'b0;
    for (int k = 0; k < 12; k++) begin
      logic [31:0] ent;
      ent = r[FORCE_TO_NONPRIV0_IDX + k];
      if (ftn_covers(ent, off) && (ent & NONPRIV_DENY) == 32'd0 && ftn_access_wr(ent[NONPRIV_ACCESS_LSB +: NONPRIV_ACCESS_WIDTH])) hit = 1'b1;
    end
    return hit;
  endfunction
  function automatic logic ftn_denies(input logic [31:0] off);
    logic hit;
    hit = 1'b0;
    for (int k = 0; k < 12; k++)
      if (ftn_covers(r[FORCE_TO_NONPRIV0_IDX + k], off) && (r[FORCE_TO_NONPRIV0_IDX + k] & NONPRIV_DENY) != 32'd0)
        hit = 1'b1;
    return hit;
  endfunction

  // The effective PPGTT bit of the batch level the command is in (C10, C16; 0 in the ring), and the command's
  // privilege: a batch whose effective bit is 1 is non-privileged; ring commands and GGTT batches are privileged.
  logic cur_pp, cur_np;
  assign cur_pp = cmd_lvl == 2'd1 ? bb1_pp : cmd_lvl == 2'd2 ? bb2_pp : 1'b0;
`ifdef GTREF_BUG_PRIV_BYPASS
  // BUG (docs/rtl-bugs.md, PRIV_BYPASS): a second-level batch is taken as privileged whatever its effective bit,
  // so it may write any register.
  assign cur_np = cmd_lvl == 2'd1 && cur_pp;
`else
  assign cur_np = cur_pp;
`endif

  // A non-privileged MI_LOAD_REGISTER_IMM is decided before its first commit (C13): a first pass takes every pair
  // and only checks it; with every pair allowed the stream restarts at DW1 (S_LRI_RW) and a second pass commits,
  // pair by pair as a privileged LRI does; with any pair not allowed the command is a NOOP as a whole.
  assign lri_scan = cur_np && !lri_p2;

  // A write target from a non-privileged batch is allowed (C13, C37) when no entry of this engine denies it
  // (a deny wins) and it is a NONPRIV-flagged register of this engine (CS_GPR*, MI_PREDICATE_*) or an entry
  // allows it. From a privileged command every target is allowed.
  function automatic logic np_allowed(input logic [31:0] off);
    logic [RIW:0] f;
    f = find_reg(off);
    return !ftn_denies(off) && ((f[RIW] && ENGINE_REG_NONPRIV[f[RIW-1:0]][0]) || ftn_allows(off));
  endfunction

  // Write target (LRI pairs, LRR and LRM destinations), at absolute offset off: a register of this engine with
  // a writable bit (C6), allowed when the command is non-privileged (C13). Any other target is dropped without
  // a commit and without an error.
  function automatic logic [RIW:0] find_target(input logic [31:0] off);
    logic [RIW:0] f;
    f = find_reg(off);
    if (f[RIW] && !(reg_writable(f[RIW-1:0]) && (!cur_np || np_allowed(off))))
      f[RIW] = 1'b0;
    return f;
  endfunction

  // ---- LRI target lookup of the offset at the stream head ----
  logic [RIW:0] lk;
  logic [31:0]  lk_off;        // its absolute offset (C38)
  logic         lk_np_ok;      // allowed from a non-privileged batch (C13)
  assign lk_off   = abs_off(dw, cmd_dw0[F_MI_LOAD_REGISTER_IMM_CS_MMIO_LO]);
  assign lk       = find_target(lk_off);
  assign lk_np_ok = np_allowed(lk_off);

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
  assign nh_sum     = {1'b0, cmd_head[HEAD_OFFSET_LSB +: HEAD_OFFSET_WIDTH], 2'd0} + {9'd0, cmd_len, 2'd0};
  assign nh_wrapped = nh_sum >= ring_size;
  assign nh_off     = nh_wrapped ? nh_sum - ring_size : nh_sum;
`ifdef GTREF_BUG_RING_WRAP
  // BUG (docs/rtl-bugs.md, RING_WRAP): the wrap count is not incremented when the head wraps.
  assign nh_wrap    = cmd_head[HEAD_WRAP_LSB +: HEAD_WRAP_WIDTH];
`else
  assign nh_wrap    = cmd_head[HEAD_WRAP_LSB +: HEAD_WRAP_WIDTH] + {10'd0, nh_wrapped};
`endif
  // bits 1:0 are read-only and keep their value
  assign new_head   = {nh_wrap, nh_off[HEAD_OFFSET_LSB +: HEAD_OFFSET_WIDTH], cmd_head[1:0]};
  logic unused_nh_bits;   // nh_off < ring size <= 2 MB: bit 21 is 0; bits 1:0 are 0 (dword offsets)
  assign unused_nh_bits = ^{nh_off[21], nh_off[1:0]};

  // =====================================================================================================
  // Memory writes (contract §3): every command stores as MI_STORE_DATA_IMM would at that address.
  //   dword to a:  one write to a & ~7, be = a[2] ? F0 : 0F, data in that lane.
  //   qword to a:  a[2] = 0: one write, be FF, {hi, lo}; a[2] = 1: (a & ~7, F0, lo in the upper lane)
  //                then (a + 4, 0F, hi in the lower lane).
  // =====================================================================================================
  //   two dwords (ws_2d, a 5-dword MI_STORE_DATA_IMM without Store Qword, C35): lo to a, then hi to a + 4, each
  //                as a dword to that address. A qword to a 4-aligned address is the same two writes.
  logic        ws_hi4, ws_two;
  logic [63:0] w_addr, w_data, w_da;
  logic [31:0] w_dd;
  logic [7:0]  w_be;
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

  // =====================================================================================================
  // MI_MATH ALU (commands.md §4, A.4, C21)
  // =====================================================================================================
  function automatic logic [63:0] gpr64(input logic [3:0] n);  // Rn = {CS_GPR(2n+1), CS_GPR(2n)}
    return {r[ridx_t'(CS_GPR0_IDX) + {2'd0, n, 1'b1}], r[ridx_t'(CS_GPR0_IDX) + {2'd0, n, 1'b0}]};
  endfunction

  // An operand's value: R0..R15, SRCA, SRCB, ACCU; a flag reads as 64 ones when set.
  function automatic logic [63:0] alu_val(input logic [9:0] o);
    if (o < 10'h010)         return gpr64(o[3:0]);
    if (o == ALU_OPND_SRCA)  return srca;
    if (o == ALU_OPND_SRCB)  return srcb;
    if (o == ALU_OPND_ACCU)  return accu;
    if (o == ALU_OPND_ZF)    return {64{zf}};
    if (o == ALU_OPND_CF)    return {64{cf}};
    return 64'd0;
  endfunction

  logic [11:0] alu_op;
  logic [9:0]  alu_o1, alu_o2;
  logic        alu_dst_ok, alu_ld_ok, alu_st_ok;
  logic [63:0] alu_s;        // the source operand (o2)
  logic [64:0] alu_sum, alu_diff;
  assign alu_op     = dw[F_MI_MATH_OP_HI:F_MI_MATH_OP_LO];
  assign alu_o1     = dw[F_MI_MATH_OPERAND1_HI:F_MI_MATH_OPERAND1_LO];
  assign alu_o2     = dw[F_MI_MATH_OPERAND2_HI:F_MI_MATH_OPERAND2_LO];
  assign alu_s      = alu_val(alu_o2);
  // LOAD* into SRCA/SRCB from R0..R15, ACCU, ZF, CF; STORE* into R0..R15 from ACCU, SRCA, SRCB, ZF, CF.
  // Any other operand: unimplemented (no effect here).
  assign alu_dst_ok = alu_o1 == ALU_OPND_SRCA || alu_o1 == ALU_OPND_SRCB;
  assign alu_ld_ok  = alu_dst_ok && (alu_o2 < 10'h010 || alu_o2 == ALU_OPND_ACCU || alu_o2 == ALU_OPND_ZF ||
                                     alu_o2 == ALU_OPND_CF);
  assign alu_st_ok  = alu_o1 < 10'h010 && (alu_o2 == ALU_OPND_ACCU || alu_o2 == ALU_OPND_SRCA ||
                                           alu_o2 == ALU_OPND_SRCB || alu_o2 == ALU_OPND_ZF || alu_o2 == ALU_OPND_CF);
  assign alu_sum    = {1'b0, srca} + {1'b0, srcb};
  assign alu_diff   = {1'b0, srca} - {1'b0, srcb};

  logic        alu_store;  // the ALU dword at the stream head is a STORE/STOREINV to commit
  assign alu_store = (alu_op == ALU_STORE || alu_op == ALU_STOREINV) && alu_st_ok;

  ridx_t mst_idx;          // CS_GPR(2n) / CS_GPR(2n+1) of the STORE being committed
  assign mst_idx = ridx_t'(CS_GPR0_IDX) + {2'd0, mst_n, st == S_MST1};

  // =====================================================================================================
  // MI_ATOMIC (commands.md §5, A.3, C28)
  // =====================================================================================================
  logic [7:0]  at_op;
  logic        at_qw, at_ok;
  logic [63:0] at_old, at_op1, at_op2, at_new, at_so, at_s1;
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
  assign at_in1 = cmd_dw0[F_MI_ATOMIC_INLINE_LO] ? {a[5], a[3]} : gpr64(4'd0);
`ifdef GTREF_BUG_ATOMIC_GPR_OP2
  // BUG (docs/rtl-bugs.md, ATOMIC_GPR_OP2): operand 2 is taken from R1 = {CS_GPR3, CS_GPR2}, the next GPR pair.
  assign at_in2 = cmd_dw0[F_MI_ATOMIC_INLINE_LO] ? {a[6], a[4]} : gpr64(4'd1);
`else
  assign at_in2 = cmd_dw0[F_MI_ATOMIC_INLINE_LO] ? {a[6], a[4]} : gpr64(4'd2);
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
  // The plan of a command, once all its dwords are taken (S_EXEC) and again once its data read is back
  // (S_RDX). Order inside one command (commands.md §4): memory writes, then register commits, then the
  // retire; RING_HEAD (a ring command's) is committed in the retire cycle, so it is the last commit.
  // =====================================================================================================
  logic        p_rd, p_wr;
  logic        p_sigw;        // signal-mode MI_SEMAPHORE_WAIT unmet: wait for a signal (S_SIGW)
  logic        p_rpoll;       // register-poll MI_SEMAPHORE_WAIT unmet: poll the register (S_RPOLL)
  logic [63:0] p_rd_addr, p_ws_addr;
  logic [31:0] p_ws_lo, p_ws_hi;
  logic        p_ws_qw, p_ws_2d;
  logic        p_ws_gg, p_rd_gg;  // address space selection of the plan's writes and read (1 GGTT, GAM-2)
  logic [1:0]  p_cq_n;
  ridx_t       p_cq_idx [3];
  logic [31:0] p_cq_val [3];
  logic [2:0]  p_cq_chg;
  ra_t         p_ra;
  logic [63:0] p_bb_tgt;
  logic        p_bb_np;
  logic [15:0] p_evt;
  logic        p_sp_set;

  logic        pred;          // MI_PREDICATE_RESULT bit 0
  logic        pred1;         // MI_PREDICATE_RESULT_1 bit 0 (predicated MI_BATCH_BUFFER_START, C17)
  logic [31:0] hws;           // HWS_PGA
  logic [31:0] rd_dw;         // the dword read at dr_addr
  logic [63:0] pr_src0, pr_src1, pr_data;
  logic        pr_val, pr_l, pr_new;
  logic [RIW:0] t_lrr, t_lrm;
  logic [31:0] lrr_src, srm_src;
  logic        sem_ok, rp_ok;
  logic [31:0] cbbe_val;      // MI_CONDITIONAL_BATCH_BUFFER_END: the value compared with Compare Data (C26)
  assign pred    = r[MI_PREDICATE_RESULT_IDX][0];
`ifdef GTREF_BUG_PRED_BBS_RESULT0
  // BUG (docs/rtl-bugs.md, PRED_BBS_RESULT0): the predicated batch start tests MI_PREDICATE_RESULT (0x418).
  assign pred1   = r[MI_PREDICATE_RESULT_IDX][0];
`else
  assign pred1   = r[MI_PREDICATE_RESULT_1_IDX][0];
`endif
  assign hws     = r[HWS_PGA_IDX];
  assign rd_dw   = dr_addr[2] ? rd_q[63:32] : rd_q[31:0];
  assign pr_src0 = {r[MI_PREDICATE_SRC0_UDW_IDX], r[MI_PREDICATE_SRC0_IDX]};
  assign pr_src1 = {r[MI_PREDICATE_SRC1_UDW_IDX], r[MI_PREDICATE_SRC1_IDX]};
  assign pr_data = {r[MI_PREDICATE_DATA_UDW_IDX], r[MI_PREDICATE_DATA_IDX]};
  // register offsets, absolute after Add CS MMIO Start Offset (C38): LRR source DW0[18], destination DW0[19]
  logic [31:0] lrr_dst, lrm_dst;
  assign lrr_dst = abs_off(a[2], cmd_dw0[F_MI_LOAD_REGISTER_REG_CS_MMIO_DST_LO]);                // dst DW2[22:2]
  assign t_lrr   = find_target(lrr_dst);
`ifdef GTREF_BUG_LRR_CS_MMIO_SRC
  // BUG (docs/rtl-bugs.md, LRR_CS_MMIO_SRC): the source takes the destination's bit (DW0[19]), not DW0[18].
  assign lrr_src = read_reg(abs_off(a[1], cmd_dw0[F_MI_LOAD_REGISTER_REG_CS_MMIO_DST_LO]));
`else
  assign lrr_src = read_reg(abs_off(a[1], cmd_dw0[F_MI_LOAD_REGISTER_REG_CS_MMIO_SRC_LO]));   // src DW1[22:2]
`endif
  assign lrm_dst = abs_off(a[1], cmd_dw0[F_MI_LOAD_REGISTER_MEM_CS_MMIO_LO]);                  // reg DW1[22:2]
  assign t_lrm   = find_target(lrm_dst);
  assign srm_src = read_reg(abs_off(a[1], cmd_dw0[F_MI_STORE_REGISTER_MEM_CS_MMIO_LO]));     // reg DW1[22:2]
`ifdef GTREF_BUG_CBBE_MASK_IGNORED
  // BUG (docs/rtl-bugs.md, CBBE_MASK_IGNORED): Compare Mask Mode compares the data dword without the mask.
  assign cbbe_val = cmd_dw0[F_MI_CONDITIONAL_BATCH_BUFFER_END_MASK_MODE_LO] ? rd_q[63:32] : rd_dw;
`else
  assign cbbe_val = cmd_dw0[F_MI_CONDITIONAL_BATCH_BUFFER_END_MASK_MODE_LO] ? rd_q[31:0] & rd_q[63:32] : rd_dw;
`endif

  // MI_PREDICATE (C22): compare, load, combine
  always_comb begin
    case (cmd_dw0[F_MI_PREDICATE_COMPARE_HI:F_MI_PREDICATE_COMPARE_LO])
      2'd0:    pr_val = 1'b1;                                 // TRUE
      2'd1:    pr_val = 1'b0;                                 // FALSE
      2'd2:    pr_val = pr_src0 == pr_src1;                   // SRCS_EQUAL
      default: pr_val = pr_src0 - pr_src1 == pr_data;         // DELTAS_EQUAL
    endcase
`ifdef GTREF_BUG_PREDICATE_POLARITY
    // BUG (docs/rtl-bugs.md, PREDICATE_POLARITY): LOADINV loads the value without inverting it.
    pr_l = pr_val;
`else
    pr_l = cmd_dw0[F_MI_PREDICATE_LOAD_LO] ? !pr_val : pr_val;  // LOADINV (3) : LOAD (2)
`endif
    case (cmd_dw0[F_MI_PREDICATE_COMBINE_HI:F_MI_PREDICATE_COMBINE_LO])
      2'd0:    pr_new = pr_l;                                 // SET
      2'd1:    pr_new = pred & pr_l;                          // AND
      2'd2:    pr_new = pred | pr_l;                          // OR
      default: pr_new = pred ^ pr_l;                          // XOR
    endcase
  end

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
  assign sem_ok = sem_cmp(cmd_dw0[F_MI_SEMAPHORE_WAIT_COMPARE_HI:F_MI_SEMAPHORE_WAIT_COMPARE_LO], rd_dw, a[1]);
  assign rp_ok  = sem_cmp(cmd_dw0[F_MI_SEMAPHORE_WAIT_COMPARE_HI:F_MI_SEMAPHORE_WAIT_COMPARE_LO],
                          read_reg(a[2] & LRI_OFFSET_MASK), a[1]);

  always_comb begin
    p_rd      = 1'b0;
    p_sigw    = 1'b0;
    p_rpoll   = 1'b0;
    p_rd_addr = dr_addr;
    p_wr      = 1'b0;
    p_ws_addr = '0;
    p_ws_lo   = '0;
    p_ws_hi   = '0;
    p_ws_qw   = 1'b0;
    p_ws_2d   = 1'b0;
    p_ws_gg   = 1'b1;        // the status page (HWS_PGA) and every default: GGTT (GAM-2)
    p_rd_gg   = dr_gg;       // (S_RDX: a poll's re-read keeps the space of the first read)
    p_cq_n    = 2'd0;
    p_cq_idx  = '{default: '0};
    p_cq_val  = '{default: '0};
    p_cq_chg  = 3'b000;
    p_ra      = RA_NONE;
    p_bb_tgt  = {a[2], a[1][31:2], 2'd0};         // BBS address bits [63:2] (C5)
    // the started batch's effective PPGTT bit (C10, C16): its own Address Space Indicator OR the effective bit of
    // the level holding the start (a first-level chain: the first level; a call: the calling first level; a
    // second-level chain: the current second level; from the ring: its own bit alone)
`ifdef GTREF_BUG_PRIV_CHAIN_ESCALATE
    // BUG (docs/rtl-bugs.md, PRIV_CHAIN_ESCALATE): a first-level chain takes its own bit only (the pre-issue-16
    // rule), so a PPGTT batch can chain to a privileged GGTT one.
    p_bb_np   = cmd_dw0[F_MI_BATCH_BUFFER_START_PPGTT_LO] || (cmd_lvl == 2'd2 && cur_pp) ||
                (cmd_lvl == 2'd1 && cmd_dw0[F_MI_BATCH_BUFFER_START_SECOND_LO] && cur_pp);
`elsif GTREF_BUG_SBB_ASI_IGNORED
    // BUG (docs/rtl-bugs.md, SBB_ASI_IGNORED): a second-level call copies the first level's bit and ignores its
    // own, so a GGTT first level calls a second level with Address Space Indicator = 1 as privileged GGTT.
    p_bb_np   = (cmd_lvl == 2'd1 && cmd_dw0[F_MI_BATCH_BUFFER_START_SECOND_LO]) ? cur_pp
                                                                              : cmd_dw0[F_MI_BATCH_BUFFER_START_PPGTT_LO] || cur_pp;
`else
    p_bb_np   = cmd_dw0[F_MI_BATCH_BUFFER_START_PPGTT_LO] || cur_pp;
`endif
    p_evt     = '0;
    p_sp_set  = 1'b0;
    if (!cmd_nop && st == S_EXEC) begin
      case (cmd)
        C_MI_NOOP:
          if (cmd_dw0[F_MI_NOOP_WRITE_NOPID_LO]) begin  // NOPID := DW0[21:0]
            p_cq_n      = 2'd1;
            p_cq_idx[0] = ridx_t'(NOPID_IDX);
            p_cq_val[0] = {10'd0, cmd_dw0[F_MI_NOOP_NOPID_HI:F_MI_NOOP_NOPID_LO]};
          end
        C_MI_SET_PREDICATE:
          // NOOP_NEVER..NOOP_ON_RESULT_SET, NOOP_ALWAYS; the slice modes are unimplemented (ignored)
          p_sp_set = cmd_dw0[3:0] <= 4'd4 || cmd_dw0[3:0] == 4'd15;
        C_MI_BATCH_BUFFER_END:
          if (cmd_lvl != 2'd0) p_ra = RA_END;            // in the ring: a NOOP (C8)
        C_MI_BATCH_BUFFER_START:
          // Predication Enable: with MI_PREDICATE_RESULT_1[0] = 0 nothing happens (C17; on an engine other than
          // RCS0 a set Predication Enable is unimplemented: tested the same way)
          if (!cmd_dw0[F_MI_BATCH_BUFFER_START_PREDICATE_LO] || pred1) begin
            p_cq_n   = 2'd3;
            p_cq_chg = 3'b111;                          // each only if its value changes (C15)
            if (cmd_lvl == 2'd0 || (cmd_lvl == 2'd1 && !cmd_dw0[F_MI_BATCH_BUFFER_START_SECOND_LO])) begin
              p_ra        = RA_BB1;                     // from the ring, or chaining at first level
              p_cq_idx[0] = ridx_t'(BB_ADDR_IDX);
              p_cq_idx[1] = ridx_t'(BB_ADDR_UDW_IDX);
              p_cq_idx[2] = ridx_t'(BB_STATE_IDX);
              p_cq_val[2] = p_bb_np ? BB_STATE_PPGTT : 32'd0;  // bit 5: the effective bit (C10)
            end else begin
              p_ra        = cmd_lvl == 2'd1 ? RA_BB2_CALL : RA_BB2_CHAIN;
              p_cq_idx[0] = ridx_t'(SBB_ADDR_IDX);
              p_cq_idx[1] = ridx_t'(SBB_ADDR_UDW_IDX);
              p_cq_idx[2] = ridx_t'(SBB_STATE_IDX);
              p_cq_val[2] = p_bb_np ? BB_STATE_PPGTT : 32'd0;  // bit 5: the effective bit (C10, C16)
            end
            p_cq_val[0] = p_bb_tgt[31:0];
            p_cq_val[1] = {16'd0, p_bb_tgt[47:32]};
          end
        C_MI_STORE_DATA_IMM:                            // {DW2[15:0], DW1[31:2]} (C4, C5)
          if (cmd_len <= 11'd5) begin                   // 4: a dword; 5: a qword, or two dwords (C35); longer:
            p_wr      = 1'b1;                           //   unimplemented, a NOOP of its length here
            p_ws_addr = {16'd0, a[2][15:0], a[1][31:2], 2'd0};
            p_ws_lo   = a[3];
            p_ws_hi   = a[4];
            p_ws_qw   = cmd_dw0[SDI_STORE_QWORD_BIT];
`ifdef GTREF_BUG_SDI_TWO_DWORD_FIRST
            // BUG (docs/rtl-bugs.md, SDI_TWO_DWORD_FIRST): the 5-dword dword form stores DW3 only, as the 4-dword form.
            p_ws_2d   = 1'b0;
`else
            p_ws_2d   = !cmd_dw0[SDI_STORE_QWORD_BIT] && cmd_len == 11'd5;
`endif
            p_ws_gg   = cmd_dw0[F_MI_STORE_DATA_IMM_GGTT_LO];
          end
        C_MI_STORE_DATA_INDEX:                          // pphwsp: unimplemented
          if (!cmd_dw0[F_MI_STORE_DATA_INDEX_PPHWSP_LO]) begin
            p_wr      = 1'b1;
            p_ws_addr = {32'd0, hws[31:12], a[1][11:2], 2'd0};
            p_ws_lo   = a[2];
            p_ws_hi   = a[3];
            p_ws_qw   = cmd_len == 11'd4;
          end
        C_MI_STORE_REGISTER_MEM:
          if (!cmd_dw0[F_MI_STORE_REGISTER_MEM_PREDICATE_LO] || pred) begin
            p_wr      = 1'b1;
            p_ws_addr = {a[3], a[2][31:2], 2'd0};
            p_ws_lo   = srm_src;
            p_ws_gg   = cmd_dw0[F_MI_STORE_REGISTER_MEM_GGTT_LO];
          end
        C_MI_REPORT_HEAD: begin                         // RING_HEAD to status-page dword 4 (C20)
          p_wr      = 1'b1;
          p_ws_addr = {32'd0, hws + 32'h10};
          p_ws_lo   = r[RING_HEAD_IDX];
        end
        C_MI_LOAD_REGISTER_REG:
          if (t_lrr[RIW]) begin
            p_cq_n      = 2'd1;
            p_cq_idx[0] = t_lrr[RIW-1:0];
            p_cq_val[0] = reg_write(t_lrr[RIW-1:0], r[t_lrr[RIW-1:0]], lrr_src);
          end
        C_MI_PREDICATE:                                 // KEEP: nothing; load op 1: unimplemented
          if (cmd_dw0[F_MI_PREDICATE_LOAD_HI]) begin
            p_cq_n      = 2'd1;
            p_cq_idx[0] = ridx_t'(MI_PREDICATE_RESULT_IDX);
            p_cq_val[0] = {31'd0, pr_new};
            p_cq_chg[0] = 1'b1;
          end
        C_MI_FLUSH_DW: begin                            // C24
          if (cmd_dw0[F_MI_FLUSH_DW_POST_SYNC_HI:F_MI_FLUSH_DW_POST_SYNC_LO] == 2'd1) begin  // WRITE_IMM
            p_wr      = 1'b1;
            p_ws_addr = cmd_dw0[F_MI_FLUSH_DW_STORE_INDEX_LO] ? {32'd0, hws[31:12], a[1][11:3], 3'd0}
                                                              : {16'd0, a[2][15:0], a[1][31:3], 3'd0};
            p_ws_lo   = a[3];
            p_ws_hi   = a[4];
            p_ws_qw   = cmd_len == 11'd5;
            p_ws_gg   = cmd_dw0[F_MI_FLUSH_DW_STORE_INDEX_LO] || a[1][F_MI_FLUSH_DW_GGTT_LO - 32];
          end
          if (cmd_dw0[F_MI_FLUSH_DW_NOTIFY_LO]) p_evt = IRQ_PIPECTL_NOTIFY;
        end
        C_PIPE_CONTROL:                                 // C25; lri_post_sync: unimplemented
          if (!a[1][F_PIPE_CONTROL_LRI_POST_SYNC_LO - 32]) begin
            if (a[1][F_PIPE_CONTROL_POST_SYNC_HI - 32:F_PIPE_CONTROL_POST_SYNC_LO - 32] == 2'd1) begin
              p_wr      = 1'b1;
              p_ws_addr = a[1][F_PIPE_CONTROL_STORE_INDEX_LO - 32] ? {32'd0, hws + {20'd0, a[2][11:2], 2'd0}}
                                                                   : {16'd0, a[3][15:0], a[2][31:2], 2'd0};
              p_ws_lo   = a[4];
              p_ws_hi   = a[5];
              p_ws_qw   = 1'b1;
              p_ws_gg   = a[1][F_PIPE_CONTROL_STORE_INDEX_LO - 32] || a[1][F_PIPE_CONTROL_GGTT_LO - 32];
            end
            if (a[1][F_PIPE_CONTROL_NOTIFY_LO - 32]) p_evt = IRQ_PIPECTL_NOTIFY;
          end
        // ---- commands that read memory (§5): request the read ----
        C_MI_LOAD_REGISTER_MEM: begin
          p_rd      = 1'b1;
          p_rd_addr = {a[3], a[2][31:2], 2'd0};
          p_rd_gg   = cmd_dw0[F_MI_LOAD_REGISTER_MEM_GGTT_LO];
        end
        C_MI_COPY_MEM_MEM: begin
          p_rd      = 1'b1;
          p_rd_addr = {a[4], a[3][31:2], 2'd0};
          p_rd_gg   = cmd_dw0[F_MI_COPY_MEM_MEM_GGTT_SRC_LO];
        end
        C_MI_CONDITIONAL_BATCH_BUFFER_END:              // in the ring, or Compare Semaphore 0: a NOOP (no read);
          if (cmd_lvl != 2'd0 && cmd_dw0[F_MI_CONDITIONAL_BATCH_BUFFER_END_SEMAPHORE_LO]) begin  // C26
            // the dword at Compare Address, or with Compare Mask Mode the qword there: one read either way
            p_rd      = 1'b1;
            p_rd_addr = {a[3], a[2][31:3], 3'd0};
            p_rd_gg   = cmd_dw0[F_MI_CONDITIONAL_BATCH_BUFFER_END_GGTT_LO];
          end
        C_MI_SEMAPHORE_WAIT:                            // poll (C27) and signal (C32) mode; reg_poll: C33
`ifdef GTREF_BUG_SEM_REG_POLL_MEM
          // BUG (docs/rtl-bugs.md, SEM_REG_POLL_MEM): Register Poll Mode is ignored: the wait polls memory.
          begin
`else
          if (cmd_dw0[F_MI_SEMAPHORE_WAIT_REG_POLL_LO]) p_rpoll = !rp_ok;   // no read: the register until it holds
          else begin
`endif
            p_rd      = 1'b1;
            p_rd_addr = {a[3], a[2][31:2], 2'd0};
            p_rd_gg   = cmd_dw0[F_MI_SEMAPHORE_WAIT_GGTT_LO];
          end
        C_MI_ATOMIC:
          if (at_ok) begin
            p_rd      = 1'b1;
            p_rd_addr = {16'd0, a[2][15:0], a[1][31:2], 2'd0};
            p_rd_gg   = cmd_dw0[F_MI_ATOMIC_GGTT_LO];
          end
        C_MI_USER_INTERRUPT:
          p_evt = IRQ_USER;                             // raised at the retire (IRQ-2)
        default: ;   // MI_SEMAPHORE_SIGNAL (signal at the retire),
                     // MI_ARB_CHECK, MI_ARB_ON_OFF (C18), MI_WAIT_FOR_EVENT (no wait enables; any:
                     // unimplemented), unmodelled commands
      endcase
    end else if (st == S_RDX) begin
      case (cmd)
        C_MI_LOAD_REGISTER_MEM:
          if (t_lrm[RIW]) begin
            p_cq_n      = 2'd1;
            p_cq_idx[0] = t_lrm[RIW-1:0];
            p_cq_val[0] = reg_write(t_lrm[RIW-1:0], r[t_lrm[RIW-1:0]], rd_dw);
          end
        C_MI_COPY_MEM_MEM: begin
          p_wr      = 1'b1;
          p_ws_addr = {a[2], a[1][31:2], 2'd0};
          p_ws_lo   = rd_dw;
          p_ws_gg   = cmd_dw0[F_MI_COPY_MEM_MEM_GGTT_DST_LO];
        end
        C_MI_CONDITIONAL_BATCH_BUFFER_END:              // ends the batch when the value <= data (C26): a
          if (cbbe_val <= a[1])                         // second level ends both levels, back to the ring
`ifdef GTREF_BUG_CBBE_ONE_LEVEL
            // BUG (docs/rtl-bugs.md, CBBE_ONE_LEVEL): a second-level batch returns to the first level.
            p_ra = RA_END;
`else
            p_ra = cmd_lvl == 2'd2 ? RA_END_ALL : RA_END;
`endif
        C_MI_SEMAPHORE_WAIT:
          if (cmd_dw0[F_MI_SEMAPHORE_WAIT_POLL_LO]) p_rd = !sem_ok;  // poll: read again until it holds
`ifdef GTREF_BUG_SIGNAL_AS_POLL
          // BUG (docs/rtl-bugs.md, SIGNAL_AS_POLL): signal mode re-reads at once, as poll mode does,
          // instead of waiting for a signal.
          else p_rd = !sem_ok;
`else
          else p_sigw = !sem_ok;                        // signal: unmet, wait for the flag, then read again
`endif
        C_MI_ATOMIC: begin
          p_wr      = 1'b1;
          p_ws_addr = dr_addr;
          p_ws_lo   = at_new[31:0];
          p_ws_hi   = at_new[63:32];
          p_ws_qw   = at_qw;
          p_ws_gg   = cmd_dw0[F_MI_ATOMIC_GGTT_LO];
          if (cmd_dw0[F_MI_ATOMIC_RETURN_DATA_LO]) begin  // the old value into R4 (C28): DWORD CS_GPR8 only,
            p_cq_n      = at_qw ? 2'd2 : 2'd1;            // QWORD CS_GPR8 then CS_GPR9, each if it changes
`ifdef GTREF_BUG_ATOMIC_RETURN_R0
            // BUG (docs/rtl-bugs.md, ATOMIC_RETURN_R0): the old value goes to R0 (CS_GPR0/1), the Gen9 kit's choice.
            p_cq_idx[0] = ridx_t'(CS_GPR0_IDX);
            p_cq_idx[1] = ridx_t'(CS_GPR1_IDX);
`else
            p_cq_idx[0] = ridx_t'(CS_GPR8_IDX);
            p_cq_idx[1] = ridx_t'(CS_GPR9_IDX);
`endif
`ifdef GTREF_BUG_ATOMIC_RETURN
            // BUG (docs/rtl-bugs.md, ATOMIC_RETURN): the new value is returned instead of the old one.
            p_cq_val[0] = at_new[31:0];
            p_cq_val[1] = at_new[63:32];
`else
            p_cq_val[0] = at_old[31:0];
            p_cq_val[1] = at_old[63:32];
`endif
            p_cq_chg    = 3'b011;
          end
        end
        default: ;
      endcase
    end
  end

  // IRQ-4: a command whose event d has a bit clear in both IMR and HWSTAM (bits 15:0, as the engine holds them
  // when it executes the command) makes one more memory write: d, zero-extended, to the status-page dword
  // HWSP_ISR_OFFSET (dword 0) of HWS_PGA[31:12], after its own writes, so before its commits and its retire.
  // Only S_EXEC plans events (no command that reads memory raises one).
  logic        p_hsw;
  logic [63:0] hsw_addr;
  assign p_hsw    = st == S_EXEC && (p_evt & ~r[IMR_IDX][15:0] & ~r[HWSTAM_IDX][15:0]) != 16'd0;
  assign hsw_addr = {32'd0, (hws & 32'hFFFFF000) | HWSP_ISR_OFFSET};
  // the same for an illegal command's CS_MASTER_ERROR (raised when EMR[0] = 0 lets it set EIR from 0, IRQ-5: EIR
  // may hold bit 2 of an earlier privilege violation), decided when its DW0 is decoded
  logic        err_hsw, flt_hsw;
  assign err_hsw  = !r[EMR_IDX][0] && r[EIR_IDX] == 32'd0 &&
                    (IRQ_CS_MASTER_ERROR & ~r[IMR_IDX][15:0] & ~r[HWSTAM_IDX][15:0]) != 16'd0;
  // the same for a GAM fault's CS_MASTER_ERROR (EMR[4], GAM-15), decided when the writes in flight are done
  assign flt_hsw  = (r[EMR_IDX] & ERR_PAGE_TABLE) == 32'd0 && r[EIR_IDX] == 32'd0 &&
                    (IRQ_CS_MASTER_ERROR & ~r[IMR_IDX][15:0] & ~r[HWSTAM_IDX][15:0]) != 16'd0;

  // ---- privilege violations (C41), decided when the command's dwords are all taken, before any access ----
  // From a non-privileged batch (cur_np): a command that selects GGTT for a memory access (G1), and an LRR/LRM
  // whose destination is not allowed (C13; an LRI is decided by its check pass, S_LRI_DATA). The command is then a
  // NOOP (no memory read or write, no register write, no event of its own): the HWSTAM status write if
  // CS_MASTER_ERROR is raised and let through (IRQ-4), ESR |= 4, EIR |= 4 unless EMR[2] (each only if it changes),
  // the retire, and the engine goes on. Not violations: the status-page forms (MI_STORE_DATA_INDEX,
  // MI_REPORT_HEAD, store_index), a register-poll wait (its ggtt is ignored), a CBBE without Compare Semaphore.
  // The command's bits decide (a predicated MI_STORE_REGISTER_MEM with GGTT is a violation whatever the predicate).
  logic p_viol;
  always_comb begin
    p_viol = 1'b0;
    if (st == S_EXEC && !cmd_nop && cur_np)
      case (cmd)
`ifndef GTREF_BUG_GGTT_NONPRIV_ALLOWED
        // BUG (docs/rtl-bugs.md, GGTT_NONPRIV_ALLOWED): with the bug this row is missing, so a GGTT
        // MI_STORE_DATA_IMM from a non-privileged batch writes.
        C_MI_STORE_DATA_IMM:     p_viol = cmd_dw0[F_MI_STORE_DATA_IMM_GGTT_LO];
`endif
        C_MI_STORE_REGISTER_MEM: p_viol = cmd_dw0[F_MI_STORE_REGISTER_MEM_GGTT_LO];
        C_MI_LOAD_REGISTER_MEM:  p_viol = cmd_dw0[F_MI_LOAD_REGISTER_MEM_GGTT_LO] || !np_allowed(lrm_dst);
        C_MI_LOAD_REGISTER_REG:  p_viol = !np_allowed(lrr_dst);
        C_MI_COPY_MEM_MEM:       p_viol = cmd_dw0[F_MI_COPY_MEM_MEM_GGTT_SRC_LO] || cmd_dw0[F_MI_COPY_MEM_MEM_GGTT_DST_LO];
        C_MI_ATOMIC:             p_viol = cmd_dw0[F_MI_ATOMIC_GGTT_LO];
        C_MI_SEMAPHORE_WAIT:     p_viol = cmd_dw0[F_MI_SEMAPHORE_WAIT_GGTT_LO] && !cmd_dw0[F_MI_SEMAPHORE_WAIT_REG_POLL_LO];
        C_MI_CONDITIONAL_BATCH_BUFFER_END:
                                 p_viol = cmd_dw0[F_MI_CONDITIONAL_BATCH_BUFFER_END_GGTT_LO] &&
                                          cmd_dw0[F_MI_CONDITIONAL_BATCH_BUFFER_END_SEMAPHORE_LO];
        C_MI_FLUSH_DW:           p_viol = cmd_dw0[F_MI_FLUSH_DW_POST_SYNC_HI:F_MI_FLUSH_DW_POST_SYNC_LO] == 2'd1 &&
                                          !cmd_dw0[F_MI_FLUSH_DW_STORE_INDEX_LO] && a[1][F_MI_FLUSH_DW_GGTT_LO - 32];
        C_PIPE_CONTROL:          p_viol = a[1][F_PIPE_CONTROL_POST_SYNC_HI - 32:F_PIPE_CONTROL_POST_SYNC_LO - 32] == 2'd1 &&
                                          !a[1][F_PIPE_CONTROL_STORE_INDEX_LO - 32] && a[1][F_PIPE_CONTROL_GGTT_LO - 32];
        default: ;
      endcase
  end
  // the violation's status write: CS_MASTER_ERROR is raised only when EMR[2] = 0 lets it set EIR from 0 (IRQ-5)
  logic viol_hsw;
  assign viol_hsw = (r[EMR_IDX] & ERR_CP_PRIV) == 32'd0 && r[EIR_IDX] == 32'd0 &&
                    (IRQ_CS_MASTER_ERROR & ~r[IMR_IDX][15:0] & ~r[HWSTAM_IDX][15:0]) != 16'd0;

  state_t p_next;
  assign p_next = p_rpoll ? S_RPOLL : p_sigw ? S_SIGW : p_rd ? S_RDQ : (p_wr || p_hsw) ? S_MW : p_cq_n != 2'd0 ? S_CQ : S_RETIRE;

  // =====================================================================================================
  // Memory requests: the command's writes, then its data read, then the prefetcher's reads. A data read
  // (§5) is requested only when the fetch has no read outstanding, and the fetch requests nothing until
  // its response is back, so the engine's responses (in request order) need no tag.
  // =====================================================================================================
  logic mw_req, dr_req, data_phase;
  logic [1:0] wr_pend_next;
  assign mw_req       = st == S_MW;
  assign data_phase   = st == S_RDQ || st == S_RDW;
  assign dr_req       = st == S_RDQ && !fetch_busy;
  assign req_valid    = mw_req || dr_req || (f_rd_valid && !data_phase);
  assign req_write    = mw_req;
  // GAM-1, GAM-2: the client, and the effective space: PPGTT only when RING_MODE[9] is set and the access selects
  // it (the ring fetch never does; a batch fetch per its level's effective PPGTT bit, C10, C16). RING_MODE is
  // taken as the engine holds it when it makes the request.
  logic ppgtt_en, f_gg;
  assign ppgtt_en     = (r[RING_MODE_IDX] & MODE_PPGTT_ENABLE) != 32'd0;
  assign f_gg         = s_ring || !(lvl == 2'd2 ? bb2_pp : bb1_pp);
  assign req_client   = mw_req ? CLIENT_WR : dr_req ? CLIENT_DR : CLIENT_IF;
  assign req_ggtt     = !ppgtt_en || (mw_req ? ws_gg : dr_req ? dr_gg : f_gg);
  assign req_addr     = mw_req ? w_addr : dr_req ? {dr_addr[63:6], 6'd0} : f_rd_addr;
  assign req_wdata    = w_data;
  assign req_be       = mw_req ? w_be : 8'h00;
  assign f_rd_gnt     = req_gnt && !mw_req && !data_phase;
  assign f_rsp_valid  = rsp_valid && st != S_RDW;
  // a faulted write is dropped by the GAM: it will never be acknowledged (GAM-15)
  assign wr_pend_next = wr_pend + {1'b0, req_gnt && mw_req} - {1'b0, wr_ack} -
                        {1'b0, dr_fault && fault_client == CLIENT_WR};

  // ---- to the GAM ----
  assign pdp0    = {r[PDP0_UDW_IDX], r[PDP0_LDW_IDX]};
  assign dclv    = r[PP_DCLV_IDX];
  // GAM-12: the retire of an executed (not NOOPed, not illegal) MI_FLUSH_DW / PIPE_CONTROL with TLB Invalidate;
  // GAM-22 (G18): a host write of INSTPM that sets bit 9 (TLB Invalidate) and bit 5 (Sync Flush Enable) with their
  // write enables (bits 25, 21), at the write's closing edge. The sync flush completes in the write's cycle: bits
  // 5 and 9 are never stored (INSTPM's RW mask in the register table excludes them, so the masked write leaves
  // them 0 and reads return 0). The write is decoded from the host write alone (host_we), even if an engine-side
  // write of INSTPM wins the register in the same cycle (a legal stimulus writes bits 5/9 only while the engine
  // is idle). An MI_LOAD_REGISTER_IMM/REG/MEM of INSTPM never invalidates (kit choice: GAM-22 names the host write
  // only, and a legal stimulus never sets bits 5/9 by LRI); it stores the plain bits like any masked write.
  localparam logic [31:0] INSTPM_TLB_INV = {2{INSTPM_TLB_INVALIDATE[15:0] | INSTPM_SYNC_FLUSH[15:0]}};   // and their write enables
  logic instpm_inv;
  assign instpm_inv = host_we[INSTPM_IDX] && (mmio_wdata & INSTPM_TLB_INV) == INSTPM_TLB_INV;
  assign tlb_inv = instpm_inv ||
                   (st == S_RETIRE && !cmd_err && !cmd_nop && !cmd_priv &&
                    ((cmd == C_MI_FLUSH_DW && cmd_dw0[F_MI_FLUSH_DW_TLB_INVALIDATE_LO]) ||
                     (cmd == C_PIPE_CONTROL && a[1][F_PIPE_CONTROL_TLB_INVALIDATE_LO - 32])));

  // ---- stream control ----
  always_comb begin
    pop        = 1'b0;
    redir      = 1'b0;
    redir_addr = ring_dw_addr;
    redir_ring = 1'b1;
    case (st)
      S_DW0:
        if (ring_go && !at_ring_pos) redir = 1'b1;             // (re)start the ring stream at HEAD
        else if ((in_batch || ring_go) && dw_valid && !dw_flt) pop = 1'b1;
      S_ARGS, S_LRI_OFF, S_LRI_DATA, S_MATH:
        pop = dw_valid && !dw_flt;                             // a faulted dword ends the command (GAM-15)
      S_LRI_RW: begin                                          // a non-privileged LRI (never in the ring) whose
        redir      = 1'b1;                                     // pairs are all allowed: take them again from
        redir_addr = cmd_addr + 64'd4;                         // DW1, this time committing (C13)
        redir_ring = 1'b0;
      end
      S_RETIRE:
        if (!cmd_err && (ra == RA_BB1 || ra == RA_BB2_CALL || ra == RA_BB2_CHAIN)) begin
          redir      = 1'b1;                                   // enter, call or chain to a batch
          redir_addr = bb_tgt;
          redir_ring = 1'b0;
        end else if (!cmd_err && ra == RA_END && lvl == 2'd2) begin
          redir      = 1'b1;                                   // return to the first level
          redir_addr = ret_addr;
          redir_ring = 1'b0;
        end                                                    // (a first-level end: S_DW0 restarts the ring)
      default: ;
    endcase
  end

  // ---- the error of an ending command: an illegal command's bit 0 (IRQ-5), a GAM fault's page-table bit 4
  //      (GAM-15, BYT-REG L2422), a privilege violation's CP_PRIV bit 2 (C41), each masked by its own EMR bit.
  //      ESR and EIR are committed only if they change; CS_MASTER_ERROR is raised at the retire iff EIR is set
  //      from 0 (IRQ-5: the rising edge of the OR of the EIR bits) ----
  logic [31:0] err_bit, esr_new, eir_new;
  logic        err_masked, err_evt, err_end;
  assign err_end    = cmd_err || cmd_priv;     // the command ends through S_ESR (and the EIR commit at its retire)
  assign err_bit    = cmd_flt ? ERR_PAGE_TABLE : cmd_priv ? ERR_CP_PRIV : ERR_INSTRUCTION;
  assign err_masked = (r[EMR_IDX] & err_bit) != 32'd0;
  assign esr_new    = r[ESR_IDX] | err_bit;
`ifdef GTREF_BUG_CP_PRIV_NO_EIR
  // BUG (docs/rtl-bugs.md, CP_PRIV_NO_EIR): the EIR update still tests the illegal/fault flag only, so a privilege
  // violation commits ESR bit 2 but never sets EIR bit 2 (and raises no CS_MASTER_ERROR).
  assign eir_new    = cmd_err ? r[EIR_IDX] | err_bit : r[EIR_IDX];
`else
  assign eir_new    = r[EIR_IDX] | err_bit;
`endif
  assign err_evt    = !err_masked && r[EIR_IDX] == 32'd0 && eir_new != 32'd0;

  // ---- engine-side register commit of this cycle (at most one, commit rule 3) ----
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
      S_MST0, S_MST1: begin                // MI_MATH STORE: low then high dword, each only if it changes
        c_idx   = mst_idx;
        c_val   = st == S_MST1 ? mst_val[63:32] : mst_val[31:0];
        c_valid = r[mst_idx] != c_val;
      end
      S_CQ: begin                          // the plan's commits, in order
        c_idx   = cq_idx[cq_i];
        c_val   = cq_val[cq_i];
        c_valid = !cq_chg[cq_i] || r[cq_idx[cq_i]] != cq_val[cq_i];
      end
      S_ERR: begin                         // illegal command (IRQ-5): IPEHR := its DW0 first
        c_valid = 1'b1;
        c_idx   = ridx_t'(IPEHR_IDX);
        c_val   = cmd_dw0;
      end
      S_ESR: begin                         //                           then ESR bit 0 (a GAM fault: bit 4, a
        c_idx   = ridx_t'(ESR_IDX);        //                           privilege violation: bit 2), if it changes
        c_val   = esr_new;
        c_valid = esr_new != r[ESR_IDX];
      end
      S_RETIRE:
        if (err_end) begin
          if (!err_masked) begin           // then EIR bit 0 (4, 2) unless masked by EMR[0] (EMR[4], EMR[2]), if it
            c_idx   = ridx_t'(EIR_IDX);    // changes; RING_HEAD stays (a violation is never a ring command: the
            c_val   = eir_new;             // ring is privileged)
            c_valid = eir_new != r[EIR_IDX];
          end
        end else if (!cmd_in_batch) begin  // ring commands commit RING_HEAD in their retire cycle (last)
          c_valid = 1'b1;
          c_idx   = ridx_t'(RING_HEAD_IDX);
          c_val   = new_head;
        end
      default: ;
    endcase
  end

  // ---- interrupt events at the retire (commands.md §6), and the watchdog's in any cycle (§7) ----
  logic wd_fire;
  always_comb begin
    evt_bits = '0;
    if (st == S_RETIRE) begin
      if (err_end) begin
        if (err_evt) evt_bits = IRQ_CS_MASTER_ERROR;          // EIR was set from 0
      end else begin
        evt_bits = evt_q;                                      // USER, PIPECTL_NOTIFY (the plan's)
      end
    end
    if (wd_fire) evt_bits = evt_bits | IRQ_WATCHDOG;           // ORs with a retire's event of this cycle
  end
  assign evt_valid = evt_bits != 16'd0;

  // IMR at the end of this cycle (IRQ-3): the engine's commit wins over a host write of the same cycle (§8).
  logic [31:0] imr_end;
  assign imr_end = (c_valid && c_idx == ridx_t'(IMR_IDX)) ? c_val : host_we[IMR_IDX] ? host_new[IMR_IDX] : r[IMR_IDX];
  assign evt_imr = imr_end[15:0];
  logic unused_imr_hi;   // IMR[31:16] is storage (IRQ-3, I21)
  assign unused_imr_hi = ^imr_end[31:16];

  // ---- semaphores (commands.md §5, C32; cycle contract §3) ----
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

  // The pending-signal flag. A signal-mode wait (one this engine executes: not a MI_SET_PREDICATE NOOP, not
  // Register Poll Mode) clears it when it retires (its condition met) and when it takes the flag to read SAD
  // again (S_SIGW). A signal arriving in the cycle of a clear wins: the flag stays set.
  logic sig_pend, sig_clr, sem_sig;
  assign sem_sig  = cmd == C_MI_SEMAPHORE_WAIT && !cmd_nop && !cmd_err && !cmd_priv && !cmd_dw0[F_MI_SEMAPHORE_WAIT_POLL_LO] &&
                    !cmd_dw0[F_MI_SEMAPHORE_WAIT_REG_POLL_LO];
  assign sig_clr  = (st == S_SIGW && sig_pend) || (st == S_RETIRE && sem_sig);
  always_ff @(posedge clk) begin
    if (!rst_n) sig_pend <= 1'b0;
    else        sig_pend <= sig_in || (sig_pend && !sig_clr);
  end

  // =====================================================================================================
  // The watchdog (commands.md §7, W1-W5; cycle contract §5), on an engine that has PR_CTR_CTL and
  // PR_CTR_THRSH (the table gives them to RCS0 only). Independent of the parser: it runs while the engine is
  // idle or halted.
  //   running  iff PR_CTR_CTL[30:0] == 0 (W2); a change from stopped to running clears the counter.
  //   ticks    PR_CTR_CTL[31] = 1: every cycle; = 0: every 64th cycle (W3). Every commit of PR_CTR_CTL (engine
  //            commit or host write transfer, even of the same value) restarts the count: the first cycle
  //            that can tick is the next one, and the 64-cycle ticks fall on its 64th, 128th, ... cycle.
  //   fire     after a tick, counter == PR_CTR_THRSH as held in this cycle (a commit takes effect from the
  //            next cycle): WATCHDOG (interrupt data bit 6) at this closing edge, and the counter becomes 0
  //            (W4). PR_CTR_CTL and PR_CTR_THRSH are read as the register file holds them in this cycle.
  // =====================================================================================================
  if (reg_present(ridx_t'(PR_CTR_CTL_IDX)) && reg_present(ridx_t'(PR_CTR_THRSH_IDX))) begin : g_wdog
    logic [31:0] ctl, thr, ctl_next, cnt, cnt_inc;
    logic [5:0]  div;         // cycles since the cycle after the last PR_CTR_CTL commit, modulo 64
    logic        ctl_eng, ctl_upd, running, starts, per_clock, tick;
    assign ctl      = r[PR_CTR_CTL_IDX];
    assign thr      = r[PR_CTR_THRSH_IDX];
    // a PR_CTR_CTL commit at this closing edge; the engine's value wins over a host write of the same cycle
    assign ctl_eng  = c_valid && c_idx == ridx_t'(PR_CTR_CTL_IDX);
    assign ctl_upd  = ctl_eng || host_we[PR_CTR_CTL_IDX];
    assign ctl_next = ctl_eng ? c_val : host_new[PR_CTR_CTL_IDX];
    assign running  = (ctl & WDOG_STOPPED_MASK) == 32'd0;
    assign starts   = ctl_upd && !running && (ctl_next & WDOG_STOPPED_MASK) == 32'd0;
`ifdef GTREF_BUG_WATCHDOG_COUNT_SELECT
    // BUG (docs/rtl-bugs.md, WATCHDOG_COUNT_SELECT): Count Select read inverted: bit 31 = 0 ticks every clock,
    // = 1 every 64th.
    assign per_clock = (ctl & WDOG_COUNT_CLOCKS) == 32'd0;
`else
    assign per_clock = (ctl & WDOG_COUNT_CLOCKS) != 32'd0;
`endif
    assign tick     = running && (per_clock || div == 6'd63);
    assign cnt_inc  = cnt + 32'd1;
`ifdef GTREF_BUG_WATCHDOG_LATE
    // BUG (docs/rtl-bugs.md, WATCHDOG_LATE): the event comes one tick late, at threshold + 1.
    assign wd_fire  = tick && cnt_inc == thr + 32'd1;
`else
    assign wd_fire  = tick && cnt_inc == thr;
`endif
    always_ff @(posedge clk) begin
      if (!rst_n) begin
        cnt <= '0;
        div <= '0;
      end else begin
        div <= ctl_upd ? 6'd0 : div + 6'd1;
        if (starts) cnt <= '0;                        // stopped -> running (no tick: stopped in this cycle)
        else if (tick) cnt <= wd_fire ? 32'd0 : cnt_inc;
      end
    end
  end else begin : g_no_wdog
    assign wd_fire = 1'b0;
  end

  // ---- GAM faults (GAM-15, hang mode) ----
  // need_flt: the parser needs the dword at the stream head (where it would pop it) and it lies in a faulted line.
  // The command it is parsing ends: its DW0 and address if DW0 was delivered, else DW0 0 at the dword's address.
  logic need_flt, flt_sw;   // flt_sw: the fault's status write has been made (never twice)
  always_comb
    case (st)
      S_DW0:                                 need_flt = !(ring_go && !at_ring_pos) && (in_batch || ring_go) &&
                                                        dw_valid && dw_flt;
      S_ARGS, S_LRI_OFF, S_LRI_DATA, S_MATH: need_flt = dw_valid && dw_flt;
      default:                               need_flt = 1'b0;
    endcase

  // A privilege violation starts (C41): nothing of the command's plan; the status write first if CS_MASTER_ERROR is
  // raised and let through (IRQ-4), then S_ESR (ESR bit 2), then the retire (EIR bit 2), as an illegal command but
  // without IPEHR and without the halt.
`define GT_VIOLATION \
                cmd_priv <= 1'b1; \
                cq_n     <= '0; \
                ra       <= RA_NONE; \
                evt_q    <= '0; \
                hsw_pend <= 1'b0; \
                if (viol_hsw) begin \
                  ws_addr <= hsw_addr; \
                  ws_lo   <= {16'd0, IRQ_CS_MASTER_ERROR}; \
                  ws_qw   <= 1'b0; \
                  ws_2d   <= 1'b0; \
                  ws_gg   <= 1'b1; \
                  wi      <= 1'b0; \
                  st      <= S_MW; \
                end else st <= S_ESR;

  // ---- parser state ----
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      st           <= S_DW0;
      lvl          <= 2'd0;
      ret_addr     <= '0;
      sp_mode      <= 4'd0;                // NOOP_NEVER at engine reset
      halted       <= 1'b0;
      cmd          <= C_NONE;
      cmd_dw0      <= '0;
      cmd_addr     <= '0;
      cmd_in_batch <= 1'b0;
      cmd_lvl      <= 2'd0;
      cmd_err      <= 1'b0;
      cmd_nop      <= 1'b0;
      cmd_flt      <= 1'b0;
      cmd_priv     <= 1'b0;
      flt_sw       <= 1'b0;
      bb1_pp       <= 1'b0;
      bb2_pp       <= 1'b0;
      ws_gg        <= 1'b1;
      dr_gg        <= 1'b1;
      cmd_len      <= '0;
      cmd_head     <= '0;
      argn         <= '0;
      lri_left     <= '0;
      lri_p2       <= 1'b0;
      lri_blk      <= 1'b0;
      lri_hit      <= 1'b0;
      lri_idx      <= '0;
      wr_pend      <= '0;
      wi           <= 1'b0;
      cq_n         <= '0;
      cq_i         <= '0;
      ra           <= RA_NONE;
      evt_q        <= '0;
      hsw_pend     <= 1'b0;
      hsw_d        <= '0;
      math_left    <= '0;
      // Data flops too, though a valid bit or the state qualifies them: several tests run one after another in
      // one simulator process, each from a reset, and none may see what the one before left.
      ws_addr      <= '0;
      ws_lo        <= '0;
      ws_hi        <= '0;
      ws_qw        <= 1'b0;
      ws_2d        <= 1'b0;
      for (int k = 0; k < 3; k++) begin
        cq_idx[k] <= '0;
        cq_val[k] <= '0;
      end
      cq_chg       <= '0;
      bb_tgt       <= '0;
      bb_np        <= 1'b0;
      dr_addr      <= '0;
      rd_q         <= '0;
      lri_data     <= '0;
      srca         <= '0;
      srcb         <= '0;
      accu         <= '0;
      zf           <= 1'b0;
      cf           <= 1'b0;
      mst_n        <= '0;
      mst_val      <= '0;
    end else begin
      wr_pend <= wr_pend_next;
      if (need_flt) begin
        // an instruction-fetch fault the parser runs into: the command ends as an illegal one (GAM-15)
        cmd_err  <= 1'b1;
        cmd_flt  <= 1'b1;
        cmd_priv <= 1'b0;
        flt_sw   <= 1'b0;
        hsw_pend <= 1'b0;
        st       <= S_FWAIT;
        if (st == S_DW0) begin               // its DW0 is not delivered: DW0 0 at the dword's address
          cmd_dw0      <= '0;
          cmd_addr     <= dw_addr;
          cmd_in_batch <= in_batch;
          cmd_lvl      <= lvl;
          cmd_head     <= r[RING_HEAD_IDX];
          cmd          <= C_NONE;
          cmd_nop      <= 1'b0;
          cq_n         <= '0;
          ra           <= RA_NONE;
          evt_q        <= '0;
        end
      end else if (dr_fault && (st == S_RDW || st == S_MW || st == S_MACK)) begin
        // a data read or write of the command faulted: no further request for it; wait for the writes in
        // flight, then end as an illegal command ends (GAM-15)
        // (the status write of a privilege violation too: the fault wins, the command ends as a fault)
        cmd_err  <= 1'b1;
        cmd_flt  <= 1'b1;
        cmd_priv <= 1'b0;
        hsw_pend <= 1'b0;
        st       <= S_FWAIT;
      end else
      case (st)
        S_DW0:
          if (pop) begin
            cmd_dw0      <= dw;
            cmd_addr     <= dw_addr;
            cmd_in_batch <= in_batch;
            cmd_lvl      <= lvl;
            cmd_head     <= r[RING_HEAD_IDX];
            cmd          <= d_cmd;
            cmd_len      <= d_len[10:0];
            cmd_err      <= !d_legal;
            cmd_nop      <= sp_noop && !sp_exempt;  // MI_SET_PREDICATE: a NOOP of its length
            cmd_flt      <= 1'b0;
            cmd_priv     <= 1'b0;
            flt_sw       <= 1'b0;
            argn         <= 11'd1;
            lri_left     <= d_len[8:1];  // (len - 1) / 2 pairs for a legal (odd) length, up to 128 (C36)
            lri_p2       <= 1'b0;
            lri_blk      <= 1'b0;
            math_left    <= d_len[8:0] - 9'd1;
            cq_n         <= '0;
            ra           <= RA_NONE;
            evt_q        <= '0;
            srca <= '0; srcb <= '0; accu <= '0; zf <= 1'b0; cf <= 1'b0;  // ALU reset per MI_MATH
            hsw_pend     <= 1'b0;
            if (!d_legal && err_hsw) begin                             // IRQ-4, IRQ-5: the status write first
              ws_addr <= hsw_addr;
              ws_lo   <= {16'd0, IRQ_CS_MASTER_ERROR};
              ws_qw   <= 1'b0;
              ws_2d   <= 1'b0;
              ws_gg   <= 1'b1;
              wi      <= 1'b0;
              st      <= S_MW;
            end
            else if (!d_legal) st <= S_ERR;                             // decided from DW0 alone
            else if (!in_batch && {9'd0, need_new} > ring_avail) st <= S_WAIT;
            else st <= dispatch(d_cmd, d_len[10:0], sp_noop && !sp_exempt);
          end
        S_WAIT:
          // contract §4: executed only when all of its dwords lie before TAIL; waiting is not an error
          if (!ring_go) st <= S_DW0;       // ring disabled or emptied meanwhile: start over at HEAD
          else if ({9'd0, need_cmd} <= ring_avail) st <= dispatch(cmd, cmd_len, cmd_nop);
        S_ARGS:
          if (pop) begin
            if (argn <= 11'd10) a[argn[3:0]] <= dw;  // later dwords: commands the RTL executes as NOOPs
            argn <= argn + 11'd1;
            if (argn == cmd_len - 11'd1) st <= S_EXEC;
          end
        S_LRI_OFF:
          if (pop) begin
            lri_hit <= lk[RIW] && !lri_scan;
            lri_idx <= lk[RIW-1:0];
`ifdef GTREF_BUG_LRI_NONPRIV_PARTIAL
            // BUG (docs/rtl-bugs.md, LRI_NONPRIV_PARTIAL): the verdict is overwritten by each pair, so only the last
            // pair decides: a blocked LRI whose last pair is allowed commits its allowed pairs.
            lri_blk <= lri_scan && !lk_np_ok;
`else
            if (lri_scan && !lk_np_ok) lri_blk <= 1'b1;   // C13: this pair is not allowed
`endif
            st      <= S_LRI_DATA;
          end
        S_LRI_DATA:
          if (pop) begin
            lri_data <= dw;
            lri_left <= lri_left - 8'd1;
            if (lri_hit) st <= S_LRI_COMMIT;
            // the last pair: a check pass ends as a privilege violation (some pair not allowed: a NOOP as a whole,
            // C13, C41) or takes the pairs again
            else if (lri_left == 8'd1) begin
              if (lri_scan && lri_blk) begin
                `GT_VIOLATION
              end else st <= lri_scan ? S_LRI_RW : S_RETIRE;
            end
            else st <= S_LRI_OFF;
          end
        S_LRI_RW: begin                    // the stream restarts at DW1 (redir): commit pass
          lri_p2   <= 1'b1;
          lri_left <= cmd_len[8:1];
          st       <= S_LRI_OFF;
        end
        S_LRI_COMMIT:
          st <= (lri_left == 8'd0) ? S_RETIRE : S_LRI_OFF;
        S_MATH:
          if (pop) begin
            math_left <= math_left - 9'd1;
            case (alu_op)
              ALU_LOAD:    if (alu_ld_ok) begin if (alu_o1 == ALU_OPND_SRCA) srca <= alu_s; else srcb <= alu_s; end
              ALU_LOADINV: if (alu_ld_ok) begin if (alu_o1 == ALU_OPND_SRCA) srca <= ~alu_s; else srcb <= ~alu_s; end
              ALU_LOAD0:   if (alu_dst_ok) begin if (alu_o1 == ALU_OPND_SRCA) srca <= 64'd0; else srcb <= 64'd0; end
`ifdef GTREF_BUG_MATH_LOAD1_ONE
              // BUG (docs/rtl-bugs.md, MATH_LOAD1_ONE): LOAD1 loads the value 1 (from its name) instead of all ones.
              ALU_LOAD1:   if (alu_dst_ok) begin if (alu_o1 == ALU_OPND_SRCA) srca <= 64'd1; else srcb <= 64'd1; end
`else
              ALU_LOAD1:   if (alu_dst_ok) begin if (alu_o1 == ALU_OPND_SRCA) srca <= '1; else srcb <= '1; end  // C21
`endif
              ALU_ADD: begin
                accu <= alu_sum[63:0];
                cf   <= alu_sum[64];                       // carry out of bit 63
                zf   <= alu_sum[63:0] == 64'd0;
              end
              ALU_SUB: begin
                accu <= alu_diff[63:0];
`ifdef GTREF_BUG_SUB_CARRY
                // BUG (docs/rtl-bugs.md, SUB_CARRY): CF is the adder's carry out of SRCA + ~SRCB + 1,
                // i.e. NOT borrow, instead of the borrow.
                cf   <= !alu_diff[64];
`else
                cf   <= alu_diff[64];                      // borrow: SRCA < SRCB (unsigned)
`endif
                zf   <= alu_diff[63:0] == 64'd0;
              end
              ALU_AND: begin accu <= srca & srcb; cf <= 1'b0; zf <= (srca & srcb) == 64'd0; end
              ALU_OR:  begin accu <= srca | srcb; cf <= 1'b0; zf <= (srca | srcb) == 64'd0; end
              ALU_XOR: begin accu <= srca ^ srcb; cf <= 1'b0; zf <= (srca ^ srcb) == 64'd0; end
              default: ;                                    // NOOP; STORE below; others unimplemented
            endcase
            if (alu_store) begin
              mst_n   <= alu_o1[3:0];
              mst_val <= alu_op == ALU_STOREINV ? ~alu_s : alu_s;
              st      <= S_MST0;
            end else if (math_left == 9'd1) st <= S_RETIRE;
          end
        S_MST0:
          st <= S_MST1;
        S_MST1:
          st <= (math_left == 9'd0) ? S_RETIRE : S_MATH;
        S_EXEC, S_RDX:
          if (p_viol) begin
            `GT_VIOLATION
          end else begin
            ws_addr <= p_ws_addr;
            ws_lo   <= p_ws_lo;
            ws_hi   <= p_ws_hi;
            ws_qw   <= p_ws_qw;
            ws_2d   <= p_ws_2d;
            ws_gg   <= p_ws_gg;
            wi      <= 1'b0;
            hsw_pend <= p_hsw && p_wr;                 // the status write after the command's own writes
            hsw_d    <= p_evt;
            if (p_hsw && !p_wr) begin                  // the command's only write: the status write
              ws_addr <= hsw_addr;
              ws_lo   <= {16'd0, p_evt};
              ws_qw   <= 1'b0;
              ws_2d   <= 1'b0;
              ws_gg   <= 1'b1;
            end
            dr_addr <= p_rd_addr;
            dr_gg   <= p_rd_gg;
            cq_n    <= p_cq_n;
            cq_i    <= 2'd0;
            cq_idx  <= p_cq_idx;
            cq_val  <= p_cq_val;
            cq_chg  <= p_cq_chg;
            if (st == S_EXEC) begin
              ra     <= p_ra;
              bb_tgt <= p_bb_tgt;
              bb_np  <= p_bb_np;
              evt_q  <= p_evt;
              if (p_sp_set) sp_mode <= cmd_dw0[3:0];
            end else if (p_ra != RA_NONE) begin
              ra     <= p_ra;
            end
            st <= p_next;
          end
        S_RDQ:
          if (req_gnt) st <= S_RDW;
        S_RPOLL:
          // C33: the register is compared every cycle; the wait retires once the condition holds
          if (rp_ok) st <= S_RETIRE;
        S_SIGW:
          // C32: one read of SAD per signal: take the flag (sig_clr clears it at this edge), read again
          if (sig_pend) st <= S_RDQ;
        S_RDW:
          if (rsp_valid) begin
            rd_q <= rsp_data[64 * dr_addr[5:3] +: 64];
            st   <= S_RDX;
          end
        S_MW:
          if (req_gnt) begin
            if (ws_two && !wi) wi <= 1'b1;
            else if (hsw_pend) begin                 // IRQ-4: the status write is the command's last write
              ws_addr  <= hsw_addr;
              ws_lo    <= {16'd0, hsw_d};
              ws_qw    <= 1'b0;
              ws_2d    <= 1'b0;
              ws_gg    <= 1'b1;
              wi       <= 1'b0;
              hsw_pend <= 1'b0;
            end
            else st <= S_MACK;
          end
        S_MACK:
          // Commit rule 2: retire only in a cycle after every write of the command has transferred
          // (the last ack's transfer edge closes this cycle; the retire cycle is the next one or later).
          // An illegal command's status write (IRQ-5) comes before its first commit, IPEHR.
          // A privilege violation's status write comes before ESR (C41, no IPEHR).
          if (wr_pend_next == 2'd0) st <= cmd_err ? (cmd_flt ? S_ESR : S_ERR) : cmd_priv ? S_ESR :
                                          (cq_n != 2'd0) ? S_CQ : S_RETIRE;
        S_FWAIT:
          // GAM-15: every write issued is acknowledged; then the status write if IMR, HWSTAM and EMR[4] let
          // CS_MASTER_ERROR through (IRQ-4), then ESR, EIR and the retire as an illegal command (no IPEHR)
          if (wr_pend_next == 2'd0) begin
            if (flt_hsw && !flt_sw) begin
              ws_addr <= hsw_addr;
              ws_lo   <= {16'd0, IRQ_CS_MASTER_ERROR};
              ws_qw   <= 1'b0;
              ws_2d   <= 1'b0;
              ws_gg   <= 1'b1;
              wi      <= 1'b0;
              flt_sw  <= 1'b1;
              st      <= S_MW;
            end else st <= S_ESR;
          end
        S_CQ: begin
          cq_i <= cq_i + 2'd1;
          if (cq_i == cq_n - 2'd1) st <= S_RETIRE;
        end
        S_ERR:
          st <= S_ESR;
        S_ESR:
          st <= S_RETIRE;
        S_RETIRE:
`ifdef GTREF_BUG_CP_PRIV_HALTS
          // BUG (docs/rtl-bugs.md, CP_PRIV_HALTS): a privilege violation stops the engine as an illegal command does.
          if (cmd_err || cmd_priv) begin
`else
          if (cmd_err) begin               // (a privilege violation does not halt, C41: ra is RA_NONE)
`endif
            halted <= 1'b1;                // probe_halted stays high until reset
            st     <= S_HALT;
          end else begin
            st <= S_DW0;
            case (ra)                      // bb_np: the started batch's effective bit (C10, C16)
              RA_BB1:       begin lvl <= 2'd1; bb1_pp <= bb_np; end
              RA_BB2_CALL:  begin lvl <= 2'd2; ret_addr <= sbb_ret; bb2_pp <= bb_np; end
              RA_BB2_CHAIN: bb2_pp <= bb_np;
              RA_END:       lvl <= lvl - 2'd1;   // second -> first level, first level -> ring
              RA_END_ALL:   lvl <= 2'd0;         // both levels end: the ring goes on after the first level's start
              default: ;
            endcase
          end
        S_HALT: ;
        default: st <= S_HALT;
      endcase
    end
  end

`undef GT_VIOLATION

  // Second-level return address: the dword after the MI_BATCH_BUFFER_START (3 dwords).
  logic [63:0] sbb_ret;
`ifdef GTREF_BUG_SBB_RETURN
  // BUG (docs/rtl-bugs.md, SBB_RETURN): the return address assumes a 2-dword MI_BATCH_BUFFER_START (the
  // Gen7 layout), so the first level resumes on the start command's last dword (the address high dword).
  assign sbb_ret = cmd_addr + 64'd8;
`else
  assign sbb_ret = cmd_addr + {51'd0, cmd_len, 2'd0};
`endif

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

`ifdef GTREF_DEBUG_TRACE
  // Debug trace (not part of any regular build): the engine's retires, commits, writes and data reads.
  always_ff @(posedge clk)
    if (rst_n) begin
      if (c_valid) $display("TRACE e%0d commit %08x = %08x", ENGINE, BASE + ENGINE_REG_OFF[c_idx], c_val);
      if (req_gnt && mw_req) $display("TRACE e%0d write %012x be=%02x data=%016x", ENGINE, w_addr, w_be, w_data);
      if (req_gnt && dr_req) $display("TRACE e%0d dread %012x", ENGINE, dr_addr);
      if (st == S_RETIRE) $display("TRACE e%0d retire %08x @%012x err=%0d nop=%0d evt=%04x", ENGINE, cmd_dw0,
                                   cmd_addr, cmd_err, cmd_nop, evt_bits);
      if (sig_valid) $display("TRACE e%0d signal e%0d", ENGINE, sig_engine);
      if (sig_in) $display("TRACE e%0d flag set", ENGINE);
      if (sig_clr) $display("TRACE e%0d flag clear", ENGINE);
      if (wd_fire) $display("TRACE e%0d watchdog", ENGINE);
    end
`endif
endmodule
