// hc_cfg_dims at parameter limits where its range checks can be reached: m has
// MW = 4 bits but MAX_M = 9 < 2^MW - 1, and the configuration words have
// CDW = 6 > MW bits, so a word can carry bits above m's. (With the prototype's
// MAX_M = 15 = 2^MW - 1 and CDW = MW neither check can fire.) A two-dimensional
// stream, one word per cycle: r = 2, preference 0, then (m, rho, D) =
// (9, 2, 2), (9, 4, 1): legal, with m = MAX_M. FAULT replaces one word:
//   1: the second m is 10 = MAX_M + 1 (no high bits, >= 2)   (word 6)
//   2: the first m is 9 + 16: legal low bits, bit 4 set       (word 3)
//   3: the first rho is 2 + 32: legal low bits, bit 5 set     (word 4)
//   4: the second D is 1 + 16: legal low bits, bit 4 set      (word 8)
// After each word is taken the testbench samples err_o: it must be low after
// every word before the replaced one and high from the replaced one on; the
// legal stream must end with done_o and the constants a = (m-1) div rho - D,
// k = (m-1) mod rho: a_1 = 2, k_1 = 0, a_2 = 1, k_2 = 0. Prints
// "checked WORDS ERR_AT MISMATCHES" (ERR_AT: the word after which err_o first
// rose, 0 if it never did) and "done DONE ERR".
module cfg_dims_limits_tb;
  parameter integer FAULT = 0;
  localparam integer MAX_DIM = 2, MAX_M = 9, MW = 4, CDW = 6, NW = 8;

  reg            clk = 1'b0;
  reg            rst_n = 1'b0;
  reg            valid = 1'b0;
  reg  [CDW-1:0] data = {CDW{1'b0}};
  wire           ready, done, err, div;
  wire [0:0]     last, div_dim;
  wire           pref;
  wire [MAX_DIM*MW-1:0] m, rho, d, a, k;

  hc_cfg_dims #(.MAX_DIM(MAX_DIM), .MAX_M(MAX_M), .MW(MW), .CDW(CDW)) u_dims (
    .clk_i(clk), .rst_ni(rst_n), .cfg_valid_i(valid), .cfg_data_i(data), .cfg_ready_o(ready),
    .done_o(done), .err_o(err), .last_o(last), .pref_o(pref), .m_o(m), .rho_o(rho), .d_o(d),
    .a_o(a), .k_o(k), .div_o(div), .div_dim_o(div_dim));

  always #5 clk = ~clk;

  reg [CDW-1:0] words [1:NW];
  integer       i, n, err_at = 0, mismatches = 0, bad_word;
  initial begin
    words[1] = 6'd2; words[2] = 6'd0;
    words[3] = 6'd9; words[4] = 6'd2; words[5] = 6'd2;
    words[6] = 6'd9; words[7] = 6'd4; words[8] = 6'd1;
    bad_word = 0;
    if (FAULT == 1) begin words[6] = 6'd10; bad_word = 6; end
    if (FAULT == 2) begin words[3] = 6'd9 + 6'd16; bad_word = 3; end
    if (FAULT == 3) begin words[4] = 6'd2 + 6'd32; bad_word = 4; end
    if (FAULT == 4) begin words[8] = 6'd1 + 6'd16; bad_word = 8; end
    #12 rst_n = 1'b1;
    for (i = 1; i <= NW && !err; i = i + 1) begin
      @(negedge clk);
      valid = 1'b1;
      data  = words[i];
      n = 0;
      while (!ready && n < 10) begin @(negedge clk); n = n + 1; end
      @(negedge clk);  // taken at the edge before
      valid = 1'b0;
      if (err && err_at == 0) err_at = i;
      if (err !== (bad_word != 0 && i >= bad_word)) begin
        mismatches = mismatches + 1;
        $display("after word %0d (%0d): err %b", i, words[i], err);
      end
    end
    n = 0;
    while (!done && !err && n < 100) begin @(negedge clk); n = n + 1; end
    if (FAULT == 0 && (!done || a !== {4'd1, 4'd2} || k !== 8'd0)) begin
      mismatches = mismatches + 1;
      $display("legal stream: done %b a %h k %h", done, a, k);
    end
    repeat (3) @(negedge clk);
    if (FAULT != 0 && (done || !err)) mismatches = mismatches + 1;
    $display("done %0d %0d", done, err);
    $display("checked %0d %0d %0d", i - 1, err_at, mismatches);
    $finish;
  end

  /* verilator lint_off UNUSED */
  wire unused = ^last ^ ^div_dim ^ pref ^ ^m ^ ^rho ^ ^d ^ div;
  /* verilator lint_on UNUSED */
endmodule
