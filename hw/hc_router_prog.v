// hc_router_prog: the programmable hypercycle broadcast router of the paper's
// FPGA prototype (Sec. 4.1): one design for every hypercycle of up to MAX_DIM
// dimensions of up to MAX_M nodes and degree up to NP. At start-up it reads the
// machine's configuration through the cfg_* stream (format in hc_router_cfg and
// docs/hardware.md "Programmable router"), computes a and k per dimension (eq. 6) and the
// per-port tables into registers, raises cfg_done_o and then routes exactly as
// the hardwired hc_router of the same network does (the datapath is the same
// hc_router_core; link origin and payload come through an AND-OR of its VC
// registers, as hc_router's with HOP = 1). The node's identity is its digits
// x_i (node_digit_i, a strap); its mixed-radix address, carried as the origin
// of its broadcasts, is computed from them. Injection is held off (inj_ready_o low) until cfg_done_o; no
// neighbour may send before then. Ports at and above the configured degree stay
// idle: tie their inputs to zero.
//
// Named assertions (hw/include/hc_assert.vh): p_np, p_cdw, p_fair (the parameters).
`include "hc_assert.vh"
module hc_router_prog #(
  // link ports
  parameter integer NP      = 16,
  // most dimensions
  parameter integer MAX_DIM = 4,
  // largest radix m
  parameter integer MAX_M   = 15,
  // bits of a digit or of m
  parameter integer MW      = 4,
  // configuration word width, >= MW and >= bits of MAX_DIM
  parameter integer CDW     = 4,
  // bits of a node address
  parameter integer AW      = 16,
  // bits of the payload
  parameter integer PW      = 32,
  // bits of a flit's weight dimension wd
  parameter integer WDW     = 3,
  // bits of a flit's weight count wc
  parameter integer WCW     = 4,
  // bits of a port index
  parameter integer PIW     = 4,
  // flits per input VC
  parameter integer DEPTH   = 2,
  // 1: bounded-waiting arbitration (one pointer per output and downstream VC)
  parameter integer FAIR    = 0,
  // 1: admission by epochs, injection last (docs/hardware.md "Bounded waiting"; with FAIR = 0)
  parameter integer EPOCH   = 0,
  // EPOCH = 1: packets this node injects into each epoch
  parameter integer QUOTA   = 4
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  // node identity strap: digit x_i at [(i-1)*MW +: MW]
  input  wire [MAX_DIM*MW-1:0] node_digit_i,
  // start-up configuration
  input  wire                  cfg_valid_i,
  input  wire [CDW-1:0]        cfg_data_i,
  output wire                  cfg_ready_o,
  output wire                  cfg_done_o,
  output wire                  cfg_err_o,
  // links, injection and delivery as in hc_router
  input  wire [NP-1:0]         lin_valid_i,
  input  wire [NP*(1 + AW + WDW + WCW + PW + EPOCH)-1:0]      lin_data_i,
  output wire [2*NP-1:0]       lin_credit_o,
  output wire [NP-1:0]         lout_valid_o,
  output wire [NP*(1 + AW + WDW + WCW + PW + EPOCH)-1:0]      lout_data_o,
  input  wire [2*NP-1:0]       lout_credit_i,
  input  wire                  inj_valid_i,
  input  wire [PW-1:0]         inj_payload_i,
  output wire                  inj_ready_o,
  input  wire                  epoch_hn_i,
  output wire                  epoch_busy_o,
  output wire [NP-1:0]         dlv_valid_o,
  output wire [NP*(1 + AW + WDW + WCW + PW + EPOCH)-1:0]      dlv_data_o
);
  `HC_PARAM(p_np, NP >= 1 && MAX_DIM >= 1 && DEPTH >= 1, "NP, MAX_DIM and DEPTH must be at least 1")
  `HC_PARAM(p_cdw, CDW >= MW && CDW >= $clog2(MAX_DIM + 1),
            "CDW must be at least MW and hold MAX_DIM")
  `HC_PARAM(p_fair, FAIR == 0 || FAIR == 1, "FAIR must be 0 or 1")
  /* verilator no_inline_module */
  wire [AW-1:0]     node_addr;
  wire [NP*WDW-1:0] port_dim;
  wire [NP*WCW-1:0] orig_wc;
  wire [NP*PIW-1:0] fwd_port;
  wire [NP-1:0]     two_vc;
  wire [NP-1:0]     wrap;
  wire              core_ready;

  hc_router_cfg #(
    .NP(NP), .MAX_DIM(MAX_DIM), .MAX_M(MAX_M), .MW(MW), .CDW(CDW), .AW(AW), .WDW(WDW),
    .WCW(WCW), .PIW(PIW)
  ) u_cfg (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .node_digit_i(node_digit_i),
    .cfg_valid_i (cfg_valid_i),
    .cfg_data_i  (cfg_data_i),
    .cfg_ready_o (cfg_ready_o),
    .done_o      (cfg_done_o),
    .err_o       (cfg_err_o),
    .node_addr_o (node_addr),
    .port_dim_o  (port_dim),
    .orig_wc_o   (orig_wc),
    .fwd_port_o  (fwd_port),
    .two_vc_o    (two_vc),
    .wrap_o      (wrap)
  );

  // Any port may continue packets around a ring, so every port has both VCs.
  hc_router_core #(
    .NP(NP), .AW(AW), .PW(PW), .WDW(WDW), .WCW(WCW), .PIW(PIW), .DEPTH(DEPTH),
    .NDIM(MAX_DIM), .FAIR(FAIR), .EPOCH(EPOCH), .QUOTA(QUOTA), .VC1_PORTS({NP{1'b1}})
  ) u_core (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .node_addr_i  (node_addr),
    .port_dim_i   (port_dim),
    .orig_wc_i    (orig_wc),
    .fwd_port_i   (fwd_port),
    .two_vc_i     (two_vc),
    .wrap_i       (wrap),
    .lin_valid_i  (lin_valid_i),
    .lin_data_i   (lin_data_i),
    .lin_credit_o (lin_credit_o),
    .lout_valid_o (lout_valid_o),
    .lout_data_o  (lout_data_o),
    .lout_credit_i(lout_credit_i),
    .inj_valid_i  (inj_valid_i & cfg_done_o),
    .inj_payload_i(inj_payload_i),
    .inj_ready_o  (core_ready),
    .epoch_hn_i   (epoch_hn_i),
    .epoch_busy_o (epoch_busy_o),
    .dlv_valid_o  (dlv_valid_o),
    .dlv_data_o   (dlv_data_o)
  );
  assign inj_ready_o = core_ready & cfg_done_o;
endmodule
