// The global sum's RTL (hw/hc_sum_node.v wired by emit/sum_rtl.h) under Icarus
// Verilog, on a hypercube (Q_3), tori (MT(2,3); MT(2,5), whose program is
// Horner's rule on the minimal polynomial) and a hypercycle (G^{1,1}_{4,4}):
// seeded random inputs, the extremes included, every node's sum_o against the
// sum computed here, one step per clock. err_o fires for a wrong constant (an
// inexact end), a too narrow accumulator (overflow) and a link without a
// value. The module and a generated top lint clean. The accumulation's nodes
// (hw/hc_acc_node.v, one ROM table shared by all) on Q_3, MT(2,3),
// G^{1,1}_{4,4} and the directed Z_7<1,3>: every node's sum against the sums
// computed here, one step per clock; err_o on a link without a value.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <regex>

#include "algorithm/combining_collectives.h"
#include "emit/sum_rtl.h"
#include "test_util.h"
#include "topology/hypercycle.h"

using namespace hypercast;
namespace fs = std::filesystem;

namespace {

struct SimRun {
  bool ended = false;
  std::vector<int64_t> sums;
  std::vector<int> errs;
  long long cycles = -1;
  std::string log;
};

std::string hexOf(const std::vector<int64_t>& x, int xw) {  // node 0 least significant
  std::string bits;
  for (size_t i = x.size(); i-- > 0;) {
    for (int b = xw - 1; b >= 0; --b) bits += ((static_cast<uint64_t>(x[i]) >> b) & 1u) ? '1' : '0';
  }
  return std::to_string(bits.size()) + "'b" + bits;
}

// Writes the network and a testbench, runs it: per node "sum i value err".
SimRun simulate(const SumRtl& rtl, uint64_t n, const std::vector<int64_t>& x,
                const std::string& extra = "") {
  const std::string dir = "/tmp/hctest-sumrtl-" + std::to_string(::getpid());
  fs::create_directories(dir);
  for (const auto& [name, text] : rtl.files) {
    fs::create_directories(fs::path(dir + "/" + name).parent_path());
    std::ofstream(dir + "/" + name) << text;
  }
  const SumNodeParams& s = rtl.params;
  std::ofstream tb(dir + "/tb.v");
  tb << "module tb;\n  reg clk = 0, rst_n = 0, start = 0;\n  reg [" << n * s.xw - 1
     << ":0] x = " << hexOf(x, s.xw) << ";\n  wire busy, done, err;\n  wire [" << n * s.w - 1
     << ":0] sum, val;\n  integer i, cycles = 0;\n  " << rtl.top_module
     << " dut(.clk_i(clk), .rst_ni(rst_n), .start_i(start), .x_i(x), .busy_o(busy),"
     << " .done_o(done), .err_o(err), .sum_o(sum), .val_o(val));\n"
     << "  always #5 clk = ~clk;\n  always @(posedge clk) if (busy) cycles = cycles + 1;\n"
     << "  initial begin\n"
     << extra
     << "    #12 rst_n = 1;\n    @(negedge clk) start = 1;\n"
     // Two edges after done: hc_sum_node names e_inexact at the edge after
     // the one that raised done (err_o shows it at once).
     << "    @(negedge clk) start = 0;\n    wait (done);\n"
     << "    @(negedge clk);\n    @(negedge clk);\n"
     << "    $display(\"cycles %0d\", cycles);\n"
     << "    for (i = 0; i < " << n << "; i = i + 1)\n"
     << "      $display(\"sum %0d %0d %0d\", i, $signed(sum[i*" << s.w << " +: " << s.w
     << "]), dut.err[i]);\n    $finish;\n  end\n"
     << "  initial begin #100000 $display(\"watchdog: no done\"); $finish; end\nendmodule\n";
  tb.close();
  SimRun r;
  const auto c = hctest::run("iverilog -g2005 -o " + dir + "/sim.vvp " + dir + "/tb.v " + dir +
                             "/rtl/" + rtl.top_module + ".v " + dir + "/hw/hc_sum_node.v");
  r.log = c.out + c.err;
  if (c.code != 0) {
    fs::remove_all(dir);
    return r;
  }
  const auto s2 = hctest::run("vvp -n " + dir + "/sim.vvp");
  r.log = s2.out + s2.err;
  fs::remove_all(dir);
  std::smatch m;
  if (std::regex_search(s2.out, m, std::regex("cycles (\\d+)"))) r.cycles = std::stoll(m[1]);
  const std::regex row("sum (\\d+) (-?\\d+) (\\d)");
  for (auto it = std::sregex_iterator(s2.out.begin(), s2.out.end(), row);
       it != std::sregex_iterator(); ++it) {
    r.sums.push_back(std::stoll((*it)[2]));
    r.errs.push_back(std::stoi((*it)[3]));
  }
  r.ended = r.sums.size() == n;
  return r;
}

std::vector<int64_t> inputs(uint64_t n, int xw, uint64_t seed, int trial) {
  std::mt19937_64 rng(seed);
  const int64_t lo = -(int64_t{1} << (xw - 1)), hi = (int64_t{1} << (xw - 1)) - 1;
  std::uniform_int_distribution<int64_t> value(lo, hi);
  std::vector<int64_t> x(n);
  for (auto& e : x) e = trial == 0 ? lo : trial == 1 ? hi : value(rng);
  return x;
}

struct Net {
  NetworkDesc net;
  uint32_t steps;  // distinct eigenvalues - 1, counted by hand
};

}  // namespace

TEST(GlobalSumRtl, EveryNodeEndsWithTheSum) {
  const std::vector<Net> nets = {
      {hypercubeNetwork(3), 3},                // d
      {torusNetwork(2, 3), 2},                 // {4, 1, -2}
      {torusNetwork(2, 5), 5},                 // Horner
      {hypercycleNetwork({4, 4}, {1, 1}), 4},  // {4,2,0,-2,-4}
  };
  for (const Net& c : nets) {
    const GlobalSumProgram p = cayleyGlobalSum(c.net);
    ASSERT_EQ(p.steps, c.steps) << c.net.label;
    const SumRtl rtl = emitGlobalSumNetwork(c.net, PortGraph::build(c.net), p, 10);
    for (int trial = 0; trial < 4; ++trial) {
      const std::vector<int64_t> x = inputs(c.net.nodes(), 10, 1234 + uint64_t(trial), trial);
      int64_t want = 0;
      for (int64_t e : x) want += e;
      const SimRun r = simulate(rtl, c.net.nodes(), x);
      ASSERT_TRUE(r.ended) << c.net.label << ": " << r.log;
      EXPECT_EQ(r.cycles, c.steps) << c.net.label;  // one step per clock
      for (size_t i = 0; i < r.sums.size(); ++i) {
        EXPECT_EQ(r.sums[i], want) << c.net.label << " node " << i << " trial " << trial;
        EXPECT_EQ(r.errs[i], 0) << c.net.label << " node " << i;
      }
    }
  }
}

TEST(GlobalSumRtl, ErrFiresOnAWrongConstantAnOverflowAndAMissingValue) {
  const NetworkDesc net = hypercubeNetwork(3);
  const PortGraph g = PortGraph::build(net);
  const GlobalSumProgram p = cayleyGlobalSum(net);
  const std::vector<int64_t> x = inputs(8, 10, 99, 2);
  // A wrong eigenvalue: the end is no multiple of 3! (for these inputs).
  GlobalSumProgram wrong = p;
  wrong.constant[0] += 1;
  const SimRun a = simulate(emitGlobalSumNetwork(net, g, wrong, 10), 8, x);
  ASSERT_TRUE(a.ended) << a.log;
  // Only the inexact division may fire here: no value overflows, every port
  // carries its value, no link is driven from both ends (each of those prints
  // its own line). It fires where the wrong end is no multiple of the divisor
  // (4 of the 8 nodes for these inputs); the same inputs with the right
  // constant raise no err anywhere.
  // The paper's program on Q_d (Faber Sec. 5): v <- A v - lambda_t v with
  // lambda_t = d - 2t, t = 1..d, leaving (prod_t (d - lambda_t) / P) sum x =
  // d! sum x at every node: on Q_3 the constants 1, -1, -3, the divisor 6.
  ASSERT_EQ(p.constant, (std::vector<int64_t>{1, -1, -3}));
  ASSERT_EQ(p.uses_input, (std::vector<bool>{false, false, false}));
  ASSERT_EQ(p.divisor, 6);
  // The wrong program's end values worked here, on Q_3's own links (the
  // neighbours of i are i xor 2^b): the product of the factors, in any order.
  std::vector<int64_t> v = x;
  for (const int64_t c : {int64_t{2}, int64_t{-1}, int64_t{-3}}) {  // c_1 + 1 = 2
    std::vector<int64_t> next(8, 0);
    for (uint32_t i = 0; i < 8; ++i) {
      for (int b = 0; b < 3; ++b) next[i] += v[i ^ (1u << b)];
      next[i] -= c * v[i];
    }
    v = next;
  }
  std::vector<int> inexact(8, 0);
  int expected = 0;
  for (size_t i = 0; i < 8; ++i) {
    inexact[i] = v[i] % 6 != 0 ? 1 : 0;
    expected += inexact[i];
  }
  EXPECT_EQ(expected, 4);  // the count the comment above gives
  EXPECT_EQ(a.errs, inexact) << "inexact end not flagged where it is\n" << a.log;
  EXPECT_EQ(hctest::count(a.log, ".e_inexact: the end value is no exact multiple of DIV\n"),
            static_cast<size_t>(expected))
      << a.log;
  EXPECT_EQ(hctest::count(a.log, "ERROR: "), static_cast<size_t>(expected)) << a.log;
  const SimRun right = simulate(emitGlobalSumNetwork(net, g, p, 10), 8, x);
  ASSERT_TRUE(right.ended) << right.log;
  for (size_t i = 0; i < right.errs.size(); ++i) EXPECT_EQ(right.errs[i], 0) << "node " << i;
  EXPECT_EQ(a.log.find("overflows"), std::string::npos) << a.log;
  EXPECT_EQ(a.log.find("carries no value"), std::string::npos) << a.log;
  EXPECT_EQ(a.log.find("both ends"), std::string::npos) << a.log;
  // The accumulator 4 bits narrower than the bound: the extremes overflow.
  SumNodeParams narrow = sumNodeParams(p, 10);
  narrow.w -= 4;
  narrow.inv &= (uint64_t{1} << narrow.w) - 1;
  const SimRun b = simulate(emitGlobalSumNetwork(net, g, p, narrow), 8, inputs(8, 10, 1, 0));
  ASSERT_TRUE(b.ended) << b.log;
  EXPECT_EQ(b.errs[0], 1) << "overflow not flagged";
  EXPECT_NE(b.log.find(".e_overflow: a value overflows W bits\n"), std::string::npos) << b.log;
  // Node 0's value never shows on its links: its neighbours see no value.
  const SimRun c =
      simulate(emitGlobalSumNetwork(net, g, p, 10), 8, x, "    force dut.vld[0] = 1'b0;\n");
  ASSERT_TRUE(c.ended) << c.log;
  EXPECT_EQ(c.errs[0], 0);  // node 0 hears its neighbours
  EXPECT_EQ(c.errs[1], 1);  // 1 = 0 + e_0 misses node 0
  EXPECT_NE(c.log.find(".e_no_value: a port carries no value\n"), std::string::npos) << c.log;
}

TEST(GlobalSumRtl, LintClean) {
  const NetworkDesc net = torusNetwork(2, 5);
  const SumRtl rtl = emitGlobalSumNetwork(net, PortGraph::build(net), cayleyGlobalSum(net), 12);
  const std::string dir = "/tmp/hctest-sumlint-" + std::to_string(::getpid());
  fs::create_directories(dir + "/rtl");
  fs::create_directories(dir + "/hw");
  for (const auto& [name, text] : rtl.files) std::ofstream(dir + "/" + name) << text;
  const auto l = hctest::run("verilator --lint-only -Wall --top-module " + rtl.top_module + " " +
                             dir + "/rtl/" + rtl.top_module + ".v " + dir + "/hw/hc_sum_node.v");
  fs::remove_all(dir);
  EXPECT_EQ(l.code, 0) << l.err;
  EXPECT_EQ(l.out + l.err, "");
}

namespace {

// x - y in the group.
uint64_t sub(const NetworkDesc& net, uint64_t x, uint64_t y) {
  uint64_t out = 0, w = 1;
  for (int m : net.radices) {
    const uint64_t r = uint64_t(m);
    out += ((x % r + r - y % r) % r) * w;
    x /= r;
    y /= r;
    w *= r;
  }
  return out;
}

// Loads x[u][v] at node u, entry u - v; runs; "sum i value err" per node.
SimRun simulateAcc(const NetworkDesc& net, const AccRtl& rtl,
                   const std::vector<std::vector<int64_t>>& x, const std::string& extra = "") {
  const uint64_t n = net.nodes();
  const std::string dir = "/tmp/hctest-accrtl-" + std::to_string(::getpid());
  fs::create_directories(dir);
  for (const auto& [name, text] : rtl.files) {
    fs::create_directories(fs::path(dir + "/" + name).parent_path());
    std::ofstream(dir + "/" + name) << text;
  }
  std::ofstream tb(dir + "/tb.v");
  tb << "module tb;\n  reg clk = 0, rst_n = 0, start = 0, ld = 0;\n  reg [" << rtl.aw - 1
     << ":0] idx = 0;\n  reg [" << n * uint64_t(rtl.w) - 1
     << ":0] data = 0;\n  wire busy, done, err;\n  wire [" << n * uint64_t(rtl.w) - 1
     << ":0] sum;\n  integer i, cycles = 0;\n  " << rtl.top_module
     << " dut(.clk_i(clk), .rst_ni(rst_n), .start_i(start), .ld_valid_i(ld), .ld_idx_i(idx),"
     << " .ld_data_i(data), .busy_o(busy), .done_o(done), .err_o(err), .sum_o(sum));\n"
     << "  always #5 clk = ~clk;\n  always @(posedge clk) if (busy) cycles = cycles + 1;\n"
     << "  initial begin\n"
     << extra << "  end\n  initial begin\n    #12 rst_n = 1;\n";
  for (uint64_t c = 0; c < n; ++c) {
    std::vector<int64_t> col(n);
    for (uint64_t u = 0; u < n; ++u) col[u] = x[u][sub(net, u, c)];
    tb << "    @(negedge clk) ld = 1; idx = " << c << "; data = " << hexOf(col, rtl.w) << ";\n";
  }
  tb << "    @(negedge clk) ld = 0; start = 1;\n    @(negedge clk) start = 0;\n"
     << "    wait (done);\n    @(negedge clk);\n    $display(\"cycles %0d\", cycles);\n"
     << "    for (i = 0; i < " << n << "; i = i + 1)\n"
     << "      $display(\"sum %0d %0d %0d\", i, $signed(sum[i*" << rtl.w << " +: " << rtl.w
     << "]), dut.err[i]);\n    $finish;\n  end\n"
     << "  initial begin #1000000 $display(\"watchdog: no done\"); $finish; end\nendmodule\n";
  tb.close();
  SimRun r;
  const auto c = hctest::run("iverilog -g2005 -o " + dir + "/sim.vvp " + dir + "/tb.v " + dir +
                             "/rtl/" + rtl.top_module + ".v " + dir + "/hw/hc_acc_node.v");
  r.log = c.out + c.err;
  if (c.code != 0) {
    fs::remove_all(dir);
    return r;
  }
  const auto s2 = hctest::run("vvp -n " + dir + "/sim.vvp");
  r.log = s2.out + s2.err;
  fs::remove_all(dir);
  std::smatch m;
  if (std::regex_search(s2.out, m, std::regex("cycles (\\d+)"))) r.cycles = std::stoll(m[1]);
  const std::regex row("sum (\\d+) (-?\\d+) (\\d)");
  for (auto it = std::sregex_iterator(s2.out.begin(), s2.out.end(), row);
       it != std::sregex_iterator(); ++it) {
    r.sums.push_back(std::stoll((*it)[2]));
    r.errs.push_back(std::stoi((*it)[3]));
  }
  r.ended = r.sums.size() == n;
  return r;
}

AccumulationSchedule accumulate(const NetworkDesc& net) {
  return cayleyAccumulation(net, searchRegularOrder(PortGraph::build(negatedNetwork(net))));
}

}  // namespace

TEST(AccumulationRtl, EveryNodeEndsWithItsSum) {
  const std::vector<Net> nets = {
      {hypercubeNetwork(3), 3},                // ceil(7/3)
      {torusNetwork(2, 3), 2},                 // ceil(8/4)
      {hypercycleNetwork({4, 4}, {1, 1}), 4},  // ceil(15/4)
      {cayleyNetwork({7}, {{1}, {3}}), 3},     // directed, 6/2
  };
  for (const Net& c : nets) {
    const uint64_t n = c.net.nodes();
    const AccumulationSchedule s = accumulate(c.net);
    ASSERT_EQ(s.steps, c.steps) << c.net.label;
    const AccRtl rtl = emitAccumulationNetwork(c.net, PortGraph::build(c.net), s, 10);
    std::mt19937_64 rng(77);
    std::uniform_int_distribution<int64_t> value(-512, 511);
    std::vector<std::vector<int64_t>> x(n, std::vector<int64_t>(n));
    for (auto& row : x) {
      for (auto& e : row) e = value(rng);
    }
    const SimRun r = simulateAcc(c.net, rtl, x);
    ASSERT_TRUE(r.ended) << c.net.label << ": " << r.log;
    EXPECT_EQ(r.cycles, c.steps) << c.net.label;
    for (uint64_t v = 0; v < n; ++v) {
      int64_t want = 0;
      for (uint64_t u = 0; u < n; ++u) want += x[u][v];
      EXPECT_EQ(r.sums[v], want) << c.net.label << " node " << v;
      EXPECT_EQ(r.errs[v], 0) << c.net.label << " node " << v;
    }
  }
}

TEST(AccumulationRtl, ErrFiresOnAMissingValueAndLintClean) {
  const NetworkDesc net = hypercubeNetwork(3);
  const AccRtl rtl = emitAccumulationNetwork(net, PortGraph::build(net), accumulate(net), 8);
  std::vector<std::vector<int64_t>> x(8, std::vector<int64_t>(8, 1));
  // Node 0's output port 0 never carries a value: node 1 (= 0 + e_0) expects one.
  const SimRun r = simulateAcc(net, rtl, x, "    force dut.vld[0] = 1'b0;\n");
  ASSERT_TRUE(r.ended) << r.log;
  EXPECT_EQ(r.errs[1], 1);
  EXPECT_NE(r.log.find("disagree"), std::string::npos) << r.log;
  const std::string dir = "/tmp/hctest-acclint-" + std::to_string(::getpid());
  fs::create_directories(dir + "/rtl");
  fs::create_directories(dir + "/hw");
  for (const auto& [name, text] : rtl.files) std::ofstream(dir + "/" + name) << text;
  const auto l = hctest::run("verilator --lint-only -Wall --top-module " + rtl.top_module + " " +
                             dir + "/rtl/" + rtl.top_module + ".v " + dir + "/hw/hc_acc_node.v");
  fs::remove_all(dir);
  EXPECT_EQ(l.code, 0) << l.err;
  EXPECT_EQ(l.out + l.err, "");
}

// Half-duplex links (Faber Sec. 6). The global sum: a step is two clocks, the
// parity classes of Q_3 drive in turn; every node still ends with the sum, in
// 2 x 3 clocks. Giving node 0 its neighbours' phase makes both ends of its links
// drive at once: err_o fires. The accumulation: the one-way broadcast reversed,
// Thm 6.3's ceil(2(2^3-1)/3) = 5 steps, two ROM images (the parities); a ROM
// that sends on a link in the step the neighbour sends on it sets err_o.
TEST(HalfDuplexRtl, GlobalSumTakesTwoClocksPerStepAndErrFiresOnBothEndsDriving) {
  const NetworkDesc net = hypercubeNetwork(3);
  const PortGraph g = PortGraph::build(net);
  const GlobalSumProgram p = cayleyGlobalSum(net);
  std::vector<uint8_t> phase(8);
  for (uint64_t x = 0; x < 8; ++x) phase[x] = uint8_t(__builtin_popcountll(x) & 1);  // parity
  const std::vector<int64_t> x = inputs(8, 10, 5, 2);
  int64_t want = 0;
  for (int64_t e : x) want += e;
  const SimRun r = simulate(emitGlobalSumNetwork(net, g, p, 10, phase), 8, x);
  ASSERT_TRUE(r.ended) << r.log;
  EXPECT_EQ(r.cycles, 6);
  for (size_t i = 0; i < r.sums.size(); ++i) {
    EXPECT_EQ(r.sums[i], want) << "node " << i;
    EXPECT_EQ(r.errs[i], 0) << "node " << i;
  }
  std::vector<uint8_t> bad = phase;
  bad[0] = 1;  // node 0 drives with its neighbours 1, 2, 4
  const SimRun b = simulate(emitGlobalSumNetwork(net, g, p, 10, bad), 8, x);
  ASSERT_TRUE(b.ended) << b.log;
  EXPECT_EQ(b.errs[0], 1);
  EXPECT_EQ(b.errs[1], 1);
  EXPECT_EQ(b.errs[3], 0);  // 3's neighbours 1, 2 and 7 keep their phases
  EXPECT_NE(b.log.find("driven from both ends"), std::string::npos) << b.log;
}

TEST(HalfDuplexRtl, AccumulationInThm63StepsAndErrFiresOnBothEndsDriving) {
  const NetworkDesc net = hypercubeNetwork(3);
  const PortGraph g = PortGraph::build(net);
  const AccumulationSchedule s = halfDuplexAccumulation(net, g, searchRegularOrder(g));
  ASSERT_EQ(s.steps, 5u);  // ceil(2 (2^3 - 1) / 3)
  const AccRtl rtl = emitAccumulationNetwork(net, g, s, 8);
  EXPECT_EQ(rtl.roms.images.size(), 2u);
  std::mt19937_64 rng(3);
  std::uniform_int_distribution<int64_t> value(-128, 127);
  std::vector<std::vector<int64_t>> x(8, std::vector<int64_t>(8));
  for (auto& row : x) {
    for (auto& e : row) e = value(rng);
  }
  const SimRun r = simulateAcc(net, rtl, x);
  ASSERT_TRUE(r.ended) << r.log;
  EXPECT_EQ(r.cycles, 5);
  for (uint64_t v = 0; v < 8; ++v) {
    int64_t want = 0;
    for (uint64_t u = 0; u < 8; ++u) want += x[u][v];
    EXPECT_EQ(r.sums[v], want) << "node " << v;
    EXPECT_EQ(r.errs[v], 0) << "node " << v;
  }
  // A ROM that has node 0 send to node 1 in a step where node 1 sends to node 0
  // (node 0 receives on port 0): both ends drive the half-duplex link. Node 0
  // flags it (HD = 1); with full-duplex nodes the same rows are legal.
  const auto& image = rtl.roms.images[rtl.roms.image_of[0]];
  uint32_t step = 0;
  for (uint32_t t = 0; t < s.steps && step == 0; ++t) {
    if (image[size_t(t) * 3 + 0].second != 0) step = t + 1;
  }
  ASSERT_GT(step, 0u);
  AccumulationSchedule bad = s;
  bad.transfers.push_back({step, 0, 1, 2});
  const SimRun b = simulateAcc(net, emitAccumulationNetwork(net, g, bad, 8), x);
  ASSERT_TRUE(b.ended) << b.log;
  EXPECT_EQ(b.errs[0], 1) << b.log;
  EXPECT_NE(b.log.find("disagree"), std::string::npos) << b.log;
  bad.links = LinkMode::kFullDuplex;
  const SimRun f = simulateAcc(net, emitAccumulationNetwork(net, g, bad, 8), x);
  ASSERT_TRUE(f.ended) << f.log;
  EXPECT_EQ(f.errs[0], 0) << f.log;
  EXPECT_EQ(f.errs[1], 0) << f.log;
}
