// Multinode scatter (total exchange) on MT(n,k), Fragopoulou & Akl Sec. 4.4,
// and hypercast's edge-coloured template where the paper's splitting is
// fractional: algorithm/torus_schedules.h.
#include <algorithm>

#include "algorithm/edge_colouring.h"
#include "algorithm/torus_schedules.h"
#include "algorithm/torus_template.h"

namespace hypercast {

using torus_detail::TemplateHop;

namespace {

// The paper: leader by leader, the 2n lanes move their groups in lockstep, each
// group crossing a hop whole before the next hop (a group of g messages takes
// g steps per hop), so every step's template edges are one T_0 edge's 2n
// rotations.
std::vector<TemplateHop> paperHops(const TorusLabels& t, uint32_t messages) {
  const TorusBsg b = torusBsg(t);
  const int two_n = 2 * t.n();
  const std::vector<uint32_t> order = torus_detail::farthestFirstLeaders(t);
  const std::vector<NonFullLeader> nonfull =
      torus_detail::nonFullLeaders(t, order, std::vector<int>(order.size(), 0));
  const LaneSplit split = paperLaneSplit(two_n, messages, nonfull);
  std::vector<TemplateHop> hops;
  uint32_t start = 0;
  size_t l = 0;
  for (uint32_t v : order) {
    const bool full = t.period(v) == two_n;
    const uint32_t group = full ? messages : split.count[l][0];
    uint32_t depth = 0;
    for (int i = 0; i < two_n; ++i) {
      const uint32_t first = full ? 0 : split.first[l][static_cast<size_t>(i)];
      const std::vector<uint32_t> path = bsgPath(t, b, v, i);
      depth = static_cast<uint32_t>(path.size() - 1);
      for (uint32_t h = 1; h <= depth; ++h) {
        for (uint32_t j = 0; j < group; ++j) {
          hops.push_back({start + (h - 1) * group + j + 1, path[h - 1], path[h],
                          static_cast<int32_t>(path.back()), first + j});
        }
      }
    }
    start += depth * group;
    if (!full) ++l;
  }
  return hops;
}

// The extension: every message's hops (its shortest-path moves, grouped by
// port) are edges of a bipartite multigraph messages x ports; a proper edge
// colouring with D colours (D = the busiest port's hop count, the lower bound)
// gives each hop a step, and no port twice in a step.
std::vector<TemplateHop> colouredHops(const TorusLabels& t, uint32_t messages) {
  const int n = t.n();
  const int k = t.k();
  std::vector<std::pair<uint32_t, uint32_t>> edges;  // (message, port)
  for (uint32_t u = 1; u < t.nodes(); ++u) {
    for (uint32_t m = 0; m < messages; ++m) {
      const uint32_t id = (u - 1) * messages + m;
      for (int i = 0; i < n; ++i) {
        const int x = t.digit(u, i);
        const int hops = x <= k / 2 ? x : k - x;
        const uint32_t port = static_cast<uint32_t>(x <= k / 2 ? 2 * i : 2 * i + 1);
        for (int h = 0; h < hops; ++h) edges.push_back({id, port});
      }
    }
  }
  const std::vector<uint32_t> colour =
      bipartiteEdgeColouring((t.nodes() - 1) * messages, static_cast<uint32_t>(2 * n), edges);
  std::vector<TemplateHop> hops;
  hops.reserve(edges.size());
  size_t e = 0;
  std::vector<std::pair<uint32_t, uint32_t>> mine;  // (colour, port)
  while (e < edges.size()) {
    const uint32_t id = edges[e].first;
    mine.clear();
    for (; e < edges.size() && edges[e].first == id; ++e)
      mine.push_back({colour[e], edges[e].second});
    std::sort(mine.begin(), mine.end());
    const uint32_t dest = id / messages + 1;
    uint32_t at = 0;
    for (const auto& cp : mine) {
      const uint32_t next = t.neighbour(at, static_cast<int>(cp.second));
      hops.push_back({cp.first + 1, at, next, static_cast<int32_t>(dest), id % messages});
      at = next;
    }
  }
  return hops;
}

}  // namespace

Schedule torusTotalExchange(const TorusLabels& t, uint32_t messages, TorusConstruction how) {
  const bool paper = torus_detail::usePaper(t, messages, how);
  std::vector<uint32_t> sources(t.nodes());
  for (uint32_t s = 0; s < t.nodes(); ++s) sources[s] = s;
  Schedule s = torus_detail::fromTemplate(
      t, Collective::kTotalExchange, 0, messages,
      paper ? paperHops(t, messages) : colouredHops(t, messages), sources);
  s.construction = paper ? "paper" : "extension";
  s.group_store_and_forward = paper;  // each group crosses a hop whole before the next
  return s;
}

}  // namespace hypercast
