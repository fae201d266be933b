#include "algorithm/wait_bound.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "topology/hypercycle.h"
#include "topology/port_graph.h"

namespace hypercast {

WaitBound fairWaitBound(const NetworkDesc& net, Preference pref, int depth, int hop_cycles) {
  const Hypercycle h = Hypercycle::of(net);
  const double hop = hop_cycles;
  const RouterTables t = makeRouterTables(net, pref);
  const PortGraph g = PortGraph::build(net);
  const uint64_t n = h.nodes();
  const size_t np = t.port_dim.size(), ns = 2 * np + 1;
  const std::vector<bool> ok = requestSources(t);
  const std::vector<bool> grouped = groupedArbiterOutputs(t, /*injection_last=*/false);
  // nq[q]: the grants output q's arbiter of one downstream VC can take before a
  // waiting head's, its own included: flat, the heads that can ask for q; two
  // levels, twice the groups (input ports and the injection) with such a head.
  std::vector<int> nq(np, 0);
  WaitBound w;
  for (size_t q = 0; q < np; ++q) {
    int groups = 0;
    for (size_t s = 0; s < ns; ++s) nq[q] += ok[q * ns + s] ? 1 : 0;
    for (size_t s = 0; s < ns; s += 2) {
      groups += (ok[q * ns + s] || (s + 1 < ns && ok[q * ns + s + 1])) ? 1 : 0;
    }
    if (grouped[q]) nq[q] = 2 * groups;
    w.max_sources = std::max(w.max_sources, nq[q]);
  }
  // Buffer id: (x * np + p) * 2 + v. Edges: (next buffer, output port).
  auto id = [&](uint64_t x, size_t p, int v) { return (x * np + p) * 2 + static_cast<size_t>(v); };
  std::vector<std::vector<std::pair<size_t, int>>> edges(n * np * 2);
  std::vector<std::vector<size_t>> first(n);  // per origin: its first-hop buffers, by port
  struct Flit {
    uint64_t x;
    size_t p;
    int v, wd, wc;
  };
  auto send = [&](uint64_t x, size_t q, int v_in, bool fwd, int wd, int wc) {
    const int v = t.two_vc[q] && (h.wraps(x, h.ports()[q]) || (fwd && v_in)) ? 1 : 0;
    const PortEnd d = g.drives(x, static_cast<int>(q));
    return Flit{d.node, static_cast<size_t>(d.port), v, wd, wc};
  };
  for (uint64_t o = 0; o < n; ++o) {
    std::vector<Flit> frontier;
    for (size_t q = 0; q < np; ++q) {
      if (t.orig_wc[q] == 0) continue;
      frontier.push_back(send(o, q, 0, false, t.port_dim[q], t.orig_wc[q]));
      first[o].push_back(id(frontier.back().x, frontier.back().p, frontier.back().v));
    }
    while (!frontier.empty()) {
      std::vector<Flit> next;
      for (const Flit& f : frontier) {
        const size_t b = id(f.x, f.p, f.v);
        for (size_t q = 0; q < np; ++q) {
          const bool fwd = static_cast<size_t>(t.fwd_port[f.p]) == q && f.wc > 1;
          const bool lower = t.port_dim[q] < f.wd && t.orig_wc[q] != 0;
          if (!fwd && !lower) continue;
          const Flit nf = fwd ? send(f.x, q, f.v, true, f.wd, f.wc - 1)
                              : send(f.x, q, f.v, false, t.port_dim[q], t.orig_wc[q]);
          const size_t nb = id(nf.x, nf.p, nf.v);
          auto& e = edges[b];
          if (std::find(e.begin(), e.end(), std::make_pair(nb, static_cast<int>(q))) == e.end()) {
            e.emplace_back(nb, static_cast<int>(q));
          }
          next.push_back(nf);
        }
      }
      frontier = std::move(next);
    }
  }
  // Longest chains and T(b), by depth-first search with a cycle check.
  std::vector<int> state(edges.size(), 0), chain(edges.size(), 0);
  std::vector<double> tb(edges.size(), 0);
  auto visit = [&](size_t root) {
    std::vector<std::pair<size_t, size_t>> stack = {{root, 0}};
    while (!stack.empty()) {
      auto& [b, i] = stack.back();
      if (i == 0 && state[b] == 0) state[b] = 1;
      if (i < edges[b].size()) {
        const size_t c = edges[b][i++].first;
        if (state[c] == 1) throw std::logic_error("the buffer dependency graph has a cycle");
        if (state[c] == 0) stack.emplace_back(c, 0);
        continue;
      }
      for (const auto& [c, q] : edges[b]) {
        chain[b] = std::max(chain[b], chain[c] + 1);
        tb[b] = std::max(tb[b], nq[static_cast<size_t>(q)] * (tb[c] + 2 * hop));
      }
      state[b] = 2;
      stack.pop_back();
    }
  };
  for (size_t b = 0; b < edges.size(); ++b) {
    if (state[b] == 0) visit(b);
    w.longest_chain = std::max(w.longest_chain, chain[b]);
    w.flit_cycles = std::max(w.flit_cycles, depth * (tb[b] + hop) - 1);
  }
  for (uint64_t o = 0; o < n; ++o) {
    size_t k = 0;
    for (size_t q = 0; q < np; ++q) {
      if (t.orig_wc[q] == 0) continue;
      w.injection_cycles =
          std::max(w.injection_cycles, nq[q] * (tb[first[o][k++]] + 2 * hop) + hop - 1);
    }
  }
  double sum = 0, pw = 1;
  for (int k = 0; k < w.longest_chain; ++k) {
    pw *= w.max_sources;
    sum += pw;
  }
  w.closed_form = depth * (2 * hop * sum + hop) - 1;
  return w;
}

EpochWaitBound epochWaitBound(uint64_t nodes, int quota, int window, int latency, int hop_cycles) {
  if (nodes < 2 || quota < 1 || window < 2 || hop_cycles < 1 || latency < hop_cycles + 1) {
    throw std::invalid_argument("epochWaitBound: parameters out of range");
  }
  const double n = static_cast<double>(nodes), h = hop_cycles;
  const double epoch = n * quota * (n - 1);  // the grants of one epoch's packets
  EpochWaitBound b;
  b.grants = (2.0 * window - 1) * epoch;
  b.flit_cycles = (h + 1) * b.grants + h - 2;
  b.injection_cycles = (h + 1) * (b.grants + epoch) + h + latency - 3;
  return b;
}

}  // namespace hypercast
