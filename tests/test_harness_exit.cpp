// runHarness (flow/harness_run.h) turns a simulation harness's exit status into
// hypercast's: 2 (the harness refused the job: bad input) an Error holding its
// last line, 3 (the harness failed itself: a model's own check, SystemC's
// report) an internal error, a std::exception that is no Error, which main
// reports as "hypercast: internal error: ..." with exit 3. A stand-in harness
// (/bin/sh) says each.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "flow/harness_run.h"
#include "util/error.h"

namespace {

// Runs a stand-in harness that prints `line` on stderr and exits `code`; the
// exception it raises, as "Error: ..." or "internal: ...".
std::string outcome(const std::string& line, int code) {
  try {
    hypercast::flow::runHarness(
        {"/bin/sh", "-c", "echo '" + line + "' >&2; exit " + std::to_string(code)});
  } catch (const hypercast::Error& e) {
    return std::string("Error: ") + e.what();
  } catch (const std::exception& e) {
    return std::string("internal: ") + e.what();
  }
  return "returned";
}

}  // namespace

TEST(HarnessExit, RefusalIsBadInput) {
  EXPECT_EQ(outcome("hc-harness: the job has no broadcasts", 2),
            "Error: the job has no broadcasts");
}

TEST(HarnessExit, ItsOwnFailureIsAnInternalError) {
  EXPECT_EQ(outcome("hc-harness: internal error: router model: input buffer overflow", 3),
            "internal: simulation harness: router model: input buffer overflow");
}
