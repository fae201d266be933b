// Algorithm 1 (Fig. 2) and Algorithm 2 (Fig. 4) of "Broadcasting in Hypercycles":
// the weights an originating node attaches per port, and the per-port tables a
// distributed router needs (the hardware of Sec. 4.1 hardwires exactly these).
#pragma once

#include <vector>

#include "topology/hypercycle.h"
#include "topology/network.h"

namespace hypercast {

enum class Preference { kClockwise, kCounterclockwise };

const char* toString(Preference p);

// Case 1 of Algorithm 1 applied to dimension `dim`, for the port at signed
// `offset`: the preferential direction gets weight D to all rho neighbours; the
// other direction gets a+1 for its first k neighbours and a for the rest
// (eq. 6). 0 means "nothing is sent on this port".
int originWeight(const Dimension& d, int offset, Preference pref);

// Per-port constants shared by every node of the network (Sec. 4.1: "the
// constants a and k are calculated for each dimension ... and stored").
struct RouterTables {
  std::vector<int> port_dim;  // dimension of port p
  std::vector<int> orig_wc;   // Case 1 weight sent on port p (0: unused)
  std::vector<int> fwd_port;  // port continuing a packet that arrived on p (Case 2)
  std::vector<bool> two_vc;   // port p's input buffer has two virtual channels
  int max_wc = 1;             // largest weight any packet carries
};

// `net` is a hypercycle (Hypercycle::of).
RouterTables makeRouterTables(const NetworkDesc& net, Preference pref);

// Dateline bit of output port p at node x: the hop out of p crosses the wrap of
// its ring (x_i + offset leaves 0..m_i-1). Packets that crossed it travel on
// virtual channel 1 of the two-VC ports; see docs/hardware.md "Deadlock freedom".
bool portWraps(const NetworkDesc& net, uint64_t x, int port);

// Which heads can ever ask for which output, from the tables alone: entry
// [q * (2NP+1) + s] for output q and source s (s = 2p+v: virtual channel v of input
// port p; s = 2NP: the injection port). A packet arriving on port p always carries
// wd = dim(p): an origin sends (dim(q), w) on q, and Case 2 keeps wd while it
// continues on fwd_port, which lies in the same ring. So an input p that receives
// anything asks for the ports of lower dimensions that start packets (Case 1), and
// for fwd_port[p] when a packet with wc > 1 can arrive on it (Case 2); the
// injection asks for every port that starts packets. VC 1 exists only on two_vc
// ports. The hardwired router builds its arbiters and output multiplexers over
// these sources only.
std::vector<bool> requestSources(const RouterTables& t);

// The outputs of the hardwired router whose round robin goes in two levels
// (hw/hc_group_arbiter.v, docs/hardware.md "Grouped arbitration"). With the rr
// and fair arbitrations, those with more than kFlatArbiterMax sources of
// requestSources(), the injection included. With `injection_last` (the epoch
// arbitration: the injection is granted an output only when no input VC asks,
// outside the arbiter), those whose arbiter sees more than
// kFlatArbiterMaxInjectionLast input VCs. The generator passes them to the RTL
// as GROUP_OUT and the SystemC model arbitrates them the same way.
constexpr int kFlatArbiterMax = 8;
constexpr int kFlatArbiterMaxInjectionLast = 4;
std::vector<bool> groupedArbiterOutputs(const RouterTables& t, bool injection_last);

}  // namespace hypercast
