// hc_rr_arbiter: round-robin arbiter. The requester at the pointer has the
// highest priority, then pointer+1, ... (wrapping); after a grant the pointer
// moves to the winner + 1. The SystemC model (model/router_core.cpp) implements
// the same rule; the co-simulation depends on it.
module hc_rr_arbiter #(
  parameter integer N  = 4,
  parameter integer IW = 2
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire [N-1:0]  req_i,
  output reg  [N-1:0]  gnt_o,
  output reg           valid_o
);
  localparam [IW-1:0] LAST = N[IW-1:0] - 1'b1;

  reg  [IW-1:0] ptr_q;
  reg  [IW-1:0] idx;
  wire [N-1:0]  at_or_above = {N{1'b1}} << ptr_q;
  wire [N-1:0]  masked = req_i & at_or_above;

  integer i;
  always @(*) begin
    valid_o = 1'b0;
    idx   = {IW{1'b0}};
    for (i = 0; i < N; i = i + 1) begin
      if (!valid_o && masked[i]) begin
        valid_o = 1'b1;
        idx   = i[IW-1:0];
      end
    end
    for (i = 0; i < N; i = i + 1) begin
      if (!valid_o && req_i[i]) begin
        valid_o = 1'b1;
        idx   = i[IW-1:0];
      end
    end
    gnt_o = {N{1'b0}};
    if (valid_o) gnt_o[idx] = 1'b1;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) ptr_q <= {IW{1'b0}};
    else if (valid_o) ptr_q <= (idx == LAST) ? {IW{1'b0}} : idx + 1'b1;
  end
endmodule
