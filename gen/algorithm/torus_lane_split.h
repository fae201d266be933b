// How the M messages of a node in a non-full necklace are shared among its
// paths (Fragopoulou & Akl, Sec. 4.2-4.4: "message splitting"). A node
// Ro^j(L) of period P < 2n is reached through the 2n/P lanes i = j, j + P, ...
// (lane i = subtree T_i). Each lane uses a resource: the source's port in the
// single-node scatter, the template's dimension in the multinode broadcast.
// The resource of lane i of leader L is (base_L + i) mod 2n.
//   - paper: each lane carries MP/2n messages, subgroup i div P (defined only
//     when 2n/P divides M);
//   - balanced (our extension): the per-lane counts are chosen by a maximum flow
//     so that the busiest resource carries ceil(sum of MP / 2n) messages, the
//     least any split can achieve.
// Messages of one node go to its lanes in increasing i: lane j takes messages
// 0.., then lane j + P the next ones, ...
#pragma once

#include <cstdint>
#include <vector>

namespace hypercast {

struct NonFullLeader {
  int period = 0;  // P < 2n
  int base = 0;    // resource of lane 0
};

// count[l][i]: messages lane i carries for node Ro^i(L_l); the first message's
// index is first[l][i].
struct LaneSplit {
  std::vector<std::vector<uint32_t>> count;
  std::vector<std::vector<uint32_t>> first;
  uint32_t max_load = 0;  // messages on the busiest resource
};

// Whether the paper's split is integral for every period present.
bool paperSplitIntegral(int two_n, uint32_t messages, const std::vector<NonFullLeader>& leaders);
LaneSplit paperLaneSplit(int two_n, uint32_t messages, const std::vector<NonFullLeader>& leaders);
LaneSplit balancedLaneSplit(int two_n, uint32_t messages,
                            const std::vector<NonFullLeader>& leaders);

}  // namespace hypercast
