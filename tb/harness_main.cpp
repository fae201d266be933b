// The one sc_main of every simulation harness (hc-harness and the Verilated
// ones `hypercast simulate` builds):
//
//   HARNESS --job FILE      exit 0: PASS, 1: FAIL, 2: a job it cannot run
//
// It reads the job file's envelope (sim/job_file.h) and runs the adapter of the
// job's kind from the one table below (tb/harness_adapters.h).
//
// Which adapters an executable holds is decided when this file is compiled:
// HC_ADAPTER_<KIND> (HC_ADAPTER_ROUTER_NETWORK, ...) for each kind it links.
// hc-harness defines the three SystemC adapters (tb/CMakeLists.txt); a
// Verilated harness defines the one its model serves (HarnessSpec::kind,
// gen/flow/verilated_build.cpp), since its adapter's RTL hooks exist for that
// model only. A kind without its macro is a null entry: no symbol is
// referenced, nothing needs a stub, and its jobs are refused with exit 2. (Weak
// symbols would pick the same from the link instead, but a static library's
// member is not pulled in by a weak reference: the table would silently lose
// an adapter.)
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <systemc>

#include "sim/job_file.h"
#include "tb/harness_adapters.h"
#include "util/error.h"

namespace {

using hypercast::JobFile;
using hypercast::JobKind;
using Adapter = int (*)(const JobFile&);

#ifdef HC_ADAPTER_ROUTER_NETWORK
constexpr Adapter kRouterNetwork = &hypercast::tb::runRouterNetwork;
#else
constexpr Adapter kRouterNetwork = nullptr;
#endif
#ifdef HC_ADAPTER_SCHEDULE_NETWORK
constexpr Adapter kScheduleNetwork = &hypercast::tb::runScheduleNetwork;
#else
constexpr Adapter kScheduleNetwork = nullptr;
#endif
#ifdef HC_ADAPTER_WORMHOLE_MESH
constexpr Adapter kWormholeMesh = &hypercast::tb::runWormholeMesh;
#else
constexpr Adapter kWormholeMesh = nullptr;
#endif
#ifdef HC_ADAPTER_GLOBAL_SUM
constexpr Adapter kGlobalSum = &hypercast::tb::runGlobalSum;
#else
constexpr Adapter kGlobalSum = nullptr;
#endif
#ifdef HC_ADAPTER_ACCUMULATION
constexpr Adapter kAccumulation = &hypercast::tb::runAccumulation;
#else
constexpr Adapter kAccumulation = nullptr;
#endif

struct Entry {
  JobKind kind;
  Adapter run;  // null: not linked into this executable
};
const Entry kAdapters[] = {{JobKind::kRouterNetwork, kRouterNetwork},
                           {JobKind::kScheduleNetwork, kScheduleNetwork},
                           {JobKind::kWormholeMesh, kWormholeMesh},
                           {JobKind::kGlobalSum, kGlobalSum},
                           {JobKind::kAccumulation, kAccumulation}};

// The kinds this executable runs, for the refusal.
std::string linkedKinds() {
  std::string s;
  for (const Entry& e : kAdapters) {
    if (e.run) s += std::string(s.empty() ? "" : ", ") + toString(e.kind);
  }
  return s;
}

}  // namespace

int sc_main(int argc, char** argv) {
  using hypercast::Error;
  try {
    if (argc != 3 || std::string(argv[1]) != "--job") throw Error("usage: hc-harness --job FILE");
    const std::string path = argv[2];
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error("cannot read the job file " + path);
    std::stringstream text;
    text << in.rdbuf();
    JobFile job = hypercast::readJobFile(text.str());
    job.path = path;
    for (const Entry& e : kAdapters) {
      if (e.kind != job.kind) continue;
      if (!e.run) {
        throw Error(std::string("this harness runs ") + linkedKinds() + " jobs, not " +
                    toString(job.kind) + " (" + path + ")");
      }
      return e.run(job);
    }
    throw Error("no adapter for the job's kind");  // every kind has its entry
  } catch (const Error& e) {                       // a job it cannot run: bad input
    std::cerr << "hc-harness: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {  // a model's own check, SystemC's report, no memory
    std::cerr << "hc-harness: internal error: " << hypercast::oneLine(e.what()) << "\n";
    return 3;
  }
}
