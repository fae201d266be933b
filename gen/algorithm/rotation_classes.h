// The classes R_kn of Bertsekas et al., Sec. 2, shared by the multinode
// broadcast (Sec. 2) and the single-node scatter (Sec. 3) of the d-cube.
//
// N_k, k = 1..d-1, is the set of d-bit identities with k one-bits; it splits into
// equivalence classes R_k1..R_kn_k under one-bit left rotation. The paper orders
// all identities as
//   (00..0) R_11 R_21..R_2n_2 .. R_k1..R_kn_k .. R_(d-1)1 (11..1)
// with R_k1 the class of the identity whose k rightmost bits are one; the order of
// the other classes of N_k is free, and here it is ascending smallest member.
// n(t) is the position of t in that order (n(0) = 0, n(11..1) = 2^d - 1) and
//   m(t) = n(t) - d * floor((n(t) - 1) / d),
// so that m runs 1, 2, .., d, 1, 2, .. along R_11 R_21 ..; the extracted text
// prints the formula as floor((n(t) - 1)/d), which contradicts the sequence the
// paper states right after it, and the reading above is the one the proof needs.
// Which rotation of a class comes first is each construction's choice.
#pragma once

#include <cstdint>
#include <vector>

namespace hypercast {

struct RotationClass {
  int k = 0;                      // one-bits of every member
  uint32_t first_n = 0;           // n of the class's first element
  std::vector<uint32_t> members;  // smallest member, then successive left rotations
};

class RotationClasses {
 public:
  explicit RotationClasses(int d);  // 1 <= d <= 24

  int dim() const { return d_; }
  const std::vector<RotationClass>& classes() const { return classes_; }
  // Index in classes() of the class holding x; -1 for 00..0 and 11..1.
  int classOf(uint32_t x) const { return class_of_[x]; }
  uint32_t rotl(uint32_t x, int by = 1) const;
  int m(uint32_t n) const { return static_cast<int>((n - 1) % static_cast<uint32_t>(d_)) + 1; }
  // Bit at position `pos` from the right, 1-based as in the paper.
  static bool bit(uint32_t x, int pos) { return ((x >> (pos - 1)) & 1u) != 0; }

 private:
  int d_;
  std::vector<RotationClass> classes_;
  std::vector<int32_t> class_of_;
};

// The identity order of Sec. 2 once each class's first element is chosen:
// order[n] = t and n_of[t] = n.
struct Numbering {
  std::vector<uint32_t> order;
  std::vector<uint32_t> n_of;
};
// `first[c]` is the chosen first element of class c; its successors follow by
// left rotation.
Numbering numberIdentities(const RotationClasses& rc, const std::vector<uint32_t>& first);

}  // namespace hypercast
