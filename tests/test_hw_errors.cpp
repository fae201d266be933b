// Every error condition a hardware module's header comment promises, made to
// fire on its own (issue "Tests that can fail"): an Icarus Verilog bench per
// module (tests/hw_units/*_tb.v) drives it into exactly that condition and the
// test checks that the condition fires (err output, or the check's message in
// the simulator's output), that the module's other conditions stay silent in
// the same run, and that a control run without the fault fires nothing.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "hw_bench.h"
#include "test_util.h"

namespace {

using hctest::Checked;
using hctest::occurrences;
using hctest::runBench;

// The integers after "TAG " at the start of a line of LOG (empty if there is
// no such line).
std::vector<long long> numbersAfter(const std::string& log, const std::string& tag) {
  std::vector<long long> v;
  std::smatch m;
  if (!std::regex_search(log, m, std::regex("(^|\\n)" + tag + " ([-0-9 ]+)"))) return v;
  std::istringstream in(m[2].str());
  for (long long x; in >> x;) v.push_back(x);
  return v;
}

std::string tagOf(const std::string& name, int value) { return name + "=" + std::to_string(value); }

// The named checks (assertions and assumptions) that fired in LOG, below the
// instance PREFIX ("bench.u_dut."), in the order they first fired.
std::vector<std::string> firedChecks(const std::string& log, const std::string& prefix) {
  std::vector<std::string> names;
  const std::regex line("ERROR: [^\\n]*?: (\\S+): (assertion|assumption) failed");
  for (auto it = std::sregex_iterator(log.begin(), log.end(), line); it != std::sregex_iterator();
       ++it) {
    std::string name = (*it)[1].str();
    if (name.rfind(prefix, 0) == 0) name = name.substr(prefix.size());
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  return names;
}

std::set<std::string> asSet(const std::vector<std::string>& v) { return {v.begin(), v.end()}; }

}  // namespace

// hc_acc_node's err_o (tests/hw_units/acc_node_err_tb.v): a value arriving on an
// input no row files (condition 2) sets it, in that step alone, with the
// half-duplex check live and silent and no expected value missing; the value is
// dropped. A missing value (condition 1) sets it on its own too; a run that
// drives exactly what the ROM files sets nothing.
TEST(HwErrors, AccNodeValueNoRowFiles) {
  struct Case {
    int fault;
    std::vector<long long> conds;  // steps where conditions 1, 2, 3 held
    int step;                      // the step reported, 0: none
    long long sum;                 // entry 0 at the end, -1: not checked
  };
  for (const Case& c :
       {Case{0, {0, 0, 0}, 0, 12}, Case{1, {0, 1, 0}, 2, 12}, Case{2, {1, 0, 0}, 1, -1}}) {
    const std::string tag = tagOf("FAULT", c.fault);
    std::string log;
    const Checked r = runBench("acc_node_err_tb.v", "hc_acc_node.v",
                               "-Pacc_node_err_tb.FAULT=" + std::to_string(c.fault), &log);
    ASSERT_TRUE(r.ended) << tag << ": " << log;
    EXPECT_EQ(r.errors, 0) << tag << ": the node's bad and the conditions disagree: " << log;
    EXPECT_EQ(numbersAfter(log, "conds"), c.conds) << tag << ": " << log;
    const bool fires = c.step != 0;
    EXPECT_EQ(r.events, fires ? 1 : 0) << tag << ": steps with bad high: " << log;
    const auto fin = numbersAfter(log, "final");
    ASSERT_EQ(fin.size(), 2u) << tag << ": " << log;
    EXPECT_EQ(fin[0], fires ? 1 : 0) << tag << ": err_o at the end: " << log;
    if (c.sum >= 0) {
      EXPECT_EQ(fin[1], c.sum) << tag << ": " << log;
    }
    EXPECT_EQ(occurrences(log, "acc_node_err_tb.u_node.e_rom_link: a link and the ROM disagree"),
              fires ? 1 : 0)
        << tag << ": " << log;
  }
}

// hc_router_core with HOP = 2 (tests/hw_units/router_hop2_tb.v): an injection
// source that drops inj_valid_i while its grant is in flight breaks the rule
// and the named assumption a_grant_held must fire, once, beside the source's
// own rule a_inj_hold (the offer withdrawn before inj_ready_o); no other check
// of the core speaks. Holding inj_valid_i until inj_ready_o is silent.
TEST(HwErrors, RouterCoreHop2GrantInFlight) {
  const std::string message =
      "router_hop2_tb.u_core.a_grant_held: assumption failed: a head left with its grant in "
      "flight";
  for (int drop : {0, 1}) {
    const std::string tag = tagOf("DROP", drop);
    std::string log;
    const Checked r = runBench("router_hop2_tb.v",
                               "hc_fifo.v hc_rr_arbiter.v hc_group_arbiter.v hc_router_core.v",
                               "-g2012 -Prouter_hop2_tb.DROP=" + std::to_string(drop), &log);
    ASSERT_TRUE(r.ended) << tag << ": " << log;
    EXPECT_EQ(r.events, 1) << tag << ": flits out: " << log;
    EXPECT_EQ(r.errors, 0) << tag << ": " << log;
    EXPECT_EQ(occurrences(log, message), drop) << tag << ": " << log;
    EXPECT_EQ(occurrences(log, "router_hop2_tb.u_core.a_inj_hold: assumption failed"), drop)
        << tag << ": " << log;
    // each message line and its Scope line
    EXPECT_EQ(occurrences(log, "router_hop2_tb.u_core."), 4 * drop) << tag << ": " << log;
  }
}

// hc_router_core's credit check (tests/hw_units/router_credit_tb.v): with no
// credit returned, a 2-flit VC downstream lets exactly 2 injected flits out and
// a_credit_under stays silent; with the counter forced to 0 while the first
// flit is held, a_credit_under fires, once, and nothing else of the core speaks.
TEST(HwErrors, RouterCoreFlitWithoutACredit) {
  const std::string message =
      "router_credit_tb.u_core.g_port[0].g_cr[0].g_cnt.a_credit_under: assertion failed: a flit "
      "sent without a credit";
  for (const auto& [fault, flits] : {std::make_pair(0, 2), std::make_pair(1, 1)}) {
    const std::string tag = tagOf("CASE", fault);
    std::string log;
    const Checked r = runBench("router_credit_tb.v",
                               "hc_fifo.v hc_rr_arbiter.v hc_group_arbiter.v hc_router_core.v",
                               "-Prouter_credit_tb.CASE=" + std::to_string(fault), &log);
    ASSERT_TRUE(r.ended) << tag << ": " << log;
    EXPECT_EQ(r.events, flits) << tag << ": flits out: " << log;
    EXPECT_EQ(r.errors, 0) << tag << ": " << log;
    EXPECT_EQ(occurrences(log, message), fault) << tag << ": " << log;
    // the message line and its Scope line
    EXPECT_EQ(occurrences(log, "router_credit_tb.u_core."), 2 * fault) << tag << ": " << log;
  }
}

namespace {

// hc_mesh_router's two named rules (tests/hw_units/mesh_router_err_tb.v):
// FAULT = 1 pushes a flit into a full FIFO (g_rule[0].a_in_full; the FIFO's
// own a_push_full fires beside it), FAULT = 2 returns a credit beyond DEPTH
// (g_rule[1].a_credit_over); each must fire once and the other rule not at all.
void expectMeshRouterCheck(int fault, const std::string& rule, int flits) {
  const std::string tag = tagOf("FAULT", fault);
  std::string log;
  const Checked r = runBench("mesh_router_err_tb.v", "hc_fifo.v hc_mesh_router.v",
                             "-Pmesh_router_err_tb.FAULT=" + std::to_string(fault), &log);
  ASSERT_TRUE(r.ended) << tag << ": " << log;
  EXPECT_EQ(r.errors, 0) << tag << ": " << log;
  EXPECT_EQ(r.events, flits) << tag << ": flits out: " << log;
  if (rule.empty()) {
    EXPECT_EQ(occurrences(log, "failed"), 0) << tag << ": " << log;
  } else {
    EXPECT_EQ(occurrences(log, "mesh_router_err_tb.u_router." + rule + ": assumption failed"), 1)
        << tag << ": " << log;
    // the message line and its Scope line
    EXPECT_EQ(occurrences(log, "u_router.g_rule["), 2) << tag << ": " << log;
  }
}

}  // namespace

TEST(HwErrors, MeshRouterControlRunIsSilent) { expectMeshRouterCheck(0, "", 5); }

TEST(HwErrors, MeshRouterFlitIntoAFullFifo) { expectMeshRouterCheck(1, "g_rule[0].a_in_full", 2); }

TEST(HwErrors, MeshRouterCreditBeyondDepth) {
  expectMeshRouterCheck(2, "g_rule[1].a_credit_over", 5);
}

// hc_mesh_router's locks (the same bench): output 2 forced locked by the
// worm's input beside output 1 (FAULT = 3: a_lock_owner), the head's head bit
// hidden from the lock as it leaves (FAULT = 4: a_body_locked); each must fire
// first. The router's other rules stay silent but for what the break itself
// makes happen next, named here: with output 2 locked by input 0 too, input 0
// feeds both outputs (a_one_output); with output 1 left unlocked, the worm's
// body cannot follow its head, the bench's back-to-back source overflows
// input 0 (a_in_full, and the own a_push_full of the one-flit FIFO behind its
// front). Nothing else: in particular no credit check.
TEST(HwErrors, MeshRouterLockRulesFire) {
  struct Case {
    int fault;
    std::vector<std::string> fired;  // the rule first, then its consequences
  };
  for (const Case& c :
       {Case{3, {"a_lock_owner", "a_one_output"}},
        Case{4, {"a_body_locked", "g_in[0].u_fifo.a_push_full", "g_rule[0].a_in_full"}}}) {
    const std::string tag = tagOf("FAULT", c.fault);
    std::string log;
    const Checked r = runBench("mesh_router_err_tb.v", "hc_fifo.v hc_mesh_router.v",
                               "-Pmesh_router_err_tb.FAULT=" + std::to_string(c.fault), &log);
    ASSERT_TRUE(r.ended) << tag << ": " << log;
    EXPECT_GE(occurrences(log, "mesh_router_err_tb.u_router." + c.fired[0] + ": assertion failed"),
              1)
        << tag << ": " << log;
    const std::vector<std::string> fired = firedChecks(log, "mesh_router_err_tb.u_router.");
    ASSERT_FALSE(fired.empty()) << tag << ": " << log;
    EXPECT_EQ(fired.front(), c.fired.front()) << tag << ": " << log;
    EXPECT_EQ(asSet(fired), asSet(c.fired)) << tag << ": " << log;
  }
}

// hc_mesh_router's a_one_output (the same bench, FAULT = 5): two worms side by
// side, input 0's on output 1 and input 1's on output 2, and for one edge the
// outputs' selected inputs forced to input 0 as both send: the check fires,
// once, and nothing else does; both worms still arrive whole and in order.
TEST(HwErrors, MeshRouterInputFeedsOneOutput) {
  std::string log;
  const Checked r = runBench("mesh_router_err_tb.v", "hc_fifo.v hc_mesh_router.v",
                             "-Pmesh_router_err_tb.FAULT=5", &log);
  ASSERT_TRUE(r.ended) << log;
  EXPECT_EQ(r.errors, 0) << log;
  EXPECT_EQ(r.events, 5) << "flits out: " << log;
  EXPECT_EQ(occurrences(log, "mesh_router_err_tb.u_router.a_one_output: assertion failed"), 1)
      << log;
  EXPECT_EQ(occurrences(log, "failed"), 1) << log;
}

// hc_group_arbiter's assertions (tests/hw_units/group_arbiter_err_tb.v): the
// groups' grant forced for one edge to a group that does not request (one
// grant, to a non-requester: a_gnt_req), to two requesting groups (two
// grants, to requesters: a_one_hot), or to none while group 0 requests (no
// grant: a_valid); that assertion must fire, naming itself, and no other
// assertion of the arbiter. Unforced: silent.
TEST(HwErrors, GroupArbiterGrantAgainstTheRule) {
  for (const auto& [fault, name] :
       {std::make_pair(0, std::string()), std::make_pair(1, std::string("a_gnt_req")),
        std::make_pair(2, std::string("a_one_hot")), std::make_pair(3, std::string("a_valid"))}) {
    const std::string tag = tagOf("FAULT", fault);
    std::string log;
    const Checked r = runBench("group_arbiter_err_tb.v", "hc_group_arbiter.v hc_rr_arbiter.v",
                               "-Pgroup_arbiter_err_tb.FAULT=" + std::to_string(fault), &log);
    ASSERT_TRUE(r.ended) << tag << ": " << log;
    EXPECT_EQ(r.cycles, 8) << tag;
    EXPECT_EQ(r.events, fault == 3 ? 5 : 6) << tag << ": grants: " << log;
    const int fires = name.empty() ? 0 : 1;
    EXPECT_EQ(r.errors, fires) << tag << ": edges breaking the rule: " << log;
    EXPECT_EQ(occurrences(log, "group_arbiter_err_tb.u_dut.a_"), 2 * fires) << tag << ": " << log;
    if (fires) {
      EXPECT_EQ(occurrences(log, "group_arbiter_err_tb.u_dut." + name + ": assertion failed"), 1)
          << tag << ": " << log;
    }
  }
}

// The named assertions of hc_fifo, hc_rr_arbiter and hc_group_arbiter
// (tests/hw_units/assert_fire_tb.v), each broken for one edge: the assertion
// must fire, naming itself; a run breaking nothing fires none. The modules'
// other checks stay silent, but for those the break's own consequence trips,
// named here: a push into the full 2-entry FIFO or a pop of the empty one
// takes its 2-bit count past DEPTH (3: a_cnt_range); the count forced to 3
// is no longer the distance between the pointers (a_ptrs); the group
// arbiter's forced net is its groups' round robin's grant, which that
// arbiter's own a_gnt_req reads too. The 1-entry FIFO keeps no count, and the
// round robin's three checks each fire alone. The FIFO's count and pointer
// invariants (a_any, a_ptr_range, a_ptrs; cases 9-11) fire once and alone:
// their forced register is put back after the edge.
TEST(HwErrors, FifoAndArbiterAssertionsFire) {
  const std::string cnt = "u_fifo.g_many.g_cnt_range.a_cnt_range";
  const std::string range = "u_fifo3.g_many.g_ptr_range.a_ptr_range";
  const std::vector<std::vector<std::string>> fired = {
      {},
      {"u_fifo.a_push_full", cnt},
      {"u_fifo.a_pop_empty", cnt},
      {"u_fifo1.a_push_full"},
      {cnt, "u_fifo.g_many.a_ptrs"},
      {"u_rr.a_one_hot"},
      {"u_rr.a_gnt_req"},
      {"u_rr.a_valid"},
      {"u_grp.a_gnt_req", "u_grp.u_groups.a_gnt_req"},
      {"u_fifo.g_many.a_any"},
      {range},
      {"u_fifo.g_many.a_ptrs"}};
  const std::vector<std::string> names = {"",
                                          "u_fifo.a_push_full: assumption failed",
                                          "u_fifo.a_pop_empty: assumption failed",
                                          "u_fifo1.a_push_full: assumption failed",
                                          cnt + ": assertion failed",
                                          "u_rr.a_one_hot: assertion failed",
                                          "u_rr.a_gnt_req: assertion failed",
                                          "u_rr.a_valid: assertion failed",
                                          "u_grp.a_gnt_req: assertion failed",
                                          "u_fifo.g_many.a_any: assertion failed",
                                          range + ": assertion failed",
                                          "u_fifo.g_many.a_ptrs: assertion failed"};
  for (size_t c = 0; c < names.size(); ++c) {
    const std::string tag = tagOf("CASE", static_cast<int>(c));
    std::string log;
    const Checked r = runBench("assert_fire_tb.v", "hc_fifo.v hc_rr_arbiter.v hc_group_arbiter.v",
                               "-Passert_fire_tb.CASE=" + std::to_string(c), &log);
    ASSERT_TRUE(r.ended) << tag << ": " << log;
    EXPECT_EQ(r.cycles, 8) << tag;
    if (names[c].empty()) {
      EXPECT_EQ(occurrences(log, "failed"), 0) << tag << ": " << log;
    } else if (c >= 9) {
      EXPECT_EQ(occurrences(log, "assert_fire_tb." + names[c]), 1) << tag << ": " << log;
      EXPECT_EQ(occurrences(log, "failed"), 1) << tag << ": " << log;
    } else {
      EXPECT_GE(occurrences(log, "assert_fire_tb." + names[c]), 1) << tag << ": " << log;
    }
    EXPECT_EQ(asSet(firedChecks(log, "assert_fire_tb.")), asSet(fired[c])) << tag << ": " << log;
  }
}

// hc_ram_fifo, the AXI4-Stream endpoint's ejection queue, in block RAM and in
// flip-flops (tests/hw_units/ram_fifo_tb.v): the hand-worked sequence's 15
// rows, 10 of them with a head, all as worked out, and no assertion fires
// (the run `make mutate` uses: it checks no named check); a push into the full
// FIFO fires a_push_full, a pop without a head a_pop_empty.
namespace {

void expectRamFifoRun(int ram, int fault) {
  const std::string tag = tagOf("RAM", ram) + " " + tagOf("FAULT", fault);
  std::string log;
  const Checked r = runBench(
      "ram_fifo_tb.v", "hc_ram_fifo.v",
      "-Pram_fifo_tb.RAM=" + std::to_string(ram) + " -Pram_fifo_tb.FAULT=" + std::to_string(fault),
      &log);
  ASSERT_TRUE(r.ended) << tag << ": " << log;
  EXPECT_EQ(r.cycles, 15) << tag;
  EXPECT_EQ(r.events, 10) << tag;
  if (fault == 0) {
    EXPECT_EQ(r.errors, 0) << tag << ": " << log;
    EXPECT_EQ(occurrences(log, "ram_fifo_tb.u_dut.a_"), 0) << tag << ": " << log;
  }
  if (fault == 1) {
    EXPECT_GE(occurrences(log, "ram_fifo_tb.u_dut.a_push_full"), 1) << log;
  }
  if (fault == 2) {
    EXPECT_GE(occurrences(log, "ram_fifo_tb.u_dut.a_pop_empty"), 1) << log;
  }
}

}  // namespace

TEST(HwErrors, RamFifoSequence) {
  for (const int ram : {0, 1}) expectRamFifoRun(ram, 0);
}

TEST(HwErrors, RamFifoAssertions) {
  for (const int ram : {0, 1}) {
    for (const int fault : {1, 2}) expectRamFifoRun(ram, fault);
  }
}

// hc_axis_endpoint's credit rule in both storages
// (tests/hw_units/axis_endpoint_credit_tb.v, NP 1, DEPTH 1, QDEPTH 4): the
// hand-worked 9 rows, with credits sent upstream in 3 of them (a credit passes
// while one flit of its VC is queued, waits while two are, and passes again
// once one has left on m_axis); a credit the router does not owe fires
// a_core_cnt, a third queued flit of VC 0 a_queued_cnt.
TEST(HwErrors, AxisEndpointCreditRuleAndAssertions) {
  for (const int ram : {0, 1}) {
    for (const int fault : {0, 1, 2}) {
      const std::string tag = tagOf("QRAM", ram) + " " + tagOf("FAULT", fault);
      std::string log;
      const Checked r =
          runBench("axis_endpoint_credit_tb.v", "hc_axis_endpoint.v hc_ram_fifo.v hc_rr_arbiter.v",
                   "-Paxis_endpoint_credit_tb.QRAM=" + std::to_string(ram) +
                       " -Paxis_endpoint_credit_tb.FAULT=" + std::to_string(fault),
                   &log);
      ASSERT_TRUE(r.ended) << tag << ": " << log;
      EXPECT_EQ(r.cycles, 9) << tag;
      if (fault == 0) {
        EXPECT_EQ(r.events, 3) << tag << ": " << log;
        EXPECT_EQ(r.errors, 0) << tag << ": " << log;
        EXPECT_EQ(occurrences(log, "u_dut."), 0) << tag << ": " << log;
      }
      if (fault == 1) {
        EXPECT_GE(occurrences(log, "u_dut.g_credit[0].a_core_cnt"), 1) << log;
      }
      if (fault == 2) {
        EXPECT_GE(occurrences(log, "u_dut.g_credit[0].a_queued_cnt"), 1) << log;
      }
    }
  }
}

// The same rule at the AXI4-Stream tops' parameters (NP 4, DEPTH 2, QDEPTH 8;
// tests/hw_units/axis_endpoint_lanes_tb.v), in both storages: on each lane four
// flits of VC 0 then four of VC 1 while m_axis refuses, then all eight taken in
// order; each lane and VC sends its hand-worked credits in 4 rows, 32 of the 72
// rows in all, and none in any other row. hc-mutate runs it on the endpoint
// (QRAM 0).
TEST(HwErrors, AxisEndpointCreditRuleOnEveryLaneAndVc) {
  for (const int ram : {0, 1}) {
    std::string log;
    const Checked r =
        runBench("axis_endpoint_lanes_tb.v", "hc_axis_endpoint.v hc_ram_fifo.v hc_rr_arbiter.v",
                 "-Paxis_endpoint_lanes_tb.QRAM=" + std::to_string(ram), &log);
    ASSERT_TRUE(r.ended) << tagOf("QRAM", ram) << ": " << log;
    EXPECT_EQ(r.cycles, 72) << tagOf("QRAM", ram);
    EXPECT_EQ(r.events, 32) << tagOf("QRAM", ram) << ": " << log;
    EXPECT_EQ(r.errors, 0) << tagOf("QRAM", ram) << ": " << log;
    EXPECT_EQ(occurrences(log, "u_dut."), 0) << tagOf("QRAM", ram) << ": " << log;
  }
}

// hc_cfg_dims at the prototype's limits (tests/hw_units/cfg_dims_outputs_tb.v):
// every output after a one-dimension and a three-dimension stream, worked by
// hand from eqs. (3) and (6), and the dimensions above r reading 0.
TEST(HwErrors, CfgDimsOutputsByHand) {
  std::string log;
  const Checked r = runBench("cfg_dims_outputs_tb.v", "hc_cfg_dims.v", "", &log);
  ASSERT_TRUE(r.ended) << log;
  EXPECT_EQ(r.cycles, 2) << log;
  EXPECT_EQ(r.errors, 0) << log;
  EXPECT_EQ(numbersAfter(log, "done"), (std::vector<long long>{1, 0})) << log;
}

// hc_cfg_dims at MAX_M = 9 < 2^MW - 1 and CDW = 6 > MW = 4
// (tests/hw_units/cfg_dims_limits_tb.v): m = MAX_M passes, m = MAX_M + 1 and a
// word with bits above m's (in m, rho and D) set err_o in the cycle after that
// word is taken, and not before; done_o never rises.
TEST(HwErrors, CfgDimsRangeChecksAtReachableLimits) {
  struct Case {
    int fault, words, err_at;
  };
  for (const Case& c :
       {Case{0, 8, 0}, Case{1, 6, 6}, Case{2, 3, 3}, Case{3, 4, 4}, Case{4, 8, 8}}) {
    const std::string tag = tagOf("FAULT", c.fault);
    std::string log;
    const Checked r =
        runBench("cfg_dims_limits_tb.v", "hc_cfg_dims.v",
                 "-g2012 -Pcfg_dims_limits_tb.FAULT=" + std::to_string(c.fault), &log);
    ASSERT_TRUE(r.ended) << tag << ": " << log;
    EXPECT_EQ(r.cycles, c.words) << tag << ": words taken: " << log;
    EXPECT_EQ(r.events, c.err_at) << tag << ": err_o rose after word: " << log;
    EXPECT_EQ(r.errors, 0) << tag << ": " << log;
    const std::vector<long long> done_err = {c.fault == 0 ? 1 : 0, c.fault == 0 ? 0 : 1};
    EXPECT_EQ(numbersAfter(log, "done"), done_err) << tag << ": " << log;
  }
}

// hc_router_prog's cfg_err_o (tests/hw_units/router_prog_cfg_err_tb.v): a legal
// configuration raises cfg_done_o and an injection leaves on both ports; each
// illegal one (r > MAX_DIM from the stream's checks; a digit >= m and a degree
// above NP from the configuration unit's own) raises cfg_err_o, from its own
// source alone, and holds injection off. The core's checks stay silent.
TEST(HwErrors, RouterProgCfgErr) {
  struct Case {
    int fault;
    std::vector<long long> source;  // hc_router_cfg's dims_err, bad_q
  };
  for (const Case& c : {Case{0, {0, 0}}, Case{1, {1, 0}}, Case{2, {0, 1}}, Case{3, {0, 1}}}) {
    const std::string tag = tagOf("FAULT", c.fault);
    std::string log;
    const Checked r =
        runBench("router_prog_cfg_err_tb.v",
                 "hc_cfg_dims.v hc_port_sweep.v hc_router_cfg.v hc_fifo.v hc_rr_arbiter.v "
                 "hc_group_arbiter.v hc_router_core.v hc_router_prog.v",
                 "-g2012 -Prouter_prog_cfg_err_tb.FAULT=" + std::to_string(c.fault), &log);
    ASSERT_TRUE(r.ended) << tag << ": " << log;
    EXPECT_EQ(r.errors, 0) << tag << ": " << log;
    const bool legal = c.fault == 0;
    EXPECT_EQ(r.events, legal ? 2 : 0) << tag << ": flits out: " << log;
    const auto cfg = numbersAfter(log, "cfg");
    ASSERT_EQ(cfg.size(), 3u) << tag << ": " << log;
    EXPECT_EQ(cfg[0], legal ? 1 : 0) << tag << ": cfg_done_o: " << log;
    EXPECT_EQ(cfg[1], legal ? 0 : 1) << tag << ": cfg_err_o: " << log;
    if (legal) {
      EXPECT_EQ(cfg[2], 0) << tag << ": cycles with cfg_err_o high: " << log;
    }
    EXPECT_EQ(numbersAfter(log, "source"), c.source) << tag << ": " << log;
    EXPECT_EQ(occurrences(log, "hc_router_core "), 0) << tag << ": " << log;
  }
}

// hc_weight_unit's a_w_range (tests/hw_units/weight_unit_assert_tb.v): its
// weight output forced for one edge to wd 0, wd MAX_DIM + 1 or wc 0 must fire
// it, once; a weight in range must not.
TEST(HwErrors, WeightUnitRangeAssertionFires) {
  for (int c : {0, 1, 2, 3}) {
    const std::string tag = tagOf("CASE", c);
    std::string log;
    const Checked r =
        runBench("weight_unit_assert_tb.v", "hc_weight_unit.v hc_cfg_dims.v hc_port_sweep.v",
                 "-Pweight_unit_assert_tb.CASE=" + std::to_string(c), &log);
    ASSERT_TRUE(r.ended) << tag << ": " << log;
    EXPECT_EQ(occurrences(log, "weight_unit_assert_tb.u_unit.a_w_range: assertion failed"),
              c == 0 ? 0 : 1)
        << tag << ": " << log;
    EXPECT_EQ(occurrences(log, "failed"), c == 0 ? 0 : 1) << tag << ": " << log;
  }
}

namespace {

// Icarus's -P options for PARAMS ("A=1 B=2") of MODULE.
std::string parameterOptions(const std::string& module, const std::string& params) {
  std::istringstream in(params);
  std::string out;
  for (std::string p; in >> p;) out += " -P" + module + "." + p;
  return out;
}

}  // namespace

// The parameter checks (`HC_PARAM): each module elaborated alone under Icarus
// with parameters out of range must stop at time 0 naming the check. Every
// check that elaboration lets run has a case (the parameter-value cases of
// ParameterChecksElaborationStopsFirst below cannot reach theirs).
TEST(HwErrors, ParameterChecksFire) {
  const std::string src = HC_SOURCE_DIR;
  struct Case {
    const char *module, *param, *check;
  };
  for (const Case& c : {Case{"hc_router_core", "HOP=3", "hc_router_core.p_hop"},
                        Case{"hc_router_core", "NDIM=3", "hc_router_core.p_wdw"},
                        Case{"hc_router_core", "EPOCH=2", "hc_router_core.p_epoch"},
                        Case{"hc_router", "QUOTA=0", "hc_router.u_core.p_epoch"},
                        Case{"hc_router", "FAIR=2", "hc_router.p_fair"},
                        Case{"hc_router_prog", "FAIR=2", "hc_router_prog.p_fair"},
                        Case{"hc_router_cfg", "CDW=2", "hc_router_cfg.p_cdw"},
                        Case{"hc_cfg_dims", "CDW=2", "hc_cfg_dims.p_cdw"},
                        // CDW >= MW, but too narrow for the dimension count
                        Case{"hc_cfg_dims", "MAX_DIM=16", "hc_cfg_dims.p_cdw"},
                        Case{"hc_router_cfg", "MAX_DIM=16 WDW=5", "hc_router_cfg.p_cdw"},
                        Case{"hc_router_prog", "MAX_DIM=16 WDW=5", "hc_router_prog.p_cdw"},
                        Case{"hc_weight_unit", "MAX_DIM=16 WDW=5", "hc_weight_unit.p_cdw"},
                        Case{"hc_cfg_dims", "MAX_M=1", "hc_cfg_dims.p_max_m"},
                        Case{"hc_port_sweep", "MAX_DIM=0", "hc_port_sweep.p_dims"},
                        Case{"hc_weight_unit", "CDW=2", "hc_weight_unit.p_cdw"},
                        Case{"hc_mesh_router", "DEPTH=1", "hc_mesh_router.p_depth"},
                        Case{"hc_mesh_node", "DEPTH=1", "hc_mesh_node.p_depth"},
                        Case{"hc_mesh_tile", "DEPTH=1", "hc_mesh_tile.p_depth"},
                        Case{"hc_sum_node", "HD=2", "hc_sum_node.p_hd"},
                        Case{"hc_acc_node", "HD=2", "hc_acc_node.p_hd"},
                        Case{"hc_ram_fifo", "DEPTH=1", "hc_ram_fifo.p_depth"},
                        Case{"hc_ram_fifo", "RAM=2", "hc_ram_fifo.p_ram"},
                        Case{"hc_axis_endpoint", "QDEPTH=3", "hc_axis_endpoint.p_qdepth"},
                        Case{"hc_sched_bank", "BRAM=2", "hc_sched_bank.p_bram"},
                        Case{"hc_sched_rom", "ROWS=3", "hc_sched_rom.p_shape"},
                        Case{"hc_sched_node", "NBRAM=2", "hc_sched_node.p_nbram"},
                        Case{"hc_router_cfg", "NP=0", "hc_router_cfg.p_np"},
                        Case{"hc_epoch_head", "N=0", "hc_epoch_head.p_n"},
                        Case{"hc_router", "HOP=3", "hc_router.p_hop"},
                        Case{"hc_router_core", "NP=3 PIW=1", "hc_router_core.p_piw"},
                        Case{"hc_router_prog", "CDW=1", "hc_router_prog.p_cdw"},
                        Case{"hc_weight_unit", "NP=0", "hc_weight_unit.p_np"},
                        Case{"hc_weight_unit", "MAX_DIM=3 WDW=2", "hc_weight_unit.p_wdw"},
                        Case{"hc_sched_node", "NP=3 PSW=1", "hc_sched_node.p_ports"},
                        Case{"hc_sched_node", "DEPTH=64", "hc_sched_node.p_depth"},
                        Case{"hc_sched_node", "BW=2 IW=1", "hc_sched_node.p_index"},
                        Case{"hc_sched_node", "ROWS=4", "hc_sched_node.p_rows"},
                        Case{"hc_sched_node", "HD=2", "hc_sched_node.p_hd"},
                        Case{"hc_sched_bank", "DEPTH=64", "hc_sched_bank.p_shape"},
                        Case{"hc_sum_node", "SW=0", "hc_sum_node.p_widths"},
                        Case{"hc_sum_node", "STEPS=3 TW=1", "hc_sum_node.p_steps"},
                        Case{"hc_acc_node", "ENTRIES=64", "hc_acc_node.p_aw"},
                        Case{"hc_acc_node", "STEPS=3 TW=1", "hc_acc_node.p_tw"},
                        Case{"hc_ram_fifo", "W=0", "hc_ram_fifo.p_width"},
                        Case{"hc_axis_endpoint", "FW=10", "hc_axis_endpoint.p_fw"},
                        Case{"hc_mesh_router", "PW=0", "hc_mesh_router.p_cw"}}) {
    const std::string tag = std::string(c.module) + " " + c.param;
    const std::string vvp = "/tmp/hctest-param-" + std::to_string(::getpid()) + ".vvp";
    const auto comp = hctest::run("iverilog -g2005 -I" + src + "/hw/include -y" + src + "/hw -s " +
                                  c.module + parameterOptions(c.module, c.param) + " -o " + vvp +
                                  " " + src + "/hw/" + c.module + ".v");
    ASSERT_EQ(comp.code, 0) << tag << ": " << comp.out << comp.err;
    const auto sim = hctest::run("vvp -n " + vvp);
    std::filesystem::remove(vvp);
    EXPECT_NE(sim.code, 0) << tag;
    EXPECT_EQ(occurrences(sim.out + sim.err, std::string(c.check) + ": parameter check failed"), 1)
        << tag << ": " << sim.out << sim.err;
  }
}

// The parameter values whose named check never runs: a zero count or width
// (or a counter too narrow to index) makes a replication or part select
// illegal, and Icarus stops elaborating with its own error at that line
// (Verilator and yosys stop likewise). docs/hardware.md lists them; a module
// that learns to reach one of these checks fails here, and the check then
// belongs in ParameterChecksFire.
TEST(HwErrors, ParameterChecksElaborationStopsFirst) {
  const std::string src = HC_SOURCE_DIR;
  struct Case {
    const char *module, *param;
  };
  for (const Case& c : {Case{"hc_fifo", "W=0"},
                        Case{"hc_fifo", "DEPTH=0"},
                        Case{"hc_rr_arbiter", "N=0"},
                        Case{"hc_group_arbiter", "N=0"},
                        Case{"hc_acc_node", "NP=0"},
                        Case{"hc_acc_node", "AW=0"},
                        Case{"hc_acc_node", "TW=0"},
                        Case{"hc_axis_endpoint", "NP=0"},
                        Case{"hc_cfg_dims", "MAX_DIM=0"},
                        Case{"hc_mesh_node", "DIMS=0"},
                        Case{"hc_mesh_node", "CW=0"},
                        Case{"hc_mesh_node", "PW=0"},
                        Case{"hc_mesh_node", "LW=0"},
                        Case{"hc_mesh_node", "SW=0"},
                        Case{"hc_mesh_tile", "LW=0"},
                        Case{"hc_mesh_router", "DIMS=0"},
                        Case{"hc_mesh_router", "CW=0"},
                        Case{"hc_mesh_router", "HCW=0"},
                        Case{"hc_router", "NP=0"},
                        Case{"hc_router_prog", "NP=0"},
                        Case{"hc_router_core", "NP=0"},
                        Case{"hc_router_core", "DEPTH=0"},
                        Case{"hc_router_core", "PIW=0"},
                        Case{"hc_ram_fifo", "DEPTH=0"},
                        Case{"hc_sum_node", "XW=0"},
                        Case{"hc_sum_node", "CW=0"},
                        Case{"hc_sum_node", "W=8"},
                        Case{"hc_sum_node", "TW=0"},
                        Case{"hc_sched_node", "NP=0"},
                        Case{"hc_sched_node", "PSW=0"},
                        Case{"hc_sched_node", "IW=0"},
                        Case{"hc_sched_node", "DEPTH=0"},
                        Case{"hc_weight_unit", "WDW=1"},
                        Case{"hc_mesh_tile", "DIMS=0"},
                        Case{"hc_mesh_tile", "CW=0"},
                        Case{"hc_mesh_tile", "PW=0"},
                        Case{"hc_mesh_tile", "HCW=0"},
                        Case{"hc_mesh_tile", "SW=0"},
                        Case{"hc_router", "DEPTH=0"},
                        Case{"hc_router_prog", "MAX_DIM=0"},
                        Case{"hc_router_prog", "DEPTH=0"},
                        Case{"hc_cfg_dims", "MW=0"},
                        Case{"hc_acc_node", "W=0"}}) {
    const std::string tag = std::string(c.module) + " " + c.param;
    const std::string vvp = "/tmp/hctest-param-" + std::to_string(::getpid()) + ".vvp";
    const auto comp = hctest::run("iverilog -g2005 -I" + src + "/hw/include -y" + src + "/hw -s " +
                                  c.module + parameterOptions(c.module, c.param) + " -o " + vvp +
                                  " " + src + "/hw/" + c.module + ".v");
    std::filesystem::remove(vvp);
    EXPECT_NE(comp.code, 0) << tag << ": elaborated; its check can now fire";
    EXPECT_NE((comp.out + comp.err).find("error"), std::string::npos) << tag << ": " << comp.err;
  }
}
