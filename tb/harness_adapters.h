// The harnesses' adapters: one per job kind (sim/job_file.h), each running a
// job of its kind to a verdict. tb/harness_main.cpp, the one sc_main, picks
// the adapter from its table by the job's kind; an executable links the
// adapters it defines HC_ADAPTER_<KIND> for (tb/CMakeLists.txt for hc-harness,
// gen/flow/verilated_build.cpp for the Verilated harnesses).
//
// Each returns the exit status: 0 PASS, 1 FAIL; a job it cannot run throws
// (hypercast::Error), which the main reports on one line with exit status 2.
#pragma once

#include "sim/job_file.h"

namespace hypercast {
namespace tb {

int runRouterNetwork(const JobFile& job);    // tb/router_harness.cpp
int runScheduleNetwork(const JobFile& job);  // tb/sched_harness.cpp
int runWormholeMesh(const JobFile& job);     // tb/mesh_harness.cpp
int runGlobalSum(const JobFile& job);        // tb/sum_cosim.cpp (Verilated only)
int runAccumulation(const JobFile& job);     // tb/acc_cosim.cpp (Verilated only)

}  // namespace tb
}  // namespace hypercast
