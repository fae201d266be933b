// hc_cfg_dims: reads the hypercycle's configuration at start-up and computes the
// per-dimension constants (Sec. 4.1 of "Broadcasting in Hypercycles": "during
// startup it inputs the machine's configuration, i.e. the number of dimensions,
// the m_i's, the rho_i's and the D_i's ... The constants a and k are calculated
// for each dimension according to (6) and stored in registers"). Shared by the
// programmable router's configuration unit (hc_router_cfg) and the stand-alone
// weight unit (hc_weight_unit).
//
// Configuration stream (valid/ready, one CDW-bit word per transfer, docs/hardware.md
// "Programmable router"):
//   word 0           r, the number of dimensions (1..MAX_DIM)
//   word 1           preference: 0 clockwise, 1 counterclockwise
//   words 2+3(i-1).. m_i, rho_i, D_i for i = 1..r (2 <= m_i <= MAX_M,
//                    1 <= rho_i <= m_i/2, D_i = ceil(floor(m_i/2)/rho_i))
// After the last word, per dimension from r down to 1, it divides by repeated
// subtraction: q = floor((m-1)/rho), k = (m-1) mod rho, so a = q - D (eq. 6), and
// ceil(floor(m/2)/rho) to check D against eq. (3). div_o pulses in the cycle a
// dimension's division ends (div_dim_o names it), for a caller that folds the
// dimensions from r down (Horner's rule). done_o rises the cycle after dimension
// 1 is divided and stays high until reset. An illegal word sets err_o instead;
// done_o never rises. Reset to reconfigure.
//
// Named assertions (hw/include/hc_assert.vh): p_dims, p_cdw, p_max_m (the parameters).
`include "hc_assert.vh"
module hc_cfg_dims #(
  // most dimensions
  parameter integer MAX_DIM = 4,
  // largest radix m
  parameter integer MAX_M   = 15,
  parameter integer MW      = 4,  // bits of m
  parameter integer CDW     = 4  // configuration word width, >= MW and >= bits of MAX_DIM
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  input  wire                  cfg_valid_i,
  input  wire [CDW-1:0]        cfg_data_i,
  output wire                  cfg_ready_o,
  output wire                  done_o,
  output wire                  err_o,
  // the constants, dimension i at [(i-1)*MW +: MW]; valid once done_o is high;
  // a dimension above r reads 0
  output reg  [((MAX_DIM > 1) ? $clog2(MAX_DIM) : 1)-1:0]        last_o,  // r - 1
  output reg                   pref_o,  // 1: counterclockwise preferential
  output reg  [MAX_DIM*MW-1:0] m_o,
  output reg  [MAX_DIM*MW-1:0] rho_o,
  output reg  [MAX_DIM*MW-1:0] d_o,
  output reg  [MAX_DIM*MW-1:0] a_o,
  output reg  [MAX_DIM*MW-1:0] k_o,
  // division of dimension div_dim_o + 1 ends this cycle
  output wire                  div_o,
  output wire [((MAX_DIM > 1) ? $clog2(MAX_DIM) : 1)-1:0]        div_dim_o
);
  `HC_PARAM(p_dims, MAX_DIM >= 1 && MW >= 1, "MAX_DIM and MW must be at least 1")
  `HC_PARAM(p_cdw, CDW >= MW && CDW >= $clog2(MAX_DIM + 1),
            "CDW must be at least MW and hold MAX_DIM")
  `HC_PARAM(p_max_m, MAX_M >= 2 && MAX_M < (1 << MW), "MAX_M must be in 2..2^MW - 1")
  // bits of a dimension index
  localparam integer DIW = (MAX_DIM > 1) ? $clog2(MAX_DIM) : 1;
  localparam [2:0] S_NDIM = 3'd0, S_PREF = 3'd1, S_DIMS = 3'd2, S_DIV = 3'd3, S_DONE = 3'd4,
                   S_ERR = 3'd5;
  localparam [MW-1:0] ONE = {{(MW - 1) {1'b0}}, 1'b1};
  localparam [MW-1:0] TWO = {{(MW - 1) {1'b0}}, 1'b1} << 1;

  reg  [2:0]     state_q;
  reg  [DIW-1:0] dim_q;  // dimension being loaded or divided (i-1)
  reg  [1:0]     fld_q;  // 0: m, 1: rho, 2: D
  reg  [MW-1:0]  rem_q, half_q, quo_q, dd_q;

  wire take = cfg_valid_i & cfg_ready_o;
  assign cfg_ready_o = (state_q == S_NDIM) | (state_q == S_PREF) | (state_q == S_DIMS);
  assign done_o      = state_q == S_DONE;
  assign err_o       = state_q == S_ERR;

  wire [MW-1:0] cur_m   = m_o[dim_q*MW+:MW];
  wire [MW-1:0] cur_rho = rho_o[dim_q*MW+:MW];
  wire [MW-1:0] cur_d   = d_o[dim_q*MW+:MW];

  // ---------------------------------------------------------------- words
  // (Some of these checks are constant for some parameters, e.g. MAX_M = 2^MW-1.)
  /* verilator lint_off CMPCONST */
  wire [MW-1:0]  word     = cfg_data_i[MW-1:0];
  wire           word_hi  = (CDW > MW) ? |(cfg_data_i >> MW) : 1'b0;  // bits above m
  wire           m_bad    = word_hi | (word < TWO) | ({1'b0, word} > MAX_M[MW:0]);
  wire           rho_bad  = word_hi | (word == {MW{1'b0}}) | ({word, 1'b0} > {1'b0, cur_m});
  wire           d_bad    = word_hi;
  wire           ndim_bad = (cfg_data_i == {CDW{1'b0}}) | (cfg_data_i > MAX_DIM[CDW-1:0]);
  /* verilator lint_on CMPCONST */

  // --------------------------------------------------------- division step
  wire           rem_go  = rem_q >= cur_rho;
  wire           half_go = half_q != {MW{1'b0}};
  wire           div_end = ~rem_go & ~half_go;
  wire [DIW-1:0] dim_dn  = dim_q - 1'b1;
  wire [MW-1:0]  next_m  = m_o[dim_dn*MW+:MW];  // the dimension divided next
  assign div_o     = (state_q == S_DIV) & div_end;
  assign div_dim_o = dim_q;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= S_NDIM;
      last_o  <= {DIW{1'b0}};
      pref_o  <= 1'b0;
      m_o     <= {MAX_DIM * MW{1'b0}};
      rho_o   <= {MAX_DIM * MW{1'b0}};
      d_o     <= {MAX_DIM * MW{1'b0}};
      a_o     <= {MAX_DIM * MW{1'b0}};
      k_o     <= {MAX_DIM * MW{1'b0}};
      dim_q   <= {DIW{1'b0}};
      fld_q   <= 2'd0;
      rem_q   <= {MW{1'b0}};
      half_q  <= {MW{1'b0}};
      quo_q   <= {MW{1'b0}};
      dd_q    <= {MW{1'b0}};
    end else begin
      case (state_q)
        S_NDIM: if (take) begin
          if (ndim_bad) state_q <= S_ERR;
          else begin
            last_o  <= cfg_data_i[DIW-1:0] - 1'b1;
            state_q <= S_PREF;
          end
        end
        S_PREF: if (take) begin
          pref_o  <= cfg_data_i[0];
          state_q <= (|(cfg_data_i >> 1)) ? S_ERR : S_DIMS;
        end
        S_DIMS: if (take) begin
          if (fld_q == 2'd0) begin
            m_o[dim_q*MW+:MW] <= word;
            fld_q             <= 2'd1;
            if (m_bad) state_q <= S_ERR;
          end else if (fld_q == 2'd1) begin
            rho_o[dim_q*MW+:MW] <= word;
            fld_q               <= 2'd2;
            if (rho_bad) state_q <= S_ERR;
          end else begin
            d_o[dim_q*MW+:MW] <= word;
            fld_q             <= 2'd0;
            if (d_bad) state_q <= S_ERR;
            else if (dim_q == last_o) begin
              // divide from dimension r down
              state_q <= S_DIV;
              rem_q   <= m_o[last_o*MW+:MW] - ONE;
              half_q  <= m_o[last_o*MW+:MW] >> 1;
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
            a_o[dim_q*MW+:MW] <= quo_q - cur_d;
            k_o[dim_q*MW+:MW] <= rem_q;
            if (dd_q != cur_d) state_q <= S_ERR;
            else if (dim_q == {DIW{1'b0}}) state_q <= S_DONE;
            else begin
              dim_q  <= dim_dn;
              rem_q  <= next_m - ONE;
              half_q <= next_m >> 1;
              quo_q  <= {MW{1'b0}};
              dd_q   <= {MW{1'b0}};
            end
          end
        end
        default: ;  // S_DONE, S_ERR: hold until reset
      endcase
    end
  end
endmodule
