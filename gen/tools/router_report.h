// The report on the synthesized router and network beside the prototype (Markdown and JSON).
#pragma once

#include "emit/hypercycle_rtl.h"
#include "tools/router_synth.h"
#include "tools/synth_params.h"
#include "tools/synth_report.h"
#include "tools/weight_unit_synth.h"
#include "topology/network.h"

namespace hypercast {
namespace tools {

// The whole report; `wu` is reported for a programmable router only, `secs` is the tools' time.
SynthReport routerReport(const NetworkDesc& net, const HypercycleRtl& rtl, const SynthParams& p,
                         const RouterFigures& f, const WeightUnitFigures& wu, double secs);

}  // namespace tools
}  // namespace hypercast
