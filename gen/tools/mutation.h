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

// A module of hw/ that instantiates the target, at its parameters.
struct MutationContext {
  std::string module;
  std::vector<std::pair<std::string, std::string>> params;
};

// A module of hw/ at one parameter set (values as Verilog literals).
struct MutationTarget {
  using Params = std::vector<std::pair<std::string, std::string>>;
  MutationTarget(std::string m, Params p, bool own = false, std::string in = "",
                 std::vector<MutationContext> c = {})
      : module(std::move(m)),
        params(std::move(p)),
        own_cells(own),
        elaborate_in(std::move(in)),
        contexts(std::move(c)) {}
  std::string module;
  Params params;
  // true: mutate only the module's own cells, not those of the modules it
  // instantiates (flattened into it all the same; they have rows of their own)
  bool own_cells;
  // the folder yosys elaborates in, relative to the source root ("": any): a
  // $readmemh image a parameter names is read from there
  std::string elaborate_in;
  // empty: a survivor is checked for equivalence on the module alone; else in
  // each of these modules (every module of hw/ that instantiates it at these
  // parameters), the mutant in place of the module: what the module's outputs
  // do where those modules never read them (an output documented as valid
  // only after done_o) is then a don't-care
  std::vector<MutationContext> contexts;
};

// `mutate -list n -seed seed` on the module: one `mutate ...` line per mutant.
std::vector<std::string> listMutations(const MutationTarget& t, const std::string& source_root,
                                       const std::string& work_dir, int n, int seed);

// Writes the replacement file for one mutation (a line of listMutations; ""
// leaves the netlist unmutated: the control run) to `out`.
void writeMutant(const MutationTarget& t, const std::string& source_root,
                 const std::string& work_dir, const std::string& mutation, const std::string& out);

// Writes the poison replacement to `out`: the shim of writeMutant with, at the
// target's parameters, the original module with every output inverted in
// place of the mutant (the original elsewhere). The tests of a row must kill
// it; if none does, the row's parameters reach no instance they build (or they
// read none of its outputs), and every mutant would survive them.
void writePoison(const MutationTarget& t, const std::string& source_root, const std::string& out);

// Whether yosys's opt_clean removes the mutation: nothing it changes reaches
// an output, so both netlists (elaborated and flattened, memories as
// flip-flops, cleaned; work/{gold,gate}.{v,il}) are the same text but for
// their names. A mutation of a submodule's output the module leaves
// unconnected (hc_mesh_router and its FIFOs' last_o) is one.
bool mutationUnread(const MutationTarget& t, const std::string& source_root,
                    const std::string& work_dir, const std::string& mutation);

// Whether the two netlists of mutationUnread are the same once the register
// bits that keep their reset value in every state reachable from a reset
// (found by induction on each netlist: yosys opt_dff -sat, repeated, with
// undefined constants and undriven nets as free inputs) are replaced by it:
// a mutation read only where such a register is not at its reset value (a VC
// no source may fill). work/held/{gold,gate}.il.
bool mutationUnreadOnceHeld(const MutationTarget& t, const std::string& source_root,
                            const std::string& work_dir, const std::string& mutation);

// Whether the two netlists of mutationUnreadOnceHeld, not the same, are shown
// equivalent by the induction that pairs their signals by name over one step
// (as pairedEquivalent's first): a mutation of a net the held constants mask
// but which still drives logic whose result they mask.
bool pairedEquivalentOnceHeld(const MutationTarget& t, const std::string& source_root,
                              const std::string& work_dir, const std::string& mutation);

// Whether the mutant is shown equivalent to the module at the target's
// parameters, in this order: mutationUnread; mutationUnreadOnceHeld;
// pairedEquivalentOnceHeld; the induction that pairs the two
// netlists' signals by name (equiv_make, equiv_induct -seq 1; a pair it
// cannot show is unpaired and it runs again) with its base case over every
// pair left (equiv_miter, sat, the reset step); a miter of both (yosys miter
// -equiv -ignore_gold_x), its outputs equal to the original's defined ones for
// 24 steps from a reset in the first step with every register starting
// undefined (sat -tempinduct-baseonly -set-init-undef), then temporal
// induction of length at most 24 from any defined state without a reset (sat
// -tempinduct-inductonly), or where that does not close the paired induction
// over 8 steps with its base case over 8. false: not shown (a difference, an
// output that had to be unpaired, an induction that did not close, or a yosys
// run past 300 s). Where the module alone is not shown equivalent and the
// target has contexts: equivalent when equivalentIn shows it in every one.
// *how, if given, names the stage that showed it.
bool mutantEquivalent(const MutationTarget& t, const std::string& source_root,
                      const std::string& work_dir, const std::string& mutation,
                      std::string* how = nullptr);

// Whether the mutant is equivalent in the context (the stage of
// mutantEquivalent after the module alone): the context module with the
// module's file replaced by the unmutated netlist behind the shim (gold) and by
// the mutant (gate), both written to one path in turn (yosys names cells after
// their source file), so that both hold the module as the same hierarchy and
// their registers pair by name; then the stages of mutantEquivalent on those
// two. The name of the stage that shows it ("unread" when both are the same
// netlist), or "" if none does.
std::string equivalentIn(const MutationTarget& t, const MutationContext& c,
                         const std::string& source_root, const std::string& work_dir,
                         const std::string& mutation);

// The induction that pairs signals by name alone, with its base case, over
// one step, else over 8.
bool pairedEquivalent(const MutationTarget& t, const std::string& source_root,
                      const std::string& work_dir, const std::string& mutation);

}  // namespace tools
}  // namespace hypercast
