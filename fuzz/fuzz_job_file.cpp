// libFuzzer target: the harnesses' one job file (gen/sim/job_file.h), read by
// tb/harness_main.cpp, and each kind's body. hypercast::Error is the expected
// refusal; any other exception (an internal error, finding.h), a crash, a sanitizer report or a
// round trip that changes the job (round_trip.h) is a finding. The seeds (corpus/job_file) hold a
// job of every kind.
#include <cstddef>
#include <cstdint>
#include <string>

#include "finding.h"
#include "round_trip.h"
#include "sim/combining_job.h"
#include "sim/job_file.h"
#include "sim/mesh_job.h"
#include "sim/sched_job.h"
#include "sim/sim_job.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace hypercast;
  const std::string text(reinterpret_cast<const char*>(data), size);
  onlyRefusals([&] { (void)networkDescFromJson(text); });
  onlyRefusals([&] {
    const JobFile file = readJobFile(text);
    switch (file.kind) {
      case JobKind::kRouterNetwork:
        checkRoundTrip<SimJob>(text, parseJob, serializeJob);
        break;
      case JobKind::kScheduleNetwork:
        checkRoundTrip<SchedJob>(text, parseSchedJob, serializeSchedJob);
        break;
      case JobKind::kWormholeMesh:
        checkRoundTrip<MeshJob>(text, parseMeshJob, serializeMeshJob);
        break;
      case JobKind::kGlobalSum:
        checkRoundTrip<GlobalSumJob>(text, parseGlobalSumJob, serializeGlobalSumJob);
        break;
      case JobKind::kAccumulation:
        checkRoundTrip<AccumulationJob>(text, parseAccumulationJob, serializeAccumulationJob);
        break;
    }
  });
  return 0;
}
