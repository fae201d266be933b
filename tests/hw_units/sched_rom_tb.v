// Drives hc_sched_rom (WW = 12, ROWS = 5, RAW = 3) with the image
// sched_rom_tb.hex (ROM_FILE: its path) and random addresses below ROWS, and
// checks data_o every cycle against the five words written out here: the word
// at the address of the clock before. BEYOND = 1 also addresses word 6 once (a
// read beyond ROWS: a_addr_in_range must name it). Prints one line per
// mismatch and "checked CYCLES READS ERRORS" at the end.
module sched_rom_tb;
  parameter integer CYCLES = 200;
  parameter integer BEYOND = 0;
  parameter ROM_FILE = "sched_rom_tb.hex";
  localparam integer WW = 12, ROWS = 5, RAW = 3;

  reg            clk = 1'b0;
  reg            rst_n = 1'b0;
  reg  [RAW-1:0] addr = {RAW{1'b0}};
  wire [ WW-1:0] data;

  hc_sched_rom #(.WW(WW), .ROWS(ROWS), .RAW(RAW), .ROM_FILE(ROM_FILE)) u_rom (
    .clk_i(clk), .rst_ni(rst_n), .addr_i(addr), .data_o(data));

  reg [WW-1:0] image [0:ROWS-1];
  reg [WW-1:0] want;
  integer t, reads, errors;
  initial begin
    image[0] = 12'h0a5; image[1] = 12'hf3c; image[2] = 12'h800; image[3] = 12'h001;
    image[4] = 12'h7ff;
    reads = 0; errors = 0;
    #1 rst_n = 1'b1;
    for (t = 0; t < CYCLES; t = t + 1) begin
      addr = (BEYOND != 0 && t == CYCLES / 2) ? 3'd6 : {$random} % ROWS;
      want = addr < ROWS ? image[addr] : {WW{1'bx}};
      clk = 1'b1;
      #1 clk = 1'b0;
      reads = reads + 1;
      if (addr < ROWS && data !== want) begin
        errors = errors + 1;
        if (errors <= 5) $display("mismatch cycle %0d: address %0d, data %h, want %h", t, addr,
                                  data, want);
      end
      #1;
    end
    $display("checked %0d %0d %0d", CYCLES, reads, errors);
    $finish;
  end
endmodule
