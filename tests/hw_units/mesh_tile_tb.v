// Two hc_mesh_tiles of the 2x2 wormhole mesh (DIMS = 2, CW = 1, PW = 32,
// DEPTH = 4, HCW = 16, LW = 8, SW = 1), nodes idle, counting head flits:
// link_heads_o is the sum of the head flits the tile has sent on its link
// outputs since reset, wrapping at 2^16 (docs/hardware.md "Wormhole mesh").
// Tile (0,0) gets one-flit worms on its +x link for node (0,1) (they leave on
// its +y link) and on its +y link for node (1,0) (they leave on +x); tile
// (1,1) gets them on -x for (1,0) (out on -y) and on -y for (0,1) (out on -x),
// so every one of a tile's four link counters carries traffic in one of the
// two. Each stream sends a worm whenever it holds a credit (4 after reset, one
// back per in_credit pulse); each link output's credits return one a cycle,
// from the next cycle on, but none in the first STALL cycles of every 4096, so
// the router's input FIFOs fill and drain again. HEADS worms per stream: more than 2^15, so every bit of every
// counter and of both sums is 1 at some point and 0 at another, and the sums
// wrap. Every cycle each tile's link_heads_o must equal the head flits seen on
// its lout_valid_o so far, modulo 2^16, and only the expected outputs may
// carry flits, each a head and tail for the expected node, its payload the
// stream's number and the worm's sequence number, so that each stream's
// worms must leave in the order they were sent (a router FIFO that reads an
// entry twice or skips one fails).
// Prints "checked CYCLES HEADS ERRORS" (HEADS: all four streams' worms out).
module mesh_tile_tb;
  parameter integer HEADS = 33000;
  parameter integer STALL = 8;
  localparam integer DIMS = 2, CW = 1, PW = 32, AW = DIMS * CW, FW = 2 + 2 * AW + PW;
  localparam integer L = 2 * DIMS;  // links per tile

  reg clk = 1'b0;
  reg rst_n = 1'b0;
  always #5 clk = ~clk;

  // per tile t: the streams' input links and destinations, and where they leave
  // (tile 0 at (0,0): in +x (link 0) -> out +y (link 2), in +y (2) -> out +x (0);
  //  tile 1 at (1,1): in -x (link 1) -> out -y (link 3), in -y (3) -> out -x (1))
  wire [L-1:0]    lin_valid   [0:1];
  wire [L*FW-1:0] lin_flit    [0:1];
  wire [L-1:0]    lin_credit  [0:1];
  wire [L-1:0]    lout_valid  [0:1];
  wire [L*FW-1:0] lout_flit   [0:1];
  reg  [L-1:0]    lout_credit [0:1];
  wire [15:0]     heads       [0:1];

  genvar t;
  generate
    for (t = 0; t < 2; t = t + 1) begin : g_tile
      hc_mesh_tile #(
        .DIMS(DIMS), .CW(CW), .PW(PW), .DEPTH(4), .HCW(16), .LW(8), .SW(1)
      ) u_tile (
        .clk_i(clk), .rst_ni(rst_n), .coord_i(t == 0 ? 2'b00 : 2'b11), .flits_i(8'd1),
        .last_i(1'b0), .ld_valid_i(1'b0), .ld_data_i({PW{1'b0}}), .start_i(1'b0),
        .go_i(1'b0), .rom_addr_o(), .rom_data_i({(AW + 2) {1'b0}}), .step_done_o(),
        .busy_o(), .done_o(), .err_o(), .has_o(), .data_o(), .rx_valid_o(), .rx_src_o(),
        .rx_data_o(), .lin_valid_i(lin_valid[t]), .lin_flit_i(lin_flit[t]),
        .lin_credit_o(lin_credit[t]), .lout_valid_o(lout_valid[t]), .lout_flit_o(lout_flit[t]),
        .lout_credit_i(lout_credit[t]), .link_heads_o(heads[t]));
    end
  endgenerate

  // stream s (0..3): tile s/2, its input link, its destination, its output link
  function integer in_link(input integer s);
    in_link = (s == 0) ? 0 : (s == 1) ? 2 : (s == 2) ? 1 : 3;
  endfunction
  function integer out_link(input integer s);
    out_link = (s == 0) ? 2 : (s == 1) ? 0 : (s == 2) ? 3 : 1;
  endfunction
  function [AW-1:0] dest(input integer s);  // {y, x}
    dest = (s == 0) ? 2'b10 : (s == 1) ? 2'b01 : (s == 2) ? 2'b01 : 2'b10;
  endfunction

  reg [2:0]  credit [0:3];
  integer    sent [0:3];
  reg [3:0]  send;
  reg [31:0] seen [0:1];  // head flits out of each tile's links so far
  integer    s, l, cycles, errors, out_heads;
  integer    owed [0:2*L-1];  // credits owed to tile s's link output l, at s * L + l

  assign lin_valid[0] = {1'b0, send[1], 1'b0, send[0]};
  assign lin_valid[1] = {send[3], 1'b0, send[2], 1'b0};
  // worm n of stream s: head and tail, from the node beside, payload {s, n}
  function [FW-1:0] worm(input integer s, input integer n);
    worm = {2'b11, dest(s), 2'b00, s[7:0], n[23:0]};
  endfunction
  reg [FW-1:0] wflit [0:3];  // each stream's next worm
  integer      got [0:3];    // worms of each stream out so far
  integer      st;
  assign lin_flit[0] = {{FW{1'b0}}, wflit[1], {FW{1'b0}}, wflit[0]};
  assign lin_flit[1] = {wflit[3], {FW{1'b0}}, wflit[2], {FW{1'b0}}};

  initial begin
    cycles = 0; errors = 0; out_heads = 0;
    send = 4'b0000;
    for (s = 0; s < 4; s = s + 1) begin
      credit[s] = 3'd4;
      sent[s] = 0;
      got[s] = 0;
    end
    seen[0] = 0; seen[1] = 0;
    for (l = 0; l < 2 * L; l = l + 1) owed[l] = 0;
    lout_credit[0] = {L{1'b0}}; lout_credit[1] = {L{1'b0}};
    #12 rst_n = 1'b1;
    while ((sent[0] < HEADS || sent[1] < HEADS || sent[2] < HEADS || sent[3] < HEADS ||
            seen[0] + seen[1] < 4 * HEADS) && cycles <= 8 * HEADS) begin
      // drive this cycle's worms
      for (s = 0; s < 4; s = s + 1) begin
        send[s] = credit[s] != 3'd0 && sent[s] < HEADS;
        wflit[s] = worm(s, sent[s]);
      end
      @(posedge clk);
      #1;
      cycles = cycles + 1;
      for (s = 0; s < 4; s = s + 1) begin
        if (send[s]) begin
          sent[s] = sent[s] + 1;
          credit[s] = credit[s] - 1'b1;
        end
        if (lin_credit[s / 2][in_link(s)]) credit[s] = credit[s] + 1'b1;
      end
      // what left, credited back in the next cycle
      for (s = 0; s < 2; s = s + 1) begin
        for (l = 0; l < L; l = l + 1) begin
          if (lout_valid[s][l]) owed[s*L+l] = owed[s*L+l] + 1;
          lout_credit[s][l] = cycles % 4096 >= STALL && owed[s*L+l] > 0;
          if (lout_credit[s][l]) owed[s*L+l] = owed[s*L+l] - 1;
        end
        for (l = 0; l < L; l = l + 1) begin
          if (lout_valid[s][l]) begin
            if (l != out_link(2 * s) && l != out_link(2 * s + 1)) begin
              errors = errors + 1;
              $display("tile %0d: a flit on link %0d", s, l);
            end else begin
              st = (l == out_link(2 * s)) ? 2 * s : 2 * s + 1;
              if (lout_flit[s][l*FW +: FW] !== worm(st, got[st])) begin
                errors = errors + 1;
                if (errors < 10)
                  $display("tile %0d link %0d: flit %h, want %h", s, l, lout_flit[s][l*FW +: FW],
                           worm(st, got[st]));
              end
              got[st] = got[st] + 1;
            end
            seen[s] = seen[s] + 1;
          end
        end
        if (heads[s] !== seen[s][15:0]) begin
          errors = errors + 1;
          if (errors < 10)
            $display("cycle %0d tile %0d: link_heads_o %0d, want %0d", cycles, s, heads[s],
                     seen[s][15:0]);
        end
      end
      send = 4'b0000;
    end
    if (cycles > 8 * HEADS) begin
      errors = errors + 1;
      $display("stalled: sent %0d %0d %0d %0d, seen %0d %0d", sent[0], sent[1], sent[2],
               sent[3], seen[0], seen[1]);
    end
    $display("checked %0d %0d %0d", cycles, seen[0] + seen[1], errors);
    $finish;
  end
endmodule
