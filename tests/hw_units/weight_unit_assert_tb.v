// hc_weight_unit's a_w_range (a weight sent has wd in 1..MAX_DIM and wc >= 1):
// the unit is left unconfigured, and its weight output is forced for one edge
// to a weight, chosen by CASE:
//   0: (port 1, wd 2, wc 1), in range: silent
//   1: wd 0        2: wd MAX_DIM + 1        3: wc 0
// Prints "checked CYCLES 0 0".
module weight_unit_assert_tb;
  parameter integer CASE = 0;
  localparam integer NP = 4, MAX_DIM = 2, MAX_M = 5, MW = 3, CDW = 3, WDW = 2, WCW = 2, PIW = 2;

  reg clk = 1'b0;
  reg rst_n = 1'b0;
  always #5 clk = ~clk;

  wire           cfg_ready, cfg_done, cfg_err, msg_ready, w_valid;
  wire [PIW-1:0] w_port;
  wire [WDW-1:0] w_wd;
  wire [WCW-1:0] w_wc;
  hc_weight_unit #(.NP(NP), .MAX_DIM(MAX_DIM), .MAX_M(MAX_M), .MW(MW), .CDW(CDW), .WDW(WDW),
                   .WCW(WCW), .PIW(PIW)) u_unit (
    .clk_i(clk), .rst_ni(rst_n), .cfg_valid_i(1'b0), .cfg_data_i({CDW{1'b0}}),
    .cfg_ready_o(cfg_ready), .cfg_done_o(cfg_done), .cfg_err_o(cfg_err), .msg_valid_i(1'b0),
    .msg_ready_o(msg_ready), .msg_origin_i(1'b0), .msg_port_i({PIW{1'b0}}),
    .msg_wd_i({WDW{1'b0}}), .msg_wc_i({WCW{1'b0}}), .w_valid_o(w_valid), .w_ready_i(1'b1),
    .w_port_o(w_port), .w_wd_o(w_wd), .w_wc_o(w_wc));

  integer cycles = 0;
  always @(posedge clk) if (rst_n) cycles = cycles + 1;

  initial begin
    #12 rst_n = 1'b1;
    @(negedge clk);
    @(negedge clk);
    force u_unit.w_valid_o = 1'b1;
    force u_unit.w_port_o = 2'd1;
    force u_unit.w_wd_o = (CASE == 1) ? 2'd0 : (CASE == 2) ? 2'd3 : 2'd2;
    force u_unit.w_wc_o = (CASE == 3) ? 2'd0 : 2'd1;
    @(negedge clk);
    release u_unit.w_valid_o;
    release u_unit.w_port_o;
    release u_unit.w_wd_o;
    release u_unit.w_wc_o;
    @(negedge clk);
    $display("checked %0d 0 0", cycles);
    $finish;
  end
endmodule
