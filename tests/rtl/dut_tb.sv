// dut_tb: a DUT-only harness for RTL debugging (no model, no scoreboard): loads the text that gts2mem
// prints (+mem=FILE), performs the host writes, runs until every engine is idle or halted, and lets the
// engines' GTREF_DEBUG_TRACE lines show their retires, commits, writes and data reads. Memory: in-order
// read responses after a fixed latency, writes applied when they transfer. Not part of the regression.
module dut_tb import gtref_pkg::*; #(parameter int NUM_ENGINES = 1);
  localparam int NE = NUM_ENGINES;
  `include "harness_dut.svh"

  logic [31:0] mem [logic [63:0]];
  logic [63:0] rdq [$];
  int          rdt [$];
  int          cyc = 0;

  // GGTT entries never written read as the identity map (as in harness_mem.svh): a stimulus without page tables
  // runs with graphics address = physical address
  function automatic logic [31:0] rd32(input logic [63:0] a);
    logic [63:0] i;
    if (mem.exists(a)) return mem[a];
    if (a >= GSM_BASE && a < GSM_BASE + (GGTT_RANGE >> 9)) begin
      i = (a - GSM_BASE) >> 3;
      return a[2] ? 32'd0 : {i[19:0], 12'h001};
    end
    return 32'd0;
  endfunction


  initial begin
    string path, kind;
    int fd, n, idle;
    logic [63:0] a;
    logic [31:0] v;
    logic [31:0] wo [$], wv [$];
    if (!$value$plusargs("mem=%s", path)) $fatal(1, "usage: +mem=FILE");
    fd = $fopen(path, "r");
    while (!$feof(fd)) begin
      n = $fscanf(fd, "%s %h %h\n", kind, a, v);
      if (n == 3 && kind == "M") mem[a] = v;
      else if (n == 3 && kind == "W") begin wo.push_back(a[31:0]); wv.push_back(v); end
    end
    $fclose(fd);
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    @(negedge clk);
    foreach (wo[i]) begin
      mmio_req_valid = 1'b1; mmio_req_write = 1'b1; mmio_req_addr = wo[i]; mmio_req_wdata = wv[i];
      do @(negedge clk); while (!mmio_req_ready);
    end
    mmio_req_valid = 1'b0;
    idle = 0;
    while (idle < 200 && cyc < 20000) begin
      @(negedge clk);
      idle = (&(probe_idle | probe_halted) && rdq.size() == 0) ? idle + 1 : 0;
    end
    $display("END cycle %0d irq=%0d halted=%b", cyc, irq, probe_halted);
    $finish;
  end

  // memory port: sampled and driven at the falling edge, transfers at the rising edge
  always @(posedge clk) begin
    cyc <= cyc + 1;
    mem_rsp_valid <= 1'b0;
    if (rdq.size() != 0 && rdt[0] <= cyc) begin
      for (int i = 0; i < 16; i++) mem_rsp_data[32*i +: 32] <= rd32(rdq[0] + 64'(4 * i));
      mem_rsp_valid <= 1'b1;
      void'(rdq.pop_front());
      void'(rdt.pop_front());
    end
    if (mem_req_valid && mem_req_ready) begin
      if (mem_req_write) begin
        $display("MEMW src=%0d %012x be=%02x %016x", mem_req_src, mem_req_addr, mem_req_be, mem_req_wdata);
        for (int h = 0; h < 2; h++)
          if (mem_req_be[4*h +: 4] != 4'd0) begin
            v_upd(mem_req_addr + 64'(4 * h), mem_req_wdata[32*h +: 32], mem_req_be[4*h +: 4]);
          end
      end else begin
        rdq.push_back(mem_req_addr);
        rdt.push_back(cyc + 3);
      end
    end
  end

  task automatic v_upd(input logic [63:0] a, input logic [31:0] d, input logic [3:0] be);
    logic [31:0] o;
    o = rd32(a);
    for (int b = 0; b < 4; b++) if (be[b]) o[8*b +: 8] = d[8*b +: 8];
    mem[a] = o;
  endtask
endmodule
