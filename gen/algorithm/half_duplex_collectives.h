// Collectives on half-duplex (one-way) links (Faber, paper 003, Sec. 6): a link
// carries one packet per step, whichever direction.
//
//   halveLinks: any full-duplex schedule on a port graph made half-duplex by
//     doubling: step t becomes 2t-1 and 2t; where x->y and y->x share step t,
//     the transfer on the lower port (x's port p to y against y's port q back
//     to x), or for p == q (an involution generator) the one from the lower
//     node, goes first. Empty steps are dropped.
//   involutionClasses: the two origin classes of Thm 6.3 ("even and odd
//     weight"): c(x + g) != c(x) for every generator g, which needs every
//     generator to be its own inverse and the graph bipartite (Q_d, products
//     of Z_2's); empty otherwise.
//   halfDuplexUniversalBroadcast, Thm 6.3: with the classes, class-0 origins
//     run the template's time t at step 2t-1 and class-1 origins at step 2t
//     (two origins using one link at one time differ by its generator, so lie in
//     different classes); when the last time holds r <= d/2 nodes, both classes
//     run it at step 2T-1 on generator-disjoint parents (a matching of the last
//     block x {class 0, class 1} to generators, Lemmas 7.6/7.7's second parent
//     assignment), so a regular order gives ceil(2(P-1)/d) steps. Without the
//     classes: halveLinks of the full-duplex template, 2 ceil((P-1)/d) at most.
//   halfDuplexUniversalExchange, Thm 6.5: with the classes, every target's
//     path of the full-duplex exchange is taken once per class and the
//     multigraph (target, class) x generators is edge-coloured (König) with
//     max(longest path, twice the busiest generator) colours, one per step
//     (each link one colour class per step): 2^d on Q_d. Without the classes:
//     halveLinks of the full-duplex exchange.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithm/collective.h"
#include "algorithm/regular_order.h"
#include "topology/network.h"
#include "topology/port_graph.h"

namespace hypercast {

Schedule halveLinks(const PortGraph& g, Schedule s);
std::vector<uint8_t> involutionClasses(const PortGraph& g);
Schedule halfDuplexUniversalBroadcast(const NetworkDesc& net, const PortGraph& g,
                                      const RegularOrderSearch& order);
Schedule halfDuplexUniversalExchange(const NetworkDesc& net, const PortGraph& g);
// Universal broadcast to within distance l (Def. 6.6): every node's packet to
// every node at distance 1..l, from the regular order cut to the ball of
// radius l (a prefix: distances never decrease). Two-way: ceil(N_l / d) steps
// (Thm 7.13(ii)); one-way, with the classes: ceil(2 N_l / d) (Thm 6.3), N_l the
// nodes at distance 1..l. The schedule is a multinode broadcast that stops at
// the ball: the checker sees the packets beyond it as missing.
Schedule withinDistanceBroadcast(const NetworkDesc& net, const PortGraph& g,
                                 const RegularOrderSearch& order, int l, LinkMode links);

}  // namespace hypercast
