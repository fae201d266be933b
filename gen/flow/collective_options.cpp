#include "flow/collective_options.h"

#include <string>

#include "algorithm/step_clocks.h"

namespace hypercast {
namespace flow {

std::vector<OptionSpec> collectiveOptions(const std::string& collective_help) {
  return {
      {"collective", "C", collective_help},
      {"messages", "M",
       "torus: messages per (origin, destination) pair (default 1; the other\n"
       "topologies' constructions send one)"},
      {"links", "full-duplex|half-duplex",
       "full-duplex (default): one packet each way per link per step; half-duplex:\n"
       "one packet per link per step, whichever direction (Faber, Sec. 6)"},
      {"construction", "auto|paper|extension",
       "torus: the paper's construction, hypercast's extension where the paper's\n"
       "message splitting is fractional, or auto (default)"},
  };
}

std::string withinRefusal() {
  return "--within L is a multinode-broadcast to the nodes within distance L";
}

OptionSpec inputBitsOption() {
  return {"input-bits", "B",
          "global-sum; generate and simulate of either: the inputs' two's-complement width\n"
          "(default 16); the accumulator's follows from it"};
}

OptionSpec clocksPerStepOption() {
  return {"clocks-per-step", "K",
          "with --collective on schedule-ROM nodes: run each step as K clocks (default\n"
          "1, at most " +
              std::to_string(kMaxClocksPerStep) +
              "), each transmission in one of them: the lower bound on a node's\n"
              "store banks falls from P to ceil(P/K) (P ports; one bank at K >= P); the\n"
              "same steps, K times the clocks"};
}

uint32_t clocksPerStep(const Params& a) {
  return static_cast<uint32_t>(a.getInt("clocks-per-step", 1, 1, kMaxClocksPerStep));
}

OptionSpec meshAlgorithmOption() {
  return {"algorithm", "paper|best",
          "mesh broadcast (Cang & Wu): the paper's (Algorithm 1 in 2-D, 2 in 3-D),\n"
          "or the least TCD over its family (default best)"};
}

OptionSpec meshSwitchingOption() {
  return {"switching", "wormhole|store-and-forward",
          "mesh broadcast: Cang & Wu's broadcast on the wormhole mesh (the default\n"
          "for equal power-of-two sides, no links removed), or the BFS broadcast on\n"
          "store-and-forward schedule-ROM nodes (the default on any other mesh)"};
}

std::vector<OptionSpec> meshHardwareOptions() {
  return {
      meshSwitchingOption(),
      {"flits", "L", "wormhole mesh: flits per message, 1..255 (default 1)"},
  };
}

}  // namespace flow
}  // namespace hypercast
