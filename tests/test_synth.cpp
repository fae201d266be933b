// `hypercast synth` on a small router (ring of 5, 8-bit payload): yosys generic
// and iCE40 synthesis, nextpnr-ice40 on an HX8K, synth_xilinx, and the report in
// Markdown and JSON beside the paper's prototype figures.
#include <gtest/gtest.h>

#include <filesystem>

#include "test_util.h"

namespace fs = std::filesystem;

TEST(Synth, SmallRouterReport) {
  const std::string dir = "/tmp/hctest-synth-" + std::to_string(::getpid());
  fs::remove_all(dir);
  const auto r = hctest::run(hctest::hypercast() +
                             " synth --m 5 --rho 1 --payload-width 8 --xilinx --out " + dir);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const std::string js = hctest::slurp(dir + "/synth_report.json");
  EXPECT_GT(hctest::jsonInt(js, "generic_cells"), 100);
  EXPECT_GT(hctest::jsonInt(js, "lut4"), 50);
  EXPECT_GT(hctest::jsonInt(js, "ff"), 20);
  EXPECT_EQ(hctest::jsonInt(js, "bram"), 0);
  EXPECT_GT(hctest::jsonNumber(js, "fmax_mhz"), 10.0);
  EXPECT_GT(hctest::jsonInt(js, "luts"), 50);  // synth_xilinx
  EXPECT_EQ(hctest::jsonInt(js, "hop_cycles"), 1);
  EXPECT_EQ(hctest::jsonInt(js, "cells"), 2106);  // the prototype, Sec. 4.1
  EXPECT_EQ(hctest::jsonNumber(js, "mhz"), 25.0);
  const std::string md = hctest::slurp(dir + "/synth_report.md");
  EXPECT_NE(md.find("| Fmax, placed and routed |"), std::string::npos);
  EXPECT_NE(md.find("XC4013"), std::string::npos);
  EXPECT_TRUE(fs::exists(dir + "/work/nextpnr.log"));
  fs::remove_all(dir);
}

TEST(Synth, RefusesWhatItCannotDo) {
  const std::string dir = "/tmp/hctest-synth-bad-" + std::to_string(::getpid());
  auto r =
      hctest::run(hctest::hypercast() + " synth --m 5 --rho 1 --router programmable --out " + dir);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("not implemented"), std::string::npos) << r.err;
  r = hctest::run(hctest::hypercast() + " synth --m 5 --rho 1");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--out"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir));
}
