// hc_sched_node: a schedule-driven network node. A sequencer steps through the
// node's rows, one per clock, reading its words from a ROM outside the node
// (hc_sched_rom, or any synchronous-read memory: rom_data_i is the word at the
// rom_addr_o of the previous cycle); every port sends and receives in every row
// (all-port, full duplex). Row r does the sends of step r+1 and files the
// arrivals of step r (on lnk_*_i, the neighbours' output registers); a
// schedule of S steps takes S+1 rows and S+2 ROM words: word 0 holds the reads
// the start cycle issues, word r+1 row r's fields. Word layout: docs/file-
// formats.md "Schedule ROM format".
//
// The packet store is NB banks (hc_sched_bank, block RAM) of DEPTH words; in a
// row each bank takes at most one write (an arrival, the port its write field
// names) and reads the address of its read field, whose word the next row's
// sends use (a bank reads in every clock: a row whose read field is clear reads
// a word no send uses, which costs no enable logic). A send takes
// a bank's read word, the packet arriving on a port now, or the one that arrived
// on a port in the row before (arr_q): a packet forwarded within two steps of
// its arrival never enters the store.
//
// err_o: a row expected a packet on a link that carried none (a write, or a
// forward of this row's or the previous row's arrival), or (HD = 1) both ends
// of a half-duplex link drove it in one step (sticky until the next start).
// Before start_i the host preloads the node's own packets through the ld_*
// port (slot = bank * 2^AW + address); start_i must come at least one clock
// after the last load. After done_o it reads the packets the node keeps through
// rd_*: rd_data_o holds slot rd_slot_i of the clock before (a synchronous read)
// where busy_o was low in that clock (not in the clock done_o rises: that one
// shows the last row's read), and is meaningless while busy_o is high; the word
// passes through a send multiplexer (HRD below).
// A slot beyond DEPTH gives an undefined word.
//
// Named checks (hw/include/hc_assert.vh): p_* the parameters; HC_ERR beside
// err_o, e_missing (an expected packet absent) and e_hd_clash; HC_ASSERT
// a_unwritten_read (a send of a bank word no write or load put there since the
// end of the last run (or the reset), or one the row before did not read: the
// node would send what it does not hold; simulation only) and
// a_send_kind (a send field of kind 3), a_send_mask (a send from a source the
// SMASK parameter omits), a_write_mask (a write from a port WMASK omits).
`include "hc_assert.vh"
module hc_sched_node #(
  parameter integer NP    = 2,   // ports
  parameter integer PW    = 32,  // payload bits
  parameter integer NB    = 1,   // store banks
  parameter integer BW    = 1,   // bank index bits, 2^BW >= NB
  parameter integer DEPTH = 1,   // words per bank
  parameter integer AW    = 1,   // bank address bits, 2^AW >= DEPTH
  parameter integer PSW   = 1,   // port index bits, 2^PSW >= NP
  parameter integer IW    = 1,   // send index bits, max(BW, PSW)
  parameter integer ROWS  = 2,   // rows: schedule steps + 1 (ROM words: ROWS + 1)
  parameter integer RAW   = 2,   // ROM address bits, 2^RAW > ROWS
  // 1: half-duplex links (Faber, Sec. 6). Output p and input p are the two ends
  // of one channel to the same neighbour (generators that are their own
  // inverses: the hypercube); the ROMs choose its driver per step. Driving
  // output p while the neighbour drives its end (lnk_valid_i[p]) sets err_o.
  parameter integer HD    = 0,
  // Banks 0 .. NBRAM-1 keep their words in block RAM, the others in flip-flops
  // (hc_sched_bank BRAM; the generator's choice, by what fits the device).
  parameter integer NBRAM = NB,
  // Sources each port may send from (bit p*(NB+2*NP) + s: banks, then ports
  // now, then ports of the row before); the generator clears those no ROM uses.
  parameter [NP*(NB+2*NP)-1:0] SMASK = {NP * (NB + 2 * NP) {1'b1}},
  // Ports each bank may be written from (bit b*NP + q); cleared likewise.
  parameter [NB*NP-1:0] WMASK = {NB * NP{1'b1}}
) (
  input  wire                                  clk_i,
  input  wire                                  rst_ni,
  input  wire                                  start_i,
  output wire                                  busy_o,
  output wire                                  done_o,
  output wire                                  err_o,
  output wire [                       RAW-1:0] rom_addr_o,
  input  wire [NP*(IW+3)+NB*(PSW+2*AW+2)-1:0] rom_data_i,
  input  wire                                  ld_valid_i,
  input  wire [                    BW+AW-1:0] ld_slot_i,
  input  wire [                        PW-1:0] ld_data_i,
  input  wire [                    BW+AW-1:0] rd_slot_i,
  output wire [                        PW-1:0] rd_data_o,
  input  wire [                        NP-1:0] lnk_valid_i,
  input  wire [                     NP*PW-1:0] lnk_data_i,
  output wire [                        NP-1:0] lnk_valid_o,
  output wire [                     NP*PW-1:0] lnk_data_o
);
  // One C++ class for all instances in Verilator (instead of inlining each node
  // into the top): the network's model then builds in time independent of N.
  /* verilator no_inline_module */
  localparam integer SF = IW + 3;
  localparam integer WF = PSW + AW + 1;
  localparam integer RF = AW + 1;
  localparam integer WB = NP * SF;  // first write field
  localparam integer RB = WB + NB * WF;  // first read field
  localparam integer WW = RB + NB * RF;
  localparam [RAW-1:0] LAST = ROWS[RAW-1:0] - 1'b1;

  reg            busy_q;
  reg            done_q;
  reg  [RAW-1:0] row_q;
  wire [ WW-1:0] word = rom_data_i;

  // Row r reads word r+1; the start cycle reads word 0 and addresses word 1.
  assign rom_addr_o = busy_q ? ((row_q != LAST) ? row_q + 1'b1 + 1'b1 : {RAW{1'b0}})
                             : (start_i ? {{(RAW - 1) {1'b0}}, 1'b1} : {RAW{1'b0}});

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

  // The banks. Busy: writes and reads from the word. Idle: the load port writes;
  // the start cycle issues word 0's reads, any other idle cycle reads rd_slot_i
  // in every bank (the host's read). Every bank reads in every clock (in
  // simulation but a host slot beyond DEPTH): the word's read bit only marks the
  // reads the next row's sends use, which simulation checks (a_unwritten_read).
  wire          run = busy_q || start_i;
  wire          run_end = busy_q && row_q == LAST;
  wire [NB-1:0] rd_bank_hit;
  reg  [BW-1:0] rd_bank_q;
  wire [NB*PW-1:0] bank_q;
  localparam [PSW:0] NPL = NP[PSW:0];  // the port count, as an index is compared with it
`ifdef VERILATOR
  wire [NB-1:0] miss_write;  // bank b's write found its port empty
`endif
  // The host's read. A top hands every node the same rd_slot_i, and a node may
  // have fewer words than another: a slot beyond DEPTH reads a word of no use
  // (the top shows another node's); in simulation it is not read at all.
`ifdef SYNTHESIS
  wire host_re = 1'b1;
`else
  localparam [AW:0] DLIM = DEPTH[AW:0];
  wire host_re = {1'b0, rd_slot_i[0+:AW]} < DLIM;
`endif
  genvar b;
  generate
    for (b = 0; b < NB; b = b + 1) begin : g_bank
      localparam [BW-1:0] BI = b;
      wire [WF-1:0] wf = word[WB+b*WF+:WF];
      wire [RF-1:0] rf = word[RB+b*RF+:RF];
      wire [PSW-1:0] wport = wf[AW+:PSW];
      wire ld_here = !busy_q && ld_valid_i && ld_slot_i[AW+:BW] == BI;
      wire we = (busy_q && wf[WF-1]) || ld_here;
`ifdef VERILATOR
      // The model Verilator builds: the write's port by index (see below).
      wire [31:0] wi = {{(32 - PSW) {1'b0}}, wport};
      wire wport_in = {1'b0, wport} < NPL;
      wire wsel_any = busy_q && wport_in && WMASK[b*NP+wi];
      `HC_ASSERT(a_write_mask, !(busy_q && wf[WF-1]) || wsel_any, "a write from a port WMASK omits")
      wire [AW-1:0] waddr = busy_q ? wf[0+:AW] : ld_slot_i[0+:AW];
      wire [PW-1:0] wdata = !busy_q ? ld_data_i : wsel_any ? lnk_data_i[wi*PW+:PW] : {PW{1'b0}};
      assign miss_write[b] = busy_q && wf[WF-1] && wport_in && !lnk_valid_i[wi];
`else
      wire [NP-1:0] wsel;
      genvar wq;
      for (wq = 0; wq < NP; wq = wq + 1) begin : g_wsel
        localparam [PSW-1:0] QI = wq;
        assign wsel[wq] = WMASK[b*NP+wq] && busy_q && wport == QI;
      end
      `HC_ASSERT(a_write_mask, !(busy_q && wf[WF-1]) || |wsel, "a write from a port WMASK omits")
      wire [AW-1:0] waddr = busy_q ? wf[0+:AW] : ld_slot_i[0+:AW];
      reg [PW-1:0] wdata;
      integer q;
      always @* begin
        wdata = busy_q ? {PW{1'b0}} : ld_data_i;
        for (q = 0; q < NP; q = q + 1) begin
          wdata = wdata | ({PW{wsel[q]}} & lnk_data_i[q*PW+:PW]);
        end
      end
`endif
      wire re = run || host_re;
      wire [AW-1:0] raddr = run ? rf[0+:AW] : rd_slot_i[0+:AW];
      hc_sched_bank #(
        .DW(PW),
        .DEPTH(DEPTH),
        .AW(AW),
        .BRAM(b < NBRAM ? 1 : 0)
      ) u_bank (
        .clk_i(clk_i),
        .rst_ni(rst_ni),
        .we_i(we),
        .waddr_i(waddr),
        .wdata_i(wdata),
        .re_i(re),
        .raddr_i(raddr),
        .rdata_o(bank_q[b*PW+:PW])
      );
`ifndef SYNTHESIS
      // Simulation only: which words a write or load has filled in this run (from
      // the end of the last run on), and whether the word read last clock was one
      // (and, while running, one the word's read field asked for).
      localparam integer DXW = DEPTH > 1 ? $clog2(DEPTH) : 1;  // a word's index bits
      reg [DEPTH-1:0] filled_q;
      reg             read_filled_q;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          filled_q      <= {DEPTH{1'b0}};
          read_filled_q <= 1'b0;
        end else begin
          if (run_end) filled_q <= {DEPTH{1'b0}};
          else if (we) filled_q[waddr[DXW-1:0]] <= 1'b1;
          if (re) read_filled_q <= filled_q[raddr[DXW-1:0]] && (!run || rf[RF-1]);
        end
      end
      assign rd_bank_hit[b] = read_filled_q;
`else
      assign rd_bank_hit[b] = 1'b1;
      wire unused_rf = rf[RF-1];  // the word's read bit: the simulation checks' only
`endif
    end
  endgenerate

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) rd_bank_q <= {BW{1'b0}};
    else if (!run) rd_bank_q <= rd_slot_i[AW+:BW];
  end

  // Arrivals of the row before: the late forwards' source.
  reg [   NP-1:0] arr_v_q;
  reg [NP*PW-1:0] arr_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) arr_v_q <= {NP{1'b0}};
    else arr_v_q <= busy_q ? lnk_valid_i : {NP{1'b0}};
  end
  always @(posedge clk_i) arr_q <= lnk_data_i;

  // Sends: a bank's read word, a packet arriving now, or one of the row before,
  // as an AND-OR of one-hot selects (NB + 2*NP sources per port).
  localparam integer NS = NB + 2 * NP;
  // The host's read shares the send multiplexers: while the node is not busy,
  // bank b's word goes through the multiplexer of the first port whose SMASK
  // takes bank b (bit p*NB+b of HRD); a bank no port sends from is ORed in on
  // its own. rd_data_o is the OR of those ports' send words (zero but for the
  // one selected): no multiplexer of its own across the banks.
  function [NP*NB-1:0] host_ports;
    input integer unused;
    integer hb, hp;
    reg found;
    begin
      host_ports = {NP * NB{1'b0}};
      for (hb = 0; hb < NB; hb = hb + 1) begin
        found = 1'b0;
        for (hp = 0; hp < NP; hp = hp + 1) begin
          if (!found && SMASK[hp*NS+hb]) begin
            host_ports[hp*NB+hb] = 1'b1;
            found = 1'b1;
          end
        end
      end
    end
  endfunction
  localparam [NP*NB-1:0] HRD = host_ports(0);
  function host_reads;
    input integer hb;
    integer hp;
    begin
      host_reads = 1'b0;
      for (hp = 0; hp < NP; hp = hp + 1) host_reads = host_reads | HRD[hp*NB+hb];
    end
  endfunction
  reg  [   NP-1:0] send_valid;
`ifndef VERILATOR
  reg  [NP*NS-1:0] sel_rom;  // what the word selects
  reg  [NP*NS-1:0] sel_host;  // the host's read, while not busy
  wire [NP*NS-1:0] sel_run = sel_rom & SMASK;
  wire [NP*NS-1:0] sel = (sel_rom | sel_host) & SMASK;
`endif
  reg  [NP*PW-1:0] send_data;
  reg  [   NP-1:0] miss_send;   // port p's send found its link source empty
`ifndef VERILATOR
  reg  [   NB-1:0] miss_write;  // bank b's write found its port empty
`endif
  reg              unwritten;
  reg              bad_kind;
  reg  [   NP-1:0] lv_q;
  reg  [NP*PW-1:0] ld_q;
`ifdef VERILATOR
  // The model Verilator builds of the selects, the sends' words and the checks: by the
  // word's indices, a send reading its one source instead of an AND-OR over all
  // NS of them, which Verilator would evaluate source by source in every
  // evaluation of every node (the 10-cube's network is 1,024 of them). It
  // computes the same function as the AND-OR below (a source SMASK omits sends
  // zero), which synthesis, Icarus and the proofs read; a yosys equivalence
  // proof of the two (test SchedNode.VerilatorModelIsTheAndOr) keeps them one.
  localparam [BW:0] NBL = NB[BW:0];
  reg bad_mask;  // a send from a source SMASK omits
  reg [1:0] kind;
  reg on;
  integer p, s_at, si;
  always @* begin
    send_valid = {NP{1'b0}};
    send_data  = {NP * PW{1'b0}};
    miss_send  = {NP{1'b0}};
    unwritten  = 1'b0;
    bad_kind   = 1'b0;
    bad_mask   = 1'b0;
    s_at       = -1;
    for (p = 0; p < NP; p = p + 1) begin
      on = busy_q && word[p*SF+IW+2];
      kind = word[p*SF+IW+:2];
      si = {{(32 - IW) {1'b0}}, word[p*SF+:IW]};
      send_valid[p] = on;
      if (on) begin
        bad_kind = bad_kind || kind == 2'd3;
        s_at = kind == 2'd0 && si < NB ? si : kind == 2'd1 && si < NP ? NB + si
             : kind == 2'd2 && si < NP ? NB + NP + si : -1;
        if (s_at >= 0 && !SMASK[p*NS+s_at]) bad_mask = 1'b1;
        else if (s_at >= 0) begin
          send_data[p*PW+:PW] = kind == 2'd0 ? bank_q[si*PW+:PW]
                              : kind == 2'd1 ? lnk_data_i[si*PW+:PW] : arr_q[si*PW+:PW];
          if (kind == 2'd0) unwritten = unwritten || !rd_bank_hit[si];
          else if (kind == 2'd1) miss_send[p] = !lnk_valid_i[si];
          else miss_send[p] = !arr_v_q[si];
        end
      end else if (!busy_q && {1'b0, rd_bank_q} < NBL && HRD[p*NB+{{(32 - BW) {1'b0}}, rd_bank_q}]) begin
        send_data[p*PW+:PW] = bank_q[{{(32 - BW) {1'b0}}, rd_bank_q}*PW+:PW];
      end
    end
  end
`else
  wire [NS*PW-1:0] src = {arr_q, lnk_data_i, bank_q};
  wire [   NS-1:0] src_ok = {arr_v_q, lnk_valid_i, rd_bank_hit};
  integer p, q;
  always @* begin
    send_valid = {NP{1'b0}};
    sel_rom    = {NP * NS{1'b0}};
    sel_host   = {NP * NS{1'b0}};
    for (p = 0; p < NP; p = p + 1) begin
      for (q = 0; q < NB; q = q + 1) begin
        if (HRD[p*NB+q] && !busy_q && rd_bank_q == q[BW-1:0]) sel_host[p*NS+q] = 1'b1;
      end
      if (busy_q && word[p*SF+IW+2]) begin
        send_valid[p] = 1'b1;
        for (q = 0; q < NB; q = q + 1) begin
          if (word[p*SF+IW+:2] == 2'd0 && word[p*SF+:IW] == q[IW-1:0]) sel_rom[p*NS+q] = 1'b1;
        end
        for (q = 0; q < NP; q = q + 1) begin
          if (word[p*SF+IW+:2] == 2'd1 && word[p*SF+:IW] == q[IW-1:0]) sel_rom[p*NS+NB+q] = 1'b1;
          if (word[p*SF+IW+:2] == 2'd2 && word[p*SF+:IW] == q[IW-1:0]) sel_rom[p*NS+NB+NP+q] = 1'b1;
        end
      end
    end
  end

  always @* begin
    send_data = {NP * PW{1'b0}};
    for (p = 0; p < NP; p = p + 1) begin
      for (q = 0; q < NS; q = q + 1) begin
        send_data[p*PW+:PW] = send_data[p*PW+:PW] | ({PW{sel[p*NS+q]}} & src[q*PW+:PW]);
      end
    end
  end
`endif

  reg [PW-1:0] rd_word;
  integer k;
  always @* begin
    rd_word = {PW{1'b0}};
    for (k = 0; k < NP; k = k + 1) begin
      if (|HRD[k*NB+:NB]) rd_word = rd_word | send_data[k*PW+:PW];
    end
    for (k = 0; k < NB; k = k + 1) begin
      if (!host_reads(k) && rd_bank_q == k[BW-1:0]) rd_word = rd_word | bank_q[k*PW+:PW];
    end
  end
  assign rd_data_o = rd_word;

`ifndef VERILATOR
  // Expected packets that are not there: a send's source, or a write's port.
  // Kept per sending port and per bank (miss_send, miss_write) so that err_o's
  // registers take them without an OR across the node first.
  always @* begin
    miss_send  = {NP{1'b0}};
    miss_write = {NB{1'b0}};
    unwritten  = 1'b0;
    bad_kind   = 1'b0;
    for (p = 0; p < NP; p = p + 1) begin
      if (busy_q && word[p*SF+IW+2] && word[p*SF+IW+:2] == 2'd3) bad_kind = 1'b1;
      for (q = 0; q < NB; q = q + 1) unwritten = unwritten | (sel_run[p*NS+q] & ~src_ok[q]);
      for (q = 0; q < NP; q = q + 1) begin
        miss_send[p] = miss_send[p] | (sel_run[p*NS+NB+q] & ~src_ok[NB+q]);
        miss_send[p] = miss_send[p] | (sel_run[p*NS+NB+NP+q] & ~src_ok[NB+NP+q]);
      end
    end
    for (p = 0; p < NB; p = p + 1) begin
      if (busy_q && word[WB+p*WF+WF-1]) begin
        for (q = 0; q < NP; q = q + 1) begin
          if (word[WB+p*WF+AW+:PSW] == q[PSW-1:0]) miss_write[p] = miss_write[p] | ~lnk_valid_i[q];
        end
      end
    end
  end
`ifndef SYNTHESIS
  wire bad_mask = (sel_rom & ~SMASK) != {NP * NS{1'b0}};  // a send from a source SMASK omits
`endif
`endif

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) lv_q <= {NP{1'b0}};
    else lv_q <= send_valid;
  end
  // Zero while not busy: the host's read words stay off the links.
  always @(posedge clk_i) ld_q <= busy_q ? send_data : {NP * PW{1'b0}};

  assign lnk_valid_o = lv_q;
  assign lnk_data_o  = ld_q;

  // Half-duplex: both output registers of one channel hold a packet of one step.
  wire [NP-1:0] clash = (HD != 0) ? (lv_q & lnk_valid_i) : {NP{1'b0}};

  // err_o: one sticky bit per sending port, bank and half-duplex channel, ORed
  // after the registers (the same clock as one sticky bit of their OR; the
  // OR across the node then stays off the path into the registers).
  localparam integer NE = 2 * NP + NB;
  reg [NE-1:0] err_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) err_q <= {NE{1'b0}};
    else if (start_i && !busy_q) err_q <= {NE{1'b0}};
    else err_q <= err_q | {clash, miss_write, miss_send};
  end

  assign err_o = |err_q;

  `HC_PARAM(p_ports, NP >= 1 && PSW >= 1 && (NP - 1) >> PSW == 0, "needs NP >= 1, 2^PSW >= NP")
  `HC_PARAM(p_banks, NB >= 1 && BW >= 1 && (NB - 1) >> BW == 0, "needs NB >= 1, 2^BW >= NB")
  `HC_PARAM(p_depth, DEPTH >= 1 && AW >= 1 && (DEPTH - 1) >> AW == 0,
            "needs DEPTH >= 1, 2^AW >= DEPTH")
  `HC_PARAM(p_index, IW >= BW && IW >= PSW, "needs IW >= BW and IW >= PSW")
  `HC_PARAM(p_rows, ROWS >= 2 && RAW >= 1 && ROWS >> RAW == 0, "needs ROWS >= 2, 2^RAW > ROWS")
  `HC_PARAM(p_hd, HD == 0 || HD == 1, "HD is 0 or 1")
  `HC_PARAM(p_nbram, NBRAM >= 0 && NBRAM <= NB, "needs 0 <= NBRAM <= NB")
  `HC_ERR(e_missing, |{miss_write, miss_send}, "a row expected a packet on a link that carried none")
  `HC_ERR(e_hd_clash, |clash, "a half-duplex link driven from both ends")
  `HC_ASSERT(a_unwritten_read, !unwritten,
             "a send of a bank word never written or not read: a packet not held")
  `HC_ASSERT(a_send_kind, !bad_kind, "a send field of kind 3")
  `HC_ASSERT(a_send_mask, !bad_mask, "a send from a source SMASK omits")
`ifdef SYNTHESIS
  // read by the checks only, which synthesis leaves out
`ifdef VERILATOR
  wire unused_checks = ^{run_end, bad_mask};
`else
  wire unused_checks = run_end;
`endif
`endif
endmodule
