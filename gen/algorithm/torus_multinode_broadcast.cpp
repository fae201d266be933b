// Multinode broadcast on MT(n,k), Fragopoulou & Akl Sec. 4.2 (and hypercast's
// extension where the paper's splitting is fractional): algorithm/torus_schedules.h.
#include "algorithm/torus_schedules.h"
#include "algorithm/torus_template.h"

namespace hypercast {

using torus_detail::TemplateHop;

Schedule torusMultinodeBroadcast(const TorusLabels& t, uint32_t messages, TorusConstruction how) {
  const TorusBsg b = torusBsg(t);
  const int two_n = 2 * t.n();
  const std::vector<int> pos = portOrbitPositions(t);
  // Lane i of the T_0 edge into v uses the dimension at position base(v) + i.
  std::vector<int> bases;
  for (uint32_t v : b.preorder) {
    bases.push_back(pos[static_cast<size_t>(torusPort(t, b.parent[v], v))]);
  }
  const std::vector<NonFullLeader> nonfull = torus_detail::nonFullLeaders(t, b.preorder, bases);
  const bool paper = torus_detail::usePaper(t, messages, how);
  const LaneSplit split = paper ? paperLaneSplit(two_n, messages, nonfull)
                                : balancedLaneSplit(two_n, messages, nonfull);
  std::vector<TemplateHop> hops;
  uint32_t step = 0;
  // The lockstep depth-first traversal: every lane on the rotation of the same
  // T_0 edge, a full node's edge for M steps (the whole group), a non-full
  // node's (paper only) for MP/2n.
  size_t l = 0;
  for (uint32_t v : b.preorder) {
    const bool full = t.period(v) == two_n;
    if (!full && !paper) continue;
    const uint32_t width = full ? messages : split.count[l][0];
    for (int i = 0; i < two_n; ++i) {
      const uint32_t first = full ? 0 : split.first[l][static_cast<size_t>(i)];
      for (uint32_t j = 0; j < width; ++j) {
        hops.push_back(
            {step + j + 1, t.rotate(b.parent[v], i), t.rotate(v, i), kAllNodes, first + j});
      }
    }
    if (!full) ++l;
    step += width;
  }
  if (!paper) {
    // The non-full nodes are leaves (Sec. 3, property 3) whose parents now hold
    // everything: each dimension sends its share one message per step.
    std::vector<uint32_t> used(static_cast<size_t>(two_n), 0);
    size_t nl = 0;
    for (size_t vi = 0; vi < b.preorder.size(); ++vi) {
      const uint32_t v = b.preorder[vi];
      if (t.period(v) == two_n) continue;
      for (int i = 0; i < two_n; ++i) {
        const int r = (bases[vi] + i) % two_n;
        for (uint32_t j = 0; j < split.count[nl][static_cast<size_t>(i)]; ++j) {
          hops.push_back({step + ++used[static_cast<size_t>(r)], t.rotate(b.parent[v], i),
                          t.rotate(v, i), kAllNodes, split.first[nl][static_cast<size_t>(i)] + j});
        }
      }
      ++nl;
    }
  }
  std::vector<uint32_t> sources(t.nodes());
  for (uint32_t s = 0; s < t.nodes(); ++s) sources[s] = s;
  Schedule s = torus_detail::fromTemplate(t, Collective::kMultinodeBroadcast, 0, messages,
                                          std::move(hops), sources);
  s.construction = paper ? "paper" : "extension";
  s.group_store_and_forward = paper;  // a full node forwards its group once it holds all of it
  return s;
}

}  // namespace hypercast
