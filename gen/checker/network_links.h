// The checker's own notion of a network's links, written from the definitions
// and not from topology/port_graph.h, so that a wiring mistake there cannot hide
// itself: on a Cayley graph x -> y is a link when y - x (digit by digit, modulo
// each m_i) is a generator; on a mesh when x and y differ by one in exactly one
// coordinate; on a graph from a file when the file's edge list (NetworkDesc::
// links, read as plain (from, to) pairs, ports ignored) has it. Links removed
// (--remove-links) are not links of any kind.
#pragma once

#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include "topology/network.h"

namespace hypercast {
namespace checker {

class NetworkLinks {
 public:
  explicit NetworkLinks(const NetworkDesc& net);
  uint64_t nodes() const { return nodes_; }
  bool linked(uint64_t x, uint64_t y) const;
  std::vector<uint64_t> successors(uint64_t x) const;
  // Largest BFS distance from x (-1 if some node cannot be reached).
  int eccentricity(uint64_t x) const;
  // BFS distances from x (-1 where unreachable).
  std::vector<int> distances(uint64_t x) const;

 private:
  std::vector<uint64_t> allSuccessors(uint64_t x) const;  // removed links included
  std::vector<int> coords(uint64_t x) const;
  uint64_t number(const std::vector<int>& c) const;
  bool mesh_;
  bool graph_;
  std::set<std::pair<uint64_t, uint64_t>> graph_links_, removed_;
  std::vector<std::vector<uint64_t>> graph_succ_;
  std::vector<int> radix_;                 // digit 0 first
  std::set<std::vector<int>> generators_;  // Cayley
  uint64_t nodes_ = 1;
};

}  // namespace checker
}  // namespace hypercast
