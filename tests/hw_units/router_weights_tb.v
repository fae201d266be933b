// hc_router with G^{1,1}_{4,4}'s tables (the default router: two-flit VCs,
// admission by epochs with QUOTA 4; the mutation rows of hc_router and
// hc_router_core, gen/tools/mutation_main.cpp) at HOP cycles per hop: what one
// flit alone makes the router send, for every input VC and every weight count
// the WCW = 2 bits carry, worked out from Algorithm 1 and the tables:
//   port p: dimension 1, 1, 2, 2; origin weight 2, 1, 2, 1; continues on p;
//   ports 0 and 2 have VC 1; REQ_OK lets input VC (1, 0) ask for no output and
//   VC (3, 0) for outputs 0 and 1 only (the network never sends it more).
// A flit arriving on port p with weight count wc (no dateline at this node):
//   Case 2, wc > 1: one flit on port p with wc - 1, in the VC it came in
//     (port 0 or 2), if REQ_OK lets it continue (not from port 1 or 3);
//   Case 1, dimension 2 (ports 2, 3): one flit on port 0 with wc 2 and one on
//     port 1 with wc 1, both in VC 0;
// each with the flit's origin, epoch bit and payload and wd = the output's
// dimension; and on lane p the flit itself one cycle later. An injection
// (wd = 3) leaves on all four ports with their origin weights, VC 0, this
// node's address and the epoch after the head's (parity 1, h = 0). The
// network's weights stop at 2, so wc = 3 never reaches a router of
// G^{1,1}_{4,4}; the rule holds for it all the same.
// The cases run in two sweeps (ports 2, 3, 1, 0, then the injection), the
// second with every VC's buffer holding the first sweep's flits; credits come
// back one cycle after each flit. Prints "checked CYCLES CASES ERRORS".
module router_weights_tb;
  parameter integer HOP = 2;
  localparam integer NP = 4, AW = 4, PW = 32, WDW = 2, WCW = 2, PIW = 2;
  localparam integer FW = 1 + AW + WDW + WCW + 1 + PW;
  localparam integer F_VC = FW - 1;
  localparam [NP*WDW-1:0] PORT_DIM = 8'b10100101;
  localparam [NP*WCW-1:0] ORIG_WC  = 8'b01100110;

  reg              clk = 1'b0;
  reg              rst_n = 1'b0;
  reg  [NP-1:0]    lin_valid = {NP{1'b0}};
  reg  [NP*FW-1:0] lin_data = {NP * FW{1'b0}};
  reg  [2*NP-1:0]  lout_credit = {2 * NP{1'b0}};
  reg              inj_valid = 1'b0;
  reg  [PW-1:0]    inj_payload = {PW{1'b0}};
  wire [2*NP-1:0]  lin_credit;
  wire [NP-1:0]    lout_valid, dlv_valid;
  wire [NP*FW-1:0] lout_data, dlv_data;
  wire             inj_ready, busy;
  integer          cycles = 0, cases = 0, errors = 0, k;
  integer          got[0:NP-1];     // flits sent on each port in this case
  reg  [FW-1:0]    sent[0:NP-1];    // the first of them
  reg  [FW-1:0]    want[0:NP-1];    // expected, where wanted[q]
  reg  [NP-1:0]    wanted;
  integer          lane = -1;       // the port whose lane shows the flit, -1: none
  reg  [FW-1:0]    lane_flit;
  integer          lane_seen = 0;

  hc_router #(.NP(NP), .AW(AW), .PW(PW), .WDW(WDW), .WCW(WCW), .PIW(PIW), .DEPTH(2), .NDIM(2),
              .FAIR(0), .HOP(HOP), .EPOCH(1), .QUOTA(4), .PORT_DIM(PORT_DIM), .ORIG_WC(ORIG_WC),
              .FWD_PORT(8'b11100100), .TWO_VC(4'b0101),
              .REQ_OK(36'b100000000100110000101110000101110011),
              .GROUP_OUT(4'b0001)) u_router (
    .clk_i(clk), .rst_ni(rst_n), .node_addr_i(4'd6), .wrap_i(4'b0000),
    .lin_valid_i(lin_valid), .lin_data_i(lin_data), .lin_credit_o(lin_credit),
    .lout_valid_o(lout_valid), .lout_data_o(lout_data), .lout_credit_i(lout_credit),
    .inj_valid_i(inj_valid), .inj_payload_i(inj_payload), .inj_ready_o(inj_ready),
    .epoch_hn_i(1'b0), .epoch_busy_o(busy),
    .dlv_valid_o(dlv_valid), .dlv_data_o(dlv_data));

  always #5 clk = ~clk;
  always @(posedge clk) begin
    cycles = cycles + 1;
    for (k = 0; k < NP; k = k + 1) begin
      if (lout_valid[k]) begin
        if (got[k] == 0) sent[k] = lout_data[k*FW+:FW];
        got[k] = got[k] + 1;
      end
      if (dlv_valid[k]) begin
        if (k != lane || lane_seen != 0 || dlv_data[k*FW+:FW] !== lane_flit) errors = errors + 1;
        lane_seen = lane_seen + 1;
      end
      // the downstream frees each flit at once
      lout_credit[2*k]   <= lout_valid[k] & ~lout_data[k*FW+F_VC];
      lout_credit[2*k+1] <= lout_valid[k] & lout_data[k*FW+F_VC];
    end
  end

  // a flit {vc, origin, wd, wc, epoch, payload}
  function [FW-1:0] flit(input v, input [AW-1:0] org, input [WDW-1:0] wd, input [WCW-1:0] wc,
                         input ep, input [PW-1:0] pl);
    flit = {v, org, wd, wc, ep, pl};
  endfunction

  // waits for what the case sends and checks it against want/wanted
  task finish;
    begin
      repeat (8) @(posedge clk) #1;
      for (k = 0; k < NP; k = k + 1)
        if (got[k] != (wanted[k] ? 1 : 0) || (wanted[k] && sent[k] !== want[k])) begin
          errors = errors + 1;
          $display("case %0d, port %0d: %0d flits, first %h; want %0d, %h", cases, k, got[k],
                   sent[k], wanted[k], want[k]);
        end
      if (lane_seen != (lane >= 0 ? 1 : 0)) errors = errors + 1;
    end
  endtask

  task start;
    begin
      cases     = cases + 1;
      wanted    = {NP{1'b0}};
      lane_seen = 0;
      for (k = 0; k < NP; k = k + 1) got[k] = 0;
    end
  endtask

  // one flit on port p, input VC v, weight count wc
  task arrive(input integer p, input v, input [WCW-1:0] wc);
    reg [AW-1:0] org;
    reg          ep;
    reg [PW-1:0] pl;
    reg [FW-1:0] f;
    begin
      start;
      org = cases[AW-1:0] ^ 4'b1010;
      ep  = cases[0];
      pl  = {cases[7:0], 8'h5a, ~cases[7:0], 8'hc3} ^ {16'h0000, cases[15:0]};
      f   = flit(v, org, PORT_DIM[p*WDW+:WDW], wc, ep, pl);
      if (wc > 1 && (p == 0 || p == 2)) begin  // Case 2
        wanted[p] = 1'b1;
        want[p]   = flit(v, org, PORT_DIM[p*WDW+:WDW], wc - 1'b1, ep, pl);
      end
      if (p >= 2) begin  // Case 1 on the ports of dimension 1
        wanted[0] = 1'b1;
        want[0]   = flit(1'b0, org, 2'd1, ORIG_WC[0+:WCW], ep, pl);
        wanted[1] = 1'b1;
        want[1]   = flit(1'b0, org, 2'd1, ORIG_WC[WCW+:WCW], ep, pl);
      end
      lane      = p;
      lane_flit = f;
      lin_valid = {NP{1'b0}};
      lin_valid[p] = 1'b1;
      lin_data  = {NP * FW{1'b0}};
      lin_data[p*FW+:FW] = f;
      @(posedge clk) #1;
      lin_valid = {NP{1'b0}};
      finish;
    end
  endtask

  task inject;
    begin
      start;
      lane        = -1;
      inj_payload = {8'h96, cases[7:0], 8'h69, ~cases[7:0]};
      for (k = 0; k < NP; k = k + 1) begin
        wanted[k] = 1'b1;
        want[k]   = flit(1'b0, 4'd6, PORT_DIM[k*WDW+:WDW], ORIG_WC[k*WCW+:WCW], 1'b1, inj_payload);
      end
      inj_valid = 1'b1;
      while (!inj_ready) #1;
      @(posedge clk) #1;
      inj_valid = 1'b0;
      finish;
    end
  endtask

  integer sweep, v, wc;
  initial begin
    #12 rst_n = 1'b1;
    @(posedge clk) #1;
    for (sweep = 0; sweep < 2; sweep = sweep + 1) begin
      for (v = 0; v < 2; v = v + 1)
        for (wc = 1; wc < 4; wc = wc + 1) arrive(2, v[0], wc[WCW-1:0]);
      for (wc = 1; wc < 4; wc = wc + 1) arrive(3, 1'b0, wc[WCW-1:0]);
      for (wc = 1; wc < 4; wc = wc + 1) arrive(1, 1'b0, wc[WCW-1:0]);
      for (v = 0; v < 2; v = v + 1)
        for (wc = 1; wc < 4; wc = wc + 1) arrive(0, v[0], wc[WCW-1:0]);
      inject;
    end
    $display("checked %0d %0d %0d", cycles, cases, errors);
    $finish;
  end

  /* verilator lint_off UNUSED */
  wire unused = ^lin_credit ^ busy;
  /* verilator lint_on UNUSED */
endmodule
