// Adding a topology is its factory and one entry in the registry (and its
// constructions' entry): outside gen/topology/ no code branches on a topology's
// name. What code wants to know of a topology comes from gen/topology/: the
// registry entry's flags (Topology::kind, weight_routers, necklaces), the
// network's facts (NetworkDesc::isBinaryHypercube(), hypercubeDim(), isTorus(),
// isHypercycle()), the default (kDefaultTopology).
//
// The scan reads every .cpp and .h under gen/ (but gen/topology/), tb/, model/,
// bench/ and fuzz/, // comments aside, for a comparison with a name of
// topologyTable() as a string literal: == "name", != "name", "name" ==,
// "name" !=, and "name" in or before a .compare( call. It names each file:line.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "algorithm/constructions.h"
#include "checker/network_links.h"
#include "topology/hypercycle.h"
#include "topology/network.h"
#include "topology/registry.h"

namespace fs = std::filesystem;
using namespace hypercast;

namespace {

const char* const kTrees[] = {"gen", "tb", "model", "bench", "fuzz"};

// Files allowed to compare a topology's name, each with the reason: none. An
// entry must still hold a compare (a stale entry fails).
const std::map<std::string, std::string>& allowlist() {
  static const std::map<std::string, std::string> files = {};
  return files;
}

std::string escaped(const std::string& s) {
  static const std::regex special(R"([.^$|()\[\]{}*+?\\])");
  return std::regex_replace(s, special, R"(\$&)");
}

// The line without its // comment (a "//" inside a string literal stays).
std::string withoutComment(const std::string& line) {
  bool in_string = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '\'' && i + 2 < line.size() && line[i + 1] != '\\' && line[i + 2] == '\'') {
      i += 2;  // '"' and the like
    } else if (c == '\'' && i + 3 < line.size() && line[i + 1] == '\\' && line[i + 3] == '\'') {
      i += 3;  // '\"' and the like
    } else if (c == '/' && i + 1 < line.size() && line[i + 1] == '/') {
      return line.substr(0, i);
    }
  }
  return line;
}

// A regex matching a comparison with any of `names` as a string literal.
std::regex comparePattern(const std::vector<std::string>& names) {
  std::string alt;
  for (const std::string& n : names) alt += (alt.empty() ? "" : "|") + escaped(n);
  const std::string lit = "\"(" + alt + ")\"";
  return std::regex("[!=]=\\s*" + lit + "|" + lit + "\\s*[!=]=|" + lit +
                    "\\s*\\)?\\s*\\.\\s*compare\\s*\\(|\\.\\s*compare\\s*\\([^;]*" + lit);
}

std::vector<std::string> registryNames() {
  std::vector<std::string> names;
  for (const Topology& t : topologyTable()) names.push_back(t.name);
  return names;
}

// "path:line: text" of each compare in `text` (one file's lines).
std::vector<std::string> comparesIn(const std::string& path, std::istream& text,
                                    const std::regex& pattern) {
  std::vector<std::string> found;
  std::string line;
  for (int n = 1; std::getline(text, line); ++n) {
    if (std::regex_search(withoutComment(line), pattern)) {
      found.push_back(path + ":" + std::to_string(n) + ": " + line);
    }
  }
  return found;
}

// Relative path -> its compares, for every scanned file with at least one.
std::map<std::string, std::vector<std::string>> scan(const fs::path& root, int* files = nullptr) {
  const std::regex pattern = comparePattern(registryNames());
  std::map<std::string, std::vector<std::string>> found;
  for (const char* tree : kTrees) {
    for (const auto& e : fs::recursive_directory_iterator(root / tree)) {
      const std::string ext = e.path().extension().string();
      if (!e.is_regular_file() || (ext != ".cpp" && ext != ".h")) continue;
      const std::string rel = fs::relative(e.path(), root).generic_string();
      if (rel.rfind("gen/topology/", 0) == 0) continue;
      if (files) ++*files;
      std::ifstream f(e.path());
      std::vector<std::string> hits = comparesIn(rel, f, pattern);
      if (!hits.empty()) found[rel] = hits;
    }
  }
  return found;
}

std::vector<std::string> comparesInText(const std::string& text) {
  std::istringstream s(text);
  return comparesIn("x.cpp", s, comparePattern(registryNames()));
}

}  // namespace

TEST(TopologyNames, ThePatternFindsEachFormOfCompare) {
  ASSERT_GE(registryNames().size(), 5u);
  for (const char* line : {"  if (net.topology == \"hypercube\") {",
                           "  return a.get(\"topology\", \"hypercycle\") != \"hypercycle\";",
                           "  if (\"mesh\" == topo.name) {", "  if (\"torus\"!= t) return;",
                           "  if (name.compare(\"cayley\") == 0) {",
                           "  if (std::string(\"mesh\").compare(name) == 0) {",
                           "  if (argc > 1 && std::string(argv[1]) == \"cayley\") {"}) {
    EXPECT_EQ(comparesInText(line).size(), 1u) << line;
  }
  // Output, table keys, defaults, other words and comments are not compares.
  for (const char* line :
       {"  j[\"topology\"] = \"hypercycle\";", "  spec.kind = \"mesh\";",
        "      row(\"torus\", kAll, torusConstruction, true, 4096, torusSize),",
        "  const std::string& fallback = \"hypercycle\");", "  if (kind == \"meshes\") {",
        "  if (s == \"hypercube-ish\") {", "  x = 1;  // net.topology == \"hypercube\" once",
        "  throw Error(\"a // b\" + x);  // == \"mesh\"", "  if (c == '\"') x = 1;  // == \"mesh\"",
        "  if (c == '\\\"') x = 1;  // == \"mesh\""}) {
    EXPECT_TRUE(comparesInText(line).empty()) << line;
  }
}

TEST(TopologyNames, NoCodeOutsideTheTopologyLayerComparesATopologyName) {
  int files = 0;
  const auto found = scan(HC_SOURCE_DIR, &files);
  ASSERT_GT(files, 100) << "too few files under " << HC_SOURCE_DIR;
  for (const auto& kv : found) {
    if (allowlist().count(kv.first)) continue;
    for (const std::string& hit : kv.second) {
      ADD_FAILURE() << hit
                    << "\n  compares a topology's name: ask gen/topology/ instead (a "
                       "Topology flag in registry.h or a NetworkDesc fact in network.h)";
    }
  }
}

TEST(TopologyNames, EachAllowlistedFileStillCompares) {
  const auto found = scan(HC_SOURCE_DIR);
  for (const auto& kv : allowlist()) {
    EXPECT_TRUE(found.count(kv.first))
        << kv.first << " is allowlisted but compares no topology name (any more): "
        << "drop it from the allowlist in tests/test_topology_names.cpp";
  }
}

TEST(TopologyNames, EveryRegistryEntryHasItsConstructions) {
  std::set<const Topology*> keys;
  for (const Constructions& c : constructionTable()) {
    ASSERT_NE(c.entry, nullptr);
    EXPECT_TRUE(keys.insert(c.entry).second) << c.entry->name << " has two entries";
    EXPECT_EQ(c.topology, c.entry->name);
  }
  for (const Topology& t : topologyTable()) {
    EXPECT_TRUE(keys.count(&t)) << t.name << " has no constructions entry";
    EXPECT_EQ(&constructionsOf(t), &constructionsOf(t.name));
    EXPECT_EQ(constructionsOf(t).entry, &t);
  }
  EXPECT_EQ(keys.size(), topologyTable().size());
}

// A small network of every topology, by the registry's option names.
const std::map<std::string, ParamMap>& sampleNetworks() {
  static const std::map<std::string, ParamMap> sample = {
      {"hypercycle", {{"m", "4,3"}, {"rho", "1,1"}}},
      {"hypercube", {{"dim", "3"}}},
      {"torus", {{"n", "2"}, {"k", "5"}}},
      {"cayley", {{"group", "6,2"}, {"gens", "1,0;0,1;5,1"}}},
      {"mesh", {{"dims", "4,4"}}},
      {"graph", {{"graph", std::string(HC_SOURCE_DIR) + "/examples/petersen.txt"}}},
  };
  return sample;
}

TEST(TopologyNames, TheFlagsAndFactsAgreeWithTheFactories) {
  // Each entry's flags against what its parse builds.
  const std::map<std::string, ParamMap>& sample = sampleNetworks();
  for (const Topology& t : topologyTable()) {
    ASSERT_TRUE(sample.count(t.name)) << "give " << t.name << " a sample network here";
    const NetworkDesc net = t.parse(sample.at(t.name));
    EXPECT_EQ(net.topology, t.name);
    EXPECT_EQ(net.kind, t.kind) << t.name;
    EXPECT_EQ(t.weight_routers, net.isHypercycle()) << t.name;
    EXPECT_EQ(t.necklaces, net.isTorus()) << t.name;
    NetworkDesc::Kind back = NetworkDesc::Kind::kCayley;
    EXPECT_TRUE(parseKind(kindName(net.kind), &back));
    EXPECT_EQ(back, net.kind);
  }
  EXPECT_NE(findTopology(kDefaultTopology), nullptr);

  EXPECT_TRUE(hypercubeNetwork(4).isBinaryHypercube());
  EXPECT_EQ(hypercubeNetwork(4).hypercubeDim(), 4);
  EXPECT_TRUE(torusNetwork(2, 5).isTorus());
  EXPECT_FALSE(torusNetwork(2, 5).isBinaryHypercube());
  EXPECT_EQ(torusNetwork(2, 5).hypercubeDim(), 0);
  EXPECT_TRUE(hypercycleNetwork({4, 3}, {1, 1}).isHypercycle());
  // Q_2 as a Cayley graph is the 2-cube's graph, but not the hypercube factory's
  // network: reports give no "dim" for it, as before.
  const NetworkDesc q2 = cayleyNetwork({2, 2}, {{1, 0}, {0, 1}});
  EXPECT_FALSE(q2.isBinaryHypercube());
  EXPECT_EQ(q2.hypercubeDim(), 0);
  EXPECT_FALSE(meshNetwork({4, 4}).isTorus());
  NetworkDesc::Kind k = NetworkDesc::Kind::kCayley;
  EXPECT_FALSE(parseKind("torus", &k));
}

// The manifest schema lists the topologies a generated folder's manifest may
// name: exactly the registry's.
TEST(TopologyNames, TheManifestSchemaNamesEveryTopology) {
  std::ifstream f(std::string(HC_SOURCE_DIR) + "/docs/schemas/manifest.schema.json");
  ASSERT_TRUE(f) << "docs/schemas/manifest.schema.json";
  const nlohmann::json schema = nlohmann::json::parse(f);
  std::set<std::string> listed, registry;
  for (const auto& name : schema.at("properties").at("topology").at("enum")) listed.insert(name);
  for (const Topology& t : topologyTable()) registry.insert(t.name);
  EXPECT_EQ(listed, registry) << "docs/schemas/manifest.schema.json: properties.topology.enum";
}

// Every Cayley topology of the registry has a definition of its links in the
// checker (checker/network_links.h) that does not read the factory's
// generator list, and for the factory's own network it gives the same links.
TEST(TopologyNames, TheCheckerDefinesEveryCayleyTopologysLinks) {
  const std::map<std::string, ParamMap>& sample = sampleNetworks();
  for (const Topology& t : topologyTable()) {
    if (t.kind != NetworkDesc::Kind::kCayley) continue;
    ASSERT_TRUE(sample.count(t.name)) << "give " << t.name << " a sample network here";
    const NetworkDesc net = t.parse(sample.at(t.name));
    const checker::NetworkLinks links(net);
    EXPECT_TRUE(links.fromDefinition())
        << t.name << ": the checker reads its generator list; define its links in "
        << "gen/checker/network_links.cpp from its parameters";
    for (uint64_t x = 0; x < net.nodes(); ++x) {
      std::set<uint64_t> want;
      for (const auto& g : net.gens) {
        std::vector<int> d = net.digits(x);
        for (size_t i = 0; i < d.size(); ++i) d[i] = (d[i] + g[i]) % net.radices[i];
        want.insert(net.address(d));
      }
      const std::vector<uint64_t> got = links.successors(x);
      EXPECT_EQ(std::set<uint64_t>(got.begin(), got.end()), want) << t.name << " node " << x;
    }
  }
}
