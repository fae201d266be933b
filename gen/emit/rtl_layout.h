// Widths and field positions of the generated hypercycle network's flits and
// top-level ports. The emitter writes them into the RTL; the harnesses use them
// to drive and decode the Verilated model.
#pragma once

#include <cstdint>

#include "algorithm/broadcast_weights.h"
#include "topology/hypercycle.h"
#include "util/bits.h"

namespace hypercast {

struct RtlOptions {
  int payload_width = 32;  // PW: 1..64
  int buffer_depth = 2;    // flits per input virtual channel
  Preference preference = Preference::kClockwise;
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
  int fw = 0;  // flit width: {vc, origin, wd, wc, payload}
  int fieldWc() const { return pw; }
  int fieldWd() const { return pw + wcw; }
  int fieldOrigin() const { return pw + wcw + wdw; }
  int fieldVc() const { return fw - 1; }
};

void validate(const RtlOptions& o);
RtlLayout makeLayout(const Hypercycle& h, const RouterTables& t, const RtlOptions& o);

}  // namespace hypercast
