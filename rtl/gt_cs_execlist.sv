// gt_cs_execlist: the execlists of one command streamer (docs/execlists.md).
//
//   mode          RING_MODE[3] (EL-1): 0 ring-buffer mode, 1 execlist mode. In ring-buffer mode a Load does
//                 nothing and the state below never changes except arb (MI_ARB_ON_OFF, E13).
//   Load          a host write of EXECLIST_CONTROL with bit 0 set, in execlist mode, at its transfer edge (EL-11):
//                 element 0 with Valid = 0 ignores it entirely (EL-12); else slot cur is filled if it is not
//                 valid (elem := 0), otherwise slot cur ^ 1 (replacing a pending submission, E2).
//   state         two slots (valid, two descriptors), cur, elem, arb (reset 1), the switch in flight (EL-9).
//   status        EXECLIST_STATUS_LO/HI as derived read values (EL-13): functions of this unit's flip-flops, so
//                 a read sees the state as it stands at the start of its transfer cycle.
//   decisions     start from idle at a Load (EL-14) or at the end of a switch to idle (EL-19); run dry at a
//                 retire (the engine says so: dry_retire) or at the end of a switch (EL-15): element switch, end of
//                 the submission with or without a pending one. Each sets the switch in flight, invalidates the
//                 TLB at its edge (EL-26) and queues its steps: save, restore, one or two CSB steps.
//   save          the value slots of the image registers at their fixed positions (EL-5), one dword write each.
//   restore       the register state page read line by line (one read outstanding) and parsed as NOOP / LRI /
//                 MI_BATCH_BUFFER_END (EL-2, EL-3); each loaded pair is one commit on the engine's port (EL-4).
//   CSB step      entry, pointer and status writes, then (all writes acknowledged) the three commits, the event
//                 bit 8 at the CONTEXT_STATUS_PTR commit's edge (EL-20..EL-24).
//   broken image  IPEHR, ESR, EIR and CS_MASTER_ERROR without a retire, then halt (EL-27); a GAM fault on an
//                 image or CSB access ends the same way with the page-table bit and no IPEHR (GAM-15).
module gt_cs_execlist import gtref_pkg::*, gt_cs_pkg::*; #(
  parameter int ENGINE = 0
) (
  input  logic         clk,
  input  logic         rst_n,
  input  logic         el_mode,       // RING_MODE[3] as held in this cycle
  input  logic         load_wr,       // a host write of EXECLIST_CONTROL with bit 0 set transfers at this edge
  input  logic         arb_wr,        // an executed MI_ARB_ON_OFF retires at this edge (either mode, E13) ...
  input  logic         arb_val,       //   ... with this Arbitration Enable
  input  logic         dry_retire,    // a retire at this edge leaves the engine at ring level with HEAD = TAIL
  input  logic         arb_point,     // an arbitration point at this edge: an MI_ARB_CHECK's retire, or a poll
                                      // response with the wait's condition false (EL-16)
  output logic         preempt,       // a preemption is decided at this edge (not a lite restore)
  input  logic [1:0]   dec_lvl,       // the batch level after this edge's retire (0 ring, 1, 2)
  input  logic [63:0]  dec_next,      // the address of the dword after the retiring command
  input  logic [63:0]  ret_addr,      // the second level's return address (the first-level head at level 2)
  input  logic [1:0]   lvl_now,       // the batch level held
  gt_cs_regs_if        regs,              // the registers as held in this cycle (regs.r)
  // memory (through gt_cs_mem: GGTT; reads client DR, writes client WR)
  input  logic [1:0]   wr_pend,       // the engine's writes granted and not yet acknowledged
  input  logic [1:0]   wr_pend_next,  //   after this edge
  input  logic         fetch_busy,    // the fetch has a read outstanding
  output logic         m_wr,          // a write request in this cycle
  output logic         m_rd,          // a read request (one line) in this cycle
  output logic [63:0]  m_addr,
  output logic [63:0]  m_wdata,
  output logic [7:0]   m_be,
  output logic         m_rd_busy,     // a read of this unit is outstanding: the response is ours
  input  logic         req_gnt,
  input  logic         rsp_valid,
  input  logic [511:0] rsp_data,
  input  logic         fault,         // a request of the engine faulted (hang mode, GAM-15)
  // the engine's commit port (this unit commits only while the parser is held)
  output logic         c_valid,
  output ridx_t        c_idx,
  output logic [31:0]  c_val,
  output logic [15:0]  evt,           // event bits raised at this edge (CONTEXT_SWITCH, CS_MASTER_ERROR)
  output logic         tlb_inv,       // invalidate the engine's TLB at this edge (EL-26)
  output logic         hold,          // execlist mode and no context to execute: the parser takes nothing
  output logic         lvl_set,       // a full restore ends: the level of EL-6 is taken at this edge ...
  output logic [1:0]   set_lvl,       //   ... this level (0 ring, 1, 2)
  output logic         set_pp1,       //   the levels' effective PPGTT bits (BB_STATE, SBB_STATE bit 5)
  output logic         set_pp2,
  output logic [63:0]  set_ret,       //   the first-level head a second level returns to
  output logic [63:0]  set_head,      //   where the batch stream resumes
  output logic         halted,        // stopped by a broken image or a fault (EL-27)
  output logic         load,          // the Load of this edge is taken (EL-11, not ignored by EL-12)
  output logic         busy,          // a slot is valid, a switch is in flight or a read outstanding (EL-30)
  output logic [31:0]  status_lo,     // EXECLIST_STATUS_LO (EL-13)
  output logic [31:0]  status_hi      // EXECLIST_STATUS_HI
);
  localparam logic [31:0] BASE = ENGINE_BASE[ENGINE];

  // =====================================================================================================
  // The image registers and their save positions (docs/execlists.md §3.2, §3.3)
  // =====================================================================================================
  localparam int NIMG = 68;          // RCS0's saved slots; the ring context is the first NRING
  localparam int NRING = 23;
  localparam int NEXT0 = 61;         // the render extension (RCS0 only) from here
  typedef struct packed { logic [9:0] dw; logic [7:0] idx; } img_t;
  function automatic img_t img(input int k);
    img_t e;
    e.dw = '0; e.idx = '0;
    case (k)
      0:  e = '{10'h03, 8'(RING_CONTEXT_CONTROL_IDX)};
      1:  e = '{10'h05, 8'(RING_HEAD_IDX)};
      2:  e = '{10'h09, 8'(RING_START_IDX)};
      3:  e = '{10'h0B, 8'(RING_CTL_IDX)};
      4:  e = '{10'h0D, 8'(BB_ADDR_UDW_IDX)};
      5:  e = '{10'h0F, 8'(BB_ADDR_IDX)};
      6:  e = '{10'h11, 8'(BB_STATE_IDX)};
      7:  e = '{10'h13, 8'(SBB_ADDR_UDW_IDX)};
      8:  e = '{10'h15, 8'(SBB_ADDR_IDX)};
      9:  e = '{10'h17, 8'(SBB_STATE_IDX)};
      10: e = '{10'h19, 8'(BB_PER_CTX_PTR_IDX)};
      11: e = '{10'h1B, 8'(INDIRECT_CTX_IDX)};
      12: e = '{10'h1D, 8'(INDIRECT_CTX_OFFSET_IDX)};
      13: e = '{10'h1F, 8'(CCID_IDX)};
      14: e = '{10'h23, 8'(CTX_TIMESTAMP_IDX)};
      15: e = '{10'h25, 8'(PDP3_UDW_IDX)};
      16: e = '{10'h27, 8'(PDP3_LDW_IDX)};
      17: e = '{10'h29, 8'(PDP2_UDW_IDX)};
      18: e = '{10'h2B, 8'(PDP2_LDW_IDX)};
      19: e = '{10'h2D, 8'(PDP1_UDW_IDX)};
      20: e = '{10'h2F, 8'(PDP1_LDW_IDX)};
      21: e = '{10'h31, 8'(PDP0_UDW_IDX)};
      22: e = '{10'h33, 8'(PDP0_LDW_IDX)};
      23: e = '{10'h57, 8'(INSTPM_IDX)};
      24: e = '{10'h59, 8'(PR_CTR_CTL_IDX)};
      25: e = '{10'h5B, 8'(PR_CTR_THRSH_IDX)};
      26: e = '{10'h65, 8'(BB_OFFSET_IDX)};
      27: e = '{10'h67, 8'(MI_PREDICATE_RESULT_1_IDX)};
      60: e = '{10'hA9, 8'(IPEHR_IDX)};
      61: e = '{10'hB3, 8'(MI_PREDICATE_SRC0_IDX)};
      62: e = '{10'hB5, 8'(MI_PREDICATE_SRC0_UDW_IDX)};
      63: e = '{10'hB7, 8'(MI_PREDICATE_SRC1_IDX)};
      64: e = '{10'hB9, 8'(MI_PREDICATE_SRC1_UDW_IDX)};
      65: e = '{10'hBB, 8'(MI_PREDICATE_DATA_IDX)};
      66: e = '{10'hBD, 8'(MI_PREDICATE_DATA_UDW_IDX)};
      67: e = '{10'hBF, 8'(MI_PREDICATE_RESULT_IDX)};
      default:                                             // 28..59: CS_GPR0..31 at DW 0x69 + 2n
        if (k >= 28 && k < 60) e = '{10'(32'h69 + 2 * (k - 28)), 8'(CS_GPR0_IDX + (k - 28))};
    endcase
    return e;
  endfunction
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic ridx_t img_idx(input int k);
    img_t e;
    e = img(k);
    return ridx_t'(e.idx);
  endfunction
  // an image register of this engine: present, and the extension only on RCS0 (its class's layout)
  function automatic logic img_has(input int k);
    img_t e;
    e = img(k);
    return reg_present(ENGINE, ridx_t'(e.idx)) && (k < NEXT0 || ENGINE == 0);
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // The value a save writes for register i (EL-5): masked registers as 0xFFFF0000 | value, the batch state
  // slots of EL-6 at ring level with bit 0 clear; every other one as an MMIO read returns it.
  // EL-6: at level 1 the BB_ADDR slots hold the next first-level dword and BB_STATE's bit 0 is set; at level 2
  // the SBB_ADDR slots hold the next second-level dword, the BB_ADDR slots the return address, both bit 0s set.
  function automatic logic [31:0] save_val(input ridx_t i);
    if (ENGINE_REG_MASKED[i][0]) return 32'hFFFF_0000 | {16'd0, regs.r[i][15:0]};
    if (i == ridx_t'(BB_STATE_IDX))     return (regs.r[i] & ~32'd1) | {31'd0, sv_lvl != 2'd0};
    if (i == ridx_t'(SBB_STATE_IDX))    return (regs.r[i] & ~32'd1) | {31'd0, sv_lvl == 2'd2};
    if (i == ridx_t'(BB_ADDR_IDX))      return sv_lvl == 2'd1 ? sv_next[31:0]  : sv_lvl == 2'd2 ? sv_ret[31:0]  : regs.r[i];
    if (i == ridx_t'(BB_ADDR_UDW_IDX))  return sv_lvl == 2'd1 ? sv_next[63:32] : sv_lvl == 2'd2 ? sv_ret[63:32] : regs.r[i];
    if (i == ridx_t'(SBB_ADDR_IDX))     return sv_lvl == 2'd2 ? sv_next[31:0]  : regs.r[i];
    if (i == ridx_t'(SBB_ADDR_UDW_IDX)) return sv_lvl == 2'd2 ? sv_next[63:32] : regs.r[i];
    return regs.r[i];
  endfunction

  // A restore pair's target (EL-2): with bit 19 of the LRI header, base + (offset & 0xFFC), else offset &
  // 0x7FFFFC; loaded only if it is an image register of this engine (RING_TAIL included: restored, not saved).
  logic [31:0] tgt_off;
  logic        tgt_hit;
  ridx_t       tgt_idx;

  // =====================================================================================================
  // Submission state (EL-9)
  // =====================================================================================================
  logic        sv [2];               // slot valid
  logic [63:0] sd [2][2];            // slot descriptors: sd[slot][element]
  logic        cur, elem, arb;
  logic        sw;                   // a switch is in flight (EL-9, EL-19)

  assign load = el_mode && load_wr && regs.r[EXECLIST_SQ_LO0_IDX][0];

  // ---- the switch's steps ----
  typedef enum logic [4:0] {
    P_IDLE,    // no switch
    P_SAVE,    // save writes, one per grant
    P_RWAIT,   // the save's writes acknowledged and no fetch read outstanding: the restore may read
    P_RD,      // request the next line of the register state page
    P_RDW,     // wait for it
    P_PARSE,   // one dword per cycle (a loaded pair commits in its value's cycle)
    P_CSBW,    // the CSB step's writes: entry, pointer, status
    P_CSBA,    // wait until every write is acknowledged
    P_C0,      // commit CSB_ENTRY_LO i
    P_C1,      //        CSB_ENTRY_HI i
    P_C2,      //        CONTEXT_STATUS_PTR, the event
    P_LVL,     // the restore is done: the batch level of EL-6 is taken (lvl_set)
    P_LWAIT,   // lite restore (EL-17): no fetch read and no write outstanding
    P_LRD,     //              the read of the line LRCA + 0x1000 of the context
    P_LRDW,    //              wait for it
    P_LTAIL,   //              commit RING_TAIL := its DW 0x07
    P_EWAIT,   // error: wait for the writes in flight
    P_EHSW,    //        the status write of CS_MASTER_ERROR (IRQ-4)
    P_EHACK,   //        its acknowledgement
    P_EIPEHR,  //        IPEHR := the offending dword (a broken image only)
    P_EESR,    //        ESR
    P_EEIR,    //        EIR, CS_MASTER_ERROR
    P_HALT     //        stopped
  } ph_t;
  ph_t         ph;
  logic        op_save, op_rst;      // the switch saves / restores
  logic [19:0] sv_lrca, rs_lrca;     // LRCA[31:12] of the context saved / restored (or lite-restored)
  logic [1:0]  sv_lvl;               // the saved context's batch level at its decision (EL-6)
  logic [63:0] sv_next, sv_ret;      //   the next dword to parse, the second level's return address
  logic        rs_b1, rs_b2;         // the restored BB_STATE / SBB_STATE slots' bit 0 (EL-6)
  logic [6:0]  sk;                   // the next save slot (0..NIMG)
  logic [1:0]  csb_n;                // CSB steps still to do (1 or 2)
  logic [31:0] csb_lo [2], csb_hi [2];
  logic        to_idle;              // the switch ends a submission with no pending one
  logic [1:0]  wk;                   // the CSB step's write: 0 entry, 1 pointer, 2 status
  logic [3:0]  csb_i;                // the entry index of the CSB step
  // restore parser
  logic [10:0] pi;                   // the dword index in the page (0..0x400)
  logic [511:0] line;
  logic [1:0]  pst;                  // 0 a command, 1 an offset, 2 a value
  logic        lri_cs;               // the LRI's bit 19
  logic [7:0]  pleft;                // pairs left
  logic [31:0] p_off;                // the pair's target (absolute)
  // error
  logic        e_flt;                // a fault (bit 4, no IPEHR) rather than a broken image (bit 0)
  logic [31:0] e_dw;                 // the offending dword
  logic        e_hsw_done;

  logic [31:0] dw;
  assign dw = line[32 * pi[3:0] +: 32];

  // ---- the dword's meaning while parsing ----
  logic is_lri, is_bbe, at_cmd, rinh_end;
  assign is_lri   = dw[31:23] == 9'h022 && dw[0] && (dw & 32'h0077_EF00) == 32'd0;
  assign is_bbe   = dw == 32'h0500_0000 || dw == 32'h0500_0001;
  assign at_cmd   = pst == 2'd0;
  // E21: the restore ends at the first command boundary at or after DW 0x50 with RESTORE_INHIBIT loaded
  assign rinh_end = at_cmd && pi >= 11'h050 && regs.r[RING_CONTEXT_CONTROL_IDX][0];

  assign tgt_off = lri_cs ? BASE + (dw & 32'h0000_0FFC) : dw & 32'h007F_FFFC;
  // the registers a restore loads on this engine (RING_TAIL and the image registers), a constant: the pair's
  // target is found once (reg_find, a table read) rather than by a search of the image every cycle
  function automatic logic [ENGINE_REGS-1:0] ld_set();
    logic [ENGINE_REGS-1:0] m;
    m = '0;
    if (reg_present(ENGINE, ridx_t'(RING_TAIL_IDX))) m[RING_TAIL_IDX] = 1'b1;
    for (int k = 0; k < NIMG; k++)
      if (img_has(k)) m[img_idx(k)] = 1'b1;
    return m;
  endfunction
  localparam logic [ENGINE_REGS-1:0] LD_SET = ld_set();
  logic [RIW:0] tgt_f;
  assign tgt_f   = reg_find(ENGINE, tgt_off);
  assign tgt_hit = tgt_f[RIW] && LD_SET[tgt_f[RIW-1:0]];
  assign tgt_idx = tgt_hit ? tgt_f[RIW-1:0] : '0;
  logic        ld_hit;               // the pair being parsed loads ld_idx
  ridx_t       ld_idx;
`ifdef GTREF_BUG_EL_PDP_NO_RELOAD
  // BUG (docs/rtl-bugs.md, EL_PDP_NO_RELOAD): the PDP registers and the restored descriptor's Force PD Restore, for the
  // restore's skip below
  function automatic logic pdp_idx(input ridx_t i);
    return i == ridx_t'(PDP0_LDW_IDX) || i == ridx_t'(PDP0_UDW_IDX) || i == ridx_t'(PDP1_LDW_IDX) ||
           i == ridx_t'(PDP1_UDW_IDX) || i == ridx_t'(PDP2_LDW_IDX) || i == ridx_t'(PDP2_UDW_IDX) ||
           i == ridx_t'(PDP3_LDW_IDX) || i == ridx_t'(PDP3_UDW_IDX);
  endfunction
  logic        rs_fpd;               // the restored descriptor's Force PD Restore (bit 1)
`endif

  // the value a restore loads (EL-4): masked registers by the masked rule; others (value & cmp) | (old & ~cmp);
  // the level bits (bit 0) of BB_STATE / SBB_STATE are the engine's, never stored (EL-6)
  logic [31:0] ld_val, ld_in;
  assign ld_in  = (ld_idx == ridx_t'(BB_STATE_IDX) || ld_idx == ridx_t'(SBB_STATE_IDX)) ? dw & ~32'd1 : dw;
  assign ld_val = ENGINE_REG_MASKED[ld_idx][0] ? reg_write(ENGINE, ld_idx, regs.r[ld_idx], ld_in)
                                               : (ld_in & ENGINE_REG_CMP[ld_idx]) | (regs.r[ld_idx] & ~ENGINE_REG_CMP[ld_idx]);

  // ---- the save slot ----
  img_t        se;
  logic        s_has;
  logic [6:0]  s_end;                // NRING with SAVE_INHIBIT as held (E21), else NIMG
  logic [63:0] s_addr;
  assign se     = img(int'(sk));
`ifdef GTREF_BUG_EL_SAVE_NO_IPEHR
  // BUG (docs/rtl-bugs.md, EL_SAVE_NO_IPEHR): the save's slot list ends the engine context at CS_GPR31 (slot 59) and
  // goes on with the render extension, so IPEHR (slot 60, DW 0xA9) is never written (EL-5 saves every image register).
  assign s_has  = img_has(int'(sk)) && sk != 7'd60;
`else
  assign s_has  = img_has(int'(sk));
`endif
  assign s_end  = regs.r[RING_CONTEXT_CONTROL_IDX][2] ? 7'(NRING) : 7'(NIMG);
  assign s_addr = {32'd0, sv_lrca, 12'd0} + 64'h1000 + {52'd0, se.dw, 2'd0} - 64'd4;   // a & ~7 (DW k odd)

  // ---- HWSP and the status-write conditions (IRQ-4) ----
  logic [63:0] hwsp;
  logic        csb_hsw, err_hsw;
  logic [31:0] err_bit, esr_new, eir_new;
  logic        err_masked;
  assign hwsp       = {32'd0, regs.r[HWS_PGA_IDX] & 32'hFFFF_F000};
  assign csb_hsw    = (IRQ_CONTEXT_SWITCH & ~regs.r[IMR_IDX][15:0] & ~regs.r[HWSTAM_IDX][15:0]) != 16'd0;
  assign err_bit    = e_flt ? ERR_PAGE_TABLE : ERR_INSTRUCTION;
  assign err_masked = (regs.r[EMR_IDX] & err_bit) != 32'd0;
  assign esr_new    = regs.r[ESR_IDX] | err_bit;
  assign eir_new    = regs.r[EIR_IDX] | err_bit;
  assign err_hsw    = !err_masked && regs.r[EIR_IDX] == 32'd0 &&
                      (IRQ_CS_MASTER_ERROR & ~regs.r[IMR_IDX][15:0] & ~regs.r[HWSTAM_IDX][15:0]) != 16'd0;

  // ---- memory requests ----
  logic [3:0] nxt_i;                 // EL-21: the entry after the write pointer held
`ifdef GTREF_BUG_EL_CSB_WRAP_AT_10
  // BUG (docs/rtl-bugs.md, EL_CSB_WRAP_AT_10): the wrap test counts the twelve entries from 1 (wp < 10 instead of
  // wp < 11), so the entry after index 10 goes to index 0: entry 11 is never written (EL-21: wrap 11 -> 0).
  assign nxt_i = regs.r[CONTEXT_STATUS_PTR_IDX][3:0] < 4'd10 ? regs.r[CONTEXT_STATUS_PTR_IDX][3:0] + 4'd1 : 4'd0;
`else
  assign nxt_i = regs.r[CONTEXT_STATUS_PTR_IDX][3:0] < 4'd11 ? regs.r[CONTEXT_STATUS_PTR_IDX][3:0] + 4'd1 : 4'd0;
`endif
  always_comb begin
    m_wr    = 1'b0;
    m_rd    = 1'b0;
    m_addr  = '0;
    m_wdata = '0;
    m_be    = '0;
    case (ph)
      P_SAVE:
        if (sk < s_end && s_has && wr_pend != 2'd3) begin
          m_wr    = 1'b1;
          m_addr  = s_addr;
          m_wdata = {save_val(ridx_t'(se.idx)), 32'd0};
          m_be    = 8'hF0;
        end
      P_RD: begin
        m_rd   = 1'b1;
        m_addr = {32'd0, rs_lrca, 12'd0} + 64'h1000 + {52'd0, pi[9:4], 6'd0};
      end
      P_LRD: begin
        m_rd   = 1'b1;
        m_addr = {32'd0, rs_lrca, 12'd0} + 64'h1000;
      end
      P_CSBW:
        if (wr_pend != 2'd3) begin
          m_wr = 1'b1;
          case (wk)
            2'd0: begin m_addr = hwsp + 64'h40 + {57'd0, csb_i, 3'd0}; m_be = 8'hFF; m_wdata = {csb_hi[0], csb_lo[0]}; end
`ifdef GTREF_BUG_EL_HWSP_PTR_STALE
            // BUG (docs/rtl-bugs.md, EL_HWSP_PTR_STALE): the status-page pointer write copies CONTEXT_STATUS_PTR as
            // held, which the step commits only after its writes (EL-22 step 4): the mirror names the previous entry.
            2'd1: begin m_addr = hwsp + 64'hB8; m_be = 8'hF0; m_wdata = {28'd0, regs.r[CONTEXT_STATUS_PTR_IDX][3:0], 32'd0}; end
`else
            2'd1: begin m_addr = hwsp + 64'hB8; m_be = 8'hF0; m_wdata = {28'd0, csb_i, 32'd0}; end
`endif
            default: begin m_addr = hwsp; m_be = 8'h0F; m_wdata = {48'd0, IRQ_CONTEXT_SWITCH}; end
          endcase
        end
      P_EHSW: begin
        m_wr    = 1'b1;
        m_addr  = hwsp | {32'd0, HWSP_ISR_OFFSET};
        m_be    = 8'h0F;
        m_wdata = {48'd0, IRQ_CS_MASTER_ERROR};
      end
      default: ;
    endcase
  end
  assign m_rd_busy = ph == P_RDW || ph == P_LRDW;

  // ---- commits ----
  always_comb begin
    c_valid = 1'b0;
    c_idx   = '0;
    c_val   = '0;
    case (ph)
      P_PARSE:
        if (pst == 2'd2 && ld_hit) begin c_valid = 1'b1; c_idx = ld_idx; c_val = ld_val; end
`ifdef GTREF_BUG_EL_LITE_TAIL_LOST
      // BUG (docs/rtl-bugs.md, EL_LITE_TAIL_LOST): the commit multiplexer has no arm for the lite restore's P_LTAIL:
      // the line LRCA + 0x1000 is read but RING_TAIL keeps its old value (EL-17: RING_TAIL := DW 0x07).
`else
      P_LTAIL: begin
        c_valid = 1'b1;
        c_idx   = ridx_t'(RING_TAIL_IDX);
        c_val   = reg_write(ENGINE, ridx_t'(RING_TAIL_IDX), regs.r[RING_TAIL_IDX], line[32 * 7 +: 32]);
      end
`endif
      P_C0: begin c_valid = 1'b1; c_idx = ridx_t'(CSB_ENTRY_LO0_IDX + 2 * int'(csb_i)); c_val = csb_lo[0]; end
      P_C1: begin c_valid = 1'b1; c_idx = ridx_t'(CSB_ENTRY_HI0_IDX + 2 * int'(csb_i)); c_val = csb_hi[0]; end
      P_C2: begin
        c_valid = 1'b1;
        c_idx   = ridx_t'(CONTEXT_STATUS_PTR_IDX);
        c_val   = {regs.r[CONTEXT_STATUS_PTR_IDX][31:4], csb_i};
      end
      P_EIPEHR: begin c_valid = 1'b1; c_idx = ridx_t'(IPEHR_IDX); c_val = e_dw; end
      P_EESR: begin c_idx = ridx_t'(ESR_IDX); c_val = esr_new; c_valid = esr_new != regs.r[ESR_IDX]; end
      P_EEIR:
        if (!err_masked) begin c_idx = ridx_t'(EIR_IDX); c_val = eir_new; c_valid = eir_new != regs.r[EIR_IDX]; end
      default: ;
    endcase
  end

  always_comb begin
    evt = '0;
    if (ph == P_C2) evt = IRQ_CONTEXT_SWITCH;                                    // EL-24
    if (ph == P_EEIR && !err_masked && regs.r[EIR_IDX] == 32'd0 && eir_new != 32'd0) evt = IRQ_CS_MASTER_ERROR;
  end

  // the restored context's ring is empty (EL-15 at the end of a switch; RING_CTL[0] = 0 counts as empty)
  logic ring_empty;
  assign ring_empty = !regs.r[RING_CTL_IDX][0] ||
                      regs.r[RING_HEAD_IDX][HEAD_OFFSET_LSB +: HEAD_OFFSET_WIDTH] ==
                      {regs.r[RING_TAIL_IDX][TAIL_OFFSET_LSB +: TAIL_OFFSET_WIDTH], 1'b0};

  assign hold   = el_mode && (sw || !sv[cur]);
  assign lvl_set  = ph == P_LVL;
  assign set_lvl  = rs_b2 ? 2'd2 : rs_b1 ? 2'd1 : 2'd0;
  assign set_pp1  = regs.r[BB_STATE_IDX][5];
  assign set_pp2  = regs.r[SBB_STATE_IDX][5];
  assign set_ret  = {regs.r[BB_ADDR_UDW_IDX], regs.r[BB_ADDR_IDX]};
  assign set_head = rs_b2 ? {regs.r[SBB_ADDR_UDW_IDX], regs.r[SBB_ADDR_IDX]} : {regs.r[BB_ADDR_UDW_IDX], regs.r[BB_ADDR_IDX]};
  assign halted = ph == P_HALT;
  assign busy   = sv[0] || sv[1] || sw;

  // a fault of one of this unit's accesses (the parser is held: every request of the engine is ours)
  logic my_fault;
  assign my_fault = fault && sw && ph != P_EWAIT && ph != P_EHSW && ph != P_EHACK && ph != P_EIPEHR &&
                    ph != P_EESR && ph != P_EEIR && ph != P_HALT;

  // =====================================================================================================
  // State
  // =====================================================================================================
  logic end_step;                    // the last CSB step's CONTEXT_STATUS_PTR commit: the switch ends here
  assign end_step = ph == P_C2 && csb_n == 2'd1;

  // =====================================================================================================
  // Decisions: the state after this edge's host write (IRQ-1's order: MMIO first), then the decision of the edge
  // =====================================================================================================
  logic        n_sv [2], f_sv [2];
  logic [63:0] n_sd [2][2];
  logic        n_cur, n_elem, n_arb, f_cur, f_elem, f_arb, f_sw, start, dry, d_es, d_pend, arbp, lite;
  logic [63:0] old_d, new_d;
  always_comb begin
    n_sv   = sv;
    n_sd   = sd;
    n_cur  = cur;
    n_elem = elem;
    n_arb  = arb_wr ? arb_val : arb;
    start  = 1'b0;
    dry    = 1'b0;
    f_sw   = sw;
    if (load) begin
      if (!sv[cur]) begin                // EL-11 step 2: the slot being executed or next to execute
        n_sv[cur]    = 1'b1;
        n_sd[cur][0] = {regs.r[EXECLIST_SQ_HI0_IDX], regs.r[EXECLIST_SQ_LO0_IDX]};
`ifdef GTREF_BUG_EL_ELEM1_NOT_LATCHED
        // BUG (docs/rtl-bugs.md, EL_ELEM1_NOT_LATCHED): a Load into the idle slot takes element 0 only; element 1 keeps
        // the slot's old descriptor (0 after reset: Valid = 0), so the element switch of EL-15 never happens.
`else
        n_sd[cur][1] = {regs.r[EXECLIST_SQ_HI1_IDX], regs.r[EXECLIST_SQ_LO1_IDX]};
`endif
        n_elem       = 1'b0;
        if (!sw) start = 1'b1;           // EL-14 (during a switch to idle: at its end, EL-19)
      end else begin                     // step 3: the pending slot (replaces a pending submission, E2)
        n_sv[~cur]    = 1'b1;
        n_sd[~cur][0] = {regs.r[EXECLIST_SQ_HI0_IDX], regs.r[EXECLIST_SQ_LO0_IDX]};
        n_sd[~cur][1] = {regs.r[EXECLIST_SQ_HI1_IDX], regs.r[EXECLIST_SQ_LO1_IDX]};
      end
    end
    // EL-15: a retire that runs the context dry; EL-19: the end of a switch
    if (!sw && sv[cur] && dry_retire) dry = 1'b1;
    if (end_step) begin
      f_sw = 1'b0;
      if (to_idle) begin
        if (n_sv[n_cur]) start = 1'b1;   // a Load arrived during the switch (EL-19)
      end else if (ring_empty && lvl_now == 2'd0) dry = 1'b1;
    end
    // EL-16: an arbitration point with arb = 1 and a pending submission (running dry wins)
`ifdef GTREF_BUG_EL_PREEMPT_ARB_OFF
    // BUG (docs/rtl-bugs.md, EL_PREEMPT_ARB_OFF): the arbitration enable is left out of the arbitration-point test,
    // so an MI_ARB_CHECK (or an unmet poll) with arb = 0 preempts (EL-16: only while arb = 1).
    arbp   = !dry && !sw && sv[cur] && arb_point && n_sv[~n_cur];
`else
    arbp   = !dry && !sw && sv[cur] && arb_point && arb && n_sv[~n_cur];
`endif
    old_d  = n_sd[n_cur][n_elem];
    new_d  = n_sd[~n_cur][0];
    // EL-17: the same context (LRCA and ID), neither Force Restore nor Force PD Restore
    lite   = arbp && new_d[31:12] == old_d[31:12] && new_d[63:32] == old_d[63:32] && !new_d[2] && !new_d[1];
    d_es   = dry && !n_elem && n_sd[n_cur][1][0];              // element switch
    d_pend = dry && !d_es && n_sv[~n_cur];                     // end of the submission, a pending one (E7)
    f_sv   = n_sv;
    f_cur  = n_cur;
    f_elem = n_elem;
    f_arb  = n_arb;
    if (dry) begin
      f_sw = 1'b1;
      if (d_es) begin
        f_elem = 1'b1;
        f_arb  = 1'b1;
      end else begin
        f_sv[n_cur] = 1'b0;
        if (d_pend) begin
          f_cur  = ~n_cur;
          f_elem = 1'b0;
          f_arb  = 1'b1;
        end
      end
    end else if (arbp) begin                                    // preemption or lite restore
      f_sw        = 1'b1;
      f_sv[n_cur] = 1'b0;
      f_cur       = ~n_cur;
      f_elem      = 1'b0;
      if (!lite) f_arb = 1'b1;
    end else if (start) begin
      f_sw  = 1'b1;
      f_arb = 1'b1;
    end
  end
  // EL-26: every switch that fully restores a context invalidates the TLB at its decision edge
`ifdef GTREF_BUG_EL_TLB_KEPT_ELEM_SWITCH
  // BUG (docs/rtl-bugs.md, EL_TLB_KEPT_ELEM_SWITCH): the element switch is left out of the invalidating decisions
  // (taken as "the same submission"), so element 1 runs on element 0's translations (EL-26: every full restore).
  assign tlb_inv = start || d_pend || (arbp && !lite);
`else
  assign tlb_inv = start || d_es || d_pend || (arbp && !lite);
`endif
  assign preempt = arbp && !lite;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      sv[0] <= 1'b0;
      sv[1] <= 1'b0;
      for (int s = 0; s < 2; s++) for (int k = 0; k < 2; k++) sd[s][k] <= '0;
      cur     <= 1'b0;
      elem    <= 1'b0;
      arb     <= 1'b1;
      sw      <= 1'b0;
      ph      <= P_IDLE;
      op_save <= 1'b0;
      op_rst  <= 1'b0;
      sv_lrca <= '0;
      rs_lrca <= '0;
      sk      <= '0;
      csb_n   <= '0;
      for (int k = 0; k < 2; k++) begin csb_lo[k] <= '0; csb_hi[k] <= '0; end
      to_idle <= 1'b0;
      wk      <= '0;
      csb_i   <= '0;
      pi      <= '0;
      line    <= '0;
      pst     <= '0;
      lri_cs  <= 1'b0;
      pleft   <= '0;
      p_off   <= '0;
      ld_hit  <= 1'b0;
      ld_idx  <= '0;
      e_flt   <= 1'b0;
      e_dw    <= '0;
      e_hsw_done <= 1'b0;
      sv_lvl  <= '0;
      sv_next <= '0;
      sv_ret  <= '0;
      rs_b1   <= 1'b0;
      rs_b2   <= 1'b0;
`ifdef GTREF_BUG_EL_PDP_NO_RELOAD
      rs_fpd  <= 1'b0;
`endif
    end else begin
      if (dry || arbp) begin
        sv_lvl  <= dec_lvl;
        sv_next <= dec_next;
        sv_ret  <= ret_addr;
      end
`ifdef GTREF_BUG_EL_PDP_NO_RELOAD
      if (arbp) rs_fpd <= new_d[1];
      else if (dry) rs_fpd <= d_es ? n_sd[n_cur][1][1] : n_sd[~n_cur][0][1];
      else if (start) rs_fpd <= n_sd[n_cur][0][1];
`endif
      if (arbp && lite) begin                          // EL-17: one read, RING_TAIL, CSB 0x8002 / ID(E)
        rs_lrca   <= old_d[31:12];
        csb_n     <= 2'd1;
        csb_lo[0] <= 32'h0000_8002;
        csb_hi[0] <= old_d[63:32];
        to_idle   <= 1'b0;
        ph        <= P_LWAIT;
      end else if (arbp) begin                         // EL-16 preemption: save E, restore P, CSB 0x2 / ID(E)
        op_save   <= 1'b1;
        sv_lrca   <= old_d[31:12];
        sk        <= '0;
        op_rst    <= 1'b1;
        rs_lrca   <= new_d[31:12];
        csb_n     <= 2'd1;
        csb_lo[0] <= 32'h0000_0002;
`ifdef GTREF_BUG_EL_CSB_ID_PREEMPTER
        // BUG (docs/rtl-bugs.md, EL_CSB_ID_PREEMPTER): the PREEMPTED entry names the context that preempts (element 0
        // of the pending slot) instead of the one switched out (EL-20: ID(E)).
        csb_hi[0] <= new_d[63:32];
`else
        csb_hi[0] <= old_d[63:32];
`endif
        to_idle   <= 1'b0;
        ph        <= P_SAVE;
      end else if (dry) begin
        op_save <= 1'b1;
        sv_lrca <= old_d[31:12];
        sk      <= '0;
        ph      <= P_SAVE;
        csb_lo[0] <= d_es ? 32'h0000_0014 : 32'h0000_0018;
        csb_hi[0] <= old_d[63:32];
        op_rst    <= d_es || d_pend;
        rs_lrca   <= d_es ? n_sd[n_cur][1][31:12] : n_sd[~n_cur][0][31:12];
        csb_n     <= d_pend ? 2'd2 : 2'd1;
        csb_lo[1] <= 32'h0000_0001;
        csb_hi[1] <= 32'h0;
        to_idle   <= !d_es && !d_pend;
      end else if (start) begin                        // EL-14
        op_save <= 1'b0;
        op_rst  <= 1'b1;
        rs_lrca <= n_sd[n_cur][0][31:12];
        csb_n   <= 2'd1;
        csb_lo[0] <= 32'h0000_0001;
        csb_hi[0] <= 32'h0;
        to_idle <= 1'b0;
        ph      <= P_RWAIT;
      end

      sv   <= f_sv;
      sd   <= n_sd;
      cur  <= f_cur;
      elem <= f_elem;
      arb  <= f_arb;
      sw   <= f_sw;

      // ---- the steps ----
      if (my_fault) begin
        e_flt      <= 1'b1;
        e_hsw_done <= 1'b0;
        ph         <= P_EWAIT;
      end else if (!dry && !start && !arbp)
      case (ph)
        P_SAVE:
          if (sk >= s_end) ph <= op_rst ? P_RWAIT : P_CSBW;
          else if (!s_has || (req_gnt && m_wr)) sk <= sk + 7'd1;
        P_RWAIT:
          if (wr_pend_next == 2'd0 && !fetch_busy) begin
            pi    <= '0;
            pst   <= 2'd0;
            rs_b1 <= 1'b0;
            rs_b2 <= 1'b0;
            ph    <= P_RD;
          end
        P_LWAIT:
          if (wr_pend_next == 2'd0 && !fetch_busy) ph <= P_LRD;
        P_LRD:
          if (req_gnt) ph <= P_LRDW;
        P_LRDW:
          if (rsp_valid) begin
            line <= rsp_data;
            ph   <= P_LTAIL;
          end
        P_LTAIL, P_LVL: begin
          wk    <= '0;
          csb_i <= nxt_i;
          ph    <= P_CSBW;
        end
        P_RD:
          if (req_gnt) ph <= P_RDW;
        P_RDW:
          if (rsp_valid) begin
            line <= rsp_data;
            ph   <= P_PARSE;
          end
        P_PARSE: begin
          logic next_line, done, broken;
          next_line = pi[3:0] == 4'hF;
          done      = 1'b0;
          broken    = 1'b0;
          case (pst)
            2'd0:
              if (rinh_end || is_bbe) done = 1'b1;
              else if (is_lri) begin
                if ({3'd0, pi} + {6'd0, dw[7:0]} + 14'd1 > 14'h3FF) broken = 1'b1;   // pairs past the page
                else begin
                  lri_cs <= dw[19];
                  pleft  <= dw[7:1] + 8'd1;
                  pst    <= 2'd1;
                end
              end else if (dw != 32'd0) broken = 1'b1;
            2'd1: begin
`ifdef GTREF_BUG_EL_PDP_NO_RELOAD
              // BUG (docs/rtl-bugs.md, EL_PDP_NO_RELOAD): the PDP pairs are loaded only by a start from idle or for a
              // descriptor with Force PD Restore; a switch from a running context skips them (EL-2, EL-4: every image
              // register's pair is loaded).
              ld_hit <= tgt_hit && !(op_save && !rs_fpd && pdp_idx(tgt_idx));
`else
              ld_hit <= tgt_hit;
`endif
              ld_idx <= tgt_idx;
              p_off  <= tgt_off;
              pst    <= 2'd2;
            end
            default: begin                     // the value: committed in this cycle if the target is loaded
              if (ld_hit && ld_idx == ridx_t'(BB_STATE_IDX))  rs_b1 <= dw[0];
              if (ld_hit && ld_idx == ridx_t'(SBB_STATE_IDX)) rs_b2 <= dw[0];
              pleft <= pleft - 8'd1;
              pst   <= pleft == 8'd1 ? 2'd0 : 2'd1;
            end
          endcase
          if (broken) begin
            e_flt      <= 1'b0;
            e_dw       <= dw;
            e_hsw_done <= 1'b0;
            ph         <= P_EWAIT;
          end else if (done) ph <= P_LVL;
          else begin
            pi <= pi + 11'd1;
            if (next_line) begin
              if (pi == 11'h3FF) begin         // the page ended without MI_BATCH_BUFFER_END (EL-2)
                e_flt      <= 1'b0;
                e_dw       <= 32'd0;
                e_hsw_done <= 1'b0;
                ph         <= P_EWAIT;
              end else ph <= P_RD;
            end
          end
        end
        P_CSBW:
          if (m_wr && req_gnt) begin
            if (wk == 2'd0) wk <= 2'd1;
            else if (wk == 2'd1 && csb_hsw) wk <= 2'd2;
            else ph <= P_CSBA;
          end
        P_CSBA:
          if (wr_pend_next == 2'd0) ph <= P_C0;
        P_C0: ph <= P_C1;
        P_C1: ph <= P_C2;
        P_C2:
          if (csb_n == 2'd2) begin           // EL-25: the second step
            csb_n     <= 2'd1;
            csb_lo[0] <= csb_lo[1];
            csb_hi[0] <= csb_hi[1];
            wk        <= '0;
            csb_i     <= csb_i < 4'd11 ? csb_i + 4'd1 : 4'd0;
            ph        <= P_CSBW;
          end else ph <= P_IDLE;
        P_EWAIT:
          if (wr_pend_next == 2'd0) ph <= (err_hsw && !e_hsw_done) ? P_EHSW : e_flt ? P_EESR : P_EIPEHR;
        P_EHSW:
          if (req_gnt) begin
            e_hsw_done <= 1'b1;
            ph         <= P_EHACK;
          end
        P_EHACK:
          if (wr_pend_next == 2'd0) ph <= e_flt ? P_EESR : P_EIPEHR;
        P_EIPEHR: ph <= P_EESR;
        P_EESR:   ph <= P_EEIR;
        P_EEIR:   ph <= P_HALT;
        default: ;
      endcase
      // the save slots: when the CSB step's writes start, the save is over
      if (ph == P_SAVE && sk >= s_end && !op_rst && !dry && !start && !arbp && !my_fault) begin
        wk    <= '0;
        csb_i <= nxt_i;
      end
      if (ph == P_RWAIT && !dry && !start && !arbp && !my_fault) begin
        wk    <= '0;
      end
    end
  end

  // ---- EXECLIST_STATUS (EL-13, E3) ----
  logic [63:0] cur_desc;
  assign cur_desc = sd[cur][elem];
  always_comb begin
    status_lo        = '0;
    status_lo[0]     = cur;
    status_lo[1]     = sv[cur] ? ~cur : cur;
    status_lo[2]     = sv[0] && sv[1];
    status_lo[3]     = sv[1];
    status_lo[4]     = sv[0];
    status_lo[15:14] = sv[cur] ? {1'b0, elem} + 2'd1 : 2'd0;
    status_lo[16]    = arb;
    status_lo[17]    = sv[1] && cur;
    status_lo[18]    = sv[0] && !cur;
    status_hi        = sv[cur] ? cur_desc[63:32] : 32'd0;
  end
  logic unused;
  assign unused = ^{cur_desc[31:0], p_off, op_save, old_d[11:0], new_d[11:3], new_d[0]};
endmodule
