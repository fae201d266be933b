// The router, and the whole network when it may fit, through yosys and nextpnr.
#include "tools/router_synth.h"

#include <algorithm>
#include <fstream>
#include <string>

#include "emit/axis_top.h"
#include "emit/synth_wrapper.h"
#include "tools/yosys_synth.h"

namespace hypercast {
namespace tools {

RouterFigures synthRouter(const SynthWork& work, const NetworkDesc& net, const HypercycleRtl& rtl,
                          const SynthParams& p) {
  const std::string router = rtl.router_module;
  std::string files;
  for (const auto& f : rtl.verilog_files) {
    if (f.find(rtl.top_module) == std::string::npos) files += " " + f;
  }
  {
    std::ofstream w(work.dir + "/rtl/" + router + "_synth_wrap.v");
    w << routerSynthWrapper(net, rtl.layout, router);
  }
  SynthWork placing = work;  // nextpnr with the routers' placer timing weight
  placing.placer_timing_weight = kRouterPlacerTimingWeight;
  RouterFigures f;
  const std::string generic =
      runYosys(work, "generic", "yosys synth (router)",
               "read_verilog" + files + "\nsynth -flatten -top " + router +
                   "\nselect -assert-none t:$*latch* t:$_DLATCH*\ntee -q -o generic.stat stat\n");
  const std::string ice = runYosys(work, "ice40", "yosys synth_ice40 (router)",
                                   "read_verilog" + files + "\n" + std::string(kIce40SynthAbc9) +
                                       " -top " + router + "\ntee -q -o ice40.stat stat\n");
  f.generic_cells = totalCells(generic);
  f.luts = statSum(ice, "SB_LUT4");
  f.carries = statSum(ice, "SB_CARRY");
  f.ffs = statSum(ice, "SB_DFF\\w*");
  f.brams = statSum(ice, "SB_RAM40\\w*");
  if (p.xilinx) {
    const std::string xs = runYosys(work, "xilinx", "yosys synth_xilinx (router)",
                                    "read_verilog" + files + "\nsynth_xilinx -flatten -top " +
                                        router + "\ntee -q -o xilinx.stat stat\n");
    f.xilinx_luts = statSum(xs, "LUT\\w*");
    f.xilinx_ffs = statSum(xs, "FD\\w*");
  }
  f.network_lcs = static_cast<long long>(net.nodes()) * std::max(f.luts, f.ffs);
  f.router.best_seed = p.seed;
  f.network.best_seed = p.seed;
  if (p.pnr) {
    runYosys(work, "wrap", "yosys synth_ice40 (router with its I/O wrapper)",
             "read_verilog" + files + " rtl/" + router + "_synth_wrap.v\n" + kIce40SynthAbc9 +
                 " -top " + router + "_synth_wrap -json wrap.json\ntee -q -o wrap.stat stat\n");
    f.router = placeAndRouteSeeds(placing, "wrap.json", p.freq, p.seed, p.seeds);
  }
  // The whole top when the N x router estimate leaves a chance that it fits: to
  // place it, or with --no-pnr for the AXI4-Stream top's cost alone.
  const bool axis = p.endpoints == Endpoints::kAxis;
  if ((!p.pnr && !axis) || f.network_lcs > 2 * kHx8kLcs || net.nodes() > 64) return f;
  const std::string top = axis ? rtl.axis_top_module : rtl.top_module;
  f.network_top = top;
  std::string all;  // the AXI4-Stream top wires the routers itself: no plain top
  for (const auto& file : rtl.verilog_files) {
    if (!axis || file != "rtl/" + rtl.top_module + ".v") all += " " + file;
  }
  const std::string ns = runYosys(work, "net", "yosys synth_ice40 (" + top + ")",
                                  "read_verilog" + all + "\n" + std::string(kIce40SynthAbc9) +
                                      " -top " + top + "\ntee -q -o net.stat stat\n");
  f.network_luts = statSum(ns, "SB_LUT4");
  f.network_carries = statSum(ns, "SB_CARRY");
  f.network_ffs = statSum(ns, "SB_DFF\\w*");
  f.network_brams = statSum(ns, "SB_RAM40\\w*");
  // nextpnr reports the real count either way.
  f.network_tried = p.pnr && std::max(f.network_luts, f.network_ffs) <= 2 * kHx8kLcs;
  if (!f.network_tried) return f;
  std::ofstream(work.dir + "/rtl/" + top + "_synth_wrap.v")
      << (axis ? axisSynthWrapper(net, rtl.layout, top)
               : networkSynthWrapper(net, rtl.layout, top));
  runYosys(work, "net_wrap", "yosys synth_ice40 (" + top + " with its I/O wrapper)",
           "read_verilog" + all + " rtl/" + top + "_synth_wrap.v\n" + kIce40SynthAbc9 + " -top " +
               top + "_synth_wrap -json net.json\ntee -q -o net_wrap.stat stat\n");
  // A failure here is reported, not an error: the router's figures stand.
  f.network = placeAndRouteSeeds(placing, "net.json", p.freq, p.seed, p.seeds, "network",
                                 /*optional=*/true);
  return f;
}

}  // namespace tools
}  // namespace hypercast
