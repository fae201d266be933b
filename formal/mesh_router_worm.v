// Proof wrapper for hc_mesh_router (formal/mesh_router_*.fv): a router of a
// one-dimensional mesh (DIMS 1, CW 2: ports 0 local, 1 towards +x, 2 towards
// -x) at coordinate 1, DEPTH flits per input FIFO, its three inputs and
// outputs driven by any environment that keeps the link protocol:
//   e_up      an upstream sends into input k only while it holds a credit: DEPTH
//             at reset, one spent per flit, one back per in_credit_o[k];
//   e_worm    input k's flits form worms: a head (possibly also the tail) only
//             between worms, a flit that is no head only inside one; every flit
//             of input k carries source k (a tag: which input it came through);
//   e_dn      the downstream of output o returns a credit only for a flit it
//             holds, and within L = 2 cycles of holding one (it drains).
// Any destinations: a head may ask for any output (U-turns included).
// The rules (assertions), with the router's own (a_body_locked, a_lock_owner,
// a_one_output) beside them:
//   a_out_worm  every output's flits form worms: heads only between worms, no
//               flit that is no head outside one (an output is locked from head
//               to tail);
//   a_owner     every flit of an output's worm comes through the input its
//               head came through (the lock's owner, and it alone);
//   a_cons      per input k: the flits arrived = the flits sent with source k +
//               the flits its FIFO holds + the one popped in the cycle before
//               (on a link now), so none is lost or sent twice;
//   a_up, a_dn  the credits per input (upstream's + held + on their way back)
//               and per output (the router's counter + the flit on the link +
//               the downstream's) are DEPTH: never below 0 or above DEPTH.
// a_lock_link, a_front, a_chain, a_last, a_tag, a_link_tag are the induction's
// strengthening invariants over the state the router exports under FORMAL
// (fv_*_o): the lock agrees with the output's worm; a FIFO's front is a head
// exactly when its input owns no lock; consecutive entries chain (a head
// follows a tail, and only a tail); the upstream is inside a worm exactly when
// the last flit held is no tail (or, empty, when its input owns a lock); every
// entry carries its input's tag, and the flits on the links with tag k are
// the one input k popped in the cycle before.
// Broken variants: HC_MUTANT_MESH_UNLOCK (the router is shown a tail bit on
// every flit it sends from input 1... as seen by the router: its lock ends
// early) and HC_MUTANT_MESH_CREDIT (the router is shown one credit more).
`include "hc_assert.vh"
module mesh_router_worm #(
  parameter integer DEPTH = 2  // flits per input FIFO
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire [2:0]  in_valid_i,
  input  wire [20:0] in_flit_i,
  input  wire [2:0]  out_credit_i
);
  localparam integer P = 3, FW = 7, PW = 1, AW = 2, PIW = 2, L = 2;
  localparam integer CRW = $clog2(DEPTH + 1);
  localparam integer HB = FW - 1, TB = FW - 2;  // head and tail bits
  `HC_FORMAL_RESET

`ifdef HC_MUTANT_MESH_UNLOCK
  // input 1's flits reach the router with the tail bit set: it unlocks after
  // every flit
  wire [20:0] dut_flit = in_flit_i | (21'd1 << (FW + TB));
`else
  wire [20:0] dut_flit = in_flit_i;
`endif
`ifdef HC_MUTANT_MESH_CREDIT
  localparam integer ROUTER_DEPTH = DEPTH + 1;
`else
  localparam integer ROUTER_DEPTH = DEPTH;
`endif
  wire [2:0]             in_credit, out_valid;
  wire [20:0]            out_flit;
  wire [2:0]             heads;
  wire [P*$clog2(ROUTER_DEPTH + 1)-1:0] cnt, credit;
  wire [P*ROUTER_DEPTH*FW-1:0]          seq;
  wire [2:0]             lock;
  wire [5:0]             owner;
  hc_mesh_router #(.DIMS(1), .CW(2), .PW(PW), .DEPTH(ROUTER_DEPTH), .HCW(1)) u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .coord_i(2'd1), .in_valid_i(in_valid_i), .in_flit_i(dut_flit),
    .in_credit_o(in_credit), .out_valid_o(out_valid), .out_flit_o(out_flit),
    .out_credit_i(out_credit_i), .heads_o(heads), .fv_cnt_o(cnt), .fv_seq_o(seq),
    .fv_lock_o(lock), .fv_owner_o(owner), .fv_credit_o(credit));

  // per input k: the upstream's credits, whether it is inside a worm, and the
  // flits arrived and sent (mod 16)
  reg [2:0] up_q [0:P-1];
  reg       inw_q [0:P-1];
  reg [3:0] in_n_q [0:P-1];
  reg [3:0] out_n_q [0:P-1];
  // per output o: the downstream's flits, how long it has held one, whether a
  // worm is passing and the source of its head
  reg [2:0] dn_q [0:P-1];
  reg [1:0] age_q [0:P-1];
  reg       ow_q [0:P-1];
  reg [1:0] osrc_q [0:P-1];

  // owned[k]: input k owns a locked output
  reg [P-1:0] owned;
  integer     a, b;
  always @(*) begin
    owned = {P{1'b0}};
    for (a = 0; a < P; a = a + 1)
      for (b = 0; b < P; b = b + 1)
        if (lock[a] && owner[a*PIW+:PIW] == b[PIW-1:0]) owned[b] = 1'b1;
  end
  // the flits with source k on the links now
  reg [1:0] sent_n [0:P-1];
  always @(*) begin
    for (a = 0; a < P; a = a + 1) begin
      sent_n[a] = 2'd0;
      for (b = 0; b < P; b = b + 1)
        if (out_valid[b] && out_flit[b*FW+PW+:AW] == a[AW-1:0]) sent_n[a] = sent_n[a] + 2'd1;
    end
  end

  genvar k;
  generate
    for (k = 0; k < P; k = k + 1) begin : g_port
      wire [FW-1:0]  f     = in_flit_i[k*FW+:FW];
      wire [FW-1:0]  of    = out_flit[k*FW+:FW];
      wire [CRW-1:0] c_k   = cnt[k*CRW+:CRW];
      wire [CRW-1:0] cr_k  = credit[k*CRW+:CRW];
      `HC_ASSUME(e_up, !(in_valid_i[k] && up_q[k] == 0), "a flit sent upstream without a credit")
      `HC_ASSUME(e_worm, !in_valid_i[k] || (f[HB] == !inw_q[k] && f[PW+:AW] == k),
                 "a flit that breaks its input's worms, or without its input's tag")
      `HC_ASSUME(e_dn, !(out_credit_i[k] && dn_q[k] == 0), "a credit for no flit held")
      `HC_ASSUME(e_drain, !(dn_q[k] != 0 && age_q[k] == L - 1 && !out_credit_i[k]),
                 "the downstream holds a flit too long")

      `HC_ASSERT(a_out_worm, !out_valid[k] || of[HB] == !ow_q[k], "an output's flits break the worms")
      `HC_ASSERT(a_owner, !(out_valid[k] && ow_q[k]) || of[PW+:AW] == osrc_q[k],
                 "a worm's flit from another input than its head's")
      wire [3:0] in_flight = c_k + in_credit[k];
      `HC_ASSERT(a_cons, in_n_q[k] - out_n_q[k] == in_flight, "a flit lost or sent twice")
      `HC_ASSERT(a_up, up_q[k] + c_k + in_credit[k] == DEPTH, "an input's credits are not DEPTH")
      `HC_ASSERT(a_dn, cr_k + dn_q[k] + out_valid[k] == DEPTH, "an output's credits are not DEPTH")

      // the induction's invariants
      wire ow_next = out_valid[k] ? !of[TB] : ow_q[k];
      `HC_ASSERT(a_lock_link, lock[k] == ow_next &&
                 (!lock[k] || owner[k*PIW+:PIW] == (out_valid[k] && of[HB] ? of[PW+:AW] : osrc_q[k])),
                 "an output's lock disagrees with its worm")
      reg bad_chain, bad_tag;
      reg [FW-1:0] last_e;
      integer e;
      always @(*) begin
        bad_chain = 1'b0;
        bad_tag   = 1'b0;
        last_e    = seq[(k*DEPTH)*FW+:FW];
        for (e = 0; e < DEPTH; e = e + 1) begin
          if (e < c_k) begin
            last_e = seq[(k*DEPTH+e)*FW+:FW];
            if (seq[(k*DEPTH+e)*FW+PW+:AW] != k) bad_tag = 1'b1;
          end
        end
        for (e = 0; e + 1 < DEPTH; e = e + 1)
          if (e + 1 < c_k && seq[(k*DEPTH+e+1)*FW+HB] != seq[(k*DEPTH+e)*FW+TB]) bad_chain = 1'b1;
      end
      `HC_ASSERT(a_front, c_k == 0 || seq[(k*DEPTH)*FW+HB] == !owned[k],
                 "a FIFO's front is a head while its input owns a lock, or the reverse")
      `HC_ASSERT(a_chain, !bad_chain, "a FIFO's entries break the worms")
      `HC_ASSERT(a_last, inw_q[k] == (c_k == 0 ? owned[k] : !last_e[TB]),
                 "the upstream's worm disagrees with the FIFO")
      `HC_ASSERT(a_tag, !bad_tag, "a FIFO entry without its input's tag")
      `HC_ASSERT(a_link_tag, sent_n[k] == {1'b0, in_credit[k]},
                 "the flits on the links with tag k are not the one input k popped")

      always @(posedge clk_i) begin
        if (!rst_ni) begin
          up_q[k]    <= DEPTH;
          inw_q[k]   <= 1'b0;
          in_n_q[k]  <= 4'd0;
          out_n_q[k] <= 4'd0;
          dn_q[k]    <= 3'd0;
          age_q[k]   <= 2'd0;
          ow_q[k]    <= 1'b0;
          osrc_q[k]  <= 2'd0;
        end else begin
          up_q[k]    <= up_q[k] - in_valid_i[k] + in_credit[k];
          if (in_valid_i[k]) inw_q[k] <= !f[TB];
          in_n_q[k]  <= in_n_q[k] + in_valid_i[k];
          out_n_q[k] <= out_n_q[k] + sent_n[k];
          dn_q[k]    <= dn_q[k] + out_valid[k] - out_credit_i[k];
          age_q[k]   <= (dn_q[k] != 0 && !out_credit_i[k]) ? age_q[k] + 2'd1 : 2'd0;
          if (out_valid[k]) begin
            ow_q[k] <= !of[TB];
            if (of[HB]) osrc_q[k] <= of[PW+:AW];
          end
        end
      end
    end
  endgenerate
  `HC_COVER(c_two_worms, lock == 3'b011)
  wire unused = ^heads;
endmodule
