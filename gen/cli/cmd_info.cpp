// `hypercast info`: the facts of a network (flow/network_facts.h): its options,
// its help, the call.
#include "cli/commands.h"
#include "flow/network_args.h"
#include "flow/network_facts.h"

namespace hypercast {
namespace cli {

CommandHelp infoHelp() {
  return {"hypercast info [--topology T] [its options] [--json]",
          "Facts of a network: nodes, ports per node, degree, diameter, whether it is\n"
          "directed, and its own facts (a hypercycle's per-dimension m, rho, D, a, k of\n"
          "eqs. 2-6; a Cayley graph's group and generators; a mesh's extents). A graph\n"
          "from a file, or a network with --remove-links (then the intact one's too):\n"
          "links, in- and out-degrees, diameter, radius, regularity, vertex-\n"
          "transitivity, and the multinode broadcast's and total exchange's lower\n"
          "bounds (steps, transmissions); with role=switch nodes, the endpoints and\n"
          "switches, every figure among the endpoints (switches only forward).\n\n" +
              topologyList(),
          ""};
}

int cmdInfo(const Args& a) {
  return printReport(flow::networkFactsReport(flow::readInfoRequest(a)));
}

}  // namespace cli
}  // namespace hypercast
