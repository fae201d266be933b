// The hypercast sub-commands. Each takes the words after its name, writes its
// result to stdout and returns the exit code; errors are thrown as Error.
#pragma once

#include <string>
#include <vector>

namespace hypercast {
namespace cli {

int cmdInfo(const std::vector<std::string>& words);
int cmdGenerate(const std::vector<std::string>& words);
int cmdSimulate(const std::vector<std::string>& words);
int cmdSchedule(const std::vector<std::string>& words);
int cmdSweep(const std::vector<std::string>& words);
int cmdSynth(const std::vector<std::string>& words);

}  // namespace cli
}  // namespace hypercast
