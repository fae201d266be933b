// The mesh broadcast of Cang & Wu for people and programs:
//   - the wormhole schedule's CSV (`schedule --out`): a header, then one row per
//     message, ascending step: step,from,to,length (length: the message's
//     Manhattan distance, the links its dimension-ordered path holds);
//   - the eyes (`info --eyes`): a_k, x_k(1), x_k(2) and E(1..2^d);
//   - the per-source TCD table (`tcd`): CSV, text and a JSON summary.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <ostream>
#include <vector>

#include "algorithm/mesh_eyes.h"
#include "algorithm/wormhole_schedule.h"

namespace hypercast {

void writeWormholeCsv(std::ostream& os, const WormholeSchedule& s);

// j["eyes"] = {side a_k, coordinates [x_k(1), x_k(2)], order, optimal_tcd,
// list [{index, node, coordinates}]}, and the same as text lines.
void writeEyeReport(const MeshCube& m, nlohmann::ordered_json& j, std::ostream& text);

// One source's TCDs; -1 for a column not computed.
struct TcdRow {
  uint32_t source = 0;
  int eye = 0;  // its eye number, 0 if none
  int64_t paper = -1;
  int64_t best = -1;
  int64_t lower_bound = 0;
};

struct TcdTable {
  MeshCube mesh;
  bool paper = true, best = true;  // the columns computed
  std::vector<TcdRow> rows;        // by source
  double seconds = 0;
};

// source,x,y[,z..],eye,paper,best,lower_bound (the columns computed).
void writeTcdCsv(std::ostream& os, const TcdTable& t);
// The same as an aligned table.
void writeTcdText(std::ostream& os, const TcdTable& t);
// Least and largest per column; where best is below the paper: how many
// sources, by how much in all and at most; how many meet the lower bound.
nlohmann::ordered_json tcdSummaryJson(const TcdTable& t);
void writeTcdSummary(std::ostream& os, const TcdTable& t);

}  // namespace hypercast
