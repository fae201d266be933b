// Two hc_sched_nodes (one port, one bank of two words each) joined by one link,
// each with a 4-word ROM (2 steps) played by a synchronous-read memory here. The
// good ROMs swap the nodes' own packets one way per step: node 0 sends in step
// 1, node 1 in step 2, each keeping the other's packet at bank address 1.
// CORRUPT selects a faulty ROM:
//   1  node 1 also sends in step 1: both ends drive the link in one step; with
//      HD = 1 both nodes' err_o fire (e_hd_clash), with HD = 0 neither;
//   2  node 0 stays silent in step 1: node 1's write of that arrival finds no
//      packet (e_missing, the write term): node 1's err_o;
//   3  node 1 sends in step 1 a bank word nothing wrote (a_unwritten_read);
//   4  node 1 forwards in step 2 the port's arrival of the row before, which
//      carried none (e_missing, the late-forward term): node 1's err_o;
//   5  node 1 forwards in step 1 the port's arrival of this row, which carries
//      none (e_missing, the forward term): node 1's err_o;
//   6  node 1's step-2 send field has kind 3 (a_send_kind);
//   7  node 1's SMASK omits its bank, which its step-2 send reads (a_send_mask);
//   8  node 1's WMASK omits its port, which its row-1 write takes (a_write_mask);
//   9  the banks are one word deep: the writes at address 1, and node 0's read
//      of address 1 in row 1, are beyond DEPTH (hc_sched_bank's
//      a_write_in_range and a_read_in_range; the host's read of slot 1 after
//      the run is left out, as a slot the node does not have);
//  10  node 1's row 0 does not read the bank word its step-2 send takes (the
//      bank still reads address 0, which holds that word: a_unwritten_read).
// NBANKS = 3 breaks hc_sched_node's p_banks check.
// Prints "checked CYCLES EVENTS ERRORS": EVENTS counts err_o's seen high.
module sched_node_hd_tb;
  parameter integer HD = 1;
  parameter integer CORRUPT = 0;
  parameter integer NBANKS = 1;  // 3 breaks p_banks (BW = 1): a time-0 stop
  parameter integer NBRAM = 1;  // 0: the nodes' banks in flip-flops
  localparam integer PW = 8;
  // NP = 1, NB = 1, DEPTH = 2: BW = AW = PSW = IW = 1; send [3:0] = {valid,
  // kind[2], index}, write [6:4] = {we, port, addr}, read [8:7] = {re, addr}.
  localparam integer WW = 9;
  localparam integer DEPTH = (CORRUPT == 9) ? 1 : 2;
  localparam [2:0] SMASK1 = (CORRUPT == 7) ? 3'b110 : 3'b111;
  localparam [0:0] WMASK1 = (CORRUPT == 8) ? 1'b0 : 1'b1;

  reg           clk = 1'b0;
  reg           rst_n = 1'b0;
  reg           start = 1'b0;
  reg           ld_valid = 1'b0;
  reg  [   1:0] ld_node = 2'b00;
  reg  [PW-1:0] ld_data = {PW{1'b0}};
  reg  [   1:0] rd_slot = 2'b00;
  wire [   1:0] addr0, addr1;
  reg  [WW-1:0] rom0 [0:3];
  reg  [WW-1:0] rom1 [0:3];
  reg  [WW-1:0] word0, word1;
  wire          v0, v1, busy0, busy1, done0, done1, err0, err1;
  wire [PW-1:0] d0, d1, r0, r1;

  hc_sched_node #(.NP(1), .PW(PW), .NB(NBANKS), .BW(1), .DEPTH(DEPTH), .AW(1), .PSW(1), .IW(1),
                  .ROWS(3), .RAW(2), .HD(HD), .NBRAM(NBRAM)) u_n0 (
    .clk_i(clk), .rst_ni(rst_n), .start_i(start), .busy_o(busy0), .done_o(done0), .err_o(err0),
    .rom_addr_o(addr0), .rom_data_i(word0), .ld_valid_i(ld_valid && ld_node == 2'd0),
    .ld_slot_i(2'b00), .ld_data_i(ld_data), .rd_slot_i(rd_slot), .rd_data_o(r0),
    .lnk_valid_i(v1), .lnk_data_i(d1), .lnk_valid_o(v0), .lnk_data_o(d0));
  hc_sched_node #(.NP(1), .PW(PW), .NB(NBANKS), .BW(1), .DEPTH(DEPTH), .AW(1), .PSW(1), .IW(1),
                  .ROWS(3), .RAW(2), .HD(HD), .NBRAM(NBRAM), .SMASK(SMASK1),
                  .WMASK(WMASK1)) u_n1 (
    .clk_i(clk), .rst_ni(rst_n), .start_i(start), .busy_o(busy1), .done_o(done1), .err_o(err1),
    .rom_addr_o(addr1), .rom_data_i(word1), .ld_valid_i(ld_valid && ld_node == 2'd1),
    .ld_slot_i(2'b00), .ld_data_i(ld_data), .rd_slot_i(rd_slot), .rd_data_o(r1),
    .lnk_valid_i(v0), .lnk_data_i(d0), .lnk_valid_o(v1), .lnk_data_o(d1));

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      word0 <= {WW{1'b0}};
      word1 <= {WW{1'b0}};
    end else begin
      word0 <= rom0[addr0];
      word1 <= rom1[addr1];
    end
  end

  always #5 clk = ~clk;

  integer cycles, events, errors;
  initial begin
    cycles = 0; events = 0; errors = 0;
    // Node 0: the start cycle reads address 0; row 0 sends that word (step 1);
    // row 2 writes the step-2 arrival at address 1.
    rom0[0] = 9'b10_000_0000;
    rom0[1] = (CORRUPT == 2) ? 9'b00_000_0000 : 9'b00_000_1000;
    rom0[2] = (CORRUPT == 9) ? 9'b11_000_0000 : 9'b00_000_0000;
    rom0[3] = 9'b00_101_0000;
    // Node 1: row 0 reads address 0; row 1 writes the step-1 arrival at address
    // 1 and sends the word read (step 2).
    rom1[0] = (CORRUPT == 1) ? 9'b10_000_0000 : (CORRUPT == 3) ? 9'b11_000_0000 : 9'b00_000_0000;
    rom1[1] = (CORRUPT == 1 || CORRUPT == 3) ? 9'b10_000_1000 :
              (CORRUPT == 5) ? 9'b10_000_1010 : (CORRUPT == 10) ? 9'b00_000_0000 : 9'b10_000_0000;
    rom1[2] = (CORRUPT == 4) ? 9'b00_101_1100 : (CORRUPT == 6) ? 9'b00_101_1110 : 9'b00_101_1000;
    rom1[3] = 9'b00_000_0000;
    #12 rst_n = 1'b1;
    @(negedge clk); ld_valid = 1'b1; ld_node = 2'd0; ld_data = 8'hA5;
    @(negedge clk); ld_node = 2'd1; ld_data = 8'h3C;
    @(negedge clk); ld_valid = 1'b0; start = 1'b1;
    @(negedge clk); start = 1'b0;
    while (!(done0 && done1) && cycles < 20) begin
      @(negedge clk);
      cycles = cycles + 1;
    end
    @(negedge clk);
    events = err0 + err1;
    rd_slot = 2'b01;
    @(negedge clk);  // a synchronous read
    if (CORRUPT == 0 && (r0 !== 8'h3C || r1 !== 8'hA5)) begin
      $display("swap failed: node 0 holds %h, node 1 holds %h", r0, r1);
      errors = errors + 1;
    end
    @(negedge clk);  // the read word has passed the send multiplexers' registers
    if (d0 !== {PW{1'b0}} || d1 !== {PW{1'b0}}) begin
      $display("a host read reached a link: %h %h", d0, d1);
      errors = errors + 1;
    end
    $display("checked %0d %0d %0d", cycles, events, errors);
    $finish;
  end
endmodule
