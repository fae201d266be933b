// hc_router_core with admission by epochs (EPOCH = 1, QUOTA = 1), a 2-port ring
// router with one flit per VC; the bench drives the head epoch's parity h as
// hc_epoch_head's hn_o would: the core sees it (registers it) a cycle later, hq.
// Phase 1 (credits come back a cycle after each flit): the injection is offered
// in every cycle. With h = 0 it takes epoch 1 and goes out once, then waits: the
// quota of epoch 1 is spent. After h moves to 1 it takes epoch 0 (parity 0) and
// goes out once more. Every injected flit carries the parity of hq + 1.
// Phase 2 (no credit comes back): flit X (wc 2) arrives on port 0 and leaves on
// port 1, spending its one credit; flit Y stays in the VC. Both carry epoch
// parity EP: 0, the parity of hq + 1 (hq = 1 now), so the router is not busy
// with the head epoch until h moves to 0, and then it is. With FAULT = 1 they
// carry h's own parity, 1: the router is busy with the head epoch, and moving
// h on while Y is held breaks the rule that the head epoch passes no flit
// held: a_epoch_passed must fire.
// Prints "checked CYCLES ACCEPTED ERRORS" (ERRORS: flits with another epoch
// bit, busy flags other than expected, acceptances at other times).
module router_epoch_tb;
  parameter integer FAULT = 0;
  localparam integer NP = 2, AW = 2, PW = 8, WDW = 2, WCW = 2, FW = 1 + AW + WDW + WCW + 1 + PW;

  reg             clk = 1'b0;
  reg             rst_n = 1'b0;
  reg             h = 1'b0;
  reg             hq = 1'b0;       // h as the core sees it: h of the cycle before
  reg             inj_valid = 1'b0;
  reg             loop = 1'b1;  // credits come back
  reg  [NP-1:0]   lin_valid = {NP{1'b0}};
  reg  [2*NP-1:0] lout_credit = {2 * NP{1'b0}};
  reg  [NP*FW-1:0] lin_data = {NP * FW{1'b0}};
  wire [2*NP-1:0] lin_credit;
  wire [NP-1:0]   lout_valid, dlv_valid;
  wire [NP*FW-1:0] lout_data, dlv_data;
  wire            inj_ready, busy;
  integer         cycles = 0, accepted = 0, errors = 0, k;
  reg             sent_ep = 1'b1;  // the epoch parity the injection took in the cycle before

  hc_router_core #(.NP(NP), .AW(AW), .PW(PW), .WDW(WDW), .WCW(WCW), .PIW(1), .DEPTH(1),
                   .NDIM(1), .HOP(1), .EPOCH(1), .QUOTA(1)) u_core (
    .clk_i(clk), .rst_ni(rst_n), .node_addr_i(2'd0),
    .port_dim_i({2'd1, 2'd1}), .orig_wc_i({2'd1, 2'd1}), .fwd_port_i(2'b01),
    .two_vc_i(2'b00), .wrap_i(2'b00),
    .lin_valid_i(lin_valid), .lin_data_i(lin_data), .lin_credit_o(lin_credit),
    .lout_valid_o(lout_valid), .lout_data_o(lout_data), .lout_credit_i(lout_credit),
    .inj_valid_i(inj_valid), .inj_payload_i(8'h5a), .inj_ready_o(inj_ready),
    .epoch_hn_i(h), .epoch_busy_o(busy),
    .dlv_valid_o(dlv_valid), .dlv_data_o(dlv_data));

  always #5 clk = ~clk;
  always @(posedge clk) begin
    cycles = cycles + 1;
    if (inj_valid && inj_ready) accepted = accepted + 1;
    // injected flits (payload 5a) carry the parity of hq + 1 of their cycle
    for (k = 0; k < NP; k = k + 1)
      if (lout_valid[k] && lout_data[k*FW+:PW] == 8'h5a && lout_data[k*FW+PW] != sent_ep)
        errors = errors + 1;
    lout_credit <= loop ? {1'b0, lout_valid[1], 1'b0, lout_valid[0]} : {2 * NP{1'b0}};
  end
  always @(posedge clk) begin
    hq      <= h;
    sent_ep <= ~hq;
  end

  // a flit on port 0: {vc 0, origin, wd = 1, wc = 2, epoch, payload}
  task send(input ep, input [PW-1:0] payload);
    begin
      lin_valid = 2'b01;
      lin_data  = {{FW{1'b0}}, 1'b0, 2'd1, 2'd1, 2'd2, ep, payload};
      @(posedge clk) #1;
      lin_valid = 2'b00;
    end
  endtask
  task expect_busy(input want);
    if (busy !== want) errors = errors + 1;
  endtask

  initial begin
    #12 rst_n = 1'b1;
    @(posedge clk) #1;
    // phase 1: one packet per epoch
    inj_valid = 1'b1;
    repeat (6) @(posedge clk) #1;
    if (accepted != 1) errors = errors + 1;
    h = 1'b1;
    repeat (6) @(posedge clk) #1;
    if (accepted != 2) errors = errors + 1;
    inj_valid = 1'b0;
    repeat (3) @(posedge clk) #1;
    // phase 2: Y held, then h moves on
    loop = 1'b0;
    repeat (2) @(posedge clk) #1;
    send(FAULT != 0, 8'h11);
    send(FAULT != 0, 8'h22);
    repeat (2) @(posedge clk) #1;
    expect_busy(FAULT != 0);
    h = 1'b0;
    repeat (2) @(posedge clk) #1;
    expect_busy(FAULT == 0);
    $display("checked %0d %0d %0d", cycles, accepted, errors);
    $finish;
  end

  /* verilator lint_off UNUSED */
  wire unused = ^lin_credit ^ ^dlv_valid ^ ^dlv_data;
  /* verilator lint_on UNUSED */
endmodule
