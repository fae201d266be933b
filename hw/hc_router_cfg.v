// hc_router_cfg: start-up configuration of the programmable hypercycle router
// (Sec. 4.1 of "Broadcasting in Hypercycles"). hc_cfg_dims reads the
// configuration stream (format there and in docs/hardware.md "Programmable router") and
// computes a and k per dimension (eq. 6); as each dimension's division ends, this
// unit folds the node's digit into its mixed-radix address (Horner's rule, from
// dimension r down) and checks the digit against m_i. Then one hc_port_sweep walk
// writes the per-port tables one port per cycle, in the generator's port order:
// dimension, origin weight, continuation port, the dateline's two-VC flag, and
// whether the hop crosses the dateline at this node. done_o then rises and stays
// high until reset. An illegal word or configuration (including a degree above
// NP, or a digit x_i >= m_i) sets err_o instead; done_o never rises. Reset to
// reconfigure.
//
// Named assertions (hw/include/hc_assert.vh): p_np, p_cdw (the parameters).
`include "hc_assert.vh"
module hc_router_cfg #(
  parameter integer NP      = 16,  // ports (maximum degree)
  // most dimensions
  parameter integer MAX_DIM = 4,
  // largest radix m
  parameter integer MAX_M   = 15,
  parameter integer MW      = 4,   // bits of a digit or of m
  parameter integer CDW     = 4,   // configuration word width, >= MW and >= bits of MAX_DIM
  parameter integer AW      = 16,  // node address width
  // bits of a flit's weight dimension wd
  parameter integer WDW     = 3,
  // bits of a flit's weight count wc
  parameter integer WCW     = 4,
  // bits of a port index
  parameter integer PIW     = 4
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  // the node's digits x_i (x_1 in the LSBs), a strap
  input  wire [MAX_DIM*MW-1:0] node_digit_i,
  // configuration stream
  input  wire                  cfg_valid_i,
  input  wire [CDW-1:0]        cfg_data_i,
  output wire                  cfg_ready_o,
  output wire                  done_o,
  output wire                  err_o,
  // results, held in registers
  output reg  [AW-1:0]         node_addr_o,
  output reg  [NP*WDW-1:0]     port_dim_o,
  output reg  [NP*WCW-1:0]     orig_wc_o,
  output reg  [NP*PIW-1:0]     fwd_port_o,
  output reg  [NP-1:0]         two_vc_o,
  output reg  [NP-1:0]         wrap_o
);
  `HC_PARAM(p_np, NP >= 1 && MAX_DIM >= 1, "NP and MAX_DIM must be at least 1")
  `HC_PARAM(p_cdw, CDW >= MW && CDW >= $clog2(MAX_DIM + 1),
            "CDW must be at least MW and hold MAX_DIM")
  localparam integer DIW = (MAX_DIM > 1) ? $clog2(MAX_DIM) : 1;  // dimension index
  localparam integer PCW = PIW + 1;  // port counter, one past NP
  localparam integer XW  = AW + MW;  // the address times m, plus a digit

  wire                  dims_done, dims_err, div;
  wire [DIW-1:0]        last, div_dim;
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
    .div_o      (div),
    .div_dim_o  (div_dim)
  );

  // ------------------------------------------ address, from dimension r down
  wire [MW-1:0] div_m = m[div_dim*MW+:MW];
  wire [MW-1:0] div_x = node_digit_i[div_dim*MW+:MW];
  /* verilator lint_off UNUSED */  // addresses above 2^AW cannot occur
  wire [XW-1:0] addr_x = {{(XW - AW) {1'b0}}, node_addr_o} * {{(XW - MW) {1'b0}}, div_m} +
                         {{(XW - MW) {1'b0}}, div_x};
  /* verilator lint_on UNUSED */

  // ----------------------------------------------------- the table sweep
  reg            swept_q;  // the sweep has started
  reg            done_q;
  reg            bad_q;    // a digit or the degree is out of range
  wire           sweep, sweep_last, sweep_dir, sweep_two;
  wire [PCW-1:0] sweep_port, sweep_cont;
  wire [DIW-1:0] sweep_dim_i;
  wire [MW-1:0]  sweep_j, sweep_m, sweep_w;

  hc_port_sweep #(.MAX_DIM(MAX_DIM), .MW(MW), .PCW(PCW)) u_sweep (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .start_i   (dims_done & ~swept_q),
    .step_i    (1'b1),
    .stop_i    (1'b0),
    .last_dim_i(last),
    .pref_i    (pref),
    .m_i       (m),
    .rho_i     (rho),
    .d_i       (d),
    .a_i       (a),
    .k_i       (k),
    .valid_o   (sweep),
    .last_o    (sweep_last),
    .port_o    (sweep_port),
    .dim_o     (sweep_dim_i),
    .dir_o     (sweep_dir),
    .j_o       (sweep_j),
    .m_o       (sweep_m),
    .weight_o  (sweep_w),
    .cont_o    (sweep_cont),
    .two_vc_o  (sweep_two)
  );

  wire [MW-1:0]  sweep_x    = node_digit_i[sweep_dim_i*MW+:MW];
  wire           sweep_wrap = (sweep_dir == 1'b0) ? ({1'b0, sweep_x} + {1'b0, sweep_j} >= {1'b0, sweep_m})
                                                  : (sweep_x < sweep_j);
  wire [WDW-1:0] sweep_dim  = {{(WDW - DIW) {1'b0}}, sweep_dim_i} + 1'b1;
  wire           port_over  = sweep_port >= NP[PCW-1:0];

  assign done_o = done_q & ~bad_q;
  assign err_o  = dims_err | bad_q;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      node_addr_o <= {AW{1'b0}};
      swept_q     <= 1'b0;
      done_q      <= 1'b0;
      bad_q       <= 1'b0;
    end else begin
      if (div) begin
        node_addr_o <= addr_x[AW-1:0];
        if (div_x >= div_m) bad_q <= 1'b1;
      end
      if (sweep) begin
        swept_q <= 1'b1;
        if (port_over) bad_q <= 1'b1;
        if (sweep_last && !port_over && !bad_q) done_q <= 1'b1;
      end
    end
  end

  // ------------------------------------------------- per-port table registers
  /* verilator lint_off UNUSED */  // weights above ceil(MAX_M/2) cannot occur
  wire [MW-1:0]  unused_w    = sweep_w;
  wire [PCW-1:0] unused_cont = sweep_cont;
  /* verilator lint_on UNUSED */
  genvar p;
  generate
    for (p = 0; p < NP; p = p + 1) begin : g_port
      wire load = sweep && !port_over && (sweep_port == p[PCW-1:0]);
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          port_dim_o[p*WDW+:WDW] <= {WDW{1'b0}};
          orig_wc_o[p*WCW+:WCW]  <= {WCW{1'b0}};
          fwd_port_o[p*PIW+:PIW] <= {PIW{1'b0}};
          two_vc_o[p]            <= 1'b0;
          wrap_o[p]              <= 1'b0;
        end else if (load) begin
          port_dim_o[p*WDW+:WDW] <= sweep_dim;
          orig_wc_o[p*WCW+:WCW]  <= sweep_w[WCW-1:0];
          fwd_port_o[p*PIW+:PIW] <= sweep_cont[PIW-1:0];
          two_vc_o[p]            <= sweep_two;
          wrap_o[p]              <= sweep_wrap;
        end
      end
    end
  endgenerate
endmodule
