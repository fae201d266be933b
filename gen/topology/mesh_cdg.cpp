#include "topology/mesh_cdg.h"

#include <stdexcept>

namespace hypercast {

namespace {

uint64_t nodesOf(const std::vector<int>& e) {
  uint64_t n = 1;
  for (int x : e) n *= static_cast<uint64_t>(x);
  return n;
}

std::vector<int> coordsOf(const std::vector<int>& e, uint64_t node) {
  std::vector<int> c(e.size());
  for (size_t i = 0; i < e.size(); ++i) {
    c[i] = static_cast<int>(node % static_cast<uint64_t>(e[i]));
    node /= static_cast<uint64_t>(e[i]);
  }
  return c;
}

// The node through `port` of `node`, or -1 off the mesh.
int64_t neighbour(const std::vector<int>& e, uint64_t node, int port) {
  std::vector<int> c = coordsOf(e, node);
  const size_t j = static_cast<size_t>(port / 2);
  c[j] += port % 2 == 0 ? 1 : -1;
  if (c[j] < 0 || c[j] >= e[j]) return -1;
  uint64_t n = 0, w = 1;
  for (size_t i = 0; i < e.size(); ++i) {
    n += static_cast<uint64_t>(c[i]) * w;
    w *= static_cast<uint64_t>(e[i]);
  }
  return static_cast<int64_t>(n);
}

ChannelGraph emptyGraph(const std::vector<int>& extents) {
  ChannelGraph g;
  g.extents = extents;
  g.out.resize(nodesOf(extents) * 2 * extents.size());
  for (uint64_t x = 0; x < nodesOf(extents); ++x) {
    for (int p = 0; p < static_cast<int>(2 * extents.size()); ++p) {
      if (neighbour(extents, x, p) >= 0) ++g.channels;
    }
  }
  return g;
}

void addEdge(ChannelGraph& g, uint32_t a, uint32_t b) {
  for (uint32_t x : g.out[a]) {
    if (x == b) return;
  }
  g.out[a].push_back(b);
}

}  // namespace

uint64_t ChannelGraph::edges() const {
  uint64_t e = 0;
  for (const auto& o : out) e += o.size();
  return e;
}

uint32_t meshChannel(const std::vector<int>& extents, uint64_t node, int port) {
  return static_cast<uint32_t>(node * 2 * extents.size() + static_cast<uint64_t>(port));
}

std::string describeChannel(const std::vector<int>& extents, uint32_t channel) {
  const size_t np = 2 * extents.size();
  const uint64_t node = channel / np;
  const int port = static_cast<int>(channel % np);
  const std::vector<int> c = coordsOf(extents, node);
  std::string s = "(";
  for (size_t i = 0; i < c.size(); ++i) s += (i ? "," : "") + std::to_string(c[i]);
  return s + ")" + (port % 2 ? "-" : "+") + std::to_string(port / 2);
}

int dimensionOrderedRoute(const std::vector<int>& here, const std::vector<int>& dest) {
  for (size_t j = 0; j < here.size(); ++j) {
    if (dest[j] != here[j]) return static_cast<int>(2 * j) + (dest[j] > here[j] ? 0 : 1);
  }
  return -1;
}

ChannelGraph channelGraphFromRouting(const std::vector<int>& extents, const MeshRouteFn& route) {
  ChannelGraph g = emptyGraph(extents);
  const uint64_t n = nodesOf(extents);
  std::vector<int> next(n);  // per node, the port towards the destination
  for (uint64_t dest = 0; dest < n; ++dest) {
    const std::vector<int> dc = coordsOf(extents, dest);
    for (uint64_t x = 0; x < n; ++x) {
      next[x] = route(coordsOf(extents, x), dc);
      if (next[x] >= 0 && neighbour(extents, x, next[x]) < 0) {
        throw std::logic_error("the routing leaves the mesh at " +
                               describeChannel(extents, meshChannel(extents, x, next[x])));
      }
    }
    // A worm for dest that arrives at y through channel c (c = x's port next[x],
    // leading to y) and leaves through y's next[y].
    for (uint64_t x = 0; x < n; ++x) {
      if (next[x] < 0) continue;
      const uint64_t y = static_cast<uint64_t>(neighbour(extents, x, next[x]));
      if (next[y] < 0) continue;
      addEdge(g, meshChannel(extents, x, next[x]), meshChannel(extents, y, next[y]));
    }
  }
  return g;
}

ChannelGraph channelGraphFromTurns(const std::vector<int>& extents, const MeshTurnFn& allowed) {
  ChannelGraph g = emptyGraph(extents);
  const uint64_t n = nodesOf(extents);
  const int np = static_cast<int>(2 * extents.size());
  for (uint64_t x = 0; x < n; ++x) {
    for (int p = 0; p < np; ++p) {
      const int64_t y = neighbour(extents, x, p);
      if (y < 0) continue;
      for (int q = 0; q < np; ++q) {
        if ((q ^ 1) == p) continue;  // no U-turns: back over the same link
        if (neighbour(extents, static_cast<uint64_t>(y), q) < 0 || !allowed(p, q)) continue;
        addEdge(g, meshChannel(extents, x, p), meshChannel(extents, static_cast<uint64_t>(y), q));
      }
    }
  }
  return g;
}

std::vector<uint32_t> findChannelCycle(const ChannelGraph& g) {
  // Iterative depth-first search: 0 unseen, 1 on the stack, 2 done.
  const size_t n = g.out.size();
  std::vector<uint8_t> state(n, 0);
  std::vector<uint32_t> parent(n, 0);
  std::vector<std::pair<uint32_t, size_t>> stack;
  for (uint32_t s = 0; s < n; ++s) {
    if (state[s]) continue;
    stack.push_back({s, 0});
    state[s] = 1;
    while (!stack.empty()) {
      auto& top = stack.back();
      const uint32_t v = top.first;
      if (top.second < g.out[v].size()) {
        const uint32_t w = g.out[v][top.second++];
        if (state[w] == 0) {
          state[w] = 1;
          parent[w] = v;
          stack.push_back({w, 0});
        } else if (state[w] == 1) {
          std::vector<uint32_t> back;  // v, its parent, ... up to w's child
          for (uint32_t u = v; u != w; u = parent[u]) back.push_back(u);
          std::vector<uint32_t> cycle = {w};
          cycle.insert(cycle.end(), back.rbegin(), back.rend());
          cycle.push_back(w);
          return cycle;
        }
      } else {
        state[v] = 2;
        stack.pop_back();
      }
    }
  }
  return {};
}

}  // namespace hypercast
