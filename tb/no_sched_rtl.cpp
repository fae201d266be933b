// The SystemC-only schedule harness links this instead of a Verilated network.
#include "tb/sched_rtl.h"

namespace hypercast {
namespace tb {

std::unique_ptr<SchedRtl> makeSchedRtl(const SchedRtlSetup&) { return nullptr; }

}  // namespace tb
}  // namespace hypercast
