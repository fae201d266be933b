#include "algorithm/graph_collectives.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <queue>
#include <random>
#include <set>
#include <tuple>

#include "algorithm/bfs_broadcast.h"
#include "algorithm/exchange_reroute.h"
#include "algorithm/shortest_lengths.h"
#include "util/error.h"

namespace hypercast {

namespace {

constexpr int kTrials = 8;

void requireSize(const PortGraph& g, const char* what) {
  if (g.nodes() > kMaxGraphCollectiveNodes) {
    throw Error(std::string("the graph ") + what + " takes at most " +
                std::to_string(kMaxGraphCollectiveNodes) + " nodes; " + g.name() + " has " +
                std::to_string(g.nodes()));
  }
  for (uint64_t x = 0; x < g.nodes(); ++x) {
    if (g.eccentricity(x) < 0) {
      throw Error("node " + std::to_string(x) + " does not reach every node of " + g.name());
    }
  }
}

// The nodes driving v's inputs, one entry per present input port.
std::vector<std::vector<uint32_t>> inNeighbours(const PortGraph& g) {
  std::vector<std::vector<uint32_t>> in(g.nodes());
  for (uint64_t v = 0; v < g.nodes(); ++v) {
    for (int q = 0; q < g.ports(); ++q) {
      const PortEnd e = g.drivenBy(v, q);
      if (e.present()) in[v].push_back(e.node);
    }
  }
  return in;
}

// Augmenting-path matching of `sides` (links) to items: cand[l] in preference
// order; owner[item] is the link holding it (-1 none; the caller resets it).
class Matching {
 public:
  Matching(const std::vector<std::vector<uint32_t>>& cand, std::vector<int>& owner)
      : cand_(cand), owner_(owner), got_(cand.size(), -1) {}
  // Matches link l by an augmenting path (links matched before stay matched).
  bool add(size_t l) {
    seen_.clear();
    const bool ok = augment(l);
    for (uint32_t o : seen_) seen_mark_[o] = false;
    return ok;
  }
  long long got(size_t l) const { return got_[l]; }
  const std::vector<uint32_t>& touched() const { return touched_; }

 private:
  bool augment(size_t l) {
    for (uint32_t o : cand_[l]) {
      if (seen_mark_.size() <= o) seen_mark_.resize(o + 1, false);
      if (seen_mark_[o]) continue;
      seen_mark_[o] = true;
      seen_.push_back(o);
      const int other = owner_[o];
      if (other < 0 || augment(static_cast<size_t>(other))) {
        if (other < 0) touched_.push_back(o);
        owner_[o] = static_cast<int>(l);
        got_[l] = o;
        return true;
      }
    }
    return false;
  }
  const std::vector<std::vector<uint32_t>>& cand_;
  std::vector<int>& owner_;
  std::vector<long long> got_;
  std::vector<bool> seen_mark_;
  std::vector<uint32_t> seen_, touched_;
};

// node x holds an endpoint: every node but `switches`.
std::vector<char> endpointMask(const PortGraph& g, const std::vector<uint32_t>& switches) {
  std::vector<char> endpoint(g.nodes(), 1);
  for (uint32_t x : switches) {
    if (x < g.nodes()) endpoint[x] = 0;
  }
  if (std::count(endpoint.begin(), endpoint.end(), char{1}) < 2) {
    throw Error("a collective needs at least two endpoints; " + g.name() + " has fewer");
  }
  return endpoint;
}

// Drops every transfer into a switch of a packet the switch never sends on
// (it needs none itself), until none is left; the steps follow the last
// transfer kept.
void pruneUnforwarded(Schedule& s, const std::vector<char>& endpoint) {
  for (bool dropped = true; dropped;) {
    dropped = false;
    std::set<std::tuple<uint32_t, uint32_t, int32_t>> sent;  // (node, origin, dest)
    for (const Transfer& t : s.transfers) sent.emplace(t.from, t.origin, t.dest);
    std::vector<Transfer> kept;
    for (const Transfer& t : s.transfers) {
      if (!endpoint[t.to] && !sent.count({t.to, t.origin, t.dest})) {
        dropped = true;
        continue;
      }
      kept.push_back(t);
    }
    s.transfers = std::move(kept);
  }
  s.steps = 0;
  for (const Transfer& t : s.transfers) s.steps = std::max(s.steps, t.step);
}

// All-pairs distances along outputs, [s * n + t].
std::vector<int> distances(const PortGraph& g) {
  const uint64_t n = g.nodes();
  std::vector<int> d(n * n, -1);
  for (uint64_t x = 0; x < n; ++x) {
    const PortGraph::Bfs b = g.bfs(x);
    std::copy(b.dist.begin(), b.dist.end(), d.begin() + static_cast<std::ptrdiff_t>(x * n));
  }
  return d;
}

// One multinode broadcast with tie-break seed `seed`, given up (empty) beyond
// `limit` steps. Odd seeds take the packets from the farthest origins first
// (dist: all-pairs distances), even ones those held by the fewest nodes.
Schedule mnbAttempt(const PortGraph& g, const std::vector<std::vector<uint32_t>>& in,
                    const std::vector<char>& endpoint, const std::vector<int>& dist, uint32_t seed,
                    uint32_t limit) {
  const uint64_t n = g.nodes();
  std::vector<uint8_t> has(n * n, 0);
  std::vector<uint32_t> holders(n, 1);
  for (uint64_t v = 0; v < n; ++v) has[v * n + v] = endpoint[v] ? 1 : 0;
  std::vector<uint32_t> origins;
  for (uint32_t o = 0; o < n; ++o) {
    if (endpoint[o]) origins.push_back(o);
  }
  const uint64_t e = origins.size();
  std::vector<uint32_t> rank(n);
  std::iota(rank.begin(), rank.end(), 0u);
  std::mt19937 rng(seed);
  if (seed != 0) std::shuffle(rank.begin(), rank.end(), rng);
  const bool far_first = (seed & 1) != 0;
  uint64_t missing = e * (e - 1);  // (endpoint, packet) pairs; switches want them too
  Schedule s;
  s.collective = Collective::kMultinodeBroadcast;
  s.nodes = n;
  std::vector<int> owner(n, -1);
  while (missing > 0) {
    if (s.steps == limit) return {};
    ++s.steps;
    std::vector<Transfer> now;
    for (uint64_t v = 0; v < n; ++v) {
      const auto& links = in[v];
      std::vector<std::vector<uint32_t>> cand(links.size());
      for (size_t l = 0; l < links.size(); ++l) {
        const uint64_t u = links[l];
        for (uint32_t o : origins) {
          if (has[u * n + o] && !has[v * n + o]) cand[l].push_back(o);
        }
        std::sort(cand[l].begin(), cand[l].end(), [&](uint32_t a, uint32_t b) {
          if (far_first && dist[a * n + v] != dist[b * n + v]) {
            return dist[a * n + v] > dist[b * n + v];
          }
          return holders[a] != holders[b] ? holders[a] < holders[b] : rank[a] < rank[b];
        });
      }
      std::vector<size_t> order(links.size());
      std::iota(order.begin(), order.end(), size_t{0});
      std::stable_sort(order.begin(), order.end(),
                       [&](size_t a, size_t b) { return cand[a].size() < cand[b].size(); });
      Matching m(cand, owner);
      for (size_t l : order) m.add(l);
      for (uint32_t o : m.touched()) owner[o] = -1;
      for (size_t l = 0; l < links.size(); ++l) {
        if (m.got(l) < 0) continue;
        Transfer t;
        t.step = s.steps;
        t.from = links[l];
        t.to = static_cast<uint32_t>(v);
        t.origin = static_cast<uint32_t>(m.got(l));
        now.push_back(t);
      }
    }
    for (const Transfer& t : now) {
      has[uint64_t{t.to} * n + t.origin] = 1;
      ++holders[t.origin];
      if (endpoint[t.to]) --missing;
    }
    if (now.empty()) throw Error("the multinode broadcast is stuck on " + g.name());
    s.transfers.insert(s.transfers.end(), now.begin(), now.end());
  }
  if (e < n) pruneUnforwarded(s, endpoint);
  return s;
}

struct Packet {
  uint32_t origin, dest, at;
};

Schedule teAttempt(const PortGraph& g, const std::vector<int>& dist,
                   const std::vector<char>& endpoint, uint32_t seed, uint32_t limit) {
  const uint64_t n = g.nodes();
  std::vector<Packet> packets;
  std::vector<std::vector<uint32_t>> at(n);
  for (uint32_t o = 0; o < n; ++o) {
    for (uint32_t d = 0; d < n; ++d) {
      if (o == d || !endpoint[o] || !endpoint[d]) continue;
      at[o].push_back(static_cast<uint32_t>(packets.size()));
      packets.push_back({o, d, o});
    }
  }
  std::mt19937 rng(seed);
  std::vector<uint32_t> tie(packets.size());
  std::iota(tie.begin(), tie.end(), 0u);
  if (seed != 0) std::shuffle(tie.begin(), tie.end(), rng);
  uint64_t left = packets.size();
  Schedule s;
  s.collective = Collective::kTotalExchange;
  s.nodes = n;
  const int ports = g.ports();
  while (left > 0) {
    if (s.steps == limit) return {};
    ++s.steps;
    std::vector<std::pair<uint32_t, uint32_t>> moves;  // packet, to
    for (uint64_t u = 0; u < n; ++u) {
      auto& here = at[u];
      if (here.empty()) continue;
      std::sort(here.begin(), here.end(), [&](uint32_t a, uint32_t b) {
        const int da = dist[u * n + packets[a].dest], db = dist[u * n + packets[b].dest];
        return da != db ? da > db : tie[a] < tie[b];
      });
      // Ports a packet may take: towards its destination by one.
      auto options = [&](uint32_t pk) {
        std::vector<uint32_t> o;
        const int left_hops = dist[u * n + packets[pk].dest];
        for (int p = 0; p < ports; ++p) {
          const PortEnd e = g.drives(u, p);
          if (e.present() && dist[uint64_t{e.node} * n + packets[pk].dest] == left_hops - 1) {
            o.push_back(static_cast<uint32_t>(p));
          }
        }
        return o;
      };
      std::vector<std::vector<uint32_t>> cand(here.size());
      for (size_t i = 0; i < here.size(); ++i) cand[i] = options(here[i]);
      std::vector<int> owner(static_cast<size_t>(ports), -1);
      Matching m(cand, owner);
      int free_ports = g.degree(u);
      for (size_t i = 0; i < here.size() && free_ports > 0; ++i) free_ports -= m.add(i) ? 1 : 0;
      std::vector<uint32_t> keep;
      for (size_t i = 0; i < here.size(); ++i) {
        const long long p = m.got(i);
        if (p < 0) {
          keep.push_back(here[i]);
          continue;
        }
        const uint32_t to = g.drives(u, static_cast<int>(p)).node;
        moves.emplace_back(here[i], to);
        Transfer t;
        t.step = s.steps;
        t.from = static_cast<uint32_t>(u);
        t.to = to;
        t.origin = packets[here[i]].origin;
        t.dest = static_cast<int32_t>(packets[here[i]].dest);
        s.transfers.push_back(t);
      }
      here = keep;
    }
    if (moves.empty()) throw Error("the total exchange is stuck on " + g.name());
    for (const auto& m : moves) {
      Packet& p = packets[m.first];
      p.at = m.second;
      if (p.at == p.dest) {
        --left;
      } else {
        at[p.at].push_back(m.first);
      }
    }
  }
  return s;
}

// A routing: each packet's links in order (link = node * ports + port).
struct Routing {
  std::vector<uint32_t> origin, dest;
  std::vector<std::vector<uint32_t>> path;
  std::vector<uint32_t> load;  // packets over each link
  uint32_t busiest = 0;
};

// Rounds of multiplicative weights (see the header): the routing whose busiest
// link carries the fewest packets.
Routing balancedRouting(const PortGraph& g, const std::vector<char>& endpoint, uint32_t seed) {
  const uint64_t n = g.nodes();
  const int ports = g.ports();
  const size_t links = n * static_cast<size_t>(ports);
  std::vector<double> len(links, 1.0);
  std::mt19937 rng(seed);
  Routing kept;
  std::vector<double> dist(n);
  const uint64_t work = n * links;
  const int rounds = static_cast<int>(std::clamp<uint64_t>(20000000 / work, 2, 12));
  for (int round = 0; round < rounds; ++round) {
    Routing r;
    r.load.assign(links, 0);
    for (uint32_t o = 0; o < n; ++o) {
      if (!endpoint[o]) continue;
      shortestUnderLengths(g, len, o, dist);
      std::vector<uint32_t> dests;
      for (uint32_t d = 0; d < n; ++d) {
        if (d != o && endpoint[d]) dests.push_back(d);
      }
      std::shuffle(dests.begin(), dests.end(), rng);
      for (uint32_t d : dests) {
        // Back from d along links on a shortest path (under len), the least
        // loaded first.
        std::vector<uint32_t> back;
        for (uint32_t y = d; y != o;) {
          size_t pick = links;
          uint32_t from = 0;
          for (int q2 = 0; q2 < ports; ++q2) {
            const PortEnd e = g.drivenBy(y, q2);
            if (!e.present()) continue;
            const size_t l = e.node * static_cast<size_t>(ports) + static_cast<size_t>(e.port);
            const double slack = dist[e.node] + len[l] - dist[y];
            if (std::abs(slack) > 1e-9 * std::max(1.0, dist[y])) continue;
            if (pick == links || r.load[l] < r.load[pick]) {
              pick = l;
              from = e.node;
            }
          }
          if (pick == links)
            throw Error("no route to node " + std::to_string(d) + " on " + g.name());
          back.push_back(static_cast<uint32_t>(pick));
          ++r.load[pick];
          y = from;
        }
        r.origin.push_back(o);
        r.dest.push_back(d);
        r.path.emplace_back(back.rbegin(), back.rend());
      }
    }
    r.busiest = *std::max_element(r.load.begin(), r.load.end());
    if (kept.path.empty() || r.busiest < kept.busiest) kept = r;
    double longest = 0;
    for (size_t l = 0; l < links; ++l) {
      len[l] *= 1.0 + static_cast<double>(r.load[l]) / r.busiest;
      longest = std::max(longest, len[l]);
    }
    for (double& l : len) l /= longest;
  }
  return kept;
}

// How packRoutes orders the packets waiting for a link.
enum class Order {
  kWork,      // the most work left: its remaining links weighted by their loads
  kRotation,  // the earliest turn of a rotation: packet (o, d) at turn (d - o) mod E
  kHops,      // the most links left (+ its boost), then the most work left
};

// One packing: the step each packet arrives (0 if it was given up).
struct Packing {
  Schedule schedule;
  std::vector<uint32_t> arrival;
};

// The routes packed into steps by a list scheduler: every step each link moves
// the waiting packet first in `order`, ties by `seed`; given up (empty) beyond
// `limit` steps. `boost[k]` (kHops only) counts as that many links more left.
Packing packRoutes(const PortGraph& g, const Routing& r, Order order, uint32_t seed,
                   const std::vector<uint32_t>& boost, uint32_t limit) {
  const size_t packets = r.path.size();
  const int ports = g.ports();
  // work[k][i]: the loads of packet k's links from hop i on, summed.
  std::vector<std::vector<uint64_t>> work(packets);
  for (size_t k = 0; k < packets; ++k) {
    const auto& p = r.path[k];
    work[k].assign(p.size() + 1, 0);
    for (size_t i = p.size(); i-- > 0;) work[k][i] = work[k][i + 1] + r.load[p[i]];
  }
  std::mt19937 rng(seed);
  std::vector<uint32_t> tie(packets);
  std::iota(tie.begin(), tie.end(), 0u);
  std::shuffle(tie.begin(), tie.end(), rng);
  // The rotation: packet (o, d) before those of o's later turns, turn (d - o)
  // mod E over the endpoints' ranks: in each step every endpoint sends to a
  // different one (a crossbar's total exchange).
  std::vector<uint64_t> turn_key(packets, 0);
  if (order == Order::kRotation) {
    std::vector<uint64_t> rank(g.nodes(), 0);
    uint64_t e = 0;
    for (size_t k = 0; k < packets; ++k) rank[r.origin[k]] = 1;
    for (uint64_t x = 0; x < g.nodes(); ++x) rank[x] = rank[x] ? e++ : 0;
    for (size_t k = 0; k < packets; ++k) {
      turn_key[k] = e - (rank[r.dest[k]] + e - rank[r.origin[k]]) % e;
    }
  }
  std::vector<uint32_t> hop(packets, 0);
  using Key = std::tuple<uint64_t, uint64_t, uint32_t, uint32_t>;  // first, then, tie, packet
  auto key = [&](uint32_t k) -> Key {
    const uint64_t w = work[k][hop[k]];
    switch (order) {
      case Order::kWork:
        return {w, 0, tie[k], k};
      case Order::kRotation:
        return {turn_key[k], 0, tie[k], k};
      case Order::kHops:
        break;
    }
    return {r.path[k].size() - hop[k] + boost[k], w, tie[k], k};
  };
  std::vector<std::priority_queue<Key>> waiting(r.load.size());
  std::vector<size_t> busy;  // links with a packet waiting
  auto enqueue = [&](uint32_t k) {
    const uint32_t l = r.path[k][hop[k]];
    if (waiting[l].empty()) busy.push_back(l);
    waiting[l].push(key(k));
  };
  for (uint32_t k = 0; k < packets; ++k) enqueue(k);
  Packing out;
  out.arrival.assign(packets, 0);
  Schedule& s = out.schedule;
  s.collective = Collective::kTotalExchange;
  s.nodes = g.nodes();
  size_t left = packets;
  while (left > 0) {
    if (s.steps == limit) return {};
    ++s.steps;
    std::vector<uint32_t> moved;
    std::vector<size_t> still;
    for (size_t l : busy) {
      const uint32_t k = std::get<3>(waiting[l].top());
      waiting[l].pop();
      if (!waiting[l].empty()) still.push_back(l);
      const uint32_t from = static_cast<uint32_t>(l / static_cast<size_t>(ports));
      Transfer t;
      t.step = s.steps;
      t.from = from;
      t.to = g.drives(from, static_cast<int>(l % static_cast<size_t>(ports))).node;
      t.origin = r.origin[k];
      t.dest = static_cast<int32_t>(r.dest[k]);
      s.transfers.push_back(t);
      moved.push_back(k);
    }
    busy = std::move(still);
    for (uint32_t k : moved) {
      if (++hop[k] == r.path[k].size()) {
        out.arrival[k] = s.steps;
        --left;
      } else {
        enqueue(k);
      }
    }
  }
  return out;
}

// The packings of `r`: the work and rotation orders, then a local search on
// the links-left order (squeaky wheel: every round the packets that arrive
// last count one link more, and the ties are drawn anew), until `target`
// steps or `rounds` rounds; the shortest packing found, empty if none is
// within `limit` steps.
Schedule bestPacking(const PortGraph& g, const Routing& r, uint32_t target, uint32_t limit,
                     int rounds) {
  Schedule kept;
  auto keep = [&](Schedule s) {
    if (s.steps == 0 || (kept.steps != 0 && s.steps >= kept.steps)) return;
    kept = std::move(s);
    limit = kept.steps - 1;
  };
  const std::vector<uint32_t> none(r.path.size(), 0);
  for (uint32_t seed = 0; seed < 2 && kept.steps != target; ++seed) {
    keep(packRoutes(g, r, Order::kWork, seed, none, limit).schedule);
    keep(packRoutes(g, r, Order::kRotation, seed, none, limit).schedule);
  }
  std::vector<uint32_t> boost(r.path.size(), 0);
  for (int round = 0; round < rounds && kept.steps != target; ++round) {
    Packing p = packRoutes(g, r, Order::kHops, static_cast<uint32_t>(round), boost, ~0u);
    const uint32_t steps = p.schedule.steps;
    for (size_t k = 0; k < boost.size(); ++k) {
      if (p.arrival[k] == steps) ++boost[k];
    }
    if (steps <= limit) keep(std::move(p.schedule));
  }
  return kept;
}

// Route and schedule together, one packet at a time in the order of `key`
// (smallest first, ties by `seed`): each takes the earliest-arriving path
// through the steps its links have left free (a Dijkstra on arrival steps,
// which never decrease along a path: a packet may wait at any node), the
// fewest links among equal arrivals. `arrival[k]`: the step packet k arrives.
struct Pair {
  uint32_t origin, dest;
};

Packing timedExchange(const PortGraph& g, const std::vector<Pair>& pairs,
                      const std::vector<double>& key, uint32_t seed, uint32_t limit) {
  const uint64_t n = g.nodes();
  const int ports = g.ports();
  const size_t links = n * static_cast<size_t>(ports);
  std::vector<uint32_t> order(pairs.size());
  std::iota(order.begin(), order.end(), 0u);
  std::mt19937 rng(seed);
  std::shuffle(order.begin(), order.end(), rng);
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return key[a] < key[b]; });
  // [link][step]: the first free step of the link at or after it (a union-find
  // over the steps: a taken step points past itself); steps beyond the vector
  // are free.
  std::vector<std::vector<uint32_t>> next(links);
  auto firstFree = [&](size_t l, uint32_t from) {
    auto& u = next[l];
    uint32_t f = from;
    while (f < u.size() && u[f] != f) f = u[f];
    for (uint32_t x = from; x < u.size() && u[x] != x;) {  // path compression
      const uint32_t up = u[x];
      u[x] = f;
      x = up;
    }
    return f;
  };
  constexpr uint32_t kNone = ~0u;
  std::vector<uint32_t> at(n), hops(n), via(n);  // arrival step, links, link taken in
  std::vector<char> done(n);
  using Item = std::tuple<uint32_t, uint32_t, uint32_t>;  // arrival, links, node
  Packing out;
  out.arrival.assign(pairs.size(), 0);
  Schedule& s = out.schedule;
  s.collective = Collective::kTotalExchange;
  s.nodes = n;
  std::vector<std::pair<uint32_t, size_t>> path;  // (step, link)
  for (uint32_t k : order) {
    const uint32_t o = pairs[k].origin, d = pairs[k].dest;
    std::fill(at.begin(), at.end(), kNone);
    std::fill(done.begin(), done.end(), 0);
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> q;
    at[o] = 0;
    hops[o] = 0;
    q.push({0, 0, o});
    while (!q.empty()) {
      const auto [t, h, x] = q.top();
      q.pop();
      if (done[x]) continue;
      done[x] = 1;
      if (x == d) break;
      for (int p = 0; p < ports; ++p) {
        const PortEnd e = g.drives(x, p);
        if (!e.present() || done[e.node]) continue;
        const size_t l = x * static_cast<size_t>(ports) + static_cast<size_t>(p);
        const uint32_t step = firstFree(l, t + 1);
        if (step < at[e.node] || (step == at[e.node] && h + 1 < hops[e.node])) {
          at[e.node] = step;
          hops[e.node] = h + 1;
          via[e.node] = static_cast<uint32_t>(l);
          q.push({step, h + 1, e.node});
        }
      }
    }
    if (at[d] > limit) return {};
    path.clear();
    for (uint32_t y = d; y != o;) {
      const size_t l = via[y];
      path.emplace_back(at[y], l);
      y = static_cast<uint32_t>(l / static_cast<size_t>(ports));
    }
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      auto& u = next[it->second];
      while (u.size() <= it->first + 1) u.push_back(static_cast<uint32_t>(u.size()));
      u[it->first] = it->first + 1;
      Transfer tr;
      tr.step = it->first;
      tr.from = static_cast<uint32_t>(it->second / static_cast<size_t>(ports));
      tr.to = g.drives(tr.from, static_cast<int>(it->second % static_cast<size_t>(ports))).node;
      tr.origin = o;
      tr.dest = static_cast<int32_t>(d);
      s.transfers.push_back(tr);
    }
    out.arrival[k] = at[d];
    s.steps = std::max(s.steps, at[d]);
  }
  std::stable_sort(s.transfers.begin(), s.transfers.end(),
                   [](const Transfer& a, const Transfer& b) { return a.step < b.step; });
  return out;
}

// The timed exchange in two orders, each followed by a local search (squeaky
// wheel: every round the packets that arrive last move a turn earlier, the
// ties drawn anew) until `target` steps or `rounds` rounds in all: the
// rotation (endpoint o's turn t is its packet to the endpoint t ranks after
// it; turn 1 first), and the farthest pairs first (by distance, then turn:
// a packet sent late must have few links to go). The shortest found, empty if
// none is within `limit` steps.
Schedule bestTimedExchange(const PortGraph& g, const std::vector<char>& endpoint,
                           const std::vector<int>& dist, uint32_t target, uint32_t limit,
                           int rounds) {
  const uint64_t n = g.nodes();
  std::vector<uint64_t> rank(n, 0);
  uint64_t e = 0;
  for (uint64_t x = 0; x < n; ++x) rank[x] = endpoint[x] ? e++ : 0;
  std::vector<Pair> pairs;
  for (uint32_t o = 0; o < n; ++o) {
    for (uint32_t d = 0; d < n; ++d) {
      if (o != d && endpoint[o] && endpoint[d]) pairs.push_back({o, d});
    }
  }
  Schedule kept;
  for (int far_first = 0; far_first < 2; ++far_first) {
    std::vector<double> key;
    for (const Pair& p : pairs) {
      const double turn = static_cast<double>((rank[p.dest] + e - rank[p.origin]) % e);
      key.push_back(far_first ? turn - static_cast<double>(e) * dist[p.origin * n + p.dest] : turn);
    }
    for (int round = 0; round < rounds / 2 && kept.steps != target; ++round) {
      Packing p = timedExchange(g, pairs, key, static_cast<uint32_t>(round), ~0u);
      const uint32_t steps = p.schedule.steps;
      for (size_t k = 0; k < key.size(); ++k) {
        if (p.arrival[k] == steps) key[k] -= 1.0;
      }
      if (steps <= limit && (kept.steps == 0 || steps < kept.steps)) {
        kept = std::move(p.schedule);
        limit = kept.steps - 1;
      }
    }
  }
  return kept;
}

template <typename Attempt>
Schedule best(Attempt attempt, uint32_t target, uint32_t trials = kTrials) {
  Schedule kept;
  uint32_t limit = ~0u;
  for (uint32_t seed = 0; seed < trials; ++seed) {
    Schedule s = attempt(seed, limit);
    if (s.steps == 0) continue;  // not shorter than the one kept
    limit = s.steps - 1;
    kept = std::move(s);
    if (kept.steps <= target) break;
  }
  kept.construction = "greedy";
  kept.promises_bound = false;
  return kept;
}

}  // namespace

Schedule graphMultinodeBroadcast(const PortGraph& g, const std::vector<uint32_t>& switches) {
  requireSize(g, "multinode-broadcast");
  const std::vector<char> endpoint = endpointMask(g, switches);
  const uint64_t e = static_cast<uint64_t>(std::count(endpoint.begin(), endpoint.end(), char{1}));
  const auto in = inNeighbours(g);
  const std::vector<int> dist = distances(g);
  // The step count at which the trials stop: max(diameter, (E - 1) / in-degree).
  uint32_t target = 0;
  for (uint64_t v = 0; v < g.nodes(); ++v) {
    if (!endpoint[v]) continue;
    const uint64_t deg = std::max<uint64_t>(1, in[v].size());
    target = std::max<uint32_t>(target, static_cast<uint32_t>((e - 1 + deg - 1) / deg));
    target = std::max(target, static_cast<uint32_t>(g.eccentricity(v)));
  }
  return best(
      [&](uint32_t seed, uint32_t limit) { return mnbAttempt(g, in, endpoint, dist, seed, limit); },
      target);
}

Schedule graphTotalExchange(const PortGraph& g, const std::vector<uint32_t>& switches) {
  requireSize(g, "total-exchange");
  const std::vector<char> endpoint = endpointMask(g, switches);
  const std::vector<int> dist = distances(g);
  // Two trials where a trial moves more than 20,000 packets (the rerouting
  // below does better there).
  const uint64_t e = static_cast<uint64_t>(std::count(endpoint.begin(), endpoint.end(), char{1}));
  Schedule adaptive =
      best([&](uint32_t seed, uint32_t limit) { return teAttempt(g, dist, endpoint, seed, limit); },
           0, e * (e - 1) > 20000 ? 2 : kTrials);
  const Routing r = balancedRouting(g, endpoint, 1);
  // The local search's rounds: fewer on large graphs (each round packs every
  // packet's every hop).
  uint64_t hops = 0;
  for (const auto& p : r.path) hops += p.size();
  const int rounds =
      static_cast<int>(std::clamp<uint64_t>(5000000 / std::max<uint64_t>(1, hops), 2, 40));
  Schedule routed = bestPacking(g, r, r.busiest, adaptive.steps - 1, rounds);
  if (routed.steps == 0 || routed.steps >= adaptive.steps) {
    routed = std::move(adaptive);
  } else {
    routed.construction = "routed";
    routed.promises_bound = false;
  }
  // The timed exchange's rounds: a round runs a Dijkstra per packet, so fewer
  // on large graphs (the 240-node hypercycle file gets 2, one per order).
  const uint64_t pairs = r.path.size();
  const uint64_t round_work = pairs * g.nodes() * static_cast<uint64_t>(g.ports());
  const int timed_rounds =
      static_cast<int>(std::clamp<uint64_t>(200000000 / std::max<uint64_t>(1, round_work), 2, 60));
  Schedule timed = bestTimedExchange(g, endpoint, dist, r.busiest, routed.steps - 1, timed_rounds);
  if (timed.steps == 0) {
    timed = std::move(routed);
  } else {
    timed.construction = "timed";
    timed.promises_bound = false;
  }
  Schedule rerouted = rerouteExchange(g, endpoint, timed.steps);
  return rerouted.steps != 0 ? rerouted : timed;
}

Schedule graphBroadcast(const PortGraph& g, uint32_t root, const std::vector<uint32_t>& switches) {
  const std::vector<char> endpoint = endpointMask(g, switches);
  if (root >= g.nodes() || !endpoint[root]) {
    throw Error("the broadcast's root " + std::to_string(root) + " is a switch, not an endpoint");
  }
  Schedule s = bfsBroadcast(g, root);
  pruneUnforwarded(s, endpoint);
  s.construction = "bfs";
  s.promises_bound = false;  // the tree's switches: more transmissions than E - 1
  return s;
}

}  // namespace hypercast
