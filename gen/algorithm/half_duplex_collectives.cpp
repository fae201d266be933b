#include "algorithm/half_duplex_collectives.h"

#include <algorithm>
#include <functional>
#include <map>

#include "algorithm/cayley_collectives.h"
#include "algorithm/edge_colouring.h"
#include "topology/network.h"
#include "util/error.h"

namespace hypercast {

namespace {

struct Hop {
  uint32_t step, from, to;
  int32_t dest;  // relative to the origin, kAllNodes for a broadcast packet
};

// Each class's template hops translated by the origins of that class.
Schedule translateByClass(const NetworkDesc& net, Collective c, const std::vector<uint8_t>& cls,
                          std::vector<Hop> (&hops)[2]) {
  if (net.kind != NetworkDesc::Kind::kCayley) throw Error("not a Cayley graph");
  const uint32_t n = static_cast<uint32_t>(net.nodes());
  Schedule s;
  s.collective = c;
  s.nodes = n;
  s.links = LinkMode::kHalfDuplex;
  for (int k = 0; k < 2; ++k) {
    for (const Hop& h : hops[k]) {
      for (uint32_t x = 0; x < n; ++x) {
        if (cls[x] != k) continue;
        s.transfers.push_back(
            {h.step, groupAdd(net.radices, x, h.from), groupAdd(net.radices, x, h.to), x,
             h.dest < 0
                 ? kAllNodes
                 : static_cast<int32_t>(groupAdd(net.radices, x, static_cast<uint32_t>(h.dest))),
             0});
        s.steps = std::max(s.steps, h.step);
      }
    }
  }
  std::stable_sort(s.transfers.begin(), s.transfers.end(),
                   [](const Transfer& a, const Transfer& b) { return a.step < b.step; });
  return s;
}

// Kuhn's augmenting paths: left vertex l may take right vertex r when ok(l, r).
// Returns the right vertex of every left one, or empty if some stays unmatched.
template <class Ok>
std::vector<int> matchAll(int left, int right, Ok ok) {
  std::vector<int> of_right(static_cast<size_t>(right), -1), of_left(static_cast<size_t>(left), -1);
  std::vector<char> seen;
  std::function<bool(int)> augment = [&](int l) {
    for (int r = 0; r < right; ++r) {
      if (!ok(l, r) || seen[static_cast<size_t>(r)]) continue;
      seen[static_cast<size_t>(r)] = 1;
      if (of_right[static_cast<size_t>(r)] < 0 || augment(of_right[static_cast<size_t>(r)])) {
        of_right[static_cast<size_t>(r)] = l;
        of_left[static_cast<size_t>(l)] = r;
        return true;
      }
    }
    return false;
  };
  for (int l = 0; l < left; ++l) {
    seen.assign(static_cast<size_t>(right), 0);
    if (!augment(l)) return {};
  }
  return of_left;
}

}  // namespace

Schedule halveLinks(const PortGraph& g, Schedule s) {
  for (Transfer& t : s.transfers) {
    const int p = g.portTo(t.from, t.to);
    const int q = g.portTo(t.to, t.from);
    const bool first = q < 0 || p < q || (p == q && t.from < t.to);
    t.step = 2 * t.step - (first ? 1 : 0);
  }
  std::stable_sort(s.transfers.begin(), s.transfers.end(),
                   [](const Transfer& a, const Transfer& b) { return a.step < b.step; });
  // Drop the empty steps: renumber the used ones densely, in order.
  uint32_t last = 0, dense = 0;
  for (Transfer& t : s.transfers) {
    if (t.step != last) {
      last = t.step;
      ++dense;
    }
    t.step = dense;
  }
  s.steps = dense;
  s.links = LinkMode::kHalfDuplex;
  s.construction += "-halved";
  s.promises_bound = false;
  return s;
}

std::vector<uint8_t> involutionClasses(const PortGraph& g) {
  const uint64_t n = g.nodes();
  for (uint64_t x = 0; x < n; ++x) {
    for (int p = 0; p < g.ports(); ++p) {
      if (!g.drives(x, p).present() || g.drives(x, p).node != g.drivenBy(x, p).node) return {};
    }
  }
  std::vector<uint8_t> cls(n, 2);
  std::vector<uint64_t> queue = {0};
  cls[0] = 0;
  for (size_t h = 0; h < queue.size(); ++h) {
    const uint64_t x = queue[h];
    for (int p = 0; p < g.ports(); ++p) {
      const uint64_t y = g.drives(x, p).node;
      if (cls[y] == 2) {
        cls[y] = static_cast<uint8_t>(1 - cls[x]);
        queue.push_back(y);
      } else if (cls[y] == cls[x]) {
        return {};  // an odd cycle
      }
    }
  }
  if (queue.size() != n) return {};
  return cls;
}

namespace {

// Lemma 7.6's reordering: when the last block cannot get generator-disjoint
// second parents as it stands, choose which r of the nodes of the last `window`
// times go last (first such choice in lexicographic order, at most kMaxChoices
// tried): the others fill times T-window+1 .. T-1, each generator once a time,
// with parents of time <= T-window; the r last nodes take two generators each,
// all distinct, with parents of time <= T-window or among those moved earlier.
// Returns the last block's two generators per node (class 0 first), updating
// `tn`; empty when none was found.
constexpr uint64_t kMaxChoices = 200000;

std::vector<int> reorderLastBlocks(const PortGraph& g, std::vector<TemplateNode>& tn,
                                   const std::vector<char>& in, uint32_t last, uint32_t window,
                                   std::vector<uint32_t>& block) {
  const int d = g.ports();
  const int r = static_cast<int>(block.size());
  if (last < window) return {};
  const uint32_t first = last - window + 1;  // the window's first time
  std::vector<uint32_t> cand;                // the nodes of the window's times
  for (uint32_t v = 1; v < g.nodes(); ++v) {
    if (in[v] && tn[v].time >= first) cand.push_back(v);
  }
  const int c = static_cast<int>(cand.size());
  const int slots = static_cast<int>(window - 1) * d;  // (time, generator) before the last
  if (c - r > slots) return {};
  std::vector<int> pick(static_cast<size_t>(r));
  for (int i = 0; i < r; ++i) pick[static_cast<size_t>(i)] = i;
  std::vector<char> late(static_cast<size_t>(c));
  std::vector<uint32_t> early_nodes, late_nodes;
  auto fixed = [&](uint32_t u) { return u == 0 || (in[u] && tn[u].time < first); };
  for (uint64_t tries = 0; tries < kMaxChoices; ++tries) {
    std::fill(late.begin(), late.end(), 0);
    for (int i : pick) late[static_cast<size_t>(i)] = 1;
    early_nodes.clear();
    late_nodes.clear();
    for (int i = 0; i < c; ++i)
      (late[size_t(i)] ? late_nodes : early_nodes).push_back(cand[size_t(i)]);
    // Slot k: time first + k / d on generator k % d; a parent before the window
    // is there in time for any of them.
    const std::vector<int> early = matchAll(
        static_cast<int>(early_nodes.size()), slots,
        [&](int l, int k) { return fixed(g.drivenBy(early_nodes[size_t(l)], k % d).node); });
    if (!early.empty() || early_nodes.empty()) {
      std::vector<char> moved(g.nodes(), 0);
      for (uint32_t v : early_nodes) moved[v] = 1;
      const std::vector<int> two = matchAll(2 * r, d, [&](int l, int p) {
        const uint32_t u = g.drivenBy(late_nodes[size_t(l % r)], p).node;
        return fixed(u) || moved[u];
      });
      if (!two.empty()) {
        for (size_t i = 0; i < early_nodes.size(); ++i) {
          const uint32_t v = early_nodes[i];
          const int p = early[i] % d;
          tn[v] = {first + static_cast<uint32_t>(early[i] / d), p, g.drivenBy(v, p).node};
        }
        for (uint32_t v : late_nodes) tn[v].time = last;
        block = late_nodes;
        return two;
      }
    }
    // The next r-subset of 0..c-1.
    int i = r - 1;
    while (i >= 0 && pick[size_t(i)] == c - r + i) --i;
    if (i < 0) break;
    ++pick[size_t(i)];
    for (int j = i + 1; j < r; ++j) pick[size_t(j)] = pick[size_t(j - 1)] + 1;
  }
  return {};
}

// The template of `order` cut to its first `count` nodes (e included), both
// classes as Thm 6.3 labels them; `count` = P: the whole order.
Schedule classBroadcast(const NetworkDesc& net, const PortGraph& g, const RegularOrderSearch& order,
                        const std::vector<uint8_t>& cls, size_t count) {
  const int d = g.ports();
  std::vector<char> in(g.nodes(), 0);
  for (size_t i = 0; i < count; ++i) in[order.order[i]] = 1;
  std::vector<TemplateNode> tn = order.nodes;
  uint32_t last = 0;
  for (size_t i = 1; i < count; ++i) last = std::max(last, tn[order.order[i]].time);
  std::vector<uint32_t> block;  // the last time's nodes
  for (size_t i = 1; i < count; ++i) {
    if (tn[order.order[i]].time == last) block.push_back(order.order[i]);
  }
  // Both classes' last block at one step on generator-disjoint parents that
  // are sent earlier.
  std::vector<int> second;
  const int r = static_cast<int>(block.size());
  if (r > 0 && 2 * r <= d) {
    second = matchAll(2 * r, d, [&](int l, int p) {
      const uint32_t u = g.drivenBy(block[static_cast<size_t>(l % r)], p).node;
      return in[u] && tn[u].time < last;
    });
    // The last two times first, then the last three (Lemma 7.6 reorders the
    // last sets; a ball's blocks may need the one before too).
    for (uint32_t window = 2; second.empty() && window <= 3; ++window) {
      second = reorderLastBlocks(g, tn, in, last, window, block);
    }
  }
  std::vector<Hop> hops[2];
  for (size_t i = 1; i < count; ++i) {
    const uint32_t v = order.order[i];
    const TemplateNode& t = tn[v];
    if (t.time == last && !second.empty()) continue;
    hops[0].push_back({2 * t.time - 1, t.parent, v, kAllNodes});
    hops[1].push_back({2 * t.time, t.parent, v, kAllNodes});
  }
  for (size_t l = 0; l < second.size(); ++l) {
    const uint32_t v = block[l % static_cast<size_t>(r)];
    hops[l / static_cast<size_t>(r)].push_back(
        {2 * last - 1, g.drivenBy(v, second[l]).node, v, kAllNodes});
  }
  Schedule s = translateByClass(net, Collective::kMultinodeBroadcast, cls, hops);
  s.construction = order.regular ? "regular-order-classes" : "template-classes";
  s.promises_bound = false;  // the search's template: reported against the bound
  return s;
}

}  // namespace

Schedule halfDuplexUniversalBroadcast(const NetworkDesc& net, const PortGraph& g,
                                      const RegularOrderSearch& order) {
  if (order.nodes.size() != g.nodes()) throw Error("no universal-broadcast template was found");
  const std::vector<uint8_t> cls = involutionClasses(g);
  if (cls.empty()) return halveLinks(g, cayleyUniversalBroadcast(net, g, order));
  return classBroadcast(net, g, order, cls, order.order.size());
}

Schedule withinDistanceBroadcast(const NetworkDesc& net, const PortGraph& g,
                                 const RegularOrderSearch& order, int l, LinkMode links) {
  if (!order.regular || order.order.size() != g.nodes()) {
    throw Error("a broadcast within distance l needs a regular order");
  }
  const std::vector<int> dist = g.bfs(0).dist;
  size_t count = 0;  // the ball: a prefix of the order (distances never decrease)
  while (count < order.order.size() && dist[order.order[count]] <= l) ++count;
  if (links == LinkMode::kHalfDuplex) {
    const std::vector<uint8_t> cls = involutionClasses(g);
    if (cls.empty()) throw Error("a one-way broadcast within distance l needs the two classes");
    return classBroadcast(net, g, order, cls, count);
  }
  const std::vector<uint8_t> all(g.nodes(), 0);
  std::vector<Hop> hops[2];
  for (size_t i = 1; i < count; ++i) {
    const TemplateNode& t = order.nodes[order.order[i]];
    hops[0].push_back({t.time, t.parent, order.order[i], kAllNodes});
  }
  Schedule s = translateByClass(net, Collective::kMultinodeBroadcast, all, hops);
  s.links = LinkMode::kFullDuplex;
  s.construction = "regular-order";
  s.promises_bound = false;
  return s;
}

Schedule halfDuplexUniversalExchange(const NetworkDesc& net, const PortGraph& g) {
  Schedule two_way = cayleyUniversalExchange(net, g);
  const std::vector<uint8_t> cls = involutionClasses(g);
  if (cls.empty()) return halveLinks(g, std::move(two_way));
  const uint32_t n = static_cast<uint32_t>(g.nodes());
  const int d = g.ports();
  // Origin 0's paths: the template, generators by target.
  std::map<int32_t, std::vector<std::pair<uint32_t, int>>> path;  // target -> (step, port)
  for (const Transfer& t : two_way.transfers) {
    if (t.origin == 0) path[t.dest].push_back({t.step, g.portTo(t.from, t.to)});
  }
  std::vector<std::pair<uint32_t, uint32_t>> edges;  // (class * (n-1) + target - 1, generator)
  for (uint32_t k = 0; k < 2; ++k) {
    for (const auto& tp : path) {
      for (const auto& sp : tp.second) {
        edges.push_back({k * (n - 1) + uint32_t(tp.first) - 1, uint32_t(sp.second)});
      }
    }
  }
  std::sort(edges.begin(), edges.end());
  const std::vector<uint32_t> colour =
      bipartiteEdgeColouring(2 * (n - 1), static_cast<uint32_t>(d), edges);
  std::vector<Hop> hops[2];
  std::vector<std::pair<uint32_t, uint32_t>> mine;
  for (size_t e = 0; e < edges.size();) {
    const uint32_t id = edges[e].first;
    mine.clear();
    for (; e < edges.size() && edges[e].first == id; ++e)
      mine.push_back({colour[e], edges[e].second});
    std::sort(mine.begin(), mine.end());
    const uint32_t target = id % (n - 1) + 1;
    uint32_t at = 0;
    for (const auto& cp : mine) {
      const uint32_t next = g.drives(at, static_cast<int>(cp.second)).node;
      hops[id / (n - 1)].push_back({cp.first + 1, at, next, static_cast<int32_t>(target)});
      at = next;
    }
    if (at != target) throw Error("half-duplex exchange: a path misses its target");
  }
  Schedule s = translateByClass(net, Collective::kTotalExchange, cls, hops);
  s.construction = "coloured-paths-classes";
  s.promises_bound = false;
  return s;
}

}  // namespace hypercast
