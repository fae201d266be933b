// Proof wrapper for hc_sum_node's err_o and sum_o (formal/sum_node_err.fv): a
// reference of the node's program in 32-bit integers runs beside it, for any
// inputs. The node: NP = 2 ports, XW = 2 input bits, W = 6 accumulator bits,
// SW = 3, two steps with c_1 = 2 (times v) and c_2 = -1 (times x), DIV = 6
// (ODD = 3, SHIFT = 1, INV = 3^-1 mod 2^6 = 43). Every step
//   v <- (sum of the two inputs) - c_t * (v or x)
// with the exact value worked out wide; the rules (module comment of hw/hc_sum_node.v):
//   a_value  the value shown on the links is the reference's (kept to W bits);
//   a_err    err_o is high exactly when, since the last start, a step found an
//            input without a value or a new value outside W bits, or, once done,
//            v is not a multiple of DIV or v / DIV is outside SW bits;
//   a_sum    once done without an error, sum_o is v / DIV.
// Broken variant HC_MUTANT_SUM_WRAP: the node is shown one input's value
// inverted in step 2 (a value the reference never added).
`include "hc_assert.vh"
module sum_node_err (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        start_i,
  input  wire [1:0]  x_i,
  input  wire [1:0]  lnk_valid_i,
  input  wire [11:0] lnk_data_i
);
  localparam integer W = 6, STEPS = 2;
  localparam [5:0] CONSTS = {3'b111, 3'b010};
  `HC_FORMAL_RESET

  reg               busy_q, done_q, err_q;
  reg               t_q;
  reg signed [31:0] v_q;  // always within W bits (kept as the node keeps it)
  reg signed [31:0] x_q;
  wire signed [31:0] in0 = $signed(lnk_data_i[5:0]);
  wire signed [31:0] in1 = $signed(lnk_data_i[11:6]);
  wire signed [31:0] c = t_q ? -32'sd1 : 32'sd2;
  wire signed [31:0] next = in0 + in1 - c * (t_q ? x_q : v_q);
  wire               fits = next >= -32'sd32 && next <= 32'sd31;
  // next kept to W bits, sign-extended
  wire signed [31:0] kept = $signed({{26{next[5]}}, next[5:0]});
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
      err_q  <= 1'b0;
      t_q    <= 1'b0;
      v_q    <= 32'sd0;
      x_q    <= 32'sd0;
    end else if (!busy_q) begin
      if (start_i) begin
        busy_q <= 1'b1;
        done_q <= 1'b0;
        err_q  <= 1'b0;
        t_q    <= 1'b0;
        x_q    <= $signed(x_i);
        v_q    <= $signed(x_i);
      end
    end else begin
      if (lnk_valid_i != 2'b11 || !fits) err_q <= 1'b1;
      v_q <= kept;
      if (t_q) begin
        busy_q <= 1'b0;
        done_q <= 1'b1;
      end else begin
        t_q <= 1'b1;
      end
    end
  end
  wire signed [31:0] quot  = v_q / 32'sd6;
  wire               exact = (v_q % 32'sd6) == 32'sd0 && quot >= -32'sd4 && quot <= 32'sd3;

`ifdef HC_MUTANT_SUM_WRAP
  wire [11:0] dut_data = (busy_q && t_q) ? lnk_data_i ^ 12'h03f : lnk_data_i;
`else
  wire [11:0] dut_data = lnk_data_i;
`endif
  wire        busy, done, err, ovalid;
  wire [5:0]  sum, odata;
  hc_sum_node #(.NP(2), .XW(2), .W(W), .SW(3), .CW(3), .STEPS(STEPS), .TW(1), .CONSTS(CONSTS),
                .SELS(2'b10), .SHIFT(1), .ODD(6'd3), .INV(6'd43), .HD(0)) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .start_i(start_i), .x_i(x_i), .busy_o(busy), .done_o(done),
    .err_o(err), .sum_o(sum), .lnk_valid_i(lnk_valid_i), .lnk_data_i(dut_data),
    .lnk_valid_o(ovalid), .lnk_data_o(odata));

  `HC_ASSERT(a_ref_range, v_q >= -32'sd32 && v_q <= 32'sd31 && x_q >= -32'sd2 && x_q <= 32'sd1,
             "the reference left its ranges")
  `HC_ASSERT(a_busy, busy == busy_q && done == done_q && ovalid == busy_q,
             "busy_o, done_o or lnk_valid_o disagrees with the program")
  `HC_ASSERT(a_value, $signed(odata) == v_q, "the value shown is not the reference's")
  `HC_ASSERT(a_err, err == (err_q || (done_q && !exact)), "err_o disagrees with the rules")
  `HC_ASSERT(a_sum, !(done_q && !err_q && exact) || $signed(sum) == quot,
             "sum_o is not v / DIV")
  `HC_COVER(c_sum, done && !err && sum == 6'd2)
endmodule
