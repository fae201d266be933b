// hc_sched_node's err_o in co-simulation: a fault in one node's ROM image, in
// the Verilated model only (tb/sched_harness.cpp's hook, HYPERCAST_FAULT_ROM=
// node:row:fault), must raise that node's (or its neighbour's) err_o through
// each term of its `missing` check, and the harness must report it as the
// first divergence, naming the node and the cycle, and fail the run. Both RTL
// models: the generated whole top (each node's err_o read from its public err
// vector) and the wired nodes. The 3-cube broadcast from node 0 (binomial tree,
// 3 steps, 4 ROM rows); row R files the arrivals of step R and does the sends
// of step R + 1, so nothing arrives in row 0.
#include <gtest/gtest.h>

#include <string>

#include "test_util.h"

namespace {

std::string collective(const std::string& name, const std::string& model, const std::string& engine,
                       const std::string& fault, bool json = true) {
  return (fault.empty() ? std::string() : "HYPERCAST_FAULT_ROM=" + fault + " ") +
         hctest::hypercast() + " simulate --topology hypercube --dim 3 --collective " + name +
         " --engine " + engine + " --rtl-model " + model + (json ? " --json" : "");
}

std::string broadcast(const std::string& model, const std::string& engine,
                      const std::string& fault) {
  return collective("broadcast", model, engine, fault);
}

class SchedFault : public ::testing::TestWithParam<const char*> {};

// The run failed on node `node`'s err_o at `cycle`, first, as the harness
// reports it (JSON and stderr). The 3-cube's links are full duplex: the
// half-duplex clash term is not instantiated (HD = 0), and the report says so.
void expectErrDivergence(const hctest::CmdResult& r, uint64_t node, uint64_t cycle, bool cosim) {
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  // The node names the check beside err_o (hc_sched_node's e_missing) on
  // stderr; stdout holds the report alone.
  EXPECT_NE(r.err.find(".e_missing: "), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("ERROR"), std::string::npos) << r.out;
  const nlohmann::json j = hctest::parseJson(r.out);
  ASSERT_TRUE(j.contains("first_divergence")) << r.out << r.err;
  EXPECT_EQ(j.at("verdict"), "fail");
  EXPECT_EQ(j.at("rtl_error"), true);
  EXPECT_EQ(j.at("watchdog"), false);
  const nlohmann::json& d = j.at("first_divergence");
  EXPECT_EQ(d.at("port"), "err_o") << r.out;
  EXPECT_EQ(d.at("node"), node) << r.out;
  EXPECT_EQ(d.at("cycle"), cycle) << r.out;
  EXPECT_EQ(d.at("expected"), "0");
  EXPECT_EQ(d.at("actual"), "1");
  if (cosim) {
    EXPECT_EQ(j.at("match"), false);
  }
  const std::string line = "RTL node " + std::to_string(node) + " raised err_o at cycle " +
                           std::to_string(cycle) + " (first divergence)";
  EXPECT_NE(r.err.find(line), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("half-duplex"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("diverge at cycle"), std::string::npos) << r.err;
}

}  // namespace

// The control: the same runs without a fault pass, err_o low throughout.
TEST_P(SchedFault, NoFaultPasses) {
  for (const char* engine : {"cosim", "verilator"}) {
    const auto r = hctest::run(broadcast(GetParam(), engine, ""));
    ASSERT_EQ(r.code, 0) << engine << ": " << r.out << r.err;
    const nlohmann::json j = hctest::parseJson(r.out);
    EXPECT_EQ(j.at("verdict"), "pass") << engine;
    EXPECT_EQ(j.at("rtl_error"), false) << engine;
    EXPECT_FALSE(j.contains("first_divergence")) << engine;
    EXPECT_EQ(j.at("figures").at("held"), 7) << engine;
  }
}

// `missing`'s keep term: node 3's row 0 keeps an arrival on input 0, where
// nothing arrives in step 0. Its own err_o rises at cycle 1, before anything
// else differs (a keep changes no link), and the run fails there.
TEST_P(SchedFault, KeepWithoutArrivalRaisesErr) {
  expectErrDivergence(hctest::run(broadcast(GetParam(), "cosim", "3:0:keep:0")), 3, 1, true);
}

// `missing`'s forward term: node 3's row 0 forwards on output 2 what arrives on
// input 1, nothing (no keep). Its err_o rises at cycle 1, the cycle its bogus
// packet leaves on link 2: err_o is reported first. (Node 3 forwards input 1 on
// output 2 in row 2, so the generated top's SMASK keeps that source; a source
// it prunes would stop the simulation at a_send_mask instead.)
TEST_P(SchedFault, ForwardWithoutArrivalRaisesErr) {
  expectErrDivergence(hctest::run(broadcast(GetParam(), "cosim", "3:0:forward:2:1")), 3, 1, true);
}

// A silenced link: node 0's row 2 does not send step 3's packet to node 4 on
// output 2; leaf node 4's row 3 expects it (keep, no forward): node 4's err_o
// rises at cycle 4. In cosim the silent link itself diverges first (cycle 3,
// node 0, port 2); the RTL alone reports node 4's err_o.
TEST_P(SchedFault, SilencedLinkRaisesTheNeighboursErr) {
  expectErrDivergence(hctest::run(broadcast(GetParam(), "verilator", "0:2:silence:2")), 4, 4,
                      false);
  const auto c = hctest::run(broadcast(GetParam(), "cosim", "0:2:silence:2"));
  EXPECT_EQ(c.code, 1) << c.out << c.err;
  const nlohmann::json j = hctest::reportJson(c.out);
  ASSERT_TRUE(j.contains("first_divergence")) << c.out << c.err;
  EXPECT_EQ(j.at("first_divergence").at("port"), "2") << c.out;
  EXPECT_EQ(j.at("first_divergence").at("node"), 0) << c.out;
  EXPECT_EQ(j.at("first_divergence").at("cycle"), 3) << c.out;
}

INSTANTIATE_TEST_SUITE_P(Models, SchedFault, ::testing::Values("network", "nodes"));

// hc_sched_node's a_write_mask as Verilator builds it (its `ifdef VERILATOR
// branch: the write's port by index), in the generated whole top, whose nodes
// carry the generator's WMASK (the wired-node model leaves every port in it).
// The 3-cube multinode broadcast writes bank b only from port b (WMASK 9'h111:
// 3 banks, 3 ports); node 0's row 1 made to write bank 0 from port 1, which
// carries a packet in step 1 (so e_missing stays silent), must stop the run at
// that check, named in the harness's output (its stdout, without --json); the
// same run without the fault passes.
TEST(SchedFaultWriteMask, WriteFromAPortWmaskOmitsFiresTheCheck) {
  const auto r =
      hctest::run(collective("multinode-broadcast", "network", "verilator", "0:1:keep:1", false));
  EXPECT_NE(r.code, 0) << r.out << r.err;
  EXPECT_NE((r.out + r.err)
                .find("u_n0.g_bank[0].a_write_mask: assertion failed: a write from a port WMASK "
                      "omits"),
            std::string::npos)
      << r.out << r.err;
  EXPECT_EQ((r.out + r.err).find("e_missing"), std::string::npos) << r.out << r.err;
  const auto c = hctest::run(collective("multinode-broadcast", "network", "verilator", "", false));
  EXPECT_EQ(c.code, 0) << c.out << c.err;
}

// Faults the hook refuses (exit 2): one that changes nothing, one outside the
// network, bad syntax.
TEST(SchedFaultHook, RefusesWhatItCannotInject) {
  struct Case {
    const char* fault;
    const char* engine;
    const char* says;
  };
  for (const Case& c :
       {Case{"0:3:silence:0", "cosim", "changes nothing"}, Case{"8:0:keep:0", "cosim", "node '8'"},
        Case{"0:4:keep:0", "cosim", "row '4'"}, Case{"0:0:keep:3", "cosim", "port '3'"},
        Case{"0:0:drop:1", "cosim", "unknown fault"}, Case{"0:0:read:1:0", "systemc", "bank '1'"},
        Case{"0:0:read:0:1", "systemc", "address '1'"}}) {
    const auto r = hctest::run(
        "HYPERCAST_FAULT_ROM=" + std::string(c.fault) + " " + hctest::hypercast() +
        " simulate --topology hypercube --dim 3 --collective broadcast --engine " + c.engine);
    EXPECT_EQ(r.code, 2) << c.fault << ": " << r.out << r.err;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << c.fault << ": " << r.err;
  }
}

// The SystemC model runs the ROM's banks and addresses and checks every send
// against the schedule, so a wrong bank assignment is the first divergence, on
// the model alone and in co-simulation (where the RTL runs the same wrong ROM
// and the links agree). The 3-cube total exchange, node 0
// (tests/golden/schedule/rom/cube3_te_n0.hex; 3 banks of 4 words, slot = bank *
// 4 + address): its own packets (0, 1) and (0, 2) are preloaded in bank 1 at
// addresses 0 and 1; the start cycle reads address 0 and row 0 address 1, so
// row 1 sends (0, 2) on output 1 (to node 2, step 2). The fault makes row 0
// read address 0 again: row 1 sends (0, 1) instead, at cycle 2.
TEST(SchedModelFault, WrongBankAddressIsTheFirstDivergence) {
  for (const char* engine : {"systemc", "cosim"}) {
    const auto r = hctest::run("HYPERCAST_FAULT_ROM=0:0:read:1:0 " + hctest::hypercast() +
                               " simulate --topology hypercube --dim 3 --collective total-exchange "
                               "--engine " +
                               std::string(engine) + " --json");
    EXPECT_EQ(r.code, 1) << engine << r.out << r.err;
    const nlohmann::json j = hctest::parseJson(r.out);
    EXPECT_EQ(j.at("verdict"), "fail") << engine;
    EXPECT_EQ(j.at("rtl_error"), false) << engine;
    ASSERT_TRUE(j.contains("first_divergence")) << engine << r.out;
    const nlohmann::json& d = j.at("first_divergence");
    EXPECT_EQ(d.at("node"), 0) << engine << r.out;
    EXPECT_EQ(d.at("cycle"), 2) << engine << r.out;
    EXPECT_EQ(d.at("port"), "1") << engine << r.out;
    EXPECT_NE(d.at("expected"), d.at("actual")) << engine << r.out;
    EXPECT_NE(r.err.find("model node 0 diverges from the schedule at cycle 2, port 1 (first "
                         "divergence): the schedule sends packet (0, 2, 0), its ROM sends packet "
                         "(0, 1, 0)"),
              std::string::npos)
        << engine << r.err;
  }
  // Without the fault both pass.
  for (const char* engine : {"systemc", "cosim"}) {
    const auto r = hctest::run(hctest::hypercast() +
                               " simulate --topology hypercube --dim 3 --collective total-exchange "
                               "--engine " +
                               std::string(engine) + " --json");
    EXPECT_EQ(r.code, 0) << engine << r.out << r.err;
  }
}
