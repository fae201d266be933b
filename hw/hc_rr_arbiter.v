// hc_rr_arbiter: round-robin arbiter. The requester at the pointer has the
// highest priority, then pointer+1, ... (wrapping); after a grant the pointer
// moves to the winner + 1. The SystemC model (model/router_core.cpp) implements
// the same rule; the co-simulation depends on it.
//
// The pointer is kept as a thermometer mask (bits at and above it set); the grant
// is the lowest set bit of the masked requests, or of all requests when none is
// at or above the pointer. Both lowest bits are isolated side by side with prefix
// ORs (no adders), so that requesters a router ties to 0 drop out of the logic
// entirely. After a grant the mask keeps the bits above the winner (all clear after
// the last requester, which behaves as pointer 0).
module hc_rr_arbiter #(
  parameter integer N = 4
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire [N-1:0] req_i,
  output wire [N-1:0] gnt_o,
  output wire         valid_o
);
  reg  [N-1:0] mask_q;
  wire [N-1:0] masked = req_i & mask_q;
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
      any_req       = any_req | req_i[i];
    end
  end

  assign gnt_o   = any_mask ? (masked & ~below_mask) : (req_i & ~below_req);
  assign valid_o = any_req;

  // The mask after a grant keeps every bit above the winner. The winner is the
  // lowest set bit of the vector it was picked from, so "above the winner" is that
  // vector's prefix OR: the update does not wait for the grant itself.
  wire [N-1:0] above = any_mask ? below_mask : below_req;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) mask_q <= {N{1'b1}};
    else if (valid_o) mask_q <= above;
  end
endmodule
