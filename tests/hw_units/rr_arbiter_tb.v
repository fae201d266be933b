// Drives hc_rr_arbiter in both implementations (pair registers and prefix-OR
// mask), each as given requests and as SPLIT (needs by downstream VC and two
// availabilities, the router's form), with random requests from the live
// requesters (req = (n1 & av[1]) | (n0 & av[0])), and checks every cycle's
// grant against the rule the router and the SystemC model share: the first
// requester at or after the pointer wins, then the pointer moves to winner + 1
// (only when adv_i says the grant was taken; it is dropped at random here).
// Prints one line per mismatch and "checked CYCLES GRANTS ERRORS" at the end.
module rr_arbiter_tb;
  parameter integer N = 5;
  parameter integer LIVE = 31;  // bit mask of the requesters that may request
  parameter integer CYCLES = 20000;
  localparam [N-1:0] LIVE_V = LIVE[N-1:0];

  reg          clk = 1'b0;
  reg          rst_n = 1'b0;
  reg  [N-1:0] req = {N{1'b0}};
  reg  [N-1:0] n1 = {N{1'b0}}, n0 = {N{1'b0}};
  reg  [1:0]   av = 2'b00;
  reg          adv = 1'b1;
  wire [N-1:0] g_pair, g_mask, g_spair, g_smask;
  wire         v_pair, v_mask, v_spair, v_smask;

  hc_rr_arbiter #(.N(N), .LIVE(LIVE_V), .PAIR_MAX(N)) u_pair (
    .clk_i(clk), .rst_ni(rst_n), .req_i(req), .req1_i({N{1'b0}}), .req0_i({N{1'b0}}),
    .av_i(2'b00), .adv_i(adv), .gnt_o(g_pair), .valid_o(v_pair));
  hc_rr_arbiter #(.N(N), .LIVE(LIVE_V), .PAIR_MAX(0)) u_mask (
    .clk_i(clk), .rst_ni(rst_n), .req_i(req), .req1_i({N{1'b0}}), .req0_i({N{1'b0}}),
    .av_i(2'b00), .adv_i(adv), .gnt_o(g_mask), .valid_o(v_mask));
  hc_rr_arbiter #(.N(N), .LIVE(LIVE_V), .PAIR_MAX(N), .SPLIT(1)) u_spair (
    .clk_i(clk), .rst_ni(rst_n), .req_i({N{1'b0}}), .req1_i(n1), .req0_i(n0), .av_i(av),
    .adv_i(adv), .gnt_o(g_spair), .valid_o(v_spair));
  hc_rr_arbiter #(.N(N), .LIVE(LIVE_V), .PAIR_MAX(0), .SPLIT(1)) u_smask (
    .clk_i(clk), .rst_ni(rst_n), .req_i({N{1'b0}}), .req1_i(n1), .req0_i(n0), .av_i(av),
    .adv_i(adv), .gnt_o(g_smask), .valid_o(v_smask));

  integer t, k, ptr, win, grants, errors;
  reg [N-1:0] want;
  initial begin
    ptr = 0; grants = 0; errors = 0;
    #1 rst_n = 1'b1;
    for (t = 0; t < CYCLES; t = t + 1) begin
      `include "arbiter_needs.vh"
      adv = ($random & 7) != 0;  // a grant not taken leaves the pointer where it is
      #1;
      win = -1;
      for (k = 0; k < N; k = k + 1)
        if (win < 0 && req[(ptr + k) % N]) win = (ptr + k) % N;
      want = {N{1'b0}};
      if (win >= 0) want[win] = 1'b1;
      if (g_pair !== want || v_pair !== (win >= 0) || g_mask !== want ||
          v_mask !== (win >= 0) || g_spair !== want || v_spair !== (win >= 0) ||
          g_smask !== want || v_smask !== (win >= 0)) begin
        errors = errors + 1;
        if (errors <= 5)
          $display("mismatch cycle %0d req %b pointer %0d: want %b, pairs %b, mask %b, %s %b, %s %b",
                   t, req, ptr, want, g_pair, g_mask, "split pairs", g_spair, "split mask", g_smask);
      end
      if (win >= 0 && adv) begin
        grants = grants + 1;
        ptr = (win + 1) % N;
      end
      clk = 1'b1;
      #1 clk = 1'b0;
    end
    $display("checked %0d %0d %0d", CYCLES, grants, errors);
    $finish;
  end
endmodule
