// Widths and field positions of the generated hypercycle network's flits and
// top-level ports. The emitter writes them into the RTL; the harnesses use them
// to drive and decode the Verilated model.
#pragma once

#include <cstdint>

#include "algorithm/broadcast_weights.h"
#include "topology/network.h"
#include "util/bits.h"

namespace hypercast {

enum class RouterKind {
  kHardwired,     // hc_router: the network's tables are parameters
  kProgrammable,  // hc_router_prog: configured at start-up (docs/hardware.md "Programmable router")
};

const char* toString(RouterKind k);

// Output arbitration (docs/hardware.md "Bounded waiting").
enum class Arbitration {
  kRoundRobin,  // one round-robin pointer per output (the original router)
  kFair,        // one pointer per output and downstream VC: every wait is bounded
  kEpoch,       // kRoundRobin's arbiters, and admission by epochs: a bound
                // polynomial in the network's size
};

const char* toString(Arbitration a);

// What one programmable router design supports; the prototype of Sec. 4.1 had
// 4 dimensions of up to 15 nodes and degree 16.
struct ProgLimits {
  int max_dims = 4;
  int max_radix = 15;
  int max_degree = 16;
};

// The most packets per node and epoch (--epoch-quota).
constexpr int kMaxEpochQuota = 1 << 20;

struct RtlOptions {
  int payload_width = 32;  // PW: 1..64
  int buffer_depth = 2;    // flits per input virtual channel
  Preference preference = Preference::kClockwise;
  RouterKind router = RouterKind::kHardwired;
  Arbitration arbitration = Arbitration::kEpoch;
  int hop_cycles = 1;   // 1, or 2: registered grants (docs/hardware.md "Two-cycle hop")
  int epoch_quota = 4;  // Arbitration::kEpoch: packets per node and epoch
  ProgLimits limits;    // programmable router only
};

struct RtlLayout {
  uint64_t nodes = 0;
  int np = 0;     // link ports per node (the degree)
  int aw = 0;     // origin field width
  int pw = 0;     // payload width
  int wdw = 0;    // wd field width (holds r+1, the injection's wd)
  int wcw = 0;    // wc field width
  int piw = 0;    // port index width
  int depth = 0;  // buffer depth per VC
  int ndim = 0;
  int fw = 0;     // flit width: {vc, origin, wd, wc, [epoch,] payload}
  int fair = 0;   // the routers' FAIR parameter (Arbitration::kFair)
  int epoch = 0;  // the routers' EPOCH parameter (Arbitration::kEpoch): the epoch bit
  int quota = 0;  // the routers' QUOTA parameter (RtlOptions::epoch_quota)
  int hop = 1;    // the hardwired router's HOP parameter (RtlOptions::hop_cycles)
  // Programmable router only: the router instance has router_np >= np ports (the
  // network uses the first np), digits of mw bits and configuration words of cdw bits.
  bool programmable = false;
  int router_np = 0;
  int max_dims = 0;
  int max_radix = 0;
  int mw = 0;
  int cdw = 0;
  int fieldEpoch() const { return pw; }  // with epoch only
  int fieldWc() const { return pw + epoch; }
  int fieldWd() const { return fieldWc() + wcw; }
  int fieldOrigin() const { return fieldWd() + wdw; }
  int fieldVc() const { return fw - 1; }
  // One cycle per hop: the router sends a flit's origin and payload from the
  // granted head's register through an AND-OR, not a flip-flop (hc_router_core,
  // "Payload from the heads' registers").
  bool payloadFromHeads() const { return hop == 1; }
};

// Throws Error for options out of range; for a programmable router, also when
// the network exceeds the router's limits.
void validate(const RtlOptions& o);
// `net` is a hypercycle (Hypercycle::of).
void validateFits(const NetworkDesc& net, const RtlOptions& o);
RtlLayout makeLayout(const NetworkDesc& net, const RouterTables& t, const RtlOptions& o);

}  // namespace hypercast
