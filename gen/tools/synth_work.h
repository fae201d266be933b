// The work folder of a synthesis run, and where its steps are announced as they start.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>

namespace hypercast {
namespace tools {

// The work folder of a run writing into `out`: beside it, "OUT.work-PID" (OUT
// as an absolute path without a trailing "/" or "/.", so that the folder never
// lands inside OUT).
inline std::string workFolderBeside(const std::string& out, long pid) {
  std::filesystem::path base = std::filesystem::absolute(out).lexically_normal();
  if (!base.has_filename()) base = base.parent_path();
  return base.string() + ".work-" + std::to_string(pid);
}

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
