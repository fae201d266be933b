// Time-step optimal one-port wormhole broadcasts on a d-D mesh of side 2^k with
// small total communication distance (TCD, the sum of the messages' Manhattan
// lengths): Cang & Wu's Algorithms 1 (2-D), 2 and 3 (3-D) with their d-D
// extension (Sec. 4), and `best`, a search over the family they belong to.
//
// The family. Each level (a box of side 2^l, l = k..1, all boxes of a level in
// parallel) takes d steps and crosses every dimension once: in step j every
// holder sends to the orthant across dimension pi_j, so after d steps each of
// the box's 2^d orthants holds one seed, and each orthant recurses from its
// seed. A message goes from an orthant to its neighbour across one dimension,
// so its dimension-ordered path stays inside those two orthants, and the
// step's other messages use other orthant pairs: no step contention, whatever
// the seeds and the orders (the paper ignores depth contention, Sec. 1).
//
// The paper (Algorithm 1 in 2-D, Algorithm 2 in 3-D, d-D): pi is the eye
// numbering's bit order (algorithm/mesh_eyes.h: x, y in 2-D; x, z, y in 3-D;
// 0..d-1 beyond). With the
// box reflected so that the source S lies in the lower half of every
// dimension, a holder other than S sends straight across to the upper half's
// eye coordinate x_l(2) (length a_l); S sends to x_l(2) in the crossed
// dimension, to the inner coordinate x_l(1) in dimensions not crossed yet, and
// in dimensions already crossed to whichever of its half's inner x_l(1) or
// outer x_(l-1)(1) coordinate is nearer (Fig. 4b's regions I-IV, Fig. 7's
// i-ix; the two differ by the odd a_(l-1), so there is no tie). Every seed but
// S's is then an eye of its orthant. From an eye this is Algorithm 3.
//
// `best`: the least TCD over the whole family, by dynamic programming over the
// levels: per box its own dimension order, and every orthant's seed anywhere in
// it. Never worse than the paper (the paper is in the family; the paper's
// order wins ties), strictly better wherever the family allows.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithm/mesh_eyes.h"
#include "algorithm/wormhole_schedule.h"

namespace hypercast {

// The order in which the paper's Algorithm 2 crosses the dimensions: the eye
// numbering's bit order.
std::vector<int> paperDimensionOrder(int d);

// The paper's name for its algorithm in d dimensions: "Algorithm 1" in 2-D
// (Sec. 2, from its ref. [1]), "Algorithm 2" in 3-D (Sec. 3.2), "Algorithm 2's
// d-D extension (Sec. 4)" beyond.
std::string paperMeshAlgorithmName(int d);

// Algorithm 2 (and its d-D extension) from any source; `order` replaces the
// paper's dimension order when given (the mesh "rotated", as Algorithm 2's
// step 1 allows).
WormholeSchedule paperMeshBroadcast(const MeshCube& m, uint32_t source,
                                    std::vector<int> order = {});
// Algorithm 3: from an eye, every message straight across to the other eye
// coordinate (length a_l at level l). Throws Error if `source` is not an eye.
WormholeSchedule eyeMeshBroadcast(const MeshCube& m, uint32_t source);

// The search behind `best`. Built once per mesh: per level, for every sequence
// of dimensions shorter than d (3 in 2-D, 10 in 3-D, 41 in 4-D, 206 in 5-D),
// 12 bytes per point of an orthant (about 15 bytes per node in 3-D); then each
// source's schedule costs O(N). For d >= 6 only the paper's order is searched
// (with every seed position).
//
// The recursion, per level and in a box's lower orthant (by symmetry every
// orthant is its mirror image): T(c), the least TCD from c inside its orthant;
// G_sigma(q) = T_below(q) + the cost of q delivering across the dimensions
// sigma in turn, each to the best seed of the orthant there (which delivers on
// across the rest of sigma); reach_sigma(p) = min_q |p - q| + G_sigma(q), an
// L1 distance transform. A sender at c crosses dimension j into an orthant
// that still crosses sigma at the cost (half - 1 - c_j) + 1 + reach_sigma(c
// moved onto the shared face), and T(c) is the least over the orders pi of
// T_below(c) plus its d crossings.
class BestMeshBroadcast {
 public:
  // `all_orders` = false: only the paper's order, seeds searched.
  explicit BestMeshBroadcast(const MeshCube& m, bool all_orders = true);
  const MeshCube& mesh() const { return m_; }
  // The family's least TCD from `source`; schedule(source) reaches it.
  int64_t tcd(uint32_t source) const;
  WormholeSchedule schedule(uint32_t source) const;

 private:
  // Points of a level's lower orthant [0, half)^d are packed `bits` per
  // coordinate, x lowest.
  struct Level {
    int bits = 0;
    int half = 1;               // 2^(l-1): the box's lower orthant is [0, half)^d
    std::vector<int64_t> best;  // least TCD from each point of the lower orthant
    // Per dimension sequence sigma shorter than d: reach_sigma (above) at each
    // point of the lower orthant, and the seed q that attains it.
    std::vector<std::vector<int64_t>> reach;
    std::vector<std::vector<uint32_t>> seed;
  };
  int64_t cross(const Level& lv, int rest, int dim, uint32_t c) const;
  int64_t viaOrder(const Level& lv, int order, uint32_t c) const;
  int bestOrder(const Level& lv, uint32_t c) const;

  MeshCube m_;
  std::vector<std::vector<int>> seqs_;  // dimension sequences, shortest first
  std::vector<int> rest_;               // index of seqs_[s] without its first element
  std::vector<int> orders_;             // full-length sequences, the paper's first
  std::vector<Level> levels_;           // levels_[l], l = 1..k
};

// "paper" or "best" (throws Error for another word).
WormholeSchedule meshBroadcast(const MeshCube& m, uint32_t source, const std::string& algorithm);

}  // namespace hypercast
