// A wormhole mesh broadcast simulation request, as `hypercast simulate` hands
// it to the mesh harness (tb/mesh_harness.cpp): a job file of kind
// "wormhole-mesh" (sim/job_file.h) with the mesh, the
// checked schedule (its messages per step), the hardware's parameters, the
// engine and the outputs. The harness wires, runs and checks from it alone.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithm/wormhole_schedule.h"
#include "sim/job_file.h"

namespace hypercast {

struct MeshJob {
  std::vector<int> extents;
  WormholeSchedule schedule;
  int flits = 1;
  int depth = 4;
  int heads_width = 16;
  int payload_width = 32;
  uint64_t seed = 1;
  std::string engine = "cosim";   // systemc | verilator | cosim
  std::string rtl_model;          // network | wired (RTL engines)
  std::string rom_dir;            // where the whole top's $readmemh paths start
  std::vector<std::string> roms;  // node x's ROM image (tiles model), absolute
  int rom_word_bits = 0;
  int coord_width = 1;
  int step_width = 1;
  int flit_count_width = 8;
  std::string trace;  // CSV, "" for none
  std::string wave;   // FST, "" for none
  bool json = false;
  bool quiet = false;  // no progress on stderr (simulate --quiet); optional key
};

std::string serializeMeshJob(const MeshJob& job);
MeshJob parseMeshJob(const std::string& text);  // throws Error naming the key
MeshJob parseMeshJob(const JobFile& file);      // a wormhole-mesh job, else Error

}  // namespace hypercast
