// hc_port_sweep: walks a hypercycle router's ports one per cycle, in the
// generator's port order (per dimension ascending: offsets +1..+rho, then
// -1..-rho, with -rho dropped when rho = m/2), and gives each port's Case 1
// weight (Algorithm 1) from the dimension constants of hc_cfg_dims. Shared by the
// programmable router's configuration unit (hc_router_cfg: one walk that writes
// the per-port tables) and the weight unit (hc_weight_unit: one walk per message).
//
// A walk starts when start_i is high (the first port is presented in that very
// cycle) and covers dimensions 1..last_dim_i+1 (last_dim_i is sampled at start).
// While valid_o is high the port on the outputs is presented; it advances when
// step_i is high. The walk ends after the port with last_o high, or early after a
// port presented with stop_i high. Per port (dimension i, direction dir, offset j):
//   weight_o  the weight an origin sends on it: D_i in the preferential
//             direction; a_i + 1 for j <= k_i, else a_i, in the other; the larger
//             of the two for the shared link at j = m_i/2 (eqs. 3 and 6)
//   cont_o    the port that continues packets arriving on a port of this
//             direction (Case 2): the +rho link, or the -rho link (the +rho link
//             when rho = m/2)
//   two_vc_o  this port continues packets around its ring (dateline VCs)
//
// Named assertions (hw/include/hc_assert.vh): p_dims (the parameters).
`include "hc_assert.vh"
module hc_port_sweep #(
  parameter integer MAX_DIM = 4,  // most dimensions a walk covers (last_dim_i < MAX_DIM)
  parameter integer MW      = 4,  // bits of m
  parameter integer PCW     = 5  // bits of a port index
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  input  wire                  start_i,
  input  wire                  step_i,
  input  wire                  stop_i,
  input  wire [((MAX_DIM > 1) ? $clog2(MAX_DIM) : 1)-1:0]        last_dim_i,
  // the dimension constants (hc_cfg_dims), dimension i at [(i-1)*MW +: MW]
  input  wire                  pref_i,
  input  wire [MAX_DIM*MW-1:0] m_i,
  input  wire [MAX_DIM*MW-1:0] rho_i,
  input  wire [MAX_DIM*MW-1:0] d_i,
  input  wire [MAX_DIM*MW-1:0] a_i,
  input  wire [MAX_DIM*MW-1:0] k_i,
  // the port presented
  output wire                  valid_o,
  output wire                  last_o,
  output wire [PCW-1:0]        port_o,
  output wire [((MAX_DIM > 1) ? $clog2(MAX_DIM) : 1)-1:0]        dim_o,  // i - 1
  output wire                  dir_o,  // 0: +offsets, 1: -offsets
  output wire [MW-1:0]         j_o,    // |offset|
  output wire [MW-1:0]         m_o,    // m_i
  output wire [MW-1:0]         weight_o,
  output wire [PCW-1:0]        cont_o,
  output wire                  two_vc_o
);
  `HC_PARAM(p_dims, MAX_DIM >= 1 && MW >= 1 && PCW >= 1, "MAX_DIM, MW and PCW must be at least 1")
  // bits of a dimension index
  localparam integer DIW = (MAX_DIM > 1) ? $clog2(MAX_DIM) : 1;
  localparam integer XW = ((PCW > MW) ? PCW : MW) + 2;  // base + 2 rho
  localparam [MW-1:0] ONE = {{(MW - 1) {1'b0}}, 1'b1};
  localparam [MW-1:0] TWO = {{(MW - 1) {1'b0}}, 1'b1} << 1;

  reg            busy_q;
  reg  [DIW-1:0] last_q;  // last dimension of the walk
  reg  [DIW-1:0] dim_q;
  reg            dir_q;
  reg  [MW-1:0]  j_q;
  reg  [PCW-1:0] pidx_q;  // port presented
  reg  [PCW-1:0] base_q;  // first port of the dimension

  wire [MW-1:0] cur_m   = m_i[dim_q*MW+:MW];
  wire [MW-1:0] cur_rho = rho_i[dim_q*MW+:MW];
  wire [MW-1:0] cur_d   = d_i[dim_q*MW+:MW];
  wire [MW-1:0] cur_a   = a_i[dim_q*MW+:MW];
  wire [MW-1:0] cur_k   = k_i[dim_q*MW+:MW];
  wire [MW:0]   cur_m1  = {1'b0, cur_m};
  wire          half_m  = {cur_rho, 1'b0} == cur_m1;  // rho = m/2: +rho and -rho are one link

  wire          preferred = dir_q == pref_i;
  wire [MW-1:0] np_w      = (j_q <= cur_k) ? cur_a + ONE : cur_a;  // non-preferred weight
  wire [MW-1:0] np_max    = (cur_k != {MW{1'b0}}) ? cur_a + ONE : cur_a;
  wire          dir_fwds  = preferred ? (cur_d >= TWO) : (np_max >= TWO);
  wire          at_half   = {j_q, 1'b0} == cur_m1;
  wire [MW-1:0] pw_max    = (cur_d > np_w) ? cur_d : np_w;
  wire [XW-1:0] base_x    = {{(XW - PCW) {1'b0}}, base_q};
  wire [XW-1:0] rho_x     = {{(XW - MW) {1'b0}}, cur_rho};
  /* verilator lint_off UNUSED */  // port indices above 2^PCW cannot occur
  wire [XW-1:0] cont_x    = (dir_q == 1'b0 || half_m) ? base_x + rho_x - 1'b1
                                                      : base_x + rho_x + rho_x - 1'b1;
  /* verilator lint_on UNUSED */
  wire [MW-1:0] dir_last  = (dir_q == 1'b0 || !half_m) ? cur_rho : cur_rho - ONE;
  wire          neg_empty = half_m & (cur_rho == ONE);  // m = 2: one link, +1
  wire [DIW-1:0] last_dim = start_i ? last_dim_i : last_q;
  wire          end_dir   = j_q == dir_last;
  wire          end_dim   = end_dir & (dir_q | neg_empty);

  assign valid_o  = start_i | busy_q;
  assign last_o   = end_dim & (dim_q == last_dim);
  assign port_o   = pidx_q;
  assign dim_o    = dim_q;
  assign dir_o    = dir_q;
  assign j_o      = j_q;
  assign m_o      = cur_m;
  assign weight_o = at_half ? pw_max : (preferred ? cur_d : np_w);
  assign cont_o   = cont_x[PCW-1:0];
  assign two_vc_o = dir_fwds & (j_q == cur_rho) & ~half_m;

  wire advance = valid_o & step_i;
  wire finish  = advance & (last_o | stop_i);

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      last_q <= {DIW{1'b0}};
      dim_q  <= {DIW{1'b0}};
      dir_q  <= 1'b0;
      j_q    <= ONE;
      pidx_q <= {PCW{1'b0}};
      base_q <= {PCW{1'b0}};
    end else begin
      if (start_i) last_q <= last_dim_i;
      if (finish) begin  // back to the first port for the next walk
        busy_q <= 1'b0;
        dim_q  <= {DIW{1'b0}};
        dir_q  <= 1'b0;
        j_q    <= ONE;
        pidx_q <= {PCW{1'b0}};
        base_q <= {PCW{1'b0}};
      end else begin
        if (start_i) busy_q <= 1'b1;
        if (advance) begin
          pidx_q <= pidx_q + 1'b1;
          if (!end_dir) j_q <= j_q + ONE;
          else if (!end_dim) begin
            dir_q <= 1'b1;
            j_q   <= ONE;
          end else begin
            dim_q  <= dim_q + 1'b1;
            dir_q  <= 1'b0;
            j_q    <= ONE;
            base_q <= pidx_q + 1'b1;
          end
        end
      end
    end
  end
endmodule
