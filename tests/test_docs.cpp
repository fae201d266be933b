// The documentation as a newcomer meets it: a README under 250 lines, every
// relative link of README.md and docs/*.md reaching a file and, with #anchor, a
// heading of that file (GitHub's anchors: lower case, punctuation dropped,
// spaces as '-'); no tracker issue numbers in README.md or docs/; no code
// comment citing a README section (the specifications live in docs/); and
// what the docs say of a command (a table's command, an option's values) is
// what the tool and the benchmarks do.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "../bench/synth_node_cases.h"
#include "test_util.h"

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = HC_SOURCE_DIR;

std::vector<fs::path> docFiles() {
  std::vector<fs::path> out = {kRoot / "README.md"};
  for (const auto& e : fs::directory_iterator(kRoot / "docs")) {
    if (e.path().extension() == ".md") out.push_back(e.path());
  }
  return out;
}

// GitHub's anchor of a heading's text.
std::string anchorOf(const std::string& heading) {
  std::string out;
  for (unsigned char c : heading) {
    if (std::isalnum(c) || c == '-' || c == '_') {
      out += static_cast<char>(std::tolower(c));
    } else if (c == ' ') {
      out += '-';
    } else if (c >= 0x80) {
      out += static_cast<char>(c);
    }
  }
  return out;
}

// The anchors of a Markdown file's headings (outside code blocks).
std::set<std::string> anchorsOf(const fs::path& md) {
  std::set<std::string> out;
  std::istringstream in(hctest::slurp(md.string()));
  bool code = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0) code = !code;
    if (code || line.empty() || line[0] != '#') continue;
    const size_t text = line.find_first_not_of('#');
    if (text == std::string::npos || line[text] != ' ') continue;
    std::string a = anchorOf(line.substr(text + 1));
    std::string unique = a;
    for (int n = 1; out.count(unique); ++n) unique = a + "-" + std::to_string(n);
    out.insert(unique);
  }
  return out;
}

}  // namespace

TEST(Docs, ReadmeIsShort) {
  std::istringstream in(hctest::slurp((kRoot / "README.md").string()));
  int lines = 0;
  for (std::string l; std::getline(in, l);) ++lines;
  EXPECT_GT(lines, 50);
  EXPECT_LT(lines, 250);
}

// The mesh the docs promise is the mesh --dims takes: 2-D and 3-D, no other
// number of dimensions (the paper's d-D construction is not built).
TEST(Docs, MeshDimensionsAreWhatDimsTakes) {
  const std::string readme = hctest::slurp((kRoot / "README.md").string());
  const size_t row = readme.find("| wormhole mesh |");
  ASSERT_NE(row, std::string::npos);
  const std::string line = readme.substr(row, readme.find('\n', row) - row);
  EXPECT_NE(line.find("2-D or 3-D"), std::string::npos) << line;
  EXPECT_EQ(line.find("d-D"), std::string::npos) << line;
  const std::string algorithms = hctest::slurp((kRoot / "docs" / "algorithms.md").string());
  EXPECT_NE(algorithms.find("hypercast builds 2-D and 3-D meshes"), std::string::npos);
  EXPECT_EQ(algorithms.find("3-D, any d)"), std::string::npos);
  for (const char* dims : {"4,4", "4,4,4"}) {
    EXPECT_EQ(hctest::run(hctest::hypercast() + " info --topology mesh --dims " + dims).code, 0);
  }
  for (const char* dims : {"4", "2,2,2,2"}) {
    const auto r = hctest::run(hctest::hypercast() + " info --topology mesh --dims " + dims);
    EXPECT_EQ(r.code, 2) << dims;
    EXPECT_NE(r.err.find("2-D or 3-D"), std::string::npos) << r.err;
  }
  // results.md's table of per-source TCDs, whose command is `tcd --dims
  // X,Y[,Z]`, has 2-D and 3-D meshes only.
  const std::string results = hctest::slurp((kRoot / "docs" / "results.md").string());
  const size_t from = results.find("\n## Mesh broadcast\n");
  ASSERT_NE(from, std::string::npos);
  std::istringstream table(results.substr(from, results.find("\n## ", from + 1) - from));
  int rows = 0;
  for (std::string table_line; std::getline(table, table_line);) {
    static const std::regex table_row(R"(^\| ([0-9]+(x[0-9]+)*) \|)");
    std::smatch m;
    if (!std::regex_search(table_line, m, table_row)) continue;
    ++rows;
    const std::string mesh = m[1];
    const auto sides = std::count(mesh.begin(), mesh.end(), 'x') + 1;
    EXPECT_TRUE(sides == 2 || sides == 3) << table_line;
  }
  EXPECT_GE(rows, 8);
}

TEST(Docs, EveryRelativeLinkReachesAFileAndAHeading) {
  const std::regex link(R"(\]\(([^)#:\s]*)(#[^)\s]*)?\))");
  int checked = 0;
  for (const fs::path& md : docFiles()) {
    const std::string text = hctest::slurp(md.string());
    for (auto it = std::sregex_iterator(text.begin(), text.end(), link);
         it != std::sregex_iterator(); ++it) {
      const std::string target = (*it)[1], anchor = (*it)[2];
      const fs::path file = target.empty() ? md : md.parent_path() / target;
      ++checked;
      ASSERT_TRUE(fs::exists(file)) << md.filename() << ": " << it->str();
      if (anchor.size() > 1 && file.extension() == ".md") {
        EXPECT_TRUE(anchorsOf(file).count(anchor.substr(1)))
            << md.filename() << ": " << it->str() << " names no heading of " << file.filename();
      }
    }
  }
  EXPECT_GT(checked, 20);
}

TEST(Docs, NoTrackerIssueNumbers) {
  const std::regex issue(R"(\b[Ii]ssues? #?[0-9]+)");
  for (const fs::path& md : docFiles()) {
    std::istringstream in(hctest::slurp(md.string()));
    int n = 0;
    for (std::string line; std::getline(in, line);) {
      ++n;
      EXPECT_FALSE(std::regex_search(line, issue)) << md.filename() << ":" << n << ": " << line;
    }
  }
}

TEST(Docs, CodeCitesDocsNotReadmeSections) {
  int files = 0;
  for (const char* dir : {"gen", "tb", "model", "hw", "tests", "bench", "fuzz"}) {
    for (const auto& e : fs::recursive_directory_iterator(kRoot / dir)) {
      const std::string ext = e.path().extension().string();
      if (!e.is_regular_file() || (ext != ".cpp" && ext != ".h" && ext != ".v" && ext != ".sv"))
        continue;
      if (e.path().filename() == "test_docs.cpp") continue;
      ++files;
      std::istringstream in(hctest::slurp(e.path().string()));
      int n = 0;
      for (std::string line; std::getline(in, line);) {
        ++n;
        EXPECT_EQ(line.find("README"), std::string::npos)
            << fs::relative(e.path(), kRoot).string() << ":" << n << ": " << line;
      }
    }
  }
  EXPECT_GT(files, 100);
}

// The export section says of -o what the tool does: missing parent folders
// are made (as for every output file), not refused.
TEST(Docs, ExportMakesMissingFoldersAsTheGuideSays) {
  const std::string guide = hctest::slurp((kRoot / "docs" / "user-guide.md").string());
  const size_t from = guide.find("\n## export\n");
  ASSERT_NE(from, std::string::npos);
  const std::string section = guide.substr(from, guide.find("\n## ", from + 1) - from);
  EXPECT_EQ(section.find("a missing folder"), std::string::npos);
  EXPECT_NE(section.find("missing parent folders of `-o` are made"), std::string::npos);
  const std::string t = hctest::tempFolder("docs-export");
  const std::string out = t + "/new/sub/b.xml";
  const auto r = hctest::run(hctest::hypercast() +
                             " export --topology hypercube --dim 2 --collective broadcast"
                             " --format msccl-xml -o " +
                             out);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(fs::is_regular_file(out));
  fs::remove_all(t);
}

// --rtl-model has one name for the per-node model of every kind of network:
// no command in the docs uses an old per-kind name (the tool refuses them).
TEST(Docs, RtlModelValuesAreTheToolsOwn) {
  const std::regex value(R"(--rtl-model[ =]([a-z|]+))");
  int uses = 0;
  for (const fs::path& md : docFiles()) {
    const std::string text = hctest::slurp(md.string());
    for (auto it = std::sregex_iterator(text.begin(), text.end(), value);
         it != std::sregex_iterator(); ++it) {
      ++uses;
      std::istringstream values((*it)[1].str());
      for (std::string v; std::getline(values, v, '|');) {
        EXPECT_TRUE(v == "auto" || v == "network" || v == "wired")
            << md.filename() << ": " << it->str();
      }
    }
  }
  EXPECT_GT(uses, 10);
}

// `hc-bench synth-nodes` measures every row of results.md's networks-of-nodes
// tables (the comparison of mappings aside, which switches the mapping by
// hand): each row's `synth` options are a case of bench/synth_node_cases.h,
// at the seeds the row or its table's command names.
TEST(Docs, SynthNodesBenchCoversEveryTabledNetwork) {
  const std::string results = hctest::slurp((kRoot / "docs" / "results.md").string());
  const size_t from = results.find("\n## Networks of nodes on an iCE40\n");
  ASSERT_NE(from, std::string::npos);
  const size_t to = results.find("**ABC9 on the networks of nodes.**", from);
  ASSERT_NE(to, std::string::npos);
  std::istringstream section(results.substr(from, to - from));
  const std::regex options(R"(`(--topology [^`]*)`)");
  const std::regex pnr_seeds(R"(--pnr-seeds ([0-9]+-[0-9]+))");
  const std::regex row_seeds(R"(seeds ([0-9]+-[0-9]+))");
  std::string table_seeds;  // the last --pnr-seeds S-T of the prose before a table
  int rows = 0;
  for (std::string line; std::getline(section, line);) {
    std::smatch m;
    if (line.rfind("| ", 0) != 0) {
      if (std::regex_search(line, m, pnr_seeds)) table_seeds = m[1];
      continue;
    }
    const std::string cell = line.substr(2, line.find(" | ", 2) - 2);
    if (!std::regex_search(cell, m, options)) continue;
    ++rows;
    std::string opts = m[1], seeds = table_seeds;
    if (std::regex_search(opts, m, pnr_seeds)) {
      seeds = m[1];
      opts = std::regex_replace(opts, std::regex(" --pnr-seeds [0-9-]+"), "");
    } else if (std::regex_search(cell, m, row_seeds)) {
      seeds = m[1];
    }
    const auto& cases = hypercast::bench::synthNodeCases();
    const auto c =
        std::find_if(cases.begin(), cases.end(), [&](const auto& k) { return k.options == opts; });
    ASSERT_NE(c, cases.end()) << "no synth-nodes case for " << opts;
    EXPECT_EQ(c->seeds, seeds) << opts;
  }
  EXPECT_GE(rows, 8);
}

// A `hypercast synth` command quoted in results.md runs as given: synth
// writes into a folder and refuses to start without --out DIR.
TEST(Docs, EverySynthCommandInResultsNamesItsFolder) {
  const std::string results = hctest::slurp((kRoot / "docs" / "results.md").string());
  const std::regex synth(R"(`(build/bin/)?hypercast\s+synth\s[^`]*`)");
  int commands = 0;
  for (auto it = std::sregex_iterator(results.begin(), results.end(), synth);
       it != std::sregex_iterator(); ++it) {
    ++commands;
    EXPECT_TRUE(std::regex_search(it->str(), std::regex(R"(--out\s)"))) << it->str();
  }
  EXPECT_GT(commands, 10);
}

// The torus section of the guide says what `schedule` does with an even k:
// the paper's constructions refuse it, the default takes Faber's universal
// broadcast (MT(n,k) is an abelian Cayley graph), which reaches Thm 4.5's
// ceil((P-1)/d) on MT(2,4): P = 16 nodes, d = 2n = 4 generators.
TEST(Docs, EvenTorusKAsTheGuideSays) {
  const std::string guide = std::regex_replace(
      hctest::slurp((kRoot / "docs" / "user-guide.md").string()), std::regex(R"(\s+)"), " ");
  EXPECT_EQ(guide.find("an even k is refused in one line"), std::string::npos);
  const int n = 2, k = 4, p = k * k, d = 2 * n;
  const int thm45 = (p - 1 + d - 1) / d;
  EXPECT_NE(guide.find("MT(2,4)'s multinode broadcast takes " + std::to_string(thm45) +
                       " steps, Thm 4.5's ceil((P-1)/d) = ceil(15/4)"),
            std::string::npos);
  const std::string hc = hctest::hypercast() + " schedule --topology torus --n 2 --k 4 ";
  const auto fallback = hctest::run(hc + "--collective multinode-broadcast --json");
  ASSERT_EQ(fallback.code, 0) << fallback.err;
  const nlohmann::json j = hctest::parseJson(fallback.out);
  EXPECT_EQ(j.at("construction"), "regular-order");
  EXPECT_EQ(j.at("figures").at("steps"), thm45);
  EXPECT_EQ(j.at("figures").at("lower_bound").at("steps"), thm45);
  EXPECT_EQ(j.at("optimal"), true);
  for (const char* refused : {"--collective multinode-broadcast --construction paper",
                              "--collective total-exchange --construction extension",
                              "--collective scatter", "--collective total-exchange --messages 2"}) {
    const auto r = hctest::run(hc + refused);
    EXPECT_EQ(r.code, 2) << refused;
    EXPECT_NE(r.err.find("needs odd k"), std::string::npos) << r.err;
  }
}

namespace {

// One parameter of a hw/ module's header, its one-line description the
// comment at the end of its line or, failing that, the comment lines just
// above it.
struct HwParam {
  std::string module, name, value, meaning;
};

std::string trimmed(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// The parameters of every hw/*.v module's #( ... ) list, in file and list
// order; a parameter without a description has an empty meaning.
std::vector<HwParam> hwParameters(const fs::path& hw) {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(hw))
    if (e.path().extension() == ".v") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<HwParam> out;
  for (const fs::path& f : files) {
    std::istringstream in(hctest::slurp(f.string()));
    std::string module, pending;
    bool header = false;
    for (std::string line; std::getline(in, line);) {
      if (!header) {
        if (line.rfind("module ", 0) == 0 && line.find("#(") != std::string::npos) {
          module = trimmed(line.substr(7, line.find("#(") - 7));
          header = true;
          pending.clear();
        }
        continue;
      }
      if (line.rfind(")", 0) == 0) break;
      const std::string t = trimmed(line);
      if (t.rfind("//", 0) == 0) {
        pending += (pending.empty() ? "" : " ") + trimmed(t.substr(2));
        continue;
      }
      const size_t kw = t.find("parameter ");
      const size_t eq = t.find('=');
      if (kw != 0 || eq == std::string::npos) {
        pending.clear();
        continue;
      }
      const size_t slash = t.find("//", eq);
      std::string lhs = trimmed(t.substr(0, eq));
      HwParam p;
      p.module = module;
      p.name = lhs.substr(lhs.find_last_of(" ]") + 1);
      p.value = trimmed(
          t.substr(eq + 1, slash == std::string::npos ? std::string::npos : slash - eq - 1));
      if (!p.value.empty() && p.value.back() == ',')
        p.value = trimmed(p.value.substr(0, p.value.size() - 1));
      p.meaning = slash == std::string::npos ? pending : trimmed(t.substr(slash + 2));
      pending.clear();
      out.push_back(p);
    }
  }
  return out;
}

// docs/hw-parameters.md as the RTL headers make it.
std::string parameterTable(const std::vector<HwParam>& params) {
  std::ostringstream os;
  os << "# RTL module parameters\n\n"
     << "Every parameter of every `hw/*.v` module, its default and its one-line\n"
     << "description, as the module's header states them. Generated from `hw/`:\n"
     << "`test_docs` (`Docs.HwParametersHaveTheirLineAndTable`) fails when this\n"
     << "file and the headers differ; `HC_WRITE_DOCS=1 build/bin/test_docs\n"
     << "--gtest_filter=Docs.HwParametersHaveTheirLineAndTable` writes it anew.\n"
     << "The modules themselves are in [hardware.md](hardware.md).\n";
  std::string module;
  for (const HwParam& p : params) {
    if (p.module != module) {
      module = p.module;
      os << "\n## " << module << "\n\n| parameter | default | meaning |\n|---|---|---|\n";
    }
    os << "| `" << p.name << "` | `" << p.value << "` | " << p.meaning << " |\n";
  }
  return os.str();
}

}  // namespace

// Every hw/ module parameter has a one-line description in its header
// (FloonoC's style: the comment ending its line, or the one just above it),
// and docs/hw-parameters.md is the table made from those headers.
TEST(Docs, HwParametersHaveTheirLineAndTable) {
  const std::vector<HwParam> params = hwParameters(kRoot / "hw");
  ASSERT_GE(params.size(), 100u);
  for (const HwParam& p : params) {
    EXPECT_FALSE(p.meaning.empty())
        << p.module << "." << p.name << ": no one-line comment in the module header";
    EXPECT_EQ(p.meaning.find('|'), std::string::npos) << p.module << "." << p.name;
    EXPECT_EQ(p.value.find_first_of("|`"), std::string::npos) << p.module << "." << p.name;
  }
  const std::string want = parameterTable(params);
  const fs::path table = kRoot / "docs" / "hw-parameters.md";
  const char* write = std::getenv("HC_WRITE_DOCS");
  if (write != nullptr && std::string(write) == "1") std::ofstream(table) << want;
  EXPECT_EQ(hctest::slurp(table.string()), want)
      << "docs/hw-parameters.md is not the table of hw/'s headers: run HC_WRITE_DOCS=1 "
         "build/bin/test_docs --gtest_filter=Docs.HwParametersHaveTheirLineAndTable";
}

// hardware.md's proof table states each proof's induction depth and the steps
// within which each of its mutants is caught: those of formal/<proof>.fv, row
// for row, and every proof of formal/ has its row.
TEST(Docs, ProofTableIsTheProofFiles) {
  std::istringstream in(hctest::slurp((kRoot / "docs" / "hardware.md").string()));
  std::string line;
  while (std::getline(in, line) && line.rfind("| proof | top, parameters | k |", 0) != 0) {
  }
  ASSERT_FALSE(in.eof()) << "no proof table in docs/hardware.md";
  std::getline(in, line);  // |---|
  std::set<std::string> rows;
  const std::regex mutant_re("([A-Z0-9_]+) \\(([0-9]+)\\)");
  while (std::getline(in, line) && line.rfind("| `", 0) == 0) {
    std::vector<std::string> cells;
    std::stringstream ss(line.substr(1));
    for (std::string c; std::getline(ss, c, '|');) {
      const size_t a = c.find_first_not_of(' '), b = c.find_last_not_of(' ');
      cells.push_back(a == std::string::npos ? "" : c.substr(a, b - a + 1));
    }
    ASSERT_GE(cells.size(), 5u) << line;
    const std::string proof = cells[0].substr(1, cells[0].size() - 2);
    SCOPED_TRACE(proof);
    rows.insert(proof);
    const fs::path fv = kRoot / "formal" / (proof + ".fv");
    ASSERT_TRUE(fs::exists(fv));
    std::map<std::string, std::string> want;
    std::string depth;
    std::istringstream f(hctest::slurp(fv.string()));
    for (std::string l; std::getline(f, l);) {
      std::istringstream w(l);
      std::string key, name, steps;
      w >> key;
      if (key == "depth") w >> depth;
      if (key == "mutant" && (w >> name >> steps))
        want[name.substr(name.find("MUTANT_") + 7)] = steps;
    }
    EXPECT_EQ(cells[2], depth) << line;
    std::map<std::string, std::string> have;
    for (auto it = std::sregex_iterator(cells[4].begin(), cells[4].end(), mutant_re);
         it != std::sregex_iterator(); ++it) {
      have[(*it)[1]] = (*it)[2];
    }
    EXPECT_EQ(have, want) << line;
  }
  for (const auto& e : fs::directory_iterator(kRoot / "formal")) {
    if (e.path().extension() == ".fv") {
      EXPECT_TRUE(rows.count(e.path().stem().string())) << e.path().stem() << " has no row";
    }
  }
}
