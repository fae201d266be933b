// The hypercast sub-commands, as one table: main() dispatches from it and the
// top-level help lists it. Its names, summaries and options come from
// flow::commandList() (flow/command_options.h), which the argument fuzzer
// (fuzz/) parses with; this table adds each command's help and run. Each command runs on its parsed
// options, writes its result to stdout and returns the exit code; errors are thrown as Error.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "flow/args.h"
#include "flow/collective_options.h"
#include "flow/command_options.h"
#include "flow/network_args.h"
#include "flow/router_network.h"
#include "util/report_json.h"

namespace hypercast {
namespace cli {

// The option tables and their parser, which the regression planner reads too
// (flow/args.h, flow/network_args.h, flow/collective_options.h,
// flow/command_options.h), and the router's options (flow/router_options.h).
using flow::Args;
using flow::collectiveOptions;
using flow::CommandHelp;
using flow::CommandSummary;
using flow::exportOptions;
using flow::generateOptions;
using flow::HelpRequested;
using flow::hypercycleRouterOptions;
using flow::infoOptions;
using flow::inputBitsOption;
using flow::meshAlgorithmOption;
using flow::meshHardwareOptions;
using flow::networkOptions;
using flow::OptionSpec;
using flow::optionSpecs;
using flow::optionWord;
using flow::optionWords;
using flow::parseNetwork;
using flow::parseRtlOptions;
using flow::parseTopLevel;
using flow::regressOptions;
using flow::routerCommandOptions;
using flow::rtlCommandOptions;
using flow::rtlOptionArgs;
using flow::rtlOptions;
using flow::scheduleOptions;
using flow::simulateOptions;
using flow::sweepOptions;
using flow::synthOptions;
using flow::tcdOptions;
using flow::topologyOptions;

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

CommandHelp infoHelp();
int cmdInfo(const Args& a);
CommandHelp scheduleHelp();
int cmdSchedule(const Args& a);
CommandHelp generateHelp();
int cmdGenerate(const Args& a);
CommandHelp simulateHelp();
int cmdSimulate(const Args& a);
CommandHelp sweepHelp();
int cmdSweep(const Args& a);
CommandHelp synthHelp();
int cmdSynth(const Args& a);
CommandHelp tcdHelp();
int cmdTcd(const Args& a);
CommandHelp exportHelp();
int cmdExport(const Args& a);
CommandHelp regressHelp();
int cmdRegress(const Args& a);

// Writes what a command's run returned on stdout, the one place that does:
// the JSON report (util/json_text.h, indented by 2), else the text; returns
// its exit status.
int printReport(const CommandReport& r);

// The weight-router network's limits (flow/router_network.h).
using flow::checkLoadRun;
using flow::checkSimulatedNetwork;

}  // namespace cli
}  // namespace hypercast
