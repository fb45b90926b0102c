// gtref testbench top: instantiates the DUT and hands every cycle to the C side over DPI-C
// (docs/cycle-contract.md). All DUT inputs are driven, and all outputs sampled, at the falling edge.
// RTL_NAME and BUILD_ID are set by the build (Makefile): the simulator knows which configuration it is, so a
// record says so whoever runs it, and replay finds the same binary.
module tb_top #(parameter int NUM_ENGINES = 1, parameter string RTL_NAME = "clean", parameter string BUILD_ID = "unknown");
  // RTL code coverage (make coverage) measures the design under test, not this testbench
  /* verilator coverage_off */
  import "DPI-C" function chandle gtref_tb_open(input string stim_path, input string result_path,
                                                input string rtl_built, input string rtl_asked,
                                                input string build_id, input int num_engines);
  import "DPI-C" function void gtref_tb_engine_probe(input chandle tb, input int e,
      input bit retire, input int unsigned retire_dw0, input longint unsigned retire_addr, input bit retire_err,
      input bit commit_valid, input int unsigned commit_off, input int unsigned commit_data,
      input bit idle, input bit halted,
      input bit req_valid, input int req_client, input bit req_ggtt, input longint unsigned req_va,
      input bit req_write, input longint unsigned req_wdata, input byte unsigned req_be);
  // the GAM's probes (docs/gam.md GAM-17): what happened at the previous closing edge
  import "DPI-C" function void gtref_tb_gam_probe(input chandle tb,
      input bit gnt_valid, input int gnt_engine, input int arb_state,
      input bit lookup_valid, input int lookup_engine, input bit lookup_hit, input int lookup_index,
      input bit fill_valid, input int fill_engine, input int fill_index,
      input bit fault_valid, input int fault_engine, input int fault_type,
      input int wr_ack, input int rsp, input int unsigned casc);
  import "DPI-C" function int gtref_tb_cycle(input chandle tb,
      input bit mmio_req_ready, input bit mmio_rsp_valid, input int unsigned mmio_rsp_rdata,
      input bit mmio_commit_valid, input int unsigned mmio_commit_off, input int unsigned mmio_commit_data,
      input bit mem_req_valid, input bit mem_req_write, input longint unsigned mem_req_addr,
      input longint unsigned mem_req_wdata, input byte unsigned mem_req_be, input int mem_req_src,
      input bit irq,
      output bit o_mmio_req_valid, output bit o_mmio_req_write, output int unsigned o_mmio_req_addr,
      output int unsigned o_mmio_req_wdata, output bit o_mem_req_ready, output bit o_mem_rsp_valid,
      output bit [511:0] o_mem_rsp_data);
  import "DPI-C" function int gtref_tb_close(input chandle tb);
  import "DPI-C" function void gtref_tb_exit(input int status);
  import "DPI-C" function void gtref_tb_cap_cycles(input chandle tb, input longint unsigned max_cycles);
  import "DPI-C" function int gtref_tb_cmdtrace(input chandle tb, input string path);
  // +stims=LIST: several tests one after another in this process (gtref regress --tests-per-process)
  import "DPI-C" function chandle gtref_tb_batch_open(input string list_path, input longint unsigned max_cycles);
  import "DPI-C" function chandle gtref_tb_batch_next(input chandle batch, input string rtl_built, input string rtl_asked,
                                                      input string build_id, input int num_engines);
  import "DPI-C" function void gtref_tb_selftest(input string crash_test, input string hang_test);

  logic clk = 1'b0;
  logic rst_n = 1'b0;

  bit          mmio_req_valid, mmio_req_write;
  int unsigned mmio_req_addr, mmio_req_wdata;
  logic        mmio_req_ready, mmio_rsp_valid;
  logic [31:0] mmio_rsp_rdata;
  logic        mem_req_valid, mem_req_write;
  logic [63:0] mem_req_addr, mem_req_wdata;
  logic [7:0]  mem_req_be;
  logic [2:0]  mem_req_src;
  bit          mem_req_ready, mem_rsp_valid;
  bit [511:0]  mem_rsp_data;
  logic        irq;
  logic [NUM_ENGINES-1:0]       probe_retire, probe_retire_err, probe_commit_valid, probe_idle, probe_halted;
  logic [NUM_ENGINES-1:0][31:0] probe_retire_dw0, probe_commit_off, probe_commit_data;
  logic [NUM_ENGINES-1:0][63:0] probe_retire_addr;
  logic        probe_mmio_commit_valid;
  logic [31:0] probe_mmio_commit_off, probe_mmio_commit_data;
  logic [NUM_ENGINES-1:0]       probe_req_valid, probe_req_ggtt, probe_req_write;
  logic [NUM_ENGINES-1:0][1:0]  probe_req_client;
  logic [NUM_ENGINES-1:0][63:0] probe_req_va, probe_req_wdata;
  logic [NUM_ENGINES-1:0][7:0]  probe_req_be;
  logic        probe_gam_gnt_valid, probe_gam_lookup_valid, probe_gam_lookup_hit, probe_gam_fill_valid;
  logic        probe_gam_fault_valid;
  logic [1:0]  probe_gam_gnt_engine, probe_gam_arb_state, probe_gam_lookup_engine, probe_gam_fill_engine;
  logic [1:0]  probe_gam_fault_engine, probe_gam_fault_type;
  logic [4:0]  probe_gam_lookup_index, probe_gam_fill_index;
  logic [NUM_ENGINES-1:0] probe_gam_wr_ack, probe_gam_rsp;
  logic [29:0] probe_gam_casc;

  gt_top #(.NUM_ENGINES(NUM_ENGINES)) dut (
    .clk, .rst_n,
    .mmio_req_valid, .mmio_req_write, .mmio_req_addr, .mmio_req_wdata, .mmio_req_ready,
    .mmio_rsp_valid, .mmio_rsp_rdata,
    .mem_req_valid, .mem_req_write, .mem_req_addr, .mem_req_wdata, .mem_req_be, .mem_req_src,
    .mem_req_ready, .mem_rsp_valid, .mem_rsp_data,
    .irq,
    .probe_retire, .probe_retire_dw0, .probe_retire_addr, .probe_retire_err,
    .probe_commit_valid, .probe_commit_off, .probe_commit_data, .probe_idle, .probe_halted,
    .probe_mmio_commit_valid, .probe_mmio_commit_off, .probe_mmio_commit_data,
    .probe_req_valid, .probe_req_client, .probe_req_ggtt, .probe_req_va, .probe_req_write, .probe_req_wdata,
    .probe_req_be,
    .probe_gam_gnt_valid, .probe_gam_gnt_engine, .probe_gam_arb_state,
    .probe_gam_lookup_valid, .probe_gam_lookup_engine, .probe_gam_lookup_hit, .probe_gam_lookup_index,
    .probe_gam_fill_valid, .probe_gam_fill_engine, .probe_gam_fill_index,
    .probe_gam_fault_valid, .probe_gam_fault_engine, .probe_gam_fault_type,
    .probe_gam_wr_ack, .probe_gam_rsp, .probe_gam_casc
  );

  // The clock generator is the one process that toggles clk; a blocking assignment is the usual idiom.
  // verilator lint_off BLKSEQ
  always #5 clk = ~clk;
  // verilator lint_on BLKSEQ

  chandle tb;
  string stim_path, result_path, rtl_name;
  int done;
  int exit_status = 0;

  // Exit status for direct use of the simulator: 0 pass, 1 fail, 2 could not run (gtref itself reads the
  // result record). $finish always exits 0 and $fatal aborts, so the status leaves through C at the end.
`ifdef GTREF_TRACE
  // tracing build: exit normally so that Verilator closes the FST; the record carries the verdict
  final gtref_tb_exit(exit_status & 0);
`elsif GTREF_COVERAGE
  // coverage build (make coverage, docs/regress.md): this process's coverage.dat is written before the status
  // leaves (dpi/vl_coverage.cpp); the verdict is unchanged
  import "DPI-C" function void gtref_tb_coverage_write();
  final begin
    gtref_tb_coverage_write();
    gtref_tb_exit(exit_status);
  end
`else
  final gtref_tb_exit(exit_status);
`endif

  longint unsigned max_cycles_cap;
  string cmdtrace_path, list_path, selftest_crash, selftest_hang;
  chandle batch;        // +stims=LIST: the tests still to run in this process (null: one test, +stim=)
  int reset_left;       // falling edges of reset still to go before the test's first cycle

  // The testbench drives the DUT's inputs at the falling edge with blocking assignments (as a coroutine would):
  // verilator lint_off BLKSEQ
  // All DUT inputs low, and reset asserted for 4 rising edges before a test's first cycle: at time 0 for the
  // first test, from the falling edge that ends a test for the next one of a +stims= list. The RTL resets every
  // flop, so a test cannot see what the one before it left; the C side (model, scoreboard, memory) is created
  // anew for each test by gtref_tb_open.
  task automatic start_reset();
    rst_n = 1'b0;
    reset_left = 4;
    mmio_req_valid = 1'b0;
    mmio_req_write = 1'b0;
    mmio_req_addr = 0;
    mmio_req_wdata = 0;
    mem_req_ready = 1'b0;
    mem_rsp_valid = 1'b0;
    mem_rsp_data = '0;
  endtask

  initial begin
    if (!$value$plusargs("max_cycles=%d", max_cycles_cap)) max_cycles_cap = 0;
    if (!$value$plusargs("rtl=%s", rtl_name)) rtl_name = "";
    // test-only (make determinism-test): the named test aborts or hangs in its 50th cycle, so that the harness's
    // handling of a simulator that crashes or hangs in the middle of a batch can be checked
    if (!$value$plusargs("gtref_selftest_crash=%s", selftest_crash)) selftest_crash = "";
    if (!$value$plusargs("gtref_selftest_hang=%s", selftest_hang)) selftest_hang = "";
    gtref_tb_selftest(selftest_crash, selftest_hang);
    if ($test$plusargs("describe")) begin  // which build this is, for gtref (regress --resume, checks)
      $display("gtref-sim rtl=%s engines=%0d build=%s", RTL_NAME, NUM_ENGINES, BUILD_ID);
      $finish;
    end
    else if ($value$plusargs("stims=%s", list_path)) begin
      batch = gtref_tb_batch_open(list_path, max_cycles_cap);
      if (batch != null) tb = gtref_tb_batch_next(batch, RTL_NAME, rtl_name, BUILD_ID, NUM_ENGINES);
      if (tb == null) begin
        exit_status = 2;  // an unreadable list, or no test in it that could start (each has an ERROR record)
        $finish;
      end
      else start_reset();
    end
    else if (!$value$plusargs("stim=%s", stim_path)) begin
      $display("usage: Vtb_top +stim=FILE.stim [+result=FILE.result] [+rtl=NAME] [+max_cycles=N] | +describe");
      $display("       Vtb_top +stims=LIST [+rtl=NAME] [+max_cycles=N]   (LIST: one 'stim<TAB>result<TAB>log' a line)");
      exit_status = 2;
      $finish;
    end
    else begin
      if (!$value$plusargs("result=%s", result_path)) result_path = "";
      tb = gtref_tb_open(stim_path, result_path, RTL_NAME, rtl_name, BUILD_ID, NUM_ENGINES);
      if (tb != null && max_cycles_cap != 0) gtref_tb_cap_cycles(tb, max_cycles_cap);
      if (tb != null && $value$plusargs("cmdtrace=%s", cmdtrace_path)) void'(gtref_tb_cmdtrace(tb, cmdtrace_path));
      if (tb == null) begin
        exit_status = 2;  // the test could not start: gtref_tb_open printed and recorded why (ERROR)
        $finish;
      end
      else start_reset();
    end
  end

  // One call per cycle at the falling edge, from a process the clock triggers (not a coroutine that waits on the
  // clock: cheaper in Verilator's --timing scheduler).
  int status;
  always @(negedge clk) begin
    if (tb == null) begin
      // not started, or over
    end
    else if (reset_left > 0) begin
      reset_left--;
      if (reset_left == 0) rst_n = 1'b1;
    end
    else begin
      for (int e = 0; e < NUM_ENGINES; e++)
        gtref_tb_engine_probe(tb, e, probe_retire[e], probe_retire_dw0[e], probe_retire_addr[e],
                              probe_retire_err[e], probe_commit_valid[e], probe_commit_off[e],
                              probe_commit_data[e], probe_idle[e], probe_halted[e],
                              probe_req_valid[e], int'(probe_req_client[e]), probe_req_ggtt[e], probe_req_va[e],
                              probe_req_write[e], probe_req_wdata[e], probe_req_be[e]);
      gtref_tb_gam_probe(tb, probe_gam_gnt_valid, int'(probe_gam_gnt_engine), int'(probe_gam_arb_state),
                         probe_gam_lookup_valid, int'(probe_gam_lookup_engine), probe_gam_lookup_hit,
                         int'(probe_gam_lookup_index), probe_gam_fill_valid, int'(probe_gam_fill_engine),
                         int'(probe_gam_fill_index), probe_gam_fault_valid, int'(probe_gam_fault_engine),
                         int'(probe_gam_fault_type), int'(probe_gam_wr_ack), int'(probe_gam_rsp),
                         {2'b0, probe_gam_casc});
      done = gtref_tb_cycle(tb, mmio_req_ready, mmio_rsp_valid, mmio_rsp_rdata,
                            probe_mmio_commit_valid, probe_mmio_commit_off, probe_mmio_commit_data,
                            mem_req_valid, mem_req_write, mem_req_addr, mem_req_wdata, mem_req_be,
                            int'(mem_req_src), irq,
                            mmio_req_valid, mmio_req_write, mmio_req_addr, mmio_req_wdata,
                            mem_req_ready, mem_rsp_valid, mem_rsp_data);
      if (done != 0) begin
        status = gtref_tb_close(tb);
        if (status > exit_status) exit_status = status;  // of a list: the worst
        tb = null;
        if (batch != null) tb = gtref_tb_batch_next(batch, RTL_NAME, rtl_name, BUILD_ID, NUM_ENGINES);
        if (tb == null) $finish;
        else start_reset();
      end
    end
  end
  // verilator lint_on BLKSEQ
`ifdef GTREF_TRACE
  // Waveform of the end of a test only (gtref replay --waves): +trace=FILE.fst from cycle +trace_from=N on (the
  // clock period is 10 time units). Verilator 5.006 ignores $dumpoff/$dumpon, so the window starts by opening
  // the file late and ends with the test, which stops at its first mismatch.
  string trace_path;
  longint unsigned trace_from;
  initial begin
    if ($value$plusargs("trace=%s", trace_path)) begin
      if (!$value$plusargs("trace_from=%d", trace_from)) trace_from = 0;
      if (trace_from > 0) #(trace_from * 10);
      $dumpfile(trace_path);
      $dumpvars(0, tb_top);
    end
  end
`endif
endmodule
