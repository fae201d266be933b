// Self-checking bookkeeping of a broadcast run: which broadcast each delivered
// flit belongs to (origin + payload), its hop count, duplicate and unknown
// deliveries, completion. Its transfers feed the independent checker and the
// CSV trace.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "checker/broadcast_checker.h"
#include "model/flit.h"
#include "sim/sim_job.h"
#include "topology/network.h"
#include "topology/port_graph.h"

namespace hypercast {
namespace tb {

class Scoreboard {
 public:
  Scoreboard(const NetworkDesc& net, const std::vector<BroadcastRequest>& broadcasts);

  // The injection handshake of broadcast `index` completed in `cycle`.
  void accepted(int64_t cycle, size_t index);
  // Lane `lane` of `node` shows flit `f`, which was on the link during `cycle`.
  void delivered(int64_t cycle, uint64_t node, int lane, const model::Flit& f);

  bool complete() const { return accepted_count_ == bcasts_.size() && reached_ == expected_; }
  // Every accepted broadcast has reached every node (after injection stopped).
  bool drained() const { return reached_ == accepted_count_ * (n_ - 1); }
  size_t acceptedCount() const { return accepted_count_; }
  // Per broadcast: cycle accepted and cycle its last node was reached (-1: not yet).
  int64_t acceptCycle(size_t b) const { return accept_cycle_[b]; }
  int64_t doneCycle(size_t b) const { return done_cycle_[b]; }
  const std::vector<BroadcastRequest>& broadcasts() const { return bcasts_; }
  // Index of the broadcast with this origin and payload, -1 if none.
  int64_t broadcastOf(uint64_t origin, uint64_t payload) const {
    const auto it = index_.find({origin, payload});
    return it == index_.end() ? -1 : static_cast<int64_t>(it->second);
  }
  uint64_t reachedPairs() const { return reached_; }
  uint64_t expectedPairs() const { return expected_; }
  uint64_t redundant() const { return redundant_; }
  uint64_t unknown() const { return unknown_; }
  int64_t lastProgress() const { return last_progress_; }
  int64_t firstAccept() const { return first_accept_; }
  const std::vector<checker::Transfer>& transfers() const { return transfers_; }
  // The broadcasts the checker must see delivered: the accepted ones.
  std::vector<checker::Broadcast> checkerBroadcasts() const;

 private:
  uint64_t n_;   // nodes
  PortGraph g_;  // which output drives each delivery lane (input port)
  std::vector<BroadcastRequest> bcasts_;
  std::map<std::pair<uint64_t, uint64_t>, size_t> index_;
  std::vector<std::vector<int>> step_;  // [broadcast][node], -1 = not yet
  std::vector<int64_t> accept_cycle_;
  std::vector<int64_t> done_cycle_;
  std::vector<uint32_t> reached_of_;
  std::vector<checker::Transfer> transfers_;
  size_t accepted_count_ = 0;
  uint64_t reached_ = 0;
  uint64_t expected_ = 0;
  uint64_t redundant_ = 0;
  uint64_t unknown_ = 0;
  int64_t last_progress_ = 0;
  int64_t first_accept_ = -1;
};

}  // namespace tb
}  // namespace hypercast
