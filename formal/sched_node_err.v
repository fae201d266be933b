// Proof wrapper for hc_sched_node's err_o (formal/sched_node_err.fv): a
// reference of the node's sequencer (busy, row, done), of the sends its rows
// name and of its two error conditions, worked out from the ROM and the links,
// runs beside the node; busy_o, done_o, lnk_valid_o and err_o must equal the
// reference's in every cycle, for any inputs. The node (NP = 2, half-duplex,
// two store slots) reads a three-row ROM (a two-step schedule) from a
// synchronous-read memory here (rom_data_i: the word at rom_addr_o of the
// cycle before):
//   row 0: port 0 sends slot 0, port 1 keeps its arrival in slot 1;
//   row 1: port 0 forwards the packet arriving on port 1;
//   row 2: port 1 keeps its arrival in slot 0 and sends slot 1
// (a run without a fault exists: no row expects an arrival on a link the row
// before sent on).
// err_o rises in the cycle after a row expects an arrival (kept or forwarded)
// on a link that carries none, or after a cycle in which the node's output
// register and the neighbour both drive a half-duplex link (the last row's
// send included, after busy_o falls); it stays until the next start, and
// rises for nothing else.
// The node is used through clk_i, rst_ni, start_i, busy_o, done_o, err_o,
// rom_addr_o, rom_data_i, lnk_valid_i, lnk_data_i and lnk_valid_o; the
// load and read ports are tied off.
// Broken variants: HC_MUTANT_SCHED_MISSING (the node is shown every arrival
// its row expects, as if it did not check them) and HC_MUTANT_SCHED_CLASH (the
// node is shown no link input once it is idle: the last row's clash is missed).
`include "hc_assert.vh"
module sched_node_err (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire       start_i,
  input  wire [1:0] lnk_valid_i,
  input  wire [3:0] lnk_data_i
);
  localparam integer NP = 2, ROWS = 3, WW = 10;
  localparam [1:0] LAST = 2'd2;
  // word: {recv1[1:0], recv0[1:0], send1[2:0], send0[2:0]}; send {valid, fwd,
  // idx}, recv {keep, slot}
  localparam [WW-1:0] ROW0 = {2'b11, 2'b00, 3'b000, 3'b100};
  localparam [WW-1:0] ROW1 = {2'b00, 2'b00, 3'b000, 3'b111};
  localparam [WW-1:0] ROW2 = {2'b10, 2'b00, 3'b101, 3'b000};
  `HC_FORMAL_RESET

  // the ROM, a synchronous read
  wire [1:0]    rom_addr;
  reg  [WW-1:0] rom_q;
  always @(posedge clk_i) begin
    if (!rst_ni) rom_q <= {WW{1'b0}};
    else rom_q <= (rom_addr == 2'd0) ? ROW0 : (rom_addr == 2'd1) ? ROW1 : ROW2;
  end

  // the reference, from the row index alone
  reg       busy_q, done_q, err_q;
  reg [1:0] t_q;
  reg [1:0] lv_q;
  // per row: the ports it sends on, and the links it expects an arrival on
  wire [1:0] send   = (t_q == LAST) ? 2'b10 : 2'b01;
  wire [1:0] expect = 2'b10;
  wire missing = busy_q && |(expect & ~lnk_valid_i);
  wire clash   = |(lv_q & lnk_valid_i);
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
      err_q  <= 1'b0;
      t_q    <= 2'd0;
      lv_q   <= 2'b00;
    end else begin
      lv_q <= busy_q ? send : 2'b00;
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
  wire [1:0] dut_valid = busy_q ? lnk_valid_i | expect : lnk_valid_i;
`endif
`ifdef HC_MUTANT_SCHED_CLASH
  wire [1:0] dut_valid = busy_q ? lnk_valid_i : 2'b00;
`endif
`ifndef HC_MUTANT_SCHED_MISSING
`ifndef HC_MUTANT_SCHED_CLASH
  wire [1:0] dut_valid = lnk_valid_i;
`endif
`endif
  wire       busy, done, err;
  wire [1:0] ovalid;
  wire [3:0] odata;
  wire [1:0] rd_data;
  hc_sched_node #(.NP(NP), .PW(2), .SLOTS(2), .SW(1), .IW(1), .ROWS(ROWS), .RAW(2), .HD(1)) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .start_i(start_i), .busy_o(busy), .done_o(done), .err_o(err),
    .rom_addr_o(rom_addr), .rom_data_i(rom_q), .ld_valid_i(1'b0), .ld_slot_i(1'b0),
    .ld_data_i(2'b00), .rd_slot_i(1'b0), .rd_data_o(rd_data), .lnk_valid_i(dut_valid),
    .lnk_data_i(lnk_data_i), .lnk_valid_o(ovalid), .lnk_data_o(odata));

  `HC_ASSERT(a_ref_row, t_q <= LAST, "the reference's row is out of range")
  `HC_ASSERT(a_busy, busy == busy_q && done == done_q, "busy_o or done_o disagrees with the schedule")
  `HC_ASSERT(a_sends, ovalid == lv_q, "the node sends against its rows")
  `HC_ASSERT(a_err, err == err_q, "err_o disagrees with the two conditions")
  // (for the induction) the ROM word the node reads is its row's
  `HC_ASSERT(a_rom, !busy_q || rom_q == ((t_q == 2'd0) ? ROW0 : (t_q == 2'd1) ? ROW1 : ROW2),
             "the ROM word is not the row's")
  `HC_COVER(c_err, err && done)
  `HC_COVER(c_clean, !err && done)
  wire unused = ^odata ^ ^rd_data;
endmodule
