// Co-simulation of Faber's global sum (paper 003, Sec. 5): the generated
// network of hc_sum_node, Verilated, in lock-step with the SystemC model
// (model/sum_node.h) by tb/sum_cosim.cpp, on seeded random inputs, on a
// hypercube (Q_3), a torus (MT(2,3)) and a hypercycle (G^{1,1}_{4,4}); the
// harness checks every node's value each cycle and every sum against the sum
// of the inputs it drew; the accumulation (model/acc_node.h, tb/acc_cosim.cpp)
// on Q_3 the same way (its hypercycle run, G^{1,1}_{4,4}, took 46 s: the
// Icarus test covers the accumulation there). Each network is one Verilator build (about 20 s cold,
// a few with ccache warm).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "algorithm/combining_collectives.h"
#include "emit/sum_rtl.h"
#include "test_util.h"
#include "topology/hypercycle.h"

using namespace hypercast;
namespace fs = std::filesystem;

namespace {

const std::string kSrc = HC_SOURCE_DIR;

// verilator --exe --build of the top, the hw module, the harness and the model.
hctest::CmdResult buildHarness(const std::string& dir, const std::string& top,
                               const std::string& hw, const std::string& harness,
                               const std::string& model) {
  std::ofstream(dir + "/sum_top.h")
      << "#include \"V" << top << ".h\"\nusing SumTop = V" << top << ";\n";
  return hctest::run("cd " + dir +
                     " && verilator --cc --exe --build -j 1 --no-timing --top-module " + top +
                     " -Mdir obj -o hc-cosim rtl/" + top + ".v hw/" + hw + " " + kSrc + "/tb/" +
                     harness + " " + kSrc + "/model/" + model +
                     (model == "acc_node.cpp" ? " " + kSrc + "/model/sum_node.cpp" : "") +
                     " -CFLAGS '-std=c++17 -I" + dir + " -I" + kSrc + " -I" + kSrc +
                     "/gen' -LDFLAGS -lsystemc -MAKEFLAGS 'OBJCACHE=ccache OPT_FAST=-O1 "
                     "OPT_SLOW=-O1'");
}

// Builds the cosim of `net` and runs it; returns its output.
hctest::CmdResult cosim(const NetworkDesc& net, int input_bits, uint64_t seed, int runs,
                        std::string* dir_out) {
  const GlobalSumProgram p = cayleyGlobalSum(net);
  const PortGraph g = PortGraph::build(net);
  const SumRtl rtl = emitGlobalSumNetwork(net, g, p, input_bits);
  const std::string dir = "/tmp/hctest-sumcosim-" + std::to_string(::getpid()) + "-" + net.name;
  *dir_out = dir;
  fs::remove_all(dir);
  for (const auto& [name, text] : rtl.files) {
    fs::create_directories(fs::path(dir + "/" + name).parent_path());
    std::ofstream(dir + "/" + name) << text;
  }
  std::ofstream(dir + "/sum_top.h")
      << "#include \"V" << rtl.top_module << ".h\"\nusing SumTop = V" << rtl.top_module << ";\n";
  {
    std::ofstream cfg(dir + "/config.txt");
    cfg << net.nodes() << ' ' << g.ports() << ' ' << rtl.params.xw << ' ' << rtl.params.w << ' '
        << p.steps << ' ' << p.divisor << '\n';
    for (int64_t c : p.constant) cfg << c << ' ';
    cfg << '\n';
    for (bool b : p.uses_input) cfg << (b ? 1 : 0) << ' ';
    cfg << '\n';
    for (uint64_t x = 0; x < net.nodes(); ++x) {
      for (int q = 0; q < g.ports(); ++q) cfg << g.drivenBy(x, q).node << ' ';
      cfg << '\n';
    }
  }
  const auto b =
      buildHarness(dir, rtl.top_module, "hc_sum_node.v", "sum_cosim.cpp", "sum_node.cpp");
  if (b.code != 0) return b;
  return hctest::run("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 " + dir + "/obj/hc-cosim " + dir +
                     "/config.txt " + std::to_string(seed) + " " + std::to_string(runs));
}

void expectPass(const NetworkDesc& net, uint32_t steps) {
  std::string dir;
  const auto r = cosim(net, 12, 2026, 6, &dir);
  fs::remove_all(dir);
  ASSERT_EQ(r.code, 0) << net.label << ": " << r.out << r.err.substr(0, 3000);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m,
                                std::regex("cosim PASS nodes (\\d+) steps (\\d+) "
                                           "runs (\\d+) cycles (\\d+)")))
      << r.out;
  EXPECT_EQ(std::stoull(m[1]), net.nodes());
  EXPECT_EQ(std::stoul(m[2]), steps);
  EXPECT_EQ(std::stoull(m[4]), 6ull * steps);  // one step per clock, six runs
}

}  // namespace

TEST(GlobalSumCosim, Hypercube) { expectPass(hypercubeNetwork(3), 3); }  // d steps
TEST(GlobalSumCosim, Torus) { expectPass(torusNetwork(2, 3), 2); }       // {4, 1, -2}
TEST(GlobalSumCosim, Hypercycle) {                                       // {4, 2, 0, -2, -4}
  expectPass(hypercycleNetwork(Hypercycle::fromPaperOrder({4, 4}, {1, 1})), 4);
}

namespace {

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

void expectAccPass(const NetworkDesc& net, uint32_t steps) {
  const PortGraph g = PortGraph::build(net);
  const AccumulationSchedule s =
      cayleyAccumulation(net, searchRegularOrder(PortGraph::build(negatedNetwork(net))));
  ASSERT_EQ(s.steps, steps) << net.label;
  const AccRtl rtl = emitAccumulationNetwork(net, g, s, 12);
  const std::string dir = "/tmp/hctest-acccosim-" + std::to_string(::getpid()) + "-" + net.name;
  fs::remove_all(dir);
  for (const auto& [name, text] : rtl.files) {
    fs::create_directories(fs::path(dir + "/" + name).parent_path());
    std::ofstream(dir + "/" + name) << text;
  }
  const uint64_t n = net.nodes();
  const int np = g.ports();
  {
    // The rows from the schedule's transfers at node 0 (the test's own reading).
    std::vector<std::vector<std::pair<long, long>>> rows(
        steps, std::vector<std::pair<long, long>>(size_t(np), {-1, -1}));
    for (const CombiningTransfer& t : s.transfers) {
      if (t.from == 0)
        rows[t.step - 1][size_t(g.portTo(t.from, t.to))].first = long(sub(net, 0, t.target));
      if (t.to == 0) {
        const int k = g.drives(t.from, g.portTo(t.from, t.to)).port;
        rows[t.step - 1][size_t(k)].second = long(sub(net, 0, t.target));
      }
    }
    std::ofstream cfg(dir + "/config.txt");
    cfg << n << ' ' << np << ' ' << rtl.w << ' ' << 12 << ' ' << steps << '\n';
    for (const auto& r : rows) {
      for (const auto& [a, b] : r) cfg << a << ' ' << b << ' ';
      cfg << '\n';
    }
    for (uint64_t x = 0; x < n; ++x) {
      for (int q = 0; q < np; ++q) {
        const PortEnd e = g.drivenBy(x, q);
        cfg << e.node * uint64_t(np) + uint64_t(e.port) << ' ';
      }
      cfg << '\n';
    }
    for (uint64_t u = 0; u < n; ++u) {
      for (uint64_t c = 0; c < n; ++c) cfg << sub(net, u, c) << ' ';
      cfg << '\n';
    }
  }
  const auto b =
      buildHarness(dir, rtl.top_module, "hc_acc_node.v", "acc_cosim.cpp", "acc_node.cpp");
  ASSERT_EQ(b.code, 0) << b.out << b.err.substr(0, 3000);
  const auto r = hctest::run("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 " + dir + "/obj/hc-cosim " + dir +
                             "/config.txt 2026 4");
  fs::remove_all(dir);
  ASSERT_EQ(r.code, 0) << net.label << ": " << r.out << r.err.substr(0, 3000);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m,
                                std::regex("cosim PASS nodes (\\d+) steps (\\d+) "
                                           "runs (\\d+) cycles (\\d+)")))
      << r.out;
  EXPECT_EQ(std::stoull(m[1]), n);
  EXPECT_EQ(std::stoull(m[4]), 4ull * steps);  // one step per clock, four runs
}

}  // namespace

TEST(AccumulationCosim, Hypercube) { expectAccPass(hypercubeNetwork(3), 3); }  // ceil(7/3)
