// Drives hc_group_arbiter, as given requests and as SPLIT (needs by downstream
// VC and two availabilities, the router's form: req = (n1 & av[1]) | (n0 &
// av[0])), with random requests from the live requesters and checks every
// cycle's grant against the two-level rule the router and the
// SystemC model share (model/router_core.cpp, pickGrouped): groups (2g, 2g+1);
// the first group at or after the group pointer with a request wins, then the
// pointer moves to that group + 1; in the group, the odd member when only it
// asks or the group's bit says so, and after a grant the bit names the member
// that did not get it. Pointers move only when adv is high (dropped at random).
// Prints one line per mismatch and "checked CYCLES GRANTS ERRORS" at the end.
module group_arbiter_tb;
  parameter integer N = 5;
  parameter integer LIVE = 31;  // bit mask of the requesters that may request
  parameter integer CYCLES = 20000;
  localparam [N-1:0] LIVE_V = LIVE[N-1:0];
  localparam integer NG = (N + 1) / 2;

  reg          clk = 1'b0;
  reg          rst_n = 1'b0;
  reg  [N-1:0] req = {N{1'b0}};
  reg  [N-1:0] n1 = {N{1'b0}}, n0 = {N{1'b0}};
  reg  [1:0]   av = 2'b00;
  reg          adv = 1'b1;
  wire [N-1:0] gnt, sgnt;
  wire         valid, svalid;

  hc_group_arbiter #(.N(N), .LIVE(LIVE_V)) u_dut (
    .clk_i(clk), .rst_ni(rst_n), .req_i(req), .req1_i({N{1'b0}}), .req0_i({N{1'b0}}),
    .av_i(2'b00), .adv_i(adv), .gnt_o(gnt), .valid_o(valid));
  hc_group_arbiter #(.N(N), .LIVE(LIVE_V), .SPLIT(1)) u_split (
    .clk_i(clk), .rst_ni(rst_n), .req_i({N{1'b0}}), .req1_i(n1), .req0_i(n0), .av_i(av),
    .adv_i(adv), .gnt_o(sgnt), .valid_o(svalid));

  integer t, k, g, gptr, win, grants, errors;
  reg [NG-1:0] odd;
  reg [N-1:0] want;
  reg r0, r1;
  initial begin
    gptr = 0; grants = 0; errors = 0; odd = {NG{1'b0}};
    #1 rst_n = 1'b1;
    for (t = 0; t < CYCLES; t = t + 1) begin
      `include "arbiter_needs.vh"
      adv = ($random & 7) != 0;
      #1;
      win = -1;
      for (k = 0; k < NG; k = k + 1) begin
        g = (gptr + k) % NG;
        r0 = req[2*g];
        r1 = (2 * g + 1 < N) ? req[2*g+1] : 1'b0;
        if (win < 0 && (r0 || r1)) win = 2 * g + ((r1 && (odd[g] || !r0)) ? 1 : 0);
      end
      want = {N{1'b0}};
      if (win >= 0) want[win] = 1'b1;
      if (gnt !== want || valid !== (win >= 0) || sgnt !== want || svalid !== (win >= 0)) begin
        errors = errors + 1;
        if (errors <= 5)
          $display("mismatch cycle %0d req %b group pointer %0d odd %b: want %b, got %b, split %b",
                   t, req, gptr, odd, want, gnt, sgnt);
      end
      if (win >= 0 && adv) begin
        grants = grants + 1;
        gptr = (win / 2 + 1) % NG;
        odd[win/2] = (win % 2 == 0);
      end
      clk = 1'b1;
      #1 clk = 1'b0;
    end
    $display("checked %0d %0d %0d", CYCLES, grants, errors);
    $finish;
  end
endmodule
