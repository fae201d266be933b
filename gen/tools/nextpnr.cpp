// nextpnr-ice40 on an iCE40 HX8K: place and route (one seed or a sweep) and its figures.
#include "tools/nextpnr.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "tools/launcher.h"
#include "util/error.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace tools {

namespace {

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

// Why nextpnr stopped: "exit 1", "killed by signal 6 (Aborted)", or
// "stopped at the time limit of 30 min per seed (--pnr-time-limit)".
std::string failure(const RunResult& run, const SynthWork& work) {
  if (!run.timed_out) return run.status();
  std::ostringstream os;
  os << "stopped at the time limit of " << work.pnr_limit_min << " min per seed (--pnr-time-limit)";
  return os.str();
}

}  // namespace

std::vector<std::string> nextpnrSettings(long long freq, int placer_timing_weight) {
  std::vector<std::string> a = {"--hx8k", "--package", "ct256"};
  if (placer_timing_weight > 0) {
    a.push_back("--placer-heap-timingweight");
    a.push_back(std::to_string(placer_timing_weight));
  }
  a.push_back("--freq");
  a.push_back(std::to_string(freq));
  return a;
}

std::string nextpnrSettingsText(long long freq, int placer_timing_weight) {
  std::string t = "nextpnr-ice40";
  for (const std::string& a : nextpnrSettings(freq, placer_timing_weight)) t += " " + a;
  return t;
}

long long nextpnrCellCount(const std::string& log, const std::string& cell) {
  std::smatch m;
  if (!std::regex_search(log, m, std::regex(cell + ":\\s*([0-9]+)/"))) return -1;
  return static_cast<long long>(std::stod(m[1]));
}

PnrResult placeAndRoute(const SynthWork& work, const std::string& json, const std::string& tag,
                        const std::string& what, long long freq, long long seed, bool keep_going) {
  work.announce("nextpnr-ice40 (" + what + ", seed " + std::to_string(seed) + ")");
  PnrResult r;
  const std::string log = tag + "_nextpnr.log";
  RunOptions options;
  options.cwd = work.dir;
  options.log = work.dir + "/" + log;
  options.truncate_log = true;
  options.time_limit =
      std::chrono::milliseconds(static_cast<long long>(work.pnr_limit_min * 60000.0));
  std::vector<std::string> argv = {"nextpnr-ice40"};
  const std::vector<std::string> settings = nextpnrSettings(freq, work.placer_timing_weight);
  argv.insert(argv.end(), settings.begin(), settings.end());
  argv.insert(argv.end(), {"--json", json, "--pcf-allow-unconstrained", "--timing-allow-fail",
                           "--seed", std::to_string(seed), "--report", tag + "_pnr.json"});
  const RunResult run = runProcess(argv, options);
  r.placed = run.ok();
  r.lcs = nextpnrCellCount(readFile(work.dir + "/" + log), "ICESTORM_LC");
  if (r.placed) {
    r.fmax = achievedMhz(readFile(work.dir + "/" + tag + "_pnr.json"));
  } else if (r.lcs <= kHx8kLcs && keep_going) {
    r.failed = true;
    r.failure = failure(run, work);
    // Its log goes to DIR/work with the report; if every seed fails, the
    // error prints the last one's tail instead (the work folder goes away).
    std::cerr << "hypercast: synth: nextpnr-ice40 failed at seed " << seed << " ("
              << failure(run, work) << "); the seed is counted as failed (its log: work/" << log
              << ", kept with the report if one is written)\n";
  } else if (r.lcs <= kHx8kLcs) {
    // The work folder goes away with the error: show the log's end.
    printLogTail(work.dir + "/" + log);
    throw Error("nextpnr-ice40 failed (" + failure(run, work) + "); the end of its log is above");
  }
  return r;
}

SeedSweep placeAndRouteSeeds(const SynthWork& work, const std::string& json, long long freq,
                             long long seed, long long seeds, const std::string& unit,
                             bool optional) {
  SeedSweep sweep;
  sweep.best_seed = seed;
  if (seeds == 1) {
    sweep.best = placeAndRoute(work, json, unit, unit, freq, seed, optional);
    sweep.fmax.push_back({seed, sweep.best.fmax, sweep.best.failed});
    return sweep;
  }
  PnrResult last_failed;
  bool any = false;  // some seed placed, or found the design does not fit
  for (long long s = seed; s < seed + seeds; ++s) {
    const std::string tag = unit + "_seed" + std::to_string(s);
    const PnrResult r = placeAndRoute(work, json, tag, unit, freq, s, /*keep_going=*/true);
    sweep.fmax.push_back({s, r.fmax, r.failed});
    if (r.failed) {
      last_failed = r;
      continue;
    }
    if (!any || r.fmax > sweep.best.fmax) {
      sweep.best = r;
      sweep.best_seed = s;
    }
    any = true;
    if (!r.placed) break;  // does not fit: no seed will
  }
  if (!any && optional) {
    sweep.best = last_failed;  // the reason reported is the last seed's: so is the seed
    sweep.best_seed = seed + seeds - 1;
    return sweep;
  }
  if (!any) {
    // The work folder goes away with the error: show the last seed's log's end.
    const long long last = seed + seeds - 1;
    printLogTail(work.dir + "/" + unit + "_seed" + std::to_string(last) + "_nextpnr.log");
    throw Error("nextpnr-ice40 failed at every seed " + std::to_string(seed) + ".." +
                std::to_string(last) + " (seed " + std::to_string(last) + ": " +
                last_failed.failure + "); the end of its log is above");
  }
  const std::string tag = unit + "_seed" + std::to_string(sweep.best_seed);
  std::error_code ec;
  fs::copy_file(work.dir + "/" + tag + "_nextpnr.log", work.dir + "/" + unit + "_nextpnr.log", ec);
  if (sweep.best.placed) {
    fs::copy_file(work.dir + "/" + tag + "_pnr.json", work.dir + "/" + unit + "_pnr.json", ec);
  }
  return sweep;
}

std::string failedSeeds(const SeedSweep& sweep) {
  std::string list;
  for (const auto& sf : sweep.fmax) {
    if (sf.failed) list += (list.empty() ? "" : ", ") + std::to_string(sf.seed);
  }
  return list;
}

double medianFmax(const SeedSweep& sweep) {
  if (sweep.fmax.size() <= 1 || !sweep.best.placed) return -1;
  std::vector<double> v;
  for (const auto& sf : sweep.fmax) v.push_back(countedMhz(sf));
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

}  // namespace tools
}  // namespace hypercast
