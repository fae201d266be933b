// libFuzzer target: the schedule harness's job.json (gen/sim/sched_job.*), read
// by tb/sched_main.cpp, and the network description in it. hypercast::Error is
// the expected refusal; any other exception, a crash, a sanitizer report or a
// round trip that changes the job (round_trip.h) is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "round_trip.h"
#include "sim/sched_job.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    (void)hypercast::networkDescFromJson(text);
  } catch (const hypercast::Error&) {
  }
  checkRoundTrip(text, hypercast::parseSchedJob, hypercast::serializeSchedJob);
  return 0;
}
