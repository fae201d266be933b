// Schedules run at several clocks per step (algorithm/step_clocks.h) and their
// independent check (checker/step_clock_checker.h): the transfers stay the
// steps' own, each node's P transfers of a step spread over the K clocks, and
// the store then needs ceil(P/K) banks where König's theorem says so.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "algorithm/hypercube_schedules.h"
#include "algorithm/step_clocks.h"
#include "checker/step_clock_checker.h"
#include "emit/schedule_program.h"
#include "emit/schedule_rtl.h"
#include "topology/network.h"
#include "topology/port_graph.h"
#include "util/error.h"

namespace hypercast {
namespace {

uint32_t ceilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

// On Q_d every node sends and receives on all d ports in some step of the
// total exchange (Bertsekas et al., Sec. 4: every link busy in every step) and
// of the multinode broadcast's first step (every node sends its own packet on
// all d ports): at K clocks per step the most one node writes or reads in a clock
// is ceil(d/K), the lower bound on the banks. The total exchange reads each
// stored packet once, so König's colouring reaches it.
TEST(StepClocks, BanksFallToCeilPortsOverClocks) {
  for (uint32_t d = 3; d <= 5; ++d) {
    const PortGraph g = PortGraph::build(hypercubeNetwork(static_cast<int>(d)));
    for (Collective c : {Collective::kTotalExchange, Collective::kMultinodeBroadcast}) {
      const Schedule s = hypercubeSchedule(static_cast<int>(d), c, 0);
      for (uint32_t k : {1u, 2u, d, d + 1}) {
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

// The 4-cube's multinode broadcast at 4 clocks per step: one bank, whose words are
// every packet the node ends with (its own and the 15 it receives).
TEST(StepClocks, TheFourCubeAllgatherKeepsOneBank) {
  const PortGraph g = PortGraph::build(hypercubeNetwork(4));
  const Schedule s = hypercubeSchedule(4, Collective::kMultinodeBroadcast, 0);
  const NetworkProgram p = compileSchedule(scheduleInClocks(s, g, 4), g);
  EXPECT_EQ(p.banks, 1u);
  EXPECT_GE(p.depth, 15u);
}

// A star on four nodes: the three leaves reach the hub from their output 0, so
// the rule by output port would put all three arrivals at the hub in one of
// the 2 clocks, over ceil(3/2) = 2; the edge colouring gives the hub 2 and 1.
TEST(StepClocks, CollidingPortClassesTakeTheEdgeColouring) {
  std::istringstream csv(
      "# hypercast port graph star nodes 4 ports 3\nnode,port,to_node,to_port\n"
      "0,0,1,0\n0,1,2,0\n0,2,3,0\n1,0,0,0\n2,0,0,1\n3,0,0,2\n");
  const PortGraph g = PortGraph::readCsv(csv, "star");
  Schedule s;
  s.collective = Collective::kMultinodeBroadcast;
  s.nodes = 4;
  s.steps = 1;
  s.transfers = {
      {1, 1, 0, 1, kAllNodes, 0}, {1, 2, 0, 2, kAllNodes, 0}, {1, 3, 0, 3, kAllNodes, 0}};
  const Schedule t = scheduleInClocks(s, g, 2);
  ASSERT_EQ(t.transfers.size(), 3u);
  int first = 0;
  for (const Transfer& x : t.transfers) first += x.step == 1 ? 1 : 0;
  EXPECT_TRUE(first == 1 || first == 2) << first;
  EXPECT_TRUE(checker::checkStepClocks(s, t, 2).empty());
}

// Every node of Q_3 sends its packet on dimensions 0 and 2 in one step: the same
// ROM at every node. At 2 clocks per step both ports fall in clock 0, over
// ceil(2/2) = 1, so the edge colouring spreads them; with the transfers listed
// in another order at some nodes, its colours differ from node to node and so
// do the ROMs. --shared-rom is then refused with that cause named.
TEST(StepClocks, SharedRomRefusalNamesTheClockSpread) {
  const NetworkDesc net = hypercubeNetwork(3);
  const PortGraph g = PortGraph::build(net);
  Schedule s;
  s.collective = Collective::kMultinodeBroadcast;
  s.nodes = 8;
  s.steps = 1;
  for (uint32_t x = 0; x < 8; ++x) {
    const Transfer dim0{1, x, x ^ 1u, x, kAllNodes, 0};
    const Transfer dim2{1, x, x ^ 4u, x, kAllNodes, 0};
    s.transfers.push_back(x % 3 == 1 ? dim2 : dim0);
    s.transfers.push_back(x % 3 == 1 ? dim0 : dim2);
  }
  ASSERT_TRUE(compileSchedule(s, g).identicalRoms());
  ASSERT_FALSE(compileSchedule(scheduleInClocks(s, g, 2), g).identicalRoms());
  EXPECT_NO_THROW(emitScheduleNetwork(net, g, s, 8, /*shared_rom=*/true, 100, "", 1));
  try {
    emitScheduleNetwork(net, g, s, 8, /*shared_rom=*/true, 100, "", 2);
    ADD_FAILURE() << "--shared-rom accepted ROMs that differ";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("spread over 2 clocks per step the nodes' ROMs differ"),
              std::string::npos)
        << e.what();
  }
}

TEST(StepClocks, OneClockIsTheScheduleItself) {
  const PortGraph g = PortGraph::build(hypercubeNetwork(3));
  const Schedule s = hypercubeSchedule(3, Collective::kScatter, 0);
  const Schedule t = scheduleInClocks(s, g, 1);
  EXPECT_EQ(t.steps, s.steps);
  EXPECT_EQ(t.transfers, s.transfers);
  EXPECT_THROW(scheduleInClocks(s, g, 0), Error);
  EXPECT_THROW(scheduleInClocks(s, g, kMaxClocksPerStep + 1), Error);
  Schedule endless;  // more clocks than 32 bits count
  endless.nodes = 8;
  endless.steps = 100000000;
  EXPECT_THROW(scheduleInClocks(endless, g, kMaxClocksPerStep), Error);
}

// The checker refuses a transfer moved out of its step's clocks, one missing,
// one added twice, and a clock where a node sends, or one receives, more than
// ceil(D/K).
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
  EXPECT_NE(e.front().find("node 0 sends more transmissions in clock 1 than ceil(3/3) = 1"),
            std::string::npos)
      << e.front();

  Schedule twice = t;
  twice.transfers.push_back(t.transfers.back());
  e = checker::checkStepClocks(s, twice, 3);
  ASSERT_FALSE(e.empty());
  EXPECT_NE(e.front().find("does not"), std::string::npos) << e.front();

  // Node 0 receives on its 3 ports in step 1 too: put them in clock 2.
  Schedule flooded = t;
  for (Transfer& x : flooded.transfers) {
    if (x.to == 0 && x.step <= 3) x.step = 2;
  }
  // (its senders then crowd their own clock 2 too: the receive is among the errors)
  e = checker::checkStepClocks(s, flooded, 3, 100);
  EXPECT_NE(std::find(e.begin(), e.end(),
                      "node 0 receives more transmissions in clock 2 than ceil(3/3) = 1"),
            e.end());

  Schedule long_clock = t;
  long_clock.steps += 1;
  EXPECT_FALSE(checker::checkStepClocks(s, long_clock, 3).empty());
  EXPECT_THROW(checker::requireStepClocks(s, moved, 3), Error);
}

}  // namespace
}  // namespace hypercast
