// König's edge-colouring theorem, constructively: the edges of a bipartite
// multigraph get colours 0 .. D-1, D its maximum degree, so that edges sharing
// an endpoint differ. Each edge is coloured in turn; when no colour is free at
// both ends, the two-coloured path from the right end is flipped (a Kempe
// chain), which cannot reach the left end.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace hypercast {

// edges[e] = (left vertex, right vertex). Returns colour[e] in [0, D).
std::vector<uint32_t> bipartiteEdgeColouring(
    uint32_t left, uint32_t right, const std::vector<std::pair<uint32_t, uint32_t>>& edges);

}  // namespace hypercast
