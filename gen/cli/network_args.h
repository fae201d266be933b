// The options every command shares to name a network and its RTL.
#pragma once

#include <string>
#include <vector>

#include "cli/args.h"
#include "emit/rtl_layout.h"
#include "topology/hypercycle.h"
#include "topology/registry.h"

namespace hypercast {
namespace cli {

// --topology, then every topology's options once each (topology/registry.h).
std::vector<OptionSpec> topologyOptions();
// A topology's options as the command line's option table takes them.
std::vector<OptionSpec> optionSpecs(const std::vector<TopologyOption>& options);
std::vector<OptionSpec> networkOptions();
std::vector<OptionSpec> rtlOptions();
// A command that builds hypercycle RTL: the network's options, the RTL's, then `own`.
std::vector<OptionSpec> rtlCommandOptions(const std::vector<OptionSpec>& own);
// The hypercycle the command line names (refuses another topology).
Hypercycle parseNetwork(const Args& a);
// Also checks the programmable router's limits (not yet against a network).
RtlOptions parseRtlOptions(const Args& a);
// Names of the options only the hypercycle router takes (hypercube commands refuse them).
const std::vector<std::string>& hypercycleRouterOptions();
// The options that reproduce `o` on another command line, as argument words.
std::vector<std::string> rtlOptionArgs(const RtlOptions& o);

}  // namespace cli
}  // namespace hypercast
