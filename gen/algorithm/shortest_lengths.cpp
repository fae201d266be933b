#include "algorithm/shortest_lengths.h"

#include <functional>
#include <queue>
#include <utility>

namespace hypercast {

void shortestUnderLengths(const PortGraph& g, const std::vector<double>& len, uint64_t origin,
                          std::vector<double>& dist, std::vector<uint64_t>* order) {
  const uint64_t n = g.nodes();
  const size_t ports = static_cast<size_t>(g.ports());
  dist.assign(n, -1.0);
  std::vector<char> done(n, 0);
  if (order) order->clear();
  using Item = std::pair<double, uint64_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> q;
  dist[origin] = 0;
  q.push({0.0, origin});
  while (!q.empty()) {
    const uint64_t x = q.top().second;
    q.pop();
    if (done[x]) continue;
    done[x] = 1;
    if (order) order->push_back(x);
    for (size_t p = 0; p < ports; ++p) {
      const PortEnd e = g.drives(x, static_cast<int>(p));
      if (!e.present()) continue;
      const double d = dist[x] + len[x * ports + p];
      if (dist[e.node] < 0 || d < dist[e.node]) {
        dist[e.node] = d;
        q.push({d, e.node});
      }
    }
  }
}

}  // namespace hypercast
