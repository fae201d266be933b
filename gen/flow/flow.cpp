#include "flow/flow.h"

#include <stdexcept>

#include "flow/checked_schedule.h"
#include "flow/combining.h"
#include "flow/command_files.h"
#include "flow/limits.h"
#include "flow/mesh_schedule.h"
#include "flow/router_network.h"
#include "flow/schedule_network.h"
#include "flow/synth_steps.h"
#include "flow/wormhole_mesh.h"
#include "topology/registry.h"
#include "util/error.h"
#include "util/progress.h"

namespace hypercast {
namespace flow {

namespace {

bool combiningMatches(const Params& p, Step) { return wantsCombining(p); }

bool wormholeMatches(const Params& p, Step step) {
  // The same construction choice for every command (flow/mesh_schedule.h):
  // `schedule` asks wantsMeshBroadcast, generate and simulate wantsWormholeMesh.
  return step == Step::kSchedule ? wantsMeshBroadcast(p) : wantsWormholeMesh(p);
}

bool scheduleMatches(const Params& p, Step step) {
  return step == Step::kSchedule || wantsSchedule(p);
}

bool routerMatches(const Params&, Step) { return true; }

}  // namespace

const std::vector<Flow>& flowTable() {
  static const std::vector<Flow> table = {
      {"combining-network",
       "Faber's accumulation and global sum on hc_acc_node / hc_sum_node (any Cayley graph)",
       combiningMatches, combiningSchedule, combiningGenerate, combiningSimulate, combiningSynth},
      {"wormhole-mesh",
       "Cang & Wu's broadcast on wormhole mesh tiles (equal power-of-two sides, intact)",
       wormholeMatches, meshBroadcastSchedule, generateWormholeMesh, wormholeSimulate,
       wormholeSynth},
      {"schedule-network", "any topology's collectives on schedule-ROM nodes (hc_sched_node)",
       scheduleMatches, scheduleCommand, scheduleGenerate, scheduleSimulate, scheduleSynth},
      {"router-network", "the hypercycle's weight-based broadcast routers (hc_router)",
       routerMatches, scheduleCommand, routerGenerate, routerSimulate, routerSynth},
  };
  return table;
}

const Flow& chooseFlow(const Params& p, Step step) {
  for (const Flow& f : flowTable()) {
    if (f.matches(p, step)) return f;
  }
  return flowTable().back();
}

namespace {

// Inside checkStep: the steps stop at checksDone().
thread_local bool g_checking = false;

struct ChecksDone {};

}  // namespace

void checksDone() {
  if (g_checking) throw ChecksDone{};
}

void checkStep(const Params& p, Step step) {
  if (step == Step::kGenerate) throw std::logic_error("checkStep: generate is not checked alone");
  struct Checking {
    Checking() { g_checking = true; }
    ~Checking() { g_checking = false; }
  } checking;
  try {
    (void)runStep(p, step);
  } catch (const ChecksDone&) {
  }
}

CommandReport runStep(const Params& p, Step step) {
  // A graph file read below (the topology layer) reports as this command's
  // other steps do: nothing with --quiet.
  ProgressOptions reading;
  reading.quiet = p.has("quiet");
  const GraphReadProgress reads(reading);
  checkCommandFiles(p);
  checkCost(p, step);
  const Flow& f = chooseFlow(p, step);
  switch (step) {
    case Step::kSchedule:
      return f.schedule(p);
    case Step::kGenerate:
      return f.generate(p);
    case Step::kSimulate:
      return f.simulate(p);
    case Step::kSynth:
      if (f.synth == nullptr)
        throw Error(std::string("synth: a ") + f.name + " is not synthesized");
      return f.synth(p);
  }
  return f.simulate(p);
}

}  // namespace flow
}  // namespace hypercast
