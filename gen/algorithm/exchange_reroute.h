// Shortening a total exchange on any strongly connected port graph by rip-up
// and reroute in the time-expanded graph (nodes x steps), the way FPGA routers
// settle congestion (negotiated congestion: McMurchie & Ebeling, PathFinder,
// 1995):
//   1. the links to economise: lengths searched by multiplicative weights (each
//      pair's packet split evenly over its shortest paths under the lengths,
//      the loaded links lengthened; the lengths of the best ratio kept), and
//      w(l) = 1 on the links whose length is at least half the longest, 0 on
//      the rest. Every packet is held to a path of the fewest such links
//      (w-shortest). A schedule that meets the link-length bound of those
//      lengths must (algorithms.md), and on a product of rings the economised
//      links are the smallest ring's, which every route must cross as often as
//      that ring's distance says;
//   2. for a step limit T: the packets, the farthest pairs first, each take the
//      w-shortest path that arrives first through the steps its links have
//      left free, at most T; a packet that finds none waits in a queue;
//   3. each queued packet takes the w-shortest path through steps 1..T with the
//      fewest hops that displaces the fewest others (a step of a link held by
//      another packet costs that packet's route and counts, for every later
//      search, once more each time it is taken: the history cost); the packets
//      displaced are queued, until the queue is empty (the schedule meets T) or
//      the searches stop improving (the shortest queue not shortened in a while)
//      or their work passes a budget;
//   4. from a schedule of T steps, the packets arriving at step T are queued and
//      step 3 runs with T - 1, down to the ratio's bound (rounded up).
// A heuristic: its steps are reported beside the lower bounds.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithm/collective.h"
#include "topology/port_graph.h"

namespace hypercast {

// The total exchange among the endpoints (endpoint[x] != 0) in fewer than
// `steps` steps: the shortest schedule found, or an empty one (steps 0) when
// none is found or the time-expanded graph is too large (nodes x steps above
// 2^23, or links x steps above 2^24). Every node must reach every node.
Schedule rerouteExchange(const PortGraph& g, const std::vector<char>& endpoint, uint32_t steps);

}  // namespace hypercast
