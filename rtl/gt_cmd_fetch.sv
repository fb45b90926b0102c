// gt_cmd_fetch: the command fetch unit of one engine (docs/cycle-contract.md §3, §4).
//
// It reads the command stream one 64-byte line per memory request into a two-line buffer and hands the
// parser one dword at a time (dw_valid/dw_data/dw_addr, consumed by pop). Prefetch is bounded: buffered
// lines + live reads in flight <= 2, and all reads outstanding (live + discarded) <= 2, so the engine
// always has room for every response it is owed.
//
// Two kinds of stream:
//   ring  (s_ring = 1): addresses wrap from RING_START + size back to RING_START. A line is requested only
//                       when it holds at least one byte of [HEAD, TAIL) (circularly): never a line that lies
//                       wholly past TAIL (contract §3).
//   batch (s_ring = 0): linear addresses, fetched while the engine is in a batch.
// redir restarts the stream at redir_addr: the buffer is emptied and every read still in flight is marked
// to be discarded when its response arrives (responses come back in request order).
//
// Faults (docs/gam.md GAM-15, hang mode): the GAM drops a faulting read and says so (rd_fault) at the edge that
// drops it. The faulted read is always the youngest read outstanding (the engine's requests are translated one at
// a time, in order), and its line takes its place in the stream as a *faulted* line (dw_flt with dw_valid): at the
// fault's edge if no older read is outstanding, else together with the older read's response (fpend). A faulted
// line counts as outstanding (busy) until then, like a read whose response is still to come; a redirect discards
// it like any other line in flight. The parser never pops a faulted dword: if it needs one, its command ends
// (gt_engine); if it never needs it, the line has no effect.
module gt_cmd_fetch (
  input  logic         clk,
  input  logic         rst_n,
  // ring geometry, from the engine's registers
  input  logic [31:0]  ring_start,   // RING_START[31:12] << 12
  input  logic [21:0]  ring_size,    // bytes, (RING_CTL[20:12] + 1) * 4096
  input  logic [21:0]  head_off,     // RING_HEAD offset, bytes
  input  logic [21:0]  ring_avail,   // bytes from HEAD to TAIL (0 = ring empty)
  input  logic         ring_en,      // RING_CTL[0]
  input  logic         in_batch,     // the engine executes from a batch buffer
  input  logic         halted,       // the engine stopped after an error: fetch nothing more
  // stream control from the parser
  input  logic         redir,
  input  logic [63:0]  redir_addr,   // dword aligned
  input  logic         redir_ring,
  input  logic         pop,          // the parser takes dw_data at this closing edge
  output logic         dw_valid,
  output logic [31:0]  dw_data,
  output logic [63:0]  dw_addr,      // graphics address of dw_data
  output logic         dw_flt,       // dw_valid: the dword lies in a faulted line (its value is meaningless)
  output logic         s_ring,       // the stream is the ring (vs a batch buffer)
  output logic         busy,         // a read is outstanding
  // read requests to the engine's memory request mux
  output logic         rd_valid,
  output logic [63:0]  rd_addr,
  input  logic         rd_gnt,
  input  logic         rsp_valid,
  input  logic [511:0] rsp_data,
  input  logic         rd_fault      // the youngest outstanding read faulted (GAM hang mode): no response comes
);
  logic [63:0]  sp;           // address of the next dword for the parser
  logic [63:0]  fa;           // next line to request
  logic [511:0] lbuf [2];     // line buffer, FIFO in stream order; lbuf[lh] holds the line of sp
  logic [1:0]   lflt;         // the buffered line is a faulted one
  logic         lh;
  logic [1:0]   lcnt;         // lines buffered
  logic [1:0]   tot;          // reads outstanding (granted, response not yet back)
  logic [1:0]   drop;         // of those, responses to discard (issued before a redirect)
  logic         fpend;        // the youngest outstanding read faulted; its line follows the next response

  // ---- ring geometry of the line at fa ----
  logic [63:0] ring_end;
  logic [63:0] fa_rel;        // fa - RING_START
  logic [21:0] fa_off;
  logic [21:0] fa_dist;       // bytes from HEAD to fa, circularly
  logic        fa_in_ring, fa_has_head, ring_fetch_ok;
  assign ring_end    = {32'd0, ring_start} + {42'd0, ring_size};
  assign fa_rel      = fa - {32'd0, ring_start};
  assign fa_in_ring  = fa_rel < {42'd0, ring_size};
  assign fa_off      = fa_rel[21:0];
  assign fa_dist     = (fa_off >= head_off) ? fa_off - head_off : fa_off + ring_size - head_off;
  assign fa_has_head = fa_off[21:6] == head_off[21:6];
  // The line [fa, fa+64) intersects [HEAD, TAIL): either HEAD lies in it, or its first byte does.
`ifdef GTREF_BUG_PREFETCH_PAST_TAIL
  // Known bug (docs/rtl-bugs.md): the prefetch window reaches two lines beyond TAIL.
  assign ring_fetch_ok = ring_en && ring_avail != 22'd0 && fa_in_ring && (fa_has_head || fa_dist < ring_avail + 22'd128);
`else
  assign ring_fetch_ok = ring_en && ring_avail != 22'd0 && fa_in_ring && (fa_has_head || fa_dist < ring_avail);
`endif

  // ---- read requests (bounded prefetch) ----
  logic [2:0] live;           // lines buffered + live reads in flight
  assign live     = {1'b0, lcnt} + {1'b0, tot} - {1'b0, drop};
`ifdef GTREF_VARIANT_FETCH_ONE_OUTSTANDING
  // Legal variant (docs/rtl-variants.md): at most one fetch read in flight (the buffer still holds two lines).
  assign rd_valid = !halted && (s_ring ? ring_fetch_ok : in_batch) && tot < 2'd1 && live < 3'd2;
`elsif GTREF_VARIANT_FETCH_ONE_LINE
  // Legal variant (docs/rtl-variants.md): no prefetch beyond the line being parsed (one line buffered or in flight).
  assign rd_valid = !halted && (s_ring ? ring_fetch_ok : in_batch) && tot < 2'd2 && live < 3'd1;
`else
  assign rd_valid = !halted && (s_ring ? ring_fetch_ok : in_batch) && tot < 2'd2 && live < 3'd2;
`endif
  assign rd_addr  = fa;
  assign busy     = tot != 2'd0;

  logic [63:0] fa_next;
  assign fa_next = (s_ring && fa + 64'd64 == ring_end) ? {32'd0, ring_start} : fa + 64'd64;

  // ---- dword stream ----
  logic        sp_line_end;   // pop consumes the last dword of the head line
  logic [63:0] sp_next;
  assign dw_valid    = lcnt != 2'd0;
  assign dw_flt      = lflt[lh];
  assign dw_data     = lbuf[lh][32 * sp[5:2] +: 32];
  assign dw_addr     = sp;
  assign sp_line_end = sp[5:2] == 4'hF;
  assign sp_next     = (s_ring && sp_line_end && sp + 64'd4 == ring_end) ? {32'd0, ring_start} : sp + 64'd4;

  // Items that arrive at this edge, in stream order: a response (d_real), then a faulted line (d_flt). The first
  // `drop` items are discarded (issued before a redirect).
  logic       rd_take, d_real, d_flt, k_real, k_flt, slot_r, slot_f;
  logic [1:0] n_items, n_drop, tot_next;
  assign rd_take  = rd_valid && rd_gnt;
  assign d_real   = rsp_valid;
  assign d_flt    = (rd_fault && (tot == 2'd1 || rsp_valid)) || (fpend && rsp_valid);
  assign n_items  = {1'b0, d_real} + {1'b0, d_flt};
  assign n_drop   = drop < n_items ? drop : n_items;
  assign k_real   = d_real && drop == 2'd0;
  assign k_flt    = d_flt && (drop == 2'd0 || (d_real && drop == 2'd1));
  assign slot_r   = lh ^ lcnt[0];
  assign slot_f   = lh ^ lcnt[0] ^ k_real;
  assign tot_next = tot + {1'b0, rd_take} - n_items;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      sp     <= '0;
      fa     <= '0;
      s_ring <= 1'b0;
      lh     <= 1'b0;
      lcnt   <= '0;
      tot    <= '0;
      drop   <= '0;
      fpend  <= 1'b0;
    end else begin
      tot <= tot_next;
      // a fault with an older read still outstanding waits for that read's response
      if (rd_fault && tot == 2'd2 && !rsp_valid) fpend <= 1'b1;
      else if (fpend && rsp_valid) fpend <= 1'b0;
      if (redir) begin
        // Everything still in flight (including a read granted in this cycle) belongs to the old stream.
        sp     <= redir_addr;
        fa     <= {redir_addr[63:6], 6'd0};
        s_ring <= redir_ring;
        lcnt   <= '0;
        drop   <= tot_next;
      end else begin
        if (rd_take) fa <= fa_next;
        if (pop) sp <= sp_next;
        drop <= drop - n_drop;
        if (pop && sp_line_end) lh <= ~lh;
        lcnt <= lcnt + {1'b0, k_real} + {1'b0, k_flt} - {1'b0, pop && sp_line_end};
      end
    end
  end

  // Line data (lcnt says what is valid), reset too: several tests run in one process, each from a reset. The
  // slots after the buffered lines.
  always_ff @(posedge clk)
    if (!rst_n) begin
      lbuf[0] <= '0;
      lbuf[1] <= '0;
      lflt    <= '0;
    end else if (!redir) begin
      if (k_real) begin
        lbuf[slot_r] <= rsp_data;
        lflt[slot_r] <= 1'b0;
      end
      if (k_flt) lflt[slot_f] <= 1'b1;
    end
endmodule
