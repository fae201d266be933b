// Drives hc_sched_bank (DW = 8, DEPTH = 3, AW = 2; its words in block RAM or,
// BRAM = 0, in flip-flops) with random writes and reads
// within its contract (addresses below DEPTH, never a read of the address
// written in the same clock, every word written before it is read) and checks
// rdata_o every cycle against a behavioural memory: the word the last read
// addressed, as it was before that clock's write, held until the next read.
// Prints one line per mismatch and "checked CYCLES READS ERRORS" at the end.
module sched_bank_tb;
  parameter integer CYCLES = 2000;
  parameter integer BRAM = 1;  // 0: the words in flip-flops
  localparam integer DW = 8, DEPTH = 3, AW = 2;

  reg           clk = 1'b0;
  reg           rst_n = 1'b0;
  reg           we = 1'b0, re = 1'b0;
  reg  [AW-1:0] waddr = {AW{1'b0}}, raddr = {AW{1'b0}};
  reg  [DW-1:0] wdata = {DW{1'b0}};
  wire [DW-1:0] rdata;

  hc_sched_bank #(.DW(DW), .DEPTH(DEPTH), .AW(AW), .BRAM(BRAM)) u_bank (
    .clk_i(clk), .rst_ni(rst_n), .we_i(we), .waddr_i(waddr), .wdata_i(wdata), .re_i(re),
    .raddr_i(raddr), .rdata_o(rdata));

  reg [DW-1:0] mem [0:DEPTH-1];
  reg [DW-1:0] want;
  reg          held;  // a read has happened: rdata_o holds a word
  integer t, reads, errors;
  initial begin
    reads = 0; errors = 0; held = 1'b0; want = {DW{1'b0}};
    #1 rst_n = 1'b1;
    for (t = 0; t < CYCLES; t = t + 1) begin
      // the first DEPTH clocks write every word once, reading nothing
      we = t < DEPTH || ($random % 2 != 0);
      waddr = t < DEPTH ? t : {$random} % DEPTH;
      wdata = $random;
      re = t >= DEPTH && ($random % 4 != 0);
      raddr = {$random} % DEPTH;
      if (re && we && raddr == waddr) raddr = (raddr + 1) % DEPTH;
      #1;
      if (held && rdata !== want) begin
        errors = errors + 1;
        if (errors <= 5) $display("mismatch cycle %0d: rdata %h, want %h", t, rdata, want);
      end
      if (re) begin
        want = mem[raddr];
        held = 1'b1;
        reads = reads + 1;
      end
      if (we) mem[waddr] = wdata;
      clk = 1'b1;
      #1 clk = 1'b0;
    end
    $display("checked %0d %0d %0d", CYCLES, reads, errors);
    $finish;
  end
endmodule
