// Bertsekas et al., Sec. 4: optimal total exchange on the d-cube, built by the
// paper's recursion. The (d+1)-cube is two d-cubes C1 (leading bit 0) and C2:
//   phase 1, steps 1..2^(d-1): a d-cube total exchange inside C1 and inside C2;
//   phase 2, steps 1..2^d: over the (d+1)-th link every node sends its counterpart
//     the 2^d packets for the opposite cube, in the order the counterpart forwards
//     them in phase 3 (rule a: by the d-cube time s(i, j, d) at which node i sends
//     its own packet to j; ties by ascending link, Fig. 6), the packet for the
//     counterpart itself last (rule b);
//   phase 3, steps 2^(d-1)+1..2^d: a d-cube total exchange of those packets, each
//     counterpart acting as the origin of the packets it received.
#include <algorithm>
#include <numeric>

#include "algorithm/hypercube_schedules.h"

namespace hypercast {

namespace {

int linkOf(uint32_t a, uint32_t b) { return __builtin_ctz(a ^ b); }

}  // namespace

Schedule hypercubeTotalExchange(int d) {
  std::vector<Transfer> cur = {{1, 0, 1, 0, 1}, {1, 1, 0, 1, 0}};  // the 1-cube
  for (int level = 2; level <= d; ++level) {
    const uint32_t half = uint32_t{1} << (level - 1);  // nodes of each sub-cube
    const uint32_t t_half = half / 2;                  // T_(level-1) = 2^(level-2)
    // s(i, j) and the link of node i's own packet for j in the sub-cube schedule.
    std::vector<uint32_t> own_step(size_t{half} * half, 0);
    std::vector<int> own_link(size_t{half} * half, 0);
    for (const Transfer& t : cur) {
      if (t.from != t.origin) continue;
      own_step[size_t{t.origin} * half + static_cast<uint32_t>(t.dest)] = t.step;
      own_link[size_t{t.origin} * half + static_cast<uint32_t>(t.dest)] = linkOf(t.from, t.to);
    }
    std::vector<Transfer> next;
    next.reserve(cur.size() * 4 + size_t{2} * half * half);
    for (uint32_t c : {uint32_t{0}, half}) {  // phase 1
      for (const Transfer& t : cur) {
        next.push_back({t.step, t.from + c, t.to + c, t.origin + c, t.dest + static_cast<int>(c)});
      }
    }
    for (uint32_t i = 0; i < 2 * half; ++i) {  // phase 2
      const uint32_t base = i & (half - 1), other = (i ^ half) & half;
      std::vector<uint32_t> order(half);
      std::iota(order.begin(), order.end(), 0u);
      order.erase(order.begin() + base);
      std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        const size_t ia = size_t{base} * half + a, ib = size_t{base} * half + b;
        if (own_step[ia] != own_step[ib]) return own_step[ia] < own_step[ib];
        return own_link[ia] < own_link[ib];
      });
      order.push_back(base);
      for (uint32_t s = 0; s < half; ++s) {
        next.push_back({s + 1, i, i ^ half, i, static_cast<int>(order[s] + other)});
      }
    }
    for (uint32_t c : {uint32_t{0}, half}) {  // phase 3
      for (const Transfer& t : cur) {
        next.push_back({t.step + t_half, t.from + c, t.to + c, (t.origin + c) ^ half,
                        t.dest + static_cast<int>(c)});
      }
    }
    std::stable_sort(next.begin(), next.end(),
                     [](const Transfer& a, const Transfer& b) { return a.step < b.step; });
    cur.swap(next);
  }
  Schedule s;
  s.collective = Collective::kTotalExchange;
  s.nodes = uint64_t{1} << d;
  s.steps = cur.empty() ? 0 : cur.back().step;
  s.transfers = std::move(cur);
  return s;
}

}  // namespace hypercast
