// A network's options (NetworkDesc::params, the text each was given as) as
// JSON, one rule for every file that lists them (`info --json`, manifest.json's
// network.options): integers as numbers, lists ("4,4", and m, rho, dims and
// group of one item) as arrays, generators ("1,0;0,1") as an array of arrays,
// removed links ("0-1;2-3") as an array of [a, b] pairs, true and false as
// booleans, any other text (a graph file's path, a node's name) as a string.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "topology/network.h"

namespace hypercast {

// The items of `s` between the separators `sep`; none for an empty `s`.
std::vector<std::string> splitList(const std::string& s, const std::string& sep);

// One option's value: `key` its name ("dim", "m", "gens", ...), `text` its value.
nlohmann::ordered_json networkOptionValue(const std::string& key, const std::string& text);

// Every option of `net`, in its order, as one object.
nlohmann::ordered_json networkOptionsJson(const NetworkDesc& net);

}  // namespace hypercast
