// The router's hand-written building blocks on their own, under Icarus Verilog:
// hc_rr_arbiter in both of its implementations against the round-robin rule the
// SystemC model uses, hc_group_arbiter against its two-level rule, hc_fifo at
// several depths against a behavioural queue, hc_sched_bank against a
// behavioural memory and hc_acc_node's sums against hand-worked values
// (testbenches in tests/hw_units/). The arbiters and the FIFO also pass lint
// with zero warnings.
#include <gtest/gtest.h>

#include <string>

#include "hw_bench.h"
#include "test_util.h"

namespace {

const std::string kSrc = HC_SOURCE_DIR;

using hctest::Checked;
using hctest::runBench;

// Runs arbiter bench BENCH (BENCH.v, parameters N and LIVE) over the hw files and
// checks that it ran its cycles (20,000 up to 8 requesters; 5,000 above, where
// Icarus is slow and a pointer still comes round more than 250 times) with no
// grant against the rule and with enough grants to mean anything. Returns the
// simulation's log.
std::string checkArbiterBench(const std::string& bench, const std::string& hw, int n, int live) {
  std::string log;
  const int cycles = n <= 8 ? 20000 : 5000;
  const Checked r = runBench(bench + ".v", hw,
                             "-P" + bench + ".N=" + std::to_string(n) + " -P" + bench +
                                 ".LIVE=" + std::to_string(live) + " -P" + bench +
                                 ".CYCLES=" + std::to_string(cycles),
                             &log);
  const std::string tag = bench + " N=" + std::to_string(n) + " live=" + std::to_string(live);
  EXPECT_TRUE(r.ended) << tag << ": " << log;
  if (!r.ended) return log;
  EXPECT_EQ(r.errors, 0) << tag << ": " << log;
  EXPECT_EQ(r.cycles, cycles) << tag;
  EXPECT_GT(r.events, r.cycles / 2) << tag << ": too few grants to mean anything";
  return log;
}

// An arbiter's size: N requesters, the bit mask of the live ones. Each size is
// its own test (N5_live31), so `make mutate` runs only the size it mutates.
struct ArbiterSize {
  int n, live;
};

std::string sizeName(const ::testing::TestParamInfo<ArbiterSize>& i) {
  return "N" + std::to_string(i.param.n) + "_live" + std::to_string(i.param.live);
}

// All live, sparse live sets as the router's pruning leaves them, and more live
// requesters than the pair implementation is chosen for.
class RrArbiter : public ::testing::TestWithParam<ArbiterSize> {};

TEST_P(RrArbiter, BothImplementationsFollowThePointerRule) {
  checkArbiterBench("rr_arbiter_tb", "hc_rr_arbiter.v", GetParam().n, GetParam().live);
}

INSTANTIATE_TEST_SUITE_P(Sizes, RrArbiter,
                         ::testing::Values(ArbiterSize{2, 3}, ArbiterSize{5, 31},
                                           ArbiterSize{7, 93}, ArbiterSize{9, 511},
                                           ArbiterSize{17, 65621}, ArbiterSize{17, 131071}),
                         sizeName);

// The two-level arbiter of the busiest outputs (hc_group_arbiter over
// hc_rr_arbiter): odd and even N, a dead requester and a dead group, and a
// degree-8 router's 17 sources with its own port's two VCs dead. Its assertion
// (one grant, to a requester) stays silent.
class GroupArbiter : public ::testing::TestWithParam<ArbiterSize> {};

TEST_P(GroupArbiter, FollowsTheTwoLevelRule) {
  const std::string log = checkArbiterBench(
      "group_arbiter_tb", "hc_group_arbiter.v hc_rr_arbiter.v", GetParam().n, GetParam().live);
  EXPECT_EQ(log.find("hc_group_arbiter"), std::string::npos) << log;
}

INSTANTIATE_TEST_SUITE_P(Sizes, GroupArbiter,
                         ::testing::Values(ArbiterSize{3, 7}, ArbiterSize{9, 511},
                                           ArbiterSize{9, 0x1f3}, ArbiterSize{10, 0x3cf},
                                           ArbiterSize{17, 0x1fff3}, ArbiterSize{17, 0x1ffff}),
                         sizeName);

class Fifo : public ::testing::TestWithParam<int> {};

TEST_P(Fifo, MatchesAQueue) {
  const int depth = GetParam();
  std::string log;
  const Checked r =
      runBench("fifo_tb.v", "hc_fifo.v", "-Pfifo_tb.DEPTH=" + std::to_string(depth), &log);
  ASSERT_TRUE(r.ended) << log;
  EXPECT_EQ(r.errors, 0) << log;
  EXPECT_GT(r.events, r.cycles / 4) << "too few pushes";
}

INSTANTIATE_TEST_SUITE_P(Depths, Fifo, ::testing::Values(1, 2, 3, 4, 5),
                         [](const ::testing::TestParamInfo<int>& i) {
                           return "Depth" + std::to_string(i.param);
                         });

// hc_sched_bank (DW = 8, DEPTH = 3, AW = 2) against a behavioural memory
// (tests/hw_units/sched_bank_tb.v): every read within the contract returns the
// word last written there; its range checks stay silent.
TEST(SchedBank, MatchesAMemory) {
  std::string log;
  const Checked r = runBench("sched_bank_tb.v", "hc_sched_bank.v", "", &log);
  ASSERT_TRUE(r.ended) << log;
  EXPECT_EQ(r.errors, 0) << log;
  EXPECT_EQ(r.cycles, 2000);
  EXPECT_GT(r.events, r.cycles / 2) << "too few reads";
  EXPECT_EQ(log.find("in_range"), std::string::npos) << log;
}

// hc_acc_node at the acc_node_err proof's parameters (W = 4, its three-step
// ROM; tests/hw_units/acc_node_tb.v): two runs with hand-worked sums (5 + 3 + 4
// = 12, 2 + 1 + 8 = 11), every step's link data and sum_o against them, every
// output defined after reset. The proof checks only err_o, busy_o and done_o;
// this is the test `make mutate` runs on the node's data path.
TEST(AccNode, SumsAndLinkDataMatchTheRom) {
  std::string log;
  const Checked r = runBench("acc_node_tb.v", "hc_acc_node.v", "", &log);
  ASSERT_TRUE(r.ended) << log;
  EXPECT_EQ(r.errors, 0) << log;
  EXPECT_EQ(r.events, 2) << "runs";
  EXPECT_GT(r.cycles, 40) << "too few checks";
}

TEST(HwUnits, LintCleanAtSeveralSizes) {
  for (const char* g :
       {"-GN=1", "-GN=5", "-GN=5 -GLIVE=5\\'b10110", "-GN=17", "-GN=33 -GPAIR_MAX=0"}) {
    const auto l = hctest::run(std::string("verilator --lint-only -Wall -I") + kSrc +
                               "/hw/include " + g + " " + kSrc + "/hw/hc_rr_arbiter.v");
    EXPECT_EQ(l.code, 0) << g << l.err;
    EXPECT_EQ(l.out + l.err, "") << g;
  }
  for (const char* g : {"-GN=3", "-GN=9", "-GN=17 -GLIVE=17\\'h1fff3", "-GN=16"}) {
    const auto l =
        hctest::run(std::string("verilator --lint-only -Wall -I") + kSrc + "/hw/include " + g +
                    " " + kSrc + "/hw/hc_group_arbiter.v " + kSrc + "/hw/hc_rr_arbiter.v");
    EXPECT_EQ(l.code, 0) << g << l.err;
    EXPECT_EQ(l.out + l.err, "") << g;
  }
  for (int depth : {1, 2, 3, 4}) {
    const auto l = hctest::run("verilator --lint-only -Wall -I" + kSrc + "/hw/include -GDEPTH=" +
                               std::to_string(depth) + " " + kSrc + "/hw/hc_fifo.v");
    EXPECT_EQ(l.code, 0) << depth << l.err;
    EXPECT_EQ(l.out + l.err, "") << depth;
  }
}

}  // namespace

// hc_router_core's simulation checks, on a 2-port ring router with one flit per
// VC (tests/hw_units/router_full_vc_tb.v, flit 1 leaves, flit 2 waits for a
// credit): with the testbench's parameter `fault` at 0 the run keeps the rule
// and the check stays silent; at 1 it breaks the rule and `message` must be
// printed. `wrong` is how many flits leave with another payload when it fires.
// The testbench needs SystemVerilog (-g2012 after runBench's -g2005).
namespace {

void expectRouterCheckFires(const std::string& fault, const std::string& message, int wrong,
                            int depth = 1) {
  for (int on : {0, 1}) {
    std::string log;
    const Checked r = runBench("router_full_vc_tb.v",
                               "hc_fifo.v hc_rr_arbiter.v hc_group_arbiter.v hc_router_core.v",
                               "-g2012 -Prouter_full_vc_tb.DEPTH=" + std::to_string(depth) +
                                   " -Prouter_full_vc_tb." + fault + "=" + std::to_string(on),
                               &log);
    ASSERT_TRUE(r.ended) << fault << "=" << on << ": " << log;
    EXPECT_EQ(r.events, depth) << log;
    EXPECT_EQ(r.errors, on * wrong) << log;
    EXPECT_EQ(log.find(message) != std::string::npos, on == 1) << fault << "=" << on << ": " << log;
  }
}

}  // namespace

// A flit pushed into a one-flit VC that holds one (credits rule it out).
TEST(RouterCore, FullOneFlitVcCheckFires) {
  expectRouterCheckFires("FULL", "a_vc_full: assumption failed", 0);
}

// A flit pushed into a two-flit VC that holds two (the VC's entries with
// their owed bits, the default router).
TEST(RouterCore, FullTwoFlitVcCheckFires) {
  expectRouterCheckFires("FULL", "a_vc_full: assumption failed", 0, 2);
}

// The payload leaves from the granted head's register a cycle after the grant:
// overwriting that register in between puts another payload on the link.
TEST(RouterCore, LatePayloadCheckFires) {
  expectRouterCheckFires("CORRUPT", "a_late_payload: assertion failed", 1);
}

// A continuing head's downstream VC comes from its VC's index, which assumes its
// vc bit says the same: a flit with vc 1 on a one-VC port breaks it.
TEST(RouterCore, ContinuingHeadVcCheckFires) {
  expectRouterCheckFires("BADVC", "a_cont_vc: assertion failed", 0);
}

// A credit returned before any flit left counts above DEPTH (the counter, a
// thermometer, stays full: the credit is lost, and flit 1 leaves as it would).
TEST(RouterCore, CreditBeyondDepthCheckFires) {
  for (int on : {0, 1}) {
    std::string log;
    const Checked r = runBench("router_full_vc_tb.v",
                               "hc_fifo.v hc_rr_arbiter.v hc_group_arbiter.v hc_router_core.v",
                               "-g2012 -Prouter_full_vc_tb.CREDIT=" + std::to_string(on), &log);
    ASSERT_TRUE(r.ended) << on << ": " << log;
    EXPECT_EQ(r.events, 1) << log;
    EXPECT_EQ(log.find("g_cr[0].g_cnt.a_credit_over: assumption failed") != std::string::npos,
              on == 1)
        << on << ": " << log;
  }
}

// hc_mesh_node: a correct ROM (receive, then send 3 flits) runs clean; a
// corrupted ROM that asks the node to send before it holds the data makes
// err_o fire in that step, and nothing leaves (tests/hw_units/mesh_node_tb.v).
TEST(MeshNode, SendsOnlyWhatItHolds) {
  std::string log;
  const Checked r = runBench("mesh_node_tb.v", "hc_mesh_node.v", "-Pmesh_node_tb.FAULT=0", &log);
  ASSERT_TRUE(r.ended) << log;
  EXPECT_EQ(r.errors, 0) << log;
  EXPECT_EQ(r.events, 3) << log;  // the message's three flits
}

TEST(MeshNode, ErrFiresOnACorruptedRom) {
  std::string log;
  const Checked r = runBench("mesh_node_tb.v", "hc_mesh_node.v", "-Pmesh_node_tb.FAULT=1", &log);
  ASSERT_TRUE(r.ended) << log;
  EXPECT_EQ(r.errors, 0) << log;
  EXPECT_EQ(r.events, 0) << log;  // no flit left without the data
}

namespace {

// hc_sched_node's err_o terms and named checks (tests/hw_units/
// sched_node_hd_tb.v): the good ROMs swap two packets one way per step without
// an error, through the banked store; a ROM that makes both ends of one link
// drive it in one step sets both nodes' err_o with HD = 1 (full duplex allows
// it); each missing-arrival term (a write, a forward of this row's arrival, a
// forward of the row before's) sets the expecting node's err_o and names
// e_missing; a send of a bank word nothing wrote names a_unwritten_read; a send
// field of kind 3, a send from a source SMASK omits and a write from a port
// WMASK omits name a_send_kind, a_send_mask and a_write_mask; one-word banks
// written and read at address 1 name hc_sched_bank's range checks.
TEST(SchedNode, ErrTermsAndNamedChecksFire) {
  struct Case {
    int hd, corrupt, errs;
    const char* named;  // the named check the log must show, "" for none
  };
  for (const Case& c :
       {Case{1, 0, 0, ""}, Case{1, 1, 2, "e_hd_clash"}, Case{0, 1, 0, ""}, Case{0, 0, 0, ""},
        Case{0, 2, 1, "e_missing"}, Case{0, 3, 0, "a_unwritten_read"}, Case{0, 4, 1, "e_missing"},
        Case{0, 5, 1, "e_missing"}, Case{0, 6, 0, "a_send_kind"}, Case{0, 7, 0, "a_send_mask"},
        Case{0, 8, 0, "g_bank[0].a_write_mask"}, Case{0, 9, 0, "u_bank.a_write_in_range"},
        Case{0, 9, 0, "u_bank.a_read_in_range"}}) {
    std::string log;
    const Checked r = runBench("sched_node_hd_tb.v", "hc_sched_bank.v hc_sched_node.v",
                               "-Psched_node_hd_tb.HD=" + std::to_string(c.hd) +
                                   " -Psched_node_hd_tb.CORRUPT=" + std::to_string(c.corrupt),
                               &log);
    const std::string tag = "HD=" + std::to_string(c.hd) + " corrupt=" + std::to_string(c.corrupt);
    ASSERT_TRUE(r.ended) << tag << ": " << log;
    EXPECT_EQ(r.errors, 0) << tag << ": " << log;
    EXPECT_EQ(r.events, c.errs) << tag << ": " << log;
    EXPECT_GT(r.cycles, 2) << tag;
    if (*c.named) {
      EXPECT_NE(log.find(c.named), std::string::npos) << tag << ": " << log;
    } else {
      EXPECT_EQ(log.find("u_n"), std::string::npos) << tag << ": no check may fire: " << log;
    }
  }
  for (const char* g : {"-GHD=0", "-GHD=1 -GNP=4 -GPSW=2 -GIW=2",
                        "-GNP=6 -GNB=7 -GBW=3 -GDEPTH=11 -GAW=4 -GPSW=3 -GIW=3 -GROWS=8 -GRAW=4"}) {
    const auto l = hctest::run(std::string("verilator --lint-only -Wall -I") + kSrc +
                               "/hw/include " + g + " " + kSrc + "/hw/hc_sched_bank.v " + kSrc +
                               "/hw/hc_sched_node.v --top-module hc_sched_node");
    EXPECT_EQ(l.code, 0) << g << l.err;
  }
}

// A parameter that breaks its rule stops the simulation at time 0 with the
// check's name (p_banks: 2^BW < NB).
TEST(SchedNode, ParameterCheckFires) {
  std::string log;
  runBench("sched_node_hd_tb.v", "hc_sched_bank.v hc_sched_node.v",
           "-Psched_node_hd_tb.HD=0 -Psched_node_hd_tb.CORRUPT=0 -Psched_node_hd_tb.NBANKS=3",
           &log);
  EXPECT_NE(log.find("p_banks"), std::string::npos) << log;
}

}  // namespace
