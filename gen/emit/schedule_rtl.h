// Emits a network of schedule-driven nodes (hw/hc_sched_node.v) that runs one
// collective's schedule: per node a ROM image, the whole-network top, the slot
// map, manifest.json and a FuseSoC core. Formats: docs/file-formats.md "Schedule ROM format".
#pragma once

#include <string>
#include <vector>

#include "algorithm/collective.h"
#include "emit/output_dir.h"
#include "emit/schedule_program.h"
#include "topology/network.h"
#include "topology/port_graph.h"

namespace hypercast {

struct ScheduleRtl {
  std::string name;                        // e.g. "cube4_te", "torus_n2_k5_bcast_s0"
  std::string top_module;                  // name + "_top"
  std::vector<std::string> verilog_files;  // compile order, relative to the out folder
  std::vector<std::string> roms;           // node x's ROM image, relative to the out folder
  FileSet files;
  NetworkProgram program;
  int payload_width = 32;
  int addr_width = 1;        // bits of ld_node_i / rd_node_i
  bool shared_rom = false;   // one ROM drives every node (roms lists it N times)
  bool half_duplex = false;  // nodes with HD = 1 (half-duplex links)
};

// "cube4_mnb", "cube3_scatter_s5", "mesh_3x4_bcast_s0", ...
std::string scheduleNetworkName(const NetworkDesc& net, const Schedule& s);

// The top wires input p of node x from the output that drives it (g.drivenBy);
// an absent port's input is tied to zero and its output left open. A half-
// duplex schedule (Schedule::links) gets nodes with HD = 1, whose output p and
// input p form one channel: every generator must be its own inverse (throws
// Error otherwise).
// `shared_rom`: every node reads one ROM (one hc_sched_rom, its word fanned out
// to all nodes, addressed by node 0: all nodes start together and step in
// lockstep). Needs a translation-invariant schedule, whose nodes all compile to
// the same program (NetworkProgram::identicalRoms); throws Error otherwise.
ScheduleRtl emitScheduleNetwork(const NetworkDesc& net, const PortGraph& g, const Schedule& s,
                                int payload_width, bool shared_rom = false);

// The parameters of hc_sched_node when every node gets the largest store (the
// wired-node model Verilates the node once with these and wires N copies).
std::vector<std::pair<std::string, int>> uniformNodeParameters(const ScheduleRtl& r, int ports);

}  // namespace hypercast
