#include "checker/lower_bounds.h"

#include "checker/network_links.h"

namespace hypercast {
namespace checker {

namespace {

// MT(n,k), k odd: Fragopoulou & Akl, Sec. 4.1, for M messages per pair.
//   multinode broadcast  ceil(M (k^n - 1) / 2n) steps,  M (k^n - 1) k^n transmissions
//   single-node scatter  ceil(M (k^n - 1) / 2n),        M n (k^2 - 1) k^(n-1) / 4
//   multinode scatter    M (k^2 - 1) k^(n-1) / 8,       M n (k^2 - 1) k^(2n-1) / 4
KnownBound torusBound(int n, int k, const CollectiveProblem& c) {
  KnownBound b;
  if (k % 2 == 0 || c.collective == Collective::kBroadcast) return b;
  const uint64_t m = c.messages;
  const uint64_t kk = static_cast<uint64_t>(k);
  const uint64_t nn = static_cast<uint64_t>(n);
  uint64_t kn = 1;
  for (int i = 0; i < n; ++i) kn *= kk;
  b.known = true;
  switch (c.collective) {
    case Collective::kMultinodeBroadcast:
      b.bound = {(m * (kn - 1) + 2 * nn - 1) / (2 * nn), m * (kn - 1) * kn};
      break;
    case Collective::kScatter:
      b.bound = {(m * (kn - 1) + 2 * nn - 1) / (2 * nn), m * nn * (kk * kk - 1) * (kn / kk) / 4};
      break;
    case Collective::kTotalExchange:
      b.bound = {m * (kk * kk - 1) * (kn / kk) / 8, m * nn * (kk * kk - 1) * (kn / kk) * kn / 4};
      break;
    case Collective::kBroadcast:
      break;
  }
  return b;
}

}  // namespace

KnownBound lowerBound(const NetworkDesc& net, const CollectiveProblem& c) {
  KnownBound b;
  if (net.topology == "torus" && c.collective != Collective::kBroadcast) {
    return torusBound(static_cast<int>(net.radices.size()), net.radices.front(), c);
  }
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
