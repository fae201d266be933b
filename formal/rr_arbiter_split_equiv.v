// Proof wrapper for hc_rr_arbiter's SPLIT form (formal/rr_arbiter_split_equiv.fv):
// two arbiters, the same parameters, the same pointer moves (adv_i), one fed
// the requests req = (n1 & av[1]) | (n0 & av[0]) (SPLIT = 0), the other the
// needs n1, n0 and the availabilities av (SPLIT = 1), for any needs,
// availabilities and adv_i in every cycle. Their grants and valid_o must be
// equal in every cycle (a_same), and so must their pointers, read as each
// requester's rank (a_same_rank, the induction's invariant).
// Broken variant: HC_MUTANT_SPLIT_AV (the split arbiter is shown the two
// availabilities swapped).
`include "hc_assert.vh"
module rr_arbiter_split_equiv #(
  // requesters
  parameter integer N        = 5,
  // the requesters that can ever request (bit i: requester i)
  parameter [N-1:0] LIVE     = {N{1'b1}},
  // at most this many live requesters: the pairwise pointer, else the mask
  parameter integer PAIR_MAX = 8
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire [N-1:0] n1_i,
  input  wire [N-1:0] n0_i,
  input  wire [1:0]   av_i,
  input  wire         adv_i
);
  `HC_FORMAL_RESET
  wire [N-1:0]   req = (n1_i & {N{av_i[1]}}) | (n0_i & {N{av_i[0]}});
`ifdef HC_MUTANT_SPLIT_AV
  wire [1:0]     av_split = {av_i[0], av_i[1]};
`else
  wire [1:0]     av_split = av_i;
`endif
  wire [N-1:0]   g_req, g_split;
  wire           v_req, v_split;
  wire [8*N-1:0] r_req, r_split;
  hc_rr_arbiter #(.N(N), .LIVE(LIVE), .PAIR_MAX(PAIR_MAX)) u_req (
    .clk_i(clk_i), .rst_ni(rst_ni), .req_i(req), .req1_i({N{1'b0}}), .req0_i({N{1'b0}}),
    .av_i(2'b00), .adv_i(adv_i), .gnt_o(g_req), .valid_o(v_req), .fv_rank_o(r_req));
  hc_rr_arbiter #(.N(N), .LIVE(LIVE), .PAIR_MAX(PAIR_MAX), .SPLIT(1)) u_split (
    .clk_i(clk_i), .rst_ni(rst_ni), .req_i({N{1'b0}}), .req1_i(n1_i), .req0_i(n0_i),
    .av_i(av_split), .adv_i(adv_i), .gnt_o(g_split), .valid_o(v_split), .fv_rank_o(r_split));
  `HC_ASSERT(a_same, g_req == g_split && v_req == v_split,
             "the split arbiter grants otherwise than the one fed the requests")
  `HC_ASSERT(a_same_rank, r_req == r_split, "the two arbiters' pointers differ")
endmodule
