// `synth`'s step of every kind of network (flow/flow.h): the same RTL as
// `generate` writes, through yosys and nextpnr-ice40 (tools/), the report
// written under --out and returned as the terminal's lines (synth_report.md).
//   router-network:    the router and, when it may fit, the whole top: the
//                      plain one or, with --endpoints axis, <name>_axis_top;
//                      the clock target is the one of the SDC file generate
//                      writes for --target-mhz (tools/synth_flow.h);
//   schedule-network,
//   wormhole-mesh,
//   combining-network: the largest node alone and the whole network
//                      (tools/network_synth.h).
#pragma once

#include "util/params.h"
#include "util/report_json.h"

namespace hypercast {
namespace flow {

CommandReport routerSynth(const Params& a);
CommandReport scheduleSynth(const Params& a);
CommandReport wormholeSynth(const Params& a);
CommandReport combiningSynth(const Params& a);

}  // namespace flow
}  // namespace hypercast
