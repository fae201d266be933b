// The SystemC-only harness links this instead of a Verilated network.
#include "tb/rtl_network.h"

namespace hypercast {
namespace tb {

std::unique_ptr<RtlNetwork> makeRtlNetwork(const NetworkDesc&, const RtlLayout&,
                                           const RtlRunOptions&) {
  return nullptr;
}

}  // namespace tb
}  // namespace hypercast
