#include "topology/hypercube.h"

#include "util/error.h"

namespace hypercast {

Hypercube::Hypercube(int d) : d_(d) {
  if (d < 1 || d > kMaxDim) {
    throw Error("hypercube dimension must be in 1.." + std::to_string(kMaxDim) + ", got " +
                std::to_string(d));
  }
}

int Hypercube::portTo(uint64_t x, uint64_t y) const {
  const uint64_t diff = x ^ y;
  if (x >= nodes() || y >= nodes() || diff == 0 || (diff & (diff - 1)) != 0) return -1;
  int p = 0;
  while ((diff >> p) != 1) ++p;
  return p;
}

}  // namespace hypercast
