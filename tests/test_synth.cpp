// `hypercast synth` on a small router (ring of 5, 8-bit payload): yosys generic
// and iCE40 synthesis, nextpnr-ice40 on an HX8K, synth_xilinx, and the report in
// Markdown and JSON beside the paper's prototype figures; and on the networks of
// nodes (schedule-ROM, wormhole mesh, combining), yosys only.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "emit/tool_files.h"
#include "json_schema.h"
#include "test_util.h"
#include "tools/network_synth.h"
#include "tools/synth_report.h"
#include "util/error.h"

namespace fs = std::filesystem;

TEST(SynthLong, SmallRouterReport) {
  const std::string dir = "/tmp/hctest-synth-" + std::to_string(::getpid());
  fs::remove_all(dir);
  const auto r =
      hctest::run(hctest::hypercast() +
                  " synth --m 5 --rho 1 --payload-width 8 --arbitration rr --xilinx --out " + dir);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const nlohmann::json js = hctest::parseJson(hctest::slurp(dir + "/synth_report.json"));
  const nlohmann::json& ice = js.at("ice40");
  // Two-sided windows around the figures measured (round-robin arbitration, as
  // every router figure of this file) with Debian 12's yosys 0.23
  // and nextpnr-ice40 0.4 (seed 1), stated as such: 615 generic cells, 206 LUT4,
  // 208 flip-flops, 155 Xilinx LUTs within 10%, Fmax 182.9 MHz within 20%
  // (mapped with synth_ice40 -abc9; 124.8 with the default ABC script). A
  // router that lost or doubled its buffers, or a tool change, fails here.
  auto within = [](double v, double measured, double tol) {
    return v >= measured * (1 - tol) && v <= measured * (1 + tol);
  };
  EXPECT_TRUE(within(js.at("generic_cells").get<double>(), 615, 0.1)) << js;
  EXPECT_TRUE(within(ice.at("lut4").get<double>(), 206, 0.1)) << ice;
  EXPECT_TRUE(within(ice.at("ff").get<double>(), 208, 0.1)) << ice;
  EXPECT_EQ(ice.at("bram"), 0);
  EXPECT_TRUE(within(ice.at("fmax_mhz").get<double>(), 182.9, 0.2)) << ice;
  EXPECT_GT(ice.at("fmax_mhz").get<double>(), 25.0);  // the prototype's clock, Sec. 4.1
  EXPECT_TRUE(within(js.at("xilinx").at("luts").get<double>(), 155, 0.1)) << js;  // synth_xilinx
  EXPECT_EQ(js.at("hop_cycles"), 1);
  EXPECT_EQ(js.at("prototype").at("cells"), 2106);  // the prototype, Sec. 4.1
  EXPECT_EQ(js.at("prototype").at("mhz"), 25.0);
  const std::string md = hctest::slurp(dir + "/synth_report.md");
  EXPECT_NE(md.find("| Fmax, placed and routed |"), std::string::npos);
  EXPECT_NE(md.find("XC4013"), std::string::npos);
  EXPECT_TRUE(fs::exists(dir + "/work/router_nextpnr.log"));
  // Five such routers fit an HX8K: the whole network is placed and routed too.
  const nlohmann::json& njs = js.at("network_pnr");
  EXPECT_EQ(njs.at("tried"), true) << njs;
  EXPECT_EQ(njs.at("placed"), true) << njs;
  // Five routers and the wrapper: at least five routers' LUT4s; measured 1,803
  // logic cells (within 10%) and 140.6 MHz (within 20%; 96.9 with the default
  // ABC script).
  EXPECT_GE(njs.at("lcs").get<long long>(), 5 * ice.at("lut4").get<long long>()) << njs;
  EXPECT_TRUE(within(njs.at("lcs").get<double>(), 1803, 0.1)) << njs;
  EXPECT_TRUE(within(njs.at("fmax_mhz").get<double>(), 140.6, 0.2)) << njs;
  EXPECT_NE(md.find("| whole network, hc_m5_r1_top, placed and routed (with I/O wrapper) |"),
            std::string::npos)
      << md;
  fs::remove_all(dir);
}

namespace {

// A stand-in nextpnr-ice40 in `bin` (put it first in PATH): the design fits (100
// logic cells); seed S reports 100 + S MHz, except that HC_FAKE_CRASH (default 3;
// "all", "none") aborts, HC_FAKE_HANG=S never ends at seed S, and
// HC_FAKE_NET_HANG=1 never ends on the whole network (its report "network*")
// and HC_FAKE_NET_LCS=C makes the whole network need C logic cells (not placed).
// Its log names the placer timing weight it was given ("default" without one).
void fakeNextpnr(const std::string& bin) {
  fs::create_directories(bin);
  {
    std::ofstream f(bin + "/nextpnr-ice40");
    f << "#!/bin/sh\n"
         "seed=0; report=''; crash=${HC_FAKE_CRASH:-3}\n"
         "while [ $# -gt 0 ]; do\n"
         "  case $1 in --seed) seed=$2; shift;; --report) report=$2; shift;;\n"
         "    --placer-heap-timingweight) weight=$2; shift;; esac; shift\n"
         "done\n"
         "echo \"Info: placer timing weight ${weight:-default}\"\n"
         "case $report in network*) if [ -n \"${HC_FAKE_NET_LCS:-}\" ]; then\n"
         "  echo \"Info: ICESTORM_LC: $HC_FAKE_NET_LCS/ 7680   120%\"; exit 1; fi;; esac\n"
         "echo 'Info: ICESTORM_LC:   100/ 7680     1%'\n"
         "if [ \"$crash\" = all ] || [ \"$seed\" = \"$crash\" ]; then kill -ABRT $$; fi\n"
         "if [ \"$seed\" = \"${HC_FAKE_HANG:-}\" ]; then sleep 600; fi\n"
         "case $report in network*) [ -n \"${HC_FAKE_NET_HANG:-}\" ] && sleep 600;; esac\n"
         "echo \"{\\\"fmax\\\": {\\\"clk\\\": {\\\"achieved\\\": $((100 + seed))}}}\" > "
         "\"$report\"\n";
  }
  fs::permissions(bin + "/nextpnr-ice40", fs::perms::owner_all);
}

}  // namespace

// A seed at which nextpnr fails on a design that fits (here a stand-in
// nextpnr-ice40 first in PATH: seed 3 aborts, seed S reports 100 + S MHz) is
// kept as failed, counted as 0 MHz in the median, and the sweep goes on; when
// every seed fails, synth stops with one line after the last seed's log tail and
// a non-zero exit. A seed that runs past --pnr-time-limit is stopped and counted
// as failed too.
TEST(Synth, FailedSeedIsCountedAndTheSweepGoesOn) {
  const std::string dir = "/tmp/hctest-synth-failseed-" + std::to_string(::getpid());
  const std::string bin = dir + "-bin";
  fs::remove_all(dir);
  fs::remove_all(bin);
  fakeNextpnr(bin);
  const std::string path = "PATH=" + bin + ":" + std::getenv("PATH") + " ";
  const std::string cmd =
      hctest::hypercast() + " synth --m 4 --rho 1 --payload-width 8 --pnr-seeds 2-4 --out " + dir;
  const auto r = hctest::run(path + cmd);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.err.find("nextpnr-ice40 failed at seed 3"), std::string::npos) << r.err;
  const nlohmann::json ice =
      hctest::parseJson(hctest::slurp(dir + "/synth_report.json")).at("ice40");
  const nlohmann::json& seeds = ice.at("seeds");
  ASSERT_EQ(seeds.size(), 3u) << ice;
  EXPECT_EQ(seeds.at(0).at("fmax_mhz"), 102) << ice;
  EXPECT_EQ(seeds.at(0).at("failed"), false) << ice;
  EXPECT_TRUE(seeds.at(1).at("fmax_mhz").is_null()) << ice;
  EXPECT_EQ(seeds.at(1).at("failed"), true) << ice;
  EXPECT_EQ(seeds.at(2).at("fmax_mhz"), 104) << ice;
  EXPECT_EQ(ice.at("seed"), 4) << ice;
  EXPECT_EQ(ice.at("fmax_mhz"), 104) << ice;
  EXPECT_EQ(ice.at("fmax_median_mhz"), 102) << ice;  // of 0, 102 and 104
  const std::string md = hctest::slurp(dir + "/synth_report.md");
  EXPECT_NE(md.find("nextpnr failed at seed 3, counted as 0 MHz"), std::string::npos) << md;
  EXPECT_TRUE(fs::exists(dir + "/work/router_seed3_nextpnr.log"));
  // The routers place with their own timing weight (kRouterPlacerTimingWeight).
  const std::string log2 = hctest::slurp(dir + "/work/router_seed2_nextpnr.log");
  EXPECT_NE(log2.find("placer timing weight 30\n"), std::string::npos) << log2;
  fs::remove_all(dir);
  const auto all = hctest::run(path + "HC_FAKE_CRASH=all " + cmd);
  EXPECT_NE(all.code, 0);
  std::string last = all.err.substr(0, all.err.find_last_not_of('\n') + 1);
  last = last.substr(last.find_last_of('\n') + 1);
  EXPECT_NE(last.find("nextpnr-ice40 failed at every seed 2..4 (seed 4: killed by signal 6"),
            std::string::npos)
      << all.err;
  // The work folder, and the logs in it, go with the error: the last seed's log
  // tail is printed instead (docs/user-guide.md "synth"), no log file is named.
  EXPECT_NE(last.find("the end of its log is above"), std::string::npos) << all.err;
  EXPECT_NE(all.err.find("Info: ICESTORM_LC:   100/ 7680"), std::string::npos) << all.err;
  EXPECT_EQ(all.err.find("_nextpnr.log)"), std::string::npos) << all.err;
  EXPECT_EQ(all.err.find("kept in"), std::string::npos) << all.err;
  EXPECT_FALSE(fs::exists(dir)) << "nothing half-written";
  // A seed that runs past --pnr-time-limit (here seed 2 never ends; 0.02 min,
  // 1.2 s) is stopped and counted as failed the same way.
  const auto hang =
      hctest::run(path + "HC_FAKE_CRASH=none HC_FAKE_HANG=2 " + cmd + " --pnr-time-limit 0.02");
  ASSERT_EQ(hang.code, 0) << hang.out << hang.err;
  EXPECT_NE(hang.err.find("nextpnr-ice40 failed at seed 2 (stopped at the time limit of 0.02 min "
                          "per seed (--pnr-time-limit))"),
            std::string::npos)
      << hang.err;
  const nlohmann::json hseeds =
      hctest::parseJson(hctest::slurp(dir + "/synth_report.json")).at("ice40").at("seeds");
  ASSERT_EQ(hseeds.size(), 3u) << hseeds;
  EXPECT_EQ(hseeds.at(0).at("failed"), true) << hseeds;
  EXPECT_EQ(hseeds.at(1).at("fmax_mhz"), 103) << hseeds;
  EXPECT_EQ(hseeds.at(2).at("fmax_mhz"), 104) << hseeds;
  fs::remove_all(dir);
  // With one seed the limit is an error: one line, nothing written.
  const auto one = hctest::run(
      path + "HC_FAKE_HANG=2 " + hctest::hypercast() +
      " synth --m 4 --rho 1 --payload-width 8 --pnr-seeds 2 --pnr-time-limit 0.02 --out " + dir);
  EXPECT_NE(one.code, 0);
  EXPECT_NE(one.err.find("hypercast: nextpnr-ice40 failed (stopped at the time limit"),
            std::string::npos)
      << one.err;
  EXPECT_FALSE(fs::exists(dir)) << "nothing half-written";
  const auto bad = hctest::run(cmd + " --pnr-time-limit 2h");
  EXPECT_NE(bad.code, 0);
  EXPECT_NE(bad.err.find("--pnr-time-limit must be a number in 0..10000, got '2h'"),
            std::string::npos)
      << bad.err;
  fs::remove_all(bin);
}

// The whole network's place and route comes after the router's or node's seeds
// and is optional: when nextpnr fails there (here it runs past --pnr-time-limit,
// 0.01 min, on the whole top only) the report is written all the same, with the
// router's or node's figures and network_pnr saying why it was not placed, and
// synth exits 0 (docs/file-formats.md "Synthesis report").
TEST(Synth, FailedNetworkPlacementKeepsTheResults) {
  const std::string dir = "/tmp/hctest-synth-netfail-" + std::to_string(::getpid());
  const std::string bin = dir + "-bin";
  fs::remove_all(dir);
  fs::remove_all(bin);
  fakeNextpnr(bin);
  const std::string env = "PATH=" + bin + ":" + std::getenv("PATH") +
                          " HC_FAKE_CRASH=none HC_FAKE_NET_HANG=1 " + hctest::hypercast();
  const std::string limit = " --pnr-seeds 1-2 --pnr-time-limit 0.01 --out " + dir;
  const struct {
    std::string args, schema;
  } cases[] = {
      {" synth --m 4 --rho 1 --payload-width 8", "synth-report"},
      {" synth --topology hypercube --dim 2 --collective global-sum --input-bits 4",
       "synth-nodes-report"},
  };
  for (const auto& c : cases) {
    const auto r = hctest::run(env + c.args + limit);
    ASSERT_EQ(r.code, 0) << c.args << "\n" << r.out << r.err;
    const std::string text = hctest::slurp(dir + "/synth_report.json");
    const nlohmann::json js = hctest::parseJson(text);
    EXPECT_EQ(js.at("ice40").at("fmax_mhz"), 102) << js;  // the best of seeds 1 and 2
    const nlohmann::json& net = js.at("network_pnr");
    EXPECT_EQ(net.at("tried"), true) << net;
    EXPECT_EQ(net.at("placed"), false) << net;
    EXPECT_TRUE(net.at("fmax_mhz").is_null()) << net;
    EXPECT_EQ(net.at("failure"),
              "stopped at the time limit of 0.01 min per seed (--pnr-time-limit)")
        << net;
    const std::vector<std::string> errors =
        hctest::schemaErrors(hctest::loadSchema(c.schema), hctest::SchemaJson::parse(text));
    EXPECT_TRUE(errors.empty()) << hctest::joinedLines(errors) << js.dump(2);
    const std::string md = hctest::slurp(dir + "/synth_report.md");
    EXPECT_NE(md.find("not placed: nextpnr-ice40 failed (stopped at the time limit"),
              std::string::npos)
        << md;
    EXPECT_TRUE(fs::exists(dir + "/work/network_nextpnr.log") ||
                fs::exists(dir + "/work/network_seed2_nextpnr.log"))
        << c.args;
    fs::remove_all(dir);
  }
  fs::remove_all(bin);
}

// A network of nodes says whether the clock target is met as the router's report
// does: the node's best, median and worst seed and how many reach the target,
// target_met for the node and the whole network. The stand-in nextpnr gives seed
// S 100 + S MHz: seeds 1-3 at a 102 MHz target are 101 (missed), 102 and 103;
// the whole network is placed with seed 1 only, 101 MHz, missed by 1.
TEST(Synth, NodeReportSaysWhetherTheTargetIsMet) {
  const std::string dir = "/tmp/hctest-synth-nodetarget-" + std::to_string(::getpid());
  const std::string bin = dir + "-bin";
  fs::remove_all(dir);
  fs::remove_all(bin);
  fakeNextpnr(bin);
  const auto r = hctest::run("PATH=" + bin + ":" + std::getenv("PATH") + " HC_FAKE_CRASH=none " +
                             hctest::hypercast() +
                             " synth --topology hypercube --dim 2 --collective global-sum "
                             "--input-bits 4 --pnr-seeds 1-3 --target-mhz 102 --out " +
                             dir);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const std::string text = hctest::slurp(dir + "/synth_report.json");
  const nlohmann::json js = hctest::parseJson(text);
  EXPECT_EQ(js.at("ice40").at("fmax_mhz"), 103) << js;
  EXPECT_EQ(js.at("ice40").at("target_met"), true) << js;
  EXPECT_EQ(js.at("ice40").at("fmax_median_mhz"), 102) << js;
  EXPECT_EQ(js.at("network_pnr").at("fmax_mhz"), 101) << js;
  EXPECT_EQ(js.at("network_pnr").at("target_met"), false) << js;
  const std::vector<std::string> errors = hctest::schemaErrors(
      hctest::loadSchema("synth-nodes-report"), hctest::SchemaJson::parse(text));
  EXPECT_TRUE(errors.empty()) << hctest::joinedLines(errors) << js.dump(2);
  const std::string md = hctest::slurp(dir + "/synth_report.md");
  for (const std::string& words :
       {std::string("best of seeds 1-3, at seed 3; median 102.0, worst 101.0 MHz; 2 of 3 seeds "
                    "reach 102 MHz"),
        std::string("against the target 102 MHz: met."),
        std::string("101.0 MHz: missed by 1.0 MHz.")}) {
    EXPECT_NE(md.find(words), std::string::npos) << words << "\n" << md;
  }
  fs::remove_all(dir);
  fs::remove_all(bin);
}

// --pnr-seeds S-T places and routes the router with seeds S..T and reports the best one,
// with every seed's Fmax in the JSON and each seed's log kept.
TEST(SynthLong, SeedSweepReportsTheBestSeed) {
  const std::string dir = "/tmp/hctest-synth-seeds-" + std::to_string(::getpid());
  fs::remove_all(dir);
  const auto r = hctest::run(
      hctest::hypercast() +
      " synth --m 4 --rho 1 --payload-width 8 --arbitration rr --pnr-seeds 2-4 --out " + dir);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const nlohmann::json ice =
      hctest::parseJson(hctest::slurp(dir + "/synth_report.json")).at("ice40");
  const nlohmann::json& seeds = ice.at("seeds");
  ASSERT_EQ(seeds.size(), 3u) << ice;  // seeds 2, 3, 4 and no other
  double best = -1;
  long long best_seed = -1;
  for (long long s = 2; s <= 4; ++s) {
    const nlohmann::json& one = seeds.at(static_cast<size_t>(s - 2));
    ASSERT_EQ(one.at("seed"), s) << ice;
    const double f = one.at("fmax_mhz").get<double>();
    EXPECT_GT(f, 0.0) << "seed " << s;  // placed and timed (its speed: hc-bench)
    if (f > best) best = f, best_seed = s;
    EXPECT_TRUE(fs::exists(dir + "/work/router_seed" + std::to_string(s) + "_nextpnr.log"));
  }
  EXPECT_DOUBLE_EQ(ice.at("fmax_mhz").get<double>(), best);
  EXPECT_EQ(ice.at("seed"), best_seed);
  const std::string md = hctest::slurp(dir + "/synth_report.md");
  EXPECT_NE(md.find("best of seeds 2-4, at seed " + std::to_string(best_seed)), std::string::npos)
      << md;
  EXPECT_NE(md.find("--seed 2..4"), std::string::npos) << md;
  fs::remove_all(dir);
}

// One cycle per hop: the router sends origin and payload through an AND-OR of
// its VC registers (a one-flit VC's register, a FIFO's entry at the last read
// pointer), so the wrapper feeds those bits of each link input from the same
// link output, and the path between the two routers' registers is placed whole;
// the two-cycle router's outputs are flip-flops. C_4<1>, 8-bit: a flit is {vc,
// origin[2], wd[2], wc[2], payload[8]}, 15 bits, so port 0's looped bits are 0-7
// and 12-13 (0x30ff) and port 1's the same 15 bits up: 0x187fb0ff over 30 bits.
TEST(Synth, OneCycleRouterWrapperLoopsOriginAndPayload) {
  const std::string dir = "/tmp/hctest-synth-loop-" + std::to_string(::getpid());
  // Placed and routed once (the looped wrapper is a design nextpnr accepts); the
  // other two only write the wrapper.
  for (const std::string opts :
       {"--buffer-depth 1", "--buffer-depth 2 --no-pnr", "--hop-cycles 2 --no-pnr"}) {
    const bool one_cycle = opts.find("hop-cycles") == std::string::npos;
    const bool pnr = opts.find("no-pnr") == std::string::npos;
    fs::remove_all(dir);
    const auto r = hctest::run(hctest::hypercast() +
                               " synth --m 4 --rho 1 --payload-width 8 --arbitration rr " + opts +
                               " --out " + dir);
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const std::string wrap = hctest::slurp(dir + "/work/rtl/hc_m4_r1_router_synth_wrap.v");
    const bool loops =
        wrap.find(".lin_data_i((sh_q[31:2] & ~30'h187fb0ff) | (out_d[35:6] & 30'h187fb0ff))") !=
        std::string::npos;
    EXPECT_EQ(loops, one_cycle) << opts << "\n" << wrap;
    // The router is mapped with ABC9 (docs/results.md, the degree-8 shapes).
    EXPECT_NE(hctest::slurp(dir + "/work/ice40.ys").find("\nsynth_ice40 -abc9 -top "),
              std::string::npos)
        << opts;
    const nlohmann::json js = hctest::parseJson(hctest::slurp(dir + "/synth_report.json"));
    if (pnr) {  // measured 202.6 MHz (nextpnr-ice40 0.4, seed 1), within 20%
      EXPECT_GE(js.at("ice40").at("fmax_mhz").get<double>(), 162.0) << js;
      EXPECT_LE(js.at("ice40").at("fmax_mhz").get<double>(), 243.0) << js;
      // No --target-mhz: generate's default SDC clock, 100 MHz, is nextpnr's target.
      EXPECT_EQ(js.at("ice40").at("target_mhz"), 100) << js;
      EXPECT_NE(hctest::slurp(dir + "/work/router_nextpnr.log").find("at 100.00 MHz"),
                std::string::npos);
    }
    const std::string md = hctest::slurp(dir + "/synth_report.md");
    EXPECT_EQ(md.find("origin and payload through an AND-OR") != std::string::npos, one_cycle)
        << opts;
  }
  fs::remove_all(dir);
}

// The programmable router at small limits: synthesized with every port and its
// configuration unit, and larger than the hardwired router of a network it holds.
TEST(SynthLong, ProgrammableRouter) {
  const std::string base = "/tmp/hctest-synth-prog-" + std::to_string(::getpid());
  long long cells[2] = {0, 0};
  const char* kinds[2] = {"hardwired", "programmable --max-dims 1 --max-radix 5 --max-degree 2"};
  for (int i = 0; i < 2; ++i) {
    const std::string dir = base + std::to_string(i);
    fs::remove_all(dir);
    const auto r =
        hctest::run(hctest::hypercast() +
                    " synth --m 5 --rho 1 --payload-width 8 --arbitration rr --no-pnr --router " +
                    kinds[i] + " --out " + dir);
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const nlohmann::json js = hctest::parseJson(hctest::slurp(dir + "/synth_report.json"));
    EXPECT_EQ(js.at("router_kind"), i ? "programmable" : "hardwired");
    cells[i] = js.at("generic_cells").get<long long>();
    if (i) {
      EXPECT_NE(hctest::slurp(dir + "/synth_report.md").find("programmable router (up to 1"),
                std::string::npos);
    }
    fs::remove_all(dir);
  }
  // Measured 615 and 1,507 generic cells (yosys 0.23), within 10%.
  EXPECT_GE(cells[0], 553);
  EXPECT_LE(cells[0], 677);
  EXPECT_GE(cells[1], 1356);
  EXPECT_LE(cells[1], 1658);
  EXPECT_GT(cells[1], cells[0]);  // every port and the configuration unit
}

// The prototype's own module, hc_weight_unit, at the prototype's limits (4
// dimensions, 15 nodes, degree 16), beside the figures of Sec. 4.1: "2106
// primitive XILINX cells" (the XC4000 library), 62 used pins, "a clock of
// 25MHz" (the clock it ran at, not an Fmax), 5 us (125 cycles at 25 MHz) at the
// origin. Like with like: pins, cycles, and whether the unit closes timing at
// the prototype's clock. The cells are yosys's generic ones, another library:
// fewer than 2106 is the tool's size target, compared in order only, and the
// report says so.
TEST(Synth, WeightUnitAtThePrototypesLimits) {
  const std::string dir = "/tmp/hctest-synth-unit-" + std::to_string(::getpid());
  fs::remove_all(dir);
  const auto r = hctest::run(hctest::hypercast() +
                             " synth --router programmable --weight-unit-only --out " + dir);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const nlohmann::json js = hctest::parseJson(hctest::slurp(dir + "/synth_report.json"));
  EXPECT_EQ(js.at("prototype_limits"), true) << js;
  const nlohmann::json& wu = js.at("weight_unit");
  const long long cells = wu.at("generic_cells").get<long long>();
  EXPECT_GT(cells, 300) << js;   // a real configuration unit and weight walk
  EXPECT_LT(cells, 2106) << js;  // the size target, across two libraries
  EXPECT_EQ(wu.at("ice40").at("placed"), true) << js;
  EXPECT_LE(wu.at("pins").get<long long>(), 62) << js;
  EXPECT_GT(wu.at("ice40").at("fmax_mhz").get<double>(), 25.0) << js;  // runs at its clock
  EXPECT_EQ(wu.at("origin_cycles"), 16) << js;  // one port per cycle, degree 16
  EXPECT_LT(wu.at("origin_cycles").get<long long>(), 125) << js;
  const std::string md = hctest::slurp(dir + "/synth_report.md");
  EXPECT_NE(md.find("is met by hc_weight_unit"), std::string::npos) << md;
  // The report names the prototype's cells for what they are, and its clock.
  EXPECT_NE(md.find("| generic yosys cells | " + std::to_string(cells) +
                    " | 2106 XC4000 primitive cells (another library) |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("two cell libraries, so a comparison of order only"), std::string::npos) << md;
  EXPECT_NE(md.find("| 25 MHz, the clock it ran at (no Fmax given) |"), std::string::npos) << md;
  fs::remove_all(dir);
}

TEST(Synth, RefusesWhatItCannotDo) {
  const std::string dir = "/tmp/hctest-synth-bad-" + std::to_string(::getpid());
  auto r =
      hctest::run(hctest::hypercast() + " synth --m 16 --rho 1 --router programmable --out " + dir);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--max-radix 15"), std::string::npos) << r.err;
  r = hctest::run(hctest::hypercast() + " synth --m 5 --rho 1");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--out"), std::string::npos) << r.err;
  r = hctest::run(hctest::hypercast() + " synth --m 5 --rho 1 --weight-unit-only --out " + dir);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("needs --router programmable"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir));
  // An --out that cannot take the report is refused before yosys runs.
  for (const char* out : {"/etc/hostname", "/proc/hctest-synth"}) {
    const auto t0 = std::chrono::steady_clock::now();
    r = hctest::run(hctest::hypercast() + " synth --m 5 --rho 1 --no-pnr --out " + out);
    EXPECT_EQ(r.code, 2) << out;
    EXPECT_EQ(r.err.rfind("hypercast: cannot write --out " + std::string(out), 0), 0u) << r.err;
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 2);
  }
}

// synth_report.json is written by nlohmann-json: what was not measured (no
// place-and-route here) is null, never -1, and every count is an integer.
TEST(Synth, ReportJsonUsesNullForNotMeasured) {
  const std::string dir = "/tmp/hctest-synth-null-" + std::to_string(::getpid());
  fs::remove_all(dir);
  const auto r = hctest::run(hctest::hypercast() +
                             " synth --m 4 --rho 1 --payload-width 8 --arbitration fair "
                             "--no-pnr --out " +
                             dir);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const nlohmann::json j = hctest::parseJson(hctest::slurp(dir + "/synth_report.json"));
  const nlohmann::json& ice = j.at("ice40");
  EXPECT_TRUE(ice.at("placed_lcs").is_null()) << ice;
  EXPECT_TRUE(ice.at("fmax_mhz").is_null()) << ice;
  EXPECT_TRUE(ice.at("fmax_median_mhz").is_null()) << ice;
  EXPECT_TRUE(j.at("hop_ns").is_null()) << j;
  EXPECT_TRUE(j.at("network_pnr").at("lcs").is_null()) << j;
  EXPECT_TRUE(j.at("network_pnr").at("fmax_mhz").is_null()) << j;
  EXPECT_TRUE(j.at("xilinx").at("luts").is_null()) << j;  // no --xilinx
  EXPECT_TRUE(j.at("generic_cells").is_number_integer()) << j;
  // Measured 353 generic cells for C_4<1> at 8 bits, fair arbitration (yosys
  // 0.23), within 10%.
  EXPECT_GE(j.at("generic_cells").get<long long>(), 318);
  EXPECT_LE(j.at("generic_cells").get<long long>(), 388);
  EXPECT_TRUE(ice.at("lut4").is_number_integer()) << ice;
  // No negative number anywhere.
  std::function<void(const nlohmann::json&)> walk = [&](const nlohmann::json& v) {
    if (v.is_number()) {
      EXPECT_GE(v.get<double>(), 0) << j;
    }
    if (v.is_structured()) {
      for (const auto& item : v) walk(item);
    }
  };
  walk(j);
  // User-facing text names no tracker issue.
  const std::string md = hctest::slurp(dir + "/synth_report.md");
  EXPECT_EQ(md.find("issue"), std::string::npos) << md;
  EXPECT_EQ(r.out.find("issue"), std::string::npos) << r.out;
  fs::remove_all(dir);
}

// --hop-cycles 2: the report names the hop time, two clock periods at Fmax, and
// a lone broadcast's 2 x diameter cycles. At --target-mhz 40 the clock target is
// the SDC file's, 25 ns (against 100 MHz, 10 ns, without the option, as in
// OneCycleRouterWrapperLoopsOriginAndPayload): nextpnr's and the report's.
TEST(Synth, TwoCycleHopReportsTimePerHop) {
  const std::string dir = "/tmp/hctest-synth-hop2-" + std::to_string(::getpid());
  fs::remove_all(dir);
  const auto r = hctest::run(hctest::hypercast() +
                             " synth --m 4 --rho 1 --payload-width 8 --arbitration rr "
                             "--hop-cycles 2 --target-mhz 40 --out " +
                             dir);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const nlohmann::json js = hctest::parseJson(hctest::slurp(dir + "/synth_report.json"));
  EXPECT_EQ(js.at("hop_cycles"), 2);
  const double fmax = js.at("ice40").at("fmax_mhz").get<double>();
  ASSERT_GT(fmax, 25.0);  // above the prototype's 25 MHz (Sec. 4.1), as every router here
  EXPECT_NEAR(js.at("hop_ns").get<double>(), 2000.0 / fmax, 1e-6);
  const std::string md = hctest::slurp(dir + "/synth_report.md");
  EXPECT_NE(md.find("2 cycles per hop"), std::string::npos) << md;
  EXPECT_NE(md.find("| latency per hop | 2 cycles = "), std::string::npos) << md;
  EXPECT_NE(md.find("| lone broadcast, diameter 2 | 4 cycles = "), std::string::npos) << md;
  // The clock target: the SDC file generate writes for --target-mhz 40, read back.
  EXPECT_NE(hctest::slurp(dir + "/work/hc_m4_r1.sdc").find("-period 25.000 "), std::string::npos);
  EXPECT_EQ(js.at("sdc"), "hc_m4_r1.sdc");
  EXPECT_EQ(js.at("ice40").at("target_mhz"), 40) << js;
  EXPECT_EQ(js.at("ice40").at("target_met"), fmax >= 40.0) << js;
  EXPECT_NE(hctest::slurp(dir + "/work/router_nextpnr.log").find("at 40.00 MHz"),
            std::string::npos);
  EXPECT_NE(md.find("Clock target: 40 MHz (hc_m4_r1.sdc)."), std::string::npos) << md;
  EXPECT_NE(md.find("MHz against the target 40 MHz (hc_m4_r1.sdc): " +
                    std::string(fmax >= 40.0 ? "met" : "missed")),
            std::string::npos)
      << md;
  // The whole top (4 nodes) is placed too, at the same target.
  const nlohmann::json& net = js.at("network_pnr");
  ASSERT_EQ(net.at("placed"), true) << js;
  EXPECT_EQ(net.at("target_met"), net.at("fmax_mhz").get<double>() >= 40.0) << js;
  EXPECT_NE(hctest::slurp(dir + "/work/network_nextpnr.log").find("at 40.00 MHz"),
            std::string::npos);
  fs::remove_all(dir);
}

// The SDC file's clock, read back: 1000 / the period in ns.
TEST(Synth, SdcClockIsTheCreateClockPeriod) {
  EXPECT_DOUBLE_EQ(hypercast::sdcClockMhz(hypercast::sdcFile("t", 40)), 40.0);  // 25.000 ns
  EXPECT_DOUBLE_EQ(hypercast::sdcClockMhz(hypercast::sdcFile("t", 100)), 100.0);
  EXPECT_DOUBLE_EQ(hypercast::sdcClockMhz("create_clock -name c -period 8 [get_ports c]\n"), 125.0);
  // 300 MHz is written as 3.333 ns, read back as 300.03 MHz.
  EXPECT_NEAR(hypercast::sdcClockMhz(hypercast::sdcFile("t", 300)), 1000.0 / 3.333, 1e-9);
  EXPECT_THROW(hypercast::sdcClockMhz("# no clock\n"), hypercast::Error);
  EXPECT_THROW(hypercast::sdcClockMhz("create_clock -period 0.000 [get_ports clk_i]\n"),
               hypercast::Error);
}

// --endpoints axis: the whole top synthesized is <name>_axis_top, counted even
// with --no-pnr. C_4<1>, 8-bit payload (the smallest whole byte AXI4-Stream
// allows), --buffer-depth 1: each node's endpoint queues NP = 2 lanes of
// QDEPTH = 2 x 1 + 4 = 6 flits (hardware.md "Ejection queue"), each lane one
// memory of 1 + AW + PW = 1 + 2 + 8 = 11 bits, one
// SB_RAM40_4K (16 bits wide at most): 4 x 2 = 8 block RAMs, within the HX8K's
// 32, so in block RAM. Above its 4 routers' flip-flops the top keeps only the
// endpoints' control: per node 2 lanes x (write and read pointer 3 bits each,
// count 3, head valid 1) = 20, per input port and VC a kept-credit count of 2
// bits and a queued count of 3 = 20, the held lane 1 + 2, the round robin's
// pointer at most 2: at most 45 (queues in flip-flops would add the 2 x 6 x 11
// = 132 queued bits and a read register).
TEST(Synth, AxisTopCountsItsEjectionQueues) {
  const std::string dir = "/tmp/hctest-synth-axis-" + std::to_string(::getpid());
  fs::remove_all(dir);
  const auto r = hctest::run(hctest::hypercast() +
                             " synth --m 4 --rho 1 --payload-width 8 --buffer-depth 1 "
                             "--endpoints axis --no-pnr --out " +
                             dir);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const nlohmann::json js = hctest::parseJson(hctest::slurp(dir + "/synth_report.json"));
  EXPECT_EQ(js.at("top"), "hc_m4_r1_axis_top") << js;
  EXPECT_EQ(js.at("endpoints"), "axis") << js;
  const long long router_ff = js.at("ice40").at("ff").get<long long>();
  const nlohmann::json& net = js.at("network_ice40");
  EXPECT_GE(net.at("ff").get<long long>(), 4 * router_ff) << js;
  EXPECT_LE(net.at("ff").get<long long>(), 4 * (router_ff + 45)) << js;
  EXPECT_GE(net.at("lut4").get<long long>(), 4 * js.at("ice40").at("lut4").get<long long>()) << js;
  EXPECT_EQ(net.at("bram"), 8) << js;
  EXPECT_EQ(js.at("network_pnr").at("tried"), false) << js;  // --no-pnr
  const std::string md = hctest::slurp(dir + "/synth_report.md");
  EXPECT_NE(md.find("Whole top: hc_m4_r1_axis_top (AXI4-Stream endpoints"), std::string::npos)
      << md;
  EXPECT_NE(md.find("| whole network, hc_m4_r1_axis_top: iCE40 LUT4 / flip-flops"),
            std::string::npos)
      << md;
  EXPECT_TRUE(fs::exists(dir + "/work/rtl/hc_m4_r1_axis_top.v"));
  fs::remove_all(dir);
}

// --endpoints is refused in one line where it cannot be honoured.
TEST(Synth, AxisRefusedWhereItCannotBeHonoured) {
  for (const std::string args :
       {"synth --m 4 --rho 1 --endpoints axis --router programmable",
        "synth --m 4 --rho 1 --endpoints axis --payload-width 4",
        "synth --m 4 --rho 1 --endpoints axi", "synth --m 4 --rho 1 --freq 50",
        "synth --topology hypercube --dim 2 --collective broadcast --endpoints axis",
        "info --m 4 --rho 1 --endpoints axis"}) {
    const auto r = hctest::run(hctest::hypercast() + " " + args + " --out /tmp/hctest-never");
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_EQ(hctest::lines(r.err).size(), 1u) << args << "\n" << r.err;
    EXPECT_FALSE(fs::exists("/tmp/hctest-never")) << args;
  }
}

// --- synth of the networks of nodes (tools/network_synth.h): yosys only here;
// their place and route runs in hc-bench's `synth` rows. ---

// A yosys `stat` with the hierarchy kept, written by hand: the top holds two
// instances of `leaf` (3 LUT4, 1 SB_DFFR, 1 SB_DFFER each) and one of `mid`,
// which holds one `leaf` and an SB_RAM40_4K; the top's own glue is 5 LUT4 and 2
// SB_CARRY. Flattened: 5 + 3 x 3 = 14 LUT4, 3 x 2 = 6 flip-flops, 2 carries, 1 block RAM.
TEST(Synth, HierarchyStatFlattensSubmodules) {
  const std::string stat =
      "\n=== leaf ===\n\n   Number of wires:  9\n   Number of cells:  5\n"
      "     SB_DFFER   1\n     SB_DFFR   1\n     SB_LUT4   3\n\n"
      "=== mid ===\n\n   Number of cells:  2\n     SB_RAM40_4K  1\n     leaf  1\n\n"
      "=== top ===\n\n   Number of cells:  10\n     SB_CARRY  2\n     SB_LUT4  5\n"
      "     leaf  2\n     mid  1\n\n=== design hierarchy ===\n\n   top  1\n     leaf  3\n";
  const hypercast::tools::ModuleCells m = hypercast::tools::parseHierarchyStat(stat);
  ASSERT_EQ(m.size(), 3u);  // the design-hierarchy block is yosys's, not a module
  const hypercast::tools::Ice40Cells top = hypercast::tools::flatCells(m, "top");
  EXPECT_EQ(top.luts, 14);
  EXPECT_EQ(top.ffs, 6);
  EXPECT_EQ(top.carries, 2);
  EXPECT_EQ(top.brams, 1);
  const hypercast::tools::Ice40Cells mid = hypercast::tools::flatCells(m, "mid");
  EXPECT_EQ(mid.luts, 3);
  EXPECT_EQ(mid.brams, 1);
  EXPECT_EQ(hypercast::tools::instanceNode("u_rom12"), 12);
  EXPECT_EQ(hypercast::tools::instanceNode("n0"), 0);
  EXPECT_EQ(hypercast::tools::instanceNode("u_barrier"), -1);
  EXPECT_EQ(hypercast::tools::instanceNode("7"), -1);  // a number alone names no instance
}

namespace {

// synth --no-pnr on `args`; the report's JSON. Checks what every node report
// holds: its kind, the yosys mapping its kind uses, the node's instances (each ending in the node's
// number), the counts as integers, place and route not measured.
nlohmann::json nodeSynth(const std::string& args, const std::string& kind) {
  const std::string dir = "/tmp/hctest-synth-nodes-" + std::to_string(::getpid());
  fs::remove_all(dir);
  const auto r = hctest::run(hctest::hypercast() + " synth " + args + " --no-pnr --out " + dir);
  EXPECT_EQ(r.code, 0) << args << "\n" << r.out << r.err;
  if (r.code != 0) return nlohmann::json::object();
  const nlohmann::json js = hctest::parseJson(hctest::slurp(dir + "/synth_report.json"));
  const std::string md = hctest::slurp(dir + "/synth_report.md");
  EXPECT_EQ(r.out, md);  // the report is what synth prints
  EXPECT_EQ(js.at("kind"), kind) << js;
  // Each kind's mapping, as measured in docs/results.md: ABC9 maps the combining
  // nodes smaller and faster; on schedule nodes and mesh tiles it costs LUT4s.
  const std::string script = kind == "combining-network" ? "synth_ice40 -abc9" : "synth_ice40";
  EXPECT_NE(md.find("Tools: yosys `" + script + " -noflatten`"), std::string::npos) << md;
  EXPECT_NE(hctest::slurp(dir + "/work/net.ys").find("\n" + script + " -noflatten -top "),
            std::string::npos)
      << script;
  const std::vector<std::string> errors =
      hctest::schemaErrors(hctest::loadSchema("synth-nodes-report"),
                           hctest::SchemaJson::parse(hctest::slurp(dir + "/synth_report.json")));
  EXPECT_TRUE(errors.empty()) << hctest::joinedLines(errors) << js.dump(2);
  const long long node = js.at("node").get<long long>();
  EXPECT_LT(node, js.at("nodes").get<long long>()) << js;
  EXPECT_FALSE(js.at("node_instances").empty()) << js;
  for (const auto& i : js.at("node_instances")) {
    const std::string name = i.get<std::string>(), x = std::to_string(node);
    EXPECT_EQ(name.compare(name.size() - x.size(), x.size(), x), 0) << js;
  }
  for (const char* key : {"lut4", "ff", "carry", "bram"}) {
    EXPECT_TRUE(js.at("ice40").at(key).is_number_integer()) << js;
    EXPECT_GE(js.at("network_ice40").at(key).get<long long>(),
              js.at("ice40").at(key).get<long long>())
        << key << " " << js;
  }
  EXPECT_GT(js.at("ice40").at("lut4").get<long long>(), 0) << js;
  EXPECT_GT(js.at("ice40").at("ff").get<long long>(), 0) << js;
  EXPECT_EQ(js.at("ice40").at("placed"), false) << js;
  EXPECT_TRUE(js.at("ice40").at("fmax_mhz").is_null()) << js;
  EXPECT_EQ(js.at("network_pnr").at("tried"), false) << js;
  EXPECT_NE(md.find("| iCE40 block RAMs (SB_RAM40_4K) |"), std::string::npos) << md;
  EXPECT_EQ(md.find("Fmax"), std::string::npos) << md;  // --no-pnr: none measured
  fs::remove_all(dir);
  return js;
}

}  // namespace

// A schedule-ROM node of the 2-cube's multinode broadcast: each node is its
// hc_sched_node and its own ROM (schedule_rtl.h: one ROM image per node), so the
// node synthesized is those two instances.
TEST(Synth, ScheduleNetworkNode) {
  const nlohmann::json js =
      nodeSynth("--topology hypercube --dim 2 --collective multinode-broadcast --payload-width 8",
                "schedule-network");
  if (js.empty()) return;
  EXPECT_EQ(js.at("nodes"), 4) << js;
  EXPECT_EQ(js.at("node_instances").size(), 2u) << js;
  EXPECT_EQ(js.at("collective"), "multinode-broadcast") << js;
}

// A schedule node's packet store is block RAM: the total exchange on the ring
// MT(1,5) with 4 messages per pair, 32-bit payloads. Each node ends holding the
// 4 x 4 = 16 packets delivered to it, so a store in flip-flops would need at
// least 16 x 32 = 512 of them; the node has block RAMs and fewer than half that
// many flip-flops (its link and late-forward registers, 2 x 2 x 32, and the
// ROM's output register are most of them).
TEST(Synth, ScheduleNodeStoreIsBlockRam) {
  const nlohmann::json js = nodeSynth(
      "--topology torus --n 1 --k 5 --collective total-exchange --messages 4", "schedule-network");
  if (js.empty()) return;
  EXPECT_EQ(js.at("nodes"), 5) << js;
  EXPECT_GT(js.at("ice40").at("bram").get<long long>(), 0) << js;
  EXPECT_LT(js.at("ice40").at("ff").get<long long>(), 512 / 2) << js;
}

// Where the whole top's banks would take more than the HX8K's 32 block RAMs,
// the generator keeps the banks beyond NBRAM in flip-flops (emit/schedule_rtl.h):
// the 4-cube's multinode broadcast at 8 bits, 16 nodes x 4 banks of 4 words, one
// block RAM a bank (64 in all), keeps 2 banks a node in block RAM (32 in all)
// and 2 in flip-flops: at least their 2 x 4 x 8 words and 2 x 8 read registers.
TEST(Synth, SmallBanksLiveInFlipFlops) {
  const nlohmann::json js =
      nodeSynth("--topology hypercube --dim 4 --collective multinode-broadcast --payload-width 8",
                "schedule-network");
  if (js.empty()) return;
  EXPECT_EQ(js.at("ice40").at("bram"), 2) << js;
  EXPECT_EQ(js.at("network_ice40").at("bram"), 32) << js;
  EXPECT_GE(js.at("ice40").at("ff").get<long long>(), 2 * 4 * 8 + 2 * 8) << js;
}

// A half-duplex schedule (Faber's one-way links) gets nodes with HD = 1: the
// report says so in its JSON's links (the schema's key), and a full-duplex one
// says that too.
TEST(Synth, ScheduleNetworkReportsItsLinks) {
  for (const std::string links : {"half-duplex", "full-duplex"}) {
    const nlohmann::json js = nodeSynth(
        "--topology hypercube --dim 2 --collective broadcast --payload-width 8 --links " + links,
        "schedule-network");
    if (js.empty()) return;
    EXPECT_EQ(js.value("links", ""), links) << js;
  }
}

// One tile of the 2x2 wormhole mesh (hc_mesh_tile and its ROM).
TEST(Synth, WormholeMeshTile) {
  const nlohmann::json js = nodeSynth(
      "--topology mesh --dims 2,2 --collective broadcast --payload-width 8", "wormhole-mesh");
  if (js.empty()) return;
  EXPECT_EQ(js.at("nodes"), 4) << js;
  EXPECT_EQ(js.at("collective"), "broadcast") << js;
}

// A global-sum node of the 2-cube: every node runs the same program (Faber,
// Sec. 5: the constants c_t are the same at every node), so all four have the
// same counts; the top adds no register (it only wires the nodes and ORs their
// flags), so the network's flip-flops are exactly four nodes'; the node keeps its
// accumulator in registers: no block RAM.
TEST(Synth, GlobalSumNode) {
  const nlohmann::json js = nodeSynth(
      "--topology hypercube --dim 2 --collective global-sum --input-bits 4", "combining-network");
  if (js.empty()) return;
  EXPECT_EQ(js.at("nodes_like_it"), 4) << js;
  EXPECT_EQ(js.at("network_ice40").at("ff").get<long long>(),
            4 * js.at("ice40").at("ff").get<long long>())
      << js;
  EXPECT_EQ(js.at("ice40").at("bram"), 0) << js;
}

// A count of one takes the singular in the node report: on the 2-cube's
// broadcast from node 0 (yosys only) the root is the largest node and the only
// one with its counts: "1 of 4 nodes has its counts", its two instances
// (hc_sched_node and its ROM) "instances".
TEST(Synth, NodeReportCountOfOneIsSingular) {
  const std::string dir = "/tmp/hctest-synth-one-" + std::to_string(::getpid());
  fs::remove_all(dir);
  const auto r = hctest::run(hctest::hypercast() +
                             " synth --topology hypercube --dim 2 --collective broadcast "
                             "--payload-width 8 --no-pnr --out " +
                             dir);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const nlohmann::json js = hctest::parseJson(hctest::slurp(dir + "/synth_report.json"));
  ASSERT_EQ(js.at("nodes_like_it"), 1) << js;
  ASSERT_EQ(js.at("node_instances").size(), 2u) << js;
  const std::string md = hctest::slurp(dir + "/synth_report.md");
  EXPECT_NE(md.find("; schedule-network, 4 nodes.\n"), std::string::npos) << md;
  EXPECT_NE(md.find("(instances u_n0, u_rom0; 1 of 4 nodes has its counts)"), std::string::npos)
      << md;
  EXPECT_EQ(md.find("nodes have"), std::string::npos) << md;
  fs::remove_all(dir);
}

// The seeds' spread, shared by the router's and the nodes' reports, in the
// singular for a count of one: "1 of 2 seeds reaches", "failed at seed 3";
// plural otherwise.
TEST(Synth, SeedSpreadCountsOfOneAreSingular) {
  using hypercast::tools::SeedFmax;
  hypercast::tools::SynthParams p;
  p.freq = 102;
  p.seed = 1;
  p.seeds = 2;
  hypercast::tools::SeedSweep sweep;
  sweep.best.placed = true;
  sweep.best.fmax = 102;
  sweep.best_seed = 2;
  sweep.fmax = {SeedFmax{1, 101, false}, SeedFmax{2, 102, false}};
  EXPECT_EQ(hypercast::tools::seedSpread(sweep, p).text,
            "best of seeds 1-2, at seed 2; median 101.5, worst 101.0 MHz; 1 of 2 seeds reaches "
            "102 MHz");
  p.seeds = 3;
  sweep.fmax.push_back(SeedFmax{3, -1, true});
  EXPECT_EQ(hypercast::tools::seedSpread(sweep, p).text,
            "best of seeds 1-3, at seed 2; median 101.0 MHz; nextpnr failed at seed 3, counted as "
            "0 MHz; 1 of 3 seeds reaches 102 MHz");
  p.seeds = 4;
  sweep.fmax.push_back(SeedFmax{4, -1, true});
  sweep.fmax[0].fmax = 103;
  EXPECT_EQ(hypercast::tools::seedSpread(sweep, p).text,
            "best of seeds 1-4, at seed 2; median 51.0 MHz; nextpnr failed at seeds 3, 4, counted "
            "as 0 MHz; 2 of 4 seeds reach 102 MHz");
}

// What the networks of nodes refuse, in one line with exit 2, before any work.
TEST(Synth, NodeNetworksRefuseRouterOptions) {
  const std::string dir = "/tmp/hctest-synth-refuse-" + std::to_string(::getpid());
  for (const std::string& opts :
       {std::string("--topology hypercube --dim 2 --collective broadcast --xilinx"),
        std::string("--topology hypercube --dim 2 --collective global-sum --weight-unit-only"),
        std::string("--topology hypercube --dim 2 --collective broadcast --buffer-depth 4")}) {
    const auto r = hctest::run(hctest::hypercast() + " synth " + opts + " --no-pnr --out " + dir);
    EXPECT_EQ(r.code, 2) << opts;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(fs::exists(dir)) << opts;
  }
}

// A schedule network whose whole top does not fit one HX8K (here a stand-in
// nextpnr that reports 9,000 logic cells for it) gets the report's hint: at
// --clocks-per-step P (the 2-cube's 2 ports) a node needs one store bank. At
// that setting there is no hint.
TEST(Synth, ScheduleNetworkThatDoesNotFitNamesClocksPerStep) {
  const std::string dir = "/tmp/hctest-synth-fithint-" + std::to_string(::getpid());
  const std::string bin = dir + "-bin";
  fs::remove_all(bin);
  fakeNextpnr(bin);
  const std::string path = "PATH=" + bin + ":" + std::getenv("PATH") + " HC_FAKE_NET_LCS=9000 ";
  const std::string cmd = hctest::hypercast() +
                          " synth --topology hypercube --dim 2 --collective "
                          "multinode-broadcast --payload-width 8 --out " +
                          dir;
  for (const std::string clocks : {"", " --clocks-per-step 2"}) {
    fs::remove_all(dir);
    const auto r = hctest::run(path + cmd + clocks);
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const std::string md = hctest::slurp(dir + "/synth_report.md");
    EXPECT_NE(md.find("9000 of 7680: does not fit, not placed"), std::string::npos) << md;
    // The 2-cube's multinode broadcast writes 2 packets a row at one clock per
    // step (2 banks, lower bound 2).
    const std::string hint =
        "The whole network does not fit one HX8K. Its nodes' stores take 2 banks (lower bound "
        "2); at --clocks-per-step 2 a node that uses its 2 ports in a step writes and reads one "
        "packet a clock, and one bank is enough when each packet is read once; a step then "
        "takes 2 clocks instead of 1";
    EXPECT_EQ(md.find(hint) != std::string::npos, clocks.empty()) << md;
    const nlohmann::json js = hctest::parseJson(hctest::slurp(dir + "/synth_report.json"));
    EXPECT_EQ(js.at("clocks_per_step"), clocks.empty() ? 1 : 2) << js;
    // Schedule nodes keep nextpnr's own placer timing weight.
    const std::string log = hctest::slurp(dir + "/work/network_nextpnr.log");
    EXPECT_NE(log.find("placer timing weight default\n"), std::string::npos) << log;
  }
  fs::remove_all(dir);
  fs::remove_all(bin);
}
