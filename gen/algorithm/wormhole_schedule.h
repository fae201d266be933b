// A message-level broadcast schedule for wormhole switching with one-port nodes
// (Cang & Wu, Sec. 1): in each step a node sends at most one message and
// receives at most one; a message travels its whole dimension-ordered path in
// the step it is sent. Unlike the link-level Transfer schedule of
// algorithm/collective.h (one packet crossing one link per step, store and
// forward), a message here names only its two ends; the links it holds follow
// from the routing. Checked by checker/mesh_broadcast_checker.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hypercast {

struct WormholeMessage {
  uint32_t from = 0;
  uint32_t to = 0;
  bool operator==(const WormholeMessage& o) const { return from == o.from && to == o.to; }
};

struct WormholeSchedule {
  std::vector<int> extents;  // the mesh, digit 0 (x) first
  uint32_t source = 0;
  std::string algorithm;  // "paper", "eye" (Algorithm 3), "best", "exhaustive"
  // steps[t] holds the messages of step t + 1.
  std::vector<std::vector<WormholeMessage>> steps;

  uint64_t messages() const {
    uint64_t n = 0;
    for (const auto& s : steps) n += s.size();
    return n;
  }
};

}  // namespace hypercast
