// gt_cs_plan: the plan of a command of one command streamer, once all its dwords are taken (S_EXEC) and again once
// its data read is back (S_RDX) (docs/commands.md): its memory writes, its data read, its register commits (at most
// three, each if the value changes where the spec says so), its batch action at the retire, its interrupt event,
// whether it waits (semaphores), whether it is a privilege violation (C41), and the parser's next state. Order
// inside one command (commands.md §4): memory writes, then register commits, then the retire; RING_HEAD (a ring
// command's) is committed in the retire cycle, so it is the last commit.
module gt_cs_plan import gtref_pkg::*, gt_cs_pkg::*; #(
  parameter int ENGINE = 0
) (
  input  state_t       st,            // the parser's state (S_EXEC, S_RDX plan)
  // the command in flight
  input  cmd_t         cmd,
  input  logic [31:0]  cmd_dw0,
  input  logic [10:0]  cmd_len,
  input  logic [1:0]   cmd_lvl,
  input  logic         cmd_nop,
  input  logic [31:0]  a1, a2, a3, a4, a5,   // DW1..DW5
  input  logic         cur_pp,        // the effective PPGTT bit of its level (C10, C16)
  input  logic         cur_np,        // it is non-privileged (C13)
  // the registers as held in this cycle
  gt_cs_regs_if        regs,          // the registers (regs.r)
  // register lookups (gt_cs_regfile): LRR/LRM destinations, LRR/SRM sources
  output logic [31:0]  lrr_dst,       // absolute offsets (C38)
  output logic [31:0]  lrm_dst,
  output logic [31:0]  lrr_src_off,
  output logic [31:0]  srm_src_off,
  input  logic         lrr_hit,       //   a register the command may write
  input  ridx_t        lrr_idx,
  input  logic         lrr_np_ok,     //   allowed as far as privilege goes
  input  logic         lrm_hit,
  input  ridx_t        lrm_idx,
  input  logic         lrm_np_ok,
  input  logic [31:0]  lrr_src,       //   the source's value
  input  logic [31:0]  srm_src,
  // the data read and the units' results
  input  logic [63:0]  dr_addr,       // the data read's address and address space
  input  logic         dr_gg,
  input  logic [63:0]  rd_q,          //   the qword read
  input  logic [31:0]  rd_dw,         //   the dword at dr_addr
  input  logic         at_ok,         // MI_ATOMIC (gt_cs_mem)
  input  logic         at_qw,
  input  logic [63:0]  at_old,
  input  logic [63:0]  at_new,
  input  logic         sem_ok,        // MI_SEMAPHORE_WAIT's condition (gt_cs_semaphore): on the dword read
  input  logic         rp_ok,         //   on the register (Register Poll Mode)
  // the plan
  output logic [63:0]  p_rd_addr,     // the data read (its address and space)
  output logic         p_rd_gg,
  output logic         p_wr,          // memory writes
  output logic [63:0]  p_ws_addr,
  output logic [31:0]  p_ws_lo,
  output logic [31:0]  p_ws_hi,
  output logic         p_ws_qw,
  output logic         p_ws_2d,
  output logic         p_ws_gg,
  output logic [1:0]   p_cq_n,        // register commits
  output ridx_t        p_cq_idx [3],
  output logic [31:0]  p_cq_val [3],
  output logic [2:0]   p_cq_chg,
  output ra_t          p_ra,          // the batch action at the retire
  output logic [63:0]  p_bb_tgt,
  output logic         p_bb_np,
  output logic [15:0]  p_evt,         // interrupt bits raised at the retire
  output logic         p_sp_set,      // MI_SET_PREDICATE sets the mode
  output logic         p_hsw,         // the HWSTAM status write (IRQ-4)
  output logic         p_viol,        // a privilege violation (C41)
  output state_t       p_next         // the parser's next state
);
  logic        p_rd;          // a data read
  logic        p_sigw;        // signal-mode MI_SEMAPHORE_WAIT unmet: wait for a signal (S_SIGW)
  logic        p_rpoll;       // register-poll MI_SEMAPHORE_WAIT unmet: poll the register (S_RPOLL)
  logic        pred;          // MI_PREDICATE_RESULT bit 0
  logic        pred1;         // MI_PREDICATE_RESULT_1 bit 0 (predicated MI_BATCH_BUFFER_START, C17)
  logic [31:0] hws;           // HWS_PGA
  logic [63:0] pr_src0, pr_src1, pr_data;
  logic        pr_val, pr_l, pr_new;
  logic [31:0] cbbe_val;      // MI_CONDITIONAL_BATCH_BUFFER_END: the value compared with Compare Data (C26)
  assign pred    = regs.r[MI_PREDICATE_RESULT_IDX][0];
`ifdef GTREF_BUG_PRED_BBS_RESULT0
  // BUG (docs/rtl-bugs.md, PRED_BBS_RESULT0): the predicated batch start tests MI_PREDICATE_RESULT (0x418).
  assign pred1   = regs.r[MI_PREDICATE_RESULT_IDX][0];
`else
  assign pred1   = regs.r[MI_PREDICATE_RESULT_1_IDX][0];
`endif
  assign hws     = regs.r[HWS_PGA_IDX];
  assign pr_src0 = {regs.r[MI_PREDICATE_SRC0_UDW_IDX], regs.r[MI_PREDICATE_SRC0_IDX]};
  assign pr_src1 = {regs.r[MI_PREDICATE_SRC1_UDW_IDX], regs.r[MI_PREDICATE_SRC1_IDX]};
  assign pr_data = {regs.r[MI_PREDICATE_DATA_UDW_IDX], regs.r[MI_PREDICATE_DATA_IDX]};
  // register offsets, absolute after Add CS MMIO Start Offset (C38): LRR source DW0[18], destination DW0[19]
  assign lrr_dst = abs_off(ENGINE, a2, cmd_dw0[F_MI_LOAD_REGISTER_REG_CS_MMIO_DST_LO]);               // dst DW2[22:2]
`ifdef GTREF_BUG_LRR_CS_MMIO_SRC
  // BUG (docs/rtl-bugs.md, LRR_CS_MMIO_SRC): the source takes the destination's bit (DW0[19]), not DW0[18].
  assign lrr_src_off = abs_off(ENGINE, a1, cmd_dw0[F_MI_LOAD_REGISTER_REG_CS_MMIO_DST_LO]);
`else
  assign lrr_src_off = abs_off(ENGINE, a1, cmd_dw0[F_MI_LOAD_REGISTER_REG_CS_MMIO_SRC_LO]);           // src DW1[22:2]
`endif
  assign lrm_dst     = abs_off(ENGINE, a1, cmd_dw0[F_MI_LOAD_REGISTER_MEM_CS_MMIO_LO]);              // reg DW1[22:2]
  assign srm_src_off = abs_off(ENGINE, a1, cmd_dw0[F_MI_STORE_REGISTER_MEM_CS_MMIO_LO]);             // reg DW1[22:2]
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
    p_bb_tgt  = {a2, a1[31:2], 2'd0};         // BBS address bits [63:2] (C5)
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
            p_ws_addr = {16'd0, a2[15:0], a1[31:2], 2'd0};
            p_ws_lo   = a3;
            p_ws_hi   = a4;
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
            p_ws_addr = {32'd0, hws[31:12], a1[11:2], 2'd0};
            p_ws_lo   = a2;
            p_ws_hi   = a3;
            p_ws_qw   = cmd_len == 11'd4;
          end
        C_MI_STORE_REGISTER_MEM:
          if (!cmd_dw0[F_MI_STORE_REGISTER_MEM_PREDICATE_LO] || pred) begin
            p_wr      = 1'b1;
            p_ws_addr = {a3, a2[31:2], 2'd0};
            p_ws_lo   = srm_src;
            p_ws_gg   = cmd_dw0[F_MI_STORE_REGISTER_MEM_GGTT_LO];
          end
        C_MI_REPORT_HEAD: begin                         // RING_HEAD to status-page dword 4 (C20)
          p_wr      = 1'b1;
          p_ws_addr = {32'd0, hws + 32'h10};
          p_ws_lo   = regs.r[RING_HEAD_IDX];
        end
        C_MI_LOAD_REGISTER_REG:
          if (lrr_hit) begin
            p_cq_n      = 2'd1;
            p_cq_idx[0] = lrr_idx;
            p_cq_val[0] = reg_write(ENGINE, lrr_idx, regs.r[lrr_idx], lrr_src);
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
            p_ws_addr = cmd_dw0[F_MI_FLUSH_DW_STORE_INDEX_LO] ? {32'd0, hws[31:12], a1[11:3], 3'd0}
                                                              : {16'd0, a2[15:0], a1[31:3], 3'd0};
            p_ws_lo   = a3;
            p_ws_hi   = a4;
            p_ws_qw   = cmd_len == 11'd5;
            p_ws_gg   = cmd_dw0[F_MI_FLUSH_DW_STORE_INDEX_LO] || a1[F_MI_FLUSH_DW_GGTT_LO - 32];
          end
          if (cmd_dw0[F_MI_FLUSH_DW_NOTIFY_LO]) p_evt = IRQ_PIPECTL_NOTIFY;
        end
        C_PIPE_CONTROL:                                 // C25; lri_post_sync: unimplemented
          if (!a1[F_PIPE_CONTROL_LRI_POST_SYNC_LO - 32]) begin
            if (a1[F_PIPE_CONTROL_POST_SYNC_HI - 32:F_PIPE_CONTROL_POST_SYNC_LO - 32] == 2'd1) begin
              p_wr      = 1'b1;
              p_ws_addr = a1[F_PIPE_CONTROL_STORE_INDEX_LO - 32] ? {32'd0, hws + {20'd0, a2[11:2], 2'd0}}
                                                                   : {16'd0, a3[15:0], a2[31:2], 2'd0};
              p_ws_lo   = a4;
              p_ws_hi   = a5;
              p_ws_qw   = 1'b1;
              p_ws_gg   = a1[F_PIPE_CONTROL_STORE_INDEX_LO - 32] || a1[F_PIPE_CONTROL_GGTT_LO - 32];
            end
            if (a1[F_PIPE_CONTROL_NOTIFY_LO - 32]) p_evt = IRQ_PIPECTL_NOTIFY;
          end
        // ---- commands that read memory (§5): request the read ----
        C_MI_LOAD_REGISTER_MEM: begin
          p_rd      = 1'b1;
          p_rd_addr = {a3, a2[31:2], 2'd0};
          p_rd_gg   = cmd_dw0[F_MI_LOAD_REGISTER_MEM_GGTT_LO];
        end
        C_MI_COPY_MEM_MEM: begin
          p_rd      = 1'b1;
          p_rd_addr = {a4, a3[31:2], 2'd0};
          p_rd_gg   = cmd_dw0[F_MI_COPY_MEM_MEM_GGTT_SRC_LO];
        end
        C_MI_CONDITIONAL_BATCH_BUFFER_END:              // in the ring, or Compare Semaphore 0: a NOOP (no read);
          if (cmd_lvl != 2'd0 && cmd_dw0[F_MI_CONDITIONAL_BATCH_BUFFER_END_SEMAPHORE_LO]) begin  // C26
            // the dword at Compare Address, or with Compare Mask Mode the qword there: one read either way
            p_rd      = 1'b1;
            p_rd_addr = {a3, a2[31:3], 3'd0};
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
            p_rd_addr = {a3, a2[31:2], 2'd0};
            p_rd_gg   = cmd_dw0[F_MI_SEMAPHORE_WAIT_GGTT_LO];
          end
        C_MI_ATOMIC:
          if (at_ok) begin
            p_rd      = 1'b1;
            p_rd_addr = {16'd0, a2[15:0], a1[31:2], 2'd0};
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
          if (lrm_hit) begin
            p_cq_n      = 2'd1;
            p_cq_idx[0] = lrm_idx;
            p_cq_val[0] = reg_write(ENGINE, lrm_idx, regs.r[lrm_idx], rd_dw);
          end
        C_MI_COPY_MEM_MEM: begin
          p_wr      = 1'b1;
          p_ws_addr = {a2, a1[31:2], 2'd0};
          p_ws_lo   = rd_dw;
          p_ws_gg   = cmd_dw0[F_MI_COPY_MEM_MEM_GGTT_DST_LO];
        end
        C_MI_CONDITIONAL_BATCH_BUFFER_END:              // ends the batch when the value <= data (C26): a
          if (cbbe_val <= a1)                         // second level ends both levels, back to the ring
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
  assign p_hsw    = st == S_EXEC && (p_evt & ~regs.r[IMR_IDX][15:0] & ~regs.r[HWSTAM_IDX][15:0]) != 16'd0;

  // ---- privilege violations (C41), decided when the command's dwords are all taken, before any access ----
  // From a non-privileged batch (cur_np): a command that selects GGTT for a memory access (G1), and an LRR/LRM
  // whose destination is not allowed (C13; an LRI is decided by its check pass, S_LRI_DATA). The command is then a
  // NOOP (no memory read or write, no register write, no event of its own): the HWSTAM status write if
  // CS_MASTER_ERROR is raised and let through (IRQ-4), ESR |= 4, EIR |= 4 unless EMR[2] (each only if it changes),
  // the retire, and the engine goes on. Not violations: the status-page forms (MI_STORE_DATA_INDEX,
  // MI_REPORT_HEAD, store_index), a register-poll wait (its ggtt is ignored), a CBBE without Compare Semaphore.
  // The command's bits decide (a predicated MI_STORE_REGISTER_MEM with GGTT is a violation whatever the predicate).
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
        C_MI_LOAD_REGISTER_MEM:  p_viol = cmd_dw0[F_MI_LOAD_REGISTER_MEM_GGTT_LO] || !lrm_np_ok;
        C_MI_LOAD_REGISTER_REG:  p_viol = !lrr_np_ok;
        C_MI_COPY_MEM_MEM:       p_viol = cmd_dw0[F_MI_COPY_MEM_MEM_GGTT_SRC_LO] || cmd_dw0[F_MI_COPY_MEM_MEM_GGTT_DST_LO];
        C_MI_ATOMIC:             p_viol = cmd_dw0[F_MI_ATOMIC_GGTT_LO];
        C_MI_SEMAPHORE_WAIT:     p_viol = cmd_dw0[F_MI_SEMAPHORE_WAIT_GGTT_LO] && !cmd_dw0[F_MI_SEMAPHORE_WAIT_REG_POLL_LO];
        C_MI_CONDITIONAL_BATCH_BUFFER_END:
                                 p_viol = cmd_dw0[F_MI_CONDITIONAL_BATCH_BUFFER_END_GGTT_LO] &&
                                          cmd_dw0[F_MI_CONDITIONAL_BATCH_BUFFER_END_SEMAPHORE_LO];
        C_MI_FLUSH_DW:           p_viol = cmd_dw0[F_MI_FLUSH_DW_POST_SYNC_HI:F_MI_FLUSH_DW_POST_SYNC_LO] == 2'd1 &&
                                          !cmd_dw0[F_MI_FLUSH_DW_STORE_INDEX_LO] && a1[F_MI_FLUSH_DW_GGTT_LO - 32];
        C_PIPE_CONTROL:          p_viol = a1[F_PIPE_CONTROL_POST_SYNC_HI - 32:F_PIPE_CONTROL_POST_SYNC_LO - 32] == 2'd1 &&
                                          !a1[F_PIPE_CONTROL_STORE_INDEX_LO - 32] && a1[F_PIPE_CONTROL_GGTT_LO - 32];
        default: ;
      endcase
  end

  // what a bug build leaves unused
`ifdef GTREF_BUG_ATOMIC_RETURN
  logic unused_at_old;
  assign unused_at_old = ^at_old;
`endif
`ifdef GTREF_BUG_CBBE_MASK_IGNORED
  logic unused_cbbe_mask;
  assign unused_cbbe_mask = ^rd_q[31:0];
`endif
`ifdef GTREF_BUG_SEM_REG_POLL_MEM
  logic unused_rp_ok;
  assign unused_rp_ok = rp_ok;
`endif

  assign p_next = p_rpoll ? S_RPOLL : p_sigw ? S_SIGW : p_rd ? S_RDQ : (p_wr || p_hsw) ? S_MW : p_cq_n != 2'd0 ? S_CQ : S_TO_RETIRE;
endmodule
