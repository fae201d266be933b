// hc_mesh_router: a wormhole router of a DIMS-dimensional mesh with
// dimension-ordered routing (x first, then y, then z, ...), one input buffer
// per port, outputs held by a worm from its head flit to its tail flit, and
// credit-based flow control. 2*DIMS+1 ports: port 0 is the local port (the
// node), port 1+2j leads towards +j (coordinate j grows), port 2+2j towards -j.
// Input port p receives what arrives through that side: the neighbour's output
// facing us. The generated top (gen/emit/mesh_rtl.cpp) wires the mesh; the
// generator checks the channel-dependency graph of this routing acyclic
// (gen/topology/mesh_cdg.h), so no worm waits on itself.
//
// Each input is a front register and, behind it, a FIFO of DEPTH - 1 flits
// (hc_fifo). The front holds the flit the outputs choose from, with its
// requests: the output its route leaves by if it is a head, none otherwise
// (rq_q), decided as it enters the front from the arrival or the FIFO's head.
// So the outputs' choice starts from flip-flops, not from a FIFO's head
// multiplexer and the coordinate compare. An arrival enters an empty front;
// behind a held one it is pushed into the FIFO, and passes straight through
// into the front if the front leaves while the FIFO is empty.
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
// Timing: a flit on in_*_i is taken at the clock edge (into the front when
// the input was empty); from the front it moves to the output register
// (out_*_o) at the next edge, so a hop takes two cycles. Each output keeps a
// credit counter, DEPTH after reset (the flits of the input it feeds),
// decremented per flit sent and incremented per out_credit_i pulse; an input
// whose front leaves returns a credit on in_credit_o, a register. Every
// signal between routers is a register output.
//
// Link-use counters: heads_o[p*HCW +: HCW] counts the head flits output p has
// sent since reset (wrapping); summed over the link outputs (p >= 1) of every
// router it is the broadcast's total communication distance.
//
// Rules of the neighbours (named assumptions, hw/include/hc_assert.vh, per
// port p in g_rule[p]): no flit arrives while its input is full (a_in_full;
// the FIFO's own a_push_full says it too), and no credit returns beyond DEPTH
// (a_credit_over). The module's own: a_body_locked (an output is locked from
// head to tail), a_lock_owner (by one input), a_one_output (an input feeds one
// output a cycle), a_req_front (the front's requests are its route's),
// a_front_first (no flit waits in a FIFO behind an empty front).
// p_* check the parameters.
// A head never routes off the mesh (its destination is a node of the mesh);
// the top ties the inputs of missing neighbours to 0.
`include "hc_assert.vh"
module hc_mesh_router #(
  parameter integer DIMS  = 2,   // mesh dimensions (ports: 2*DIMS+1)
  parameter integer CW    = 2,   // bits per coordinate
  parameter integer PW    = 32,  // payload bits per flit
  parameter integer DEPTH = 4,   // flits per input (its front and FIFO), >= 2
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
  // flits per FIFO behind a front (DEPTH >= 2: p_depth)
  localparam integer FD   = (DEPTH > 1) ? DEPTH - 1 : 1;

  `HC_PARAM(p_dims, DIMS >= 1, "DIMS must be at least 1")
  `HC_PARAM(p_depth, DEPTH >= 2, "DEPTH must be at least 2")
  `HC_PARAM(p_cw, CW >= 1 && PW >= 1 && HCW >= 1, "CW, PW and HCW must be at least 1")

  // The outputs a flit asks for: none unless it is a head; else the one its
  // route leaves by (the first dimension whose coordinate differs decides the
  // direction; none differing: the local port).
  function [P-1:0] req_of(input [FW-1:0] f, input [AW-1:0] here);
    integer      j;
    reg          found;
    reg [CW-1:0] dc, mc;
    begin
      req_of = {P{1'b0}};
      found  = 1'b0;
      for (j = 0; j < DIMS; j = j + 1) begin
        dc = f[PW+AW+j*CW+:CW];
        mc = here[j*CW+:CW];
        if (!found && dc != mc) begin
          found = 1'b1;
          if (dc > mc) req_of[1+2*j] = 1'b1;
          else req_of[2+2*j] = 1'b1;
        end
      end
      if (!found) req_of[0] = 1'b1;
      if (!f[FW-1]) req_of = {P{1'b0}};
    end
  endfunction

  // Inputs: the front registers and the FIFOs behind them.
  reg  [P*FW-1:0] front_q;  // input k's front at [k*FW +: FW]
  reg  [P*P-1:0]  rq_q;     // its requests at [k*P +: P]
  reg  [P-1:0]    full_q;   // the front holds a flit
  wire [P*FW-1:0] front = front_q;
  wire [P-1:0]    pop;      // the front leaves on an output
  wire [P*FW-1:0] fhead;    // the FIFO's head
  wire [P-1:0]    fempty;
  genvar gp;
  generate
    for (gp = 0; gp < P; gp = gp + 1) begin : g_in
      wire [FW-1:0] in_flit = in_flit_i[gp*FW+:FW];
      wire [P-1:0]  rq_in   = in_valid_i[gp] ? req_of(in_flit, coord_i) : {P{1'b0}};
      // After a pop the front takes the FIFO's head, or the arrival when the
      // FIFO is empty; an empty front takes the arrival. Behind a held front
      // the arrival is pushed into the FIFO, whatever the outputs do: when
      // the front leaves and the FIFO is empty it passes straight through the
      // FIFO into the front (hc_fifo pops an empty FIFO in a cycle that
      // pushes), so the FIFO's write does not wait for the outputs.
      wire          refill  = fempty[gp];
      wire [FW-1:0] nxt     = refill ? in_flit : fhead[gp*FW+:FW];
`ifdef HC_MUTANT_MESH_REQ
      // a deliberately broken router that proofs must reject (formal/): after
      // a pop the arrival's requests, even when the FIFO's head takes the front
      wire [P-1:0]  nxt_rq  = rq_in;
`else
      wire [P-1:0]  nxt_rq  = refill ? rq_in : req_of(fhead[gp*FW+:FW], coord_i);
`endif
      wire          push    = in_valid_i[gp] && full_q[gp];
      /* verilator lint_off UNUSED */
      wire [FW-1:0] last;  // the entry read the cycle before: not needed here
      /* verilator lint_on UNUSED */
`ifdef FORMAL
      wire [$clog2(FD + 1)-1:0] fv_fcnt;
      wire [FD*FW-1:0]          fv_fseq;
      // the front and the FIFO behind it, as one FIFO of DEPTH flits
      assign fv_cnt_o[gp*CRW+:CRW] = fv_fcnt + full_q[gp];
      assign fv_seq_o[gp*DEPTH*FW+:DEPTH*FW] = {fv_fseq, front_q[gp*FW+:FW]};
`endif
      hc_fifo #(.W(FW), .DEPTH(FD)) u_fifo (
        .clk_i  (clk_i),
        .rst_ni (rst_ni),
        .push_i (push),
        .data_i (in_flit),
        .pop_i  (pop[gp] && (!refill || in_valid_i[gp])),
        .head_o (fhead[gp*FW+:FW]),
        .empty_o(fempty[gp]),
        .last_o (last)
`ifdef FORMAL
        ,
        .fv_cnt_o (fv_fcnt),
        .fv_mem_o (),
        .fv_held_o(),
        .fv_seq_o (fv_fseq)
`endif
      );
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          front_q[gp*FW+:FW] <= {FW{1'b0}};
          rq_q[gp*P+:P]      <= {P{1'b0}};
          full_q[gp]         <= 1'b0;
        end else if (pop[gp]) begin
          front_q[gp*FW+:FW] <= nxt;
          rq_q[gp*P+:P]      <= nxt_rq;
          full_q[gp]         <= !refill || in_valid_i[gp];
        end else if (!full_q[gp]) begin
          front_q[gp*FW+:FW] <= in_flit;
          rq_q[gp*P+:P]      <= rq_in;
          full_q[gp]         <= in_valid_i[gp];
        end
`ifdef HC_MUTANT_MESH_FRONT
        // a deliberately broken router that proofs must reject (formal/): an
        // arrival behind a held front that does not leave empties the front
        else if (in_valid_i[gp]) full_q[gp] <= 1'b0;
`endif
      end
    end
  endgenerate

  // The head and tail bits of every front.
  reg [P-1:0] is_head;
  reg [P-1:0] is_tail;
  integer     i;
  always @(*) begin
    for (i = 0; i < P; i = i + 1) begin
      is_head[i] = front[i*FW+FW-1];
      is_tail[i] = front[i*FW+FW-2];
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

  // Per output o and input k (gnt[o*P+k]): o takes input k's front in this
  // cycle if o has a credit. A locked output takes its owner's front, a free
  // one the lowest input whose front asks for it: an AND-OR of the request,
  // lock and owner flip-flops, so the pops, the sends and their multiplexers
  // each follow the grants by one OR.
  reg [P*P-1:0]   gnt;
  reg [P-1:0]     credok;  // the output has a credit
  reg [P*PIW-1:0] sel;     // the input a sending output takes
  reg [P-1:0]     send;
  reg [P-1:0]     popv;
  reg [P*FW-1:0]  flit;
  reg [P-1:0]     shead;
  reg [P-1:0]     stail;
  reg             asked;   // a lower input asks for the output
  reg             take;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31:0]      u32;  // input numbers as 32-bit values, sliced to PIW
  /* verilator lint_on UNUSEDSIGNAL */
  integer         o, k;
  always @(*) begin
    gnt    = {P * P{1'b0}};
    credok = {P{1'b0}};
    sel    = {P * PIW{1'b0}};
    send   = {P{1'b0}};
    popv   = {P{1'b0}};
    flit   = {P * FW{1'b0}};
    shead  = {P{1'b0}};
    stail  = {P{1'b0}};
    asked  = 1'b0;
    take   = 1'b0;
    u32    = 32'd0;
    for (o = 0; o < P; o = o + 1) begin
      credok[o] = credit_q[o*CRW+:CRW] != {CRW{1'b0}};
      asked     = 1'b0;
      for (k = 0; k < P; k = k + 1) begin
        u32        = k;
        gnt[o*P+k] = lock_q[o] ? (owner_q[o*PIW+:PIW] == u32[PIW-1:0] && full_q[k])
                               : (rq_q[k*P+o] && !asked);
        asked      = asked | rq_q[k*P+o];
        take       = gnt[o*P+k] && credok[o];
        send[o]    = send[o] | take;
        popv[k]    = popv[k] | take;
        sel[o*PIW+:PIW] = sel[o*PIW+:PIW] | ({PIW{take}} & u32[PIW-1:0]);
        flit[o*FW+:FW]  = flit[o*FW+:FW] | ({FW{take}} & front[k*FW+:FW]);
        shead[o]   = shead[o] | (take & is_head[k]);
        stail[o]   = stail[o] | (take & is_tail[k]);
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
  // input (its front and FIFO).
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
  // The fronts' requests: their route's (none for an empty front).
  reg [P*P-1:0] rq_want;
  integer       r;
  always @(*) begin
    rq_want = {P * P{1'b0}};
    for (r = 0; r < P; r = r + 1)
      if (full_q[r]) rq_want[r*P+:P] = req_of(front[r*FW+:FW], coord_i);
  end
  `HC_ASSERT(a_req_front, rq_q == rq_want, "a front's requests are not its route's")
  `HC_ASSERT(a_front_first, (full_q | fempty) == {P{1'b1}}, "a flit in a FIFO behind an empty front")
  generate
    for (gp = 0; gp < P; gp = gp + 1) begin : g_rule
      `HC_ASSUME(a_in_full, !(in_valid_i[gp] && !popv[gp] && fill_q[gp*CRW+:CRW] == FULL),
                 "a flit into a full input")
      `HC_ASSUME(a_credit_over, !(out_credit_i[gp] && !send[gp] && credit_q[gp*CRW+:CRW] == FULL),
                 "a credit returned beyond DEPTH")
    end
  endgenerate
`endif
endmodule
