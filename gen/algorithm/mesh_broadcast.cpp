#include "algorithm/mesh_broadcast.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <map>

#include "util/error.h"

namespace hypercast {

namespace {

WormholeSchedule emptySchedule(const MeshCube& m, uint32_t source, const char* algorithm) {
  if (source >= m.nodes()) {
    throw Error("source " + std::to_string(source) + " is outside 0.." +
                std::to_string(m.nodes() - 1));
  }
  WormholeSchedule s;
  s.extents.assign(static_cast<size_t>(m.d), m.side());
  s.source = source;
  s.algorithm = algorithm;
  s.steps.resize(static_cast<size_t>(m.optimalSteps()));
  for (size_t t = 0; t < s.steps.size(); ++t) s.steps[t].reserve(size_t{1} << t);  // holders double
  return s;
}

uint32_t u32(uint64_t x) { return static_cast<uint32_t>(x); }

// A box of a level, by its origin node, and the one node in it that holds the
// message.
struct Box {
  uint64_t origin = 0;
  uint64_t holder = 0;
};

// The box reflected so that its holder lies in the lower half of every
// dimension (`upper` has bit i where it does not). Canonical points are packed
// as nodes are (k bits per coordinate), relative to the box.
struct Frame {
  const MeshCube& m;
  uint64_t origin;
  int side;
  uint32_t upper = 0;

  Frame(const MeshCube& mesh, const Box& b, int side_) : m(mesh), origin(b.origin), side(side_) {
    for (int i = 0; i < m.d; ++i) {
      if (m.coordinate(b.holder, i) - m.coordinate(origin, i) >= side / 2) upper |= 1u << i;
    }
  }
  int reflect(int i, int x) const { return (upper >> i & 1) ? side - 1 - x : x; }
  uint64_t canonical(uint64_t g) const {
    uint64_t c = 0;
    for (int i = 0; i < m.d; ++i) {
      c |= uint64_t(reflect(i, m.coordinate(g, i) - m.coordinate(origin, i))) << (i * m.k);
    }
    return c;
  }
  uint64_t global(uint64_t c) const {
    uint64_t g = origin;
    for (int i = 0; i < m.d; ++i) g += uint64_t(reflect(i, m.coordinate(c, i))) << (i * m.k);
    return g;
  }
};

// The orthant (a box of side `half`) of the box at `origin` that holds node g.
Box subBox(const MeshCube& m, uint64_t origin, int half, uint64_t g) {
  Box b{origin, g};
  for (int i = 0; i < m.d; ++i) {
    if (m.coordinate(g, i) - m.coordinate(origin, i) >= half)
      b.origin += uint64_t(half) << (i * m.k);
  }
  return b;
}

}  // namespace

std::vector<int> paperDimensionOrder(int d) {
  std::vector<int> order(static_cast<size_t>(d));
  for (int b = 0; b < d; ++b) order[b] = eyeBitDimension(d, b);
  return order;
}

std::string paperMeshAlgorithmName(int d) {
  if (d == 2) return "Algorithm 1";
  if (d == 3) return "Algorithm 2";
  return "Algorithm 2's d-D extension (Sec. 4)";
}

WormholeSchedule paperMeshBroadcast(const MeshCube& m, uint32_t source, std::vector<int> order) {
  WormholeSchedule s = emptySchedule(m, source, "paper");
  if (order.empty()) order = paperDimensionOrder(m.d);
  std::vector<int> sorted(order);
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < m.d; ++i) {
    if (static_cast<int>(sorted.size()) != m.d || sorted[i] != i) {
      throw Error("a dimension order lists every dimension once");
    }
  }
  std::vector<Box> boxes = {{0, source}}, next;
  std::vector<uint64_t> held;  // canonical
  for (int l = m.k; l >= 1; --l) {
    const int side = 1 << l;
    const int inner = eyeCoordinate(l, 1), across = eyeCoordinate(l, 2);
    const int outer = l >= 2 ? eyeCoordinate(l - 1, 1) : inner;
    const size_t base = static_cast<size_t>((m.k - l) * m.d);
    next.clear();
    for (const Box& b : boxes) {
      const Frame f(m, b, side);
      const uint64_t src = f.canonical(b.holder);
      held.assign(1, src);
      for (int j = 0; j < m.d; ++j) {
        const size_t count = held.size();
        for (size_t h = 0; h < count; ++h) {
          uint64_t t = held[h];
          if (h == 0) {  // the source: inner, or the nearer of inner and outer once crossed
            for (int i = 0; i < m.d; ++i) {
              const int x = m.coordinate(src, order[i]);
              const bool outside = i < j && std::abs(x - outer) < std::abs(x - inner);
              t = m.withCoordinate(t, order[i], outside ? outer : inner);
            }
          }
          t = m.withCoordinate(t, order[j], across);
          s.steps[base + j].push_back({u32(f.global(held[h])), u32(f.global(t))});
          held.push_back(t);
        }
      }
      for (uint64_t h : held) next.push_back(subBox(m, b.origin, side / 2, f.global(h)));
    }
    boxes.swap(next);
  }
  return s;
}

WormholeSchedule eyeMeshBroadcast(const MeshCube& m, uint32_t source) {
  WormholeSchedule s = emptySchedule(m, source, "eye");
  if (eyeIndex(m, m.coordinates(source)) == 0) {
    throw Error("Algorithm 3 starts from an eye; node " + std::to_string(source) + " is not one");
  }
  const std::vector<int> order = paperDimensionOrder(m.d);
  std::vector<Box> boxes = {{0, source}}, next;
  std::vector<uint64_t> held;  // global
  for (int l = m.k; l >= 1; --l) {
    const int x1 = eyeCoordinate(l, 1), x2 = eyeCoordinate(l, 2);
    const size_t base = static_cast<size_t>((m.k - l) * m.d);
    next.clear();
    for (const Box& b : boxes) {
      held.assign(1, b.holder);
      for (int j = 0; j < m.d; ++j) {
        const int dim = order[j], origin = m.coordinate(b.origin, dim);
        const size_t count = held.size();
        for (size_t h = 0; h < count; ++h) {
          const int local = m.coordinate(held[h], dim) - origin;
          if (local != x1 && local != x2) throw Error("Algorithm 3: a holder is not at an eye");
          const uint64_t t = m.withCoordinate(held[h], dim, origin + (local == x1 ? x2 : x1));
          s.steps[base + j].push_back({u32(held[h]), u32(t)});
          held.push_back(t);
        }
      }
      for (uint64_t h : held) next.push_back(subBox(m, b.origin, 1 << (l - 1), h));
    }
    boxes.swap(next);
  }
  return s;
}

namespace {

constexpr int64_t kInfinity = std::numeric_limits<int64_t>::max() / 4;

// Digit i of a point of [0, 2^bits)^d packed bits per digit, digit 0 lowest.
int digit(uint32_t c, int i, int bits) {
  return static_cast<int>(c >> (i * bits)) & ((1 << bits) - 1);
}

// v(p) := min_q |p - q|_1 + v(q) over [0, half)^d, and arg(p) that q: the L1
// distance transform, one dimension at a time (forward and backward sweeps).
void distanceTransform(std::vector<int64_t>& v, std::vector<uint32_t>& arg, int half, int d) {
  for (size_t i = 0; i < v.size(); ++i) arg[i] = static_cast<uint32_t>(i);
  size_t stride = 1;
  for (int dim = 0; dim < d; ++dim) {
    const size_t span = stride * static_cast<size_t>(half);
    for (size_t start = 0; start < v.size(); ++start) {
      if (start % span >= stride) continue;  // not the first point of a line
      for (int t = 1; t < half; ++t) {
        const size_t i = start + static_cast<size_t>(t) * stride, p = i - stride;
        if (v[p] + 1 < v[i]) {
          v[i] = v[p] + 1;
          arg[i] = arg[p];
        }
      }
      for (int t = half - 2; t >= 0; --t) {
        const size_t i = start + static_cast<size_t>(t) * stride, n = i + stride;
        if (v[n] + 1 < v[i]) {
          v[i] = v[n] + 1;
          arg[i] = arg[n];
        }
      }
    }
    stride = span;
  }
}

}  // namespace

BestMeshBroadcast::BestMeshBroadcast(const MeshCube& m, bool all_orders) : m_(m) {
  // Dimension orders searched: all of them up to d = 5, the paper's beyond.
  std::vector<std::vector<int>> orders;
  std::vector<int> p = paperDimensionOrder(m.d);
  orders.push_back(p);
  if (all_orders && m.d <= 5) {
    std::vector<int> q(p);
    std::sort(q.begin(), q.end());
    do {
      if (q != p) orders.push_back(q);
    } while (std::next_permutation(q.begin(), q.end()));
  }
  // Every suffix of every order, shortest first.
  std::map<std::vector<int>, int> index;
  for (int len = 0; len <= m.d; ++len) {
    for (const auto& o : orders) {
      const std::vector<int> s(o.end() - len, o.end());
      if (index.count(s)) continue;
      index[s] = static_cast<int>(seqs_.size());
      seqs_.push_back(s);
      rest_.push_back(len ? index.at(std::vector<int>(s.begin() + 1, s.end())) : -1);
    }
  }
  for (const auto& o : orders) orders_.push_back(index.at(o));

  levels_.resize(static_cast<size_t>(m.k) + 1);
  for (int l = 1; l <= m.k; ++l) {
    Level& lv = levels_[l];
    lv.bits = l - 1;
    lv.half = 1 << lv.bits;
    const size_t size = size_t{1} << (m.d * lv.bits);
    // The least TCD inside an orthant (a box of side `half`) from each point.
    std::vector<int64_t> inside(size, 0);
    if (l >= 2) {
      const Level& below = levels_[l - 1];
      for (uint32_t x = 0; x < size; ++x) {
        uint32_t c = 0;
        for (int i = 0; i < m.d; ++i) {
          const int ci = digit(x, i, lv.bits);
          c |= uint32_t(ci < below.half ? ci : lv.half - 1 - ci) << (i * below.bits);
        }
        inside[x] = below.best[c];
      }
    }
    lv.reach.resize(seqs_.size());
    lv.seed.resize(seqs_.size());
    lv.best.assign(size, kInfinity);
    for (size_t s = 0; s < seqs_.size(); ++s) {
      // From a seed at c: recurse inside, and deliver across seqs_[s] in order.
      std::vector<int64_t> g(inside);
      for (uint32_t x = 0; x < size; ++x) g[x] += viaOrder(lv, static_cast<int>(s), x);
      if (static_cast<int>(seqs_[s].size()) == m.d) {
        for (size_t x = 0; x < size; ++x) lv.best[x] = std::min(lv.best[x], g[x]);
        continue;
      }
      lv.seed[s].resize(size);
      distanceTransform(g, lv.seed[s], lv.half, m.d);
      lv.reach[s] = std::move(g);
    }
  }
}

// From c in a lower orthant, across `dim` into the neighbouring orthant, then on
// across seqs_[rest]: the path to the shared face (half - 1 - c_dim), one link
// across, and the neighbour's own least cost seen from the face point.
int64_t BestMeshBroadcast::cross(const Level& lv, int rest, int dim, uint32_t c) const {
  const uint32_t face = c | uint32_t(lv.half - 1) << (dim * lv.bits);
  return lv.reach[rest][face] + (lv.half - 1 - digit(c, dim, lv.bits)) + 1;
}

// The cost of a holder at c sending across seqs_[order] (without its recursion).
int64_t BestMeshBroadcast::viaOrder(const Level& lv, int order, uint32_t c) const {
  int64_t sum = 0;
  for (int s = order; !seqs_[s].empty(); s = rest_[s]) sum += cross(lv, rest_[s], seqs_[s][0], c);
  return sum;
}

int BestMeshBroadcast::bestOrder(const Level& lv, uint32_t c) const {
  int best = orders_.front();
  int64_t cost = viaOrder(lv, best, c);
  for (int o : orders_) {
    const int64_t v = viaOrder(lv, o, c);
    if (v < cost) {
      cost = v;
      best = o;
    }
  }
  return best;
}

int64_t BestMeshBroadcast::tcd(uint32_t source) const {
  const Level& top = levels_[static_cast<size_t>(m_.k)];
  uint32_t c = 0;
  for (int i = 0; i < m_.d; ++i) {
    const int x = m_.coordinate(source, i);
    c |= uint32_t(x < top.half ? x : 2 * top.half - 1 - x) << (i * top.bits);
  }
  return top.best[c];
}

WormholeSchedule BestMeshBroadcast::schedule(uint32_t source) const {
  WormholeSchedule s = emptySchedule(m_, source, "best");
  // A holder of a level: where it is, its point of the table (reflected into
  // the lower orthant; `upper` has the dimensions reflected), what it still
  // sends across, and the step it received in (0 for the box's own holder).
  struct Holder {
    uint64_t global;
    uint32_t c, upper;
    int seq, step;
  };
  std::vector<Box> boxes = {{0, source}}, next;
  std::vector<Holder> held;
  for (int l = m_.k; l >= 1; --l) {
    const Level& lv = levels_[static_cast<size_t>(l)];
    const int side = 1 << l;
    const size_t base = static_cast<size_t>((m_.k - l) * m_.d);
    next.clear();
    for (const Box& b : boxes) {
      const Frame f(m_, b, side);
      uint32_t c = 0;
      for (int i = 0; i < m_.d; ++i) {
        c |= uint32_t(f.reflect(i, m_.coordinate(b.holder, i) - m_.coordinate(b.origin, i)))
             << (i * lv.bits);
      }
      held.assign(1, {b.holder, c, f.upper, bestOrder(lv, c), 0});
      for (size_t h = 0; h < held.size(); ++h) {
        const Holder cur = held[h];
        int step = cur.step;
        for (int q = cur.seq; !seqs_[q].empty(); q = rest_[q]) {
          // The seed across seqs_[q][0]: the sender's reflection but in that
          // dimension, where it lies in the other half.
          const int dim = seqs_[q][0];
          const uint32_t face = cur.c | uint32_t(lv.half - 1) << (dim * lv.bits);
          const uint32_t seed = lv.seed[rest_[q]][face];
          const uint32_t upper = cur.upper ^ (1u << dim);
          uint64_t g = b.origin;
          for (int i = 0; i < m_.d; ++i) {
            const int x = digit(seed, i, lv.bits);
            g += uint64_t((upper >> i & 1) ? side - 1 - x : x) << (i * m_.k);
          }
          ++step;
          s.steps[base + static_cast<size_t>(step) - 1].push_back({u32(cur.global), u32(g)});
          held.push_back({g, seed, upper, rest_[q], step});
        }
      }
      for (const Holder& h : held) next.push_back(subBox(m_, b.origin, lv.half, h.global));
    }
    boxes.swap(next);
  }
  return s;
}

WormholeSchedule meshBroadcast(const MeshCube& m, uint32_t source, const std::string& algorithm) {
  if (algorithm == "paper") return paperMeshBroadcast(m, source);
  if (algorithm == "best") return BestMeshBroadcast(m).schedule(source);
  throw Error("--algorithm takes paper or best, got '" + algorithm + "'");
}

}  // namespace hypercast
