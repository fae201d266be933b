#include "cli/topologies.h"

#include <algorithm>
#include <sstream>

#include "algorithm/bfs_broadcast.h"
#include "algorithm/cayley_collectives.h"
#include "algorithm/hypercube_schedules.h"
#include "algorithm/torus_schedules.h"
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

Schedule hypercubeConstruction(const NetworkDesc& net, const CollectiveProblem& c,
                               const std::string&) {
  needsOneMessage(c);
  const int d = static_cast<int>(net.radices.size());
  if (d > hypercubeMaxDim(c.collective)) {
    throw Error(std::string("the ") + toString(c.collective) + " construction takes --dim 1.." +
                std::to_string(hypercubeMaxDim(c.collective)) + ", got " + std::to_string(d));
  }
  return hypercubeSchedule(d, c.collective, c.root);
}

// "--dim 1..D" in the words the hypercube command lines have always used.
void hypercubeSize(const Args& a, const CollectiveProblem& p, uint64_t max_nodes, bool,
                   const std::string& what) {
  if (!a.has("dim")) return;  // parse says what is missing
  const Collective c = p.collective;
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
Schedule bfsConstruction(const NetworkDesc& net, const CollectiveProblem& c, const std::string&) {
  needsOneMessage(c);
  Schedule s = bfsBroadcast(PortGraph::build(net), c.root);
  s.construction = "bfs";
  return s;
}

// Any abelian Cayley graph (Faber): the universal broadcast of a regular order
// (or the best template found) and the universal exchange on coloured paths.
Schedule cayleyConstruction(const NetworkDesc& net, const CollectiveProblem& c,
                            const std::string& construction) {
  if (c.collective == Collective::kBroadcast) return bfsConstruction(net, c, construction);
  needsOneMessage(c);
  const PortGraph g = PortGraph::build(net);
  if (c.collective == Collective::kMultinodeBroadcast) {
    return cayleyUniversalBroadcast(net, g, searchRegularOrder(g));
  }
  return cayleyUniversalExchange(net, g);
}

// The universal collectives' transfers, P (P - 1) for the broadcast and P times
// the sum of distances for the exchange, against what the checker (and for RTL
// the ROMs and the SystemC model) can hold; before any schedule is built.
constexpr uint64_t kMaxUniversalTransfers = 60000000;
constexpr uint64_t kMaxUniversalRtlTransfers = 5000000;

void cayleySize(const Args& a, const CollectiveProblem& p, uint64_t max_nodes, bool for_rtl,
                const std::string& what) {
  if (p.collective == Collective::kBroadcast) return;
  const NetworkDesc net = chosenTopology(a).parse(a);
  const uint64_t nodes = net.nodes();
  if (nodes > max_nodes) return;  // the caller says so, in its words
  uint64_t transfers = nodes * (nodes - 1);
  if (p.collective == Collective::kTotalExchange && transfers <= kMaxUniversalTransfers) {
    uint64_t sum = 0;
    for (int x : PortGraph::build(net).bfs(0).dist) sum += static_cast<uint64_t>(std::max(x, 0));
    transfers = nodes * sum;
  }
  const uint64_t limit = for_rtl ? kMaxUniversalRtlTransfers : kMaxUniversalTransfers;
  if (transfers > limit) {
    throw Error(what + " of a " + toString(p.collective) + " takes at most " +
                std::to_string(limit) + " transfers; " + net.label + " needs " +
                std::to_string(transfers));
  }
}

// MT(n,k): Fragopoulou & Akl's collectives (k odd), the BFS tree for the
// single-node broadcast of one message.
Schedule torusConstruction(const NetworkDesc& net, const CollectiveProblem& c,
                           const std::string& construction) {
  if (c.collective == Collective::kBroadcast) return bfsConstruction(net, c, construction);
  const TorusLabels t(static_cast<int>(net.radices.size()), net.radices.front());
  const TorusConstruction how = parseTorusConstruction(construction);
  switch (c.collective) {
    case Collective::kMultinodeBroadcast:
      return torusMultinodeBroadcast(t, c.messages, how);
    case Collective::kScatter:
      return torusScatter(t, c.root, c.messages, how);
    case Collective::kTotalExchange:
      return torusTotalExchange(t, c.messages, how);
    case Collective::kBroadcast:
      break;
  }
  return {};
}

// The schedule's transfers, from the paper's counts, against what the checker
// (and for RTL the ROMs and the SystemC model) can hold.
constexpr uint64_t kMaxTorusTransfers = 60000000;
constexpr uint64_t kMaxTorusRtlTransfers = 5000000;

void torusSize(const Args& a, const CollectiveProblem& p, uint64_t, bool for_rtl,
               const std::string& what) {
  if (!a.has("n") || !a.has("k")) return;  // parse says what is missing
  const long long n = parseInt("--n", a.get("n"));
  const long long k = parseInt("--k", a.get("k"));
  if (n < 1 || n > 24 || k < 3 || k > (1 << 24)) return;  // parse says why
  if (p.collective == Collective::kBroadcast) {
    if (p.messages != 1) {
      throw Error(
          "the torus's single-node broadcast sends one message (a BFS tree at the "
          "eccentricity bound); --messages applies to multinode-broadcast, scatter and "
          "total-exchange");
    }
    return;
  }
  if (k % 2 == 0) {
    throw Error(std::string("the torus ") + toString(p.collective) +
                " needs odd k: the framework of Fragopoulou & Akl (rotation, necklaces, leaders) "
                "assumes one shortest direction per digit; got k = " +
                std::to_string(k));
  }
  double nodes = 1;
  for (long long i = 0; i < n; ++i) nodes *= static_cast<double>(k);
  const uint64_t limit = for_rtl ? kMaxTorusRtlTransfers : kMaxTorusTransfers;
  if (nodes > 1e9 ||
      torusTransfers(static_cast<int>(n), static_cast<int>(k), p.collective, p.messages) > limit) {
    throw Error(what + " of a torus " + toString(p.collective) + " takes at most " +
                std::to_string(limit) + " transfers; MT(" + std::to_string(n) + "," +
                std::to_string(k) + ") with M = " + std::to_string(p.messages) + " needs " +
                (nodes > 1e9
                     ? std::string("more")
                     : std::to_string(torusTransfers(static_cast<int>(n), static_cast<int>(k),
                                                     p.collective, p.messages))));
  }
}

const std::vector<Collective> kAll = {Collective::kBroadcast, Collective::kMultinodeBroadcast,
                                      Collective::kScatter, Collective::kTotalExchange};

}  // namespace

const std::vector<TopologyEntry>& topologyTable() {
  static const std::vector<TopologyEntry> table = {
      {"hypercycle",
       "G^{rho}_{m} (Dimakopoulos & Dimopoulos): weight-based broadcast routers; with\n"
       "                 --collective, schedule-ROM nodes (broadcast: BFS tree; Faber's\n"
       "                 multinode-broadcast and total-exchange)",
       {{"m", "M_r,...,M_1",
         std::string("hypercycle: nodes per dimension, paper order (default ") + kDefaultM + ")"},
        {"rho", "R_r,...,R_1",
         std::string("hypercycle: circulant reach, rho_i <= m_i/2 (default ") + kDefaultRho + ")"}},
       parseHypercycle,
       {Collective::kBroadcast, Collective::kMultinodeBroadcast, Collective::kTotalExchange},
       cayleyConstruction,
       false,
       4096,
       cayleySize},
      {"hypercube",
       "the d-cube (Bertsekas et al.): every collective, as the paper builds it",
       {{"dim", "D", "hypercube: the dimension d (2^d nodes)"}},
       parseHypercube,
       kAll,
       hypercubeConstruction,
       false,
       1024,  // d = 10: the total exchange has 5 M transfers
       hypercubeSize},
      {"torus",
       "MT(n,k) (Fragopoulou & Akl): multinode broadcast, scatter, total exchange\n"
       "                 (multinode scatter) at the lower bounds, k odd; broadcast (BFS tree)",
       {{"n", "N", "torus: dimensions"},
        {"k", "K", "torus: nodes per dimension, k >= 3 (odd for the paper's collectives)"}},
       parseTorus,
       kAll,
       torusConstruction,
       true,
       4096,
       torusSize},
      {"cayley",
       "a Cayley graph of Z_m1 x ... x Z_mr (Faber): broadcast (BFS tree),\n"
       "                 multinode-broadcast (regular order), total-exchange",
       {{"group", "M,...", "cayley: the moduli, most significant first (8,2 = Z_8 x Z_2)"},
        {"gens", "G;G;...",
         "cayley: generators as coordinate tuples, same order (\"1,0;-1,0;0,1\");\n"
         "directed when a generator's inverse is missing"}},
       parseCayley,
       {Collective::kBroadcast, Collective::kMultinodeBroadcast, Collective::kTotalExchange},
       cayleyConstruction,
       false,
       4096,
       cayleySize},
      {"mesh",
       "a mesh without wrap-around: broadcast (schedule: Cang & Wu's one-port\n"
       "                 wormhole broadcast, sides equal powers of two; generate and\n"
       "                 simulate: the BFS tree on schedule-ROM nodes)",
       {{"dims", "X,Y[,Z]", "mesh: extents; node x + X*y + X*Y*z"}},
       parseMesh,
       {Collective::kBroadcast},
       bfsConstruction,
       false,
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
