// The report on hc_weight_unit beside the prototype (Markdown and JSON), alone or in the router's.
#include "tools/weight_unit_report.h"

#include <sstream>

#include "tools/nextpnr.h"
#include "util/json_text.h"

namespace hypercast {
namespace tools {

bool isPrototypeLimits(const ProgLimits& l) {
  const ProgLimits proto;
  return l.max_dims == proto.max_dims && l.max_radix == proto.max_radix &&
         l.max_degree == proto.max_degree;
}

std::string weightUnitMarkdown(const WeightUnitFigures& wu, const RtlLayout& l, bool xilinx,
                               bool pnr) {
  std::ostringstream md;
  const double wns = wu.pnr.placed ? 1000.0 / wu.pnr.fmax : -1;
  auto at = [&](int cycles, double proto_us) {
    return std::to_string(cycles) + " cycles" +
           (wns > 0 ? " = " + fmt(cycles * wns / 1000.0, "%.2f") + " us" : std::string()) + " | " +
           fmt(proto_us) + " us = " + fmt(proto_us * kProtoMHz, "%.0f") + " cycles |\n";
  };
  md << "\n## The prototype's module: `hc_weight_unit`\n\n"
     << "The prototype was the weight generator alone (\"The module then waits until a broadcast "
        "message is received whereby it generates the appropriate weights\"); the switch "
        "around it was future work. `hw/hc_weight_unit.v` is that module at the same limits (up "
     << "to " << l.max_dims << " dimensions of up to " << l.max_radix << " nodes, degree "
     << l.router_np
     << "): the same configuration stream, a and k per dimension (eq. 6) in registers, then the "
        "weights of one message at a time, one port per cycle. It holds no packets.\n\n"
     << "| figure | hc_weight_unit | paper's prototype (XC4013) |\n|---|---|---|\n"
     << "| generic yosys cells | " << wu.cells << " | " << kProtoCells << " " << kProtoCellUnit
     << " (another library) |\n"
     << "| iCE40 LUT4 / flip-flops | " << wu.luts << " / " << wu.ffs << " | |\n";
  if (xilinx)
    md << "| 7-series cells (synth_xilinx) | " << wu.xcells << " (" << wu.xluts << " LUTs) | "
       << kProtoCells << " " << kProtoCellUnit << " (another family) |\n";
  if (pnr) {
    md << "| pins | " << wu.pins << " | " << kProtoPins << " |\n";
    if (wu.pnr.placed)
      md << "| HX8K logic cells, placed | " << wu.pnr.lcs << " of " << kHx8kLcs
         << " | 98% of the XC4013 |\n"
         << "| Fmax, placed and routed | " << fmt(wu.pnr.fmax) << " MHz | " << kProtoMHz
         << " MHz, the clock it ran at (no Fmax given) |\n";
  }
  md << "| worst case at the origin (degree " << l.router_np << ") | "
     << at(wu.origin_cycles, kProtoOriginUs) << "| worst case at an intermediate node | "
     << at(wu.intermediate_cycles, kProtoIntermediateUs)
     << "| worst case at an intermediate node, one dimension | "
     << at(wu.one_dim_cycles, kProtoOneDimUs);
  return md.str();
}

nlohmann::ordered_json weightUnitJson(const WeightUnitFigures& wu) {
  nlohmann::ordered_json j;
  j["generic_cells"] = measured(wu.cells);
  j["ice40"] = {{"lut4", measured(wu.luts)},
                {"ff", measured(wu.ffs)},
                {"placed", wu.pnr.placed},
                {"placed_lcs", measured(wu.pnr.lcs)},
                {"fmax_mhz", measured(wu.pnr.fmax)}};
  j["xilinx"] = {{"luts", measured(wu.xluts)}, {"cells", measured(wu.xcells)}};
  j["pins"] = measured(wu.pins);
  j["origin_cycles"] = wu.origin_cycles;
  j["intermediate_cycles"] = wu.intermediate_cycles;
  j["one_dim_intermediate_cycles"] = wu.one_dim_cycles;
  return j;
}

std::string unitVerdict(const WeightUnitFigures& wu, const ProgLimits& l) {
  if (!isPrototypeLimits(l))
    return "The size target is judged at the prototype's limits: `synth --router programmable` "
           "with the default limits.";
  return std::string(
             "At the prototype's limits (4 dimensions, 15 nodes, degree 16) the target, "
             "the prototype's configuration in fewer cells than its 2106, is ") +
         (wu.cells > 0 && wu.cells < kProtoCells ? "met" : "missed") +
         " by hc_weight_unit: " + std::to_string(wu.cells) + " generic yosys cells against " +
         std::to_string(kProtoCells) + " " + kProtoCellUnit +
         ", two cell libraries, so a comparison of order only.";
}

SynthReport weightUnitReport(const WeightUnitFigures& wu, const RtlLayout& l, const SynthParams& p,
                             double secs) {
  std::ostringstream md;
  md << "# Synthesis report: hc_weight_unit\n\nTools: yosys `synth` / `synth_ice40`"
     << (p.xilinx ? " / `synth_xilinx`" : "")
     << (p.pnr ? ", nextpnr-ice40 --hx8k --package ct256" : "") << ". " << fmt(secs, "%.0f")
     << " s.\n"
     << weightUnitMarkdown(wu, l, p.xilinx, p.pnr) << "\n"
     << unitVerdict(wu, p.rtl.limits) << "\n";
  nlohmann::ordered_json js;
  js["router_kind"] = "programmable";
  js["prototype_limits"] = isPrototypeLimits(p.rtl.limits);
  js["weight_unit"] = weightUnitJson(wu);
  js["seconds"] = secs;
  return {md.str(), jsonLine(js) + "\n"};
}

}  // namespace tools
}  // namespace hypercast
