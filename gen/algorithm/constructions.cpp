#include "algorithm/constructions.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "algorithm/bfs_broadcast.h"
#include "algorithm/cayley_collectives.h"
#include "algorithm/graph_collectives.h"
#include "algorithm/hypercube_schedules.h"
#include "algorithm/torus_schedules.h"
#include "topology/port_graph.h"
#include "util/error.h"
#include "util/parse_number.h"

namespace hypercast {

namespace {

void needsOneMessage(const CollectiveProblem& c) {
  if (c.messages != 1) {
    throw Error("--messages " + std::to_string(c.messages) +
                ": this construction sends one message per pair (the torus's send more)");
  }
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
void hypercubeSize(const ParamMap& params, const CollectiveProblem& p, uint64_t max_nodes, bool,
                   const std::string& what) {
  if (!params.count("dim")) return;  // parse says what is missing
  const Collective c = p.collective;
  const long long d = parseInt("--dim", params.at("dim"));
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

void cayleySize(const ParamMap& params, const CollectiveProblem& p, uint64_t max_nodes,
                bool for_rtl, const std::string& what) {
  if (p.collective == Collective::kBroadcast) return;
  const NetworkDesc net = parseNetworkDesc(params);
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
                std::to_string(limit) + " transmissions; " + net.label + " needs " +
                std::to_string(transfers));
  }
}

// MT(n,k): Fragopoulou & Akl's collectives (k odd), the BFS tree for the
// single-node broadcast of one message; for even k (which their framework
// does not take) Faber's universal broadcast and exchange: MT(n,k) is the
// Cayley graph of Z_k^n with the generators +-e_i.
Schedule torusConstruction(const NetworkDesc& net, const CollectiveProblem& c,
                           const std::string& construction) {
  if (c.collective == Collective::kBroadcast) return bfsConstruction(net, c, construction);
  if (net.radices.front() % 2 == 0) return cayleyConstruction(net, c, construction);
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

// Why a torus of radix k has no `c` of `messages` messages by `construction`
// ("" when it has one). Fragopoulou & Akl's framework (rotation, necklaces,
// leaders) needs odd k; with even k the multinode broadcast and total exchange
// of one message fall back to the Cayley graph's (torusConstruction) when no
// construction is asked for, and the broadcast is a BFS tree at every k.
std::string torusRefusal(long long k, Collective c, uint32_t messages,
                         const std::string& construction) {
  if (k % 2 != 0 || c == Collective::kBroadcast) return "";
  const bool fallback = construction == "auto" && messages == 1 &&
                        (c == Collective::kMultinodeBroadcast || c == Collective::kTotalExchange);
  if (fallback) return "";
  return std::string("the torus ") + toString(c) +
         " needs odd k: the framework of Fragopoulou & Akl (rotation, necklaces, leaders) "
         "assumes one shortest direction per digit; got k = " +
         std::to_string(k) +
         " (the multinode-broadcast and total-exchange of one message fall back to Faber's "
         "universal collectives without --construction)";
}

// The same for a torus network; one with links removed is scheduled by the
// graph's constructions, whose own checks apply.
std::string torusRefusalOf(const NetworkDesc& net, Collective c, uint32_t messages,
                           const std::string& construction) {
  if (!net.removed_links.empty()) return "";
  return torusRefusal(net.radices.front(), c, messages, construction);
}

// The schedule's transfers, from the paper's counts, against what the checker
// (and for RTL the ROMs and the SystemC model) can hold.
constexpr uint64_t kMaxTorusTransfers = 60000000;
constexpr uint64_t kMaxTorusRtlTransfers = 5000000;

void torusSize(const ParamMap& params, const CollectiveProblem& p, uint64_t max_nodes, bool for_rtl,
               const std::string& what) {
  if (!params.count("n") || !params.count("k")) return;  // parse says what is missing
  const long long n = parseInt("--n", params.at("n"));
  const long long k = parseInt("--k", params.at("k"));
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
    const std::string refusal = torusRefusal(
        k, p.collective, p.messages,
        params.count("construction") ? params.at("construction") : std::string("auto"));
    if (!refusal.empty()) throw Error(refusal);
    cayleySize(params, p, max_nodes, for_rtl, what);
    return;
  }
  double nodes = 1;
  for (long long i = 0; i < n; ++i) nodes *= static_cast<double>(k);
  const uint64_t limit = for_rtl ? kMaxTorusRtlTransfers : kMaxTorusTransfers;
  if (nodes > 1e9 ||
      torusTransfers(static_cast<int>(n), static_cast<int>(k), p.collective, p.messages) > limit) {
    throw Error(what + " of a torus " + toString(p.collective) + " takes at most " +
                std::to_string(limit) + " transmissions; MT(" + std::to_string(n) + "," +
                std::to_string(k) + ") with M = " + std::to_string(p.messages) + " needs " +
                (nodes > 1e9
                     ? std::string("more")
                     : std::to_string(torusTransfers(static_cast<int>(n), static_cast<int>(k),
                                                     p.collective, p.messages))));
  }
}

// Any strongly connected graph (a file, or a network with links removed): the BFS
// broadcast, the greedy multinode broadcast and total exchange.
// With switch nodes (NetworkDesc::switches) the collectives run among the
// endpoints.
Schedule graphConstruction(const NetworkDesc& net, const CollectiveProblem& c,
                           const std::string& construction) {
  if (c.collective == Collective::kBroadcast && net.switches.empty()) {
    return bfsConstruction(net, c, construction);
  }
  needsOneMessage(c);
  const std::string too_large = graphSizeRefusal(net, c.collective);
  if (!too_large.empty()) throw Error(too_large);
  const PortGraph g = PortGraph::build(net);
  if (c.collective == Collective::kBroadcast) return graphBroadcast(g, c.root, net.switches);
  if (c.collective == Collective::kMultinodeBroadcast) {
    return graphMultinodeBroadcast(g, net.switches);
  }
  if (c.collective == Collective::kTotalExchange) return graphTotalExchange(g, net.switches);
  throw Error(std::string("no ") + toString(c.collective) + " construction on " + net.label);
}

// A topology's construction, or on a network with links removed (a faulty
// link) the graph's, since the topology's own uses every link.
template <Schedule (*Own)(const NetworkDesc&, const CollectiveProblem&, const std::string&)>
Schedule intactOrGraph(const NetworkDesc& net, const CollectiveProblem& c,
                       const std::string& construction) {
  if (net.removed_links.empty()) return Own(net, c, construction);
  return graphConstruction(net, c, construction);
}

// A row of the table below, keyed by the registry's entry `name` names.
Constructions row(const char* name, std::vector<Collective> collectives,
                  decltype(Constructions::schedule) schedule, bool has_extensions,
                  uint64_t max_rtl_nodes, decltype(Constructions::check_size) check_size,
                  decltype(Constructions::refusal) refusal = nullptr) {
  const Topology* t = findTopology(name);
  if (!t)
    throw std::logic_error(std::string("constructions of '") + name + "': not in the registry");
  return {
      t,      std::move(collectives), schedule, has_extensions, max_rtl_nodes, check_size, t->name,
      refusal};
}

const std::vector<Collective> kAll = {Collective::kBroadcast, Collective::kMultinodeBroadcast,
                                      Collective::kScatter, Collective::kTotalExchange};

}  // namespace

const std::vector<Constructions>& constructionTable() {
  static const std::vector<Constructions> table = {
      row("hypercycle",
          {Collective::kBroadcast, Collective::kMultinodeBroadcast, Collective::kTotalExchange},
          intactOrGraph<cayleyConstruction>, false, 4096, cayleySize),
      row("hypercube", kAll, intactOrGraph<hypercubeConstruction>, false,
          1024,  // d = 10: the total exchange has 5 M transfers
          hypercubeSize),
      row("torus", kAll, intactOrGraph<torusConstruction>, true, 4096, torusSize, torusRefusalOf),
      row("cayley",
          {Collective::kBroadcast, Collective::kMultinodeBroadcast, Collective::kTotalExchange},
          intactOrGraph<cayleyConstruction>, false, 4096, cayleySize),
      row("mesh", {Collective::kBroadcast}, bfsConstruction, false, 4096, nullptr),
      row("graph",
          {Collective::kBroadcast, Collective::kMultinodeBroadcast, Collective::kTotalExchange},
          graphConstruction, false, 4096, nullptr),
  };
  return table;
}

const Constructions& constructionsOf(const Topology& topology) {
  for (const auto& e : constructionTable()) {
    if (e.entry == &topology) return e;
  }
  throw std::logic_error("no constructions entry for topology '" + topology.name + "'");
}

const Constructions& constructionsOf(const std::string& topology) {
  const Topology* t = findTopology(topology);
  if (!t) throw std::logic_error("no topology '" + topology + "' in the registry");
  return constructionsOf(*t);
}

std::string collectiveNames(const Constructions& e) {
  std::string s;
  for (Collective c : e.collectives) s += (s.empty() ? "" : ", ") + std::string(toString(c));
  return s;
}

std::vector<Collective> collectivesOf(const Constructions& e, bool damaged) {
  if (!damaged) return e.collectives;
  const std::vector<Collective>& graph = constructionsOf(std::string("graph")).collectives;
  std::vector<Collective> out;
  for (Collective c : e.collectives) {
    if (std::find(graph.begin(), graph.end(), c) != graph.end()) out.push_back(c);
  }
  return out;
}

std::string graphSizeRefusal(const NetworkDesc& net, Collective c) {
  if (c == Collective::kBroadcast || net.nodes() <= kMaxGraphCollectiveNodes) return "";
  return std::string("the graph ") + toString(c) + " takes at most " +
         std::to_string(kMaxGraphCollectiveNodes) +
         " nodes (its tables grow as N^2; --allow-large does not raise it); " + net.label +
         " has " + std::to_string(net.nodes());
}

std::string refusalOf(const NetworkDesc& net, Collective c, uint32_t messages,
                      const std::string& construction) {
  const Constructions& e = constructionsOf(net.topology);
  return e.refusal ? e.refusal(net, c, messages, construction) : std::string();
}

std::vector<Collective> collectivesOf(const NetworkDesc& net) {
  const Constructions& e = constructionsOf(net.topology);
  std::vector<Collective> out;
  for (Collective c : collectivesOf(e, !net.removed_links.empty())) {
    if (refusalOf(net, c, 1, "auto").empty()) out.push_back(c);
  }
  return out;
}

}  // namespace hypercast
