// The collective communication problems of Bertsekas et al., Sec. 1, and the
// transfer-level schedule every construction produces. The schedule is
// topology-neutral (nodes are numbers, a transfer names both ends of a link), so
// every topology's collectives share it, its checker, the ROM compiler and the
// schedule-driven hardware. What each collective's packets are, where they start
// and where they must end: algorithm/collective_semantics.h.
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
// The GPU collective runtimes' name of it, as MSCCL's `coll` attribute and
// SCCL's runtime_name spell it: multinode-broadcast "allgather", total-exchange
// "alltoall", broadcast "broadcast", scatter "scatter" (emit/msccl_xml.h).
const char* runtimeCollective(Collective c);
bool hasRoot(Collective c);         // broadcast, scatter
bool isPersonalized(Collective c);  // scatter, total exchange: one destination per packet

// Full-duplex links carry one packet each way per step; a half-duplex (one-way)
// link carries one packet per step, whichever direction (Faber, Sec. 6).
enum class LinkMode { kFullDuplex, kHalfDuplex };
const char* toString(LinkMode m);  // "full-duplex", "half-duplex"
// Throws Error naming the accepted words.
LinkMode parseLinkMode(const std::string& word);

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
  uint32_t msg = 0;          // which of the M messages of (origin, dest), 0 when M = 1

  bool operator==(const Transfer& o) const {
    return step == o.step && from == o.from && to == o.to && origin == o.origin && dest == o.dest &&
           msg == o.msg;
  }
};

// A packet's number among the (origin, dest, msg) triples of an N-node network
// with M messages per pair, dest = kAllNodes included:
// ((origin * (N + 1) + dest + 1) * M + msg, below packetKeys(N, M).
inline uint64_t packetKey(uint64_t nodes, uint32_t messages, uint32_t origin, int32_t dest,
                          uint32_t msg) {
  return (uint64_t{origin} * (nodes + 1) + static_cast<uint64_t>(dest + 1)) * messages + msg;
}
inline uint64_t packetKeys(uint64_t nodes, uint32_t messages) {
  return nodes * (nodes + 1) * messages;
}
inline uint64_t packetOrigin(uint64_t nodes, uint32_t messages, uint64_t key) {
  return key / messages / (nodes + 1);
}
inline int32_t packetDest(uint64_t nodes, uint32_t messages, uint64_t key) {
  return static_cast<int32_t>(key / messages % (nodes + 1)) - 1;
}
inline uint32_t packetMsg(uint32_t messages, uint64_t key) {
  return static_cast<uint32_t>(key % messages);
}

// A collective on an N-node network: which collective, its root (broadcast and
// scatter) and the number of messages M per (origin, destination) pair.
struct CollectiveProblem {
  Collective collective = Collective::kBroadcast;
  uint64_t nodes = 0;
  uint32_t root = 0;
  uint32_t messages = 1;
};

struct Schedule {
  Collective collective = Collective::kBroadcast;
  uint64_t nodes = 0;
  uint32_t root = 0;      // for broadcast and scatter
  uint32_t messages = 1;  // M per (origin, destination) pair
  uint32_t steps = 0;
  std::vector<Transfer> transfers;  // ascending step
  // Which construction built it, for reports: "paper" (the topology's paper as
  // printed), "extension" (hypercast's, where the paper's is undefined), "bfs",
  // "binomial-tree" (the hypercube's single-node broadcast), ....
  std::string construction = "paper";
  // Whether the construction promises both lower bounds (checker/lower_bounds.h):
  // then a schedule that misses one is an error, never written. Searches and
  // heuristics (Faber's templates, the coloured exchange) report what they reach.
  bool promises_bound = true;
  // Whether the construction moves each (origin, destination) group store-and-
  // forward (the checker then checks it: checker/schedule_checker.h).
  bool group_store_and_forward = false;
  LinkMode links = LinkMode::kFullDuplex;  // the link model it was built for

  CollectiveProblem problem() const { return {collective, nodes, root, messages}; }
};

}  // namespace hypercast
