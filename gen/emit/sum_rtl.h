// The global sum's network in RTL (Faber, paper 003, Sec. 5): one hc_sum_node
// per node of a Cayley graph, input port p of node x wired to the node that
// drives it (topology/port_graph.h), every node with the same program (the
// constants c_t and operands of algorithm/combining_collectives.h) as
// parameters. Widths:
//   XW  the inputs' bits (two's complement);
//   SW  = XW + ceil(log2 P): any sum of P inputs;
//   W   the accumulator: the fewest bits holding every intermediate's bound
//       (globalSumWidth: B_t = d B_(t-1) + |c_t| B_(x or t-1)), and at least
//       SW + ceil(log2 DIV) so the end-of-run exactness test is exact;
//   CW  the fewest bits holding every c_t.
// The division by DIV = ODD * 2^SHIFT is a shift and a multiply by
// INV = ODD^-1 mod 2^W.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "algorithm/combining_collectives.h"
#include "emit/output_dir.h"  // FileSet
#include "topology/network.h"
#include "topology/port_graph.h"

namespace hypercast {

struct SumNodeParams {
  int xw = 0, w = 0, sw = 0, cw = 0, tw = 0, shift = 0;
  uint64_t odd = 1, inv = 1;  // inv: odd^-1 mod 2^w
};

// Throws Error when W would exceed 62 bits.
SumNodeParams sumNodeParams(const GlobalSumProgram& p, int input_bits);

struct SumRtl {
  std::string top_module;  // "<net.name>_gsum", or --name
  SumNodeParams params;
  // "rtl/<top>.v" and "hw/hc_sum_node.v"
  std::map<std::string, std::string> files;
  std::vector<std::string> verilog_files;  // compile order: the node, then the top
  // manifest.json's keys but "verilog_files" and "files" (combiningFolder adds them): the network,
  // the program (steps, clocks, divisor, constants), the widths and the top.
  nlohmann::ordered_json manifest;
};

// Top ports: clk_i, rst_ni, start_i, x_i[P*XW] (node x at [x*XW +: XW]),
// busy_o, done_o (all nodes), err_o (any node), sum_o[P*W], val_o[P*W] (every
// node's value, for co-simulation).
// `phase` empty: full-duplex links, one step per clock. Otherwise half-duplex
// links (hc_sum_node HD = 1, two clocks per step): node x drives in phase
// phase[x] (globalSumPhases; a test may give wrong ones to make err_o fire).
// `name`: the top's name (emit/design_name.h); empty: <net.name>_gsum (_gsum_hd).
SumRtl emitGlobalSumNetwork(const NetworkDesc& net, const PortGraph& g, const GlobalSumProgram& p,
                            int input_bits, const std::vector<uint8_t>& phase = {});
// The same with the widths given (a test narrows W to make err_o fire).
SumRtl emitGlobalSumNetwork(const NetworkDesc& net, const PortGraph& g, const GlobalSumProgram& p,
                            const SumNodeParams& params, const std::vector<uint8_t>& phase = {},
                            const std::string& name = {});

// The accumulation's ROMs: every node's rows from the schedule's transfers
// (entry c = node - target), grouped into distinct images. A translation-
// invariant schedule has one image; the half-duplex hypercube's two (the
// parities of Thm 6.3's classes).
struct AccRoms {
  // images[i][t * NP + k]: port k in step t + 1, (send entry + 1 or 0,
  // receive entry + 1 or 0).
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> images;
  std::vector<uint32_t> image_of;  // per node
};
AccRoms accumulationRoms(const NetworkDesc& net, const PortGraph& g, const AccumulationSchedule& s);

// The accumulation's network (hw/hc_acc_node.v): one ROM parameter table per
// image above, shared by the nodes of that image; with s.links half-duplex the
// nodes are HD = 1 (needs every generator its own inverse: output k and input
// k are then one link). W = input_bits + ceil(log2 P): any sum of P inputs.
// Top ports: clk_i, rst_ni, start_i, ld_valid_i, ld_idx_i[AW] (every node
// loads its entry ld_idx_i in the same cycle), ld_data_i[P*W], busy_o, done_o,
// err_o, sum_o[P*W], vld_o[P*NP] and val_o[P*NP*W] (every output port, node x
// port k at lane x NP + k, for co-simulation).
struct AccRtl {
  std::string top_module;  // "<net.name>_acc" ("_acc_hd" on half-duplex links), or --name
  int w = 0, aw = 0;
  AccRoms roms;
  std::map<std::string, std::string> files;  // "rtl/<top>.v", "hw/hc_acc_node.v"
  std::vector<std::string> verilog_files;    // compile order: the node, then the top
  // manifest.json's keys but "verilog_files" and "files" (combiningFolder adds them): the network,
  // the schedule (steps, clocks, construction), the widths, the ROM images and the top.
  nlohmann::ordered_json manifest;
};
// `name`: the top's name (emit/design_name.h); empty: <net.name>_acc (_acc_hd).
AccRtl emitAccumulationNetwork(const NetworkDesc& net, const PortGraph& g,
                               const AccumulationSchedule& s, int input_bits,
                               const std::string& name = {});

// The folder `generate` writes for either network: `files` (SumRtl's or
// AccRtl's Verilog) with <top>.sdc for a `target_mhz` clock and <top>.f
// (`verilog_files` in their order: emit/tool_files.h), the FuseSoC core
// <top>.core, and manifest.json: `manifest` (SumRtl's or AccRtl's, whose
// "top" and "collective" name the core and its description) with
// "verilog_files" (the .f's list) and "files" (every file of the folder, in the
// order the other kinds list theirs), pretty-printed.
struct CombiningFolder {
  FileSet files;
  nlohmann::ordered_json manifest;  // manifest.json's keys
};
CombiningFolder combiningFolder(FileSet files, const std::vector<std::string>& verilog_files,
                                nlohmann::ordered_json manifest, int target_mhz);

}  // namespace hypercast
