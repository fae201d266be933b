// The options every command shares to name a network and its RTL.
#pragma once

#include <string>
#include <vector>

#include "emit/rtl_layout.h"
#include "flow/args.h"
#include "flow/router_options.h"
#include "topology/hypercycle.h"
#include "topology/registry.h"

namespace hypercast {
namespace flow {

// --topology, then every topology's options once each (topology/registry.h).
std::vector<OptionSpec> topologyOptions();
// A topology's options as the command line's option table takes them.
std::vector<OptionSpec> optionSpecs(const std::vector<TopologyOption>& options);
std::vector<OptionSpec> networkOptions();
std::vector<OptionSpec> rtlOptions();
// A command that builds hypercycle RTL: the network's options, the RTL's, then `own`.
std::vector<OptionSpec> rtlCommandOptions(const std::vector<OptionSpec>& own);
// A command that takes the weight-router network only (sweep, synth): --topology
// and the options of the topology with weight-based routers, the RTL's, then `own`.
std::vector<OptionSpec> routerCommandOptions(const std::vector<OptionSpec>& own);

}  // namespace flow
}  // namespace hypercast
