// hc_fifo: a register FIFO with a combinational head. One input virtual channel
// of the hypercycle router (deeper than one flit, or with two cycles per hop;
// hc_router_core keeps a one-flit VC of the one-cycle hop as a register and
// owed bits). Pushing into a full FIFO is a protocol violation that
// credit flow control rules out. An empty FIFO may be popped only in a cycle that
// pushes: the pushed entry passes straight through and the FIFO stays empty.
//
// last_o is the entry at the read pointer of the cycle before, which holds that
// cycle's head (read, or written there and passed straight through) as long as
// nothing is pushed into a full FIFO: the one-cycle router sends origin and
// payload from it a cycle after the grant.
//
// A one-entry FIFO is a register and a full bit. Deeper ones select the head and
// the written entry by comparing the pointers with constants (an AND-OR, no
// multiplied index), so the head costs a LUT level per four entries.
module hc_fifo #(
  parameter integer W     = 8,
  parameter integer DEPTH = 2
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         push_i,
  input  wire [W-1:0] data_i,
  input  wire         pop_i,
  output wire [W-1:0] head_o,
  output wire         empty_o,
  // the entry at the read pointer of the cycle before: the head of that cycle
  // (the entry read, or the one written when it passed straight through), until
  // credits let a push overwrite it
  output wire [W-1:0] last_o
);
  generate
    if (DEPTH == 1) begin : g_one
      reg [W-1:0] mem_q;
      reg         full_q;

      assign head_o  = mem_q;
      assign empty_o = ~full_q;
      assign last_o  = mem_q;

      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          mem_q  <= {W{1'b0}};
          full_q <= 1'b0;
        end else begin
          if (push_i) mem_q <= data_i;
          if (push_i && !pop_i) full_q <= 1'b1;
          else if (pop_i && !push_i) full_q <= 1'b0;
        end
      end
    end else begin : g_many
      localparam integer PTRW = $clog2(DEPTH);
      localparam integer CNTW = $clog2(DEPTH + 1);
      localparam [PTRW-1:0] LAST = DEPTH[PTRW-1:0] - 1'b1;

      reg [DEPTH*W-1:0] mem_q;  // entry i at [i*W +: W]
      reg [PTRW-1:0]    rd_q;
      reg [PTRW-1:0]    wr_q;
      reg [CNTW-1:0]    cnt_q;
      // any_q: cnt_q != 0 as a flip-flop of its own, so that the head's valid
      // bit on the router's critical loop is not a compare (G^{2,2}_{5,5}, 2 flits
      // per VC: median Fmax over 20 placement seeds 99.9 -> 102.0 MHz).
      reg               any_q;
      reg [PTRW-1:0]    prev_q;  // rd_q of the cycle before
      reg [W-1:0]       head, last;
      integer           i;

      always @(*) begin
        head = {W{1'b0}};
        last = {W{1'b0}};
        for (i = 0; i < DEPTH; i = i + 1) begin
          head = head | ({W{rd_q == i[PTRW-1:0]}} & mem_q[i*W+:W]);
          last = last | ({W{prev_q == i[PTRW-1:0]}} & mem_q[i*W+:W]);
        end
      end
      assign head_o  = head;
      assign empty_o = ~any_q;
      assign last_o  = last;

      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          rd_q  <= {PTRW{1'b0}};
          prev_q <= {PTRW{1'b0}};
          wr_q  <= {PTRW{1'b0}};
          cnt_q <= {CNTW{1'b0}};
          any_q <= 1'b0;
          mem_q <= {DEPTH * W{1'b0}};
        end else begin
          for (i = 0; i < DEPTH; i = i + 1)
            if (push_i && wr_q == i[PTRW-1:0]) mem_q[i*W+:W] <= data_i;
          prev_q <= rd_q;
          if (push_i) wr_q <= (wr_q == LAST) ? {PTRW{1'b0}} : wr_q + 1'b1;
          if (pop_i) rd_q <= (rd_q == LAST) ? {PTRW{1'b0}} : rd_q + 1'b1;
          if (push_i && !pop_i) begin
            cnt_q <= cnt_q + 1'b1;
            any_q <= 1'b1;
          end else if (pop_i && !push_i) begin
            cnt_q <= cnt_q - 1'b1;
            any_q <= (cnt_q != {{(CNTW - 1) {1'b0}}, 1'b1});
          end
        end
      end
    end
  endgenerate
endmodule
