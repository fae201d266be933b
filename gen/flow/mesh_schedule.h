// The mesh broadcast of Cang & Wu on the command line: `schedule --topology mesh
// --collective broadcast` builds the one-port wormhole schedule on the meshes
// `generate` and `simulate` build the wormhole mesh for (equal power-of-two
// sides, --switching wormhole or not given); on any other mesh, or with
// --switching store-and-forward, every command takes the BFS broadcast on
// schedule-ROM nodes (flow/checked_schedule.h). `tcd` tabulates the wormhole
// schedule per source (equal power-of-two sides).
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "emit/mesh_broadcast_report.h"
#include "topology/network.h"
#include "util/params.h"
#include "util/report_json.h"

namespace hypercast {
namespace flow {

// --algorithm's word, "best" when not given; refuses another.
std::string meshAlgorithm(const Params& a);

// --source on a mesh: X,Y[,Z..] coordinates (one per dimension) or a node number.
uint32_t parseMeshSource(const std::string& text, const NetworkDesc& net);

// --out, when given: what `write` writes, through util/output_file.h.
void writeOutOption(const Params& a, const std::function<void(std::ostream&)>& write);

// Whether `schedule` means the wormhole broadcast: the same choice as
// wantsWormholeMesh (flow/wormhole_mesh.h) makes for generate and simulate.
bool wantsMeshBroadcast(const Params& a);
// `schedule` for it: builds, checks, writes --out, returns the text or --json report.
CommandReport meshBroadcastSchedule(const Params& a);

// Every source's schedule built (the columns asked for) and checked; the
// checker's TCDs. Progress on stderr (util/progress.h).
TcdTable buildTcdTable(const NetworkDesc& net, bool paper, bool best);

}  // namespace flow
}  // namespace hypercast
