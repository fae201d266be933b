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
// EPOCH = 1 (admission by epochs, docs/hardware.md "Admission by epochs";
// FAIR 0): flits carry their epoch's parity, and epoch_hn_i is the head epoch
// H's parity of the next cycle (hc_epoch_head's hn_o), which the core and this
// wrapper (h_w) register. The head-epoch protocol (assumptions, on h_w):
//   e_move    H moves on in cycle m only if the router's flag epoch_busy_o was
//             low in m - 2 (it held no flit of H at the end of m - 4:
//             hc_epoch_head's L = 4) and H has not moved in m - 2 or m - 1;
//   e_left    and only if no flit of H's parity arrived in m - 3 .. m (the
//             neighbours held none at the end of m - 4 either, and a flit on a
//             link in cycle c was in their output register at the end of c - 1).
// The rules (assertions), with the core's own a_epoch_passed (when H moves on,
// the router holds no flit of the epoch it left):
//   a_busy    epoch_busy_o is whether the router held a flit of H(c - 1) at
//             the end of c - 2: in a VC (the entries of fv_mem_o), in an
//             output register (on the link in c - 1) or as the injection that
//             has its epoch; a_held_w: the core's flags of the cycle (held)
//             are the parities it holds;
//   a_ep_closed  a flit of H appears only by arriving: if the flag says none
//             of H(c - 1) at the end of c - 2 and none arrived in c - 1, the
//             router holds none at the end of c - 1 (copies keep their flit's
//             epoch; the injection takes H + 1);
//   a_quota   the injections admitted (the core's take) while H stays the same
//             never exceed QUOTA; a_admit: an injection offered without an
//             epoch is admitted exactly when that count leaves room (at once,
//             and in the cycle H moves on if the quota was spent);
//   a_inj_ep  the injection holds, and every copy of it carries, the parity of
//             H + 1 of the cycle it was admitted in (port 0's copies: its only
//             flits of wc 2; CONS 1: both ports', origin 0);
//   a_cons_ep (CONS 1) a_cons per parity: a continuation keeps its epoch.
// a_ep_h (the core's head epoch is the one it was shown in the cycle before),
// a_ep_room (the core's room register is the quota's room, member or not),
// a_ep_state (the core's quota count is the wrapper's), a_held_wc (every flit
// held has wc 1 or 2) and, with HOP 2, a_ep_count (each FIFO VC's counts per
// parity are its flits') strengthen the induction. The core's epoch
// registers and counts are read through (* hierconn *) wires named
// \u_dut.<its name>, which the descriptions' `flatten 1` connects: the core's
// text, on which its mutants (hc-mutate) depend, stays as it is.
// Broken variants: HC_MUTANT_EP_QUOTA (the core built for one injection more
// per epoch: a_quota, a_admit, a_ep_room), HC_MUTANT_EP_SLOW (the router's flag one
// register later: a_busy), HC_MUTANT_EP_LATE (the core is shown H one cycle
// late, so an injection takes the epoch H has just become: a_inj_ep, a_busy,
// a_ep_room),
// HC_MUTANT_EP_FLIP (the core is shown port 0's arrivals with the other
// parity: a_ep_closed, a_epoch_passed; CONS 1: a_cons_ep), HC_MUTANT_EP_OK (the
// core decides the injection's room for the head epoch parity of the cycle,
// not the next one's: a_ep_room), HC_MUTANT_EP_INV (the core is shown the head epoch's
// next parity inverted: a_ep_h).
`include "hc_assert.vh"
module router_core_credit #(
  parameter integer DEPTH = 2,  // flits per input VC
  parameter integer FAIR  = 0,  // the core's FAIR
  parameter integer VC1   = 0,  // 1: both ports have two VCs, port 0 crosses the dateline
  parameter integer HOP   = 1,  // the core's HOP
  parameter integer CONS  = 0,  // 1: every arrival continues; check conservation
  parameter integer EPOCH = 0,  // the core's EPOCH (needs FAIR 0); 1: check the epochs' rules
  parameter integer QUOTA = 2   // the core's QUOTA (EPOCH = 1)
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,
  input  wire [1:0]               lin_valid_i,
  input  wire [2*(7+EPOCH)-1:0]   lin_data_i,
  input  wire [3:0]               lout_credit_i,
  input  wire                     inj_valid_i,
  input  wire                     inj_payload_i,
  input  wire                     epoch_hn_i  // EPOCH = 1: the head epoch's next parity
);
  // flit fields (hc_router_core): {vc, origin, wd[2], wc[2], epoch (EPOCH 1), payload}
  localparam integer NP = 2, FW = 7 + EPOCH, CW = 3, L = 2;
  localparam integer F_EP = 1, F_WC = 1 + EPOCH, F_ORG = F_WC + 4;
  localparam integer KW = $clog2(DEPTH + 1);  // the core's count width
  localparam [1:0] TWO_VC = VC1 ? 2'b11 : 2'b00;
  localparam [1:0] WRAP   = VC1 ? 2'b01 : 2'b00;
  `HC_FORMAL_RESET

  wire [3:0]    lin_credit;
  wire [1:0]    lout_valid, dlv_valid;
  wire [2*FW-1:0] lout_data, dlv_data;
  wire          inj_ready;
  wire [4*KW-1:0] occ, cnt;
  wire [9:0]      sent_bits;  // per head, the outputs taken
  wire [1:0]      inj_sent = sent_bits[9:8];
`ifdef HC_MUTANT_RC_DROP
  // the core is shown wc 1 for port 0's flits: it ends a packet it must continue
  wire [2*FW-1:0] drop_data = {lin_data_i[2*FW-1:F_WC+2], 2'd1, lin_data_i[F_WC-1:0]};
`else
  wire [2*FW-1:0] drop_data = lin_data_i;
`endif
`ifdef HC_MUTANT_EP_FLIP
  // the core is shown port 0's arrivals with the other epoch's parity
  wire [2*FW-1:0] dut_data = drop_data ^ ({{(2 * FW - 1) {1'b0}}, 1'b1} << F_EP);
`else
  wire [2*FW-1:0] dut_data = drop_data;
`endif
`ifdef HC_MUTANT_RC_DEEPER
  localparam integer CORE_DEPTH = DEPTH + 1;
`else
  localparam integer CORE_DEPTH = DEPTH;
`endif
`ifdef HC_MUTANT_EP_QUOTA
  localparam integer CORE_QUOTA = QUOTA + 1;
`else
  localparam integer CORE_QUOTA = QUOTA;
`endif
  localparam integer QW = $clog2(CORE_QUOTA + 1);  // the core's quota count width
  wire core_hn;    // the head epoch's next parity as the core is shown it
  wire core_busy;  // its epoch_busy_o
  wire busy;       // the router's flag, as the head epoch's unit reads it
  wire [4*CORE_DEPTH*FW-1:0] mem;     // the core's input VCs' entries
  wire [4*CORE_DEPTH-1:0]    held_e;  // which of them hold a flit
  hc_router_core #(.NP(NP), .AW(1), .PW(1), .WDW(2), .WCW(2), .PIW(1), .DEPTH(CORE_DEPTH),
                   .NDIM(1), .FAIR(FAIR), .HOP(HOP), .EPOCH(EPOCH), .QUOTA(CORE_QUOTA),
                   .VC1_PORTS(TWO_VC)) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .node_addr_i(1'b0),
    .port_dim_i({2'd1, 2'd1}), .orig_wc_i({2'd1, 2'd2}), .fwd_port_i(2'b01),
    .two_vc_i(TWO_VC), .wrap_i(WRAP),
    .lin_valid_i(lin_valid_i), .lin_data_i(dut_data), .lin_credit_o(lin_credit),
    .lout_valid_o(lout_valid), .lout_data_o(lout_data), .lout_credit_i(lout_credit_i),
    .inj_valid_i(inj_valid_i), .inj_payload_i(inj_payload_i), .inj_ready_o(inj_ready),
    .epoch_hn_i(core_hn), .epoch_busy_o(core_busy),
    .dlv_valid_o(dlv_valid), .dlv_data_o(dlv_data), .fv_occ_o(occ), .fv_cnt_o(cnt),
    .fv_sent_o(sent_bits), .fv_mem_o(mem), .fv_held_o(held_e));

  // the upstream's credits per input VC (up) and the downstream's flits per output VC (dn)
  reg [CW-1:0] up_q [0:3];
  reg [CW-1:0] dn_q [0:3];
  reg [1:0]    age_q [0:3];  // cycles the downstream VC has held a flit without a credit
  reg          inj_wait_q, inj_pay_q;
  wire [3:0]   arrive, send;
  genvar p, v, q;
  generate
    for (p = 0; p < NP; p = p + 1) begin : g_port
      wire [FW-1:0] in_flit  = lin_data_i[p*FW+:FW];
      wire [FW-1:0] out_flit = lout_data[p*FW+:FW];
      `HC_ASSUME(e_vc, TWO_VC[p] || !in_flit[FW-1], "a one-VC port's flit carries vc 1")
      `HC_ASSUME(e_wc, !lin_valid_i[p] || in_flit[F_WC+:2] == 2'd1 || in_flit[F_WC+:2] == 2'd2,
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
        wire          origin  = lout_data[p*FW+F_ORG];
        `HC_ASSUME(e_cont, !lin_valid_i[p] || (in_flit[F_WC+:2] == 2'd2 && in_flit[F_ORG]),
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
                (mem[(2*p*CORE_DEPTH+e)*FW+F_WC+:2] != 2'd2 || !mem[(2*p*CORE_DEPTH+e)*FW+F_ORG]))
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

  // ---------------------------------------------------------------- epochs
  // The core's epoch registers, and with HOP 2 the counts per parity of its
  // FIFO VCs (in the unnamed block of g_buf's if-else chain), read by name:
  // (* hierconn *) wires the description's `flatten 1` connects.
  localparam integer EW = $clog2(CORE_DEPTH + 1);
  (* hierconn *) wire          \u_dut.g_epoch.member_q ;
  (* hierconn *) wire          \u_dut.g_epoch.ep_q ;
  (* hierconn *) wire          \u_dut.g_epoch.h_q ;
  (* hierconn *) wire          \u_dut.g_epoch.room_q ;
  (* hierconn *) wire          \u_dut.g_epoch.take ;
  (* hierconn *) wire [QW-1:0] \u_dut.g_epoch.used_q ;
  (* hierconn *) wire [1:0]    \u_dut.g_epoch.held ;
  (* hierconn *) wire          \u_dut.inj_ok ;
  (* hierconn *) wire [EW-1:0] \u_dut.g_in[0].g_vc[0].g_buf.genblk4.g_ep_cnt.n0_q ;
  (* hierconn *) wire [EW-1:0] \u_dut.g_in[0].g_vc[0].g_buf.genblk4.g_ep_cnt.n1_q ;
  (* hierconn *) wire [EW-1:0] \u_dut.g_in[0].g_vc[1].g_buf.genblk4.g_ep_cnt.n0_q ;
  (* hierconn *) wire [EW-1:0] \u_dut.g_in[0].g_vc[1].g_buf.genblk4.g_ep_cnt.n1_q ;
  (* hierconn *) wire [EW-1:0] \u_dut.g_in[1].g_vc[0].g_buf.genblk4.g_ep_cnt.n0_q ;
  (* hierconn *) wire [EW-1:0] \u_dut.g_in[1].g_vc[0].g_buf.genblk4.g_ep_cnt.n1_q ;
  (* hierconn *) wire [EW-1:0] \u_dut.g_in[1].g_vc[1].g_buf.genblk4.g_ep_cnt.n0_q ;
  (* hierconn *) wire [EW-1:0] \u_dut.g_in[1].g_vc[1].g_buf.genblk4.g_ep_cnt.n1_q ;
  generate
    if (EPOCH != 0) begin : g_ep
      // the history: H of the three cycles before (hh_q[0] the last), the
      // router's flag of the two before (bz_q[1]: in m - 2), the arrivals of
      // each parity in the three before (ar0_q, ar1_q; [0] the last)
      reg  [2:0] hh_q, ar0_q, ar1_q;
      reg  [1:0] bz_q;
      // the head epoch's parity H: epoch_hn_i of the cycle before
      reg        h_w;
      // the head epoch the core holds: what it was shown in the cycle before
      wire       h_shown;
`ifdef HC_MUTANT_EP_LATE
      assign core_hn = h_w;  // the core is shown the head epoch one cycle late
      assign h_shown = hh_q[0];
`elsif HC_MUTANT_EP_INV
      assign core_hn = !epoch_hn_i;  // the core is shown the other parity
      assign h_shown = h_w;
`else
      assign core_hn = epoch_hn_i;
      assign h_shown = h_w;
`endif
      `HC_ASSERT(a_ep_h, \u_dut.g_epoch.h_q == h_shown,
                 "the core's head epoch is not the one it was shown")
`ifdef HC_MUTANT_EP_SLOW
      // the router's flag goes through one more register
      reg slow_q;
      always @(posedge clk_i) slow_q <= rst_ni && core_busy;
      assign busy = slow_q;
`else
      assign busy = core_busy;
`endif
      wire       member = \u_dut.g_epoch.member_q ;
      wire       ep     = \u_dut.g_epoch.ep_q ;
      wire       take   = \u_dut.g_epoch.take ;
      // arr[b]: a flit of parity b arrives now
      wire [1:0] arr;
      assign arr[0] = (lin_valid_i[0] && !lin_data_i[F_EP]) ||
                      (lin_valid_i[1] && !lin_data_i[FW+F_EP]);
      assign arr[1] = (lin_valid_i[0] && lin_data_i[F_EP]) ||
                      (lin_valid_i[1] && lin_data_i[FW+F_EP]);
      wire       moved = h_w != hh_q[0];
      wire       left  = hh_q[0] ? (arr[1] || ar1_q != 3'd0) : (arr[0] || ar0_q != 3'd0);
      `HC_ASSUME(e_move, !moved || (!bz_q[1] && hh_q[0] == hh_q[1] && hh_q[1] == hh_q[2]),
                 "the head epoch moved on while the router's flag showed a flit of it, or too soon")
      `HC_ASSUME(e_left, !moved || !left,
                 "the head epoch moved on too soon after a flit of it arrived")
      // held_w[b]: the router holds a flit of parity b, in a VC's entries, in
      // an output register (on the link now) or as the injection with its epoch
      reg [1:0] held_w;
      integer   e;
      always @(*) begin
        held_w = {member && ep, member && !ep};
        for (e = 0; e < 4 * CORE_DEPTH; e = e + 1)
          if (held_e[e]) held_w = held_w | (mem[e*FW+F_EP] ? 2'b10 : 2'b01);
        for (e = 0; e < NP; e = e + 1)
          if (lout_valid[e]) held_w = held_w | (lout_data[e*FW+F_EP] ? 2'b10 : 2'b01);
      end
      reg busy_ref;  // held_w of the cycle before, of H of the cycle before
      `HC_ASSERT(a_held_w, \u_dut.g_epoch.held == held_w,
                 "the router's flags are not the parities it holds")
      `HC_ASSERT(a_busy, busy == busy_ref,
                 "epoch_busy_o is not whether the router held a flit of H")
      wire was_clear = !busy_ref && !(hh_q[0] ? ar1_q[0] : ar0_q[0]);
      `HC_ASSERT(a_ep_closed, !(was_clear && held_w[hh_q[0]]),
                 "a flit of the head epoch appeared without arriving")
      // the quota: injections admitted while H has not moved
      reg  [3:0] adm_q;
      wire [3:0] since  = moved ? 4'd0 : adm_q;
      wire       room_w = since < QUOTA;
      `HC_ASSERT(a_quota, since + take <= QUOTA,
                 "more than QUOTA injections admitted into one epoch")
      `HC_ASSERT(a_admit, take == (inj_valid_i && !member && room_w),
                 "an injection admitted without room, or held off with room")
      // the core's room decided a cycle ahead (room_q) is the quota's
      `HC_ASSERT(a_inj_ok, \u_dut.inj_ok == (member || room_w),
                 "the injection may ask for outputs without room, or may not with room")
      `HC_ASSERT(a_ep_room, \u_dut.g_epoch.room_q == room_w,
                 "the core's room for the injection is not the quota's")
      // the epoch the injection took; iep_q, that of the injection of the cycle
      // before, whose copies are on the links now (HOP 2: still the same one)
      reg  iep_q;
      wire iep = take ? !h_w : iep_q;
      // (for the induction) the core's count is the wrapper's
      `HC_ASSERT(a_ep_state, \u_dut.g_epoch.used_q == adm_q,
                 "the core's quota count is not the wrapper's")
      // reachable (yosys-smtbmc -c): H moves on to an epoch the router holds
      // flits of; H moves on while an injection waits for the quota spent
      `HC_COVER(c_move_held, moved && held_w[h_w])
      `HC_COVER(c_move_spent, moved && adm_q == QUOTA && inj_valid_i && !member)
      // (for the induction) every flit a VC holds has wc 1 or 2, as it arrived
      reg bad_wc;
      always @(*) begin
        bad_wc = 1'b0;
        for (e = 0; e < 4 * CORE_DEPTH; e = e + 1)
          if (held_e[e] && mem[e*FW+F_WC+:2] != 2'd1 && mem[e*FW+F_WC+:2] != 2'd2) bad_wc = 1'b1;
      end
      `HC_ASSERT(a_held_wc, !bad_wc, "a VC holds a flit with wc other than 1 or 2")
      for (q = 0; q < NP; q = q + 1) begin : g_inj
        // an injection's copy: on port 0 the only flits with wc 2; with CONS
        // the only ones of origin 0
        wire copy = lout_valid[q] && (q == 0 ? lout_data[F_WC+:2] == 2'd2
                                             : CONS != 0 && !lout_data[q*FW+F_ORG]);
        `HC_ASSERT(a_inj_ep, (!copy || lout_data[q*FW+F_EP] == iep_q) && (!member || ep == iep_q),
                   "an injection holds, or its copy carries, another epoch than the one it took")
      end
      if (HOP == 2) begin : g_count
        // the counts per parity of each FIFO VC are the flits it holds; the
        // core's counts of VC 2p+v at [(2p+v)*EW +: EW] (VC 1: with VC1 only)
        wire [4*EW-1:0] n0, n1;
        if (VC1 != 0) begin : g_two
          assign n0 = {\u_dut.g_in[1].g_vc[1].g_buf.genblk4.g_ep_cnt.n0_q ,
                       \u_dut.g_in[1].g_vc[0].g_buf.genblk4.g_ep_cnt.n0_q ,
                       \u_dut.g_in[0].g_vc[1].g_buf.genblk4.g_ep_cnt.n0_q ,
                       \u_dut.g_in[0].g_vc[0].g_buf.genblk4.g_ep_cnt.n0_q };
          assign n1 = {\u_dut.g_in[1].g_vc[1].g_buf.genblk4.g_ep_cnt.n1_q ,
                       \u_dut.g_in[1].g_vc[0].g_buf.genblk4.g_ep_cnt.n1_q ,
                       \u_dut.g_in[0].g_vc[1].g_buf.genblk4.g_ep_cnt.n1_q ,
                       \u_dut.g_in[0].g_vc[0].g_buf.genblk4.g_ep_cnt.n1_q };
        end else begin : g_one
          assign n0 = {{EW{1'b0}}, \u_dut.g_in[1].g_vc[0].g_buf.genblk4.g_ep_cnt.n0_q ,
                       {EW{1'b0}}, \u_dut.g_in[0].g_vc[0].g_buf.genblk4.g_ep_cnt.n0_q };
          assign n1 = {{EW{1'b0}}, \u_dut.g_in[1].g_vc[0].g_buf.genblk4.g_ep_cnt.n1_q ,
                       {EW{1'b0}}, \u_dut.g_in[0].g_vc[0].g_buf.genblk4.g_ep_cnt.n1_q };
        end
        for (q = 0; q < 4; q = q + 1) begin : g_vc
          if (q % 2 == 0 || VC1 != 0) begin : g_is
            reg [EW-1:0] c0, c1;
            integer      f;
            always @(*) begin
              c0 = {EW{1'b0}};
              c1 = {EW{1'b0}};
              for (f = 0; f < CORE_DEPTH; f = f + 1)
                if (held_e[q*CORE_DEPTH+f]) begin
                  if (mem[(q*CORE_DEPTH+f)*FW+F_EP]) c1 = c1 + 1'b1;
                  else c0 = c0 + 1'b1;
                end
            end
            `HC_ASSERT(a_ep_count, n0[q*EW+:EW] == c0 && n1[q*EW+:EW] == c1,
                       "a VC's counts per parity are not its flits'")
          end
        end
      end
      if (CONS != 0) begin : g_cons_ep
        // a_cons per parity: per output p and parity b, the continuations of
        // parity b sent on p (with the one on the link now) and those of the
        // other port's VCs are the flits of parity b that arrived there
        for (q = 0; q < 2 * NP; q = q + 1) begin : g_pb
          localparam integer P = q / 2, O = 1 - q / 2;
          localparam [0:0] B = q % 2;
          reg  [3:0] in_q, out_q, held;
          wire       now = lout_valid[P] && lout_data[P*FW+F_ORG] && lout_data[P*FW+F_EP] == B;
          integer    f;
          always @(*) begin
            held = 4'd0;
            for (f = 0; f < 2 * CORE_DEPTH; f = f + 1)
              if (held_e[2*O*CORE_DEPTH+f] && mem[(2*O*CORE_DEPTH+f)*FW+F_EP] == B)
                held = held + 1'b1;
          end
          `HC_ASSERT(a_cons_ep, in_q - out_q == held + now,
                     "a continuation changed its epoch, or was lost")
          always @(posedge clk_i) begin
            if (!rst_ni) begin
              in_q  <= 4'd0;
              out_q <= 4'd0;
            end else begin
              in_q  <= in_q + (lin_valid_i[O] && lin_data_i[O*FW+F_EP] == B);
              out_q <= out_q + now;
            end
          end
        end
      end
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          hh_q      <= 3'd0;
          ar0_q     <= 3'd0;
          ar1_q     <= 3'd0;
          bz_q      <= 2'd0;
          busy_ref  <= 1'b0;
          h_w       <= 1'b0;
          adm_q     <= 4'd0;
          iep_q     <= 1'b0;
        end else begin
          hh_q      <= {hh_q[1:0], h_w};
          ar0_q     <= {ar0_q[1:0], arr[0]};
          ar1_q     <= {ar1_q[1:0], arr[1]};
          bz_q      <= {bz_q[0], busy};
          busy_ref  <= held_w[h_w];
          h_w       <= epoch_hn_i;
          adm_q     <= since + take;
          iep_q     <= iep;
        end
      end
    end else begin : g_no_ep
      assign core_hn = epoch_hn_i;
      assign busy   = core_busy;
    end
  endgenerate
  `HC_COVER(c_both, lout_valid == 2'b11)
  wire unused = ^dlv_valid ^ ^dlv_data ^ ^inj_sent ^ busy;
endmodule
