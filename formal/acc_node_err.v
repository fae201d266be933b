// Proof wrapper for hc_acc_node's err_o (formal/acc_node_err.fv): a reference
// of the node's control (busy, step, done) and of its three error conditions,
// worked out from the ROM and the inputs, runs beside the node; err_o, busy_o
// and done_o must equal the reference's in every cycle, for any inputs. The
// node (NP = 2, half-duplex) runs the three-step ROM of
// tests/hw_units/acc_node_err_tb.v:
//   step 1: port 0 sends entry 1, port 1 receives into entry 0;
//   step 2: port 0 receives into entry 0, port 1 idle;
//   step 3: port 1 sends entry 0, port 0 idle.
// err_o rises in the cycle after a step where a row expects a value on an
// input that carries none (1), a value arrives on an input no row files (2),
// or the node sends on k while input k carries a value (3), stays until the
// next start, and rises for nothing else.
// Broken variant HC_MUTANT_ACC_UNFILED: the node is shown only the arrivals
// its row files (as if it did not check condition 2).
`include "hc_assert.vh"
module acc_node_err (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire       start_i,
  input  wire       ld_valid_i,
  input  wire       ld_idx_i,
  input  wire [3:0] ld_data_i,
  input  wire [1:0] lnk_valid_i,
  input  wire [7:0] lnk_data_i
);
  localparam integer NP = 2, STEPS = 3, RF = 4;
  localparam [STEPS*NP*RF-1:0] ROM = {4'b1000, 4'b0000, 4'b0000, 4'b0010, 4'b0010, 4'b1100};
  `HC_FORMAL_RESET

  // the reference: a step counter 0..STEPS-1 while busy
  reg       busy_q, done_q, err_q;
  reg [1:0] t_q;
  wire [NP*RF-1:0] row = ROM[t_q*NP*RF+:NP*RF];
  wire [NP-1:0] recv = {row[RF+1], row[1]};  // receive valid per port
  wire [NP-1:0] send = {row[RF+3], row[3]};  // send valid per port
  wire expected_missing = |(recv & ~lnk_valid_i);
  wire unfiled          = |(~recv & lnk_valid_i);
  wire clash            = |(send & lnk_valid_i);
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
      err_q  <= 1'b0;
      t_q    <= 2'd0;
    end else if (!busy_q) begin
      if (start_i) begin
        busy_q <= 1'b1;
        done_q <= 1'b0;
        err_q  <= 1'b0;
        t_q    <= 2'd0;
      end
    end else begin
      if (expected_missing || unfiled || clash) err_q <= 1'b1;
      if (t_q == STEPS - 1) begin
        busy_q <= 1'b0;
        done_q <= 1'b1;
      end else begin
        t_q <= t_q + 2'd1;
      end
    end
  end

`ifdef HC_MUTANT_ACC_UNFILED
  wire [1:0] dut_valid = busy_q ? lnk_valid_i & recv : lnk_valid_i;
`else
  wire [1:0] dut_valid = lnk_valid_i;
`endif
  wire       busy, done, err;
  wire [3:0] sum;
  wire [1:0] ovalid;
  wire [7:0] odata;
  hc_acc_node #(.NP(NP), .W(4), .ENTRIES(2), .AW(1), .STEPS(STEPS), .TW(2), .ROM(ROM), .HD(1))
    u_dut (
      .clk_i(clk_i), .rst_ni(rst_ni), .start_i(start_i), .ld_valid_i(ld_valid_i),
      .ld_idx_i(ld_idx_i), .ld_data_i(ld_data_i), .busy_o(busy), .done_o(done), .err_o(err),
      .sum_o(sum), .lnk_valid_i(dut_valid), .lnk_data_i(lnk_data_i), .lnk_valid_o(ovalid),
      .lnk_data_o(odata));

  `HC_ASSERT(a_ref_step, t_q < STEPS, "the reference's step is out of range")
  `HC_ASSERT(a_busy, busy == busy_q && done == done_q, "busy_o or done_o disagrees with the schedule")
  `HC_ASSERT(a_err, err == err_q, "err_o disagrees with the three conditions")
  `HC_ASSERT(a_sends, ovalid == (busy_q ? send : 2'b00), "the node sends against its row")
  `HC_COVER(c_err, err && done)
  wire unused = ^sum ^ ^odata;
endmodule
