// gam_tb: self-checking DUT-only tests (no model, no scoreboard) of the GAM (docs/gam.md GAM-1..GAM-23), with
// expectations derived by hand from the contract and the spec facts it cites (BYT-REG digest §2.8, §2.10, §2.11,
// §4; spec-decisions G1-G19): walk read addresses, physical addresses on the port, TLB hits and LRA fills, faults and
// their record, hang and continue, the MIDARB arbiter, wr_ack and response routing, and phase 2: GFX_FLSH_CNTL and
// INSTPM invalidations, the accepted-request limits of MEDIA_MAX_REQ_COUNT.
// Run all tests on the clean RTL and on each catalogued GAM bug: tests/rtl/run_harness.sh gam_tb (expectations in
// gam_tb.expect). One test per run: +test=NAME; prints "PASS NAME" or "FAIL NAME (n errors)" and the first errors.
//
// Memory (harness_mem.svh): physical, reads answered 3 cycles after they transfer, GGTT entries the identity map
// unless a test writes them. Cycle numbering: `cyc` is the index of the cycle an edge closes (the monitor runs at
// the closing edge); an event "at edge n" is seen on a GAM probe in cycle n+1 (GAM-17).
//
// Every test also runs these checks on every cycle (the monitor), each from the contract:
//   wr_ack  probe_gam_wr_ack in n+1 is exactly the engine of the write that transferred at edge n (GAM-11);
//   rsp     probe_gam_rsp in n+1 is exactly the engine of the oldest read still unanswered, when a response comes
//           in n (src 4, the walker, routes to no engine; GAM-10 step 1, GAM-11);
//   arb     a grant at edge n goes to the first requesting engine in the order of the state's priority code, and the
//           state moves to GOTO[state][v] exactly at the edges where T accepts (GAM-9, G12-G14): with requests a
//           grant is an accepting edge; without a grant the state holds; with no request it holds or moves by v = 0.
//           v holds only the engines below their limit (GAM-23): the monitor keeps each engine's outstanding count
//           (+1 at its grant, -1 at its routed response, its wr_ack, its hang-mode fault) and the limits of
//           MEDIA_MAX_REQ_COUNT as the DUT holds them (RCS0 [31:24], BCS0 and VCS0 [23:16], VECS0 [13:8], 0 as 1);
//   lookup  the request granted at edge n is looked up in cycle n+1 (seen in n+2) in its engine's TLB (GAM-10).
module gam_tb import gtref_pkg::*; ();
  localparam int NE = 4;
  `include "harness_dut.svh"

  localparam int RCS0 = 0, BCS0 = 1, VCS0 = 2, VECS0 = 3;
  localparam logic [31:0] NOOP = 32'h0;
  localparam logic [63:0] HWSP = 64'h60_0000;
  localparam logic [31:0] GAB_CONT = 32'h0000_01BF;   // GAB_CTL_REG reset 0xBF with bit 8 (continue) set

  `include "harness_mem.svh"
  `include "harness_check.svh"

  // =====================================================================================================
  // Monitor
  // =====================================================================================================
  typedef struct packed {
    logic [31:0] cyc;
    logic        wr;
    logic [63:0] addr;
    logic [2:0]  src;
    logic [7:0]  be;
    logic [63:0] data;
  } xfer_t;
  typedef struct packed {
    logic [31:0] cyc;         // the cycle whose closing edge made the grant
    logic [1:0]  eng;
    logic [1:0]  client;
    logic        ggtt;
    logic [63:0] va;
    logic        wr;
    logic [7:0]  be;
    logic [3:0]  v;           // the request vector of that cycle
  } gnt_t;
  typedef struct packed {
    logic [31:0] cyc;         // the LOOKUP cycle / the edge of the fill or fault
    logic [1:0]  eng;
    logic        hit;
    logic [4:0]  idx;         // lookup: entry hit; fill: entry filled; fault: type in [1:0]
  } ev_t;
  typedef struct packed {
    logic [31:0] cyc;
    logic [31:0] off;
    logic [31:0] data;
  } commit_t;
  typedef struct packed {
    logic [31:0] cyc;
    logic [31:0] dw0;
    logic [63:0] addr;
    logic        err;
  } retire_t;

  xfer_t   xf [$];
  gnt_t    gn [$];
  ev_t     lk [$], fl [$], ft [$];
  commit_t cm [NE][$];
  retire_t rt [NE][$];
  logic [31:0] mc_off [$], mc_data [$];

  // request snapshot of the cycle before (for the grant record)
  logic [NE-1:0]       s_valid, s_ggtt, s_write;
  logic [NE-1:0][1:0]  s_client;
  logic [NE-1:0][63:0] s_va;
  logic [NE-1:0][7:0]  s_be;
  logic [1:0]          s_state;
  // the arbiter registers as the DUT holds them (updated at the edge of a host write to them)
  logic [31:0] sh_prio = '0, sh_goto [4] = '{default: '0};
  logic [31:0] p_prio, p_goto [4];
  // GAM-23: MEDIA_MAX_REQ_COUNT and GAB_CTL_REG as the DUT holds them, the engines' outstanding counts, the cycles
  // of every response routed to an engine (edge, engine) and the request vector of every cycle
  localparam logic [31:0] MAXREQ_RST = 32'h1020_2020, GAB_RST = 32'h0000_00BF;
  logic [31:0] sh_maxreq = MAXREQ_RST, sh_gab = GAB_RST, p_maxreq, p_gab;
  int          ocnt [NE] = '{default: 0};
  typedef struct packed {
    logic [31:0] cyc;
    logic [1:0]  eng;
  } rsp_t;
  rsp_t        rs [$];
  logic [NE-1:0] reqlog [int];   // probe_req_valid in cycle n
  logic [1:0]    stlog [int];    // probe_gam_arb_state in cycle n (the state after edge n-1)
  logic [29:0]   casclog [int];  // probe_gam_casc in cycle n
  logic [3:0]    cvlog [int];    // the cascade's v (what the NP machine arbitrates) of cycle n, per the monitor
  // The cascade (GAM-26..GAM-28), the monitor's own model: GAC_ARB_CTL_REG and ARB_{RO,R,WR}_GAC_GAM0..3 as the DUT
  // holds them (reset 0x00400002 and 0, RW masks of the table rows), and per class (0 RO, 1 R, 2 WR) the machine
  // state, the GAC/GAB owner (1 = GAB) and the count as after the last edge.
  localparam logic [31:0] GACCTL_RST = 32'h0040_0002, GACCTL_RW = 32'hFFDF_DF3F, CASC_RW = 32'h0FFF_9FFF;
  logic [31:0] sh_gac = GACCTL_RST, p_gac;
  logic [31:0] sh_cm [3][4] = '{default: '{default: '0}}, p_cm [3][4];
  int          ms_st [3] = '{default: 0}, ms_ow [3] = '{default: 0}, ms_ct [3] = '{default: 0};
  // wr_ack / rsp expectations for the next cycle
  logic [NE-1:0] exp_ack = '0, exp_rsp = '0;
  logic [2:0]    rdsrc [$];
  bit            mon_on = 1'b0;

  // The MIDARB NP decode (GAM-9, BYT-REG digest §2.10 table, G13): c[4:3] = rank of VECS0 (00 4th .. 11 1st),
  // c[2:0] the order of RCS0 (CS/VF/ISC), BCS0 (MT_CTC), VCS0 (RCC): 000 R B V, 001 R V B, 010 V R B, 011 V B R,
  // 100 B R V, 101 B V R, 110 and 111 as 000. Returns the engine granted for vector v (-1 if none).
  function automatic int ref_pick(input logic [4:0] c, input logic [3:0] v);
    int three [3], order [4], k;
    case (c[2:0])
      3'b001:  three = '{RCS0, VCS0, BCS0};
      3'b010:  three = '{VCS0, RCS0, BCS0};
      3'b011:  three = '{VCS0, BCS0, RCS0};
      3'b100:  three = '{BCS0, RCS0, VCS0};
      3'b101:  three = '{BCS0, VCS0, RCS0};
      default: three = '{RCS0, BCS0, VCS0};
    endcase
    k = 0;
    for (int p = 0; p < 4; p++)
      if (p == 3 - int'(c[4:3])) order[p] = VECS0;
      else begin order[p] = three[k]; k++; end
    for (int p = 0; p < 4; p++) if (v[order[p]]) return order[p];
    return -1;
  endfunction
  function automatic logic [1:0] ref_goto(input logic [31:0] gr, input logic [3:0] v);
    return gr[2 * v +: 2];
  endfunction
  // engine e's accepted-request limit (GAM-23, G19, BYT-REG L4516-4553): RCS0 GFX [31:24], BCS0 and VCS0 MFX/BLT
  // [23:16], VECS0 VLF [13:8]; "Minimum count value must be 1": 0 counts as 1
  function automatic int ref_limit(input logic [31:0] m, input int e);
    int f;
    f = e == RCS0 ? int'(m[31:24]) : e == VECS0 ? int'(m[13:8]) : int'(m[23:16]);
    return f == 0 ? 1 : f;
  endfunction

  // ---- the cascade (GAM-26..GAM-28, G21-G23) ----
  // class of a client: IF -> RO (0), DR -> R (1), WR -> WR (2); side of an engine: RCS0 the GAM side (0), BCS0 GAB
  // (1), VCS0 and VECS0 GAC (2)
  localparam int S_GAM = 0, S_GAB = 1, S_GAC = 2, S_NONE = 3;
  function automatic int cls_of(input logic [1:0] client);
    return client == CLIENT_IF ? 0 : client == CLIENT_DR ? 1 : client == CLIENT_WR ? 2 : -1;
  endfunction
  function automatic int side_of(input int e);
    return e == RCS0 ? S_GAM : e == BCS0 ? S_GAB : S_GAC;
  endfunction
  // GAC_ARB_CTL_REG (GAM-27): RO enable 23, fixed 22, limit 20:16; R enable 15, fixed 14, limit 12:8; WR enable 31,
  // limit 29:24, fixed GAC; a limit of 0 counts as 1
  function automatic bit c_en(input logic [31:0] r, input int c);
    return c == 0 ? r[23] : c == 1 ? r[15] : r[31];
  endfunction
  function automatic int c_fixed(input logic [31:0] r, input int c);
    return c == 0 ? (r[22] ? S_GAB : S_GAC) : c == 1 ? (r[14] ? S_GAB : S_GAC) : S_GAC;
  endfunction
  function automatic int c_limit(input logic [31:0] r, input int c);
    int l;
    l = c == 0 ? int'(r[20:16]) : c == 1 ? int'(r[12:8]) : int'(r[29:24]);
    return l == 0 ? 1 : l;
  endfunction
  // entry s of class c's machine (GAM-28): register s / 2, bits 12:0 (even s) or 27:15 (odd s); priority bit 12,
  // goto for vector r at 3r+2:3r
  function automatic logic [12:0] c_entry(input logic [31:0] cm [3][4], input int c, input int s);
    logic [31:0] w;
    w = cm[c][s / 2];
    return s % 2 == 1 ? w[27:15] : w[12:0];
  endfunction
  function automatic logic [29:0] casc_pack(input int st [3], input int ow [3], input int ct [3]);
    return {6'(ct[2]), 6'(ct[1]), 6'(ct[0]), 1'(ow[2]), 1'(ow[1]), 1'(ow[0]), 3'(st[2]), 3'(st[1]), 3'(st[0])};
  endfunction
  // The gates of one cycle: from the admitted vector a, the clients, the registers and the state at the start of
  // the cycle: v (what the NP machine arbitrates), each class's request vector r, conflict, and cascade side w.
  function automatic logic [3:0] casc_gate(input logic [3:0] a, input logic [NE-1:0][1:0] cl, input logic [31:0] ctl,
                                           input logic [31:0] cm [3][4], input int st [3], input int ow [3],
                                           output int rv [3], output bit conf [3]);
    logic [3:0] v;
    v = a;
    for (int c = 0; c < 3; c++) begin
      bit gm, gb, gc;
      int w, win;   // w: the cascade's side; win: the class machine's winner (S_GAM, or S_GAB/S_GAC, or S_NONE)
      logic [12:0] ent;
      gm = 0; gb = 0; gc = 0;
      for (int e = 0; e < NE; e++)
        if (a[e] && cls_of(cl[e]) == c) begin
          if (side_of(e) == S_GAM) gm = 1;
          else if (side_of(e) == S_GAB) gb = 1;
          else gc = 1;
        end
      conf[c] = gb && gc;
      if (gb && gc) w = c_en(ctl, c) ? (ow[c] != 0 ? S_GAB : S_GAC) : c_fixed(ctl, c);
      else w = gb ? S_GAB : gc ? S_GAC : S_NONE;
      rv[c] = (w != S_NONE ? 2 : 0) + (gm ? 1 : 0);
      case (rv[c])
        1:       win = S_GAM;
        2:       win = w;
        3:       begin ent = c_entry(cm, c, st[c]); win = ent[12] ? w : S_GAM; end
        default: win = S_NONE;
      endcase
      for (int e = 0; e < NE; e++)
        if (a[e] && cls_of(cl[e]) == c && side_of(e) != win) v[e] = 1'b0;
    end
    return v;
  endfunction
  // The cascade's update at the closing edge of an arbitration (GAM-27, GAM-28): the grant (gv: any, ge: engine).
  task automatic casc_step(input logic [NE-1:0][1:0] cl, input logic [31:0] ctl, input logic [31:0] cm [3][4],
                           input int rv [3], input bit conf [3], input bit gv, input int ge,
                           inout int st [3], inout int ow [3], inout int ct [3]);
    for (int c = 0; c < 3; c++) begin
      logic [12:0] ent;
      ent = c_entry(cm, c, st[c]);
      st[c] = int'(ent[3 * rv[c] +: 3]);
      if (!conf[c] || !c_en(ctl, c)) ct[c] = 0;
      else if (gv && cls_of(cl[ge]) == c && side_of(ge) == (ow[c] != 0 ? S_GAB : S_GAC)) begin
        if (c == 2 && ow[c] != 0) begin ow[c] = 0; ct[c] = 0; end   // WR: one GAB write, then GAC
        else if (ct[c] + 1 == c_limit(ctl, c)) begin ow[c] = 1 - ow[c]; ct[c] = 0; end
        else ct[c]++;
      end
    end
  endtask

  xfer_t   m_x;
  gnt_t    m_g;
  ev_t     m_ev;
  commit_t m_c;
  retire_t m_r;
  rsp_t    m_rs;
  always @(posedge clk) begin
    if (rst_n && mon_on) begin
      // ---- transfers on the port ----
      if (mem_req_valid && mem_req_ready) begin
        m_x = '{cyc, mem_req_write, mem_req_addr, mem_req_src, mem_req_be, mem_req_wdata};
        xf.push_back(m_x);
        chk(mem_req_src <= 3'd4, $sformatf("mem_req_src %0d", mem_req_src));
        if (!mem_req_write) rdsrc.push_back(mem_req_src);
        chk(!mem_req_write || mem_req_src < 3'd4, "a walker write");
        chk(mem_req_write || mem_req_be == 8'h00 || mem_req_src < 3'd4, "walk read with byte enables");
      end
      // ---- wr_ack / rsp routing: what edge cyc-1 said must show now ----
      chk(probe_gam_wr_ack == exp_ack, $sformatf("probe_gam_wr_ack %b, expected %b (the write that transferred)",
                                                 probe_gam_wr_ack, exp_ack));
      chk(probe_gam_rsp == exp_rsp, $sformatf("probe_gam_rsp %b, expected %b (the oldest read)", probe_gam_rsp, exp_rsp));
      exp_ack = '0;
      if (mem_req_valid && mem_req_ready && mem_req_write && mem_req_src < 3'd4) exp_ack[mem_req_src[1:0]] = 1'b1;
      exp_rsp = '0;
      if (mem_rsp_valid) begin
        chk(rdsrc.size() != 0, "a response without a read");
        if (rdsrc.size() != 0) begin
          if (rdsrc[0] < 3'd4) exp_rsp[rdsrc[0][1:0]] = 1'b1;
          void'(rdsrc.pop_front());
        end
      end
      // ---- grants (edge cyc-1) and the arbiter (GAM-9), v limited by the outstanding counts (GAM-23) ----
      begin
        logic [3:0] pv, av;
        int  rv [3];
        bit  cf [3];
        int  st1 [3], ow1 [3], ct1 [3];
        av = 4'(s_valid);
        for (int e = 0; e < NE; e++) if (ocnt[e] >= ref_limit(p_maxreq, e)) av[e] = 1'b0;
        // the cascade's gates (GAM-26): the NP machine arbitrates pv, what is left of a = av
        pv = casc_gate(av, s_client, p_gac, p_cm, ms_st, ms_ow, rv, cf);
        cvlog[cyc - 1] = pv;
        st1 = ms_st; ow1 = ms_ow; ct1 = ms_ct;
        casc_step(s_client, p_gac, p_cm, rv, cf, probe_gam_gnt_valid, int'(probe_gam_gnt_engine), st1, ow1, ct1);
        if (probe_gam_gnt_valid || av != 4'd0) begin
          // with a request an arbitration is exactly a grant (the gates never empty a non-empty a)
          if (probe_gam_gnt_valid) begin ms_st = st1; ms_ow = ow1; ms_ct = ct1; end
          chk(probe_gam_casc == casc_pack(ms_st, ms_ow, ms_ct),
              $sformatf("probe_gam_casc %08x after edge %0d, expected %08x (%s; a %b, v %b, r RO/R/WR %0d %0d %0d)",
                        probe_gam_casc, cyc - 1, casc_pack(ms_st, ms_ow, ms_ct),
                        probe_gam_gnt_valid ? string'("an arbitration") : string'("no arbitration: holds"), av, pv,
                        rv[0], rv[1], rv[2]));
        end else begin
          // no request: an arbitration (vector 00 for every class, counts cleared) or none (holds)
          chk(probe_gam_casc == casc_pack(ms_st, ms_ow, ms_ct) || probe_gam_casc == casc_pack(st1, ow1, ct1),
              $sformatf("probe_gam_casc %08x idle after edge %0d, expected %08x (hold) or %08x (moved by 00)",
                        probe_gam_casc, cyc - 1, casc_pack(ms_st, ms_ow, ms_ct), casc_pack(st1, ow1, ct1)));
          if (probe_gam_casc == casc_pack(st1, ow1, ct1)) begin ms_st = st1; ms_ow = ow1; ms_ct = ct1; end
        end
        if (probe_gam_gnt_valid) begin
          logic [1:0] e;
          e = probe_gam_gnt_engine;
          m_g = '{cyc - 1, e, s_client[e], s_ggtt[e], s_va[e], s_write[e], s_be[e], av};
          gn.push_back(m_g);
        end
        if (pv != 4'd0) begin
          if (probe_gam_gnt_valid) begin
            chk(int'(probe_gam_gnt_engine) == ref_pick(p_prio[5 * s_state +: 5], pv),
                $sformatf("grant at %0d to engine %0d; state %0d, vector %b: expected engine %0d", cyc - 1,
                          probe_gam_gnt_engine, s_state, pv, ref_pick(p_prio[5 * s_state +: 5], pv)));
            chk(probe_gam_arb_state == ref_goto(p_goto[s_state], pv),
                $sformatf("state after the grant at %0d: %0d, expected GOTO_NP%0d[%b] = %0d", cyc - 1,
                          probe_gam_arb_state, s_state, pv, ref_goto(p_goto[s_state], pv)));
          end else
            chk(probe_gam_arb_state == s_state, $sformatf("state moved from %0d to %0d at %0d without a grant",
                                                          s_state, probe_gam_arb_state, cyc - 1));
        end else begin
          chk(!probe_gam_gnt_valid, "a grant without a request");
          chk(probe_gam_arb_state == s_state || probe_gam_arb_state == ref_goto(p_goto[s_state], 4'd0),
              $sformatf("idle at %0d: state %0d -> %0d, expected %0d or GOTO_NP%0d[0] = %0d", cyc - 1, s_state,
                        probe_gam_arb_state, s_state, s_state, ref_goto(p_goto[s_state], 4'd0)));
        end
      end
      // ---- outstanding counts after edge cyc-1 (GAM-23) ----
      for (int e = 0; e < NE; e++) begin
        if (probe_gam_gnt_valid && int'(probe_gam_gnt_engine) == e) ocnt[e]++;
        if (probe_gam_rsp[e]) begin
          ocnt[e]--;
          m_rs = '{cyc - 1, 2'(e)};
          rs.push_back(m_rs);
        end
        if (probe_gam_wr_ack[e]) ocnt[e]--;
        if (probe_gam_fault_valid && int'(probe_gam_fault_engine) == e && !p_gab[8]) ocnt[e]--;
        chk(ocnt[e] >= 0, $sformatf("engine %0d: more completions than grants", e));
      end
      reqlog[cyc] = probe_req_valid;
      stlog[cyc] = probe_gam_arb_state;
      casclog[cyc] = probe_gam_casc;
      // ---- lookups, fills, faults (GAM-17: edge cyc-1) ----
      if (probe_gam_lookup_valid) begin
        m_ev = '{cyc - 1, probe_gam_lookup_engine, probe_gam_lookup_hit, probe_gam_lookup_index};
        lk.push_back(m_ev);
        // the request granted at edge cyc-2 is the one looked up in cyc-1 (a grant at edge cyc-1, recorded above,
        // may follow it: a hit that loads P lets T accept at once)
        begin
          bit ok = 0;
          foreach (gn[i]) if (gn[i].cyc == cyc - 2 && gn[i].eng == probe_gam_lookup_engine) ok = 1;
          chk(ok, $sformatf("lookup in %0d (engine %0d) is not the cycle after a grant to that engine", cyc - 1,
                            probe_gam_lookup_engine));
        end
      end
      if (probe_gam_fill_valid) begin
        m_ev = '{cyc - 1, probe_gam_fill_engine, 1'b1, probe_gam_fill_index};
        fl.push_back(m_ev);
      end
      if (probe_gam_fault_valid) begin
        m_ev = '{cyc - 1, probe_gam_fault_engine, 1'b0, {3'd0, probe_gam_fault_type}};
        ft.push_back(m_ev);
      end
      // ---- engine probes ----
      for (int e = 0; e < NE; e++) begin
        if (probe_retire[e]) begin
          m_r = '{cyc, probe_retire_dw0[e], probe_retire_addr[e], probe_retire_err[e]};
          rt[e].push_back(m_r);
        end
        if (probe_commit_valid[e]) begin
          m_c = '{cyc, probe_commit_off[e], probe_commit_data[e]};
          cm[e].push_back(m_c);
        end
      end
      if (probe_mmio_commit_valid) begin
        mc_off.push_back(probe_mmio_commit_off);
        mc_data.push_back(probe_mmio_commit_data);
      end
    end
    // snapshots of this cycle, for the next edge's checks
    s_valid = probe_req_valid; s_ggtt = probe_req_ggtt; s_write = probe_req_write; s_client = probe_req_client;
    s_va = probe_req_va; s_be = probe_req_be; s_state = probe_gam_arb_state;
    p_prio = sh_prio; p_goto = sh_goto; p_maxreq = sh_maxreq; p_gab = sh_gab; p_gac = sh_gac; p_cm = sh_cm;
    // a host write to the arbiter, limit and GAB registers changes them at this edge
    if (mmio_req_valid && mmio_req_ready && mmio_req_write) begin
      if (mmio_req_addr == MIDARB_PRIO_NP_OFF) sh_prio = mmio_req_wdata & 32'h000F_FFFF;
      for (int s = 0; s < 4; s++) if (mmio_req_addr == MIDARB_GOTOFIELD_NP0_OFF + 32'(4 * s)) sh_goto[s] = mmio_req_wdata;
      if (mmio_req_addr == MEDIA_MAX_REQ_COUNT_OFF) sh_maxreq = mmio_req_wdata & 32'hFFFF_3F3F;
      if (mmio_req_addr == GAB_CTL_REG_OFF) sh_gab = mmio_req_wdata & 32'h0000_01FF;
      if (mmio_req_addr == GAC_ARB_CTL_REG_OFF) sh_gac = mmio_req_wdata & GACCTL_RW;
      for (int k = 0; k < 4; k++) begin
        if (mmio_req_addr == ARB_RO_GAC_GAM0_OFF + 32'(4 * k)) sh_cm[0][k] = mmio_req_wdata & CASC_RW;
        if (mmio_req_addr == ARB_R_GAC_GAM0_OFF + 32'(4 * k))  sh_cm[1][k] = mmio_req_wdata & CASC_RW;
        if (mmio_req_addr == ARB_WR_GAC_GAM0_OFF + 32'(4 * k)) sh_cm[2][k] = mmio_req_wdata & CASC_RW;
      end
    end
    if (!rst_n) begin
      sh_prio = '0; sh_goto = '{default: '0}; exp_ack = '0; exp_rsp = '0; rdsrc.delete();
      sh_maxreq = MAXREQ_RST; sh_gab = GAB_RST; ocnt = '{default: 0}; rs.delete(); reqlog.delete(); stlog.delete();
      sh_gac = GACCTL_RST; sh_cm = '{default: '{default: '0}}; casclog.delete(); cvlog.delete();
      ms_st = '{default: 0}; ms_ow = '{default: 0}; ms_ct = '{default: 0};
    end
    cyc <= cyc + 1;
  end

  // =====================================================================================================
  // Host and ring helpers
  // =====================================================================================================
  task automatic wait_cycles(input int n);
    repeat (n) @(negedge clk);
  endtask
  task automatic mmio_wr(input logic [31:0] a, input logic [31:0] d);
    @(negedge clk);
    mmio_req_valid = 1'b1; mmio_req_write = 1'b1; mmio_req_addr = a; mmio_req_wdata = d;
    @(negedge clk);
    mmio_req_valid = 1'b0; mmio_req_write = 1'b0;
  endtask
  task automatic mmio_rd(input logic [31:0] a, output logic [31:0] d);
    @(negedge clk);
    mmio_req_valid = 1'b1; mmio_req_write = 1'b0; mmio_req_addr = a;
    @(negedge clk);
    mmio_req_valid = 1'b0;
    while (!mmio_rsp_valid) @(negedge clk);
    d = mmio_rsp_rdata;
  endtask
  task automatic expect_reg(input logic [31:0] a, input logic [31:0] exp, input string what);
    logic [31:0] d;
    mmio_rd(a, d);
    chk(d === exp, $sformatf("%s: MMIO read %05x = %08x, expected %08x", what, a, d, exp));
  endtask
  function automatic logic [31:0] REG(input int e, input logic [31:0] off);
    return ENGINE_BASE[e] + off;
  endfunction

  // Rings: engine e's ring is the 4 KB at graphics address ring_of(e) (GGTT, GAM-2), held in memory at ring_pa[e]
  // (the identity unless a test maps the page elsewhere).
  function automatic logic [63:0] ring_of(input int e);
    return 64'h10_0000 * 64'(e + 1);
  endfunction
  logic [63:0] ring_pa [NE], wp [NE];
  task automatic put(input int e, input logic [31:0] dw);
    mem[wp[e]] = dw;
    wp[e] += 64'd4;
  endtask
  function automatic logic [31:0] ring_bytes(input int e);
    return 32'(wp[e] - ring_pa[e]);
  endfunction
  task automatic ring_setup(input int e);
    logic [63:0] rb = ring_of(e);
    mmio_wr(REG(e, RING_START_OFF), rb[31:0]);
    mmio_wr(REG(e, RING_HEAD_OFF), 32'd0);
    mmio_wr(REG(e, RING_TAIL_OFF), 32'd0);
    mmio_wr(REG(e, RING_CTL_OFF), 32'd1);
  endtask
  task automatic release_all(input int e);   // TAIL to the end of what was put (qword aligned)
    if (wp[e][2]) put(e, NOOP);
    mmio_wr(REG(e, RING_TAIL_OFF), ring_bytes(e));
  endtask
  // The next commands start on a line no prefetch has read (the engine may hold the line of TAIL, cycle contract
  // §8): two lines on; the dwords between are MI_NOOPs (memory reads 0), about 3 cycles each.
  task automatic skip_to_line(input int e);
    wp[e] = {wp[e][63:6], 6'd0} + 64'd128;
  endtask

  // GGTT entries (GAM-3, GAM-4): a qword at gtt_entry(va)
  task automatic set_pte(input logic [63:0] at, input logic [63:0] v);
    mem[at] = v[31:0];
    mem[at + 64'd4] = v[63:32];
  endtask
  task automatic ggtt_map(input logic [63:0] va, input logic [63:0] pa);
    set_pte(gtt_entry(va), {pa[63:12], 12'd1});
  endtask
  task automatic ggtt_unmap(input logic [63:0] va);
    set_pte(gtt_entry(va), 64'd0);
  endtask

  // commands (gtref_pkg encodings)
  localparam logic [31:0] SDI_GG = MI_STORE_DATA_IMM_MATCH_VAL | 32'd2 | (32'd1 << SDI_USE_GGTT_BIT);  // 0x10400002
  localparam logic [31:0] SDI_PP = MI_STORE_DATA_IMM_MATCH_VAL | 32'd2;                                  // 0x10000002
  localparam logic [31:0] SDI_QW = MI_STORE_DATA_IMM_MATCH_VAL | 32'd3 | (32'd1 << SDI_STORE_QWORD_BIT) |
                                   (32'd1 << SDI_USE_GGTT_BIT);
  localparam logic [31:0] LRM_GG = MI_LOAD_REGISTER_MEM_MATCH_VAL | 32'd2 | (32'd1 << F_MI_LOAD_REGISTER_MEM_GGTT_LO);
  localparam logic [31:0] LRM_PP = MI_LOAD_REGISTER_MEM_MATCH_VAL | 32'd2;
  task automatic c_sdi(input int e, input logic [31:0] dw0, input logic [63:0] a, input logic [31:0] d);
    put(e, dw0); put(e, a[31:0]); put(e, a[63:32]); put(e, d);
  endtask
  task automatic c_sdq(input int e, input logic [63:0] a, input logic [31:0] lo, input logic [31:0] hi);
    put(e, SDI_QW); put(e, a[31:0]); put(e, a[63:32]); put(e, lo); put(e, hi);
  endtask
  task automatic c_lrm(input int e, input logic [31:0] dw0, input logic [31:0] reg_off, input logic [63:0] a);
    put(e, dw0); put(e, reg_off); put(e, a[31:0]); put(e, a[63:32]);
  endtask
  task automatic c_bbs(input int e, input logic ppgtt, input logic [63:0] a);
    put(e, MI_BATCH_BUFFER_START_MATCH_VAL | 32'd1 | (32'(ppgtt) << BBS_PPGTT_BIT)); put(e, a[31:0]); put(e, a[63:32]);
  endtask

  task automatic do_reset();
    mon_on = 1'b0;
    rst_n = 1'b0;
    mem_req_ready = 1'b1;
    wait_cycles(3);
    for (int e = 0; e < NE; e++) begin
      ring_pa[e] = ring_of(e);
      wp[e] = ring_of(e);
      cm[e].delete(); rt[e].delete();
    end
    xf.delete(); gn.delete(); lk.delete(); fl.delete(); ft.delete(); mc_off.delete(); mc_data.delete();
    mem.delete();
    rst_n = 1'b1;
    mon_on = 1'b1;
    wait_cycles(2);
  endtask

  // ---- queries ----
  function automatic string xstr(input xfer_t x);
    return $sformatf("@%0d %s %012x src%0d be%02x %016x", x.cyc, x.wr ? "W" : "R", x.addr, x.src, x.be, x.data);
  endfunction
  // the walker's reads (src 4), as line addresses
  function automatic string walks(input int from = 0);
    string s = "";
    foreach (xf[i]) if (xf[i].src == 3'd4 && int'(xf[i].cyc) >= from) s = {s, $sformatf(" %0x", xf[i].addr)};
    return s;
  endfunction
  function automatic string fills(input int eng = -1);
    string s = "";
    foreach (fl[i]) if (eng < 0 || int'(fl[i].eng) == eng) s = {s, $sformatf(" %0d", fl[i].idx)};
    return s;
  endfunction
  function automatic string faults();
    string s = "";
    foreach (ft[i]) s = {s, $sformatf(" e%0d:t%0d", ft[i].eng, ft[i].idx[1:0])};
    return s;
  endfunction
  function automatic int find_xfer(input logic wr, input logic [63:0] addr, input int from = 0);
    foreach (xf[i]) if (xf[i].wr == wr && xf[i].addr == addr && int'(xf[i].cyc) >= from) return i;
    return -1;
  endfunction
  // the grant of engine e's request with that va (and kind), -1 if none
  function automatic int find_gnt(input int e, input logic wr, input logic [63:0] va, input int from = 0);
    foreach (gn[i]) if (int'(gn[i].eng) == e && gn[i].wr == wr && gn[i].va == va && int'(gn[i].cyc) >= from) return i;
    return -1;
  endfunction
  function automatic int find_lookup(input int gcyc);
    foreach (lk[i]) if (int'(lk[i].cyc) == gcyc + 1) return i;
    return -1;
  endfunction
  function automatic string commits(input int e);
    string s = "";
    foreach (cm[e][i]) if (cm[e][i].off != REG(e, RING_HEAD_OFF)) s = {s, $sformatf(" %0x=%0x", cm[e][i].off, cm[e][i].data)};
    return s;
  endfunction
  // the writes of engine e (src e) that transferred
  function automatic string writes(input int e);
    string s = "";
    foreach (xf[i]) if (xf[i].wr && int'(xf[i].src) == e) s = {s, $sformatf(" %0x/%02x/%0x", xf[i].addr, xf[i].be, xf[i].data)};
    return s;
  endfunction

  // =====================================================================================================
  // Tests
  // =====================================================================================================

  // GGTT walk (GAM-4, GAM-10): RCS0's ring page 0x100 (graphics 0x10_0000) is mapped to physical 0x234_5000, data page
  // 0x800 to 0x345_6000. The ring is one line: two dword SDIs (Use Global GTT) to 0x80_0044 and 0x80_0048.
  //   port, in order: walk read of the ring page's entry GSM_BASE + 0x100 * 8 = 7F_0000_0800 (src 4); the ring line
  //   at 234_5000 (src 0); walk read of 7F_0000_4000 (entry of page 0x800); write 345_6040 be F0 (0x80_0044 is the
  //   upper dword of its qword, cycle contract §3); write 345_6048 be 0F (a TLB hit, no walk).
  //   Cycle by cycle (GAM-10; memory answers a read transferred in c in c+4): grant g, LOOKUP g+1 (miss),
  //   WALK_ISSUE g+2 (P loads), walk read transfers g+3, WALK_WAIT until the response in g+7 (fill at that edge),
  //   READY g+8, the request transfers g+9. A hit: LOOKUP g+1 loads P, the request transfers g+2.
  //   Fills: IF -> LRA0 (CVS_TLB_LRA_2 reset 0x5: CS field 00), entry 0 = LRA0 min; WR -> LRA1 (SO field 01),
  //   entry 8 = LRA1 min (CVS_TLB_LRA_0 reset 0x1F080700: LRA0 [0,7], LRA1 [8,31]); the second SDI hits entry 8.
  task automatic t_ggtt_walk();
    int g, i;
    ring_pa[RCS0] = 64'h234_5000;
    wp[RCS0] = ring_pa[RCS0];
    ggtt_map(ring_of(RCS0), 64'h234_5000);
    ggtt_map(64'h80_0000, 64'h345_6000);
    c_sdi(RCS0, SDI_GG, 64'h80_0044, 32'hCAFE_0001);
    c_sdi(RCS0, SDI_GG, 64'h80_0048, 32'hCAFE_0002);
    ring_setup(RCS0);
    release_all(RCS0);
    wait_cycles(120);
    chk(xf.size() == 5, $sformatf("%0d port transfers, expected 5", xf.size()));
    if (xf.size() == 5) begin
      chk(!xf[0].wr && xf[0].addr == 64'h7F_0000_0800 && xf[0].src == 3'd4, {"1st: ", xstr(xf[0]), ", expected R 7f00000800 src4"});
      chk(!xf[1].wr && xf[1].addr == 64'h234_5000 && xf[1].src == 3'd0, {"2nd: ", xstr(xf[1]), ", expected R 2345000 src0"});
      chk(!xf[2].wr && xf[2].addr == 64'h7F_0000_4000 && xf[2].src == 3'd4, {"3rd: ", xstr(xf[2]), ", expected R 7f00004000 src4"});
      chk(xf[3].wr && xf[3].addr == 64'h345_6040 && xf[3].be == 8'hF0 && xf[3].data == 64'hCAFE_0001_0000_0000 &&
          xf[3].src == 3'd0, {"4th: ", xstr(xf[3]), ", expected W 3456040 be F0 cafe0001_00000000 src0"});
      chk(xf[4].wr && xf[4].addr == 64'h345_6048 && xf[4].be == 8'h0F && xf[4].data == 64'h0000_0000_CAFE_0002 &&
          xf[4].src == 3'd0, {"5th: ", xstr(xf[4]), ", expected W 3456048 be 0F 00000000_cafe0002 src0"});
      // the first request (IF) and its walk, cycle-exact
      g = find_gnt(RCS0, 1'b0, 64'h10_0000);
      chk(g >= 0 && gn[g].client == CLIENT_IF && gn[g].ggtt, "the ring fetch request: not granted, or not IF/GGTT");
      if (g >= 0) begin
        chk(int'(xf[0].cyc) == int'(gn[g].cyc) + 3, $sformatf("walk read at g+%0d, expected g+3", int'(xf[0].cyc) - int'(gn[g].cyc)));
        chk(int'(xf[1].cyc) == int'(gn[g].cyc) + 9, $sformatf("ring read at g+%0d, expected g+9", int'(xf[1].cyc) - int'(gn[g].cyc)));
        i = find_lookup(int'(gn[g].cyc));
        chk(i >= 0 && !lk[i].hit, "the ring fetch's lookup: none, or a hit");
      end
      // the first write: a miss, walked and filled; the second: a hit of entry 8
      g = find_gnt(RCS0, 1'b1, 64'h80_0040);
      chk(g >= 0 && gn[g].client == CLIENT_WR && gn[g].ggtt && gn[g].be == 8'hF0, "first SDI request: not WR/GGTT/be F0");
      if (g >= 0) begin
        chk(int'(xf[2].cyc) == int'(gn[g].cyc) + 3, $sformatf("walk read at g+%0d, expected g+3", int'(xf[2].cyc) - int'(gn[g].cyc)));
        chk(int'(xf[3].cyc) == int'(gn[g].cyc) + 9, $sformatf("write at g+%0d, expected g+9", int'(xf[3].cyc) - int'(gn[g].cyc)));
      end
      g = find_gnt(RCS0, 1'b1, 64'h80_0048);
      chk(g >= 0, "second SDI request not granted");
      if (g >= 0) begin
        chk(int'(xf[4].cyc) == int'(gn[g].cyc) + 2, $sformatf("hit: write at g+%0d, expected g+2", int'(xf[4].cyc) - int'(gn[g].cyc)));
        i = find_lookup(int'(gn[g].cyc));
        chk(i >= 0 && lk[i].hit && lk[i].idx == 5'd8, "second SDI: not a hit of entry 8");
      end
    end
    chk(fills() == " 0 8", $sformatf("fills%s, expected 0 8", fills()));
    chk(ft.size() == 0, $sformatf("faults%s", faults()));
    chk(rt[RCS0].size() == 2 && !rt[RCS0][0].err && !rt[RCS0][1].err, "the two SDIs did not retire");
    chk(rd32(64'h345_6044) == 32'hCAFE_0001 && rd32(64'h345_6048) == 32'hCAFE_0002, "memory at 345_6044/48");
    chk(probe_idle[RCS0], "RCS0 not idle");
    expect_reg(GFX_ENG_FR_OFF, 32'd0, "GFX_ENG_FR");
    expect_reg(GFX_ARB_ERROR_RPT_OFF, 32'd0, "GFX_ARB_ERROR_RPT");
  endtask

  // PPGTT four-level walk (GAM-2, GAM-3, GAM-5): RING_MODE[9] = 1, PDP0 = 0x50_0000 (the PML4), PP_DCLV = 0x2 (PML4
  // entries 16..31). W = 0x90D_2AC7_80A8: PML4 index va[47:39] = 0x12, PDP va[38:30] = 0x34, PD va[29:21] = 0x156,
  // PT va[20:12] = 0x78; B = 0x90D_2AC7_9000 differs in PT index (0x79). Tables: PML4[0x12] at 50_0090 -> 51_0000;
  // PDP[0x34] at 51_01A0 -> 52_0000; PD[0x156] at 52_0AB0 -> 53_0000; PT[0x78] at 53_03C0 -> 654_3000 (with ignored
  // bits 11:1 and 63:52 set, GAM-3), PT[0x79] at 53_03C8 -> 654_4000. Walk reads are 64-byte lines: 50_0080,
  // 51_0180, 52_0A80, 53_03C0.
  // The ring (GGTT) starts a first-level batch at B with ppgtt = 1; the batch (PPGTT fetch) stores a dword with Use
  // Global GTT = 0 to W, then ends. Walker reads, in order: the ring page's GGTT entry 7F_0000_0800, B's four, W's
  // four. The batch line at 654_4000 (IF, client 0, space 0), the write at 654_30A8 be 0F (client 2, space 0).
  // Cycle by cycle for W's write (GAM-10): walk reads at g+3, g+9, g+15, g+21 (each level: WALK_ISSUE, transfer,
  // response 4 cycles later, next WALK_ISSUE), the write at g+27. Fills: ring IF entry 0, batch IF entry 1 (LRA0),
  // the write entry 8 (LRA1).
  // Then RING_MODE[9] = 0: the same Use Global GTT = 0 store from the ring goes through the GGTT (GAM-2: "GGTT used
  // for commands that select PPGTT"): a walk of 7F_0000_4000 and a write at the identity address 80_0010.
  task automatic t_ppgtt_walk();
    int g, w0;
    logic [63:0] W = 64'h90D_2AC7_80A8, B = 64'h90D_2AC7_9000;
    set_pte(64'h50_0090, 64'h51_0001);
    set_pte(64'h51_01A0, 64'h52_0001);
    set_pte(64'h52_0AB0, 64'h53_0001);
    set_pte(64'h53_03C0, 64'hFFF0_0000_0654_3FFF);
    set_pte(64'h53_03C8, 64'h654_4001);
    // the batch, at B's physical page
    mem[64'h654_4000] = SDI_PP; mem[64'h654_4004] = W[31:0]; mem[64'h654_4008] = W[63:32];
    mem[64'h654_400C] = 32'h5A5A_0001; mem[64'h654_4010] = MI_BATCH_BUFFER_END_MATCH_VAL;
    c_bbs(RCS0, 1'b1, B);
    mmio_wr(REG(RCS0, RING_MODE_OFF), MODE_PPGTT_ENABLE << 16 | MODE_PPGTT_ENABLE);  // masked write
    mmio_wr(REG(RCS0, PDP0_LDW_OFF), 32'h50_0000);
    mmio_wr(REG(RCS0, PDP0_UDW_OFF), 32'h0);
    mmio_wr(REG(RCS0, PP_DCLV_OFF), 32'h2);
    ring_setup(RCS0);
    release_all(RCS0);
    wait_cycles(250);
    chk(walks() == " 7f00000800 500080 510180 520a80 5303c0 500080 510180 520a80 5303c0",
        $sformatf("walk reads%s, expected 7f00000800 500080 510180 520a80 5303c0 500080 510180 520a80 5303c0", walks()));
    chk(find_xfer(1'b0, 64'h654_4000) >= 0, "no batch read at 654_4000");
    chk(writes(RCS0) == " 65430a8/0f/5a5a0001", $sformatf("writes%s, expected 65430a8/0f/5a5a0001", writes(RCS0)));
    g = find_gnt(RCS0, 1'b0, B);
    chk(g >= 0 && gn[g].client == CLIENT_IF && !gn[g].ggtt, "the batch fetch: not granted, or not IF/PPGTT");
    g = find_gnt(RCS0, 1'b1, {W[63:3], 3'd0});
    chk(g >= 0 && gn[g].client == CLIENT_WR && !gn[g].ggtt && gn[g].be == 8'h0F, "the batch's store: not WR/PPGTT/be 0F");
    if (g >= 0) begin
      string got = "";
      foreach (xf[i]) if (int'(xf[i].cyc) > int'(gn[g].cyc) && int'(xf[i].cyc) <= int'(gn[g].cyc) + 27)
        got = {got, $sformatf(" g+%0d:%s%0x", int'(xf[i].cyc) - int'(gn[g].cyc), xf[i].wr ? "W" : "R", xf[i].addr)};
      chk(got == " g+3:R500080 g+9:R510180 g+15:R520a80 g+21:R5303c0 g+27:W65430a8",
          $sformatf("the store's walk%s, expected g+3:R500080 g+9:R510180 g+15:R520a80 g+21:R5303c0 g+27:W65430a8", got));
    end
    chk(fills() == " 0 1 8", $sformatf("fills%s, expected 0 1 8", fills()));
    chk(ft.size() == 0, $sformatf("faults%s", faults()));
    chk(rd32(64'h654_30A8) == 32'h5A5A_0001, "memory at 654_30A8");
    chk(rt[RCS0].size() == 4 && !rt[RCS0][0].err && !rt[RCS0][1].err && !rt[RCS0][2].err && !rt[RCS0][3].err,
        $sformatf("%0d retires, expected BBS, SDI, BBE and the ring's pad NOOP", rt[RCS0].size()));
    // RING_MODE[9] = 0: PPGTT-selecting store goes through the GGTT
    mmio_wr(REG(RCS0, RING_MODE_OFF), MODE_PPGTT_ENABLE << 16);
    w0 = cyc;
    skip_to_line(RCS0);
    c_sdi(RCS0, SDI_PP, 64'h80_0010, 32'h5A5A_0002);
    release_all(RCS0);
    wait_cycles(200);
    chk(walks(w0) == " 7f00004000", $sformatf("with RING_MODE[9] = 0: walk reads%s, expected 7f00004000", walks(w0)));
    g = find_gnt(RCS0, 1'b1, 64'h80_0010);
    chk(g >= 0 && gn[g].ggtt, "with RING_MODE[9] = 0 the store's request is not GGTT");
    chk(rd32(64'h80_0010) == 32'h5A5A_0002, "memory at 80_0010");
  endtask

  // Hit after miss and LRA fills (GAM-7, GAM-8), RCS0, GGTT identity. P_k = 0x90_0000 + k * 4 KB.
  // Phase 1 (reset LRAs: IF -> LRA0 [0,7], DR and WR -> LRA1 [8,31]): stores to P0 P1 P2 P0 fill 8 9 10, then hit 8.
  // Phase 2: CVS_TLB_LRA_2 = 0x06 (CS 00 -> LRA0, VF 01 -> LRA1, SO 10 -> LRA2), then CVS_TLB_LRA_1 = 0x1D1C (LRA2 =
  // [28,29]; the write resets every pointer to its LRA's min, GAM-8). Stores to P3 P4 P5 P3 P5 P4: fill 28, 29,
  // 28 (wraps: ptr == max -> min), 29 (P3 was evicted by P5), hit 28 (P5), fill 28 (P4 was evicted by P3).
  // Phase 3: a store to P1 hits entry 9 (reprogramming clears nothing); LRM reads (DR, VF field 01 -> LRA1, pointer
  // reset to 8 by the LRA_1 write) of P6 and P7 fill 8 and 9.
  // The ring page was filled into entry 0 by the first fetch and every later fetch hits it.
  function automatic logic [63:0] P(input int k);
    return 64'h90_0000 + 64'h1000 * 64'(k);
  endfunction
  task automatic t_hit_lra();
    string got;
    int nl;
    ring_setup(RCS0);
    c_sdi(RCS0, SDI_GG, P(0), 32'd0); c_sdi(RCS0, SDI_GG, P(1), 32'd1);
    c_sdi(RCS0, SDI_GG, P(2), 32'd2); c_sdi(RCS0, SDI_GG, P(0) + 64'h8, 32'd3);
    release_all(RCS0);
    wait_cycles(150);
    chk(fills() == " 0 8 9 10", $sformatf("phase 1 fills%s, expected 0 8 9 10", fills()));
    mmio_wr(CVS_TLB_LRA_2_OFF, 32'h06);
    mmio_wr(CVS_TLB_LRA_1_OFF, 32'h1D1C);
    nl = fl.size();   // TAIL was at a line end: the next line has not been fetched
    c_sdi(RCS0, SDI_GG, P(3), 32'd4); c_sdi(RCS0, SDI_GG, P(4), 32'd5); c_sdi(RCS0, SDI_GG, P(5), 32'd6);
    c_sdi(RCS0, SDI_GG, P(3), 32'd7); c_sdi(RCS0, SDI_GG, P(5) + 64'h8, 32'd8); c_sdi(RCS0, SDI_GG, P(4), 32'd9);
    c_sdi(RCS0, SDI_GG, P(1) + 64'h8, 32'd10);
    c_lrm(RCS0, LRM_GG, REG(RCS0, 32'h600), P(6)); c_lrm(RCS0, LRM_GG, REG(RCS0, 32'h600), P(7));
    release_all(RCS0);
    wait_cycles(400);
    got = "";
    for (int i = nl; i < fl.size(); i++) got = {got, $sformatf(" %0d", fl[i].idx)};
    chk(got == " 28 29 28 29 28 8 9", $sformatf("phase 2/3 fills%s, expected 28 29 28 29 28 8 9", got));
    // the lookups of the data accesses (not the ring fetches), in grant order
    got = "";
    foreach (gn[i]) if (gn[i].client != CLIENT_IF) begin
      int l = find_lookup(int'(gn[i].cyc));
      got = {got, l < 0 ? " ?" : lk[l].hit ? $sformatf(" h%0d", lk[l].idx) : " m"};
    end
    chk(got == " m m m h8 m m m m h28 m h9 m m",
        $sformatf("data lookups%s, expected m m m h8 m m m m h28 m h9 m m", got));
    chk(ft.size() == 0, $sformatf("faults%s", faults()));
    chk(rt[RCS0].size() == 13, $sformatf("%0d retires, expected 13", rt[RCS0].size()));
  endtask

  // Invalidation (GAM-12, G15): RCS0 stores to P0 (miss, walk, fill 8) and P0 + 8 (hit), then BCS0 stores to P1
  // and P2 (its own TLB: fills 8, 9). RCS0 runs PIPE_CONTROL with TLB Invalidate (DW1[18]) and stores to P0 again:
  // a miss, a new walk of P0's GGTT entry (7F_0000_4800), fill 9 (LRA1 pointer unchanged by invalidation). BCS0's TLB
  // is not RCS0's: its store to P2 still hits entry 9. Then BCS0 runs MI_FLUSH_DW with TLB Invalidate (DW0[18]) and
  // stores to P1 and P2: both miss and walk again (entries 7F_0000_4808, 7F_0000_4810: line 7F_0000_4800), fills 10, 11. The ring pages are
  // invalidated too: each engine's next ring line walks its ring page again, into LRA0's next entry (1: pointers are
  // not changed by invalidation).
  task automatic t_inval();
    string got;
    int w0, g;
    ring_setup(RCS0); ring_setup(BCS0);
    c_sdi(RCS0, SDI_GG, 64'h90_0000, 32'd1); c_sdi(RCS0, SDI_GG, 64'h90_0008, 32'd2);
    release_all(RCS0);
    wait_cycles(80);
    c_sdi(BCS0, SDI_GG, 64'h90_1000, 32'd3); c_sdi(BCS0, SDI_GG, 64'h90_2000, 32'd4);
    release_all(BCS0);
    wait_cycles(80);
    chk(fills(RCS0) == " 0 8" && fills(BCS0) == " 0 8 9",
        $sformatf("fills RCS0%s BCS0%s, expected 0 8 / 0 8 9", fills(RCS0), fills(BCS0)));
    // RCS0: PIPE_CONTROL with TLB Invalidate, then P0 again
    skip_to_line(RCS0);
    w0 = cyc;
    put(RCS0, PIPE_CONTROL_MATCH_VAL | 32'd4); put(RCS0, 32'd1 << (F_PIPE_CONTROL_TLB_INVALIDATE_LO - 32));
    put(RCS0, 32'd0); put(RCS0, 32'd0); put(RCS0, 32'd0); put(RCS0, 32'd0);
    release_all(RCS0);
    wait_cycles(200);
    skip_to_line(RCS0);
    c_sdi(RCS0, SDI_GG, 64'h90_0010, 32'd5);
    release_all(RCS0);
    wait_cycles(200);
    g = find_gnt(RCS0, 1'b1, 64'h90_0010);
    chk(g >= 0 && find_lookup(int'(gn[g].cyc)) >= 0 && !lk[find_lookup(int'(gn[g].cyc))].hit,
        "RCS0's store after its invalidation is not a miss");
    got = "";
    foreach (xf[i]) if (xf[i].src == 3'd4 && int'(xf[i].cyc) >= w0) got = {got, $sformatf(" %0x", xf[i].addr)};
    // the ring page was invalidated too: its next fetch walks 7f00000800 again
    chk(got == " 7f00000800 7f00004800", $sformatf("walks after RCS0's invalidation%s, expected 7f00000800 7f00004800", got));
    // LRA pointers are not changed by an invalidation (GAM-12): the ring page refills LRA0's next entry, 1
    chk(fills(RCS0) == " 0 8 1 9", $sformatf("RCS0 fills%s, expected 0 8 1 9", fills(RCS0)));
    // BCS0: P2 still hits (another engine's invalidation), then MI_FLUSH_DW TLB Invalidate, P1 and P2 miss
    skip_to_line(BCS0);
    c_sdi(BCS0, SDI_GG, 64'h90_2008, 32'd6);
    put(BCS0, MI_FLUSH_DW_MATCH_VAL | 32'd2 | (32'd1 << F_MI_FLUSH_DW_TLB_INVALIDATE_LO)); put(BCS0, 32'd0);
    put(BCS0, 32'd0); put(BCS0, 32'd0);
    release_all(BCS0);
    wait_cycles(200);
    g = find_gnt(BCS0, 1'b1, 64'h90_2008);
    chk(g >= 0 && find_lookup(int'(gn[g].cyc)) >= 0 && lk[find_lookup(int'(gn[g].cyc))].hit &&
        lk[find_lookup(int'(gn[g].cyc))].idx == 5'd9, "BCS0's store to P2 after RCS0's invalidation is not a hit of 9");
    skip_to_line(BCS0);
    w0 = cyc;
    c_sdi(BCS0, SDI_GG, 64'h90_1010, 32'd7); c_sdi(BCS0, SDI_GG, 64'h90_2010, 32'd8);
    release_all(BCS0);
    wait_cycles(200);
    got = "";
    foreach (xf[i]) if (xf[i].src == 3'd4 && int'(xf[i].cyc) >= w0) got = {got, $sformatf(" %0x", xf[i].addr)};
    // (walk reads are lines: the entries 7F_0000_4808 and 7F_0000_4810 lie in the line 7F_0000_4800)
    chk(got == " 7f00001000 7f00004800 7f00004800",
        $sformatf("walks after BCS0's MI_FLUSH_DW%s, expected 7f00001000 7f00004800 7f00004800", got));
    chk(fills(BCS0) == " 0 8 9 1 10 11", $sformatf("BCS0 fills%s, expected 0 8 9 1 10 11", fills(BCS0)));
    chk(ft.size() == 0, $sformatf("faults%s", faults()));
  endtask

  // ---- faults in hang mode (GAM-13..GAM-15) ----
  // One scenario: the engine's error path after the fault must be: no write of the faulting request, the status
  // write if one is due (IRQ-4), the commits ESR := 0x10 then EIR := 0x10 (EMR = 0; never IPEHR), the retire with
  // probe_retire_err and no RING_HEAD commit, the engine halted. fr/fr_off: the fault register's expected value.
  task automatic fault_check(input int e, input logic [31:0] fr_off, input logic [31:0] fr, input logic [31:0] arb,
                             input logic [1:0] ftype, input logic [31:0] dw0, input logic [63:0] addr,
                             input string walks_exp, input string what);
    retire_t last;
    chk(ft.size() >= 1 && int'(ft[0].eng) == e && ft[0].idx[1:0] == ftype,
        $sformatf("%s: faults%s, expected e%0d:t%0d first", what, faults(), e, ftype));
    expect_reg(fr_off, fr, {what, ": fault register"});
    expect_reg(GFX_ARB_ERROR_RPT_OFF, arb, {what, ": GFX_ARB_ERROR_RPT"});
    chk(walks() == walks_exp, $sformatf("%s: walk reads%s, expected%s", what, walks(), walks_exp));
    last = rt[e].size() != 0 ? rt[e][rt[e].size() - 1] : '0;
    chk(rt[e].size() >= 1 && last.err && last.dw0 == dw0 && last.addr == addr,
        $sformatf("%s: last retire %0x @%0x err %0d, expected %0x @%0x err 1", what, last.dw0, last.addr, last.err,
                  dw0, addr));
    chk(probe_halted[e], {what, ": engine not halted"});
    // the last commits: ESR, then EIR in the retire cycle; no IPEHR; no RING_HEAD commit in the retire cycle
    begin
      int n = cm[e].size();
      chk(n >= 2 && cm[e][n - 2].off == REG(e, ESR_OFF) && cm[e][n - 2].data == ERR_PAGE_TABLE &&
          cm[e][n - 1].off == REG(e, EIR_OFF) && cm[e][n - 1].data == ERR_PAGE_TABLE &&
          cm[e][n - 1].cyc == cm[e][n - 2].cyc + 1 && rt[e].size() >= 1 && cm[e][n - 1].cyc == last.cyc,
          $sformatf("%s: commits%s, expected to end with ESR=10, EIR=10 (retire cycle)", what, commits(e)));
      foreach (cm[e][i]) chk(cm[e][i].off != REG(e, IPEHR_OFF), {what, ": an IPEHR commit"});
    end
  endtask
  task automatic emr0(input int e);   // EMR[4] = 0: the page-table error reaches EIR (IRQ-5, GAM-15)
    mmio_wr(REG(e, EMR_OFF), 32'h0);
  endtask

  // GGTT faults (GAM-4, GAM-13, GAM-14):
  //  F1 RCS0 stores (WR, GGTT) to 0x80_0044 whose GGTT entry (7F_0000_4000) is 0: one walk read, page fault (type 0).
  //     GFX_ENG_FR = va[31:12] << 12 | GGTT << 11 | (4 * 0 + 2) << 3 | 0 << 1 | 1 = 0080_0811; GFX_ARB_ERROR_RPT bit 0.
  //     IMR and HWSTAM have bit 3 clear, EMR = 0: the status write CS_MASTER_ERROR (0x8) to HWS_PGA (60_0000, be 0F)
  //     comes after the fault and before the ESR commit (IRQ-4, GAM-15); the status page is GGTT (GAM-2): its walk
  //     reads 7F_0000_3000.
  //  F2 BCS0 stores to 0x1_0012_3458 (>= 4 GB, GGTT): page fault without a walk. BLT_ENG_FR = 0012_3000 | 0x800 |
  //     (4 * 1 + 2) << 3 = 0x30 | 1 = 0012_3831.
  task automatic t_fault_ggtt();
    int f;
    ring_setup(RCS0);
    emr0(RCS0);
    mmio_wr(REG(RCS0, IMR_OFF), ~32'(IRQ_CS_MASTER_ERROR));
    mmio_wr(REG(RCS0, HWSTAM_OFF), ~32'(IRQ_CS_MASTER_ERROR));
    mmio_wr(REG(RCS0, HWS_PGA_OFF), HWSP[31:0]);
    ggtt_unmap(64'h80_0000);
    c_sdi(RCS0, SDI_GG, 64'h80_0044, 32'h1111_1111);
    release_all(RCS0);
    wait_cycles(100);
    fault_check(RCS0, GFX_ENG_FR_OFF, 32'h0080_0811, ARB_ERR_PAGE, FAULT_PAGE, SDI_GG, ring_of(RCS0),
                " 7f00000800 7f00004000 7f00003000", "F1");   // the last: the status page 0x600's entry
    chk(writes(RCS0) == " 600000/0f/8", $sformatf("F1: writes%s, expected only the status write 600000/0f/8", writes(RCS0)));
    f = find_xfer(1'b1, HWSP);
    chk(f >= 0 && ft.size() >= 1 && xf[f].cyc > ft[0].cyc && cm[RCS0].size() >= 2 &&
        xf[f].cyc < cm[RCS0][cm[RCS0].size() - 2].cyc, "F1: the status write is not between the fault and ESR");
    // F2
    do_reset();
    ring_setup(BCS0);
    emr0(BCS0);
    c_sdi(BCS0, SDI_GG, 64'h1_0012_3458, 32'h2222_2222);
    release_all(BCS0);
    wait_cycles(100);
    fault_check(BCS0, BLT_ENG_FR_OFF, 32'h0012_3831, ARB_ERR_PAGE, FAULT_PAGE, SDI_GG, ring_of(BCS0),
                " 7f00001000", "F2");
    chk(writes(BCS0) == "", $sformatf("F2: writes%s, expected none", writes(BCS0)));
    expect_reg(GFX_ENG_FR_OFF, 32'h0, "F2: GFX_ENG_FR");
  endtask

  // PPGTT faults (GAM-5, GAM-6, GAM-13, GAM-14), tables as in ppgtt_walk (RING_MODE[9] = 1, PDP0 = 0x50_0000):
  //  F3 VCS0 LRM (DR, Use Global GTT 0) of W with PP_DCLV = 0: unloaded PD (type 2) without a walk. MEDIA_ENG_FR =
  //     2AC7_8000 | (4 * 2 + 1) << 3 = 0x48 | 2 << 1 | 1 = 2AC7_804D (GGTT bit 0); GFX_ARB_ERROR_RPT bit 8.
  //  F4 RCS0 store (WR) to W, PP_DCLV = 0x2, PML4[0x12] = 0: invalid PD (type 1) after one read (50_0080).
  //     GFX_ENG_FR = 2AC7_8000 | 0x10 | 2 | 1 = 2AC7_8013; bit 2.
  //  F5 VECS0 store to W, PML4E and PDPE present, PDE 0: type 1 after three reads. MEDIA_ENG_FR = 2AC7_8000 |
  //     (4 * 3 + 2) << 3 = 0x70 | 2 | 1 = 2AC7_8073.
  //  F6 RCS0 store to W, PTE 0: page fault (type 0) after four reads. GFX_ENG_FR = 2AC7_8011; bit 0.
  task automatic pp_setup(input int e, input logic [31:0] dclv, input int levels);
    if (levels > 0) set_pte(64'h50_0090, 64'h51_0001);
    if (levels > 1) set_pte(64'h51_01A0, 64'h52_0001);
    if (levels > 2) set_pte(64'h52_0AB0, 64'h53_0001);
    if (levels > 3) set_pte(64'h53_03C0, 64'h654_3001);
    mmio_wr(REG(e, RING_MODE_OFF), MODE_PPGTT_ENABLE << 16 | MODE_PPGTT_ENABLE);
    mmio_wr(REG(e, PDP0_LDW_OFF), 32'h50_0000);
    mmio_wr(REG(e, PP_DCLV_OFF), dclv);
    ring_setup(e);
    emr0(e);
  endtask
  task automatic t_fault_ppgtt();
    logic [63:0] W = 64'h90D_2AC7_80A8;
    logic [63:0] RW = {W[63:3], 3'd0};
    // F3
    pp_setup(VCS0, 32'h0, 4);
    c_lrm(VCS0, LRM_PP, REG(VCS0, 32'h600), W);
    release_all(VCS0);
    wait_cycles(100);
    fault_check(VCS0, MEDIA_ENG_FR_OFF, 32'h2AC7_804D, ARB_ERR_UNLOADED_PD, FAULT_UNLOADED_PD, LRM_PP, ring_of(VCS0),
                " 7f00001800", "F3");
    chk(find_xfer(1'b0, 64'h654_3080) < 0, "F3: the data read reached the port");
    // F4
    do_reset();
    pp_setup(RCS0, 32'h2, 0);
    c_sdi(RCS0, SDI_PP, W, 32'h4444_4444);
    release_all(RCS0);
    wait_cycles(100);
    fault_check(RCS0, GFX_ENG_FR_OFF, 32'h2AC7_8013, ARB_ERR_INVALID_PD, FAULT_INVALID_PD, SDI_PP, ring_of(RCS0),
                " 7f00000800 500080", "F4");
    // F5
    do_reset();
    pp_setup(VECS0, 32'h2, 2);
    c_sdi(VECS0, SDI_PP, W, 32'h5555_5555);
    release_all(VECS0);
    wait_cycles(120);
    fault_check(VECS0, MEDIA_ENG_FR_OFF, 32'h2AC7_8073, ARB_ERR_INVALID_PD, FAULT_INVALID_PD, SDI_PP, ring_of(VECS0),
                " 7f00002000 500080 510180 520a80", "F5");
    // F6
    do_reset();
    pp_setup(RCS0, 32'h2, 3);
    c_sdi(RCS0, SDI_PP, W, 32'h6666_6666);
    release_all(RCS0);
    wait_cycles(120);
    fault_check(RCS0, GFX_ENG_FR_OFF, 32'h2AC7_8011, ARB_ERR_PAGE, FAULT_PAGE, SDI_PP, ring_of(RCS0),
                " 7f00000800 500080 510180 520a80 5303c0", "F6");
    chk(writes(RCS0) == "" && find_xfer(1'b1, 64'h654_30A8) < 0, "F6: the faulting write reached the port");
    chk(fl.size() == 1, $sformatf("F6: fills%s, expected only the ring's (a fault fills nothing, GAM-7)", fills()));
    // the same with all four levels present: no fault (the tables above are right)
    do_reset();
    pp_setup(RCS0, 32'h2, 4);
    c_sdi(RCS0, SDI_PP, W, 32'h7777_7777);
    release_all(RCS0);
    wait_cycles(120);
    chk(ft.size() == 0 && writes(RCS0) == " 65430a8/0f/77777777", $sformatf("all present: faults%s writes%s", faults(),
                                                                          writes(RCS0)));
  endtask

  // Instruction-fetch faults (GAM-15, IF): the command the parser is parsing ends when it needs a faulted line.
  //  F7 RCS0's ring starts a GGTT batch at 0x70_0000 whose GGTT entry is 0: the batch's first line faults (IF, page
  //     fault); the parser needs DW0 of the batch: retire with err, DW0 0, address 70_0000. GFX_ENG_FR = 0070_0000 |
  //     0x800 | (4 * 0 + 0) << 3 | 1 = 0070_0801.
  //  F8 the batch starts at 0x70_0FF8 (page 0x700 mapped, identity), where an SDI begins; its DW2 lies in page 0x701,
  //     whose entry is 0: the line at 70_1000 faults; the SDI ends with err, its DW0 (10400002) and address
  //     70_0FF8. GFX_ENG_FR = 0070_1801. Walk reads are lines: pages 0x700 and 0x701 have their entries in one line
  //     (7F_0000_3800, 7F_0000_3808); the fetch walks 0x700 (present), 0x701 for 70_1000 (fault) and, once the
  //     parser has taken the first line, 0x701 again for its prefetch of 70_1040 (a second fault; the record stays).
  task automatic t_fault_if();
    ring_setup(RCS0);
    emr0(RCS0);
    ggtt_unmap(64'h70_0000);
    c_bbs(RCS0, 1'b0, 64'h70_0000);
    release_all(RCS0);
    wait_cycles(100);
    fault_check(RCS0, GFX_ENG_FR_OFF, 32'h0070_0801, ARB_ERR_PAGE, FAULT_PAGE, 32'h0, 64'h70_0000,
                " 7f00000800 7f00003800 7f00003800", "F7");
    // F8
    do_reset();
    ring_setup(RCS0);
    emr0(RCS0);
    ggtt_unmap(64'h70_1000);
    mem[64'h70_0FF8] = SDI_GG; mem[64'h70_0FFC] = 32'h80_0000;
    c_bbs(RCS0, 1'b0, 64'h70_0FF8);
    release_all(RCS0);
    wait_cycles(100);
    fault_check(RCS0, GFX_ENG_FR_OFF, 32'h0070_1801, ARB_ERR_PAGE, FAULT_PAGE, SDI_GG, 64'h70_0FF8,
                " 7f00000800 7f00003800 7f00003800 7f00003800", "F8");
    chk(writes(RCS0) == "", $sformatf("F8: writes%s", writes(RCS0)));
  endtask

  // The fault register keeps the first fault (GAM-14, BYT-REG L3522-3565), in continue mode so that the engines go on.
  // VCS0 and VECS0 share MEDIA_ENG_FR (G10). VCS0's store to page 0x81 (entry 0) records 0081_0851 ((4 * 2 + 2) << 3
  // = 0x50); VECS0's store to page 0x82 and VCS0's to page 0x83 leave it; the host clears it (writes 0); VECS0's
  // next fault (page 0x84) records 0084_0871 ((4 * 3 + 2) << 3 = 0x70). GFX_ARB_ERROR_RPT collects bit 0 and, after
  // a PPGTT unloaded-PD fault of VCS0 (PP_DCLV 0), bit 8: 0x101. GFX_ENG_FR and BLT_ENG_FR stay 0.
  task automatic t_fault_lock();
    mmio_wr(GAB_CTL_REG_OFF, GAB_CONT);
    for (int p = 1; p <= 4; p++) ggtt_unmap(64'h80_0000 + 64'(p) * 64'h1_0000);
    ring_setup(VCS0); ring_setup(VECS0);
    c_sdi(VCS0, SDI_GG, 64'h81_0000, 32'd1);
    release_all(VCS0);
    wait_cycles(60);
    expect_reg(MEDIA_ENG_FR_OFF, 32'h0081_0851, "after VCS0's fault");
    c_sdi(VECS0, SDI_GG, 64'h82_0000, 32'd2);
    release_all(VECS0);
    wait_cycles(60);
    skip_to_line(VCS0);
    c_sdi(VCS0, SDI_GG, 64'h83_0000, 32'd3);
    release_all(VCS0);
    wait_cycles(200);
    chk(ft.size() == 3, $sformatf("faults%s, expected 3", faults()));
    expect_reg(MEDIA_ENG_FR_OFF, 32'h0081_0851, "after two later faults (locked)");
    mmio_wr(MEDIA_ENG_FR_OFF, 32'h0);
    expect_reg(MEDIA_ENG_FR_OFF, 32'h0, "after the host's clear");
    skip_to_line(VECS0);
    c_sdi(VECS0, SDI_GG, 64'h84_0000, 32'd4);
    release_all(VECS0);
    wait_cycles(200);
    expect_reg(MEDIA_ENG_FR_OFF, 32'h0084_0871, "after VECS0's fault");
    mmio_wr(REG(VCS0, RING_MODE_OFF), MODE_PPGTT_ENABLE << 16 | MODE_PPGTT_ENABLE);
    skip_to_line(VCS0);
    c_sdi(VCS0, SDI_PP, 64'h85_0000, 32'd5);
    release_all(VCS0);
    wait_cycles(200);
    expect_reg(GFX_ARB_ERROR_RPT_OFF, ARB_ERR_PAGE | ARB_ERR_UNLOADED_PD, "GFX_ARB_ERROR_RPT");
    expect_reg(MEDIA_ENG_FR_OFF, 32'h0084_0871, "after the unloaded-PD fault (locked)");
    expect_reg(GFX_ENG_FR_OFF, 32'h0, "GFX_ENG_FR");
    expect_reg(BLT_ENG_FR_OFF, 32'h0, "BLT_ENG_FR");
    chk(!probe_halted[VCS0] && !probe_halted[VECS0], "an engine halted in continue mode");
  endtask

  // Hang vs continue (GAM-15, BYT-REG L2603-2627): with GAB_CTL_REG[8] = 1 a faulting access goes on at the faulting
  // address with bit 39 set, (va & 7F_FFFF_FFFF) | 1 << 39, no fill, the engine sees nothing:
  //   RCS0 stores to 0x80_0044 (entry 0): write 80_0080_0040 be F0; the command retires without error, RING_HEAD
  //   commits. A second store to 0x80_0048: a miss again (no fill), a walk, a fault, write 80_0080_0048.
  //   An LRM (DR) of 0x80_0100: its line read at 80_0080_0100; a PPGTT store to W with PP_DCLV 0 (unloaded PD):
  //   write at 8D_2AC7_80A8.
  // Then GAB_CTL_REG[8] = 0 (hang): the next store to 0x80_0050 halts the engine, nothing reaches the port.
  task automatic t_cont();
    logic [63:0] W = 64'h90D_2AC7_80A8;
    int w0;
    mmio_wr(GAB_CTL_REG_OFF, GAB_CONT);
    expect_reg(GAB_CTL_REG_OFF, GAB_CONT, "GAB_CTL_REG");
    ggtt_unmap(64'h80_0000);
    ring_setup(RCS0);
    mmio_wr(REG(RCS0, RING_MODE_OFF), MODE_PPGTT_ENABLE << 16 | MODE_PPGTT_ENABLE);
    c_sdi(RCS0, SDI_GG, 64'h80_0044, 32'hC0C0_0001);
    c_sdi(RCS0, SDI_GG, 64'h80_0048, 32'hC0C0_0002);
    c_lrm(RCS0, LRM_GG, REG(RCS0, 32'h600), 64'h80_0100);
    c_sdi(RCS0, SDI_PP, W, 32'hC0C0_0003);
    release_all(RCS0);
    wait_cycles(150);
    chk(faults() == " e0:t0 e0:t0 e0:t0 e0:t2", $sformatf("faults%s, expected e0:t0 e0:t0 e0:t0 e0:t2", faults()));
    chk(writes(RCS0) == " 8000800040/f0/c0c0000100000000 8000800048/0f/c0c00002 8d2ac780a8/0f/c0c00003",
        $sformatf("writes%s, expected 8000800040/f0/c0c0000100000000 8000800048/0f/c0c00002 8d2ac780a8/0f/c0c00003",
                  writes(RCS0)));
    chk(find_xfer(1'b0, 64'h80_0080_0100) >= 0, "no data read at 80_0080_0100");
    chk(walks() == " 7f00000800 7f00004000 7f00004000 7f00004000", $sformatf("walks%s, expected 7f00000800 7f00004000 x3", walks()));
    chk(fills() == " 0", $sformatf("fills%s, expected 0 (a fault fills nothing)", fills()));
    chk(rt[RCS0].size() == 4 && !rt[RCS0][0].err && !rt[RCS0][1].err && !rt[RCS0][2].err && !rt[RCS0][3].err,
        "not four retires without error");
    chk(!probe_halted[RCS0] && probe_idle[RCS0], "RCS0 not idle after continue-mode faults");
    expect_reg(GFX_ENG_FR_OFF, 32'h0080_0811, "GFX_ENG_FR (the first fault)");
    // hang
    mmio_wr(GAB_CTL_REG_OFF, 32'h0000_00BF);
    w0 = xf.size();
    c_sdi(RCS0, SDI_GG, 64'h80_0050, 32'hC0C0_0004);
    release_all(RCS0);
    wait_cycles(80);
    chk(probe_halted[RCS0], "hang mode: RCS0 not halted");
    for (int i = w0; i < xf.size(); i++) chk(!xf[i].wr, {"hang mode: a write reached the port: ", xstr(xf[i])});
  endtask

  // The arbiter at reset (GAM-9: all MIDARB registers 0 = fixed priority RCS0 > BCS0 > VCS0 > VECS0). Each engine's
  // ring is one line of NOOPs, released in order RCS0, BCS0, VCS0, VECS0 two cycles apart. RCS0's fetch is granted
  // at once and walks (8 cycles in T), so BCS0, VCS0 and VECS0 all request when T next accepts: grants RCS0, BCS0,
  // VCS0, VECS0; at the second grant all three are requesting. The monitor checks every grant and state.
  task automatic arb_rings();
    for (int e = 0; e < NE; e++) begin
      ring_setup(e);
      for (int k = 0; k < 4; k++) put(e, NOOP);
    end
    for (int e = 0; e < NE; e++) release_all(e);
    wait_cycles(100);
  endtask
  function automatic string gnt_order();
    string s = "";
    foreach (gn[i]) s = {s, $sformatf(" %0d", gn[i].eng)};
    return s;
  endfunction
  task automatic t_arb_fixed();
    arb_rings();
    chk(gnt_order() == " 0 1 2 3", $sformatf("grants%s, expected 0 1 2 3", gnt_order()));
    chk(gn.size() >= 2 && gn[1].v == 4'b1110, $sformatf("request vector at the second grant %b, expected 1110",
                                                       gn.size() >= 2 ? gn[1].v : 4'd0));
    for (int e = 0; e < NE; e++) chk(probe_idle[e], $sformatf("engine %0d not idle", e));
  endtask

  // A programmed arbiter (GAM-9, G12-G14): MIDARB_PRIO_NP = 0x5D: NP0 code 11101 (VECS0 1st, then 101 = BCS0 VCS0
  // RCS0), NP1 code 00010 (010 = VCS0 RCS0 BCS0, VECS0 4th). GOTO_NP0 = 0x15555555 (every vector -> NP1 but 1111 ->
  // NP0), GOTO_NP1 = 0x00000001 (vector 0000 -> NP1, every other -> NP0).
  //   idle (v 0000): NP0 -> NP1 (GOTO_NP0[0] = 01), NP1 stays (GOTO_NP1[0] = 01): state 1 before the rings start.
  //   RCS0 alone (0001) in NP1: RCS0; -> NP0 (GOTO_NP1[1] = 00). T busy (walk): the state holds.
  //   1110 in NP0: VECS0 first; -> NP1 (GOTO_NP0[14] = 01).
  //   0110 in NP1: VCS0 before BCS0; -> NP0.  0010 in NP0: BCS0; -> NP1 (GOTO_NP0[2] = 01).
  // Grants RCS0, VECS0, VCS0, BCS0; states after them 0, 1, 0, 1.
  // The requests are instruction fetches (class RO): GAC_ARB_CTL_REG = 0x2 (RO limit disabled, RO fixed priority
  // [22] = 0: GAC) so that the cascade leaves VCS0 and VECS0 in v against BCS0 (GAM-27; at reset, [22] = 1, BCS0
  // would be alone in v). The vectors the NP machine sees are then 1100 (not 1110) and 0100 (not 0110): their gotos
  // are the same (GOTO_NP0[1100] = 01, GOTO_NP1[0100] = 00), so the grants and states above hold.
  task automatic t_arb_prog();
    string st = "";
    mmio_wr(GAC_ARB_CTL_REG_OFF, 32'h0000_0002);
    mmio_wr(MIDARB_PRIO_NP_OFF, 32'h5D);
    mmio_wr(MIDARB_GOTOFIELD_NP1_OFF, 32'h0000_0001);
    mmio_wr(MIDARB_GOTOFIELD_NP0_OFF, 32'h1555_5555);
    expect_reg(MIDARB_PRIO_NP_OFF, 32'h5D, "MIDARB_PRIO_NP");
    wait_cycles(4);
    chk(probe_gam_arb_state == 2'd1, $sformatf("idle state %0d, expected 1", probe_gam_arb_state));
    arb_rings();
    chk(gnt_order() == " 0 3 2 1", $sformatf("grants%s, expected 0 3 2 1", gnt_order()));
    chk(gn.size() >= 2 && gn[1].v == 4'b1110, $sformatf("request vector at the second grant %b, expected 1110",
                                                       gn.size() >= 2 ? gn[1].v : 4'd0));
  endtask

  // wr_ack routing under contention (GAM-10 step 4, GAM-11): RCS0 and BCS0 store at the same time (dword and
  // unaligned qword stores: two writes each), with mem_req_ready low two cycles in five, so that writes wait in P
  // while the other engine is granted. Every ack must name the engine whose write transferred (the monitor), each
  // engine's writes must all be acknowledged (both retire all their stores and go idle), and memory must hold the data.
  task automatic t_wr_ack();
    bit stop = 0;
    ring_setup(RCS0); ring_setup(BCS0);
    for (int k = 0; k < 6; k++) begin
      c_sdi(RCS0, SDI_GG, 64'h90_0000 + 64'(8 * k), 32'hA000_0000 + 32'(k));
      c_sdq(RCS0, 64'h90_0104 + 64'(8 * k), 32'hA100_0000 + 32'(k), 32'hA200_0000 + 32'(k));
      c_sdi(BCS0, SDI_GG, 64'h91_0000 + 64'(8 * k), 32'hB000_0000 + 32'(k));
      c_sdq(BCS0, 64'h91_0104 + 64'(8 * k), 32'hB100_0000 + 32'(k), 32'hB200_0000 + 32'(k));
    end
    fork
      begin
        int t = 0;
        while (!stop) begin
          @(negedge clk);
          mem_req_ready = (t % 5) >= 2;
          t++;
        end
        mem_req_ready = 1'b1;
      end
      begin
        release_all(RCS0);
        release_all(BCS0);
        wait_cycles(600);
        stop = 1;
      end
    join
    wait_cycles(20);
    for (int e = 0; e < 2; e++) begin
      int nw = 0;
      foreach (xf[i]) if (xf[i].wr && int'(xf[i].src) == e) nw++;
      chk(nw == 18, $sformatf("engine %0d: %0d writes, expected 18", e, nw));
      chk(rt[e].size() == 12, $sformatf("engine %0d: %0d retires, expected 12", e, rt[e].size()));
      chk(probe_idle[e], $sformatf("engine %0d not idle", e));
    end
    for (int k = 0; k < 6; k++) begin
      chk(rd32(64'h90_0000 + 64'(8 * k)) == 32'hA000_0000 + 32'(k) && rd32(64'h90_0104 + 64'(8 * k)) == 32'hA100_0000 + 32'(k) &&
          rd32(64'h90_0108 + 64'(8 * k)) == 32'hA200_0000 + 32'(k), $sformatf("RCS0 data %0d", k));
      chk(rd32(64'h91_0000 + 64'(8 * k)) == 32'hB000_0000 + 32'(k) && rd32(64'h91_0104 + 64'(8 * k)) == 32'hB100_0000 + 32'(k) &&
          rd32(64'h91_0108 + 64'(8 * k)) == 32'hB200_0000 + 32'(k), $sformatf("BCS0 data %0d", k));
    end
    begin   // contention happened: some write transferred in a cycle in which the other engine was granted
      int n = 0;
      foreach (xf[i]) if (xf[i].wr) foreach (gn[j]) if (gn[j].cyc == xf[i].cyc && int'(gn[j].eng) != int'(xf[i].src)) n++;
      chk(n > 0, "no write transferred while the other engine was granted");
    end
  endtask


  // =====================================================================================================
  // Phase 2 (docs/gam.md §3b): GFX_FLSH_CNTL (GAM-21), INSTPM (GAM-22), admission limits (GAM-23)
  // =====================================================================================================
  // A host write that transfers at edge c exactly (set at the negedge of cycle c: `cyc` is c there).
  task automatic host_wr_at(input int c, input logic [31:0] a, input logic [31:0] d);
    while (cyc < c) @(negedge clk);
    chk(cyc == c, $sformatf("host write meant for edge %0d comes at %0d", c, cyc));
    mmio_req_valid = 1'b1; mmio_req_write = 1'b1; mmio_req_addr = a; mmio_req_wdata = d;
    @(negedge clk);
    mmio_req_valid = 1'b0; mmio_req_write = 1'b0;
  endtask
  // the cycle of the first read of line `addr` that transfers at or after cycle `from` (-1 after 300 cycles)
  task automatic wait_read(input logic [63:0] addr, input int from, output int c);
    int i;
    c = -1;
    repeat (300) begin
      @(negedge clk);
      i = find_xfer(1'b0, addr, from);
      if (i >= 0) begin c = int'(xf[i].cyc); return; end
    end
    chk(0, $sformatf("no read of %0x after %0d", addr, from));
  endtask
  function automatic int find_fill(input int c, input int e);
    foreach (fl[i]) if (int'(fl[i].cyc) == c && int'(fl[i].eng) == e) return i;
    return -1;
  endfunction
  // the lookup of engine e's request with that va (and kind): " h<idx>", " m", or " ?" (no grant)
  function automatic string lookup_of(input int e, input logic wr, input logic [63:0] va, input int from = 0);
    int g, l;
    g = find_gnt(e, wr, va, from);
    if (g < 0) return " ?";
    l = find_lookup(int'(gn[g].cyc));
    return l < 0 ? " ?" : lk[l].hit ? $sformatf(" h%0d", lk[l].idx) : " m";
  endfunction

  // GFX_FLSH_CNTL (GAM-21, G17: [EXT] i915 GFX_FLSH_CNTL_GEN6, bit 0 stored): a host write of any value invalidates
  // every GGTT entry of every engine's TLB at its closing edge; PPGTT entries stay.
  //  A: RCS0 (RING_MODE[9] = 1, the PPGTT tables of ppgtt_walk: W -> 654_3000) stores to W (PPGTT: walk, fill 8) and
  //     to Q = 0x90_0000 (GGTT: fill 9); its ring page (GGTT) is entry 0. BCS0 stores to 0x91_0000 (fills 0, 8).
  //     The host writes GFX_FLSH_CNTL = FFFF_FFFF: reads back 1 (the row's RW bit 0), commit report 1. Then RCS0's
  //     next ring line walks 7F_0000_0800 again (fill 1), its store to W + 8 hits entry 8 (PPGTT kept), its store
  //     to Q + 8 misses (walk 7F_0000_4800, fill 10); BCS0's next ring line and store both walk again (7F_0000_1000,
  //     the line of Q' = 0x91_0000's entry 7F_0000_4880; fills 1, 9).
  //  B: an entry filled at the write's edge (GAM-10 step 5, order of GAM-12): RCS0 stores to Q and Q + 8 (GGTT);
  //     the walk read of Q's entry transfers at c, its response comes in c + 4 and fills entry 8 at edge c + 4; the
  //     host writes GFX_FLSH_CNTL = 0 at that edge: the filled GGTT entry is invalid, so Q + 8 misses (walk again,
  //     fill 9). Then RCS0 stores to W and W + 8 (PPGTT): the PTE read (line 53_03C0) transfers at c', fill 10 at
  //     c' + 4 with a GFX_FLSH_CNTL write at that edge: a PPGTT entry stays, W + 8 hits entry 10.
  task automatic t_flsh();
    logic [63:0] W = 64'h90D_2AC7_80A8, Q = 64'h90_0000, Q1 = 64'h91_0000;
    int w0, c, nm;
    pp_setup(RCS0, 32'h2, 4);
    c_sdi(RCS0, SDI_PP, W, 32'hF100_0001);
    c_sdi(RCS0, SDI_GG, Q, 32'hF100_0002);
    release_all(RCS0);
    wait_cycles(200);
    ring_setup(BCS0);
    c_sdi(BCS0, SDI_GG, Q1, 32'hF100_0003);
    release_all(BCS0);
    wait_cycles(200);
    chk(fills(RCS0) == " 0 8 9" && fills(BCS0) == " 0 8",
        $sformatf("A: fills RCS0%s BCS0%s, expected 0 8 9 / 0 8", fills(RCS0), fills(BCS0)));
    nm = mc_off.size();
    mmio_wr(GFX_FLSH_CNTL_OFF, 32'hFFFF_FFFF);
    expect_reg(GFX_FLSH_CNTL_OFF, 32'h1, "A: GFX_FLSH_CNTL (bit 0 stored)");
    chk(mc_off.size() == nm + 1 && mc_off[nm] == GFX_FLSH_CNTL_OFF && mc_data[nm] == 32'h1,
        "A: the GFX_FLSH_CNTL write's commit report is not 1");
    skip_to_line(RCS0);
    w0 = cyc;
    c_sdi(RCS0, SDI_PP, W + 64'h8, 32'hF100_0004);
    c_sdi(RCS0, SDI_GG, Q + 64'h8, 32'hF100_0005);
    release_all(RCS0);
    wait_cycles(200);
    chk(walks(w0) == " 7f00000800 7f00004800", $sformatf("A: RCS0 walks%s, expected 7f00000800 7f00004800", walks(w0)));
    chk(lookup_of(RCS0, 1'b1, {W[63:3], 3'd0} + 64'h8, w0) == " h8",
        $sformatf("A: RCS0's PPGTT store after the flush:%s, expected a hit of 8", lookup_of(RCS0, 1'b1, {W[63:3], 3'd0} + 64'h8, w0)));
    chk(lookup_of(RCS0, 1'b1, Q + 64'h8, w0) == " m",
        $sformatf("A: RCS0's GGTT store after the flush:%s, expected a miss", lookup_of(RCS0, 1'b1, Q + 64'h8, w0)));
    chk(fills(RCS0) == " 0 8 9 1 10", $sformatf("A: RCS0 fills%s, expected 0 8 9 1 10", fills(RCS0)));
    skip_to_line(BCS0);
    w0 = cyc;
    c_sdi(BCS0, SDI_GG, Q1 + 64'h8, 32'hF100_0006);
    release_all(BCS0);
    wait_cycles(200);
    chk(walks(w0) == " 7f00001000 7f00004880", $sformatf("A: BCS0 walks%s, expected 7f00001000 7f00004880", walks(w0)));
    chk(fills(BCS0) == " 0 8 1 9", $sformatf("A: BCS0 fills%s, expected 0 8 1 9", fills(BCS0)));
    chk(writes(RCS0) == " 65430a8/0f/f1000001 900000/0f/f1000002 65430b0/0f/f1000004 900008/0f/f1000005",
        $sformatf("A: RCS0 writes%s", writes(RCS0)));
    // B
    do_reset();
    pp_setup(RCS0, 32'h2, 4);
    c_sdi(RCS0, SDI_GG, Q, 32'hF200_0001);
    c_sdi(RCS0, SDI_GG, Q + 64'h8, 32'hF200_0002);
    release_all(RCS0);
    wait_read(64'h7F_0000_4800, 0, c);
    host_wr_at(c + 4, GFX_FLSH_CNTL_OFF, 32'h0);
    wait_cycles(200);
    chk(find_fill(c + 4, RCS0) >= 0 && fl[find_fill(c + 4, RCS0)].idx == 5'd8,
        $sformatf("B: no fill of entry 8 at edge %0d (the GFX_FLSH_CNTL write's); fills%s", c + 4, fills()));
    chk(lookup_of(RCS0, 1'b1, Q + 64'h8) == " m",
        $sformatf("B: the GGTT entry filled at the write's edge:%s, expected a miss", lookup_of(RCS0, 1'b1, Q + 64'h8)));
    chk(walks() == " 7f00000800 7f00004800 7f00004800", $sformatf("B: walks%s, expected 7f00000800 7f00004800 x2", walks()));
    expect_reg(GFX_FLSH_CNTL_OFF, 32'h0, "B: GFX_FLSH_CNTL");
    skip_to_line(RCS0);
    w0 = cyc;
    c_sdi(RCS0, SDI_PP, W, 32'hF200_0003);
    c_sdi(RCS0, SDI_PP, W + 64'h8, 32'hF200_0004);
    release_all(RCS0);
    wait_read(64'h53_03C0, w0, c);
    host_wr_at(c + 4, GFX_FLSH_CNTL_OFF, 32'h1);
    wait_cycles(200);
    chk(find_fill(c + 4, RCS0) >= 0 && fl[find_fill(c + 4, RCS0)].idx == 5'd10,
        $sformatf("B: no fill of entry 10 at edge %0d (the GFX_FLSH_CNTL write's); fills%s", c + 4, fills()));
    chk(lookup_of(RCS0, 1'b1, {W[63:3], 3'd0} + 64'h8, w0) == " h10",
        $sformatf("B: the PPGTT entry filled at the write's edge:%s, expected a hit of 10",
                  lookup_of(RCS0, 1'b1, {W[63:3], 3'd0} + 64'h8, w0)));
    chk(ft.size() == 0, $sformatf("faults%s", faults()));
  endtask

  // INSTPM (GAM-22, G18; BYT-REG L3975-3981: TLB Invalidate (bit 9) only together with Sync Flush Enable (bit 5);
  // L4002-4008: the flush completes at once, bits 5 and 9 are not stored and read 0; masked, bits 31:16 enable
  // 15:0). RCS0 stores to P0 (fill 8), BCS0 to 0x91_0000 (fill 8); the ring pages are entry 0 of each.
  //  1. Host writes to RCS0's INSTPM without both bits and their enables invalidate nothing: 0200_0200 (bit 9
  //     only), 0020_0020 (bit 5 only), 0000_0220 (no enables), 0220_0000 (enables, bits 0), 0200_0220 (bit 5
  //     without its enable). An MI_LOAD_REGISTER_IMM of INSTPM = 0220_0220 neither (kit choice: GAM-22 names the
  //     host write; a legal stimulus never does it, G18): it commits INSTPM = 0 (no stored bit). INSTPM reads 0.
  //     RCS0's next store to P0 + 8 hits 8, no walk.
  //  2. RCS0's INSTPM = FFFF_FFFF: bits 9 and 5 with enables: RCS0's TLB is invalidated; the plain bits 0, 2, 3,
  //     6, 7, 8 are stored: reads 0000_01CD (bit 11 reads 0). RCS0's next ring line and store to P0 + 0x10 walk
  //     again (7F_0000_0800, 7F_0000_4800; fills 1, 9); BCS0's store to 0x91_0008 still hits 8 (its own TLB).
  //  3. BCS0's INSTPM = 0220_0220 at the edge that fills BCS0's entry for 0x92_0000 (its walk read of 7F_0000_4900
  //     transfers at c, the fill is at c + 4; GAM-12's order): the whole TLB, that entry included, is invalid: BCS0's
  //     store to 0x92_0008 misses; RCS0's store to P0 + 0x18 hits 9. BCS0's INSTPM reads 0.
  task automatic t_instpm();
    logic [63:0] P0 = 64'h90_0000;
    int w0, c, n;
    ring_setup(RCS0); ring_setup(BCS0);
    c_sdi(RCS0, SDI_GG, P0, 32'd1);
    release_all(RCS0);
    wait_cycles(200);
    c_sdi(BCS0, SDI_GG, 64'h91_0000, 32'd2);
    release_all(BCS0);
    wait_cycles(200);
    chk(fills(RCS0) == " 0 8" && fills(BCS0) == " 0 8", $sformatf("fills RCS0%s BCS0%s", fills(RCS0), fills(BCS0)));
    // 1
    mmio_wr(REG(RCS0, INSTPM_OFF), 32'h0200_0200);
    mmio_wr(REG(RCS0, INSTPM_OFF), 32'h0020_0020);
    mmio_wr(REG(RCS0, INSTPM_OFF), 32'h0000_0220);
    mmio_wr(REG(RCS0, INSTPM_OFF), 32'h0220_0000);
    mmio_wr(REG(RCS0, INSTPM_OFF), 32'h0200_0220);
    expect_reg(REG(RCS0, INSTPM_OFF), 32'h0, "1: RCS0 INSTPM");
    skip_to_line(RCS0);
    w0 = cyc;
    n = cm[RCS0].size();
    put(RCS0, MI_LOAD_REGISTER_IMM_MATCH_VAL | 32'd1); put(RCS0, REG(RCS0, INSTPM_OFF)); put(RCS0, 32'h0220_0220);
    c_sdi(RCS0, SDI_GG, P0 + 64'h8, 32'd3);
    release_all(RCS0);
    wait_cycles(200);
    begin
      int k = -1;
      for (int i = n; i < cm[RCS0].size(); i++) if (cm[RCS0][i].off == REG(RCS0, INSTPM_OFF)) k = i;
      chk(k >= 0 && cm[RCS0][k].data == 32'h0, $sformatf("1: the LRI's commits%s, expected INSTPM = 0", commits(RCS0)));
    end
    chk(walks(w0) == "", $sformatf("1: walks%s, expected none (nothing invalidated)", walks(w0)));
    chk(lookup_of(RCS0, 1'b1, P0 + 64'h8, w0) == " h8", $sformatf("1: RCS0's store:%s, expected h8",
                                                                lookup_of(RCS0, 1'b1, P0 + 64'h8, w0)));
    expect_reg(REG(RCS0, INSTPM_OFF), 32'h0, "1: RCS0 INSTPM after the LRI");
    // 2
    n = mc_off.size();
    mmio_wr(REG(RCS0, INSTPM_OFF), 32'hFFFF_FFFF);
    expect_reg(REG(RCS0, INSTPM_OFF), 32'h0000_01CD, "2: RCS0 INSTPM (bits 0 2 3 6 7 8 stored, 5 9 11 read 0)");
    chk(mc_off.size() == n + 1 && mc_off[n] == REG(RCS0, INSTPM_OFF) && mc_data[n] == 32'h0000_01CD,
        "2: the INSTPM write's commit report is not 0000_01CD");
    skip_to_line(RCS0);
    w0 = cyc;
    c_sdi(RCS0, SDI_GG, P0 + 64'h10, 32'd4);
    release_all(RCS0);
    wait_cycles(200);
    chk(walks(w0) == " 7f00000800 7f00004800", $sformatf("2: RCS0 walks%s, expected 7f00000800 7f00004800", walks(w0)));
    chk(fills(RCS0) == " 0 8 1 9", $sformatf("2: RCS0 fills%s, expected 0 8 1 9", fills(RCS0)));
    skip_to_line(BCS0);
    w0 = cyc;
    c_sdi(BCS0, SDI_GG, 64'h91_0008, 32'd5);
    release_all(BCS0);
    wait_cycles(200);
    chk(walks(w0) == "" && lookup_of(BCS0, 1'b1, 64'h91_0008, w0) == " h8",
        $sformatf("2: BCS0 walks%s lookup%s, expected none, h8", walks(w0), lookup_of(BCS0, 1'b1, 64'h91_0008, w0)));
    // 3
    skip_to_line(BCS0);
    w0 = cyc;
    c_sdi(BCS0, SDI_GG, 64'h92_0000, 32'd6);
    c_sdi(BCS0, SDI_GG, 64'h92_0008, 32'd7);
    release_all(BCS0);
    wait_read(64'h7F_0000_4900, w0, c);
    host_wr_at(c + 4, REG(BCS0, INSTPM_OFF), 32'h0220_0220);
    wait_cycles(200);
    chk(find_fill(c + 4, BCS0) >= 0 && fl[find_fill(c + 4, BCS0)].idx == 5'd9,
        $sformatf("3: no fill of BCS0's entry 9 at edge %0d (the INSTPM write's); fills%s", c + 4, fills(BCS0)));
    chk(lookup_of(BCS0, 1'b1, 64'h92_0008, w0) == " m",
        $sformatf("3: BCS0's store after the invalidation:%s, expected a miss", lookup_of(BCS0, 1'b1, 64'h92_0008, w0)));
    expect_reg(REG(BCS0, INSTPM_OFF), 32'h0, "3: BCS0 INSTPM");
    skip_to_line(RCS0);
    w0 = cyc;
    c_sdi(RCS0, SDI_GG, P0 + 64'h18, 32'd8);
    release_all(RCS0);
    wait_cycles(200);
    chk(lookup_of(RCS0, 1'b1, P0 + 64'h18, w0) == " h9", $sformatf("3: RCS0's store:%s, expected h9 (BCS0's INSTPM)",
                                                                 lookup_of(RCS0, 1'b1, P0 + 64'h18, w0)));
    chk(ft.size() == 0, $sformatf("faults%s", faults()));
  endtask


  // Admission limits (GAM-23, G19; BYT-REG L4516-4553). MEDIA_MAX_REQ_COUNT resets to 1020_2020 (RW FFFF_3F3F). The
  // tests program 0100_0200: RCS0 (GFX [31:24]) 1, BCS0 and VCS0 (MFX/BLT [23:16]) 0, which counts as 1, each
  // engine against its own count, VECS0 (VLF [13:8]) 2. Timings as in ggtt_walk (GAM-10; memory answers in c + 4):
  // a request granted at g that misses is READY in g + 8 (P loads and T accepts at edge g + 8), transfers at g + 9,
  // and a read's response is routed at edge g + 13; a hit granted at h transfers at h + 2.
  //  A: RCS0's ring is three lines of MI_NOOPs; the fetch keeps up to two reads in flight (gt_cmd_fetch), so line 1
  //     is requested from g0 + 1 (g0: line 0's grant). RCS0's count is 1 from edge g0 to edge g0 + 13 (line 0's
  //     response): at the accepting edges g0 + 8 .. g0 + 13 RCS0 does not take part, line 1 is granted at g0 + 14
  //     (without the limit: g0 + 8; released at the read's transfer instead of its response: g0 + 10). The goto
  //     index uses the same v: every GOTO_NPs = 0x9 (v 0000 -> NP1, v 0001 -> NP2, others NP0): NP1 when idle, NP2
  //     after the grant of line 0, NP1 after the accepting edge g0 + 8 (v = 0000 although RCS0 requests) and through
  //     g0 + 13, NP2 after the grant at g0 + 14.
  //  B: BCS0 (limit 0 = 1) stores a qword at 0x90_0104 (4- but not 8-aligned: two writes, cycle contract §3); the
  //     first write (granted at w, a miss) transfers at w + 9 (its wr_ack); the second is requested from w + 1 and
  //     granted at w + 10 (without the limit: w + 8, a hit).
  //  C: BCS0 and VCS0 (one field, limit 1 each, their own counts): two-line rings released BCS0 first. BCS0's line 0
  //     granted at b; VCS0's line 0 at b + 8 (BCS0 held, VCS0's count 0); VCS0's lookup misses: READY at b + 16,
  //     where BCS0 (response at b + 13) gets line 1; VCS0's line 0 transfers at b + 17, its response is routed at
  //     b + 21, its line 1 is granted at b + 22 (T is empty from b + 18: BCS0's line 1 hit).
  //  D: VECS0 (limit 2): its line 1 is granted at g + 8 with line 0 outstanding.
  //  E: a hang-mode fault ends the faulting request's count: RCS0 (limit 1) stores to an unmapped GGTT page (F1 of
  //     fault_ggtt); the fault drops the write, and the status write that follows (HWSTAM, IRQ-4) is granted and
  //     transfers; the engine halts, no request of it outstanding.
  function automatic int gnt_at(input int e, input logic wr, input logic [63:0] va, input int from = 0);
    int g = find_gnt(e, wr, va, from);
    return g < 0 ? -1 : int'(gn[g].cyc);
  endfunction
  function automatic int rsp_at(input int e, input int from);
    foreach (rs[i]) if (int'(rs[i].eng) == e && int'(rs[i].cyc) >= from) return int'(rs[i].cyc);
    return -1;
  endfunction
  task automatic limits_setup();
    mmio_wr(MEDIA_MAX_REQ_COUNT_OFF, 32'h0100_0200);
    for (int s = 0; s < 4; s++) mmio_wr(MIDARB_GOTOFIELD_NP0_OFF + 32'(4 * s), 32'h0000_0009);
  endtask
  task automatic noop_ring(input int e, input int lines);
    ring_setup(e);
    for (int k = 0; k < 16 * lines; k++) put(e, NOOP);
  endtask
  task automatic t_limit();
    int g, w, b, r, f;
    string got;
    expect_reg(MEDIA_MAX_REQ_COUNT_OFF, 32'h1020_2020, "MEDIA_MAX_REQ_COUNT reset");
    mmio_wr(MEDIA_MAX_REQ_COUNT_OFF, 32'hFFFF_FFFF);
    expect_reg(MEDIA_MAX_REQ_COUNT_OFF, 32'hFFFF_3F3F, "MEDIA_MAX_REQ_COUNT RW bits");
    // A
    limits_setup();
    expect_reg(MEDIA_MAX_REQ_COUNT_OFF, 32'h0100_0200, "MEDIA_MAX_REQ_COUNT");
    noop_ring(RCS0, 3);
    release_all(RCS0);
    wait_cycles(150);
    g = gnt_at(RCS0, 1'b0, ring_of(RCS0));
    chk(g >= 0, "A: line 0 not granted");
    if (g >= 0) begin
      chk(rsp_at(RCS0, g) == g + 13, $sformatf("A: line 0's response routed at g0+%0d, expected g0+13", rsp_at(RCS0, g) - g));
      chk(gnt_at(RCS0, 1'b0, ring_of(RCS0) + 64'h40) == g + 14,
          $sformatf("A: line 1 granted at g0+%0d, expected g0+14", gnt_at(RCS0, 1'b0, ring_of(RCS0) + 64'h40) - g));
      for (int k = 1; k <= 13; k++)
        chk(reqlog.exists(g + k) && reqlog[g + k][RCS0], $sformatf("A: RCS0 not requesting in g0+%0d", k));
      got = "";
      for (int k = 0; k <= 15; k++) got = {got, stlog.exists(g + k) ? $sformatf("%0d", stlog[g + k]) : "?"};
      chk(got == "1222222221111112", $sformatf("A: states in g0..g0+15 %s, expected 1222222221111112", got));
    end
    // B
    do_reset();
    limits_setup();
    ring_setup(BCS0);
    c_sdq(BCS0, 64'h90_0104, 32'hB0B0_0001, 32'hB0B0_0002);
    release_all(BCS0);
    wait_cycles(100);
    w = gnt_at(BCS0, 1'b1, 64'h90_0100);
    chk(w >= 0, "B: the first write not granted");
    if (w >= 0) begin
      f = find_xfer(1'b1, 64'h90_0100);
      chk(f >= 0 && int'(xf[f].cyc) == w + 9, $sformatf("B: the first write transfers at w+%0d, expected w+9",
                                                        f >= 0 ? int'(xf[f].cyc) - w : -1));
      for (int k = 1; k <= 9; k++)
        chk(reqlog.exists(w + k) && reqlog[w + k][BCS0], $sformatf("B: BCS0 not requesting in w+%0d", k));
      chk(gnt_at(BCS0, 1'b1, 64'h90_0108) == w + 10,
          $sformatf("B: the second write granted at w+%0d, expected w+10", gnt_at(BCS0, 1'b1, 64'h90_0108) - w));
    end
    chk(writes(BCS0) == " 900100/f0/b0b0000100000000 900108/0f/b0b00002", $sformatf("B: writes%s", writes(BCS0)));
    // C
    do_reset();
    limits_setup();
    noop_ring(BCS0, 2); noop_ring(VCS0, 2);
    release_all(BCS0); release_all(VCS0);
    wait_cycles(150);
    b = gnt_at(BCS0, 1'b0, ring_of(BCS0));
    chk(b >= 0, "C: BCS0's line 0 not granted");
    if (b >= 0) begin
      got = $sformatf("%0d %0d %0d %0d", gnt_at(VCS0, 1'b0, ring_of(VCS0)) - b, gnt_at(BCS0, 1'b0, ring_of(BCS0) + 64'h40) - b,
                      rsp_at(VCS0, b) - b, gnt_at(VCS0, 1'b0, ring_of(VCS0) + 64'h40) - b);
      chk(got == "8 16 21 22", $sformatf("C: VCS0 line 0, BCS0 line 1, VCS0's response, VCS0 line 1 at b+ %s, expected 8 16 21 22", got));
    end
    // D
    do_reset();
    limits_setup();
    noop_ring(VECS0, 3);
    release_all(VECS0);
    wait_cycles(150);
    g = gnt_at(VECS0, 1'b0, ring_of(VECS0));
    chk(g >= 0 && gnt_at(VECS0, 1'b0, ring_of(VECS0) + 64'h40) == g + 8,
        $sformatf("D: VECS0's line 1 granted at g+%0d, expected g+8", gnt_at(VECS0, 1'b0, ring_of(VECS0) + 64'h40) - g));
    // E
    do_reset();
    limits_setup();
    ring_setup(RCS0);
    emr0(RCS0);
    mmio_wr(REG(RCS0, IMR_OFF), ~32'(IRQ_CS_MASTER_ERROR));
    mmio_wr(REG(RCS0, HWSTAM_OFF), ~32'(IRQ_CS_MASTER_ERROR));
    mmio_wr(REG(RCS0, HWS_PGA_OFF), HWSP[31:0]);
    ggtt_unmap(64'h80_0000);
    c_sdi(RCS0, SDI_GG, 64'h80_0044, 32'h1111_1111);
    release_all(RCS0);
    wait_cycles(100);
    chk(faults() == " e0:t0", $sformatf("E: faults%s, expected e0:t0", faults()));
    r = find_xfer(1'b1, HWSP);
    chk(r >= 0 && ft.size() == 1 && xf[r].cyc > ft[0].cyc, "E: no status write after the fault");
    chk(probe_halted[RCS0] && ocnt[RCS0] == 0, $sformatf("E: halted %0d, outstanding %0d", probe_halted[RCS0], ocnt[RCS0]));
  endtask

  // =====================================================================================================
  // The GAC/GAB cascade (docs/gam.md GAM-26..GAM-29, G21-G23)
  // =====================================================================================================
  // Classes: IF = RO, DR = R, WR = WR. Sides: RCS0 = GAM, BCS0 = GAB, VCS0/VECS0 = GAC. probe_gam_casc (GAM-29):
  // [2:0] s_RO, [5:3] s_R, [8:6] s_WR, [9] [10] [11] owners (1 = GAB), [17:12] [23:18] [29:24] counts. The monitor
  // checks every cycle against its own model; the tests below check hand-derived grant orders and probe values.
  function automatic string cls_order(input int cls, input int from = 0);   // engines granted with client cls
    string r = "";
    foreach (gn[i]) if (int'(gn[i].client) == cls && int'(gn[i].cyc) >= from) r = {r, $sformatf(" %0d", gn[i].eng)};
    return r;
  endfunction
  // probe_gam_casc right after each grant with client cls (the state after that grant's edge), as " owner/count"
  // of class cls, or " state" of its machine when st = 1
  function automatic string cls_probe(input int cls, input int from = 0, input bit st = 0);
    string r = "";
    foreach (gn[i])
      if (int'(gn[i].client) == cls && int'(gn[i].cyc) >= from && casclog.exists(int'(gn[i].cyc) + 1)) begin
        logic [29:0] p = casclog[int'(gn[i].cyc) + 1];
        if (st) r = {r, $sformatf(" %0d", p[3 * cls +: 3])};
        else r = {r, $sformatf(" %0d/%0d", p[9 + cls], p[12 + 6 * cls +: 6])};
      end
    return r;
  endfunction
  // A pile-up of requests of class cls (1 R: MI_LOAD_REGISTER_MEM, 2 WR: MI_STORE_DATA_IMM; both GGTT) from BCS0,
  // VCS0 and VECS0 with RCS0's request of that class as the blocker. Each engine adds two ring lines (after
  // skip_to_line when `again`): RCS0's command after 8 NOOPs, the others' as the last 4 dwords (after 28 NOOPs, about
  // 60 cycles later, every line of theirs fetched by then). When RCS0's request is granted, mem_req_ready goes low:
  // its access misses (a fresh page, 64'h1000 * e above pg) and its walk read waits in P, so T accepts nothing
  // (GAM-10) and the others' requests of class cls pile up; ready returns 2 cycles after all three are requesting.
  // The next arbitration sees a = 1110 (all class cls) and the rest follows from the cascade alone. Returns the
  // cycle from which the pile's grants are counted.
  task automatic pile(input int cls, input logic [63:0] pg, input bit again, output int from);
    int t;
    bit found;
    from = cyc;
    for (int e = 0; e < NE; e++) begin
      logic [63:0] a = pg + 64'h1000 * 64'(e);
      if (again) skip_to_line(e);
      repeat (e == RCS0 ? 8 : 28) put(e, NOOP);
      if (cls == 1) c_lrm(e, LRM_GG, REG(e, 32'h600), a);
      else c_sdi(e, SDI_GG, a, 32'hC0DE_0000 + 32'(e));
      while (wp[e][5:0] != 6'd0) put(e, NOOP);
    end
    for (int e = 0; e < NE; e++) release_all(e);
    found = 0;
    for (t = 0; t < 400 && !found; t++) begin
      @(negedge clk);
      foreach (gn[i]) if (gn[i].eng == 2'(RCS0) && int'(gn[i].client) == cls && int'(gn[i].cyc) >= from) found = 1;
    end
    chk(found, $sformatf("pile: RCS0's class-%0d request not granted", cls));
    mem_req_ready = 1'b0;
    found = 0;
    for (t = 0; t < 400 && !found; t++) begin
      @(negedge clk);
      found = 1;
      for (int e = 1; e < NE; e++) if (!probe_req_valid[e] || int'(probe_req_client[e]) != cls) found = 0;
    end
    chk(found, $sformatf("pile: BCS0, VCS0, VECS0 not all requesting class %0d", cls));
    wait_cycles(2);
    mem_req_ready = 1'b1;
    wait_cycles(200);
    for (int e = 0; e < NE; e++) chk(probe_idle[e], $sformatf("pile: engine %0d not idle", e));
  endtask
  // the request vector a at the first grant of class cls after the blocker's (the pile's first arbitration)
  function automatic logic [3:0] pile_a(input int cls, input int from);
    int n = 0;
    foreach (gn[i]) if (int'(gn[i].client) == cls && int'(gn[i].cyc) >= from) begin
      n++;
      if (n == 2) return gn[i].v;
    end
    return 4'd0;
  endfunction
  function automatic bit casc_all_zero();
    foreach (casclog[c]) if (casclog[c] != 30'd0) return 0;
    return 1;
  endfunction

  // The reset arbiter per class (GAM-28 last paragraph): every register at reset, each class machine stays in state
  // 0 (all gotos 0) and RCS0 beats the cascade (priority bit 0 = GAM, G22); GAC<->GAB with the limits disabled takes
  // the fixed side: RO GAB (GAC_ARB_CTL_REG[22] = 1 at reset), R GAC ([14] = 0), WR GAC (no fixed bit, G23).
  //  RO: the rings of arb_rings (RCS0's fetch walks while BCS0, VCS0, VECS0 start fetching) with MIDARB_PRIO_NP = 0x1
  //      (NP0 code 00001: RCS0 VCS0 BCS0, VECS0 4th; GOTOs 0: the state stays 0). The second arbitration sees a = 1110
  //      (all IF): GAC<->GAB gives RO to GAB, so v = 0010 and BCS0 is granted although the NP order puts VCS0 first;
  //      then a = 1100 (no GAB left): VCS0, then VECS0. Grants 0 1 2 3.
  //  R:  pile of MI_LOAD_REGISTER_MEM reads (DR): after RCS0's, a = 1110 -> the cascade's side GAC, v = 1100 -> VCS0
  //      (NP reset order); then a = 1010 -> GAC again -> VECS0; then BCS0 alone. Grants 0 2 3 1 (the NP order alone
  //      would give 0 1 2 3).
  //  WR: the same with MI_STORE_DATA_IMM writes: 0 2 3 1.
  // With the limits disabled no count ever steps and the machines stay in 0: probe_gam_casc is 0 throughout.
  task automatic t_casc_reset();
    int from;
    mmio_wr(MIDARB_PRIO_NP_OFF, 32'h1);
    arb_rings();
    chk(cls_order(0) == " 0 1 2 3", $sformatf("RO: IF grants%s, expected 0 1 2 3", cls_order(0)));
    chk(gn.size() >= 2 && gn[1].v == 4'b1110, $sformatf("RO: request vector at the second grant %b, expected 1110",
                                                       gn.size() >= 2 ? gn[1].v : 4'd0));
    chk(casc_all_zero(), "RO: probe_gam_casc not 0 throughout");
    // R
    do_reset();
    for (int e = 0; e < NE; e++) ring_setup(e);
    pile(1, 64'h90_0000, 0, from);
    chk(pile_a(1, from) == 4'b1110, $sformatf("R: a at the pile's first arbitration %b, expected 1110", pile_a(1, from)));
    chk(cls_order(1, from) == " 0 2 3 1", $sformatf("R: DR grants%s, expected 0 2 3 1", cls_order(1, from)));
    chk(casc_all_zero(), "R: probe_gam_casc not 0 throughout");
    // WR
    do_reset();
    for (int e = 0; e < NE; e++) ring_setup(e);
    pile(2, 64'h90_0000, 0, from);
    chk(pile_a(2, from) == 4'b1110, $sformatf("WR: a at the pile's first arbitration %b, expected 1110", pile_a(2, from)));
    chk(cls_order(2, from) == " 0 2 3 1", $sformatf("WR: WR grants%s, expected 0 2 3 1", cls_order(2, from)));
    chk(casc_all_zero(), "WR: probe_gam_casc not 0 throughout");
  endtask

  // A programmed RO class machine with odd entries (GAM-28, G22: entry 2k+1 in bits 27:15 of register k; priority
  // bit 12 of the half, goto for vector r at [3r+2:3r]; r bit 0 = RCS0, bit 1 = the cascade):
  //   entry 0: prio 0, every goto 1                       -> half 0x0249
  //   entry 1: prio 1, goto 00 -> 1, 01 -> 3, 10 -> 2, 11 -> 2 -> half 0x1499    ARB_RO_GAC_GAM0 = 0x0A4C_8249
  //   entry 2: (not reached) every goto 2                  -> half 0x0492
  //   entry 3: prio 1, goto 00 -> 3, 01 -> 7, 10 -> 5, 11 -> 5 -> half 0x1B7B    ARB_RO_GAC_GAM1 = 0x0DBD_8492
  //   entry 4: (not reached) every goto 4                  -> half 0x0924
  //   entry 5: prio 0, goto 00 -> 5, others -> 7           -> half 0x0FFD       ARB_RO_GAC_GAM2 = 0x07FE_8924
  //   entry 6: (not reached) every goto 6                  -> half 0x0DB6
  //   entry 7: prio 1, every goto 7                         -> half 0x1FFF       ARB_RO_GAC_GAM3 = 0x0FFF_8DB6
  // Idle (r = 00 for every class at every arbitration): state 0 -> 1, then stays 1 (entry 1's goto 00).
  // Rings: RCS0 20 NOOPs (two lines), BCS0, VCS0, VECS0 4 NOOPs, released in that order; all IF (class RO):
  //   1. RCS0's first line alone: r = 01 -> GAM wins; state -> entry 1 goto 01 = 3.
  //   2. (RCS0's walk done) RCS0's second line, BCS0, VCS0, VECS0: a = 1111; GAC<->GAB gives RO to GAB (reset fixed
  //      side), r = 11; entry 3's priority 1 -> the cascade: BCS0 (v = 0010); state -> entry 3 goto 11 = 5.
  //   3. RCS0, VCS0, VECS0: r = 11; entry 5's priority 0 -> GAM: RCS0; state -> entry 5 goto 11 = 7.
  //   4. VCS0, VECS0: r = 10 -> the cascade, v = 1100: VCS0 (NP); state 7.  5. VECS0; state 7. Idle: stays 7.
  // IF grants 0 1 0 2 3, the RO state after each 3 5 7 7 7. R and WR machines: reset registers, state 0.
  task automatic t_casc_prog();
    mmio_wr(ARB_RO_GAC_GAM0_OFF, 32'h0A4C_8249);
    mmio_wr(ARB_RO_GAC_GAM1_OFF, 32'h0DBD_8492);
    mmio_wr(ARB_RO_GAC_GAM2_OFF, 32'h07FE_8924);
    mmio_wr(ARB_RO_GAC_GAM3_OFF, 32'h0FFF_8DB6);
    expect_reg(ARB_RO_GAC_GAM0_OFF, 32'h0A4C_8249, "ARB_RO_GAC_GAM0");
    expect_reg(ARB_RO_GAC_GAM3_OFF, 32'h0FFF_8DB6, "ARB_RO_GAC_GAM3");
    wait_cycles(4);
    chk(probe_gam_casc == 30'd1, $sformatf("idle: probe_gam_casc %08x, expected 1 (RO state 1)", probe_gam_casc));
    for (int e = 0; e < NE; e++) ring_setup(e);
    repeat (20) put(RCS0, NOOP);
    for (int e = 1; e < NE; e++) repeat (4) put(e, NOOP);
    for (int e = 0; e < NE; e++) release_all(e);
    wait_cycles(150);
    chk(cls_order(0) == " 0 1 0 2 3", $sformatf("IF grants%s, expected 0 1 0 2 3", cls_order(0)));
    chk(gn.size() >= 2 && gn[1].v == 4'b1111, $sformatf("request vector at the second grant %b, expected 1111",
                                                       gn.size() >= 2 ? gn[1].v : 4'd0));
    chk(cls_probe(0, 0, 1) == " 3 5 7 7 7", $sformatf("RO state after each grant%s, expected 3 5 7 7 7",
                                                      cls_probe(0, 0, 1)));
    chk(probe_gam_casc == 30'd7, $sformatf("idle after: probe_gam_casc %08x, expected 7 (RO state 7)", probe_gam_casc));
    for (int e = 0; e < NE; e++) chk(probe_idle[e], $sformatf("engine %0d not idle", e));
  endtask

  // GAC<->GAB counts for reads (GAM-27, G23; class R: enable [15], limit [12:8]), piles of DR reads as in casc_reset:
  //  A: GAC_ARB_CTL_REG = 0x0040_8302 (R enabled, limit 3; owner GAC at reset). a = 1110: a conflict, the owner GAC's
  //     side stays: VCS0 (NP), served: count 1. a = 1010: conflict, VECS0 served: count 2. a = 0010: BCS0 alone, no
  //     conflict: the count clears (owner stays GAC). DR grants 0 2 3 1; R owner/count after each (the blocker's
  //     first: RCS0 alone, no conflict) 0/0 0/1 0/2 0/0.
  //  B: GAC_ARB_CTL_REG = 0x0040_8002 (R enabled, limit 0: counts as 1). a = 1110: VCS0 served, count 1 reaches the
  //     limit: owner GAB, count 0. a = 1010: conflict, owner GAB: v = 0010, BCS0 served: owner GAC, count 0.
  //     a = 1000: VECS0 alone. DR grants 0 2 1 3; owner/count 0/0 1/0 0/0 0/0.
  task automatic t_casc_rd();
    int from;
    mmio_wr(GAC_ARB_CTL_REG_OFF, 32'h0040_8302);
    for (int e = 0; e < NE; e++) ring_setup(e);
    pile(1, 64'h90_0000, 0, from);
    chk(pile_a(1, from) == 4'b1110, $sformatf("A: a at the pile's first arbitration %b, expected 1110", pile_a(1, from)));
    chk(cls_order(1, from) == " 0 2 3 1", $sformatf("A: DR grants%s, expected 0 2 3 1", cls_order(1, from)));
    chk(cls_probe(1, from) == " 0/0 0/1 0/2 0/0", $sformatf("A: R owner/count after each%s, expected 0/0 0/1 0/2 0/0",
                                                           cls_probe(1, from)));
    do_reset();
    mmio_wr(GAC_ARB_CTL_REG_OFF, 32'h0040_8002);
    for (int e = 0; e < NE; e++) ring_setup(e);
    pile(1, 64'h90_0000, 0, from);
    chk(pile_a(1, from) == 4'b1110, $sformatf("B: a at the pile's first arbitration %b, expected 1110", pile_a(1, from)));
    chk(cls_order(1, from) == " 0 2 1 3", $sformatf("B: DR grants%s, expected 0 2 1 3", cls_order(1, from)));
    chk(cls_probe(1, from) == " 0/0 1/0 0/0 0/0", $sformatf("B: R owner/count after each%s, expected 0/0 1/0 0/0 0/0",
                                                           cls_probe(1, from)));
  endtask

  // GAC<->GAB for writes (GAM-27, G23: WR enable [31], limit [29:24]; GAC gets `limit` writes, then GAB exactly one):
  // GAC_ARB_CTL_REG = 0x8240_0002 (WR enabled, limit 2), piles of MI_STORE_DATA_IMM writes as in casc_reset.
  //  1: a = 1110: owner GAC: VCS0 served, count 1; a = 1010: VECS0 served, count 2 = the limit: owner GAB, count 0;
  //     a = 0010: BCS0 alone (no conflict: count 0, owner stays GAB). WR grants 0 2 3 1; WR owner/count 0/0 0/1 1/0 1/0.
  //  2: (no reset; owner GAB) a = 1110: owner GAB: v = 0010, BCS0 served: its one write, then owner GAC, count 0 (with
  //     limit 2 a read class would count 1 and keep GAB). a = 1100 (GAC only): VCS0, then VECS0. WR grants 0 1 2 3;
  //     owner/count 1/0 0/0 0/0 0/0.
  task automatic t_casc_wr();
    int from;
    mmio_wr(GAC_ARB_CTL_REG_OFF, 32'h8240_0002);
    for (int e = 0; e < NE; e++) ring_setup(e);
    pile(2, 64'h90_0000, 0, from);
    chk(pile_a(2, from) == 4'b1110, $sformatf("1: a at the pile's first arbitration %b, expected 1110", pile_a(2, from)));
    chk(cls_order(2, from) == " 0 2 3 1", $sformatf("1: WR grants%s, expected 0 2 3 1", cls_order(2, from)));
    chk(cls_probe(2, from) == " 0/0 0/1 1/0 1/0", $sformatf("1: WR owner/count after each%s, expected 0/0 0/1 1/0 1/0",
                                                           cls_probe(2, from)));
    pile(2, 64'h98_0000, 1, from);
    chk(pile_a(2, from) == 4'b1110, $sformatf("2: a at the pile's first arbitration %b, expected 1110", pile_a(2, from)));
    chk(cls_order(2, from) == " 0 1 2 3", $sformatf("2: WR grants%s, expected 0 1 2 3", cls_order(2, from)));
    chk(cls_probe(2, from) == " 1/0 0/0 0/0 0/0", $sformatf("2: WR owner/count after each%s, expected 1/0 0/0 0/0 0/0",
                                                           cls_probe(2, from)));
    for (int e = 0; e < NE; e++) chk(rd32(64'h98_0000 + 64'h1000 * 64'(e)) == 32'hC0DE_0000 + 32'(e),
                                     $sformatf("2: engine %0d's store", e));
  endtask

  // GAM registers by MMIO (GAM-2, GAM-16): reset values and RW bits of the table, commit reports of host writes.
  task automatic t_regs();
    expect_reg(CVS_TLB_LRA_0_OFF, 32'h1F08_0700, "CVS_TLB_LRA_0 reset");
    expect_reg(CVS_TLB_LRA_1_OFF, 32'h0000_1F18, "CVS_TLB_LRA_1 reset");
    expect_reg(CVS_TLB_LRA_2_OFF, 32'h0000_0005, "CVS_TLB_LRA_2 reset");
    expect_reg(GAB_CTL_REG_OFF, 32'h0000_00BF, "GAB_CTL_REG reset");
    mmio_wr(CVS_TLB_LRA_0_OFF, 32'hFFFF_FFFF);
    expect_reg(CVS_TLB_LRA_0_OFF, 32'h1F1F_1F1F, "CVS_TLB_LRA_0 RW bits");
    mmio_wr(MIDARB_PRIO_NP_OFF, 32'hFFFF_FFFF);
    expect_reg(MIDARB_PRIO_NP_OFF, 32'h000F_FFFF, "MIDARB_PRIO_NP RW bits");
    mmio_wr(GFX_ARB_ERROR_RPT_OFF, 32'hFFFF_FFFF);
    expect_reg(GFX_ARB_ERROR_RPT_OFF, 32'h0000_FFFF, "GFX_ARB_ERROR_RPT RW bits");
    mmio_wr(BLT_ENG_FR_OFF, 32'h1234_5678);
    expect_reg(BLT_ENG_FR_OFF, 32'h1234_5678, "BLT_ENG_FR");
    chk(mc_off.size() == 4 && mc_off[0] == CVS_TLB_LRA_0_OFF && mc_data[0] == 32'h1F1F_1F1F &&
        mc_off[3] == BLT_ENG_FR_OFF && mc_data[3] == 32'h1234_5678, $sformatf("%0d host-write commits", mc_off.size()));
    // the interrupt block no longer answers these offsets: a read returns the GAM's value only (not ORed twice)
    expect_reg(GFX_MSTR_IRQ_OFF, 32'h0, "GFX_MSTR_IRQ");
  endtask

  initial begin
    if (!$value$plusargs("test=%s", test)) $fatal(1, "usage: +test=NAME");
    do_reset();
    case (test)
      "ggtt_walk":   t_ggtt_walk();
      "ppgtt_walk":  t_ppgtt_walk();
      "hit_lra":     t_hit_lra();
      "inval":       t_inval();
      "fault_ggtt":  t_fault_ggtt();
      "fault_ppgtt": t_fault_ppgtt();
      "fault_if":    t_fault_if();
      "fault_lock":  t_fault_lock();
      "cont":        t_cont();
      "arb_fixed":   t_arb_fixed();
      "arb_prog":    t_arb_prog();
      "wr_ack":      t_wr_ack();
      "regs":        t_regs();
      "flsh":        t_flsh();
      "instpm":      t_instpm();
      "limit":       t_limit();
      "casc_reset":  t_casc_reset();
      "casc_prog":   t_casc_prog();
      "casc_rd":     t_casc_rd();
      "casc_wr":     t_casc_wr();
      default:       $fatal(1, "unknown test %s", test);
    endcase
    if ($test$plusargs("dump")) begin   // debugging aid: the transfers and grants of the last part
      foreach (xf[i]) $display("xfer %s", xstr(xf[i]));
      foreach (gn[i]) $display("gnt @%0d e%0d c%0d %s %012x v%b", gn[i].cyc, gn[i].eng, gn[i].client,
                               gn[i].wr ? "W" : "R", gn[i].va, gn[i].v);
      foreach (lk[i]) $display("lookup @%0d e%0d %s%0d", lk[i].cyc, lk[i].eng, lk[i].hit ? "h" : "m", lk[i].idx);
    end
    verdict();
  end
endmodule
