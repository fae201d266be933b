// hc_axis_endpoint's credit rule (NP = 1, DEPTH = 1, QDEPTH = 4: each VC owns
// QDEPTH/2 = 2 entries of the lane's queue, one more than DEPTH) through a
// hand-worked sequence. A kept router credit of VC v goes upstream in a cycle
// in which kept(v) + 2 - 1 >= queued(v) + 1. Each row gives the delivery lane
// (valid, vc, origin, data), the router's credit return, tready, and what the
// endpoint must show in that cycle: the credits sent upstream, m_axis tvalid,
// tuser and tdata. Flits A (vc 0, origin 1, data a), B (vc 0, origin 2, data
// b), C (vc 1, origin 3, data c); each one's credit comes back with its
// delivery (a flit that passes straight through). A flit written into the
// queue at one edge is read at the next and shown from the cycle after it.
// FAULT = 1: the router returns a credit in row 3 it does not owe (kept 2 >
// DEPTH: a_core_cnt must fire); FAULT = 2: a third flit of VC 0 arrives in row 2
// while two are queued (queued 3 > 2: a_queued_cnt must fire).
// Prints "checked ROWS ROWS_WITH_A_CREDIT_SENT ERRORS".
module axis_endpoint_credit_tb;
  parameter integer QRAM = 1;
  parameter integer FAULT = 0;
  localparam integer ROWS = 9;

  reg        clk_i = 1'b0;
  reg        rst_ni = 1'b0;
  reg        dv = 1'b0;
  reg  [6:0] dd = 7'd0;  // {vc, origin[1:0], payload[3:0]}
  reg  [1:0] cr = 2'b00;
  reg        tready = 1'b0;
  wire [1:0] up;
  wire       tvalid;
  wire [3:0] tdata;
  wire [1:0] tuser;
  wire       s_tready, inj_valid;
  wire [3:0] inj_payload;

  hc_axis_endpoint #(
    .NP    (1),
    .AW    (2),
    .PW    (4),
    .FW    (7),
    .DEPTH (1),
    .QDEPTH(4),
    .QRAM  (QRAM)
  ) u_dut (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .s_axis_tvalid_i(1'b0),
    .s_axis_tready_o(s_tready),
    .s_axis_tdata_i (4'd0),
    .inj_valid_o    (inj_valid),
    .inj_payload_o  (inj_payload),
    .inj_ready_i    (1'b0),
    .dlv_valid_i    (dv),
    .dlv_data_i     (dd),
    .core_credit_i  (cr),
    .lin_credit_o   (up),
    .m_axis_tvalid_o(tvalid),
    .m_axis_tready_i(tready),
    .m_axis_tdata_o (tdata),
    .m_axis_tuser_o (tuser)
  );

  // row: {dlv valid, dlv flit[6:0], credit[1:0], tready, up[1:0], tvalid, tuser[1:0], tdata[3:0]}
  reg [19:0] rows[0:ROWS-1];
  integer r, sent, errors;
  initial begin
    //              dv    flit             cr     rdy   up     tv    tuser  tdata
    rows[0] = {1'b1, 1'b0, 2'd1, 4'ha, 2'b01, 1'b0, 2'b00, 1'b0, 2'd0, 4'h0};  // A arrives
    rows[1] = {1'b1, 1'b0, 2'd2, 4'hb, 2'b01, 1'b0, 2'b01, 1'b0, 2'd0, 4'h0};  // 1 + 1 >= 1 + 1
    rows[2] = {1'b0, 1'b0, 2'd0, 4'h0, 2'b00, 1'b0, 2'b00, 1'b1, 2'd1, 4'ha};  // 1 + 1 < 2 + 1; A read
    rows[3] = {1'b0, 1'b0, 2'd0, 4'h0, 2'b00, 1'b1, 2'b00, 1'b1, 2'd1, 4'ha};  // A taken
    rows[4] = {1'b0, 1'b0, 2'd0, 4'h0, 2'b00, 1'b1, 2'b01, 1'b1, 2'd2, 4'hb};  // B taken
    rows[5] = {1'b1, 1'b1, 2'd3, 4'hc, 2'b10, 1'b1, 2'b00, 1'b0, 2'd0, 4'h0};  // C on VC 1
    rows[6] = {1'b0, 1'b0, 2'd0, 4'h0, 2'b00, 1'b0, 2'b10, 1'b0, 2'd0, 4'h0};
    rows[7] = {1'b0, 1'b0, 2'd0, 4'h0, 2'b00, 1'b1, 2'b00, 1'b1, 2'd3, 4'hc};  // C taken
    rows[8] = {1'b0, 1'b0, 2'd0, 4'h0, 2'b00, 1'b1, 2'b00, 1'b0, 2'd0, 4'h0};
    sent   = 0;
    errors = 0;
    #1 rst_ni = 1'b1;
    for (r = 0; r < ROWS; r = r + 1) begin
      dv     = rows[r][19];
      dd     = rows[r][18:12];
      cr     = rows[r][11:10];
      tready = rows[r][9];
      if (FAULT == 1 && r == 3) cr = 2'b01;
      if (FAULT == 2 && r == 2) begin
        dv = 1'b1;
        dd = {1'b0, 2'd0, 4'hd};
      end
      #1;
      if (up !== rows[r][8:7] || tvalid !== rows[r][6] ||
          (rows[r][6] && (tuser !== rows[r][5:4] || tdata !== rows[r][3:0]))) begin
        errors = errors + 1;
        $display("row %0d: credits %b tvalid %b tuser %0d tdata %h, want %b %b %0d %h", r, up,
                 tvalid, tuser, tdata, rows[r][8:7], rows[r][6], rows[r][5:4], rows[r][3:0]);
      end
      if (up != 2'b00) sent = sent + 1;
      clk_i = 1'b1;
      #1 clk_i = 1'b0;
    end
    $display("checked %0d %0d %0d", ROWS, sent, errors);
    $finish;
  end
endmodule
