#include "flow/router_options.h"

#include "topology/registry.h"
#include "util/error.h"

namespace hypercast {
namespace flow {

const std::vector<std::string>& hypercycleRouterOptions() {
  static const std::vector<std::string> names = {
      "buffer-depth", "preference", "router",    "arbitration", "hop-cycles", "max-dims",
      "max-radix",    "max-degree", "endpoints", "tready",      "epoch-quota"};
  return names;
}

void refuseHypercycleRouterOptions(const Params& a) {
  for (const std::string& opt : hypercycleRouterOptions()) {
    if (a.has(opt)) {
      throw Error("--" + opt + " is a hypercycle router option");
    }
  }
}

Endpoints parseEndpoints(const Params& a) {
  const std::string ends = a.get("endpoints", "native");
  if (ends == "axis") return Endpoints::kAxis;
  if (ends != "native") throw Error("--endpoints must be native or axis, got '" + ends + "'");
  return Endpoints::kNative;
}

std::vector<std::string> rtlOptionArgs(const RtlOptions& o) {
  std::vector<std::string> args = {
      "--payload-width", std::to_string(o.payload_width),
      "--buffer-depth",  std::to_string(o.buffer_depth),
      "--preference",    o.preference == Preference::kClockwise ? "cw" : "ccw",
      "--arbitration",   toString(o.arbitration),
      "--hop-cycles",    std::to_string(o.hop_cycles)};
  if (o.arbitration == Arbitration::kEpoch) {
    args.insert(args.end(), {"--epoch-quota", std::to_string(o.epoch_quota)});
  }
  if (o.router == RouterKind::kProgrammable) {
    args.insert(
        args.end(),
        {"--router", "programmable", "--max-dims", std::to_string(o.limits.max_dims), "--max-radix",
         std::to_string(o.limits.max_radix), "--max-degree", std::to_string(o.limits.max_degree)});
  }
  return args;
}

NetworkDesc parseNetwork(const Params& a) {
  const Topology& e = chosenTopology(a.params());
  if (!e.weight_routers) {
    throw Error("topology '" + e.name +
                "' has no weight-based routers (the hypercycle's: --m, --rho); its networks run "
                "schedule collectives in generate and simulate (--collective)");
  }
  NetworkDesc net = e.parse(a.params());
  if (!net.removed_links.empty()) {
    throw Error(
        "--remove-links: the weight-based routers route only the intact hypercycle "
        "(Algorithm 1 knows no faulty link); with --collective C the damaged network runs "
        "its schedule on schedule-ROM nodes");
  }
  return net;
}

RtlOptions parseRtlOptions(const Params& a) {
  RtlOptions o;
  o.payload_width = static_cast<int>(a.getInt("payload-width", 32, 1, 64));
  o.buffer_depth = static_cast<int>(a.getInt("buffer-depth", 2, 1, 64));
  const std::string pref = a.get("preference", "cw");
  if (pref == "cw" || pref == "clockwise") {
    o.preference = Preference::kClockwise;
  } else if (pref == "ccw" || pref == "counterclockwise") {
    o.preference = Preference::kCounterclockwise;
  } else {
    throw Error("--preference must be cw or ccw, got '" + pref + "'");
  }
  const std::string arb = a.get("arbitration", "epoch");
  if (arb == "rr") {
    o.arbitration = Arbitration::kRoundRobin;
  } else if (arb == "fair") {
    o.arbitration = Arbitration::kFair;
  } else if (arb != "epoch") {
    throw Error("--arbitration must be rr, fair or epoch, got '" + arb + "'");
  }
  if (a.has("epoch-quota") && o.arbitration != Arbitration::kEpoch) {
    throw Error("--epoch-quota needs --arbitration epoch");
  }
  o.epoch_quota = static_cast<int>(a.getInt("epoch-quota", o.epoch_quota, 1, kMaxEpochQuota));
  o.hop_cycles = static_cast<int>(a.getInt("hop-cycles", 1, 1, 2));
  const std::string kind = a.get("router", "hardwired");
  if (kind == "programmable") {
    o.router = RouterKind::kProgrammable;
  } else if (kind != "hardwired") {
    throw Error("--router must be hardwired or programmable, got '" + kind + "'");
  }
  for (const char* opt : {"max-dims", "max-radix", "max-degree"}) {
    if (a.has(opt) && o.router != RouterKind::kProgrammable) {
      throw Error(std::string("--") + opt + " needs --router programmable");
    }
  }
  o.limits.max_dims = static_cast<int>(a.getInt("max-dims", 4, 1, 8));
  o.limits.max_radix = static_cast<int>(a.getInt("max-radix", 15, 2, 64));
  o.limits.max_degree = static_cast<int>(a.getInt("max-degree", 16, 1, 64));
  validate(o);
  return o;
}

}  // namespace flow
}  // namespace hypercast
