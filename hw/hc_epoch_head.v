// hc_epoch_head: the network's head epoch for admission by epochs
// (docs/hardware.md "Bounded waiting"; the routers' EPOCH = 1). Its parity H
// is one register (h_q); hn_o, the value h_q takes at the next clock edge, goes
// to every router (epoch_hn_i), which keeps its own copy of H in a register
// (and decides its injection's room from it, one LUT before a flip-flop), so
// the long net to the routers does not reach their allocation.
// Each router registers whether it holds a flit of the head epoch
// (epoch_busy_o, here busy_i[x]).
//
// Per cycle: the routers' flags are ORed into a register (any_q), and the head
// epoch moves on when that register shows no router busy with it and it has
// not moved since the cycle the flags describe. A router's flag registered at
// the end of cycle c says whether it held a flit of H(c) at the end of cycle
// c - 1; any_q has it at the end of cycle c + 1, and then H moves on for cycle
// c + 3 if H(c + 2) = H(c) (snap2_q): four cycles after the cycle s = c - 1
// the flags describe (model/router_core.h, kEpochLatency). No router injects
// into the head epoch and copies come only from copies, so a head epoch held by
// no router at the end of s stays so; the moves are at least three cycles
// apart, so the parity tells whether H moved. While run_i is low (programmable
// routers being configured) the registers hold their reset values, so H starts
// at 0 with the first cycle a packet may be injected.
`include "hc_assert.vh"
module hc_epoch_head #(
  // routers
  parameter integer N = 2
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  // 1 once packets may be injected (the programmable routers' cfg_done_o)
  input  wire         run_i,
  // busy_i[x]: router x's registered flag, it held a flit of the head epoch
  input  wire [N-1:0] busy_i,
  // the head epoch's parity in the next cycle (h_q's next value; h_q itself
  // while run_i is low)
  output wire         hn_o
);
  reg any_q;    // some router was busy with the head epoch of two cycles ago
  reg snap1_q;  // h_q of the cycle before
  reg snap2_q;  // h_q of two cycles before: the epoch any_q is about
  reg h_q;      // the head epoch's parity
  wire h_d = h_q ^ (run_i & ~any_q & (snap2_q == h_q));
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      any_q   <= 1'b1;
      snap1_q <= 1'b0;
      snap2_q <= 1'b0;
      h_q     <= 1'b0;
    end else if (run_i) begin
      any_q   <= |busy_i;
      snap1_q <= h_q;
      snap2_q <= snap1_q;
      h_q     <= h_d;
    end
  end
  assign hn_o = h_d;

  `HC_PARAM(p_n, N >= 1, "N must be at least 1")
endmodule
