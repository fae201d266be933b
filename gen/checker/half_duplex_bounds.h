// Lower bounds on a collective's steps over half-duplex (one-way) links (Faber,
// paper 003, Sec. 6): every full-duplex bound (checker/lower_bounds.h) holds,
// and on a Cayley graph with E undirected links (unordered pairs {x, y} joined
// either way, counted by the checker's own links) each step moves at most E
// packets:
//   multinode broadcast  ceil(P (P-1) / E)   (Q_d: E = P d / 2, Thm 6.3's
//                                              ceil(2 (2^d - 1) / d))
//   total exchange       ceil(P S / E)       (S the sum of distances from e;
//                                              Q_d: 2^d, Thm 6.5)
// A single-node broadcast or scatter moves packets away from the root along a
// tree, never both ways on one link in one step: its bounds are unchanged.
#pragma once

#include "checker/lower_bounds.h"

namespace hypercast {
namespace checker {

// Unordered pairs {x, y} with a link x->y or y->x.
uint64_t undirectedLinks(const NetworkDesc& net);
KnownBound halfDuplexLowerBound(const NetworkDesc& net, const CollectiveProblem& c);
// Universal broadcast to within distance l (Def. 6.6) on a Cayley graph with d
// ports, N_l nodes at distance 1..l from e: P N_l transmissions, and
//   two-way  max(ceil(N_l / d), min(l, diameter))       (Thm 7.13(ii) on Q_d)
//   one-way  also ceil(P N_l / E)                        (Thm 6.3: ceil(2 N_l / d))
// Unknown (known = false) on a mesh.
KnownBound withinDistanceLowerBound(const NetworkDesc& net, int l, LinkMode links);

}  // namespace checker
}  // namespace hypercast
