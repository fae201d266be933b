// hc_mesh_router: a wormhole router of a DIMS-dimensional mesh with
// dimension-ordered routing (x first, then y, then z, ...), one input FIFO per
// port, outputs held by a worm from its head flit to its tail flit, and
// credit-based flow control. 2*DIMS+1 ports: port 0 is the local port (the
// node), port 1+2j leads towards +j (coordinate j grows), port 2+2j towards -j.
// Input port p receives what arrives through that side: the neighbour's output
// facing us. The generated top (gen/emit/mesh_rtl.cpp) wires the mesh; the
// generator checks the channel-dependency graph of this routing acyclic
// (gen/topology/mesh_cdg.h), so no worm waits on itself.
//
// Flit (FW = 2 + 2*AW + PW bits, AW = DIMS*CW):
//   [FW-1] head, [FW-2] tail, [PW+AW +: AW] destination, [PW +: AW] source,
//   [PW-1:0] payload. Addresses pack the coordinates, dimension 0 lowest.
// Only head flits are routed: a head at the front of input p asks for the
// output of its route; a free output takes the lowest such input (fixed
// priority: the mesh broadcast's schedules never let two worms want one output
// in a step, so the order never matters there) and stays locked to it until
// the tail flit has passed. A locked output forwards its owner's flits one per
// cycle while it has credit.
//
// Timing: a flit on in_*_i is pushed at the clock edge; from the front of the
// FIFO it moves to the output register (out_*_o) at the next edge, so a hop
// takes two cycles. Each output keeps a credit counter, DEPTH after reset (the
// depth of the FIFO it feeds), decremented per flit sent and incremented per
// out_credit_i pulse; a popped input returns a credit on in_credit_o, a
// register. Every signal between routers is a register output.
//
// Link-use counters: heads_o[p*HCW +: HCW] counts the head flits output p has
// sent since reset (wrapping); summed over the link outputs (p >= 1) of every
// router it is the broadcast's total communication distance.
//
// Rules of the neighbours (named assumptions, hw/include/hc_assert.vh, per
// port p in g_rule[p]): no flit arrives while its FIFO is full (a_in_full; the
// FIFO's own a_push_full says it too), and no credit returns beyond DEPTH
// (a_credit_over). The module's own: a_body_locked (an output is locked from
// head to tail), a_lock_owner (by one input), a_one_output (an input feeds one
// output a cycle). p_* check the parameters.
// A head never routes off the mesh (its destination is a node of the mesh);
// the top ties the inputs of missing neighbours to 0.
`include "hc_assert.vh"
module hc_mesh_router #(
  parameter integer DIMS  = 2,   // mesh dimensions (ports: 2*DIMS+1)
  parameter integer CW    = 2,   // bits per coordinate
  parameter integer PW    = 32,  // payload bits per flit
  parameter integer DEPTH = 4,   // flits per input FIFO, >= 2
  parameter integer HCW   = 16   // bits per link-use counter
) (
  input  wire                         clk_i,
  input  wire                         rst_ni,
  input  wire [DIMS*CW-1:0]           coord_i,      // this router's coordinates (a constant)
  input  wire [2*DIMS:0]              in_valid_i,
  input  wire [(2*DIMS+1)*(2+2*DIMS*CW+PW)-1:0] in_flit_i,
  output wire [2*DIMS:0]              in_credit_o,  // one pulse per flit taken from input p
  output wire [2*DIMS:0]              out_valid_o,
  output wire [(2*DIMS+1)*(2+2*DIMS*CW+PW)-1:0] out_flit_o,
  input  wire [2*DIMS:0]              out_credit_i,  // one pulse per flit the receiver freed
  output wire [(2*DIMS+1)*HCW-1:0]    heads_o
`ifdef FORMAL
  ,
  // for the proofs' invariants (formal/mesh_router_*.fv), per input p: the
  // flits its FIFO holds and its entries in order, the front first (entry e
  // at [(p*DEPTH+e)*FW +: FW]); per output: the lock, its owner and the credits
  output wire [(2*DIMS+1)*$clog2(DEPTH + 1)-1:0]             fv_cnt_o,
  output wire [(2*DIMS+1)*DEPTH*(2+2*DIMS*CW+PW)-1:0]         fv_seq_o,
  output wire [2*DIMS:0]                                     fv_lock_o,
  output wire [(2*DIMS+1)*$clog2(2*DIMS+1)-1:0]               fv_owner_o,
  output wire [(2*DIMS+1)*$clog2(DEPTH + 1)-1:0]             fv_credit_o
`endif
);
  /* verilator no_inline_module */
  localparam integer P    = 2 * DIMS + 1;
  localparam integer AW   = DIMS * CW;
  localparam integer FW   = 2 + 2 * AW + PW;
  localparam integer PIW  = $clog2(P);          // >= 2
  localparam integer CRW  = $clog2(DEPTH + 1);  // >= 2
  localparam [CRW-1:0] FULL = DEPTH[CRW-1:0];

  `HC_PARAM(p_dims, DIMS >= 1, "DIMS must be at least 1")
  `HC_PARAM(p_depth, DEPTH >= 2, "DEPTH must be at least 2")
  `HC_PARAM(p_cw, CW >= 1 && PW >= 1 && HCW >= 1, "CW, PW and HCW must be at least 1")

  // Input FIFOs.
  wire [P*FW-1:0] front;
  wire [P-1:0]    empty;
  wire [P-1:0]    pop;
  genvar gp;
  generate
    for (gp = 0; gp < P; gp = gp + 1) begin : g_in
      /* verilator lint_off UNUSED */
      wire [FW-1:0] last;  // the entry read the cycle before: not needed here
      /* verilator lint_on UNUSED */
      hc_fifo #(.W(FW), .DEPTH(DEPTH)) u_fifo (
        .clk_i  (clk_i),
        .rst_ni (rst_ni),
        .push_i (in_valid_i[gp]),
        .data_i (in_flit_i[gp*FW+:FW]),
        .pop_i  (pop[gp]),
        .head_o (front[gp*FW+:FW]),
        .empty_o(empty[gp]),
        .last_o (last)
`ifdef FORMAL
        ,
        .fv_cnt_o (fv_cnt_o[gp*CRW+:CRW]),
        .fv_mem_o (),
        .fv_held_o(),
        .fv_seq_o (fv_seq_o[gp*DEPTH*FW+:DEPTH*FW])
`endif
      );
    end
  endgenerate

  // Route of the flit at the front of every input: the first dimension whose
  // coordinate differs decides the direction; none differing: the local port.
  reg [P*PIW-1:0] route;
  reg [P-1:0]     is_head;
  reg [P-1:0]     is_tail;
  reg             found;
  reg [CW-1:0]    dc, mc;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31:0]      t32;  // port numbers as 32-bit values, sliced to PIW
  /* verilator lint_on UNUSEDSIGNAL */
  integer         i, j;
  always @(*) begin
    route   = {P * PIW{1'b0}};
    is_head = {P{1'b0}};
    is_tail = {P{1'b0}};
    found   = 1'b0;
    dc      = {CW{1'b0}};
    mc      = {CW{1'b0}};
    t32     = 32'd0;
    for (i = 0; i < P; i = i + 1) begin
      is_head[i] = front[i*FW+FW-1];
      is_tail[i] = front[i*FW+FW-2];
      found      = 1'b0;
      for (j = 0; j < DIMS; j = j + 1) begin
        dc = front[i*FW+PW+AW+j*CW+:CW];
        mc = coord_i[j*CW+:CW];
        if (!found && dc != mc) begin
          found = 1'b1;
          t32   = (dc > mc) ? 1 + 2 * j : 2 + 2 * j;
          route[i*PIW+:PIW] = t32[PIW-1:0];
        end
      end
    end
  end

  // Outputs: lock, owner, credits.
  reg [P-1:0]     lock_q;
  reg [P*PIW-1:0] owner_q;
  reg [P*CRW-1:0] credit_q;
  reg [P-1:0]     oval_q;
  reg [P*FW-1:0]  oflit_q;
  reg [P-1:0]     icr_q;
  reg [P*HCW-1:0] heads_q;

  // Per output: the input it serves this cycle, whether a flit moves, and which.
  reg [P*PIW-1:0] sel;
  reg [P-1:0]     send;
  reg [P-1:0]     popv;
  reg [P*FW-1:0]  flit;
  reg [P-1:0]     shead;
  reg [P-1:0]     stail;
  reg             have;
  reg [PIW-1:0]   s;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31:0]      u32;
  /* verilator lint_on UNUSEDSIGNAL */
  integer         o, k;
  always @(*) begin
    sel   = {P * PIW{1'b0}};
    send  = {P{1'b0}};
    popv  = {P{1'b0}};
    flit  = {P * FW{1'b0}};
    shead = {P{1'b0}};
    stail = {P{1'b0}};
    have  = 1'b0;
    s     = {PIW{1'b0}};
    u32   = 32'd0;
    for (o = 0; o < P; o = o + 1) begin
      have = 1'b0;
      s    = owner_q[o*PIW+:PIW];
      if (lock_q[o]) begin
        for (k = 0; k < P; k = k + 1) begin
          u32 = k;
          if (s == u32[PIW-1:0]) have = !empty[k];
        end
      end else begin
        for (k = P - 1; k >= 0; k = k - 1) begin
          u32 = o;
          if (!empty[k] && is_head[k] && route[k*PIW+:PIW] == u32[PIW-1:0]) begin
            have = 1'b1;
            u32  = k;
            s    = u32[PIW-1:0];
          end
        end
      end
      sel[o*PIW+:PIW] = s;
      send[o] = have && credit_q[o*CRW+:CRW] != {CRW{1'b0}};
      for (k = 0; k < P; k = k + 1) begin
        u32 = k;
        if (send[o] && s == u32[PIW-1:0]) begin
          popv[k]           = 1'b1;
          flit[o*FW+:FW]    = front[k*FW+:FW];
          shead[o]          = is_head[k];
          stail[o]          = is_tail[k];
        end
      end
    end
  end
  assign pop = popv;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lock_q   <= {P{1'b0}};
      owner_q  <= {P * PIW{1'b0}};
      credit_q <= {P{FULL}};
      oval_q   <= {P{1'b0}};
      oflit_q  <= {P * FW{1'b0}};
      icr_q    <= {P{1'b0}};
      heads_q  <= {P * HCW{1'b0}};
    end else begin
      icr_q   <= popv;
      oval_q  <= send;
      oflit_q <= flit;
      for (o = 0; o < P; o = o + 1) begin
        if (send[o] && !out_credit_i[o])
          credit_q[o*CRW+:CRW] <= credit_q[o*CRW+:CRW] - 1'b1;
        else if (!send[o] && out_credit_i[o])
          credit_q[o*CRW+:CRW] <= credit_q[o*CRW+:CRW] + 1'b1;
        if (send[o]) begin
          if (stail[o]) begin
            lock_q[o] <= 1'b0;
          end else if (shead[o]) begin
            lock_q[o] <= 1'b1;
            owner_q[o*PIW+:PIW] <= sel[o*PIW+:PIW];
          end
          if (shead[o]) heads_q[o*HCW+:HCW] <= heads_q[o*HCW+:HCW] + 1'b1;
        end
      end
    end
  end

  assign out_valid_o = oval_q;
  assign out_flit_o  = oflit_q;
  assign in_credit_o = icr_q;
  assign heads_o     = heads_q;
`ifdef FORMAL
  assign fv_lock_o   = lock_q;
  assign fv_owner_o  = owner_q;
  assign fv_credit_o = credit_q;
`endif

`ifndef SYNTHESIS
  // The protocol rules (see the module comment): fill_q, the flits held per
  // input FIFO.
  reg [P*CRW-1:0] fill_q;
  integer         a;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fill_q <= {P * CRW{1'b0}};
    end else begin
      for (a = 0; a < P; a = a + 1) begin
        if (in_valid_i[a] && !popv[a])
          fill_q[a*CRW+:CRW] <= fill_q[a*CRW+:CRW] + 1'b1;
        else if (!in_valid_i[a] && popv[a])
          fill_q[a*CRW+:CRW] <= fill_q[a*CRW+:CRW] - 1'b1;
      end
    end
  end
  // The wormhole locks: an output is locked from head to tail (a flit that is
  // no head leaves only on a locked output), by one input (no two locked
  // outputs share an owner), and an input feeds at most one output a cycle.
  reg     body_free, shared, two_out;
  integer b, c2;
  always @(*) begin
    body_free = 1'b0;
    shared    = 1'b0;
    two_out   = 1'b0;
    for (b = 0; b < P; b = b + 1) begin
      if (send[b] && !shead[b] && !lock_q[b]) body_free = 1'b1;
      for (c2 = b + 1; c2 < P; c2 = c2 + 1) begin
        if (lock_q[b] && lock_q[c2] && owner_q[b*PIW+:PIW] == owner_q[c2*PIW+:PIW]) shared = 1'b1;
        if (send[b] && send[c2] && sel[b*PIW+:PIW] == sel[c2*PIW+:PIW]) two_out = 1'b1;
      end
    end
  end
  `HC_ASSERT(a_body_locked, !body_free, "a flit that is no head left on an unlocked output")
  `HC_ASSERT(a_lock_owner, !shared, "two locked outputs share an owner")
  `HC_ASSERT(a_one_output, !two_out, "an input feeds two outputs in one cycle")
  generate
    for (gp = 0; gp < P; gp = gp + 1) begin : g_rule
      `HC_ASSUME(a_in_full, !(in_valid_i[gp] && !popv[gp] && fill_q[gp*CRW+:CRW] == FULL),
                 "a flit into a full input FIFO")
      `HC_ASSUME(a_credit_over, !(out_credit_i[gp] && !send[gp] && credit_q[gp*CRW+:CRW] == FULL),
                 "a credit returned beyond DEPTH")
    end
  endgenerate
`endif
endmodule
