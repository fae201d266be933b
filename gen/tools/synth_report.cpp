// What the synthesis reports share: the seeds' spread and the clock target's verdict.
#include "tools/synth_report.h"

#include <algorithm>

namespace hypercast {
namespace tools {

SeedSpread seedSpread(const SeedSweep& sweep, const SynthParams& p) {
  SeedSpread s;
  if (sweep.fmax.size() <= 1 || !sweep.best.placed) return s;
  std::vector<double> v;
  for (const auto& sf : sweep.fmax) v.push_back(countedMhz(sf));
  const std::string failed = failedSeeds(sweep);
  std::sort(v.begin(), v.end());
  s.median = medianFmax(sweep);
  long long met = 0;
  for (double x : v) met += x >= static_cast<double>(p.freq) ? 1 : 0;
  const long long failures = static_cast<long long>(std::count_if(
      sweep.fmax.begin(), sweep.fmax.end(), [](const SeedFmax& f) { return f.failed; }));
  s.text = "best of seeds " + std::to_string(p.seed) + "-" + std::to_string(p.seed + p.seeds - 1) +
           ", at seed " + std::to_string(sweep.best_seed) + "; median " + fmt(s.median) +
           (failed.empty()
                ? ", worst " + fmt(v.front()) + " MHz"
                : " MHz; nextpnr failed at " + std::string(failures == 1 ? "seed " : "seeds ") +
                      failed + ", counted as 0 MHz") +
           "; " + std::to_string(met) + " of " + std::to_string(v.size()) + " seeds " +
           (met == 1 ? "reaches " : "reach ") + std::to_string(p.freq) + " MHz";
  return s;
}

std::string target(const SynthParams& p) {
  return std::to_string(p.freq) + " MHz" + (p.sdc.empty() ? "" : " (" + p.sdc + ")");
}

std::string verdict(double fmax, const SynthParams& p) {
  const double freq = static_cast<double>(p.freq);
  return fmax >= freq ? std::string("met") : "missed by " + fmt(freq - fmax) + " MHz";
}

nlohmann::ordered_json targetMet(const PnrResult& r, const SynthParams& p) {
  return r.placed ? nlohmann::ordered_json(r.fmax >= static_cast<double>(p.freq))
                  : nlohmann::ordered_json(nullptr);
}

}  // namespace tools
}  // namespace hypercast
