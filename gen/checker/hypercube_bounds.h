// Lower bounds on time steps and packet transmissions for the d-cube collectives
// under the all-port (MLA) model: Bertsekas et al., Table 1. The single-node
// broadcast, which Sec. 1 defines but does not discuss further (Table 1 has no
// row for it), has the plain bounds: d steps, the diameter; 2^d - 1
// transmissions, one per receiving node. A schedule that meets both is optimal.
#pragma once

#include <cstdint>

#include "algorithm/collective.h"

namespace hypercast {
namespace checker {

struct LowerBound {
  uint64_t steps = 0;
  uint64_t transmissions = 0;
};

LowerBound hypercubeLowerBound(int d, Collective c);

}  // namespace checker
}  // namespace hypercast
