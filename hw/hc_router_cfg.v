// hc_router_cfg: start-up configuration of the programmable hypercycle router
// (Sec. 4.1 of "Broadcasting in Hypercycles": "during startup it inputs the
// machine's configuration, i.e. the number of dimensions, the m_i's, the rho_i's
// and the D_i's ... The constants a and k are calculated for each dimension
// according to (6) and stored in registers").
//
// Configuration stream (valid/ready, one CDW-bit word per transfer, README
// "Programmable router"):
//   word 0           r, the number of dimensions (1..MAX_DIM)
//   word 1           preference: 0 clockwise, 1 counterclockwise
//   words 2+3(i-1).. m_i, rho_i, D_i for i = 1..r (2 <= m_i <= MAX_M,
//                    1 <= rho_i <= m_i/2, D_i = ceil(floor(m_i/2)/rho_i))
// After the last word the unit computes, per dimension, a = floor((m-1)/rho) - D
// and k = (m-1) mod rho (eq. 6) by repeated subtraction, checks D against eq. (3),
// forms the node's mixed-radix address from its digit straps, then writes the
// per-port tables one port per cycle in the generator's port order (per dimension
// ascending: offsets +1..+rho, then -1..-rho, -rho dropped when rho = m/2).
// done_o then rises and stays high until reset. An illegal word or configuration
// (including a degree above NP, or a digit x_i >= m_i) sets err_o instead; done_o
// never rises. Reset to reconfigure.
module hc_router_cfg #(
  parameter integer NP      = 16,  // ports (maximum degree)
  parameter integer MAX_DIM = 4,
  parameter integer MAX_M   = 15,
  parameter integer MW      = 4,   // bits of a digit or of m
  parameter integer CDW     = 4,   // configuration word width, >= MW and >= bits of MAX_DIM
  parameter integer AW      = 16,  // node address width
  parameter integer WDW     = 3,
  parameter integer WCW     = 4,
  parameter integer PIW     = 4
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  // the node's digits x_i (x_1 in the LSBs), a strap
  input  wire [MAX_DIM*MW-1:0] node_digit_i,
  // configuration stream
  input  wire                  cfg_valid_i,
  input  wire [CDW-1:0]        cfg_data_i,
  output wire                  cfg_ready_o,
  output wire                  done_o,
  output wire                  err_o,
  // results, held in registers
  output reg  [AW-1:0]         node_addr_o,
  output reg  [NP*WDW-1:0]     port_dim_o,
  output reg  [NP*WCW-1:0]     orig_wc_o,
  output reg  [NP*PIW-1:0]     fwd_port_o,
  output reg  [NP-1:0]         two_vc_o,
  output reg  [NP-1:0]         wrap_o
);
  localparam integer DIW = (MAX_DIM > 1) ? $clog2(MAX_DIM) : 1;  // dimension index
  localparam integer PCW = PIW + 1;  // port counter, one past NP
  localparam integer XW  = AW + MW + PCW;  // wide enough for any sum or product below
  localparam [2:0] S_NDIM = 3'd0, S_PREF = 3'd1, S_DIMS = 3'd2, S_DIV = 3'd3,
                   S_PORTS = 3'd4, S_DONE = 3'd5, S_ERR = 3'd6;
  localparam [MW-1:0] ONE = {{(MW - 1) {1'b0}}, 1'b1};
  localparam [MW-1:0] TWO = {{(MW - 1) {1'b0}}, 1'b1} << 1;

  reg  [2:0]            state_q;
  reg  [DIW-1:0]        last_q;    // r - 1
  reg                   pref_q;    // 1: counterclockwise preferential
  reg  [MAX_DIM*MW-1:0] m_q, rho_q, d_q, a_q, k_q;
  reg  [DIW-1:0]        dim_q;     // dimension being loaded, divided or swept (i-1)
  reg  [1:0]            fld_q;     // 0: m, 1: rho, 2: D
  reg  [MW-1:0]         rem_q, half_q, quo_q, dd_q;
  reg                   dir_q;     // sweep: 0 the + offsets, 1 the - offsets
  reg  [MW-1:0]         j_q;       // sweep: |offset|
  reg  [PCW-1:0]        pidx_q;    // sweep: port being written
  reg  [PCW-1:0]        base_q;    // sweep: first port of the dimension

  wire take = cfg_valid_i & cfg_ready_o;
  assign cfg_ready_o = (state_q == S_NDIM) | (state_q == S_PREF) | (state_q == S_DIMS);
  assign done_o      = state_q == S_DONE;
  assign err_o       = state_q == S_ERR;

  // The dimension dim_q's constants.
  wire [MW-1:0] cur_m   = m_q[dim_q*MW+:MW];
  wire [MW-1:0] cur_rho = rho_q[dim_q*MW+:MW];
  wire [MW-1:0] cur_d   = d_q[dim_q*MW+:MW];
  wire [MW-1:0] cur_a   = a_q[dim_q*MW+:MW];
  wire [MW-1:0] cur_k   = k_q[dim_q*MW+:MW];
  wire [MW-1:0] cur_x   = node_digit_i[dim_q*MW+:MW];
  wire [MW:0]   cur_m1  = {1'b0, cur_m};
  wire          half_m  = {cur_rho, 1'b0} == cur_m1;  // rho = m/2: +rho and -rho are one link

  // ---------------------------------------------------------------- words
  // (Some of these checks are constant for some parameters, e.g. MAX_M = 2^MW-1.)
  /* verilator lint_off CMPCONST */
  wire [MW-1:0] word   = cfg_data_i[MW-1:0];
  wire          word_hi = (CDW > MW) ? |(cfg_data_i >> MW) : 1'b0;  // bits above a digit
  wire          m_bad   = word_hi | (word < TWO) | ({1'b0, word} > MAX_M[MW:0]);
  wire          rho_bad = word_hi | (word == {MW{1'b0}}) | ({word, 1'b0} > cur_m1);
  wire          d_bad   = word_hi;
  wire [CDW-1:0] ndim_w = cfg_data_i;
  wire          ndim_bad = (ndim_w == {CDW{1'b0}}) | (ndim_w > MAX_DIM[CDW-1:0]);
  /* verilator lint_on CMPCONST */

  // --------------------------------------------------------- division step
  wire          rem_go  = rem_q >= cur_rho;
  wire          half_go = half_q != {MW{1'b0}};
  wire          div_end = ~rem_go & ~half_go;
  wire [DIW-1:0] dim_dn = dim_q - 1'b1;
  wire [MW-1:0] next_m  = m_q[dim_dn*MW+:MW];  // the dimension divided next
  /* verilator lint_off UNUSED */
  wire [XW-1:0] addr_x = {{(XW - AW) {1'b0}}, node_addr_o} * {{(XW - MW) {1'b0}}, cur_m} +
                         {{(XW - MW) {1'b0}}, cur_x};
  /* verilator lint_on UNUSED */
  wire [AW-1:0] addr_next = addr_x[AW-1:0];

  // --------------------------------------------------------- sweep values
  wire          preferred = dir_q == pref_q;
  wire [MW-1:0] np_w      = (j_q <= cur_k) ? cur_a + ONE : cur_a;     // non-preferred weight
  wire [MW-1:0] np_max    = (cur_k != {MW{1'b0}}) ? cur_a + ONE : cur_a;
  wire          dir_fwds  = preferred ? (cur_d >= TWO) : (np_max >= TWO);
  wire          at_half   = {j_q, 1'b0} == cur_m1;
  wire [MW-1:0] pw_max    = (cur_d > np_w) ? cur_d : np_w;
  /* verilator lint_off UNUSED */  // weights above ceil(MAX_M/2) cannot occur
  wire [MW-1:0] sweep_w   = at_half ? pw_max : (preferred ? cur_d : np_w);
  /* verilator lint_on UNUSED */
  wire [XW-1:0] base_x   = {{(XW - PCW) {1'b0}}, base_q};
  wire [XW-1:0] rho_x    = {{(XW - MW) {1'b0}}, cur_rho};
  /* verilator lint_off UNUSED */
  wire [XW-1:0] fwd_x    = (dir_q == 1'b0 || half_m) ? base_x + rho_x - 1'b1
                                                     : base_x + rho_x + rho_x - 1'b1;
  /* verilator lint_on UNUSED */
  wire          sweep_wrap = (dir_q == 1'b0) ? ({1'b0, cur_x} + {1'b0, j_q} >= cur_m1)
                                             : (cur_x < j_q);
  wire          sweep_two = dir_fwds & (j_q == cur_rho) & ~half_m;
  wire [MW-1:0] dir_last  = (dir_q == 1'b0 || !half_m) ? cur_rho : cur_rho - ONE;
  wire          neg_empty = half_m & (cur_rho == ONE);  // m = 2: one link, +1
  wire          dim_last  = dim_q == last_q;
  wire          port_over = pidx_q >= NP[PCW-1:0];

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q     <= S_NDIM;
      last_q      <= {DIW{1'b0}};
      pref_q      <= 1'b0;
      m_q         <= {MAX_DIM * MW{1'b0}};
      rho_q       <= {MAX_DIM * MW{1'b0}};
      d_q         <= {MAX_DIM * MW{1'b0}};
      a_q         <= {MAX_DIM * MW{1'b0}};
      k_q         <= {MAX_DIM * MW{1'b0}};
      dim_q       <= {DIW{1'b0}};
      fld_q       <= 2'd0;
      rem_q       <= {MW{1'b0}};
      half_q      <= {MW{1'b0}};
      quo_q       <= {MW{1'b0}};
      dd_q        <= {MW{1'b0}};
      dir_q       <= 1'b0;
      j_q         <= {MW{1'b0}};
      pidx_q      <= {PCW{1'b0}};
      base_q      <= {PCW{1'b0}};
      node_addr_o <= {AW{1'b0}};
    end else begin
      case (state_q)
        S_NDIM: if (take) begin
          if (ndim_bad) state_q <= S_ERR;
          else begin
            last_q  <= ndim_w[DIW-1:0] - 1'b1;
            state_q <= S_PREF;
          end
        end
        S_PREF: if (take) begin
          pref_q  <= cfg_data_i[0];
          state_q <= (|(cfg_data_i >> 1)) ? S_ERR : S_DIMS;
        end
        S_DIMS: if (take) begin
          if (fld_q == 2'd0) begin
            m_q[dim_q*MW+:MW] <= word;
            fld_q             <= 2'd1;
            if (m_bad) state_q <= S_ERR;
          end else if (fld_q == 2'd1) begin
            rho_q[dim_q*MW+:MW] <= word;
            fld_q               <= 2'd2;
            if (rho_bad) state_q <= S_ERR;
          end else begin
            d_q[dim_q*MW+:MW] <= word;
            fld_q             <= 2'd0;
            if (d_bad) state_q <= S_ERR;
            else if (dim_q == last_q) begin
              // divide from dimension r down, so that the address is Horner's rule
              state_q <= S_DIV;
              dim_q   <= last_q;
              rem_q   <= m_q[last_q*MW+:MW] - ONE;
              half_q  <= m_q[last_q*MW+:MW] >> 1;
              quo_q   <= {MW{1'b0}};
              dd_q    <= {MW{1'b0}};
            end else dim_q <= dim_q + 1'b1;
          end
        end
        S_DIV: begin
          if (rem_go) begin
            rem_q <= rem_q - cur_rho;
            quo_q <= quo_q + ONE;
          end
          if (half_go) begin
            half_q <= (half_q > cur_rho) ? half_q - cur_rho : {MW{1'b0}};
            dd_q   <= dd_q + ONE;
          end
          if (div_end) begin
            a_q[dim_q*MW+:MW] <= quo_q - cur_d;
            k_q[dim_q*MW+:MW] <= rem_q;
            node_addr_o       <= addr_next;
            if (dd_q != cur_d || cur_x >= cur_m) state_q <= S_ERR;
            else if (dim_q == {DIW{1'b0}}) begin
              state_q <= S_PORTS;
              dir_q   <= 1'b0;
              j_q     <= ONE;
              pidx_q  <= {PCW{1'b0}};
              base_q  <= {PCW{1'b0}};
            end else begin
              dim_q  <= dim_q - 1'b1;
              rem_q  <= next_m - ONE;
              half_q <= next_m >> 1;
              quo_q  <= {MW{1'b0}};
              dd_q   <= {MW{1'b0}};
            end
          end
        end
        S_PORTS: begin
          if (port_over) state_q <= S_ERR;
          else begin
            pidx_q <= pidx_q + 1'b1;
            if (j_q != dir_last) j_q <= j_q + ONE;
            else if (dir_q == 1'b0 && !neg_empty) begin
              dir_q <= 1'b1;
              j_q   <= ONE;
            end else if (dim_last) state_q <= S_DONE;
            else begin
              dim_q  <= dim_q + 1'b1;
              dir_q  <= 1'b0;
              j_q    <= ONE;
              base_q <= pidx_q + 1'b1;
            end
          end
        end
        default: ;  // S_DONE, S_ERR: hold until reset
      endcase
    end
  end

  // ------------------------------------------------- per-port table registers
  wire [WDW-1:0] sweep_dim = {{(WDW - DIW) {1'b0}}, dim_q} + 1'b1;
  genvar p;
  generate
    for (p = 0; p < NP; p = p + 1) begin : g_port
      wire load = (state_q == S_PORTS) && !port_over && (pidx_q == p[PCW-1:0]);
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          port_dim_o[p*WDW+:WDW] <= {WDW{1'b0}};
          orig_wc_o[p*WCW+:WCW]  <= {WCW{1'b0}};
          fwd_port_o[p*PIW+:PIW] <= {PIW{1'b0}};
          two_vc_o[p]            <= 1'b0;
          wrap_o[p]              <= 1'b0;
        end else if (load) begin
          port_dim_o[p*WDW+:WDW] <= sweep_dim;
          orig_wc_o[p*WCW+:WCW]  <= sweep_w[WCW-1:0];
          fwd_port_o[p*PIW+:PIW] <= fwd_x[PIW-1:0];
          two_vc_o[p]            <= sweep_two;
          wrap_o[p]              <= sweep_wrap;
        end
      end
    end
  endgenerate
endmodule
