#include "topology/graph_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <pugixml.hpp>
#include <set>
#include <sstream>

#include "topology/port_graph.h"
#include "util/error.h"
#include "util/json_text.h"

namespace hypercast {

namespace {

class Names {
 public:
  explicit Names(GraphFile& g) : g_(g) {}
  // `row`: the file's line, for the refusal of a name --remove-links could
  // not name (';' separates its links).
  uint32_t operator()(const std::string& word, int row) {
    const auto it = index_.find(word);
    if (it != index_.end()) return it->second;
    if (word.find(';') != std::string::npos) {
      throw Error(g_.name + ":" + std::to_string(row) + ": node name '" + word +
                  "' holds ';', which separates --remove-links' links");
    }
    // Names go into reports, JSON and the generated files as they are.
    if (!isUtf8(word)) {
      throw Error(g_.name + ":" + std::to_string(row) + ": a node name that is not UTF-8 text");
    }
    if (oneLine(word) != word) {  // oneLine escapes the control characters
      throw Error(g_.name + ":" + std::to_string(row) + ": node name '" + oneLine(word) +
                  "' holds a control character");
    }
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
    std::replace(line.begin(), line.end(), '\t', ' ');
    std::replace(line.begin(), line.end(), '\r', ' ');
    // 'a,b' (spaces around the comma allowed) or 'a b': with a comma, exactly two
    // fields, neither empty ('a,,b' and 'a,' are refused, not read as a link).
    std::vector<std::string> words;
    bool empty_field = false;
    if (line.find(',') != std::string::npos) {
      std::istringstream fields(line + ",");
      for (std::string f; std::getline(fields, f, ',');) {
        std::istringstream ls(f);
        std::vector<std::string> field;
        for (std::string w; ls >> w;) field.push_back(w);
        if (field.empty()) empty_field = true;
        words.insert(words.end(), field.begin(), field.end());
        if (field.size() > 1) words.push_back(" ");  // a name with a space: never two names
      }
    } else {
      std::istringstream ls(line);
      for (std::string w; ls >> w;) words.push_back(w);
      if (words.empty()) continue;
    }
    if (words.size() != 2 || empty_field) {
      throw Error(g.name + ":" + std::to_string(row) +
                  ": a link is two node names, 'a,b' or 'a b'" +
                  (empty_field ? " (an empty name between commas)" : ""));
    }
    const uint32_t a = names(words[0], row);
    const uint32_t b = names(words[1], row);
    g.links.emplace_back(a, b);
    g.lines.push_back(row);
    g.ports.emplace_back(-1, -1);
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
  auto at = [&](const pugi::xml_node& n) {
    return g.name + ":" + std::to_string(lineAt(text, n.offset_debug())) + ": ";
  };
  const pugi::xml_node root = doc.child("graphml");
  const pugi::xml_node graph = root.child("graph");
  if (!graph) {
    const pugi::xml_node top = doc.document_element();
    const std::string tag = top.name();
    if (tag.size() > 8 && tag.compare(tag.size() - 8, 8, ":graphml") == 0) {
      throw Error(at(top) + "<" + tag +
                  ">: namespace prefixes are not read; write the GraphML elements without one "
                  "(<graphml>, <graph>, ...)");
    }
    throw Error(g.name + ":1: no <graphml><graph> element");
  }
  if (const pugi::xml_node second = root.next_sibling("graphml")) {
    throw Error(at(second) + "a second <graphml> element; a file holds one graph");
  }
  if (const pugi::xml_node second = graph.next_sibling("graph")) {
    throw Error(at(second) + "a second <graph> element; a file holds one graph");
  }
  auto named = [](const char* what) {
    return [what](const pugi::xml_node& n) { return std::strcmp(n.name(), what) == 0; };
  };
  if (const pugi::xml_node nested = graph.find_node(named("graph"))) {
    throw Error(at(nested) + "a <graph> inside " + std::string("<") + nested.parent().name() + ">" +
                "; a file holds one graph (nested graphs are not read)");
  }
  if (const pugi::xml_node hyper = graph.find_node(named("hyperedge"))) {
    throw Error(at(hyper) + "a <hyperedge>; a link joins two nodes (give one <edge> each)");
  }
  const pugi::xml_attribute edges = graph.attribute("edgedefault");
  const std::string edge_default = edges.as_string();
  if (edges && edge_default != "directed" && edge_default != "undirected") {
    throw Error(g.name + ":" + std::to_string(lineAt(text, graph.offset_debug())) +
                ": edgedefault=\"" + edge_default + "\"; it is directed or undirected");
  }
  if (edge_default == "directed") g.directed = true;
  if (edge_default == "undirected" && g.directed_given) {
    throw Error(g.name + ":" + std::to_string(lineAt(text, graph.offset_debug())) +
                ": --directed, but the file says edgedefault=\"undirected\"");
  }
  // Nodes and edges are read from <graph> alone: one anywhere else is refused,
  // not dropped.
  for (const char* what : {"node", "edge"}) {
    // (Markup inside a <data> or <desc> is a value, not the graph's.)
    auto inValue = [](pugi::xml_node n) {
      for (n = n.parent(); n; n = n.parent()) {
        if (std::strcmp(n.name(), "data") == 0 || std::strcmp(n.name(), "desc") == 0) return true;
      }
      return false;
    };
    if (const pugi::xml_node stray = root.find_node([&](const pugi::xml_node& n) {
          return std::strcmp(n.name(), what) == 0 && n.parent() != graph && !inValue(n);
        })) {
      throw Error(at(stray) + (what[0] == 'e' ? "an <" : "a <") + what + "> inside <" +
                  stray.parent().name() + ">; nodes and edges are read from <graph> only");
    }
  }
  auto trimmed = [](const std::string& v) {
    const size_t a = v.find_first_not_of(" \t\r\n"), b = v.find_last_not_of(" \t\r\n");
    return a == std::string::npos ? std::string() : v.substr(a, b - a + 1);
  };
  // The keys named role (nodes) and port (edges): their ids and <default>s.
  struct Key {
    std::string id;
    std::optional<std::string> fallback;
  };
  Key role_key, port_key;
  for (const pugi::xml_node k : root.children("key")) {
    const std::string name = k.attribute("attr.name").as_string();
    const std::string of = k.attribute("for").as_string();
    Key* key = name == "role" && (of == "node" || of == "all")   ? &role_key
               : name == "port" && (of == "edge" || of == "all") ? &port_key
                                                                 : nullptr;
    if (!key) continue;
    if (!key->id.empty()) {
      throw Error(at(k) + "a second <key> named " + name + "; one key gives it");
    }
    key->id = k.attribute("id").as_string();
    if (const pugi::xml_node d = k.child("default")) key->fallback = trimmed(d.child_value());
  }
  auto dataOf = [&](const pugi::xml_node& n, const Key& key) -> std::optional<std::string> {
    if (key.id.empty()) return std::nullopt;
    const pugi::xml_node d = n.find_child_by_attribute("data", "key", key.id.c_str());
    if (!d) return key.fallback;
    for (pugi::xml_node o = d.next_sibling("data"); o; o = o.next_sibling("data")) {
      if (key.id == o.attribute("key").as_string()) {
        throw Error(at(o) + "a second <data key=\"" + key.id + "\"> on one <" + n.name() +
                    ">; one gives its value");
      }
    }
    return trimmed(d.child_value());
  };
  Names names(g);
  for (const pugi::xml_node n : graph.children("node")) {
    const std::string id = n.attribute("id").as_string();
    if (id.empty()) {
      throw Error(g.name + ":" + std::to_string(lineAt(text, n.offset_debug())) +
                  ": a <node> without an id");
    }
    const size_t before = g.labels.size();
    const uint32_t x = names(id, lineAt(text, n.offset_debug()));
    if (g.labels.size() == before) {
      throw Error(g.name + ":" + std::to_string(lineAt(text, n.offset_debug())) + ": node '" + id +
                  "' is declared twice");
    }
    if (const auto role = dataOf(n, role_key)) {
      if (*role == "switch") {
        g.switches.push_back(x);
      } else if (*role != "endpoint") {
        throw Error(g.name + ":" + std::to_string(lineAt(text, n.offset_debug())) + ": node '" +
                    id + "' has role '" + *role + "'; a role is switch or endpoint");
      }
    }
  }
  const size_t declared = g.labels.size();
  // An edge's own directed="true|false" overrides edgedefault; every link of
  // a network is one-way or every one two-way.
  const bool default_directed = g.directed;  // --directed or edgedefault="directed"
  std::optional<bool> edges_directed;
  for (const pugi::xml_node e : graph.children("edge")) {
    const int row = lineAt(text, e.offset_debug());
    const std::string a = e.attribute("source").as_string(), b = e.attribute("target").as_string();
    if (a.empty() || b.empty()) {
      throw Error(g.name + ":" + std::to_string(row) + ": an <edge> needs source and target");
    }
    if (e.attribute("sourceport") || e.attribute("targetport")) {
      throw Error(at(e) +
                  "sourceport/targetport are not read; give the link's ports as a port key's "
                  "P,Q (docs/file-formats.md#graph-files)");
    }
    bool directed = default_directed;
    if (const pugi::xml_attribute d = e.attribute("directed")) {
      const std::string v = d.as_string();
      if (v != "true" && v != "false") {
        throw Error(at(e) + "directed=\"" + v + "\"; it is true or false");
      }
      directed = v == "true";
    }
    if (edges_directed && *edges_directed != directed) {
      throw Error(at(e) + (directed ? "a directed" : "an undirected") + " edge among " +
                  (directed ? "undirected" : "directed") +
                  " ones; every link is one-way or every link two-way");
    }
    edges_directed = directed;
    const uint32_t x = names(a, row), y = names(b, row);
    if (g.labels.size() != declared) {
      throw Error(g.name + ":" + std::to_string(row) + ": edge to undeclared node '" +
                  g.labels.back() + "'");
    }
    g.links.emplace_back(x, y);
    g.lines.push_back(row);
    g.ports.emplace_back(-1, -1);
    if (const auto port = dataOf(e, port_key)) {
      const size_t comma = port->find(',');
      int pq[2] = {-1, -1};
      bool number = comma != std::string::npos;
      for (int i = 0; i < 2 && number; ++i) {
        const std::string w = i == 0 ? port->substr(0, comma) : port->substr(comma + 1);
        number = !w.empty() && w.size() <= 4 &&
                 std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (number) pq[i] = std::stoi(w);
      }
      if (!number) {
        throw Error(g.name + ":" + std::to_string(row) + ": port '" + *port +
                    "' is not P,Q (the link's port at its source, at its target)");
      }
      g.ports.back() = {pq[0], pq[1]};
    }
  }
  if (edges_directed) {
    if (g.directed_given && !*edges_directed) {
      throw Error(g.name +
                  ": --directed, but the file's edges are undirected (directed=\"false\")");
    }
    g.directed = *edges_directed;
  }
}

}  // namespace

std::string graphModuleName(const std::string& stem) {
  // Letters and digits kept; every other run of bytes (a space, '-', a UTF-8
  // character) one '_', none at either end: Verilator renames identifiers
  // holding "__", and the prefix plus the longest suffix a module takes stays
  // within kMaxGraphNameChars.
  std::string ident;
  for (char c : stem) {
    const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (word) {
      if (ident.size() >= kMaxGraphNameChars - 6) break;
      ident += c;
    } else if (!ident.empty() && ident.back() != '_') {
      ident += '_';
    }
  }
  while (!ident.empty() && ident.back() == '_') ident.pop_back();
  return ident.empty() ? "graph" : "graph_" + ident;
}

// Names that are exactly the numbers 0..N-1 (decimal, no sign, no leading zero)
// number their nodes: node "3" is node 3 whatever order the file lists them in.
// Other names are numbered in the order they first appear.
void numberByName(GraphFile& g) {
  const size_t n = g.labels.size();
  std::vector<uint32_t> to(n);
  std::vector<char> taken(n, 0);
  for (size_t x = 0; x < n; ++x) {
    const std::string& w = g.labels[x];
    if (w.empty() || w.size() > 9 || (w.size() > 1 && w[0] == '0') ||
        !std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      return;
    }
    const size_t v = std::stoul(w);
    if (v >= n || taken[v]) return;
    taken[v] = 1;
    to[x] = static_cast<uint32_t>(v);
  }
  std::vector<std::string> labels(n);
  for (size_t x = 0; x < n; ++x) labels[to[x]] = g.labels[x];
  g.labels = std::move(labels);
  for (auto& l : g.links) l = {to[l.first], to[l.second]};
  for (uint32_t& s : g.switches) s = to[s];
  std::sort(g.switches.begin(), g.switches.end());
}

GraphFile parseGraphText(const std::string& file_text, const std::string& name, bool directed) {
  GraphFile g;
  g.name = name;
  g.directed = directed;
  g.directed_given = directed;
  // UTF-16 (a byte-order mark, or a NUL in every fourth of the first bytes or
  // more, as UTF-16's ASCII has in every second): not read as text.
  const std::string head = file_text.substr(0, 64);
  const auto nuls = static_cast<size_t>(std::count(head.begin(), head.end(), '\0'));
  if (head.compare(0, 2, "\xFF\xFE") == 0 || head.compare(0, 2, "\xFE\xFF") == 0 ||
      (!head.empty() && 4 * nuls >= head.size())) {
    throw Error(name + ": UTF-16 text (or binary); save the file as UTF-8");
  }
  // A UTF-8 byte-order mark (a "CSV UTF-8" export) is no part of the first name.
  const std::string bom = "\xEF\xBB\xBF";
  const std::string text =
      file_text.compare(0, bom.size(), bom) == 0 ? file_text.substr(bom.size()) : file_text;
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text[first] == '<') {
    parseGraphMl(text, g);
  } else {
    parseEdgeList(text, g);
  }
  if (g.labels.size() < 2) {
    // One node: any link is a loop on it, which is the fault to name.
    if (!g.links.empty()) {
      throw Error(name + ":" + std::to_string(g.lines.front()) + ": self-loop at node " +
                  g.labels.front());
    }
    throw Error(name + ": a graph needs at least two nodes");
  }
  if (g.labels.size() > kMaxNetworkNodes) {
    throw Error(name + ": more than " + std::to_string(kMaxNetworkNodes) + " nodes");
  }
  numberByName(g);
  return g;
}

GraphFile readGraphFile(const std::string& path, bool directed) {
  // The path goes into manifest.json and the job files, which are JSON.
  if (!isUtf8(path)) {
    throw Error("--graph: the file's path is not UTF-8 text; give it a UTF-8 name or a link to it");
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw Error("--graph: '" + path + "' is a folder, not a graph file");
  }
  const Error too_large("--graph: '" + path + "' is larger than " +
                        std::to_string(kMaxGraphFileBytes >> 20) + " MiB");
  // A regular file over the limit is refused by its size, before any of it is read.
  if (std::filesystem::is_regular_file(path, ec) &&
      std::filesystem::file_size(path, ec) > kMaxGraphFileBytes && !ec) {
    throw too_large;
  }
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw Error("--graph: cannot read '" + path + "'" +
                (errno ? std::string(": ") + std::strerror(errno) : std::string()));
  }
  // Read in pieces up to the limit: a source without an end (/dev/zero) is
  // refused, not read until memory runs out.
  std::string text;
  std::string piece(1 << 20, '\0');
  while (in.read(&piece[0], static_cast<std::streamsize>(piece.size())) || in.gcount() > 0) {
    text.append(piece, 0, static_cast<size_t>(in.gcount()));
    if (text.size() > kMaxGraphFileBytes) throw too_large;
  }
  if (in.bad()) throw Error("--graph: cannot read '" + path + "'");
  return parseGraphText(text, path, directed);
}

NetworkDesc graphNetwork(const GraphFile& g, const std::string& path) {
  const uint64_t n = g.labels.size();
  NetworkDesc net;
  net.kind = NetworkDesc::Kind::kGraph;
  net.topology = "graph";
  net.radices = {static_cast<int>(n)};
  net.node_labels = g.labels;
  // Each node's ports in use, with the line of the link that took each: one
  // set per node on an undirected graph (a port is both ways), outputs and
  // inputs apart on a directed one. The ports the file gives first, then the
  // others in file order, each the node's lowest free port.
  std::vector<std::map<int, int>> outs(n), ins_apart(n);
  std::vector<std::map<int, int>>& ins = g.directed ? ins_apart : outs;
  auto at = [&](size_t i) { return g.name + ":" + std::to_string(g.lines[i]) + ": "; };
  auto take = [&](std::vector<std::map<int, int>>& used, uint32_t x, int p, size_t i) {
    if (p >= kMaxGraphPorts) {
      throw Error(at(i) + "port " + std::to_string(p) + " of node " + g.labels[x] +
                  " is beyond a schedule-ROM node's " + std::to_string(kMaxGraphPorts) +
                  " ports (0.." + std::to_string(kMaxGraphPorts - 1) + ")");
    }
    const auto it = used[x].emplace(p, g.lines[i]);
    if (!it.second) {
      throw Error(at(i) + "port " + std::to_string(p) + " of node " + g.labels[x] +
                  " is given to two links (also line " + std::to_string(it.first->second) + ")");
    }
  };
  auto lowestFree = [&](std::vector<std::map<int, int>>& used, uint32_t x, size_t i) {
    int p = 0;
    while (used[x].count(p)) ++p;
    if (p >= kMaxGraphPorts) {
      throw Error(at(i) + "node " + g.labels[x] + " has more than " +
                  std::to_string(kMaxGraphPorts) + " ports (a schedule-ROM node's most)");
    }
    used[x].emplace(p, g.lines[i]);
    return p;
  };
  std::set<std::pair<uint32_t, uint32_t>> seen;
  for (size_t i = 0; i < g.links.size(); ++i) {
    const uint32_t a = g.links[i].first, b = g.links[i].second;
    if (a == b) throw Error(at(i) + "self-loop at node " + g.labels[a]);
    const bool twice = g.directed ? !seen.emplace(a, b).second
                                  : !seen.emplace(std::min(a, b), std::max(a, b)).second;
    if (twice) throw Error(at(i) + "link " + g.labels[a] + "-" + g.labels[b] + " is given twice");
    const std::pair<int, int> given = i < g.ports.size() ? g.ports[i] : std::make_pair(-1, -1);
    if (given.first >= 0) take(outs, a, given.first, i);
    if (given.second >= 0) take(ins, b, given.second, i);
  }
  for (size_t i = 0; i < g.links.size(); ++i) {
    const uint32_t a = g.links[i].first, b = g.links[i].second;
    const std::pair<int, int> given = i < g.ports.size() ? g.ports[i] : std::make_pair(-1, -1);
    const int pa = given.first >= 0 ? given.first : lowestFree(outs, a, i);
    const int pb = given.second >= 0 ? given.second : lowestFree(ins, b, i);
    net.links.push_back({a, pa, b, pb});
    if (!g.directed) net.links.push_back({b, pb, a, pa});
    net.graph_ports = std::max({net.graph_ports, pa + 1, pb + 1});
  }
  std::vector<char> is_switch(n, 0);
  for (uint32_t x : g.switches) is_switch[x] = 1;
  for (uint64_t x = 0; x < n; ++x) {
    if (is_switch[x]) net.switches.push_back(static_cast<uint32_t>(x));
  }
  if (n - net.switches.size() < 2) {
    throw Error(g.name + ": a graph needs at least two endpoints (nodes whose role is not switch)");
  }
  std::string base = path.substr(path.find_last_of('/') + 1);
  base = base.substr(0, base.find('.'));
  net.name = graphModuleName(base);
  net.label = base;  // commands print it beside the topology or the node count
  net.params = {{"graph", path}};
  // The option as given: a file that says edgedefault="directed" is read so
  // again from the file (its links may still be symmetric: directed() says).
  if (g.directed_given) net.params.emplace_back("directed", "true");
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
    // Every node reaches node 0: one search against the links.
    const PortGraph::Bfs into = pg.bfs(0, /*backward=*/true);
    for (uint64_t x = 1; x < n; ++x) {
      if (into.dist[x] < 0) {
        throw Error(g.name + ": the graph is not strongly connected: node " + g.labels[0] +
                    " cannot be reached from node " + g.labels[x]);
      }
    }
  }
  return net;
}

}  // namespace hypercast
