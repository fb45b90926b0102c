// gt_cs_pkg: what the units of one command streamer share (gt_engine, its controller, and the gt_cs_* units it
// instances): the register index type, the command, state and batch-action enumerations, and the per-engine
// register rules of gtref_pkg's tables as functions of the engine.
package gt_cs_pkg;
  import gtref_pkg::*;

  localparam int RIW = $clog2(ENGINE_REGS);   // register index width (70 registers: 7 bits)
  typedef logic [RIW-1:0] ridx_t;

  // Every command of gtref_pkg, in table order (refmodel/cmd_table.c).
  typedef enum logic [5:0] {
    C_NONE, C_MI_NOOP, C_MI_SET_PREDICATE, C_MI_USER_INTERRUPT, C_MI_WAIT_FOR_EVENT, C_MI_WAIT_FOR_EVENT_2,
    C_MI_ARB_CHECK, C_MI_RS_CONTROL, C_MI_REPORT_HEAD, C_MI_ARB_ON_OFF, C_MI_BATCH_BUFFER_END,
    C_MI_SUSPEND_FLUSH, C_MI_PREDICATE, C_MI_TOPOLOGY_FILTER, C_MI_RS_CONTEXT, C_MI_LOAD_SCAN_LINES_INCL,
    C_MI_LOAD_SCAN_LINES_EXCL, C_MI_DISPLAY_FLIP, C_MI_SET_CONTEXT, C_MI_MATH, C_MI_SEMAPHORE_SIGNAL,
    C_MI_SEMAPHORE_WAIT, C_MI_FORCE_WAKEUP, C_MI_STORE_DATA_IMM, C_MI_STORE_DATA_INDEX, C_MI_LOAD_REGISTER_IMM,
    C_MI_STORE_REGISTER_MEM, C_MI_FLUSH_DW, C_MI_CLFLUSH, C_MI_REPORT_PERF_COUNT, C_MI_LOAD_REGISTER_MEM,
    C_MI_LOAD_REGISTER_REG, C_MI_RS_STORE_DATA_IMM, C_MI_COPY_MEM_MEM,
    C_MI_ATOMIC, C_MI_BATCH_BUFFER_START, C_MI_CONDITIONAL_BATCH_BUFFER_END, C_PIPE_CONTROL, C_PIPELINE_SELECT,
    C_STATE_BASE_ADDRESS, C_STATE_SIP
  } cmd_t;

  // The parser's states (gt_engine).
  typedef enum logic [4:0] {
    S_DW0,        // wait for / take DW0, decode it
    S_WAIT,       // ring: the command is not yet entirely before TAIL
    S_ARGS,       // take DW1.. (DW1..DW10 kept; later dwords of NOOP-executed commands skipped)
    S_LRI_OFF,    // MI_LOAD_REGISTER_IMM: take a register offset
    S_LRI_DATA,   //                       take its data
    S_LRI_COMMIT, //                       write the register (one per cycle)
    S_LRI_RW,     //                       non-privileged, every pair allowed: stream the pairs again (C13)
    S_MATH,       // MI_MATH: take and execute one ALU instruction per cycle
    S_MST0,       //          STORE: commit CS_GPR(2n) if it changes
    S_MST1,       //          STORE: commit CS_GPR(2n+1) if it changes
    S_EXEC,       // all dwords taken: plan the command (writes, reads, commits, retire action)
    S_RDQ,        // data read (§5): wait until the fetch has no read outstanding, request the line
    S_RDW,        //                 wait for the line
    S_RDX,        //                 plan the rest of the command with the data read
    S_SIGW,       // signal-mode MI_SEMAPHORE_WAIT, condition unmet: wait for the pending-signal flag
    S_RPOLL,      // register-poll MI_SEMAPHORE_WAIT, condition unmet: compare again every cycle (C33)
    S_MW,         // memory writes, one per grant
    S_MACK,       // wait until every write has transferred
    S_CQ,         // register commits of the plan, one per cycle
    S_FWAIT,      // GAM fault (hang mode): wait until every write issued is acknowledged, then the status write
    S_ERR,        // illegal command: IPEHR (its DW0)
    S_ESR,        //                  ESR bit 0 (a fault: bit 4; a privilege violation: bit 2; no IPEHR for either)
    S_LATE,       // (legal variant RETIRE_LATE only) one cycle before S_RETIRE
    S_RETIRE,     // the command retires at this cycle's closing edge
    S_HALT        // stopped after an illegal command, until reset
  } state_t;

  // The state a command enters to retire: S_RETIRE, or S_LATE first in the legal variant RETIRE_LATE
  // (docs/rtl-variants.md: every retire one cycle later than the reference's).
`ifdef GTREF_VARIANT_RETIRE_LATE
  localparam state_t S_TO_RETIRE = S_LATE;
`else
  localparam state_t S_TO_RETIRE = S_RETIRE;
`endif

  // What the retire does to the batch level (commands.md §3).
  typedef enum logic [2:0] {
    RA_NONE,
    RA_BB1,        // enter a first-level batch from the ring, or chain at first level
    RA_BB2_CALL,   // call a second-level batch (return address: the dword after the command)
    RA_BB2_CHAIN,  // chain at second level
    RA_END,        // end the current batch (MI_BATCH_BUFFER_END, MI_CONDITIONAL_BATCH_BUFFER_END)
    RA_END_ALL     // end both batch levels: back to the ring (a second-level MI_CONDITIONAL_BATCH_BUFFER_END, C26)
  } ra_t;

  // The register file's lookup ports (gt_cs_regfile): write targets and read sources at absolute offsets.
  localparam int TGT_LRI = 0;   // the MI_LOAD_REGISTER_IMM offset at the stream head
  localparam int TGT_LRR = 1;   // MI_LOAD_REGISTER_REG's destination
  localparam int TGT_LRM = 2;   // MI_LOAD_REGISTER_MEM's destination
  localparam int RD_LRR  = 0;   // MI_LOAD_REGISTER_REG's source
  localparam int RD_SRM  = 1;   // MI_STORE_REGISTER_MEM's source
  localparam int RD_POLL = 2;   // a register-poll MI_SEMAPHORE_WAIT's register (C33)

  // The functions below take the engine index (0..MAX_ENGINES-1) as the int its parameter is; only its low bits
  // index the tables.
  /* verilator lint_off UNUSEDSIGNAL */
  // Registers an engine has (ENGINE_REG_PRESENT_BY_ENGINE; e.g. PR_CTR_CTL/PR_CTR_THRSH on RCS0 only). On an
  // engine without it, a register's offset names no register of the kit (cycle contract §2, commands.md §2):
  // MMIO reads return 0 and writes are dropped without a commit, LRI/LRR/LRM targets there are dropped, and a
  // read source there reads 0. Its storage is the reset value, never written.
  function automatic logic reg_present(input int engine, input ridx_t i);
    return ENGINE_REG_PRESENT_BY_ENGINE[engine][i][0];
  endfunction

  // The register of an engine at absolute MMIO offset off: {found, index}, found only for a register the engine
  // has (reg_present). The generated table ENGINE_REG_AT_BY_ENGINE (one register per offset, checked by
  // tools/gen_svpkg.c) gives the answer a search of the table for a present register at ENGINE_BASE[engine] +
  // ENGINE_REG_OFF[i] would, in one read (docs/performance.md).
  function automatic logic [RIW:0] reg_find(input int engine, input logic [31:0] off);
    logic [31:0] rel;
    logic [15:0] at;
    rel = off - ENGINE_BASE[engine];
    if (rel[1:0] != 2'd0 || (rel >> (ENGINE_REG_SLOT_BITS + 2)) != 32'd0) return '0;
    at = ENGINE_REG_AT_BY_ENGINE[engine][rel[ENGINE_REG_SLOT_BITS + 1:2]];
    return at == 16'd0 ? '0 : {1'b1, RIW'(at - 16'd1)};
  endfunction

  // A register LRI or the host can change: some RW or W1C bit, or a masked register.
  function automatic logic reg_writable(input int engine, input ridx_t i);
    return gt_reg_rules_pkg::reg_is_writable(ENGINE_REG_RW_BY_ENGINE[engine][i], ENGINE_REG_W1C[i], ENGINE_REG_MASKED[i][0]);
  endfunction

  // The value a write of val leaves in register i holding old (the table's RW, W1C and masked rules).
  function automatic logic [31:0] reg_write(input int engine, input ridx_t i, input logic [31:0] old,
                                            input logic [31:0] val);
    return gt_reg_rules_pkg::reg_apply_write(ENGINE_REG_RW_BY_ENGINE[engine][i], ENGINE_REG_W1C[i], ENGINE_REG_MASKED[i][0], old, val);
  endfunction

  // The absolute MMIO offset a Register Offset field names (DW[22:2]): with Add CS MMIO Start Offset set
  // (cs_mmio), relative to the engine's MMIO base, a plain add (C38: on RCS0 0x2000 + 0x2000 = 0x4000).
  function automatic logic [31:0] abs_off(input int engine, input logic [31:0] fld, input logic cs_mmio);
    return cs_mmio ? ENGINE_BASE[engine] + (fld & LRI_OFFSET_MASK) : fld & LRI_OFFSET_MASK;
  endfunction

  // Where a command goes once its DW0 is decoded (and, in the ring, all of it lies before TAIL).
  function automatic state_t dispatch(input cmd_t c, input logic [10:0] len, input logic nop);
    if (nop)                         return len == 11'd1 ? S_EXEC : S_ARGS;
    if (c == C_MI_LOAD_REGISTER_IMM) return S_LRI_OFF;
    if (c == C_MI_MATH)              return S_MATH;
    return len == 11'd1 ? S_EXEC : S_ARGS;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
endpackage
