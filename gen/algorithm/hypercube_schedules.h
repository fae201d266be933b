// The d-cube collectives of Bertsekas et al. under the all-port (MLA) model, each
// built the way the paper builds it. Table 1's optimal times and transmission
// counts are the checker's business (checker/hypercube_bounds.h); these functions
// only construct.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithm/collective.h"

namespace hypercast {

// Largest d each construction accepts (the schedule's size: 2^d (2^d - 1)
// transfers for the multinode broadcast, d 2^(2d-1) for the total exchange).
int hypercubeMaxDim(Collective c);

// Single-node broadcast from `root` in d steps along the binomial spanning tree:
// in step k every node holding the packet sends it across dimension k.
Schedule hypercubeBroadcast(int d, uint32_t root);

// Sec. 2: the single-node broadcast A_1..A_q from 00..0, with q = ceil((2^d-1)/d)
// and the links of each A_i of distinct types, replicated at every node t as
// A_i(t) = {(t XOR x, t XOR y)}.
struct BroadcastLink {
  uint32_t step = 0;  // i of A_i
  uint32_t from = 0;
  uint32_t to = 0;
};
std::vector<BroadcastLink> multinodeBroadcastSets(int d);
Schedule hypercubeMultinodeBroadcast(int d);

// Sec. 3: the perfectly balanced shortest-path spanning tree from 00..0.
// parent[0] = 0; subtree[x] = the root's neighbour whose subtree holds x.
struct SpanningTree {
  std::vector<uint32_t> parent;
  std::vector<uint32_t> subtree;
};
SpanningTree balancedScatterTree(int d);
// The root sends down each subtree continuously, farthest destination first
// (ties: smaller identity first), translated from 00..0 to `root` by XOR.
Schedule hypercubeScatter(int d, uint32_t root);

// Sec. 4: the recursive three-phase total exchange, with Sec. 4's phase-2 order
// (ties in the d-cube send time broken by ascending link) so that d = 4 gives
// the order of Fig. 6.
Schedule hypercubeTotalExchange(int d);

// Dispatch on the collective; `root` is ignored by the all-node collectives.
Schedule hypercubeSchedule(int d, Collective c, uint32_t root);

}  // namespace hypercast
