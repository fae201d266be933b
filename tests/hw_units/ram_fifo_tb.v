// hc_ram_fifo (DEPTH = 4, both storages) through a hand-worked sequence: each
// row gives the push and pop of a cycle and the head (valid, data) expected in
// it. An entry is the head from the cycle after the edge that wrote it; a pop
// shows an entry written before the popping edge in the next cycle; a held head
// stays; the pointers wrap (0x55, 0x99, 0xee go to entries 0, 1, 2 again).
// Every data bit is 1 in some head and 0 in another (0x99 and 0xee set bits 3
// and 7, which no other entry does).
// FAULT = 1 pushes into the full FIFO in row 9 (a_push_full must fire), FAULT
// = 2 pops in row 1, which has no valid head (a_pop_empty must fire).
// Prints "checked ROWS ROWS_WITH_A_HEAD ERRORS".
module ram_fifo_tb;
  parameter integer RAM = 1;
  parameter integer FAULT = 0;
  localparam integer ROWS = 15;

  reg        clk_i = 1'b0;
  reg        rst_ni = 1'b0;
  reg        push = 1'b0, pop = 1'b0;
  reg  [7:0] din = 8'h00;
  wire [7:0] head;
  wire       valid;

  hc_ram_fifo #(
    .W    (8),
    .DEPTH(4),
    .RAM  (RAM)
  ) u_dut (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .push_i (push),
    .data_i (din),
    .pop_i  (pop),
    .head_o (head),
    .valid_o(valid)
  );

  // row: {push, pop, data pushed, head valid, head}
  reg [18:0] rows[0:ROWS-1];
  integer r, heads, errors;
  initial begin
    //             push  pop   data   valid head
    rows[0]  = {1'b1, 1'b0, 8'h11, 1'b0, 8'h00};  // 0x11 written at the edge
    rows[1]  = {1'b1, 1'b0, 8'h22, 1'b0, 8'h00};  // 0x11 not yet read
    rows[2]  = {1'b1, 1'b1, 8'h33, 1'b1, 8'h11};  // pop 0x11
    rows[3]  = {1'b0, 1'b1, 8'h00, 1'b1, 8'h22};  // 0x22 written two edges ago: no gap
    rows[4]  = {1'b1, 1'b1, 8'h44, 1'b1, 8'h33};  // pop the last entry, push 0x44
    rows[5]  = {1'b0, 1'b0, 8'h00, 1'b0, 8'h00};  // 0x44 written at the popping edge
    rows[6]  = {1'b1, 1'b0, 8'h55, 1'b1, 8'h44};  // held
    rows[7]  = {1'b1, 1'b0, 8'h99, 1'b1, 8'h44};  // held
    rows[8]  = {1'b1, 1'b0, 8'hee, 1'b1, 8'h44};  // full after this edge
    rows[9]  = {1'b0, 1'b1, 8'h00, 1'b1, 8'h44};
    rows[10] = {1'b0, 1'b1, 8'h00, 1'b1, 8'h55};
    rows[11] = {1'b0, 1'b1, 8'h00, 1'b1, 8'h99};
    rows[12] = {1'b0, 1'b1, 8'h00, 1'b1, 8'hee};
    rows[13] = {1'b0, 1'b0, 8'h00, 1'b0, 8'h00};  // empty
    rows[14] = {1'b0, 1'b0, 8'h00, 1'b0, 8'h00};
    heads = 0;
    errors = 0;
    #1 rst_ni = 1'b1;
    for (r = 0; r < ROWS; r = r + 1) begin
      push = rows[r][18];
      pop  = rows[r][17];
      din  = rows[r][16:9];
      if (FAULT == 1 && r == 9) begin
        push = 1'b1;
        din  = 8'h88;
      end
      if (FAULT == 2 && r == 1) pop = 1'b1;
      #1;
      if (valid !== rows[r][8] || (rows[r][8] && head !== rows[r][7:0])) begin
        errors = errors + 1;
        $display("row %0d: head valid %b data %h, want %b %h", r, valid, head, rows[r][8],
                 rows[r][7:0]);
      end
      if (rows[r][8]) heads = heads + 1;
      clk_i = 1'b1;
      #1 clk_i = 1'b0;
    end
    $display("checked %0d %0d %0d", ROWS, heads, errors);
    $finish;
  end
endmodule
