// The schedule path on every topology, through the command line: the BFS
// broadcast's schedule-ROM network co-simulated (Verilated RTL against the
// SystemC model, every link every cycle) on a directed circulant, MT(2,3), a
// hypercycle, a 3x4 mesh and a hypercube, the RTL trace re-checked here against
// the collective's meaning; the wired-node and whole-top models giving
// byte-identical traces; `info` on every topology.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "checker/schedule_checker.h"
#include "sched_trace.h"
#include "test_util.h"
#include "topology/hypercycle.h"

namespace fs = std::filesystem;
using namespace hypercast;
using Json = nlohmann::json;

namespace {

struct Net {
  const char* name;
  std::string options;  // the topology's options
  NetworkDesc desc;     // the same network, for the checker
  uint64_t ecc;         // the root's eccentricity, from the definition
  uint32_t root;
};

std::vector<Net> networks() {
  return {
      {"DirectedCirculant", "--topology cayley --group 7 --gens '1;3'",
       cayleyNetwork({7}, {{1}, {3}}), 3, 2},
      {"TorusMT23", "--topology torus --n 2 --k 3", torusNetwork(2, 3), 1 + 1, 7},
      {"Hypercycle", "--topology hypercycle --m 4,3 --rho 1,1", hypercycleNetwork({4, 3}, {1, 1}),
       2 + 1, 5},
      {"Mesh3x4", "--topology mesh --dims 3,4", meshNetwork({3, 4}), 3, 4},  // (1,1)
      {"Hypercube", "--topology hypercube --dim 4", hypercubeNetwork(4), 4, 9},
  };
}

void PrintTo(const Net& n, std::ostream* os) { *os << n.name; }

std::string tmp(const std::string& what) {
  return "/tmp/hctest-netcosim-" + std::to_string(::getpid()) + "-" + what;
}

class NetworkCosim : public ::testing::TestWithParam<Net> {};

}  // namespace

TEST_P(NetworkCosim, BroadcastMatchesTheModelAndTheChecker) {
  const Net& net = GetParam();
  for (const char* model : {"network", "wired"}) {
    SCOPED_TRACE(model);
    const std::string trace = tmp(std::string(net.name) + "-" + model + ".csv");
    const auto r = hctest::run(hctest::hypercast() + " simulate " + net.options +
                               " --collective broadcast --source " + std::to_string(net.root) +
                               " --engine cosim --rtl-model " + model + " --json --trace " + trace);
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j.at("verdict"), "pass");
    EXPECT_EQ(j.at("match"), true);
    EXPECT_EQ(j.at("checker"), "pass");
    EXPECT_EQ(j.at("rtl_model"), model);
    EXPECT_EQ(j.at("figures").at("cycles_compared").get<uint64_t>(),
              net.ecc + 1);  // S steps + 1 filing row
    EXPECT_EQ(j.at("figures").at("held").get<uint64_t>(), net.desc.nodes() - 1);
    // The RTL trace, checked here against the collective's meaning.
    const std::vector<Transfer> t = hctest::readSchedTrace(trace);
    checker::CollectiveSpec spec;
    spec.network = net.desc;
    spec.problem = {Collective::kBroadcast, net.desc.nodes(), net.root, 1};
    const auto rep = checker::checkSchedule(spec, t);
    EXPECT_TRUE(rep.ok) << (rep.errors.empty() ? "" : rep.errors.front());
    EXPECT_EQ(rep.steps, net.ecc);
    EXPECT_EQ(rep.transmissions, net.desc.nodes() - 1);
  }
  const std::string a = tmp(std::string(net.name) + "-network.csv");
  const std::string b = tmp(std::string(net.name) + "-wired.csv");
  EXPECT_EQ(hctest::slurp(a), hctest::slurp(b));
  EXPECT_GT(hctest::slurp(a).size(), 40u);
  fs::remove(a);
  fs::remove(b);
}

INSTANTIATE_TEST_SUITE_P(Topologies, NetworkCosim, ::testing::ValuesIn(networks()),
                         [](const auto& i) { return std::string(i.param.name); });

// The wired-node model against the whole top on a collective with stores,
// forwarding and many packets: the 3-cube total exchange.
TEST(NetworkCosim, WiredNodesAndWholeTopGiveIdenticalTraces) {
  std::string traces[2];
  int i = 0;
  for (const char* model : {"network", "wired"}) {
    traces[i] = tmp(std::string("te-") + model + ".csv");
    const auto r = hctest::run(hctest::hypercast() +
                               " simulate --topology hypercube --dim 3 --collective total-exchange"
                               " --engine verilator --rtl-model " +
                               model + " --json --trace " + traces[i]);
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_EQ(Json::parse(r.out).at("verdict"), "pass");
    ++i;
  }
  EXPECT_EQ(hctest::slurp(traces[0]), hctest::slurp(traces[1]));
  EXPECT_GT(hctest::slurp(traces[0]).size(), 1000u);
  for (const auto& t : traces) fs::remove(t);
}

TEST(NetworkCli, InfoOnEveryTopology) {
  struct Case {
    std::string args;
    uint64_t nodes;
    int degree, diameter;
    bool directed;
  };
  for (const Case& c : {
           Case{"--topology hypercycle --m 8,6,5 --rho 3,2,1", 240, 12, 6, false},
           Case{"--topology hypercube --dim 4", 16, 4, 4, false},
           Case{"--topology torus --n 3 --k 5", 125, 6, 6, false},
           Case{"--topology cayley --group 7 --gens '1;3'", 7, 2, 3, true},
           Case{"--topology cayley --group 8,2 --gens '1,0;-1,0;0,1;1,1;-1,1'", 16, 5, 4, false},
           // Neighbours, not router ports (6): a side of 2 has no interior.
           Case{"--topology mesh --dims 3,4,2", 24, 2 + 2 + 1, 2 + 3 + 1, false},
       }) {
    SCOPED_TRACE(c.args);
    const auto r = hctest::run(hctest::hypercast() + " info " + c.args + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const Json j = Json::parse(r.out);
    const Json& f = j.at("figures");
    EXPECT_EQ(f.at("nodes").get<uint64_t>(), c.nodes);
    EXPECT_EQ(f.at("degree").get<int>(), c.degree);
    EXPECT_EQ(f.at("diameter").get<int>(), c.diameter);
    EXPECT_EQ(j.at("directed").get<bool>(), c.directed);
  }
}

TEST(NetworkCli, RefusesOtherTopologiesOptionsAndMissingConstructions) {
  struct Bad {
    std::string args, says;
  };
  for (const Bad& b : {
           Bad{"info --topology torus --n 2 --k 5 --dim 3", "--dim is a hypercube option"},
           Bad{"info --topology torus --n 2", "needs --k"},
           Bad{"info --topology cayley --group 8 --gens '2'", "do not generate"},
           Bad{"info --topology cayley --group 8,2 --gens '1'", "coordinates"},
           Bad{"info --topology mesh --dims 1,4", "at least 2"},
           Bad{"schedule --topology mesh --dims 3,4 --collective total-exchange",
               "has no total-exchange construction"},
           Bad{"simulate --topology torus --n 2 --k 5 --collective broadcast --engine systemc "
               "--rtl-model wired",
               "--rtl-model needs"},
       }) {
    SCOPED_TRACE(b.args);
    const auto r = hctest::run(hctest::hypercast() + " " + b.args);
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(b.says), std::string::npos) << r.err;
  }
}
