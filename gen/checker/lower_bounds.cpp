#include "checker/lower_bounds.h"

#include "checker/network_links.h"

namespace hypercast {
namespace checker {

KnownBound lowerBound(const NetworkDesc& net, const CollectiveProblem& c) {
  KnownBound b;
  if (c.messages != 1) return b;
  if (net.topology == "hypercube") {
    b.known = true;
    b.bound = hypercubeLowerBound(static_cast<int>(net.radices.size()), c.collective);
    return b;
  }
  if (c.collective == Collective::kBroadcast) {
    const int ecc = NetworkLinks(net).eccentricity(c.root);
    if (ecc < 0) return b;
    b.known = true;
    b.bound = {static_cast<uint64_t>(ecc), net.nodes() - 1};
  }
  return b;
}

}  // namespace checker
}  // namespace hypercast
