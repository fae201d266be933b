// hc_mesh_tile: one node of the wormhole mesh: an hc_mesh_router and its
// hc_mesh_node on the router's local port (port 0). The tile's link ports are
// the router's ports 1..2*DIMS: link l = 2j leads towards +j, 2j+1 towards -j
// (lin_*[l] arrives through that side). link_heads_o sums the link-use
// counters of the tile's link outputs: head flits sent on them since reset
// (wrapping at 2^HCW). Every output is a register or a sum of registers, so a
// harness may Verilate the tile once and wire N copies (docs/hardware.md "Wormhole mesh").
//
// Named assertions (hw/include/hc_assert.vh): p_dims, p_depth, p_counters (the parameters).
`include "hc_assert.vh"
module hc_mesh_tile #(
  parameter integer DIMS  = 2,   // mesh dimensions
  parameter integer CW    = 2,   // bits per coordinate
  parameter integer PW    = 32,  // payload bits
  parameter integer DEPTH = 4,   // flits per router input FIFO, >= 2
  parameter integer HCW   = 16,  // bits per link-use counter
  parameter integer LW    = 8,   // bits of flits_i
  parameter integer SW    = 4    // bits of the step counter
) (
  input  wire                                 clk_i,
  input  wire                                 rst_ni,
  input  wire [DIMS*CW-1:0]                   coord_i,
  input  wire [LW-1:0]                        flits_i,
  input  wire [SW-1:0]                        last_i,   // steps - 1
  input  wire                                 ld_valid_i,
  input  wire [PW-1:0]                        ld_data_i,
  input  wire                                 start_i,
  input  wire                                 go_i,
  output wire [SW-1:0]                        rom_addr_o,
  input  wire [DIMS*CW+1:0]                   rom_data_i,
  output wire                                 step_done_o,
  output wire                                 busy_o,
  output wire                                 done_o,
  output wire                                 err_o,
  output wire                                 has_o,
  output wire [PW-1:0]                        data_o,
  output wire                                 rx_valid_o,
  output wire [DIMS*CW-1:0]                   rx_src_o,
  output wire [PW-1:0]                        rx_data_o,
  input  wire [2*DIMS-1:0]                    lin_valid_i,
  input  wire [2*DIMS*(2+2*DIMS*CW+PW)-1:0]   lin_flit_i,
  output wire [2*DIMS-1:0]                    lin_credit_o,
  output wire [2*DIMS-1:0]                    lout_valid_o,
  output wire [2*DIMS*(2+2*DIMS*CW+PW)-1:0]   lout_flit_o,
  input  wire [2*DIMS-1:0]                    lout_credit_i,
  output wire [HCW-1:0]                       link_heads_o
);
  `HC_PARAM(p_dims, DIMS >= 1 && CW >= 1 && PW >= 1, "DIMS, CW and PW must be at least 1")
  `HC_PARAM(p_depth, DEPTH >= 2, "DEPTH must be at least 2")
  `HC_PARAM(p_counters, HCW >= 1 && LW >= 1 && SW >= 1, "HCW, LW and SW must be at least 1")
  /* verilator no_inline_module */
  localparam integer P  = 2 * DIMS + 1;
  localparam integer FW = 2 + 2 * DIMS * CW + PW;

  wire          n_oval, n_ocr, r_ival;
  wire [FW-1:0] n_oflit, r_iflit;
  wire [P-1:0]  in_credit, out_valid;
  wire [P*FW-1:0] out_flit;
  wire [P*HCW-1:0] heads;

  hc_mesh_node #(
    .DIMS(DIMS), .CW(CW), .PW(PW), .DEPTH(DEPTH), .LW(LW), .SW(SW)
  ) u_node (
    .clk_i(clk_i), .rst_ni(rst_ni), .coord_i(coord_i), .flits_i(flits_i), .last_i(last_i),
    .ld_valid_i(ld_valid_i), .ld_data_i(ld_data_i), .start_i(start_i), .go_i(go_i),
    .rom_addr_o(rom_addr_o), .rom_data_i(rom_data_i), .step_done_o(step_done_o),
    .busy_o(busy_o), .done_o(done_o), .err_o(err_o), .has_o(has_o), .data_o(data_o),
    .rx_valid_o(rx_valid_o), .rx_src_o(rx_src_o), .rx_data_o(rx_data_o),
    .out_valid_o(n_oval), .out_flit_o(n_oflit), .out_credit_i(in_credit[0]),
    .in_valid_i(r_ival), .in_flit_i(r_iflit), .in_credit_o(n_ocr)
  );

  hc_mesh_router #(
    .DIMS(DIMS), .CW(CW), .PW(PW), .DEPTH(DEPTH), .HCW(HCW)
  ) u_router (
    .clk_i(clk_i), .rst_ni(rst_ni), .coord_i(coord_i),
    .in_valid_i({lin_valid_i, n_oval}), .in_flit_i({lin_flit_i, n_oflit}),
    .in_credit_o(in_credit),
    .out_valid_o(out_valid), .out_flit_o(out_flit),
    .out_credit_i({lout_credit_i, n_ocr}),
    .heads_o(heads)
  );

  assign r_ival       = out_valid[0];
  assign r_iflit      = out_flit[FW-1:0];
  assign lin_credit_o = in_credit[P-1:1];
  assign lout_valid_o = out_valid[P-1:1];
  assign lout_flit_o  = out_flit[P*FW-1:FW];

  reg [HCW-1:0] sum;
  integer       l;
  always @(*) begin
    sum = {HCW{1'b0}};
    for (l = 1; l < P; l = l + 1) sum = sum + heads[l*HCW+:HCW];
  end
  assign link_heads_o = sum;

  // The ejection count (port 0) is the node's business, not a link's.
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused = ^heads[HCW-1:0];
  /* verilator lint_on UNUSEDSIGNAL */
endmodule
