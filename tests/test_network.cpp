// The network layer (topology/network.h, topology/port_graph.h) against each
// topology's definition: neighbours from the papers' formulas, every output
// wired to exactly one input and back, degree, diameter by BFS; the BFS
// broadcast checker-valid in eccentricity steps on every topology; and the
// checker's own links refusing what the definitions refuse. Expected values come
// from the definitions written out here, never from the code under test.
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "algorithm/bfs_broadcast.h"
#include "checker/lower_bounds.h"
#include "checker/network_links.h"
#include "checker/schedule_checker.h"
#include "topology/hypercycle.h"
#include "topology/network.h"
#include "topology/port_graph.h"
#include "util/error.h"

using namespace hypercast;

namespace {

// Every present output drives one input, which names it back; no input is
// driven twice; the CSV round trip gives the same wiring.
void expectConsistent(const PortGraph& g) {
  uint64_t outs = 0, ins = 0;
  for (uint64_t x = 0; x < g.nodes(); ++x) {
    for (int p = 0; p < g.ports(); ++p) {
      const PortEnd e = g.drives(x, p);
      if (e.present()) {
        ++outs;
        ASSERT_LT(e.node, g.nodes());
        EXPECT_EQ(g.drivenBy(e.node, e.port), (PortEnd{uint32_t(x), p}));
      }
      const PortEnd u = g.drivenBy(x, p);
      if (u.present()) {
        ++ins;
        EXPECT_EQ(g.drives(u.node, u.port), (PortEnd{uint32_t(x), p}));
      }
    }
  }
  EXPECT_EQ(outs, ins);
  std::stringstream csv;
  g.writeCsv(csv);
  const PortGraph back = PortGraph::readCsv(csv, "round trip");
  ASSERT_EQ(back.nodes(), g.nodes());
  ASSERT_EQ(back.ports(), g.ports());
  for (uint64_t x = 0; x < g.nodes(); ++x) {
    for (int p = 0; p < g.ports(); ++p) {
      EXPECT_EQ(back.drives(x, p), g.drives(x, p));
      EXPECT_EQ(back.drivenBy(x, p), g.drivenBy(x, p));
    }
  }
}

// The BFS broadcast from `root`: checker-valid, steps = eccentricity (given
// here from the definition), N - 1 transmissions, and the lower bound agrees.
void expectBfsOptimal(const NetworkDesc& net, uint32_t root, uint64_t ecc) {
  SCOPED_TRACE(net.label + " root " + std::to_string(root));
  const PortGraph g = PortGraph::build(net);
  const Schedule s = bfsBroadcast(g, root);
  checker::CollectiveSpec spec{net, s.problem()};
  const checker::ScheduleReport r = checker::checkSchedule(spec, s.transfers);
  for (const auto& e : r.errors) ADD_FAILURE() << e;
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.steps, ecc);
  EXPECT_EQ(r.transmissions, net.nodes() - 1);
  const checker::KnownBound b = checker::lowerBound(net, s.problem());
  ASSERT_TRUE(b.known);
  EXPECT_EQ(b.bound.steps, ecc);
  EXPECT_EQ(b.bound.transmissions, net.nodes() - 1);
}

}  // namespace

TEST(Network, HypercubePortPIsBitP) {
  for (int d = 1; d <= 8; ++d) {
    const NetworkDesc net = hypercubeNetwork(d);
    const PortGraph g = PortGraph::build(net);
    ASSERT_EQ(g.nodes(), uint64_t{1} << d);
    ASSERT_EQ(g.ports(), d);
    EXPECT_FALSE(net.directed());
    for (uint64_t x = 0; x < g.nodes(); ++x) {
      for (int p = 0; p < d; ++p) {
        EXPECT_EQ(g.drives(x, p), (PortEnd{uint32_t(x ^ (uint64_t{1} << p)), p}));
      }
    }
    EXPECT_EQ(g.eccentricity(0), d);
    expectConsistent(g);
  }
}

// G^{rho_2,rho_1}_{m_2,m_1} against the paper's definition (Dimakopoulos &
// Dimopoulos, eq. (1)): addresses (x_2 x_1) in the mixed radix m_2 m_1, and x
// joined to every node that differs in one digit j by +-xi, 1 <= xi <= rho_j
// (mod m_j); each neighbour has one port (+m_j/2 and -m_j/2 are one node), the
// upstream of each input is a neighbour too, and the diameter is eq. (4)'s sum
// of ceil(floor(m_j/2) / rho_j).
TEST(Network, HypercycleWiringIsTheHypercyclesOwn) {
  for (int m1 = 2; m1 <= 9; ++m1) {
    for (int r1 = 1; 2 * r1 <= m1; ++r1) {
      for (const auto& [m2, r2] : std::vector<std::pair<int, int>>{{3, 1}, {6, 3}, {7, 2}}) {
        const PortGraph g = PortGraph::build(hypercycleNetwork({m2, m1}, {r2, r1}));
        ASSERT_EQ(g.nodes(), uint64_t(m1 * m2));
        for (uint64_t x = 0; x < g.nodes(); ++x) {
          const int a1 = int(x % uint64_t(m1)), a2 = int(x / uint64_t(m1));
          std::set<uint64_t> expected;
          for (int xi = 1; xi <= r1; ++xi) {
            for (int sign : {1, -1})
              expected.insert(uint64_t(a2 * m1 + (a1 + sign * xi + m1) % m1));
          }
          for (int xi = 1; xi <= r2; ++xi) {
            for (int sign : {1, -1})
              expected.insert(uint64_t(((a2 + sign * xi + m2) % m2) * m1 + a1));
          }
          std::multiset<uint64_t> out, in;
          for (int p = 0; p < g.ports(); ++p) {
            out.insert(g.drives(x, p).node);
            in.insert(g.drivenBy(x, p).node);
            EXPECT_EQ(g.drives(x, p).port, p);  // port p feeds its neighbour's input p
          }
          EXPECT_EQ(out, std::multiset<uint64_t>(expected.begin(), expected.end())) << x;
          EXPECT_EQ(in, std::multiset<uint64_t>(expected.begin(), expected.end())) << x;
        }
        EXPECT_EQ(g.eccentricity(0), (m1 / 2 + r1 - 1) / r1 + (m2 / 2 + r2 - 1) / r2);
        expectConsistent(g);
      }
    }
  }
}

TEST(Network, TorusNeighboursDegreeAndDiameter) {
  for (int n = 1; n <= 3; ++n) {
    for (int k = 3; k <= 7; ++k) {
      const NetworkDesc net = torusNetwork(n, k);
      const PortGraph g = PortGraph::build(net);
      uint64_t nodes = 1;
      for (int i = 0; i < n; ++i) nodes *= uint64_t(k);
      ASSERT_EQ(g.nodes(), nodes);
      ASSERT_EQ(g.ports(), 2 * n);  // degree 2n
      for (uint64_t x = 0; x < nodes; ++x) {
        uint64_t w = 1;
        for (int i = 0; i < n; ++i, w *= uint64_t(k)) {
          const int v = int(x / w % uint64_t(k));
          const uint64_t up = x - uint64_t(v) * w + uint64_t((v + 1) % k) * w;
          const uint64_t down = x - uint64_t(v) * w + uint64_t((v + k - 1) % k) * w;
          EXPECT_EQ(g.drives(x, 2 * i).node, up);
          EXPECT_EQ(g.drives(x, 2 * i + 1).node, down);
        }
      }
      EXPECT_EQ(g.eccentricity(0), n * (k / 2));  // diameter n floor(k/2)
      EXPECT_FALSE(net.directed());
      expectConsistent(g);
    }
  }
}

// Z_7 with +1 and +3 only: input p of x is driven from x - g_p, which is not
// the node output p of x leads to.
TEST(Network, DirectedCirculantWiresInputsFromTheirDrivers) {
  const NetworkDesc net = cayleyNetwork({7}, {{1}, {3}});
  EXPECT_TRUE(net.directed());
  const PortGraph g = PortGraph::build(net);
  for (uint32_t x = 0; x < 7; ++x) {
    EXPECT_EQ(g.drives(x, 0), (PortEnd{(x + 1) % 7, 0}));
    EXPECT_EQ(g.drives(x, 1), (PortEnd{(x + 3) % 7, 1}));
    EXPECT_EQ(g.drivenBy(x, 0), (PortEnd{(x + 6) % 7, 0}));
    EXPECT_EQ(g.drivenBy(x, 1), (PortEnd{(x + 4) % 7, 1}));
    EXPECT_NE(g.drivenBy(x, 1).node, g.drives(x, 1).node);
  }
  // Sums of 1s and 3s: 1, 3 in one step; 2, 4, 6 in two; 5 needs three.
  EXPECT_EQ(g.eccentricity(0), 3);
  expectConsistent(g);
  const checker::NetworkLinks links(net);
  EXPECT_TRUE(links.linked(2, 5));
  EXPECT_FALSE(links.linked(5, 2));  // one-way
}

TEST(Network, CayleyGroupsAreWrittenMostSignificantFirst) {
  // Z_8 x Z_2: the last coordinate is the least significant digit.
  const NetworkDesc net = cayleyNetwork({8, 2}, {{1, 0}, {-1, 0}, {0, 1}, {1, 1}, {-1, 1}});
  EXPECT_EQ(net.nodes(), 16u);
  EXPECT_FALSE(net.directed());  // (1,1) and (-1,1) are each other's inverses, (0,1) its own
  const PortGraph g = PortGraph::build(net);
  // Node (a, b) is b + 2a. Generator (1,0) adds 2; (0,1) flips bit 0.
  EXPECT_EQ(g.drives(0, 0).node, 2u);
  EXPECT_EQ(g.drives(0, 1).node, 14u);
  EXPECT_EQ(g.drives(0, 2).node, 1u);
  EXPECT_EQ(g.drives(1, 3).node, 2u);  // (0,1) + (1,1) = (1,0)
  expectConsistent(g);
}

TEST(Network, CayleyRefusesWhatIsNoNetwork) {
  EXPECT_THROW(cayleyNetwork({7}, {{0}}), Error);       // identity
  EXPECT_THROW(cayleyNetwork({7}, {{1}, {8}}), Error);  // twice modulo 7
  EXPECT_THROW(cayleyNetwork({8}, {{2}}), Error);       // does not generate Z_8
  EXPECT_THROW(cayleyNetwork({8, 2}, {{1}}), Error);    // wrong length
  EXPECT_THROW(cayleyNetwork({1}, {{1}}), Error);       // Z_1
  EXPECT_THROW(meshNetwork({1, 4}), Error);             // extent 1
  EXPECT_THROW(torusNetwork(2, 2), Error);              // k = 2 is the hypercube
  EXPECT_THROW(hypercubeNetwork(0), Error);
}

TEST(Network, MeshBoundaryPortsAreAbsent) {
  for (const auto& dims : std::vector<std::vector<int>>{{3, 4}, {2, 3, 4}, {5}}) {
    const NetworkDesc net = meshNetwork(dims);
    const PortGraph g = PortGraph::build(net);
    int diameter = 0;
    for (int x : dims) diameter += x - 1;
    for (uint64_t v = 0; v < g.nodes(); ++v) {
      // Coordinates: v = x + X*y + X*Y*z.
      uint64_t rest = v;
      int degree = 0;
      for (size_t i = 0; i < dims.size(); ++i) {
        const int c = int(rest % uint64_t(dims[i]));
        rest /= uint64_t(dims[i]);
        degree += (c > 0) + (c < dims[i] - 1);
        EXPECT_EQ(g.drives(v, int(2 * i)).present(), c < dims[i] - 1);
        EXPECT_EQ(g.drives(v, int(2 * i + 1)).present(), c > 0);
      }
      EXPECT_EQ(g.degree(v), degree);
    }
    EXPECT_EQ(g.eccentricity(0), diameter);  // from a corner
    EXPECT_FALSE(net.directed());
    expectConsistent(g);
  }
}

TEST(Network, BfsBroadcastTakesTheEccentricityOnEveryTopology) {
  for (int d = 1; d <= 6; ++d) expectBfsOptimal(hypercubeNetwork(d), 0, uint64_t(d));
  expectBfsOptimal(hypercubeNetwork(5), 19, 5);
  expectBfsOptimal(hypercycleNetwork({8, 6, 5}, {3, 2, 1}), 17,
                   2 + 2 + 2);  // eq. (4): vertex-transitive
  expectBfsOptimal(torusNetwork(2, 5), 0, 4);
  expectBfsOptimal(torusNetwork(3, 7), 100, 9);
  expectBfsOptimal(cayleyNetwork({7}, {{1}, {3}}), 4, 3);
  // Mesh: from (c_i), the farthest corner: sum of max(c_i, X_i - 1 - c_i).
  expectBfsOptimal(meshNetwork({3, 4}), 0, 5);
  expectBfsOptimal(meshNetwork({3, 4}), 4, 1 + 2);                          // (1, 1)
  expectBfsOptimal(meshNetwork({4, 3, 5}), 0 + 4 * 1 + 12 * 2, 3 + 1 + 2);  // (0, 1, 2)
}

// The checker's links come from the definitions, not the port graph: a
// broadcast that uses a link the network does not have fails.
TEST(Network, CheckerRefusesATransferAgainstTheLinkDirection) {
  const NetworkDesc net = cayleyNetwork({7}, {{1}, {3}});
  Schedule s = bfsBroadcast(PortGraph::build(net), 0);
  checker::CollectiveSpec spec{net, s.problem()};
  ASSERT_TRUE(checker::checkSchedule(spec, s.transfers).ok);
  // 0 -> 1 reversed: 1 -> 0 is no link of the directed circulant.
  for (Transfer& t : s.transfers) {
    if (t.from == 0 && t.to == 1) std::swap(t.from, t.to);
  }
  const auto r = checker::checkSchedule(spec, s.transfers);
  EXPECT_FALSE(r.ok);
  ASSERT_FALSE(r.errors.empty());
  EXPECT_NE(r.errors.front().find("not a link"), std::string::npos) << r.errors.front();
  // A mesh has no wrap-around: 0 -> 2 on a 3-wide row is no link.
  const NetworkDesc mesh = meshNetwork({3, 4});
  const checker::NetworkLinks links(mesh);
  EXPECT_TRUE(links.linked(0, 1));
  EXPECT_TRUE(links.linked(0, 3));
  EXPECT_FALSE(links.linked(0, 2));
  EXPECT_FALSE(links.linked(2, 3));  // (2,0) and (0,1)
}

// The schedule checker's links come from each topology's definition, not from
// the generator list the port graph is wired from (checker/network_links.h).
// A factory bug that wires C_7<1,2>'s ports +2/-2 as +3/-3 gives a port graph
// whose BFS broadcast uses links C_7<1,2> does not have (eq. 1: cyclic distance
// at most rho = 2): the checker must refuse it, and accept the same search on
// the network as built.
TEST(ScheduleChecker, OwnAdjacencyCatchesAFactoryWiringBug) {
  NetworkDesc net = hypercycleNetwork({7}, {2});
  const Schedule good = bfsBroadcast(PortGraph::build(net), 0);
  EXPECT_TRUE(
      checker::checkSchedule(checker::CollectiveSpec{net, good.problem()}, good.transfers).ok);
  for (auto& g : net.gens) {
    if (g[0] == 2) g[0] = 3;
    if (g[0] == 5) g[0] = 4;
  }
  const Schedule bad = bfsBroadcast(PortGraph::build(net), 0);
  int off_links = 0;  // transfers over a cyclic distance of 3, counted here
  for (const auto& t : bad.transfers) {
    const int up = ((static_cast<int>(t.to) - static_cast<int>(t.from)) % 7 + 7) % 7;
    off_links += std::min(up, 7 - up) > 2;
  }
  ASSERT_GT(off_links, 0);
  EXPECT_FALSE(
      checker::checkSchedule(checker::CollectiveSpec{net, bad.problem()}, bad.transfers).ok);
  // The same on a torus, a hypercube and a Cayley graph whose port 0 is wired
  // wrong (digit 0 first): MT(2,5)'s +e_0 as +2e_0, Q_3's bit 0 as bits 0 and
  // 1, Z_7 <1;2;6;5>'s 1 as 3. Each still generates its group, and BFS uses
  // the wrong port from node 0 in step 1.
  struct Bug {
    NetworkDesc net;
    std::vector<int> port0;
  };
  for (Bug b : {Bug{torusNetwork(2, 5), {2, 0}}, Bug{hypercubeNetwork(3), {1, 1, 0}},
                Bug{cayleyNetwork({7}, {{1}, {2}, {6}, {5}}), {3}}}) {
    const Schedule ok = bfsBroadcast(PortGraph::build(b.net), 0);
    EXPECT_TRUE(
        checker::checkSchedule(checker::CollectiveSpec{b.net, ok.problem()}, ok.transfers).ok)
        << b.net.label;
    b.net.gens[0] = b.port0;
    const Schedule s = bfsBroadcast(PortGraph::build(b.net), 0);
    EXPECT_FALSE(
        checker::checkSchedule(checker::CollectiveSpec{b.net, s.problem()}, s.transfers).ok)
        << b.net.label;
  }
}

// The checker reads a network's parameters, so parameters that do not define
// the network's node numbering, or are no numbers, are an Error (a job file's
// one-line message), never a crash or another network.
TEST(ScheduleChecker, RefusesParametersThatAreNotTheNetworks) {
  NetworkDesc cube = hypercubeNetwork(3);
  EXPECT_NO_THROW(checker::NetworkLinks{cube});
  cube.params = {{"dim", "4"}};
  EXPECT_THROW(checker::NetworkLinks{cube}, Error);
  cube.params = {{"dim", "three"}};
  EXPECT_THROW(checker::NetworkLinks{cube}, Error);
  NetworkDesc ring = hypercycleNetwork({7}, {2});
  ring.params = {{"m", "7"}};  // rho missing
  EXPECT_THROW(checker::NetworkLinks{ring}, Error);
}
