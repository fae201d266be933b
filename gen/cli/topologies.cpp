#include "cli/topologies.h"

#include <algorithm>
#include <sstream>

#include "algorithm/bfs_broadcast.h"
#include "algorithm/hypercube_schedules.h"
#include "cli/network_args.h"
#include "util/error.h"

namespace hypercast {
namespace cli {

namespace {

long long required(const Args& a, const std::string& opt, const std::string& topo) {
  if (!a.has(opt)) throw Error("--topology " + topo + " needs --" + opt);
  return parseInt("--" + opt, a.get(opt));
}

int intIn(long long v, const std::string& opt, long long lo, long long hi) {
  if (v < lo || v > hi) {
    throw Error("--" + opt + " must be in " + std::to_string(lo) + ".." + std::to_string(hi) +
                ", got " + std::to_string(v));
  }
  return static_cast<int>(v);
}

NetworkDesc parseHypercycle(const Args& a) { return hypercycleNetwork(parseNetwork(a)); }

NetworkDesc parseHypercube(const Args& a) {
  return hypercubeNetwork(intIn(required(a, "dim", "hypercube"), "dim", 1, 24));
}

NetworkDesc parseTorus(const Args& a) {
  return torusNetwork(intIn(required(a, "n", "torus"), "n", 1, 24),
                      intIn(required(a, "k", "torus"), "k", 3, 1 << 24));
}

// "1,0;-1,0;0,1": generators separated by ';', coordinates by ','.
std::vector<std::vector<int>> parseGenerators(const std::string& text) {
  if (text.empty()) throw Error("--gens is empty: give generators, e.g. --gens \"1,0;0,1\"");
  std::vector<std::vector<int>> gens;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ';')) gens.push_back(parseIntList("--gens", item));
  if (text.back() == ';') throw Error("--gens: trailing ';' in '" + text + "'");
  return gens;
}

NetworkDesc parseCayley(const Args& a) {
  if (!a.has("group")) throw Error("--topology cayley needs --group M,... (e.g. --group 8,2)");
  if (!a.has("gens")) throw Error("--topology cayley needs --gens (e.g. --gens \"1,0;0,1\")");
  return cayleyNetwork(parseIntList("--group", a.get("group")), parseGenerators(a.get("gens")));
}

NetworkDesc parseMesh(const Args& a) {
  if (!a.has("dims")) throw Error("--topology mesh needs --dims X,Y[,Z]");
  return meshNetwork(parseIntList("--dims", a.get("dims")));
}

void needsOneMessage(const CollectiveProblem& c) {
  if (c.messages != 1) throw Error("this construction sends one message per pair");
}

Schedule hypercubeConstruction(const NetworkDesc& net, const CollectiveProblem& c) {
  needsOneMessage(c);
  const int d = static_cast<int>(net.radices.size());
  if (d > hypercubeMaxDim(c.collective)) {
    throw Error(std::string("the ") + toString(c.collective) + " construction takes --dim 1.." +
                std::to_string(hypercubeMaxDim(c.collective)) + ", got " + std::to_string(d));
  }
  return hypercubeSchedule(d, c.collective, c.root);
}

// "--dim 1..D" in the words the hypercube command lines have always used.
void hypercubeSize(const Args& a, Collective c, uint64_t max_nodes, const std::string& what) {
  if (!a.has("dim")) return;  // parse says what is missing
  const long long d = parseInt("--dim", a.get("dim"));
  int fit = 0;
  while (fit < 62 && (uint64_t{2} << fit) <= max_nodes) ++fit;
  const int limit = std::min(fit, hypercubeMaxDim(c));
  if (d < 1 || d > limit) {
    throw Error(what + " of a " + toString(c) + " takes --dim 1.." + std::to_string(limit) +
                ", got " + std::to_string(d));
  }
}

// Topologies whose papers have not landed yet: the BFS broadcast proves the path.
Schedule bfsConstruction(const NetworkDesc& net, const CollectiveProblem& c) {
  needsOneMessage(c);
  return bfsBroadcast(PortGraph::build(net), c.root);
}

const std::vector<Collective> kAll = {Collective::kBroadcast, Collective::kMultinodeBroadcast,
                                      Collective::kScatter, Collective::kTotalExchange};

}  // namespace

const std::vector<TopologyEntry>& topologyTable() {
  static const std::vector<TopologyEntry> table = {
      {"hypercycle",
       "G^{rho}_{m} (Dimakopoulos & Dimopoulos): weight-based broadcast routers; with\n"
       "                 --collective broadcast, schedule-ROM nodes (BFS tree)",
       {{"m", "M_r,...,M_1",
         std::string("hypercycle: nodes per dimension, paper order (default ") + kDefaultM + ")"},
        {"rho", "R_r,...,R_1",
         std::string("hypercycle: circulant reach, rho_i <= m_i/2 (default ") + kDefaultRho + ")"}},
       parseHypercycle,
       {Collective::kBroadcast},
       bfsConstruction,
       4096,
       nullptr},
      {"hypercube",
       "the d-cube (Bertsekas et al.): every collective, as the paper builds it",
       {{"dim", "D", "hypercube: the dimension d (2^d nodes)"}},
       parseHypercube,
       kAll,
       hypercubeConstruction,
       1024,  // d = 10: the total exchange has 5 M transfers
       hypercubeSize},
      {"torus",
       "MT(n,k), the k-ary n-dimensional torus: broadcast (BFS tree)",
       {{"n", "N", "torus: dimensions"}, {"k", "K", "torus: nodes per dimension, k >= 3"}},
       parseTorus,
       {Collective::kBroadcast},
       bfsConstruction,
       4096,
       nullptr},
      {"cayley",
       "a Cayley graph of Z_m1 x ... x Z_mr: broadcast (BFS tree)",
       {{"group", "M,...", "cayley: the moduli, most significant first (8,2 = Z_8 x Z_2)"},
        {"gens", "G;G;...",
         "cayley: generators as coordinate tuples, same order (\"1,0;-1,0;0,1\");\n"
         "directed when a generator's inverse is missing"}},
       parseCayley,
       {Collective::kBroadcast},
       bfsConstruction,
       4096,
       nullptr},
      {"mesh",
       "a 2-D/3-D mesh without wrap-around: broadcast (BFS tree)",
       {{"dims", "X,Y[,Z]", "mesh: extents; node x + X*y + X*Y*z"}},
       parseMesh,
       {Collective::kBroadcast},
       bfsConstruction,
       4096,
       nullptr},
  };
  return table;
}

std::string topologyNames() {
  std::string s;
  for (const auto& e : topologyTable()) s += (s.empty() ? "" : ", ") + e.name;
  return s;
}

std::string topologyList() {
  std::string s = "topologies:\n";
  for (const auto& e : topologyTable()) {
    s += "  " + e.name + std::string(12 - e.name.size(), ' ') + e.summary + "\n";
  }
  return s;
}

std::string collectiveNames(const TopologyEntry& e) {
  std::string s;
  for (Collective c : e.collectives) s += (s.empty() ? "" : ", ") + std::string(toString(c));
  return s;
}

std::vector<OptionSpec> topologyOptions() {
  std::vector<OptionSpec> specs = {{"topology", "NAME", topologyNames() + " (default hypercycle)"}};
  for (const auto& e : topologyTable()) {
    for (const auto& o : e.options) {
      const bool seen = std::any_of(specs.begin(), specs.end(),
                                    [&](const OptionSpec& s) { return s.name == o.name; });
      if (!seen) specs.push_back(o);
    }
  }
  return specs;
}

const TopologyEntry& chosenTopology(const Args& a, const std::string& fallback) {
  std::string name = fallback;
  if (a.has("topology")) {
    name = a.get("topology");
  } else {
    // The one topology whose own options the command line gives, if any.
    std::vector<std::string> named;
    for (const auto& e : topologyTable()) {
      if (std::any_of(e.options.begin(), e.options.end(),
                      [&](const OptionSpec& o) { return a.has(o.name); })) {
        named.push_back(e.name);
      }
    }
    if (named.size() == 1) name = named.front();
  }
  const TopologyEntry* chosen = nullptr;
  for (const auto& e : topologyTable()) {
    if (e.name == name) chosen = &e;
  }
  if (!chosen) throw Error("unknown topology '" + name + "' (topologies: " + topologyNames() + ")");
  for (const auto& e : topologyTable()) {
    for (const auto& o : e.options) {
      const bool own = std::any_of(chosen->options.begin(), chosen->options.end(),
                                   [&](const OptionSpec& s) { return s.name == o.name; });
      if (!own && a.has(o.name)) {
        throw Error("--" + o.name + " is a " + e.name + " option, not a " + chosen->name + " one" +
                    (a.has("topology") ? "" : " (add --topology " + e.name + ")"));
      }
    }
  }
  return *chosen;
}

NetworkDesc parseNetworkDesc(const Args& a) { return chosenTopology(a).parse(a); }

}  // namespace cli
}  // namespace hypercast
