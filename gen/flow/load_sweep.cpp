#include "flow/load_sweep.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "algorithm/reference_broadcast.h"
#include "emit/hypercycle_rtl.h"
#include "emit/load_latency_svg.h"
#include "flow/command_files.h"
#include "flow/failure_reason.h"
#include "flow/limits.h"
#include "flow/router_network.h"
#include "flow/router_options.h"
#include "sim/sim_job.h"
#include "tools/launcher.h"
#include "topology/hypercycle.h"
#include "topology/network.h"
#include "util/error.h"
#include "util/interrupt.h"
#include "util/json_text.h"
#include "util/last_line.h"
#include "util/output_file.h"
#include "util/parse_number.h"
#include "util/progress.h"
#include "util/report_json.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace flow {

namespace {

// One run's report (simulate --json), parsed; a run that printed none (it
// crashed) gives an empty object.
nlohmann::json parseReport(const std::string& out) {
  nlohmann::json j = nlohmann::json::parse(out, nullptr, /*allow_exceptions=*/false);
  return j.is_object() ? j : nlohmann::json::object();
}

// The run's figures: its report's "figures" object where it has one, else the
// report itself (the numbers at top level).
const nlohmann::json& runFigures(const nlohmann::json& report) {
  const auto it = report.find("figures");
  return it != report.end() && it->is_object() ? *it : report;
}

// A figure as a double (-1 if absent or null: a run without broadcasts has no latency).
double number(const nlohmann::json& j, const std::string& key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_number() ? it->get<double>() : -1;
}

// A figure as CSV text: an integer as an integer, nothing if absent.
std::string csvField(const nlohmann::json& j, const std::string& key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_number() ? jsonText(*it) : std::string();
}

// A figure in the text table: "-" where the run has none.
std::string tableCell(double v) {
  if (v < 0) return "-";
  char b[32];
  std::snprintf(b, sizeof b, "%.4g", v);
  return b;
}

// A rate as a run is given it (--rate), and as the CSV, the table and the
// messages name it: 6 significant digits.
std::string rateText(double rate) {
  char b[32];
  std::snprintf(b, sizeof b, "%.6g", rate);
  return b;
}

// The rates --rates lists, each in (0, 1].
std::vector<double> listedRates(const std::string& list) {
  if (list.empty()) throw Error("--rates is empty");
  std::vector<double> rates;
  std::stringstream ss(list);
  std::string item;
  size_t entry = 0;
  while (std::getline(ss, item, ',')) {
    ++entry;
    if (item.empty()) throw Error("--rates: entry " + std::to_string(entry) + " is empty");
    rates.push_back(parseRate("--rates", item));
  }
  if (list.back() == ',') throw Error("--rates: trailing comma in '" + list + "'");
  // The curve runs left to right: the rates in ascending order, each once, as
  // the runs are given them (6 significant digits: 0.1 and 0.1000001 are one).
  std::sort(rates.begin(), rates.end());
  for (size_t i = 1; i < rates.size(); ++i) {
    if (rateText(rates[i - 1]) == rateText(rates[i])) {
      throw Error("--rates lists " + rateText(rates[i]) + " twice");
    }
  }
  return rates;
}

}  // namespace

double busiestPortSaturation(const NetworkDesc& net, const RtlOptions& o) {
  return 1.0 / static_cast<double>(busiestPortFlits(net, o.preference));
}

double evenLinksSaturation(const NetworkDesc& net) {
  const Hypercycle h = Hypercycle::of(net);
  return static_cast<double>(h.degree()) / static_cast<double>(h.nodes() - 1);
}

SweepRequest readSweepRequest(const Params& a) {
  if (!a.has("out")) throw Error("sweep needs --out DIR");
  SweepRequest r;
  r.network = parseNetwork(a);
  r.rtl = parseRtlOptions(a);
  r.engine = a.get("engine", "systemc");
  if (r.engine != "systemc" && r.engine != "verilator" && r.engine != "cosim") {
    throw Error("unknown engine '" + r.engine + "' (engines: systemc, verilator, cosim)");
  }
  checkSimulatedNetwork(r.network, r.engine);
  validateFits(r.network, r.rtl);
  r.endpoints = parseEndpoints(a) == Endpoints::kAxis ? "axis" : "native";
  if (a.has("tready") && r.endpoints != "axis") throw Error("--tready needs --endpoints axis");
  r.tready = a.get("tready", "always");
  (void)parseTready(r.tready, r.network.nodes());
  if (r.endpoints == "axis") checkAxisEndpoints(r.rtl);
  if (r.endpoints == "axis" && r.engine == "verilator") {
    throw Error(
        "--endpoints axis checks m_axis against the SystemC model: --engine cosim or systemc");
  }
  r.cycles = a.getInt("cycles", 10000, 1, 10000000);
  r.seed = a.getInt("seed", 1, 0, 1LL << 62);
  if (a.has("rates") && a.has("points")) {
    throw Error("--points does not apply with --rates (the rates are given)");
  }
  if (a.has("rates")) {
    r.rates = listedRates(a.get("rates"));
  } else {
    // K rates evenly up to 1.3x the busiest-port saturation, or up to 1 where that
    // is beyond 1 (K_5: every rate distinct, never 1.0 repeated).
    const long long k = a.getInt("points", 8, 2, 100);
    const double top = std::min(1.0, 1.3 * busiestPortSaturation(r.network, r.rtl));
    for (long long i = 1; i <= k; ++i) {
      r.rates.push_back(top * static_cast<double>(i) / static_cast<double>(k));
    }
  }
  // Every point's run checked as its simulate would check it, once, before the
  // first run: a sweep above a limit is refused whole, nothing run or written.
  r.allow_large = a.has("allow-large");
  for (double rate : r.rates) {
    checkLoadRun(r.network.nodes(), rate, r.cycles);
    ParamMap point = a.params();
    const std::string rs = rateText(rate);
    point["traffic"] = "uniform";
    point["rate"] = rs;
    point["cycles"] = std::to_string(r.cycles);
    point["engine"] = r.engine;
    checkCost(Params(point), Step::kSimulate, std::string("sweep at rate ") + rs);
  }
  r.out = a.get("out");
  checkOutputFolder("--out", r.out, {"load_latency.csv", "load_latency.svg"});
  checkCommandFiles(a);
  r.json = a.has("json");
  r.quiet = a.has("quiet");
  return r;
}

CommandReport runSweep(const SweepRequest& r) {
  const Hypercycle h = Hypercycle::of(r.network);
  const double routing = busiestPortSaturation(r.network, r.rtl);
  const double even = evenLinksSaturation(r.network);
  std::error_code ec;
  const std::string self = fs::read_symlink("/proc/self/exe", ec).string();
  std::vector<std::string> net = {"--m", h.mList(), "--rho", h.rhoList()};
  for (const std::string& arg : rtlOptionArgs(r.rtl)) net.push_back(arg);
  std::vector<LoadPoint> points;
  std::ostringstream csv;
  csv << "offered,accepted,latency_mean,latency_p99,latency_max,network_latency_mean,"
         "max_output_wait,max_injection_wait,verdict\n";
  bool all_pass = true;
  int passed = 0;
  nlohmann::ordered_json json_points = nlohmann::ordered_json::array();
  // The text table's header goes out with its first row: a sweep interrupted
  // before its first point leaves nothing on stdout.
  bool header_printed = false;
  // One unit per point; the heartbeat keeps the line on time while a run blocks.
  Progress progress("sweep", static_cast<long long>(r.rates.size()), r.quiet);
  progress.heartbeat();
  for (double rate : r.rates) {
    const std::string rs = rateText(rate);
    std::vector<std::string> cmd = {self, "simulate"};
    cmd.insert(cmd.end(), net.begin(), net.end());
    if (r.endpoints == "axis") cmd.insert(cmd.end(), {"--endpoints", "axis", "--tready", r.tready});
    if (r.allow_large) cmd.push_back("--allow-large");
    cmd.insert(cmd.end(),
               {"--traffic", "uniform", "--rate", rs, "--cycles", std::to_string(r.cycles),
                "--engine", r.engine, "--seed", std::to_string(r.seed), "--json", "--quiet"});
    progress.detail(std::string("rate ") + rs);
    tools::RunOptions capture;
    capture.capture_stdout = true;
    capture.capture_stderr = true;  // passed on below, unless interrupted
    const tools::RunResult run = tools::runProcess(cmd, capture);
    // A run that could not be made (bad input, a tool or the cache failing: exit
    // 2; an internal error: 3; a crash) ends the sweep with its own message and
    // nothing written; 0 and 1 are a verification's verdict.
    // A run ended by SIGINT or SIGTERM (sent to it alone) ends the sweep as an
    // interrupt, as it would ours.
    if (run.code == interrupt::exitStatus(SIGINT) || run.code == interrupt::exitStatus(SIGTERM)) {
      throw interrupt::Interrupted(run.code - 128);
    }
    if (run.code != 0 && run.code != 1) {
      const std::string line = lastLine(run.err, {"hypercast: "});
      const std::string at = std::string("sweep: the run at rate ") + rs + " ";
      if (run.code == 3 || run.signal) {
        throw std::runtime_error(at + (run.signal
                                           ? "crashed (" + run.status() + ")"
                                           : "failed: " + (line.empty() ? run.status() : line)));
      }
      throw Error(at + "failed: " + (line.empty() ? run.status() : line));
    }
    progress.message(run.err);
    const nlohmann::json report = parseReport(run.out);
    const nlohmann::json& f = runFigures(report);
    const auto verdict = report.find("verdict");
    const bool pass = run.code == 0 && verdict != report.end() && *verdict == "pass";
    all_pass = all_pass && pass;
    passed += pass ? 1 : 0;
    // Why a point failed, from its report: on stderr and in the JSON point.
    std::string failure = pass ? std::string() : failureReason(report);
    if (!pass && failure.empty()) failure = "verdict fail";
    if (!pass) progress.message(std::string("sweep: rate ") + rs + " failed: " + failure + "\n");
    LoadPoint pt;
    pt.pass = pass;
    pt.offered = rate;
    pt.accepted = number(f, "throughput");
    pt.latency_mean = number(f, "latency_mean");
    pt.latency_p99 = number(f, "latency_p99");
    points.push_back(pt);
    csv << rs << "," << csvField(f, "throughput") << "," << csvField(f, "latency_mean") << ","
        << csvField(f, "latency_p99") << "," << csvField(f, "latency_max") << ","
        << csvField(f, "network_latency_mean") << "," << csvField(f, "max_output_wait") << ","
        << csvField(f, "max_injection_wait") << "," << reportVerdict(pass) << "\n";
    progress.tick();
    if (r.json) {
      json_points.push_back({{"offered", std::stod(rs)},
                             {"accepted", f.value("throughput", nlohmann::json())},
                             {"latency_mean", f.value("latency_mean", nlohmann::json())},
                             {"latency_p99", f.value("latency_p99", nlohmann::json())},
                             {"latency_max", f.value("latency_max", nlohmann::json())},
                             {"verdict", reportVerdict(pass)}});
      if (!pass) json_points.back()["failure"] = failure;
    } else {
      progress.interject([&] {
        if (!header_printed) {
          std::printf("%-10s %-10s %-12s %-10s %-10s %s\n", "offered", "accepted", "lat mean",
                      "lat p99", "lat max", "verdict");
          header_printed = true;
        }
        std::printf("%-10s %-10s %-12s %-10s %-10s %s\n", rs.c_str(),
                    tableCell(pt.accepted).c_str(), tableCell(pt.latency_mean).c_str(),
                    tableCell(pt.latency_p99).c_str(), tableCell(number(f, "latency_max")).c_str(),
                    pass ? "PASS" : "FAIL");  // the text table keeps the harnesses' words
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
  writeOutputFiles(
      r.out, {{"load_latency.csv", csv.str()},
              {"load_latency.svg", loadLatencySvg(title, points, {{routing, l1}, {even, l2}})}});
  const std::string csv_path = (fs::path(r.out) / "load_latency.csv").string();
  const std::string svg_path = (fs::path(r.out) / "load_latency.svg").string();
  if (r.json) {
    // The run's parameters at top level; what it computed and measured in figures.
    const nlohmann::ordered_json figures = {{"nodes", h.nodes()},
                                            {"saturation_busiest_port", routing},
                                            {"saturation_even_links", even},
                                            {"points_passed", passed}};
    const nlohmann::ordered_json j = {{"figures", figures},
                                      {"m", nlohmann::json::parse("[" + h.mList() + "]")},
                                      {"rho", nlohmann::json::parse("[" + h.rhoList() + "]")},
                                      {"engine", r.engine},
                                      {"endpoints", r.endpoints},
                                      {"tready", r.tready},
                                      {"cycles", r.cycles},
                                      {"seed", r.seed},
                                      {"points", json_points},
                                      {"csv", csv_path},
                                      {"svg", svg_path}};
    const NetworkDesc& desc = r.network;
    return jsonReport(
        {"sweep", desc.topology, desc.label, reportVerdict(all_pass), {csv_path, svg_path}}, j,
        all_pass ? 0 : 1);
  }
  char saturation[160];
  std::snprintf(saturation, sizeof saturation,
                "saturation rate: %.4g by the busiest port, %.4g if links were evenly used\n",
                routing, even);
  return textReport(std::string(saturation) + "wrote " + csv_path + " and " + svg_path + "\n",
                    all_pass ? 0 : 1);
}

}  // namespace flow
}  // namespace hypercast
