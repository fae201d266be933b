// Proofs of the hand-written RTL's named assertions (hw/include/hc_assert.vh)
// by k-induction: yosys reads the module with -formal and writes SMT-LIB 2,
// yosys-smtbmc (z3) checks the base case (no assertion fails in the first k
// steps from reset) and the induction step (k steps that keep every assertion
// imply a (k+1)-th that does). Both, run through the one launcher, make a proof.
//
// A proof is described by a plain file in formal/ (docs/hardware.md
// "Assertions and proofs"), one key per line, '#' starts a comment:
//   top    hc_fifo                  the module proved
//   file   hw/hc_fifo.v             a source, relative to the source root (repeatable)
//   param  DEPTH 3                  a parameter of the top (repeatable)
//   depth  4                        k
//   fast   1                        1: its induction in the default ctest; 0: under
//                                   `make formal` only (its mutants run in both)
//   induction 0                     0: the base case alone (a bounded check to
//                                   depth k, reported as such); default 1
//   flatten 1                       1: flatten the design, so that the top's
//                                   (* hierconn *) wires named instance.wire
//                                   read that instance's internal wire (a
//                                   module whose text must not change); one
//                                   left unconnected is an error; default 0
//   cover  6 e_hd_clash              the steps from reset within which every
//                                   cover point of the model (`HC_COVER`, and
//                                   `HC_ERR` under FORMAL) must be reached: a
//                                   BMC of covers (yosys-smtbmc -c); an
//                                   unreached one fails the proof (a state its
//                                   assumptions rule out); default 8, 0: none.
//                                   The names after it may stay unreached (a
//                                   fault these parameters cannot have)
//   mutant HC_MUTANT_FIFO_FULL 6 a_cnt_range a_kept
//                                   a define that breaks the module, the BMC depth
//                                   that must find a failing trace, and the named
//                                   assertions it targets: at least one of them must
//                                   be among the failures (repeatable; a mutant line
//                                   without a name is an error)
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace hypercast {
namespace tools {

struct FormalMutant {
  std::string define;                // e.g. HC_MUTANT_FIFO_FULL
  int depth = 0;                     // steps of the BMC that must fail
  std::vector<std::string> asserts;  // the assertions it targets (one of them must fail)
};

struct FormalProof {
  std::string name;  // the description's file name without .fv
  std::string top;
  std::vector<std::string> files;
  std::vector<std::pair<std::string, std::string>> params;
  int depth = 0;
  bool fast = false;
  bool induction = true;  // false: the base case alone, a bounded check
  bool flatten = false;   // true: flattened, (* hierconn *) wires connected
  int cover = 8;          // steps within which every cover point is reached (0: no run)
  std::vector<std::string> uncovered;  // cover points that may stay unreached, by name
  std::vector<FormalMutant> mutants;
};

// Parses a description; throws Error (naming `origin` and the line) on an
// unknown key, a missing top, file or depth, or a bad number.
FormalProof parseFormalProof(const std::string& text, const std::string& name,
                             const std::string& origin);

// Every formal/*.fv under `source_root`, by name.
std::vector<FormalProof> loadFormalProofs(const std::string& source_root);

// The name of the named check (`HC_ASSERT(name, ...`, `HC_ASSUME(name, ...`,
// `HC_PARAM(name, ...`, `HC_COVER(name, ...` or `HC_ERR(name, ...`) whose
// invocation spans line `line` (from 1) of the
// Verilog `text`: yosys gives an assertion the last line of a multi-line
// invocation, so the search goes back from it to the nearest invocation and
// checks that it reaches that line. "" when none does (an unnamed assert).
std::string assertionNameAt(const std::string& text, int line);

// The same for a yosys-smtbmc failure location, "FILE:LINE.COL-LINE.COL"
// (after flattening "INSTANCE_SRC|...|FILE:LINE.COL-LINE.COL": the last part is
// the assertion's own), reading FILE; "" when it names none or cannot be read.
std::string assertionNameOf(const std::string& location);

struct FormalCheck {
  bool passed = false;              // no assertion failed (and the run completed)
  double seconds = 0;               // wall time of yosys and yosys-smtbmc
  std::vector<std::string> failed;  // "file:line" of each failing assertion
  std::vector<std::string> names;   // each one's name (assertionNameOf), "" if it has none
};

struct FormalResult {
  FormalCheck base;       // BMC to depth k
  FormalCheck induction;  // the k-induction step (passed when not asked for)
  // the cover run: passed when every cover point but the proof's `uncovered`
  // was reached within `cover` steps (or none was asked for); failed lists
  // the unreached ones
  FormalCheck cover;
  bool passed() const { return base.passed && induction.passed && cover.passed; }
};

// Runs the proof with the given extra defines in `work_dir` (created). Throws
// Error if yosys cannot read or prepare the module, or a tool is missing.
FormalResult runFormalProof(const FormalProof& proof, const std::string& source_root,
                            const std::string& work_dir,
                            const std::vector<std::string>& defines = {});

// Only the base case, to `depth` steps, with `defines`: what a mutant must fail.
FormalCheck runFormalBmc(const FormalProof& proof, const std::string& source_root,
                         const std::string& work_dir, const std::vector<std::string>& defines,
                         int depth);

}  // namespace tools
}  // namespace hypercast
