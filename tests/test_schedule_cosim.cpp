// Co-simulation of every hypercube collective's schedule-ROM network against the
// SystemC model on the 3-cube and the 4-cube: lock step with no divergence, the
// RTL trace re-checked here by the independent checker against Table 1, and
// every node holding what the collective promises. A fault in the model must
// make cosim fail at the first divergent cycle.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "checker/schedule_checker.h"
#include "sched_trace.h"
#include "test_util.h"

namespace fs = std::filesystem;
using namespace hypercast;

namespace {

std::string sim(int d, const std::string& c, const std::string& extra) {
  return hctest::hypercast() + " simulate --topology hypercube --dim " + std::to_string(d) +
         " --collective " + c + " " + extra;
}

class Cosim : public ::testing::TestWithParam<std::tuple<int, const char*, int>> {};

}  // namespace

TEST_P(Cosim, MatchesModelAndDeliversThePromise) {
  const auto [d, coll, root] = GetParam();
  const std::string c = coll;
  const uint64_t n = uint64_t{1} << d;
  const std::string trace = "/tmp/hctest-schedcosim-" + std::to_string(::getpid()) + ".csv";
  const std::string src = root > 0 ? " --source " + std::to_string(root) : "";
  const auto r = hctest::run(sim(d, c, "--engine cosim --json --trace " + trace + src));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);
  EXPECT_EQ(j.at("verdict"), "pass");
  EXPECT_EQ(j.at("match"), true);
  const long long steps = j.at("figures").at("steps").get<long long>();
  EXPECT_EQ(j.at("figures").at("cycles_compared").get<long long>(),
            steps + 1);  // S steps + 1 filing row
  const bool all = c == "multinode-broadcast" || c == "total-exchange";
  const long long promised = static_cast<long long>(all ? n * (n - 1) : n - 1);
  EXPECT_EQ(j.at("figures").at("promised").get<long long>(), promised);
  EXPECT_EQ(j.at("figures").at("held").get<long long>(), promised);
  EXPECT_EQ(j.at("figures").at("wrong_payloads"), 0);

  // The RTL trace against the collective's meaning and Table 1, checked here.
  const std::vector<Transfer> t = hctest::readSchedTrace(trace);
  checker::CollectiveSpec spec;
  spec.network = hypercubeNetwork(d);
  spec.problem = {parseCollective(c), n, static_cast<uint32_t>(root), 1};
  const auto rep = checker::checkSchedule(spec, t);
  EXPECT_TRUE(rep.ok) << (rep.errors.empty() ? "" : rep.errors.front());
  const uint64_t du = uint64_t(d);
  uint64_t want_steps = 0, want_tx = 0;
  if (c == "broadcast") want_steps = du, want_tx = n - 1;
  if (c == "multinode-broadcast") want_steps = (n - 1 + du - 1) / du, want_tx = n * (n - 1);
  if (c == "scatter") want_steps = (n - 1 + du - 1) / du, want_tx = du * n / 2;
  if (c == "total-exchange") want_steps = n / 2, want_tx = du * n * n / 2;
  EXPECT_EQ(rep.steps, want_steps);
  EXPECT_EQ(rep.transmissions, want_tx);
  fs::remove(trace);
}

INSTANTIATE_TEST_SUITE_P(Cubes, Cosim,
                         ::testing::Values(std::make_tuple(3, "broadcast", 0),
                                           std::make_tuple(3, "multinode-broadcast", 0),
                                           std::make_tuple(3, "scatter", 0),
                                           std::make_tuple(3, "total-exchange", 0),
                                           std::make_tuple(4, "broadcast", 9),
                                           std::make_tuple(4, "multinode-broadcast", 0),
                                           std::make_tuple(4, "scatter", 5),
                                           std::make_tuple(4, "total-exchange", 0)),
                         [](const auto& i) {
                           std::string s = "d" + std::to_string(std::get<0>(i.param)) + "_" +
                                           std::get<1>(i.param) + "_root" +
                                           std::to_string(std::get<2>(i.param));
                           for (char& ch : s) {
                             if (ch == '-') ch = '_';
                           }
                           return s;
                         });

// Each engine alone gives the same trace.
TEST(ScheduleEngines, VerilatorAndSystemcTracesAreIdentical) {
  const std::string a = "/tmp/hctest-sched-v-" + std::to_string(::getpid()) + ".csv";
  const std::string b = "/tmp/hctest-sched-s-" + std::to_string(::getpid()) + ".csv";
  const auto rv = hctest::run(sim(3, "total-exchange", "--engine verilator --json --trace " + a));
  const auto rs = hctest::run(sim(3, "total-exchange", "--engine systemc --json --trace " + b));
  ASSERT_EQ(rv.code, 0) << rv.err;
  ASSERT_EQ(rs.code, 0) << rs.err;
  EXPECT_EQ(hctest::slurp(a), hctest::slurp(b));
  EXPECT_GT(hctest::slurp(a).size(), 1000u);
  fs::remove(a);
  fs::remove(b);
}

// A model that corrupts what node 5 sends: cosim fails at cycle 1 (every node
// sends its own packet in step 1 of the multinode broadcast) and names node 5.
TEST(ScheduleEngines, CosimReportsTheFirstDivergence) {
  const auto r = hctest::run("HYPERCAST_FAULT_NODE=5 " +
                             sim(3, "multinode-broadcast", "--engine cosim --json"));
  EXPECT_EQ(r.code, 1) << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);
  EXPECT_EQ(j.at("verdict"), "fail");
  EXPECT_EQ(j.at("first_divergence").at("node"), 5) << r.out;
  EXPECT_EQ(j.at("first_divergence").at("cycle"), 1) << r.out;
  EXPECT_NE(r.err.find("diverge at cycle 1, node 5"), std::string::npos) << r.err;
}

// The harness's watchdog: a model whose node 3 is never started (test hook
// HYPERCAST_STALL_NODE) does not finish the 3-cube broadcast in its 3 rows; the
// run fails with the watchdog set and says so. Without the hook the same run
// passes with the watchdog clear.
TEST(ScheduleEngines, WatchdogFailsAStalledNode) {
  const auto r =
      hctest::run("HYPERCAST_STALL_NODE=3 " + sim(3, "broadcast", "--engine systemc --json"));
  EXPECT_EQ(r.code, 1) << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);
  EXPECT_EQ(j.at("verdict"), "fail");
  EXPECT_EQ(j.at("watchdog"), true) << r.out;
  EXPECT_EQ(j.at("finished"), false) << r.out;
  EXPECT_NE(r.err.find("watchdog: the network did not finish its schedule in"), std::string::npos)
      << r.err;
  const auto ok = hctest::run(sim(3, "broadcast", "--engine systemc --json"));
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_EQ(hctest::parseJson(ok.out).at("watchdog"), false);
  // The hook stalls the first of two repetitions only: every repetition is
  // checked, so the second's clean finish does not hide it.
  const auto twice = hctest::run("HYPERCAST_STALL_NODE=3 " +
                                 sim(3, "broadcast", "--engine systemc --json --repeat 2"));
  EXPECT_EQ(twice.code, 1) << twice.err;
  const nlohmann::json t = hctest::parseJson(twice.out);
  EXPECT_EQ(t.at("watchdog"), true) << twice.out;
  EXPECT_EQ(t.at("figures").at("repetitions"), 1) << twice.out;
  const auto ok2 = hctest::run(sim(3, "broadcast", "--engine systemc --json --repeat 2"));
  EXPECT_EQ(ok2.code, 0) << ok2.err;
  EXPECT_EQ(hctest::parseJson(ok2.out).at("figures").at("repetitions"), 2) << ok2.out;
}

TEST(ScheduleEngines, RefusesWhatItCannotRun) {
  // The wired-node model raised the RTL engines' limit from d = 7 to the
  // SystemC model's d = 10.
  auto r = hctest::run(sim(11, "scatter", "--engine cosim"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--dim 1..10"), std::string::npos) << r.err;
  r = hctest::run(sim(3, "scatter", "--engine cosim --payload-width 4"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("too narrow"), std::string::npos) << r.err;
  for (const char* opt : {"--all-sources", "--traffic uniform --rate 0.1"}) {
    r = hctest::run(sim(3, "scatter", std::string("--engine cosim ") + opt));
    EXPECT_EQ(r.code, 2) << opt;
    EXPECT_NE(r.err.find("hypercycle option"), std::string::npos) << r.err;
  }
}

// A step run as K clocks (--clocks-per-step): the RTL and the model in lock step
// for K times the rows, every promised packet held, and what crossed the links
// checked against the steps (Table 1's ceil((N-1)/d) for the multinode
// broadcast, d for the broadcast). The 3-cube's multinode broadcast at 3 clocks
// a step on the whole top with one shared ROM, its half-duplex broadcast (Faber,
// Sec. 6) at 2 on the whole top, and the 4-cube's total exchange at 4 on the
// wired nodes. A fault in node 5's model still fails the run at the first clock
// its send differs.
TEST(ScheduleEngines, StepsOfSeveralClocksMatchTheModel) {
  struct Case {
    int d;
    const char* collective;
    int clocks;
    const char* extra;
    long long steps;
  };
  const Case cases[] = {
      {3, "multinode-broadcast", 3, "--rtl-model network --shared-rom", 3},  // ceil(7/3)
      {3, "broadcast", 2, "--rtl-model network --links half-duplex", 3},
      {4, "total-exchange", 4, "--rtl-model wired", 8},  // N/2
  };
  for (const Case& c : cases) {
    const std::string what = std::string(c.collective) + " at " + std::to_string(c.clocks);
    const auto r = hctest::run(
        sim(c.d, c.collective,
            "--engine cosim --json --clocks-per-step " + std::to_string(c.clocks) + " " + c.extra));
    ASSERT_EQ(r.code, 0) << what << r.out << r.err;
    const nlohmann::json j = hctest::parseJson(r.out);
    EXPECT_EQ(j.at("verdict"), "pass") << what;
    EXPECT_EQ(j.at("match"), true) << what;
    const nlohmann::json& f = j.at("figures");
    EXPECT_EQ(f.at("steps").get<long long>(), c.steps) << what;
    EXPECT_EQ(f.at("clocks_per_step").get<long long>(), c.clocks) << what;
    EXPECT_EQ(f.at("cycles_compared").get<long long>(), c.steps * c.clocks + 1) << what;
    EXPECT_EQ(f.at("held"), f.at("promised")) << what;
  }
  const auto bad =
      hctest::run("HYPERCAST_FAULT_NODE=5 " +
                  sim(3, "multinode-broadcast", "--engine cosim --json --clocks-per-step 3"));
  EXPECT_EQ(bad.code, 1) << bad.err;
  const nlohmann::json j = hctest::parseJson(bad.out);
  EXPECT_EQ(j.at("first_divergence").at("node"), 5) << bad.out;
  EXPECT_EQ(j.at("first_divergence").at("cycle"), 1) << bad.out;
}
