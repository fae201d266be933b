// The least TCD of any one-port, step-contention-free, d k-step wormhole
// broadcast on a tiny mesh (2x2, 4x4, 2x2x2, ...: at most 16 nodes and 64
// directed links), by exhaustive search. In d k steps the N = 2^(dk) nodes can
// only be reached if every holder sends to a new node in every step, so a step
// is an assignment of the holders to as many new nodes whose dimension-ordered
// paths share no directed link. What it costs to finish depends only on who
// holds the message: the search is memoised over those sets, shared by every
// source, and branches are cut once they cannot beat the best found (every
// message is at least one link long).
#pragma once

#include <cstdint>
#include <vector>

#include "algorithm/mesh_eyes.h"
#include "algorithm/wormhole_schedule.h"

namespace hypercast {

class ExhaustiveMeshBroadcast {
 public:
  // Throws Error beyond 16 nodes or 64 directed links.
  explicit ExhaustiveMeshBroadcast(const MeshCube& m);
  int64_t tcd(uint32_t source);
  // A schedule reaching tcd(source).
  WormholeSchedule schedule(uint32_t source);

 private:
  struct Step;                // one step's assignment search (mesh_exhaustive.cpp)
  int finish(uint32_t held);  // least TCD still to pay once `held` hold the message

  MeshCube m_;
  int nodes_ = 0;
  std::vector<uint64_t> path_;  // path_[a * N + b]: the directed links a -> b holds
  std::vector<int> length_;
  std::vector<int> memo_;  // by holder set; -1 unknown
};

}  // namespace hypercast
