// Hypercycle networks under load: uniform broadcast traffic below and above
// saturation, with every delivery checked; 100,000-cycle runs above saturation on
// rings and rho = m/2 networks with cosim and the watchdog (no deadlock, nothing
// dropped); a hung node must trip the watchdog; the all-nodes broadcast against
// the generalized Table 1 bound; the sweep's CSV and SVG.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <vector>

#include "test_util.h"

namespace fs = std::filesystem;

namespace {

std::string sim(const std::string& net, const std::string& extra) {
  return hctest::hypercast() + " simulate " + net + " " + extra + " --json";
}

// The report of a simulate run; a run that fails fails the test.
nlohmann::json report(const std::string& net, const std::string& extra) {
  const auto r = hctest::run(sim(net, extra));
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  return hctest::parseJson(r.out);
}

}  // namespace

// The 8-ring C_8<1>: D = 4; clockwise preferential, a broadcast goes 4 hops
// clockwise and 3 counterclockwise (Algorithm 1), so the busiest port carries 4
// flits per broadcast: saturation 1/4; the even-links bound is degree/(N-1) = 2/7.
TEST(Load, BelowSaturationEverythingOfferedIsDelivered) {
  const auto r = hctest::run(sim("--m 8 --rho 1",
                                 "--traffic uniform --rate 0.05 --cycles 20000 "
                                 "--engine systemc"));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);
  EXPECT_EQ(j.at("verdict"), "pass");
  EXPECT_NEAR(j.at("figures").at("throughput").get<double>(), 0.05, 0.005);
  EXPECT_NEAR(j.at("figures").at("routing_bound_rate").get<double>(), 0.25, 1e-9);
  EXPECT_NEAR(j.at("figures").at("link_bound_rate").get<double>(), 2.0 / 7.0, 1e-6);
  // Zero-load latency is the diameter: offered in cycle c, last node reached in
  // c + D = c + 4. Queueing adds the M/D/1 wait rho / (2 (1 - rho)) per hop at
  // the busiest port's load rho = 0.05 / 0.25 = 0.2, 0.125 cycles, over D = 4
  // hops: at most about 0.5 on the mean (4.2 measured over seeds 1-3).
  EXPECT_GE(j.at("figures").at("latency_mean").get<double>(), 4.0);
  EXPECT_LE(j.at("figures").at("latency_mean").get<double>(), 4.5);
  EXPECT_EQ(j.at("figures").at("redundant"), 0);
  EXPECT_EQ(j.at("figures").at("deliveries").get<long long>(),
            j.at("figures").at("expected_deliveries").get<long long>());
  EXPECT_EQ(j.at("checker"), "pass");
}

// Above saturation for 100,000 cycles, RTL and model in lock step.
class Deadlock
    : public ::testing::TestWithParam<std::tuple<const char*, const char*, const char*, int>> {};

TEST_P(Deadlock, SaturatedRunDrainsWithCosimMatching) {
  const auto [m, rho, rate, cycles] = GetParam();
  const auto r = hctest::run(sim(std::string("--m ") + m + " --rho " + rho,
                                 std::string("--traffic uniform --rate ") + rate + " --cycles " +
                                     std::to_string(cycles) + " --engine cosim --watchdog 2000"));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);
  EXPECT_EQ(j.at("verdict"), "pass");
  EXPECT_EQ(j.at("match"), true);
  EXPECT_EQ(j.at("watchdog"), false);
  EXPECT_GE(j.at("figures").at("cycles_compared").get<long long>(), cycles);
  // Offered at or above what the busiest port can carry; what the network
  // accepted it delivered, to every node exactly once.
  EXPECT_GE(j.at("offered_rate").get<double>(),
            j.at("figures").at("routing_bound_rate").get<double>());
  EXPECT_LE(j.at("figures").at("broadcasts").get<long long>(),
            j.at("figures").at("offered_broadcasts").get<long long>());
  EXPECT_GT(j.at("figures").at("broadcasts").get<long long>(), 1000);
  EXPECT_EQ(j.at("figures").at("deliveries").get<long long>(),
            j.at("figures").at("expected_deliveries").get<long long>());
  EXPECT_EQ(j.at("figures").at("redundant"), 0);
  EXPECT_EQ(j.at("checker"), "pass");
}

std::string deadlockName(
    const ::testing::TestParamInfo<std::tuple<const char*, const char*, const char*, int>>& i) {
  std::string s = std::string("m") + std::get<0>(i.param) + "_rho" + std::get<1>(i.param);
  for (char& c : s) {
    if (c == ',') c = 'x';
  }
  return s;
}

// C_8<1,2,3,4> is K_8: each port carries one flit per broadcast, so it
// saturates only at rate 1. 20,000 cycles of injection in the default run,
// 100,000 under the long label (the same Verilated models).
std::vector<std::tuple<const char*, const char*, const char*, int>> deadlockCases(int cycles) {
  return {{"8", "1", "0.5", cycles},
          {"5", "1", "0.5", cycles},
          {"8", "4", "1", cycles},
          {"6,4", "3,2", "0.5", cycles}};
}

INSTANTIATE_TEST_SUITE_P(Networks, Deadlock, ::testing::ValuesIn(deadlockCases(20000)),
                         deadlockName);
INSTANTIATE_TEST_SUITE_P(NetworksLong, Deadlock, ::testing::ValuesIn(deadlockCases(100000)),
                         deadlockName);

// One flit per VC with one cycle per hop keeps each VC as a flit register and one
// owed bit per output, and counts credits from the output register (docs/hardware.md
// "Router microarchitecture"). Above saturation on G^{2,1}_{9,4} and on the
// default network G^{3,2,1}_{8,6,5}, whose busiest outputs arbitrate in groups:
// the routers match the model cycle for cycle and deliver everything they accepted.
namespace {

void expectOneFlitVcsCosimAboveSaturation(const std::string& net) {
  const nlohmann::json j = report(net,
                                  "--buffer-depth 1 --traffic uniform --rate 0.3 --cycles 3000 "
                                  "--engine cosim --watchdog 2000");
  EXPECT_EQ(j.at("match"), true);
  EXPECT_EQ(j.at("verdict"), "pass");
  EXPECT_EQ(j.at("watchdog"), false);
  EXPECT_GE(j.at("figures").at("cycles_compared").get<long long>(), 3000);
  EXPECT_GE(j.at("offered_rate").get<double>(),
            j.at("figures").at("routing_bound_rate").get<double>());
  EXPECT_GT(j.at("figures").at("broadcasts").get<long long>(), 1000);
  EXPECT_EQ(j.at("figures").at("deliveries").get<long long>(),
            j.at("figures").at("expected_deliveries").get<long long>());
  EXPECT_EQ(j.at("checker"), "pass");
}

}  // namespace

// G^{2,1}_{9,4} (the depth-1 router Concurrent.OtherBufferDepthsAndWidths builds).
TEST(Load, OneFlitVcsCosimAboveSaturation) {
  expectOneFlitVcsCosimAboveSaturation("--m 9,4 --rho 2,1");
}

// The default network (its depth-1 router is a model of its own: ctest label long).
TEST(LoadLong, OneFlitVcsCosimAboveSaturation) {
  expectOneFlitVcsCosimAboveSaturation("--m 8,6,5 --rho 3,2,1");
}

// Bounded waiting (--arbitration fair; docs/hardware.md "Bounded
// waiting"): above saturation, no forwarded flit and no injection waits longer than the
// bound gen/algorithm/wait_bound.h derives from the network (WaitBound tests
// work it by hand). Only where the bound is below the run's length can a run
// break it, so the rows are those networks: C_5<1> (1,453 and 2,184 cycles) for
// 100,000 cycles, K_8 (1 and 2) and G^{3,2}_{6,4} (25 and 14) for 20,000 (model
// only, to keep the suite short). On C_8<1> and G^{1,1}_{5,4} the bound is
// beyond any run (354,289 cycles; 19 million): the tests below compare the fair
// arbitration with round robin on the same traffic instead.
class FairWaits
    : public ::testing::TestWithParam<std::tuple<const char*, const char*, const char*, int>> {};

TEST_P(FairWaits, LongestWaitsStayUnderTheBound) {
  const auto [m, rho, rate, cycles] = GetParam();
  const auto r = hctest::run(sim(std::string("--m ") + m + " --rho " + rho,
                                 std::string("--traffic uniform --rate ") + rate + " --cycles " +
                                     std::to_string(cycles) +
                                     " --engine systemc --watchdog 2000 --arbitration fair"));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);
  EXPECT_EQ(j.at("verdict"), "pass");
  EXPECT_EQ(j.at("arbitration"), "fair");
  EXPECT_GE(j.at("offered_rate").get<double>(),
            j.at("figures").at("routing_bound_rate").get<double>());
  // The bound is one a run of this length could break.
  EXPECT_LT(j.at("figures").at("wait_bound_flit").get<double>(), cycles);
  EXPECT_LT(j.at("figures").at("wait_bound_injection").get<double>(), cycles);
  EXPECT_LE(j.at("figures").at("max_output_wait").get<double>(),
            j.at("figures").at("wait_bound_flit").get<double>());
  EXPECT_LE(j.at("figures").at("max_injection_wait").get<double>(),
            j.at("figures").at("wait_bound_injection").get<double>());
  EXPECT_EQ(j.at("figures").at("deliveries").get<long long>(),
            j.at("figures").at("expected_deliveries").get<long long>());
}

INSTANTIATE_TEST_SUITE_P(Networks, FairWaits,
                         ::testing::Values(std::make_tuple("5", "1", "0.5", 100000),
                                           std::make_tuple("8", "4", "1", 20000),
                                           std::make_tuple("6,4", "3,2", "0.5", 20000)),
                         [](const auto& i) {
                           std::string s = std::string("m") + std::get<0>(i.param) + "_rho" +
                                           std::get<1>(i.param);
                           for (char& c : s) {
                             if (c == ',') c = 'x';
                           }
                           return s;
                         });

namespace {

// The longest waits of one run: a forwarded flit's and an injection's.
struct Waits {
  long long flit = 0, injection = 0;
  long long longest() const { return std::max(flit, injection); }
};

Waits waitsOf(const nlohmann::json& j) {
  return {j.at("figures").at("max_output_wait").get<long long>(),
          j.at("figures").at("max_injection_wait").get<long long>()};
}

// Round robin's longest waits on the same network and traffic (same seed), from
// the SystemC model.
Waits roundRobinWaits(const std::string& net, const std::string& traffic) {
  return waitsOf(report(net, traffic + " --engine systemc --arbitration rr"));
}

}  // namespace

// On C_8<1> at 0.3 (saturation 0.25), round robin lets a forwarded flit wait for
// most of the run: input VC 0's turn on its output goes to the injection whenever
// a grant on VC 1 moved the shared pointer past it. The fair arbitration keeps
// one pointer per downstream VC; its RTL matches the model cycle for cycle, its
// longest waits stay under a measured ceiling (150..157 and 77..86 cycles over
// seeds 1-5; the proven bound, 354,289, is beyond the run), and it accepts at
// least 95% of round robin's throughput.
TEST(FairArbitration, EndsTheRoundRobinStarvationOnTheEightRing) {
  auto run = [](const char* arb, const char* engine) {
    const std::string rtl = std::string(engine) == "cosim" ? " --rtl-model wired" : "";
    const std::string opts = "--traffic uniform --rate 0.3 --cycles 20000 --engine ";
    const auto r = hctest::run(sim("--m 8 --rho 1", opts + engine + rtl + " --arbitration " + arb));
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    return hctest::parseJson(r.out);
  };
  const nlohmann::json rr = run("rr", "systemc"), fair = run("fair", "cosim");
  EXPECT_EQ(rr.at("figures").at("wait_bound_flit"), nullptr);
  EXPECT_GE(rr.at("figures").at("max_output_wait").get<long long>(), 18000);
  EXPECT_EQ(fair.at("match"), true);
  EXPECT_GE(fair.at("figures").at("cycles_compared").get<long long>(), 20000);
  EXPECT_EQ(fair.at("verdict"), "pass");
  EXPECT_LE(fair.at("figures").at("max_output_wait").get<long long>(), 320);
  EXPECT_LE(fair.at("figures").at("max_injection_wait").get<long long>(), 180);
  EXPECT_GE(fair.at("figures").at("throughput").get<double>(),
            0.95 * rr.at("figures").at("throughput").get<double>());
}

// C_8<1> for 100,000 cycles at rate 0.5 (saturation 0.25): round robin lets a
// forwarded flit and an injection wait the whole run (100,002..100,008 cycles
// measured over seeds 1-5); the fair arbitration's longest waits are 175 and 88
// cycles on every one of those seeds. Its proven bound (354,289) is beyond the
// run, so the upper check is a measured ceiling, stated as such: twice the
// measured waits. It accepts as much as round robin (0.1348 against 0.1346).
TEST(FairArbitration, EightRingWaitsAgainstRoundRobin) {
  const std::string net = "--m 8 --rho 1";
  const std::string traffic = "--traffic uniform --rate 0.5 --cycles 100000 --seed 1";
  const nlohmann::json fair =
      report(net, traffic + " --engine systemc --arbitration fair --watchdog 2000");
  EXPECT_EQ(fair.at("verdict"), "pass");
  const nlohmann::json rrj = report(net, traffic + " --engine systemc --arbitration rr");
  const Waits f = waitsOf(fair), rr = waitsOf(rrj);
  EXPECT_GE(rr.flit, 90000);    // round robin starves a forwarded flit
  EXPECT_LE(f.flit, 350);       // measured 175
  EXPECT_LE(f.injection, 180);  // measured 88
  EXPECT_GE(f.flit, 100);       // the run is above saturation: flits do queue
  EXPECT_GE(fair.at("figures").at("throughput").get<double>(),
            0.98 * rrj.at("figures").at("throughput").get<double>());
  EXPECT_EQ(fair.at("figures").at("deliveries").get<long long>(),
            fair.at("figures").at("expected_deliveries").get<long long>());
}

// G^{1,1}_{5,4}: rings in two dimensions that both carry continuations (weights
// 2), so a dimension-1 output is asked for by its own ring's two VCs, the
// dimension-2 inputs' VCs and the injection: the routers with the fair parameter
// match the model cycle for cycle under overload. The proven bound (19 million
// cycles) is beyond the run, so the waits are compared with round robin's on the
// same traffic, which starves an injection for most of the run (4,029..5,018 of
// 5,000 cycles over seeds 1-4), and held under a measured ceiling stated as
// such: a quarter of the run (the fair arbitration's longest wait measured
// 466..735 cycles over seeds 1-4).
TEST(FairArbitration, TwoDimensionsCosimUnderLoad) {
  const std::string net = "--m 5,4 --rho 1,1";
  const std::string traffic = "--traffic uniform --rate 0.5 --cycles 5000 --seed 1";
  const nlohmann::json j =
      report(net, traffic + " --engine cosim --rtl-model wired --arbitration fair");
  EXPECT_EQ(j.at("match"), true);
  EXPECT_EQ(j.at("verdict"), "pass");
  EXPECT_GE(j.at("offered_rate").get<double>(),
            j.at("figures").at("routing_bound_rate").get<double>());
  const Waits f = waitsOf(j), rr = roundRobinWaits(net, traffic);
  EXPECT_GE(rr.longest(), 4000);
  EXPECT_LE(f.longest(), 1250);
  EXPECT_LT(f.longest(), rr.longest());
}

// The fair arbitration on outputs that arbitrate in two levels: in
// G^{1,1,1}_{4,4,4} a dimension-1 output can be asked for by its ring's two
// VCs, the other dimensions' four inputs (two of them with two VCs) and the
// injection, 9 heads, so each of its two per-VC arbiters is an
// hc_group_arbiter. Above saturation with two flits per VC the routers match
// the model cycle for cycle and deliver everything they accepted.
TEST(FairArbitration, GroupedOutputsCosimUnderLoad) {
  const nlohmann::json j = report("--m 4,4,4 --rho 1,1,1",
                                  "--traffic uniform --rate 0.5 --cycles 3000 --seed 1 "
                                  "--engine cosim --rtl-model wired --watchdog 2000 "
                                  "--arbitration fair");
  EXPECT_EQ(j.at("arbitration"), "fair");
  EXPECT_EQ(j.at("match"), true);
  EXPECT_EQ(j.at("verdict"), "pass");
  EXPECT_EQ(j.at("watchdog"), false);
  EXPECT_GE(j.at("figures").at("cycles_compared").get<long long>(), 3000);
  EXPECT_GE(j.at("offered_rate").get<double>(),
            j.at("figures").at("routing_bound_rate").get<double>());
  EXPECT_GT(j.at("figures").at("broadcasts").get<long long>(), 500);
  EXPECT_EQ(j.at("figures").at("deliveries").get<long long>(),
            j.at("figures").at("expected_deliveries").get<long long>());
}

// The two-cycle hop (--hop-cycles 2, docs/hardware.md "Two-cycle hop") under
// overload with the fair arbitration: RTL and model in lock step, nothing lost.
// On the 8-ring (VC 1 after the dateline) and on G^{1,1}_{5,4} (two ring
// dimensions) the proven bounds for h = 2 (708,579 and 38 million cycles) are
// beyond the run: round robin on the same traffic starves a flit or an
// injection for most of the 10,000 cycles (8,532..10,036 measured over seeds
// 1-5), and the fair arbitration's longest wait stays under a measured ceiling
// stated as such (the 8-ring: 350 and 177 cycles on every seed, ceiling 700; the
// torus: 1,200..1,372, ceiling a quarter of the run).
TEST(FairArbitration, TwoCycleHopCosimUnderLoadAgainstRoundRobin) {
  struct Case {
    const char* net;
    long long ceiling;
  };
  for (const Case& c : {Case{"--m 8 --rho 1", 700}, Case{"--m 5,4 --rho 1,1", 2500}}) {
    const std::string traffic =
        "--traffic uniform --rate 0.5 --cycles 10000 --seed 1 --hop-cycles 2";
    const nlohmann::json j =
        report(c.net, traffic + " --engine cosim --rtl-model wired --arbitration fair");
    EXPECT_EQ(j.at("match"), true) << c.net;
    EXPECT_EQ(j.at("verdict"), "pass") << c.net;
    EXPECT_EQ(j.at("hop_cycles"), 2);
    EXPECT_GE(j.at("figures").at("cycles_compared").get<long long>(), 10000);
    EXPECT_GE(j.at("offered_rate").get<double>(),
              j.at("figures").at("routing_bound_rate").get<double>());
    EXPECT_GT(j.at("figures").at("broadcasts").get<long long>(), 500) << c.net;
    EXPECT_EQ(j.at("figures").at("deliveries").get<long long>(),
              j.at("figures").at("expected_deliveries").get<long long>());
    const Waits f = waitsOf(j), rr = roundRobinWaits(c.net, traffic);
    EXPECT_GE(rr.longest(), 8000) << c.net;
    EXPECT_LE(f.longest(), c.ceiling) << c.net;
  }
}

// C_5<1> with two cycles per hop, 100,000 cycles above saturation: the longest
// waits within the bound for h = 2 (2,907 and 4,369 cycles, worked by hand in
// test_router_model's WaitBound.TwoCycleHopByHand). Below saturation the
// zero-load latency is 2 D = 4 cycles.
TEST(FairArbitration, TwoCycleHopBoundOnTheFiveRing) {
  const nlohmann::json j = report("--m 5 --rho 1",
                                  "--traffic uniform --rate 0.5 --cycles 100000 --engine systemc "
                                  "--arbitration fair --hop-cycles 2 --watchdog 2000");
  EXPECT_EQ(j.at("verdict"), "pass");
  EXPECT_EQ(j.at("figures").at("wait_bound_flit").get<double>(), 2907);
  EXPECT_EQ(j.at("figures").at("wait_bound_injection").get<double>(), 4369);
  EXPECT_LE(j.at("figures").at("max_output_wait").get<double>(), 2907);
  EXPECT_LE(j.at("figures").at("max_injection_wait").get<double>(), 4369);
  const nlohmann::json k =
      report("--m 5 --rho 1",
             "--traffic uniform --rate 0.02 --cycles 20000 --engine systemc --hop-cycles 2");
  // Queueing at rate 0.02: each port carries at most 2 x 0.02 flits a cycle, each
  // holding it h = 2 cycles, rho <= 0.08; the M/D/1 wait rho h / (2 (1 - rho))
  // is under 0.09 cycles per hop, under 0.2 over D = 2 hops (4.07 measured).
  EXPECT_GE(k.at("figures").at("latency_mean").get<double>(), 4.0);
  EXPECT_LE(k.at("figures").at("latency_mean").get<double>(), 4.25);
}

TEST(FairArbitration, UnknownArbitrationIsRefusedInOneLine) {
  const std::pair<const char*, const char*> cases[] = {
      {" simulate --m 8 --rho 1 --source 0 --arbitration fifo",
       "hypercast: --arbitration must be rr, fair or epoch, got 'fifo'\n"},
      {" generate --m 8 --rho 1 --arbitration RR --out /tmp/hc-never-written",
       "hypercast: --arbitration must be rr, fair or epoch, got 'RR'\n"},
      {" simulate --topology hypercube --dim 3 --collective broadcast --arbitration fair",
       "hypercast: --arbitration is a hypercycle option; a collective's schedule network runs "
       "its fixed schedule\n"}};
  for (const auto& c : cases) {
    const auto r = hctest::run(hctest::hypercast() + c.first);
    EXPECT_EQ(r.code, 2) << c.first;
    EXPECT_EQ(r.err, c.second) << c.first;
  }
  EXPECT_FALSE(fs::exists("/tmp/hc-never-written"));
}

// Admission by epochs (--arbitration epoch, the default; docs/hardware.md
// "Bounded waiting"): the bound of gen/algorithm/wait_bound.h is polynomial in
// the number of nodes and below the run's length on every load network: C_8<1>
// and K_8 1,343 / 1,794 cycles (flit / injection, quota 4; worked by hand in
// WaitBound.EpochsByHand), C_5<1> 479 / 642, G^{3,2}_{6,4} 13,247 / 17,666, and
// with two cycles per hop on C_8<1> 2,016 / 2,691. Above saturation (SystemC
// model), for more cycles than the bound: no wait beyond it, everything
// accepted delivered, and at least 98% of round robin's throughput on the same
// traffic.
using EpochCase = std::tuple<const char*, const char*, const char*, int, const char*>;
class EpochWaits : public ::testing::TestWithParam<EpochCase> {};

TEST_P(EpochWaits, LongestWaitsStayUnderThePolynomialBound) {
  const auto [m, rho, rate, cycles, hop] = GetParam();
  const std::string net = std::string("--m ") + m + " --rho " + rho;
  const std::string traffic = std::string("--traffic uniform --rate ") + rate + " --cycles " +
                              std::to_string(cycles) + " --hop-cycles " + hop +
                              " --engine systemc --watchdog 2000";
  const nlohmann::json j = report(net, traffic);
  EXPECT_EQ(j.at("verdict"), "pass");
  EXPECT_EQ(j.at("arbitration"), "epoch");  // the default
  EXPECT_GE(j.at("offered_rate").get<double>(),
            j.at("figures").at("routing_bound_rate").get<double>());
  const double flit = j.at("figures").at("wait_bound_flit").get<double>();
  const double inj = j.at("figures").at("wait_bound_injection").get<double>();
  EXPECT_LT(flit, cycles);
  EXPECT_LT(inj, cycles);
  EXPECT_LE(j.at("figures").at("max_output_wait").get<double>(), flit);
  EXPECT_LE(j.at("figures").at("max_injection_wait").get<double>(), inj);
  EXPECT_EQ(j.at("figures").at("deliveries").get<long long>(),
            j.at("figures").at("expected_deliveries").get<long long>());
  const nlohmann::json rr = report(net, traffic + " --arbitration rr");
  EXPECT_GE(j.at("figures").at("throughput").get<double>(),
            0.98 * rr.at("figures").at("throughput").get<double>());
}

// Runs of `cycles` (20,000 in the default run, above G^{3,2}_{6,4}'s bound);
// K_8, the slowest to simulate, for a quarter of that (above its bound, 1,794).
std::vector<EpochCase> epochCases(int cycles) {
  return {{"8", "1", "0.5", cycles, "1"},
          {"5", "1", "0.5", cycles, "1"},
          {"8", "4", "1", cycles / 4, "1"},
          {"6,4", "3,2", "0.5", cycles, "1"},
          {"8", "1", "0.5", cycles, "2"}};
}

std::string epochName(const ::testing::TestParamInfo<EpochCase>& i) {
  std::string s = std::string("m") + std::get<0>(i.param) + "_rho" + std::get<1>(i.param) + "_hop" +
                  std::get<4>(i.param);
  for (char& c : s) {
    if (c == ',') c = 'x';
  }
  return s;
}

INSTANTIATE_TEST_SUITE_P(Networks, EpochWaits, ::testing::ValuesIn(epochCases(20000)), epochName);

// 100,000 cycles on the load networks and on G^{2,2}_{9,9} (81 nodes, bound
// 155,519 / 207,362: the run checks the waits against it without being able
// to reach it), each against round robin's throughput on the same traffic.
TEST(EpochWaitsLong, HundredThousandCyclesOnTheLoadNetworks) {
  std::vector<std::pair<std::string, std::string>> runs;
  for (const auto& c : epochCases(100000)) {
    runs.emplace_back(std::string("--m ") + std::get<0>(c) + " --rho " + std::get<1>(c),
                      std::string("--traffic uniform --rate ") + std::get<2>(c) +
                          " --cycles 100000 --hop-cycles " + std::get<4>(c));
  }
  runs.emplace_back("--m 9,9 --rho 2,2",
                    "--traffic uniform --rate 0.4 --cycles 100000 --allow-large");
  for (const auto& [net, traffic] : runs) {
    const std::string opts = traffic + " --engine systemc --watchdog 2000 --arbitration ";
    const nlohmann::json j = report(net, opts + "epoch"), rr = report(net, opts + "rr");
    EXPECT_EQ(j.at("verdict"), "pass") << net;
    EXPECT_LE(j.at("figures").at("max_output_wait").get<double>(),
              j.at("figures").at("wait_bound_flit").get<double>())
        << net;
    EXPECT_LE(j.at("figures").at("max_injection_wait").get<double>(),
              j.at("figures").at("wait_bound_injection").get<double>())
        << net;
    EXPECT_GE(j.at("figures").at("throughput").get<double>(),
              0.98 * rr.at("figures").at("throughput").get<double>())
        << net;
  }
}

// Above saturation the quotas bind and the head epoch moves every few cycles:
// the RTL matches the model cycle for cycle, on C_15<1> with each router
// Verilated (the harness keeping the top's head epoch as hw/hc_epoch_head.v
// does) and on G^{2,1,1}_{5,4,3} whole (the generated top's hc_epoch_head);
// the models are test_cosim's Ring15 and MixedRadices.
TEST(EpochArbitration, CosimUnderLoad) {
  for (const char* net : {"--m 15 --rho 1 --rtl-model wired", "--m 5,4,3 --rho 2,1,1"}) {
    const nlohmann::json j = report(net,
                                    "--traffic uniform --rate 0.5 --cycles 3000 --seed 1 "
                                    "--hop-cycles 1 --engine cosim --watchdog 2000");
    EXPECT_EQ(j.at("arbitration"), "epoch") << net;
    EXPECT_EQ(j.at("match"), true) << net;
    EXPECT_EQ(j.at("verdict"), "pass") << net;
    EXPECT_GE(j.at("offered_rate").get<double>(),
              j.at("figures").at("routing_bound_rate").get<double>())
        << net;
    EXPECT_GE(j.at("figures").at("cycles_compared").get<long long>(), 3000) << net;
    EXPECT_LE(j.at("figures").at("max_output_wait").get<double>(),
              j.at("figures").at("wait_bound_flit").get<double>())
        << net;
  }
}

// With the epoch arbitration the injection is outside the outputs' arbiters,
// and an output arbitrates in two levels (hc_group_arbiter) when more than 4
// input VCs can ask for it (with rr and fair, more than 8 heads). On
// G^{1,1,1}_{4,4,4} three outputs group instead of one (test_router_model's
// GroupedArbitration.TheInjectionGoingLastIsNotCounted has the count); on
// G^{2,2}_{9,9} the four outputs of dimension 1. Above saturation each router
// matches the model cycle for cycle.
TEST(EpochArbitration, OutputsGroupByTheirInputVcsCosimUnderLoad) {
  for (const char* net : {"--m 4,4,4 --rho 1,1,1", "--m 9,9 --rho 2,2"}) {
    const nlohmann::json j = report(net,
                                    "--traffic uniform --rate 0.5 --cycles 2000 --seed 1 "
                                    "--engine cosim --rtl-model wired --watchdog 2000");
    EXPECT_EQ(j.at("arbitration"), "epoch") << net;
    EXPECT_EQ(j.at("match"), true) << net;
    EXPECT_EQ(j.at("verdict"), "pass") << net;
    EXPECT_GE(j.at("figures").at("cycles_compared").get<long long>(), 2000) << net;
    EXPECT_GE(j.at("offered_rate").get<double>(),
              j.at("figures").at("routing_bound_rate").get<double>())
        << net;
  }
}

// The injection goes last (the default arbitration): a flit in the network is
// never held up by one entering it, so a ring's chains of buffers drain at the
// link rate and the network accepts what its busiest port allows. C_8<1>:
// Algorithm 1 (clockwise preference) sends each broadcast 4 hops clockwise and
// 3 counterclockwise, so each clockwise link carries 4 copies per broadcast
// rate r of a node: r <= 1/4. C_4<1>: 2 hops clockwise, 1 counterclockwise:
// r <= 1/2. Offered at and above those bounds, both networks accept within 2%
// of them (round robin, which the injection joins as one more requester,
// accepts 0.135 on C_8<1>, and C_4<1> at 0.5 settles at 0.376 from seed 1).
TEST(EpochArbitration, InjectionLastReachesTheBusiestPortBound) {
  struct Case {
    const char* net;
    const char* rate;
    double bound;
  };
  for (const Case& c : {Case{"--m 8 --rho 1", "0.5", 0.25}, Case{"--m 4 --rho 1", "0.5", 0.5}}) {
    const nlohmann::json j = report(c.net, std::string("--traffic uniform --rate ") + c.rate +
                                               " --cycles 5000 --seed 1 --engine systemc");
    EXPECT_EQ(j.at("arbitration"), "epoch") << c.net;
    EXPECT_EQ(j.at("verdict"), "pass") << c.net;
    EXPECT_NEAR(j.at("figures").at("routing_bound_rate").get<double>(), c.bound, 1e-9) << c.net;
    EXPECT_GE(j.at("figures").at("throughput").get<double>(), 0.98 * c.bound) << c.net;
  }
}

// The quota only with epochs, and in range.
TEST(EpochArbitration, BadQuotaIsRefusedInOneLine) {
  for (const char* cmd :
       {" simulate --m 8 --rho 1 --source 0 --arbitration rr --epoch-quota 4",
        " simulate --m 8 --rho 1 --source 0 --epoch-quota 0",
        " generate --m 8 --rho 1 --epoch-quota 2000000 --out /tmp/hc-never-written"}) {
    const auto r = hctest::run(hctest::hypercast() + cmd);
    EXPECT_EQ(r.code, 2) << cmd;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << cmd << ": " << r.err;
    EXPECT_NE(r.err.find("epoch-quota"), std::string::npos) << cmd << ": " << r.err;
  }
  EXPECT_FALSE(fs::exists("/tmp/hc-never-written"));
}

TEST(Load, WatchdogFailsAHungNetwork) {
  const auto r =
      hctest::run("HYPERCAST_STALL_NODE=3 " + sim("--m 8 --rho 1",
                                                  "--traffic uniform --rate 0.05 --cycles 20000 "
                                                  "--engine systemc --watchdog 500"));
  EXPECT_EQ(r.code, 1) << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);
  EXPECT_EQ(j.at("watchdog"), true);
  EXPECT_EQ(j.at("verdict"), "fail");
  EXPECT_LT(j.at("figures").at("cycles").get<long long>(), 2000);
}

// A test hook naming no node of the network is refused before simulate prints
// anything: exit 2, one line, stdout empty (router and schedule networks).
TEST(Load, TestHookOutsideTheNetworkIsRefusedFirst) {
  const std::pair<std::string, std::string> cases[] = {
      {"HYPERCAST_FAULT_NODE=99 " + hctest::hypercast() +
           " simulate --m 8 --rho 1 --source 0 --engine systemc",
       "hypercast: HYPERCAST_FAULT_NODE '99' is not in 0..7\n"},
      {"HYPERCAST_STRAY_NODE=8 " + hctest::hypercast() +
           " simulate --m 8 --rho 1 --source 0 --engine systemc",
       "hypercast: HYPERCAST_STRAY_NODE '8' is not in 0..7\n"},
      {"HYPERCAST_STALL_NODE=9 " + hctest::hypercast() +
           " simulate --topology hypercube --dim 3 --collective broadcast --engine systemc",
       "hypercast: HYPERCAST_STALL_NODE '9' is not in 0..7\n"}};
  for (const auto& [cmd, err] : cases) {
    const auto r = hctest::run(cmd);
    EXPECT_EQ(r.code, 2) << cmd;
    EXPECT_EQ(r.out, "") << cmd;
    EXPECT_EQ(r.err, err) << cmd;
  }
}

// A run that completes with a flit left in the network fails and names the
// node: the test hook HYPERCAST_STRAY_NODE puts a flit of no broadcast into
// node 5's input buffer as the run ends; without it the same run passes.
TEST(Load, AFlitLeftInTheNetworkFailsTheRun) {
  const std::string run = sim("--m 8 --rho 1", "--source 0 --engine systemc");
  const auto r = hctest::run("HYPERCAST_STRAY_NODE=5 " + run);
  EXPECT_EQ(r.code, 1) << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);
  EXPECT_EQ(j.at("verdict"), "fail");
  EXPECT_EQ(j.at("stopped_by"), "completed");
  EXPECT_EQ(j.at("left_in_network"), "node 5 holds 1 flit 8 cycles after the run's last delivery")
      << r.out;
  const auto ok = hctest::run(run);
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_FALSE(hctest::parseJson(ok.out).contains("left_in_network")) << ok.out;
}

// Every node broadcasting in the same cycle on the default network G^{3,2,1}_{8,6,5}
// (N = 240, degree 12): Table 1's ceil((N-1)/degree) generalized is 20 cycles.
TEST(Load, AllNodesAtOnceAgainstTheBound) {
  const auto r = hctest::run(sim("", "--all-sources --engine systemc"));
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);
  EXPECT_EQ(j.at("figures").at("lower_bound_cycles"), 20);
  const long long busiest = j.at("figures").at("routing_bound_cycles").get<long long>();
  EXPECT_GE(busiest, 20);
  EXPECT_GE(j.at("figures").at("completion_cycles").get<long long>(), busiest);
  // From above, a measured ceiling stated as such (not a proof): 192 cycles
  // measured, twice the busiest port's 96 flits, with round robin and with the
  // fair arbitration alike; a run slower than 2 x busiest + D fails.
  EXPECT_LE(j.at("figures").at("completion_cycles").get<long long>(),
            2 * busiest + j.at("figures").at("diameter").get<long long>());
}

namespace {

// The SVG's curves against the CSV, through the plot's own axis: the latency
// grid lines are labelled 1, 10, 100, ... on a log scale, so a latency L is
// drawn at y(1) + (y(10) - y(1)) log10(L). Every circle of the mean curve
// (fill #1f4e9c) and of the 99th-percentile curve (#2a9d3a) must sit there for
// its CSV row, the polyline must pass through the circles, and, y growing
// downwards, no p99 point lies below its mean point.
void expectCurvesFollowTheCsv(const std::string& svg, const std::string& csv_text) {
  std::map<long, double> grid;  // label -> y
  const std::regex line(
      R"re(<line x1="[0-9.]+" y1="([0-9.]+)" x2="[0-9.]+" y2="[0-9.]+" stroke="#ddd"/>\n<text [^>]*text-anchor="end">([0-9]+)</text>)re");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), line); it != std::sregex_iterator();
       ++it) {
    grid[std::stol((*it)[2])] = std::stod((*it)[1]);
  }
  ASSERT_TRUE(grid.count(1) && grid.count(10)) << svg;
  const double y1 = grid.at(1), decade = grid.at(10) - y1;
  std::istringstream csv(csv_text);
  std::string row;
  std::getline(csv, row);
  std::vector<double> mean, p99;
  while (std::getline(csv, row)) {
    std::vector<std::string> cells;
    std::stringstream ss(row);
    for (std::string c; std::getline(ss, c, ',');) cells.push_back(c);
    ASSERT_GE(cells.size(), 4u) << row;
    if (cells[2].empty()) continue;  // no latency: not drawn
    mean.push_back(std::stod(cells[2]));
    p99.push_back(std::stod(cells[3]));
  }
  ASSERT_FALSE(mean.empty());
  const char* colors[2] = {"#1f4e9c", "#2a9d3a"};
  std::vector<double> drawn[2];
  for (int c = 0; c < 2; ++c) {
    const std::vector<double>& want = c ? p99 : mean;
    const std::regex circle(
        std::string(R"re(<circle cx="([0-9.]+)" cy="([0-9.]+)" r="3" fill=")re") + colors[c] +
        "\"");
    std::string points;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), circle);
         it != std::sregex_iterator(); ++it) {
      drawn[c].push_back(std::stod((*it)[2]));
      points += std::string((*it)[1]) + "," + std::string((*it)[2]) + " ";
    }
    ASSERT_EQ(drawn[c].size(), want.size()) << colors[c];
    for (size_t i = 0; i < want.size(); ++i) {
      EXPECT_NEAR(drawn[c][i], y1 + decade * std::log10(std::max(1.0, want[i])), 0.11)
          << colors[c] << " point " << i << ": latency " << want[i];
    }
    EXPECT_NE(svg.find(std::string("stroke=\"") + colors[c] + "\" stroke-width=\"2\" points=\"" +
                       points + "\""),
              std::string::npos)
        << colors[c] << ": the polyline is not " << points;
  }
  for (size_t i = 0; i < drawn[0].size(); ++i) {
    EXPECT_LE(drawn[1][i], drawn[0][i] + 0.11) << "p99 drawn below the mean at point " << i;
  }
}

}  // namespace

TEST(Load, SweepWritesCsvAndSvg) {
  const std::string dir = "/tmp/hctest-sweep-" + std::to_string(::getpid());
  fs::remove_all(dir);
  const auto r = hctest::run(hctest::hypercast() +
                             " sweep --m 8 --rho 1 --points 4 --cycles 3000 "
                             "--out " +
                             dir);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  std::istringstream csv(hctest::slurp(dir + "/load_latency.csv"));
  std::string line;
  std::getline(csv, line);
  EXPECT_EQ(line.rfind("offered,accepted,latency_mean,latency_p99", 0), 0u);
  int rows = 0;
  while (std::getline(csv, line)) {
    ++rows;
    EXPECT_EQ(line.substr(line.rfind(',') + 1), "pass") << line;
  }
  EXPECT_EQ(rows, 4);
  const std::string svg = hctest::slurp(dir + "/load_latency.svg");
  expectCurvesFollowTheCsv(svg, hctest::slurp(dir + "/load_latency.csv"));
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find("saturation, busiest port: 0.25"), std::string::npos);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  EXPECT_EQ(hctest::run("python3 -c \"import xml.dom.minidom,sys; "
                        "xml.dom.minidom.parse(sys.argv[1])\" " +
                        dir + "/load_latency.svg")
                .code,
            0);
  fs::remove_all(dir);
}

// A sweep whose run fails says why on stderr and in its JSON point, and draws
// the point hollow in red: the test hook HYPERCAST_FAULT_NODE corrupts what
// node 0's router sends.
TEST(Load, SweepSaysWhyAPointFailed) {
  const std::string dir = hctest::tempFolder("sweep-fail") + "/out";
  const auto r = hctest::run("HYPERCAST_FAULT_NODE=0 " + hctest::hypercast() +
                             " sweep --m 8 --rho 1 --rates 0.1 --cycles 300 --json --out " + dir);
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.err.find("sweep: rate 0.1 failed: "), std::string::npos) << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);
  const nlohmann::json& pt = j.at("points").at(0);
  EXPECT_EQ(pt.at("verdict"), "fail");
  ASSERT_TRUE(pt.contains("failure")) << r.out;
  EXPECT_NE(r.err.find(pt.at("failure").get<std::string>()), std::string::npos) << r.err;
  const std::string svg = hctest::slurp(dir + "/load_latency.svg");
  EXPECT_NE(svg.find("fill=\"white\" stroke=\"#c00\""), std::string::npos) << svg;
  EXPECT_NE(svg.find(">failed run</text>"), std::string::npos);
  fs::remove_all(fs::path(dir).parent_path());
}

// A run that cannot be made (here: the model cache is a file) ends the sweep
// with its message, exit 2 and nothing written, not as a failed point.
TEST(Load, SweepStopsWhenARunCannotBeMade) {
  const std::string tmp = hctest::tempFolder("sweep-nocache");
  std::ofstream(tmp + "/cachefile") << "x";
  const auto r = hctest::run("HYPERCAST_CACHE=" + tmp + "/cachefile " + hctest::hypercast() +
                             " sweep --m 8 --rho 1 --points 2 --cycles 200 --engine cosim --out " +
                             tmp + "/o");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err.rfind("hypercast: sweep: the run at rate ", 0), 0u) << r.err;
  EXPECT_FALSE(fs::exists(tmp + "/o"));
  fs::remove_all(tmp);
}

// A run that ends by a signal (here: killed at its CPU limit), or with an
// internal error (here: the harness out of memory), ends the sweep as an
// internal error (exit 3) naming the rate, nothing written.
TEST(Load, SweepStopsWhenARunCrashes) {
  const std::string tmp = hctest::tempFolder("sweep-crash");
  struct Case {
    const char *limit, *net, *cycles, *said;
  };
  for (const Case& c :
       {Case{"ulimit -t 1", "8,8", "1000000", "sweep: the run at rate 0.01 crashed (killed by "},
        // Out of memory: the harness's bad_alloc ("failed: internal error:
        // simulation harness: std::bad_alloc"), or, where memory runs out
        // outside its reach, a crash: either ends the sweep as exit 3.
        Case{"ulimit -v 300000", "16,16", "10000", "sweep: the run at rate 0.01 "}}) {
    const auto r = hctest::run(std::string(c.limit) + " && " + hctest::hypercast() + " sweep --m " +
                               c.net + " --rho 2,2 --engine systemc --rates 0.01 " + "--cycles " +
                               c.cycles + " --out " + tmp + "/o");
    EXPECT_EQ(r.code, 3) << c.limit << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind(std::string("hypercast: internal error: ") + c.said, 0), 0u) << r.err;
    EXPECT_FALSE(fs::exists(tmp + "/o")) << c.limit;
  }
  fs::remove_all(tmp);
}

// --rates runs in ascending order and refuses a rate given twice.
TEST(Load, SweepRatesAscendOnce) {
  const std::string dir = hctest::tempFolder("sweep-order") + "/out/";
  auto r = hctest::run(hctest::hypercast() +
                       " sweep --m 8 --rho 1 --rates 0.2,0.1,0.1 --cycles 200 --out " + dir);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "hypercast: --rates lists 0.1 twice\n");
  r = hctest::run(hctest::hypercast() +
                  " sweep --m 8 --rho 1 --rates 0.1000001,0.1 --cycles 200 --out " + dir);
  EXPECT_EQ(r.err, "hypercast: --rates lists 0.1 twice\n");  // one rate at 6 digits
  r = hctest::run(hctest::hypercast() +
                  " sweep --m 8 --rho 1 --rates 0.2,0.1 --cycles 200 --json "
                  "--quiet --out " +
                  dir);
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);
  EXPECT_EQ(j.at("points").at(0).at("offered"), 0.1);
  EXPECT_EQ(j.at("points").at(1).at("offered"), 0.2);
  EXPECT_EQ(j.at("csv"), dir + "load_latency.csv");  // one slash after --out's own
  fs::remove_all(fs::path(dir).parent_path().parent_path());
}

TEST(Load, BadTrafficOptions) {
  const std::string rate =
      "--rate must be a number in (0, 1] (broadcasts per node per cycle), got ";
  const std::pair<std::string, std::string> cases[] = {
      {"--traffic hotspot --rate 0.1", "unknown traffic 'hotspot' (traffic patterns: uniform)"},
      {"--traffic uniform --rate 0", rate + "'0'"},
      {"--traffic uniform --rate 1.5", rate + "'1.5'"},
      {"--traffic uniform --rate x", rate + "'x'"},
      {"--traffic uniform", "--traffic needs --rate R (broadcasts per node per cycle)"},
      {"--rate 0.1", "--rate needs --traffic"},
      {"--cycles 10", "--cycles needs --traffic"},
      {"--traffic uniform --rate 0.1 --source 3",
       "give only one of --source, --sources, --all-sources, --random, --traffic"}};
  for (const auto& c : cases) {
    const auto r = hctest::run(hctest::hypercast() + " simulate --m 8 --rho 1 " + c.first);
    EXPECT_EQ(r.code, 2) << c.first;
    EXPECT_EQ(r.err, "hypercast: " + c.second + "\n") << c.first;
  }
}

namespace {

// The first row after the header of a CSV file, and a row's cells.
std::string firstCsvRow(const std::string& path) {
  std::istringstream csv(hctest::slurp(path));
  std::string header, row;
  std::getline(csv, header);
  std::getline(csv, row);
  return row;
}

std::vector<std::string> csvCells(const std::string& row) {
  std::vector<std::string> cells;
  std::stringstream ss(row);
  for (std::string c; std::getline(ss, c, ',');) cells.push_back(c);
  return cells;
}

}  // namespace

// sweep reads each run's report with nlohmann-json and writes its integers as
// integers: the CSV row holds exactly the figures simulate --json gives.
TEST(Load, SweepCsvHoldsTheRunsFigures) {
  const std::string dir = hctest::tempFolder("sweep-int") + "/out";
  const auto r = hctest::runArgv({hctest::hypercast(), "sweep", "--m", "4", "--rho", "1", "--rates",
                                  "1", "--cycles", "400", "--seed", "3", "--out", dir});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const auto sim = hctest::runArgv({hctest::hypercast(), "simulate", "--m", "4", "--rho", "1",
                                    "--traffic", "uniform", "--rate", "1", "--cycles", "400",
                                    "--seed", "3", "--engine", "systemc", "--json"});
  ASSERT_EQ(sim.code, 0) << sim.err;
  const nlohmann::json j = hctest::parseJson(sim.out);
  const std::string row = firstCsvRow(dir + "/load_latency.csv");
  const std::vector<std::string> cells = csvCells(row);
  ASSERT_EQ(cells.size(), 9u) << row;
  EXPECT_EQ(cells[4], std::to_string(j.at("figures").at("latency_max").get<long long>())) << row;
  EXPECT_EQ(cells[6], std::to_string(j.at("figures").at("max_output_wait").get<long long>()))
      << row;
  EXPECT_EQ(cells[7], std::to_string(j.at("figures").at("max_injection_wait").get<long long>()))
      << row;
  EXPECT_DOUBLE_EQ(std::stod(cells[2]), j.at("figures").at("latency_mean").get<double>()) << row;
  EXPECT_EQ(cells[8], "pass");
  fs::remove_all(fs::path(dir).parent_path());
}

// A rate so low that no broadcast is generated in the run (1e-9 on 4 nodes for
// 300 cycles) has no latency: empty CSV cells and null in the JSON, never the
// harness's -1 (docs/file-formats.md "Load-latency CSV and SVG"), and the SVG
// draws only the other point (one circle a curve; -1 would be drawn at 1 cycle).
TEST(Load, PointWithoutBroadcastsHasNoLatency) {
  const std::string dir = hctest::tempFolder("sweep-none") + "/out";
  const auto r =
      hctest::runArgv({hctest::hypercast(), "sweep", "--m", "4", "--rho", "1", "--rates",
                       "1e-9,0.2", "--cycles", "300", "--out", dir, "--json", "--quiet"});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);
  const nlohmann::json& none = j.at("points").at(0);
  for (const char* key : {"latency_mean", "latency_p99", "latency_max"}) {
    EXPECT_TRUE(none.at(key).is_null()) << key << " " << none;
    EXPECT_TRUE(j.at("points").at(1).at(key).is_number()) << key << " " << j;
  }
  const std::string row = firstCsvRow(dir + "/load_latency.csv");
  const std::vector<std::string> cells = csvCells(row);
  ASSERT_EQ(cells.size(), 9u) << row;
  for (int i = 2; i <= 5; ++i) EXPECT_EQ(cells[i], "") << "column " << i << ": " << row;
  const std::string svg = hctest::slurp(dir + "/load_latency.svg");
  size_t circles = 0;
  for (size_t at = svg.find("<circle"); at != std::string::npos; at = svg.find("<circle", at + 1))
    ++circles;
  EXPECT_EQ(circles, 2u) << svg;
  const auto sim = hctest::runArgv({hctest::hypercast(), "simulate", "--m", "4", "--rho", "1",
                                    "--traffic", "uniform", "--rate", "1e-9", "--cycles", "300",
                                    "--engine", "systemc", "--json"});
  ASSERT_EQ(sim.code, 0) << sim.out << sim.err;
  const nlohmann::json f = hctest::parseJson(sim.out).at("figures");
  for (const char* key : {"latency_mean", "latency_p99", "latency_max", "network_latency_mean",
                          "completion_cycles"}) {
    EXPECT_TRUE(f.at(key).is_null()) << key << " " << f;
  }
  // The text report says so in words, with no -1 for a figure.
  const auto text =
      hctest::runArgv({hctest::hypercast(), "simulate", "--m", "4", "--rho", "1", "--traffic",
                       "uniform", "--rate", "1e-9", "--cycles", "300", "--engine", "systemc"});
  ASSERT_EQ(text.code, 0) << text.out << text.err;
  EXPECT_NE(text.out.find("completion       none (no broadcast crossed a link)"), std::string::npos)
      << text.out;
  EXPECT_EQ(text.out.find(" -1"), std::string::npos) << text.out;
  fs::remove_all(fs::path(dir).parent_path());
}

// sweep --json: the parameters at top level, the computed and measured numbers
// in figures. On C_8<1> (m = 8, rho = 1): 8 nodes; with the clockwise
// preference a broadcast crosses each node's clockwise port 4 times (distances
// 1..4 clockwise, 1..3 the other way), so the busiest port saturates at 1/4;
// even links: degree / (N - 1) = 2/7.
TEST(Load, SweepJsonFigures) {
  const std::string dir = hctest::tempFolder("sweep-json") + "/out";
  const auto r = hctest::runArgv({hctest::hypercast(), "sweep", "--m", "8", "--rho", "1", "--rates",
                                  "0.05", "--cycles", "300", "--out", dir, "--json", "--quiet"});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);
  EXPECT_EQ(j.at("verdict"), "pass");
  EXPECT_EQ(j.at("m"), nlohmann::json::parse("[8]"));
  EXPECT_EQ(j.at("cycles"), 300);
  const nlohmann::json& f = j.at("figures");
  EXPECT_EQ(f.at("nodes"), 8);
  EXPECT_DOUBLE_EQ(f.at("saturation_busiest_port").get<double>(), 1.0 / 4);
  EXPECT_DOUBLE_EQ(f.at("saturation_even_links").get<double>(), 2.0 / 7);
  EXPECT_EQ(f.at("points_passed"), 1);
  EXPECT_FALSE(j.contains("nodes"));
  ASSERT_EQ(j.at("points").size(), 1u);
  EXPECT_EQ(j.at("points")[0].at("offered"), 0.05);
  EXPECT_EQ(j.at("points")[0].at("verdict"), "pass");
  fs::remove_all(fs::path(dir).parent_path());
}

namespace {

void expectRefusedAtOnce(const std::vector<std::string>& args, const std::string& fragment) {
  std::vector<std::string> argv = {hctest::hypercast()};
  argv.insert(argv.end(), args.begin(), args.end());
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = hctest::finish(hctest::start(argv), 30);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::string line;
  for (const auto& a : args) line += a + " ";
  EXPECT_EQ(r.code, 2) << line << r.err;
  EXPECT_EQ(r.out, "") << line;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << line << r.err;
  EXPECT_EQ(r.err.rfind("hypercast: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(fragment), std::string::npos) << line << r.err;
  EXPECT_LT(secs, 5.0) << line;
}

}  // namespace

// A load run whose expected broadcasts (rate x N x cycles) exceed the limit is
// refused before the workload is generated (it used to grow memory until
// std::bad_alloc); a tiny rate on a large network does not spin over N x cycles
// trials before the run starts.
TEST(Load, WorkloadSizeIsCheckedBeforeItIsGenerated) {
  expectRefusedAtOnce({"simulate", "--m", "256,256", "--rho", "1,1", "--traffic", "uniform",
                       "--rate", "1", "--cycles", "10000000", "--engine", "systemc"},
                      "broadcasts");
  // 0.0001 x 90000 nodes x 10 cycles = 90 broadcasts: within the delivery
  // budget, so the model's node limit is what refuses it.
  expectRefusedAtOnce({"simulate", "--m", "300,300", "--rho", "1,1", "--traffic", "uniform",
                       "--rate", "0.0001", "--cycles", "10", "--engine", "systemc"},
                      "at most 65536");
  const hctest::Started s =
      hctest::start({hctest::hypercast(), "simulate", "--m", "256,256", "--rho", "1,1", "--traffic",
                     "uniform", "--rate", "1e-12", "--cycles", "10000000", "--engine", "systemc"});
  // The network line is printed once the workload is made, before the run.
  EXPECT_TRUE(hctest::waitUntil(
      [&] { return hctest::slurp(s.out_path).find("network") != std::string::npos; }, 10.0));
  ::kill(s.pid, SIGINT);
  EXPECT_EQ(hctest::finish(s, 30).code, 130);
}

// sweep checks the network against the engine, its rates, seed, workload sizes
// and output folder before its first run: bad input exits 2 at once, with nothing
// on stdout and nothing written.
TEST(Load, SweepChecksEverythingBeforeItsFirstRun) {
  const std::string t = hctest::tempFolder("sweep-bad");
  const std::string out = t + "/out";
  auto sweep = [&](std::vector<std::string> extra, const std::string& dir) {
    std::vector<std::string> v = {"sweep"};
    v.insert(v.end(), extra.begin(), extra.end());
    v.insert(v.end(), {"--out", dir});
    return v;
  };
  expectRefusedAtOnce(sweep({"--m", "300,300", "--rho", "1,1"}, out), "at most 65536");
  expectRefusedAtOnce(sweep({"--m", "65,65", "--rho", "1,1", "--engine", "cosim"}, out),
                      "at most 4096");
  expectRefusedAtOnce(sweep({"--m", "200", "--rho", "40"}, out), "at most 64 ports");
  expectRefusedAtOnce(sweep({"--m", "8", "--rho", "1", "--rates", ""}, out), "--rates is empty");
  expectRefusedAtOnce(sweep({"--m", "8", "--rho", "1", "--rates", "0.1,,0.2"}, out),
                      "entry 2 is empty");
  expectRefusedAtOnce(sweep({"--m", "8", "--rho", "1", "--rates", "0.1,2"}, out), "--rates");
  expectRefusedAtOnce(sweep({"--m", "8", "--rho", "1", "--seed", "-1"}, out), "--seed");
  expectRefusedAtOnce(
      sweep({"--m", "64,64", "--rho", "1,1", "--rates", "1", "--cycles", "10000000"}, out),
      "broadcasts");
  expectRefusedAtOnce(sweep({"--m", "8", "--rho", "1"}, "/proc/hypercast-sweep"), "cannot write");
  { std::ofstream(t + "/file") << "keep\n"; }
  expectRefusedAtOnce(sweep({"--m", "8", "--rho", "1"}, t + "/file"), "not a folder");
  expectRefusedAtOnce(sweep({"--m", "8", "--rho", "1"}, ""), "empty path");
  EXPECT_EQ(hctest::slurp(t + "/file"), "keep\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(t), fs::directory_iterator{}), 1);
  fs::remove_all(t);
}

// sweep's default rates are distinct: on K_5 (C_5<1,2>) 1.3x the busiest-port
// bound is beyond 1, and the rates used to repeat 1.0.
TEST(Load, SweepDefaultRatesAreDistinct) {
  const std::string dir = hctest::tempFolder("sweep-k5") + "/out";
  const auto r = hctest::runArgv({hctest::hypercast(), "sweep", "--m", "5", "--rho", "2",
                                  "--points", "4", "--cycles", "100", "--out", dir});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  std::istringstream csv(hctest::slurp(dir + "/load_latency.csv"));
  std::string line;
  std::getline(csv, line);
  std::vector<double> offered;
  while (std::getline(csv, line)) offered.push_back(std::stod(line.substr(0, line.find(','))));
  ASSERT_EQ(offered.size(), 4u);
  for (size_t i = 1; i < offered.size(); ++i) EXPECT_GT(offered[i], offered[i - 1]);
  EXPECT_LE(offered.back(), 1.0);
  fs::remove_all(fs::path(dir).parent_path());
}

// The latency figures against the run's own broadcasts, read from its trace:
// with --all-sources every node offers its broadcast in cycle 0, so a
// broadcast's latency is the cycle of its last trace row (a lone broadcast's
// last row is at cycle D: docs/file-formats.md, Trace CSV). On the default
// network (240 broadcasts) the 99th percentile is the nearest-rank one: the
// smallest latency that at least 99% of the broadcasts reach, here the 238th
// of 240 in ascending order.
TEST(Load, LatencyFiguresAreTheTracesBroadcasts) {
  const std::string dir = hctest::tempFolder("latency");
  const auto r = hctest::runArgv({hctest::hypercast(), "simulate", "--all-sources", "--engine",
                                  "systemc", "--trace", dir + "/trace.csv", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json f = hctest::parseJson(r.out).at("figures");
  std::map<long, long> last;  // origin -> cycle of its last row
  std::istringstream csv(hctest::slurp(dir + "/trace.csv"));
  std::string row;
  std::getline(csv, row);
  ASSERT_EQ(row.rfind("cycle,step,from,to,origin,", 0), 0u) << row;
  while (std::getline(csv, row)) {
    std::vector<std::string> cells;
    std::stringstream ss(row);
    for (std::string c; std::getline(ss, c, ',');) cells.push_back(c);
    ASSERT_GE(cells.size(), 5u) << row;
    long& l = last[std::stol(cells[4])];
    l = std::max(l, std::stol(cells[0]));
  }
  ASSERT_EQ(last.size(), 240u);
  std::vector<long> lat;
  double sum = 0;
  for (const auto& o : last) {
    lat.push_back(o.second);
    sum += static_cast<double>(o.second);
  }
  std::sort(lat.begin(), lat.end());
  long p99 = 0;
  for (long v : lat) {
    const auto reach = std::count_if(lat.begin(), lat.end(), [v](long x) { return x <= v; });
    if (100 * reach >= 99 * static_cast<long>(lat.size())) {
      p99 = v;
      break;
    }
  }
  EXPECT_DOUBLE_EQ(f.at("latency_mean").get<double>(), sum / static_cast<double>(lat.size()));
  EXPECT_EQ(f.at("latency_p99").get<long>(), p99);
  EXPECT_EQ(f.at("latency_max").get<long>(), lat.back());
  // This run's figures spread, so the percentile is not the median's value.
  EXPECT_LT(lat[lat.size() / 2], p99);
  EXPECT_LE(f.at("latency_mean").get<double>(), f.at("latency_p99").get<double>());
  fs::remove_all(dir);
}
