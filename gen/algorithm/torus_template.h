// Shared by the MT(n,k) constructions (algorithm/torus_schedules.h): the
// template a source 0^n follows, translated to real sources (Def. 1).
#pragma once

#include <cstdint>
#include <vector>

#include "algorithm/collective.h"
#include "algorithm/torus_bsg.h"
#include "algorithm/torus_lane_split.h"
#include "algorithm/torus_schedules.h"
#include "topology/torus_necklaces.h"

namespace hypercast {
namespace torus_detail {

struct TemplateHop {
  uint32_t step = 0;
  uint32_t from = 0;
  uint32_t to = 0;
  int32_t dest = kAllNodes;  // relative to the source for a personalized packet
  uint32_t msg = 0;
};

// Every source in `sources` runs the template translated to it; the result is
// in ascending step.
Schedule fromTemplate(const TorusLabels& t, Collective c, uint32_t root, uint32_t messages,
                      std::vector<TemplateHop> hops, const std::vector<uint32_t>& sources);

// The leaders other than 0^n, farthest first, ties by decreasing leader (the
// scatter's table, Sec. 4.3).
std::vector<uint32_t> farthestFirstLeaders(const TorusLabels& t);

// The non-full ones among `leaders`, with the lane-0 resource `base` of each.
std::vector<NonFullLeader> nonFullLeaders(const TorusLabels& t,
                                          const std::vector<uint32_t>& leaders,
                                          const std::vector<int>& bases);

// Whether to build the paper's construction; throws Error for kPaper where the
// paper's splitting is fractional.
bool usePaper(const TorusLabels& t, uint32_t messages, TorusConstruction how);

}  // namespace torus_detail
}  // namespace hypercast
