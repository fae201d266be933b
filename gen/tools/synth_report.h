// What the synthesis reports share: the prototype's figures, the report pair, number formats.
#pragma once

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tools/nextpnr.h"

namespace hypercast {
namespace tools {

// The prototype, Sec. 4.1: a Xilinx XC4013, "completely programmable", for up to
// 4 dimensions of 15 nodes and degree 16.
constexpr int kProtoCells = 2106;
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

// A figure, or null when it was not measured (the tools report none: -1 here).
inline nlohmann::ordered_json measured(long long v) {
  return v < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v);
}
inline nlohmann::ordered_json measured(double v) {
  return v < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v);
}

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

}  // namespace tools
}  // namespace hypercast
