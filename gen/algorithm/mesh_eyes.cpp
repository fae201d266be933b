#include "algorithm/mesh_eyes.h"

#include <string>

#include "util/error.h"

namespace hypercast {

std::vector<int> MeshCube::coordinates(uint64_t node) const {
  std::vector<int> c(static_cast<size_t>(d));
  for (int i = 0; i < d; ++i) c[i] = static_cast<int>((node >> (i * k)) & (side() - 1));
  return c;
}

uint64_t MeshCube::node(const std::vector<int>& c) const {
  uint64_t x = 0;
  for (int i = d; i-- > 0;) x = (x << k) | static_cast<uint64_t>(c[i]);
  return x;
}

MeshCube meshCube(const std::vector<int>& extents) {
  std::string text;
  for (size_t i = 0; i < extents.size(); ++i) text += (i ? "," : "") + std::to_string(extents[i]);
  const auto refuse = [&](const std::string& why) {
    throw Error(
        "the mesh broadcast (Cang & Wu) needs equal sides that are powers of two, e.g. "
        "--dims 8,8,8; " +
        why);
  };
  if (extents.empty()) refuse("no extents given");
  const int n = extents.front();
  for (int x : extents) {
    if (x != n) refuse("got " + text);
  }
  if (n < 2 || (n & (n - 1)) != 0) refuse("got " + text);
  MeshCube m;
  m.d = static_cast<int>(extents.size());
  m.k = 0;
  while ((1 << m.k) < n) ++m.k;
  if (m.d * m.k > 20) {
    refuse("at most " + std::to_string(kMaxMeshBroadcastNodes) + " nodes, " + text + " has more");
  }
  return m;
}

int eyeSide(int k) { return ((1 << k) - (k % 2 ? -1 : 1)) / 3; }

int eyeCoordinate(int k, int which) {
  const int x1 = ((2 << k) + (k % 2 ? -1 : 1) - 3) / 6;
  return which == 1 ? x1 : (1 << k) - 1 - x1;
}

int eyeBitDimension(int d, int b) {
  if (d == 3 && b > 0) return 3 - b;  // Def. 3's list: x, z, y
  return b;
}

std::vector<int> eyeCoordinates(const MeshCube& m, int index) {
  std::vector<int> c(static_cast<size_t>(m.d));
  for (int b = 0; b < m.d; ++b) {
    c[eyeBitDimension(m.d, b)] = eyeCoordinate(m.k, ((index - 1) >> b & 1) ? 2 : 1);
  }
  return c;
}

int eyeIndex(const MeshCube& m, const std::vector<int>& c) {
  int index = 0;
  for (int b = 0; b < m.d; ++b) {
    const int x = c[eyeBitDimension(m.d, b)];
    if (x == eyeCoordinate(m.k, 2)) {
      index |= 1 << b;
    } else if (x != eyeCoordinate(m.k, 1)) {
      return 0;
    }
  }
  return index + 1;
}

int64_t eyeBroadcastTcd(int d, int k) {
  const int64_t cells = int64_t{1} << d;
  int64_t md = cells - 1;  // eq. (14)
  for (int l = 2; l <= k; ++l) md = (cells - 1) * eyeSide(l) + cells * md;
  return md;
}

}  // namespace hypercast
