// Co-simulation of Faber's combining collectives (paper 003) through
// `hypercast simulate --collective global-sum|accumulation`: the generated
// network of hc_sum_node / hc_acc_node Verilated (shared runtime, cached by
// content), in lock step with the SystemC model (model/sum_node.h,
// model/acc_node.h) by tb/sum_cosim.cpp and tb/acc_cosim.cpp, on seeded random
// inputs (the extremes first). The harness compares every node's value (global
// sum) or every output port's partial sum (accumulation) each cycle, and every
// final sum against the sums of the inputs it drew itself.
//
// The matrix of the issue: a hypercube (Q_3), a torus (MT(2,3)), a hypercycle
// (G^{1,1}_{4,4}) and a half-duplex hypercube (Q_3), for both collectives. The
// expected step counts come from the paper's formulas, not from the tool:
//   global sum: distinct eigenvalues - 1 (Sec. 5); Q_3: d = 3; MT(2,3): the
//     eigenvalues of C_3 (2, -1) summed: {4, 1, -2}, 2 steps; G^{1,1}_{4,4}:
//     C_4 (2, 0, -2) summed: {4, 2, 0, -2, -4}, 4 steps. On half-duplex links a
//     step is two clocks (the two classes of Thm 6.3 drive in turn).
//   accumulation: the universal broadcast's ceil((P-1)/d) (Thm 4.5 reversed,
//     Thms 2.10/2.11): Q_3 ceil(7/3) = 3, MT(2,3) ceil(8/4) = 2,
//     G^{1,1}_{4,4} ceil(15/4) = 4; one-way Q_3: Thm 6.3's ceil(2(2^3-1)/3) = 5.
#include <gtest/gtest.h>

#include <ostream>
#include <string>

#include "test_util.h"

namespace {

struct Case {
  const char* name;
  const char* options;  // network and links
  const char* collective;
  uint64_t nodes, steps, clocks_per_step;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.options << " " << c.collective; }

class CombiningCosim : public ::testing::TestWithParam<Case> {};

TEST_P(CombiningCosim, RtlMatchesTheModelAndEverySumIsTheInputs) {
  const Case& c = GetParam();
  const auto r = hctest::run(hctest::hypercast() + " simulate " + c.options + " --collective " +
                             c.collective + " --input-bits 12 --repeat 6 --seed 2026 --json");
  ASSERT_EQ(r.code, 0) << r.out << r.err.substr(0, 3000);
  const auto j = hctest::parseJson(r.out);
  EXPECT_EQ(j.at("verdict"), "pass");
  EXPECT_EQ(j.at("match"), true);
  EXPECT_EQ(j.at("checker"), "pass");
  EXPECT_EQ(j.at("figures").at("nodes").get<uint64_t>(), c.nodes);
  EXPECT_EQ(j.at("figures").at("steps").get<uint64_t>(), c.steps);
  // One step per clock (two on half-duplex links for the global sum), six runs.
  EXPECT_EQ(j.at("figures").at("cycles").get<uint64_t>(), 6 * c.steps * c.clocks_per_step);
}

const Case kCases[] = {
    {"GlobalSumHypercube", "--topology hypercube --dim 3", "global-sum", 8, 3, 1},
    {"GlobalSumTorus", "--topology torus --n 2 --k 3", "global-sum", 9, 2, 1},
    {"GlobalSumHypercycle", "--topology hypercycle --m 4,4 --rho 1,1", "global-sum", 16, 4, 1},
    {"GlobalSumHalfDuplexHypercube", "--topology hypercube --dim 3 --links half-duplex",
     "global-sum", 8, 3, 2},
    {"AccumulationHypercube", "--topology hypercube --dim 3", "accumulation", 8, 3, 1},
    {"AccumulationTorus", "--topology torus --n 2 --k 3", "accumulation", 9, 2, 1},
    {"AccumulationHypercycle", "--topology hypercycle --m 4,4 --rho 1,1", "accumulation", 16, 4, 1},
    {"AccumulationHalfDuplexHypercube", "--topology hypercube --dim 3 --links half-duplex",
     "accumulation", 8, 5, 1},
};

INSTANTIATE_TEST_SUITE_P(Networks, CombiningCosim, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& i) { return i.param.name; });

// The harness's own verdict: a fault in the model (HYPERCAST_FAULT_NODE) must
// show as the first divergence, exit 1.
TEST(CombiningCosim, AFaultInTheModelIsTheFirstDivergence) {
  for (const char* c : {"global-sum", "accumulation"}) {
    SCOPED_TRACE(c);
    const auto r = hctest::run("HYPERCAST_FAULT_NODE=2 " + hctest::hypercast() +
                               " simulate --topology hypercube --dim 3 --collective " + c +
                               " --input-bits 12 --json");
    ASSERT_EQ(r.code, 1) << r.out << r.err;
    const auto j = hctest::parseJson(r.out);
    EXPECT_EQ(j.at("verdict"), "fail");
    EXPECT_EQ(j.at("match"), false);
    EXPECT_NE(j.at("first_divergence").get<std::string>().find("node 2"), std::string::npos)
        << r.out;
  }
}

TEST(CombiningCosim, RefusesWhatItCannotRun) {
  struct Bad {
    const char* args;
    const char* says;
  };
  for (const Bad& b : {
           Bad{"--topology hypercube --dim 3 --collective global-sum --engine systemc",
               "cosim only"},
           Bad{"--topology hypercube --dim 3 --collective accumulation --trace /tmp/x.csv",
               "--trace"},
           // C_3's generators +-1 are not their own inverses: no half-duplex channel pairs.
           Bad{"--topology torus --n 2 --k 3 --collective global-sum --links half-duplex",
               "bipartite"},
           Bad{"--topology torus --n 2 --k 3 --collective accumulation --links half-duplex",
               "own inverse"},
           Bad{"--topology mesh --dims 3,3 --collective accumulation", "Cayley"},
       }) {
    SCOPED_TRACE(b.args);
    const auto r = hctest::run(hctest::hypercast() + " simulate " + b.args);
    EXPECT_EQ(r.code, 2) << r.out << r.err;
    EXPECT_NE(r.err.find(b.says), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
  }
}

}  // namespace
