// The generated RTL, ROM images, port and slot tables and FuseSoC cores of one
// network per kind of network, byte for byte against the files checked in under
// tests/golden/ (written once by `hypercast generate` with the options below).
// A change to the generators that alters one of them fails here; if the change
// is meant, regenerate that folder with the same command (every file but
// manifest.json and the hw/ copies) and say why in the commit. The hw/ copies
// must equal the repository's hw/ sources.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "test_util.h"

namespace fs = std::filesystem;

namespace {

struct GoldenCase {
  const char* name;  // folder under tests/golden/
  std::vector<std::string> options;
};

void PrintTo(const GoldenCase& c, std::ostream* os) { *os << c.name; }

// Every regular file under dir, as paths relative to it.
std::set<std::string> filesUnder(const fs::path& dir) {
  std::set<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file()) out.insert(fs::relative(e.path(), dir).generic_string());
  }
  return out;
}

}  // namespace

class GoldenRtl : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(GoldenRtl, GenerateWritesTheCheckedInFiles) {
  const GoldenCase& c = GetParam();
  const fs::path golden = fs::path(HC_SOURCE_DIR) / "tests" / "golden" / c.name;
  ASSERT_TRUE(fs::is_directory(golden)) << golden;
  const std::string tmp = hctest::tempFolder(std::string("golden-") + c.name);
  ASSERT_FALSE(tmp.empty());
  const std::string out = tmp + "/out";
  std::vector<std::string> argv = {hctest::hypercast(), "generate"};
  argv.insert(argv.end(), c.options.begin(), c.options.end());
  argv.insert(argv.end(), {"--out", out});
  const auto r = hctest::runArgv(argv);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  std::set<std::string> written = filesUnder(out);
  const std::set<std::string> want = filesUnder(golden);
  ASSERT_FALSE(want.empty());
  for (const std::string& f : want) {
    ASSERT_TRUE(written.count(f)) << f << " was not written";
    EXPECT_EQ(hctest::slurp(out + "/" + f), hctest::slurp((golden / f).string()))
        << f << " differs from tests/golden/" << c.name << "/" << f;
  }
  for (const std::string& f : written) {
    if (f == "manifest.json") continue;
    if (f.rfind("hw/", 0) == 0) {
      // the repository's file, its `include of the assertion vocabulary inlined
      // (gen/embed_hw.cmake)
      std::string want_hw = hctest::slurp((fs::path(HC_SOURCE_DIR) / f).string());
      const std::string inc = "`include \"hc_assert.vh\"\n";
      if (const size_t at = want_hw.find(inc); at != std::string::npos)
        want_hw.replace(
            at, inc.size(),
            hctest::slurp((fs::path(HC_SOURCE_DIR) / "hw/include/hc_assert.vh").string()));
      EXPECT_EQ(hctest::slurp(out + "/" + f), want_hw) << f << " is not the repository's " << f;
      continue;
    }
    EXPECT_TRUE(want.count(f)) << f << " is written but not in tests/golden/" << c.name;
  }
  fs::remove_all(tmp);
}

INSTANTIATE_TEST_SUITE_P(
    Flows, GoldenRtl,
    ::testing::Values(
        // Weight-based hypercycle routers, the whole-network top.
        GoldenCase{"router", {"--topology", "hypercycle", "--m", "4,4", "--rho", "1,1"}},
        // Schedule-ROM nodes: the 3-cube's total exchange.
        GoldenCase{"schedule",
                   {"--topology", "hypercube", "--dim", "3", "--collective", "total-exchange"}},
        // The wormhole mesh: Cang & Wu's broadcast on 4x4 from the eye (1,1), 2 flits.
        GoldenCase{"mesh",
                   {"--topology", "mesh", "--dims", "4,4", "--collective", "broadcast", "--source",
                    "1,1", "--flits", "2"}},
        // Combining nodes: the accumulation on G^{1,1}_{4,4} and the global sum on
        // the half-duplex 3-cube.
        GoldenCase{"accumulation",
                   {"--topology", "hypercycle", "--m", "4,4", "--rho", "1,1", "--collective",
                    "accumulation"}},
        GoldenCase{"global_sum",
                   {"--topology", "hypercube", "--dim", "3", "--collective", "global-sum",
                    "--links", "half-duplex"}}),
    [](const ::testing::TestParamInfo<GoldenCase>& i) { return std::string(i.param.name); });
