// One-line user-facing errors. Every layer throws hypercast::Error; the CLI prints
// "hypercast: <message>" on stderr and exits non-zero.
#pragma once

#include <cstdio>
#include <stdexcept>
#include <string>

namespace hypercast {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& what) : std::runtime_error(what) {}
};

// Text as an error shows it: control characters (a newline inside an
// option's value) escaped, so that the error stays one line.
inline std::string oneLine(const std::string& text) {
  std::string out;
  for (unsigned char c : text) {
    if (c == '\n') {
      out += "\\n";
    } else if (c < 0x20 || c == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

}  // namespace hypercast
