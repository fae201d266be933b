// libFuzzer target: the schedule harness's job.json (gen/sim/sched_job.*), read
// by tb/sched_main.cpp, and the network description in it. A job parseSchedJob
// accepts must also survive the round trip: what serializeSchedJob writes parses
// again, to the same text. hypercast::Error is the expected refusal; any other
// exception, a crash, a sanitizer report or a changed round trip is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "sim/sched_job.h"
#include "util/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    (void)hypercast::networkDescFromJson(text);
  } catch (const hypercast::Error&) {
  }
  hypercast::SchedJob job;
  try {
    job = hypercast::parseSchedJob(text);
  } catch (const hypercast::Error&) {
    return 0;
  }
  const std::string once = hypercast::serializeSchedJob(job);
  const std::string twice = hypercast::serializeSchedJob(hypercast::parseSchedJob(once));
  if (once != twice) {
    std::fprintf(stderr, "round trip changed the job:\n--- once\n%s--- twice\n%s", once.c_str(),
                 twice.c_str());
    std::abort();
  }
  return 0;
}
