// hc_weight_unit, the prototype's own module, through yosys and nextpnr at the router's limits.
#include "tools/weight_unit_synth.h"

#include <algorithm>
#include <string>

#include "emit/router_config.h"
#include "tools/launcher.h"
#include "tools/yosys_synth.h"

namespace hypercast {
namespace tools {

WeightUnitFigures synthWeightUnit(const SynthWork& work, const RtlLayout& l, const SynthParams& p) {
  WeightUnitFigures w;
  std::string read =
      "read_verilog hw/hc_cfg_dims.v hw/hc_port_sweep.v hw/hc_weight_unit.v\nchparam";
  for (const auto& [name, value] : weightUnitParams(l))
    read += " -set " + name + " " + std::to_string(value);
  read += " hc_weight_unit\n";
  w.cells = totalCells(runYosys(work, "wu_generic", "yosys synth (hc_weight_unit)",
                                read + "synth -flatten -top hc_weight_unit\nselect -assert-none "
                                       "t:$*latch* t:$_DLATCH*\ntee -q -o wu_generic.stat stat\n"));
  const std::string ice = runYosys(
      work, "wu_ice40", "yosys synth_ice40 (hc_weight_unit)",
      read + "synth_ice40 -top hc_weight_unit -json wu.json\ntee -q -o wu_ice40.stat stat\n");
  w.luts = statSum(ice, "SB_LUT4");
  w.ffs = statSum(ice, "SB_DFF\\w*");
  if (p.xilinx) {
    const std::string xs = runYosys(
        work, "wu_xilinx", "yosys synth_xilinx (hc_weight_unit)",
        read + "synth_xilinx -flatten -top hc_weight_unit\ntee -q -o wu_xilinx.stat stat\n");
    w.xluts = statSum(xs, "LUT\\w*");
    w.xcells = totalCells(xs);
  }
  if (p.pnr) {
    w.pnr = placeAndRoute(work, "wu.json", "weight_unit", "hc_weight_unit", p.freq, p.seed);
    w.pins = nextpnrCellCount(readFile(work.dir + "/weight_unit_nextpnr.log"), "SB_IO");
  }
  // Cycles per message (hc_weight_unit.v): the origin walks every port; a received
  // message walks up to its arrival port and adds one for its continuation. The
  // largest one-dimensional degree within the limits is max-radix - 1.
  w.origin_cycles = l.router_np;
  w.intermediate_cycles = l.router_np + 1;
  w.one_dim_cycles = std::min(l.router_np, l.max_radix - 1) + 1;
  return w;
}

}  // namespace tools
}  // namespace hypercast
