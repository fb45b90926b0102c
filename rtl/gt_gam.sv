// gt_gam: the GAM (graphics arbiter and memory interface) of the GT (docs/gam.md GAM-1..GAM-23): it replaces the
// old fixed-priority memory arbiter.
//
//   engines --request--> MIDARB NP arbiter --> stage T (translate) --> P (port register) --> memory port
//                                                 |  ^                      ^
//                                  TLB lookup / fill  walker reads (src 4) -+  responses in order --> engine / walker
//
// State (GAM-10): stage T (empty, or one request in phase LOOKUP, READY, WALK_ISSUE or WALK_WAIT with its
// translation so far), the port register P (every mem_req_* output is one of its flops), the response queue (the
// src of every read that transferred, in order), one 32-entry TLB per engine with three LRA allocation pointers per
// engine (GAM-7, GAM-8), the arbiter state (GAM-9), the cascade's state (GAM-26..GAM-29: per class RO/R/WR a class
// machine state, a GAC/GAB owner and a count), each engine's count of accepted, uncompleted requests (GAM-23)
// and the GAM-owned global registers (GLOBAL_REG_GAM rows: fault registers, GFX_ARB_ERROR_RPT, CVS_TLB_LRA_0..2,
// MIDARB_PRIO_NP, MIDARB_GOTOFIELD_NP0..3, MEDIA_MAX_REQ_COUNT, GFX_FLSH_CNTL, GAB_CTL_REG, GAC_ARB_CTL_REG,
// ARB_{RO,R,WR}_GAC_GAM0..3 and the storage rows of GAM-25).
//
// One cycle, in the order of GAM-10 (every state changes only at the closing edge):
//   1. a memory response goes to the src at the queue head (an engine's rsp_valid, or the walker);
//   2. stage T takes one step by phase (one TLB lookup per cycle, of the requesting engine's TLB only);
//   3. the arbiter grants (and its state moves) iff T can accept: T empty, or emptied at this edge by loading P;
//      an engine takes part (its bit of a) only while its outstanding count is below its MEDIA_MAX_REQ_COUNT
//      limit (GAM-23); the cascade's gates per class (GAC<->GAB, then the GAC->GAM class machine; GAM-26..28)
//      remove the losers' engines from a, and the NP machine arbitrates what is left (v); the class machines and
//      the GAC/GAB owners and counts move at the same edges as the NP state;
//   4. P transfers (a write acknowledges P.src) and loads per step 2, or empties;
//   5. TLB invalidations and the host write apply last (a fill at the same edge is invalidated too: every entry
//      by an engine's tlb_inv, a GGTT one by a GFX_FLSH_CNTL write (GAM-21); an LRA register write resets the
//      pointers after a fill of the same edge).
// The engine registers PDP0 and PP_DCLV are read in the LOOKUP cycle (the walk keeps what it computed from them),
// GAB_CTL_REG in the fault cycle; every GAM register is read as it is before the cycle's host write, except the
// fault register's lock test (GAM-14, GAM-16).
//
// The probes are flops showing what happened at the previous closing edge (GAM-17); a probe's other fields are 0
// when its valid bit is 0 (the contract does not say; the GAM model is told so in the final report).
module gt_gam import gtref_pkg::*; #(
  parameter int NUM_ENGINES = 1
) (
  input  logic                         clk,
  input  logic                         rst_n,
  // host register access (gt_top registers the read data and the commit report)
  input  logic                         mmio_wr,        // an MMIO write transfers at this closing edge
  input  logic [31:0]                  mmio_addr,
  input  logic [31:0]                  mmio_wdata,
  output logic [31:0]                  mmio_rdata,     // the addressed GAM register, 0 if none
  output logic                         mmio_commit,    // mmio_wr names a GAM register with a writable bit
  output logic [31:0]                  mmio_new,       // its value after this write alone (0 unless mmio_commit)
  // engine requests (GAM-1): valid until granted; va is the graphics address
  input  logic [NUM_ENGINES-1:0]       req_valid,
  input  logic [NUM_ENGINES-1:0][1:0]  req_client,
  input  logic [NUM_ENGINES-1:0]       req_ggtt,       // effective address space (GAM-2): 1 GGTT, 0 PPGTT
  input  logic [NUM_ENGINES-1:0][63:0] req_va,
  input  logic [NUM_ENGINES-1:0]       req_write,
  input  logic [NUM_ENGINES-1:0][63:0] req_wdata,
  input  logic [NUM_ENGINES-1:0][7:0]  req_be,
  output logic [NUM_ENGINES-1:0]       req_gnt,        // the request enters T at this closing edge
  output logic [NUM_ENGINES-1:0]       wr_ack,         // a write of engine e transfers on the port at this edge
  output logic [NUM_ENGINES-1:0]       rsp_valid,      // read data for engine e (mem_rsp_data), in order
  output logic [NUM_ENGINES-1:0]       fault,          // hang mode: engine e's request in T faulted and is dropped
  output logic [1:0]                   fault_client,   //   its client (valid with fault)
  // engine registers the walk uses (GAM-5, GAM-6) and the engines' TLB invalidations (GAM-12)
  input  logic [NUM_ENGINES-1:0][63:0] pdp0,           // {PDP0_UDW, PDP0_LDW}
  input  logic [NUM_ENGINES-1:0][31:0] dclv,           // PP_DCLV (low dword)
  input  logic [NUM_ENGINES-1:0]       tlb_inv,        // invalidate engine e's TLB at this closing edge (GAM-12; the
                                                       //   engine also raises it for an INSTPM host write, GAM-22)
  // GT memory port (P)
  output logic                         mem_req_valid,
  output logic                         mem_req_write,
  output logic [63:0]                  mem_req_addr,   // physical
  output logic [63:0]                  mem_req_wdata,
  output logic [7:0]                   mem_req_be,
  output logic [2:0]                   mem_req_src,    // 0..3 engine, 4 walker
  input  logic                         mem_req_ready,
  input  logic                         mem_rsp_valid,
  input  logic [511:0]                 mem_rsp_data,
  // probes (GAM-17): what happened at the previous closing edge
  output logic                         probe_gam_gnt_valid,
  output logic [1:0]                   probe_gam_gnt_engine,
  output logic [1:0]                   probe_gam_arb_state,
  output logic                         probe_gam_lookup_valid,
  output logic [1:0]                   probe_gam_lookup_engine,
  output logic                         probe_gam_lookup_hit,
  output logic [4:0]                   probe_gam_lookup_index,
  output logic                         probe_gam_fill_valid,
  output logic [1:0]                   probe_gam_fill_engine,
  output logic [4:0]                   probe_gam_fill_index,
  output logic                         probe_gam_fault_valid,
  output logic [1:0]                   probe_gam_fault_engine,
  output logic [1:0]                   probe_gam_fault_type,
  output logic [NUM_ENGINES-1:0]       probe_gam_wr_ack,
  output logic [NUM_ENGINES-1:0]       probe_gam_rsp,
  output logic [29:0]                  probe_gam_casc  // GAM-29: the cascade's state after the previous edge
);
  localparam int NE = NUM_ENGINES;
  localparam int EW = NE > 1 ? $clog2(NE) : 1;   // engine index width inside the GAM
  typedef logic [EW-1:0] eidx_t;
  localparam int QD = 16;                        // response queue: <= 2 reads per engine (gt_cmd_fetch) + 1 walk

  // Index of a global register by offset (elaboration time).
  function automatic int gidx(input logic [31:0] off);
    for (int i = 0; i < GLOBAL_REGS; i++)
      if (GLOBAL_REG_OFF[i] == off) return i;
    return 0;
  endfunction
  localparam int GRW = $clog2(GLOBAL_REGS);
  typedef logic [GRW-1:0] gidx_t;

  function automatic logic reg_writable(input gidx_t i);
    return gt_reg_rules_pkg::reg_is_writable(GLOBAL_REG_RW[i], GLOBAL_REG_W1C[i], GLOBAL_REG_MASKED[i][0]);
  endfunction
  function automatic logic [31:0] reg_write(input gidx_t i, input logic [31:0] old, input logic [31:0] val);
    return gt_reg_rules_pkg::reg_apply_write(GLOBAL_REG_RW[i], GLOBAL_REG_W1C[i], GLOBAL_REG_MASKED[i][0], old, val);
  endfunction

  // The fault register of each engine (FAULT_REG_BY_ENGINE, G10), as a global register index.
  function automatic gidx_t fr_idx(input eidx_t e);
    gidx_t k;
    k = '0;
    for (int x = 0; x < NE; x++)
      if (eidx_t'(x) == e) k = gidx_t'(gidx(FAULT_REG_BY_ENGINE[x]));
    return k;
  endfunction

  // =====================================================================================================
  // GAM registers and the host access (GAM-16)
  // =====================================================================================================
  logic [31:0] g [GLOBAL_REGS];       // GAM rows only; the other rows belong to gt_irq (constant 0 here)
  logic [31:0] g_host [GLOBAL_REGS];  // after this cycle's host write
  logic        lra_wr;                // a host write to CVS_TLB_LRA_0 or _1 at this edge (GAM-8)
  logic        flsh_wr;               // a host write to GFX_FLSH_CNTL at this edge (GAM-21, G17)
  always_comb begin
    mmio_rdata  = '0;
    mmio_new    = '0;
    mmio_commit = 1'b0;
    lra_wr      = 1'b0;
    flsh_wr     = 1'b0;
    for (int i = 0; i < GLOBAL_REGS; i++) begin
      g_host[i] = g[i];
      if (GLOBAL_REG_GAM[i][0] && mmio_addr == GLOBAL_REG_OFF[i]) begin
        mmio_rdata = g[i];
        // GAM-21: a write of any value invalidates (bit 0, the only RW bit of the row, is stored as usual)
        if (mmio_wr && i == GFX_FLSH_CNTL_IDX) flsh_wr = 1'b1;
        if (mmio_wr && reg_writable(gidx_t'(i))) begin
          g_host[i]   = reg_write(gidx_t'(i), g[i], mmio_wdata);
          mmio_commit = 1'b1;
          mmio_new    = g_host[i];
          if (i == CVS_TLB_LRA_0_IDX || i == CVS_TLB_LRA_1_IDX) lra_wr = 1'b1;
        end
      end
    end
  end

  logic [31:0] prio, gab;
  logic [5:0]  lra2;
  logic [4:0]  min0, min1, min2, max0, max1, max2, min0_h, min1_h, min2_h;   // _h: after the host write
  assign lra2   = g[CVS_TLB_LRA_2_IDX][5:0];
  assign min0   = g[CVS_TLB_LRA_0_IDX][4:0];
  assign max0   = g[CVS_TLB_LRA_0_IDX][12:8];
  assign min1   = g[CVS_TLB_LRA_0_IDX][20:16];
  assign max1   = g[CVS_TLB_LRA_0_IDX][28:24];
  assign min2   = g[CVS_TLB_LRA_1_IDX][4:0];
  assign max2   = g[CVS_TLB_LRA_1_IDX][12:8];
  assign min0_h = g_host[CVS_TLB_LRA_0_IDX][4:0];
  assign min1_h = g_host[CVS_TLB_LRA_0_IDX][20:16];
  assign min2_h = g_host[CVS_TLB_LRA_1_IDX][4:0];
  localparam logic [31:0] LRA0_RST = GLOBAL_REG_RESET[CVS_TLB_LRA_0_IDX];
  localparam logic [31:0] LRA1_RST = GLOBAL_REG_RESET[CVS_TLB_LRA_1_IDX];
  assign prio = g[MIDARB_PRIO_NP_IDX];
  assign gab  = g[GAB_CTL_REG_IDX];

  // LRA k's range (GAM-8): LRA0 = [LRA_0[4:0], LRA_0[12:8]], LRA1 = [LRA_0[20:16], LRA_0[28:24]],
  // LRA2 = [LRA_1[4:0], LRA_1[12:8]].
  function automatic logic [4:0] lra_min(input int k, input logic [4:0] m0, input logic [4:0] m1,
                                         input logic [4:0] m2);   // (LRA_0[4:0], LRA_0[20:16], LRA_1[4:0])
    return k == 0 ? m0 : k == 1 ? m1 : m2;
  endfunction
  function automatic logic [4:0] lra_max(input int k, input logic [4:0] x0, input logic [4:0] x1,
                                         input logic [4:0] x2);   // (LRA_0[12:8], LRA_0[28:24], LRA_1[12:8])
    return k == 0 ? x0 : k == 1 ? x1 : x2;
  endfunction
  // The LRA of a client (CVS_TLB_LRA_2: IF = CS [5:4], DR = VF [3:2], WR = SO [1:0]; 3 means LRA0, G7, G8).
  function automatic logic [1:0] client_lra(input logic [1:0] c, input logic [5:0] l2);
    logic [1:0] f;
    f = c == CLIENT_IF ? l2[5:4] : c == CLIENT_DR ? l2[3:2] : l2[1:0];
    return f == 2'd3 ? 2'd0 : f;
  endfunction

  // =====================================================================================================
  // Stage T, P, the response queue, the TLBs
  // =====================================================================================================
  typedef enum logic [1:0] {PH_LOOKUP, PH_READY, PH_WALK_ISSUE, PH_WALK_WAIT} phase_t;
  logic        t_valid;
  phase_t      t_ph;
  eidx_t       t_eng;
  logic [1:0]  t_client;
  logic        t_ggtt, t_write;
  logic [63:0] t_va, t_wdata, t_pa, t_waddr;   // t_pa: physical address (READY); t_waddr: the walk's entry
  logic [7:0]  t_be;
  logic [1:0]  t_lvl;                          // entry being walked: 0 PML4E, 1 PDPE, 2 PDE, 3 PTE / GGTT PTE

  logic        p_valid;
  logic [2:0]  p_src;
  assign mem_req_valid = p_valid;
  assign mem_req_src   = p_src;

  logic take, xfer;
  assign take = !p_valid || mem_req_ready;   // P may load at this edge
  assign xfer = p_valid && mem_req_ready;    // P's request transfers at this edge

  // ---- response queue (GAM-10 step 1, GAM-11) ----
  logic [2:0]  q [QD];
  logic [3:0]  q_rd, q_wr;
  logic [4:0]  q_cnt;
  logic        q_push, q_pop, rsp_walk;
  assign q_push   = xfer && !mem_req_write;
  assign q_pop    = mem_rsp_valid && q_cnt != 5'd0;
  assign rsp_walk = q_pop && q[q_rd] == SRC_WALKER;
  always_comb
    for (int e = 0; e < NE; e++) rsp_valid[e] = q_pop && q[q_rd] == 3'(e);

  // ---- TLBs (GAM-7): per engine 32 entries of {valid, ggtt, vpn, physical page [38:12]} ----
  logic [31:0] tlb_v [NE];
  logic [31:0] tlb_g [NE];
  logic [35:0] tlb_vpn [NE][32];
  logic [26:0] tlb_ppn [NE][32];
  logic [4:0]  lra_ptr [NE][3];

  // the lookup of T's request (meaningful in its LOOKUP cycle), in its engine's TLB as at the start of the cycle
  logic [35:0] t_vpn;
  logic        lk_hit;
  logic [4:0]  lk_idx;
  assign t_vpn = t_ggtt ? {16'd0, t_va[31:12]} : t_va[47:12];
  logic t_ggtt_range;                 // a GGTT address at or above 4 GB: never hits, faults (GAM-4, GAM-7)
  assign t_ggtt_range = t_ggtt && t_va[63:32] != 32'd0;
  always_comb begin
    lk_hit = 1'b0;
    lk_idx = '0;
`ifdef GTREF_BUG_GAM_TLB_LAST_ENTRY
    // BUG (docs/rtl-bugs.md, GAM_TLB_LAST_ENTRY): the search starts at entry 30, so entry 31 never hits.
    for (int i = 30; i >= 0; i--)
`else
    for (int i = 31; i >= 0; i--)     // the lowest matching index (GAM-7)
`endif
`ifdef GTREF_BUG_GAM_TLB_SPACE_IGNORED
      // BUG (docs/rtl-bugs.md, GAM_TLB_SPACE_IGNORED): the entry's GGTT/PPGTT bit is not compared (VPN only).
      if (!t_ggtt_range && tlb_v[t_eng][i] && tlb_vpn[t_eng][i] == t_vpn) begin
`else
      if (!t_ggtt_range && tlb_v[t_eng][i] && tlb_g[t_eng][i] == t_ggtt && tlb_vpn[t_eng][i] == t_vpn) begin
`endif
        lk_hit = 1'b1;
        lk_idx = 5'(i);
      end
  end

  // ---- the walk (GAM-3..GAM-6) ----
  logic [63:0] w_ent, w_tbl, ggtt_pte, pml4e, pml4_base;
  logic [8:0]  w_ix;                  // the next level's index
  assign w_ent     = mem_rsp_data[64 * t_waddr[5:3] +: 64];   // the qword of the entry in the line
`ifdef GTREF_BUG_GAM_WALK_WIDE_MASK
  // BUG (docs/rtl-bugs.md, GAM_WALK_WIDE_MASK): a directory entry's next table is taken from bits 51:12 (the x86-64
  // entry layout) instead of 38:12 (GAM-3), so set ignored bits 51:39 move the next level's read.
  assign w_tbl     = w_ent & 64'h000F_FFFF_FFFF_F000;
`else
  assign w_tbl     = w_ent & PTE_ADDR_MASK;
`endif
  assign ggtt_pte  = GSM_BASE + {41'd0, t_va[31:12], 3'd0};
  assign pml4_base = pdp0[t_eng] & PTE_ADDR_MASK;             // as the engine holds it in the LOOKUP cycle
  assign pml4e     = pml4_base + {52'd0, t_va[47:39], 3'd0};
  always_comb
    case (t_lvl)
      2'd0:    w_ix = t_va[38:30];   // PML4E -> PDPE
`ifdef GTREF_BUG_GAM_LEVEL_INDEX
      // BUG (docs/rtl-bugs.md, GAM_LEVEL_INDEX): the PD level's index is taken one bit too low, va[28:20].
      2'd1:    w_ix = t_va[28:20];
`else
      2'd1:    w_ix = t_va[29:21];   // PDPE -> PDE
`endif
      default: w_ix = t_va[20:12];   // PDE -> PTE
    endcase

  // ---- one step of T (GAM-10 step 2) ----
  logic        ld_req, ld_walk, t_done, flt, cont, fill;
  logic [1:0]  flt_type;
  phase_t      nx_ph;
  logic [63:0] nx_pa, nx_waddr;
  logic [1:0]  nx_lvl;
  logic        dclv_on;
  assign dclv_on = dclv[t_eng][t_va[47:43]];   // PP_DCLV bit (PML4 index >> 4), GAM-6
  assign cont    = (gab & GAB_CTL_CONTINUE) != 32'd0;   // GAB_CTL_REG[8] as held in the fault cycle (GAM-15)
  always_comb begin
    ld_req   = 1'b0;
    ld_walk  = 1'b0;
    t_done   = 1'b0;
    flt      = 1'b0;
    flt_type = FAULT_PAGE;
    fill     = 1'b0;
    nx_ph    = t_ph;
    nx_pa    = t_pa;
    nx_waddr = t_waddr;
    nx_lvl   = t_lvl;
    if (t_valid)
      case (t_ph)
        PH_LOOKUP:
          if (lk_hit) begin
            nx_pa = {25'd0, tlb_ppn[t_eng][lk_idx], t_va[11:0]};
            if (take) begin ld_req = 1'b1; t_done = 1'b1; end
            else nx_ph = PH_READY;
          end else if (t_ggtt && t_va[63:32] != 32'd0) begin
            flt = 1'b1;                                    // GGTT beyond 4 GB: page fault, no walk (GAM-4)
            flt_type = FAULT_PAGE;
          end else if (!t_ggtt && !dclv_on) begin
            flt = 1'b1;                                    // PP_DCLV group disabled: unloaded PD, no walk (GAM-6)
            flt_type = FAULT_UNLOADED_PD;
          end else begin
            nx_ph    = PH_WALK_ISSUE;
            nx_waddr = t_ggtt ? ggtt_pte : pml4e;
            nx_lvl   = t_ggtt ? 2'd3 : 2'd0;
          end
        PH_READY:
          if (take) begin ld_req = 1'b1; t_done = 1'b1; end
        PH_WALK_ISSUE:
          if (take) begin ld_walk = 1'b1; nx_ph = PH_WALK_WAIT; end
        default:   // PH_WALK_WAIT
          if (rsp_walk) begin
            if (!w_ent[0]) begin                            // not present (GAM-13)
              flt = 1'b1;
              flt_type = (t_ggtt || t_lvl == 2'd3) ? FAULT_PAGE : FAULT_INVALID_PD;
            end else if (t_lvl == 2'd3) begin              // leaf: fill, then the request goes to P
              fill  = 1'b1;
              nx_pa = {25'd0, w_ent[38:12], t_va[11:0]};
              nx_ph = PH_READY;
            end else begin                                 // directory: the next level's entry
              nx_waddr = w_tbl + {52'd0, w_ix, 3'd0};
              nx_lvl   = t_lvl + 2'd1;
              nx_ph    = PH_WALK_ISSUE;
            end
          end
      endcase
    // GAM-15: continue sends the faulting address with bit 39 set (phase READY, no fill); hang drops the request
    if (flt && cont) begin
      nx_ph = PH_READY;
`ifdef GTREF_BUG_GAM_CONT_PAGE_MASK
      // BUG (docs/rtl-bugs.md, GAM_CONT_PAGE_MASK): the faulting address is masked with the entries' address mask
      // (bits 38:12) instead of 0x7F_FFFF_FFFF, so the continue-mode access loses its offset in the page.
      nx_pa = (t_va & PTE_ADDR_MASK) | FAULT_CONTINUE_BIT;
`else
      nx_pa = (t_va & FAULT_CONTINUE_MASK) | FAULT_CONTINUE_BIT;
`endif
    end
  end
  always_comb
    for (int e = 0; e < NE; e++) fault[e] = flt && !cont && t_eng == eidx_t'(e);
  assign fault_client = t_client;

  // ---- admission limits (GAM-23, G19) ----
  // Each engine's outstanding count: +1 at its grant; -1 when its read's response is routed to it (rsp_valid),
  // when its write transfers (wr_ack) and when its request faults in hang mode (fault: dropped); walk reads are
  // the GAM's own and never count. These can fall on one edge together (a grant, the response of an older read
  // and a write transferring from P). An engine has at most 2 fetch reads and 3 writes (wr_pend) in flight: 4
  // bits hold the count. Its limit is a field of MEDIA_MAX_REQ_COUNT as held in the cycle (before a host write of
  // the same edge, GAM-16): RCS0 GFX [31:24], BCS0 and VCS0 MFX/BLT [23:16] (each against its own count), VECS0
  // VLF [13:8]; 0 counts as 1 ("Minimum count value must be 1"): `count < max(field, 1)` is computed as
  // `count == 0 || count < field`.
  logic [NE-1:0] elig;
  logic [3:0]    out_cnt [NE];
  logic [3:0]    out_nxt [NE];
  logic [7:0]    lim_gfx, lim_mfx;
  logic [5:0]    lim_vlf;
  assign lim_gfx = g[MEDIA_MAX_REQ_COUNT_IDX][REQ_LIMIT_GFX_LSB +: REQ_LIMIT_GFX_WIDTH];
  assign lim_mfx = g[MEDIA_MAX_REQ_COUNT_IDX][REQ_LIMIT_MFX_LSB +: REQ_LIMIT_MFX_WIDTH];
  assign lim_vlf = g[MEDIA_MAX_REQ_COUNT_IDX][REQ_LIMIT_VLF_LSB +: REQ_LIMIT_VLF_WIDTH];
  always_comb
    for (int e = 0; e < NE; e++) begin
      logic [7:0] lim;
      lim     = e == 0 ? lim_gfx : e == 3 ? {2'd0, lim_vlf} : lim_mfx;
      elig[e] = out_cnt[e] == 4'd0 || {4'd0, out_cnt[e]} < lim;
`ifdef GTREF_BUG_GAM_LIMIT_AT_RESPONSE
      // BUG (docs/rtl-bugs.md, GAM_LIMIT_AT_RESPONSE): a read stops counting when it transfers on the port
      // instead of when its response is routed back (a write still at its transfer, a fault when it is dropped).
      out_nxt[e] = out_cnt[e] + {3'd0, req_gnt[e]} - {3'd0, xfer && p_src == 3'(e)} - {3'd0, fault[e]};
`else
      out_nxt[e] = out_cnt[e] + {3'd0, req_gnt[e]} - {3'd0, rsp_valid[e]} - {3'd0, wr_ack[e]} - {3'd0, fault[e]};
`endif
    end
  always_ff @(posedge clk)
    for (int e = 0; e < NE; e++) out_cnt[e] <= rst_n ? out_nxt[e] : 4'd0;

  // ---- arbitration (GAM-9, GAM-10 step 3) ----
  logic       accept;
  logic [1:0] arb_s;
  logic [3:0] a4;       // the admitted vector a (GAM-23)
  logic [3:0] v4;       // what the cascade's gates leave of a (GAM-26): the NP machine's v
  logic       g_any;
  eidx_t      g_eng;
  logic [4:0] code;
  logic [31:0] goto_cur;
  logic [1:0] arb_next;
  assign accept = !t_valid || t_done;   // a fault that empties T does not let it accept (GAM-10)
  // GAM-23: an engine with a valid request takes part (its bit of a) only if its outstanding count at the start of
  // the cycle is below its limit (elig, above).
  always_comb begin
    a4 = '0;
    for (int e = 0; e < NE; e++) a4[e] = req_valid[e] && elig[e];
  end

  // ---- the GAC/GAB cascade (GAM-26..GAM-28, G21-G23) ----
  // Per class c (0 RO = client IF, 1 R = client DR, 2 WR = client WR): sides GAM = RCS0 (engine 0), GAB = BCS0
  // (engine 1), GAC = VCS0 and VECS0 (engines 2, 3). From a and the state at the start of the cycle:
  //   1. GAC<->GAB (GAM-27): w_c = the only side present, or on a conflict (both) the owner if the class's limit is
  //      enabled, else its fixed side (RO [22], R [14], WR GAC); the other side's class-c engines leave the vector;
  //   2. GAC->GAM (GAM-28): the class machine's vector r_c = {cascade present, RCS0 present}; its winner (01 GAM,
  //      10 cascade, 11 the priority bit of entry s_c: 0 GAM, 1 cascade) keeps its class-c engines, the loser's leave.
  // The NP machine then arbitrates what is left (v4: its grant and its goto index). At the closing edge of an
  // arbitration (accept) every class machine moves by its goto for r_c (also 00) and the owner/count update of
  // GAM-27 applies; otherwise all of it holds. Registers are read as held in the cycle (before a host write).
  localparam logic SIDE_GAC = 1'b0, SIDE_GAB = 1'b1;
  logic [2:0]  cs_s [3];         // class machine state s_c
  logic        cs_own [3];       // GAC<->GAB owner (1 = GAB)
  logic [5:0]  cs_cnt [3];       // GAC<->GAB count
  logic [2:0]  cs_s_nx [3];
  logic        cs_own_nx [3];
  logic [5:0]  cs_cnt_nx [3];
  logic        cs_en [3], cs_fix [3];
  logic [5:0]  cs_lim [3];       // the limit, 0 counted as 1 (G23)
  // GAC_ARB_CTL_REG: RO enable [23], fixed [22], limit [20:16]; R enable [15], fixed [14], limit [12:8]; WR enable
  // [31], limit [29:24], no fixed bit (GAC, G23): gtref_pkg's GAC_* fields. Bits 30 and 5:0 are storage (GAM-25).
  always_comb begin
    cs_en[0]  = g[GAC_ARB_CTL_REG_IDX][GAC_RO_LIMIT_EN_LSB];
    cs_fix[0] = g[GAC_ARB_CTL_REG_IDX][GAC_RO_FIXED_LSB];
    cs_lim[0] = {1'b0, g[GAC_ARB_CTL_REG_IDX][GAC_RO_LIMIT_LSB +: GAC_RO_LIMIT_WIDTH]};
    cs_en[1]  = g[GAC_ARB_CTL_REG_IDX][GAC_R_LIMIT_EN_LSB];
    cs_fix[1] = g[GAC_ARB_CTL_REG_IDX][GAC_R_FIXED_LSB];
    cs_lim[1] = {1'b0, g[GAC_ARB_CTL_REG_IDX][GAC_R_LIMIT_LSB +: GAC_R_LIMIT_WIDTH]};
    cs_en[2]  = g[GAC_ARB_CTL_REG_IDX][GAC_WR_LIMIT_EN_LSB];
    cs_fix[2] = SIDE_GAC;
    cs_lim[2] = g[GAC_ARB_CTL_REG_IDX][GAC_WR_LIMIT_LSB +: GAC_WR_LIMIT_WIDTH];
    for (int c = 0; c < 3; c++) if (cs_lim[c] == 6'd0) cs_lim[c] = 6'd1;
  end
  // Entry s of class c's machine: register s >> 1 of ARB_{RO,R,WR}_GAC_GAM0..3, bits 12:0 for even s, the same
  // fields 15 bits up (27:15) for odd s; in the half, bit 12 is the priority and [3r+2:3r] the goto for vector r.
  function automatic logic [12:0] casc_entry(input logic [31:0] r0, input logic [31:0] r1, input logic [31:0] r2,
                                             input logic [31:0] r3, input logic [2:0] s);
    logic [31:0] w;
    case (s[2:1])
      2'd0:    w = r0;
      2'd1:    w = r1;
      2'd2:    w = r2;
      default: w = r3;
    endcase
`ifdef GTREF_BUG_GAM_CASC_ODD_ENTRY
    // BUG (docs/rtl-bugs.md, GAM_CASC_ODD_ENTRY): an odd entry's fields are read 16 bits above the even entry's
    // (bits 28:16) instead of 15 (bits 27:15).
    return 13'(s[0] ? w >> 16 : w);
`else
    return 13'(s[0] ? w >> 15 : w);   // the half: bit 12 priority, [3r+2:3r] goto for r
`endif
  endfunction
  logic [12:0] cs_ent [3];       // entry s_c of each class machine
  always_comb begin
    cs_ent[0] = casc_entry(g[ARB_RO_GAC_GAM0_IDX], g[ARB_RO_GAC_GAM1_IDX], g[ARB_RO_GAC_GAM2_IDX],
                           g[ARB_RO_GAC_GAM3_IDX], cs_s[0]);
    cs_ent[1] = casc_entry(g[ARB_R_GAC_GAM0_IDX], g[ARB_R_GAC_GAM1_IDX], g[ARB_R_GAC_GAM2_IDX],
                           g[ARB_R_GAC_GAM3_IDX], cs_s[1]);
    cs_ent[2] = casc_entry(g[ARB_WR_GAC_GAM0_IDX], g[ARB_WR_GAC_GAM1_IDX], g[ARB_WR_GAC_GAM2_IDX],
                           g[ARB_WR_GAC_GAM3_IDX], cs_s[2]);
  end
  logic        cs_conf [3];      // GAC and GAB both present with class c (a conflict)
  logic        cs_side [3];      // w_c when the cascade is present: 1 GAB, 0 GAC
  logic [1:0]  cs_r [3];         // the class machine's request vector r_c
  logic        cs_casc [3];      // the class machine's winner is the cascade (else GAM, or none for r_c = 00)
  always_comb begin
    v4 = a4;
    for (int c = 0; c < 3; c++) begin
      logic gam_p, gab_p, gac_p;
      gam_p = 1'b0;
      gab_p = 1'b0;
      gac_p = 1'b0;
      for (int e = 0; e < NE; e++)
        if (a4[e] && req_client[e] == 2'(c)) begin
          if (e == 0)      gam_p = 1'b1;
          else if (e == 1) gab_p = 1'b1;
          else             gac_p = 1'b1;
        end
      // 1. GAC<->GAB (GAM-27)
      cs_conf[c] = gab_p && gac_p;
      cs_side[c] = cs_conf[c] ? (cs_en[c] ? cs_own[c] : cs_fix[c]) : gab_p;
      // 2. GAC->GAM (GAM-28)
      cs_r[c]    = {gab_p || gac_p, gam_p};
      cs_casc[c] = cs_r[c] == 2'b10 || (cs_r[c] == 2'b11 && cs_ent[c][12]);
      // the losers' class-c engines leave the vector
      for (int e = 0; e < NE; e++)
        if (req_client[e] == 2'(c)) begin
          if (e == 0) begin
            if (cs_casc[c]) v4[e] = 1'b0;
          end else if (e == 1) begin
            if (!cs_casc[c] || cs_side[c] != SIDE_GAB) v4[e] = 1'b0;
          end else begin
            if (!cs_casc[c] || cs_side[c] != SIDE_GAC) v4[e] = 1'b0;
          end
        end
    end
  end
  // The update at the closing edge (GAM-27, GAM-28), only when an arbitration is made (accept).
  logic [1:0] g_client;
  logic       g_gab, g_gac;      // the NP grant goes to an engine of GAB / of GAC
  assign g_client = req_client[g_eng];
  assign g_gab    = accept && g_any && int'(g_eng) == 1;
  assign g_gac    = accept && g_any && int'(g_eng) >= 2;
  always_comb
    for (int c = 0; c < 3; c++) begin
      logic served;              // the grant went to a class-c engine of the owner's side
      cs_s_nx[c]   = accept ? cs_ent[c][3 * cs_r[c] +: 3] : cs_s[c];
      cs_own_nx[c] = cs_own[c];
      cs_cnt_nx[c] = cs_cnt[c];
      served = g_client == 2'(c) && (cs_own[c] == SIDE_GAB ? g_gab : g_gac);
      if (accept) begin
        if (!cs_conf[c] || !cs_en[c]) begin
`ifdef GTREF_BUG_GAM_CASC_COUNT_KEPT
          // BUG (docs/rtl-bugs.md, GAM_CASC_COUNT_KEPT): the count is kept when the conflict ends or the limit is
          // disabled, instead of cleared (an owner switch still clears it).
          cs_cnt_nx[c] = cs_cnt[c];
`else
          cs_cnt_nx[c] = 6'd0;   // no conflict, or the limit disabled: the count clears, the owner stays
`endif
`ifdef GTREF_BUG_GAM_CASC_WR_SYMMETRIC
        // BUG (docs/rtl-bugs.md, GAM_CASC_WR_SYMMETRIC): writes switch as reads do: GAB gets `limit` writes
        // instead of exactly one.
        end else if (served) begin
`else
        end else if (served && c == 2 && cs_own[c] == SIDE_GAB) begin
          cs_own_nx[c] = SIDE_GAC;   // WR: one GAB write, then GAC with the count cleared
          cs_cnt_nx[c] = 6'd0;
        end else if (served) begin
`endif
          // the count + 1; reaching the limit switches the owner and clears the count (a count at or above the
          // limit, after a limit lowered under a count, switches at once)
          if (cs_cnt[c] + 6'd1 >= cs_lim[c]) begin
            cs_own_nx[c] = !cs_own[c];
            cs_cnt_nx[c] = 6'd0;
          end else
            cs_cnt_nx[c] = cs_cnt[c] + 6'd1;
        end
        // a conflict with the limit enabled and not served: owner and count hold
      end
    end
  always_ff @(posedge clk)
    for (int c = 0; c < 3; c++)
      if (!rst_n) begin
        cs_s[c]   <= 3'd0;
        cs_own[c] <= SIDE_GAC;
        cs_cnt[c] <= 6'd0;
      end else begin
        cs_s[c]   <= cs_s_nx[c];
        cs_own[c] <= cs_own_nx[c];
        cs_cnt[c] <= cs_cnt_nx[c];
      end
  assign code = prio[5 * arb_s +: 5];
  always_comb
    case (arb_s)
      2'd0:    goto_cur = g[MIDARB_GOTOFIELD_NP0_IDX];
      2'd1:    goto_cur = g[MIDARB_GOTOFIELD_NP1_IDX];
      2'd2:    goto_cur = g[MIDARB_GOTOFIELD_NP2_IDX];
      default: goto_cur = g[MIDARB_GOTOFIELD_NP3_IDX];
    endcase
`ifdef GTREF_BUG_GAM_GOTO_OFF_BY_ONE
  // BUG (docs/rtl-bugs.md, GAM_GOTO_OFF_BY_ONE): the next state comes from the goto field of vector v + 1.
  logic [3:0] v_goto;
  assign v_goto   = v4 + 4'd1;
  assign arb_next = goto_cur[2 * v_goto +: 2];
`else
  assign arb_next = goto_cur[2 * v4 +: 2];
`endif
  // The priority order of code c: c[4:3] is VECS0's rank (00 4th .. 11 1st), c[2:0] the order of RCS0 (CS/VF/ISC),
  // BCS0 (MT_CTC), VCS0 (RCC): 000 R B V, 001 R V B, 010 V R B, 011 V B R, 100 B R V, 101 B V R, 110/111 as 000
  // (G12, G13). The grant goes to the requesting engine of lowest rank.
  logic [1:0] rank [4];
  always_comb begin
    logic [1:0] vr;
    vr = 2'd3 - code[4:3];
    case (code[2:0])
      3'd1:    begin rank[0] = 2'd0; rank[2] = 2'd1; rank[1] = 2'd2; end
      3'd2:    begin rank[2] = 2'd0; rank[0] = 2'd1; rank[1] = 2'd2; end
      3'd3:    begin rank[2] = 2'd0; rank[1] = 2'd1; rank[0] = 2'd2; end
      3'd4:    begin rank[1] = 2'd0; rank[0] = 2'd1; rank[2] = 2'd2; end
      3'd5:    begin rank[1] = 2'd0; rank[2] = 2'd1; rank[0] = 2'd2; end
      default: begin rank[0] = 2'd0; rank[1] = 2'd1; rank[2] = 2'd2; end
    endcase
    for (int k = 0; k < 3; k++) if (rank[k] >= vr) rank[k] = rank[k] + 2'd1;   // VECS0 takes its place
    rank[3] = vr;
    g_any = 1'b0;
    g_eng = '0;
    for (int r = 3; r >= 0; r--)
      for (int e = 0; e < NE; e++)
        if (v4[e] && rank[e] == 2'(r)) begin
          g_any = 1'b1;
          g_eng = eidx_t'(e);
        end
  end
  always_comb
    for (int e = 0; e < NE; e++) req_gnt[e] = accept && g_any && g_eng == eidx_t'(e);

  // ---- write acknowledgement (GAM-10 step 4, GAM-11) ----
  always_comb
    for (int e = 0; e < NE; e++)
`ifdef GTREF_BUG_GAM_ACK_TO_GRANTED
      // BUG (docs/rtl-bugs.md, GAM_ACK_TO_GRANTED): the ack goes to the engine granted in this cycle (none if
      // no grant) instead of the engine whose write transfers.
      wr_ack[e] = xfer && mem_req_write && accept && g_any && g_eng == eidx_t'(e);
`else
      wr_ack[e] = xfer && mem_req_write && p_src == 3'(e);
`endif

  // ---- the fault record (GAM-14) ----
  gidx_t       t_fr;
  logic [31:0] fr_val, arb_bit;
  assign t_fr    = fr_idx(t_eng);
  // va[31:12] << 12 | ggtt << 11 | (4e + client) << 3 | type << 1 | 1
  assign fr_val  = {t_va[31:12], t_ggtt, 4'd0, 2'(t_eng), t_client, flt_type, 1'b1};
  assign arb_bit = flt_type == FAULT_PAGE ? ARB_ERR_PAGE : flt_type == FAULT_INVALID_PD ? ARB_ERR_INVALID_PD
                                                                                         : ARB_ERR_UNLOADED_PD;

  // =====================================================================================================
  // State
  // =====================================================================================================
  // GAM registers: the host write, then the hardware updates of a fault (GAM-14: the lock test sees the host's
  // write; GFX_ARB_ERROR_RPT takes the error bit after the host's write of the same edge).
  for (genvar i = 0; i < GLOBAL_REGS; i++) begin : g_reg
    if (GLOBAL_REG_GAM[i][0]) begin : g_gam
      always_ff @(posedge clk) begin
        if (!rst_n) g[i] <= GLOBAL_REG_RESET[i];
        else if (flt && i == GFX_ARB_ERROR_RPT_IDX) g[i] <= g_host[i] | arb_bit;
`ifdef GTREF_BUG_GAM_FAULT_NO_LOCK
        // BUG (docs/rtl-bugs.md, GAM_FAULT_NO_LOCK): a later fault overwrites a valid fault register.
        else if (flt && t_fr == gidx_t'(i)) g[i] <= fr_val;
`else
        else if (flt && t_fr == gidx_t'(i) && !g_host[i][0]) g[i] <= fr_val;
`endif
        else g[i] <= g_host[i];
      end
    end else begin : g_other
      assign g[i] = '0;
    end
  end

  // T, the arbiter, P, the queue
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      t_valid       <= 1'b0;
      t_ph          <= PH_LOOKUP;
      t_eng         <= '0;
      arb_s         <= 2'd0;
      p_valid       <= 1'b0;
      p_src         <= '0;
      mem_req_write <= 1'b0;
      mem_req_addr  <= '0;
      mem_req_wdata <= '0;
      mem_req_be    <= '0;
      q_rd          <= '0;
      q_wr          <= '0;
      q_cnt         <= '0;
      // data of T and the queue too (several tests run in one process, each from a reset)
      t_pa          <= '0;
      t_waddr       <= '0;
      t_lvl         <= '0;
      t_client      <= '0;
      t_ggtt        <= 1'b0;
      t_va          <= '0;
      t_write       <= 1'b0;
      t_wdata       <= '0;
      t_be          <= '0;
      for (int k = 0; k < QD; k++) q[k] <= '0;
    end else begin
      // T: one step; hang-mode faults drop the request; an accepting T takes the grant
      t_ph    <= nx_ph;
      t_pa    <= nx_pa;
      t_waddr <= nx_waddr;
      t_lvl   <= nx_lvl;
      if (flt && !cont) t_valid <= 1'b0;
      else if (accept) begin
        arb_s   <= arb_next;                       // every accepting cycle, with or without a request (G14)
        t_valid <= g_any;
        if (g_any) begin
          t_ph     <= PH_LOOKUP;
          t_eng    <= g_eng;
          t_client <= req_client[g_eng];
          t_ggtt   <= req_ggtt[g_eng];
          t_va     <= req_va[g_eng];
          t_write  <= req_write[g_eng];
          t_wdata  <= req_wdata[g_eng];
          t_be     <= req_be[g_eng];
        end
      end
      // P
      if (take) begin
        p_valid <= ld_req || ld_walk;
        if (ld_req) begin
          mem_req_write <= t_write;
          mem_req_addr  <= nx_pa;
          mem_req_wdata <= t_wdata;
          mem_req_be    <= t_be;
          p_src         <= {1'b0, 2'(t_eng)};
        end else if (ld_walk) begin                // the 64-byte line holding the entry
          mem_req_write <= 1'b0;
          mem_req_addr  <= {t_waddr[63:6], 6'd0};
          mem_req_wdata <= '0;
          mem_req_be    <= '0;
          p_src         <= SRC_WALKER;
        end
      end
      // the response queue
      if (q_push) begin
        q[q_wr] <= p_src;
        q_wr    <= q_wr + 4'd1;
      end
      if (q_pop) q_rd <= q_rd + 4'd1;
      q_cnt <= q_cnt + {4'd0, q_push} - {4'd0, q_pop};
    end
  end

  // TLB valid bits and LRA pointers: the fill, then invalidations (GAM-12 by tlb_inv, GAM-21 by a GFX_FLSH_CNTL
  // write: the GGTT entries of every engine, a GGTT entry filled at this edge included), then an LRA write's reset
  // (GAM-8). tlb_vn/tlb_gn: the valid and ggtt bits after the fill.
  logic [1:0] f_lra;
  logic [4:0] f_idx, f_min, f_max;
  logic [31:0] tlb_vn [NE];
  logic [31:0] tlb_gn [NE];
  assign f_lra = client_lra(t_client, lra2);
  assign f_idx = lra_ptr[t_eng][f_lra];
  assign f_min = lra_min(int'(f_lra), min0, min1, min2);
  assign f_max = lra_max(int'(f_lra), max0, max1, max2);
  always_comb
    for (int e = 0; e < NE; e++) begin
      tlb_vn[e] = tlb_v[e];
      tlb_gn[e] = tlb_g[e];
      if (fill && t_eng == eidx_t'(e)) begin
        tlb_vn[e][f_idx] = 1'b1;
        tlb_gn[e][f_idx] = t_ggtt;
      end
    end
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      for (int e = 0; e < NE; e++) begin
        tlb_v[e] <= '0;
        tlb_g[e] <= '0;
        for (int k = 0; k < 3; k++) lra_ptr[e][k] <= lra_min(k, LRA0_RST[4:0], LRA0_RST[20:16], LRA1_RST[4:0]);
      end
    end else begin
      if (fill) lra_ptr[t_eng][f_lra] <= f_idx == f_max ? f_min : f_idx + 5'd1;
      for (int e = 0; e < NE; e++) begin
        tlb_g[e] <= tlb_gn[e];
`ifdef GTREF_BUG_GAM_STALE_TLB
        tlb_v[e] <= flsh_wr ? tlb_vn[e] & ~tlb_gn[e] : tlb_vn[e];
`else
        tlb_v[e] <= tlb_inv[e] ? 32'd0 : flsh_wr ? tlb_vn[e] & ~tlb_gn[e] : tlb_vn[e];
`endif
      end
      if (lra_wr)
        for (int e = 0; e < NE; e++)
          for (int k = 0; k < 3; k++)
            lra_ptr[e][k] <= lra_min(k, min0_h, min1_h, min2_h);
    end
  end
`ifdef GTREF_BUG_GAM_STALE_TLB
  // BUG (docs/rtl-bugs.md, GAM_STALE_TLB): the engines' TLB invalidations (tlb_inv: a flush, GAM-12, or an INSTPM
  // host write, GAM-22) are ignored. GFX_FLSH_CNTL (GAM-21) still invalidates.
  logic unused_tlb_inv;
  assign unused_tlb_inv = ^tlb_inv;
`endif
  // entry contents: reset too, though the valid bits say what is meaningful (several tests run in one process)
  always_ff @(posedge clk)
    if (!rst_n) begin
      for (int e = 0; e < NE; e++)
        for (int k = 0; k < 32; k++) begin
          tlb_vpn[e][k] <= '0;
          tlb_ppn[e][k] <= '0;
        end
    end else if (fill) begin
      tlb_vpn[t_eng][f_idx] <= t_vpn;
      tlb_ppn[t_eng][f_idx] <= w_ent[38:12];
    end

  // =====================================================================================================
  // Probes (GAM-17): flops of what happened at this edge, seen in the next cycle
  // =====================================================================================================
  logic lookup;
  assign lookup = t_valid && t_ph == PH_LOOKUP;
  always_ff @(posedge clk) begin
    if (!rst_n) begin
      probe_gam_gnt_valid     <= 1'b0;
      probe_gam_gnt_engine    <= '0;
      probe_gam_lookup_valid  <= 1'b0;
      probe_gam_lookup_engine <= '0;
      probe_gam_lookup_hit    <= 1'b0;
      probe_gam_lookup_index  <= '0;
      probe_gam_fill_valid    <= 1'b0;
      probe_gam_fill_engine   <= '0;
      probe_gam_fill_index    <= '0;
      probe_gam_fault_valid   <= 1'b0;
      probe_gam_fault_engine  <= '0;
      probe_gam_fault_type    <= '0;
      probe_gam_wr_ack        <= '0;
      probe_gam_rsp           <= '0;
    end else begin
      probe_gam_gnt_valid     <= accept && g_any;
      probe_gam_gnt_engine    <= accept && g_any ? 2'(g_eng) : 2'd0;
      probe_gam_lookup_valid  <= lookup;
      probe_gam_lookup_engine <= lookup ? 2'(t_eng) : 2'd0;
      probe_gam_lookup_hit    <= lookup && lk_hit;
      probe_gam_lookup_index  <= lookup && lk_hit ? lk_idx : 5'd0;
      probe_gam_fill_valid    <= fill;
      probe_gam_fill_engine   <= fill ? 2'(t_eng) : 2'd0;
      probe_gam_fill_index    <= fill ? f_idx : 5'd0;
      probe_gam_fault_valid   <= flt;
      probe_gam_fault_engine  <= flt ? 2'(t_eng) : 2'd0;
      probe_gam_fault_type    <= flt ? flt_type : 2'd0;
      probe_gam_wr_ack        <= wr_ack;
      probe_gam_rsp           <= rsp_valid;
    end
  end
  assign probe_gam_arb_state = arb_s;
  // GAM-29: the cascade's state after the previous edge (flops): [2:0] s_RO, [5:3] s_R, [8:6] s_WR, [9] [10] [11]
  // the owners of RO, R, WR (1 = GAB), [17:12] [23:18] [29:24] the counts of RO, R, WR
  assign probe_gam_casc = {cs_cnt[2], cs_cnt[1], cs_cnt[0], cs_own[2], cs_own[1], cs_own[0], cs_s[2], cs_s[1], cs_s[0]};
endmodule
