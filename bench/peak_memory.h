// hc-bench's peak-memory rows: a few runs near the cost budgets
// (gen/flow/limits.h), each with the memory its estimate stands for and the
// peak resident set of the hypercast process tree as measured.
#pragma once

#include <string>

namespace hypercast {
namespace bench {

// Prints one table row per case: `hc` is the hypercast binary.
void peakMemory(const std::string& hc);

}  // namespace bench
}  // namespace hypercast
