// One transfer of a combining collective, a plain value the construction
// (algorithm/combining_collectives.h) writes and the checker
// (checker/combining_checker.h) reads without including the construction.
#pragma once

#include <cstdint>

namespace hypercast {

// Node `from` sends its partial sum for `target` to node `to` in `step` (>= 1);
// `to` adds it to its own partial sum for `target`. The sender keeps its value
// (a register is read, not cleared), so sending it twice counts it twice.
struct CombiningTransfer {
  uint32_t step = 0;
  uint32_t from = 0;
  uint32_t to = 0;
  uint32_t target = 0;
};

}  // namespace hypercast
