// The multinode broadcast and the total exchange on any strongly connected port
// graph (a graph from a file, a network with links removed), full-duplex, one
// packet per link and step, store-and-forward:
//   - multinode broadcast: every step, every node v takes on each input link a
//     packet its neighbour holds and v lacks, the links of v matched to packets
//     by augmenting paths (a maximum matching), the packets held by the fewest
//     nodes first; run with a few tie-break orders, the shortest kept;
//   - total exchange: every packet moves along some shortest path; every step
//     each node matches its output links to the packets whose next hop they can
//     be, those with the farthest to go first.
// Both are heuristics (Schedule::promises_bound = false): their steps are
// reported beside the lower bounds (checker/lower_bounds.h).
#pragma once

#include <cstdint>

#include "algorithm/collective.h"
#include "topology/port_graph.h"

namespace hypercast {

// Most nodes the constructions take (their tables grow as N^2).
constexpr uint64_t kMaxGraphCollectiveNodes = 2048;

// Throws Error beyond kMaxGraphCollectiveNodes or on an unreachable node.
Schedule graphMultinodeBroadcast(const PortGraph& g);
Schedule graphTotalExchange(const PortGraph& g);

}  // namespace hypercast
