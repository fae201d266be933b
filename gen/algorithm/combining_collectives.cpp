#include "algorithm/combining_collectives.h"

#include <algorithm>

#include "algorithm/half_duplex_collectives.h"
#include "topology/network.h"
#include "topology/port_graph.h"
#include "util/error.h"

namespace hypercast {

namespace {

// 128-bit integers for bounds beyond 64 bits (a GCC/Clang extension).
__extension__ typedef __int128 I128;
__extension__ typedef unsigned __int128 U128;

int64_t checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) throw Error("global sum: a value exceeds 64 bits");
  return r;
}
int64_t checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) throw Error("global sum: a value exceeds 64 bits");
  return r;
}

}  // namespace

NetworkDesc negatedNetwork(const NetworkDesc& net) {
  if (net.kind != NetworkDesc::Kind::kCayley) throw Error("not a Cayley graph");
  NetworkDesc n = net;
  for (auto& g : n.gens) {
    for (size_t i = 0; i < g.size(); ++i) g[i] = (net.radices[i] - g[i]) % net.radices[i];
  }
  n.name = net.name + "_neg";
  n.label = net.label + " negated";
  return n;
}

AccumulationSchedule cayleyAccumulation(const NetworkDesc& net, const RegularOrderSearch& order) {
  const uint32_t n = static_cast<uint32_t>(net.nodes());
  if (order.nodes.size() != n) throw Error("no accumulation template was found");
  const uint32_t steps = order.steps;
  // Generator k of the negated graph is -g_k: the template's parent of c is
  // c - (-g_k) = c + g_k, so the reversed edge c -> parent is port k of net.
  struct Hop {
    uint32_t step, from, to;
  };
  std::vector<Hop> hops;
  for (uint32_t c = 1; c < n; ++c) {
    const TemplateNode& t = order.nodes[c];
    if (t.time == 0 || t.time > steps) throw Error("internal: template time out of range");
    hops.push_back({steps + 1 - t.time, c, t.parent});
  }
  std::stable_sort(hops.begin(), hops.end(),
                   [](const Hop& a, const Hop& b) { return a.step < b.step; });
  AccumulationSchedule s;
  s.nodes = n;
  s.steps = steps;
  s.construction = order.regular ? "regular-order" : "template";
  s.bound = order.bound;
  s.diameter = order.diameter;
  s.transfers.reserve(hops.size() * n);
  for (const Hop& h : hops) {
    for (uint32_t v = 0; v < n; ++v) {
      s.transfers.push_back(
          {h.step, groupAdd(net.radices, v, h.from), groupAdd(net.radices, v, h.to), v});
    }
  }
  return s;
}

AccumulationSchedule halfDuplexAccumulation(const NetworkDesc& net, const PortGraph& g,
                                            const RegularOrderSearch& order) {
  if (net.directed()) {
    throw Error("a half-duplex accumulation needs an undirected graph (" + net.label +
                " is directed)");
  }
  const Schedule b = halfDuplexUniversalBroadcast(net, g, order);
  AccumulationSchedule s;
  s.nodes = net.nodes();
  s.steps = b.steps;
  s.construction = b.construction;
  s.bound = order.bound;
  s.diameter = order.diameter;
  s.links = LinkMode::kHalfDuplex;
  s.transfers.reserve(b.transfers.size());
  for (const Transfer& t : b.transfers) {
    if (t.step < 1 || t.step > b.steps) throw Error("internal: broadcast step out of range");
    s.transfers.push_back({b.steps + 1 - t.step, t.to, t.from, t.origin});
  }
  std::stable_sort(
      s.transfers.begin(), s.transfers.end(),
      [](const CombiningTransfer& x, const CombiningTransfer& y) { return x.step < y.step; });
  return s;
}

std::vector<uint8_t> globalSumPhases(const NetworkDesc& net, const PortGraph& g) {
  std::vector<uint8_t> cls = involutionClasses(g);
  if (cls.empty()) {
    throw Error(
        "the global sum on half-duplex links needs every generator its own inverse and a "
        "bipartite graph (" +
        net.label + " is not)");
  }
  return cls;
}

GlobalSumProgram cayleyGlobalSum(const NetworkDesc& net) {
  GlobalSumProgram p;
  p.nodes = net.nodes();
  p.degree = net.ports();
  p.diameter = PortGraph::build(net).eccentricity(0);
  p.spectrum = cayleySpectrum(net);
  const CayleySpectrum& s = p.spectrum;
  p.steps = static_cast<uint32_t>(s.distinct.size() - 1);
  if (s.q_at_degree % static_cast<int64_t>(p.nodes) != 0) {
    throw Error("internal: q(d) is not a multiple of P");
  }
  p.divisor = s.q_at_degree / static_cast<int64_t>(p.nodes);
  p.factored = s.integral;
  if (p.factored) {
    for (size_t i = 1; i < s.distinct.size(); ++i) {
      p.constant.push_back(s.distinct[i][0]);
      p.uses_input.push_back(false);
    }
  } else {
    // w_0 = x; w_t = A w_(t-1) + a_(m-t) x.
    const size_t m = s.q_coeff.size();
    for (size_t t = 1; t <= m; ++t) {
      p.constant.push_back(-s.q_coeff[m - t]);
      p.uses_input.push_back(true);
    }
  }
  return p;
}

int globalSumWidth(const GlobalSumProgram& p, int input_bits) {
  if (input_bits < 2 || input_bits > 62) throw Error("input width must be in 2..62 bits");
  const U128 x = static_cast<U128>(1) << (input_bits - 1);
  const U128 limit = static_cast<U128>(1) << 62;
  U128 b = x, worst = x;
  for (uint32_t t = 0; t < p.steps; ++t) {
    const U128 c = static_cast<U128>(p.constant[t] < 0 ? -p.constant[t] : p.constant[t]);
    const U128 sum = static_cast<U128>(p.degree) * b;
    const U128 prod = c * (p.uses_input[t] ? x : b);
    b = sum + prod;
    worst = std::max({worst, sum, prod, b});
    if (worst > limit) {
      throw Error("global sum: intermediate values exceed 62 bits (bound after step " +
                  std::to_string(t + 1) + ")");
    }
  }
  // Fewest w with -2^(w-1) <= -worst and worst <= 2^(w-1) - 1.
  int w = 1;
  while ((static_cast<U128>(1) << (w - 1)) - 1 < worst) ++w;
  return w;
}

int64_t globalSumStep(const GlobalSumProgram& p, uint32_t t, int64_t received_sum, int64_t value,
                      int64_t input) {
  return checkedAdd(received_sum,
                    -checkedMul(p.constant[t - 1], p.uses_input[t - 1] ? input : value));
}

}  // namespace hypercast
