// What the synthesis reports share: the prototype's figures, the report pair, number formats.
#pragma once

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tools/nextpnr.h"
#include "tools/synth_params.h"
#include "util/report_json.h"

namespace hypercast {
namespace tools {

// The prototype, Sec. 4.1: a Xilinx XC4013, "completely programmable", for up to
// 4 dimensions of 15 nodes and degree 16. Its 2106 cells are "primitive XILINX
// cells" of the XC4000 library, not yosys's generic cells nor 7-series cells: the
// counts compare sizes in order only. Its 25 MHz is the clock it was run at, not a
// measured Fmax.
constexpr int kProtoCells = 2106;
constexpr const char* kProtoCellUnit = "XC4000 primitive cells";
constexpr int kProtoPins = 62;
constexpr double kProtoMHz = 25;
constexpr double kProtoOriginUs = 5.0, kProtoIntermediateUs = 4.0, kProtoOneDimUs = 0.6;

// synth_report.md and synth_report.json.
struct SynthReport {
  std::string markdown;
  std::string json;  // one line, with its newline
};

// `v` printed with the printf format `f`.
inline std::string fmt(double v, const char* f = "%.1f") {
  char b[48];
  std::snprintf(b, sizeof b, f, v);
  return b;
}

// "1 seed", "3 seeds": a count and its noun, the singular for a count of one.
inline std::string counted(long long n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// A figure the tools did not measure is -1 here: measured() (util/report_json.h)
// makes it null.

// Each seed tried, its Fmax (null where it did not place) and whether nextpnr
// failed there on a design that fits, in order: the reports' "seeds" list.
inline nlohmann::ordered_json seedsJson(const std::vector<SeedFmax>& fmax) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const SeedFmax& sf : fmax) {
    nlohmann::ordered_json one;
    one["seed"] = sf.seed;
    one["fmax_mhz"] = measured(sf.fmax);
    one["failed"] = sf.failed;
    list.push_back(one);
  }
  return list;
}

// With several seeds: the median Fmax and a sentence on the spread ("best of
// seeds 1-2, at seed 2; median 104.9, worst 99.1 MHz; 1 of 2 seeds reaches 100 MHz";
// "2 of 3 seeds reach"; "nextpnr failed at seed 3", "at seeds 3, 4").
struct SeedSpread {
  std::string text;  // "" with one seed or none placed
  double median = -1;
};
SeedSpread seedSpread(const SeedSweep& sweep, const SynthParams& p);

// The clock target and where it comes from: "100 MHz (hc_m4_r1.sdc)".
std::string target(const SynthParams& p);

// "met" or "missed by X MHz": an Fmax against the clock target.
std::string verdict(double fmax, const SynthParams& p);

// The reports' "target_met": whether a placed design's Fmax reaches the clock
// target, null when it was not placed.
nlohmann::ordered_json targetMet(const PnrResult& r, const SynthParams& p);

}  // namespace tools
}  // namespace hypercast
