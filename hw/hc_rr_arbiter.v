// hc_rr_arbiter: round-robin arbiter. The requester at the pointer has the
// highest priority, then pointer+1, ... (wrapping); after a grant the pointer
// moves to the winner + 1, in a cycle with adv_i high only (a router that picks
// between two such arbiters advances only the one whose grant it took). The
// SystemC model (model/router_core.cpp) implements
// the same rule; the co-simulation depends on it.
//
// LIVE marks the requesters that can ever request (the others are tied to 0 by
// the router). Two implementations of the same function, chosen by how many are
// live:
//  * up to PAIR_MAX live requesters: the pointer is kept as one register per
//    pair of live requesters a < b, set when the pointer lies in (a, b], i.e.
//    b goes before a. A requester wins when no other requester goes before it:
//    two LUT levels for up to five requesters. After a grant to w, b goes before
//    a exactly when a <= w < b.
//  * more: the pointer is kept as a thermometer mask (bits at and above it set);
//    the grant is the lowest set bit of the masked requests, or of all requests
//    when none is at or above the pointer, isolated with prefix ORs (no adders).
//    After a grant the mask keeps the bits above the winner (all clear after the
//    last requester, which behaves as pointer 0).
// SPLIT = 1 (the router's outputs): the requests come as needs by downstream VC
// (req1_i, req0_i) and the two downstream VCs' availabilities (av_i); requester
// k requests when req1_i[k] and av_i[1] hold, or req0_i[k] and av_i[0] (req_i
// is unused). The grant is the same function of those requests, but the
// pairwise pointer's terms are built from the needs alone and the credits enter
// in the last LUT, so a credit coming back is one LUT from the grant rather
// than the arbiter's depth (with more than PAIR_MAX live requesters the mask
// takes the requests as they are). The availabilities are ANDed in only at the
// grant: a need whose VC has no credit does not block the heads behind it.
//
// Named assertions (hw/include/hc_assert.vh): p_n (N >= 1); a_one_hot (at most
// one grant), a_gnt_req (grants only to a live requester that requests in the
// cycle), a_valid (a grant whenever a live requester requests). The proofs
// (formal/) add the wait bound: a live requester held high is granted before
// NLIVE - 1 grants to others are taken (a_wait, with the pointer's invariants
// a_ptr_*).
`include "hc_assert.vh"
module hc_rr_arbiter #(
  // requesters
  parameter integer N        = 4,
  // the requesters that can ever request (bit i: requester i)
  parameter [N-1:0] LIVE     = {N{1'b1}},
  // at most this many live requesters: the pairwise pointer, else the mask
  parameter integer PAIR_MAX = 8,
  // 1: the requests as needs by downstream VC and two availabilities (req_i unused)
  parameter integer SPLIT    = 0
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire [N-1:0] req_i,
  input  wire [N-1:0] req1_i,
  input  wire [N-1:0] req0_i,
  input  wire [1:0]   av_i,
  input  wire         adv_i,  // the grant is taken: move the pointer past the winner
  output wire [N-1:0] gnt_o,
  output wire         valid_o
`ifdef FORMAL
  ,
  // (proofs only) fv_rank_o[8i +: 8]: the live requesters that go before
  // requester i under the pointer (hc_group_arbiter's wait bound reads it)
  output wire [8*N-1:0] fv_rank_o
`endif
);
  function automatic integer count_live(input [N-1:0] live);
    integer k;
    begin
      count_live = 0;
      for (k = 0; k < N; k = k + 1) count_live = count_live + (live[k] ? 1 : 0);
    end
  endfunction
  localparam integer NLIVE = count_live(LIVE);

  wire [N-1:0] n1  = (SPLIT != 0) ? req1_i & LIVE : {N{1'b0}};
  wire [N-1:0] n0  = (SPLIT != 0) ? req0_i & LIVE : req_i & LIVE;
  wire [1:0]   av  = (SPLIT != 0) ? av_i : 2'b01;
  wire [N-1:0] req = (n1 & {N{av[1]}}) | (n0 & {N{av[0]}});
  assign valid_o = (av[1] & |n1) | (av[0] & |n0);

  `HC_FORMAL_RESET
  `HC_PARAM(p_n, N >= 1, "N must be at least 1")
  `HC_ASSERT(a_one_hot, (gnt_o & (gnt_o - 1'b1)) == {N{1'b0}}, "more than one grant")
  `HC_ASSERT(a_gnt_req, (gnt_o & ~req) == {N{1'b0}}, "a grant to a requester that does not request")
  `HC_ASSERT(a_valid, valid_o == (gnt_o != {N{1'b0}}), "live requests and no grant")

`ifdef FORMAL
  // The wait bound (formal/rr_arbiter_*.fv): any live requester fv_r held
  // high is granted before NLIVE - 1 grants to others are taken. fv_rank:
  // per requester, the live requesters that go before it under the pointer
  // (each branch below drives it); a grant to another one moves them behind.
  (* anyconst *) reg [31:0] fv_r;
  reg  [8*N-1:0] fv_rank;
  wire [31:0] fv_ahead = {24'd0, fv_rank[8*fv_r+:8]};
  assign fv_rank_o = fv_rank;
  reg  [7:0]  fv_wait = 0;  // grants taken by others while fv_r requests (N < 256)
  wire        fv_req = req[fv_r];
  always @(*) assume (fv_r < N);
  always @(posedge clk_i) begin
    if (!rst_ni || !fv_req || gnt_o[fv_r]) fv_wait <= 0;
    else if (valid_o && adv_i) fv_wait <= fv_wait + 1'b1;
  end
  `HC_ASSERT(a_wait, !fv_req || {24'd0, fv_wait} + fv_ahead <= NLIVE - 1, "a requester waits beyond NLIVE - 1 grants")
`endif

  generate
    if (NLIVE <= PAIR_MAX) begin : g_pairs
      // after_q[a*N+b] (a < b, both live): b goes before a. The other bits are
      // constant 0 and vanish.
      /* verilator lint_off UNUSED */
      reg  [N*N-1:0] after_q;
      /* verilator lint_on UNUSED */
      reg  [N*N-1:0] after_d;
      reg  [N-1:0]   gnt;
      // b1[k], b0[k]: no requester that needs class 1 (0) goes before k
      reg  [N-1:0]   b1, b0;
      reg            seen;  // a grant at or above a, below b
      integer        a, b;

      always @(*) begin
        b1 = {N{1'b1}};
        b0 = {N{1'b1}};
        for (a = 0; a < N; a = a + 1)
          for (b = a + 1; b < N; b = b + 1)
            if (LIVE[a] && LIVE[b]) begin
              if (after_q[a*N+b]) begin
                b1[a] = b1[a] & ~n1[b];
                b0[a] = b0[a] & ~n0[b];
              end else begin
                b1[b] = b1[b] & ~n1[a];
                b0[b] = b0[b] & ~n0[a];
              end
            end
        gnt = req & (b1 | {N{~av[1]}}) & (b0 | {N{~av[0]}});
        after_d = {N * N{1'b0}};
        for (a = 0; a < N; a = a + 1) begin
          seen = 1'b0;
          for (b = a + 1; b < N; b = b + 1) begin
`ifdef HC_MUTANT_RR_PAIRS
            // a deliberately broken arbiter that proofs must reject (formal/):
            // only the grant just below b counts, not every one from a up
            seen = gnt[b-1];
`else
            seen = seen | gnt[b-1];
`endif
            if (LIVE[a] && LIVE[b]) after_d[a*N+b] = seen;
          end
        end
      end
      assign gnt_o = gnt;

      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) after_q <= {N * N{1'b0}};
`ifdef HC_MUTANT_RR_STUCK
        // a deliberately broken arbiter whose pointer never moves (formal/)
        else if (valid_o && adv_i) after_q <= after_q;
`else
        // (an AND-OR rather than a clock enable: the late grant reaches the
        // flip-flop through the LUT beside it)
        else after_q <= (after_d & {N * N{valid_o & adv_i}}) | (after_q & ~{N * N{valid_o & adv_i}});
`endif
      end

`ifdef FORMAL
      // after_q is a pointer p: bit (a, b) set exactly when a < p <= b. So for
      // live a < b < c, (a, c) = (a, b) | (b, c), never both; dead pairs are 0.
      reg fv_ptr_ok;
      integer c;
      always @(*) begin
        fv_ptr_ok = 1'b1;
        for (a = 0; a < N; a = a + 1)
          for (b = a + 1; b < N; b = b + 1) begin
            if (!(LIVE[a] && LIVE[b]) && after_q[a*N+b]) fv_ptr_ok = 1'b0;
            for (c = b + 1; c < N; c = c + 1)
              if (LIVE[a] && LIVE[b] && LIVE[c] &&
                  (after_q[a*N+c] != (after_q[a*N+b] | after_q[b*N+c]) ||
                   (after_q[a*N+b] && after_q[b*N+c])))
                fv_ptr_ok = 1'b0;
          end
      end
      `HC_ASSERT(a_ptr_pairs, fv_ptr_ok, "the pairwise bits are no pointer")
      integer r;
      always @(*) begin
        fv_rank = {8 * N{1'b0}};
        for (r = 0; r < N; r = r + 1)
          for (a = 0; a < N; a = a + 1)
            if (LIVE[a] && a != r && (a < r ? !after_q[a*N+r] : after_q[r*N+a]))
              fv_rank[8*r+:8] = fv_rank[8*r+:8] + 1'b1;
      end
`endif
    end else begin : g_mask
      reg  [N-1:0] mask_q;
      wire [N-1:0] masked = req & mask_q;
      // below_x[i]: some bit of x below i is set (prefix OR, no adders)
      reg  [N-1:0] below_mask, below_req;
      reg          any_mask, any_req;
      integer      i;

      always @(*) begin
        any_mask = 1'b0;
        any_req  = 1'b0;
        for (i = 0; i < N; i = i + 1) begin
          below_mask[i] = any_mask;
          below_req[i]  = any_req;
          any_mask      = any_mask | masked[i];
          any_req       = any_req | req[i];
        end
      end

      assign gnt_o = any_mask ? (masked & ~below_mask) : (req & ~below_req);

      // The mask after a grant keeps every bit above the winner. The winner is the
      // lowest set bit of the vector it was picked from, so "above the winner" is
      // that vector's prefix OR: the update does not wait for the grant itself.
      wire [N-1:0] above = any_mask ? below_mask : below_req;

      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) mask_q <= {N{1'b1}};
`ifdef HC_MUTANT_RR_STUCK
        else if (valid_o && adv_i) mask_q <= mask_q;
`elsif HC_MUTANT_RR_MASK
        // a deliberately broken arbiter that proofs must reject (formal/): the
        // mask keeps the requesters above the winner, not every bit above it
        else if (valid_o && adv_i) mask_q <= above & req;
`else
        else if (valid_o && adv_i) mask_q <= above;
`endif
      end

`ifdef FORMAL
      // mask_q is a thermometer: a set bit has every bit above it set.
      `HC_ASSERT(a_ptr_mask, (mask_q & ~(mask_q >> 1)) == (mask_q & {1'b1, {(N - 1) {1'b0}}}) || N == 1,
                 "the mask is no thermometer")
      integer k, r;
      always @(*) begin
        fv_rank = {8 * N{1'b0}};
        for (r = 0; r < N; r = r + 1)
          for (k = 0; k < N; k = k + 1)
            if (LIVE[k] && k != r &&
                ((mask_q[k] && !mask_q[r]) || (mask_q[k] == mask_q[r] && k < r)))
              fv_rank[8*r+:8] = fv_rank[8*r+:8] + 1'b1;
      end
`endif
    end
  endgenerate
endmodule
