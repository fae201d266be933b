// The multinode broadcast and the total exchange on any strongly connected port
// graph (a graph from a file, a network with links removed), full-duplex, one
// packet per link and step, store-and-forward:
//   - multinode broadcast: every step, every node v takes on each input link a
//     packet its neighbour holds and v lacks, the links of v matched to packets
//     by augmenting paths (a maximum matching), the packets held by the fewest
//     nodes first; run with a few tie-break orders, the shortest kept;
//   - total exchange, three constructions, the shortest kept:
//     adaptive: every packet moves along some shortest path; every step each
//       node matches its output links to the packets whose next hop they can
//       be, those with the farthest to go first;
//     routed: each packet's route fixed first, balanced over the links (rounds
//       of multiplicative weights: each round routes every packet on a
//       shortest path under the links' lengths, taking the least loaded link
//       among equal ones, then lengthens the loaded links; the routing with the
//       least loaded busiest link is kept), then the routes packed into steps:
//       each step every link moves one of the packets waiting for it, the one
//       with the most work left on busy links first, or (other trials) the
//       one of the earliest turn of a rotation (endpoint o's turn t is the
//       packet to the endpoint t ranks after it);
//     timed: routes and steps chosen together, packet by packet: each takes
//       the path that arrives first through the steps its links have left
//       free (a packet may wait at any node), in the rotation's order or the
//       farthest pairs first, then a local search that moves the packets
//       arriving last earlier in the order;
//   - broadcast with switches: the BFS tree (algorithm/bfs_broadcast.h) cut to
//     the branches that lead to an endpoint.
// On a network with switch nodes (NetworkDesc::switches) the packets are the
// endpoints' only and need reach the endpoints only; switches forward.
// All are heuristics (Schedule::promises_bound = false): their steps are
// reported beside the lower bounds (checker/lower_bounds.h).
#pragma once

#include <cstdint>
#include <vector>

#include "algorithm/collective.h"
#include "topology/port_graph.h"

namespace hypercast {

// Most nodes the constructions take (their tables grow as N^2).
constexpr uint64_t kMaxGraphCollectiveNodes = 2048;

// Throws Error beyond kMaxGraphCollectiveNodes or on an unreachable node.
// `switches`: the nodes without an endpoint, ascending (none by default).
Schedule graphMultinodeBroadcast(const PortGraph& g, const std::vector<uint32_t>& switches = {});
Schedule graphTotalExchange(const PortGraph& g, const std::vector<uint32_t>& switches = {});
// The broadcast from endpoint `root` to every endpoint.
Schedule graphBroadcast(const PortGraph& g, uint32_t root, const std::vector<uint32_t>& switches);

}  // namespace hypercast
