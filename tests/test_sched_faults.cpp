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

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

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

INSTANTIATE_TEST_SUITE_P(Models, SchedFault, ::testing::Values("network", "wired"));

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

// Faults the hook refuses (exit 2, one line): one that changes nothing, one
// outside the network, bad syntax, a node whose ROM drives others too.
TEST(SchedFaultHook, RefusesWhatItCannotInject) {
  struct Case {
    const char* fault;
    const char* engine;
    const char* collective;
    const char* says;  // after "hypercast: HYPERCAST_FAULT_ROM: "
  };
  for (const Case& c : {
           Case{"0:3:silence:0", "cosim", "broadcast", "'0:3:silence:0' changes nothing"},
           Case{"8:0:keep:0", "cosim", "broadcast", "node '8' is not in 0..7"},
           Case{"0:4:keep:0", "cosim", "broadcast", "row '4' is not in 0..3"},
           Case{"0:0:keep:3", "cosim", "broadcast", "port '3' is not in 0..2"},
           Case{"0:0:drop:1", "cosim", "broadcast",
                "unknown fault '0:0:drop:1' (X:R:keep:P, X:R:forward:P:Q, X:R:silence:P, "
                "X:R:read:B:A or X:R:HEX)"},
           Case{"3:0", "systemc", "broadcast", "expected NODE:ROW:FAULT, got '3:0'"},
           Case{"0:0:read:1:0", "systemc", "broadcast", "bank '1' is not in 0..0"},
           Case{"0:0:read:0:1", "systemc", "broadcast", "address '1' is not in 0..0"},
           Case{"0:0:keep:0", "cosim", "multinode-broadcast --shared-rom",
                "node 0 shares its ROM (--shared-rom)"},
       }) {
    const auto r =
        hctest::run("HYPERCAST_FAULT_ROM=" + std::string(c.fault) + " " + hctest::hypercast() +
                    " simulate --topology hypercube --dim 3 --collective " + c.collective +
                    " --engine " + c.engine + " --json");
    EXPECT_EQ(r.code, 2) << c.fault << ": " << r.out << r.err;
    // The last line (a model built first says so above it).
    const std::vector<std::string> lines = hctest::lines(r.err);
    ASSERT_FALSE(lines.empty()) << c.fault;
    EXPECT_EQ(lines.back(), "hypercast: HYPERCAST_FAULT_ROM: " + std::string(c.says)) << c.fault;
  }
}

// The wired nodes' harness (tb/verilated_sched_nodes.cpp) loads every node's
// ROM image from the job's rom_dir, and the ROM fault hook
// (tb/sched_harness.cpp) copies them: the images simulate writes are always
// good, so a job file written by hand reaches these refusals (exit 2, one
// line naming the image). The job is the 3-cube broadcast's: generate's ROM
// images and port graph, schedule's CSV, run by the harness a simulate run
// left in the cache; it passes as it is, then node 3's image (5 words: the
// start cycle's and rows 0..3) is broken once per case.
TEST(SchedRomImages, BadImagesAreRefusedNamingTheImage) {
  const std::string dir = hctest::tempFolder("sched-roms");
  ASSERT_FALSE(dir.empty());
  const std::string net = " --topology hypercube --dim 3 --collective broadcast";
  const auto g = hctest::run(hctest::hypercast() + " generate" + net + " --out " + dir + " --json");
  ASSERT_EQ(g.code, 0) << g.out << g.err;
  const int word_bits = hctest::parseJson(g.out).at("figures").at("rom_word_bits");
  const auto sc =
      hctest::run(hctest::hypercast() + " schedule" + net + " --output " + dir + "/schedule.csv");
  ASSERT_EQ(sc.code, 0) << sc.out << sc.err;
  const auto sim = hctest::run(hctest::hypercast() + " simulate" + net +
                               " --engine verilator --rtl-model wired");
  ASSERT_EQ(sim.code, 0) << sim.out << sim.err;
  const std::string harness = hctest::filesWritten(sim.out, " (top") + "/hc-sim-rtl";
  ASSERT_TRUE(std::filesystem::exists(harness)) << sim.out;
  nlohmann::json roms = nlohmann::json::array();
  for (int x = 0; x < 8; ++x) roms.push_back("rom/cube3_bcast_s0_n" + std::to_string(x) + ".hex");
  const nlohmann::json job = {
      {"format", "hypercast-job"},
      {"version", 1},
      {"kind", "schedule-network"},
      {"network",
       {{"kind", "cayley"},
        {"topology", "hypercube"},
        {"name", "cube3"},
        {"label", "3-cube"},
        {"radices", {2, 2, 2}},
        {"gens", {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
        {"params", {{"dim", "3"}}}}},
      {"collective", {{"name", "broadcast"}, {"nodes", 8}, {"root", 0}, {"messages", 1}}},
      {"steps", 3},
      {"schedule_csv", "schedule.csv"},
      {"ports_csv", "cube3_bcast_s0_ports.csv"},
      {"engine", "verilator"},
      {"rtl_model", "wired"},
      {"rom_dir", dir},
      {"roms", roms},
      {"rom_word_bits", word_bits},
      {"payload_width", 32},
      {"seed", 1},
      {"trace", ""},
      {"wave", ""},
      {"json", true},
      {"repeat", 1},
      {"quiet", true},
      {"construction", "paper"},
      {"group_store_and_forward", false},
      {"links", "full-duplex"},
      {"lower_bound", {{"steps", 3}, {"transmissions", 7}}}};
  std::ofstream(dir + "/job.json") << job.dump();
  auto runJob = [&](const std::string& fault) {
    return hctest::run((fault.empty() ? std::string() : "HYPERCAST_FAULT_ROM=" + fault + " ") +
                       "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 " + harness + " --job " + dir +
                       "/job.json");
  };
  const auto ok = runJob("");
  ASSERT_EQ(ok.code, 0) << ok.out << ok.err;
  EXPECT_EQ(hctest::parseJson(ok.out).at("verdict"), "PASS") << ok.out;

  const std::string image = "rom/cube3_bcast_s0_n3.hex";
  const std::string good = hctest::slurp(dir + "/" + image);
  ASSERT_EQ(hctest::lines(good).size(), 5u) << good;
  std::string bad_digit = good;
  bad_digit[bad_digit.find('\n', bad_digit.find('\n') + 1) + 1] = 'g';  // row 2's first digit
  const std::string short_image = good.substr(0, good.rfind('\n', good.size() - 2) + 1);
  struct Case {
    std::string text, fault, says;
  };
  for (const Case& c : {
           Case{bad_digit, "", image + " row 2: not a hex digit"},
           Case{short_image, "", image + " has 4 rows, expected 5"},
           // Row 3 keeps what arrives on port 0 (nothing does): word 4, past the end.
           Case{short_image, "3:3:keep:0", "HYPERCAST_FAULT_ROM: " + image + " is too short"},
       }) {
    std::ofstream(dir + "/" + image) << c.text;
    const auto r = runJob(c.fault);
    EXPECT_EQ(r.code, 2) << c.says << ": " << r.out << r.err;
    EXPECT_EQ(r.err, "hc-harness: " + c.says + "\n");
    std::ofstream(dir + "/" + image) << good;
  }
  std::filesystem::remove_all(dir);
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
