#include "cli/collective_args.h"

#include <chrono>
#include <iostream>
#include <sstream>

#include "algorithm/hypercube_schedules.h"
#include "util/error.h"

namespace hypercast {
namespace cli {

std::vector<OptionSpec> collectiveOptions() {
  return {
      {"dim", "D", "with --topology hypercube: the dimension"},
      {"collective", "C", "broadcast | multinode-broadcast | scatter | total-exchange"},
  };
}

bool wantsSchedule(const Args& a) { return a.get("topology") == "hypercube"; }

CheckedSchedule buildCheckedSchedule(const Args& a, int max_dim, const std::string& what) {
  const std::string topo = a.get("topology", "hypercube");
  if (topo != "hypercube") {
    if (topo == "hypercycle") {
      throw Error(
          "the hypercycle offers no schedule collectives (its broadcast runs on weight "
          "routers: use 'hypercast simulate' without --collective)");
    }
    if (topo == "torus" || topo == "mesh" || topo == "cayley") {
      throw Error("topology '" + topo + "' has no collectives yet (supported: hypercube)");
    }
    throw Error("unknown topology '" + topo + "' (supported: hypercube)");
  }
  if (!a.has("dim")) throw Error(what + " needs --dim D");
  if (!a.has("collective")) {
    throw Error(what +
                " needs --collective (broadcast, multinode-broadcast, scatter, total-exchange)");
  }
  const Collective c = parseCollective(a.get("collective"));
  const long long d = parseInt("--dim", a.get("dim"));
  const int limit = std::min(max_dim, hypercubeMaxDim(c));
  if (d < 1 || d > limit) {
    throw Error(what + " of a " + toString(c) + " takes --dim 1.." + std::to_string(limit) +
                ", got " + std::to_string(d));
  }
  uint32_t root = 0;
  if (a.has("source")) {
    if (!hasRoot(c))
      throw Error(std::string("a ") + toString(c) + " has no --source (every node sends)");
    const long long s = parseInt("--source", a.get("source"));
    if (s < 0 || s >= (1LL << d)) {
      throw Error("--source " + std::to_string(s) + " is outside 0.." +
                  std::to_string((1LL << d) - 1));
    }
    root = static_cast<uint32_t>(s);
  }
  CheckedSchedule out;
  out.dim = static_cast<int>(d);
  auto t0 = std::chrono::steady_clock::now();
  out.schedule = hypercubeSchedule(out.dim, c, root);
  auto t1 = std::chrono::steady_clock::now();
  checker::CollectiveSpec spec;
  spec.dim = out.dim;
  spec.collective = c;
  spec.root = root;
  out.report = checker::checkSchedule(spec, out.schedule.transfers);
  auto t2 = std::chrono::steady_clock::now();
  out.build_seconds = std::chrono::duration<double>(t1 - t0).count();
  out.check_seconds = std::chrono::duration<double>(t2 - t1).count();
  out.bound = checker::hypercubeLowerBound(out.dim, c);
  out.optimal = out.report.ok && out.report.steps == out.bound.steps &&
                out.report.transmissions == out.bound.transmissions;
  if (!out.report.ok) {
    for (const auto& e : out.report.errors) std::cerr << "hypercast: checker: " << e << "\n";
    throw Error("the " + std::string(toString(c)) + " schedule for d = " + std::to_string(d) +
                " fails the checker; nothing was written");
  }
  return out;
}

std::string scheduleJsonFields(const CheckedSchedule& c) {
  std::ostringstream os;
  os << "\"topology\": \"hypercube\", \"dim\": " << c.dim << ", \"nodes\": " << c.report.nodes
     << ", \"collective\": \"" << toString(c.schedule.collective) << "\"";
  if (hasRoot(c.schedule.collective)) os << ", \"source\": " << c.schedule.root;
  os << ", \"steps\": " << c.report.steps << ", \"transmissions\": " << c.report.transmissions
     << ", \"lower_bound\": {\"steps\": " << c.bound.steps
     << ", \"transmissions\": " << c.bound.transmissions
     << "}, \"optimal\": " << (c.optimal ? "true" : "false") << ", \"checker\": \""
     << (c.report.ok ? "pass" : "fail") << "\"";
  return os.str();
}

}  // namespace cli
}  // namespace hypercast
