// hc_router_core's rule for the two-cycle hop (HOP = 2): a head whose grant is in
// flight (registered in the cycle before) is still valid when it is sent; the
// injection source holds inj_valid_i until inj_ready_o. A 2-port router with
// two-flit VCs and every credit available; an injection originates on port 0
// only (orig_wc 1 on port 0, 0 on port 1). The injection is granted port 0 in
// the cycle it is offered; its grant is in flight the cycle after, when
// inj_ready_o rises. With DROP = 0 the source holds inj_valid_i until then and
// the check stays silent; with DROP = 1 it drops inj_valid_i in that cycle,
// breaking the rule: the check must fire, for head 4 (the injection) on port 0.
// Either way one flit leaves, on port 0. Prints "checked CYCLES FLITS_OUT
// WRONG" (WRONG: flits on port 1, or with another payload than injected).
module router_hop2_tb;
  parameter integer DROP = 0;
  localparam integer NP = 2, AW = 2, PW = 8, WDW = 2, WCW = 2, FW = 1 + AW + WDW + WCW + PW;

  reg              clk = 1'b0;
  reg              rst_n = 1'b0;
  reg              inj_valid = 1'b0;
  reg  [PW-1:0]    inj_payload = {PW{1'b0}};
  wire [2*NP-1:0]  lin_credit;
  wire [NP-1:0]    lout_valid, dlv_valid;
  wire [NP*FW-1:0] lout_data, dlv_data;
  wire             inj_ready;
  integer          cycles = 0, flits = 0, wrong = 0, k, ready_seen = 0;

  hc_router_core #(.NP(NP), .AW(AW), .PW(PW), .WDW(WDW), .WCW(WCW), .PIW(1), .DEPTH(2),
                   .NDIM(1), .HOP(2)) u_core (
    .clk_i(clk), .rst_ni(rst_n), .node_addr_i(2'd0),
    .port_dim_i({2'd1, 2'd1}), .orig_wc_i({2'd0, 2'd1}), .fwd_port_i(2'b01),
    .two_vc_i(2'b00), .wrap_i(2'b00),
    .lin_valid_i(2'b00), .lin_data_i({NP * FW{1'b0}}), .lin_credit_o(lin_credit),
    .lout_valid_o(lout_valid), .lout_data_o(lout_data), .lout_credit_i(4'b0000),
    .inj_valid_i(inj_valid), .inj_payload_i(inj_payload), .inj_ready_o(inj_ready),
    .dlv_valid_o(dlv_valid), .dlv_data_o(dlv_data));

  always #5 clk = ~clk;
  always @(posedge clk) begin
    cycles = cycles + 1;
    for (k = 0; k < NP; k = k + 1)
      if (lout_valid[k]) begin
        flits = flits + 1;
        if (k != 0 || lout_data[k*FW+:PW] != 8'h5a) wrong = wrong + 1;
      end
  end

  initial begin
    #12 rst_n = 1'b1;
    @(negedge clk);
    // offered: granted port 0 at the next edge, not yet ready
    inj_valid = 1'b1;
    inj_payload = 8'h5a;
    #1 if (inj_ready) wrong = wrong + 1;
    @(negedge clk);
    // the grant is in flight: the injection leaves at the next edge
    if (u_core.gnt_fly[0*5+4] !== 1'b1) wrong = wrong + 1;
    if (DROP != 0) inj_valid = 1'b0;
    #1 ready_seen = inj_ready;
    if (DROP == 0 && !ready_seen) wrong = wrong + 1;
    @(negedge clk);
    inj_valid = 1'b0;
    repeat (4) @(posedge clk) #1;
    $display("checked %0d %0d %0d", cycles, flits, wrong);
    $finish;
  end

  /* verilator lint_off UNUSED */
  wire unused = ^lin_credit ^ ^dlv_valid ^ ^dlv_data ^ ^lout_data;
  /* verilator lint_on UNUSED */
endmodule
