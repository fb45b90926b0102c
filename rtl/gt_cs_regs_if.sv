// gt_cs_regs_if: the registers of one command streamer as its units see them. gt_cs_regfile holds and writes them;
// the parser (gt_engine) and gt_cs_plan read them. An interface rather than an array port: Verilator copies an
// unpacked array at every port it crosses, an interface's array it does not.
interface gt_cs_regs_if;
  import gtref_pkg::*;
  logic [31:0] r [ENGINE_REGS];
endinterface
