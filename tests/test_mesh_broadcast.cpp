// Cang & Wu (paper 001): eyes (Defs. 1, 2, 7; eqs. 1, 4), Algorithms 2 and 3
// with the d-D extension, `best`, the exhaustive minimum on tiny meshes, the
// wormhole checker, and the command line (schedule, info --eyes, tcd). Expected values are the
// paper's formulas, written out here, and its worked examples; every schedule goes through the
// independent checker, whose TCD is the figure compared.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "algorithm/mesh_broadcast.h"
#include "algorithm/mesh_exhaustive.h"
#include "checker/mesh_broadcast_checker.h"
#include "test_util.h"
#include "topology/network.h"
#include "util/error.h"

using namespace hypercast;

namespace {

NetworkDesc meshOf(const MeshCube& m) { return meshNetwork(std::vector<int>(m.d, m.side())); }

// The checker refuses `s` on `net` with an error that holds `what`.
void expectCheckerSays(const NetworkDesc& net, uint32_t src, const WormholeSchedule& s,
                       const std::string& what) {
  const auto r = checker::checkWormholeBroadcast(net, src, s);
  EXPECT_FALSE(r.ok);
  bool found = false;
  for (const auto& e : r.errors) found |= e.find(what) != std::string::npos;
  EXPECT_TRUE(found) << what << "; first error: " << (r.errors.empty() ? "" : r.errors.front());
}

int64_t pow2(int e) { return int64_t{1} << e; }
int64_t sign(int k) { return k % 2 ? -1 : 1; }  // (-1)^k

// Eq. (1) and its coordinates, spelled out (times 3 and 6 to stay whole).
int64_t aK(int k) { return (pow2(k) - sign(k)) / 3; }
int64_t x1K(int k) { return (pow2(k + 1) + sign(k) - 3) / 6; }
int64_t x2K(int k) { return (pow2(k + 2) - sign(k) - 3) / 6; }

// Eq. (3), eq. (13) and eq. (16).
int64_t eq3(int k) { return (3 * pow2(2 * k + 1) - sign(k)) / 5 - pow2(k); }
int64_t eq13(int k) { return 7 * (pow2(3 * k + 2) - sign(k) - 3 * pow2(k)) / 27; }
int64_t eq16(int d, int k) {
  const int64_t num = (pow2(d) - 1) * (3 * pow2(d * (k + 1) - 1) - sign(k) * (pow2(d - 1) - 1) -
                                       pow2(k) * (pow2(d) + 1));
  const int64_t den = 3 * (pow2(d) + 1) * (pow2(d - 1) - 1);
  EXPECT_EQ(num % den, 0);
  return num / den;
}

// One checker per mesh, its tables kept between schedules.
checker::WormholeReport check(const MeshCube& m, const WormholeSchedule& s) {
  static std::map<std::pair<int, int>, checker::WormholeChecker> checkers;
  auto it = checkers.find({m.d, m.k});
  if (it == checkers.end()) it = checkers.emplace(std::make_pair(m.d, m.k), meshOf(m)).first;
  return it->second.check(s.source, s);
}

int64_t tcdOf(const MeshCube& m, const WormholeSchedule& s) {
  const auto r = check(m, s);
  EXPECT_TRUE(r.ok) << s.algorithm << " from " << s.source << ": "
                    << (r.errors.empty() ? "" : r.errors.front());
  EXPECT_EQ(r.steps, static_cast<uint32_t>(m.optimalSteps()));
  return r.tcd;
}

uint32_t at(const MeshCube& m, std::vector<int> c) { return static_cast<uint32_t>(m.node(c)); }

// Defs. 1, 2, 7 by their recursion: all nodes of the unit mesh are eyes; the
// eyes of a 2^k mesh are, per orthant, the orthant's eye closest to the centre.
// Returns them by orthant number (bit i = upper half of dimension i).
std::vector<std::vector<int>> eyesByDefinition(int d, int k) {
  std::vector<std::vector<int>> eyes;
  for (int o = 0; o < (1 << d); ++o) {
    std::vector<int> c(d);
    for (int i = 0; i < d; ++i) c[i] = o >> i & 1;
    eyes.push_back(c);
  }
  for (int l = 2; l <= k; ++l) {
    const int half = 1 << (l - 1);
    std::vector<std::vector<int>> next;
    for (int o = 0; o < (1 << d); ++o) {
      std::vector<int> best;
      int64_t best_dist = -1;
      int ties = 0;
      for (const auto& e : eyes) {
        std::vector<int> c(e);
        int64_t dist = 0;  // squared distance to the centre, times 4
        for (int i = 0; i < d; ++i) {
          c[i] += (o >> i & 1) * half;
          const int64_t twice = 2 * c[i] - ((1 << l) - 1);
          dist += twice * twice;
        }
        ties = dist == best_dist ? ties + 1 : ties;
        if (best_dist < 0 || dist < best_dist) {
          best_dist = dist;
          best = c;
          ties = 0;
        }
      }
      EXPECT_EQ(ties, 0) << "two eyes closest to the centre at level " << l;
      next.push_back(best);
    }
    eyes.swap(next);
  }
  return eyes;
}

// The source's offsets from E_l(1) in its level-l box (side 2^l), reflected
// so that the source lies in the 1st submesh, positive away from the centre,
// one per dimension in the order the algorithm crosses them.
std::vector<int64_t> offsets(int l, const std::vector<int>& c, const std::vector<int>& order) {
  const int side = 1 << l;
  std::vector<int64_t> off;
  for (int dim : order) {
    int local = c[static_cast<size_t>(dim)] % side;
    if (local >= side / 2) local = side - 1 - local;
    off.push_back(x1K(l) - local);
  }
  return off;
}

// Algorithm 1 (Sec. 2.2) in a 2^k x 2^k mesh, its TCD worked from its steps
// as Lemma 2 does in 3-D: D_l(S) = FD + SD + RD with RD = D_{l-1}(S) +
// 3 D_{l-1}(E_{l-1}) and, by eq. (2), D_l(E_l) = 3 a_l + 4 D_{l-1}(E_{l-1}), so
// D_k(S) = sum_{l=2..k} f_l(S) + D_k(E_k) (the 2-D form of Lemma 2, eq. 11; D_k(E_k)
// by eq. 3) with f_l = FD + SD - 3 a_l.
// (u, v) the offsets (u along the dimension crossed first): FD = a_l + u + |v|
// (S to E_l(2)); SD = a_l (E_l(2) to E_l(4)) + a_l + v + the nearer of |u|
// (S to E_l(3)) and |u - a_{l-1}| (S to E(3)_{l-1}(1)): f_l = u + |v| + v +
// min(|u|, |u - a_{l-1}|).
int64_t algorithmOneTcd(int k, const std::vector<int>& c, const std::vector<int>& order = {0, 1}) {
  int64_t sum = eq3(k);
  for (int l = 2; l <= k; ++l) {
    const int64_t a1 = aK(l - 1);
    const std::vector<int64_t> off = offsets(l, c, order);
    const int64_t u = off[0], v = off[1];
    sum += u + std::abs(v) + v + std::min(std::abs(u), std::abs(u - a1));
  }
  return sum;
}

// Lemma 2 (3-D): D_k(S) = sum_{i=2..k} f_i(S) + D_k(E_k), with f_i of Def. 6
// (regions I-IV) at each level, (u, v, w) the offsets, u along the dimension
// crossed first, v second, w last (the paper's order: x, z, y).
int64_t lemmaTwoTcd(int k, const std::vector<int>& c, const std::vector<int>& order = {0, 2, 1}) {
  int64_t sum = eq13(k);
  for (int l = 2; l <= k; ++l) {
    const int64_t a1 = aK(l - 1);  // a_{l-1}
    const std::vector<int64_t> off = offsets(l, c, order);
    const int64_t u = off[0], v = off[1], w = off[2];
    const bool u_out = 2 * u > a1, v_out = 2 * v > a1;  // u, v > a_{l-1}/2
    int64_t f = 2 * std::abs(w) + w;
    f += u_out ? std::abs(u) + 2 * std::abs(u - a1) : 2 * std::abs(u) + u;
    f += v_out ? 2 * std::abs(v) + std::abs(v - a1) : 2 * std::abs(v) + v;
    sum += f;
  }
  return sum;
}

// The TCD's lower bound (checker/mesh_broadcast_checker.h) from its argument:
// each of the N - 1 other nodes receives one message of at least one link, and
// the farthest node, e links from the source, receives at the end of a chain
// of at most ceil(log2 N) messages, which covers at least e links.
int64_t tcdLowerBound(const std::vector<int>& extents, const std::vector<int>& c) {
  int64_t nodes = 1, e = 0;
  for (size_t i = 0; i < extents.size(); ++i) {
    nodes *= extents[i];
    e += std::max(c[i], extents[i] - 1 - c[i]);
  }
  int64_t steps = 0;
  while ((int64_t{1} << steps) < nodes) ++steps;
  return nodes - 1 + std::max<int64_t>(0, e - steps);
}

}  // namespace

TEST(MeshEyes, SideAndCoordinatesFollowEq1) {
  EXPECT_EQ(std::vector<int64_t>({aK(1), aK(2), aK(3), aK(4), aK(5)}),
            std::vector<int64_t>({1, 1, 3, 5, 11}));  // the paper's list
  for (int k = 1; k <= 8; ++k) {
    SCOPED_TRACE(k);
    EXPECT_EQ(eyeSide(k), aK(k));
    EXPECT_EQ(eyeCoordinate(k, 1), x1K(k));
    EXPECT_EQ(eyeCoordinate(k, 2), x2K(k));
    EXPECT_EQ(x2K(k), pow2(k) - 1 - x1K(k));  // the form of x_k(2)
    EXPECT_EQ(x2K(k) - x1K(k), aK(k));        // the eye-square's side
  }
  // The paper's examples: 2x2 (0, 1), 4x4 (1, 2), 8x8 (2, 5).
  EXPECT_EQ(eyeCoordinate(1, 1), 0);
  EXPECT_EQ(eyeCoordinate(1, 2), 1);
  EXPECT_EQ(eyeCoordinate(2, 1), 1);
  EXPECT_EQ(eyeCoordinate(2, 2), 2);
  EXPECT_EQ(eyeCoordinate(3, 1), 2);
  EXPECT_EQ(eyeCoordinate(3, 2), 5);
}

TEST(MeshEyes, RecursiveDefinitionGivesTheFormulaInEveryDimension) {
  for (int d = 1; d <= 4; ++d) {
    for (int k = 1; k <= 8 && d * k <= 24; ++k) {
      SCOPED_TRACE("d " + std::to_string(d) + " k " + std::to_string(k));
      const MeshCube m{d, k};
      const auto def = eyesByDefinition(d, k);
      for (int i = 1; i <= (1 << d); ++i) {
        const std::vector<int> e = eyeCoordinates(m, i);
        int orthant = 0;
        for (int dim = 0; dim < d; ++dim) orthant |= (e[dim] >= (1 << (k - 1))) << dim;
        EXPECT_EQ(e, def[orthant]) << "E(" << i << ")";
        EXPECT_EQ(eyeIndex(m, e), i);
      }
    }
  }
  EXPECT_EQ(eyeIndex(MeshCube{2, 3}, {0, 0}), 0);
  EXPECT_EQ(eyeIndex(MeshCube{2, 3}, {2, 3}), 0);
}

TEST(MeshEyes, NumberedAsThePapersLists) {
  using P = std::vector<std::vector<int>>;
  const auto list = [](const MeshCube& m) {
    P out;
    for (int i = 1; i <= (1 << m.d); ++i) out.push_back(eyeCoordinates(m, i));
    return out;
  };
  // Sec. 2.1: upper-left, upper-right, lower-left, lower-right.
  EXPECT_EQ(list({2, 1}), (P{{0, 0}, {1, 0}, {0, 1}, {1, 1}}));
  EXPECT_EQ(list({2, 2}), (P{{1, 1}, {2, 1}, {1, 2}, {2, 2}}));
  EXPECT_EQ(list({2, 3}), (P{{2, 2}, {5, 2}, {2, 5}, {5, 5}}));
  // Sec. 3.1's lists (x, y, z).
  EXPECT_EQ(
      list({3, 1}),
      (P{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 0, 1}, {0, 1, 0}, {1, 1, 0}, {0, 1, 1}, {1, 1, 1}}));
  EXPECT_EQ(
      list({3, 2}),
      (P{{1, 1, 1}, {2, 1, 1}, {1, 1, 2}, {2, 1, 2}, {1, 2, 1}, {2, 2, 1}, {1, 2, 2}, {2, 2, 2}}));
  EXPECT_EQ(
      list({3, 3}),
      (P{{2, 2, 2}, {5, 2, 2}, {2, 2, 5}, {5, 2, 5}, {2, 5, 2}, {5, 5, 2}, {2, 5, 5}, {5, 5, 5}}));
  EXPECT_EQ(paperDimensionOrder(2), (std::vector<int>{0, 1}));
  EXPECT_EQ(paperDimensionOrder(3), (std::vector<int>{0, 2, 1}));  // E(1) -> E(2), E(3), E(5)
}

TEST(MeshBroadcast, ClosedFormsFromAnEye) {
  // Eq. (3) and eq. (13) as the paper lists them; eq. (16) agrees with both.
  EXPECT_EQ(std::vector<int64_t>({eq3(1), eq3(2), eq3(3), eq3(4), eq3(5)}),
            std::vector<int64_t>({3, 15, 69, 291, 1197}));
  EXPECT_EQ(std::vector<int64_t>({eq13(1), eq13(2), eq13(3), eq13(4)}),
            std::vector<int64_t>({7, 63, 525, 4235}));
  struct Case {
    int d, k;
    int64_t expected;
  };
  std::vector<Case> cases;
  for (int k = 1; k <= 5; ++k) cases.push_back({2, k, eq3(k)});
  for (int k = 1; k <= 4; ++k) cases.push_back({3, k, eq13(k)});
  for (int k = 1; k <= 3; ++k) cases.push_back({4, k, eq16(4, k)});
  for (const Case& c : cases) {
    SCOPED_TRACE("d " + std::to_string(c.d) + " k " + std::to_string(c.k));
    if (c.d <= 3) {
      EXPECT_EQ(eq16(c.d, c.k), c.expected);
    }
    const MeshCube m{c.d, c.k};
    EXPECT_EQ(eyeBroadcastTcd(c.d, c.k), c.expected);  // eq. (15)'s recursion
    const BestMeshBroadcast best(m);
    for (int i = 1; i <= (1 << c.d); ++i) {
      const uint32_t e = at(m, eyeCoordinates(m, i));
      const WormholeSchedule alg3 = eyeMeshBroadcast(m, e);
      const WormholeSchedule alg2 = paperMeshBroadcast(m, e);
      EXPECT_EQ(tcdOf(m, alg3), c.expected) << "E(" << i << ")";
      EXPECT_EQ(alg2.steps, alg3.steps) << "Algorithm 3 is Algorithm 2 from an eye";
      EXPECT_EQ(tcdOf(m, best.schedule(e)), c.expected);
    }
  }
  EXPECT_THROW(eyeMeshBroadcast(MeshCube{2, 3}, 0), Error);
}

// Our reading of Algorithm 2 against the paper's own TCD formula for it in
// 3-D: Lemma 2 (lemmaTwoTcd above).
TEST(MeshBroadcast, AlgorithmTwoMatchesLemmaTwoInThreeDimensions) {
  for (int k = 2; k <= 4; ++k) {
    SCOPED_TRACE(k);
    const MeshCube m{3, k};
    for (uint32_t s = 0; s < m.nodes(); ++s) {
      EXPECT_EQ(tcdOf(m, paperMeshBroadcast(m, s)), lemmaTwoTcd(k, m.coordinates(s))) << s;
    }
  }
}

// In 2-D, Algorithm 1's TCD worked from its steps (algorithmOneTcd above):
// first the paper's worked values of Sec. 2 (Fig. 1: 18 from the 4x4 corner,
// 17 from (1,0), 16 from (0,1), 15 from the eye; 79 from the 8x8 corner, 69
// from its eye), then every source of 4x4, 8x8 and 16x16.
TEST(MeshBroadcast, AlgorithmOneMatchesItsStepsInTwoDimensions) {
  EXPECT_EQ(algorithmOneTcd(2, {0, 0}), 18);
  EXPECT_EQ(algorithmOneTcd(2, {1, 0}), 17);
  EXPECT_EQ(algorithmOneTcd(2, {0, 1}), 16);
  EXPECT_EQ(algorithmOneTcd(2, {1, 1}), 15);
  EXPECT_EQ(algorithmOneTcd(3, {0, 0}), 79);
  EXPECT_EQ(algorithmOneTcd(3, {2, 2}), 69);
  for (int k = 2; k <= 4; ++k) {
    SCOPED_TRACE(k);
    const MeshCube m{2, k};
    for (uint32_t s = 0; s < m.nodes(); ++s) {
      EXPECT_EQ(tcdOf(m, paperMeshBroadcast(m, s)), algorithmOneTcd(k, m.coordinates(s))) << s;
    }
  }
}

// Every source: a valid d k-step schedule, best <= paper, both >= the lower
// bound, best's own figure is the checker's; searching the seeds alone (the
// paper's order kept) finds nothing better than the paper.
TEST(MeshBroadcast, EverySourceOfFourAndEightSidedMeshes) {
  for (const MeshCube m : {MeshCube{2, 2}, MeshCube{2, 3}, MeshCube{3, 2}, MeshCube{3, 3}}) {
    SCOPED_TRACE("d " + std::to_string(m.d) + " k " + std::to_string(m.k));
    const BestMeshBroadcast best(m), seeds_only(m, false);
    const NetworkDesc net = meshOf(m);
    int improved = 0;
    for (uint32_t s = 0; s < m.nodes(); ++s) {
      const int64_t paper = tcdOf(m, paperMeshBroadcast(m, s));
      const int64_t b = tcdOf(m, best.schedule(s));
      const int64_t bound = checker::wormholeTcdLowerBound(net, s);
      EXPECT_EQ(b, best.tcd(s)) << s;
      EXPECT_LE(b, paper) << s;
      EXPECT_GE(b, bound) << s;
      EXPECT_GE(b, eyeBroadcastTcd(m.d, m.k)) << s;  // Theorem 2, within the family
      improved += b < paper;
      // With the paper's order kept, its seeds are the best ones.
      EXPECT_EQ(seeds_only.tcd(s), paper) << s;
    }
    EXPECT_GT(improved, 0);
  }
}

TEST(MeshBroadcast, ThePapersWorkedValues) {
  const MeshCube m4{2, 2}, m8{2, 3};
  // Fig. 1: 2x2 gives 3 from anywhere, 4x4 18 from the corner, 15 from (1,1),
  // 17 from (1,0) (Algorithm 1 crosses x first); 8x8 79 from the corner, 69
  // from the eye (2,2), the least over all sources.
  EXPECT_EQ(tcdOf({2, 1}, paperMeshBroadcast({2, 1}, 0)), 3);
  EXPECT_EQ(tcdOf({3, 1}, paperMeshBroadcast({3, 1}, 5)), 7);
  EXPECT_EQ(tcdOf(m4, paperMeshBroadcast(m4, at(m4, {0, 0}))), 18);
  EXPECT_EQ(tcdOf(m4, paperMeshBroadcast(m4, at(m4, {1, 1}))), 15);
  EXPECT_EQ(tcdOf(m4, paperMeshBroadcast(m4, at(m4, {1, 0}))), 17);
  EXPECT_EQ(tcdOf(m4, paperMeshBroadcast(m4, at(m4, {0, 1}))), 16);
  EXPECT_EQ(tcdOf(m8, paperMeshBroadcast(m8, at(m8, {0, 0}))), 79);
  EXPECT_EQ(tcdOf(m8, paperMeshBroadcast(m8, at(m8, {2, 2}))), 69);
  const BestMeshBroadcast best(m8);
  int64_t least = 1 << 30;
  for (uint32_t s = 0; s < m8.nodes(); ++s) least = std::min(least, best.tcd(s));
  EXPECT_EQ(least, 69);
}

// Fig. 5's 4x4x4 table is 63 + 3 x (distance to the nearest eye): a source
// sending straight to the eyes. Algorithm 2 does better: at the corner Lemma 2
// gives 69 (lemmaTwoTcd above), where Fig. 5 prints 72.
TEST(MeshBroadcast, FigureFiveIsNotTheMinimum) {
  const MeshCube m{3, 2};
  const BestMeshBroadcast best(m);
  for (uint32_t s = 0; s < m.nodes(); ++s) {
    const std::vector<int> c = m.coordinates(s);
    int dist = 0;
    for (int x : c) dist += x == 0 || x == 3 ? 1 : 0;
    const int64_t fig5 = 63 + 3 * dist;
    const int64_t paper = tcdOf(m, paperMeshBroadcast(m, s));
    EXPECT_LE(paper, fig5) << s;
    EXPECT_LE(best.tcd(s), paper) << s;
    if (dist == 3) {
      EXPECT_EQ(fig5, 72) << s;
      EXPECT_EQ(paper, lemmaTwoTcd(2, c)) << s;
      EXPECT_EQ(paper, 69) << s;
    }
  }
}

// Theorem 3 says Algorithm 2 gives the least TCD from every source. 4x4 from
// (1,0): the paper's own 17, while (0,1), its mirror image, gets 16 and the
// exhaustive minimum is 16. 8x8 from (3,0): Algorithm 2 gives 76, 75 with the
// dimensions crossed in the other order (the mesh rotated), best 74; in 3-D
// the same happens from (3,0,0).
TEST(MeshBroadcast, TheoremThreeCounterexamples) {
  const MeshCube m4{2, 2}, m8{2, 3};
  ExhaustiveMeshBroadcast ex(m4);
  EXPECT_EQ(ex.tcd(at(m4, {1, 0})), 16);
  const uint32_t s = at(m8, {3, 0});
  // Algorithm 1's steps (algorithmOneTcd): 69 + f_3 + f_2 = 69 + 4 + 3 with x
  // crossed first, 69 + 3 + 3 with y first.
  EXPECT_EQ(algorithmOneTcd(3, {3, 0}), 76);
  EXPECT_EQ(algorithmOneTcd(3, {3, 0}, {1, 0}), 75);
  EXPECT_EQ(tcdOf(m8, paperMeshBroadcast(m8, s)), algorithmOneTcd(3, {3, 0}));
  EXPECT_EQ(tcdOf(m8, paperMeshBroadcast(m8, s, {1, 0})), algorithmOneTcd(3, {3, 0}, {1, 0}));
  // best's schedule counted by hand: y crossed first, (3,0) -> (3,5), then
  // (3,0) -> (5,0) and (3,5) -> (4,5): 5 + 2 + 1 links; then the four 4x4
  // boxes, from (3,0), a corner (Sec. 2's 18), and from (3,5), (5,0) and (4,5),
  // each a mirror image of Sec. 2's (0,1) (16).
  const int64_t by_hand = 5 + 2 + 1 + algorithmOneTcd(2, {0, 0}) + 3 * algorithmOneTcd(2, {0, 1});
  EXPECT_EQ(by_hand, 74);
  EXPECT_EQ(tcdOf(m8, BestMeshBroadcast(m8).schedule(s)), by_hand);
  // 63 other nodes; (7,7) is 4 + 7 = 11 links away, 6 steps: 63 + 11 - 6.
  EXPECT_EQ(tcdLowerBound({8, 8}, {3, 0}), 68);
  EXPECT_EQ(checker::wormholeTcdLowerBound(meshOf(m8), s), tcdLowerBound({8, 8}, {3, 0}));
  // With the paper's order kept, the seeds alone do not beat Algorithm 2 here.
  EXPECT_EQ(BestMeshBroadcast(m8, false).tcd(s), algorithmOneTcd(3, {3, 0}));
  // 8x8x8 from (3,0,0): Algorithm 2 543, 541 with the best of the six orders,
  // best 539.
  const MeshCube c8{3, 3};
  const uint32_t t = at(c8, {3, 0, 0});
  EXPECT_EQ(lemmaTwoTcd(3, {3, 0, 0}), 543);
  EXPECT_EQ(tcdOf(c8, paperMeshBroadcast(c8, t)), lemmaTwoTcd(3, {3, 0, 0}));
  std::vector<int> order = {0, 1, 2};
  int64_t rotated = 1 << 30, lemma = 1 << 30;
  do {
    rotated = std::min(rotated, tcdOf(c8, paperMeshBroadcast(c8, t, order)));
    lemma = std::min(lemma, lemmaTwoTcd(3, {3, 0, 0}, order));
  } while (std::next_permutation(order.begin(), order.end()));
  EXPECT_EQ(lemma, 541);
  EXPECT_EQ(rotated, lemma);
  EXPECT_EQ(tcdOf(c8, BestMeshBroadcast(c8).schedule(t)), 539);
}

TEST(MeshBroadcast, ExhaustiveMinimumEqualsBestOnTinyMeshes) {
  for (const MeshCube m : {MeshCube{2, 1}, MeshCube{3, 1}, MeshCube{2, 2}}) {
    SCOPED_TRACE("d " + std::to_string(m.d) + " k " + std::to_string(m.k));
    ExhaustiveMeshBroadcast ex(m);
    const BestMeshBroadcast best(m);
    for (uint32_t s = 0; s < m.nodes(); ++s) {
      EXPECT_EQ(ex.tcd(s), best.tcd(s)) << s;
      EXPECT_EQ(tcdOf(m, ex.schedule(s)), ex.tcd(s)) << s;
    }
  }
  EXPECT_THROW(ExhaustiveMeshBroadcast(MeshCube{3, 2}), Error);
}

TEST(MeshBroadcast, RefusesMeshesItIsNotFor) {
  EXPECT_NO_THROW(meshCube({8, 8, 8}));
  EXPECT_EQ(meshCube({16, 16}).k, 4);
  for (const std::vector<int>& bad : std::vector<std::vector<int>>{{8, 4}, {6, 6}, {1, 1}, {}}) {
    EXPECT_THROW(meshCube(bad), Error);
  }
  EXPECT_THROW(meshBroadcast(MeshCube{2, 2}, 16, "paper"), Error);
  EXPECT_THROW(meshBroadcast(MeshCube{2, 2}, 0, "bfs"), Error);
}

TEST(MeshBroadcastChecker, RejectsEachBrokenRule) {
  const MeshCube m{2, 2};
  const NetworkDesc net = meshOf(m);
  const uint32_t src = at(m, {1, 1});
  const WormholeSchedule good = paperMeshBroadcast(m, src);
  ASSERT_TRUE(checker::checkWormholeBroadcast(net, src, good).ok);
  const auto says = [&](const WormholeSchedule& s, const std::string& what) {
    expectCheckerSays(net, src, s, what);
  };
  {  // Two messages of a step on one link: (0,0) -> (2,0) and (1,0) -> (3,0)
     // both cross (1,0) -> (2,0).
    WormholeSchedule s = good;
    s.steps = {{{at(m, {1, 1}), at(m, {1, 0})}},
               {{at(m, {1, 1}), at(m, {0, 0})}, {at(m, {1, 0}), at(m, {3, 1})}},
               {{at(m, {0, 0}), at(m, {2, 0})},
                {at(m, {1, 0}), at(m, {3, 0})},
                {at(m, {1, 1}), at(m, {0, 1})},
                {at(m, {3, 1}), at(m, {2, 1})}}};
    says(s, "share the link " + std::to_string(at(m, {1, 0})) + " -> " +
                std::to_string(at(m, {2, 0})));
  }
  {  // A node sending twice in one step.
    WormholeSchedule s = good;
    s.steps[1][1].from = s.steps[1][0].from;
    says(s, "sends twice in one step");
  }
  {  // A send before holding: step 1's receiver sends in step 1.
    WormholeSchedule s = good;
    s.steps[0].push_back({s.steps[0][0].to, at(m, {0, 0})});
    says(s, "sends before it holds the message");
  }
  {  // A missed node: the last step's last message dropped.
    WormholeSchedule s = good;
    const uint32_t missed = s.steps.back().back().to;
    s.steps.back().pop_back();
    says(s, "node " + std::to_string(missed) + " never receives the message");
  }
  {  // A node receiving twice in a step.
    WormholeSchedule s = good;
    s.steps[1][1].to = s.steps[1][0].to;
    says(s, "receives twice in one step");
  }
  {  // Too many steps: the broadcast spread over d k + 1 steps.
    WormholeSchedule s = good;
    s.steps.push_back({});
    says(s, "not the optimal 4");
  }
  EXPECT_EQ(checker::checkWormholeBroadcast(net, src, good).tcd, 15);
}

// The checker reads the links removed from the network (--remove-links): the
// intact mesh's schedule crosses one of them, and the checker names it.
TEST(MeshBroadcastChecker, RejectsAPathOverARemovedLink) {
  const MeshCube m{2, 2};
  const uint32_t src = at(m, {1, 1});
  const WormholeSchedule s = paperMeshBroadcast(m, src);
  // A link the schedule's first message crosses: its first hop.
  const uint32_t a = s.steps[0][0].from, b = s.steps[0][0].to;
  const std::vector<int> ca = m.coordinates(a), cb = m.coordinates(b);
  std::vector<int> next = ca;
  const size_t dim = ca[0] != cb[0] ? 0 : 1;
  next[dim] += cb[dim] > ca[dim] ? 1 : -1;
  const uint32_t hop = at(m, next);
  const auto says = [&](const NetworkDesc& net, const std::string& what) {
    expectCheckerSays(net, src, s, what);
  };
  // One direction removed: the message crosses that direction.
  NetworkDesc damaged = meshOf(m);
  damaged.removed_links = {{a, hop}};
  says(damaged, "crosses the link " + std::to_string(a) + " -> " + std::to_string(hop));
  // A removed pair that is not a link of the mesh is an error of its own.
  NetworkDesc odd = meshOf(m);
  odd.removed_links = {{0, 5}};  // (0,0) and (1,1): a diagonal
  says(odd, "removes 0 -> 5, which is not a link of the mesh");
  EXPECT_TRUE(checker::checkWormholeBroadcast(meshOf(m), src, s).ok);
  // In three dimensions: the z hop of a message from (0,0,0) to (0,0,1).
  const MeshCube c{3, 1};
  WormholeSchedule z = paperMeshBroadcast(c, 0);
  NetworkDesc cube = meshOf(c);
  ASSERT_TRUE(checker::checkWormholeBroadcast(cube, 0, z).ok);
  cube.removed_links = {{0, 4}};  // node 4 = (0,0,1): x + 2 y + 4 z
  z.steps = {{{0, 4}}, {{0, 2}, {4, 6}}, {{0, 1}, {2, 3}, {4, 5}, {6, 7}}};
  const auto r3 = checker::checkWormholeBroadcast(cube, 0, z);
  EXPECT_FALSE(r3.ok);
  ASSERT_FALSE(r3.errors.empty());
  EXPECT_NE(r3.errors.front().find("crosses the link 0 -> 4"), std::string::npos)
      << r3.errors.front();
  cube.removed_links = {{4, 0}};  // the other direction: the schedule never uses it
  EXPECT_TRUE(checker::checkWormholeBroadcast(cube, 0, z).ok);
}

// The command line: schedule, info --eyes, tcd; each figure re-checked here.
namespace {

using Json = nlohmann::json;

hctest::CmdResult hc(const std::string& args) {
  return hctest::run(hctest::hypercast() + " " + args);
}

std::string tmpPath(const std::string& what) {
  return "/tmp/hctest-mesh-" + std::to_string(::getpid()) + "-" + what;
}

}  // namespace

TEST(MeshBroadcastCli, ScheduleReportsTheCheckedFigures) {
  const auto r =
      hc("schedule --topology mesh --dims 8,8 --collective broadcast --source 3,0 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(r.out);
  EXPECT_EQ(j.at("algorithm"), "best");
  EXPECT_EQ(j.at("source"), 3);
  const Json& f = j.at("figures");
  EXPECT_EQ(f.at("steps"), 6);
  EXPECT_EQ(f.at("optimal_steps"), 6);
  EXPECT_EQ(f.at("tcd"), 74);
  EXPECT_EQ(f.at("paper_tcd"), algorithmOneTcd(3, {3, 0}));
  EXPECT_EQ(f.at("lower_bound_tcd"), tcdLowerBound({8, 8}, {3, 0}));
  EXPECT_TRUE(f.at("optimal_tcd").is_null());
  EXPECT_EQ(j.at("checker"), "pass");
  const auto p =
      hc("schedule --topology mesh --dims 8,8 --collective broadcast --source 3 --algorithm paper "
         "--json");
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_EQ(Json::parse(p.out).at("figures").at("tcd"), algorithmOneTcd(3, {3, 0}));
  const auto e =
      hc("schedule --topology mesh --dims 8,8,8 --collective broadcast --source 2,2,2 --json");
  ASSERT_EQ(e.code, 0) << e.err;
  const Json ej = Json::parse(e.out);
  EXPECT_EQ(ej.at("eye"), 1);
  EXPECT_EQ(ej.at("figures").at("tcd"), 525);
  EXPECT_EQ(ej.at("figures").at("optimal_tcd"), 525);
  EXPECT_EQ(ej.at("figures").at("lower_bound_tcd"), tcdLowerBound({8, 8, 8}, {2, 2, 2}));
}

// The paper's algorithm by the paper's name: Algorithm 1 in 2-D (Sec. 2, from
// its ref. [1]), Algorithm 2 in 3-D (Sec. 3.2, which is 3-D only); `best`
// searches their family. Neither name is the other's in any report or help.
TEST(MeshBroadcastCli, NamesThePapersAlgorithmByDimension) {
  struct Case {
    std::string dims, name, other;
  };
  for (const Case& c :
       {Case{"8,8", "Algorithm 1", "Algorithm 2"}, Case{"4,4,4", "Algorithm 2", "Algorithm 1"}}) {
    SCOPED_TRACE(c.dims);
    const auto p = hc("schedule --topology mesh --dims " + c.dims +
                      " --collective broadcast --algorithm paper");
    ASSERT_EQ(p.code, 0) << p.err;
    EXPECT_NE(p.out.find("paper (Cang & Wu, " + c.name + ")"), std::string::npos) << p.out;
    EXPECT_EQ(p.out.find(c.other), std::string::npos) << p.out;
    const auto b = hc("schedule --topology mesh --dims " + c.dims + " --collective broadcast");
    ASSERT_EQ(b.code, 0) << b.err;
    EXPECT_NE(b.out.find("best (the paper's family searched)"), std::string::npos) << b.out;
  }
  for (const char* help : {"schedule --help", "tcd --help", "--help"}) {
    const auto h = hc(help);
    EXPECT_EQ(h.out.find("the paper's Algorithm 2"), std::string::npos) << help;
    EXPECT_EQ(h.out.find("Cang & Wu's Algorithm 2"), std::string::npos) << help;
  }
}

TEST(MeshBroadcastCli, CsvIsTheScheduleTheCheckerPasses) {
  const std::string csv = tmpPath("s.csv");
  const auto r =
      hc("schedule --topology mesh --dims 4,4,4 --collective broadcast --source 0,3,1 --output " +
         csv + " --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const MeshCube m{3, 2};
  WormholeSchedule s;
  s.extents = {4, 4, 4};
  s.source = at(m, {0, 3, 1});
  std::istringstream in(hctest::slurp(csv));
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "step,from,to,length");
  while (std::getline(in, line)) {
    unsigned step, from, to;
    int length;
    ASSERT_EQ(std::sscanf(line.c_str(), "%u,%u,%u,%d", &step, &from, &to, &length), 4) << line;
    if (s.steps.size() < step) s.steps.resize(step);
    s.steps[step - 1].push_back({from, to});
    int manhattan = 0;
    for (int i = 0; i < 3; ++i) {
      manhattan += std::abs(m.coordinates(from)[i] - m.coordinates(to)[i]);
    }
    EXPECT_EQ(length, manhattan) << line;
  }
  const auto rep = check(m, s);
  EXPECT_TRUE(rep.ok);
  EXPECT_EQ(rep.tcd, Json::parse(r.out).at("figures").at("tcd").get<int64_t>());
  std::remove(csv.c_str());
}

TEST(MeshBroadcastCli, RefusesInOneLineAndWritesNothing) {
  const std::string csv = tmpPath("refused.csv");
  struct Bad {
    std::string args, says;
  };
  for (const Bad& b : {
           Bad{"schedule --topology mesh --dims 6,6 --collective broadcast --switching wormhole",
               "power-of-two sides"},
           Bad{"schedule --topology mesh --dims 8,4 --collective broadcast --algorithm best",
               "--algorithm is the wormhole mesh broadcast's"},
           Bad{"schedule --topology mesh --dims 4,4,4 --collective broadcast --source 1,2",
               "3 coordinates"},
           Bad{"schedule --topology mesh --dims 8,8 --collective broadcast --source 8,0",
               "coordinate 1 must be in 0..7"},
           Bad{"schedule --topology mesh --dims 8,8 --collective broadcast --source 64", "0..63"},
           Bad{"schedule --topology mesh --dims 8,8 --collective broadcast --algorithm bfs",
               "paper or best"},
           Bad{"schedule --topology hypercube --dim 3 --collective broadcast --algorithm paper",
               "--algorithm is the wormhole mesh broadcast's"},
           Bad{"info --topology torus --n 2 --k 5 --eyes", "--eyes lists a mesh's eyes"},
           Bad{"info --topology mesh --dims 8,4 --eyes", "powers of two"},
           Bad{"tcd --topology mesh --dims 3,4", "powers of two"},
           Bad{"tcd --topology torus", "tcd tabulates the mesh broadcast"},
           Bad{"tcd --topology torus --dims 4,4", "tcd tabulates the mesh broadcast"},
           Bad{"tcd --topology tours", "unknown topology 'tours'"},
           Bad{"info --topology mesh --dims 4,4 --remove-links 0-1 --eyes",
               "which runs on the intact mesh"},
           Bad{"schedule --topology mesh --dims 4,4 --collective broadcast --links bogus",
               "unknown link mode 'bogus'"},
           Bad{"schedule --topology mesh --dims 4,4 --collective broadcast --links half-duplex",
               "--links half-duplex does not apply to the wormhole mesh broadcast"},
           Bad{"schedule --topology mesh --dims 4,4 --remove-links 0-1 --collective broadcast "
               "--switching wormhole",
               "needs the intact mesh"},
       }) {
    SCOPED_TRACE(b.args);
    const auto r = hc(b.args + " --output " + csv);
    const auto r2 = b.args.rfind("info", 0) == 0 ? hc(b.args) : r;
    EXPECT_EQ(r2.code, 2);
    EXPECT_EQ(std::count(r2.err.begin(), r2.err.end(), '\n'), 1) << r2.err;
    EXPECT_NE(r2.err.find(b.says), std::string::npos) << r2.err;
    EXPECT_FALSE(std::ifstream(csv).good());
  }
}

TEST(MeshBroadcastCli, InfoListsTheEyes) {
  const auto r = hc("info --topology mesh --dims 4,4,4 --eyes --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const Json e = Json::parse(r.out).at("eyes");
  EXPECT_EQ(e.at("side"), 1);
  EXPECT_EQ(e.at("coordinates"), Json({1, 2}));
  EXPECT_EQ(e.at("optimal_tcd"), 63);
  ASSERT_EQ(e.at("list").size(), 8u);
  EXPECT_EQ(e.at("list")[2].at("coordinates"), Json({1, 1, 2}));  // E(3), Sec. 3.1
  EXPECT_EQ(e.at("list")[4].at("node"), 1 + 4 * 2 + 16 * 1);      // E(5) = (1,2,1)
  const auto t = hc("info --topology mesh --dims 8,8 --eyes");
  ASSERT_EQ(t.code, 0) << t.err;
  EXPECT_NE(t.out.find("E(2) = (5,2)"), std::string::npos) << t.out;
}

TEST(MeshBroadcastCli, TcdTablesEverySource) {
  const std::string csv = tmpPath("tcd.csv");
  const auto r = hc("tcd --topology mesh --dims 4,4 --json --output " + csv);
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(r.out);
  ASSERT_EQ(j.at("rows").size(), 16u);
  EXPECT_EQ(j.at("rows")[1].at("paper"), 17);
  EXPECT_EQ(j.at("rows")[1].at("best"), 16);
  EXPECT_EQ(j.at("figures").at("best_below_paper").at("sources"), 4);
  EXPECT_EQ(j.at("figures").at("optimal_tcd_from_an_eye"), 15);
  std::istringstream in(hctest::slurp(csv));
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "source,x,y,eye,paper,best,lower_bound");
  std::getline(in, line);
  EXPECT_EQ(line, "0,0,0,0,18,18,17");
  std::remove(csv.c_str());
  const auto b = hc("tcd --topology mesh --dims 8,8,8 --algorithm best");
  ASSERT_EQ(b.code, 0) << b.err;
  EXPECT_NE(b.out.find("best             525 .. 546"), std::string::npos) << b.out;
  EXPECT_EQ(b.out.find("paper  "), std::string::npos);
}

// Every command makes the same choice: the wormhole broadcast on equal
// power-of-two sides, else (or with --switching store-and-forward) the BFS
// broadcast, optimal at the source's eccentricity, and the report says why.
TEST(MeshBroadcastCli, ScheduleFallsBackToTheBfsBroadcast) {
  const auto r = hc("schedule --topology mesh --dims 3,5 --collective broadcast --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(r.out);
  EXPECT_EQ(j.at("construction"), "bfs");
  EXPECT_EQ(j.at("switching"), "store-and-forward");
  EXPECT_NE(j.at("fallback").get<std::string>().find("power-of-two"), std::string::npos);
  EXPECT_EQ(j.at("figures").at("steps"), 2 + 4);  // the corner's eccentricity
  EXPECT_EQ(j.at("figures").at("transmissions"), 14);
  EXPECT_EQ(j.at("optimal"), true);
  const auto t = hc("schedule --topology mesh --dims 3,5 --collective broadcast");
  ASSERT_EQ(t.code, 0) << t.err;
  EXPECT_NE(t.out.find("switching        store-and-forward (the default here"), std::string::npos)
      << t.out;
  // Asked for on a power-of-two mesh: the BFS broadcast, no fallback to explain.
  const auto s =
      hc("schedule --topology mesh --dims 4,4 --collective broadcast --switching store-and-forward "
         "--source 1,1 --json");
  ASSERT_EQ(s.code, 0) << s.err;
  const Json js = Json::parse(s.out);
  EXPECT_EQ(js.at("construction"), "bfs");
  EXPECT_FALSE(js.contains("fallback"));
  EXPECT_EQ(js.at("figures").at("steps"), 2 + 2);
  const auto w = hc("schedule --topology mesh --dims 4,4 --collective broadcast --json");
  ASSERT_EQ(w.code, 0) << w.err;
  const Json jw = Json::parse(w.out);
  EXPECT_EQ(jw.at("switching"), "wormhole");
  EXPECT_EQ(jw.at("routing"), "one-port, dimension-ordered");
  EXPECT_EQ(jw.at("figures").at("messages_sent"), 15);  // N - 1 messages, one per node reached
}

// A power-of-two mesh with a link removed is the graph constructions' (the
// BFS broadcast on store-and-forward links), as every damaged network is: Cang
// & Wu's broadcast routes on the intact mesh. Its schedule never uses the link.
TEST(MeshBroadcastCli, ADamagedMeshIsTheBfsBroadcasts) {
  const std::string csv = tmpPath("damaged.csv");
  const auto r =
      hc("schedule --topology mesh --dims 4,4 --remove-links 0-1 --collective broadcast "
         "--json -o " +
         csv);
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(r.out);
  EXPECT_EQ(j.at("switching"), "store-and-forward");
  EXPECT_NE(j.at("fallback").get<std::string>().find("the intact mesh"), std::string::npos)
      << r.out;
  std::ifstream in(csv);
  std::string line;
  std::getline(in, line);  // the header
  int rows = 0;
  for (; std::getline(in, line); ++rows) {
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string x; std::getline(ss, x, ',');) f.push_back(x);
    ASSERT_GE(f.size(), 3u) << line;
    const bool over01 = (f[1] == "0" && f[2] == "1") || (f[1] == "1" && f[2] == "0");
    EXPECT_FALSE(over01) << "the removed link carries " << line;
  }
  EXPECT_EQ(rows, 15) << "every other node receives once";
  std::remove(csv.c_str());
  // Asked for by name, the wormhole broadcast is refused in one line.
  const auto w =
      hc("schedule --topology mesh --dims 4,4 --remove-links 0-1 --collective broadcast "
         "--switching wormhole");
  EXPECT_EQ(w.code, 2);
  EXPECT_EQ(std::count(w.err.begin(), w.err.end(), '\n'), 1) << w.err;
  EXPECT_NE(w.err.find("needs the intact mesh"), std::string::npos) << w.err;
}

// generate and simulate keep the BFS schedule-ROM network on a mesh; --source
// takes coordinates there too.
TEST(MeshBroadcastCli, SimulateKeepsTheBfsTreeAndTakesCoordinates) {
  const auto a =
      hc("simulate --topology mesh --dims 3,4 --collective broadcast --source 1,1 --engine systemc "
         "--json");
  const auto b =
      hc("simulate --topology mesh --dims 3,4 --collective broadcast --source 4 --engine systemc "
         "--json");
  ASSERT_EQ(a.code, 0) << a.err;
  ASSERT_EQ(b.code, 0) << b.err;
  const Json ja = Json::parse(a.out), jb = Json::parse(b.out);
  EXPECT_EQ(ja.at("verdict"), "pass");
  EXPECT_EQ(ja.at("figures").at("steps"), 3);  // the eccentricity of (1,1): 1 + 2
  EXPECT_EQ(ja.at("figures").at("transmissions"), 11);
  EXPECT_EQ(ja.at("figures").at("steps"), jb.at("figures").at("steps"));
}
