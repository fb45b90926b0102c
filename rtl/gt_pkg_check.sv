// gt_pkg_check: elaboration-time checks of the generated gtref_pkg against what the RTL assumes.
//
// The RTL is table driven (ENGINE_REG_*/GLOBAL_REG_* arrays, command length rules), but it also hard-codes
// a few things: register field positions (BYT-REG digest §2.1), index widths, argument registers. This
// module stops elaboration when the package no longer matches them. It has no ports and no logic.
module gt_pkg_check import gtref_pkg::*; ();
  // ---- field positions hard-coded in gt_engine / gt_irq ----
  if (TAIL_OFFSET_MASK != 32'h001FFFF8 || HEAD_OFFSET_MASK != 32'h001FFFFC || HEAD_WRAP_LSB != 21 ||
      CTL_LEN_LSB != 12) begin : g_bad_ring_fields
    $error("gtref_pkg: ring register fields moved; gt_engine uses TAIL [20:3], HEAD [31:21]/[20:2], CTL [20:12]");
  end
  if (MSTR_IRQ_ENABLE != 32'h80000000) begin : g_bad_mstr_irq
    $error("gtref_pkg: gt_irq uses GFX_MSTR_IRQ bit 31 as the master enable");
  end

  // ---- the interrupt aggregator (docs/interrupts.md): gt_irq makes a presentation one cycle after the accepted
  //      selector write (one PEND flop per DW), tests INTR_IDENTITY_REG bit 31 as Data-Valid, has two DWs of 32
  //      bits and 16-bit engine fields; gt_engine's status write is one dword ----
  function automatic bit intr_routing_ok();
    for (int e = 0; e < MAX_ENGINES; e++)
      if (ENGINE_INTR_DW[e] > 1 || ENGINE_INTR_BIT[e] > 31 || ENGINE_INTR_EN_SHIFT[e] > 16 ||
          ENGINE_INTR_MASK_SHIFT[e] > 16) return 1'b0;
    return 1'b1;
  endfunction
  if (INTR_PRESENT_DELAY != 1 || INTR_DATA_VALID != 32'h80000000 || INTR_DATA_MASK != 32'h0000FFFF ||
      !intr_routing_ok() || (HWSP_ISR_OFFSET & 32'hFFFFF003) != 32'd0) begin : g_bad_intr
    $error("gtref_pkg: gt_irq assumes a presentation delay of 1, Data-Valid = bit 31, 16 data bits, DW 0/1, 16-bit fields; gt_engine a dword HWSP_ISR_OFFSET inside the page");
  end

  // ---- the watchdog (gt_engine g_wdog) lives on an engine with both PR_CTR_CTL and PR_CTR_THRSH; RCS0 has it
  //      (commands.md §7) ----
  function automatic bit wdog_pair_ok();
    for (int e = 0; e < MAX_ENGINES; e++)
      if (ENGINE_REG_PRESENT_BY_ENGINE[e][PR_CTR_CTL_IDX][0] != ENGINE_REG_PRESENT_BY_ENGINE[e][PR_CTR_THRSH_IDX][0])
        return 1'b0;
    return ENGINE_REG_PRESENT_BY_ENGINE[0][PR_CTR_CTL_IDX][0];
  endfunction
  if (!wdog_pair_ok()) begin : g_bad_wdog_regs
    $error("gtref_pkg: PR_CTR_CTL and PR_CTR_THRSH must be present together, and on RCS0");
  end

  // ---- the kit's engine order, which gt_engine's MI_SEMAPHORE_SIGNAL target decode assumes: 0 RCS0, 1 BCS0,
  //      2 VCS0, 3 VECS0 (include/gtref/engines.h), told apart by their MMIO bases ----
  if (ENGINE_BASE[0] != 32'h00002000 || ENGINE_BASE[1] != 32'h00022000 || ENGINE_BASE[2] != 32'h001C0000 ||
      ENGINE_BASE[3] != 32'h001C8000) begin : g_bad_engine_order
    $error("gtref_pkg: engine order changed; gt_engine maps Target Engine Select to RCS0, BCS0, VCS0, VECS0 = 0..3");
  end

  // ---- index widths and argument registers ----
  if (2 ** gt_cs_pkg::RIW < ENGINE_REGS) begin : g_bad_engine_regs
    $error("gtref_pkg: gt_cs_pkg::ridx_t does not index every engine register");
  end
  if (GLOBAL_REGS < 2) begin : g_bad_global_regs
    $error("gtref_pkg: gt_irq and gt_gam index the global registers with $clog2(GLOBAL_REGS) bits");
  end

  // ---- the GAM (docs/gam.md): gt_gam's entry, walk and fault formats; gt_engine's error bit and mode bit ----
  if (PTE_PRESENT != 64'h1 || PTE_ADDR_MASK != 64'h0000_007F_FFFF_F000 || PML4_SHIFT != 39 || PDP_SHIFT != 30 ||
      PD_SHIFT != 21 || PT_SHIFT != 12 || DCLV_GROUP_SHIFT != 4 || GGTT_RANGE != 64'h1_0000_0000 ||
      TLB_ENTRIES != 32 || TLB_LRAS != 3 || SRC_WALKER != 3'd4) begin : g_bad_gam_formats
    $error("gtref_pkg: gt_gam assumes entry bits 38:12 + present bit 0, 9-bit indexes at 39/30/21/12, PP_DCLV groups of 16, a 4 GB GGTT, 32-entry TLBs with 3 LRAs and walker src 4");
  end
  if (!GLOBAL_REG_GAM[GFX_ENG_FR_IDX][0] || !GLOBAL_REG_GAM[MEDIA_ENG_FR_IDX][0] || !GLOBAL_REG_GAM[BLT_ENG_FR_IDX][0] ||
      !GLOBAL_REG_GAM[GFX_ARB_ERROR_RPT_IDX][0] || !GLOBAL_REG_GAM[CVS_TLB_LRA_0_IDX][0] ||
      !GLOBAL_REG_GAM[CVS_TLB_LRA_1_IDX][0] || !GLOBAL_REG_GAM[CVS_TLB_LRA_2_IDX][0] ||
      !GLOBAL_REG_GAM[MIDARB_PRIO_NP_IDX][0] || !GLOBAL_REG_GAM[MIDARB_GOTOFIELD_NP0_IDX][0] ||
      !GLOBAL_REG_GAM[MIDARB_GOTOFIELD_NP1_IDX][0] || !GLOBAL_REG_GAM[MIDARB_GOTOFIELD_NP2_IDX][0] ||
      !GLOBAL_REG_GAM[MIDARB_GOTOFIELD_NP3_IDX][0] || !GLOBAL_REG_GAM[GAB_CTL_REG_IDX][0] ||
      !GLOBAL_REG_GAM[MEDIA_MAX_REQ_COUNT_IDX][0] || !GLOBAL_REG_GAM[GFX_FLSH_CNTL_IDX][0]) begin : g_bad_gam_regs
    $error("gtref_pkg: a register gt_gam updates or reads is not flagged GAM");
  end
  // GAM-22: gt_engine relies on INSTPM's row (masked, bits 5 and 9 not RW) to never store them; GAM-21 on
  // GFX_FLSH_CNTL being writable (a write of any value invalidates)
  if (!ENGINE_REG_MASKED[INSTPM_IDX][0] || (ENGINE_REG_RW[INSTPM_IDX] & (INSTPM_TLB_INVALIDATE | INSTPM_SYNC_FLUSH)) != 32'd0 ||
      GLOBAL_REG_RW[GFX_FLSH_CNTL_IDX] == 32'd0) begin : g_bad_gam_p2_regs
    $error("gtref_pkg: INSTPM must be masked without RW bits 5 and 9, GFX_FLSH_CNTL writable (docs/gam.md GAM-21, GAM-22)");
  end
  // C36: up to 128 pairs, counted in gt_engine's 8-bit lri_left (from DW0 length bits [8:1])
  if (MI_LOAD_REGISTER_IMM_MAX_LEN > 257 || MI_LOAD_REGISTER_IMM_LEN_BITS > 8) begin : g_bad_lri_len
    $error("gtref_pkg: gt_engine counts MI_LOAD_REGISTER_IMM pairs in 8 bits (at most 128 pairs)");
  end
  if (MI_CLFLUSH_MAX_LEN > 2047 || MI_MATH_MAX_LEN > 2047 || MI_STORE_DATA_IMM_MAX_LEN > 2047) begin : g_bad_cmd_len
    $error("gtref_pkg: gt_engine holds command lengths in 11 bits");
  end
  // gt_engine keeps DW1..DW10 (a[1:10]); a longer command is skipped by its length and must not need its later
  // dwords: MI_STORE_DATA_IMM is modelled up to 5 dwords (C35; longer forms are unimplemented), MI_ATOMIC's
  // operands end at DW6 (C28), MI_BATCH_BUFFER_START has 3 dwords
  if (MI_BATCH_BUFFER_START_MAX_LEN > 5 || MI_ATOMIC_MAX_LEN > 11 || F_MI_ATOMIC_OP2_1_HI > 32 * 11 - 1 ||
      MI_STORE_DATA_IMM_MIN_LEN != 4 || F_MI_STORE_DATA_IMM_DATA_HI != 159) begin : g_bad_args
    $error("gtref_pkg: gt_engine keeps DW1..DW10 only; SDI data at DW3..DW4, MI_ATOMIC operands within DW3..DW6");
  end
  // MI_ATOMIC's Data Size [20:19] and Inline Data [18] select the inline lengths 5/7/11 (at_inline_len, C28)
  if (F_MI_ATOMIC_SIZE_HI - F_MI_ATOMIC_SIZE_LO != 1 || F_MI_ATOMIC_INLINE_HI != F_MI_ATOMIC_INLINE_LO) begin : g_bad_atomic
    $error("gtref_pkg: gt_engine decodes MI_ATOMIC Data Size as 2 bits and Inline Data as 1");
  end
  // MI_SEMAPHORE_SIGNAL's Target Engine Select is 4 bits (DW0[18:15] on Gen11, C32)
  if (F_MI_SEMAPHORE_SIGNAL_TARGET_HI - F_MI_SEMAPHORE_SIGNAL_TARGET_LO != 3) begin : g_bad_sig_target
    $error("gtref_pkg: gt_engine decodes Target Engine Select as 4 bits");
  end
  // FORCE_TO_NONPRIV (C37): range [1:0], access [29:28] (RW 0, RD 1, WR 2: a write is allowed when bit 28 is 0
  // and access is not 3, i.e. bit 28 alone), deny [30]; CS MMIO bits (C38): DW0[19], LRR source DW0[18]
  if (NONPRIV_RANGE_MASK != 32'h3 || NONPRIV_ACCESS_MASK != 32'h3000_0000 || NONPRIV_ACCESS_LSB != 28 ||
      NONPRIV_DENY != 32'h4000_0000 || (NONPRIV_OFFSET_MASK & (NONPRIV_RANGE_MASK | NONPRIV_ACCESS_MASK | NONPRIV_DENY)) != 0 ||
      CS_MMIO_BIT != (32'd1 << F_MI_LOAD_REGISTER_IMM_CS_MMIO_LO) ||
      CS_MMIO_BIT != (32'd1 << F_MI_LOAD_REGISTER_MEM_CS_MMIO_LO) ||
      CS_MMIO_BIT != (32'd1 << F_MI_STORE_REGISTER_MEM_CS_MMIO_LO) ||
      CS_MMIO_BIT != (32'd1 << F_MI_LOAD_REGISTER_REG_CS_MMIO_DST_LO) ||
      CS_MMIO_LRR_SRC_BIT != (32'd1 << F_MI_LOAD_REGISTER_REG_CS_MMIO_SRC_LO)) begin : g_bad_nonpriv_fields
    $error("gtref_pkg: gt_engine assumes FORCE_TO_NONPRIV range [1:0], access [29:28], deny [30] and CS MMIO bits 19/18");
  end

  // ---- registers gt_engine addresses by a fixed index exist on every engine (ENGINE_REG_PRESENT_BY_ENGINE):
  //      only registers that no command names by itself may be missing from an engine ----
  localparam int NFIXED = 29;
  localparam int FIXED_REGS [NFIXED] = '{RING_TAIL_IDX, RING_HEAD_IDX, RING_START_IDX, RING_CTL_IDX, EIR_IDX,
    EMR_IDX, ESR_IDX, IMR_IDX, HWSTAM_IDX, IPEHR_IDX, HWS_PGA_IDX, NOPID_IDX, BB_STATE_IDX, SBB_ADDR_IDX, SBB_STATE_IDX, SBB_ADDR_UDW_IDX,
    BB_ADDR_IDX, BB_ADDR_UDW_IDX, MI_PREDICATE_RESULT_IDX, MI_PREDICATE_RESULT_2_IDX, MI_PREDICATE_SRC0_IDX,
    MI_PREDICATE_SRC0_UDW_IDX, MI_PREDICATE_SRC1_IDX, MI_PREDICATE_SRC1_UDW_IDX, MI_PREDICATE_DATA_IDX,
    MI_PREDICATE_DATA_UDW_IDX, MI_PREDICATE_RESULT_1_IDX, CS_GPR8_IDX, CS_GPR9_IDX};
  function automatic bit fixed_regs_present();
    for (int e = 0; e < MAX_ENGINES; e++) begin
      for (int k = 0; k < NFIXED; k++) if (!ENGINE_REG_PRESENT_BY_ENGINE[e][FIXED_REGS[k]][0]) return 1'b0;
      for (int k = 0; k < 32; k++) if (!ENGINE_REG_PRESENT_BY_ENGINE[e][CS_GPR0_IDX + k][0]) return 1'b0;
      for (int k = 0; k < 12; k++) if (!ENGINE_REG_PRESENT_BY_ENGINE[e][FORCE_TO_NONPRIV0_IDX + k][0]) return 1'b0;
    end
    return 1'b1;
  endfunction
  if (!fixed_regs_present()) begin : g_bad_reg_presence
    $error("gtref_pkg: a register gt_engine uses by index is missing from an engine");
  end
  if (CS_GPR0_IDX + 31 != CS_GPR31_IDX || FORCE_TO_NONPRIV0_IDX + 11 != FORCE_TO_NONPRIV11_IDX) begin : g_bad_reg_runs
    $error("gtref_pkg: gt_engine indexes CS_GPR0..31 and FORCE_TO_NONPRIV0..11 as runs");
  end

  // ---- DW0 flag bits (honoured or not) lie between the length field and the opcode ----
  if (SDI_STORE_QWORD_BIT < MI_STORE_DATA_IMM_LEN_BITS || SDI_STORE_QWORD_BIT > 22 ||
      SDI_USE_GGTT_BIT < MI_STORE_DATA_IMM_LEN_BITS || SDI_USE_GGTT_BIT > 22 ||
      BBS_PPGTT_BIT < MI_BATCH_BUFFER_START_LEN_BITS || BBS_PPGTT_BIT > 22 ||
      BBS_SECOND_LEVEL_BIT < MI_BATCH_BUFFER_START_LEN_BITS || BBS_SECOND_LEVEL_BIT > 22 ||
      LRI_BWD_LSB < MI_LOAD_REGISTER_IMM_LEN_BITS || LRI_BWD_LSB + 3 > 22) begin : g_bad_dw0_fields
    $error("gtref_pkg: a DW0 field overlaps the length field or the opcode");
  end
endmodule
