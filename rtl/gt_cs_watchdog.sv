// gt_cs_watchdog: the watchdog of one command streamer (docs/commands.md §7, W1-W5; docs/cycle-contract.md §5),
// instanced by gt_engine on an engine that has PR_CTR_CTL and PR_CTR_THRSH (the table gives them to RCS0 only).
// Independent of the parser: it runs while the engine is idle or halted.
//   running  iff PR_CTR_CTL[30:0] == 0 (W2); a change from stopped to running clears the counter.
//   ticks    PR_CTR_CTL[31] = 1: every cycle; = 0: every 64th cycle (W3). Every commit of PR_CTR_CTL (engine
//            commit or host write transfer, even of the same value) restarts the count: the first cycle
//            that can tick is the next one, and the 64-cycle ticks fall on its 64th, 128th, ... cycle.
//   fire     after a tick, counter == PR_CTR_THRSH as held in this cycle (a commit takes effect from the
//            next cycle): WATCHDOG (interrupt data bit 6) at this closing edge, and the counter becomes 0
//            (W4). PR_CTR_CTL and PR_CTR_THRSH are read as the register file holds them in this cycle.
module gt_cs_watchdog import gtref_pkg::*; (
  input  logic         clk,
  input  logic         rst_n,
  input  logic [31:0]  ctl,         // PR_CTR_CTL
  input  logic [31:0]  thr,         // PR_CTR_THRSH
  input  logic         ctl_eng,     // the engine commits PR_CTR_CTL at this closing edge ...
  input  logic [31:0]  ctl_eng_val, //   ... with this value (it wins over a host write of the same cycle)
  input  logic         ctl_host,    // a host write of PR_CTR_CTL transfers at this closing edge ...
  input  logic [31:0]  ctl_host_val,//   ... and leaves this value
  output logic         wd_fire      // WATCHDOG at this closing edge
);
  logic [31:0] ctl_next, cnt, cnt_inc;
  logic [5:0]  div;         // cycles since the cycle after the last PR_CTR_CTL commit, modulo 64
  logic        ctl_upd, running, starts, per_clock, tick;
  // a PR_CTR_CTL commit at this closing edge; the engine's value wins over a host write of the same cycle
  assign ctl_upd  = ctl_eng || ctl_host;
  assign ctl_next = ctl_eng ? ctl_eng_val : ctl_host_val;
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
endmodule
