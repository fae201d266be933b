// The d-cube of Bertsekas et al., Sec. 1: nodes are the d-bit identity numbers
// 0..2^d-1, and two nodes are linked when their identities differ in one bit.
//
// Ports: port k-1 of node i is its "k-th incident link" (the paper's e_k =
// 2^(k-1)), leading to i XOR e_k. Port p of one end is wired to port p of the
// other, so a packet sent out of port p arrives on input port p.
#pragma once

#include <cstdint>
#include <string>

namespace hypercast {

class Hypercube {
 public:
  // Throws Error for d < 1 or d > kMaxDim.
  explicit Hypercube(int d);

  static constexpr int kMaxDim = 24;

  int dim() const { return d_; }
  uint64_t nodes() const { return uint64_t{1} << d_; }
  int degree() const { return d_; }
  int diameter() const { return d_; }
  uint64_t neighbor(uint64_t x, int port) const { return x ^ (uint64_t{1} << port); }
  // The port of x leading to y, or -1 when x and y are not linked.
  int portTo(uint64_t x, uint64_t y) const;
  // A short identifier usable as a Verilog module prefix, e.g. "cube4".
  std::string name() const { return "cube" + std::to_string(d_); }

 private:
  int d_;
};

}  // namespace hypercast
