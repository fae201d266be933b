// The option tables of the commands a regression job runs (schedule,
// simulate, synth): the CLI parses their words with them and the regression
// planner (regress/) checks a job's words against them before it writes it.
#pragma once

#include <vector>

#include "flow/args.h"

namespace hypercast {
namespace flow {

std::vector<OptionSpec> scheduleOptions();
std::vector<OptionSpec> simulateOptions();
std::vector<OptionSpec> synthOptions();
// generate's options for the weight-router network's folder: --endpoints, --target-mhz.
std::vector<OptionSpec> folderOptions();

}  // namespace flow
}  // namespace hypercast
