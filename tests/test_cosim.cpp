// Co-simulation regressions: the Verilated RTL against the SystemC model, cycle by
// cycle, on networks chosen to cover the corner cases of Algorithm 1 (a ring, an
// m = 2 dimension, rho = m/2 with m even, mixed radices, the 4-cube, a generalized
// hypercube, long rings, the counterclockwise variant, the default network). Each
// trace goes through the independent checker and is compared with the C++
// reference of Algorithms 1 and 2; expected figures come from the paper's
// formulas (eqs. 3-4, N-1 transmissions).
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>
#include <tuple>

#include "algorithm/reference_broadcast.h"
#include "checker/broadcast_checker.h"
#include "checker/trace_csv.h"
#include "test_util.h"

using namespace hypercast;

namespace {

struct Net {
  const char* name;
  std::vector<int> m, rho;
  const char* extra;  // extra CLI flags
  int hop = 1;        // --hop-cycles
};

void PrintTo(const Net& n, std::ostream* os) { *os << n.name; }

std::string list(const std::vector<int>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s;
}

int paperDiameter(const Net& n) {
  int d = 0;
  for (size_t i = 0; i < n.m.size(); ++i) d += (n.m[i] / 2 + n.rho[i] - 1) / n.rho[i];
  return d;
}

uint64_t nodes(const Net& n) {
  uint64_t x = 1;
  for (int m : n.m) x *= static_cast<uint64_t>(m);
  return x;
}

checker::Shape shapeOf(const Net& n) {
  checker::Shape s;
  for (size_t i = n.m.size(); i-- > 0;) {
    s.m.push_back(n.m[i]);
    s.rho.push_back(n.rho[i]);
  }
  return s;
}

std::string traceFile(const std::string& tag) {
  return "/tmp/hctest-trace-" + tag + "-" + std::to_string(::getpid()) + ".csv";
}

hctest::CmdResult simulate(const Net& n, const std::string& args, const std::string& trace) {
  return hctest::run(hctest::hypercast() + " simulate --m " + list(n.m) + " --rho " + list(n.rho) +
                     " " + n.extra + " --hop-cycles " + std::to_string(n.hop) + " --json --trace " +
                     trace + " " + args);
}

const std::vector<Net> kNets = {
    {"Ring7", {7}, {1}, ""},
    {"Ring15", {15}, {1}, "--rtl-model wired"},  // whole top: C_7<1> and others
    {"Circulant8_3", {8}, {3}, ""},
    {"DimensionWithM2", {2, 5}, {1, 2}, ""},
    {"RhoHalfMEven", {6, 4}, {3, 2}, ""},
    {"MixedRadices", {5, 4, 3}, {2, 1, 1}, ""},
    {"FourCube", {2, 2, 2, 2}, {1, 1, 1, 1}, ""},
    {"GeneralizedHypercube", {5, 4}, {2, 2}, ""},
    {"Counterclockwise", {7, 4}, {2, 1}, "--preference ccw"},
    {"Default", {8, 6, 5}, {3, 2, 1}, ""},
};

class LoneBroadcast : public ::testing::TestWithParam<Net> {};

}  // namespace

TEST_P(LoneBroadcast, MatchesModelChecksAndEqualsTheReference) {
  const Net& net = GetParam();
  const uint64_t n = nodes(net);
  const NetworkDesc h_net = hypercycleNetwork(net.m, net.rho);
  const Preference pref = std::string(net.extra).find("ccw") != std::string::npos
                              ? Preference::kCounterclockwise
                              : Preference::kClockwise;
  for (uint64_t src : {uint64_t{0}, n - 1, n / 3}) {
    const std::string trace = traceFile(net.name);
    const auto r =
        simulate(net, "--engine cosim --source " + std::to_string(src) + " --start 3", trace);
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const nlohmann::json j = hctest::parseJson(r.out);
    EXPECT_EQ(j.at("match"), true) << r.out;
    EXPECT_GT(j.at("figures").at("cycles_compared").get<long long>(), paperDiameter(net));
    EXPECT_EQ(j.at("figures").at("reached"), n);
    EXPECT_EQ(j.at("figures").at("redundant"), 0);
    EXPECT_EQ(j.at("figures").at("transmissions"), n - 1);
    EXPECT_EQ(j.at("figures").at("steps"), paperDiameter(net));
    // Each hop takes net.hop cycles from a grant to the next node's grant (the
    // flit is on the link net.hop cycles after its grant, and an idle router
    // grants an arriving flit in its arrival cycle), so the last node is reached
    // net.hop x diameter cycles after the origin's grant.
    EXPECT_EQ(j.at("hop_cycles"), net.hop);
    EXPECT_EQ(j.at("figures").at("completion_cycles"), net.hop * paperDiameter(net));

    // The RTL trace, checked independently...
    const auto tr = checker::readTraceCsv(trace);
    std::remove(trace.c_str());
    ASSERT_EQ(tr.size(), n - 1);
    checker::Options o;
    o.lone = true;
    o.hop_cycles = net.hop;
    const auto rep = checker::check(shapeOf(net), {{src, tr[0].tag, 3}}, tr, o);
    EXPECT_TRUE(rep.ok) << rep.errors[0];
    // ...is exactly the reference broadcast, step k on the link in cycle
    // 3 + hop k (offered and granted in cycle 3).
    std::set<std::tuple<int64_t, uint64_t, uint64_t, int, int>> got, want;
    for (const auto& t : tr) got.emplace(t.cycle, t.from, t.to, t.wd, t.wc);
    for (const auto& t : referenceBroadcast(h_net, src, pref)) {
      want.emplace(3 + net.hop * t.step, t.from, t.to, t.wd, t.wc);
    }
    EXPECT_EQ(got, want) << net.name << " from " << src;
  }
}

INSTANTIATE_TEST_SUITE_P(Networks, LoneBroadcast, ::testing::ValuesIn(kNets),
                         [](const auto& p) { return std::string(p.param.name); });

// The two-cycle hop (--hop-cycles 2, docs/hardware.md "Two-cycle hop") on small networks: a
// ring, an m = 2 dimension with a second VC, rho = m/2, the counterclockwise
// variant with the fair arbitration.
INSTANTIATE_TEST_SUITE_P(
    HopCycles2, LoneBroadcast,
    ::testing::Values(Net{"Ring7", {7}, {1}, "", 2}, Net{"DimensionWithM2", {2, 5}, {1, 2}, "", 2},
                      Net{"RhoHalfMEven", {6, 4}, {3, 2}, "", 2},
                      Net{"CcwFair", {7, 4}, {2, 1}, "--preference ccw --arbitration fair", 2}),
    [](const auto& p) { return std::string(p.param.name); });

namespace {

void expectConcurrentPass(const Net& net, const std::string& args, const std::string& tag,
                          size_t broadcasts) {
  const std::string trace = traceFile(tag);
  const auto r = simulate(net, "--engine cosim " + args, trace);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const uint64_t n = nodes(net);
  const nlohmann::json j = hctest::parseJson(r.out);
  EXPECT_EQ(j.at("match"), true) << r.out;
  EXPECT_EQ(j.at("figures").at("broadcasts"), broadcasts);
  EXPECT_EQ(j.at("figures").at("reached"), n);
  EXPECT_EQ(j.at("figures").at("redundant"), 0);
  EXPECT_EQ(j.at("figures").at("missing"), 0);
  EXPECT_EQ(j.at("figures").at("transmissions"), broadcasts * (n - 1));
  // Re-check the trace here too: every (node, broadcast) exactly once.
  const auto tr = checker::readTraceCsv(trace);
  std::remove(trace.c_str());
  std::set<std::tuple<uint64_t, uint64_t, uint64_t>> seen;
  for (const auto& t : tr) EXPECT_TRUE(seen.emplace(t.to, t.origin, t.tag).second);
  EXPECT_EQ(seen.size(), broadcasts * (n - 1));
}

}  // namespace

TEST(Concurrent, EveryNodeBroadcastsInTheSameCycle) {
  expectConcurrentPass(kNets[5], "--all-sources --start 2", "all60", 60);
}

TEST(Concurrent, EveryNodeOfTheDefaultNetworkBroadcasts) {
  expectConcurrentPass(kNets[9], "--all-sources", "all240", 240);
}

TEST(Concurrent, RandomOriginsAndStartCycles) {
  expectConcurrentPass(kNets[4], "--random 300 --window 40 --seed 7", "rnd24", 300);
  expectConcurrentPass(kNets[1], "--random 200 --window 10 --seed 11", "rnd15", 200);
}

TEST(Concurrent, WeightsAboveOneByte) {
  // A 600-ring: D = 300, so weights need 9 bits in the RTL and the model alike.
  const Net ring{"Ring600", {600}, {1}, ""};
  expectConcurrentPass(ring, "--random 6 --window 200 --seed 2", "r600", 6);
}

TEST(Concurrent, OtherBufferDepthsAndWidths) {
  // Depth 1 (every hop waits for its credit); depth 3, whose VCs' read pointers
  // wrap at a count other than a power of two; a non-power-of-two depth with
  // 64-bit payloads and two cycles per hop runs in TwoCycleHop below.
  const Net depth1{"Depth1", {9, 4}, {2, 1}, "--buffer-depth 1"};
  expectConcurrentPass(depth1, "--random 80 --window 10 --seed 3", "d1", 80);
  const Net depth3{"Depth3", {9, 4}, {2, 1}, "--buffer-depth 3"};
  expectConcurrentPass(depth3, "--random 80 --window 10 --seed 3", "d3", 80);
}

// The two-cycle hop under contention: fanout splitting with grants in flight,
// credits spent a cycle before the flit leaves, depth 1 (every hop waits for its
// credit) and 3 (not a power of two, with 64-bit payloads), and the fair
// arbitration's two arbiters per output.
TEST(Concurrent, TwoCycleHop) {
  const Net depth1{"Hop2Depth1", {9, 4}, {2, 1}, "--buffer-depth 1", 2};
  expectConcurrentPass(depth1, "--random 80 --window 10 --seed 3", "h2d1", 80);
  const Net depth3{"Hop2Depth3FairWide",
                   {9, 4},
                   {2, 1},
                   "--buffer-depth 3 --arbitration fair --payload-width 64",
                   2};
  expectConcurrentPass(depth3, "--random 80 --window 10 --seed 4", "h2d3", 80);
  const Net all{"Hop2All", {6, 4}, {3, 2}, "", 2};  // HopCycles2/RhoHalfMEven's router
  expectConcurrentPass(all, "--all-sources --start 2", "h2all", 24);
}

namespace {

// The generated top's wiring against the harness's wiring of the same router.
void expectWholeTopAndWiredRoutersIdentical(const Net& net) {
  std::string traces[2];
  const char* modes[2] = {"network", "wired"};
  for (int i = 0; i < 2; ++i) {
    const std::string trace = traceFile(modes[i]);
    const auto r = simulate(net,
                            std::string("--engine verilator --rtl-model ") + modes[i] +
                                " --random 60 --window 20 --seed 5",
                            trace);
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_EQ(hctest::parseJson(r.out).at("rtl_model"), modes[i]);
    traces[i] = hctest::slurp(trace);
    std::remove(trace.c_str());
  }
  EXPECT_GT(traces[0].size(), 1000u);
  EXPECT_EQ(traces[0], traces[1]);
}

}  // namespace

// G^{1,1}_{3,3}: two dimensions, both neighbours of each distinct.
TEST(Concurrent, WholeTopAndWiredRoutersRunIdentically) {
  expectWholeTopAndWiredRoutersIdentical(Net{"TwoRings3", {3, 3}, {1, 1}, ""});
}

// G^{2,2}_{5,4}, degree 8 (its whole top is 29 MB of C++: ctest label long).
TEST(ConcurrentLong, WholeTopAndWiredRoutersRunIdentically) {
  expectWholeTopAndWiredRoutersIdentical(kNets[7]);
}

TEST(Cosim, ReportsTheFirstDivergence) {
  // A model fault at node 0 (every payload it sends has bit 0 flipped) must stop
  // the co-simulation at the first hop: cycle start+1, at a neighbour of node 0.
  const Net& net = kNets[3];
  const std::string trace = traceFile("fault");
  const auto r = hctest::run("HYPERCAST_FAULT_NODE=0 " + hctest::hypercast() + " simulate --m " +
                             list(net.m) + " --rho " + list(net.rho) +
                             " --engine cosim --source 0 --start 5 --json --trace " + trace);
  std::remove(trace.c_str());
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);
  EXPECT_EQ(j.at("match"), false);
  EXPECT_EQ(j.at("verdict"), "fail");
  ASSERT_TRUE(j.contains("first_divergence")) << r.out;
  const nlohmann::json& div = j.at("first_divergence");
  EXPECT_EQ(div.at("cycle"), 6);
  const uint64_t node = div.at("node").get<uint64_t>();
  EXPECT_TRUE(checker::adjacent(shapeOf(net), 0, node)) << div;
  EXPECT_NE(div.at("port").get<std::string>().find("lane"), std::string::npos) << div;
  EXPECT_NE(r.err.find("diverge at cycle 6"), std::string::npos) << r.err;
  // The trace stops at the divergence: the checker is not run on what is left.
  EXPECT_EQ(j.at("checker"), "not run") << r.out;
  EXPECT_TRUE(j.at("checker_errors").empty()) << r.out;
}

// --wave writes an FST of the whole top: every router's scope and the network's
// ports are in it, one time step per clock level, and the run still passes. It
// replaces the file there, which keeps its permissions.
TEST(Waveform, FstHoldsTheNetworkAndEveryRouter) {
  const std::string fst = traceFile("wave") + ".fst";
  std::ofstream(fst) << "OLD\n";
  std::filesystem::permissions(
      fst, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  const auto r =
      hctest::run(hctest::hypercast() +
                  " simulate --m 4 --rho 1 --source 1 --engine cosim --json --wave " + fst);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const long long cycles = hctest::parseJson(r.out).at("figures").at("cycles").get<long long>();
  ASSERT_GT(cycles, 2);
  EXPECT_EQ(std::filesystem::status(fst).permissions() & std::filesystem::perms::all,
            std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  const auto v = hctest::run("fst2vcd " + fst);
  std::remove(fst.c_str());
  ASSERT_EQ(v.code, 0) << v.err;
  for (const char* name : {"u_n0", "u_n3", "inj_valid_i", "dlv_valid_o", "lout_data_o"}) {
    EXPECT_NE(v.out.find(name), std::string::npos) << name;
  }
  long long stamps = 0;
  std::istringstream in(v.out);
  for (std::string line; std::getline(in, line);) stamps += !line.empty() && line[0] == '#';
  EXPECT_GE(stamps, 2 * cycles) << "one time step per clock level";
}

// The waveform goes into place only when the run ends: interrupted while it is
// being written (its temporary file seen beside the path), the run leaves the
// file the path named before as it was, and nothing else in its folder.
TEST(Waveform, InterruptedRunLeavesTheOldFile) {
  const std::string dir = hctest::tempFolder("wave-intr");
  ASSERT_FALSE(dir.empty());
  const std::string fst = dir + "/keep.fst";
  std::ofstream(fst) << "OLD\n";
  const hctest::Started p = hctest::start(
      {hctest::hypercast(), "simulate", "--m", "4", "--rho", "1", "--engine", "verilator",
       "--traffic", "uniform", "--rate", "0.05", "--cycles", "1000000", "--quiet", "--wave", fst});
  bool writing = false;
  for (int i = 0; i < 3000 && !writing && hctest::running(p); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    // The temporary file, or (a writer that writes in place) the file itself.
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      writing = writing || e.path().filename().string().rfind(".hypercast-", 0) == 0;
    }
    writing = writing || std::filesystem::file_size(fst) != 4;
  }
  ASSERT_TRUE(writing) << "the waveform was never written";
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  ::kill(p.pid, SIGINT);
  const auto r = hctest::finish(p, 60);
  EXPECT_EQ(r.code, 130) << r.err;
  EXPECT_EQ(hctest::slurp(fst), "OLD\n");
  std::set<std::string> left;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    left.insert(e.path().filename().string());
  }
  EXPECT_EQ(left, std::set<std::string>{"keep.fst"});
  std::filesystem::remove_all(dir);
}

// The schedule-ROM network's waveform too, into a folder that does not exist yet:
// it is made, as for every output file.
TEST(Waveform, ScheduleNetworkToo) {
  const std::string dir = traceFile("swave") + ".d";
  const std::string fst = dir + "/new/w.fst";
  const auto r = hctest::run(hctest::hypercast() +
                             " simulate --topology hypercube --dim 2 --collective scatter "
                             "--engine verilator --wave " +
                             fst);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const auto v = hctest::run("fst2vcd " + fst);
  std::filesystem::remove_all(dir);
  ASSERT_EQ(v.code, 0) << v.err;
  EXPECT_NE(v.out.find("rom_addr_o"), std::string::npos);
  EXPECT_NE(v.out.find("done_o"), std::string::npos);
}
