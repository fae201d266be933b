// nextpnr-ice40 on an iCE40 HX8K: place and route (one seed or a sweep) and its figures.
#pragma once

#include <string>
#include <vector>

#include "tools/synth_work.h"

namespace hypercast {
namespace tools {

constexpr int kHx8kLcs = 7680;  // the HX8K's logic cells

struct PnrResult {
  bool placed = false;
  bool failed = false;  // nextpnr stopped on a design that fits (a crash, no route)
  std::string failure;  // why it stopped ("exit 1", "stopped at the time limit"); "" if not
  long long lcs = -1;   // logic cells nextpnr needs (reported even when it does not fit)
  double fmax = -1;
};

// nextpnr-ice40's device, placer and clock arguments as synth runs it:
// --hx8k --package ct256 [--placer-heap-timingweight W] --freq F (W 0: nextpnr's
// own weight, not named). placeAndRoute passes them; the reports quote them.
std::vector<std::string> nextpnrSettings(long long freq, int placer_timing_weight);
// "nextpnr-ice40 " and those arguments, as a report's Tools line shows them.
std::string nextpnrSettingsText(long long freq, int placer_timing_weight);

// nextpnr-ice40 for the synthesized `json` in the work folder, announced as
// "nextpnr-ice40 (<what>, seed <seed>)"; the report lands in <tag>_pnr.json, the
// log in <tag>_nextpnr.log. A design that does not fit is returned unplaced; any
// other failure throws Error (the log's tail on stderr), or with `keep_going`
// is returned unplaced with `failed` set (one line on stderr, the log kept).
PnrResult placeAndRoute(const SynthWork& work, const std::string& json, const std::string& tag,
                        const std::string& what, long long freq, long long seed,
                        bool keep_going = false);

// The count nextpnr's utilisation lines give `cell` ("ICESTORM_LC: 123/7680"), -1 if none.
long long nextpnrCellCount(const std::string& log, const std::string& cell);

struct SeedFmax {
  long long seed = 0;
  double fmax = -1;     // -1: not placed
  bool failed = false;  // nextpnr failed at this seed although the design fits
};

struct SeedSweep {
  PnrResult best;  // the best seed's
  long long best_seed = 0;
  std::vector<SeedFmax> fmax;  // each seed tried, in order
};

// The design `json` (tag and announced name `unit`: "router", "node") with
// seeds seed..seed+seeds-1, stopping at the first that does not fit. With
// several seeds each keeps its own log (<unit>_seed<S>_*); the best one's are
// copied to <unit>_nextpnr.log and <unit>_pnr.json. With several seeds, a seed
// at which nextpnr fails on a design that fits (it crashed or found no route)
// is kept as failed and the sweep goes on; Error if every seed fails, or with
// `optional` (the whole top, which the report can go without; one seed too) the
// sweep with `best.failed` and `best.failure` set (the last seed's reason).
SeedSweep placeAndRouteSeeds(const SynthWork& work, const std::string& json, long long freq,
                             long long seed, long long seeds, const std::string& unit = "router",
                             bool optional = false);

// A seed's Fmax as the median counts it: a failed seed as 0 MHz (the worst).
inline double countedMhz(const SeedFmax& sf) { return sf.failed ? 0.0 : sf.fmax; }

// The seeds at which nextpnr failed, "2, 5" ("" if none).
std::string failedSeeds(const SeedSweep& sweep);

// The median of the sweep's Fmax, a failed seed counted as 0 MHz (the worst); -1
// with one seed or when the best seed was not placed.
double medianFmax(const SeedSweep& sweep);

}  // namespace tools
}  // namespace hypercast
