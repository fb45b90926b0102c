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

  // ---- index widths and argument registers ----
  if (ENGINE_REGS > 128) begin : g_bad_engine_regs
    $error("gtref_pkg: gt_engine indexes its registers with at most 7 bits");
  end
  if (GLOBAL_REGS > 16) begin : g_bad_global_regs
    $error("gtref_pkg: gt_irq indexes the global registers with 4 bits");
  end
  if (MI_LOAD_REGISTER_IMM_MAX_LEN > 255) begin : g_bad_lri_len
    $error("gtref_pkg: gt_engine counts MI_LOAD_REGISTER_IMM pairs in 7 bits");
  end
  if (MI_CLFLUSH_MAX_LEN > 2047 || MI_MATH_MAX_LEN > 2047) begin : g_bad_cmd_len
    $error("gtref_pkg: gt_engine holds command lengths in 11 bits");
  end
  if (MI_STORE_DATA_IMM_MAX_LEN > 5 || MI_BATCH_BUFFER_START_MAX_LEN > 5) begin : g_bad_args
    $error("gtref_pkg: gt_engine keeps DW1..DW4 only");
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
