// The hypercast sub-commands, as one table: main() dispatches from it, the
// top-level help lists it, and the argument fuzzer (fuzz/) parses every
// command's options from it. Each command runs on its parsed options, writes its
// result to stdout and returns the exit code; errors are thrown as Error.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli/args.h"
#include "flow/router_network.h"

namespace hypercast {
namespace cli {

struct Command {
  std::string name;
  std::string summary;  // the top-level help's lines
  std::vector<OptionSpec> (*options)();
  CommandHelp (*help)();
  int (*run)(const Args& a);
  size_t words = 0;  // words that are no option it takes (regress: VERB DIR)
};

const std::vector<Command>& commandTable();
// What `hypercast --help` prints around the list of commands.
CommandHelp topLevelHelp();

std::vector<OptionSpec> infoOptions();
CommandHelp infoHelp();
int cmdInfo(const Args& a);
std::vector<OptionSpec> scheduleOptions();
CommandHelp scheduleHelp();
int cmdSchedule(const Args& a);
std::vector<OptionSpec> generateOptions();
CommandHelp generateHelp();
int cmdGenerate(const Args& a);
std::vector<OptionSpec> simulateOptions();
CommandHelp simulateHelp();
int cmdSimulate(const Args& a);
std::vector<OptionSpec> sweepOptions();
CommandHelp sweepHelp();
int cmdSweep(const Args& a);
std::vector<OptionSpec> synthOptions();
CommandHelp synthHelp();
int cmdSynth(const Args& a);
std::vector<OptionSpec> tcdOptions();
CommandHelp tcdHelp();
int cmdTcd(const Args& a);
std::vector<OptionSpec> exportOptions();
CommandHelp exportHelp();
int cmdExport(const Args& a);
std::vector<OptionSpec> regressOptions();
CommandHelp regressHelp();
int cmdRegress(const Args& a);

// The weight-router network's limits (flow/router_network.h).
using flow::checkLoadRun;
using flow::checkSimulatedNetwork;

}  // namespace cli
}  // namespace hypercast
