// Bertsekas et al., Sec. 3: optimal single-node scatter on the d-cube.
#include <algorithm>
#include <stdexcept>

#include "algorithm/hypercube_schedules.h"
#include "algorithm/rotation_classes.h"

namespace hypercast {

namespace {

// The paper's compatible class of R_kn (2 <= k <= d-1): take t in R_kn with its
// rightmost bit one and its leftmost bit zero, a longest run sigma of zeros, and
// clear the one-bit just right of sigma. The result has a unique longest zero
// run, so its class has d elements.
uint32_t compatibleIdentity(const RotationClasses& rc, const RotationClass& c) {
  const int d = rc.dim();
  for (uint32_t t : c.members) {
    if (!RotationClasses::bit(t, 1) || RotationClasses::bit(t, d)) continue;
    int best_len = 0, best_lo = 0;  // sigma = positions best_lo..best_lo+best_len-1
    for (int pos = 1; pos <= d;) {
      if (RotationClasses::bit(t, pos)) {
        ++pos;
        continue;
      }
      int end = pos;
      while (end <= d && !RotationClasses::bit(t, end)) ++end;
      if (end - pos > best_len) {
        best_len = end - pos;
        best_lo = pos;
      }
      pos = end;
    }
    return t & ~(uint32_t{1} << (best_lo - 2));  // the bit in position best_lo - 1
  }
  throw std::logic_error("Sec. 3: R_kn has no member 0..1");
}

}  // namespace

SpanningTree balancedScatterTree(int d) {
  const RotationClasses rc(d);
  const uint32_t n = uint32_t{1} << d;
  const auto& classes = rc.classes();
  SpanningTree tree;
  tree.parent.assign(n, 0);
  std::vector<uint32_t> first(classes.size(), 0);
  // Elements of already-ordered classes, with their m values.
  auto element = [&](size_t c, size_t j) { return rc.rotl(first[c], static_cast<int>(j)); };
  for (size_t c = 0; c < classes.size(); ++c) {
    const RotationClass& cls = classes[c];
    if (cls.k == 1) {
      // R_11: the first element is free; take 00..01. Its links come from the root.
      first[c] = 1;
      for (size_t j = 0; j < cls.members.size(); ++j) tree.parent[element(c, j)] = 0;
      continue;
    }
    const uint32_t tprime = compatibleIdentity(rc, cls);
    const int cc = rc.classOf(tprime);
    if (cc < 0 || static_cast<size_t>(cc) >= c || classes[cc].members.size() != size_t(d)) {
      throw std::logic_error("Sec. 3: the compatible class is not an earlier d-element class");
    }
    // The element t' of the compatible class with m(t') = m_kn ...
    const int m_kn = rc.m(cls.first_n);
    uint32_t tp = 0;
    for (size_t j = 0; j < size_t(d); ++j) {
      if (rc.m(classes[cc].first_n + static_cast<uint32_t>(j)) == m_kn) tp = element(cc, j);
    }
    // ... and as first element of R_kn an identity t that t' is obtained from by
    // clearing one of its one-bits.
    bool found = false;
    for (int pos = 1; pos <= d && !found; ++pos) {
      const uint32_t t = tp | (uint32_t{1} << (pos - 1));
      if (t != tp && rc.classOf(t) == static_cast<int>(c)) {
        first[c] = t;
        found = true;
      }
    }
    if (!found) throw std::logic_error("Sec. 3: no first element extends t'");
    for (size_t j = 0; j < cls.members.size(); ++j) {
      tree.parent[element(c, j)] = rc.rotl(tp, static_cast<int>(j));
    }
  }
  // Finally (11..1) hangs off the element x of R_(d-1)1 with m(x) = m(11..1); for
  // d = 1 there is no such class and 1 is the root's neighbour.
  if (d >= 2) {
    const Numbering num = numberIdentities(rc, first);
    const int m_all = rc.m(n - 1);
    for (const RotationClass& cls : classes) {
      if (cls.k != d - 1) continue;
      for (size_t j = 0; j < cls.members.size(); ++j) {
        const uint32_t x = num.order[cls.first_n + j];
        if (rc.m(cls.first_n + static_cast<uint32_t>(j)) == m_all) tree.parent[n - 1] = x;
      }
    }
  }
  tree.subtree.assign(n, 0);
  for (uint32_t x = 1; x < n; ++x) {
    uint32_t y = x;
    while (tree.parent[y] != 0) y = tree.parent[y];
    tree.subtree[x] = y;
  }
  return tree;
}

Schedule hypercubeScatter(int d, uint32_t root) {
  const SpanningTree tree = balancedScatterTree(d);
  const uint32_t n = uint32_t{1} << d;
  Schedule s;
  s.collective = Collective::kScatter;
  s.nodes = n;
  s.root = root;
  for (int b = 0; b < d; ++b) {
    const uint32_t child = uint32_t{1} << b;
    std::vector<uint32_t> dests;
    for (uint32_t x = 1; x < n; ++x) {
      if (tree.subtree[x] == child) dests.push_back(x);
    }
    // Farthest from the root first; in a shortest-path tree the distance is the
    // Hamming weight.
    std::stable_sort(dests.begin(), dests.end(), [](uint32_t a, uint32_t b2) {
      return __builtin_popcount(a) > __builtin_popcount(b2);
    });
    for (size_t i = 0; i < dests.size(); ++i) {
      std::vector<uint32_t> path;  // dest, .., child
      for (uint32_t y = dests[i]; y != 0; y = tree.parent[y]) path.push_back(y);
      uint32_t from = 0;
      uint32_t step = static_cast<uint32_t>(i) + 1;
      for (size_t h = path.size(); h-- > 0; ++step) {
        s.transfers.push_back(
            {step, from ^ root, path[h] ^ root, root, static_cast<int32_t>(dests[i] ^ root)});
        from = path[h];
      }
    }
  }
  std::stable_sort(s.transfers.begin(), s.transfers.end(),
                   [](const Transfer& a, const Transfer& b) { return a.step < b.step; });
  s.steps = s.transfers.empty() ? 0 : s.transfers.back().step;
  return s;
}

}  // namespace hypercast
