// Mutation testing of the hand-written RTL (`make mutate`, docs/developer.md):
// yosys's `mutate` pass (the mechanism of YosysHQ's MCY) breaks one module of
// hw/ at one parameter set in one place; the tests that instantiate that module
// at those parameters run against each mutant, and a mutant no test kills is
// either shown equivalent to the module or needs a test.
//
// A mutant reaches the tests as a replacement source for the module's file,
// named by the environment variable HYPERCAST_HW_OVERRIDE=module=file[,...]:
// the Verilator builds (flow/verilated_build.h; the file is part of the
// model-cache key), the Icarus unit benches (tests/hw_bench.h) and the proofs
// (tools/formal_proof.h) read it in place of hw/<module>.v.
//
// The replacement file holds the original module renamed <module>__orig, the
// mutated netlist (yosys write_verilog) named <module>__mut, and a module
// <module> with the original's parameters and ports that instantiates the
// mutant where the parameters are the mutated set and the original elsewhere.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace hypercast {
namespace tools {

// HYPERCAST_HW_OVERRIDE parsed: module -> replacement file. Throws Error on a
// malformed value (an entry without '=', an empty name or file).
std::map<std::string, std::string> hwOverrides();

// The replacement for hw/<file_name> ("hc_fifo.v"), or "" if there is none.
std::string hwOverrideFor(const std::string& file_name);

// A module of hw/ at one parameter set (values as Verilog literals).
struct MutationTarget {
  std::string module;
  std::vector<std::pair<std::string, std::string>> params;
};

// `mutate -list n -seed seed` on the module: one `mutate ...` line per mutant.
std::vector<std::string> listMutations(const MutationTarget& t, const std::string& source_root,
                                       const std::string& work_dir, int n, int seed);

// Writes the replacement file for one mutation (a line of listMutations; ""
// leaves the netlist unmutated: the control run) to `out`.
void writeMutant(const MutationTarget& t, const std::string& source_root,
                 const std::string& work_dir, const std::string& mutation, const std::string& out);

// Whether the mutant is shown equivalent to the module at the target's
// parameters: a miter of both (yosys miter -equiv -ignore_gold_x), its outputs
// equal to the original's defined ones for 24 steps from a reset in the first
// step with every register starting undefined (sat -tempinduct-baseonly
// -set-init-undef), then temporal induction of length at most 24 from any
// defined state without a reset (sat -tempinduct-inductonly); where that
// induction does not close, one that pairs the two netlists' signals by name
// (equiv_make, equiv_induct -seq 8; a pair it cannot show is unpaired and it
// runs again), with its base case over every pair left (equiv_miter, sat, 8
// steps from the reset). false: not shown (a difference, an output that had to
// be unpaired, an induction that did not close, or a yosys run past 300 s).
bool mutantEquivalent(const MutationTarget& t, const std::string& source_root,
                      const std::string& work_dir, const std::string& mutation);

// The induction that pairs signals by name alone, with its base case (the
// last stage of mutantEquivalent).
bool pairedEquivalent(const MutationTarget& t, const std::string& source_root,
                      const std::string& work_dir, const std::string& mutation);

}  // namespace tools
}  // namespace hypercast
