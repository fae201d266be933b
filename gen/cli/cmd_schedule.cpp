#include "cli/commands.h"
#include "flow/collective_options.h"
#include "flow/flow.h"
#include "flow/network_args.h"

namespace hypercast {
namespace cli {

CommandHelp scheduleHelp() {
  return {"hypercast schedule [--topology T] [its options] --collective C [options]",
          "Builds a collective's schedule as the topology's paper constructs it (the\n"
          "hypercube: Bertsekas et al., Sec. 2 multinode broadcast, Sec. 3 scatter,\n"
          "Sec. 4 total exchange; every topology: the single-node broadcast along a\n"
          "BFS tree), checks it with the independent checker, and compares steps and\n"
          "transmissions with the lower bounds. Step 1 is the first time unit; dest is\n"
          "-1 for a broadcast packet. A schedule that fails the checker is not written\n"
          "(exit 2). A mesh's broadcast is Cang & Wu's one-port wormhole schedule\n"
          "(--algorithm paper|best; equal power-of-two sides; CSV step,from,to,length),\n"
          "the one `generate` and `simulate` put on the wormhole mesh. On a Cayley graph\n"
          "(hypercube, torus, hypercycle, cayley) Faber's combining collectives:\n"
          "accumulation (CSV step,from,to,target: a partial sum for target) and\n"
          "global-sum (CSV step,constant,operand). On a graph from a file or a network\n"
          "with --remove-links: the general constructions, among the endpoints when\n"
          "GraphML role=switch nodes only forward (their transmissions counted).\n\n" +
              topologyList(),
          ""};
}

int cmdSchedule(const Args& a) { return printReport(flow::runStep(a, flow::Step::kSchedule)); }

}  // namespace cli
}  // namespace hypercast
