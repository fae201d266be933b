// A regression's folder, step by step, as `hypercast regress` drives it: the
// plan written from the YAML file (jobs.json, plan.json), the SLURM scripts
// written and submitted (slurm/), the report written (junit.xml, summary.md,
// report.json). Each step checks its inputs before it writes anything.
#pragma once

#include <string>
#include <vector>

#include "regress/regress_report.h"
#include "regress/slurm_script.h"

namespace hypercast {
namespace regress {

struct PlanWritten {
  size_t jobs = 0;
  int models = 0;  // distinct Verilated models the jobs build
  std::vector<std::string> skipped;
};
// Expands `yaml` into out/jobs.json and out/plan.json (out: a new or empty folder);
// allow_large as planRegression's.
PlanWritten writePlan(const std::string& yaml, const std::string& out, bool allow_large = false);

struct SlurmWritten {
  std::string slurm_dir;  // DIR/slurm
  size_t tasks = 0;
  int models = 0;  // Verilated models the build stage builds (0: no build stage)
  bool has_build = false;
};
// Writes DIR/slurm/array.sbatch (and build.sbatch when a job builds a model)
// for the jobs of s.dir; s.name is read from the plan. Throws Error.
SlurmWritten writeSlurm(SlurmSettings s);
// Submits what writeSlurm wrote and records the ids in DIR/slurm/submitted.json.
SlurmIds submitAndRecord(const SlurmWritten& w, const std::string& dir);

// Writes DIR/junit.xml, summary.md and report.json; returns the report.
RegressReport writeReport(const std::string& dir);

}  // namespace regress
}  // namespace hypercast
