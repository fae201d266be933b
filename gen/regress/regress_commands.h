// The verbs of `hypercast regress` on their typed parameters: plan (the YAML
// file expanded into jobs), run and run-one (the jobs run here), slurm (the
// SLURM scripts written, and submitted), report (JUnit XML, Markdown, JSON).
// Each prints its summary lines on `out` and returns the exit status.
#pragma once

#include <iosfwd>
#include <string>

#include "util/params.h"

namespace hypercast {
namespace regress {

struct RegressRequest {
  std::string verb;  // plan, run, run-one, slurm, report
  // plan: the regression file (REGRESSION.yaml); the others: the regression's
  // folder; empty when not given (an error naming what is missing).
  std::string path;
};

// Runs the verb with its options (plan: --out, --allow-large; run: -j; run-one: --index;
// slurm: --partition, --array-limit, --cache, --submit). Progress of run goes
// to `progress`. Throws Error on bad input.
int runRegressVerb(const RegressRequest& r, const Params& options, std::ostream& out,
                   std::ostream& progress);

}  // namespace regress
}  // namespace hypercast
