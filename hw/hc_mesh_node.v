// hc_mesh_node: a one-port node of the wormhole mesh broadcast (Cang & Wu),
// driven by its ROM (outside the node: hc_sched_rom or any synchronous-read
// memory, rom_data_i being the word at the rom_addr_o of the previous cycle).
// Row s is the node's part in step s+1 (docs/file-formats.md "Mesh node ROM format"):
//   [AW+1] recv: a message arrives in this step;
//   [AW]   send: send the message to node [AW-1:0] (packed coordinates).
// A node sends only once it holds the data: a row that asks to send before the
// data arrived (or was preloaded) sets the sticky err_o (e_no_data) and sends nothing.
//
// Steps are separated by a barrier: a node raises step_done_o once its send's
// tail flit has left and its expected message's tail flit has arrived; the top
// ANDs every node's step_done_o into go_i, and all nodes then fetch the next
// row together. A step takes FETCH (the ROM reads), LATCH (the row is taken),
// the cycles of the message, and one WAIT cycle for the barrier; the last
// step's barrier ends in DONE.
//
// A message is flits_i flits (a constant >= 1 during a run): every flit
// carries {head, tail, destination, source, payload} (hc_mesh_router's
// layout); the node injects one per cycle while it has credit (DEPTH after
// reset: the router's local input FIFO). Arrivals on in_*_i are always taken
// (a credit returns each cycle one arrives); the tail flit's payload becomes
// the node's data, and rx_valid_o pulses with its source and payload.
// Before start_i the host preloads the source's data through ld_*.
//
// Named assertions (hw/include/hc_assert.vh): e_no_data (beside err_o), and
// p_dims, p_depth, p_counters (the parameters).
`include "hc_assert.vh"
module hc_mesh_node #(
  parameter integer DIMS  = 2,   // mesh dimensions
  parameter integer CW    = 2,   // bits per coordinate
  parameter integer PW    = 32,  // payload bits
  parameter integer DEPTH = 4,   // flits of the router's local input FIFO, >= 2
  parameter integer LW    = 8,   // bits of flits_i
  parameter integer SW    = 4    // bits of the step counter (ROM address), >= 1
) (
  input  wire                        clk_i,
  input  wire                        rst_ni,
  input  wire [DIMS*CW-1:0]          coord_i,   // this node's coordinates (a constant)
  input  wire [LW-1:0]               flits_i,   // flits per message (a constant >= 1)
  input  wire [SW-1:0]               last_i,    // index of the last ROM row: steps - 1
  input  wire                        ld_valid_i,
  input  wire [PW-1:0]               ld_data_i,
  input  wire                        start_i,
  input  wire                        go_i,      // barrier: every node's step_done_o
  output wire [SW-1:0]               rom_addr_o,
  input  wire [DIMS*CW+1:0]          rom_data_i,
  output wire                        step_done_o,
  output wire                        busy_o,
  output wire                        done_o,
  output wire                        err_o,
  output wire                        has_o,     // the node holds the data
  output wire [PW-1:0]               data_o,
  output wire                        rx_valid_o,  // a message's tail arrived last cycle
  output wire [DIMS*CW-1:0]          rx_src_o,
  output wire [PW-1:0]               rx_data_o,
  output wire                        out_valid_o,  // to the router's local input
  output wire [2+2*DIMS*CW+PW-1:0]   out_flit_o,
  input  wire                        out_credit_i,
  input  wire                        in_valid_i,   // from the router's local output
  input  wire [2+2*DIMS*CW+PW-1:0]   in_flit_i,
  output wire                        in_credit_o
);
  `HC_PARAM(p_dims, DIMS >= 1 && CW >= 1 && PW >= 1, "DIMS, CW and PW must be at least 1")
  `HC_PARAM(p_depth, DEPTH >= 2, "DEPTH must be at least 2")
  `HC_PARAM(p_counters, LW >= 1 && SW >= 1, "LW and SW must be at least 1")
  /* verilator no_inline_module */
  localparam integer AW  = DIMS * CW;
  localparam integer FW  = 2 + 2 * AW + PW;
  localparam integer CRW = $clog2(DEPTH + 1);
  localparam [CRW-1:0] FULL = DEPTH[CRW-1:0];
  localparam [2:0] S_IDLE = 3'd0, S_FETCH = 3'd1, S_LATCH = 3'd2, S_RUN = 3'd3, S_WAIT = 3'd4,
                   S_DONE = 3'd5;

  reg [2:0]     state_q;
  reg [SW-1:0]  step_q;
  reg           err_q, has_q, pend_q, exp_q, got_q, sdone_q;
  reg [AW-1:0]  dst_q;
  reg [PW-1:0]  data_q;
  reg [LW-1:0]  fc_q;
  reg [CRW-1:0] icr_q;
  reg           oval_q, icr_out_q, rxv_q;
  reg [FW-1:0]  oflit_q;
  reg [AW-1:0]  rxs_q;
  reg [PW-1:0]  rxd_q;

  wire          row_recv = rom_data_i[AW+1];
  wire          row_send = rom_data_i[AW];
  wire          first = fc_q == {LW{1'b0}};
  wire          last = fc_q == flits_i - 1'b1;
  wire          inject = state_q == S_RUN && pend_q && icr_q != {CRW{1'b0}};
  wire          in_tail = in_valid_i && in_flit_i[FW-2];

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q   <= S_IDLE;
      step_q    <= {SW{1'b0}};
      err_q     <= 1'b0;
      has_q     <= 1'b0;
      pend_q    <= 1'b0;
      exp_q     <= 1'b0;
      got_q     <= 1'b0;
      sdone_q   <= 1'b0;
      dst_q     <= {AW{1'b0}};
      data_q    <= {PW{1'b0}};
      fc_q      <= {LW{1'b0}};
      icr_q     <= FULL;
      oval_q    <= 1'b0;
      oflit_q   <= {FW{1'b0}};
      icr_out_q <= 1'b0;
      rxv_q     <= 1'b0;
      rxs_q     <= {AW{1'b0}};
      rxd_q     <= {PW{1'b0}};
    end else begin
      // Injection: one flit per cycle while credit lasts.
      oval_q  <= inject;
      oflit_q <= inject ? {first, last, dst_q, coord_i, data_q} : {FW{1'b0}};
      if (inject && !out_credit_i) icr_q <= icr_q - 1'b1;
      else if (!inject && out_credit_i) icr_q <= icr_q + 1'b1;
      if (inject) begin
        fc_q <= last ? {LW{1'b0}} : fc_q + 1'b1;
        if (last) pend_q <= 1'b0;
      end
      case (state_q)
        S_IDLE, S_DONE: begin
          if (start_i) begin
            state_q <= S_FETCH;
            step_q  <= {SW{1'b0}};
            err_q   <= 1'b0;
          end
        end
        S_FETCH: state_q <= S_LATCH;
        S_LATCH: begin
          state_q <= S_RUN;
          dst_q   <= rom_data_i[AW-1:0];
          exp_q   <= row_recv;
          pend_q  <= row_send && has_q;
          if (row_send && !has_q) err_q <= 1'b1;
        end
        S_RUN: begin
          if (!pend_q && (!exp_q || got_q)) begin
            state_q <= S_WAIT;
            sdone_q <= 1'b1;
          end
        end
        S_WAIT: begin
          if (go_i) begin
            sdone_q <= 1'b0;
            got_q   <= 1'b0;
            if (step_q == last_i) begin
              state_q <= S_DONE;
            end else begin
              state_q <= S_FETCH;
              step_q  <= step_q + 1'b1;
            end
          end
        end
        default: state_q <= S_IDLE;
      endcase
      // Ejection: every flit taken, a credit back per flit; the tail delivers.
      icr_out_q <= in_valid_i;
      rxv_q     <= in_tail;
      if (in_tail) begin
        got_q  <= 1'b1;
        has_q  <= 1'b1;
        data_q <= in_flit_i[PW-1:0];
        rxs_q  <= in_flit_i[PW+:AW];
        rxd_q  <= in_flit_i[PW-1:0];
      end
      if (ld_valid_i) begin
        has_q  <= 1'b1;
        data_q <= ld_data_i;
      end
    end
  end

  // The destination field of arriving flits is the router's business.
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_dst = ^in_flit_i[FW-1] ^ ^in_flit_i[PW+AW+:AW];
  /* verilator lint_on UNUSEDSIGNAL */

  assign rom_addr_o  = step_q;
  assign step_done_o = sdone_q;
  assign busy_o      = state_q != S_IDLE && state_q != S_DONE;
  assign done_o      = state_q == S_DONE;
  assign err_o       = err_q;
  assign has_o       = has_q;
  assign data_o      = data_q;
  assign rx_valid_o  = rxv_q;
  assign rx_src_o    = rxs_q;
  assign rx_data_o   = rxd_q;
  assign out_valid_o = oval_q;
  assign out_flit_o  = oflit_q;
  assign in_credit_o = icr_out_q;
  // err_o's one cause (set in S_LATCH above), named
  `HC_ERR(e_no_data, state_q == S_LATCH && row_send && !has_q,
          "a row sends before the node holds the data")
endmodule
