// What `synth` is asked for: the router's RTL options and the tools' settings.
#pragma once

#include <string>

#include "emit/axis_top.h"
#include "emit/rtl_layout.h"

namespace hypercast {
namespace tools {

// nextpnr-ice40's time limit per seed, minutes: its router1 can rip up one arc
// for ever on a design that fits.
constexpr double kDefaultPnrLimitMin = 30;

struct SynthParams {
  RtlOptions rtl;                            // the router synthesized
  std::string out;                           // the report folder: synth_report.md, .json and work/
  Endpoints endpoints = Endpoints::kNative;  // hypercycle: the whole top synthesized
  long long freq = 100;                      // the clock target, MHz (nextpnr --freq)
  std::string sdc;      // hypercycle: the SDC file (in the work folder) freq was read from
  long long seed = 1;   // nextpnr placement seed (the first of a sweep)
  long long seeds = 1;  // the router is placed and routed with seeds seed..seed+seeds-1
  bool xilinx = false;  // also yosys synth_xilinx
  bool pnr = true;      // place and route with nextpnr-ice40
  double pnr_limit_min = kDefaultPnrLimitMin;  // nextpnr's time limit per seed (0: none)
  bool weight_unit_only = false;               // programmable router: only hc_weight_unit
};

}  // namespace tools
}  // namespace hypercast
