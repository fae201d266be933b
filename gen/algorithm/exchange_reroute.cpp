#include "algorithm/exchange_reroute.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <deque>
#include <numeric>
#include <queue>
#include <random>
#include <tuple>
#include <utility>

#include "algorithm/shortest_lengths.h"

namespace hypercast {

namespace {

constexpr uint32_t kNone = ~0u;

// Step 1 of the header: w(l) per link (node * ports + port), and the ratio
// sum over pairs of dist_len / sum of len of the best lengths (a lower bound
// on the steps, since a step moves one packet over each link).
struct Economised {
  std::vector<uint8_t> w;
  double ratio = 0;
};

Economised economisedLinks(const PortGraph& g, const std::vector<char>& endpoint) {
  const uint64_t n = g.nodes();
  const size_t ports = static_cast<size_t>(g.ports());
  const size_t links = n * ports;
  std::vector<std::vector<size_t>> into(n);
  for (uint64_t x = 0; x < n; ++x) {
    for (size_t p = 0; p < ports; ++p) {
      const PortEnd e = g.drives(x, static_cast<int>(p));
      if (e.present()) into[e.node].push_back(x * ports + p);
    }
  }
  std::vector<double> len(links, 1.0), kept = len, load(links), dist(n), below(n);
  std::vector<uint64_t> order;
  std::vector<size_t> tight;
  double best = 0;
  // About 24 rounds on a few hundred nodes; fewer as the graph grows.
  const uint64_t work = std::max<uint64_t>(1, n * links);
  const int rounds = static_cast<int>(std::clamp<uint64_t>(20000000 / work, 2, 24));
  for (int round = 0; round < rounds; ++round) {
    std::fill(load.begin(), load.end(), 0.0);
    double total = 0, length = 0;
    for (size_t l = 0; l < links; ++l) {
      if (g.drives(l / ports, static_cast<int>(l % ports)).present()) length += len[l];
    }
    for (uint64_t o = 0; o < n; ++o) {
      if (!endpoint[o]) continue;
      shortestUnderLengths(g, len, o, dist, &order);
      for (uint64_t x = 0; x < n; ++x) {
        below[x] = x != o && endpoint[x] ? 1.0 : 0.0;
        total += below[x] * dist[x];
      }
      // Each node's packets split evenly over its tight in-links, farthest first.
      for (size_t i = order.size(); i-- > 1;) {
        const uint64_t x = order[i];
        const double tol = 1e-9 * std::max(1.0, dist[x]);
        tight.clear();
        for (size_t f : into[x]) {
          if (std::abs(dist[f / ports] + len[f] - dist[x]) <= tol) tight.push_back(f);
        }
        for (size_t f : tight) {
          const double share = below[x] / static_cast<double>(tight.size());
          load[f] += share;
          below[f / ports] += share;
        }
      }
    }
    if (total / length > best) {
      best = total / length;
      kept = len;
    }
    const double most = *std::max_element(load.begin(), load.end());
    if (most <= 0) break;
    double longest = 0;
    for (size_t l = 0; l < links; ++l) {
      len[l] *= 1.0 + load[l] / most;
      longest = std::max(longest, len[l]);
    }
    for (double& l : len) l /= longest;
  }
  Economised out;
  out.ratio = best;
  out.w.assign(links, 0);
  const double longest = *std::max_element(kept.begin(), kept.end());
  for (size_t l = 0; l < links; ++l) out.w[l] = kept[l] >= 0.5 * longest ? 1 : 0;
  return out;
}

struct Pair {
  uint32_t origin, dest;
};

using Route = std::vector<std::pair<uint32_t, size_t>>;  // (step, link) in order

// Steps 2-4 of the header on a table of (link, step) slots, steps 1..T.
class Rerouter {
 public:
  Rerouter(const PortGraph& g, const std::vector<Pair>& pairs, const std::vector<uint8_t>& w,
           uint32_t limit)
      : g_(g),
        n_(g.nodes()),
        ports_(static_cast<size_t>(g.ports())),
        pairs_(pairs),
        w_(w),
        stride_(limit + 1),
        t_(limit),
        owner_(n_ * ports_ * stride_, -1),
        history_(owner_.size(), 0),
        route_(pairs.size()),
        arrival_(pairs.size(), 0) {
    hops_.assign(n_ * n_, kNone);
    wdist_.assign(n_ * n_, kNone);
    for (uint64_t s = 0; s < n_; ++s) {
      const PortGraph::Bfs b = g.bfs(s);
      for (uint64_t y = 0; y < n_; ++y) hops_[s * n_ + y] = static_cast<uint32_t>(b.dist[y]);
      // 0-1 BFS under w.
      std::deque<uint64_t> q{s};
      wdist_[s * n_ + s] = 0;
      while (!q.empty()) {
        const uint64_t x = q.front();
        q.pop_front();
        for (size_t p = 0; p < ports_; ++p) {
          const PortEnd e = g.drives(x, static_cast<int>(p));
          if (!e.present()) continue;
          const uint32_t c = wdist_[s * n_ + x] + w_[x * ports_ + p];
          if (c < wdist_[s * n_ + e.node]) {
            wdist_[s * n_ + e.node] = c;
            if (w_[x * ports_ + p]) {
              q.push_back(e.node);
            } else {
              q.push_front(e.node);
            }
          }
        }
      }
    }
  }

  uint32_t limit() const { return t_; }

  // Step 2: the earliest-arriving w-shortest path through free slots.
  bool place(uint32_t k) {
    const uint32_t o = pairs_[k].origin, d = pairs_[k].dest;
    at_.assign(n_, kNone);
    hop_count_.assign(n_, kNone);
    weight_.assign(n_, kNone);
    via_.assign(n_, 0);
    done_.assign(n_, 0);
    using Item = std::tuple<uint32_t, uint32_t, uint32_t, uint32_t>;  // weight, step, hops, node
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> q;
    at_[o] = 0;
    hop_count_[o] = 0;
    weight_[o] = 0;
    q.push({0, 0, 0, o});
    while (!q.empty()) {
      const auto [wt, t, h, x] = q.top();
      q.pop();
      if (done_[x]) continue;
      done_[x] = 1;
      if (x == d) break;
      for (size_t p = 0; p < ports_; ++p) {
        const PortEnd e = g_.drives(x, static_cast<int>(p));
        if (!e.present() || done_[e.node]) continue;
        const size_t l = x * ports_ + p;
        uint32_t step = t + 1;
        while (step <= t_ && owner_[l * stride_ + step] >= 0) ++step;
        if (step + hops_[uint64_t{e.node} * n_ + d] > t_) continue;
        const uint32_t nw = wt + w_[l];
        if (std::make_tuple(nw, step, h + 1) <
            std::make_tuple(weight_[e.node], at_[e.node], hop_count_[e.node])) {
          weight_[e.node] = nw;
          at_[e.node] = step;
          hop_count_[e.node] = h + 1;
          via_[e.node] = l;
          q.push({nw, step, h + 1, e.node});
        }
      }
    }
    if (at_[d] == kNone || weight_[d] != wdist_[uint64_t{o} * n_ + d]) return false;
    Route r;
    for (uint32_t y = d; y != o;) {
      const size_t l = via_[y];
      r.emplace_back(at_[y], l);
      y = static_cast<uint32_t>(l / ports_);
    }
    std::reverse(r.begin(), r.end());
    commit(k, std::move(r));
    return true;
  }

  // Step 3: places every queued packet, or gives up (false) when the shortest
  // queue seen has not shrunk in `patience` searches or the searches' work
  // passes `budget` (slots x ports visited).
  bool settle(std::deque<uint32_t> queue, uint64_t patience, uint64_t budget) {
    size_t shortest = queue.size();
    uint64_t since = 0, work = 0;
    while (!queue.empty()) {
      if (since++ > patience || work > budget) return false;
      const uint32_t k = queue.front();
      queue.pop_front();
      if (place(k)) continue;
      work += n_ * stride_ * ports_;
      Route r;
      if (!search(k, r)) return false;  // no w-shortest path within T at all
      for (const auto& [step, l] : r) {
        const size_t slot = l * stride_ + step;
        if (owner_[slot] >= 0) {
          const uint32_t other = static_cast<uint32_t>(owner_[slot]);
          uncommit(other);
          queue.push_back(other);
        }
        ++history_[slot];
      }
      commit(k, std::move(r));
      if (queue.size() < shortest) {
        shortest = queue.size();
        since = 0;
      }
    }
    return true;
  }

  // Step 4: T - 1, the packets arriving at T queued.
  std::deque<uint32_t> shorten() {
    std::deque<uint32_t> queue;
    for (uint32_t k = 0; k < route_.size(); ++k) {
      if (arrival_[k] == t_) {
        uncommit(k);
        queue.push_back(k);
      }
    }
    --t_;
    std::fill(history_.begin(), history_.end(), 0);
    return queue;
  }

  Schedule schedule() const {
    Schedule s;
    s.collective = Collective::kTotalExchange;
    s.nodes = n_;
    for (size_t k = 0; k < route_.size(); ++k) {
      for (const auto& [step, l] : route_[k]) {
        Transfer tr;
        tr.step = step;
        tr.from = static_cast<uint32_t>(l / ports_);
        tr.to = g_.drives(tr.from, static_cast<int>(l % ports_)).node;
        tr.origin = pairs_[k].origin;
        tr.dest = static_cast<int32_t>(pairs_[k].dest);
        s.transfers.push_back(tr);
        s.steps = std::max(s.steps, step);
      }
    }
    std::stable_sort(s.transfers.begin(), s.transfers.end(),
                     [](const Transfer& a, const Transfer& b) { return a.step < b.step; });
    return s;
  }

 private:
  void commit(uint32_t k, Route r) {
    route_[k] = std::move(r);
    for (const auto& [step, l] : route_[k]) owner_[l * stride_ + step] = static_cast<int32_t>(k);
    arrival_[k] = route_[k].back().first;
  }
  void uncommit(uint32_t k) {
    for (const auto& [step, l] : route_[k]) owner_[l * stride_ + step] = -1;
    route_[k].clear();
    arrival_[k] = 0;
  }

  // Step 3's search: over the time-expanded graph, layer by layer (every move
  // goes from step t to t + 1, waiting included), the cheapest path to the
  // destination by step T: a hop costs 1, a held slot 64 x (10 + its history).
  bool search(uint32_t k, Route& out) {
    const uint32_t o = pairs_[k].origin, d = pairs_[k].dest;
    const size_t states = n_ * stride_;
    cost_.assign(states, kNone);
    from_.assign(states, kNone);
    link_in_.assign(states, kNoLink);
    usable_.assign(n_ * ports_, 0);
    to_dest_.resize(n_);
    const uint64_t wod = wdist_[uint64_t{o} * n_ + d];
    for (uint64_t x = 0; x < n_; ++x) {
      to_dest_[x] = hops_[x * n_ + d];
      for (size_t p = 0; p < ports_; ++p) {
        const PortEnd e = g_.drives(x, static_cast<int>(p));
        usable_[x * ports_ + p] = e.present() && uint64_t{wdist_[o * n_ + x]} + w_[x * ports_ + p] +
                                                         wdist_[uint64_t{e.node} * n_ + d] ==
                                                     wod;
      }
    }
    auto state = [&](uint64_t x, uint32_t t) { return size_t{t} * n_ + x; };
    cost_[state(o, 0)] = 0;
    for (uint32_t t = 0; t < t_; ++t) {
      for (uint64_t x = 0; x < n_; ++x) {
        const size_t sx = state(x, t);
        const uint32_t c = cost_[sx];
        if (c == kNone || x == d) continue;
        if (t + 1 + to_dest_[x] <= t_ && c < cost_[sx + n_]) {
          cost_[sx + n_] = c;
          from_[sx + n_] = static_cast<uint32_t>(sx);
          link_in_[sx + n_] = kNoLink;
        }
        for (size_t p = 0; p < ports_; ++p) {
          const size_t l = x * ports_ + p;
          if (!usable_[l]) continue;
          const uint32_t y = g_.drives(x, static_cast<int>(p)).node;
          if (t + 1 + to_dest_[y] > t_) continue;
          const size_t slot = l * stride_ + t + 1;
          uint32_t nc = c + 1;
          if (owner_[slot] >= 0) nc += 64 * (10 + std::min<uint32_t>(history_[slot], 1u << 16));
          const size_t sy = state(y, t + 1);
          if (nc < cost_[sy]) {
            cost_[sy] = nc;
            from_[sy] = static_cast<uint32_t>(sx);
            link_in_[sy] = l;
          }
        }
      }
    }
    size_t goal = states;
    for (uint32_t t = 1; t <= t_; ++t) {
      if (cost_[state(d, t)] != kNone && (goal == states || cost_[state(d, t)] < cost_[goal])) {
        goal = state(d, t);
      }
    }
    if (goal == states) return false;
    out.clear();
    for (size_t s = goal; from_[s] != kNone; s = from_[s]) {
      if (link_in_[s] != kNoLink) out.emplace_back(static_cast<uint32_t>(s / n_), link_in_[s]);
    }
    std::reverse(out.begin(), out.end());
    return true;
  }

  static constexpr size_t kNoLink = ~size_t{0};
  const PortGraph& g_;
  const uint64_t n_;
  const size_t ports_;
  const std::vector<Pair>& pairs_;
  const std::vector<uint8_t>& w_;
  const uint32_t stride_;          // slots per link: steps 0..limit
  uint32_t t_;                     // the step limit T
  std::vector<int32_t> owner_;     // [link * stride + step]: the packet, -1 free
  std::vector<uint32_t> history_;  // [link * stride + step]: times taken by a search
  std::vector<Route> route_;
  std::vector<uint32_t> arrival_;
  std::vector<uint32_t> hops_, wdist_;  // all pairs, [s * n + t]
  // Scratch of place() and search().
  std::vector<uint32_t> at_, hop_count_, weight_, cost_, from_, to_dest_;
  std::vector<size_t> via_, link_in_;
  std::vector<char> done_, usable_;
};

}  // namespace

Schedule rerouteExchange(const PortGraph& g, const std::vector<char>& endpoint, uint32_t steps) {
  const uint64_t n = g.nodes();
  const uint64_t ports = static_cast<uint64_t>(g.ports());
  if (steps < 2 || n * steps > (uint64_t{1} << 23) || n * ports * steps > (uint64_t{1} << 24)) {
    return {};
  }
  const Economised econ = economisedLinks(g, endpoint);
  const uint32_t floor = static_cast<uint32_t>(std::max(1.0, std::ceil(econ.ratio - 1e-9)));
  if (steps - 1 < floor) return {};
  // The farthest pairs first, then by turn of a rotation (endpoint o's turn t
  // is its packet to the endpoint t ranks after it), ties drawn.
  std::vector<uint64_t> rank(n, 0);
  uint64_t e = 0;
  for (uint64_t x = 0; x < n; ++x) rank[x] = endpoint[x] ? e++ : 0;
  std::vector<Pair> pairs;
  std::vector<std::pair<int64_t, uint64_t>> key;  // -distance, turn
  for (uint32_t o = 0; o < n; ++o) {
    const PortGraph::Bfs b = g.bfs(o);
    for (uint32_t d = 0; d < n; ++d) {
      if (o == d || !endpoint[o] || !endpoint[d]) continue;
      pairs.push_back({o, d});
      key.emplace_back(-b.dist[d], (rank[d] + e - rank[o]) % e);
    }
  }
  std::vector<uint32_t> order(pairs.size());
  std::iota(order.begin(), order.end(), 0u);
  std::mt19937 rng(1);
  std::shuffle(order.begin(), order.end(), rng);
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return key[a] < key[b]; });
  Rerouter r(g, pairs, econ.w, steps - 1);
  std::deque<uint32_t> queue;
  for (uint32_t k : order) {
    if (!r.place(k)) queue.push_back(k);
  }
  // Patience: a few thousand searches, more on more packets; work: about the
  // searches of 10,000 packets on the 240-node hypercycle file.
  const uint64_t patience = 2000 + pairs.size() / 16;
  constexpr uint64_t kBudget = uint64_t{4} << 30;
  Schedule kept;
  while (r.settle(std::move(queue), patience, kBudget)) {
    kept = r.schedule();
    if (r.limit() <= floor) break;
    queue = r.shorten();
  }
  kept.construction = "rerouted";
  kept.promises_bound = false;
  return kept;
}

}  // namespace hypercast
