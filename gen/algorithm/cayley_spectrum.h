// The adjacency spectrum of an abelian Cayley graph, exactly (for Faber's
// global sum, paper 003, Sec. 5). The group Z_{m_0} x ... x Z_{m_{r-1}} has
// the characters chi_k(x) = zeta_L^(sum_i k_i x_i L / m_i), L = lcm(m_i), and
// the adjacency's eigenvalue at chi is lambda_chi = sum_p chi(g_p) (Babai): an
// element of Z[zeta_L], kept as integer coordinates on 1, zeta, ...,
// zeta^(phi(L)-1) (reduced modulo the cyclotomic polynomial Phi_L), so equal
// eigenvalues have equal coordinates and no rounding decides anything.
//
// The minimal polynomial of the adjacency is prod over the distinct eigenvalues
// of (x - lambda); q(x) = that product without the factor (x - d) has integer
// coefficients (the spectrum is closed under the Galois group) and q(A) =
// (q(d)/P) J, J the all-ones matrix (A is normal and J spans its d-eigenspace on
// a connected graph).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "topology/network.h"

namespace hypercast {

struct CayleySpectrum {
  int degree = 0;                 // d = generators
  uint32_t cyclotomic_order = 1;  // L
  // The distinct eigenvalues, d first; each as its coordinates in Z[zeta_L].
  std::vector<std::vector<int64_t>> distinct;
  std::vector<double> numeric;  // the same, as real parts (imaginary parts in `imag`)
  std::vector<double> imag;
  std::vector<uint64_t> multiplicity;
  bool integral = false;  // every eigenvalue a rational integer
  // q(x) = x^m + coeff[m-1] x^(m-1) + ... + coeff[0], m = distinct - 1.
  std::vector<int64_t> q_coeff;
  int64_t q_at_degree = 0;           // q(d) = (distinct eigenvalues' product of (d - lambda))
  std::string text(size_t i) const;  // "4", "-2", "1.236", "0.5+0.866i"
};

// Throws Error for a mesh, for L beyond 4096 or when an integer exceeds 64 bits.
CayleySpectrum cayleySpectrum(const NetworkDesc& net);

}  // namespace hypercast
