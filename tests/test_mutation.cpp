// The mutation mechanism of `make mutate` (gen/tools/mutation.h): the
// override variable's syntax, and that a replacement reaches a bench: the
// unmutated netlist behind the shim passes hc_fifo's bench at the mutated
// depth and at another (the original there), and a mutant that ties empty_o
// to 0 fails it; the equivalence check finds that mutant not equivalent and
// an unmutated hc_rr_arbiter equivalent; the induction that pairs registers
// shows an unmutated hc_group_arbiter equivalent and that mutant not.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <tuple>

#include "hw_bench.h"
#include "tools/mutation.h"
#include "util/error.h"

namespace {

const std::string kSrc = HC_SOURCE_DIR;

struct Override {
  explicit Override(const std::string& v) { ::setenv("HYPERCAST_HW_OVERRIDE", v.c_str(), 1); }
  ~Override() { ::unsetenv("HYPERCAST_HW_OVERRIDE"); }
};

TEST(HwOverride, ParsesModuleEqualsFile) {
  {
    Override o("hc_fifo=/x/f.v,hc_rr_arbiter=/y/a.v");
    const auto m = hypercast::tools::hwOverrides();
    ASSERT_EQ(m.size(), 2u);
    EXPECT_EQ(m.at("hc_fifo"), "/x/f.v");
    EXPECT_EQ(hypercast::tools::hwOverrideFor("hc_rr_arbiter.v"), "/y/a.v");
    EXPECT_EQ(hypercast::tools::hwOverrideFor("hc_group_arbiter.v"), "");
    EXPECT_EQ(hypercast::tools::hwOverrideFor("hc_fifo.sv"), "");
  }
  EXPECT_TRUE(hypercast::tools::hwOverrides().empty());
  for (const char* bad : {"hc_fifo", "=f.v", "hc_fifo=", "a=b,,c=d"}) {
    Override o(bad);
    EXPECT_THROW(hypercast::tools::hwOverrides(), hypercast::Error) << bad;
  }
}

TEST(Mutation, ReplacementReachesTheBench) {
  const std::string work =
      (std::filesystem::temp_directory_path() / ("hctest-mutation-" + std::to_string(::getpid())))
          .string();
  const hypercast::tools::MutationTarget t{"hc_fifo", {{"W", "12"}, {"DEPTH", "2"}}};
  const std::string control = work + "/control.v", mutant = work + "/mutant.v";
  hypercast::tools::writeMutant(t, kSrc, work + "/c", "", control);
  // empty_o is the inverted valid flip-flop: tied to 0, the FIFO never looks empty
  const auto list = hypercast::tools::listMutations(t, kSrc, work + "/l", 40, 1);
  std::string empty0;
  for (const std::string& m : list)
    if (m.find("-mode const0") != std::string::npos && m.find("-wire empty_o") != std::string::npos)
      empty0 = m;
  ASSERT_FALSE(empty0.empty()) << "no const0 mutation of empty_o among " << list.size();
  hypercast::tools::writeMutant(t, kSrc, work + "/m", empty0, mutant);
  for (const auto& [file, depth, passes] :
       {std::make_tuple(control, 2, true), std::make_tuple(control, 3, true),
        std::make_tuple(mutant, 2, false), std::make_tuple(mutant, 3, true)}) {
    Override o("hc_fifo=" + file);
    std::string log;
    const hctest::Checked r = hctest::runBench("fifo_tb.v", "hc_fifo.v",
                                               "-Pfifo_tb.DEPTH=" + std::to_string(depth), &log);
    const std::string tag = file + " at depth " + std::to_string(depth);
    ASSERT_TRUE(r.ended) << tag << ": " << log;
    EXPECT_EQ(r.errors == 0, passes) << tag << ": " << log;
  }
  // the equivalence check: the mutant is not equivalent; an unmutated arbiter
  // (its state all visible at its outputs) is
  EXPECT_FALSE(hypercast::tools::mutantEquivalent(t, kSrc, work + "/e1", empty0));
  const hypercast::tools::MutationTarget arbiter{"hc_rr_arbiter",
                                                 {{"N", "5"}, {"LIVE", "31"}, {"PAIR_MAX", "5"}}};
  EXPECT_TRUE(hypercast::tools::mutantEquivalent(arbiter, kSrc, work + "/e0", ""));
  std::filesystem::remove_all(work);
}

// The induction that pairs registers by name (pairedEquivalent, the last
// stage of mutantEquivalent): an unmutated hc_group_arbiter at N = 9, whose
// outputs can stay equal for 24 steps while its group pointers differ (no
// requests), so the outputs-only induction does not close there, is shown
// equivalent by it; the FIFO whose empty_o is tied to 0 is not.
TEST(Mutation, PairedInductionShowsWhatOutputsCannot) {
  const std::string work =
      (std::filesystem::temp_directory_path() / ("hctest-paired-" + std::to_string(::getpid())))
          .string();
  const hypercast::tools::MutationTarget t{"hc_group_arbiter", {{"N", "9"}, {"LIVE", "511"}}};
  EXPECT_TRUE(hypercast::tools::pairedEquivalent(t, kSrc, work + "/g", ""));
  const hypercast::tools::MutationTarget fifo{"hc_fifo", {{"W", "12"}, {"DEPTH", "2"}}};
  std::string empty0;
  for (const std::string& m : hypercast::tools::listMutations(fifo, kSrc, work + "/l", 40, 1))
    if (m.find("-mode const0") != std::string::npos && m.find("-wire empty_o") != std::string::npos)
      empty0 = m;
  ASSERT_FALSE(empty0.empty());
  EXPECT_FALSE(hypercast::tools::pairedEquivalent(fifo, kSrc, work + "/f", empty0));
  std::filesystem::remove_all(work);
}

}  // namespace
