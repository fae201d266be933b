// The option tables of the collectives and of the networks that run them:
// schedule-ROM networks, the wormhole mesh, the combining networks. The flows
// (flow/flow.h) read the values these options give.
#pragma once

#include <vector>

#include "flow/args.h"

namespace hypercast {
namespace flow {

// --collective, --messages, --links, --construction.
std::vector<OptionSpec> collectiveOptions();
// --input-bits: the inputs' width for the global sum's accumulator rule.
OptionSpec inputBitsOption();
// --algorithm paper|best (the mesh broadcast's construction).
OptionSpec meshAlgorithmOption();
// --switching (the mesh broadcast's: every command that builds it).
OptionSpec meshSwitchingOption();
// --switching, --flits (the wormhole mesh; generate and simulate).
std::vector<OptionSpec> meshHardwareOptions();

}  // namespace flow
}  // namespace hypercast
