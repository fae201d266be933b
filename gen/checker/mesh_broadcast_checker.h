// The independent checker of one-port wormhole broadcasts on a mesh (Cang & Wu,
// Sec. 1), written from the definitions and sharing no code with the
// constructions (algorithm/mesh_broadcast.h) beyond the schedule's data type.
// Its own dimension-ordered routing: a message moves along x until its x is
// the destination's, then along y, then z, ...; it holds every directed link
// on the way for its step. A schedule passes when
//   - every message names two different nodes of the mesh;
//   - one-port: in each step a node sends at most one message and receives at
//     most one;
//   - a node sends only in a step after the one it received in (the source
//     holds the message from the start);
//   - no two messages of a step share a directed link (step contention);
//   - no path crosses a link removed from the network (--remove-links);
//   - every node receives the message exactly once;
//   - it takes ceil(log2 N) steps (d k on a d-D mesh of side 2^k): the optimum,
//     since the holders at most double per step.
// It reports the total communication distance (TCD): the sum of the messages'
// path lengths.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithm/wormhole_schedule.h"
#include "topology/network.h"

namespace hypercast {
namespace checker {

struct WormholeReport {
  bool ok = false;
  std::vector<std::string> errors;  // the first 20
  uint64_t nodes = 0;
  uint64_t reached = 0;  // the source included
  uint64_t messages = 0;
  uint32_t steps = 0;
  uint32_t optimal_steps = 0;  // ceil(log2 N)
  int64_t tcd = 0;
};

// `net` must be a mesh (throws Error otherwise); the schedule's own `extents`
// are not trusted. Keeps its tables between checks (many sources, one mesh).
class WormholeChecker {
 public:
  explicit WormholeChecker(const NetworkDesc& net);
  WormholeReport check(uint32_t source, const WormholeSchedule& s);

 private:
  std::vector<int> ext_;
  std::vector<uint64_t> weight_;  // node = sum c_i weight_i
  uint64_t nodes_ = 1;
  // Per node: the step it received in (-1 not yet, 0 the source), and last
  // sent / received in. Per directed link (node, dimension, direction): the
  // last step that held it and which message of that step.
  std::vector<int64_t> received_, sent_in_, got_in_, link_step_;
  std::vector<bool> removed_;             // per directed link: removed from the network
  std::vector<std::string> bad_removed_;  // removed pairs that are not mesh links
  std::vector<uint32_t> link_msg_;
};

WormholeReport checkWormholeBroadcast(const NetworkDesc& net, uint32_t source,
                                      const WormholeSchedule& s);

// N - 1 + max(0, e - ceil(log2 N)), e the source's eccentricity: every other
// node receives one message of at least one link, and the farthest node's chain
// of at most ceil(log2 N) messages covers at least e links.
int64_t wormholeTcdLowerBound(const NetworkDesc& net, uint32_t source);

}  // namespace checker
}  // namespace hypercast
