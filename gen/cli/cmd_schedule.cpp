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
          "(--algorithm paper|best; equal power-of-two sides, no links removed; CSV\n"
          "step,from,to,length), the one `generate` and `simulate` put on the wormhole\n"
          "mesh. On a Cayley graph (hypercube, torus, hypercycle, cayley) Faber's\n"
          "combining collectives: accumulation (CSV step,from,to,target: a partial sum\n"
          "for target) and global-sum (CSV step,constant,operand). On a graph from a\n"
          "file or a network with --remove-links: the general constructions, among the\n"
          "endpoints when GraphML role=switch nodes only forward (their transmissions\n"
          "counted).\n\n" +
              topologyList(),
          ""};
}

int cmdSchedule(const Args& a) { return printReport(flow::runStep(a, flow::Step::kSchedule)); }

}  // namespace cli
}  // namespace hypercast
