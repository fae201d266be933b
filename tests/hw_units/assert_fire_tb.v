// Makes the named assertions of hc_fifo, hc_rr_arbiter and hc_group_arbiter
// (hw/include/hc_assert.vh) fire, one per run, chosen by CASE:
//   0: nothing broken (every assertion stays silent)
//   1: a push into the full 2-entry FIFO       (u_fifo.a_push_full)
//   2: a pop of the empty 2-entry FIFO          (u_fifo.a_pop_empty)
//   3: a push into the full 1-entry FIFO        (u_fifo1.a_push_full)
//   4: the FIFO's count forced above DEPTH      (u_fifo.g_many.g_cnt_range.a_cnt_range)
//   5: the round robin's grant forced to two    (u_rr.a_one_hot)
//   6: its grant forced to a non-requester      (u_rr.a_gnt_req)
//   7: its grant forced away with requests      (u_rr.a_valid)
//   8: the group arbiter's groups' grant forced to a group that does not
//      request                                  (u_grp.a_gnt_req)
//   9: the full 2-entry FIFO's count forced to 0, its valid flip-flop still
//      set                                      (u_fifo.g_many.a_any)
//  10: the empty 3-entry FIFO's previous read pointer forced to 3, beyond
//      DEPTH - 1                                (u_fifo3.g_many.g_ptr_range.a_ptr_range)
//  11: the full 2-entry FIFO's count forced to 1: the write pointer is not the
//      read pointer plus the count             (u_fifo.g_many.a_ptrs)
// The break lasts one clock edge: a forced register is then forced back to its
// value and released (it keeps it until the FIFO next writes it), so that
// nothing else breaks. Prints "checked CYCLES 0 0".
module assert_fire_tb;
  parameter integer CASE = 0;

  reg clk = 1'b0;
  reg rst_n = 1'b0;
  always #5 clk = ~clk;

  reg        push = 1'b0, push1 = 1'b0, pop = 1'b0;
  reg  [3:0] din = 4'd0;
  wire [3:0] head, last, head1, last1;
  wire       empty, empty1;
  hc_fifo #(.W(4), .DEPTH(2)) u_fifo (
    .clk_i(clk), .rst_ni(rst_n), .push_i(push), .data_i(din), .pop_i(pop), .head_o(head),
    .empty_o(empty), .last_o(last));
  hc_fifo #(.W(4), .DEPTH(1)) u_fifo1 (
    .clk_i(clk), .rst_ni(rst_n), .push_i(push1), .data_i(din), .pop_i(1'b0), .head_o(head1),
    .empty_o(empty1), .last_o(last1));
  // (stays empty: its pointers' range check exists, DEPTH being no power of 2)
  wire [3:0] head3, last3;
  wire       empty3;
  hc_fifo #(.W(4), .DEPTH(3)) u_fifo3 (
    .clk_i(clk), .rst_ni(rst_n), .push_i(1'b0), .data_i(din), .pop_i(1'b0), .head_o(head3),
    .empty_o(empty3), .last_o(last3));

  reg  [2:0] req = 3'b000;
  wire [2:0] gnt;
  wire       valid;
  hc_rr_arbiter #(.N(3)) u_rr (
    .clk_i(clk), .rst_ni(rst_n), .req_i(req), .req1_i(3'b000), .req0_i(3'b000), .av_i(2'b00),
    .adv_i(1'b1), .gnt_o(gnt), .valid_o(valid));

  reg  [4:0] greq = 5'b00000;
  wire [4:0] ggnt;
  wire       gvalid;
  hc_group_arbiter #(.N(5)) u_grp (
    .clk_i(clk), .rst_ni(rst_n), .req_i(greq), .req1_i(5'b00000), .req0_i(5'b00000),
    .av_i(2'b00), .adv_i(1'b1), .gnt_o(ggnt), .valid_o(gvalid));

  integer cycles = 0;
  always @(posedge clk) if (rst_n) cycles = cycles + 1;

  initial begin
    #12 rst_n = 1'b1;
    // two pushes fill the 2-entry FIFO, the first alone the 1-entry one (a
    // second push there is case 3's break)
    @(negedge clk);
    push = 1'b1;
    push1 = 1'b1;
    din  = 4'd1;
    req  = 3'b011;
    greq = 5'b00011;
    @(negedge clk);
    push1 = (CASE == 3);
    din  = 4'd2;
    @(negedge clk);
    // both FIFOs are full
    push = (CASE == 1);
    push1 = 1'b0;
    if (CASE == 4) force u_fifo.g_many.cnt_q = 2'd3;
    if (CASE == 9) force u_fifo.g_many.cnt_q = 2'd0;
    if (CASE == 10) force u_fifo3.g_many.prev_q = 2'd3;
    if (CASE == 11) force u_fifo.g_many.cnt_q = 2'd1;
    if (CASE == 5) force u_rr.g_pairs.gnt = 3'b011;
    if (CASE == 6) force u_rr.g_pairs.gnt = 3'b100;
    if (CASE == 7) force u_rr.g_pairs.gnt = 3'b000;
    if (CASE == 8) force u_grp.ggnt = 3'b100;
    @(negedge clk);
    push = 1'b0;
    if (CASE == 4 || CASE == 9 || CASE == 11) force u_fifo.g_many.cnt_q = 2'd2;  // full again
    if (CASE == 10) force u_fifo3.g_many.prev_q = 2'd0;
    release u_fifo.g_many.cnt_q;
    release u_fifo3.g_many.prev_q;
    release u_rr.g_pairs.gnt;
    release u_grp.ggnt;
    // empty the 2-entry FIFO, then pop once more (case 2)
    pop = !empty;
    @(negedge clk);
    pop = !empty;
    @(negedge clk);
    pop = (CASE == 2);
    @(negedge clk);
    pop = 1'b0;
    req = 3'b000;
    greq = 5'b00000;
    @(negedge clk);
    $display("checked %0d 0 0", cycles);
    $finish;
  end
endmodule
