// Validates a collective's transfers against what the collective means,
// independently of how the schedule was built: its own notion of the topology's
// links and of which packets the collective moves where.
//   - every transfer is along a link of the network, in step >= 1;
//   - at most one packet per directed link per step; on half-duplex links at
//     most one per link per step, whichever direction;
//   - a node only sends a packet it holds: its own, or one that arrived in an
//     earlier step;
//   - no node receives a packet it already holds;
//   - every packet reaches every node it must (all nodes for a broadcast packet,
//     its destination for a personalized one);
//   - where the construction claims it, groups move store-and-forward.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithm/collective.h"
#include "topology/network.h"

namespace hypercast {
namespace checker {

// The network (the checker builds its own links from it: checker/network_links.h)
// and the collective (its packets, from the definitions, in the checker's own
// code: it does not call algorithm/collective_semantics.h).
struct CollectiveSpec {
  NetworkDesc network;
  CollectiveProblem problem;
  // The construction claims to move each (origin, destination) group store-and-
  // forward: then a node must not forward any message of a group before it holds
  // every message of that group that ever reaches it.
  bool group_store_and_forward = false;
  // Half-duplex: x->y and y->x in one step are an error (the first such step
  // and link are named).
  LinkMode links = LinkMode::kFullDuplex;
  // A multinode broadcast to within distance `within` (Faber, Def. 6.6): each
  // packet must reach the nodes 1..within links from its origin (by the
  // checker's own BFS); -1: every node.
  int within = -1;
};

struct ScheduleReport {
  bool ok = false;
  std::vector<std::string> errors;  // the first few, then a count
  uint64_t nodes = 0;
  uint64_t packets = 0;  // packets the collective moves
  uint64_t steps = 0;    // last step used
  uint64_t transmissions = 0;
  uint64_t missing = 0;  // (packet, node) pairs that never arrived
};

ScheduleReport checkSchedule(const CollectiveSpec& spec, const std::vector<Transfer>& transfers);

}  // namespace checker
}  // namespace hypercast
