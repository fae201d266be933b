// `hypercast synth`: its options and help, argv to tools::SynthParams, the report printed.
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "flow/network_args.h"
#include "tools/synth_flow.h"
#include "util/error.h"

namespace hypercast {
namespace cli {

CommandHelp synthHelp() {
  return {"hypercast synth [--m ... --rho ...] --out DIR [options]",
          "Synthesizes the network's router with yosys (generic cells; iCE40 LUT4s,\n"
          "flip-flops, block RAMs), places and routes it on an iCE40 HX8K with nextpnr\n"
          "(Fmax; the router's I/O goes through a shift-register wrapper so that it fits\n"
          "the pins), estimates the whole network's iCE40 size, and writes a report\n"
          "(Markdown and JSON) beside the paper's XC4013 prototype. Needs yosys and\n"
          "nextpnr-ice40 (scripts/install_deps.sh installs them).\n",
          ""};
}

namespace {

struct PnrSeeds {
  long long first = 1, count = 1;
};

// "S" or "S-T": placement seeds S..T.
PnrSeeds parsePnrSeeds(const std::string& text) {
  const size_t dash = text.find('-', 1);
  PnrSeeds s;
  s.first = parseInt("--pnr-seeds", text.substr(0, dash));
  const long long last =
      dash == std::string::npos ? s.first : parseInt("--pnr-seeds", text.substr(dash + 1));
  if (s.first < 0 || s.first > 1000000 || last < s.first || last - s.first >= 100) {
    throw Error("--pnr-seeds takes S or S-T with 0 <= S <= T <= S+99 and S <= 1000000, got '" +
                text + "'");
  }
  s.count = last - s.first + 1;
  return s;
}

}  // namespace

int cmdSynth(const Args& a) {
  if (!a.has("out")) throw Error("synth needs --out DIR");
  const NetworkDesc net = parseNetwork(a);
  tools::SynthParams p;
  p.rtl = parseRtlOptions(a);
  p.freq = a.getInt("freq", 100, 1, 1000);
  const PnrSeeds seeds = parsePnrSeeds(a.get("pnr-seeds", "1"));
  p.seed = seeds.first;
  p.seeds = seeds.count;
  p.pnr = !a.has("no-pnr");
  for (const char* opt : {"pnr-seeds", "freq"}) {
    if (!p.pnr && a.has(opt)) {
      throw Error(std::string("--") + opt +
                  " is a place-and-route option; it does not apply with --no-pnr");
    }
  }
  p.weight_unit_only = a.has("weight-unit-only");
  if (p.weight_unit_only && p.rtl.router != RouterKind::kProgrammable) {
    throw Error("--weight-unit-only needs --router programmable");
  }
  p.xilinx = a.has("xilinx");
  p.out = a.get("out");
  // yosys and nextpnr-ice40, the report beside the paper's XC4013 (Sec. 4.1).
  return printReport(textReport(tools::synthesize(net, p, /*progress=*/&std::cerr).markdown));
}

}  // namespace cli
}  // namespace hypercast
