// Single-node broadcast on any network, all-port: a breadth-first spanning tree
// from the root over the port graph, in which every node sends on all its tree
// ports at once in the step after it received. A node at distance k receives in
// step k, so the schedule takes the root's eccentricity in steps and N - 1
// transmissions: both lower bounds (checker/lower_bounds.h). It proves the
// schedule path (checker, ROM compiler, RTL, model, cosim) on every topology
// before the papers' own constructions arrive.
#pragma once

#include <cstdint>

#include "algorithm/collective.h"
#include "topology/port_graph.h"

namespace hypercast {

// Ties (a node reachable from several holders) go to the holder found first in
// BFS order, on its lowest port. Throws Error if some node is unreachable.
Schedule bfsBroadcast(const PortGraph& g, uint32_t root);

}  // namespace hypercast
