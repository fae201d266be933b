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

// Every kind of network Verilates its whole top by default while nodes x ports
// per node is at most this (and with --wave): Verilator emits every instance, so
// the top's C++ grows with that product (about 0.3 MB per node and port,
// docs/results.md "Verilator builds and simulation speed"), while the wired
// model builds one node whatever N is and runs identically.
constexpr uint64_t kWholeTopPortEnds = 32;
// --rtl-model as given: auto (default), network or wired; the old per-kind
// names (routers, nodes, tiles) are refused naming wired. Throws Error.
std::string parseRtlModel(const Params& a);
// --rtl-model of a network of `nodes` nodes of `ports` ports each: the whole top
// ("network") by default up to kWholeTopPortEnds (and with --wave), at most up to
// `whole_limit` nodes; the other model, kWiredModel, Verilates one node and wires
// N copies.
std::string chooseRtlModel(const Params& a, uint64_t nodes, uint64_t ports, uint64_t whole_limit);
// What `files written` says of a Verilated model: "DIR (top T, Verilated: M), model
// cached" or "..., model built in S s".
std::string modelNote(const std::string& dir, const std::string& top, const std::string& model,
                      const RtlBuild& b);

}  // namespace flow
}  // namespace hypercast
