#include "cli/commands.h"
#include "flow/collective_options.h"
#include "flow/flow.h"
#include "flow/network_args.h"

namespace hypercast {
namespace cli {

CommandHelp simulateHelp() {
  return {"hypercast simulate [--topology T] [its options] [--collective C] [--engine E] [options]",
          "Runs a network on the SystemC model (systemc), the Verilated RTL (verilator), or\n"
          "both in lock step (cosim, the default engine), which stops at the first cycle\n"
          "where they differ. Without --collective, broadcasts on a hypercycle's routers.\n"
          "Every delivery is checked for origin, payload and count; the trace goes through\n"
          "an independent checker. Exit status: 0 pass, 1 verification failed, 2 bad\n"
          "input or a failed external tool, 3 internal error, 130/143 interrupted.\n"
          "The Verilated model is built on first use and cached by content under\n"
          "$HYPERCAST_CACHE (default ~/.cache/hypercast; a graph file's network by\n"
          "the file's content and name, not its folder).\n"
          "With --collective C (and any --topology) it runs that collective's\n"
          "schedule-ROM network instead: every link compared each cycle in cosim, the\n"
          "trace (step,from,to,origin,dest,msg,payload) checked, and every node's final\n"
          "holdings read back and compared with what the collective promises (a\n"
          "GraphML role=switch node, which only forwards, is promised nothing).\n"
          "On a mesh of equal power-of-two sides (no links removed), --collective\n"
          "broadcast runs the wormhole mesh (--switching wormhole, the default;\n"
          "--switching store-and-forward: the BFS schedule-ROM network): Cang & Wu's\n"
          "broadcast (--algorithm paper|best, --flits L), every link, delivery, the\n"
          "barrier and the link-use counters compared each cycle in cosim, the delivery\n"
          "trace (step,cycle,from,to,payload) checked by the independent mesh checker,\n"
          "and the counters' head flits required to equal the TCD.\n"
          "--collective accumulation|global-sum (any Cayley graph, --links\n"
          "full-duplex|half-duplex) runs the combining network in cosim: every node's\n"
          "value or partial sum compared each cycle, every sum checked against the\n"
          "harness's own sums of --repeat K sets of random --input-bits-bit inputs.\n",
          ""};
}

int cmdSimulate(const Args& a) { return printReport(flow::runStep(a, flow::Step::kSimulate)); }

}  // namespace cli
}  // namespace hypercast
