// The option tables of every command: the CLI parses its words with them, the
// regression planner (regress/) checks a job's words (schedule, simulate,
// synth) against them before it writes it, and the argument fuzzer (fuzz/)
// parses with them.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "flow/args.h"
#include "topology/registry.h"

namespace hypercast {
namespace flow {

std::vector<OptionSpec> scheduleOptions();
std::vector<OptionSpec> simulateOptions();
std::vector<OptionSpec> synthOptions();
std::vector<OptionSpec> infoOptions();
std::vector<OptionSpec> exportOptions();
std::vector<OptionSpec> generateOptions();
std::vector<OptionSpec> sweepOptions();
std::vector<OptionSpec> tcdOptions();
std::vector<OptionSpec> regressOptions();

// --allow-large: every command with limits by cost takes it (flow/limits.h), one
// meaning everywhere.
OptionSpec allowLargeOption();

// The registry's mesh: tcd's topology, and its default.
const Topology& meshTopology();

// A command as the command line lists it: its name, the top-level help's lines,
// its options, and how many words it takes that are no option (regress: VERB
// DIR). The CLI adds each one's help and its run.
struct CommandEntry {
  std::string name;
  std::string summary;
  std::vector<OptionSpec> (*options)();
  size_t words = 0;
};
const std::vector<CommandEntry>& commandList();

// generate's options for the weight-router network's folder: --endpoints, --target-mhz.
std::vector<OptionSpec> folderOptions();

}  // namespace flow
}  // namespace hypercast
