#include "tb/scoreboard.h"

namespace hypercast {
namespace tb {

Scoreboard::Scoreboard(const NetworkDesc& net, const std::vector<BroadcastRequest>& broadcasts)
    : n_(net.nodes()),
      g_(PortGraph::build(net)),
      bcasts_(broadcasts),
      step_(broadcasts.size(), std::vector<int>(n_, -1)),
      accept_cycle_(broadcasts.size(), -1),
      done_cycle_(broadcasts.size(), -1),
      reached_of_(broadcasts.size(), 0) {
  for (size_t b = 0; b < bcasts_.size(); ++b) {
    index_[{bcasts_[b].origin, bcasts_[b].payload}] = b;
    step_[b][bcasts_[b].origin] = 0;
  }
  expected_ = bcasts_.size() * (n_ - 1);
}

void Scoreboard::accepted(int64_t cycle, size_t index) {
  ++accepted_count_;
  accept_cycle_[index] = cycle;
  last_progress_ = cycle;
  if (first_accept_ < 0) first_accept_ = cycle;
}

void Scoreboard::delivered(int64_t cycle, uint64_t node, int lane, const model::Flit& f) {
  checker::Transfer t;
  t.cycle = cycle;
  t.from = g_.drivenBy(node, lane).node;
  t.to = node;
  t.origin = f.origin;
  t.tag = f.payload;
  t.wd = f.wd;
  t.wc = f.wc;
  last_progress_ = cycle;
  const int64_t b = broadcastOf(f.origin, f.payload);
  if (b < 0) {
    ++unknown_;
    transfers_.push_back(t);
    return;
  }
  auto& steps = step_[size_t(b)];
  const int from_step = steps[t.from];
  t.step = from_step >= 0 ? from_step + 1 : 0;
  if (steps[node] < 0) {
    steps[node] = t.step;
    ++reached_;
    if (++reached_of_[size_t(b)] == n_ - 1) done_cycle_[size_t(b)] = cycle;
  } else {
    ++redundant_;
  }
  transfers_.push_back(t);
}

std::vector<checker::Broadcast> Scoreboard::checkerBroadcasts() const {
  std::vector<checker::Broadcast> out;
  for (size_t b = 0; b < bcasts_.size(); ++b) {
    if (accept_cycle_[b] < 0) continue;
    out.push_back(
        checker::Broadcast{bcasts_[b].origin, bcasts_[b].payload, bcasts_[b].start_cycle});
  }
  return out;
}

}  // namespace tb
}  // namespace hypercast
