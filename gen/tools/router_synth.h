// The router, and the whole network when it may fit, through yosys and nextpnr.
#pragma once

#include <string>

#include "emit/hypercycle_rtl.h"
#include "tools/nextpnr.h"
#include "tools/synth_params.h"
#include "tools/synth_work.h"
#include "topology/network.h"

namespace hypercast {
namespace tools {

// nextpnr's placer timing weight (--placer-heap-timingweight; its own default
// is 10) for the routers and their networks: over seeds 1-10 it raised the
// median Fmax of the default router's hardest degree-8 shapes by 0.8 to 3.2%
// and left the others within 2% (docs/results.md, "The placer's timing
// weight"). The other flows keep nextpnr's default.
constexpr int kRouterPlacerTimingWeight = 30;

// -1: not measured.
struct RouterFigures {
  long long generic_cells = -1;                             // yosys synth
  long long luts = -1, carries = -1, ffs = -1, brams = -1;  // synth_ice40
  long long xilinx_luts = -1, xilinx_ffs = -1;              // synth_xilinx
  // The whole network on iCE40: N routers' max(LUT4s, flip-flops) (the top adds only wires).
  long long network_lcs = 0;
  std::string network_top;  // the whole top: <name>_top, or <name>_axis_top with its endpoints
  // The whole top's synth_ice40 counts, when the estimate leaves it a chance to fit.
  long long network_luts = -1, network_ffs = -1, network_carries = -1, network_brams = -1;
  bool network_tried = false;  // placed and routed too: its counts leave it a chance
  SeedSweep router;            // the router with its I/O wrapper, over the seeds
  SeedSweep network;           // the whole top with its I/O wrapper, over the seeds
};

// The router and its network are mapped with kIce40SynthAbc9
// (tools/yosys_synth.h): on ten of the twelve degree-8 routers measured (six
// shapes, 1 and 2 flits per VC) it places faster than the default ABC script
// at the median (docs/results.md "The default router on the six degree-8 shapes").

// Synthesizes rtl's router (its files already in the work folder) with yosys
// (generic, ice40, xilinx with p.xilinx); with p.pnr, its I/O wrapper
// (rtl/<router>_synth_wrap.v, always written) through kIce40SynthAbc9 and nextpnr
// over the seeds. Then the whole top (p.endpoints: the plain top, or the
// AXI4-Stream top with its ejection queues), when N x router may fit twice an
// HX8K, N <= 64 and p.pnr or the AXI4-Stream top is asked for: its
// synth_ice40 counts and, with p.pnr and counts that
// leave it a chance, its I/O wrapper (rtl/<top>_synth_wrap.v) placed and routed
// over the seeds.
RouterFigures synthRouter(const SynthWork& work, const NetworkDesc& net, const HypercycleRtl& rtl,
                          const SynthParams& p);

}  // namespace tools
}  // namespace hypercast
