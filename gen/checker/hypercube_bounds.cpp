#include "checker/hypercube_bounds.h"

namespace hypercast {
namespace checker {

LowerBound hypercubeLowerBound(int d, Collective c) {
  const uint64_t n = uint64_t{1} << d, du = static_cast<uint64_t>(d);
  switch (c) {
    case Collective::kBroadcast:
      return {du, n - 1};
    case Collective::kMultinodeBroadcast:  // Table 1: ceil((2^d-1)/d), 2^d (2^d - 1)
      return {(n - 1 + du - 1) / du, n * (n - 1)};
    case Collective::kScatter:  // Table 1: ceil((2^d-1)/d), d 2^(d-1) (eq. 2)
      return {(n - 1 + du - 1) / du, du * n / 2};
    case Collective::kTotalExchange:  // Table 1, eqs. 3-4: 2^(d-1), d 2^(2d-1)
      return {n / 2, du * n * n / 2};
  }
  return {};
}

}  // namespace checker
}  // namespace hypercast
