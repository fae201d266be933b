#include "algorithm/torus_lane_split.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <map>

#include "util/error.h"

namespace hypercast {

namespace {

// Message indices from the counts: a node's lanes j, j + P, ... in order.
void numberMessages(int two_n, const std::vector<NonFullLeader>& leaders, LaneSplit& s) {
  s.first.assign(leaders.size(), std::vector<uint32_t>(static_cast<size_t>(two_n), 0));
  std::vector<uint64_t> load(static_cast<size_t>(two_n), 0);
  for (size_t l = 0; l < leaders.size(); ++l) {
    const int p = leaders[l].period;
    for (int j = 0; j < p; ++j) {
      uint32_t next = 0;
      for (int i = j; i < two_n; i += p) {
        s.first[l][static_cast<size_t>(i)] = next;
        next += s.count[l][static_cast<size_t>(i)];
        load[static_cast<size_t>((leaders[l].base + i) % two_n)] +=
            s.count[l][static_cast<size_t>(i)];
      }
    }
  }
  s.max_load = static_cast<uint32_t>(*std::max_element(load.begin(), load.end()));
}

// Edmonds-Karp on a small dense graph.
class MaxFlow {
 public:
  explicit MaxFlow(int nodes) : n_(nodes), cap_(static_cast<size_t>(nodes * nodes), 0) {}
  void add(int u, int v, int64_t c) { cap_[idx(u, v)] += c; }
  int64_t flowOn(int u, int v) const { return flow_.count(idx(u, v)) ? flow_.at(idx(u, v)) : 0; }
  int64_t run(int s, int t) {
    int64_t total = 0;
    for (;;) {
      std::vector<int> prev(static_cast<size_t>(n_), -1);
      prev[static_cast<size_t>(s)] = s;
      std::deque<int> q{s};
      while (!q.empty() && prev[static_cast<size_t>(t)] < 0) {
        const int u = q.front();
        q.pop_front();
        for (int v = 0; v < n_; ++v) {
          if (prev[static_cast<size_t>(v)] < 0 && cap_[idx(u, v)] > 0) {
            prev[static_cast<size_t>(v)] = u;
            q.push_back(v);
          }
        }
      }
      if (prev[static_cast<size_t>(t)] < 0) return total;
      int64_t push = std::numeric_limits<int64_t>::max();
      for (int v = t; v != s; v = prev[static_cast<size_t>(v)]) {
        push = std::min(push, cap_[idx(prev[static_cast<size_t>(v)], v)]);
      }
      for (int v = t; v != s; v = prev[static_cast<size_t>(v)]) {
        const int u = prev[static_cast<size_t>(v)];
        cap_[idx(u, v)] -= push;
        cap_[idx(v, u)] += push;
        flow_[idx(u, v)] += push;
        flow_[idx(v, u)] -= push;
      }
      total += push;
    }
  }

 private:
  size_t idx(int u, int v) const { return static_cast<size_t>(u * n_ + v); }
  int n_;
  std::vector<int64_t> cap_;
  std::map<size_t, int64_t> flow_;
};

}  // namespace

bool paperSplitIntegral(int two_n, uint32_t messages, const std::vector<NonFullLeader>& leaders) {
  for (const auto& l : leaders) {
    if (uint64_t{messages} * static_cast<uint64_t>(l.period) % static_cast<uint64_t>(two_n) != 0) {
      return false;
    }
  }
  return true;
}

LaneSplit paperLaneSplit(int two_n, uint32_t messages, const std::vector<NonFullLeader>& leaders) {
  if (!paperSplitIntegral(two_n, messages, leaders)) {
    throw Error("the paper's message splitting needs 2n/P to divide M for every period P");
  }
  LaneSplit s;
  for (const auto& l : leaders) {
    const uint32_t share =
        messages * static_cast<uint32_t>(l.period) / static_cast<uint32_t>(two_n);
    s.count.emplace_back(static_cast<size_t>(two_n), share);
  }
  numberMessages(two_n, leaders, s);
  return s;
}

LaneSplit balancedLaneSplit(int two_n, uint32_t messages,
                            const std::vector<NonFullLeader>& leaders) {
  LaneSplit s;
  s.count.assign(leaders.size(), std::vector<uint32_t>(static_cast<size_t>(two_n), 0));
  if (leaders.empty()) {
    numberMessages(two_n, leaders, s);
    return s;
  }
  // Classes (P, r): the resources r, r + P, ... that a node of period P can use;
  // every leader of period P puts M messages on each of its P classes.
  std::map<int, uint64_t> per_period;
  uint64_t total = 0;
  for (const auto& l : leaders) {
    per_period[l.period] += messages;
    total += uint64_t{messages} * static_cast<uint64_t>(l.period);
  }
  std::vector<std::pair<int, int>> classes;  // (P, r)
  for (const auto& pp : per_period) {
    for (int r = 0; r < pp.first; ++r) classes.push_back({pp.first, r});
  }
  const int nc = static_cast<int>(classes.size());
  const int src = 0;
  const int sink = 1 + nc + two_n;
  auto resource = [&](int r) { return 1 + nc + r; };
  for (uint64_t cap = (total + static_cast<uint64_t>(two_n) - 1) / static_cast<uint64_t>(two_n);;
       ++cap) {
    MaxFlow f(sink + 1);
    for (int c = 0; c < nc; ++c) {
      f.add(src, 1 + c, static_cast<int64_t>(per_period[classes[static_cast<size_t>(c)].first]));
      for (int r = classes[static_cast<size_t>(c)].second; r < two_n;
           r += classes[static_cast<size_t>(c)].first) {
        f.add(1 + c, resource(r), static_cast<int64_t>(total));
      }
    }
    for (int r = 0; r < two_n; ++r) f.add(resource(r), sink, static_cast<int64_t>(cap));
    if (static_cast<uint64_t>(f.run(src, sink)) != total) continue;
    // Hand each class's flow to its leaders' nodes, M messages per node.
    std::vector<std::vector<int64_t>> left(static_cast<size_t>(nc),
                                           std::vector<int64_t>(static_cast<size_t>(two_n), 0));
    std::map<std::pair<int, int>, int> class_of;
    for (int c = 0; c < nc; ++c) {
      class_of[classes[static_cast<size_t>(c)]] = c;
      for (int r = 0; r < two_n; ++r) {
        left[static_cast<size_t>(c)][static_cast<size_t>(r)] = f.flowOn(1 + c, resource(r));
      }
    }
    for (size_t l = 0; l < leaders.size(); ++l) {
      const int p = leaders[l].period;
      for (int j = 0; j < p; ++j) {
        const int c = class_of.at({p, (leaders[l].base + j) % p});
        uint32_t need = messages;
        for (int i = j; i < two_n && need > 0; i += p) {
          const int r = (leaders[l].base + i) % two_n;
          int64_t& avail = left[static_cast<size_t>(c)][static_cast<size_t>(r)];
          const uint32_t take = static_cast<uint32_t>(std::min<int64_t>(avail, need));
          s.count[l][static_cast<size_t>(i)] = take;
          avail -= take;
          need -= take;
        }
        if (need > 0) throw Error("balancedLaneSplit: the flow does not cover a node");
      }
    }
    numberMessages(two_n, leaders, s);
    return s;
  }
}

}  // namespace hypercast
