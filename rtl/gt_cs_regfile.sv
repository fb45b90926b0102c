// gt_cs_regfile: the register file of one command streamer (docs/cycle-contract.md §2, §8) and its access rules
// (docs/commands.md §2).
//
//   storage       ENGINE_REGS registers from gtref_pkg (offset, reset, RW, W1C, masked), at ENGINE_BASE[ENGINE] +
//                 offset; a register this engine does not have holds its reset value and is never found.
//   host port     MMIO reads and writes from gt_top's decode; host_we/host_new tell the engine's units which
//                 register a host write changes in this cycle and to what.
//   commit port   the engine's one register write of this cycle (commit rule 3); it wins over a host write to the
//                 same register in the same cycle.
//   lookup ports  write targets (TGT_*: found, writable and, from a non-privileged batch, allowed) and read
//                 sources (RD_*: the register as an MMIO read returns it, 0 if none) at absolute offsets, with the
//                 FORCE_TO_NONPRIV whitelist (C13, C37).
module gt_cs_regfile import gtref_pkg::*, gt_cs_pkg::*; #(
  parameter int ENGINE = 0
) (
  input  logic                   clk,
  input  logic                   rst_n,
  // host register access (gt_top registers the read data and the commit report)
  input  logic                   mmio_wr,       // an MMIO write transfers at this closing edge
  input  logic [31:0]            mmio_addr,
  input  logic [31:0]            mmio_wdata,
  output logic [31:0]            mmio_rdata,    // the addressed register of this engine, 0 if none
  output logic                   mmio_commit,   // mmio_wr names a register of this engine with a writable bit
  output logic [31:0]            mmio_new,      // its new stored value (0 unless mmio_commit)
  output logic [ENGINE_REGS-1:0] host_we,       // the host write of this cycle changes register i ...
  output logic [31:0]            host_new,      // ... to this value (the register the write names; its value
                                                //     means nothing when host_we is 0)
  // the engine's register write of this cycle
  input  logic                   c_valid,
  input  ridx_t                  c_idx,
  input  logic [31:0]            c_val,
  // the registers as they are held in this cycle
  gt_cs_regs_if                  regs,          // the registers (regs.r), held here
  // derived read values (docs/execlists.md EL-13): EXECLIST_STATUS_LO/HI are never stored, read as computed
  input  logic [31:0]            el_status_lo,
  input  logic [31:0]            el_status_hi,
  // lookup ports
  input  logic                   cur_np,        // the command is non-privileged (C13)
  input  logic [31:0]            tgt_off [3],   // TGT_LRI, TGT_LRR, TGT_LRM: absolute offsets (abs_off)
  output logic [2:0]             tgt_hit,       //   a register this command may write
  output ridx_t                  tgt_idx [3],   //   which
  output logic [2:0]             tgt_np_ok,     //   allowed as far as privilege goes: from a non-privileged batch
                                                //   per C13, C37 (np_allowed); from a privileged command always
  input  logic [31:0]            rd_off [3],    // RD_LRR, RD_SRM, RD_POLL: absolute offsets
  output logic [31:0]            rd_val [3]     //   the register's value, 0 if none (C14)
);

  // ---- the value a read returns: the register, or the derived value of a DERIVED row (EL-13) ----
  function automatic logic [31:0] rd_value(input int i);
    if (i == EXECLIST_STATUS_LO_IDX) return el_status_lo;
    if (i == EXECLIST_STATUS_HI_IDX) return el_status_hi;
    return regs.r[i];
  endfunction

  // ---- host access ----
  // The register the host addresses, found once (reg_find: a table read, not a search of the table); only it can be
  // read or written, so its read value and its new value are the only ones computed (docs/performance.md).
  logic [RIW:0] host_f;
  ridx_t        host_idx;
  logic         host_wr;       // the host write of this cycle changes register host_widx
  ridx_t        host_widx;     // the register a host write changes: the one it names
  assign host_f   = reg_find(ENGINE, mmio_addr);
  assign host_idx = host_f[RIW-1:0];
`ifdef GTREF_BUG_HOST_WE_PRED_RESULT2
  // BUG (docs/rtl-bugs.md, HOST_WE_PRED_RESULT2): the write enable of a host write of MI_PREDICATE_RESULT_2 is decoded
  // as MI_PREDICATE_RESULT_1's: the value goes there, and MI_PREDICATE_RESULT_2 keeps its old value.
  assign host_widx = host_idx == ridx_t'(MI_PREDICATE_RESULT_2_IDX) ? ridx_t'(MI_PREDICATE_RESULT_1_IDX) : host_idx;
`else
  assign host_widx = host_idx;
`endif
  always_comb begin
    host_wr     = mmio_wr && host_f[RIW] && reg_writable(ENGINE, host_idx);
    host_new    = reg_write(ENGINE, host_idx, regs.r[host_idx], mmio_wdata);
    host_we     = host_wr ? ENGINE_REGS'(1) << host_widx : '0;
    mmio_rdata  = host_f[RIW] ? rd_value(int'(host_idx)) : 32'd0;
    mmio_commit = host_wr;
    mmio_new    = host_wr ? host_new : 32'd0;
  end

  // Commit rule 1: registers change only here, at a command's retire (RING_HEAD, EIR), at a register
  // write of the command in flight (LRI, IPEHR, ESR), or when a host write transfers. Commit rule 3: each
  // engine-side change is the one reported on probe_commit_* in the cycle of its closing edge.
  // The engine's write wins over a host write to the same register in the same cycle; the host's commit report
  // still shows the host's value (docs/cycle-contract.md §8, resolved corner cases).
  // One always_ff per register (a generate loop: ENGINE_REGS exceeds Verilator's loop-unroll limit),
  // reset to this engine's value (EMR differs per engine). A register the engine does not have is neither
  // found by reg_find nor hit by the host, so nothing writes it: it holds its reset value.
  for (genvar i = 0; i < ENGINE_REGS; i++) begin : g_reg
    if (reg_present(ENGINE, ridx_t'(i))) begin : g_present
      always_ff @(posedge clk) begin
        if (!rst_n) regs.r[i] <= ENGINE_REG_RESET_BY_ENGINE[ENGINE][i];
        // CONTEXT_STATUS_PTR (docs/execlists.md EL-22): the engine's commit sets the write pointer (bits 3:0);
        // a host write of the same cycle keeps the rest (the read pointer, bits 11:8, is the host's)
        else if (i == CONTEXT_STATUS_PTR_IDX && c_valid && c_idx == ridx_t'(i) && host_wr && host_widx == ridx_t'(i))
          regs.r[i] <= (c_val & CSB_WRITE_PTR_MASK) | (host_new & ~CSB_WRITE_PTR_MASK);
        else if (c_valid && c_idx == ridx_t'(i)) regs.r[i] <= c_val;
        else if (host_wr && host_widx == ridx_t'(i)) regs.r[i] <= host_new;
      end
    end else begin : g_absent
      assign regs.r[i] = ENGINE_REG_RESET_BY_ENGINE[ENGINE][i];
    end
  end

  // =====================================================================================================
  // Register sources and targets (commands.md §2)
  // =====================================================================================================
  // Read source: the register as an MMIO read returns it; an offset naming no register of this engine
  // reads 0 (C14). reg_find finds a register this engine has (ENGINE_REG_PRESENT_BY_ENGINE).
  function automatic logic [31:0] read_reg(input logic [31:0] off);
    logic [RIW:0] f;
    f = reg_find(ENGINE, off);
    return f[RIW] ? rd_value(int'(f[RIW-1:0])) : 32'd0;
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
  // Whether an entry allows (bit 0) and whether one denies (bit 1) a write at off: one pass over the twelve entries.
  function automatic logic [1:0] ftn_verdict(input logic [31:0] off);
    logic allow, deny;
    allow = 1'b0;
    deny  = 1'b0;
    for (int k = 0; k < 12; k++) begin
      logic [31:0] ent;
      ent = regs.r[FORCE_TO_NONPRIV0_IDX + k];
      if (ftn_covers(ent, off)) begin
        if ((ent & NONPRIV_DENY) != 32'd0) deny = 1'b1;
        else if (ftn_access_wr(ent[NONPRIV_ACCESS_LSB +: NONPRIV_ACCESS_WIDTH])) allow = 1'b1;
      end
    end
    return {deny, allow};
  endfunction

  // A write target from a non-privileged batch is allowed (C13, C37) when no entry of this engine denies it
  // (a deny wins) and it is a NONPRIV-flagged register of this engine (CS_GPR*, MI_PREDICATE_*) or an entry
  // allows it (f: the register at off, reg_find). From a privileged command every target is allowed.
  function automatic logic np_allowed(input logic [31:0] off, input logic [RIW:0] f);
    logic [1:0] v;
    v = ftn_verdict(off);
    return !v[1] && ((f[RIW] && ENGINE_REG_NONPRIV[f[RIW-1:0]][0]) || v[0]);
  endfunction

  // Write target (LRI pairs, LRR and LRM destinations), at absolute offset off: a register of this engine with
  // a writable bit (C6), allowed when the command is non-privileged (C13). Any other target is dropped without
  // a commit and without an error. Each lookup finds the register once (a table read) and asks the whitelist
  // once, and only for a non-privileged command (the whitelist was most of the engine's evaluation time).
  always_comb
    for (int p = 0; p < 3; p++) begin
      logic [RIW:0] f;
      logic         np_ok;
      f            = reg_find(ENGINE, tgt_off[p]);
      if (cur_np) np_ok = np_allowed(tgt_off[p], f);
      else        np_ok = 1'b1;
      tgt_hit[p]   = f[RIW] && reg_writable(ENGINE, f[RIW-1:0]) && np_ok;
      tgt_idx[p]   = f[RIW-1:0];
      tgt_np_ok[p] = np_ok;
      rd_val[p]    = read_reg(rd_off[p]);
    end
endmodule
