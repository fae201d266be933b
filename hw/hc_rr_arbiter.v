// hc_rr_arbiter: round-robin arbiter. The requester at the pointer has the
// highest priority, then pointer+1, ... (wrapping); after a grant the pointer
// moves to the winner + 1. The SystemC model (model/router_core.cpp) implements
// the same rule; the co-simulation depends on it.
//
// The pointer is kept as a thermometer mask (bits at and above it set); the grant
// is the lowest set bit of the masked requests, or of all requests when none is
// at or above the pointer. Both lowest bits are isolated in parallel and the
// choice is made after, which keeps the two carry chains side by side. After a
// grant the mask keeps the bits above the winner (all clear after the last
// requester, which behaves as pointer 0).
module hc_rr_arbiter #(
  parameter integer N = 4
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire [N-1:0] req_i,
  output wire [N-1:0] gnt_o,
  output wire         valid_o
);
  localparam [N-1:0] ONE = {{(N - 1) {1'b0}}, 1'b1};

  reg  [N-1:0] mask_q;
  wire [N-1:0] masked   = req_i & mask_q;
  wire [N-1:0] lo_mask  = masked & (~masked + ONE);
  wire [N-1:0] lo_req   = req_i & (~req_i + ONE);

  assign gnt_o   = (masked != {N{1'b0}}) ? lo_mask : lo_req;
  assign valid_o = (req_i != {N{1'b0}});

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) mask_q <= {N{1'b1}};
    else if (valid_o) mask_q <= ~((gnt_o << 1) - ONE);
  end
endmodule
