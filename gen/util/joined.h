// Words joined for a message or a report: {"a", "b", "c"} -> "a, b, c".
#pragma once

#include <string>
#include <vector>

namespace hypercast {

inline std::string joined(const std::vector<std::string>& items, const std::string& sep = ", ") {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : sep) + item;
  return out;
}

}  // namespace hypercast
