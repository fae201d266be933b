// A flit on a hypercycle link, as the RTL carries it: {vc, origin, wd, wc, payload}.
#pragma once

#include <cstdint>
#include <ostream>

namespace hypercast {
namespace model {

struct Flit {
  bool valid = false;
  bool vc = false;
  uint32_t origin = 0;
  uint32_t wd = 0;
  uint32_t wc = 0;
  uint64_t payload = 0;

  // Invalid flits compare equal whatever their fields: the RTL zeroes them, the
  // model does not care.
  bool operator==(const Flit& o) const {
    if (valid != o.valid) return false;
    return !valid ||
           (vc == o.vc && origin == o.origin && wd == o.wd && wc == o.wc && payload == o.payload);
  }
  bool operator!=(const Flit& o) const { return !(*this == o); }
};

std::ostream& operator<<(std::ostream& os, const Flit& f);

}  // namespace model
}  // namespace hypercast
