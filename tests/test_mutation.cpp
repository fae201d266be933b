// The mutation mechanism of `make mutate` (gen/tools/mutation.h): the
// override variable's syntax, and that a replacement reaches a bench: the
// unmutated netlist behind the shim passes hc_fifo's bench at the mutated
// depth and at another (the original there), and a mutant that ties empty_o
// to 0 fails it, as does the poison (every output inverted); the equivalence check finds that
// mutant not equivalent and an unmutated hc_rr_arbiter equivalent; the induction that pairs
// registers shows an unmutated hc_group_arbiter equivalent and that mutant not; a mutation nothing
// reads leaves the same netlist; registers held at reset, then the same netlist or the pairing;
// the check in a context.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>
#include <tuple>

#include "hw_bench.h"
#include "tools/launcher.h"
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
  // the poison (every output inverted at DEPTH 2) fails the bench there and
  // passes it at depth 3, where the shim instantiates the original
  const std::string poison = work + "/poison.v";
  hypercast::tools::writePoison(t, kSrc, poison);
  for (const auto& [depth, passes] : {std::make_pair(2, false), std::make_pair(3, true)}) {
    Override o("hc_fifo=" + poison);
    std::string log;
    const hctest::Checked r = hctest::runBench("fifo_tb.v", "hc_fifo.v",
                                               "-Pfifo_tb.DEPTH=" + std::to_string(depth), &log);
    ASSERT_TRUE(r.ended) << "poison at depth " << depth << ": " << log;
    EXPECT_EQ(r.errors == 0, passes) << "poison at depth " << depth << ": " << log;
  }
  // the equivalence check: the mutant is not equivalent; an unmutated arbiter
  // (its state all visible at its outputs) is
  EXPECT_FALSE(hypercast::tools::mutantEquivalent(t, kSrc, work + "/e1", empty0));
  const hypercast::tools::MutationTarget arbiter{"hc_rr_arbiter",
                                                 {{"N", "5"}, {"LIVE", "31"}, {"PAIR_MAX", "5"}}};
  std::string how;
  EXPECT_TRUE(hypercast::tools::mutantEquivalent(arbiter, kSrc, work + "/e0", "", &how));
  EXPECT_EQ(how, "unread");
  std::filesystem::remove_all(work);
}

// The induction that pairs registers by name (pairedEquivalent, a stage of
// mutantEquivalent): an unmutated hc_group_arbiter at N = 9, whose
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

// The first stage of mutantEquivalent (mutationUnread): hc_mesh_router leaves
// its FIFOs' last_o unconnected, so a mutation of an input FIFO's prev_q (the
// read pointer of the cycle before, which only last_o reads) is removed by
// opt_clean and both netlists are the same (an inversion: a bit tied to a
// constant stays behind as a named wire); one of the FIFO head the router
// refills a front from (`fhead`) is not. DEPTH 5 puts a FIFO of four behind
// each front, whose pointers need no range check (which reads prev_q). The own-cells selection
// lists only cells of hc_mesh_tile itself (its link-use sum), none of its router's or node's.
TEST(Mutation, UnreadMutationLeavesTheSameNetlist) {
  const std::string work =
      (std::filesystem::temp_directory_path() / ("hctest-unread-" + std::to_string(::getpid())))
          .string();
  const hypercast::tools::MutationTarget t{
      "hc_mesh_router", {{"DIMS", "2"}, {"CW", "1"}, {"PW", "32"}, {"DEPTH", "5"}, {"HCW", "16"}}};
  std::string prev, front;
  for (const std::string& m : hypercast::tools::listMutations(t, kSrc, work + "/l", 400, 1)) {
    if (m.find("-mode inv ") != std::string::npos && m.find("-wire g_in[") != std::string::npos &&
        m.find(".prev_q ") != std::string::npos)
      prev = m;
    if (m.find("-wire fhead ") != std::string::npos) front = m;
  }
  ASSERT_FALSE(prev.empty()) << "no mutation of a FIFO's prev_q among 400";
  ASSERT_FALSE(front.empty()) << "no mutation of fhead among 400";
  EXPECT_TRUE(hypercast::tools::mutationUnread(t, kSrc, work + "/p", prev)) << prev;
  EXPECT_FALSE(hypercast::tools::mutationUnread(t, kSrc, work + "/f", front)) << front;
  const hypercast::tools::MutationTarget tile{
      "hc_mesh_tile", {{"DIMS", "2"}, {"CW", "1"}, {"DEPTH", "4"}}, true};
  const auto own = hypercast::tools::listMutations(tile, kSrc, work + "/t", 8, 1);
  EXPECT_EQ(own.size(), 8u);
  for (const std::string& m : own) EXPECT_EQ(m.find("$flatten"), std::string::npos) << m;
  std::filesystem::remove_all(work);
}

// The stage that makes the registers held at their reset value constants
// (mutationUnreadOnceHeld): a two-port core whose REQ_OK lets input VC (1, 0)
// ask for no output, so every flit arriving there is done in its arrival cycle
// and the VC never holds one: its count stays 0, an induction over its two
// bits (the high bit holds 0 alone, then the low one). The epoch flag's OR
// with that VC's has-parity-1 bit forced to 0 (which it always is) is then
// the same netlist, though not before (the count could be 1 in a state the
// netlist alone allows); its parity-0 bit forced to 1 is not.
TEST(Mutation, RegistersHeldAtResetShowWhatUnreadCannot) {
  const std::string work =
      (std::filesystem::temp_directory_path() / ("hctest-held-" + std::to_string(::getpid())))
          .string();
  const hypercast::tools::MutationTarget t{"hc_router_core",
                                           {{"NP", "2"},
                                            {"AW", "2"},
                                            {"PW", "8"},
                                            {"WDW", "2"},
                                            {"WCW", "2"},
                                            {"PIW", "1"},
                                            {"DEPTH", "2"},
                                            {"NDIM", "1"},
                                            {"EPOCH", "1"},
                                            {"QUOTA", "1"},
                                            {"HOP", "1"},
                                            {"REQ_OK", "10'b1101111011"}},
                                           true};
  std::string held0, has1;
  const std::string has = "-wire g_in[1].g_vc[0].g_buf.g_oweq.g_ep_held.has ";
  for (const std::string& m : hypercast::tools::listMutations(t, kSrc, work + "/l", 2000, 1)) {
    if (m.find(has) == std::string::npos) continue;
    if (m.find("-mode const0 ") != std::string::npos && m.find("$reduce_or") != std::string::npos)
      held0 = m;
    if (m.find("-mode const1 ") != std::string::npos) has1 = m;
  }
  ASSERT_FALSE(held0.empty()) << "no const0 mutation of VC (1, 0)'s parity bits among 2000";
  ASSERT_FALSE(has1.empty()) << "no const1 mutation of VC (1, 0)'s parity bits among 2000";
  EXPECT_FALSE(hypercast::tools::mutationUnread(t, kSrc, work + "/u", held0)) << held0;
  EXPECT_TRUE(hypercast::tools::mutationUnreadOnceHeld(t, kSrc, work + "/h", held0)) << held0;
  EXPECT_FALSE(hypercast::tools::mutationUnreadOnceHeld(t, kSrc, work + "/o", has1)) << has1;
  std::filesystem::remove_all(work);
}

// The pairing over one step on the held netlists (pairedEquivalentOnceHeld): a
// two-port hardwired router, port 0 continuing on port 1 and port 1 on port 0,
// one VC per port, REQ_OK letting no head of port 0 ask for output 0. The
// compare "port 0 continues on port 0" (false) inverted makes port 0's heads
// need output 0 whenever their weight count is above 1: REQ_OK masks that need
// and output 0 has no VC 1 to choose, but the compare still drives the
// (unread) continuation bit, so the held netlists differ; the pairing unpairs
// that bit and shows the rest. The compare "port 1 continues on port 0" (true)
// inverted stops every continuation of port 1: not equivalent. (With one bit
// per port index, "continues on port 1" is the table's bit, no compare.)
TEST(Mutation, HeldNetlistsPairWhereTheyDiffer) {
  const std::string work =
      (std::filesystem::temp_directory_path() / ("hctest-heldpair-" + std::to_string(::getpid())))
          .string();
  const hypercast::tools::MutationTarget t{"hc_router",
                                           {{"NP", "2"},
                                            {"AW", "2"},
                                            {"PW", "4"},
                                            {"WDW", "2"},
                                            {"WCW", "2"},
                                            {"PIW", "1"},
                                            {"DEPTH", "2"},
                                            {"NDIM", "1"},
                                            {"PORT_DIM", "4'b0101"},
                                            {"ORIG_WC", "4'b1001"},
                                            {"FWD_PORT", "2'b01"},
                                            {"TWO_VC", "2'b00"},
                                            {"REQ_OK", "10'b1000110100"}},
                                           false};
  std::string masked, live;
  for (const std::string& m : hypercast::tools::listMutations(t, kSrc, work + "/l", 4000, 1)) {
    if (m.find("-mode inv ") == std::string::npos) continue;
    if (m.find("-wire u_core.g_src[1].g_out[0].g_ovc_port.cont_src ") != std::string::npos)
      masked = m;
    if (m.find("-wire u_core.g_src[3].g_out[0].g_ovc_port.cont_src ") != std::string::npos)
      live = m;
  }
  ASSERT_FALSE(masked.empty()) << "no inversion of port 0's compare with output 0 among 4000";
  ASSERT_FALSE(live.empty()) << "no inversion of port 1's compare with output 0 among 4000";
  EXPECT_FALSE(hypercast::tools::mutationUnreadOnceHeld(t, kSrc, work + "/h", masked)) << masked;
  EXPECT_TRUE(hypercast::tools::pairedEquivalentOnceHeld(t, kSrc, work + "/m", masked)) << masked;
  EXPECT_FALSE(hypercast::tools::pairedEquivalentOnceHeld(t, kSrc, work + "/v", live)) << live;
  std::filesystem::remove_all(work);
}

// The check in a context: hc_cfg_dims inside hc_router_cfg (the unmutated
// netlist and the mutant behind the shim, in place of hc_cfg_dims.v). The
// unmutated one is the same netlist there (and alone); cfg_ready_o tied to 1
// passes out of hc_router_cfg as its own cfg_ready_o: not equivalent there,
// nor alone.
TEST(Mutation, EquivalenceInAContext) {
  const std::string work =
      (std::filesystem::temp_directory_path() / ("hctest-context-" + std::to_string(::getpid())))
          .string();
  const hypercast::tools::MutationTarget::Params dims = {
      {"MAX_DIM", "4"}, {"MAX_M", "15"}, {"MW", "4"}, {"CDW", "4"}};
  hypercast::tools::MutationContext cfg{"hc_router_cfg", dims};
  cfg.params.insert(cfg.params.end(),
                    {{"NP", "16"}, {"AW", "16"}, {"WDW", "3"}, {"WCW", "4"}, {"PIW", "4"}});
  const hypercast::tools::MutationTarget t{"hc_cfg_dims", dims, false, "", {cfg}};
  EXPECT_EQ(hypercast::tools::equivalentIn(t, cfg, kSrc, work + "/c", ""), "unread");
  // the shim's numbered nets (write_verilog's _0123_) are private in the
  // context's netlist: the pairing must not match two nets by such a name
  const std::regex numbered("_[0-9]+_");
  const std::regex public_numbered(R"((^|\n)\s*wire( width \d+)? \\\S*\._[0-9]+_\s*\n)");
  EXPECT_TRUE(
      std::regex_search(hypercast::tools::readFile(work + "/c/shim/hc_cfg_dims.v"), numbered));
  const std::string gold_il = hypercast::tools::readFile(work + "/c/gold.il");
  std::smatch named;
  EXPECT_FALSE(std::regex_search(gold_il, named, public_numbered)) << named.str();
  std::string how;
  EXPECT_TRUE(hypercast::tools::mutantEquivalent(t, kSrc, work + "/a", "", &how));
  EXPECT_EQ(how, "unread");
  std::string ready1;
  for (const std::string& m : hypercast::tools::listMutations(t, kSrc, work + "/l", 60, 1))
    if (m.find("-mode const1") != std::string::npos && m.find("-port Y") != std::string::npos &&
        m.find("-wire cfg_ready_o") != std::string::npos)
      ready1 = m;
  ASSERT_FALSE(ready1.empty()) << "no const1 mutation of cfg_ready_o's driver among 60";
  EXPECT_EQ(hypercast::tools::equivalentIn(t, cfg, kSrc, work + "/r", ready1), "");
  EXPECT_FALSE(hypercast::tools::mutantEquivalent(t, kSrc, work + "/ra", ready1));
  std::filesystem::remove_all(work);
}

}  // namespace

// hc-mutate's own command line: --help prints the usage and runs nothing; an
// unknown option is refused in one line with a non-zero exit.
TEST(MutationCli, HelpAndUnknownOption) {
  const std::string exe = std::string(HC_BIN_DIR) + "/hc-mutate";
  const auto help = hctest::run(exe + " --help");
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("usage: hc-mutate"), std::string::npos) << help.out;
  EXPECT_EQ(help.out.find("| module |"), std::string::npos) << "--help ran the table";
  const auto bad = hctest::run(exe + " --bogus 1");
  EXPECT_NE(bad.code, 0);
  EXPECT_NE(bad.err.find("unknown option --bogus"), std::string::npos) << bad.err;
  for (const auto& [args, message] :
       {std::make_pair(" --param DEPTH", "--param needs NAME=VALUE, not 'DEPTH'"),
        std::make_pair(" --module hc_fifo --param NOPE=1", "no row has parameter NOPE")}) {
    const auto r = hctest::run(exe + args);
    EXPECT_NE(r.code, 0) << args;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << ": " << r.err;
    EXPECT_EQ(r.out.find("| hc_fifo |"), std::string::npos) << args << ": " << r.out;
  }
}

// The poison guard: the row of hc_fifo (its bench at DEPTH = 2) moved to
// DEPTH = 3, which no test it runs instantiates, kills no poison: the row is
// refused (named with its parameters, no mutant run) and the exit status is 1.
// At its own parameters the poison is killed and the row runs its mutant.
TEST(MutationCli, RowWhoseParametersReachNoInstanceIsRefused) {
  const std::string exe = std::string(HC_BIN_DIR) + "/hc-mutate";
  const std::string work =
      (std::filesystem::temp_directory_path() / ("hctest-guard-" + std::to_string(::getpid())))
          .string();
  const std::string common = " --module hc_fifo --n 1 --equiv 0 --work " + work;
  const auto off = hctest::run(exe + common + " --param DEPTH=3");
  EXPECT_EQ(off.code, 1) << off.out << off.err;
  EXPECT_NE(off.out.find("| hc_fifo | W=12, DEPTH=3 | refused |"), std::string::npos) << off.out;
  EXPECT_NE(off.err.find("hc_fifo: no test kills the poison (every output inverted at W=12, "
                         "DEPTH=3)"),
            std::string::npos)
      << off.err;
  EXPECT_EQ(off.err.find(" m0: "), std::string::npos) << "a mutant ran: " << off.err;
  const auto on = hctest::run(exe + common);
  EXPECT_EQ(on.code, 0) << on.out << on.err;
  EXPECT_NE(on.out.find("| hc_fifo | W=12, DEPTH=2 | 1 | "), std::string::npos) << on.out;
  EXPECT_EQ(on.out.find("refused"), std::string::npos) << on.out;
  std::filesystem::remove_all(work);
}
