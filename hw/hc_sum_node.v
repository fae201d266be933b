// hc_sum_node: one node of Faber's global sum (paper 003, Sec. 5) on a Cayley
// graph. Every step the node shows its value v on all its output ports (one
// register, fanned out by the top) and sets
//     v <- (sum of the values on its NP input ports) - c_t * (SELS[t] ? x : v)
// with c_t a per-step constant from the CONSTS table (STEPS entries, the same
// in every node: the program is translation invariant; each entry is its own
// constant multiply, chosen by the step counter). With the
// eigenvalue form (SELS = 0) c_t is the t-th eigenvalue lambda_t != d; with
// Horner's form on the minimal polynomial (SELS = 1) c_t is minus a
// coefficient and multiplies the node's own input x. After STEPS steps
// (one per clock) every node holds DIV * sum x, DIV = ODD * 2^SHIFT, and the
// exact division is a shift and a multiply by INV = ODD^-1 mod 2^W (exact
// division by an odd constant, Granlund & Montgomery): sum_o.
//
// The generator (emit/sum_rtl.h) derives W from the bound on every
// intermediate (the adder tree, the product, the new value), so in a correct
// run nothing overflows; the node still checks:
// err_o (sticky until the next start) fires when
//   - a step finds an input port without a value (lnk_valid_i low while busy);
//   - a new value does not fit W bits (two's complement);
//   - at the end v is not an exact multiple of DIV: its low SHIFT bits are not
//     zero, or the quotient is outside the SW-bit range of any sum of inputs
//     (v * INV mod 2^W lands there exactly when ODD divides v, as long as
//     DIV * 2^(SW-1) <= 2^(W-1), which the generator's W guarantees);
//   - HD = 1: the node drives its ports while a neighbour drives the other end
//     of one (lnk_valid_i high in the node's own phase).
//
// Half-duplex links (HD = 1; Faber Sec. 6): output p and input p are the two
// ends of one channel, and one end may drive it per clock. The graph must be
// bipartite with every generator its own inverse (Q_d): a step takes two
// clocks, phase 0 and phase 1; the nodes of class CLS drive in phase CLS and
// listen in the other. A class-1 node keeps the sum it heard in phase 0
// (rx_q) until its own phase has sent the old value; every node takes the new
// value at the end of phase 1, so the arithmetic is the full-duplex program's.
//
// Named checks (hw/include/hc_assert.vh), HC_ERR beside err_o, one per rule
// above: e_no_value, e_overflow, e_inexact, e_hd_clash; p_* (the parameters).
`include "hc_assert.vh"
module hc_sum_node #(
  parameter integer NP    = 2,            // input (and output) ports
  parameter integer XW    = 8,            // input bits, two's complement
  parameter integer W     = 16,           // accumulator bits, W > XW
  parameter integer SW    = 9,            // bits of a sum of all inputs (XW + clog2 P)
  parameter integer CW    = 8,            // constant bits, two's complement
  parameter integer STEPS = 1,            // steps of the program, >= 1
  parameter integer TW    = 1,            // step counter bits: 2^TW > STEPS - 1
  parameter [STEPS*CW-1:0] CONSTS = {STEPS * CW{1'b0}},  // c_(t+1) at [t*CW +: CW]
  parameter [STEPS-1:0] SELS  = {STEPS{1'b0}},  // bit t: c_(t+1) multiplies x (1) or v (0)
  parameter integer SHIFT = 0,            // DIV = ODD * 2^SHIFT
  parameter [W-1:0] ODD   = 1,            // odd part of the divisor (documents INV)
  parameter [W-1:0] INV   = 1,            // ODD^-1 modulo 2^W
  parameter integer HD    = 0,            // 1: half-duplex links, two clocks per step
  parameter integer CLS   = 0             // HD: the phase (0 or 1) in which this node drives
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          start_i,     // loads x_i and starts (ignored while busy)
  input  wire [XW-1:0] x_i,
  output wire          busy_o,
  output wire          done_o,      // the program has run; sum_o is valid
  output wire          err_o,
  output wire [W-1:0]  sum_o,       // sum of all inputs, sign-extended
  input  wire [NP-1:0] lnk_valid_i,
  input  wire [NP*W-1:0] lnk_data_i,
  output wire          lnk_valid_o,
  output wire [W-1:0]  lnk_data_o
);
  /* verilator no_inline_module */
  localparam integer NB = $clog2(NP + 1);         // adder-tree growth
  localparam integer EW = W + CW + NB + 1;        // exact width of every step
  localparam [TW-1:0] LAST = STEPS[TW-1:0] - 1'b1;

  reg                  busy_q, done_q, err_q;
  reg         [TW-1:0] t_q;
  reg signed  [W-1:0]  v_q;
  reg signed  [XW-1:0] x_q;
  reg                  ph_q;  // HD: the phase of the step (always 0 when HD = 0)
  reg signed  [EW-1:0] rx_q;  // HD: the sum heard in phase 0
  wire                 own_ph = (HD != 0) && (ph_q == CLS[0]);  // HD: this node drives
  wire                 last_ph = (HD == 0) || ph_q;             // the step ends this clock

  // One step, exactly: the adder tree over the ports, the product, the new value.
  reg signed [EW-1:0] recv, heard, prod, next;
  // c_t * (x or v) for every step, each a multiply by a constant (shifts and
  // adds after synthesis, no multiplier), chosen by the step counter.
  wire signed [EW-1:0] xe = {{(EW - XW) {x_q[XW-1]}}, x_q};
  wire signed [EW-1:0] ve = {{(EW - W) {v_q[W-1]}}, v_q};
  wire [STEPS*EW-1:0] prods;
  genvar s;
  generate
    for (s = 0; s < STEPS; s = s + 1) begin : g_step
      localparam signed [EW-1:0] C = {{(EW - CW) {CONSTS[s*CW+CW-1]}}, CONSTS[s*CW+:CW]};
      assign prods[s*EW+:EW] = (SELS[s] ? xe : ve) * C;
    end
  endgenerate
  reg                 missing, clash;
  integer p;
  always @* begin
    recv    = {EW{1'b0}};
    missing = 1'b0;
    clash   = 1'b0;
    for (p = 0; p < NP; p = p + 1) begin
      recv    = recv + $signed({{(EW - W) {lnk_data_i[p*W+W-1]}}, lnk_data_i[p*W+:W]});
      missing = missing | ~lnk_valid_i[p];
      clash   = clash | lnk_valid_i[p];
    end
    // In its own phase a half-duplex node hears nothing (clash: it did); out of
    // it, every port must carry a value (missing).
    if (own_ph) missing = 1'b0;
    else clash = 1'b0;
    heard = (HD != 0 && CLS != 0) ? rx_q : recv;
    prod = prods[t_q*EW+:EW];
    next = heard - prod;
  end
  // The new value fits W bits when its bits W-1 .. EW-1 agree.
  wire fits = (next[EW-1:W-1] == {(EW - W + 1) {1'b0}}) ||
              (next[EW-1:W-1] == {(EW - W + 1) {1'b1}});

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
      err_q  <= 1'b0;
      t_q    <= {TW{1'b0}};
      v_q    <= {W{1'b0}};
      x_q    <= {XW{1'b0}};
      ph_q   <= 1'b0;
      rx_q   <= {EW{1'b0}};
    end else if (!busy_q) begin
      if (start_i) begin
        busy_q <= 1'b1;
        done_q <= 1'b0;
        err_q  <= 1'b0;
        t_q    <= {TW{1'b0}};
        ph_q   <= 1'b0;
        x_q    <= $signed(x_i);
        v_q    <= {{(W - XW) {x_i[XW-1]}}, x_i};
      end
    end else begin
      if (missing || clash) err_q <= 1'b1;
      if (HD != 0) ph_q <= ~ph_q;
      if (HD != 0 && !ph_q) rx_q <= recv;
      if (last_ph) begin
        v_q <= next[W-1:0];
        if (!fits) err_q <= 1'b1;
        if (t_q == LAST) begin
          busy_q <= 1'b0;
          done_q <= 1'b1;
        end else begin
          t_q <= t_q + 1'b1;
        end
      end
    end
  end

  // The exact division: shift out 2^SHIFT, multiply by ODD^-1 mod 2^W.
  wire signed [W-1:0]   shifted = v_q >>> SHIFT;
  wire        [2*W-1:0] product = {{W{1'b0}}, shifted} * {{W{1'b0}}, INV};
  wire        [W-1:0]   quot = product[W-1:0];
  wire low_clear;
  generate
    if (SHIFT > 0) begin : g_low
      assign low_clear = (v_q[SHIFT-1:0] == {SHIFT{1'b0}});
    end else begin : g_nolow
      assign low_clear = 1'b1;
    end
  endgenerate
  wire in_range = (quot[W-1:SW-1] == {(W - SW + 1) {1'b0}}) ||
                  (quot[W-1:SW-1] == {(W - SW + 1) {1'b1}});
  wire inexact  = done_q && !(low_clear && in_range);

  assign busy_o      = busy_q;
  assign done_o      = done_q;
  assign err_o       = err_q | inexact;
  assign sum_o       = quot;
  assign lnk_valid_o = busy_q && (HD == 0 || own_ph);
  assign lnk_data_o  = v_q;

  // The rules above, named as they happen (err_o carries them in synthesis).
`ifndef SYNTHESIS
  reg done_seen_q;  // inexact reported once per run (the checks alone read it)
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) done_seen_q <= 1'b0;
    else done_seen_q <= done_q;
  end
  `HC_ERR(e_overflow, busy_q && last_ph && !fits, "a value overflows W bits")
  `HC_ERR(e_no_value, busy_q && missing, "a port carries no value")
  `HC_ERR(e_hd_clash, busy_q && clash, "a half-duplex link driven from both ends")
  `HC_ERR(e_inexact, inexact && !done_seen_q, "the end value is no exact multiple of DIV")
`endif
  `HC_PARAM(p_widths, XW >= 1 && W > XW && SW >= 1 && SW <= W && CW >= 1, "needs 1 <= XW < W, 1 <= SW <= W, CW >= 1")
  `HC_PARAM(p_steps, STEPS >= 1 && (1 << TW) > STEPS - 1, "TW cannot count STEPS")
  `HC_PARAM(p_hd, (HD == 0 || HD == 1) && (CLS == 0 || CLS == 1), "HD and CLS must be 0 or 1")
  // ODD documents INV; the product's high half is not the quotient
  wire unused_odd = ^{ODD, product[2*W-1:W]};
endmodule
