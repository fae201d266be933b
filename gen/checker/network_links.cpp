#include "checker/network_links.h"

#include <cstdlib>

namespace hypercast {
namespace checker {

NetworkLinks::NetworkLinks(const NetworkDesc& net)
    : mesh_(net.kind == NetworkDesc::Kind::kMesh),
      graph_(net.kind == NetworkDesc::Kind::kGraph),
      radix_(net.radices) {
  for (int m : radix_) nodes_ *= static_cast<uint64_t>(m);
  for (const auto& r : net.removed_links) removed_.emplace(r.first, r.second);
  if (graph_) {
    graph_succ_.resize(nodes_);
    for (const GraphLink& l : net.links) {
      if (l.from >= nodes_ || l.to >= nodes_ || removed_.count({l.from, l.to})) continue;
      if (graph_links_.emplace(l.from, l.to).second) graph_succ_[l.from].push_back(l.to);
    }
  }
  for (const auto& g : net.gens) {
    std::vector<int> n(g.size());
    for (size_t i = 0; i < g.size(); ++i) n[i] = ((g[i] % radix_[i]) + radix_[i]) % radix_[i];
    generators_.insert(n);
  }
}

std::vector<int> NetworkLinks::coords(uint64_t x) const {
  std::vector<int> c;
  for (int m : radix_) {
    c.push_back(static_cast<int>(x % static_cast<uint64_t>(m)));
    x /= static_cast<uint64_t>(m);
  }
  return c;
}

uint64_t NetworkLinks::number(const std::vector<int>& c) const {
  uint64_t x = 0, w = 1;
  for (size_t i = 0; i < radix_.size(); ++i) {
    x += static_cast<uint64_t>(c[i]) * w;
    w *= static_cast<uint64_t>(radix_[i]);
  }
  return x;
}

bool NetworkLinks::linked(uint64_t x, uint64_t y) const {
  if (x >= nodes_ || y >= nodes_ || x == y) return false;
  if (removed_.count({x, y})) return false;
  if (graph_) return graph_links_.count({x, y}) != 0;
  const std::vector<int> a = coords(x), b = coords(y);
  if (mesh_) {
    int differ = 0, dist = 0;
    for (size_t i = 0; i < a.size(); ++i) {
      differ += a[i] != b[i];
      dist += std::abs(a[i] - b[i]);
    }
    return differ == 1 && dist == 1;
  }
  std::vector<int> diff(a.size());
  for (size_t i = 0; i < a.size(); ++i)
    diff[i] = ((b[i] - a[i]) % radix_[i] + radix_[i]) % radix_[i];
  return generators_.count(diff) != 0;
}

std::vector<uint64_t> NetworkLinks::successors(uint64_t x) const {
  if (graph_) return graph_succ_[x];
  std::vector<uint64_t> out = allSuccessors(x);
  if (removed_.empty()) return out;
  std::vector<uint64_t> kept;
  for (uint64_t y : out) {
    if (!removed_.count({x, y})) kept.push_back(y);
  }
  return kept;
}

std::vector<uint64_t> NetworkLinks::allSuccessors(uint64_t x) const {
  std::vector<uint64_t> out;
  const std::vector<int> a = coords(x);
  if (mesh_) {
    for (size_t i = 0; i < a.size(); ++i) {
      for (int s : {-1, 1}) {
        std::vector<int> b = a;
        b[i] += s;
        if (b[i] >= 0 && b[i] < radix_[i]) out.push_back(number(b));
      }
    }
    return out;
  }
  for (const auto& g : generators_) {
    std::vector<int> b = a;
    for (size_t i = 0; i < b.size(); ++i) b[i] = (b[i] + g[i]) % radix_[i];
    out.push_back(number(b));
  }
  return out;
}

int NetworkLinks::eccentricity(uint64_t x) const {
  std::vector<int> dist(nodes_, -1);
  std::vector<uint64_t> queue = {x};
  dist[x] = 0;
  int far = 0;
  for (size_t head = 0; head < queue.size(); ++head) {
    const uint64_t u = queue[head];
    for (uint64_t v : successors(u)) {
      if (dist[v] >= 0) continue;
      dist[v] = dist[u] + 1;
      far = dist[v];
      queue.push_back(v);
    }
  }
  return queue.size() == nodes_ ? far : -1;
}

std::vector<int> NetworkLinks::distances(uint64_t x) const {
  std::vector<int> dist(nodes_, -1);
  std::vector<uint64_t> queue = {x};
  dist[x] = 0;
  for (size_t head = 0; head < queue.size(); ++head) {
    for (uint64_t v : successors(queue[head])) {
      if (dist[v] >= 0) continue;
      dist[v] = dist[queue[head]] + 1;
      queue.push_back(v);
    }
  }
  return dist;
}

}  // namespace checker
}  // namespace hypercast
