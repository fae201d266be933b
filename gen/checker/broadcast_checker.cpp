#include "checker/broadcast_checker.h"

#include <algorithm>
#include <map>
#include <queue>
#include <set>
#include <sstream>
#include <tuple>

namespace hypercast {
namespace checker {

uint64_t nodeCount(const Shape& s) {
  uint64_t n = 1;
  for (int m : s.m) n *= static_cast<uint64_t>(m);
  return n;
}

// Eq. (1): a and b differ in exactly one digit j, by +-xi mod m_j with 1 <= xi <= rho_j.
bool adjacent(const Shape& s, uint64_t a, uint64_t b) {
  int differing = 0;
  bool ok = false;
  for (size_t i = 0; i < s.m.size(); ++i) {
    const uint64_t m = static_cast<uint64_t>(s.m[i]);
    const int64_t ai = static_cast<int64_t>(a % m), bi = static_cast<int64_t>(b % m);
    a /= m;
    b /= m;
    if (ai == bi) continue;
    ++differing;
    const int64_t up = ((bi - ai) % s.m[i] + s.m[i]) % s.m[i];
    const int64_t dist = std::min<int64_t>(up, s.m[i] - up);
    ok = dist >= 1 && dist <= s.rho[i];
  }
  return differing == 1 && ok;
}

int eccentricity(const Shape& s, uint64_t source) {
  const uint64_t n = nodeCount(s);
  std::vector<int> dist(n, -1);
  std::queue<uint64_t> q;
  dist[source] = 0;
  q.push(source);
  int ecc = 0;
  while (!q.empty()) {
    const uint64_t x = q.front();
    q.pop();
    ecc = std::max(ecc, dist[x]);
    uint64_t w = 1;
    for (size_t i = 0; i < s.m.size(); ++i) {
      const int64_t m = s.m[i];
      const int64_t xi = static_cast<int64_t>((x / w) % static_cast<uint64_t>(m));
      for (int xi_off = -s.rho[i]; xi_off <= s.rho[i]; ++xi_off) {
        if (xi_off == 0) continue;
        const int64_t yi = ((xi + xi_off) % m + m) % m;
        const uint64_t y = x - static_cast<uint64_t>(xi) * w + static_cast<uint64_t>(yi) * w;
        if (dist[y] < 0) {
          dist[y] = dist[x] + 1;
          q.push(y);
        }
      }
      w *= static_cast<uint64_t>(m);
    }
  }
  return ecc;
}

Report check(const Shape& s, const std::vector<Broadcast>& broadcasts,
             const std::vector<Transfer>& transfers, const Options& opt) {
  Report r;
  const uint64_t n = nodeCount(s);
  auto fail = [&](const std::string& msg) {
    r.ok = false;
    if (r.errors.size() < opt.max_errors) r.errors.push_back(msg);
  };

  std::map<std::pair<uint64_t, uint64_t>, size_t> index;  // (origin, tag) -> broadcast
  for (size_t b = 0; b < broadcasts.size(); ++b) {
    if (broadcasts[b].origin >= n)
      fail("broadcast origin " + std::to_string(broadcasts[b].origin) + " outside the network");
    if (!index.emplace(std::make_pair(broadcasts[b].origin, broadcasts[b].tag), b).second) {
      fail("two broadcasts share origin " + std::to_string(broadcasts[b].origin) + " and tag " +
           std::to_string(broadcasts[b].tag));
    }
  }

  // Order by cycle so that "forward before receipt" can be judged in one pass.
  std::vector<size_t> order(transfers.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t x, size_t y) { return transfers[x].cycle < transfers[y].cycle; });

  // Per broadcast, per node: receive count, receive cycle and step.
  struct Held {
    int count = 0;
    int64_t cycle = -1;
    int step = 0;
  };
  std::vector<std::vector<Held>> held(broadcasts.size(), std::vector<Held>(n));
  std::set<std::tuple<int64_t, uint64_t, uint64_t>> link_use;

  for (size_t i : order) {
    const Transfer& t = transfers[i];
    ++r.transmissions;
    r.last_cycle = std::max(r.last_cycle, t.cycle);
    r.max_step = std::max(r.max_step, t.step);
    std::ostringstream where;
    where << "cycle " << t.cycle << ", " << t.from << "->" << t.to << ", broadcast of node "
          << t.origin << " tag " << t.tag;
    if (t.from >= n || t.to >= n) {
      fail(where.str() + ": node outside the network");
      continue;
    }
    if (!adjacent(s, t.from, t.to)) fail(where.str() + ": no such link");
    if (!link_use.emplace(t.cycle, t.from, t.to).second) {
      fail(where.str() + ": second packet on the same link in the same cycle");
    }
    auto it = index.find(std::make_pair(t.origin, t.tag));
    if (it == index.end()) {
      fail(where.str() + ": no such broadcast was injected (payload corrupted?)");
      continue;
    }
    const Broadcast& b = broadcasts[it->second];
    auto& h = held[it->second];
    if (t.from == b.origin) {
      if (t.step != 1) fail(where.str() + ": a send by the origin must be step 1");
      if (b.start_cycle >= 0 && t.cycle <= b.start_cycle) {
        fail(where.str() + ": sent before the origin offered it");
      }
      if (opt.lone && b.start_cycle >= 0 && t.cycle != b.start_cycle + opt.hop_cycles) {
        fail(where.str() + ": an idle origin must send one hop time after it is offered");
      }
    } else {
      const Held& src = h[t.from];
      if (src.count == 0 || src.cycle >= t.cycle) {
        fail(where.str() + ": node " + std::to_string(t.from) + " forwards before it received");
      } else {
        if (t.step != src.step + 1) fail(where.str() + ": step is not one more than the sender's");
        if (opt.lone && t.cycle != src.cycle + opt.hop_cycles) {
          fail(where.str() + ": an idle network must forward one hop time later");
        }
      }
    }
    if (t.to == b.origin) {
      fail(where.str() + ": the origin received its own broadcast");
      continue;
    }
    Held& dst = h[t.to];
    if (++dst.count == 1) {
      dst.cycle = t.cycle;
      dst.step = t.step;
    } else {
      ++r.redundant;
      fail(where.str() + ": node " + std::to_string(t.to) + " received it again");
    }
  }

  for (size_t b = 0; b < broadcasts.size(); ++b) {
    int last = 0;
    for (uint64_t x = 0; x < n; ++x) {
      if (x == broadcasts[b].origin) continue;
      if (held[b][x].count == 0) {
        ++r.missing;
        fail("node " + std::to_string(x) + " never received the broadcast of node " +
             std::to_string(broadcasts[b].origin) + " tag " + std::to_string(broadcasts[b].tag));
      }
      last = std::max(last, held[b][x].step);
    }
    if (opt.lone) {
      const int ecc = eccentricity(s, broadcasts[b].origin);
      if (last != ecc) {
        fail("broadcast of node " + std::to_string(broadcasts[b].origin) + " took " +
             std::to_string(last) + " steps; the lower bound (eccentricity) is " +
             std::to_string(ecc));
      }
    }
  }
  for (uint64_t x = 0; x < n; ++x) {
    bool all = true;
    for (size_t b = 0; b < broadcasts.size(); ++b) {
      if (x != broadcasts[b].origin && held[b][x].count == 0) all = false;
    }
    if (all) ++r.nodes_all;
  }
  return r;
}

}  // namespace checker
}  // namespace hypercast
