// The combining collectives' harness watchdog (tb/combining_harness.h,
// nextCycle): a run with no done within clocks_per_run + 2 cycles stops with
// "WATCHDOG run R: no done after C cycles" as the verdict's failure, and the
// harness's exit status (CosimVerdict::print, what tb/sum_cosim.cpp and
// tb/acc_cosim.cpp return) is 1. No configuration reaches it through the
// harnesses themselves: the limit comes from the same step count the SystemC
// model runs, and the model's and the RTL's done flags are compared every
// cycle, so a run that overstays diverges first. So the harness's own code is
// driven here, with a stand-in for the Verilated top that never finishes.
#include <gtest/gtest.h>

#include <string>
#include <systemc>

#include "tb/combining_harness.h"
#include "test_util.h"

// The SystemC library wants one; this binary's main is GoogleTest's.
int sc_main(int, char**) { return 0; }

namespace {

using hypercast::tb::CosimVerdict;
using hypercast::tb::nextCycle;

// What nextCycle and rtlEdge touch of a Verilated top.
struct FakeTop {
  uint8_t clk_i = 0;
  int edges = 0;
  void eval() { edges += clk_i; }
};

sc_core::sc_signal<bool>& modelClock() {
  static sc_core::sc_signal<bool> clk("watchdog_clk");
  return clk;
}

// Runs one run of a harness's cycle loop whose nodes are done from cycle
// `done_at` on (never, if negative): the loop of tb/sum_cosim.cpp, without
// the comparisons, given up after 1000 cycles (a watchdog that never fires
// fails the test rather than hanging it). Returns the cycle at which the loop
// stopped.
uint64_t runLoop(CosimVerdict* v, FakeTop* top, int run, long long done_at) {
  uint64_t c = 0;
  for (; c < 1000; ++c) {
    const bool done = done_at >= 0 && c >= uint64_t(done_at);
    if (!nextCycle(*top, modelClock(), done, run, c, v)) break;
  }
  return c;
}

}  // namespace

TEST(HarnessWatchdog, CombiningRunThatNeverFinishesStops) {
  CosimVerdict v;
  v.collective = "global-sum";
  v.clocks_per_run = 5;
  v.runs = 2;
  FakeTop top;
  EXPECT_EQ(runLoop(&v, &top, 1, -1), 8u);  // c = clocks_per_run + 3 stops it
  EXPECT_EQ(v.cycles, 8u);
  EXPECT_EQ(top.edges, 8);
  EXPECT_TRUE(v.divergence.empty());
  EXPECT_EQ(v.wrong, "WATCHDOG run 1: no done after 8 cycles");
  testing::internal::CaptureStdout();
  const int code = v.print(false);
  const std::string text = testing::internal::GetCapturedStdout();
  EXPECT_EQ(code, 1);
  EXPECT_EQ(text, "WATCHDOG run 1: no done after 8 cycles\n");
  testing::internal::CaptureStdout();
  const int json_code = v.print(true);
  const auto j = hctest::parseJson(testing::internal::GetCapturedStdout());
  EXPECT_EQ(json_code, 1);
  EXPECT_EQ(j.at("verdict"), "FAIL");
  EXPECT_EQ(j.at("match"), true);  // no divergence: the RTL and the model agree
  EXPECT_EQ(j.at("checker"), "fail");
  EXPECT_EQ(j.at("first_divergence"), "WATCHDOG run 1: no done after 8 cycles");
}

// The control: done after clocks_per_run + 3 clocks, the last the watchdog
// allows (the cycle it would fire in), passes with no watchdog.
TEST(HarnessWatchdog, CombiningRunDoneInTimeIsSilent) {
  CosimVerdict v;
  v.collective = "accumulation";
  v.clocks_per_run = 5;
  v.runs = 1;
  FakeTop top;
  EXPECT_EQ(runLoop(&v, &top, 0, 8), 8u);
  EXPECT_EQ(v.cycles, 8u);
  EXPECT_TRUE(v.wrong.empty()) << v.wrong;
  testing::internal::CaptureStdout();
  const int code = v.print(false);
  const std::string text = testing::internal::GetCapturedStdout();
  EXPECT_EQ(code, 0) << text;
  EXPECT_EQ(text.find("WATCHDOG"), std::string::npos) << text;
}
