// `hypercast sweep`: the load-latency curve of a hypercycle network under uniform
// broadcast traffic, one `simulate --traffic uniform` run per offered rate.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "algorithm/reference_broadcast.h"
#include "cli/commands.h"
#include "cli/network_args.h"
#include "emit/load_latency_svg.h"
#include "emit/rtl_layout.h"
#include "tools/launcher.h"
#include "topology/network.h"
#include "util/error.h"
#include "util/json_text.h"
#include "util/output_file.h"
#include "util/progress.h"
#include "util/report_json.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace cli {

namespace {

// One run's report (simulate --json), parsed; a run that printed none (it
// crashed) gives an empty object.
nlohmann::json parseReport(const std::string& out) {
  nlohmann::json j = nlohmann::json::parse(out, nullptr, /*allow_exceptions=*/false);
  return j.is_object() ? j : nlohmann::json::object();
}

// A number of the report as a double (-1 if absent).
double number(const nlohmann::json& j, const std::string& key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_number() ? it->get<double>() : -1;
}

// A number of the report as CSV text: an integer as an integer, nothing if absent.
std::string csvField(const nlohmann::json& j, const std::string& key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_number() ? jsonText(*it) : std::string();
}

}  // namespace

std::vector<OptionSpec> sweepOptions() {
  return routerCommandOptions({
      {"rates", "R[,R...]", "offered rates (default: --points rates up to 1.3x saturation)"},
      {"points", "K", "number of rates when --rates is not given (default 8)"},
      {"cycles", "C", "cycles of injection per run, then drain (default 10000, as simulate)"},
      {"engine", "E", "systemc | verilator | cosim (default systemc)"},
      {"seed", "X", "random seed (default 1)"},
      {"out", "DIR", "writes DIR/load_latency.csv and DIR/load_latency.svg"},
      {"json", "", "print a JSON summary (the points, the saturation rates, the files)"},
      {"quiet", "", "no progress on stderr"},
  });
}

CommandHelp sweepHelp() {
  return {"hypercast sweep [--m ... --rho ...] --out DIR [options]",
          "Runs uniform broadcast traffic at several offered rates and writes the\n"
          "load-latency curve as CSV and SVG, with the saturation rates marked: the\n"
          "busiest port's (1 / its flits per broadcast) and the even-links bound\n"
          "degree / (N-1). Every run checks every delivery; a failing run fails the\n"
          "sweep (exit 1). Progress goes to stderr (--quiet: none).\n",
          ""};
}

int cmdSweep(const Args& a) {
  if (!a.has("out")) throw Error("sweep needs --out DIR");
  // Every input is checked here, before the first run.
  const Hypercycle h = parseNetwork(a);
  const RtlOptions o = parseRtlOptions(a);
  const std::string engine = a.get("engine", "systemc");
  if (engine != "systemc" && engine != "verilator" && engine != "cosim") {
    throw Error("unknown engine '" + engine + "' (engines: systemc, verilator, cosim)");
  }
  checkSimulatedNetwork(h, engine);
  validateFits(h, o);
  const long long cycles = a.getInt("cycles", 10000, 1, 10000000);
  const long long seed = a.getInt("seed", 1, 0, 1LL << 62);
  const double routing = 1.0 / static_cast<double>(busiestPortFlits(h, o.preference));
  const double even = static_cast<double>(h.degree()) / static_cast<double>(h.nodes() - 1);
  std::vector<double> rates;
  if (a.has("rates") && a.has("points")) {
    throw Error("--points does not apply with --rates (the rates are given)");
  }
  if (a.has("rates")) {
    const std::string list = a.get("rates");
    if (list.empty()) throw Error("--rates is empty");
    std::stringstream ss(list);
    std::string item;
    size_t entry = 0;
    while (std::getline(ss, item, ',')) {
      ++entry;
      if (item.empty()) throw Error("--rates: entry " + std::to_string(entry) + " is empty");
      rates.push_back(parseRate("--rates", item));
    }
    if (list.back() == ',') throw Error("--rates: trailing comma in '" + list + "'");
  } else {
    // K rates evenly up to 1.3x the busiest-port saturation, or up to 1 where that
    // is beyond 1 (K_5: every rate distinct, never 1.0 repeated).
    const long long k = a.getInt("points", 8, 2, 100);
    const double top = std::min(1.0, 1.3 * routing);
    for (long long i = 1; i <= k; ++i) {
      rates.push_back(top * static_cast<double>(i) / static_cast<double>(k));
    }
  }
  for (double r : rates) checkLoadRun(h.nodes(), r, cycles);
  checkOutputFolder("--out", a.get("out"));
  std::error_code ec;
  const std::string self = fs::read_symlink("/proc/self/exe", ec).string();
  std::vector<std::string> net = {"--m", h.mList(), "--rho", h.rhoList()};
  for (const std::string& arg : rtlOptionArgs(o)) net.push_back(arg);
  std::vector<LoadPoint> points;
  std::ostringstream csv;
  csv << "offered,accepted,latency_mean,latency_p99,latency_max,network_latency_mean,"
         "max_output_wait,max_injection_wait,verdict\n";
  bool all_pass = true;
  const bool json = a.has("json");
  nlohmann::ordered_json json_points = nlohmann::ordered_json::array();
  if (!json) {
    std::printf("%-10s %-10s %-12s %-10s %-10s %s\n", "offered", "accepted", "lat mean", "lat p99",
                "lat max", "verdict");
    std::fflush(stdout);
  }
  // One unit per point; the heartbeat keeps the line on time while a run blocks.
  Progress progress("sweep", static_cast<long long>(rates.size()), a.has("quiet"));
  progress.heartbeat();
  for (double r : rates) {
    char rs[32];
    std::snprintf(rs, sizeof rs, "%.6g", r);
    std::vector<std::string> cmd = {self, "simulate"};
    cmd.insert(cmd.end(), net.begin(), net.end());
    cmd.insert(cmd.end(),
               {"--traffic", "uniform", "--rate", rs, "--cycles", std::to_string(cycles),
                "--engine", engine, "--seed", std::to_string(seed), "--json", "--quiet"});
    progress.detail(std::string("rate ") + rs);
    tools::RunOptions capture;
    capture.capture_stdout = true;
    capture.capture_stderr = true;  // passed on below, unless interrupted
    const tools::RunResult run = tools::runProcess(cmd, capture);
    progress.message(run.err);
    const nlohmann::json report = parseReport(run.out);
    const nlohmann::json figures = report.value("figures", nlohmann::json::object());
    const int status = run.code;
    const auto verdict = report.find("verdict");
    const bool pass = status == 0 && verdict != report.end() && *verdict == "pass";
    all_pass = all_pass && pass;
    LoadPoint pt;
    pt.offered = r;
    pt.accepted = number(figures, "throughput");
    pt.latency_mean = number(figures, "latency_mean");
    pt.latency_p99 = number(figures, "latency_p99");
    points.push_back(pt);
    csv << rs << "," << csvField(figures, "throughput") << "," << csvField(figures, "latency_mean")
        << "," << csvField(figures, "latency_p99") << "," << csvField(figures, "latency_max") << ","
        << csvField(figures, "network_latency_mean") << "," << csvField(figures, "max_output_wait")
        << "," << csvField(figures, "max_injection_wait") << "," << (pass ? "PASS" : "FAIL")
        << "\n";
    progress.tick();
    if (json) {
      json_points.push_back({{"offered", r},
                             {"accepted", figures.value("throughput", nlohmann::json())},
                             {"latency_mean", figures.value("latency_mean", nlohmann::json())},
                             {"latency_p99", figures.value("latency_p99", nlohmann::json())},
                             {"latency_max", figures.value("latency_max", nlohmann::json())},
                             {"verdict", pass ? "PASS" : "FAIL"}});
    } else {
      progress.interject([&] {
        std::printf("%-10s %-10.4g %-12.4g %-10.4g %-10.4g %s\n", rs, pt.accepted, pt.latency_mean,
                    pt.latency_p99, number(figures, "latency_max"), pass ? "PASS" : "FAIL");
      });
    }
  }
  progress.detail("");
  progress.finish();
  char title[200];
  std::snprintf(title, sizeof title, "G^{%s}_{%s}, %llu nodes: uniform broadcast traffic",
                h.rhoList().c_str(), h.mList().c_str(), static_cast<unsigned long long>(h.nodes()));
  char l1[80], l2[80];
  std::snprintf(l1, sizeof l1, "saturation, busiest port: %.4g", routing);
  std::snprintf(l2, sizeof l2, "degree/(N-1): %.4g", even);
  writeOutputFiles(a.get("out"), {{"load_latency.csv", csv.str()},
                                  {"load_latency.svg",
                                   loadLatencySvg(title, points, {{routing, l1}, {even, l2}})}});
  if (json) {
    const std::string out = a.get("out");
    nlohmann::ordered_json j = {{"nodes", h.nodes()},
                                {"m", nlohmann::json::parse("[" + h.mList() + "]")},
                                {"rho", nlohmann::json::parse("[" + h.rhoList() + "]")},
                                {"engine", engine},
                                {"cycles", cycles},
                                {"seed", seed},
                                {"saturation_busiest_port", routing},
                                {"saturation_even_links", even},
                                {"points", json_points},
                                {"pass", all_pass},
                                {"csv", out + "/load_latency.csv"},
                                {"svg", out + "/load_latency.svg"}};
    const NetworkDesc desc = hypercycleNetwork(h);
    printReport({"sweep",
                 desc.topology,
                 desc.label,
                 reportVerdict(all_pass),
                 {out + "/load_latency.csv", out + "/load_latency.svg"}},
                j);
    return all_pass ? 0 : 1;
  }
  std::printf("saturation rate: %.4g by the busiest port, %.4g if links were evenly used\n",
              routing, even);
  std::printf("wrote %s/load_latency.csv and %s/load_latency.svg\n", a.get("out").c_str(),
              a.get("out").c_str());
  return all_pass ? 0 : 1;
}

}  // namespace cli
}  // namespace hypercast
