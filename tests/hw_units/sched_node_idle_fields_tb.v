// hc_sched_node: a send field with valid = 0 leaves its port idle whatever its
// other bits (docs/file-formats.md "Schedule ROM format"), at the parameters
// of the 3-cube total exchange's node 0 (NP = 3, NB = 3, DEPTH = 4, ROWS = 5,
// its SMASK and WMASK: port 0 sends from bank 1, port 1's arrival now and port
// 2's arrival of the row before; port 1 from banks 1, 2 and port 2's arrival
// now; port 2 from bank 0). A hand-written 6-word ROM: the start cycle reads
// slot 0 (bank 0, address 0); row 0 sends that word on port 2; row 2 forwards
// on port 0 the packet that arrived on port 2 in row 1. Every other send field
// is idle but not zero: port 0 {0, kind 2, port 2} (the late forward it may
// make), port 1 {0, kind 1, port 2}, port 2 {0, kind 0, bank 1}; every idle
// write field {0, port 2, address 3}, every idle read field {0, address 1}.
// The links carry a nonzero word on every port in every cycle, valid only on
// port 2 in row 1. Expected, in every cycle from the reset on: lnk_valid_o
// 3'b100 and port 2's word A0A00001 in row 1, 3'b001 and the arrival's word
// in row 3, else nothing valid and every link word zero; err_o low; busy_o in
// rows 0-4, done_o after. Then the host reads slots 0 and 5 (the loaded words).
// Prints "checked CYCLES VALID_SENDS ERRORS".
module sched_node_idle_fields_tb;
  localparam integer WW = 39;  // 3 x 5 send + 3 x 5 write + 3 x 3 read bits

  reg           clk = 1'b0;
  reg           rst_n = 1'b0;
  reg           start = 1'b0;
  reg           ld_valid = 1'b0;
  reg  [   3:0] ld_slot = 4'd0;
  reg  [  31:0] ld_data = 32'd0;
  reg  [   3:0] rd_slot = 4'd0;
  reg  [   2:0] lv_in = 3'b000;
  reg  [  95:0] ld_in = 96'd0;
  wire [   2:0] addr;
  reg  [WW-1:0] rom  [0:7];
  reg  [WW-1:0] word;
  wire          busy, done, err;
  wire [   2:0] lv_out;
  wire [  95:0] ld_out;
  wire [  31:0] rd_data;

  hc_sched_node #(
    .NP   (3),
    .PW   (32),
    .NB   (3),
    .BW   (2),
    .DEPTH(4),
    .AW   (2),
    .PSW  (2),
    .IW   (2),
    .ROWS (5),
    .RAW  (3),
    .HD   (0),
    .SMASK(27'h0044d12),
    .WMASK(9'h111)
  ) u_n (
    .clk_i      (clk),
    .rst_ni     (rst_n),
    .start_i    (start),
    .busy_o     (busy),
    .done_o     (done),
    .err_o      (err),
    .rom_addr_o (addr),
    .rom_data_i (word),
    .ld_valid_i (ld_valid),
    .ld_slot_i  (ld_slot),
    .ld_data_i  (ld_data),
    .rd_slot_i  (rd_slot),
    .rd_data_o  (rd_data),
    .lnk_valid_i(lv_in),
    .lnk_data_i (ld_in),
    .lnk_valid_o(lv_out),
    .lnk_data_o (ld_out)
  );

  always @(posedge clk) word <= rom[addr];

  // {reads 2..0 {re, addr}, writes 2..0 {we, port, addr}, sends 2..0 {valid, kind, index}}
  localparam [8:0] RD_IDLE = {3{3'b001}};
  localparam [14:0] WR_IDLE = {3{5'b01011}};
  localparam [4:0] S0_IDLE = 5'b01010, S1_IDLE = 5'b00110, S2_IDLE = 5'b00001;

  integer cycle, row, sends, errors;
  reg [2:0] want_v;
  reg [95:0] want_d;
  localparam [31:0] OWN = 32'ha0a00001, ARRIVAL = 32'h5eed0002;

  task check;
    begin
      if (lv_out !== want_v || ld_out !== want_d || err !== 1'b0) begin
        errors = errors + 1;
        $display("cycle %0d (row %0d): valid %b data %h err %b, want %b %h 0", cycle, row, lv_out,
                 ld_out, err, want_v, want_d);
      end
      if (lv_out != 3'b000) sends = sends + 1;
    end
  endtask

  initial begin
    rom[0] = {3'b000, 3'b000, 3'b100, WR_IDLE, S2_IDLE, S1_IDLE, S0_IDLE};  // read slot 0
    rom[1] = {RD_IDLE, WR_IDLE, 5'b10000, S1_IDLE, S0_IDLE};  // port 2 sends bank 0's word
    rom[2] = {RD_IDLE, WR_IDLE, S2_IDLE, S1_IDLE, S0_IDLE};
    rom[3] = {RD_IDLE, WR_IDLE, S2_IDLE, S1_IDLE, 5'b11010};  // port 0: row 1's port-2 arrival
    rom[4] = {RD_IDLE, WR_IDLE, S2_IDLE, S1_IDLE, S0_IDLE};
    rom[5] = {RD_IDLE, WR_IDLE, S2_IDLE, S1_IDLE, S0_IDLE};
    rom[6] = {WW{1'b0}};
    rom[7] = {WW{1'b0}};
    cycle  = 0;
    row    = -1;
    sends  = 0;
    errors = 0;
    ld_in  = {32'h0bad0002, 32'h0bad0001, 32'h0bad0000};
    want_v = 3'b000;
    want_d = 96'd0;
    #2 rst_n = 1'b1;
    // load slot 0 (bank 0, address 0) and slot 5 (bank 1, address 1)
    ld_valid = 1'b1;
    ld_slot  = 4'd0;
    ld_data  = OWN;
    #1 clk = 1'b1;
    #1 clk = 1'b0;
    check;
    ld_slot = 4'd5;
    ld_data = 32'hb1b10005;
    #1 clk = 1'b1;
    #1 clk = 1'b0;
    check;
    ld_valid = 1'b0;
    #1 clk = 1'b1;
    #1 clk = 1'b0;
    check;
    // the start cycle, then rows 0..4
    start = 1'b1;
    for (row = -1; row < 6; row = row + 1) begin
      cycle  = cycle + 1;
      lv_in  = (row == 1) ? 3'b100 : 3'b000;
      ld_in  = {(row == 1) ? ARRIVAL : 32'h0bad0002 + (row << 8), 32'h0bad0001, 32'h0bad0000};
      want_v = (row == 1) ? 3'b100 : (row == 3) ? 3'b001 : 3'b000;
      want_d = (row == 1) ? {OWN, 64'd0} : (row == 3) ? {64'd0, ARRIVAL} : 96'd0;
      #1;
      check;
      if (busy !== (row >= 0 && row <= 4) || done !== (row == 5)) begin
        errors = errors + 1;
        $display("row %0d: busy %b done %b", row, busy, done);
      end
      clk = 1'b1;
      #1 clk = 1'b0;
      start = 1'b0;
    end
    // the host's reads: slot 0, then slot 5, each shown the clock after
    rd_slot = 4'd0;
    #1 clk = 1'b1;
    #1 clk = 1'b0;
    rd_slot = 4'd5;
    #1;
    if (rd_data !== OWN) begin
      errors = errors + 1;
      $display("slot 0 reads %h", rd_data);
    end
    clk = 1'b1;
    #1 clk = 1'b0;
    #1;
    if (rd_data !== 32'hb1b10005) begin
      errors = errors + 1;
      $display("slot 5 reads %h", rd_data);
    end
    want_v = 3'b000;
    want_d = 96'd0;
    check;
    $display("checked %0d %0d %0d", cycle, sends, errors);
    $finish;
  end
endmodule
