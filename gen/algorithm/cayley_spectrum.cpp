#include "algorithm/cayley_spectrum.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numeric>

#include "util/error.h"

namespace hypercast {

namespace {

using Poly = std::vector<int64_t>;  // coefficients, constant first

int64_t add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) throw Error("the spectrum's integers exceed 64 bits");
  return r;
}
int64_t mul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) throw Error("the spectrum's integers exceed 64 bits");
  return r;
}

void trim(Poly& p) {
  while (p.size() > 1 && p.back() == 0) p.pop_back();
}

// a / b for a monic b that divides a.
Poly divideExact(Poly a, const Poly& b) {
  trim(a);
  const size_t db = b.size() - 1;
  if (a.size() - 1 < db) return {0};
  Poly q(a.size() - db, 0);
  for (size_t i = a.size(); i-- > db;) {
    const int64_t c = a[i];
    q[i - db] = c;
    for (size_t j = 0; j <= db; ++j) a[i - db + j] = add(a[i - db + j], -mul(c, b[j]));
  }
  return q;
}

// Phi_n by x^n - 1 = prod over divisors.
Poly cyclotomic(uint32_t n, std::map<uint32_t, Poly>& memo) {
  auto it = memo.find(n);
  if (it != memo.end()) return it->second;
  Poly p(n + 1, 0);
  p[0] = -1;
  p[n] = 1;
  for (uint32_t d = 1; d < n; ++d) {
    if (n % d == 0) p = divideExact(p, cyclotomic(d, memo));
  }
  trim(p);
  memo[n] = p;
  return p;
}

// Z[zeta_L] modulo Phi_L: coordinates on 1 .. zeta^(phi-1).
class Cyclotomic {
 public:
  explicit Cyclotomic(uint32_t l) {
    std::map<uint32_t, Poly> memo;
    phi_ = cyclotomic(l, memo);
  }
  size_t dim() const { return phi_.size() - 1; }
  Poly reduce(Poly a) const {
    const size_t dp = dim();
    for (size_t i = a.size(); i-- > dp;) {
      const int64_t c = a[i];
      if (c == 0) continue;
      for (size_t j = 0; j <= dp; ++j) a[i - dp + j] = add(a[i - dp + j], -mul(c, phi_[j]));
    }
    a.resize(dp, 0);
    return a;
  }
  Poly times(const Poly& a, const Poly& b) const {
    Poly r(a.size() + b.size(), 0);
    for (size_t i = 0; i < a.size(); ++i) {
      if (a[i] == 0) continue;
      for (size_t j = 0; j < b.size(); ++j) r[i + j] = add(r[i + j], mul(a[i], b[j]));
    }
    return reduce(r);
  }
  Poly constant(int64_t c) const {
    Poly r(dim(), 0);
    r[0] = c;
    return r;
  }

 private:
  Poly phi_;
};

bool rational(const Poly& a) {
  return std::all_of(a.begin() + 1, a.end(), [](int64_t c) { return c == 0; });
}

}  // namespace

std::string CayleySpectrum::text(size_t i) const {
  char buf[64];
  if (integral ||
      (std::fabs(imag[i]) < 1e-9 && std::fabs(numeric[i] - std::round(numeric[i])) < 1e-9)) {
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(std::llround(numeric[i])));
  } else if (std::fabs(imag[i]) < 1e-9) {
    std::snprintf(buf, sizeof buf, "%.4f", numeric[i]);
  } else {
    std::snprintf(buf, sizeof buf, "%.4f%+.4fi", numeric[i], imag[i]);
  }
  return buf;
}

CayleySpectrum cayleySpectrum(const NetworkDesc& net) {
  if (net.kind != NetworkDesc::Kind::kCayley) throw Error("the spectrum needs a Cayley graph");
  CayleySpectrum s;
  s.degree = net.ports();
  uint64_t l = 1;
  for (int m : net.radices) {
    l = std::lcm(l, static_cast<uint64_t>(m));
    if (l > 4096) throw Error("the group's exponent exceeds 4096: no exact spectrum");
  }
  s.cyclotomic_order = static_cast<uint32_t>(l);
  const Cyclotomic z(static_cast<uint32_t>(l));
  const uint64_t n = net.nodes();
  std::map<Poly, uint64_t> count;
  std::map<Poly, std::pair<double, double>> value;
  const double two_pi = 2.0 * std::acos(-1.0);
  for (uint64_t k = 0; k < n; ++k) {
    const std::vector<int> kd = net.digits(k);
    Poly raw(l, 0);
    double re = 0, im = 0;
    for (const auto& g : net.gens) {
      uint64_t e = 0;
      for (size_t i = 0; i < g.size(); ++i) {
        const uint64_t m = static_cast<uint64_t>(net.radices[i]);
        e += static_cast<uint64_t>(kd[i]) * static_cast<uint64_t>(g[i]) % m * (l / m);
      }
      e %= l;
      ++raw[e];
      re += std::cos(two_pi * double(e) / double(l));
      im += std::sin(two_pi * double(e) / double(l));
    }
    const Poly red = z.reduce(raw);
    ++count[red];
    value[red] = {re, im};
  }
  const Poly top = z.constant(s.degree);
  std::vector<Poly> order;
  for (const auto& [p, c] : count) order.push_back(p);
  std::sort(order.begin(), order.end(), [&](const Poly& a, const Poly& b) {
    if ((a == top) != (b == top)) return a == top;
    const auto va = value[a], vb = value[b];
    if (va.first != vb.first) return va.first > vb.first;
    if (va.second != vb.second) return va.second > vb.second;
    return a < b;
  });
  if (order.empty() || order.front() != top) throw Error("the degree is not an eigenvalue");
  s.integral = true;
  for (const Poly& p : order) {
    s.distinct.push_back(p);
    s.numeric.push_back(value[p].first);
    s.imag.push_back(value[p].second);
    s.multiplicity.push_back(count[p]);
    s.integral = s.integral && rational(p);
  }
  // q(x) = prod over the other distinct eigenvalues of (x - lambda), over Z[zeta].
  std::vector<Poly> q = {z.constant(1)};
  for (size_t i = 1; i < order.size(); ++i) {
    Poly minus = order[i];
    for (auto& c : minus) c = -c;
    std::vector<Poly> next(q.size() + 1, z.constant(0));
    for (size_t j = 0; j < q.size(); ++j) {
      const Poly shifted = q[j];  // x * q_j x^j
      for (size_t c = 0; c < shifted.size(); ++c) next[j + 1][c] = add(next[j + 1][c], shifted[c]);
      const Poly prod = z.times(q[j], minus);
      for (size_t c = 0; c < prod.size(); ++c) next[j][c] = add(next[j][c], prod[c]);
    }
    q = std::move(next);
  }
  for (size_t j = 0; j + 1 < q.size(); ++j) {
    if (!rational(q[j])) throw Error("internal: the minimal polynomial is not rational");
    s.q_coeff.push_back(q[j][0]);
  }
  int64_t at = 1;  // Horner at d
  for (size_t j = q.size(); j-- > 0;) {
    at = j + 1 == q.size() ? 1 : add(mul(at, s.degree), q[j][0]);
  }
  s.q_at_degree = at;
  return s;
}

}  // namespace hypercast
