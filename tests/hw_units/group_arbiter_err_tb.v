// hc_group_arbiter's simulation checks (at most one grant, only to a
// requester, and one whenever some live requester requests). Correct inputs
// cannot break them, so the fault is forced on the groups' round robin
// (u_groups's grant, ggnt) for one clock edge:
//   FAULT = 0: nothing forced; requests 00011, then 00101: the check is silent.
//   FAULT = 1: requests 00011 (group 0), ggnt forced to group 1, which does not
//              request: one grant, 00100, to a non-requester.
//   FAULT = 2: requests 00101 (groups 0 and 1), ggnt forced to both: two
//              grants, 00101, both to requesters.
//   FAULT = 3: requests 00011 (group 0), ggnt forced to none: no grant while
//              a requester waits (a_valid).
// The check must print the forced cycle's grant and requests, once. Prints
// "checked CYCLES GRANTS BROKEN" (BROKEN: edges whose grant breaks the rule, as
// this testbench sees it).
module group_arbiter_err_tb;
  parameter integer FAULT = 0;
  localparam integer N = 5;

  reg          clk = 1'b0;
  reg          rst_n = 1'b0;
  reg  [N-1:0] req = {N{1'b0}};
  wire [N-1:0] gnt;
  wire         valid;

  hc_group_arbiter #(.N(N)) u_dut (
    .clk_i(clk), .rst_ni(rst_n), .req_i(req), .req1_i({N{1'b0}}), .req0_i({N{1'b0}}),
    .av_i(2'b00), .adv_i(1'b1), .gnt_o(gnt), .valid_o(valid));

  always #5 clk = ~clk;

  integer cycles = 0, grants = 0, broken = 0, t;
  always @(posedge clk) begin
    if (rst_n) begin
      cycles = cycles + 1;
      if (gnt != {N{1'b0}}) grants = grants + 1;
      if ((gnt & ~req) != {N{1'b0}} || (gnt & (gnt - 1'b1)) != {N{1'b0}} ||
          (req != {N{1'b0}} && gnt == {N{1'b0}}))
        broken = broken + 1;
    end
  end

  initial begin
    #12 rst_n = 1'b1;
    for (t = 0; t < 6; t = t + 1) begin
      @(negedge clk);
      if (t >= 3) release u_dut.ggnt;  // after the one forced edge
      req = (t % 2 == 0) ? 5'b00011 : 5'b00101;
      if (t == 2 && FAULT == 1) force u_dut.ggnt = 3'b010;
      if (t == 3 && FAULT == 2) force u_dut.ggnt = 3'b011;
      if (t == 4 && FAULT == 3) force u_dut.ggnt = 3'b000;
    end
    @(negedge clk);
    req = {N{1'b0}};
    @(negedge clk);
    $display("checked %0d %0d %0d", cycles, grants, broken);
    $finish;
  end

  /* verilator lint_off UNUSED */
  wire unused = valid;
  /* verilator lint_on UNUSED */
endmodule
