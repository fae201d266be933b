// The option tables of the collectives and of the networks that run them:
// schedule-ROM networks, the wormhole mesh, the combining networks. The flows
// (flow/flow.h) read the values these options give.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "flow/args.h"
#include "util/params.h"

namespace hypercast {
namespace flow {

// --collective (its help, `collective_help`, is each command's own: what the
// command does with the collective and which ones it takes), --messages,
// --links, --construction.
std::vector<OptionSpec> collectiveOptions(const std::string& collective_help);
// The one refusal of --within on another collective than the multinode broadcast.
std::string withinRefusal();
// --input-bits: the inputs' width for the global sum's accumulator rule.
OptionSpec inputBitsOption();
// --clocks-per-step K: the schedule-ROM nodes run each step as K clocks.
OptionSpec clocksPerStepOption();
// Its value (1 when not given); throws Error outside 1 .. kMaxClocksPerStep.
uint32_t clocksPerStep(const Params& a);
// --algorithm paper|best (the mesh broadcast's construction).
OptionSpec meshAlgorithmOption();
// --switching (the mesh broadcast's: every command that builds it).
OptionSpec meshSwitchingOption();
// --switching, --flits (the wormhole mesh; generate and simulate).
std::vector<OptionSpec> meshHardwareOptions();

}  // namespace flow
}  // namespace hypercast
