// The jobs of the combining collectives' co-simulation harnesses
// (tb/sum_cosim.cpp, tb/acc_cosim.cpp): job files of kind "global-sum" and
// "accumulation" (sim/job_file.h, docs/file-formats.md "Job file"), written by
// `hypercast simulate --collective global-sum|accumulation` from the same
// network, program and ROM images the RTL was emitted from.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "algorithm/combining_collectives.h"
#include "emit/sum_rtl.h"
#include "sim/job_file.h"
#include "topology/network.h"
#include "topology/port_graph.h"

namespace hypercast {

// What both harnesses take besides the network: the random inputs' seed, how
// many runs (the first two on the extreme inputs) and the report's form.
struct CosimRuns {
  uint64_t seed = 1;
  int64_t runs = 1;
  bool json = false;
};

struct GlobalSumJob {
  uint64_t nodes = 0;
  int ports = 0;       // input ports per node
  int input_bits = 0;  // XW, each node's input x
  int width = 0;       // W, the accumulator
  int64_t divisor = 1;
  bool half_duplex = false;        // a step is two clocks; node x drives in phase[x]
  std::vector<int64_t> constants;  // c_t, one per step
  std::vector<bool> uses_input;    // per step: c_t multiplies x (true) or the value v
  std::vector<int> phase;          // per node: 0 or 1 (all 0 on full-duplex links)
  std::vector<std::vector<uint64_t>> in_neighbours;  // [x][q]: the node driving x's port q
  CosimRuns run;
};

struct AccumulationJob {
  uint64_t nodes = 0;
  int ports = 0;
  int width = 0;       // W, a partial sum
  int input_bits = 0;  // XW, each value x_{u->v}
  uint32_t steps = 0;
  bool half_duplex = false;
  // images[i][t][k]: ROM image i's row t, port k: {entry sent, entry filed}, -1 for none.
  std::vector<std::vector<std::vector<std::pair<int, int>>>> images;
  std::vector<uint32_t> image_of;              // node x runs image image_of[x]
  std::vector<std::vector<uint64_t>> lanes;    // [x][q]: the lane (node * ports + port) into q
  std::vector<std::vector<uint64_t>> targets;  // [u][c]: u - c, the target of entry c at u
  CosimRuns run;
};

GlobalSumJob globalSumJob(const PortGraph& g, const GlobalSumProgram& p,
                          const SumNodeParams& params, const std::vector<uint8_t>& phase);
AccumulationJob accumulationJob(const NetworkDesc& net, const PortGraph& g,
                                const AccumulationSchedule& s, const AccRtl& rtl, int input_bits);

std::string serializeGlobalSumJob(const GlobalSumJob& job);
GlobalSumJob parseGlobalSumJob(const std::string& text);  // throws Error naming the key
GlobalSumJob parseGlobalSumJob(const JobFile& file);      // a global-sum job, else Error
std::string serializeAccumulationJob(const AccumulationJob& job);
AccumulationJob parseAccumulationJob(const std::string& text);
AccumulationJob parseAccumulationJob(const JobFile& file);  // an accumulation job, else Error

}  // namespace hypercast
