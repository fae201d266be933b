// One-way (half-duplex) links, Faber (paper 003), Sec. 6: a link carries one
// packet per step, whichever direction. Expected values from the paper's
// formulas: Q_d one-way multinode broadcast ceil(2(2^d-1)/d) (Thm 6.3: 3, 5,
// 8, 13, 21 for d = 2..6), universal exchange 2^(d-1) two-way (Thm 7.13(vi))
// and 2^d one-way (Thm 6.5); the checker rejects a link used both ways in one
// step and names it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "algorithm/cayley_collectives.h"
#include "algorithm/half_duplex_collectives.h"
#include "algorithm/regular_order.h"
#include "checker/half_duplex_bounds.h"
#include "checker/schedule_checker.h"
#include "test_util.h"
#include "topology/hypercycle.h"

using namespace hypercast;
using Json = nlohmann::json;

namespace {

checker::ScheduleReport check(const NetworkDesc& net, const Schedule& s, LinkMode links) {
  checker::CollectiveSpec spec;
  spec.network = net;
  spec.problem = {s.collective, net.nodes(), 0, 1};
  spec.links = links;
  return checker::checkSchedule(spec, s.transfers);
}

uint64_t oneWayBroadcastSteps(int d) {  // Thm 6.3: ceil(2 (2^d - 1) / d)
  const uint64_t p = uint64_t{1} << d;
  return (2 * (p - 1) + uint64_t(d) - 1) / uint64_t(d);
}

}  // namespace

TEST(HalfDuplexChecker, RejectsALinkUsedBothWaysInOneStep) {
  // Q_1: both nodes send their packet over the one link in step 1.
  const NetworkDesc q1 = hypercubeNetwork(1);
  Schedule s;
  s.collective = Collective::kMultinodeBroadcast;
  s.nodes = 2;
  s.transfers = {{1, 0, 1, 0, kAllNodes, 0}, {1, 1, 0, 1, kAllNodes, 0}};
  EXPECT_TRUE(check(q1, s, LinkMode::kFullDuplex).ok);
  const auto r = check(q1, s, LinkMode::kHalfDuplex);
  ASSERT_FALSE(r.ok);
  ASSERT_FALSE(r.errors.empty());
  EXPECT_NE(r.errors.front().find("half-duplex link 0-1 used both ways in step 1"),
            std::string::npos)
      << r.errors.front();
  // The same packets one after the other pass.
  s.transfers[1].step = 2;
  EXPECT_TRUE(check(q1, s, LinkMode::kHalfDuplex).ok);
  // Every full-duplex universal broadcast of Q_3 uses some link both ways.
  const NetworkDesc q3 = hypercubeNetwork(3);
  const PortGraph g = PortGraph::build(q3);
  const Schedule full = cayleyUniversalBroadcast(q3, g, searchRegularOrder(g));
  EXPECT_TRUE(check(q3, full, LinkMode::kFullDuplex).ok);
  const auto bad = check(q3, full, LinkMode::kHalfDuplex);
  ASSERT_FALSE(bad.ok);
  EXPECT_NE(bad.errors.front().find("used both ways in step 1"), std::string::npos)
      << bad.errors.front();
}

TEST(HalfDuplexBroadcast, HypercubeReachesThm63) {
  for (int d = 2; d <= 6; ++d) {
    SCOPED_TRACE(d);
    // Thm 6.3: ceil(2(P - 1)/d) on the d-cube, P = 2^d (3, 5, 8, 13, 21).
    const uint64_t thm63 = (2 * ((uint64_t{1} << d) - 1) + d - 1) / uint64_t(d);
    EXPECT_EQ(oneWayBroadcastSteps(d), thm63);
    const NetworkDesc net = hypercubeNetwork(d);
    const PortGraph g = PortGraph::build(net);
    const Schedule s = halfDuplexUniversalBroadcast(net, g, searchRegularOrder(g));
    EXPECT_EQ(s.links, LinkMode::kHalfDuplex);
    const auto r = check(net, s, LinkMode::kHalfDuplex);
    for (const auto& e : r.errors) ADD_FAILURE() << e;
    ASSERT_TRUE(r.ok);
    EXPECT_EQ(r.steps, thm63);
    const uint64_t p = net.nodes();
    EXPECT_EQ(r.transmissions, p * (p - 1));
    const auto b = checker::halfDuplexLowerBound(net, {Collective::kMultinodeBroadcast, p, 0, 1});
    ASSERT_TRUE(b.known);
    EXPECT_EQ(b.bound.steps, thm63);
  }
}

TEST(HalfDuplexExchange, HypercubeTwoWayHalfOfOneWay) {
  for (int d = 2; d <= 6; ++d) {
    SCOPED_TRACE(d);
    const NetworkDesc net = hypercubeNetwork(d);
    const PortGraph g = PortGraph::build(net);
    const uint64_t p = net.nodes();
    const auto two = check(net, cayleyUniversalExchange(net, g), LinkMode::kFullDuplex);
    ASSERT_TRUE(two.ok);
    EXPECT_EQ(two.steps, p / 2);  // Thm 7.13(vi): 2^(d-1)
    const Schedule s = halfDuplexUniversalExchange(net, g);
    const auto one = check(net, s, LinkMode::kHalfDuplex);
    for (const auto& e : one.errors) ADD_FAILURE() << e;
    ASSERT_TRUE(one.ok);
    EXPECT_EQ(one.steps, p);                                   // Thm 6.5: 2^d
    EXPECT_EQ(one.transmissions, uint64_t(d) << (2 * d - 1));  // every packet on a shortest path
    const auto b = checker::halfDuplexLowerBound(net, {Collective::kTotalExchange, p, 0, 1});
    EXPECT_EQ(b.bound.steps, p);
  }
}

// Graphs without the two classes (odd cycles, generators that are not their own
// inverses) take the full-duplex schedule doubled: valid, within twice the
// full-duplex steps, and never under the one-way counting bound.
TEST(HalfDuplexDoubling, OtherCayleyGraphs) {
  struct Case {
    std::string name;
    NetworkDesc net;
  };
  const std::vector<Case> cases = {
      {"Z5<+-1>", cayleyNetwork({5}, {{1}, {-1}})},
      {"Z7<1,3>", cayleyNetwork({7}, {{1}, {3}})},
      {"MT(2,3)", torusNetwork(2, 3)},
      {"G11_44", hypercycleNetwork({4, 4}, {1, 1})},
      {"Z2^2<e1,e2,e1+e2>", cayleyNetwork({2, 2}, {{1, 0}, {0, 1}, {1, 1}})},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const PortGraph g = PortGraph::build(c.net);
    EXPECT_TRUE(involutionClasses(g).empty());
    const uint64_t p = c.net.nodes();
    const Schedule full_b = cayleyUniversalBroadcast(c.net, g, searchRegularOrder(g));
    const Schedule full_x = cayleyUniversalExchange(c.net, g);
    for (const Schedule* full : {&full_b, &full_x}) {
      const Schedule half = full->collective == Collective::kMultinodeBroadcast
                                ? halfDuplexUniversalBroadcast(c.net, g, searchRegularOrder(g))
                                : halfDuplexUniversalExchange(c.net, g);
      const auto r = check(c.net, half, LinkMode::kHalfDuplex);
      for (const auto& e : r.errors) ADD_FAILURE() << e;
      ASSERT_TRUE(r.ok);
      EXPECT_LE(r.steps, 2 * uint64_t(full->steps));
      const auto b = checker::halfDuplexLowerBound(c.net, {full->collective, p, 0, 1});
      ASSERT_TRUE(b.known);
      EXPECT_GE(r.steps, b.bound.steps);
    }
  }
  // Z_5 <+-1> is C_5: 5 links, 20 receptions of the broadcast: ceil(20/5) = 4.
  const NetworkDesc c5 = cayleyNetwork({5}, {{1}, {-1}});
  EXPECT_EQ(checker::undirectedLinks(c5), 5u);
  EXPECT_EQ(
      checker::halfDuplexLowerBound(c5, {Collective::kMultinodeBroadcast, 5, 0, 1}).bound.steps,
      4u);
}

TEST(HalfDuplexCli, ScheduleReportsTheOneWayBound) {
  const auto r = hctest::run(hctest::hypercast() +
                             " schedule --topology hypercube --dim 5 --collective "
                             "multinode-broadcast --links half-duplex --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(r.out);
  EXPECT_EQ(j.at("links"), "half-duplex");
  EXPECT_EQ(j.at("figures").at("steps"), oneWayBroadcastSteps(5));
  EXPECT_EQ(j.at("figures").at("lower_bound").at("steps"), oneWayBroadcastSteps(5));
  EXPECT_EQ(j.at("checker"), "pass");
  const auto x = hctest::run(hctest::hypercast() +
                             " schedule --topology hypercube --dim 4 --collective total-exchange "
                             "--links half-duplex --json");
  ASSERT_EQ(x.code, 0) << x.err;
  EXPECT_EQ(Json::parse(x.out).at("figures").at("steps"), 16);
  const auto bad = hctest::run(hctest::hypercast() +
                               " schedule --topology hypercube --dim 3 --collective "
                               "multinode-broadcast --links one-way");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("half-duplex"), std::string::npos) << bad.err;
  const auto ex = hctest::run(hctest::hypercast() +
                              " export --topology hypercube --dim 3 --collective "
                              "multinode-broadcast --links half-duplex --format msccl-xml --output "
                              "/tmp/hctest-hd-export.xml");
  EXPECT_EQ(ex.code, 2);
  EXPECT_NE(ex.err.find("full-duplex"), std::string::npos) << ex.err;
}

namespace {

uint64_t choose(int n, int k) {
  uint64_t c = 1;
  for (int i = 1; i <= k; ++i) c = c * uint64_t(n - k + i) / uint64_t(i);
  return c;
}

}  // namespace

// Thm 6.3 within distance l, printed (2 sum_{i=1}^{l} C(d,i) - 2) / d: with the
// sum from i = 0 (the reading) it is 2 N_l / d, N_l = sum_{i=1}^{l}
// C(d,i) the nonzero nodes within distance l, as its proof says, and at l = d
// it is Thm 6.3's ceil(2 (2^d - 1) / d); read from i = 1 it would not be (d = 3,
// l = 3: ceil(12/3) = 4 below the 5 of the universal broadcast). Thm 7.13(ii),
// printed (sum_{i=1}^{d} C(d,i) - 1) / d: upper limit l and from i = 0, ceil(N_l / d).
// Every l of Q_2..Q_8: the cut orders whose last blocks need reordering beyond
// the last two times (Q_6 at l = 2, Q_8 at l = 3) included.
TEST(WithinDistance, HypercubesReachThm63And713ii) {
  for (int d = 2; d <= 8; ++d) {
    const NetworkDesc net = hypercubeNetwork(d);
    const PortGraph g = PortGraph::build(net);
    const RegularOrderSearch order = searchRegularOrder(g);
    ASSERT_TRUE(order.regular);
    const uint64_t p = net.nodes(), dd = uint64_t(d);
    for (int l = 1; l <= d; ++l) {
      SCOPED_TRACE("d=" + std::to_string(d) + " l=" + std::to_string(l));
      uint64_t from0 = 0, from1 = 0;
      for (int i = 0; i <= l; ++i) from0 += choose(d, i);
      for (int i = 1; i <= l; ++i) from1 += choose(d, i);
      const uint64_t one_way = (2 * from0 - 2 + dd - 1) / dd;  // printed, sum from i = 0
      const uint64_t two_way = (from0 - 1 + dd - 1) / dd;
      EXPECT_EQ(one_way, (2 * from1 + dd - 1) / dd);
      if (l == d) {
        EXPECT_EQ(one_way, oneWayBroadcastSteps(d));
      }
      for (LinkMode links : {LinkMode::kFullDuplex, LinkMode::kHalfDuplex}) {
        const Schedule s = withinDistanceBroadcast(net, g, order, l, links);
        checker::CollectiveSpec spec;
        spec.network = net;
        spec.problem = {Collective::kMultinodeBroadcast, p, 0, 1};
        spec.links = links;
        spec.within = l;
        const auto r = checker::checkSchedule(spec, s.transfers);
        for (const auto& e : r.errors) ADD_FAILURE() << e;
        ASSERT_TRUE(r.ok);
        const uint64_t want = links == LinkMode::kHalfDuplex ? one_way : two_way;
        EXPECT_EQ(r.steps, want) << toString(links);
        EXPECT_EQ(r.transmissions, p * from1);
        const auto b = checker::withinDistanceLowerBound(net, l, links);
        EXPECT_EQ(b.bound.steps, want) << toString(links);
        // Cut one packet off: the checker names the node it misses.
        std::vector<Transfer> cut = s.transfers;
        cut.pop_back();
        EXPECT_FALSE(checker::checkSchedule(spec, cut).ok);
      }
    }
  }
  const auto r = hctest::run(hctest::hypercast() +
                             " schedule --topology hypercube --dim 5 --collective "
                             "multinode-broadcast --within 2 --links half-duplex --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(r.out);
  EXPECT_EQ(j.at("within"), 2);
  EXPECT_EQ(j.at("figures").at("steps"), 6);  // ceil(2 (5 + 10) / 5)
  EXPECT_EQ(j.at("optimal"), true);
}

// The cosim on a half-duplex Q_3 (wired-node model, hc_sched_node with HD = 1)
// and the hardware's refusal of a graph whose links are not their own reverse.
// Steps by Faber's one-way bounds, worked by hand for d = 3: the multinode
// broadcast ceil(2 (2^d - 1) / d) = ceil(14/3) = 5 steps and 8 x 7 = 56
// transmissions; the total exchange 2^d = 8 steps and 8 x 12 = 96 transmissions
// (12 = 3 + 2 x 3 + 3, the sum of one node's distances); 56 packets held.
TEST(HalfDuplexCosim, HypercubeQ3WiredNodes) {
  struct Case {
    const char* collective;
    int steps, transmissions;
  };
  for (const Case& c : {Case{"multinode-broadcast", 5, 56}, Case{"total-exchange", 8, 96}}) {
    SCOPED_TRACE(c.collective);
    const auto r = hctest::run(hctest::hypercast() +
                               " simulate --topology hypercube --dim 3 --links half-duplex "
                               "--collective " +
                               c.collective + " --engine cosim --rtl-model wired --json");
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j.at("verdict"), "pass");
    EXPECT_EQ(j.at("match"), true);
    EXPECT_EQ(j.at("checker"), "pass");
    EXPECT_EQ(j.at("figures").at("steps"), c.steps);
    EXPECT_EQ(j.at("figures").at("transmissions"), c.transmissions);
    EXPECT_EQ(j.at("figures").at("promised"), 56);
    EXPECT_EQ(j.at("figures").at("held"), 56);
  }
  const std::string dir = "/tmp/hctest-hd-gen-" + std::to_string(::getpid());
  const auto bad = hctest::run(hctest::hypercast() +
                               " generate --topology hypercycle --m 4,4 --rho 1,1 --collective "
                               "multinode-broadcast --links half-duplex --out " +
                               dir);
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("its own inverse"), std::string::npos) << bad.err;
}

// The generated top's header lists err_o's causes as docs/hardware.md's port
// table does: with half-duplex links also both ends of a link driving it in
// one step; with full-duplex links the missing packet alone.
TEST(HalfDuplexRtl, TopHeaderNamesBothErrCauses) {
  const std::string dir = hctest::tempFolder("hd-header");
  ASSERT_FALSE(dir.empty());
  for (const bool hd : {true, false}) {
    const std::string out = dir + (hd ? "/hd" : "/fd");
    const auto r = hctest::run(hctest::hypercast() +
                               " generate --topology hypercube --dim 3 --collective "
                               "total-exchange --links " +
                               (hd ? "half-duplex" : "full-duplex") + " --out " + out);
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string top =
        hctest::slurp(out + "/rtl/" + (hd ? "cube3_te_hd" : "cube3_te") + "_top.v");
    EXPECT_NE(top.find("//   err_o     some row expected a packet its link did not carry"),
              std::string::npos)
        << top;
    EXPECT_EQ(top.find("ends of a half-duplex link drove it in one step") != std::string::npos, hd)
        << top;
  }
  std::filesystem::remove_all(dir);
}

// The SystemC model's half-duplex rule, through the schedule harness: a job on
// Q_1 whose two nodes send over the one link in step 1 passes with full-duplex
// links and fails with half-duplex ones, the model naming the link driven from
// both ends and the checker the step.
TEST(HalfDuplexModel, BothEndsDrivingIsAnError) {
  const std::string dir = "/tmp/hctest-hd-model-" + std::to_string(::getpid());
  std::filesystem::create_directories(dir);
  {
    std::ofstream ports(dir + "/ports.csv");
    PortGraph::build(hypercubeNetwork(1)).writeCsv(ports);
    std::ofstream sched(dir + "/schedule.csv");
    sched << "step,from,to,origin,dest,msg\n1,0,1,0,-1,0\n1,1,0,1,-1,0\n";
  }
  for (const char* links : {"full-duplex", "half-duplex"}) {
    SCOPED_TRACE(links);
    Json job = {{"format", "hypercast-job"},
                {"version", 1},
                {"kind", "schedule-network"},
                {"network",
                 {{"kind", "cayley"},
                  {"topology", "hypercube"},
                  {"name", "cube1"},
                  {"label", "1-cube"},
                  {"radices", {2}},
                  {"gens", {{1}}},
                  {"params", {{"dim", "1"}}}}},
                {"collective",
                 {{"name", "multinode-broadcast"}, {"nodes", 2}, {"root", 0}, {"messages", 1}}},
                {"steps", 1},
                {"schedule_csv", "schedule.csv"},
                {"ports_csv", "ports.csv"},
                {"engine", "systemc"},
                {"rtl_model", ""},
                {"rom_dir", ""},
                {"roms", Json::array()},
                {"rom_word_bits", 0},
                {"payload_width", 32},
                {"seed", 1},
                {"trace", ""},
                {"wave", ""},
                {"json", false},
                {"repeat", 1},
                {"construction", "test"},
                {"group_store_and_forward", false},
                {"links", links}};
    std::ofstream(dir + "/job.json") << job.dump();
    const auto r = hctest::run(std::string(HC_BIN_DIR) + "/hc-harness --job " + dir + "/job.json");
    if (std::string(links) == "full-duplex") {
      EXPECT_EQ(r.code, 0) << r.out << r.err;
    } else {
      EXPECT_EQ(r.code, 1) << r.out << r.err;
      EXPECT_NE(r.err.find("driven from both ends"), std::string::npos) << r.err;
      EXPECT_NE((r.out + r.err).find("used both ways in step 1"), std::string::npos)
          << r.out << r.err;
    }
  }
  std::filesystem::remove_all(dir);
}
