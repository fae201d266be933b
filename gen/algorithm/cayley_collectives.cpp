#include "algorithm/cayley_collectives.h"

#include <algorithm>
#include <numeric>

#include "algorithm/edge_colouring.h"
#include "util/error.h"

namespace hypercast {

namespace {

// x + y in the group, digit by digit.
class GroupAdd {
 public:
  explicit GroupAdd(const NetworkDesc& net) : radix_(net.radices) {
    if (net.kind != NetworkDesc::Kind::kCayley) throw Error("not a Cayley graph");
  }
  uint32_t operator()(uint32_t x, uint32_t y) const { return groupAdd(radix_, x, y); }

 private:
  std::vector<int> radix_;
};

struct Hop {
  uint32_t step, from, to;
  int32_t dest;
};

Schedule translate(const NetworkDesc& net, Collective c, std::vector<Hop> hops) {
  std::stable_sort(hops.begin(), hops.end(),
                   [](const Hop& a, const Hop& b) { return a.step < b.step; });
  const GroupAdd add(net);
  const uint32_t n = static_cast<uint32_t>(net.nodes());
  Schedule s;
  s.collective = c;
  s.nodes = n;
  s.transfers.reserve(hops.size() * n);
  for (const Hop& h : hops) {
    for (uint32_t x = 0; x < n; ++x) {
      s.transfers.push_back(
          {h.step, add(x, h.from), add(x, h.to), x,
           h.dest < 0 ? kAllNodes : static_cast<int32_t>(add(x, uint32_t(h.dest))), 0});
    }
    s.steps = std::max(s.steps, h.step);
  }
  return s;
}

}  // namespace

Schedule cayleyUniversalBroadcast(const NetworkDesc& net, const PortGraph& g,
                                  const RegularOrderSearch& order) {
  if (order.nodes.size() != g.nodes()) throw Error("no universal-broadcast template was found");
  std::vector<Hop> hops;
  for (uint32_t v = 1; v < g.nodes(); ++v) {
    const TemplateNode& t = order.nodes[v];
    hops.push_back({t.time, t.parent, v, kAllNodes});
  }
  Schedule s = translate(net, Collective::kMultinodeBroadcast, std::move(hops));
  s.construction = order.regular ? "regular-order" : "template";
  s.promises_bound = false;  // a search: its steps are reported against the bound
  return s;
}

Schedule cayleyUniversalExchange(const NetworkDesc& net, const PortGraph& g) {
  const uint32_t n = static_cast<uint32_t>(g.nodes());
  const int d = g.ports();
  const PortGraph::Bfs search = g.bfs(0);
  const std::vector<int>& dist = search.dist;
  const std::vector<uint32_t>& bfs = search.order;
  if (bfs.size() != n) throw Error("the graph is not strongly connected");
  // Each target takes a shortest path; the paths are chosen farthest target
  // first, each the cheapest under the convex cost 2 load(p) + 1 per use of
  // generator p, then ripped up and rerouted against the others' loads for a few
  // rounds: this evens out the generators' loads, which bound the steps.
  std::vector<uint64_t> load(static_cast<size_t>(d), 0);
  std::vector<std::vector<int>> path(n);  // generators, target back to 0
  std::vector<uint64_t> cost(n);
  std::vector<int> via(n);
  std::vector<char> on(n);
  std::vector<uint32_t> dag;
  auto route = [&](uint32_t target) {
    dag.assign(1, target);
    on[target] = 1;
    for (size_t h = 0; h < dag.size(); ++h) {
      const uint32_t v = dag[h];
      for (int p = 0; p < d; ++p) {
        const uint32_t u = g.drivenBy(v, p).node;
        if (dist[u] == dist[v] - 1 && !on[u]) {
          on[u] = 1;
          dag.push_back(u);
        }
      }
    }
    for (auto v = dag.rbegin(); v != dag.rend(); ++v) {  // increasing distance
      if (*v == 0) {
        cost[0] = 0;
        continue;
      }
      cost[*v] = ~uint64_t{0};
      for (int p = 0; p < d; ++p) {
        const uint32_t u = g.drivenBy(*v, p).node;
        if (!on[u] || dist[u] != dist[*v] - 1) continue;
        const uint64_t c = cost[u] + 2 * load[static_cast<size_t>(p)] + 1;
        if (c < cost[*v]) {
          cost[*v] = c;
          via[*v] = p;
        }
      }
    }
    path[target].clear();
    for (uint32_t v = target; v != 0;) {
      const int p = via[v];
      ++load[static_cast<size_t>(p)];
      path[target].push_back(p);
      v = g.drivenBy(v, p).node;
    }
    for (uint32_t v : dag) on[v] = 0;
  };
  for (auto it = bfs.rbegin(); it != bfs.rend(); ++it) {
    if (*it != 0) route(*it);
  }
  for (int round = 0; round < 4; ++round) {
    for (auto it = bfs.rbegin(); it != bfs.rend(); ++it) {
      if (*it == 0) continue;
      for (int p : path[*it]) --load[static_cast<size_t>(p)];
      route(*it);
    }
  }
  std::vector<std::pair<uint32_t, uint32_t>> edges;  // (target - 1, generator)
  for (uint32_t t = 1; t < n; ++t) {
    for (int p : path[t]) edges.push_back({t - 1, static_cast<uint32_t>(p)});
  }
  std::sort(edges.begin(), edges.end());
  const std::vector<uint32_t> colour =
      bipartiteEdgeColouring(n - 1, static_cast<uint32_t>(d), edges);
  std::vector<Hop> hops;
  std::vector<std::pair<uint32_t, uint32_t>> mine;
  for (size_t e = 0; e < edges.size();) {
    const uint32_t id = edges[e].first;
    mine.clear();
    for (; e < edges.size() && edges[e].first == id; ++e)
      mine.push_back({colour[e], edges[e].second});
    std::sort(mine.begin(), mine.end());
    uint32_t at = 0;
    for (const auto& cp : mine) {
      const uint32_t next = g.drives(at, static_cast<int>(cp.second)).node;
      hops.push_back({cp.first + 1, at, next, static_cast<int32_t>(id + 1)});
      at = next;
    }
    if (at != id + 1) throw Error("universal exchange: a path misses its target");
  }
  Schedule s = translate(net, Collective::kTotalExchange, std::move(hops));
  s.construction = "coloured-paths";
  s.promises_bound = false;  // the generators' loads under shortest paths may be uneven
  return s;
}

}  // namespace hypercast
