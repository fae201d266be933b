// hc_weight_unit, the prototype's own module, through yosys and nextpnr at the router's limits.
#pragma once

#include "emit/rtl_layout.h"
#include "tools/nextpnr.h"
#include "tools/synth_params.h"
#include "tools/synth_work.h"

namespace hypercast {
namespace tools {

// The prototype's own module, hc_weight_unit (configuration, eq. 6, and the
// weights of one message at a time), at the programmable router's limits: the
// like-for-like comparison with the prototype's 2106 cells. Its ~40 pins fit the
// HX8K directly, so it is placed and routed without a wrapper. -1: not measured.
struct WeightUnitFigures {
  long long cells = -1, luts = -1, ffs = -1, xluts = -1, xcells = -1, pins = -1;
  PnrResult pnr;
  int origin_cycles = 0, intermediate_cycles = 0, one_dim_cycles = 0;
};

// yosys synth and synth_ice40 (wu_generic, wu_ice40; wu_xilinx with p.xilinx)
// on the hw/ sources in the work folder; with p.pnr, nextpnr (tag weight_unit).
WeightUnitFigures synthWeightUnit(const SynthWork& work, const RtlLayout& l, const SynthParams& p);

}  // namespace tools
}  // namespace hypercast
