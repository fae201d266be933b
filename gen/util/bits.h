// Bit widths of fields and indices.
#pragma once

#include <cstdint>

namespace hypercast {

// Bits to hold 0..max_value, at least 1.
inline int bitsFor(uint64_t max_value) {
  int b = 1;
  while (b < 64 && (max_value >> b) != 0) ++b;
  return b;
}

}  // namespace hypercast
