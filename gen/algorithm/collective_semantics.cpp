#include "algorithm/collective_semantics.h"

namespace hypercast {

Packet packetOfKey(const CollectiveProblem& c, uint64_t key) {
  return Packet{static_cast<uint32_t>(packetOrigin(c.nodes, c.messages, key)),
                packetDest(c.nodes, c.messages, key), packetMsg(c.messages, key)};
}

uint64_t packetCount(const CollectiveProblem& c) {
  const uint64_t n = c.nodes, m = c.messages;
  switch (c.collective) {
    case Collective::kBroadcast:
      return m;
    case Collective::kMultinodeBroadcast:
      return n * m;
    case Collective::kScatter:
      return (n - 1) * m;
    case Collective::kTotalExchange:
      return n * (n - 1) * m;
  }
  return 0;
}

bool isPacket(const CollectiveProblem& c, const Packet& p) {
  if (p.origin >= c.nodes || p.msg >= c.messages) return false;
  const bool bcast = p.dest == kAllNodes;
  if (!bcast && (p.dest < 0 || uint64_t(p.dest) >= c.nodes)) return false;
  switch (c.collective) {
    case Collective::kBroadcast:
      return bcast && p.origin == c.root;
    case Collective::kMultinodeBroadcast:
      return bcast;
    case Collective::kScatter:
      return !bcast && p.origin == c.root && uint32_t(p.dest) != c.root;
    case Collective::kTotalExchange:
      return !bcast && uint32_t(p.dest) != p.origin;
  }
  return false;
}

std::vector<Packet> ownPackets(const CollectiveProblem& c, uint64_t x) {
  std::vector<Packet> out;
  const uint32_t o = static_cast<uint32_t>(x);
  if (hasRoot(c.collective) && o != c.root) return out;
  if (!isPersonalized(c.collective)) {
    for (uint32_t m = 0; m < c.messages; ++m) out.push_back(Packet{o, kAllNodes, m});
    return out;
  }
  for (uint64_t d = 0; d < c.nodes; ++d) {
    if (d == x) continue;
    for (uint32_t m = 0; m < c.messages; ++m) out.push_back(Packet{o, int32_t(d), m});
  }
  return out;
}

bool mustReach(const CollectiveProblem& c, const Packet& p, uint64_t x) {
  if (!isPacket(c, p) || p.origin == x) return false;
  return p.dest == kAllNodes || uint64_t(p.dest) == x;
}

std::vector<Packet> promisedPackets(const CollectiveProblem& c, uint64_t x) {
  std::vector<Packet> out;
  const int32_t dest = isPersonalized(c.collective) ? int32_t(x) : kAllNodes;
  if (hasRoot(c.collective)) {  // only the root's packets: O(M), not O(N M)
    if (x == c.root) return out;
    for (uint32_t m = 0; m < c.messages; ++m) out.push_back(Packet{c.root, dest, m});
    return out;
  }
  for (uint64_t o = 0; o < c.nodes; ++o) {
    if (o == x || (hasRoot(c.collective) && o != c.root)) continue;
    for (uint32_t m = 0; m < c.messages; ++m) out.push_back(Packet{uint32_t(o), dest, m});
  }
  return out;
}

}  // namespace hypercast
