// The facts of a network `hypercast info` reports: nodes, ports, degree,
// diameter, whether it is directed, the collectives it has, and its own facts
// (a hypercycle's per-dimension m, rho, D, a, k of eqs. 2-6; a Cayley graph's
// group and generators; a mesh's extents), with the optional reports: a torus's
// necklaces, a Cayley graph's regular order, a mesh's eyes.
#pragma once

#include "topology/registry.h"
#include "util/params.h"
#include "util/report_json.h"

namespace hypercast {
namespace flow {

// What to report, as typed values.
struct InfoRequest {
  const Topology* topology = nullptr;  // the registry's entry
  ParamMap network;                    // its options (the entry parses them)
  bool necklaces = false;              // a torus's necklaces (Fragopoulou & Akl, Sec. 2)
  bool regular_order = false;          // a Cayley graph's regular order (Faber, Def. 4.3)
  bool eyes = false;                   // a mesh's eyes (Cang & Wu, Defs. 1, 2, 7)
  bool json = false;                   // the report as one JSON document on stdout
  bool allow_large = false;            // --allow-large: kMaxInfoGraphNodes raised
};
// info on a graph or a damaged network: all-pairs distances, N^2 work; most
// nodes, and most with --allow-large (8 times: 64 times the work).
constexpr uint64_t kMaxInfoGraphNodes = 4096;
constexpr uint64_t kMaxInfoGraphNodesLarge = 8 * kMaxInfoGraphNodes;
// The request the parameters give; refuses (Error) a report the topology has not.
InfoRequest readInfoRequest(const Params& a);
// The facts, as the JSON report or as the terminal's lines (r.json), for the
// CLI to print.
CommandReport networkFactsReport(const InfoRequest& r);

}  // namespace flow
}  // namespace hypercast
