// hc_fifo: a register FIFO with a combinational head. One input virtual channel
// of the hypercycle router. Pushing into a full FIFO is a protocol violation that
// credit flow control rules out. An empty FIFO may be popped only in a cycle that
// pushes: the pushed entry passes straight through and the FIFO stays empty.
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
  output wire         empty_o
);
  localparam integer PTRW = (DEPTH > 1) ? $clog2(DEPTH) : 1;
  localparam integer CNTW = $clog2(DEPTH + 1);
  localparam [PTRW-1:0] LAST = DEPTH[PTRW-1:0] - 1'b1;

  reg [DEPTH*W-1:0] mem_q;  // entry i at [i*W +: W]
  reg [PTRW-1:0] rd_q;
  reg [PTRW-1:0] wr_q;
  reg [CNTW-1:0] cnt_q;

  assign head_o  = mem_q[rd_q*W+:W];
  assign empty_o = (cnt_q == {CNTW{1'b0}});

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_q  <= {PTRW{1'b0}};
      wr_q  <= {PTRW{1'b0}};
      cnt_q <= {CNTW{1'b0}};
      mem_q <= {DEPTH * W{1'b0}};
    end else begin
      if (push_i) begin
        mem_q[wr_q*W+:W] <= data_i;
        wr_q        <= (wr_q == LAST) ? {PTRW{1'b0}} : wr_q + 1'b1;
      end
      if (pop_i) rd_q <= (rd_q == LAST) ? {PTRW{1'b0}} : rd_q + 1'b1;
      if (push_i && !pop_i) cnt_q <= cnt_q + 1'b1;
      else if (pop_i && !push_i) cnt_q <= cnt_q - 1'b1;
    end
  end
endmodule
