// What a collective means, in one place: its packets (origin; a destination or
// every node; a message index for M messages per pair), where each starts and
// which nodes must hold which at the end. The checker, the ROM compiler, the
// SystemC model, the harness's read-back and the CLI summary all ask here.
//   broadcast            (root, all, m)       starts at root, must reach every node
//   multinode-broadcast  (o, all, m) for all o starts at o,    must reach every node
//   scatter              (root, d, m), d != root               must reach d
//   total-exchange       (o, d, m), d != o                     must reach d
#pragma once

#include <cstdint>
#include <vector>

#include "algorithm/collective.h"

namespace hypercast {

struct Packet {
  uint32_t origin = 0;
  int32_t dest = kAllNodes;
  uint32_t msg = 0;

  bool operator==(const Packet& o) const {
    return origin == o.origin && dest == o.dest && msg == o.msg;
  }
};

inline Packet packetOf(const Transfer& t) { return Packet{t.origin, t.dest, t.msg}; }
inline uint64_t keyOf(const CollectiveProblem& c, const Packet& p) {
  return packetKey(c.nodes, c.messages, p.origin, p.dest, p.msg);
}
Packet packetOfKey(const CollectiveProblem& c, uint64_t key);

// How many packets the collective moves.
uint64_t packetCount(const CollectiveProblem& c);
// Whether p is one of the collective's packets.
bool isPacket(const CollectiveProblem& c, const Packet& p);
// The packets node x holds at the start (its own), in ascending key.
std::vector<Packet> ownPackets(const CollectiveProblem& c, uint64_t x);
// Whether node x must hold packet p at the end (p's origin holds it anyway).
bool mustReach(const CollectiveProblem& c, const Packet& p, uint64_t x);
// The packets node x must hold at the end besides its own, in ascending key.
std::vector<Packet> promisedPackets(const CollectiveProblem& c, uint64_t x);

}  // namespace hypercast
