// The router, and the whole network when it may fit, through yosys and nextpnr.
#pragma once

#include "emit/hypercycle_rtl.h"
#include "tools/nextpnr.h"
#include "tools/synth_params.h"
#include "tools/synth_work.h"
#include "topology/network.h"

namespace hypercast {
namespace tools {

// -1: not measured.
struct RouterFigures {
  long long generic_cells = -1;                             // yosys synth
  long long luts = -1, carries = -1, ffs = -1, brams = -1;  // synth_ice40
  long long xilinx_luts = -1, xilinx_ffs = -1;              // synth_xilinx
  // The whole network on iCE40: N routers' max(LUT4s, flip-flops) (the top adds only wires).
  long long network_lcs = 0;
  bool network_tried = false;  // placed and routed too: the estimate leaves it a chance
  SeedSweep router;            // the router with its I/O wrapper, over the seeds
  PnrResult network;           // the whole network with its I/O wrapper
};

// Synthesizes rtl's router (its files already in the work folder) with yosys
// (generic, ice40, xilinx with p.xilinx); with p.pnr, its I/O wrapper
// (rtl/<router>_synth_wrap.v, always written) through synth_ice40 and nextpnr
// over the seeds, then the whole network (rtl/<top>_synth_wrap.v) if it may fit.
RouterFigures synthRouter(const SynthWork& work, const NetworkDesc& net, const HypercycleRtl& rtl,
                          const SynthParams& p);

}  // namespace tools
}  // namespace hypercast
