// The framework of Fragopoulou & Akl on MT(n,k), k odd (paper 004, Sec. 2):
// labels, translation (Def. 1), rotation (Def. 2), necklaces and periods
// (Defs. 3-5) and leaders (Def. 6). Readings of the scanned text (docs/papers.md,
// "Readings of the torus paper"):
//   - v = v_{n-1} ... v_0 in radix k, digit 0 least significant; node number
//     sum v_i k^i, the same numbering as torusNetwork (topology/network.h);
//   - Ro(v) = r(v_0) v_{n-1} ... v_1 with r(x) = (k - x) mod k;
//   - leader: the largest binary correspondent, ties broken by the largest label
//     read from v_{n-1} in the digit order 0 < 1 < k-1 < 2 < k-2 < ... <
//     floor(k/2) < ceil(k/2).
// Dimensions are the torus's ports: port 2i is g_i^{+1}, port 2i+1 is g_i^{-1}.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hypercast {

class TorusLabels {
 public:
  // Throws Error unless n >= 1, k >= 3 is odd and k^n < 2^31.
  TorusLabels(int n, int k);

  int n() const { return n_; }
  int k() const { return k_; }
  uint32_t nodes() const { return nodes_; }
  int digit(uint32_t v, int i) const { return static_cast<int>(v / pow_[i] % k_); }
  // Tr_s(v): digit-wise (v_i + s_i) mod k (Def. 1).
  uint32_t translate(uint32_t v, uint32_t s) const;
  // The neighbour of v across port p.
  uint32_t neighbour(uint32_t v, int port) const;
  // Ro(v) (Def. 2), and Ro applied `times` times (times may be negative).
  uint32_t rotate(uint32_t v) const;
  uint32_t rotate(uint32_t v, int times) const;
  // Ro maps an edge of port p to an edge of rotatePort(p) (Sec. 2, property 1):
  // g_i^j -> g_{i-1}^j, and g_0^j -> g_{n-1}^{-j}.
  int rotatePort(int port) const;
  int rotatePort(int port, int times) const;
  // Shortest distance from 0^n: sum of min(v_i, k - v_i).
  int distance(uint32_t v) const;
  // Def. 4: the size of v's necklace (divides 2n).
  int period(uint32_t v) const;
  // Def. 6's order as a number: larger key, larger node.
  uint64_t leaderKey(uint32_t v) const;
  // The leader of v's necklace.
  uint32_t leaderOf(uint32_t v) const;
  bool isLeader(uint32_t v) const { return leaderOf(v) == v; }
  // Def. 7, with the reading "v_p - 1 if v_p <= floor(k/2), else v_p + 1 mod k":
  // the leader's rightmost nonzero digit moved one unit toward 0. v != 0.
  uint32_t treeParent(uint32_t v) const;

 private:
  int n_;
  int k_;
  uint32_t nodes_;
  std::vector<uint32_t> pow_;  // k^i, i = 0..n
};

struct Necklace {
  uint32_t leader = 0;
  int distance = 0;             // from 0^n, the same for every member
  std::vector<uint32_t> nodes;  // leader, Ro(leader), ..., P members
  bool full(int n) const { return nodes.size() == static_cast<size_t>(2 * n); }
};

// Every necklace, ordered as the paper lists MT(3,3) (Sec. 2): by distance from
// 0^n, the necklaces of one distance by decreasing leader.
std::vector<Necklace> torusNecklaces(const TorusLabels& t);

// A label as the paper writes it, v_{n-1} first ("212"); digits above 9 are
// written in brackets ("[10]2").
std::string torusLabel(const TorusLabels& t, uint32_t v);

}  // namespace hypercast
