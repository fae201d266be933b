#include "flow/network_facts.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "algorithm/constructions.h"
#include "algorithm/regular_order.h"
#include "checker/lower_bounds.h"
#include "checker/network_links.h"
#include "emit/mesh_broadcast_report.h"
#include "emit/necklace_report.h"
#include "emit/network_options.h"
#include "emit/regular_order_report.h"
#include "emit/text_table.h"
#include "flow/checked_schedule.h"
#include "flow/limits.h"
#include "topology/hypercycle.h"
#include "topology/torus_necklaces.h"
#include "util/error.h"
#include "util/fact_rows.h"
#include "util/joined.h"
#include "util/progress.h"
#include "util/report_json.h"

namespace hypercast {
namespace flow {

namespace {

// The hypercycle's own facts: per dimension m, rho, degree, D, a, k (eqs. 2-6),
// as a table whose columns are as wide as their widest entry.
void hypercycleFacts(const Hypercycle& h, nlohmann::ordered_json& j, std::ostream& text) {
  nlohmann::ordered_json dims = nlohmann::ordered_json::array();
  const std::vector<std::string> header = {"dim", "m", "rho", "degree", "D", "a", "k", "weight"};
  std::vector<std::vector<std::string>> rows = {header};
  for (int i = h.dims(); i >= 1; --i) {
    const Dimension& d = h.dim(i);
    dims.push_back({{"dim", i},
                    {"m", d.m},
                    {"rho", d.rho},
                    {"degree", d.degree()},
                    {"D", d.diameter()},
                    {"a", d.a()},
                    {"k", d.k()},
                    {"weight", h.weight(i)}});
    rows.push_back({std::to_string(i), std::to_string(d.m), std::to_string(d.rho),
                    std::to_string(d.degree()), std::to_string(d.diameter()), std::to_string(d.a()),
                    std::to_string(d.k()), std::to_string(h.weight(i))});
  }
  writeTextTable(text, rows);
  j["dimensions"] = dims;
}

// The diameter from each network's own definition: the hypercycle's eq. (4), the
// d-cube's d, MT(n,k)'s n floor(k/2), the mesh's sum of (extent - 1); a Cayley
// graph's by BFS from node 0 (every Cayley graph is vertex-transitive).
long long diameterOf(const NetworkDesc& net, const std::optional<Hypercycle>& h) {
  if (!net.removed_links.empty()) {
    NetworkDesc graph = net;
    graph.kind = NetworkDesc::Kind::kGraph;
    const PortGraph g = PortGraph::build(net);
    graph.links.clear();
    graph.removed_links.clear();  // the links below are those left
    for (uint64_t x = 0; x < net.nodes(); ++x) {
      for (int p = 0; p < g.ports(); ++p) {
        const PortEnd e = g.drives(x, p);
        if (e.present()) graph.links.push_back({static_cast<uint32_t>(x), p, e.node, e.port});
      }
    }
    return diameterOf(graph, std::nullopt);
  }
  if (net.kind == NetworkDesc::Kind::kMesh) {
    long long diameter = 0;
    for (int x : net.radices) diameter += x - 1;
    return diameter;
  }
  if (h) return h->diameter();
  if (net.isBinaryHypercube()) return net.hypercubeDim();
  if (net.isTorus()) return static_cast<long long>(net.radices.size()) * (net.radices[0] / 2);
  long long far = 0;  // a graph's or a Cayley graph's: the largest eccentricity
  if (net.kind == NetworkDesc::Kind::kGraph) {
    const checker::NetworkLinks links(net);
    for (uint64_t x = 0; x < net.nodes(); ++x)
      far = std::max<long long>(far, links.eccentricity(x));
    return far;
  }
  return checker::NetworkLinks(net).eccentricity(0);
}

// The fewest and the most neighbours a node has (distinct nodes its outputs
// lead to): a Cayley graph's node 0's (every node alike), a mesh's from its
// extents (a side of 2 has no interior: one neighbour along it), any other
// network's (a graph, links removed) from its port graph.
std::pair<int, int> degreeRange(const NetworkDesc& net) {
  if (net.removed_links.empty() && net.kind == NetworkDesc::Kind::kCayley) {
    std::vector<uint64_t> to;
    for (const auto& g : net.gens) to.push_back(net.address(g));
    std::sort(to.begin(), to.end());
    const int d = static_cast<int>(std::unique(to.begin(), to.end()) - to.begin());
    return {d, d};
  }
  if (net.removed_links.empty() && net.kind == NetworkDesc::Kind::kMesh) {
    int least = 0, most = 0;
    for (int x : net.radices) {
      least += x >= 2 ? 1 : 0;
      most += x >= 3 ? 2 : x == 2 ? 1 : 0;
    }
    return {least, most};
  }
  const PortGraph g = PortGraph::build(net);
  int least = g.ports(), most = 0;
  for (uint64_t x = 0; x < g.nodes(); ++x) {
    std::vector<uint32_t> to;
    for (int p = 0; p < g.ports(); ++p) {
      if (g.drives(x, p).present()) to.push_back(g.drives(x, p).node);
    }
    std::sort(to.begin(), to.end());
    const int d = static_cast<int>(std::unique(to.begin(), to.end()) - to.begin());
    least = std::min(least, d);
    most = std::max(most, d);
  }
  return {least, most};
}

// A graph's facts from its links alone (a graph from a file, or a network with
// links removed): what info reports for it.
struct GraphFacts {
  uint64_t nodes = 0, links = 0;         // one-way links
  uint64_t endpoints = 0, switches = 0;  // the nodes with and without an endpoint
  int out_min = 0, out_max = 0, in_min = 0, in_max = 0;
  int diameter = 0, radius = 0;
  bool regular = false;
  std::string vertex_transitive;  // "yes", "no", "not decided"
  checker::KnownBound mnb, te;
};

// Whether some automorphism maps node 0 to v: backtracking over the nodes in
// BFS order from 0, each image adjacent (both ways) to the images of the nodes
// placed before it exactly when the node is; `budget` adjacency tests in all.
// 1 yes, 0 no, -1 out of budget.
int mapsZeroTo(const PortGraph& g, const std::vector<std::vector<char>>& adj,
               const std::vector<uint32_t>& order, uint32_t v, long long& budget) {
  const size_t n = order.size();
  std::vector<long long> image(n, -1);  // by node
  std::vector<char> used(n, 0);
  std::vector<size_t> next(n, 0);  // per depth: the next candidate to try
  size_t depth = 0;
  image[order[0]] = v;
  used[v] = 1;
  depth = 1;
  while (depth > 0 && depth < n) {
    const uint32_t x = order[depth];
    if (image[x] >= 0) {
      used[static_cast<size_t>(image[x])] = 0;
      image[x] = -1;
    }
    bool placed = false;
    for (size_t c = next[depth]; c < n && !placed; ++c) {
      if (used[c] || g.degree(c) != g.degree(x)) continue;
      budget -= static_cast<long long>(depth);
      if (budget < 0) return -1;
      bool fits = true;
      for (size_t k = 0; k < depth && fits; ++k) {
        const uint32_t y = order[k];
        const size_t iy = static_cast<size_t>(image[y]);
        fits = adj[x][y] == adj[c][iy] && adj[y][x] == adj[iy][c];
      }
      if (fits) {
        image[x] = static_cast<long long>(c);
        used[c] = 1;
        next[depth] = c + 1;
        placed = true;
      }
    }
    if (placed) {
      ++depth;
      if (depth < n) next[depth] = 0;
    } else {
      next[depth] = 0;
      --depth;
    }
  }
  return depth == n ? 1 : 0;
}

// "1 step", "2 steps", "1 switch", "3 switches".
std::string counted(uint64_t k, const std::string& one) {
  const bool es = !one.empty() && (one.back() == 'h' || one.back() == 's');
  return std::to_string(k) + " " + one + (k == 1 ? "" : es ? "es" : "s");
}

GraphFacts graphFacts(const NetworkDesc& net) {
  GraphFacts f;
  const PortGraph g = PortGraph::build(net);
  const uint64_t n = g.nodes();
  f.nodes = n;
  f.endpoints = net.endpoints();
  f.switches = net.switches.size();
  std::vector<int> in(n, 0), out(n, 0);
  std::vector<std::vector<char>> adj(n <= 512 ? n : 0, std::vector<char>(n <= 512 ? n : 0, 0));
  for (uint64_t x = 0; x < n; ++x) {
    for (int p = 0; p < g.ports(); ++p) {
      const PortEnd e = g.drives(x, p);
      if (!e.present()) continue;
      ++out[x];
      ++in[e.node];
      ++f.links;
      if (!adj.empty()) adj[x][e.node] = 1;
    }
  }
  f.out_min = *std::min_element(out.begin(), out.end());
  f.out_max = *std::max_element(out.begin(), out.end());
  f.in_min = *std::min_element(in.begin(), in.end());
  f.in_max = *std::max_element(in.begin(), in.end());
  f.regular = f.out_min == f.out_max && f.in_min == f.in_max && f.out_min == f.in_min;
  // Each node's distance profile (how many nodes at each distance): an
  // automorphism keeps it, so different profiles decide "no".
  std::vector<std::vector<int>> profile(n);
  f.radius = -1;
  for (uint64_t x = 0; x < n; ++x) {
    const PortGraph::Bfs b = g.bfs(x);
    // The diameter and radius among the endpoints, as the collectives see them.
    int ecc = b.order.size() == n ? 0 : -1;
    for (uint64_t y = 0; y < n && ecc >= 0; ++y) {
      if (!net.isSwitch(y)) ecc = std::max(ecc, b.dist[y]);
    }
    if (!net.isSwitch(x)) {
      f.diameter = std::max(f.diameter, ecc);
      f.radius = f.radius < 0 ? ecc : std::min(f.radius, ecc);
    }
    const int reach = b.order.size() == n ? b.dist[b.order.back()] : -1;
    profile[x].assign(static_cast<size_t>(std::max(reach, 0)) + 1, 0);
    for (int d : b.dist) {
      if (d >= 0) ++profile[x][static_cast<size_t>(d)];
    }
  }
  const bool same = std::all_of(profile.begin(), profile.end(),
                                [&](const std::vector<int>& p) { return p == profile[0]; });
  if (!f.regular || !same) {
    f.vertex_transitive = "no";
  } else if (net.kind == NetworkDesc::Kind::kCayley && net.removed_links.empty()) {
    f.vertex_transitive = "yes";  // a Cayley graph
  } else if (adj.empty()) {
    f.vertex_transitive = "not decided";
  } else {
    const std::vector<uint32_t> order = g.bfs(0).order;
    long long budget = 50000000;
    f.vertex_transitive = "yes";
    for (uint32_t v = 1; v < n && f.vertex_transitive == "yes"; ++v) {
      const int m = mapsZeroTo(g, adj, order, v, budget);
      if (m < 0) f.vertex_transitive = "not decided";
      if (m == 0) f.vertex_transitive = "no";
    }
  }
  CollectiveProblem c;
  c.nodes = n;
  c.collective = Collective::kMultinodeBroadcast;
  f.mnb = checker::graphLowerBound(net, c);
  c.collective = Collective::kTotalExchange;
  f.te = checker::graphLowerBound(net, c);
  return f;
}

// The facts under `key` ("graph_facts", or "intact" for the network before
// links were removed, its text lines marked so): not "graph", the graph
// topology's option (the file's path), which info --json gives at top level.
void writeGraphFacts(const GraphFacts& f, bool intact, nlohmann::ordered_json& j,
                     std::ostream& text) {
  const std::string key = intact ? "intact" : "graph_facts";
  j[key] = {
      {"nodes", f.nodes},
      {"endpoints", f.endpoints},
      {"switches", f.switches},
      {"links", f.links},
      {"out_degree", {f.out_min, f.out_max}},
      {"in_degree", {f.in_min, f.in_max}},
      {"diameter", f.diameter},
      {"radius", f.radius},
      {"regular", f.regular},
      {"vertex_transitive", f.vertex_transitive},
      {"multinode_broadcast_bound", f.mnb.known ? f.mnb.bound.steps : 0},
      {"multinode_broadcast_transmissions_bound", f.mnb.known ? f.mnb.bound.transmissions : 0},
      {"total_exchange_bound", f.te.known ? f.te.bound.steps : 0},
      {"total_exchange_transmissions_bound", f.te.known ? f.te.bound.transmissions : 0}};
  const std::string pre = intact ? "intact " : "";
  if (f.switches > 0) {
    text << pre << factKey("endpoints") << f.endpoints << " (and " << counted(f.switches, "switch")
         << (f.switches == 1 ? ", which forwards" : ", which forward")
         << " only; the collectives run among the endpoints)\n";
  }
  auto range = [](int lo, int hi) {
    return lo == hi ? std::to_string(lo) : std::to_string(lo) + ".." + std::to_string(hi);
  };
  text << pre << factKey("links") << f.links << " one-way\n"
       << pre << factKey("degree") << range(f.out_min, f.out_max) << " out, "
       << range(f.in_min, f.in_max) << " in\n"
       << pre << factKey("diameter") << f.diameter << ", radius " << f.radius << "\n"
       << pre << factKey("regular") << (f.regular ? "yes" : "no") << ", vertex-transitive "
       << f.vertex_transitive << "\n"
       << pre << factKey("bounds") << "multinode-broadcast " << counted(f.mnb.bound.steps, "step")
       << ", " << counted(f.mnb.bound.transmissions, "transmission") << "; total-exchange "
       << counted(f.te.bound.steps, "step") << ", "
       << counted(f.te.bound.transmissions, "transmission") << "\n";
}

}  // namespace

InfoRequest readInfoRequest(const Params& a) {
  InfoRequest r;
  r.topology = &chosenTopology(a.params());
  r.network = a.params();
  r.necklaces = a.has("necklaces");
  r.regular_order = a.has("regular-order");
  r.eyes = a.has("eyes");
  r.json = a.has("json");
  r.allow_large = allowLarge(a);
  const Topology& topo = *r.topology;
  if (r.necklaces && !topo.necklaces) {
    throw Error("--necklaces lists a torus's necklaces (--topology torus), not a " + topo.name +
                "'s");
  }
  if (r.eyes && topo.kind != NetworkDesc::Kind::kMesh) {
    throw Error("--eyes lists a mesh's eyes (--topology mesh), not a " + topo.name + "'s");
  }
  return r;
}

CommandReport networkFactsReport(const InfoRequest& r) {
  const Topology& topo = *r.topology;
  const NetworkDesc net = topo.parse(r.network);
  if (r.eyes && !net.removed_links.empty()) {  // before any work
    throw Error(
        "--eyes lists the eyes of Cang & Wu's broadcast, which runs on the intact mesh; "
        "the " +
        net.label + " has links removed");
  }
  // The hypercycle's own facts come from its class (eqs. 2-6).
  const std::optional<Hypercycle> h =
      net.isHypercycle() ? std::optional<Hypercycle>(Hypercycle::of(net)) : std::nullopt;
  const uint64_t n = net.nodes();
  const uint64_t most = r.allow_large ? kMaxInfoGraphNodesLarge : kMaxInfoGraphNodes;
  if ((net.kind == NetworkDesc::Kind::kGraph || !net.removed_links.empty()) && n > most) {
    throw Error(
        "info on a graph or a damaged network takes at most " + std::to_string(most) + " nodes" +
        (r.allow_large
             ? std::string()
             : " (--allow-large raises it to " + std::to_string(kMaxInfoGraphNodesLarge) + ")") +
        "; " + net.label + " has " + std::to_string(n));
  }
  // A graph's facts walk every pair of nodes: seconds from a few thousand
  // nodes on, minutes at --allow-large's size; the time on stderr.
  std::optional<Progress> progress;
  if (net.kind == NetworkDesc::Kind::kGraph || !net.removed_links.empty()) {
    progress.emplace("info");
    progress->heartbeat();
  }
  // The phase running, on the progress line.
  auto phase = [&](const char* what) {
    if (progress) progress->detail(what);
  };
  phase("diameter");
  const long long diameter = diameterOf(net, h);
  // Neighbours per node (the graph's degrees) and the router's ports per node
  // (one per generator, two per mesh dimension, a graph's most used).
  const std::pair<int, int> degree = degreeRange(net);
  // What the network's definition gives in figures; its parameters at top level.
  nlohmann::ordered_json j;
  j["figures"] = {{"nodes", n},
                  {"ports", net.ports()},
                  {"degree", degree.second},
                  {"degree_min", degree.first},
                  {"diameter", diameter}};
  for (const auto& kv : net.params) j[kv.first] = networkOptionValue(kv.first, kv.second);
  j["directed"] = net.directed();
  // The collectives `schedule` builds on this network (scheduledCollectives).
  const std::vector<std::string> collectives = scheduledCollectives(net);
  j["collectives"] = collectives;
  const std::string names = joined(collectives);
  std::ostringstream facts;
  if (h) {
    j["m"] = nlohmann::json::parse("[" + h->mList() + "]");
    j["rho"] = nlohmann::json::parse("[" + h->rhoList() + "]");
    hypercycleFacts(*h, j, facts);
  } else if (net.kind == NetworkDesc::Kind::kCayley) {
    j["group"] = std::vector<int>(net.radices.rbegin(), net.radices.rend());
    std::vector<std::vector<int>> gens;
    for (const auto& g : net.gens) gens.emplace_back(g.rbegin(), g.rend());
    j["generators"] = gens;
    facts << factKey("group") << "Z_" << net.radices.back();
    for (size_t i = net.radices.size() - 1; i-- > 0;) facts << " x Z_" << net.radices[i];
    facts << " (first coordinate most significant)\n" << factKey("generators");
    for (size_t p = 0; p < gens.size(); ++p) {
      facts << (p ? ", " : "") << "port " << p << " (";
      for (size_t i = 0; i < gens[p].size(); ++i) facts << (i ? "," : "") << gens[p][i];
      facts << ")";
    }
    facts << "\n";
    if (r.necklaces) {
      if (n > (uint64_t{1} << 20)) {
        throw Error("--necklaces lists networks of at most 1048576 nodes; " + net.label + " has " +
                    std::to_string(n));
      }
      const TorusLabels t(static_cast<int>(net.radices.size()), net.radices.front());
      writeNecklaceReport(t, j, facts);
    }
  } else if (net.kind == NetworkDesc::Kind::kGraph) {
    j["node_labels"] = net.node_labels;
  } else {  // the mesh: its sides are the option `dims`, above
    facts << factKey("mesh")
          << "node = x + X*y + X*Y*z; ports +x,-x,+y,-y,...; boundary ports absent\n";
    if (r.eyes) writeEyeReport(meshCube(net.radices), j, facts);
  }
  if (net.kind == NetworkDesc::Kind::kGraph || !net.removed_links.empty()) {
    phase("the graph's degrees, distances and symmetry");
    writeGraphFacts(graphFacts(net), false, j, facts);
    if (!net.removed_links.empty()) {
      phase("the intact network's degrees, distances and symmetry");
      NetworkDesc intact = net;
      intact.removed_links.clear();
      writeGraphFacts(graphFacts(intact), true, j, facts);
    }
    phase("");
  }
  if (r.regular_order) {
    if (net.kind != NetworkDesc::Kind::kCayley) {
      throw Error("--regular-order needs a Cayley graph (--topology cayley); " + net.label +
                  " is given as a " + net.topology);
    }
    if (n > (uint64_t{1} << 16)) {
      throw Error("--regular-order searches networks of at most 65536 nodes; " + net.label +
                  " has " + std::to_string(n));
    }
    writeRegularOrderReport(searchRegularOrder(PortGraph::build(net)), j, facts);
  }
  if (progress) progress->finish();
  if (r.json) return jsonReport({"info", net.topology, net.label, "info", {}}, j);
  std::ostringstream lines;
  // The topology, then the label, unless the label ends with it ("4x4 mesh").
  const std::string tail = " " + net.topology;
  const bool named = net.label.size() > tail.size() &&
                     net.label.compare(net.label.size() - tail.size(), tail.size(), tail) == 0;
  lines << (named ? net.label : net.topology + " " + net.label) << "\n"
        << factKey("nodes") << n << "\n"
        << factKey("degree")
        << (degree.first == degree.second
                ? std::to_string(degree.first)
                : std::to_string(degree.first) + ".." + std::to_string(degree.second))
        << " (neighbours per node; " << counted(static_cast<uint64_t>(net.ports()), "router port")
        << ")\n"
        << factKey("diameter") << diameter << "\n"
        << factKey("directed") << (net.directed() ? "yes" : "no") << "\n"
        << factKey("collectives") << names << "\n"
        << facts.str();
  return textReport(lines.str());
}

}  // namespace flow
}  // namespace hypercast
