// The bound on waiting under the fair arbitration (--arbitration fair, docs/hardware.md
// "Bounded waiting"): how long a flit can wait at one node, and an injection at
// its origin, whatever the offered load.
//
// A buffer b is an input VC (x, p, v). b -> b' when a flit in b can be sent into
// b' (the union of every origin's lone broadcast, hop by hop, with the dateline's
// VCs); the dateline makes this graph acyclic (docs/hardware.md "Deadlock freedom").
// n_q = the heads that can ever ask for output q (requestSources), or, on an
// output that arbitrates in two levels (groupedArbiterOutputs), twice the input
// ports and injection with such a head (hc_group_arbiter's wait), h = the
// cycles per hop (--hop-cycles). Then a head of b is granted every output it
// needs within
//   T(b) = 0                                       when b's heads need no output,
//   T(b) = max over b -> b' through q of n_q (T(b') + 2h)   otherwise,
// because each output serves its waiting heads of one downstream VC in
// round-robin order (at most n_q grants, its own included), each grant needs
// one credit, a credit comes back at most T(b') + 2h - 1 cycles after the last
// (the oldest flit still holding one reaches b' h cycles after its grant, is
// granted within T(b'), leaves h - 1 cycles later, and its credit is usable the
// cycle after), and a tie between the two VCs costs at most one cycle. A head
// leaves h - 1 cycles after its last grant, so a flit waits behind at most
// B - 1 heads of its VC for at most T(b) + h cycles each, and is on its last
// output link h cycles after its last grant: measured as the simulator does
// (link out - link in - 1) it waits at most B (T(b) + h) - 1 cycles. An
// injection needs the outputs that start packets, and is accepted h - 1 cycles
// after its last grant: it waits at most max over those q of
// n_q (T(b'_q) + 2h) + h - 1. With n = max n_q and K = the most hops on a chain
// b -> b' -> ..., T(b) <= 2h (n + n^2 + ... + n^K), the closed form docs/hardware.md
// ("Bounded waiting") gives. h = 1 gives the one-cycle router's bound.
#pragma once

#include <cstdint>

#include "algorithm/broadcast_weights.h"
#include "topology/network.h"

namespace hypercast {

struct WaitBound {
  int max_sources = 0;          // n = max over outputs of n_q (the grants per turn)
  int longest_chain = 0;        // K: hops on the longest chain b -> b' -> ...
  double flit_cycles = 0;       // max over buffers of B (T(b) + h) - 1
  double injection_cycles = 0;  // max over origins of the injection's bound
  double closed_form = 0;       // B (2h (n + ... + n^K) + h) - 1, >= flit_cycles
};

// Throws std::logic_error if the buffer graph has a cycle (it cannot, by the
// dateline argument).
WaitBound fairWaitBound(const NetworkDesc& net, Preference pref, int depth, int hop_cycles = 1);

// The bound under admission by epochs (--arbitration epoch, docs/hardware.md
// "Bounded waiting"): N nodes, each injecting at most `quota` packets into each
// epoch and only into the youngest of the `window` epochs open, the head epoch
// moving on `latency` cycles after a cycle at whose end none of its packets was
// left (latency >= hop_cycles + 1). Whatever the arbiters, as long as an output
// grants whenever some head asks for it: while a head still needs an output,
// some output grants within every h + 1 cycles (h = hop_cycles), and the
// grants that can happen while a packet is alive are those of at most
// 2W - 1 epochs of N F packets of N - 1 hops each (2W epochs for an injection
// that waits for the quota). So with M = (2W - 1) N F (N - 1):
//   a forwarded flit waits at most (h + 1) M + h - 2 cycles at a node, and
//   an injection at most (h + 1) (M + N F (N - 1)) + h + latency - 3.
// Polynomial in N, independent of the buffer depth and of the chain lengths.
struct EpochWaitBound {
  double grants = 0;  // M
  double flit_cycles = 0;
  double injection_cycles = 0;
};
EpochWaitBound epochWaitBound(uint64_t nodes, int quota, int window, int latency,
                              int hop_cycles = 1);

}  // namespace hypercast
