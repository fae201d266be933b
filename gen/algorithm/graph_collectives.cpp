#include "algorithm/graph_collectives.h"

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <random>

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

// One multinode broadcast with tie-break seed `seed`, given up (empty) beyond
// `limit` steps.
Schedule mnbAttempt(const PortGraph& g, const std::vector<std::vector<uint32_t>>& in, uint32_t seed,
                    uint32_t limit) {
  const uint64_t n = g.nodes();
  std::vector<uint8_t> has(n * n, 0);
  std::vector<uint32_t> holders(n, 1);
  for (uint64_t v = 0; v < n; ++v) has[v * n + v] = 1;
  std::vector<uint32_t> rank(n);
  std::iota(rank.begin(), rank.end(), 0u);
  std::mt19937 rng(seed);
  if (seed != 0) std::shuffle(rank.begin(), rank.end(), rng);
  uint64_t missing = n * (n - 1);
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
        for (uint32_t o = 0; o < n; ++o) {
          if (has[u * n + o] && !has[v * n + o]) cand[l].push_back(o);
        }
        std::sort(cand[l].begin(), cand[l].end(), [&](uint32_t a, uint32_t b) {
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
      --missing;
    }
    if (now.empty()) throw Error("the multinode broadcast is stuck on " + g.name());
    s.transfers.insert(s.transfers.end(), now.begin(), now.end());
  }
  return s;
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

struct Packet {
  uint32_t origin, dest, at;
};

Schedule teAttempt(const PortGraph& g, const std::vector<int>& dist, uint32_t seed,
                   uint32_t limit) {
  const uint64_t n = g.nodes();
  std::vector<Packet> packets;
  std::vector<std::vector<uint32_t>> at(n);
  for (uint32_t o = 0; o < n; ++o) {
    for (uint32_t d = 0; d < n; ++d) {
      if (o == d) continue;
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

template <typename Attempt>
Schedule best(Attempt attempt, uint32_t target) {
  Schedule kept;
  uint32_t limit = ~0u;
  for (uint32_t seed = 0; seed < kTrials; ++seed) {
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

Schedule graphMultinodeBroadcast(const PortGraph& g) {
  requireSize(g, "multinode-broadcast");
  const auto in = inNeighbours(g);
  // The step count at which the trials stop: max(diameter, (N - 1) / in-degree).
  uint32_t target = 0;
  for (uint64_t v = 0; v < g.nodes(); ++v) {
    const uint64_t deg = std::max<uint64_t>(1, in[v].size());
    target = std::max<uint32_t>(target, static_cast<uint32_t>((g.nodes() - 1 + deg - 1) / deg));
    target = std::max(target, static_cast<uint32_t>(g.eccentricity(v)));
  }
  return best([&](uint32_t seed, uint32_t limit) { return mnbAttempt(g, in, seed, limit); },
              target);
}

Schedule graphTotalExchange(const PortGraph& g) {
  requireSize(g, "total-exchange");
  const std::vector<int> dist = distances(g);
  return best([&](uint32_t seed, uint32_t limit) { return teAttempt(g, dist, seed, limit); }, 0);
}

}  // namespace hypercast
