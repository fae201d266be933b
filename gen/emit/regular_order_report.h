// `info --regular-order`: the search's verdict (Faber, Def. 4.3) and the order
// itself, block by block (block a is sent at time a + 1, Thm 4.5): each element
// with the generator (port) it is reached along and its parent.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

#include "algorithm/regular_order.h"

namespace hypercast {

void writeRegularOrderReport(const RegularOrderSearch& r, nlohmann::ordered_json& j,
                             std::ostream& text);

}  // namespace hypercast
