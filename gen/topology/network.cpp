#include "topology/network.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "topology/hypercycle.h"
#include "topology/max_dims.h"
#include "topology/port_graph.h"
#include "util/error.h"

namespace hypercast {

static_assert(uint64_t{1} << kMaxNetworkDims == kMaxNetworkNodes, "2^dims nodes at the most");

namespace {

// Eight hex digits of the FNV-1a hash of `text`: a short, stable part of a
// module name that tells two networks apart.
std::string shortHash(const std::string& text) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  char hash[9];
  std::snprintf(hash, sizeof hash, "%08llx", static_cast<unsigned long long>(h & 0xffffffffu));
  return hash;
}

// The --topology words of the factories (topology/registry.cpp names them alike).
const char kHypercubeName[] = "hypercube";
const char kHypercycleName[] = "hypercycle";
const char kTorusName[] = "torus";
const char kCayleyName[] = "cayley";
const char kMeshName[] = "mesh";

std::string join(const std::vector<int>& v, const char* sep) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + std::to_string(v[i]);
  return s;
}

std::vector<int> reversed(std::vector<int> v) {
  std::reverse(v.begin(), v.end());
  return v;
}

uint64_t product(const std::vector<int>& radices, const std::string& what) {
  uint64_t n = 1;
  for (int m : radices) {
    if (n > kMaxNetworkNodes / static_cast<uint64_t>(m)) {
      throw Error(what + " has more than " + std::to_string(kMaxNetworkNodes) + " nodes");
    }
    n *= static_cast<uint64_t>(m);
  }
  return n;
}

// Whether the generators reach every node from node 0 (a Cayley graph is then
// strongly connected: every node looks the same).
bool generates(const NetworkDesc& net) {
  const uint64_t n = net.nodes();
  std::vector<bool> seen(n, false);
  std::vector<uint64_t> frontier = {0};
  seen[0] = true;
  uint64_t reached = 1;
  while (!frontier.empty()) {
    const uint64_t x = frontier.back();
    frontier.pop_back();
    std::vector<int> d = net.digits(x);
    for (const auto& g : net.gens) {
      std::vector<int> e = d;
      for (size_t i = 0; i < e.size(); ++i) e[i] = (e[i] + g[i]) % net.radices[i];
      const uint64_t y = net.address(e);
      if (!seen[y]) {
        seen[y] = true;
        ++reached;
        frontier.push_back(y);
      }
    }
  }
  return reached == n;
}

}  // namespace

uint64_t NetworkDesc::nodes() const {
  uint64_t n = 1;
  for (int m : radices) n *= static_cast<uint64_t>(m);
  return n;
}

int NetworkDesc::ports() const {
  if (kind == Kind::kGraph) return graph_ports;
  return kind == Kind::kMesh ? 2 * static_cast<int>(radices.size()) : static_cast<int>(gens.size());
}

bool NetworkDesc::removed(uint64_t from, uint64_t to) const {
  for (const auto& l : removed_links) {
    if (l.first == from && l.second == to) return true;
  }
  return false;
}

bool NetworkDesc::isSwitch(uint64_t x) const {
  return std::binary_search(switches.begin(), switches.end(), static_cast<uint32_t>(x));
}

uint64_t NetworkDesc::endpoints() const { return nodes() - switches.size(); }

std::string NetworkDesc::nodeName(uint64_t x) const {
  return x < node_labels.size() ? node_labels[x] : std::to_string(x);
}

bool NetworkDesc::directed() const {
  if (kind == Kind::kMesh) return false;
  if (kind == Kind::kGraph) {
    // Directed unless every link's reverse is a link: the links sorted once,
    // each reverse looked up (N log N, not N^2: a 32,768-node graph file).
    std::vector<std::pair<uint32_t, uint32_t>> ends;
    ends.reserve(links.size());
    for (const GraphLink& l : links) ends.emplace_back(l.from, l.to);
    std::sort(ends.begin(), ends.end());
    return std::any_of(ends.begin(), ends.end(), [&](const std::pair<uint32_t, uint32_t>& e) {
      return !std::binary_search(ends.begin(), ends.end(), std::make_pair(e.second, e.first));
    });
  }
  for (const auto& g : gens) {
    std::vector<int> inv(g.size());
    for (size_t i = 0; i < g.size(); ++i) inv[i] = (radices[i] - g[i]) % radices[i];
    if (std::find(gens.begin(), gens.end(), inv) == gens.end()) return true;
  }
  return false;
}

std::vector<int> NetworkDesc::digits(uint64_t x) const {
  std::vector<int> d(radices.size());
  for (size_t i = 0; i < radices.size(); ++i) {
    d[i] = static_cast<int>(x % static_cast<uint64_t>(radices[i]));
    x /= static_cast<uint64_t>(radices[i]);
  }
  return d;
}

uint64_t NetworkDesc::address(const std::vector<int>& digits) const {
  uint64_t x = 0;
  for (size_t i = radices.size(); i-- > 0;) {
    x = x * static_cast<uint64_t>(radices[i]) + static_cast<uint64_t>(digits[i]);
  }
  return x;
}

bool NetworkDesc::isBinaryHypercube() const { return topology == kHypercubeName; }

int NetworkDesc::hypercubeDim() const {
  return isBinaryHypercube() ? static_cast<int>(radices.size()) : 0;
}

bool NetworkDesc::isTorus() const { return topology == kTorusName; }

bool NetworkDesc::isHypercycle() const { return topology == kHypercycleName; }

const char* kindName(NetworkDesc::Kind kind) {
  switch (kind) {
    case NetworkDesc::Kind::kMesh:
      return "mesh";
    case NetworkDesc::Kind::kGraph:
      return "graph";
    case NetworkDesc::Kind::kCayley:
      break;
  }
  return "cayley";
}

namespace {
constexpr NetworkDesc::Kind kKinds[] = {NetworkDesc::Kind::kCayley, NetworkDesc::Kind::kMesh,
                                        NetworkDesc::Kind::kGraph};
}  // namespace

bool parseKind(const std::string& word, NetworkDesc::Kind* kind) {
  for (NetworkDesc::Kind k : kKinds) {
    if (word == kindName(k)) {
      *kind = k;
      return true;
    }
  }
  return false;
}

std::string kindNames() {
  std::string s;
  for (NetworkDesc::Kind k : kKinds) s += std::string(s.empty() ? "" : ", ") + kindName(k);
  return s;
}

NetworkDesc hypercubeNetwork(int d) {
  if (d < 1 || d > 24) {
    throw Error("hypercube dimension must be in 1..24, got " + std::to_string(d));
  }
  NetworkDesc net;
  net.topology = kHypercubeName;
  net.name = "cube" + std::to_string(d);
  net.label = std::to_string(d) + "-cube";
  net.radices.assign(static_cast<size_t>(d), 2);
  for (int p = 0; p < d; ++p) {
    std::vector<int> g(static_cast<size_t>(d), 0);
    g[static_cast<size_t>(p)] = 1;
    net.gens.push_back(g);
  }
  net.params = {{"dim", std::to_string(d)}};
  return net;
}

NetworkDesc hypercycleNetwork(const std::vector<int>& m_r_to_1,
                              const std::vector<int>& rho_r_to_1) {
  const Hypercycle h = Hypercycle::fromPaperOrder(m_r_to_1, rho_r_to_1);
  NetworkDesc net;
  net.topology = kHypercycleName;
  net.name = h.name();
  net.label = "G^{" + h.rhoList() + "}_{" + h.mList() + "}";
  for (int i = 1; i <= h.dims(); ++i) net.radices.push_back(h.dim(i).m);
  for (const Port& p : h.ports()) {
    std::vector<int> g(static_cast<size_t>(h.dims()), 0);
    const int m = h.dim(p.dim).m;
    g[static_cast<size_t>(p.dim - 1)] = (p.offset % m + m) % m;
    net.gens.push_back(g);
  }
  net.params = {{"m", h.mList()}, {"rho", h.rhoList()}};
  return net;
}

NetworkDesc torusNetwork(int n, int k) {
  if (n < 1 || n > 24) throw Error("torus --n must be in 1..24, got " + std::to_string(n));
  if (k < 3) {
    throw Error("torus --k must be at least 3 (k = 2 is the hypercube), got " + std::to_string(k));
  }
  NetworkDesc net;
  net.topology = kTorusName;
  net.name = "torus_n" + std::to_string(n) + "_k" + std::to_string(k);
  net.label = "MT(" + std::to_string(n) + "," + std::to_string(k) + ")";
  net.radices.assign(static_cast<size_t>(n), k);
  product(net.radices, "MT(" + std::to_string(n) + "," + std::to_string(k) + ")");
  for (int i = 0; i < n; ++i) {
    for (int s : {1, k - 1}) {
      std::vector<int> g(static_cast<size_t>(n), 0);
      g[static_cast<size_t>(i)] = s;
      net.gens.push_back(g);
    }
  }
  net.params = {{"n", std::to_string(n)}, {"k", std::to_string(k)}};
  return net;
}

NetworkDesc cayleyNetwork(const std::vector<int>& group_msf,
                          const std::vector<std::vector<int>>& gens_msf) {
  if (group_msf.empty()) throw Error("--group is empty: give the moduli, e.g. --group 8,2");
  if (group_msf.size() > 24) throw Error("--group has more than 24 factors");
  for (int m : group_msf) {
    if (m < 2) throw Error("--group: every factor Z_m needs m >= 2, got " + std::to_string(m));
  }
  if (gens_msf.empty()) throw Error("--gens is empty: give generators, e.g. --gens \"1,0;0,1\"");
  NetworkDesc net;
  net.topology = kCayleyName;
  net.radices = reversed(group_msf);
  product(net.radices, "the group");
  for (size_t p = 0; p < gens_msf.size(); ++p) {
    const std::vector<int>& g = gens_msf[p];
    if (g.size() != group_msf.size()) {
      throw Error("--gens: generator " + std::to_string(p + 1) + " (" + join(g, ",") + ") has " +
                  std::to_string(g.size()) + " coordinates; the group has " +
                  std::to_string(group_msf.size()));
    }
    std::vector<int> n = reversed(g);
    bool zero = true;
    for (size_t i = 0; i < n.size(); ++i) {
      n[i] = ((n[i] % net.radices[i]) + net.radices[i]) % net.radices[i];
      zero = zero && n[i] == 0;
    }
    if (zero) throw Error("--gens: generator (" + join(g, ",") + ") is the identity");
    if (std::find(net.gens.begin(), net.gens.end(), n) != net.gens.end()) {
      throw Error("--gens: generator (" + join(g, ",") + ") is listed twice (modulo the group)");
    }
    net.gens.push_back(n);
  }
  if (!generates(net)) {
    throw Error("--gens do not generate the group: the Cayley graph is not connected");
  }
  std::string gens_text;
  for (size_t p = 0; p < gens_msf.size(); ++p) {
    gens_text += (p ? ";" : "") + join(gens_msf[p], ",");
  }
  net.name = "cay_z" + join(group_msf, "x") + "_g" + std::to_string(gens_msf.size()) + "_" +
             shortHash(gens_text);
  std::string z;
  for (size_t i = 0; i < group_msf.size(); ++i) {
    z += (i ? " x Z_" : "Z_") + std::to_string(group_msf[i]);
  }
  net.label = z + " <" + gens_text + ">";
  net.params = {{"group", join(group_msf, ",")}, {"gens", gens_text}};
  return net;
}

NetworkDesc meshNetwork(const std::vector<int>& extents) {
  if (extents.empty() || extents.size() > 8) {
    throw Error("--dims takes 1 to 8 extents, e.g. --dims 4,3,2");
  }
  for (int x : extents) {
    if (x < 2) throw Error("--dims: every extent must be at least 2, got " + std::to_string(x));
  }
  NetworkDesc net;
  net.kind = NetworkDesc::Kind::kMesh;
  net.topology = kMeshName;
  net.radices = extents;
  product(net.radices, "the mesh");
  net.name = "mesh_" + join(extents, "x");
  net.label = join(extents, "x") + " mesh";
  net.params = {{"dims", join(extents, ",")}};
  return net;
}

uint32_t groupAdd(const std::vector<int>& radices, uint32_t x, uint32_t y) {
  uint32_t out = 0, w = 1;
  for (int m : radices) {
    const uint32_t r = static_cast<uint32_t>(m);
    out += ((x % r + y % r) % r) * w;
    x /= r;
    y /= r;
    w *= r;
  }
  return out;
}

uint32_t groupSub(const std::vector<int>& radices, uint32_t x, uint32_t y) {
  uint32_t out = 0, w = 1;
  for (int m : radices) {
    const uint32_t r = static_cast<uint32_t>(m);
    out += ((x % r + r - y % r) % r) * w;
    x /= r;
    y /= r;
    w *= r;
  }
  return out;
}

namespace {

bool isDecimal(const std::string& w) {
  return !w.empty() && std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

bool numberNames(const NetworkDesc& net) {
  return std::any_of(net.node_labels.begin(), net.node_labels.end(), isDecimal);
}

long long nodeByWord(const NetworkDesc& net, const std::string& word) {
  const auto& names = net.node_labels;
  const auto named = std::find(names.begin(), names.end(), word);
  if (named != names.end()) return named - names.begin();
  // A file that names its nodes by numbers: "7" is the name 7, which is not there.
  if (!isDecimal(word) || word.size() >= 10 || numberNames(net)) return -1;
  const unsigned long long x = std::stoull(word);
  return x < net.nodes() ? static_cast<long long>(x) : -1;
}

namespace {

// The two ends of `pair`, "a-b": split at the one '-' that leaves a node on
// each side (a graph's names may hold '-': "r-0-r-1" is r-0 and r-1).
std::pair<uint32_t, uint32_t> linkEnds(const NetworkDesc& net, const std::string& pair) {
  const size_t first = pair.find('-');
  if (first == std::string::npos) {
    throw Error("--remove-links: '" + pair + "' is not a link a-b (links separated by ';')");
  }
  std::vector<std::pair<uint32_t, uint32_t>> splits;
  for (size_t dash = first; dash != std::string::npos; dash = pair.find('-', dash + 1)) {
    const long long a = nodeByWord(net, pair.substr(0, dash));
    const long long b = nodeByWord(net, pair.substr(dash + 1));
    if (a >= 0 && b >= 0) splits.emplace_back(static_cast<uint32_t>(a), static_cast<uint32_t>(b));
  }
  if (splits.size() > 1) {
    throw Error("--remove-links: '" + pair + "' splits into two nodes in " +
                std::to_string(splits.size()) + " ways; give the nodes' numbers");
  }
  if (splits.empty()) {
    // The end at fault: after the first node on the left, else the left one.
    std::string bad = pair.substr(0, first);
    for (size_t dash = first; dash != std::string::npos; dash = pair.find('-', dash + 1)) {
      if (nodeByWord(net, pair.substr(0, dash)) >= 0) {
        bad = pair.substr(dash + 1);
        break;
      }
    }
    throw Error("--remove-links: '" + bad + "' in '" + pair + "' is not a node of " + net.label +
                (numberNames(net)          ? " (a node is its name)"
                 : net.node_labels.empty() ? " (a node is its number)"
                                           : " (a node is its number or its name)"));
  }
  return splits.front();
}

}  // namespace

void removeLinks(NetworkDesc& net, const std::string& text) {
  if (text.empty())
    throw Error("--remove-links is empty: give links, e.g. --remove-links \"0-1;2-3\"");
  const PortGraph g = PortGraph::build(net);
  const bool directed = net.directed();
  size_t start = 0;
  std::vector<std::pair<uint32_t, uint32_t>> gone;
  while (start <= text.size()) {
    const size_t end = std::min(text.find(';', start), text.size());
    const std::string pair = text.substr(start, end - start);
    const auto [a, b] = linkEnds(net, pair);
    // On a directed network a-b is the one-way link a -> b alone.
    const bool ab = g.portTo(a, b) >= 0, ba = !directed && g.portTo(b, a) >= 0;
    if (!ab && !ba) {
      throw Error("--remove-links: " + pair + " is not a " +
                  (directed ? "one-way link (a -> b) " : "link ") + "of " + net.label);
    }
    for (const auto& l : std::vector<std::pair<uint32_t, uint32_t>>{{a, b}, {b, a}}) {
      if (g.portTo(l.first, l.second) < 0 || (directed && l.first != a)) continue;
      if (std::find(gone.begin(), gone.end(), l) != gone.end()) {
        throw Error("--remove-links: " + pair + " is given twice");
      }
      gone.push_back(l);
    }
    start = end + 1;
  }
  net.removed_links.insert(net.removed_links.end(), gone.begin(), gone.end());
  // Strongly connected: every node reached from node 0 and, directed, node 0
  // reached from every node (a search against the links).
  const PortGraph damaged = PortGraph::build(net);
  auto firstLost = [&](bool backward) {
    const PortGraph::Bfs reach = damaged.bfs(0, backward);
    uint64_t lost = 0;
    while (lost < net.nodes() && reach.dist[lost] >= 0) ++lost;
    return lost;
  };
  const std::string cut = "--remove-links " + text + " disconnects " + net.label + ": node ";
  if (const uint64_t lost = firstLost(false); lost < net.nodes()) {
    throw Error(cut + net.nodeName(lost) + " cannot be reached from node " + net.nodeName(0));
  }
  if (const uint64_t lost = directed ? firstLost(true) : net.nodes(); lost < net.nodes()) {
    throw Error(cut + net.nodeName(0) + " cannot be reached from node " + net.nodeName(lost));
  }
  // The name tells networks with different links removed apart: the links
  // (pairs given) and a hash of every one-way link removed, sorted.
  std::vector<std::pair<uint32_t, uint32_t>> all = net.removed_links;
  std::sort(all.begin(), all.end());
  std::string links_text;
  for (const auto& l : all)
    links_text += std::to_string(l.first) + ">" + std::to_string(l.second) + ";";
  const size_t pairs = static_cast<size_t>(std::count(text.begin(), text.end(), ';')) + 1;
  net.name += "_minus" + std::to_string(pairs) + "_" + shortHash(links_text);
  net.label += " minus " + text;
  net.params.emplace_back("remove-links", text);
}

}  // namespace hypercast
