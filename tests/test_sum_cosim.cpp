// Co-simulation of Faber's global sum (paper 003, Sec. 5): the generated
// network of hc_sum_node, Verilated, in lock-step with the SystemC model
// (model/sum_node.h) by tb/sum_cosim.cpp, on seeded random inputs, on a
// hypercube (Q_3), a torus (MT(2,3)) and a hypercycle (G^{1,1}_{4,4}); the
// harness checks every node's value each cycle and every sum against the sum
// of the inputs it drew. Each network is one Verilator build (about 20 s cold,
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
  const auto b = hctest::run(
      "cd " + dir + " && verilator --cc --exe --build -j 1 --no-timing --top-module " +
      rtl.top_module + " -Mdir obj -o hc-sum-cosim rtl/" + rtl.top_module + ".v hw/hc_sum_node.v " +
      kSrc + "/tb/sum_cosim.cpp " + kSrc + "/model/sum_node.cpp -CFLAGS '-std=c++17 -I" + dir +
      " -I" + kSrc + " -I" + kSrc +
      "/gen' -LDFLAGS -lsystemc -MAKEFLAGS 'OBJCACHE=ccache OPT_FAST=-O1 OPT_SLOW=-O1'");
  if (b.code != 0) return b;
  return hctest::run("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 " + dir + "/obj/hc-sum-cosim " + dir +
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
