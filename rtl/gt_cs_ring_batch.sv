// gt_cs_ring_batch: ring and batch control of one command streamer (docs/cycle-contract.md §4, docs/commands.md §3).
//
//   ring          the ring's geometry from RING_START/CTL/HEAD/TAIL (BYT-REG digest §2.1), whether the engine
//                 executes from it (enabled, HEAD != TAIL, not in a batch), whether a command lies wholly before
//                 TAIL, and RING_HEAD after a ring command (the wrap count increments when the offset wraps).
//   batch levels  the level (0 ring, 1 first, 2 second), the second level's return address, each level's effective
//                 PPGTT bit (C10, C16): its fetch's address space (G1, GAM-2) and its privilege (C13). They change
//                 at a retire by the batch action of the command (ra).
//   stream        which dword the parser takes (pop), where the stream restarts (redir: the ring at HEAD, a batch,
//                 the second level's return, a non-privileged LRI's second pass), and whether the parser needs a
//                 dword that lies in a faulted line (GAM-15).
module gt_cs_ring_batch import gtref_pkg::*, gt_cs_pkg::*; (
  input  logic         clk,
  input  logic         rst_n,
  input  state_t       st,            // the parser's state
  input  logic         hold,          // execlist mode with no context to execute (docs/execlists.md EL-1, EL-14)
  input  logic         el_lvl_set,    // a context restore ends: take this level and batch state (EL-6)
  input  logic [1:0]   el_set_lvl,
  input  logic         el_set_pp1,
  input  logic         el_set_pp2,
  input  logic [63:0]  el_set_ret,
  input  logic [63:0]  el_set_head,   //   the batch head the stream resumes at (level 1 or 2)
  output logic [63:0]  ret,           // the second level's return address (a save at level 2, EL-6)
  // ring registers, as the register file holds them
  input  logic [31:0]  r_start,       // RING_START
  input  logic [31:0]  r_ctl,         // RING_CTL
  input  logic [31:0]  r_head,        // RING_HEAD
  input  logic [31:0]  r_tail,        // RING_TAIL
  // the dword stream (gt_cmd_fetch)
  input  logic         dw_valid,
  input  logic         dw_flt,
  input  logic [63:0]  dw_addr,
  input  logic         s_ring,
  input  logic [31:0]  d_len,         // length of the command whose DW0 is at the stream head (gt_cs_decode)
  // the command in flight
  input  logic [63:0]  cmd_addr,
  input  logic [10:0]  cmd_len,
  input  logic [31:0]  cmd_head,      // RING_HEAD when it started
  input  logic [1:0]   cmd_lvl,       // its level
  input  logic         cmd_err,       // it ends as an illegal command (or a fault)
  input  ra_t          ra,            // its batch action at the retire
  input  logic [63:0]  bb_tgt,        // MI_BATCH_BUFFER_START target
  input  logic         bb_np,         //   the started batch's effective PPGTT bit
  // to gt_cmd_fetch
  output logic [31:0]  ring_start,
  output logic [21:0]  ring_size,
  output logic [21:0]  head_off,
  output logic [21:0]  ring_avail,
  output logic         ring_en,
  output logic         in_batch,
  output logic         pop,
  output logic         redir,
  output logic [63:0]  redir_addr,
  output logic         redir_ring,
  // to the parser
  output logic         ring_go,       // execute from the ring
  output logic         new_fits,      // the command at the stream head lies wholly before TAIL
  output logic         cmd_fits,      // the command in flight does
  output logic [31:0]  new_head,      // RING_HEAD after the ring command in flight
  output logic         need_flt,      // the parser needs a dword of a faulted line (GAM-15)
  output logic [1:0]   lvl,           // the current level
  output logic         cur_pp,        // the effective PPGTT bit of the command's level (0 in the ring)
  output logic         cur_np,        // the command is non-privileged (C13)
  output logic         f_pp           // the effective PPGTT bit of the level the fetch reads
);
  // Ring registers (BYT-REG digest §2.1): START [31:12], CTL length (CTL_LEN, pages - 1) and enable (CTL_ENABLE),
  // HEAD wrap count [31:21] (HEAD_WRAP) and offset (HEAD_OFFSET), TAIL offset (TAIL_OFFSET): gtref_pkg's field
  // constants. gt_pkg_check checks the positions the widths below and the head update assume.
  logic [21:0] tail_off;
  assign ring_start = {r_start[31:12], 12'd0};
`ifdef GTREF_BUG_RING_LEN_8BIT
  // BUG (docs/rtl-bugs.md, RING_LEN_8BIT): the length field's top bit, RING_CTL[20], is dropped: a ring of 257..512
  // pages is taken as 256 pages shorter.
  assign ring_size  = {{2'b0, r_ctl[CTL_LEN_LSB +: CTL_LEN_WIDTH - 1]} + 10'd1, 12'd0};
`else
  assign ring_size  = {{1'b0, r_ctl[CTL_LEN_LSB +: CTL_LEN_WIDTH]} + 10'd1, 12'd0};
`endif
  // execlist mode: the ring runs only for the active context, between switches; while held the ring stream is
  // kept at HEAD (restarted every cycle), so a restored ring is fetched anew, and nothing is popped
  assign ring_en    = (r_ctl & CTL_ENABLE) != 32'd0 && !hold;
  assign head_off   = {1'b0, r_head[HEAD_OFFSET_LSB +: HEAD_OFFSET_WIDTH], 2'd0};
  assign tail_off   = {1'b0, r_tail[TAIL_OFFSET_LSB +: TAIL_OFFSET_WIDTH], 3'd0};
  // Bytes from HEAD to TAIL, circularly; 0 when the ring is empty.
  assign ring_avail = (tail_off >= head_off) ? tail_off - head_off : tail_off + ring_size - head_off;

  // ---- batch state ----
  logic [63:0] ret_addr;       // second-level return address
  logic        bb1_pp, bb2_pp; // the effective PPGTT bit of the first / second level (C10, C16): the starting
                               // MI_BATCH_BUFFER_START's own ppgtt bit OR the effective bit of the batch holding it
                               // (0 from the ring). It is the batch fetch's address space (G1, GAM-2), the level's
                               // privilege (1: non-privileged, C13) and BB_STATE / SBB_STATE bit 5
  assign in_batch = lvl != 2'd0;
  assign ret      = ret_addr;
  assign f_pp     = lvl == 2'd2 ? bb2_pp : bb1_pp;

  // ---- ring position ----
  logic [63:0] ring_dw_addr;  // graphics address of the dword at HEAD
  logic        at_ring_pos;   // the stream stands at HEAD
  logic [12:0] need_new, need_cmd;
  assign ring_go      = !in_batch && ring_en && head_off != tail_off;
  assign ring_dw_addr = {32'd0, ring_start} + {42'd0, head_off};
  assign at_ring_pos  = s_ring && dw_addr == ring_dw_addr;
  assign need_new     = {d_len[10:0], 2'd0};  // bytes of the command whose DW0 is at the stream head
  assign need_cmd     = {cmd_len, 2'd0};      // bytes of the command being decoded
  assign new_fits     = {9'd0, need_new} <= ring_avail;
  assign cmd_fits     = {9'd0, need_cmd} <= ring_avail;
  logic unused_bits;    // legal lengths are at most 1025 dwords (MI_CLFLUSH); the ring registers' other fields
  assign unused_bits = ^{d_len[31:11], r_start[11:0], r_head[31:21], r_head[1:0], r_tail[31:21], r_tail[2:0]};

  // The effective PPGTT bit of the batch level the command is in (C10, C16; 0 in the ring), and the command's
  // privilege: a batch whose effective bit is 1 is non-privileged; ring commands and GGTT batches are privileged.
  assign cur_pp = cmd_lvl == 2'd1 ? bb1_pp : cmd_lvl == 2'd2 ? bb2_pp : 1'b0;
`ifdef GTREF_BUG_PRIV_BYPASS
  // BUG (docs/rtl-bugs.md, PRIV_BYPASS): a second-level batch is taken as privileged whatever its effective bit,
  // so it may write any register.
  assign cur_np = cmd_lvl == 2'd1 && cur_pp;
`else
  assign cur_np = cur_pp;
`endif

  // ---- RING_HEAD after a ring command: offset of the next dword; the wrap count increments when the
  //      offset wraps (contract §4) ----
  logic [21:0] nh_sum, nh_off;
  logic        nh_wrapped;
  logic [10:0] nh_wrap;
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

  // Second-level return address: the dword after the MI_BATCH_BUFFER_START (3 dwords).
  logic [63:0] sbb_ret;
`ifdef GTREF_BUG_SBB_RETURN
  // BUG (docs/rtl-bugs.md, SBB_RETURN): the return address assumes a 2-dword MI_BATCH_BUFFER_START (the
  // Gen7 layout), so the first level resumes on the start command's last dword (the address high dword).
  assign sbb_ret = cmd_addr + 64'd8;
`else
  assign sbb_ret = cmd_addr + {51'd0, cmd_len, 2'd0};
`endif

  // ---- the levels change at a retire (not of an illegal command: the engine halts) ----
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      lvl      <= 2'd0;
      ret_addr <= '0;
      bb1_pp   <= 1'b0;
      bb2_pp   <= 1'b0;
    end else if (el_lvl_set) begin   // EL-6: the restored context's level (the parser is held)
      lvl      <= el_set_lvl;
      bb1_pp   <= el_set_pp1;
      bb2_pp   <= el_set_pp2;
      ret_addr <= el_set_ret;
    end else if (st == S_RETIRE && !cmd_err) begin
      case (ra)                      // bb_np: the started batch's effective bit (C10, C16)
        RA_BB1:       begin lvl <= 2'd1; bb1_pp <= bb_np; end
        RA_BB2_CALL:  begin lvl <= 2'd2; ret_addr <= sbb_ret; bb2_pp <= bb_np; end
        RA_BB2_CHAIN: bb2_pp <= bb_np;
        RA_END:       lvl <= lvl - 2'd1;   // second -> first level, first level -> ring
        RA_END_ALL:   lvl <= 2'd0;         // both levels end: the ring goes on after the first level's start
        default: ;
      endcase
    end
  end

  // ---- stream control ----
  always_comb begin
    pop        = 1'b0;
    redir      = 1'b0;
    redir_addr = ring_dw_addr;
    redir_ring = 1'b1;
    case (st)
      S_DW0:
        if (el_lvl_set && el_set_lvl != 2'd0) begin            // EL-6: resume a restored context in its batch
          redir      = 1'b1;
          redir_addr = el_set_head;
          redir_ring = 1'b0;
        end else if (hold) redir = !in_batch || el_lvl_set;    // execlists: the stream waits at HEAD (a batch
                                                               // keeps its place: a lite restore resumes it)
        else if (ring_go && !at_ring_pos) redir = 1'b1;        // (re)start the ring stream at HEAD
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

  // ---- GAM faults (GAM-15, hang mode) ----
  // need_flt: the parser needs the dword at the stream head (where it would pop it) and it lies in a faulted line.
  always_comb
    case (st)
      S_DW0:                                 need_flt = !hold && !(ring_go && !at_ring_pos) && (in_batch || ring_go) &&
                                                        dw_valid && dw_flt;
      S_ARGS, S_LRI_OFF, S_LRI_DATA, S_MATH: need_flt = dw_valid && dw_flt;
      default:                               need_flt = 1'b0;
    endcase
endmodule
