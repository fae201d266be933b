// Proof wrapper for hc_router_core (formal/router_core_*.fv): a 2-port node
// of a ring (both ports of dimension 1; an injection originates wc 2 on port 0
// and wc 1 on port 1; a packet arriving on port p with wc 2 continues on the
// other port), DEPTH flits per VC, HOP cycles per hop, FAIR as the core's; with
// VC1 = 1 both ports have two VCs and port 0 crosses the dateline.
// The environment (assumptions, the link protocol):
//   e_up      the upstream sends into input VC (p, v) only while it holds a
//             credit for it: DEPTH at reset, one spent per flit, one back per
//             lin_credit_o[2p+v]; a one-VC port's flits carry vc 0, every
//             flit wc 1 or 2 (e_vc, e_wc);
//   e_dn      the downstream returns a credit for VC (q, v) only for a flit it
//             holds, and within L = 2 cycles of holding one (e_drain);
//   e_inj     the injection source holds inj_valid_i and its payload until
//             inj_ready_o;
//   e_cont    (CONS = 1) every arriving flit has wc 2 and origin 1.
// The rules (assertions), with the core's own (a_credit_under, a_cont_vc,
// a_late_payload, a_held_vc, a_credit_held) beside them:
//   a_sent    no flit is sent without a credit: the flits the downstream VC
//             holds never exceed DEPTH;
//   a_range   the downstream's flits per VC stay within 0..DEPTH;
//   a_up      per input VC, the upstream's credits + the flits the VC holds + a
//             credit on its way back = DEPTH (no flit accepted without a
//             credit, no credit returned twice: the upstream's count stays in
//             0..DEPTH);
//   a_dn      per output VC, the core's counter + the downstream's flits (+ the
//             flit between the registered grant and the link, HOP 2) = DEPTH
//             (the counter never below 0 or above DEPTH);
//   a_cons, a_inj  (CONS = 1) conservation, below.
// a_port_sent, a_inj_part and a_held_cont are the induction's strengthening
// invariants over the state the core exports under FORMAL (fv_*_o).
// The core's own assumptions (a_credit_over, a_vc_full, a_grant_held, the
// FIFOs' a_push_full and a_pop_empty) follow from these rules and e_*.
// Broken variants: HC_MUTANT_RC_DEEPER (the core is built for one flit more
// per VC than its neighbours have: a_dn), HC_MUTANT_RC_CREDIT (in the core: a
// credit back for every arrival too: a_up), HC_MUTANT_RC_DROP (the core is
// shown wc 1 on port 0: a continuation lost, a_cons), HC_MUTANT_RC_RESEND (in
// the core: a head forgets the outputs it has taken: a_inj), HC_MUTANT_RC_NEXT
// (in the core, DEPTH > 1: the flit behind a leaving head owes nothing, so it
// would leave unsent: a_port_sent).
`include "hc_assert.vh"
module router_core_credit #(
  parameter integer DEPTH = 2,  // flits per input VC
  parameter integer FAIR  = 0,  // the core's FAIR
  parameter integer VC1   = 0,  // 1: both ports have two VCs, port 0 crosses the dateline
  parameter integer HOP   = 1,  // the core's HOP
  parameter integer CONS  = 0   // 1: every arrival continues; check conservation
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
  localparam integer KW = $clog2(DEPTH + 1);  // the core's count width
  localparam [1:0] TWO_VC = VC1 ? 2'b11 : 2'b00;
  localparam [1:0] WRAP   = VC1 ? 2'b01 : 2'b00;
  `HC_FORMAL_RESET

  wire [3:0]    lin_credit;
  wire [1:0]    lout_valid, dlv_valid;
  wire [13:0]   lout_data, dlv_data;
  wire          inj_ready;
  wire [4*KW-1:0] occ, cnt;
  wire [9:0]      sent_bits;  // per head, the outputs taken
  wire [1:0]      inj_sent = sent_bits[9:8];
`ifdef HC_MUTANT_RC_DROP
  // the core is shown wc 1 for port 0's flits: it ends a packet it must continue
  wire [13:0] dut_data = {lin_data_i[13:3], 2'd1, lin_data_i[0]};
`else
  wire [13:0] dut_data = lin_data_i;
`endif
`ifdef HC_MUTANT_RC_DEEPER
  localparam integer CORE_DEPTH = DEPTH + 1;
`else
  localparam integer CORE_DEPTH = DEPTH;
`endif
  wire [4*CORE_DEPTH*FW-1:0] mem;     // the core's input VCs' entries
  wire [4*CORE_DEPTH-1:0]    held_e;  // which of them hold a flit
  hc_router_core #(.NP(NP), .AW(1), .PW(1), .WDW(2), .WCW(2), .PIW(1), .DEPTH(CORE_DEPTH),
                   .NDIM(1), .FAIR(FAIR), .HOP(HOP), .VC1_PORTS(TWO_VC)) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .node_addr_i(1'b0),
    .port_dim_i({2'd1, 2'd1}), .orig_wc_i({2'd1, 2'd2}), .fwd_port_i(2'b01),
    .two_vc_i(TWO_VC), .wrap_i(WRAP),
    .lin_valid_i(lin_valid_i), .lin_data_i(dut_data), .lin_credit_o(lin_credit),
    .lout_valid_o(lout_valid), .lout_data_o(lout_data), .lout_credit_i(lout_credit_i),
    .inj_valid_i(inj_valid_i), .inj_payload_i(inj_payload_i), .inj_ready_o(inj_ready),
    .dlv_valid_o(dlv_valid), .dlv_data_o(dlv_data), .fv_occ_o(occ), .fv_cnt_o(cnt),
    .fv_sent_o(sent_bits), .fv_mem_o(mem), .fv_held_o(held_e));

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
        // the invariants that make the induction: every credit of a VC is the
        // upstream's, a flit its FIFO holds, or a credit on its way back; and the
        // core's counter, a flit on the link (HOP 2: counted at the grant's
        // register, one cycle before the link) or one the downstream holds
        wire [CW:0] up_sum = up_q[I] + occ[I*KW+:KW] + lin_credit[I];
        wire [CW:0] dn_sum = cnt[I*KW+:KW] + dn_q[I] + ((HOP == 2) ? send[I] : 1'b0);
        `HC_ASSERT(a_up, up_sum == DEPTH, "an input VC's credits are not DEPTH")
        if (v == 0 || TWO_VC[p]) begin : g_dn
          `HC_ASSERT(a_dn, dn_sum == DEPTH, "an output VC's credits are not DEPTH")
        end else begin : g_no_dn
          `HC_ASSERT(a_dn_none, dn_q[I] == 0 && !send[I], "a flit sent on a VC that does not exist")
        end
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
  // the injection's sent bits (for the induction): an injection needs both
  // ports, so it never has both sent and is still there; it has one only while
  // the source holds it
  `HC_ASSERT(a_port_sent, sent_bits[7:0] == 8'd0,
             "a port's head has taken an output (each needs one at most, and leaves with it)")
  `HC_ASSERT(a_inj_part, inj_sent != 2'b11 && (inj_sent == 2'b00 || inj_wait_q),
             "the injection's sent bits are not those of a waiting injection")
  // Conservation (CONS = 1): every arriving flit carries wc 2 (it continues on
  // the other port) and origin 1 (no packet of this node's comes back); the
  // injections carry origin 0 and leave on both ports. Per output q, counted
  // mod 16: the continuations sent equal the flits that arrived on the other
  // port less those its VCs still hold or have just released (a credit on its
  // way back: the release and the send are in the same cycle), so none is lost
  // or sent twice (a_cons); and every injection is sent on q once: between its
  // release (inj_ready_o, seen a cycle later) and the next, q has sent it at
  // most once more (a_inj).
  generate
    if (CONS != 0) begin : g_cons
      reg [3:0] in_q [0:1];
      reg [3:0] out_q [0:1];
      reg [3:0] inj_q [0:1];
      reg [3:0] acc_q;
      reg       ready_q;
      for (p = 0; p < NP; p = p + 1) begin : g_p
        localparam integer O = 1 - p;  // the other port, which continues p's flits
        wire [FW-1:0] in_flit = lin_data_i[p*FW+:FW];
        wire          origin  = lout_data[p*FW+5];
        `HC_ASSUME(e_cont, !lin_valid_i[p] || (in_flit[2:1] == 2'd2 && in_flit[5]),
                   "a flit that does not continue, or this node's own")
        wire [3:0] held = occ[(2*O)*KW+:KW] + occ[(2*O+1)*KW+:KW] + lin_credit[2*O] +
                          lin_credit[2*O+1];
        `HC_ASSERT(a_cons, in_q[p] - out_q[p] == held, "a continuation lost or sent twice")
        // (for the induction) every flit p's VCs hold arrived as such
        reg bad;
        integer e;
        always @(*) begin
          bad = 1'b0;
          for (e = 0; e < 2 * CORE_DEPTH; e = e + 1)
            if (held_e[2*p*CORE_DEPTH+e] &&
                (mem[(2*p*CORE_DEPTH+e)*FW+1+:2] != 2'd2 || !mem[(2*p*CORE_DEPTH+e)*FW+5]))
              bad = 1'b1;
        end
        `HC_ASSERT(a_held_cont, !bad, "a VC holds a flit that did not arrive")
        // the injection's sends on p since the last release, with the one on
        // the link now and the release seen now: what the core's sent bit says
        wire [3:0] inj_d = inj_q[p] - acc_q + (lout_valid[p] && !origin) - ready_q;
        `HC_ASSERT(a_inj, inj_d == {3'd0, inj_sent[p]}, "an injection lost or sent twice")
        always @(posedge clk_i) begin
          if (!rst_ni) begin
            in_q[p]  <= 4'd0;
            out_q[p] <= 4'd0;
            inj_q[p] <= 4'd0;
          end else begin
            in_q[p]  <= in_q[p] + lin_valid_i[O];
            out_q[p] <= out_q[p] + (lout_valid[p] && origin);
            inj_q[p] <= inj_q[p] + (lout_valid[p] && !origin);
          end
        end
      end
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          acc_q   <= 4'd0;
          ready_q <= 1'b0;
        end else begin
          acc_q   <= acc_q + ready_q;
          ready_q <= inj_valid_i && inj_ready;
        end
      end
    end
  endgenerate
  `HC_COVER(c_both, lout_valid == 2'b11)
  wire unused = ^dlv_valid ^ ^dlv_data ^ ^inj_sent;
endmodule
