#include "algorithm/bfs_broadcast.h"

#include <vector>

#include "util/error.h"

namespace hypercast {

Schedule bfsBroadcast(const PortGraph& g, uint32_t root) {
  const uint64_t n = g.nodes();
  if (root >= n) throw Error("root " + std::to_string(root) + " is not a node");
  Schedule s;
  s.collective = Collective::kBroadcast;
  s.nodes = n;
  s.root = root;
  std::vector<uint32_t> dist(n, ~0u);
  std::vector<uint32_t> queue = {root};
  dist[root] = 0;
  for (size_t head = 0; head < queue.size(); ++head) {
    const uint32_t u = queue[head];
    for (int p = 0; p < g.ports(); ++p) {
      const PortEnd e = g.drives(u, p);
      if (!e.present() || dist[e.node] != ~0u) continue;
      dist[e.node] = dist[u] + 1;
      queue.push_back(e.node);
      Transfer t;
      t.step = dist[e.node];
      t.from = u;
      t.to = e.node;
      t.origin = root;
      s.transfers.push_back(t);
      s.steps = t.step;
    }
  }
  if (queue.size() != n) {
    throw Error("node " + std::to_string(root) + " does not reach every node of " + g.name());
  }
  return s;
}

}  // namespace hypercast
