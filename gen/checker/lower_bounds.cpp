#include "checker/lower_bounds.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <numeric>
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

using Adjacency = std::vector<std::vector<uint64_t>>;

// BFS distances over `adj` from every node of `sources` at once (-1 where
// unreachable): over the successors, d(sources, x); over the predecessors,
// d(x, sources).
std::vector<int> distancesFrom(const Adjacency& adj, const std::vector<uint64_t>& sources) {
  std::vector<int> d(adj.size(), -1);
  std::vector<uint64_t> queue;
  for (uint64_t s : sources) {
    if (d[s] < 0) {
      d[s] = 0;
      queue.push_back(s);
    }
  }
  for (size_t i = 0; i < queue.size(); ++i) {
    for (uint64_t y : adj[queue[i]]) {
      if (d[y] < 0) {
        d[y] = d[queue[i]] + 1;
        queue.push_back(y);
      }
    }
  }
  return d;
}

uint64_t ceilDiv(uint64_t a, uint64_t d) { return d == 0 ? a : (a + d - 1) / d; }

// The cut bound of a node set X: its m out-links (u -> w, u in X, w not) carry
// one packet a step each. A packet from an endpoint o in X to an endpoint y
// outside crosses them at least once; its first crossing is at step >= R(o) + 1,
// R(o) = d(o, the out-links' tails), and it arrives at step >= that + Q(y),
// Q(y) = d(the out-links' heads, y). The first crossings take distinct (link,
// step) slots, so the c packets with R(o) >= r and Q(y) >= q take
//   steps >= r + ceil(c / m) + q   (total exchange; c = their origins times
//                                    their destinations),
// and in a multinode broadcast the packet of each such origin crosses, then
// still reaches the endpoint outside farthest from the heads:
//   steps >= r + ceil(c / m) + max over y outside of Q(y)   (c: origins).
// X = {v} and X = V - {v} give the pipeline bound; a switch with the endpoints
// hanging on it alone, the links that join it to the rest.
void cutBound(const Adjacency& succ, const Adjacency& pred, const std::vector<char>& endpoint,
              const std::vector<char>& in_x, uint64_t& mnb, uint64_t& te) {
  const uint64_t n = succ.size();
  std::vector<uint64_t> tails, heads;
  uint64_t m = 0;
  for (uint64_t x = 0; x < n; ++x) {
    if (!in_x[x]) continue;
    for (uint64_t y : succ[x]) {
      if (in_x[y]) continue;
      ++m;
      tails.push_back(x);
      heads.push_back(y);
    }
  }
  if (m == 0) return;
  const std::vector<int> r_of = distancesFrom(pred, tails), q_of = distancesFrom(succ, heads);
  std::vector<uint64_t> origins(n + 1, 0), dests(n + 1, 0);  // by R, by Q; then suffix sums
  int q_most = -1;
  for (uint64_t x = 0; x < n; ++x) {
    if (!endpoint[x]) continue;
    if (in_x[x] && r_of[x] >= 0) ++origins[static_cast<uint64_t>(r_of[x])];
    if (!in_x[x] && q_of[x] >= 0) {
      ++dests[static_cast<uint64_t>(q_of[x])];
      q_most = std::max(q_most, q_of[x]);
    }
  }
  if (q_most < 0) return;
  for (uint64_t i = n; i-- > 0;) {
    origins[i] += origins[i + 1];
    dests[i] += dests[i + 1];
  }
  for (uint64_t r = 0; r < n && origins[r] > 0; ++r) {
    mnb = std::max(mnb, r + ceilDiv(origins[r], m) + static_cast<uint64_t>(q_most));
    for (uint64_t q = 0; q < n && dests[q] > 0; ++q) {
      te = std::max(te, r + ceilDiv(origins[r] * dests[q], m) + q);
    }
  }
}

// The cut bounds over these node sets X and their complements: every switch
// with the endpoints that hang on it alone (their one neighbour), and, while
// the work stays small, every ball {x : d(v, x) <= r} (the single nodes are
// the pipeline bound, computed apart).
void cutBounds(const Adjacency& succ, const Adjacency& pred, const Adjacency& nb,
               const std::vector<char>& endpoint, uint64_t& mnb, uint64_t& te) {
  const uint64_t n = succ.size();
  uint64_t links = 0;
  for (const auto& s : succ) links += s.size();
  std::vector<char> in_x(n);
  auto both = [&]() {
    cutBound(succ, pred, endpoint, in_x, mnb, te);
    for (char& c : in_x) c = !c;
    cutBound(succ, pred, endpoint, in_x, mnb, te);
  };
  for (uint64_t v = 0; v < n; ++v) {
    std::fill(in_x.begin(), in_x.end(), 0);
    in_x[v] = 1;
    bool pendants = false;
    for (uint64_t t : nb[v]) {
      if (endpoint[t] && nb[t].size() == 1 && n > 2) {
        in_x[t] = 1;
        pendants = true;
      }
    }
    if (pendants) both();
  }
  // The balls, in order of their centres, while the work stays below this
  // (a cut costs two BFS); the 8x8 torus's take 0.1 s.
  constexpr uint64_t kBallWork = 40000000;
  uint64_t work = 0;
  for (uint64_t v = 0; v < n; ++v) {
    const std::vector<int> d = distancesFrom(succ, {v});
    const int ecc = *std::max_element(d.begin(), d.end());
    for (int r = 1; r < ecc; ++r) {
      work += 4 * (n + links);
      if (work > kBallWork) return;
      for (uint64_t x = 0; x < n; ++x) in_x[x] = d[x] >= 0 && d[x] <= r;
      both();
    }
  }
}

// The fewest transmissions of a multinode broadcast among the endpoints: the
// first copy each node receives of origin o's packet came from a node that
// held it before, so those copies form a tree of links rooted at o (an
// arborescence) that reaches every endpoint, and o's packet takes at least as
// many transmissions as the least such tree has links, st(o) (a Steiner tree;
// E - 1 when every node is an endpoint, more when switches must forward).
// st(o) is found exactly by Dreyfus and Wagner's dynamic program over the
// terminals after taking off the endpoints that hang on one neighbour w (a
// tree enters such a t from w and never leaves it: t -> w would close a
// cycle, so t counts one link and w becomes a terminal; a pendant origin's
// tree is o -> w and a tree rooted at w). When the program is too large,
// st(o) >= E - 1 + the switches without which some endpoint cannot be
// reached from o (each must receive the packet), or E - 1. Returns st(o) for
// each endpoint o (0 for the switches).
std::vector<uint64_t> steinerTransmissions(const Adjacency& succ, const Adjacency& nb,
                                           const std::vector<char>& endpoint) {
  const uint64_t n = succ.size();
  const uint64_t e = static_cast<uint64_t>(std::count(endpoint.begin(), endpoint.end(), char{1}));
  std::vector<uint64_t> st(n, 0);
  for (uint64_t x = 0; x < n; ++x) st[x] = endpoint[x] ? e - 1 : 0;
  if (e == n) return st;
  constexpr uint64_t kInf = ~uint64_t{0} / 4;
  std::vector<int64_t> attach(n, -1);  // a pendant endpoint's neighbour
  uint64_t pendants = 0;
  for (uint64_t t = 0; t < n && n > 2; ++t) {
    if (endpoint[t] && nb[t].size() == 1) {
      attach[t] = static_cast<int64_t>(nb[t].front());
      ++pendants;
    }
  }
  // The reduced graph: the nodes that are not pendant endpoints, renumbered.
  std::vector<int64_t> renumbered(n, -1);
  std::vector<uint64_t> kept;
  for (uint64_t x = 0; x < n; ++x) {
    if (attach[x] < 0) {
      renumbered[x] = static_cast<int64_t>(kept.size());
      kept.push_back(x);
    }
  }
  const uint64_t k_nodes = kept.size();
  std::vector<int64_t> term_bit(n, -1);  // a terminal's bit
  uint64_t k = 0;
  for (uint64_t x = 0; x < n; ++x) {
    const bool terminal =
        (endpoint[x] && attach[x] < 0) || std::any_of(nb[x].begin(), nb[x].end(), [&](uint64_t t) {
          return attach[t] == static_cast<int64_t>(x);
        });
    if (terminal) term_bit[x] = static_cast<int64_t>(k++);
  }
  uint64_t three = 1;
  for (uint64_t i = 0; i < k && three <= 30000000; ++i) three *= 3;
  const uint64_t full = (uint64_t{1} << std::min<uint64_t>(k, 40)) - 1;
  if (k <= 24 && three * k_nodes <= 30000000 && (full + 1) * k_nodes * k_nodes <= 60000000) {
    Adjacency rsucc(k_nodes);
    for (uint64_t i = 0; i < k_nodes; ++i) {
      for (uint64_t y : succ[kept[i]]) {
        if (renumbered[y] >= 0) rsucc[i].push_back(static_cast<uint64_t>(renumbered[y]));
      }
    }
    std::vector<std::vector<int>> dist(k_nodes);
    for (uint64_t i = 0; i < k_nodes; ++i) dist[i] = distancesFrom(rsucc, {i});
    // f[S * k_nodes + v]: the fewest links of a tree rooted at v reaching S.
    std::vector<uint64_t> f((full + 1) * k_nodes, kInf), g(k_nodes);
    for (uint64_t i = 0; i < k_nodes; ++i) f[i] = 0;
    for (uint64_t x = 0; x < n; ++x) {
      if (term_bit[x] < 0) continue;
      const uint64_t s = uint64_t{1} << term_bit[x], t = static_cast<uint64_t>(renumbered[x]);
      for (uint64_t v = 0; v < k_nodes; ++v) {
        if (dist[v][t] >= 0) f[s * k_nodes + v] = static_cast<uint64_t>(dist[v][t]);
      }
    }
    for (uint64_t s = 1; s <= full; ++s) {
      if ((s & (s - 1)) == 0) continue;
      const uint64_t low = s & (~s + 1);
      for (uint64_t v = 0; v < k_nodes; ++v) {
        uint64_t best = kInf;
        for (uint64_t a = (s - 1) & s; a > 0; a = (a - 1) & s) {
          if (!(a & low)) continue;  // each split once
          best = std::min(best, f[a * k_nodes + v] + f[(s ^ a) * k_nodes + v]);
        }
        g[v] = best;
      }
      for (uint64_t v = 0; v < k_nodes; ++v) {
        uint64_t best = kInf;
        for (uint64_t u = 0; u < k_nodes; ++u) {
          if (dist[v][u] >= 0) best = std::min(best, static_cast<uint64_t>(dist[v][u]) + g[u]);
        }
        f[s * k_nodes + v] = best;
      }
    }
    for (uint64_t o = 0; o < n; ++o) {
      if (!endpoint[o]) continue;
      const uint64_t root = attach[o] >= 0 ? static_cast<uint64_t>(attach[o]) : o;
      const uint64_t rest = full & ~(uint64_t{1} << term_bit[root]);
      st[o] = pendants + f[rest * k_nodes + static_cast<uint64_t>(renumbered[root])];
    }
    return st;
  }
  // Too many terminals: the switches each origin cannot do without.
  uint64_t links = 0;
  for (const auto& s : succ) links += s.size();
  const uint64_t switches = n - e;
  if (switches * e * (n + links) > 50000000) return st;
  for (uint64_t w = 0; w < n; ++w) {
    if (endpoint[w]) continue;
    Adjacency cut = succ;
    cut[w].clear();
    for (uint64_t o = 0; o < n; ++o) {
      if (!endpoint[o]) continue;
      const std::vector<int> d = distancesFrom(cut, {o});
      for (uint64_t y = 0; y < n; ++y) {
        if (endpoint[y] && d[y] < 0) {
          ++st[o];
          break;
        }
      }
    }
  }
  return st;
}

// The coupled send/receive bound of the total exchange. In a schedule of T
// steps, endpoint x sends each of its packets (its first transmission) on one
// of its out(x) links, one packet a link a step, and the packet to y, d(x, y)
// links away, arrives at step >= s + d(x, y) - 1 if sent at step s; so it is
// sent by step T - d + 1, and it arrives by step a - 1 ("early") only if it is
// sent by step a - d. Each endpoint y takes at most in(y) arrivals a step, so
// at most sum_y in(y) (T - a + 1) packets arrive in steps a..T. If for some a
// the packets that must arrive there exceed that,
//   sum over x of late(x) > sum over y of in(y) (T - a + 1),
// with late(x) the fewest of x's packets not early over every way x can send
// them all in time, no schedule takes T steps. Reversing time and every link
// turns a schedule of T steps into one on the reversed links (senders become
// receivers), so the same holds with in and out swapped and the distances
// d(y, x). The bound is the least T, from the other bounds' up, for which no
// a rules T out (each T below it is ruled out by one of them).
//
// late(x): x's packets are unit jobs with deadlines D = T - d + 1 on out(x)
// machines, the early ones with D - W, W = T - a + 1. A choice of late set L
// is schedulable iff for every x >= 0 the jobs due by x are at most out(x) x:
// #{D <= x + W} - #{j in L : x < D_j <= x + W} <= out(x) x. So L must cover
// each x at least need(x) = #{D <= x + W} - out(x) x times, job j covering
// x in [D_j - W, D_j - 1]: intervals of one length, for which the sweep that
// takes, at the first point covered too few times, the intervals reaching
// farthest is optimal (an exchange argument). No L at all (some need(x) above
// what every job covers) means the jobs miss their deadlines even all late.
//
// The fat tree of examples/ (a host's one link, 12 hosts 6 links away, 2 at 4
// and 1 at 2): T = 18 and a = 6 leave each host 14 late packets (the 12 far
// ones, sent by step 13, leave one of steps 1..13 for the other 3, and a near
// packet arrives by step 5 only if sent by step 4) and 224 > 16 x 13 = 208.
// The least T >= from that no a rules out (the note above), or the first T
// not ruled out within a work budget. count[x * n + d]: the endpoints at
// distance d from endpoint x (send) and to it (receive); degrees likewise.
uint64_t coupledBound(const std::vector<uint64_t>& at_to, const std::vector<uint64_t>& at_from,
                      const std::vector<uint64_t>& out, const std::vector<uint64_t>& in,
                      const std::vector<char>& endpoint, uint64_t from) {
  const uint64_t n = endpoint.size();
  // The endpoints with equal distance counts and degrees give equal late(x).
  using Key = std::pair<std::vector<uint64_t>, uint64_t>;
  std::map<Key, uint64_t> senders[2];
  uint64_t slots[2] = {0, 0}, most_d = 0;
  for (uint64_t x = 0; x < n; ++x) {
    if (!endpoint[x]) continue;
    for (int side = 0; side < 2; ++side) {
      const std::vector<uint64_t>& at = side == 0 ? at_to : at_from;
      std::vector<uint64_t> count(at.begin() + static_cast<std::ptrdiff_t>(x * n),
                                  at.begin() + static_cast<std::ptrdiff_t>(x * n + n));
      while (!count.empty() && count.back() == 0) count.pop_back();
      most_d = std::max<uint64_t>(most_d, count.size());
      ++senders[side][{count, side == 0 ? out[x] : in[x]}];
      slots[side] += side == 0 ? in[x] : out[x];
    }
  }
  const uint64_t classes = senders[0].size() + senders[1].size();
  uint64_t work = 0;
  for (uint64_t t = std::max<uint64_t>(from, 1);; ++t) {
    work += classes * t * t * (most_d + 1);
    if (work > 200000000) return t;
    bool ruled_out = false;
    for (int side = 0; side < 2 && !ruled_out; ++side) {
      for (uint64_t a = 1; a <= t && !ruled_out; ++a) {
        uint64_t late = 0;
        for (const auto& [key, copies] : senders[side]) {
          const uint64_t l = fewestLatePackets(key.first, key.second, t, a);
          if (l == kRuledOut) {
            ruled_out = true;
            break;
          }
          late += l * copies;
        }
        ruled_out = ruled_out || late > slots[side] * (t - a + 1);
      }
    }
    if (!ruled_out) return t;
  }
}

// The checker's links as successor, predecessor and neighbour lists (the
// neighbours either way, once each).
struct Adjacencies {
  Adjacency succ, pred, nb;
  explicit Adjacencies(const NetworkLinks& links)
      : succ(links.nodes()), pred(links.nodes()), nb(links.nodes()) {
    for (uint64_t x = 0; x < links.nodes(); ++x) {
      for (uint64_t y : links.successors(x)) {
        succ[x].push_back(y);
        pred[y].push_back(x);
        nb[x].push_back(y);
        nb[y].push_back(x);
      }
    }
    for (auto& v : nb) {
      std::sort(v.begin(), v.end());
      v.erase(std::unique(v.begin(), v.end()), v.end());
    }
  }
};

}  // namespace

// late(x) of the coupled bound's note (above coupledBound), c links a step.
uint64_t fewestLatePackets(const std::vector<uint64_t>& count, uint64_t c, uint64_t t, uint64_t a) {
  const uint64_t w = t - a + 1;
  if (count.size() > t + 1) return kRuledOut;  // a packet farther than T links
  // jobs[D], D = 1..t: the jobs of deadline D; picked[D] of them late. Every
  // deadline is at least low.
  const uint64_t low = t + 2 - std::max<size_t>(count.size(), 2);
  std::vector<uint64_t> jobs(t + 1, 0), picked(t + 1, 0), due(t + 1, 0);
  for (uint64_t d = 1; d < count.size(); ++d) jobs[t - d + 1] = count[d];
  for (uint64_t x = 1; x <= t; ++x) due[x] = due[x - 1] + jobs[x];  // #{D <= x}
  uint64_t late = 0;
  for (uint64_t x = 0; x <= t; ++x) {
    const uint64_t top = std::min(t, x + w);
    if (due[top] <= c * x) continue;
    const uint64_t need = due[top] - c * x;
    const uint64_t bottom = std::max(x + 1, low);
    uint64_t covered = 0;
    for (uint64_t d = bottom; d <= top; ++d) covered += picked[d];
    for (uint64_t d = top; covered < need && d >= bottom; --d) {
      const uint64_t take = std::min(jobs[d] - picked[d], need - covered);
      picked[d] += take;
      covered += take;
      late += take;
    }
    if (covered < need) return kRuledOut;
  }
  return late;
}

// Any strongly connected graph (a file, or a network with links removed), from
// the checker's own links, among its E endpoints (every node but the switches
// of NetworkDesc::switches): with in(v) and out(v) the links into and out of
// v, D the largest distance between endpoints and S the sum of the distances
// between them over L one-way links,
//   multinode broadcast: max(D, max over endpoints v of ceil((E-1)/in(v)))
//     steps (v receives its E-1 packets at most in(v) a step), the sum over
//     the origins of their least trees reaching every endpoint in
//     transmissions (steinerTransmissions: E(E-1) without switches);
//   total exchange: max(D, the link-length bound above (at least ceil(S/L)),
//     max over endpoints v of ceil((E-1)/in(v)) and ceil((E-1)/out(v))) steps,
//     raised by the coupled send/receive bound (coupledBound), S transmissions;
//   both, the pipeline bound: with c the endpoints at distance >= d to v
//     (from v, for what v sends in a total exchange), d - 1 + ceil(c/in(v))
//     (d - 1 + ceil(c/out(v))) steps, over every endpoint v and d >= 1;
//   both, the cut bounds (cutBounds: the links out of a switch with its
//     hanging endpoints, or out of a ball, crossed by every packet between
//     its sides, none before it reaches them and each with links left after);
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
  const Adjacencies adj(links);
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
  // The cut bounds (cutBounds), both collectives' at once.
  uint64_t cut_mnb = 0, cut_te = 0;
  if (c.collective == Collective::kMultinodeBroadcast ||
      c.collective == Collective::kTotalExchange) {
    cutBounds(adj.succ, adj.pred, adj.nb, endpoint, cut_mnb, cut_te);
  }
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
      {
        const std::vector<uint64_t> st = steinerTransmissions(adj.succ, adj.nb, endpoint);
        b.bound = {std::max(steps, cut_mnb), std::accumulate(st.begin(), st.end(), uint64_t{0})};
      }
      break;
    case Collective::kTotalExchange:
      steps = std::max({diameter, ceilDiv(sum, link_count), linkLengthBound(links, endpoint)});
      for (uint64_t v = 0; v < n; ++v) {
        if (endpoint[v]) {
          steps = std::max({steps, ceilDiv(e - 1, in[v]), ceilDiv(e - 1, out[v]),
                            pipeline(at_from, v, in[v]), pipeline(at_to, v, out[v])});
        }
      }
      steps = std::max(steps, cut_te);
      b.bound = {coupledBound(at_to, at_from, out, in, endpoint, steps), sum};
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
    // The farthest endpoint from the root; every other endpoint receives it,
    // and so does every node of the least tree from the root that reaches them
    // all (steinerTransmissions: E - 1 without switches).
    const NetworkLinks links(net);
    const std::vector<int> dist = links.distances(c.root);
    int ecc = 0;
    std::vector<char> endpoint(dist.size(), 1);
    for (uint64_t x = 0; x < dist.size(); ++x) {
      if (dist[x] < 0) return b;
      endpoint[x] = !net.isSwitch(x);
      if (endpoint[x]) ecc = std::max(ecc, dist[x]);
    }
    b.known = true;
    uint64_t sent = net.endpoints() - 1;
    if (!net.switches.empty() && c.root < dist.size() && endpoint[c.root]) {
      const Adjacencies adj(links);
      sent = steinerTransmissions(adj.succ, adj.nb, endpoint)[c.root];
    }
    b.bound = {static_cast<uint64_t>(ecc), sent};
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
