#include "tb/sim_report.h"

#include <nlohmann/json.hpp>

#include "util/report_json.h"

namespace hypercast {
namespace tb {

double SimOutcome::nodeCyclesPerSecond() const {
  return seconds > 0 ? static_cast<double>(nodes) * static_cast<double>(cycles) / seconds : 0;
}

void printJson(std::ostream& os, const SimOutcome& o) {
  // The run's parameters and outcome at the top; what it measured or computed
  // under "figures". The keys a schedule network's run shares
  // (tb/sched_harness.cpp): engine, rtl_model, watchdog, checker,
  // checker_errors, match, first_divergence, verdict; figures nodes, steps,
  // transmissions, cycles, cycles_compared, seconds, node_cycles_per_second.
  nlohmann::ordered_json j, f;
  j["engine"] = o.engine;
  j["rtl_model"] = nameOrNull(o.rtl_model);  // null: the SystemC model alone
  j["topology"] = "hypercycle";
  f["nodes"] = o.nodes;  // the network's facts are figures, as info's
  f["degree"] = o.degree;
  f["diameter"] = o.diameter;
  j["arbitration"] = o.arbitration;
  j["hop_cycles"] = o.hop_cycles;
  if (o.load) {
    j["traffic"] = o.traffic;
    j["offered_rate"] = o.offered_rate;
  }
  if (!o.endpoints.empty()) {
    j["endpoints"] = o.endpoints;
    j["tready"] = o.tready;
    if (!o.axis_error.empty()) j["axis_error"] = o.axis_error;
  }
  j["watchdog"] = o.watchdog;
  j["stopped_by"] = o.stopped_by;
  if (!o.left_in_network.empty()) j["left_in_network"] = o.left_in_network;
  // After a divergence the trace is cut short: the checker is not run on it
  // (as in the schedule harness).
  j["checker"] = o.divergence.found ? "not run" : o.checker_ok ? "pass" : "fail";
  j["checker_errors"] = o.divergence.found ? std::vector<std::string>{} : o.checker_errors;
  if (o.cosim) {
    j["match"] = !o.divergence.found;
    if (o.divergence.found) {
      const Divergence& d = o.divergence;
      j["first_divergence"] = {{"cycle", d.cycle},
                               {"node", d.node},
                               {"port", d.port},
                               {"expected", d.expected},
                               {"actual", d.actual}};
    }
  }
  f["broadcasts"] = o.broadcasts;
  f["reached"] = o.reached;
  f["deliveries"] = o.deliveries;
  f["expected_deliveries"] = o.expected_deliveries;
  if (!o.endpoints.empty()) {
    f["axis_deliveries"] = o.axis_deliveries;
    f["axis_expected_deliveries"] = o.axis_expected;
  }
  f["redundant"] = o.redundant;
  f["missing"] = o.missing;
  f["transmissions"] = o.transmissions;
  f["steps"] = o.steps;
  f["completion_cycles"] = measured(o.completion_cycles);
  f["cycles"] = o.cycles;
  if (o.cosim) f["cycles_compared"] = o.cycles_compared;
  f["offered_broadcasts"] = o.offered_broadcasts;
  f["latency_mean"] = measured(o.latency_mean);
  f["latency_p99"] = measured(o.latency_p99);
  f["latency_max"] = measured(o.latency_max);
  f["network_latency_mean"] = measured(o.network_latency_mean);
  f["max_output_wait"] = o.max_output_wait;
  f["max_injection_wait"] = o.max_injection_wait;
  if (o.wait_bound_flit >= 0) {
    f["wait_bound_flit"] = o.wait_bound_flit;
    f["wait_bound_injection"] = o.wait_bound_injection;
  } else {
    f["wait_bound_flit"] = nullptr;
    f["wait_bound_injection"] = nullptr;
  }
  if (!o.load && o.broadcasts == o.nodes && o.nodes > 1) {
    // All nodes at once: the bounds of that workload only.
    f["lower_bound_cycles"] = o.lower_bound_cycles;
    f["routing_bound_cycles"] = o.routing_bound_cycles;
  }
  f["link_bound_rate"] = o.link_bound_rate;
  f["routing_bound_rate"] = o.routing_bound_rate;
  if (o.load) f["throughput"] = o.throughput;
  f["seconds"] = o.seconds;
  f["node_cycles_per_second"] = static_cast<uint64_t>(o.nodeCyclesPerSecond());
  j["verdict"] = o.pass ? "PASS" : "FAIL";
  j["figures"] = f;
  os << j.dump(2) << "\n";
}

void printText(std::ostream& os, const SimOutcome& o) {
  const std::string rtl = "Verilated RTL (" + o.rtl_model + ")";
  const std::string what = o.engine == "cosim"       ? rtl + " vs SystemC model, lock step"
                           : o.engine == "verilator" ? rtl
                                                     : "SystemC transaction model";
  os << "engine           " << o.engine << " (" << what << ")\n"
     << "broadcasts       " << o.broadcasts << "\n"
     << "nodes reached    " << o.reached << " / " << o.nodes << " (every broadcast)\n"
     << "deliveries       " << o.deliveries << " (expected " << o.expected_deliveries << ")\n"
     << "redundant        " << o.redundant << "\n";
  if (!o.endpoints.empty()) {
    os << "endpoints        " << o.endpoints << ", tready " << o.tready << ": " << o.axis_deliveries
       << " m_axis transfers (expected " << o.axis_expected << ")\n";
    if (!o.axis_error.empty()) os << "m_axis error     " << o.axis_error << "\n";
  }
  if (!o.left_in_network.empty()) os << "left in network  " << o.left_in_network << "\n";
  os << "transmissions    " << o.transmissions
     << " (N-1 per broadcast: " << o.broadcasts * (o.nodes - 1) << ")\n"
     << "steps            " << o.steps << " (diameter " << o.diameter << ")\n";
  if (o.completion_cycles < 0) {
    os << "completion       none (no broadcast crossed a link)\n";
  } else {
    os << "completion       " << o.completion_cycles << " cycles after the first injection ("
       << o.hop_cycles << (o.hop_cycles == 1 ? " cycle" : " cycles") << " per hop)\n";
  }
  if (o.load) {
    os << "traffic          " << o.traffic << ", offered " << o.offered_rate
       << " broadcasts/node/cycle (" << o.offered_broadcasts << " generated)\n"
       << "throughput       " << o.throughput
       << " accepted broadcasts/node/cycle (saturation: " << o.routing_bound_rate
       << " by the busiest port, " << o.link_bound_rate << " if links were evenly used)\n";
  } else if (o.broadcasts == o.nodes && o.nodes > 1) {
    os << "bound            all nodes at once: ceil((N-1)/degree) = " << o.lower_bound_cycles
       << " cycles (Table 1 generalized); busiest port carries " << o.routing_bound_cycles
       << " flits\n";
  }
  if (o.latency_mean >= 0) {
    os << "latency          mean " << o.latency_mean << ", p99 " << o.latency_p99 << ", max "
       << o.latency_max << " cycles (generation to last node); network mean "
       << o.network_latency_mean << "\n"
       << "output wait      longest " << o.max_output_wait
       << " cycles (forwarded flit); injection wait longest " << o.max_injection_wait
       << " cycles\n";
    if (o.wait_bound_flit >= 0) {
      os << "wait bounds      " << o.wait_bound_flit << " cycles (flit), " << o.wait_bound_injection
         << " cycles (injection), " << o.arbitration << " arbitration\n";
    }
  }
  if (o.cosim) {
    const Divergence& d = o.divergence;
    os << "cycles compared  " << o.cycles_compared << (d.found ? " then DIVERGED" : ", all equal")
       << "\n";
    if (d.found) {
      os << "first divergence cycle " << d.cycle << ", node " << d.node << ", " << d.port
         << ": expected " << d.expected << ", actual " << d.actual << "\n";
    }
  }
  if (o.divergence.found) {
    os << "checker          not run (cosim diverged)\n";
  } else {
    os << "checker          " << (o.checker_ok ? "PASS" : "FAIL") << " (independent trace check)\n";
    for (const auto& e : o.checker_errors) os << "  " << e << "\n";
  }
  if (o.watchdog) {
    os << "watchdog         no progress for " << o.watchdog_limit << " cycles at cycle " << o.cycles
       << "\n";
  }
  if (o.stopped_by == "max_cycles") {
    os << "stopped          by --max-cycles " << o.max_cycles << ", before the work was done\n";
  } else if (o.stopped_by == "cycle_limit") {
    os << "stopped          at the cycle limit derived from the workload (" << o.max_cycles
       << "), before the work was done\n";
  }
  os << "speed            " << static_cast<uint64_t>(o.nodeCyclesPerSecond()) << " node-cycles/s ("
     << o.cycles << " cycles in " << o.seconds << " s)\n"
     << "verdict          " << (o.pass ? "PASS" : "FAIL") << "\n";
}

}  // namespace tb
}  // namespace hypercast
