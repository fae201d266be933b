// A router-network simulation request as `hypercast simulate` hands it to the
// harness (tb/router_harness.cpp): the network, the RTL options and the
// broadcasts to run. A job file of kind "router-network" (sim/job_file.h,
// docs/file-formats.md "Job file").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "emit/rtl_layout.h"
#include "sim/job_file.h"

namespace hypercast {

struct BroadcastRequest {
  uint64_t origin = 0;
  int64_t start_cycle = 0;  // first cycle the origin offers it for injection
  uint64_t payload = 0;     // unique among the origin's broadcasts
};

// When the m_axis sinks of an AXI4-Stream run (--endpoints axis) are ready:
// --tready, a comma-separated list of
//   always              every sink ready every cycle (the default)
//   random:D[:SEED]     each sink ready in a cycle with probability D percent
//                       (0..100), drawn per node and cycle from SEED (default 1)
//   stall:X:FROM:LEN    node X's sink not ready in cycles FROM..FROM+LEN-1
//   all:FROM:LEN        no sink ready in cycles FROM..FROM+LEN-1
// A stall holds tready low whatever the other terms say.
struct TreadyPattern {
  struct Stall {
    int64_t node = -1;  // -1: every node
    int64_t from = 0;
    int64_t len = 0;
  };
  int duty = 100;  // percent
  uint64_t seed = 1;
  std::vector<Stall> stalls;

  bool ready(uint64_t node, int64_t cycle) const;
  // The last cycle a stall covers, plus one (0: none).
  int64_t stallEnd() const;
};
// Throws Error naming the term; nodes: the network's, for stall:X.
TreadyPattern parseTready(const std::string& text, uint64_t nodes);

struct SimJob {
  std::vector<int> m;              // paper order m_r..m_1
  std::vector<int> rho;            // paper order rho_r..rho_1
  RtlOptions rtl;                  // payload, buffers, preference, router kind and limits
  std::string engine = "systemc";  // systemc | verilator | cosim
  std::string rtl_model;           // network | wired (informational, for reports)
  std::string trace_path;          // CSV trace, empty for none
  bool json = false;               // the report as one JSON document (simulate --json)
  int64_t max_cycles = 0;          // 0: derived from the workload
  int64_t watchdog = 1000;         // cycles without progress before failing
  // Load runs: origins stop offering broadcasts from this cycle on (0: never);
  // what was not accepted by then is not part of the run. Traffic name for reports.
  int64_t inject_until = 0;
  std::string traffic;
  double rate = 0;        // offered broadcasts per node per cycle (informational)
  std::string wave_path;  // FST waveform of the Verilated RTL, empty for none
  bool quiet = false;     // no progress on stderr (simulate --quiet)
  // native: the routers' delivery lanes always accept; axis: an AXI4-Stream
  // endpoint per node (<name>_axis_top), its m_axis_tready following `tready`.
  std::string endpoints = "native";
  std::string tready = "always";  // TreadyPattern's text
  std::vector<BroadcastRequest> broadcasts;
};

std::string serializeJob(const SimJob& job);
SimJob parseJob(const std::string& text);  // throws Error naming the key
SimJob parseJob(const JobFile& file);      // a router-network job, else Error

}  // namespace hypercast
