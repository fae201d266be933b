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

// Whether `s` is valid UTF-8, as JSON text must be (what jsonText keeps as is).
inline bool isUtf8(const std::string& s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    size_t more = 0;
    unsigned long cp = 0;
    if (c < 0x80) {
      ++i;
      continue;
    } else if (c >= 0xc2 && c <= 0xdf) {
      more = 1;
      cp = c & 0x1fu;
    } else if (c >= 0xe0 && c <= 0xef) {
      more = 2;
      cp = c & 0x0fu;
    } else if (c >= 0xf0 && c <= 0xf4) {
      more = 3;
      cp = c & 0x07u;
    } else {
      return false;
    }
    if (i + more >= s.size()) return false;  // cut short
    for (size_t k = 1; k <= more; ++k) {
      const auto d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xc0u) != 0x80u) return false;
      cp = (cp << 6) | (d & 0x3fu);
    }
    // Overlong forms, surrogates and code points above U+10FFFF.
    if ((more == 2 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
        (more == 3 && (cp < 0x10000 || cp > 0x10ffff))) {
      return false;
    }
    i += more + 1;
  }
  return true;
}

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
