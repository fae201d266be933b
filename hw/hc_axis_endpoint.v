// hc_axis_endpoint: one node's AXI4-Stream endpoints around the weight-based
// broadcast router (docs/hardware.md "AXI4-Stream endpoints").
//
// Injection (s_axis): passes straight to the router's valid/ready injection
// port, which already follows the AXI4-Stream rule (the router raises
// inj_ready_o in the cycle it grants the packet's last output).
//
// Delivery (m_axis): the router shows, one cycle after it arrived, every flit
// that reached the node on input port p on its delivery lane p, up to NP in a
// cycle, and cannot be stopped. Each lane is written into an ejection queue of
// QDEPTH entries (hc_ram_fifo: one simple dual-port memory per lane, in block
// RAM when QRAM is 1), which keeps the flit's vc, origin and payload (SW bits);
// a round robin over the lanes with a valid head (hc_rr_arbiter) shows one head
// on m_axis, and holds it until m_axis_tready_i takes it. A flit is a queue's
// head one cycle after it was written at the earliest (the memory's read).
//
// Backpressure: the router returns a credit upstream for input port p and VC v
// when a flit leaves its input VC (core_credit_i[2p+v]). The endpoint passes it
// upstream (lin_credit_o[2p+v]) only while lane p's queue has room for every
// flit of (p, v) that upstream could then still send: each VC has QDEPTH/2
// entries of the lane's queue, and a held credit of (p, v) goes upstream in a
// cycle in which held(p,v) + QDEPTH/2 - DEPTH >= queued(p,v) + 1 (held: credits
// the router returned and the endpoint has not passed on, at most DEPTH;
// queued: flits of (p, v) in the lane's queue). Of the DEPTH credits of (p, v),
// DEPTH - held are upstream or ride a flit not yet queued, so at most that many
// flits of (p, v) are still to arrive, and queued + (DEPTH - held) never exceeds
// QDEPTH/2: the lane never overflows (a_queued_cnt here, a_push_full in
// hc_ram_fifo). With QDEPTH = 2*DEPTH a credit waits for the queue to drain;
// each pair of entries beyond that lets credits flow while the queue fills, so
// the credit loop through the endpoint does not throttle the links while the
// sink keeps up. The rule's decision is registered with the counts it reads,
// so lin_credit_o is a flip-flop.
//
// Flit: {vc, origin[AW], wd, wc, epoch (admission by epochs only), payload[PW]}, FW bits, MSB first.
//
// Named assertions (hw/include/hc_assert.vh): p_np, p_fw, p_qdepth
// (parameters; QRAM is checked by hc_ram_fifo's p_ram); a_m_hold (m_axis: tvalid,
// once high, holds with its data and tuser until accepted), a_s_hold
// (HC_ASSUME, the source's side of the same rule on s_axis), a_core_cnt (held
// credits within DEPTH) and a_queued_cnt (a VC's queued flits within QDEPTH/2).
`include "hc_assert.vh"
module hc_axis_endpoint #(
  // link input ports (delivery lanes) of the node
  parameter integer NP     = 2,
  // origin field width (address bits)
  parameter integer AW     = 4,
  // payload width
  parameter integer PW     = 32,
  // flit width: 1 + AW + WDW + WCW + EPOCH (1 with admission by epochs, else 0) + PW
  parameter integer FW     = 40,
  // flits per input VC of the router (its credits per VC)
  parameter integer DEPTH  = 2,
  // flits per lane's ejection queue, QDEPTH/2 per VC (even, at least 2*DEPTH)
  parameter integer QDEPTH = 2 * DEPTH + 4,
  // 1: the ejection queues in block RAM; 0: in flip-flops (same cycles)
  parameter integer QRAM   = 1
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  // AXI4-Stream slave: broadcasts to inject
  input  wire             s_axis_tvalid_i,
  output wire             s_axis_tready_o,
  input  wire [PW-1:0]    s_axis_tdata_i,
  // the router's injection port
  output wire             inj_valid_o,
  output wire [PW-1:0]    inj_payload_o,
  input  wire             inj_ready_i,
  // the router's delivery lanes
  input  wire [NP-1:0]    dlv_valid_i,
  input  wire [NP*FW-1:0] dlv_data_i,
  // credits: from the router (its lin_credit_o), and the ones sent upstream
  input  wire [2*NP-1:0]  core_credit_i,
  output wire [2*NP-1:0]  lin_credit_o,
  // AXI4-Stream master: deliveries, tuser = the broadcast's origin node
  output wire             m_axis_tvalid_o,
  input  wire             m_axis_tready_i,
  output wire [PW-1:0]    m_axis_tdata_o,
  output wire [AW-1:0]    m_axis_tuser_o
);
  `HC_FORMAL_RESET
  `HC_PARAM(p_np, NP >= 1, "NP must be at least 1")
  `HC_PARAM(p_fw, FW >= 1 + AW + PW, "FW must hold vc, origin and payload")
  `HC_PARAM(p_qdepth, QDEPTH >= 2 * DEPTH && QDEPTH % 2 == 0,
            "QDEPTH must be even and at least 2*DEPTH")

  assign inj_valid_o     = s_axis_tvalid_i;
  assign inj_payload_o   = s_axis_tdata_i;
  assign s_axis_tready_o = inj_ready_i;

  // ---- ejection queues, one per lane: {vc, origin, payload}, SW bits ----
  localparam integer SW = 1 + AW + PW;
  wire [NP-1:0]    valid;
  wire [NP*SW-1:0] head;
  wire [NP-1:0]    pop;
  genvar p;
  generate
    for (p = 0; p < NP; p = p + 1) begin : g_lane
      hc_ram_fifo #(
        .W    (SW),
        .DEPTH(QDEPTH),
        .RAM  (QRAM)
      ) u_q (
        .clk_i  (clk_i),
        .rst_ni (rst_ni),
        .push_i (dlv_valid_i[p]),
        .data_i ({dlv_data_i[p*FW+FW-1-:1+AW], dlv_data_i[p*FW+:PW]}),
        .pop_i  (pop[p]),
        .head_o (head[p*SW+:SW]),
        .valid_o(valid[p])
      );
      if (FW > 1 + AW + PW) begin : g_wdwc
        // wd and wc steer the router's forwarding; a delivery leaves them
        wire unused_wdwc = ^dlv_data_i[p*FW+PW+:FW-1-AW-PW];
      end
    end
  endgenerate

  // ---- round robin over the non-empty lanes; a shown head is held ----
  // held: m_axis showed a head last cycle that was not taken; hsel names its
  // lane, and is then the arbiter's only request, so the pointer moves past it
  reg           held;
  reg  [NP-1:0] hsel;
`ifdef HC_MUTANT_AXIS_NOHOLD
  // a deliberately broken hold that a_m_hold must catch (tests/test_axis.cpp)
  wire [NP-1:0] req = valid;
`else
  wire [NP-1:0] req = held ? hsel : valid;
`endif
  wire [NP-1:0] sel;
  wire          arb_valid;  // the arbiter has a head to show
  wire          take = m_axis_tvalid_o & m_axis_tready_i;
  hc_rr_arbiter #(
    .N(NP)
  ) u_arb (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .req_i  (req),
    .req1_i ({NP{1'b0}}),
    .req0_i ({NP{1'b0}}),
    .av_i   (2'b00),
    .adv_i  (take),
    .gnt_o  (sel),
    .valid_o(arb_valid)
  );
`ifdef HC_MUTANT_AXIS_DROPVALID
  // a deliberately broken hold that a_m_hold must catch (tests/test_axis.cpp):
  // tvalid dropped for one cycle after each refusal
  reg refused_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) refused_q <= 1'b0;
    else refused_q <= arb_valid & ~m_axis_tready_i & ~refused_q;
  end
  assign m_axis_tvalid_o = arb_valid & ~refused_q;
`else
  assign m_axis_tvalid_o = arb_valid;
`endif
  assign pop = take ? sel : {NP{1'b0}};
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      held <= 1'b0;
      hsel <= {NP{1'b0}};
    end else begin
      held <= m_axis_tvalid_o & ~m_axis_tready_i;
      hsel <= sel;
    end
  end
  reg [SW-1:0] shown;
  integer li;
  always @(*) begin
    shown = {SW{1'b0}};
    for (li = 0; li < NP; li = li + 1) shown = shown | (head[li*SW+:SW] & {SW{sel[li]}});
  end
  assign m_axis_tdata_o = shown[PW-1:0];
  assign m_axis_tuser_o = shown[SW-2-:AW];
  wire shown_vc = shown[SW-1];

  // ---- credits passed upstream while the lane's queue has room ----
  localparam integer VQ = QDEPTH / 2;  // a VC's entries of its lane's queue
  // one bit more than the largest legal count, so that a_core_cnt and
  // a_queued_cnt can see an overflow
  localparam integer CW = $clog2(DEPTH + 1) + 1;
  localparam integer OW = $clog2(VQ + 1) + 1;
  localparam integer SUMW = (CW > OW ? CW : OW) + 1;  // kept + VQ - DEPTH, queued
  localparam integer ROOMI = VQ - DEPTH;
  localparam [SUMW-1:0] ROOM = ROOMI[SUMW-1:0];
  // per port and VC i = 2p+v: router credits kept back (CW bits at i*CW),
  // queued flits (OW bits at i*OW) and fwd_q, the decision of the credit rule
  // on the two counts, taken at the edge that sets them: lin_credit_o comes
  // from a flip-flop, so no logic of the endpoint lies on the upstream router's
  // credit-to-request path
  reg  [2*NP*CW-1:0] core_cnt;
  reg  [2*NP*OW-1:0] queued;
  reg  [2*NP-1:0] fwd_q;
  genvar i;
  generate
    for (i = 0; i < 2 * NP; i = i + 1) begin : g_credit
      localparam [0:0] V = (i % 2) == 1;
      wire ej_push = dlv_valid_i[i/2] & (dlv_data_i[(i/2)*FW+FW-1] == V);
      wire ej_pop = pop[i/2] & (shown_vc == V);
      wire [CW-1:0] kept_n = core_cnt[i*CW+:CW] + {{(CW - 1) {1'b0}}, core_credit_i[i]} -
          {{(CW - 1) {1'b0}}, fwd_q[i]};
      wire [OW-1:0] queued_n = queued[i*OW+:OW] + {{(OW - 1) {1'b0}}, ej_push} -
          {{(OW - 1) {1'b0}}, ej_pop};
      // kept + QDEPTH/2 - DEPTH >= queued + 1, i.e. queued < kept + ROOM
      wire [SUMW-1:0] kept_w = {{(SUMW - CW) {1'b0}}, kept_n};
      wire [SUMW-1:0] queued_w = {{(SUMW - OW) {1'b0}}, queued_n};
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          core_cnt[i*CW+:CW] <= {CW{1'b0}};
          queued[i*OW+:OW]   <= {OW{1'b0}};
          fwd_q[i]           <= 1'b0;
        end else begin
          core_cnt[i*CW+:CW] <= kept_n;
          queued[i*OW+:OW]   <= queued_n;
          fwd_q[i]           <= (kept_n != {CW{1'b0}}) & (queued_w < kept_w + ROOM);
        end
      end
      `HC_ASSERT(a_core_cnt, {{(32 - CW) {1'b0}}, core_cnt[i*CW+:CW]} <= DEPTH,
                 "more router credits withheld than DEPTH")
      `HC_ASSERT(a_queued_cnt, {{(32 - OW) {1'b0}}, queued[i*OW+:OW]} <= VQ,
                 "more flits of a VC queued than QDEPTH/2")
    end
  endgenerate
  assign lin_credit_o = fwd_q;

  // ---- the AXI4-Stream hold rule, both directions ----
`ifndef SYNTHESIS
  // registers the checks alone read (none in a synthesized netlist)
  reg          m_wait, s_wait;
  reg [PW-1:0] m_data, s_data;
  reg [AW-1:0] m_user;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      m_wait <= 1'b0;
      s_wait <= 1'b0;
      m_data <= {PW{1'b0}};
      s_data <= {PW{1'b0}};
      m_user <= {AW{1'b0}};
    end else begin
      m_wait <= m_axis_tvalid_o & ~m_axis_tready_i;
      s_wait <= s_axis_tvalid_i & ~s_axis_tready_o;
      m_data <= m_axis_tdata_o;
      s_data <= s_axis_tdata_i;
      m_user <= m_axis_tuser_o;
    end
  end
  `HC_ASSERT(a_m_hold, !m_wait || (m_axis_tvalid_o && m_axis_tdata_o == m_data &&
                                   m_axis_tuser_o == m_user),
             "m_axis dropped tvalid or changed tdata/tuser before the transfer")
  `HC_ASSUME(a_s_hold, !s_wait || (s_axis_tvalid_i && s_axis_tdata_i == s_data),
             "s_axis dropped tvalid or changed tdata before the transfer")
`endif
endmodule
