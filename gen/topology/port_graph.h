// The port graph every consumer wires from: for every output (x, p) the node and
// input port it drives, and for every input (x, p) the output that drives it.
// Built from a NetworkDesc (topology/network.h), or read from the CSV the CLI
// hands to a simulation harness (node,port,to_node,to_port, one row per present
// output port).
//
// On a Cayley graph output p of x drives input p of x + g_p, so input p of x is
// driven by output p of x - g_p: on a directed graph (Z_7 with +1 and +3) that is
// not the node output p of x leads to. On a mesh a boundary port is absent.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "topology/network.h"

namespace hypercast {

constexpr uint32_t kNoNode = ~0u;

struct PortEnd {
  uint32_t node = kNoNode;
  int port = -1;
  bool present() const { return node != kNoNode; }
  bool operator==(const PortEnd& o) const { return node == o.node && port == o.port; }
};

class PortGraph {
 public:
  // Largest nodes x ports a port graph holds (two tables of that many ends).
  static constexpr uint64_t kMaxPortEnds = uint64_t{1} << 24;

  // Throws Error beyond kMaxPortEnds.
  static PortGraph build(const NetworkDesc& net);
  // Reads writeCsv's output; throws Error on a malformed or inconsistent file.
  static PortGraph readCsv(std::istream& in, const std::string& name);

  uint64_t nodes() const { return nodes_; }
  int ports() const { return ports_; }
  const std::string& name() const { return name_; }
  PortEnd drives(uint64_t x, int p) const { return out_[x * uint64_t(ports_) + uint64_t(p)]; }
  PortEnd drivenBy(uint64_t x, int p) const { return in_[x * uint64_t(ports_) + uint64_t(p)]; }
  // The output port of x whose link leads to y, or -1.
  int portTo(uint64_t x, uint64_t y) const;
  int degree(uint64_t x) const;  // present output ports of x
  // Breadth-first search from x along outputs, ports in ascending order: the
  // distance of every node (-1 if unreachable) and the nodes in the order
  // reached (x first; fewer than nodes() if some are unreachable). With
  // `backward`, against the links (input p to the output driving it): the
  // distance of every node to x.
  struct Bfs {
    std::vector<int> dist;
    std::vector<uint32_t> order;
  };
  Bfs bfs(uint64_t x, bool backward = false) const;
  // Largest BFS distance from x along outputs (-1 if some node is unreachable).
  int eccentricity(uint64_t x) const;
  // Half-duplex hardware makes output p and input p of a node one channel:
  // throws Error (naming `label`) unless they join the same neighbour at every
  // node, i.e. every generator is its own inverse (the hypercube).
  void requireHalfDuplexChannels(const std::string& label) const;

  void writeCsv(std::ostream& os) const;

 private:
  void setLink(uint64_t x, int p, uint64_t y, int q);
  uint64_t nodes_ = 0;
  int ports_ = 0;
  std::string name_;
  std::vector<PortEnd> out_, in_;  // [x*ports+p]
};

}  // namespace hypercast
