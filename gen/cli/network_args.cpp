#include "cli/network_args.h"

#include "util/error.h"

namespace hypercast {
namespace cli {

std::vector<OptionSpec> optionSpecs(const std::vector<TopologyOption>& options) {
  std::vector<OptionSpec> specs;
  for (const TopologyOption& o : options) specs.push_back({o.name, o.value, o.help});
  return specs;
}

std::vector<OptionSpec> topologyOptions() {
  std::vector<OptionSpec> specs = {{"topology", "NAME", topologyNames() + " (default hypercycle)"}};
  for (const OptionSpec& s : optionSpecs(allTopologyOptions())) specs.push_back(s);
  return specs;
}

std::vector<OptionSpec> networkOptions() { return topologyOptions(); }

std::vector<OptionSpec> rtlOptions() {
  return {
      {"payload-width", "BITS", "payload bits per packet, 1..64 (default 32)"},
      {"buffer-depth", "FLITS", "flits per input virtual channel, 1..64 (default 2)"},
      {"preference", "cw|ccw", "Algorithm 1 preferential direction (default cw)"},
      {"router", "KIND",
       "hardwired (tables as parameters, default) or programmable (one design,\n"
       "configured at start-up through cfg_*, as the paper's "
       "prototype)"},
      {"arbitration", "rr|fair",
       "output arbitration: rr, one round-robin pointer per output (default), or fair,\n"
       "one per output and downstream VC, under which every wait is bounded"},
      {"hop-cycles", "1|2",
       "cycles per hop of the hardwired router: 1 (default), or 2, with the grants\n"
       "registered between allocation and the link (a shorter clock period)"},
      {"max-dims", "N", "programmable router: most dimensions (default 4)"},
      {"max-radix", "M", "programmable router: most nodes per dimension (default 15)"},
      {"max-degree", "K", "programmable router: ports, the largest degree (default 16)"},
  };
}

std::vector<OptionSpec> rtlCommandOptions(const std::vector<OptionSpec>& own) {
  std::vector<OptionSpec> specs = networkOptions();
  for (const auto& v : {rtlOptions(), own}) specs.insert(specs.end(), v.begin(), v.end());
  return specs;
}

const std::vector<std::string>& hypercycleRouterOptions() {
  static const std::vector<std::string> names = {"buffer-depth", "preference", "router",
                                                 "arbitration",  "hop-cycles", "max-dims",
                                                 "max-radix",    "max-degree"};
  return names;
}

std::vector<std::string> rtlOptionArgs(const RtlOptions& o) {
  std::vector<std::string> args = {
      "--payload-width", std::to_string(o.payload_width),
      "--buffer-depth",  std::to_string(o.buffer_depth),
      "--preference",    o.preference == Preference::kClockwise ? "cw" : "ccw",
      "--arbitration",   toString(o.arbitration),
      "--hop-cycles",    std::to_string(o.hop_cycles)};
  if (o.router == RouterKind::kProgrammable) {
    args.insert(
        args.end(),
        {"--router", "programmable", "--max-dims", std::to_string(o.limits.max_dims), "--max-radix",
         std::to_string(o.limits.max_radix), "--max-degree", std::to_string(o.limits.max_degree)});
  }
  return args;
}

Hypercycle parseNetwork(const Args& a) {
  const Topology& e = chosenTopology(a.params());
  if (e.name != "hypercycle") {
    throw Error("topology '" + e.name +
                "' has no weight-based routers; its networks run schedule collectives "
                "(add --collective)");
  }
  return parseHypercycle(a.params());
}

RtlOptions parseRtlOptions(const Args& a) {
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
  const std::string arb = a.get("arbitration", "rr");
  if (arb == "fair") {
    o.arbitration = Arbitration::kFair;
  } else if (arb != "rr") {
    throw Error("--arbitration must be rr or fair, got '" + arb + "'");
  }
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

}  // namespace cli
}  // namespace hypercast
