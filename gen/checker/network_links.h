// The checker's own notion of a network's links, written from the definitions
// and not from the topology layer's wiring (topology/port_graph.h, the
// factories' generator lists), so that a wiring mistake there cannot hide
// itself. The links of each topology, from its parameters (NetworkDesc::params,
// what the user asked for) alone:
//   - hypercube (dim d): x and y differ in exactly one bit;
//   - torus MT(n,k): x and y differ by +-1 (mod k) in exactly one coordinate;
//   - hypercycle G^{rho}_{m} (eq. 1): x and y differ in exactly one digit i,
//     by a cyclic distance 1..rho_i (mod m_i);
//   - a Cayley graph given by its group and generators (--topology cayley:
//     the parameters group and gens, as the user wrote them): y - x, digit by
//     digit modulo each m_i, is one of the user's generators;
//   - a Cayley network with none of these (one built by hand, without
//     parameters): its generator list NetworkDesc::gens, the only definition
//     it has;
//   - mesh: x and y differ by one in exactly one coordinate;
//   - a graph from a file: the file's edge list (NetworkDesc::links, read as
//     plain (from, to) pairs, ports ignored).
// Links removed (--remove-links) are not links of any kind. A network whose
// node numbering (radices) is not its parameters' throws Error.
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
  // The links come from the topology's definition (not from a Cayley
  // network's generator list NetworkDesc::gens).
  bool fromDefinition() const { return from_definition_; }
  bool linked(uint64_t x, uint64_t y) const;
  std::vector<uint64_t> successors(uint64_t x) const;
  // Largest BFS distance from x (-1 if some node cannot be reached).
  int eccentricity(uint64_t x) const;
  // BFS distances from x (-1 where unreachable).
  std::vector<int> distances(uint64_t x) const;

 private:
  static void definedCayley(const NetworkDesc& net, std::vector<std::vector<int>>* gens,
                            bool* defined);
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
  bool from_definition_ = true;
};

}  // namespace checker
}  // namespace hypercast
