// hc_router_core: the datapath of the weight-based hypercycle broadcast router
// (Algorithms 1 and 2 of Dimakopoulos & Dimopoulos, "Broadcasting in Hypercycles",
// in their distributed form, Figs. 2 and 4), with the per-port tables as inputs. Two
// routers wrap it: hc_router (tables hardwired as constants by the generator) and
// hc_router_prog (tables computed at start-up from a configuration stream).
// All-port, full duplex: NP link inputs and outputs, a local injection port
// (valid/ready) and NP local delivery lanes.
//
// Flit on a link (FW bits, MSB first): {vc, origin[AW], wd[WDW], wc[WCW], payload[PW]};
// with EPOCH = 1, {vc, origin[AW], wd[WDW], wc[WCW], epoch, payload[PW]} (the
// packet's epoch's parity, below).
//
// Tables, per port p (port 0 in the LSBs), constant while the router runs:
//   port_dim_i  dimension of port p (1..r)
//   orig_wc_i   Case 1 weight an origin sends on p (0: p starts nothing)
//   fwd_port_i  port continuing a packet that arrived on p (Case 2)
//   two_vc_i    p continues packets around its ring: its input buffer and the
//               downstream buffer use the dateline's two VCs (needs VC1_PORTS[p])
//   wrap_i      the hop out of p crosses its ring's dateline at this node
//
// Behaviour per cycle (docs/hardware.md "Router microarchitecture" has the full rules):
//  * Every flit arriving on input port p is delivered on lane p one cycle later,
//    and enters input VC (p, vc) unless it is fully forwarded in its arrival cycle.
//  * The head of each input VC (the arriving flit itself when the VC is empty)
//    needs: Case 2 continuation on fwd_port[p] with (wd, wc-1) if wc > 1, and
//    Case 1 origination with (i, orig_wc) on every port of every dimension i < wd,
//    where wd = dim(p) for every packet arriving on p.
//    The injection head is a flit with wd = NDIM+1, wc = 0.
//  * Each output has a round-robin arbiter over the 2*NP+1 heads (index 2p+v,
//    injection last), built over the heads REQ_OK says can ever ask for it (with
//    GROUP_OUT[q], two-level: a round robin over the input ports and the
//    injection, then between the port's two VCs, hc_group_arbiter); a head
//    requests an output only while the downstream VC has a credit. A head leaves
//    its VC once every output it needs has been granted (fanout splitting); then a
//    credit goes back upstream one cycle later.
//    FAIR = 1 (bounded waiting, docs/hardware.md "Bounded waiting"): an output with two
//    downstream VCs has one such arbiter per downstream VC, each with its own
//    pointer that moves only when its grant is taken; when both have a winner,
//    the VC that lost the last such tie goes first (each of the two is an
//    hc_group_arbiter on a GROUP_OUT[q] output).
//  * HOP = 1: per hop latency is one cycle: link in at cycle t, link out at t+1.
//    The allocation (head, requests, arbiters, "every output granted", pop) is one
//    combinational loop. With DEPTH = 1 the VC is a flit register and one "owed"
//    bit per output (the outputs the flit still needs): credits let a flit into
//    the VC only when it is empty, so every arrival is written, the arrival alone
//    selects the head, and the owed bits take one LUT after the grants; "every
//    output granted" is left with the credit going back upstream and the
//    injection's handshake and sent bits, off the input buffers. With DEPTH > 1
//    the VC is DEPTH entries, each a flit register and the outputs its flit
//    needs (decided on arrival from the link's wc), a read pointer, a
//    thermometer count and the head's owed bits, one LUT after the grants; a
//    flit arriving behind a held one waits, and "every output granted" moves
//    only the pointer, the count and the owed bits (to the needs of the flit
//    behind), through AND-ORs rather than clock enables.
//    HOP = 2 (docs/hardware.md "Two-cycle hop"): the loop is cut by registering the grants.
//    Cycle t: the heads request, the arbiters grant (credits are spent and the
//    pointers move as with HOP = 1), and the grants are registered. Cycle t+1:
//    each output sends the head its registered grant names (still at the front
//    of its VC), and a head leaves once every output it needs is sent or in
//    flight; a head never asks again for an output whose grant is in flight.
//    Link in at cycle t, link out at t+2.
//    Rule (a_grant_held, an assumption on the injection source): a head with a
//    grant in flight is still valid in the next cycle (the injection source
//    holds inj_valid_i until inj_ready_o).
//    Rule (a_vc_full, an assumption on the upstream): with HOP = 1 a flit arrives
//    only in a VC with room (with DEPTH = 1, an empty one).
//  * Payload from the heads' registers (HOP = 1): in the cycle after a grant
//    the granted head is in a register. A one-flit VC's register is written
//    with its head every cycle (the arrival, or the flit it holds). A deeper
//    VC's entry at the read pointer of the cycle before holds that cycle's
//    head (the entry read, or the arrival written there when the VC was empty;
//    an arrival may overwrite it only when the VC was full, which credits rule
//    out). The injection's payload is registered every cycle (inj_q).
//    Each output registers its grant (gnt_q) and its flit's vc, wd and wc; the
//    origin and payload on the link are an AND-OR of those registers by
//    gnt_q. The link carries the same flit in the same cycle as with a
//    registered payload, but the allocation loop no longer drives the
//    payload's multiplexer: it goes from flip-flops, through the link, into the
//    downstream VC register (and the delivery lane's register).
//    Rule (a_late_payload): the origin and payload sent are
//    those of the head granted in the cycle before.
//  * Credits are counted down from what the output sends (a flip-flop set by
//    the grant: held) one cycle after the grant, and the availability
//    subtracts that flit meanwhile, so the counters do not wait for the
//    arbiters; the requests see the credits a count at the grant would give.
//    The count is a thermometer: the availability is one LUT of flip-flops and
//    the credit coming back.
//  * Deadlock freedom: ports that continue packets around a ring (+-rho) have two
//    VCs; a packet moves to VC 1 when its hop crosses the ring's wrap (wrap_i).
//    The downstream VC is decided from the tables and the head's VC index: a
//    continuation from input VC 1 stays in VC 1.
//    Rule (a_cont_vc): a continuing head in VC v carries
//    vc bit v (a two-VC input files flits by it; a one-VC input gets vc 0).
//  * EPOCH = 1, admission by epochs (docs/hardware.md "Bounded waiting"): every
//    packet belongs to an epoch, and flits carry its parity. The network's head
//    epoch H is kept in a register of the router's own (h_q), loaded with
//    its next value epoch_hn_i (hc_epoch_head's hn_o), so the long net from
//    hc_epoch_head stays out of the allocation; the injection
//    takes the younger open epoch, H + 1, in the first cycle it is offered
//    while this node has injected fewer than QUOTA packets into it (the count
//    starts afresh when H + 1 changes), and until then its head is not valid:
//    its requests are ANDed with member_q or room_q (the quota leaves room in
//    this cycle), decided in the cycle before from epoch_hn_i, not a function
//    of the allocation. epoch_busy_o
//    registers whether the router holds a flit of H (in a VC, in an output
//    register, or as the injection that has its epoch), reading a VC's
//    register or entries (with HOP = 2, counting the flits a FIFO VC holds of
//    each parity).
//    The allocation loop is that of FAIR = 0, with one change to the
//    arbiters: the injection goes last. Each output's arbiter sees the input
//    VCs only, and the injection is granted the output when no input VC asks
//    for it (a flit in the network goes before one entering it).
//    Rule (a_epoch_passed): when H moves on, the router holds no flit of the
//    epoch it left (the network moves H only after a cycle at whose end no
//    router held one).
//
// Named assertions (hw/include/hc_assert.vh; HC_ASSUME: a rule of the
// environment, checked in simulation): the rules above, and per credit
// counter a_credit_over (no credit returns beyond DEPTH, an assumption) and
// a_credit_under (no flit is sent without a credit); p_* check the parameters.
// Under FORMAL only, the proofs' invariants (formal/router_core_credit.v):
// a_held_vc, a_credit_held, a_none_idle, a_owe_need, a_owe_entry, a_fly_valid,
// and the fv_*_o ports that show the proofs the VCs' and outputs' state.
`include "hc_assert.vh"
module hc_router_core #(
  // link ports
  parameter integer NP    = 2,
  // bits of a node address (a flit's origin)
  parameter integer AW    = 4,
  // bits of the payload
  parameter integer PW    = 32,
  // bits of a flit's weight dimension wd (1..NDIM+1)
  parameter integer WDW   = 2,
  // bits of a flit's weight count wc
  parameter integer WCW   = 2,
  // bits of a port index (fwd_port_i)
  parameter integer PIW   = 1,
  // flits per input VC
  parameter integer DEPTH = 2,
  // dimensions r of the hypercycle
  parameter integer NDIM  = 1,
  // 1: one round-robin pointer per output and downstream VC (bounded waiting);
  // 0: one pointer per output
  parameter integer FAIR  = 0,
  // cycles per hop: 1 (allocation and send in one cycle) or 2 (registered grants)
  parameter integer HOP   = 1,
  // 1: admission by epochs and the injection granted last (flits carry the
  // epoch's parity; needs FAIR = 0)
  parameter integer EPOCH = 0,
  // EPOCH = 1: packets this node injects into each epoch
  parameter integer QUOTA = 4,
  // ports whose input buffer has a VC 1 (two_vc_i may be set only on these)
  parameter [NP-1:0]     VC1_PORTS = {NP{1'b0}},
  // REQ_OK[q*(2NP+1)+s]: source s may ever ask for output q (the generator's
  // requestSources); the arbiter and multiplexer of q are built over these only
  parameter [NP*(2*NP+1)-1:0] REQ_OK = {NP * (2 * NP + 1) {1'b1}},
  // GROUP_OUT[q]: output q arbitrates in two levels, ports then their VCs
  // (hc_group_arbiter; the generator's groupedArbiterOutputs), with FAIR = 1 each
  // of its two arbiters
  parameter [NP-1:0]     GROUP_OUT = {NP{1'b0}}
) (
  input  wire               clk_i,
  input  wire               rst_ni,
  // node identity and per-port tables
  input  wire [AW-1:0]      node_addr_i,
  input  wire [NP*WDW-1:0]  port_dim_i,
  input  wire [NP*WCW-1:0]  orig_wc_i,
  input  wire [NP*PIW-1:0]  fwd_port_i,
  input  wire [NP-1:0]      two_vc_i,
  input  wire [NP-1:0]      wrap_i,
  // link inputs and the credits this node returns for them
  input  wire [NP-1:0]      lin_valid_i,
  input  wire [NP*(1 + AW + WDW + WCW + PW + EPOCH)-1:0]   lin_data_i,
  output reg  [2*NP-1:0]    lin_credit_o,
  // link outputs and the credits coming back for them
  output reg  [NP-1:0]      lout_valid_o,
  output wire [NP*(1 + AW + WDW + WCW + PW + EPOCH)-1:0]   lout_data_o,
  input  wire [2*NP-1:0]    lout_credit_i,
  // local injection
  input  wire               inj_valid_i,
  input  wire [PW-1:0]      inj_payload_i,
  output wire               inj_ready_o,
  // EPOCH = 1: the head epoch's parity in the next cycle (hc_epoch_head's
  // hn_o, the same at every router; registered here), and whether the router
  // held a flit of the head epoch (registered)
  input  wire               epoch_hn_i,
  output wire               epoch_busy_o,
  // local delivery: lane p carries what arrived on input port p the cycle before
  output reg  [NP-1:0]      dlv_valid_o,
  output reg  [NP*(1 + AW + WDW + WCW + PW + EPOCH)-1:0]   dlv_data_o
`ifdef FORMAL
  ,
  // for the proofs' invariants (formal/router_core_*.fv), per VC 2p+v: the
  // flits input VC (p, v) holds, and the credit counter of output VC (p, v)
  output wire [2*NP*$clog2(DEPTH + 1)-1:0] fv_occ_o,
  output wire [2*NP*$clog2(DEPTH + 1)-1:0] fv_cnt_o,
  // per head s (2p+v, the injection last), the outputs it has taken (its
  // sent bits, at [s*NP +: NP])
  output wire [(2*NP+1)*NP-1:0]            fv_sent_o,
  // per input VC 2p+v, its DEPTH entries (entry e at [((2p+v)*DEPTH+e)*FW +: FW])
  // and which of them hold a flit
  output wire [2*NP*DEPTH*(1 + AW + WDW + WCW + PW + EPOCH)-1:0] fv_mem_o,
  output wire [2*NP*DEPTH-1:0]             fv_held_o
`endif
);
  // flit bits (1 + AW + WDW + WCW + PW + EPOCH), and the low field's: the epoch
  // bit, if any, and the payload, copied together
  localparam integer FW = 1 + AW + WDW + WCW + PW + EPOCH;
  localparam integer LW = PW + EPOCH;
  localparam integer NS  = 2 * NP + 1;
  localparam integer INJ = 2 * NP;
  // the requesters an output's arbiter sees: EPOCH = 1 leaves the injection out
  localparam [NS-1:0] ARB_LIVE = (EPOCH != 0) ? {1'b0, {INJ{1'b1}}} : {NS{1'b1}};
`ifdef FORMAL
  localparam integer CW  = $clog2(DEPTH + 1);  // bits of the proofs' counts
`endif

  `HC_PARAM(p_np, NP >= 1, "NP must be at least 1")
  `HC_PARAM(p_depth, DEPTH >= 1, "DEPTH must be at least 1")
  `HC_PARAM(p_hop, HOP == 1 || HOP == 2, "HOP must be 1 or 2")
  `HC_PARAM(p_wdw, (1 << WDW) > NDIM + 1, "WDW cannot hold wd = NDIM + 1")
  `HC_PARAM(p_piw, (1 << PIW) >= NP, "PIW cannot index NP ports")
  `HC_PARAM(p_epoch, (EPOCH == 0 || (EPOCH == 1 && FAIR == 0)) && QUOTA >= 1,
            "EPOCH must be 0, or 1 with FAIR = 0, and QUOTA at least 1")
  // field offsets (F_EP: the epoch bit, with EPOCH = 1)
  localparam integer F_WC  = LW;
  localparam integer F_ORG = LW + WCW + WDW;
  localparam integer F_EP  = PW;
  localparam integer F_VC  = FW - 1;
  localparam [WCW-1:0] WC_ONE = {{(WCW - 1) {1'b0}}, 1'b1};
  localparam [WDW-1:0] WD_INJ = NDIM[WDW-1:0] + 1'b1;
  // one flit per VC and one cycle per hop: each VC is a register and owed bits
  localparam integer SLOT = (DEPTH == 1 && HOP == 1) ? 1 : 0;
  // deeper VCs and one cycle per hop: each VC is DEPTH flit registers, each with
  // its owed bits, and a read pointer
  localparam integer OWEQ = (DEPTH > 1 && HOP == 1) ? 1 : 0;
  // one cycle per hop: origin and payload are sent from the heads' registers
  localparam integer LATE = (HOP == 1) ? 1 : 0;

  // ---------------------------------------------------------------- heads
  wire [NS-1:0]    head_valid;
  wire [NS*FW-1:0] head_data;
  wire [NS-1:0]    done;
  wire [2*NP-1:0]  arrive;  // a flit arrives for input VC s
  // sent[s*NP+q]: head s has taken output q; a SLOT VC keeps owe[s*NP+q], q is
  // still needed, instead
  wire [NS*NP-1:0] sent;
  wire [NS*NP-1:0] owe;
  // (SLOT and OWEQ VCs) busy: the VC holds a flit, so an arrival waits behind
  // it; arr_need[s*NP+q]: the arriving flit needs q; left[s*NP+q]: head s still
  // needs q after this cycle's grants
  wire [2*NP-1:0]  busy;
  wire [NS*NP-1:0] arr_need;
  wire [NS*NP-1:0] left;
  // What an output sends: the head a grant names. With HOP = 2 the granted head
  // is always at the front of its VC by then (the arriving flit was written in
  // the grant's cycle), so the sent flit comes from the buffer, not the bypass.
  wire [NS*FW-1:0] buf_data;
  // prev_data: each head of the cycle before, from a register (HOP = 1: module
  // comment, "Payload from the heads' registers")
  wire [NS*FW-1:0] prev_data;
  wire [NS*FW-1:0] src_data = (HOP == 2) ? buf_data : head_data;
  // gnt_fly[q*NS+s]: output q's grant to head s in flight (registered; HOP = 2)
  wire [NP*NS-1:0] gnt_fly;
  // EPOCH = 1: input VC s holds a flit of an epoch of parity 0 (ep_has0[s]) or
  // 1 (ep_has1[s]); lout_ep[q]: the epoch bit of output q's register
  wire [2*NP-1:0]  ep_has0, ep_has1;
  wire [NP-1:0]    lout_ep;

  genvar p, v, q, s, t;
  generate
    for (p = 0; p < NP; p = p + 1) begin : g_in
      wire [FW-1:0] in_flit = lin_data_i[p*FW+:FW];
      for (v = 0; v < 2; v = v + 1) begin : g_vc
        if (v == 0 || VC1_PORTS[p]) begin : g_buf
          wire          match = lin_valid_i[p] & (two_vc_i[p] ? (in_flit[F_VC] == v[0]) : (v == 0));
          wire          empty;
          wire [FW-1:0] fifo_head;
          assign arrive[2*p+v] = match;
          if (SLOT != 0) begin : g_slot
            // The flit stays while it owes an output; an arrival, which credits
            // allow only into an empty VC, is always written and is the head.
            reg [FW-1:0] slot_q;
            always @(posedge clk_i or negedge rst_ni) begin
              if (!rst_ni) slot_q <= {FW{1'b0}};
`ifdef HC_MUTANT_RC_VCBIT
              // a deliberately broken VC that proofs must reject (formal/): the
              // register keeps the flit without its vc bit
              else if (match) slot_q <= {1'b0, in_flit[FW-2:0]};
`else
              else if (match) slot_q <= in_flit;
`endif
            end
            assign empty                     = ~|owe[(2*p+v)*NP+:NP];
            assign fifo_head                 = slot_q;
            assign prev_data[(2*p+v)*FW+:FW] = slot_q;
            assign head_data[(2*p+v)*FW+:FW] = match ? in_flit : slot_q;
`ifdef FORMAL
            assign fv_occ_o[(2*p+v)*CW+:CW] = {{(CW - 1) {1'b0}}, ~empty};
            assign fv_mem_o[(2*p+v)*FW+:FW] = slot_q;
            assign fv_held_o[2*p+v]         = ~empty;
            `HC_ASSERT(a_held_vc, empty || slot_q[F_VC] == (two_vc_i[p] & v[0]),
                       "a VC holds a flit of another VC")
`endif
            `HC_ASSUME(a_vc_full, !(match && !empty), "a flit arrived in a full one-flit VC")
            assign busy[2*p+v] = 1'b0;
          end
          if (OWEQ != 0) begin : g_oweq
            // DEPTH entries, each a flit register and the outputs its flit
            // needs (written together on arrival, from the link's wc), read
            // from the read pointer; the flits held are counted as a
            // thermometer (occ_q[i]: more than i), and the write pointer is the
            // read pointer plus that count. The head's owed bits are a register
            // of their own (owe_q): the outputs it still needs after the
            // grants, one LUT after them, and when none is left ("every output
            // granted", alldone) the needs of the flit behind it. Only alldone
            // moves the read pointer, the count and the head's owed bits; with
            // no head (alldone, as nothing is needed) it moves the read pointer
            // of an empty VC, which the write pointer follows.
            localparam integer PTRW = (DEPTH > 1) ? $clog2(DEPTH) : 1;
            localparam [PTRW-1:0] LAST = DEPTH[PTRW-1:0] - 1'b1;
            localparam [PTRW-1:0] P_ONE = 1;
            reg  [DEPTH*FW-1:0] mem_q;   // entry e at [e*FW +: FW]
            reg  [DEPTH*NP-1:0] ned_q;   // entry e's needs at [e*NP +: NP]
            reg  [DEPTH-1:0]    occ_q;   // bit i: the VC holds more than i flits
            reg  [NP-1:0]       owe_q;   // the head's owed outputs
            reg  [PTRW-1:0]     rd_q, prev_q;
            reg  [PTRW-1:0]     wr;      // the entry an arrival is written to
            reg  [PTRW-1:0]     nx;      // the entry behind the head
            reg  [NP-1:0]       nxt;     // the next head's needs, if the head leaves
            reg  [FW-1:0]       buf_h, last_h;
            reg  [DEPTH-1:0]    occ_d;
            reg                 up, dn;
            integer             e, i;
            wire                alldone = left[(2*p+v)*NP+:NP] == {NP{1'b0}};
            wire [PTRW-1:0]     rd_d = (alldone && rd_q == LAST) ? {PTRW{1'b0}} :
                                       rd_q + (alldone ? P_ONE : {PTRW{1'b0}});
            always @(*) begin
              buf_h  = {FW{1'b0}};
              last_h = {FW{1'b0}};
              nxt    = {NP{1'b0}};
              wr     = rd_q;
              nx     = (rd_q == LAST) ? {PTRW{1'b0}} : rd_q + 1'b1;
              for (i = 1; i < DEPTH; i = i + 1)
                if (occ_q[i-1]) wr = (wr == LAST) ? {PTRW{1'b0}} : wr + 1'b1;
              for (e = 0; e < DEPTH; e = e + 1) begin
                buf_h  = buf_h | ({FW{rd_q == e[PTRW-1:0]}} & mem_q[e*FW+:FW]);
                last_h = last_h | ({FW{prev_q == e[PTRW-1:0]}} & mem_q[e*FW+:FW]);
                nxt    = nxt | ({NP{nx == e[PTRW-1:0]}} & ned_q[e*NP+:NP]);
              end
              // behind the head: a flit held, or one arriving now
              if (!occ_q[DEPTH > 1 ? 1 : 0]) nxt = {NP{match & occ_q[0]}} & arr_need[(2*p+v)*NP+:NP];
              // the count: one more with an arrival, one less when the head
              // leaves (AND-ORs: no clock enable waits for alldone)
              for (i = 0; i < DEPTH; i = i + 1) begin
                up = (i == 0) ? 1'b1 : occ_q[(i+DEPTH-1)%DEPTH];
                dn = (i == DEPTH - 1) ? 1'b0 : occ_q[(i+1)%DEPTH];
                occ_d[i] = (alldone & ~match & dn) | (~alldone & match & up) |
                           (~(alldone ^ match) & occ_q[i]);
              end
            end
            always @(posedge clk_i or negedge rst_ni) begin
              if (!rst_ni) begin
                mem_q  <= {DEPTH * FW{1'b0}};
                ned_q  <= {DEPTH * NP{1'b0}};
                occ_q  <= {DEPTH{1'b0}};
                owe_q  <= {NP{1'b0}};
                rd_q   <= {PTRW{1'b0}};
                prev_q <= {PTRW{1'b0}};
              end else begin
                prev_q <= rd_q;
                rd_q   <= rd_d;
                occ_q  <= occ_d;
`ifdef HC_MUTANT_RC_NEXT
                // a deliberately broken VC that proofs must reject (formal/): the
                // flit behind a leaving head is taken to owe nothing
                owe_q  <= left[(2*p+v)*NP+:NP];
`else
                owe_q  <= left[(2*p+v)*NP+:NP] | ({NP{alldone}} & nxt);
`endif
                for (e = 0; e < DEPTH; e = e + 1)
                  if (match && wr == e[PTRW-1:0]) begin
                    mem_q[e*FW+:FW] <= in_flit;
                    ned_q[e*NP+:NP] <= arr_need[(2*p+v)*NP+:NP];
                  end
              end
            end
            if (EPOCH != 0) begin : g_ep_held
              // the epochs (by parity) of the flits held: the entries within
              // the count from the read pointer
              reg [1:0] has;
              integer   at;
              always @(*) begin
                has = 2'b00;
                for (i = 0; i < DEPTH; i = i + 1) begin
                  at = {{(32 - PTRW) {1'b0}}, rd_q} + i;
                  if (at >= DEPTH) at = at - DEPTH;
                  for (e = 0; e < DEPTH; e = e + 1)
                    if (occ_q[i] && at == e) has = has | (mem_q[e*FW+F_EP] ? 2'b10 : 2'b01);
                end
              end
              assign ep_has0[2*p+v] = has[0];
              assign ep_has1[2*p+v] = has[1];
            end
            assign empty                     = ~occ_q[0];
            assign busy[2*p+v]               = occ_q[0];
            assign fifo_head                 = buf_h;
            assign prev_data[(2*p+v)*FW+:FW] = last_h;
            assign owe[(2*p+v)*NP+:NP]       = owe_q;
            assign head_data[(2*p+v)*FW+:FW] = empty ? in_flit : buf_h;
            `HC_ASSUME(a_vc_full, !(match && occ_q[DEPTH-1]), "a flit arrived in a full VC")
`ifdef FORMAL
            // the proofs' view: the flits held, the entries, which hold a flit
            reg [CW-1:0]    fv_n;
            reg [DEPTH-1:0] fv_full;
            integer         fv_off;
            always @(*) begin
              fv_n = {CW{1'b0}};
              for (e = 0; e < DEPTH; e = e + 1) fv_n = fv_n + occ_q[e];
              for (e = 0; e < DEPTH; e = e + 1) begin
                fv_off     = (e >= rd_q) ? e - rd_q : e + DEPTH - rd_q;
                fv_full[e] = fv_off < fv_n;
              end
            end
            assign fv_occ_o[(2*p+v)*CW+:CW]             = fv_n;
            assign fv_mem_o[(2*p+v)*DEPTH*FW+:DEPTH*FW] = mem_q;
            assign fv_held_o[(2*p+v)*DEPTH+:DEPTH]       = fv_full;
            // The count is a thermometer and the pointers are entries; every
            // entry held has the needs of its flit, and the head owes some of
            // its own, none when the VC is empty (fv_bad); every flit held
            // carries its VC's vc bit (fv_vc).
            reg          fv_bad, fv_vc;
            reg [NP-1:0] fv_need;
            integer      fv_q;
            always @(*) begin
              fv_bad = (occ_q & (occ_q + 1'b1)) != {DEPTH{1'b0}} || rd_q > LAST || prev_q > LAST ||
                       (!occ_q[0] && owe_q != {NP{1'b0}});
              fv_vc  = 1'b0;
              for (e = 0; e < DEPTH; e = e + 1) begin
                for (fv_q = 0; fv_q < NP; fv_q = fv_q + 1)
                  fv_need[fv_q] = REQ_OK[fv_q*NS+2*p+v] &&
                                  ((WCW > 1 && fwd_port_i[p*PIW+:PIW] == fv_q[PIW-1:0] &&
                                    mem_q[e*FW+F_WC+:WCW] > WC_ONE) ||
                                   (port_dim_i[fv_q*WDW+:WDW] < port_dim_i[p*WDW+:WDW] &&
                                    orig_wc_i[fv_q*WCW+:WCW] != {WCW{1'b0}}));
                if (fv_full[e] && ned_q[e*NP+:NP] != fv_need) fv_bad = 1'b1;
                if (fv_full[e] && rd_q == e && (owe_q & ~fv_need) != {NP{1'b0}}) fv_bad = 1'b1;
                if (fv_full[e] && mem_q[e*FW+F_VC] != (two_vc_i[p] & v[0])) fv_vc = 1'b1;
              end
            end
            `HC_ASSERT(a_owe_entry, !fv_bad, "a VC's entries, count and owed bits disagree")
            `HC_ASSERT(a_held_vc, !fv_vc, "a VC holds a flit of another VC")
`endif
          end
          if (SLOT == 0 && OWEQ == 0) begin : g_fifo
            hc_fifo #(.W(FW), .DEPTH(DEPTH)) u_fifo (
              .clk_i  (clk_i),
              .rst_ni (rst_ni),
              // An arriving flit is always written; when the VC is empty and the
              // flit is fully forwarded in its arrival cycle it is popped in the
              // same cycle, passing straight through (the write enable does not
              // wait for the grants).
              .push_i (match),
              .data_i (in_flit),
              .pop_i  (done[2*p+v]),
              .head_o (fifo_head),
              .empty_o(empty),
              .last_o (prev_data[(2*p+v)*FW+:FW])
`ifdef FORMAL
              ,
              .fv_cnt_o (fv_occ_o[(2*p+v)*CW+:CW]),
              .fv_mem_o (fv_mem_o[(2*p+v)*DEPTH*FW+:DEPTH*FW]),
              .fv_held_o(fv_held_o[(2*p+v)*DEPTH+:DEPTH])
`endif
            );
`ifdef FORMAL
            // Every flit the VC holds carries its vc bit (a two-VC input files
            // flits by it; a one-VC input's carry vc 0): what a_cont_vc reads
            // of a head, here of every entry, for the induction.
            wire [DEPTH*FW-1:0] fv_mem  = fv_mem_o[(2*p+v)*DEPTH*FW+:DEPTH*FW];
            wire [DEPTH-1:0]    fv_held = fv_held_o[(2*p+v)*DEPTH+:DEPTH];
            reg                 fv_bad;
            integer             fv_e;
            always @(*) begin
              fv_bad = 1'b0;
              for (fv_e = 0; fv_e < DEPTH; fv_e = fv_e + 1)
                if (fv_held[fv_e] && fv_mem[fv_e*FW+F_VC] != (two_vc_i[p] & v[0])) fv_bad = 1'b1;
            end
            `HC_ASSERT(a_held_vc, !fv_bad, "a VC holds a flit of another VC")
`endif
            assign head_data[(2*p+v)*FW+:FW] = empty ? in_flit : fifo_head;
            assign busy[2*p+v]               = 1'b0;
          end
          if (EPOCH != 0 && SLOT != 0) begin : g_ep_slot  // the register holds the flit
            assign ep_has0[2*p+v] = ~empty & ~fifo_head[F_EP];
            assign ep_has1[2*p+v] = ~empty & fifo_head[F_EP];
          end else if (EPOCH != 0 && OWEQ == 0) begin : g_ep_cnt
            // (a FIFO VC, HOP = 2; a VC of entries reads them, g_oweq) the
            // flits held of each parity: one more with an arrival (always
            // written), one less when the head leaves (an arrival passing
            // straight through does both)
            localparam integer EW = $clog2(DEPTH + 1);
            localparam [EW-1:0] E_ONE = 1;
            reg  [EW-1:0] n0_q, n1_q;
            wire          in_ep = in_flit[F_EP];
            wire          hd_ep = head_data[(2*p+v)*FW+F_EP];
            wire          lv    = done[2*p+v];
            always @(posedge clk_i or negedge rst_ni) begin
              if (!rst_ni) begin
                n0_q <= {EW{1'b0}};
                n1_q <= {EW{1'b0}};
              end else begin
                n0_q <= n0_q + ((match & ~in_ep) ? E_ONE : {EW{1'b0}}) - ((lv & ~hd_ep) ? E_ONE : {EW{1'b0}});
                n1_q <= n1_q + ((match & in_ep) ? E_ONE : {EW{1'b0}}) - ((lv & hd_ep) ? E_ONE : {EW{1'b0}});
              end
            end
            assign ep_has0[2*p+v] = n0_q != {EW{1'b0}};
            assign ep_has1[2*p+v] = n1_q != {EW{1'b0}};
          end else if (EPOCH == 0) begin : g_ep_none
            assign ep_has0[2*p+v] = 1'b0;
            assign ep_has1[2*p+v] = 1'b0;
          end
          assign head_valid[2*p+v]       = ~empty | match;
          assign buf_data[(2*p+v)*FW+:FW]  = fifo_head;
        end else begin : g_none
          assign head_valid[2*p+v]       = 1'b0;
          assign head_data[(2*p+v)*FW+:FW] = {FW{1'b0}};
          assign buf_data[(2*p+v)*FW+:FW]  = {FW{1'b0}};
          assign prev_data[(2*p+v)*FW+:FW] = {FW{1'b0}};
          assign arrive[2*p+v]             = 1'b0;
          assign busy[2*p+v]               = 1'b0;
          assign ep_has0[2*p+v]            = 1'b0;
          assign ep_has1[2*p+v]            = 1'b0;
          if (OWEQ != 0) begin : g_none_owe
            assign owe[(2*p+v)*NP+:NP] = {NP{1'b0}};
          end
`ifdef FORMAL
          // a VC that does not exist owes and has taken nothing
          `HC_ASSERT(a_none_idle, owe[(2*p+v)*NP+:NP] == {NP{1'b0}} && sent[(2*p+v)*NP+:NP] == {NP{1'b0}},
                     "a VC that does not exist asks for an output")
          assign fv_occ_o[(2*p+v)*CW+:CW] = {CW{1'b0}};
          assign fv_mem_o[(2*p+v)*DEPTH*FW+:DEPTH*FW] = {DEPTH * FW{1'b0}};
          assign fv_held_o[(2*p+v)*DEPTH+:DEPTH]       = {DEPTH{1'b0}};
`endif
        end
      end
    end
  endgenerate

  // the injection's low field (its epoch and payload), and whether it may ask
  // for outputs (EPOCH = 1: it has its epoch, or takes it now)
  wire [LW-1:0] inj_low;
  wire          inj_ok;
  assign head_valid[INJ]         = inj_valid_i & inj_ok;
  assign head_data[INJ*FW+:FW]   = {1'b0, node_addr_i, WD_INJ, {WCW{1'b0}}, inj_low};
  assign buf_data[INJ*FW+:FW]    = head_data[INJ*FW+:FW];
  generate
    if (LATE != 0) begin : g_inj_late
      // the injected payload of the cycle before, for the output that sends it now
      reg [LW-1:0] inj_q;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) inj_q <= {LW{1'b0}};
        else inj_q <= inj_low;
      end
      assign prev_data[INJ*FW+:FW] = {1'b0, node_addr_i, WD_INJ, {WCW{1'b0}}, inj_q};
    end else begin : g_inj_now
      assign prev_data[INJ*FW+:FW] = {FW{1'b0}};
    end
  endgenerate
  assign inj_ready_o             = done[INJ];

  // ---------------------------------------------------------- epochs
  generate
    if (EPOCH != 0) begin : g_epoch
      localparam integer QW = $clog2(QUOTA + 1);
      localparam [QW-1:0] QMAX = QUOTA[QW-1:0];
      localparam [QW-1:0] Q_ONE = 1;
      reg          member_q;  // the injection offered has taken its epoch
      reg          ep_q;      // that epoch's parity
      reg          qe_q;      // the parity of the epoch the quota counts for
      reg [QW-1:0] used_q;    // packets injected into it
      reg          busy_q;
      reg          h_q;       // the head epoch's parity: epoch_hn_i of the cycle before
      reg          hprev_q;   // h_q of the cycle before
      // room_q: whether the quota leaves the injection room in this cycle,
      // decided in the cycle before from the next values of H (epoch_hn_i),
      // qe_q and used_q (nothing of the allocation), so that the head epoch
      // and the quota's compare are not LUT levels in front of the
      // injection's requests
      reg          room_q;
      wire         young = ~h_q;                 // the epoch an injection takes
      wire         fresh = qe_q != young;        // it changed: the count starts afresh
      wire         room  = room_q;
      wire         take  = inj_valid_i & ~member_q & room;
      wire         iep   = member_q ? ep_q : young;
      // the next value of used_q (qe_q's is young)
      wire [QW-1:0] used_d = (fresh ? {QW{1'b0}} : used_q) + (take ? Q_ONE : {QW{1'b0}});
      reg  [1:0]   held;  // held[b]: the router holds a flit of parity b
      integer      e;
      always @(*) begin
        held = {member_q & ep_q, member_q & ~ep_q};
        held = held | {|ep_has1, |ep_has0};
        for (e = 0; e < NP; e = e + 1)
          held = held | {lout_valid_o[e] & lout_ep[e], lout_valid_o[e] & ~lout_ep[e]};
      end
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          member_q <= 1'b0;
          ep_q     <= 1'b0;
          qe_q     <= 1'b0;
          used_q   <= {QW{1'b0}};
          busy_q   <= 1'b0;
          h_q      <= 1'b0;
          hprev_q  <= 1'b0;
          room_q   <= 1'b1;
        end else begin
          member_q <= (member_q | take) & ~done[INJ];
          ep_q     <= iep;
          qe_q     <= young;
          used_q   <= used_d;
          busy_q   <= h_q ? held[1] : held[0];
          h_q      <= epoch_hn_i;
          hprev_q  <= h_q;
`ifdef HC_MUTANT_EP_OK
          // a deliberately broken admission that proofs must reject (formal/):
          // room decided for this cycle's head epoch parity, not the next one's
          room_q   <= h_q | (used_d != QMAX);
`else
          // room in the next cycle: qe_q will be young, so the count starts
          // afresh if the head epoch moves on (epoch_hn_i is not h_q)
          room_q   <= (epoch_hn_i != h_q) | (used_d != QMAX);
`endif
        end
      end
      assign inj_ok       = member_q | room;
      assign inj_low      = {iep, inj_payload_i};
      assign epoch_busy_o = busy_q;
`ifdef SYNTHESIS
      wire unused_hprev = hprev_q;  // the check's only, which synthesis leaves out
`endif
      `HC_ASSERT(a_epoch_passed, !(h_q != hprev_q && (h_q ? held[0] : held[1])),
                 "the head epoch moved on past a flit this router holds")
    end else begin : g_no_epoch
      assign inj_ok       = 1'b1;
      assign inj_low      = inj_payload_i;
      assign epoch_busy_o = 1'b0;
    end
  endgenerate

  // ------------------------------------------------- needs and requests
  // fwd[s*NP+q]: head s continues on q (Case 2); need: q still owed to head s.
  wire [NS*NP-1:0] fwd;
  wire [NS*NP-1:0] need;
  wire [NS*NP-1:0] out_vc;
  wire [NP*NS-1:0] req;       // req[q*NS+s]
  wire [NP*NS-1:0] gnt;       // gnt[q*NS+s]
  wire [NP-1:0]    out_valid;
  wire [2*NP-1:0]  avail;     // avail[2q+v]: downstream VC v of q can take a flit
`ifdef FORMAL
  wire [NS*NP-1:0] fv_want;   // fv_want[s*NP+q]: head s needs q (sent or not)
`endif

  generate
    for (s = 0; s < NS; s = s + 1) begin : g_src
      wire [WCW-1:0] h_wc = head_data[s*FW+F_WC+:WCW];
      // The head's wd, from the tables rather than the flit: a packet arriving on
      // port p always carries wd = dim(p) (gen/algorithm/broadcast_weights.h,
      // requestSources; the model checks it on every head), and an injection has
      // wd = NDIM+1. Deciding Case 1 without reading the buffer keeps the flit's
      // bits out of the request logic.
      wire [WDW-1:0] h_wd;
      if (s == INJ) begin : g_wd_inj
        assign h_wd = WD_INJ;
      end else begin : g_wd_port
        assign h_wd = port_dim_i[(s/2)*WDW+:WDW];
      end
      wire [NP-1:0]  gnt_s;
      wire [NP-1:0]  fly_s;  // grants to this head in flight (HOP = 2)
      if (WCW == 1 || s == INJ) begin : g_wc_unused  // wc is never inspected here
        /* verilator lint_off UNUSED */
        wire unused_wc = ^h_wc;
        /* verilator lint_on UNUSED */
      end
      for (q = 0; q < NP; q = q + 1) begin : g_out
        // Case 2 of Algorithm 1: a received packet with wc > 1 continues on fwd_port.
        if (WCW > 1 && s < INJ) begin : g_cont
          assign fwd[s*NP+q] = (fwd_port_i[(s/2)*PIW+:PIW] == q[PIW-1:0]) && (h_wc > WC_ONE);
        end else begin : g_nocont  // injections, or all weights 1: nothing continues
          assign fwd[s*NP+q] = 1'b0;
        end
        wire lower = (port_dim_i[q*WDW+:WDW] < h_wd) && (orig_wc_i[q*WCW+:WCW] != {WCW{1'b0}});
`ifdef FORMAL
        assign fv_want[s*NP+q] = REQ_OK[q*NS+s] & (fwd[s*NP+q] | lower);
`endif
        if ((SLOT != 0 || OWEQ != 0) && s < INJ) begin : g_need_owed
          // an arrival's continuation decided from the link's wc itself, not the
          // head; the arrival is the head only when its VC holds no flit
          wire [WCW-1:0] in_wc = lin_data_i[(s/2)*FW+F_WC+:WCW];
`ifdef HC_MUTANT_RC_WC1
          // a deliberately broken core that proofs must reject (formal/): an
          // arrival with wc 1 is taken to continue too
          wire fwd_in = (WCW > 1) && (fwd_port_i[(s/2)*PIW+:PIW] == q[PIW-1:0]) && (in_wc >= WC_ONE);
`else
          wire fwd_in = (WCW > 1) && (fwd_port_i[(s/2)*PIW+:PIW] == q[PIW-1:0]) && (in_wc > WC_ONE);
`endif
          assign arr_need[s*NP+q] = REQ_OK[q*NS+s] & (fwd_in | lower);
`ifdef HC_MUTANT_RC_PORT
          // a deliberately broken core that proofs must reject (formal/): an
          // arrival on the port is taken as one for each of its VCs
          assign need[s*NP+q] = REQ_OK[q*NS+s] & (owe[s*NP+q] | (lin_valid_i[s/2] & ~busy[s] & (fwd_in | lower)));
`else
          assign need[s*NP+q] = REQ_OK[q*NS+s] & (owe[s*NP+q] | (arrive[s] & ~busy[s] & (fwd_in | lower)));
`endif
`ifdef FORMAL
          // the outputs a one-flit VC owes are outputs its flit needs (the
          // flit is the head while it owes one: no arrival then)
          `HC_ASSERT(a_owe_need, !owe[s*NP+q] || fwd[s*NP+q] || lower,
                     "a VC owes an output its flit does not need")
`endif
        end else begin : g_need_sent
          assign arr_need[s*NP+q] = 1'b0;
`ifdef HC_MUTANT_RC_FLY
          // a deliberately broken core that proofs must reject (formal/): a
          // head asks again for an output whose grant is in flight (HOP = 2)
          assign need[s*NP+q] = REQ_OK[q*NS+s] & head_valid[s] & ~sent[s*NP+q] &
                                (fwd[s*NP+q] | lower);
`else
          assign need[s*NP+q] = REQ_OK[q*NS+s] & head_valid[s] & ~sent[s*NP+q] & ~fly_s[q] &
                                (fwd[s*NP+q] | lower);
`endif
        end
        // The downstream VC: VC 1 when the hop crosses the dateline, or when the
        // packet continues its ring from VC 1. Only the head of a port's VC 1 can
        // continue from VC 1 (a two-VC input files a flit by its vc bit; a
        // one-VC input's flits carry vc 0), and a head asks for its port's
        // continuation only to continue, so the choice is the tables' alone.
        if (s < INJ) begin : g_ovc_port
          wire cont_src = (fwd_port_i[(s/2)*PIW+:PIW] == q[PIW-1:0]) && (s % 2 == 1);
          assign out_vc[s*NP+q] = two_vc_i[q] & (wrap_i[q] | cont_src);
          `HC_ASSERT(a_cont_vc, !(need[s*NP+q] && fwd[s*NP+q] && head_data[s*FW+F_VC] != s[0]),
                     "a continuing head carries another VC's vc bit")
        end else begin : g_ovc_inj
          assign out_vc[s*NP+q] = two_vc_i[q] & wrap_i[q];
        end
        assign req[q*NS+s]    = need[s*NP+q] & (out_vc[s*NP+q] ? avail[2*q+1] : avail[2*q]);
        assign gnt_s[q]       = gnt[q*NS+s];
        assign fly_s[q]       = gnt_fly[q*NS+s];
      end
      // HOP = 1: a head leaves in the cycle its last output is granted. HOP = 2:
      // in the cycle after, once no output it needs is left without a grant
      // (sent, or in flight). Until it leaves, the outputs it has taken are
      // remembered: sent_q, or a SLOT VC's owed bits.
      wire [NP-1:0] now_s   = (HOP == 2) ? {NP{1'b0}} : gnt_s;
      wire [NP-1:0] taken_s = (HOP == 2) ? fly_s : gnt_s;
      assign left[s*NP+:NP] = need[s*NP+:NP] & ~now_s;
      assign done[s] = head_valid[s] & (left[s*NP+:NP] == {NP{1'b0}});
`ifdef FORMAL
      // the outputs head s has taken: its sent bits, or, for a VC that keeps its
      // head's owed bits, the outputs its flit needs and no longer owes
      if (OWEQ != 0 && s < INJ) begin : g_fv_taken
        assign fv_sent_o[s*NP+:NP] = {NP{busy[s]}} & fv_want[s*NP+:NP] & ~owe[s*NP+:NP];
      end else begin : g_fv_sent
        assign fv_sent_o[s*NP+:NP] = sent[s*NP+:NP];
      end
`endif
      if (OWEQ != 0 && s < INJ) begin : g_owed_vc  // the VC's entries keep the owed bits
        assign sent[s*NP+:NP] = {NP{1'b0}};
        /* verilator lint_off UNUSED */
        wire unused_taken = ^taken_s;
        /* verilator lint_on UNUSED */
      end
      if (SLOT != 0 && s < INJ) begin : g_owed
        reg [NP-1:0] owe_q;
        always @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) owe_q <= {NP{1'b0}};
          else owe_q <= need[s*NP+:NP] & ~taken_s;
        end
        assign owe[s*NP+:NP]  = owe_q;
        assign sent[s*NP+:NP] = {NP{1'b0}};
      end
      if ((SLOT == 0 && OWEQ == 0) || s == INJ) begin : g_sent
        reg [NP-1:0] sent_q;
        always @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) sent_q <= {NP{1'b0}};
          else if (done[s]) sent_q <= {NP{1'b0}};
`ifdef HC_MUTANT_RC_RESEND
          // a deliberately broken core that proofs must reject (formal/): a
          // head forgets the outputs it has taken and asks for them again
          else sent_q <= {NP{1'b0}};
`else
          else sent_q <= sent_q | taken_s;
`endif
        end
        assign owe[s*NP+:NP]  = {NP{1'b0}};
        assign sent[s*NP+:NP] = sent_q;
      end
    end
  endgenerate

  // ------------------------------------------------------------ outputs
  generate
    for (q = 0; q < NP; q = q + 1) begin : g_port
      if (FAIR != 0 && VC1_PORTS[q]) begin : g_fair
        // One arbiter per downstream VC: a head's pointer position is not given
        // away by grants on the other VC while it waits for its own credit. With
        // GROUP_OUT[q] each is two-level (hc_group_arbiter).
        wire [NS-1:0] ovc_q;
        wire [NS-1:0] g0, g1;
        wire          v0, v1;
        reg           pri1_q;  // VC 1 goes first when both have a winner
        wire          take1 = v1 & (~v0 | pri1_q);
        for (t = 0; t < NS; t = t + 1) begin : g_ovc
          assign ovc_q[t] = out_vc[t*NP+q];
        end
        if (GROUP_OUT[q]) begin : g_fair_grp
          hc_group_arbiter #(.N(NS), .LIVE(REQ_OK[q*NS+:NS])) u_arb0 (
            .clk_i  (clk_i),
            .rst_ni (rst_ni),
            .req_i  (req[q*NS+:NS] & ~ovc_q),
            .req1_i ({NS{1'b0}}),
            .req0_i ({NS{1'b0}}),
            .av_i   (2'b00),
            .adv_i  (~take1),
            .gnt_o  (g0),
            .valid_o(v0)
          );
          hc_group_arbiter #(.N(NS), .LIVE(REQ_OK[q*NS+:NS])) u_arb1 (
            .clk_i  (clk_i),
            .rst_ni (rst_ni),
            .req_i  (req[q*NS+:NS] & ovc_q),
            .req1_i ({NS{1'b0}}),
            .req0_i ({NS{1'b0}}),
            .av_i   (2'b00),
            .adv_i  (take1),
            .gnt_o  (g1),
            .valid_o(v1)
          );
        end else begin : g_fair_flat
          hc_rr_arbiter #(.N(NS), .LIVE(REQ_OK[q*NS+:NS])) u_arb0 (
            .clk_i  (clk_i),
            .rst_ni (rst_ni),
            .req_i  (req[q*NS+:NS] & ~ovc_q),
            .req1_i ({NS{1'b0}}),
            .req0_i ({NS{1'b0}}),
            .av_i   (2'b00),
            .adv_i  (~take1),
            .gnt_o  (g0),
            .valid_o(v0)
          );
          hc_rr_arbiter #(.N(NS), .LIVE(REQ_OK[q*NS+:NS])) u_arb1 (
            .clk_i  (clk_i),
            .rst_ni (rst_ni),
            .req_i  (req[q*NS+:NS] & ovc_q),
            .req1_i ({NS{1'b0}}),
            .req0_i ({NS{1'b0}}),
            .av_i   (2'b00),
            .adv_i  (take1),
            .gnt_o  (g1),
            .valid_o(v1)
          );
        end
        assign gnt[q*NS+:NS] = take1 ? g1 : g0;
        assign out_valid[q]  = v0 | v1;
        always @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) pri1_q <= 1'b0;
          else pri1_q <= (v0 & v1 & ~take1) | (~(v0 & v1) & pri1_q);
        end
      end else begin : g_one
        // One arbiter. EPOCH = 1: the injection goes last: the arbiter sees the
        // input VCs only (its pointer moves on their grants alone), and the
        // injection is granted the output when none of them asks.
        wire [NS-1:0] arb_req, arb_gnt;
        wire          arb_valid;
        // the arbiter's requests as needs by downstream VC (ARB_LIVE's heads:
        // EPOCH = 1 leaves the injection out) and the two availabilities: the
        // pair terms come from the needs, the credits enter one LUT after them
        // (the same grants as from arb_req = the requests)
        wire [NS-1:0] arb_need, arb_n1, arb_n0;
        for (t = 0; t < NS; t = t + 1) begin : g_need_col
          assign arb_need[t] = need[t*NP+q] & ARB_LIVE[t];
          assign arb_n1[t]   = arb_need[t] & out_vc[t*NP+q];
          assign arb_n0[t]   = arb_need[t] & ~out_vc[t*NP+q];
        end
        if (EPOCH != 0) begin : g_inj_last
          assign arb_req       = {1'b0, req[q*NS+:INJ]};
          assign gnt[q*NS+:NS] = {req[q*NS+INJ] & ~arb_valid, arb_gnt[INJ-1:0]};
          assign out_valid[q]  = arb_valid | req[q*NS+INJ];
          /* verilator lint_off UNUSED */
          wire unused_inj = arb_gnt[INJ];
          /* verilator lint_on UNUSED */
        end else begin : g_inj_rr
          assign arb_req       = req[q*NS+:NS];
          assign gnt[q*NS+:NS] = arb_gnt;
          assign out_valid[q]  = arb_valid;
        end
        if (GROUP_OUT[q]) begin : g_grp
          hc_group_arbiter #(.N(NS), .LIVE(REQ_OK[q*NS+:NS] & ARB_LIVE), .SPLIT(1)) u_arb (
            .clk_i  (clk_i),
            .rst_ni (rst_ni),
            .req_i  (arb_req),
            .req1_i (arb_n1),
            .req0_i (arb_n0),
            .av_i   (avail[2*q+:2]),
            .adv_i  (1'b1),
            .gnt_o  (arb_gnt),
            .valid_o(arb_valid)
          );
        end else begin : g_rr
          hc_rr_arbiter #(.N(NS), .LIVE(REQ_OK[q*NS+:NS] & ARB_LIVE), .SPLIT(1)) u_arb (
            .clk_i  (clk_i),
            .rst_ni (rst_ni),
            .req_i  (arb_req),
            .req1_i (arb_n1),
            .req0_i (arb_n0),
            .av_i   (avail[2*q+:2]),
            .adv_i  (1'b1),
            .gnt_o  (arb_gnt),
            .valid_o(arb_valid)
          );
        end
      end
      // gnt_vc: the downstream VC of this cycle's arbiter grant, whose credit it
      // spends (an AND-OR of the one-hot grant)
      reg     gnt_vc;
      integer j;
      always @(*) begin
        gnt_vc = 1'b0;
        for (j = 0; j < NS; j = j + 1) gnt_vc = gnt_vc | (gnt[q*NS+j] & out_vc[j*NP+q]);
      end
      // The grant this output sends in this cycle, and its downstream VC: HOP = 1,
      // the arbiter's; HOP = 2, the one registered in the cycle before.
      wire [NS-1:0] snd;
      wire          snd_valid, snd_vc;
      if (HOP == 2) begin : g_hop2
        reg [NS-1:0] gnt_q;
        reg          valid_q, vc_q;
        always @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) begin
            gnt_q   <= {NS{1'b0}};
            valid_q <= 1'b0;
            vc_q    <= 1'b0;
          end else begin
            gnt_q   <= gnt[q*NS+:NS];
            valid_q <= out_valid[q];
            vc_q    <= gnt_vc;
          end
        end
`ifdef FORMAL
        // the registered grant, its valid bit and its downstream VC agree
        reg     fv_vc;
        reg [NS-2:0] sent_col;  // per port head, whether it has taken q
        reg [NS-1:0] want_col;  // per head, whether it needs q
        integer fv_j;
        always @(*) begin
          for (fv_j = 0; fv_j < NS - 1; fv_j = fv_j + 1) sent_col[fv_j] = sent[fv_j*NP+q];
          for (fv_j = 0; fv_j < NS; fv_j = fv_j + 1) want_col[fv_j] = fv_want[fv_j*NP+q];
          fv_vc = 1'b0;
          for (fv_j = 0; fv_j < NS; fv_j = fv_j + 1) fv_vc = fv_vc | (gnt_q[fv_j] & out_vc[fv_j*NP+q]);
        end
        `HC_ASSERT(a_fly_valid, valid_q == (gnt_q != {NS{1'b0}}) && vc_q == fv_vc &&
                   (gnt_q & (gnt_q - 1'b1)) == {NS{1'b0}} &&
                   (gnt_q & {sent[INJ*NP+q], sent_col}) == {NS{1'b0}} &&
                   (gnt_q & ~want_col) == {NS{1'b0}},
                   "the registered grant is not one grant, to a head that has not taken it")
`endif
        assign gnt_fly[q*NS+:NS] = gnt_q;
        assign snd               = gnt_q;
        assign snd_valid         = valid_q;
        assign snd_vc            = vc_q;
      end else begin : g_hop1
        assign gnt_fly[q*NS+:NS] = {NS{1'b0}};
        assign snd               = gnt[q*NS+:NS];
        assign snd_valid         = out_valid[q];
        assign snd_vc            = gnt_vc;
      end
      // The sent flit's fields, selected by the one-hot grant (AND-ORs, no index
      // encoding). wd: a packet keeps wd = dim(p) from the port it arrived on
      // (the model checks it on every head), and both a continuation and an
      // origination leave on a port of that dimension, so the sent wd is always
      // the output's own. wc: a continuation's wc - 1, taken only over the heads
      // that can continue on this port (fwd), or the output's origin weight.
      // Origin and payload: the same AND-OR over every head with HOP = 2; with
      // HOP = 1 they come from the heads' registers a cycle later (g_late).
      reg [FW-2:0]  sel;
      reg [WCW-1:0] sel_wc;
      reg           sel_fwd;
      integer       i;
      always @(*) begin
        sel     = {(FW - 1) {1'b0}};
        sel_wc  = {WCW{1'b0}};
        sel_fwd = 1'b0;
        for (i = 0; i < NS; i = i + 1) begin
          sel     = sel | ({(FW - 1) {snd[i]}} & src_data[i*FW+:FW-1]);
          sel_wc  = sel_wc | ({WCW{snd[i] & fwd[i*NP+q]}} & (src_data[i*FW+F_WC+:WCW] - WC_ONE));
          sel_fwd = sel_fwd | (snd[i] & fwd[i*NP+q]);
        end
      end
      wire [WDW-1:0] o_wd = port_dim_i[q*WDW+:WDW];
      wire [WCW-1:0] o_wc = sel_fwd ? sel_wc : orig_wc_i[q*WCW+:WCW];
      reg  [FW-1:0]  lout_q;
      assign lout_ep[q] = lout_q[F_EP];
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          lout_valid_o[q] <= 1'b0;
          lout_q          <= {FW{1'b0}};
        end else begin
          lout_valid_o[q] <= snd_valid;
          lout_q          <= snd_valid ? {snd_vc, sel[F_ORG+:AW], o_wd, o_wc, sel[LW-1:0]} : {FW{1'b0}};
        end
      end
      if (LATE != 0) begin : g_late
        // Origin and payload one register later: the output registers its grant,
        // and in the next cycle takes these fields from the granted head's
        // register (a one-flit VC's slot_q, a FIFO's last_o, or inj_q), which
        // holds the head of the grant's cycle (module comment, "Payload from the
        // heads' registers"). They reach the link through this AND-OR, not a
        // flip-flop.
        reg [NS-1:0]    gnt_q;
        reg [AW+LW-1:0] late;
        integer         l;
        always @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) gnt_q <= {NS{1'b0}};
          else gnt_q <= snd;
        end
        always @(*) begin
          late = {(AW + LW) {1'b0}};
          for (l = 0; l < NS; l = l + 1)
            late = late | ({(AW + LW) {gnt_q[l]}} & {prev_data[l*FW+F_ORG+:AW], prev_data[l*FW+:LW]});
        end
        assign lout_data_o[q*FW+:FW] = {lout_q[F_VC], late[LW+:AW], lout_q[F_WC+:WDW+WCW], late[LW-1:0]};
        // lout_q's origin and payload are not sent; synthesis drops them. In
        // simulation they check the rule: what is sent is the granted head's.
        `HC_ASSERT(a_late_payload, late == ({lout_q[F_ORG+:AW], lout_q[LW-1:0]}),
                   "the payload sent is not the granted head's")
      end else begin : g_now
        assign lout_data_o[q*FW+:FW] = lout_q;
      end

      // credit counters, one per downstream VC. A grant's credit is counted in
      // the cycle after the grant, from the flit being sent (held: spent, not yet
      // counted; HOP = 1 the output register, HOP = 2 the registered grant), so
      // the counter's enable does not wait for the arbiter; the availability
      // subtracts it meanwhile, so the requests see exactly the credits a count
      // in the grant's cycle would. The count is a thermometer (bit i: more than
      // i credits) and held a flip-flop of its own, so that the availability is
      // one LUT of four flip-flops and the credit coming back.
      for (v = 0; v < 2; v = v + 1) begin : g_cr
        if (v == 0 || VC1_PORTS[q]) begin : g_cnt
          localparam [DEPTH-1:0] TH_ONE = 1;
          reg  [DEPTH-1:0] th_q;
          reg              held;
          wire             ret  = lout_credit_i[2*q+v];
          wire             more = (DEPTH > 1) ? th_q[DEPTH-1 > 0 ? 1 : 0] : 1'b0;  // over one credit
          assign avail[2*q+v] = more | (th_q[0] & ~held) | ret;
          always @(posedge clk_i or negedge rst_ni) begin
            if (!rst_ni) begin
              th_q <= {DEPTH{1'b1}};
              held <= 1'b0;
            end else begin
              // the flit sent next cycle, on this downstream VC
`ifdef HC_MUTANT_RC_HELD
              // a deliberately broken core that proofs must reject (formal/):
              // a flit sent on either downstream VC is charged to both
              held <= out_valid[q];
`else
              held <= out_valid[q] & (gnt_vc == v[0]);
`endif
              if (ret && !held) th_q <= (th_q << 1) | TH_ONE;
              else if (held && !ret) th_q <= th_q >> 1;
            end
          end
          `HC_ASSUME(a_credit_over, !(ret && !held && th_q[DEPTH-1]), "a credit returned beyond DEPTH")
          `HC_ASSERT(a_credit_under, !(held && !ret && !th_q[0]), "a flit sent without a credit")
`ifdef FORMAL
          reg [CW-1:0] fv_n;
          integer      fv_i;
          always @(*) begin
            fv_n = {CW{1'b0}};
            for (fv_i = 0; fv_i < DEPTH; fv_i = fv_i + 1) fv_n = fv_n + th_q[fv_i];
          end
          assign fv_cnt_o[(2*q+v)*CW+:CW] = fv_n;
          // the flit held was granted a credit the counter still has (the
          // induction's form of a_credit_under: a grant needs one credit left
          // after the held flit's, or one coming back); the count is a
          // thermometer, and held is the flit being sent on this VC
          `HC_ASSERT(a_credit_held, !(held && !th_q[0]) && (th_q & (th_q + 1'b1)) == {DEPTH{1'b0}} &&
                     held == ((HOP == 2) ? snd_valid & (snd_vc == v[0])
                                         : lout_valid_o[q] & (lout_q[F_VC] == v[0])),
                     "a flit held without a credit")
`endif
        end else begin : g_nocnt
          assign avail[2*q+v] = 1'b0;
`ifdef FORMAL
          assign fv_cnt_o[(2*q+v)*CW+:CW] = {CW{1'b0}};
`endif
        end
      end
    end
  endgenerate

  // -------------------------------------------- credits back, delivery
  integer c;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lin_credit_o <= {2 * NP{1'b0}};
      dlv_valid_o  <= {NP{1'b0}};
      dlv_data_o   <= {NP * FW{1'b0}};
    end else begin
`ifdef HC_MUTANT_RC_CREDIT
      // a deliberately broken core that proofs must reject (formal/): a credit
      // back for every arrival as well
      for (c = 0; c < NS - 1; c = c + 1) lin_credit_o[c] <= done[c] | arrive[c];
`else
      for (c = 0; c < NS - 1; c = c + 1) lin_credit_o[c] <= done[c];
`endif
      dlv_valid_o <= lin_valid_i;
      dlv_data_o  <= lin_data_i;
    end
  end

  // The rule of HOP = 2 (see the module comment): a granted head stays until sent.
  reg     left_in_flight;  // some head left with a grant in flight
  integer k, o;
  always @(*) begin
    left_in_flight = 1'b0;
    for (k = 0; k < NS; k = k + 1)
      for (o = 0; o < NP; o = o + 1)
        if (gnt_fly[o*NS+k] && !head_valid[k]) left_in_flight = 1'b1;
  end
  `HC_ASSUME(a_grant_held, !left_in_flight, "a head left with its grant in flight")
`ifdef SYNTHESIS
  wire unused_left_in_flight = left_in_flight;  // the check's only, which synthesis leaves out
`endif

  // Inputs that a network's constants leave unused (credits of VCs that do not
  // exist downstream; the continuation ports when every weight is 1), and the
  // arrivals and owed bits, which only SLOT VCs read, and the heads of the cycle
  // before, which only the one-cycle hop's outputs read, and the epochs' wires,
  // which only EPOCH = 1 reads.
  /* verilator lint_off UNUSED */
  wire unused_ok = ^lout_credit_i ^ ^fwd_port_i ^ ^arrive ^ ^owe ^ ^prev_data ^ ^busy ^ ^arr_need ^ ^left ^
                   epoch_hn_i ^ ^lout_ep ^ ^ep_has0 ^ ^ep_has1;
  /* verilator lint_on UNUSED */
  // The injection source's rule (both HOP values): an offer stays, with its
  // payload, until inj_ready_o takes it (docs/hardware.md "Interfaces"). Its
  // registers are the check's alone.
`ifndef FORMAL
`ifndef SYNTHESIS
  reg          inj_wait_q;
  reg [PW-1:0] inj_held_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      inj_wait_q <= 1'b0;
      inj_held_q <= {PW{1'b0}};
    end else begin
      inj_wait_q <= inj_valid_i & ~inj_ready_o;
      inj_held_q <= inj_payload_i;
    end
  end
  `HC_ASSUME(a_inj_hold, !inj_wait_q || (inj_valid_i && inj_payload_i == inj_held_q),
             "the injection source dropped inj_valid_i or changed its payload before inj_ready_o")
`endif
`endif
endmodule
