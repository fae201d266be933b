// hypercast: generates interconnection-network hardware and proves it right.
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "util/error.h"
#include "util/interrupt.h"
#include "util/version.h"

namespace {

const char* kHelp =
    " - generates interconnection-network RTL and checks it\n"
    "\n"
    "usage: hypercast COMMAND [options]     (hypercast COMMAND --help for its options)\n"
    "\n"
    "commands:\n"
    "  info       network facts: nodes, degree, diameter, directed, the topology's own\n"
    "  schedule   build a collective's schedule (the hypercube's four of Bertsekas et\n"
    "             al.; a BFS broadcast on every topology), check it, write CSV\n"
    "  export     write that schedule as a GPU collective runtime's file: MSCCL XML\n"
    "             (allgather, alltoall, broadcast, scatter) or SCCL/TACCL JSON\n"
    "  generate   write the network RTL, manifest and FuseSoC core: hypercycle broadcast\n"
    "             routers, or (--collective C) schedule-ROM nodes on any topology\n"
    "  simulate   run it on the SystemC model, the Verilated RTL, or both in lock step\n"
    "             (cosim), checking every delivery; --traffic uniform for load runs\n"
    "  sweep      load-latency curve under uniform broadcast traffic (CSV and SVG)\n"
    "  synth      router area and Fmax (yosys, nextpnr-ice40) against the FPGA prototype\n"
    "\n"
    "options:\n"
    "  --help     this help\n"
    "  --version  print the version\n"
    "\n"
    "Topologies: hypercycle (--m, --rho), hypercube (--dim), torus (--n, --k), cayley\n"
    "(--group, --gens), mesh (--dims). Without any, a command uses the default network\n"
    "G^{3,2,1}_{8,6,5} (a 240-node hypercycle).\n";

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty() || words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
    std::cout << "hypercast " << hypercast::kVersion << kHelp;
    return words.empty() ? 2 : 0;
  }
  if (words[0] == "--version") {
    std::cout << "hypercast " << hypercast::kVersion << "\n";
    return 0;
  }
  const std::string cmd = words[0];
  words.erase(words.begin());
  // SIGINT/SIGTERM: children stopped, temporary files removed, this one line,
  // exit 130/143 (util/interrupt.h).
  hypercast::interrupt::install("hypercast: interrupted\n");
  try {
    int code = -1;
    if (cmd == "info") code = hypercast::cli::cmdInfo(words);
    if (cmd == "generate") code = hypercast::cli::cmdGenerate(words);
    if (cmd == "simulate") code = hypercast::cli::cmdSimulate(words);
    if (cmd == "schedule") code = hypercast::cli::cmdSchedule(words);
    if (cmd == "sweep") code = hypercast::cli::cmdSweep(words);
    if (cmd == "synth") code = hypercast::cli::cmdSynth(words);
    if (cmd == "export") code = hypercast::cli::cmdExport(words);
    if (code < 0) {
      throw hypercast::Error(
          "unknown command '" + cmd +
          "' (commands: info, schedule, export, generate, simulate, sweep, synth)");
    }
    // A signal that came as the last child ended still counts.
    if (const int sig = hypercast::interrupt::pending()) return hypercast::interrupt::finish(sig);
    return code;
  } catch (const hypercast::interrupt::Interrupted& e) {
    return hypercast::interrupt::finish(e.signal());
  } catch (const hypercast::Error& e) {
    if (const int sig = hypercast::interrupt::pending()) return hypercast::interrupt::finish(sig);
    hypercast::interrupt::removeRegistered();
    std::cerr << "hypercast: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    if (const int sig = hypercast::interrupt::pending()) return hypercast::interrupt::finish(sig);
    hypercast::interrupt::removeRegistered();
    std::cerr << "hypercast: internal error: " << e.what() << "\n";
    return 3;
  }
}
