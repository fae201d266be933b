// The whole `synth` run: the RTL, the tools in a work folder, the report written to the out folder.
#include "tools/synth_flow.h"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <string>

#include "emit/hypercycle_rtl.h"
#include "emit/tool_files.h"
#include "tools/launcher.h"
#include "tools/router_report.h"
#include "tools/router_synth.h"
#include "tools/synth_work.h"
#include "tools/weight_unit_report.h"
#include "tools/weight_unit_synth.h"
#include "topology/hypercycle.h"
#include "util/error.h"
#include "util/interrupt.h"
#include "util/output_file.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace tools {

namespace {

// Writes the report into `out` and moves the tool logs from `work` to `out`/work.
void publishReport(const std::string& out, const std::string& work, const SynthReport& report) {
  writeOutputFiles(out, {{"synth_report.md", report.markdown}, {"synth_report.json", report.json}});
  std::error_code ec;
  fs::remove_all(out + "/work", ec);
  fs::rename(work, out + "/work", ec);
  if (ec) fs::remove_all(work, ec);
}

double secondsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

SynthReport synthesize(const NetworkDesc& net, const SynthParams& p, std::ostream* progress) {
  for (const char* tool : {"yosys", "nextpnr-ice40"}) {
    if (!p.pnr && std::string(tool) == "nextpnr-ice40") continue;
    if (findProgram(tool).empty()) {
      throw Error(std::string(tool) + " is not installed (run scripts/install_deps.sh)");
    }
  }
  checkOutputFolder("--out", p.out, {"synth_report.md", "synth_report.json"});  // before any work
  // The folder `generate` writes for the same options: its SDC holds p.freq.
  FolderOptions folder;
  folder.endpoints = p.endpoints;
  folder.target_mhz = static_cast<int>(p.freq);
  const HypercycleRtl rtl = emitHypercycleNetwork(net, p.rtl, folder);
  const SynthWork work{workFolderBeside(p.out, ::getpid()), progress, p.pnr_limit_min};
  std::error_code ec;
  fs::remove_all(work.dir, ec);
  // Removed on an error or an interrupt, with any folder made above it for it;
  // on success it becomes OUT/work.
  interrupt::TempPath made = guardMissingFolders(fs::path(work.dir).parent_path().string());
  interrupt::TempPath work_guard(work.dir, /*tree=*/true);
  writeOutputFiles(work.dir, rtl.files);
  // The clock target, nextpnr's and the report's, is the one the SDC file asks for.
  SynthParams q = p;
  q.sdc = Hypercycle::of(net).name() + ".sdc";
  q.freq = std::llround(sdcClockMhz(readFile(work.dir + "/" + q.sdc)));
  const auto t0 = std::chrono::steady_clock::now();
  SynthReport report;
  if (q.weight_unit_only) {
    const WeightUnitFigures wu = synthWeightUnit(work, rtl.layout, q);
    report = weightUnitReport(wu, rtl.layout, q, secondsSince(t0));
  } else {
    const RouterFigures f = synthRouter(work, net, rtl, q);
    WeightUnitFigures wu;
    if (q.rtl.router == RouterKind::kProgrammable) wu = synthWeightUnit(work, rtl.layout, q);
    report = routerReport(net, rtl, q, f, wu, secondsSince(t0));
  }
  publishReport(p.out, work.dir, report);
  work_guard.release();
  made.release();
  return report;
}

}  // namespace tools
}  // namespace hypercast
