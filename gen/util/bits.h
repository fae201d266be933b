// Bit widths of fields and indices, and bit vectors as hex digits.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hypercast {

// Bits to hold 0..max_value, at least 1.
inline int bitsFor(uint64_t max_value) {
  int b = 1;
  while (b < 64 && (max_value >> b) != 0) ++b;
  return b;
}

// Hex digits of `bits` (bit i is bits[i]), most significant first: ceil(n/4)
// digits, the top digit padded with zeros.
inline std::string hexOfBits(const std::vector<bool>& bits) {
  std::string hex;
  for (size_t d = (bits.size() + 3) / 4; d-- > 0;) {
    int v = 0;
    for (size_t b = 4; b-- > 0;) {
      const size_t i = 4 * d + b;
      v = 2 * v + (i < bits.size() && bits[i] ? 1 : 0);
    }
    hex += "0123456789abcdef"[v];
  }
  return hex;
}

}  // namespace hypercast
