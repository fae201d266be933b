// The proofs of formal/ (gen/tools/formal_proof.h): every description's named
// assertions hold by k-induction at its depth, and every mutant it lists (a
// define that breaks the module) makes the base case fail, so a proof that
// cannot fail is caught. Every description's mutants run here, so that each
// assertion a proof reads has a test that makes it fire; the induction of the
// descriptions marked fast runs here too, and `make formal` (HC_FORMAL_ALL=1)
// runs every induction.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <ostream>
#include <string>
#include <vector>

#include "tools/formal_proof.h"
#include "util/error.h"

namespace hypercast {
namespace tools {
// A proof's name in the test listing.
void PrintTo(const FormalProof& p, std::ostream* os) { *os << p.name; }
}  // namespace tools
}  // namespace hypercast

namespace {

using hypercast::tools::FormalCheck;
using hypercast::tools::FormalProof;
using hypercast::tools::FormalResult;

const std::string kSrc = HC_SOURCE_DIR;

bool runAll() {
  const char* all = std::getenv("HC_FORMAL_ALL");
  return all != nullptr && std::string(all) == "1";
}

std::string workDir(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("hctest-formal-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

std::string lines(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += " " + x;
  return s;
}

class Proof : public ::testing::TestWithParam<FormalProof> {};

TEST_P(Proof, HoldsByInduction) {
  const FormalProof& p = GetParam();
  if (!p.fast && !runAll()) GTEST_SKIP() << p.name << " runs under `make formal`";
  const std::string work = workDir(p.name);
  const FormalResult r = hypercast::tools::runFormalProof(p, kSrc, work);
  std::cout << p.name << ": " << (r.passed() ? "PASS" : "FAIL")
            << (p.induction ? " (k-induction depth " : " (bounded check only, depth ") << p.depth
            << ", base " << r.base.seconds << " s, induction " << r.induction.seconds
            << " s, covers within " << p.cover << " steps " << r.cover.seconds << " s)"
            << std::endl;
  EXPECT_TRUE(r.base.passed) << p.name << ": base case fails at" << lines(r.base.failed);
  EXPECT_TRUE(r.induction.passed) << p.name << ": induction fails at" << lines(r.induction.failed);
  EXPECT_TRUE(r.cover.passed) << p.name << ": cover points not reached within " << p.cover
                              << " steps:" << lines(r.cover.names) << " at"
                              << lines(r.cover.failed);
  if (!HasFailure()) std::filesystem::remove_all(work);
}

// Each mutant must fail, in the default ctest for every description (a bounded
// check to the mutant's depth), and fail where it aims: at least one of the named
// assertions its line lists is among the failures (each failure's name read
// from its source line, tools::assertionNameOf).
TEST_P(Proof, EveryMutantFails) {
  const FormalProof& p = GetParam();
  ASSERT_FALSE(p.mutants.empty()) << p.name << " lists no mutant";
  if (!p.fast && !runAll()) {
    // Its induction runs under `make formal` only: here the unmutated design
    // must pass the bounded check to the mutants' deepest depth, or a mutant
    // "caught" would say nothing.
    int depth = 0;
    for (const auto& m : p.mutants) depth = std::max(depth, m.depth);
    const std::string work = workDir(p.name + "-unmutated");
    const FormalCheck c = hypercast::tools::runFormalBmc(p, kSrc, work, {}, depth);
    ASSERT_TRUE(c.passed) << p.name << " unmutated fails within " << depth << " steps at"
                          << lines(c.failed);
    std::filesystem::remove_all(work);
  }
  for (const auto& m : p.mutants) {
    const std::string work = workDir(p.name + "-" + m.define);
    const FormalCheck c = hypercast::tools::runFormalBmc(p, kSrc, work, {m.define}, m.depth);
    std::string named;  // the failures, by name and location
    bool aimed = false;
    for (size_t i = 0; i < c.failed.size(); ++i) {
      const std::string& name = c.names.at(i);
      named += " " + (name.empty() ? std::string("(unnamed)") : name) + " (" + c.failed[i] + ")";
      aimed = aimed || std::find(m.asserts.begin(), m.asserts.end(), name) != m.asserts.end();
    }
    std::cout << p.name << " with " << m.define << ": " << (c.passed ? "not caught" : "caught")
              << " within " << m.depth << " steps at" << named << std::endl;
    EXPECT_FALSE(c.passed) << p.name << ": " << m.define << " survives " << m.depth << " steps";
    EXPECT_FALSE(c.failed.empty()) << p.name << ": " << m.define;
    EXPECT_TRUE(c.passed || aimed) << p.name << ": " << m.define << " breaks" << named
                                   << ", none of the assertions it names:" << lines(m.asserts);
    std::filesystem::remove_all(work);
  }
}

std::string nameOf(const ::testing::TestParamInfo<FormalProof>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(Formal, Proof,
                         ::testing::ValuesIn(hypercast::tools::loadFormalProofs(kSrc)), nameOf);

// hc_fifo's a_order_slot (the tracked entry's slot is a real one, below
// DEPTH), which no define of hc_fifo.v breaks: a copy of the file whose
// tracker takes slot 2^PTRW - 1 (3, beyond DEPTH - 1 = 2) in place of the
// write pointer, read through HYPERCAST_HW_OVERRIDE (tools/mutation.h), must
// fail the fifo_d3 proof's base case at a_order_slot.
TEST(FormalMutantText, FifoOrderSlotFires) {
  FormalProof proof;
  for (const FormalProof& p : hypercast::tools::loadFormalProofs(kSrc))
    if (p.name == "fifo_d3") proof = p;
  ASSERT_EQ(proof.name, "fifo_d3");
  std::ifstream in(kSrc + "/hw/hc_fifo.v");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string from = "fv_sa <= wr_q;", to = "fv_sa <= {PTRW{1'b1}};";
  const size_t at = text.find(from);
  ASSERT_NE(at, std::string::npos) << "hc_fifo.v's tracker no longer reads " << from;
  text.replace(at, from.size(), to);
  const std::string work = workDir("order-slot");
  std::filesystem::create_directories(work);
  const std::string copy = work + "/hc_fifo_slot.v";
  std::ofstream(copy) << text;
  ::setenv("HYPERCAST_HW_OVERRIDE", ("hc_fifo=" + copy).c_str(), 1);
  const FormalCheck c = hypercast::tools::runFormalBmc(proof, kSrc, work + "/bmc", {}, 4);
  ::unsetenv("HYPERCAST_HW_OVERRIDE");
  EXPECT_FALSE(c.passed);
  EXPECT_NE(std::find(c.names.begin(), c.names.end(), "a_order_slot"), c.names.end())
      << "fails at" << lines(c.failed) << ", names" << lines(c.names);
  if (!HasFailure()) std::filesystem::remove_all(work);
}

// The cover run: fifo_d2's one cover point, c_order_done (a tracked pair
// pushed and popped in order), is first reached in step 3, so a cover depth of
// 2 leaves it unreached and fails the proof, naming it, while 4 reaches it
// (the default, 8, is what the proof itself uses); listed after the depth,
// it may stay unreached.
TEST(FormalCover, UnreachedCoverFailsTheProof) {
  FormalProof proof;
  for (const FormalProof& p : hypercast::tools::loadFormalProofs(kSrc))
    if (p.name == "fifo_d2") proof = p;
  ASSERT_EQ(proof.name, "fifo_d2");
  EXPECT_EQ(proof.cover, 8);
  proof.induction = false;
  for (const int k : {2, 4}) {
    proof.cover = k;
    const std::string work = workDir("cover-" + std::to_string(k));
    const FormalResult r = hypercast::tools::runFormalProof(proof, kSrc, work);
    EXPECT_TRUE(r.base.passed) << k;
    EXPECT_EQ(r.cover.passed, k == 4) << k << ":" << lines(r.cover.failed);
    EXPECT_EQ(r.passed(), k == 4) << k;
    if (k == 2) {
      ASSERT_EQ(r.cover.failed.size(), 1u) << lines(r.cover.failed);
      EXPECT_NE(r.cover.failed[0].find("hc_fifo.v:"), std::string::npos) << r.cover.failed[0];
      EXPECT_EQ(r.cover.names, std::vector<std::string>{"c_order_done"});
    }
    std::filesystem::remove_all(work);
  }
  // a cover point the description names as unreachable may stay so
  proof.cover = 2;
  proof.uncovered = {"c_order_done"};
  const std::string work = workDir("cover-allowed");
  EXPECT_TRUE(hypercast::tools::runFormalProof(proof, kSrc, work).cover.passed);
  std::filesystem::remove_all(work);
}

// The descriptions' syntax, and the errors a broken one gets (hand-written).
TEST(FormalDescription, ParsesEveryKey) {
  const FormalProof p = hypercast::tools::parseFormalProof(
      "# c\ntop hc_fifo\nfile hw/hc_fifo.v  # the FIFO\nparam DEPTH 3\ndepth 4\nfast 1\n"
      "induction 0\nflatten 1\ncover 5 c_x\nmutant HC_MUTANT_X 6 a_one a_two\n",
      "x", "x.fv");
  EXPECT_EQ(p.cover, 5);
  EXPECT_EQ(p.uncovered, std::vector<std::string>{"c_x"});
  EXPECT_EQ(p.top, "hc_fifo");
  EXPECT_EQ(p.files, std::vector<std::string>{"hw/hc_fifo.v"});
  ASSERT_EQ(p.params.size(), 1u);
  EXPECT_EQ(p.params[0].first, "DEPTH");
  EXPECT_EQ(p.params[0].second, "3");
  EXPECT_EQ(p.depth, 4);
  EXPECT_TRUE(p.fast);
  EXPECT_FALSE(p.induction);
  EXPECT_TRUE(p.flatten);
  ASSERT_EQ(p.mutants.size(), 1u);
  EXPECT_EQ(p.mutants[0].define, "HC_MUTANT_X");
  EXPECT_EQ(p.mutants[0].depth, 6);
  EXPECT_EQ(p.mutants[0].asserts, (std::vector<std::string>{"a_one", "a_two"}));
}

TEST(FormalDescription, RejectsBrokenOnes) {
  for (const auto& [text, message] :
       {std::make_pair("top m\nfile f\n", "x.fv: a proof needs a top, a file and a depth"),
        std::make_pair("top m\nfile f\ndepth 0\n", "x.fv:3: depth must be at least 1"),
        std::make_pair("top m\nfile f\ndepth 2\nsolver z3\n", "x.fv:4: expected"),
        std::make_pair("top m\nfile f\ndepth 2\nfast yes\n", "x.fv:4: expected"),
        std::make_pair("top m\nfile f\ndepth 2\ninduction 2\n", "x.fv:4: expected"),
        std::make_pair("top m\nfile f\ndepth 2\nflatten yes\n", "x.fv:4: expected"),
        std::make_pair("top m\nfile f\ndepth 2\ncover\n", "x.fv:4: expected"),
        std::make_pair("top m\nfile f\ndepth 2\ncover x\n", "x.fv:4: cover"),
        std::make_pair("top m\nfile f\ndepth 2\ncover 3 2nd\n",
                       "x.fv:4: cover: '2nd' is no cover point's name"),
        std::make_pair("top m\nfile f\ndepth 2\nmutant HC_MUTANT_X 6\n",
                       "x.fv:4: mutant HC_MUTANT_X names no assertion it must break"),
        std::make_pair("top m\nfile f\ndepth 2\nmutant HC_MUTANT_X 6 a_x 2nd\n",
                       "x.fv:4: mutant HC_MUTANT_X: '2nd' is no assertion name"),
        std::make_pair("top m\nfile f\ndepth 2\nmutant HC_MUTANT_X\n", "x.fv:4: expected")}) {
    try {
      hypercast::tools::parseFormalProof(text, "x", "x.fv");
      ADD_FAILURE() << text << " was accepted";
    } catch (const hypercast::Error& e) {
      EXPECT_EQ(std::string(e.what()).rfind(message, 0), 0u) << e.what();
    }
  }
}

// A failure's location to its assertion's name (hand-written snippet): yosys
// gives the last line of a multi-line invocation; every line of one names it,
// a line of no named check names nothing (an unnamed assert after named ones,
// a comment that mentions a macro, a string with parentheses in a message).
TEST(FormalDescription, NamesTheFailingAssertion) {
  const std::string text =
      "module m(input clk_i, input rst_ni, input a, input b);\n"   // 1
      "  `HC_ASSERT(a_one, a || b, \"one (of a, b\")\n"            // 2
      "  `HC_ASSERT( a_two, (a &&\n"                               // 3
      "             b) || !a,\n"                                   // 4
      "             \"two: a) needs b\")\n"                        // 5
      "  always @(*) if (rst_ni) assert (a);\n"                    // 6
      "  // `HC_ASSUME(a_note, the comment's, \"not a check\")\n"  // 7
      "  `HC_ASSUME(e_in, !b,  // the input\n"                     // 8
      "             \"b high\")\n"                                 // 9
      "endmodule\n";                                               // 10
  using hypercast::tools::assertionNameAt;
  EXPECT_EQ(assertionNameAt(text, 2), "a_one");
  EXPECT_EQ(assertionNameAt(text, 5), "a_two");
  EXPECT_EQ(assertionNameAt(text, 3), "a_two");
  EXPECT_EQ(assertionNameAt(text, 6), "");
  EXPECT_EQ(assertionNameAt(text, 7), "");
  EXPECT_EQ(assertionNameAt(text, 9), "e_in");
  EXPECT_EQ(assertionNameAt(text, 10), "");
  EXPECT_EQ(assertionNameAt(text, 1), "");
  EXPECT_EQ(assertionNameAt(text, 0), "");
  EXPECT_EQ(assertionNameAt(text, 11), "");
  // yosys-smtbmc's locations, the flattened one with its instance's first
  const std::filesystem::path dir = workDir("names");
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "m.v").string();
  std::ofstream(file) << text;
  using hypercast::tools::assertionNameOf;
  EXPECT_EQ(assertionNameOf(file + ":5.14-5.30"), "a_two");
  EXPECT_EQ(assertionNameOf("/top.v:151.40-160.63|" + file + ":2.36-2.44"), "a_one");
  EXPECT_EQ(assertionNameOf(file + ":6.27-6.37"), "");
  EXPECT_EQ(assertionNameOf((dir / "none.v").string() + ":2.1-2.2"), "");
  std::filesystem::remove_all(dir);
}

// flatten 1: a (* hierconn *) wire of the top named instance.wire reads that
// wire inside the instance (here a register with no port, which the assertion
// needs: q_o is it one cycle later); without flatten it is a free wire and the
// assertion fails; one naming no wire is an error that names what it leaves
// undriven (hand-written modules).
TEST(FormalDescription, FlattenReadsInstanceWires) {
  const std::filesystem::path root = workDir("hierconn");
  std::filesystem::create_directories(root / "formal");
  const auto write = [&](const std::string& wire) {
    std::ofstream(root / "formal" / "peek.v")
        << "module inner(input clk_i, input rst_ni, input d_i, output q_o);\n"
           "  reg r_q, s_q;\n"
           "  always @(posedge clk_i) begin r_q <= rst_ni && d_i; s_q <= rst_ni && r_q; end\n"
           "  assign q_o = s_q;\n"
           "endmodule\n"
           "module peek(input clk_i, input rst_ni, input d_i);\n"
           "  wire q;\n"
           "  inner u(.clk_i(clk_i), .rst_ni(rst_ni), .d_i(d_i), .q_o(q));\n"
           "  (* hierconn *) wire \\u."
        << wire
        << " ;\n"
           "  reg seen_q;\n"
           "  always @(posedge clk_i) seen_q <= rst_ni && \\u."
        << wire
        << " ;\n"
           "  initial assume (!rst_ni);\n"
           "  always @(*) if (rst_ni) assert (q == seen_q);\n"
           "endmodule\n";
  };
  const auto proof = [](const std::string& flatten) {
    return hypercast::tools::parseFormalProof(
        "top peek\nfile formal/peek.v\ndepth 2\nflatten " + flatten + "\n", "peek", "peek.fv");
  };
  write("r_q");
  const FormalResult flat =
      hypercast::tools::runFormalProof(proof("1"), root.string(), (root / "flat").string());
  EXPECT_TRUE(flat.base.passed);
  EXPECT_TRUE(flat.induction.passed);
  const FormalResult kept =
      hypercast::tools::runFormalProof(proof("0"), root.string(), (root / "kept").string());
  EXPECT_FALSE(kept.passed());
  write("nothere");
  try {
    hypercast::tools::runFormalProof(proof("1"), root.string(), (root / "none").string());
    ADD_FAILURE() << "a hierconn wire naming no wire was accepted";
  } catch (const hypercast::Error& e) {
    EXPECT_NE(std::string(e.what()).find("peek: a (* hierconn *) wire names no wire of its "
                                         "instance (read, never driven: peek.\\u.nothere)"),
              std::string::npos)
        << e.what();
  }
  std::filesystem::remove_all(root);
}

}  // namespace
