// hc_group_arbiter: a two-level round-robin arbiter for the router's outputs with
// many requesters. The requesters go in pairs (2g, 2g+1), in the router the two
// virtual channels of input port g, the last one (the injection) alone:
//  * a round robin over the groups (hc_rr_arbiter: the first requesting group at
//    or after the pointer wins, then the pointer moves to that group + 1);
//  * in the winning group, when both request, a one-bit pointer says which goes
//    first; after a grant it points at the member that did not get it.
// Both pointers move only in a cycle with a grant and adv_i high. The SystemC
// model (model/router_core.cpp, RouterCore::pickGrouped) implements the same
// rule; the co-simulation depends on it. A flat round robin over N requesters
// needs the prefix-OR arbiter above eight; the groups' arbiter sees (N+1)/2, so
// a degree-8 router's outputs take the two-level pair arbiter (docs/hardware.md
// "Grouped arbitration").
//
// Parameters: N requesters; LIVE marks those that can ever request (the others
// are tied to 0, and a group with no live member drops out of the top arbiter).
module hc_group_arbiter #(
  parameter integer N    = 5,
  parameter [N-1:0] LIVE = {N{1'b1}}
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire [N-1:0] req_i,
  input  wire         adv_i,  // the grant is taken: move the pointers
  output wire [N-1:0] gnt_o,
  output wire         valid_o
);
  localparam integer NG = (N + 1) / 2;
  localparam integer NP2 = 2 * NG;

  function automatic [NG-1:0] group_live(input [N-1:0] live);
    integer g;
    reg [NP2-1:0] l2;
    begin
      l2 = {{(NP2 - N) {1'b0}}, live};
      for (g = 0; g < NG; g = g + 1) group_live[g] = l2[2*g] | l2[2*g+1];
    end
  endfunction

  wire [NP2-1:0] r2 = {{(NP2 - N) {1'b0}}, req_i & LIVE};
  wire [NG-1:0]  greq, ggnt, pick1;
  reg  [NG-1:0]  odd_first_q;  // group g: its odd member goes first
  wire           gvalid;
  wire [NP2-1:0] g2;

  genvar g;
  generate
    for (g = 0; g < NG; g = g + 1) begin : g_grp
      assign greq[g]     = r2[2*g] | r2[2*g+1];
      assign pick1[g]    = r2[2*g+1] & (odd_first_q[g] | ~r2[2*g]);
      assign g2[2*g]     = ggnt[g] & ~pick1[g];
      assign g2[2*g+1]   = ggnt[g] & pick1[g];
    end
  endgenerate

  hc_rr_arbiter #(.N(NG), .LIVE(group_live(LIVE))) u_groups (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .req_i  (greq),
    .adv_i  (adv_i),
    .gnt_o  (ggnt),
    .valid_o(gvalid)
  );

  assign gnt_o   = g2[N-1:0];
  assign valid_o = gvalid;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) odd_first_q <= {NG{1'b0}};
    else if (gvalid && adv_i) odd_first_q <= (odd_first_q & ~ggnt) | (ggnt & ~pick1);
  end

  // The padding requester of an odd N never requests.
  generate
    if (NP2 > N) begin : g_pad
      /* verilator lint_off UNUSED */
      wire unused_pad = g2[NP2-1];
      /* verilator lint_on UNUSED */
    end
  endgenerate

`ifndef SYNTHESIS
  // The rule the module comment states: at most one grant, and only to a requester.
  always @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni && ((gnt_o & ~req_i) != {N{1'b0}} || (gnt_o & (gnt_o - 1'b1)) != {N{1'b0}}))
      $display("hc_group_arbiter %m: grant %b for requests %b", gnt_o, req_i);
  end
`endif
endmodule
