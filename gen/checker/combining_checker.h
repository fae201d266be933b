// Independent checks of the combining collectives (algorithm/
// combining_collectives.h), from the definitions and the checker's own links
// (checker/network_links.h), never from the construction.
//
// Accumulation: every node x starts with its value x_{x->v} for every target
// v, symbolically the set {x}; a transfer (step, from, to, v) adds the set
// `from` held for v before that step to the set `to` holds for v. Checked:
//   - every transfer is along a link, in step >= 1, with nodes in range;
//   - at most one partial sum per directed link per step; on half-duplex links
//     at most one per link per step, whichever direction;
//   - the sets added are disjoint (no contribution is counted twice);
//   - at the end node v's set for v is every node (each x_{u->v} counted once).
//
// Global sum: every node's value as integer coefficients on the inputs x_u,
// stepped through v <- (sum over the in-neighbours' values) - c_t (x or v);
// checked: at the end every node holds D * (1, ..., 1) exactly for one D that
// the checker reads off its own run, D is not 0 (a program whose constants
// annihilate the sum fails whatever divisor it is handed) and D is the
// construction's `divisor`; and every
// intermediate's coefficients, times the largest input, fit the accumulator
// width (two's complement).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithm/collective.h"
#include "algorithm/combining_transfer.h"
#include "topology/network.h"

namespace hypercast {
namespace checker {

struct CombiningReport {
  bool ok = false;
  std::vector<std::string> errors;  // the first few, then a count
  uint64_t nodes = 0;
  uint64_t steps = 0;
  uint64_t transmissions = 0;  // values sent over links
  uint64_t missing = 0;        // accumulation: (origin, target) contributions that never arrived
  uint64_t double_counted = 0;
  int64_t max_magnitude = 0;  // global sum: the largest intermediate, for inputs of 2^(ib-1)
  int64_t divisor = 0;        // global sum: the multiple of the sum every node ends with
};

CombiningReport checkAccumulation(const NetworkDesc& net,
                                  const std::vector<CombiningTransfer>& transfers,
                                  LinkMode links = LinkMode::kFullDuplex);

// The global sum's half-duplex phases: node x drives in phase phase[x] and
// listens in the other, so every link must join nodes of different phases
// (else both ends drive it in one clock). Checked with the checker's links.
CombiningReport checkGlobalSumPhases(const NetworkDesc& net, const std::vector<uint8_t>& phase);

// `width`: the accumulator's bits; `input_bits`: the inputs' (|x| <= 2^(ib-1)).
CombiningReport checkGlobalSum(const NetworkDesc& net, const std::vector<int64_t>& constant,
                               const std::vector<bool>& uses_input, int64_t divisor, int width,
                               int input_bits);

}  // namespace checker
}  // namespace hypercast
