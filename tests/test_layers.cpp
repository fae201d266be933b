// The layers of gen/ stay layered: every `#include "folder/..."` line of every
// .cpp and .h under gen/, bench/, fuzz/, tb/ and model/ makes an edge from the
// including folder to the included one, and the folder graph must
//  (a) have no edge into gen/cli from anything but gen/cli itself, except
//      fuzz/: fuzz/fuzz_args.cpp fuzzes the command-line parser itself;
//  (b) have no cycle between gen/ folders;
//  (c) follow the rank order, a folder including only folders of a lower rank:
//        util < topology < algorithm < checker, emit < sim < tools < flow < regress < cli
//      (checker and emit share a rank: neither includes the other).
// Outside gen/, nothing of gen/ includes bench/, fuzz/, tb/ or model/.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// Folder -> folder it includes -> one "file:line" that does, for messages.
using IncludeGraph = std::map<std::string, std::map<std::string, std::string>>;

const char* const kTrees[] = {"gen", "bench", "fuzz", "tb", "model"};

// "gen/cli" for a file under gen/cli/, "tb" for one under tb/.
std::string folderOf(const fs::path& relative) {
  auto it = relative.begin();
  const std::string top = it->string();
  if (top != "gen") return top;
  ++it;
  return "gen/" + it->string();
}

IncludeGraph readIncludeGraph(const fs::path& root) {
  std::set<std::string> gen_folders;
  for (const auto& e : fs::directory_iterator(root / "gen")) {
    if (e.is_directory()) gen_folders.insert(e.path().filename().string());
  }
  const std::regex include(R"(^\s*#\s*include\s+"([^"/]+)/)");
  IncludeGraph g;
  for (const char* tree : kTrees) {
    for (const auto& e : fs::recursive_directory_iterator(root / tree)) {
      const std::string ext = e.path().extension().string();
      if (!e.is_regular_file() || (ext != ".cpp" && ext != ".h")) continue;
      const fs::path rel = fs::relative(e.path(), root);
      const std::string from = folderOf(rel);
      std::ifstream f(e.path());
      std::string line;
      for (int n = 1; std::getline(f, line); ++n) {
        std::smatch m;
        if (!std::regex_search(line, m, include)) continue;
        const std::string dir = m[1];
        const std::string to = gen_folders.count(dir) ? "gen/" + dir : dir;
        if (to != from) g[from].emplace(to, rel.string() + ":" + std::to_string(n));
      }
    }
  }
  return g;
}

const IncludeGraph& graph() {
  static const IncludeGraph g = readIncludeGraph(HC_SOURCE_DIR);
  return g;
}

// Lower ranks first; a folder includes only folders of a lower rank.
const std::map<std::string, int>& ranks() {
  static const std::map<std::string, int> r = {
      {"gen/util", 0},    {"gen/topology", 1}, {"gen/algorithm", 2}, {"gen/checker", 3},
      {"gen/emit", 3},    {"gen/sim", 4},      {"gen/tools", 5},     {"gen/flow", 6},
      {"gen/regress", 7}, {"gen/cli", 8},
  };
  return r;
}

bool isGen(const std::string& folder) { return folder.rfind("gen/", 0) == 0; }

// A cycle through gen/ folders as "a -> b -> a", or "" if there is none.
std::string findCycle(const IncludeGraph& g) {
  std::map<std::string, int> state;  // 0 unseen, 1 on the path, 2 done
  std::vector<std::string> path;
  std::string cycle;
  std::function<bool(const std::string&)> visit = [&](const std::string& v) {
    state[v] = 1;
    path.push_back(v);
    const auto it = g.find(v);
    if (it != g.end()) {
      for (const auto& edge : it->second) {
        const std::string& w = edge.first;
        if (!isGen(w)) continue;
        if (state[w] == 1) {
          for (auto p = std::find(path.begin(), path.end(), w); p != path.end(); ++p) {
            cycle += *p + " -> ";
          }
          cycle += w;
          return true;
        }
        if (state[w] == 0 && visit(w)) return true;
      }
    }
    path.pop_back();
    state[v] = 2;
    return false;
  };
  for (const auto& kv : g) {
    if (isGen(kv.first) && state[kv.first] == 0 && visit(kv.first)) return cycle;
  }
  return "";
}

TEST(Layers, ReadsTheIncludeGraph) {
  // The scan works: edges that exist in any layering are found.
  const IncludeGraph& g = graph();
  ASSERT_TRUE(g.count("gen/cli")) << "no include found under " << HC_SOURCE_DIR << "/gen/cli";
  EXPECT_TRUE(g.at("gen/cli").count("gen/regress"));
  EXPECT_TRUE(g.at("gen/cli").count("gen/flow"));
  EXPECT_TRUE(g.at("gen/algorithm").count("gen/topology"));
  for (const auto& kv : g) {
    if (isGen(kv.first)) {
      EXPECT_TRUE(ranks().count(kv.first)) << kv.first << " has no rank";
    }
  }
}

TEST(Layers, NothingBelowTheCliIncludesIt) {
  for (const auto& kv : graph()) {
    const std::string& from = kv.first;
    // fuzz/fuzz_args.cpp fuzzes the command-line parser itself.
    if (from == "gen/cli" || from == "fuzz") continue;
    const auto it = kv.second.find("gen/cli");
    EXPECT_TRUE(it == kv.second.end()) << from << " includes gen/cli (" << it->second << ")";
  }
}

TEST(Layers, GenFoldersHaveNoCycle) {
  const std::string cycle = findCycle(graph());
  EXPECT_EQ(cycle, "") << "include cycle: " << cycle;
}

TEST(Layers, IncludesFollowTheRankOrder) {
  for (const auto& kv : graph()) {
    if (!isGen(kv.first)) continue;
    for (const auto& edge : kv.second) {
      if (!isGen(edge.first)) {
        ADD_FAILURE() << kv.first << " includes " << edge.first << " (" << edge.second << ")";
        continue;
      }
      const auto from = ranks().find(kv.first), to = ranks().find(edge.first);
      if (from == ranks().end() || to == ranks().end()) continue;  // ReadsTheIncludeGraph says
      EXPECT_LT(to->second, from->second) << kv.first << " includes " << edge.first << " ("
                                          << edge.second << "), which is not a lower layer";
    }
  }
}

}  // namespace

// The commands pick a kind of network from one table (gen/flow/flow.h): no
// command tests for one itself, and none runs a harness or builds a model.
TEST(Layers, CommandsPickTheirFlowFromTheTable) {
  const std::regex own_choice(R"(\bwants[A-Z]\w*\s*\(|runHarness\s*\(|buildVerilatedHarness\s*\()");
  int commands = 0;
  for (const auto& e : fs::directory_iterator(fs::path(HC_SOURCE_DIR) / "gen" / "cli")) {
    const std::string name = e.path().filename().string();
    if (name.rfind("cmd_", 0) != 0) continue;
    ++commands;
    std::ifstream f(e.path());
    std::string line;
    for (int n = 1; std::getline(f, line); ++n) {
      EXPECT_FALSE(std::regex_search(line, own_choice))
          << "gen/cli/" << name << ":" << n << ": " << line;
    }
  }
  EXPECT_GE(commands, 9);
}

// The CLI only turns argv into typed parameters and prints: every command's
// file stays short (the work lives in flow/, regress/ and the layers below).
TEST(Layers, CommandFilesStayShort) {
  constexpr int kMaxLines = 150;
  int commands = 0;
  for (const auto& e : fs::directory_iterator(fs::path(HC_SOURCE_DIR) / "gen" / "cli")) {
    const std::string name = e.path().filename().string();
    if (name.rfind("cmd_", 0) != 0 || e.path().extension() != ".cpp") continue;
    ++commands;
    std::ifstream f(e.path());
    int lines = 0;
    for (std::string line; std::getline(f, line);) ++lines;
    EXPECT_LE(lines, kMaxLines) << "gen/cli/" << name << " has " << lines << " lines";
  }
  EXPECT_GE(commands, 9);
}
