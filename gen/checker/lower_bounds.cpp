#include "checker/lower_bounds.h"

#include <algorithm>

#include "checker/network_links.h"

namespace hypercast {
namespace checker {

namespace {

// A bound on the steps of a total exchange that uses the fewest transmissions,
// P S: then every packet takes a shortest path. For a set Q of generators, a
// shortest path to g uses generators of Q at least u_Q(g) times (the minimum
// over the shortest paths, by dynamic programming in BFS order from 0). Over
// all P origins the packets make P sum_g u_Q(g) hops on Q's links, of which
// there are P |Q|, each carrying one packet a step:
//   steps >= ceil(sum_g u_Q(g) / |Q|).
// Q runs over each generator, each generator with its inverse, and the
// generators that move one coordinate only, grouped by coordinate. It holds for
// any schedule with P S transmissions, translation-invariant or not; a schedule
// with more transmissions may take fewer steps (Z_7 <1,2>: 7 against 9).
uint64_t shortestPathStepBound(const NetworkDesc& net, const std::vector<int>& dist) {
  const uint64_t n = net.nodes();
  const size_t d = net.gens.size();
  std::vector<uint64_t> order(n);
  for (uint64_t x = 0; x < n; ++x) order[x] = x;
  std::sort(order.begin(), order.end(), [&](uint64_t a, uint64_t b) { return dist[a] < dist[b]; });
  // pred[v * d + q]: v - g_q, when it is one step closer to 0; else n.
  std::vector<uint64_t> pred(n * d, n);
  for (uint64_t v = 1; v < n; ++v) {
    const std::vector<int> dv = net.digits(v);
    for (size_t q = 0; q < d; ++q) {
      std::vector<int> du = dv;
      for (size_t i = 0; i < du.size(); ++i) {
        du[i] = ((du[i] - net.gens[q][i]) % net.radices[i] + net.radices[i]) % net.radices[i];
      }
      const uint64_t u = net.address(du);
      if (dist[u] == dist[v] - 1) pred[v * d + q] = u;
    }
  }
  std::vector<std::vector<char>> sets;
  for (size_t p = 0; p < d; ++p) {
    std::vector<char> one(d, 0);
    one[p] = 1;
    sets.push_back(one);
    for (size_t q = p + 1; q < d; ++q) {  // p and its inverse
      bool inverse = true;
      for (size_t i = 0; i < net.radices.size(); ++i) {
        inverse &= (net.gens[p][i] + net.gens[q][i]) % net.radices[i] == 0;
      }
      if (inverse) {
        std::vector<char> pair = one;
        pair[q] = 1;
        sets.push_back(pair);
      }
    }
  }
  for (size_t i = 0; i < net.radices.size(); ++i) {  // the generators moving coordinate i only
    std::vector<char> axis(d, 0);
    bool any = false;
    for (size_t q = 0; q < d; ++q) {
      bool only = net.gens[q][i] % net.radices[i] != 0;
      for (size_t j = 0; j < net.radices.size(); ++j) {
        if (j != i) only &= net.gens[q][j] % net.radices[j] == 0;
      }
      axis[q] = only ? 1 : 0;
      any |= only;
    }
    if (any) sets.push_back(axis);
  }
  uint64_t best = 0;
  std::vector<uint64_t> uses(n);
  for (const std::vector<char>& set : sets) {
    const uint64_t size = static_cast<uint64_t>(std::count(set.begin(), set.end(), 1));
    uses[0] = 0;
    uint64_t total = 0;
    for (uint64_t v : order) {
      if (v == 0) continue;
      uses[v] = ~uint64_t{0};
      for (size_t q = 0; q < d; ++q) {
        const uint64_t u = pred[v * d + q];
        if (u < n) uses[v] = std::min(uses[v], uses[u] + static_cast<uint64_t>(set[q]));
      }
      total += uses[v];
    }
    best = std::max(best, (total + size - 1) / size);
  }
  return best;
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

// Any strongly connected graph (a file, or a network with links removed), from
// the checker's own links: with in(v) and out(v) the links into and out of v,
// D the diameter and S the sum of all distances over L one-way links,
//   multinode broadcast: max(D, max_v ceil((N-1)/in(v))) steps (v receives its
//     N-1 packets at most in(v) a step), N(N-1) transmissions;
//   total exchange: max(D, ceil(S/L), max_v ceil((N-1)/in(v)),
//     max_v ceil((N-1)/out(v))) steps, S transmissions;
//   scatter: max(ecc(root), ceil((N-1)/out(root))) steps, the root's sum of
//     distances in transmissions.
KnownBound graphLowerBound(const NetworkDesc& net, const CollectiveProblem& c) {
  KnownBound b;
  if (c.messages != 1) return b;
  const NetworkLinks links(net);
  const uint64_t n = net.nodes();
  std::vector<uint64_t> in(n, 0), out(n, 0);
  uint64_t link_count = 0, sum = 0, diameter = 0, root_sum = 0, root_ecc = 0;
  for (uint64_t x = 0; x < n; ++x) {
    for (uint64_t y : links.successors(x)) {
      ++out[x];
      ++in[y];
      ++link_count;
    }
    const std::vector<int> dist = links.distances(x);
    for (int d : dist) {
      if (d < 0) return b;
      sum += static_cast<uint64_t>(d);
      diameter = std::max(diameter, static_cast<uint64_t>(d));
      if (x == c.root) {
        root_sum += static_cast<uint64_t>(d);
        root_ecc = std::max(root_ecc, static_cast<uint64_t>(d));
      }
    }
  }
  auto ceilDiv = [](uint64_t a, uint64_t d) { return d == 0 ? a : (a + d - 1) / d; };
  uint64_t steps = 0;
  switch (c.collective) {
    case Collective::kBroadcast:
      return b;  // the eccentricity bound below
    case Collective::kScatter:
      b.bound = {std::max(root_ecc, ceilDiv(n - 1, out[c.root])), root_sum};
      break;
    case Collective::kMultinodeBroadcast:
      steps = diameter;
      for (uint64_t v = 0; v < n; ++v) steps = std::max(steps, ceilDiv(n - 1, in[v]));
      b.bound = {steps, n * (n - 1)};
      break;
    case Collective::kTotalExchange:
      steps = std::max(diameter, ceilDiv(sum, link_count));
      for (uint64_t v = 0; v < n; ++v) {
        steps = std::max({steps, ceilDiv(n - 1, in[v]), ceilDiv(n - 1, out[v])});
      }
      b.bound = {steps, sum};
      break;
  }
  b.known = true;
  b.steps_at_min_transmissions = b.bound.steps;
  return b;
}

namespace {

KnownBound bounds(const NetworkDesc& net, const CollectiveProblem& c) {
  KnownBound b;
  const bool graph = net.kind == NetworkDesc::Kind::kGraph || !net.removed_links.empty();
  if (graph && c.collective != Collective::kBroadcast) return graphLowerBound(net, c);
  if (graph && c.messages == 1) {
    const int ecc = NetworkLinks(net).eccentricity(c.root);
    if (ecc < 0) return b;
    b.known = true;
    b.bound = {static_cast<uint64_t>(ecc), net.nodes() - 1};
    return b;
  }
  if (net.isTorus() && c.collective != Collective::kBroadcast) {
    return torusBound(static_cast<int>(net.radices.size()), net.radices.front(), c);
  }
  if (c.messages != 1) return b;
  if (net.isBinaryHypercube()) {
    b.known = true;
    b.bound = hypercubeLowerBound(net.hypercubeDim(), c.collective);
    return b;
  }
  // Any vertex-transitive (Cayley) graph with d output ports, from the checker's
  // own BFS distances D (the diameter) and S (their sum) from node 0:
  //   multinode broadcast: max(ceil((P-1)/d), D) steps (a node receives at most
  //     d packets a step; the farthest origin's packet needs D hops), P(P-1)
  //     transmissions;
  //   total exchange: max(ceil(S/d), D) steps (P S hops over P d links a
  //     step), P S transmissions; with P S transmissions, also the shortest-
  //     path bound (shortestPathStepBound).
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
    const uint64_t steps =
        c.collective == Collective::kMultinodeBroadcast ? (p - 1 + d - 1) / d : (sum + d - 1) / d;
    b.known = true;
    b.bound = {std::max<uint64_t>(steps, static_cast<uint64_t>(diameter)),
               c.collective == Collective::kMultinodeBroadcast ? p * (p - 1) : p * sum};
    b.steps_at_min_transmissions = b.bound.steps;
    if (c.collective == Collective::kTotalExchange) {
      b.steps_at_min_transmissions = std::max(b.bound.steps, shortestPathStepBound(net, dist));
    }
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

}  // namespace

KnownBound lowerBound(const NetworkDesc& net, const CollectiveProblem& c) {
  KnownBound b = bounds(net, c);
  b.steps_at_min_transmissions = std::max(b.steps_at_min_transmissions, b.bound.steps);
  return b;
}

}  // namespace checker
}  // namespace hypercast
