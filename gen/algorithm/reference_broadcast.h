// The C++ reference of Algorithm 2 (Fig. 4): a lone broadcast on an idle,
// all-port network, one hop per step. Every later layer (RTL, SystemC model) must
// reproduce these transmissions for a lone broadcast.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithm/broadcast_weights.h"
#include "topology/network.h"

namespace hypercast {

struct Transmission {
  int step = 0;  // 1 for the origin's own sends
  uint64_t from = 0;
  uint64_t to = 0;
  int port = 0;  // port index at `from` (and input port at `to`)
  int wd = 0;
  int wc = 0;
};

std::vector<Transmission> referenceBroadcast(const NetworkDesc& net, uint64_t source,
                                             Preference pref = Preference::kClockwise);

// Port p's transmissions summed over one broadcast (the same from every origin:
// the hypercycle is vertex-transitive). Under uniform traffic at R broadcasts
// per node per cycle, output p of every node carries R * busiestPortFlits-many
// flits per cycle at its busiest, so the network saturates at 1 / that.
uint64_t busiestPortFlits(const NetworkDesc& net, Preference pref);

}  // namespace hypercast
