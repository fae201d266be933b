// hc_weight_unit: the paper's FPGA prototype as a module of its own (Sec. 4.1 of
// "Broadcasting in Hypercycles"): "completely programmable: during startup it
// inputs the machine's configuration ... The constants a and k are calculated for
// each dimension according to (6) and stored in registers. The module then waits
// until a broadcast message is received whereby it generates the appropriate
// weights based on the presented algorithms." It holds no packets: a switch
// around it moves the data. The programmable router (hc_router_prog) computes the
// same weights as per-port tables instead, for an all-port datapath.
//
// Configuration: the stream of hc_cfg_dims (docs/hardware.md "Programmable router"), then
// one walk over the ports to check the degree against NP; cfg_done_o or cfg_err_o.
//
// Messages (valid/ready), one at a time once configured:
//   msg_origin_i  1: this node originates a broadcast (Case 1 on every dimension)
//   msg_port_i    otherwise the port it arrived on, msg_wd_i/msg_wc_i its weights
// For each, the unit walks the ports one per cycle (hc_port_sweep) and sends on
// w_* (valid/ready) a weight (port, wd, wc) for:
//   * every port of every dimension i < wd (all dimensions at the origin) whose
//     origin weight is not 0: (i, that weight) (Case 1, Algorithm 2);
//   * if wc > 1, after the walk, the port continuing the arrival port's
//     direction: (wd, wc - 1) (Case 2).
// The walk of a received message stops at the arrival port in dimension wd. A
// message with wd outside 1..r, or arriving outside dimension wd, gets no
// continuation. msg_ready_o rises again when the message is finished.
// Cycles per message, with w_ready_i high: 1 + the ports of dimensions 1..wd-1 +
// the position of the arrival port in dimension wd + 1 for a continuation; at the
// origin, the degree.
//
// Named assertions (hw/include/hc_assert.vh): a_w_range (a weight sent has wd
// in 1..MAX_DIM and wc >= 1), p_np, p_cdw, p_wdw (the parameters).
`include "hc_assert.vh"
module hc_weight_unit #(
  parameter integer NP      = 16,  // most ports (the largest degree)
  // most dimensions
  parameter integer MAX_DIM = 4,
  // largest radix m
  parameter integer MAX_M   = 15,
  parameter integer MW      = 4,   // bits of m
  parameter integer CDW     = 4,   // configuration word width, >= MW and >= bits of MAX_DIM
  parameter integer WDW     = 3,   // bits of wd (1..MAX_DIM+1)
  parameter integer WCW     = 4,   // bits of wc (1..ceil(MAX_M/2))
  parameter integer PIW     = 4    // bits of a port index
) (
  input  wire           clk_i,
  input  wire           rst_ni,
  // start-up configuration
  input  wire           cfg_valid_i,
  input  wire [CDW-1:0] cfg_data_i,
  output wire           cfg_ready_o,
  output wire           cfg_done_o,
  output wire           cfg_err_o,
  // a broadcast message received or originated
  input  wire           msg_valid_i,
  output wire           msg_ready_o,
  input  wire           msg_origin_i,
  input  wire [PIW-1:0] msg_port_i,
  input  wire [WDW-1:0] msg_wd_i,
  input  wire [WCW-1:0] msg_wc_i,
  // the weights to send
  output wire           w_valid_o,
  input  wire           w_ready_i,
  output wire [PIW-1:0] w_port_o,
  output wire [WDW-1:0] w_wd_o,
  output wire [WCW-1:0] w_wc_o
);
  `HC_PARAM(p_np, NP >= 1 && MAX_DIM >= 1, "NP and MAX_DIM must be at least 1")
  `HC_PARAM(p_cdw, CDW >= MW && CDW >= $clog2(MAX_DIM + 1),
            "CDW must be at least MW and hold MAX_DIM")
  `HC_PARAM(p_wdw, (1 << WDW) > MAX_DIM + 1, "WDW cannot hold wd = MAX_DIM + 1")
  `HC_ASSERT(a_w_range, !w_valid_o || (w_wd_o != {WDW{1'b0}} && w_wd_o <= MAX_DIM[WDW-1:0] &&
                                      w_wc_o != {WCW{1'b0}}), "a weight out of range")
  localparam integer DIW = (MAX_DIM > 1) ? $clog2(MAX_DIM) : 1;
  localparam integer PCW = PIW + 1;
  localparam [WCW-1:0] WC_ONE = {{(WCW - 1) {1'b0}}, 1'b1};

  wire                  dims_done, dims_err;
  wire [DIW-1:0]        last;
  wire                  pref;
  wire [MAX_DIM*MW-1:0] m, rho, d, a, k;

  hc_cfg_dims #(.MAX_DIM(MAX_DIM), .MAX_M(MAX_M), .MW(MW), .CDW(CDW)) u_dims (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .cfg_valid_i(cfg_valid_i),
    .cfg_data_i (cfg_data_i),
    .cfg_ready_o(cfg_ready_o),
    .done_o     (dims_done),
    .err_o      (dims_err),
    .last_o     (last),
    .pref_o     (pref),
    .m_o        (m),
    .rho_o      (rho),
    .d_o        (d),
    .a_o        (a),
    .k_o        (k),
    /* verilator lint_off PINCONNECTEMPTY */
    .div_o      (),
    .div_dim_o  ()
    /* verilator lint_on PINCONNECTEMPTY */
  );

  reg            checked_q;  // the degree check walk has started
  reg            done_q;     // configured
  reg            bad_q;      // degree above NP
  reg            walk_q;     // a message's walk is under way
  reg            cont_q;     // its continuation is to be sent
  reg            origin_q;
  reg  [PIW-1:0] port_q, cont_port_q;
  reg  [WDW-1:0] wd_q;
  reg  [WCW-1:0] wc_q;

  wire           sw_valid, sw_last, sw_dir, sw_two;
  wire [PCW-1:0] sw_port, sw_cont;
  wire [DIW-1:0] sw_dim;
  wire [MW-1:0]  sw_j, sw_m, sw_w;

  // ------------------------------------------------------------ messages
  wire           ready   = done_q & ~walk_q & ~cont_q;
  wire           accept  = msg_valid_i & ready;
  wire [WDW-1:0] wd_dn   = msg_wd_i - 1'b1;  // dimension wd, counted from 0
  wire           wd_ok   = (msg_wd_i != {WDW{1'b0}}) && ((wd_dn >> DIW) == {WDW{1'b0}}) &&
                           (wd_dn[DIW-1:0] <= last);
  wire           walks   = accept & (msg_origin_i | wd_ok);
  wire [DIW-1:0] m_last  = msg_origin_i ? last : wd_dn[DIW-1:0];
  // the message being walked: the inputs in its first cycle, then the registers
  wire           c_origin = accept ? msg_origin_i : origin_q;
  wire [PIW-1:0] c_port   = accept ? msg_port_i : port_q;
  reg  [DIW-1:0] wd_dn_q;
  wire [DIW-1:0] c_last   = accept ? m_last : wd_dn_q;

  wire           in_last  = sw_dim == c_last;  // the dimension wd (received messages)
  wire           at_arr   = done_q & ~c_origin & in_last & (sw_port == {1'b0, c_port});
  wire           case1    = done_q & sw_valid & (c_origin | ~in_last) & (sw_w != {MW{1'b0}});
  wire           cont_out = cont_q & ~walk_q;
  wire           step     = ~case1 | w_ready_i;
  wire           finish   = sw_valid & step & (sw_last | at_arr);

  hc_port_sweep #(.MAX_DIM(MAX_DIM), .MW(MW), .PCW(PCW)) u_sweep (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .start_i   ((dims_done & ~checked_q) | walks),
    .step_i    (step),
    .stop_i    (at_arr),
    .last_dim_i(done_q ? m_last : last),
    .pref_i    (pref),
    .m_i       (m),
    .rho_i     (rho),
    .d_i       (d),
    .a_i       (a),
    .k_i       (k),
    .valid_o   (sw_valid),
    .last_o    (sw_last),
    .port_o    (sw_port),
    .dim_o     (sw_dim),
    .dir_o     (sw_dir),
    .j_o       (sw_j),
    .m_o       (sw_m),
    .weight_o  (sw_w),
    .cont_o    (sw_cont),
    .two_vc_o  (sw_two)
  );

  assign cfg_done_o  = done_q;
  assign cfg_err_o   = dims_err | bad_q;
  assign msg_ready_o = ready;
  assign w_valid_o   = case1 | cont_out;
  assign w_port_o    = cont_out ? cont_port_q : sw_port[PIW-1:0];
  assign w_wd_o      = cont_out ? wd_q : {{(WDW - DIW) {1'b0}}, sw_dim} + 1'b1;
  assign w_wc_o      = cont_out ? wc_q - WC_ONE : sw_w[WCW-1:0];

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      checked_q   <= 1'b0;
      done_q      <= 1'b0;
      bad_q       <= 1'b0;
      walk_q      <= 1'b0;
      cont_q      <= 1'b0;
      origin_q    <= 1'b0;
      port_q      <= {PIW{1'b0}};
      cont_port_q <= {PIW{1'b0}};
      wd_q        <= {WDW{1'b0}};
      wd_dn_q     <= {DIW{1'b0}};
      wc_q        <= {WCW{1'b0}};
    end else begin
      if (!done_q) begin  // start-up: one walk over every port checks the degree
        if (sw_valid) begin
          checked_q <= 1'b1;
          if (sw_port >= NP[PCW-1:0]) bad_q <= 1'b1;
          if (sw_last && !bad_q && sw_port < NP[PCW-1:0]) done_q <= 1'b1;
        end
      end else begin
        if (accept) begin
          origin_q <= msg_origin_i;
          port_q   <= msg_port_i;
          wd_q     <= msg_wd_i;
          wd_dn_q  <= m_last;
          wc_q     <= msg_wc_i;
        end
        if (walks) walk_q <= 1'b1;
        if (finish) begin
          walk_q      <= 1'b0;
          cont_q      <= at_arr & ((accept ? msg_wc_i : wc_q) > WC_ONE);
          cont_port_q <= sw_cont[PIW-1:0];
        end
        if (cont_out && w_ready_i) cont_q <= 1'b0;
      end
    end
  end

  /* verilator lint_off UNUSED */
  wire unused_ok = sw_dir ^ sw_two ^ ^sw_j ^ ^sw_m ^ ^sw_w ^ sw_cont[PCW-1];
  /* verilator lint_on UNUSED */
endmodule
