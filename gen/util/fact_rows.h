// The rows of `info`'s text: a key, then its value, every value in one column.
#pragma once

#include <string>

namespace hypercast {

// Where `info`'s values start: after the longest key ("regular order") and a space.
constexpr size_t kFactKeyWidth = 14;

// `k` padded to kFactKeyWidth (at least one space after it).
inline std::string factKey(const std::string& k) {
  return k + std::string(k.size() < kFactKeyWidth ? kFactKeyWidth - k.size() : 1, ' ');
}

// The indent of a value's continuation lines.
inline std::string factIndent() { return std::string(kFactKeyWidth, ' '); }

}  // namespace hypercast
