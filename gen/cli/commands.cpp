#include "cli/commands.h"

#include <iostream>
#include <stdexcept>

#include "util/json_text.h"
#include "util/version.h"

namespace hypercast {
namespace cli {

namespace {

// Each command's help and run, by its name in flow::commandList().
struct CommandRun {
  const char* name;
  CommandHelp (*help)();
  int (*run)(const Args& a);
};

const CommandRun kRuns[] = {
    {"info", infoHelp, cmdInfo},
    {"schedule", scheduleHelp, cmdSchedule},
    {"export", exportHelp, cmdExport},
    {"generate", generateHelp, cmdGenerate},
    {"simulate", simulateHelp, cmdSimulate},
    {"sweep", sweepHelp, cmdSweep},
    {"synth", synthHelp, cmdSynth},
    {"tcd", tcdHelp, cmdTcd},
    {"regress", regressHelp, cmdRegress},
};

}  // namespace

const std::vector<Command>& commandTable() {
  static const std::vector<Command> table = [] {
    std::vector<Command> t;
    for (const flow::CommandEntry& e : flow::commandList()) {
      const CommandRun* r = nullptr;
      for (const CommandRun& c : kRuns) {
        if (e.name == c.name) r = &c;
      }
      if (!r) throw std::logic_error("no run for the command " + e.name);
      t.push_back({e.name, e.summary, e.options, r->help, r->run, e.words});
    }
    return t;
  }();
  return table;
}

CommandHelp topLevelHelp() {
  return {"hypercast COMMAND [options]     (hypercast COMMAND --help for its options)",
          std::string("hypercast ") + kVersion +
              " - generates interconnection-network RTL and checks it",
          "Topologies: hypercycle (--m, --rho), hypercube (--dim), torus (--n, --k), cayley\n"
          "(--group, --gens), mesh (--dims), graph (--graph FILE, an edge list or GraphML);\n"
          "--remove-links \"a-b;c-d\" takes links out of any. Without any, a command uses\n"
          "the default network G^{3,2,1}_{8,6,5} (a 240-node hypercycle).\n"
          "\n"
          "Exit status: 0 done (simulate, sweep: passed), 1 verification failed, 2 bad\n"
          "input or a failed external tool, 3 internal error, 130/143 interrupted\n"
          "(SIGINT/SIGTERM)."};
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
