// MT(n,k) against Fragopoulou & Akl (paper 004): the rotation (Def. 2) and its
// action on dimensions (Sec. 2, property 1), the necklaces of MT(3,3) exactly as
// the paper lists them, periods and leaders (Defs. 3-6), BSG_{0^n}'s properties
// (Sec. 3), the routing rule of Secs. 4.3/4.4, and the three collectives at the
// lower bounds of Sec. 4.1 for every M (the expected values are the paper's
// formulas, written out here), through the independent checker.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "algorithm/edge_colouring.h"
#include "algorithm/torus_bsg.h"
#include "algorithm/torus_lane_split.h"
#include "algorithm/torus_schedules.h"
#include "checker/schedule_checker.h"
#include "topology/network.h"
#include "topology/torus_necklaces.h"

using namespace hypercast;

namespace {

uint32_t label(const TorusLabels& t, const std::string& s) {  // "212" -> node
  uint32_t v = 0;
  for (char c : s) v = v * static_cast<uint32_t>(t.k()) + static_cast<uint32_t>(c - '0');
  return v;
}

uint64_t power(uint64_t b, int e) {
  uint64_t r = 1;
  while (e-- > 0) r *= b;
  return r;
}

// Sec. 4.1, spelled out.
struct Bound {
  uint64_t steps, transmissions;
};
Bound paperBound(int n, int k, Collective c, uint64_t m) {
  const uint64_t kn = power(static_cast<uint64_t>(k), n), nn = static_cast<uint64_t>(n);
  const uint64_t kk = static_cast<uint64_t>(k);
  switch (c) {
    case Collective::kMultinodeBroadcast:
      return {(m * (kn - 1) + 2 * nn - 1) / (2 * nn), m * (kn - 1) * kn};
    case Collective::kScatter:
      return {(m * (kn - 1) + 2 * nn - 1) / (2 * nn),
              m * nn * (kk * kk - 1) * power(kk, n - 1) / 4};
    case Collective::kTotalExchange:
      return {m * (kk * kk - 1) * power(kk, n - 1) / 8,
              m * nn * (kk * kk - 1) * power(kk, 2 * n - 1) / 4};
    case Collective::kBroadcast:
      break;
  }
  return {0, 0};
}

// The odd k with k^n <= 729 (and k <= 9) for n = 1..4.
std::vector<std::pair<int, int>> smallTori() {
  std::vector<std::pair<int, int>> out;
  for (int n = 1; n <= 4; ++n) {
    for (int k = 3; k <= 9; k += 2) {
      if (power(static_cast<uint64_t>(k), n) <= 729) out.push_back({n, k});
    }
  }
  // n = 5 and 6: non-full periods 2 and 10, and 4 and 12.
  out.push_back({5, 3});
  out.push_back({6, 3});
  return out;
}

}  // namespace

TEST(TorusFramework, RotationIsDefinition2) {
  const TorusLabels t(3, 3);
  // Ro(v_2 v_1 v_0) = r(v_0) v_2 v_1, r(x) = (3 - x) mod 3.
  EXPECT_EQ(t.rotate(label(t, "200")), label(t, "020"));
  EXPECT_EQ(t.rotate(label(t, "002")), label(t, "100"));
  EXPECT_EQ(t.rotate(label(t, "001")), label(t, "200"));
  EXPECT_EQ(t.rotate(label(t, "212")), label(t, "121"));
  EXPECT_EQ(t.rotate(label(t, "121")), label(t, "212"));
  const TorusLabels t5(2, 5);
  EXPECT_EQ(t5.rotate(5 * 3 + 1), 5 * 4 + 3u);  // 31 -> r(1) 3 = 43
}

TEST(TorusFramework, RotationMapsDimensionsAsProperty1AndIsADistancePreservingBijection) {
  for (auto [n, k] : smallTori()) {
    SCOPED_TRACE("MT(" + std::to_string(n) + "," + std::to_string(k) + ")");
    const TorusLabels t(n, k);
    std::set<uint32_t> image;
    for (uint32_t v = 0; v < t.nodes(); ++v) {
      image.insert(t.rotate(v));
      EXPECT_EQ(t.distance(t.rotate(v)), t.distance(v));
      for (int p = 0; p < 2 * n; ++p) {
        // Edge (v, v + g_i^j) -> (Ro v, Ro v + g_{i'}^{j'}), i' = i - 1, j' = -j if i = 0.
        const int i = p / 2, j = p % 2 == 0 ? 1 : -1;
        const int i2 = (i - 1 + n) % n, j2 = i == 0 ? -j : j;
        const int p2 = 2 * i2 + (j2 == 1 ? 0 : 1);
        EXPECT_EQ(t.rotatePort(p), p2);
        EXPECT_EQ(t.rotate(t.neighbour(v, p)), t.neighbour(t.rotate(v), p2));
      }
    }
    EXPECT_EQ(image.size(), t.nodes());
    // Property 2: the 2n ports form one orbit.
    std::set<int> orbit;
    for (int i = 0, p = 0; i < 2 * n; ++i, p = t.rotatePort(p)) orbit.insert(p);
    EXPECT_EQ(orbit.size(), static_cast<size_t>(2 * n));
  }
}

TEST(TorusFramework, NecklacesOfMT33AreThePapersListing) {
  const TorusLabels t(3, 3);
  // Sec. 2: d = 0: (000); d = 1: (200, 020, 002, 100, 010, 001); d = 2:
  // (220, 022, 102, 110, 011, 201) (210, 021, 202, 120, 012, 101); d = 3:
  // (222, 122, 112, 111, 211, 221) (212, 121). Leaders underlined first.
  const std::vector<std::pair<int, std::vector<std::string>>> paper = {
      {0, {"000"}},
      {1, {"200", "020", "002", "100", "010", "001"}},
      {2, {"220", "022", "102", "110", "011", "201"}},
      {2, {"210", "021", "202", "120", "012", "101"}},
      {3, {"222", "122", "112", "111", "211", "221"}},
      {3, {"212", "121"}},
  };
  const std::vector<Necklace> got = torusNecklaces(t);
  ASSERT_EQ(got.size(), paper.size());
  for (size_t i = 0; i < paper.size(); ++i) {
    EXPECT_EQ(got[i].distance, paper[i].first);
    std::vector<std::string> labels;
    for (uint32_t v : got[i].nodes) labels.push_back(torusLabel(t, v));
    EXPECT_EQ(labels, paper[i].second);
    EXPECT_EQ(got[i].leader, label(t, paper[i].second.front()));
  }
}

TEST(TorusFramework, PeriodsDivide2nAndNonFullNecklacesNeedAnOddFactor) {
  for (int n = 1; n <= 6; ++n) {
    for (int k : {3, 5}) {
      if (power(static_cast<uint64_t>(k), n) > 20000) continue;
      SCOPED_TRACE("MT(" + std::to_string(n) + "," + std::to_string(k) + ")");
      const TorusLabels t(n, k);
      int odd = n;
      while (odd % 2 == 0) odd /= 2;
      bool nonfull = false;
      uint64_t members = 0;
      for (const Necklace& nk : torusNecklaces(t)) {
        members += nk.nodes.size();
        EXPECT_EQ((2 * n) % static_cast<int>(nk.nodes.size()), 0);
        for (uint32_t v : nk.nodes) {
          EXPECT_EQ(t.distance(v), nk.distance);
          EXPECT_EQ(t.leaderOf(v), nk.leader);
          EXPECT_EQ(t.period(v), static_cast<int>(nk.nodes.size()));
        }
        if (nk.leader != 0 && !nk.full(n)) nonfull = true;
      }
      EXPECT_EQ(members, t.nodes());
      EXPECT_EQ(nonfull, odd > 1);
    }
  }
}

TEST(TorusFramework, LeadersOfMT35FollowTheDigitOrder) {
  // The digit order 0 < 1 < 4 < 2 < 3 for k = 5 (floor(k/2) = 2 before
  // ceil(k/2) = 3); the binary correspondent first. The necklace of 30 is
  // (30, 03, 20, 02): its leader is 30.
  const TorusLabels t(2, 5);
  EXPECT_GT(t.leaderKey(label(t, "30")), t.leaderKey(label(t, "20")));
  EXPECT_GT(t.leaderKey(label(t, "20")), t.leaderKey(label(t, "40")));
  EXPECT_GT(t.leaderKey(label(t, "40")), t.leaderKey(label(t, "10")));
  EXPECT_GT(t.leaderKey(label(t, "11")), t.leaderKey(label(t, "30")));  // binary 11 > 10
  EXPECT_EQ(t.leaderOf(label(t, "02")), label(t, "30"));
  EXPECT_EQ(t.leaderOf(label(t, "01")), label(t, "40"));  // necklace (40, 04, 10, 01)
}

TEST(TorusBsg, HasThePropertiesOfSection3) {
  for (auto [n, k] : smallTori()) {
    SCOPED_TRACE("MT(" + std::to_string(n) + "," + std::to_string(k) + ")");
    const TorusLabels t(n, k);
    const TorusBsg b = torusBsg(t);  // throws if a leader's parent is no leader
    const int two_n = 2 * n;
    // membership[v]: the subtrees T_i holding v; leaf[v]: whether v is a leaf in all.
    std::vector<int> membership(t.nodes(), 0);
    std::set<uint32_t> parents;
    for (uint32_t v : b.preorder) parents.insert(b.parent[v]);
    uint64_t tree_nodes = b.preorder.size() + 1;
    for (int i = 0; i < two_n; ++i) {
      std::set<uint32_t> ti = {0};
      for (uint32_t v : b.preorder) {
        const std::vector<uint32_t> path = bsgPath(t, b, v, i);
        // Property 1: a shortest path, one unit per hop.
        EXPECT_EQ(path.size() - 1, static_cast<size_t>(t.distance(v)));
        for (size_t h = 1; h < path.size(); ++h) {
          EXPECT_EQ(t.distance(path[h]), t.distance(path[h - 1]) + 1);
          (void)torusPort(t, path[h - 1], path[h]);  // throws unless neighbours
        }
        // The routing rule reproduces the path.
        uint32_t at = 0;
        for (size_t h = 1; h < path.size(); ++h) {
          const int p = bsgRoute(t, i, at, path.back());
          ASSERT_GE(p, 0);
          at = t.neighbour(at, p);
          EXPECT_EQ(at, path[h]);
        }
        EXPECT_EQ(bsgRoute(t, i, at, path.back()), -1);
        ti.insert(t.rotate(v, i));
        ++membership[t.rotate(v, i)];
      }
      EXPECT_EQ(ti.size(), tree_nodes);  // property 2
    }
    for (uint32_t v = 1; v < t.nodes(); ++v) {
      const int p = t.period(v);
      EXPECT_EQ(membership[v], two_n / p) << torusLabel(t, v);  // property 3
      if (p < two_n) {
        // Only as a leaf: no T_i edge leaves it.
        const uint32_t leader = t.leaderOf(v);
        EXPECT_EQ(parents.count(leader), 0u) << torusLabel(t, v);
      }
    }
    // Property 4: corresponding edges of the T_i have 2n distinct dimensions.
    for (uint32_t v : b.preorder) {
      std::set<int> ports;
      for (int i = 0; i < two_n; ++i) {
        ports.insert(torusPort(t, t.rotate(b.parent[v], i), t.rotate(v, i)));
      }
      EXPECT_EQ(ports.size(), static_cast<size_t>(two_n));
    }
  }
}

TEST(TorusLaneSplit, BalancedSplitMeetsTheAverageForMixedPeriods) {
  // 2n = 30 (n = 15) has non-full periods 6 and 10 whose residue classes are
  // not nested; 2n = 6 (n = 3) has period 2.
  struct Case {
    int two_n;
    std::vector<NonFullLeader> leaders;
  };
  std::vector<Case> cases = {
      {6, {{2, 0}, {2, 3}, {2, 5}}},
      {30, {{6, 0}, {10, 7}, {6, 11}, {10, 3}, {10, 29}, {6, 4}}},
      {10, {{2, 1}, {2, 2}, {2, 9}, {2, 4}}},
  };
  for (const Case& c : cases) {
    for (uint32_t m = 1; m <= 5; ++m) {
      SCOPED_TRACE("2n=" + std::to_string(c.two_n) + " M=" + std::to_string(m));
      const LaneSplit s = balancedLaneSplit(c.two_n, m, c.leaders);
      uint64_t total = 0;
      std::vector<uint64_t> load(static_cast<size_t>(c.two_n), 0);
      for (size_t l = 0; l < c.leaders.size(); ++l) {
        const int p = c.leaders[l].period;
        total += m * static_cast<uint64_t>(p);
        for (int j = 0; j < p; ++j) {
          uint32_t sum = 0;
          for (int i = j; i < c.two_n; i += p) {
            EXPECT_EQ(s.first[l][static_cast<size_t>(i)], sum);
            sum += s.count[l][static_cast<size_t>(i)];
          }
          EXPECT_EQ(sum, m);  // every node gets its M messages
        }
        for (int i = 0; i < c.two_n; ++i) {
          load[static_cast<size_t>((c.leaders[l].base + i) % c.two_n)] +=
              s.count[l][static_cast<size_t>(i)];
        }
      }
      const uint64_t avg =
          (total + static_cast<uint64_t>(c.two_n) - 1) / static_cast<uint64_t>(c.two_n);
      EXPECT_EQ(*std::max_element(load.begin(), load.end()), avg);
      EXPECT_EQ(s.max_load, avg);
    }
  }
}

TEST(EdgeColouring, ColoursABipartiteMultigraphWithItsMaximumDegree) {
  std::mt19937 rng(7);
  for (int round = 0; round < 20; ++round) {
    auto below = [&rng](uint32_t n) { return static_cast<uint32_t>(rng() % n); };
    const uint32_t left = 1 + below(40), right = 1 + below(8);
    std::vector<std::pair<uint32_t, uint32_t>> edges;
    const uint32_t count = below(400);
    for (uint32_t e = 0; e < count; ++e) edges.push_back({below(left), below(right)});
    std::map<uint32_t, uint32_t> ld, rd;
    uint32_t delta = 0;
    for (const auto& e : edges) {
      delta = std::max({delta, ++ld[e.first], ++rd[e.second]});
    }
    const std::vector<uint32_t> c = bipartiteEdgeColouring(left, right, edges);
    std::set<std::pair<uint32_t, uint32_t>> lseen, rseen;
    for (size_t e = 0; e < edges.size(); ++e) {
      EXPECT_LT(c[e], delta);
      EXPECT_TRUE(lseen.insert({edges[e].first, c[e]}).second);
      EXPECT_TRUE(rseen.insert({edges[e].second, c[e]}).second);
    }
  }
}

namespace {

checker::ScheduleReport checkTorus(int n, int k, const Schedule& s, bool group_sf) {
  checker::CollectiveSpec spec;
  spec.network = torusNetwork(n, k);
  spec.problem = s.problem();
  spec.group_store_and_forward = group_sf;
  return checker::checkSchedule(spec, s.transfers);
}

Schedule build(const TorusLabels& t, Collective c, uint32_t m, TorusConstruction how,
               uint32_t root = 0) {
  switch (c) {
    case Collective::kMultinodeBroadcast:
      return torusMultinodeBroadcast(t, m, how);
    case Collective::kScatter:
      return torusScatter(t, root, m, how);
    default:
      return torusTotalExchange(t, m, how);
  }
}

}  // namespace

namespace {

// Every collective of every small torus for M = 1..3, by both constructions, whose
// paper bound has transmissions in (lo, hi].
void expectEveryCollectiveAtBothBounds(uint64_t lo, uint64_t hi) {
  int instances = 0;
  for (auto [n, k] : smallTori()) {
    const TorusLabels t(n, k);
    for (Collective c :
         {Collective::kMultinodeBroadcast, Collective::kScatter, Collective::kTotalExchange}) {
      for (uint32_t m = 1; m <= 3; ++m) {
        const Bound want = paperBound(n, k, c, m);
        if (want.transmissions <= lo || want.transmissions > hi) continue;
        ++instances;
        for (TorusConstruction how : {TorusConstruction::kAuto, TorusConstruction::kExtension}) {
          SCOPED_TRACE(std::string(toString(c)) + " MT(" + std::to_string(n) + "," +
                       std::to_string(k) + ") M=" + std::to_string(m) +
                       (how == TorusConstruction::kAuto ? " auto" : " extension"));
          const uint32_t root = c == Collective::kScatter ? t.nodes() / 3 : 0;
          const Schedule s = build(t, c, m, how, root);
          const bool paper = how == TorusConstruction::kAuto && torusPaperSplits(n, m);
          EXPECT_EQ(s.construction, paper ? "paper" : "extension");
          // The paper's multinode broadcast and scatter move groups whole.
          EXPECT_EQ(s.group_store_and_forward, paper && c != Collective::kScatter);
          const auto r = checkTorus(n, k, s, s.group_store_and_forward);
          for (const auto& e : r.errors) ADD_FAILURE() << e;
          ASSERT_TRUE(r.ok);
          EXPECT_EQ(r.steps, want.steps);
          EXPECT_EQ(r.transmissions, want.transmissions);
          EXPECT_EQ(s.steps, want.steps);
        }
      }
    }
  }
  EXPECT_GT(instances, 0);
}

}  // namespace

TEST(TorusCollectives, EveryCollectiveAtBothBoundsForEveryM) {
  expectEveryCollectiveAtBothBounds(0, 1000000);
}

// The larger instances, up to 11 million transmissions (ctest label long; the
// benchmark's go beyond).
TEST(TorusCollectivesLong, EveryCollectiveAtBothBoundsForEveryM) {
  expectEveryCollectiveAtBothBounds(1000000, 11000000);
}

TEST(TorusCollectives, PaperSplittingIsIntegralExactlyWhenTheOddPartOfNDividesM) {
  for (int n = 1; n <= 6; ++n) {
    for (uint32_t m = 1; m <= 6; ++m) {
      const bool want = n == 3 || n == 6 ? m % 3 == 0 : n == 5 ? m % 5 == 0 : true;
      EXPECT_EQ(torusPaperSplits(n, m), want) << "n=" << n << " M=" << m;
    }
  }
  const TorusLabels t(3, 3);
  EXPECT_THROW(torusTotalExchange(t, 1, TorusConstruction::kPaper), std::exception);
  EXPECT_EQ(torusTotalExchange(t, 3, TorusConstruction::kPaper).construction, "paper");
}

TEST(TorusChecker, TakesTransfersInAnyOrderAndRejectsAMessageIndexBeyondM) {
  const TorusLabels t(2, 3);
  Schedule s = torusTotalExchange(t, 2, TorusConstruction::kAuto);
  std::reverse(s.transfers.begin(), s.transfers.end());  // the checker sorts by step
  EXPECT_TRUE(checkTorus(2, 3, s, false).ok);
  s.transfers.front().msg = 2;  // M = 2: messages 0 and 1 only
  const auto r = checkTorus(2, 3, s, false);
  EXPECT_FALSE(r.ok);
  bool said = false;
  for (const auto& e : r.errors) said |= e.find("not a packet") != std::string::npos;
  EXPECT_TRUE(said);
}

TEST(TorusChecker, RejectsStepZeroAMissingMessageAReusedLinkAndAnEarlyForward) {
  const TorusLabels t(2, 3);
  const Schedule good = torusMultinodeBroadcast(t, 2, TorusConstruction::kAuto);
  ASSERT_TRUE(checkTorus(2, 3, good, true).ok);
  auto firstError = [](const checker::ScheduleReport& r) {
    return r.errors.empty() ? std::string() : r.errors.front();
  };
  {  // numbered from step 0
    Schedule s = good;
    for (auto& x : s.transfers) --x.step;
    const auto r = checkTorus(2, 3, s, false);
    EXPECT_FALSE(r.ok);
    EXPECT_NE(firstError(r).find("steps start at 1"), std::string::npos) << firstError(r);
  }
  {  // message index 1 never sent
    Schedule s = good;
    s.transfers.erase(std::remove_if(s.transfers.begin(), s.transfers.end(),
                                     [](const Transfer& x) { return x.msg == 1; }),
                      s.transfers.end());
    const auto r = checkTorus(2, 3, s, false);
    EXPECT_FALSE(r.ok);
    EXPECT_GT(r.missing, 0u);
  }
  {  // a link carrying two packets in one step
    Schedule s = good;
    Transfer dup = s.transfers.front();
    dup.origin = (dup.origin + 1) % 9;  // another origin's packet on the same link
    dup.from = s.transfers.front().from;
    s.transfers.insert(s.transfers.begin() + 1, dup);
    const auto r = checkTorus(2, 3, s, false);
    EXPECT_FALSE(r.ok);
    bool said = false;
    for (const auto& e : r.errors) said |= e.find("a second packet on link") != std::string::npos;
    EXPECT_TRUE(said);
  }
  {  // on MT(1,5): node 1 forwards msg 0 of (0 -> 2) while msg 1 is still arriving
    Schedule s;
    s.collective = Collective::kTotalExchange;
    s.nodes = 5;
    s.messages = 2;
    s.transfers = {{1, 0, 1, 0, 2, 0}, {2, 1, 2, 0, 2, 0}, {2, 0, 1, 0, 2, 1}, {3, 1, 2, 0, 2, 1}};
    s.steps = 3;
    auto said = [](const checker::ScheduleReport& r) {
      for (const auto& e : r.errors) {
        if (e.find("forwards the group before holding all of it") != std::string::npos) return true;
      }
      return false;
    };
    EXPECT_TRUE(said(checkTorus(1, 5, s, true)));
    EXPECT_FALSE(said(checkTorus(1, 5, s, false)));  // per-message forwarding is allowed
  }
}
