// The simulation harnesses (tb/) as the commands run them: a temporary folder
// for the job's files, and the harness's exit-code conventions turned into
// hypercast's errors. The process itself is run by tools/launcher.h.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "topology/network.h"
#include "util/interrupt.h"
#include "util/params.h"
#include "util/report_json.h"

namespace hypercast {
namespace flow {

// Runs a simulation harness (tb/): its stdout is ours; its stderr is passed on
// once it ends, except when it rejects the job (exit 2), whose last line
// becomes our one-line Error, or fails itself (exit 3: a model's own check),
// whose last line becomes a std::runtime_error (main's internal error, exit 3). A crash is an
// Error, SIGINT/SIGTERM an interrupt::Interrupted; a harness whose reader went away (SIGPIPE) ends
// us the same way. Returns its exit status (0 pass, 1 verification failed) in a CommandReport whose
// text is empty: the harness's stdout (its report, a trace to /dev/stdout) streams as it runs.
// Under --json (a `report`), the harness's document is read instead and returned as the command's
// report (util/report_json.h): the common keys first, the verdict from the harness's exit status.
CommandReport runHarness(const std::vector<std::string>& argv,
                         const std::optional<ReportHead>& report = std::nullopt);

// The SystemC-only harness, hc-harness, beside this executable (tb/harness_main.cpp
// linked with every SystemC adapter); throws Error when it is not built.
std::string systemcHarness();

// simulate's report head under --json (else none): the network, and the files
// --trace and --wave name.
std::optional<ReportHead> simulateReport(const Params& a, const NetworkDesc& net);

// A temporary folder in /tmp for a harness's job files, removed at the end, on
// an error or on an interrupt (util/interrupt.h).
struct TempDir {
  std::string path;
  interrupt::TempPath guard;
  TempDir();
  // Writes `text` to path/name (creating folders); throws Error if it cannot.
  void write(const std::string& name, const std::string& text) const;
};

}  // namespace flow
}  // namespace hypercast
