// The options every command shares to name a network and its RTL.
#pragma once

#include <string>
#include <vector>

#include "cli/args.h"
#include "emit/rtl_layout.h"
#include "topology/hypercycle.h"

namespace hypercast {
namespace cli {

// The built-in default network: G^{3,2,1}_{8,6,5}, 240 nodes, mixed radices,
// rho > 1 in two dimensions, degree 12, diameter 6.
extern const char* const kDefaultM;
extern const char* const kDefaultRho;

std::vector<OptionSpec> networkOptions();
std::vector<OptionSpec> rtlOptions();
// A command that builds hypercycle RTL: the network's options, the RTL's, then `own`.
std::vector<OptionSpec> rtlCommandOptions(const std::vector<OptionSpec>& own);
Hypercycle parseNetwork(const Args& a);
// Also checks the programmable router's limits (not yet against a network).
RtlOptions parseRtlOptions(const Args& a);
// Names of the options only the hypercycle router takes (hypercube commands refuse them).
const std::vector<std::string>& hypercycleRouterOptions();
// The options that reproduce `o` on another command line, as argument words.
std::vector<std::string> rtlOptionArgs(const RtlOptions& o);

}  // namespace cli
}  // namespace hypercast
