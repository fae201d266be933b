// hc_sched_rom: a node's schedule ROM, one word per row, initialised from a
// $readmemh image (format: docs/file-formats.md "Schedule ROM format"). Synchronous read with a
// registered output, the shape FPGA block RAMs and ASIC ROM macros offer. The output register
// has no reset, as a block RAM's has none: data_o is the word at the address of the clock
// before, undefined until the first clock edge (its nodes read it only after one). rst_ni
// only qualifies the named checks (hw/include/hc_assert.vh): p_shape (the parameters) and
// a_addr_in_range (an address beyond the ROWS words).
`include "hc_assert.vh"
module hc_sched_rom #(
  parameter integer WW       = 8,   // word bits
  parameter integer ROWS     = 2,   // words
  parameter integer RAW      = 1,   // address bits, 2^RAW >= ROWS
  parameter         ROM_FILE = ""     // $readmemh image; "" leaves the ROM to the flow
) (
  input  wire           clk_i,
  input  wire           rst_ni,
  input  wire [RAW-1:0] addr_i,
  output wire [ WW-1:0] data_o
);
  reg [WW-1:0] mem[0:ROWS-1];
  reg [WW-1:0] data_q;
  localparam [RAW:0] LIMIT = ROWS[RAW:0];

  initial begin
    if (ROM_FILE != "") $readmemh(ROM_FILE, mem);
  end

  assign data_o = data_q;

  always @(posedge clk_i) data_q <= mem[addr_i];

  `HC_PARAM(p_shape, WW >= 1 && ROWS >= 1 && RAW >= 1 && (ROWS - 1) >> RAW == 0,
            "needs WW, ROWS, RAW >= 1 and 2^RAW >= ROWS")
  `HC_ASSERT(a_addr_in_range, {1'b0, addr_i} < LIMIT, "an address beyond ROWS")
`ifdef SYNTHESIS
  wire unused_checks = ^{rst_ni, LIMIT};  // the range checks' only, which synthesis leaves out
`endif
endmodule
