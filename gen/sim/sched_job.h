// A schedule-network simulation request as the CLI hands it to the schedule
// harness (tb/sched_harness.cpp): a folder with
//   job.json      this struct, a job file of kind "schedule-network"
//                 (sim/job_file.h): the network description, the collective,
//                 the engine and outputs, and the names of the two files below;
//   schedule.csv  the checked schedule (emit/schedule_csv.h);
//   ports.csv     the port graph (topology/port_graph.h).
// The harness wires, runs and checks from these alone: it never rebuilds the
// schedule or the port graph from a topology's construction.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithm/collective.h"
#include "sim/job_file.h"
#include "topology/network.h"

namespace hypercast {

struct SchedJob {
  NetworkDesc network;  // for the checker's own links and for reports
  CollectiveProblem problem;
  uint32_t steps = 0;
  // The nodes run each step as this many clocks (algorithm/step_clocks.h); the
  // schedule CSV keeps the steps. Optional key, 1 when absent.
  uint32_t clocks_per_step = 1;
  std::string schedule_csv = "schedule.csv";  // relative to the job folder
  std::string ports_csv = "ports.csv";
  std::string engine = "cosim";   // systemc | verilator | cosim
  std::string rtl_model;          // network | wired (RTL engines)
  std::string rom_dir;            // the emitted network (ROM images), for the RTL
  std::vector<std::string> roms;  // ROM image of node x, relative to rom_dir
  int rom_word_bits = 0;
  int payload_width = 32;
  uint64_t seed = 1;
  std::string trace;  // CSV trace, "" for none
  std::string wave;   // FST waveform, "" for none
  bool json = false;
  int64_t repeat = 1;
  bool quiet = false;  // no progress on stderr (simulate --quiet); optional key
  // Lower bound on steps and transmissions, when one is known.
  bool bound_known = false;
  uint64_t bound_steps = 0, bound_transmissions = 0;
  // Which construction built the schedule ("paper", "extension", "bfs"), and
  // whether it claims group store-and-forward (checker/schedule_checker.h).
  std::string construction = "paper";
  bool group_store_and_forward = false;
  LinkMode links = LinkMode::kFullDuplex;  // the model's and the checker's link rule
};

std::string serializeSchedJob(const SchedJob& job);
SchedJob parseSchedJob(const std::string& text);  // throws Error naming the key
SchedJob parseSchedJob(const JobFile& file);      // a schedule-network job, else Error

// The description as JSON text and back (also used in manifests and reports).
std::string networkDescJson(const NetworkDesc& net);
NetworkDesc networkDescFromJson(const std::string& text);  // throws Error

}  // namespace hypercast
