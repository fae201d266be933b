// Emits the wormhole mesh that runs one mesh broadcast (Cang & Wu): N tiles
// (hw/hc_mesh_tile.v: an hc_mesh_router and an hc_mesh_node), one ROM per node
// (hw/hc_sched_rom.v), the step barrier and the link-use counter sum in the
// generated top, manifest.json and a FuseSoC core. Before emitting, the
// channel-dependency graph of the routers' dimension-ordered routing on this
// mesh is built and checked acyclic (topology/mesh_cdg.h).
// Formats: docs/file-formats.md "Mesh node ROM format", docs/hardware.md
// "Wormhole mesh".
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "algorithm/wormhole_schedule.h"
#include "emit/output_dir.h"
#include "emit/tool_files.h"
#include "topology/network.h"

namespace hypercast {

// One ROM row: the node's part in one step.
struct MeshRomRow {
  bool recv = false;  // a message arrives in this step
  bool send = false;  // send to `dst`
  uint32_t dst = 0;   // node number = packed coordinates (sides are powers of two)
};
// [node][step]; throws Error if a node sends or receives twice in one step.
std::vector<std::vector<MeshRomRow>> meshRomRows(const WormholeSchedule& s, uint64_t nodes);
// $readmemh word: {recv, send, dst[aw]} in ceil((aw+2)/4) hex digits.
std::string encodeMeshRomRow(const MeshRomRow& r, int aw);

struct MeshRtlOptions {
  int flits = 1;                       // flits per message, 1..255
  int payload_width = 32;              // 1..64
  int depth = 4;                       // flits per router input FIFO
  int heads_width = 16;                // bits per link-use counter
  int target_mhz = kDefaultTargetMhz;  // the clock of the SDC file <name>.sdc
  std::string name;  // the folder's name (emit/design_name.h); empty: mesh_<dims>_wh_s<source>
};

struct MeshRtl {
  std::string name;                        // e.g. "mesh_4x4_wh_s5" (or --name)
  std::string top_module;                  // name + "_top"
  std::vector<std::string> verilog_files;  // compile order
  std::vector<std::string> roms;           // node x's image
  FileSet files;
  int dims = 2, coord_width = 1, addr_width = 1;  // AW = dims * coord_width
  int step_width = 1, steps = 1, flit_width = 1, rom_word_bits = 1, sum_width = 1;
  int flit_count_width = 8;  // LW
  MeshRtlOptions options;
  std::vector<std::vector<MeshRomRow>> rom;  // [node][step]
  uint64_t cdg_channels = 0, cdg_edges = 0;
  // hc_mesh_tile's parameters (the wired-tile model Verilates one tile).
  std::vector<std::pair<std::string, int>> tileParameters() const;
};

// Throws Error unless the mesh has equal power-of-two sides; throws
// std::logic_error if the routing's channel-dependency graph had a cycle.
MeshRtl emitMeshNetwork(const NetworkDesc& net, const WormholeSchedule& s, const MeshRtlOptions& o);

}  // namespace hypercast
