// Drives one hc_mesh_node (2-D, 2-bit coordinates, node (1,0)) through a
// three-step ROM: step 1 receive a 1-flit message, step 2 send 3 flits to node
// 5, step 3 idle. The barrier is the node's own step_done_o. With FAULT = 0
// the message arrives in step 1 and the node sends in step 2: err_o stays low
// and exactly 3 flits leave, head first, tail last, carrying the payload and
// node 5. With FAULT = 1 the ROM is corrupted: step 1 asks to send before the
// node holds the data; err_o must rise and nothing may leave in that step.
// Prints one line per mismatch and "checked CYCLES FLITS ERRORS" at the end.
module mesh_node_tb;
  parameter integer FAULT = 0;
  localparam integer DIMS = 2, CW = 2, PW = 8, AW = DIMS * CW, FW = 2 + 2 * AW + PW;

  reg           clk = 1'b0;
  reg           rst_n = 1'b0;
  reg           start = 1'b0;
  reg           in_valid = 1'b0;
  reg  [FW-1:0] in_flit = {FW{1'b0}};
  reg  [AW+1:0] rom [0:2];
  reg  [AW+1:0] rom_q = {(AW + 2) {1'b0}};
  wire [1:0]    rom_addr;
  wire          sdone, busy, done, err, has, rxv, oval, icr;
  wire [PW-1:0] data, rxd;
  wire [AW-1:0] rxs;
  wire [FW-1:0] oflit;

  hc_mesh_node #(.DIMS(DIMS), .CW(CW), .PW(PW), .DEPTH(4), .LW(8), .SW(2)) u_node (
    .clk_i(clk), .rst_ni(rst_n), .coord_i(4'd1), .flits_i(8'd3), .last_i(2'd2),
    .ld_valid_i(1'b0), .ld_data_i({PW{1'b0}}), .start_i(start), .go_i(sdone),
    .rom_addr_o(rom_addr), .rom_data_i(rom_q), .step_done_o(sdone), .busy_o(busy),
    .done_o(done), .err_o(err), .has_o(has), .data_o(data), .rx_valid_o(rxv), .rx_src_o(rxs),
    .rx_data_o(rxd), .out_valid_o(oval), .out_flit_o(oflit), .out_credit_i(oval),
    .in_valid_i(in_valid), .in_flit_i(in_flit), .in_credit_o(icr));

  always @(posedge clk) rom_q <= rom[rom_addr];
  always #5 clk = ~clk;

  integer t, flits, errors, step_of_err;
  initial begin
    flits = 0; errors = 0; step_of_err = -1;
    if (FAULT) begin
      rom[0] = {1'b0, 1'b1, 4'd5};  // send before any data arrived
      rom[1] = {1'b0, 1'b0, 4'd0};
      rom[2] = {1'b0, 1'b0, 4'd0};
    end else begin
      rom[0] = {1'b1, 1'b0, 4'd0};  // receive
      rom[1] = {1'b0, 1'b1, 4'd5};  // send to node 5
      rom[2] = {1'b0, 1'b0, 4'd0};
    end
    #12 rst_n = 1'b1;
    @(negedge clk) start = 1'b1;
    @(negedge clk) start = 1'b0;
    for (t = 0; t < 80 && !done; t = t + 1) begin
      // The message of step 1 arrives a few cycles into it.
      in_valid = !FAULT && t == 4;
      in_flit = {1'b1, 1'b1, 4'd1, 4'd9, 8'ha5};
      @(negedge clk);
      if (oval) begin
        flits = flits + 1;
        if (oflit[FW-1] != (flits == 1) || oflit[FW-2] != (flits == 3) ||
            oflit[PW+AW+:AW] != 4'd5 || oflit[PW+:AW] != 4'd1 || oflit[PW-1:0] != 8'ha5) begin
          $display("flit %0d wrong: %h", flits, oflit);
          errors = errors + 1;
        end
      end
      if (err && step_of_err < 0) step_of_err = rom_addr;
    end
    if (!done) begin
      $display("the node did not finish");
      errors = errors + 1;
    end
    if (FAULT) begin
      if (!err || step_of_err != 0) begin
        $display("err_o did not fire in step 1 (err %0d, step %0d)", err, step_of_err);
        errors = errors + 1;
      end
      if (flits != 0) begin
        $display("%0d flits left without the data", flits);
        errors = errors + 1;
      end
    end else begin
      if (err) begin
        $display("err_o fired on a correct ROM");
        errors = errors + 1;
      end
      if (flits != 3 || !has || data != 8'ha5) begin
        $display("flits %0d has %0d data %h", flits, has, data);
        errors = errors + 1;
      end
    end
    $display("checked %0d %0d %0d", t, flits, errors);
    $finish;
  end
endmodule
