// `hypercast simulate --collective accumulation|global-sum`: the combining
// network (flow/combining.h) Verilated once per distinct network (cached by
// content, flow/verilated_build.h), linked with its lock-step harness and the SystemC
// model, and run on seeded random inputs.
#include <iostream>

#include "flow/combining.h"
#include "flow/flow.h"
#include "flow/harness_run.h"
#include "flow/verilated_build.h"
#include "sim/combining_job.h"
#include "util/error.h"
#include "util/interrupt.h"
#include "util/test_hooks.h"

namespace hypercast {
namespace flow {

CommandReport combiningSimulate(const Params& a) {
  const std::string engine = a.get("engine", "cosim");
  if (engine != "cosim") {
    throw Error("--collective " + a.get("collective") +
                " runs in cosim only (the Verilated network in lock step with the SystemC "
                "model), not --engine " +
                engine);
  }
  for (const char* opt :
       {"rtl-model", "trace", "wave", "payload-width", "sources", "all-sources", "random", "window",
        "start", "max-cycles", "watchdog", "traffic", "rate", "cycles"}) {
    if (a.has(opt)) {
      throw Error(std::string("--") + opt + " does not apply to --collective " +
                  a.get("collective") + " (its harness checks every node's value each cycle)");
    }
  }
  const uint64_t seed = static_cast<uint64_t>(a.getInt("seed", 1, 0, 1LL << 62));
  const long long runs = a.getInt("repeat", 4, 1, 1000000);
  const bool quiet = a.has("quiet");  // progress stays under --json (stderr)
  CombiningRtl rtl = buildCombiningRtl(a);
  checksDone();
  const bool acc = rtl.collective == "accumulation";
  HarnessSpec spec;
  spec.kind = acc ? JobKind::kAccumulation : JobKind::kGlobalSum;
  spec.name = rtl.top;
  spec.files = rtl.files;
  spec.verilog_files = rtl.verilog_files;
  spec.top = rtl.top;
  spec.prefix = acc ? "Vacc" : "Vsum";
  spec.adapter = acc ? "tb/acc_cosim.cpp" : "tb/sum_cosim.cpp";
  spec.libs = {"VMODEL",       "libverilated_rt.a", "libhc_sched_model.a", "libhc_simjob.a",
               "libhc_emit.a", "libhc_algorithm.a", "libhc_topology.a",    "libhc_util.a"};
  const RtlBuild b = buildVerilatedHarness(spec, quiet);
  const TempDir job_dir;
  const CosimRuns run{seed, runs, a.has("json")};
  rtl.sum_job.run = run;
  rtl.acc_job.run = run;
  job_dir.write("job.json",
                acc ? serializeAccumulationJob(rtl.acc_job) : serializeGlobalSumJob(rtl.sum_job));
  const std::string job = job_dir.path + "/job.json";
  checkTestHooks(rtl.net.nodes());  // before anything is printed
  if (!a.has("json")) {
    std::cout << "network          " << rtl.net.label << ", " << rtl.net.nodes() << " nodes\n"
              << rtl.summary << "files written    " << b.dir << " (Verilated: network"
              << (b.cached ? ", model cached"
                           : ", model built in " +
                                 std::to_string(static_cast<int>(b.seconds + 0.5)) + " s")
              << ")\n"
              << std::flush;
  }
  return runHarness({b.exe, "--job", job}, simulateReport(a, rtl.net));
}

}  // namespace flow
}  // namespace hypercast
