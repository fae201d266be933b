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
module hc_rr_arbiter #(
  parameter integer N        = 4,
  parameter [N-1:0] LIVE     = {N{1'b1}},
  parameter integer PAIR_MAX = 8
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire [N-1:0] req_i,
  input  wire         adv_i,  // the grant is taken: move the pointer past the winner
  output wire [N-1:0] gnt_o,
  output wire         valid_o
);
  function automatic integer count_live(input [N-1:0] live);
    integer k;
    begin
      count_live = 0;
      for (k = 0; k < N; k = k + 1) count_live = count_live + (live[k] ? 1 : 0);
    end
  endfunction
  localparam integer NLIVE = count_live(LIVE);

  wire [N-1:0] req = req_i & LIVE;
  assign valid_o = |req;

  generate
    if (NLIVE <= PAIR_MAX) begin : g_pairs
      // after_q[a*N+b] (a < b, both live): b goes before a. The other bits are
      // constant 0 and vanish.
      /* verilator lint_off UNUSED */
      reg  [N*N-1:0] after_q;
      /* verilator lint_on UNUSED */
      reg  [N*N-1:0] after_d;
      reg  [N-1:0]   gnt;
      reg            seen;  // a grant at or above a, below b
      integer        a, b;

      always @(*) begin
        gnt = req;
        for (a = 0; a < N; a = a + 1)
          for (b = a + 1; b < N; b = b + 1)
            if (LIVE[a] && LIVE[b]) begin
              if (after_q[a*N+b]) gnt[a] = gnt[a] & ~req[b];
              else gnt[b] = gnt[b] & ~req[a];
            end
        after_d = {N * N{1'b0}};
        for (a = 0; a < N; a = a + 1) begin
          seen = 1'b0;
          for (b = a + 1; b < N; b = b + 1) begin
            seen = seen | gnt[b-1];
            if (LIVE[a] && LIVE[b]) after_d[a*N+b] = seen;
          end
        end
      end
      assign gnt_o = gnt;

      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) after_q <= {N * N{1'b0}};
        else if (valid_o && adv_i) after_q <= after_d;
      end
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
        else if (valid_o && adv_i) mask_q <= above;
      end
    end
  endgenerate
endmodule
