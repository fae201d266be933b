#include "cli/commands.h"

#include <iostream>

#include "util/json_text.h"
#include "util/version.h"

namespace hypercast {
namespace cli {

const std::vector<Command>& commandTable() {
  static const std::vector<Command> table = {
      {"info", "network facts: nodes, degree, diameter, directed, the topology's own", infoOptions,
       infoHelp, cmdInfo},
      {"schedule",
       "build a collective's schedule (Bertsekas et al. on the hypercube,\n"
       "Fragopoulou & Akl on the torus, Faber on Cayley graphs, Cang & Wu on the\n"
       "mesh; a BFS broadcast on every topology), check it, write CSV",
       scheduleOptions, scheduleHelp, cmdSchedule},
      {"export",
       "write that schedule as a GPU collective runtime's file: MSCCL XML\n"
       "(allgather, alltoall, broadcast, scatter) or SCCL/TACCL JSON",
       exportOptions, exportHelp, cmdExport},
      {"generate",
       "write the network RTL, manifest and FuseSoC core: hypercycle broadcast\n"
       "routers, or (--collective C) schedule-ROM nodes on any topology",
       generateOptions, generateHelp, cmdGenerate},
      {"simulate",
       "run it on the SystemC model, the Verilated RTL, or both in lock step\n"
       "(cosim), checking every delivery; --traffic uniform for load runs",
       simulateOptions, simulateHelp, cmdSimulate},
      {"sweep", "load-latency curve under uniform broadcast traffic (CSV and SVG)", sweepOptions,
       sweepHelp, cmdSweep},
      {"synth", "area and Fmax of a router or a network's nodes (yosys, nextpnr-ice40)",
       synthOptions, synthHelp, cmdSynth},
      {"tcd",
       "the mesh broadcast's total communication distance from every source\n"
       "(Cang & Wu's Algorithm 2, best, the lower bound)",
       tcdOptions, tcdHelp, cmdTcd},
      {"regress",
       "regressions: expand a YAML file into jobs, run them (locally with a\n"
       "progress bar, or as a SLURM job array), report JUnit XML and Markdown",
       regressOptions, regressHelp, cmdRegress, 2},
  };
  return table;
}

CommandHelp topLevelHelp() {
  return {"hypercast COMMAND [options]     (hypercast COMMAND --help for its options)",
          std::string("hypercast ") + kVersion +
              " - generates interconnection-network RTL and checks it",
          "Topologies: hypercycle (--m, --rho), hypercube (--dim), torus (--n, --k), cayley\n"
          "(--group, --gens), mesh (--dims). Without any, a command uses the default network\n"
          "G^{3,2,1}_{8,6,5} (a 240-node hypercycle).\n"
          "\n"
          "Exit status: 0 done (simulate, sweep: passed), 1 verification failed, 2 bad\n"
          "input, 3 internal error, 130/143 interrupted (SIGINT/SIGTERM)."};
}

int printReport(const CommandReport& r) {
  if (!r.json.is_null()) {
    std::cout << jsonText(r.json, 2) << "\n";
  } else {
    std::cout << r.text;
  }
  std::cout << std::flush;
  return r.status;
}

}  // namespace cli
}  // namespace hypercast
