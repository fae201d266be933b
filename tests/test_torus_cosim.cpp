// The torus collectives through the command line: `info --necklaces` prints the
// paper's MT(3,3) listing, `schedule` reports the construction and the Sec. 4.1
// bounds (written out here from the paper's formulas), and the schedule-ROM
// network of every collective is co-simulated (Verilated wired-node RTL against
// the SystemC model, every link every cycle) on MT(2,3), MT(2,5) and MT(3,3),
// with M = 2 and 3 included; each RTL trace is re-checked here against the
// collective's meaning and every node's store read back.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "algorithm/torus_schedules.h"
#include "checker/schedule_checker.h"
#include "sched_trace.h"
#include "test_util.h"

namespace fs = std::filesystem;
using namespace hypercast;
using Json = nlohmann::json;

namespace {

std::string tmp(const std::string& what) {
  return "/tmp/hctest-toruscosim-" + std::to_string(::getpid()) + "-" + what;
}

uint64_t power(uint64_t b, int e) {
  uint64_t r = 1;
  while (e-- > 0) r *= b;
  return r;
}

// Sec. 4.1: (steps, transmissions).
std::pair<uint64_t, uint64_t> bound(int n, int k, const std::string& c, uint64_t m) {
  const uint64_t kn = power(uint64_t(k), n), nn = uint64_t(n), kk = uint64_t(k);
  if (c == "multinode-broadcast")
    return {(m * (kn - 1) + 2 * nn - 1) / (2 * nn), m * (kn - 1) * kn};
  if (c == "scatter") {
    return {(m * (kn - 1) + 2 * nn - 1) / (2 * nn), m * nn * (kk * kk - 1) * power(kk, n - 1) / 4};
  }
  if (c == "total-exchange") {
    return {m * (kk * kk - 1) * power(kk, n - 1) / 8,
            m * nn * (kk * kk - 1) * power(kk, 2 * n - 1) / 4};
  }
  return {uint64_t(n) * uint64_t(k / 2), kn - 1};  // broadcast: eccentricity, N - 1
}

}  // namespace

TEST(TorusCli, NecklacesOfMT33AsThePaperListsThem) {
  const auto r =
      hctest::run(hctest::hypercast() + " info --topology torus --n 3 --k 3 --necklaces");
  ASSERT_EQ(r.code, 0) << r.err;
  for (const char* line : {"d = 1 :  (200, 020, 002, 100, 010, 001)  P = 6 full",
                           "(210, 021, 202, 120, 012, 101)  P = 6 full",
                           "(212, 121)  P = 2 non-full", "6 necklaces, 4 full"}) {
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  }
  const auto j =
      hctest::run(hctest::hypercast() + " info --topology torus --n 3 --k 3 --necklaces --json");
  ASSERT_EQ(j.code, 0) << j.err;
  const Json o = Json::parse(j.out);
  ASSERT_EQ(o.at("necklaces").size(), 6u);
  EXPECT_EQ(o["necklaces"][5]["labels"], Json({"212", "121"}));
  EXPECT_EQ(o["necklaces"][5]["period"], 2);
  EXPECT_EQ(o["necklaces"][5]["full"], false);
  EXPECT_EQ(o["necklaces"][3]["leader"], 2 * 9 + 1 * 3);  // 210
  const auto bad =
      hctest::run(hctest::hypercast() + " info --topology hypercube --dim 3 --necklaces");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("--necklaces"), std::string::npos) << bad.err;
  const auto even =
      hctest::run(hctest::hypercast() + " info --topology torus --n 2 --k 4 --necklaces");
  EXPECT_EQ(even.code, 2);
  EXPECT_NE(even.err.find("odd k"), std::string::npos) << even.err;
}

TEST(TorusCli, ScheduleReportsTheConstructionAndTheBounds) {
  struct Case {
    int n, k;
    std::string collective;
    int m;
    std::string construction;
  };
  for (const Case& c :
       {Case{3, 3, "multinode-broadcast", 1, "extension"},
        Case{3, 3, "multinode-broadcast", 3, "paper"},
        Case{3, 3, "multinode-scatter", 2, "extension"}, Case{2, 5, "scatter", 2, "paper"},
        Case{4, 3, "total-exchange", 1, "paper"}}) {
    SCOPED_TRACE(c.collective + " n=" + std::to_string(c.n) + " M=" + std::to_string(c.m));
    const std::string csv = tmp("sched.csv");
    const auto r =
        hctest::run(hctest::hypercast() + " schedule --topology torus --n " + std::to_string(c.n) +
                    " --k " + std::to_string(c.k) + " --collective " + c.collective +
                    " --messages " + std::to_string(c.m) + " --json --output " + csv);
    ASSERT_EQ(r.code, 0) << r.err;
    const Json j = Json::parse(r.out);
    const std::string name = c.collective == "multinode-scatter" ? "total-exchange" : c.collective;
    EXPECT_EQ(j.at("collective"), name);
    EXPECT_EQ(j.at("construction"), c.construction);
    EXPECT_EQ(j.at("messages"), c.m);
    const auto b = bound(c.n, c.k, name, uint64_t(c.m));
    const auto& f = j.at("figures");
    EXPECT_EQ(f.at("steps").get<uint64_t>(), b.first);
    EXPECT_EQ(f.at("transmissions").get<uint64_t>(), b.second);
    EXPECT_EQ(f.at("lower_bound").at("steps").get<uint64_t>(), b.first);
    EXPECT_EQ(f.at("lower_bound").at("transmissions").get<uint64_t>(), b.second);
    EXPECT_EQ(j.at("optimal"), true);
    // The CSV names every message index 0..M-1.
    std::set<std::string> msgs;
    std::istringstream in(hctest::slurp(csv));
    std::string line;
    std::getline(in, line);
    EXPECT_EQ(line, "step,from,to,origin,dest,msg");
    uint64_t rows = 0;
    while (std::getline(in, line)) {
      msgs.insert(line.substr(line.rfind(',') + 1));
      ++rows;
    }
    EXPECT_EQ(rows, b.second);
    EXPECT_EQ(msgs.size(), static_cast<size_t>(c.m));
    fs::remove(csv);
  }
}

namespace {

struct CosimCase {
  int n, k;
  std::string collective;
  int m;
};

std::string caseName(const ::testing::TestParamInfo<CosimCase>& i) {
  std::string c = i.param.collective;
  for (char& ch : c) {
    if (ch == '-') ch = '_';
  }
  return "MT" + std::to_string(i.param.n) + std::to_string(i.param.k) + "_" + c + "_M" +
         std::to_string(i.param.m);
}

std::vector<CosimCase> cosimCases() {
  std::vector<CosimCase> out;
  for (const char* c : {"broadcast", "multinode-broadcast", "scatter", "total-exchange"}) {
    out.push_back({2, 3, c, 1});
  }
  for (const char* c : {"multinode-broadcast", "scatter", "total-exchange"}) {
    out.push_back({2, 5, c, 1});
    out.push_back({3, 3, c, 1});
  }
  out.push_back({3, 3, "multinode-broadcast", 3});  // the paper's splitting, groups of M = 3
  out.push_back({3, 3, "total-exchange", 2});       // the extension, M = 2
  out.push_back({2, 3, "scatter", 2});
  return out;
}

class TorusCosim : public ::testing::TestWithParam<CosimCase> {};

}  // namespace

TEST_P(TorusCosim, RtlMatchesTheModelAndTheTraceIsTheCollective) {
  const CosimCase& c = GetParam();
  const std::string trace = tmp(caseName({c, 0}) + ".csv");
  const uint32_t root = c.collective == "broadcast" || c.collective == "scatter" ? 4 : 0;
  const auto r = hctest::run(
      hctest::hypercast() + " simulate --topology torus --n " + std::to_string(c.n) + " --k " +
      std::to_string(c.k) + " --collective " + c.collective + " --messages " + std::to_string(c.m) +
      (root ? " --source " + std::to_string(root) : std::string()) +
      " --engine cosim --rtl-model wired --json --trace " + trace);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const Json j = Json::parse(r.out);
  EXPECT_EQ(j.at("verdict"), "pass");
  EXPECT_EQ(j.at("match"), true);
  EXPECT_EQ(j.at("checker"), "pass");
  EXPECT_EQ(j.at("optimal"), true);
  EXPECT_EQ(j.at("figures").at("held"), j.at("figures").at("promised"));
  EXPECT_EQ(j.at("figures").at("wrong_payloads"), 0);
  const auto b = bound(c.n, c.k, c.collective, uint64_t(c.m));
  EXPECT_EQ(j.at("figures").at("steps").get<uint64_t>(), b.first);
  // The RTL's trace against the collective's meaning, here.
  const std::vector<Transfer> t = hctest::readSchedTrace(trace);
  checker::CollectiveSpec spec;
  spec.network = torusNetwork(c.n, c.k);
  spec.problem = {parseCollective(c.collective), power(uint64_t(c.k), c.n), root, uint32_t(c.m)};
  // The paper's multinode broadcast and scatter move groups whole.
  spec.group_store_and_forward =
      j.at("construction") == "paper" && c.collective != "scatter" && c.collective != "broadcast";
  const auto rep = checker::checkSchedule(spec, t);
  EXPECT_TRUE(rep.ok) << (rep.errors.empty() ? "" : rep.errors.front());
  EXPECT_EQ(rep.steps, b.first);
  EXPECT_EQ(rep.transmissions, b.second);
  fs::remove(trace);
}

INSTANTIATE_TEST_SUITE_P(Tori, TorusCosim, ::testing::ValuesIn(cosimCases()), caseName);
