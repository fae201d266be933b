// hc_mesh_router under back-pressure (DIMS = 2, CW = 1, PW = 32, DEPTH = 4,
// HCW = 16): two routers of the 2x2 mesh, at (0,0) (router 0: inputs 0-3,
// outputs 0, +x, +y) and at (1,1) (router 1: inputs 1-4, outputs 0, -x, -y).
// Each active input gets W worms, as fast as its credits allow (4 after reset,
// one back per in_credit pulse) but for 12 cycles of every 48 (a phase per
// input and router), when it sends nothing and its FIFO drains: worm w leaves by the router's reachable
// output w mod 3, is 1 + w mod 4 flits long, and flit j carries the payload
// H(router, input, w / 6, j) ^ {32{(w mod 6) >= 3}}, so each input and output
// pair carries every payload bit as 0 and as 1, from every entry of the input's
// FIFO. The source field tags the input. Each output's downstream returns one
// credit a cycle for what it received, but none in 20 cycles of every 64 (a
// phase per output and router), so fronts wait, the FIFOs behind them fill and
// wrap, and worms from several inputs contend for an output. Every flit out
// must be the next one of its input's worm for that output (a worm's flits in
// order, head and tail bits, destination, tag, payload), no output may take a
// head while a worm holds it, and once every flit is out nothing more may
// leave in 100 cycles.
// Prints "checked CYCLES FLITS ERRORS" (FLITS: flits out of both routers).
module mesh_router_stall_tb;
  parameter integer W = 60;  // worms per input
  localparam integer DIMS = 2, CW = 1, PW = 32, AW = DIMS * CW, FW = 2 + 2 * AW + PW, P = 5;

  reg clk = 1'b0;
  reg rst_n = 1'b0;
  always #5 clk = ~clk;

  reg  [P-1:0]    in_valid [0:1];
  reg  [P*FW-1:0] in_flit  [0:1];
  wire [P-1:0]    in_credit[0:1];
  wire [P-1:0]    out_valid[0:1];
  wire [P*FW-1:0] out_flit [0:1];
  reg  [P-1:0]    out_credit[0:1];

  genvar gr;
  generate
    for (gr = 0; gr < 2; gr = gr + 1) begin : g_r
      hc_mesh_router #(.DIMS(DIMS), .CW(CW), .PW(PW), .DEPTH(4), .HCW(16)) u_router (
        .clk_i(clk), .rst_ni(rst_n), .coord_i(gr == 0 ? 2'b00 : 2'b11),
        .in_valid_i(in_valid[gr]), .in_flit_i(in_flit[gr]), .in_credit_o(in_credit[gr]),
        .out_valid_o(out_valid[gr]), .out_flit_o(out_flit[gr]), .out_credit_i(out_credit[gr]),
        .heads_o());
    end
  endgenerate

  // router r's reachable output i (0..2) and the destination {y, x} it takes
  function integer out_of(input integer r, input integer i);
    out_of = (i == 0) ? 0 : (r == 0) ? ((i == 1) ? 1 : 3) : ((i == 1) ? 2 : 4);
  endfunction
  function [AW-1:0] dest_of(input integer r, input integer i);
    dest_of = (r == 0) ? ((i == 0) ? 2'b00 : (i == 1) ? 2'b01 : 2'b10)
                       : ((i == 0) ? 2'b11 : (i == 1) ? 2'b10 : 2'b01);
  endfunction
  function integer active(input integer r, input integer k);  // input k carries worms
    active = (r == 0) ? (k <= 3) : (k >= 1);
  endfunction
  function [AW-1:0] tag_of(input integer r, input integer k);
    tag_of = (r == 0) ? k : k - 1;
  endfunction
  function [31:0] hash(input integer r, input integer k, input integer g, input integer j);
    reg [31:0] x;
    begin
      x = (r * 977 + k * 131 + g * 17 + j + 1) * 32'h9e3779b1;
      hash = x ^ (x >> 15) ^ (x << 7);
    end
  endfunction
  // flit j of worm w of router r's input k
  function [FW-1:0] flit_of(input integer r, input integer k, input integer w, input integer j);
    integer n;
    begin
      n = 1 + w % 4;
      flit_of = {j == 0, j == n - 1, dest_of(r, w % 3), tag_of(r, k),
                 hash(r, k, w / 6, j) ^ {32{(w % 6) >= 3}}};
    end
  endfunction

  integer credit [0:9];  // per router r and input k at r * P + k
  integer sw [0:9], sj [0:9];  // the worm and flit each input sends next
  integer gw [0:9], gj [0:9];  // the worm and flit each input's next flit out is
  integer owed [0:9];          // credits owed to each output
  integer holder [0:9];        // the input whose worm holds an output, or -1
  integer r, k, o, i, cycles, flits, errors, want, left, src;
  reg [FW-1:0] f;

  initial begin
    cycles = 0; flits = 0; errors = 0;
    for (i = 0; i < 2 * P; i = i + 1) begin
      credit[i] = 4; sw[i] = 0; sj[i] = 0; gw[i] = 0; gj[i] = 0; owed[i] = 0; holder[i] = -1;
    end
    for (r = 0; r < 2; r = r + 1) begin
      in_valid[r] = {P{1'b0}};
      in_flit[r] = {P * FW{1'b0}};
      out_credit[r] = {P{1'b0}};
    end
    want = 0;
    for (r = 0; r < 2; r = r + 1)
      for (k = 0; k < P; k = k + 1)
        if (active(r, k))
          for (i = 0; i < W; i = i + 1) want = want + 1 + i % 4;
    #12 rst_n = 1'b1;
    left = 0;  // cycles since every flit was out
    while ((flits < want || left < 100) && cycles < 40 * want) begin
      if (flits >= want) left = left + 1;
      @(negedge clk);
      // this cycle's flits into the routers
      for (r = 0; r < 2; r = r + 1)
        for (k = 0; k < P; k = k + 1) begin
          in_valid[r][k] = active(r, k) && sw[r*P+k] < W && credit[r*P+k] > 0 &&
                           (cycles + 13 * k + 29 * r) % 48 >= 12;
          in_flit[r][k*FW+:FW] = in_valid[r][k] ? flit_of(r, k, sw[r*P+k], sj[r*P+k])
                                                : {FW{1'b0}};
        end
      @(posedge clk);
      #1;
      cycles = cycles + 1;
      for (r = 0; r < 2; r = r + 1)
        for (k = 0; k < P; k = k + 1) begin
          i = r * P + k;
          if (in_valid[r][k]) begin
            credit[i] = credit[i] - 1;
            if (sj[i] == sw[i] % 4) begin
              sw[i] = sw[i] + 1;
              sj[i] = 0;
            end else begin
              sj[i] = sj[i] + 1;
            end
          end
          if (in_credit[r][k]) credit[i] = credit[i] + 1;
        end
      // what left: checked, credited back from the next cycle on
      for (r = 0; r < 2; r = r + 1)
        for (o = 0; o < P; o = o + 1) begin
          i = r * P + o;
          if (out_valid[r][o]) begin
            f = out_flit[r][o*FW+:FW];
            flits = flits + 1;
            if (flits > want) begin
              errors = errors + 1;
              $display("router %0d output %0d: flit %h after every flit was out", r, o, f);
            end
            owed[i] = owed[i] + 1;
            src = (r == 0) ? f[PW+:AW] : f[PW+:AW] + 1;  // the input the tag names
            if (f[FW-1] && holder[i] >= 0) begin
              errors = errors + 1;
              $display("router %0d output %0d: a head while input %0d's worm holds it", r, o,
                       holder[i]);
            end else if (!f[FW-1] && holder[i] != src) begin
              errors = errors + 1;
              $display("router %0d output %0d: a flit of input %0d outside its worm", r, o, src);
            end else if (f !== flit_of(r, src, gw[r*P+src], gj[r*P+src]) ||
                         out_of(r, gw[r*P+src] % 3) != o) begin
              errors = errors + 1;
              if (errors < 10)
                $display("router %0d output %0d: flit %h, want %h on output %0d", r, o, f,
                         flit_of(r, src, gw[r*P+src], gj[r*P+src]), out_of(r, gw[r*P+src] % 3));
            end
            holder[i] = f[FW-2] ? -1 : src;
            if (gj[r*P+src] == gw[r*P+src] % 4) begin
              gw[r*P+src] = gw[r*P+src] + 1;
              gj[r*P+src] = 0;
            end else begin
              gj[r*P+src] = gj[r*P+src] + 1;
            end
          end
          out_credit[r][o] = (cycles + 37 * o + 101 * r) % 64 >= 20 && owed[i] > 0;
          if (out_credit[r][o]) owed[i] = owed[i] - 1;
        end
    end
    for (r = 0; r < 2; r = r + 1)
      for (k = 0; k < P; k = k + 1)
        if (active(r, k) && gw[r*P+k] != W) begin
          errors = errors + 1;
          $display("router %0d input %0d: %0d of %0d worms out", r, k, gw[r*P+k], W);
        end
    $display("checked %0d %0d %0d", cycles, flits, errors);
    $finish;
  end
endmodule
