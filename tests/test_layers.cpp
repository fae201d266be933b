// The layers of gen/ stay layered: every `#include "folder/..."` line of every
// .cpp and .h under gen/, bench/, fuzz/, tb/ and model/ makes an edge from the
// including folder to the included one, and the folder graph must
//  (a) have no edge into gen/cli from anything but gen/cli itself (the
//      argument fuzzer parses with the option tables of gen/flow);
//  (b) have no cycle between gen/ folders;
//  (c) follow the rank order, a folder including only folders of a lower rank:
//        util < topology < algorithm < checker, emit < sim < tools < flow < regress < cli
//      (checker and emit share a rank: neither includes the other).
// Outside gen/, nothing of gen/ includes bench/, fuzz/, tb/ or model/.
// Only NetworkDesc and PortGraph cross layers as network values: no header
// outside gen/topology/ declares a function or a public member that takes or
// returns the paper's Hypercycle (topology/hypercycle.h); code above topology
// derives it from its NetworkDesc with Hypercycle::of, keeping it private.
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
    if (from == "gen/cli") continue;
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

// Where `line` (a header's line, its // comment removed) names the Hypercycle
// class in a way only gen/topology/ may: anything but `Hypercycle::...` (a call
// of Hypercycle::of) or a private data member `Hypercycle name_;`.
bool namesHypercycleOutsideTopology(const std::string& line) {
  static const std::regex word(R"(\bHypercycle\b(?!::))");
  static const std::regex private_member(R"(^\s*(const\s+)?Hypercycle\s+\w+_\s*;\s*$)");
  return std::regex_search(line, word) && !std::regex_match(line, private_member);
}

TEST(Layers, HypercycleStaysBelowItsNetworkDesc) {
  // The check itself: signatures are refused, a call and a private member are not.
  EXPECT_TRUE(namesHypercycleOutsideTopology("void f(const Hypercycle& h);"));
  EXPECT_TRUE(namesHypercycleOutsideTopology("Hypercycle parseNetwork(const Params& a);"));
  EXPECT_TRUE(namesHypercycleOutsideTopology("  Hypercycle network;"));
  EXPECT_TRUE(namesHypercycleOutsideTopology("  std::optional<Hypercycle> h;"));
  EXPECT_FALSE(namesHypercycleOutsideTopology("  Hypercycle h_;"));
  EXPECT_FALSE(namesHypercycleOutsideTopology("  return Hypercycle::of(net).degree();"));
  EXPECT_FALSE(namesHypercycleOutsideTopology("struct HypercycleRtl {"));

  const fs::path root(HC_SOURCE_DIR);
  int headers = 0;
  for (const char* tree : kTrees) {
    for (const auto& e : fs::recursive_directory_iterator(root / tree)) {
      if (!e.is_regular_file() || e.path().extension() != ".h") continue;
      const fs::path rel = fs::relative(e.path(), root);
      if (folderOf(rel) == "gen/topology") continue;
      ++headers;
      std::ifstream f(e.path());
      std::string line;
      for (int n = 1; std::getline(f, line); ++n) {
        const size_t comment = line.find("//");
        if (comment != std::string::npos) line.erase(comment);
        EXPECT_FALSE(namesHypercycleOutsideTopology(line))
            << rel.string() << ":" << n << ": takes or returns a Hypercycle; take the "
            << "NetworkDesc and derive it inside (Hypercycle::of)";
      }
    }
  }
  EXPECT_GE(headers, 50);
}

// The checkers keep their own adjacency (checker/network_links.h): no file of
// gen/checker/ reaches, directly or through the headers it includes, any
// header of gen/topology/ but topology/network.h (the network as data). The
// port graph, the paper's Hypercycle and its ports, the torus necklaces, the
// mesh's channel graph, the graph-file reader and the topology registry are
// the code a checker checks.
TEST(Layers, CheckersReachNoTopologyCodeButTheNetworkData) {
  const fs::path gen = fs::path(HC_SOURCE_DIR) / "gen";
  const std::regex include(R"re(^\s*#\s*include\s+"([^"]+)")re");
  // Header -> "path (through a -> b -> ...)" of every header it reaches.
  std::function<void(const std::string&, std::string, std::set<std::string>&,
                     std::map<std::string, std::string>&)>
      reach = [&](const std::string& file, std::string via, std::set<std::string>& seen,
                  std::map<std::string, std::string>& how) {
        std::ifstream f(gen / file);
        for (std::string line; std::getline(f, line);) {
          std::smatch m;
          if (!std::regex_search(line, m, include)) continue;
          const std::string h = m[1];
          if (!fs::exists(gen / h) || !seen.insert(h).second) continue;
          how[h] = via + " -> " + h;
          reach(h, via + " -> " + h, seen, how);
        }
      };
  int files = 0;
  for (const auto& e : fs::directory_iterator(gen / "checker")) {
    const std::string rel = "checker/" + e.path().filename().string();
    ++files;
    std::set<std::string> seen;
    std::map<std::string, std::string> how;
    reach(rel, rel, seen, how);
    for (const std::string& h : seen) {
      if (h.rfind("topology/", 0) == 0 && h != "topology/network.h") {
        ADD_FAILURE() << "gen/" << rel << " reaches " << h << ": " << how[h];
      }
    }
  }
  EXPECT_GE(files, 20);
}
