// The DUT-only harnesses' memory (tests/rtl/*_tb.sv): a sparse dword store, in-order read responses 3 cycles
// after the request, writes applied under their byte enables when they transfer. The including module advances
// `cyc` once per cycle.
// Addresses are physical (docs/gam.md). The GGTT (at GSM_BASE, one qword per 4 KB page of the 4 GB GGTT range,
// GAM-4) defaults to the identity map: an entry never written reads as present with the page's own address
// ((va >> 12) << 12 | 1), so a harness that programs no page table runs as before the GAM (graphics address =
// physical address). A harness writes mem[] at an entry's address to map a page elsewhere or to make it not
// present (e.g. mem[gtt_entry(va)] = 0). Every other unwritten dword reads 0.
  logic [31:0] mem [logic [63:0]];
  logic [63:0] rdq [$];
  int          rdt [$];
  int          cyc = 0;

  function automatic logic [31:0] rd32(input logic [63:0] a);
    logic [63:0] i;
    if (mem.exists(a)) return mem[a];
    if (a >= GSM_BASE && a < GSM_BASE + (GGTT_RANGE >> 9)) begin   // an identity GGTT entry
      i = (a - GSM_BASE) >> 3;
      return a[2] ? 32'd0 : {i[19:0], 12'h001};
    end
    return 32'd0;
  endfunction
  // the address of the GGTT entry of graphics address va (GAM-4)
  function automatic logic [63:0] gtt_entry(input logic [63:0] va);
    return GSM_BASE + ((va >> 12) << 3);
  endfunction

  // ---- memory: in-order read responses after a fixed latency, writes applied when they transfer ----
  always @(posedge clk) begin
    mem_rsp_valid <= 1'b0;
    if (rdq.size() != 0 && rdt[0] <= cyc) begin
      for (int i = 0; i < 16; i++) mem_rsp_data[32*i +: 32] <= rd32(rdq[0] + 64'(4 * i));
      mem_rsp_valid <= 1'b1;
      void'(rdq.pop_front());
      void'(rdt.pop_front());
    end
    if (mem_req_valid && mem_req_ready) begin
      if (mem_req_write) begin
        for (int h = 0; h < 2; h++)
          if (mem_req_be[4*h +: 4] != 4'd0) v_upd(mem_req_addr + 64'(4 * h), mem_req_wdata[32*h +: 32], mem_req_be[4*h +: 4]);
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
