// The harnesses' node test hooks, read one way: HYPERCAST_FAULT_NODE=X (node X
// of the model corrupts what it sends), HYPERCAST_STALL_NODE=X (node X of the
// model stalls) and HYPERCAST_STRAY_NODE=X (a flit of no broadcast appears in
// node X's router as a run ends). X is a node of the job's network, digits only
// (util/parse_number.h); anything else is a bad job (Error, exit 2), never a
// silent node 0. `simulate` checks them before it prints anything
// (checkTestHooks); the harnesses read them as they run (hookNode).
#pragma once

#include <cstdint>
#include <cstdlib>

#include "util/parse_number.h"

namespace hypercast {

// The node `variable` names in an n-node network, or -1 when it is unset.
inline int64_t hookNode(const char* variable, uint64_t nodes) {
  const char* v = std::getenv(variable);
  if (!v) return -1;
  return static_cast<int64_t>(parseIndex(variable, v, nodes));
}

// Throws the Error a harness would for a hook outside the n-node network.
inline void checkTestHooks(uint64_t nodes) {
  for (const char* v : {"HYPERCAST_FAULT_NODE", "HYPERCAST_STALL_NODE", "HYPERCAST_STRAY_NODE"}) {
    (void)hookNode(v, nodes);
  }
}

}  // namespace hypercast
