// The router's hand-written building blocks on their own, under Icarus Verilog:
// hc_rr_arbiter in both of its implementations against the round-robin rule the
// SystemC model uses, hc_group_arbiter against its two-level rule, hc_fifo at
// several depths against a behavioural queue, hc_sched_bank against a
// behavioural memory and hc_acc_node's sums against hand-worked values
// (testbenches in tests/hw_units/). The arbiters and the FIFO also pass lint
// with zero warnings.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
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
// (tests/hw_units/sched_bank_tb.v), its words in block RAM and in flip-flops:
// every read within the contract returns the word last written there; its
// range checks stay silent.
TEST(SchedBank, MatchesAMemory) {
  for (int bram : {1, 0}) {
    std::string log;
    const Checked r = runBench("sched_bank_tb.v", "hc_sched_bank.v",
                               "-Psched_bank_tb.BRAM=" + std::to_string(bram), &log);
    ASSERT_TRUE(r.ended) << "BRAM=" << bram << ": " << log;
    EXPECT_EQ(r.errors, 0) << "BRAM=" << bram << ": " << log;
    EXPECT_EQ(r.cycles, 2000);
    EXPECT_GT(r.events, r.cycles / 2) << "too few reads";
    EXPECT_EQ(log.find("in_range"), std::string::npos) << log;
  }
}

// hc_sched_rom (WW = 12, ROWS = 5, RAW = 3) with a five-word image
// (tests/hw_units/sched_rom_tb.hex) against the words its bench writes out: in
// every cycle data_o is the word at the address of the clock before, every
// word defined; an address beyond ROWS names a_addr_in_range, and nothing
// else does.
TEST(SchedRom, ReadsTheImageAndNamesAnAddressBeyondIt) {
  for (int beyond : {0, 1}) {
    std::string log;
    const Checked r =
        runBench("sched_rom_tb.v", "hc_sched_rom.v",
                 "-Psched_rom_tb.BEYOND=" + std::to_string(beyond) +
                     " -Psched_rom_tb.ROM_FILE='\"" + kSrc + "/tests/hw_units/sched_rom_tb.hex\"'",
                 &log);
    const std::string tag = "BEYOND=" + std::to_string(beyond);
    ASSERT_TRUE(r.ended) << tag << ": " << log;
    EXPECT_EQ(r.errors, 0) << tag << ": " << log;
    EXPECT_EQ(r.events, 200) << tag;
    EXPECT_EQ(hctest::occurrences(log, "u_rom.a_addr_in_range: assertion failed"), beyond)
        << tag << ": " << log;
    EXPECT_EQ(hctest::occurrences(log, "failed"), beyond) << tag << ": " << log;
  }
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

// The injection source's rule: an offer withdrawn before inj_ready_o (DROP = 1)
// fires a_inj_hold; the same run without the offer stays silent.
TEST(RouterCore, InjectionWithdrawnBeforeReadyCheckFires) {
  for (int on : {0, 1}) {
    std::string log;
    const Checked r = runBench("router_full_vc_tb.v",
                               "hc_fifo.v hc_rr_arbiter.v hc_group_arbiter.v hc_router_core.v",
                               "-g2012 -Prouter_full_vc_tb.DROP=" + std::to_string(on), &log);
    ASSERT_TRUE(r.ended) << "DROP=" << on << ": " << log;
    EXPECT_EQ(log.find("a_inj_hold: assumption failed") != std::string::npos, on == 1)
        << "DROP=" << on << ": " << log;
  }
}

// Admission by epochs (tests/hw_units/router_epoch_tb.v): one packet per epoch
// with QUOTA = 1, each carrying the parity of the epoch after the head; the
// router's flag says whether it holds a flit of the head epoch; moving the head
// epoch on while the router holds one of its flits fires a_epoch_passed.
TEST(RouterCore, EpochQuotaBusyFlagAndPassedCheck) {
  for (int on : {0, 1}) {
    std::string log;
    const Checked r = runBench("router_epoch_tb.v",
                               "hc_fifo.v hc_rr_arbiter.v hc_group_arbiter.v hc_router_core.v",
                               "-Prouter_epoch_tb.FAULT=" + std::to_string(on), &log);
    ASSERT_TRUE(r.ended) << on << ": " << log;
    EXPECT_EQ(r.events, 2) << log;  // one injection in each of two epochs
    EXPECT_EQ(r.errors, 0) << log;
    EXPECT_EQ(log.find("g_epoch.a_epoch_passed: assertion failed") != std::string::npos, on == 1)
        << on << ": " << log;
  }
}

// Admission by epochs at the default router's parameters (G^{1,1}_{4,4}'s
// core, tests/hw_units/router_epoch_held_tb.v): on every input VC that can
// hold flits, at both read pointers and both head parities, two flits held
// with the head epoch's flit first, second or absent; the flag is 1 exactly
// when one of them is of the head epoch, and 0 once they have left in order.
// 5 VCs x 2 pointers x 3 patterns x 2 parities = 60 cases, hand-worked.
TEST(RouterCore, EpochFlagSeesEveryHeldFlit) {
  std::string log;
  const Checked r =
      runBench("router_epoch_held_tb.v",
               "hc_fifo.v hc_rr_arbiter.v hc_group_arbiter.v hc_router_core.v", "", &log);
  ASSERT_TRUE(r.ended) << log;
  EXPECT_EQ(r.events, 60) << log;
  EXPECT_EQ(r.errors, 0) << log;
}

// G^{1,1}_{4,4}'s hc_router at one and two cycles per hop
// (tests/hw_units/router_weights_tb.v): one flit at a time on every input VC
// with every weight count 1-3 (3 never occurs in that network), and an
// injection, twice over; every flit sent on every port and every delivery
// lane against Algorithm 1's Cases 1 and 2 worked out from the tables. Each
// hop count is its own test (Hop1, Hop2), so `make mutate` runs only the one
// it mutates.
class RouterWeights : public ::testing::TestWithParam<int> {};

TEST_P(RouterWeights, EveryWeightCountContinuesAndOriginates) {
  std::string log;
  const Checked r =
      runBench("router_weights_tb.v",
               "hc_fifo.v hc_rr_arbiter.v hc_group_arbiter.v hc_router_core.v hc_router.v",
               "-Prouter_weights_tb.HOP=" + std::to_string(GetParam()), &log);
  ASSERT_TRUE(r.ended) << log;
  EXPECT_EQ(r.events, 38) << log;  // 2 x (6 + 3 + 3 + 6 arrivals + 1 injection)
  EXPECT_EQ(r.errors, 0) << log;
}

INSTANTIATE_TEST_SUITE_P(Hops, RouterWeights, ::testing::Values(1, 2),
                         [](const ::testing::TestParamInfo<int>& i) {
                           return "Hop" + std::to_string(i.param);
                         });

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
  EXPECT_EQ(hctest::occurrences(log, "e_no_data"), 0) << log;
}

// hc_mesh_tile's link_heads_o (tests/hw_units/mesh_tile_tb.v): two tiles of
// the 2x2 mesh, nodes idle, each forwarding two streams of 33,000 one-flit
// worms between its links, so each of a tile's four link counters carries more
// than 2^15 heads in one of them and both sums wrap at 2^16; every cycle the
// sum equals the heads seen on the tile's link outputs so far, modulo 2^16,
// and each stream's worms leave in the order sent (each carries its sequence
// number); the link outputs get no credits for 8 cycles of every 4096, so the
// routers' input FIFOs fill and drain.
TEST(MeshTile, LinkHeadsSumEveryLinkOutputsHeads) {
  std::string log;
  const Checked r = runBench("mesh_tile_tb.v",
                             "hc_fifo.v hc_mesh_router.v hc_mesh_node.v hc_mesh_tile.v", "", &log);
  ASSERT_TRUE(r.ended) << log;
  EXPECT_EQ(r.errors, 0) << log;
  EXPECT_EQ(r.events, 4 * 33000) << log;  // every worm left
  // one worm per stream and cycle but in the 9 windows of 8 cycles without
  // credits (cycles 1-7, 4096-4103, ..., 32768-32775)
  EXPECT_LE(r.cycles, 33000 + 9 * 8 + 10) << log;
}

// hc_mesh_router under back-pressure (tests/hw_units/mesh_router_stall_tb.v):
// two routers of the 2x2 mesh, eight inputs each streaming 60 worms of 1 to 4
// flits (1,200 flits) to all three outputs they can reach, every payload bit
// both ways; the outputs' credits stop for 20 cycles of every 64 and the
// inputs for 12 of every 48, so worms contend, every input's FIFO fills,
// wraps and drains, and flits pass straight through it into the front. Every
// flit leaves in its worm's order on its output, and nothing more leaves.
TEST(MeshRouter, EveryInputFillsWrapsAndDrainsItsFifo) {
  std::string log;
  const Checked r = runBench("mesh_router_stall_tb.v", "hc_fifo.v hc_mesh_router.v", "", &log);
  ASSERT_TRUE(r.ended) << log;
  EXPECT_EQ(r.errors, 0) << log;
  EXPECT_EQ(r.events, 1200) << log;
}

TEST(MeshNode, ErrFiresOnACorruptedRom) {
  std::string log;
  const Checked r = runBench("mesh_node_tb.v", "hc_mesh_node.v", "-Pmesh_node_tb.FAULT=1", &log);
  ASSERT_TRUE(r.ended) << log;
  EXPECT_EQ(r.errors, 0) << log;
  EXPECT_EQ(r.events, 0) << log;  // no flit left without the data
  // err_o's cause named once, in the step that asked (HC_ERR)
  EXPECT_EQ(hctest::occurrences(log,
                                "ERROR: mesh_node_tb.u_node.e_no_data: a row sends before the node "
                                "holds the data"),
            1)
      << log;
}

namespace {

// hc_sched_node's err_o terms and named checks (tests/hw_units/
// sched_node_hd_tb.v): the good ROMs swap two packets one way per step without
// an error, through the banked store; a ROM that makes both ends of one link
// drive it in one step sets both nodes' err_o with HD = 1 (full duplex allows
// it); each missing-arrival term (a write, a forward of this row's arrival, a
// forward of the row before's) sets the expecting node's err_o and names
// e_missing; a send of a bank word nothing wrote, or one the row before did not
// read (though the bank holds it at the address read), names a_unwritten_read; a send
// field of kind 3, a send from a source SMASK omits and a write from a port
// WMASK omits name a_send_kind, a_send_mask and a_write_mask; one-word banks
// written and read at address 1 name hc_sched_bank's range checks. The good
// runs, the write and unwritten-read cases again with the banks in flip-flops
// (NBRAM = 0).
TEST(SchedNode, ErrTermsAndNamedChecksFire) {
  struct Case {
    int hd, corrupt, errs;
    const char* named;  // the named check the log must show, "" for none
    int nbram = 1;      // 0: the banks in flip-flops
  };
  for (const Case& c :
       {Case{1, 0, 0, ""}, Case{1, 1, 2, "e_hd_clash"}, Case{0, 1, 0, ""}, Case{0, 0, 0, ""},
        Case{0, 2, 1, "e_missing"}, Case{0, 3, 0, "a_unwritten_read"}, Case{0, 4, 1, "e_missing"},
        Case{0, 5, 1, "e_missing"}, Case{0, 6, 0, "a_send_kind"}, Case{0, 7, 0, "a_send_mask"},
        Case{0, 8, 0, "g_bank[0].a_write_mask"}, Case{0, 9, 0, "u_bank.a_write_in_range"},
        Case{0, 9, 0, "u_bank.a_read_in_range"}, Case{1, 0, 0, "", 0}, Case{0, 0, 0, "", 0},
        Case{0, 2, 1, "e_missing", 0}, Case{0, 3, 0, "a_unwritten_read", 0},
        Case{0, 10, 0, "a_unwritten_read"}, Case{0, 10, 0, "a_unwritten_read", 0}}) {
    std::string log;
    const Checked r = runBench("sched_node_hd_tb.v", "hc_sched_bank.v hc_sched_node.v",
                               "-Psched_node_hd_tb.HD=" + std::to_string(c.hd) +
                                   " -Psched_node_hd_tb.CORRUPT=" + std::to_string(c.corrupt) +
                                   " -Psched_node_hd_tb.NBRAM=" + std::to_string(c.nbram),
                               &log);
    const std::string tag = "HD=" + std::to_string(c.hd) + " corrupt=" + std::to_string(c.corrupt) +
                            " NBRAM=" + std::to_string(c.nbram);
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
  for (const char* g :
       {"-GHD=0", "-GHD=1 -GNP=4 -GPSW=2 -GIW=2",
        "-GNP=6 -GNB=7 -GBW=3 -GDEPTH=11 -GAW=4 -GPSW=3 -GIW=3 -GROWS=8 -GRAW=4",
        "-GNP=10 -GNB=14 -GBW=4 -GDEPTH=102 -GAW=7 -GPSW=4 -GIW=4 -GROWS=104 -GRAW=7 -GNBRAM=3"}) {
    const auto l = hctest::run(std::string("verilator --lint-only -Wall -I") + kSrc +
                               "/hw/include " + g + " " + kSrc + "/hw/hc_sched_bank.v " + kSrc +
                               "/hw/hc_sched_node.v --top-module hc_sched_node");
    EXPECT_EQ(l.code, 0) << g << l.err;
  }
}

// A send field with valid = 0 is an idle port whatever its kind and index
// (tests/hw_units/sched_node_idle_fields_tb.v, at the 3-cube total exchange's
// node-0 parameters): with every idle field of a hand-written ROM nonzero, and
// nonzero words on every link, the two valid sends show in their rows and
// nothing else (no valid bit, every other link word zero, err_o low, in all 7
// cycles from the start), busy_o and done_o in the rows they should, and the
// host reads both loaded words. hc-mutate runs it on the node.
TEST(SchedNode, IdleSendFieldsLeaveTheirPortsIdle) {
  std::string log;
  const Checked r =
      runBench("sched_node_idle_fields_tb.v", "hc_sched_bank.v hc_sched_node.v", "", &log);
  ASSERT_TRUE(r.ended) << log;
  EXPECT_EQ(r.cycles, 7) << log;
  EXPECT_EQ(r.events, 2) << log;
  EXPECT_EQ(r.errors, 0) << log;
  EXPECT_EQ(log.find("u_n."), std::string::npos) << "no check may fire: " << log;
}

// A parameter that breaks its rule stops the simulation at time 0 with the
// check's name (p_banks: 2^BW < NB).
TEST(SchedNode, ParameterCheckFires) {
  std::string log;
  const Checked r = runBench(
      "sched_node_hd_tb.v", "hc_sched_bank.v hc_sched_node.v",
      "-Psched_node_hd_tb.HD=0 -Psched_node_hd_tb.CORRUPT=0 -Psched_node_hd_tb.NBANKS=3", &log);
  EXPECT_FALSE(r.ended) << log;  // stopped before the bench's end
  // Once in each of the bench's two nodes.
  EXPECT_EQ(hctest::count(log, "sched_node_hd_tb.u_n0.p_banks: parameter check failed"), 1u) << log;
  EXPECT_EQ(hctest::count(log, "sched_node_hd_tb.u_n1.p_banks: parameter check failed"), 1u) << log;
}

// yosys's proof that hc_sched_node read as Verilator reads it (`ifdef VERILATOR:
// the selects, sends, writes and checks by the ROM word's indices) equals the
// node as synthesis, Icarus and the proofs read it (the AND-OR over the
// sources) at parameters `chparam`: every register, output and named signal of
// the one against the other's (equiv_make), combinationally and by induction
// over the banks' words. `gate` is the file read with VERILATOR.
hctest::CmdResult provedEqual(const std::string& chparam, const std::string& gate,
                              const std::string& dir) {
  std::filesystem::create_directories(dir);
  const std::string inc = "-I" + kSrc + "/hw/include ", bank = kSrc + "/hw/hc_sched_bank.v ";
  const std::string read = "chparam " + chparam +
                           " hc_sched_node\nprep -top hc_sched_node\nflatten\nmemory_map\n"
                           "opt_clean\n";
  std::ofstream(dir + "/eq.ys")
      << "read_verilog -formal " << inc << bank << kSrc << "/hw/hc_sched_node.v\n"
      << read << "rename hc_sched_node gold\ndesign -stash gold\n"
      << "read_verilog -formal -DVERILATOR " << inc << bank << gate << "\n"
      << read << "rename hc_sched_node gate\ndesign -stash gate\n"
      << "design -copy-from gold -as gold gold\ndesign -copy-from gate -as gate gate\n"
      << "equiv_make gold gate equiv\nhierarchy -top equiv\nasync2sync\nequiv_simple\n"
      << "equiv_induct\nequiv_status -assert\n";
  return hctest::run("yosys -q -l " + dir + "/eq.log -s " + dir + "/eq.ys");
}

// The two readings of hc_sched_node are one function: three shapes (more banks
// than ports with SMASK and WMASK pruned and two of four banks in flip-flops;
// half-duplex with three banks; more ports than banks with a port count and a
// depth that are not powers of two); a Verilator reading whose late forward
// sends the link's word instead of the row before's must fail the proof.
TEST(SchedNode, VerilatorModelIsTheAndOr) {
  const std::string dir = "/tmp/hctest-sched-equiv-" + std::to_string(::getpid());
  const std::string node = kSrc + "/hw/hc_sched_node.v";
  const std::string shapes[] = {
      "-set NP 3 -set NB 4 -set BW 2 -set DEPTH 3 -set AW 2 -set PSW 2 -set IW 2 -set ROWS 5 "
      "-set RAW 3 -set PW 4 -set NBRAM 2 -set SMASK 30'h2ab53c6f -set WMASK 12'hb5e",
      "-set NP 2 -set NB 3 -set BW 2 -set DEPTH 2 -set AW 1 -set PSW 1 -set IW 2 -set ROWS 4 "
      "-set RAW 3 -set PW 3 -set HD 1",
      "-set NP 5 -set NB 2 -set BW 1 -set DEPTH 5 -set AW 3 -set PSW 3 -set IW 3 -set ROWS 6 "
      "-set RAW 3 -set PW 2 -set NBRAM 0 -set SMASK 60'h0fed7c91b3a5f61"};
  for (const std::string& shape : shapes) {
    const auto r = provedEqual(shape, node, dir);
    EXPECT_EQ(r.code, 0) << shape << "\n" << hctest::slurp(dir + "/eq.log").substr(0, 4000);
    EXPECT_NE(hctest::slurp(dir + "/eq.log").find("Equivalence successfully proven"),
              std::string::npos)
        << shape;
  }
  std::string text = hctest::slurp(node);
  const std::string late = "arr_q[si*PW+:PW]";
  const size_t at = text.find(late);
  ASSERT_NE(at, std::string::npos) << "the Verilator reading's late forward";
  text.replace(at, late.size(), "lnk_data_i[si*PW+:PW]");
  std::ofstream(dir + "/mutant.v") << text;
  EXPECT_NE(provedEqual(shapes[0], dir + "/mutant.v", dir).code, 0) << "a wrong reading passed";
  std::filesystem::remove_all(dir);
}

}  // namespace
