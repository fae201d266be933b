// Pin-limited wrapper around one hc_sched_node for placing and routing it alone
// (bench/sched_node_fpga.sh): every input comes from a shift register fed by
// sin_i, every output is registered and XOR-reduced four bits a stage into
// sout_o, so every path of the node starts and ends at a flip-flop, as in the
// network. Parameters: hc_sched_node's.
module sched_node_wrap #(
  parameter integer NP    = 2,   // ports
  parameter integer PW    = 32,  // payload bits
  parameter integer NB    = 1,   // store banks
  parameter integer BW    = 1,   // bank index bits
  parameter integer DEPTH = 1,   // words per bank
  parameter integer AW    = 1,   // bank address bits
  parameter integer PSW   = 1,   // port index bits
  parameter integer IW    = 1,   // send index bits
  parameter integer ROWS  = 2,   // rows
  parameter integer RAW   = 1,   // ROM address bits
  parameter integer HD    = 0,   // half-duplex links
  parameter integer NBRAM = NB,  // banks in block RAM
  parameter [NP*(NB+2*NP)-1:0] SMASK = {NP * (NB + 2 * NP) {1'b1}},  // sources per port
  parameter [NB*NP-1:0] WMASK = {NB * NP{1'b1}}  // writers per bank
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire sin_i,
  output wire sout_o
);
  localparam integer WW = NP * (IW + 3) + NB * (PSW + 2 * AW + 2);
  localparam integer SL = BW + AW;
  localparam integer IN = 2 + WW + SL + PW + SL + NP + NP * PW;
  localparam integer OUT = 3 + RAW + PW + NP + NP * PW;
  reg  [ IN-1:0] sr;
  always @(posedge clk_i) sr <= {sr[IN-2:0], sin_i};
  wire [OUT-1:0] o;
  hc_sched_node #(
    .NP(NP), .PW(PW), .NB(NB), .BW(BW), .DEPTH(DEPTH), .AW(AW), .PSW(PSW), .IW(IW),
    .ROWS(ROWS), .RAW(RAW), .HD(HD), .NBRAM(NBRAM), .SMASK(SMASK), .WMASK(WMASK)
  ) u_node (
    .clk_i(clk_i), .rst_ni(rst_ni), .start_i(sr[0]), .busy_o(o[0]), .done_o(o[1]), .err_o(o[2]),
    .rom_addr_o(o[3+:RAW]), .rom_data_i(sr[1+:WW]), .ld_valid_i(sr[1+WW]),
    .ld_slot_i(sr[2+WW+:SL]), .ld_data_i(sr[2+WW+SL+:PW]), .rd_slot_i(sr[2+WW+SL+PW+:SL]),
    .rd_data_o(o[3+RAW+:PW]), .lnk_valid_i(sr[2+WW+2*SL+PW+:NP]),
    .lnk_data_i(sr[2+WW+2*SL+PW+NP+:NP*PW]), .lnk_valid_o(o[3+RAW+PW+:NP]),
    .lnk_data_o(o[3+RAW+PW+NP+:NP*PW]));
  // Five stages of 4-to-1 XOR registers: up to 4^5 = 1024 output bits.
  reg [OUT-1:0] s0;
  reg [255:0] s1;
  reg [63:0] s2;
  reg [15:0] s3;
  reg [3:0] s4;
  reg s5;
  wire [1023:0] x0 = {{(1024 - OUT) {1'b0}}, s0};
  integer i;
  always @(posedge clk_i) begin
    s0 <= o;
    for (i = 0; i < 256; i = i + 1) s1[i] <= ^x0[4*i+:4];
    for (i = 0; i < 64; i = i + 1) s2[i] <= ^s1[4*i+:4];
    for (i = 0; i < 16; i = i + 1) s3[i] <= ^s2[4*i+:4];
    for (i = 0; i < 4; i = i + 1) s4[i] <= ^s3[4*i+:4];
    s5 <= ^s4;
  end
  assign sout_o = s5;
endmodule
