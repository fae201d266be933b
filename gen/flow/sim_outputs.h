// Running a network's harness: where the harnesses are, the output files a
// run writes (--trace, --wave), the engines.
#pragma once

#include <cstdint>
#include <string>

#include "flow/verilated_build.h"
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

// --rtl-model of a network whose whole top is Verilated ("network") by default up
// to `whole_default` nodes (and with --wave), at most up to `whole_limit`; the
// other model, `parts` ("nodes", "tiles"), Verilates one node and wires N copies.
// `network` names it in errors ("a schedule network", "the wormhole mesh").
std::string chooseRtlModel(const Params& a, uint64_t nodes, uint64_t whole_default,
                           uint64_t whole_limit, const std::string& parts,
                           const std::string& network);
// What `files written` says of a Verilated model: "DIR (top T, Verilated: M), model
// cached" or "..., model built in S s".
std::string modelNote(const std::string& dir, const std::string& top, const std::string& model,
                      const RtlBuild& b);

}  // namespace flow
}  // namespace hypercast
