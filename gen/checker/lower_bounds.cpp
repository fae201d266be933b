#include "checker/lower_bounds.h"

#include <algorithm>

#include "checker/network_links.h"

namespace hypercast {
namespace checker {

namespace {

// The fewest uses of the busiest generator in any total exchange with the fewest
// transmissions: every packet then takes a shortest path, and a shortest path
// to g uses generator p at least u_p(g) times (the minimum over the shortest
// paths, by dynamic programming in BFS order from 0); a generator carries at
// most one of node 0's packets per step in a translation-invariant template,
// and in any schedule the P translates of these uses share its P links.
uint64_t forcedGeneratorLoad(const NetworkDesc& net, const std::vector<int>& dist) {
  const uint64_t n = net.nodes();
  std::vector<uint64_t> order(n);
  for (uint64_t x = 0; x < n; ++x) order[x] = x;
  std::sort(order.begin(), order.end(), [&](uint64_t a, uint64_t b) { return dist[a] < dist[b]; });
  uint64_t worst = 0;
  for (size_t p = 0; p < net.gens.size(); ++p) {
    std::vector<uint64_t> uses(n, ~uint64_t{0});
    uses[0] = 0;
    uint64_t total = 0;
    for (uint64_t v : order) {
      if (v == 0) continue;
      const std::vector<int> dv = net.digits(v);
      for (size_t q = 0; q < net.gens.size(); ++q) {
        std::vector<int> du = dv;  // the predecessor v - g_q
        for (size_t i = 0; i < du.size(); ++i) {
          du[i] = ((du[i] - net.gens[q][i]) % net.radices[i] + net.radices[i]) % net.radices[i];
        }
        const uint64_t u = net.address(du);
        if (dist[u] != dist[v] - 1) continue;
        uses[v] = std::min(uses[v], uses[u] + (q == p ? 1 : 0));
      }
      total += uses[v];
    }
    worst = std::max(worst, total);
  }
  return worst;
}

// MT(n,k), k odd: Fragopoulou & Akl, Sec. 4.1, for M messages per pair.
//   multinode broadcast  ceil(M (k^n - 1) / 2n) steps,  M (k^n - 1) k^n transmissions
//   single-node scatter  ceil(M (k^n - 1) / 2n),        M n (k^2 - 1) k^(n-1) / 4
//   multinode scatter    M (k^2 - 1) k^(n-1) / 8,       M n (k^2 - 1) k^(2n-1) / 4
KnownBound torusBound(int n, int k, const CollectiveProblem& c) {
  KnownBound b;
  if (k % 2 == 0 || c.collective == Collective::kBroadcast) return b;
  const uint64_t m = c.messages;
  const uint64_t kk = static_cast<uint64_t>(k);
  const uint64_t nn = static_cast<uint64_t>(n);
  uint64_t kn = 1;
  for (int i = 0; i < n; ++i) kn *= kk;
  b.known = true;
  switch (c.collective) {
    case Collective::kMultinodeBroadcast:
      b.bound = {(m * (kn - 1) + 2 * nn - 1) / (2 * nn), m * (kn - 1) * kn};
      break;
    case Collective::kScatter:
      b.bound = {(m * (kn - 1) + 2 * nn - 1) / (2 * nn), m * nn * (kk * kk - 1) * (kn / kk) / 4};
      break;
    case Collective::kTotalExchange:
      b.bound = {m * (kk * kk - 1) * (kn / kk) / 8, m * nn * (kk * kk - 1) * (kn / kk) * kn / 4};
      break;
    case Collective::kBroadcast:
      break;
  }
  return b;
}

}  // namespace

KnownBound lowerBound(const NetworkDesc& net, const CollectiveProblem& c) {
  KnownBound b;
  if (net.topology == "torus" && c.collective != Collective::kBroadcast) {
    return torusBound(static_cast<int>(net.radices.size()), net.radices.front(), c);
  }
  if (c.messages != 1) return b;
  if (net.topology == "hypercube") {
    b.known = true;
    b.bound = hypercubeLowerBound(static_cast<int>(net.radices.size()), c.collective);
    return b;
  }
  // Any vertex-transitive (Cayley) graph with d output ports, from the checker's
  // own BFS distances D (the diameter) and S (their sum) from node 0:
  //   multinode broadcast: max(ceil((P-1)/d), D) steps (a node receives at most
  //     d packets a step; the farthest origin's packet needs D hops), P(P-1)
  //     transmissions;
  //   total exchange: P S transmissions (every packet on a shortest path), and
  //     then max(ceil(S/d), D, the busiest generator's forced uses) steps (P S
  //     hops over P d links a step; forcedGeneratorLoad).
  if (net.kind == NetworkDesc::Kind::kCayley && (c.collective == Collective::kMultinodeBroadcast ||
                                                 c.collective == Collective::kTotalExchange)) {
    const std::vector<int> dist = NetworkLinks(net).distances(0);
    uint64_t sum = 0;
    int diameter = 0;
    for (int x : dist) {
      if (x < 0) return b;
      sum += static_cast<uint64_t>(x);
      diameter = std::max(diameter, x);
    }
    const uint64_t p = net.nodes(), d = static_cast<uint64_t>(net.ports());
    uint64_t steps =
        c.collective == Collective::kMultinodeBroadcast ? (p - 1 + d - 1) / d : (sum + d - 1) / d;
    if (c.collective == Collective::kTotalExchange) {
      steps = std::max(steps, forcedGeneratorLoad(net, dist));
    }
    b.known = true;
    b.bound = {std::max<uint64_t>(steps, static_cast<uint64_t>(diameter)),
               c.collective == Collective::kMultinodeBroadcast ? p * (p - 1) : p * sum};
    return b;
  }
  if (c.collective == Collective::kBroadcast) {
    const int ecc = NetworkLinks(net).eccentricity(c.root);
    if (ecc < 0) return b;
    b.known = true;
    b.bound = {static_cast<uint64_t>(ecc), net.nodes() - 1};
  }
  return b;
}

}  // namespace checker
}  // namespace hypercast
