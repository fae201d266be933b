// hc_ram_fifo: a FIFO over a simple dual-port memory with a synchronous read
// (one write and one read per cycle), the form yosys maps to block RAM (iCE40
// SB_RAM40_4K): an array without reset, written and read in one clocked block.
// One ejection queue of hc_axis_endpoint (docs/hardware.md "Ejection queue").
//
// The head is the memory's read register, read at every edge from the read
// pointer (the next entry's address in a cycle that pops); in flip-flops (RAM =
// 0) the entry at the read pointer itself, in the same cycles. An entry written at
// one edge is read at the next at the earliest: it is the head (valid_o) one
// cycle after a FIFO with a combinational head would show it. After a pop the
// next entry is the head in the very next cycle if it was written before the
// popping edge, so the FIFO pops one entry per cycle while it holds two or more.
// While nothing pops the head and valid_o hold (the read pointer does not move,
// and a push writes another entry). A read of the entry written at the same
// edge happens only while the FIFO is empty or holds that one entry, and its
// result is never shown, so the memory needs no read-during-write bypass
// (no_rw_check).
//
// Named assertions (hw/include/hc_assert.vh): p_width, p_depth, p_ram
// (parameters); a_push_full (no push into a full FIFO, even in a cycle that
// pops) and a_pop_empty (no pop without a valid head): asserted (HC_ASSERT),
// not assumed, since its user (hc_axis_endpoint) guarantees both by its credit
// rule, which a proof must then show.
`include "hc_assert.vh"
module hc_ram_fifo #(
  // bits per entry
  parameter integer W     = 8,
  // entries
  parameter integer DEPTH = 4,
  // 1: the entries in block RAM (ram_style "block"); 0: in flip-flops
  parameter integer RAM   = 1
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         push_i,
  input  wire [W-1:0] data_i,
  // takes the head; only while valid_o is high
  input  wire         pop_i,
  output wire [W-1:0] head_o,
  output wire         valid_o
);
  `HC_PARAM(p_width, W >= 1, "W must be at least 1")
  `HC_PARAM(p_depth, DEPTH >= 2, "DEPTH must be at least 2")
  `HC_PARAM(p_ram, RAM == 0 || RAM == 1, "RAM must be 0 or 1")

  localparam integer PTRW = DEPTH > 1 ? $clog2(DEPTH) : 1;
  localparam integer CNTW = $clog2(DEPTH + 1);
  localparam [PTRW-1:0] LAST = DEPTH[PTRW-1:0] - 1'b1;

  reg  [PTRW-1:0] wr_q, rd_q;
  reg  [CNTW-1:0] cnt_q;  // entries written and not popped, the head's included
  reg             valid_q;
  wire [PTRW-1:0] rd_next = (rd_q == LAST) ? {PTRW{1'b0}} : rd_q + 1'b1;

  `HC_ASSERT(a_push_full, !(push_i && cnt_q == DEPTH[CNTW-1:0]), "a push into a full FIFO")
  `HC_ASSERT(a_pop_empty, !(pop_i && !valid_q), "a pop without a valid head")

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_q    <= {PTRW{1'b0}};
      rd_q    <= {PTRW{1'b0}};
      cnt_q   <= {CNTW{1'b0}};
      valid_q <= 1'b0;
    end else begin
      if (push_i) wr_q <= (wr_q == LAST) ? {PTRW{1'b0}} : wr_q + 1'b1;
      if (pop_i) rd_q <= rd_next;
      cnt_q <= cnt_q + {{(CNTW - 1) {1'b0}}, push_i} - {{(CNTW - 1) {1'b0}}, pop_i};
      // the entry at ra was written before this edge
      valid_q <= (cnt_q - {{(CNTW - 1) {1'b0}}, pop_i}) != {CNTW{1'b0}};
    end
  end

  // the memory and its read register: no reset (block RAM has none)
  generate
    if (RAM == 1) begin : g_ram
      (* ram_style = "block", no_rw_check *) reg [W-1:0] mem[0:DEPTH-1];
      reg  [W-1:0]    rdata_q;
      wire [PTRW-1:0] ra = pop_i ? rd_next : rd_q;  // the head's address after this edge
      always @(posedge clk_i) begin
        if (push_i) mem[wr_q] <= data_i;
        rdata_q <= mem[ra];
      end
      assign head_o = rdata_q;
    end else begin : g_ff
      // the read register would copy an entry that is already a register: the
      // head is read from the entries directly, at the read pointer, which shows
      // the same entry in the same cycles (it was written before valid_q rose,
      // and stays until popped)
      (* ram_style = "logic" *) reg [W-1:0] mem[0:DEPTH-1];
      always @(posedge clk_i) begin
        if (push_i) mem[wr_q] <= data_i;
      end
      assign head_o = mem[rd_q];
    end
  endgenerate
  assign valid_o = valid_q;
endmodule
