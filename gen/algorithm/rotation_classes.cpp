#include "algorithm/rotation_classes.h"

#include <algorithm>

#include "util/error.h"

namespace hypercast {

RotationClasses::RotationClasses(int d) : d_(d) {
  if (d < 1 || d > 24) throw Error("rotation classes need 1 <= d <= 24");
  const uint32_t n = uint32_t{1} << d;
  class_of_.assign(n, -1);
  for (int k = 1; k <= d - 1; ++k) {
    std::vector<uint32_t> reps;  // smallest member of each class of N_k
    for (uint32_t x = 1; x + 1 < n; ++x) {
      if (__builtin_popcount(x) != k) continue;
      uint32_t smallest = x;
      for (uint32_t y = rotl(x); y != x; y = rotl(y)) smallest = std::min(smallest, y);
      if (smallest == x) reps.push_back(x);
    }
    // R_k1 first: the class of the identity with the k rightmost bits one, which
    // is its own smallest member.
    const uint32_t low = (uint32_t{1} << k) - 1;
    std::stable_partition(reps.begin(), reps.end(), [&](uint32_t r) { return r == low; });
    for (uint32_t r : reps) {
      RotationClass c;
      c.k = k;
      c.members.push_back(r);
      for (uint32_t y = rotl(r); y != r; y = rotl(y)) c.members.push_back(y);
      for (uint32_t y : c.members) class_of_[y] = static_cast<int32_t>(classes_.size());
      classes_.push_back(std::move(c));
    }
  }
  uint32_t next = 1;
  for (auto& c : classes_) {
    c.first_n = next;
    next += static_cast<uint32_t>(c.members.size());
  }
}

uint32_t RotationClasses::rotl(uint32_t x, int by) const {
  const uint32_t mask = (d_ == 32) ? ~0u : ((uint32_t{1} << d_) - 1);
  for (int i = 0; i < by; ++i) x = ((x << 1) | (x >> (d_ - 1))) & mask;
  return x;
}

Numbering numberIdentities(const RotationClasses& rc, const std::vector<uint32_t>& first) {
  const uint32_t n = uint32_t{1} << rc.dim();
  Numbering out;
  out.order.reserve(n);
  out.order.push_back(0);
  for (size_t c = 0; c < rc.classes().size(); ++c) {
    uint32_t t = first[c];
    for (size_t j = 0; j < rc.classes()[c].members.size(); ++j) {
      out.order.push_back(t);
      t = rc.rotl(t);
    }
  }
  if (n > 1) out.order.push_back(n - 1);
  out.n_of.assign(n, 0);
  for (uint32_t i = 0; i < out.order.size(); ++i) out.n_of[out.order[i]] = i;
  return out;
}

}  // namespace hypercast
