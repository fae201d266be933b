// yosys in a synthesis work folder: running a script, and the cell counts of its `stat`.
#pragma once

#include <string>

#include "tools/synth_work.h"

namespace hypercast {
namespace tools {

// The yosys commands that map to iCE40 cells: synth_ice40 with its default
// ABC script, and with ABC9 (yosys's delay-driven mapping with the iCE40's
// cell delays). Each kind of design uses the one measured better for it.
extern const char* const kIce40Synth;
extern const char* const kIce40SynthAbc9;

// Writes `script` to <work>/<name>.ys and runs yosys on it (its log in
// <name>.log, the log's tail on stderr if it fails), announcing `step`. Returns
// <name>.stat, which the script writes (`tee -q -o <name>.stat stat`).
std::string runYosys(const SynthWork& work, const std::string& name, const std::string& step,
                     const std::string& script);

// Sum of the counts of the cell types matching `type` (a regex) in the last
// block of a yosys `stat`, which is the top's.
long long statSum(const std::string& stat, const std::string& type);

// The last "Number of cells" of a yosys `stat` (the top's), -1 if none.
long long totalCells(const std::string& stat);

}  // namespace tools
}  // namespace hypercast
