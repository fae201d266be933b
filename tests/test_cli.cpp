// The command line: info, generate, and every bad input of the issue giving one
// clear line on stderr, a non-zero exit and nothing written.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "test_util.h"

namespace fs = std::filesystem;
using hctest::run;

namespace {

void expectRejected(const std::string& args, const std::string& fragment) {
  const auto r = run(hctest::hypercast() + " " + args);
  EXPECT_NE(r.code, 0) << args;
  EXPECT_EQ(r.out, "") << args;
  // One line, starting with the tool's name, saying what is wrong.
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  EXPECT_EQ(r.err.rfind("hypercast: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(fragment), std::string::npos) << args << ": " << r.err;
}

}  // namespace

TEST(Cli, InfoJsonHasThePaperFigures) {
  const auto r =
      run(hctest::hypercast() + " info --topology hypercycle --m 8,6,5 --rho 3,2,1 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(hctest::jsonInt(r.out, "nodes"), 240);
  EXPECT_EQ(hctest::jsonInt(r.out, "degree"), 6 + 4 + 2);
  EXPECT_EQ(hctest::jsonInt(r.out, "diameter"), 2 + 2 + 2);
  // Dimension 3: m = 8, rho = 3 -> D = ceil(4/3) = 2, a = floor(7/3) - 2 = 0, k = 8-0-6-1 = 1.
  const nlohmann::json dim3 = nlohmann::json::parse(r.out).at("dimensions").at(0);
  EXPECT_EQ(dim3, nlohmann::json::parse(
                      R"({"dim": 3, "m": 8, "rho": 3, "degree": 6, "D": 2, "a": 0, "k": 1,
                          "weight": 30})"))
      << r.out;
}

TEST(Cli, HelpAndVersion) {
  for (const char* cmd : {"--help", "info --help", "generate --help", "simulate --help"}) {
    const auto r = run(hctest::hypercast() + " " + cmd);
    EXPECT_EQ(r.code, 0) << cmd;
    EXPECT_NE(r.out.find("usage"), std::string::npos) << cmd;
  }
  EXPECT_NE(run(hctest::hypercast()).code, 0);
}

TEST(Cli, GenerateWritesTheManifestAndCore) {
  const std::string out = "/tmp/hctest-gen-" + std::to_string(::getpid());
  fs::remove_all(out);
  const auto r = run(hctest::hypercast() + " generate --m 5,4 --rho 1,1 --out " + out);
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string manifest = hctest::slurp(out + "/manifest.json");
  EXPECT_EQ(hctest::jsonStr(manifest, "top"), "hc_m5x4_r1x1_top");
  for (const char* f :
       {"hw/hc_router.v", "hw/hc_fifo.v", "hw/hc_rr_arbiter.v", "rtl/hc_m5x4_r1x1_router.v",
        "rtl/hc_m5x4_r1x1_top.v", "hc_m5x4_r1x1.core"}) {
    EXPECT_TRUE(fs::exists(out + "/" + f)) << f;
    EXPECT_NE(manifest.find(f), std::string::npos) << f;
  }
  EXPECT_NE(hctest::slurp(out + "/hc_m5x4_r1x1.core").find("CAPI=2:"), std::string::npos);
  fs::remove_all(out);
}

TEST(Cli, BadInputsGetOneLineAndNothingWritten) {
  const std::string out = "/tmp/hctest-bad-" + std::to_string(::getpid());
  fs::remove_all(out);
  const std::string gen = "generate --out " + out + " ";
  expectRejected(gen + "--m 8 --rho 5", "exceeds m_1/2");
  expectRejected(gen + "--m 8,1 --rho 1,1", "at least 2 nodes");
  expectRejected(gen + "--m 8,6 --rho 1", "one rho per dimension");
  expectRejected(gen + "--m '' --rho ''", "is empty");
  expectRejected(gen + "--m 8,x --rho 1,1", "'x' is not a number");
  expectRejected(gen + "--m 8,6 --rho 1,1 --bogus 3", "unknown option --bogus");
  expectRejected(gen + "--topology moebius", "unknown topology");
  expectRejected(gen + "--payload-width 0", "--payload-width");
  EXPECT_FALSE(fs::exists(out));
  expectRejected("generate --m 4 --rho 1 --out /proc/hypercast-nope", "cannot write");
  expectRejected("generate --m 4 --rho 1 --out /etc/hostname/sub", "cannot write");
  expectRejected("simulate --m 5,4 --rho 1,1 --source 20 --engine systemc", "outside 0..19");
  expectRejected("simulate --m 5,4 --rho 1,1 --source -1 --engine systemc", "outside 0..19");
  expectRejected("simulate --m 5,4 --rho 1,1 --engine spice", "unknown engine");
  expectRejected("simulate --m 65,65 --rho 1,1 --engine cosim", "at most 4096");
  expectRejected("simulate --m 300,300 --rho 1,1 --engine systemc", "at most 65536");
  expectRejected("simulate --m 5,4 --rho 1,1 --engine systemc --trace /proc/nope.csv",
                 "cannot write trace");
  expectRejected("simulate --m 200 --rho 40 --engine systemc", "at most 64 ports per node");
  expectRejected("frobnicate", "unknown command");
  expectRejected(gen + "--router soft", "--router must be hardwired or programmable");
  expectRejected(gen + "--router programmable --max-dims 9", "--max-dims");
  expectRejected("simulate --m 5 --rho 1 --engine systemc --wave /tmp/x.fst",
                 "--wave needs the RTL");
  expectRejected("simulate --m 5 --rho 1 --engine cosim --rtl-model routers --wave /tmp/x.fst",
                 "--wave needs the whole-top model");
  expectRejected("simulate --m 5 --rho 1 --engine cosim --wave /proc/nope.fst", "cannot write");
  expectRejected(gen + "--topology hypercube --dim 3 --collective scatter --router programmable",
                 "hypercycle router option");
  EXPECT_FALSE(fs::exists(out));
}

TEST(Cli, ExistingOutputIsLeftAsItWasOnError) {
  const std::string out = "/tmp/hctest-keep-" + std::to_string(::getpid());
  fs::remove_all(out);
  fs::create_directories(out);
  { std::ofstream(out + "/mine.txt") << "keep"; }
  expectRejected("generate --m 8 --rho 9 --out " + out, "exceeds");
  EXPECT_EQ(hctest::slurp(out + "/mine.txt"), "keep");
  EXPECT_EQ(std::distance(fs::directory_iterator(out), fs::directory_iterator{}), 1);
  fs::remove_all(out);
}
