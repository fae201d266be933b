// `hypercast sweep`: the load-latency curve of a hypercycle network under uniform
// broadcast traffic (flow/load_sweep.h): its options, its help, the call.
#include "cli/commands.h"
#include "flow/load_sweep.h"
#include "flow/network_args.h"

namespace hypercast {
namespace cli {

CommandHelp sweepHelp() {
  return {"hypercast sweep [--m ... --rho ...] --out DIR [options]",
          "Runs uniform broadcast traffic at several offered rates and writes the\n"
          "load-latency curve as CSV and SVG, with the saturation rates marked: the\n"
          "busiest port's (1 / its flits per broadcast) and the even-links bound\n"
          "degree / (N-1). The rates run in ascending order (one listed twice is\n"
          "refused). Every run checks every delivery; a failing run fails the sweep\n"
          "(exit 1), says why on stderr and is drawn hollow in red; a run that cannot\n"
          "be made (a tool or the model cache failing) stops the sweep (exit 2,\n"
          "nothing written). Progress goes to stderr (--quiet: none).\n",
          ""};
}

int cmdSweep(const Args& a) { return printReport(flow::runSweep(flow::readSweepRequest(a))); }

}  // namespace cli
}  // namespace hypercast
