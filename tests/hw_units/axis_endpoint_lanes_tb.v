// hc_axis_endpoint's credit rule on every lane and both VCs, at the parameters
// of the AXI4-Stream tops of G^{1,1}_{3,3} (NP = 4, AW = 4, PW = 32, FW = 40,
// DEPTH = 2, QDEPTH = 8: each VC owns QDEPTH/2 = 4 entries of its lane's queue,
// two more than DEPTH), through a hand-worked phase of 18 rows run once per
// lane. A kept router credit of (p, v) goes upstream in a cycle in which
// kept + 4 - 2 >= queued + 1 (kept and queued after the edge that decides it).
// In a phase, lane p receives flits 0..3 on VC 0 and then 4..7 on VC 1, one a
// row, each one's credit returned by the router with its delivery, while
// m_axis is refused; then m_axis takes the eight in order. Per VC the credits
// of the first two flits pass (kept 1 against queued 1 and 2), those of the
// third and fourth wait (queued 3 and 4: kept reaches 2 = DEPTH), and the two
// kept credits pass after the VC's first and second flit leave (queued 3 and 2
// against kept 2 and 1). Each row gives the delivery (flit number or none),
// the router's credits of the lane's two VCs, tready, and what the endpoint
// must show: every one of the 8 credits sent upstream (only the lane's two may
// be high), m_axis tvalid, and the shown flit's tuser and tdata. Flit k of lane
// p: VC k / 4, origin 4p + k mod 16, data 32'hc0de0000 + 256p + k, wd/wc bits
// 3'b101 (dropped).
// Prints "checked ROWS ROWS_WITH_A_CREDIT_SENT ERRORS".
module axis_endpoint_lanes_tb;
  parameter integer QRAM = 0;
  localparam integer PHASE = 18;
  localparam integer ROWS = 4 * PHASE;

  reg          clk_i = 1'b0;
  reg          rst_ni = 1'b0;
  reg  [  3:0] dv = 4'd0;
  reg  [159:0] dd = 160'd0;
  reg  [  7:0] cr = 8'd0;
  reg          tready = 1'b0;
  wire [  7:0] up;
  wire         tvalid;
  wire [ 31:0] tdata;
  wire [  3:0] tuser;
  wire         s_tready, inj_valid;
  wire [ 31:0] inj_payload;

  hc_axis_endpoint #(
    .NP   (4),
    .AW   (4),
    .PW   (32),
    .FW   (40),
    .DEPTH(2),
    .QRAM (QRAM)
  ) u_dut (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .s_axis_tvalid_i(1'b0),
    .s_axis_tready_o(s_tready),
    .s_axis_tdata_i (32'd0),
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

  // row: {push, flit[2:0], credit[1:0] (VC 1, VC 0), tready, up[1:0] (VC 1, VC 0),
  //       tvalid, shown flit[2:0]}
  reg [12:0] rows[0:PHASE-1];
  integer r, p, k, sent, errors;
  reg [7:0] want_up;
  reg [3:0] origin;
  reg [31:0] data;
  initial begin
    //                 push  flit  cr     rdy   up     tv    shown
    rows[0]  = {1'b1, 3'd0, 2'b01, 1'b0, 2'b00, 1'b0, 3'd0};  // VC 0: kept 1, queued 1
    rows[1]  = {1'b1, 3'd1, 2'b01, 1'b0, 2'b01, 1'b0, 3'd0};  // kept 1, queued 2
    rows[2]  = {1'b1, 3'd2, 2'b01, 1'b0, 2'b01, 1'b1, 3'd0};  // kept 1, queued 3: waits
    rows[3]  = {1'b1, 3'd3, 2'b01, 1'b0, 2'b00, 1'b1, 3'd0};  // kept 2, queued 4
    rows[4]  = {1'b1, 3'd4, 2'b10, 1'b0, 2'b00, 1'b1, 3'd0};  // VC 1 the same
    rows[5]  = {1'b1, 3'd5, 2'b10, 1'b0, 2'b10, 1'b1, 3'd0};
    rows[6]  = {1'b1, 3'd6, 2'b10, 1'b0, 2'b10, 1'b1, 3'd0};
    rows[7]  = {1'b1, 3'd7, 2'b10, 1'b0, 2'b00, 1'b1, 3'd0};
    rows[8]  = {1'b0, 3'd0, 2'b00, 1'b0, 2'b00, 1'b1, 3'd0};
    rows[9]  = {1'b0, 3'd0, 2'b00, 1'b1, 2'b00, 1'b1, 3'd0};  // flit 0 taken: queued 3 < 2 + 2
    rows[10] = {1'b0, 3'd0, 2'b00, 1'b1, 2'b01, 1'b1, 3'd1};  // queued 2 < 1 + 2
    rows[11] = {1'b0, 3'd0, 2'b00, 1'b1, 2'b01, 1'b1, 3'd2};  // kept 0
    rows[12] = {1'b0, 3'd0, 2'b00, 1'b1, 2'b00, 1'b1, 3'd3};
    rows[13] = {1'b0, 3'd0, 2'b00, 1'b1, 2'b00, 1'b1, 3'd4};  // VC 1's flits leave
    rows[14] = {1'b0, 3'd0, 2'b00, 1'b1, 2'b10, 1'b1, 3'd5};
    rows[15] = {1'b0, 3'd0, 2'b00, 1'b1, 2'b10, 1'b1, 3'd6};
    rows[16] = {1'b0, 3'd0, 2'b00, 1'b1, 2'b00, 1'b1, 3'd7};
    rows[17] = {1'b0, 3'd0, 2'b00, 1'b0, 2'b00, 1'b0, 3'd0};
    sent   = 0;
    errors = 0;
    #1 rst_ni = 1'b1;
    for (p = 0; p < 4; p = p + 1) begin
      for (r = 0; r < PHASE; r = r + 1) begin
        k              = rows[r][11:9];
        dv             = 4'd0;
        dd             = 160'd0;
        cr             = 8'd0;
        dv[p]          = rows[r][12];
        origin         = 4 * p + k;
        data           = 32'hc0de0000 + 256 * p + k;
        dd[p*40+:40]   = {k[2], origin, 3'b101, data};
        cr[2*p+:2]     = rows[r][8:7];
        tready         = rows[r][6];
        want_up        = 8'd0;
        want_up[2*p+:2] = rows[r][5:4];
        k              = rows[r][2:0];
        origin         = 4 * p + k;
        data           = 32'hc0de0000 + 256 * p + k;
        #1;
        if (up !== want_up || tvalid !== rows[r][3] ||
            (rows[r][3] && (tuser !== origin || tdata !== data))) begin
          errors = errors + 1;
          $display("lane %0d row %0d: credits %b tvalid %b tuser %0d tdata %h, want %b %b flit %0d",
                   p, r, up, tvalid, tuser, tdata, want_up, rows[r][3], k);
        end
        if (up != 8'd0) sent = sent + 1;
        clk_i = 1'b1;
        #1 clk_i = 1'b0;
      end
    end
    $display("checked %0d %0d %0d", ROWS, sent, errors);
    $finish;
  end
endmodule
