// The MT(n,k) collectives of Fragopoulou & Akl (paper 004, Sec. 4), k odd,
// store-and-forward all-port, M messages per (origin, destination) pair, each
// built for the source 0^n as a template and translated to every source
// (Def. 1, Lemma 1: a template whose edges in each step have distinct
// dimensions makes the translates conflict-free).
//
//   multinode broadcast  Sec. 4.2: a lockstep depth-first traversal of the 2n
//                        subtrees of BSG_{0^n}; a full node's edge carries the
//                        whole group of M, a period-P node's lanes MP/2n each.
//   single-node scatter  Sec. 4.3: the leaders farthest first; lane i sends the
//                        messages for Ro^i(v) down T_i, each hop the next step.
//   multinode scatter    Sec. 4.4 (total exchange): lockstep groups, each
//   (total exchange)     group store-and-forward along the rotated paths.
//
// The paper's splitting MP/2n is an integer for every period P only when the
// largest odd divisor of n divides M. Where it is not, hypercast extends the
// paper (construction "extension"), keeping both lower bounds of Sec. 4.1:
//   - multinode broadcast: the full necklaces' traversal as in the paper, then
//     the non-full nodes (all leaves) with their messages spread over their
//     lanes by a maximum flow (algorithm/torus_lane_split.h);
//   - single-node scatter: the paper's order with the same balanced split;
//   - multinode scatter: the template's hops, as a bipartite multigraph of
//     messages x dimensions, edge-coloured with as many colours as its maximum
//     degree (König, algorithm/edge_colouring.h); a colour is a step, and each
//     message takes its hops in colour order along a shortest path.
#pragma once

#include <cstdint>
#include <string>

#include "algorithm/collective.h"
#include "topology/torus_necklaces.h"

namespace hypercast {

enum class TorusConstruction {
  kAuto,       // the paper where its splitting is integral, else the extension
  kPaper,      // the paper's; throws Error where its splitting is fractional
  kExtension,  // ours, everywhere
};
TorusConstruction parseTorusConstruction(const std::string& word);  // auto|paper|extension

// Whether the paper's splitting is integral on MT(n,k) for M messages.
bool torusPaperSplits(int n, uint32_t messages);

// Transfers the construction emits (the paper's transmission counts), for
// refusing a size before building it.
uint64_t torusTransfers(int n, int k, Collective c, uint32_t messages);

Schedule torusMultinodeBroadcast(const TorusLabels& t, uint32_t messages, TorusConstruction how);
Schedule torusScatter(const TorusLabels& t, uint32_t root, uint32_t messages,
                      TorusConstruction how);
Schedule torusTotalExchange(const TorusLabels& t, uint32_t messages, TorusConstruction how);

}  // namespace hypercast
