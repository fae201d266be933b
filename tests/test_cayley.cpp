// Faber's universal collectives on abelian Cayley graphs (paper 003): regular
// orders (Def. 4.3) checked by a checker written here from the definition, not
// by the search; universal broadcast at ceil((P-1)/d) (Thm 4.5) and Example 4.7
// at its diameter 4; the universal exchange on Q_d at 2^(d-1) (Thm 7.13(vi));
// the forced-load bound of a transmission-optimal exchange; cosim of both on a
// hypercycle, a directed circulant and Example 4.7's graph.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>

#include "algorithm/cayley_collectives.h"
#include "algorithm/hypercube_schedules.h"
#include "algorithm/regular_order.h"
#include "checker/lower_bounds.h"
#include "checker/schedule_checker.h"
#include "emit/schedule_program.h"
#include "sched_trace.h"
#include "test_util.h"
#include "topology/hypercycle.h"

using namespace hypercast;
using Json = nlohmann::json;

namespace {

// x - g in the group, from the description's own numbers.
uint64_t minus(const NetworkDesc& net, uint64_t x, const std::vector<int>& g) {
  uint64_t out = 0, w = 1;
  for (size_t i = 0; i < net.radices.size(); ++i) {
    const int m = net.radices[i];
    const int xi = static_cast<int>(x % uint64_t(m));
    x /= uint64_t(m);
    out += uint64_t(((xi - g[i]) % m + m) % m) * w;
    w *= uint64_t(m);
  }
  return out;
}

std::vector<int> bfs(const NetworkDesc& net) {  // distances from e, along generators
  std::vector<int> dist(net.nodes(), -1);
  std::vector<uint64_t> queue = {0};
  dist[0] = 0;
  for (size_t h = 0; h < queue.size(); ++h) {
    for (const auto& g : net.gens) {
      std::vector<int> neg(g.size());
      for (size_t i = 0; i < g.size(); ++i) neg[i] = -g[i];
      const uint64_t v = minus(net, queue[h], neg);  // queue[h] + g
      if (dist[v] < 0) {
        dist[v] = dist[queue[h]] + 1;
        queue.push_back(v);
      }
    }
  }
  return dist;
}

// Def. 4.3 as docs/papers.md ("Readings of the Cayley-graph paper") reads it: g_0 = e; distances
// non-decreasing along the order; positions ad+1 .. ad+d form block a, the last may be short; in a
// block the generators are distinct and each parent g - delta lies in an
// earlier block (or is e) and is one step closer to e.
void expectRegularOrder(const NetworkDesc& net, const RegularOrderSearch& r) {
  const int d = net.ports();
  const std::vector<int> dist = bfs(net);
  ASSERT_EQ(r.order.size(), net.nodes());
  ASSERT_EQ(r.order[0], 0u);
  std::vector<uint64_t> position(net.nodes());
  for (size_t i = 0; i < r.order.size(); ++i) position[r.order[i]] = i;
  for (size_t i = 1; i < r.order.size(); ++i) {
    const uint64_t v = r.order[i];
    EXPECT_LE(dist[r.order[i - 1]], dist[v]) << "position " << i;
    const uint64_t a = (i - 1) / uint64_t(d);  // block of position i (1-based)
    const TemplateNode& t = r.nodes[v];
    ASSERT_GE(t.port, 0);
    ASSERT_LT(t.port, d);
    const uint64_t parent = minus(net, v, net.gens[size_t(t.port)]);
    EXPECT_EQ(parent, t.parent);
    EXPECT_LE(position[parent], a * uint64_t(d)) << "parent in an earlier block";
    EXPECT_EQ(dist[parent], dist[v] - 1);
    EXPECT_EQ(t.time, a + 1);  // block a is sent at time a + 1 (Thm 4.5)
  }
  for (uint64_t a = 0; a * uint64_t(d) + 1 < r.order.size(); ++a) {
    std::set<int> ports;
    uint64_t members = 0;
    for (uint64_t i = a * uint64_t(d) + 1; i <= (a + 1) * uint64_t(d) && i < r.order.size(); ++i) {
      ports.insert(r.nodes[r.order[i]].port);
      ++members;
    }
    EXPECT_EQ(ports.size(), members) << "block " << a << " repeats a generator";
  }
}

struct Named {
  std::string name;
  NetworkDesc net;
};

std::vector<Named> orderedNetworks() {
  std::vector<Named> out;
  for (int d = 2; d <= 12; ++d) out.push_back({"Q_" + std::to_string(d), hypercubeNetwork(d)});
  out.push_back({"MT(4,3)", torusNetwork(4, 3)});
  out.push_back({"MT(2,5)", torusNetwork(2, 5)});
  out.push_back({"MT(3,3)", torusNetwork(3, 3)});
  out.push_back({"MT(3,5)", torusNetwork(3, 5)});
  out.push_back({"MT(2,4)", torusNetwork(2, 4)});
  out.push_back({"G321_865", hypercycleNetwork({8, 6, 5}, {3, 2, 1})});
  out.push_back({"G22_99", hypercycleNetwork({9, 9}, {2, 2})});
  out.push_back({"G11_44", hypercycleNetwork({4, 4}, {1, 1})});
  out.push_back({"Z5<+-1>", cayleyNetwork({5}, {{1}, {-1}})});
  out.push_back({"Z7<1,3>", cayleyNetwork({7}, {{1}, {3}})});
  return out;
}

NetworkDesc hycle() { return hypercycleNetwork({4, 4}, {1, 1}); }

NetworkDesc example47() {  // Z_8 x Z_2, (+-1,0), (0,1), (+-1,1)
  return cayleyNetwork({8, 2}, {{1, 0}, {-1, 0}, {0, 1}, {1, 1}, {-1, 1}});
}

checker::ScheduleReport check(const NetworkDesc& net, const Schedule& s) {
  checker::CollectiveSpec spec;
  spec.network = net;
  spec.problem = s.problem();
  return checker::checkSchedule(spec, s.transfers);
}

}  // namespace

TEST(RegularOrder, FoundAndValidOnHypercubesToriHypercyclesAndCirculants) {
  for (const Named& n : orderedNetworks()) {
    SCOPED_TRACE(n.name);
    const RegularOrderSearch r = searchRegularOrder(PortGraph::build(n.net));
    ASSERT_EQ(r.status, RegularOrderSearch::Status::kFound);
    EXPECT_TRUE(r.regular);
    const uint64_t p = n.net.nodes(), d = uint64_t(n.net.ports());
    EXPECT_EQ(r.steps, (p - 1 + d - 1) / d);
    expectRegularOrder(n.net, r);
  }
}

TEST(RegularOrder, NoneForExample47ButAFourStepTemplate) {
  const NetworkDesc net = example47();
  const RegularOrderSearch r = searchRegularOrder(PortGraph::build(net));
  EXPECT_EQ(r.status, RegularOrderSearch::Status::kProvenNone);
  EXPECT_FALSE(r.regular);
  EXPECT_EQ(r.diameter, 4);
  EXPECT_EQ(r.bound, 3u);  // ceil(15 / 5)
  EXPECT_EQ(r.steps, 4u);
}

TEST(UniversalBroadcast, TakesCeilPMinus1OverDStepsFromARegularOrder) {
  for (const Named& n : orderedNetworks()) {
    SCOPED_TRACE(n.name);
    const PortGraph g = PortGraph::build(n.net);
    const Schedule s = cayleyUniversalBroadcast(n.net, g, searchRegularOrder(g));
    const auto r = check(n.net, s);
    for (const auto& e : r.errors) ADD_FAILURE() << e;
    ASSERT_TRUE(r.ok);
    const uint64_t p = n.net.nodes(), d = uint64_t(n.net.ports());
    EXPECT_EQ(r.steps, (p - 1 + d - 1) / d);
    EXPECT_EQ(r.transmissions, p * (p - 1));
    EXPECT_EQ(s.construction, "regular-order");
  }
  const NetworkDesc ex = example47();
  const PortGraph g = PortGraph::build(ex);
  const auto r = check(ex, cayleyUniversalBroadcast(ex, g, searchRegularOrder(g)));
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.steps, 4u);
  EXPECT_EQ(r.transmissions, 16u * 15u);
}

TEST(UniversalExchange, HypercubeTakes2ToTheDMinus1Steps) {
  for (int d = 2; d <= 6; ++d) {
    SCOPED_TRACE(d);
    const NetworkDesc net = hypercubeNetwork(d);
    const Schedule s = cayleyUniversalExchange(net, PortGraph::build(net));
    const auto r = check(net, s);
    for (const auto& e : r.errors) ADD_FAILURE() << e;
    ASSERT_TRUE(r.ok);
    EXPECT_EQ(r.steps, uint64_t{1} << (d - 1));              // Thm 7.13(vi)
    EXPECT_EQ(r.transmissions, uint64_t(d) << (2 * d - 1));  // d 2^(2d-1)
  }
}

TEST(UniversalExchange, BoundsWithTheFewestTransmissions) {
  // G^{3,2,1}_{8,6,5}: dimension 1 is C_5<1>, whose generator +1 must be used
  // once by every target with x_1 = 1 and twice by every one with x_1 = 2 on a
  // shortest path: 3 uses for each of the 8 x 6 values of the other
  // coordinates, 144 in all, above ceil(sum of distances / 12) = 64.
  struct Case {
    std::string name;
    NetworkDesc net;
    uint64_t counting;  // max(ceil(S/d), D): any schedule
    uint64_t shortest;  // with the fewest transmissions
    uint64_t reached;   // the coloured exchange
  };
  // Z_7 <1,2> (directed): targets 1..6 at distances 1,1,2,2,3,3 (S = 12, d = 2):
  // ceil(12/2) = 6; the shortest paths are unique (1; 2; 1+2; 2+2; 1+2+2;
  // 2+2+2), so generator 2 is used 0+1+1+2+2+3 = 9 times, generator 1 3 times.
  const std::vector<Case> cases = {
      {"G321_865", hypercycleNetwork({8, 6, 5}, {3, 2, 1}), 64, 144, 144},
      {"Z7<1,2>", cayleyNetwork({7}, {{1}, {2}}), 6, 9, 9},
      // G^{2,1}_{6,4}: C_4<1> moves x_1 with +-1 only: targets with x_1 = 1, 3
      // use it once, x_1 = 2 twice, 4 uses x 6 values of x_2 = 24 hops over 2
      // generators = 12.
      {"G21_64", hypercycleNetwork({6, 4}, {2, 1}), 8, 12, 12},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const uint64_t p = c.net.nodes();
    const auto b = checker::lowerBound(c.net, {Collective::kTotalExchange, p, 0, 1});
    ASSERT_TRUE(b.known);
    EXPECT_EQ(b.bound.steps, c.counting);
    EXPECT_EQ(b.steps_at_min_transmissions, c.shortest);
    const Schedule s = cayleyUniversalExchange(c.net, PortGraph::build(c.net));
    const auto r = check(c.net, s);
    ASSERT_TRUE(r.ok);
    EXPECT_EQ(r.steps, c.reached);
    EXPECT_EQ(r.transmissions, b.bound.transmissions);
  }
}

// Steps, transmissions and packets held, worked by hand from the lower bounds
// the constructions reach: multinode broadcast max(D, ceil((P-1)/d)) steps
// (ceil((P-1)/d) by a regular order, Thm 4.5) and P (P-1) transmissions; total exchange ceil(P S /
// (P d)) steps for S the sum of one node's distances (the counting bound), P S transmissions; every
// node ends holding P - 1 packets, P (P-1) in all.
//   G^{1,1}_{4,4} = C_4 x C_4: d = 4, D = 4, S = 2 x 4 x (0+1+2+1) = 32;
//     MNB max(4, ceil(15/4)) = 4 steps, 240; TE 32/4 = 8 steps, 16 x 32 = 512.
//   Z_7 <1;3> (directed, d = 2): distances 1 (1, 3), 2 (2, 4, 6), 3 (5), S = 11;
//     MNB max(3, 6/2) = 3 steps, 42; TE ceil(11/2) = 6 steps, 7 x 11 = 77.
//   Z_8 x Z_2 <(1,0);(-1,0);(0,1);(1,1);(-1,1)> (d = 5): (4,0) needs 4
//     generators (three move x by at most 3), D = 4; MNB max(4, 3) = 4, 240.
TEST(CayleyCosim, UniversalBroadcastAndExchangeInRtl) {
  struct Case {
    std::string options, collective;
    int steps, transmissions, held;
  };
  for (const Case& c :
       {Case{"--topology hypercycle --m 4,4 --rho 1,1", "multinode-broadcast", 4, 240, 240},
        Case{"--topology hypercycle --m 4,4 --rho 1,1", "total-exchange", 8, 512, 240},
        Case{"--topology cayley --group 7 --gens '1;3'", "multinode-broadcast", 3, 42, 42},
        Case{"--topology cayley --group 7 --gens '1;3'", "total-exchange", 6, 77, 42},
        Case{"--topology cayley --group 8,2 --gens '1,0;-1,0;0,1;1,1;-1,1'", "multinode-broadcast",
             4, 240, 240}}) {
    SCOPED_TRACE(c.options + " " + c.collective);
    const auto r = hctest::run(hctest::hypercast() + " simulate " + c.options + " --collective " +
                               c.collective + " --engine cosim --rtl-model wired --json");
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j.at("verdict"), "pass");
    EXPECT_EQ(j.at("match"), true);
    EXPECT_EQ(j.at("checker"), "pass");
    EXPECT_EQ(j.at("figures").at("steps"), c.steps);
    EXPECT_EQ(j.at("figures").at("transmissions"), c.transmissions);
    EXPECT_EQ(j.at("figures").at("promised"), c.held);
    EXPECT_EQ(j.at("figures").at("held"), c.held);
  }
}

// Thm 4.5's template is one for every node: at step t node x sends on port delta
// the packet of origin x - p. With store slots assigned by what a node sees, every
// node of a translation-invariant schedule compiles to the same ROM, so one ROM
// can drive them all (generate/simulate --shared-rom).
TEST(SharedRom, TranslationInvariantSchedulesGiveIdenticalRoms) {
  const NetworkDesc hc = hycle();
  const PortGraph g = PortGraph::build(hc);
  EXPECT_TRUE(
      compileSchedule(cayleyUniversalBroadcast(hc, g, searchRegularOrder(g)), g).identicalRoms());
  EXPECT_TRUE(compileSchedule(cayleyUniversalExchange(hc, g), g).identicalRoms());
  const NetworkDesc q = hypercubeNetwork(4);
  const PortGraph gq = PortGraph::build(q);
  for (Collective c : {Collective::kMultinodeBroadcast, Collective::kTotalExchange}) {
    EXPECT_TRUE(compileSchedule(hypercubeSchedule(4, c, 0), gq).identicalRoms()) << toString(c);
  }
  // A single-source collective is not translation-invariant.
  EXPECT_FALSE(compileSchedule(hypercubeSchedule(4, Collective::kScatter, 0), gq).identicalRoms());
}

TEST(SharedRom, GenerateWritesOneRomAndCosimPasses) {
  const std::string dir = "/tmp/hctest-sharedrom-" + std::to_string(::getpid());
  const auto g = hctest::run(hctest::hypercast() +
                             " generate --topology hypercycle --m 4,4 --rho 1,1 --collective "
                             "multinode-broadcast --shared-rom --json --out " +
                             dir);
  ASSERT_EQ(g.code, 0) << g.err;
  const Json j = Json::parse(g.out);
  EXPECT_EQ(j.at("shared_rom"), true);
  EXPECT_EQ(j.at("figures").at("rom_bits_total"), j.at("figures").at("rom_bits_per_node"));
  const Json m = Json::parse(hctest::slurp(dir + "/manifest.json"));
  size_t hex = 0;
  for (const auto& f : m.at("files")) hex += f.get<std::string>().rfind("rom/", 0) == 0 ? 1 : 0;
  EXPECT_EQ(hex, 1u);
  std::filesystem::remove_all(dir);
  const auto bad = hctest::run(hctest::hypercast() +
                               " generate --topology hypercube --dim 3 --collective scatter "
                               "--shared-rom --out " +
                               dir);
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("translation-invariant"), std::string::npos) << bad.err;
  EXPECT_FALSE(std::filesystem::exists(dir));
  const auto r = hctest::run(hctest::hypercast() +
                             " simulate --topology hypercycle --m 4,4 --rho 1,1 --collective "
                             "multinode-broadcast --shared-rom --engine cosim --rtl-model network "
                             "--json");
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const Json s = Json::parse(r.out);
  EXPECT_EQ(s.at("verdict"), "pass");
  EXPECT_EQ(s.at("match"), true);
  EXPECT_EQ(s.at("figures").at("held"), s.at("figures").at("promised"));
}

// `info --regular-order` prints the order it found: in the JSON, blocks by time
// of {node, port, parent}; in the text, "t=T: node<-port ...". Checked against
// the definition, with the generators written here: every node but 0 appears
// once, its parent is 0 or a node of an earlier block, node = parent + g[port]
// (in Z_7 as the user gave the generators; in Q_3 port p flips bit p, Bertsekas
// et al. Sec. 1), and the text line of block T names the same nodes and ports.
TEST(RegularOrderReport, InfoPrintsTheOrderNodeByNode) {
  struct Case {
    std::string options;
    uint64_t nodes;
    std::function<uint64_t(uint64_t, int)> step;  // parent, port -> node
  };
  const int z7[] = {1, 2, 6, 5};
  const std::vector<Case> cases = {
      {"--topology hypercube --dim 3", 8, [](uint64_t x, int p) { return x ^ (uint64_t{1} << p); }},
      {"--topology cayley --group 7 --gens \"1;2;6;5\"", 7,
       [&z7](uint64_t x, int p) { return (x + static_cast<uint64_t>(z7[p])) % 7; }}};
  for (const Case& c : cases) {
    const auto j =
        hctest::run(hctest::hypercast() + " info " + c.options + " --regular-order --json");
    ASSERT_EQ(j.code, 0) << j.err;
    const Json ro = Json::parse(j.out).at("regular_order");
    EXPECT_EQ(ro.at("status"), "found") << c.options;
    std::set<uint64_t> seen = {0};
    std::vector<std::string> lines;
    for (const Json& block : ro.at("blocks")) {
      std::set<uint64_t> now;
      std::string line = "  t=" + std::to_string(lines.size() + 1) + ":";
      for (const Json& e : block) {
        const uint64_t node = e.at("node"), parent = e.at("parent");
        const int port = e.at("port");
        EXPECT_TRUE(seen.count(parent)) << c.options << ": " << e;
        EXPECT_EQ(node, c.step(parent, port)) << c.options << ": " << e;
        EXPECT_TRUE(now.insert(node).second && !seen.count(node)) << c.options << ": " << e;
        line += " " + std::to_string(node) + "<-" + std::to_string(port);
      }
      seen.insert(now.begin(), now.end());
      lines.push_back(line);
    }
    EXPECT_EQ(seen.size(), c.nodes) << c.options;
    const auto t = hctest::run(hctest::hypercast() + " info " + c.options + " --regular-order");
    ASSERT_EQ(t.code, 0) << t.err;
    for (const std::string& line : lines) {
      EXPECT_NE(t.out.find(line + "\n"), std::string::npos) << line << "\n" << t.out;
    }
  }
}
