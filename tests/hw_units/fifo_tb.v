// Drives hc_fifo with random pushes and pops within its protocol (no push when
// full; a pop only with a head: stored, or passing straight through) and checks
// head and empty against a behavioural queue every cycle, and last (the entry at
// the read pointer of the cycle before) against that cycle's head: the queue's
// front, or the pushed flit when the FIFO was empty.
// Prints one line per mismatch and "checked CYCLES PUSHES ERRORS" at the end.
module fifo_tb;
  parameter integer DEPTH = 2;
  parameter integer CYCLES = 20000;
  localparam integer W = 12;

  reg          clk = 1'b0;
  reg          rst_n = 1'b0;
  reg          push = 1'b0, pop = 1'b0;
  reg  [W-1:0] data = {W{1'b0}};
  wire [W-1:0] head, last;
  wire         empty;
  reg  [W-1:0] prev_head = {W{1'b0}};
  reg          prev_valid = 1'b0;

  hc_fifo #(.W(W), .DEPTH(DEPTH)) u_fifo (
    .clk_i(clk), .rst_ni(rst_n), .push_i(push), .data_i(data), .pop_i(pop), .head_o(head),
    .empty_o(empty), .last_o(last));

  reg [W-1:0] q [0:DEPTH-1];
  integer t, k, count, pushes, errors;
  initial begin
    count = 0; pushes = 0; errors = 0;
    #1 rst_n = 1'b1;
    for (t = 0; t < CYCLES; t = t + 1) begin
      push = (count < DEPTH) && ($random % 2 != 0);
      data = $random;
      pop  = (count > 0 || push) && ($random % 3 != 0);
      #1;
      if (empty !== (count == 0) || (count > 0 && head !== q[0])) begin
        errors = errors + 1;
        if (errors <= 5)
          $display("mismatch cycle %0d count %0d: empty %b head %h, want %h", t, count, empty,
                   head, q[0]);
      end
      if (prev_valid && last !== prev_head) begin
        errors = errors + 1;
        if (errors <= 5) $display("mismatch cycle %0d: last %h, want %h", t, last, prev_head);
      end
      prev_valid = count > 0 || push;
      prev_head  = count > 0 ? q[0] : data;
      if (push) begin
        q[count] = data;
        count = count + 1;
        pushes = pushes + 1;
      end
      if (pop) begin
        for (k = 0; k + 1 < DEPTH; k = k + 1) q[k] = q[k+1];
        count = count - 1;
      end
      clk = 1'b1;
      #1 clk = 1'b0;
    end
    $display("checked %0d %0d %0d", CYCLES, pushes, errors);
    $finish;
  end
endmodule
