// The whole `synth` run: the RTL, the tools in a work folder, the report written to the out folder.
#pragma once

#include <ostream>

#include "tools/synth_params.h"
#include "tools/synth_report.h"
#include "topology/network.h"

namespace hypercast {
namespace tools {

// Refuses a missing yosys (or nextpnr-ice40 with p.pnr) and an out folder that
// cannot take the report before any work; emits the folder `generate` writes
// (p.rtl, p.endpoints, the SDC file <name>.sdc for a p.freq clock) into
// <out>.work-<pid> (removed on an error or an interrupt), takes the clock target
// from that SDC file (nextpnr's --freq and the report's), synthesizes the router
// (or, with p.weight_unit_only, hc_weight_unit alone), writes synth_report.md and
// synth_report.json into p.out and moves the work folder to <out>/work. Each tool
// run is announced on `progress` (nullptr: silent). Returns the report.
SynthReport synthesize(const NetworkDesc& net, const SynthParams& p, std::ostream* progress);

}  // namespace tools
}  // namespace hypercast
