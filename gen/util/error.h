// One-line user-facing errors. Every layer throws hypercast::Error; the CLI prints
// "hypercast: <message>" on stderr and exits non-zero.
#pragma once

#include <stdexcept>
#include <string>

namespace hypercast {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace hypercast
