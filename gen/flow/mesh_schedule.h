// The mesh broadcast of Cang & Wu on the command line: `schedule --topology mesh
// --collective broadcast` builds the one-port wormhole schedule (not the
// store-and-forward schedule-ROM network's BFS tree, which `generate` and
// `simulate` keep until the wormhole RTL lands), and `tcd` tabulates it per
// source. Both need equal sides that are powers of two.
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

// Whether `schedule` means the wormhole broadcast: a mesh and --collective broadcast.
bool wantsMeshBroadcast(const Params& a);
// `schedule` for it: builds, checks, writes --out, returns the text or --json report.
CommandReport meshBroadcastSchedule(const Params& a);

// Every source's schedule built (the columns asked for) and checked; the
// checker's TCDs. Progress on stderr (util/progress.h).
TcdTable buildTcdTable(const NetworkDesc& net, bool paper, bool best);

}  // namespace flow
}  // namespace hypercast
