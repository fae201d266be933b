// What a simulation run found, and its two renderings: the text report of
// `hypercast simulate` and the JSON summary of `--json`.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace hypercast {
namespace tb {

struct Divergence {
  bool found = false;
  int64_t cycle = 0;
  uint64_t node = 0;
  std::string port;  // "lane P" or "inject"
  std::string expected;
  std::string actual;
};

struct SimOutcome {
  std::string engine;
  std::string rtl_model;
  uint64_t nodes = 0;
  int degree = 0;
  int diameter = 0;
  uint64_t broadcasts = 0;
  uint64_t reached = 0;  // nodes holding every broadcast at the end
  uint64_t deliveries = 0;
  uint64_t expected_deliveries = 0;
  uint64_t redundant = 0;
  uint64_t missing = 0;
  uint64_t transmissions = 0;
  int steps = 0;
  int64_t completion_cycles = -1;  // last link crossing - first injection
  int64_t cycles = 0;
  bool watchdog = false;
  int64_t watchdog_limit = 0;
  // Why the run ended: "completed", "watchdog", "divergence", "max_cycles" (the
  // user's --max-cycles), "cycle_limit" (the budget derived from the workload),
  // "axis_error" (a wrong m_axis transfer).
  std::string stopped_by = "completed";
  int64_t max_cycles = 0;
  bool checker_ok = false;
  std::vector<std::string> checker_errors;
  bool cosim = false;
  int64_t cycles_compared = 0;
  Divergence divergence;
  double seconds = 0;
  bool pass = false;

  // Load figures (every run; traffic runs add throughput).
  bool load = false;
  std::string traffic;
  double offered_rate = 0;          // broadcasts per node per cycle
  uint64_t offered_broadcasts = 0;  // generated
  double throughput = 0;            // accepted broadcasts per node per cycle
  double latency_mean = -1;         // generation to last node reached, cycles
  int64_t latency_p99 = -1;
  int64_t latency_max = -1;
  double network_latency_mean = -1;  // acceptance to last node reached
  std::string arbitration = "rr";
  int hop_cycles = 1;              // --hop-cycles: cycles per hop of the routers
  int64_t max_output_wait = 0;     // longest a forwarded flit waited for its output
  int64_t max_injection_wait = 0;  // longest an origin offered before every output took it
  // --arbitration fair: the bounds on those two waits (gen/algorithm/wait_bound.h);
  // negative with round robin, which has none.
  double wait_bound_flit = -1;
  double wait_bound_injection = -1;
  double link_bound_rate = 0;        // degree / (N-1): saturation if links were evenly used
  double routing_bound_rate = 0;     // 1 / busiest port's flits per broadcast
  int64_t lower_bound_cycles = 0;    // all nodes at once: ceil((N-1)/degree), Table 1 generalized
  int64_t routing_bound_cycles = 0;  // all nodes at once: busiest port's flits

  // AXI4-Stream endpoints (simulate --endpoints axis): the tready pattern, the
  // broadcasts that left an m_axis (expected: accepted x (N-1)), the first
  // wrong one. Empty endpoints: the plain top.
  std::string endpoints;
  std::string tready;
  uint64_t axis_deliveries = 0;
  uint64_t axis_expected = 0;
  std::string axis_error;
  // A run that completed with flits still in the model's routers, drain cycles
  // after its last delivery (a flit stuck or sent twice): the first node's.
  std::string left_in_network;

  double nodeCyclesPerSecond() const;
};

void printJson(std::ostream& os, const SimOutcome& o);
void printText(std::ostream& os, const SimOutcome& o);

}  // namespace tb
}  // namespace hypercast
