// hc_mesh_router's simulation checks (module comment, "Rules"): no flit arrives
// while its FIFO is full, and no credit returns beyond DEPTH. A 1-D router at
// x = 1 with two-flit FIFOs; a five-flit worm enters the local port (0),
// back to back, for node 3: it leaves on output 1 (+x), which starts with
// DEPTH = 2 credits.
//   FAULT = 0: the downstream returns a credit the cycle after each flit it
//              receives; the worm leaves whole and neither check fires.
//   FAULT = 1: no credit ever returns: two flits leave, the FIFO fills with
//              flits 3 and 4, and flit 5 arrives into the full FIFO of input 0:
//              that check fires, once; the credit check stays silent.
//   FAULT = 2: as FAULT = 0, then, with every credit back, one more credit
//              pulse on output 1: the credit check fires, once, for output 1;
//              the FIFO check stays silent.
//   FAULT = 3: as FAULT = 0, with output 2 forced locked by input 0 as well
//              for one edge while the worm holds output 1: a_lock_owner fires.
//   FAULT = 4: as FAULT = 0, with the head's head bit hidden from the lock
//              (shead forced to 0) for one edge as it leaves: a_body_locked
//              fires.
//   FAULT = 5: as FAULT = 0, with a second five-flit worm beside it, into
//              input 1 for node 0: it leaves on output 2 (-x), whose
//              downstream returns its credits too; while both worms' second
//              flits leave, the outputs' selected inputs (sel) are forced to
//              input 0 for one edge, as if input 0 fed both: a_one_output
//              fires, and nothing else.
// Prints "checked CYCLES FLITS_OUT WRONG" (FLITS_OUT: the first worm's flits;
// WRONG: flits out of order, on another output, or a worm cut short with
// credits to spare).
module mesh_router_err_tb;
  parameter integer FAULT = 0;
  localparam integer DIMS = 1, CW = 2, PW = 8, AW = DIMS * CW, FW = 2 + 2 * AW + PW, P = 3;

  reg            clk = 1'b0;
  reg            rst_n = 1'b0;
  reg  [P-1:0]   in_valid = {P{1'b0}};
  reg  [P*FW-1:0] in_flit = {P * FW{1'b0}};
  reg            cr = 1'b0;      // the downstream's credit for a flit received
  reg            cr2 = 1'b0;     // FAULT = 5: output 2's
  reg            extra = 1'b0;   // FAULT = 2: the credit beyond DEPTH
  wire [P-1:0]   in_credit, out_valid;
  wire [P*FW-1:0] out_flit;
  wire [P*4-1:0] heads;

  hc_mesh_router #(.DIMS(DIMS), .CW(CW), .PW(PW), .DEPTH(2), .HCW(4)) u_router (
    .clk_i(clk), .rst_ni(rst_n), .coord_i(2'd1), .in_valid_i(in_valid), .in_flit_i(in_flit),
    .in_credit_o(in_credit), .out_valid_o(out_valid), .out_flit_o(out_flit),
    .out_credit_i({cr2, cr | extra, 1'b0}), .heads_o(heads));

  always #5 clk = ~clk;

  integer cycles = 0, flits = 0, flits2 = 0, wrong = 0, i, k;
  always @(posedge clk) begin
    cycles = cycles + 1;
    cr  <= (FAULT != 1) && out_valid[1];
    cr2 <= out_valid[2];
    for (k = 0; k < P; k = k + 1)
      if (out_valid[k]) begin
        if (FAULT == 5 && k == 2) begin  // the second worm
          if (out_flit[k*FW+:PW] != 8'h20 + flits2) wrong = wrong + 1;
          flits2 = flits2 + 1;
        end else begin
          if (k != 1 || out_flit[k*FW+:PW] != 8'h10 + flits) wrong = wrong + 1;
          flits = flits + 1;
        end
      end
  end

  initial begin
    #12 rst_n = 1'b1;
    @(negedge clk);
    for (i = 0; i < 5; i = i + 1) begin
      // {head, tail, destination 3, source 1, payload}
      in_valid[0] = 1'b1;
      in_flit[0+:FW] = {i == 0, i == 4, 2'd3, 2'd1, 8'h10 + i[7:0]};
      if (FAULT == 5) begin
        in_valid[1] = 1'b1;
        in_flit[FW+:FW] = {i == 0, i == 4, 2'd0, 2'd2, 8'h20 + i[7:0]};
      end
      if (FAULT == 5 && i == 2) force u_router.sel = {P * 2{1'b0}};
      if (FAULT == 3 && i == 3) force u_router.lock_q[2] = 1'b1;
      if (FAULT == 4 && i == 1) force u_router.shead = 3'b000;
      @(negedge clk);
      release u_router.lock_q[2];
      release u_router.shead;
      release u_router.sel;
    end
    in_valid[0] = 1'b0;
    in_valid[1] = 1'b0;
    repeat (8) @(negedge clk);
    if (FAULT == 2) begin
      extra = 1'b1;
      @(negedge clk);
      extra = 1'b0;
    end
    repeat (2) @(negedge clk);
    if (flits != ((FAULT == 1) ? 2 : 5)) wrong = wrong + 1;
    if (flits2 != ((FAULT == 5) ? 5 : 0)) wrong = wrong + 1;
    $display("checked %0d %0d %0d", cycles, flits, wrong);
    $finish;
  end

  /* verilator lint_off UNUSED */
  wire unused = ^in_credit ^ ^heads;
  /* verilator lint_on UNUSED */
endmodule
