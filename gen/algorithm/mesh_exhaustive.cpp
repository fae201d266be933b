#include "algorithm/mesh_exhaustive.h"

#include <limits>
#include <string>

#include "util/error.h"

namespace hypercast {

namespace {
constexpr int kNone = std::numeric_limits<int>::max();
}

// Assigns every holder of `held` a distinct new node, paths link-disjoint.
// want < 0: finds the least step cost plus what is left after it; want >= 0:
// stops at the first assignment whose total is `want` (for the schedule).
struct ExhaustiveMeshBroadcast::Step {
  ExhaustiveMeshBroadcast& self;
  uint32_t held;
  int want;
  std::vector<int> holders, choice, best_choice;
  int best = kNone;
  int left = 0;  // nodes the later steps must still reach, one link each at least

  Step(ExhaustiveMeshBroadcast& s, uint32_t h, int w) : self(s), held(h), want(w) {
    for (int x = 0; x < self.nodes_; ++x) {
      if (held >> x & 1) holders.push_back(x);
    }
    choice.assign(holders.size(), -1);
    left = self.nodes_ - 2 * static_cast<int>(holders.size());
  }

  void run(size_t i, uint32_t taken, uint64_t links, int cost) {
    if (want >= 0 && !best_choice.empty()) return;
    const int remaining = static_cast<int>(holders.size() - i) + left;
    if (want < 0 && cost + remaining >= best) return;
    if (want >= 0 && cost + remaining > want) return;
    if (i == holders.size()) {
      const int rest = self.finish(held | taken);
      if (rest == kNone) return;
      if (want < 0 && cost + rest < best) best = cost + rest;
      if (want >= 0 && cost + rest == want) best_choice = choice;
      return;
    }
    const int a = holders[i];
    for (int b = 0; b < self.nodes_; ++b) {
      if (((held | taken) >> b & 1) != 0) continue;
      const size_t ab = static_cast<size_t>(a) * static_cast<size_t>(self.nodes_) + b;
      if ((self.path_[ab] & links) != 0) continue;
      choice[i] = b;
      run(i + 1, taken | (1u << b), links | self.path_[ab], cost + self.length_[ab]);
    }
  }
};

ExhaustiveMeshBroadcast::ExhaustiveMeshBroadcast(const MeshCube& m) : m_(m) {
  if (m.nodes() > 16) {
    throw Error("the exhaustive search takes at most 16 nodes; the mesh has " +
                std::to_string(m.nodes()));
  }
  nodes_ = static_cast<int>(m.nodes());
  // Number the directed links, then each pair's dimension-ordered path.
  std::vector<int> link_id(static_cast<size_t>(nodes_) * 2 * m.d, -1);
  int links = 0;
  for (int x = 0; x < nodes_; ++x) {
    const std::vector<int> c = m.coordinates(static_cast<uint64_t>(x));
    for (int i = 0; i < m.d; ++i) {
      if (c[i] + 1 < m.side()) link_id[(x * m.d + i) * 2] = links++;
      if (c[i] > 0) link_id[(x * m.d + i) * 2 + 1] = links++;
    }
  }
  if (links > 64) {
    throw Error("the exhaustive search takes at most 64 directed links; the mesh has " +
                std::to_string(links));
  }
  path_.assign(static_cast<size_t>(nodes_) * nodes_, 0);
  length_.assign(path_.size(), 0);
  for (int a = 0; a < nodes_; ++a) {
    for (int b = 0; b < nodes_; ++b) {
      std::vector<int> c = m.coordinates(static_cast<uint64_t>(a));
      const std::vector<int> t = m.coordinates(static_cast<uint64_t>(b));
      const size_t ab = static_cast<size_t>(a) * nodes_ + b;
      for (int i = 0; i < m.d; ++i) {
        while (c[i] != t[i]) {
          const int up = t[i] > c[i] ? 0 : 1;
          const int x = static_cast<int>(m.node(c));
          path_[ab] |= uint64_t{1} << link_id[(x * m.d + i) * 2 + up];
          c[i] += up ? -1 : 1;
          ++length_[ab];
        }
      }
    }
  }
  memo_.assign(size_t{1} << nodes_, -1);
}

int ExhaustiveMeshBroadcast::finish(uint32_t held) {
  if (held == (1u << nodes_) - 1) return 0;
  if (memo_[held] == -1) {
    Step s(*this, held, -1);
    s.run(0, 0, 0, 0);
    memo_[held] = s.best;
  }
  return memo_[held];
}

int64_t ExhaustiveMeshBroadcast::tcd(uint32_t source) {
  if (source >= m_.nodes())
    throw Error("source " + std::to_string(source) + " is outside the mesh");
  return finish(1u << source);
}

WormholeSchedule ExhaustiveMeshBroadcast::schedule(uint32_t source) {
  WormholeSchedule s;
  s.extents.assign(static_cast<size_t>(m_.d), m_.side());
  s.source = source;
  s.algorithm = "exhaustive";
  uint32_t held = 1u << source;
  int want = static_cast<int>(tcd(source));
  while (held != (1u << nodes_) - 1) {
    Step step(*this, held, want);
    step.run(0, 0, 0, 0);
    if (step.best_choice.empty()) throw Error("exhaustive search: no schedule reconstructed");
    s.steps.emplace_back();
    for (size_t i = 0; i < step.holders.size(); ++i) {
      const int a = step.holders[i], b = step.best_choice[i];
      s.steps.back().push_back({static_cast<uint32_t>(a), static_cast<uint32_t>(b)});
      want -= length_[static_cast<size_t>(a) * nodes_ + b];
      held |= 1u << b;
    }
  }
  return s;
}

}  // namespace hypercast
