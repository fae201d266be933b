#include "cli/collective_options.h"
#include "cli/commands.h"
#include "cli/network_args.h"
#include "flow/flow.h"

namespace hypercast {
namespace cli {

std::vector<OptionSpec> scheduleOptions() {
  std::vector<OptionSpec> specs = topologyOptions();
  for (const auto& o : collectiveOptions()) specs.push_back(o);
  specs.push_back(
      {"source", "S", "root of a broadcast or scatter (default 0); on a mesh X,Y[,Z] too"});
  specs.push_back(meshAlgorithmOption());
  specs.push_back(inputBitsOption());
  specs.push_back({"within", "L",
                   "multinode-broadcast to the nodes within distance L only (Faber's universal\n"
                   "broadcast to within distance L, Def. 6.6; a regular order cut to the ball)"});
  specs.push_back({"output", "FILE.csv",
                   "write every transfer as CSV: step,from,to,origin,dest,msg", false, "o"});
  specs.push_back({"json", "", "print a JSON summary"});
  return specs;
}

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
          "global-sum (CSV step,constant,operand).\n\n" +
              topologyList(),
          ""};
}

int cmdSchedule(const Args& a) { return flow::runStep(a, flow::Step::kSchedule); }

}  // namespace cli
}  // namespace hypercast
