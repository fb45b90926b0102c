// gt_engine: one command streamer (docs/cycle-contract.md §2-§4), instanced per engine by gt_top. This module is
// the parser (one dword per cycle: the command registers, the state machine, the engine's one register commit per
// cycle, the error chain and the interrupt event) and the probes; its units, each a module of its own:
//
//   gt_cs_regfile     ENGINE_REGS registers from gtref_pkg (offset, reset, RW, W1C, masked), at
//                     ENGINE_BASE[ENGINE] + offset; host writes from gt_top's MMIO decode; the write targets and
//                     read sources of commands with the FORCE_TO_NONPRIV whitelist (commands.md §2, C13, C37).
//   gt_cmd_fetch      ring / batch line fetch and the dword stream.
//   gt_cs_decode      DW0 decode (every command of gtref_pkg, engines mask, length rules) and MI_SET_PREDICATE's
//                     NOOP of a command (C23).
//   gt_cs_ring_batch  ring geometry and RING_HEAD, the two batch levels with their effective PPGTT bits and
//                     privilege (§2, §3), which dword the parser takes and where the stream restarts.
//   gt_cs_alu         MI_MATH, executed as its dwords stream in (§4).
//   gt_cs_plan        the plan per command (docs/commands.md), once its dwords are taken and again with the data
//                     read: memory writes, a data read (§5), register commits, the retire's batch action, events,
//                     privilege violations (C41: a NOOP that commits ESR/EIR bit 2, no IPEHR, no halt).
//   gt_cs_mem         the memory-command unit: write formatting, the request port with its client and address
//                     space (docs/gam.md GAM-1, GAM-2), writes in flight, the data read, MI_ATOMIC.
//   gt_cs_semaphore   MI_SEMAPHORE_WAIT's compare, MI_SEMAPHORE_SIGNAL's target, the pending-signal flag (§5, C32).
//   gt_cs_watchdog    on an engine with PR_CTR_CTL and PR_CTR_THRSH (RCS0): the counter and its WATCHDOG event
//                     (commands.md §7, W1-W5, cycle contract §5).
//
//   parser            MI_LOAD_REGISTER_IMM and MI_MATH are executed as their dwords stream in. Illegal commands
//                     (IPEHR, ESR, EIR, halt). Defined commands the kit does not model execute as NOOPs of their
//                     length.
//   interrupts        the command's event bits d (docs/interrupts.md IRQ-2), the HWSTAM status write (IRQ-4: one
//                     more memory write, the command's last, when d & ~IMR & ~HWSTAM != 0), the error chain
//                     IPEHR, ESR, EIR (IRQ-5); the IMR gate itself is applied in gt_irq with evt_imr (IRQ-3).
//   GAM side          PDP0 and PP_DCLV go to the GAM's walker; an executed MI_FLUSH_DW / PIPE_CONTROL with TLB
//                     Invalidate invalidates this engine's TLB at its retire (GAM-12), and so does a host write of
//                     INSTPM with bits 9 and 5 (GAM-22); a fault in hang mode ends the command as an illegal one
//                     ends, with the page-table error bit 4 and no IPEHR (GAM-15: S_FWAIT; an IF fault only when
//                     the parser needs the line).
//
// Every probe output is a function of this module's flip-flops only (state, command registers, register
// file); no input reaches a probe combinationally.
module gt_engine import gtref_pkg::*, gt_cs_pkg::*; #(
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

  // =====================================================================================================
  // Register file
  // =====================================================================================================
  gt_cs_regs_if           regs ();      // the registers (regs.r), held by gt_cs_regfile
  logic [ENGINE_REGS-1:0] host_we;
  logic [31:0]            host_new;   // the new value of the register host_we names
  logic                   c_valid;     // the engine's register write of this cycle (at most one, commit rule 3)
  ridx_t                  c_idx;
  logic [31:0]            c_val;
  logic                   cur_pp, cur_np;
  logic [31:0]            tgt_off [3];
  logic [2:0]             tgt_hit, tgt_np_ok;
  ridx_t                  tgt_idx [3];
  logic [31:0]            rd_off [3];
  logic [31:0]            rd_val [3];

  gt_cs_regfile #(.ENGINE(ENGINE)) u_regs (
    .clk, .rst_n,
    .mmio_wr, .mmio_addr, .mmio_wdata, .mmio_rdata, .mmio_commit, .mmio_new, .host_we, .host_new,
    .c_valid, .c_idx, .c_val, .regs, .el_status_lo, .el_status_hi,
    .cur_np, .tgt_off, .tgt_hit, .tgt_idx, .tgt_np_ok, .rd_off, .rd_val
  );

  // =====================================================================================================
  // Execlists (docs/execlists.md): gt_cs_execlist, instanced below the parser
  // =====================================================================================================
  logic [31:0]  el_status_lo, el_status_hi;
  logic         el_mode, el_load_wr, el_load, el_arb_wr, el_busy, el_dry;
  logic         el_m_wr, el_m_rd, el_m_rd_busy, el_c_valid, el_tlb_inv, el_hold, el_halted;
  logic [63:0]  el_m_addr, el_m_wdata;
  logic [7:0]   el_m_be;
  ridx_t        el_c_idx;
  logic [31:0]  el_c_val;
  logic [15:0]  el_evt;
  logic         el_arb_point, el_lvl_set, el_set_pp1, el_set_pp2, el_poll_point, el_preempt;
  logic [1:0]   el_set_lvl;
  logic [63:0]  el_set_ret, el_set_head, rb_ret;

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
  logic [31:0]  ring_start;
  logic [21:0]  ring_size, head_off, ring_avail;
  logic         ring_en;
  assign f_fault  = fault && fault_client == CLIENT_IF;
  assign dr_fault = fault && fault_client != CLIENT_IF;

  gt_cmd_fetch u_fetch (
    .clk, .rst_n,
    .ring_start, .ring_size, .head_off, .ring_avail, .ring_en, .in_batch, .halted(halted || el_halted || el_hold),
    .redir, .redir_addr, .redir_ring, .pop,
    .dw_valid, .dw_data(dw), .dw_addr, .dw_flt, .s_ring, .busy(fetch_busy),
    .rd_valid(f_rd_valid), .rd_addr(f_rd_addr), .rd_gnt(f_rd_gnt),
    .rsp_valid(f_rsp_valid), .rsp_data, .rd_fault(f_fault)
  );

  // =====================================================================================================
  // Parser: the command in flight
  // =====================================================================================================
  state_t      st;
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
  logic [3:0]  sp_mode;        // MI_SET_PREDICATE mode (internal, resets to NOOP_NEVER)
  logic [8:0]  math_left;      // MI_MATH: ALU dwords not yet taken
  logic [3:0]  mst_n;          //          STORE target Rn
  logic [63:0] mst_val;

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

  // ---- DW0 decode of the dword at the stream head ----
  logic [31:0] d_len;
  logic        d_legal, d_nop;
  cmd_t        d_cmd;
  gt_cs_decode #(.ENGINE(ENGINE)) u_decode (
    .dw, .sp_mode, .pred_result(regs.r[MI_PREDICATE_RESULT_IDX][0]), .pred_result2(regs.r[MI_PREDICATE_RESULT_2_IDX][0]),
    .d_cmd, .d_len, .d_legal, .d_nop
  );

  // ---- ring and batch control ----
  logic        ring_go, new_fits, cmd_fits, need_flt, f_pp;
  logic [31:0] new_head;
  logic [1:0]  lvl;
  gt_cs_ring_batch u_ring_batch (
    .clk, .rst_n, .st, .hold(el_hold), .el_lvl_set, .el_set_lvl, .el_set_pp1, .el_set_pp2, .el_set_ret, .el_set_head,
    .ret(rb_ret),
    .r_start(regs.r[RING_START_IDX]), .r_ctl(regs.r[RING_CTL_IDX]), .r_head(regs.r[RING_HEAD_IDX]), .r_tail(regs.r[RING_TAIL_IDX]),
    .dw_valid, .dw_flt, .dw_addr, .s_ring, .d_len,
    .cmd_addr, .cmd_len, .cmd_head, .cmd_lvl, .cmd_err, .ra, .bb_tgt, .bb_np,
    .ring_start, .ring_size, .head_off, .ring_avail, .ring_en, .in_batch, .pop, .redir, .redir_addr, .redir_ring,
    .ring_go, .new_fits, .cmd_fits, .new_head, .need_flt, .lvl, .cur_pp, .cur_np, .f_pp
  );

  // ---- MI_MATH ALU ----
  logic [63:0] gpr [16];       // Rn = {CS_GPR(2n+1), CS_GPR(2n)}
  always_comb
    for (int n = 0; n < 16; n++) gpr[n] = {regs.r[CS_GPR0_IDX + 2 * n + 1], regs.r[CS_GPR0_IDX + 2 * n]};
  logic        alu_store;      // the ALU dword at the stream head is a STORE/STOREINV to commit
  logic [3:0]  alu_store_n;
  logic [63:0] alu_store_val;
  gt_cs_alu u_alu (
    .clk, .rst_n, .clear(st == S_DW0 && pop), .exec(st == S_MATH && pop), .dw, .gpr,
    .store(alu_store), .store_n(alu_store_n), .store_val(alu_store_val)
  );
  ridx_t mst_idx;              // CS_GPR(2n) / CS_GPR(2n+1) of the STORE being committed
  assign mst_idx = ridx_t'(CS_GPR0_IDX) + {2'd0, mst_n, st == S_MST1};

  // ---- memory-command unit ----
  logic        ws_two, mw_req, dr_req, at_ok, at_qw;
  logic [1:0]  wr_pend, wr_pend_next;
  logic [31:0] rd_dw;
  logic [63:0] w_addr, w_data, at_old, at_new;
  logic [7:0]  w_be;
  gt_cs_mem u_mem (
    .clk, .rst_n, .st,
    .ws_addr, .ws_lo, .ws_hi, .ws_qw, .ws_2d, .wi, .ws_gg, .dr_gg, .dr_addr, .rd_q, .rd_dw, .ws_two,
    .wr_pend, .wr_pend_next, .mw_req, .dr_req, .w_addr, .w_be, .w_data,
    .cmd_dw0, .a3(a[3]), .a4(a[4]), .a5(a[5]), .a6(a[6]), .gpr,
    .at_ok, .at_qw, .at_old, .at_new,
    .fetch_busy, .f_rd_valid, .f_rd_addr, .f_rd_gnt, .f_rsp_valid, .s_ring, .f_pp, .ring_mode(regs.r[RING_MODE_IDX]),
    .req_valid, .req_client, .req_ggtt, .req_write, .req_addr, .req_wdata, .req_be, .req_gnt, .wr_ack, .rsp_valid,
    .wr_fault(dr_fault && fault_client == CLIENT_WR),
    .el_wr(el_m_wr), .el_rd(el_m_rd), .el_addr(el_m_addr), .el_wdata(el_m_wdata), .el_be(el_m_be), .el_rd_busy(el_m_rd_busy), .el_hold
  );

  // ---- semaphores ----
  logic sem_ok, rp_ok, sig_pend, sig_clr, poll_rsp_ok;
  logic [63:0] poll_rsp_q;
  logic [31:0] poll_rsp_dw;            // the semaphore dword of a response arriving now (EL-16)
  assign poll_rsp_q  = rsp_data[64 * dr_addr[5:3] +: 64];
  assign poll_rsp_dw = dr_addr[2] ? poll_rsp_q[63:32] : poll_rsp_q[31:0];
  assign rd_off[RD_POLL] = a[2] & LRI_OFFSET_MASK;   // register poll: DW2[22:2], no CS MMIO bit (C33)
  gt_cs_semaphore u_sem (
    .clk, .rst_n, .st, .cmd, .cmd_dw0, .cmd_nop, .cmd_err, .cmd_priv, .sem_sdd(a[1]), .rd_dw, .poll_val(rd_val[RD_POLL]),
    .sem_ok, .rp_ok, .rsp_dw(poll_rsp_dw), .rsp_ok(poll_rsp_ok), .sig_valid, .sig_engine, .sig_in, .dr_gnt(req_gnt && dr_req),
    .sig_pend, .sig_clr
  );

  // ---- the plan ----
  logic        p_wr, p_ws_qw, p_ws_2d, p_ws_gg, p_rd_gg, p_bb_np, p_sp_set, p_hsw, p_viol;
  logic [63:0] p_rd_addr, p_ws_addr, p_bb_tgt;
  logic [31:0] p_ws_lo, p_ws_hi;
  logic [1:0]  p_cq_n;
  ridx_t       p_cq_idx [3];
  logic [31:0] p_cq_val [3];
  logic [2:0]  p_cq_chg;
  ra_t         p_ra;
  logic [15:0] p_evt;
  state_t      p_next;
  gt_cs_plan #(.ENGINE(ENGINE)) u_plan (
    .st, .cmd, .cmd_dw0, .cmd_len, .cmd_lvl, .cmd_nop, .a1(a[1]), .a2(a[2]), .a3(a[3]), .a4(a[4]), .a5(a[5]),
    .cur_pp, .cur_np, .regs,
    .lrr_dst(tgt_off[TGT_LRR]), .lrm_dst(tgt_off[TGT_LRM]), .lrr_src_off(rd_off[RD_LRR]), .srm_src_off(rd_off[RD_SRM]),
    .lrr_hit(tgt_hit[TGT_LRR]), .lrr_idx(tgt_idx[TGT_LRR]), .lrr_np_ok(tgt_np_ok[TGT_LRR]),
    .lrm_hit(tgt_hit[TGT_LRM]), .lrm_idx(tgt_idx[TGT_LRM]), .lrm_np_ok(tgt_np_ok[TGT_LRM]),
    .lrr_src(rd_val[RD_LRR]), .srm_src(rd_val[RD_SRM]),
    .dr_addr, .dr_gg, .rd_q, .rd_dw, .at_ok, .at_qw, .at_old, .at_new, .sem_ok, .rp_ok,
    .p_rd_addr, .p_rd_gg, .p_wr, .p_ws_addr, .p_ws_lo, .p_ws_hi, .p_ws_qw, .p_ws_2d,
    .p_ws_gg, .p_cq_n, .p_cq_idx, .p_cq_val, .p_cq_chg, .p_ra, .p_bb_tgt, .p_bb_np, .p_evt, .p_sp_set, .p_hsw,
    .p_viol, .p_next
  );

  // ---- execlists (docs/execlists.md) ----
  assign el_mode    = (regs.r[RING_MODE_IDX] & MODE_EXECLIST_ENABLE) != 32'd0;
  assign el_load_wr = mmio_wr && mmio_addr == BASE + EXECLIST_CONTROL_OFF && (mmio_wdata & EL_CTRL_LOAD) != 32'd0;
  // E13: an executed MI_ARB_ON_OFF sets the arbitration enable at its retire, in either mode
  assign el_arb_wr  = st == S_RETIRE && cmd == C_MI_ARB_ON_OFF && !cmd_err && !cmd_nop && !cmd_priv;
  // EL-15: a retire after which the engine is at ring level with the RING_HEAD offset equal to the RING_TAIL
  // offset (RING_HEAD as the retire commits it; RING_CTL[0] = 0 counts as empty)
  logic [1:0]  lvl_after;
  logic [31:0] head_after;
  always_comb
    case (ra)
      RA_BB1:                   lvl_after = 2'd1;
      RA_BB2_CALL, RA_BB2_CHAIN: lvl_after = 2'd2;
      RA_END:                   lvl_after = lvl - 2'd1;
      RA_END_ALL:               lvl_after = 2'd0;
      default:                  lvl_after = lvl;
    endcase
  assign head_after = cmd_in_batch ? regs.r[RING_HEAD_IDX] : new_head;
  logic unused_head_after;   // the wrap count and bits 1:0 are not part of the offset
  assign unused_head_after = ^{head_after[31:21], head_after[1:0]};
  assign el_dry     = el_mode && st == S_RETIRE && !cmd_err && lvl_after == 2'd0 &&
                      (!regs.r[RING_CTL_IDX][0] ||
                       head_after[HEAD_OFFSET_LSB +: HEAD_OFFSET_WIDTH] ==
                       {regs.r[RING_TAIL_IDX][TAIL_OFFSET_LSB +: TAIL_OFFSET_WIDTH], 1'b0});
  // EL-16: the retire of an executed MI_ARB_CHECK is an arbitration point; so is a response to a poll-mode
  // MI_SEMAPHORE_WAIT's read with the condition false (the wait does not retire: its DW0 is the head)
`ifdef GTREF_BUG_EL_PREEMPT_AT_BBS
  // BUG (docs/rtl-bugs.md, EL_PREEMPT_AT_BBS): the retire of an MI_BATCH_BUFFER_START is taken as an arbitration point
  // too (batch-boundary preemption), which EL-16 and E12 exclude: only MI_ARB_CHECK and an unmet poll-mode wait.
  assign el_arb_point  = st == S_RETIRE && (cmd == C_MI_ARB_CHECK || cmd == C_MI_BATCH_BUFFER_START) && !cmd_err &&
                         !cmd_nop && !cmd_priv;
`else
  assign el_arb_point  = st == S_RETIRE && cmd == C_MI_ARB_CHECK && !cmd_err && !cmd_nop && !cmd_priv;
`endif
  assign el_poll_point = st == S_RDW && rsp_valid && cmd == C_MI_SEMAPHORE_WAIT && !cmd_err && !cmd_nop && !cmd_priv &&
                         cmd_dw0[F_MI_SEMAPHORE_WAIT_POLL_LO] && !cmd_dw0[F_MI_SEMAPHORE_WAIT_REG_POLL_LO] &&
                         !poll_rsp_ok;
  gt_cs_execlist #(.ENGINE(ENGINE)) u_el (
    .clk, .rst_n, .el_mode, .load_wr(el_load_wr), .arb_wr(el_arb_wr), .arb_val(cmd_dw0[F_MI_ARB_ON_OFF_ENABLE_LO]),
    .dry_retire(el_dry), .arb_point(el_arb_point || el_poll_point), .preempt(el_preempt),
    // the level after this edge's retire; with no retire at this edge (a switch that ends with the restored context
    // dry, EL-15/EL-19) the level held, which the restore took (EL-6), not what a stale batch action would give
    .dec_lvl(st == S_RETIRE && !el_poll_point ? lvl_after : lvl), .dec_next(el_poll_point ? cmd_addr : cmd_addr + {51'd0, cmd_len, 2'd0}),
    .ret_addr(rb_ret), .lvl_now(lvl), .lvl_set(el_lvl_set), .set_lvl(el_set_lvl), .set_pp1(el_set_pp1),
    .set_pp2(el_set_pp2), .set_ret(el_set_ret), .set_head(el_set_head), .regs, .wr_pend, .wr_pend_next, .fetch_busy,
    .m_wr(el_m_wr), .m_rd(el_m_rd), .m_addr(el_m_addr), .m_wdata(el_m_wdata), .m_be(el_m_be),
    .m_rd_busy(el_m_rd_busy), .req_gnt, .rsp_valid, .rsp_data, .fault,
    .c_valid(el_c_valid), .c_idx(el_c_idx), .c_val(el_c_val), .evt(el_evt), .tlb_inv(el_tlb_inv),
    .hold(el_hold), .halted(el_halted), .load(el_load), .busy(el_busy),
    .status_lo(el_status_lo), .status_hi(el_status_hi)
  );

  // ---- MI_LOAD_REGISTER_IMM ----
  // A non-privileged MI_LOAD_REGISTER_IMM is decided before its first commit (C13): a first pass takes every pair
  // and only checks it; with every pair allowed the stream restarts at DW1 (S_LRI_RW) and a second pass commits,
  // pair by pair as a privileged LRI does; with any pair not allowed the command is a NOOP as a whole.
  assign lri_scan = cur_np && !lri_p2;

  // the target of the offset at the stream head, at its absolute offset (C38); allowed from a non-privileged
  // batch (C13)
  logic         lk_hit, lk_np_ok;
  ridx_t        lk_idx;
  assign tgt_off[TGT_LRI] = abs_off(ENGINE, dw, cmd_dw0[F_MI_LOAD_REGISTER_IMM_CS_MMIO_LO]);
  assign lk_hit   = tgt_hit[TGT_LRI];
  assign lk_idx   = tgt_idx[TGT_LRI];
  assign lk_np_ok = tgt_np_ok[TGT_LRI];

  // LRI value: the table's write rules, then the Byte Write Disables (a disabled byte keeps its old value).
  logic [31:0] lri_old, lri_rule, lri_new;
  logic [3:0]  lri_bwd;
  assign lri_old  = regs.r[lri_idx];
  assign lri_rule = reg_write(ENGINE, lri_idx, lri_old, lri_data);
  assign lri_bwd  = cmd_dw0[LRI_BWD_LSB +: 4];
  always_comb
    for (int b = 0; b < 4; b++)
      lri_new[8*b +: 8] = lri_bwd[b] ? lri_old[8*b +: 8] : lri_rule[8*b +: 8];

  // IRQ-4: a command whose event d has a bit clear in both IMR and HWSTAM (bits 15:0, as the engine holds them
  // when it executes the command) makes one more memory write: d, zero-extended, to the status-page dword
  // HWSP_ISR_OFFSET (dword 0) of HWS_PGA[31:12], after its own writes, so before its commits and its retire
  // (gt_cs_plan decides p_hsw). Only S_EXEC plans events (no command that reads memory raises one).
  logic [63:0] hsw_addr;
  assign hsw_addr = {32'd0, (regs.r[HWS_PGA_IDX] & 32'hFFFFF000) | HWSP_ISR_OFFSET};
  // the same for an illegal command's CS_MASTER_ERROR (raised when EMR[0] = 0 lets it set EIR from 0, IRQ-5: EIR
  // may hold bit 2 of an earlier privilege violation), decided when its DW0 is decoded
  logic        err_hsw, flt_hsw;
  assign err_hsw  = !regs.r[EMR_IDX][0] && regs.r[EIR_IDX] == 32'd0 &&
                    (IRQ_CS_MASTER_ERROR & ~regs.r[IMR_IDX][15:0] & ~regs.r[HWSTAM_IDX][15:0]) != 16'd0;
  // the same for a GAM fault's CS_MASTER_ERROR (EMR[4], GAM-15), decided when the writes in flight are done
  assign flt_hsw  = (regs.r[EMR_IDX] & ERR_PAGE_TABLE) == 32'd0 && regs.r[EIR_IDX] == 32'd0 &&
                    (IRQ_CS_MASTER_ERROR & ~regs.r[IMR_IDX][15:0] & ~regs.r[HWSTAM_IDX][15:0]) != 16'd0;

  // the violation's status write: CS_MASTER_ERROR is raised only when EMR[2] = 0 lets it set EIR from 0 (IRQ-5)
  logic viol_hsw;
  assign viol_hsw = (regs.r[EMR_IDX] & ERR_CP_PRIV) == 32'd0 && regs.r[EIR_IDX] == 32'd0 &&
                    (IRQ_CS_MASTER_ERROR & ~regs.r[IMR_IDX][15:0] & ~regs.r[HWSTAM_IDX][15:0]) != 16'd0;

  // ---- to the GAM ----
  assign pdp0    = {regs.r[PDP0_UDW_IDX], regs.r[PDP0_LDW_IDX]};
  assign dclv    = regs.r[PP_DCLV_IDX];
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
  assign tlb_inv = instpm_inv || el_tlb_inv ||
                   (st == S_RETIRE && !cmd_err && !cmd_nop && !cmd_priv &&
                    ((cmd == C_MI_FLUSH_DW && cmd_dw0[F_MI_FLUSH_DW_TLB_INVALIDATE_LO]) ||
                     (cmd == C_PIPE_CONTROL && a[1][F_PIPE_CONTROL_TLB_INVALIDATE_LO - 32])));


  // ---- the error of an ending command: an illegal command's bit 0 (IRQ-5), a GAM fault's page-table bit 4
  //      (GAM-15, BYT-REG L2422), a privilege violation's CP_PRIV bit 2 (C41), each masked by its own EMR bit.
  //      ESR and EIR are committed only if they change; CS_MASTER_ERROR is raised at the retire iff EIR is set
  //      from 0 (IRQ-5: the rising edge of the OR of the EIR bits) ----
  logic [31:0] err_bit, esr_new, eir_new;
  logic        err_masked, err_evt, err_end;
  assign err_end    = cmd_err || cmd_priv;     // the command ends through S_ESR (and the EIR commit at its retire)
  assign err_bit    = cmd_flt ? ERR_PAGE_TABLE : cmd_priv ? ERR_CP_PRIV : ERR_INSTRUCTION;
  assign err_masked = (regs.r[EMR_IDX] & err_bit) != 32'd0;
  assign esr_new    = regs.r[ESR_IDX] | err_bit;
`ifdef GTREF_BUG_CP_PRIV_NO_EIR
  // BUG (docs/rtl-bugs.md, CP_PRIV_NO_EIR): the EIR update still tests the illegal/fault flag only, so a privilege
  // violation commits ESR bit 2 but never sets EIR bit 2 (and raises no CS_MASTER_ERROR).
  assign eir_new    = cmd_err ? regs.r[EIR_IDX] | err_bit : regs.r[EIR_IDX];
`else
  assign eir_new    = regs.r[EIR_IDX] | err_bit;
`endif
  assign err_evt    = !err_masked && regs.r[EIR_IDX] == 32'd0 && eir_new != 32'd0;

  // ---- engine-side register commit of this cycle (at most one, commit rule 3) ----
  logic cm_go;   // the plan's and LRI's commits may be made in this cycle
`ifdef GTREF_VARIANT_COMMIT_BUBBLE
  // Legal variant (docs/rtl-variants.md): a bubble before each LRI or plan commit (S_LRI_COMMIT and S_CQ last two
  // cycles each, the commit in the second): commit rule 4 only bounds a command's commits by the retires.
  always_ff @(posedge clk) begin
    if (!rst_n) cm_go <= 1'b0;
    else        cm_go <= (st == S_LRI_COMMIT || st == S_CQ) && !cm_go;
  end
`else
  assign cm_go = 1'b1;
`endif
  always_comb begin
    c_valid = 1'b0;
    c_idx   = '0;
    c_val   = '0;
    case (st)
      S_LRI_COMMIT: begin                  // one LRI register per cycle, in order
        c_valid = cm_go;
        c_idx   = lri_idx;
        c_val   = lri_new;
      end
      S_MST0, S_MST1: begin                // MI_MATH STORE: low then high dword, each only if it changes
        c_idx   = mst_idx;
        c_val   = st == S_MST1 ? mst_val[63:32] : mst_val[31:0];
        c_valid = regs.r[mst_idx] != c_val;
      end
      S_CQ: begin                          // the plan's commits, in order
        c_idx   = cq_idx[cq_i];
        c_val   = cq_val[cq_i];
        c_valid = cm_go && (!cq_chg[cq_i] || regs.r[cq_idx[cq_i]] != cq_val[cq_i]);
      end
      S_ERR: begin                         // illegal command (IRQ-5): IPEHR := its DW0 first
        c_valid = 1'b1;
        c_idx   = ridx_t'(IPEHR_IDX);
        c_val   = cmd_dw0;
      end
      S_ESR: begin                         //                           then ESR bit 0 (a GAM fault: bit 4, a
        c_idx   = ridx_t'(ESR_IDX);        //                           privilege violation: bit 2), if it changes
        c_val   = esr_new;
        c_valid = esr_new != regs.r[ESR_IDX];
      end
      S_RETIRE:
        if (err_end) begin
          if (!err_masked) begin           // then EIR bit 0 (4, 2) unless masked by EMR[0] (EMR[4], EMR[2]), if it
            c_idx   = ridx_t'(EIR_IDX);    // changes; RING_HEAD stays (a violation is never a ring command: the
            c_val   = eir_new;             // ring is privileged)
            c_valid = eir_new != regs.r[EIR_IDX];
          end
        end else if (!cmd_in_batch) begin  // ring commands commit RING_HEAD in their retire cycle (last)
          c_valid = 1'b1;
          c_idx   = ridx_t'(RING_HEAD_IDX);
          c_val   = new_head;
        end
      default: ;
    endcase
    if (el_c_valid) begin                  // a switch's commit (docs/execlists.md): the parser is held meanwhile
      c_valid = 1'b1;
      c_idx   = el_c_idx;
      c_val   = el_c_val;
    end
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
    evt_bits = evt_bits | el_evt;                              // CONTEXT_SWITCH (EL-24), a broken image's error
  end
  assign evt_valid = evt_bits != 16'd0;

  // IMR at the end of this cycle (IRQ-3): the engine's commit wins over a host write of the same cycle (§8).
  logic [31:0] imr_end;
`ifdef GTREF_BUG_IRQ_IMR_SAME_CYCLE
  // BUG (docs/rtl-bugs.md, IRQ_IMR_SAME_CYCLE): the IMR gate takes IMR before the cycle's host write (the engine's
  // own commit still counts), so a host IMR write acts one cycle late on an event of its cycle.
  assign imr_end = (c_valid && c_idx == ridx_t'(IMR_IDX)) ? c_val : regs.r[IMR_IDX];
  logic unused_host_new;
  assign unused_host_new = ^host_new;
`else
  assign imr_end = (c_valid && c_idx == ridx_t'(IMR_IDX)) ? c_val : host_we[IMR_IDX] ? host_new : regs.r[IMR_IDX];
`endif
  assign evt_imr = imr_end[15:0];
  logic unused_imr_hi;   // IMR[31:16] is storage (IRQ-3, I21)
  assign unused_imr_hi = ^imr_end[31:16];


  // ---- the watchdog, on an engine that has PR_CTR_CTL and PR_CTR_THRSH ----
  if (reg_present(ENGINE, ridx_t'(PR_CTR_CTL_IDX)) && reg_present(ENGINE, ridx_t'(PR_CTR_THRSH_IDX))) begin : g_wdog
    gt_cs_watchdog u_wdog (
      .clk, .rst_n, .ctl(regs.r[PR_CTR_CTL_IDX]), .thr(regs.r[PR_CTR_THRSH_IDX]),
      .ctl_eng(c_valid && c_idx == ridx_t'(PR_CTR_CTL_IDX)), .ctl_eng_val(c_val),
      .ctl_host(host_we[PR_CTR_CTL_IDX]), .ctl_host_val(host_new), .wd_fire
    );
  end else begin : g_no_wdog
    assign wd_fire = 1'b0;
  end

  // ---- GAM faults (GAM-15, hang mode) ----
  // need_flt (gt_cs_ring_batch): the parser needs the dword at the stream head and it lies in a faulted line.
  // The command it is parsing ends: its DW0 and address if DW0 was delivered, else DW0 0 at the dword's address.
  logic flt_sw;   // the fault's status write has been made (never twice)

  // A privilege violation starts (C41): nothing of the command's plan; the status write first if CS_MASTER_ERROR is
  // raised and let through (IRQ-4), then S_ESR (ESR bit 2), then the retire (EIR bit 2), as an illegal command but
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
      mst_n        <= '0;
      mst_val      <= '0;
    end else begin
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
          cmd_head     <= regs.r[RING_HEAD_IDX];
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
            cmd_head     <= regs.r[RING_HEAD_IDX];
            cmd          <= d_cmd;
            cmd_len      <= d_len[10:0];
            cmd_err      <= !d_legal;
            cmd_nop      <= d_nop;                  // MI_SET_PREDICATE: a NOOP of its length
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
            else if (!in_batch && !new_fits) st <= S_WAIT;
            else st <= dispatch(d_cmd, d_len[10:0], d_nop);
          end
        S_WAIT:
          // contract §4: executed only when all of its dwords lie before TAIL; waiting is not an error
          if (!ring_go) st <= S_DW0;       // ring disabled or emptied meanwhile: start over at HEAD
          else if (cmd_fits) st <= dispatch(cmd, cmd_len, cmd_nop);
        S_ARGS:
          if (pop) begin
            if (argn <= 11'd10) a[argn[3:0]] <= dw;  // later dwords: commands the RTL executes as NOOPs
            argn <= argn + 11'd1;
            if (argn == cmd_len - 11'd1) st <= S_EXEC;
          end
        S_LRI_OFF:
          if (pop) begin
            lri_hit <= lk_hit && !lri_scan;
            lri_idx <= lk_idx;
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
              end else st <= lri_scan ? S_LRI_RW : S_TO_RETIRE;
            end
            else st <= S_LRI_OFF;
          end
        S_LRI_RW: begin                    // the stream restarts at DW1 (redir): commit pass
          lri_p2   <= 1'b1;
          lri_left <= cmd_len[8:1];
          st       <= S_LRI_OFF;
        end
        S_LRI_COMMIT:
          if (cm_go) st <= (lri_left == 8'd0) ? S_TO_RETIRE : S_LRI_OFF;
        S_MATH:
          if (pop) begin                   // the ALU (gt_cs_alu) executes the instruction at this edge
            math_left <= math_left - 9'd1;
`ifdef GTREF_BUG_ENG_MATH_LAST_STORE
            // BUG (docs/rtl-bugs.md, ENG_MATH_LAST_STORE): the end of the command is tested before the STORE, so a
            // STORE/STOREINV in the last ALU dword executes but is never committed: the command retires at once.
            if (math_left == 9'd1) st <= S_TO_RETIRE;
            else if (alu_store) begin
              mst_n   <= alu_store_n;
              mst_val <= alu_store_val;
              st      <= S_MST0;
            end
`else
            if (alu_store) begin
              mst_n   <= alu_store_n;
              mst_val <= alu_store_val;
              st      <= S_MST0;
            end else if (math_left == 9'd1) st <= S_TO_RETIRE;
`endif
          end
        S_MST0:
          st <= S_MST1;
        S_MST1:
          st <= (math_left == 9'd0) ? S_TO_RETIRE : S_MATH;
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
`ifdef GTREF_BUG_SEM_NO_REREAD
            // BUG (docs/rtl-bugs.md, SEM_NO_REREAD): a signal-mode wait whose read answers unmet while its flag is
            // already set (a signal arrived while the read was outstanding) takes the signal as the release and
            // retires without reading SAD again.
            st <= (p_next == S_SIGW && sig_pend) ? S_RETIRE : p_next;
`else
            st <= p_next;
`endif
          end
        S_RDQ:
          if (req_gnt && dr_req) st <= S_RDW;
        S_RPOLL:
          // C33: the register is compared every cycle; the wait retires once the condition holds
          if (rp_ok) st <= S_TO_RETIRE;
        S_SIGW:
          // C32, C32a: one read of SAD per take of the flag: read again; the flag clears when that read is granted
          if (sig_pend) st <= S_RDQ;
        S_RDW:
          if (rsp_valid) begin
            rd_q <= rsp_data[64 * dr_addr[5:3] +: 64];
            st   <= el_preempt ? S_DW0 : S_RDX;   // preempted at a poll response: the wait is left unretired (EL-16)
          end
        S_MW:
          if (req_gnt && mw_req) begin               // the grant is the write's (a legal variant may not request in
                                                     // every S_MW cycle: a fetch read may take the port meanwhile)
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
                                          (cq_n != 2'd0) ? S_CQ : S_TO_RETIRE;
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
        S_CQ:
          if (cm_go) begin
            cq_i <= cq_i + 2'd1;
            if (cq_i == cq_n - 2'd1) st <= S_TO_RETIRE;
          end
        S_ERR:
          st <= S_ESR;
        S_ESR:
          st <= S_TO_RETIRE;
        S_LATE:
          st <= S_RETIRE;
        S_RETIRE:
`ifdef GTREF_BUG_CP_PRIV_HALTS
          // BUG (docs/rtl-bugs.md, CP_PRIV_HALTS): a privilege violation stops the engine as an illegal command does.
          if (cmd_err || cmd_priv) begin
`elsif GTREF_BUG_ENG_FAULT_NO_HALT
          // BUG (docs/rtl-bugs.md, ENG_FAULT_NO_HALT): only an illegal command halts; a command ended by a hang-mode
          // GAM fault (GAM-15: "ends as an illegal command ends") retires with its error and the engine goes on.
          if (cmd_err && !cmd_flt) begin
`else
          if (cmd_err) begin               // (a privilege violation does not halt, C41: ra is RA_NONE)
`endif
            halted <= 1'b1;                // probe_halted stays high until reset
            st     <= S_HALT;
          end else st <= S_DW0;            // the batch level follows ra (gt_cs_ring_batch)
        S_HALT: ;
        default: st <= S_HALT;
      endcase
    end
  end

`undef GT_VIOLATION

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
  assign probe_halted       = halted || el_halted;
  // contract §4: not executing (ring disabled or empty, not in a batch) and no memory request outstanding
  // EL-30: in execlist mode also no valid slot and no switch in flight
  assign probe_idle         = st == S_DW0 && !in_batch && !ring_go && !fetch_busy && wr_pend == 2'd0 && !el_busy;

`ifndef GTREF_DEBUG_TRACE
  logic unused_trace;   // what only the debug trace shows
  assign unused_trace = ^{mw_req, w_addr, w_data, w_be, sig_clr, el_load};
`else
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
