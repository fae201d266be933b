// JSON text from nlohmann values, the one way hypercast writes JSON:
//  - jsonText: nlohmann's own dump (compact, or indented);
//  - jsonLine: one line with ", " and ": " between items, {"k": 1, "l": [1, 2]},
//    the layout of the reports that were written by hand before.
// Strings are escaped by nlohmann; bytes that are not UTF-8 (a file name in
// another encoding) become U+FFFD instead of an exception, so the text is always
// valid JSON. Numbers keep their type: an integer prints as an integer.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace hypercast {

template <class Json>
std::string jsonText(const Json& j, int indent = -1) {
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

template <class Json>
void appendJsonLine(std::string& out, const Json& j) {
  if (j.is_object()) {
    out += '{';
    bool first = true;
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (!first) out += ", ";
      first = false;
      out += jsonText(Json(it.key()));
      out += ": ";
      appendJsonLine(out, it.value());
    }
    out += '}';
  } else if (j.is_array()) {
    out += '[';
    bool first = true;
    for (const auto& item : j) {
      if (!first) out += ", ";
      first = false;
      appendJsonLine(out, item);
    }
    out += ']';
  } else {
    out += jsonText(j);
  }
}

template <class Json>
std::string jsonLine(const Json& j) {
  std::string out;
  appendJsonLine(out, j);
  return out;
}

}  // namespace hypercast
