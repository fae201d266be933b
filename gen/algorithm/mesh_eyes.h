// Eyes of a d-dimensional mesh of side n = 2^k (Cang & Wu, "Time-step optimal
// broadcasting in 3-D meshes with minimum total communication distance",
// paper 001: Defs. 1, 2, 7, eqs. 1 and 4).
//
// A d-D 2^k mesh splits into 2^d submeshes of side 2^(k-1) (orthants); its 2^d
// eyes are, one per orthant, the orthant's own eyes that lie closest to the
// centre; every node of a 2x..x2 mesh is an eye. The eyes are the corners of
// the eye-cube of side a_k, at coordinates x_k(1) and x_k(2) in every
// dimension.
//
// Numbering: E(i), i = 1..2^d, lies in orthant i - 1 written in binary, bit b
// choosing the upper half of dimension eyeBitDimension(d, b). The paper's lists
// give 2-D: E(1..4) = upper-left, upper-right, lower-left, lower-right (bit 0 =
// x, bit 1 = y, y growing downwards); 3-D (Def. 3's list): bit 0 = x, bit 1 =
// z, bit 2 = y. For d >= 4 (Def. 7 counts E(0..2^d-1); our E(i+1)) bit b is
// dimension b.
#pragma once

#include <cstdint>
#include <vector>

namespace hypercast {

// A d-D mesh of side 2^k; nodes numbered x + n y + n^2 z + ... (the network
// layer's numbering: digit 0 = x).
struct MeshCube {
  int d = 2;
  int k = 1;
  int side() const { return 1 << k; }
  uint64_t nodes() const { return uint64_t{1} << (d * k); }
  // The optimal one-port step count, log2 N = d k.
  int optimalSteps() const { return d * k; }
  std::vector<int> coordinates(uint64_t node) const;
  uint64_t node(const std::vector<int>& c) const;
  // One coordinate of a node, and the node with it replaced (k bits each).
  int coordinate(uint64_t node, int i) const {
    return static_cast<int>(node >> (i * k)) & (side() - 1);
  }
  uint64_t withCoordinate(uint64_t node, int i, int v) const {
    return (node & ~(uint64_t(side() - 1) << (i * k))) | (uint64_t(v) << (i * k));
  }
};

// Most nodes a mesh broadcast is built for (schedules, tables, the CLI).
constexpr uint64_t kMaxMeshBroadcastNodes = uint64_t{1} << 20;

// Extents X,Y[,Z..] (digit 0 first) as a MeshCube; throws Error unless they are
// d >= 1 equal powers of two, at least 2, with at most kMaxMeshBroadcastNodes.
MeshCube meshCube(const std::vector<int>& extents);

// a_k = (2^k - (-1)^k) / 3, k >= 1 (eq. 1): the side of the eye-cube.
int eyeSide(int k);
// x_k(1) = (2^(k+1) + (-1)^k) / 6 - 1/2 and x_k(2) = 2^k - 1 - x_k(1) (eq. 1's
// coordinates; the same in every dimension). which = 1 or 2.
int eyeCoordinate(int k, int which);
// The dimension that bit b of (i - 1) selects in E(i) (see above).
int eyeBitDimension(int d, int b);
// E(index) of the mesh, index = 1..2^d: its coordinates, digit 0 = x.
std::vector<int> eyeCoordinates(const MeshCube& m, int index);
// The eye number (1..2^d) of a node, 0 if it is not an eye.
int eyeIndex(const MeshCube& m, const std::vector<int>& c);

// MD_k^d(E_k), the TCD of Algorithm 3 from an eye, by the recursion of eq. (15)
// from eq. (14): (2^d - 1) a_k + 2^d MD_{k-1}, MD_1 = 2^d - 1 (any d >= 1; the
// closed form eq. (16) divides by zero at d = 1).
int64_t eyeBroadcastTcd(int d, int k);

}  // namespace hypercast
