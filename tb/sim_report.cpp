#include "tb/sim_report.h"

namespace hypercast {
namespace tb {

namespace {

std::string jsonEscape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    o += c;
  }
  return o;
}

const char* boolean(bool b) { return b ? "true" : "false"; }

}  // namespace

double SimOutcome::nodeCyclesPerSecond() const {
  return seconds > 0 ? static_cast<double>(nodes) * static_cast<double>(cycles) / seconds : 0;
}

void printJson(std::ostream& os, const SimOutcome& o) {
  os << "{\n  \"engine\": \"" << o.engine << "\",\n  \"rtl_model\": \"" << o.rtl_model
     << "\",\n  \"nodes\": " << o.nodes << ",\n  \"degree\": " << o.degree
     << ",\n  \"diameter\": " << o.diameter << ",\n  \"broadcasts\": " << o.broadcasts
     << ",\n  \"reached\": " << o.reached << ",\n  \"deliveries\": " << o.deliveries
     << ",\n  \"expected_deliveries\": " << o.expected_deliveries
     << ",\n  \"redundant\": " << o.redundant << ",\n  \"missing\": " << o.missing
     << ",\n  \"transmissions\": " << o.transmissions << ",\n  \"steps\": " << o.steps
     << ",\n  \"completion_cycles\": " << o.completion_cycles << ",\n  \"cycles\": " << o.cycles
     << ",\n  \"watchdog\": " << boolean(o.watchdog)
     << ",\n  \"checker_ok\": " << boolean(o.checker_ok) << ",\n  \"checker_errors\": [";
  for (size_t i = 0; i < o.checker_errors.size(); ++i) {
    os << (i ? ", " : "") << '"' << jsonEscape(o.checker_errors[i]) << '"';
  }
  os << "]";
  if (o.cosim) {
    os << ",\n  \"match\": " << boolean(!o.divergence.found)
       << ",\n  \"cycles_compared\": " << o.cycles_compared;
    if (o.divergence.found) {
      const Divergence& d = o.divergence;
      os << ",\n  \"first_divergence\": {\"cycle\": " << d.cycle << ", \"node\": " << d.node
         << ", \"port\": \"" << d.port << "\", \"expected\": \"" << jsonEscape(d.expected)
         << "\", \"actual\": \"" << jsonEscape(d.actual) << "\"}";
    }
  }
  os << ",\n  \"offered_broadcasts\": " << o.offered_broadcasts
     << ",\n  \"latency_mean\": " << o.latency_mean << ",\n  \"latency_p99\": " << o.latency_p99
     << ",\n  \"latency_max\": " << o.latency_max
     << ",\n  \"network_latency_mean\": " << o.network_latency_mean
     << ",\n  \"max_output_wait\": " << o.max_output_wait
     << ",\n  \"max_injection_wait\": " << o.max_injection_wait
     << ",\n  \"lower_bound_cycles\": " << o.lower_bound_cycles
     << ",\n  \"routing_bound_cycles\": " << o.routing_bound_cycles
     << ",\n  \"link_bound_rate\": " << o.link_bound_rate
     << ",\n  \"routing_bound_rate\": " << o.routing_bound_rate;
  if (o.load) {
    os << ",\n  \"traffic\": \"" << o.traffic << "\",\n  \"offered_rate\": " << o.offered_rate
       << ",\n  \"throughput\": " << o.throughput;
  }
  os << ",\n  \"seconds\": " << o.seconds
     << ",\n  \"node_cycles_per_second\": " << static_cast<uint64_t>(o.nodeCyclesPerSecond())
     << ",\n  \"verdict\": \"" << (o.pass ? "PASS" : "FAIL") << "\"\n}\n";
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
     << "redundant        " << o.redundant << "\n"
     << "transmissions    " << o.transmissions
     << " (N-1 per broadcast: " << o.broadcasts * (o.nodes - 1) << ")\n"
     << "steps            " << o.steps << " (diameter " << o.diameter << ")\n"
     << "completion       " << o.completion_cycles << " cycles after the first injection\n";
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
  os << "checker          " << (o.checker_ok ? "PASS" : "FAIL") << " (independent trace check)\n";
  for (const auto& e : o.checker_errors) os << "  " << e << "\n";
  if (o.watchdog) {
    os << "watchdog         no progress for " << o.watchdog_limit << " cycles at cycle " << o.cycles
       << "\n";
  }
  os << "speed            " << static_cast<uint64_t>(o.nodeCyclesPerSecond()) << " node-cycles/s ("
     << o.cycles << " cycles in " << o.seconds << " s)\n"
     << "verdict          " << (o.pass ? "PASS" : "FAIL") << "\n";
}

}  // namespace tb
}  // namespace hypercast
