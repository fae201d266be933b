// What a simulation run found, and its two renderings: the text report of
// `hypercast simulate` and the JSON summary of `--json`.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace hypercast {
namespace tb {

struct Divergence {
  bool found = false;
  int64_t cycle = 0;
  uint64_t node = 0;
  std::string port;  // "lane P" or "inject"
  std::string expected;
  std::string actual;
};

struct SimOutcome {
  std::string engine;
  std::string rtl_model;
  uint64_t nodes = 0;
  int degree = 0;
  int diameter = 0;
  uint64_t broadcasts = 0;
  uint64_t reached = 0;  // nodes holding every broadcast at the end
  uint64_t deliveries = 0;
  uint64_t expected_deliveries = 0;
  uint64_t redundant = 0;
  uint64_t missing = 0;
  uint64_t transmissions = 0;
  int steps = 0;
  int64_t completion_cycles = -1;  // last link crossing - first injection
  int64_t cycles = 0;
  bool watchdog = false;
  int64_t watchdog_limit = 0;
  bool checker_ok = false;
  std::vector<std::string> checker_errors;
  bool cosim = false;
  int64_t cycles_compared = 0;
  Divergence divergence;
  double seconds = 0;
  bool pass = false;

  double nodeCyclesPerSecond() const;
};

void printJson(std::ostream& os, const SimOutcome& o);
void printText(std::ostream& os, const SimOutcome& o);

}  // namespace tb
}  // namespace hypercast
