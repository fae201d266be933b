// The d-cube collectives of Bertsekas et al. against the paper: every
// construction passes the independent checker and meets Table 1 exactly (the
// expected values are the paper's formulas, written out here), Fig. 6's order
// for d = 4, the Sec. 3 tree's two properties, Sec. 2's A_i and Sec. 4's eq. (6).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "algorithm/hypercube_schedules.h"
#include "algorithm/rotation_classes.h"
#include "checker/hypercube_bounds.h"
#include "checker/schedule_checker.h"

using namespace hypercast;

namespace {

uint64_t ceilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

// Table 1, spelled out; the single-node broadcast, which Sec. 1 defines but
// does not discuss further (no row in Table 1), has the plain bounds: the
// diameter d and one receipt per other node, N - 1.
struct Expect {
  uint64_t steps, transmissions;
};
Expect table1(int d, Collective c) {
  const uint64_t n = uint64_t{1} << d, du = uint64_t(d);
  switch (c) {
    case Collective::kBroadcast:
      return {du, n - 1};
    case Collective::kMultinodeBroadcast:
      return {ceilDiv(n - 1, du), n * (n - 1)};
    case Collective::kScatter:
      return {ceilDiv(n - 1, du), du * (uint64_t{1} << (d - 1))};
    case Collective::kTotalExchange:
      return {uint64_t{1} << (d - 1), du * (uint64_t{1} << (2 * d - 1))};
  }
  return {0, 0};
}

checker::ScheduleReport check(int d, Collective c, uint32_t root, const std::vector<Transfer>& t) {
  checker::CollectiveSpec spec;
  spec.network = hypercubeNetwork(d);
  spec.problem = {c, uint64_t{1} << d, root, 1};
  return checker::checkSchedule(spec, t);
}

void expectOptimal(int d, Collective c, uint32_t root) {
  SCOPED_TRACE(std::string(toString(c)) + " d=" + std::to_string(d) +
               " root=" + std::to_string(root));
  const Schedule s = hypercubeSchedule(d, c, root);
  const checker::ScheduleReport r = check(d, c, root, s.transfers);
  for (const auto& e : r.errors) ADD_FAILURE() << e;
  ASSERT_TRUE(r.ok);
  const Expect e = table1(d, c);
  EXPECT_EQ(r.steps, e.steps);
  EXPECT_EQ(r.transmissions, e.transmissions);
  EXPECT_EQ(s.steps, e.steps);
  EXPECT_EQ(r.missing, 0u);
  const checker::LowerBound lb = checker::hypercubeLowerBound(d, c);
  EXPECT_EQ(lb.steps, e.steps);
  EXPECT_EQ(lb.transmissions, e.transmissions);
}

}  // namespace

TEST(HypercubeSchedules, BroadcastMeetsTheBoundFromEveryTenthRoot) {
  for (int d = 1; d <= 10; ++d) {
    for (uint32_t root = 0; root < (1u << d); root += std::max(1u, (1u << d) / 10)) {
      expectOptimal(d, Collective::kBroadcast, root);
    }
  }
}

TEST(HypercubeSchedules, MultinodeBroadcastMeetsTable1) {
  for (int d = 1; d <= 10; ++d) expectOptimal(d, Collective::kMultinodeBroadcast, 0);
}

TEST(HypercubeSchedules, ScatterMeetsTable1FromSeveralRoots) {
  for (int d = 1; d <= 10; ++d) {
    for (uint32_t root : {0u, 1u, (1u << d) - 1, (1u << d) / 3}) {
      if (root < (1u << d)) expectOptimal(d, Collective::kScatter, root);
    }
  }
}

TEST(HypercubeSchedules, TotalExchangeMeetsTable1) {
  for (int d = 1; d <= 8; ++d) expectOptimal(d, Collective::kTotalExchange, 0);
}

// Sec. 2, Fig. 3: for d = 4, N_2 = {0011, 0110, 1100, 1001} u {0101, 1010}, so
// R_21 has four elements and R_22 two; there are 2^d - 2 identities in classes.
TEST(RotationClasses, MatchTheFourCube) {
  const RotationClasses rc(4);
  std::vector<std::vector<uint32_t>> got;
  for (const auto& c : rc.classes()) {
    std::vector<uint32_t> m = c.members;
    std::sort(m.begin(), m.end());
    got.push_back(m);
  }
  const std::vector<std::vector<uint32_t>> want = {
      {1, 2, 4, 8}, {3, 6, 9, 12}, {5, 10}, {7, 11, 13, 14}};
  EXPECT_EQ(got, want);
  EXPECT_EQ(rc.classes()[1].first_n, 5u);
  EXPECT_EQ(rc.classes()[2].first_n, 9u);
  EXPECT_EQ(rc.m(1), 1);
  EXPECT_EQ(rc.m(4), 4);
  EXPECT_EQ(rc.m(5), 1);  // m runs 1..d, 1..d along the order
}

// Sec. 2: each A_i, i < q, has exactly d links, of d different types (so the
// XOR replicas never share a link), and the last one the remaining links.
TEST(MultinodeBroadcast, SetsAiHaveDistinctTypes) {
  for (int d = 1; d <= 12; ++d) {
    const auto links = multinodeBroadcastSets(d);
    const uint64_t n = uint64_t{1} << d, q = ceilDiv(n - 1, uint64_t(d));
    std::map<uint32_t, std::set<int>> types;
    std::map<uint32_t, int> count;
    for (const auto& l : links) {
      ASSERT_EQ(__builtin_popcount(l.from ^ l.to), 1);
      types[l.step].insert(__builtin_ctz(l.from ^ l.to));
      ++count[l.step];
    }
    ASSERT_EQ(count.size(), q) << "d=" << d;
    for (const auto& kv : count) {
      EXPECT_EQ(types[kv.first].size(), size_t(kv.second)) << "d=" << d << " A_" << kv.first;
      const uint64_t want = kv.first < q ? uint64_t(d) : (n - 1) - (q - 1) * uint64_t(d);
      EXPECT_EQ(uint64_t(kv.second), want) << "d=" << d << " A_" << kv.first;
    }
  }
}

// Sec. 3: the tree is a shortest-path tree from 00..0, the root has d children,
// and the subtrees hold floor or ceil of (2^d-1)/d nodes each.
TEST(ScatterTree, IsShortestPathAndPerfectlyBalanced) {
  for (int d = 1; d <= 14; ++d) {
    const SpanningTree t = balancedScatterTree(d);
    const uint32_t n = 1u << d;
    std::map<uint32_t, uint64_t> size;
    for (uint32_t x = 1; x < n; ++x) {
      ASSERT_EQ(__builtin_popcount(x ^ t.parent[x]), 1) << "d=" << d << " x=" << x;
      int depth = 0;
      for (uint32_t y = x; y != 0; y = t.parent[y]) {
        ASSERT_LT(++depth, 64);
      }
      EXPECT_EQ(depth, __builtin_popcount(x)) << "d=" << d << " x=" << x;
      uint32_t top = x;
      while (t.parent[top] != 0) top = t.parent[top];
      ++size[top];
    }
    ASSERT_EQ(size.size(), size_t(d));
    const uint64_t lo = (n - 1) / uint64_t(d), hi = ceilDiv(n - 1, uint64_t(d));
    for (const auto& kv : size) {
      EXPECT_TRUE(kv.second == lo || kv.second == hi) << "d=" << d << " subtree " << kv.first;
    }
  }
}

// Fig. 6, rebuilt from Sec. 4's table rule (the figure's grid is garbled in the
// text): node 0 sends its own packets, per link, in this order from time 1.
TEST(TotalExchange, FourCubeFollowsFig6) {
  const std::map<int, std::vector<uint32_t>> fig6 = {
      {1, {0b0001}},
      {2, {0b0011, 0b0010}},
      {3, {0b0101, 0b0111, 0b0110, 0b0100}},
      {4, {0b1001, 0b1011, 0b1101, 0b1010, 0b1111, 0b1110, 0b1100, 0b1000}},
  };
  const Schedule s = hypercubeTotalExchange(4);
  std::map<int, std::vector<std::pair<uint32_t, uint32_t>>> got;  // link -> (time, dest)
  for (const Transfer& t : s.transfers) {
    if (t.from == 0 && t.origin == 0) {
      got[__builtin_ctz(t.to) + 1].push_back({t.step, static_cast<uint32_t>(t.dest)});
    }
  }
  for (const auto& kv : fig6) {
    auto g = got[kv.first];
    std::sort(g.begin(), g.end());
    ASSERT_EQ(g.size(), kv.second.size()) << "link " << kv.first;
    for (size_t i = 0; i < g.size(); ++i) {
      EXPECT_EQ(g[i].first, i + 1) << "link " << kv.first;
      EXPECT_EQ(g[i].second, kv.second[i]) << "link " << kv.first << " time " << i + 1;
    }
  }
  // "For any other node i, ... the XOR of each entry with i." Sec. 4: during
  // time units 1..2^(k-1) node i sends all its packets for the nodes that
  // differ from i in bit k and not above it through its k-th link, 2^(k-1) of
  // them: 1, 2, 4, 8 on links 1..4, 2^d - 1 = 15 in all.
  std::map<int, int> sent;  // link -> own packets node 5 sends on it
  for (const Transfer& t : s.transfers) {
    if (t.from != t.origin || t.from != 5) continue;
    const int link = __builtin_ctz(t.to ^ 5u) + 1;
    ++sent[link];
    const auto& col = fig6.at(link);
    ASSERT_LE(t.step, col.size()) << "link " << link;
    EXPECT_EQ(col[t.step - 1] ^ 5u, static_cast<uint32_t>(t.dest));
  }
  EXPECT_EQ(sent, (std::map<int, int>{{1, 1}, {2, 2}, {3, 4}, {4, 8}}));
}

// Sec. 4, eq. (6): node i has sent at most 2^(d-1) + n - 1 of its own packets by
// time n, the property the recursion needs.
TEST(TotalExchange, OwnPacketsMeetEq6) {
  for (int d = 1; d <= 8; ++d) {
    const Schedule s = hypercubeTotalExchange(d);
    const uint32_t n = 1u << d;
    std::vector<std::vector<uint32_t>> sent(n, std::vector<uint32_t>(n / 2 + 1, 0));
    for (const Transfer& t : s.transfers) {
      if (t.from == t.origin) ++sent[t.from][t.step];
    }
    for (uint32_t i = 0; i < n; ++i) {
      uint32_t total = 0;
      for (uint32_t step = 1; step <= n / 2; ++step) {
        total += sent[i][step];
        EXPECT_LE(total, n / 2 + step - 1) << "d=" << d << " node " << i << " time " << step;
      }
      EXPECT_EQ(total, n - 1);
    }
  }
}

// Sec. 4's forwarding rules. Own packets for the nodes that differ from i in
// bit k and not above it go out on link k during time units 1..2^(k-1). A
// packet that arrives through link k goes on through link
// k_0 = max{m <= k-1 | x_m != i_m} (the highest bit in which i still differs
// from the destination x). "Forwarding packets in the k th link starts at time
// 2^(k-1) + 1, for k = 1, ..., d-1; no forwarding takes place in the d th link."
TEST(TotalExchange, ForwardingFollowsSec4Rules) {
  auto highestBit = [](uint32_t v) { return 32 - __builtin_clz(v); };  // 1-based, v != 0
  for (int d = 2; d <= 6; ++d) {
    SCOPED_TRACE("d=" + std::to_string(d));
    const Schedule s = hypercubeTotalExchange(d);
    std::map<std::pair<uint32_t, int32_t>, int> last_link;  // (origin, dest) -> link of last hop
    std::vector<Transfer> by_step = s.transfers;
    std::stable_sort(by_step.begin(), by_step.end(),
                     [](const Transfer& a, const Transfer& b) { return a.step < b.step; });
    for (const Transfer& t : by_step) {
      const uint32_t dest = static_cast<uint32_t>(t.dest);
      const int link = highestBit(t.from ^ t.to);
      ASSERT_EQ(t.from ^ t.to, 1u << (link - 1)) << "not a link";
      // Every hop, own or forwarded, is on the highest bit still differing.
      EXPECT_EQ(link, highestBit(t.from ^ dest)) << t.from << "->" << t.to << " for " << dest;
      if (t.from == t.origin) {
        EXPECT_LE(t.step, 1u << (link - 1)) << "own packet on link " << link;
      } else {
        EXPECT_NE(link, d) << "forwarding on link d";
        EXPECT_GE(t.step, (1u << (link - 1)) + 1) << "forwarding on link " << link;
        const auto prev = last_link.find({t.origin, t.dest});
        ASSERT_NE(prev, last_link.end());
        EXPECT_LT(link, prev->second);  // k_0 <= k - 1
      }
      last_link[{t.origin, t.dest}] = link;
    }
  }
}

// The checker rejects hand-made faults, each with its own reason.
class CheckerFaults : public ::testing::Test {
 protected:
  static std::string firstError(Collective c, const std::vector<Transfer>& t) {
    const auto r = check(3, c, 0, t);
    EXPECT_FALSE(r.ok);
    return r.errors.empty() ? "" : r.errors.front();
  }
};

TEST_F(CheckerFaults, MissingPacket) {
  auto t = hypercubeScatter(3, 0).transfers;
  // Drop the last hop of the packet for node 7.
  auto it = std::find_if(t.begin(), t.end(), [](const Transfer& x) { return x.to == 7; });
  ASSERT_NE(it, t.end());
  t.erase(it);
  const auto r = check(3, Collective::kScatter, 0, t);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.missing, 1u);
  EXPECT_NE(r.errors.front().find("never reaches node 7"), std::string::npos) << r.errors.front();
}

TEST_F(CheckerFaults, DoubledLinkUse) {
  auto t = hypercubeMultinodeBroadcast(3).transfers;
  // A second copy of a step-1 transfer, but of another origin's packet.
  Transfer extra = t.front();
  extra.origin ^= 7;
  t.push_back(extra);
  EXPECT_NE(firstError(Collective::kMultinodeBroadcast, t).find("second packet on link"),
            std::string::npos);
}

TEST_F(CheckerFaults, ForwardBeforeReceipt) {
  auto t = hypercubeScatter(3, 0).transfers;
  // Move a relay hop (sent by a non-root node) one step earlier than it can be.
  auto it = std::find_if(t.begin(), t.end(), [](const Transfer& x) { return x.from != 0; });
  ASSERT_NE(it, t.end());
  it->step -= 1;
  EXPECT_NE(firstError(Collective::kScatter, t).find("before holding it"), std::string::npos);
}

TEST_F(CheckerFaults, NonLink) {
  auto t = hypercubeBroadcast(3, 0).transfers;
  t.back().to ^= 3;  // two bits away
  EXPECT_NE(firstError(Collective::kBroadcast, t).find("not a link"), std::string::npos);
}

TEST_F(CheckerFaults, ForeignPacketAndRedundantDelivery) {
  auto t = hypercubeTotalExchange(3).transfers;
  Transfer bad = t.front();
  bad.dest = static_cast<int32_t>(bad.origin);  // a packet to itself is no total-exchange packet
  t.push_back(bad);
  EXPECT_NE(firstError(Collective::kTotalExchange, t).find("not a packet"), std::string::npos);
  auto u = hypercubeBroadcast(3, 0).transfers;
  Transfer again = u.back();
  again.step += 1;
  u.push_back(again);
  EXPECT_NE(firstError(Collective::kBroadcast, u).find("already holds"), std::string::npos);
}
