// The harnesses' node test hooks, read one way: HYPERCAST_FAULT_NODE=X (node X
// of the model corrupts what it sends) and HYPERCAST_STALL_NODE=X (node X of
// the model stalls). X is a node of the job's network, digits only
// (util/parse_number.h); anything else is a bad job (Error, exit 2), never a
// silent node 0.
#pragma once

#include <cstdint>
#include <cstdlib>

#include "util/parse_number.h"

namespace hypercast {
namespace tb {

// The node `variable` names in an n-node network, or -1 when it is unset.
inline int64_t hookNode(const char* variable, uint64_t nodes) {
  const char* v = std::getenv(variable);
  if (!v) return -1;
  return static_cast<int64_t>(parseIndex(variable, v, nodes));
}

}  // namespace tb
}  // namespace hypercast
