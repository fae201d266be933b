// `regress report DIR`: every job's summary.json merged into DIR/junit.xml (one
// testcase per job), DIR/summary.md (counts, the failures, every job) and
// DIR/report.json. A job without a current result (never run, interrupted, or
// run by another hypercast build) is "missing": a skipped testcase, and the
// report fails as it does for a failed job.
#pragma once

#include <string>
#include <vector>

#include "regress/regress_job.h"

namespace hypercast {
namespace regress {

struct RegressReport {
  int total = 0, passed = 0, failed = 0, errors = 0, missing = 0;
  std::string junit, markdown, json;
  bool ok() const { return passed == total; }
};

RegressReport buildReport(const std::string& dir, const std::vector<RegressJob>& jobs);

// DIR/plan.json: the regression's name, source file and the pairs it skipped.
std::string planMetaPath(const std::string& dir);

}  // namespace regress
}  // namespace hypercast
