// `regress slurm DIR`: the regression as SLURM batch scripts, in two stages.
//  1. DIR/slurm/build.sbatch runs, one after the other, the first job of each
//     distinct Verilated model (jobs.json's builds_model): each model is built
//     once into the shared cache ($HYPERCAST_CACHE) and that job is done.
//  2. DIR/slurm/array.sbatch, `--array=0-(J-1)%K`: task i runs
//     `hypercast regress run-one DIR --index i`; the models are in the cache and
//     the build stage's jobs are skipped (already complete).
// Submitted with `sbatch --dependency=afterok:<build id> array.sbatch`, so no
// array task starts before every model exists (and none builds one twice).
// A task exits 0 when its job ran, whatever the verdict: `regress report`
// gives the verdict; a task fails only when its job could not be run.
#pragma once

#include <string>
#include <vector>

#include "regress/regress_job.h"

namespace hypercast {
namespace regress {

struct SlurmSettings {
  std::string dir;        // absolute
  std::string hypercast;  // absolute path of the tool
  std::string cache;      // absolute: the shared HYPERCAST_CACHE
  std::string partition;  // "" the cluster's default
  std::string time;       // --time per task ("" the partition's limit): 30, 1:30:00, 2-0
  std::string mem;        // --mem per task ("" the cluster's default): 4G, 4096
  std::string account;    // --account ("" the user's default)
  int array_limit = 8;    // tasks at once
  std::string name;       // the regression's name (job names)
};

struct SlurmScripts {
  std::string build;  // "" when no job needs a Verilated model
  std::string array;
  int models = 0;
};

SlurmScripts slurmScripts(const SlurmSettings& s, const std::vector<RegressJob>& jobs);
std::string slurmDir(const std::string& dir);

// Submits the scripts written in DIR/slurm with `sbatch --parsable` (the array
// after the build job with --dependency=afterok); returns the job ids, build
// first ("" when there is no build stage). Throws Error with sbatch's message.
struct SlurmIds {
  std::string build, array;
};
SlurmIds submitSlurm(const std::string& dir, bool has_build);

}  // namespace regress
}  // namespace hypercast
