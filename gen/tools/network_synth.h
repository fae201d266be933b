// `synth` of a generated network of nodes (schedule-ROM nodes, wormhole mesh
// tiles, combining nodes): whatever top the emitter wrote, its largest node
// alone and the whole network, through yosys synth_ice40 and nextpnr-ice40.
//
// Nothing here knows a node's modules. The top is synthesized with its
// hierarchy kept (each module on its own, as the emitter wrote it); a node is
// the set of the top's module instances whose names end in the same number x
// (u_n5 and u_rom5, u_t5, n5: node 5), its figures the sum of those instances'
// cells, submodules included. The largest node (most LUT4s, then flip-flops,
// then block RAMs; the lowest number on a tie) is cut out of the synthesized
// top (yosys submod: its ports are the wires it shares with the rest, one bit
// each) and placed and routed alone inside a pin-limited wrapper
// (emit/synth_wrapper.h) over the seeds; the whole network, when its cells
// leave it a chance to fit an HX8K, is synthesized again from its sources,
// flattened (each node's ROM contents then simplify its logic, as on a device),
// and placed and routed in its own wrapper.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "emit/output_dir.h"
#include "tools/nextpnr.h"
#include "tools/synth_params.h"
#include "tools/synth_report.h"
#include "tools/yosys_synth.h"

namespace hypercast {
namespace tools {

// What a flow's synth step hands over: the emitted network as `generate` writes it.
struct NetworkDesign {
  std::string kind;   // the flow's name: "schedule-network", "wormhole-mesh", ...
  std::string title;  // one line: the network and what runs on it
  std::string top;    // the top module
  FileSet files;      // every file the emitter wrote (RTL, hw/ modules, ROM images)
  std::vector<std::string> verilog_files;  // compile order, relative paths
  uint64_t nodes = 0;
  nlohmann::ordered_json facts;  // the JSON report's keys after "kind" (topology, network, ...)
  // The yosys command that maps the network's sources to iCE40 cells: the kind's
  // measured choice, kIce40Synth or kIce40SynthAbc9 (tools/yosys_synth.h).
  std::string ice40_synth = kIce40Synth;
  // What may make the whole network fit, said when it does not fit one HX8K
  // (or is not tried); "" for none.
  std::string fit_hint;
};

// iCE40 cell counts (synth_ice40), -1 when not measured.
struct Ice40Cells {
  long long luts = -1, ffs = -1, carries = -1, brams = -1, cells = -1;
};

struct NetworkFigures {
  uint64_t node = 0;                   // the node synthesized alone: the largest
  std::vector<std::string> instances;  // its instances in the top
  uint64_t nodes_like_it = 0;          // nodes with the same four counts
  Ice40Cells node_cells;               // the node, submodules included
  Ice40Cells network_cells;            // the whole top
  long long network_lcs = 0;           // estimate: max(LUT4, flip-flops) of the whole top
  bool network_tried = false;          // placed and routed too
  Ice40Cells network_flat;             // what was placed: the top flattened, with its wrapper
  SeedSweep node_pnr;                  // the node in its I/O wrapper, over the seeds
  PnrResult network_pnr;               // the whole top in its I/O wrapper
};

// Refuses a missing yosys (or nextpnr-ice40 with p.pnr) and an out folder that
// cannot take the report before any work; writes d's files into
// <out>.work-<pid> (removed on an error or an interrupt), synthesizes, writes
// synth_report.md and synth_report.json into p.out and moves the work folder
// to <out>/work. Each tool run is announced on `progress` (nullptr: silent).
SynthReport synthesizeNetwork(const NetworkDesign& d, const SynthParams& p, std::ostream* progress);

// --- the pieces, for tests ---

// A yosys `stat` (hierarchy kept) as the cells of each module: module -> cell
// type -> count, submodule instances listed by their module's name.
using ModuleCells =
    std::vector<std::pair<std::string, std::vector<std::pair<std::string, long long>>>>;
ModuleCells parseHierarchyStat(const std::string& stat);
// `module`'s cells with its submodules' expanded, as iCE40 counts.
Ice40Cells flatCells(const ModuleCells& modules, const std::string& module);
// The node number of a top instance name ("u_rom12" -> 12), -1 if it ends in no number.
long long instanceNode(const std::string& name);
// synth_report.json's object (docs/schemas/synth-nodes-report.schema.json); `secs` the tools' time.
nlohmann::ordered_json networkReportJson(const NetworkDesign& d, const SynthParams& p,
                                         const NetworkFigures& f, double secs);

}  // namespace tools
}  // namespace hypercast
