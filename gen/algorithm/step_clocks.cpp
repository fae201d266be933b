#include "algorithm/step_clocks.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "algorithm/edge_colouring.h"
#include "util/error.h"

namespace hypercast {

namespace {

// The most transfers one node sends or receives in a clock, when the transfers
// [b, e) of one step take the clocks `cls` (k of them).
uint32_t busiest(const std::vector<Transfer>& ts, uint64_t nodes, size_t b, size_t e,
                 const std::vector<uint32_t>& cls, uint32_t k) {
  std::vector<uint32_t> sends(nodes * k, 0), recvs(nodes * k, 0);
  uint32_t most = 0;
  for (size_t i = b; i < e; ++i) {
    const Transfer& t = ts[i];
    most = std::max(most, ++sends[t.from * uint64_t{k} + cls[i - b]]);
    most = std::max(most, ++recvs[t.to * uint64_t{k} + cls[i - b]]);
  }
  return most;
}

}  // namespace

Schedule scheduleInClocks(const Schedule& s, const PortGraph& g, uint32_t k) {
  if (k == 0 || k > kMaxClocksPerStep) {
    throw Error("clocks per step must be 1 to " + std::to_string(kMaxClocksPerStep));
  }
  if (k == 1) return s;
  if (uint64_t{s.steps} * k > UINT32_MAX) {
    throw Error(std::to_string(s.steps) + " steps at " + std::to_string(k) +
                " clocks per step are more clocks than a schedule counts");
  }
  Schedule out = s;
  out.steps = s.steps * k;
  out.transfers.clear();
  out.transfers.reserve(s.transfers.size());
  std::vector<Transfer> sorted = s.transfers;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const Transfer& a, const Transfer& b) { return a.step < b.step; });
  for (size_t b = 0; b < sorted.size();) {
    size_t e = b;
    while (e < sorted.size() && sorted[e].step == sorted[b].step) ++e;
    // The step's degree D: the most transfers a node sends or receives in it.
    std::vector<uint32_t> deg_out(s.nodes, 0), deg_in(s.nodes, 0);
    uint32_t d = 0;
    std::vector<uint32_t> cls(e - b);
    for (size_t i = b; i < e; ++i) {
      const Transfer& t = sorted[i];
      const int p = g.portTo(t.from, t.to);
      if (p < 0) {
        throw Error("step " + std::to_string(t.step) + ": no link " + std::to_string(t.from) +
                    " -> " + std::to_string(t.to));
      }
      cls[i - b] = static_cast<uint32_t>(p) % k;
      d = std::max({d, ++deg_out[t.from], ++deg_in[t.to]});
    }
    const uint32_t goal = (d + k - 1) / k;
    if (busiest(sorted, s.nodes, b, e, cls, k) > goal) {
      std::vector<std::pair<uint32_t, uint32_t>> edges;
      for (size_t i = b; i < e; ++i) edges.push_back({sorted[i].from, sorted[i].to});
      const std::vector<uint32_t> colour = bipartiteEdgeColouring(
          static_cast<uint32_t>(s.nodes), static_cast<uint32_t>(s.nodes), edges);
      for (size_t i = b; i < e; ++i) cls[i - b] = colour[i - b] % k;
    }
    for (size_t i = b; i < e; ++i) {
      Transfer t = sorted[i];
      t.step = (t.step - 1) * k + cls[i - b] + 1;
      out.transfers.push_back(t);
    }
    b = e;
  }
  std::stable_sort(out.transfers.begin(), out.transfers.end(),
                   [](const Transfer& a, const Transfer& b) { return a.step < b.step; });
  return out;
}

}  // namespace hypercast
