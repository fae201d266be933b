// algorithm/collective_semantics.h against hand-worked values: what each node
// starts with and what it must hold at the end, for one small network per
// collective (Bertsekas et al., Sec. 1). The schedule builders, the ROM compiler
// and the schedule harness take their packets from here; the schedule checker
// has its own definition (checker/schedule_checker.cpp), so these values are
// pinned by hand, not by either.
#include <gtest/gtest.h>

#include <tuple>
#include <vector>

#include "algorithm/collective_semantics.h"

using namespace hypercast;

namespace {

using Triple = std::tuple<uint32_t, int32_t, uint32_t>;  // origin, dest, msg
constexpr int32_t kAll = kAllNodes;

std::vector<Triple> triples(const std::vector<Packet>& ps) {
  std::vector<Triple> out;
  for (const Packet& p : ps) out.emplace_back(p.origin, p.dest, p.msg);
  return out;
}

}  // namespace

// Broadcast on 4 nodes from root 2 with M = 2: every other node must get both
// of the root's messages; the root holds them from the start.
TEST(CollectiveSemantics, BroadcastFromTwoOnFourNodesTwoMessages) {
  const CollectiveProblem c{Collective::kBroadcast, 4, 2, 2};
  EXPECT_EQ(packetCount(c), 2u);
  EXPECT_EQ(triples(promisedPackets(c, 0)), (std::vector<Triple>{{2, kAll, 0}, {2, kAll, 1}}));
  EXPECT_EQ(triples(promisedPackets(c, 3)), (std::vector<Triple>{{2, kAll, 0}, {2, kAll, 1}}));
  EXPECT_TRUE(promisedPackets(c, 2).empty());
  EXPECT_EQ(triples(ownPackets(c, 2)), (std::vector<Triple>{{2, kAll, 0}, {2, kAll, 1}}));
  EXPECT_TRUE(ownPackets(c, 0).empty());
  EXPECT_TRUE(isPacket(c, Packet{2, kAll, 1}));
  EXPECT_FALSE(isPacket(c, Packet{0, kAll, 0}));  // not the root's
  EXPECT_FALSE(isPacket(c, Packet{2, 1, 0}));     // a broadcast packet is for every node
  EXPECT_FALSE(isPacket(c, Packet{2, kAll, 2}));  // M = 2: messages 0 and 1
}

// Multinode broadcast on 3 nodes: node 1 must get nodes 0's and 2's packets.
TEST(CollectiveSemantics, MultinodeBroadcastOnThreeNodes) {
  const CollectiveProblem c{Collective::kMultinodeBroadcast, 3, 0, 1};
  EXPECT_EQ(packetCount(c), 3u);
  EXPECT_EQ(triples(promisedPackets(c, 1)), (std::vector<Triple>{{0, kAll, 0}, {2, kAll, 0}}));
  EXPECT_EQ(triples(promisedPackets(c, 0)), (std::vector<Triple>{{1, kAll, 0}, {2, kAll, 0}}));
  EXPECT_EQ(triples(ownPackets(c, 1)), (std::vector<Triple>{{1, kAll, 0}}));
  EXPECT_TRUE(mustReach(c, Packet{0, kAll, 0}, 2));
  EXPECT_FALSE(mustReach(c, Packet{2, kAll, 0}, 2));  // its own
}

// Scatter on 4 nodes from root 1: node 3 must get the root's packet for 3 and
// no other; the root starts with one packet for each other node.
TEST(CollectiveSemantics, ScatterFromOneOnFourNodes) {
  const CollectiveProblem c{Collective::kScatter, 4, 1, 1};
  EXPECT_EQ(packetCount(c), 3u);
  EXPECT_EQ(triples(promisedPackets(c, 3)), (std::vector<Triple>{{1, 3, 0}}));
  EXPECT_EQ(triples(promisedPackets(c, 0)), (std::vector<Triple>{{1, 0, 0}}));
  EXPECT_TRUE(promisedPackets(c, 1).empty());
  EXPECT_EQ(triples(ownPackets(c, 1)), (std::vector<Triple>{{1, 0, 0}, {1, 2, 0}, {1, 3, 0}}));
  EXPECT_FALSE(isPacket(c, Packet{1, 1, 0}));  // nothing for the root itself
  EXPECT_FALSE(mustReach(c, Packet{1, 3, 0}, 2));
}

// Total exchange on 3 nodes with M = 2: node 2 must get both messages from
// each of nodes 0 and 1 addressed to it.
TEST(CollectiveSemantics, TotalExchangeOnThreeNodesTwoMessages) {
  const CollectiveProblem c{Collective::kTotalExchange, 3, 0, 2};
  EXPECT_EQ(packetCount(c), 12u);  // 3 x 2 pairs x 2 messages
  EXPECT_EQ(triples(promisedPackets(c, 2)),
            (std::vector<Triple>{{0, 2, 0}, {0, 2, 1}, {1, 2, 0}, {1, 2, 1}}));
  EXPECT_EQ(triples(ownPackets(c, 0)),
            (std::vector<Triple>{{0, 1, 0}, {0, 1, 1}, {0, 2, 0}, {0, 2, 1}}));
  EXPECT_FALSE(isPacket(c, Packet{0, 0, 0}));     // not to itself
  EXPECT_FALSE(isPacket(c, Packet{0, kAll, 0}));  // personalized
  EXPECT_TRUE(mustReach(c, Packet{1, 2, 1}, 2));
  EXPECT_FALSE(mustReach(c, Packet{1, 2, 1}, 0));  // for node 2 only
}
