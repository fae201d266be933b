#include "flow/command_options.h"

namespace hypercast {
namespace flow {

const std::vector<CommandEntry>& commandList() {
  static const std::vector<CommandEntry> list = {
      {"info", "network facts: nodes, degree, diameter, directed, the topology's own", infoOptions},
      {"schedule",
       "build a collective's schedule (Bertsekas et al. on the hypercube,\n"
       "Fragopoulou & Akl on the torus, Faber on Cayley graphs, Cang & Wu on the\n"
       "mesh; a BFS broadcast on every topology), check it, write CSV",
       scheduleOptions},
      {"export",
       "write that schedule as a GPU collective runtime's file: MSCCL XML\n"
       "(allgather, alltoall, broadcast, scatter) or SCCL/TACCL JSON",
       exportOptions},
      {"generate",
       "write the network RTL, manifest and FuseSoC core: hypercycle broadcast\n"
       "routers, or (--collective C) schedule-ROM nodes on any topology",
       generateOptions},
      {"simulate",
       "run it on the SystemC model, the Verilated RTL, or both in lock step\n"
       "(cosim), checking every delivery; --traffic uniform for load runs",
       simulateOptions},
      {"sweep", "load-latency curve under uniform broadcast traffic (CSV and SVG)", sweepOptions},
      {"synth", "area and Fmax of a router or a network's nodes (yosys, nextpnr-ice40)",
       synthOptions},
      {"tcd",
       "the mesh broadcast's total communication distance from every source\n"
       "(Cang & Wu's Algorithm 1 or 2, best, the lower bound)",
       tcdOptions},
      {"regress",
       "regressions: expand a YAML file into jobs, run them (locally with a\n"
       "progress bar, or as a SLURM job array), report JUnit XML and Markdown",
       regressOptions, 2},
  };
  return list;
}

}  // namespace flow
}  // namespace hypercast
