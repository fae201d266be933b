// Schedules run at several clocks per step (algorithm/step_clocks.h) and their
// independent check (checker/step_clock_checker.h): the transfers stay the
// steps' own, each node's P transfers of a step spread over the K clocks, and
// the store then needs ceil(P/K) banks where König's theorem says so.
#include <gtest/gtest.h>

#include <sstream>

#include "algorithm/hypercube_schedules.h"
#include "algorithm/step_clocks.h"
#include "checker/step_clock_checker.h"
#include "emit/schedule_program.h"
#include "topology/network.h"
#include "topology/port_graph.h"
#include "util/error.h"

namespace hypercast {
namespace {

uint32_t ceilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

// On Q_d every node sends and receives on all d ports in some step of the
// total exchange (Bertsekas et al., Sec. 4: every link busy in every step) and
// of the multinode broadcast's first step (every node sends its own packet on
// all d ports): at K clocks a step the most one node writes or reads in a clock
// is ceil(d/K), the lower bound on the banks. The total exchange reads each
// stored packet once, so König's colouring reaches it.
TEST(StepClocks, BanksFallToCeilPortsOverClocks) {
  for (uint32_t d = 3; d <= 5; ++d) {
    const PortGraph g = PortGraph::build(hypercubeNetwork(static_cast<int>(d)));
    for (Collective c : {Collective::kTotalExchange, Collective::kMultinodeBroadcast}) {
      const Schedule s = hypercubeSchedule(static_cast<int>(d), c, 0);
      for (uint32_t k : {1u, 2u, 3u, d}) {
        const Schedule t = scheduleInClocks(s, g, k);
        EXPECT_EQ(t.steps, s.steps * k);
        EXPECT_TRUE(checker::checkStepClocks(s, t, k).empty());
        const NetworkProgram p = compileSchedule(t, g);
        const std::string what = "Q_" + std::to_string(d) + " " + toString(c) + " at " +
                                 std::to_string(k) + " clocks per step";
        EXPECT_EQ(p.rows, s.steps * k + 1) << what;
        EXPECT_EQ(p.bank_bound, ceilDiv(d, k)) << what;
        if (c == Collective::kTotalExchange) {
          EXPECT_EQ(p.banks, ceilDiv(d, k)) << what;
        }
        // The rule by output port keeps the translated nodes' programs equal.
        EXPECT_TRUE(p.identicalRoms()) << what;
      }
    }
  }
}

// The 4-cube's multinode broadcast at 4 clocks a step: one bank, whose words are
// every packet the node ends with (its own and the 15 it receives).
TEST(StepClocks, TheFourCubeAllgatherKeepsOneBank) {
  const PortGraph g = PortGraph::build(hypercubeNetwork(4));
  const Schedule s = hypercubeSchedule(4, Collective::kMultinodeBroadcast, 0);
  const NetworkProgram p = compileSchedule(scheduleInClocks(s, g, 4), g);
  EXPECT_EQ(p.banks, 1u);
  EXPECT_GE(p.depth, 15u);
}

// A star on three nodes: both leaves reach the hub from their output 0, so the
// rule by output port would put both arrivals at the hub in one clock; the
// edge colouring separates them.
TEST(StepClocks, CollidingPortClassesTakeTheEdgeColouring) {
  std::istringstream csv(
      "# hypercast port graph star nodes 3 ports "
      "2\nnode,port,to_node,to_port\n0,0,1,0\n0,1,2,0\n1,0,0,0\n2,0,0,1\n");
  const PortGraph g = PortGraph::readCsv(csv, "star");
  Schedule s;
  s.collective = Collective::kMultinodeBroadcast;
  s.nodes = 3;
  s.steps = 1;
  s.transfers = {{1, 1, 0, 1, kAllNodes, 0}, {1, 2, 0, 2, kAllNodes, 0}};
  const Schedule t = scheduleInClocks(s, g, 2);
  ASSERT_EQ(t.transfers.size(), 2u);
  EXPECT_NE(t.transfers[0].step, t.transfers[1].step);
  EXPECT_TRUE(checker::checkStepClocks(s, t, 2).empty());
}

TEST(StepClocks, OneClockIsTheScheduleItself) {
  const PortGraph g = PortGraph::build(hypercubeNetwork(3));
  const Schedule s = hypercubeSchedule(3, Collective::kScatter, 0);
  const Schedule t = scheduleInClocks(s, g, 1);
  EXPECT_EQ(t.steps, s.steps);
  EXPECT_EQ(t.transfers, s.transfers);
  EXPECT_THROW(scheduleInClocks(s, g, 0), Error);
  EXPECT_THROW(scheduleInClocks(s, g, kMaxClocksPerStep + 1), Error);
}

// The checker refuses a transfer moved out of its step's clocks, one missing,
// one added, and a clock where a node sends more than ceil(D/K).
TEST(StepClocks, TheCheckerRefusesWhatIsNotTheSteps) {
  const PortGraph g = PortGraph::build(hypercubeNetwork(3));
  const Schedule s = hypercubeSchedule(3, Collective::kMultinodeBroadcast, 0);
  const Schedule t = scheduleInClocks(s, g, 3);
  ASSERT_TRUE(checker::checkStepClocks(s, t, 3).empty());

  Schedule moved = t;
  moved.transfers[0].step += 3;  // a clock of the next step
  auto e = checker::checkStepClocks(s, moved, 3);
  ASSERT_FALSE(e.empty());
  EXPECT_NE(e.front().find("which step 2 does not"), std::string::npos) << e.front();

  Schedule missing = t;
  missing.transfers.pop_back();
  e = checker::checkStepClocks(s, missing, 3);
  ASSERT_FALSE(e.empty());
  EXPECT_NE(e.front().find("is in no clock of it"), std::string::npos) << e.front();

  // Step 1: every node sends on its 3 ports, one a clock; put node 0's three
  // sends in the first clock.
  Schedule crowded = t;
  for (Transfer& x : crowded.transfers) {
    if (x.from == 0 && x.step <= 3) x.step = 1;
  }
  e = checker::checkStepClocks(s, crowded, 3);
  ASSERT_FALSE(e.empty());
  EXPECT_NE(e.front().find("node 0 sends more transfers in clock 1 than ceil(3/3) = 1"),
            std::string::npos)
      << e.front();

  Schedule long_clock = t;
  long_clock.steps += 1;
  EXPECT_FALSE(checker::checkStepClocks(s, long_clock, 3).empty());
  EXPECT_THROW(checker::requireStepClocks(s, moved, 3), Error);
}

}  // namespace
}  // namespace hypercast
