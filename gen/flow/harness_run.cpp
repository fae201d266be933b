#include "flow/harness_run.h"

#include <stdlib.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "tools/launcher.h"
#include "util/error.h"

namespace hypercast {
namespace flow {

TempDir::TempDir() {
  char tmpl[] = "/tmp/hypercast-job-XXXXXX";
  interrupt::BlockSignals block;  // created and registered as one step
  if (!::mkdtemp(tmpl)) throw Error("cannot create a temporary folder in /tmp");
  path = tmpl;
  guard = interrupt::TempPath(path, /*tree=*/true);
}

void TempDir::write(const std::string& name, const std::string& text) const {
  const std::filesystem::path p = std::filesystem::path(path) / name;
  std::filesystem::create_directories(p.parent_path());
  std::ofstream f(p, std::ios::binary);
  f << text;
  if (!f) throw Error("cannot write the job file " + p.string());
}

// Runs a simulation harness: its stdout is ours; its stderr is passed on once it
// ends, except when it rejects the job (exit 2), whose last line becomes our
// one-line error.
int runHarness(const std::vector<std::string>& argv) {
  ::setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  tools::RunOptions options;
  options.capture_stderr = true;
  const tools::RunResult r = tools::runProcess(argv, options);
  if (r.signal == SIGPIPE) {
    // Its reader went away (`--trace /dev/stdout | head`): end as it did, quietly.
    interrupt::removeRegistered();
    ::signal(SIGPIPE, SIG_DFL);
    ::raise(SIGPIPE);
  }
  if (r.signal) {
    std::cerr << r.err << std::flush;  // what it said before it crashed
    throw Error("the simulation harness crashed (" + r.status() + ")");
  }
  if (r.code == interrupt::exitStatus(SIGINT) || r.code == interrupt::exitStatus(SIGTERM)) {
    throw interrupt::Interrupted(r.code - 128);
  }
  if (r.code == 2) {
    std::string line = r.err;
    while (!line.empty() && line.back() == '\n') line.pop_back();
    line = line.substr(line.rfind('\n') == std::string::npos ? 0 : line.rfind('\n') + 1);
    for (const char* prefix : {"hc-sim: ", "hc-sched: ", "hc-sum-cosim: ", "hc-acc-cosim: "}) {
      if (line.rfind(prefix, 0) == 0) line = line.substr(std::string(prefix).size());
    }
    throw Error(line.empty() ? "the simulation harness rejected the job" : line);
  }
  std::cerr << r.err << std::flush;
  return r.code;
}

}  // namespace flow
}  // namespace hypercast
