// The DUT-only harnesses' common part (tests/rtl/*_tb.sv): clock and reset, every port signal of gt_top, and
// gt_top itself with NE engines (the including module declares `localparam int NE`), and the clock. Inputs
// start idle.
  logic clk = 1'b0, rst_n = 1'b0;
  logic mmio_req_valid = 1'b0, mmio_req_write = 1'b0, mmio_req_ready, mmio_rsp_valid;
  logic [31:0] mmio_req_addr = '0, mmio_req_wdata = '0, mmio_rsp_rdata;
  logic mem_req_valid, mem_req_write, mem_req_ready = 1'b1, mem_rsp_valid = 1'b0, irq;
  logic [63:0] mem_req_addr, mem_req_wdata;
  logic [7:0] mem_req_be;
  logic [2:0] mem_req_src;                 // 0..3 engine, 4 page walker
  logic [511:0] mem_rsp_data = '0;
  logic [NE-1:0] probe_retire, probe_retire_err, probe_commit_valid, probe_idle, probe_halted;
  logic [NE-1:0][31:0] probe_retire_dw0, probe_commit_off, probe_commit_data;
  logic [NE-1:0][63:0] probe_retire_addr;
  logic probe_mmio_commit_valid;
  logic [31:0] probe_mmio_commit_off, probe_mmio_commit_data;
  // GAM probes (docs/gam.md GAM-17)
  logic [NE-1:0] probe_req_valid, probe_req_ggtt, probe_req_write, probe_gam_wr_ack, probe_gam_rsp;
  logic [NE-1:0][1:0] probe_req_client;
  logic [NE-1:0][63:0] probe_req_va, probe_req_wdata;
  logic [NE-1:0][7:0] probe_req_be;
  logic probe_gam_gnt_valid, probe_gam_lookup_valid, probe_gam_lookup_hit, probe_gam_fill_valid, probe_gam_fault_valid;
  logic [1:0] probe_gam_gnt_engine, probe_gam_arb_state, probe_gam_lookup_engine, probe_gam_fill_engine;
  logic [1:0] probe_gam_fault_engine, probe_gam_fault_type;
  logic [4:0] probe_gam_lookup_index, probe_gam_fill_index;
  logic [29:0] probe_gam_casc;             // the cascade's state (GAM-29)

  gt_top #(.NUM_ENGINES(NE)) dut (.*);

  always #5 clk = ~clk;
