// Universal collectives on abelian Cayley graphs (Faber, paper 003), built as
// translation-invariant templates: node 0's tree (or paths) translated by every
// node s (x -> s + x, digit by digit). Two template edges of one step that use
// different generators, or one generator at different nodes, never meet in a
// translate, so a template with distinct generators per step is conflict-free.
//
//   universal broadcast (multinode broadcast), Thm 4.5: the template of a
//     regular order (algorithm/regular_order.h), ceil((P-1)/d) steps; where none
//     exists or none is found, the best template the search found;
//   universal exchange (total exchange): every target g gets a shortest path
//     from 0, chosen target by target (farthest first) to even out the load on
//     the generators; the multigraph targets x generators is edge-coloured with
//     max(busiest generator, longest path) colours (König,
//     algorithm/edge_colouring.h) and each packet takes its generators in colour
//     order (the group is abelian: any order of a word reaches the same node).
#pragma once

#include "algorithm/collective.h"
#include "algorithm/regular_order.h"
#include "topology/network.h"
#include "topology/port_graph.h"

namespace hypercast {

Schedule cayleyUniversalBroadcast(const NetworkDesc& net, const PortGraph& g,
                                  const RegularOrderSearch& order);
Schedule cayleyUniversalExchange(const NetworkDesc& net, const PortGraph& g);

}  // namespace hypercast
