// Running a network's harness: where the harnesses are, the output files a
// run writes (--trace, --wave), the engines.
#pragma once

#include <string>

#include "util/params.h"

namespace hypercast {
namespace flow {

// The folder of the running executable (the harnesses are built beside it).
std::string selfDir();
// The absolute path given to output option `opt` (trace, wave), checked to be
// writable; "" when the option is absent. --wave must name an .fst file.
std::string outputPath(const Params& a, const std::string& opt);
// --engine: systemc, verilator or cosim (default cosim); refuses another.
std::string parseEngine(const Params& a);
constexpr const char* kWaveNeedsRtl = "--wave needs the RTL: --engine verilator or cosim";

}  // namespace flow
}  // namespace hypercast
