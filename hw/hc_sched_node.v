// hc_sched_node: a schedule-driven network node. A sequencer steps through the
// node's rows, one per clock, reading them from a ROM outside the node
// (hc_sched_rom, or any synchronous-read memory: rom_data_i is the word at the
// rom_addr_o of the previous cycle); a packet store holds what the node still has
// to send or must keep; every port sends and receives in every row (all-port,
// full duplex). Row r does the sends of step r+1 and files the arrivals of step
// r (on lnk_*_i, the neighbours' output registers); a schedule of S steps takes
// S+1 rows. ROM word layout: docs/file-formats.md "Schedule ROM format".
//
// Per port p, send field (IW+2 bits at [p*SF +: SF]):
//   [IW+1] valid, [IW] 1: forward the packet arriving on port idx now, 0: send
//   store slot idx; [IW-1:0] idx.
// Per port p, receive field (SW+1 bits at [NP*SF + p*RF +: RF]):
//   [SW] keep the packet arriving on port p, [SW-1:0] in this slot.
//
// err_o: a row expected a packet on a link that carried none, or (HD = 1) both
// ends of a half-duplex link drove it in one step (sticky until the next start).
// Before start_i the host preloads the node's own packets through the ld_*
// port; after done_o it reads the packets the node keeps through rd_*.
module hc_sched_node #(
  parameter integer NP       = 2,   // ports
  parameter integer PW       = 32,  // payload bits
  parameter integer SLOTS    = 1,   // packet store entries
  parameter integer SW       = 1,   // slot index bits
  parameter integer IW       = 1,   // send index bits, >= SW and >= clog2(NP)
  parameter integer ROWS     = 2,   // ROM rows: schedule steps + 1
  parameter integer RAW      = 1,   // row index bits
  // 1: half-duplex links (Faber, Sec. 6). Output p and input p are the two ends
  // of one channel to the same neighbour (generators that are their own
  // inverses: the hypercube); the ROMs choose its driver per step. Driving
  // output p while the neighbour drives its end (lnk_valid_i[p]) sets err_o.
  parameter integer HD       = 0
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             start_i,
  output wire             busy_o,
  output wire             done_o,
  output wire             err_o,
  output wire [  RAW-1:0] rom_addr_o,
  input  wire [NP*(IW+SW+3)-1:0] rom_data_i,
  input  wire             ld_valid_i,
  input  wire [   SW-1:0] ld_slot_i,
  input  wire [   PW-1:0] ld_data_i,
  input  wire [   SW-1:0] rd_slot_i,
  output reg  [   PW-1:0] rd_data_o,
  input  wire [   NP-1:0] lnk_valid_i,
  input  wire [NP*PW-1:0] lnk_data_i,
  output wire [   NP-1:0] lnk_valid_o,
  output wire [NP*PW-1:0] lnk_data_o
);
  // One C++ class for all instances in Verilator (instead of inlining each node
  // into the top): the network's model then builds in time independent of N.
  /* verilator no_inline_module */
  localparam integer SF = IW + 2;
  localparam integer RF = SW + 1;
  localparam integer WW = NP * (SF + RF);
  localparam [RAW-1:0] LAST = ROWS[RAW-1:0] - 1'b1;

  reg              busy_q;
  reg              done_q;
  reg  [  RAW-1:0] row_q;
  wire [   WW-1:0] word = rom_data_i;

  assign rom_addr_o = (busy_q && row_q != LAST) ? row_q + 1'b1 : {RAW{1'b0}};

  assign busy_o = busy_q;
  assign done_o = done_q;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
      row_q  <= {RAW{1'b0}};
    end else if (!busy_q) begin
      if (start_i) begin
        busy_q <= 1'b1;
        done_q <= 1'b0;
        row_q  <= {RAW{1'b0}};
      end
    end else if (row_q == LAST) begin
      busy_q <= 1'b0;
      done_q <= 1'b1;
    end else begin
      row_q <= row_q + 1'b1;
    end
  end

  // Packet store: per slot, the load port or the receive field that names it.
  reg [SLOTS*PW-1:0] store_q;
  reg [   SLOTS-1:0] we;
  reg [SLOTS*PW-1:0] wdata;
  integer k, p;
  always @* begin
    we    = {SLOTS{1'b0}};
    wdata = {SLOTS * PW{1'b0}};
    for (k = 0; k < SLOTS; k = k + 1) begin
      if (!busy_q && ld_valid_i && ld_slot_i == k[SW-1:0]) begin
        we[k]              = 1'b1;
        wdata[k*PW+:PW] = ld_data_i;
      end
      for (p = 0; p < NP; p = p + 1) begin
        if (busy_q && word[NP*SF+p*RF+SW] && word[NP*SF+p*RF+:SW] == k[SW-1:0]) begin
          we[k]              = 1'b1;
          wdata[k*PW+:PW] = lnk_data_i[p*PW+:PW];
        end
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      store_q <= {SLOTS * PW{1'b0}};
    end else begin
      for (k = 0; k < SLOTS; k = k + 1) begin
        if (we[k]) store_q[k*PW+:PW] <= wdata[k*PW+:PW];
      end
    end
  end

  always @* begin
    rd_data_o = {PW{1'b0}};
    for (k = 0; k < SLOTS; k = k + 1) begin
      if (rd_slot_i == k[SW-1:0]) rd_data_o = store_q[k*PW+:PW];
    end
  end

  // Sends: a store slot or a packet arriving now, into the link output register.
  reg [   NP-1:0] send_valid;
  reg [NP*PW-1:0] send_data;
  reg [   NP-1:0] lv_q;
  reg [NP*PW-1:0] ld_q;
  integer q;
  always @* begin
    send_valid = {NP{1'b0}};
    send_data  = {NP * PW{1'b0}};
    for (p = 0; p < NP; p = p + 1) begin
      if (busy_q && word[p*SF+IW+1]) begin
        send_valid[p] = 1'b1;
        if (word[p*SF+IW]) begin
          for (q = 0; q < NP; q = q + 1) begin
            if (word[p*SF+:IW] == q[IW-1:0]) send_data[p*PW+:PW] = lnk_data_i[q*PW+:PW];
          end
        end else begin
          for (k = 0; k < SLOTS; k = k + 1) begin
            if (word[p*SF+:IW] == k[IW-1:0]) send_data[p*PW+:PW] = store_q[k*PW+:PW];
          end
        end
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lv_q <= {NP{1'b0}};
      ld_q <= {NP * PW{1'b0}};
    end else begin
      lv_q <= send_valid;
      ld_q <= send_data;
    end
  end

  assign lnk_valid_o = lv_q;
  assign lnk_data_o  = ld_q;

  // The ROM says when packets arrive; a row that keeps or forwards an arrival
  // on a link that carries none sets the sticky err_o (a wiring or ROM fault).
  reg [NP-1:0] missing;
  reg          err_q;
  always @* begin
    missing = {NP{1'b0}};
    for (p = 0; p < NP; p = p + 1) begin
      if (busy_q && word[NP*SF+p*RF+SW]) missing[p] = missing[p] | ~lnk_valid_i[p];
      if (busy_q && word[p*SF+IW+1] && word[p*SF+IW]) begin
        for (q = 0; q < NP; q = q + 1) begin
          if (word[p*SF+:IW] == q[IW-1:0]) missing[q] = missing[q] | ~lnk_valid_i[q];
        end
      end
    end
  end

  // Half-duplex: both output registers of one channel hold a packet of one step.
  wire [NP-1:0] clash = (HD != 0) ? (lv_q & lnk_valid_i) : {NP{1'b0}};

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) err_q <= 1'b0;
    else if (start_i && !busy_q) err_q <= 1'b0;
    else if (|missing || |clash) err_q <= 1'b1;
  end

  assign err_o = err_q;
endmodule
