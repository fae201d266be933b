#include "algorithm/edge_colouring.h"

#include <algorithm>

#include "util/error.h"

namespace hypercast {

std::vector<uint32_t> bipartiteEdgeColouring(
    uint32_t left, uint32_t right, const std::vector<std::pair<uint32_t, uint32_t>>& edges) {
  constexpr uint32_t kFree = ~0u;
  std::vector<uint32_t> ldeg(left, 0), rdeg(right, 0);
  for (const auto& e : edges) {
    if (e.first >= left || e.second >= right) throw Error("edge colouring: vertex out of range");
    ++ldeg[e.first];
    ++rdeg[e.second];
  }
  uint32_t colours = 0;
  for (uint32_t d : ldeg) colours = std::max(colours, d);
  for (uint32_t d : rdeg) colours = std::max(colours, d);
  std::vector<uint32_t> colour(edges.size(), kFree);
  // Edge at (vertex, colour): dense on the right, a short list on the left.
  std::vector<uint32_t> at_right(static_cast<size_t>(right) * colours, kFree);
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> at_left(left);
  auto leftEdge = [&](uint32_t l, uint32_t c) -> uint32_t {
    for (const auto& p : at_left[l]) {
      if (p.first == c) return p.second;
    }
    return kFree;
  };
  auto rightEdge = [&](uint32_t r, uint32_t c) -> uint32_t {
    return at_right[static_cast<size_t>(r) * colours + c];
  };
  auto unset = [&](uint32_t e) {
    const uint32_t c = colour[e];
    auto& list = at_left[edges[e].first];
    list.erase(std::find(list.begin(), list.end(), std::make_pair(c, e)));
    at_right[static_cast<size_t>(edges[e].second) * colours + c] = kFree;
    colour[e] = kFree;
  };
  auto set = [&](uint32_t e, uint32_t c) {
    colour[e] = c;
    at_left[edges[e].first].push_back({c, e});
    at_right[static_cast<size_t>(edges[e].second) * colours + c] = e;
  };
  std::vector<uint32_t> path;
  for (uint32_t e = 0; e < edges.size(); ++e) {
    const uint32_t l = edges[e].first;
    const uint32_t r = edges[e].second;
    uint32_t alpha = 0;  // free at l
    while (leftEdge(l, alpha) != kFree) ++alpha;
    if (rightEdge(r, alpha) != kFree) {
      uint32_t beta = 0;  // free at r
      while (rightEdge(r, beta) != kFree) ++beta;
      // The alpha/beta path from r: r -alpha- l1 -beta- r1 -alpha- l2 ...
      path.clear();
      uint32_t at = r;
      bool at_right_side = true;
      for (;;) {
        const uint32_t next = at_right_side ? rightEdge(at, alpha) : leftEdge(at, beta);
        if (next == kFree) break;
        path.push_back(next);
        at = at_right_side ? edges[next].first : edges[next].second;
        at_right_side = !at_right_side;
      }
      std::vector<uint32_t> old(path.size());
      for (size_t i = 0; i < path.size(); ++i) {
        old[i] = colour[path[i]];
        unset(path[i]);
      }
      for (size_t i = 0; i < path.size(); ++i) set(path[i], old[i] == alpha ? beta : alpha);
    }
    set(e, alpha);
  }
  return colour;
}

}  // namespace hypercast
