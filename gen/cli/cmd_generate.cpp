#include "cli/commands.h"
#include "flow/collective_options.h"
#include "flow/command_options.h"
#include "flow/flow.h"
#include "flow/network_args.h"
#include "util/error.h"

namespace hypercast {
namespace cli {

CommandHelp generateHelp() {
  return {"hypercast generate [network options] --out DIR [options]",
          "Hypercycle: writes the router RTL hardwired to the network's constants (or,\n"
          "with --router programmable, the programmable router and config.hex, its\n"
          "start-up configuration), the whole-network top, the hand-written hw/ modules,\n"
          "manifest.json and a FuseSoC .core file.\n"
          "With --collective C (every topology; the hypercube, torus, cayley and mesh\n"
          "have only these): writes a network of schedule-driven nodes, one $readmemh\n"
          "ROM image per node (rom/), the top, the slot map (<name>_slots.csv), the\n"
          "port graph (<name>_ports.csv), manifest.json and the .core; formats in\n"
          "docs/file-formats.md \"Schedule ROM format\".\n"
          "On a mesh of equal power-of-two sides (no links removed), --collective\n"
          "broadcast --source X,Y[,Z] writes the wormhole mesh instead (--switching\n"
          "wormhole, the default): dimension-ordered wormhole routers, one-port nodes\n"
          "driven by per-node ROMs running Cang & Wu's broadcast (--algorithm\n"
          "paper|best, --flits L), step barrier, link-use counters; the routing's\n"
          "channel-dependency graph is checked acyclic. --switching store-and-forward keeps the "
          "BFS schedule-ROM network.\n"
          "With --collective global-sum|accumulation on a Cayley graph: Faber's\n"
          "combining collectives on hc_sum_node or hc_acc_node arithmetic nodes\n"
          "(--input-bits sets the inputs' width).\n",
          ""};
}

int cmdGenerate(const Args& a) {
  if (!a.has("out")) throw Error("generate needs --out DIR");
  return printReport(flow::runStep(a, flow::Step::kGenerate));
}

}  // namespace cli
}  // namespace hypercast
