// hc_acc_node's error conditions (err_o, sticky; module comment): a row expects a
// value on an input that carries none (1), a value arrives on an input no row
// files (2), or, with HD = 1, the node drives output k while input k carries a
// value (3). One half-duplex node (NP = 2, HD = 1) runs a three-step ROM:
//   step 1: port 0 sends entry 1, port 1 receives into entry 0;
//   step 2: port 0 receives into entry 0, port 1 idle;
//   step 3: port 1 sends entry 0, port 0 idle.
// FAULT = 0 drives exactly the values the ROM files: nothing fires, and entry 0
// ends as 5 + 3 + 4 = 12. FAULT = 1 also drives a value on port 1 in step 2
// (it neither receives nor sends there): only condition 2 holds, in that step
// alone, and the value is dropped (entry 0 still 12). FAULT = 2 drops port 1's
// value in step 1: only condition 1 holds.
// The testbench works out each condition per step from the ROM and what it
// drives, and compares the node's `bad` with their OR every step. Prints
// "conds C1 C2 C3" (steps where each held), "final ERR SUM" and
// "checked STEPS BAD_STEPS MISMATCHES".
module acc_node_err_tb;
  parameter integer FAULT = 0;
  localparam integer NP = 2, W = 8, AW = 1, STEPS = 3, RF = 2 * AW + 2;
  // rows {port 1, port 0}, fields {send valid, send entry, receive valid, receive entry}
  localparam [STEPS*NP*RF-1:0] ROM = {4'b1000, 4'b0000, 4'b0000, 4'b0010, 4'b0010, 4'b1100};

  reg             clk = 1'b0;
  reg             rst_n = 1'b0;
  reg             start = 1'b0;
  reg             ld_valid = 1'b0;
  reg  [AW-1:0]   ld_idx = {AW{1'b0}};
  reg  [W-1:0]    ld_data = {W{1'b0}};
  reg  [NP-1:0]   lvalid = {NP{1'b0}};
  reg  [NP*W-1:0] ldata = {NP * W{1'b0}};
  wire            busy, done, err;
  wire [W-1:0]    sum;
  wire [NP-1:0]   ovalid;
  wire [NP*W-1:0] odata;

  hc_acc_node #(.NP(NP), .W(W), .ENTRIES(2), .AW(AW), .STEPS(STEPS), .TW(2), .ROM(ROM), .HD(1))
    u_node (
      .clk_i(clk), .rst_ni(rst_n), .start_i(start), .ld_valid_i(ld_valid), .ld_idx_i(ld_idx),
      .ld_data_i(ld_data), .busy_o(busy), .done_o(done), .err_o(err), .sum_o(sum),
      .lnk_valid_i(lvalid), .lnk_data_i(ldata), .lnk_valid_o(ovalid), .lnk_data_o(odata));

  always #5 clk = ~clk;

  integer s, k, c1 = 0, c2 = 0, c3 = 0, bad_steps = 0, mismatches = 0;
  reg     e1, e2, e3;
  initial begin
    #12 rst_n = 1'b1;
    @(negedge clk);
    ld_valid = 1'b1; ld_idx = 1'b0; ld_data = 8'd5;
    @(negedge clk);
    ld_idx = 1'b1; ld_data = 8'd7;
    @(negedge clk);
    ld_valid = 1'b0; start = 1'b1;
    @(negedge clk);
    start = 1'b0;
    for (s = 0; s < STEPS; s = s + 1) begin
      lvalid = {NP{1'b0}};
      ldata  = {NP * W{1'b0}};
      if (s == 0 && FAULT != 2) begin lvalid[1] = 1'b1; ldata[W+:W] = 8'd3; end
      if (s == 1) begin lvalid[0] = 1'b1; ldata[0+:W] = 8'd4; end
      if (s == 1 && FAULT == 1) begin lvalid[1] = 1'b1; ldata[W+:W] = 8'd100; end
      #1;
      e1 = 1'b0; e2 = 1'b0; e3 = 1'b0;
      for (k = 0; k < NP; k = k + 1) begin
        if (ROM[(s*NP+k)*RF+AW] && !lvalid[k]) e1 = 1'b1;
        if (!ROM[(s*NP+k)*RF+AW] && lvalid[k]) e2 = 1'b1;
        if (ROM[(s*NP+k)*RF+2*AW+1] && lvalid[k]) e3 = 1'b1;
      end
      c1 = c1 + e1; c2 = c2 + e2; c3 = c3 + e3;
      if (!busy || u_node.t_q != s) begin
        mismatches = mismatches + 1;
        $display("step %0d: busy %b t %0d", s + 1, busy, u_node.t_q);
      end
      if (u_node.bad) bad_steps = bad_steps + 1;
      if (u_node.bad !== (e1 | e2 | e3)) begin
        mismatches = mismatches + 1;
        $display("step %0d: bad %b, expected %b", s + 1, u_node.bad, e1 | e2 | e3);
      end
      @(negedge clk);
    end
    lvalid = {NP{1'b0}};
    @(negedge clk);
    if (!done || busy) begin
      mismatches = mismatches + 1;
      $display("not done: busy %b done %b", busy, done);
    end
    $display("conds %0d %0d %0d", c1, c2, c3);
    $display("final %0d %0d", err, sum);
    $display("checked %0d %0d %0d", STEPS, bad_steps, mismatches);
    $finish;
  end

  /* verilator lint_off UNUSED */
  wire unused = ^ovalid ^ ^odata;
  /* verilator lint_on UNUSED */
endmodule
