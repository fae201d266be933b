#include "flow/synth_steps.h"

#include <iostream>
#include <string>

#include "emit/schedule_rtl.h"
#include "emit/tool_files.h"
#include "flow/checked_schedule.h"
#include "flow/collective_options.h"
#include "flow/combining.h"
#include "flow/flow.h"
#include "flow/router_network.h"
#include "flow/router_options.h"
#include "flow/schedule_network.h"
#include "flow/target_clock.h"
#include "flow/wormhole_mesh.h"
#include "tools/network_synth.h"
#include "tools/synth_flow.h"
#include "util/error.h"
#include "util/parse_number.h"

namespace hypercast {
namespace flow {

namespace {

// --out, --target-mhz, --pnr-seeds, --pnr-time-limit and --no-pnr, as every kind takes them.
tools::SynthParams synthParams(const Params& a) {
  if (!a.has("out")) throw Error("synth needs --out DIR");
  tools::SynthParams p;
  p.out = a.get("out");
  p.freq = targetMhz(a);
  // "S" or "S-T": placement seeds S..T.
  const std::string text = a.get("pnr-seeds", "1");
  const size_t dash = text.find('-', 1);
  p.seed = parseInt("--pnr-seeds", text.substr(0, dash));
  const long long last =
      dash == std::string::npos ? p.seed : parseInt("--pnr-seeds", text.substr(dash + 1));
  if (p.seed < 0 || p.seed > 1000000 || last < p.seed || last - p.seed >= 100) {
    throw Error("--pnr-seeds takes S or S-T with 0 <= S <= T <= S+99 and S <= 1000000, got '" +
                text + "'");
  }
  p.seeds = last - p.seed + 1;
  p.pnr = !a.has("no-pnr");
  if (a.has("pnr-time-limit")) {
    p.pnr_limit_min = parseDecimal("--pnr-time-limit", a.get("pnr-time-limit"), 0, 10000);
  }
  for (const char* opt : {"pnr-seeds", "target-mhz", "pnr-time-limit"}) {
    if (!p.pnr && a.has(opt)) {
      throw Error(std::string("--") + opt +
                  " is a place-and-route option; it does not apply with --no-pnr");
    }
  }
  return p;
}

// A network of nodes: refuses the router's own synth options and synthesizes `d`.
CommandReport synthNodes(const Params& a, const tools::NetworkDesign& d) {
  for (const char* opt : {"xilinx", "weight-unit-only"}) {
    if (a.has(opt)) {
      throw Error(std::string("--") + opt + " applies to the hypercycle router only, not to a " +
                  d.kind);
    }
  }
  const tools::SynthParams p = synthParams(a);
  checksDone();
  return textReport(tools::synthesizeNetwork(d, p, /*progress=*/&std::cerr).markdown);
}

}  // namespace

CommandReport routerSynth(const Params& a) {
  const NetworkDesc net = parseNetwork(a);
  refuseCollectiveOptions(a, /*source_is_origin=*/false);
  tools::SynthParams p = synthParams(a);
  p.rtl = parseRtlOptions(a);
  p.weight_unit_only = a.has("weight-unit-only");
  if (p.weight_unit_only && p.rtl.router != RouterKind::kProgrammable) {
    throw Error("--weight-unit-only needs --router programmable");
  }
  p.xilinx = a.has("xilinx");
  p.endpoints = parseEndpoints(a);  // the emitter refuses it with the programmable router
  checksDone();
  // yosys and nextpnr-ice40, the report beside the paper's XC4013 (Sec. 4.1).
  return textReport(tools::synthesize(net, p, /*progress=*/&std::cerr).markdown);
}

CommandReport scheduleSynth(const Params& a) {
  refuseHypercycleRouterOptions(a);
  const int pw = static_cast<int>(a.getInt("payload-width", 32, 1, 64));
  const uint32_t clocks = clocksPerStep(a);
  const CheckedSchedule c = buildCheckedSchedule(readScheduleRequest(a, true, "synth"));
  const ScheduleRtl rtl =
      emitCheckedScheduleNetwork(c, pw, a.has("shared-rom"), clocks, targetMhz(a));
  tools::NetworkDesign d;
  d.kind = "schedule-network";
  const std::string collective = toString(c.schedule.collective);
  d.title = c.net.label + ", " + collective + " on schedule-ROM nodes (" +
            std::to_string(c.schedule.steps) + " steps" +
            (clocks > 1 ? " of " + std::to_string(clocks) + " clocks" : std::string()) + ", " +
            std::to_string(pw) + "-bit payload, " + toString(c.schedule.links) + " links" +
            (rtl.shared_rom ? ", one shared ROM" : "") + ")";
  d.top = rtl.top_module;
  d.files = rtl.files;
  d.verilog_files = rtl.verilog_files;
  d.nodes = c.graph.nodes();
  d.facts["topology"] = c.net.topology;
  d.facts["network"] = c.net.label;
  d.facts["collective"] = collective;
  d.facts["steps"] = c.schedule.steps;
  d.facts["clocks_per_step"] = clocks;
  d.facts["payload_width"] = pw;
  d.facts["shared_rom"] = rtl.shared_rom;
  d.facts["links"] = toString(c.schedule.links);
  const uint32_t ports = static_cast<uint32_t>(c.graph.ports());
  const NetworkProgram& prog = rtl.program;
  if (clocks < ports && prog.banks > 1) {
    const std::string p = std::to_string(ports);
    d.fit_hint = "Its nodes' stores take " + std::to_string(prog.banks) + " banks (lower bound " +
                 std::to_string(prog.bank_bound) + "); at --clocks-per-step " + p +
                 " a node that uses its " + p +
                 " ports in a step writes and reads one packet a clock, and one bank is "
                 "enough when each packet is read once; a step then takes " +
                 p + " clocks instead of " + std::to_string(clocks) +
                 " (docs/hardware.md, \"Several clocks per step\").";
  }
  return synthNodes(a, d);
}

CommandReport wormholeSynth(const Params& a) {
  const WormholeMeshBuild b = buildWormholeMesh(a, "synth");
  const MeshRtl& r = b.rtl;
  tools::NetworkDesign d;
  d.kind = "wormhole-mesh";
  d.title = b.net.label + ", Cang & Wu's broadcast from node " + std::to_string(b.schedule.source) +
            " (" + b.schedule.algorithm + ") on wormhole mesh tiles (" +
            std::to_string(r.options.flits) + "-flit messages, " +
            std::to_string(r.options.payload_width) + "-bit payload)";
  d.top = r.top_module;
  d.files = r.files;
  d.verilog_files = r.verilog_files;
  d.nodes = b.net.nodes();
  d.facts["topology"] = b.net.topology;
  d.facts["network"] = b.net.label;
  d.facts["collective"] = "broadcast";
  d.facts["source"] = b.schedule.source;
  d.facts["algorithm"] = b.schedule.algorithm;
  d.facts["flits"] = r.options.flits;
  d.facts["payload_width"] = r.options.payload_width;
  return synthNodes(a, d);
}

CommandReport combiningSynth(const Params& a) {
  refuseHypercycleRouterOptions(a);
  const CombiningRtl rtl = buildCombiningRtl(a);
  tools::NetworkDesign d;
  d.kind = "combining-network";
  // ABC9 maps the combining nodes smaller and places them faster than the
  // default script (docs/results.md, "Networks of nodes on an iCE40").
  d.ice40_synth = tools::kIce40SynthAbc9;
  d.title = rtl.net.label + ", Faber's " + rtl.collective + " on combining nodes (" +
            std::to_string(rtl.steps) + " steps, " + std::string(toString(rtl.links)) + " links)";
  d.top = rtl.top;
  d.files = rtl.files;
  d.verilog_files = rtl.verilog_files;
  d.nodes = rtl.net.nodes();
  d.facts["topology"] = rtl.net.topology;
  d.facts["network"] = rtl.net.label;
  d.facts["collective"] = rtl.collective;
  d.facts["links"] = toString(rtl.links);
  d.facts["input_bits"] = a.getInt("input-bits", 16, 2, 48);
  return synthNodes(a, d);
}

}  // namespace flow
}  // namespace hypercast
