// Running the external tools (verilator, the compiler, yosys) with their output
// kept in a log file, and reading back what they wrote.
#pragma once

#include <string>

namespace hypercast {
namespace cli {

// The whole file, or "" if it cannot be read.
std::string readFile(const std::string& path);

// Runs `cmd` in a shell, appending "$ cmd" and its output to `log`. On a non-zero
// exit, prints the log's tail on stderr and throws Error("<what> failed; ...").
void runLogged(const std::string& cmd, const std::string& log, const std::string& what);

}  // namespace cli
}  // namespace hypercast
