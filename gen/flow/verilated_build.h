// Builds (once per distinct network, cached by content) the executable that runs
// a generated network's Verilated RTL, alone or in lock step with the SystemC
// model: verilator --build on the emitted RTL, then the harness (tb/) linked
// against the model archive and the shared Verilator runtime.
#pragma once

#include <string>
#include <vector>

#include "emit/hypercycle_rtl.h"
#include "sim/job_file.h"

namespace hypercast {
namespace flow {

struct RtlBuild {
  std::string exe;
  std::string dir;  // cache entry: rtl/ (the emitted files), build.log, obj/ (plain paths)
  bool cached = false;
  double seconds = 0;
};

enum class RtlModel {
  kNetwork,  // Verilate the generated whole-network top (code grows with N)
  kWired,    // Verilate the generated router once; the harness wires N of them
};
// --rtl-model's name of the per-node model, one for every kind of network: the
// routers, schedule nodes or mesh tiles Verilated once and wired N times.
constexpr const char* kWiredModel = "wired";
const char* toString(RtlModel m);

// Cache root: $HYPERCAST_CACHE, else $XDG_CACHE_HOME/hypercast, else ~/.cache/hypercast.
std::string cacheRoot();

// One Verilated harness: the emitted files, what to Verilate, and the tb/ adapter
// and libraries it links with. The executable is tb/harness_main.cpp (the one
// sc_main) as compiled with HC_ADAPTER_<KIND> for `kind` (libhc_main_<kind>.a,
// tb/CMakeLists.txt), the adapter source and the libraries: it runs job files
// of that kind and refuses the others.
struct HarnessSpec {
  JobKind kind = JobKind::kRouterNetwork;               // the jobs it runs
  std::string name;                                     // cache entry prefix
  FileSet files;                                        // written to <entry>/rtl
  std::vector<std::string> verilog_files;               // relative to rtl/, in compile order
  std::string top;                                      // --top-module
  std::vector<std::pair<std::string, int>> parameters;  // -G<name>=<value> on the top
  std::vector<std::string> verilator_args;              // further Verilator options
  std::string prefix;             // Verilator --prefix (Vnet, Vrouter, Vsched)
  std::string adapter;            // tb/ source, relative to the source tree
  std::vector<std::string> libs;  // link order; "VMODEL" is the Verilated archive
  bool trace = false;             // --trace-fst model, VM_TRACE harness (--wave)
};
RtlBuild buildVerilatedHarness(const HarnessSpec& spec, bool quiet);

// The hypercycle broadcast network's harness (tb/router_harness.cpp).
RtlBuild buildRtlHarness(const HypercycleRtl& rtl, RtlModel model, bool quiet, bool trace = false);

// The libraries a weight-router network's harness links, in link order ("VMODEL"
// is the Verilated archive): buildRtlHarness's, and the AXI4-Stream top's.
const std::vector<std::string>& hypercycleHarnessLibs();

}  // namespace flow
}  // namespace hypercast
