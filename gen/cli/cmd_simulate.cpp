#include "cli/collective_options.h"
#include "cli/commands.h"
#include "cli/network_args.h"
#include "flow/flow.h"

namespace hypercast {
namespace cli {

std::vector<OptionSpec> simulateOptions() {
  std::vector<OptionSpec> specs = rtlCommandOptions({
      {"engine", "E", "systemc | verilator | cosim (default cosim)"},
      {"source", "S",
       "the broadcast's origin, one node (default 0); a mesh's also as coordinates\n"
       "X,Y[,Z]"},
      {"sources", "S,S[,S...]", "several broadcasts, one from each origin"},
      {"start", "C[,C...]", "start cycle, one, or one per --sources entry (default 0)"},
      {"all-sources", "", "every node broadcasts, all at the --start cycle"},
      {"random", "K", "K broadcasts from random origins at random cycles"},
      {"window", "W", "with --random: start cycles in 0..W-1 (default 64)"},
      {"seed", "X", "with --random: random seed (default 1)"},
      {"rtl-model", "M",
       "auto | network | routers (nodes with --collective): Verilate the whole\n"
       "generated top, or the router (schedule node) once, wired N times by the\n"
       "harness (default auto: network up to 20 nodes, 16 for schedule networks);\n"
       "the wormhole mesh: network | tiles (hc_mesh_tile once, wired N times)"},
      {"traffic", "uniform", "load run: every node starts broadcasts at random cycles (Bernoulli)"},
      {"rate", "R", "with --traffic: offered broadcasts per node per cycle, 0 < R <= 1"},
      {"cycles", "C", "with --traffic: cycles of injection, then drain (default 10000)"},
      {"trace", "FILE", "write every link crossing as CSV"},
      {"wave", "FILE.fst",
       "write an FST waveform of every RTL signal (verilator or cosim engine,\n"
       "whole-top model; builds a traced model, cached apart)"},
      {"max-cycles", "C", "stop after C cycles (default: derived from the workload)"},
      {"watchdog", "C", "fail after C cycles without progress (default 1000)"},
      {"allow-large", "",
       "run above the default limits by cost (docs/user-guide.md#limits), for a\n"
       "machine with more memory and time (also HYPERCAST_ALLOW_LARGE=1)"},
      {"json", "", "print a JSON summary"},
      {"quiet", "", "no progress messages on stderr"},
  });
  for (const auto& s : collectiveOptions()) specs.push_back(s);
  specs.push_back({"repeat", "K",
                   "with --collective: run it K times back to back (default 1; accumulation\n"
                   "and global-sum: K runs on fresh random inputs, default 4)"});
  specs.push_back(inputBitsOption());
  specs.push_back({"shared-rom", "",
                   "with --collective: one ROM drives every node (translation-invariant\n"
                   "schedules)"});
  for (const auto& s : meshHardwareOptions()) specs.push_back(s);
  specs.push_back(meshAlgorithmOption());
  return specs;
}

CommandHelp simulateHelp() {
  return {"hypercast simulate --m ... --rho ... [--source S] --engine E [options]",
          "Runs broadcasts on the SystemC model (systemc), the Verilated RTL (verilator), or\n"
          "both in lock step (cosim), which stops at the first cycle where they differ.\n"
          "Every delivery is checked for origin, payload and count; the trace goes through\n"
          "an independent checker. Exit status: 0 pass, 1 verification failed, 2 bad\n"
          "input, 3 internal error, 130/143 interrupted.\n"
          "The Verilated model is built on first use and cached by content under\n"
          "$HYPERCAST_CACHE (default ~/.cache/hypercast).\n"
          "With --collective C (and any --topology) it runs that collective's\n"
          "schedule-ROM network instead: every link compared each cycle in cosim, the\n"
          "trace (step,from,to,origin,dest,msg,payload) checked, and every node's final\n"
          "holdings read back and compared with what the collective promises.\n"
          "On a mesh of equal power-of-two sides, --collective broadcast runs the\n"
          "wormhole mesh (--switching wormhole, the default; --switching\n"
          "store-and-forward: the BFS schedule-ROM network): Cang & Wu's broadcast\n"
          "(--algorithm paper|best, --flits L), every link, delivery, the barrier and\n"
          "the link-use counters compared each cycle in cosim, the delivery trace\n"
          "(step,cycle,from,to,payload) checked by the independent mesh checker, and\n"
          "the counters' head flits required to equal the TCD. --rtl-model network\n"
          "(the generated top, default up to 16 nodes) or tiles (hc_mesh_tile\n"
          "Verilated once, N copies wired by the harness).\n"
          "--collective accumulation|global-sum (any Cayley graph, --links\n"
          "full-duplex|half-duplex) runs the combining network in cosim: every node's\n"
          "value or partial sum compared each cycle, every sum checked against the\n"
          "harness's own sums of --repeat K sets of random --input-bits-bit inputs.\n",
          ""};
}

int cmdSimulate(const Args& a) { return flow::runStep(a, flow::Step::kSimulate); }

}  // namespace cli
}  // namespace hypercast
