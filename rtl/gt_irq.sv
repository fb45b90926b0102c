// gt_irq: the Gen11 GT interrupt block, reduced (docs/cycle-contract.md §5).
//
// Holds the global registers of gtref_pkg (GFX_MSTR_IRQ, GT_INTR_DW0/1, the engine enable and mask
// registers). An engine event with data bits d at the closing edge of its cycle (a retire's, or the RCS0
// watchdog's WATCHDOG in the cycle it reaches its threshold; the engine ORs the two):
//   d &= ENABLE[shift+15:shift]; if (d & ~MASK[shift+15:shift]) != 0, set bit ENGINE_INTR_BIT[e] of
//   GT_INTR_DW{ENGINE_INTR_DW[e]}. Disabled or masked events are dropped.
// Enable and mask are taken after a host write that transfers in the same cycle (the scoreboard applies a
// cycle's MMIO write before that cycle's retires, contract §7). An event and a host W1C clear of the same
// GT_INTR_DW bit in the same cycle: the event wins.
// irq = GFX_MSTR_IRQ[31] && (DW0 != 0 || DW1 != 0), registered: an event or a host write at the end of
// cycle n shows on irq in cycle n+1.
module gt_irq import gtref_pkg::*; #(
  parameter int NUM_ENGINES = 1
) (
  input  logic                         clk,
  input  logic                         rst_n,
  input  logic                         mmio_wr,      // an MMIO write transfers at this closing edge
  input  logic [31:0]                  mmio_addr,
  input  logic [31:0]                  mmio_wdata,
  output logic [31:0]                  mmio_rdata,   // the addressed global register, 0 if none
  output logic                         mmio_commit,  // mmio_wr names a global register with a writable bit
  output logic [31:0]                  mmio_new,     // its new stored value (0 unless mmio_commit)
  input  logic [NUM_ENGINES-1:0]       evt_valid,
  input  logic [NUM_ENGINES-1:0][15:0] evt_bits,
  output logic                         irq
);
  // Index of a global register by offset (elaboration time; the tables name only known registers).
  function automatic int gidx(input logic [31:0] off);
    for (int i = 0; i < GLOBAL_REGS; i++)
      if (GLOBAL_REG_OFF[i] == off) return i;
    return 0;
  endfunction

  function automatic logic reg_writable(input logic [3:0] i);
    return gt_reg_rules_pkg::reg_is_writable(GLOBAL_REG_RW[i], GLOBAL_REG_W1C[i], GLOBAL_REG_MASKED[i][0]);
  endfunction

  function automatic logic [31:0] reg_write(input logic [3:0] i, input logic [31:0] old, input logic [31:0] val);
    return gt_reg_rules_pkg::reg_apply_write(GLOBAL_REG_RW[i], GLOBAL_REG_W1C[i], GLOBAL_REG_MASKED[i][0], old, val);
  endfunction

  logic [31:0] g      [GLOBAL_REGS];  // stored values (GFX_MSTR_IRQ[1:0] are derived, never stored)
  logic [31:0] g_host [GLOBAL_REGS];  // after this cycle's host write

  // ---- host access ----
  logic [31:0] dw0, dw1;
  assign dw0 = g[GT_INTR_DW0_IDX];
  assign dw1 = g[GT_INTR_DW1_IDX];
  always_comb begin
    mmio_rdata  = '0;
    mmio_new    = '0;
    mmio_commit = 1'b0;
    for (int i = 0; i < GLOBAL_REGS; i++) begin
      g_host[i] = g[i];
      if (mmio_addr == GLOBAL_REG_OFF[i]) begin
        mmio_rdata = g[i];
        if (i == GFX_MSTR_IRQ_IDX) mmio_rdata = g[i] | {30'd0, dw1 != 32'd0, dw0 != 32'd0};
        if (mmio_wr && reg_writable(4'(i))) begin
          g_host[i]   = reg_write(4'(i), g[i], mmio_wdata);
          mmio_commit = 1'b1;
          mmio_new    = g_host[i];  // the stored value: derived bits read as 0 in commits
        end
      end
    end
  end

  // ---- engine events ----
  logic [NUM_ENGINES-1:0] fire;
  for (genvar e = 0; e < NUM_ENGINES; e++) begin : g_evt
    localparam int EN_I = gidx(ENGINE_INTR_EN_REG[e]);
    localparam int EN_S = int'(ENGINE_INTR_EN_SHIFT[e]);
    localparam int MK_I = gidx(ENGINE_INTR_MASK_REG[e]);
    localparam int MK_S = int'(ENGINE_INTR_MASK_SHIFT[e]);
    logic [15:0] en, mk;
    assign en      = g_host[EN_I][EN_S +: 16];
    assign mk      = g_host[MK_I][MK_S +: 16];
    assign fire[e] = evt_valid[e] && (evt_bits[e] & en & ~mk) != 16'd0;
  end

  logic [31:0] set0, set1;           // GT_INTR_DW bits raised by this cycle's events
  always_comb begin
    set0 = '0;
    set1 = '0;
    for (int e = 0; e < NUM_ENGINES; e++)
      if (fire[e]) begin
        if (ENGINE_INTR_DW[e] == 32'd0) set0[ENGINE_INTR_BIT[e][4:0]] = 1'b1;
        else                            set1[ENGINE_INTR_BIT[e][4:0]] = 1'b1;
      end
  end

  logic [31:0] set0_eff, set1_eff;   // bits set at this closing edge
`ifdef GTREF_BUG_LATE_IRQ
  // BUG (docs/rtl-bugs.md, LATE_IRQ): the event's GT_INTR_DW bit is set one cycle late.
  logic [31:0] set0_q, set1_q;
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      set0_q <= '0;
      set1_q <= '0;
    end else begin
      set0_q <= set0;
      set1_q <= set1;
    end
  end
  assign set0_eff = set0_q;
  assign set1_eff = set1_q;
`else
  assign set0_eff = set0;
  assign set1_eff = set1;
`endif

  logic [31:0] dw0_next, dw1_next;
  assign dw0_next = g_host[GT_INTR_DW0_IDX] | set0_eff;  // the event wins over a host clear
  assign dw1_next = g_host[GT_INTR_DW1_IDX] | set1_eff;

  // Commit rule 1: global registers change only when a host write transfers or an engine raises an
  // interrupt event (at a command's retire, or the watchdog's).
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      for (int i = 0; i < GLOBAL_REGS; i++) g[i] <= GLOBAL_REG_RESET[i];
      irq <= 1'b0;
    end else begin
      for (int i = 0; i < GLOBAL_REGS; i++) g[i] <= g_host[i];
      g[GT_INTR_DW0_IDX] <= dw0_next;
      g[GT_INTR_DW1_IDX] <= dw1_next;
      irq <= g_host[GFX_MSTR_IRQ_IDX][31] && (dw0_next != 32'd0 || dw1_next != 32'd0);
    end
  end
endmodule
