// `hypercast synth`: its options and help; the flow table's synth step does the work.
#include "cli/commands.h"
#include "flow/flow.h"
#include "util/error.h"

namespace hypercast {
namespace cli {

CommandHelp synthHelp() {
  return {"hypercast synth [network options] [--collective C] --out DIR [options]",
          "Synthesizes the RTL `generate` writes for the same options with yosys\n"
          "(synth_ice40: iCE40 LUT4s, flip-flops, carry cells, block RAMs), places and\n"
          "routes it on an iCE40 HX8K with nextpnr-ice40 (Fmax; the design's I/O goes\n"
          "through a shift-register wrapper so that it fits the pins) and writes a report\n"
          "(DIR/synth_report.md, printed, and DIR/synth_report.json). Every kind of network:\n"
          "  hypercycle, no --collective: the weight-based router (and the whole top\n"
          "    when it may fit: <name>_top, or with --endpoints axis <name>_axis_top with\n"
          "    its AXI4-Stream endpoints) beside the paper's XC4013 prototype; the clock\n"
          "    target is the one of the SDC file <name>.sdc (--target-mhz), as generate\n"
          "    writes it, and the report says whether Fmax meets it;\n"
          "  --collective C on any topology: the schedule-ROM network;\n"
          "  a mesh of equal power-of-two sides (no links removed), --collective\n"
          "  broadcast: the wormhole mesh;\n"
          "  --collective global-sum|accumulation on a Cayley graph: the combining nodes.\n"
          "For the last three the largest node (its instances in the top) is synthesized\n"
          "and placed alone, and the whole network too when it may fit an HX8K.\n"
          "Needs yosys and nextpnr-ice40 (scripts/install_deps.sh installs them).\n",
          ""};
}

int cmdSynth(const Args& a) {
  if (!a.has("out")) throw Error("synth needs --out DIR");
  return printReport(flow::runStep(a, flow::Step::kSynth));
}

}  // namespace cli
}  // namespace hypercast
