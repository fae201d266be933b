// The router model's guards on what the RTL assumes (model/router_core.h): the
// hardwired router arbitrates only over requestSources() and takes a head's wd
// from its input port's dimension. A flit that breaks either assumption must stop
// the model, not be routed differently from the RTL in silence.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "algorithm/broadcast_weights.h"
#include "algorithm/wait_bound.h"
#include "model/router_core.h"
#include "topology/hypercycle.h"

using namespace hypercast;

namespace {

// G^{2,2}_{5,5}: every weight is 1, so a dimension-2 input asks for the four
// dimension-1 ports and nothing else.
struct Fixture {
  RouterTables t = makeRouterTables(hypercycleNetwork({5, 5}, {2, 2}), Preference::kClockwise);
  size_t np = t.port_dim.size();
  model::RouterCore core{t, 2, 2, 0, std::vector<bool>(np, false)};
  std::vector<uint8_t> no_credit = std::vector<uint8_t>(np, 0);

  std::vector<model::Flit> arriving(int port, uint32_t wd, uint32_t wc = 1) {
    std::vector<model::Flit> lin(np);
    auto& f = lin[static_cast<size_t>(port)];
    f.valid = true;
    f.origin = 3;
    f.wd = wd;
    f.wc = wc;
    f.payload = 0xabc;
    return lin;
  }
  int portOf(int dim) const {
    for (size_t p = 0; p < np; ++p) {
      if (t.port_dim[p] == dim) return static_cast<int>(p);
    }
    return -1;
  }
};

// What `f` throws as std::logic_error ("" if nothing).
template <typename F>
std::string logicError(F f) {
  try {
    f();
  } catch (const std::logic_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(RouterModel, RoutesAPacketThatKeepsTheRules) {
  Fixture f;
  const int p = f.portOf(2);
  ASSERT_GE(p, 0);
  f.core.clock(f.arriving(p, 2), f.no_credit, false, 0);
  int sent = 0;
  for (size_t q = 0; q < f.np; ++q) {
    const auto& o = f.core.lout()[q];
    if (!o.valid) continue;
    ++sent;
    EXPECT_EQ(f.t.port_dim[q], 1);
    EXPECT_EQ(o.wd, 1u);
    EXPECT_EQ(o.payload, 0xabcu);
  }
  EXPECT_EQ(sent, 4);  // the dimension-1 ports, Case 1
}

TEST(RouterModel, StopsOnAPacketWhoseWdIsNotItsPortsDimension) {
  Fixture f;
  const int p = f.portOf(1);
  ASSERT_GE(p, 0);
  // The RTL decides Case 1 from the port (no dimension below 1); the flit says 2.
  EXPECT_EQ(logicError([&] { f.core.clock(f.arriving(p, 2), f.no_credit, false, 0); }),
            "router model: a packet arrived with wd other than its port's dimension");
}

TEST(RouterModel, StopsOnAPacketThatWouldAskOutsideRequestSources) {
  Fixture f;
  const int p = f.portOf(2);
  ASSERT_GE(p, 0);
  // Every weight of this network is 1: a packet with wc 2 would continue on its
  // fwd_port (Case 2), which requestSources leaves out of that output's arbiter.
  EXPECT_EQ(logicError([&] { f.core.clock(f.arriving(p, 2, 2), f.no_credit, false, 0); }),
            "router model: a head needs an output outside requestSources()");
}

// Two cycles per hop: a grant is in flight for a cycle, and the head must stay
// until it has gone (hc_router_core's a_grant_held). An injection offered in
// one cycle is granted every port (it needs them all), and dropped in the
// next, with those grants in flight: the model stops. Held, it is sent.
TEST(RouterModel, StopsOnAnInjectionDroppedWithItsGrantInFlight) {
  for (const bool hold : {true, false}) {
    Fixture f;
    model::RouterCore core{f.t, 2, 2, 0, std::vector<bool>(f.np, false), false, 2};
    const std::vector<model::Flit> idle(f.np);
    core.clock(idle, f.no_credit, true, 0x5);
    const std::string e = logicError([&] { core.clock(idle, f.no_credit, hold, 0x5); });
    if (hold) {
      EXPECT_EQ(e, "");
      EXPECT_TRUE(core.accepted());
      for (size_t q = 0; q < f.np; ++q) EXPECT_TRUE(core.lout()[q].valid) << q;
    } else {
      EXPECT_EQ(e, "router model: a granted head left before it was sent");
    }
  }
}

// The upstream router keeps to the credits it was given, so an input buffer
// never overflows; a hand-made upstream that does not must stop the model.
// Depth 2, one flit a cycle on a dimension-2 input, each needing the four
// dimension-1 outputs, no credit ever returned: the outputs' 2 credits each
// let flits 1 and 2 through, flits 3 and 4 fill the buffer, flit 5 overflows
// it (cycle 4, counting from 0). With a credit back every cycle, nothing stops.
TEST(RouterModel, StopsOnAFlitIntoAFullInputBuffer) {
  for (const bool credits : {true, false}) {
    Fixture f;
    const int p = f.portOf(2);
    ASSERT_GE(p, 0);
    const std::vector<uint8_t> back(f.np, 1);
    int stopped = -1;
    std::string e;
    for (int cycle = 0; cycle < 10 && stopped < 0; ++cycle) {
      e = logicError(
          [&] { f.core.clock(f.arriving(p, 2), credits ? back : f.no_credit, false, 0); });
      if (!e.empty()) stopped = cycle;
    }
    if (credits) {
      EXPECT_EQ(stopped, -1) << e;
    } else {
      EXPECT_EQ(stopped, 4);
      EXPECT_EQ(e, "router model: input buffer overflow");
    }
  }
}

// The fair arbitration's wait bound (gen/algorithm/wait_bound.h), worked by hand.
// C_5<1>: D = 2 and a = 2, so each direction carries weights 2 then 1. An output
// is asked for by its ring's two input VCs and the injection: n = 3. Clockwise,
// input VC 0 of node x holds the flit of origin x-1 (wc 2), which continues to
// node x+1: VC 0 of nodes 1, 2, 3, 4, then across the dateline VC 1 of node 0
// (origin 4's flit), then VC 1 of node 1 (wc 1, needs nothing): K = 5 hops.
// T = 0, 3(0+2) = 6, 24, 78, 240, 726; a flit behind B - 1 = 1 other waits at most
// 2 (726 + 1) - 1 = 1453 cycles; the injection into VC 0 of node 1 at most
// 3 (726 + 2) = 2184.
TEST(WaitBound, FiveRingByHand) {
  const WaitBound w = fairWaitBound(hypercycleNetwork({5}, {1}), Preference::kClockwise, 2);
  EXPECT_EQ(w.max_sources, 3);
  EXPECT_EQ(w.longest_chain, 5);
  EXPECT_EQ(w.flit_cycles, 1453);
  EXPECT_EQ(w.injection_cycles, 2184);
  EXPECT_EQ(w.closed_form, 1453);  // every output has the same n
}

// C_8<1>: weights 4, 3, 2, 1 clockwise. VC 0 of nodes 1..7 each hold a flit that
// continues (origin x-1), then VC 1 of nodes 0, 1, 2 (origins 7, 7, 7 with wc 4,
// 3, 2) and VC 1 of node 3 (wc 1): K = 6 + 4 = 10; T_10 = 2 (3 + ... + 3^10)
// = 3^11 - 3 = 177144; flit 2 (177144 + 1) - 1, injection 3 (177144 + 2).
TEST(WaitBound, EightRingByHand) {
  const WaitBound w = fairWaitBound(hypercycleNetwork({8}, {1}), Preference::kClockwise, 2);
  EXPECT_EQ(w.longest_chain, 10);
  EXPECT_EQ(w.flit_cycles, 2 * (177144 + 1) - 1);
  EXPECT_EQ(w.injection_cycles, 3 * (177144 + 2));
}

// G^{3,2}_{6,4} (rho = m/2 in both dimensions): every weight is 1, nothing
// continues; a dimension-2 input asks for the three dimension-1 ports, which its
// five dimension-2 inputs and the injection share: n = 6, K = 1, T = 6 (0 + 2) = 12,
// flit 2 (12 + 1) - 1 = 25; the injection waits for a dimension-2 port (only it
// asks: 1 (12 + 2)) or a dimension-1 port (6 (0 + 2)): 14.
// Two cycles per hop (h = 2): T(b) = max n_q (T(b') + 2h). C_5<1>: T = 0, 3 (0 + 4)
// = 12, 48, 156, 480, 1452; flit B (T + h) - 1 = 2 (1452 + 2) - 1 = 2907; the
// injection n_q (T + 2h) + h - 1 = 3 (1452 + 4) + 1 = 4369. G^{3,2}_{6,4}: T = 6
// (0 + 4) = 24, flit 2 (24 + 2) - 1 = 51, injection max(1 (24 + 4), 6 (0 + 4)) + 1
// = 29.
TEST(WaitBound, TwoCycleHopByHand) {
  const WaitBound ring = fairWaitBound(hypercycleNetwork({5}, {1}), Preference::kClockwise, 2, 2);
  EXPECT_EQ(ring.flit_cycles, 2907);
  EXPECT_EQ(ring.injection_cycles, 4369);
  EXPECT_EQ(ring.closed_form, 2907);
  const WaitBound flat =
      fairWaitBound(hypercycleNetwork({6, 4}, {3, 2}), Preference::kClockwise, 2, 2);
  EXPECT_EQ(flat.flit_cycles, 51);
  EXPECT_EQ(flat.injection_cycles, 29);
}

TEST(WaitBound, NoContinuationByHand) {
  const WaitBound w = fairWaitBound(hypercycleNetwork({6, 4}, {3, 2}), Preference::kClockwise, 2);
  EXPECT_EQ(w.max_sources, 6);
  EXPECT_EQ(w.longest_chain, 1);
  EXPECT_EQ(w.flit_cycles, 25);
  EXPECT_EQ(w.injection_cycles, 14);
}

// An output that arbitrates in two levels counts twice its groups (at most
// 2G - 1 grants to others go first, hc_group_arbiter's a_wait). G^{1,1,1}_{4,4,4}:
// on a ring of 4 with rho 1 the clockwise weight is 2, so input +1 of every
// dimension has two VCs. A dimension-1 output +1 is asked for by input +1 of
// dimension 1 (its continuation, two VCs), by both inputs of dimensions 2 and 3
// (Case 1, 2 + 1 VCs each) and by the injection: 9 heads in 6 groups, n = 12.
// Every other output has at most 7 heads (dimension-1 output -1: the six VCs of
// dimensions 2 and 3 and the injection) and stays flat.
TEST(WaitBound, GroupedOutputCountsTwiceItsGroups) {
  const RouterTables t =
      makeRouterTables(hypercycleNetwork({4, 4, 4}, {1, 1, 1}), Preference::kClockwise);
  const std::vector<bool> grouped = groupedArbiterOutputs(t, /*injection_last=*/false);
  EXPECT_EQ(std::count(grouped.begin(), grouped.end(), true), 1);
  const WaitBound w =
      fairWaitBound(hypercycleNetwork({4, 4, 4}, {1, 1, 1}), Preference::kClockwise, 2);
  EXPECT_EQ(w.max_sources, 12);
}

// Which outputs group (docs/hardware.md "Grouped arbitration"). With rr and
// fair, more than 8 heads, the injection one of them; with epoch, whose
// injection goes last outside the arbiter, more than 4 input VCs.
// G^{1,1,1}_{4,4,4}, ports +1, -1 of dimension 1, then 2, then 3: on a ring of
// 4 with rho 1 the clockwise weight is 2 and the counter-clockwise 1, so the
// inputs +1 have two VCs and only they continue. Input VCs asking for each
// output (Case 1 from the higher dimensions' inputs, 3 VCs per dimension, and
// the continuation from the own ring's input +1, 2 VCs): dimension 1 +1: 2 + 6
// = 8, -1: 6; dimension 2 +1: 2 + 3 = 5, -1: 3; dimension 3 +1: 2, -1: 0. The
// injection asks for every output.
TEST(GroupedArbitration, TheInjectionGoingLastIsNotCounted) {
  const RouterTables t =
      makeRouterTables(hypercycleNetwork({4, 4, 4}, {1, 1, 1}), Preference::kClockwise);
  const std::vector<bool> with_inj = groupedArbiterOutputs(t, /*injection_last=*/false);
  const std::vector<bool> inj_last = groupedArbiterOutputs(t, /*injection_last=*/true);
  EXPECT_EQ(with_inj, (std::vector<bool>{true, false, false, false, false, false}));
  EXPECT_EQ(inj_last, (std::vector<bool>{true, true, true, false, false, false}));
}

// Admission by epochs (EpochRule, docs/hardware.md "Bounded waiting"): with a
// quota of one packet per epoch and two epochs open, node 0 of G^{2,2}_{5,5}
// injects one packet into epoch 1 while the head epoch is 0, then waits until
// the head epoch moves on, and the next packet takes epoch 2; every copy
// carries its packet's epoch.
TEST(EpochAdmission, OnePacketPerEpochThenWaitsForTheHeadEpoch) {
  Fixture f;
  model::RouterCore core{
      f.t, 2, 2, 0, std::vector<bool>(f.np, false), false, 1, false, model::EpochRule{2, 1}};
  const std::vector<model::Flit> idle(f.np);
  // Every weight is 1: an injection goes out on all eight ports at once.
  auto sentIn = [&](uint32_t epoch) {
    int n = 0;
    for (const auto& o : core.lout()) {
      if (!o.valid) continue;
      ++n;
      EXPECT_EQ(o.epoch, epoch) << o;
    }
    return n;
  };
  core.clock(idle, f.no_credit, true, 7, 0);
  EXPECT_TRUE(core.accepted());
  EXPECT_EQ(sentIn(1), 8);
  EXPECT_EQ(core.heldEpochs(), 2u);  // epoch 1's copies are on the links
  // The quota of epoch 1 is spent: the next offer asks for nothing.
  core.clock(idle, f.no_credit, true, 8, 0);
  EXPECT_FALSE(core.accepted());
  EXPECT_EQ(sentIn(0), 0);
  EXPECT_EQ(core.heldEpochs(), 0u);
  // The head epoch moves on: epoch 2 opens, with a fresh quota (one credit is
  // left on every output of depth 2).
  core.clock(idle, f.no_credit, true, 8, 1);
  EXPECT_TRUE(core.accepted());
  EXPECT_EQ(sentIn(2), 8);
  EXPECT_EQ(core.heldEpochs(), 1u);  // epoch 2 is 0 modulo the window
}

// With epochs the injection goes last: an input VC wins an output the
// injection also asks for, wherever the output's pointer stands.
TEST(EpochAdmission, TheInjectionGoesLast) {
  Fixture f;
  model::RouterCore core{
      f.t, 2, 2, 0, std::vector<bool>(f.np, false), false, 1, false, model::EpochRule{2, 4}};
  std::vector<int> dim2;
  for (size_t p = 0; p < f.np; ++p) {
    if (f.t.port_dim[p] == 2) dim2.push_back(static_cast<int>(p));
  }
  ASSERT_GE(dim2.size(), 2u);
  // Cycle 1: a packet on the last dimension-2 port takes the four dimension-1
  // outputs, whose pointers move past it.
  core.clock(f.arriving(dim2.back(), 2), f.no_credit, false, 0, 0);
  // Cycle 2: a packet on the first dimension-2 port and an injection (which
  // needs all eight outputs) ask for the dimension-1 outputs. The round robin
  // alone would grant them to the injection, the next source after the
  // pointers; the packet in the network goes first.
  core.clock(f.arriving(dim2.front(), 2), f.no_credit, true, 7, 0);
  EXPECT_FALSE(core.accepted());
  for (size_t q = 0; q < f.np; ++q) {
    const auto& o = core.lout()[q];
    ASSERT_TRUE(o.valid) << q;
    EXPECT_EQ(o.origin, f.t.port_dim[q] == 1 ? 3u : 0u) << q;
  }
  // Cycle 3: the credits come back and nothing else asks: the injection takes
  // the dimension-1 outputs.
  const std::vector<model::Flit> idle(f.np);
  core.clock(idle, std::vector<uint8_t>(f.np, 1), true, 7, 0);
  EXPECT_TRUE(core.accepted());
  for (size_t q = 0; q < f.np; ++q) {
    EXPECT_EQ(core.lout()[q].valid, f.t.port_dim[q] == 1) << q;
  }
}

TEST(EpochAdmission, StopsWhenTheHeadEpochPassesAPacketStillHere) {
  Fixture f;
  model::RouterCore core{
      f.t, 2, 2, 0, std::vector<bool>(f.np, false), false, 1, false, model::EpochRule{2, 1}};
  const int p = f.portOf(2);
  ASSERT_GE(p, 0);
  auto lin = f.arriving(p, 2);
  lin[static_cast<size_t>(p)].epoch = 4;
  EXPECT_NO_THROW(core.clock(lin, f.no_credit, false, 0, 4));
  lin[static_cast<size_t>(p)].epoch = 3;
  EXPECT_THROW(core.clock(lin, f.no_credit, false, 0, 4), std::logic_error);
}

TEST(EpochAdmission, RefusesAWindowOrQuotaOutOfRange) {
  Fixture f;
  for (const model::EpochRule r :
       {model::EpochRule{1, 1}, model::EpochRule{65, 1}, model::EpochRule{2, 0}}) {
    EXPECT_THROW(
        (model::RouterCore{f.t, 2, 2, 0, std::vector<bool>(f.np, false), false, 1, false, r}),
        std::invalid_argument);
  }
}

// Epochs run under round robin only: hc_router_core's p_epoch refuses EPOCH = 1
// with FAIR = 1, and so does the model, as it refuses the other configurations
// the RTL does not build; each alone is taken.
TEST(EpochAdmission, RefusesFairArbitration) {
  Fixture f;
  const std::vector<bool> wrap(f.np, false);
  try {
    model::RouterCore core{f.t, 2, 2, 0, wrap, true, 1, false, model::EpochRule{2, 1}};
    ADD_FAILURE() << "epochs with fair arbitration were taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("FAIR = 0"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW((model::RouterCore{f.t, 2, 2, 0, wrap, true, 1, false, model::EpochRule{}}));
  EXPECT_NO_THROW((model::RouterCore{f.t, 2, 2, 0, wrap, false, 1, false, model::EpochRule{2, 1}}));
}

// The epochs' bound (gen/algorithm/wait_bound.h) by hand on C_8<1> (N = 8), 4
// packets per node and epoch, two epochs open (W = 2), the head epoch moving
// on L = 4 cycles after an idle cycle (hw/hc_epoch_head.v). A broadcast is
// N - 1 = 7 transmissions, so one epoch's packets take N F (N - 1) = 8 * 4 * 7 =
// 224 grants, and the 2W - 1 = 3 epochs a packet can meet M = 672.
//   h = 1: flit (h + 1) M + h - 2 = 2 * 672 - 1 = 1,343;
//          injection (h + 1) (M + 224) + h + L - 3 = 2 * 896 + 2 = 1,794.
//   h = 2: flit 3 * 672 + 0 = 2,016; injection 3 * 896 + 2 + 1 = 2,691.
TEST(WaitBound, EpochsByHand) {
  const EpochWaitBound one = epochWaitBound(8, 4, 2, 4, 1);
  EXPECT_EQ(one.grants, 672);
  EXPECT_EQ(one.flit_cycles, 1343);
  EXPECT_EQ(one.injection_cycles, 1794);
  const EpochWaitBound two = epochWaitBound(8, 4, 2, 4, 2);
  EXPECT_EQ(two.flit_cycles, 2016);
  EXPECT_EQ(two.injection_cycles, 2691);
  // The network's latency is the one the bound is stated with.
  EXPECT_EQ(model::kEpochLatency, 4);
  EXPECT_THROW(epochWaitBound(8, 4, 2, 2, 2), std::invalid_argument);  // latency < h + 1
  EXPECT_THROW(epochWaitBound(8, 0, 2, 4, 1), std::invalid_argument);
}
