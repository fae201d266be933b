// The weight-router network (Stamoulis & Tsitsiklis): the hypercycle's
// broadcast routers, hardwired or programmable, as a whole-network top.
// `generate` writes its RTL; `simulate` runs broadcasts (one or more sources,
// every node, random starts, or a Bernoulli load) on the SystemC model, the
// Verilated RTL or both in lock step (tb/router_harness.cpp).
#pragma once

#include <cstdint>
#include <string>

#include "topology/network.h"
#include "util/params.h"
#include "util/report_json.h"

namespace hypercast {
namespace flow {

// Refuses (Error, one line naming why) the options of a collective's network on
// the weight-router network (no --collective), which would otherwise be ignored:
// --messages, --links, --construction, --shared-rom, --repeat, and, where the
// routers have no source (`generate`, `synth`: `source_is_origin` false),
// --source. The same words for generate, simulate and synth.
void refuseCollectiveOptions(const Params& a, bool source_is_origin);

CommandReport routerGenerate(const Params& a);
CommandReport routerSimulate(const Params& a);

// Refuses (Error) a network the simulation engine ("systemc", "verilator",
// "cosim") does not take: too many nodes, too many ports per node.
void checkSimulatedNetwork(const NetworkDesc& net, const std::string& engine);

// Refuses (Error) a load run (--traffic uniform) whose expected broadcasts,
// rate x nodes x cycles, exceed what the harness takes; before any work.
void checkLoadRun(uint64_t nodes, double rate, long long cycles);

}  // namespace flow
}  // namespace hypercast
