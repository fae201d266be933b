// The wormhole mesh broadcast in hardware on the command line: `generate` and
// `simulate --topology mesh --collective broadcast` on a mesh of equal
// power-of-two sides build Cang & Wu's broadcast (--algorithm paper|best),
// check it, and emit the wormhole mesh of hw/hc_mesh_*.v that runs it
// (--flits L per message). `--switching store-and-forward` keeps the BFS
// broadcast on schedule-ROM nodes (flow/checked_schedule.h), which is also what
// every other mesh gets.
#pragma once

#include <string>
#include <vector>

#include "algorithm/wormhole_schedule.h"
#include "checker/mesh_broadcast_checker.h"
#include "emit/mesh_rtl.h"
#include "topology/network.h"
#include "util/params.h"
#include "util/report_json.h"

namespace hypercast {
namespace flow {

// Whether the command line means the wormhole mesh: a mesh, --collective
// broadcast, and --switching wormhole or (not given) equal power-of-two sides,
// no links removed (--remove-links).
// Refuses --switching wormhole on another topology, collective or mesh, and
// --flits or --algorithm where the wormhole mesh is not meant.
bool wantsWormholeMesh(const Params& a);

// What a mesh lacks for Cang & Wu's wormhole broadcast: "" when it has equal
// power-of-two sides and no links removed, else "equal power-of-two sides" or
// "the intact mesh" (the broadcast routes over every link).
std::string wormholeMeshMisfit(const NetworkDesc& net);

struct WormholeMeshBuild {
  NetworkDesc net;
  WormholeSchedule schedule;
  checker::WormholeReport report;  // the checker's, on the schedule
  MeshRtl rtl;
};
// Builds the schedule, checks it (a failing schedule is an internal error) and
// emits the hardware. `what` names the command in errors.
WormholeMeshBuild buildWormholeMesh(const Params& a, const std::string& what);

// Most nodes of a wormhole mesh `generate` and `simulate` take; most whose
// whole top is Verilated (--rtl-model network; the default is chooseRtlModel's).
constexpr uint64_t kWormholeMaxNodes = 4096;
constexpr uint64_t kWormholeWholeTopLimit = 256;

// `generate`: the mesh's RTL, ROM images and top under --out.
CommandReport generateWormholeMesh(const Params& a);
// `simulate`: the SystemC model (model/mesh_network.h), the Verilated whole
// top or tiles, or both in lock step (tb/mesh_harness.cpp).
CommandReport wormholeSimulate(const Params& a);

}  // namespace flow
}  // namespace hypercast
