#include "topology/registry.h"

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <sstream>
#include <utility>

#include "topology/graph_file.h"
#include "topology/max_dims.h"
#include "util/error.h"
#include "util/parse_number.h"
#include "util/progress.h"

namespace hypercast {

const char* const kDefaultM = "8,6,5";
const char* const kDefaultRho = "3,2,1";
const char* const kDefaultTopology = "hypercycle";

namespace {

// The options GraphReadProgress puts in force.
std::mutex read_progress_mutex;
ProgressOptions read_progress;

bool has(const ParamMap& p, const std::string& opt) { return p.count(opt) != 0; }

std::string get(const ParamMap& p, const std::string& opt, const std::string& fallback = "") {
  const auto it = p.find(opt);
  return it == p.end() ? fallback : it->second;
}

long long required(const ParamMap& p, const std::string& opt, const std::string& topo) {
  if (!has(p, opt)) throw Error("--topology " + topo + " needs --" + opt);
  return parseInt("--" + opt, get(p, opt));
}

int intIn(long long v, const std::string& opt, long long lo, long long hi) {
  if (v < lo || v > hi) {
    throw Error("--" + opt + " must be in " + std::to_string(lo) + ".." + std::to_string(hi) +
                ", got " + std::to_string(v));
  }
  return static_cast<int>(v);
}

// --m and --rho: both, or neither for the default network.
NetworkDesc parseHypercycleNetwork(const ParamMap& p) {
  if (has(p, "m") != has(p, "rho"))
    throw Error("give both --m and --rho, or neither for the default network");
  const std::string m = get(p, "m", kDefaultM), rho = get(p, "rho", kDefaultRho);
  return hypercycleNetwork(parseIntList("--m", m), parseIntList("--rho", rho));
}

NetworkDesc parseHypercube(const ParamMap& p) {
  return hypercubeNetwork(intIn(required(p, "dim", "hypercube"), "dim", 1, kMaxNetworkDims));
}

NetworkDesc parseTorus(const ParamMap& p) {
  return torusNetwork(intIn(required(p, "n", "torus"), "n", 1, kMaxNetworkDims),
                      intIn(required(p, "k", "torus"), "k", 3, 1 << 24));
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

NetworkDesc parseCayley(const ParamMap& p) {
  if (!has(p, "group")) throw Error("--topology cayley needs --group M,... (e.g. --group 8,2)");
  if (!has(p, "gens")) throw Error("--topology cayley needs --gens (e.g. --gens \"1,0;0,1\")");
  return cayleyNetwork(parseIntList("--group", get(p, "group")), parseGenerators(get(p, "gens")));
}

NetworkDesc parseMesh(const ParamMap& p) {
  if (!has(p, "dims")) throw Error("--topology mesh needs --dims X,Y[,Z]");
  const std::vector<int> dims = parseIntList("--dims", get(p, "dims"));
  // The mesh a user names is Cang & Wu's 2-D or 3-D mesh, what the hardware's
  // coordinates (x, y[, z]) and the documented forms take.
  if (dims.size() != 2 && dims.size() != 3) {
    throw Error("--dims takes a 2-D or 3-D mesh, X,Y or X,Y,Z (e.g. 4,4 or 8,8,8), got '" +
                get(p, "dims") + "'");
  }
  return meshNetwork(dims);
}

NetworkDesc parseGraph(const ParamMap& p) {
  if (!has(p, "graph"))
    throw Error("--topology graph needs --graph FILE (an edge list or GraphML)");
  // The command line gives a flag "1"; a manifest's parameters "true".
  const std::string directed = get(p, "directed", "false");
  const bool one_way = directed == "1" || directed == "true";
  if (!one_way && directed != "0" && directed != "false") {
    throw Error("--directed is a flag, got '" + directed + "'");
  }
  // A command reads the network more than once (its cost, then its work): the
  // last file read is kept while its size and time stay the same.
  const std::string path = get(p, "graph");
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  const auto time = std::filesystem::last_write_time(path, ec);
  const std::string key = path + (one_way ? "\n1\n" : "\n0\n") + std::to_string(size) + "\n" +
                          std::to_string(time.time_since_epoch().count());
  static std::mutex mutex;
  static std::pair<std::string, NetworkDesc> last;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (!ec && last.first == key) return last.second;
  }
  // A large file takes seconds (32,768 nodes: about 1 s): the time on stderr,
  // as the command above allows (GraphReadProgress).
  Progress progress("reading " + path, 0, GraphReadProgress::current());
  progress.heartbeat();
  NetworkDesc net = graphNetwork(readGraphFile(path, one_way), path);
  progress.finish();
  const std::lock_guard<std::mutex> lock(mutex);
  if (!ec) last = {key, net};
  return net;
}

// Every entry's parser, then --remove-links (common to every topology).
template <NetworkDesc (*Parse)(const ParamMap&)>
NetworkDesc withRemovedLinks(const ParamMap& p) {
  NetworkDesc net = Parse(p);
  if (has(p, "remove-links")) removeLinks(net, get(p, "remove-links"));
  return net;
}

bool takes(const Topology& t, const std::string& option) {
  return std::any_of(t.options.begin(), t.options.end(),
                     [&](const TopologyOption& o) { return o.name == option; });
}

}  // namespace

const std::vector<Topology>& topologyTable() {
  static const std::vector<Topology> table = {
      {"hypercycle",
       "G^{rho}_{m} (Dimakopoulos & Dimopoulos): weight-based broadcast routers; with\n"
       "                 --collective, schedule-ROM nodes (broadcast: BFS tree; Faber's\n"
       "                 multinode-broadcast and total-exchange)",
       {{"m", "M_r,...,M_1",
         std::string("hypercycle: nodes per dimension, paper order (default ") + kDefaultM + ")"},
        {"rho", "R_r,...,R_1",
         std::string("hypercycle: circulant reach, rho_i <= m_i/2 (default ") + kDefaultRho + ")"}},
       withRemovedLinks<parseHypercycleNetwork>,
       NetworkDesc::Kind::kCayley,
       /*weight_routers=*/true,
       /*necklaces=*/false},
      {"hypercube",
       "the d-cube (Bertsekas et al.): every collective, as the paper builds it",
       {{"dim", "D", "hypercube: the dimension d (2^d nodes)"}},
       withRemovedLinks<parseHypercube>,
       NetworkDesc::Kind::kCayley,
       /*weight_routers=*/false,
       /*necklaces=*/false},
      {"torus",
       "MT(n,k) (Fragopoulou & Akl): multinode broadcast, scatter, total exchange\n"
       "                 (multinode scatter) at the lower bounds, k odd; k even: Faber's\n"
       "                 multinode-broadcast and total-exchange; broadcast (BFS tree)",
       {{"n", "N", "torus: dimensions"},
        {"k", "K", "torus: nodes per dimension, k >= 3 (odd for the paper's collectives)"}},
       withRemovedLinks<parseTorus>,
       NetworkDesc::Kind::kCayley,
       /*weight_routers=*/false,
       /*necklaces=*/true},
      {"cayley",
       "a Cayley graph of Z_m1 x ... x Z_mr (Faber): broadcast (BFS tree),\n"
       "                 multinode-broadcast (regular order), total-exchange",
       {{"group", "M,...", "cayley: the moduli, most significant first (8,2 = Z_8 x Z_2)"},
        {"gens", "G;G;...",
         "cayley: generators as coordinate tuples, same order (\"1,0;-1,0;0,1\");\n"
         "directed when a generator's inverse is missing"}},
       withRemovedLinks<parseCayley>,
       NetworkDesc::Kind::kCayley,
       /*weight_routers=*/false,
       /*necklaces=*/false},
      {"mesh",
       "a mesh without wrap-around: broadcast (Cang & Wu's one-port wormhole\n"
       "                 broadcast on wormhole tiles where the sides are equal powers of\n"
       "                 two; otherwise, or --switching store-and-forward, the BFS tree\n"
       "                 on schedule-ROM nodes)",
       {{"dims", "X,Y[,Z]", "mesh: extents; node x + X*y + X*Y*z"}},
       withRemovedLinks<parseMesh>,
       NetworkDesc::Kind::kMesh,
       /*weight_routers=*/false,
       /*necklaces=*/false},
      {"graph",
       "any strongly connected graph from a file (edge list or GraphML):\n"
       "                 broadcast (BFS tree), multinode-broadcast (link-by-link greedy)\n"
       "                 and total-exchange (greedy, balanced routes, routed and timed\n"
       "                 packet by packet, then rerouted through the time-expanded\n"
       "                 graph), beside their lower bounds; GraphML\n"
       "                 role=switch nodes only forward (the collectives run among the\n"
       "                 other nodes, the endpoints), port=P,Q fixes a link's ports",
       {{"graph", "FILE", "graph: an edge list ('a,b' or 'a b' per line) or a GraphML file"},
        {"directed", "", "graph: each link of the file is one-way"}},
       withRemovedLinks<parseGraph>,
       NetworkDesc::Kind::kGraph,
       /*weight_routers=*/false,
       /*necklaces=*/false},
  };
  return table;
}

const Topology* findTopology(const std::string& name) {
  for (const auto& e : topologyTable()) {
    if (e.name == name) return &e;
  }
  return nullptr;
}

std::string topologyNames() {
  std::string s;
  for (const auto& e : topologyTable()) s += (s.empty() ? "" : ", ") + e.name;
  return s;
}

std::string cayleyTopologyNames() {
  std::string s;
  for (const auto& e : topologyTable()) {
    if (e.kind == NetworkDesc::Kind::kCayley) s += (s.empty() ? "" : ", ") + e.name;
  }
  return s;
}

std::string topologyList() {
  std::string s = "topologies:\n";
  for (const auto& e : topologyTable()) {
    s += "  " + e.name + std::string(12 - e.name.size(), ' ') + e.summary + "\n";
  }
  return s;
}

const std::vector<TopologyOption>& commonNetworkOptions() {
  static const std::vector<TopologyOption> common = {
      {"remove-links", "A-B;C-D",
       "any topology: links taken out (faulty), nodes by number or a graph's names"}};
  return common;
}

std::vector<TopologyOption> allTopologyOptions() {
  std::vector<TopologyOption> all;
  for (const auto& e : topologyTable()) {
    for (const auto& o : e.options) {
      const bool seen = std::any_of(all.begin(), all.end(),
                                    [&](const TopologyOption& s) { return s.name == o.name; });
      if (!seen) all.push_back(o);
    }
  }
  all.insert(all.end(), commonNetworkOptions().begin(), commonNetworkOptions().end());
  return all;
}

const Topology& chosenTopology(const ParamMap& p, const std::string& fallback) {
  std::string name = fallback;
  if (has(p, "topology")) {
    name = get(p, "topology");
  } else {
    // The one topology whose own options the parameters give, if any.
    std::vector<std::string> named;
    for (const auto& e : topologyTable()) {
      if (std::any_of(e.options.begin(), e.options.end(),
                      [&](const TopologyOption& o) { return has(p, o.name); })) {
        named.push_back(e.name);
      }
    }
    if (named.size() == 1) name = named.front();
    if (named.size() > 1) {
      // Options of two topologies that no one topology takes together: name
      // one of each, not the fallback's (which takes neither).
      std::vector<std::string> given;  // the topologies' own options, not the common ones
      for (const auto& e : topologyTable()) {
        for (const TopologyOption& o : e.options) {
          if (has(p, o.name) && std::find(given.begin(), given.end(), o.name) == given.end()) {
            given.push_back(o.name);
          }
        }
      }
      auto takesAll = [&](const Topology& t) {
        return std::all_of(given.begin(), given.end(),
                           [&](const std::string& o) { return takes(t, o); });
      };
      auto owner = [&](const std::string& o) {
        for (const auto& e : topologyTable()) {
          if (takes(e, o)) return &e;
        }
        return static_cast<const Topology*>(nullptr);
      };
      std::vector<const Topology*> all;
      for (const auto& e : topologyTable()) {
        if (takesAll(e)) all.push_back(&e);
      }
      if (all.size() == 1) name = all.front()->name;
      if (all.empty()) {
        std::string first, second;
        const Topology* one = nullptr;
        for (const std::string& o : given) {
          const Topology* t = owner(o);
          if (!t) continue;
          if (!one) {
            one = t;
            first = "--" + o + " (" + t->name + ")";
          } else if (!takes(*one, o) && second.empty()) {
            second = "--" + o + " (" + t->name + ")";
          }
        }
        if (!second.empty()) {
          throw Error(first + " and " + second + " are options of two topologies; give --topology");
        }
      }
    }
  }
  const Topology* chosen = findTopology(name);
  if (!chosen) throw Error("unknown topology '" + name + "' (topologies: " + topologyNames() + ")");
  for (const auto& e : topologyTable()) {
    for (const auto& o : e.options) {
      if (!takes(*chosen, o.name) && has(p, o.name)) {
        throw Error("--" + o.name + " is a " + e.name + " option, not a " + chosen->name + " one" +
                    (has(p, "topology") ? "" : " (add --topology " + e.name + ")"));
      }
    }
  }
  return *chosen;
}

NetworkDesc parseNetworkDesc(const ParamMap& p) { return chosenTopology(p).parse(p); }

GraphReadProgress::GraphReadProgress(ProgressOptions options) {
  const std::lock_guard<std::mutex> lock(read_progress_mutex);
  previous_ = std::exchange(read_progress, std::move(options));
}

GraphReadProgress::~GraphReadProgress() {
  const std::lock_guard<std::mutex> lock(read_progress_mutex);
  read_progress = std::move(previous_);
}

ProgressOptions GraphReadProgress::current() {
  const std::lock_guard<std::mutex> lock(read_progress_mutex);
  return read_progress;
}

}  // namespace hypercast
