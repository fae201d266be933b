// Shortest paths over a port graph's links under real link lengths (Dijkstra),
// for the constructions that search link lengths by multiplicative weights
// (graph_collectives.cpp, exchange_reroute.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "topology/port_graph.h"

namespace hypercast {

// dist[x]: the length of a shortest path from `origin` to x, len indexed by
// node * ports + port (-1 where unreachable); order, if given, the nodes in
// the order their distances were settled (origin first).
void shortestUnderLengths(const PortGraph& g, const std::vector<double>& len, uint64_t origin,
                          std::vector<double>& dist, std::vector<uint64_t>* order = nullptr);

}  // namespace hypercast
