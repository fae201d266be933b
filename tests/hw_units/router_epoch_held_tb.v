// hc_router_core at the parameters of G^{1,1}_{4,4}'s core (the default
// router: two-flit VCs, one-cycle hop, admission by epochs with QUOTA 4; the
// REQ_OK and VC1_PORTS the generator gives it, and its tables with no
// dateline at this node): epoch_busy_o sees every flit a VC holds, the head
// and the flit behind it, at either read pointer.
//
// The flits each input VC that can hold one may get (REQ_OK): (0, 0) and
// (0, 1), port 0 (dimension 1), continue on output 0 (wc 2: VC 0 from VC 0,
// VC 1 from VC 1); (2, 0), (2, 1) and (3, 0), ports of dimension 2, start
// Case 1 on outputs 0 and 1 (weights 2 and 1, VC 0; wc 1: no continuation).
// For each such VC, each head epoch parity h, each of the two read pointers
// (the pointer of an empty VC moves every cycle: a one-cycle shift) and each
// of the patterns below, with no credit coming back:
//   F1, F2: two flits of the younger epoch (parity ~h) pass straight through
//           in their arrival cycles and take both credits of the outputs the
//           VC's flits need;
//   A, B:   two more arrive in the next two cycles and stay in the VC, A the
//           head; epochs (A, B) = (h, ~h), (~h, h) or (~h, ~h).
// Three cycles later the router holds A and B and nothing else, so
// epoch_busy_o is 1 exactly when A or B is of epoch h. Then the credits come
// back (one per output VC per cycle while any is owed): A and B leave, and
// 12 cycles later epoch_busy_o is 0, every credit is back, and output 0 sent
// F1, F2, A, B in that order, each with its payload and epoch bit.
// Prints "checked CYCLES CASES ERRORS" (ERRORS: a busy flag other than the
// one worked out above, a flit out of order or changed, a credit not back).
module router_epoch_held_tb;
  localparam integer NP = 4, AW = 4, PW = 32, WDW = 2, WCW = 2, PIW = 2;
  localparam integer FW = 1 + AW + WDW + WCW + 1 + PW;
  localparam integer F_EP = PW, F_VC = FW - 1;
  localparam [NP*WDW-1:0] PORT_DIM = 8'b10100101;  // ports 0, 1: dimension 1; 2, 3: 2
  localparam [NP*WCW-1:0] ORIG_WC  = 8'b01100110;  // origin weights 2, 1, 2, 1
  localparam [NP*PIW-1:0] FWD_PORT = 8'b11100100;  // port p continues on p
  localparam [NP-1:0]     TWO_VC   = 4'b0101;

  reg              clk = 1'b0;
  reg              rst_n = 1'b0;
  reg              h = 1'b0;
  reg              give = 1'b0;  // credits come back
  reg  [NP-1:0]    lin_valid = {NP{1'b0}};
  reg  [NP*FW-1:0] lin_data = {NP * FW{1'b0}};
  reg  [2*NP-1:0]  lout_credit = {2 * NP{1'b0}};
  wire [2*NP-1:0]  lin_credit;
  wire [NP-1:0]    lout_valid, dlv_valid;
  wire [NP*FW-1:0] lout_data, dlv_data;
  wire             inj_ready, busy;
  integer          cycles = 0, cases = 0, errors = 0, j, k;
  integer          owed[0:2*NP-1];  // flits sent on output VC j, credit not yet back
  integer          nsent = 0;       // flits output 0 sent in this case
  reg  [PW:0]      sent[0:3];       // their epoch bits and payloads, in order
  reg  [PW:0]      want[0:3];

  hc_router_core #(.NP(NP), .AW(AW), .PW(PW), .WDW(WDW), .WCW(WCW), .PIW(PIW), .DEPTH(2),
                   .NDIM(2), .FAIR(0), .HOP(1), .EPOCH(1), .QUOTA(4), .VC1_PORTS(TWO_VC),
                   .REQ_OK(36'b100000000100110000101110000101110011),
                   .GROUP_OUT(4'b0001)) u_core (
    .clk_i(clk), .rst_ni(rst_n), .node_addr_i(4'd5),
    .port_dim_i(PORT_DIM), .orig_wc_i(ORIG_WC), .fwd_port_i(FWD_PORT),
    .two_vc_i(TWO_VC), .wrap_i(4'b0000),
    .lin_valid_i(lin_valid), .lin_data_i(lin_data), .lin_credit_o(lin_credit),
    .lout_valid_o(lout_valid), .lout_data_o(lout_data), .lout_credit_i(lout_credit),
    .inj_valid_i(1'b0), .inj_payload_i({PW{1'b0}}), .inj_ready_o(inj_ready),
    .epoch_hn_i(h), .epoch_busy_o(busy),
    .dlv_valid_o(dlv_valid), .dlv_data_o(dlv_data));

  initial for (j = 0; j < 2 * NP; j = j + 1) owed[j] = 0;
  always #5 clk = ~clk;
  // each edge ends a cycle: count what was sent and what came back in it
  always @(posedge clk) begin
    cycles = cycles + 1;
    for (k = 0; k < NP; k = k + 1)
      if (lout_valid[k]) owed[2*k+lout_data[k*FW+F_VC]] = owed[2*k+lout_data[k*FW+F_VC]] + 1;
    for (j = 0; j < 2 * NP; j = j + 1)
      if (lout_credit[j]) owed[j] = owed[j] - 1;
    if (lout_valid[0]) begin
      if (nsent < 4) sent[nsent] = lout_data[PW:0];
      nsent = nsent + 1;
    end
    for (j = 0; j < 2 * NP; j = j + 1) lout_credit[j] <= give && owed[j] > 0;
  end

  // a flit on port p for input VC v: {vc, origin 9, wd = dim(p), wc, epoch, payload}
  task send(input integer p, input v, input [WCW-1:0] wc, input ep, input [PW-1:0] payload);
    begin
      lin_valid       = {NP{1'b0}};
      lin_valid[p]    = 1'b1;
      lin_data        = {NP * FW{1'b0}};
      lin_data[p*FW+:FW] = {v, 4'd9, PORT_DIM[p*WDW+:WDW], wc, ep, payload};
      @(posedge clk) #1;
      lin_valid = {NP{1'b0}};
    end
  endtask

  // one case: input VC (p, v) with flits of weight count wc; A and B of
  // epoch parities aep and bep; shift idle cycles first
  task held(input integer p, input v, input [WCW-1:0] wc, input shift, input aep, input bep);
    reg [PW-1:0] base;
    begin
      cases = cases + 1;
      base  = {cases[7:0], ~cases[7:0], 8'h3c, 8'h00} ^ {16'h0000, 16'ha5c3};
      repeat (shift) @(posedge clk) #1;
      nsent   = 0;
      want[0] = {~h, base ^ 32'h00000001};
      want[1] = {~h, base ^ 32'h00000002};
      want[2] = {aep, ~base};
      want[3] = {bep, base ^ 32'hf0f0f0f0};
      send(p, v, wc, want[0][PW], want[0][PW-1:0]);
      send(p, v, wc, want[1][PW], want[1][PW-1:0]);
      send(p, v, wc, want[2][PW], want[2][PW-1:0]);
      send(p, v, wc, want[3][PW], want[3][PW-1:0]);
      repeat (3) @(posedge clk) #1;
      if (busy !== (aep == h || bep == h)) begin
        errors = errors + 1;
        $display("case %0d: VC (%0d, %0d), h %0d, epochs %0d %0d: busy %b", cases, p, v, h, aep,
                 bep, busy);
      end
      give = 1'b1;
      repeat (12) @(posedge clk) #1;
      give = 1'b0;
      if (busy !== 1'b0) errors = errors + 1;
      for (j = 0; j < 2 * NP; j = j + 1)
        if (owed[j] != 0) errors = errors + 1;
      if (nsent != 4) errors = errors + 1;
      for (k = 0; k < 4 && k < nsent; k = k + 1)
        if (sent[k] !== want[k]) begin
          errors = errors + 1;
          $display("case %0d: flit %0d on output 0 is %h, not %h", cases, k, sent[k], want[k]);
        end
    end
  endtask

  // every pattern and read pointer at input VC (p, v)
  task vc(input integer p, input v, input [WCW-1:0] wc);
    integer s;
    begin
      for (s = 0; s < 2; s = s + 1) begin
        held(p, v, wc, s != 0, h, ~h);
        held(p, v, wc, s != 0, ~h, h);
        held(p, v, wc, s != 0, ~h, ~h);
      end
    end
  endtask

  integer hp;
  initial begin
    #12 rst_n = 1'b1;
    @(posedge clk) #1;
    for (hp = 0; hp < 2; hp = hp + 1) begin
      h = hp[0];  // the router holds nothing when h moves on
      @(posedge clk) #1;  // the core registers it (epoch_hn_i)
      vc(0, 1'b0, 2'd2);
      vc(0, 1'b1, 2'd2);
      vc(2, 1'b0, 2'd1);
      vc(2, 1'b1, 2'd1);
      vc(3, 1'b0, 2'd1);
    end
    $display("checked %0d %0d %0d", cycles, cases, errors);
    $finish;
  end

  /* verilator lint_off UNUSED */
  wire unused = ^lin_credit ^ ^dlv_valid ^ ^dlv_data ^ inj_ready;
  /* verilator lint_on UNUSED */
endmodule
