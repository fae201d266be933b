// The AXI4-Stream endpoints (`generate --endpoints axis`, docs/hardware.md
// "AXI4-Stream endpoints"): the generated self-checking Verilog testbench under
// Icarus on small networks and tready patterns, the named hold rules firing,
// and the SDC and .f files beside the core.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "test_util.h"

namespace fs = std::filesystem;

namespace {

struct Folder {
  std::string tmp, out;
};

// Generates G with --endpoints axis into a fresh folder.
Folder generateAxis(const std::string& tag, const std::vector<std::string>& options) {
  Folder f;
  f.tmp = hctest::tempFolder("axis-" + tag);
  f.out = f.tmp + "/out";
  std::vector<std::string> argv = {hctest::hypercast(), "generate", "--endpoints", "axis"};
  argv.insert(argv.end(), options.begin(), options.end());
  argv.insert(argv.end(), {"--out", f.out});
  const auto r = hctest::runArgv(argv);
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  return f;
}

// Compiles the folder's testbench with Icarus (extra: iverilog options) and runs
// it with the plusargs; returns compile and run output.
hctest::CmdResult runTestbench(const Folder& f, const std::string& name, const std::string& extra,
                               const std::string& plusargs) {
  const std::string tb = "tb_" + name + "_axis";
  return hctest::run("cd " + f.out + " && iverilog -g2005 " + extra + " -s " + tb + " -o " + tb +
                     ".vvp -f " + name + ".f tb/" + tb + ".v 2>&1 && vvp -n " + tb + ".vvp " +
                     plusargs + " 2>&1");
}

struct TbCase {
  const char* name;  // the network's name
  std::vector<std::string> options;
  const char* k;     // broadcasts per node (the testbench's K)
  const char* duty;  // tready high in duty of 16 cycles
  const char* qram;  // the top's QRAM set by the testbench's parameter, "" for its default
};

void PrintTo(const TbCase& c, std::ostream* os) {
  *os << c.name << "_duty" << c.duty << (*c.qram ? std::string("_qram") + c.qram : "");
}

}  // namespace

class AxisTestbench : public ::testing::TestWithParam<TbCase> {};

// Every node receives every other node's K broadcasts exactly once, in order,
// with the right origin and data, whatever tready does (the testbench also
// stalls node 0 for 300 cycles and every node for 100): nothing is dropped or
// duplicated, and the network resumes.
TEST_P(AxisTestbench, EveryBroadcastArrivesOnceUnderBackpressure) {
  const TbCase& c = GetParam();
  const Folder f = generateAxis(std::string(c.name) + c.duty, c.options);
  std::string params = std::string("-Ptb_") + c.name + "_axis.K=" + c.k;
  if (*c.qram) params += std::string(" -Ptb_") + c.name + "_axis.QRAM=" + c.qram;
  const auto r = runTestbench(f, c.name, params, std::string("+seed=7 +duty=") + c.duty);
  EXPECT_NE(r.out.find("PASS"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("ERROR"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("failed"), std::string::npos) << r.out;
  fs::remove_all(f.tmp);
}

INSTANTIATE_TEST_SUITE_P(
    Small, AxisTestbench,
    ::testing::Values(
        TbCase{"hc_m5_r1", {"--m", "5", "--rho", "1", "--buffer-depth", "1"}, "6", "2", ""},
        TbCase{"hc_m3x3_r1x1", {"--m", "3,3", "--rho", "1,1"}, "3", "8", ""},
        TbCase{"hc_m3x3_r1x1", {"--m", "3,3", "--rho", "1,1"}, "3", "16", ""},
        // each network in the other storage: C_5<1>'s queues (30 block RAMs)
        // in flip-flops, G^{1,1}_{3,3}'s (108) in block RAM
        TbCase{"hc_m5_r1", {"--m", "5", "--rho", "1", "--buffer-depth", "1"}, "6", "2", "0"},
        TbCase{"hc_m3x3_r1x1", {"--m", "3,3", "--rho", "1,1"}, "3", "8", "1"}));

// The hold rule's two named checks fire: a_s_hold when the source drops tvalid
// before the transfer, a_m_hold when the endpoint's hold is broken
// (HC_MUTANT_AXIS_NOHOLD lets the arbiter switch lanes under a stall).
TEST(AxisRules, HoldChecksFire) {
  const Folder f = generateAxis("rules", {"--m", "5", "--rho", "1"});
  const auto s = runTestbench(f, "hc_m5_r1", "-Ptb_hc_m5_r1_axis.K=4", "+break_hold");
  EXPECT_NE(s.out.find("a_s_hold"), std::string::npos) << s.out;
  const auto m =
      runTestbench(f, "hc_m5_r1", "-DHC_MUTANT_AXIS_NOHOLD -Ptb_hc_m5_r1_axis.K=8", "+duty=4");
  EXPECT_NE(m.out.find("a_m_hold"), std::string::npos) << m.out;
  const auto d =
      runTestbench(f, "hc_m5_r1", "-DHC_MUTANT_AXIS_DROPVALID -Ptb_hc_m5_r1_axis.K=8", "+duty=4");
  EXPECT_NE(d.out.find("a_m_hold"), std::string::npos) << d.out;
  const auto ok = runTestbench(f, "hc_m5_r1", "-Ptb_hc_m5_r1_axis.K=8", "+duty=4");
  EXPECT_NE(ok.out.find("PASS"), std::string::npos) << ok.out;  // the control run ran
  EXPECT_EQ(ok.out.find("a_m_hold"), std::string::npos) << ok.out;
  EXPECT_EQ(ok.out.find("a_s_hold"), std::string::npos) << ok.out;
  fs::remove_all(f.tmp);
}

// The top's QRAM reaches every endpoint's queues: set to 2 through the
// testbench's parameter, hc_ram_fifo's p_ram fires in each of C_5<1>'s 5 nodes
// x 2 lanes, naming the lane's instance.
TEST(AxisRules, QramReachesEveryQueue) {
  const Folder f = generateAxis("qram", {"--m", "5", "--rho", "1"});
  const auto r =
      runTestbench(f, "hc_m5_r1", "-Ptb_hc_m5_r1_axis.K=2 -Ptb_hc_m5_r1_axis.QRAM=2", "");
  size_t fired = 0;
  for (const std::string& line : hctest::lines(r.out)) {
    if (line.find("p_ram: parameter check failed") != std::string::npos) ++fired;
  }
  EXPECT_EQ(fired, 10u) << r.out;
  EXPECT_NE(r.out.find("dut.u_e4.g_lane[1].u_q.p_ram"), std::string::npos) << r.out;
  fs::remove_all(f.tmp);
}

// The SDC's period is 1000 / --target-mhz ns on clk_i; the .f lists the core's
// Verilog files, each one present, the hand-written modules before the tops.
TEST(AxisFiles, SdcAndFileList) {
  const Folder f = generateAxis("files", {"--m", "4", "--rho", "1", "--target-mhz", "250"});
  const std::string sdc = hctest::slurp(f.out + "/hc_m4_r1.sdc");
  EXPECT_NE(sdc.find("create_clock -name clk_i -period 4.000 [get_ports clk_i]"), std::string::npos)
      << sdc;
  const std::vector<std::string> list = hctest::lines(hctest::slurp(f.out + "/hc_m4_r1.f"));
  ASSERT_FALSE(list.empty());
  for (const std::string& file : list) EXPECT_TRUE(fs::exists(f.out + "/" + file)) << file;
  EXPECT_EQ(list.back(), "rtl/hc_m4_r1_axis_top.v");
  const std::string core = hctest::slurp(f.out + "/hc_m4_r1.core");
  EXPECT_NE(core.find("toplevel: hc_m4_r1_axis_top"), std::string::npos) << core;
  EXPECT_NE(core.find("file_type: SDC"), std::string::npos) << core;
  // QRAM, the queues' storage, is the top's parameter and the core's: C_4<1>'s
  // queues take 4 nodes x 2 lanes x ceil((1 + 2 + 32) / 16) = 24 block RAMs,
  // within the HX8K's 32, so its default is 1
  EXPECT_NE(core.find("    parameters: [QRAM]\n"), std::string::npos) << core;
  EXPECT_NE(core.find("\nparameters:\n  QRAM:\n    datatype: int\n    default: 1\n"),
            std::string::npos)
      << core;
  const std::string top = hctest::slurp(f.out + "/rtl/hc_m4_r1_axis_top.v");
  EXPECT_NE(top.find("parameter integer QRAM = 1\n"), std::string::npos) << top;
  EXPECT_NE(top.find("block RAM would take 24 iCE40 SB_RAM40_4K"), std::string::npos) << top;
  for (const char* qram : {"", " -GQRAM=0"}) {
    const auto lint = hctest::run("cd " + f.out +
                                  " && verilator --lint-only -Wall --top-module hc_m4_r1_axis_top" +
                                  qram + " -f hc_m4_r1.f 2>&1");
    EXPECT_EQ(lint.code, 0) << qram << lint.out;
  }
  // manifest.json: `top` is the native top, which verilog_files leaves out;
  // `toplevel`, the axis top, is their root and the core's toplevel.
  const nlohmann::json m = nlohmann::json::parse(hctest::slurp(f.out + "/manifest.json"));
  EXPECT_EQ(m.at("top"), "hc_m4_r1_top");
  EXPECT_EQ(m.at("toplevel"), "hc_m4_r1_axis_top");
  std::string files;
  for (const auto& v : m.at("verilog_files")) files += " " + v.get<std::string>();
  auto elaborate = [&](const std::string& root) {
    return hctest::run("cd " + f.out + " && iverilog -g2005 -s " + root + " -o elab.vvp" + files);
  };
  const auto toplevel = elaborate(m.at("toplevel").get<std::string>());
  EXPECT_EQ(toplevel.code, 0) << toplevel.err;
  const auto native = elaborate(m.at("top").get<std::string>());
  EXPECT_NE(native.code, 0);
  EXPECT_NE(native.err.find("Unable to find the root module"), std::string::npos) << native.err;
  fs::remove_all(f.tmp);
}

// The Verilator command `generate` prints for the testbench (and
// docs/user-guide.md gives) compiles it: run with --lint-only in place of
// --binary on the 8-ring, it reports nothing (Verilator stops on BLKANDNBLK, a
// variable assigned both blocking and non-blocking, such as a seed that
// $random(seed) updates inside a non-blocking assignment). The summary names
// the axis top, the folder's root, as the top module.
TEST(AxisFiles, PrintedVerilatorCommandIsClean) {
  const std::string tmp = hctest::tempFolder("axis-verilator");
  const std::string out = tmp + "/out";
  const auto g = hctest::runArgv({hctest::hypercast(), "generate", "--m", "8", "--rho", "1",
                                  "--endpoints", "axis", "--out", out});
  ASSERT_EQ(g.code, 0) << g.out << g.err;
  EXPECT_NE(g.out.find("top module hc_m8_r1_axis_top (the folder's root"), std::string::npos)
      << g.out;
  std::string cmd;
  for (const std::string& line : hctest::lines(g.out)) {
    const auto at = line.find("or verilator --binary ");
    if (at != std::string::npos) cmd = line.substr(at + 3);
  }
  ASSERT_FALSE(cmd.empty()) << g.out;
  const auto run = cmd.find(" && obj_dir/");
  ASSERT_NE(run, std::string::npos) << cmd;
  cmd = cmd.substr(0, run);
  cmd.replace(cmd.find("--binary"), 8, "--lint-only");
  const auto lint = hctest::run("cd " + out + " && " + cmd + " 2>&1");
  EXPECT_EQ(lint.code, 0) << cmd << "\n" << lint.out;
  EXPECT_EQ(lint.out.find("%Error"), std::string::npos) << lint.out;
  EXPECT_EQ(lint.out.find("%Warning"), std::string::npos) << lint.out;
  fs::remove_all(tmp);
}

TEST(AxisFiles, RefusesWhatItCannotBuild) {
  const std::string tmp = hctest::tempFolder("axis-refuse");
  for (const auto& extra :
       std::vector<std::vector<std::string>>{{"--endpoints", "axi"},
                                             {"--endpoints", "axis", "--router", "programmable"},
                                             // AXI4-Stream's tdata is whole bytes
                                             {"--endpoints", "axis", "--payload-width", "12"},
                                             {"--target-mhz", "0"}}) {
    std::vector<std::string> argv = {hctest::hypercast(), "generate", "--m", "4", "--rho", "1"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    argv.insert(argv.end(), {"--out", tmp + "/out"});
    const auto r = hctest::runArgv(argv);
    EXPECT_NE(r.code, 0) << extra[1];
    EXPECT_EQ(hctest::lines(r.err).size(), 1u) << r.err;
    EXPECT_FALSE(fs::exists(tmp + "/out")) << extra[1];
  }
  fs::remove_all(tmp);
}

// simulate --endpoints axis: the Verilated <name>_axis_top in lock step with the
// SystemC model's endpoints (model/axis_endpoint.h) on G^{1,1}_{3,3} (9 nodes,
// one Verilated model for every case), every m_axis output compared each cycle
// and every m_axis transfer scored.
namespace {

nlohmann::json simulateAxis(const std::vector<std::string>& extra, int* code,
                            const std::vector<std::pair<std::string, std::string>>& env = {}) {
  std::vector<std::string> argv = {
      hctest::hypercast(), "simulate", "--m",         "3,3",  "--rho",   "1,1",
      "--engine",          "cosim",    "--endpoints", "axis", "--quiet", "--json"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  const auto r = hctest::runArgv(argv, env);
  *code = r.code;
  const auto brace = r.out.find('{');
  if (brace == std::string::npos) {
    ADD_FAILURE() << r.out << r.err;
    return nlohmann::json::object();
  }
  return nlohmann::json::parse(r.out.substr(brace));
}

struct TreadyCase {
  const char* tready;
  int64_t min_cycles;  // no run can end before the last stall does
};

void PrintTo(const TreadyCase& c, std::ostream* os) { *os << c.tready; }

}  // namespace

class AxisCosim : public ::testing::TestWithParam<TreadyCase> {};

// 24 broadcasts from random origins: each leaves the m_axis of the 8 other
// nodes exactly once (24 x 8 = 192 transfers), the RTL and the model agree on
// every m_axis output of every cycle, and nothing deadlocks: the run completes
// before the watchdog, even when a sink or every sink is stalled for longer than
// the ejection queues and the routers' buffers can absorb.
TEST_P(AxisCosim, EveryBroadcastLeavesEveryOtherNodeOnce) {
  const TreadyCase& c = GetParam();
  int code = 0;
  const auto j = simulateAxis(
      {"--random", "24", "--window", "30", "--seed", "3", "--tready", c.tready}, &code);
  EXPECT_EQ(code, 0) << j.dump(2);
  EXPECT_EQ(j.value("verdict", ""), "pass") << j.dump(2);
  EXPECT_EQ(j.value("match", false), true) << j.dump(2);
  EXPECT_EQ(j.value("stopped_by", ""), "completed") << j.dump(2);
  EXPECT_EQ(j.value("tready", ""), c.tready);
  const auto& f = j.at("figures");
  EXPECT_EQ(f.value("axis_deliveries", 0), 192);
  EXPECT_EQ(f.value("axis_expected_deliveries", 0), 192);
  EXPECT_GE(f.value("cycles", int64_t{0}), c.min_cycles) << j.dump(2);
}

INSTANTIATE_TEST_SUITE_P(Tready, AxisCosim,
                         ::testing::Values(TreadyCase{"always", 0}, TreadyCase{"random:50", 0},
                                           TreadyCase{"random:10:7", 0},
                                           TreadyCase{"random:50,stall:4:5:400", 405},
                                           TreadyCase{"all:5:300", 305}));

// Backpressure slows the network: with every sink ready one cycle in ten, the
// 192 transfers take longer than with every sink always ready, and the run
// ends only after each node's m_axis has taken its 21 or so deliveries at that pace.
TEST(AxisCosimLoad, SlowSinksSlowTheNetwork) {
  int code = 0;
  const auto fast = simulateAxis({"--random", "24", "--window", "30", "--seed", "3"}, &code);
  ASSERT_EQ(code, 0) << fast.dump(2);
  const auto slow = simulateAxis(
      {"--random", "24", "--window", "30", "--seed", "3", "--tready", "random:10"}, &code);
  ASSERT_EQ(code, 0) << slow.dump(2);
  EXPECT_GT(slow.at("figures").value("latency_mean", 0.0),
            2 * fast.at("figures").value("latency_mean", 0.0));
}

// Deadlock freedom under overload with ejection backpressure: uniform traffic
// at 0.3 broadcasts per node per cycle (above the sinks' 0.1 / 8 at a tenth
// duty), 400 cycles of injection, in lock step with the RTL: the run drains
// completely (every accepted broadcast out of every other node's m_axis) before
// the watchdog, and the accepted throughput stays at or below what the sinks
// can take over the whole run (each node takes at most one delivery per ready
// cycle).
TEST(AxisCosimLoad, OverloadDrainsWithoutDeadlock) {
  int code = 0;
  const auto j = simulateAxis({"--traffic", "uniform", "--rate", "0.3", "--cycles", "400", "--seed",
                               "5", "--tready", "random:10"},
                              &code);
  EXPECT_EQ(code, 0) << j.dump(2);
  EXPECT_EQ(j.value("stopped_by", ""), "completed") << j.dump(2);
  EXPECT_EQ(j.value("match", false), true) << j.dump(2);
  const auto& f = j.at("figures");
  const uint64_t accepted = f.value("axis_expected_deliveries", uint64_t{0}) / 8;
  EXPECT_GT(accepted, 0u);
  EXPECT_EQ(f.value("axis_deliveries", uint64_t{0}), accepted * 8);
  // 9 nodes each take at most one transfer per cycle: 8 per broadcast.
  EXPECT_LE(accepted * 8, 9 * f.value("cycles", uint64_t{0}));
}

// A fault in the model (node 4 corrupts what it sends) is reported as the first
// divergence, on an m_axis output.
TEST(AxisCosimFault, ModelFaultIsTheFirstDivergence) {
  int code = 0;
  const auto j = simulateAxis({"--all-sources", "--tready", "random:50"}, &code,
                              {{"HYPERCAST_FAULT_NODE", "4"}});
  EXPECT_EQ(code, 1) << j.dump(2);
  EXPECT_EQ(j.value("match", true), false) << j.dump(2);
  ASSERT_TRUE(j.contains("first_divergence")) << j.dump(2);
  EXPECT_EQ(j.at("first_divergence").value("port", ""), "m_axis") << j.dump(2);
}

// The options are refused in one line, before anything runs.
TEST(AxisCosimOptions, RefusedInOneLine) {
  for (const auto& extra :
       std::vector<std::vector<std::string>>{{"--tready", "random:50"},
                                             {"--endpoints", "axis", "--engine", "verilator"},
                                             {"--endpoints", "axis", "--tready", "random:150"},
                                             {"--endpoints", "axis", "--tready", "stall:9:0:10"},
                                             {"--endpoints", "axis", "--tready", "sometimes"},
                                             {"--endpoints", "axis", "--payload-width", "12"}}) {
    std::vector<std::string> argv = {hctest::hypercast(), "simulate", "--m", "3,3", "--rho", "1,1",
                                     "--engine",          "systemc"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    const auto r = hctest::runArgv(argv);
    EXPECT_NE(r.code, 0) << extra.back();
    EXPECT_EQ(hctest::lines(r.err).size(), 1u) << r.err;
  }
}

// sweep --endpoints axis refuses what simulate refuses: a payload width that is
// not a whole number of bytes, in one line, writing nothing.
TEST(AxisCosimOptions, SweepRefusesAPartialBytePayload) {
  const std::string tmp = hctest::tempFolder("axis-sweep");
  const auto r =
      hctest::runArgv({hctest::hypercast(), "sweep", "--m", "3,3", "--rho", "1,1", "--endpoints",
                       "axis", "--payload-width", "12", "--out", tmp + "/out"});
  EXPECT_NE(r.code, 0);
  EXPECT_EQ(hctest::lines(r.err).size(), 1u) << r.err;
  EXPECT_NE(r.err.find("multiple of 8"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(tmp + "/out"));
  fs::remove_all(tmp);
}
