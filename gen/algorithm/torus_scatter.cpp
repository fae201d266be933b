// Single-node scatter on MT(n,k), Fragopoulou & Akl Sec. 4.3 (and hypercast's
// balanced split where the paper's is fractional): algorithm/torus_schedules.h.
#include "algorithm/torus_schedules.h"
#include "algorithm/torus_template.h"

namespace hypercast {

using torus_detail::TemplateHop;

Schedule torusScatter(const TorusLabels& t, uint32_t root, uint32_t messages,
                      TorusConstruction how) {
  const TorusBsg b = torusBsg(t);
  const int two_n = 2 * t.n();
  const std::vector<uint32_t> order = torus_detail::farthestFirstLeaders(t);
  // The resource of lane i is the source's port on T_i: lane i itself.
  const std::vector<NonFullLeader> nonfull =
      torus_detail::nonFullLeaders(t, order, std::vector<int>(order.size(), 0));
  const bool paper = torus_detail::usePaper(t, messages, how);
  const LaneSplit split = paper ? paperLaneSplit(two_n, messages, nonfull)
                                : balancedLaneSplit(two_n, messages, nonfull);
  std::vector<TemplateHop> hops;
  std::vector<uint32_t> sent(static_cast<size_t>(two_n), 0);  // messages lane i has emitted
  size_t l = 0;
  for (uint32_t v : order) {
    const bool full = t.period(v) == two_n;
    for (int i = 0; i < two_n; ++i) {
      const uint32_t count = full ? messages : split.count[l][static_cast<size_t>(i)];
      const uint32_t first = full ? 0 : split.first[l][static_cast<size_t>(i)];
      if (count == 0) continue;
      const std::vector<uint32_t> path = bsgPath(t, b, v, i);
      const int32_t dest = static_cast<int32_t>(path.back());
      for (uint32_t j = 0; j < count; ++j) {
        // Emitted in step e, the message crosses hop h in step e + h - 1.
        const uint32_t e = ++sent[static_cast<size_t>(i)];
        for (size_t h = 1; h < path.size(); ++h) {
          hops.push_back({e + static_cast<uint32_t>(h) - 1, path[h - 1], path[h], dest, first + j});
        }
      }
    }
    if (!full) ++l;
  }
  Schedule s =
      torus_detail::fromTemplate(t, Collective::kScatter, root, messages, std::move(hops), {root});
  s.construction = paper ? "paper" : "extension";
  return s;
}

}  // namespace hypercast
