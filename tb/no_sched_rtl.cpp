// The SystemC-only schedule harness links this instead of a Verilated network.
#include "tb/sched_rtl.h"

namespace hypercast {
namespace tb {

std::unique_ptr<SchedRtl> makeSchedRtl(uint64_t, int, int, const std::string&) { return nullptr; }

}  // namespace tb
}  // namespace hypercast
