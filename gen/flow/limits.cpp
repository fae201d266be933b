#include "flow/limits.h"

#include <cstdio>

#include "topology/network.h"
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

[[noreturn]] void refuse(const std::string& what, double estimate, const std::string& formula,
                         uint64_t limit) {
  throw Error("simulate: " + what + " " + number(estimate) + " (" + formula +
              ") is above the limit of " + std::to_string(limit) +
              " (docs/user-guide.md#limits; --allow-large or HYPERCAST_ALLOW_LARGE=1 raises it)");
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

void checkCost(const Params& p, Step step) {
  if (step != Step::kSimulate) return;
  const bool large = p.has("allow-large") || allowLargeFromEnvironment();
  NetworkDesc net;
  try {
    net = parseNetworkDesc(p.params());
  } catch (const Error&) {
    return;  // the flow reports the network's own error
  }
  const double nodes = static_cast<double>(net.nodes());
  const double ports = static_cast<double>(net.ports());
  if (ports > static_cast<double>(kMaxSimulatePorts)) {  // the model's port masks: fixed
    throw Error("the simulation model takes at most " + std::to_string(kMaxSimulatePorts) +
                " ports per node; this network has " + number(ports) +
                " (generate still works; docs/user-guide.md#limits)");
  }
  if (nodes * ports > static_cast<double>(budget(kMaxSimulatePortEnds, large))) {
    refuse("port ends", nodes * ports, "nodes x ports = " + number(nodes) + " x " + number(ports),
           budget(kMaxSimulatePortEnds, large));
  }
  if (p.has("collective")) return;  // a collective's schedule is bounded where it is built
  const double b = broadcasts(p, nodes);
  if (b * nodes > static_cast<double>(budget(kMaxDeliveries, large))) {
    refuse("deliveries", b * nodes, "broadcasts x nodes = " + number(b) + " x " + number(nodes),
           budget(kMaxDeliveries, large));
  }
}

}  // namespace flow
}  // namespace hypercast
