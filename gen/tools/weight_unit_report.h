// The report on hc_weight_unit beside the prototype (Markdown and JSON), alone or in the router's.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "emit/rtl_layout.h"
#include "tools/synth_params.h"
#include "tools/synth_report.h"
#include "tools/weight_unit_synth.h"

namespace hypercast {
namespace tools {

// ProgLimits' defaults are the prototype's limits (4 dimensions, 15 nodes, degree 16).
bool isPrototypeLimits(const ProgLimits& l);

// The section "The prototype's module: `hc_weight_unit`", its table of figures.
std::string weightUnitMarkdown(const WeightUnitFigures& wu, const RtlLayout& l, bool xilinx,
                               bool pnr);
nlohmann::ordered_json weightUnitJson(const WeightUnitFigures& wu);

// The size target, judged at the prototype's configuration.
std::string unitVerdict(const WeightUnitFigures& wu, const ProgLimits& l);

// synth --weight-unit-only: the whole report, `secs` the tools' time.
SynthReport weightUnitReport(const WeightUnitFigures& wu, const RtlLayout& l, const SynthParams& p,
                             double secs);

}  // namespace tools
}  // namespace hypercast
