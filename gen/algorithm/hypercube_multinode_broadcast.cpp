// Bertsekas et al., Sec. 2: optimal multinode broadcast on the d-cube.
#include <stdexcept>

#include "algorithm/hypercube_schedules.h"
#include "algorithm/rotation_classes.h"

namespace hypercast {

std::vector<BroadcastLink> multinodeBroadcastSets(int d) {
  const RotationClasses rc(d);
  const uint32_t n = uint32_t{1} << d;
  const uint32_t du = static_cast<uint32_t>(d);
  // First element of each class: the bit in position m(t) is one (property 1);
  // for R_k1 also the bit in position m(t) - 1 (d when m(t) = 1) is zero, so that
  // the flipped bit lies next to a zero.
  std::vector<uint32_t> first;
  for (const RotationClass& c : rc.classes()) {
    const int m = rc.m(c.first_n);
    const bool r_k1 = c.members.front() == (uint32_t{1} << c.k) - 1;
    const int below = m > 1 ? m - 1 : d;
    uint32_t pick = 0;
    bool found = false;
    for (uint32_t t : c.members) {
      if (RotationClasses::bit(t, m) && (!r_k1 || !RotationClasses::bit(t, below))) {
        pick = t;
        found = true;
        break;
      }
    }
    if (!found) throw std::logic_error("Sec. 2: no first element satisfies property (1)");
    first.push_back(pick);
  }
  const Numbering num = numberIdentities(rc, first);
  // A_i links each t of E_i (n(t) in (i-1)d+1..id, the last set E_q taking the
  // rest) to t with the bit in position m(t) reversed.
  std::vector<BroadcastLink> links;
  for (uint32_t nt = 1; nt < n; ++nt) {
    const uint32_t t = num.order[nt];
    const int m = rc.m(nt);
    const uint32_t parent = t & ~(uint32_t{1} << (m - 1));
    const uint32_t step = (nt + du - 1) / du;
    if (parent == t || num.n_of[parent] > (step - 1) * du) {
      throw std::logic_error("Sec. 2: a link of A_i does not reach an earlier E_k");
    }
    links.push_back({step, parent, t});
  }
  return links;
}

Schedule hypercubeMultinodeBroadcast(int d) {
  const std::vector<BroadcastLink> a = multinodeBroadcastSets(d);
  Schedule s;
  s.collective = Collective::kMultinodeBroadcast;
  s.nodes = uint64_t{1} << d;
  s.steps = a.empty() ? 0 : a.back().step;
  s.transfers.reserve(a.size() * s.nodes);
  for (const BroadcastLink& l : a) {  // ascending step
    for (uint32_t t = 0; t < s.nodes; ++t) {
      s.transfers.push_back({l.step, t ^ l.from, t ^ l.to, t, kAllNodes});
    }
  }
  return s;
}

}  // namespace hypercast
