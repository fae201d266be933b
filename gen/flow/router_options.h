// The weight-router network's parameters: the hypercycle the options name and
// its router's RTL options (payload width, buffers, preference, router kind,
// arbitration, hop cycles, the programmable router's limits).
#pragma once

#include <string>
#include <vector>

#include "emit/axis_top.h"
#include "emit/rtl_layout.h"
#include "topology/network.h"
#include "util/params.h"

namespace hypercast {
namespace flow {

// The hypercycle the parameters name (refuses another topology, and links
// removed: the weight-based routers know no faulty link); its paper facts are
// Hypercycle::of's.
NetworkDesc parseNetwork(const Params& a);
// Also checks the programmable router's limits (not yet against a network).
RtlOptions parseRtlOptions(const Params& a);
// Names of the options only the hypercycle router takes (other networks refuse them).
const std::vector<std::string>& hypercycleRouterOptions();
// Refuses, in one line, any of hypercycleRouterOptions() given to another kind of
// network.
void refuseHypercycleRouterOptions(const Params& a);
// --endpoints: native (default) or axis; refuses another value in one line.
Endpoints parseEndpoints(const Params& a);
// The options that reproduce `o` on another command line, as argument words.
std::vector<std::string> rtlOptionArgs(const RtlOptions& o);

}  // namespace flow
}  // namespace hypercast
