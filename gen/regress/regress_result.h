// A job's result folder, DIR/results/<id>/:
//   summary.json  what `report` reads: the job, its content hash, status
//                 (pass | fail | error), exit status, seconds, the failure's
//                 message, and the command's own --json report;
//   report.json   the command's JSON report: its standard output (--json),
//                 or for synth (no --json) a copy of synth/synth_report.json;
//   report.txt    synth only: its standard output (the Markdown report);
//   log.txt       its standard error;
//   trace.csv     on a failed simulate: the run again with --trace;
//   synth/        a synth job's --out folder.
// The job runs in DIR/results/.tmp-<id>@<host>-<pid>/ and the folder is renamed
// to <id>/ once summary.json is written: a job killed midway leaves only a
// .tmp-* folder (removed when the job runs again), never a folder that looks
// complete. A job is done when <id>/summary.json holds the job's current hash.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "regress/regress_job.h"
#include "util/interrupt.h"

namespace hypercast {
namespace regress {

std::string resultsDir(const std::string& dir);
std::string resultDir(const std::string& dir, const RegressJob& job);

// DIR/results/<id>/summary.json, or null when absent or unreadable.
nlohmann::json readSummary(const std::string& dir, const RegressJob& job);

bool isComplete(const std::string& dir, const RegressJob& job, const std::string& hash);

// How a job's command ended, read from its exit status and output.
struct JobOutcome {
  std::string status;  // pass | fail | error
  int exit_code = -1;  // -1: ended by a signal
  int signal = 0;
  double seconds = 0;
  std::string message;  // failures: the first divergence, the checker's, or the error line
};
// exit 0 pass, 1 fail (verification), anything else error. `report` is the
// command's stdout, `log` its stderr.
JobOutcome classify(int exit_code, int signal, const std::string& report, const std::string& log);
// Ended by an interrupt (SIGINT/SIGTERM, or exit 130/143): nothing is recorded.
bool interrupted(int exit_code, int signal);

// The work folder of one run of a job (see above): created at construction
// (stale .tmp-<id>@* folders of earlier runs removed first), removed on
// destruction, an error or an interrupt unless commit() renamed it into place.
class JobWork {
 public:
  JobWork(const std::string& dir, const RegressJob& job);
  const std::string& path() const { return guard_.path(); }
  // Writes summary.json into the folder and renames it to DIR/results/<id>/
  // (an older result of the job is replaced).
  void commit(const nlohmann::ordered_json& summary);

 private:
  std::string final_;
  interrupt::TempPath guard_;
};

// Where the job's standard output goes in its folder: report.json, or
// report.txt for synth, whose stdout is no JSON.
std::string stdoutFile(const RegressJob& job);
// After the job ran in `work`: a synth job's synth/synth_report.json copied to
// report.json (nothing when the job wrote none).
void placeReport(const RegressJob& job, const std::string& work);

// The summary.json of a finished run: its "report" is report.json's JSON (null
// when absent or not JSON).
nlohmann::ordered_json summaryJson(const RegressJob& job, const std::string& hash,
                                   const JobOutcome& o, const std::string& work);

}  // namespace regress
}  // namespace hypercast
