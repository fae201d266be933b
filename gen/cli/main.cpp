// hypercast: generates interconnection-network hardware and proves it right.
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "util/error.h"

namespace {

const char* kHelp =
    "hypercast 0.1.0 - generates interconnection-network RTL and checks it\n"
    "\n"
    "usage: hypercast COMMAND [options]     (hypercast COMMAND --help for its options)\n"
    "\n"
    "commands:\n"
    "  info       topology facts: nodes, degree, diameter, per-dimension D, a, k\n"
    "  generate   write the hypercycle broadcast network RTL, manifest and FuseSoC core\n"
    "  simulate   run broadcasts on the SystemC model, the Verilated RTL, or both in\n"
    "             lock step (cosim), checking every delivery\n"
    "\n"
    "Without --m/--rho a command uses the default network G^{3,2,1}_{8,6,5} (240 nodes).\n";

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty() || words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
    std::cout << kHelp;
    return words.empty() ? 2 : 0;
  }
  if (words[0] == "--version") {
    std::cout << "hypercast 0.1.0\n";
    return 0;
  }
  const std::string cmd = words[0];
  words.erase(words.begin());
  try {
    if (cmd == "info") return hypercast::cli::cmdInfo(words);
    if (cmd == "generate") return hypercast::cli::cmdGenerate(words);
    if (cmd == "simulate") return hypercast::cli::cmdSimulate(words);
    throw hypercast::Error("unknown command '" + cmd + "' (commands: info, generate, simulate)");
  } catch (const hypercast::Error& e) {
    std::cerr << "hypercast: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "hypercast: internal error: " << e.what() << "\n";
    return 3;
  }
}
