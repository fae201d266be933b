#include "checker/lower_bounds.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

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

namespace {

// The total exchange's link-length bound (the dual of the concurrent flow
// that carries every packet): for any lengths l(e) >= 0 of the one-way links,
// the packets' routes have total length at least the sum over the pairs (o, d)
// of dist_l(o, d), and a step moves at most one packet over each link, so
//   steps >= sum_(o,d) dist_l(o, d) / sum_e l(e).
// l = 1 is the counting bound S / L. Rounds of multiplicative weights lengthen
// the links that shortest paths crowd (each pair's packet split evenly over
// the shortest paths under l, link by link back from its destination, each
// link's length grown with its load) and keep the best ratio: on
// a product of rings of different sizes they find the small ring's links,
// which every route must use as often as that ring's distance says.
// endpoint[x]: x originates and receives packets.
uint64_t linkLengthBound(const NetworkLinks& links, const std::vector<char>& endpoint) {
  const uint64_t n = links.nodes();
  std::vector<std::vector<uint64_t>> succ(n);
  std::vector<uint64_t> tail;           // of each link, numbered in successor order
  std::vector<size_t> first(n + 1, 0);  // node x's links are first[x]..first[x+1]-1
  for (uint64_t x = 0; x < n; ++x) {
    succ[x] = links.successors(x);
    tail.insert(tail.end(), succ[x].size(), x);
    first[x + 1] = tail.size();
  }
  const size_t count = tail.size();
  if (count == 0 || n < 2) return 0;
  std::vector<std::vector<size_t>> into(n);  // the links into each node
  for (uint64_t x = 0; x < n; ++x) {
    for (size_t j = 0; j < succ[x].size(); ++j) into[succ[x][j]].push_back(first[x] + j);
  }
  std::vector<size_t> tight;
  std::vector<double> len(count, 1.0), load(count), dist(n), below(n);
  std::vector<size_t> via(n);
  std::vector<uint64_t> order;
  std::vector<char> done(n);
  double best = 0;
  const uint64_t work = n * count;
  // Round 1 (l = 1) is the counting bound: too large a network for a second
  // round keeps that one.
  const int rounds = static_cast<int>(std::min<uint64_t>(30000000 / work, 24));
  if (rounds < 2) return 0;
  using Item = std::pair<double, uint64_t>;
  for (int round = 0; round < rounds; ++round) {
    std::fill(load.begin(), load.end(), 0.0);
    double total = 0, length = 0;
    for (double l : len) length += l;
    for (uint64_t o = 0; o < n; ++o) {
      if (!endpoint[o]) continue;
      std::fill(dist.begin(), dist.end(), -1.0);
      std::fill(done.begin(), done.end(), 0);
      std::priority_queue<Item, std::vector<Item>, std::greater<Item>> q;
      dist[o] = 0;
      q.push({0.0, o});
      order.clear();
      while (!q.empty()) {
        const uint64_t x = q.top().second;
        q.pop();
        if (done[x]) continue;
        done[x] = 1;
        order.push_back(x);
        size_t e = first[x];
        for (size_t j = 0; j < succ[x].size(); ++j, ++e) {
          const uint64_t y = succ[x][j];
          const double d = dist[x] + len[e];
          if (dist[y] < 0 || d < dist[y]) {
            dist[y] = d;
            via[y] = e;
            q.push({d, y});
          }
        }
      }
      if (order.size() != n) return 0;
      // Each link's load: the destinations below it in o's tree.
      for (uint64_t x = 0; x < n; ++x) {
        below[x] = x != o && endpoint[x] ? 1.0 : 0.0;
        total += below[x] * dist[x];
      }
      // Split evenly over the links into x that lie on a shortest path (on
      // equal lengths a product of rings has many), farthest nodes first.
      for (size_t i = order.size(); i-- > 1;) {
        const uint64_t x = order[i];
        const double tol = 1e-9 * std::max(1.0, dist[x]);
        tight.clear();
        for (size_t f : into[x]) {
          if (std::abs(dist[tail[f]] + len[f] - dist[x]) <= tol) tight.push_back(f);
        }
        if (tight.empty()) tight.push_back(via[x]);
        const double share = below[x] / static_cast<double>(tight.size());
        for (size_t f : tight) {
          load[f] += share;
          below[tail[f]] += share;
        }
      }
    }
    best = std::max(best, total / length);
    const double most = *std::max_element(load.begin(), load.end());
    if (most <= 0) break;
    double longest = 0;
    for (size_t e = 0; e < count; ++e) {
      len[e] *= 1.0 + load[e] / most;
      longest = std::max(longest, len[e]);
    }
    for (double& l : len) l /= longest;  // kept near 1: the ratio is scale-free
  }
  return static_cast<uint64_t>(std::ceil(best - 1e-9));  // doubles: a margin before rounding up
}

}  // namespace

// Any strongly connected graph (a file, or a network with links removed), from
// the checker's own links, among its E endpoints (every node but the switches
// of NetworkDesc::switches): with in(v) and out(v) the links into and out of
// v, D the largest distance between endpoints and S the sum of the distances
// between them over L one-way links,
//   multinode broadcast: max(D, max over endpoints v of ceil((E-1)/in(v)))
//     steps (v receives its E-1 packets at most in(v) a step), E(E-1)
//     transmissions (each packet reaches E-1 endpoints);
//   total exchange: max(D, the link-length bound above (at least ceil(S/L)),
//     max over endpoints v of ceil((E-1)/in(v)) and ceil((E-1)/out(v))) steps,
//     S transmissions;
//   both, the pipeline bound: with c the endpoints at distance >= d to v
//     (from v, for what v sends in a total exchange), d - 1 + ceil(c/in(v))
//     (d - 1 + ceil(c/out(v))) steps, over every endpoint v and d >= 1;
//   scatter: max(the root's eccentricity over the endpoints, ceil((E-1)/
//     out(root))) steps, the root's sum of distances to them in transmissions.
KnownBound graphLowerBound(const NetworkDesc& net, const CollectiveProblem& c) {
  KnownBound b;
  if (c.messages != 1) return b;
  const NetworkLinks links(net);
  const uint64_t n = net.nodes();
  std::vector<char> endpoint(n, 1);
  for (uint32_t x : net.switches) {
    if (x < n) endpoint[x] = 0;
  }
  const uint64_t e = static_cast<uint64_t>(std::count(endpoint.begin(), endpoint.end(), char{1}));
  std::vector<uint64_t> in(n, 0), out(n, 0);
  uint64_t link_count = 0, sum = 0, diameter = 0, root_sum = 0, root_ecc = 0;
  // [x * n + d]: the endpoints at distance d from endpoint x (to), and to it (from).
  std::vector<uint64_t> at_to(n * n, 0), at_from(n * n, 0);
  for (uint64_t x = 0; x < n; ++x) {
    for (uint64_t y : links.successors(x)) {
      ++out[x];
      ++in[y];
      ++link_count;
    }
    const std::vector<int> dist = links.distances(x);
    for (uint64_t y = 0; y < n; ++y) {
      const int d = dist[y];
      if (d < 0) return b;
      if (!endpoint[x] || !endpoint[y]) continue;
      sum += static_cast<uint64_t>(d);
      diameter = std::max(diameter, static_cast<uint64_t>(d));
      ++at_to[x * n + static_cast<uint64_t>(d)];
      ++at_from[y * n + static_cast<uint64_t>(d)];
      if (x == c.root) {
        root_sum += static_cast<uint64_t>(d);
        root_ecc = std::max(root_ecc, static_cast<uint64_t>(d));
      }
    }
  }
  auto ceilDiv = [](uint64_t a, uint64_t d) { return d == 0 ? a : (a + d - 1) / d; };
  // The pipeline bound of endpoint v over `count` (at_from or at_to) and its
  // links `deg`: the c endpoints at distance >= d from it (to it) take
  // d - 1 + ceil(c / deg) steps at least (none arrives before step d, and v
  // receives at most deg a step; likewise for what v sends).
  auto pipeline = [&](const std::vector<uint64_t>& count, uint64_t v, uint64_t deg) {
    uint64_t most = 0, got = 0;
    for (uint64_t d = n - 1; d >= 1; --d) {
      got += count[v * n + d];
      if (got > 0) most = std::max(most, d - 1 + ceilDiv(got, deg));
    }
    return most;
  };
  uint64_t steps = 0;
  switch (c.collective) {
    case Collective::kBroadcast:
      return b;  // the eccentricity bound below
    case Collective::kScatter:
      b.bound = {std::max(root_ecc, ceilDiv(e - 1, out[c.root])), root_sum};
      break;
    case Collective::kMultinodeBroadcast:
      steps = diameter;
      for (uint64_t v = 0; v < n; ++v) {
        if (endpoint[v])
          steps = std::max({steps, ceilDiv(e - 1, in[v]), pipeline(at_from, v, in[v])});
      }
      b.bound = {steps, e * (e - 1)};
      break;
    case Collective::kTotalExchange:
      steps = std::max({diameter, ceilDiv(sum, link_count), linkLengthBound(links, endpoint)});
      for (uint64_t v = 0; v < n; ++v) {
        if (endpoint[v]) {
          steps = std::max({steps, ceilDiv(e - 1, in[v]), ceilDiv(e - 1, out[v]),
                            pipeline(at_from, v, in[v]), pipeline(at_to, v, out[v])});
        }
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
    // The farthest endpoint from the root; every other endpoint receives it.
    const std::vector<int> dist = NetworkLinks(net).distances(c.root);
    int ecc = 0;
    for (uint64_t x = 0; x < dist.size(); ++x) {
      if (dist[x] < 0) return b;
      if (!net.isSwitch(x)) ecc = std::max(ecc, dist[x]);
    }
    b.known = true;
    b.bound = {static_cast<uint64_t>(ecc), net.endpoints() - 1};
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
  // No formula for this network (MT(n,k) with k even): any graph's bounds.
  if (!b.known && c.collective != Collective::kBroadcast && c.messages == 1 &&
      net.nodes() <= 4096) {
    b = graphLowerBound(net, c);
  }
  b.steps_at_min_transmissions = std::max(b.steps_at_min_transmissions, b.bound.steps);
  return b;
}

}  // namespace checker
}  // namespace hypercast
