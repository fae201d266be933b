// hc_router_prog's cfg_err_o (module comment: an illegal configuration raises
// it instead of cfg_done_o, and injection stays held off). A router of degree
// up to NP = 4, up to 2 dimensions of up to 5 nodes, is configured through its
// stream (one word per transfer, docs/hardware.md "Programmable router"), then offered an
// injection for 20 cycles:
//   FAULT = 0: the ring of 5 nodes, rho 1 (r = 1, pref 0, m 5, rho 1, D 2),
//              node 2: cfg_done_o rises, cfg_err_o never does; the injection is
//              taken and leaves on both ports (its two Case 1 weights).
//   FAULT = 1: r = 3 > MAX_DIM (the stream's first word; hc_cfg_dims).
//   FAULT = 2: the same ring, digit 5 >= m = 5 (the address check).
//   FAULT = 3: (5, rho 2) x (5, rho 1), degree 6 > NP = 4 (the port sweep).
// A fault must raise cfg_err_o and keep it high to the end, with cfg_done_o,
// inj_ready_o and every link output low throughout. Prints "cfg DONE ERR
// ERR_CYCLES", "source DIMS_ERR BAD" (which of hc_router_cfg's two sources of
// err_o fired: the stream's checks in hc_cfg_dims, or its own digit and degree
// checks) and "checked CYCLES FLITS_OUT MISMATCHES".
module router_prog_cfg_err_tb;
  parameter integer FAULT = 0;
  localparam integer NP = 4, MAX_DIM = 2, MAX_M = 5, MW = 3, CDW = 3, AW = 5, PW = 8, WDW = 2,
                     WCW = 2, PIW = 2, FW = 1 + AW + WDW + WCW + PW;

  reg                   clk = 1'b0;
  reg                   rst_n = 1'b0;
  reg  [MAX_DIM*MW-1:0] digits = {3'd0, 3'd2};
  reg                   cvalid = 1'b0;
  reg  [CDW-1:0]        cdata = {CDW{1'b0}};
  reg                   inj_valid = 1'b0;
  wire                  cready, cdone, cerr, inj_ready;
  wire [2*NP-1:0]       lin_credit;
  wire [NP-1:0]         lout_valid, dlv_valid;
  wire [NP*FW-1:0]      lout_data, dlv_data;

  hc_router_prog #(.NP(NP), .MAX_DIM(MAX_DIM), .MAX_M(MAX_M), .MW(MW), .CDW(CDW), .AW(AW),
                   .PW(PW), .WDW(WDW), .WCW(WCW), .PIW(PIW), .DEPTH(2)) u_router (
    .clk_i(clk), .rst_ni(rst_n), .node_digit_i(digits), .cfg_valid_i(cvalid), .cfg_data_i(cdata),
    .cfg_ready_o(cready), .cfg_done_o(cdone), .cfg_err_o(cerr),
    .lin_valid_i({NP{1'b0}}), .lin_data_i({NP * FW{1'b0}}), .lin_credit_o(lin_credit),
    .lout_valid_o(lout_valid), .lout_data_o(lout_data), .lout_credit_i({2 * NP{1'b0}}),
    .inj_valid_i(inj_valid), .inj_payload_i(8'h3c), .inj_ready_o(inj_ready),
    .dlv_valid_o(dlv_valid), .dlv_data_o(dlv_data));

  always #5 clk = ~clk;

  integer cycles = 0, flits = 0, mismatches = 0, err_cycles = 0, q, n;
  always @(posedge clk) begin
    if (rst_n) begin
      cycles = cycles + 1;
      if (cerr === 1'b1) err_cycles = err_cycles + 1;
      for (q = 0; q < NP; q = q + 1)
        if (lout_valid[q]) begin
          flits = flits + 1;
          if (lout_data[q*FW+:PW] != 8'h3c) mismatches = mismatches + 1;
        end
      if (FAULT != 0 && (cdone !== 1'b0 || inj_ready !== 1'b0)) mismatches = mismatches + 1;
      if (FAULT == 0 && cerr !== 1'b0) mismatches = mismatches + 1;
    end
  end

  task word(input [CDW-1:0] w);
    begin
      cvalid = 1'b1; cdata = w; n = 0;
      while (cready !== 1'b1 && cerr !== 1'b1 && n < 50) begin @(negedge clk); n = n + 1; end
      @(negedge clk);
      cvalid = 1'b0;
    end
  endtask

  initial begin
    if (FAULT == 2) digits = {3'd0, 3'd5};
    #12 rst_n = 1'b1;
    @(negedge clk);
    if (FAULT == 1) word(3'd3);
    else if (FAULT == 3) begin
      word(2); word(0); word(5); word(2); word(1); word(5); word(1); word(2);
    end else begin
      word(1); word(0); word(5); word(1); word(2);
    end
    n = 0;
    while (cdone !== 1'b1 && cerr !== 1'b1 && n < 200) begin @(negedge clk); n = n + 1; end
    inj_valid = 1'b1;
    n = 0;
    while (n < 20) begin
      @(negedge clk);
      if (inj_ready) inj_valid = 1'b0;  // taken at the edge just passed
      n = n + 1;
    end
    inj_valid = 1'b0;
    repeat (4) @(negedge clk);
    if (FAULT == 0 ? (cdone !== 1'b1 || flits != 2) : (cerr !== 1'b1 || flits != 0))
      mismatches = mismatches + 1;
    $display("cfg %b %b %0d", cdone, cerr, err_cycles);
    $display("source %b %b", u_router.u_cfg.dims_err, u_router.u_cfg.bad_q);
    $display("checked %0d %0d %0d", cycles, flits, mismatches);
    $finish;
  end

  /* verilator lint_off UNUSED */
  wire unused = ^lin_credit ^ ^dlv_valid ^ ^dlv_data;
  /* verilator lint_on UNUSED */
endmodule
