#include "algorithm/regular_order.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <random>

#include "util/error.h"

namespace hypercast {

const char* toString(RegularOrderSearch::Status s) {
  switch (s) {
    case RegularOrderSearch::Status::kFound:
      return "found";
    case RegularOrderSearch::Status::kProvenNone:
      return "proven none";
    case RegularOrderSearch::Status::kBudgetExhausted:
      return "budget exhausted";
  }
  return "?";
}

namespace {

constexpr uint32_t kUnset = ~0u;

struct Attempt {
  std::vector<TemplateNode> nodes;
  uint32_t steps = 0;
  bool regular = true;
};

// One greedy pass. `shortest`: parents one step closer and distances
// non-decreasing in time (a regular order); otherwise any earlier parent.
Attempt greedy(const PortGraph& g, const std::vector<int>& dist, bool shortest, uint32_t limit,
               uint64_t seed) {
  const uint32_t n = static_cast<uint32_t>(g.nodes());
  const int d = g.ports();
  std::mt19937_64 rng(seed);
  std::vector<uint32_t> tie(n);
  std::iota(tie.begin(), tie.end(), 0u);
  if (seed != 0) std::shuffle(tie.begin(), tie.end(), rng);
  std::vector<uint32_t> rank(n);
  for (uint32_t i = 0; i < n; ++i) rank[tie[i]] = i;

  Attempt a;
  a.nodes.assign(n, TemplateNode{});
  std::vector<uint32_t> time(n, kUnset);
  time[0] = 0;
  uint32_t placed = 1;
  // Candidates: unplaced nodes with at least one usable parent.
  auto usable = [&](uint32_t v, int p, uint32_t t) {
    const uint32_t u = g.drivenBy(v, p).node;
    if (time[u] == kUnset || time[u] >= t) return false;
    return !shortest || dist[u] == dist[v] - 1;
  };
  std::vector<uint32_t> frontier;  // unplaced, some parent placed
  std::vector<char> in_frontier(n, 0);
  auto offer = [&](uint32_t u) {
    for (int p = 0; p < d; ++p) {
      const uint32_t v = g.drives(u, p).node;
      if (time[v] == kUnset && !in_frontier[v]) {
        in_frontier[v] = 1;
        frontier.push_back(v);
      }
    }
  };
  offer(0);
  std::vector<int> owner_gen(static_cast<size_t>(d));  // generator -> index in chosen
  for (uint32_t t = 1; placed < n; ++t) {
    if (t > limit) {  // failed
      a.steps = 0;
      return a;
    }
    std::vector<std::pair<std::pair<int, int>, uint32_t>> cand;  // ((dist, options), rank)
    for (uint32_t v : frontier) {
      int options = 0;
      for (int p = 0; p < d; ++p) options += usable(v, p, t) ? 1 : 0;
      if (options > 0) cand.push_back({{dist[v], options}, v});
    }
    std::sort(cand.begin(), cand.end(), [&](const auto& x, const auto& y) {
      if (x.first != y.first) return x.first < y.first;
      return rank[x.second] < rank[y.second];
    });
    // Kuhn: offer candidates in order, keep a maximum matching to generators.
    std::vector<uint32_t> chosen;
    std::vector<int> gen_of;
    std::fill(owner_gen.begin(), owner_gen.end(), -1);
    for (const auto& c : cand) {
      if (static_cast<int>(chosen.size()) == d) break;
      const uint32_t v = c.second;
      chosen.push_back(v);
      gen_of.push_back(-1);
      std::vector<char> seen(static_cast<size_t>(d), 0);
      // Augmenting path from the new node.
      std::function<bool(int)> augment = [&](int i) -> bool {
        for (int p = 0; p < d; ++p) {
          if (seen[static_cast<size_t>(p)] || !usable(chosen[static_cast<size_t>(i)], p, t)) {
            continue;
          }
          seen[static_cast<size_t>(p)] = 1;
          if (owner_gen[static_cast<size_t>(p)] < 0 || augment(owner_gen[static_cast<size_t>(p)])) {
            owner_gen[static_cast<size_t>(p)] = i;
            gen_of[static_cast<size_t>(i)] = p;
            return true;
          }
        }
        return false;
      };
      if (!augment(static_cast<int>(chosen.size()) - 1)) {
        chosen.pop_back();
        gen_of.pop_back();
      }
    }
    if (chosen.empty()) {  // nothing can be placed: failed
      a.steps = 0;
      return a;
    }
    int max_dist = 0;
    for (uint32_t v : chosen) max_dist = std::max(max_dist, dist[v]);
    for (size_t i = 0; i < chosen.size(); ++i) {
      const uint32_t v = chosen[i];
      const int p = gen_of[i];
      time[v] = t;
      a.nodes[v] = {t, p, g.drivenBy(v, p).node};
      ++placed;
    }
    // Regular: a full block (unless last) and nothing nearer left behind.
    if (placed < n && static_cast<int>(chosen.size()) < d) a.regular = false;
    std::vector<uint32_t> next;
    for (uint32_t v : frontier) {
      if (time[v] == kUnset) {
        next.push_back(v);
        if (dist[v] < max_dist) a.regular = false;
      } else {
        in_frontier[v] = 0;
      }
    }
    frontier.swap(next);
    for (uint32_t v : chosen) offer(v);
    a.steps = t;
  }
  if (!shortest) a.regular = false;
  return a;
}

}  // namespace

RegularOrderSearch searchRegularOrder(const PortGraph& g, int attempts) {
  const uint64_t n = g.nodes();
  const int d = g.ports();
  if (n < 2 || d < 1) throw Error("a regular order needs at least two nodes and one generator");
  if (n > (uint64_t{1} << 22)) throw Error("the regular-order search takes at most 2^22 nodes");
  for (uint64_t x = 0; x < n; ++x) {
    if (g.degree(x) != d) throw Error("a regular order needs a Cayley graph (every port present)");
  }
  RegularOrderSearch r;
  const PortGraph::Bfs bfs = g.bfs(0);
  const std::vector<int>& dist = bfs.dist;
  if (bfs.order.size() != n) throw Error("the graph is not strongly connected");
  r.diameter = dist[bfs.order.back()];
  r.bound =
      static_cast<uint32_t>((n - 1 + static_cast<uint64_t>(d) - 1) / static_cast<uint64_t>(d));
  const uint32_t target = std::max<uint32_t>(r.bound, static_cast<uint32_t>(r.diameter));
  auto keep = [&](Attempt& a) {
    if (a.steps == 0) return;
    if (r.steps == 0 || a.steps < r.steps || (a.steps == r.steps && a.regular && !r.regular)) {
      r.steps = a.steps;
      r.regular = a.regular;
      r.nodes = std::move(a.nodes);
    }
  };
  // Phase 1: regular orders (only possible when the diameter fits the bound).
  if (static_cast<uint32_t>(r.diameter) <= r.bound) {
    for (int i = 0; i < attempts && !(r.regular && r.steps == r.bound); ++i) {
      ++r.attempts;
      Attempt a = greedy(g, dist, true, r.bound, static_cast<uint64_t>(i));
      if (a.steps == r.bound && a.regular) keep(a);
    }
  }
  // Phase 2: any template, parents at any distance.
  for (int i = 0; i < attempts && r.steps != target; ++i) {
    ++r.attempts;
    Attempt a = greedy(g, dist, false, 4 * target + 4, static_cast<uint64_t>(i));
    keep(a);
  }
  if (r.regular && r.steps == r.bound) {
    r.status = RegularOrderSearch::Status::kFound;
  } else if (static_cast<uint32_t>(r.diameter) > r.bound) {
    r.status = RegularOrderSearch::Status::kProvenNone;
  } else {
    r.status = RegularOrderSearch::Status::kBudgetExhausted;
  }
  std::vector<uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  if (!r.nodes.empty()) {
    std::stable_sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) {
      if (r.nodes[x].time != r.nodes[y].time) return r.nodes[x].time < r.nodes[y].time;
      if (dist[x] != dist[y]) return dist[x] < dist[y];  // a block may end one layer
      return r.nodes[x].port < r.nodes[y].port;
    });
  }
  r.order = order;
  return r;
}

}  // namespace hypercast
