// The collective communication problems of Bertsekas et al., Sec. 1, and the
// transfer-level schedule every construction produces. The schedule is
// topology-neutral (nodes are numbers, a transfer names both ends of a link), so
// the torus, Cayley-graph and mesh collectives reuse it, its checker, the ROM
// compiler and the schedule-driven hardware.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hypercast {

enum class Collective {
  kBroadcast,           // single-node broadcast: the root's packet to every node
  kMultinodeBroadcast,  // every node's packet to every other node
  kScatter,             // single-node scatter: the root's own packet for each node
  kTotalExchange,       // every node's own packet for each other node
};

const char* toString(Collective c);  // "broadcast", "multinode-broadcast", ...
// Throws Error naming the accepted words.
Collective parseCollective(const std::string& word);
bool hasRoot(Collective c);         // broadcast, scatter
bool isPersonalized(Collective c);  // scatter, total exchange: one destination per packet

// dest of a broadcast packet (it is for every node).
constexpr int32_t kAllNodes = -1;

// One packet crossing one link during one time unit. Step 1 is the first time
// unit (the paper's A_1: transmission begins at time 0 and ends at time 1).
struct Transfer {
  uint32_t step = 0;
  uint32_t from = 0;
  uint32_t to = 0;
  uint32_t origin = 0;
  int32_t dest = kAllNodes;  // the packet's destination, kAllNodes for a broadcast packet

  bool operator==(const Transfer& o) const {
    return step == o.step && from == o.from && to == o.to && origin == o.origin && dest == o.dest;
  }
};

// A packet's number among the (origin, dest) pairs of an N-node network,
// dest = kAllNodes included: origin * (N + 1) + dest + 1, below packetKeys(N).
inline uint64_t packetKey(uint64_t nodes, uint32_t origin, int32_t dest) {
  return uint64_t{origin} * (nodes + 1) + static_cast<uint64_t>(dest + 1);
}
inline uint64_t packetKeys(uint64_t nodes) { return nodes * (nodes + 1); }
inline uint64_t packetOrigin(uint64_t nodes, uint64_t key) { return key / (nodes + 1); }
inline int32_t packetDest(uint64_t nodes, uint64_t key) {
  return static_cast<int32_t>(key % (nodes + 1)) - 1;
}

struct Schedule {
  Collective collective = Collective::kBroadcast;
  uint64_t nodes = 0;
  uint32_t root = 0;  // for broadcast and scatter
  uint32_t steps = 0;
  std::vector<Transfer> transfers;  // ascending step
};

}  // namespace hypercast
