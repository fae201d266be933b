#include "algorithm/torus_bsg.h"

#include <algorithm>
#include <string>

#include "util/error.h"

namespace hypercast {

TorusBsg torusBsg(const TorusLabels& t) {
  TorusBsg b;
  b.parent.assign(t.nodes(), TorusBsg::kNone);
  std::vector<std::vector<uint32_t>> children(t.nodes());
  for (uint32_t v = 1; v < t.nodes(); ++v) {
    if (!t.isLeader(v)) continue;
    const uint32_t p = t.treeParent(v);
    if (!t.isLeader(p)) {
      throw Error("MT(" + std::to_string(t.n()) + "," + std::to_string(t.k()) + "): the parent " +
                  torusLabel(t, p) + " of leader " + torusLabel(t, v) + " is not a leader");
    }
    b.parent[v] = p;
    children[p].push_back(v);
  }
  for (auto& c : children) {
    std::sort(c.begin(), c.end(),
              [&](uint32_t x, uint32_t y) { return t.leaderKey(x) > t.leaderKey(y); });
  }
  std::vector<uint32_t> stack(children[0].rbegin(), children[0].rend());
  while (!stack.empty()) {
    const uint32_t v = stack.back();
    stack.pop_back();
    b.preorder.push_back(v);
    stack.insert(stack.end(), children[v].rbegin(), children[v].rend());
  }
  return b;
}

int torusPort(const TorusLabels& t, uint32_t from, uint32_t to) {
  for (int p = 0; p < 2 * t.n(); ++p) {
    if (t.neighbour(from, p) == to) return p;
  }
  throw Error("torusPort: " + torusLabel(t, from) + " and " + torusLabel(t, to) +
              " are not neighbours");
}

std::vector<uint32_t> bsgPath(const TorusLabels& t, const TorusBsg& b, uint32_t leader, int i) {
  std::vector<uint32_t> path;
  for (uint32_t v = leader; v != 0; v = b.parent[v]) path.push_back(t.rotate(v, i));
  path.push_back(0);
  std::reverse(path.begin(), path.end());
  return path;
}

int bsgRoute(const TorusLabels& t, int i, uint32_t at, uint32_t dest) {
  const int n = t.n();
  const int start = ((n - 1 - i) % n + n) % n;
  for (int s = 0; s < n; ++s) {
    const int pos = ((start - s) % n + n) % n;
    const int a = t.digit(at, pos);
    const int d = t.digit(dest, pos);
    if (a == d) continue;
    const int up = ((d - a) % t.k() + t.k()) % t.k();  // steps in the + direction
    return up <= t.k() / 2 ? 2 * pos : 2 * pos + 1;
  }
  return -1;
}

std::vector<int> portOrbitPositions(const TorusLabels& t) {
  std::vector<int> pos(static_cast<size_t>(2 * t.n()), -1);
  int p = 2 * (t.n() - 1);
  for (int i = 0; i < 2 * t.n(); ++i) {
    pos[static_cast<size_t>(p)] = i;
    p = t.rotatePort(p);
  }
  return pos;
}

}  // namespace hypercast
