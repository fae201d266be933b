// hc_sched_rom: a node's schedule ROM, one word per row, initialised from a
// $readmemh image (format: docs/file-formats.md "Schedule ROM format"). Synchronous read with a
// registered output, the shape FPGA block RAMs and ASIC ROM macros offer.
module hc_sched_rom #(
  parameter integer WW       = 8,   // word bits
  parameter integer ROWS     = 2,   // words
  parameter integer RAW      = 1,   // address bits
  parameter         ROM_FILE = ""     // $readmemh image; "" leaves the ROM to the flow
) (
  input  wire           clk_i,
  input  wire           rst_ni,
  input  wire [RAW-1:0] addr_i,
  output wire [ WW-1:0] data_o
);
  reg [WW-1:0] mem[0:ROWS-1];
  reg [WW-1:0] data_q;

  initial begin
    if (ROM_FILE != "") $readmemh(ROM_FILE, mem);
  end

  assign data_o = data_q;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) data_q <= {WW{1'b0}};
    else data_q <= mem[addr_i];
  end
endmodule
