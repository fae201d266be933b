#include "tools/formal_proof.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "tools/launcher.h"
#include "tools/mutation.h"
#include "util/error.h"
#include "util/parse_number.h"

namespace hypercast {
namespace tools {

namespace fs = std::filesystem;

namespace {

// A Verilog identifier of the kind the checks are named with.
bool isIdentifier(const std::string& w) {
  if (w.empty() || !(std::isalpha(static_cast<unsigned char>(w[0])) || w[0] == '_')) return false;
  for (const char c : w)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$')) return false;
  return true;
}

// The line up to a `//` comment (outside a string literal).
std::string codeOf(const std::string& line) {
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    if (quoted && line[i] == '\\') {
      ++i;
    } else if (line[i] == '"') {
      quoted = !quoted;
    } else if (!quoted && line.compare(i, 2, "//") == 0) {
      return line.substr(0, i);
    }
  }
  return line;
}

}  // namespace

std::string assertionNameAt(const std::string& text, int line) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(codeOf(l));
  if (line < 1 || static_cast<size_t>(line) > lines.size()) return "";
  for (int l = line; l >= 1; --l) {
    // the last invocation that starts on line l
    size_t open = std::string::npos;
    for (const char* macro :
         {"`HC_ASSERT(", "`HC_ASSUME(", "`HC_PARAM(", "`HC_COVER(", "`HC_ERR("}) {
      const size_t at = lines[l - 1].rfind(macro);
      if (at != std::string::npos && (open == std::string::npos || at > open))
        open = at + std::string(macro).size() - 1;
    }
    if (open == std::string::npos) continue;
    const std::string& first = lines[l - 1];
    size_t n = open + 1;
    while (n < first.size() && std::isspace(static_cast<unsigned char>(first[n]))) ++n;
    size_t end = n;
    while (end < first.size() && (std::isalnum(static_cast<unsigned char>(first[end])) ||
                                  first[end] == '_' || first[end] == '$'))
      ++end;
    const std::string name = first.substr(n, end - n);
    // the line its closing parenthesis is on (strings skipped)
    int depth = 0;
    bool quoted = false;
    for (int k = l; k <= static_cast<int>(lines.size()); ++k) {
      const std::string& t = lines[k - 1];
      for (size_t i = (k == l ? open : 0); i < t.size(); ++i) {
        if (quoted && t[i] == '\\') {
          ++i;
        } else if (t[i] == '"') {
          quoted = !quoted;
        } else if (!quoted && t[i] == '(') {
          ++depth;
        } else if (!quoted && t[i] == ')' && --depth == 0) {
          return k >= line && isIdentifier(name) ? name : std::string();
        }
      }
    }
    return "";
  }
  return "";
}

std::string assertionNameOf(const std::string& location) {
  const size_t bar = location.rfind('|');
  const std::string own = bar == std::string::npos ? location : location.substr(bar + 1);
  const size_t colon = own.rfind(':');
  if (colon == std::string::npos) return "";
  int line = 0;
  for (size_t i = colon + 1; i < own.size() && std::isdigit(static_cast<unsigned char>(own[i]));
       ++i) {
    if (line > 10000000) return "";
    line = line * 10 + (own[i] - '0');
  }
  return assertionNameAt(readFile(own.substr(0, colon)), line);
}

FormalProof parseFormalProof(const std::string& text, const std::string& name,
                             const std::string& origin) {
  FormalProof p;
  p.name = name;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  auto depthOf = [&](const std::string& word) {
    const std::string what = origin + ":" + std::to_string(number) + ": depth";
    const unsigned long long d = parseIndex(what, word, 1001);
    if (d == 0) throw Error(what + " must be at least 1");
    return static_cast<int>(d);
  };
  while (std::getline(in, line)) {
    ++number;
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string x; words >> x;) w.push_back(x);
    if (w.empty()) continue;
    const std::string at = origin + ":" + std::to_string(number) + ": ";
    if (w[0] == "top" && w.size() == 2) {
      p.top = w[1];
    } else if (w[0] == "file" && w.size() == 2) {
      p.files.push_back(w[1]);
    } else if (w[0] == "param" && w.size() == 3) {
      p.params.emplace_back(w[1], w[2]);
    } else if (w[0] == "depth" && w.size() == 2) {
      p.depth = depthOf(w[1]);
    } else if (w[0] == "fast" && w.size() == 2 && (w[1] == "0" || w[1] == "1")) {
      p.fast = w[1] == "1";
    } else if (w[0] == "induction" && w.size() == 2 && (w[1] == "0" || w[1] == "1")) {
      p.induction = w[1] == "1";
    } else if (w[0] == "flatten" && w.size() == 2 && (w[1] == "0" || w[1] == "1")) {
      p.flatten = w[1] == "1";
    } else if (w[0] == "cover" && w.size() >= 2) {
      p.cover = static_cast<int>(parseIndex(at + "cover", w[1], 1001));
      for (size_t i = 2; i < w.size(); ++i) {
        if (!isIdentifier(w[i]))
          throw Error(at + "cover: '" + oneLine(w[i]) + "' is no cover point's name");
        p.uncovered.push_back(w[i]);
      }
    } else if (w[0] == "mutant" && w.size() == 3) {
      throw Error(at + "mutant " + w[1] +
                  " names no assertion it must break (expected 'mutant DEFINE K ASSERTION...')");
    } else if (w[0] == "mutant" && w.size() > 3) {
      FormalMutant m{w[1], depthOf(w[2]), std::vector<std::string>(w.begin() + 3, w.end())};
      for (const std::string& a : m.asserts)
        if (!isIdentifier(a))
          throw Error(at + "mutant " + w[1] + ": '" + oneLine(a) + "' is no assertion name");
      p.mutants.push_back(m);
    } else {
      throw Error(at +
                  "expected 'top M', 'file F', 'param P V', 'depth K', 'fast 0|1', "
                  "'induction 0|1', 'flatten 0|1', 'cover K [NAME...]' or 'mutant "
                  "DEFINE K ASSERTION...', not '" +
                  oneLine(line) + "'");
    }
  }
  if (p.top.empty() || p.files.empty() || p.depth == 0)
    throw Error(origin + ": a proof needs a top, a file and a depth");
  return p;
}

std::vector<FormalProof> loadFormalProofs(const std::string& source_root) {
  std::vector<fs::path> paths;
  for (const fs::directory_entry& e : fs::directory_iterator(fs::path(source_root) / "formal"))
    if (e.path().extension() == ".fv") paths.push_back(e.path());
  std::sort(paths.begin(), paths.end());
  std::vector<FormalProof> proofs;
  for (const fs::path& path : paths) {
    const std::string text = readFile(path.string());
    proofs.push_back(parseFormalProof(text, path.stem().string(), path.string()));
  }
  return proofs;
}

namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The wires yosys's check found read but never driven, from its log.
std::vector<std::string> undrivenWires(const std::string& log) {
  static const std::regex undriven("Warning: Wire (.*) is used but has no driver\\.");
  std::vector<std::string> wires;
  std::istringstream in(readFile(log));
  std::smatch m;
  for (std::string line; std::getline(in, line);)
    if (std::regex_search(line, m, undriven) &&
        std::find(wires.begin(), wires.end(), m[1].str()) == wires.end())
      wires.push_back(m[1].str());
  return wires;
}

// yosys: the module with -formal, its parameters, async reset as a synchronous
// one, SMT-LIB 2 into work_dir/model.smt2. Returns that path. Flattened (by
// prep, before its checks), a (* hierconn *) wire of the top named u.x is
// connected to wire x of instance u; one that is not leaves the wires it
// drives undriven, and `check -assert` fails.
std::string writeModel(const FormalProof& p, const std::string& root, const std::string& work,
                       const std::vector<std::string>& defines) {
  fs::create_directories(work);
  std::string script = "read_verilog -formal -I" + root + "/hw/include";
  for (const std::string& d : defines) script += " -D" + d;
  for (const std::string& f : p.files) {
    // a replacement for a file of hw/ (HYPERCAST_HW_OVERRIDE, tools/mutation.h)
    const std::string replacement =
        f.rfind("hw/", 0) == 0 ? hwOverrideFor(f.substr(3)) : std::string();
    script += " " + (replacement.empty() ? root + "/" + f : replacement);
  }
  script += "; ";
  if (!p.params.empty()) {
    script += "chparam";
    for (const auto& [k, v] : p.params) script += " -set " + k + " " + v;
    script += " " + p.top + "; ";
  }
  const std::string model = work + "/model.smt2";
  script += "prep -top " + p.top + (p.flatten ? " -flatten; check -assert; " : "; ");
  script += "async2sync; dffunmap; write_smt2 -wires " + model;
  const std::string log = work + "/yosys.log";
  const std::string what = "yosys (formal model of " + p.top + ")";
  try {
    runLogged({"yosys", "-q", "-p", script}, log, what, "", true);
  } catch (const Error&) {
    const std::vector<std::string> wires =
        p.flatten ? undrivenWires(log) : std::vector<std::string>();
    if (wires.empty()) throw;
    std::string list;
    for (const std::string& w : wires) list += (list.empty() ? "" : ", ") + w;
    throw Error(p.name + ": a (* hierconn *) wire names no wire of its instance (read, never " +
                "driven: " + list + "); full log in " + log);
  }
  return model;
}

// The check's mode: the base case, the induction step, or the covers' reach.
enum class Mode { kBase, kInduction, kCover };

FormalCheck smtbmc(const std::string& model, int depth, Mode mode, const std::string& log) {
  std::vector<std::string> argv = {"yosys-smtbmc", "--unroll", "-s", "z3"};
  if (mode == Mode::kInduction) argv.push_back("-i");
  if (mode == Mode::kCover) argv.push_back("-c");
  argv.insert(argv.end(), {"-t", std::to_string(depth), model});
  RunOptions o;
  o.capture_stdout = true;
  o.capture_stderr = true;
  const RunResult r = runProcess(argv, o);
  FormalCheck c;
  const std::string& out = r.out;
  c.passed = r.ok() && out.find("Status: PASSED") != std::string::npos;
  static const std::regex failed("Assert failed in [^:]*: ([^ ]*)");
  static const std::regex unreached("Unreached cover statement at ([^ ]*)");
  for (std::sregex_iterator i(out.begin(), out.end(), mode == Mode::kCover ? unreached : failed),
       end;
       i != end; ++i)
    c.failed.push_back((*i)[1].str());
  for (const std::string& at : c.failed) c.names.push_back(assertionNameOf(at));
  if (!c.passed && c.failed.empty() && out.find("Status: FAILED") == std::string::npos) {
    // neither verdict: the run itself broke (a missing solver, a crash)
    std::ofstream(log) << out << r.err;
    throw Error("yosys-smtbmc failed (" + r.status() + "); its output is in " + log);
  }
  return c;
}

}  // namespace

FormalResult runFormalProof(const FormalProof& p, const std::string& root, const std::string& work,
                            const std::vector<std::string>& defines) {
  FormalResult r;
  const auto start = std::chrono::steady_clock::now();
  const std::string model = writeModel(p, root, work, defines);
  const double read = secondsSince(start);
  auto timed = [&](bool induction) {
    const auto t = std::chrono::steady_clock::now();
    FormalCheck c = smtbmc(model, p.depth, induction ? Mode::kInduction : Mode::kBase,
                           work + (induction ? "/induction.log" : "/base.log"));
    c.seconds = secondsSince(t) + read / 2;
    return c;
  };
  r.base = timed(false);
  if (p.induction) {
    r.induction = timed(true);
  } else {
    r.induction.passed = true;
  }
  r.cover.passed = true;
  if (p.cover > 0) {
    const auto t = std::chrono::steady_clock::now();
    r.cover = smtbmc(model, p.cover, Mode::kCover, work + "/cover.log");
    r.cover.seconds = secondsSince(t);
    // unreached, but allowed to be: every one a name the proof lists
    const bool allowed =
        !r.cover.failed.empty() &&
        std::all_of(r.cover.names.begin(), r.cover.names.end(), [&](const std::string& n) {
          return std::find(p.uncovered.begin(), p.uncovered.end(), n) != p.uncovered.end();
        });
    if (allowed) r.cover.passed = true;
  }
  return r;
}

FormalCheck runFormalBmc(const FormalProof& p, const std::string& root, const std::string& work,
                         const std::vector<std::string>& defines, int depth) {
  const auto start = std::chrono::steady_clock::now();
  const std::string model = writeModel(p, root, work, defines);
  FormalCheck c = smtbmc(model, depth, Mode::kBase, work + "/base.log");
  c.seconds = secondsSince(start);
  return c;
}

}  // namespace tools
}  // namespace hypercast
