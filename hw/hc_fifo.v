// hc_fifo: a register FIFO with a combinational head. One input virtual channel
// of the hypercycle router (deeper than one flit, or with two cycles per hop;
// hc_router_core keeps a one-flit VC of the one-cycle hop as a register and
// owed bits). Pushing into a full FIFO is a protocol violation that
// credit flow control rules out, unless the cycle also pops (the popped
// entry's slot takes the pushed one: the wormhole mesh's inputs). An empty FIFO
// may be popped only in a cycle that pushes: the pushed entry passes straight
// through and the FIFO stays empty.
//
// last_o is the entry at the read pointer of the cycle before, which holds that
// cycle's head (read, or written there and passed straight through; in a
// cycle that pushes into the full FIFO and pops, the entry pushed): the
// one-cycle router sends origin and payload from it a cycle after the grant.
//
// A one-entry FIFO is a register and a full bit. Deeper ones select the head and
// the written entry by comparing the pointers with constants (an AND-OR, no
// multiplied index), so the head costs a LUT level per four entries.
//
// Named assertions (hw/include/hc_assert.vh): p_width, p_depth (parameters);
// a_push_full (no push into a full FIFO without a pop), a_pop_empty (no pop of an empty FIFO
// without a push in the same cycle), the input protocol (HC_ASSUME); in the deeper FIFO a_cnt_range (0 <=
// count <= DEPTH), a_ptr_range (both pointers below DEPTH), a_any (the valid
// flip-flop is count != 0) and a_ptrs (the write pointer is the read pointer
// plus the count, modulo DEPTH). Under FORMAL only, the proofs' checks: a_last
// (last_o is the head of the cycle before), a_kept (a one-entry FIFO keeps its
// entry), a_order_* (two entries pushed in order leave in order, unchanged) and
// the cover point c_order_done (that sequence completes).
`include "hc_assert.vh"
module hc_fifo #(
  // bits per entry
  parameter integer W     = 8,
  // entries
  parameter integer DEPTH = 2
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         push_i,
  input  wire [W-1:0] data_i,
  input  wire         pop_i,
  output wire [W-1:0] head_o,
  output wire         empty_o,
  // the entry at the read pointer of the cycle before: the head of that cycle
  // (the entry read, or the one written when it passed straight through), until
  // credits let a push overwrite it
  output wire [W-1:0] last_o
`ifdef FORMAL
  ,
  // the entries held (the proofs of the modules around it read it: their
  // credit invariants, formal/router_core_*.fv)
  output wire [$clog2(DEPTH + 1)-1:0] fv_cnt_o,
  // every entry, and which of them hold a flit (entry i at [i*W +: W])
  output wire [DEPTH*W-1:0]           fv_mem_o,
  output wire [DEPTH-1:0]             fv_held_o,
  // the entries in order, the head first (entry i at [i*W +: W]; the first
  // fv_cnt_o of them hold flits)
  output wire [DEPTH*W-1:0]           fv_seq_o
`endif
);
  `HC_FORMAL_RESET
  `HC_PARAM(p_width, W >= 1, "W must be at least 1")
  `HC_PARAM(p_depth, DEPTH >= 1, "DEPTH must be at least 1")

  // full: as many entries as DEPTH (each branch below drives it)
  wire full;
`ifdef HC_MUTANT_FIFO_FULL
  // a deliberately broken full flag that proofs must reject (formal/)
  wire full_seen = 1'b0;
`elsif HC_MUTANT_FIFO_OVER
  // a deliberately broken FIFO that proofs must reject (formal/): the full
  // flag the protocol sees is 0, and a push into the full FIFO without a pop
  // overwrites the head in place (pointers and count kept; g_many below)
  wire full_seen = 1'b0;
`else
  wire full_seen = full;
`endif
  // the input protocol: checked in simulation, assumed by the proofs
  `HC_ASSUME(a_push_full, !(push_i && full_seen && !pop_i), "a push into a full FIFO")
  `HC_ASSUME(a_pop_empty, !(pop_i && empty_o && !push_i), "a pop of an empty FIFO")
`ifdef SYNTHESIS
  wire unused_full_seen = full_seen;  // the protocol check's only, which synthesis leaves out
`endif

`ifdef FORMAL
  // The proofs' view of last_o (formal/fifo_*.fv): the head of the cycle
  // before, or the entry pushed then into the empty FIFO (or the full one, which
  // popped).
  reg         fv_past_q = 1'b0;
  reg [W-1:0] fv_last_q;
  always @(posedge clk_i) begin
    fv_past_q <= rst_ni;
    fv_last_q <= (push_i && (empty_o || full)) ? data_i : head_o;
  end
  `HC_ASSERT(a_last, !fv_past_q || last_o == fv_last_q, "last_o is not the head of the cycle before")
`endif

  generate
    if (DEPTH == 1) begin : g_one
      reg [W-1:0] mem_q;
      reg         full_q;

      assign head_o  = mem_q;
      assign empty_o = ~full_q;
      assign last_o  = mem_q;
      assign full    = full_q;
`ifdef FORMAL
      assign fv_cnt_o  = full_q;
      assign fv_mem_o  = mem_q;
      assign fv_held_o = full_q;
      assign fv_seq_o  = mem_q;
`endif

      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          mem_q  <= {W{1'b0}};
          full_q <= 1'b0;
        end else begin
          if (push_i) mem_q <= data_i;
          if (push_i && !pop_i) full_q <= 1'b1;
          else if (pop_i && !push_i) full_q <= 1'b0;
        end
      end

`ifdef FORMAL
      // No entry lost (formal/fifo_d1.fv): any value a pushed into the empty
      // FIFO stays until popped.
      (* anyconst *) reg [W-1:0] fv_a;
      (* anyseq *) wire fv_start;
      reg fv_in = 1'b0;  // a is the entry
      always @(posedge clk_i) begin
        if (!rst_ni || pop_i) fv_in <= 1'b0;
        else if (!fv_in && !full_q && push_i && fv_start && data_i == fv_a) fv_in <= 1'b1;
      end
      `HC_ASSERT(a_kept, !fv_in || (full_q && mem_q == fv_a), "the entry was lost")
`endif
    end else begin : g_many
      localparam integer PTRW = $clog2(DEPTH);
      localparam integer CNTW = $clog2(DEPTH + 1);
      localparam [PTRW-1:0] LAST = DEPTH[PTRW-1:0] - 1'b1;

      reg [DEPTH*W-1:0] mem_q;  // entry i at [i*W +: W]
      reg [PTRW-1:0]    rd_q;
      reg [PTRW-1:0]    wr_q;
      reg [CNTW-1:0]    cnt_q;
      // any_q: cnt_q != 0 as a flip-flop of its own, so that the head's valid
      // bit on the router's critical loop is not a compare (G^{2,2}_{5,5}, 2 flits
      // per VC: median Fmax over 20 placement seeds 99.9 -> 102.0 MHz).
      reg               any_q;
      reg [PTRW-1:0]    prev_q;  // rd_q of the cycle before
      reg [W-1:0]       head, last;
      integer           i;

      always @(*) begin
        head = {W{1'b0}};
        last = {W{1'b0}};
        for (i = 0; i < DEPTH; i = i + 1) begin
`ifdef HC_MUTANT_FIFO_HEAD
          // a deliberately broken FIFO that proofs must reject (formal/): the
          // head read at the read pointer of the cycle before
          head = head | ({W{prev_q == i[PTRW-1:0]}} & mem_q[i*W+:W]);
`else
          head = head | ({W{rd_q == i[PTRW-1:0]}} & mem_q[i*W+:W]);
`endif
`ifdef HC_MUTANT_FIFO_LAST
          // a deliberately broken FIFO that proofs must reject (formal/):
          // last_o read at this cycle's read pointer
          last = last | ({W{rd_q == i[PTRW-1:0]}} & mem_q[i*W+:W]);
`else
          last = last | ({W{prev_q == i[PTRW-1:0]}} & mem_q[i*W+:W]);
`endif
        end
      end
      assign head_o  = head;
      assign empty_o = ~any_q;
      assign last_o  = last;
      assign full    = cnt_q == DEPTH[CNTW-1:0];
`ifdef FORMAL
      assign fv_cnt_o = cnt_q;
      assign fv_mem_o = mem_q;
      genvar fv_e;
      for (fv_e = 0; fv_e < DEPTH; fv_e = fv_e + 1) begin : g_fv_held
        // entries from the read pointer on, as many as the count
        wire [CNTW:0] fv_off = (fv_e >= rd_q) ? fv_e - rd_q : fv_e + DEPTH - rd_q;
        assign fv_held_o[fv_e] = fv_off < cnt_q;
        // the entry fv_e places behind the head
        wire [CNTW:0] fv_at = ({{(CNTW + 1 - PTRW) {1'b0}}, rd_q} + fv_e >= DEPTH_S) ?
                              {{(CNTW + 1 - PTRW) {1'b0}}, rd_q} + fv_e - DEPTH_S :
                              {{(CNTW + 1 - PTRW) {1'b0}}, rd_q} + fv_e;
        reg [W-1:0] fv_pick;
        integer     fv_i;
        always @(*) begin
          fv_pick = {W{1'b0}};
          for (fv_i = 0; fv_i < DEPTH; fv_i = fv_i + 1)
            if (fv_at == fv_i) fv_pick = mem_q[fv_i*W+:W];
        end
        assign fv_seq_o[fv_e*W+:W] = fv_pick;
      end
`endif

      // (rd_q + cnt_q) mod DEPTH, for a_ptrs
      localparam [CNTW:0] DEPTH_S = DEPTH[CNTW:0];
      wire [CNTW:0] rd_sum = {{(CNTW + 1 - PTRW) {1'b0}}, rd_q} + {1'b0, cnt_q};
      /* verilator lint_off UNUSED */
      wire [CNTW:0] rd_wrap = rd_sum >= DEPTH_S ? rd_sum - DEPTH_S : rd_sum;
      /* verilator lint_on UNUSED */
      // (a count of CNTW bits above DEPTH exists only when DEPTH + 1 is no power of 2)
      if ((1 << CNTW) - 1 > DEPTH) begin : g_cnt_range
        `HC_ASSERT(a_cnt_range, cnt_q <= DEPTH[CNTW-1:0], "the count is above DEPTH")
      end
      `HC_ASSERT(a_any, any_q == (cnt_q != {CNTW{1'b0}}), "the valid flip-flop is not count != 0")
      // (pointers of PTRW bits beyond DEPTH - 1 exist only when DEPTH is no power of 2)
      if ((1 << PTRW) != DEPTH) begin : g_ptr_range
        `HC_ASSERT(a_ptr_range, rd_q <= LAST && wr_q <= LAST && prev_q <= LAST, "a pointer beyond DEPTH - 1")
      end
      `HC_ASSERT(a_ptrs, wr_q == rd_wrap[PTRW-1:0], "the write pointer is not read pointer + count")

      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          rd_q  <= {PTRW{1'b0}};
          prev_q <= {PTRW{1'b0}};
          wr_q  <= {PTRW{1'b0}};
          cnt_q <= {CNTW{1'b0}};
          any_q <= 1'b0;
          mem_q <= {DEPTH * W{1'b0}};
        end else begin
          for (i = 0; i < DEPTH; i = i + 1)
`ifdef HC_MUTANT_FIFO_WRITE
            // a deliberately broken FIFO that proofs must reject (formal/): a
            // push written at the read pointer, over the head
            if (push_i && rd_q == i[PTRW-1:0]) mem_q[i*W+:W] <= data_i;
`elsif HC_MUTANT_FIFO_SKIP
            // a deliberately broken FIFO that proofs must reject (formal/): a
            // push written one entry beyond the write pointer
            if (push_i && ((wr_q == LAST) ? {PTRW{1'b0}} : wr_q + 1'b1) == i[PTRW-1:0])
              mem_q[i*W+:W] <= data_i;
`else
            if (push_i && wr_q == i[PTRW-1:0]) mem_q[i*W+:W] <= data_i;
`endif
          prev_q <= rd_q;
`ifdef HC_MUTANT_FIFO_OVER
          // (the broken FIFO above: no move on a push into the full FIFO)
          if (push_i && !(full && !pop_i)) wr_q <= (wr_q == LAST) ? {PTRW{1'b0}} : wr_q + 1'b1;
`else
          if (push_i) wr_q <= (wr_q == LAST) ? {PTRW{1'b0}} : wr_q + 1'b1;
`endif
          if (pop_i) rd_q <= (rd_q == LAST) ? {PTRW{1'b0}} : rd_q + 1'b1;
`ifdef HC_MUTANT_FIFO_OVER
          if (push_i && !pop_i && !full) begin
`else
          if (push_i && !pop_i) begin
`endif
            cnt_q <= cnt_q + 1'b1;
            any_q <= 1'b1;
          end else if (pop_i && !push_i) begin
            cnt_q <= cnt_q - 1'b1;
`ifdef HC_MUTANT_FIFO_ORDER
            // a deliberately broken FIFO that proofs must reject (formal/)
            rd_q <= rd_q;
`endif
            any_q <= (cnt_q != {{(CNTW - 1) {1'b0}}, 1'b1});
          end
        end
      end

`ifdef FORMAL
      // First in, first out for two tracked entries (formal/fifo_*.fv): any
      // value a pushed at any time (slot fv_sa), then b by the next push (slot
      // fv_sb); a leaves the head before b, each as it went in. fv_st: 0 none,
      // 1 a in, 2 a and b in, 3 b in after a left.
      (* anyconst *) reg [W-1:0] fv_a;
      (* anyconst *) reg [W-1:0] fv_b;
      (* anyseq *) wire fv_start;
      reg [1:0] fv_st = 2'd0;
      reg [PTRW-1:0] fv_sa;
      wire [PTRW-1:0] fv_sb = (fv_sa == LAST) ? {PTRW{1'b0}} : fv_sa + 1'b1;
      // entries ahead of slot x, and whether x holds an entry
      wire [CNTW:0] fv_ahead_a = (fv_sa >= rd_q) ? fv_sa - rd_q : fv_sa + DEPTH_S - rd_q;
      wire [CNTW:0] fv_ahead_b = (fv_sb >= rd_q) ? fv_sb - rd_q : fv_sb + DEPTH_S - rd_q;
      wire fv_pop_a = pop_i && !empty_o && rd_q == fv_sa;
      wire fv_pop_b = pop_i && !empty_o && rd_q == fv_sb;
      always @(posedge clk_i) begin
        if (!rst_ni) fv_st <= 2'd0;
        else
          case (fv_st)
            2'd0:
            if (push_i && fv_start && data_i == fv_a && !(pop_i && empty_o)) begin
              fv_st <= 2'd1;
              fv_sa <= wr_q;
            end
            2'd1:
            if (push_i) fv_st <= (data_i != fv_b) ? 2'd0 : fv_pop_a ? 2'd3 : 2'd2;
            else if (fv_pop_a) fv_st <= 2'd0;
            2'd2: if (fv_pop_a) fv_st <= 2'd3;
            default: if (fv_pop_b) fv_st <= 2'd0;
          endcase
      end
      reg [W-1:0] fv_at_a, fv_at_b;  // the entries in slots fv_sa and fv_sb
      always @(*) begin
        fv_at_a = {W{1'b0}};
        fv_at_b = {W{1'b0}};
        for (i = 0; i < DEPTH; i = i + 1) begin
          fv_at_a = fv_at_a | ({W{fv_sa == i[PTRW-1:0]}} & mem_q[i*W+:W]);
          fv_at_b = fv_at_b | ({W{fv_sb == i[PTRW-1:0]}} & mem_q[i*W+:W]);
        end
      end
      wire fv_a_in = fv_st == 2'd1 || fv_st == 2'd2;
      wire fv_b_in = fv_st == 2'd2 || fv_st == 2'd3;
      `HC_ASSERT(a_order_a_held, !fv_a_in || (fv_at_a == fv_a && fv_ahead_a < cnt_q), "entry a lost")
      `HC_ASSERT(a_order_b_held, !fv_b_in || (fv_at_b == fv_b && fv_ahead_b < cnt_q), "entry b lost")
      `HC_ASSERT(a_order_slot, fv_st == 2'd0 || fv_sa <= LAST, "the tracked slot is beyond DEPTH - 1")
      `HC_ASSERT(a_order_a_newest, fv_st != 2'd1 || fv_ahead_a + 1'b1 == cnt_q, "a is not the newest entry")
      `HC_ASSERT(a_order_b_after_a, fv_st != 2'd2 || fv_ahead_b == fv_ahead_a + 1'b1, "b is not right after a")
      `HC_ASSERT(a_order_head_a, !(fv_a_in && rd_q == fv_sa) || head_o == fv_a, "a reaches the head changed")
      `HC_ASSERT(a_order_head_b, !(fv_st == 2'd3 && rd_q == fv_sb) || head_o == fv_b, "b reaches the head changed")
      `HC_COVER(c_order_done, fv_st == 2'd3 && fv_pop_b)
`endif
    end
  endgenerate
endmodule
