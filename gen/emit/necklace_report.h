// The necklaces of MT(n,k) for `info --necklaces` (Fragopoulou & Akl, Sec. 2):
// by distance from 0^n, each starting at its leader, with its period and
// whether it is full, as text lines and as JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

#include "topology/torus_necklaces.h"

namespace hypercast {

// "d = 2 : (220, 022, 102, 110, 011, 201)  P = 6 full" per necklace, and
// j["necklaces"] = [{distance, leader, nodes, labels, period, full}, ...].
void writeNecklaceReport(const TorusLabels& t, nlohmann::ordered_json& j, std::ostream& text);

}  // namespace hypercast
