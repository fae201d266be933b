// hc_sched_bank: one bank of a schedule-driven node's packet store: a simple
// dual-port memory, one write and one synchronous read per clock (the read word
// is in rdata_o from the next clock on, until the next read), no reset on the
// array or its read register: the shape yosys maps to an FPGA block RAM (iCE40
// SB_RAM40_4K). A read of the address written in the same clock is undefined on
// a block RAM (no_rw_check: yosys adds no collision logic; simulation returns the
// old word); the ROM compiler never schedules one while the node runs, and the
// store-bank checker refuses one (checker/store_bank_checker.h). BRAM = 0 keeps
// the words in flip-flops instead (ram_style "logic"), with the same read
// register and the same cycles: a bank of a few words would take a whole block
// RAM (two for 32 bits) for a few percent of its bits.
`include "hc_assert.vh"
module hc_sched_bank #(
  parameter integer DW    = 32,  // word bits
  parameter integer DEPTH = 2,   // words
  parameter integer AW    = 1,   // address bits, 2^AW >= DEPTH
  parameter integer BRAM  = 1    // 1: the words in block RAM; 0: in flip-flops
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          we_i,
  input  wire [AW-1:0] waddr_i,
  input  wire [DW-1:0] wdata_i,
  input  wire          re_i,
  input  wire [AW-1:0] raddr_i,
  output wire [DW-1:0] rdata_o
);
  reg [DW-1:0] rdata_q;
  localparam [AW:0] LIMIT = DEPTH[AW:0];

  // A node may be shallower than the network's AW allows: the address is then
  // wider than the words' index (an address beyond DEPTH is the checks' business).
  /* verilator lint_off WIDTH */
  generate
    if (BRAM != 0) begin : g_block
      (* ram_style = "block", no_rw_check *) reg [DW-1:0] mem[0:DEPTH-1];
      always @(posedge clk_i) begin
        if (we_i) mem[waddr_i] <= wdata_i;
        if (re_i) rdata_q <= mem[raddr_i];
      end
    end else begin : g_logic
      (* ram_style = "logic", no_rw_check *) reg [DW-1:0] mem[0:DEPTH-1];
      always @(posedge clk_i) begin
        if (we_i) mem[waddr_i] <= wdata_i;
        if (re_i) rdata_q <= mem[raddr_i];
      end
    end
  endgenerate
  /* verilator lint_on WIDTH */

  assign rdata_o = rdata_q;

  `HC_PARAM(p_shape, DW >= 1 && DEPTH >= 1 && AW >= 1 && (DEPTH - 1) >> AW == 0,
            "needs DW, DEPTH, AW >= 1 and 2^AW >= DEPTH")
  `HC_PARAM(p_bram, BRAM == 0 || BRAM == 1, "BRAM is 0 or 1")
  `HC_ASSERT(a_write_in_range, !we_i || {1'b0, waddr_i} < LIMIT, "a write beyond DEPTH")
  `HC_ASSERT(a_read_in_range, !re_i || {1'b0, raddr_i} < LIMIT, "a read beyond DEPTH")
`ifdef SYNTHESIS
  // the range checks' only (an address's bits above DEPTH too), which synthesis leaves out
  wire unused_checks = ^{rst_ni, LIMIT, waddr_i, raddr_i};
`endif
endmodule
