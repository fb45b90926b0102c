// gtref testbench top: instantiates the DUT and hands every cycle to the C side over DPI-C
// (docs/cycle-contract.md). All DUT inputs are driven, and all outputs sampled, at the falling edge.
// RTL_NAME and BUILD_ID are set by the build (Makefile): the simulator knows which configuration it is, so a
// record says so whoever runs it, and replay finds the same binary.
module tb_top #(parameter int NUM_ENGINES = 1, parameter string RTL_NAME = "clean", parameter string BUILD_ID = "unknown");
  import "DPI-C" function chandle gtref_tb_open(input string stim_path, input string result_path,
                                                input string rtl_built, input string rtl_asked,
                                                input string build_id, input int num_engines);
  import "DPI-C" function void gtref_tb_engine_probe(input chandle tb, input int e,
      input bit retire, input int unsigned retire_dw0, input longint unsigned retire_addr, input bit retire_err,
      input bit commit_valid, input int unsigned commit_off, input int unsigned commit_data,
      input bit idle, input bit halted);
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

  logic clk = 1'b0;
  logic rst_n = 1'b0;

  bit          mmio_req_valid, mmio_req_write;
  int unsigned mmio_req_addr, mmio_req_wdata;
  logic        mmio_req_ready, mmio_rsp_valid;
  logic [31:0] mmio_rsp_rdata;
  logic        mem_req_valid, mem_req_write;
  logic [63:0] mem_req_addr, mem_req_wdata;
  logic [7:0]  mem_req_be;
  logic [2:0]  mem_req_src;   // 0..3 engine, 4 page walker (docs/gam.md GAM-17)
  bit          mem_req_ready, mem_rsp_valid;
  bit [511:0]  mem_rsp_data;
  logic        irq;
  logic [NUM_ENGINES-1:0]       probe_retire, probe_retire_err, probe_commit_valid, probe_idle, probe_halted;
  logic [NUM_ENGINES-1:0][31:0] probe_retire_dw0, probe_commit_off, probe_commit_data;
  logic [NUM_ENGINES-1:0][63:0] probe_retire_addr;
  logic        probe_mmio_commit_valid;
  logic [31:0] probe_mmio_commit_off, probe_mmio_commit_data;
  // GAM probes (docs/gam.md GAM-17): connected, not yet passed to the C side (the DPI integration is separate work)
  logic [NUM_ENGINES-1:0]       probe_req_valid, probe_req_ggtt, probe_req_write, probe_gam_wr_ack, probe_gam_rsp;
  logic [NUM_ENGINES-1:0][1:0]  probe_req_client;
  logic [NUM_ENGINES-1:0][63:0] probe_req_va, probe_req_wdata;
  logic [NUM_ENGINES-1:0][7:0]  probe_req_be;
  logic        probe_gam_gnt_valid, probe_gam_lookup_valid, probe_gam_lookup_hit, probe_gam_fill_valid;
  logic        probe_gam_fault_valid;
  logic [1:0]  probe_gam_gnt_engine, probe_gam_arb_state, probe_gam_lookup_engine, probe_gam_fill_engine;
  logic [1:0]  probe_gam_fault_engine, probe_gam_fault_type;
  logic [4:0]  probe_gam_lookup_index, probe_gam_fill_index;
  logic        unused_gam_probes;
  assign unused_gam_probes = ^{probe_req_valid, probe_req_ggtt, probe_req_write, probe_gam_wr_ack, probe_gam_rsp,
                               probe_req_client, probe_req_va, probe_req_wdata, probe_req_be, probe_gam_gnt_valid,
                               probe_gam_lookup_valid, probe_gam_lookup_hit, probe_gam_fill_valid,
                               probe_gam_fault_valid, probe_gam_gnt_engine, probe_gam_arb_state,
                               probe_gam_lookup_engine, probe_gam_fill_engine, probe_gam_fault_engine,
                               probe_gam_fault_type, probe_gam_lookup_index, probe_gam_fill_index};

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
    .probe_req_be, .probe_gam_gnt_valid, .probe_gam_gnt_engine, .probe_gam_arb_state,
    .probe_gam_lookup_valid, .probe_gam_lookup_engine, .probe_gam_lookup_hit, .probe_gam_lookup_index,
    .probe_gam_fill_valid, .probe_gam_fill_engine, .probe_gam_fill_index,
    .probe_gam_fault_valid, .probe_gam_fault_engine, .probe_gam_fault_type, .probe_gam_wr_ack, .probe_gam_rsp
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
`else
  final gtref_tb_exit(exit_status);
`endif

  longint unsigned max_cycles_cap;
  string cmdtrace_path;

  initial begin
    if ($test$plusargs("describe")) begin  // which build this is, for gtref (regress --resume, checks)
      $display("gtref-sim rtl=%s engines=%0d build=%s", RTL_NAME, NUM_ENGINES, BUILD_ID);
      $finish;
    end
    else if (!$value$plusargs("stim=%s", stim_path)) begin
      $display("usage: Vtb_top +stim=FILE.stim [+result=FILE.result] [+rtl=NAME] [+max_cycles=N] | +describe");
      exit_status = 2;
      $finish;
    end
    else begin
      if (!$value$plusargs("result=%s", result_path)) result_path = "";
      if (!$value$plusargs("rtl=%s", rtl_name)) rtl_name = "";
      tb = gtref_tb_open(stim_path, result_path, RTL_NAME, rtl_name, BUILD_ID, NUM_ENGINES);
      if (tb != null && $value$plusargs("max_cycles=%d", max_cycles_cap)) gtref_tb_cap_cycles(tb, max_cycles_cap);
      if (tb != null && $value$plusargs("cmdtrace=%s", cmdtrace_path)) void'(gtref_tb_cmdtrace(tb, cmdtrace_path));
      if (tb == null) begin
        exit_status = 2;  // the test could not start: gtref_tb_open printed and recorded why (ERROR)
        $finish;
      end
      else begin
        repeat (4) @(negedge clk);
        rst_n = 1'b1;
        done = 0;
        while (done == 0) begin
          @(negedge clk);
          for (int e = 0; e < NUM_ENGINES; e++)
            gtref_tb_engine_probe(tb, e, probe_retire[e], probe_retire_dw0[e], probe_retire_addr[e],
                                  probe_retire_err[e], probe_commit_valid[e], probe_commit_off[e],
                                  probe_commit_data[e], probe_idle[e], probe_halted[e]);
          done = gtref_tb_cycle(tb, mmio_req_ready, mmio_rsp_valid, mmio_rsp_rdata,
                                probe_mmio_commit_valid, probe_mmio_commit_off, probe_mmio_commit_data,
                                mem_req_valid, mem_req_write, mem_req_addr, mem_req_wdata, mem_req_be,
                                int'(mem_req_src), irq,
                                mmio_req_valid, mmio_req_write, mmio_req_addr, mmio_req_wdata,
                                mem_req_ready, mem_rsp_valid, mem_rsp_data);
        end
        exit_status = gtref_tb_close(tb);
        $finish;
      end
    end
  end
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
