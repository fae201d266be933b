// What the regression planner needs to know of the command line its jobs are
// written for. regress sits below the CLI, so the CLI passes these in
// (cli/cmd_regress.cpp): the options of the commands a workload may run, and
// parsers that read a network's and a job's words exactly as the commands
// will, so that a bad value is the regression file's error, not a failed job.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace hypercast {
namespace regress {

struct JobOption {
  std::string name;  // without "--"
  bool flag;         // takes no value
};

struct CommandLine {
  // The options of `hypercast COMMAND` for simulate, schedule and synth.
  std::function<std::vector<JobOption>(const std::string& command)> options;
  // The router options a network may carry (every one for a hypercycle,
  // payload-width for the others), in the order --help lists them.
  std::vector<JobOption> rtl_options;
  // Parses a network's words (--topology T, its options, router options) as
  // the commands do; throws Error. `hypercycle`: also checks the router options.
  std::function<void(const std::vector<std::string>& words, bool hypercycle)> check_network;
  // Parses a job's words after the command's name as `command` does; throws Error.
  std::function<void(const std::string& command, const std::vector<std::string>& words)> check_job;
};

}  // namespace regress
}  // namespace hypercast
