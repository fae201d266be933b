#include "checker/half_duplex_bounds.h"

#include <algorithm>

#include "checker/network_links.h"

namespace hypercast {
namespace checker {

uint64_t undirectedLinks(const NetworkDesc& net) {
  const NetworkLinks links(net);
  uint64_t e = 0;
  for (uint64_t x = 0; x < links.nodes(); ++x) {
    for (uint64_t y : links.successors(x)) {
      if (y > x || (y < x && !links.linked(y, x))) ++e;
    }
  }
  return e;
}

KnownBound halfDuplexLowerBound(const NetworkDesc& net, const CollectiveProblem& c) {
  KnownBound b = lowerBound(net, c);
  if (!b.known || c.messages != 1 || net.kind != NetworkDesc::Kind::kCayley) return b;
  if (c.collective != Collective::kMultinodeBroadcast &&
      c.collective != Collective::kTotalExchange) {
    return b;
  }
  const uint64_t e = undirectedLinks(net);
  if (e == 0) return b;
  uint64_t receptions = 0;  // packets a step must deliver in all, over every origin
  const uint64_t p = net.nodes();
  if (c.collective == Collective::kMultinodeBroadcast) {
    receptions = p * (p - 1);
  } else {
    for (int x : NetworkLinks(net).distances(0)) receptions += static_cast<uint64_t>(x);
    receptions *= p;
  }
  const uint64_t steps = (receptions + e - 1) / e;
  b.bound.steps = std::max(b.bound.steps, steps);
  b.steps_at_min_transmissions = std::max(b.steps_at_min_transmissions, b.bound.steps);
  return b;
}

KnownBound withinDistanceLowerBound(const NetworkDesc& net, int l, LinkMode links) {
  KnownBound b;
  if (net.kind != NetworkDesc::Kind::kCayley || l < 0) return b;
  uint64_t ball = 0;  // N_l
  int far = 0;
  for (int x : NetworkLinks(net).distances(0)) {
    if (x < 0) return b;
    if (x >= 1 && x <= l) {
      ++ball;
      far = std::max(far, x);
    }
  }
  const uint64_t p = net.nodes(), d = static_cast<uint64_t>(net.ports());
  uint64_t steps = std::max<uint64_t>((ball + d - 1) / d, static_cast<uint64_t>(far));
  if (links == LinkMode::kHalfDuplex) {
    const uint64_t e = undirectedLinks(net);
    if (e > 0) steps = std::max(steps, (p * ball + e - 1) / e);
  }
  b.known = true;
  b.bound = {steps, p * ball};
  b.steps_at_min_transmissions = steps;
  return b;
}

}  // namespace checker
}  // namespace hypercast
