// The hypercycle G^{rho_r..rho_1}_{m_r..m_1} of Dimakopoulos & Dimopoulos, Sec. 2.
//
// Dimensions are numbered 1..r as in the paper; dimension i is the circulant
// C_{m_i}<1..rho_i>. Node addresses are the mixed-radix numbers of Sec. 2.1:
// x = sum_i x_i * w_i with w_1 = 1, w_i = m_{i-1} * ... * m_1.
//
// Ports: every node has the same list of link ports. For dimension i (ascending)
// the ports are the offsets +1..+rho_i (clockwise) then -1..-rho_i
// (counterclockwise); when rho_i = m_i/2 the offsets +rho_i and -rho_i name the
// same neighbour, and only +rho_i is kept, giving degree d_i of eq. (2).
// Port p of a node is wired to port p of the neighbour at that offset: a packet
// sent out of port p arrives on input port p of the receiver.
//
// A hypercycle network is a NetworkDesc (topology/network.h, made by
// hypercycleNetwork); this class is the paper's view of it, derived from the
// desc by Hypercycle::of, the one place its facts (eqs. 2-6) are read off.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hypercast {

struct NetworkDesc;

struct Dimension {
  int m = 0;    // nodes in the dimension (m_i)
  int rho = 0;  // circulant reach (rho_i)

  int degree() const;    // eq. (2)
  int diameter() const;  // eq. (3): D_i = ceil(floor(m/2) / rho)
  int a() const;         // eq. (6): a = floor((m-1)/rho) - D
  int k() const;         // eq. (6): k = m - a*rho - D*rho - 1
};

struct Port {
  int dim = 0;     // 1..r
  int offset = 0;  // signed: +1..+rho clockwise, -1..-rho counterclockwise
};

class Hypercycle {
 public:
  // m and rho in the paper's order: m_r, ..., m_1 and rho_r, ..., rho_1.
  // Throws Error for an illegal network (m_i < 2, rho_i < 1, rho_i > m_i/2,
  // mismatched lengths, empty lists, more than kMaxNodes nodes).
  static Hypercycle fromPaperOrder(const std::vector<int>& m_r_to_1,
                                   const std::vector<int>& rho_r_to_1);

  // The hypercycle `net` describes: m_i are its radices, rho_i its largest
  // generator step along dimension i. Throws Error when `net` is not a network
  // of hypercycleNetwork (another topology, or generators it would not make).
  static Hypercycle of(const NetworkDesc& net);

  static constexpr uint64_t kMaxNodes = uint64_t{1} << 24;

  int dims() const { return static_cast<int>(dims_.size()); }
  const Dimension& dim(int i) const { return dims_.at(static_cast<size_t>(i - 1)); }
  uint64_t nodes() const { return nodes_; }
  int degree() const;    // sum d_i
  int diameter() const;  // eq. (4): sum D_i
  uint64_t weight(int i) const { return weights_.at(static_cast<size_t>(i - 1)); }

  // digits[i-1] = x_i.
  std::vector<int> digits(uint64_t x) const;
  int digit(uint64_t x, int i) const;
  uint64_t address(const std::vector<int>& digits) const;

  const std::vector<Port>& ports() const { return ports_; }
  int portIndex(int dim, int offset) const;  // -1 if absent
  uint64_t neighbor(uint64_t x, const Port& p) const;
  // The node whose port p feeds input port p of x.
  uint64_t upstream(uint64_t x, const Port& p) const;
  // The hop out of port p at x crosses the wrap of its ring: x_i + offset
  // leaves 0..m_i-1.
  bool wraps(uint64_t x, const Port& p) const;

  // m and rho lists in paper order, e.g. "8,6,5".
  std::string mList() const;
  std::string rhoList() const;
  // A short identifier usable as a Verilog module prefix, e.g. "hc_m8x6x5_r3x2x1".
  std::string name() const;

 private:
  std::vector<Dimension> dims_;  // index i-1 = dimension i
  std::vector<uint64_t> weights_;
  std::vector<Port> ports_;
  uint64_t nodes_ = 0;
};

}  // namespace hypercast
