// hc_acc_node's sums and link data at the parameters of the acc_node_err proof
// (NP = 2, W = 4, ENTRIES = 2, AW = 1, STEPS = 3, TW = 2, HD = 1, its ROM):
//   step 1: port 0 sends entry 1, port 1 receives into entry 0;
//   step 2: port 0 receives into entry 0, port 1 idle;
//   step 3: port 1 sends entry 0, port 0 idle.
// Two runs, each preloading both entries and driving exactly what the ROM
// files, hand-worked (4-bit sums):
//   run 1: entries 5, 7; port 1 brings 3, port 0 brings 4: step 1 sends 7,
//          entry 0 goes 5 -> 8 -> 12, step 3 sends 12, sum_o ends 12;
//   run 2: entries 2, 9; port 1 brings 1, port 0 brings 8: step 1 sends 9,
//          entry 0 goes 2 -> 3 -> 11, step 3 sends 11, sum_o ends 11; one idle
//          cycle between the preload and the start (the entries hold).
// Every step checks busy_o, lnk_valid_o (the row's send bits), the data on
// every output against the entry its row names (the module comment: output k
// shows that entry's partial sum), and sum_o (entry 0); after each run done_o
// and no err_o. Every output must be defined (no x) from the first cycle after
// reset on (every control register is reset). Prints "checked CHECKS RUNS
// MISMATCHES".
module acc_node_tb;
  localparam integer NP = 2, W = 4, AW = 1, STEPS = 3;
  // rows {port 1, port 0}, fields {send valid, send entry, receive valid, receive entry}
  localparam [23:0] ROM = {4'b1000, 4'b0000, 4'b0000, 4'b0010, 4'b0010, 4'b1100};

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

  integer checks = 0, runs = 0, mismatches = 0;

  // every output defined, from the first cycle after reset on
  always @(negedge clk)
    if (rst_n) begin
      checks = checks + 1;
      if (^{busy, done, err, sum, ovalid, odata} === 1'bx) begin
        mismatches = mismatches + 1;
        $display("%0t: an undefined output: busy %b done %b err %b sum %b valid %b data %b",
                 $time, busy, done, err, sum, ovalid, odata);
      end
    end

  task expect_out(input [8*12-1:0] what, input [W-1:0] got, input [W-1:0] want);
    begin
      checks = checks + 1;
      if (got !== want) begin
        mismatches = mismatches + 1;
        $display("run %0d: %0s is %b, expected %b", runs + 1, what, got, want);
      end
    end
  endtask

  // e0, e1: preloads; a, b: port 1's value in step 1, port 0's in step 2;
  // idle: cycles between the preload and the start
  task run(input [W-1:0] e0, input [W-1:0] e1, input [W-1:0] a, input [W-1:0] b,
           input integer idle);
    reg [W-1:0] s1, s2;
    integer i;
    begin
      s1 = e0 + a;
      s2 = s1 + b;
      @(negedge clk);
      ld_valid = 1'b1; ld_idx = 1'b0; ld_data = e0;
      @(negedge clk);
      ld_idx = 1'b1; ld_data = e1;
      @(negedge clk);
      ld_valid = 1'b0; ld_data = {W{1'b0}};
      for (i = 0; i < idle; i = i + 1) @(negedge clk);
      expect_out("sum preload", sum, e0);
      start = 1'b1;
      @(negedge clk);
      start = 1'b0;
      // step 1: port 0 shows entry 1 (sent), port 1 entry 0; port 1 brings a
      lvalid = 2'b10; ldata = {a, {W{1'b0}}};
      expect_out("busy 1", {3'b0, busy}, 4'd1);
      expect_out("valid 1", {2'b0, ovalid}, 4'b0001);
      expect_out("data0 1", odata[0+:W], e1);
      expect_out("data1 1", odata[W+:W], e0);
      expect_out("sum 1", sum, e0);
      @(negedge clk);
      // step 2: both show entry 0, nothing sent; port 0 brings b
      lvalid = 2'b01; ldata = {{W{1'b0}}, b};
      expect_out("busy 2", {3'b0, busy}, 4'd1);
      expect_out("valid 2", {2'b0, ovalid}, 4'b0000);
      expect_out("data0 2", odata[0+:W], s1);
      expect_out("data1 2", odata[W+:W], s1);
      expect_out("sum 2", sum, s1);
      @(negedge clk);
      // step 3: port 1 sends entry 0
      lvalid = 2'b00; ldata = {NP * W{1'b0}};
      expect_out("busy 3", {3'b0, busy}, 4'd1);
      expect_out("valid 3", {2'b0, ovalid}, 4'b0010);
      expect_out("data0 3", odata[0+:W], s2);
      expect_out("data1 3", odata[W+:W], s2);
      expect_out("sum 3", sum, s2);
      @(negedge clk);
      expect_out("busy end", {3'b0, busy}, 4'd0);
      expect_out("done end", {3'b0, done}, 4'd1);
      expect_out("err end", {3'b0, err}, 4'd0);
      expect_out("valid end", {2'b0, ovalid}, 4'b0000);
      expect_out("sum end", sum, s2);
      runs = runs + 1;
    end
  endtask

  initial begin
    #12 rst_n = 1'b1;
    run(4'd5, 4'd7, 4'd3, 4'd4, 0);
    run(4'd2, 4'd9, 4'd1, 4'd8, 1);
    $display("checked %0d %0d %0d", checks, runs, mismatches);
    $finish;
  end
endmodule
