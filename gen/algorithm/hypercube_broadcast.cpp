// Single-node broadcast and the dispatch over the hypercube collectives.
#include "algorithm/hypercube_schedules.h"
#include "util/error.h"

namespace hypercast {

int hypercubeMaxDim(Collective c) {
  switch (c) {
    case Collective::kBroadcast:
      return 20;
    case Collective::kScatter:
      return 16;
    case Collective::kMultinodeBroadcast:
      return 12;
    case Collective::kTotalExchange:
      return 10;
  }
  return 0;
}

Schedule hypercubeBroadcast(int d, uint32_t root) {
  Schedule s;
  s.collective = Collective::kBroadcast;
  s.nodes = uint64_t{1} << d;
  s.root = root;
  s.steps = static_cast<uint32_t>(d);
  // Not the paper's: Bertsekas et al. leave the single-node broadcast aside
  // (Sec. 1); the standard binomial tree meets its bounds (d, 2^d - 1).
  s.construction = "binomial-tree";
  for (int k = 1; k <= d; ++k) {
    const uint32_t e = uint32_t{1} << (k - 1);
    for (uint32_t x = 0; x < e; ++x) {
      s.transfers.push_back({static_cast<uint32_t>(k), x ^ root, (x | e) ^ root, root, kAllNodes});
    }
  }
  return s;
}

Schedule hypercubeSchedule(int d, Collective c, uint32_t root) {
  if (d < 1 || d > hypercubeMaxDim(c)) {
    throw Error(std::string("the ") + toString(c) + " schedule takes dimensions 1.." +
                std::to_string(hypercubeMaxDim(c)) + ", got " + std::to_string(d));
  }
  if (hasRoot(c) && (uint64_t{root} >> d) != 0) {
    throw Error("source " + std::to_string(root) + " is outside 0.." +
                std::to_string((uint64_t{1} << d) - 1));
  }
  switch (c) {
    case Collective::kBroadcast:
      return hypercubeBroadcast(d, root);
    case Collective::kMultinodeBroadcast:
      return hypercubeMultinodeBroadcast(d);
    case Collective::kScatter:
      return hypercubeScatter(d, root);
    case Collective::kTotalExchange:
      return hypercubeTotalExchange(d);
  }
  throw Error("unknown collective");
}

}  // namespace hypercast
