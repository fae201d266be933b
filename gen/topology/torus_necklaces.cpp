#include "topology/torus_necklaces.h"

#include <algorithm>
#include <string>

#include "util/error.h"

namespace hypercast {

TorusLabels::TorusLabels(int n, int k) : n_(n), k_(k) {
  if (n < 1) throw Error("MT(n,k) needs n >= 1, got " + std::to_string(n));
  if (k < 3 || k % 2 == 0) {
    throw Error(
        "the torus framework of Fragopoulou & Akl needs odd k >= 3 (its rotation and "
        "leaders assume one shortest direction per digit), got k = " +
        std::to_string(k));
  }
  pow_.push_back(1);
  for (int i = 0; i < n; ++i) {
    if (pow_.back() > (uint32_t{1} << 31) / static_cast<uint32_t>(k)) {
      throw Error("MT(" + std::to_string(n) + "," + std::to_string(k) + ") has too many nodes");
    }
    pow_.push_back(pow_.back() * static_cast<uint32_t>(k));
  }
  nodes_ = pow_.back();
}

uint32_t TorusLabels::translate(uint32_t v, uint32_t s) const {
  uint32_t out = 0;
  for (int i = 0; i < n_; ++i) {
    out += static_cast<uint32_t>((digit(v, i) + digit(s, i)) % k_) * pow_[i];
  }
  return out;
}

uint32_t TorusLabels::neighbour(uint32_t v, int port) const {
  const int i = port / 2;
  const int d = digit(v, i);
  const int moved = port % 2 == 0 ? (d + 1) % k_ : (d + k_ - 1) % k_;
  return v - static_cast<uint32_t>(d) * pow_[i] + static_cast<uint32_t>(moved) * pow_[i];
}

uint32_t TorusLabels::rotate(uint32_t v) const {
  const int v0 = digit(v, 0);
  return v / pow_[1] + static_cast<uint32_t>((k_ - v0) % k_) * pow_[n_ - 1];
}

uint32_t TorusLabels::rotate(uint32_t v, int times) const {
  times %= 2 * n_;
  if (times < 0) times += 2 * n_;
  for (int i = 0; i < times; ++i) v = rotate(v);
  return v;
}

int TorusLabels::rotatePort(int port) const {
  const int i = port / 2;
  const int sign = port % 2;  // 0: +1, 1: -1
  if (i == 0) return 2 * (n_ - 1) + (1 - sign);
  return 2 * (i - 1) + sign;
}

int TorusLabels::rotatePort(int port, int times) const {
  times %= 2 * n_;
  if (times < 0) times += 2 * n_;
  for (int i = 0; i < times; ++i) port = rotatePort(port);
  return port;
}

int TorusLabels::distance(uint32_t v) const {
  int d = 0;
  for (int i = 0; i < n_; ++i) {
    const int x = digit(v, i);
    d += std::min(x, k_ - x);
  }
  return d;
}

int TorusLabels::period(uint32_t v) const {
  int p = 1;
  for (uint32_t u = rotate(v); u != v; u = rotate(u)) ++p;
  return p;
}

uint64_t TorusLabels::leaderKey(uint32_t v) const {
  // Rank of a digit in 0 < 1 < k-1 < 2 < k-2 < ... < floor(k/2) < ceil(k/2).
  auto rank = [&](int x) -> uint64_t {
    if (x == 0) return 0;
    return x <= k_ / 2 ? static_cast<uint64_t>(2 * x - 1) : static_cast<uint64_t>(2 * (k_ - x));
  };
  uint64_t binary = 0;
  uint64_t label = 0;
  for (int i = n_ - 1; i >= 0; --i) {
    const int x = digit(v, i);
    binary = binary * 2 + (x != 0 ? 1 : 0);
    label = label * static_cast<uint64_t>(k_) + rank(x);
  }
  return binary * pow_[n_] + label;
}

uint32_t TorusLabels::leaderOf(uint32_t v) const {
  uint32_t best = v;
  uint64_t best_key = leaderKey(v);
  for (uint32_t u = rotate(v); u != v; u = rotate(u)) {
    const uint64_t key = leaderKey(u);
    if (key > best_key) {
      best = u;
      best_key = key;
    }
  }
  return best;
}

uint32_t TorusLabels::treeParent(uint32_t v) const {
  for (int p = 0; p < n_; ++p) {
    const int x = digit(v, p);
    if (x == 0) continue;
    const int moved = x <= k_ / 2 ? x - 1 : (x + 1) % k_;
    return v - static_cast<uint32_t>(x) * pow_[p] + static_cast<uint32_t>(moved) * pow_[p];
  }
  throw Error("0^n has no parent");
}

std::vector<Necklace> torusNecklaces(const TorusLabels& t) {
  std::vector<Necklace> out;
  for (uint32_t v = 0; v < t.nodes(); ++v) {
    if (!t.isLeader(v)) continue;
    Necklace nk;
    nk.leader = v;
    nk.distance = t.distance(v);
    nk.nodes.push_back(v);
    for (uint32_t u = t.rotate(v); u != v; u = t.rotate(u)) nk.nodes.push_back(u);
    out.push_back(std::move(nk));
  }
  std::sort(out.begin(), out.end(), [&](const Necklace& a, const Necklace& b) {
    if (a.distance != b.distance) return a.distance < b.distance;
    return t.leaderKey(a.leader) > t.leaderKey(b.leader);
  });
  return out;
}

std::string torusLabel(const TorusLabels& t, uint32_t v) {
  std::string s;
  for (int i = t.n() - 1; i >= 0; --i) {
    const int x = t.digit(v, i);
    s += x < 10 ? std::to_string(x) : "[" + std::to_string(x) + "]";
  }
  return s;
}

}  // namespace hypercast
