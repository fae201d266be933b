#include "topology/port_graph.h"

#include <istream>
#include <ostream>
#include <sstream>

#include "util/error.h"

namespace hypercast {

void PortGraph::setLink(uint64_t x, int p, uint64_t y, int q) {
  out_[x * uint64_t(ports_) + uint64_t(p)] = PortEnd{static_cast<uint32_t>(y), q};
  in_[y * uint64_t(ports_) + uint64_t(q)] = PortEnd{static_cast<uint32_t>(x), p};
}

PortGraph PortGraph::build(const NetworkDesc& net) {
  PortGraph g;
  g.nodes_ = net.nodes();
  g.ports_ = net.ports();
  g.name_ = net.name;
  if (g.ports_ > 0 && g.nodes_ > kMaxPortEnds / uint64_t(g.ports_)) {
    throw Error(net.label + " has " + std::to_string(g.nodes_) + " nodes x " +
                std::to_string(g.ports_) + " ports; at most " + std::to_string(kMaxPortEnds) +
                " port ends are wired");
  }
  g.out_.assign(g.nodes_ * uint64_t(g.ports_), PortEnd{});
  g.in_.assign(g.out_.size(), PortEnd{});
  const size_t r = net.radices.size();
  if (net.kind == NetworkDesc::Kind::kGraph) {
    for (const GraphLink& l : net.links) {
      if (!net.removed(l.from, l.to)) g.setLink(l.from, l.from_port, l.to, l.to_port);
    }
    return g;
  }
  for (uint64_t x = 0; x < g.nodes_; ++x) {
    const std::vector<int> d = net.digits(x);
    for (int p = 0; p < g.ports_; ++p) {
      std::vector<int> e = d;
      if (net.kind == NetworkDesc::Kind::kCayley) {
        const std::vector<int>& gen = net.gens[static_cast<size_t>(p)];
        for (size_t i = 0; i < r; ++i) e[i] = (e[i] + gen[i]) % net.radices[i];
      } else {
        const size_t i = static_cast<size_t>(p / 2);
        e[i] += p % 2 == 0 ? 1 : -1;
        if (e[i] < 0 || e[i] >= net.radices[i]) continue;  // the mesh's boundary
      }
      // A packet sent along port p arrives on input port p.
      const uint64_t y = net.address(e);
      if (!net.removed_links.empty() && net.removed(x, y)) continue;
      g.setLink(x, p, y, p);
    }
  }
  return g;
}

int PortGraph::portTo(uint64_t x, uint64_t y) const {
  for (int p = 0; p < ports_; ++p) {
    if (drives(x, p).node == y) return p;
  }
  return -1;
}

int PortGraph::degree(uint64_t x) const {
  int d = 0;
  for (int p = 0; p < ports_; ++p) d += drives(x, p).present();
  return d;
}

PortGraph::Bfs PortGraph::bfs(uint64_t x, bool backward) const {
  Bfs b;
  b.dist.assign(nodes_, -1);
  b.order.push_back(static_cast<uint32_t>(x));
  b.dist[x] = 0;
  for (size_t h = 0; h < b.order.size(); ++h) {
    const uint32_t u = b.order[h];
    for (int p = 0; p < ports_; ++p) {
      const PortEnd e = backward ? drivenBy(u, p) : drives(u, p);
      if (e.present() && b.dist[e.node] < 0) {
        b.dist[e.node] = b.dist[u] + 1;
        b.order.push_back(e.node);
      }
    }
  }
  return b;
}

void PortGraph::requireHalfDuplexChannels(const std::string& label) const {
  for (uint64_t x = 0; x < nodes(); ++x) {
    for (int p = 0; p < ports(); ++p) {
      if (drives(x, p).node != drivenBy(x, p).node) {
        throw Error(
            "half-duplex hardware joins output p and input p of a node into one channel: "
            "every generator must be its own inverse (the hypercube); " +
            label + " has one that is not");
      }
    }
  }
}

int PortGraph::eccentricity(uint64_t x) const {
  const Bfs b = bfs(x);
  return b.order.size() == nodes_ ? b.dist[b.order.back()] : -1;
}

void PortGraph::writeCsv(std::ostream& os) const {
  os << "# hypercast port graph " << name_ << " nodes " << nodes_ << " ports " << ports_ << "\n"
     << "node,port,to_node,to_port\n";
  for (uint64_t x = 0; x < nodes_; ++x) {
    for (int p = 0; p < ports_; ++p) {
      const PortEnd e = drives(x, p);
      if (e.present()) os << x << "," << p << "," << e.node << "," << e.port << "\n";
    }
  }
}

PortGraph PortGraph::readCsv(std::istream& in, const std::string& name) {
  auto bad = [&](const std::string& why) { return Error("port graph " + name + ": " + why); };
  std::string line;
  if (!std::getline(in, line)) throw bad("empty file");
  PortGraph g;
  {
    std::istringstream hs(line);
    std::string hash, tool, port_word, graph_word, nodes_word, ports_word;
    hs >> hash >> tool >> port_word >> graph_word >> g.name_ >> nodes_word >> g.nodes_ >>
        ports_word >> g.ports_;
    if (!hs || hash != "#" || tool != "hypercast" || nodes_word != "nodes" ||
        ports_word != "ports" || g.ports_ < 0 || g.nodes_ == 0 ||
        (g.ports_ > 0 && g.nodes_ > kMaxPortEnds / uint64_t(g.ports_))) {
      throw bad("malformed header");
    }
  }
  if (!std::getline(in, line) || line != "node,port,to_node,to_port") throw bad("missing columns");
  g.out_.assign(g.nodes_ * uint64_t(g.ports_), PortEnd{});
  g.in_.assign(g.out_.size(), PortEnd{});
  uint64_t row = 2;
  while (std::getline(in, line)) {
    ++row;
    if (line.empty()) continue;
    std::istringstream ls(line);
    uint64_t x = 0, y = 0;
    long long p = 0, q = 0;
    char c1 = 0, c2 = 0, c3 = 0;
    ls >> x >> c1 >> p >> c2 >> y >> c3 >> q;
    if (!ls || c1 != ',' || c2 != ',' || c3 != ',' || x >= g.nodes_ || y >= g.nodes_ || p < 0 ||
        q < 0 || p >= g.ports_ || q >= g.ports_) {
      throw bad("row " + std::to_string(row) + " is malformed or out of range");
    }
    if (g.drives(x, int(p)).present() || g.drivenBy(y, int(q)).present()) {
      throw bad("row " + std::to_string(row) + " wires a port twice");
    }
    g.setLink(x, int(p), y, int(q));
  }
  return g;
}

}  // namespace hypercast
