// The programmable router: its start-up configuration unit computes the
// same per-port tables the generator hardwires, for every network it can hold;
// it rejects illegal configurations; and networks of programmable routers,
// configured through the documented port, co-simulate against the SystemC model
// exactly as the hardwired ones do.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "algorithm/broadcast_weights.h"
#include "config_stream_tb.h"
#include "emit/router_config.h"
#include "emit/rtl_layout.h"
#include "hw_bench.h"
#include "prototype_networks.h"
#include "test_util.h"
#include "topology/hypercycle.h"

namespace fs = std::filesystem;
using namespace hypercast;

namespace {

std::string dirFor(const std::string& what) {
  return "/tmp/hctest-prog-" + std::to_string(::getpid()) + "-" + what;
}

// Per-port values packed LSB first as a Verilog hex literal of n*width bits.
std::string packed(const std::vector<int>& v, int n, int width) {
  std::string bits;
  for (int p = n; p-- > 0;) {
    const int x = p < static_cast<int>(v.size()) ? v[static_cast<size_t>(p)] : 0;
    for (int b = width; b-- > 0;) bits += ((x >> b) & 1) ? '1' : '0';
  }
  return std::to_string(n * width) + "'b" + bits;
}

struct Case {
  std::vector<int> digits;  // x_1..x_r
  std::vector<uint32_t> words;
  bool legal = true;
  // the cycles from the first word to done_o (legal) or err_o, -1: not checked
  int cycles = -1;
  // expected, legal cases only
  uint64_t addr = 0;
  std::string port_dim, orig_wc, fwd_port, two_vc, wrap;
};

class CfgBench {
 public:
  explicit CfgBench(const RtlLayout& l) : l_(l) {}

  void legal(const NetworkDesc& h_net, Preference pref, uint64_t x) {
    const Hypercycle h = Hypercycle::of(h_net);
    const RouterTables t = makeRouterTables(h_net, pref);
    Case c;
    for (int i = 1; i <= h.dims(); ++i) c.digits.push_back(h.digit(x, i));
    c.words = routerConfigWords(h_net, pref);
    c.addr = x;
    // docs/hardware.md "Programmable router": a cycle per word, per dimension
    // max(floor((m-1)/rho), D) + 1 cycles of division, a cycle per port
    c.cycles = static_cast<int>(c.words.size() + h.ports().size());
    for (int i = 1; i <= h.dims(); ++i) {
      const int m = h.dim(i).m, rho = h.dim(i).rho, d = (m / 2 + rho - 1) / rho;
      c.cycles += std::max((m - 1) / rho, d) + 1;
    }
    const int np = l_.router_np;
    std::vector<int> wrap, two;
    for (size_t p = 0; p < h.ports().size(); ++p) {
      wrap.push_back(portWraps(h_net, x, static_cast<int>(p)) ? 1 : 0);
      two.push_back(t.two_vc[p] ? 1 : 0);
    }
    c.port_dim = packed(t.port_dim, np, l_.wdw);
    c.orig_wc = packed(t.orig_wc, np, l_.wcw);
    c.fwd_port = packed(t.fwd_port, np, l_.piw);
    c.two_vc = packed(two, np, 1);
    c.wrap = packed(wrap, np, 1);
    cases_.push_back(c);
  }
  void illegal(std::vector<int> digits, std::vector<uint32_t> words, int cycles = -1) {
    Case c;
    c.digits = std::move(digits);
    c.words = std::move(words);
    c.legal = false;
    c.cycles = cycles;
    cases_.push_back(c);
  }
  size_t size() const { return cases_.size(); }

  std::string testbench() const {
    const RtlLayout& l = l_;
    const int np = l.router_np;
    std::ostringstream v;
    v << "module tb;\n"
      << "  reg clk = 1'b0, rst_n = 1'b0, valid = 1'b0;\n"
      << "  reg [" << l.cdw - 1 << ":0] data = 0;\n"
      << "  reg [" << l.max_dims * l.mw - 1 << ":0] digits = 0;\n"
      << "  wire ready, done, err;\n  wire [" << l.aw - 1 << ":0] addr;\n"
      << "  wire [" << np * l.wdw - 1 << ":0] pd;\n  wire [" << np * l.wcw - 1 << ":0] wc;\n"
      << "  wire [" << np * l.piw - 1 << ":0] fp;\n  wire [" << np - 1 << ":0] two, wrap;\n"
      << "  integer fails = 0, k = 0;\n"
      << "  hc_router_cfg #(.NP(" << np << "), .MAX_DIM(" << l.max_dims << "), .MAX_M("
      << l.max_radix << "), .MW(" << l.mw << "), .CDW(" << l.cdw << "), .AW(" << l.aw << "), .WDW("
      << l.wdw << "), .WCW(" << l.wcw << "), .PIW(" << l.piw << ")) dut (\n"
      << "    .clk_i(clk), .rst_ni(rst_n), .node_digit_i(digits), .cfg_valid_i(valid),\n"
      << "    .cfg_data_i(data), .cfg_ready_o(ready), .done_o(done), .err_o(err),\n"
      << "    .node_addr_o(addr), .port_dim_o(pd), .orig_wc_o(wc), .fwd_port_o(fp),\n"
      << "    .two_vc_o(two), .wrap_o(wrap));\n"
      << "  always #5 clk = ~clk;\n"
      << "  task start(input [" << l.max_dims * l.mw - 1 << ":0] dg);\n"
      << "    begin @(negedge clk); rst_n = 1'b0; digits = dg; @(negedge clk); rst_n = 1'b1; end\n"
      << "  endtask\n"
      << hctest::cfgStreamTasks(l.cdw, "valid", "data", "ready", "done", "err")
      << "  initial begin\n";
    for (size_t i = 0; i < cases_.size(); ++i) {
      const Case& c = cases_[i];
      std::string dg;
      for (int d = l.max_dims; d >= 1; --d) {
        const int x = d <= static_cast<int>(c.digits.size()) ? c.digits[size_t(d - 1)] : 0;
        for (int b = l.mw; b-- > 0;) dg += ((x >> b) & 1) ? '1' : '0';
      }
      v << "    start(" << l.max_dims * l.mw << "'b" << dg << ");";
      for (uint32_t w : c.words) v << " word(" << w << ");";
      v << " finish;\n";
      // the stream takes no word once the last is in
      v << "    if (ready) begin fails = fails + 1; $display(\"FAIL case " << i
        << ": cfg_ready_o high after the configuration\"); end\n";
      if (c.cycles >= 0) {
        v << "    if (" << c.words.size() << " + k != " << c.cycles
          << ") begin fails = fails + 1; $display(\"FAIL case " << i << ": %0d cycles, not "
          << c.cycles << "\", " << c.words.size() << " + k); end\n";
      }
      if (c.legal) {
        v << "    if (!done || err || addr !== " << l.aw << "'d" << c.addr
          << " || pd !== " << c.port_dim << " || wc !== " << c.orig_wc
          << " || fp !== " << c.fwd_port << " || two !== " << c.two_vc << " || wrap !== " << c.wrap
          << ") begin\n"
          << "      fails = fails + 1;\n"
          << "      $display(\"FAIL case " << i
          << ": done %b err %b addr %0d pd %h wc %h fp %h two %b wrap %b\", done, err, addr, pd,"
             " wc, fp, two, wrap);\n"
          << "    end\n";
      } else {
        v << "    if (!err || done) begin fails = fails + 1; $display(\"FAIL case " << i
          << ": illegal configuration accepted\"); end\n";
      }
    }
    v << "    $display(\"CASES " << cases_.size() << " FAILS %0d\", fails);\n"
      << "    $finish;\n  end\nendmodule\n";
    return v.str();
  }

 private:
  RtlLayout l_;
  std::vector<Case> cases_;
};

RtlLayout protoLayout(const NetworkDesc& any_net) {
  RtlOptions o;
  o.router = RouterKind::kProgrammable;  // the prototype's limits: 4 dimensions, 15, degree 16
  return makeLayout(any_net, makeRouterTables(any_net, Preference::kClockwise), o);
}

}  // namespace

// Every one-dimensional hypercycle the prototype holds (m = 2..15, all rho), both
// preferences, three nodes each; and multi-dimensional networks up to degree 16.
// The expected tables are the generator's hardwired ones (makeRouterTables,
// portWraps) and the node's mixed-radix address.
TEST(ProgrammableRouter, ConfigurationUnitComputesTheHardwiredTables) {
  CfgBench bench(protoLayout(hypercycleNetwork({5}, {1})));
  for (int m = 2; m <= 15; ++m) {
    for (int rho = 1; 2 * rho <= m; ++rho) {
      const NetworkDesc h_net = hypercycleNetwork({m}, {rho});
      const Hypercycle h = Hypercycle::of(h_net);
      for (Preference pref : {Preference::kClockwise, Preference::kCounterclockwise}) {
        for (uint64_t x : {uint64_t{0}, uint64_t(m / 2), uint64_t(m - 1)})
          bench.legal(h_net, pref, x);
      }
    }
  }
  for (const auto& [m, rho] : hctest::prototypeNetworks()) {
    const NetworkDesc h_net = hypercycleNetwork(m, rho);
    const Hypercycle h = Hypercycle::of(h_net);
    for (uint64_t x : {uint64_t{0}, h.nodes() / 3, h.nodes() - 1}) {
      bench.legal(h_net, Preference::kClockwise, x);
      bench.legal(h_net, Preference::kCounterclockwise, x);
    }
  }
  const size_t legal = bench.size();
  bench.illegal({0}, {0});                            // r = 0
  bench.illegal({0}, {5});                            // r above MAX_DIM
  bench.illegal({0}, {1, 2, 5, 1, 2});                // preference word not 0/1
  bench.illegal({0}, {1, 0, 1, 1, 1});                // m = 1
  bench.illegal({0}, {1, 0, 5, 0, 1});                // rho = 0
  bench.illegal({0}, {1, 0, 5, 3, 1});                // rho > m/2
  bench.illegal({0}, {1, 0, 5, 1, 3});                // D is 2 by eq. (3), not 3
  bench.illegal({0}, {1, 0, 9, 2, 1});                // D is 2, not 1
  bench.illegal({0, 0}, {2, 0, 15, 7, 1, 15, 7, 1});  // degree 28 > 16
  bench.illegal({7}, {1, 0, 5, 1, 2});                // digit 7 >= m = 5
  // D_1 = 8 (eq. (3): 1) in G^{1,1,1}_{3,3,3}: dimensions are divided from 3
  // down, each in max(floor(2/1), 1) + 1 = 3 cycles, and dimension 1's check
  // fails as its division ends: err_o 11 + 3 * 3 cycles after the first word
  bench.illegal({0, 0, 0}, {3, 0, 3, 1, 8, 3, 1, 1, 3, 1, 1}, 11 + 3 * 3);
  ASSERT_GT(legal, 300u);

  const std::string dir = dirFor("cfg");
  fs::remove_all(dir);
  const auto g = hctest::run(hctest::hypercast() + " generate --m 5 --rho 1 --router programmable" +
                             " --out " + dir);
  ASSERT_EQ(g.code, 0) << g.err;
  { std::ofstream(dir + "/tb.v") << bench.testbench(); }
  const auto c = hctest::run("cd " + dir + " && iverilog -g2012 -I " + HC_SOURCE_DIR +
                             "/hw/include -o tb.vvp tb.v " + hctest::hwFile(dir, "hc_cfg_dims.v") +
                             " " + hctest::hwFile(dir, "hc_port_sweep.v") + " " +
                             hctest::hwFile(dir, "hc_router_cfg.v"));
  ASSERT_EQ(c.code, 0) << c.out << c.err;
  const auto r = hctest::run("cd " + dir + " && vvp -n tb.vvp");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("CASES " + std::to_string(bench.size()) + " FAILS 0"), std::string::npos)
      << r.out.substr(0, 3000);
  fs::remove_all(dir);
}

// Whole networks of programmable routers, configured through the top's cfg_* port
// (whole-top model) or each router's (routers model), run in lock step with the
// SystemC model: every link register equal on every cycle, every broadcast
// delivered exactly once, the trace checked.
class ProgCosim
    : public ::testing::TestWithParam<std::tuple<const char*, const char*, const char*>> {};

TEST_P(ProgCosim, MatchesTheModel) {
  const auto [m, rho, extra] = GetParam();
  const auto r = hctest::run(hctest::hypercast() + " simulate --engine cosim --json --m " + m +
                             " --rho " + rho + " --router programmable " + extra);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);
  EXPECT_EQ(j.at("verdict"), "pass") << r.out;
  EXPECT_EQ(j.at("checker"), "pass") << r.out;
  EXPECT_EQ(j.at("match"), true) << r.out;
  EXPECT_EQ(j.at("figures").at("missing"), 0) << r.out;
  EXPECT_GT(j.at("figures").at("cycles_compared").get<long long>(), 0) << r.out;
  EXPECT_EQ(j.at("figures").at("redundant"), 0) << r.out;
}

namespace {

std::string progCosimName(
    const ::testing::TestParamInfo<std::tuple<const char*, const char*, const char*>>& i) {
  std::string s = std::string("m") + std::get<0>(i.param) + "_rho" + std::get<1>(i.param);
  if (std::string(std::get<2>(i.param)).find("--traffic") != std::string::npos) s += "_load";
  for (char& c : s) {
    if (c == ',') c = 'x';
  }
  return s;
}

}  // namespace

INSTANTIATE_TEST_SUITE_P(
    Networks, ProgCosim,
    ::testing::Values(
        // small router (2 dimensions, radix 8, degree 8), router-by-router model by
        // default (nodes x degree above 32): every node at once, then a load run
        // configured counterclockwise on the same router model
        std::make_tuple("6,4", "3,2", "--max-dims 2 --max-radix 8 --max-degree 8 --all-sources"),
        std::make_tuple("6,4", "3,2",
                        "--max-dims 2 --max-radix 8 --max-degree 8 --preference ccw "
                        "--traffic uniform --rate 0.5 --cycles 3000")),
    progCosimName);

// A one-dimensional network on the same small router (its second dimension
// unused), and the whole top configured through its cfg_* port (8 x 3): two more
// Verilated models, 1-2 minutes each (ctest label long).
INSTANTIATE_TEST_SUITE_P(
    SmallLong, ProgCosim,
    ::testing::Values(std::make_tuple("8", "4",
                                      "--max-dims 2 --max-radix 8 --max-degree 8 --preference ccw "
                                      "--traffic uniform --rate 0.5 --cycles 3000"),
                      std::make_tuple("2,2,2", "1,1,1",
                                      "--max-dims 3 --max-radix 4 --max-degree 4 --random 40")),
    progCosimName);

// The prototype's limits, router-by-router model: the 240-node default network
// and a load run (ctest label long: the prototype-sized router takes minutes to
// build; the small router's cases above cover the same RTL).
INSTANTIATE_TEST_SUITE_P(
    NetworksLong, ProgCosim,
    ::testing::Values(std::make_tuple("8,6,5", "3,2,1", "--rtl-model wired --all-sources"),
                      std::make_tuple("5,3", "2,1",
                                      "--rtl-model wired --traffic uniform --rate 0.2 "
                                      "--cycles 2000")),
    progCosimName);

// The generator refuses networks the router cannot hold, in one line, writing nothing.
TEST(ProgrammableRouter, RefusesNetworksBeyondItsLimits) {
  const std::string dir = dirFor("refuse");
  fs::remove_all(dir);
  const std::string gen = hctest::hypercast() + " generate --router programmable --out " + dir;
  for (const std::string& net :
       {std::string("--m 16 --rho 1"), std::string("--m 2,2,2,2,2 --rho 1,1,1,1,1"),
        std::string("--m 15,15 --rho 7,7")}) {
    const auto r = hctest::run(gen + " " + net);
    EXPECT_EQ(r.code, 2) << net;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("programmable router"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir)) << net;
  }
  const auto hard =
      hctest::run(hctest::hypercast() + " generate --m 5 --rho 1 --max-dims 2 --out " + dir);
  EXPECT_EQ(hard.code, 2);
  EXPECT_NE(hard.err.find("needs --router programmable"), std::string::npos) << hard.err;
  EXPECT_FALSE(fs::exists(dir));
}

// config.hex is the documented stream: two // comment lines, then
// manifest.json's config.words hex words, one a line: r, preference, then m_i
// rho_i D_i from dimension 1.
TEST(ProgrammableRouter, ConfigFileIsTheDocumentedStream) {
  const std::string dir = dirFor("hex");
  fs::remove_all(dir);
  const auto r = hctest::run(hctest::hypercast() +
                             " generate --m 8,6,5 --rho 3,2,1 --preference ccw --router "
                             "programmable --out " +
                             dir);
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> lines = hctest::lines(hctest::slurp(dir + "/config.hex"));
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[0].rfind("// ", 0), 0u) << lines[0];
  EXPECT_EQ(lines[1].rfind("// ", 0), 0u) << lines[1];
  const std::vector<std::string> words(lines.begin() + 2, lines.end());
  // D_i = ceil(floor(m_i/2)/rho_i): 5,1 -> 2; 6,2 -> 2; 8,3 -> 2.
  const std::vector<std::string> expect = {"3", "1", "5", "1", "2", "6", "2", "2", "8", "3", "2"};
  EXPECT_EQ(words, expect);
  const std::string manifest = hctest::slurp(dir + "/manifest.json");
  EXPECT_NE(manifest.find("\"router\": \"programmable\""), std::string::npos);
  EXPECT_NE(manifest.find("\"max_degree\": 16"), std::string::npos);
  const nlohmann::json config = hctest::parseJson(manifest).at("config");
  EXPECT_EQ(config.at("file"), "config.hex");
  EXPECT_EQ(config.at("words"), words.size());  // 2 + 3r
  fs::remove_all(dir);
}

// The configuration stream goes to every router's cfg_* port
// (tb/config_port.h); a hardwired top has none. simulate never pairs a
// programmable job with a hardwired model, but a job file written by hand
// can: run by the hardwired whole top's harness (from the cache, where a
// simulate run left it), a job that says programmable is refused (exit 2,
// one line), and the same job saying hardwired runs.
TEST(ProgrammableRouter, HardwiredModelRefusesAConfigurationStream) {
  const auto sim = hctest::run(hctest::hypercast() +
                               " simulate --m 5 --rho 1 --engine verilator --rtl-model network");
  ASSERT_EQ(sim.code, 0) << sim.out << sim.err;
  const std::string folder = hctest::filesWritten(sim.out, "/rtl (");
  ASSERT_FALSE(folder.empty()) << sim.out;
  const std::string harness = folder + "/hc-sim-rtl";
  ASSERT_TRUE(fs::exists(harness)) << sim.out;
  const std::string dir = dirFor("cfg-port");
  fs::create_directories(dir);
  for (const bool programmable : {false, true}) {
    nlohmann::json job = {{"format", "hypercast-job"},
                          {"version", 1},
                          {"kind", "router-network"},
                          {"m", {5}},
                          {"rho", {1}},
                          {"engine", "verilator"},
                          {"rtl_model", "network"},
                          {"broadcasts", {{0, 0, 1}}}};
    if (programmable) {
      job["router"] = "programmable";
      job["limits"] = {{"max_dims", 4}, {"max_radix", 15}, {"max_degree", 16}};
    }
    std::ofstream(dir + "/job.json") << job.dump();
    const auto r = hctest::run("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 " + harness + " --job " + dir +
                               "/job.json");
    if (programmable) {
      EXPECT_EQ(r.code, 2) << r.out << r.err;
      EXPECT_EQ(r.err, "hc-harness: this RTL model has no configuration port\n");
    } else {
      EXPECT_EQ(r.code, 0) << r.out << r.err;
    }
  }
  fs::remove_all(dir);
}
