// hc_rr_arbiter: round-robin arbiter. The requester at the pointer has the
// highest priority, then pointer+1, ... (wrapping); after a grant the pointer
// moves to the winner + 1. The SystemC model (model/router_core.cpp) implements
// the same rule; the co-simulation depends on it.
//
// The pointer is kept as a thermometer mask (bits at and above it set); the grant
// is the lowest set bit of the masked requests, or of all requests when none is
// at or above the pointer. After a grant the mask keeps the bits above the winner
// (all clear after the last requester, which behaves as pointer 0). idx_o is the
// winner's index.
module hc_rr_arbiter #(
  parameter integer N  = 4,
  parameter integer IW = 2
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire [N-1:0]  req_i,
  output wire [N-1:0]  gnt_o,
  output reg  [IW-1:0] idx_o,
  output wire          valid_o
);
  reg  [N-1:0] mask_q;
  wire [N-1:0] masked = req_i & mask_q;
  wire [N-1:0] pick   = (masked != {N{1'b0}}) ? masked : req_i;

  assign gnt_o   = pick & (~pick + {{(N - 1) {1'b0}}, 1'b1});
  assign valid_o = (req_i != {N{1'b0}});

  integer i;
  always @(*) begin
    idx_o = {IW{1'b0}};
    for (i = 0; i < N; i = i + 1) idx_o = idx_o | (gnt_o[i] ? i[IW-1:0] : {IW{1'b0}});
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) mask_q <= {N{1'b1}};
    else if (valid_o) mask_q <= ~((gnt_o << 1) - {{(N - 1) {1'b0}}, 1'b1});
  end
endmodule
