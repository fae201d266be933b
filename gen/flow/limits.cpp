#include "flow/limits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "algorithm/collective.h"
#include "algorithm/constructions.h"
#include "flow/combining.h"
#include "topology/network.h"
#include "topology/port_graph.h"
#include "topology/registry.h"
#include "util/error.h"
#include "util/parse_number.h"

namespace hypercast {
namespace flow {

namespace {

std::string number(double v) {
  char text[40];
  std::snprintf(text, sizeof text, "%.0f", v);
  return text;
}

const char* stepName(Step step) {
  switch (step) {
    case Step::kSchedule:
      return "schedule";
    case Step::kGenerate:
      return "generate";
    case Step::kSimulate:
      return "simulate";
    case Step::kSynth:
      return "synth";
  }
  return "simulate";
}

[[noreturn]] void refuse(const std::string& command, const std::string& what, double estimate,
                         const std::string& formula, uint64_t limit, bool raised) {
  throw Error(command + ": " + what + " " + number(estimate) + " (" + formula +
              ") is above the limit of " + std::to_string(limit) + " (docs/user-guide.md#limits; " +
              raisedOrHow(raised) + ")");
}

// The sum of the distances from node 0 to every node (node 0 stands for the
// root: the Cayley graphs are vertex-transitive): the d-cube's d 2^(d-1); MT(n,k)'s
// n k^(n-1) S_k with S_k = (k^2 - 1)/4 for odd k, k^2/4 for even k; any other
// network's by BFS when it is small enough to walk, else N - 1, a lower bound.
double distanceSum(const NetworkDesc& net) {
  const double nodes = static_cast<double>(net.nodes());
  if (net.isBinaryHypercube()) return net.hypercubeDim() * nodes / 2;
  if (net.isTorus()) {
    const double k = net.radices.front(), n = static_cast<double>(net.radices.size());
    const double s = net.radices.front() % 2 ? (k * k - 1) / 4 : k * k / 4;
    return n * nodes / k * s;
  }
  if (nodes * net.ports() > static_cast<double>(kMaxSimulatePortEnds)) return nodes - 1;
  double sum = 0;
  try {
    for (int x : PortGraph::build(net).bfs(0).dist) sum += x > 0 ? x : 0;
  } catch (const Error&) {
    return nodes - 1;  // the flow reports why the network cannot be wired
  }
  return sum;
}

// A collective's transfers (kMaxScheduleTransfers) and their formula; 0 when
// unreadable.
double collectiveTransfers(const Params& p, const NetworkDesc& net, std::string* formula) {
  Collective c = Collective::kBroadcast;
  double messages = 1;
  try {
    c = parseCollective(p.get("collective"));
    if (p.has("messages")) messages = static_cast<double>(p.getInt("messages", 1, 1, 1024));
  } catch (const Error&) {
    return 0;
  }
  const double nodes = static_cast<double>(net.nodes());
  const std::string m = number(messages), n = number(nodes);
  switch (c) {
    case Collective::kBroadcast:
      *formula = "N - 1, N = " + n;
      return nodes - 1;
    case Collective::kMultinodeBroadcast:
      *formula = "M x N x (N - 1) = " + m + " x " + n + " x " + number(nodes - 1);
      return messages * nodes * (nodes - 1);
    case Collective::kScatter: {
      const double sum = distanceSum(net);
      *formula = "M x distances from the root = " + m + " x " + number(sum);
      return messages * sum;
    }
    case Collective::kTotalExchange: {
      const double sum = distanceSum(net);
      *formula = "M x N x distances from a node = " + m + " x " + n + " x " + number(sum);
      return messages * nodes * sum;
    }
  }
  return 0;
}

// The broadcasts a weight-router simulation starts, from its options alone; 0
// when they cannot be read (the flow then reports the option itself).
double broadcasts(const Params& p, double nodes) {
  try {
    if (p.has("traffic")) {
      if (!p.has("rate")) return 0;
      const double rate = parseRate("--rate", p.get("rate"));
      const double cycles = static_cast<double>(p.getInt("cycles", 10000, 1, 1LL << 40));
      return rate * nodes * cycles;
    }
    if (p.has("random")) return static_cast<double>(p.getInt("random", 1, 1, 1LL << 40));
    if (p.has("all-sources")) return nodes;
    if (p.has("sources"))
      return static_cast<double>(parseIntList("--sources", p.get("sources")).size());
  } catch (const Error&) {
    return 0;
  }
  return 1;
}

}  // namespace

double CostEstimate::bytes() const {
  return std::max({nodes * ports * static_cast<double>(kBytesPerPortEnd),
                   deliveries * static_cast<double>(kBytesPerDelivery),
                   transfers * static_cast<double>(kBytesPerTransfer)});
}

CostEstimate estimateCost(const Params& p, Step step) {
  CostEstimate e;
  NetworkDesc net;
  try {
    net = parseNetworkDesc(p.params());
  } catch (const Error&) {
    return e;  // the flow reports the network's own error
  }
  e.nodes = static_cast<double>(net.nodes());
  e.ports = static_cast<double>(net.ports());
  const std::string collective = p.get("collective");
  const bool combining = isCombiningCollective(collective);
  if (p.has("collective") && !combining) {
    if (net.kind == NetworkDesc::Kind::kGraph || !net.removed_links.empty()) {
      try {
        e.refusal = graphSizeRefusal(net, parseCollective(collective));
      } catch (const Error&) {  // an unknown collective: the flow names it
      }
    }
    e.transfers = collectiveTransfers(p, net, &e.transfers_formula);
    if (step != Step::kSchedule && net.kind != NetworkDesc::Kind::kMesh) {
      double messages = 1;
      try {
        if (p.has("messages")) messages = static_cast<double>(p.getInt("messages", 1, 1, 1024));
      } catch (const Error&) {
      }
      e.rom_bits = e.transfers * (2 * std::ceil(std::log2(e.nodes * messages)) + 3);
    }
    if (step == Step::kSimulate && p.has("trace")) e.trace_rows = e.transfers;
  } else if (step == Step::kSimulate && !p.has("collective")) {
    e.deliveries = broadcasts(p, e.nodes) * e.nodes;
    if (p.has("trace")) e.trace_rows = e.deliveries;
  }
  const std::string engine = p.get("engine");
  if (step == Step::kSimulate && (engine == "verilator" || engine == "cosim") &&
      (p.get("rtl-model") == "network" || p.has("wave"))) {
    e.verilated_port_ends = e.nodes * e.ports;
  }
  return e;
}

void checkCost(const Params& p, Step step, const std::string& command) {
  const std::string who = command.empty() ? std::string(stepName(step)) : command;
  const bool large = allowLarge(p);
  const CostEstimate e = estimateCost(p, step);
  if (e.nodes == 0) return;  // the flow reports the network's own error
  if (!e.refusal.empty()) throw Error(e.refusal);
  const std::string nodes = number(e.nodes), ports = number(e.ports);
  auto check = [&](double estimate, uint64_t limit, const std::string& what,
                   const std::string& formula) {
    if (estimate > static_cast<double>(budget(limit, large))) {
      refuse(who, what, estimate, formula, budget(limit, large), large);
    }
  };
  if (step == Step::kSimulate) {
    if (e.ports > static_cast<double>(kMaxSimulatePorts)) {  // the model's port masks: fixed
      throw Error("the simulation model takes at most " + std::to_string(kMaxSimulatePorts) +
                  " ports per node; this network has " + ports +
                  " (generate still works; docs/user-guide.md#limits)");
    }
    check(e.nodes * e.ports, kMaxSimulatePortEnds, "port ends",
          "nodes x ports = " + nodes + " x " + ports);
  }
  check(e.transfers, kMaxScheduleTransfers, "transmissions", e.transfers_formula);
  check(e.rom_bits, kMaxRomBits, "ROM bits",
        "transmissions x bits per transmission = " + number(e.transfers) + " x " +
            number(e.transfers > 0 ? e.rom_bits / e.transfers : 0));
  check(e.deliveries, kMaxDeliveries, "deliveries",
        "broadcasts x nodes = " + number(e.nodes > 0 ? e.deliveries / e.nodes : 0) + " x " + nodes);
  check(e.trace_rows, kMaxTraceRows, "--trace rows",
        e.deliveries > 0 ? "one per delivery" : "one per transmission");
  check(e.verilated_port_ends, kMaxVerilatedPortEnds, "Verilated port ends",
        "the whole-network top's nodes x ports = " + nodes + " x " + ports);
}

void checkTcdCost(const Params& p, uint64_t nodes) {
  const bool large = allowLarge(p);
  const double n = static_cast<double>(nodes);
  if (n * n > static_cast<double>(budget(kMaxTcdSourceNodes, large))) {
    refuse("tcd", "sources x nodes", n * n, "N x N, N = " + number(n),
           budget(kMaxTcdSourceNodes, large), large);
  }
}

}  // namespace flow
}  // namespace hypercast
