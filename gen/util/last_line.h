// The last line of a program's output, as a one-line message: trailing line
// breaks and spaces dropped, and a leading "program: " among `prefixes`
// ("hypercast: ", "hc-harness: ") taken off.
#pragma once

#include <initializer_list>
#include <string>

namespace hypercast {

inline std::string lastLine(std::string text, std::initializer_list<const char*> prefixes = {}) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) {
    text.pop_back();
  }
  const size_t nl = text.rfind('\n');
  std::string line = nl == std::string::npos ? text : text.substr(nl + 1);
  for (const char* prefix : prefixes) {
    const std::string p(prefix);
    if (line.rfind(p, 0) == 0) return line.substr(p.size());
  }
  return line;
}

}  // namespace hypercast
