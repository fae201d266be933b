// libFuzzer target: the hypercycle harness's job file (gen/sim/sim_job.*), read
// by tb/sim_main.cpp. A text parseJob accepts must also survive the round trip:
// what serializeJob writes parses again, to the same text. hypercast::Error is
// the expected refusal; any other exception, a crash, a sanitizer report or a
// round trip that changes the job is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "sim/sim_job.h"
#include "util/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  hypercast::SimJob job;
  try {
    job = hypercast::parseJob(text);
  } catch (const hypercast::Error&) {
    return 0;
  }
  const std::string once = hypercast::serializeJob(job);
  const std::string twice = hypercast::serializeJob(hypercast::parseJob(once));
  if (once != twice) {
    std::fprintf(stderr, "round trip changed the job:\n--- once\n%s--- twice\n%s", once.c_str(),
                 twice.c_str());
    std::abort();
  }
  return 0;
}
