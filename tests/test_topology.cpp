// Hypercycle topology against Sec. 2 of "Broadcasting in Hypercycles": the
// mixed-radix example, eqs. (2)-(4) and (6), and Fig. 1's graphs. Expected values
// come from the paper or from the definitions (BFS, the inequality eq. 6 solves),
// never from the formulas under test.
#include <gtest/gtest.h>

#include "checker/broadcast_checker.h"
#include "topology/hypercycle.h"
#include "topology/network.h"
#include "util/error.h"

using hypercast::Error;
using hypercast::Hypercycle;

TEST(Topology, MixedRadixExampleOfSec21) {
  // (231)_{3,4,2} = 23, w_1 = 1, w_2 = 2, w_3 = 8.
  const Hypercycle h = Hypercycle::fromPaperOrder({3, 4, 2}, {1, 1, 1});
  EXPECT_EQ(h.weight(1), 1u);
  EXPECT_EQ(h.weight(2), 2u);
  EXPECT_EQ(h.weight(3), 8u);
  EXPECT_EQ(h.address({1, 3, 2}), 23u);
  EXPECT_EQ(h.digits(23), (std::vector<int>{1, 3, 2}));
  EXPECT_EQ(h.nodes(), 24u);
}

TEST(Topology, Figure1Graphs) {
  // G_6^1 is the 6-ring, G_6^2 is C_6<1,2>: degree 2 / 4, diameter 3 / 2.
  const Hypercycle a = Hypercycle::fromPaperOrder({6}, {1});
  EXPECT_EQ(a.degree(), 2);
  EXPECT_EQ(a.diameter(), 3);
  const Hypercycle b = Hypercycle::fromPaperOrder({6}, {2});
  EXPECT_EQ(b.degree(), 4);
  EXPECT_EQ(b.diameter(), 2);
  // G^{1,1}_{4,3}: 12 nodes, degree 2+2, diameter 2+1.
  const Hypercycle c = Hypercycle::fromPaperOrder({4, 3}, {1, 1});
  EXPECT_EQ(c.nodes(), 12u);
  EXPECT_EQ(c.degree(), 4);
  EXPECT_EQ(c.diameter(), 3);
  // G^{1,1}_{2,5}: the m = 2 dimension is a single link: degree 1+2, diameter 1+2.
  const Hypercycle d = Hypercycle::fromPaperOrder({2, 5}, {1, 1});
  EXPECT_EQ(d.degree(), 3);
  EXPECT_EQ(d.diameter(), 3);
  // Fig. 5: G^{1,1}_{5,4}, 20 nodes, diameter 4.
  const Hypercycle e = Hypercycle::fromPaperOrder({5, 4}, {1, 1});
  EXPECT_EQ(e.nodes(), 20u);
  EXPECT_EQ(e.diameter(), 4);
}

TEST(Topology, PerDimensionConstantsMatchTheirDefinitions) {
  for (int m = 2; m <= 16; ++m) {
    for (int rho = 1; 2 * rho <= m; ++rho) {
      const Hypercycle h = Hypercycle::fromPaperOrder({m}, {rho});
      const auto& d = h.dim(1);
      // Degree: the number of distinct neighbours j +- 1..rho mod m.
      std::vector<bool> nb(static_cast<size_t>(m), false);
      for (int s = 1; s <= rho; ++s)
        nb[static_cast<size_t>(s % m)] = nb[static_cast<size_t>((m - s) % m)] = true;
      int deg = 0;
      for (bool b : nb) deg += b;
      EXPECT_EQ(d.degree(), deg) << "m=" << m << " rho=" << rho;
      EXPECT_EQ(static_cast<int>(h.ports().size()), deg);
      // Diameter: BFS eccentricity of the circulant (an independent implementation).
      const int ecc = hypercast::checker::eccentricity({{m}, {rho}}, 0);
      EXPECT_EQ(d.diameter(), ecc) << "m=" << m << " rho=" << rho;
      // a: the largest integer with m - a*rho > D*rho (the inequality of Sec. 3).
      int a = 0;
      while (m - (a + 1) * rho > ecc * rho) ++a;
      EXPECT_EQ(d.a(), a) << "m=" << m << " rho=" << rho;
      // k: the nodes strictly between D*rho and m - a*rho.
      EXPECT_EQ(d.k(), (m - a * rho) - (ecc * rho) - 1) << "m=" << m << " rho=" << rho;
      EXPECT_GE(d.k(), 0);
      EXPECT_LT(d.k(), rho);
    }
  }
}

TEST(Topology, PortsReachExactlyTheNeighboursOfEquation1) {
  const Hypercycle h = Hypercycle::fromPaperOrder({8, 6, 5}, {3, 2, 1});
  const hypercast::checker::Shape s{{5, 6, 8}, {1, 2, 3}};
  for (uint64_t x = 0; x < h.nodes(); x += 7) {
    std::set<uint64_t> seen;
    for (const auto& p : h.ports()) {
      const uint64_t y = h.neighbor(x, p);
      EXPECT_TRUE(hypercast::checker::adjacent(s, x, y));
      EXPECT_EQ(h.upstream(y, p), x);
      seen.insert(y);
    }
    EXPECT_EQ(seen.size(), h.ports().size());
    uint64_t count = 0;
    for (uint64_t y = 0; y < h.nodes(); ++y) count += hypercast::checker::adjacent(s, x, y);
    EXPECT_EQ(count, static_cast<uint64_t>(h.degree()));
  }
}

TEST(Topology, RejectsIllegalNetworks) {
  EXPECT_THROW(Hypercycle::fromPaperOrder({8}, {5}), Error);        // rho > m/2
  EXPECT_THROW(Hypercycle::fromPaperOrder({1, 4}, {1, 1}), Error);  // m < 2
  EXPECT_THROW(Hypercycle::fromPaperOrder({4, 4}, {1}), Error);     // lengths
  EXPECT_THROW(Hypercycle::fromPaperOrder({}, {}), Error);
  EXPECT_THROW(Hypercycle::fromPaperOrder({4}, {0}), Error);
  EXPECT_NO_THROW(Hypercycle::fromPaperOrder({8}, {4}));  // rho = m/2 is legal
}

// The facts come from the network's description: G^{3,2,1}_{8,6,5} (Sec. 2's
// default network) read back from its NetworkDesc has m = (8,6,5), rho =
// (3,2,1), w = (1, 5, 30), degree 6+4+2 = 12 (eq. 2), diameter 2+2+2 = 6 (eq. 4)
// and the desc's ports in the desc's order.
TEST(Topology, FactsAreDerivedFromTheNetworkDesc) {
  const hypercast::NetworkDesc net = hypercast::hypercycleNetwork({8, 6, 5}, {3, 2, 1});
  const Hypercycle h = Hypercycle::of(net);
  EXPECT_EQ(h.mList(), "8,6,5");
  EXPECT_EQ(h.rhoList(), "3,2,1");
  EXPECT_EQ(h.weight(2), 5u);
  EXPECT_EQ(h.weight(3), 30u);
  EXPECT_EQ(h.degree(), 12);
  EXPECT_EQ(h.diameter(), 6);
  EXPECT_EQ(h.name(), net.name);
  ASSERT_EQ(static_cast<int>(h.ports().size()), net.ports());
  for (size_t p = 0; p < h.ports().size(); ++p) {
    const hypercast::Port& port = h.ports()[p];
    std::vector<int> g(3, 0);
    const int m = h.dim(port.dim).m;
    g[static_cast<size_t>(port.dim - 1)] = (port.offset + m) % m;
    EXPECT_EQ(net.gens[p], g) << "port " << p;
  }
  // rho = m/2 keeps one port for +-rho: C_6<1..3> has degree 5.
  EXPECT_EQ(Hypercycle::of(hypercast::hypercycleNetwork({6}, {3})).degree(), 5);
}

TEST(Topology, OnlyAHypercycleHasHypercycleFacts) {
  EXPECT_THROW(Hypercycle::of(hypercast::torusNetwork(2, 5)), Error);
  EXPECT_THROW(Hypercycle::of(hypercast::hypercubeNetwork(3)), Error);
  // Z_8 <1,3>: a circulant, but not the C_8<1..rho> of any rho.
  EXPECT_THROW(Hypercycle::of(hypercast::cayleyNetwork({8}, {{1}, {3}, {7}, {5}})), Error);
  hypercast::NetworkDesc odd = hypercast::hypercycleNetwork({8}, {2});
  odd.gens.pop_back();  // the -2 port gone
  EXPECT_THROW(Hypercycle::of(odd), Error);
}
