// Proof wrapper for hc_epoch_head (formal/epoch_head_move.fv): N routers'
// flags (busy_i), any values; run_i, once high, stays high (e_run: the
// programmable routers' cfg_done_o). The rule the router proofs assume of the
// head epoch (formal/router_core_credit.v, e_move), here proved of the unit:
//   a_move    the head epoch moves on (its register h_q changes) in cycle m only if every
//             router's flag was low in m - 2 and h_q did not change in m - 2
//             or m - 1;
//   a_still   and only in a cycle after one in which run_i was high;
//   a_next    hn_o, which every router registers as its copy of H, is the
//             value h_q takes at the next clock edge.
// The flags' history starts as if every router were busy: the unit's any_q
// resets to 1, so h_q stays put for the first two cycles of a run. a_idle
// (the unit's registers keep their reset values until the run) strengthens
// the induction; they are read through (* hierconn *) wires (flatten 1).
// Broken variants: HC_MUTANT_EH_SLOW (the unit is shown the flags one register
// later: a_move), HC_MUTANT_EH_NEXT (the routers are given h_q itself rather
// than its next value: a_next).
`include "hc_assert.vh"
module epoch_head_move #(
  parameter integer N = 2  // routers
) (
  input wire         clk_i,
  input wire         rst_ni,
  input wire         run_i,
  input wire [N-1:0] busy_i
);
  `HC_FORMAL_RESET
  wire         hn;  // hc_epoch_head's hn_o, as the routers are given it
  wire [N-1:0] seen;  // the flags as the unit reads them
`ifdef HC_MUTANT_EH_SLOW
  reg [N-1:0] slow_q;
  always @(posedge clk_i) slow_q <= rst_ni ? busy_i : {N{1'b0}};
  assign seen = slow_q;
`else
  assign seen = busy_i;
`endif
  hc_epoch_head #(.N(N)) u_head (
    .clk_i(clk_i), .rst_ni(rst_ni), .run_i(run_i), .busy_i(seen), .hn_o(hn));
  (* hierconn *) wire \u_head.h_q ;
  wire         h = \u_head.h_q ;
`ifdef HC_MUTANT_EH_NEXT
  wire         hn_seen = h;
`else
  wire         hn_seen = hn;
`endif

  // h_q of the three cycles before (hh_q[0] the last), whether some flag was
  // high in each of the two before (bz_q[1]: in m - 2), run_i of the cycle before
  reg [2:0] hh_q;
  reg [1:0] bz_q;
  reg       run_q;
  reg       hn_q;  // hn_seen of the cycle before
  wire      moved = h != hh_q[0];
  `HC_ASSUME(e_run, !run_q || run_i, "run_i fell")
  `HC_ASSERT(a_move, !moved || (!bz_q[1] && hh_q[0] == hh_q[1] && hh_q[1] == hh_q[2]),
             "the head epoch moved on while a router's flag showed a flit of it, or too soon")
  `HC_ASSERT(a_still, !moved || run_q, "the head epoch moved on before the run")
  `HC_ASSERT(a_next, hn_q == h, "the routers' copy of the head epoch is not its register")
  `HC_COVER(c_move, moved)
  (* hierconn *) wire \u_head.any_q ;
  (* hierconn *) wire \u_head.snap1_q ;
  (* hierconn *) wire \u_head.snap2_q ;
  `HC_ASSERT(a_idle, run_q || (\u_head.any_q && !\u_head.snap1_q && !\u_head.snap2_q && !h),
             "the head epoch's registers left their reset values before the run")
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      hh_q  <= 3'd0;
      bz_q  <= 2'b11;
      run_q <= 1'b0;
      hn_q  <= 1'b0;
    end else begin
      hh_q  <= {hh_q[1:0], h};
      bz_q  <= {bz_q[0], |busy_i};
      run_q <= run_i;
      hn_q  <= hn_seen;
    end
  end
endmodule
