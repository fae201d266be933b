// Lower bounds on time steps and transmissions of a collective on a network
// under the all-port model, from the papers' formulas and the definitions:
//   - the d-cube: Bertsekas et al., Table 1 (checker/hypercube_bounds.h);
//   - MT(n,k), k odd: Fragopoulou & Akl, Sec. 4.1, for M messages per pair;
//   - multinode broadcast and total exchange on any Cayley graph: the counting
//     bounds (ceil((P-1)/d) and ceil(sum of distances / d)) and the diameter;
//     for the total exchange with the fewest transmissions also the generator
//     sets' forced loads along shortest paths;
//   - any graph from a file, any network with links removed, and any network
//     of at most 4096 nodes without a formula here (MT(n,k), k even): the counting bounds from the
//     checker's own links (in- and out-links per node, the diameter), for the
//     total exchange the link-length bound (the sum over the pairs of their
//     distances under link lengths over the lengths' sum, the lengths searched
//     by multiplicative weights; lengths 1 give the sum of distances over the
//     links), the cut bounds of a few node sets (the links out of a set carry
//     the packets that leave it), all among the endpoints when the network
//     has switch nodes, for the total exchange also the coupled send/receive
//     bound (what a node must send early leaves too little for its other
//     packets to arrive early), and the multinode broadcast's transmissions by
//     the least trees that reach every endpoint (switches forward);
//   - single-node broadcast of one message on any network: the root's
//     eccentricity (a packet crosses one link per step) and N - 1 transmissions
//     (every other node receives it at least once), found by the checker's own
//     BFS (checker/network_links.h).
// A schedule that meets both is optimal. Where no bound is known, known = false.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithm/collective.h"
#include "checker/hypercube_bounds.h"
#include "topology/network.h"

namespace hypercast {
namespace checker {

struct KnownBound {
  bool known = false;
  LowerBound bound;
  // The fewest steps of a schedule whose transmissions equal bound.transmissions
  // (every packet on a shortest path), when that is more than bound.steps: the
  // total exchange on a Cayley graph whose shortest paths load the generators
  // unevenly. Else equal to bound.steps.
  uint64_t steps_at_min_transmissions = 0;
};

KnownBound lowerBound(const NetworkDesc& net, const CollectiveProblem& c);
// The counting bounds of any graph (above) on any network, from the checker's
// own links: what lowerBound gives a graph or a network with links removed.
// Broadcast: unknown here (lowerBound has its eccentricity bound).
KnownBound graphLowerBound(const NetworkDesc& net, const CollectiveProblem& c);

// The coupled send/receive bound's late(x) (lower_bounds.cpp): of the packets
// a node sends on `links` links a step, count[d] of them to nodes d links away
// (d >= 1), the fewest that cannot arrive by step a - 1 when every one arrives
// by step `steps` (1 <= a <= steps); kRuledOut when they cannot all arrive by then.
constexpr uint64_t kRuledOut = ~uint64_t{0};
uint64_t fewestLatePackets(const std::vector<uint64_t>& count, uint64_t links, uint64_t steps,
                           uint64_t a);

}  // namespace checker
}  // namespace hypercast
