// The work folder of a synthesis run, and where its steps are announced as they start.
#pragma once

#include <ostream>
#include <string>

namespace hypercast {
namespace tools {

struct SynthWork {
  std::string dir;                   // the tools' working folder (scripts, logs, netlists)
  std::ostream* progress = nullptr;  // one line per step as it starts; nullptr: silent
  double pnr_limit_min = 0;          // nextpnr's time limit per seed, minutes (0: none)
  int placer_timing_weight = 0;      // nextpnr's --placer-heap-timingweight (0: its default)

  // "hypercast: synth: <step> ..." on `progress`.
  void announce(const std::string& step) const {
    if (progress != nullptr) *progress << "hypercast: synth: " << step << " ...\n" << std::flush;
  }
};

}  // namespace tools
}  // namespace hypercast
