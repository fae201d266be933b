// Proof wrapper for hc_sched_node's err_o (formal/sched_node_err.fv): a
// reference of the node's sequencer (busy, row, done), of the sends its rows
// name and of its two error conditions, worked out from the row index and the
// links, runs beside the node; busy_o, done_o, lnk_valid_o and err_o must equal
// the reference's in every cycle, for any links. The node (NP = 2, PW = 2,
// half-duplex, one store bank of two words: NB = 1, DEPTH = 2) reads a four-word
// ROM (a two-step schedule, ROWS = 3) from a synchronous-read memory here
// (rom_data_i: the word at rom_addr_o of the cycle before); word 0 (the start
// cycle's reads) is empty, words 1-3 are rows 0-2:
//   row 0: bank 0 writes the packet arriving on port 1 at address 1;
//   row 1: bank 0 reads address 1; port 1 forwards the packet arriving on
//          port 0 now;
//   row 2: port 0 sends the word bank 0 read; port 1 forwards the packet that
//          arrived on port 1 in row 1 (arr_q)
// (a run without a fault exists: links 1, then 0 and 1, carry arrivals in rows
// 0 and 1, and no row expects an arrival on a link the row before sent on).
// err_o rises in the cycle after a row expects an arrival (a write, or a
// forward of this row's or the previous row's arrival) on a link that carried
// none, or after a cycle in which the node's output register and the
// neighbour both drive a half-duplex link (the last row's sends included,
// after busy_o falls); it stays until the next start, and rises for nothing
// else. For the induction the wrapper also checks rom_addr_o (it names the
// node's row) and that the ROM word the node reads is its row's.
// The node is used through clk_i, rst_ni, start_i, busy_o, done_o, err_o,
// rom_addr_o, rom_data_i, lnk_valid_i, lnk_data_i and lnk_valid_o; the load
// port is tied off, the read port reads slot 0 (lnk_data_o and rd_data_o are
// not checked). DEPTH is 2, not 1: yosys 0.23's write_smt2 fails an internal
// assertion on a one-word memory.
// Broken variants: HC_MUTANT_SCHED_MISSING (the node is shown every arrival
// its rows expect, now or for the next row's forward, as if it did not check
// them) and HC_MUTANT_SCHED_CLASH (the node is shown no link input once it is
// idle: the last row's clash is missed).
`include "hc_assert.vh"
module sched_node_err (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire       start_i,
  input  wire [1:0] lnk_valid_i,
  input  wire [3:0] lnk_data_i
);
  localparam integer NP = 2, PW = 2, ROWS = 3, WW = 13;
  localparam [1:0] LAST = 2'd2;
  // word (docs/file-formats.md "Schedule ROM format", IW = PSW = AW = 1):
  // {read b0 {re, addr}, write b0 {we, port, addr}, send1, send0}; send
  // {valid, kind[2], index}: kind 0 a bank's read word, 1 a port's arrival
  // now, 2 a port's arrival of the row before
  localparam [WW-1:0] WORD0 = {2'b00, 3'b000, 4'b0000, 4'b0000};
  localparam [WW-1:0] ROW0 = {2'b00, 3'b111, 4'b0000, 4'b0000};
  localparam [WW-1:0] ROW1 = {2'b11, 3'b000, 4'b1010, 4'b0000};
  localparam [WW-1:0] ROW2 = {2'b00, 3'b000, 4'b1101, 4'b1000};
  `HC_FORMAL_RESET

  // the ROM, a synchronous read
  wire [1:0]    rom_addr;
  reg  [WW-1:0] rom_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) rom_q <= WORD0;
    else begin
      case (rom_addr)
        2'd0: rom_q <= WORD0;
        2'd1: rom_q <= ROW0;
        2'd2: rom_q <= ROW1;
        default: rom_q <= ROW2;
      endcase
    end
  end

  // the reference, from the row index and the links
  reg       busy_q, done_q, err_q;
  reg [1:0] t_q;
  reg [1:0] lv_q;    // the sends of the cycle before
  reg [1:0] prev_q;  // the arrivals of the row before
  // per row: the ports it sends on, the links it expects an arrival on now
  // (a write or a forward) and in the row before (a forward of arr_q)
  wire [1:0] send     = (t_q == 2'd1) ? 2'b10 : (t_q == LAST) ? 2'b11 : 2'b00;
  wire [1:0] exp_now  = (t_q == 2'd0) ? 2'b10 : (t_q == 2'd1) ? 2'b01 : 2'b00;
  wire [1:0] exp_late = (t_q == LAST) ? 2'b10 : 2'b00;
  wire missing = busy_q && (|(exp_now & ~lnk_valid_i) || |(exp_late & ~prev_q));
  wire clash   = |(lv_q & lnk_valid_i);
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
      err_q  <= 1'b0;
      t_q    <= 2'd0;
      lv_q   <= 2'b00;
      prev_q <= 2'b00;
    end else begin
      lv_q   <= busy_q ? send : 2'b00;
      prev_q <= busy_q ? lnk_valid_i : 2'b00;
      if (start_i && !busy_q) err_q <= 1'b0;
      else if (missing || clash) err_q <= 1'b1;
      if (!busy_q) begin
        if (start_i) begin
          busy_q <= 1'b1;
          done_q <= 1'b0;
          t_q    <= 2'd0;
        end
      end else if (t_q == LAST) begin
        busy_q <= 1'b0;
        done_q <= 1'b1;
      end else begin
        t_q <= t_q + 2'd1;
      end
    end
  end

`ifdef HC_MUTANT_SCHED_MISSING
  // the arrivals row 0 writes and row 1 forwards now, and the one row 2 forwards
  wire [1:0] shown = (t_q == 2'd0) ? 2'b10 : (t_q == 2'd1) ? 2'b11 : 2'b00;
  wire [1:0] dut_valid = busy_q ? lnk_valid_i | shown : lnk_valid_i;
`endif
`ifdef HC_MUTANT_SCHED_CLASH
  wire [1:0] dut_valid = busy_q ? lnk_valid_i : 2'b00;
`endif
`ifndef HC_MUTANT_SCHED_MISSING
`ifndef HC_MUTANT_SCHED_CLASH
  wire [1:0] dut_valid = lnk_valid_i;
`endif
`endif
  wire            busy, done, err;
  wire [     1:0] ovalid;
  wire [NP*PW-1:0] odata;
  wire [  PW-1:0] rd_data;
  hc_sched_node #(
    .NP(NP), .PW(PW), .NB(1), .BW(1), .DEPTH(2), .AW(1), .PSW(1), .IW(1), .ROWS(ROWS), .RAW(2),
    .HD(1)
  ) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .start_i(start_i), .busy_o(busy), .done_o(done), .err_o(err),
    .rom_addr_o(rom_addr), .rom_data_i(rom_q), .ld_valid_i(1'b0), .ld_slot_i(2'b00),
    .ld_data_i(2'b00), .rd_slot_i(2'b00), .rd_data_o(rd_data), .lnk_valid_i(dut_valid),
    .lnk_data_i(lnk_data_i), .lnk_valid_o(ovalid), .lnk_data_o(odata));

  `HC_ASSERT(a_ref_row, t_q <= LAST, "the reference's row is out of range")
  `HC_ASSERT(a_busy, busy == busy_q && done == done_q, "busy_o or done_o disagrees with the schedule")
  `HC_ASSERT(a_sends, ovalid == lv_q, "the node sends against its rows")
  `HC_ASSERT(a_err, err == err_q, "err_o disagrees with the two conditions")
  // (for the induction) rom_addr_o names the node's row, and the ROM word the
  // node reads is its row's (word 0 while idle)
  `HC_ASSERT(a_addr, rom_addr == (busy_q ? ((t_q == LAST) ? 2'd0 : t_q + 2'd2)
                                         : (start_i ? 2'd1 : 2'd0)),
             "rom_addr_o is not the row's next word")
  `HC_ASSERT(a_rom, rom_q == (!busy_q ? WORD0 : (t_q == 2'd0) ? ROW0 : (t_q == 2'd1) ? ROW1 : ROW2),
             "the ROM word is not the row's")
  `HC_COVER(c_err, err && done)
  `HC_COVER(c_clean, !err && done)
  wire unused = ^odata ^ ^rd_data;
endmodule
