// The report on the synthesized router and network beside the prototype (Markdown and JSON).
#include "tools/router_report.h"

#include <algorithm>
#include <sstream>
#include <vector>

#include "tools/nextpnr.h"
#include "tools/router_synth.h"
#include "tools/weight_unit_report.h"
#include "tools/yosys_synth.h"
#include "topology/hypercycle.h"
#include "util/json_text.h"

namespace hypercast {
namespace tools {

namespace {

// Which whole top: the plain one or the AXI4-Stream one.
std::string topKind(const SynthParams& p) {
  return p.endpoints == Endpoints::kAxis
             ? "AXI4-Stream endpoints: the routers behind hc_axis_endpoint ejection queues"
             : "native delivery lanes: inj_*/dlv_*";
}

std::string routerKind(const RtlOptions& o) {
  return o.router == RouterKind::kHardwired
             ? std::string("hardwired router, ")
             : "programmable router (up to " + std::to_string(o.limits.max_dims) +
                   " dimensions of up to " + std::to_string(o.limits.max_radix) +
                   " nodes, degree " + std::to_string(o.limits.max_degree) +
                   ", configured at start-up), ";
}

std::string markdown(const Hypercycle& h, const HypercycleRtl& rtl, const SynthParams& p,
                     const RouterFigures& f, const WeightUnitFigures& wu, double secs,
                     const SeedSpread& spread, const SeedSpread& net_spread) {
  const RtlOptions& o = p.rtl;
  const bool prog = o.router == RouterKind::kProgrammable;
  const PnrResult& rp = f.router.best;
  const PnrResult& np = f.network.best;
  const long long freq = p.freq, seed = p.seed, seeds = p.seeds;
  // Time per hop: hop_cycles clock periods at Fmax (docs/hardware.md "Two-cycle hop").
  const int hop = o.hop_cycles;
  const std::string hop_cycles = std::to_string(hop) + (hop == 1 ? " cycle" : " cycles");
  const double ns = rp.fmax > 0 ? 1000.0 * hop / rp.fmax : -1;
  const int d = h.diameter();
  std::ostringstream md;
  md << "# Synthesis report: " << rtl.router_module << "\n\n"
     << "Hypercycle G^{" << h.rhoList() << "}_{" << h.mList() << "}: " << h.nodes()
     << " nodes, degree " << h.degree() << ", diameter " << d << "; " << routerKind(o)
     << o.payload_width << "-bit payload, " << o.buffer_depth
     << (o.buffer_depth == 1 ? " flit" : " flits") << " per input VC, " << toString(o.arbitration)
     << " arbitration, " << hop_cycles << " per hop.\n"
     << "Whole top: " << (p.endpoints == Endpoints::kAxis ? rtl.axis_top_module : rtl.top_module)
     << " (" << topKind(p) << "). Clock target: " << target(p) << ".\n"
     << "Tools: yosys `synth` / `" << kIce40SynthAbc9 << "`"
     << (p.xilinx ? " / `synth_xilinx`" : "")
     << (p.pnr ? ", " + nextpnrSettingsText(freq, kRouterPlacerTimingWeight) + " --seed " +
                     (seeds > 1 ? std::to_string(seed) + ".." + std::to_string(seed + seeds - 1)
                                : std::to_string(seed))
               : std::string())
     << ". " << fmt(secs, "%.0f") << " s.\n\n"
     << "| figure | this router | paper's prototype (XC4013) |\n|---|---|---|\n"
     << "| generic yosys cells | " << f.generic_cells << " | " << kProtoCells << " "
     << kProtoCellUnit << " (another library) |\n"
     << "| iCE40 LUT4 | " << f.luts << " | |\n| iCE40 flip-flops | " << f.ffs << " | |\n"
     << "| iCE40 carry cells | " << f.carries << " | |\n| iCE40 block RAMs | " << f.brams
     << " | |\n";
  if (p.xilinx)
    md << "| 7-series LUTs (synth_xilinx) | " << f.xilinx_luts << " (" << f.xilinx_ffs
       << " FFs) | |\n";
  if (p.pnr && !rp.placed) {
    md << "| HX8K logic cells (with I/O wrapper) | " << rp.lcs << " of " << kHx8kLcs
       << ": does not fit, not placed | 98% of the XC4013 |\n";
  }
  if (p.pnr && rp.placed) {
    md << "| HX8K logic cells, placed (with I/O wrapper) | " << rp.lcs << " of " << kHx8kLcs
       << " | 98% of the XC4013 |\n"
       << "| Fmax, placed and routed | " << fmt(rp.fmax) << " MHz (target " << p.freq << " MHz"
       << (spread.text.empty() ? "" : "; " + spread.text) << ") | " << kProtoMHz
       << " MHz, the clock it ran at (no Fmax given) |\n"
       << "| latency per hop | " << hop_cycles << " = " << fmt(ns, "%.2f") << " ns | "
       << "origin 5 us, intermediate 4 us worst case (4 dims, degree 16); 0.6 us one dimension |\n"
       << "| lone broadcast, diameter " << d << " | " << counted(hop * d, "cycle", "cycles")
       << " = " << fmt(d * ns, "%.0f") << " ns | |\n";
  }
  md << "| pins | router I/O through a 1-pin shift register (placement only) | " << kProtoPins
     << " |\n"
     << "| whole network on iCE40 (N x router, estimate) | " << f.network_lcs
     << " logic cells: " << (f.network_lcs <= kHx8kLcs ? "fits" : "does not fit") << " an HX8K ("
     << kHx8kLcs << ") | |\n";
  const std::string whole = "whole network, " + f.network_top;
  if (!f.network_top.empty()) {
    md << "| " << whole << ": iCE40 LUT4 / flip-flops / carry / block RAMs | " << f.network_luts
       << " / " << f.network_ffs << " / " << f.network_carries << " / " << f.network_brams
       << " | |\n";
  }
  if (f.network_tried && np.placed) {
    md << "| " << whole << ", placed and routed (with I/O wrapper) | " << np.lcs << " of "
       << kHx8kLcs << " logic cells, Fmax " << fmt(np.fmax) << " MHz (target " << p.freq << " MHz"
       << (net_spread.text.empty() ? "" : "; " + net_spread.text) << ") | |\n";
  } else if (f.network_tried && np.failed) {
    md << "| " << whole << ", placed and routed (with I/O wrapper) | not placed: nextpnr-ice40 "
       << "failed (" << np.failure << (p.seeds > 1 ? ", at every seed" : "") << ") | |\n";
  } else if (f.network_tried) {
    md << "| " << whole << ", placed and routed (with I/O wrapper) | needs " << np.lcs << " of "
       << kHx8kLcs << " logic cells: does not fit, not placed | |\n";
  } else if (p.pnr && !f.network_top.empty()) {
    md << "| " << whole << ", placed and routed | not tried: its cells are over twice the HX8K"
       << " | |\n";
  } else if (p.pnr) {
    md << "| whole network, placed and routed | not tried: the estimate is over twice the HX8K"
       << (h.nodes() > 64 ? " or N > 64" : "") << " | |\n";
  }
  if (prog) md << weightUnitMarkdown(wu, rtl.layout, p.xilinx, p.pnr);
  md << "\n"
     << "Targets: " << hop_cycles << " per hop: met by construction ("
     << (rtl.layout.payloadFromHeads()
             ? "every router output comes from registers, origin and payload through an AND-OR "
               "of the VC registers"
             : "every router output is a register")
     << "; cosim measures " << (hop == 1 ? "diameter" : std::to_string(hop) + " x diameter")
     << " cycles for a lone broadcast). ";
  if (p.pnr && rp.placed) {
    md << "Fmax " << fmt(rp.fmax) << " MHz" << (spread.text.empty() ? "" : " (" + spread.text + ")")
       << " against the target " << target(p) << ": " << verdict(rp.fmax, p) << ". ";
    if (f.network_tried && np.placed) {
      md << "The whole network (" << f.network_top << ") " << fmt(np.fmax) << " MHz"
         << (net_spread.text.empty() ? "" : " (median " + fmt(net_spread.median) + " MHz)") << ": "
         << verdict(np.fmax, p) << ". ";
    }
  } else if (p.pnr) {
    md << "Fmax: not measured, the router and its I/O wrapper need " << rp.lcs
       << " logic cells, more than the HX8K's " << kHx8kLcs << ". ";
  }
  auto against = [&](long long cells) {
    return std::to_string(cells) + " generic yosys cells (" +
           (cells < kProtoCells
                ? std::string("fewer")
                : fmt(static_cast<double>(cells) / kProtoCells, "%.1f") + "x more") +
           ")";
  };
  md << "Cells against the prototype's " << kProtoCells << " " << kProtoCellUnit
     << " (another library than yosys's generic cells: a comparison of order only): ";
  if (prog) md << "the prototype's module (hc_weight_unit) " << against(wu.cells) << "; ";
  md << "the whole router with its buffers and crossbar, which the prototype did not have, "
     << against(f.generic_cells) << ". ";
  md << (prog ? unitVerdict(wu, o.limits) : std::string()) << "\n";
  return md.str();
}

nlohmann::ordered_json json(const Hypercycle& h, const HypercycleRtl& rtl, const SynthParams& p,
                            const RouterFigures& f, const WeightUnitFigures& wu, double secs,
                            const SeedSpread& spread, const SeedSpread& net_spread) {
  const RtlOptions& o = p.rtl;
  const bool prog = o.router == RouterKind::kProgrammable;
  const PnrResult& rp = f.router.best;
  const int hop = o.hop_cycles;
  const double ns = rp.fmax > 0 ? 1000.0 * hop / rp.fmax : -1;
  std::vector<int> ms, rhos;  // the paper's order: dimension r first
  for (int i = h.dims(); i >= 1; --i) {
    ms.push_back(h.dim(i).m);
    rhos.push_back(h.dim(i).rho);
  }
  nlohmann::ordered_json js;
  js["router"] = rtl.router_module;
  js["top"] = p.endpoints == Endpoints::kAxis ? rtl.axis_top_module : rtl.top_module;
  js["endpoints"] = p.endpoints == Endpoints::kAxis ? "axis" : "native";
  js["sdc"] = p.sdc;
  js["m"] = ms;
  js["rho"] = rhos;
  js["nodes"] = h.nodes();
  js["degree"] = h.degree();
  js["payload_width"] = o.payload_width;
  js["buffer_depth"] = o.buffer_depth;
  js["arbitration"] = toString(o.arbitration);
  js["generic_cells"] = measured(f.generic_cells);
  nlohmann::ordered_json ice40j;
  ice40j["lut4"] = measured(f.luts);
  ice40j["ff"] = measured(f.ffs);
  ice40j["carry"] = measured(f.carries);
  ice40j["bram"] = measured(f.brams);
  ice40j["placed"] = rp.placed;
  ice40j["placed_lcs"] = measured(rp.lcs);
  ice40j["fmax_mhz"] = measured(rp.fmax);
  ice40j["target_mhz"] = p.freq;
  ice40j["target_met"] = targetMet(rp, p);
  ice40j["seed"] = f.router.best_seed;
  ice40j["fmax_median_mhz"] = measured(spread.median);
  ice40j["seeds"] = seedsJson(f.router.fmax);
  js["ice40"] = ice40j;
  js["xilinx"] = {{"luts", measured(f.xilinx_luts)}, {"ff", measured(f.xilinx_ffs)}};
  js["hop_cycles"] = hop;
  js["hop_ns"] = measured(ns);
  js["network_lcs_estimate"] = f.network_lcs;
  js["network_fits_hx8k"] = f.network_lcs <= kHx8kLcs;
  nlohmann::ordered_json nij;
  nij["lut4"] = measured(f.network_luts);
  nij["ff"] = measured(f.network_ffs);
  nij["carry"] = measured(f.network_carries);
  nij["bram"] = measured(f.network_brams);
  js["network_ice40"] = nij;
  const PnrResult& np = f.network.best;
  nlohmann::ordered_json npj;
  npj["tried"] = f.network_tried;
  npj["placed"] = np.placed;
  npj["lcs"] = measured(np.lcs);
  npj["fmax_mhz"] = measured(np.fmax);
  npj["failure"] = np.failed ? nlohmann::ordered_json(np.failure) : nlohmann::ordered_json(nullptr);
  npj["target_met"] = targetMet(np, p);
  npj["seed"] = f.network.best_seed;
  npj["fmax_median_mhz"] = measured(net_spread.median);
  npj["seeds"] = seedsJson(f.network.fmax);
  js["network_pnr"] = npj;
  js["router_kind"] = toString(o.router);
  js["prototype_limits"] = prog && isPrototypeLimits(o.limits);
  js["weight_unit"] = prog ? weightUnitJson(wu) : nlohmann::ordered_json(nullptr);
  nlohmann::ordered_json proto;
  proto["device"] = "XC4013";
  proto["cells"] = kProtoCells;
  proto["pins"] = kProtoPins;
  proto["mhz"] = kProtoMHz;
  proto["origin_us"] = kProtoOriginUs;
  proto["intermediate_us"] = kProtoIntermediateUs;
  proto["one_dim_intermediate_us"] = kProtoOneDimUs;
  js["prototype"] = proto;
  js["seconds"] = secs;
  return js;
}

}  // namespace

SynthReport routerReport(const NetworkDesc& net, const HypercycleRtl& rtl, const SynthParams& p,
                         const RouterFigures& f, const WeightUnitFigures& wu, double secs) {
  const SeedSpread spread = seedSpread(f.router, p), net_spread = seedSpread(f.network, p);
  const Hypercycle h = Hypercycle::of(net);
  return {markdown(h, rtl, p, f, wu, secs, spread, net_spread),
          jsonLine(json(h, rtl, p, f, wu, secs, spread, net_spread)) + "\n"};
}

}  // namespace tools
}  // namespace hypercast
