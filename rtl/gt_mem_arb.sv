// gt_mem_arb: the GT memory-port arbiter (docs/cycle-contract.md §1, §3).
//
// Fixed priority, lowest engine index first. The granted request is held in an output register, so
// every mem_req_* output comes from a flip-flop; the register takes a new request whenever it is empty
// or its request transfers (valid && ready) at this closing edge, so the port can transfer every cycle.
// wr_ack[e] tells engine e that one of its writes transfers at this closing edge (commit rule 2).
// Read responses come back in request order: the engine id of each read that transfers is queued and
// each response goes to the engine at the head of the queue. Every engine has at most 2 reads
// outstanding (gt_cmd_fetch), so SRC_DEPTH entries always suffice.
module gt_mem_arb #(
  parameter int NUM_ENGINES = 1
) (
  input  logic                         clk,
  input  logic                         rst_n,
  // engine side
  input  logic [NUM_ENGINES-1:0]       req_valid,
  input  logic [NUM_ENGINES-1:0]       req_write,
  input  logic [NUM_ENGINES-1:0][63:0] req_addr,
  input  logic [NUM_ENGINES-1:0][63:0] req_wdata,
  input  logic [NUM_ENGINES-1:0][7:0]  req_be,
  output logic [NUM_ENGINES-1:0]       req_gnt,
  output logic [NUM_ENGINES-1:0]       wr_ack,
  output logic [NUM_ENGINES-1:0]       rsp_valid,
  // GT memory port
  output logic                         mem_req_valid,
  output logic                         mem_req_write,
  output logic [63:0]                  mem_req_addr,
  output logic [63:0]                  mem_req_wdata,
  output logic [7:0]                   mem_req_be,
  output logic [1:0]                   mem_req_src,
  input  logic                         mem_req_ready,
  input  logic                         mem_rsp_valid
);
  localparam int SRC_DEPTH = 8;  // >= 2 reads outstanding x 4 engines

  logic xfer, take;
  assign xfer = mem_req_valid && mem_req_ready;  // the output request transfers at this closing edge
  assign take = !mem_req_valid || mem_req_ready;  // the output register is free for a new request

  logic       any;
  logic [1:0] sel;
  always_comb begin
    any = 1'b0;
    sel = '0;
    for (int e = NUM_ENGINES - 1; e >= 0; e--)
      if (req_valid[e]) begin
        any = 1'b1;
        sel = 2'(e);
      end
    for (int e = 0; e < NUM_ENGINES; e++) begin
      req_gnt[e] = take && any && sel == 2'(e);
      wr_ack[e]  = xfer && mem_req_write && mem_req_src == 2'(e);
    end
  end

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      mem_req_valid <= 1'b0;
      mem_req_write <= 1'b0;
      mem_req_addr  <= '0;
      mem_req_wdata <= '0;
      mem_req_be    <= '0;
      mem_req_src   <= '0;
    end else if (take) begin
      mem_req_valid <= any;
      for (int e = 0; e < NUM_ENGINES; e++)
        if (any && sel == 2'(e)) begin
          mem_req_write <= req_write[e];
          mem_req_addr  <= req_addr[e];
          mem_req_wdata <= req_wdata[e];
          mem_req_be    <= req_be[e];
          mem_req_src   <= sel;
        end
    end
  end

  // ---- read response routing ----
  logic [1:0] src_q [SRC_DEPTH];
  logic [2:0] src_rd, src_wr;
  logic [3:0] src_cnt;
  logic       push, popq;
  assign push = xfer && !mem_req_write;
  assign popq = mem_rsp_valid && src_cnt != 4'd0;

  always_comb
    for (int e = 0; e < NUM_ENGINES; e++)
      rsp_valid[e] = popq && src_q[src_rd] == 2'(e);

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      src_rd  <= '0;
      src_wr  <= '0;
      src_cnt <= '0;
    end else begin
      if (push) begin
        src_q[src_wr] <= mem_req_src;
        src_wr        <= src_wr + 3'd1;
      end
      if (popq) src_rd <= src_rd + 3'd1;
      src_cnt <= src_cnt + {3'd0, push} - {3'd0, popq};
    end
  end
endmodule
