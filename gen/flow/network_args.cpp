#include "flow/network_args.h"

#include <stdexcept>

#include "util/error.h"

namespace hypercast {
namespace flow {

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
      {"buffer-depth", "FLITS", "hypercycle: flits per input virtual channel, 1..64 (default 2)"},
      {"preference", "cw|ccw", "hypercycle: Algorithm 1 preferential direction (default cw)"},
      {"router", "KIND",
       "hypercycle: hardwired (tables as parameters, default) or programmable (one\n"
       "design, configured at start-up through cfg_*, as the paper's prototype)"},
      {"arbitration", "epoch|rr|fair",
       "hypercycle: output arbitration: epoch (default), one round-robin pointer per\n"
       "output over the input VCs, the injection granted an output only when none of\n"
       "them asks for it, and each node injecting at most --epoch-quota packets into\n"
       "each epoch, two epochs open at a time, under which every wait is bounded by a\n"
       "polynomial in the number of nodes; rr, the round robin alone (the injection\n"
       "one more requester); or fair, one pointer per output and downstream VC (a\n"
       "bound exponential in the buffer chains)"},
      {"epoch-quota", "F", "--arbitration epoch: packets per node and epoch (default 4)"},
      {"hop-cycles", "1|2",
       "hypercycle: cycles per hop of the hardwired router: 1 (default), or 2, with\n"
       "the grants "
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

std::vector<OptionSpec> routerCommandOptions(const std::vector<OptionSpec>& own) {
  const Topology* routers = nullptr;
  for (const Topology& t : topologyTable()) {
    if (t.weight_routers) routers = &t;
  }
  if (!routers) throw std::logic_error("the topology registry has no weight-router network");
  std::vector<OptionSpec> specs = {
      {"topology", "NAME", routers->name + " (the only topology with weight-based routers)"}};
  for (const OptionSpec& s : optionSpecs(routers->options)) specs.push_back(s);
  for (const auto& v : {rtlOptions(), own}) specs.insert(specs.end(), v.begin(), v.end());
  return specs;
}

}  // namespace flow
}  // namespace hypercast
