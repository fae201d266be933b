// Regular orders and universal-broadcast templates on abelian Cayley graphs
// (Faber, paper 003, Def. 4.3 and Thm 4.5).
//
// A template gives every node v != e a time tau(v) >= 1 and a generator
// delta(v) such that the parent v - delta(v) has a smaller time (e has time 0)
// and no generator is used twice at one time. Translated to every node it is a
// universal broadcast in max tau steps (Thm 4.5's proof: two edges of one time
// coincide only if they come from the same generator at the same node).
// It is a *regular order* (Def. 4.3) when in addition the nodes, listed by time,
// are in non-decreasing distance from e, every parent is one step closer to e,
// and every time but the last holds d nodes; then max tau = ceil((P-1)/d).
//
// The search is greedy and deterministic: time by time, a maximum matching of
// nodes to generators (Kuhn's augmenting paths, nodes offered nearest first,
// the most constrained first, then by a seeded shuffle), restarted with the next
// seed until it meets the bound or the budget of attempts is spent. When the
// diameter exceeds ceil((P-1)/d) no regular order exists (proven); the search
// then looks for a template of max(ceil((P-1)/d), diameter) steps with parents
// at any distance.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "topology/port_graph.h"

namespace hypercast {

struct TemplateNode {
  uint32_t time = 0;  // 0 for e
  int port = -1;      // the generator the node receives along
  uint32_t parent = 0;
};

struct RegularOrderSearch {
  enum class Status { kFound, kProvenNone, kBudgetExhausted };
  Status status = Status::kBudgetExhausted;
  bool regular = false;  // `nodes` is a regular order (Def. 4.3)
  uint32_t steps = 0;    // max time of the best template found (0: none)
  uint32_t bound = 0;    // ceil((P-1)/d)
  int diameter = 0;
  int attempts = 0;
  std::vector<TemplateNode> nodes;  // by node number; the best template found
  std::vector<uint32_t> order;      // g_0 = e, g_1, ...: by time, distance, port
};

const char* toString(RegularOrderSearch::Status s);  // "found", "proven none", "budget exhausted"

// The graph must be a Cayley graph (every node has every port). `attempts`
// bounds the restarts of each phase.
RegularOrderSearch searchRegularOrder(const PortGraph& g, int attempts = 64);

}  // namespace hypercast
