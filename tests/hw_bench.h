// Runs the Icarus Verilog unit benches of tests/hw_units/ (shared by
// test_hw_units and test_hw_errors). A bench prints "checked A B C" at its
// end: what it ran, what it counted and what it found wrong.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <regex>
#include <sstream>
#include <string>

#include "test_util.h"
#include "tools/mutation.h"

namespace hctest {

struct Checked {
  bool ended = false;
  long long cycles = 0, events = 0, errors = 0;
};

// Compiles tests/hw_units/TB (includes from hw/include and tests/hw_units) with the hw files (names
// under hw/, separated by spaces) and iverilog options PARAMS (parameter overrides; a -g2012 there
// overrides the -g2005 before it), runs it, parses "checked". *log is the
// compiler's output if it fails, else the simulation's stdout and stderr. A
// file HYPERCAST_HW_OVERRIDE names replaces its hw/ file (tools/mutation.h).
inline Checked runBench(const std::string& tb, const std::string& hw, const std::string& params,
                        std::string* log) {
  const std::string src = HC_SOURCE_DIR;
  const std::string vvp = "/tmp/hctest-hwunit-" + std::to_string(::getpid()) + ".vvp";
  std::string sources;
  std::istringstream names(hw);
  for (std::string name; names >> name;) {
    const std::string replacement = hypercast::tools::hwOverrideFor(name);
    sources += " " + (replacement.empty() ? src + "/hw/" + name : replacement);
  }
  const auto c = run("iverilog -g2005 -I " + src + "/hw/include -I " + src + "/tests/hw_units " +
                     params + " -o " + vvp + " " + src + "/tests/hw_units/" + tb + sources);
  Checked r;
  *log = c.out + c.err;
  if (c.code != 0) return r;
  const auto s = run("vvp -n " + vvp);
  std::filesystem::remove(vvp);
  *log = s.out + s.err;
  std::smatch m;
  if (std::regex_search(s.out, m, std::regex("checked (\\d+) (\\d+) (\\d+)"))) {
    r.ended = true;
    r.cycles = std::stoll(m[1]);
    r.events = std::stoll(m[2]);
    r.errors = std::stoll(m[3]);
  }
  return r;
}

// The hw/ file NAME ("hc_cfg_dims.v") as a bench of a generated folder DIR
// compiles it: the replacement HYPERCAST_HW_OVERRIDE names (tools/mutation.h),
// else the folder's copy DIR/hw/NAME. Compile with -I HC_SOURCE_DIR/hw/include:
// a replacement includes the assertion vocabulary.
inline std::string hwFile(const std::string& dir, const std::string& name) {
  const std::string replacement = hypercast::tools::hwOverrideFor(name);
  return replacement.empty() ? dir + "/hw/" + name : replacement;
}

// How many times TEXT occurs in LOG.
inline int occurrences(const std::string& log, const std::string& text) {
  int n = 0;
  for (size_t at = log.find(text); at != std::string::npos; at = log.find(text, at + text.size()))
    ++n;
  return n;
}

}  // namespace hctest
