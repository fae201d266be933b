#include "topology/graph_file.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <pugixml.hpp>
#include <set>
#include <sstream>

#include "topology/port_graph.h"
#include "util/error.h"

namespace hypercast {

namespace {

class Names {
 public:
  explicit Names(GraphFile& g) : g_(g) {}
  uint32_t operator()(const std::string& word) {
    const auto it = index_.find(word);
    if (it != index_.end()) return it->second;
    const uint32_t x = static_cast<uint32_t>(g_.labels.size());
    index_.emplace(word, x);
    g_.labels.push_back(word);
    return x;
  }

 private:
  GraphFile& g_;
  std::map<std::string, uint32_t> index_;
};

void parseEdgeList(const std::string& text, GraphFile& g) {
  Names names(g);
  std::istringstream in(text);
  std::string line;
  int row = 0;
  while (std::getline(in, line)) {
    ++row;
    const size_t hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    std::replace(line.begin(), line.end(), ',', ' ');
    std::replace(line.begin(), line.end(), '\t', ' ');
    std::replace(line.begin(), line.end(), '\r', ' ');
    std::istringstream ls(line);
    std::vector<std::string> words;
    for (std::string w; ls >> w;) words.push_back(w);
    if (words.empty()) continue;
    if (words.size() != 2) {
      throw Error(g.name + ":" + std::to_string(row) +
                  ": a link is two node names, 'a,b' or 'a b'");
    }
    const uint32_t a = names(words[0]);
    const uint32_t b = names(words[1]);
    g.links.emplace_back(a, b);
    g.lines.push_back(row);
  }
}

int lineAt(const std::string& text, ptrdiff_t offset) {
  const auto end = text.begin() + std::min<ptrdiff_t>(std::max<ptrdiff_t>(offset, 0),
                                                      static_cast<ptrdiff_t>(text.size()));
  return 1 + static_cast<int>(std::count(text.begin(), end, '\n'));
}

void parseGraphMl(const std::string& text, GraphFile& g) {
  pugi::xml_document doc;
  const pugi::xml_parse_result ok = doc.load_buffer(text.data(), text.size());
  if (!ok) {
    throw Error(g.name + ":" + std::to_string(lineAt(text, ok.offset)) + ": not GraphML (" +
                ok.description() + ")");
  }
  const pugi::xml_node graph = doc.child("graphml").child("graph");
  if (!graph) throw Error(g.name + ":1: no <graphml><graph> element");
  if (std::string(graph.attribute("edgedefault").as_string()) == "directed") g.directed = true;
  Names names(g);
  for (const pugi::xml_node n : graph.children("node")) {
    const std::string id = n.attribute("id").as_string();
    if (id.empty()) {
      throw Error(g.name + ":" + std::to_string(lineAt(text, n.offset_debug())) +
                  ": a <node> without an id");
    }
    const size_t before = g.labels.size();
    names(id);
    if (g.labels.size() == before) {
      throw Error(g.name + ":" + std::to_string(lineAt(text, n.offset_debug())) + ": node '" + id +
                  "' is declared twice");
    }
  }
  const size_t declared = g.labels.size();
  for (const pugi::xml_node e : graph.children("edge")) {
    const int row = lineAt(text, e.offset_debug());
    const std::string a = e.attribute("source").as_string(), b = e.attribute("target").as_string();
    if (a.empty() || b.empty()) {
      throw Error(g.name + ":" + std::to_string(row) + ": an <edge> needs source and target");
    }
    const uint32_t x = names(a), y = names(b);
    if (g.labels.size() != declared) {
      throw Error(g.name + ":" + std::to_string(row) + ": edge to undeclared node '" +
                  g.labels.back() + "'");
    }
    g.links.emplace_back(x, y);
    g.lines.push_back(row);
  }
}

}  // namespace

GraphFile parseGraphText(const std::string& text, const std::string& name, bool directed) {
  GraphFile g;
  g.name = name;
  g.directed = directed;
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text[first] == '<') {
    parseGraphMl(text, g);
  } else {
    parseEdgeList(text, g);
  }
  if (g.labels.size() < 2) throw Error(name + ": a graph needs at least two nodes");
  if (g.labels.size() > kMaxNetworkNodes) {
    throw Error(name + ": more than " + std::to_string(kMaxNetworkNodes) + " nodes");
  }
  return g;
}

GraphFile readGraphFile(const std::string& path, bool directed) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("--graph: cannot read '" + path + "'");
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw Error("--graph: cannot read '" + path + "'");
  return parseGraphText(ss.str(), path, directed);
}

NetworkDesc graphNetwork(const GraphFile& g, const std::string& path) {
  const uint64_t n = g.labels.size();
  NetworkDesc net;
  net.kind = NetworkDesc::Kind::kGraph;
  net.topology = "graph";
  net.radices = {static_cast<int>(n)};
  net.node_labels = g.labels;
  std::vector<int> out(n, 0), in(n, 0);
  std::set<std::pair<uint32_t, uint32_t>> seen;
  for (size_t i = 0; i < g.links.size(); ++i) {
    const uint32_t a = g.links[i].first, b = g.links[i].second;
    const std::string at = g.name + ":" + std::to_string(g.lines[i]) + ": ";
    if (a == b) throw Error(at + "self-loop at node " + g.labels[a]);
    const bool twice = g.directed ? !seen.emplace(a, b).second
                                  : !seen.emplace(std::min(a, b), std::max(a, b)).second;
    if (twice) throw Error(at + "link " + g.labels[a] + "-" + g.labels[b] + " is given twice");
    if (g.directed) {
      net.links.push_back({a, out[a]++, b, in[b]++});
    } else {
      const int pa = out[a]++, pb = out[b]++;
      ++in[a];
      ++in[b];
      net.links.push_back({a, pa, b, pb});
      net.links.push_back({b, pb, a, pa});
    }
    for (uint32_t x : {a, b}) {
      if (std::max(out[x], in[x]) > kMaxGraphPorts) {
        throw Error(at + "node " + g.labels[x] + " has more than " +
                    std::to_string(kMaxGraphPorts) + " ports (a schedule-ROM node's most)");
      }
    }
  }
  for (uint64_t x = 0; x < n; ++x) net.graph_ports = std::max({net.graph_ports, out[x], in[x]});
  std::string base = path.substr(path.find_last_of('/') + 1);
  base = base.substr(0, base.find('.'));
  std::string ident;
  for (char c : base) {
    const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    ident += word ? c : '_';
  }
  net.name = "graph_" + ident;
  net.label = "graph " + base + " (" + std::to_string(n) + " nodes)";
  net.params = {{"graph", path}};
  if (g.directed) net.params.emplace_back("directed", "true");
  // Strongly connected: every node reaches node 0 and node 0 reaches every node.
  const PortGraph pg = PortGraph::build(net);
  const PortGraph::Bfs from = pg.bfs(0);
  for (uint64_t x = 0; x < n; ++x) {
    if (from.dist[x] < 0) {
      throw Error(g.name + ": the graph is not connected: node " + g.labels[x] +
                  " cannot be reached from node " + g.labels[0]);
    }
  }
  if (g.directed) {
    for (uint64_t x = 1; x < n; ++x) {
      if (pg.bfs(x).dist[0] < 0) {
        throw Error(g.name + ": the graph is not strongly connected: node " + g.labels[0] +
                    " cannot be reached from node " + g.labels[x]);
      }
    }
  }
  return net;
}

}  // namespace hypercast
