// Emits a network of schedule-driven nodes (hw/hc_sched_node.v) that runs one
// collective's schedule: per node a ROM image, the whole-network top, the slot
// map, manifest.json and a FuseSoC core. Formats: README "Schedule ROM format".
#pragma once

#include <string>
#include <vector>

#include "algorithm/collective.h"
#include "emit/output_dir.h"
#include "emit/schedule_program.h"
#include "topology/hypercube.h"

namespace hypercast {

struct ScheduleRtl {
  std::string name;                        // e.g. "cube4_te"
  std::string top_module;                  // name + "_top"
  std::vector<std::string> verilog_files;  // compile order, relative to the out folder
  FileSet files;
  NetworkProgram program;
  int payload_width = 32;
  int addr_width = 1;  // bits of ld_node_i / rd_node_i
};

// "cube4_mnb", "cube3_scatter_s5", ...
std::string scheduleNetworkName(const Hypercube& cube, const Schedule& s);

ScheduleRtl emitScheduleNetwork(const Hypercube& cube, const Schedule& s, int payload_width);

}  // namespace hypercast
