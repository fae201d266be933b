// The spanning graph BSG_{0^n} of Fragopoulou & Akl (paper 004, Sec. 3) on
// MT(n,k), k odd: T_0 is the tree of necklace leaders under Def. 7's parent
// (the leader's rightmost nonzero digit moved one unit toward 0), and
// T_i = Ro^i(T_0) for 0 <= i < 2n. A full node (period 2n) lies in one T_i; a
// node of period P < 2n lies in 2n/P of them, always as a leaf. BSG_s is BSG_{0^n}
// translated by s (Def. 1).
#pragma once

#include <cstdint>
#include <vector>

#include "topology/torus_necklaces.h"

namespace hypercast {

struct TorusBsg {
  static constexpr uint32_t kNone = ~0u;
  // T_0's nodes other than 0^n in depth-first preorder, the children of a node
  // by decreasing leader (Def. 6).
  std::vector<uint32_t> preorder;
  // By node number: T_0's parent of a leader, kNone for other nodes and 0^n.
  std::vector<uint32_t> parent;
};

// Throws Error if a leader's parent is not a leader (T_0 would not be a tree).
TorusBsg torusBsg(const TorusLabels& t);

// The port of the edge from `from` to its neighbour `to`.
int torusPort(const TorusLabels& t, uint32_t from, uint32_t to);

// The path 0^n = p_0, p_1, ..., p_d = Ro^i(v) through T_i, for a leader v.
std::vector<uint32_t> bsgPath(const TorusLabels& t, const TorusBsg& b, uint32_t leader, int i);

// Sec. 4.3's routing rule in T_i: at node `at` (translated to the source 0^n),
// scan the digits from position (n - 1 - i) mod n toward less significant ones,
// cyclically, and move the first digit that differs from `dest` one unit toward
// it (the shorter way round). Returns the port, or -1 when at == dest.
int bsgRoute(const TorusLabels& t, int i, uint32_t at, uint32_t dest);

// Orbit positions of the ports under rotatePort: position(g_{n-1}^{+1}) = 0 and
// rotatePort adds 1 (mod 2n). Lane i of an edge of port a uses the port at
// position position(a) + i.
std::vector<int> portOrbitPositions(const TorusLabels& t);

}  // namespace hypercast
