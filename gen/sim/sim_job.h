// A simulation request as the CLI hands it to a simulation harness (tb/): the
// network, the RTL options and the broadcasts to run. Text format, one item per
// line ("key value..."), documented in docs/file-formats.md "Simulation job file".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "emit/rtl_layout.h"

namespace hypercast {

struct BroadcastRequest {
  uint64_t origin = 0;
  int64_t start_cycle = 0;  // first cycle the origin offers it for injection
  uint64_t payload = 0;     // unique among the origin's broadcasts
};

struct SimJob {
  std::vector<int> m;              // paper order m_r..m_1
  std::vector<int> rho;            // paper order rho_r..rho_1
  RtlOptions rtl;                  // payload, buffers, preference, router kind and limits
  std::string engine = "systemc";  // systemc | verilator | cosim
  std::string rtl_model;           // network | routers (informational, for reports)
  std::string trace_path;          // CSV trace, empty for none
  std::string format = "text";     // text | json
  int64_t max_cycles = 0;          // 0: derived from the workload
  int64_t watchdog = 1000;         // cycles without progress before failing
  // Load runs: origins stop offering broadcasts from this cycle on (0: never);
  // what was not accepted by then is not part of the run. Traffic name for reports.
  int64_t inject_until = 0;
  std::string traffic;
  double rate = 0;        // offered broadcasts per node per cycle (informational)
  std::string wave_path;  // FST waveform of the Verilated RTL, empty for none
  bool quiet = false;     // no progress on stderr (simulate --quiet)
  std::vector<BroadcastRequest> broadcasts;
};

std::string serializeJob(const SimJob& job);
SimJob parseJob(const std::string& text);  // throws Error

}  // namespace hypercast
