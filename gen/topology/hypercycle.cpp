#include "topology/hypercycle.h"

#include <algorithm>
#include <sstream>

#include "topology/max_dims.h"
#include "topology/network.h"
#include "util/error.h"

namespace hypercast {

int Dimension::degree() const { return 2 * rho == m ? 2 * rho - 1 : 2 * rho; }

int Dimension::diameter() const { return (m / 2 + rho - 1) / rho; }

int Dimension::a() const { return (m - 1) / rho - diameter(); }

int Dimension::k() const { return m - a() * rho - diameter() * rho - 1; }

Hypercycle Hypercycle::fromPaperOrder(const std::vector<int>& m_r_to_1,
                                      const std::vector<int>& rho_r_to_1) {
  if (m_r_to_1.empty()) throw Error("--m is empty: give m_r,...,m_1, e.g. --m 8,6,5");
  if (rho_r_to_1.empty()) throw Error("--rho is empty: give rho_r,...,rho_1, e.g. --rho 3,2,1");
  if (m_r_to_1.size() != rho_r_to_1.size()) {
    std::ostringstream os;
    os << "--m has " << m_r_to_1.size() << " entries but --rho has " << rho_r_to_1.size()
       << ": give one rho per dimension";
    throw Error(os.str());
  }
  if (m_r_to_1.size() > static_cast<size_t>(kMaxNetworkDims)) {
    throw Error("--m has " + std::to_string(m_r_to_1.size()) + " dimensions; at most " +
                std::to_string(kMaxNetworkDims) + " are supported");
  }
  Hypercycle h;
  const size_t r = m_r_to_1.size();
  uint64_t n = 1;
  for (size_t idx = 0; idx < r; ++idx) {
    // Paper order lists dimension r first; store dimension i at index i-1.
    const int m = m_r_to_1[r - 1 - idx];
    const int rho = rho_r_to_1[r - 1 - idx];
    const size_t dim = idx + 1;
    if (m < 2) {
      throw Error("m_" + std::to_string(dim) + " = " + std::to_string(m) +
                  ": every dimension needs at least 2 nodes");
    }
    if (rho < 1) {
      throw Error("rho_" + std::to_string(dim) + " = " + std::to_string(rho) +
                  ": rho must be at least 1");
    }
    if (rho > m / 2) {  // 2 * rho > m, without overflow
      throw Error("rho_" + std::to_string(dim) + " = " + std::to_string(rho) + " exceeds m_" +
                  std::to_string(dim) + "/2 = " + std::to_string(m / 2) + (m % 2 ? ".5" : "") +
                  " (Sec. 2.2 requires rho_i <= m_i/2)");
    }
    h.weights_.push_back(n);
    if (n > kMaxNodes / static_cast<uint64_t>(m)) {
      throw Error("the network has more than " + std::to_string(kMaxNodes) + " nodes");
    }
    n *= static_cast<uint64_t>(m);
    h.dims_.push_back(Dimension{m, rho});
  }
  h.nodes_ = n;
  for (int i = 1; i <= h.dims(); ++i) {
    const Dimension& d = h.dim(i);
    for (int s = 1; s <= d.rho; ++s) h.ports_.push_back(Port{i, s});
    for (int s = 1; s <= d.rho; ++s) {
      if (2 * s == d.m) continue;  // +m/2 and -m/2 are the same neighbour
      h.ports_.push_back(Port{i, -s});
    }
  }
  return h;
}

Hypercycle Hypercycle::of(const NetworkDesc& net) {
  if (!net.isHypercycle() || net.kind != NetworkDesc::Kind::kCayley) {
    throw Error("'" + (net.label.empty() ? net.topology : net.label) +
                "' is not a hypercycle (the weight-based routers take --m, --rho networks)");
  }
  const size_t r = net.radices.size();
  std::vector<int> m(r), rho(r, 0);  // paper order: dimension r first
  for (size_t i = 0; i < r; ++i) m[r - 1 - i] = net.radices[i];
  for (const std::vector<int>& g : net.gens) {
    for (size_t i = 0; i < r && i < g.size(); ++i) {
      if (g[i] != 0)
        rho[r - 1 - i] = std::max(rho[r - 1 - i], std::min(g[i], net.radices[i] - g[i]));
    }
  }
  Hypercycle h = fromPaperOrder(m, rho);
  if (hypercycleNetwork(m, rho).gens != net.gens) {
    throw Error("'" + net.label + "' has generators no hypercycle G^{" + h.rhoList() + "}_{" +
                h.mList() + "} has");
  }
  return h;
}

int Hypercycle::degree() const {
  int d = 0;
  for (const auto& dim : dims_) d += dim.degree();
  return d;
}

int Hypercycle::diameter() const {
  int d = 0;
  for (const auto& dim : dims_) d += dim.diameter();
  return d;
}

std::vector<int> Hypercycle::digits(uint64_t x) const {
  std::vector<int> out(dims_.size());
  for (size_t i = 0; i < dims_.size(); ++i) {
    out[i] = static_cast<int>(x % static_cast<uint64_t>(dims_[i].m));
    x /= static_cast<uint64_t>(dims_[i].m);
  }
  return out;
}

int Hypercycle::digit(uint64_t x, int i) const {
  return static_cast<int>((x / weight(i)) % static_cast<uint64_t>(dim(i).m));
}

uint64_t Hypercycle::address(const std::vector<int>& digits) const {
  uint64_t x = 0;
  for (size_t i = 0; i < dims_.size(); ++i) x += static_cast<uint64_t>(digits.at(i)) * weights_[i];
  return x;
}

int Hypercycle::portIndex(int dim, int offset) const {
  for (size_t p = 0; p < ports_.size(); ++p) {
    if (ports_[p].dim == dim && ports_[p].offset == offset) return static_cast<int>(p);
  }
  const Dimension& d = this->dim(dim);
  if (2 * d.rho == d.m && offset == -d.rho) return portIndex(dim, d.rho);
  return -1;
}

static uint64_t shift(const Hypercycle& h, uint64_t x, int dim, int offset) {
  const int m = h.dim(dim).m;
  const int xi = h.digit(x, dim);
  const int yi = ((xi + offset) % m + m) % m;
  return x - static_cast<uint64_t>(xi) * h.weight(dim) + static_cast<uint64_t>(yi) * h.weight(dim);
}

uint64_t Hypercycle::neighbor(uint64_t x, const Port& p) const {
  return shift(*this, x, p.dim, p.offset);
}

uint64_t Hypercycle::upstream(uint64_t x, const Port& p) const {
  return shift(*this, x, p.dim, -p.offset);
}

bool Hypercycle::wraps(uint64_t x, const Port& p) const {
  const int yi = digit(x, p.dim) + p.offset;
  return yi < 0 || yi >= dim(p.dim).m;
}

static std::string joinPaperOrder(const std::vector<Dimension>& dims, bool rho) {
  std::string s;
  for (size_t idx = dims.size(); idx-- > 0;) {
    s += std::to_string(rho ? dims[idx].rho : dims[idx].m);
    if (idx != 0) s += ",";
  }
  return s;
}

std::string Hypercycle::mList() const { return joinPaperOrder(dims_, false); }
std::string Hypercycle::rhoList() const { return joinPaperOrder(dims_, true); }

std::string Hypercycle::name() const {
  std::string s = "hc_m" + mList() + "_r" + rhoList();
  for (char& c : s) {
    if (c == ',') c = 'x';
  }
  return s;
}

}  // namespace hypercast
