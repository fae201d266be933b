// Every error condition a hardware module's header comment promises, made to
// fire on its own (issue "Tests that can fail"): an Icarus Verilog bench per
// module (tests/hw_units/*_tb.v) drives it into exactly that condition and the
// test checks that the condition fires (err output, or the check's message in
// the simulator's output), that the module's other conditions stay silent in
// the same run, and that a control run without the fault fires nothing.
#include <gtest/gtest.h>

#include <regex>
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
    EXPECT_EQ(occurrences(log, "hc_acc_node"), fires ? 1 : 0) << tag << ": " << log;
    if (fires) {
      EXPECT_EQ(occurrences(log, "a link and the ROM disagree at step " + std::to_string(c.step)),
                1)
          << tag << ": " << log;
    }
  }
}

// hc_router_core with HOP = 2 (tests/hw_units/router_hop2_tb.v): an injection
// source that drops inj_valid_i while its grant is in flight breaks the rule
// and the $error must name head 4 (the injection) on port 0, once; no other
// check of the core speaks (each message starts "hc_router_core ", the
// $error's file name "hc_router_core.v"). Holding inj_valid_i until inj_ready_o is silent.
TEST(HwErrors, RouterCoreHop2GrantInFlight) {
  const std::string message =
      "hc_router_core router_hop2_tb.u_core: head 4 left with its grant "
      "on port 0 in flight";
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
    EXPECT_EQ(occurrences(log, "hc_router_core "), drop) << tag << ": " << log;
  }
}

namespace {

// hc_mesh_router's two $display checks (tests/hw_units/mesh_router_err_tb.v):
// FAULT = 1 pushes a flit into a full FIFO, FAULT = 2 returns a credit beyond
// DEPTH; each must print its message once and the other nothing.
void expectMeshRouterCheck(int fault, const std::string& message, int flits) {
  const std::string tag = tagOf("FAULT", fault);
  std::string log;
  const Checked r = runBench("mesh_router_err_tb.v", "hc_fifo.v hc_mesh_router.v",
                             "-Pmesh_router_err_tb.FAULT=" + std::to_string(fault), &log);
  ASSERT_TRUE(r.ended) << tag << ": " << log;
  EXPECT_EQ(r.errors, 0) << tag << ": " << log;
  EXPECT_EQ(r.events, flits) << tag << ": flits out: " << log;
  if (message.empty()) {
    EXPECT_EQ(occurrences(log, "hc_mesh_router"), 0) << tag << ": " << log;
  } else {
    EXPECT_EQ(occurrences(log, "hc_mesh_router: ERROR: " + message), 1) << tag << ": " << log;
    EXPECT_EQ(occurrences(log, "hc_mesh_router"), 1) << tag << ": " << log;
  }
}

}  // namespace

TEST(HwErrors, MeshRouterControlRunIsSilent) { expectMeshRouterCheck(0, "", 5); }

TEST(HwErrors, MeshRouterFlitIntoAFullFifo) {
  expectMeshRouterCheck(1, "a flit into the full FIFO of input 0", 2);
}

TEST(HwErrors, MeshRouterCreditBeyondDepth) {
  expectMeshRouterCheck(2, "a credit beyond DEPTH on output 1", 5);
}

// hc_group_arbiter's check (tests/hw_units/group_arbiter_err_tb.v): the groups'
// grant forced for one edge to a group that does not request (one grant, to a
// non-requester), or to two requesting groups (two grants, to requesters); the
// check must print that edge's grant and requests, once. Unforced: silent.
TEST(HwErrors, GroupArbiterGrantAgainstTheRule) {
  for (const auto& [fault, message] :
       {std::make_pair(0, std::string()),
        std::make_pair(1, std::string("grant 00100 for requests 00011")),
        std::make_pair(2, std::string("grant 00101 for requests 00101"))}) {
    const std::string tag = tagOf("FAULT", fault);
    std::string log;
    const Checked r = runBench("group_arbiter_err_tb.v", "hc_group_arbiter.v hc_rr_arbiter.v",
                               "-Pgroup_arbiter_err_tb.FAULT=" + std::to_string(fault), &log);
    ASSERT_TRUE(r.ended) << tag << ": " << log;
    EXPECT_EQ(r.cycles, 8) << tag;
    EXPECT_EQ(r.events, 6) << tag << ": grants: " << log;
    const int fires = message.empty() ? 0 : 1;
    EXPECT_EQ(r.errors, fires) << tag << ": edges breaking the rule: " << log;
    EXPECT_EQ(occurrences(log, "hc_group_arbiter"), fires) << tag << ": " << log;
    if (fires) {
      EXPECT_EQ(occurrences(log, "hc_group_arbiter group_arbiter_err_tb.u_dut: " + message), 1)
          << tag << ": " << log;
    }
  }
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
