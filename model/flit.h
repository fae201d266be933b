// A flit on a hypercycle link, as the RTL carries it: {vc, origin, wd, wc, payload}
// ({vc, origin, wd, wc, epoch, payload} with --arbitration epoch).
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
  // The packet's epoch (--arbitration epoch, docs/hardware.md "Bounded waiting");
  // 0 under the other arbitrations. The model keeps the whole number; the
  // hardware, with two epochs open, carries its parity.
  uint32_t epoch = 0;

  // Invalid flits compare equal whatever their fields: the RTL zeroes them, the
  // model does not care. Epochs compare by their parity, as the RTL carries them.
  bool operator==(const Flit& o) const {
    if (valid != o.valid) return false;
    return !valid || (vc == o.vc && origin == o.origin && wd == o.wd && wc == o.wc &&
                      payload == o.payload && ((epoch ^ o.epoch) & 1) == 0);
  }
  bool operator!=(const Flit& o) const { return !(*this == o); }
};

std::ostream& operator<<(std::ostream& os, const Flit& f);

}  // namespace model
}  // namespace hypercast
