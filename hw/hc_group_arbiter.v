// hc_group_arbiter: a two-level round-robin arbiter for the router's outputs with
// many requesters. The requesters go in pairs (2g, 2g+1), in the router the two
// virtual channels of input port g, the last one (the injection) alone:
//  * a round robin over the groups (hc_rr_arbiter: the first requesting group at
//    or after the pointer wins, then the pointer moves to that group + 1);
//  * in the winning group, when both request, a one-bit pointer says which goes
//    first; after a grant it points at the member that did not get it.
// Both pointers move only in a cycle with a grant and adv_i high. The SystemC
// model (model/router_core.cpp, RouterCore::pickGrouped) implements the same
// rule; the co-simulation depends on it. The groups' arbiter sees (N+1)/2: a
// smaller and, measured on the iCE40, faster arbiter than a flat round robin
// over more than 4 input VCs (docs/hardware.md "Grouped arbitration", which
// says which outputs the generator groups).
//
// Parameters: N requesters; LIVE marks those that can ever request (the others
// are tied to 0, and a group with no live member drops out of the top arbiter);
// SPLIT = 1 takes the requests as needs by downstream VC and availabilities, as
// hc_rr_arbiter's SPLIT, and the groups' arbiter builds its terms from the needs.
//
// Named assertions (hw/include/hc_assert.vh): p_n (N >= 1); a_one_hot (at most
// one grant), a_gnt_req (grants only to a live requester that requests in the
// cycle), a_valid (a grant whenever a live requester requests); u_groups
// checks its own. The proofs (formal/) add the wait bound, a_wait: 2 (G - 1) +
// 1 grants to others.
`include "hc_assert.vh"
module hc_group_arbiter #(
  // requesters
  parameter integer N     = 5,
  // the requesters that can ever request (bit i: requester i)
  parameter [N-1:0] LIVE  = {N{1'b1}},
  // 1: the requests as needs by downstream VC and two availabilities (req_i unused)
  parameter integer SPLIT = 0
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire [N-1:0] req_i,
  input  wire [N-1:0] req1_i,
  input  wire [N-1:0] req0_i,
  input  wire [1:0]   av_i,
  input  wire         adv_i,  // the grant is taken: move the pointers
  output wire [N-1:0] gnt_o,
  output wire         valid_o
);
  localparam integer NG = (N + 1) / 2;
  localparam integer NP2 = 2 * NG;

  function automatic [NG-1:0] group_live(input [N-1:0] live);
    integer g;
    reg [NP2-1:0] l2;
    begin
      l2 = {{(NP2 - N) {1'b0}}, live};
      for (g = 0; g < NG; g = g + 1) group_live[g] = l2[2*g] | l2[2*g+1];
    end
  endfunction

  wire [N-1:0]   n1  = (SPLIT != 0) ? req1_i & LIVE : {N{1'b0}};
  wire [N-1:0]   n0  = (SPLIT != 0) ? req0_i & LIVE : req_i & LIVE;
  wire [1:0]     av  = (SPLIT != 0) ? av_i : 2'b01;
  wire [NP2-1:0] r2  = {{(NP2 - N) {1'b0}}, (n1 & {N{av[1]}}) | (n0 & {N{av[0]}})};
  wire [NP2-1:0] n12 = {{(NP2 - N) {1'b0}}, n1};
  wire [NP2-1:0] n02 = {{(NP2 - N) {1'b0}}, n0};
  wire [NG-1:0]  greq, gn1, gn0, ggnt, pick1;
  reg  [NG-1:0]  odd_first_q;  // group g: its odd member goes first
  wire           gvalid;
  wire [NP2-1:0] g2;
`ifdef FORMAL
  wire [8*NG-1:0] fv_grank;  // per group, the live groups ahead of it
`endif

  genvar g;
  generate
    for (g = 0; g < NG; g = g + 1) begin : g_grp
      assign greq[g]     = r2[2*g] | r2[2*g+1];
      assign gn1[g]      = n12[2*g] | n12[2*g+1];
      assign gn0[g]      = n02[2*g] | n02[2*g+1];
`ifdef HC_MUTANT_GROUP_PICK
      // a deliberately broken pick that proofs must reject (formal/)
      assign pick1[g]    = r2[2*g+1] & odd_first_q[g];
`else
      assign pick1[g]    = r2[2*g+1] & (odd_first_q[g] | ~r2[2*g]);
`endif
      assign g2[2*g]     = ggnt[g] & ~pick1[g];
      assign g2[2*g+1]   = ggnt[g] & pick1[g];
    end
  endgenerate

  hc_rr_arbiter #(.N(NG), .LIVE(group_live(LIVE)), .SPLIT(1)) u_groups (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .req_i  (greq),
    .req1_i (gn1),
    .req0_i (gn0),
    .av_i   (av),
    .adv_i  (adv_i),
    .gnt_o  (ggnt),
    .valid_o(gvalid)
`ifdef FORMAL
    ,
    .fv_rank_o(fv_grank)
`endif
  );

  assign gnt_o   = g2[N-1:0];
  assign valid_o = gvalid;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) odd_first_q <= {NG{1'b0}};
`ifdef HC_MUTANT_GROUP_TURN
    // a deliberately broken group pointer that never turns (formal/)
    else if (gvalid && adv_i) odd_first_q <= odd_first_q;
`else
    else odd_first_q <= ({NG{gvalid & adv_i}} & ((odd_first_q & ~ggnt) | (ggnt & ~pick1))) |
                        (~{NG{gvalid & adv_i}} & odd_first_q);
`endif
  end

  // The padding requester of an odd N never requests.
  generate
    if (NP2 > N) begin : g_pad
      /* verilator lint_off UNUSED */
      wire unused_pad = g2[NP2-1];
      /* verilator lint_on UNUSED */
    end
  endgenerate

  `HC_FORMAL_RESET
  `HC_PARAM(p_n, N >= 1, "N must be at least 1")
  `HC_ASSERT(a_one_hot, (gnt_o & (gnt_o - 1'b1)) == {N{1'b0}}, "more than one grant")
  `HC_ASSERT(a_gnt_req, (gnt_o & ~r2[N-1:0]) == {N{1'b0}}, "a grant to a requester that does not request")
  `HC_ASSERT(a_valid, valid_o == (gnt_o != {N{1'b0}}), "live requests and no grant")

`ifdef FORMAL
  // The wait bound (formal/group_arbiter*.fv, docs/hardware.md "Grouped
  // arbitration"): a live requester fv_r held high is granted before
  // 2 (G - 1) + 1 grants to others are taken, G the live groups. The measure:
  // the groups ahead of its group, plus G when its live partner goes first in
  // the group (after the partner's grant its group goes behind the G - 1 others).
  (* anyconst *) reg [31:0] fv_r;
  always @(*) assume (fv_r < N);
  wire [31:0] fv_g = fv_r / 2;
  wire [31:0] fv_p = fv_r ^ 1;  // the partner
  reg  [31:0] fv_ng;  // G
  integer     fv_i;
  always @(*) begin
    fv_ng = 0;
    for (fv_i = 0; fv_i < NG; fv_i = fv_i + 1)
      if (group_live(LIVE) & (1 << fv_i)) fv_ng = fv_ng + 1;
  end
  wire        fv_req = r2[fv_r];
  wire        fv_p_live = fv_p < N && LIVE[fv_p];
  wire        fv_p_first = fv_r[0] ? !odd_first_q[fv_g] : odd_first_q[fv_g];
  wire [31:0] fv_measure = {24'd0, fv_grank[8*fv_g+:8]} + ((fv_p_live && fv_p_first) ? fv_ng : 0);
  reg  [7:0]  fv_wait = 0;  // grants taken by others while fv_r requests (N < 256)
  always @(posedge clk_i) begin
    if (!rst_ni || !fv_req || gnt_o[fv_r]) fv_wait <= 0;
    else if (valid_o && adv_i) fv_wait <= fv_wait + 1'b1;
  end
  `HC_ASSERT(a_wait, !fv_req || {24'd0, fv_wait} + fv_measure <= 2 * fv_ng - 1,
             "a requester waits beyond 2 (G - 1) + 1 grants")
`endif
endmodule
