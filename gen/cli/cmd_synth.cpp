// `hypercast synth`: FPGA area and speed of the generated router (and the size of
// the whole network), against the paper's XC4013 prototype (Sec. 4.1).
//   yosys `synth` (generic cells), `synth_ice40` (LUT4, flip-flops, block RAM),
//   nextpnr-ice40 on an HX8K (placed and routed Fmax), optionally `synth_xilinx`.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <vector>

#include "cli/commands.h"
#include "cli/network_args.h"
#include "emit/hypercycle_rtl.h"
#include "emit/router_config.h"
#include "emit/synth_wrapper.h"
#include "tools/launcher.h"
#include "util/error.h"
#include "util/interrupt.h"
#include "util/json_text.h"
#include "util/output_file.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace cli {

namespace {

// The prototype, Sec. 4.1: a Xilinx XC4013, "completely programmable", for up to
// 4 dimensions of 15 nodes and degree 16.
constexpr int kProtoCells = 2106;
constexpr int kProtoPins = 62;
constexpr double kProtoMHz = 25;
constexpr double kProtoOriginUs = 5.0, kProtoIntermediateUs = 4.0, kProtoOneDimUs = 0.6;
constexpr int kHx8kLcs = 7680;

// Sum of the counts of the cell types matching `type` (a regex) in yosys
// `stat`'s last block, which is the top's.
long long statSum(const std::string& stat, const std::string& type) {
  const size_t last = stat.rfind("Number of cells");
  const std::string block = last == std::string::npos ? stat : stat.substr(last);
  std::regex re("\\n\\s+(" + type + ")\\s+([0-9]+)");
  long long v = 0;
  for (auto it = std::sregex_iterator(block.begin(), block.end(), re); it != std::sregex_iterator();
       ++it) {
    v += std::stoll((*it)[2]);
  }
  return v;
}

long long totalCells(const std::string& stat) {
  std::regex re("Number of cells:\\s+([0-9]+)");
  long long v = -1;
  for (auto it = std::sregex_iterator(stat.begin(), stat.end(), re); it != std::sregex_iterator();
       ++it) {
    v = std::stoll((*it)[1]);
  }
  return v;
}

double jsonNum(const std::string& json, const std::string& re_text) {
  std::smatch m;
  if (!std::regex_search(json, m, std::regex(re_text))) return -1;
  return std::stod(m[1]);
}

// The lowest Fmax nextpnr achieved over the clocks of its --report JSON
// ({"fmax": {"<clock>": {"achieved": MHz, ...}}}), -1 if it gives none.
double achievedMhz(const std::string& report) {
  const nlohmann::json j = nlohmann::json::parse(report, nullptr, /*allow_exceptions=*/false);
  double best = -1;
  if (!j.is_object() || !j.contains("fmax") || !j["fmax"].is_object()) return best;
  for (const auto& clock : j["fmax"]) {
    if (!clock.is_object() || !clock.contains("achieved") || !clock["achieved"].is_number()) {
      continue;
    }
    const double f = clock["achieved"].get<double>();
    if (best < 0 || f < best) best = f;
  }
  return best;
}

struct PnrResult {
  bool placed = false;
  long long lcs = -1;  // logic cells nextpnr needs (reported even when it does not fit)
  double fmax = -1;
};

// nextpnr-ice40 on an HX8K (ct256) for the synthesized `json` in `work`; the
// report lands in `<tag>_pnr.json`, the log in `<tag>_nextpnr.log`.
PnrResult placeAndRoute(const std::string& work, const std::string& json, const std::string& tag,
                        long long freq, long long seed) {
  PnrResult r;
  const std::string log = tag + "_nextpnr.log";
  tools::RunOptions options;
  options.cwd = work;
  options.log = work + "/" + log;
  options.truncate_log = true;
  const tools::RunResult run = tools::runProcess(
      {"nextpnr-ice40", "--hx8k", "--package", "ct256", "--json", json, "--pcf-allow-unconstrained",
       "--timing-allow-fail", "--freq", std::to_string(freq), "--seed", std::to_string(seed),
       "--report", tag + "_pnr.json"},
      options);
  r.placed = run.ok();
  r.lcs = static_cast<long long>(
      jsonNum(tools::readFile(work + "/" + log), "ICESTORM_LC:\\s*([0-9]+)/"));
  if (r.placed) {
    r.fmax = achievedMhz(tools::readFile(work + "/" + tag + "_pnr.json"));
  } else if (r.lcs <= kHx8kLcs) {
    // The work folder goes away with the error: show the log's end.
    tools::printLogTail(work + "/" + log);
    throw Error("nextpnr-ice40 failed (" + run.status() + "); the end of its log is above");
  }
  return r;
}

std::string fmt(double v, const char* f = "%.1f") {
  char b[48];
  std::snprintf(b, sizeof b, f, v);
  return b;
}

// The prototype's own module, hc_weight_unit (configuration, eq. 6, and the
// weights of one message at a time), at the programmable router's limits: the
// like-for-like comparison with the prototype's 2106 cells. Its ~40 pins fit the
// HX8K directly, so it is placed and routed without a wrapper.
struct WeightUnitFigures {
  long long cells = -1, luts = -1, ffs = -1, xluts = -1, xcells = -1, pins = -1;
  PnrResult pnr;
  int origin_cycles = 0, intermediate_cycles = 0, one_dim_cycles = 0;
};

template <class Yosys>
WeightUnitFigures synthWeightUnit(const std::string& work, const RtlLayout& l, bool xilinx,
                                  bool pnr, long long freq, long long seed, Yosys yosys) {
  WeightUnitFigures w;
  std::string read =
      "read_verilog hw/hc_cfg_dims.v hw/hc_port_sweep.v hw/hc_weight_unit.v\nchparam";
  for (const auto& [name, value] : weightUnitParams(l))
    read += " -set " + name + " " + std::to_string(value);
  read += " hc_weight_unit\n";
  w.cells = totalCells(yosys(read + "synth -flatten -top hc_weight_unit\nselect -assert-none "
                                    "t:$*latch* t:$_DLATCH*\ntee -q -o wu_generic.stat stat\n",
                             "wu_generic"));
  const std::string ice = yosys(read +
                                    "synth_ice40 -top hc_weight_unit -json wu.json\ntee -q -o "
                                    "wu_ice40.stat stat\n",
                                "wu_ice40");
  w.luts = statSum(ice, "SB_LUT4");
  w.ffs = statSum(ice, "SB_DFF\\w*");
  if (xilinx) {
    const std::string xs =
        yosys(read + "synth_xilinx -flatten -top hc_weight_unit\ntee -q -o wu_xilinx.stat stat\n",
              "wu_xilinx");
    w.xluts = statSum(xs, "LUT\\w*");
    w.xcells = totalCells(xs);
  }
  if (pnr) {
    w.pnr = placeAndRoute(work, "wu.json", "weight_unit", freq, seed);
    w.pins = static_cast<long long>(
        jsonNum(tools::readFile(work + "/weight_unit_nextpnr.log"), "SB_IO:\\s*([0-9]+)/"));
  }
  // Cycles per message (hc_weight_unit.v): the origin walks every port; a received
  // message walks up to its arrival port and adds one for its continuation. The
  // largest one-dimensional degree within the limits is max-radix - 1.
  w.origin_cycles = l.router_np;
  w.intermediate_cycles = l.router_np + 1;
  w.one_dim_cycles = std::min(l.router_np, l.max_radix - 1) + 1;
  return w;
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
     << "| generic yosys cells | " << wu.cells << " | " << kProtoCells << " cells |\n"
     << "| iCE40 LUT4 / flip-flops | " << wu.luts << " / " << wu.ffs << " | |\n";
  if (xilinx)
    md << "| 7-series cells (synth_xilinx) | " << wu.xcells << " (" << wu.xluts << " LUTs) | "
       << kProtoCells << " primitive cells |\n";
  if (pnr) {
    md << "| pins | " << wu.pins << " | " << kProtoPins << " |\n";
    if (wu.pnr.placed)
      md << "| HX8K logic cells, placed | " << wu.pnr.lcs << " of " << kHx8kLcs
         << " | 98% of the XC4013 |\n"
         << "| Fmax, placed and routed | " << fmt(wu.pnr.fmax) << " MHz | " << kProtoMHz
         << " MHz |\n";
  }
  md << "| worst case at the origin (degree " << l.router_np << ") | "
     << at(wu.origin_cycles, kProtoOriginUs) << "| worst case at an intermediate node | "
     << at(wu.intermediate_cycles, kProtoIntermediateUs)
     << "| worst case at an intermediate node, one dimension | "
     << at(wu.one_dim_cycles, kProtoOneDimUs);
  return md.str();
}

// A figure, or null when it was not measured (the tools report none: -1 here).
nlohmann::ordered_json measured(long long v) {
  return v < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v);
}
nlohmann::ordered_json measured(double v) {
  return v < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v);
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

// ProgLimits' defaults are the prototype's limits (4 dimensions, 15 nodes, degree 16).
bool isPrototypeLimits(const ProgLimits& l) {
  const ProgLimits proto;
  return l.max_dims == proto.max_dims && l.max_radix == proto.max_radix &&
         l.max_degree == proto.max_degree;
}

// The size target, judged where the issue sets it: the prototype's configuration.
std::string unitVerdict(const WeightUnitFigures& wu, const ProgLimits& l) {
  if (!isPrototypeLimits(l))
    return "The size target is judged at the prototype's limits: `synth --router programmable` "
           "with the default limits.";
  return std::string(
             "At the prototype's limits (4 dimensions, 15 nodes, degree 16) the target, "
             "the prototype's configuration in fewer cells than its 2106, is ") +
         (wu.cells > 0 && wu.cells < kProtoCells ? "met" : "missed") +
         " by hc_weight_unit: " + std::to_string(wu.cells) + " generic cells.";
}

// Writes the report into `out`, moves the tool logs from `work` to `out`/work, and
// prints the Markdown.
void publishReport(const std::string& out, const std::string& work, const std::string& md,
                   const std::string& json) {
  writeOutputFiles(out, {{"synth_report.md", md}, {"synth_report.json", json}});
  std::error_code ec;
  fs::remove_all(out + "/work", ec);
  fs::rename(work, out + "/work", ec);
  if (ec) fs::remove_all(work, ec);
  std::cout << md;
}

}  // namespace

std::vector<OptionSpec> synthOptions() {
  return rtlCommandOptions({
      {"out", "DIR", "writes DIR/synth_report.md, DIR/synth_report.json and DIR/work/"},
      {"freq", "MHZ", "nextpnr clock target (default 100)"},
      {"seed", "N", "nextpnr placement seed (default 1)"},
      {"seeds", "K",
       "place and route the router with seeds N..N+K-1 and report the best, the median "
       "and the worst (default 1)"},
      {"xilinx", "", "also run yosys synth_xilinx (7-series LUT counts)"},
      {"no-pnr", "", "skip nextpnr (synthesis figures only)"},
      {"weight-unit-only", "",
       "with --router programmable: only hc_weight_unit, the prototype's module, at the limits"},
  });
}

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

int cmdSynth(const Args& a) {
  if (!a.has("out")) throw Error("synth needs --out DIR");
  const Hypercycle h = parseNetwork(a);
  const RtlOptions o = parseRtlOptions(a);
  const long long freq = a.getInt("freq", 100, 1, 1000);
  const long long seed = a.getInt("seed", 1, 0, 1000000);
  const long long seeds = a.getInt("seeds", 1, 1, 100);
  const bool pnr = !a.has("no-pnr");
  for (const char* opt : {"seeds", "seed", "freq"}) {
    if (!pnr && a.has(opt)) {
      throw Error(std::string("--") + opt +
                  " is a place-and-route option; it does not apply with --no-pnr");
    }
  }
  const bool prog = o.router == RouterKind::kProgrammable;
  const bool unit_only = a.has("weight-unit-only");
  if (unit_only && !prog) throw Error("--weight-unit-only needs --router programmable");
  for (const char* tool : {"yosys", "nextpnr-ice40"}) {
    if (!pnr && std::string(tool) == "nextpnr-ice40") continue;
    if (tools::findProgram(tool).empty()) {
      throw Error(std::string(tool) + " is not installed (run scripts/install_deps.sh)");
    }
  }
  const std::string out = a.get("out");
  checkOutputFolder("--out", out);  // before any work
  const HypercycleRtl rtl = emitHypercycleNetwork(h, o);
  const std::string work = out + ".work-" + std::to_string(::getpid());
  std::error_code ec;
  fs::remove_all(work, ec);
  // Removed on an error or an interrupt; on success it becomes OUT/work.
  interrupt::TempPath work_guard(work, /*tree=*/true);
  writeOutputFiles(work, rtl.files);
  const std::string router = rtl.router_module;
  const std::string routerKind =
      o.router == RouterKind::kHardwired
          ? std::string("hardwired router, ")
          : "programmable router (up to " + std::to_string(o.limits.max_dims) +
                " dimensions of up to " + std::to_string(o.limits.max_radix) + " nodes, degree " +
                std::to_string(o.limits.max_degree) + ", configured at start-up), ";
  std::string files;
  for (const auto& f : rtl.verilog_files) {
    if (f.find(rtl.top_module) == std::string::npos) files += " " + f;
  }
  const auto t0 = std::chrono::steady_clock::now();
  auto yosys = [&](const std::string& script, const std::string& name) {
    std::ofstream(work + "/" + name + ".ys") << script;
    tools::runLogged({"yosys", "-q", "-s", name + ".ys"}, work + "/" + name + ".log",
                     "yosys (" + name + ")", work, /*log_kept=*/false);
    return tools::readFile(work + "/" + name + ".stat");
  };
  if (unit_only) {
    const WeightUnitFigures wu =
        synthWeightUnit(work, rtl.layout, a.has("xilinx"), pnr, freq, seed, yosys);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::ostringstream md;
    md << "# Synthesis report: hc_weight_unit\n\nTools: yosys `synth` / `synth_ice40`"
       << (a.has("xilinx") ? " / `synth_xilinx`" : "")
       << (pnr ? ", nextpnr-ice40 --hx8k --package ct256" : "") << ". " << fmt(secs, "%.0f")
       << " s.\n"
       << weightUnitMarkdown(wu, rtl.layout, a.has("xilinx"), pnr) << "\n"
       << unitVerdict(wu, o.limits) << "\n";
    nlohmann::ordered_json js;
    js["router_kind"] = "programmable";
    js["prototype_limits"] = isPrototypeLimits(o.limits);
    js["weight_unit"] = weightUnitJson(wu);
    js["seconds"] = secs;
    publishReport(out, work, md.str(), jsonLine(js) + "\n");
    work_guard.release();
    return 0;
  }
  {
    std::ofstream w(work + "/rtl/" + router + "_synth_wrap.v");
    w << routerSynthWrapper(h, rtl.layout, router);
  }
  const std::string generic =
      yosys("read_verilog" + files + "\nsynth -flatten -top " + router +
                "\nselect -assert-none t:$*latch* t:$_DLATCH*\ntee -q -o generic.stat stat\n",
            "generic");
  const std::string ice = yosys(
      "read_verilog" + files + "\nsynth_ice40 -top " + router + "\ntee -q -o ice40.stat stat\n",
      "ice40");
  const long long gen_cells = totalCells(generic);
  const long long luts = statSum(ice, "SB_LUT4");
  const long long carries = statSum(ice, "SB_CARRY");
  const long long ffs = statSum(ice, "SB_DFF\\w*");
  const long long brams = statSum(ice, "SB_RAM40\\w*");
  long long xlut = -1, xff = -1;
  if (a.has("xilinx")) {
    const std::string xs = yosys("read_verilog" + files + "\nsynth_xilinx -flatten -top " + router +
                                     "\ntee -q -o xilinx.stat stat\n",
                                 "xilinx");
    xlut = statSum(xs, "LUT\\w*");
    xff = statSum(xs, "FD\\w*");
  }
  // The whole network on iCE40: the routers' LUTs and flip-flops, N of them (the
  // top adds only wires).
  const long long net_lcs = static_cast<long long>(h.nodes()) * std::max(luts, ffs);
  PnrResult rp, np;  // the router alone (the best seed), the whole network
  std::vector<std::pair<long long, double>> sweep;  // (seed, Fmax) of the router
  long long best_seed = seed;
  // The whole network is placed too when the N x router estimate leaves a chance
  // that it fits (nextpnr then reports the real count either way).
  const bool try_net = pnr && net_lcs <= 2 * kHx8kLcs && h.nodes() <= 64;
  if (pnr) {
    yosys("read_verilog" + files + " rtl/" + router + "_synth_wrap.v\nsynth_ice40 -top " + router +
              "_synth_wrap -json wrap.json\ntee -q -o wrap.stat stat\n",
          "wrap");
    if (seeds == 1) {
      rp = placeAndRoute(work, "wrap.json", "router", freq, seed);
      sweep.push_back({seed, rp.fmax});
    } else {
      // Every seed keeps its own log; the best one's become router_nextpnr.log and
      // router_pnr.json.
      for (long long s = seed; s < seed + seeds; ++s) {
        const std::string tag = "router_seed" + std::to_string(s);
        const PnrResult r = placeAndRoute(work, "wrap.json", tag, freq, s);
        sweep.push_back({s, r.fmax});
        if (s == seed || r.fmax > rp.fmax) {
          rp = r;
          best_seed = s;
        }
        if (!r.placed) break;  // does not fit: no seed will
      }
      const std::string tag = "router_seed" + std::to_string(best_seed);
      fs::copy_file(work + "/" + tag + "_nextpnr.log", work + "/router_nextpnr.log", ec);
      if (rp.placed) fs::copy_file(work + "/" + tag + "_pnr.json", work + "/router_pnr.json", ec);
    }
  }
  if (try_net) {
    const std::string top = rtl.top_module;
    std::ofstream(work + "/rtl/" + top + "_synth_wrap.v")
        << networkSynthWrapper(h, rtl.layout, top);
    std::string all;
    for (const auto& f : rtl.verilog_files) all += " " + f;
    yosys("read_verilog" + all + " rtl/" + top + "_synth_wrap.v\nsynth_ice40 -top " + top +
              "_synth_wrap -json net.json\ntee -q -o net.stat stat\n",
          "net");
    np = placeAndRoute(work, "net.json", "network", freq, seed);
  }
  WeightUnitFigures wu;
  if (prog) wu = synthWeightUnit(work, rtl.layout, a.has("xilinx"), pnr, freq, seed, yosys);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  // Report. With several seeds: the best seed's figures, and the spread.
  std::string spread;
  double median = -1;
  if (sweep.size() > 1 && rp.placed) {
    std::vector<double> f;
    for (const auto& sf : sweep) f.push_back(sf.second);
    std::sort(f.begin(), f.end());
    median = f.size() % 2 ? f[f.size() / 2] : (f[f.size() / 2 - 1] + f[f.size() / 2]) / 2;
    long long met = 0;
    for (double x : f) met += x >= static_cast<double>(freq) ? 1 : 0;
    spread = "best of seeds " + std::to_string(seed) + "-" + std::to_string(seed + seeds - 1) +
             ", at seed " + std::to_string(best_seed) + "; median " + fmt(median) + ", worst " +
             fmt(f.front()) + " MHz; " + std::to_string(met) + " of " + std::to_string(f.size()) +
             " seeds reach " + std::to_string(freq) + " MHz";
  }
  // Time per hop: hop_cycles clock periods at Fmax (docs/hardware.md "Two-cycle hop").
  const int hop = o.hop_cycles;
  const std::string hop_cycles = std::to_string(hop) + (hop == 1 ? " cycle" : " cycles");
  const double ns = rp.fmax > 0 ? 1000.0 * hop / rp.fmax : -1;
  const int d = h.diameter();
  std::ostringstream md;
  md << "# Synthesis report: " << router << "\n\n"
     << "Hypercycle G^{" << h.rhoList() << "}_{" << h.mList() << "}: " << h.nodes()
     << " nodes, degree " << h.degree() << ", diameter " << d << "; " << routerKind
     << o.payload_width << "-bit payload, " << o.buffer_depth
     << (o.buffer_depth == 1 ? " flit" : " flits") << " per input VC, " << toString(o.arbitration)
     << " arbitration, " << hop_cycles << " per hop.\n"
     << "Tools: yosys `synth` / `synth_ice40`" << (a.has("xilinx") ? " / `synth_xilinx`" : "")
     << (pnr ? ", nextpnr-ice40 --hx8k --package ct256 --freq " + std::to_string(freq) +
                   " --seed " +
                   (seeds > 1 ? std::to_string(seed) + ".." + std::to_string(seed + seeds - 1)
                              : std::to_string(seed))
             : std::string())
     << ". " << fmt(secs, "%.0f") << " s.\n\n"
     << "| figure | this router | paper's prototype (XC4013) |\n|---|---|---|\n"
     << "| generic yosys cells | " << gen_cells << " | " << kProtoCells << " cells |\n"
     << "| iCE40 LUT4 | " << luts << " | |\n| iCE40 flip-flops | " << ffs << " | |\n"
     << "| iCE40 carry cells | " << carries << " | |\n| iCE40 block RAMs | " << brams << " | |\n";
  if (a.has("xilinx"))
    md << "| 7-series LUTs (synth_xilinx) | " << xlut << " (" << xff << " FFs) | |\n";
  if (pnr && !rp.placed) {
    md << "| HX8K logic cells (with I/O wrapper) | " << rp.lcs << " of " << kHx8kLcs
       << ": does not fit, not placed | 98% of the XC4013 |\n";
  }
  if (pnr && rp.placed) {
    md << "| HX8K logic cells, placed (with I/O wrapper) | " << rp.lcs << " of " << kHx8kLcs
       << " | 98% of the XC4013 |\n"
       << "| Fmax, placed and routed | " << fmt(rp.fmax) << " MHz (target " << freq
       << (spread.empty() ? "" : "; " + spread) << ") | " << kProtoMHz << " MHz |\n"
       << "| latency per hop | " << hop_cycles << " = " << fmt(ns, "%.2f") << " ns | "
       << "origin 5 us, intermediate 4 us worst case (4 dims, degree 16); 0.6 us one dimension |\n"
       << "| lone broadcast, diameter " << d << " | " << hop * d
       << " cycles = " << fmt(d * ns, "%.0f") << " ns | |\n";
  }
  md << "| pins | router I/O through a 1-pin shift register (placement only) | " << kProtoPins
     << " |\n"
     << "| whole network on iCE40 (N x router, estimate) | " << net_lcs
     << " logic cells: " << (net_lcs <= kHx8kLcs ? "fits" : "does not fit") << " an HX8K ("
     << kHx8kLcs << ") | |\n";
  if (try_net && np.placed) {
    md << "| whole network, placed and routed (with I/O wrapper) | " << np.lcs << " of " << kHx8kLcs
       << " logic cells, Fmax " << fmt(np.fmax) << " MHz | |\n";
  } else if (try_net) {
    md << "| whole network, placed and routed (with I/O wrapper) | needs " << np.lcs << " of "
       << kHx8kLcs << " logic cells: does not fit, not placed | |\n";
  } else if (pnr) {
    md << "| whole network, placed and routed | not tried: the estimate is over twice the HX8K"
       << (h.nodes() > 64 ? " or N > 64" : "") << " | |\n";
  }
  if (prog) md << weightUnitMarkdown(wu, rtl.layout, a.has("xilinx"), pnr);
  md << "\n"
     << "Targets: " << hop_cycles << " per hop: met by construction ("
     << (rtl.layout.payloadFromHeads()
             ? "every router output comes from registers, origin and payload through an AND-OR "
               "of the VC registers"
             : "every router output is a register")
     << "; cosim measures " << (hop == 1 ? "diameter" : std::to_string(hop) + " x diameter")
     << " cycles for a lone broadcast). ";
  if (pnr && rp.placed) {
    md << "Fmax " << fmt(rp.fmax) << " MHz" << (spread.empty() ? "" : " (" + spread + ")")
       << " against 100 MHz: "
       << (rp.fmax >= 100 ? "met" : "missed by " + fmt(100 - rp.fmax) + " MHz") << ". ";
  } else if (pnr) {
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
  const bool proto_limits = prog && isPrototypeLimits(o.limits);
  md << "Cells against the prototype's 2106: ";
  if (prog) md << "the prototype's module (hc_weight_unit) " << against(wu.cells) << "; ";
  md << "the whole router with its buffers and crossbar, which the prototype did not have, "
     << against(gen_cells) << ". ";
  md << (prog ? unitVerdict(wu, o.limits) : std::string()) << "\n";
  std::vector<int> ms, rhos;  // the paper's order: dimension r first
  for (int i = h.dims(); i >= 1; --i) {
    ms.push_back(h.dim(i).m);
    rhos.push_back(h.dim(i).rho);
  }
  nlohmann::ordered_json seed_list = nlohmann::ordered_json::array();
  for (const auto& sf : sweep) {
    nlohmann::ordered_json one;
    one["seed"] = sf.first;
    one["fmax_mhz"] = measured(sf.second);
    seed_list.push_back(one);
  }
  nlohmann::ordered_json js;
  js["router"] = router;
  js["m"] = ms;
  js["rho"] = rhos;
  js["nodes"] = h.nodes();
  js["degree"] = h.degree();
  js["payload_width"] = o.payload_width;
  js["buffer_depth"] = o.buffer_depth;
  js["arbitration"] = toString(o.arbitration);
  js["generic_cells"] = measured(gen_cells);
  nlohmann::ordered_json ice40j;
  ice40j["lut4"] = measured(luts);
  ice40j["ff"] = measured(ffs);
  ice40j["carry"] = measured(carries);
  ice40j["bram"] = measured(brams);
  ice40j["placed"] = rp.placed;
  ice40j["placed_lcs"] = measured(rp.lcs);
  ice40j["fmax_mhz"] = measured(rp.fmax);
  ice40j["target_mhz"] = freq;
  ice40j["seed"] = best_seed;
  ice40j["fmax_median_mhz"] = measured(median);
  ice40j["seeds"] = seed_list;
  js["ice40"] = ice40j;
  js["xilinx"] = {{"luts", measured(xlut)}, {"ff", measured(xff)}};
  js["hop_cycles"] = hop;
  js["hop_ns"] = measured(ns);
  js["network_lcs_estimate"] = net_lcs;
  js["network_fits_hx8k"] = net_lcs <= kHx8kLcs;
  nlohmann::ordered_json npj;
  npj["tried"] = try_net;
  npj["placed"] = np.placed;
  npj["lcs"] = measured(np.lcs);
  npj["fmax_mhz"] = measured(np.fmax);
  js["network_pnr"] = npj;
  js["router_kind"] = toString(o.router);
  js["prototype_limits"] = proto_limits;
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
  publishReport(out, work, md.str(), jsonLine(js) + "\n");

  work_guard.release();
  return 0;
}

}  // namespace cli
}  // namespace hypercast
