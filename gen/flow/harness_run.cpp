#include "flow/harness_run.h"

#include <stdlib.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "flow/sim_outputs.h"
#include "tools/launcher.h"
#include "util/error.h"
#include "util/json_text.h"
#include "util/last_line.h"

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

// Runs a simulation harness: its stdout is ours; its stderr is passed on line by
// line as it comes (its progress, util/progress.h), except the lines of
// harness_main's refusal ("hc-harness: ..."), held until it ends: when it rejects
// the job (exit 2), the last line becomes our one-line error.
CommandReport runHarness(const std::vector<std::string>& argv,
                         const std::optional<ReportHead>& report) {
  ::setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  tools::RunOptions options;
  options.capture_stderr = true;
  options.capture_stdout = report.has_value();
  std::string partial, held;  // a line not yet complete; the lines held back
  options.on_stderr = [&](const std::string& piece) {
    partial += piece;
    for (size_t nl; (nl = partial.find('\n')) != std::string::npos;) {
      const std::string line = partial.substr(0, nl + 1);
      partial.erase(0, nl + 1);
      if (line.rfind("hc-harness: ", 0) == 0) {
        held += line;
      } else {
        std::cerr << line << std::flush;
      }
    }
  };
  const tools::RunResult r = tools::runProcess(argv, options);
  const std::string rest = held + partial;  // what was not passed on yet
  if (r.signal == SIGPIPE) {
    // Its reader went away (`--trace /dev/stdout | head`): end as it did, quietly.
    interrupt::removeRegistered();
    ::signal(SIGPIPE, SIG_DFL);
    ::raise(SIGPIPE);
  }
  if (r.signal) {
    std::cerr << rest << std::flush;  // what it said before it crashed
    throw Error("the simulation harness crashed (" + r.status() + ")");
  }
  if (r.code == interrupt::exitStatus(SIGINT) || r.code == interrupt::exitStatus(SIGTERM)) {
    throw interrupt::Interrupted(r.code - 128);
  }
  if (r.code == 2 || r.code == 3) {
    std::string line = lastLine(r.err, {"hc-harness: ", "hc-sim: ", "hc-sched: ", "hc-mesh: "});
    // 2: the job was refused (bad input); 3: the harness failed itself (a
    // model's own check): hypercast's internal error, exit 3.
    if (r.code == 3) {
      const std::string internal = "internal error: ";
      if (line.rfind(internal, 0) == 0) line = line.substr(internal.size());
      throw std::runtime_error("simulation harness: " + line);
    }
    throw Error(line.empty() ? "the simulation harness rejected the job" : line);
  }
  std::cerr << rest << std::flush;
  if (report) {
    // The harness's one document, with the common keys first; anything else
    // (not one JSON object) is passed on as it came.
    nlohmann::ordered_json body;
    try {
      body = nlohmann::ordered_json::parse(r.out);
    } catch (const nlohmann::json::exception&) {
      body = nullptr;
    }
    if (!body.is_object()) return textReport(r.out, r.code);
    ReportHead head = *report;
    head.verdict = reportVerdict(r.code == 0);
    return jsonReport(head, body, r.code);
  }
  return textReport("", r.code);  // its report went to stdout as it ran
}

std::string systemcHarness() {
  const std::string exe = selfDir() + "/hc-harness";
  if (!std::filesystem::exists(exe)) {
    throw Error("missing " + exe + " (build the hc-harness target)");
  }
  return exe;
}

std::optional<ReportHead> simulateReport(const Params& a, const NetworkDesc& net) {
  if (!a.has("json")) return std::nullopt;
  ReportHead head{"simulate", net.topology, net.label, "fail", {}};
  for (const char* opt : {"trace", "wave"}) {
    if (a.has(opt)) head.files.push_back(a.get(opt));
  }
  return head;
}

}  // namespace flow
}  // namespace hypercast
