// libFuzzer target: the hypercycle harness's job file (gen/sim/sim_job.*), read
// by tb/sim_main.cpp. hypercast::Error is the expected refusal; any other
// exception, a crash, a sanitizer report or a round trip that changes the job
// (round_trip.h) is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "round_trip.h"
#include "sim/sim_job.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  checkRoundTrip(std::string(reinterpret_cast<const char*>(data), size), hypercast::parseJob,
                 hypercast::serializeJob);
  return 0;
}
