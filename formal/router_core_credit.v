// Proof wrapper for hc_router_core's credit flow (formal/router_core_*.fv): a
// 2-port node of a ring (both ports of dimension 1; an injection originates
// wc 2 on port 0 and wc 1 on port 1; a packet arriving on port p with wc 2
// continues on the other port), one cycle per hop, DEPTH flits per VC,
// with VC1 = 1 both ports have two VCs and port 0 crosses the dateline.
// The environment (assumptions, the link protocol):
//   e_up      the upstream sends into input VC (p, v) only while it holds a
//             credit for it: DEPTH at reset, one spent per flit, one back per
//             lin_credit_o[2p+v]; a one-VC port's flits carry vc 0, every
//             flit wc 1 or 2;
//   e_dn      the downstream returns a credit for VC (q, v) only for a flit it
//             holds, and within L = 2 cycles of holding one (it drains);
//   e_inj     the injection source holds inj_valid_i and its payload until
//             inj_ready_o.
// The rules (assertions):
//   a_sent    no flit is sent without a credit: the flits the downstream VC
//             holds never exceed DEPTH (the core's own a_credit_under beside it);
//   a_range   the downstream's flits per VC stay within 0..DEPTH.
// Not proved here: that no credit goes back upstream for a flit not received
// (the upstream's credits never above DEPTH) holds in the base case, but its
// induction needs the input FIFOs' counts, which a wrapper cannot read.
// Broken variant: HC_MUTANT_RC_DEEPER (the core is built for one flit more per
// VC than its neighbours have: a_sent must fail).
`include "hc_assert.vh"
module router_core_credit #(
  parameter integer DEPTH = 2,  // flits per input VC
  parameter integer FAIR  = 0,  // the core's FAIR
  parameter integer VC1   = 0   // 1: both ports have two VCs, port 0 crosses the dateline
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire [1:0]  lin_valid_i,
  input  wire [13:0] lin_data_i,
  input  wire [3:0]  lout_credit_i,
  input  wire        inj_valid_i,
  input  wire        inj_payload_i
);
  localparam integer NP = 2, FW = 7, CW = 3, L = 2;
  localparam [1:0] TWO_VC = VC1 ? 2'b11 : 2'b00;
  localparam [1:0] WRAP   = VC1 ? 2'b01 : 2'b00;
  `HC_FORMAL_RESET

  wire [3:0]    lin_credit;
  wire [1:0]    lout_valid, dlv_valid;
  wire [13:0]   lout_data, dlv_data;
  wire          inj_ready;
`ifdef HC_MUTANT_RC_DEEPER
  localparam integer CORE_DEPTH = DEPTH + 1;
`else
  localparam integer CORE_DEPTH = DEPTH;
`endif
  hc_router_core #(.NP(NP), .AW(1), .PW(1), .WDW(2), .WCW(2), .PIW(1), .DEPTH(CORE_DEPTH),
                   .NDIM(1), .FAIR(FAIR), .HOP(1), .VC1_PORTS(TWO_VC)) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .node_addr_i(1'b0),
    .port_dim_i({2'd1, 2'd1}), .orig_wc_i({2'd1, 2'd2}), .fwd_port_i(2'b01),
    .two_vc_i(TWO_VC), .wrap_i(WRAP),
    .lin_valid_i(lin_valid_i), .lin_data_i(lin_data_i), .lin_credit_o(lin_credit),
    .lout_valid_o(lout_valid), .lout_data_o(lout_data), .lout_credit_i(lout_credit_i),
    .inj_valid_i(inj_valid_i), .inj_payload_i(inj_payload_i), .inj_ready_o(inj_ready),
    .dlv_valid_o(dlv_valid), .dlv_data_o(dlv_data));

  // the upstream's credits per input VC (up) and the downstream's flits per output VC (dn)
  reg [CW-1:0] up_q [0:3];
  reg [CW-1:0] dn_q [0:3];
  reg [1:0]    age_q [0:3];  // cycles the downstream VC has held a flit without a credit
  reg          inj_wait_q, inj_pay_q;
  wire [3:0]   arrive, send;
  genvar p, v;
  generate
    for (p = 0; p < NP; p = p + 1) begin : g_port
      wire [FW-1:0] in_flit  = lin_data_i[p*FW+:FW];
      wire [FW-1:0] out_flit = lout_data[p*FW+:FW];
      `HC_ASSUME(e_vc, TWO_VC[p] || !in_flit[FW-1], "a one-VC port's flit carries vc 1")
      `HC_ASSUME(e_wc, !lin_valid_i[p] || in_flit[2:1] == 2'd1 || in_flit[2:1] == 2'd2,
                 "a flit with wc other than 1 or 2")
      for (v = 0; v < 2; v = v + 1) begin : g_vc
        localparam integer I = 2 * p + v;
        assign arrive[I] = lin_valid_i[p] && in_flit[FW-1] == v[0];
        assign send[I]   = lout_valid[p] && out_flit[FW-1] == v[0];
        `HC_ASSUME(e_up, !(arrive[I] && up_q[I] == 0), "a flit sent upstream without a credit")
        `HC_ASSUME(e_dn, !(lout_credit_i[I] && dn_q[I] == 0), "a credit for no flit held")
        `HC_ASSUME(e_drain, !(dn_q[I] != 0 && age_q[I] == L - 1 && !lout_credit_i[I]),
                   "the downstream holds a flit too long")
        `HC_ASSERT(a_sent, !(send[I] && dn_q[I] == DEPTH),
                   "a flit sent without a credit")
        `HC_ASSERT(a_range, dn_q[I] <= DEPTH, "a downstream VC holds more than DEPTH flits")
        always @(posedge clk_i) begin
          if (!rst_ni) begin
            up_q[I]  <= DEPTH;
            dn_q[I]  <= 0;
            age_q[I] <= 0;
          end else begin
            up_q[I]  <= up_q[I] - arrive[I] + lin_credit[I];
            dn_q[I]  <= dn_q[I] + send[I] - lout_credit_i[I];
            age_q[I] <= (dn_q[I] != 0 && !lout_credit_i[I]) ? age_q[I] + 2'd1 : 2'd0;
          end
        end
      end
    end
  endgenerate

  // the injection source's hold rule
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      inj_wait_q <= 1'b0;
      inj_pay_q  <= 1'b0;
    end else begin
      inj_wait_q <= inj_valid_i && !inj_ready;
      inj_pay_q  <= inj_payload_i;
    end
  end
  `HC_ASSUME(e_inj, !inj_wait_q || (inj_valid_i && inj_payload_i == inj_pay_q),
             "the injection source dropped or changed a flit before inj_ready_o")
  `HC_COVER(c_both, lout_valid == 2'b11)
  wire unused = ^dlv_valid ^ ^dlv_data;
endmodule
