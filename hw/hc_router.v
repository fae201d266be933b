// hc_router: the hypercycle broadcast router with the network's tables hardwired
// as parameters by the generator (Sec. 4.1: "hardwiring the values of a, k and D
// to the router subsystem"). The datapath is hc_router_core; see it for the flit
// format and the per-cycle behaviour. Link outputs come from flip-flops, except,
// with HOP = 1, each flit's origin and payload: those come through an AND-OR of
// the router's VC registers (hc_router_core, "Payload from the heads'
// registers"), so a link's path runs from the sending router's registers to the
// receiving router's.
//
// Per port p (LSB first): PORT_DIM = dimension, ORIG_WC = weight an origin sends
// (0: none), FWD_PORT = port continuing a packet that arrived on p, TWO_VC = the
// port's input buffer has the dateline's second virtual channel. REQ_OK[q*(2NP+1)+s]
// = input VC s (2p+v; 2NP: injection) can ever ask for output q (requestSources in
// gen/algorithm/broadcast_weights.h): each output arbitrates over those only.
//
// Named assertions (hw/include/hc_assert.vh): p_np, p_hop, p_fair (the parameters).
// With EPOCH = 1 flits carry their epoch's parity, and epoch_hn_i/epoch_busy_o
// connect the router to the network's head epoch (hc_router_core, hc_epoch_head).
`include "hc_assert.vh"
module hc_router #(
  // link ports
  parameter integer NP    = 2,
  // bits of a node address
  parameter integer AW    = 4,
  // bits of the payload
  parameter integer PW    = 32,
  // bits of a flit's weight dimension wd
  parameter integer WDW   = 2,
  // bits of a flit's weight count wc
  parameter integer WCW   = 2,
  // bits of a port index
  parameter integer PIW   = 1,
  // flits per input VC
  parameter integer DEPTH = 2,
  // dimensions r of the hypercycle
  parameter integer NDIM  = 1,
  // 1: bounded-waiting arbitration (one pointer per output and downstream VC)
  parameter integer FAIR  = 0,
  // cycles per hop: 1, or 2 with registered grants (docs/hardware.md "Two-cycle hop")
  parameter integer HOP   = 1,
  // 1: admission by epochs, injection last (docs/hardware.md "Bounded waiting"; with FAIR = 0)
  parameter integer EPOCH = 0,
  // EPOCH = 1: packets this node injects into each epoch
  parameter integer QUOTA = 4,
  // dimension of each port (port p at [p*WDW +: WDW])
  parameter [NP*WDW-1:0] PORT_DIM = {NP*WDW{1'b0}},
  // Case 1 weight an origin sends on each port
  parameter [NP*WCW-1:0] ORIG_WC  = {NP*WCW{1'b0}},
  // port continuing a packet that arrived on each port
  parameter [NP*PIW-1:0] FWD_PORT = {NP*PIW{1'b0}},
  // ports that continue packets around their ring (two VCs)
  parameter [NP-1:0]     TWO_VC   = {NP{1'b0}},
  // REQ_OK[q*(2NP+1)+s]: source s may ever ask for output q
  parameter [NP*(2*NP+1)-1:0] REQ_OK = {NP * (2 * NP + 1) {1'b1}},
  // GROUP_OUT[q]: output q arbitrates in two levels, input ports then their VCs
  // (groupedArbiterOutputs in gen/algorithm/broadcast_weights.h)
  parameter [NP-1:0]     GROUP_OUT = {NP{1'b0}}
) (
  input  wire               clk_i,
  input  wire               rst_ni,
  // node identity straps
  input  wire [AW-1:0]      node_addr_i,
  input  wire [NP-1:0]      wrap_i,
  // link inputs and the credits this node returns for them
  input  wire [NP-1:0]      lin_valid_i,
  input  wire [NP*(1 + AW + WDW + WCW + PW + EPOCH)-1:0]   lin_data_i,
  output wire [2*NP-1:0]    lin_credit_o,
  // link outputs and the credits coming back for them
  output wire [NP-1:0]      lout_valid_o,
  output wire [NP*(1 + AW + WDW + WCW + PW + EPOCH)-1:0]   lout_data_o,
  input  wire [2*NP-1:0]    lout_credit_i,
  // local injection
  input  wire               inj_valid_i,
  input  wire [PW-1:0]      inj_payload_i,
  output wire               inj_ready_o,
  // EPOCH = 1: the head epoch's parity in the next cycle (hc_epoch_head's hn_o),
  // and whether the router held a flit of the head epoch
  input  wire               epoch_hn_i,
  output wire               epoch_busy_o,
  // local delivery: lane p carries what arrived on input port p the cycle before
  output wire [NP-1:0]      dlv_valid_o,
  output wire [NP*(1 + AW + WDW + WCW + PW + EPOCH)-1:0]   dlv_data_o
);
  `HC_PARAM(p_np, NP >= 1 && DEPTH >= 1, "NP and DEPTH must be at least 1")
  `HC_PARAM(p_hop, HOP == 1 || HOP == 2, "HOP must be 1 or 2")
  `HC_PARAM(p_fair, FAIR == 0 || FAIR == 1, "FAIR must be 0 or 1")
  /* verilator no_inline_module */
  hc_router_core #(
    .NP(NP), .AW(AW), .PW(PW), .WDW(WDW), .WCW(WCW), .PIW(PIW), .DEPTH(DEPTH),
    .NDIM(NDIM), .FAIR(FAIR), .HOP(HOP), .EPOCH(EPOCH), .QUOTA(QUOTA), .VC1_PORTS(TWO_VC), .REQ_OK(REQ_OK),
    .GROUP_OUT(GROUP_OUT)
  ) u_core (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .node_addr_i  (node_addr_i),
    .port_dim_i   (PORT_DIM),
    .orig_wc_i    (ORIG_WC),
    .fwd_port_i   (FWD_PORT),
    .two_vc_i     (TWO_VC),
    .wrap_i       (wrap_i),
    .lin_valid_i  (lin_valid_i),
    .lin_data_i   (lin_data_i),
    .lin_credit_o (lin_credit_o),
    .lout_valid_o (lout_valid_o),
    .lout_data_o  (lout_data_o),
    .lout_credit_i(lout_credit_i),
    .inj_valid_i  (inj_valid_i),
    .inj_payload_i(inj_payload_i),
    .inj_ready_o  (inj_ready_o),
    .epoch_hn_i   (epoch_hn_i),
    .epoch_busy_o (epoch_busy_o),
    .dlv_valid_o  (dlv_valid_o),
    .dlv_data_o   (dlv_data_o)
  );
endmodule
