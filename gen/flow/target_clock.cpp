#include "flow/target_clock.h"

#include "emit/tool_files.h"

namespace hypercast {
namespace flow {

int targetMhz(const Params& a) {
  return static_cast<int>(a.getInt("target-mhz", kDefaultTargetMhz, 1, kMaxTargetMhz));
}

}  // namespace flow
}  // namespace hypercast
