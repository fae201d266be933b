// hc_acc_node: one node of Faber's accumulation (paper 003, Thms 2.10/2.11)
// on a Cayley graph: every node v ends with the sum over all u of x_{u->v}.
// The node holds a partial sum per target in ENTRIES registers, indexed by
// c = (this node) - (target), so entry 0 is the node's own sum at the end.
// The host preloads entry c with x_{x -> x-c} (ld_* before start_i).
// Each clock is one step of the schedule. ROM row t (a parameter table, the
// same in every node: the schedule is translation invariant) holds, per port
// k, the field {send valid, send entry, receive valid, receive entry}:
//   - send: output k shows the entry's partial sum (combinationally, from the
//     registers as they stood before the step);
//   - receive: the value on input k is added into the entry at the clock
//     edge; several ports may add into one entry in one step.
// W must hold any sum of P inputs (the generator uses XW + ceil(log2 P)), so
// nothing overflows.
// err_o (sticky until the next start) fires when a row expects a value on an
// input that carries none, or a value arrives that no row files (it would be
// lost), or, with HD = 1 (half-duplex links: output k and input k are the two
// ends of one channel, which one end drives per step), when the node drives
// output k while the neighbour drives the other end.
//
// Named checks (hw/include/hc_assert.vh): e_rom_link (HC_ERR beside err_o: a
// link and the ROM disagree in a step), p_* (the parameters).
`include "hc_assert.vh"
module hc_acc_node #(
  parameter integer NP      = 2,   // ports
  parameter integer W       = 16,  // partial-sum bits, two's complement
  parameter integer ENTRIES = 2,   // P: one entry per target
  parameter integer AW      = 1,   // entry index bits: 2^AW >= ENTRIES
  parameter integer STEPS   = 1,   // schedule steps, >= 1
  parameter integer TW      = 1,   // step counter bits: 2^TW > STEPS - 1
  // Row t at [t*NP*RF +: NP*RF], port k's field at [k*RF +: RF], RF = 2 AW + 2:
  // [2AW+1] send valid, [2AW:AW+1] send entry, [AW] receive valid, [AW-1:0]
  // receive entry.
  parameter [STEPS*NP*(2*AW+2)-1:0] ROM = {STEPS * NP * (2 * AW + 2) {1'b0}},
  parameter integer HD      = 0    // 1: half-duplex links (both ends driving is an error)
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire            start_i,    // ignored while busy
  input  wire            ld_valid_i, // preload, while not busy
  input  wire [  AW-1:0] ld_idx_i,
  input  wire [   W-1:0] ld_data_i,
  output wire            busy_o,
  output wire            done_o,
  output wire            err_o,
  output wire [   W-1:0] sum_o,      // entry 0: the node's own sum when done
  input  wire [  NP-1:0] lnk_valid_i,
  input  wire [NP*W-1:0] lnk_data_i,
  output reg  [  NP-1:0] lnk_valid_o,
  output reg  [NP*W-1:0] lnk_data_o
);
  /* verilator no_inline_module */
  localparam integer RF = 2 * AW + 2;
  localparam [TW-1:0] LAST = STEPS[TW-1:0] - 1'b1;

  reg                busy_q, done_q, err_q;
  reg [      TW-1:0] t_q;
  reg [ENTRIES*W-1:0] acc_q;
  wire [NP*RF-1:0]   row = ROM[t_q*NP*RF+:NP*RF];

  // Sends: the entries the row names, before this step's arrivals.
  integer k, e;
  reg [AW-1:0] sidx;
  always @* begin
    lnk_valid_o = {NP{1'b0}};
    lnk_data_o  = {NP * W{1'b0}};
    for (k = 0; k < NP; k = k + 1) begin
      sidx = row[k*RF+AW+1+:AW];
      lnk_valid_o[k] = busy_q & row[k*RF+2*AW+1];
      for (e = 0; e < ENTRIES; e = e + 1) begin
        if (sidx == e[AW-1:0]) lnk_data_o[k*W+:W] = acc_q[e*W+:W];
      end
    end
  end

  // Arrivals: per entry, the sum of the ports the row files into it.
  reg [ENTRIES*W-1:0] acc_d;
  reg                 bad;
  always @* begin
    acc_d = acc_q;
    bad   = 1'b0;
    for (k = 0; k < NP; k = k + 1) begin
      if (row[k*RF+AW] && !lnk_valid_i[k]) bad = 1'b1;
      if (!row[k*RF+AW] && lnk_valid_i[k]) bad = 1'b1;
      if (HD != 0 && row[k*RF+2*AW+1] && lnk_valid_i[k]) bad = 1'b1;
      for (e = 0; e < ENTRIES; e = e + 1) begin
        if (row[k*RF+AW] && row[k*RF+:AW] == e[AW-1:0]) begin
          acc_d[e*W+:W] = acc_d[e*W+:W] + lnk_data_i[k*W+:W];
        end
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
      err_q  <= 1'b0;
      t_q    <= {TW{1'b0}};
      acc_q  <= {ENTRIES * W{1'b0}};
    end else if (!busy_q) begin
      if (ld_valid_i) begin
        for (e = 0; e < ENTRIES; e = e + 1) begin
          if (ld_idx_i == e[AW-1:0]) acc_q[e*W+:W] <= ld_data_i;
        end
      end
      if (start_i) begin
        busy_q <= 1'b1;
        done_q <= 1'b0;
        err_q  <= 1'b0;
        t_q    <= {TW{1'b0}};
      end
    end else begin
      acc_q <= acc_d;
      if (bad) err_q <= 1'b1;
      if (t_q == LAST) begin
        busy_q <= 1'b0;
        done_q <= 1'b1;
      end else begin
        t_q <= t_q + 1'b1;
      end
    end
  end

  assign busy_o = busy_q;
  assign done_o = done_q;
  assign err_o  = err_q;
  assign sum_o  = acc_q[0+:W];

  `HC_ERR(e_rom_link, busy_q && bad, "a link and the ROM disagree")
  `HC_PARAM(p_np, NP >= 1 && W >= 1, "NP and W must be at least 1")
  `HC_PARAM(p_aw, (1 << AW) >= ENTRIES, "AW cannot index ENTRIES")
  `HC_PARAM(p_tw, STEPS >= 1 && (1 << TW) > STEPS - 1, "TW cannot count STEPS")
  `HC_PARAM(p_hd, HD == 0 || HD == 1, "HD must be 0 or 1")
endmodule
