#include "tools/mutation.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "tools/launcher.h"
#include "util/error.h"

namespace hypercast {
namespace tools {

namespace fs = std::filesystem;

std::map<std::string, std::string> hwOverrides() {
  std::map<std::string, std::string> m;
  const char* value = std::getenv("HYPERCAST_HW_OVERRIDE");
  if (value == nullptr || *value == '\0') return m;
  std::istringstream in(value);
  for (std::string entry; std::getline(in, entry, ',');) {
    const size_t eq = entry.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == entry.size())
      throw Error("HYPERCAST_HW_OVERRIDE: expected module=file, not '" + oneLine(entry) + "'");
    m[entry.substr(0, eq)] = entry.substr(eq + 1);
  }
  return m;
}

std::string hwOverrideFor(const std::string& file_name) {
  const fs::path p(file_name);
  if (p.extension() != ".v") return "";
  const auto m = hwOverrides();
  const auto it = m.find(p.stem().string());
  return it == m.end() ? "" : it->second;
}

namespace {

// yosys: every hw/*.v without its checks (SYNTHESIS; the file of module
// `replaced` read from `replacement` instead), `module` at `params`,
// flattened (a module's submodules are mutated with it, unless own_cells:
// then the selection of listMutations leaves their cells out).
std::string elaborate(const std::string& module, const MutationTarget::Params& params,
                      const std::string& root, const std::string& replaced = "",
                      const std::string& replacement = "") {
  std::string s = "read_verilog -DSYNTHESIS -I" + root + "/hw/include";
  std::vector<std::string> files;
  for (const fs::directory_entry& e : fs::directory_iterator(fs::path(root) / "hw")) {
    if (e.path().extension() != ".v") continue;
    files.push_back(e.path().stem() == replaced ? replacement : e.path().string());
  }
  std::sort(files.begin(), files.end());
  for (const std::string& f : files) s += " " + f;
  s += "; ";
  if (!params.empty()) {
    s += "chparam";
    for (const auto& [k, v] : params) s += " -set " + k + " " + v;
    s += " " + module + "; ";
  }
  return s + "prep -top " + module + "; flatten; ";
}

std::string elaborate(const MutationTarget& t, const std::string& root) {
  return elaborate(t.module, t.params, root);
}

// Runs yosys in the target's folder (elaborate_in).
void yosys(const MutationTarget& t, const std::string& root, const std::string& script,
           const std::string& log, const std::string& what) {
  runLogged({"yosys", "-q", "-p", script}, log, what,
            t.elaborate_in.empty() ? "" : root + "/" + t.elaborate_in, true);
}

// The shim: the original's header (output reg -> output wire), the mutant at
// the target's parameters, the original elsewhere. Ports inside `ifdef FORMAL
// (proof-only outputs) are the original's alone; the mutant drives them 0.
// poison: at the target's parameters the original with every output inverted
// instead of the mutant (writePoison).
std::string shim(const MutationTarget& t, const std::string& original, bool poison = false) {
  const std::regex head("module " + t.module + "\\b[\\s\\S]*?\\n\\);");
  std::smatch m;
  if (!std::regex_search(original, m, head))
    throw Error("mutation: cannot find the header of module " + t.module);
  std::string header =
      std::regex_replace(m.str(), std::regex("output(\\s+)reg\\b"), "output$1wire");
  std::vector<std::string> params, ports, formal_ports;
  std::vector<std::pair<std::string, std::string>> outputs;  // name, range
  std::set<std::string> output_names;
  const std::regex param(
      "parameter\\s+(?:integer\\s+|signed\\s+)?(?:\\[[^\\]]*\\]\\s*)?(\\w+)\\s*=");
  for (std::sregex_iterator i(header.begin(), header.end(), param), end; i != end; ++i)
    params.push_back((*i)[1].str());
  const std::regex port(
      "^\\s*,?\\s*(input|output)\\s+(?:wire\\s+)?(?:signed\\s+)?(\\[[^\\]]*\\]\\s*)?(\\w+)");
  std::istringstream lines(header);
  bool formal = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.find("`ifdef FORMAL") != std::string::npos) formal = true;
    if (line.find("`endif") != std::string::npos) formal = false;
    std::smatch pm;
    if (std::regex_search(line, pm, port)) {
      if (formal) {
        if (pm[1] == "input") throw Error("mutation: a proof-only input in " + t.module);
        formal_ports.push_back(pm[3].str());
      } else {
        ports.push_back(pm[3].str());
        if (pm[1] == "output") {
          outputs.emplace_back(pm[3].str(), pm[2].str());
          output_names.insert(pm[3].str());
        }
      }
    }
  }
  // .port(port), or .port(prefix + port) for the ports in `renamed`
  auto connect = [](const std::vector<std::string>& v, const std::string& prefix = "",
                    const std::set<std::string>& renamed = {}) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i)
      s += (i ? ", ." : ".") + v[i] + "(" + (renamed.count(v[i]) ? prefix : "") + v[i] + ")";
    return s;
  };
  std::string cond;
  for (const auto& [k, v] : t.params) cond += (cond.empty() ? "" : " && ") + k + " == (" + v + ")";
  if (cond.empty()) cond = "1";
  const std::string orig_params = connect(params);  // .P(P) for every parameter
  std::string o = "// the " + std::string(poison ? "poison (every output inverted)" : "mutant") +
                  " at " + cond + ", the original elsewhere\n" + header + "\n";
  o += "  generate\n    if (" + cond + ") begin : g_mut\n";
  if (poison) {
    for (const auto& [name, range] : outputs)
      o += "      wire " + range + "poison_" + name + ";\n      assign " + name + " = ~poison_" +
           name + ";\n";
    o += "      " + t.module + "__orig #(" + orig_params + ") u_poison (" +
         connect(ports, "poison_", output_names) + ");\n";
  } else {
    o += "      " + t.module + "__mut u_mut (" + connect(ports) + ");\n";
  }
  if (!formal_ports.empty()) {
    o += "`ifdef FORMAL\n";
    for (const std::string& p : formal_ports) o += "      assign " + p + " = 0;\n";
    o += "`endif\n";
  }
  o += "    end else begin : g_orig\n      " + t.module + "__orig #(" + orig_params + ") u_orig (" +
       connect(ports);
  if (!formal_ports.empty())
    o += "\n`ifdef FORMAL\n        , " + connect(formal_ports) + "\n`endif\n";
  o += ");\n    end\n  endgenerate\nendmodule\n";
  return o;
}

// The original module renamed <module>__orig.
std::string renamedOriginal(const MutationTarget& t, const std::string& original) {
  return std::regex_replace(original, std::regex("module " + t.module + "\\b"),
                            "module " + t.module + "__orig",
                            std::regex_constants::format_first_only);
}

}  // namespace

std::vector<std::string> listMutations(const MutationTarget& t, const std::string& root,
                                       const std::string& work, int n, int seed) {
  fs::create_directories(work);
  const std::string list = work + "/list.txt";
  // own_cells: the module's cells but those flattened from its submodules
  const std::string selection =
      t.own_cells ? t.module + "/c:* " + t.module + "/c:$flatten* %d" : t.module;
  yosys(t, root,
        elaborate(t, root) + "mutate -list " + std::to_string(n) + " -seed " +
            std::to_string(seed) + " -o " + list + " " + selection,
        work + "/list.log", "yosys mutate -list on " + t.module);
  std::vector<std::string> v;
  std::istringstream in(readFile(list));
  for (std::string line; std::getline(in, line);)
    if (line.rfind("mutate ", 0) == 0) v.push_back(line);
  return v;
}

void writeMutant(const MutationTarget& t, const std::string& root, const std::string& work,
                 const std::string& mutation, const std::string& out) {
  fs::create_directories(work);
  const std::string net = work + "/netlist.v";
  yosys(t, root,
        elaborate(t, root) + mutation + (mutation.empty() ? "" : "; ") + "rename " + t.module +
            " " + t.module + "__mut; write_verilog -noattr " + net,
        work + "/mutant.log", "yosys (a mutant of " + t.module + ")");
  const std::string original = readFile(root + "/hw/" + t.module + ".v");
  std::ofstream o(out);
  o << renamedOriginal(t, original) << "\n" << readFile(net) << "\n" << shim(t, original);
  if (!o) throw Error("cannot write " + out);
}

void writePoison(const MutationTarget& t, const std::string& root, const std::string& out) {
  const std::string original = readFile(root + "/hw/" + t.module + ".v");
  std::ofstream o(out);
  o << renamedOriginal(t, original) << "\n" << shim(t, original, true);
  if (!o) throw Error("cannot write " + out);
}

namespace {

// Steps of the outputs-only proofs, and of the proofs that match registers
// (first one step, then more).
constexpr int kOutputSteps = 24;
constexpr int kMatchSteps = 8;

// Runs a yosys script, its output into `log`; true if it exits 0 within
// kProofSeconds (a proof that takes longer shows nothing). *out, if given,
// receives its stdout.
constexpr const char* kProofSeconds = "300";
bool yosysOk(const std::string& script, const std::string& log, std::string* out = nullptr) {
  RunOptions o;
  o.capture_stdout = true;
  o.capture_stderr = true;
  const RunResult r = runProcess({"timeout", kProofSeconds, "yosys", "-p", script}, o);
  std::ofstream(log) << r.out << r.err;
  if (out != nullptr) *out = r.out;
  return r.ok();
}

// The output ports of the module in an RTLIL file.
std::set<std::string> outputsOf(const std::string& il) {
  std::set<std::string> v;
  const std::string text = readFile(il);
  const std::regex wire("(?:^|\\n)\\s*wire\\b[^\\n]*\\boutput\\s+\\d+\\s+\\\\(\\S+)");
  for (std::sregex_iterator i(text.begin(), text.end(), wire), end; i != end; ++i)
    v.insert((*i)[1].str());
  return v;
}

// The induction that matches registers (docs/developer.md "Mutation
// testing"): yosys equiv_make pairs the same-named signals of the two
// netlists (every bit its own, splitnets), equiv_induct shows that if every
// pair agreed for `steps` steps they agree in the next; a pair it cannot
// show is unpaired (equiv_make -blacklist) and the induction runs again, until
// it holds for every pair left. A pair on an output that must be unpaired, or
// a set of pairs that cannot agree at all, ends it: not shown. Then the base
// case: from a reset in the first step, every register starting undefined,
// every pair left agrees (where the original's bit is defined) for `steps`
// steps.
bool pairedProof(const std::string& work, const std::string& gold, const std::string& gate,
                 int steps) {
  const std::string tag = work + "/paired" + std::to_string(steps);
  const std::set<std::string> outputs = outputsOf(gold);
  const std::string list = tag + "-unpaired.txt";
  const std::string pair = "read_rtlil " + gold + "; read_rtlil " + gate +
                           "; async2sync; dffunmap; splitnets; equiv_make -blacklist " + list +
                           " gold gate equiv; hierarchy -top equiv; ";
  std::set<std::string> unpaired;
  const std::regex failed("Trying to prove \\$equiv for \\\\?(\\S+)( \\[\\d+\\])?: failed");
  for (int round = 0;; ++round) {
    {
      std::ofstream l(list);
      for (const std::string& s : unpaired) l << s << "\n";
    }
    std::string out;
    if (!yosysOk(pair + "equiv_induct -seq " + std::to_string(steps),
                 tag + "-" + std::to_string(round) + ".log", &out))
      return false;
    if (out.find("inherently diverges") != std::string::npos) return false;
    size_t before = unpaired.size();
    bool on_output = false;
    for (std::sregex_iterator i(out.begin(), out.end(), failed), end; i != end; ++i) {
      const std::string name = (*i)[1].str();
      // an unsplit bit (" [3]") is a port's; a split one ("q[3]") is internal
      if ((*i)[2].matched || outputs.count(name) != 0) on_output = true;
      unpaired.insert(name);
    }
    if (on_output) return false;
    if (unpaired.size() == before) break;  // every pair left is shown
  }
  return yosysOk(pair +
                     "equiv_miter -trigger -undef miter; hierarchy -top miter; sat -verify "
                     "-enable_undef -set-init-undef -set-def-inputs -set-at 1 rst_ni 0 -seq " +
                     std::to_string(steps) + " -prove trigger 0 miter",
                 tag + "-base.log");
}

// yosys: `script` (an elaboration of `top`), memories as flip-flops (sat
// takes no memory cells), renamed `name`: work/name.{v,il}.
void writeNetlist(const MutationTarget& t, const std::string& root, const std::string& work,
                  const std::string& script, const std::string& top, const std::string& name) {
  fs::create_directories(work);
  const std::string out = work + "/" + name;
  yosys(t, root,
        script + "memory -nomap; memory_map; opt_clean; rename " + top + " " + name +
            "; write_verilog -noattr " + out + ".v; write_rtlil " + out + ".il",
        out + ".log", "yosys (" + name + ": " + t.module + " in " + top + ")");
}

// The original as gold, the mutant as gate, the mutation applied to the
// module's elaborated netlist.
void writeNetlists(const MutationTarget& t, const std::string& root, const std::string& work,
                   const std::string& mutation) {
  writeNetlist(t, root, work, elaborate(t, root), t.module, "gold");
  writeNetlist(t, root, work, elaborate(t, root) + mutation + (mutation.empty() ? "" : "; "),
               t.module, "gate");
}

}  // namespace

bool pairedEquivalent(const MutationTarget& t, const std::string& root, const std::string& work,
                      const std::string& mutation) {
  writeNetlists(t, root, work, mutation);
  return pairedProof(work, work + "/gold.il", work + "/gate.il", 1) ||
         pairedProof(work, work + "/gold.il", work + "/gate.il", kMatchSteps);
}

namespace {

// An RTLIL netlist with its module's name and yosys's name counter left out.
std::string anonymous(const std::string& il, const std::string& name) {
  std::string s = std::regex_replace(readFile(il), std::regex("(^|\\n)autoidx \\d+\\n"), "$1");
  return std::regex_replace(s, std::regex("(^|\\n)module \\\\" + name + "\\n"), "$1module\\n");
}

}  // namespace

namespace {

bool sameNetlists(const std::string& work) {
  return anonymous(work + "/gold.il", "gold") == anonymous(work + "/gate.il", "gate");
}

// work/{gold,gate}.il with the registers that keep their reset value
// replaced by it (work/held/{gold,gate}.il), each netlist on its own: yosys
// opt_dff -sat takes a register bit as constant when its next value is its
// reset value whenever it holds it, every other signal free, and `opt -fast`
// repeats that while bits become constants (a count's high bit first, then
// the bits below it). Undefined constants and undriven nets become free
// inputs first ($anyseq), so that the proof, which reasons in two values,
// covers every value they may take. A bit so found holds its reset value in
// every state reachable from a reset; the nets nothing reads then are removed
// (opt_clean -purge: a table's comparison whose result a constant masks).
// true if both are then the same netlist.
bool heldSame(const std::string& work) {
  fs::remove_all(work + "/held");  // no netlist of an earlier run
  fs::create_directories(work + "/held");
  for (const char* name : {"gold", "gate"})
    if (!yosysOk("read_rtlil " + work + "/" + name +
                     ".il; setundef -undriven -anyseq; opt -fast "
                     "-sat; opt_clean -purge; write_rtlil " +
                     work + "/held/" + name + ".il",
                 work + "/held/" + name + ".log"))
      return false;
  return sameNetlists(work + "/held");
}

// heldSame's two netlists (work/held), if both were written, shown
// equivalent by the pairing induction over one step.
bool heldPaired(const std::string& work) {
  const std::string held = work + "/held";
  if (!fs::exists(held + "/gold.il") || !fs::exists(held + "/gate.il")) return false;
  return pairedProof(held, held + "/gold.il", held + "/gate.il", 1);
}

// The stages of mutantEquivalent after the first, on work/{gold,gate}: the
// name of the one that shows the two equivalent, or "".
std::string netlistsEquivalent(const std::string& work) {
  const std::string gold = work + "/gold", gate = work + "/gate";
  // Where the mutation changes only what registers stuck at their reset
  // value make constant (a VC that never holds a flit): cheap
  if (heldSame(work)) return "registers held at reset, then the same netlist";
  // The pairing over one step on those two: where the mutation changes a net
  // the held constants mask but which still drives logic (a continuation
  // compare of a port whose requests REQ_OK leaves out). Sound: from a reset
  // each held netlist behaves as its netlist, and the pairing's base case
  // starts there.
  if (heldPaired(work)) return "registers held at reset, then paired induction, 1 step";
  // The pairing induction over one step first: cheap where the mutation
  // leaves the netlist's registers as they were (a router's)
  if (pairedProof(work, gold + ".il", gate + ".il", 1)) return "paired induction, 1 step";
  const std::string miter =
      "read_verilog " + gold + ".v " + gate +
      ".v; proc; opt_clean; miter -equiv -ignore_gold_x -flatten -make_assert "
      "gold gate miter; hierarchy -top miter; async2sync; dffunmap; ";
  const std::string steps = std::to_string(kOutputSteps);
  // The base case: every register of both starts undefined (x), rst_ni is low
  // in the first step, and for 24 steps the mutant's outputs equal the
  // original's wherever those are defined; a mutant that takes a register's
  // reset away leaves it x where the original's is defined and fails here.
  // The induction: from any defined state, with no reset forced, 24 steps of
  // equal outputs imply the next; where it does not close (state the outputs
  // do not show), the induction that pairs registers by name over more steps.
  if (!yosysOk(miter +
                   "sat -verify -prove-asserts -enable_undef -set-init-undef -set-def-inputs "
                   "-set-at 1 in_rst_ni 0 -tempinduct-baseonly -maxsteps " +
                   steps + " miter",
               work + "/base.log"))
    return "";
  if (yosysOk(miter +
                  "sat -verify -prove-asserts -set-def-inputs -tempinduct "
                  "-tempinduct-inductonly -tempinduct-def -maxsteps " +
                  steps + " miter",
              work + "/induction.log"))
    return "outputs, 24 steps";
  if (pairedProof(work, gold + ".il", gate + ".il", kMatchSteps))
    return "outputs' base case, paired induction, 8 steps";
  return "";
}

}  // namespace

std::string equivalentIn(const MutationTarget& t, const MutationContext& c, const std::string& root,
                         const std::string& work, const std::string& mutation) {
  fs::create_directories(work + "/shim");
  const std::string file = work + "/shim/" + t.module + ".v";
  // The shim is write_verilog's netlist, whose nets it names _0123_ (public
  // names, numbered apart in the unmutated netlist and the mutant): made
  // private, so that the pairing does not match two different nets by them
  // (yosys's patterns have no character ranges: [0-9] is '0', '-' or '9').
  const std::string script =
      elaborate(c.module, c.params, root, t.module, file) + "rename -hide w:*._[0123456789]*_; ";
  writeMutant(t, root, work + "/control", "", file);
  writeNetlist(t, root, work, script, c.module, "gold");
  writeMutant(t, root, work + "/mutant", mutation, file);
  writeNetlist(t, root, work, script, c.module, "gate");
  if (sameNetlists(work)) return "unread";
  return netlistsEquivalent(work);
}

bool mutationUnread(const MutationTarget& t, const std::string& root, const std::string& work,
                    const std::string& mutation) {
  writeNetlists(t, root, work, mutation);
  return sameNetlists(work);
}

bool mutationUnreadOnceHeld(const MutationTarget& t, const std::string& root,
                            const std::string& work, const std::string& mutation) {
  writeNetlists(t, root, work, mutation);
  return heldSame(work);
}

bool pairedEquivalentOnceHeld(const MutationTarget& t, const std::string& root,
                              const std::string& work, const std::string& mutation) {
  writeNetlists(t, root, work, mutation);
  return !heldSame(work) && heldPaired(work);
}

bool mutantEquivalent(const MutationTarget& t, const std::string& root, const std::string& work,
                      const std::string& mutation, std::string* how) {
  // the module alone first: equivalent there, equivalent in any context
  std::string shown = mutationUnread(t, root, work, mutation) ? "unread" : netlistsEquivalent(work);
  if (shown.empty() && !t.contexts.empty()) {
    for (const MutationContext& c : t.contexts) {
      const std::string in = equivalentIn(t, c, root, work + "/in-" + c.module, mutation);
      if (in.empty()) {
        shown.clear();
        break;
      }
      shown += (shown.empty() ? "" : "; ") + ("in " + c.module + ": " + in);
    }
  }
  if (how != nullptr) *how = shown;
  std::ofstream(work + "/shown-by.txt") << (shown.empty() ? "not shown" : shown) << "\n";
  return !shown.empty();
}

}  // namespace tools
}  // namespace hypercast
