// Limits by cost: before any allocation, a run's work and memory are estimated
// from its parameters alone, and a run whose estimate is above the budget is
// refused in one line that names the estimate and the limit. The budget is what
// fits in 8 GiB and about an hour on 2 cores (measured, docs/user-guide.md,
// "Limits"); --allow-large (or HYPERCAST_ALLOW_LARGE=1 in the environment)
// multiplies every budget by kAllowLargeFactor for bigger machines. The
// Limits table in the docs lists each constant with its formula, and a test
// checks the table against these constants.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "flow/flow.h"
#include "util/params.h"

namespace hypercast {
namespace flow {

// simulate (weight-router network): broadcasts x nodes, the deliveries the
// model makes and the checker checks (a --trace has at most one row per
// delivery). Estimated at kBytesPerDelivery each: 2^29 of them are 8 GiB
// (measured: about 9 bytes each, and 5 million deliveries a second).
constexpr uint64_t kMaxDeliveries = uint64_t{1} << 29;
constexpr uint64_t kBytesPerDelivery = 16;
// simulate: ports per node (the generators of a Cayley graph); fixed, not
// raised by --allow-large.
constexpr uint64_t kMaxSimulatePorts = 64;
// simulate: port ends, nodes x ports per node (measured: K_1000's million port
// ends take 1.6 GB, so 2^22 of them fit in 8 GiB).
constexpr uint64_t kMaxSimulatePortEnds = uint64_t{1} << 22;
// regress plan: jobs, networks x sweep values x engines x repeats.
constexpr uint64_t kMaxRegressJobs = 100000;
// --allow-large multiplies each budget above by this.
constexpr uint64_t kAllowLargeFactor = 64;

// HYPERCAST_ALLOW_LARGE=1 in the environment.
inline bool allowLargeFromEnvironment() {
  const char* v = std::getenv("HYPERCAST_ALLOW_LARGE");
  return v && std::strcmp(v, "1") == 0;
}

// The budget `limit`, or kAllowLargeFactor times it when large runs are allowed.
inline uint64_t budget(uint64_t limit, bool allow_large) {
  return allow_large ? limit * kAllowLargeFactor : limit;
}

// Refuses (hypercast::Error, one line) a run of `step` whose estimated cost is
// above its budget. --allow-large in `p`, or the environment, raises it.
void checkCost(const Params& p, Step step);

}  // namespace flow
}  // namespace hypercast
