// Runs a planned regression's jobs: `regress run DIR -j N` (all of them, N at a
// time) and `regress run-one DIR --index I` (one SLURM array task). A job whose
// result folder holds its current hash is skipped; each other job runs the
// current hypercast (/proc/self/exe) as a child process in a work folder that
// is renamed into place when it ends (regress_result.h). A simulate job that
// fails is run again with --trace into its folder.
//
// SIGINT/SIGTERM (Ctrl-C): every running job's process group gets it, the
// runner waits for them (SIGKILL after 10 s), removes their work folders and
// throws interrupt::Interrupted: nothing half-done is marked complete, and a
// rerun runs exactly what is missing.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "regress/regress_job.h"

namespace hypercast {
namespace regress {

struct RunCounts {
  int total = 0;                           // jobs asked for
  int already = 0;                         // complete before this run
  int passed = 0, failed = 0, errors = 0;  // of every job asked for, this run's and earlier
};

struct RunSettings {
  int parallel = 1;
  bool tty = false;    // progress bar (else plain lines)
  bool quiet = false;  // no progress: only the jobs that did not pass are named
};

// The time a run has left, in seconds, for its progress line: each running job
// needs the mean time of the jobs this run finished (`finished`) less what it
// has run (`running`: seconds since each started; at least 0), each job still
// to start (`queued`) the mean; the sum is shared by `parallel` job slots (at
// most the jobs left). While no job ends, it only shrinks. -1 (unknown) before
// the first job of this run ends or once a running job has run longer than the
// mean (rather than "0:00 left" while it runs on); 0 when nothing is left.
double secondsLeft(const std::vector<double>& finished, const std::vector<double>& running,
                   int queued, int parallel);

// Runs `which` (indices into jobs; every job when empty). Progress goes to `progress`.
RunCounts runJobs(const std::string& dir, const std::vector<RegressJob>& jobs,
                  const std::vector<int>& which, const RunSettings& s, std::ostream& progress);

}  // namespace regress
}  // namespace hypercast
