// gt_irq: the Gen11 GT interrupt aggregator (docs/interrupts.md IRQ-1, IRQ-6 to IRQ-21; cycle contract §5).
//
// State (interrupts.md §1), every bit a flop that changes only at a closing edge (IRQ-1):
//   g[]        the global registers of gtref_pkg: GFX_MSTR_IRQ (bit 31 = MSTR_EN stored; bits 1:0 derived on
//              reads), GT_INTR_DW0/1 (= DW_IIR), the enable and mask registers, INTR_IDENTITY_REG0/1 (the Shared
//              IIRs), IIR_REG_SELECTOR0/1
//   cr[b]      DW_CR, the secondary storage of DW b        sv[b]    "under service" (the snapshot window)
//   pend[b]    a presentation is due in this cycle         inst_cr[e]  the engine's collapsing register
//   irq        MSTR_EN && (DW_IIR0 | DW_IIR1) != 0 as the cycle before left them (IRQ-14)
//
// One cycle, in the order of IRQ-1, each step on the result of the previous one:
//   (a) the host access: a read returns the flops (X_q); a non-zero GT_INTR_DW read with SV = 0 opens the window
//       (IRQ-11); a write applies the table's rules and the register's own effects (IRQ-12, -13, -15, -17).
//       The `_h` signals are the state after this step; the host's commit report is that register's `_h` value
//       (IRQ-20). Engines never commit global registers (C6), so step (b) has nothing to do here.
//   (c) the engine events (all engines at once): the message s = d & ~IMR (IMR as the engine holds it at the end
//       of the cycle, IRQ-3: the engine passes it), a = s & EN_h (IRQ-7), INST_CR |= a (IRQ-8), a second-level
//       event when a brings a bit not in MASK_h or the host write unmasks a held bit (IRQ-9), which sets the
//       engine's DW bit in DW_CR when SV_h, else in DW_IIR (IRQ-10).
//   (d) a due presentation (PEND_q, not cancelled by an identity clear of this cycle) of the engine named by the
//       lowest set bit of SELECTOR_q, with P = INST_CR_q & ~MASK_q (IRQ-16).
module gt_irq import gtref_pkg::*; #(
  parameter int NUM_ENGINES = 1
) (
  input  logic                         clk,
  input  logic                         rst_n,
  input  logic                         mmio_wr,      // an MMIO write transfers at this closing edge
  input  logic                         mmio_rd,      // an MMIO read transfers at this closing edge
  input  logic [31:0]                  mmio_addr,
  input  logic [31:0]                  mmio_wdata,
  output logic [31:0]                  mmio_rdata,   // the addressed global register, 0 if none
  output logic                         mmio_commit,  // mmio_wr names a global register with a writable bit
  output logic [31:0]                  mmio_new,     // its value after this write alone (IRQ-20; 0 unless mmio_commit)
  input  logic [NUM_ENGINES-1:0]       evt_valid,    // engine event at this closing edge (IRQ-2)
  input  logic [NUM_ENGINES-1:0][15:0] evt_bits,     //   its data bits d
  input  logic [NUM_ENGINES-1:0][15:0] evt_imr,      //   the engine's IMR[15:0] at the end of this cycle (IRQ-3)
  output logic                         irq
);
  // Index of a global register by offset (elaboration time; the tables name only known registers).
  function automatic int gidx(input logic [31:0] off);
    for (int i = 0; i < GLOBAL_REGS; i++)
      if (GLOBAL_REG_OFF[i] == off) return i;
    return 0;
  endfunction

  localparam int GRW = $clog2(GLOBAL_REGS);   // global register index width
  typedef logic [GRW-1:0] gidx_t;

  function automatic logic reg_writable(input gidx_t i);
    return gt_reg_rules_pkg::reg_is_writable(GLOBAL_REG_RW[i], GLOBAL_REG_W1C[i], GLOBAL_REG_MASKED[i][0]);
  endfunction

  function automatic logic [31:0] reg_write(input gidx_t i, input logic [31:0] old, input logic [31:0] val);
    return gt_reg_rules_pkg::reg_apply_write(GLOBAL_REG_RW[i], GLOBAL_REG_W1C[i], GLOBAL_REG_MASKED[i][0], old, val);
  endfunction

  localparam int DW_I  [2] = '{GT_INTR_DW0_IDX, GT_INTR_DW1_IDX};
  localparam int ID_I  [2] = '{INTR_IDENTITY_REG0_IDX, INTR_IDENTITY_REG1_IDX};
  localparam int SEL_I [2] = '{IIR_REG_SELECTOR0_IDX, IIR_REG_SELECTOR1_IDX};

  logic [31:0] g      [GLOBAL_REGS];  // stored values (GFX_MSTR_IRQ[1:0] are derived, never stored)
  logic [31:0] g_host [GLOBAL_REGS];  // after this cycle's host access (step a)
  logic [31:0] cr [2], cr_h [2], cr_next [2];
  logic [1:0]  sv, sv_h, sv_next;
  logic [1:0]  pend, pend_next;
  logic [1:0]  sel_acc, id_clr;       // an accepted selector write / an identity clear (bit 31) this cycle
  logic [15:0] inst_cr [NUM_ENGINES];

  // =====================================================================================================
  // (a) host access
  // =====================================================================================================
  logic [31:0] dw0, dw1;
  assign dw0 = g[GT_INTR_DW0_IDX];
  assign dw1 = g[GT_INTR_DW1_IDX];
  always_comb begin
    mmio_rdata  = '0;
    mmio_new    = '0;
    mmio_commit = 1'b0;
    sv_h        = sv;
    cr_h        = cr;
    sel_acc     = '0;
    id_clr      = '0;
    g_host      = g;
    for (int i = 0; i < GLOBAL_REGS; i++) begin
      // the GAM-owned rows (GLOBAL_REG_GAM: fault, error, LRA, MIDARB and GAB registers) are gt_gam's
      if (!GLOBAL_REG_GAM[i][0] && mmio_addr == GLOBAL_REG_OFF[i]) begin
        mmio_rdata = g[i];                                   // reads return X_q, no side effect but IRQ-11
        if (i == GFX_MSTR_IRQ_IDX) mmio_rdata = g[i] | {30'd0, dw1 != 32'd0, dw0 != 32'd0};   // IRQ-13
        if (mmio_wr && reg_writable(gidx_t'(i))) begin
          g_host[i]   = reg_write(gidx_t'(i), g[i], mmio_wdata);  // the table's rules (MSTR: bit 31 only; DW: W1C)
          mmio_commit = 1'b1;
          for (int b = 0; b < 2; b++) begin
            // IRQ-12: a W1C write that leaves DW_IIR empty moves DW_CR in and closes the service window
            if (i == DW_I[b] && g_host[i] == 32'd0) begin
              g_host[i] = cr[b];
              cr_h[b]   = '0;
              sv_h[b]   = 1'b0;
            end
            // IRQ-15: accepted iff no Data-Valid and no presentation due; otherwise nothing changes
            if (i == SEL_I[b]) begin
              if (!g[ID_I[b]][INTR_DATA_VALID_LSB] && !pend[b]) sel_acc[b] = 1'b1;
              else g_host[i] = g[i];
            end
            // IRQ-17: bit 31 written 1 clears the whole identity (and, below, the selector and a due
            // presentation); bit 31 written 0 does nothing
            if (i == ID_I[b]) begin
              if ((mmio_wdata & INTR_DATA_VALID) != 32'd0) begin
                g_host[i] = '0;
                id_clr[b] = 1'b1;
              end else g_host[i] = g[i];
            end
          end
          mmio_new = g_host[i];                              // IRQ-20: as this write alone leaves it
        end
      end
    end
    for (int b = 0; b < 2; b++) begin
      // IRQ-11: a DW read that returns non-zero outside the window opens it, already for this cycle's events
      if (mmio_rd && mmio_addr == GLOBAL_REG_OFF[DW_I[b]] && g[DW_I[b]] != 32'd0 && !sv[b]) sv_h[b] = 1'b1;
`ifdef GTREF_BUG_IRQ_SELECTOR_KEPT
      // BUG (docs/rtl-bugs.md, IRQ_SELECTOR_KEPT): the identity clear leaves the selector as it was.
`else
      if (id_clr[b]) g_host[SEL_I[b]] = '0;                  // IRQ-17: the identity clear clears the selector
`endif
    end
  end

  // IRQ-15, IRQ-16: an accepted non-zero selector write makes a presentation due in the next cycle
  // (INTR_PRESENT_DELAY = 1, checked by gt_pkg_check); an identity clear cannot come in the same cycle (one access).
  for (genvar b = 0; b < 2; b++) begin : g_pend
    assign pend_next[b] = sel_acc[b] && mmio_wdata != 32'd0;
  end

  // =====================================================================================================
  // (c) engine events and (d) the presentation, per engine
  // =====================================================================================================
  logic [NUM_ENGINES-1:0]       sl;        // second-level event of engine e (IRQ-9)
  logic [NUM_ENGINES-1:0][15:0] a_lat;     // bits latched into INST_CR (IRQ-8)
  logic [NUM_ENGINES-1:0][15:0] pres_p;    // P[e]: bits a presentation takes this cycle (IRQ-16)
  logic [NUM_ENGINES-1:0][31:0] pres_id;   // the identity it makes (0 unless engine e is presented)
  logic [1:0]                   pres;      // DW b's due presentation happens at this closing edge
  logic [31:0]                  sel_low [2];  // lowest set bit of SELECTOR_q (one-hot, 0 if none)

  for (genvar b = 0; b < 2; b++) begin : g_pres
    assign pres[b]    = pend[b] && !id_clr[b];                 // IRQ-17: a clear in this cycle cancels it
    assign sel_low[b] = g[SEL_I[b]] & (~g[SEL_I[b]] + 32'd1);
  end

  for (genvar e = 0; e < NUM_ENGINES; e++) begin : g_evt
    localparam int EN_I = gidx(ENGINE_INTR_EN_REG[e]);
    localparam int EN_S = int'(ENGINE_INTR_EN_SHIFT[e]);
    localparam int MK_I = gidx(ENGINE_INTR_MASK_REG[e]);
    localparam int MK_S = int'(ENGINE_INTR_MASK_SHIFT[e]);
    localparam int B    = int'(ENGINE_INTR_DW[e]);
    localparam int K    = int'(ENGINE_INTR_BIT[e]);
    logic [15:0] en_h, mk_h, mk_q, s, a;
    logic        chosen;
    assign en_h = g_host[EN_I][EN_S +: 16];
    assign mk_h = g_host[MK_I][MK_S +: 16];
    assign mk_q = g[MK_I][MK_S +: 16];
    assign s    = evt_valid[e] ? evt_bits[e] & ~evt_imr[e] : 16'd0;  // IRQ-3: masked at IMR, dropped
`ifdef GTREF_BUG_IRQ_ENABLE_SAME_CYCLE
    // BUG (docs/rtl-bugs.md, IRQ_ENABLE_SAME_CYCLE): a host write of the enable register in the cycle of the
    // engine's message drops the message, whatever the value written.
    assign a    = (mmio_wr && mmio_addr == GLOBAL_REG_OFF[EN_I]) ? 16'd0 : s & en_h;
`else
    assign a    = s & en_h;                                            // IRQ-7: not enabled, dropped
`endif
`ifdef GTREF_BUG_IRQ_MASK_BEFORE_LATCH
    // BUG (docs/rtl-bugs.md, IRQ_MASK_BEFORE_LATCH): the mask field is applied before latching, so a masked
    // event is dropped instead of held in INST_CR.
    assign a_lat[e] = a & ~mk_h;
`else
    assign a_lat[e] = a;                                               // IRQ-8: held while masked
`endif
    // IRQ-9: an enabled unmasked bit arrives, or this cycle's host write unmasks a held bit
`ifdef GTREF_BUG_IRQ_MASK_SAME_CYCLE
    // BUG (docs/rtl-bugs.md, IRQ_MASK_SAME_CYCLE): in the cycle of a host write of the mask register only the
    // unmask of held bits makes a second-level event; the message arriving in that cycle is latched but makes none.
    assign sl[e] = (mmio_wr && mmio_addr == GLOBAL_REG_OFF[MK_I]) ? (inst_cr[e] & mk_q & ~mk_h) != 16'd0
                                                                   : (a & ~mk_h) != 16'd0 || (inst_cr[e] & mk_q & ~mk_h) != 16'd0;
`else
    assign sl[e] = (a & ~mk_h) != 16'd0 || (inst_cr[e] & mk_q & ~mk_h) != 16'd0;
`endif
    // IRQ-16: presented when its DW's presentation is due and the selector's lowest set bit is its bit
    assign chosen     = pres[B] && sel_low[B][K];
`ifdef GTREF_BUG_IRQ_SELECTOR_SAME_CYCLE
    // BUG (docs/rtl-bugs.md, IRQ_SELECTOR_SAME_CYCLE): the presentation takes the pending bits as they were at the
    // start of the selector write's cycle, one cycle early: bits latched in that cycle are left out.
    logic [15:0] p_early;
    always_ff @(posedge clk) p_early <= inst_cr[e] & ~mk_q;
    assign pres_p[e]  = chosen ? p_early & inst_cr[e] & ~mk_q : 16'd0;
`elsif GTREF_BUG_IRQ_PRESENT_UNMASKED
    // BUG (docs/rtl-bugs.md, IRQ_PRESENT_UNMASKED): the presentation ignores the mask field: it takes every bit of
    // INST_CR, the held ones too, into the identity and out of INST_CR.
    assign pres_p[e]  = chosen ? inst_cr[e] : 16'd0;
`else
    assign pres_p[e]  = chosen ? inst_cr[e] & ~mk_q : 16'd0;
`endif
    assign pres_id[e] = chosen ? INTR_DATA_VALID | (ENGINE_INSTANCE[e] << INTR_INSTANCE_LSB) |
                                 (ENGINE_CLASS[e] << INTR_CLASS_LSB) | ({16'd0, pres_p[e]} & INTR_DATA_MASK)
                               : 32'd0;
    always_ff @(posedge clk) begin
      if (!rst_n) inst_cr[e] <= '0;
      else        inst_cr[e] <= (inst_cr[e] & ~pres_p[e]) | a_lat[e];   // IRQ-8
    end
  end

  // Second-level events land in their engine's DW bit (IRQ-10); every engine sets its own bit.
  logic [NUM_ENGINES-1:0] sl_eff;
`ifdef GTREF_BUG_IRQ_SAME_CYCLE_MERGE
  // BUG (docs/rtl-bugs.md, IRQ_SAME_CYCLE_MERGE): of several engines' second-level events in one cycle only the
  // lowest-numbered engine's lands.
  assign sl_eff = sl & (~sl + 1'b1);
`else
  assign sl_eff = sl;
`endif
  logic [31:0] set [2];
  logic [31:0] id_pres [2];   // the identity made by a presentation at this edge (0 if none)
  always_comb begin
    for (int b = 0; b < 2; b++) begin
      set[b]     = '0;
      id_pres[b] = pres[b] ? INTR_DATA_VALID : 32'd0;    // no engine of the build at that bit: 0x80000000
    end
    for (int e = 0; e < NUM_ENGINES; e++) begin
      if (sl_eff[e]) set[ENGINE_INTR_DW[e][0]][ENGINE_INTR_BIT[e][4:0]] = 1'b1;
      id_pres[ENGINE_INTR_DW[e][0]] = id_pres[ENGINE_INTR_DW[e][0]] | pres_id[e];
    end
  end

  logic [31:0] set0_eff, set1_eff;   // DW bits set at this closing edge
`ifdef GTREF_BUG_LATE_IRQ
  // BUG (docs/rtl-bugs.md, LATE_IRQ): the second-level event's GT_INTR_DW bit is set one cycle late.
  logic [31:0] set0_q, set1_q;
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      set0_q <= '0;
      set1_q <= '0;
    end else begin
      set0_q <= set[0];
      set1_q <= set[1];
    end
  end
  assign set0_eff = set0_q;
  assign set1_eff = set1_q;
`else
  assign set0_eff = set[0];
  assign set1_eff = set[1];
`endif

  logic [31:0] dw_next [2], set_eff [2];
  assign set_eff[0] = set0_eff;
  assign set_eff[1] = set1_eff;
  for (genvar b = 0; b < 2; b++) begin : g_dw
    // IRQ-10, IRQ-12: in the window (SV_h) the event goes to DW_CR, else to DW_IIR (and wins over a clear)
    assign dw_next[b] = sv_h[b] ? g_host[DW_I[b]] : g_host[DW_I[b]] | set_eff[b];
`ifdef GTREF_BUG_IRQ_WINDOW_LOST
    // BUG (docs/rtl-bugs.md, IRQ_WINDOW_LOST): an event arriving while the DW is under service is dropped
    // instead of kept in DW_CR.
    assign cr_next[b] = cr_h[b];
`else
    assign cr_next[b] = sv_h[b] ? cr_h[b] | set_eff[b] : cr_h[b];
`endif
    assign sv_next[b] = sv_h[b];
  end

  // IRQ-14: irq is a flop of the level MSTR_EN_next && (DW_IIR0_next | DW_IIR1_next) != 0.
  logic mstr_next, lvl_next, lvl_q;
  assign mstr_next = (g_host[GFX_MSTR_IRQ_IDX] & MSTR_IRQ_ENABLE) != 32'd0;
  assign lvl_next  = dw_next[0] != 32'd0 || dw_next[1] != 32'd0;

  // Every state changes only here, at a closing edge (IRQ-1); rst_n puts each to its reset value (IRQ-21).
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      for (int i = 0; i < GLOBAL_REGS; i++) g[i] <= GLOBAL_REG_RESET[i];
      for (int b = 0; b < 2; b++) cr[b] <= '0;
      sv    <= '0;
      pend  <= '0;
      lvl_q <= 1'b0;
      irq   <= 1'b0;
    end else begin
      for (int i = 0; i < GLOBAL_REGS; i++) g[i] <= g_host[i];
      for (int b = 0; b < 2; b++) begin
        g[DW_I[b]] <= dw_next[b];
        if (pres[b]) g[ID_I[b]] <= id_pres[b];      // IRQ-16 (a presentation changes no DW bit, no selector)
        cr[b] <= cr_next[b];
      end
      sv    <= sv_next;
      pend  <= pend_next;
      lvl_q <= lvl_next;
`ifdef GTREF_BUG_IRQ_MASTER_EDGE
      // BUG (docs/rtl-bugs.md, IRQ_MASTER_EDGE): irq pulses on a rising edge of the pending level instead of
      // following it, so re-enabling the master with bits still pending leaves it low.
      irq   <= mstr_next && lvl_next && !lvl_q;
`elsif GTREF_BUG_IRQ_MASTER_SAME_CYCLE
      // BUG (docs/rtl-bugs.md, IRQ_MASTER_SAME_CYCLE): in the cycle of a host write of GFX_MSTR_IRQ the line takes
      // the pending level as the cycle started, without that cycle's second-level events.
      irq   <= mstr_next && (mmio_wr && mmio_addr == GLOBAL_REG_OFF[GFX_MSTR_IRQ_IDX] ? (dw0 != 32'd0 || dw1 != 32'd0)
                                                                                    : lvl_next);
`else
      irq   <= mstr_next && lvl_next;
`endif
    end
  end
`ifndef GTREF_BUG_IRQ_MASTER_EDGE
  logic unused_lvl_q;
  assign unused_lvl_q = lvl_q;
`endif
endmodule
