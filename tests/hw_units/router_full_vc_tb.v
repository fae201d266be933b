// hc_router_core's rule for one cycle per hop: a flit may arrive only in a VC
// with room for it, with one flit per VC only in an empty one (credits see to
// it). A 2-port ring router with DEPTH flits per VC whose downstream never
// returns a credit: flits 1..DEPTH (wc 2) arrive on port 0 and leave on port 1,
// spending its DEPTH credits; DEPTH more arrive and stay, owing port 1. With
// FULL = 1 one more flit is pushed into that full VC, breaking the rule, and
// the router's simulation check must fire; with FULL = 0 it is not, and the
// check stays silent.
// The payload on the link comes from the granted head's register in the cycle
// after the grant: every flit leaving must carry flit 1's payload. With
// CORRUPT = 1 (DEPTH = 1) the VC register is overwritten in that cycle, so the link carries
// another payload and the router's check that the sent payload is the granted
// head's must fire.
// The ports have one VC each, so their flits carry vc 0. With BADVC = 1 flit 1
// carries vc 1, and the router's check that a continuing head's vc bit is its
// VC's must fire. With CREDIT = 1 the downstream of port 1 returns a credit
// before any flit left, beyond DEPTH: the credit counter's a_credit_over must
// fire. With DROP = 1 an injection is offered while port 1 has no credit and
// withdrawn a cycle later, before inj_ready: the source's a_inj_hold must fire.
// Prints "checked CYCLES FLITS_OUT WRONG_PAYLOADS".
module router_full_vc_tb;
  parameter integer DEPTH = 1;
  parameter integer FULL = 0;
  parameter integer CORRUPT = 0;
  parameter integer BADVC = 0;
  parameter integer CREDIT = 0;
  parameter integer DROP = 0;
  localparam integer NP = 2, AW = 2, PW = 8, WDW = 2, WCW = 2, FW = 1 + AW + WDW + WCW + PW;

  reg             clk = 1'b0;
  reg             rst_n = 1'b0;
  reg  [NP-1:0]   lin_valid = {NP{1'b0}};
  reg  [2*NP-1:0] lout_credit = {2 * NP{1'b0}};
  reg  [NP*FW-1:0] lin_data = {NP * FW{1'b0}};
  wire [2*NP-1:0] lin_credit;
  wire [NP-1:0]   lout_valid, dlv_valid;
  wire [NP*FW-1:0] lout_data, dlv_data;
  wire            inj_ready;
  reg             inj_valid = 1'b0;
  integer         cycles = 0, flits = 0, wrong = 0, k, j;

  hc_router_core #(.NP(NP), .AW(AW), .PW(PW), .WDW(WDW), .WCW(WCW), .PIW(1), .DEPTH(DEPTH),
                   .NDIM(1), .HOP(1)) u_core (
    .clk_i(clk), .rst_ni(rst_n), .node_addr_i(2'd0),
    .port_dim_i({2'd1, 2'd1}), .orig_wc_i({2'd1, 2'd1}), .fwd_port_i(2'b01),
    .two_vc_i(2'b00), .wrap_i(2'b00),
    .lin_valid_i(lin_valid), .lin_data_i(lin_data), .lin_credit_o(lin_credit),
    .lout_valid_o(lout_valid), .lout_data_o(lout_data), .lout_credit_i(lout_credit),
    .inj_valid_i(inj_valid), .inj_payload_i(8'h44), .inj_ready_o(inj_ready),
    .dlv_valid_o(dlv_valid), .dlv_data_o(dlv_data));

  always #5 clk = ~clk;
  always @(posedge clk) begin
    cycles = cycles + 1;
    for (k = 0; k < NP; k = k + 1)
      if (lout_valid[k]) begin
        flits = flits + 1;
        if (lout_data[k*FW+:PW] != 8'h11) wrong = wrong + 1;
      end
  end

  // a flit on port 0 (its one VC, 0): {vc, origin, wd = 1, wc = 2, payload}
  task send(input vc, input [PW-1:0] payload);
    begin
      lin_valid = 2'b01;
      lin_data  = {{FW{1'b0}}, vc, 2'd1, 2'd1, 2'd2, payload};
      @(posedge clk) #1;
      lin_valid = 2'b00;
    end
  endtask

  initial begin
    #12 rst_n = 1'b1;
    if (CREDIT != 0) lout_credit = 4'b0100;  // port 1, VC 0
    @(posedge clk) #1;
    lout_credit = {2 * NP{1'b0}};
    for (j = 1; j < DEPTH; j = j + 1) send(1'b0, 8'h11);
    send(BADVC != 0, 8'h11);
    // the last of them was granted port 1 in its arrival cycle; it is sent now
    if (CORRUPT != 0) u_core.g_in[0].g_vc[0].g_buf.g_slot.slot_q[PW-1:0] = 8'hee;
    for (j = 0; j < DEPTH; j = j + 1) send(1'b0, 8'h22);
    repeat (2) @(posedge clk) #1;
    if (FULL != 0) send(1'b0, 8'h33);
    if (DROP != 0) begin
      inj_valid = 1'b1;
      @(posedge clk) #1;
      inj_valid = 1'b0;
    end
    repeat (4) @(posedge clk) #1;
    $display("checked %0d %0d %0d", cycles, flits, wrong);
    $finish;
  end

  /* verilator lint_off UNUSED */
  wire unused = ^lin_credit ^ ^dlv_valid ^ ^dlv_data ^ inj_ready ^ ^lout_data;
  /* verilator lint_on UNUSED */
endmodule
