// Combining collectives on abelian Cayley graphs (Faber, paper 003): nodes add
// what arrives to what they hold, so a link carries one partial sum per step.
//
//   accumulation (Thms 2.10/2.11): every node v ends with the sum over all u
//     (v included) of x_{u->v}, a value per ordered pair. It is the universal
//     broadcast reversed in time. The template is searched on the graph with
//     the negated generators (for an undirected graph the same graph; for a
//     directed one the only way the reversed edges exist): its edge
//     parent -> c along -g_k at time tau(c) becomes, reversed and translated to
//     target v, node v + c sending its partial sum for v along g_k to v + c +
//     g_k at step T + 1 - tau(c). A node sends its partial sum for v once,
//     after every child in v's reversed tree has sent it theirs, and a step
//     uses each generator once: one value per link per step, ceil((P-1)/d)
//     steps with a regular order.
//
//   global sum (Sec. 5): every node ends with sum x_u. Every step every node
//     sends its value v on every port and sets v <- (sum received) -
//     c_t * (uses_input_t ? x : v). With the eigenvalues integers (the
//     hypercube: d - 2i) this is the paper's v <- A v - lambda_t v over the
//     distinct eigenvalues lambda_t != d; otherwise Horner's rule on the
//     minimal polynomial's integer coefficients (c_t = -a_(m-t), the node's
//     own input x). After m = distinct eigenvalues - 1 steps every node holds
//     divisor * sum x_u, divisor = q(d)/P (the hypercube: d!), and an exact
//     division gives the sum.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithm/cayley_spectrum.h"
#include "algorithm/collective.h"
#include "algorithm/combining_transfer.h"
#include "algorithm/regular_order.h"
#include "topology/network.h"
#include "topology/port_graph.h"

namespace hypercast {

struct AccumulationSchedule {
  uint64_t nodes = 0;
  uint32_t steps = 0;
  std::string construction;  // "regular-order" or "template" (half-duplex: the broadcast's)
  uint32_t bound = 0;        // ceil((P-1)/d)
  int diameter = 0;
  LinkMode links = LinkMode::kFullDuplex;
  std::vector<CombiningTransfer> transfers;  // ascending step
};

// The network with every generator negated (the reversed graph).
NetworkDesc negatedNetwork(const NetworkDesc& net);

// `order` is the template found on negatedNetwork(net)'s port graph.
AccumulationSchedule cayleyAccumulation(const NetworkDesc& net, const RegularOrderSearch& order);

// On half-duplex links (Faber Sec. 6): the one-way universal broadcast
// (half_duplex_collectives.h; Thm 6.3's two classes on Q_d, ceil(2(P-1)/d)
// steps) reversed in time: its transfer (s, a -> b, origin o) becomes b
// sending its partial sum for target o to a at step T + 1 - s. A link used one way in a step stays
// used one way, so the half-duplex rule holds, and every node sends its sum for o once, after its
// children in o's tree. `order` is the regular order of net's own port graph;
// the graph must be undirected (every generator's inverse a generator).
AccumulationSchedule halfDuplexAccumulation(const NetworkDesc& net, const PortGraph& g,
                                            const RegularOrderSearch& order);

struct GlobalSumProgram {
  uint64_t nodes = 0;
  int degree = 0;
  int diameter = 0;
  uint32_t steps = 0;             // distinct eigenvalues - 1
  std::vector<int64_t> constant;  // c_t, t = 1..steps (index t - 1)
  std::vector<bool> uses_input;   // c_t multiplies the node's input x, else its value v
  int64_t divisor = 1;            // q(d) / P
  bool factored = false;          // the paper's linear factors (integer eigenvalues)
  CayleySpectrum spectrum;
};

GlobalSumProgram cayleyGlobalSum(const NetworkDesc& net);

// The bound on every intermediate value (the sum over the ports, the product,
// the new value) for inputs of magnitude <= 2^(input_bits-1): B_0 = 2^(ib-1),
// B_t = d B_(t-1) + |c_t| B_(uses_input ? 0 : t-1) (the paper's form:
// (d + |lambda_t|) B_(t-1)). The accumulator width is the fewest two's-
// complement bits holding +-max B_t. Throws Error beyond 62 bits.
int globalSumWidth(const GlobalSumProgram& p, int input_bits);

// The global sum on half-duplex links: the same program, each step two clocks;
// the nodes of class c drive in phase c and listen in the other, so a link is
// driven from one end per clock. Needs Thm 6.3's two classes (every generator
// its own inverse, the graph bipartite: half_duplex_collectives.h's
// involutionClasses); throws Error otherwise.
std::vector<uint8_t> globalSumPhases(const NetworkDesc& net, const PortGraph& g);

// The node's arithmetic on one value, as the hardware does it (exact, int64):
// the reference the harnesses and the model share.
int64_t globalSumStep(const GlobalSumProgram& p, uint32_t t, int64_t received_sum, int64_t value,
                      int64_t input);

}  // namespace hypercast
